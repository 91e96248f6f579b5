//! What can be wrong with an input, and where.
//!
//! Every error is one line naming the puzzle (its 1-based number in the input), the line and,
//! where it makes sense, the column (1-based, counted in bytes), then what was expected and what
//! was found. Callers that know the file name put it in front: `puzzles.txt: puzzle 3, line 12,
//! column 5: ...`.

use std::fmt;
use std::io;

use crate::format::Format;
use crate::grid::Conflict;

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
    /// A character that is neither a digit nor a blank (`0` or `.`) where a cell was expected.
    #[error("expected a digit 1-9 or a blank ('0' or '.'), found {0}")]
    BadCell(Found),
    /// Two cells written without the space the judge format puts between them.
    #[error("expected a space between cells, found {0}")]
    MissingSpace(Found),
    /// A row or line with the wrong number of cells.
    #[error("{what} has {found} cells, expected {expected}")]
    CellCount {
        /// `"row"` or `"line"`.
        what: &'static str,
        /// Cells found.
        found: usize,
        /// Cells expected: 9 in a row, 81 on a line.
        expected: usize,
    },
    /// Text after the 81 cells of a one-line puzzle.
    #[error("unexpected text after the 81 cells: {0}")]
    TrailingText(Found),
    /// A block that ends (at a blank line, comment or end of input) before its ninth row.
    #[error("the grid ends after {found} rows, expected 9")]
    TooFewRows {
        /// Rows read before the block ended.
        found: usize,
    },
    /// A line far longer than any puzzle line.
    #[error("line is {length} bytes long; a puzzle line has at most {max} bytes")]
    LineTooLong {
        /// The length of the line in bytes.
        length: u64,
        /// The longest line accepted.
        max: usize,
    },
    /// Two clues repeat a digit in one row, column or box.
    #[error(
        "clue {} at {} repeats in {} (also at {}, line {}, column {})",
        .conflict.digit, .conflict.size.name(.conflict.second), .conflict.unit,
        .conflict.size.name(.conflict.first), .first_at.0, .first_at.1
    )]
    RepeatedClue {
        /// The two cells and their unit.
        conflict: Conflict,
        /// Line and column of the earlier clue (the error's place is the later one).
        first_at: (usize, usize),
    },
    /// The input could not be read.
    #[error("cannot read input: {0}")]
    Io(#[from] io::Error),
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
    fn place_omits_what_it_does_not_know() {
        let place = Place { puzzle: None, line: 4, column: None };
        assert_eq!(place.to_string(), "line 4");
        let place = Place { puzzle: Some(2), line: 4, column: Some(7) };
        assert_eq!(place.to_string(), "puzzle 2, line 4, column 7");
    }
}
