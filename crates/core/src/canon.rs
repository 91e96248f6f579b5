//! Canonical forms: one representative of every class of puzzles (or solution grids) that the
//! transformations of [`crate::symmetry`] map onto each other.
//!
//! Two puzzles are isomorphs when one is the other with its values relabelled, its bands and
//! the rows within each band reordered, its stacks and the columns within each stack
//! reordered, and perhaps transposed. Lists of puzzles are kept in one form per class so that
//! a relabelled or shuffled copy is seen to be old: the form here is the one those lists use
//! ("minlex"), so that a form computed here can be looked up in them.
//!
//! # The definition
//!
//! Write a grid as the string of its cells in row-major order, an empty cell as 0 and a value
//! as itself, and order strings lexicographically (so an empty cell sorts before every value:
//! `.` < `1` < … < `9`). Over the 2·(n!)^(2n+2) cell transformations (3,359,232 for 9×9, 128
//! for 4×4), each followed by the relabelling that numbers the values in the order they first
//! appear in that string (the smallest relabelling for that transformation), the canonical
//! form ([`Convention::Minlex`]) is the smallest string. [`Convention::PatternFirst`] orders by
//! the clue pattern first (the string with every value written as 1) and only then by the
//! values: among the transformations whose pattern is smallest, the smallest string.
//! [`relabelled`] keeps the cells where they are and only renumbers the values in order of
//! first appearance, so the clue pattern is kept.
//!
//! # The search
//!
//! Trying every transformation costs millions of string comparisons per puzzle. The search
//! instead builds the form a row at a time, keeping every partial transformation whose rows so
//! far equal the smallest found, and cutting a branch at the first cell that is larger. Two
//! facts keep the branching small. A column that is empty in every row placed so far goes
//! before any column with a value in its stack (and a stack empty so far before every other
//! stack): swapping them would put an empty cell first where they first differ. So such
//! columns and stacks are kept as unordered sets, placed only once a row gives them a value.
//! And the relabelling is decided as the values are met, so it costs nothing to search.
//! Before any placement, a source row is skipped when its column mask shows that its first
//! value would come where the smallest row known is still empty; a stack already placed whose
//! free columns hold at most one of the row's values has nothing left to order and is read
//! off in a loop, so the recursion branches only where there is a choice. A row's keys are
//! packed four bits each into one number, so that a partial row is compared with the
//! smallest row's first keys by a shift and one comparison, and a run of empty cells (which
//! can never make a row larger) by a shift alone. Under [`Convention::Minlex`] the smallest
//! rows found are the form itself.
//!
//! A complete 9×9 grid ties on its whole first row under every column order, so it takes a
//! search of its own (`canon/solution.rs`) that settles the first two rows together. A 9×9
//! puzzle's [`Convention::PatternFirst`] form is found in two stages (`canon/pattern.rs`): the
//! clue pattern alone, a row at a time on nine-bit masks with the column orders still allowed
//! kept as sets, then the values among the transformations that tie on the pattern; a puzzle
//! whose pattern ties under too many (a nearly empty one) comes back to this search.
//! Orders 2 and 3 (4×4 and 9×9) are supported; from 16×16 on, a full grid's first row alone
//! ties under (4!)^5 column orders, which this search would try one by one.

use std::cell::Cell;

use crate::grid::Grid;
use crate::size::Size;

mod pattern;
mod solution;

/// The largest side [`canonical`] handles (9×9).
const MAX_SIDE: usize = 9;
/// The largest order [`canonical`] handles.
const MAX_ORDER: usize = 3;

/// Which order of strings picks the representative of a class.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Convention {
    /// The smallest string, empty cells smallest (the form the published lists use).
    #[default]
    Minlex,
    /// The smallest clue pattern first (empty before given), then the smallest string among
    /// the transformations that give it.
    PatternFirst,
}

/// The canonical form of a grid and the number of its automorphisms.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Canonical {
    /// The representative of the grid's class.
    pub form: Grid,
    /// How many of the cell transformations (each with its relabelling) map the grid to
    /// itself: 1 for most puzzles, 3,359,232 for the empty 9×9 grid.
    pub automorphisms: u64,
}

/// Whether [`canonical`] handles grids of `size` (4×4 and 9×9).
pub fn supports(size: Size) -> bool {
    size.square_order().is_some_and(|order| order <= MAX_ORDER)
}

/// `grid` with its values renumbered in order of first appearance, cells in place: the form
/// that keeps the clue pattern.
pub fn relabelled(grid: &Grid) -> Grid {
    let mut labels = [0u8; 65];
    let mut next = 1u8;
    let cells: Vec<u8> = grid
        .cells()
        .iter()
        .map(|&value| match value {
            0 => 0,
            value => {
                let label = &mut labels[usize::from(value)];
                if *label == 0 {
                    *label = next;
                    next += 1;
                }
                *label
            }
        })
        .collect();
    Grid::from_cells(grid.size(), &cells).expect("labels stay in range")
}

