//! The referee: does a claimed solution really solve a puzzle?
//!
//! Tests and the bench harness run every answer an engine gives through [`check_solution`], so
//! no engine is ever trusted on its own word.

use crate::grid::{CELLS, CellName, Conflict, Grid};

/// Why a claimed solution is not one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CheckError {
    /// A cell is still empty.
    #[error("{} is empty", CellName(*.cell))]
    Incomplete {
        /// The first empty cell.
        cell: usize,
    },
    /// A clue of the puzzle holds another digit in the solution.
    #[error("clue {clue} at {} became {found}", CellName(*.cell))]
    ClueChanged {
        /// The cell of the clue.
        cell: usize,
        /// The clue in the puzzle.
        clue: u8,
        /// The digit in the claimed solution.
        found: u8,
    },
    /// A digit repeats in a row, column or box.
    #[error("{0}")]
    Conflict(Conflict),
}

/// `Ok` when `solution` is full, keeps every clue of `puzzle`, and repeats no digit in any row,
/// column or box; otherwise the first problem found.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), CheckError> {
    if let Some(cell) = (0..CELLS).find(|&cell| solution.get(cell) == 0) {
        return Err(CheckError::Incomplete { cell });
    }
    let changed = (0..CELLS).find(|&c| puzzle.get(c) != 0 && puzzle.get(c) != solution.get(c));
    if let Some(cell) = changed {
        return Err(CheckError::ClueChanged {
            cell,
            clue: puzzle.get(cell),
            found: solution.get(cell),
        });
    }
    // A full grid without a repeat in any unit holds each digit exactly once per unit.
    solution.first_conflict().map_or(Ok(()), |conflict| Err(CheckError::Conflict(conflict)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::base_solution;

    #[test]
    fn accepts_a_valid_solution_of_its_own_puzzle() {
        let solution = base_solution();
        let mut puzzle = solution;
        for cell in (0..CELLS).step_by(2) {
            puzzle.set(cell, 0);
        }
        assert_eq!(check_solution(&puzzle, &solution), Ok(()));
    }

    #[test]
    fn names_the_first_empty_cell() {
        let mut claimed = base_solution();
        claimed.set(40, 0);
        assert_eq!(
            check_solution(&Grid::EMPTY, &claimed),
            Err(CheckError::Incomplete { cell: 40 })
        );
        assert_eq!(
            check_solution(&Grid::EMPTY, &claimed).unwrap_err().to_string(),
            "r5c5 is empty"
        );
    }

    #[test]
    fn rejects_a_valid_grid_that_changes_a_clue() {
        let solution = base_solution();
        let mut puzzle = Grid::EMPTY;
        puzzle.set(10, solution.get(10) % 9 + 1);
        let error = check_solution(&puzzle, &solution).unwrap_err();
        assert!(matches!(error, CheckError::ClueChanged { cell: 10, .. }), "{error}");
    }

    #[test]
    fn rejects_a_full_grid_with_a_repeat() {
        let mut claimed = base_solution();
        // Swapping two cells of one row keeps the row valid but breaks their columns.
        let (a, b) = (claimed.get(0), claimed.get(1));
        claimed.set(0, b);
        claimed.set(1, a);
        let error = check_solution(&Grid::EMPTY, &claimed).unwrap_err();
        assert!(matches!(error, CheckError::Conflict(_)), "{error}");
    }
}
