//! `engines`, `solve`, `count` and `solve_many`: the registry's engines on one puzzle or on a
//! whole array of them.
//!
//! `solve` keeps one engine value per engine and thread and reuses it, as the harness does
//! (an engine owns its scratch memory, and its statistics never depend on earlier solves), so
//! a call costs the solve and the conversions, not an engine's set-up.
//!
//! `solve_many` is the batch path: an `(N, side²)` `uint8` array is read in place, solved on a
//! rayon pool (one engine per worker) with the GIL released, and the solutions written
//! straight into the array returned, with counts and statistics as arrays beside it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;
use sudoku_core::{Engine, Grid as CoreGrid, Limits, Outcome, Size, Verdict};
use sudoku_engines::{ENGINES, EngineInfo, default_engine_for_puzzle};

use crate::args::{self, Int};
use crate::grid::{Grid, cell_error, check_clues, to_grid, values_to_grid};
use crate::interrupt::{Cancel, guarded, run};

/// One engine of the registry: what `engines()` lists.
#[pyclass(module = "sudoku_workbench", frozen, get_all)]
pub struct EngineEntry {
    /// The name `solve`, `solve_many` and `bench` take.
    name: String,
    /// What it does, on one line.
    description: String,
    /// The sides of the grids it solves (9 for 9×9).
    sizes: Vec<usize>,
    /// Whether it counts search nodes and guesses (and honours a node budget).
    statistics: bool,
    /// Whether it counts solutions beyond the first.
    counts: bool,
}

#[pymethods]
impl EngineEntry {
    fn __repr__(&self) -> String {
        let statistics = if self.statistics { "True" } else { "False" };
        format!(
            "EngineEntry(name='{}', sizes={:?}, statistics={statistics})",
            self.name, self.sizes
        )
    }
}

/// Every built-in engine, from the baseline up: name, description, sizes (sides) and whether
/// it reports statistics.
///
/// >>> from sudoku_workbench import engines
/// >>> fast = next(e for e in engines() if e.name == "fast")
/// >>> fast.sizes, fast.statistics
/// ([9], True)
#[pyfunction]
pub fn engines() -> Vec<EngineEntry> {
    ENGINES
        .iter()
        .map(|info| EngineEntry {
            name: info.name.to_string(),
            description: info.description.to_string(),
            sizes: info.sizes().map(Size::side).collect(),
            statistics: info.instrumented,
            counts: info.counts,
        })
        .collect()
}

/// The built-in engine called `name`, or the default engine of `puzzle`; a `ValueError` for
/// an unknown name or an engine that does not take the puzzle's size or layout.
pub fn engine_for(name: Option<&str>, puzzle: &CoreGrid) -> PyResult<&'static EngineInfo> {
    let info = match name {
        None => default_engine_for_puzzle(puzzle),
        Some(name) => sudoku_engines::find(name)
            .map_err(|unknown| PyValueError::new_err(unknown.to_string()))?,
    };
    match info.refusal(puzzle) {
        Some(refusal) => Err(PyValueError::new_err(refusal)),
        None => Ok(info),
    }
}

/// The limits of a solve: count to `limit` (at least 1), give up after `budget` nodes (at
/// least 1), each checked as [`crate::args`] checks integers.
pub fn limits(limit: Int, budget: Option<Int>) -> PyResult<Limits> {
    let limits = Limits::count_up_to(args::limit(limit)?);
    Ok(match args::budget(budget)? {
        Some(nodes) => limits.with_node_budget(nodes),
        None => limits,
    })
}

thread_local! {
    /// The engine values `solve` made on this thread, by registry entry.
    static ENGINE_VALUES: RefCell<HashMap<usize, Box<dyn Engine>>> =
        RefCell::new(HashMap::new());
}

