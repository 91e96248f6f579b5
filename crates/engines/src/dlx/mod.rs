//! `dlx`: Sudoku as exact cover, searched with dancing links.
//!
//! On a grid of side `s` (`s = n²` for box order `n`, so `s²` cells), the `4·s²` items say
//! what a solved grid must hold exactly once: a value in each cell, each value in each row,
//! in each column and in each box (`s²` of each; 324 items in all at 9×9). The `s³` options
//! are "value v in cell c", each holding its four items (729 at 9×9, 262,144 at 64×64). Clues
//! are settled before the search: their items are covered and only the options they leave
//! open are linked into the matrix ([`ExactCover::restrict`]), so the search only ever sees
//! the empty cells. It always branches on the item with the fewest remaining options, which
//! is what gives Algorithm X its strength on Sudoku.
//!
//! An engine builds the matrix of a size the first time it meets a puzzle of that size (9×9
//! at once) and keeps it, relinking it for every puzzle, so solving does not allocate (but
//! for the solution, when a grid of its size lives on the heap). Up to
//! 25×25 the matrix fits 16-bit links (65,001 nodes at 25×25), which keep it small enough for
//! the processor's caches; larger matrices take 32-bit links. Kept matrices cost memory, not
//! time: a 64×64 matrix (1,064,961 nodes) takes 22 MB and some 45 ms to build, a 49×49 one
//! 10 MB and 20 ms, and an engine that meets every size keeps 38 MB; rebuilding at every
//! change of size would instead cost a bench of mixed sizes that time again and again.
//! Relinking a 64×64 matrix and solving a puzzle with a seventh of its cells blank takes
//! about a millisecond. The exact-cover
//! part ([`exact_cover`]) is generic and knows nothing of Sudoku.
//!
//! A grid of another layout ([`sudoku_core::Layout`]) gets a matrix of its own, built when
//! the engine first meets the layout and kept while puzzles of it follow: the cells, then each
//! value in each of its units (rows, columns, regions, and the complete houses its rules add:
//! diagonals, windows, disjoint groups) as primary items, and each value in each smaller group
//! and in each pair of cells that must differ (a knight's or a king's move) as a secondary item,
//! held at most once ([`exact_cover`]'s secondary items). Starting candidates leave the other
//! options out of the search, as clues do.
//!
//! [`Dlx::solve_observed`] runs the same search with a [`SearchObserver`] watching it, told of
//! the items and options as the exact-cover search sees them and of each option tried as the
//! placement it stands for; the engine's own solves pass [`NoObserver`], which compiles to
//! nothing.

pub mod exact_cover;

use exact_cover::{ExactCover, Link, SearchLimits};
use sudoku_core::{Engine, Grid, Layout, Limits, Outcome, Size, Stats, Units};

use crate::geometry::{dispatch_shape, size_of_shape};
use crate::observe::{NoObserver, SearchObserver};

/// The dancing-links engine.
pub struct Dlx {
    /// The matrix of each size met so far, by [`Size::shape_index`].
    matrices: [Option<Matrix>; Size::SHAPES],
    /// The matrix of the last layout met, if any.
    layout: Option<LayoutMatrix>,
}

/// The exact-cover matrix of one layout, with the tables its clue pass reads.
struct LayoutMatrix {
    layout: Layout,
    units: Units,
    /// The secondary items' groups (smaller groups and pairs) that hold each cell.
    groups_of: Vec<Vec<u32>>,
    matrix: Matrix,
}

/// The exact-cover matrix of one size, with links as wide as its node count needs.
enum Matrix {
    /// None yet (while a layout's matrix is being built).
    Empty,
    /// Up to 25×25: 16-bit links.
    Narrow(ExactCover<u16>),
    /// From 36×36 on: 32-bit links.
    Wide(ExactCover<u32>),
}

impl Default for Dlx {
    fn default() -> Self {
        Self::new()
    }
}

/// The option for `value` (1..=side) in `cell`, on a grid of `size`.
fn option_index(size: Size, cell: usize, value: u8) -> usize {
    cell * size.side() + usize::from(value - 1)
}

