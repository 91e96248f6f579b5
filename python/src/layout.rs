//! Layouts in Python: the `Layout` class, the rules of a variant grid (jigsaw regions, Sudoku
//! X, windoku, disjoint groups, anti-knight, anti-king, extra groups, starting candidates, and
//! the rules with numbers and lines: killer cages, thermometers, ... as the objects of
//! [`crate::rules`]) as `sudoku_core::Layout` holds them, made from Python values and read back
//! as Python values.
//!
//! Every check is the core's ([`sudoku_core::Layout::new`]); this module converts the
//! arguments, refusing what no conversion can mean (a value outside the grid) with a
//! `ValueError` that names the argument.

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_core::{Alphabet, Rule, Size};

use crate::args::Int;

/// The rules of a grid beyond its rows, columns and boxes: irregular regions (jigsaw), named
/// rules, extra groups of cells that must differ, and each cell's starting candidates.
///
/// - `side`: the grid's side (9 for 9×9), with the side's usual boxes.
/// - `rules`: words (a list, or one string separated by spaces or commas): `x` (the two main
///   diagonals), `windoku`, `disjoint`, `anti-knight`, `anti-king`.
/// - `regions`: the region of each cell, row by row, replacing the boxes: `side²` integers, or
///   a string of `side²` symbols (whitespace ignored); cells of one mark form a region.
/// - `extra`: groups of cells (0-based, row-major) whose values must all differ.
/// - `candidates`: each cell's starting values (1-based), `side²` lists (a pencilmark puzzle).
/// - `constraints`: the rules with numbers and lines, objects of `sudoku_workbench.rules`
///   (`Cage([0, 1], 3)`, `Thermometer([0, 9, 18])`, `Kropki((0, 1), "white")`, ...) or the
///   words of a file's `#` lines (`"killer 3 r1c1 r1c2"`).
///
/// >>> from sudoku_workbench import Layout
/// >>> x = Layout(9, rules=["x"])
/// >>> x.words, x.name
/// (['x'], '9×9 x')
/// >>> jigsaw = Layout(4, regions="1112 1222 3334 3444")
/// >>> jigsaw.regions[:8], jigsaw.words
/// ([0, 0, 0, 1, 0, 1, 1, 1], ['jigsaw'])
/// >>> Layout(9, rules="x knight")
/// Traceback (most recent call last):
/// ...
/// ValueError: rules: `knight` is not a rule: x, windoku, disjoint, anti-knight, anti-king
/// >>> from sudoku_workbench import Cage
/// >>> killer = Layout(9, constraints=[Cage([0, 1], 3), "thermo r2c1 r2c2 r2c3"])
/// >>> killer.words, killer.constraints[1]
/// (['killer', 'thermo'], Thermometer(cells=(9, 10, 11), slow=False))
/// >>> Layout(4, constraints=[Cage([0, 16], 3)])
/// Traceback (most recent call last):
/// ...
/// ValueError: constraints: cell 16 is not a cell of the 4×4 grid (0 to 15)
///
/// Two layouts are equal when their rules are.
#[pyclass(module = "sudoku_workbench", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Layout {
    /// The layout, shared with the grids that carry it.
    pub layout: Arc<sudoku_core::Layout>,
}

impl Layout {
    /// The Python layout of a grid's layout.
    pub fn of(layout: &Arc<sudoku_core::Layout>) -> Layout {
        Layout { layout: Arc::clone(layout) }
    }
}

