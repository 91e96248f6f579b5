//! Puzzles made in the f-puzzles editor: its JSON, or a link that carries that JSON compressed
//! (`https://www.f-puzzles.com/?load=N4Ig...`, or SudokuPad's `.../fpuzzlesN4Ig...`), one a
//! line; read into a grid and its layout, and written back as a link for the editor
//! ([`link`]). Every rule the workbench knows is read: the grid of boxes or redrawn regions,
//! its givens, the diagonals, anti-knight, anti-king, disjoint groups, extra regions and given
//! pencil marks (a [`Layout`]'s houses, pairs and candidates), and the rules with numbers and
//! lines as [`Constraint`]s ([`constraints`]). A puzzle with a rule the workbench does not know
//! (`modularline`, `doublearrow`, ...) is refused with the field's name, so no variant is ever
//! solved as a puzzle with fewer rules.
//!
//! The JSON's fields, as the editor writes them: `size` (the side), `grid` (`size` rows of
//! `size` cells, each an object: `value` with `given: true` for a given; a `value` without it
//! is the solver's entry and is not a clue; `region`, the 0-based number of the cell's region,
//! when it was redrawn from the cell's box; `givenPencilMarks`, the values the cell may hold
//! when the puzzle gives them), and one top-level field per rule, absent, `false` or empty
//! when the puzzle does not have it: `diagonal+` (the diagonal from r{side}c1 up to
//! r1c{side}) and `diagonal-` (r1c1 down to r{side}c{side}), `antiknight`, `antiking`,
//! `disjointgroups` and `nonconsecutive` are `true` or `false`; `negative` lists `ratio` and
//! `xv`; `extraregion` is a list of `{"cells": ["R1C1", ...]}`, each a group of cells that all
//! differ; the rules with numbers and lines are lists of entries (`killercage`, `thermometer`,
//! ...: see [`constraints`]).
//!
//! The editor's other fields are not rules and are passed over: `title`, `author`, `ruleset`,
//! `solution`, its settings (`highlightConflicts`, and the solver add-on's `disabledlogic` and
//! `truecandidatesoptions`), and its drawings (`line`, `circle`, `rectangle`, `text`, `cage`,
//! including the copies the constraints add-on makes of its rules, tagged `fromConstraint`). A
//! drawn `cage` whose value is a digital root (`DR5`, which one solver reads as a rule) is
//! refused by name.
//!
//! The JSON must name each field once: a field written twice is refused, where a JSON reader
//! that keeps the last would hide the first from every check. The link's text is LZ-String's
//! base64 form of the JSON (`compressToBase64`), sometimes percent-escaped; that text alone
//! (`N4Ig...`, as some solvers' test data keep it) reads too. Grids are those of
//! the editor, 4×4 to 16×16 (of sides that boxes make: not 5×5 or 7×7); a larger `size` is
//! refused.

pub mod constraints;
mod json;
mod write;

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::constraint::Constraint;
use crate::grid::Grid;
use crate::layout::{Layout, LayoutError, Rule};
use crate::size::Size;

pub use write::{MAX_SIDE, link};

/// The top-level fields that constrain nothing: the puzzle's text, its solution, the editor's
/// settings and its drawings.
const INERT: [&str; 13] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "line",
    "circle",
    "rectangle",
    "text",
];

