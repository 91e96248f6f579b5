//! The depth-first search that `norvig` and `alldiff` share: branch on a cell, try its values
//! in increasing order, each on a copy of the state saved at the branch point.
//!
//! The two engines differ in what they propagate (Norvig's eliminate and only choice; Régin's
//! all-different filter) and in what their state holds (`alldiff` keeps each unit's matching
//! too); the search around the propagation is the same, and so are its counters: the puzzle is
//! the first node, each value assigned at a branch point is one more, each branch point is a
//! guess. The state is copied, not undone, so propagation needs no trail: the copy is what
//! Norvig's essay does and what CP solvers built on copying (Gecode's default) do.

use sudoku_core::{Limits, Stats};

/// A branch point: the cell branched on and the values not tried yet. The state before the
/// branch is saved alongside, on the engine's own stack.
pub(crate) struct Frame {
    cell: usize,
    untried: u64,
}

/// What an engine gives the search: its state, how to branch, save and restore it.
pub(crate) trait CopyOnBranch {
    /// The branch points under way, deepest last (kept by the engine to reuse the memory).
    fn frames(&mut self) -> &mut Vec<Frame>;

    /// The open cell to branch on, or `None` when every cell holds exactly one value.
    fn branch_cell(&self) -> Option<usize>;

    /// The values `cell` can still take, one bit each.
    fn values(&self, cell: usize) -> u64;

    /// Saves the state on top of the saved ones.
    fn save(&mut self);

    /// Makes the state the last one saved again; `drop` also takes that one off the stack.
    fn restore(&mut self, drop: bool);

    /// Narrows `cell` to `value` (one bit) and propagates; `false` on a contradiction.
    fn assign(&mut self, cell: usize, value: u64) -> bool;

    /// Writes each cell's one value into `solution`.
    fn write_solution(&self, solution: &mut [u8]);
}

/// Searches from a state already propagated (`alive`: it is consistent) until `limits` stop it
/// or every branch is tried. Returns the solutions found and whether the node budget ran out;
/// `stats` counts on from what it holds, and the first solution is written into `solution`.
pub(crate) fn search<S: CopyOnBranch>(
    state: &mut S,
    mut alive: bool,
    limits: Limits,
    stats: &mut Stats,
    solution: &mut [u8],
) -> (u32, bool) {
    let node_bound = limits.node_bound();
    state.frames().clear();
    let mut count = 0;
    loop {
        if alive {
            match state.branch_cell() {
                None => {
                    if count == 0 {
                        state.write_solution(solution);
                    }
                    count += 1;
                    if count >= limits.max_solutions() {
                        return (count, false);
                    }
                }
                Some(cell) => {
                    stats.guesses += 1;
                    if stats.nodes >= node_bound {
                        return (count, true);
                    }
                    stats.nodes += 1;
                    let values = state.values(cell);
                    let first = values & values.wrapping_neg();
                    state.save();
                    state.frames().push(Frame { cell, untried: values ^ first });
                    alive = state.assign(cell, first);
                    continue;
                }
            }
        }
        // Backtrack: the next untried value of the deepest branch point, on a copy of the
        // state saved there.
        let Some(frame) = state.frames().last_mut() else {
            return (count, false);
        };
        if stats.nodes >= node_bound {
            return (count, true);
        }
        stats.nodes += 1;
        let bit = frame.untried & frame.untried.wrapping_neg();
        frame.untried ^= bit;
        let (cell, last) = (frame.cell, frame.untried == 0);
        if last {
            state.frames().pop();
        }
        state.restore(last);
        alive = state.assign(cell, bit);
    }
}