/// What one solve found.
///
/// `count` is the number of solutions found, at most the limit; `verdict` says what that
/// proves, as `sudoku count` writes it: `0` or `1` (exactly), `2+` (at least: the limit was
/// reached), `1+?` (gave up at the node budget after finding one). `nodes` and `guesses` are
/// `None` for an engine that counts none.
///
/// A Python solver may return one of these (made with keywords) to report a count and
/// statistics: `SolveResult(solution=cells, count=1, nodes=120, guesses=7)`.
#[pyclass(module = "sudoku_workbench", frozen, get_all)]
#[derive(Clone)]
pub struct SolveResult {
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Solutions found, at most the limit.
    pub count: u32,
    /// What the count proves: `0`, `1`, `2+`, `1+?`...
    pub verdict: String,
    /// Search nodes visited (`None`: the engine counts none).
    pub nodes: Option<u64>,
    /// Branch points with two or more candidates (`None`: the engine counts none).
    pub guesses: Option<u64>,
    /// Whether the search gave up at the node budget (`count` is then a lower bound).
    pub budget_exhausted: bool,
    /// The engine that answered.
    pub engine: String,
}

#[pymethods]
impl SolveResult {
    #[new]
    #[pyo3(signature = (solution=None, count=None, nodes=None, guesses=None, budget_exhausted=false, engine=String::new()))]
    fn new(
        solution: Option<&Bound<'_, PyAny>>,
        count: Option<Int>,
        nodes: Option<Int>,
        guesses: Option<Int>,
        budget_exhausted: bool,
        engine: String,
    ) -> PyResult<SolveResult> {
        let solution =
            solution.filter(|s| !s.is_none()).map(values_to_grid).transpose()?.map(Grid::of);
        let count = match count {
            Some(count) => count.get("count", 0, args::U32)?,
            None => u32::from(solution.is_some()),
        };
        let nodes = nodes.map(|nodes| nodes.get("nodes", 0, args::U64)).transpose()?;
        let guesses = guesses.map(|guesses| guesses.get("guesses", 0, args::U64)).transpose()?;
        let verdict = if budget_exhausted { format!("{count}+?") } else { count.to_string() };
        Ok(SolveResult { solution, count, verdict, nodes, guesses, budget_exhausted, engine })
    }

    /// Whether a solution was found.
    #[getter]
    fn solved(&self) -> bool {
        self.solution.is_some()
    }

    fn __repr__(&self) -> String {
        let solution = self
            .solution
            .as_ref()
            .map_or_else(|| "None".to_owned(), |grid| format!("'{}'", grid.grid.to_line()));
        format!(
            "SolveResult(verdict='{}', count={}, nodes={}, guesses={}, solution={solution})",
            self.verdict,
            self.count,
            python_number(self.nodes),
            python_number(self.guesses)
        )
    }
}

/// `number` as Python writes an integer or `None`, for a `__repr__`.
fn python_number(number: Option<u64>) -> String {
    number.map_or_else(|| "None".to_owned(), |number| number.to_string())
}

impl SolveResult {
    fn of(puzzle: &CoreGrid, outcome: Outcome, limits: Limits, info: &EngineInfo) -> SolveResult {
        SolveResult {
            verdict: outcome.verdict(limits).to_string(),
            solution: outcome.solution.map(|solution| Grid::solution_of(puzzle, solution)),
            count: outcome.count,
            nodes: info.instrumented.then_some(outcome.stats.nodes),
            guesses: (info.instrumented || info.guesses).then_some(outcome.stats.guesses),
            budget_exhausted: outcome.budget_exhausted,
            engine: info.name.to_string(),
        }
    }
}

/// Solves `puzzle` (text, a `Grid` or `side²` integers) with `engine` (by default the fastest
/// for its size), stopping at `limit` solutions or after `budget` search nodes.
///
/// >>> from sudoku_workbench import solve
/// >>> result = solve("...42....1....3.")
/// >>> result.verdict, result.solution
/// ('1+', Grid('1324241331424231'))
/// >>> solve("...42....1....3.", engine="dlx", limit=2).verdict
/// '1'
#[pyfunction]
#[pyo3(signature = (puzzle, engine=None, limit=Int::of(1), budget=None))]
#[pyo3(text_signature = "(puzzle, engine=None, limit=1, budget=None)")]
pub fn solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    engine: Option<&str>,
    limit: Int,
    budget: Option<Int>,
) -> PyResult<SolveResult> {
    let grid = to_grid(puzzle, None)?.grid;
    let info = engine_for(engine, &grid)?;
    let limits = limits(limit, budget)?;
    // The registry is a static: an entry's address names it for the process.
    let key = std::ptr::from_ref(info) as usize;
    let outcome = guarded(py, || {
        ENGINE_VALUES.with(|values| {
            let mut values = values.borrow_mut();
            values.entry(key).or_insert_with(|| info.create()).solve(&grid, limits)
        })
    })
    .inspect_err(|_| {
        // An engine that panicked may have been left in any state: the next call makes a new one.
        ENGINE_VALUES.with(|values| values.borrow_mut().remove(&key));
    })?;
    Ok(SolveResult::of(&grid, outcome, limits, info))
}

