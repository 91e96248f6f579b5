//! Grids in Python: the `Grid` class, what a function taking a puzzle accepts, and `read`,
//! `read_array` and `write`.
//!
//! A puzzle may be given as text in any format the `sudoku` program reads (the first puzzle of
//! it), as a `Grid`, or as `side²` integers row by row (a list, a tuple, a 1-D numpy array; 0
//! for a blank). Every way checks what the reader checks, values in range and no clue repeated
//! in a row, column or box, and says where the first problem is.

use std::io::Cursor;
use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PyString, PyTuple};
use sudoku_core::{
    Alphabet, Format, HeaderLines, PuzzleReader, ReadOptions, Size, format_grid, parse_one,
};

use crate::args::Int;
use crate::errors::{Place, puzzle_error, read_error};
use crate::layout::Layout;

/// A grid of any size from 4×4 to 64×64: a puzzle (0 for a blank cell) or a solution.
///
/// Made from text, from `side²` integers or from another grid:
///
/// >>> from sudoku_workbench import Grid
/// >>> grid = Grid("...42....1....3.")
/// >>> grid.side, grid.clues
/// (4, 4)
/// >>> grid.cells[:4]
/// [0, 0, 0, 4]
/// >>> str(grid)
/// '...42....1....3.'
///
/// It is a sequence of its cells, row by row, and indexed by cell or by (row, column) from 0;
/// `numpy.asarray` gives the `(side, side)` array:
///
/// >>> list(grid)[:5], len(grid), grid[0, 3], grid[4]
/// ([0, 0, 0, 4, 2], 16, 4, 2)
/// >>> import numpy as np
/// >>> np.asarray(grid)
/// array([[0, 0, 0, 4],
///        [2, 0, 0, 0],
///        [0, 1, 0, 0],
///        [0, 0, 3, 0]], dtype=uint8)
/// >>> grid[4, 0]
/// Traceback (most recent call last):
/// ...
/// IndexError: row 4 is outside a 4×4 grid (0 to 3)
///
/// A grid may carry a `Layout`, the rules of a variant puzzle: text with `# layout` lines (or
/// a pencilmark line) gives one, and `layout=` attaches one to the givens (replacing any the
/// text gave). Its text then starts with the lines that read back to the same layout:
///
/// >>> from sudoku_workbench import Layout
/// >>> x = Grid("...42....1....3.", layout=Layout(4, rules=["x"]))
/// >>> x.layout
/// Layout(side=4, rules=['x'])
/// >>> print(x)
/// # layout x
/// ...42....1....3.
/// >>> Grid(str(x)) == x
/// True
///
/// Two grids are equal when their cells and layouts are, wherever they were read from.
#[pyclass(module = "sudoku_workbench", frozen, eq)]
#[derive(Clone)]
pub struct Grid {
    pub grid: sudoku_core::Grid,
    /// The puzzle's number in the text it was read from.
    number: Option<usize>,
    /// The line it started on.
    line: Option<usize>,
    /// The format it was read in.
    format: Option<Format>,
    /// The symbols it was written with (the size's usual ones when not read from text).
    alphabet: Alphabet,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.grid == other.grid
    }
}

impl Grid {
    /// A grid not read from text.
    pub fn of(grid: sudoku_core::Grid) -> Grid {
        let alphabet = Alphabet::for_size(grid.size());
        Grid { grid, number: None, line: None, format: None, alphabet }
    }

    /// A solution of `puzzle`, under its rules but without its starting candidates: a
    /// solution is its values (and the solution of a classic pencilmark puzzle is classic).
    pub fn solution_of(puzzle: &sudoku_core::Grid, solution: sudoku_core::Grid) -> Grid {
        let layout = puzzle.layout().map(|layout| match layout.candidates() {
            None => Arc::clone(layout),
            Some(_) => Arc::new(
                layout.with_candidates(None).expect("a layout without candidates can be made"),
            ),
        });
        Grid::of(solution.with_layout(layout))
    }

    /// A grid read from text, with where it came from.
    fn read(puzzle: sudoku_core::Puzzle) -> Grid {
        Grid {
            grid: puzzle.grid,
            number: Some(puzzle.number),
            line: Some(puzzle.line),
            format: Some(puzzle.format),
            alphabet: puzzle.alphabet,
        }
    }
}

