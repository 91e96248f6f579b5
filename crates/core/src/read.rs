//! Reading puzzles from bytes, one at a time, in any of the [`Format`]s.
//!
//! [`PuzzleReader`] wraps any [`BufRead`] and yields one `Result<Puzzle, ReadError>` per puzzle,
//! so a corpus of millions of lines is solved as it is read, never loaded whole. It works on
//! bytes, not strings: input that is not UTF-8 gets an error naming the byte, not a panic.
//!
//! A UTF-8 byte-order mark (`EF BB BF`, which some editors put at the start of a file) is
//! skipped when it opens the input; the first line's columns count from the character after it.
//! Whitespace at either end of a line is ignored, so CRLF line ends and indented grids are read
//! like any other; error columns still count from the line's first byte, leading whitespace
//! included, so they point at the character an editor shows there.
//!
//! Between puzzles, blank lines and lines starting with `#` are skipped. Each puzzle's format is
//! detected from its first line unless one is forced (see [`PuzzleReader::with_format`]):
//!
//! | first line looks like                  | format      |
//! |----------------------------------------|-------------|
//! | starts with `+` or `\|`                | `bordered`  |
//! | holds a `\|`, or is a rule of dashes   | `pretty`    |
//! | a first word of 27 characters or more  | `line`      |
//! | single characters separated by spaces  | `judge`     |
//! | anything else                          | `compact`   |
//!
//! A malformed puzzle yields an error and reading goes on with the next one: a multi-line block
//! is consumed to its ninth row (or to the blank line, comment or end of input that cuts it
//! short) before the error is returned, so one bad row does not derail the rest of the file.

use std::io::{self, BufRead};

use crate::alphabet::Alphabet;
use crate::error::{Found, Place, ReadError, ReadErrorKind};
use crate::format::Format;
use crate::grid::Grid;
use crate::size::Size;

/// Cells of a 9×9 grid, the size of the fast path.
const CELLS: usize = 81;

/// The byte-order mark that may open UTF-8 text; it is not part of the first line.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The longest line that may hold puzzle data. Longer lines are reported, not stored: only their
/// first bytes are kept, so a 10 MB line costs no more memory than a short one.
pub const MAX_LINE: usize = 1024;

/// One puzzle read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The clues.
    pub grid: Grid,
    /// The format it was written in (its solution is written back in the same one by default).
    pub format: Format,
    /// The symbols it was written with (its solution is written with the same ones).
    pub alphabet: Alphabet,
    /// Its 1-based position in the input, counting malformed puzzles too.
    pub number: usize,
    /// The 1-based line its text starts on.
    pub line: usize,
}

/// What a reader is told instead of detecting it; `None` detects (the default).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReadOptions {
    /// Every puzzle is in this format.
    pub format: Option<Format>,
    /// Every puzzle has this size.
    pub size: Option<Size>,
    /// Every puzzle is written with these symbols.
    pub alphabet: Option<Alphabet>,
}

/// Streams puzzles out of a reader. See the [module documentation](self) for the rules.
pub struct PuzzleReader<R> {
    lines: LineReader<R>,
    forced: Option<Format>,
    #[allow(dead_code, reason = "sizes and alphabets are read next")]
    options: ReadOptions,
    puzzles_started: usize,
    finished: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader that detects each puzzle's format, size and alphabet.
    pub fn new(reader: R) -> Self {
        Self::with_options(reader, ReadOptions::default())
    }

    /// A reader told what `options` say, detecting the rest.
    pub fn with_options(reader: R, options: ReadOptions) -> Self {
        PuzzleReader {
            lines: LineReader::new(reader),
            forced: options.format,
            options,
            puzzles_started: 0,
            finished: false,
        }
    }

