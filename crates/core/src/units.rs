//! The units of a grid of one size or layout as tables: which cells make up each unit, which
//! units hold each cell and where in them it sits, which cells see each other. The engines of
//! every size and the logical solver read these in their inner loops, so they are flat vectors
//! indexed by number, built once per size or layout and kept by whoever uses them.

use crate::layout::{House, Layout};
use crate::{Size, Unit};

/// The units of one size or layout as tables. Units are the houses that hold every value once:
/// rows first (`0..side`), then columns (`side..2·side`), then boxes or irregular regions
/// (`2·side..3·side`, numbered as the layout numbers them), then the complete houses a layout's
/// rules add (the diagonals, windows, disjoint groups and extra groups of `side` cells), each
/// listing its cells row-major; cells are numbered as [`Size`] numbers them.
///
/// A cell's peers are the cells it may not share a value with: those of its row, column and
/// box or region, then those its layout adds (the other complete houses, the smaller groups,
/// the pairs that must differ).
///
/// [`Units::default`] holds the tables of no grid (no units, no cells, nothing allocated);
/// [`Units::set_size`] and [`Units::set_layout`] fill them.
#[derive(Clone, Debug, Default)]
pub struct Units {
    /// The size the tables are for, `None` for the tables of no grid.
    size: Option<Size>,
    /// The layout they are for, `None` for the classic layout of the size.
    layout: Option<Layout>,
    /// Cells in a unit.
    side: usize,
    /// The cells of unit `u` are `unit_cells[u * side..(u + 1) * side]`.
    unit_cells: Vec<u16>,
    /// Where each unit comes from.
    houses: Vec<House>,
    /// The row, column and box (or region) unit of each cell.
    units_of: Vec<[u16; 3]>,
    /// Where each cell sits in its row, column and box: its index in `cells_of(u)`.
    positions_of: Vec<[u8; 3]>,
    /// The complete houses a layout adds that hold cell `c` are
    /// `more_units[more_start[c]..more_start[c + 1]]`; both empty for a classic grid.
    more_units: Vec<u16>,
    more_start: Vec<u32>,
    /// Where the cell sits in each of those: its index in the unit's cell list, entry for
    /// entry with `more_units`.
    more_positions: Vec<u8>,
    /// The peers of each cell, cell after cell (see [`Units::peers`]).
    peers: Vec<u16>,
    /// For a classic grid, the peers of every cell (`peers[c * peer_count..]`); 0 otherwise.
    peer_count: usize,
    /// For a layout, where each cell's peers start in `peers` (one more entry for the end),
    /// and how many of them are in its row, column and box or region.
    peer_start: Vec<u32>,
    unit_peer_counts: Vec<u16>,
}

impl Units {
    /// The tables of `size`.
    pub fn new(size: Size) -> Units {
        let mut units = Units::default();
        units.set_size(size);
        units
    }

    /// The tables of `grid`'s size and layout.
    pub fn for_grid(grid: &crate::Grid) -> Units {
        let mut units = Units::default();
        units.set_layout(grid.layout().map(|layout| &**layout), grid.size());
        units
    }

    /// Rebuilds the tables for `size`, in the memory they already have, unless they are
    /// already for that size.
    pub fn set_size(&mut self, size: Size) {
        self.set_layout(None, size);
    }

