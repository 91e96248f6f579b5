//! The transformations that map every valid Sudoku grid to another valid grid.
//!
//! Relabelling digits, permuting bands (and rows within a band), permuting stacks (and columns
//! within a stack) and transposing all preserve the rules, and preserve the number of solutions
//! of a puzzle. Tests use them to make endless valid grids and equivalent puzzles from a few.

use crate::grid::{CELLS, Grid};

/// One transformation: a digit relabelling, a row order, a column order, and an optional
/// transposition applied last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Symmetry {
    /// `digits[d - 1]` is the new label of digit `d`.
    digits: [u8; 9],
    /// Row `r` of the result is row `rows[r]` of the source.
    rows: [u8; 9],
    /// Column `c` of the result is column `cols[c]` of the source.
    cols: [u8; 9],
    transpose: bool,
}

/// Why a choice of permutations is not a symmetry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a permutation of 0..{0}")]
pub struct NotAPermutation(pub usize);

fn check_permutation<const N: usize>(values: &[usize; N]) -> Result<(), NotAPermutation> {
    let mut seen = [false; N];
    for &v in values {
        if v >= N || seen[v] {
            return Err(NotAPermutation(N));
        }
        seen[v] = true;
    }
    Ok(())
}

/// A row (or column) order that keeps bands (stacks) together: the `i`-th band of the result
/// is band `bands[i]`, its rows taken in the order `within[i]`.
fn line_order(bands: [usize; 3], within: [[usize; 3]; 3]) -> Result<[u8; 9], NotAPermutation> {
    check_permutation(&bands)?;
    within.iter().try_for_each(check_permutation)?;
    Ok(std::array::from_fn(|line| (bands[line / 3] * 3 + within[line / 3][line % 3]) as u8))
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
    };

    /// A symmetry from its parts. `digits` is a permutation of `0..9` (digit `d` becomes
    /// `digits[d - 1] + 1`); `bands`/`stacks` order the bands and stacks, and `rows`/`cols`
    /// order the lines within each.
    pub fn new(
        digits: [usize; 9],
        bands: [usize; 3],
        rows: [[usize; 3]; 3],
        stacks: [usize; 3],
        cols: [[usize; 3]; 3],
        transpose: bool,
    ) -> Result<Symmetry, NotAPermutation> {
        check_permutation(&digits)?;
        Ok(Symmetry {
            digits: digits.map(|d| d as u8 + 1),
            rows: line_order(bands, rows)?,
            cols: line_order(stacks, cols)?,
            transpose,
        })
    }

    /// Number of distinct values [`Symmetry::from_number`] decodes before it repeats:
    /// 9! digit relabellings × 3!⁸ line orders × 2 transpositions.
    pub const COUNT: u64 = 362_880 * 1_679_616 * 2;

    /// The symmetry numbered `n % COUNT`: its parts are read off `n` as mixed-radix digits
    /// (a Lehmer code for each permutation). Every number gives a valid symmetry, which lets
    /// property tests draw symmetries from plain integers.
    pub fn from_number(n: u64) -> Symmetry {
        let mut rest = n % Self::COUNT;
        let digits = nth_permutation::<9>(&mut rest);
        let bands = nth_permutation::<3>(&mut rest);
        let rows = [(); 3].map(|()| nth_permutation::<3>(&mut rest));
        let stacks = nth_permutation::<3>(&mut rest);
        let cols = [(); 3].map(|()| nth_permutation::<3>(&mut rest));
        let transpose = rest % 2 == 1;
        Symmetry::new(digits, bands, rows, stacks, cols, transpose)
            .expect("nth_permutation yields permutations")
    }

    /// The image of `grid` (empty cells stay empty).
    pub fn apply(&self, grid: &Grid) -> Grid {
        let cells = std::array::from_fn(|cell| {
            let (mut row, mut col) = (cell / 9, cell % 9);
            if self.transpose {
                std::mem::swap(&mut row, &mut col);
            }
            let source = usize::from(self.rows[row]) * 9 + usize::from(self.cols[col]);
            match grid.get(source) {
                0 => 0,
                digit => self.digits[usize::from(digit - 1)],
            }
        });
        Grid::from_cells(cells).expect("relabelled digits stay in 1..=9")
    }
}

/// Takes the next permutation of `0..N` off `rest`, which loses the `N!` factor used.
fn nth_permutation<const N: usize>(rest: &mut u64) -> [usize; N] {
    let mut pool: Vec<usize> = (0..N).collect();
    std::array::from_fn(|_| {
        let choices = pool.len() as u64;
        let pick = (*rest % choices) as usize;
        *rest /= choices;
        pool.remove(pick)
    })
}

/// A valid solved grid to start from: row `r` is the digits shifted by `3r + r/3`.
pub fn base_solution() -> Grid {
    let cells: [u8; CELLS] = std::array::from_fn(|cell| {
        let (r, c) = (cell / 9, cell % 9);
        ((3 * r + r / 3 + c) % 9 + 1) as u8
    });
    Grid::from_cells(cells).expect("values are 1..=9")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check_solution;

    #[test]
    fn base_solution_is_valid() {
        assert_eq!(check_solution(&Grid::EMPTY, &base_solution()), Ok(()));
    }

    #[test]
    fn a_symmetry_maps_a_solution_to_a_solution() {
        let symmetry = Symmetry::new(
            [8, 7, 6, 5, 4, 3, 2, 1, 0],
            [2, 0, 1],
            [[1, 0, 2], [2, 1, 0], [0, 1, 2]],
            [1, 2, 0],
            [[0, 2, 1], [1, 0, 2], [2, 0, 1]],
            true,
        )
        .unwrap();
        let image = symmetry.apply(&base_solution());
        assert_ne!(image, base_solution());
        assert_eq!(check_solution(&Grid::EMPTY, &image), Ok(()));
        assert_eq!(Symmetry::IDENTITY.apply(&image), image);
    }

    #[test]
    fn numbered_symmetries_are_valid_and_distinct() {
        let images: Vec<Grid> = [0, 1, 2, 362_880, Symmetry::COUNT - 1, u64::MAX]
            .into_iter()
            .map(|n| Symmetry::from_number(n).apply(&base_solution()))
            .collect();
        for image in &images {
            assert_eq!(check_solution(&Grid::EMPTY, image), Ok(()));
        }
        assert_eq!(images[0], base_solution());
        assert_ne!(images[1], images[2]);
        assert_ne!(images[0], images[3], "362880 changes the band order, not the digits");
    }

    #[test]
    fn rejects_orders_that_are_not_permutations() {
        let rows = [[0, 1, 2]; 3];
        assert!(Symmetry::new([0; 9], [0, 1, 2], rows, [0, 1, 2], rows, false).is_err());
        let digits = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        assert!(Symmetry::new(digits, [0, 0, 2], rows, [0, 1, 2], rows, false).is_err());
    }
}