    /// The next puzzle, `Ok(None)` at the end of the input.
    fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ReadError> {
        loop {
            if !self.advance(None)? {
                return Ok(None);
            }
            if !self.lines.is_blank_or_comment() {
                break;
            }
        }
        self.puzzles_started += 1;
        let number = self.puzzles_started;
        let first_line = self.lines.number;
        // The hot path: a well-formed one-line puzzle from the line's first byte (a line too
        // long to keep whole never has exactly 81 bytes). An indented line takes the general
        // path, which counts its columns from the start of the line.
        if self.forced.is_none_or(|format| format == Format::Line)
            && self.lines.indent == 0
            && let Some(grid) = plain_line(self.lines.text())
        {
            let cells = CellsBuilder::from_line(grid, first_line);
            let grid = cells.finish().map_err(|e| e.at(number).in_format(Format::Line))?;
            let alphabet = Alphabet::FromOne;
            return Ok(Some(Puzzle {
                grid,
                format: Format::Line,
                alphabet,
                number,
                line: first_line,
            }));
        }
        let format = self.forced.unwrap_or_else(|| detect(self.lines.text()));
        let grid = self.read_grid(format, number).map_err(|e| e.in_format(format))?;
        let alphabet = Alphabet::FromOne;
        Ok(Some(Puzzle { grid, format, alphabet, number, line: first_line }))
    }

    /// Reads puzzle `number` in `format`, starting at the current line.
    fn read_grid(&mut self, format: Format, number: usize) -> Result<Grid, ReadError> {
        if self.lines.is_too_long() {
            return Err(self.lines.too_long_error(number));
        }
        let mut cells = CellsBuilder::default();
        match format {
            Format::Line => {
                self.lines.parse_cells(format, &mut cells).map_err(|e| e.at(number))?;
            }
            Format::Judge | Format::Compact | Format::Pretty | Format::Bordered => {
                self.read_block(format, number, &mut cells)?;
            }
        }
        cells.finish().map_err(|e| e.at(number))
    }

    /// Reads the nine rows of a block whose first line is the current one. On a malformed row it
    /// keeps the first error and goes on consuming the block, so the next puzzle starts cleanly.
    fn read_block(
        &mut self,
        format: Format,
        number: usize,
        cells: &mut CellsBuilder,
    ) -> Result<(), ReadError> {
        let has_rules = matches!(format, Format::Pretty | Format::Bordered);
        let mut first_error: Option<ReadError> = None;
        let mut rows = 0;
        loop {
            let is_rule_line = has_rules && is_rule(self.lines.text());
            if !is_rule_line {
                if first_error.is_none() {
                    let parsed = if self.lines.is_too_long() {
                        Err(self.lines.too_long_error(number))
                    } else {
                        self.lines.parse_cells(format, cells).map_err(|e| e.at(number))
                    };
                    first_error = parsed.err();
                }
                rows += 1;
                if rows == 9 {
                    break;
                }
            }
            let more = self.advance(Some(number))?;
            if !more || self.lines.is_blank_or_comment() {
                return Err(first_error.unwrap_or(ReadError {
                    place: Place { puzzle: Some(number), line: self.lines.number, column: None },
                    kind: ReadErrorKind::TooFewRows { found: rows },
                    format: None,
                }));
            }
        }
        if has_rules && self.advance(Some(number))? && !is_rule(self.lines.text()) {
            self.lines.unread();
        }
        first_error.map_or(Ok(()), Err)
    }

    /// Moves to the next line; `false` at the end of the input.
    fn advance(&mut self, puzzle: Option<usize>) -> Result<bool, ReadError> {
        self.lines.next_line().map_err(|error| ReadError {
            place: Place { puzzle, line: self.lines.number + 1, column: None },
            kind: ReadErrorKind::Io(error),
            format: None,
        })
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        match self.next_puzzle() {
            Ok(Some(puzzle)) => Some(Ok(puzzle)),
            Ok(None) => {
                self.finished = true;
                (self.puzzles_started == 0).then(|| {
                    Err(ReadError {
                        place: Place { puzzle: None, line: self.lines.number.max(1), column: None },
                        kind: ReadErrorKind::NoPuzzle { only_comments: self.lines.number > 0 },
                        format: None,
                    })
                })
            }
            Err(error) => {
                // After a read failure the stream's position is unknown: stop rather than guess.
                if matches!(error.kind, ReadErrorKind::Io(_)) {
                    self.finished = true;
                }
                Some(Err(error))
            }
        }
    }
}

/// Reads the first puzzle of `text`, detecting its format. Convenient for tests and tools that
/// hold one puzzle in memory.
pub fn parse_one(text: &[u8]) -> Result<Puzzle, ReadError> {
    PuzzleReader::new(text)
        .next()
        .expect("a reader yields at least one item: a puzzle or the no-puzzle error")
}

