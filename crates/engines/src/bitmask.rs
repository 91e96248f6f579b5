//! `bitmask` and `bitmask-mrv`: backtracking over row, column and box bit sets.
//!
//! Each row, column and box keeps a bit set of the values it already holds, so a cell's
//! candidates are one OR and one NOT away instead of a scan of its row, column and box.
//! Values are tried lowest first.
//!
//! The two engines differ only in which empty cell they fill next:
//! - `bitmask` takes them in row-major order, like the judge write-ups; its first solution is
//!   therefore the lexicographically smallest, as with `naive`;
//! - `bitmask-mrv` takes the cell with the fewest candidates ("minimum remaining values"),
//!   ties going to the first in row-major order. Comparing the two shows what this one
//!   heuristic buys.
//!
//! The search is written once, over a `Board` that keeps the bit sets: one compiled for
//! each size of classic grid, and one read from tables for a grid with a layout. A classic
//! board's side and cell count are constants, and its bit set is a `u16` up to 9×9 (bit `v`
//! for value `v`, counted by table) and a `u64` beyond (bit `v - 1`, as 64×64 needs all 64
//! bits), and empty cells are listed by byte up to 16×16. So 9×9 keeps the fixed arrays,
//! tables, 16-bit sets and byte-sized cell list it was tuned with.
//!
//! A grid with a layout keeps a `u64` set for every unit of its [`Units`] (rows, columns,
//! regions, and the complete houses its rules add); a cell's candidates are its starting
//! candidates less the sets of its units and the values of its other peers (the small groups
//! and the knight's or king's moves its rules add), which are scanned.
//!
//! [`Bitmask::solve_observed`] runs the same search with a [`SearchObserver`] watching it; the
//! engine's own solves pass [`NoObserver`], which compiles to nothing.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};
use std::sync::Arc;

use sudoku_core::{Engine, Grid, Layout, Limits, Model, Outcome, Size, Units};

use crate::constraints::Narrowing;
use crate::geometry::{dispatch_shape, size_of_shape};
use crate::observe::{NoObserver, SearchObserver};

/// Which empty cell to fill next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellOrder {
    /// The first empty cell in row-major order.
    RowMajor,
    /// The empty cell with the fewest candidates (first in row-major order on ties).
    FewestCandidates,
}

/// Backtracking over bit sets, with the cell order chosen at construction.
pub struct Bitmask {
    order: CellOrder,
}

impl Bitmask {
    /// An engine that picks cells in `order`.
    pub fn new(order: CellOrder) -> Self {
        Bitmask { order }
    }
}

/// A set of values, as the search needs it.
trait ValueSet:
    Copy
    + Eq
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + BitOrAssign
    + BitAndAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// Every value of a grid of side `side`.
    fn all(side: usize) -> Self;
    /// The set holding only `value` (1..=side).
    fn of(value: u8) -> Self;
    /// The number of values in the set.
    fn count(self) -> u8;
    /// The smallest value in the set, which is not empty.
    fn smallest(self) -> u8;
    /// The set without its smallest value.
    fn without_smallest(self) -> Self;
    /// The set with value `v` as bit `v − 1`, as observers are told it.
    fn to_bits(self) -> u64;
}

/// Number of candidates in each 9×9 value set. The baseline x86-64 target has no popcount
/// instruction, and this table made `bitmask-mrv` about a third faster than `count_ones`.
const CANDIDATE_COUNT: [u8; 1024] = {
    let mut counts = [0; 1024];
    let mut set = 0;
    while set < 1024 {
        counts[set] = (set as u16).count_ones() as u8;
        set += 1;
    }
    counts
};

/// Up to 9×9: bit `v` stands for value `v` (1..=9); bit 0 is never set.
impl ValueSet for u16 {
    const EMPTY: u16 = 0;

    #[inline]
    fn all(side: usize) -> u16 {
        ((1 << (side + 1)) - 1) & !1
    }

