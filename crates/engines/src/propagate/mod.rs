//! `propagate`: constraint propagation on bit-set candidates with guessing, for every box
//! order from 2 (4×4) to 8 (64×64), built for the grids beyond 9×9.
//!
//! A grid of box order `n` has side `n²` (at most 64), so the candidates of a cell are one
//! `u64` and the rules work on all values of a cell or a unit at once. The engine is three
//! pieces with narrow interfaces:
//! - the **encoding** (the crate's `geometry`, shared with `cdcl`): the cells of each row, column and box and the peers of
//!   each cell, built once per order and kept;
//! - the **reasoning** (`rules`): a board of candidate sets and the rules, applied to a
//!   fixpoint, cheapest first and back to the cheapest after any change:
//!   - *naked singles*, incrementally: a cell down to one candidate is queued, and placing it
//!     removes its value from its peers, which may queue more;
//!   - *hidden singles*, in one pass over the board: for every unit, the values seen in one
//!     cell and those seen in two or more, as two bit sets, so a value with one place in a
//!     unit (or with none: a contradiction) costs nothing to find;
//!   - *locked candidates* (pointing and claiming, along rows and along columns), from the
//!     candidate union of each `n`-cell segment where a line crosses a box.
//! - the **search** (this module): depth-first, branching on the open cell with the fewest
//!   candidates per unit weight (*dom/wdeg*): every unit starts with weight 1 and gains 1
//!   whenever it is where a contradiction is found (a value with no place left in it, or a
//!   cell with no candidate left in any of the cell's three units). Values are tried lowest
//!   first. The board is copied at each branch point rather than undone move by move.
//!
//! What the measurements said, on 25×25 puzzles taken from the hardest uniqueness checks of
//! the making of minimal puzzles (about 290 clues; counts of nodes, which do not depend on the
//! machine):
//! - branching on the fewest candidates alone, ties to the first cell, needed 10,000 to
//!   470,000 nodes per puzzle, where dom/wdeg needs 400 to 15,000: the weights steer the
//!   search to the units where the puzzle is tight, as a SAT solver's conflict-driven
//!   branching does. This one choice is worth two orders of magnitude;
//! - locked candidates cut the nodes of uniqueness proofs fivefold and their time 2.7-fold;
//! - naked pairs cut another 6% of the nodes but made each node half as dear again, so they
//!   are not used;
//! - a copy of the board is 5 KB at 25×25, less than the rules spend on one node, and makes
//!   backtracking one `memcpy`: no trail is kept.
//!
//! Statistics follow the workbench's definitions and count as `fast` does: the puzzle is the
//! first node, each value the search commits to at a branch point is one more, and each branch
//! point is a guess (propagation leaves no open cell with fewer than two candidates).

mod constraints;
mod rules;

use crate::geometry::{CellOutcome, CellSearch, CellSolver, Geometry, cell_engine};
use constraints::Constraints;
use rules::{Board, Contradiction, Progress};

/// A branch point of the search: the cell branched on, the values not tried yet, and how many
/// cells were open. The candidate and placed sets before the branch are saved alongside.
struct Frame {
    cell: usize,
    untried: u64,
    open: usize,
}

/// The `propagate` engine. It owns its tables and search memory and reuses them from one solve
/// to the next: once it has solved a puzzle of some size, solving another of that size does
/// not allocate.
pub struct Propagate {
    geometry: Geometry,
    board: Board,
    /// Branch points of the current search, deepest last.
    frames: Vec<Frame>,
    /// The board's candidate and placed sets at each branch point, one after the other.
    saved: Vec<u64>,
    /// How often each unit took part in a contradiction in this search, plus one.
    weights: Vec<u64>,
    /// The solution being written, kept between solves.
    solution: Vec<u8>,
    /// The propagators of the last layout with constraints met, kept for its next puzzle.
    constraints: Option<Constraints>,
}

impl Default for Propagate {
    fn default() -> Self {
        Self::new()
    }
}

impl Propagate {
    /// An engine with nothing allocated yet.
    pub fn new() -> Self {
        Propagate {
            geometry: Geometry::new(),
            board: Board::new(),
            frames: Vec::new(),
            saved: Vec::new(),
            weights: Vec::new(),
            solution: Vec::new(),
            constraints: None,
        }
    }
}

