//! The tools of setters and list keepers, a puzzle at a time: canonical forms and
//! automorphisms, true candidates, redundant givens and minimal puzzles, solutions listed and
//! counts estimated, as `sudoku canon`, `candidates`, `minimize` and `count --list/--estimate`
//! give them.

use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_core::canon::{Canonical, Convention, canonical as find_canonical, relabelled};

use crate::args::{self, Int};
use crate::grid::{Grid, to_grid};
use crate::solve::engine_for;

/// The canonical form of `puzzle`: the smallest string over every transformation that keeps
/// it valid, empty cells smallest (`convention="minlex"`, the form of the published lists);
/// the smallest clue pattern first (`"pattern-first"`); or the values renumbered in order of
/// first appearance, cells in place (`"keep-pattern"`). 4×4 and 9×9 only.
///
/// >>> from sudoku_workbench import canon
/// >>> canon("...42....1....3.") == canon(".2....1....34...")  # its transpose
/// True
#[pyfunction]
#[pyo3(signature = (puzzle, convention="minlex"))]
#[pyo3(text_signature = "(puzzle, convention='minlex')")]
pub fn canon(puzzle: &Bound<'_, PyAny>, convention: &str) -> PyResult<Grid> {
    let grid = to_grid(puzzle, None)?.grid;
    let convention = match convention {
        "keep-pattern" => return Ok(Grid::of(relabelled(&grid))),
        "minlex" => Convention::Minlex,
        "pattern-first" => Convention::PatternFirst,
        other => {
            return Err(PyValueError::new_err(format!(
                "no convention {other:?}: the conventions are minlex, pattern-first and keep-pattern"
            )));
        }
    };
    canonical(&grid, convention).map(|found| Grid::of(found.form))
}

/// The number of transformations (each with its relabelling) that map `puzzle` to itself.
///
/// >>> from sudoku_workbench import automorphisms
/// >>> automorphisms("................")
/// 128
#[pyfunction]
pub fn automorphisms(puzzle: &Bound<'_, PyAny>) -> PyResult<u64> {
    let grid = to_grid(puzzle, None)?.grid;
    canonical(&grid, Convention::Minlex).map(|found| found.automorphisms)
}

fn canonical(grid: &sudoku_core::Grid, convention: Convention) -> PyResult<Canonical> {
    find_canonical(grid, convention).ok_or_else(|| {
        PyValueError::new_err(format!(
            "canonical forms are made for 4x4 and 9x9 puzzles, not {}",
            grid.size()
        ))
    })
}

/// Each cell's true candidates: the values it holds in at least one solution (every list
/// empty when the puzzle has none). With `cap`, each candidate comes as `(value, count)`, the
/// number of solutions with it there, up to `cap`.
///
/// >>> from sudoku_workbench import candidates
/// >>> candidates("...42....1....3.")[0]
/// [1]
/// >>> sum(count for _, count in candidates("1...............", cap=1000)[1])
/// 72
#[pyfunction]
#[pyo3(signature = (puzzle, cap=None, engine=None))]
#[pyo3(text_signature = "(puzzle, cap=None, engine=None)")]
pub fn candidates(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    cap: Option<Int>,
    engine: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    let grid = to_grid(puzzle, None)?.grid;
    let cap = cap.map(|cap| cap.get("cap", 1, args::U32)).transpose()?;
    let mut engine = engine_for(engine, &grid)?.create();
    let found = sudoku_generate::candidates(&grid, engine.as_mut(), cap)
        .map_err(|failure| PyValueError::new_err(failure.to_string()))?;
    (0..grid.size().cells())
        .map(|cell| {
            let values = found.values(cell);
            match &found.counts {
                // Widened, so that the values come out as a list of ints (bytes would not).
                None => values
                    .into_iter()
                    .map(u32::from)
                    .collect::<Vec<u32>>()
                    .into_pyobject(py)
                    .map(|list| list.into_any().unbind()),
                Some(counts) => values
                    .into_iter()
                    .zip(counts[cell].iter().copied())
                    .collect::<Vec<(u8, u32)>>()
                    .into_pyobject(py)
                    .map(|list| list.into_any().unbind()),
            }
        })
        .collect()
}

