//! `sudoku shuffle`: an isomorph of every puzzle, to measure how much of a run is the draw.
//!
//! An isomorph is the puzzle under one of the transformations that keep every grid valid
//! ([`sudoku_core::symmetry`]). It has as many solutions as the puzzle and needs the same
//! reasoning, but an engine meets its cells, values and clauses in another order, and on hard
//! puzzles that order decides much of a search's length (`docs/results.md` has runs of a set
//! and its isomorphs side by side). Each puzzle's transformation is drawn from the seed and
//! the puzzle's number in its file, so a seed gives the same isomorphs on every machine.

use std::io::{self, BufWriter, Write};

use sudoku_core::symmetry::Symmetry;
use sudoku_core::{HeaderLines, Puzzle, PuzzleReader, write_grid};

use crate::args::ShuffleArgs;
use crate::console::{Written, errln};
use crate::exit;
use crate::setter::one_line;
use crate::solve::{UNREADABLE, display_name, inputs, open_input, output_failed};

/// Runs `sudoku shuffle`; returns the exit code.
pub fn run(args: &ShuffleArgs) -> u8 {
    let mut bad_input = false;
    let code = |bad_input: bool| if bad_input { exit::BAD_INPUT } else { exit::SUCCESS };
    match shuffle_all(args, &mut bad_input) {
        Ok(()) => code(bad_input),
        Err(halt) => halt.exit_code(code(bad_input)),
    }
}

fn shuffle_all(args: &ShuffleArgs, bad_input: &mut bool) -> Written {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let files = inputs(&args.files);
    let mut boxes = HeaderLines::default();
    for file in files {
        let name = display_name(file);
        let input = match open_input(file) {
            Ok(input) => input,
            Err(message) => {
                *bad_input = true;
                errln!("sudoku: {message}")?;
                continue;
            }
        };
        for item in PuzzleReader::with_options(input, args.input.options()) {
            match item {
                Ok(puzzle) => {
                    let isomorph = isomorph(&puzzle, args.seed);
                    boxes
                        .before(&mut out, isomorph.size(), isomorph.layout().map(|l| &**l))
                        .map_err(output_failed)?;
                    write_grid(&mut out, &isomorph, puzzle.format, puzzle.alphabet)
                        .map_err(output_failed)?;
                }
                Err(error) => {
                    *bad_input = true;
                    errln!("{name}: {error}")?;
                    // A one-line puzzle keeps its line, so that line N is puzzle N's isomorph.
                    if error.place.puzzle.is_some() && one_line(error.format) {
                        writeln!(out, "{UNREADABLE}").map_err(output_failed)?;
                    }
                }
            }
        }
    }
    out.flush().map_err(output_failed)
}

/// `puzzle` under the transformation drawn from `seed` and its number; itself for seed 0. A
/// puzzle with a layout gets the transformation's relabelling of values alone: its rules are
/// tied to places that moving rows and columns would move. A puzzle with constraints is
/// itself: their numbers are tied to values too.
fn isomorph(puzzle: &Puzzle, seed: u64) -> sudoku_core::Grid {
    if seed == 0 {
        return puzzle.grid.clone();
    }
    // Two seeds' draws do not meet within a file of fewer than 1,000,003 puzzles;
    // `Symmetry::from_seed` mixes the number (and reads 0 as the identity, which the `max`
    // keeps out). The isomorphs of docs/results.md were drawn this way: changing it changes
    // them.
    let draw = seed.wrapping_mul(1_000_003).wrapping_add(puzzle.number as u64).max(1);
    let symmetry = Symmetry::from_seed(puzzle.grid.size(), draw);
    if puzzle.grid.is_classic() {
        symmetry.apply(&puzzle.grid)
    } else if puzzle.grid.layout().is_some_and(|layout| !layout.constraints().is_empty()) {
        // Sums, dots and lines are tied to values as well as places: no relabelling keeps them.
        puzzle.grid.clone()
    } else {
        symmetry.relabel(&puzzle.grid)
    }
}
