//! A search watched: the events of `naive`, `bitmask`, `bitmask-mrv` or `dlx` recorded as
//! they solve, for the page to play back node by node.
//!
//! The engines report through `sudoku_engines::observe::SearchObserver`; the [`Recorder`]
//! keeps the events up to a cap (the search goes on to its end, so the node count is the
//! engine's whatever the cap) and nothing after the search found the solutions it was asked
//! for, so playback ends on the solution rather than on the search unwinding.

use serde::Serialize;
use sudoku_core::{Grid, Limits, Size};
use sudoku_engines::bitmask::{Bitmask, CellOrder};
use sudoku_engines::dlx::{Condition, Dlx, item_constraint, option_placement};
use sudoku_engines::naive::Naive;
use sudoku_engines::observe::SearchObserver;
use sudoku_logic::{Board, digits};

use crate::puzzle::{line_of, read, symbols};

/// The engines whose search can be watched.
pub const WATCHABLE: [&str; 4] = ["naive", "bitmask", "bitmask-mrv", "dlx"];

/// One event of a search, as the page replays it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Event {
    /// The cell filled next and the values to try there (none: a dead end).
    Branch {
        /// The cell.
        cell: usize,
        /// Its values, increasing.
        values: Vec<u8>,
    },
    /// A value put in a cell: one node.
    Place {
        /// The cell.
        cell: usize,
        /// The value.
        value: u8,
    },
    /// The last placement taken back.
    Unplace {
        /// The cell.
        cell: usize,
        /// The value.
        value: u8,
    },
    /// No way on from here.
    DeadEnd,
    /// Every cell filled.
    Solution,
    /// `dlx` branches on an item: the constraint it stands for and its options, as placements.
    Item {
        /// The constraint, for people: `r1c5 holds a value`, `row 3 holds 7`.
        constraint: String,
        /// Its options, in the order tried.
        options: Vec<(usize, u8)>,
    },
    /// `dlx` hides an option (a candidate leaves the grid).
    Hide {
        /// The option's cell.
        cell: usize,
        /// The option's value.
        value: u8,
    },
    /// `dlx` restores an option.
    Restore {
        /// The option's cell.
        cell: usize,
        /// The option's value.
        value: u8,
    },
}

/// Records a search's events, up to `cap`.
pub struct Recorder {
    size: Size,
    cap: usize,
    max_solutions: u32,
    solutions: u32,
    /// The events kept.
    pub events: Vec<Event>,
    /// Whether events were dropped at the cap.
    pub capped: bool,
}

impl Recorder {
    /// A recorder of a search on a grid of `size` asked for `max_solutions`, keeping at most
    /// `cap` events.
    pub fn new(size: Size, cap: usize, max_solutions: u32) -> Recorder {
        Recorder { size, cap, max_solutions, solutions: 0, events: Vec::new(), capped: false }
    }

    fn keep(&mut self, event: impl FnOnce() -> Event) {
        if self.solutions >= self.max_solutions {
            return;
        }
        if self.events.len() >= self.cap {
            self.capped = true;
            return;
        }
        self.events.push(event());
    }
}

impl SearchObserver for Recorder {
    fn branch(&mut self, cell: usize, candidates: u64) {
        self.keep(|| Event::Branch { cell, values: digits(candidates).collect() });
    }

    fn place(&mut self, cell: usize, value: u8) {
        self.keep(|| Event::Place { cell, value });
    }

    fn unplace(&mut self, cell: usize, value: u8) {
        self.keep(|| Event::Unplace { cell, value });
    }

    fn dead_end(&mut self) {
        self.keep(|| Event::DeadEnd);
    }

    fn solution(&mut self) {
        self.keep(|| Event::Solution);
        self.solutions += 1;
    }

    fn item_chosen(&mut self, item: usize, options: impl Iterator<Item = usize>) {
        let (size, side) = (self.size, self.size.side());
        self.keep(|| Event::Item {
            constraint: describe(size, item_constraint(size, item)),
            options: options.map(|option| option_placement(side, option)).collect(),
        });
    }

    fn option_hidden(&mut self, option: usize) {
        let (cell, value) = option_placement(self.size.side(), option);
        self.keep(|| Event::Hide { cell, value });
    }

    fn option_restored(&mut self, option: usize) {
        let (cell, value) = option_placement(self.size.side(), option);
        self.keep(|| Event::Restore { cell, value });
    }
}

/// An item's constraint, for people.
fn describe(size: Size, condition: Condition) -> String {
    match condition {
        Condition::Cell(cell) => format!("{} holds a value", size.name(cell)),
        Condition::Row(row, value) => format!("row {} holds {value}", row + 1),
        Condition::Column(column, value) => format!("column {} holds {value}", column + 1),
        Condition::Box(index, value) => format!("box {} holds {value}", index + 1),
    }
}

