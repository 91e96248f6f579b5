//! What the engines that solve every size (`propagate`, `cdcl`, `alldiff`, `norvig`, `sat`)
//! share: the grid of one box order as tables ([`Geometry`]: the core's [`Units`] and the
//! peers as bit masks), built once per order and kept, so solving a second puzzle of the same
//! size allocates nothing; and the engine seen as a solver of cells ([`CellSolver`]), with
//! what every such engine does before it searches written once, and [`cell_engine!`] making
//! it an engine of the workbench.

use sudoku_core::{Grid, Limits, Outcome, Size, Stats, Units};

/// The smallest box order solved: 2, a 4×4 grid.
pub(crate) const MIN_ORDER: usize = 2;
/// The largest box order solved: 8, a 64×64 grid, whose 64 values fill a `u64` exactly.
pub(crate) const MAX_ORDER: usize = 8;

/// Cells, units and peers of the grid of one box order `n`: side `n²`, `n⁴` cells numbered
/// row-major, values `1..=n²` held as bits `0..n²` of a candidate set.
///
/// The tables of units and peers are the core's [`Units`] (units numbered rows first, then
/// columns, then boxes); what is the engines' own is the sizes kept at hand and the peers as
/// bit masks of positions ([`Geometry::peer_positions`]).
pub(crate) struct Geometry {
    /// The box order `n`.
    pub(crate) order: usize,
    /// Cells in a row, column or box: `n²`.
    pub(crate) side: usize,
    /// Cells in the grid: `n⁴`.
    pub(crate) cells: usize,
    /// The candidate set holding every value.
    pub(crate) all_values: u64,

    /// Which cells make up each unit, which units hold each cell, and its peers.
    units: Units,
    /// Per cell, the positions of its peers in each of its units (see
    /// [`Geometry::peer_positions`]).
    peer_positions: Vec<[u64; 3]>,
}

impl Geometry {
    /// An empty geometry; [`Geometry::set_order`] fills it.
    pub(crate) fn new() -> Self {
        Geometry {
            order: 0,
            side: 0,
            cells: 0,
            all_values: 0,

            units: Units::default(),
            peer_positions: Vec::new(),
        }
    }

    /// Rebuilds the tables for box order `order` (in `MIN_ORDER..=MAX_ORDER`), unless they are
    /// already for that order.
    pub(crate) fn set_order(&mut self, order: usize) {
        if self.order == order {
            return;
        }
        let size = Size::from_order(order).expect("a well-formed puzzle's order is a size");
        self.units.set_size(size);
        let side = order * order;
        self.order = order;
        self.side = side;
        self.cells = side * side;
        self.all_values = u64::MAX >> (64 - side);

        let block = u64::MAX >> (64 - order);
        self.peer_positions.clear();
        self.peer_positions.extend((0..self.cells).map(|cell| {
            let [col, row, box_position] = self.units.positions_of(cell);
            [
                self.all_values & !(block << (col / order * order)),
                self.all_values & !(block << (row / order * order)),
                self.all_values & !(1 << box_position),
            ]
        }));
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
    /// The box order `n`, in `MIN_ORDER..=MAX_ORDER`.
    pub(crate) order: usize,
    /// The clues, `n⁴` cells row-major, each in `0..=n²` (0 for an empty cell).
    pub(crate) clues: &'a [u8],
    /// The cell (below `n⁴`) and the value (in `1..=n²`) ruled out, if any.
    pub(crate) excluded: Option<(usize, u8)>,
    /// How many solutions to look for, and the node budget: at least one node.
    pub(crate) limits: Limits,
    /// What the search has cost so far: one node, the puzzle looked at.
    pub(crate) stats: Stats,
    /// Where the first solution found goes: `n⁴` cells.
    pub(crate) solution: &'a mut [u8],
}

/// Whether a puzzle given as cells is one the engines of every size can take: a box order `n`
/// in `MIN_ORDER..=MAX_ORDER`, `clues` and a solution buffer of `solution_len` both `n⁴` cells,
/// clues in `0..=n²`, and the cell and value ruled out (if any) inside the grid.
fn well_formed(
    order: usize,
    clues: &[u8],
    excluded: Option<(usize, u8)>,
    solution_len: usize,
) -> bool {
    if !(MIN_ORDER..=MAX_ORDER).contains(&order) {
        return false;
    }
    let (side, cells) = (order * order, order.pow(4));
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
    /// Searches the puzzle of box order `order` whose `clues` are given as cells, with the value
    /// `excluded.1` ruled out of cell `excluded.0` if given, and writes the first solution found
    /// into `solution`, which is written only when the count is above zero.
    ///
    /// What every engine does before it searches is here, once: a budget of no nodes gives up
    /// at once, having visited none; a puzzle that is not [`well_formed`] has no solution,
    /// found at the cost of one node, the puzzle looked at; the engine's [`Geometry`] (if it
    /// has one) is set to the order. The rest is [`CellSolver::search_cells`]. A puzzle whose
    /// clues contradict each other has no solution either.
    #[inline]
    fn solve_cells_excluding(
        &mut self,
        order: usize,
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
        if !well_formed(order, clues, excluded, solution.len()) {
            return CellOutcome::none(stats);
        }
        if let Some(geometry) = self.geometry() {
            geometry.set_order(order);
        }
        self.search_cells(CellSearch { order, clues, excluded, limits, stats, solution })
    }

    /// The engine's own part of [`CellSolver::solve_cells_excluding`]: the search of a
    /// well-formed puzzle with a budget of at least one node.
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome;

    /// The engine's tables of the grid, which [`CellSolver::solve_cells_excluding`] sets to the
    /// puzzle's order before the search; `None` for an engine that keeps none.
    #[inline]
    fn geometry(&mut self) -> Option<&mut Geometry> {
        None
    }

    /// The engine's memory for a solution, kept between solves so that solving allocates
    /// nothing once the engine has seen the size.
    fn solution_buffer(&mut self) -> &mut Vec<u8>;

    /// [`CellSolver::solve_cells_excluding`] with no value ruled out.
    #[cfg(test)]
    fn solve_cells(
        &mut self,
        order: usize,
        clues: &[u8],
        limits: Limits,
        solution: &mut [u8],
    ) -> CellOutcome {
        self.solve_cells_excluding(order, clues, None, limits, solution)
    }

    /// Solves `puzzle` (with `excluded` ruled out) and wraps the result as an [`Outcome`].
    fn outcome(&mut self, puzzle: &Grid, excluded: Option<(usize, u8)>, limits: Limits) -> Outcome {
        let size = puzzle.size();
        let mut buffer = std::mem::take(self.solution_buffer());
        buffer.clear();
        buffer.resize(size.cells(), 0);
        let CellOutcome { count, budget_exhausted, stats } =
            self.solve_cells_excluding(size.order(), puzzle.cells(), excluded, limits, &mut buffer);
        let solution = (count > 0)
            .then(|| Grid::from_cells(size, &buffer).expect("a solution holds values of its size"));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peer_positions_meet_the_peers_in_their_order_at_every_size() {
        let mut geometry = Geometry::new();
        let orders = if cfg!(miri) { MIN_ORDER..=3 } else { MIN_ORDER..=MAX_ORDER };
        for order in orders {
            geometry.set_order(order);
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
                assert_eq!(met, geometry.peers(cell), "order {order}, cell {cell}");
            }
        }
    }
}