/// The top-level rules read into the grid's layout's houses and pairs.
const READ: [&str; 6] =
    ["diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "extraregion"];

/// The yes-or-no constraints that are a [`Rule`] of a layout. The diagonals are not among
/// them: the rule is both, and f-puzzles sets each on its own.
const RULES: [(&str, Rule); 3] = [
    ("antiknight", Rule::AntiKnight),
    ("antiking", Rule::AntiKing),
    ("disjointgroups", Rule::Disjoint),
];

/// The start of every f-puzzles puzzle compressed without its link: LZ-String's base64 form
/// of `{"`.
const BARE: &[u8] = b"N4Ig";

/// Whether a line (without its indentation) is an f-puzzles puzzle, or meant as one: a JSON
/// object, a web link, or the compressed text alone (`N4Ig...`). No grid format starts with
/// any of them.
pub(crate) fn recognizes(line: &[u8]) -> bool {
    line.first() == Some(&b'{')
        || line.starts_with(b"http://")
        || line.starts_with(b"https://")
        || line.starts_with(BARE)
}

/// The f-puzzles puzzle on `line`: its givens, under the layout its rules make (none if it is
/// a classic puzzle); or why it cannot be read, in a phrase.
pub(crate) fn parse(line: &[u8]) -> Result<Grid, String> {
    let json = if line.first() == Some(&b'{') {
        String::from_utf8(line.to_vec()).map_err(|_| "the JSON is not UTF-8 text".to_owned())?
    } else {
        decompress(compressed_part(line)?)?
    };
    let value = json::strict(&json).map_err(|error| format!("the JSON does not read: {error}"))?;
    let Value::Object(puzzle) = value else {
        return Err("the JSON is not an object".to_owned());
    };
    refuse_unknown(&puzzle)?;
    let size = size_of(&puzzle, json::raw_field(&json, "size"))?;
    let cells = read_grid(&puzzle, size)?;
    let mut grid = Grid::empty(size);
    for (index, cell) in cells.iter().enumerate() {
        if let Some(value) = cell.given {
            grid.set(index, value);
        }
    }
    let rules = constraints::read(&puzzle, size)?;
    let layout = layout(&puzzle, size, &cells, rules)?;
    let grid = grid.with_layout(Some(Arc::new(layout)));
    // A classic grid's repeated givens are the reader's to report, with their places; the
    // rules of a layout (its regions above all, which the boxes do not bound) are checked here.
    if !grid.is_classic()
        && let Some(broken) = grid.first_broken()
    {
        return Err(format!("its givens break its rules: {broken}"));
    }
    Ok(grid)
}

/// The size the puzzle's `size` names (9×9 without one), or why it names none: the value as
/// written (`written`, its text in the JSON) when it is not a side of 4 to 16 that boxes make.
fn size_of(puzzle: &Map<String, Value>, written: Option<&str>) -> Result<Size, String> {
    let side = match puzzle.get("size") {
        None => return Ok(Size::NINE),
        Some(Value::Number(side)) => side,
        Some(other) => return Err(format!("its `size` is {other}, not a number")),
    };
    let shown = written.map_or_else(|| side.to_string(), str::to_owned);
    let Some(whole) = side.as_u64().filter(|_| !side.is_f64()) else {
        return Err(format!("its `size` is {shown}, not a whole number of cells"));
    };
    if !(4..=MAX_SIDE as u64).contains(&whole) {
        return Err(format!(
            "its `size` is {whole}: the editor's grids are 4×4 to {MAX_SIDE}×{MAX_SIDE}"
        ));
    }
    Size::from_side(whole as usize)
        .ok_or_else(|| format!("its `size` is {whole}: no grid of boxes has that side"))
}

/// What one cell of the JSON's grid says.
struct Cell {
    /// Its given, if it has one.
    given: Option<u8>,
    /// The number of its region, if it was redrawn (and is not the cell's box after all).
    region: Option<u32>,
    /// The values it may hold (bit `v - 1` for value `v`), if the puzzle gives them.
    marks: Option<u64>,
}

/// The cells of the JSON's `grid`, in row-major order.
fn read_grid(puzzle: &Map<String, Value>, size: Size) -> Result<Vec<Cell>, String> {
    let Some(Value::Array(rows)) = puzzle.get("grid") else {
        return Err("it has no `grid` of rows".to_owned());
    };
    let side = size.side();
    if rows.len() != side {
        return Err(format!("its `grid` has {} rows, expected {side}", rows.len()));
    }
    let mut read = Vec::with_capacity(size.cells());
    for (row, cells) in rows.iter().enumerate() {
        let Value::Array(cells) = cells else {
            return Err(format!("row {} of its `grid` is not a list", row + 1));
        };
        if cells.len() != side {
            return Err(format!("row {} has {} cells, expected {side}", row + 1, cells.len()));
        }
        for (col, cell) in cells.iter().enumerate() {
            let cell = read_cell(cell, size, row * side + col)
                .map_err(|problem| format!("the cell r{}c{} {problem}", row + 1, col + 1))?;
            read.push(cell);
        }
    }
    Ok(read)
}

/// One cell of the JSON's grid, the cell `index` of a grid of `size`; `Err` says what is wrong
/// with it.
fn read_cell(cell: &Value, size: Size, index: usize) -> Result<Cell, String> {
    let Value::Object(cell) = cell else {
        return Err("is not an object".to_owned());
    };
    let side = size.side() as u64;
    let region = match cell.get("region") {
        None => None,
        Some(Value::Null) => {
            return Err(
                "is in no region (puzzles with cells outside the regions are not read)".to_owned()
            );
        }
        Some(region) => match region.as_u64().and_then(|region| u32::try_from(region).ok()) {
            // The editor writes a cell's region when it was redrawn: a jigsaw, unless it is
            // the cell's own box after all.
            Some(region) if region as usize == size.box_of(index) => None,
            Some(region) => Some(region),
            None => return Err("has a `region` that is not a region's number".to_owned()),
        },
    };
    let marks = match cell.get("givenPencilMarks") {
        None | Some(Value::Null) => None,
        Some(Value::Array(values)) if values.is_empty() => None,
        Some(Value::Array(values)) => {
            let mut set = 0u64;
            for value in values {
                match value.as_u64() {
                    Some(value) if (1..=side).contains(&value) => set |= 1 << (value - 1),
                    _ => return Err(format!("has a given pencil mark not from 1 to {side}")),
                }
            }
            Some(set)
        }
        Some(_) => return Err("has `givenPencilMarks` that are not a list".to_owned()),
    };
    if cell.get("given") != Some(&Value::Bool(true)) {
        return Ok(Cell { given: None, region, marks });
    }
    match cell.get("value").and_then(Value::as_u64) {
        Some(value) if (1..=side).contains(&value) => {
            Ok(Cell { given: Some(value as u8), region, marks })
        }
        _ => Err(format!("is a given without a value from 1 to {side}")),
    }
}

/// The layout of the puzzle's constraints, regions and given pencil marks (the classic one if
/// it has none).
fn layout(
    puzzle: &Map<String, Value>,
    size: Size,
    cells: &[Cell],
    rules_of_lines: Vec<Constraint>,
) -> Result<Layout, String> {
    let side = size.side();
    let mut rules = Vec::new();
    for (name, rule) in RULES {
        if is_on(puzzle, name)? {
            rules.push(rule);
        }
    }
    // The extra regions first, so that the layout's numbers for them are the puzzle's.
    let mut extra = extra_regions(puzzle, size)?;
    let diagonal = |on: &dyn Fn(usize, usize) -> bool| -> Vec<usize> {
        (0..size.cells()).filter(|&cell| on(size.row_of(cell), size.col_of(cell))).collect()
    };
    match (is_on(puzzle, "diagonal-")?, is_on(puzzle, "diagonal+")?) {
        (true, true) => rules.push(Rule::Diagonals),
        (true, false) => extra.push(diagonal(&|row, col| row == col)),
        (false, true) => extra.push(diagonal(&|row, col| row + col == side - 1)),
        (false, false) => {}
    }
    // Marks as the editor numbers regions: a cell not redrawn is in its box's number.
    let redrawn = cells.iter().any(|cell| cell.region.is_some());
    let marks: Option<Vec<u32>> = redrawn.then(|| {
        let box_of = |index| size.box_of(index) as u32;
        cells.iter().enumerate().map(|(index, cell)| cell.region.unwrap_or(box_of(index))).collect()
    });
    let all = u64::MAX >> (64 - side);
    let candidates: Option<Vec<u64>> = cells
        .iter()
        .any(|cell| cell.marks.is_some())
        .then(|| cells.iter().map(|cell| cell.marks.unwrap_or(all)).collect());
    Layout::new(size, marks.as_deref(), &rules, &extra, candidates.as_deref())
        .and_then(|layout| layout.with_constraints(rules_of_lines))
        .map_err(|error| layout_error(&error, size, marks.as_deref()))
}

/// Whether the yes-or-no constraint `name` is set; `Err` if it is neither yes nor no.
fn is_on(puzzle: &Map<String, Value>, name: &str) -> Result<bool, String> {
    match puzzle.get(name) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(on)) => Ok(*on),
        Some(_) => Err(format!("its `{name}` is not true or false")),
    }
}

