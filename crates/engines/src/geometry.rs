//! What the engines that solve every size (`propagate`, `cdcl`, `alldiff`, `norvig`, `sat`)
//! share: the grid of one size as tables ([`Geometry`]: the core's [`Units`] and the peers as
//! bit masks), built once per size and kept, so solving a second puzzle of the same
//! size allocates nothing; and the engine seen as a solver of cells ([`CellSolver`]), with
//! what every such engine does before it searches written once, and [`cell_engine!`] making
//! it an engine of the workbench.

use sudoku_core::{Grid, Layout, Limits, Model, Outcome, Size, Stats, Units};

/// Calls the macro `$call!(ROWS, SIDE, CELLS, Set, Cell)` for the shape of box of `$size`: the
/// rows of a box, the side and the cells as constants, the smallest candidate set that holds
/// the side's values as `bitmask` wants it (`u16` up to 9×9, `u64` beyond) and the smallest cell index that numbers
/// its cells (`u8` up to 256 cells, `u16` beyond). The engines that compile their search for
/// each size (`naive`, `bitmask`, `dlx`) dispatch through it, so each of the 49 shapes, 2×2
/// to 8×8, gets the code its constants allow and no shape is left out.
macro_rules! dispatch_shape {
    ($size:expr, $call:ident) => {
        match ($size.box_rows(), $size.box_cols()) {
            (2, 2) => $call!(2, 4, 16, u16, u8),
            (2, 3) => $call!(2, 6, 36, u16, u8),
            (2, 4) => $call!(2, 8, 64, u16, u8),
            (2, 5) => $call!(2, 10, 100, u64, u8),
            (2, 6) => $call!(2, 12, 144, u64, u8),
            (2, 7) => $call!(2, 14, 196, u64, u8),
            (2, 8) => $call!(2, 16, 256, u64, u8),
            (3, 2) => $call!(3, 6, 36, u16, u8),
            (3, 3) => $call!(3, 9, 81, u16, u8),
            (3, 4) => $call!(3, 12, 144, u64, u8),
            (3, 5) => $call!(3, 15, 225, u64, u8),
            (3, 6) => $call!(3, 18, 324, u64, u16),
            (3, 7) => $call!(3, 21, 441, u64, u16),
            (3, 8) => $call!(3, 24, 576, u64, u16),
            (4, 2) => $call!(4, 8, 64, u16, u8),
            (4, 3) => $call!(4, 12, 144, u64, u8),
            (4, 4) => $call!(4, 16, 256, u64, u8),
            (4, 5) => $call!(4, 20, 400, u64, u16),
            (4, 6) => $call!(4, 24, 576, u64, u16),
            (4, 7) => $call!(4, 28, 784, u64, u16),
            (4, 8) => $call!(4, 32, 1024, u64, u16),
            (5, 2) => $call!(5, 10, 100, u64, u8),
            (5, 3) => $call!(5, 15, 225, u64, u8),
            (5, 4) => $call!(5, 20, 400, u64, u16),
            (5, 5) => $call!(5, 25, 625, u64, u16),
            (5, 6) => $call!(5, 30, 900, u64, u16),
            (5, 7) => $call!(5, 35, 1225, u64, u16),
            (5, 8) => $call!(5, 40, 1600, u64, u16),
            (6, 2) => $call!(6, 12, 144, u64, u8),
            (6, 3) => $call!(6, 18, 324, u64, u16),
            (6, 4) => $call!(6, 24, 576, u64, u16),
            (6, 5) => $call!(6, 30, 900, u64, u16),
            (6, 6) => $call!(6, 36, 1296, u64, u16),
            (6, 7) => $call!(6, 42, 1764, u64, u16),
            (6, 8) => $call!(6, 48, 2304, u64, u16),
            (7, 2) => $call!(7, 14, 196, u64, u8),
            (7, 3) => $call!(7, 21, 441, u64, u16),
            (7, 4) => $call!(7, 28, 784, u64, u16),
            (7, 5) => $call!(7, 35, 1225, u64, u16),
            (7, 6) => $call!(7, 42, 1764, u64, u16),
            (7, 7) => $call!(7, 49, 2401, u64, u16),
            (7, 8) => $call!(7, 56, 3136, u64, u16),
            (8, 2) => $call!(8, 16, 256, u64, u8),
            (8, 3) => $call!(8, 24, 576, u64, u16),
            (8, 4) => $call!(8, 32, 1024, u64, u16),
            (8, 5) => $call!(8, 40, 1600, u64, u16),
            (8, 6) => $call!(8, 48, 2304, u64, u16),
            (8, 7) => $call!(8, 56, 3136, u64, u16),
            (8, 8) => $call!(8, 64, 4096, u64, u16),
            _ => unreachable!("boxes have 2 to 8 rows and columns"),
        }
    };
}
pub(crate) use dispatch_shape;

