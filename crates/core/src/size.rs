//! Grid sizes and the geometry every engine shares.
//!
//! A size is given by the shape of its boxes: `r` rows by `c` columns, each 2 to 8. The grid
//! has side `r·c` (4×4 up to 64×64), `(r·c)²` cells and values `1..=r·c`. Square boxes
//! (`r = c = n`, box order `n`) give the classic sizes 4×4, 9×9, 16×16, ... 64×64; boxes of
//! two different sides give the rectangular-box sizes: 6×6 with boxes of 2 rows by 3 columns,
//! 8×8 (2×4), 10×10 (2×5), 12×12 (3×4), ... A side that is a square has square boxes unless
//! told otherwise; any other side has, unless told otherwise, its squarest boxes, wider than
//! they are tall (12×12: 3×4), as printed collections draw them.
//!
//! Cells are numbered row by row from 0: cell `i` sits in row `i / side`, column `i % side`.
//! Rows, columns and boxes ("units") are numbered `0..side`, boxes row by row from the top
//! left. Messages meant for people use the 1-based `r1c1` notation of the Sudoku community.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The size of a grid, by the shape of its boxes. `Size::NINE` is the classic 9×9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Size {
    /// Rows of a box, 2..=8.
    box_rows: u8,
    /// Columns of a box, 2..=8.
    box_cols: u8,
}

impl Size {
    /// The smallest box order of a square-box size: 4×4 grids.
    pub const MIN_ORDER: usize = 2;
    /// The largest box order, and the most rows or columns of any box: 64×64 grids, whose
    /// candidates still fit a `u64`.
    pub const MAX_ORDER: usize = 8;
    /// The classic 9×9 grid (box order 3).
    pub const NINE: Size = Size { box_rows: 3, box_cols: 3 };
    /// Every size with square boxes, smallest first.
    pub const SQUARES: [Size; 7] = [
        Size { box_rows: 2, box_cols: 2 },
        Size { box_rows: 3, box_cols: 3 },
        Size { box_rows: 4, box_cols: 4 },
        Size { box_rows: 5, box_cols: 5 },
        Size { box_rows: 6, box_cols: 6 },
        Size { box_rows: 7, box_cols: 7 },
        Size { box_rows: 8, box_cols: 8 },
    ];

    /// The size with square boxes of order `order`, if it is 2..=8.
    pub const fn from_order(order: usize) -> Option<Size> {
        Size::with_boxes(order, order)
    }

    /// The size whose boxes have `rows` rows and `cols` columns, if both are 2..=8.
    pub const fn with_boxes(rows: usize, cols: usize) -> Option<Size> {
        const fn fits(n: usize) -> bool {
            n >= Size::MIN_ORDER && n <= Size::MAX_ORDER
        }
        if fits(rows) && fits(cols) {
            Some(Size { box_rows: rows as u8, box_cols: cols as u8 })
        } else {
            None
        }
    }

    /// The size whose side (values, cells per unit) is `side`, if there is one, with its usual
    /// boxes: square when the side is a square, else the squarest shape, wider than tall.
    pub const fn from_side(side: usize) -> Option<Size> {
        let order = side.isqrt();
        if order * order == side {
            return Size::from_order(order);
        }
        let mut rows = order;
        while rows >= Self::MIN_ORDER {
            if side.is_multiple_of(rows) {
                return Size::with_boxes(rows, side / rows);
            }
            rows -= 1;
        }
        None
    }

    /// The size with `cells` cells, if there is one, with its side's usual boxes.
    pub const fn from_cell_count(cells: usize) -> Option<Size> {
        let side = cells.isqrt();
        if side * side == cells { Size::from_side(side) } else { None }
    }

    /// Every size: every shape of box from 2×2 to 8×8, smallest side first and, on a side,
    /// fewest box rows first.
    pub fn all() -> impl Iterator<Item = Size> {
        let mut all: Vec<Size> = (Self::MIN_ORDER..=Self::MAX_ORDER)
            .flat_map(|rows| {
                (Self::MIN_ORDER..=Self::MAX_ORDER)
                    .filter_map(move |cols| Size::with_boxes(rows, cols))
            })
            .collect();
        all.sort_unstable();
        all.into_iter()
    }

    /// How many shapes of box there are: 7 × 7, 2×2 to 8×8.
    pub const SHAPES: usize = (Self::MAX_ORDER - Self::MIN_ORDER + 1).pow(2);

    /// A number for the shape of box, `0..SHAPES`: for tables kept per size.
    #[inline]
    pub const fn shape_index(self) -> usize {
        let span = Self::MAX_ORDER - Self::MIN_ORDER + 1;
        (self.box_rows() - Self::MIN_ORDER) * span + self.box_cols() - Self::MIN_ORDER
    }