/// The cells of a well-formed one-line puzzle (exactly 81 cell characters), or `None` for
/// anything else, which then takes the general path with its precise error messages. Nearly
/// every line of a corpus is well formed, and this path is branch-free so that the compiler
/// vectorizes it: it made reading a corpus several times faster.
fn plain_line(text: &[u8]) -> Option<[u8; CELLS]> {
    let text: &[u8; CELLS] = text.try_into().ok()?;
    let mut cells = [0; CELLS];
    let mut well_formed = true;
    for (cell, &byte) in cells.iter_mut().zip(text) {
        let digit = byte.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        well_formed &= is_digit | (byte == b'.');
        *cell = if is_digit { digit } else { 0 };
    }
    well_formed.then_some(cells)
}

/// Picks the format of a puzzle from its first line (see the module documentation), without
/// its leading whitespace (as [`LineReader::text`] gives it).
fn detect(line: &[u8]) -> Format {
    if matches!(line.first(), Some(b'+' | b'|')) {
        return Format::Bordered;
    }
    if line.contains(&b'|') || is_rule(line) {
        return Format::Pretty;
    }
    let mut words = line.split(|&b| is_space(b)).filter(|w| !w.is_empty());
    let first_word_len = words.next().map_or(0, <[u8]>::len);
    let more_words = words.next().is_some();
    if first_word_len >= 27 {
        Format::Line
    } else if first_word_len == 1 && more_words {
        Format::Judge
    } else {
        Format::Compact
    }
}

