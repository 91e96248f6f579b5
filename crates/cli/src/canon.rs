//! `sudoku canon`: the canonical form of every puzzle, or the first puzzle of each class.
//!
//! The forms are computed by [`sudoku_core::canon`] on the pool; `--dedupe` keeps the forms met
//! (one per class, whatever the number of isomorphs read) on the writing thread, so the first
//! puzzle of a class in input order is the one written, however the chunks fall.

use std::collections::HashSet;
use std::io::Write;

use sudoku_core::canon::{self, Convention};
use sudoku_core::{Grid, write_grid};

use crate::args::CanonArgs;
use crate::console::errln;
use crate::exit;
use crate::setter::{Item, answer_all, refuse};
use crate::solve::output_failed;

/// Runs `sudoku canon`; returns the exit code.
pub fn run(args: &CanonArgs) -> u8 {
    let convention = if args.pattern_first { Convention::PatternFirst } else { Convention::Minlex };
    let keep_pattern = args.keep_pattern;
    let mut bad_puzzle = false;
    let mut seen: HashSet<Box<[u8]>> = HashSet::new();
    let answer = |(): &mut (), puzzle: &sudoku_core::Puzzle| -> Option<(Grid, u64)> {
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
            Item::Unreadable(message) => errln!("{message}"),
            Item::Answered(puzzle, None) => {
                bad_puzzle = true;
                let size = puzzle.grid.size();
                refuse(
                    name,
                    &puzzle,
                    &format!("canonical forms are made for 4×4 and 9×9 puzzles, not {size}"),
                )
            }
            Item::Answered(puzzle, Some((form, automorphisms))) => {
                if args.dedupe {
                    if seen.insert(form.cells().into()) {
                        write_grid(&mut *out, &puzzle.grid, puzzle.format, puzzle.alphabet)
                            .map_err(output_failed)?;
                    }
                    return Ok(());
                }
                let line = form.to_line();
                if args.automorphisms {
                    writeln!(out, "{line} {automorphisms}").map_err(output_failed)
                } else {
                    writeln!(out, "{line}").map_err(output_failed)
                }
            }
        },
    );
    let code = |bad: bool| if bad { exit::BAD_INPUT } else { exit::SUCCESS };
    match result {
        Ok(bad_input) => code(bad_input || bad_puzzle),
        Err(halt) => halt.exit_code(code(bad_puzzle)),
    }
}
