//! `bench`: the cross-checking harness of `sudoku bench` from Python, with Python solvers
//! raced beside the built-in engines.
//!
//! A Python solver becomes an engine of the run ([`crate::solver`]), called on a thread of
//! its own with a time limit, so the harness times it, checks its solutions and compares its
//! counts exactly as it does any engine's, and a solver that hangs costs it one puzzle.
//!
//! Every built-in engine of the run is wrapped in a check of the run's cancel flag
//! ([`Cancellable`]), and a Python solver's wait looks at it too, so that Ctrl-C (seen by
//! [`crate::interrupt::run`]) stops the run within one puzzle of a built-in engine, and at
//! once in a Python solver's call: the remaining solves return at once and the report is
//! dropped. The per-puzzle rows are kept compact ([`crate::rows`]).

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::Arc;

use numpy::PyReadonlyArray2;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_bench::{Corpus, CorpusPuzzle, Inputs, Log, Message, Mode, Plan, Settings};
use sudoku_core::{
    Engine, FailureKind, Grid as CoreGrid, Limits, Outcome, PuzzleReader, ReadOptions, Size,
};
use sudoku_engines::EngineInfo;

use crate::args::{self, Int};
use crate::errors::read_error_in;
use crate::grid::{cells_to_grid, read_options};
use crate::interrupt::{Cancel, run};
use crate::rows::{Rows, Table};
use crate::solve::engine_for;
use crate::solver::{CANCELLED, python_engine};

/// An engine that answers at once, with a failure, once the run is cancelled.
struct Cancellable {
    inner: Box<dyn Engine>,
    cancel: Arc<Cancel>,
}

impl Engine for Cancellable {
    fn solve(&mut self, puzzle: &CoreGrid, limits: Limits) -> Outcome {
        if self.cancel.is_set() {
            return Outcome::failed(FailureKind::Crashed, CANCELLED);
        }
        self.inner.solve(puzzle, limits)
    }

    fn expect(&mut self, upcoming: &mut dyn Iterator<Item = &CoreGrid>, limits: Limits) {
        self.inner.expect(upcoming, limits);
    }

    fn solve_excluding(
        &mut self,
        puzzle: &CoreGrid,
        cell: usize,
        value: u8,
        limits: Limits,
    ) -> Option<Outcome> {
        self.inner.solve_excluding(puzzle, cell, value, limits)
    }
}

/// The corpus of the run: a file (an `os.PathLike`), text, or an `(N, side*side)` `uint8`
/// array. A malformed puzzle in a file or text is a `PuzzleError` with its place, as `read`
/// raises it, not a line of the report.
fn corpus_of(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    name: &str,
    options: ReadOptions,
) -> PyResult<Corpus> {
    let empty = || Corpus::read(name, Cursor::new(Vec::new()), options);
    if let Ok(array) = puzzles.extract::<PyReadonlyArray2<'_, u8>>() {
        let array = array.as_array();
        let mut kept = Vec::with_capacity(array.nrows());
        for (index, row) in array.rows().into_iter().enumerate() {
            let cells: Vec<u8> = row.iter().copied().collect();
            let grid = cells_to_grid(py, &cells, Some(index))?;
            kept.push(CorpusPuzzle { grid, number: index + 1, line: index + 1 });
        }
        return Ok(empty().with_puzzles(kept));
    }
    let text = if let Ok(text) = puzzles.cast::<PyString>() {
        text.to_cow()?.as_bytes().to_vec()
    } else {
        let path: PathBuf = puzzles.extract().map_err(|_| {
            PyTypeError::new_err("puzzles are a file (a pathlib.Path), text, or an array of cells")
        })?;
        std::fs::read(&path).map_err(|error| {
            PyOSError::new_err(format!("cannot open {}: {error}", path.display()))
        })?
    };
    let mut kept = Vec::new();
    for item in PuzzleReader::with_options(Cursor::new(text), options) {
        let puzzle = item.map_err(|error| read_error_in(py, name, &error))?;
        kept.push(CorpusPuzzle { grid: puzzle.grid, number: puzzle.number, line: puzzle.line });
    }
    Ok(empty().with_puzzles(kept))
}