/// The cell and value (1..=side) of `option` on a grid of side `side`: the inverse of
/// `option_index`.
pub fn option_placement(side: usize, option: usize) -> (usize, u8) {
    (option / side, (option % side) as u8 + 1)
}

/// What item `item` of the matrix of a grid of `size` asks for, as the constraint it stands for:
/// the items are the cells, then each row's values, each column's, each box's.
pub fn item_constraint(size: Size, item: usize) -> Condition {
    let (cells, side) = (size.cells(), size.side());
    let (kind, within) = (item / cells, item % cells);
    let (unit, value) = (within / side, (within % side) as u8 + 1);
    match kind {
        0 => Condition::Cell(within),
        1 => Condition::Row(unit, value),
        2 => Condition::Column(unit, value),
        _ => Condition::Box(unit, value),
    }
}

/// The condition an item of the Sudoku matrix stands for (units and cells numbered from 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Condition {
    /// The cell holds a value.
    Cell(usize),
    /// The row holds the value.
    Row(usize, u8),
    /// The column holds the value.
    Column(usize, u8),
    /// The box holds the value.
    Box(usize, u8),
}

/// Passes an exact-cover search's events on to `inner`, with each option tried and dropped
/// also told as the placement it stands for.
struct Placements<O> {
    side: usize,
    inner: O,
}

impl<O: SearchObserver> SearchObserver for Placements<O> {
    const ACTIVE: bool = O::ACTIVE;

    #[inline(always)]
    fn dead_end(&mut self) {
        self.inner.dead_end();
    }

    #[inline(always)]
    fn solution(&mut self) {
        self.inner.solution();
    }

    #[inline(always)]
    fn item_chosen(&mut self, item: usize, options: impl Iterator<Item = usize>) {
        self.inner.item_chosen(item, options);
    }

    #[inline(always)]
    fn option_chosen(&mut self, option: usize) {
        self.inner.option_chosen(option);
        let (cell, value) = option_placement(self.side, option);
        self.inner.place(cell, value);
    }

    #[inline(always)]
    fn option_dropped(&mut self, option: usize) {
        let (cell, value) = option_placement(self.side, option);
        self.inner.unplace(cell, value);
        self.inner.option_dropped(option);
    }

    #[inline(always)]
    fn option_hidden(&mut self, option: usize) {
        self.inner.option_hidden(option);
    }

    #[inline(always)]
    fn option_restored(&mut self, option: usize) {
        self.inner.option_restored(option);
    }
}

/// The four items of the option for 0-based `value` in `cell`, on a grid of `size`.
fn items_of(size: Size, cell: usize, value: usize) -> [usize; 4] {
    let (cells, side) = (size.cells(), size.side());
    [
        cell,
        cells + size.row_of(cell) * side + value,
        2 * cells + size.col_of(cell) * side + value,
        3 * cells + size.box_of(cell) * side + value,
    ]
}

impl LayoutMatrix {
    /// The matrix of `layout`: primary items for the cells and for each value in each unit,
    /// secondary items for each value in each group smaller than a unit and in each pair.
    fn build(layout: &Layout) -> LayoutMatrix {
        let size = layout.size();
        let (cells, side) = (size.cells(), size.side());
        let mut units = Units::default();
        units.set_layout(Some(layout), size);
        let mut groups_of = vec![Vec::new(); cells];
        let small = layout.houses().iter().map(|(_, members)| members).filter(|m| m.len() < side);
        let pairs = layout.pairs().iter().map(|(pair, _)| &pair[..]);
        let mut groups = 0;
        for members in small.map(|members| &members[..]).chain(pairs) {
            for &cell in members {
                groups_of[usize::from(cell)].push(groups);
            }
            groups += 1;
        }
        let mut built =
            LayoutMatrix { layout: layout.clone(), units, groups_of, matrix: Matrix::Empty };
        let primary = cells + built.units.count() * side;
        let secondary = groups as usize * side;
        let nodes: usize =
            (0..cells).map(|cell| side * built.items_of(cell, 0).len()).sum::<usize>()
                + 1
                + primary
                + secondary;
        built.matrix = if nodes <= <u16 as Link>::MAX + 1 {
            Matrix::Narrow(built.build_links(primary, secondary))
        } else {
            Matrix::Wide(built.build_links(primary, secondary))
        };
        built
    }

