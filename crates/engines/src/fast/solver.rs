//! The search state of `fast` and its propagation, on per-digit band words.
//!
//! For each band `b` (three rows) and digit `d`, `cand[b].0[d]` holds the 27 cells of the band
//! where `d` may still go: bit `9r + c` for row `r` of the band, column `c`. A word is named by
//! its index `16b + d`, which is also its bit in the masks of changed words. A cell is *placed*
//! once it is the only candidate of its digit in its row; `unsolved[b]` holds the cells of band
//! `b` not placed yet. Every function here but `State::grid` is `#[inline(always)]` so that the
//! whole search, compiled once per instruction set in `mod.rs`, is one function for the
//! optimizer.

use sudoku_core::{Grid, Size};

use super::isa::{EMPTY_LANE, Isa};
use super::tables::{BAND_KEEP, BYTES_OF_BITS, LOCKED_COLUMNS};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The first cell of each row of a band: multiplying a 9-bit column set by it copies the set
/// into all three rows.
const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;
/// The low eight bits of each row.
const ROW_LOW8: u32 = 0xFF * ROW_STARTS;
/// The last bit of each row.
const ROW_HIGH: u32 = 0x100 * ROW_STARTS;

/// For each band, the other two bands.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

/// The words of a fresh state: the nine digits of each band (bit `16b + d`).
const ALL_WORDS: u64 = 0x1FF | 0x1FF << 16 | 0x1FF << 32;

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

