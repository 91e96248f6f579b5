//! The search state of `fast` and its propagation, on per-digit band words.
//!
//! For each digit `d` and band `b` (three rows), `cand[3d + b]` holds the 27 cells of the band
//! where `d` may still go: bit `9r + c` for row `r` of the band, column `c`. A cell is *placed*
//! once it is the only candidate of its digit in its row; `unsolved[b]` holds the cells of band
//! `b` not placed yet. Every function here is `#[inline(always)]` so that the whole search,
//! compiled once per instruction set in `mod.rs`, is one function for the optimizer.

use sudoku_core::Grid;

use super::isa::Isa;
use super::tables::{BAND_KEEP, LOCKED_COLUMNS};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The first cell of each row of a band: multiplying a 9-bit column set by it copies the set
/// into all three rows.
const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;
/// The low eight bits of each row.
const ROW_LOW8: u32 = 0xFF * ROW_STARTS;
/// The last bit of each row.
const ROW_HIGH: u32 = 0x100 * ROW_STARTS;

/// For digit-band `3d + b`: its band `b`, and the digit-bands of the same digit in the other two
/// bands. Looked up, because `% 3` on the hot path costs a multiplication each time.
const BAND_OF: [usize; 27] = {
    let mut table = [0; 27];
    let mut index = 0;
    while index < 27 {
        table[index] = index % 3;
        index += 1;
    }
    table
};
const OTHER_BANDS: [[usize; 2]; 27] = {
    let mut table = [[0; 2]; 27];
    let mut index = 0;
    while index < 27 {
        let (first, band) = (index - index % 3, index % 3);
        table[index] = [first + (band + 1) % 3, first + (band + 2) % 3];
        index += 1;
    }
    table
};

/// For each cell of a band (bit position): the cells of its row and its box. Entry 32, for the
/// position of no bit at all, is empty.
const ROW_AND_BOX: [u32; 33] = {
    let mut table = [0; 33];
    let mut position = 0;
    while position < 27 {
        let (row, column) = (position / 9, position % 9);
        table[position] = 0x1FF << (9 * row) | (0b111 * ROW_STARTS) << (column / 3 * 3);
        position += 1;
    }
    table
};

/// The search ran into a contradiction: the current branch has no solution.
pub(super) struct Contradiction;

/// The first cell of each row of the band word `x` that holds at least one cell.
#[inline(always)]
fn starts_of_occupied_rows(x: u32) -> u32 {
    // Adding 0xFF to a row's low eight bits carries into its ninth bit exactly when they are not
    // all zero, and never out of the row.
    ((((x & ROW_LOW8) + ROW_LOW8) | x) & ROW_HIGH) >> 8
}

/// The three rows of the band word `x` that hold at least one cell, each filled to all nine
/// bits.
#[inline(always)]
fn occupied_rows(x: u32) -> u32 {
    starts_of_occupied_rows(x) * 0x1FF
}

/// The nine bits of columns holding at least one cell of the band word `x`.
#[inline(always)]
fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1FF
}

/// Where one candidate of a cell sits: the band and the cell's bit in it.
#[derive(Clone, Copy)]
pub(super) struct Cell {
    pub band: usize,
    pub bit: u32,
}

/// The candidates of every digit in every band.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(super) struct State {
    /// `cand[3d + b]`: the cells of band `b` where digit `d` (0-based) may go. Entries 27..32
    /// stay zero: the padding lets the change scan work on whole vectors.
    cand: [u32; 32],
    /// The cells of each band not placed yet.
    unsolved: [u32; 3],
}

/// Per-search bookkeeping that need not be copied at a branch point.
pub(super) struct Tracker {
    /// Each digit-band's candidates as its last band update left them: a difference means the
    /// band rule must run on it again. At a branch point every entry equals the state's (the
    /// state is at a fixpoint), so restoring a state restores this as a copy of its candidates.
    seen: [u32; 32],
    /// Digit-bands (bit `3d + b`) changed since the last stack update of their digit.
    stale_stacks: u32,
    /// Digit-bands known to differ from `seen` without comparing: set where the change is made
    /// (a fresh state, a guess), which spares propagation its first comparison.
    pending: u32,
}

impl Tracker {
    /// A tracker for a fresh state: every digit-band is new.
    #[inline(always)]
    pub fn new() -> Tracker {
        Tracker { seen: [0; 32], stale_stacks: BAND, pending: BAND }
    }

    /// A tracker for `state` restored at a branch point, where nothing is pending.
    #[inline(always)]
    pub fn settled(state: &State) -> Tracker {
        Tracker { seen: state.cand, stale_stacks: 0, pending: 0 }
    }

