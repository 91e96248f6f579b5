//! `bench`: the cross-checking harness of `sudoku bench` from Python, with Python solvers
//! raced beside the built-in engines.
//!
//! A Python solver becomes an engine of the run ([`PythonEngine`]): each solve takes the GIL,
//! calls the solver with the puzzle's cells, and reads its answer back as an outcome, so the
//! harness times it, checks its solutions and compares its counts exactly as it does any
//! engine's. An exception raised inside it is a failure of that engine on that puzzle
//! (`crashed`, with the exception in the message), as a crash of an engine in another process
//! is; an answer that is no grid of the puzzle's size is a `protocol-error`. Either way the
//! run goes on.
//!
//! Every engine of the run, built-in or not, is wrapped in a check of the run's cancel flag
//! ([`Cancellable`]), so that Ctrl-C (seen by [`crate::interrupt::run`]) stops the run within
//! one puzzle: the remaining solves return at once and the report is dropped.

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::Arc;

use numpy::PyReadonlyArray2;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use sudoku_bench::per_puzzle::{self, Row};
use sudoku_bench::{BenchOptions, Corpus, CorpusPuzzle, Mode, Observer, Timing};
use sudoku_core::{
    Engine, FailureKind, Grid as CoreGrid, Limits, Outcome, PuzzleReader, ReadOptions, Size, Stats,
};
use sudoku_engines::{EngineInfo, Origin, Timing as EngineTiming};

use crate::errors::read_error_in;
use crate::grid::{cells_to_grid, read_options, values_to_grid};
use crate::interrupt::{Cancel, run};
use crate::solve::engine_for;

/// What a failure says when the run was cancelled (never seen: the report is dropped).
const CANCELLED: &str = "the run was interrupted";

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

/// A Python solver as an engine: an object with a `solve(grid, limit, budget)` method, or a
/// function of those arguments (see `docs/python.md` for what it may return).
struct PythonEngine {
    solver: Arc<Py<PyAny>>,
    /// Whether to call the object's `solve` method rather than the object.
    method: bool,
}

impl Engine for PythonEngine {
    fn solve(&mut self, puzzle: &CoreGrid, limits: Limits) -> Outcome {
        Python::attach(|py| {
            let cells = match PyList::new(py, puzzle.cells()) {
                Ok(cells) => cells,
                Err(error) => return failed(py, FailureKind::Crashed, &error),
            };
            let arguments = (cells, limits.max_solutions(), limits.node_budget());
            let solver = self.solver.bind(py);
            let answer = if self.method {
                solver.call_method1("solve", arguments)
            } else {
                solver.call1(arguments)
            };
            match answer {
                Ok(answer) => outcome_of(&answer, puzzle.size(), limits)
                    .unwrap_or_else(|error| failed(py, FailureKind::ProtocolError, &error)),
                Err(error) => failed(py, FailureKind::Crashed, &error),
            }
        })
    }
}

/// The failure of a Python solver that raised `error` (or answered what `error` says is
/// wrong), on one line.
fn failed(py: Python<'_>, kind: FailureKind, error: &PyErr) -> Outcome {
    let what = error.value(py).to_string();
    let class = error.get_type(py).name().map(|name| name.to_string()).unwrap_or_default();
    let message = match kind {
        FailureKind::Crashed => format!("raised {class}: {what}"),
        _ => format!("answered what is no answer: {what}"),
    };
    Outcome::failed(kind, message.replace(['\n', '\r'], " "))
}

