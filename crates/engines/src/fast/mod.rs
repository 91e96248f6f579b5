//! `fast`: bit-parallel constraint propagation with guessing, the fastest engine here.
//!
//! The grid is held as one 27-bit word per digit and band (three rows), in the style of
//! JCZSolve: one machine word answers "where can digit d still go in these three rows". Three
//! rules run to a fixpoint, each over whole words at a time:
//! - the **band rule** (per digit and band): the digit takes one cell in each row and each box
//!   of the band. A table of the 3×3 permutation matrices turns the band's minirow occupancy
//!   into exactly the minirows still usable, which is locked candidates (pointing and
//!   claiming) along rows, and hidden singles in rows and boxes. A box whose candidates lie in
//!   one column also removes the digit from that column in the other bands (pointing along
//!   columns), and a cell alone in its row is placed;
//! - **naked singles**: bit-sliced counters over the nine digits find the cells with one
//!   candidate (and the cells with none, a contradiction);
//! - the **stack rule**, the band rule turned on its side, run when the two above stall: locked
//!   candidates along columns and hidden singles in columns. JCZSolve has no such rule; it
//!   saves about a third of the guesses on the 17-clue list and a fifth on the hardest lists.
//!
//! The nine words of a band sit side by side in the lanes of one vector, and every write to the
//! state is an operation on a whole such row (`solver::Lanes` says why); comparing a row before
//! and after a write gives the words it changed, so only words changed since their last band
//! update are revisited. A fresh state revisits only the words where the band rule can change
//! anything at all, found for all words at once (`State::worth_updating`): the clues'
//! consequences are applied when the state is made, and most band updates from there would
//! change nothing.
//!
//! When the rules stall, the search branches on the bivalue cell with the most open cells in
//! its row and box, and in its column too once the puzzle has needed several guesses
//! (`State::choose_cell` in `solver` says why), or else on the cell with the fewest
//! candidates, and tries first the digit that removes more candidates (`State::branch_order`;
//! a count-to-2 search that has needed several guesses takes the digits in order instead).
//! It copies the state rather than undoing moves: a state is 256 bytes, four vector
//! registers, and a copy is cheaper than an undo log.
//!
//! The search is written once and compiled on several paths ([`SimdPath`]): for the baseline
//! instruction set; with AVX2, BMI1/2, LZCNT and POPCNT, with or without `pext`; and with
//! AVX-512 F/BW/VL besides, where a row of the state is one register. The best path the
//! processor supports is chosen at run time ([`Fast::path`] says which one runs); all give
//! identical results and statistics, which the tests check. The few kernels that differ
//! between paths are in `isa`.

mod isa;
mod solver;
mod tables;

#[cfg(target_arch = "x86_64")]
use isa::{Avx2, Avx512};
use isa::{Baseline, Isa};
use solver::{Cell, Progress, State, Tracker};
use sudoku_core::{Engine, Grid, Limits, Outcome};

/// Which compilation of the search runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SimdPath {
    /// Baseline instruction set: runs on any processor of the target.
    Portable,
    /// Compiled with AVX2, BMI1, BMI2, LZCNT and POPCNT (x86-64 only).
    Avx2,
    /// As `Avx2`, also using `pext`, on processors where it is fast.
    Avx2Pext,
    /// As `Avx2Pext`, also with AVX-512 F, BW and VL (x86-64 only).
    Avx512,
}

impl SimdPath {
    /// The path's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            SimdPath::Portable => "portable",
            SimdPath::Avx2 => "avx2",
            SimdPath::Avx2Pext => "avx2+pext",
            SimdPath::Avx512 => "avx512",
        }
    }

    /// The fastest path this processor supports.
    pub fn detect() -> SimdPath {
        #[cfg(target_arch = "x86_64")]
        {
            if isa::Avx512::detect().is_some() {
                return SimdPath::Avx512;
            }
            if isa::has_avx2() {
                return if isa::has_fast_pext() { SimdPath::Avx2Pext } else { SimdPath::Avx2 };
            }
        }
        SimdPath::Portable
    }
}

