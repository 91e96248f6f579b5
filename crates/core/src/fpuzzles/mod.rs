//! Puzzles made in the f-puzzles editor: its JSON, or a link that carries that JSON compressed
//! (`https://www.f-puzzles.com/?load=N4Ig...`, or SudokuPad's `.../fpuzzlesN4Ig...`), one a
//! line. What is read is the grid of boxes or redrawn regions, its givens, and the constraints
//! a [`Layout`] holds: the diagonals, anti-knight, anti-king, disjoint groups, extra regions
//! and given pencil marks. A puzzle with any other constraint (killer cages, thermometers,
//! arrows, kropki dots, `nonconsecutive`, ...) is refused with the constraint's name, so no
//! variant is ever solved as a puzzle with fewer rules.
//!
//! The JSON's fields, as the editor writes them: `size` (the side), `grid` (`size` rows of
//! `size` cells, each an object: `value` with `given: true` for a given; a `value` without it
//! is the solver's entry and is not a clue; `region`, the 0-based number of the cell's region,
//! when it was redrawn from the cell's box; `givenPencilMarks`, the values the cell may hold
//! when the puzzle gives them), and one top-level field per constraint, absent, `false` or
//! empty when the puzzle does not have it: `diagonal+` (the diagonal from r{side}c1 up to
//! r1c{side}) and `diagonal-` (r1c1 down to r{side}c{side}), `antiknight`, `antiking` and
//! `disjointgroups` are `true` or `false`; `extraregion` is a list of `{"cells": ["R1C1",
//! ...]}`, each a group of cells that all differ; `killercage`, `thermometer`, ... are the
//! constraints not read. The link's text is LZ-String's base64 form of that JSON
//! (`compressToBase64`), sometimes percent-escaped.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::grid::Grid;
use crate::layout::{Layout, LayoutError, Rule};
use crate::size::Size;

/// The top-level fields that constrain nothing.
const INERT: [&str; 6] = ["size", "grid", "title", "author", "ruleset", "solution"];