    /// Rebuilds the tables for `layout` (a grid's [`crate::Grid::layout`]), or for the classic
    /// layout of `size` if `None`, in the memory they already have, unless they are already
    /// for it.
    pub fn set_layout(&mut self, layout: Option<&Layout>, size: Size) {
        let layout = layout.filter(|layout| !layout.is_classic());
        if self.size == Some(size) && self.layout.as_ref() == layout {
            return;
        }
        let (side, cells) = (size.side(), size.cells());
        self.size = Some(size);
        self.layout = layout.cloned();
        self.side = side;
        let region_of =
            |cell: usize| layout.map_or_else(|| size.box_of(cell), |l| l.region_of(cell));

        self.unit_cells.clear();
        self.houses.clear();
        match layout {
            None => {
                self.unit_cells.extend(
                    size.units().flat_map(|unit| size.unit_cells(unit)).map(|cell| cell as u16),
                );
                self.houses.extend(size.units().map(|unit| match unit {
                    Unit::Row(r) => House::Row(r),
                    Unit::Column(c) => House::Column(c),
                    Unit::Box(b) => House::Box(b),
                }));
            }
            Some(layout) => {
                for (house, members) in layout.houses().iter().filter(|(_, m)| m.len() == side) {
                    self.houses.push(*house);
                    self.unit_cells.extend_from_slice(members);
                }
            }
        }

        self.units_of.clear();
        self.units_of.extend((0..cells).map(|cell| {
            [size.row_of(cell), side + size.col_of(cell), 2 * side + region_of(cell)]
                .map(unit_number)
        }));

        self.positions_of.clear();
        self.positions_of.extend((0..cells).map(|cell| {
            let region = &self.unit_cells[(2 * side + region_of(cell)) * side..][..side];
            let in_region = region.iter().position(|&c| usize::from(c) == cell);
            let (row, col) = (size.row_of(cell), size.col_of(cell));
            [col, row, in_region.expect("a cell is in its region")].map(place_number)
        }));

        // Row and column peers outside the cell's box or region, then those inside it.
        let mut peers = std::mem::take(&mut self.peers);
        peers.clear();
        self.peer_start.clear();
        self.unit_peer_counts.clear();
        self.more_units.clear();
        self.more_start.clear();
        self.more_positions.clear();
        let more_houses = self.houses.len();
        let mut mates: Vec<Vec<u16>> = Vec::new();
        if let Some(layout) = layout {
            mates = vec![Vec::new(); cells];
            for (_, members) in layout.houses().iter().skip(3 * side) {
                for &a in members.iter() {
                    mates[usize::from(a)].extend(members.iter().filter(|&&b| b != a));
                }
            }
            for ([a, b], _) in layout.pairs() {
                mates[usize::from(*a)].push(*b);
                mates[usize::from(*b)].push(*a);
            }
        }
        // The complete houses past the rows, columns and regions that hold each cell, in
        // increasing order, with the cell's place in each.
        let mut held: Vec<Vec<(u16, u8)>> = Vec::new();
        if layout.is_some() {
            held = vec![Vec::new(); cells];
            for unit in 3 * side..more_houses {
                for (position, &cell) in self.cells_of(unit).iter().enumerate() {
                    held[usize::from(cell)].push((unit_number(unit), place_number(position)));
                }
            }
        }
        for cell in 0..cells {
            let first = peers.len();
            let [row, col, region] = self.units_of(cell);
            let outside =
                |peer: &&u16| usize::from(self.units_of[usize::from(**peer)][2]) != region;
            peers.extend(self.cells_of(row).iter().filter(outside));
            peers.extend(self.cells_of(col).iter().filter(outside));
            peers.extend(self.cells_of(region).iter().filter(|&&peer| usize::from(peer) != cell));
            if layout.is_some() {
                self.peer_start.push(table_index(first));
                self.unit_peer_counts.push(unit_number(peers.len() - first));
                let known = &peers[first..];
                let mates = mates.get(cell).into_iter().flatten().copied();
                let mut more: Vec<u16> = mates.filter(|peer| !known.contains(peer)).collect();
                more.sort_unstable();
                more.dedup();
                peers.extend(more);
                self.more_start.push(table_index(self.more_units.len()));
                for &(unit, position) in held.get(cell).into_iter().flatten() {
                    self.more_units.push(unit);
                    self.more_positions.push(position);
                }
            }
        }
        if layout.is_some() {
            self.peer_start.push(table_index(peers.len()));
            self.more_start.push(table_index(self.more_units.len()));
            self.peer_count = 0;
        } else {
            self.peer_count = (side - size.box_cols()) + (side - size.box_rows()) + side - 1;
            debug_assert_eq!(peers.len(), cells * self.peer_count);
        }
        self.peers = peers;
    }