    /// Records that digit-band `index` changed (a guess was placed there).
    #[inline(always)]
    pub fn note(&mut self, index: usize) {
        self.pending |= 1 << index;
    }

    /// The digit-bands whose candidates differ from what their last update left (bit `3d + b`).
    #[inline(always)]
    fn changed<I: Isa>(&self, isa: I, state: &State) -> u32 {
        isa.changed(&self.seen, &state.cand)
    }
}

/// What propagation left.
pub(super) enum Progress {
    /// Every cell is placed.
    Solved,
    /// Nothing more follows; the bivalue cells of each band are where to guess.
    Stuck { bivalue: [u32; 3] },
}

impl State {
    /// The state of a puzzle's clues, before propagation, or a contradiction when two equal
    /// clues share a row. (Other clashes surface when the band rule first runs: an empty row
    /// or box.)
    #[inline(always)]
    pub fn new<I: Isa>(isa: I, puzzle: &Grid) -> Result<State, Contradiction> {
        // Each digit keeps its own clue cells and loses every other clue cell and every cell
        // sharing a row, column or box with one of its clues: the clues' consequences, applied
        // at once rather than discovered over several rounds of band updates. (The cells are
        // sorted by value without a branch per cell: that branch mispredicted on about every
        // clue.)
        let by_value = isa.cells_by_value(puzzle.cells());
        let mut clues_of = [0u32; 27];
        for digit in 0..9 {
            clues_of[3 * digit..3 * digit + 3].copy_from_slice(&by_value[digit + 1]);
        }
        let clues = [0, 1, 2].map(|band| BAND & !by_value[0][band]);
        let mut cand = [0; 32];
        let mut repeated = 0;
        for digit in 0..9 {
            let first = 3 * digit;
            let mine = [clues_of[first], clues_of[first + 1], clues_of[first + 2]];
            // The digit leaves every column holding one of its clues, in all bands...
            let clue_columns =
                (columns(mine[0]) | columns(mine[1]) | columns(mine[2])) * ROW_STARTS;
            for (band, &own) in mine.iter().enumerate() {
                let starts = starts_of_occupied_rows(own);
                // Subtracting one from each row holding a clue borrows only within the row,
                // and leaves a bit in `own & ...` exactly where a row holds two clues of the
                // digit.
                repeated |= own & own.wrapping_sub(starts);
                // ...and every row and box of its clues in this band; other clues' cells too.
                let boxes = columns(own);
                let box_columns = (boxes | boxes >> 1 | boxes >> 2) & 0o111;
                let box_cells = box_columns * 0b111 * ROW_STARTS;
                let taken = (starts * 0x1FF) | clue_columns | box_cells | clues[band];
                cand[first + band] = (BAND & !taken) | own;
            }
        }
        if repeated != 0 {
            return Err(Contradiction);
        }
        // Clue cells count as placed from the start: their other digits are gone already, and
        // placing them again would redo that for nothing. (That is also why two equal clues in
        // a row must be caught above: nothing later would look at them as singles.)
        Ok(State { cand, unsolved: clues.map(|clue_cells| BAND & !clue_cells) })
    }

    /// Makes `cell` the only candidate of `digit` in its row; the band update then places it.
    /// Returns the digit-band changed.
    #[inline(always)]
    pub fn place(&mut self, digit: usize, cell: Cell) -> usize {
        let row = occupied_rows(cell.bit);
        let index = 3 * digit + cell.band;
        self.cand[index] &= !(row & !cell.bit);
        index
    }

    /// Applies the band rule to digit-band `index`: the digit takes one cell in each row and
    /// in each box of the band. Cells alone in their row are placed: their other digits go,
    /// and so does the digit from their column in the other two bands.
    #[inline(always)]
    fn update_band<I: Isa>(
        &mut self,
        isa: I,
        index: usize,
        tracker: &mut Tracker,
    ) -> Result<(), Contradiction> {
        let band = BAND_OF[index];
        let cells = self.cand[index];
        let cells = cells & BAND_KEEP[isa.occupancy(cells) & 0x1FF];
        if cells == 0 {
            return Err(Contradiction);
        }
        self.cand[index] = cells;
        tracker.seen[index] = cells;
        // Every row holds a cell now, so subtracting one from each row borrows only within it;
        // `cells & (cells - 1)` per row is zero exactly where the row holds a single cell.
        let crowded = occupied_rows(cells & cells.wrapping_sub(ROW_STARTS));
        let placed = cells & !crowded & self.unsolved[band];
        // Clear the placed cells from every digit of the band, then give this digit its own word
        // back: cheaper than skipping it inside the loop. Done even when nothing was placed:
        // whether something was is as good as random, and a mispredicted branch costs more.
        self.unsolved[band] &= !placed;
        for other in 0..9 {
            self.cand[3 * other + band] &= !placed;
        }
        self.cand[index] = cells;
        // A box whose candidates lie in one column pins the digit to that column: the other
        // bands lose it there. This covers the columns of placed cells too.
        let locked = u32::from(LOCKED_COLUMNS[columns(cells) as usize]) * ROW_STARTS;
        let [next, last] = OTHER_BANDS[index];
        self.cand[next] &= !locked;
        self.cand[last] &= !locked;
        Ok(())
    }