/// A recorded search.
#[derive(Serialize, Debug)]
pub struct Recording {
    /// The engine.
    pub engine: String,
    /// Cells per side.
    pub side: usize,
    /// The symbol of each value, from value 1.
    pub symbols: Vec<String>,
    /// The clues.
    pub clues: Vec<u8>,
    /// Each empty cell's candidates before the search (what `dlx`'s matrix starts with).
    pub candidates: Vec<Vec<u8>>,
    /// The events, in order.
    pub events: Vec<Event>,
    /// Whether the events stop at the cap before the search did.
    pub capped: bool,
    /// The engine's node count for the whole search.
    pub nodes: u64,
    /// Its guesses.
    pub guesses: u64,
    /// Solutions found.
    pub count: u32,
    /// Whether it gave up at the node budget.
    pub budget_exhausted: bool,
    /// The first solution, on one line.
    pub solution: Option<String>,
}

/// Solves `grid` with the watchable engine `name`, told to `recorder`.
pub fn solve_watched(
    name: &str,
    grid: &Grid,
    limits: Limits,
    recorder: &mut Recorder,
) -> Result<sudoku_core::Outcome, String> {
    Ok(match name {
        "naive" => Naive.solve_observed(grid, limits, recorder),
        "bitmask" => Bitmask::new(CellOrder::RowMajor).solve_observed(grid, limits, recorder),
        "bitmask-mrv" => {
            Bitmask::new(CellOrder::FewestCandidates).solve_observed(grid, limits, recorder)
        }
        "dlx" => Dlx::new().solve_observed(grid, limits, recorder),
        _ => {
            return Err(format!(
                "the search of {name} cannot be watched (only {})",
                WATCHABLE.join(", ")
            ));
        }
    })
}

/// The search of engine `name` on the first puzzle of `text` for its first solution (as
/// `sudoku solve` asks), within `budget` nodes, keeping at most `cap` events.
pub fn record(
    name: &str,
    text: &str,
    budget: Option<u64>,
    cap: usize,
) -> Result<Recording, String> {
    let puzzle = read(text)?;
    let size = puzzle.grid.size();
    let mut limits = Limits::FIRST;
    if let Some(nodes) = budget {
        limits = limits.with_node_budget(nodes);
    }
    let mut recorder = Recorder::new(size, cap, limits.max_solutions());
    let outcome = solve_watched(name, &puzzle.grid, limits, &mut recorder)?;
    let board = Board::new(&puzzle.grid);
    Ok(Recording {
        engine: name.to_owned(),
        side: size.side(),
        symbols: symbols(&puzzle),
        clues: puzzle.grid.cells().to_vec(),
        candidates: (0..size.cells())
            .map(|cell| {
                if board.value(cell) == 0 {
                    digits(board.candidates(cell)).collect()
                } else {
                    Vec::new()
                }
            })
            .collect(),
        events: recorder.events,
        capped: recorder.capped,
        nodes: outcome.stats.nodes,
        guesses: outcome.stats.guesses,
        count: outcome.count,
        budget_exhausted: outcome.budget_exhausted,
        solution: outcome.solution.as_ref().map(|grid| line_of(grid, puzzle.alphabet)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_has_a_placement_per_node_but_the_root_and_ends_on_the_solution() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        for name in WATCHABLE {
            let recording = record(name, line, None, 1_000_000).unwrap();
            let places = recording
                .events
                .iter()
                .filter(|event| matches!(event, Event::Place { .. }))
                .count();
            assert_eq!(places as u64 + 1, recording.nodes, "{name}");
            assert_eq!(recording.events.last(), Some(&Event::Solution), "{name}");
            assert!(!recording.capped);
        }
        let capped = record("naive", line, None, 10).unwrap();
        assert!(capped.capped && capped.events.len() == 10);
        assert!(record("fast", line, None, 10).is_err());
    }

    #[test]
    fn a_search_of_a_layout_puzzle_starts_from_its_candidates_and_ends_on_its_solution() {
        let x = "# layout x\n1.2...............76..98..2.9..........3.....2...17......6.......1....4..4.2..1..";
        // A pencilmark puzzle: the classic one above, r1c1 starting from 4 and 5 only.
        let classic =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let mut entries: Vec<serde_json::Value> = classic
            .bytes()
            .map(|b| serde_json::json!(if b == b'.' { 0 } else { b - b'0' }))
            .collect();
        entries[0] = serde_json::json!([4, 5]);
        let pencilmark =
            crate::puzzle::edit(classic, &serde_json::Value::from(entries).to_string())
                .unwrap()
                .text;
        // The naive searches of the pencilmark puzzle, which has no givens, take a million
        // nodes: they are left out.
        for (text, engines) in [(x, &WATCHABLE[..]), (&pencilmark, &["bitmask-mrv", "dlx"][..])] {
            let expected = crate::race::solve("dlx", text, 2, None).unwrap().solution;
            for &name in engines {
                let recording = record(name, text, None, 1_000_000).unwrap();
                assert_eq!(recording.events.last(), Some(&Event::Solution), "{name}");
                assert_eq!(recording.solution, expected, "{name}");
            }
        }
        let recording = record("dlx", &pencilmark, None, 1_000_000).unwrap();
        assert_eq!(recording.candidates[0], [4, 5], "r1c1's candidates are its marks");
    }
}
