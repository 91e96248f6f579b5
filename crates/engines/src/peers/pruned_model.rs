//! The clue-pruned exact-cover model that the exact-cover peers are given.
//!
//! The full Sudoku matrix of a grid of side `s` has `4·s²` items (a value in each cell; each
//! value in each row, column and box) and `s³` options ("value v in cell c"): 324 items and
//! 729 options at 9×9. Most of it is settled by the clues, and the published exact-cover
//! crates have no way to select options before their search starts, so handing them the full
//! matrix plus the clues would make them rediscover the clues' effects on every puzzle.
//! Instead the model keeps only:
//! - the items the clues leave unsatisfied: the empty cells, and the (row, value),
//!   (column, value) and (box, value) pairs no clue places;
//! - the options still possible: (empty cell, value) pairs whose value is not already in the
//!   cell's row, column or box.
//!
//! The model is built per puzzle from plain arrays. Its cost is part of what the peers cost,
//! which is fair: the project's own `dlx` engine pays for placing clues too.
//!
//! Items are identified by their *constraint number* in the full matrix, `0..4·s²` (below
//! 16,384, even at 64×64): cell constraints first (`cell`), then row-value
//! (`s² + row·s + value - 1`), column-value (`2·s² + ...`) and box-value (`3·s² + ...`). That
//! is also the order of [`PrunedModel::items`].

use sudoku_core::{Grid, Size};

/// Number of constraints of the full Sudoku matrix of `size`.
pub fn constraint_count(size: Size) -> usize {
    4 * size.cells()
}

/// One option of the pruned model: `digit` in `cell`, and the four items it covers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PrunedOption {
    /// The empty cell, `0..cells`.
    pub cell: u16,
    /// The value, `1..=side`.
    pub digit: u8,
    /// Its items' constraint numbers: cell, row-value, column-value, box-value.
    pub constraints: [u16; 4],
    /// The same items' positions in [`PrunedModel::items`], for solvers that number items
    /// from 0.
    pub items: [u16; 4],
}

/// What the clues leave to search.
#[derive(Clone, Debug)]
pub enum Pruned {
    /// The clues contradict each other, or leave an empty cell without a candidate: no
    /// solution, and nothing for a solver to do.
    NoSolution,
    /// Every cell holds a clue and no clue repeats in a unit: the puzzle is its own unique
    /// solution. The exact-cover crates cannot be asked about a problem with no items.
    Complete(Grid),
    /// An exact-cover problem with at least one item and at least one option.
    Search(PrunedModel),
}

/// The unsatisfied items and the possible options of one puzzle.
#[derive(Clone, Debug)]
pub struct PrunedModel {
    clues: Grid,
    items: Vec<u16>,
    options: Vec<PrunedOption>,
}

/// The constraint numbers of `digit` (1..=side) in `cell`, on a grid of `size`.
fn constraints_of(size: Size, cell: usize, digit: u8) -> [u16; 4] {
    let (cells, side, digit) = (size.cells(), size.side(), usize::from(digit - 1));
    [
        cell,
        cells + size.row_of(cell) * side + digit,
        2 * cells + size.col_of(cell) * side + digit,
        3 * cells + size.box_of(cell) * side + digit,
    ]
    .map(|constraint| constraint as u16)
}

impl Pruned {
    /// Builds the pruned model of `puzzle`, of any size.
    pub fn build(puzzle: &Grid) -> Pruned {
        let size = puzzle.size();
        let (side, constraints) = (size.side(), constraint_count(size));
        // Bit `v - 1` set: the row, column or box already holds value `v`.
        let mut row_digits = [0u64; 64];
        let mut col_digits = [0u64; 64];
        let mut box_digits = [0u64; 64];
        let mut satisfied = vec![false; constraints];
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let bit = 1 << (digit - 1);
            let (row, col, bx) = (size.row_of(cell), size.col_of(cell), size.box_of(cell));
            // A repeated clue leaves its unit needing one value more than it has empty cells,
            // so the model has no solution; but exact-cover search proves that only by
            // exhausting the ways to fill the rest of the grid, which on a sparse puzzle can
            // take many minutes.
            if (row_digits[row] | col_digits[col] | box_digits[bx]) & bit != 0 {
                return Pruned::NoSolution;
            }
            row_digits[row] |= bit;
            col_digits[col] |= bit;
            box_digits[bx] |= bit;
            for constraint in constraints_of(size, cell, digit) {
                satisfied[usize::from(constraint)] = true;
            }
        }

        let mut items = Vec::new();
        // Only read for unsatisfied constraints, which all get a position below.
        let mut position = vec![0u16; constraints];
        for constraint in (0..constraints).filter(|&constraint| !satisfied[constraint]) {
            position[constraint] = items.len() as u16;
            items.push(constraint as u16);
        }
        if items.is_empty() {
            return Pruned::Complete(puzzle.clone());
        }