#[pymethods]
impl Grid {
    #[new]
    #[pyo3(signature = (puzzle, layout=None))]
    #[pyo3(text_signature = "(puzzle, layout=None)")]
    fn new(puzzle: &Bound<'_, PyAny>, layout: Option<&Layout>) -> PyResult<Grid> {
        let Some(layout) = layout else {
            return to_grid(puzzle, None);
        };
        // Givens as integers are checked against the layout's rules alone: a jigsaw's clues
        // may repeat in a box.
        let grid = if puzzle.is_instance_of::<Grid>() || puzzle.is_instance_of::<PyString>() {
            to_grid(puzzle, None)?
        } else {
            Grid::of(in_range(
                puzzle.py(),
                &integers(puzzle).map_err(|_| not_a_puzzle(puzzle))?,
                None,
            )?)
        };
        grid.with_layout(puzzle.py(), Some(layout))
    }

    /// The rules beyond rows, columns and boxes, as a `Layout`; `None` for a classic grid.
    #[getter]
    fn layout(&self) -> Option<Layout> {
        self.grid.layout().map(Layout::of)
    }

    /// The same cells under `layout` (`None`: a classic grid). A `PuzzleError` if a given
    /// breaks one of its rules, a `ValueError` if it is of another size.
    ///
    /// >>> from sudoku_workbench import Grid, Layout
    /// >>> Grid("1..............1").with_layout(Layout(4, rules="x"))
    /// Traceback (most recent call last):
    /// ...
    /// sudoku_workbench.errors.PuzzleError: 1 at r4c4 repeats in diagonal 1 (also at r1c1)
    #[pyo3(signature = (layout))]
    fn with_layout(&self, py: Python<'_>, layout: Option<&Layout>) -> PyResult<Grid> {
        let Some(layout) = layout else {
            let grid = self.grid.clone().with_layout(None);
            check_clues(py, &grid, None)?;
            return Ok(Grid { grid, ..self.clone() });
        };
        if layout.layout.size() != self.grid.size() {
            return Err(PyValueError::new_err(format!(
                "a layout of a {} for a {}",
                describe(layout.layout.size()),
                describe(self.grid.size())
            )));
        }
        let grid = self.grid.clone().with_layout(Some(Arc::clone(&layout.layout)));
        if let Some(broken) = grid.first_broken() {
            return Err(puzzle_error(py, broken.to_string(), Place::default()));
        }
        Ok(Grid { grid, ..self.clone() })
    }

    /// The number of rows (and of columns, and of values): 9 for a 9×9 grid.
    #[getter]
    fn side(&self) -> usize {
        self.grid.size().side()
    }

    /// The values of the cells, row by row, 0 for a blank.
    #[getter]
    fn cells(&self) -> Vec<u32> {
        // Integers, not `bytes` (what a `Vec<u8>` would become).
        self.grid.cells().iter().map(|&value| u32::from(value)).collect()
    }

    /// The number of filled cells.
    #[getter]
    fn clues(&self) -> usize {
        self.grid.clue_count()
    }

    /// The puzzle's 1-based number in the text it was read from (`None` when not read).
    #[getter]
    fn number(&self) -> Option<usize> {
        self.number
    }

    /// The 1-based line it started on (`None` when not read).
    #[getter]
    fn line(&self) -> Option<usize> {
        self.line
    }

