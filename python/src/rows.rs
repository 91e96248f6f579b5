//! The per-puzzle rows of a bench run, kept compact: `Rows`.
//!
//! A run keeps one row per puzzle and engine, the columns of `sudoku bench --per-puzzle`. As
//! Python dicts that is some 2.3 KB a row (700 MB for 300,000 puzzles); the command line keeps
//! none (it streams them to a file). Here they are kept column by column in Rust, about 45
//! bytes a row: the file, size, engine and digest of a row as one number into the few groups
//! of the run, the verdict and count as numbers into the few texts they take, the failure
//! messages apart (only failed rows have one). Python sees a sequence of dicts made when
//! asked for (`rows[i]`, iteration), the columns as numpy arrays and lists (`columns()`, what
//! a data frame is best built from), or the file the command line writes (`write(path)`).

use std::collections::HashMap;
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyString};
use sudoku_bench::per_puzzle::{self, Row, RowFormat, RowWriter};
use sudoku_bench::{Corpus, Observer};
use sudoku_core::GridKind;

use crate::args::Int;

/// The columns of a row, in the order of `sudoku bench --per-puzzle`.
const COLUMNS: [&str; 12] = [
    "file", "size", "puzzle", "line", "engine", "verdict", "count", "us", "nodes", "guesses",
    "message", "digest",
];

/// What the rows of a file, size and engine share.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Group {
    file: String,
    size: String,
    engine: String,
    digest: Option<String>,
}

/// Texts a column takes, each kept once.
#[derive(Default)]
struct Texts {
    texts: Vec<String>,
    index: HashMap<String, u16>,
}

impl Texts {
    fn of(&mut self, text: &str) -> u16 {
        if let Some(&index) = self.index.get(text) {
            return index;
        }
        let index = self.texts.len() as u16;
        self.texts.push(text.to_owned());
        self.index.insert(text.to_owned(), index);
        index
    }
}

/// Every row of a run, column by column.
#[derive(Default)]
pub struct Table {
    groups: Vec<Group>,
    group_index: HashMap<Group, u32>,
    group: Vec<u32>,
    puzzle: Vec<u64>,
    line: Vec<u64>,
    verdicts: Texts,
    verdict: Vec<u16>,
    counts: Texts,
    count: Vec<u16>,
    /// Microseconds; NaN for a failed row (no time).
    us: Vec<f64>,
    /// Nodes and guesses; [`ABSENT`] for an engine that counts none, or a failure.
    nodes: Vec<u64>,
    guesses: Vec<u64>,
    /// Whether each row has nodes (bit 0) and guesses (bit 1).
    present: Vec<u8>,
    /// The message of each failed row, by row, in row order.
    messages: Vec<(usize, String)>,
    /// The digest of the file being run.
    digest: Option<String>,
}

/// What `nodes` and `guesses` hold where a row has none.
const ABSENT: u64 = 0;

impl Table {
    fn push(&mut self, row: Row) {
        let group =
            Group { file: row.file, size: row.size, engine: row.engine, digest: row.digest };
        let index = match self.group_index.get(&group) {
            Some(&index) => index,
            None => {
                let index = self.groups.len() as u32;
                self.groups.push(group.clone());
                self.group_index.insert(group, index);
                index
            }
        };
        if let Some(message) = row.message {
            self.messages.push((self.group.len(), message));
        }
        self.group.push(index);
        self.puzzle.push(row.puzzle);
        self.line.push(row.line);
        self.verdict.push(self.verdicts.of(&row.verdict));
        self.count.push(self.counts.of(&row.count));
        self.us.push(row.us.unwrap_or(f64::NAN));
        self.nodes.push(row.nodes.unwrap_or(ABSENT));
        self.guesses.push(row.guesses.unwrap_or(ABSENT));
        self.present.push(u8::from(row.nodes.is_some()) | u8::from(row.guesses.is_some()) << 1);
    }

    fn len(&self) -> usize {
        self.group.len()
    }

    /// Gives back what the columns reserved beyond their rows (the run is over).
    fn shrink(&mut self) {
        self.group.shrink_to_fit();
        self.puzzle.shrink_to_fit();
        self.line.shrink_to_fit();
        self.verdict.shrink_to_fit();
        self.count.shrink_to_fit();
        self.us.shrink_to_fit();
        self.nodes.shrink_to_fit();
        self.guesses.shrink_to_fit();
        self.present.shrink_to_fit();
        self.messages.shrink_to_fit();
    }

