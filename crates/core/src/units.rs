//! The units of a grid of one size as tables: which cells make up each unit, which units hold
//! each cell and where in them it sits, which cells see each other. The engines of every size
//! and the logical solver read these in their inner loops, so they are flat vectors indexed by
//! number, built once per size and kept by whoever uses them.

use crate::{Size, Unit};

/// The units (rows, columns and boxes) of one size as tables. Units are numbered rows first
/// (`0..side`), then columns (`side..2·side`), then boxes (`2·side..3·side`, row-major), each
/// listing its cells row-major; cells are numbered as [`Size`] numbers them.
///
/// [`Units::default`] holds the tables of no grid (no units, no cells, nothing allocated);
/// [`Units::set_size`] fills them.
#[derive(Clone, Debug, Default)]
pub struct Units {
    /// The size the tables are for, `None` for the tables of no grid.
    size: Option<Size>,
    /// Cells in a unit.
    side: usize,
    /// The cells of unit `u` are `unit_cells[u * side..(u + 1) * side]`.
    unit_cells: Vec<u16>,
    /// The row, column and box unit of each cell.
    units_of: Vec<[u16; 3]>,
    /// Where each cell sits in its row, column and box: its index in `cells_of(u)`.
    positions_of: Vec<[u8; 3]>,
    /// The cells sharing a unit with cell `c` (not `c` itself) are
    /// `peers[c * peer_count..(c + 1) * peer_count]`.
    peers: Vec<u16>,
    /// Peers of each cell: `(side − c) + (side − r) + side − 1` for boxes of `r` rows and `c`
    /// columns (`2(n² − n) + n² − 1` for square boxes of order `n`).
    peer_count: usize,
}

impl Units {
    /// The tables of `size`.
    pub fn new(size: Size) -> Units {
        let mut units = Units::default();
        units.set_size(size);
        units
    }

    /// Rebuilds the tables for `size`, in the memory they already have, unless they are
    /// already for that size.
    pub fn set_size(&mut self, size: Size) {
        if self.size == Some(size) {
            return;
        }
        let (side, cells) = (size.side(), size.cells());
        self.size = Some(size);
        self.side = side;

        self.unit_cells.clear();
        self.unit_cells
            .extend(size.units().flat_map(|unit| size.unit_cells(unit)).map(|cell| cell as u16));

        self.units_of.clear();
        self.units_of.extend((0..cells).map(|cell| {
            [size.row_of(cell), side + size.col_of(cell), 2 * side + size.box_of(cell)]
                .map(|unit| unit as u16)
        }));

        self.positions_of.clear();
        self.positions_of.extend((0..cells).map(|cell| {
            let (row, col) = (size.row_of(cell), size.col_of(cell));
            [col, row, size.position_in_box(cell)].map(|position| position as u8)
        }));

        // Row and column peers outside the cell's box, then its box peers.
        self.peer_count = (side - size.box_cols()) + (side - size.box_rows()) + side - 1;
        let mut peers = std::mem::take(&mut self.peers);
        peers.clear();
        for cell in 0..cells {
            let [row, col, box_unit] = self.units_of(cell);
            let outside_box =
                |peer: &&u16| usize::from(self.units_of[usize::from(**peer)][2]) != box_unit;
            peers.extend(self.cells_of(row).iter().filter(outside_box));
            peers.extend(self.cells_of(col).iter().filter(outside_box));
            peers.extend(self.cells_of(box_unit).iter().filter(|&&peer| usize::from(peer) != cell));
        }
        debug_assert_eq!(peers.len(), cells * self.peer_count);
        self.peers = peers;
    }

    /// Cells in a unit, and values: `n²` (0 for the tables of no grid).
    #[inline]
    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of units: `3·side`.
    #[inline]
    pub fn count(&self) -> usize {
        3 * self.side
    }

    /// The cells of unit `unit`, row-major.
    #[inline]
    pub fn cells_of(&self, unit: usize) -> &[u16] {
        &self.unit_cells[unit * self.side..(unit + 1) * self.side]
    }

    /// The row, column and box unit of `cell`.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [usize; 3] {
        self.units_of[cell].map(usize::from)
    }

    /// Where `cell` sits in its row, column and box (the order of [`Units::units_of`]): its
    /// index in each unit's cell list.
    #[inline]
    pub fn positions_of(&self, cell: usize) -> [usize; 3] {
        self.positions_of[cell].map(usize::from)
    }

    /// The cells that share a unit with `cell`, by unit: the cells of its row outside its box,
    /// those of its column outside its box, then its box's but itself, each part row-major.
    /// (An engine walks them unit by unit in this order with bit masks of positions.)
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (ua, ub) = (self.units_of[a], self.units_of[b]);
        a != b && (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2])
    }

    /// The unit numbered `unit`, as [`Unit`] names it.
    pub fn unit(&self, unit: usize) -> Unit {
        match unit / self.side {
            0 => Unit::Row(unit),
            1 => Unit::Column(unit - self.side),
            _ => Unit::Box(unit - 2 * self.side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_the_geometry_of_every_size() {
        let mut units = Units::default();
        assert_eq!((units.side(), units.count()), (0, 0));
        // Every size (4×4, 6×6 both ways and 9×9 alone under Miri), then 9×9 again.
        let mut sizes: Vec<Size> = Size::all().collect();
        if cfg!(miri) {
            sizes.retain(|size| size.side() <= 9);
        }
        for &size in sizes.iter().chain(&[Size::NINE]) {
            units.set_size(size);
            assert_eq!(units.side(), size.side());
            for (index, unit) in size.units().enumerate() {
                assert_eq!(units.unit(index), unit);
                let cells: Vec<usize> = units.cells_of(index).iter().map(|&c| c.into()).collect();
                assert_eq!(cells, size.unit_cells(unit).collect::<Vec<_>>(), "{size} {unit:?}");
            }
            for cell in 0..size.cells() {
                let (units_of, positions) = (units.units_of(cell), units.positions_of(cell));
                for (unit, position) in units_of.into_iter().zip(positions) {
                    assert_eq!(usize::from(units.cells_of(unit)[position]), cell);
                }
                let mut peers: Vec<usize> = units.peers(cell).iter().map(|&c| c.into()).collect();
                // By unit: the row's and the column's outside the box, then the box's.
                let split = 2 * size.side() - size.box_rows() - size.box_cols();
                assert!(peers[..split].iter().all(|&peer| size.box_of(peer) != size.box_of(cell)));
                assert!(peers[split..].iter().all(|&peer| size.box_of(peer) == size.box_of(cell)));
                peers.sort_unstable();
                let shares = |other| {
                    other != cell
                        && (size.row_of(other) == size.row_of(cell)
                            || size.col_of(other) == size.col_of(cell)
                            || size.box_of(other) == size.box_of(cell))
                };
                let expected: Vec<usize> = (0..size.cells()).filter(|&o| shares(o)).collect();
                assert_eq!(peers, expected, "{size} cell {cell}");
                let seen: Vec<usize> =
                    (0..size.cells()).filter(|&other| units.sees(cell, other)).collect();
                assert_eq!(seen, expected, "{size} cell {cell}");
            }
        }
    }
}