/// The cells (row-major indices) of `puzzle`'s redundant givens: those whose removal alone
/// keeps the solution unique. A `ValueError` when the puzzle has no solution or several.
///
/// >>> from sudoku_workbench import redundant_givens
/// >>> redundant_givens("1324241331424231") == list(range(16))
/// True
#[pyfunction]
#[pyo3(signature = (puzzle, engine=None))]
#[pyo3(text_signature = "(puzzle, engine=None)")]
pub fn redundant_givens(puzzle: &Bound<'_, PyAny>, engine: Option<&str>) -> PyResult<Vec<usize>> {
    let grid = to_grid(puzzle, None)?.grid;
    let mut engine = engine_for(engine, &grid)?.create();
    sudoku_generate::redundant_givens(&grid, engine.as_mut()).ok_or_else(not_unique)
}

/// `puzzle` made minimal: its givens tried in reading order (or in an order drawn from
/// `seed`), each removed when the solution stays unique without it. A `ValueError` when the
/// puzzle has no solution or several.
///
/// >>> from sudoku_workbench import minimize, redundant_givens
/// >>> redundant_givens(minimize("1324241331424231", seed=3))
/// []
#[pyfunction]
#[pyo3(signature = (puzzle, seed=None, engine=None))]
#[pyo3(text_signature = "(puzzle, seed=None, engine=None)")]
pub fn minimize(
    puzzle: &Bound<'_, PyAny>,
    seed: Option<Int>,
    engine: Option<&str>,
) -> PyResult<Grid> {
    let grid = to_grid(puzzle, None)?.grid;
    let seed = seed.map(|seed| seed.get("seed", 0, args::U64)).transpose()?;
    let mut engine = engine_for(engine, &grid)?.create();
    let order = sudoku_generate::given_order(&grid, seed, 1);
    sudoku_generate::minimize(&grid, &order, engine.as_mut()).map(Grid::of).ok_or_else(not_unique)
}

fn not_unique() -> PyErr {
    PyValueError::new_err(
        "the puzzle has no solution or several: only one with one solution can be minimal",
    )
}

/// The first `limit` solutions of `puzzle`, in the order of a fixed search (the cell with the
/// fewest candidates first, smallest value first).
///
/// >>> from sudoku_workbench import solutions
/// >>> len(solutions("................", limit=1000))
/// 288
#[pyfunction]
#[pyo3(signature = (puzzle, limit=Int::of(10)))]
#[pyo3(text_signature = "(puzzle, limit=10)")]
pub fn solutions(puzzle: &Bound<'_, PyAny>, limit: Int) -> PyResult<Vec<Grid>> {
    let grid = to_grid(puzzle, None)?.grid;
    let limit: u64 = limit.get("limit", 0, 1_000_000)?;
    Ok(sudoku_generate::solutions(&grid, limit as usize).into_iter().map(Grid::of).collect())
}

/// An estimate of the number of solutions of `puzzle` from random probes of the search tree
/// (Knuth's estimator), with a 99% interval: a dict with `estimate`, `lower`, `upper` (`inf`
/// while fewer than two probes reached a solution), `probes` and `hits`.
///
/// >>> from sudoku_workbench import estimate
/// >>> found = estimate("................", probes=2000, seed=1)
/// >>> found["lower"] <= 288 <= found["upper"]
/// True
#[pyfunction]
#[pyo3(signature = (puzzle, probes=Int::of(10_000), seconds=1.0, seed=Int::of(1)))]
#[pyo3(text_signature = "(puzzle, probes=10000, seconds=1.0, seed=1)")]
pub fn estimate<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    probes: Int,
    seconds: f64,
    seed: Int,
) -> PyResult<Bound<'py, PyDict>> {
    let grid = to_grid(puzzle, None)?.grid;
    let probes: u64 = probes.get("probes", 2, args::U64)?;
    let seed: u64 = seed.get("seed", 0, args::U64)?;
    if !(seconds.is_finite() && seconds > 0.0 && seconds < 1e6) {
        return Err(PyValueError::new_err(format!(
            "seconds is a positive number below a million, not {seconds}"
        )));
    }
    let found = py.detach(|| {
        sudoku_generate::estimate(&grid, seed, probes, Duration::from_secs_f64(seconds))
    });
    let dict = PyDict::new(py);
    dict.set_item("estimate", found.estimate)?;
    dict.set_item("lower", found.lower)?;
    dict.set_item("upper", found.upper)?;
    dict.set_item("probes", found.probes)?;
    dict.set_item("hits", found.hits)?;
    Ok(dict)
}