    /// Rows of a box.
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box.
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The box order `n` of a size with square `n×n` boxes, `None` for rectangular boxes.
    #[inline]
    pub const fn square_order(self) -> Option<usize> {
        if self.box_rows == self.box_cols { Some(self.box_rows()) } else { None }
    }

    /// Whether the boxes are square (the classic sizes).
    #[inline]
    pub const fn is_square(self) -> bool {
        self.box_rows == self.box_cols
    }

    /// Whether the boxes are the usual ones of the side ([`Size::from_side`]'s).
    pub fn has_usual_boxes(self) -> bool {
        Size::from_side(self.side()) == Some(self)
    }

    /// The same side with its boxes turned a quarter: `c` rows by `r` columns.
    #[inline]
    pub const fn turned(self) -> Size {
        Size { box_rows: self.box_cols, box_cols: self.box_rows }
    }

    /// The side `r·c`: cells per row, column and box, and the largest value.
    #[inline]
    pub const fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// The number of cells, `side²`.
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

    /// The cells that share an edge with `cell`: above, below, left, right, those inside the
    /// grid, in that order.
    pub fn edge_neighbours(self, cell: usize) -> Vec<usize> {
        let (side, row, col) = (self.side(), self.row_of(cell), self.col_of(cell));
        let mut found = Vec::with_capacity(4);
        if row > 0 {
            found.push(cell - side);
        }
        if row + 1 < side {
            found.push(cell + side);
        }
        if col > 0 {
            found.push(cell - 1);
        }
        if col + 1 < side {
            found.push(cell + 1);
        }
        found
    }

    /// Box of a cell, numbered row by row from the top left (a band of boxes holds
    /// `box_rows` boxes side by side).
    #[inline]
    pub const fn box_of(self, cell: usize) -> usize {
        let (rows, cols) = (self.box_rows(), self.box_cols());
        (self.row_of(cell) / rows) * rows + self.col_of(cell) / cols
    }

    /// Where a cell sits in its box: its index in [`Size::box_cells`], row-major.
    #[inline]
    pub const fn position_in_box(self, cell: usize) -> usize {
        let (rows, cols) = (self.box_rows(), self.box_cols());
        (self.row_of(cell) % rows) * cols + self.col_of(cell) % cols
    }

    /// Cell at a row and column.
    #[inline]
    pub const fn cell_at(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The top row and left column of a box.
    #[inline]
    pub const fn box_origin(self, box_index: usize) -> (usize, usize) {
        let (rows, cols) = (self.box_rows(), self.box_cols());
        ((box_index / rows) * rows, (box_index % rows) * cols)
    }

    /// The cells of a box, in row-major order.
    pub fn box_cells(self, box_index: usize) -> impl Iterator<Item = usize> {
        let (top, left) = self.box_origin(box_index);
        let cols = self.box_cols();
        (0..self.side()).map(move |k| self.cell_at(top + k / cols, left + k % cols))
    }

    /// Every unit: the rows, then the columns, then the boxes.
    pub fn units(self) -> impl Iterator<Item = Unit> {
        let side = self.side();
        (0..side).map(Unit::Row).chain((0..side).map(Unit::Column)).chain((0..side).map(Unit::Box))
    }

    /// The cells of a unit, in row-major order.
    pub fn unit_cells(self, unit: Unit) -> impl Iterator<Item = usize> {
        let side = self.side();
        let (top, left) = match unit {
            Unit::Box(b) => self.box_origin(b),
            _ => (0, 0),
        };
        let cols = self.box_cols();
        (0..side).map(move |k| match unit {
            Unit::Row(r) => self.cell_at(r, k),
            Unit::Column(c) => self.cell_at(k, c),
            Unit::Box(_) => self.cell_at(top + k / cols, left + k % cols),
        })
    }

    /// A cell named the way players name it (`r1c1`).
    pub fn name(self, cell: usize) -> CellName {
        CellName { row: self.row_of(cell), col: self.col_of(cell) }
    }

    /// The size in ASCII, as reports and file names write it and [`FromStr`] reads it back,
    /// shape and all: `9x9`, `16x16`, or the box (`4x3`) when it is not the side's usual one.
    pub fn ascii_name(self) -> String {
        if self.has_usual_boxes() {
            format!("{0}x{0}", self.side())
        } else {
            format!("{}x{}", self.box_rows, self.box_cols)
        }
    }

    /// The sides of every size, for messages: "4, 6, 8, 9, 10, ... or 64".
    pub fn list_sides() -> String {
        let mut sides: Vec<String> = Size::all().map(|s| s.side().to_string()).collect();
        sides.dedup();
        format!("{} or {}", sides[..sides.len() - 1].join(", "), sides[sides.len() - 1])
    }
}

impl Ord for Size {
    /// By side, then by the rows of a box.
    fn cmp(&self, other: &Size) -> Ordering {
        (self.side(), self.box_rows).cmp(&(other.side(), other.box_rows))
    }
}

impl PartialOrd for Size {
    fn partial_cmp(&self, other: &Size) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Size {
    /// `9×9`, and the boxes when they are not the side's usual ones: `12×12 (4×3 boxes)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.side())?;
        if !self.has_usual_boxes() {
            write!(f, " ({}×{} boxes)", self.box_rows, self.box_cols)?;
        }
        Ok(())
    }
}

/// The error of parsing a size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown size '{0}'; expected a side of {sides} (or 9x9, 16x16, ...), or the rows and \
     columns of a box (3x4)",
    sides = Size::list_sides()
)]
pub struct UnknownSize(pub String);