    #[inline]
    fn of(value: u8) -> u16 {
        1 << value
    }

    #[inline]
    fn count(self) -> u8 {
        CANDIDATE_COUNT[usize::from(self)]
    }

    #[inline]
    fn smallest(self) -> u8 {
        self.trailing_zeros() as u8
    }

    #[inline]
    fn without_smallest(self) -> u16 {
        self & (self - 1)
    }

    #[inline]
    fn to_bits(self) -> u64 {
        u64::from(self >> 1)
    }
}

/// From 16×16 on: bit `v - 1` stands for value `v` (1..=64).
impl ValueSet for u64 {
    const EMPTY: u64 = 0;

    #[inline]
    fn all(side: usize) -> u64 {
        u64::MAX >> (64 - side)
    }

    #[inline]
    fn of(value: u8) -> u64 {
        1 << (value - 1)
    }

    #[inline]
    fn count(self) -> u8 {
        self.count_ones() as u8
    }

    #[inline]
    fn smallest(self) -> u8 {
        self.trailing_zeros() as u8 + 1
    }

    #[inline]
    fn without_smallest(self) -> u64 {
        self & (self - 1)
    }

    #[inline]
    fn to_bits(self) -> u64 {
        self
    }
}

/// A cell number as the list of empty cells keeps it: a byte up to 16×16 (256 cells), which
/// halves what the fewest-candidates search moves about at 9×9, and 16 bits beyond.
trait CellIndex: Copy + Default {
    /// The number of `cell`, which is below the grid's cell count.
    fn of(cell: usize) -> Self;
    /// The cell numbered.
    fn index(self) -> usize;
}