/// The top-level constraints read into the grid's layout; everything else that is set, and is
/// not [`INERT`], is refused.
const READ: [&str; 6] =
    ["diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "extraregion"];

/// The yes-or-no constraints that are a [`Rule`] of a layout. The diagonals are not among
/// them: the rule is both, and f-puzzles sets each on its own.
const RULES: [(&str, Rule); 3] = [
    ("antiknight", Rule::AntiKnight),
    ("antiking", Rule::AntiKing),
    ("disjointgroups", Rule::Disjoint),
];

/// Whether a line (without its indentation) is an f-puzzles puzzle, or meant as one: a JSON
/// object or a web link. No grid format starts with either.
pub(crate) fn recognizes(line: &[u8]) -> bool {
    line.first() == Some(&b'{') || line.starts_with(b"http://") || line.starts_with(b"https://")
}

/// The f-puzzles puzzle on `line`: its givens, under the layout its constraints make (none if
/// it is a classic puzzle); or why it cannot be read, in a phrase.
pub(crate) fn parse(line: &[u8]) -> Result<Grid, String> {
    let json = if line.first() == Some(&b'{') {
        String::from_utf8(line.to_vec()).map_err(|_| "the JSON is not UTF-8 text".to_owned())?
    } else {
        decompress(compressed_part(line)?)?
    };
    let value: Value =
        serde_json::from_str(&json).map_err(|error| format!("the JSON does not read: {error}"))?;
    let Value::Object(puzzle) = value else {
        return Err("the JSON is not an object".to_owned());
    };
    refuse_constraints(&puzzle)?;
    let side = match puzzle.get("size") {
        Some(Value::Number(side)) => side.as_u64().unwrap_or(0),
        Some(_) => return Err("its `size` is not a number".to_owned()),
        None => 9,
    };
    let size = usize::try_from(side)
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| format!("its `size` is {side}: no grid of boxes has that side"))?;
    let cells = read_grid(&puzzle, size)?;
    let mut grid = Grid::empty(size);
    for (index, cell) in cells.iter().enumerate() {
        if let Some(value) = cell.given {
            grid.set(index, value);
        }
    }
    let layout = layout(&puzzle, size, &cells)?;
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
fn layout(puzzle: &Map<String, Value>, size: Size, cells: &[Cell]) -> Result<Layout, String> {
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

/// Refuses a puzzle that has any constraint a layout does not hold, naming the first.
fn refuse_constraints(puzzle: &Map<String, Value>) -> Result<(), String> {
    let set = |value: &Value| match value {
        Value::Null => false,
        Value::Bool(on) => *on,
        Value::Number(number) => number.as_f64() != Some(0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
    };
    let known = |name: &str| INERT.contains(&name) || READ.contains(&name);
    match puzzle.iter().find(|(name, value)| !known(name) && set(value)) {
        Some((name, _)) => Err(format!(
            "its constraint `{name}` is not read (only regions, givens, given pencil marks, \
             the diagonals, anti-knight, anti-king, disjoint groups and extra regions are)"
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a puzzle of `size` whose cell `index` has the fields `cell(index)` (without
    /// its braces), with `extra` top-level fields.
    fn puzzle(size: Size, cell: impl Fn(usize) -> String, extra: &str) -> String {
        let side = size.side();
        let rows: Vec<String> = (0..side)
            .map(|row| {
                let cells: Vec<String> =
                    (0..side).map(|col| format!("{{{}}}", cell(row * side + col))).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("{{\"size\":{side},\"grid\":[{}],\"title\":\"t\"{extra}}}", rows.join(","))
    }

    /// The JSON of a puzzle of `size` with `givens` (cell, value), and `extra` fields.
    fn json(size: Size, givens: &[(usize, u8)], extra: &str) -> String {
        let given = |index| match givens.iter().find(|(cell, _)| *cell == index) {
            Some((_, value)) => format!("\"value\":{value},\"given\":true"),
            None => String::new(),
        };
        puzzle(size, given, extra)
    }

    /// The layout of the puzzle `text`, which must read and have one.
    fn layout_of(text: &str) -> Arc<Layout> {
        let grid = parse(text.as_bytes()).unwrap_or_else(|error| panic!("{text}: {error}"));
        grid.layout().unwrap_or_else(|| panic!("{text}: no layout")).clone()
    }

    /// The cells `(row, col)` (from 0) of a 9×9 grid where `on` holds.
    fn cells_where(on: impl Fn(usize, usize) -> bool) -> Vec<u16> {
        (0..81u16).filter(|&cell| on(usize::from(cell / 9), usize::from(cell % 9))).collect()
    }

    /// A 6×6 jigsaw, the editor's region numbers row by row; every region has six cells.
    const JIGSAW: [u32; 36] = [
        0, 0, 0, 1, 1, 1, //
        0, 0, 2, 2, 1, 1, //
        0, 2, 2, 3, 3, 1, //
        4, 2, 2, 3, 3, 5, //
        4, 4, 3, 3, 5, 5, //
        4, 4, 4, 5, 5, 5,
    ];

    /// The JSON of the 6×6 puzzle with regions `regions` (the editor's numbers) and `givens`,
    /// writing a cell's region only where it is not the cell's box, as the editor does.
    fn jigsaw(regions: &[u32], givens: &[(usize, u8)], extra: &str) -> String {
        let size = Size::from_side(6).unwrap();
        let given = |index: usize| {
            let mut fields = Vec::new();
            if regions[index] as usize != size.box_of(index) {
                fields.push(format!("\"region\":{}", regions[index]));
            }
            if let Some((_, value)) = givens.iter().find(|(cell, _)| *cell == index) {
                fields.push(format!("\"value\":{value},\"given\":true"));
            }
            fields.join(",")
        };
        puzzle(size, given, extra)
    }

    #[test]
    fn a_json_line_and_its_link_give_the_same_givens_at_every_side_boxes_make() {
        for side in [4, 6, 8, 9, 10, 12, 15, 16] {
            let size = Size::from_side(side).unwrap();
            let givens = [(0, 1), (side + 2, 2), (size.cells() - 1, side as u8)];
            let text = json(size, &givens, ",\"diagonal+\":false,\"killercage\":[]");
            let grid = parse(text.as_bytes()).unwrap();
            assert_eq!(grid.size(), size);
            assert!(grid.is_classic());
            assert_eq!(grid.clue_count(), 3);
            assert!(givens.iter().all(|&(cell, value)| grid.get(cell) == value));
            let packed = lz_str::compress_to_base64(&text);
            for link in [
                format!("https://www.f-puzzles.com/?load={packed}"),
                format!("https://sudokupad.app/fpuzzles{packed}"),
                format!("https://www.f-puzzles.com/?load={}", packed.replace('+', "%2B")),
            ] {
                assert!(recognizes(link.as_bytes()));
                assert_eq!(parse(link.as_bytes()), Ok(grid.clone()), "{link}");
            }
        }
    }

    #[test]
    fn entries_that_are_not_givens_are_not_clues() {
        let size = Size::NINE;
        let text = json(size, &[(0, 5)], "").replacen("{}", "{\"value\":3}", 1);
        let grid = parse(text.as_bytes()).unwrap();
        assert_eq!(grid.clue_count(), 1);
    }

    #[test]
    fn both_diagonals_are_the_x_rule_and_one_alone_is_an_extra_group() {
        let size = Size::NINE;
        let x = layout_of(&json(size, &[], ",\"diagonal+\":true,\"diagonal-\":true"));
        assert_eq!(x.rules(), &[Rule::Diagonals]);
        assert!(x.extra().is_empty() && x.regions().is_none() && x.candidates().is_none());
        // `diagonal-` runs down from r1c1, `diagonal+` up from r9c1.
        let minus = layout_of(&json(size, &[], ",\"diagonal-\":true,\"diagonal+\":false"));
        assert!(minus.rules().is_empty());
        assert_eq!(minus.extra().len(), 1);
        assert_eq!(&*minus.extra()[0], &cells_where(|row, col| row == col)[..]);
        let plus = layout_of(&json(size, &[], ",\"diagonal+\":true"));
        assert_eq!(&*plus.extra()[0], &cells_where(|row, col| row + col == 8)[..]);
        assert_eq!(plus.extra()[0][0], 8);
        // Two 5s on the main diagonal, in different rows, columns and boxes.
        let fives = [(0, 5), (80, 5)];
        assert!(parse(json(size, &fives, ",\"diagonal+\":true").as_bytes()).is_ok());
        let error = parse(json(size, &fives, ",\"diagonal-\":true").as_bytes()).unwrap_err();
        assert!(error.contains("5 at r9c9 repeats in extra region 1 (also at r1c1)"), "{error}");
        let both = ",\"diagonal-\":true,\"diagonal+\":true";
        let error = parse(json(size, &fives, both).as_bytes()).unwrap_err();
        assert!(error.contains("repeats in diagonal 1"), "{error}");
    }

    #[test]
    fn anti_knight_anti_king_and_disjoint_groups_are_rules() {
        let size = Size::NINE;
        for (field, rule) in [
            ("antiknight", Rule::AntiKnight),
            ("antiking", Rule::AntiKing),
            ("disjointgroups", Rule::Disjoint),
        ] {
            let layout = layout_of(&json(size, &[], &format!(",\"{field}\":true")));
            assert_eq!(layout.rules(), &[rule], "{field}");
            assert!(layout.extra().is_empty() && layout.regions().is_none());
            let off = parse(json(size, &[], &format!(",\"{field}\":false")).as_bytes()).unwrap();
            assert!(off.is_classic(), "{field}");
            let error = parse(json(size, &[], &format!(",\"{field}\":1")).as_bytes()).unwrap_err();
            assert!(error.contains(&format!("`{field}` is not true or false")), "{error}");
        }
        let all = ",\"antiking\":true,\"diagonal+\":true,\"disjointgroups\":true,\
                   \"antiknight\":true,\"diagonal-\":true";
        let layout = layout_of(&json(size, &[], all));
        let rules = [Rule::Diagonals, Rule::Disjoint, Rule::AntiKnight, Rule::AntiKing];
        assert_eq!(layout.rules(), &rules);
        // r1c3 and r2c5 are a knight's move apart, in different boxes.
        let fives = [(2, 5), (13, 5)];
        assert!(parse(json(size, &fives, "").as_bytes()).is_ok());
        let error = parse(json(size, &fives, ",\"antiknight\":true").as_bytes()).unwrap_err();
        assert!(error.contains("5 at r2c5 repeats a knight's move away (at r1c3)"), "{error}");
    }

    #[test]
    fn redrawn_regions_are_a_jigsaw() {
        let size = Size::from_side(6).unwrap();
        // r1c1 and r2c3 share box 1 but not a region: a jigsaw's givens, not a repeat.
        let givens = [(0, 1), (8, 1), (35, 6)];
        let text = jigsaw(&JIGSAW, &givens, "");
        assert!(text.contains("\"region\":2") && text.matches("region").count() < 36);
        let grid = parse(text.as_bytes()).unwrap();
        assert_eq!((grid.size(), grid.clue_count()), (size, 3));
        let layout = grid.layout().unwrap();
        // The regions are numbered in the order their first cells come: here the editor's.
        let expected: Vec<u8> = JIGSAW.iter().map(|&region| region as u8).collect();
        assert_eq!(layout.regions(), Some(&expected[..]));
        assert!(layout.rules().is_empty() && layout.extra().is_empty());
        assert_eq!(layout.name(), "6×6 jigsaw");
        // The editor's numbers need not be the order of the regions' first cells.
        let renumbered: Vec<u32> = JIGSAW.iter().map(|&region| 5 - region).collect();
        assert_eq!(
            &**parse(jigsaw(&renumbered, &givens, "").as_bytes()).unwrap().layout().unwrap(),
            &**layout
        );
        // Every region written, even where it is the cell's box: the same layout.
        let every = puzzle(size, |index| format!("\"region\":{}", JIGSAW[index]), "");
        assert_eq!(layout_of(&every).regions(), Some(&expected[..]));
        // And so does a link holding it.
        let packed = lz_str::compress_to_base64(&text);
        let link = format!("https://www.f-puzzles.com/?load={packed}");
        assert_eq!(parse(link.as_bytes()), Ok(grid.clone()));
        // The regions bound the givens: two 1s in region 0, in boxes 1 and 3.
        let error = parse(jigsaw(&JIGSAW, &[(1, 1), (12, 1)], "").as_bytes()).unwrap_err();
        assert_eq!(
            error,
            "its givens break its rules: 1 at r3c1 repeats in region 1 (also at r1c2)"
        );
    }

    #[test]
    fn regions_that_cannot_be_are_named_by_a_cell() {
        let mut seven = JIGSAW;
        seven[35] = 4;
        let error = parse(jigsaw(&seven, &[], "").as_bytes()).unwrap_err();
        assert_eq!(error, "the region of r4c1 has 7 cells, not 6");
        let mut many = JIGSAW;
        many[35] = 9;
        let error = parse(jigsaw(&many, &[], "").as_bytes()).unwrap_err();
        assert_eq!(error, "it has more than 6 regions");
        let disjoint = jigsaw(&JIGSAW, &[], ",\"disjointgroups\":true");
        let error = parse(disjoint.as_bytes()).unwrap_err();
        assert!(error.contains("`disjoint` needs boxes, not regions"), "{error}");
        let size = Size::NINE;
        for (cell, expected) in [
            ("{\"region\":null}", "r1c1 is in no region"),
            ("{\"region\":-1}", "r1c1 has a `region` that is not"),
        ] {
            let text = json(size, &[], "").replacen("{}", cell, 1);
            let error = parse(text.as_bytes()).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
    }

    #[test]
    fn extra_regions_are_extra_groups_in_their_order_before_a_lone_diagonal() {
        let size = Size::NINE;
        let extra = ",\"extraregion\":[{\"cells\":[\"R3C4\",\"R1C1\",\"R2C2\"]},\
                     {\"cells\":[\"r9c9\",\"R8C8\"]}],\"diagonal+\":true";
        let layout = layout_of(&json(size, &[], extra));
        let groups: Vec<&[u16]> = layout.extra().iter().map(|group| &**group).collect();
        let anti = cells_where(|row, col| row + col == 8);
        assert_eq!(groups, [&[0, 10, 21][..], &[70, 80], &anti]);
        assert!(layout.rules().is_empty());
        assert_eq!(layout.name(), "9×9 extra-regions");
        // Windoku, which the editor draws as four extra regions.
        let window = |top: usize, left: usize| {
            let cells: Vec<String> =
                (0..9).map(|k| format!("\"R{}C{}\"", top + k / 3, left + k % 3)).collect();
            format!("{{\"cells\":[{}]}}", cells.join(","))
        };
        let windows = [window(2, 2), window(2, 6), window(6, 2), window(6, 6)];
        let windoku =
            layout_of(&json(size, &[], &format!(",\"extraregion\":[{}]", windows.join(","))));
        assert_eq!(windoku.extra().len(), 4);
        assert_eq!(
            &*windoku.extra()[0],
            &cells_where(|r, c| (1..4).contains(&r) && (1..4).contains(&c))[..]
        );
        for (extra, expected) in [
            (
                ",\"extraregion\":[{\"cells\":[\"R10C1\"]}]",
                "extra region 1 has a cell \"R10C1\" not",
            ),
            (",\"extraregion\":[{\"cells\":[\"R1C0\"]}]", "not of the grid"),
            (",\"extraregion\":[{\"cells\":[\"R1C+1\"]}]", "not of the grid"),
            (",\"extraregion\":[{\"cells\":[1]}]", "has a cell 1 not"),
            (",\"extraregion\":[{}]", "extra region 1 has no list of `cells`"),
            (",\"extraregion\":{}", "`extraregion` is not a list"),
            (
                ",\"extraregion\":[{\"cells\":[\"R1C1\"]},{\"cells\":[\"R1C2\",\"R1C2\"]}]",
                "extra region 2 is not 9 or fewer distinct cells",
            ),
        ] {
            let error = parse(json(size, &[], extra).as_bytes()).unwrap_err();
            assert!(error.contains(expected), "{extra}: {error}");
        }
    }

    #[test]
    fn given_pencil_marks_are_the_starting_candidates() {
        let size = Size::NINE;
        let text = json(size, &[(40, 7)], "")
            .replacen("{}", "{\"givenPencilMarks\":[1,3]}", 1)
            .replacen("{}", "{\"givenPencilMarks\":[]}", 1)
            .replacen("{}", "{\"givenPencilMarks\":[9]}", 1);
        let grid = parse(text.as_bytes()).unwrap();
        assert_eq!(grid.clue_count(), 1);
        let layout = grid.layout().unwrap();
        let mut expected = vec![0x1FF; 81];
        (expected[0], expected[2]) = (0b101, 1 << 8);
        assert_eq!(layout.candidates(), Some(&expected[..]));
        assert_eq!(layout.name(), "9×9 pencilmark");
        // A given must be one of its cell's marks.
        let outside = json(size, &[(0, 2)], "").replacen(
            "\"given\":true",
            "\"given\":true,\"givenPencilMarks\":[1,3]",
            1,
        );
        let error = parse(outside.as_bytes()).unwrap_err();
        assert!(error.contains("2 at r1c1 is not one of its candidates"), "{error}");
        for (cell, expected) in [
            ("{\"givenPencilMarks\":[10]}", "r1c1 has a given pencil mark not from 1 to 9"),
            ("{\"givenPencilMarks\":[0]}", "not from 1 to 9"),
            ("{\"givenPencilMarks\":3}", "r1c1 has `givenPencilMarks` that are not a list"),
        ] {
            let error = parse(json(size, &[], "").replacen("{}", cell, 1).as_bytes()).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
    }

    #[test]
    fn other_constraints_are_still_refused_by_name() {
        let size = Size::NINE;
        for (extra, named) in [
            (",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"5\"}]", "`killercage`"),
            (
                ",\"diagonal+\":true,\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]",
                "`thermometer`",
            ),
            (",\"nonconsecutive\":true", "`nonconsecutive`"),
            (",\"negative\":[\"ratio\"]", "`negative`"),
        ] {
            let error = parse(json(size, &[], extra).as_bytes()).unwrap_err();
            assert!(error.contains(named) && error.contains("is not read"), "{error}");
        }
    }

    #[test]
    fn links_published_with_f_puzzles_importers_read_or_are_refused_by_name() {
        // An X-sudoku, and a puzzle of every grid-wide rule, from one importer's tests; a
        // puzzle with a diagonal, anti-king and an odd cell from another's.
        let x = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===";
        let grid = parse(x.as_bytes()).unwrap();
        assert_eq!(grid.layout().unwrap().rules(), &[Rule::Diagonals]);
        assert_eq!(grid.clue_count(), 22);
        assert_eq!((grid.get(2), grid.get(9), grid.get(80)), (7, 8, 4));
        let every = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0Q2CAEM0AewB2mgDYBqBABcMAVxioN2/UYC05qzZCa9ZiAGs9ENAAWZi7WqB5e3hB6aCFuGmAAVjpRZpg6lgAOYLGoevoAxvpgMPmWXgBucPAW1kRAA==";
        let error = parse(every.as_bytes()).unwrap_err();
        assert!(error.contains("`nonconsecutive`"), "{error}");
        let odd = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58RJDYIJNAHtm5ALTtOMVCTMbBAA1hDMaL5UqG7YuPCEIADGMGRkCCAASgBMAMIAbCDaXEA===";
        let error = parse(odd.as_bytes()).unwrap_err();
        assert!(error.contains("`odd`"), "{error}");
        // Without its odd cell: the main diagonal and anti-king.
        let json =
            String::from_utf16(&lz_str::decompress_from_base64(&odd[28..]).unwrap()).unwrap();
        let layout = layout_of(&json.replace(",\"odd\":[{\"cell\":\"R2C6\"}]", ""));
        assert_eq!(layout.rules(), &[Rule::AntiKing]);
        assert_eq!(&*layout.extra()[0], &cells_where(|row, col| row == col)[..]);
    }

    #[test]
    fn broken_input_says_what_is_wrong() {
        let size = Size::NINE;
        let cases: [(String, &str); 8] = [
            ("{\"size\":9".to_owned(), "does not read"),
            ("{\"size\":7,\"grid\":[]}".to_owned(), "no grid of boxes"),
            ("{\"size\":9}".to_owned(), "no `grid`"),
            (json(size, &[], "").replacen("{},", "", 1), "has 8 cells"),
            (json(size, &[(3, 9)], "").replace(":9,\"given", ":10,\"given"), "from 1 to 9"),
            ("https://www.f-puzzles.com/?load=%ZZ".to_owned(), "percent"),
            ("https://www.f-puzzles.com/?load=!!!!".to_owned(), "decompress"),
            ("https://example.com/puzzle".to_owned(), "no f-puzzles puzzle"),
        ];
        for (text, expected) in cases {
            let error = parse(text.as_bytes()).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn cut_or_random_links_are_errors_never_panics() {
        let text = json(Size::NINE, &[(0, 1), (40, 5)], "");
        let packed = lz_str::compress_to_base64(&text);
        // Every prefix of a true link, and a stream of characters of the base64 alphabet.
        for end in 0..packed.len() {
            let _ = parse(format!("https://www.f-puzzles.com/?load={}", &packed[..end]).as_bytes());
        }
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let cases = if cfg!(miri) { 20 } else { 3000 };
        for _ in 0..cases {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = (state % 300) as usize;
            let link: String = (0..length)
                .map(|i| {
                    char::from(alphabet[((state >> (i % 58)) as usize + i * 7) % alphabet.len()])
                })
                .collect();
            let _ = parse(format!("https://sudokupad.app/fpuzzles{link}").as_bytes());
        }
    }
}
