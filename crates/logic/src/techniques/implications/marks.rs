//! The pencil marks the chains read: a 9×9 grid's candidates as nine bits a cell, with the
//! houses in the order Sudoku Explainer visits them (box, row, column; cells row-major), since
//! that order decides which of two equal derivations a chain keeps.

use crate::board::Board;

/// The houses of a cell in visiting order: its box, its row, its column.
#[inline]
pub(super) fn houses_of(cell: usize) -> [usize; 3] {
    let [b, r, c] = HOUSES_OF[cell];
    [usize::from(b), usize::from(r), usize::from(c)]
}

/// The cells of house `house` (boxes `0..9`, rows `9..18`, columns `18..27`), row-major.
#[inline]
pub(super) fn cells_of(house: usize) -> [usize; 9] {
    HOUSE_CELLS[house].map(usize::from)
}

/// The cells of house `house`, as [`cells_of`], borrowed from the table: for the links, read
/// for every node of every walk.
#[inline]
pub(super) fn house_cells(house: usize) -> &'static [u8; 9] {
    &HOUSE_CELLS[house]
}

/// The index of `cell` within each of its houses, in [`houses_of`]'s order.
#[inline]
pub(super) fn index_in(cell: usize) -> [u8; 3] {
    INDEX_IN[cell]
}

/// Whether `bits` has exactly two bits set: `count_ones() == 2` without a population count,
/// which the baseline instruction set lacks and the links test for every node of every walk.
#[inline]
pub(super) fn two(bits: u16) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// Whether `bits` has at least two bits set (see [`two`]).
#[inline]
pub(super) fn several(bits: u16) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// The cells of house `first` that also lie in house `second`, as bits of `first`'s cells
/// (bit `i` for its `i`-th cell; zero for houses that do not cross).
#[inline]
pub(super) fn crossing(first: usize, second: usize) -> u16 {
    CROSSING[first][second]
}

/// The cells each cell sees (its row, column and box, itself left out), as bits of 81.
pub(super) static PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut other = 0;
        while other < 81 {
            let (r, c, o, d) = (cell / 9, cell % 9, other / 9, other % 9);
            let seen = r == o || c == d || (r / 3 == o / 3 && c / 3 == d / 3);
            if other != cell && seen {
                peers[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
};

/// The number of values in each set of nine (value `v` is bit `v − 1`): a table rather than a
/// population count, which the baseline instruction set lacks.
static COUNTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        table[set] = (set as u16).count_ones() as u8;
        set += 1;
    }
    table
};

/// [`crossing`] as a table.
static CROSSING: [[u16; 27]; 27] = {
    let mut table = [[0u16; 27]; 27];
    let mut first = 0;
    while first < 27 {
        let mut second = 0;
        while second < 27 {
            let mut i = 0;
            while i < 9 {
                let mut j = 0;
                while j < 9 {
                    if HOUSE_CELLS[first][i] == HOUSE_CELLS[second][j] {
                        table[first][second] |= 1 << i;
                    }
                    j += 1;
                }
                i += 1;
            }
            second += 1;
        }
        first += 1;
    }
    table
};

/// [`cells_of`] as a table.
static HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut table = [[0u8; 9]; 27];
    let mut house = 0;
    while house < 27 {
        let mut i = 0;
        while i < 9 {
            table[house][i] = match house {
                0..9 => (house / 3 * 3 + i / 3) * 9 + house % 3 * 3 + i % 3,
                9..18 => (house - 9) * 9 + i,
                _ => i * 9 + house - 18,
            } as u8;
            i += 1;
        }
        house += 1;
    }
    table
};

/// [`houses_of`] as a table.
static HOUSES_OF: [[u8; 3]; 81] = {
    let mut table = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        table[cell] = [((row / 3) * 3 + column / 3) as u8, (9 + row) as u8, (18 + column) as u8];
        cell += 1;
    }
    table
};

