//! The `logic` engine: the ladder at every node, and a guess only where every technique is
//! stuck, so its guesses count the places where human techniques run out.

use sudoku_core::{Engine, Grid, Limits, Outcome};

use crate::board::Board;
use crate::houses::values;
use crate::ladder::{End, Ladder, Options};

/// Solves by the ladder of every technique that does not assume one solution (solution counts
/// must be right for every puzzle); where the ladder is stuck, branches on the cell with the
/// fewest candidates, trying them smallest first, each branch solved the same way. Grids of
/// any layout are solved under their rules (the board reads the layout's houses, pairs and
/// starting candidates; see the techniques' notes on layouts).
///
/// Nodes: the puzzle, plus one per branch tried. Guesses: the places where the ladder was
/// stuck with two or more candidates to choose from.
pub struct Logic {
    ladder: Ladder,
}

impl Logic {
    /// The engine with the default ladder ([`Options::default`]).
    pub fn new() -> Logic {
        Logic { ladder: Ladder::new(Options::default()) }
    }

    /// Searches below `board`; returns `false` once the search must stop (limit or budget).
    fn search(&self, mut board: Board, limits: Limits, outcome: &mut Outcome) -> bool {
        match self.ladder.run(&mut board, |_, _| {}) {
            End::Broken => return true,
            End::Solved => {
                outcome.count += 1;
                if outcome.solution.is_none() {
                    outcome.solution = Some(board.grid());
                }
                return outcome.count < limits.max_solutions();
            }
            // Without a work budget the ladder never gives up; guessing goes on either way.
            End::Stuck | End::GaveUp => {}
        }
        let Some(cell) = board.fewest_candidates() else { return true };
        let candidates = board.candidates(cell);
        if candidates.count_ones() >= 2 {
            outcome.stats.guesses += 1;
        }
        for value in values(candidates) {
            if outcome.stats.nodes >= limits.node_bound() {
                outcome.budget_exhausted = true;
                return false;
            }
            outcome.stats.nodes += 1;
            let mut branch = board.clone();
            branch.place(cell, value);
            if !self.search(branch, limits, outcome) {
                return false;
            }
        }
        true
    }
}

impl Default for Logic {
    fn default() -> Self {
        Logic::new()
    }
}

impl Engine for Logic {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let mut outcome = Outcome::empty();
        if limits.node_bound() == 0 {
            outcome.budget_exhausted = true;
            return outcome;
        }
        outcome.stats.nodes = 1;
        self.search(Board::new(puzzle), limits, &mut outcome);
        outcome
    }
}
