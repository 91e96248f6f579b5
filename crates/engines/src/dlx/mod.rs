//! `dlx`: Sudoku as exact cover, searched with dancing links.
//!
//! The 324 items say what a solved grid must hold exactly once: a digit in each cell (81),
//! each digit in each row (81), in each column (81) and in each box (81). The 729 options are
//! "digit d in cell c", each holding its four items. Clues are selected before the search, so
//! the search only ever sees the empty cells; it always branches on the item with the fewest
//! remaining options, which is what gives Algorithm X its strength on Sudoku.
//!
//! The matrix is built once per engine and restored after every puzzle, so solving does not
//! allocate. The exact-cover part ([`exact_cover`]) is generic and knows nothing of Sudoku.

pub mod exact_cover;

use exact_cover::{ExactCover, SearchLimits};
use sudoku_core::{Engine, Grid, Limits, Outcome, Stats, box_of, col_of, row_of};

/// The dancing-links engine.
pub struct Dlx {
    matrix: ExactCover,
}

impl Default for Dlx {
    fn default() -> Self {
        Self::new()
    }
}

/// The option for `digit` (1..=9) in `cell`.
fn option_index(cell: usize, digit: u8) -> usize {
    cell * 9 + usize::from(digit - 1)
}

impl Dlx {
    /// Builds the 324 × 729 matrix.
    pub fn new() -> Self {
        let mut matrix = ExactCover::new(4 * 81);
        for cell in 0..81 {
            for digit in 0..9 {
                let added = matrix.add_option(&[
                    cell,
                    81 + row_of(cell) * 9 + digit,
                    2 * 81 + col_of(cell) * 9 + digit,
                    3 * 81 + box_of(cell) * 9 + digit,
                ]);
                debug_assert_eq!(added, option_index(cell, digit as u8 + 1));
            }
        }
        Dlx { matrix }
    }
}

impl Engine for Dlx {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let clues_fit = (0..81).all(|cell| match puzzle.get(cell) {
            0 => true,
            digit => self.matrix.select(option_index(cell, digit)),
        });
        let mut outcome = Outcome::empty();
        if !clues_fit {
            self.matrix.reset();
            // The clash is seen at the root, which counts as visited unless no node may be.
            outcome.budget_exhausted = limits.node_bound() == 0;
            outcome.stats.nodes = u64::from(!outcome.budget_exhausted);
            return outcome;
        }
        let search_limits =
            SearchLimits { max_solutions: limits.max_solutions(), node_bound: limits.node_bound() };
        let mut solution = None;
        let report = self.matrix.search(search_limits, |options| {
            if solution.is_none() {
                let mut grid = *puzzle;
                for &option in options {
                    let option = option as usize;
                    grid.set(option / 9, (option % 9) as u8 + 1);
                }
                solution = Some(grid);
            }
        });
        self.matrix.reset();
        outcome.solution = solution;
        outcome.count = report.solutions;
        outcome.budget_exhausted = report.budget_exhausted;
        outcome.stats = Stats { nodes: report.nodes, guesses: report.guesses };
        outcome
    }
}