/// After how many guesses the choice of branch cell weighs the cells' columns too
/// (`State::choose_cell` says why not from the start).
const WEIGH_COLUMNS_AFTER: u64 = 6;

/// A branch point of the search: the state before the branch, the cell branched on, and the
/// digits not tried yet.
#[derive(Clone, Copy)]
struct Frame {
    state: State,
    cell: Cell,
    untried: u16,
}

/// The compiled search an engine runs, with the proof that the processor supports it.
#[derive(Clone, Copy)]
enum Kernel {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2<false>),
    #[cfg(target_arch = "x86_64")]
    Avx2Pext(Avx2<true>),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
}

/// The `fast` engine.
pub struct Fast {
    kernel: Kernel,
    /// Branch points: the current search's are the first few (`search` counts them), the
    /// rest are left from earlier searches to be overwritten. Its capacity (one per cell) is
    /// reserved once.
    stack: Vec<Frame>,
}

impl Default for Fast {
    fn default() -> Self {
        Self::new()
    }
}

impl Fast {
    /// An engine on the fastest path this processor supports.
    pub fn new() -> Fast {
        Fast::with_path(SimdPath::detect())
    }

    /// An engine on `path`, or on the portable path when this processor cannot run `path`.
    pub fn with_path(path: SimdPath) -> Fast {
        let kernel = match path {
            #[cfg(target_arch = "x86_64")]
            SimdPath::Avx2 => Avx2::detect().map_or(Kernel::Portable, Kernel::Avx2),
            #[cfg(target_arch = "x86_64")]
            SimdPath::Avx2Pext => Avx2::detect().map_or(Kernel::Portable, Kernel::Avx2Pext),
            #[cfg(target_arch = "x86_64")]
            SimdPath::Avx512 => Avx512::detect().map_or(Kernel::Portable, Kernel::Avx512),
            _ => Kernel::Portable,
        };
        Fast { kernel, stack: Vec::with_capacity(81) }
    }

    /// The path this engine runs.
    pub fn path(&self) -> SimdPath {
        match self.kernel {
            Kernel::Portable => SimdPath::Portable,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2(_) => SimdPath::Avx2,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2Pext(_) => SimdPath::Avx2Pext,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512(_) => SimdPath::Avx512,
        }
    }
}