    /// The matrix, options numbered as [`option_index`] numbers them.
    fn build_links<L: Link>(&self, primary: usize, secondary: usize) -> ExactCover<L> {
        let size = self.layout.size();
        let mut matrix = ExactCover::with_secondary(primary, secondary);
        for cell in 0..size.cells() {
            for value in 0..size.side() {
                let added = matrix.add_option(&self.items_of(cell, value));
                debug_assert_eq!(added, option_index(size, cell, value as u8 + 1));
            }
        }
        matrix
    }

    /// The items of the option for 0-based `value` in `cell`: the cell, the value in each unit
    /// that holds the cell, then the value in each of its secondary groups.
    fn items_of(&self, cell: usize, value: usize) -> Vec<usize> {
        let (cells, side) = (self.layout.size().cells(), self.layout.size().side());
        let primary = cells + self.units.count() * side;
        let units = self.units.units_of(cell).into_iter();
        let more = self.units.more_units_of(cell).iter().map(|&unit| usize::from(unit));
        let in_units = units.chain(more).map(|unit| cells + unit * side + value);
        let in_groups =
            self.groups_of[cell].iter().map(|&group| primary + group as usize * side + value);
        std::iter::once(cell).chain(in_units).chain(in_groups).collect()
    }
}

/// The `4·s²` × `s³` matrix of grids of `size`.
fn build<L: Link>(size: Size) -> ExactCover<L> {
    let mut matrix = ExactCover::new(4 * size.cells());
    let options = size.cells() * size.side();
    matrix.reserve(options, 4 * options);
    for cell in 0..size.cells() {
        for value in 0..size.side() {
            let added = matrix.add_option(&items_of(size, cell, value));
            debug_assert_eq!(added, option_index(size, cell, value as u8 + 1));
        }
    }
    matrix
}

impl Matrix {
    /// The matrix of `size`, with the narrowest links that can index all its nodes.
    fn build(size: Size) -> Matrix {
        let nodes = 1 + 4 * size.cells() + 4 * size.cells() * size.side();
        if nodes <= <u16 as Link>::MAX + 1 {
            Matrix::Narrow(build(size))
        } else {
            Matrix::Wide(build(size))
        }
    }
}

impl Dlx {
    /// An engine with the 9×9 matrix (324 × 729) built; other sizes are built when first met.
    pub fn new() -> Self {
        let mut matrices = [const { None }; Size::SHAPES];
        matrices[Size::NINE.shape_index()] = Some(Matrix::build(Size::NINE));
        Dlx { matrices, layout: None }
    }
}

impl Engine for Dlx {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        self.solve_observed(puzzle, limits, NoObserver)
    }
}

impl Dlx {
    /// Solves `puzzle` as [`Engine::solve`] does, telling `observer` what the exact-cover
    /// search does (lend it, `&mut observer`, to keep it). Items are numbered as
    /// [`item_constraint`] reads them, options as [`option_placement`] does; each option tried
    /// or dropped is also told as a placement. The clues are settled before the search, and
    /// the options they rule out are never in the matrix, so they are not told.
    pub fn solve_observed<O: SearchObserver>(
        &mut self,
        puzzle: &Grid,
        limits: Limits,
        observer: O,
    ) -> Outcome {
        let size = puzzle.size();
        let observer = Placements { side: size.side(), inner: observer };
        if let Some(layout) = puzzle.layout() {
            return self.solve_layout(layout, puzzle, limits, observer);
        }
        let matrix = self.matrices[size.shape_index()].get_or_insert_with(|| Matrix::build(size));
        macro_rules! call {
            ($rows:literal, $side:literal, $cells:literal, $set:ty, $cell:ty) => {
                solve_sized::<O, $rows, $side>(matrix, puzzle, limits, observer)
            };
        }
        dispatch_shape!(size, call)
    }
}