impl CellIndex for u8 {
    #[inline]
    fn of(cell: usize) -> u8 {
        cell as u8
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl CellIndex for u16 {
    #[inline]
    fn of(cell: usize) -> u16 {
        cell as u16
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl Engine for Bitmask {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        self.solve_observed(puzzle, limits, NoObserver)
    }
}

impl Bitmask {
    /// Solves `puzzle` as [`Engine::solve`] does, telling `observer` every cell it fills, every
    /// value it tries and takes back, and every solution (lend it, `&mut observer`, to keep it).
    pub fn solve_observed<O: SearchObserver>(
        &mut self,
        puzzle: &Grid,
        limits: Limits,
        observer: O,
    ) -> Outcome {
        let order = self.order;
        if let Some(layout) = puzzle.layout() {
            let board = LayoutBoard::new(puzzle, layout);
            let empties = vec![0u16; board.grid.len()];
            return solve(order, board, empties, limits, observer);
        }
        macro_rules! call {
            ($rows:literal, $side:literal, $cells:literal, $set:ty, $cell:ty) => {
                solve_classic::<O, $set, $cell, $rows, $side, $cells>(
                    order, puzzle, limits, observer,
                )
            };
        }
        dispatch_shape!(puzzle.size(), call)
    }
}

/// Solves a classic puzzle of side `SIDE` (`CELLS` = `SIDE²` cells, boxes of `ROWS` rows) with
/// value sets `S`, numbering cells with `C`, watched by `observer`.
fn solve_classic<
    O: SearchObserver,
    S: ValueSet,
    C: CellIndex,
    const ROWS: usize,
    const SIDE: usize,
    const CELLS: usize,
>(
    order: CellOrder,
    puzzle: &Grid,
    limits: Limits,
    observer: O,
) -> Outcome {
    let mut grid = [0; CELLS];
    // Every shape of box is dispatched on: `CELLS` is the puzzle's cell count.
    grid.copy_from_slice(puzzle.cells());
    let board = ClassicBoard::<S, ROWS, SIDE, CELLS> {
        grid,
        row_used: [S::EMPTY; SIDE],
        col_used: [S::EMPTY; SIDE],
        box_used: [S::EMPTY; SIDE],
    };
    solve(order, board, [C::default(); CELLS], limits, observer)
}

/// Solves the puzzle `board` starts with, listing its empty cells in `empties` (room for
/// every cell), watched by `observer`.
fn solve<O: SearchObserver, B: Board, C: CellIndex, E: AsRef<[C]> + AsMut<[C]>>(
    order: CellOrder,
    board: B,
    empties: E,
    limits: Limits,
    observer: O,
) -> Outcome {
    let mut search = Search {
        order,
        board,
        empties,
        empty_count: 0,
        limits,
        outcome: Outcome::empty(),
        observer,
        cell_index: std::marker::PhantomData,
    };
    if !search.visit_node() || search.board.has_cell_without_candidates() {
        return search.outcome;
    }
    for cell in 0..search.board.cells() {
        let digit = search.board.value(cell);
        if digit == 0 {
            search.empties.as_mut()[search.empty_count] = C::of(cell);
            search.empty_count += 1;
        } else if search.board.candidates(cell) & B::Set::of(digit) == B::Set::EMPTY {
            // A clue repeats one placed before it, or is not one of its cell's starting
            // candidates: no solution can exist.
            return search.outcome;
        } else {
            search.board.place(cell, digit);
        }
    }
    // A rule whose cells are all clues is never asked again, and one without cells (more
    // cells that must differ than values) never at all.
    if B::RULES && !search.board.clues_admitted() {
        return search.outcome;
    }
    search.fill(0);
    search.outcome
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

/// The grid being filled, with what it takes to know a cell's candidates quickly.
trait Board {
    /// The sets of values the board keeps.
    type Set: ValueSet;
    /// The number of cells.
    fn cells(&self) -> usize;
    /// The value in `cell`, 0 if it is empty.
    fn value(&self, cell: usize) -> u8;
    /// The values `cell` may take, given the cells filled so far (itself excepted).
    fn candidates(&self, cell: usize) -> Self::Set;
    /// Puts `digit` in the empty `cell`.
    fn place(&mut self, cell: usize, digit: u8);
    /// Takes `digit`, placed last in `cell` of those still placed, back out of it.
    fn clear(&mut self, cell: usize, digit: u8);
    /// The grid as it stands, as a solution.
    fn solution(&self) -> Option<Grid>;
    /// Whether some cell starts with no candidates, so that the puzzle has no solution. A
    /// row-major search would find out only on reaching the cell, after every filling of
    /// the cells before it.
    #[inline]
    fn has_cell_without_candidates(&self) -> bool {
        false
    }
    /// Whether the board has rules with numbers and lines ([`Board::admitted`]): a classic
    /// board has none, and its search is compiled without asking.
    const RULES: bool = false;
    /// The values of `candidates` that, put in the empty `cell`, leave every rule with numbers
    /// and lines watching it possible, given the cells filled so far.
    #[inline]
    fn admitted(&mut self, _cell: usize, candidates: Self::Set) -> Self::Set {
        candidates
    }
    /// Whether the clues leave every rule with numbers and lines possible.
    #[inline]
    fn clues_admitted(&mut self) -> bool {
        true
    }
}

/// The row, column and box of each cell of a grid of `size`.
const fn unit_table<const CELLS: usize>(size: Size) -> [[u8; 3]; CELLS] {
    let mut units = [[0; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        units[cell] = [size.row_of(cell) as u8, size.col_of(cell) as u8, size.box_of(cell) as u8];
        cell += 1;
    }
    units
}

/// A classic grid of side `SIDE` with `CELLS` cells and boxes of `ROWS` rows, with a set `S`
/// of the values each row, column and box holds.
struct ClassicBoard<S, const ROWS: usize, const SIDE: usize, const CELLS: usize> {
    grid: [u8; CELLS],
    row_used: [S; SIDE],
    col_used: [S; SIDE],
    box_used: [S; SIDE],
}

impl<S: ValueSet, const ROWS: usize, const SIDE: usize, const CELLS: usize>
    ClassicBoard<S, ROWS, SIDE, CELLS>
{
    const SIZE: Size = size_of_shape(ROWS, SIDE);
    /// The row, column and box of each cell, looked up rather than divided out on the hot path.
    const UNITS: &'static [[u8; 3]; CELLS] = &unit_table(Self::SIZE);
}

impl<S: ValueSet, const ROWS: usize, const SIDE: usize, const CELLS: usize> Board
    for ClassicBoard<S, ROWS, SIDE, CELLS>
{
    type Set = S;

    #[inline]
    fn cells(&self) -> usize {
        CELLS
    }

    #[inline]
    fn value(&self, cell: usize) -> u8 {
        self.grid[cell]
    }

    #[inline]
    fn candidates(&self, cell: usize) -> S {
        let [row, col, box_index] = Self::UNITS[cell].map(usize::from);
        !(self.row_used[row] | self.col_used[col] | self.box_used[box_index]) & S::all(SIDE)
    }

    #[inline]
    fn place(&mut self, cell: usize, digit: u8) {
        let [row, col, box_index] = Self::UNITS[cell].map(usize::from);
        let bit = S::of(digit);
        self.grid[cell] = digit;
        self.row_used[row] |= bit;
        self.col_used[col] |= bit;
        self.box_used[box_index] |= bit;
    }

    #[inline]
    fn clear(&mut self, cell: usize, digit: u8) {
        let [row, col, box_index] = Self::UNITS[cell].map(usize::from);
        let bit = !S::of(digit);
        self.grid[cell] = 0;
        self.row_used[row] &= bit;
        self.col_used[col] &= bit;
        self.box_used[box_index] &= bit;
    }

    fn solution(&self) -> Option<Grid> {
        Grid::from_cells(Self::SIZE, &self.grid)
    }
}

/// A grid with a layout: a set of the values each unit holds (every unit of its [`Units`]),
/// and the peers of each cell that share no unit with it, whose values are scanned.
struct LayoutBoard<'a> {
    grid: Vec<u8>,
    units: Units,
    /// The values unit `u` holds, bit `v - 1` for value `v`.
    used: Vec<u64>,
    /// The candidates each cell starts with.
    start: Vec<u64>,
    /// The peers of cell `c` in none of its units are
    /// `loose[loose_start[c]..loose_start[c + 1]]`.
    loose: Vec<u16>,
    loose_start: Vec<usize>,
    layout: &'a Arc<Layout>,
    /// The layout's constraints (killer cages, thermometers, ...), if it has any.
    rules: Option<Rules>,
}

/// The constraints of a layout as the core's propagators, each run on the cells filled so far
/// when a cell it watches is about to be filled: the filled cells as single candidates, the
/// empty ones as their starting candidates.
struct Rules {
    model: Model,
    candidates: Vec<u64>,
    narrowing: Narrowing,
}

impl Rules {
    /// Whether every propagator watching `cell` (`None`: every propagator) finds its rule
    /// possible.
    fn hold(&mut self, cell: Option<usize>) -> bool {
        let Rules { model, candidates, narrowing } = self;
        let propagators = model.propagators();
        match cell {
            Some(cell) => model
                .watchers(cell)
                .iter()
                .all(|&index| narrowing.holds(&propagators[index as usize], candidates)),
            None => propagators.iter().all(|propagator| narrowing.holds(propagator, candidates)),
        }
    }
}

impl<'a> LayoutBoard<'a> {
    fn new(puzzle: &Grid, layout: &'a Arc<Layout>) -> Self {
        let units = Units::for_grid(puzzle);
        let cells = puzzle.cells().len();
        let all = u64::all(units.side());
        let start = layout.candidates().map_or_else(|| vec![all; cells], <[u64]>::to_vec);
        let (mut loose, mut loose_start) = (Vec::new(), Vec::with_capacity(cells + 1));
        for cell in 0..cells {
            loose_start.push(loose.len());
            // Past the row's, column's and region's come the other houses' peers too; those
            // the unit sets already cover.
            let in_a_house = |peer: &u16| {
                let holds = |&unit: &u16| units.cells_of(usize::from(unit)).contains(peer);
                units.more_units_of(cell).iter().any(holds)
            };
            let others = &units.peers(cell)[units.unit_peer_count(cell)..];
            loose.extend(others.iter().filter(|peer| !in_a_house(peer)));
        }
        loose_start.push(loose.len());
        let rules = (!layout.constraints().is_empty()).then(|| Rules {
            model: Model::without_implied(layout),
            candidates: start.clone(),
            narrowing: Narrowing::default(),
        });
        LayoutBoard {
            grid: puzzle.cells().to_vec(),
            used: vec![0; units.count()],
            units,
            start,
            loose,
            loose_start,
            layout,
            rules,
        }
    }
}

/// Every unit of `units` that holds `cell`: its row, column and region, then its layout's
/// other complete houses.
#[inline]
fn units_holding(units: &Units, cell: usize) -> impl Iterator<Item = usize> + '_ {
    let more = units.more_units_of(cell).iter().map(|&unit| usize::from(unit));
    units.units_of(cell).into_iter().chain(more)
}

impl Board for LayoutBoard<'_> {
    type Set = u64;

    fn cells(&self) -> usize {
        self.grid.len()
    }

    fn value(&self, cell: usize) -> u8 {
        self.grid[cell]
    }

    fn candidates(&self, cell: usize) -> u64 {
        let mut taken =
            units_holding(&self.units, cell).fold(0, |taken, unit| taken | self.used[unit]);
        for &peer in &self.loose[self.loose_start[cell]..self.loose_start[cell + 1]] {
            let value = self.grid[usize::from(peer)];
            if value != 0 {
                taken |= u64::of(value);
            }
        }
        self.start[cell] & !taken
    }

    fn place(&mut self, cell: usize, digit: u8) {
        let bit = u64::of(digit);
        self.grid[cell] = digit;
        for unit in units_holding(&self.units, cell) {
            self.used[unit] |= bit;
        }
        if let Some(rules) = &mut self.rules {
            rules.candidates[cell] = bit;
        }
    }

    fn clear(&mut self, cell: usize, digit: u8) {
        let bit = !u64::of(digit);
        self.grid[cell] = 0;
        for unit in units_holding(&self.units, cell) {
            self.used[unit] &= bit;
        }
        if let Some(rules) = &mut self.rules {
            rules.candidates[cell] = self.start[cell];
        }
    }

    fn solution(&self) -> Option<Grid> {
        let solution = Grid::from_cells(self.layout.size(), &self.grid)?;
        Some(solution.with_layout(Some(self.layout.clone())))
    }

    fn has_cell_without_candidates(&self) -> bool {
        self.start.contains(&0)
    }

    const RULES: bool = true;

    fn admitted(&mut self, cell: usize, candidates: u64) -> u64 {
        let Some(rules) = &mut self.rules else { return candidates };
        let mut admitted = 0;
        let mut rest = candidates;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            rules.candidates[cell] = bit;
            if rules.hold(Some(cell)) {
                admitted |= bit;
            }
        }
        rules.candidates[cell] = self.start[cell];
        admitted
    }

    fn clues_admitted(&mut self) -> bool {
        self.rules.as_mut().is_none_or(|rules| rules.hold(None))
    }
}

/// The search on a `B`, its empty cells listed in an `E` of cells numbered with `C`, watched by
/// an `O`.
struct Search<O, B, C, E> {
    order: CellOrder,
    board: B,
    /// The empty cells of the puzzle. `empties[..depth]` are filled by the current branch;
    /// `fill` swaps the cell it picks into position `depth`.
    empties: E,
    empty_count: usize,
    limits: Limits,
    outcome: Outcome,
    observer: O,
    cell_index: std::marker::PhantomData<C>,
}

impl<O: SearchObserver, B: Board, C: CellIndex, E: AsRef<[C]> + AsMut<[C]>> Search<O, B, C, E> {
    fn visit_node(&mut self) -> bool {
        if self.outcome.stats.nodes >= self.limits.node_bound() {
            self.outcome.budget_exhausted = true;
            return false;
        }
        self.outcome.stats.nodes += 1;
        true
    }

