//! Grid sizes and the geometry every engine shares.
//!
//! A size is given by its box order `n`, 2 to 8: the grid has side `n²` (4×4 up to 64×64),
//! `n⁴` cells and values `1..=n²`; boxes are `n×n`. Cells are numbered row by row from 0:
//! cell `i` sits in row `i / side`, column `i % side`. Rows, columns and boxes ("units") are
//! numbered `0..side`, boxes row by row from the top left. Messages meant for people use the
//! 1-based `r1c1` notation of the Sudoku community.

use std::fmt;
use std::str::FromStr;

/// The size of a grid, by box order (2..=8). `Size::NINE` is the classic 9×9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Size {
    order: u8,
}

impl Size {
    /// The smallest box order, 4×4 grids.
    pub const MIN_ORDER: usize = 2;
    /// The largest box order, 64×64 grids: a cell's candidates still fit a `u64`.
    pub const MAX_ORDER: usize = 8;
    /// The classic 9×9 grid (box order 3).
    pub const NINE: Size = Size { order: 3 };
    /// Every size, smallest first.
    pub const ALL: [Size; 7] = [
        Size { order: 2 },
        Size { order: 3 },
        Size { order: 4 },
        Size { order: 5 },
        Size { order: 6 },
        Size { order: 7 },
        Size { order: 8 },
    ];

    /// The size of box order `order`, if it is 2..=8.
    pub const fn from_order(order: usize) -> Option<Size> {
        if order >= Self::MIN_ORDER && order <= Self::MAX_ORDER {
            Some(Size { order: order as u8 })
        } else {
            None
        }
    }

    /// The size whose side (values, cells per unit) is `side`, if there is one.
    pub fn from_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|size| size.side() == side)
    }

    /// The size with `cells` cells, if there is one.
    pub fn from_cell_count(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|size| size.cells() == cells)
    }

    /// The box order `n`.
    #[inline]
    pub const fn order(self) -> usize {
        self.order as usize
    }

    /// The side `n²`: cells per row, column and box, and the largest value.
    #[inline]
    pub const fn side(self) -> usize {
        self.order() * self.order()
    }

    /// The number of cells, `n⁴`.
    #[inline]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Row of a cell.
    #[inline]
    pub const fn row_of(self, cell: usize) -> usize {
        cell / self.side()
    }

    /// Column of a cell.
    #[inline]
    pub const fn col_of(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// Box of a cell, numbered row by row from the top left.
    #[inline]
    pub const fn box_of(self, cell: usize) -> usize {
        let n = self.order();
        (self.row_of(cell) / n) * n + self.col_of(cell) / n
    }

    /// Cell at a row and column.
    #[inline]
    pub const fn cell_at(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The cells of a box, in row-major order.
    pub fn box_cells(self, box_index: usize) -> impl Iterator<Item = usize> {
        let n = self.order();
        let (top, left) = ((box_index / n) * n, (box_index % n) * n);
        (0..self.side()).map(move |k| self.cell_at(top + k / n, left + k % n))
    }

    /// Every unit: the rows, then the columns, then the boxes.
    pub fn units(self) -> impl Iterator<Item = Unit> {
        let side = self.side();
        (0..side).map(Unit::Row).chain((0..side).map(Unit::Column)).chain((0..side).map(Unit::Box))
    }

    /// The cells of a unit, in row-major order.
    pub fn unit_cells(self, unit: Unit) -> impl Iterator<Item = usize> {
        let side = self.side();
        (0..side).map(move |k| match unit {
            Unit::Row(r) => self.cell_at(r, k),
            Unit::Column(c) => self.cell_at(k, c),
            Unit::Box(b) => {
                let n = self.order();
                self.cell_at((b / n) * n + k / n, (b % n) * n + k % n)
            }
        })
    }

    /// A cell named the way players name it (`r1c1`).
    pub fn name(self, cell: usize) -> CellName {
        CellName { row: self.row_of(cell), col: self.col_of(cell) }
    }

    /// The sides of every size, for messages: "4, 9, 16, 25, 36, 49 or 64".
    pub fn list_sides() -> String {
        let sides: Vec<String> = Size::ALL.iter().map(|s| s.side().to_string()).collect();
        format!("{} or {}", sides[..sides.len() - 1].join(", "), sides[sides.len() - 1])
    }
}

impl fmt::Display for Size {
    /// `9×9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.side())
    }
}

/// The error of parsing a size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown size '{0}'; expected a side of {sides} (or 9x9, 16x16, ...)", sides = Size::list_sides())]
pub struct UnknownSize(pub String);

impl FromStr for Size {
    type Err = UnknownSize;

    /// A side (`16`) or both sides (`16x16`, `16×16`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownSize(text.to_owned());
        let lower = text.trim().to_ascii_lowercase();
        let side = match lower.split_once(['x', '×']) {
            Some((a, b)) if a.trim() == b.trim() => a.trim(),
            Some(_) => return Err(unknown()),
            None => lower.as_str(),
        };
        side.parse().ok().and_then(Size::from_side).ok_or_else(unknown)
    }
}

/// A cell written the way Sudoku players name it: `r1c1` is the top left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CellName {
    /// The 0-based row.
    pub row: usize,
    /// The 0-based column.
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// One of the units (rows, columns and boxes) in which each value must appear exactly once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unit {
    /// A row, from the top.
    Row(usize),
    /// A column, from the left.
    Column(usize),
    /// A box, row by row from the top left.
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_of_corner_and_centre_cells() {
        let nine = Size::NINE;
        assert_eq!((nine.row_of(0), nine.col_of(0), nine.box_of(0)), (0, 0, 0));
        assert_eq!((nine.row_of(40), nine.col_of(40), nine.box_of(40)), (4, 4, 4));
        assert_eq!((nine.row_of(80), nine.col_of(80), nine.box_of(80)), (8, 8, 8));
        assert_eq!(nine.box_of(nine.cell_at(3, 8)), 5);
        assert_eq!(nine.box_cells(4).collect::<Vec<_>>(), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        let sixteen: Size = "16".parse().unwrap();
        assert_eq!(sixteen.box_of(sixteen.cell_at(5, 13)), 7);
        assert_eq!(sixteen.name(255).to_string(), "r16c16");
    }

    #[test]
    fn every_unit_holds_side_distinct_cells_and_each_cell_is_in_three_units() {
        for size in Size::ALL {
            let mut membership = vec![0; size.cells()];
            for unit in size.units() {
                let mut cells: Vec<_> = size.unit_cells(unit).collect();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), size.side(), "{size} {unit}");
                for cell in cells {
                    membership[cell] += 1;
                }
            }
            assert!(membership.iter().all(|&m| m == 3), "{size}");
            for b in 0..size.side() {
                assert!(size.box_cells(b).eq(size.unit_cells(Unit::Box(b))));
                assert!(size.box_cells(b).all(|cell| size.box_of(cell) == b));
            }
        }
    }

    #[test]
    fn sizes_parse_from_a_side_or_both_sides() {
        assert_eq!("9".parse(), Ok(Size::NINE));
        assert_eq!("25x25".parse::<Size>().map(Size::order), Ok(5));
        assert_eq!("64×64".parse::<Size>().map(Size::cells), Ok(4096));
        for bad in ["8", "16x9", "", "81", "1"] {
            assert!(bad.parse::<Size>().is_err(), "{bad}");
        }
        assert_eq!(Size::NINE.to_string(), "9×9");
        assert_eq!(Size::list_sides(), "4, 9, 16, 25, 36, 49 or 64");
    }
}
