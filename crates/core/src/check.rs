//! The referee: does a claimed solution really solve a puzzle?
//!
//! Tests and the bench harness run every answer an engine gives through [`check_solution`], so
//! no engine is ever trusted on its own word; [`check_outcome`] judges a whole answer (its count,
//! its solution, its budget), as the bench and every command that takes an answer from outside
//! the program do.

use crate::engine::{Limits, Outcome};
use crate::grid::{Conflict, Grid};
use crate::layout::Broken;
use crate::size::{CellName, Size};

/// Why a claimed solution is not one.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CheckError {
    /// The claimed solution is not of the puzzle's size.
    #[error("a {found} grid cannot solve a {expected} puzzle")]
    WrongSize {
        /// The size of the puzzle.
        expected: Size,
        /// The size of the claimed solution.
        found: Size,
    },
    /// A cell is still empty.
    #[error("{cell} is empty")]
    Incomplete {
        /// The first empty cell.
        cell: CellName,
    },
    /// A clue of the puzzle holds another digit in the solution.
    #[error("clue {clue} at {cell} became {found}")]
    ClueChanged {
        /// The cell of the clue.
        cell: CellName,
        /// The clue in the puzzle.
        clue: u8,
        /// The digit in the claimed solution.
        found: u8,
    },
    /// A digit repeats in a row, column or box.
    #[error("{0}")]
    Conflict(Conflict),
    /// A rule of the puzzle's layout is broken ([`Layout::first_broken`]).
    ///
    /// [`Layout::first_broken`]: crate::Layout::first_broken
    #[error("{0}")]
    Broken(Broken),
}

/// `Ok` when `solution` has the puzzle's size, is full, keeps every clue of `puzzle`, and repeats no value in any row,
/// column or box and breaks no other rule of the puzzle's layout; otherwise the first problem found.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), CheckError> {
    let size = puzzle.size();
    if solution.size() != size {
        return Err(CheckError::WrongSize { expected: size, found: solution.size() });
    }
    if let Some(cell) = solution.cells().iter().position(|&value| value == 0) {
        return Err(CheckError::Incomplete { cell: size.name(cell) });
    }
    let changed =
        (0..size.cells()).find(|&c| puzzle.get(c) != 0 && puzzle.get(c) != solution.get(c));
    if let Some(cell) = changed {
        return Err(CheckError::ClueChanged {
            cell: size.name(cell),
            clue: puzzle.get(cell),
            found: solution.get(cell),
        });
    }
    // A full grid without a repeat in any unit holds each digit exactly once per unit.
    if let Some(layout) = puzzle.layout() {
        return layout
            .first_broken(solution.cells())
            .map_or(Ok(()), |broken| Err(CheckError::Broken(broken)));
    }
    solution.first_conflict().map_or(Ok(()), |conflict| Err(CheckError::Conflict(conflict)))
}

