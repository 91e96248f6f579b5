//! Puzzles made in the f-puzzles editor: its JSON, or a link that carries that JSON compressed
//! (`https://www.f-puzzles.com/?load=N4Ig...`, or SudokuPad's `.../fpuzzlesN4Ig...`), one a
//! line. What is read is the grid of boxes and its givens; a puzzle with any other constraint
//! (extra regions, a jigsaw's drawn regions, killer cages, lines, given pencil marks, ...) is
//! refused with the constraint's name, so no variant is ever solved as a classic puzzle.
//!
//! The JSON's fields, as the editor writes them: `size` (the side), `grid` (`size` rows of
//! `size` cells, each an object: `value` with `given: true` for a given; a `value` without it
//! is the solver's entry and is not a clue; `region` when the cell's region was redrawn), and
//! one top-level field per constraint (`diagonal+`, `antiknight`, `killercage`, ...), absent,
//! `false` or empty when the puzzle does not have it. The link's text is LZ-String's base64
//! form of that JSON (`compressToBase64`), sometimes percent-escaped.

use serde_json::{Map, Value};

use crate::grid::Grid;
use crate::size::Size;

/// The top-level fields that constrain nothing: everything else that is set is a constraint.
const INERT: [&str; 6] = ["size", "grid", "title", "author", "ruleset", "solution"];

/// Whether a line (without its indentation) is an f-puzzles puzzle, or meant as one: a JSON
/// object or a web link. No grid format starts with either.
pub(crate) fn recognizes(line: &[u8]) -> bool {
    line.first() == Some(&b'{') || line.starts_with(b"http://") || line.starts_with(b"https://")
}

/// The givens of the f-puzzles puzzle on `line`, or why it cannot be read, in a phrase.
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
    let Some(Value::Array(rows)) = puzzle.get("grid") else {
        return Err("it has no `grid` of rows".to_owned());
    };
    let side = size.side();
    if rows.len() != side {
        return Err(format!("its `grid` has {} rows, expected {side}", rows.len()));
    }
    let mut grid = Grid::empty(size);
    for (row, cells) in rows.iter().enumerate() {
        let Value::Array(cells) = cells else {
            return Err(format!("row {} of its `grid` is not a list", row + 1));
        };
        if cells.len() != side {
            return Err(format!("row {} has {} cells, expected {side}", row + 1, cells.len()));
        }
        for (col, cell) in cells.iter().enumerate() {
            let index = row * side + col;
            if let Some(value) = given(cell, size, index)
                .map_err(|problem| format!("the cell r{}c{} {problem}", row + 1, col + 1))?
            {
                grid.set(index, value);
            }
        }
    }
    Ok(grid)
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

/// Refuses a puzzle that has any constraint besides its boxes and givens, naming the first.
fn refuse_constraints(puzzle: &Map<String, Value>) -> Result<(), String> {
    let set = |value: &Value| match value {
        Value::Null => false,
        Value::Bool(on) => *on,
        Value::Number(number) => number.as_f64() != Some(0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
    };
    match puzzle.iter().find(|(name, value)| !INERT.contains(&name.as_str()) && set(value)) {
        Some((name, _)) => Err(format!(
            "its constraint `{name}` is not read (only a grid of boxes and its givens are)"
        )),
        None => Ok(()),
    }
}

/// The given of a cell of the JSON's grid, if it has one; `Err` says what is wrong with it.
fn given(cell: &Value, size: Size, index: usize) -> Result<Option<u8>, String> {
    let Value::Object(cell) = cell else {
        return Err("is not an object".to_owned());
    };
    if let Some(region) = cell.get("region") {
        // The editor writes a cell's region when it was redrawn: a jigsaw, unless it is the
        // cell's own box after all.
        if region.as_u64() != Some(size.box_of(index) as u64) {
            return Err("has a region drawn by hand (jigsaw puzzles are not read)".to_owned());
        }
    }
    if cell
        .get("givenPencilMarks")
        .is_some_and(|marks| marks.as_array().is_none_or(|m| !m.is_empty()))
    {
        return Err("has given pencil marks (pencilmark puzzles are not read)".to_owned());
    }
    if cell.get("given") != Some(&Value::Bool(true)) {
        return Ok(None);
    }
    let side = size.side() as u64;
    match cell.get("value").and_then(Value::as_u64) {
        Some(value) if (1..=side).contains(&value) => Ok(Some(value as u8)),
        _ => Err(format!("is a given without a value from 1 to {side}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a puzzle of `size` with `givens` (cell, value), and `extra` fields.
    fn json(size: Size, givens: &[(usize, u8)], extra: &str) -> String {
        let side = size.side();
        let rows: Vec<String> = (0..side)
            .map(|row| {
                let cells: Vec<String> = (0..side)
                    .map(|col| match givens.iter().find(|(cell, _)| *cell == row * side + col) {
                        Some((_, value)) => format!("{{\"value\":{value},\"given\":true}}"),
                        None => "{}".to_owned(),
                    })
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("{{\"size\":{side},\"grid\":[{}],\"title\":\"t\"{extra}}}", rows.join(","))
    }

    #[test]
    fn a_json_line_and_its_link_give_the_same_givens_at_every_side_boxes_make() {
        for side in [4, 6, 8, 9, 10, 12, 15, 16] {
            let size = Size::from_side(side).unwrap();
            let givens = [(0, 1), (side + 2, 2), (size.cells() - 1, side as u8)];
            let text = json(size, &givens, ",\"diagonal+\":false,\"killercage\":[]");
            let grid = parse(text.as_bytes()).unwrap();
            assert_eq!(grid.size(), size);
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
    fn constraints_jigsaws_and_pencil_marks_are_refused_by_name() {
        let size = Size::NINE;
        for (extra, named) in [
            (",\"diagonal+\":true", "`diagonal+`"),
            (",\"antiknight\":true", "`antiknight`"),
            (",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"5\"}]", "`killercage`"),
        ] {
            let error = parse(json(size, &[], extra).as_bytes()).unwrap_err();
            assert!(error.contains(named), "{error}");
        }
        // r1c1 is in box 0: its own box is no jigsaw, box 4 is.
        let own = json(size, &[], "").replacen("{}", "{\"region\":0}", 1);
        assert!(parse(own.as_bytes()).is_ok());
        let jigsaw = json(size, &[], "").replacen("{}", "{\"region\":4}", 1);
        assert!(parse(jigsaw.as_bytes()).unwrap_err().contains("jigsaw"));
        let marks = json(size, &[], "").replacen("{}", "{\"givenPencilMarks\":[1,2]}", 1);
        assert!(parse(marks.as_bytes()).unwrap_err().contains("pencil"));
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