#[pymethods]
impl Layout {
    #[new]
    #[pyo3(signature = (side=Int::of(9), rules=None, regions=None, extra=None, candidates=None, constraints=None))]
    #[pyo3(
        text_signature = "(side=9, rules=None, regions=None, extra=None, candidates=None, constraints=None)"
    )]
    fn new(
        side: Int,
        rules: Option<&Bound<'_, PyAny>>,
        regions: Option<&Bound<'_, PyAny>>,
        extra: Option<Vec<Vec<Int>>>,
        candidates: Option<Vec<Vec<Int>>>,
        constraints: Option<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<Layout> {
        let side: usize = side.get("side", 0, 64)?;
        let size = Size::from_side(side).ok_or_else(|| {
            PyValueError::new_err(format!("no grid has side {side} ({})", Size::list_sides()))
        })?;
        let rules = rules.filter(|r| !r.is_none()).map(rules_of).transpose()?.unwrap_or_default();
        let regions = regions.filter(|r| !r.is_none()).map(region_marks).transpose()?;
        let extra: Vec<Vec<usize>> = extra
            .unwrap_or_default()
            .into_iter()
            // A cell no grid has (a negative one) is refused by the core as outside the grid.
            .map(|group| {
                group
                    .into_iter()
                    .map(|cell| usize::try_from(cell.saturated()).unwrap_or(usize::MAX))
                    .collect()
            })
            .collect();
        let candidates = candidates.map(|sets| candidate_sets(size, sets)).transpose()?;
        let layout = sudoku_core::Layout::new(
            size,
            regions.as_deref(),
            &rules,
            &extra,
            candidates.as_deref(),
        )
        .map_err(|error| PyValueError::new_err(format!("{}: {error}", argument_of(&error))))?;
        let mut rules_with_numbers = Vec::new();
        for rule in constraints.unwrap_or_default() {
            rules_with_numbers.extend(crate::rules::constraints_of(&rule, size)?);
        }
        let layout = if rules_with_numbers.is_empty() {
            layout
        } else {
            layout.with_constraints(rules_with_numbers).map_err(|error| {
                PyValueError::new_err(format!("{}: {error}", argument_of(&error)))
            })?
        };
        Ok(Layout { layout: Arc::new(layout) })
    }

    /// The rules with numbers and lines, as objects of `sudoku_workbench.rules` (`Cage`,
    /// `Thermometer`, ...), in the order given.
    #[getter]
    fn constraints(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let size = self.layout.size();
        self.layout
            .constraints()
            .iter()
            .map(|constraint| crate::rules::python_rule(py, constraint, size))
            .collect()
    }

    /// The grid's side: 9 for 9×9.
    #[getter]
    fn side(&self) -> usize {
        self.layout.size().side()
    }

    /// The named rules' words, each once: `x`, `windoku`, `disjoint`, `anti-knight`,
    /// `anti-king`.
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        self.layout.rules().iter().map(|rule| rule.word()).collect()
    }

    /// The region of each cell, row by row, numbered from 0 in the order their first cells
    /// come; `None` when the regions are the size's boxes.
    #[getter]
    fn regions(&self) -> Option<Vec<u32>> {
        self.layout.regions().map(|marks| marks.iter().map(|&mark| u32::from(mark)).collect())
    }

    /// The extra groups of cells (0-based, row-major, each sorted) whose values must differ.
    #[getter]
    fn extra(&self) -> Vec<Vec<usize>> {
        self.layout
            .extra()
            .iter()
            .map(|group| group.iter().map(|&c| usize::from(c)).collect())
            .collect()
    }

    /// Each cell's starting values (1-based), row by row; `None` when every value may start
    /// in every cell.
    #[getter]
    fn candidates(&self) -> Option<Vec<Vec<u32>>> {
        let side = self.side() as u32;
        self.layout.candidates().map(|sets| {
            sets.iter()
                .map(|&set| (1..=side).filter(|v| set & (1 << (v - 1)) != 0).collect())
                .collect()
        })
    }

    /// What the layout adds to the classic grid, in words: `jigsaw`, the rules' words,
    /// `extra-regions`, `pencilmark`, as `# layout` lines and `sudoku generate --layout` say.
    #[getter]
    fn words(&self) -> Vec<String> {
        self.layout.words()
    }

    /// A short name for people: `9×9 x`, `6×6 jigsaw`, ...
    #[getter]
    fn name(&self) -> String {
        self.layout.name()
    }

    /// `Layout(side=..., ...)`: what makes it again (regions as a string of symbols).
    pub fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut text = format!("Layout(side={}", self.side());
        if !self.layout.rules().is_empty() {
            text.push_str(&format!(", rules={}", python_strings(&self.rules())));
        }
        if let Some(regions) = self.layout.regions() {
            text.push_str(&format!(", regions={}", regions_text(self.layout.size(), regions)));
        }
        if !self.layout.extra().is_empty() {
            text.push_str(&format!(", extra={:?}", self.extra()));
        }
        if let Some(candidates) = self.candidates() {
            text.push_str(&format!(", candidates={candidates:?}"));
        }
        if !self.layout.constraints().is_empty() {
            let rules: Vec<String> = self
                .constraints(py)?
                .iter()
                .map(|rule| rule.bind(py).repr().map(|text| text.to_string()))
                .collect::<PyResult<_>>()?;
            text.push_str(&format!(", constraints=[{}]", rules.join(", ")));
        }
        text.push(')');
        Ok(text)
    }
}

