//! The workbench from Python: the native half of the `sudoku_workbench` package.
//!
//! Python users get the engines, the reader and writer, the harness, the ladder of human
//! techniques and the generator as they are in the `sudoku` program, through one extension
//! module built with PyO3 against the stable ABI (one wheel for every CPython from 3.9 on).
//! The Python half (`python/sudoku_workbench/`) adds the exceptions, the dataclass of a bench
//! run and the type stubs; everything that costs time is here.
//!
//! Three rules hold for every function:
//! - **Bad input is a `PuzzleError`** (a `ValueError`) carrying the place: the puzzle's number,
//!   line and column in text, its index and cell in an array ([`grid`]).
//! - **No panic reaches the interpreter as an abort**: long calls run on a thread of their own
//!   and a panic there comes back as `InternalError`; PyO3 turns one in the calling thread into
//!   an exception too ([`interrupt`]).
//! - **Long calls can be interrupted**: `solve_many`, `bench` and `generate` release the GIL and
//!   run on a worker thread while the calling thread checks for signals every few hundredths
//!   of a second; Ctrl-C stops the work at the next puzzle and raises `KeyboardInterrupt`.

mod args;
mod bench;
mod errors;
mod generate;
mod grid;
mod interrupt;
mod layout;
mod logic;
mod rows;
mod rules;
mod setter;
mod solve;
mod solver;

use pyo3::prelude::*;

/// The extension module `sudoku_workbench._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<grid::Grid>()?;
    module.add_class::<layout::Layout>()?;
    module.add_class::<solve::EngineEntry>()?;
    module.add_class::<solve::SolveResult>()?;
    module.add_class::<solve::Batch>()?;
    module.add_class::<logic::Rating>()?;
    module.add_class::<logic::Step>()?;
    module.add_class::<logic::Explanation>()?;
    module.add_class::<rows::Rows>()?;
    module.add_function(wrap_pyfunction!(grid::read, module)?)?;
    module.add_function(wrap_pyfunction!(grid::read_array, module)?)?;
    module.add_function(wrap_pyfunction!(grid::write, module)?)?;
    module.add_function(wrap_pyfunction!(solve::engines, module)?)?;
    module.add_function(wrap_pyfunction!(solve::solve, module)?)?;
    module.add_function(wrap_pyfunction!(solve::count, module)?)?;
    module.add_function(wrap_pyfunction!(solve::solve_many, module)?)?;
    module.add_function(wrap_pyfunction!(logic::rate, module)?)?;
    module.add_function(wrap_pyfunction!(logic::explain, module)?)?;
    module.add_function(wrap_pyfunction!(generate::generate, module)?)?;
    module.add_function(wrap_pyfunction!(bench::bench, module)?)?;
    module.add_function(wrap_pyfunction!(setter::canon, module)?)?;
    module.add_function(wrap_pyfunction!(setter::automorphisms, module)?)?;
    module.add_function(wrap_pyfunction!(setter::candidates, module)?)?;
    module.add_function(wrap_pyfunction!(setter::redundant_givens, module)?)?;
    module.add_function(wrap_pyfunction!(setter::minimize, module)?)?;
    module.add_function(wrap_pyfunction!(setter::solutions, module)?)?;
    module.add_function(wrap_pyfunction!(setter::estimate, module)?)?;
    module.add_function(wrap_pyfunction!(interrupt::panic_for_test, module)?)?;
    Ok(())
}
