//! `naive`: plain backtracking exactly as the judge-problem write-ups teach it.
//!
//! Empty cells are filled in row-major order; for each, the digits 1..9 are tried in order, and
//! each try is checked by scanning the cell's row, column and box. No bookkeeping, no
//! heuristics: this is the baseline every other engine is compared against, so keep it plain.
//!
//! Because cells and digits are both taken in increasing order, the first solution found is the
//! lexicographically smallest (reading the 81 digits row by row as one number), which is the
//! answer Baekjoon 2239 asks for when a puzzle has several.

use sudoku_core::{Engine, Grid, Limits, Outcome, Size};

const NINE: Size = Size::NINE;

/// The 81 cells of a 9×9 puzzle.
///
/// # Panics
/// If the puzzle is of another size: callers give an engine only the sizes its registry entry
/// supports.
pub(crate) fn nine_cells(puzzle: &Grid) -> [u8; 81] {
    puzzle.cells().try_into().expect("a 9×9-only engine is given 9×9 grids")
}

/// The plain backtracking engine. Holds no state between solves.
#[derive(Default)]
pub struct Naive;

impl Engine for Naive {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let mut search = Search { grid: nine_cells(puzzle), limits, outcome: Outcome::empty() };
        if !search.visit_node() {
            return search.outcome;
        }
        // The scan below only checks a new digit against the cells already filled, so clues
        // that contradict each other must be caught before the search starts.
        let clues_agree = (0..81).all(|cell| {
            let digit = search.grid[cell];
            digit == 0 || {
                search.grid[cell] = 0;
                let fits = search.fits(cell, digit);
                search.grid[cell] = digit;
                fits
            }
        });
        if clues_agree {
            search.fill_from(0);
        }
        search.outcome
    }
}

/// Whether the search should go on after a branch returns.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

struct Search {
    grid: [u8; 81],
    limits: Limits,
    outcome: Outcome,
}

impl Search {
    /// Counts a node; `false` (and gives up) when the node budget is spent.
    fn visit_node(&mut self) -> bool {
        if self.outcome.stats.nodes >= self.limits.node_bound() {
            self.outcome.budget_exhausted = true;
            return false;
        }
        self.outcome.stats.nodes += 1;
        true
    }

    /// Whether `digit` can go in `cell`: scan its row, its column and its box.
    fn fits(&self, cell: usize, digit: u8) -> bool {
        let (row, col) = (NINE.row_of(cell), NINE.col_of(cell));
        for k in 0..9 {
            if self.grid[NINE.cell_at(row, k)] == digit || self.grid[NINE.cell_at(k, col)] == digit
            {
                return false;
            }
        }
        let (top, left) = (NINE.box_of(cell) / 3 * 3, NINE.box_of(cell) % 3 * 3);
        for r in top..top + 3 {
            for c in left..left + 3 {
                if self.grid[NINE.cell_at(r, c)] == digit {
                    return false;
                }
            }
        }
        true
    }

    /// Fills the empty cells from `start` on, in row-major order.
    fn fill_from(&mut self, start: usize) -> Flow {
        let Some(cell) = (start..81).find(|&cell| self.grid[cell] == 0) else {
            return self.record_solution();
        };
        let candidates: Vec<u8> = (1..=9).filter(|&digit| self.fits(cell, digit)).collect();
        if candidates.len() >= 2 {
            self.outcome.stats.guesses += 1;
        }
        for digit in candidates {
            if !self.visit_node() {
                return Flow::Stop;
            }
            self.grid[cell] = digit;
            let flow = self.fill_from(cell + 1);
            self.grid[cell] = 0;
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }

    fn record_solution(&mut self) -> Flow {
        if self.outcome.count == 0 {
            self.outcome.solution = Grid::from_cells(NINE, &self.grid);
        }
        self.outcome.count += 1;
        if self.outcome.count >= self.limits.max_solutions() { Flow::Stop } else { Flow::Continue }
    }
}
