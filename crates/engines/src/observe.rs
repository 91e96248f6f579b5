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

#[cfg(test)]
mod tests {
    use super::SearchObserver;
    use crate::bitmask::{Bitmask, CellOrder};
    use crate::dlx::{Dlx, option_placement};
    use crate::naive::Naive;
    use sudoku_core::{Engine, Grid, Limits, Outcome, parse_one};

    /// Replays a search on a grid of its own and checks that the events make sense as they
    /// come: a placement goes in an empty cell among the values its branch offered, a value is
    /// taken back only as the last placement, and a solution is a full grid.
    struct Replay {
        grid: Grid,
        /// The values the latest branch offered.
        offered: u64,
        /// Each placement not taken back, with the values its branch offered: the next value
        /// tried at that level comes from the same branch.
        placed: Vec<(usize, u8, u64)>,
        places: u64,
        solutions: Vec<Grid>,
        hidden: i64,
    }

    impl Replay {
        fn new(puzzle: &Grid) -> Replay {
            Replay {
                grid: puzzle.clone(),
                offered: u64::MAX,
                placed: Vec::new(),
                places: 0,
                solutions: Vec::new(),
                hidden: 0,
            }
        }
    }

    impl SearchObserver for Replay {
        fn branch(&mut self, cell: usize, candidates: u64) {
            assert_eq!(self.grid.get(cell), 0, "branch on a filled cell");
            self.offered = candidates;
        }

        fn place(&mut self, cell: usize, value: u8) {
            assert_eq!(self.grid.get(cell), 0, "placement in a filled cell");
            assert!(self.offered & 1 << (value - 1) != 0, "a value the branch did not offer");
            self.grid.set(cell, value);
            self.placed.push((cell, value, self.offered));
            self.places += 1;
        }

        fn unplace(&mut self, cell: usize, value: u8) {
            let (last_cell, last_value, offered) = self.placed.pop().expect("nothing to take back");
            assert_eq!((last_cell, last_value), (cell, value), "not the last placement");
            self.offered = offered;
            self.grid.set(cell, 0);
        }

        fn solution(&mut self) {
            assert!(self.grid.cells().iter().all(|&value| value != 0));
            self.solutions.push(self.grid.clone());
        }

        fn item_chosen(&mut self, _item: usize, options: impl Iterator<Item = usize>) {
            // `dlx` does not call `branch`: the values offered are those of the item's options
            // (all in one cell when the item is a cell's).
            self.offered = options.fold(0, |set, option| set | 1 << (option % 9));
        }

        fn option_hidden(&mut self, _option: usize) {
            self.hidden += 1;
        }

        fn option_restored(&mut self, _option: usize) {
            self.hidden -= 1;
        }
    }

    /// The 9×9 sample of Baekjoon 2580 and a hard puzzle that makes every engine backtrack.
    const PUZZLES: [&str; 2] = [
        include_str!("../../../data/samples/2580-sample1.in"),
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ];

    /// Each watched engine gives the outcome it gives unwatched, one placement per node but
    /// the root, and a replay of its events that ends where the search did.
    #[test]
    fn watched_searches_match_their_engines_and_replay_to_their_solutions() {
        for text in PUZZLES {
            let puzzle = parse_one(text.as_bytes()).unwrap().grid;
            // Naive backtracking takes a million nodes on the hard puzzle: budgets keep the test
            // short (and shorter under Miri), and check searches cut short too.
            let budget = if cfg!(miri) { 300 } else { 30_000 };
            for limits in [
                Limits::FIRST.with_node_budget(budget),
                Limits::UNIQUE.with_node_budget(budget),
                Limits::UNIQUE.with_node_budget(budget / 60),
            ] {
                let check = |replay: &Replay, watched: &Outcome, unwatched: Outcome| {
                    assert_eq!(*watched, unwatched);
                    assert_eq!(replay.places + 1, watched.stats.nodes);
                    assert!(replay.placed.is_empty(), "every placement taken back at the end");
                    assert_eq!(replay.solutions.len() as u32, watched.count);
                    assert_eq!(replay.solutions.first(), watched.solution.as_ref());
                };
                let mut replay = Replay::new(&puzzle);
                let watched = Naive.solve_observed(&puzzle, limits, &mut replay);
                check(&replay, &watched, Naive.solve(&puzzle, limits));
                for order in [CellOrder::RowMajor, CellOrder::FewestCandidates] {
                    let mut replay = Replay::new(&puzzle);
                    let watched = Bitmask::new(order).solve_observed(&puzzle, limits, &mut replay);
                    check(&replay, &watched, Bitmask::new(order).solve(&puzzle, limits));
                }
                let mut replay = Replay::new(&puzzle);
                let watched = Dlx::new().solve_observed(&puzzle, limits, &mut replay);
                check(&replay, &watched, Dlx::new().solve(&puzzle, limits));
                assert_eq!(replay.hidden, 0, "every option hidden is restored");
            }
        }
        assert_eq!(option_placement(9, 80), (8, 9));
    }
}
