//! `peer-dancing-links`: the `dancing-links` crate's generic exact-cover solver.
//!
//! The crate solves any problem that implements its [`ExactCover`] trait: a slice of
//! possibilities (options), a slice of constraints (items) and a `satisfies` test between the
//! two, from which it builds its matrix by testing every pair. The
//! [clue-pruned model](super::pruned_model) implements that trait here. The crate's own Sudoku
//! model is not used: it keeps every digit as a possibility for every empty cell, and on most
//! hard puzzles it does not finish within a minute.
//!
//! Being written independently of the project's engines, this peer is also the oracle the
//! test suite checks their solution counts against.

use dancing_links::{ExactCover, Solver};
use sudoku_core::{Engine, Grid, Limits, Outcome};

use super::pruned_model::{Pruned, PrunedModel, PrunedOption};

/// The `dancing-links` crate on the clue-pruned matrix. Holds no state between solves.
#[derive(Clone, Copy, Default, Debug)]
pub struct DancingLinks;

impl ExactCover for PrunedModel {
    type Possibility = PrunedOption;
    /// A constraint number of the full matrix (see the [model](super::pruned_model)).
    type Constraint = u16;

    fn satisfies(&self, option: &PrunedOption, constraint: &u16) -> bool {
        option.constraints.contains(constraint)
    }

    fn is_optional(&self, _constraint: &u16) -> bool {
        false
    }

    fn possibilities(&self) -> &[PrunedOption] {
        self.options()
    }

    fn constraints(&self) -> &[u16] {
        self.items()
    }
}

impl Engine for DancingLinks {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let model = match Pruned::build(puzzle) {
            Pruned::NoSolution => return Outcome::empty(),
            // The crate's solver reports no solution for a problem without items.
            Pruned::Complete(solution) => {
                return Outcome { solution: Some(solution), count: 1, ..Outcome::empty() };
            }
            Pruned::Search(model) => model,
        };
        let mut outcome = Outcome::empty();
        for chosen in Solver::new(&model).take(limits.max_solutions() as usize) {
            if outcome.solution.is_none() {
                outcome.solution = Some(model.solution(chosen));
            }
            outcome.count += 1;
        }
        outcome
    }
}
