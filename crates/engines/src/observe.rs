//! Watching a search as it runs: the events a backtracking or exact-cover search goes through,
//! for a page that animates it or a test that replays it.
//!
//! The engines that can be watched (`naive`, `bitmask`, `bitmask-mrv`, `dlx`) take an observer
//! as a type parameter. Their [`Engine`](sudoku_core::Engine) implementations pass
//! [`NoObserver`], a zero-sized type whose methods are the trait's empty defaults, so the
//! compiler inlines every call to nothing and the searches the harness times are the code they
//! were before anyone could watch them: same instructions, same counters. Arguments that cost
//! something to compute (an item's list of options) are computed only when
//! [`SearchObserver::ACTIVE`] says someone looks.
//!
//! A search reports what it does, in order:
//! - [`branch`](SearchObserver::branch): the cell it fills next and the values it will try
//!   there (none: a dead end);
//! - [`place`](SearchObserver::place): a value put in a cell, one search node;
//! - [`unplace`](SearchObserver::unplace): the same value taken back on the way up;
//! - [`dead_end`](SearchObserver::dead_end): a state with no way on (an exact-cover item no
//!   option can cover);
//! - [`solution`](SearchObserver::solution): every cell filled.
//!
//! An exact-cover search also says which item it branches on and its options
//! ([`item_chosen`](SearchObserver::item_chosen)), and which options each choice hides and
//! later restores ([`option_hidden`](SearchObserver::option_hidden),
//! [`option_restored`](SearchObserver::option_restored)); `dlx` passes on each option it tries
//! as the placement it stands for. The depth of the search is the number of placements not yet
//! taken back, so the events need not carry it.

/// What a search tells whoever watches it. Every method does nothing by default.
pub trait SearchObserver {
    /// Whether the observer looks at the events. A search skips work done only to report
    /// (walking an item's options, looking up an option's number) when this is `false`.
    const ACTIVE: bool = true;

    /// The search fills `cell` next, trying the values of `candidates` (value `v` is bit
    /// `v − 1`) in increasing order; none is a dead end.
    #[inline(always)]
    fn branch(&mut self, cell: usize, candidates: u64) {
        let _ = (cell, candidates);
    }

    /// `value` goes in `cell`: one node of the search.
    #[inline(always)]
    fn place(&mut self, cell: usize, value: u8) {
        let _ = (cell, value);
    }

    /// `value` is taken back out of `cell`, the last placement not yet taken back.
    #[inline(always)]
    fn unplace(&mut self, cell: usize, value: u8) {
        let _ = (cell, value);
    }

    /// The search met a state it cannot go on from.
    #[inline(always)]
    fn dead_end(&mut self) {}

    /// Every cell is filled: a solution.
    #[inline(always)]
    fn solution(&mut self) {}

    /// An exact-cover search branches on `item`, whose remaining `options` it will try in
    /// order.
    #[inline(always)]
    fn item_chosen(&mut self, item: usize, options: impl Iterator<Item = usize>) {
        let _ = (item, options);
    }

    /// An exact-cover search tries `option` (its items are covered).
    #[inline(always)]
    fn option_chosen(&mut self, option: usize) {
        let _ = option;
    }

    /// An exact-cover search takes `option` back.
    #[inline(always)]
    fn option_dropped(&mut self, option: usize) {
        let _ = option;
    }

    /// `option` leaves the matrix: it holds an item just covered.
    #[inline(always)]
    fn option_hidden(&mut self, option: usize) {
        let _ = option;
    }

    /// `option` comes back into the matrix, as its item is uncovered.
    #[inline(always)]
    fn option_restored(&mut self, option: usize) {
        let _ = option;
    }
}

/// The observer of every timed search: looks at nothing, and compiles to nothing.
#[derive(Clone, Copy, Default, Debug)]
pub struct NoObserver;

impl SearchObserver for NoObserver {
    const ACTIVE: bool = false;
}

/// An observer lent to a search: the search takes its observer by value, so that
/// [`NoObserver`] adds no field, and a caller that wants its observer back lends it.
impl<O: SearchObserver> SearchObserver for &mut O {
    const ACTIVE: bool = O::ACTIVE;

    #[inline(always)]
    fn branch(&mut self, cell: usize, candidates: u64) {
        (**self).branch(cell, candidates);
    }

    #[inline(always)]
    fn place(&mut self, cell: usize, value: u8) {
        (**self).place(cell, value);
    }

    #[inline(always)]
    fn unplace(&mut self, cell: usize, value: u8) {
        (**self).unplace(cell, value);
    }

    #[inline(always)]
    fn dead_end(&mut self) {
        (**self).dead_end();
    }

    #[inline(always)]
    fn solution(&mut self) {
        (**self).solution();
    }

    #[inline(always)]
    fn item_chosen(&mut self, item: usize, options: impl Iterator<Item = usize>) {
        (**self).item_chosen(item, options);
    }

    #[inline(always)]
    fn option_chosen(&mut self, option: usize) {
        (**self).option_chosen(option);
    }

    #[inline(always)]
    fn option_dropped(&mut self, option: usize) {
        (**self).option_dropped(option);
    }

    #[inline(always)]
    fn option_hidden(&mut self, option: usize) {
        (**self).option_hidden(option);
    }

    #[inline(always)]
    fn option_restored(&mut self, option: usize) {
        (**self).option_restored(option);
    }
}