/// The canonical form of `grid` under `convention`, with its automorphism count; `None` for a
/// size [`supports`] refuses.
pub fn canonical(grid: &Grid, convention: Convention) -> Option<Canonical> {
    let size = grid.size();
    if !supports(size) {
        return None;
    }
    // A full grid's pattern is the same under every transformation, so both conventions give
    // the minlex form, which a search of its own finds faster.
    if size == Size::NINE && solution::is_solution(grid.cells()) {
        let (form, automorphisms) = solution::canonical(grid.cells());
        let form = Grid::from_cells(size, &form).expect("labels stay in range");
        return Some(Canonical { form, automorphisms });
    }
    if size == Size::NINE
        && convention == Convention::PatternFirst
        && let Some((form, automorphisms)) = pattern::canonical(grid.cells())
    {
        let form = Grid::from_cells(size, &form).expect("labels stay in range");
        return Some(Canonical { form, automorphisms });
    }
    Some(searched(grid, convention))
}

/// The canonical form by the row-by-row search, which handles every grid of a supported size.
fn searched(grid: &Grid, convention: Convention) -> Canonical {
    match grid.size().square_order() {
        Some(2) => searched_in::<2>(grid, convention),
        _ => searched_in::<3>(grid, convention),
    }
}

/// [`searched`] for grids of order `ORDER`: a fixed order lets the compiler unroll the loops
/// over a stack's columns and turn the divisions by the order into shifts and multiplications.
fn searched_in<const ORDER: usize>(grid: &Grid, convention: Convention) -> Canonical {
    debug_assert_eq!(grid.size().square_order(), Some(ORDER));
    let [current, kept] = SPARE_LISTS.take();
    let mut search = Search::<ORDER>::new(grid, convention, kept);
    let finals = search.run(current);
    let answer = search.answer(&finals);
    SPARE_LISTS.set([finals, search.kept]);
    answer
}

std::thread_local! {
    /// The search's two lists of partial transformations, kept from one grid to the next so
    /// that a grid's search allocates nothing once the lists have grown.
    static SPARE_LISTS: Cell<[Vec<State>; 2]> = Cell::default();
}

/// How many bits of a mask of at most nine bits (a row's columns) are set: a lookup in
/// [`ONES`], as the baseline x86-64 target has no population count instruction and the search
/// counts a row's blanks at every step.
fn ones(mask: u16) -> usize {
    usize::from(ONES[usize::from(mask) & (ONES.len() - 1)])
}

/// The number of bits set in each nine-bit mask.
static ONES: [u8; 1 << MAX_SIDE] = {
    let mut table = [0u8; 1 << MAX_SIDE];
    let mut mask = 0;
    while mask < table.len() {
        table[mask] = mask.count_ones() as u8;
        mask += 1;
    }
    table
};

/// [`FIRST_IN_FREE`]'s entry for a row with no value in the free stacks.
const NO_VALUE: u8 = u8::MAX;

/// For orders 2 and 3, a set of free stacks (a bit each) and a row's column mask: the latest
/// position the row's first value can take when the free stacks are placed first, or
/// [`NO_VALUE`] when none of them holds a value in the row. The free stacks empty in the row
/// go first, then the free stack with the most empty columns, its empty columns first; so the
/// row is sure to be cut where the smallest row known is empty up to that position. Every
/// source row tried is checked so, hence one lookup rather than a count stack by stack.
static FIRST_IN_FREE: [[[u8; 1 << MAX_SIDE]; 1 << MAX_ORDER]; 2] =
    [first_in_free(2), first_in_free(3)];

/// Builds [`FIRST_IN_FREE`] for `order`.
const fn first_in_free(order: usize) -> [[u8; 1 << MAX_SIDE]; 1 << MAX_ORDER] {
    let mut table = [[NO_VALUE; 1 << MAX_SIDE]; 1 << MAX_ORDER];
    let mut free = 0;
    while free < 1 << order {
        let mut given = 0usize;
        while given < 1 << (order * order) {
            let mut first = 0;
            let mut most_blank = 0;
            let mut any = false;
            let mut stack = 0;
            while stack < order {
                if free & (1 << stack) != 0 {
                    let values = (given >> (stack * order) & ((1 << order) - 1)).count_ones();
                    if values == 0 {
                        first += order;
                    } else {
                        any = true;
                        if order - values as usize > most_blank {
                            most_blank = order - values as usize;
                        }
                    }
                }
                stack += 1;
            }
            if any {
                table[free][given] = (first + most_blank) as u8;
            }
            given += 1;
        }
        free += 1;
    }
    table
}

/// The keys of a row placed so far, packed four bits a key with the first key highest, so that
/// comparing two rows' keys as numbers compares them as strings, and a row's first keys are
/// compared with the smallest row's by a shift. Every key fits: a label is at most 9.
#[derive(Clone, Copy)]
struct Keys {
    /// The keys, the last one lowest.
    bits: u64,
    /// How many keys.
    len: usize,
}

impl Keys {
    /// The bits of a key.
    const BITS: usize = 4;
    /// A key's bits.
    const MASK: u64 = (1 << Self::BITS) - 1;
    /// No key yet.
    const EMPTY: Keys = Keys { bits: 0, len: 0 };

    /// These keys followed by `key`.
    fn then(self, key: u8) -> Keys {
        Keys { bits: self.bits << Self::BITS | u64::from(key), len: self.len + 1 }
    }