/// The cells of each of the puzzle's `extraregion`s, in the order given.
fn extra_regions(puzzle: &Map<String, Value>, size: Size) -> Result<Vec<Vec<usize>>, String> {
    let regions = match puzzle.get("extraregion") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(regions)) => regions,
        Some(_) => return Err("its `extraregion` is not a list".to_owned()),
    };
    let mut groups = Vec::with_capacity(regions.len());
    for (n, region) in regions.iter().enumerate() {
        let at = || format!("its extra region {}", n + 1);
        let Some(Value::Array(names)) = region.get("cells") else {
            return Err(format!("{} has no list of `cells`", at()));
        };
        let mut cells = Vec::with_capacity(names.len());
        for name in names {
            let cell = name.as_str().and_then(|name| cell_named(name, size));
            match cell {
                Some(cell) => cells.push(cell),
                None => return Err(format!("{} has a cell {name} not of the grid", at())),
            }
        }
        groups.push(cells);
    }
    Ok(groups)
}

/// The cell the editor names `R{row}C{column}`, both from 1, if it is one of the grid's.
fn cell_named(name: &str, size: Size) -> Option<usize> {
    let name = name.to_ascii_uppercase();
    let (row, col) = name.strip_prefix('R')?.split_once('C')?;
    let number = |text: &str| {
        let number = text.parse::<usize>().ok().filter(|n| (1..=size.side()).contains(n))?;
        text.bytes().all(|byte| byte.is_ascii_digit()).then_some(number - 1)
    };
    Some(size.cell_at(number(row)?, number(col)?))
}