    /// Cells in a unit, and values: `n²` (0 for the tables of no grid).
    #[inline]
    pub fn side(&self) -> usize {
        self.side
    }

    /// The layout the tables are for; `None` for a classic grid.
    #[inline]
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    /// The number of units: `3·side`, and the complete houses a layout adds.
    #[inline]
    pub fn count(&self) -> usize {
        self.houses.len()
    }

    /// The cells of unit `unit`, row-major.
    #[inline]
    pub fn cells_of(&self, unit: usize) -> &[u16] {
        &self.unit_cells[unit * self.side..(unit + 1) * self.side]
    }

    /// The row, column and box (or region) unit of `cell`.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [usize; 3] {
        self.units_of[cell].map(usize::from)
    }

    /// The units beyond its row, column and box or region that hold `cell`: the complete
    /// houses its layout adds (none for a classic grid).
    #[inline]
    pub fn more_units_of(&self, cell: usize) -> &[u16] {
        if self.more_start.is_empty() {
            return &[];
        }
        &self.more_units[self.more_start[cell] as usize..self.more_start[cell + 1] as usize]
    }

    /// Where `cell` sits in each of [`Units::more_units_of`]: its index in each unit's cell
    /// list.
    #[inline]
    pub fn more_positions_of(&self, cell: usize) -> &[u8] {
        if self.more_start.is_empty() {
            return &[];
        }
        &self.more_positions[self.more_start[cell] as usize..self.more_start[cell + 1] as usize]
    }

    /// Where `cell` sits in its row, column and box (the order of [`Units::units_of`]): its
    /// index in each unit's cell list.
    #[inline]
    pub fn positions_of(&self, cell: usize) -> [usize; 3] {
        self.positions_of[cell].map(usize::from)
    }

    /// The cells that may not share a value with `cell`, by unit: the cells of its row outside
    /// its box or region, those of its column outside it, then its box's or region's but
    /// itself, each part row-major ([`Units::unit_peer_count`] of them: an engine walks them
    /// unit by unit in this order with bit masks of positions); then, for a layout, the others
    /// its rules add, in increasing order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        if self.peer_count != 0 {
            &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
        } else {
            &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
        }
    }

    /// How many of the [`Units::peers`] of `cell` share its row, column or box or region.
    #[inline]
    pub fn unit_peer_count(&self, cell: usize) -> usize {
        if self.peer_count != 0 { self.peer_count } else { self.unit_peer_counts[cell].into() }
    }

    /// Whether two different cells may not share a value.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (ua, ub) = (self.units_of[a], self.units_of[b]);
        let shares = ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2];
        a != b && (shares || (self.peer_count == 0 && self.peers(a).contains(&(b as u16))))
    }

    /// The unit numbered `unit`, as [`Unit`] names it: an irregular region is named as the box
    /// of its number; see [`Units::house`] for every unit of a layout.
    ///
    /// # Panics
    /// If the unit is one a layout adds beyond the rows, columns and regions.
    pub fn unit(&self, unit: usize) -> Unit {
        match unit / self.side {
            0 => Unit::Row(unit),
            1 => Unit::Column(unit - self.side),
            2 => Unit::Box(unit - 2 * self.side),
            _ => panic!("unit {unit} is not a row, column or box"),
        }
    }

    /// Where the unit numbered `unit` comes from.
    pub fn house(&self, unit: usize) -> House {
        self.houses[unit]
    }
}

/// `unit` (a unit's number, or a count of a cell's peers in its row, column and region) in the
/// 16 bits the tables keep it in. A layout has at most [`Layout::MAX_HOUSES`] houses, which
/// `layout.rs` checks fit, and a cell at most `3 · 64` such peers: never more than 16 bits.
fn unit_number(unit: usize) -> u16 {
    u16::try_from(unit).expect("a layout's houses are numbered in 16 bits (Layout::MAX_HOUSES)")
}