    /// The empty cell listed at `index`.
    #[inline]
    fn empty(&self, index: usize) -> usize {
        self.empties.as_ref()[index].index()
    }

    /// Moves the next cell to fill into `empties[depth]` by rotating `empties[depth..=k]` one
    /// place right, where `k` was its index; returns `k` and the cell's candidates. Rotating
    /// (rather than swapping) keeps the rest of the unfilled cells in row-major order, so
    /// ties keep going to the first cell; `fill` rotates back when it is done.
    fn pick_cell(&mut self, depth: usize) -> (usize, B::Set) {
        let first = self.board.candidates(self.empty(depth));
        if self.order == CellOrder::RowMajor {
            return (depth, first);
        }
        let (mut best, mut best_candidates, mut best_count) = (depth, first, first.count());
        for index in depth + 1..self.empty_count {
            if best_count <= 1 {
                break;
            }
            let candidates = self.board.candidates(self.empty(index));
            if candidates.count() < best_count {
                best = index;
                best_candidates = candidates;
                best_count = candidates.count();
            }
        }
        // `rotate_right(1)`, spelt out: the standard library's rotation is not inlined once
        // the search is compiled for several sizes, and calling it cost a fifth of the time
        // (as did copying nothing, when the first cell is the one picked).
        if best > depth {
            let empties = self.empties.as_mut();
            let picked = empties[best];
            empties.copy_within(depth..best, depth + 1);
            empties[depth] = picked;
        }
        (best, best_candidates)
    }

