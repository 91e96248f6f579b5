//! Puzzles in: the text typed, pasted or chosen, read by sudoku-core's reader in any format
//! the command line reads, and written back as one line for links.

use serde::Serialize;
use sudoku_core::{Alphabet, Format, Grid, Puzzle, format_grid, parse_one};

/// The largest side the page takes. Links, and the text the engines are given, carry a puzzle
/// on one line of symbols, which the line format writes up to 36×36; a larger grid is written
/// as numbers, past the reader's line length, so its link would not load again.
pub const MAX_SIDE: usize = 36;

/// The first puzzle of `text`, or the reader's error as one line naming its place; a grid
/// larger than [`MAX_SIDE`] is refused so.
pub fn read(text: &str) -> Result<Puzzle, String> {
    let puzzle = parse_one(text.as_bytes()).map_err(|error| error.to_string())?;
    let size = puzzle.grid.size();
    if size.side() > MAX_SIDE {
        return Err(format!(
            "puzzle 1, line {}: a {size} grid is larger than this page takes ({MAX_SIDE}×{MAX_SIDE} \
             at most, the largest a link carries on one line); `sudoku solve` solves it",
            puzzle.line
        ));
    }
    Ok(puzzle)
}

/// `grid` on one line in `alphabet` (the size's usual one where `alphabet` has too few
/// symbols), without the newline.
pub fn line_of(grid: &Grid, alphabet: Alphabet) -> String {
    format_grid(grid, Format::Line, alphabet).trim_end().to_owned()
}

/// A puzzle as the page draws it.
#[derive(Serialize, Debug)]
pub struct Shown {
    /// Cells per side (9 for 9×9).
    pub side: usize,
    /// Rows of a box (3 for 9×9, 2 for 6×6).
    pub box_rows: usize,
    /// Columns of a box (3 for 9×9, 3 for 6×6).
    pub box_cols: usize,
    /// The clues, row by row, 0 for an empty cell.
    pub cells: Vec<u8>,
    /// The puzzle on one line, in its own alphabet: what links carry.
    pub line: String,
    /// The symbol of each value, from value 1.
    pub symbols: Vec<String>,
    /// The format it was read in.
    pub format: &'static str,
    /// The number of clues.
    pub clues: usize,
}

/// The first puzzle of `text`, as the page draws it.
pub fn show(text: &str) -> Result<Shown, String> {
    let puzzle = read(text)?;
    let size = puzzle.grid.size();
    Ok(Shown {
        side: size.side(),
        box_rows: size.box_rows(),
        box_cols: size.box_cols(),
        cells: puzzle.grid.cells().to_vec(),
        line: line_of(&puzzle.grid, puzzle.alphabet),
        symbols: symbols(&puzzle),
        format: puzzle.format.name(),
        clues: puzzle.grid.clue_count(),
    })
}

/// The symbol of each value of `puzzle`'s size (from value 1) in the alphabet it was written
/// in, or in its size's usual one when that alphabet is numbers.
pub fn symbols(puzzle: &Puzzle) -> Vec<String> {
    let size = puzzle.grid.size();
    let alphabet = match puzzle.alphabet {
        Alphabet::Numbers => Alphabet::Numbers,
        alphabet if alphabet.has_symbols_for(size) => alphabet,
        _ => Alphabet::for_size(size),
    };
    (1..=size.side() as u8)
        .map(|value| match alphabet {
            Alphabet::Numbers => value.to_string(),
            _ => char::from(alphabet.symbol(value)).to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_larger_than_a_link_carries_is_refused_and_the_largest_goes_round_trip() {
        let numbers = |side: usize| -> String {
            (0..side).map(|_| vec!["0"; side].join(" ") + "\n").collect()
        };
        for side in [49, 64] {
            let refused = show(&numbers(side)).unwrap_err();
            assert!(refused.contains(&format!("a {side}×{side} grid is larger")), "{refused}");
            assert_eq!(refused.lines().count(), 1, "{refused}");
        }
        // 36×36, the largest taken: its link's line reads back as the same grid.
        let shown = show(&numbers(36)).unwrap();
        assert_eq!(shown.side, 36);
        let again = show(&shown.line).unwrap();
        assert_eq!((again.side, again.cells), (36, shown.cells));
    }

    #[test]
    fn reads_every_format_and_says_where_it_fails() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let shown = show(line).unwrap();
        assert_eq!((shown.side, shown.box_rows, shown.box_cols), (9, 3, 3));
        assert_eq!((shown.clues, shown.line.as_str()), (32, line));
        let four = show("1...\n..3.\n.4..\n...2\n").unwrap();
        assert_eq!((four.side, four.format), (4, "compact"));
        let error = show("12345678x").unwrap_err();
        assert!(error.contains("line 1") && !error.contains('\n'), "{error}");
    }
}