/// The size a search compiled for boxes of `rows` rows on a grid of side `side` solves.
///
/// # Panics
/// At compile time, if no size has that shape.
pub(crate) const fn size_of_shape(rows: usize, side: usize) -> Size {
    match Size::with_boxes(rows, side / rows) {
        Some(size) if size.side() == side => size,
        _ => panic!("not the shape of a grid size"),
    }
}

/// Cells, units and peers of the grid of one size: boxes of `r` rows and `c` columns, side
/// `s = r·c`, `s²` cells numbered row-major, values `1..=s` held as bits `0..s` of a candidate
/// set.
///
/// The tables of units and peers are the core's [`Units`] (units numbered rows first, then
/// columns, then boxes); what is the engines' own is the sizes kept at hand and the peers as
/// bit masks of positions ([`Geometry::peer_positions`]).
pub(crate) struct Geometry {
    /// The size the tables are for ([`Size::NINE`] until [`Geometry::set_size`] is called;
    /// the tables are then empty).
    pub(crate) size: Size,
    /// Cells in a row, column or box: `s`.
    pub(crate) side: usize,
    /// Cells in the grid: `s²`.
    pub(crate) cells: usize,
    /// The candidate set holding every value.
    pub(crate) all_values: u64,

    /// Which cells make up each unit, which units hold each cell, and its peers.
    units: Units,
    /// Per cell, the positions of its peers in each of its units (see
    /// [`Geometry::peer_positions`]).
    peer_positions: Vec<[u64; 3]>,
    /// The propagators of the layout's constraints and the sums they imply, if it has
    /// constraints (see [`Geometry::model`]).
    model: Option<Model>,
}

impl Geometry {
    /// An empty geometry; [`Geometry::set_size`] fills it.
    pub(crate) fn new() -> Self {
        Geometry {
            size: Size::NINE,
            side: 0,
            cells: 0,
            all_values: 0,

            units: Units::default(),
            peer_positions: Vec::new(),
            model: None,
        }
    }

    /// Rebuilds the tables for `size`, unless they are already for it.
    #[cfg(all(test, not(miri)))]
    pub(crate) fn set_size(&mut self, size: Size) {
        self.set_layout(None, size);
    }

    /// Rebuilds the tables for `layout`, or for the classic layout of `size` if `None`, unless
    /// they are already for it.
    pub(crate) fn set_layout(&mut self, layout: Option<&Layout>, size: Size) {
        let layout = layout.filter(|layout| !layout.is_classic());
        if self.size == size && self.side != 0 && self.units.layout() == layout {
            return;
        }
        self.units.set_layout(layout, size);
        self.model = layout.filter(|layout| !layout.constraints().is_empty()).map(Model::new);
        let side = size.side();
        self.size = size;
        self.side = side;
        self.cells = side * side;
        self.all_values = u64::MAX >> (64 - side);

        // A row crosses a box in `c` cells, a column in `r`.
        let (rows, cols) = (size.box_rows(), size.box_cols());
        let (row_block, col_block) = (u64::MAX >> (64 - cols), u64::MAX >> (64 - rows));
        self.peer_positions.clear();
        if layout.is_some() {
            // The positions of a row or column outside the cell's region, and its region's
            // but its own.
            let units = &self.units;
            self.peer_positions.extend((0..self.cells).map(|cell| {
                let [row, col, region] = units.units_of(cell);
                let outside = |unit: usize| {
                    units.cells_of(unit).iter().enumerate().fold(0, |mask, (position, &peer)| {
                        let inside = units.units_of(peer.into())[2] == region;
                        if inside { mask } else { mask | 1 << position }
                    })
                };
                [outside(row), outside(col), self.all_values & !(1 << units.positions_of(cell)[2])]
            }));
            return;
        }
        self.peer_positions.extend((0..self.cells).map(|cell| {
            let [col, row, box_position] = self.units.positions_of(cell);
            [
                self.all_values & !(row_block << (col / cols * cols)),
                self.all_values & !(col_block << (row / rows * rows)),
                self.all_values & !(1 << box_position),
            ]
        }));
    }