/// For each cell of a band (bit position): its column in the other two bands, as a mask of a
/// pair of band words, the next band in the low half and the last in the high half. Entry 32,
/// for the position of no bit at all, is empty.
const COLUMN_ELSEWHERE: [u64; 33] = {
    let mut table = [0; 33];
    let mut position = 0;
    while position < 27 {
        let column = (1 << (position % 9)) * ROW_STARTS as u64;
        table[position] = column | column << 32;
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

/// The entries of a 3×3 matrix, held as three 9-bit fields (major index `i` in bits
/// `9i..9i+9`, a minor index spread within each field), that lie on some permutation: one entry
/// per major and per minor index. `next` and `last` are `present` with the minor index rotated
/// by one and by two; rotating the fields lines up the major index the same way, so an entry
/// survives when the other two majors can take the other two minors, one each.
#[inline(always)]
fn on_some_permutation(present: u32, next: u32, last: u32) -> u32 {
    const FIELDS: u32 = (1 << 27) - 1;
    let next_field = |x: u32| (x >> 9 | x << 18) & FIELDS;
    let last_field = |x: u32| (x >> 18 | x << 9) & FIELDS;
    present & ((next_field(next) & last_field(last)) | (next_field(last) & last_field(next)))
}

/// Where one candidate of a cell sits: the band and the cell's bit in it.
#[derive(Clone, Copy)]
pub(super) struct Cell {
    pub band: usize,
    pub bit: u32,
}

/// The nine digits' words of one band, in lanes 0..9 of sixteen; lanes 9..16 stay zero.
///
/// The state is only ever written a whole row of lanes at a time, by operations on all sixteen
/// lanes that the compiler turns into a few vector instructions. That is the point of the type:
/// a vector load of words just stored one at a time cannot take them from the pending stores
/// and waits until they reach the cache, and an earlier layout that compared the whole state
/// with a snapshot after such stores spent about a sixth of its time waiting so. Written whole,
/// each row is read back whole or one lane at a time without that wait, and the lanes an
/// operation changed come out of one comparison of the row before and after.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
struct Lanes([u32; 16]);

impl Lanes {
    /// `f(lane, word)` applied to every lane.
    #[inline(always)]
    fn map(self, f: impl Fn(usize, u32) -> u32) -> Lanes {
        let mut out = [0; 16];
        for (lane, word) in out.iter_mut().enumerate() {
            *word = f(lane, self.0[lane]);
        }
        Lanes(out)
    }

    /// Bit `l` set where lane `l` of `self` and `other` differ.
    #[inline(always)]
    fn differ<I: Isa>(self, isa: I, other: Lanes) -> u32 {
        isa.differ(&self.0, &other.0)
    }

    /// The union of all lanes.
    #[inline(always)]
    fn union(self) -> u32 {
        self.0.iter().fold(0, |union, &word| union | word)
    }
}

/// The candidates of every digit in every band.
#[derive(Clone, Copy)]
#[cfg_attr(test, derive(PartialEq, Eq))]
#[repr(C, align(64))]
pub(super) struct State {
    /// `cand[b].0[d]`: the cells of band `b` where digit `d` (0-based) may go.
    cand: [Lanes; 3],
    /// The cells of each band not placed yet.
    unsolved: [u32; 3],
}

/// The words (bit `16b + d` for digit `d` in band `b`) that changed since their last band
/// update and must have the band rule applied again.
pub(super) struct Tracker {
    pending: u64,
}

impl Tracker {
    /// A tracker for a fresh state: every word is new, but only those whose band update would
    /// change anything are worth updating.
    #[inline(always)]
    pub fn new<I: Isa>(isa: I, state: &State) -> Tracker {
        Tracker { pending: state.worth_updating(isa) }
    }

    /// A tracker for a state restored at a branch point, where nothing is pending.
    #[inline(always)]
    pub fn settled() -> Tracker {
        Tracker { pending: 0 }
    }

    /// Records that word `index` changed (a guess was placed there).
    #[inline(always)]
    pub fn note(&mut self, index: usize) {
        self.pending |= 1 << index;
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
        let by_value = isa
            .cells_by_value(puzzle.cells().try_into().expect("fast solves 9×9 grids"))
            .map(Lanes);
        let clues = by_value.map(|band| BAND & !band.0[EMPTY_LANE]);
        // Every lane at once (the digits' lanes, their words' layout): the digit leaves every
        // column holding one of its clues, in all bands...
        let [first, second, third] = by_value;
        let clue_columns = first.map(|lane, word| {
            (columns(word) | columns(second.0[lane]) | columns(third.0[lane])) * ROW_STARTS
        });
        let mut repeated = 0;
        let cand = [0, 1, 2].map(|band| {
            let digits = by_value[band].map(|lane, own| if lane < 9 { own } else { 0 });
            // Subtracting one from each row holding a clue borrows only within the row, and
            // leaves a bit in `own & ...` exactly where a row holds two clues of the digit.
            repeated |=
                digits.map(|_, own| own & own.wrapping_sub(starts_of_occupied_rows(own))).union();
            digits.map(|lane, own| {
                // ...and every row and box of its clues in this band; other clues' cells too.
                let boxes = columns(own);
                let box_columns = (boxes | boxes >> 1 | boxes >> 2) & 0o111;
                let box_cells = box_columns * 0b111 * ROW_STARTS;
                let taken = occupied_rows(own) | clue_columns.0[lane] | box_cells | clues[band];
                let word = (BAND & !taken) | own;
                if lane < 9 { word } else { 0 }
            })
        });
        if repeated != 0 {
            return Err(Contradiction);
        }
        // Clue cells count as placed from the start: their other digits are gone already, and
        // placing them again would redo that for nothing. (That is also why two equal clues in
        // a row must be caught above: nothing later would look at them as singles.)
        Ok(State { cand, unsolved: clues.map(|clue_cells| BAND & !clue_cells) })
    }

    /// The words (bit `16b + d`) whose band update would change anything, for all words at
    /// once: those where the band rule could narrow the word, place a cell, or lock a column
    /// that another band still holds. An update of any other word would leave the state as it
    /// is, so skipping it changes nothing but the time. A fresh state needs this most: its
    /// clues' consequences are in place already (`new`), and on the multi-solution list about
    /// nine in ten of the band updates from there changed nothing.
    ///
    /// The band rule narrows a word exactly where an occupied minirow lies on no one-per-row,
    /// one-per-box choice of minirows: `on_some_permutation`, as in the stack rule, on the
    /// 3×3 matrix of the band's rows by boxes.
    #[inline(always)]
    fn worth_updating<I: Isa>(&self, isa: I) -> u64 {
        let mut worth = 0;
        for (band, row) in self.cand.iter().enumerate() {
            let [next, last] = OTHER_BANDS[band].map(|other| self.cand[other]);
            let unsolved = self.unsolved[band];
            let flags = row.map(|lane, word| {
                // A flag at bit 9r + 3k for each minirow (row r, box k) holding a candidate.
                let present = (word | word >> 1 | word >> 2) & 0o111_111_111;
                let next_box = ((present >> 3) & 0o011_011_011) | ((present << 6) & 0o100_100_100);
                let last_box = ((present << 3) & 0o110_110_110) | ((present >> 6) & 0o001_001_001);
                let allowed = on_some_permutation(present, next_box, last_box);
                let narrows = (allowed ^ present) | u32::from(word == 0);
                let crowded = occupied_rows(word & word.wrapping_sub(ROW_STARTS));
                let places = word & !crowded & unsolved;
                // Columns alone in their box (within each 3-bit group of the column set: one
                // bit set, not three).
                let used = columns(word);
                let [a, b, c] = [0, 1, 2].map(|shift| (used >> shift) & 0o111);
                let alone = (a ^ b ^ c) & !(a & b & c);
                let locked = (alone * 0b111) & used;
                let elsewhere = columns(next.0[lane]) | columns(last.0[lane]);
                narrows | places | (locked & elsewhere)
            });
            worth |= u64::from(flags.differ(isa, Lanes([0; 16]))) << (16 * band);
        }
        worth & ALL_WORDS
    }

    /// Makes `cell` the only candidate of `digit` in its row; the band update then places it.
    /// Returns the word changed (`16b + d`).
    #[inline(always)]
    pub fn place<I: Isa>(&mut self, isa: I, digit: usize, cell: Cell) -> usize {
        let others = occupied_rows(cell.bit) & !cell.bit;
        isa.clear_lane(&mut self.cand[cell.band].0, digit, others);
        16 * cell.band + digit
    }

    /// Applies the band rule to word `index` (`16b + d`): the digit takes one cell in each row
    /// and in each box of the band. Cells alone in their row are placed: their other digits go,
    /// and so does the digit from their column in the other two bands. Returns the other words
    /// it changed.
    #[inline(always)]
    fn update_band<I: Isa>(&mut self, isa: I, index: usize) -> Result<u64, Contradiction> {
        let (band, digit) = (index >> 4, index & 15);
        let cells = self.cand[band].0[digit];
        let cells = cells & BAND_KEEP[isa.occupancy(cells) & 0x1FF];
        if cells == 0 {
            return Err(Contradiction);
        }
        // Every row holds a cell now, so subtracting one from each row borrows only within it;
        // `cells & (cells - 1)` per row is zero exactly where the row holds a single cell.
        let crowded = occupied_rows(cells & cells.wrapping_sub(ROW_STARTS));
        let placed = cells & !crowded & self.unsolved[band];
        // Clear the placed cells from every digit of the band, even when nothing was placed:
        // whether something was is as good as random, and a mispredicted branch costs more.
        self.unsolved[band] &= !placed;
        let mut changed =
            u64::from(isa.narrow_row(&mut self.cand[band].0, digit, cells, placed)) << (16 * band);
        // A box whose candidates lie in one column pins the digit to that column: the other
        // bands lose it there. This covers the columns of placed cells too.
        let locked = u32::from(LOCKED_COLUMNS[columns(cells) as usize]) * ROW_STARTS;
        for other in OTHER_BANDS[band] {
            let had = isa.clear_lane(&mut self.cand[other].0, digit, locked);
            changed |= u64::from(had) << (16 * other + digit);
        }
        Ok(changed)
    }

    /// Applies the stack rule to every digit: in each stack (three columns of boxes) it takes
    /// one cell in each column and in each box. This finds hidden singles in columns and locked
    /// candidates along columns, which the band rule cannot see. Returns the words it changed.
    ///
    /// A digit's columns are gathered into one word, band `b` in bits `9b..9b+9`, so that a
    /// stack is a 3×3 matrix of bands by columns. An entry survives when the other two bands can
    /// take the other two columns, one each: rotating the bands (by 9 bits) and the columns of
    /// each stack (within 3-bit groups) lines up the entries a permutation needs, for all three
    /// stacks at once, and the lanes do all nine digits at once. A stack left without any
    /// permutation empties a box, which the band rule then reports as a contradiction.
    #[inline(always)]
    fn update_stacks<I: Isa>(&mut self, isa: I) -> u64 {
        const GROUP_LOW2: u32 = 0o333_333_333;
        const GROUP_HIGH1: u32 = 0o444_444_444;
        const GROUP_HIGH2: u32 = 0o666_666_666;
        const GROUP_LOW1: u32 = 0o111_111_111;
        let [first, second, third] = self.cand;
        let present = first.map(|lane, word| {
            columns(word) | columns(second.0[lane]) << 9 | columns(third.0[lane]) << 18
        });
        let allowed = present.map(|_, present| {
            // Entry (b, j) of each stack takes the value at column j + 1 or j + 2 of the stack.
            let next_column = ((present >> 1) & GROUP_LOW2) | ((present << 2) & GROUP_HIGH1);
            let last_column = ((present << 1) & GROUP_HIGH2) | ((present >> 2) & GROUP_LOW1);
            on_some_permutation(present, next_column, last_column)
        });
        if allowed == present {
            return 0;
        }
        let mut changed = 0;
        for band in 0..3 {
            let row = self.cand[band];
            let kept = row.map(|lane, word| {
                let columns = (allowed.0[lane] >> (9 * band)) & 0x1FF;
                word & (columns | columns << 9 | columns << 18)
            });
            self.cand[band] = kept;
            changed |= u64::from(row.differ(isa, kept)) << (16 * band);
        }
        changed
    }

    /// Finds naked singles and narrows their digit's row to them; fails on a cell left without
    /// candidates. Returns the bivalue cells of each band, and the words changed.
    #[inline(always)]
    fn naked_singles<I: Isa>(&mut self, isa: I) -> Result<([u32; 3], u64), Contradiction> {
        let mut bivalue = [0; 3];
        let mut changed = 0;
        for (band, bivalue_cells) in bivalue.iter_mut().enumerate() {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            // Bit-sliced counters: cells with at least one, two, three candidates.
            let row = self.cand[band];
            let [one, two, three] = isa.candidate_counts(&row.0);
            if unsolved & !one != 0 {
                return Err(Contradiction);
            }
            *bivalue_cells = unsolved & two & !three;
            let singles = unsolved & one & !two;
            if singles == 0 {
                continue;
            }
            // For each digit, narrow the rows of its singles to them. Two singles of one
            // digit in one row cannot both hold.
            let clashes = row.map(|_, word| {
                let mine = singles & word;
                mine & mine.wrapping_sub(starts_of_occupied_rows(mine))
            });
            if clashes.union() != 0 {
                return Err(Contradiction);
            }
            let narrowed = row.map(|_, word| {
                let mine = singles & word;
                word & !(occupied_rows(mine) & !mine)
            });
            self.cand[band] = narrowed;
            changed |= u64::from(row.differ(isa, narrowed)) << (16 * band);
        }
        Ok((bivalue, changed))
    }

    /// Propagates to a fixpoint of the band rule, naked singles and the stack rule.
    #[inline(always)]
    pub fn propagate<I: Isa>(
        &mut self,
        isa: I,
        tracker: &mut Tracker,
    ) -> Result<Progress, Contradiction> {
        let mut pending = tracker.pending;
        tracker.pending = 0;
        loop {
            // The words pending now are updated as one batch, while what they change gathers
            // for the next: the batch's order is known up front, so the processor can work on
            // several of its updates at once. A word changed earlier in its own batch is
            // updated with the change, and not again.
            while pending != 0 {
                let mut batch = pending;
                pending = 0;
                while batch != 0 {
                    let index = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    pending = (pending | self.update_band(isa, index)?) & !(1 << index);
                }
            }
            if self.unsolved == [0; 3] {
                return Ok(Progress::Solved);
            }
            let (bivalue, changed) = self.naked_singles(isa)?;
            pending = changed;
            if pending != 0 {
                continue;
            }
            pending = self.update_stacks(isa);
            if pending == 0 {
                return Ok(Progress::Stuck { bivalue });
            }
        }
    }

    /// The digits (bit `d` for 0-based digit `d`) that may go in `cell`.
    #[inline(always)]
    pub fn digits_of<I: Isa>(&self, isa: I, cell: Cell) -> u16 {
        isa.lanes_holding(&self.cand[cell.band].0, cell.bit)
    }

    /// The digit to try first in `cell` among `digits`, and the others. Of two digits, the one
    /// whose placement removes more candidates from the cell's row, box and column goes first:
    /// its branch propagates further. (A count-to-2 search visits both branches either way; a
    /// first-solution search visited 2-6% fewer nodes on each shared corpus than with the lower
    /// digit first. The opposite order, fewest removals first, visited up to 46% more.) The
    /// search skips this once a count-to-2 search has needed several guesses (`search` in
    /// `mod.rs`).
    #[inline(always)]
    pub fn branch_order(&self, cell: Cell, digits: u16) -> (usize, u16) {
        let low = digits.trailing_zeros() as usize;
        let rest = digits & (digits - 1);
        if rest.count_ones() != 1 {
            return (low, rest);
        }
        let high = rest.trailing_zeros() as usize;
        if self.removals(high, cell) > self.removals(low, cell) {
            (high, 1 << low)
        } else {
            (low, rest)
        }
    }

    /// How many candidates of `digit` placing it in `cell` would remove from the cell's row,
    /// box and column (the cell itself counts too, alike for every digit).
    #[inline(always)]
    fn removals(&self, digit: usize, cell: Cell) -> u32 {
        let position = cell.bit.trailing_zeros() as usize;
        let column = (1 << (position % 9)) * ROW_STARTS;
        let [next, last] = OTHER_BANDS[cell.band].map(|other| self.cand[other].0[digit]);
        (self.cand[cell.band].0[digit] & ROW_AND_BOX[position]).count_ones()
            + (next & column).count_ones()
            + (last & column).count_ones()
    }

    /// The cell to branch on: among the first four bivalue cells of each band, the one with the
    /// most unplaced cells in its row and box, and in its column too when `WEIGH_COLUMNS` (the
    /// first such in band order); or else an unplaced cell with the fewest candidates.
    ///
    /// Branching where many cells are still open makes each branch's propagation reach
    /// further: on the hardest corpora it cuts the nodes of a count-to-2 search by a third
    /// compared with taking the first bivalue cell. Counting the column too takes a further
    /// tenth of the guesses off the hardest puzzles, but on puzzles with many solutions, where
    /// most branches succeed, it chose worse (3-6% more guesses on the multi-solution list);
    /// the search therefore asks for it only once a puzzle has needed several guesses, which
    /// few of those puzzles do (`docs/notes/fast.md` has the figures). `WEIGH_COLUMNS` is a
    /// constant so that the choice without the column does none of its work: with a flag
    /// known only at run time, the same choices took 2% more instructions on that list.
    #[inline(always)]
    pub fn choose_cell<const WEIGH_COLUMNS: bool, I: Isa>(
        &self,
        isa: I,
        bivalue: [u32; 3],
    ) -> Cell {
        if bivalue != [0; 3] {
            let mut best = Cell { band: 0, bit: 0 };
            let mut best_open = 0;
            for (band, &cells) in bivalue.iter().enumerate() {
                let unsolved = self.unsolved[band];
                let [next, last] = OTHER_BANDS[band].map(|other| u64::from(self.unsolved[other]));
                let elsewhere = if WEIGH_COLUMNS { next | last << 32 } else { 0 };
                let mut cells = cells;
                // A fixed number of rounds, so that the loop never mispredicts its exit: only
                // the first four bivalue cells of each band are weighed. Weighing eight saved
                // about 1% of the nodes on the shared corpora but took up to 9% more time
                // (measured). An exhausted set gives bit 0, position 32 and no open cells, so it
                // never wins.
                for _ in 0..4 {
                    let bit = cells & cells.wrapping_neg();
                    cells ^= bit;
                    let position = bit.trailing_zeros() as usize;
                    let open = (unsolved & ROW_AND_BOX[position]).count_ones()
                        + (elsewhere & COLUMN_ELSEWHERE[position]).count_ones();
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
                let count = self.digits_of(isa, cell).count_ones();
                if count < best_count {
                    best = cell;
                    best_count = count;
                }
            }
        }
        best
    }

    /// The solved grid. Only meaningful after `propagate` returned `Solved`.
    ///
    /// Solved, each cell of a band is in exactly one digit's word, so bit `k` of a cell's value
    /// (digit + 1) is set exactly when the cell is in the union of the words of the digits whose
    /// value has bit `k`. Four such unions give every cell's value, eight cells at a time
    /// through `BYTES_OF_BITS`, in about 400 instructions fewer than placing the 81 cells one
    /// by one (2% of a puzzle's on the 17-clue and multi-solution lists).
    ///
    /// Unlike the rest of the search this is not inlined: it runs once a solve, and inlined it
    /// changed how the search's loop was compiled, +0.5% instructions on the hardest list.
    #[inline(never)]
    pub fn grid(&self) -> Grid {
        // Each band's 27 bytes are written as four 8-byte groups; the last group runs 5 bytes
        // into the next band (zeros, rewritten by that band) or into the padding.
        let mut cells = [0u8; 88];
        for (band, row) in self.cand.iter().enumerate() {
            let mut planes = [0u32; 4];
            for (digit, &word) in row.0[..9].iter().enumerate() {
                for (k, plane) in planes.iter_mut().enumerate() {
                    if (digit + 1) >> k & 1 != 0 {
                        *plane |= word;
                    }
                }
            }
            for group in 0..4 {
                let mut bytes = 0;
                for (k, plane) in planes.iter().enumerate() {
                    bytes |= BYTES_OF_BITS[(plane >> (8 * group) & 0xFF) as usize] << k;
                }
                let at = 27 * band + 8 * group;
                cells[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        Grid::from_cells(Size::NINE, &cells[..81]).expect("digits are 1..=9")
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::PuzzleReader;

    use super::*;
    use crate::fast::isa::Baseline;

    /// Asserts that every word `worth_updating` leaves out is one whose band update changes
    /// nothing: no contradiction, no word changed, the state as it was.
    fn assert_skipped_words_are_idle(state: &State) {
        let worth = state.worth_updating(Baseline);
        for index in (0..48).filter(|index| ALL_WORDS & (1 << index) != 0) {
            if worth & (1 << index) != 0 {
                continue;
            }
            let mut updated = *state;
            let changed = updated.update_band(Baseline, index).ok();
            assert_eq!(changed, Some(0), "word {index} was skipped but its update reports changes");
            assert!(updated == *state, "word {index} was skipped but its update changed the state");
        }
    }

    #[test]
    fn weighing_columns_prefers_the_cell_with_more_open_cells_in_its_column() {
        let mut state = State::new(Baseline, &Grid::empty(Size::NINE)).ok().expect("no clues");
        // Two bivalue cells of the first row, in one box: alike in their row and box. The
        // second band has placed the first column's cells, so the first cell's column holds
        // three open cells outside its band and the second cell's six.
        let bivalue = [0b11, 0, 0];
        state.unsolved[1] &= !ROW_STARTS;
        let unweighed = state.choose_cell::<false, _>(Baseline, bivalue);
        assert_eq!((unweighed.band, unweighed.bit), (0, 0b01), "a tie goes to the first cell");
        let weighed = state.choose_cell::<true, _>(Baseline, bivalue);
        assert_eq!((weighed.band, weighed.bit), (0, 0b10), "the open column decides");
        // With the column open again, the two tie once more.
        state.unsolved[1] |= ROW_STARTS;
        let weighed = state.choose_cell::<true, _>(Baseline, bivalue);
        assert_eq!((weighed.band, weighed.bit), (0, 0b01));
    }

    #[test]
    fn words_not_worth_updating_would_not_change() {
        // Compiled in rather than opened, so that the test also runs under Miri's isolation,
        // where a few puzzles are all the interpreter gets through in reasonable time.
        let corpus = include_str!("../../../../data/corpus/generated-10000.txt");
        let puzzles = if cfg!(miri) { 3 } else { 300 };
        let mut states = 0;
        for puzzle in PuzzleReader::new(corpus.as_bytes()).take(puzzles) {
            let Ok(mut state) = State::new(Baseline, &puzzle.expect("a valid puzzle").grid) else {
                continue;
            };
            // A state with a digit gone from a band, which its band update reports as a
            // contradiction...
            let mut emptied = state;
            emptied.cand[states % 3].0[states % 9] = 0;
            assert_skipped_words_are_idle(&emptied);
            // ...the fresh state, then the state after each guess along the first branch:
            // states in the middle of propagation, where many words are pending.
            let mut tracker = Tracker::new(Baseline, &state);
            loop {
                assert_skipped_words_are_idle(&state);
                states += 1;
                let Ok(Progress::Stuck { bivalue }) = state.propagate(Baseline, &mut tracker)
                else {
                    break;
                };
                let cell = if states % 2 == 0 {
                    state.choose_cell::<true, _>(Baseline, bivalue)
                } else {
                    state.choose_cell::<false, _>(Baseline, bivalue)
                };
                let (digit, _) = state.branch_order(cell, state.digits_of(Baseline, cell));
                tracker = Tracker::settled();
                tracker.note(state.place(Baseline, digit, cell));
            }
        }
        assert!(states > puzzles, "only {states} states checked");
    }
}