/// Counts the solutions of `puzzle` up to `limit` (two by default: enough to prove one
/// unique); `solve` with another default.
///
/// >>> from sudoku_workbench import count
/// >>> count("...42....1....3.").verdict
/// '1'
/// >>> count("4.3.............", limit=10).verdict
/// '10+'
#[pyfunction]
#[pyo3(signature = (puzzle, limit=Int::of(2), engine=None, budget=None))]
#[pyo3(text_signature = "(puzzle, limit=2, engine=None, budget=None)")]
pub fn count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: Int,
    engine: Option<&str>,
    budget: Option<Int>,
) -> PyResult<SolveResult> {
    solve(py, puzzle, engine, limit, budget)
}

/// The answers of `solve_many`, as numpy arrays of one row per puzzle.
#[pyclass(module = "sudoku_workbench", frozen, get_all)]
pub struct Batch {
    /// `(N, side*side)` `uint8`: each puzzle's first solution, zeros where none was found.
    solutions: Py<PyAny>,
    /// `(N,)` `uint32`: solutions found, at most the limit.
    counts: Py<PyAny>,
    /// `(N,)` `uint64`: search nodes (zeros for an engine that counts none).
    nodes: Py<PyAny>,
    /// `(N,)` `uint64`: guesses (zeros for an engine that counts none).
    guesses: Py<PyAny>,
    /// `(N,)` `bool`: whether the search gave up at the node budget.
    gave_up: Py<PyAny>,
    /// The engine that solved them.
    engine: String,
    /// Whether `nodes` and `guesses` were counted.
    statistics: bool,
    /// Seconds spent solving (the wall clock, conversions included).
    seconds: f64,
}

#[pymethods]
impl Batch {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.counts.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Batch(engine='{}', puzzles={}, seconds={:.3})",
            self.engine,
            self.__len__(py)?,
            self.seconds
        ))
    }
}

/// One puzzle's answer, apart from its solution.
#[derive(Clone, Copy, Default)]
struct Answer {
    count: u32,
    nodes: u64,
    guesses: u64,
    gave_up: bool,
    /// The cell of a repeated clue (the puzzle is bad input), if any.
    repeated: Option<usize>,
    /// Whether the puzzle was skipped because the work was cancelled.
    skipped: bool,
}

/// Thread pools by thread count: made once, kept for the process (making one costs a thread
/// start per worker).
static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());