    /// The layout the tables are for; `None` for a classic grid.
    #[inline]
    pub(crate) fn layout(&self) -> Option<&Layout> {
        self.units.layout()
    }

    /// The propagators of the layout's constraints (killer cages, thermometers, dots, ...) and
    /// the sums they imply (innies and outies of the cages), with the cells each watches;
    /// `None` when the grid has no constraint. Made once per layout, when the tables are.
    #[inline]
    pub(crate) fn model(&self) -> Option<&Model> {
        self.model.as_ref()
    }

    /// The complete houses beyond its row, column and box or region that hold `cell` (none for
    /// a classic grid); see [`Units::more_units_of`].
    #[inline]
    pub(crate) fn more_units_of(&self, cell: usize) -> &[u16] {
        self.units.more_units_of(cell)
    }

    /// Where `cell` sits in each of [`Geometry::more_units_of`]; see
    /// [`Units::more_positions_of`].
    #[inline]
    pub(crate) fn more_positions_of(&self, cell: usize) -> &[u8] {
        self.units.more_positions_of(cell)
    }

    /// The candidates each cell starts with, as the layout gives them (a pencilmark puzzle);
    /// `None` when every cell starts with every value.
    #[inline]
    pub(crate) fn starting_candidates(&self) -> Option<&[u64]> {
        self.layout().and_then(Layout::candidates)
    }

    /// The number of units: `3·side`, and the complete houses a layout adds.
    #[inline]
    pub(crate) fn unit_count(&self) -> usize {
        self.units.count()
    }

    /// How many of the [`Geometry::peers`] of `cell` are in its row, column and box or region:
    /// those [`Geometry::peer_positions`] describe. The rest are peers a layout adds.
    #[inline]
    pub(crate) fn unit_peer_count(&self, cell: usize) -> usize {
        self.units.unit_peer_count(cell)
    }

    /// The cells of unit `unit`.
    #[inline]
    pub(crate) fn unit(&self, unit: usize) -> &[u16] {
        self.units.cells_of(unit)
    }

    /// The cells that share a unit with `cell`, by unit (see [`Units::peers`]).
    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[u16] {
        self.units.peers(cell)
    }

    /// The peers of `cell` as positions in its row, column and box (the order of
    /// [`Geometry::units_of`]): the row's and the column's cells outside the cell's box, and the
    /// box's cells but the cell itself. Each peer is in exactly one of the three, and going
    /// through them unit by unit, lowest position first, meets the peers in the order of
    /// [`Geometry::peers`].
    #[inline]
    pub(crate) fn peer_positions(&self, cell: usize) -> [u64; 3] {
        self.peer_positions[cell]
    }

    /// The row, column and box unit of `cell`.
    #[inline]
    pub(crate) fn units_of(&self, cell: usize) -> [usize; 3] {
        self.units.units_of(cell)
    }

    /// Where `cell` sits in its row, column and box (the order of [`Geometry::units_of`]): its
    /// index in each unit's cell list.
    #[inline]
    pub(crate) fn positions_of(&self, cell: usize) -> [usize; 3] {
        self.units.positions_of(cell)
    }
}

/// What an engine of every size found for a puzzle given as cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct CellOutcome {
    /// The solutions found, at most `limits.max_solutions()`: all there are, unless the budget
    /// ran out.
    pub(crate) count: u32,
    /// Whether the search gave up at the node budget; `count` is then a lower bound.
    pub(crate) budget_exhausted: bool,
    /// What the search cost.
    pub(crate) stats: Stats,
}

impl CellOutcome {
    /// No solution, found (not given up on) at the cost of `stats`: a contradiction.
    pub(crate) fn none(stats: Stats) -> Self {
        CellOutcome { count: 0, budget_exhausted: false, stats }
    }
}