impl CellSolver for Propagate {
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome {
        let CellSearch { size, layout, clues, excluded, limits, mut stats, solution } = given;
        let node_bound = limits.node_bound();
        let (units, cells) = (self.geometry.unit_count(), size.cells());
        // The constraints' propagators, made once per layout; none on a grid without any.
        let mut constraints = match layout.filter(|layout| !layout.constraints().is_empty()) {
            Some(layout) => {
                let made = self.constraints.take().filter(|made| made.is_for(layout));
                let mut made = made.unwrap_or_else(|| Constraints::new(layout));
                made.reset(cells);
                Some(made)
            }
            None => None,
        };
        if !self.board.reset(&self.geometry, clues) {
            return CellOutcome::none(stats);
        }
        if let Some((cell, value)) = excluded
            && !self.board.exclude(cell, 1 << (value - 1))
        {
            return CellOutcome::none(stats);
        }
        self.frames.clear();
        self.saved.clear();
        self.weights.clear();
        self.weights.resize(units, 1);

        let mut count = 0;
        let mut budget_exhausted = false;
        'search: loop {
            match self.board.propagate(&self.geometry, constraints.as_mut()) {
                Ok(Progress::Solved) => {
                    if count == 0 {
                        for (cell, &values) in solution.iter_mut().zip(&self.board.candidates) {
                            *cell = values.trailing_zeros() as u8 + 1;
                        }
                    }
                    count += 1;
                    if count >= limits.max_solutions() {
                        break 'search;
                    }
                }
                Ok(Progress::Stuck) => {
                    let cell = choose_cell(
                        &self.geometry,
                        &self.board,
                        &self.weights,
                        constraints.as_ref(),
                    );
                    let values = self.board.candidates[cell];
                    stats.guesses += 1;
                    if stats.nodes >= node_bound {
                        budget_exhausted = true;
                        break 'search;
                    }
                    stats.nodes += 1;
                    let first = values & values.wrapping_neg();
                    self.saved.extend_from_slice(&self.board.candidates);
                    self.saved.extend_from_slice(&self.board.placed);
                    self.frames.push(Frame {
                        cell,
                        untried: values ^ first,
                        open: self.board.open,
                    });
                    self.board.assign(cell, first);
                    continue 'search;
                }
                Err(Contradiction::Cell(cell)) => {
                    for unit in self.geometry.units_of(cell) {
                        self.weights[unit] += 1;
                    }
                }
                Err(Contradiction::Unit(unit)) => self.weights[unit] += 1,
                Err(Contradiction::Constraint(index)) => {
                    if let Some(constraints) = constraints.as_mut() {
                        constraints.weights[index] += 1;
                    }
                }
            }
            // Backtrack: the next untried value of the deepest branch point.
            let Some(frame) = self.frames.last_mut() else {
                break 'search;
            };
            if stats.nodes >= node_bound {
                budget_exhausted = true;
                break 'search;
            }
            stats.nodes += 1;
            let value = frame.untried & frame.untried.wrapping_neg();
            frame.untried ^= value;
            let (cell, open, last) = (frame.cell, frame.open, frame.untried == 0);
            let start = self.saved.len() - cells - units;
            let (candidates, placed) = self.saved[start..].split_at(cells);
            self.board.candidates.copy_from_slice(candidates);
            self.board.placed.copy_from_slice(placed);
            self.board.open = open;
            self.board.clear_queue();
            if let Some(constraints) = constraints.as_mut() {
                constraints.restored(candidates);
            }
            if last {
                self.frames.pop();
                self.saved.truncate(start);
            }
            self.board.assign(cell, value);
        }
        self.constraints = constraints.or(self.constraints.take());
        CellOutcome { count, budget_exhausted, stats }
    }

    fn geometry(&mut self) -> Option<&mut Geometry> {
        Some(&mut self.geometry)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Propagate);

/// The open cell with the fewest candidates per weight (its units' and, on a puzzle with
/// constraints, its propagators'), the first in row-major order on ties.
fn choose_cell(
    geometry: &Geometry,
    board: &Board,
    weights: &[u64],
    constraints: Option<&Constraints>,
) -> usize {
    // More candidates than any cell has, against the least weight: any open cell beats it.
    let mut best = (65, 1, 0);
    for (cell, &values) in board.candidates.iter().enumerate() {
        let count = u64::from(values.count_ones());
        if count >= 2 {
            let mut weight: u64 = geometry.units_of(cell).iter().map(|&unit| weights[unit]).sum();
            if let Some(constraints) = constraints {
                weight += constraints
                    .watchers(cell)
                    .iter()
                    .map(|&index| constraints.weights[index as usize])
                    .sum::<u64>();
            }
            if count * best.1 < best.0 * weight {
                best = (count, weight, cell);
            }
        }
    }
    best.2
}

// The engine has no `unsafe` code, so its tests are left out of the Miri run (CI's Miri step
// is for the modules that have some).
#[cfg(all(test, not(miri)))]
mod tests;