        let mut options = Vec::new();
        for cell in (0..size.cells()).filter(|&cell| puzzle.get(cell) == 0) {
            let taken = row_digits[size.row_of(cell)]
                | col_digits[size.col_of(cell)]
                | box_digits[size.box_of(cell)];
            let before = options.len();
            // A value absent from the cell's row, column and box leaves all four of its
            // constraints unsatisfied, so each has a position.
            for digit in (1..=side as u8).filter(|&digit| taken & (1 << (digit - 1)) == 0) {
                let constraints = constraints_of(size, cell, digit);
                options.push(PrunedOption {
                    cell: cell as u16,
                    digit,
                    constraints,
                    items: constraints.map(|constraint| position[usize::from(constraint)]),
                });
            }
            // Also what guarantees a model with items has options: the `dlx` crate panics on
            // a problem without any.
            if options.len() == before {
                return Pruned::NoSolution;
            }
        }
        Pruned::Search(PrunedModel { clues: puzzle.clone(), items, options })
    }
}

impl PrunedModel {
    /// The constraint numbers of the unsatisfied items, in increasing order.
    pub fn items(&self) -> &[u16] {
        &self.items
    }

    /// The possible options, cell by cell, values in increasing order.
    pub fn options(&self) -> &[PrunedOption] {
        &self.options
    }

    /// The clues with the digits of `chosen` options filled in.
    pub fn solution<'a>(&self, chosen: impl IntoIterator<Item = &'a PrunedOption>) -> Grid {
        let mut grid = self.clues.clone();
        for option in chosen {
            grid.set(usize::from(option.cell), option.digit);
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::symmetry::base_solution;

    fn model(puzzle: &Grid) -> PrunedModel {
        match Pruned::build(puzzle) {
            Pruned::Search(model) => model,
            other => panic!("expected a search, got {other:?}"),
        }
    }

    #[test]
    fn the_empty_grid_keeps_the_full_matrix() {
        let model = model(&Grid::empty(Size::NINE));
        assert_eq!(model.items().len(), constraint_count(Size::NINE));
        assert_eq!(model.options().len(), 729);
        assert!(model.options().iter().all(|option| {
            option.items.map(|item| model.items()[usize::from(item)]) == option.constraints
        }));
    }

    #[test]
    fn one_blank_cell_leaves_four_items_and_one_option() {
        let solved = base_solution(Size::NINE);
        let mut puzzle = solved.clone();
        puzzle.set(40, 0);
        let model = model(&puzzle);
        assert_eq!(model.items().len(), 4);
        assert_eq!(model.options().len(), 1);
        assert_eq!(model.options()[0].digit, solved.get(40));
        assert_eq!(model.solution(model.options()), solved);
    }

    #[test]
    fn clues_remove_their_digit_from_every_peer_cell() {
        let mut puzzle = Grid::empty(Size::NINE);
        puzzle.set(0, 5);
        let model = model(&puzzle);
        assert_eq!(model.items().len(), constraint_count(Size::NINE) - 4);
        // 80 empty cells with 9 digits, minus digit 5 in the 20 cells that see r1c1.
        assert_eq!(model.options().len(), 80 * 9 - 20);
        let nine = Size::NINE;
        let seen = |c: usize| nine.row_of(c) == 0 || nine.col_of(c) == 0 || nine.box_of(c) == 0;
        assert!(model.options().iter().all(|o| o.digit != 5 || !seen(usize::from(o.cell))));
    }

    #[test]
    fn larger_grids_number_their_items_and_cells_beyond_9x9() {
        let sixteen = Size::from_order(4).unwrap();
        let empty = model(&Grid::empty(sixteen));
        assert_eq!((empty.items().len(), empty.options().len()), (1024, 4096));
        // The last cell of a 64×64 grid, beyond what a byte can number.
        let sixty_four = Size::from_order(8).unwrap();
        let solved = base_solution(sixty_four);
        let mut puzzle = solved.clone();
        puzzle.set(4095, 0);
        let one_blank = model(&puzzle);
        let option = one_blank.options()[0];
        assert_eq!(
            (one_blank.options().len(), option.cell, option.digit),
            (1, 4095, solved.get(4095))
        );
        // Row, column and box 63, value v: 4096 + 63·64 + v - 1 and so on.
        let last = 63 * 64 + usize::from(option.digit) - 1;
        assert_eq!(
            option.constraints.map(usize::from),
            [4095, 4096 + last, 8192 + last, 12288 + last]
        );
        assert_eq!(one_blank.solution(one_blank.options()), solved);
    }

    #[test]
    fn full_conflicting_and_dead_end_grids_need_no_search() {
        let solved = base_solution(Size::NINE);
        assert!(matches!(Pruned::build(&solved), Pruned::Complete(grid) if grid == solved));

        let mut clash = Grid::empty(Size::NINE);
        clash.set(0, 3);
        clash.set(80, 3);
        assert!(matches!(Pruned::build(&clash), Pruned::Search(_)), "no shared unit");
        clash.set(8, 3);
        assert!(matches!(Pruned::build(&clash), Pruned::NoSolution));

        // r1c9 sees 1..8 in its row and 9 in its column.
        let mut dead_end = Grid::empty(Size::NINE);
        for (col, digit) in (1..=8).enumerate() {
            dead_end.set(col, digit);
        }
        dead_end.set(80, 9);
        assert!(matches!(Pruned::build(&dead_end), Pruned::NoSolution));
    }
}