    /// The format it was read in (`line`, `compact`, `judge`, `pretty`, `bordered`), if read.
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.format.map(Format::name)
    }

    /// Whether every cell is filled.
    fn is_full(&self) -> bool {
        self.grid.is_full()
    }

    /// The cells as a 1-D `uint8` numpy array.
    fn to_numpy<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_slice(py, self.grid.cells())
    }

    /// The number of cells: a grid is a sequence of its cells, row by row, as `cells` is.
    fn __len__(&self) -> usize {
        self.grid.cells().len()
    }

    /// The cells, row by row (0 for a blank): `list(grid)` is `grid.cells`, a puzzle every
    /// function takes.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.cells())?.try_iter()
    }

    /// `grid[row, column]` (from 0), or `grid[cell]` (row-major, from 0, as in `cells`). An
    /// index past the grid, or negative, is an `IndexError`: a negative index counting from
    /// the end would make a wrong computed index look right.
    fn __getitem__(&self, index: &Bound<'_, PyAny>) -> PyResult<u8> {
        let side = self.grid.size().side();
        let position = |what: &Bound<'_, PyAny>, name: &str, count: usize| -> PyResult<usize> {
            let found: Int = what.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "a grid is indexed by a cell or by (row, column) integers, not {}",
                    what.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?;
            found.get::<usize>(name, 0, count as i128 - 1).map_err(|_| {
                PyIndexError::new_err(format!(
                    "{name} {} is outside a {} grid (0 to {})",
                    what,
                    self.grid.size(),
                    count - 1
                ))
            })
        };
        let cell = if let Ok(pair) = index.cast::<PyTuple>() {
            if pair.len() != 2 {
                return Err(PyTypeError::new_err(format!(
                    "a grid is indexed by (row, column), not {} integers",
                    pair.len()
                )));
            }
            position(&pair.get_item(0)?, "row", side)? * side
                + position(&pair.get_item(1)?, "column", side)?
        } else {
            position(index, "cell", side * side)?
        };
        Ok(self.grid.cells()[cell])
    }

    /// The grid as a `(side, side)` numpy array, 0 for a blank: `np.asarray(grid)`. `uint8`
    /// unless `dtype` asks for another type; always a new array (`copy=False` is refused, as
    /// numpy asks of an object that cannot lend its memory).
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if copy == Some(false) {
            return Err(PyValueError::new_err(
                "a Grid's cells are copied into a new array: copy=False cannot be honoured",
            ));
        }
        let side = self.grid.size().side();
        let array = PyArray1::from_slice(py, self.grid.cells()).reshape([side, side])?.into_any();
        match dtype {
            Some(dtype) if !dtype.is_none() => array.call_method1("astype", (dtype,)),
            _ => Ok(array),
        }
    }

    /// The grid's text: one line, after the `# layout` lines of its layout if it has one (a
    /// pencilmark line if its layout gives starting candidates), as `write` writes it.
    fn __str__(&self) -> String {
        let text = self.text(default_format(&self.grid), self.alphabet);
        text.trim_end().to_owned()
    }

    /// `Grid('...')`, with `layout=Layout(...)` for a variant grid: what makes it again.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let line = format_grid(&self.grid, Format::Line, self.alphabet);
        Ok(match self.layout() {
            None => format!("Grid('{}')", line.trim_end()),
            Some(layout) => {
                format!("Grid('{}', layout={})", line.trim_end(), layout.__repr__(py)?)
            }
        })
    }
}

impl Grid {
    /// The grid in `format` and `alphabet`, after the lines a reader needs to give it back
    /// its boxes and layout ([`HeaderLines`]).
    fn text(&self, format: Format, alphabet: Alphabet) -> String {
        let mut text = Vec::new();
        let layout = self.grid.layout().map(|layout| &**layout);
        HeaderLines::default()
            .before(&mut text, self.grid.size(), layout)
            .expect("writing to memory does not fail");
        let mut text = String::from_utf8(text).expect("header lines are text");
        text.push_str(&format_grid(&self.grid, format, alphabet));
        text
    }
}

/// The format a grid is written in unless another is asked: a pencilmark line for a grid
/// whose layout gives starting candidates (they are its puzzle), else one line.
fn default_format(grid: &sudoku_core::Grid) -> Format {
    let candidates = grid.layout().is_some_and(|layout| layout.candidates().is_some());
    if candidates && Format::Pencilmark.can_write(grid.size()) {
        Format::Pencilmark
    } else {
        Format::Line
    }
}

/// A size for a message, with its boxes: `6×6 grid with 2×3 boxes`.
fn describe(size: Size) -> String {
    let side = size.side();
    format!("{side}×{side} grid with {}×{} boxes", size.box_rows(), size.box_cols())
}

/// The `TypeError` of something that is no puzzle.
fn not_a_puzzle(object: &Bound<'_, PyAny>) -> PyErr {
    let what = object.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyTypeError::new_err(format!("a puzzle is text, a Grid or a sequence of integers, not {what}"))
}

/// The grid `object` stands for (see the module documentation); `index` is its place in the
/// sequence it came in, for error messages.
pub fn to_grid(object: &Bound<'_, PyAny>, index: Option<usize>) -> PyResult<Grid> {
    let py = object.py();
    if let Ok(grid) = object.cast::<Grid>() {
        return Ok(grid.get().clone());
    }
    if let Ok(text) = object.cast::<PyString>() {
        let text = text.to_cow()?;
        return parse_one(text.as_bytes())
            .map(Grid::read)
            .map_err(|error| read_error(py, &error, index));
    }
    // A 1-D numpy array of bytes (a row of `read_array`'s) is read in place; any other
    // sequence goes through the sequence protocol, an element at a time.
    if let Ok(array) = object.extract::<PyReadonlyArray1<'_, u8>>() {
        let values = array.as_array();
        return match values.as_slice() {
            Some(values) => cells_to_grid(py, values, index).map(Grid::of),
            None => cells_to_grid(py, &values.to_vec(), index).map(Grid::of),
        };
    }
    let values = integers(object).map_err(|_| not_a_puzzle(object))?;
    cells_to_grid(py, &values, index).map(Grid::of)
}