/// What is wrong with `outcome` on its own, as the answer to `puzzle` asked within `limits`,
/// if anything: a count beyond the limit, a count without a solution or a solution with a
/// count of 0, a claimed solution that is not one ([`check_solution`]), a search that gave up
/// though no node budget was set. An engine that gives no solutions (`gives_solutions` false:
/// some counters of tdoku's collection) may give a count without one.
///
/// The check is cheap (one pass over the grid): it cannot see a wrong count of solutions or a
/// wrong "no solution", which only another engine can.
pub fn check_outcome(
    puzzle: &Grid,
    outcome: &Outcome,
    limits: Limits,
    gives_solutions: bool,
) -> Option<String> {
    if outcome.count > limits.max_solutions() {
        return Some(format!(
            "count {} exceeds the limit of {}",
            outcome.count,
            limits.max_solutions()
        ));
    }
    if outcome.budget_exhausted && limits.node_budget().is_none() {
        return Some("gave up, though no node budget was set".to_owned());
    }
    match &outcome.solution {
        None if outcome.count > 0 && gives_solutions => {
            Some(format!("count {} but no solution", outcome.count))
        }
        Some(_) if outcome.count == 0 => Some("a solution with a count of 0".to_owned()),
        Some(solution) => {
            check_solution(puzzle, solution).err().map(|error| format!("not a solution: {error}"))
        }
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::base_solution;

    fn outcome(count: u32, solution: Option<Grid>) -> Outcome {
        Outcome { solution, count, ..Outcome::empty() }
    }

    #[test]
    fn problems_of_an_answer_on_its_own_are_named() {
        let solved = base_solution(Size::NINE);
        let mut puzzle = solved.clone();
        puzzle.set(0, 0);
        let limits = Limits::UNIQUE;
        let check = |outcome: &Outcome| check_outcome(&puzzle, outcome, limits, true);
        assert_eq!(check(&outcome(1, Some(solved.clone()))), None);
        let mut wrong = solved.clone();
        wrong.set(80, wrong.get(80) % 9 + 1);
        let found = check(&outcome(1, Some(wrong))).unwrap();
        assert!(found.starts_with("not a solution: "), "{found}");
        assert!(check(&outcome(1, None)).unwrap().contains("no solution"));
        assert_eq!(check_outcome(&puzzle, &outcome(1, None), limits, false), None);
        assert!(check(&outcome(0, Some(solved.clone()))).is_some());
        assert!(check(&outcome(3, Some(solved.clone()))).unwrap().contains("limit"));
        let gave_up = Outcome { budget_exhausted: true, ..Outcome::empty() };
        assert!(check(&gave_up).unwrap().contains("no node budget"));
        let within_budget = limits.with_node_budget(10);
        assert_eq!(check_outcome(&puzzle, &gave_up, within_budget, true), None);
    }

    #[test]
    fn accepts_a_valid_solution_of_its_own_puzzle() {
        let solution = base_solution(Size::NINE);
        let mut puzzle = solution.clone();
        for cell in (0..81).step_by(2) {
            puzzle.set(cell, 0);
        }
        assert_eq!(check_solution(&puzzle, &solution), Ok(()));
    }

    #[test]
    fn names_the_first_empty_cell() {
        let mut claimed = base_solution(Size::NINE);
        claimed.set(40, 0);
        assert_eq!(
            check_solution(&Grid::empty(Size::NINE), &claimed),
            Err(CheckError::Incomplete { cell: Size::NINE.name(40) })
        );
        assert_eq!(
            check_solution(&Grid::empty(Size::NINE), &claimed).unwrap_err().to_string(),
            "r5c5 is empty"
        );
    }

    #[test]
    fn rejects_a_valid_grid_that_changes_a_clue() {
        let solution = base_solution(Size::NINE);
        let mut puzzle = Grid::empty(Size::NINE);
        puzzle.set(10, solution.get(10) % 9 + 1);
        let error = check_solution(&puzzle, &solution).unwrap_err();
        assert!(
            matches!(error, CheckError::ClueChanged { cell: CellName { row: 1, col: 1 }, .. }),
            "{error}"
        );
    }

    #[test]
    fn rejects_a_solution_of_another_size() {
        let sixteen = Size::from_side(16).unwrap();
        let error = check_solution(&Grid::empty(sixteen), &base_solution(Size::NINE)).unwrap_err();
        assert_eq!(error.to_string(), "a 9×9 grid cannot solve a 16×16 puzzle");
        assert_eq!(check_solution(&Grid::empty(sixteen), &base_solution(sixteen)), Ok(()));
    }

    #[test]
    fn rejects_a_full_grid_with_a_repeat() {
        let mut claimed = base_solution(Size::NINE);
        // Swapping two cells of one row keeps the row valid but breaks their columns.
        let (a, b) = (claimed.get(0), claimed.get(1));
        claimed.set(0, b);
        claimed.set(1, a);
        let error = check_solution(&Grid::empty(Size::NINE), &claimed).unwrap_err();
        assert!(matches!(error, CheckError::Conflict(_)), "{error}");
    }
}