/// The index of a cell within each of its three houses, in [`houses_of`]'s order.
static INDEX_IN: [[u8; 3]; 81] = {
    let mut table = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        table[cell] = [((row % 3) * 3 + column % 3) as u8, column as u8, row as u8];
        cell += 1;
    }
    table
};

/// Every cell's candidates (value `v` is bit `v − 1`); zero for a filled cell.
#[derive(Clone, Copy, Eq, Debug)]
pub(super) struct Marks {
    pub(super) cells: [u16; 81],
    /// How many cells hold each value (value `v` at `v − 1`), which a walk does not change.
    pub(super) placed: [u8; 9],
    /// The places of each value in each house (see [`Marks::places`]), kept with the cells.
    places: [[u16; 9]; 27],
}

/// Two boards are the same when their cells and placed counts are: the places follow from
/// the cells, and are not compared again (a walk's board is compared with the one the walks
/// of a rung were kept for, every walk).
impl PartialEq for Marks {
    fn eq(&self, other: &Marks) -> bool {
        self.cells == other.cells && self.placed == other.placed
    }
}

impl Marks {
    /// The marks of a 9×9 board; `None` for another size (the chains are 9×9 only, as the
    /// scale they rate on).
    pub(super) fn of(board: &Board) -> Option<Marks> {
        if board.size().side() != 9 {
            return None;
        }
        let mut placed = [0; 9];
        for cell in 0..81 {
            if let Some(v) = board.value(cell).checked_sub(1) {
                placed[usize::from(v)] += 1;
            }
        }
        let cells: [u16; 81] = std::array::from_fn(|cell| board.candidates(cell) as u16);
        let places = std::array::from_fn(|house| {
            std::array::from_fn(|v| {
                HOUSE_CELLS[house]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &cell)| cells[usize::from(cell)] & (1 << v) != 0)
                    .fold(0, |set, (i, _)| set | 1 << i)
            })
        });
        Some(Marks { cells, placed, places })
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
        for (house, index) in HOUSES_OF[cell].into_iter().zip(INDEX_IN[cell]) {
            self.places[usize::from(house)][usize::from(value - 1)] &= !(1 << index);
        }
    }

    /// The number of candidates of `cell`.
    #[inline]
    pub(super) fn count(&self, cell: usize) -> u32 {
        u32::from(COUNTS[usize::from(self.cells[cell])])
    }

    /// The places of `value` in `house`: bit `i` for the house's `i`-th cell.
    #[inline]
    pub(super) fn places(&self, house: usize, value: u8) -> u16 {
        self.places[house][usize::from(value - 1)]
    }

    /// The places of every value in `house`, as [`Marks::places`] (value `v` at `v − 1`).
    #[inline]
    pub(super) fn house_places(&self, house: usize) -> &[u16; 9] {
        &self.places[house]
    }
}

/// The pairs of `0..9` in the order Sudoku Explainer enumerates them: by their larger member,
/// then their smaller (`01, 02, 12, 03, 13, 23, ...`).
pub(super) fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_counts_and_crossings_agree_with_their_definitions() {
        for bits in 0..=0x1ffu16 {
            assert_eq!(two(bits), bits.count_ones() == 2, "{bits:#b}");
            assert_eq!(several(bits), bits.count_ones() >= 2, "{bits:#b}");
        }
        for first in 0..27 {
            for second in 0..27 {
                let expected = (0..9)
                    .filter(|&i| cells_of(second).contains(&cells_of(first)[i]))
                    .fold(0u16, |set, i| set | 1 << i);
                assert_eq!(crossing(first, second), expected, "{first} and {second}");
            }
        }
        // Box 1's first row is row 1's first three cells; row 1 meets column 5 at its fifth.
        assert_eq!((crossing(0, 9), crossing(9, 0), crossing(9, 22)), (0b111, 0b111, 1 << 4));
    }
}