/// Reads a Python solver's answer: `None` (no solution), a result object (anything with a
/// `solution` attribute, such as `SolveResult`: `count`, `nodes`, `guesses` and
/// `budget_exhausted` read when present), or a solution (text, a `Grid`, a sequence of
/// integers).
fn outcome_of(answer: &Bound<'_, PyAny>, size: Size, limits: Limits) -> PyResult<Outcome> {
    if answer.is_none() {
        return Ok(Outcome::empty());
    }
    let solution_of = |object: &Bound<'_, PyAny>| -> PyResult<Option<CoreGrid>> {
        if object.is_none() {
            return Ok(None);
        }
        let grid = values_to_grid(object)?;
        if grid.size() != size {
            return Err(PyValueError::new_err(format!(
                "a {} solution to a {size} puzzle",
                grid.size()
            )));
        }
        Ok(Some(grid))
    };
    if !answer.hasattr("solution")? || answer.is_instance_of::<PyString>() {
        let solution = solution_of(answer)?;
        return Ok(Outcome { count: 1, solution, ..Outcome::empty() });
    }
    let solution = solution_of(&answer.getattr("solution")?)?;
    let optional = |name: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        if !answer.hasattr(name)? {
            return Ok(None);
        }
        let value = answer.getattr(name)?;
        Ok((!value.is_none()).then_some(value))
    };
    let count: u32 = match optional("count")? {
        Some(count) => count.extract()?,
        None => u32::from(solution.is_some()),
    };
    if (count > 0) != solution.is_some() {
        return Err(PyValueError::new_err(format!(
            "count {count} {} a solution",
            if solution.is_some() { "with" } else { "without" }
        )));
    }
    let nodes: u64 = optional("nodes")?.map(|n| n.extract()).transpose()?.unwrap_or(0);
    let guesses: u64 = optional("guesses")?.map(|n| n.extract()).transpose()?.unwrap_or(0);
    let budget_exhausted: bool =
        optional("budget_exhausted")?.map(|b| b.is_truthy()).transpose()?.unwrap_or(false);
    Ok(Outcome {
        solution,
        count: count.min(limits.max_solutions()),
        budget_exhausted,
        stats: Stats { nodes, guesses },
        ..Outcome::empty()
    })
}

/// The engine entry of a Python solver: its name (`name` attribute, else the function's or
/// class's name), and what it declares with the attributes `counts` (counts solutions beyond
/// the first), `statistics` (reports nodes and guesses, honours a node budget) and `sizes`
/// (the sides it solves; every size by default).
fn python_engine(solver: &Bound<'_, PyAny>, cancel: &Arc<Cancel>) -> PyResult<EngineInfo> {
    let method = solver.hasattr("solve")? && solver.getattr("solve")?.is_callable();
    if !method && !solver.is_callable() {
        let what = solver.get_type().name()?.to_string();
        return Err(PyTypeError::new_err(format!(
            "an engine is a name, an object with a solve(grid, limit, budget) method or a \
             function of those arguments, not {what}"
        )));
    }
    let declared = |name: &str| -> PyResult<bool> {
        Ok(solver.hasattr(name)? && solver.getattr(name)?.is_truthy()?)
    };
    let name: String =
        if solver.hasattr("name")? && solver.getattr("name")?.is_instance_of::<PyString>() {
            solver.getattr("name")?.extract()?
        } else if solver.hasattr("__name__")? {
            solver.getattr("__name__")?.extract()?
        } else {
            solver.get_type().name()?.to_string()
        };
    let (counts, statistics) = (declared("counts")?, declared("statistics")?);
    let (mut smallest, mut largest) = (Size::MIN_ORDER as u8, Size::MAX_ORDER as u8);
    if solver.hasattr("sizes")? {
        let sides: Vec<usize> = solver.getattr("sizes")?.extract()?;
        let orders = sides
            .iter()
            .map(|&side| {
                Size::from_side(side).map(|size| size.order() as u8).ok_or_else(|| {
                    PyValueError::new_err(format!("solver {name}: no grid has side {side}"))
                })
            })
            .collect::<PyResult<Vec<u8>>>()?;
        smallest = orders.iter().copied().min().unwrap_or(smallest);
        largest = orders.iter().copied().max().unwrap_or(largest);
    }
    let command = solver.repr()?.to_string();
    let solver = Arc::new(solver.clone().unbind());
    let cancel = Arc::clone(cancel);
    let origin = Origin::External { kind: "python", declared: "bench()".to_owned(), command };
    let info = EngineInfo::external(
        name,
        "a Python solver".to_owned(),
        origin,
        EngineTiming::InProcess,
        move || {
            let engine = PythonEngine { solver: Arc::clone(&solver), method };
            Box::new(Cancellable { inner: Box::new(engine), cancel: Arc::clone(&cancel) })
        },
    );
    Ok(info.with_capabilities(counts, statistics).with_orders(smallest, largest))
}