impl FromStr for Size {
    type Err = UnknownSize;

    /// A side (`16`), both sides (`16x16`, `16×16`), or the rows and columns of a box when
    /// they differ (`3x4`: a 12×12 grid of boxes 3 rows tall and 4 columns wide).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownSize(text.to_owned());
        let lower = text.trim().to_ascii_lowercase();
        let number = |part: &str| part.trim().parse::<usize>().map_err(|_| unknown());
        match lower.split_once(['x', '×']) {
            Some((a, b)) if a.trim() == b.trim() => Size::from_side(number(a)?),
            Some((rows, cols)) => Size::with_boxes(number(rows)?, number(cols)?),
            None => Size::from_side(number(&lower)?),
        }
        .ok_or_else(unknown)
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
        for size in Size::all() {
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
                let positions = size.box_cells(b).map(|cell| size.position_in_box(cell));
                assert!(positions.eq(0..size.side()), "{size} box {b}");
                // A box spans `box_rows` rows and `box_cols` columns.
                let rows: std::collections::BTreeSet<_> =
                    size.box_cells(b).map(|cell| size.row_of(cell)).collect();
                assert_eq!(rows.len(), size.box_rows(), "{size} box {b}");
            }
        }
    }

    #[test]
    fn rectangular_boxes_are_wider_than_tall_unless_turned() {
        let six = Size::from_side(6).unwrap();
        assert_eq!((six.box_rows(), six.box_cols()), (2, 3));
        // The 6×6 grid's second box is the top right one, its third the middle left one.
        assert_eq!(six.box_of(six.cell_at(1, 3)), 1);
        assert_eq!(six.box_of(six.cell_at(2, 0)), 2);
        assert_eq!(six.box_cells(1).collect::<Vec<_>>(), [3, 4, 5, 9, 10, 11]);
        let twelve = Size::from_side(12).unwrap();
        assert_eq!((twelve.box_rows(), twelve.box_cols()), (3, 4));
        let turned = twelve.turned();
        assert_eq!(turned.box_of(turned.cell_at(3, 3)), 1);
        assert_eq!(turned.box_of(turned.cell_at(4, 3)), 5);
        assert_eq!(turned.to_string(), "12×12 (4×3 boxes)");
        assert_eq!(twelve.to_string(), "12×12");
        for (side, shape) in [(8, (2, 4)), (10, (2, 5)), (15, (3, 5)), (20, (4, 5)), (56, (7, 8))] {
            let size = Size::from_side(side).unwrap();
            assert_eq!((size.box_rows(), size.box_cols()), shape, "{side}");
        }
        for no_boxes in [5, 7, 11, 22, 27, 63, 65, 81] {
            assert_eq!(Size::from_side(no_boxes), None, "{no_boxes}");
        }
        assert_eq!(Size::from_cell_count(36), Some(six));
        assert!(Size::SQUARES.iter().all(|size| size.is_square() && size.has_usual_boxes()));
        let sides: Vec<_> = Size::all().map(Size::side).collect();
        assert!(sides.is_sorted() && sides.len() == Size::SHAPES, "{sides:?}");
        let mut indices: Vec<usize> = Size::all().map(Size::shape_index).collect();
        indices.sort_unstable();
        assert!(indices.into_iter().eq(0..Size::SHAPES));
    }

    #[test]
    fn sizes_parse_from_a_side_or_both_sides() {
        assert_eq!("9".parse(), Ok(Size::NINE));
        assert_eq!("25x25".parse::<Size>().map(Size::square_order), Ok(Some(5)));
        assert_eq!("64×64".parse::<Size>().map(Size::cells), Ok(4096));
        assert_eq!("12".parse(), Ok(Size::with_boxes(3, 4).unwrap()));
        assert_eq!("4x3".parse(), Ok(Size::with_boxes(4, 3).unwrap()));
        assert_eq!("6x6".parse(), Ok(Size::with_boxes(2, 3).unwrap()));
        for bad in ["7", "16x9", "", "81", "1", "1x9", "2x9", "x"] {
            assert!(bad.parse::<Size>().is_err(), "{bad}");
        }
        assert_eq!(Size::NINE.to_string(), "9×9");
        assert!(Size::list_sides().starts_with("4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24"));
        assert!(Size::list_sides().ends_with("49, 56 or 64"));
    }
}