impl Dlx {
    /// Solves `puzzle` of `layout` on the layout's matrix: the clue pass of [`solve_on`] for
    /// any layout, through the layout's peers and starting candidates.
    fn solve_layout<O: SearchObserver>(
        &mut self,
        layout: &Layout,
        puzzle: &Grid,
        limits: Limits,
        observer: Placements<O>,
    ) -> Outcome {
        if self.layout.as_ref().is_none_or(|built| built.layout != *layout) {
            self.layout = Some(LayoutMatrix::build(layout));
        }
        let built = self.layout.as_mut().expect("built above");
        let size = puzzle.size();
        let all = u64::MAX >> (64 - size.side());
        let mut allowed =
            layout.candidates().map_or_else(|| vec![all; size.cells()], <[u64]>::to_vec);
        let mut clues_fit = true;
        for cell in (0..size.cells()).filter(|&cell| puzzle.get(cell) != 0) {
            let bit = 1 << (puzzle.get(cell) - 1);
            clues_fit &= allowed[cell] & bit != 0;
            for &peer in built.units.peers(cell) {
                allowed[usize::from(peer)] &= !bit;
            }
        }
        if !clues_fit {
            return clash(limits);
        }
        let clue_items: Vec<usize> = (0..size.cells())
            .filter(|&cell| puzzle.get(cell) != 0)
            .flat_map(|cell| built.items_of(cell, usize::from(puzzle.get(cell) - 1)))
            .collect();
        let allowed = &allowed;
        let open_options =
            (0..size.cells()).filter(|&cell| puzzle.get(cell) == 0).flat_map(|cell| {
                (0..size.side() as u8)
                    .filter(move |value| allowed[cell] & (1 << value) != 0)
                    .map(move |value| option_index(size, cell, value + 1))
            });
        match &mut built.matrix {
            Matrix::Narrow(matrix) => {
                matrix.restrict(clue_items, open_options);
                search(matrix, puzzle, limits, observer)
            }
            Matrix::Wide(matrix) => {
                matrix.restrict(clue_items, open_options);
                search(matrix, puzzle, limits, observer)
            }
            Matrix::Empty => unreachable!("a layout's matrix is built before it is searched"),
        }
    }
}

/// The outcome of a puzzle whose clues clash: seen at the root, which counts as visited
/// unless no node may be.
fn clash(limits: Limits) -> Outcome {
    let mut outcome = Outcome::empty();
    outcome.budget_exhausted = limits.node_bound() == 0;
    outcome.stats.nodes = u64::from(!outcome.budget_exhausted);
    outcome
}

/// Solves `puzzle`, of side `SIDE` and boxes of `ROWS` rows, on its size's `matrix`. The shape
/// is constant so that the geometry of the clue pass divides by constants.
fn solve_sized<O: SearchObserver, const ROWS: usize, const SIDE: usize>(
    matrix: &mut Matrix,
    puzzle: &Grid,
    limits: Limits,
    observer: Placements<O>,
) -> Outcome {
    match matrix {
        Matrix::Narrow(matrix) => solve_on::<O, u16, ROWS, SIDE>(matrix, puzzle, limits, observer),
        Matrix::Wide(matrix) => solve_on::<O, u32, ROWS, SIDE>(matrix, puzzle, limits, observer),
        Matrix::Empty => unreachable!("a size's matrix is built before it is searched"),
    }
}

/// Relinks `matrix` for the clues of `puzzle` (of side `SIDE`, boxes of `ROWS` rows) and
/// searches it, watched by `observer`.
fn solve_on<O: SearchObserver, L: Link, const ROWS: usize, const SIDE: usize>(
    matrix: &mut ExactCover<L>,
    puzzle: &Grid,
    limits: Limits,
    observer: Placements<O>,
) -> Outcome {
    let size = const { size_of_shape(ROWS, SIDE) };
    // The values (bit v - 1) each row, column and box holds as clues.
    let (mut rows, mut cols, mut boxes) = ([0u64; SIDE], [0u64; SIDE], [0u64; SIDE]);
    let mut clues_fit = true;
    for cell in 0..size.cells() {
        let value = puzzle.get(cell);
        if value != 0 {
            let bit = 1 << (value - 1);
            let (row, col, bx) = (size.row_of(cell), size.col_of(cell), size.box_of(cell));
            clues_fit &= (rows[row] | cols[col] | boxes[bx]) & bit == 0;
            rows[row] |= bit;
            cols[col] |= bit;
            boxes[bx] |= bit;
        }
    }
    if !clues_fit {
        return clash(limits);
    }
    // The clues' items are covered, and only the options they leave open take part: the
    // problem selecting the clues' options would leave, built directly.
    let clue_items = (0..size.cells()).filter(|&cell| puzzle.get(cell) != 0).flat_map(|cell| {
        let value = usize::from(puzzle.get(cell) - 1);
        items_of(size, cell, value)
    });
    let open_options = (0..size.cells()).filter(|&cell| puzzle.get(cell) == 0).flat_map(|cell| {
        let taken = rows[size.row_of(cell)] | cols[size.col_of(cell)] | boxes[size.box_of(cell)];
        (0..SIDE as u8)
            .filter(move |value| taken & (1 << value) == 0)
            .map(move |value| option_index(size, cell, value + 1))
    });
    matrix.restrict(clue_items, open_options);
    search(matrix, puzzle, limits, observer)
}

