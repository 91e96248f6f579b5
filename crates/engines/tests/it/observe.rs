//! The searches of `naive`, `bitmask`, `bitmask-mrv` and `dlx` watched through
//! `observe::SearchObserver`: the same outcomes as unwatched, a placement per node but the
//! root, and events that replay to the solutions.

use sudoku_core::{Engine, Grid, Limits, Outcome, parse_one};
use sudoku_engines::bitmask::{Bitmask, CellOrder};
use sudoku_engines::dlx::{Dlx, option_placement};
use sudoku_engines::naive::Naive;
use sudoku_engines::observe::SearchObserver;

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
    include_str!("../../../../data/samples/2580-sample1.in"),
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
];

/// Each watched engine gives the outcome it gives unwatched, one placement per node but
/// the root, and a replay of its events that ends where the search did.
#[test]
fn watched_searches_match_their_engines_and_replay_to_their_solutions() {
    for text in PUZZLES {
        let puzzle = parse_one(text.as_bytes()).unwrap().grid;
        // Naive backtracking takes a million nodes on the hard puzzle: budgets keep the test
        // short, and check searches cut short too.
        let budget = 30_000;
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
