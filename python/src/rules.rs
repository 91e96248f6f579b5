//! The rules with numbers and lines between Python and the core: the dataclasses of
//! `sudoku_workbench.rules` (one per kind of rule: `Cage`, `Thermometer`, ...) read into
//! `sudoku_core::Constraint`s, and made back from them.
//!
//! The Python classes are data only; what a rule means, and whether it fits its grid, is the
//! core's ([`sudoku_core::Constraint::validate`], checked when the layout is made). A rule may
//! also be given as the words of a `#` line of a puzzle file (`"killer 15 r1c1 r1c2"`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sudoku_core::constraint::{Axis, Direction, Spot, parse_directive};
use sudoku_core::{Constraint, Size};

/// The Python module of the rule classes.
const MODULE: &str = "sudoku_workbench.rules";

/// The rules `rule` says, on a grid of `size`: a rule object, or a `#` line's words.
pub fn constraints_of(rule: &Bound<'_, PyAny>, size: Size) -> PyResult<Vec<Constraint>> {
    if let Ok(text) = rule.cast::<PyString>() {
        let text = text.to_cow()?;
        let words = text.trim_start_matches('#');
        return parse_directive(words).ok_or_else(|| {
            PyValueError::new_err(format!(
                "constraints: `{text}` is no rule (a `#` line's words, such as `killer 15 r1c1 \
                 r1c2`, or a rule object such as Cage([0, 1], 15))"
            ))
        });
    }
    let kind = rule.get_type().name()?.to_cow()?.into_owned();
    let get = |name: &str| rule.getattr(name);
    let cells = |name: &str| -> PyResult<Vec<Spot>> {
        let cells: Vec<i64> = get(name)?.extract()?;
        cells.into_iter().map(|cell| spot(cell, size)).collect()
    };
    let cell = |name: &str| -> PyResult<Spot> { spot(get(name)?.extract()?, size) };
    let pair = |name: &str| -> PyResult<[Spot; 2]> {
        let found = cells(name)?;
        <[Spot; 2]>::try_from(found).map_err(|found| {
            PyValueError::new_err(format!("constraints: {kind} has {} cells, not 2", found.len()))
        })
    };
    let clue = |name: &str| -> PyResult<Spot> {
        let (row, column): (i64, i64) = get(name)?.extract()?;
        let near = |n: i64| i16::try_from(n).ok().filter(|n| (-1..=100).contains(n));
        match (near(row), near(column)) {
            (Some(row), Some(column)) => Ok(Spot::new(row, column)),
            _ => Err(PyValueError::new_err(format!(
                "constraints: the clue ({row}, {column}) of a {kind} is not beside the {size} grid"
            ))),
        }
    };
    let number = |name: &str| -> PyResult<u32> {
        let value: i64 = get(name)?.extract()?;
        u32::try_from(value).map_err(|_| {
            PyValueError::new_err(format!("constraints: {kind}'s {name} is {value}, not 0 or more"))
        })
    };
    let optional = |name: &str| -> PyResult<Option<u32>> {
        let value = get(name)?;
        if value.is_none() { Ok(None) } else { number(name).map(Some) }
    };
    let word = |name: &str| -> PyResult<String> { get(name)?.extract() };
    let unknown = |what: &str, value: &str, known: &str| {
        PyValueError::new_err(format!("constraints: `{value}` is not a {what}: {known}"))
    };
    let made = match kind.as_str() {
        "Cage" => Constraint::Killer { cells: cells("cells")?, sum: optional("sum")? },
        "LittleKiller" => {
            let way = word("direction")?;
            let direction = Direction::from_code(&way).ok_or_else(|| {
                unknown("direction", &way, "down-right, down-left, up-right, up-left")
            })?;
            Constraint::LittleKiller { clue: clue("clue")?, direction, sum: number("sum")? }
        }
        "Arrow" => {
            let lines: Vec<Vec<i64>> = get("lines")?.extract()?;
            let lines = lines
                .into_iter()
                .map(|line| line.into_iter().map(|c| spot(c, size)).collect())
                .collect::<PyResult<_>>()?;
            Constraint::Arrow { circle: cells("circle")?, lines }
        }
        "Thermometer" => {
            let cells = cells("cells")?;
            if get("slow")?.is_truthy()? {
                Constraint::SlowThermometer { cells }
            } else {
                Constraint::Thermometer { cells }
            }
        }
        "Sandwich" => Constraint::Sandwich { clue: clue("clue")?, sum: number("sum")? },
        "XSum" => Constraint::XSum { clue: clue("clue")?, sum: number("sum")? },
        "Skyscraper" => Constraint::Skyscraper { clue: clue("clue")?, count: number("count")? },
        "Kropki" => {
            let colour = word("color")?;
            let cells = pair("cells")?;
            match colour.as_str() {
                "white" => Constraint::Difference { cells, value: optional("value")?.unwrap_or(1) },
                "black" => Constraint::Ratio { cells, value: optional("value")?.unwrap_or(2) },
                other => return Err(unknown("kropki colour", other, "white, black")),
            }
        }
        "XV" => {
            let sum = number("sum")?;
            if sum != 5 && sum != 10 {
                return Err(PyValueError::new_err(format!(
                    "constraints: an XV adds to 10 (X) or 5 (V), not {sum}"
                )));
            }
            Constraint::Xv { cells: pair("cells")?, sum }
        }
        "Odd" => Constraint::Odd { cell: cell("cell")? },
        "Even" => Constraint::Even { cell: cell("cell")? },
        "Minimum" => Constraint::Minimum { cell: cell("cell")? },
        "Maximum" => Constraint::Maximum { cell: cell("cell")? },
        "Palindrome" => Constraint::Palindrome { cells: cells("cells")? },
        "Renban" => Constraint::Renban { cells: cells("cells")? },
        "Whispers" => Constraint::Whispers { cells: cells("cells")?, gap: optional("gap")? },
        "Between" => Constraint::Between { cells: cells("cells")? },
        "RegionSum" => Constraint::RegionSum { cells: cells("cells")? },
        "Entropic" => Constraint::Entropic { cells: cells("cells")? },
        "Zipper" => Constraint::Zipper { cells: cells("cells")? },
        "Quadruple" => {
            let values: Vec<i64> = get("values")?.extract()?;
            let values = values
                .into_iter()
                .map(|value| {
                    u8::try_from(value).map_err(|_| {
                        PyValueError::new_err(format!(
                            "constraints: a quadruple's value {value} is not from 1 to {}",
                            size.side()
                        ))
                    })
                })
                .collect::<PyResult<_>>()?;
            Constraint::Quadruple { cells: cells("cells")?, values }
        }
        "Clone" => Constraint::Clone { cells: cells("cells")?, clones: cells("clones")? },
        "Indexer" => {
            let axis = match word("axis")?.as_str() {
                "row" => Axis::Row,
                "column" => Axis::Column,
                "box" => Axis::Box,
                other => return Err(unknown("indexer axis", other, "row, column, box")),
            };
            Constraint::Indexer { axis, cells: cells("cells")? }
        }
        "Negative" => match word("kind")?.as_str() {
            "nonconsecutive" => Constraint::Nonconsecutive,
            "ratio" => Constraint::NegativeRatio,
            "xv" => Constraint::NegativeXv,
            other => return Err(unknown("negative rule", other, "nonconsecutive, ratio, xv")),
        },
        _ => {
            return Err(PyTypeError::new_err(format!(
                "constraints: a {kind} is no rule: give rule objects (Cage, Thermometer, ... of \
                 {MODULE}) or a `#` line's words"
            )));
        }
    };
    Ok(vec![made])
}