/// The integers of a sequence; one no `i64` holds becomes [`i64::MAX`] (or `MIN`), out of
/// every grid's range, so that it is reported as a value out of range of its cell rather
/// than as an `OverflowError`.
fn integers(object: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    object.extract::<Vec<i64>>().or_else(|_| {
        let values: Vec<Int> = object.extract()?;
        Ok(values.into_iter().map(Int::saturated).collect())
    })
}

/// The grid of `values` (row-major, 0 blank) with its values in range but clues not checked
/// against each other: a Python solver's claimed solution, which the harness judges.
pub fn values_to_grid(object: &Bound<'_, PyAny>) -> PyResult<sudoku_core::Grid> {
    let py = object.py();
    if let Ok(grid) = object.cast::<Grid>() {
        return Ok(grid.get().grid.clone());
    }
    if object.is_instance_of::<PyString>() {
        return to_grid(object, None).map(|grid| grid.grid);
    }
    in_range(py, &integers(object)?, None)
}

/// The grid of `values` (row-major, 0 blank), or the `PuzzleError` of its first problem.
pub fn cells_to_grid<T: Copy + Into<i64>>(
    py: Python<'_>,
    values: &[T],
    index: Option<usize>,
) -> PyResult<sudoku_core::Grid> {
    let grid = in_range(py, values, index)?;
    check_clues(py, &grid, index)?;
    Ok(grid)
}

/// The grid of `values`, or the `PuzzleError` of a count or value out of range.
fn in_range<T: Copy + Into<i64>>(
    py: Python<'_>,
    values: &[T],
    index: Option<usize>,
) -> PyResult<sudoku_core::Grid> {
    let Some(size) = Size::from_cell_count(values.len()) else {
        let message = format!(
            "{}{} values is no grid's cell count (16, 81, 256, 625, 1296, 2401 or 4096)",
            at(index),
            values.len()
        );
        let place = Place { puzzle: index.map(|i| i + 1), index, ..Place::default() };
        return Err(puzzle_error(py, message, place));
    };
    let side = size.side() as i64;
    let mut cells = Vec::with_capacity(values.len());
    for (cell, &value) in values.iter().enumerate() {
        let value: i64 = value.into();
        if !(0..=side).contains(&value) {
            return Err(cell_error(
                py,
                size,
                index,
                cell,
                format!("{} is not a {size} value (0 for a blank, 1 to {side})", shown(value)),
            ));
        }
        cells.push(value as u8);
    }
    sudoku_core::Grid::from_cells(size, &cells)
        .ok_or_else(|| PyValueError::new_err("values out of range"))
}

/// A value as an error message shows it: one that stands for a number no `i64` holds
/// ([`integers`]) as such.
fn shown(value: i64) -> String {
    if value == i64::MAX || value == i64::MIN {
        "a number that large".to_owned()
    } else {
        value.to_string()
    }
}

/// The `PuzzleError` of a repeated clue in `grid`, if it has one.
pub fn check_clues(py: Python<'_>, grid: &sudoku_core::Grid, index: Option<usize>) -> PyResult<()> {
    match grid.first_conflict() {
        None => Ok(()),
        Some(conflict) => {
            Err(cell_error(py, grid.size(), index, conflict.second, conflict.to_string()))
        }
    }
}

/// "puzzle at index 3: " for a puzzle of a sequence, nothing for one given alone.
fn at(index: Option<usize>) -> String {
    index.map(|index| format!("puzzle at index {index}: ")).unwrap_or_default()
}

/// The `PuzzleError` of a problem at `cell` of a puzzle given as values.
pub fn cell_error(
    py: Python<'_>,
    size: Size,
    index: Option<usize>,
    cell: usize,
    what: String,
) -> PyErr {
    let message = format!("{}cell {} ({}): {what}", at(index), cell, size.name(cell));
    let place = Place {
        puzzle: index.map(|i| i + 1),
        column: Some(cell + 1),
        index,
        cell: Some(cell),
        ..Place::default()
    };
    puzzle_error(py, message, place)
}

/// What a reader is told: the format and size, when given.
pub fn read_options(format: Option<&str>, size: Option<Int>) -> PyResult<ReadOptions> {
    let format = format.map(format_named).transpose()?;
    let size = size
        .map(|side| side.get::<usize>("size", 0, 64))
        .transpose()?
        .map(|side| {
            Size::from_side(side).ok_or_else(|| {
                PyValueError::new_err(format!("no grid has side {side} ({})", Size::list_sides()))
            })
        })
        .transpose()?;
    Ok(ReadOptions { format, size, alphabet: None })
}

