//! The houses (rows, columns and boxes) of a grid of one size as tables: which cells make up
//! each house, which houses hold each cell, which cells see each other. The tables are the
//! core's [`Units`]; built once per size and kept for the life of the process, with the peers
//! in increasing order, which the techniques' search follows.

use std::sync::OnceLock;

use sudoku_core::{Size, Unit, Units};

/// The houses of one size. Houses are numbered rows first (`0..side`), then columns
/// (`side..2·side`), then boxes (`2·side..3·side`), each listing its cells row-major.
pub(crate) struct Houses {
    /// The size these tables describe.
    pub(crate) size: Size,
    /// Cells in a house, and values: `n²`.
    pub(crate) side: usize,
    /// Cells in the grid: `n⁴`.
    pub(crate) cells: usize,
    /// The candidate set holding every value.
    pub(crate) all_values: u64,
    /// The cells of each house, the houses of each cell.
    units: Units,
    /// The cells that share a house with each cell, itself excluded, in increasing order (the
    /// core lists them by unit): the order in which the techniques meet them.
    peers: Vec<Vec<u16>>,
}

impl Houses {
    /// The tables of `size`, built on first use.
    pub(crate) fn of(size: Size) -> &'static Houses {
        static TABLES: [OnceLock<Houses>; Size::SHAPES] = [const { OnceLock::new() }; Size::SHAPES];
        TABLES[size.shape_index()].get_or_init(|| Houses::build(size))
    }

    fn build(size: Size) -> Houses {
        let (side, cells) = (size.side(), size.cells());
        let units = Units::new(size);
        let peers = (0..cells)
            .map(|cell| {
                let mut peers = units.peers(cell).to_vec();
                peers.sort_unstable();
                peers
            })
            .collect();
        Houses { size, side, cells, all_values: u64::MAX >> (64 - side), units, peers }
    }

    /// The number of houses: `3·side`.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        self.units.count()
    }

    /// The cells of house `house`, row-major.
    #[inline]
    pub(crate) fn cells_of(&self, house: usize) -> &[u16] {
        self.units.cells_of(house)
    }

    /// The row, column and box house of `cell`.
    #[inline]
    pub(crate) fn houses_of(&self, cell: usize) -> [usize; 3] {
        self.units.units_of(cell)
    }

    /// The cells that share a house with `cell`, in increasing order.
    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell]
    }

    /// Whether two different cells share a house.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.units.sees(a, b)
    }

    /// The house numbered `house`, as the core names it.
    pub(crate) fn unit(&self, house: usize) -> Unit {
        self.units.unit(house)
    }

    /// The houses of one kind: rows (`0`), columns (`1`) or boxes (`2`).
    #[inline]
    pub(crate) fn of_kind(&self, kind: usize) -> std::ops::Range<usize> {
        kind * self.side..(kind + 1) * self.side
    }
}

/// The values of a candidate set, smallest first (value `v` is bit `v − 1`).
pub(crate) fn values(set: u64) -> impl Iterator<Item = u8> {
    bits(set).map(|bit| bit as u8 + 1)
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// The candidate set holding only `value`.
#[inline]
pub(crate) fn bit(value: u8) -> u64 {
    1 << (value - 1)
}

/// A house two different cells share (row, then column, then box).
pub(crate) fn shared_unit(size: Size, a: usize, b: usize) -> Option<Unit> {
    if a == b {
        None
    } else if size.row_of(a) == size.row_of(b) {
        Some(Unit::Row(size.row_of(a)))
    } else if size.col_of(a) == size.col_of(b) {
        Some(Unit::Column(size.col_of(a)))
    } else if size.box_of(a) == size.box_of(b) {
        Some(Unit::Box(size.box_of(a)))
    } else {
        None
    }
}