    /// These keys followed by `count` empty cells. Empty cells never make a row larger than
    /// one it is no larger than so far, so they need no comparison.
    fn blanks(self, count: usize) -> Keys {
        Keys { bits: self.bits << (Self::BITS * count), len: self.len + count }
    }
}

/// A partial transformation: the source rows of the result's first rows, where each result
/// stack and column comes from (or the set it will come from, while still empty), and the
/// labels given so far.
#[derive(Clone, Copy)]
struct State {
    /// Which of the two grids (as read, transposed) the rows come from.
    grid: u8,
    /// The source row of each result row placed.
    rows: [u8; MAX_SIDE],
    /// Source bands used, source rows used.
    used_bands: u8,
    used_rows: u16,
    /// The source band of the result band being filled.
    band: u8,
    /// Source stacks empty in every row placed: they fill result stacks `0..free_stacks`.
    free_stack_set: u8,
    free_stacks: u8,
    /// The source stack of each result stack from `free_stacks` on.
    stack: [u8; MAX_ORDER],
    /// The source columns of each result stack still empty in every row placed: they fill its
    /// first `free_count` slots. The other slots are in `slots`.
    free_cols: [u16; MAX_ORDER],
    free_count: [u8; MAX_ORDER],
    slots: [[u8; MAX_ORDER]; MAX_ORDER],
    /// The label of each source value (0: not met yet), and the next label to give.
    labels: [u8; MAX_SIDE + 1],
    next: u8,
}

struct Search<const ORDER: usize> {
    convention: Convention,
    /// The grid as read and transposed, row-major.
    grids: [[u8; MAX_SIDE * MAX_SIDE]; 2],
    /// The smallest row found for the row being placed, as [`Keys::bits`] of a complete row;
    /// [`Self::UNKNOWN`] until a row is complete.
    best: u64,
    /// The smallest string found, filled a row at a time (under [`Convention::Minlex`], the
    /// form itself).
    form: [u8; MAX_SIDE * MAX_SIDE],
    /// The partial transformations whose rows so far are the smallest.
    kept: Vec<State>,
    /// The values of the source row being tried, by source column.
    values: [u8; MAX_SIDE],
    /// Of each source row of each grid, the columns holding a value.
    given: [[u16; MAX_SIDE]; 2],
    /// Of each source row of each grid, the stacks holding a value.
    given_stacks: [[u8; MAX_SIDE]; 2],
    /// The columns holding a value in the source row being tried.
    row_given: u16,
}

impl<const ORDER: usize> Search<ORDER> {
    /// The side of the grids searched.
    const SIDE: usize = ORDER * ORDER;
    /// The smallest row before any is known: every key all ones, above every label.
    const UNKNOWN: u64 = (1 << (Keys::BITS * Self::SIDE)) - 1;

    /// The search of `grid` under `convention`, keeping its transformations in `kept` (emptied
    /// before each row).
    fn new(grid: &Grid, convention: Convention, kept: Vec<State>) -> Self {
        let side = Self::SIDE;
        let cells = &grid.cells()[..side * side];
        let mut grids = [[0u8; MAX_SIDE * MAX_SIDE]; 2];
        let mut given = [[0u16; MAX_SIDE]; 2];
        grids[0][..side * side].copy_from_slice(cells);
        // Whole rows of the slice, so that no cell's index is checked; the columns' masks are
        // kept in a local array the loop can hold in registers.
        let mut columns = [0u16; MAX_SIDE];
        for (row, line) in cells.chunks_exact(side).enumerate() {
            let mut mask = 0u16;
            for (col, &value) in line.iter().enumerate() {
                grids[1][col * side + row] = value;
                let filled = u16::from(value != 0);
                mask |= filled << col;
                columns[col] |= filled << row;
            }
            given[0][row] = mask;
        }
        given[1] = columns;
        let stack_mask = (1u16 << ORDER) - 1;
        let mut given_stacks = [[0u8; MAX_SIDE]; 2];
        for (stacks, rows) in given_stacks.iter_mut().zip(&given) {
            for (stacks, &row) in stacks.iter_mut().zip(rows) {
                *stacks = (0..ORDER)
                    .filter(|&stack| row >> (stack * ORDER) & stack_mask != 0)
                    .fold(0, |set, stack| set | 1 << stack);
            }
        }
        Search {
            convention,
            grids,
            best: Self::UNKNOWN,
            form: [0; MAX_SIDE * MAX_SIDE],
            kept,
            values: [0; MAX_SIDE],
            given,
            given_stacks,
            row_given: 0,
        }
    }

    /// The canonical form and automorphism count from the transformations [`Self::run`]
    /// returns.
    fn answer(&self, finals: &[State]) -> Canonical {
        let size = Size::from_order(ORDER).expect("a supported order");
        let cells = Self::SIDE * Self::SIDE;
        if self.convention == Convention::Minlex {
            // The search compared the labelled strings themselves, so every transformation
            // kept gives the smallest one, which is the smallest row found at each step; each
            // adds its free orders.
            let automorphisms = finals.iter().map(|state| self.free_transformations(state)).sum();
            let form = Grid::from_cells(size, &self.form[..cells]).expect("labels stay in range");
            return Canonical { form, automorphisms };
        }
        let mut best: Option<[u8; MAX_SIDE * MAX_SIDE]> = None;
        let mut automorphisms = 0u64;
        for state in finals {
            let form = self.render(state);
            match &best {
                Some(known) if known[..cells] < form[..cells] => continue,
                Some(known) if known[..cells] == form[..cells] => {}
                _ => {
                    best = Some(form);
                    automorphisms = 0;
                }
            }
            automorphisms += self.free_transformations(state);
        }
        let best = best.expect("the search keeps at least one transformation");
        let form = Grid::from_cells(size, &best[..cells]).expect("labels stay in range");
        Canonical { form, automorphisms }
    }

