//! `norvig`: the constraint propagation and search of Peter Norvig's essay "Solving Every
//! Sudoku Puzzle", for every box order from 2 (4×4) to 8 (64×64).
//!
//! The algorithm is the essay's, step for step; only the data are Rust's (a cell's possible
//! values are a `u64` bit set instead of a string of digits):
//! - **eliminate** a value from a cell: if the cell is left with no value, the branch fails;
//!   if it is left with one, that value is eliminated from every peer (*a placed value leaves
//!   its peers*); and in each of the cell's units, the places the value still has are counted:
//!   none fails the branch, one assigns the value there (*only choice*);
//! - **assign** a value to a cell: eliminate every other value from it;
//! - the clues are assigned one by one, which propagates them;
//! - **search**, depth first: if every cell has one value, the puzzle is solved; otherwise the
//!   cell with the fewest values (the first on ties) is tried with each value in turn, on a
//!   copy of the state (the essay copies the dictionary of values per branch).
//!
//! The essay's functions call each other recursively; here the eliminations still to do wait
//! on a stack, so that a chain of deductions across a 64×64 grid cannot overflow a thread's
//! stack. Eliminate and only-choice only ever remove values, so the state they reach (or the
//! failure) does not depend on the order the stack takes them in: the search, and every
//! counter, are the essay's.
//!
//! Counting places is the essay's too: a scan of the unit's cells, not a maintained count. This
//! is the engine as half the internet has written it, measured beside the bit-parallel ones.
//!
//! Statistics count as `propagate` does: the puzzle is the first node, each value the search
//! assigns at a branch point is one more, and each branch point is a guess. The search loop
//! itself is the one `alldiff` uses too (`branch.rs`): only the state and its propagation differ.

use crate::branch::{CopyOnBranch, Frame, search};
use crate::constraints::{Agenda, Narrowing};
use crate::geometry::{CellOutcome, CellSearch, CellSolver, Geometry, cell_engine};

/// The `norvig` engine. It owns its tables and search memory and reuses them from one solve to
/// the next.
pub struct Norvig {
    geometry: Geometry,
    /// The possible values of each cell.
    values: Vec<u64>,
    /// Eliminations still to do: a cell and the value (as a bit) to take out of it.
    pending: Vec<(u16, u64)>,
    /// The propagators of the grid's constraints waiting to run, and their memory.
    agenda: Agenda,
    narrowing: Narrowing,
    /// Branch points of the current search, deepest last.
    frames: Vec<Frame>,
    /// The values of every cell at each branch point, one state after the other.
    saved: Vec<u64>,
    /// The solution being written, kept between solves.
    solution: Vec<u8>,
}

impl Default for Norvig {
    fn default() -> Self {
        Self::new()
    }
}

impl Norvig {
    /// An engine with nothing allocated yet.
    pub fn new() -> Self {
        Norvig {
            geometry: Geometry::new(),
            values: Vec::new(),
            pending: Vec::new(),
            agenda: Agenda::default(),
            narrowing: Narrowing::default(),
            frames: Vec::new(),
            saved: Vec::new(),
            solution: Vec::new(),
        }
    }

    /// Assigns the value `bit` to `cell`: eliminates every other value from it, and everything
    /// that follows. `false` when the state is found contradictory.
    fn assign(&mut self, cell: usize, bit: u64) -> bool {
        self.pending.clear();
        self.queue_others(cell, bit);
        self.run()
    }

    /// Eliminates `bit` from `cell`, and everything that follows. `false` when the state is
    /// found contradictory.
    fn eliminate(&mut self, cell: usize, bit: u64) -> bool {
        self.pending.clear();
        self.pending.push((cell as u16, bit));
        self.run()
    }

    /// Queues the elimination of every value of `cell` but `bit`.
    fn queue_others(&mut self, cell: usize, bit: u64) {
        queue_others(&self.values, &mut self.pending, cell, bit);
    }

    /// Does the queued eliminations and those they lead to, the propagators of the grid's
    /// constraints included. `false` when the state is found contradictory (the rest of the
    /// queues is then dropped: the branch is abandoned).
    fn run(&mut self) -> bool {
        if self.geometry.model().is_none() {
            return self.eliminations::<false>();
        }
        self.run_with_constraints()
    }

