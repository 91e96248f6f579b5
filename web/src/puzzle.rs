//! Puzzles in: the text typed, pasted or chosen, read by sudoku-core's reader in any format
//! the command line reads, and written back as one line for links (after the `# layout` lines
//! of its layout, if it has one); and puzzles edited on the page's board, values and candidates.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::constraint::parse_directive;
use sudoku_core::{
    Alphabet, Constraint, Format, Grid, HeaderLines, Layout, Puzzle, format_grid, parse_one,
};

use sudoku_engines::ENGINES;

use crate::layout::{Drawn, drawn};

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

/// `grid` as text that reads back as the same grid with the same layout: the lines that say
/// its boxes and layout ([`HeaderLines`]), then its pencilmark line if its layout gives
/// starting candidates, else its one line in `alphabet`; no newline at the end.
pub fn text_of(grid: &Grid, alphabet: Alphabet) -> String {
    let mut header = Vec::new();
    HeaderLines::default()
        .before(&mut header, grid.size(), grid.layout().map(|layout| &**layout))
        .expect("writing to memory does not fail");
    let header = String::from_utf8(header).expect("the layout lines are UTF-8");
    format!("{header}{}", one_line(grid, alphabet))
}

/// The line of `grid` alone: its pencilmark line when its layout gives candidates, else its
/// values in `alphabet`.
fn one_line(grid: &Grid, alphabet: Alphabet) -> String {
    if grid.layout().is_some_and(|layout| layout.candidates().is_some()) {
        format_grid(grid, Format::Pencilmark, alphabet).trim_end().to_owned()
    } else {
        line_of(grid, alphabet)
    }
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
    /// The puzzle on one line, in its own alphabet (a pencilmark line when it gives
    /// candidates).
    pub line: String,
    /// The puzzle as text that reads back with its layout: the `# layout` lines, if any, then
    /// [`Shown::line`]. What links carry and what the engines are given.
    pub text: String,
    /// The symbol of each value, from value 1.
    pub symbols: Vec<String>,
    /// The format it was read in.
    pub format: &'static str,
    /// The number of clues.
    pub clues: usize,
    /// Its layout, as the page draws it (the boxes alone for a classic grid).
    pub layout: Drawn,
    /// The built-in engines that do not take it (its size, or its layout), each with the
    /// registry's reason: `["fast", "engine 'fast' solves classic grids only, not 9×9 x
    /// (engines that do: ...)"]`.
    pub refusals: Vec<(String, String)>,
}

/// The first puzzle of `text`, as the page draws it.
pub fn show(text: &str) -> Result<Shown, String> {
    Ok(shown(&read(text)?))
}

/// `puzzle` as the page draws it.
fn shown(puzzle: &Puzzle) -> Shown {
    let size = puzzle.grid.size();
    Shown {
        side: size.side(),
        box_rows: size.box_rows(),
        box_cols: size.box_cols(),
        cells: puzzle.grid.cells().to_vec(),
        line: one_line(&puzzle.grid, puzzle.alphabet),
        text: text_of(&puzzle.grid, puzzle.alphabet),
        symbols: symbols(puzzle),
        format: puzzle.format.name(),
        clues: puzzle.grid.clue_count(),
        layout: drawn(&puzzle.grid),
        refusals: ENGINES
            .iter()
            .filter_map(|info| Some((info.name.to_string(), info.refusal(&puzzle.grid)?)))
            .collect(),
    }
}

/// A cell as entered on the page's board: a value (0 for none), or the candidates marked in
/// it.
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(untagged)]
pub enum Entry {
    /// A value, 0 for an empty cell.
    Value(u8),
    /// The candidates marked, in any order (none: a cell that can hold nothing).
    Marks(Vec<u8>),
}

/// The sides whose pencilmark line reads without its size named (`side³` marks that are no
/// one-line grid): the sides the page takes candidates at.
const PENCILMARK_SIDES: [usize; 2] = [9, 16];