    /// The bytes the columns hold (the few groups and texts aside, messages counted).
    fn bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.group[..])
            + size_of_val(&self.puzzle[..])
            + size_of_val(&self.line[..])
            + size_of_val(&self.verdict[..])
            + size_of_val(&self.count[..])
            + size_of_val(&self.us[..])
            + size_of_val(&self.nodes[..])
            + size_of_val(&self.guesses[..])
            + size_of_val(&self.present[..])
            + self
                .messages
                .iter()
                .map(|(_, m)| size_of_val(&(0usize, String::new())) + m.len())
                .sum::<usize>()
    }

    fn message(&self, index: usize) -> Option<&str> {
        self.messages
            .binary_search_by_key(&index, |(row, _)| *row)
            .ok()
            .map(|found| self.messages[found].1.as_str())
    }

    /// Row `index` as the command line writes it.
    fn row(&self, index: usize) -> Row {
        let group = &self.groups[self.group[index] as usize];
        let present = self.present[index];
        Row {
            file: group.file.clone(),
            size: group.size.clone(),
            puzzle: self.puzzle[index],
            line: self.line[index],
            engine: group.engine.clone(),
            verdict: self.verdicts.texts[self.verdict[index] as usize].clone(),
            count: self.counts.texts[self.count[index] as usize].clone(),
            us: Some(self.us[index]).filter(|us| !us.is_nan()),
            nodes: (present & 1 != 0).then_some(self.nodes[index]),
            guesses: (present & 2 != 0).then_some(self.guesses[index]),
            message: self.message(index).map(str::to_owned),
            digest: group.digest.clone(),
        }
    }
}

impl Observer for Table {
    fn file(&mut self, corpus: &Corpus) {
        self.digest = Some(corpus.digest());
    }

    fn chunk(
        &mut self,
        chunk: &Corpus,
        kind: &GridKind,
        runs: &[sudoku_bench::measure::EngineRun<'_>],
    ) {
        let digest = self.digest.clone();
        for row in per_puzzle::rows(chunk, kind, runs, digest.as_deref()) {
            self.push(row);
        }
    }
}

/// The per-puzzle rows of a bench run: a sequence of dicts (one per puzzle and engine, the
/// columns of `sudoku bench --per-puzzle`), made when asked for and kept compact meanwhile.
///
/// `pandas.DataFrame(run.rows)` works; `pandas.DataFrame(run.rows.columns())` builds the same
/// frame without making a dict per row first.
#[pyclass(module = "sudoku_workbench", frozen, sequence)]
pub struct Rows {
    table: Table,
}

impl Rows {
    /// The rows of `table`.
    pub fn of(mut table: Table) -> Rows {
        table.shrink();
        Rows { table }
    }

    fn dict<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyDict>> {
        let row = self.table.row(index);
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
        Ok(dict)
    }
}

#[pymethods]
impl Rows {
    fn __len__(&self) -> usize {
        self.table.len()
    }