    fn fill(&mut self, depth: usize) -> Flow {
        if depth == self.empty_count {
            return self.record_solution();
        }
        let (picked_from, mut candidates) = self.pick_cell(depth);
        let cell = self.empty(depth);
        if B::RULES {
            candidates = self.board.admitted(cell, candidates);
        }
        if candidates.count() >= 2 {
            self.outcome.stats.guesses += 1;
        }
        self.observer.branch(cell, candidates.to_bits());
        let mut flow = Flow::Continue;
        while candidates != B::Set::EMPTY {
            let digit = candidates.smallest();
            candidates = candidates.without_smallest();
            if !self.visit_node() {
                flow = Flow::Stop;
                break;
            }
            self.board.place(cell, digit);
            self.observer.place(cell, digit);
            flow = self.fill(depth + 1);
            self.board.clear(cell, digit);
            self.observer.unplace(cell, digit);
            if flow == Flow::Stop {
                break;
            }
        }
        // `rotate_left(1)`, spelt out as in `pick_cell`.
        if picked_from > depth {
            let empties = self.empties.as_mut();
            let picked = empties[depth];
            empties.copy_within(depth + 1..=picked_from, depth);
            empties[picked_from] = picked;
        }
        flow
    }

    fn record_solution(&mut self) -> Flow {
        self.observer.solution();
        if self.outcome.count == 0 {
            self.outcome.solution = self.board.solution();
        }
        self.outcome.count += 1;
        if self.outcome.count >= self.limits.max_solutions() { Flow::Stop } else { Flow::Continue }
    }
}

// The engines have no `unsafe` code, so their tests are left out of the Miri run (which has
// no `testing` module either).
#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;
    use crate::naive::Naive;
    use crate::testing::{layout_reference_count, test_layouts};
    use sudoku_core::Rule;