/// The first puzzle of `text` (for its size, layout and alphabet) with the cells of `entries`
/// (JSON: one [`Entry`] a cell, row-major), as the page draws it. Without marks the grid's
/// values are the givens; with marks in any cell it is a pencilmark puzzle, each cell starting
/// from its marks, its value alone or, empty and unmarked, every value. Values that break a rule
/// are refused with the rule, as the reader refuses such givens.
pub fn edit(text: &str, entries: &str) -> Result<Shown, String> {
    let puzzle = read(text)?;
    let entries: Vec<Entry> =
        serde_json::from_str(entries).map_err(|error| format!("the cells entered: {error}"))?;
    let grid = entered(&puzzle.grid, &entries)?;
    Ok(shown(&Puzzle { grid, ..puzzle }))
}

/// `grid`'s size and layout with the cells `entries`.
fn entered(grid: &Grid, entries: &[Entry]) -> Result<Grid, String> {
    let size = grid.size();
    let side = size.side();
    if entries.len() != size.cells() {
        return Err(format!("{} cells entered for a {size} grid", entries.len()));
    }
    for (cell, entry) in entries.iter().enumerate() {
        let (values, blank_allowed) = match entry {
            Entry::Value(value) => (std::slice::from_ref(value), true),
            Entry::Marks(values) => (&values[..], false),
        };
        let bad = values.iter().find(|&&v| usize::from(v) > side || (v == 0 && !blank_allowed));
        if let Some(bad) = bad {
            return Err(format!("{}: {bad} is no value of a {size} grid", size.name(cell)));
        }
    }
    let base = grid.layout().map_or_else(|| Layout::classic(size), |layout| (**layout).clone());
    let made = if entries.iter().any(|entry| matches!(entry, Entry::Marks(_))) {
        if !PENCILMARK_SIDES.contains(&side) {
            return Err(format!(
                "candidates are entered on 9×9 and 16×16 grids only (the pencilmark lines that                  read without the size named), not {size}"
            ));
        }
        let all = u64::MAX >> (64 - side);
        let sets: Vec<u64> = entries
            .iter()
            .map(|entry| match entry {
                Entry::Value(0) => all,
                Entry::Value(value) => 1 << (value - 1),
                Entry::Marks(values) => values.iter().fold(0, |set, v| set | 1 << (v - 1)),
            })
            .collect();
        let layout = base.with_candidates(Some(&sets)).map_err(|error| error.to_string())?;
        Grid::empty(size).with_layout(Some(Arc::new(layout)))
    } else {
        let values: Vec<u8> =
            entries.iter().map(|entry| if let Entry::Value(v) = entry { *v } else { 0 }).collect();
        let layout = base.with_candidates(None).map_err(|error| error.to_string())?;
        let grid = Grid::from_cells(size, &values).ok_or("the values do not fit the grid")?;
        grid.with_layout(Some(Arc::new(layout)))
    };
    match made.first_broken() {
        Some(broken) => Err(format!("the values entered break a rule: {broken}")),
        None => Ok(made),
    }
}

/// The first puzzle of `text` with the rule its `#` line `line` says added after its own
/// (`killer 15 r1c1 r1c2`, with or without the `#`), as the page draws it; an error naming the
/// problem when the line says no rule or the rule does not fit the grid.
pub fn add_rule(text: &str, line: &str) -> Result<Shown, String> {
    let puzzle = read(text)?;
    let body = line.trim().trim_start_matches('#').trim();
    let added = parse_directive(body).ok_or_else(|| format!("'{body}' says no rule"))?;
    let mut constraints = constraints_of(&puzzle.grid);
    constraints.extend(added);
    with_constraints(puzzle, constraints)
}

/// The first puzzle of `text` without its rule number `index` (from 0, in the layout's order,
/// as [`Drawn::constraints`] lists them), as the page draws it.
pub fn remove_rule(text: &str, index: usize) -> Result<Shown, String> {
    let puzzle = read(text)?;
    let mut constraints = constraints_of(&puzzle.grid);
    if index >= constraints.len() {
        return Err(format!("the puzzle has no rule {}: it has {}", index + 1, constraints.len()));
    }
    constraints.remove(index);
    with_constraints(puzzle, constraints)
}

