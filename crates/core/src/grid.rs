//! The grid: values of every cell of a puzzle or solution, at any [`Size`].

use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::alphabet::Alphabet;
use crate::layout::{Broken, House, Layout};
use crate::size::{Size, Unit};

/// Two cells of one unit holding the same value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The size of the grid, to name the cells.
    pub size: Size,
    /// The repeated value, `1..=side`.
    pub digit: u8,
    /// The unit the value repeats in.
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
            self.size.name(self.second),
            self.unit,
            self.size.name(self.first)
        )
    }
}

/// Cells up to 9×9 (81) are stored inline, so that a 9×9 grid is made and cloned without
/// allocating; larger grids live on the heap.
type Cells = SmallVec<[u8; 81]>;

/// A grid of any size: `0` for an empty cell, `1..=side` for a value, row by row; and the
/// rules beyond rows, columns and boxes it is to be solved by, if any ([`Grid::layout`]).
///
/// The invariants "there are `size.cells()` cells" and "every cell holds `0..=side`" are kept
/// by every constructor and setter, so engines may index tables by a cell's value without
/// checking it.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    size: Size,
    /// The grid's layout, `None` for a classic grid (and never a classic layout).
    layout: Option<Arc<Layout>>,
    cells: Cells,
}

impl Grid {
    /// The grid of `size` with every cell empty.
    pub fn empty(size: Size) -> Grid {
        Grid { size, layout: None, cells: SmallVec::from_elem(0, size.cells()) }
    }

    /// A grid of `size` from its values in row-major order, or `None` if there are not
    /// `size.cells()` of them or one is above the side.
    pub fn from_cells(size: Size, cells: &[u8]) -> Option<Grid> {
        // The largest value, not the first one too large: a reduction without an early exit,
        // which the compiler vectorizes (an engine's solution passes through here).
        let largest = cells.iter().copied().max().unwrap_or(0);
        let valid = cells.len() == size.cells() && usize::from(largest) <= size.side();
        valid.then(|| Grid { size, layout: None, cells: SmallVec::from_slice(cells) })
    }

    /// The size of the grid.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The same values under `layout` (a classic layout leaves the grid classic).
    ///
    /// # Panics
    /// If the layout is of another size: a bug in the caller.
    pub fn with_layout(mut self, layout: Option<Arc<Layout>>) -> Grid {
        let layout = layout.filter(|layout| !layout.is_classic());
        if let Some(layout) = &layout {
            assert_eq!(layout.size(), self.size, "a layout of another size");
        }
        self.layout = layout;
        self
    }

    /// The rules beyond rows, columns and boxes the grid is to be solved by; `None` for a
    /// classic grid.
    #[inline]
    pub fn layout(&self) -> Option<&Arc<Layout>> {
        self.layout.as_ref()
    }

    /// Whether the grid is classic: rows, columns and boxes, no other rule.
    #[inline]
    pub fn is_classic(&self) -> bool {
        self.layout.is_none()
    }

    /// What the grid asks of an engine beyond the classic rules ([`Layout::needs`]).
    pub fn needs(&self) -> crate::constraint::Features {
        self.layout.as_ref().map_or(crate::constraint::Features::NONE, |layout| layout.needs())
    }

    /// The values of the grid under `layout`'s rules if they break one ([`Layout::first_broken`]);
    /// for a classic grid, [`Grid::first_conflict`].
    pub fn first_broken(&self) -> Option<Broken> {
        match &self.layout {
            Some(layout) => layout.first_broken(&self.cells),
            None => self.first_conflict().map(Broken::from),
        }
    }

    /// The values in row-major order (0 = empty).
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of a cell (0 = empty).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell to `value` (0 empties it).
    ///
    /// # Panics
    /// If `value` is above the side or `cell` is out of the grid: both are bugs in the caller,
    /// never consequences of input.
    #[inline]
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(
            usize::from(value) <= self.size.side(),
            "a {} cell holds 0..={}, not {value}",
            self.size,
            self.size.side()
        );
        self.cells[cell] = value;
    }

    /// The value at a row and column.
    #[inline]
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[self.size.cell_at(row, col)]
    }

    /// How many cells hold a value.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a value (says nothing about the rules).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of cells that repeat a value in a row, column or box, if any.
    ///
    /// Units are searched rows first, then columns, then boxes; within a unit, the pair found
    /// is the first repeat in row-major order. A grid without conflicts may still have no
    /// solution; this only checks the values already placed.
    pub fn first_conflict(&self) -> Option<Conflict> {
        let repeats =
            if self.size == Size::NINE { has_repeat_nine(&self.cells) } else { self.has_repeat() };
        if !repeats {
            return None;
        }
        for unit in self.size.units() {
            let mut seen_at = [usize::MAX; 65];
            for cell in self.size.unit_cells(unit) {
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                let earlier = seen_at[usize::from(digit)];
                if earlier != usize::MAX {
                    return Some(Conflict {
                        size: self.size,
                        digit,
                        unit,
                        first: earlier,
                        second: cell,
                    });
                }
                seen_at[usize::from(digit)] = cell;
            }
        }
        unreachable!("has_repeat found a value twice in some unit")
    }

    /// Whether a value repeats in some row, column or box: one pass with a bit set per unit
    /// (bit `v - 1` for value `v`).
    fn has_repeat(&self) -> bool {
        let size = self.size;
        let side = size.side();
        let mut columns = [0u64; 64];
        let mut boxes = [0u64; 64];
        let mut repeated = 0;
        for row in 0..side {
            let mut row_values = 0u64;
            for col in 0..side {
                let value = self.cells[size.cell_at(row, col)];
                let bit = if value == 0 { 0 } else { 1u64 << (value - 1) };
                let box_values = &mut boxes[size.box_of(size.cell_at(row, col))];
                repeated |= (row_values | columns[col] | *box_values) & bit;
                row_values |= bit;
                columns[col] |= bit;
                *box_values |= bit;
            }
        }
        repeated != 0
    }

    /// The grid on one line in its size's usual alphabet ([`Alphabet::for_size`]), `.` for an
    /// empty cell; 49×49 and 64×64 as numbers separated by spaces, `0` for an empty cell.
    pub fn to_line(&self) -> String {
        let alphabet = Alphabet::for_size(self.size);
        if alphabet.has_symbols_for(self.size) {
            self.cells.iter().map(|&v| char::from(alphabet.symbol(v))).collect()
        } else {
            self.cells.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
        }
    }
}

