//! The exceptions raised from here. They are defined in Python (`sudoku_workbench/errors.py`),
//! where `PuzzleError` can be both a `SudokuError` and a `ValueError` (multiple inheritance,
//! which classes made with PyO3's `create_exception!` cannot have), and made here by calling
//! the class.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_core::ReadError;

/// Where bad input was found: in text (number, line, column, 1-based), or in a sequence or
/// array of puzzles (index and cell, 0-based). Unknown parts are `None`.
#[derive(Default, Clone, Copy, Debug)]
pub struct Place {
    /// The puzzle's 1-based number in its text, or its index plus one in a sequence.
    pub puzzle: Option<usize>,
    /// The 1-based line of the text.
    pub line: Option<usize>,
    /// The 1-based column (bytes) of the line.
    pub column: Option<usize>,
    /// The 0-based index of the puzzle in the sequence or array it was given in.
    pub index: Option<usize>,
    /// The 0-based row-major index of the cell.
    pub cell: Option<usize>,
}

/// The class `name` of `sudoku_workbench.errors`, called with `args` and the keywords.
fn make(py: Python<'_>, name: &str, message: String, place: Option<Place>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("sudoku_workbench.errors")?.getattr(name)?;
        let keywords = PyDict::new(py);
        if let Some(place) = place {
            keywords.set_item("puzzle", place.puzzle)?;
            keywords.set_item("line", place.line)?;
            keywords.set_item("column", place.column)?;
            keywords.set_item("index", place.index)?;
            keywords.set_item("cell", place.cell)?;
        }
        let error = class.call((message,), Some(&keywords))?;
        Ok(PyErr::from_value(error))
    })();
    // Without the Python half (the extension imported on its own), the error is still raised.
    made.unwrap_or_else(|error| error)
}

/// A `PuzzleError` saying `message`, found at `place`.
pub fn puzzle_error(py: Python<'_>, message: impl Into<String>, place: Place) -> PyErr {
    make(py, "PuzzleError", message.into(), Some(place))
}

/// The `PuzzleError` of a reading error: its message and its place in the text, with `index`
/// (the text's place in a sequence of texts) when there is one.
pub fn read_error(py: Python<'_>, error: &ReadError, index: Option<usize>) -> PyErr {
    let place = Place {
        puzzle: error.place.puzzle,
        line: Some(error.place.line),
        column: error.place.column,
        index,
        cell: None,
    };
    let message = match index {
        Some(index) => format!("puzzle at index {index}: {error}"),
        None => error.to_string(),
    };
    puzzle_error(py, message, place)
}

/// The `PuzzleError` of a reading error in the file (or text) called `file`: its message,
/// after the name, and its place.
pub fn read_error_in(py: Python<'_>, file: &str, error: &ReadError) -> PyErr {
    let place = Place {
        puzzle: error.place.puzzle,
        line: Some(error.place.line),
        column: error.place.column,
        ..Place::default()
    };
    puzzle_error(py, format!("{file}: {error}"), place)
}

/// A `SudokuError`: something went wrong that is not the input's fault (an engine failed).
pub fn sudoku_error(py: Python<'_>, message: impl Into<String>) -> PyErr {
    make(py, "SudokuError", message.into(), None)
}

/// An `InternalError` (a `RuntimeError`): a panic in the Rust code, with its message.
pub fn internal_error(py: Python<'_>, message: impl Into<String>) -> PyErr {
    let message = message.into();
    let error = make(py, "InternalError", message.clone(), None);
    if error.is_instance_of::<PyRuntimeError>(py) {
        error
    } else {
        PyRuntimeError::new_err(message)
    }
}
