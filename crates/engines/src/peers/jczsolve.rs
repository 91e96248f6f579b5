//! `peer-jczsolve`: the `sudoku` crate's port of JCZSolve.
//!
//! JCZSolve keeps, for each digit and each band of three rows, the 27 cells where the digit
//! may still go as one bit set, and alternates locked-candidate elimination with naked singles
//! before guessing on a two-candidate cell. It is among the fastest published solvers.
//!
//! The puzzle goes to the crate as it is: the crate checks clue conflicts itself (a clue its
//! own earlier placements have ruled out makes it report no solution), so a check here would
//! only add to its measured time. The crate counts up to a limit and copies the first solution
//! into a caller's buffer, which serves both the first-solution and the counting mode with one
//! call.
//!
//! The crate is licensed AGPL-3.0; see the [module documentation](super) of the peers.

use sudoku::Sudoku;
use sudoku_core::{Engine, Grid, Limits, Outcome};

/// The `sudoku` crate's JCZSolve port. Holds no state between solves.
#[derive(Clone, Copy, Default, Debug)]
pub struct JczSolve;

impl Engine for JczSolve {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        // Only rejects values above 9, which a `Grid` never holds.
        let Ok(sudoku) = Sudoku::from_bytes(nine_cells(puzzle)) else {
            return Outcome::empty();
        };
        let max_solutions = limits.max_solutions();
        let mut first = [[0u8; 81]; 1];
        let found = sudoku.solutions_up_to_buffer(&mut first, max_solutions as usize);
        let count = u32::try_from(found).unwrap_or(u32::MAX).min(max_solutions);
        // The crate writes digits 1..=9; should it ever write anything else, reporting no
        // solution keeps the engine contract and lets the cross-checks expose it.
        match Grid::from_cells(sudoku_core::Size::NINE, &first[0]) {
            Some(solution) if count > 0 => {
                Outcome { solution: Some(solution), count, ..Outcome::empty() }
            }
            _ => Outcome::empty(),
        }
    }
}

/// The 81 cells of a 9×9 puzzle.
///
/// # Panics
/// If the puzzle is of another size: callers give an engine only the sizes its registry entry
/// supports, and this one's is 9×9.
fn nine_cells(puzzle: &Grid) -> [u8; 81] {
    puzzle.cells().try_into().expect("a 9×9-only engine is given 9×9 grids")
}
