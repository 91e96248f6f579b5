//! `generate`: minimal puzzles with one solution, reproducible from a seed, as
//! `sudoku generate` makes them (puzzle `i` of a seed is the same whatever the thread count and
//! whichever correct engine checks uniqueness).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::{Failure, Size};

use crate::args::{self, Int};
use crate::errors::sudoku_error;
use crate::grid::Grid;
use crate::interrupt::{Cancel, run};
use crate::solve::{engine_for, pool};

/// Why making puzzles stopped early.
enum Stop {
    /// The engine failed (only an engine from outside does).
    Failed(Failure),
    /// Ctrl-C: the caller raises the signal's exception.
    Cancelled,
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Stop {
        Stop::Failed(failure)
    }
}

/// Makes `count` minimal puzzles of side `size` (4, 9, 16, 25...) with exactly one solution,
/// puzzle `i` being the same for a seed whatever else changes. `engine` checks uniqueness (by
/// default the fastest for the size); `threads` make puzzles side by side.
///
/// >>> from sudoku_workbench import generate, count
/// >>> puzzles = generate(9, count=2, seed=7)
/// >>> [count(p).verdict for p in puzzles]
/// ['1', '1']
/// >>> generate(9, count=2, seed=7, engine="dlx") == puzzles
/// True
#[pyfunction]
#[pyo3(signature = (size=Int::of(9), count=Int::of(1), seed=Int::of(0), engine=None, threads=None))]
#[pyo3(text_signature = "(size=9, count=1, seed=0, engine=None, threads=None)")]
pub fn generate(
    py: Python<'_>,
    size: Int,
    count: Int,
    seed: Int,
    engine: Option<&str>,
    threads: Option<Int>,
) -> PyResult<Vec<Grid>> {
    let side: usize = size.get("size", 0, 64)?;
    let size = Size::from_side(side).ok_or_else(|| {
        PyValueError::new_err(format!("no grid has side {side} (4, 9, 16, 25, 36, 49 or 64)"))
    })?;
    let count: u64 = count.get("count", 0, args::U64)?;
    let seed: u64 = seed.get("seed", 0, args::U64)?;
    let info = engine_for(engine, size)?;
    let pool = pool(threads)?;
    let cancel = Cancel::default();
    let made = run(py, &cancel, || {
        pool.install(|| {
            // Not all reserved at once: a count past what memory holds fails as it grows.
            let mut puzzles = Vec::with_capacity(count.min(1 << 16) as usize);
            // One puzzle a chunk: the cancel flag is looked at after every puzzle.
            sudoku_generate::generate_each(seed, 0, count, size, info, 1, |chunk| {
                if cancel.is_set() {
                    return Err(Stop::Cancelled);
                }
                puzzles.extend(chunk.iter().cloned().map(Grid::of));
                Ok(())
            })
            .map(|()| puzzles)
        })
    })?;
    match made {
        Ok(puzzles) => Ok(puzzles),
        Err(Stop::Failed(failure)) => Err(sudoku_error(py, format!("{}: {failure}", info.name))),
        // `run` returned the signal's exception before this could be reached.
        Err(Stop::Cancelled) => Err(sudoku_error(py, "interrupted")),
    }
}