/// The rules with numbers and lines of `grid`'s layout.
fn constraints_of(grid: &Grid) -> Vec<Constraint> {
    grid.layout().map_or_else(Vec::new, |layout| layout.constraints().to_vec())
}

/// `puzzle` with `constraints` in place of its own, as the page draws it; refused when one
/// does not fit the grid or the givens break one.
fn with_constraints(puzzle: Puzzle, constraints: Vec<Constraint>) -> Result<Shown, String> {
    let size = puzzle.grid.size();
    let base =
        puzzle.grid.layout().map_or_else(|| Layout::classic(size), |layout| (**layout).clone());
    let layout = base.with_constraints(constraints).map_err(|error| error.to_string())?;
    let grid = puzzle.grid.clone().with_layout(Some(Arc::new(layout)));
    if let Some(broken) = grid.first_broken() {
        return Err(format!("the givens break the rule: {broken}"));
    }
    Ok(shown(&Puzzle { grid, ..puzzle }))
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

    /// The classic puzzle of the tests above, and its one solution.
    const CLASSIC: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn entries_of(cells: &[u8]) -> Vec<Entry> {
        cells.iter().map(|&value| Entry::Value(value)).collect()
    }

    fn json(entries: &[Entry]) -> String {
        let cells: Vec<serde_json::Value> = entries
            .iter()
            .map(|entry| match entry {
                Entry::Value(value) => serde_json::json!(value),
                Entry::Marks(values) => serde_json::json!(values),
            })
            .collect();
        serde_json::Value::from(cells).to_string()
    }

    #[test]
    fn a_layout_puzzle_keeps_its_layout_lines_in_its_text() {
        let x = "# layout x\n1.2...............76..98..2.9..........3.....2...17......6.......1....4..4.2..1..";
        let shown = show(x).unwrap();
        assert_eq!(shown.text, x);
        assert_eq!(shown.line, &x[11..]);
        assert_eq!(show(&shown.text).unwrap().layout.words, ["x"]);
        // `fast` takes classic grids only, `dlx` any layout.
        let refused = |shown: &Shown, name: &str| {
            shown.refusals.iter().find(|(engine, _)| engine == name).map(|(_, why)| why.clone())
        };
        let why = refused(&shown, "fast").unwrap();
        assert!(why.starts_with("engine 'fast' solves classic grids only, not 9×9 x"), "{why}");
        assert_eq!(refused(&shown, "dlx"), None);
        assert_eq!(refused(&show(CLASSIC).unwrap(), "fast"), None);
        let jigsaw = show(crate::layout::tests::JIGSAW).unwrap();
        assert_eq!(jigsaw.text.lines().next(), Some("# layout jigsaw"));
        assert_eq!(show(&jigsaw.text).unwrap().layout.regions, jigsaw.layout.regions);
        // A classic puzzle's text is its line alone.
        assert_eq!(show(CLASSIC).unwrap().text, CLASSIC);
    }

    #[test]
    fn candidates_entered_make_a_pencilmark_puzzle_that_reads_back() {
        let classic = show(CLASSIC).unwrap();
        let mut entries = entries_of(&classic.cells);
        // r1c1 may hold 4 or 5, r1c2 nothing but 8: the one solution has 4 and 8 there.
        entries[0] = Entry::Marks(vec![5, 4]);
        entries[1] = Entry::Marks(vec![8]);
        let edited = edit(CLASSIC, &json(&entries)).unwrap();
        assert_eq!(edited.layout.words, ["pencilmark"]);
        assert_eq!(edited.line.len(), 729);
        assert_eq!((edited.text.as_str(), edited.clues), (edited.line.as_str(), 0));
        assert_eq!(&edited.line[..18], "...45...........8.");
        let candidates = edited.layout.candidates.as_ref().unwrap();
        assert_eq!(
            (&candidates[0][..], &candidates[1][..], &candidates[2][..]),
            (&[4, 5][..], &[8][..], &[3][..])
        );
        assert_eq!(candidates[3].len(), 9);
        // Read again from its text, the same candidates; and it solves to the classic solution.
        let again = show(&edited.text).unwrap();
        assert_eq!(again.layout.candidates.as_ref(), Some(candidates));
        let solved = crate::race::solve("dlx", &edited.text, 2, None).unwrap();
        let classic_solution = crate::race::solve("dlx", CLASSIC, 2, None).unwrap();
        assert_eq!((solved.count, solved.check), (1, None));
        assert_eq!(solved.solution, classic_solution.solution);
        // Marks taken away again: the classic puzzle, its text its line.
        let back = edit(&edited.text, &json(&entries_of(&classic.cells))).unwrap();
        assert_eq!((back.text.as_str(), back.layout.candidates), (CLASSIC, None));
    }

    #[test]
    fn entries_that_do_not_fit_are_refused_in_one_line() {
        let classic = show(CLASSIC).unwrap();
        let mut entries = entries_of(&classic.cells);
        entries[0] = Entry::Value(3);
        let error = edit(CLASSIC, &json(&entries)).unwrap_err();
        assert_eq!(
            error,
            "the values entered break a rule: 3 at r1c3 repeats in row 1 (also at r1c1)"
        );
        entries[0] = Entry::Marks(vec![10]);
        assert_eq!(
            edit(CLASSIC, &json(&entries)).unwrap_err(),
            "r1c1: 10 is no value of a 9×9 grid"
        );
        assert!(edit(CLASSIC, "[1, 2]").unwrap_err().contains("2 cells entered"));
        let four = "1...\n..3.\n.4..\n...2\n";
        let mut marks = entries_of(&show(four).unwrap().cells);
        marks[1] = Entry::Marks(vec![2]);
        let error = edit(four, &json(&marks)).unwrap_err();
        assert!(error.contains("9×9 and 16×16 grids only"), "{error}");
        // A layout is kept: a value twice on a diagonal is refused with the diagonal.
        let x = "# layout x\n".to_owned() + &".".repeat(81);
        let mut diagonal = vec![Entry::Value(0); 81];
        (diagonal[0], diagonal[80]) = (Entry::Value(5), Entry::Value(5));
        let error = edit(&x, &json(&diagonal)).unwrap_err();
        assert!(error.contains("diagonal 1"), "{error}");
    }

    #[test]
    fn a_rule_added_goes_into_the_text_and_one_removed_leaves_it() {
        let added = add_rule(CLASSIC, "# killer 15 r1c1 r1c2").unwrap();
        assert!(added.text.contains("# killer 15 r1c1 r1c2\n"), "{}", added.text);
        assert!(added.text.ends_with(CLASSIC), "{}", added.text);
        assert_eq!(added.layout.constraints.len(), 1);
        assert_eq!(added.layout.constraints[0].cells, [[0, 0], [0, 1]]);
        // The text reads back as the same puzzle, and a second rule comes after the first.
        let again = add_rule(&added.text, "thermo r2c1 r3c1 r4c1").unwrap();
        let kinds: Vec<&str> = again.layout.constraints.iter().map(|rule| rule.kind).collect();
        assert_eq!(kinds, ["killer", "thermo"]);
        assert_eq!(show(&again.text).unwrap().layout.constraints, again.layout.constraints);
        let removed = remove_rule(&again.text, 0).unwrap();
        assert!(!removed.text.contains("killer"), "{}", removed.text);
        assert_eq!(removed.layout.constraints[0].kind, "thermo");
        // Refused: no rule, a rule off the grid, a rule the givens break, no such rule.
        assert!(add_rule(CLASSIC, "killer nonsense").unwrap_err().contains("says no rule"));
        assert!(add_rule(CLASSIC, "killer 5 r1c1 r1c12").is_err());
        // r1c3 and r2c4 both hold 3: a cage cannot hold both.
        let error = add_rule(CLASSIC, "killer r1c3 r2c4").unwrap_err();
        assert!(error.starts_with("the givens break the rule"), "{error}");
        assert!(remove_rule(CLASSIC, 0).unwrap_err().contains("has no rule 1"));
    }
}