    /// Places every row, starting from the empty list `current`; returns the transformations
    /// whose strings are the smallest (under [`Convention::PatternFirst`], whose patterns are).
    fn run(&mut self, mut current: Vec<State>) -> Vec<State> {
        let order = ORDER;
        let start = State {
            grid: 0,
            rows: [0; MAX_SIDE],
            used_bands: 0,
            used_rows: 0,
            band: 0,
            free_stack_set: ((1u16 << order) - 1) as u8,
            free_stacks: order as u8,
            stack: [0; MAX_ORDER],
            free_cols: [0; MAX_ORDER],
            free_count: [0; MAX_ORDER],
            slots: [[0; MAX_ORDER]; MAX_ORDER],
            labels: [0; MAX_SIDE + 1],
            next: 1,
        };
        current.clear();
        current.extend([start, State { grid: 1, ..start }]);
        for row in 0..Self::SIDE {
            self.best = Self::UNKNOWN;
            self.kept.clear();
            let new_band = row % order == 0;
            for state in &current {
                let state = *state;
                // The source rows that may come next: those of the bands not used yet when a
                // band starts, else the rows of the band being filled not used yet.
                let band_rows = |band: usize| ((1u16 << order) - 1) << (band * order);
                let mut sources = if new_band {
                    (0..order)
                        .filter(|&band| state.used_bands & (1 << band) == 0)
                        .fold(0, |rows, band| rows | band_rows(band))
                } else {
                    band_rows(usize::from(state.band)) & !state.used_rows
                };
                while sources != 0 {
                    let source = sources.trailing_zeros() as usize;
                    sources &= sources - 1;
                    let band = source / order;
                    if self.cut_early(&state, source) {
                        continue;
                    }
                    let mut next = state;
                    next.rows[row] = source as u8;
                    next.used_rows |= 1 << source;
                    next.used_bands |= 1 << band;
                    next.band = band as u8;
                    self.try_row(next, source);
                }
            }
            std::mem::swap(&mut current, &mut self.kept);
            let mut keys = self.best;
            for cell in self.form[row * Self::SIDE..][..Self::SIDE].iter_mut().rev() {
                *cell = (keys & Keys::MASK) as u8;
                keys >>= Keys::BITS;
            }
        }
        current
    }

