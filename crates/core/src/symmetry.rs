//! The transformations that map every valid Sudoku grid to another valid grid.
//!
//! Relabelling values, permuting bands (and rows within a band), permuting stacks (and columns
//! within a stack) and, when boxes are square, transposing all preserve the rules, and preserve
//! the number of solutions of a puzzle. Tests use them to make endless valid grids and equivalent puzzles from a few,
//! and `sudoku shuffle` writes them out (isomorphs, to measure how much of a run is the draw).

use crate::grid::Grid;
use crate::size::Size;

/// One transformation of grids of one size: a value relabelling, a row order, a column order,
/// and an optional transposition applied last.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Symmetry {
    size: Size,
    /// `values[v - 1]` is the new label of value `v`.
    values: Vec<u8>,
    /// Row `r` of the result is row `rows[r]` of the source.
    rows: Vec<usize>,
    /// Column `c` of the result is column `cols[c]` of the source.
    cols: Vec<usize>,
    transpose: bool,
}

/// A small, fixed pseudo-random sequence (SplitMix64): symmetries drawn from a seed are the
/// same on every machine, so a failing property test can be replayed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A permutation of `0..n` (Fisher-Yates).
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
        items
    }

    /// A line order that keeps bands (or stacks) together: `groups` of `width` lines each.
    fn line_order(&mut self, groups: usize, width: usize) -> Vec<usize> {
        let bands = self.permutation(groups);
        bands
            .iter()
            .flat_map(|&band| {
                self.permutation(width).into_iter().map(move |line| band * width + line)
            })
            .collect()
    }
}

impl Symmetry {
    /// The identity on grids of `size`.
    pub fn identity(size: Size) -> Symmetry {
        let side = size.side();
        Symmetry {
            size,
            values: (1..=side as u8).collect(),
            rows: (0..side).collect(),
            cols: (0..side).collect(),
            transpose: false,
        }
    }

    /// A symmetry of grids of `size` drawn from `seed`: every seed gives a valid symmetry, so
    /// property tests draw them from plain integers. Seed 0 is the identity.
    pub fn from_seed(size: Size, seed: u64) -> Symmetry {
        if seed == 0 {
            return Symmetry::identity(size);
        }
        let mut random = SplitMix(seed);
        let values = random.permutation(size.side()).into_iter().map(|v| v as u8 + 1).collect();
        // A band is `box_rows` rows and there are `box_cols` of them; stacks the other way.
        let rows = random.line_order(size.box_cols(), size.box_rows());
        let cols = random.line_order(size.box_rows(), size.box_cols());
        // Turning a grid of rectangular boxes would turn its boxes too.
        let transpose = random.next() % 2 == 1 && size.is_square();
        Symmetry { size, values, rows, cols, transpose }
    }

    /// The image of `grid` (empty cells stay empty).
    ///
    /// # Panics
    /// If `grid` is not of this symmetry's size.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.size(), self.size, "a symmetry maps grids of one size");
        let size = self.size;
        let cells: Vec<u8> = (0..size.cells())
            .map(|cell| {
                let (mut row, mut col) = (size.row_of(cell), size.col_of(cell));
                if self.transpose {
                    std::mem::swap(&mut row, &mut col);
                }
                match grid.get(size.cell_at(self.rows[row], self.cols[col])) {
                    0 => 0,
                    value => self.values[usize::from(value - 1)],
                }
            })
            .collect();
        Grid::from_cells(size, &cells).expect("relabelled values stay in range")
    }
}

impl Symmetry {
    /// The image of `grid` under this symmetry's relabelling of values alone, its layout kept
    /// (its starting candidates relabelled too): the part of a symmetry that keeps every
    /// layout, whose rules are tied to places that moving rows and columns would move.
    ///
    /// # Panics
    /// If `grid` is not of this symmetry's size.
    pub fn relabel(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.size(), self.size, "a symmetry maps grids of one size");
        let cells: Vec<u8> = grid
            .cells()
            .iter()
            .map(|&value| if value == 0 { 0 } else { self.values[usize::from(value - 1)] })
            .collect();
        let relabelled =
            Grid::from_cells(self.size, &cells).expect("relabelled values stay in range");
        let Some(layout) = grid.layout() else { return relabelled };
        let layout = match layout.candidates() {
            None => std::sync::Arc::clone(layout),
            Some(sets) => {
                let moved = |set: u64| {
                    (0..self.values.len())
                        .filter(|&v| set >> v & 1 == 1)
                        .fold(0u64, |moved, v| moved | 1 << (self.values[v] - 1))
                };
                let sets: Vec<u64> = sets.iter().map(|&set| moved(set)).collect();
                let layout =
                    layout.with_candidates(Some(&sets)).expect("a permutation of the values");
                std::sync::Arc::new(layout)
            }
        };
        relabelled.with_layout(Some(layout))
    }
}

/// A valid solved grid of `size` to start from: row `r` is the values shifted by
/// `c·(r mod r₀) + r/r₀` for boxes of `r₀` rows and `c` columns (`n·r + r/n` for square boxes
/// of order `n`).
pub fn base_solution(size: Size) -> Grid {
    let (rows, cols, side) = (size.box_rows(), size.box_cols(), size.side());
    let cells: Vec<u8> = (0..size.cells())
        .map(|cell| {
            let (r, c) = (size.row_of(cell), size.col_of(cell));
            ((cols * (r % rows) + r / rows + c) % side + 1) as u8
        })
        .collect();
    Grid::from_cells(size, &cells).expect("values are 1..=side")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_solution;

    #[test]
    fn base_solutions_are_valid_at_every_size() {
        for size in Size::all() {
            assert_eq!(check_solution(&Grid::empty(size), &base_solution(size)), Ok(()), "{size}");
        }
    }

    #[test]
    fn seeded_symmetries_map_solutions_to_other_solutions() {
        for size in Size::all() {
            let base = base_solution(size);
            let images: Vec<Grid> =
                (0..4).map(|seed| Symmetry::from_seed(size, seed).apply(&base)).collect();
            for image in &images {
                assert_eq!(check_solution(&Grid::empty(size), image), Ok(()), "{size}");
            }
            assert_eq!(images[0], base);
            assert_ne!(images[1], images[2], "{size}");
            assert_eq!(Symmetry::identity(size).apply(&images[1]), images[1]);
        }
    }

    #[test]
    fn a_symmetry_keeps_empty_cells_empty() {
        let size = Size::from_order(4).unwrap();
        let mut puzzle = base_solution(size);
        for cell in (0..size.cells()).step_by(3) {
            puzzle.set(cell, 0);
        }
        let image = Symmetry::from_seed(size, 7).apply(&puzzle);
        assert_eq!(image.clue_count(), puzzle.clue_count());
    }
}