/// `position`, a cell's place in a unit of at most 64 cells, in the 8 bits the tables keep it
/// in.
fn place_number(position: usize) -> u8 {
    u8::try_from(position).expect("a unit holds at most 64 cells")
}

/// `index`, a place in the flat tables of peers or of the houses a layout adds, in 32 bits:
/// at most `4096 · 4095` peers, and [`Layout::MAX_HOUSES`] houses of 64 cells.
fn table_index(index: usize) -> u32 {
    u32::try_from(index).expect("the tables of a 64×64 layout are indexed in 32 bits")
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

    #[test]
    fn the_tables_of_a_layout_hold_its_houses_and_pairs() {
        use crate::layout::Rule;
        let nine = Size::NINE;
        // Boxes sheared one column to the right per row, wrapping round: 9 regions of 9.
        let marks: Vec<u32> =
            (0..81u32).map(|cell| (cell / 27) * 3 + (cell % 9 + cell / 9) % 9 / 3).collect();
        let regions = crate::Layout::new(nine, Some(&marks), &[], &[], None);
        let regions = regions.expect("sheared boxes are regions");
        let x = crate::Layout::new(
            nine,
            None,
            &[Rule::Diagonals, Rule::AntiKnight],
            &[vec![0, 10, 20]],
            None,
        )
        .unwrap();
        let mut units = Units::default();
        for layout in [&regions, &x] {
            units.set_layout(Some(layout), nine);
            let complete: Vec<_> = layout.houses().iter().filter(|(_, m)| m.len() == 9).collect();
            assert_eq!(units.count(), complete.len());
            for (index, (house, members)) in complete.iter().enumerate() {
                assert_eq!(units.house(index), *house);
                assert_eq!(units.cells_of(index), &members[..]);
            }
            for cell in 0..81 {
                for (unit, position) in
                    units.units_of(cell).into_iter().zip(units.positions_of(cell))
                {
                    assert_eq!(usize::from(units.cells_of(unit)[position]), cell);
                }
                assert_eq!(units.units_of(cell)[2], 18 + layout.region_of(cell));
                let more: Vec<usize> = (27..units.count())
                    .filter(|&u| units.cells_of(u).contains(&(cell as u16)))
                    .collect();
                assert!(units.more_units_of(cell).iter().map(|&u| usize::from(u)).eq(more));
                let in_house = |other: usize| {
                    layout
                        .houses()
                        .iter()
                        .any(|(_, m)| m.contains(&(cell as u16)) && m.contains(&(other as u16)))
                };
                let paired = |other: usize| {
                    let pair = [cell.min(other) as u16, cell.max(other) as u16];
                    layout.pairs().iter().any(|(p, _)| *p == pair)
                };
                let expected: Vec<usize> =
                    (0..81).filter(|&o| o != cell && (in_house(o) || paired(o))).collect();
                let mut peers: Vec<usize> = units.peers(cell).iter().map(|&c| c.into()).collect();
                let [row, col, region] = units.units_of(cell);
                let shares = |&peer: &usize| {
                    let u = units.units_of(peer);
                    u[0] == row || u[1] == col || u[2] == region
                };
                let split = units.unit_peer_count(cell);
                assert!(peers[..split].iter().all(shares), "cell {cell}");
                assert!(!peers[split..].iter().any(shares), "cell {cell}");
                peers.sort_unstable();
                assert_eq!(peers, expected, "cell {cell}");
                let seen: Vec<usize> = (0..81).filter(|&o| units.sees(cell, o)).collect();
                assert_eq!(seen, expected, "cell {cell}");
            }
        }
        // Back to the classic tables.
        units.set_size(nine);
        assert_eq!(
            (units.count(), units.peers(40).len(), units.more_units_of(40).len()),
            (27, 20, 0)
        );
    }
}