    /// Whether source row `source` as the next result row of `state` is sure to be cut: the
    /// smallest row known is empty up to and including the cell where, however the free
    /// stacks and columns are placed, this row has its first value. Checked on the rows'
    /// column masks before any placement is tried, it skips most of the rows a row cannot
    /// follow.
    fn cut_early(&self, state: &State, source: usize) -> bool {
        let (order, side) = (ORDER, Self::SIDE);
        let given = self.given[usize::from(state.grid)][source];
        if given == 0 {
            return false;
        }
        // The smallest row's leading blanks: its leading zero bits past those it does not use.
        let blanks = (self.best.leading_zeros() as usize - (64 - Keys::BITS * side)) / Keys::BITS;
        if blanks == 0 {
            return false;
        }
        let free_first = FIRST_IN_FREE[order - 2]
            [usize::from(state.free_stack_set) & ((1 << MAX_ORDER) - 1)]
            [usize::from(given) & ((1 << MAX_SIDE) - 1)];
        if free_first != NO_VALUE {
            return usize::from(free_first) < blanks;
        }
        // Every free stack is empty in this row and goes first; then the placed stacks'
        // columns in their order, each stack's free columns empty here first.
        let mut first = order * ones(u16::from(state.free_stack_set));
        'stacks: for position in usize::from(state.free_stacks)..order {
            let free = state.free_cols[position];
            first += ones(free & !given);
            if free & given != 0 {
                break;
            }
            for slot in usize::from(state.free_count[position])..order {
                if given & (1 << state.slots[position][slot]) != 0 {
                    break 'stacks;
                }
                first += 1;
            }
        }
        first < blanks
    }

    /// Tries source row `source` as the next result row of `state`, over every placement of
    /// the columns still free.
    fn try_row(&mut self, mut state: State, source: usize) {
        let side = Self::SIDE;
        let grid = &self.grids[usize::from(state.grid)];
        self.values[..side].copy_from_slice(&grid[source * side..source * side + side]);
        let given = self.given[usize::from(state.grid)][source];
        let blank = state.free_stack_set & !self.given_stacks[usize::from(state.grid)][source];
        let blank_count = ones(u16::from(blank)) as u8;
        let placing = state.free_stack_set & !blank;
        let old_free = state.free_stacks;
        state.free_stack_set = blank;
        state.free_stacks = blank_count;
        let keys = Keys::EMPTY.blanks(usize::from(blank_count) * ORDER);
        self.row_given = given;
        self.stacks(state, usize::from(blank_count), keys, placing, old_free);
    }

    /// Fills result stack `position` on, `placing` holding the free source stacks that have
    /// values in this row (placed in result stacks up to `old_free`). The stacks placed already
    /// whose free columns hold at most one value here leave nothing to choose, so they are
    /// filled in a loop; a call is made only where there is a choice.
    fn stacks(
        &mut self,
        mut state: State,
        mut position: usize,
        mut keys: Keys,
        placing: u8,
        old_free: u8,
    ) {
        while position >= usize::from(old_free) && position < ORDER {
            let (blank_count, digits, old_count) = self.open(&mut state, position);
            keys = keys.blanks(blank_count);
            if digits & digits.wrapping_sub(1) != 0 {
                self.slots(
                    state,
                    position,
                    keys,
                    blank_count,
                    digits,
                    old_count,
                    placing,
                    old_free,
                );
                return;
            }
            match self.close(&mut state, position, keys, blank_count, digits, old_count) {
                Some(closed) => keys = closed,
                None => return,
            }
            position += 1;
        }
        if position == ORDER {
            self.keep(state, keys);
            return;
        }
        let mut stacks = placing;
        while stacks != 0 {
            let stack = stacks.trailing_zeros() as usize;
            stacks &= stacks - 1;
            let mut next = state;
            next.stack[position] = stack as u8;
            next.free_cols[position] = ((1u16 << ORDER) - 1) << (stack * ORDER);
            next.free_count[position] = ORDER as u8;
            let (blank_count, digits, old_count) = self.open(&mut next, position);
            let keys = keys.blanks(blank_count);
            self.slots(
                next,
                position,
                keys,
                blank_count,
                digits,
                old_count,
                placing & !(1 << stack),
                old_free,
            );
        }
    }

    /// Opens result stack `position` for the row being tried: its free columns empty in this
    /// row stay free and take its first slots. Returns how many they are (the row's blanks
    /// there), the free columns with values (to be ordered next) and how many slots were free.
    fn open(&self, state: &mut State, position: usize) -> (usize, u16, u8) {
        let free = state.free_cols[position];
        let blank = free & !self.row_given;
        let blank_count = ones(blank);
        let old_count = state.free_count[position];
        state.free_cols[position] = blank;
        state.free_count[position] = blank_count as u8;
        (blank_count, free & !blank, old_count)
    }

    /// Places the free columns `digits` (with values in this row) in slots `slot..old_count`
    /// in every order, then the placed slots, then the next stack.
    #[allow(clippy::too_many_arguments)]
    fn slots(
        &mut self,
        state: State,
        position: usize,
        keys: Keys,
        slot: usize,
        digits: u16,
        old_count: u8,
        placing: u8,
        old_free: u8,
    ) {
        if digits & digits.wrapping_sub(1) == 0 {
            let mut state = state;
            if let Some(keys) = self.close(&mut state, position, keys, slot, digits, old_count) {
                self.stacks(state, position + 1, keys, placing, old_free);
            }
            return;
        }
        let mut bits = digits;
        while bits != 0 {
            let col = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut next = state;
            next.slots[position][slot] = col as u8;
            let key = self.key(&mut next, col);
            let keys = keys.then(key);
            if self.within_best(keys) {
                self.slots(
                    next,
                    position,
                    keys,
                    slot + 1,
                    digits & !(1 << col),
                    old_count,
                    placing,
                    old_free,
                );
            }
        }
    }

    /// Ends result stack `position` when at most one free column with a value is left
    /// (`digit`, a single bit or none), so that no order is to be chosen: that column in slot
    /// `slot`, then the placed slots. Returns the row's keys after the stack, or `None` when
    /// they are larger than the smallest row's. Inlined into its two callers, where the
    /// compiler would otherwise call it: a call for every stack of every row tried costs a
    /// tenth of the search.
    #[inline(always)]
    fn close(
        &self,
        state: &mut State,
        position: usize,
        mut keys: Keys,
        slot: usize,
        digit: u16,
        old_count: u8,
    ) -> Option<Keys> {
        if digit != 0 {
            let col = digit.trailing_zeros() as usize;
            state.slots[position][slot] = col as u8;
            keys = keys.then(self.key(state, col));
            if !self.within_best(keys) {
                return None;
            }
        }
        for slot in usize::from(old_count)..ORDER {
            let col = usize::from(state.slots[position][slot]);
            keys = keys.then(self.key(state, col));
            if !self.within_best(keys) {
                return None;
            }
        }
        Some(keys)
    }

    /// The key of source column `col` of the row being tried, labelling its value if new.
    fn key(&self, state: &mut State, col: usize) -> u8 {
        let value = usize::from(self.values[col]);
        if value == 0 {
            return 0;
        }
        if self.convention == Convention::PatternFirst {
            return 1;
        }
        if state.labels[value] == 0 {
            state.labels[value] = state.next;
            state.next += 1;
        }
        state.labels[value]
    }

    /// Whether the keys of the row so far are no larger than as many first keys of the
    /// smallest row known: when larger, the branch is cut.
    fn within_best(&self, keys: Keys) -> bool {
        keys.bits <= self.best >> (Keys::BITS * (Self::SIDE - keys.len))
    }

    /// Keeps `state`, whose row is complete with `keys` (no larger than the smallest row known):
    /// when smaller, it becomes the smallest and everything kept for the row is dropped.
    fn keep(&mut self, state: State, keys: Keys) {
        debug_assert_eq!(keys.len, Self::SIDE);
        if keys.bits < self.best {
            self.best = keys.bits;
            self.kept.clear();
        }
        self.kept.push(state);
    }

    /// The string a complete transformation gives, relabelled in order of first appearance.
    fn render(&self, state: &State) -> [u8; MAX_SIDE * MAX_SIDE] {
        let side = Self::SIDE;
        let grid = &self.grids[usize::from(state.grid)];
        // The result columns that come from a placed column, with their source: the others
        // are empty in every row.
        let mut columns = [(0usize, 0usize); MAX_SIDE];
        let mut placed = 0;
        for position in usize::from(state.free_stacks)..ORDER {
            for slot in usize::from(state.free_count[position])..ORDER {
                columns[placed] =
                    (position * ORDER + slot, usize::from(state.slots[position][slot]));
                placed += 1;
            }
        }
        let mut labels = [0u8; MAX_SIDE + 1];
        let mut next = 1;
        let mut form = [0u8; MAX_SIDE * MAX_SIDE];
        for (row, out) in form.chunks_exact_mut(side).enumerate().take(side) {
            let source = &grid[usize::from(state.rows[row]) * side..][..side];
            for &(col, from) in &columns[..placed] {
                let value = usize::from(source[from]);
                if value != 0 {
                    if labels[value] == 0 {
                        labels[value] = next;
                        next += 1;
                    }
                    out[col] = labels[value];
                }
            }
        }
        form
    }

    /// How many transformations a complete one stands for: its free stacks and columns are
    /// empty in every row, so each order of them gives the same string.
    fn free_transformations(&self, state: &State) -> u64 {
        let factorial = |n: u64| (1..=n).product::<u64>();
        let order = ORDER as u64;
        let free = u64::from(state.free_stacks);
        let mut count = factorial(free) * factorial(order).pow(free as u32);
        for position in usize::from(state.free_stacks)..ORDER {
            count *= factorial(u64::from(state.free_count[position]));
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;

    fn nine(line: &str) -> Grid {
        crate::parse_one(line.as_bytes()).expect("a valid puzzle").grid
    }

    /// The smallest string over every transformation, tried one by one (each cut at its first
    /// cell larger than the best): the definition, written as plainly as it reads.
    fn brute_force(grid: &Grid) -> Vec<u8> {
        brute_force_counted(grid).0
    }

    /// [`brute_force`]'s form and how many transformations give it: the automorphism count.
    fn brute_force_counted(grid: &Grid) -> (Vec<u8>, u64) {
        let (order, side) = (grid.size().box_rows(), grid.size().side());
        let permutations = |n: usize| -> Vec<Vec<usize>> {
            let mut all = vec![vec![]];
            for _ in 0..n {
                all = all
                    .into_iter()
                    .flat_map(|p: Vec<usize>| {
                        (0..n)
                            .filter(|i| !p.contains(i))
                            .map(|i| {
                                let mut q = p.clone();
                                q.push(i);
                                q
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect();
            }
            all
        };
        let small = permutations(order);
        // Every line order that keeps bands together.
        let mut lines: Vec<Vec<usize>> = vec![];
        let mut inner = vec![vec![]];
        for _ in 0..order {
            inner = inner
                .into_iter()
                .flat_map(|p: Vec<Vec<usize>>| {
                    small.iter().map(move |q| {
                        let mut p = p.clone();
                        p.push(q.clone());
                        p
                    })
                })
                .collect();
        }
        for bands in &small {
            for within in &inner {
                lines.push(
                    (0..side)
                        .map(|i| bands[i / order] * order + within[i / order][i % order])
                        .collect(),
                );
            }
        }
        let mut best = vec![u8::MAX; side * side];
        let mut count = 0;
        for transpose in [false, true] {
            for rows in &lines {
                for cols in &lines {
                    let mut labels = [0u8; 10];
                    let mut next = 1;
                    let mut smaller = false;
                    let mut string = Vec::with_capacity(side * side);
                    for i in 0..side * side {
                        let (r, c) = (rows[i / side], cols[i % side]);
                        let value = if transpose { grid.at(c, r) } else { grid.at(r, c) };
                        let key = match value {
                            0 => 0,
                            v => {
                                if labels[usize::from(v)] == 0 {
                                    labels[usize::from(v)] = next;
                                    next += 1;
                                }
                                labels[usize::from(v)]
                            }
                        };
                        if !smaller && key > best[i] {
                            break;
                        }
                        smaller |= key < best[i];
                        string.push(key);
                    }
                    if string.len() == side * side {
                        if smaller {
                            best = string;
                            count = 1;
                        } else {
                            count += 1;
                        }
                    }
                }
            }
        }
        (best, count)
    }

    #[test]
    fn the_search_finds_the_form_trying_every_transformation_finds() {
        for line in [
            "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ] {
            let puzzle = nine(line);
            assert_eq!(
                canonical(&puzzle, Convention::Minlex).unwrap().form.cells(),
                &brute_force(&puzzle)[..],
                "{line}"
            );
        }
        let four = Grid::from_cells(
            Size::from_order(2).unwrap(),
            &[0, 0, 3, 0, 4, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0],
        )
        .unwrap();
        assert_eq!(
            canonical(&four, Convention::Minlex).unwrap().form.cells(),
            &brute_force(&four)[..]
        );
    }

    /// Sparse puzzles with two automorphisms each, whose rows put two or three values in a
    /// stack's free columns (ordered by the search's branching) and leave stacks and columns
    /// free: the paths the row search takes besides reading placed rows off.
    const SPARSE: [&str; 4] = [
        ".5....7.29..8......7.1.2........3.7...5..1...6.....2...........3..6.798..........",
        ".....1.....52...........8......5....3.1.......6..3....7.....3..612.......3....6..",
        "..954.1...6......2..........8..3........................3.8..275.4.....9....6....",
        "..1.........6...4..53.....8................5.9.2...3.6.8........6.4...9..4.1.....",
    ];

    #[test]
    fn the_search_finds_the_form_and_automorphisms_of_sparse_puzzles_trying_every_one_finds() {
        for line in SPARSE {
            let puzzle = nine(line);
            let canon = canonical(&puzzle, Convention::Minlex).unwrap();
            let (form, automorphisms) = brute_force_counted(&puzzle);
            assert_eq!(canon.form.cells(), &form[..], "{line}");
            assert_eq!(canon.automorphisms, automorphisms, "{line}");
            assert!(automorphisms > 1, "{line}");
        }
    }

    #[test]
    fn the_first_value_table_is_the_latest_first_value_over_every_order_of_the_free_stacks() {
        fn orders(items: &[usize]) -> Vec<Vec<usize>> {
            if items.is_empty() {
                return vec![vec![]];
            }
            (0..items.len())
                .flat_map(|at| {
                    let mut rest = items.to_vec();
                    let first = rest.remove(at);
                    orders(&rest).into_iter().map(move |mut order| {
                        order.insert(0, first);
                        order
                    })
                })
                .collect()
        }
        for order in 2..=MAX_ORDER {
            let columns = orders(&(0..order).collect::<Vec<_>>());
            let table = &FIRST_IN_FREE[order - 2];
            for (free, entries) in table.iter().enumerate().take(1 << order) {
                let stacks: Vec<usize> =
                    (0..order).filter(|stack| free & 1 << stack != 0).collect();
                for (given, &entry) in entries.iter().enumerate().take(1 << (order * order)) {
                    // Every order of the free stacks and of each one's columns, read in turn:
                    // the latest position of the first value.
                    let mut latest = None;
                    for stack_order in orders(&stacks) {
                        let mut arrangements = vec![vec![]];
                        for &stack in &stack_order {
                            arrangements = arrangements
                                .into_iter()
                                .flat_map(|cells: Vec<usize>| {
                                    columns.iter().map(move |within| {
                                        let mut cells = cells.clone();
                                        cells.extend(within.iter().map(|col| stack * order + col));
                                        cells
                                    })
                                })
                                .collect();
                        }
                        for cells in arrangements {
                            if let Some(at) = cells.iter().position(|col| given & 1 << col != 0) {
                                latest = latest.max(Some(at));
                            }
                        }
                    }
                    let expected = latest.map_or(NO_VALUE, |at| at as u8);
                    assert_eq!(entry, expected, "order {order}, free {free:b}, given {given:b}");
                }
            }
        }
    }

    #[test]
    fn packed_keys_compare_as_their_strings() {
        // Every row of keys from 0 to 9 drawn by a fixed linear congruential sequence, in
        // pairs that share a prefix of every length.
        let mut seed = 7u64;
        let mut draw = || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as u8 % 10
        };
        let pack = |row: &[u8]| {
            row.iter().fold(
                Keys::EMPTY,
                |keys, &key| {
                    if key == 0 { keys.blanks(1) } else { keys.then(key) }
                },
            )
        };
        for _ in 0..2000 {
            let first: Vec<u8> = (0..MAX_SIDE).map(|_| draw()).collect();
            let mut second = first.clone();
            let from = usize::from(draw()) % MAX_SIDE;
            for key in &mut second[from..] {
                *key = draw();
            }
            let (a, b) = (pack(&first), pack(&second));
            assert_eq!(a.len, MAX_SIDE);
            assert_eq!(a.bits.cmp(&b.bits), first.cmp(&second), "{first:?} {second:?}");
            // A prefix compares with the other row's first keys as the strings do.
            let prefix = pack(&first[..from + 1]);
            let within = prefix.bits <= b.bits >> (Keys::BITS * (MAX_SIDE - prefix.len));
            assert_eq!(within, first[..=from] <= second[..=from], "{first:?} {second:?}");
        }
    }

    /// Solution grids: the most symmetric one (every band and stack a cyclic shift of the
    /// first), one shifted by one between bands, and two drawn by the generator.
    const GRIDS: [&str; 4] = [
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
        "152463798984752613763198452819324567537681924426975831678219345245836179391547286",
        "671835942843692571952471386496128753187356429235749618568917234329584167714263895",
    ];

    #[test]
    fn the_grid_search_finds_the_form_and_automorphisms_trying_every_transformation_finds() {
        for line in GRIDS {
            let grid = nine(line);
            assert!(solution::is_solution(grid.cells()), "{line}");
            let canon = canonical(&grid, Convention::Minlex).unwrap();
            let (form, automorphisms) = brute_force_counted(&grid);
            assert_eq!(canon.form.cells(), &form[..], "{line}");
            assert_eq!(canon.automorphisms, automorphisms, "{line}");
        }
    }

    #[test]
    fn the_grid_search_agrees_with_the_row_search_on_isomorphs_of_grids() {
        let mut symmetric = 0;
        for line in GRIDS {
            let grid = nine(line);
            for seed in 0..12 {
                let image = Symmetry::from_seed(grid.size(), seed).apply(&grid);
                let general = searched(&image, Convention::Minlex);
                symmetric += usize::from(general.automorphisms > 1);
                for convention in [Convention::Minlex, Convention::PatternFirst] {
                    assert_eq!(canonical(&image, convention).unwrap(), general, "{line} {seed}");
                }
            }
        }
        // The check covers grids with automorphisms, whose ties the count must add up.
        assert!(symmetric >= 24, "{symmetric}");
    }

    #[test]
    fn only_complete_grids_that_break_no_rule_take_the_grid_search() {
        let grid = nine(GRIDS[2]);
        assert!(solution::is_solution(grid.cells()));
        let mut cells = grid.cells().to_vec();
        cells.swap(0, 1);
        assert!(!solution::is_solution(&cells), "a row's values swapped break the columns");
        cells.swap(0, 1);
        cells[80] = 0;
        assert!(!solution::is_solution(&cells), "a blank cell");
        let rows: Vec<u8> = (0..81).map(|cell| (cell % 9) as u8 + 1).collect();
        assert!(!solution::is_solution(&rows), "every row alike");
    }

    #[test]
    fn every_isomorph_of_a_puzzle_has_its_form() {
        let puzzle = nine(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        for convention in [Convention::Minlex, Convention::PatternFirst] {
            let form = canonical(&puzzle, convention).unwrap();
            for seed in 1..200 {
                let image = Symmetry::from_seed(puzzle.size(), seed).apply(&puzzle);
                assert_eq!(canonical(&image, convention).unwrap(), form, "seed {seed}");
            }
        }
    }

    #[test]
    fn the_form_is_an_isomorph_and_is_its_own_form() {
        let puzzle = nine(
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        );
        let form = canonical(&puzzle, Convention::Minlex).unwrap().form;
        assert_eq!(form.clue_count(), puzzle.clue_count());
        assert_eq!(canonical(&form, Convention::Minlex).unwrap().form, form);
        // No isomorph drawn is smaller than the form.
        for seed in 1..300 {
            let image = relabelled(&Symmetry::from_seed(puzzle.size(), seed).apply(&puzzle));
            assert!(form.cells() <= image.cells(), "seed {seed}");
        }
    }

    #[test]
    fn the_empty_grids_have_every_transformation_as_an_automorphism() {
        let nine = canonical(&Grid::empty(Size::NINE), Convention::Minlex).unwrap();
        assert_eq!(nine.automorphisms, 3_359_232);
        assert_eq!(nine.form, Grid::empty(Size::NINE));
        let four = Size::from_order(2).unwrap();
        assert_eq!(canonical(&Grid::empty(four), Convention::Minlex).unwrap().automorphisms, 128);
    }

    /// Every 4×4 solution grid, by backtracking.
    fn all_four_by_four() -> Vec<Grid> {
        fn fill(grid: &mut Grid, cell: usize, out: &mut Vec<Grid>) {
            if cell == 16 {
                out.push(grid.clone());
                return;
            }
            for value in 1..=4 {
                grid.set(cell, value);
                if grid.first_conflict().is_none() {
                    fill(grid, cell + 1, out);
                }
                grid.set(cell, 0);
            }
        }
        let mut out = Vec::new();
        fill(&mut Grid::empty(Size::from_order(2).unwrap()), 0, &mut out);
        out
    }

    #[test]
    fn the_four_by_four_grids_fall_in_two_classes_of_the_sizes_their_automorphisms_say() {
        let grids = all_four_by_four();
        assert_eq!(grids.len(), 288);
        let mut classes = std::collections::BTreeMap::new();
        for grid in &grids {
            let canon = canonical(grid, Convention::Minlex).unwrap();
            let entry = classes.entry(canon.form.to_line()).or_insert((0u64, canon.automorphisms));
            entry.0 += 1;
            assert_eq!(entry.1, canon.automorphisms);
        }
        assert_eq!(classes.len(), 2, "{classes:?}");
        for (form, (members, automorphisms)) in &classes {
            // 128 cell transformations, 24 relabellings.
            assert_eq!(members * automorphisms, 128 * 24, "{form}");
        }
    }

    #[test]
    fn relabelling_keeps_the_pattern() {
        let puzzle = nine(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let form = relabelled(&puzzle);
        assert!(form.to_line().starts_with("1...2.......3..4.........."));
        assert_eq!(relabelled(&Symmetry::from_seed(Size::NINE, 0).apply(&puzzle)), form);
    }
}