    /// Row `index` as a dict (negative counts from the end, as in a list), or a list of the
    /// rows of a slice.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let length = self.table.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let indices = slice.indices(length as isize)?;
            let list = PyList::empty(py);
            let mut at = indices.start;
            for _ in 0..indices.slicelength {
                list.append(self.dict(py, at as usize)?)?;
                at += indices.step;
            }
            return Ok(list.into_any());
        }
        let wanted: Int = index.extract().map_err(|_| {
            PyTypeError::new_err("rows are indexed by an integer or a slice".to_owned())
        })?;
        let length = length as i128;
        let at = wanted.get::<i128>("row", -length, length - 1).map_err(|_| {
            PyIndexError::new_err(format!("row {index} of {length} is out of range"))
        })?;
        Ok(self.dict(py, (if at < 0 { at + length } else { at }) as usize)?.into_any())
    }

    fn __iter__(slf: Bound<'_, Self>) -> RowIterator {
        RowIterator { rows: slf.unbind(), next: std::sync::atomic::AtomicUsize::new(0) }
    }

    fn __repr__(&self) -> String {
        format!("Rows({} rows)", self.table.len())
    }

    /// The bytes the rows take (what `sys.getsizeof` reports).
    fn __sizeof__(&self) -> usize {
        std::mem::size_of::<Rows>() + self.table.bytes()
    }

    /// The rows column by column, as a dict: numpy arrays for `puzzle`, `line` (`uint64`),
    /// `us` (`float64`, NaN for a failed row), `nodes` and `guesses` (`float64`, NaN where a
    /// row has none, as pandas shows a column with gaps), lists for the texts (each text one
    /// object, shared by every row that has it). `pandas.DataFrame(rows.columns())` is the
    /// frame of `pandas.DataFrame(list(rows))`.
    fn columns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let table = &self.table;
        let strings = |texts: &[String]| -> Vec<Bound<'py, PyString>> {
            texts.iter().map(|text| PyString::new(py, text)).collect()
        };
        let groups: Vec<[Bound<'py, PyAny>; 4]> = table
            .groups
            .iter()
            .map(|group| {
                [
                    PyString::new(py, &group.file).into_any(),
                    PyString::new(py, &group.size).into_any(),
                    PyString::new(py, &group.engine).into_any(),
                    match &group.digest {
                        Some(digest) => PyString::new(py, digest).into_any(),
                        None => py.None().into_bound(py),
                    },
                ]
            })
            .collect();
        let of_group = |part: usize| -> PyResult<Bound<'py, PyList>> {
            PyList::new(py, table.group.iter().map(|&group| &groups[group as usize][part]))
        };
        let (verdicts, counts) = (strings(&table.verdicts.texts), strings(&table.counts.texts));
        let numbers = |values: &[u64], bit: u8| -> Vec<f64> {
            values
                .iter()
                .zip(&table.present)
                .map(|(&value, &present)| if present & bit != 0 { value as f64 } else { f64::NAN })
                .collect()
        };
        let none = py.None().into_bound(py);
        let mut messages = vec![none; table.len()];
        for (row, message) in &table.messages {
            messages[*row] = PyString::new(py, message).into_any();
        }
        let dict = PyDict::new(py);
        dict.set_item("file", of_group(0)?)?;
        dict.set_item("size", of_group(1)?)?;
        dict.set_item("puzzle", PyArray1::from_slice(py, &table.puzzle))?;
        dict.set_item("line", PyArray1::from_slice(py, &table.line))?;
        dict.set_item("engine", of_group(2)?)?;
        dict.set_item(
            "verdict",
            PyList::new(py, table.verdict.iter().map(|&v| &verdicts[v as usize]))?,
        )?;
        dict.set_item("count", PyList::new(py, table.count.iter().map(|&c| &counts[c as usize]))?)?;
        dict.set_item("us", PyArray1::from_slice(py, &table.us))?;
        dict.set_item("nodes", PyArray1::from_vec(py, numbers(&table.nodes, 1)))?;
        dict.set_item("guesses", PyArray1::from_vec(py, numbers(&table.guesses, 2)))?;
        dict.set_item("message", PyList::new(py, messages)?)?;
        dict.set_item("digest", of_group(3)?)?;
        debug_assert!(COLUMNS.iter().all(|name| dict.contains(name).unwrap_or(false)));
        Ok(dict)
    }

    /// Writes the rows to `path` as `sudoku bench --per-puzzle PATH` writes them: CSV, or JSON
    /// lines for a name ending in `.jsonl` or `.ndjson`; `sudoku bench compare` reads either.
    /// Returns the number of rows written.
    fn write(&self, py: Python<'_>, path: PathBuf) -> PyResult<u64> {
        let failed = |error: std::io::Error| {
            PyOSError::new_err(format!("cannot write {}: {error}", path.display()))
        };
        let file = File::create(&path).map_err(failed)?;
        let format = RowFormat::of(&path);
        let table = &self.table;
        py.detach(|| {
            let mut writer = RowWriter::new(BufWriter::new(file), format);
            for index in 0..table.len() {
                writer.write(&table.row(index));
            }
            let (mut out, rows) = writer.finish()?;
            std::io::Write::flush(&mut out)?;
            Ok(rows)
        })
        .map_err(failed)
    }
}

/// An iterator over [`Rows`], a dict at a time.
#[pyclass(module = "sudoku_workbench", frozen)]
pub struct RowIterator {
    rows: Py<Rows>,
    next: std::sync::atomic::AtomicUsize,
}

#[pymethods]
impl RowIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let rows = self.rows.get();
        let index = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if index >= rows.table.len() {
            return Ok(None);
        }
        rows.dict(py, index).map(Some)
    }
}