/// [`Grid::has_repeat`] for 9×9, the common case readers and checkers meet for every puzzle:
/// walked band by band and row by row with fixed trip counts, so that the compiler unrolls it
/// and keeps every bit set in a register.
fn has_repeat_nine(cells: &[u8]) -> bool {
    let cells: &[u8; 81] = cells.try_into().expect("a 9×9 grid has 81 cells");
    let mut columns = [0u16; 9];
    let mut repeated = 0;
    for band in 0..3 {
        let mut boxes = [0u16; 3];
        for row in 0..3 {
            let mut row_digits = 0u16;
            for column in 0..9 {
                // Bit 0 stands for an empty cell and is masked out.
                let bit = (1u16 << cells[27 * band + 9 * row + column]) & !1;
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

impl fmt::Display for Grid {
    /// Writes the grid on one line (see [`Grid::to_line`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}: {})", self.size, self.to_line())
    }
}

/// A repeated value of a classic grid, as the broken rule it is.
impl From<Conflict> for Broken {
    fn from(conflict: Conflict) -> Broken {
        let house = match conflict.unit {
            Unit::Row(r) => House::Row(r),
            Unit::Column(c) => House::Column(c),
            Unit::Box(b) => House::Box(b),
        };
        Broken::Repeat {
            value: conflict.digit,
            house: Some(house),
            rule: None,
            first: conflict.size.name(conflict.first),
            second: conflict.size.name(conflict.second),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_names_both_cells_in_the_unit() {
        let nine = Size::NINE;
        let mut grid = Grid::empty(nine);
        grid.set(nine.cell_at(2, 1), 7);
        grid.set(nine.cell_at(0, 0), 7);
        let conflict = grid.first_conflict().expect("two 7s in box 1");
        assert_eq!(conflict.unit, Unit::Box(0));
        assert_eq!((conflict.first, conflict.second), (0, nine.cell_at(2, 1)));
        assert_eq!(conflict.to_string(), "7 at r3c2 repeats in box 1 (also at r1c1)");
    }

    #[test]
    fn conflicts_are_found_at_every_size_in_each_kind_of_unit() {
        for size in Size::all() {
            let side = size.side() as u8;
            let last = size.cells() - 1;
            for (a, b, unit) in [
                (size.cell_at(1, 0), size.cell_at(1, size.side() - 1), Unit::Row(1)),
                (0, size.cell_at(size.side() - 1, 0), Unit::Column(0)),
                (
                    size.cell_at(size.side() - 2, size.side() - 1),
                    last - 1,
                    Unit::Box(size.side() - 1),
                ),
            ] {
                let mut grid = Grid::empty(size);
                assert_eq!(grid.first_conflict(), None);
                grid.set(a, side);
                grid.set(b, side);
                let conflict = grid.first_conflict().unwrap_or_else(|| panic!("{size} {unit}"));
                assert_eq!(
                    (conflict.unit, conflict.first, conflict.second),
                    (unit, a.min(b), a.max(b))
                );
            }
        }
    }

    #[test]
    fn from_cells_rejects_values_above_the_side_and_wrong_counts() {
        let mut cells = [0; 81];
        cells[5] = 10;
        assert!(Grid::from_cells(Size::NINE, &cells).is_none());
        cells[5] = 9;
        assert_eq!(Grid::from_cells(Size::NINE, &cells).map(|g| g.get(5)), Some(9));
        assert!(Grid::from_cells(Size::NINE, &cells[..80]).is_none());
        let sixteen = Size::from_side(16).unwrap();
        let mut big = vec![0; 256];
        big[0] = 16;
        assert!(Grid::from_cells(sixteen, &big).is_some());
        big[0] = 17;
        assert!(Grid::from_cells(sixteen, &big).is_none());
    }
}
