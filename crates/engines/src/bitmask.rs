//! `bitmask` and `bitmask-mrv`: backtracking over row, column and box bit sets.
//!
//! Each row, column and box keeps a 9-bit set of the digits it already holds, so a cell's
//! candidates are one OR and one NOT away instead of a scan of 27 cells. Digits are tried
//! lowest first.
//!
//! The two engines differ only in which empty cell they fill next:
//! - `bitmask` takes them in row-major order, like the judge write-ups; its first solution is
//!   therefore the lexicographically smallest, as with `naive`;
//! - `bitmask-mrv` takes the cell with the fewest candidates ("minimum remaining values"),
//!   ties going to the first in row-major order. Comparing the two shows what this one
//!   heuristic buys.

use sudoku_core::{Engine, Grid, Limits, Outcome, Size};

const NINE: Size = Size::NINE;

/// Which empty cell to fill next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellOrder {
    /// The first empty cell in row-major order.
    RowMajor,
    /// The empty cell with the fewest candidates (first in row-major order on ties).
    FewestCandidates,
}

/// Backtracking over bit sets, with the cell order chosen at construction.
pub struct Bitmask {
    order: CellOrder,
}

impl Bitmask {
    /// An engine that picks cells in `order`.
    pub fn new(order: CellOrder) -> Self {
        Bitmask { order }
    }
}

/// Bit `d` stands for digit `d` (1..=9); bit 0 is never set.
const ALL_DIGITS: u16 = 0b11_1111_1110;

/// The row, column and box of each cell, looked up rather than divided out on the hot path.
const UNITS: [[u8; 3]; 81] = {
    let mut units = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        units[cell] = [NINE.row_of(cell) as u8, NINE.col_of(cell) as u8, NINE.box_of(cell) as u8];
        cell += 1;
    }
    units
};

/// Number of candidates in each digit set. The baseline x86-64 target has no popcount
/// instruction, and this table made `bitmask-mrv` about a third faster than `count_ones`.
const CANDIDATE_COUNT: [u8; 1024] = {
    let mut counts = [0; 1024];
    let mut set = 0;
    while set < 1024 {
        counts[set] = (set as u16).count_ones() as u8;
        set += 1;
    }
    counts
};

#[inline]
fn count(candidates: u16) -> u8 {
    CANDIDATE_COUNT[usize::from(candidates)]
}

impl Engine for Bitmask {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let mut search = Search {
            order: self.order,
            grid: crate::naive::nine_cells(puzzle),
            row_used: [0; 9],
            col_used: [0; 9],
            box_used: [0; 9],
            empties: [0; 81],
            empty_count: 0,
            limits,
            outcome: Outcome::empty(),
        };
        if !search.visit_node() {
            return search.outcome;
        }
        for cell in 0..81 {
            let digit = search.grid[cell];
            if digit == 0 {
                search.empties[search.empty_count] = cell as u8;
                search.empty_count += 1;
            } else if search.candidates(cell) & (1 << digit) == 0 {
                // A clue repeats one placed before it: no solution can exist.
                return search.outcome;
            } else {
                search.place(cell, digit);
            }
        }
        search.fill(0);
        search.outcome
    }
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

struct Search {
    order: CellOrder,
    grid: [u8; 81],
    row_used: [u16; 9],
    col_used: [u16; 9],
    box_used: [u16; 9],
    /// The empty cells of the puzzle. `empties[..depth]` are filled by the current branch;
    /// `fill` swaps the cell it picks into position `depth`.
    empties: [u8; 81],
    empty_count: usize,
    limits: Limits,
    outcome: Outcome,
}

impl Search {
    fn visit_node(&mut self) -> bool {
        if self.outcome.stats.nodes >= self.limits.node_bound() {
            self.outcome.budget_exhausted = true;
            return false;
        }
        self.outcome.stats.nodes += 1;
        true
    }

    #[inline]
    fn candidates(&self, cell: usize) -> u16 {
        let [row, col, box_index] = UNITS[cell].map(usize::from);
        !(self.row_used[row] | self.col_used[col] | self.box_used[box_index]) & ALL_DIGITS
    }

    #[inline]
    fn place(&mut self, cell: usize, digit: u8) {
        let [row, col, box_index] = UNITS[cell].map(usize::from);
        let bit = 1 << digit;
        self.grid[cell] = digit;
        self.row_used[row] |= bit;
        self.col_used[col] |= bit;
        self.box_used[box_index] |= bit;
    }

    #[inline]
    fn clear(&mut self, cell: usize, digit: u8) {
        let [row, col, box_index] = UNITS[cell].map(usize::from);
        let bit = !(1 << digit);
        self.grid[cell] = 0;
        self.row_used[row] &= bit;
        self.col_used[col] &= bit;
        self.box_used[box_index] &= bit;
    }

    /// Moves the next cell to fill into `empties[depth]` by rotating `empties[depth..=k]` one
    /// place right, where `k` was its index; returns `k` and the cell's candidates. Rotating
    /// (rather than swapping) keeps the rest of the unfilled cells in row-major order, so
    /// ties keep going to the first cell; `fill` rotates back when it is done.
    fn pick_cell(&mut self, depth: usize) -> (usize, u16) {
        let first = self.candidates(usize::from(self.empties[depth]));
        if self.order == CellOrder::RowMajor {
            return (depth, first);
        }
        let (mut best, mut best_candidates, mut best_count) = (depth, first, count(first));
        for index in depth + 1..self.empty_count {
            if best_count <= 1 {
                break;
            }
            let candidates = self.candidates(usize::from(self.empties[index]));
            if count(candidates) < best_count {
                best = index;
                best_candidates = candidates;
                best_count = count(candidates);
            }
        }
        self.empties[depth..=best].rotate_right(1);
        (best, best_candidates)
    }

    fn fill(&mut self, depth: usize) -> Flow {
        if depth == self.empty_count {
            return self.record_solution();
        }
        let (picked_from, mut candidates) = self.pick_cell(depth);
        let cell = usize::from(self.empties[depth]);
        if count(candidates) >= 2 {
            self.outcome.stats.guesses += 1;
        }
        let mut flow = Flow::Continue;
        while candidates != 0 {
            let digit = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            if !self.visit_node() {
                flow = Flow::Stop;
                break;
            }
            self.place(cell, digit);
            flow = self.fill(depth + 1);
            self.clear(cell, digit);
            if flow == Flow::Stop {
                break;
            }
        }
        self.empties[depth..=picked_from].rotate_left(1);
        flow
    }

    fn record_solution(&mut self) -> Flow {
        if self.outcome.count == 0 {
            self.outcome.solution = Grid::from_cells(NINE, &self.grid);
        }
        self.outcome.count += 1;
        if self.outcome.count >= self.limits.max_solutions() { Flow::Stop } else { Flow::Continue }
    }
}