/// A puzzle given as cells that [`CellSolver::solve_cells_excluding`] found well-formed, as
/// the engine's own search ([`CellSolver::search_cells`]) gets it: the arguments of
/// `solve_cells_excluding`, and the statistics of the search so far (the puzzle, its first
/// node).
pub(crate) struct CellSearch<'a> {
    /// The size of the grid.
    pub(crate) size: Size,
    /// The grid's layout, `None` for a classic grid; the engine's [`Geometry`] (if it has one)
    /// is already set to it.
    pub(crate) layout: Option<&'a Layout>,
    /// The clues, `s²` cells row-major for side `s`, each in `0..=s` (0 for an empty cell).
    pub(crate) clues: &'a [u8],
    /// The cell (below `s²`) and the value (in `1..=s`) ruled out, if any.
    pub(crate) excluded: Option<(usize, u8)>,
    /// How many solutions to look for, and the node budget: at least one node.
    pub(crate) limits: Limits,
    /// What the search has cost so far: one node, the puzzle looked at.
    pub(crate) stats: Stats,
    /// Where the first solution found goes: `s²` cells.
    pub(crate) solution: &'a mut [u8],
}

/// Whether a puzzle given as cells is one the engines of every size can take on a grid of
/// `size`: `clues` and a solution buffer of `solution_len` both of the grid's cells, clues in
/// `0..=side`, and the cell and value ruled out (if any) inside the grid.
fn well_formed(
    size: Size,
    clues: &[u8],
    excluded: Option<(usize, u8)>,
    solution_len: usize,
) -> bool {
    let (side, cells) = (size.side(), size.cells());
    clues.len() == cells
        && solution_len == cells
        && clues.iter().all(|&clue| usize::from(clue) <= side)
        && excluded.is_none_or(|(cell, value)| cell < cells && (1..=side).contains(&value.into()))
}

