//! The classic 9×9 grid and the geometry every engine shares.
//!
//! Cells are numbered 0..81 row by row: cell `i` sits in row `i / 9`, column `i % 9`.
//! Rows, columns and boxes ("units") are numbered 0..9; boxes row by row from the top left.
//! Messages meant for people use the 1-based `r1c1` notation of the Sudoku community.

use std::fmt;

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// Row (0..9) of a cell.
#[inline]
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column (0..9) of a cell.
#[inline]
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box (0..9) of a cell, numbered row by row from the top left.
#[inline]
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// Cell at a row and column (both 0..9).
#[inline]
pub const fn cell_at(row: usize, col: usize) -> usize {
    row * 9 + col
}

/// The nine cells of a box, in row-major order.
pub const fn box_cells(box_index: usize) -> [usize; 9] {
    let top_left = (box_index / 3) * 27 + (box_index % 3) * 3;
    let mut cells = [0; 9];
    let mut k = 0;
    while k < 9 {
        cells[k] = top_left + (k / 3) * 9 + k % 3;
        k += 1;
    }
    cells
}

/// A cell written the way Sudoku players name it: `r1c1` is the top left, `r9c9` the bottom right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CellName(pub usize);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", row_of(self.0) + 1, col_of(self.0) + 1)
    }
}

/// One of the 27 units (rows, columns and boxes) in which each digit must appear exactly once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unit {
    /// A row, 0..9 from the top.
    Row(usize),
    /// A column, 0..9 from the left.
    Column(usize),
    /// A 3×3 box, 0..9 row by row from the top left.
    Box(usize),
}

impl Unit {
    /// The nine cells of this unit in row-major order.
    pub fn cells(self) -> [usize; 9] {
        match self {
            Unit::Row(r) => std::array::from_fn(|k| cell_at(r, k)),
            Unit::Column(c) => std::array::from_fn(|k| cell_at(k, c)),
            Unit::Box(b) => box_cells(b),
        }
    }

    /// All 27 units: the rows, then the columns, then the boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..9).map(Unit::Row).chain((0..9).map(Unit::Column)).chain((0..9).map(Unit::Box))
    }
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

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The repeated digit, 1..=9.
    pub digit: u8,
    /// The unit the digit repeats in.
    pub unit: Unit,
    /// The earlier cell (in row-major order).
    pub first: usize,
    /// The later cell (in row-major order).
    pub second: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {} repeats in {} (also at {})",
            self.digit,
            CellName(self.second),
            self.unit,
            CellName(self.first)
        )
    }
}

/// A 9×9 grid: `0` for an empty cell, `1..=9` for a digit. Cheap to copy (81 bytes).
///
/// The invariant "every cell holds 0..=9" is kept by every constructor and setter, so engines
/// may index tables by a cell's value without checking it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl Grid {
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// A grid from 81 values in row-major order, or `None` if a value is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        cells.iter().all(|&v| v <= 9).then_some(Grid { cells })
    }

    /// The 81 values in row-major order (0 = empty).
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of a cell (0 = empty).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell to `digit` (0 empties it).
    ///
    /// # Panics
    /// If `digit > 9` or `cell >= 81`: both are bugs in the caller, never consequences of input.
    #[inline]
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit <= 9, "a cell holds 0..=9, not {digit}");
        self.cells[cell] = digit;
    }

    /// The value at a row and column (both 0..9).
    #[inline]
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[cell_at(row, col)]
    }

    /// How many cells hold a digit.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit (says nothing about the rules).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of cells that repeat a digit in a row, column or box, if any.
    ///
    /// Units are searched rows first, then columns, then boxes; within a unit, the pair found
    /// is the first repeat in row-major order. A grid without conflicts may still have no
    /// solution; this only checks the digits already placed.
    pub fn first_conflict(&self) -> Option<Conflict> {
        if !self.has_repeat() {
            return None;
        }
        for unit in Unit::all() {
            let mut seen_at = [usize::MAX; 10];
            for cell in unit.cells() {
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                let earlier = seen_at[usize::from(digit)];
                if earlier != usize::MAX {
                    return Some(Conflict { digit, unit, first: earlier, second: cell });
                }
                seen_at[usize::from(digit)] = cell;
            }
        }
        unreachable!("has_repeat found a digit twice in some unit")
    }

    /// Whether a digit repeats in some row, column or box: one pass with a bit set per unit.
    /// Readers and checkers call this for every puzzle, and it is the common case that must
    /// be cheap; only a grid with a repeat pays for finding which.
    fn has_repeat(&self) -> bool {
        // Walked band by band and row by row with fixed trip counts, so that the compiler
        // unrolls it and keeps every bit set in a register.
        let mut columns = [0u16; 9];
        let mut repeated = 0;
        for band in 0..3 {
            let mut boxes = [0u16; 3];
            for row in 0..3 {
                let mut row_digits = 0u16;
                for column in 0..9 {
                    // Bit 0 stands for an empty cell and is masked out.
                    let bit = (1u16 << self.cells[27 * band + 9 * row + column]) & !1;
                    let box_digits = &mut boxes[column / 3];
                    repeated |= (row_digits | columns[column] | *box_digits) & bit;
                    row_digits |= bit;
                    columns[column] |= bit;
                    *box_digits |= bit;
                }
            }
        }
        repeated != 0
    }

    /// The 81-character line of the public corpora: digits, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect()
    }
}

impl fmt::Display for Grid {
    /// Writes the 81-character line (see [`Grid::to_line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_of_corner_and_centre_cells() {
        assert_eq!((row_of(0), col_of(0), box_of(0)), (0, 0, 0));
        assert_eq!((row_of(40), col_of(40), box_of(40)), (4, 4, 4));
        assert_eq!((row_of(80), col_of(80), box_of(80)), (8, 8, 8));
        assert_eq!(box_of(cell_at(3, 8)), 5);
        assert_eq!(box_cells(4), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }

    #[test]
    fn every_unit_holds_nine_distinct_cells_and_each_cell_is_in_three_units() {
        let mut membership = [0; CELLS];
        for unit in Unit::all() {
            let mut cells = unit.cells().to_vec();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), 9, "{unit}");
            for cell in cells {
                membership[cell] += 1;
            }
        }
        assert!(membership.iter().all(|&m| m == 3));
    }

    #[test]
    fn conflict_names_both_cells_in_the_unit() {
        let mut grid = Grid::EMPTY;
        grid.set(cell_at(2, 1), 7);
        grid.set(cell_at(0, 0), 7);
        let conflict = grid.first_conflict().expect("two 7s in box 1");
        assert_eq!(conflict.unit, Unit::Box(0));
        assert_eq!((conflict.first, conflict.second), (0, cell_at(2, 1)));
        assert_eq!(conflict.to_string(), "7 at r3c2 repeats in box 1 (also at r1c1)");
    }

    #[test]
    fn from_cells_rejects_values_above_nine() {
        let mut cells = [0; CELLS];
        cells[5] = 10;
        assert!(Grid::from_cells(cells).is_none());
        cells[5] = 9;
        assert_eq!(Grid::from_cells(cells).map(|g| g.get(5)), Some(9));
    }
}