/// The argument a layout error is about, as Python names it.
fn argument_of(error: &sudoku_core::LayoutError) -> &'static str {
    use sudoku_core::LayoutError::*;
    match error {
        RegionCount { .. } | RegionSize { .. } => "regions",
        RuleNeeds { .. } => "rules",
        BadExtra { .. } | TooManyExtra { .. } | TooManyExtraCells { .. } => "extra",
        BadCandidates { .. } => "candidates",
        Constraint(_) | TooManyConstraints { .. } | TooManyConstraintCells { .. } => "constraints",
    }
}

/// The rules named by `words`: a list of words, or one string of words separated by spaces or
/// commas (as `sudoku generate --layout` takes them).
fn rules_of(words: &Bound<'_, PyAny>) -> PyResult<Vec<Rule>> {
    let words: Vec<String> = match words.cast::<PyString>() {
        Ok(text) => {
            text.to_cow()?.split([',', ' ']).filter(|w| !w.is_empty()).map(str::to_owned).collect()
        }
        Err(_) => words.extract().map_err(|_| {
            PyTypeError::new_err("rules are a list of words or a string of them, such as [\"x\"]")
        })?,
    };
    words
        .iter()
        .map(|word| {
            Rule::from_word(word).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "rules: `{word}` is not a rule: {}",
                    Rule::ALL.map(Rule::word).join(", ")
                ))
            })
        })
        .collect()
}

/// The region mark of each cell: integers, or the characters of a string without its
/// whitespace.
fn region_marks(regions: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if let Ok(text) = regions.cast::<PyString>() {
        return Ok(text.to_cow()?.chars().filter(|c| !c.is_whitespace()).map(u32::from).collect());
    }
    let marks: Vec<Int> = regions.extract().map_err(|_| {
        PyTypeError::new_err("regions are a list of integers, one a cell, or a string of symbols")
    })?;
    marks.into_iter().map(|mark| mark.get("regions: a mark", 0, i128::from(u32::MAX))).collect()
}

/// Each cell's candidates as bits (bit `v - 1` for value `v`); a `ValueError` naming the cell
/// of a value outside the grid's.
fn candidate_sets(size: Size, sets: Vec<Vec<Int>>) -> PyResult<Vec<u64>> {
    let side = size.side() as i128;
    if sets.len() != size.cells() {
        return Err(PyValueError::new_err(format!(
            "candidates: {} lists of values for a grid of {} cells",
            sets.len(),
            size.cells()
        )));
    }
    let mut bits = Vec::with_capacity(sets.len());
    for (cell, values) in sets.into_iter().enumerate() {
        let mut set = 0u64;
        for value in values {
            let value: u32 = value.get("candidates: a value", 1, side).map_err(|_| {
                PyValueError::new_err(format!(
                    "candidates: cell {cell} ({}) has {}, not a {size} value (1 to {side})",
                    size.name(cell),
                    value.saturated()
                ))
            })?;
            set |= 1 << (value - 1);
        }
        bits.push(set);
    }
    Ok(bits)
}

/// The regions as a string of one symbol a region (`1-9A-Z`), which `Layout` reads back; a
/// list of numbers for sides with more regions than symbols.
fn regions_text(size: Size, regions: &[u8]) -> String {
    if Alphabet::FromOne.has_symbols_for(size) {
        let symbols: String =
            regions.iter().map(|&r| char::from(Alphabet::FromOne.symbol(r + 1))).collect();
        format!("'{symbols}'")
    } else {
        format!("{regions:?}")
    }
}

/// Strings as a Python list of them writes them: `['x', 'anti-knight']`.
fn python_strings(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|word| format!("'{word}'")).collect();
    format!("[{}]", quoted.join(", "))
}
