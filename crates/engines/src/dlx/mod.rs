//! `dlx`: Sudoku as exact cover, searched with dancing links.
//!
//! The 324 items say what a solved grid must hold exactly once: a digit in each cell (81),
//! each digit in each row (81), in each column (81) and in each box (81). The 729 options are
//! "digit d in cell c", each holding its four items. Clues are settled before the search:
//! their items are covered and only the options they leave open are linked into the matrix
//! ([`ExactCover::restrict`]), so the search only ever sees the empty cells. It always branches
//! on the item with the fewest remaining options, which is what gives Algorithm X its strength
//! on Sudoku.
//!
//! The matrix is built once per engine and relinked for every puzzle, so solving does not
//! allocate. The exact-cover part ([`exact_cover`]) is generic and knows nothing of Sudoku.

pub mod exact_cover;

use exact_cover::{ExactCover, SearchLimits};
use sudoku_core::{Engine, Grid, Limits, Outcome, Size, Stats};

const NINE: Size = Size::NINE;

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

/// The four items of the option for 0-based `digit` in `cell`.
fn items_of(cell: usize, digit: usize) -> [usize; 4] {
    [
        cell,
        81 + NINE.row_of(cell) * 9 + digit,
        2 * 81 + NINE.col_of(cell) * 9 + digit,
        3 * 81 + NINE.box_of(cell) * 9 + digit,
    ]
}

impl Dlx {
    /// Builds the 324 × 729 matrix.
    pub fn new() -> Self {
        let mut matrix = ExactCover::new(4 * 81);
        for cell in 0..81 {
            for digit in 0..9 {
                let added = matrix.add_option(&items_of(cell, digit));
                debug_assert_eq!(added, option_index(cell, digit as u8 + 1));
            }
        }
        Dlx { matrix }
    }
}

impl Engine for Dlx {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        // The digits (bit d - 1) each row, column and box holds as clues.
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut clues_fit = true;
        for cell in 0..81 {
            let digit = puzzle.get(cell);
            if digit != 0 {
                let bit = 1 << (digit - 1);
                let (row, col, bx) = (NINE.row_of(cell), NINE.col_of(cell), NINE.box_of(cell));
                clues_fit &= (rows[row] | cols[col] | boxes[bx]) & bit == 0;
                rows[row] |= bit;
                cols[col] |= bit;
                boxes[bx] |= bit;
            }
        }
        let mut outcome = Outcome::empty();
        if !clues_fit {
            // The clash is seen at the root, which counts as visited unless no node may be.
            outcome.budget_exhausted = limits.node_bound() == 0;
            outcome.stats.nodes = u64::from(!outcome.budget_exhausted);
            return outcome;
        }
        // The clues' items are covered, and only the options they leave open take part: the
        // problem selecting the clues' options would leave, built directly.
        let clue_items = (0..81).filter(|&cell| puzzle.get(cell) != 0).flat_map(|cell| {
            let digit = usize::from(puzzle.get(cell) - 1);
            items_of(cell, digit)
        });
        let open_options = (0..81).filter(|&cell| puzzle.get(cell) == 0).flat_map(|cell| {
            let taken =
                rows[NINE.row_of(cell)] | cols[NINE.col_of(cell)] | boxes[NINE.box_of(cell)];
            (0..9u8)
                .filter(move |digit| taken & (1 << digit) == 0)
                .map(move |digit| option_index(cell, digit + 1))
        });
        self.matrix.restrict(clue_items, open_options);
        let search_limits =
            SearchLimits { max_solutions: limits.max_solutions(), node_bound: limits.node_bound() };
        let mut solution = None;
        let report = self.matrix.search(search_limits, |options| {
            if solution.is_none() {
                let mut grid = puzzle.clone();
                for &option in options {
                    let option = option as usize;
                    grid.set(option / 9, (option % 9) as u8 + 1);
                }
                solution = Some(grid);
            }
        });
        outcome.solution = solution;
        outcome.count = report.solutions;
        outcome.budget_exhausted = report.budget_exhausted;
        outcome.stats = Stats { nodes: report.nodes, guesses: report.guesses };
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::Dlx;
    use crate::samples::assert_solves_samples;

    /// The exact-cover matrix at full size, relinked for each puzzle by one engine value:
    /// what its unchecked link accesses see in use.
    #[test]
    fn one_engine_solves_every_sample() {
        assert_solves_samples(&mut Dlx::new());
    }
}