    /// Applies the stack rule to `digit`: in each stack (three columns of boxes) it takes one
    /// cell in each column and in each box. This finds hidden singles in columns and locked
    /// candidates along columns, which the band rule cannot see.
    ///
    /// The digit's columns are gathered into one word, band `b` in bits `9b..9b+9`, so that a
    /// stack is a 3×3 matrix of bands by columns. An entry survives when the other two bands can
    /// take the other two columns, one each: rotating the bands (by 9 bits) and the columns of
    /// each stack (within 3-bit groups) lines up the entries a permutation needs, for all three
    /// stacks at once. A stack left without any permutation empties a box, which the band rule
    /// then reports as a contradiction.
    /// Returns the digit-bands it changed.
    #[inline(always)]
    fn update_stacks(&mut self, digit: usize) -> u32 {
        const FIELDS: u32 = (1 << 27) - 1;
        const GROUP_LOW2: u32 = 0o333_333_333;
        const GROUP_HIGH1: u32 = 0o444_444_444;
        const GROUP_HIGH2: u32 = 0o666_666_666;
        const GROUP_LOW1: u32 = 0o111_111_111;
        let first = 3 * digit;
        let present = columns(self.cand[first])
            | columns(self.cand[first + 1]) << 9
            | columns(self.cand[first + 2]) << 18;
        // Entry (b, j) of each stack takes the value at column j + 1 or j + 2 of the stack...
        let next_column = ((present >> 1) & GROUP_LOW2) | ((present << 2) & GROUP_HIGH1);
        let last_column = ((present << 1) & GROUP_HIGH2) | ((present >> 2) & GROUP_LOW1);
        // ...and at band b + 1 or b + 2.
        let next_band = |x: u32| (x >> 9 | x << 18) & FIELDS;
        let last_band = |x: u32| (x >> 18 | x << 9) & FIELDS;
        let allowed = present
            & ((next_band(next_column) & last_band(last_column))
                | (next_band(last_column) & last_band(next_column)));
        let mut changed = 0;
        if allowed != present {
            for band in 0..3 {
                let old = self.cand[first + band];
                let new = old & (((allowed >> (9 * band)) & 0x1FF) * ROW_STARTS);
                self.cand[first + band] = new;
                changed |= u32::from(new != old) << (first + band);
            }
        }
        changed
    }

    /// Finds naked singles and narrows their digit's row to them; fails on a cell left without
    /// candidates. Returns the bivalue cells of each band, and whether a single was found.
    #[inline(always)]
    fn naked_singles<I: Isa>(&mut self, isa: I) -> Result<([u32; 3], bool), Contradiction> {
        let mut bivalue = [0; 3];
        let mut found = false;
        // Bit-sliced counters: cells with at least one, two, three candidates.
        let [ones, twos, threes] = isa.candidate_counts(&self.cand);
        for (band, bivalue_cells) in bivalue.iter_mut().enumerate() {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let (one, two, three) = (ones[band], twos[band], threes[band]);
            if unsolved & !one != 0 {
                return Err(Contradiction);
            }
            *bivalue_cells = unsolved & two & !three;
            let singles = unsolved & one & !two;
            if singles == 0 {
                continue;
            }
            found = true;
            // For each digit, narrow the rows of its singles to them, without a branch per
            // digit (whether a digit has a single here is as good as random). Two singles of
            // one digit in one row cannot both hold.
            let mut clash = 0;
            for digit in 0..9 {
                let index = 3 * digit + band;
                let mine = singles & self.cand[index];
                let starts = starts_of_occupied_rows(mine);
                clash |= mine & mine.wrapping_sub(starts);
                self.cand[index] &= !((starts * 0x1FF) & !mine);
            }
            if clash != 0 {
                return Err(Contradiction);
            }
        }
        Ok((bivalue, found))
    }