    /// `naive`, `bitmask` and `bitmask-mrv`, by name.
    fn backtrackers() -> [(&'static str, Box<dyn Engine>); 3] {
        [
            ("naive", Box::new(Naive)),
            ("bitmask", Box::new(Bitmask::new(CellOrder::RowMajor))),
            ("bitmask-mrv", Box::new(Bitmask::new(CellOrder::FewestCandidates))),
        ]
    }

    #[test]
    fn the_row_major_first_solution_of_a_layout_is_its_smallest_and_keeps_the_layout() {
        // The empty 6×6 X-sudoku: many solutions, the smallest found by walking its cells.
        let layout = test_layouts().into_iter().find(|l| l.name() == "6×6 x").expect("6×6 x");
        let layout = Arc::new(layout);
        let puzzle = Grid::empty(layout.size()).with_layout(Some(layout.clone()));
        let mut found = Vec::new();
        for (name, mut engine) in backtrackers() {
            let outcome = engine.solve(&puzzle, Limits::FIRST);
            let solution = outcome.solution.expect("the empty grid has solutions");
            assert_eq!(solution.layout(), Some(&layout), "{name}");
            assert_eq!(layout.first_broken(solution.cells()), None, "{name}");
            found.push(solution.cells().to_vec());
        }
        let smallest = &found[0];
        assert_eq!(found[1], *smallest, "naive and bitmask take cells and values alike");
        // No grid with the same first cells and a smaller value in the next one has a solution.
        for cell in 0..smallest.len() {
            for smaller in 1..smallest[cell] {
                let mut clues = smallest[..cell].to_vec();
                clues.push(smaller);
                clues.resize(smallest.len(), 0);
                assert_eq!(layout_reference_count(&layout, &clues, 1), 0, "cell {cell}");
            }
        }
    }

    #[test]
    fn clues_a_layout_forbids_leave_no_solution() {
        let nine = Size::NINE;
        let layout = |rules: &[Rule], candidates: Option<&[u64]>| {
            Arc::new(Layout::new(nine, None, rules, &[], candidates).expect("a layout"))
        };
        let all = vec![0x1ff; 81];
        let mut without_3_at_5 = all.clone();
        without_3_at_5[5] &= !(1 << 2);
        let mut none_at_40 = all.clone();
        none_at_40[40] = 0;
        // Each: the layout, then its clues (cell, value); each pair of clues is apart on a
        // classic grid, and the puzzle without the layout's rule has solutions.
        let cases = [
            ("two 1s on a diagonal", layout(&[Rule::Diagonals], None), vec![(0, 1), (80, 1)]),
            (
                "two 1s a knight's move apart",
                layout(&[Rule::AntiKnight], None),
                vec![(2, 1), (13, 1)],
            ),
            ("two 1s a king's move apart", layout(&[Rule::AntiKing], None), vec![(2, 1), (12, 1)]),
            ("a clue outside its candidates", layout(&[], Some(&without_3_at_5)), vec![(5, 3)]),
            ("a cell without candidates", layout(&[], Some(&none_at_40)), vec![]),
        ];
        for (case, layout, clues) in cases {
            let mut cells = vec![0; 81];
            for &(cell, value) in &clues {
                cells[cell] = value;
            }
            let classic = Grid::from_cells(nine, &cells).expect("a 9×9 grid");
            let puzzle = classic.clone().with_layout(Some(layout.clone()));
            // (Not for the cell without candidates: the plain backtracker would try every
            // filling of the cells before it.)
            if !clues.is_empty() {
                assert_eq!(layout_reference_count(&layout, &cells, 1), 0, "{case}");
            }
            for (name, mut engine) in backtrackers() {
                let outcome = engine.solve(&puzzle, Limits::FIRST);
                assert_eq!((outcome.count, outcome.budget_exhausted), (0, false), "{name}: {case}");
                assert_eq!(engine.solve(&classic, Limits::FIRST).count, 1, "{name}: {case}");
            }
        }
    }
}
