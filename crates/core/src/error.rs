//! What can be wrong with an input, and where.
//!
//! Every error is one line naming the puzzle (its 1-based number in the input), the line and,
//! where it makes sense, the column (1-based, counted in bytes), then what was expected and what
//! was found. Callers that know the file name put it in front: `puzzles.txt: puzzle 3, line 12,
//! column 5: ...`.

use std::fmt;
use std::io;

use crate::alphabet::Alphabet;
use crate::format::Format;
use crate::grid::Conflict;
use crate::layout::{Broken, LayoutError};
use crate::size::{CellName, Size};

/// Where in the input an error was found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Place {
    /// The 1-based number of the puzzle being read, or `None` before the first puzzle.
    pub puzzle: Option<usize>,
    /// The 1-based line number.
    pub line: usize,
    /// The 1-based column (a byte offset), when the error is at one character.
    pub column: Option<usize>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(puzzle) = self.puzzle {
            write!(f, "puzzle {puzzle}, ")?;
        }
        write!(f, "line {}", self.line)?;
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        Ok(())
    }
}

/// A byte found where it does not belong, shown as a character when it is printable ASCII.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Found(pub u8);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            b' ' => f.write_str("a space"),
            b'\t' => f.write_str("a tab"),
            b'\r' => f.write_str("a carriage return (byte 0x0D)"),
            byte if byte.is_ascii_graphic() => write!(f, "'{}'", char::from(byte)),
            byte => write!(f, "byte 0x{byte:02X}"),
        }
    }
}

