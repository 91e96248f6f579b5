//! The pencil marks the chains read: a 9×9 grid's candidates as nine bits a cell, with the
//! houses in the order Sudoku Explainer visits them (box, row, column; cells row-major), since
//! that order decides which of two equal derivations a chain keeps.

use crate::board::Board;

/// The houses of a cell in visiting order: its box, its row, its column.
pub(super) fn houses_of(cell: usize) -> [usize; 3] {
    let (row, column) = (cell / 9, cell % 9);
    [(row / 3) * 3 + column / 3, 9 + row, 18 + column]
}

/// The cells of house `house` (boxes `0..9`, rows `9..18`, columns `18..27`), row-major.
pub(super) fn cells_of(house: usize) -> [usize; 9] {
    std::array::from_fn(|i| match house {
        0..9 => (house / 3 * 3 + i / 3) * 9 + house % 3 * 3 + i % 3,
        9..18 => (house - 9) * 9 + i,
        _ => i * 9 + house - 18,
    })
}

/// Every cell's candidates (value `v` is bit `v − 1`); zero for a filled cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Marks {
    pub(super) cells: [u16; 81],
}

impl Marks {
    /// The marks of a 9×9 board; `None` for another size (the chains are 9×9 only, as the
    /// scale they rate on).
    pub(super) fn of(board: &Board) -> Option<Marks> {
        if board.size().side() != 9 {
            return None;
        }
        Some(Marks { cells: std::array::from_fn(|cell| board.candidates(cell) as u16) })
    }

    /// Whether `cell` holds candidate `value`.
    #[inline]
    pub(super) fn has(&self, cell: usize, value: u8) -> bool {
        self.cells[cell] & (1 << (value - 1)) != 0
    }

    /// Removes candidate `value` from `cell`.
    #[inline]
    pub(super) fn remove(&mut self, cell: usize, value: u8) {
        self.cells[cell] &= !(1 << (value - 1));
    }

    /// The number of candidates of `cell`.
    #[inline]
    pub(super) fn count(&self, cell: usize) -> u32 {
        self.cells[cell].count_ones()
    }

    /// The places of `value` in `house`: bit `i` for the house's `i`-th cell.
    #[inline]
    pub(super) fn places(&self, house: usize, value: u8) -> u16 {
        cells_of(house)
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| self.has(cell, value))
            .fold(0, |set, (i, _)| set | 1 << i)
    }
}