    /// Propagates to a fixpoint of the band rule, naked singles and the stack rule.
    #[inline(always)]
    pub fn propagate<I: Isa>(
        &mut self,
        isa: I,
        tracker: &mut Tracker,
    ) -> Result<Progress, Contradiction> {
        let mut changed = tracker.pending;
        tracker.pending = 0;
        loop {
            // One loop, rescanning when a batch of changed digit-bands is done: two nested
            // loops mispredicted their exits about twice as often.
            tracker.stale_stacks |= changed;
            while changed != 0 {
                let index = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.update_band(isa, index, tracker)?;
                if changed == 0 {
                    changed = tracker.changed(isa, self);
                    tracker.stale_stacks |= changed;
                }
            }
            if self.unsolved == [0; 3] {
                return Ok(Progress::Solved);
            }
            let (bivalue, found) = self.naked_singles(isa)?;
            if found {
                changed = tracker.changed(isa, self);
                continue;
            }
            let mut stale = tracker.stale_stacks;
            tracker.stale_stacks = 0;
            while stale != 0 {
                let digit = stale.trailing_zeros() as usize / 3;
                stale &= !(0b111 << (3 * digit));
                changed |= self.update_stacks(digit);
            }
            if changed == 0 {
                return Ok(Progress::Stuck { bivalue });
            }
        }
    }

    /// The digits (bit `d` for 0-based digit `d`) that may go in `cell`.
    #[inline(always)]
    pub fn digits_of(&self, cell: Cell) -> u16 {
        // Without a branch per digit: which digits a cell holds is as good as random.
        let position = cell.bit.trailing_zeros();
        let mut digits = 0;
        for digit in 0..9 {
            digits |= (((self.cand[3 * digit + cell.band] >> position) & 1) as u16) << digit;
        }
        digits
    }

    /// The cell to branch on: among the first eight bivalue cells of each band, the one with the
    /// most unplaced cells in its row and box (the first such in band order), or else an
    /// unplaced cell with the fewest candidates.
    /// Branching where many cells are still open makes each branch's propagation reach
    /// further: on the hardest corpora it cuts the nodes of a count-to-2 search by a third
    /// compared with taking the first bivalue cell. Counting the column too was measured to
    /// save a few more nodes on the hardest puzzles, but to cost more than it saves elsewhere.
    #[inline(always)]
    pub fn choose_cell(&self, bivalue: [u32; 3]) -> Cell {
        if bivalue != [0; 3] {
            let mut best = Cell { band: 0, bit: 0 };
            let mut best_open = 0;
            for (band, &cells) in bivalue.iter().enumerate() {
                let unsolved = self.unsolved[band];
                let mut cells = cells;
                // A fixed number of rounds, so that the loop never mispredicts its exit: only
                // the first eight bivalue cells of each band are weighed, which leaves the
                // search trees of the shared corpora as they were (measured). An exhausted set
                // gives bit 0, position 32 and no open cells, so it never wins.
                for _ in 0..8 {
                    let bit = cells & cells.wrapping_neg();
                    cells ^= bit;
                    let open = (unsolved & ROW_AND_BOX[bit.trailing_zeros() as usize]).count_ones();
                    if open > best_open {
                        best = Cell { band, bit };
                        best_open = open;
                    }
                }
            }
            return best;
        }
        let mut best = Cell { band: 0, bit: 0 };
        let mut best_count = u32::MAX;
        for band in 0..3 {
            let mut unsolved = self.unsolved[band];
            while unsolved != 0 {
                let bit = unsolved & unsolved.wrapping_neg();
                unsolved &= unsolved - 1;
                let cell = Cell { band, bit };
                let count = self.digits_of(cell).count_ones();
                if count < best_count {
                    best = cell;
                    best_count = count;
                }
            }
        }
        best
    }

    /// The solved grid. Only meaningful after `propagate` returned `Solved`.
    #[inline(always)]
    pub fn grid(&self) -> Grid {
        let mut cells = [0; 81];
        for digit in 0..9 {
            for band in 0..3 {
                // Solved, the digit holds one cell in each row of the band: three, always.
                let mut placed = self.cand[3 * digit + band] | 1 << 27;
                for _ in 0..3 {
                    cells[27 * band + placed.trailing_zeros() as usize] = digit as u8 + 1;
                    placed &= placed - 1;
                }
            }
        }
        Grid::from_cells(cells).expect("digits are 1..=9")
    }
}