/// The place of cell `cell` (row-major, from 0) of a grid of `size`.
fn spot(cell: i64, size: Size) -> PyResult<Spot> {
    usize::try_from(cell)
        .ok()
        .filter(|&cell| cell < size.cells())
        .map(|cell| Spot::of_cell(size, cell))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "constraints: cell {cell} is not a cell of the {size} grid (0 to {})",
                size.cells() - 1
            ))
        })
}

/// The Python object of `constraint`, a rule of a grid of `size`.
pub fn python_rule(py: Python<'_>, constraint: &Constraint, size: Size) -> PyResult<Py<PyAny>> {
    let module = py.import(MODULE)?;
    let kwargs = PyDict::new(py);
    let index = |place: &Spot| place.cell(size).unwrap_or(usize::MAX);
    let cells = |places: &[Spot]| -> Vec<usize> { places.iter().map(index).collect() };
    let clue = |place: &Spot| (i64::from(place.row), i64::from(place.col));
    let class = match constraint {
        Constraint::Killer { cells: places, sum } => {
            kwargs.set_item("cells", cells(places))?;
            kwargs.set_item("sum", sum)?;
            "Cage"
        }
        Constraint::LittleKiller { clue: at, direction, sum } => {
            kwargs.set_item("clue", clue(at))?;
            let way = match direction {
                Direction::UpRight => "up-right",
                Direction::UpLeft => "up-left",
                Direction::DownRight => "down-right",
                Direction::DownLeft => "down-left",
            };
            kwargs.set_item("direction", way)?;
            kwargs.set_item("sum", sum)?;
            "LittleKiller"
        }
        Constraint::Arrow { circle, lines } => {
            kwargs.set_item("circle", cells(circle))?;
            let lines: Vec<Vec<usize>> = lines.iter().map(|line| cells(line)).collect();
            kwargs.set_item("lines", lines)?;
            "Arrow"
        }
        Constraint::Thermometer { cells: places }
        | Constraint::SlowThermometer { cells: places } => {
            kwargs.set_item("cells", cells(places))?;
            kwargs.set_item("slow", matches!(constraint, Constraint::SlowThermometer { .. }))?;
            "Thermometer"
        }
        Constraint::Sandwich { clue: at, sum } => {
            kwargs.set_item("clue", clue(at))?;
            kwargs.set_item("sum", sum)?;
            "Sandwich"
        }
        Constraint::XSum { clue: at, sum } => {
            kwargs.set_item("clue", clue(at))?;
            kwargs.set_item("sum", sum)?;
            "XSum"
        }
        Constraint::Skyscraper { clue: at, count } => {
            kwargs.set_item("clue", clue(at))?;
            kwargs.set_item("count", count)?;
            "Skyscraper"
        }
        Constraint::Difference { cells: places, value }
        | Constraint::Ratio { cells: places, value } => {
            kwargs.set_item("cells", cells(places))?;
            let white = matches!(constraint, Constraint::Difference { .. });
            kwargs.set_item("color", if white { "white" } else { "black" })?;
            kwargs.set_item("value", value)?;
            "Kropki"
        }
        Constraint::Xv { cells: places, sum } => {
            kwargs.set_item("cells", cells(places))?;
            kwargs.set_item("sum", sum)?;
            "XV"
        }
        Constraint::Odd { cell }
        | Constraint::Even { cell }
        | Constraint::Minimum { cell }
        | Constraint::Maximum { cell } => {
            kwargs.set_item("cell", index(cell))?;
            match constraint {
                Constraint::Odd { .. } => "Odd",
                Constraint::Even { .. } => "Even",
                Constraint::Minimum { .. } => "Minimum",
                _ => "Maximum",
            }
        }
        Constraint::Palindrome { cells: places }
        | Constraint::Renban { cells: places }
        | Constraint::Between { cells: places }
        | Constraint::RegionSum { cells: places }
        | Constraint::Entropic { cells: places }
        | Constraint::Zipper { cells: places } => {
            kwargs.set_item("cells", cells(places))?;
            match constraint {
                Constraint::Palindrome { .. } => "Palindrome",
                Constraint::Renban { .. } => "Renban",
                Constraint::Between { .. } => "Between",
                Constraint::RegionSum { .. } => "RegionSum",
                Constraint::Zipper { .. } => "Zipper",
                _ => "Entropic",
            }
        }
        Constraint::Whispers { cells: places, gap } => {
            kwargs.set_item("cells", cells(places))?;
            kwargs.set_item("gap", gap)?;
            "Whispers"
        }
        Constraint::Quadruple { cells: places, values } => {
            kwargs.set_item("cells", cells(places))?;
            kwargs.set_item("values", values.clone())?;
            "Quadruple"
        }
        Constraint::Clone { cells: places, clones } => {
            kwargs.set_item("cells", cells(places))?;
            kwargs.set_item("clones", cells(clones))?;
            "Clone"
        }
        Constraint::Indexer { axis, cells: places } => {
            let axis = match axis {
                Axis::Row => "row",
                Axis::Column => "column",
                Axis::Box => "box",
            };
            kwargs.set_item("axis", axis)?;
            kwargs.set_item("cells", cells(places))?;
            "Indexer"
        }
        Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
            let kind = match constraint {
                Constraint::Nonconsecutive => "nonconsecutive",
                Constraint::NegativeRatio => "ratio",
                _ => "xv",
            };
            kwargs.set_item("kind", kind)?;
            "Negative"
        }
    };
    Ok(module.getattr(class)?.call((), Some(&kwargs))?.unbind())
}