/// The kinds of malformed input.
#[derive(Debug, thiserror::Error)]
pub enum ReadErrorKind {
    /// The input holds no puzzle at all.
    #[error("no puzzle found: the input {}", if *.only_comments { "holds only comments and blank lines" } else { "is empty" })]
    NoPuzzle {
        /// Whether the input had lines (comments or blank) rather than nothing.
        only_comments: bool,
    },
    /// A `# boxes` line that names no shape of box.
    #[error(
        "`# boxes` takes the rows and columns of a box, each 2 to 8 (`# boxes 4x3`), not '{0}'"
    )]
    BadBoxes(String),
    /// A word of a `# layout` line that names no rule.
    #[error(
        "`# layout` takes `classic` alone, or words among jigsaw, x, windoku, disjoint, \
         anti-knight, anti-king and pencilmark; '{0}' is none of them"
    )]
    UnknownLayoutWord(String),
    /// An `# extra` line that names no group of cells: why, in a phrase.
    #[error("`# extra`: {0}")]
    BadExtra(String),
    /// A rule line (`# killer 15 r1c1 r1c2`, ...) that cannot be taken: why, in a phrase.
    #[error("rule line: {0}")]
    BadRules(String),
    /// A `# regions` line or block that gives no regions: why, in a phrase.
    #[error("`# regions`: {0}")]
    BadRegions(String),
    /// Regions that make no layout (a region of the wrong count of cells), or a rule they
    /// exclude (`windoku` needs the boxes).
    #[error("`# regions`: {0}")]
    RegionsLayout(LayoutError),
    /// A puzzle of another side than the regions in force.
    #[error("the puzzle is {size}, but the regions in force (line {line}) are for {side}×{side}")]
    LayoutSide {
        /// The puzzle's size.
        size: Size,
        /// The side of the regions.
        side: usize,
        /// The line of the `# regions` block.
        line: usize,
    },
    /// A puzzle whose size the rules in force do not fit (`windoku` at 6×6).
    #[error("the layout in force (line {line}) cannot be made at {size}: {error}")]
    LayoutNotMade {
        /// The puzzle's size.
        size: Size,
        /// Why not.
        error: LayoutError,
        /// The line of the `# layout` line.
        line: usize,
    },
    /// A puzzle after a `# layout`, `# extra`, `# regions` or `# boxes` line that could not be
    /// read: the layout or boxes it meant to give are unknown, so the puzzle is not read under
    /// others.
    #[error("{}", after_failed_directive(.directive, *.line))]
    AfterFailedDirective {
        /// The directive's word: `layout`, `extra`, `regions`, `rule` (a rule line) or `boxes`.
        directive: &'static str,
        /// Its line.
        line: usize,
    },
    /// A line that is no puzzle, followed by one-line puzzles: a title without `#`. It is
    /// skipped, and the puzzles after it are read.
    #[error(
        "skipped: this line is no puzzle, and the line after it is a one-line puzzle (a line \
         starting with `#` is a comment)"
    )]
    NotAPuzzle,
    /// A puzzle after `# layout jigsaw` with no `# regions` block before it.
    #[error("`# layout jigsaw` (line {0}) needs a `# regions` block before the puzzle")]
    JigsawWithoutRegions(usize),
    /// A pencilmark line whose length is no grid's (`side³` characters) or not the size forced.
    #[error(
        "a pencilmark line has {} characters, not {found}",
        match .forced {
            Some(size) => format!("{} ({size}: {} marks for each cell)", size.side().pow(3), size.side()),
            None => "a side's cube (64 at 4×4, 729 at 9×9, 4096 at 16×16)".to_owned(),
        }
    )]
    PencilmarkCount {
        /// Characters found.
        found: usize,
        /// The size forced, if it is.
        forced: Option<Size>,
    },
    /// A mark of a pencilmark line that is neither its place's value nor a blank.
    #[error(
        "expected {symbol} (candidate {value} of {cell}) or a blank ('.' or '0'), found {found}"
    )]
    PencilmarkMark {
        /// The character.
        found: Found,
        /// The value of its place.
        value: u8,
        /// That value's symbol.
        symbol: Found,
        /// The cell.
        cell: CellName,
    },
    /// An f-puzzles puzzle (its JSON, or a link to it) that cannot be read: why, in a phrase.
    #[error("f-puzzles puzzle: {0}")]
    Fpuzzles(String),
    /// A character that is neither a symbol of the grid nor a blank where a cell was expected.
    #[error("expected {} or a blank ({}), found {found}", symbols_of(*.size, *.alphabet), .alphabet.blanks())]
    BadCell {
        /// The character.
        found: Found,
        /// The size of the grid being read.
        size: Size,
        /// The symbols the grid is read with.
        alphabet: Alphabet,
    },
    /// A symbol of a larger grid (`H` in a 16×16 grid, `5` in a 4×4 one).
    #[error(
        "{}{found} is not a {size} symbol ({})",
        .line_cells.map_or(String::new(), |cells| format!("{cells} symbols: {size}, but ")),
        .alphabet.range(*.size)
    )]
    NotASymbol {
        /// The symbol.
        found: Found,
        /// The size of the grid being read.
        size: Size,
        /// The symbols the grid is read with.
        alphabet: Alphabet,
        /// The symbols of the one-line puzzle whose length gave the size, if it did.
        line_cells: Option<usize>,
    },
    /// A number above the side in a grid written with numbers.
    #[error("{number} is not a value of a {size} grid (1-{})", .size.side())]
    ValueTooLarge {
        /// The number as written, whole.
        number: String,
        /// The size of the grid being read.
        size: Size,
    },
    /// Two cells written without the space the judge format puts between them.
    #[error("expected a space between cells, found {0}")]
    MissingSpace(Found),
    /// A row or line with the wrong number of cells for the grid's size.
    #[error(
        "{what} has {}, expected {expected}{}",
        count_of(*.found, .unit),
        if *.forced { format!(": the size is set to {size}") } else { format!(" (a {size} grid)") }
    )]
    CellCount {
        /// `"row"` or `"line"`.
        what: &'static str,
        /// `"cells"`, or `"numbers"` in the numeric block.
        unit: &'static str,
        /// Cells found.
        found: usize,
        /// Cells expected: the side in a row, every cell on a line.
        expected: usize,
        /// The size expected: the nearest to what was found, or the size forced.
        size: Size,
        /// Whether the size was forced rather than detected.
        forced: bool,
    },
    /// A line or first row whose length is far from that of any grid.
    #[error("a {what} of {} is no grid: {}", count_of(*.found, .unit), if *.what == "line" {
        format!("one-line puzzles have {}", list(sizes(36).map(Size::cells)))
    } else {
        format!("rows have {}", list(sizes(*.max_side).map(Size::side)))
    })]
    NoGrid {
        /// `"row"` or `"line"`.
        what: &'static str,
        /// `"cells"`, or `"numbers"` in the numeric block.
        unit: &'static str,
        /// Cells found.
        found: usize,
        /// The largest side the format holds.
        max_side: usize,
    },
    /// A size forced on a format that has no symbols for it.
    #[error(
        "the {format} format has one symbol per cell and cannot hold a {size} grid (at most 36×36)"
    )]
    NoSymbols {
        /// The format.
        format: Format,
        /// The size forced.
        size: Size,
    },
    /// Text after the cells of a one-line puzzle.
    #[error("unexpected text after the {cells} cells: {found}")]
    TrailingText {
        /// The cells of the grid.
        cells: usize,
        /// The first character of the text.
        found: Found,
    },
    /// A block that ends (at a blank line, comment or end of input) before its last row.
    #[error(
        "the grid ends after {} {}, expected {expected}",
        .found, if *.found == 1 { "row" } else { "rows" }
    )]
    TooFewRows {
        /// Rows read before the block ended.
        found: usize,
        /// Rows of the grid: its side.
        expected: usize,
    },
    /// A line far longer than any puzzle line.
    #[error(
        "line is {length} bytes long; a puzzle line has at most {max} bytes{}",
        if *.carriage_returns {
            " (it holds carriage returns: lines that end with CR alone are read as lines only \
             when the input's first line ends so)"
        } else {
            ""
        }
    )]
    LineTooLong {
        /// The length of the line in bytes.
        length: u64,
        /// The longest line accepted.
        max: usize,
        /// Whether its first bytes hold a carriage return (`\r`): lines that end with `\r`
        /// alone in an input whose first line ends with `\n`.
        carriage_returns: bool,
    },
    /// Two clues repeat a value in one row, column or box.
    #[error(
        "clue {}{} at {} repeats in {} (also at {}, line {}, column {})",
        .conflict.digit, .written.map_or(String::new(), |symbol| format!(" ({symbol})")),
        .conflict.size.name(.conflict.second), .conflict.unit,
        .conflict.size.name(.conflict.first), .first_at.0, .first_at.1
    )]
    RepeatedClue {
        /// The two cells and their unit.
        conflict: Conflict,
        /// The symbol of the value when it is not the value's number (`'G'` for 16).
        written: Option<Found>,
        /// Line and column of the earlier clue (the error's place is the later one).
        first_at: (usize, usize),
    },
    /// Two clues repeat a value in a house or pair of the puzzle's layout (`# layout`).
    #[error("{}", broken_clue(.broken, *.written, *.first_at))]
    BrokenClue {
        /// The rule broken and its cells (boxed: errors are passed by value, and this is the
        /// largest of them).
        broken: Box<Broken>,
        /// The symbol of the value when it is not the value's number (`'G'` for 16).
        written: Option<Found>,
        /// Line and column of the earlier clue (the error's place is the later one).
        first_at: (usize, usize),
    },
    /// The input could not be read.
    #[error("cannot read input: {0}")]
    Io(#[from] io::Error),
}