    /// [`Norvig::run`] on a grid with constraints: the eliminations, then one waiting
    /// propagator at a time, whose removals are eliminated like any other (out of its cell,
    /// with what follows), until neither has anything left. Out of line, so that the classic
    /// grids' loop stays what it was.
    #[inline(never)]
    fn run_with_constraints(&mut self) -> bool {
        loop {
            if !self.eliminations::<true>() {
                self.agenda.clear();
                return false;
            }
            let Some(model) = self.geometry.model() else { return true };
            let Some(index) = self.agenda.pop() else { return true };
            let Ok(removed) = self.narrowing.run(&model.propagators()[index], &self.values) else {
                self.agenda.clear();
                return false;
            };
            for &(cell, mut bits) in removed {
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    self.pending.push((cell, bit));
                    bits ^= bit;
                }
            }
        }
    }

    /// Does the queued eliminations and those they lead to; `WAKE`, on a grid with
    /// constraints, queues the propagators watching each cell that loses a value. `false`
    /// when the state is found contradictory.
    #[inline(always)]
    fn eliminations<const WAKE: bool>(&mut self) -> bool {
        while let Some((cell, bit)) = self.pending.pop() {
            let cell = usize::from(cell);
            if self.values[cell] & bit == 0 {
                continue; // Already eliminated.
            }
            self.values[cell] &= !bit;
            let left = self.values[cell];
            if left == 0 {
                return false; // Contradiction: the last value was removed.
            }
            if WAKE && let Some(model) = self.geometry.model() {
                self.agenda.wake(model, cell);
            }
            // A cell down to one value: that value leaves every peer.
            if left.is_power_of_two() {
                for &peer in self.geometry.peers(cell) {
                    if self.values[usize::from(peer)] & left != 0 {
                        self.pending.push((peer, left));
                    }
                }
            }
            // Only choice: in each unit of the cell, where can `bit` still go? The row,
            // column and box (or region), then the complete houses a layout adds.
            for unit in self.geometry.units_of(cell) {
                if !self.only_choice(unit, bit) {
                    return false;
                }
            }
            for index in 0..self.geometry.more_units_of(cell).len() {
                let unit = usize::from(self.geometry.more_units_of(cell)[index]);
                if !self.only_choice(unit, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// Only choice in `unit` for the value `bit`: with one place left, it is assigned there
    /// (queued); `false` with none (a contradiction).
    #[inline(always)]
    fn only_choice(&mut self, unit: usize, bit: u64) -> bool {
        let mut places = self.geometry.unit(unit).iter().map(|&other| usize::from(other));
        let Some(first) = places.find(|&other| self.values[other] & bit != 0) else {
            return false; // Contradiction: no place for this value.
        };
        if !places.any(|other| self.values[other] & bit != 0) {
            queue_others(&self.values, &mut self.pending, first, bit);
        }
        true
    }

    /// The open cell with the fewest possible values, the first on ties; `None` when every
    /// cell has one value (the puzzle is solved).
    fn fewest_values(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &values) in self.values.iter().enumerate() {
            let count = values.count_ones();
            if count >= 2 && best.is_none_or(|(fewest, _)| count < fewest) {
                best = Some((count, cell));
                if count == 2 {
                    break; // None can have fewer.
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// Queues in `pending` the elimination of every value of `cell` but `bit`, from the cells'
/// `values`.
fn queue_others(values: &[u64], pending: &mut Vec<(u16, u64)>, cell: usize, bit: u64) {
    let mut others = values[cell] & !bit;
    while others != 0 {
        let other = others & others.wrapping_neg();
        pending.push((cell as u16, other));
        others ^= other;
    }
}

impl CopyOnBranch for Norvig {
    fn frames(&mut self) -> &mut Vec<Frame> {
        &mut self.frames
    }

    fn branch_cell(&self) -> Option<usize> {
        self.fewest_values()
    }

    fn values(&self, cell: usize) -> u64 {
        self.values[cell]
    }

    fn save(&mut self) {
        self.saved.extend_from_slice(&self.values);
    }

    fn restore(&mut self, drop: bool) {
        let start = self.saved.len() - self.values.len();
        self.values.copy_from_slice(&self.saved[start..]);
        if drop {
            self.saved.truncate(start);
        }
    }

    fn assign(&mut self, cell: usize, value: u64) -> bool {
        Norvig::assign(self, cell, value)
    }

    fn write_solution(&self, solution: &mut [u8]) {
        for (cell, &values) in solution.iter_mut().zip(&self.values) {
            *cell = values.trailing_zeros() as u8 + 1;
        }
    }
}

impl CellSolver for Norvig {
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome {
        let CellSearch { clues, excluded, limits, mut stats, solution, .. } = given;
        self.values.clear();
        self.values.resize(self.geometry.cells, self.geometry.all_values);
        self.saved.clear();
        // Every propagator of the grid's constraints runs once before the search: the first
        // `run` (of a clue, or the one below) runs them.
        if let Some(model) = self.geometry.model() {
            self.agenda.wake_all(model);
        }

        // The essay's `parse_grid`: assign each clue in turn.
        let mut consistent =
            excluded.is_none_or(|(cell, value)| self.eliminate(cell, 1 << (value - 1)));
        // A pencilmark puzzle's cells start with their own candidates: the others are
        // eliminated first, as if ruled out by clues.
        if let Some(candidates) = self.geometry.starting_candidates() {
            let missing: Vec<(usize, u64)> = candidates
                .iter()
                .enumerate()
                .map(|(cell, &allowed)| (cell, self.geometry.all_values & !allowed))
                .filter(|&(_, missing)| missing != 0)
                .collect();
            for (cell, mut missing) in missing {
                while consistent && missing != 0 {
                    let bit = missing & missing.wrapping_neg();
                    consistent = self.eliminate(cell, bit);
                    missing ^= bit;
                }
            }
        }
        for (cell, &clue) in clues.iter().enumerate() {
            if !consistent {
                break;
            }
            if clue != 0 {
                consistent = self.assign(cell, 1 << (clue - 1));
            }
        }

        if consistent && self.geometry.model().is_some() {
            self.pending.clear();
            consistent = self.run();
        }
        let (count, budget_exhausted) = search(self, consistent, limits, &mut stats, solution);
        CellOutcome { count, budget_exhausted, stats }
    }

    fn geometry(&mut self) -> Option<&mut Geometry> {
        Some(&mut self.geometry)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Norvig);

// The engine has no `unsafe` code, so its tests are left out of the Miri run.
#[cfg(all(test, not(miri)))]
mod tests {
    use sudoku_core::{Limits, Size};

    use super::*;
    use crate::testing;

    /// Orders 2 to 4 only: at 25×25 the search on the fewest values, with no memory of where it
    /// failed, runs into dead ends it needs millions of nodes to leave on some of these
    /// puzzles (a third of them, half filled, exceed 200,000 nodes). That is the algorithm, not
    /// a fault; `propagate`'s weighted branching is what avoids it.
    #[test]
    fn random_puzzles_of_orders_2_to_4_solve_to_valid_grids() {
        testing::random_puzzles_solve_to_valid_grids::<Norvig>(4);
    }

    #[test]
    fn counts_agree_with_a_plain_backtracker_small_grids() {
        testing::counts_agree_with_a_plain_backtracker_small_grids::<Norvig>();
    }

    #[test]
    fn fixed_puzzles_have_their_known_counts() {
        testing::fixed_puzzles_have_their_known_counts::<Norvig>();
    }

    #[test]
    fn contradictory_or_malformed_puzzles_have_no_solution() {
        testing::contradictory_or_malformed_puzzles_have_no_solution::<Norvig>();
    }

    #[test]
    fn budgets_are_honoured_and_statistics_are_deterministic() {
        testing::budgets_are_honoured_and_statistics_are_deterministic::<Norvig>();
    }

    #[test]
    fn the_empty_grid_of_every_size_is_completed() {
        testing::the_empty_grid_of_every_size_is_completed::<Norvig>();
    }

    #[test]
    fn solves_the_hard_9x9_corpus() {
        testing::solves_the_hard_9x9_corpus::<Norvig>();
    }

    #[test]
    fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker() {
        testing::counts_with_a_value_ruled_out_agree_with_a_plain_backtracker::<Norvig>();
    }

    #[test]
    fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it() {
        testing::a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it::<
            Norvig,
        >();
    }

    #[test]
    fn the_essays_hard_puzzle_is_solved_with_guesses_and_the_easy_one_without() {
        // The essay's first example needs no search: propagation alone solves it.
        let easy =
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
        let mut engine = Norvig::new();
        let CellOutcome { count, stats, .. } =
            testing::solve(&mut engine, Size::NINE, &testing::digits(easy), Limits::UNIQUE);
        assert_eq!((count, stats.guesses, stats.nodes), (1, 0, 1));
        // Its "hardest" example needs search.
        let hard =
            "400000805030000000000700000020000060000080400000010000000603070500200000104000000";
        let CellOutcome { count, budget_exhausted: exhausted, stats } =
            testing::solve(&mut engine, Size::NINE, &testing::digits(hard), Limits::UNIQUE);
        assert_eq!((count, exhausted), (1, false));
        assert!(stats.guesses > 0);
    }
}
