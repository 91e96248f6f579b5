//! `sudoku canon`: the canonical form of every puzzle, or the first puzzle of each class.
//!
//! The forms are computed by [`sudoku_core::canon`] on the pool; `--dedupe` keeps the forms met
//! (one per class, whatever the number of isomorphs read) on the writing thread, so the first
//! puzzle of a class in input order is the one written, however the chunks fall.

use std::collections::HashSet;
use std::io::Write;

use sudoku_core::canon::{self, Convention};
use sudoku_core::{Alphabet, Grid, write_grid};

use crate::args::CanonArgs;
use crate::console::{Written, errln};
use crate::exit;
use crate::input::Output;
use crate::setter::{Item, answer_all, has_line, refuse};
use crate::solve::{UNREADABLE, UNSUPPORTED, output_failed};

/// Runs `sudoku canon`; returns the exit code.
pub fn run(args: &CanonArgs) -> u8 {
    let convention = if args.pattern_first { Convention::PatternFirst } else { Convention::Minlex };
    let keep_pattern = args.keep_pattern;
    let mut bad_puzzle = false;
    let mut seen: HashSet<Box<[u8]>> = HashSet::new();
    let mut line = Vec::new();
    let dedupe = args.dedupe;
    let placeholder = |out: &mut Output, text: &str| -> Written {
        if dedupe { Ok(()) } else { writeln!(out, "{text}").map_err(output_failed) }
    };
    let answer = |(): &mut (), puzzle: &sudoku_core::Puzzle| -> Option<(Grid, u64)> {
        // A layout's rules are tied to places the transformations move.
        if !puzzle.grid.is_classic() {
            return None;
        }
        if keep_pattern {
            // Relabelling alone maps the puzzle to itself only as the identity does.
            return Some((canon::relabelled(&puzzle.grid), 1));
        }
        canon::canonical(&puzzle.grid, convention).map(|found| (found.form, found.automorphisms))
    };
    let result = answer_all(
        &args.files,
        args.input.options(),
        args.threads,
        || (),
        answer,
        |out, name, item| match item {
            // A form is one line a puzzle: without --dedupe, a puzzle without one gets a
            // placeholder, so that line N answers puzzle N.
            Item::Unreadable(message, error) => {
                errln!("{message}")?;
                if has_line(&error, true) { placeholder(out, UNREADABLE) } else { Ok(()) }
            }
            Item::Answered(puzzle, None) | Item::Refused(puzzle, _) => {
                bad_puzzle = true;
                let kind = sudoku_core::GridKind::of(&puzzle.grid);
                refuse(
                    name,
                    &puzzle,
                    &format!(
                        "canonical forms are made for classic 4×4 and 9×9 puzzles, not {kind}"
                    ),
                )?;
                placeholder(out, UNSUPPORTED)
            }
            Item::Answered(puzzle, Some((form, automorphisms))) => {
                if args.dedupe {
                    if seen.insert(form.cells().into()) {
                        write_grid(&mut *out, &puzzle.grid, puzzle.format, puzzle.alphabet)
                            .map_err(output_failed)?;
                    }
                    return Ok(());
                }
                line_of(&form, &mut line);
                if args.automorphisms {
                    write!(line, " {automorphisms}").expect("a Vec takes every write");
                }
                line.push(b'\n');
                out.write_all(&line).map_err(output_failed)
            }
        },
    );
    let code = |bad: bool| if bad { exit::BAD_INPUT } else { exit::SUCCESS };
    match result {
        Ok(bad_input) => code(bad_input || bad_puzzle),
        Err(halt) => halt.exit_code(code(bad_puzzle)),
    }
}

/// Puts `form` in `line` as [`Grid::to_line`] writes it, a byte per cell: a form is written
/// for every puzzle read, and building a `String` a `char` at a time cost about as much as a
/// tenth of the search.
fn line_of(form: &Grid, line: &mut Vec<u8>) {
    line.clear();
    let alphabet = Alphabet::for_size(form.size());
    if alphabet.has_symbols_for(form.size()) {
        line.extend(form.cells().iter().map(|&value| alphabet.symbol(value)));
    } else {
        line.extend_from_slice(form.to_line().as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Size;

    #[test]
    fn a_form_line_is_the_grid_line() {
        let nine = sudoku_core::parse_one(
            b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .expect("a valid puzzle")
        .grid;
        let four = Grid::from_cells(
            Size::from_order(2).expect("4×4"),
            &[0, 0, 3, 0, 4, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0],
        )
        .expect("a valid grid");
        let mut line = Vec::new();
        for grid in [nine, four] {
            line_of(&grid, &mut line);
            assert_eq!(line, grid.to_line().as_bytes());
        }
    }
}