/// A layout that cannot be made, in a phrase that names the puzzle's regions by their cells
/// (the layout numbers them otherwise than the editor).
fn layout_error(error: &LayoutError, size: Size, marks: Option<&[u32]>) -> String {
    let side = size.side();
    match (error, marks) {
        (LayoutError::RegionSize { region, found, .. }, Some(marks)) => {
            // The cell where the region-th distinct mark first comes.
            let mut seen = Vec::new();
            let first = (0..marks.len()).find(|&cell| {
                if !seen.contains(&marks[cell]) {
                    seen.push(marks[cell]);
                }
                seen.len() == *region
            });
            match first {
                Some(cell) if *region <= side => {
                    format!("the region of {} has {found} cells, not {side}", size.name(cell))
                }
                _ => format!("it has more than {side} regions"),
            }
        }
        _ => format!("its constraints do not make a layout: {error}"),
    }
}

/// The part of a link that holds the compressed JSON, percent-escapes undone.
fn compressed_part(link: &[u8]) -> Result<String, String> {
    let link = std::str::from_utf8(link).map_err(|_| "the link is not UTF-8 text".to_owned())?;
    let start = if let Some(at) = link.find("load=") {
        at + "load=".len()
    } else if let Some(at) = link.rfind("fpuzzles") {
        at + "fpuzzles".len()
    } else if link.as_bytes().starts_with(BARE) {
        0
    } else {
        return Err("the link holds no f-puzzles puzzle (`?load=...` or `fpuzzles...`)".to_owned());
    };
    let end = link[start..].find(['&', '#', '?']).map_or(link.len(), |end| start + end);
    let mut text = String::with_capacity(end - start);
    let mut bytes = link[start..end].bytes();
    while let Some(byte) = bytes.next() {
        if byte == b'%' {
            let hex: Vec<u8> = bytes.by_ref().take(2).collect();
            let code =
                std::str::from_utf8(&hex).ok().and_then(|hex| u8::from_str_radix(hex, 16).ok());
            match code {
                Some(code) if hex.len() == 2 => text.push(char::from(code)),
                _ => return Err("the link has a broken percent escape".to_owned()),
            }
        } else {
            text.push(char::from(byte));
        }
    }
    Ok(text)
}

/// The JSON that LZ-String's base64 form `text` holds.
fn decompress(text: String) -> Result<String, String> {
    let broken = || "the link's puzzle does not decompress (LZ-String, base64)".to_owned();
    let units = lz_str::decompress_from_base64(&text).filter(|units| !units.is_empty());
    String::from_utf16(&units.ok_or_else(broken)?).map_err(|_| broken())
}

/// Refuses a puzzle that has a field set that is no rule the workbench reads and not one the
/// editor writes for its own use, naming the first.
fn refuse_unknown(puzzle: &Map<String, Value>) -> Result<(), String> {
    let set = |value: &Value| match value {
        Value::Null => false,
        Value::Bool(on) => *on,
        Value::Number(number) => number.as_f64() != Some(0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
    };
    let known = |name: &str| {
        INERT.contains(&name)
            || READ.contains(&name)
            || constraints::FIELDS.contains(&name)
            || name == "cage"
    };
    if let Some((name, _)) = puzzle.iter().find(|(name, value)| !known(name) && set(value)) {
        return Err(format!("its rule `{name}` is not one the workbench reads"));
    }
    // A drawn cage is a drawing, unless its value is a digital root, which one solver reads
    // as a rule.
    if let Some(Value::Array(cages)) = puzzle.get("cage") {
        let rooted = cages.iter().any(|cage| {
            cage.get("value")
                .and_then(Value::as_str)
                .is_some_and(|value| value.trim().to_ascii_uppercase().starts_with("DR"))
        });
        if rooted {
            return Err("its `cage` has a digital-root value (`DR...`), a rule the workbench \
                        does not read"
                .to_owned());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