/// The format called `name`.
fn format_named(name: &str) -> PyResult<Format> {
    Format::ALL.into_iter().find(|format| format.name() == name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|format| format.name()).collect();
        PyValueError::new_err(format!("no format {name:?}: the formats are {}", names.join(", ")))
    })
}

/// Reads every puzzle of `text`, in any format and size the `sudoku` program reads.
///
/// `format` and `size` (a side: 4, 9, 16...) force what is otherwise detected per puzzle.
/// Raises `PuzzleError` for the first malformed puzzle, with its number, line and column.
///
/// >>> from sudoku_workbench import read
/// >>> puzzles = read("# two puzzles\n...42....1....3.\n.1....4......23.\n")
/// >>> [(p.number, p.line, p.side) for p in puzzles]
/// [(1, 2, 4), (2, 3, 4)]
/// >>> read("...42....1....33")
/// Traceback (most recent call last):
/// ...
/// sudoku_workbench.errors.PuzzleError: puzzle 1, line 1, column 16: ...
#[pyfunction]
#[pyo3(signature = (text, format=None, size=None))]
pub fn read(
    py: Python<'_>,
    text: &str,
    format: Option<&str>,
    size: Option<Int>,
) -> PyResult<Vec<Grid>> {
    let options = read_options(format, size)?;
    PuzzleReader::with_options(Cursor::new(text.as_bytes()), options)
        .map(|item| item.map(Grid::read).map_err(|error| read_error(py, &error, None)))
        .collect()
}

/// Reads every puzzle of `text` into an `(N, side*side)` `uint8` array, 0 for a blank: the
/// input `solve_many` takes. The puzzles must all have one size.
///
/// >>> from sudoku_workbench import read_array
/// >>> read_array("...42....1....3.\n.1....4......23.\n").shape
/// (2, 16)
#[pyfunction]
#[pyo3(signature = (text, format=None, size=None))]
pub fn read_array<'py>(
    py: Python<'py>,
    text: &str,
    format: Option<&str>,
    size: Option<Int>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let options = read_options(format, size)?;
    let mut cells = Vec::new();
    let mut first: Option<Size> = None;
    let mut count = 0;
    for item in PuzzleReader::with_options(Cursor::new(text.as_bytes()), options) {
        let puzzle = item.map_err(|error| read_error(py, &error, None))?;
        let size = puzzle.grid.size();
        match first {
            None => first = Some(size),
            Some(first) if first != size => {
                let message = format!(
                    "puzzle {}, line {}: a {size} puzzle among {first} ones: an array holds \
                     one size",
                    puzzle.number, puzzle.line
                );
                let place = Place {
                    puzzle: Some(puzzle.number),
                    line: Some(puzzle.line),
                    ..Place::default()
                };
                return Err(puzzle_error(py, message, place));
            }
            Some(_) => {}
        }
        cells.extend_from_slice(puzzle.grid.cells());
        count += 1;
    }
    let width = first.map_or(Size::NINE.cells(), Size::cells);
    PyArray1::from_vec(py, cells).reshape([count, width])
}

/// Writes `grid` in `format` (`line`, `compact`, `judge`, `pretty`, `bordered`,
/// `pencilmark`; by default `line`, or `pencilmark` for a grid whose layout gives starting
/// candidates) and `alphabet` (`1-9A`, `0-9A`, `numbers`; by default the one it was read in),
/// ending with a newline, as `sudoku solve --format` writes it. A grid with a layout comes
/// after the `# layout` lines that read back to it (its starting candidates are written only
/// by the `pencilmark` format).
///
/// >>> from sudoku_workbench import write
/// >>> print(write("...42....1....3.", format="compact"), end="")
/// 0004
/// 2000
/// 0100
/// 0030
#[pyfunction]
#[pyo3(signature = (grid, format=None, alphabet=None))]
pub fn write(
    grid: &Bound<'_, PyAny>,
    format: Option<&str>,
    alphabet: Option<&str>,
) -> PyResult<String> {
    let grid = to_grid(grid, None)?;
    let format = match format {
        Some(name) => format_named(name)?,
        None => default_format(&grid.grid),
    };
    let alphabet = match alphabet {
        None => grid.alphabet,
        Some(name) => {
            Alphabet::ALL.into_iter().find(|alphabet| alphabet.name() == name).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no alphabet {name:?}: the alphabets are 1-9A, 0-9A, numbers"
                ))
            })?
        }
    };
    Ok(grid.text(format, alphabet))
}