/// The pool of `threads` workers (by default one per core; at most [`args::max_threads`]).
pub fn pool(threads: Option<Int>) -> PyResult<Arc<rayon::ThreadPool>> {
    let threads = args::threads(threads)?;
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(count, _)| *count == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|index| format!("sudoku-worker-{index}"))
        .build()
        .map_err(|error| {
            PyValueError::new_err(format!("cannot start {threads} threads: {error}"))
        })?;
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// Solves every row of `puzzles`, an `(N, side*side)` `uint8` numpy array (0 for a blank), in
/// parallel with the GIL released; returns a `Batch` of arrays. The Python wrapper of the same
/// name also takes a list of puzzles and arrays of other integer types.
///
/// Raises `PuzzleError` (with the puzzle's index and cell) for a value out of range or a clue
/// repeated in a row, column or box; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (puzzles, engine=None, threads=None, limit=Int::of(1), budget=None))]
#[pyo3(text_signature = "(puzzles, engine=None, threads=None, limit=1, budget=None)")]
pub fn solve_many<'py>(
    py: Python<'py>,
    puzzles: PyReadonlyArray2<'py, u8>,
    engine: Option<&str>,
    threads: Option<Int>,
    limit: Int,
    budget: Option<Int>,
) -> PyResult<Batch> {
    let started = std::time::Instant::now();
    let [rows, width] = [puzzles.shape()[0], puzzles.shape()[1]];
    let size = Size::from_cell_count(width).ok_or_else(|| {
        PyValueError::new_err(format!(
            "rows of {width} cells are no grid's (16, 81, 256, 625, 1296, 2401 or 4096)"
        ))
    })?;
    let info = engine_for(engine, &CoreGrid::empty(size))?;
    let limits = limits(limit, budget)?;
    let pool = pool(threads)?;
    let owned;
    let input: &[u8] = match puzzles.as_slice() {
        Ok(slice) => slice,
        Err(_) => {
            owned = puzzles.as_array().iter().copied().collect::<Vec<u8>>();
            &owned
        }
    };
    // Values out of range first, in one pass the compiler vectorizes.
    let side = size.side() as u8;
    if let Some(position) = input.iter().position(|&value| value > side) {
        let (index, cell) = (position / width, position % width);
        let what =
            format!("{} is not a {size} value (0 for a blank, 1 to {side})", input[position]);
        return Err(cell_error(py, size, Some(index), cell, what));
    }
    let mut solutions = vec![0u8; rows * width];
    let mut answers = vec![Answer::default(); rows];
    let cancel = Cancel::default();
    run(py, &cancel, || {
        pool.install(|| {
            solutions
                .par_chunks_mut(width)
                .zip(input.par_chunks(width))
                .zip(answers.par_iter_mut())
                .for_each_init(
                    || info.create(),
                    |engine, ((solution, cells), answer)| {
                        if cancel.is_set() {
                            answer.skipped = true;
                            return;
                        }
                        let Some(grid) = sudoku_core::Grid::from_cells(size, cells) else {
                            return;
                        };
                        if let Some(conflict) = grid.first_conflict() {
                            answer.repeated = Some(conflict.second);
                            return;
                        }
                        let outcome = engine.solve(&grid, limits);
                        if let Some(found) = &outcome.solution {
                            solution.copy_from_slice(found.cells());
                        }
                        *answer = Answer {
                            count: outcome.count,
                            nodes: outcome.stats.nodes,
                            guesses: outcome.stats.guesses,
                            gave_up: matches!(outcome.verdict(limits), Verdict::GaveUp(_)),
                            repeated: None,
                            skipped: false,
                        };
                    },
                );
        })
    })?;
    if let Some(index) = answers.iter().position(|answer| answer.repeated.is_some()) {
        let cells = &input[index * width..(index + 1) * width];
        if let Some(grid) = sudoku_core::Grid::from_cells(size, cells) {
            check_clues(py, &grid, Some(index))?;
        }
    }
    let instrumented = info.instrumented;
    let counts: Vec<u32> = answers.iter().map(|answer| answer.count).collect();
    let nodes: Vec<u64> =
        answers.iter().map(|answer| if instrumented { answer.nodes } else { 0 }).collect();
    let guesses: Vec<u64> = answers
        .iter()
        .map(|answer| if instrumented || info.guesses { answer.guesses } else { 0 })
        .collect();
    let gave_up: Vec<bool> = answers.iter().map(|answer| answer.gave_up).collect();
    Ok(Batch {
        solutions: PyArray1::from_vec(py, solutions).reshape([rows, width])?.into_any().unbind(),
        counts: PyArray1::from_vec(py, counts).into_any().unbind(),
        nodes: PyArray1::from_vec(py, nodes).into_any().unbind(),
        guesses: PyArray1::from_vec(py, guesses).into_any().unbind(),
        gave_up: PyArray1::from_vec(py, gave_up).into_any().unbind(),
        engine: info.name.to_string(),
        statistics: instrumented,
        seconds: started.elapsed().as_secs_f64(),
    })
}
