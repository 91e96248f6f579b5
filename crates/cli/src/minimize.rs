//! `sudoku minimize`: the redundant givens of every puzzle listed (`--check`), or removed.
//!
//! Both come from [`sudoku_generate`], which tests uniqueness as the generator does, with the
//! default engine of each puzzle's size, on the pool.

use std::io::Write;

use sudoku_core::{Engine, Grid, HeaderLines, Puzzle, write_grid};
use sudoku_engines::EnginesBySize;

use crate::args::MinimizeArgs;
use crate::console::errln;
use crate::setter::{Item, Outcomes, answer_with_engines, has_line, one_line, refuse};
use crate::solve::{UNREADABLE, UNSUPPORTED, output_failed};

/// What one puzzle came to.
enum Answer {
    /// `--check`: the cells of the redundant givens.
    Redundant(Vec<usize>),
    /// The puzzle made minimal.
    Minimal(Grid),
    /// The puzzle has no solution or several.
    NotUnique,
}

/// Runs `sudoku minimize`; returns the exit code.
pub fn run(args: &MinimizeArgs) -> u8 {
    let (check, seed) = (args.check, args.seed);
    let mut outcomes = Outcomes::default();
    let mut boxes = HeaderLines::default();
    let answer = |engine: &mut dyn Engine, puzzle: &Puzzle| {
        let grid = &puzzle.grid;
        if check {
            sudoku_generate::redundant_givens(grid, engine)
                .map_or(Answer::NotUnique, Answer::Redundant)
        } else {
            let order = sudoku_generate::given_order(grid, seed, puzzle.number as u64);
            sudoku_generate::minimize(grid, &order, engine)
                .map_or(Answer::NotUnique, Answer::Minimal)
        }
    };
    let result = answer_with_engines(
        &args.files,
        args.input.options(),
        args.threads,
        EnginesBySize::default,
        answer,
        &mut outcomes,
        // With --check a line a puzzle, and without it a line a one-line puzzle: a puzzle
        // without an answer gets a placeholder there, so that line N answers puzzle N.
        |outcomes, out, name, item| match item {
            Item::Unreadable(message, error) => {
                errln!("{message}")?;
                if has_line(&error, check) {
                    writeln!(out, "{UNREADABLE}").map_err(output_failed)?;
                }
                Ok(())
            }
            Item::Refused(puzzle, why) => {
                refuse(name, &puzzle, &why)?;
                if check || one_line(Some(puzzle.format)) {
                    writeln!(out, "{UNSUPPORTED}").map_err(output_failed)?;
                }
                Ok(())
            }
            Item::Answered(puzzle, Answer::NotUnique) => {
                outcomes.unanswered = true;
                if check || one_line(Some(puzzle.format)) {
                    writeln!(out, "not-unique").map_err(output_failed)?;
                }
                refuse(
                    name,
                    &puzzle,
                    "has no solution or several: only a puzzle with one solution can be minimal",
                )
            }
            Item::Answered(puzzle, Answer::Redundant(cells)) => {
                outcomes.unanswered |= !cells.is_empty();
                let size = puzzle.grid.size();
                let line = if cells.is_empty() {
                    "minimal".to_owned()
                } else {
                    cells
                        .iter()
                        .map(|&cell| size.name(cell).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                writeln!(out, "{line}").map_err(output_failed)
            }
            Item::Answered(puzzle, Answer::Minimal(grid)) => {
                boxes
                    .before(&mut *out, grid.size(), puzzle.grid.layout().map(|l| &**l))
                    .map_err(output_failed)?;
                write_grid(&mut *out, &grid, puzzle.format, puzzle.alphabet).map_err(output_failed)
            }
        },
    );
    outcomes.exit_code(result)
}