/// A line that only separates bands: dashes (or `=`), with optional `+` and `|`.
fn is_rule(line: &[u8]) -> bool {
    line.iter().any(|&b| b == b'-' || b == b'=')
        && line.iter().all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|') || is_space(b))
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// The value of a cell character: `Some(0)` for a blank, `Some(1..=9)` for a digit.
fn cell_value(byte: u8) -> Option<u8> {
    match byte {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(byte - b'0'),
        _ => None,
    }
}

/// An error found on one line, before the puzzle number is attached.
struct LineError {
    line: usize,
    column: Option<usize>,
    kind: ReadErrorKind,
}

impl LineError {
    fn at(self, puzzle: usize) -> ReadError {
        ReadError {
            place: Place { puzzle: Some(puzzle), line: self.line, column: self.column },
            kind: self.kind,
            format: None,
        }
    }
}

impl ReadError {
    /// The same error, saying which format its puzzle was being read in.
    fn in_format(self, format: Format) -> ReadError {
        ReadError { format: Some(format), ..self }
    }
}

/// Parses the cells of one line in `format`: a row of nine for the block formats, all 81 for
/// `line`. `text` is the line after its `indent` bytes of leading whitespace; cells are
/// appended to `cells` with their columns in the whole line.
fn parse_cells(
    format: Format,
    text: &[u8],
    line: usize,
    indent: usize,
    cells: &mut CellsBuilder,
) -> Result<(), LineError> {
    let (what, expected) = if format == Format::Line { ("line", CELLS) } else { ("row", 9) };
    let column_of = |index: usize| indent + index + 1;
    let error = |index: usize, kind| LineError { line, column: Some(column_of(index)), kind };
    let mut found = 0;
    let mut first_extra = None;
    let mut index = 0;
    while index < text.len() {
        let byte = text[index];
        let is_separator = match format {
            Format::Judge => is_space(byte),
            Format::Pretty | Format::Bordered => is_space(byte) || byte == b'|',
            Format::Compact | Format::Line => false,
        };
        if is_separator {
            index += 1;
            continue;
        }
        let Some(value) = cell_value(byte) else {
            if format == Format::Line && found == CELLS && is_space(byte) {
                let text_at = index + text[index..].iter().take_while(|&&b| is_space(b)).count();
                return Err(error(text_at, ReadErrorKind::TrailingText(Found(text[text_at]))));
            }
            return Err(error(index, ReadErrorKind::BadCell(Found(byte))));
        };
        if found < expected {
            cells.push(value, line, column_of(index));
        } else if first_extra.is_none() {
            first_extra = Some(index);
        }
        found += 1;
        index += 1;
        if format == Format::Judge
            && let Some(&next) = text.get(index).filter(|&&b| !is_space(b))
        {
            let kind = if cell_value(next).is_some() {
                ReadErrorKind::MissingSpace(Found(next))
            } else {
                ReadErrorKind::BadCell(Found(next))
            };
            return Err(error(index, kind));
        }
    }
    if found == expected {
        return Ok(());
    }
    let column = first_extra.unwrap_or(text.len());
    Err(error(column, ReadErrorKind::CellCount { what, found, expected }))
}

/// Collects the cells of one puzzle with the place each came from, for error messages.
///
/// Places are only read when a clue repeats, so they are kept compactly: the line of each
/// row of nine cells (a one-line puzzle has the same line throughout) and the column of each
/// cell.
struct CellsBuilder {
    grid: [u8; CELLS],
    /// The line of each row of nine cells.
    row_lines: [usize; 9],
    /// The 1-based column of each cell; 0 means "the cell's index plus one", the column of
    /// every cell of a well-formed one-line puzzle.
    columns: [u16; CELLS],
    len: usize,
}

impl Default for CellsBuilder {
    fn default() -> Self {
        CellsBuilder { grid: [0; CELLS], row_lines: [0; 9], columns: [0; CELLS], len: 0 }
    }
}

impl CellsBuilder {
    /// The cells of a well-formed one-line puzzle on `line`.
    fn from_line(grid: [u8; CELLS], line: usize) -> Self {
        CellsBuilder { grid, row_lines: [line; 9], columns: [0; CELLS], len: CELLS }
    }

    fn push(&mut self, value: u8, line: usize, column: usize) {
        self.grid[self.len] = value;
        self.row_lines[self.len / 9] = line;
        // Columns beyond `MAX_LINE` cannot occur: longer lines are rejected before parsing.
        self.columns[self.len] = column as u16;
        self.len += 1;
    }

    /// The line and column cell `cell` came from.
    fn place(&self, cell: usize) -> (usize, usize) {
        let column = match self.columns[cell] {
            0 => cell + 1,
            column => usize::from(column),
        };
        (self.row_lines[cell / 9], column)
    }

    /// The grid, or the error naming both cells of the first repeated clue.
    fn finish(self) -> Result<Grid, LineError> {
        debug_assert_eq!(self.len, CELLS, "parse_cells checks every row's length");
        let grid = Grid::from_cells(Size::NINE, &self.grid).expect("cell values are 0..=9");
        match grid.first_conflict() {
            None => Ok(grid),
            Some(conflict) => {
                let (line, column) = self.place(conflict.second);
                Err(LineError {
                    line,
                    column: Some(column),
                    kind: ReadErrorKind::RepeatedClue {
                        conflict,
                        first_at: self.place(conflict.first),
                    },
                })
            }
        }
    }
}

/// Splits a byte stream into lines without ever holding more than [`MAX_LINE`] bytes of one.
struct LineReader<R> {
    inner: R,
    /// The current line: at most `MAX_LINE + 1` bytes, without its terminator and trailing
    /// whitespace (so CRLF and trailing spaces are tolerated everywhere), and without the
    /// byte-order mark that may open the input.
    text: Vec<u8>,
    /// How many bytes of whitespace start `text`: [`LineReader::text`] leaves them out, and
    /// columns count them.
    indent: usize,
    /// The full length of the current line in bytes, however much of it was kept.
    length: u64,
    /// The 1-based number of the current line; 0 before the first.
    number: usize,
    /// Whether the next `next_line` returns the current line again.
    replay: bool,
}

impl<R: BufRead> LineReader<R> {
    fn new(inner: R) -> Self {
        LineReader {
            inner,
            text: Vec::with_capacity(128),
            indent: 0,
            length: 0,
            number: 0,
            replay: false,
        }
    }

    /// Moves to the next line; `Ok(false)` at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        if self.replay {
            self.replay = false;
            return Ok(true);
        }
        self.text.clear();
        self.length = 0;
        let mut any_bytes = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                break;
            }
            any_bytes = true;
            let newline = memchr::memchr(b'\n', available);
            let content = &available[..newline.unwrap_or(available.len())];
            let room = (MAX_LINE + 1).saturating_sub(self.text.len());
            self.text.extend_from_slice(&content[..content.len().min(room)]);
            self.length += content.len() as u64;
            let consumed = newline.map_or(available.len(), |at| at + 1);
            self.inner.consume(consumed);
            if newline.is_some() {
                break;
            }
        }
        if !any_bytes {
            return Ok(false);
        }
        self.number += 1;
        while let Some(&last) = self.text.last() {
            if !last.is_ascii_whitespace() {
                break;
            }
            self.text.pop();
        }
        if self.number == 1 && self.text.starts_with(BYTE_ORDER_MARK) {
            self.text.drain(..BYTE_ORDER_MARK.len());
            self.length -= BYTE_ORDER_MARK.len() as u64;
        }
        // Nearly every line starts with its first cell: this looks at one byte.
        self.indent = self.text.iter().take_while(|b| b.is_ascii_whitespace()).count();
        Ok(true)
    }

    /// The current line without the whitespace at either end.
    fn text(&self) -> &[u8] {
        &self.text[self.indent..]
    }

    /// Parses the cells of the current line in `format` (see [`parse_cells`]).
    fn parse_cells(&self, format: Format, cells: &mut CellsBuilder) -> Result<(), LineError> {
        parse_cells(format, self.text(), self.number, self.indent, cells)
    }

    fn unread(&mut self) {
        self.replay = true;
    }

    fn is_blank_or_comment(&self) -> bool {
        matches!(self.text().first(), None | Some(b'#'))
    }

    fn is_too_long(&self) -> bool {
        self.length > MAX_LINE as u64
    }

    fn too_long_error(&self, puzzle: usize) -> ReadError {
        ReadError {
            place: Place { puzzle: Some(puzzle), line: self.number, column: Some(MAX_LINE + 1) },
            kind: ReadErrorKind::LineTooLong { length: self.length, max: MAX_LINE },
            format: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8]) -> Vec<Result<Puzzle, String>> {
        PuzzleReader::new(text).map(|r| r.map_err(|e| e.to_string())).collect()
    }

    #[test]
    fn detects_each_format_from_its_first_line() {
        assert_eq!(detect(b"0 3 5 4 6 9 2 7 8"), Format::Judge);
        assert_eq!(detect(b"035469278"), Format::Compact);
        assert_eq!(detect(&[b'.'; 81]), Format::Line);
        assert_eq!(detect(b"3 1 6 | 5 7 8 | 4 9 2"), Format::Pretty);
        assert_eq!(detect(b"+-------+-------+-------+"), Format::Bordered);
        assert_eq!(detect(b"| 3 1 6 | 5 7 8 | 4 9 2 |"), Format::Bordered);
    }

    #[test]
    fn line_reader_keeps_a_bounded_prefix_of_a_huge_line() {
        let mut input = vec![b'1'; 10 * 1024 * 1024];
        input.extend_from_slice(b"\nnext\r\n");
        let mut lines = LineReader::new(&input[..]);
        assert!(lines.next_line().unwrap());
        assert!(lines.is_too_long());
        assert_eq!(lines.length, 10 * 1024 * 1024);
        assert!(lines.text().len() <= MAX_LINE + 1);
        assert!(lines.next_line().unwrap());
        assert_eq!(lines.text(), b"next");
        assert!(!lines.next_line().unwrap());
    }

    #[test]
    fn a_bad_row_does_not_derail_the_next_puzzle() {
        let mut text = String::new();
        text.push_str("1 2 3 4 5 6 7 8 x\n");
        for _ in 0..8 {
            text.push_str("0 0 0 0 0 0 0 0 0\n");
        }
        text.push_str(&".".repeat(81));
        text.push('\n');
        let results = read_all(text.as_bytes());
        assert_eq!(results.len(), 2);
        assert_eq!(
            results[0].as_ref().unwrap_err(),
            "puzzle 1, line 1, column 17: expected a digit 1-9 or a blank ('0' or '.'), found 'x'"
        );
        let second = results[1].as_ref().unwrap();
        assert_eq!((second.number, second.line, second.format), (2, 10, Format::Line));
    }

    #[test]
    fn a_comment_line_is_skipped_even_when_longer_than_a_puzzle_line() {
        let mut text = b"# ".to_vec();
        text.extend(std::iter::repeat_n(b'x', 5000));
        text.push(b'\n');
        text.extend_from_slice(&[b'.'; 81]);
        let results = read_all(&text);
        assert_eq!(results.len(), 1);
        assert_eq!(results[0].as_ref().unwrap().line, 2);
    }
}