impl Engine for Fast {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let stack = &mut self.stack;
        match self.kernel {
            Kernel::Portable => search(Baseline, puzzle, limits, stack),
            // SAFETY: the token proves the processor has every feature `search_avx2` is
            // compiled with.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2(isa) => unsafe { search_avx2(isa, puzzle, limits, stack) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2Pext(isa) => unsafe { search_avx2(isa, puzzle, limits, stack) },
            // SAFETY: as above, for `search_avx512`.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512(isa) => unsafe { search_avx512(isa, puzzle, limits, stack) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_avx2<const PEXT: bool>(
    isa: Avx2<PEXT>,
    puzzle: &Grid,
    limits: Limits,
    stack: &mut Vec<Frame>,
) -> Outcome {
    search(isa, puzzle, limits, stack)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_avx512(isa: Avx512, puzzle: &Grid, limits: Limits, stack: &mut Vec<Frame>) -> Outcome {
    search(isa, puzzle, limits, stack)
}

/// Depth-first search over copied states, with an explicit stack so that the whole search
/// inlines into each compiled path.
#[inline(always)]
fn search<I: Isa>(isa: I, puzzle: &Grid, limits: Limits, stack: &mut Vec<Frame>) -> Outcome {
    let mut outcome = Outcome::empty();
    let node_bound = limits.node_bound();
    if node_bound == 0 {
        outcome.budget_exhausted = true;
        return outcome;
    }
    outcome.stats.nodes = 1;
    let Ok(mut state) = State::new(isa, puzzle) else {
        return outcome;
    };
    let mut tracker = Tracker::new(isa, &state);
    // The branch points in use are `stack[..depth]`; frames beyond are left from earlier
    // searches, to be overwritten.
    let mut depth = 0;
    'search: loop {
        match state.propagate(isa, &mut tracker) {
            Ok(Progress::Solved) => {
                if outcome.count == 0 {
                    outcome.solution = Some(state.grid());
                }
                outcome.count += 1;
                if outcome.count >= limits.max_solutions() {
                    break 'search;
                }
            }
            Ok(Progress::Stuck { bivalue }) => {
                // A puzzle that has needed several guesses is likely a hard one with a single
                // solution, where a count-to-2 search visits every branch in any order: the
                // cell's digits are then tried lowest first, without weighing them.
                let (cell, weigh_digits) = if outcome.stats.guesses >= WEIGH_COLUMNS_AFTER {
                    (state.choose_cell::<true, _>(isa, bivalue), limits.max_solutions() < 2)
                } else {
                    (state.choose_cell::<false, _>(isa, bivalue), true)
                };
                let digits = state.digits_of(isa, cell);
                outcome.stats.guesses += 1;
                if outcome.stats.nodes >= node_bound {
                    outcome.budget_exhausted = true;
                    break 'search;
                }
                outcome.stats.nodes += 1;
                let (first, untried) = if weigh_digits {
                    state.branch_order(cell, digits)
                } else {
                    (digits.trailing_zeros() as usize, digits & (digits - 1))
                };
                // Propagation leaves no single-candidate cell, so there is always a second
                // digit; the check keeps a malformed state from ever reaching `place(16)`.
                if untried != 0 {
                    // Written in place when the stack holds a frame there from an earlier
                    // search: a push would build the frame aside first and copy it twice.
                    if let Some(frame) = stack.get_mut(depth) {
                        frame.state = state;
                        frame.cell = cell;
                        frame.untried = untried;
                    } else {
                        stack.push(Frame { state, cell, untried });
                    }
                    depth += 1;
                }
                tracker.note(state.place(isa, first, cell));
                continue 'search;
            }
            Err(_) => {}
        }
        // Backtrack: the next untried digit of the deepest branch point.
        let Some(frame) = depth.checked_sub(1).and_then(|last| stack.get_mut(last)) else {
            break 'search;
        };
        if outcome.stats.nodes >= node_bound {
            outcome.budget_exhausted = true;
            break 'search;
        }
        outcome.stats.nodes += 1;
        let digit = frame.untried.trailing_zeros() as usize;
        frame.untried &= frame.untried - 1;
        let cell = frame.cell;
        state = frame.state;
        if frame.untried == 0 {
            depth -= 1;
        }
        tracker = Tracker::settled();
        tracker.note(state.place(isa, digit, cell));
    }
    outcome
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Engine, Grid, Limits, Size};

    use super::{Fast, SimdPath};
    use crate::samples::assert_solves_samples;

    #[test]
    fn the_detected_path_solves_the_samples() {
        // Miri runs only the portable path: it interprets few vector intrinsics.
        if cfg!(miri) {
            assert_eq!(SimdPath::detect(), SimdPath::Portable);
        }
        let mut engine = Fast::new();
        assert_eq!(engine.path(), SimdPath::detect());
        assert_solves_samples(&mut engine);
    }

    #[test]
    fn a_reused_engine_repeats_counts_and_budgets_exactly() {
        // The empty grid branches everywhere: counting its solutions pushes and pops branch
        // points over and over, and a budget stops the search deep in the stack.
        let solutions = if cfg!(miri) { 10 } else { 2000 };
        let mut engine = Fast::new();
        let counted = engine.solve(&Grid::empty(Size::NINE), Limits::count_up_to(solutions));
        assert_eq!(counted.count, solutions);
        let starved = engine
            .solve(&Grid::empty(Size::NINE), Limits::count_up_to(solutions).with_node_budget(9));
        assert!(starved.budget_exhausted);
        assert_eq!(starved.stats.nodes, 9);
        assert_eq!(engine.solve(&Grid::empty(Size::NINE), Limits::count_up_to(solutions)), counted);
    }
}