/// The message of clues that break their layout, the earlier one at `first_at`: as
/// [`ReadErrorKind::RepeatedClue`] says it of rows, columns and boxes.
fn broken_clue(broken: &Broken, written: Option<Found>, first_at: (usize, usize)) -> String {
    let written = written.map_or(String::new(), |symbol| format!(" ({symbol})"));
    let (line, column) = first_at;
    match broken {
        Broken::Repeat { value, house: Some(house), first, second, .. } => format!(
            "clue {value}{written} at {second} repeats in {house} (also at {first}, line {line}, \
             column {column})"
        ),
        Broken::Repeat { value, rule, first, second, .. } => format!(
            "clue {value}{written} at {second} repeats {} away (at {first}, line {line}, column \
             {column})",
            rule.map_or("a pair", |rule| rule.unit_name())
        ),
        Broken::NotACandidate { cell, value } => {
            format!("clue {value}{written} at {cell} is not one of its candidates")
        }
        Broken::Constraint { message, .. } => format!("the clues break a rule: {message}"),
    }
}

/// The message of a puzzle after the `# directive` line on `line` failed: what it leaves
/// unknown, and what ends the refusal.
fn after_failed_directive(directive: &str, line: usize) -> String {
    let (unknown, until) = match directive {
        "boxes" => ("boxes are", "a good `# boxes` line gives them again"),
        "regions" => ("layout is", "good `# regions` or a good `# layout` line give it again"),
        "rule" => {
            return format!(
                "not read: the rule line {line} before it could not be taken, so its layout is \
                 unknown (a good `# layout` line gives it again)"
            );
        }
        _ => ("layout is", "a good `# layout` line gives it again"),
    };
    format!(
        "not read: the `# {directive}` line {line} before it could not be read, so its {unknown} \
         unknown ({until})"
    )
}