/// An engine of every size, seen as what it does to a puzzle given as cells: row-major, one
/// value per cell, 0 for an empty cell. [`cell_engine!`] makes it an [`Engine`] of the
/// workbench.
///
/// [`Engine`]: sudoku_core::Engine
pub(crate) trait CellSolver {
    /// [`CellSolver::solve_layout_cells`] on a classic grid.
    #[cfg(all(test, not(miri)))]
    fn solve_cells_excluding(
        &mut self,
        size: Size,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> CellOutcome {
        self.solve_layout_cells(None, size, clues, excluded, limits, solution)
    }

    /// Searches the puzzle of `layout` (of `size`), or the classic puzzle of `size` if
    /// `None`, whose `clues` are given as cells, with the value `excluded.1` ruled out of cell
    /// `excluded.0` if given, and writes the first solution found into `solution`, which is
    /// written only when the count is above zero.
    ///
    /// What every engine does before it searches is here, once: a budget of no nodes gives up
    /// at once, having visited none; a puzzle that is not [`well_formed`] has no solution,
    /// found at the cost of one node, the puzzle looked at; the engine's [`Geometry`] (if it
    /// has one) is set to the layout. The rest is [`CellSolver::search_cells`]. A puzzle whose
    /// clues contradict each other has no solution either.
    #[inline]
    fn solve_layout_cells(
        &mut self,
        layout: Option<&Layout>,
        size: Size,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> CellOutcome {
        let mut stats = Stats::default();
        if limits.node_bound() == 0 {
            return CellOutcome { count: 0, budget_exhausted: true, stats };
        }
        stats.nodes = 1;
        if !well_formed(size, clues, excluded, solution.len()) {
            return CellOutcome::none(stats);
        }
        if let Some(geometry) = self.geometry() {
            geometry.set_layout(layout, size);
        }
        self.search_cells(CellSearch { size, layout, clues, excluded, limits, stats, solution })
    }

    /// The engine's own part of [`CellSolver::solve_cells_excluding`]: the search of a
    /// well-formed puzzle with a budget of at least one node.
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome;

    /// The engine's tables of the grid, which [`CellSolver::solve_cells_excluding`] sets to the
    /// puzzle's size before the search; `None` for an engine that keeps none.
    #[inline]
    fn geometry(&mut self) -> Option<&mut Geometry> {
        None
    }

    /// The engine's memory for a solution, kept between solves so that solving allocates
    /// nothing once the engine has seen the size.
    fn solution_buffer(&mut self) -> &mut Vec<u8>;

    /// [`CellSolver::solve_cells_excluding`] with no value ruled out.
    #[cfg(all(test, not(miri)))]
    fn solve_cells(
        &mut self,
        size: Size,
        clues: &[u8],
        limits: Limits,
        solution: &mut [u8],
    ) -> CellOutcome {
        self.solve_cells_excluding(size, clues, None, limits, solution)
    }

    /// Solves `puzzle` (with `excluded` ruled out) and wraps the result as an [`Outcome`].
    fn outcome(&mut self, puzzle: &Grid, excluded: Option<(usize, u8)>, limits: Limits) -> Outcome {
        let size = puzzle.size();
        let mut buffer = std::mem::take(self.solution_buffer());
        buffer.clear();
        buffer.resize(size.cells(), 0);
        let CellOutcome { count, budget_exhausted, stats } = self.solve_layout_cells(
            puzzle.layout().map(|layout| &**layout),
            size,
            puzzle.cells(),
            excluded,
            limits,
            &mut buffer,
        );
        let solution = (count > 0).then(|| {
            let solution =
                Grid::from_cells(size, &buffer).expect("a solution holds values of its size");
            solution.with_layout(puzzle.layout().cloned())
        });
        *self.solution_buffer() = buffer;
        Outcome { solution, count, budget_exhausted, stats, ..Outcome::empty() }
    }
}

/// Implements [`sudoku_core::Engine`] for a type that implements [`CellSolver`]: both questions
/// of the trait, solving and solving with a value ruled out, go to
/// [`CellSolver::solve_cells_excluding`].
macro_rules! cell_engine {
    ($engine:ty) => {
        impl sudoku_core::Engine for $engine {
            fn solve(
                &mut self,
                puzzle: &sudoku_core::Grid,
                limits: sudoku_core::Limits,
            ) -> sudoku_core::Outcome {
                $crate::geometry::CellSolver::outcome(self, puzzle, None, limits)
            }

            fn solve_excluding(
                &mut self,
                puzzle: &sudoku_core::Grid,
                cell: usize,
                value: u8,
                limits: sudoku_core::Limits,
            ) -> Option<sudoku_core::Outcome> {
                Some($crate::geometry::CellSolver::outcome(
                    self,
                    puzzle,
                    Some((cell, value)),
                    limits,
                ))
            }
        }
    };
}
pub(crate) use cell_engine;

// Tables of plain indices, no `unsafe` code: left out of the Miri run.
#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;

    #[test]
    fn peer_positions_meet_the_peers_in_their_order_at_every_size() {
        let mut geometry = Geometry::new();
        for size in Size::all() {
            geometry.set_size(size);
            for cell in 0..geometry.cells {
                let mut met = Vec::new();
                for (unit, positions) in
                    geometry.units_of(cell).into_iter().zip(geometry.peer_positions(cell))
                {
                    let mut positions = positions;
                    while positions != 0 {
                        met.push(geometry.unit(unit)[positions.trailing_zeros() as usize]);
                        positions &= positions - 1;
                    }
                }
                assert_eq!(met, geometry.peers(cell), "{size}, cell {cell}");
            }
        }
        // On a layout, they meet the peers of the row, column and region in their order.
        let nine = Size::NINE;
        let sheared: Vec<u32> =
            (0..81u32).map(|c| (c / 27) * 3 + (c % 9 + c / 9) % 9 / 3).collect();
        let rules = [sudoku_core::Rule::Diagonals, sudoku_core::Rule::AntiKing];
        let layout = Layout::new(nine, Some(&sheared), &rules, &[], None).unwrap();
        geometry.set_layout(Some(&layout), nine);
        for cell in 0..81 {
            let mut met = Vec::new();
            for (unit, positions) in
                geometry.units_of(cell).into_iter().zip(geometry.peer_positions(cell))
            {
                let mut positions = positions;
                while positions != 0 {
                    met.push(geometry.unit(unit)[positions.trailing_zeros() as usize]);
                    positions &= positions - 1;
                }
            }
            assert_eq!(met, geometry.peers(cell)[..geometry.unit_peer_count(cell)], "cell {cell}");
            assert!(geometry.more_units_of(cell).len() <= 2);
        }
        assert_eq!((geometry.unit_count(), geometry.layout()), (29, Some(&layout)));
    }
}
