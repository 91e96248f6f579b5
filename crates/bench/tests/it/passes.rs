//! The timing passes of several engines take turns, so that a change in the machine's load
//! during a run falls on every engine alike.

use crate::common;

use std::sync::Mutex;

use common::{options, shipped_prefix};
use sudoku_bench::Schedule;
use sudoku_core::{Engine, Grid, Limits, Outcome};
use sudoku_engines::{EngineInfo, default_engine};

/// The engine names in the order their passes began.
static PASS_STARTS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// The first puzzle of the corpus: solving it begins a pass.
static FIRST_PUZZLE: Mutex<Option<Grid>> = Mutex::new(None);

/// The default engine, logging the start of each pass under `name`.
struct Logging {
    name: &'static str,
    inner: Box<dyn Engine>,
}

impl Engine for Logging {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if FIRST_PUZZLE.lock().unwrap().as_ref() == Some(puzzle) {
            PASS_STARTS.lock().unwrap().push(self.name);
        }
        self.inner.solve(puzzle, limits)
    }
}

static FIRST: EngineInfo = EngineInfo::new("first", "logs its passes", || {
    Box::new(Logging { name: "first", inner: default_engine().create() })
});
static SECOND: EngineInfo = EngineInfo::new("second", "logs its passes", || {
    Box::new(Logging { name: "second", inner: default_engine().create() })
});

#[test]
fn timing_passes_take_turns_between_engines() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 20);
    *FIRST_PUZZLE.lock().unwrap() = Some(corpus.puzzles[0].grid.clone());
    let mut run_options = options(vec![&FIRST, &SECOND], 1);
    run_options.timing = Schedule::Repeat(3);
    let report = sudoku_bench::run(std::slice::from_ref(&corpus), &run_options).unwrap();
    assert!(report.records.iter().all(|record| record.passes == 3));
    // A batch the scheduler preempted is solved again (the clock's retiming), so a pass may
    // start its first puzzle more than once in a row on a busy machine: the turns are what
    // count.
    let mut starts = PASS_STARTS.lock().unwrap().clone();
    starts.dedup();
    assert_eq!(starts, ["first", "second", "first", "second", "first", "second"]);
}