/// Keeps every per-puzzle row of the run, with the digest of the file they are of.
#[derive(Default)]
struct KeepRows {
    rows: Vec<Row>,
    digest: Option<String>,
}

impl Observer for KeepRows {
    fn file(&mut self, corpus: &Corpus) {
        self.digest = Some(corpus.digest());
    }

    fn chunk(&mut self, chunk: &Corpus, size: Size, runs: &[sudoku_bench::measure::EngineRun<'_>]) {
        self.rows.extend(per_puzzle::rows(chunk, size, runs, self.digest.as_deref()));
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

/// Runs the harness; returns the report (as the JSON report's fields) and the per-puzzle rows
/// (dicts). The Python wrapper `sudoku_workbench.bench` documents the arguments.
#[pyfunction]
#[pyo3(signature = (puzzles, engines, name="puzzles", mode="unique", repeat=1, budget=None, threads=None, cross_check=true, format=None, size=None))]
#[allow(clippy::too_many_arguments)]
pub fn bench<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engines: Vec<Bound<'py, PyAny>>,
    name: &str,
    mode: &str,
    repeat: u32,
    budget: Option<u64>,
    threads: Option<usize>,
    cross_check: bool,
    format: Option<&str>,
    size: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyList>)> {
    let mode = match mode {
        "unique" => Mode::Unique,
        "first" => Mode::First,
        other => {
            return Err(PyValueError::new_err(format!(
                "no mode {other:?}: the modes are unique (count to two) and first"
            )));
        }
    };
    if repeat == 0 {
        return Err(PyValueError::new_err("repeat must be at least 1"));
    }
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(threads) => threads,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let corpus = corpus_of(py, puzzles, name, read_options(format, size)?)?;
    let cancel = Arc::new(Cancel::default());
    let mut infos: Vec<EngineInfo> = Vec::new();
    for engine in &engines {
        let info = if let Ok(name) = engine.cast::<PyString>() {
            let name = name.to_cow()?;
            let name: &str = &name;
            let found = sudoku_engines::find(name)
                .map_err(|unknown| PyValueError::new_err(unknown.to_string()))?;
            let cancel = Arc::clone(&cancel);
            found
                .clone()
                .wrapped(move |inner| Box::new(Cancellable { inner, cancel: Arc::clone(&cancel) }))
        } else {
            python_engine(engine, &cancel)?
        };
        if infos.iter().any(|other| other.name == info.name) {
            return Err(PyValueError::new_err(format!("engine {} is named twice", info.name)));
        }
        infos.push(info);
    }
    if infos.is_empty() {
        let size = corpus.puzzles.first().map_or(Size::NINE, |puzzle| puzzle.grid.size());
        infos.push(engine_for(None, size)?.clone());
    }
    let options = BenchOptions {
        engines: infos.iter().collect(),
        mode,
        budget,
        threads,
        timing: Timing::Repeat(repeat),
        cross_check,
        progress: false,
        shard: None,
    };
    let mut rows = KeepRows::default();
    let report = run(py, &cancel, || {
        sudoku_bench::run_observed(std::slice::from_ref(&corpus), &options, &mut [&mut rows])
    })?
    .map_err(|error| PyValueError::new_err(error.to_string()))?;
    let mut json = Vec::new();
    sudoku_bench::output::write_json(&report, &mut json)
        .map_err(|error| crate::errors::sudoku_error(py, error.to_string()))?;
    let report = py.import("json")?.call_method1("loads", (String::from_utf8_lossy(&json),))?;
    let list = PyList::empty(py);
    for row in rows.rows {
        let dict = PyDict::new(py);
        dict.set_item("file", row.file)?;
        dict.set_item("size", row.size)?;
        dict.set_item("puzzle", row.puzzle)?;
        dict.set_item("line", row.line)?;
        dict.set_item("engine", row.engine)?;
        dict.set_item("verdict", row.verdict)?;
        dict.set_item("count", row.count)?;
        dict.set_item("us", row.us)?;
        dict.set_item("nodes", row.nodes)?;
        dict.set_item("guesses", row.guesses)?;
        dict.set_item("message", row.message)?;
        dict.set_item("digest", row.digest)?;
        list.append(dict)?;
    }
    Ok((report, list))
}