/// Searches `matrix`, restricted to `puzzle`'s clues, watched by `observer`. Apart from the
/// clue pass, so that the search is compiled once per link width and observer rather than once
/// per shape of box: with a copy per shape, 9×9 puzzles took 5–7% longer.
fn search<O: SearchObserver, L: Link>(
    matrix: &mut ExactCover<L>,
    puzzle: &Grid,
    limits: Limits,
    observer: Placements<O>,
) -> Outcome {
    let side = puzzle.size().side();
    let search_limits =
        SearchLimits { max_solutions: limits.max_solutions(), node_bound: limits.node_bound() };
    let mut solution = None;
    let report = matrix.search_observed(
        search_limits,
        |options| {
            if solution.is_none() {
                let mut grid = puzzle.clone();
                for &option in options {
                    let option = option as usize;
                    grid.set(option / side, (option % side) as u8 + 1);
                }
                solution = Some(grid);
            }
        },
        observer,
    );
    let mut outcome = Outcome::empty();
    outcome.solution = solution;
    outcome.count = report.solutions;
    outcome.budget_exhausted = report.budget_exhausted;
    outcome.stats = Stats { nodes: report.nodes, guesses: report.guesses };
    outcome
}

#[cfg(test)]
mod tests {
    use super::Dlx;
    use crate::samples::assert_solves_samples;
    use sudoku_core::symmetry::base_solution;
    use sudoku_core::{Engine, Grid, Limits, Size, check_solution};

    /// One engine value moving between sizes keeps a matrix for each: a 4×4 puzzle, the 9×9
    /// samples, then 4×4 again. (Sizes from 36×36 on, with 32-bit links, are left to the
    /// integration tests: their matrices are too large for Miri.)
    #[test]
    fn one_engine_solves_puzzles_of_several_sizes_in_turn() {
        let four = Size::from_order(2).unwrap();
        let solved = base_solution(four);
        let mut puzzle = solved.clone();
        for cell in [0, 3, 5, 6, 9, 10, 12, 15] {
            puzzle.set(cell, 0);
        }
        let mut engine = Dlx::new();
        let first = engine.solve(&puzzle, Limits::UNIQUE);
        assert_eq!((first.count, first.solution.as_ref()), (1, Some(&solved)));
        assert_solves_samples(&mut engine);
        assert_eq!(engine.solve(&puzzle, Limits::UNIQUE), first);
        // Under Miri, counting all 288 grids takes over a minute; the first dozen go through
        // the same links.
        let (limit, grids) = if cfg!(miri) { (12, 12) } else { (1000, 288) };
        let all = engine.solve(&Grid::empty(four), Limits::count_up_to(limit));
        assert_eq!(all.count, grids, "every 4×4 grid, or the first dozen under Miri");
        assert_eq!(check_solution(&Grid::empty(four), &all.solution.unwrap()), Ok(()));
    }

    /// The exact-cover matrix at full size, relinked for each puzzle by one engine value:
    /// what its unchecked link accesses see in use. (Left out under Miri: the test above runs
    /// the same samples through one engine value, after a 4×4 puzzle.)
    #[test]
    #[cfg(not(miri))]
    fn one_engine_solves_every_sample() {
        assert_solves_samples(&mut Dlx::new());
    }
}