/// Runs the harness; returns the report (as the JSON report's fields) and the per-puzzle rows.
/// The Python wrapper `sudoku_workbench.bench` documents the arguments.
#[pyfunction]
#[pyo3(signature = (puzzles, engines, name="puzzles", mode="unique", repeat=Int::of(1), budget=None, threads=None, cross_check=true, format=None, size=None, time_limit=None))]
#[pyo3(
    text_signature = "(puzzles, engines, name='puzzles', mode='unique', repeat=1, budget=None, threads=None, cross_check=True, format=None, size=None, time_limit=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn bench<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engines: Vec<Bound<'py, PyAny>>,
    name: &str,
    mode: &str,
    repeat: Int,
    budget: Option<Int>,
    threads: Option<Int>,
    cross_check: bool,
    format: Option<&str>,
    size: Option<Int>,
    time_limit: Option<f64>,
) -> PyResult<(Bound<'py, PyAny>, Rows)> {
    let mode = match mode {
        "unique" => Mode::Unique,
        "first" => Mode::First,
        other => {
            return Err(PyValueError::new_err(format!(
                "no mode {other:?}: the modes are unique (count to two) and first"
            )));
        }
    };
    let repeat: u32 = repeat.get("repeat", 1, args::U32)?;
    let budget = args::budget(budget)?;
    let threads = args::threads(threads)?;
    let time_limit = args::time_limit(time_limit)?;
    let corpus = corpus_of(py, puzzles, name, read_options(format, size)?)?;
    let cancel = Arc::new(Cancel::default());
    let mut infos: Vec<EngineInfo> = Vec::new();
    for engine in &engines {
        infos.push(if let Ok(name) = engine.cast::<PyString>() {
            let name = name.to_cow()?;
            let name: &str = &name;
            let found = sudoku_engines::find(name)
                .map_err(|unknown| PyValueError::new_err(unknown.to_string()))?;
            let cancel = Arc::clone(&cancel);
            found
                .clone()
                .wrapped(move |inner| Box::new(Cancellable { inner, cancel: Arc::clone(&cancel) }))
        } else {
            python_engine(engine, time_limit, &cancel)?
        });
    }
    if infos.is_empty() {
        let size = corpus.puzzles.first().map_or(Size::NINE, |puzzle| puzzle.grid.size());
        infos.push(engine_for(None, &CoreGrid::empty(size))?.clone());
    }
    let mut settings = Settings::new(infos.iter().collect(), Inputs::Read(vec![corpus]));
    settings.mode = mode;
    settings.budget = budget;
    settings.threads = threads;
    settings.repeat = Some(repeat);
    settings.cross_check = cross_check;
    let refused = |log: &mut Log| {
        let problems = log.take().into_iter().filter_map(|message| match message {
            Message::Problem(line) => Some(line),
            _ => None,
        });
        PyValueError::new_err(problems.collect::<Vec<_>>().join("; "))
    };
    let plan = Plan::make(settings).map_err(PyValueError::new_err)?;
    let mut log = Log::new();
    let ready = plan.open(&mut log).ok_or_else(|| refused(&mut log))?;
    let mut rows = Table::default();
    let ran = run(py, &cancel, || ready.run(&mut [&mut rows], &mut log))?;
    let report = ran.ok_or_else(|| refused(&mut log))?.into_report();
    let mut json = Vec::new();
    sudoku_bench::output::write_json(&report, &mut json)
        .map_err(|error| crate::errors::sudoku_error(py, error.to_string()))?;
    let report = py.import("json")?.call_method1("loads", (String::from_utf8_lossy(&json),))?;
    Ok((report, Rows::of(rows)))
}
