//! The encoding shared by the engines that solve every size (`propagate`, `cdcl`): which cells
//! make up each unit, where each cell sits in its units, and which cells see each other, for
//! one box order. Built once per order and kept, so solving a second puzzle of the same size
//! allocates nothing.

use sudoku_core::{Grid, Limits, Outcome, Stats};

/// The smallest box order solved: 2, a 4×4 grid.
pub(crate) const MIN_ORDER: usize = 2;
/// The largest box order solved: 8, a 64×64 grid, whose 64 values fill a `u64` exactly.
pub(crate) const MAX_ORDER: usize = 8;

/// Cells, units and peers of the grid of one box order `n`: side `n²`, `n⁴` cells numbered
/// row-major, values `1..=n²` held as bits `0..n²` of a candidate set.
///
/// Units are numbered rows first (`0..side`), then columns (`side..2·side`), then boxes
/// (`2·side..3·side`, row-major).
pub(crate) struct Geometry {
    /// The box order `n`.
    pub(crate) order: usize,
    /// Cells in a row, column or box: `n²`.
    pub(crate) side: usize,
    /// Cells in the grid: `n⁴`.
    pub(crate) cells: usize,
    /// The candidate set holding every value.
    pub(crate) all_values: u64,

    /// The cells of unit `u` are `unit_cells[u * side..(u + 1) * side]`.
    unit_cells: Vec<u16>,
    /// The cells sharing a unit with cell `c` (not `c` itself) are
    /// `peers[c * peer_count..(c + 1) * peer_count]`.
    peers: Vec<u16>,
    /// Peers of each cell: `2(n² − n) + n² − 1`.
    peer_count: usize,
    /// The row, column and box unit of each cell.
    units_of: Vec<[u16; 3]>,
    /// Where each cell sits in its row, column and box: its index in `unit(u)`.
    positions_of: Vec<[u8; 3]>,
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

            unit_cells: Vec::new(),
            peers: Vec::new(),
            peer_count: 0,
            units_of: Vec::new(),
            positions_of: Vec::new(),
            peer_positions: Vec::new(),
        }
    }

    /// Rebuilds the tables for box order `order` (in `MIN_ORDER..=MAX_ORDER`), unless they are
    /// already for that order.
    pub(crate) fn set_order(&mut self, order: usize) {
        if self.order == order {
            return;
        }
        let side = order * order;
        let cells = side * side;
        self.order = order;
        self.side = side;
        self.cells = cells;
        self.all_values = u64::MAX >> (64 - side);

        self.unit_cells.clear();
        for row in 0..side {
            self.unit_cells.extend((0..side).map(|col| (row * side + col) as u16));
        }
        for col in 0..side {
            self.unit_cells.extend((0..side).map(|row| (row * side + col) as u16));
        }
        for box_index in 0..side {
            let (top, left) = (box_index / order * order, box_index % order * order);
            self.unit_cells
                .extend((0..side).map(|k| ((top + k / order) * side + left + k % order) as u16));
        }

        self.units_of.clear();
        self.units_of.extend((0..cells).map(|cell| {
            let (row, col) = (cell / side, cell % side);
            let box_index = row / order * order + col / order;
            [row, side + col, 2 * side + box_index].map(|unit| unit as u16)
        }));

        self.positions_of.clear();
        self.positions_of.extend((0..cells).map(|cell| {
            let (row, col) = (cell / side, cell % side);
            [col, row, row % order * order + col % order].map(|position| position as u8)
        }));

        let block = u64::MAX >> (64 - order);
        self.peer_positions.clear();
        self.peer_positions.extend(self.positions_of.iter().map(|positions| {
            let [col, row, box_position] = positions.map(usize::from);
            [
                self.all_values & !(block << (col / order * order)),
                self.all_values & !(block << (row / order * order)),
                self.all_values & !(1 << box_position),
            ]
        }));

        // Row and column peers outside the cell's box, then its box peers.
        self.peer_count = 2 * (side - order) + side - 1;
        let mut peers = std::mem::take(&mut self.peers);
        peers.clear();
        for cell in 0..cells {
            let [row, col, box_unit] = self.units_of(cell);
            let outside_box =
                |peer: &&u16| usize::from(self.units_of[usize::from(**peer)][2]) != box_unit;
            peers.extend(self.unit(row).iter().filter(outside_box));
            peers.extend(self.unit(col).iter().filter(outside_box));
            peers.extend(self.unit(box_unit).iter().filter(|&&peer| usize::from(peer) != cell));
        }
        debug_assert_eq!(peers.len(), cells * self.peer_count);
        self.peers = peers;
    }

    /// The cells of unit `unit`.
    #[inline]
    pub(crate) fn unit(&self, unit: usize) -> &[u16] {
        &self.unit_cells[unit * self.side..(unit + 1) * self.side]
    }

    /// The cells that share a unit with `cell`.
    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
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
        self.units_of[cell].map(usize::from)
    }

    /// Where `cell` sits in its row, column and box (the order of [`Geometry::units_of`]): its
    /// index in each unit's cell list.
    #[inline]
    pub(crate) fn positions_of(&self, cell: usize) -> [usize; 3] {
        self.positions_of[cell].map(usize::from)
    }
}

/// What every engine of every size does before it searches: a budget of no nodes gives up at
/// once, having visited none; a puzzle that is not [`well_formed`] has no solution, found at
/// the cost of one node, the puzzle looked at. `Err` holds that answer (count, budget
/// exhausted, statistics); `Ok` the statistics the search starts from, the puzzle its first
/// node.
pub(crate) fn begin_search(
    order: usize,
    clues: &[u8],
    excluded: Option<(usize, u8)>,
    limits: Limits,
    solution_len: usize,
) -> Result<Stats, (u32, bool, Stats)> {
    let mut stats = Stats::default();
    if limits.node_bound() == 0 {
        return Err((0, true, stats));
    }
    stats.nodes = 1;
    if !well_formed(order, clues, excluded, solution_len) {
        return Err((0, false, stats));
    }
    Ok(stats)
}

/// Whether a puzzle given as cells is one the engines of every size can take: a box order `n`
/// in `MIN_ORDER..=MAX_ORDER`, `clues` and a solution buffer of `solution_len` both `n⁴` cells,
/// clues in `0..=n²`, and the cell and value ruled out (if any) inside the grid.
pub(crate) fn well_formed(
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
    /// into `solution`.
    ///
    /// Returns the number of solutions found (at most `limits.max_solutions()`), whether the
    /// search gave up at the node budget (the count is then a lower bound), and what the search
    /// cost. A puzzle whose clues contradict each other has no solution; so has one that is not
    /// [`well_formed`]. `solution` is written only when the count is above zero.
    fn solve_cells_excluding(
        &mut self,
        order: usize,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> (u32, bool, Stats);

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
    ) -> (u32, bool, Stats) {
        self.solve_cells_excluding(order, clues, None, limits, solution)
    }

    /// Solves `puzzle` (with `excluded` ruled out) and wraps the result as an [`Outcome`].
    fn outcome(&mut self, puzzle: &Grid, excluded: Option<(usize, u8)>, limits: Limits) -> Outcome {
        let size = puzzle.size();
        let mut buffer = std::mem::take(self.solution_buffer());
        buffer.clear();
        buffer.resize(size.cells(), 0);
        let (count, budget_exhausted, stats) =
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