/// What a cell of `size` may hold in `alphabet`, for messages: `a digit 1-9`,
/// `a 16×16 symbol 1-9, A-G`, `a number 1-16`.
fn symbols_of(size: Size, alphabet: Alphabet) -> String {
    let range = alphabet.range(size);
    let one_digit = match alphabet {
        Alphabet::FromZero => size.side() <= 10,
        Alphabet::FromOne | Alphabet::Numbers => size.side() <= 9,
    };
    if one_digit {
        format!("a digit {range}")
    } else if alphabet == Alphabet::Numbers {
        format!("a number {range}")
    } else {
        format!("a {size} symbol {range}")
    }
}

/// `count` followed by `unit` (a plural noun: `cells`, `numbers`), in the singular for one.
fn count_of(count: usize, unit: &str) -> String {
    if count == 1 {
        format!("1 {}", unit.strip_suffix('s').unwrap_or(unit))
    } else {
        format!("{count} {unit}")
    }
}

/// The sizes up to a side of `max_side`.
fn sizes(max_side: usize) -> impl Iterator<Item = Size> {
    Size::all().filter(move |size| size.side() <= max_side && size.has_usual_boxes())
}

/// `4, 9, 16 or 25`.
fn list(counts: impl Iterator<Item = usize>) -> String {
    let counts: Vec<String> = counts.map(|count| count.to_string()).collect();
    match counts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => counts.concat(),
    }
}

/// A malformed input: where, and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{place}: {kind}")]
pub struct ReadError {
    /// Where the problem is.
    pub place: Place,
    /// What the problem is.
    pub kind: ReadErrorKind,
    /// The format the puzzle was being read in when the problem was found (forced, or detected
    /// from its first line), or `None` when no puzzle had started. A caller that answers each
    /// puzzle with one line uses it to keep its output in step with the input: a failed
    /// one-line puzzle still gets a line.
    pub format: Option<Format>,
}

impl ReadError {
    /// Whether this is the error of a line that is no puzzle: a `#` directive that failed, or
    /// a line skipped before one-line puzzles ([`ReadErrorKind::NotAPuzzle`]). Such a line
    /// has no puzzle number, and a caller that answers each puzzle with a line of output gives
    /// it none; the errors of the whole input (no puzzle at all, a failure to read) are not
    /// of a line.
    pub fn is_bad_line(&self) -> bool {
        self.place.puzzle.is_none()
            && !matches!(self.kind, ReadErrorKind::NoPuzzle { .. } | ReadErrorKind::Io(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_bytes_are_shown_readably() {
        assert_eq!(Found(b'x').to_string(), "'x'");
        assert_eq!(Found(b' ').to_string(), "a space");
        assert_eq!(Found(0xFF).to_string(), "byte 0xFF");
        assert_eq!(Found(0).to_string(), "byte 0x00");
    }

    #[test]
    fn counts_of_one_are_singular() {
        let kind = ReadErrorKind::CellCount {
            what: "row",
            unit: "numbers",
            found: 1,
            expected: 9,
            size: Size::NINE,
            forced: false,
        };
        assert_eq!(kind.to_string(), "row has 1 number, expected 9 (a 9×9 grid)");
        let kind = ReadErrorKind::NoGrid { what: "line", unit: "cells", found: 1, max_side: 36 };
        assert!(kind.to_string().starts_with("a line of 1 cell is no grid"), "{kind}");
        let kind = ReadErrorKind::TooFewRows { found: 1, expected: 9 };
        assert_eq!(kind.to_string(), "the grid ends after 1 row, expected 9");
        let kind = ReadErrorKind::TooFewRows { found: 2, expected: 9 };
        assert_eq!(kind.to_string(), "the grid ends after 2 rows, expected 9");
    }

    #[test]
    fn place_omits_what_it_does_not_know() {
        let place = Place { puzzle: None, line: 4, column: None };
        assert_eq!(place.to_string(), "line 4");
        let place = Place { puzzle: Some(2), line: 4, column: Some(7) };
        assert_eq!(place.to_string(), "puzzle 2, line 4, column 7");
    }
}
