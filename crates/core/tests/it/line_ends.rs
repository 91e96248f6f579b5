//! Line ends of every convention (`\n`, `\r\n`, and `\r` alone, of the classic Mac OS) read
//! alike, however the bytes arrive; what cannot be read says why.

use std::io::{BufReader, Read};

use sudoku_core::{Puzzle, PuzzleReader, ReadErrorKind, parse_one, read::MAX_LINE};

/// Three puzzles of two formats, a comment and a blank line, with `\n` line ends.
fn sample() -> String {
    let line = format!("1{}", ".".repeat(80));
    let mut judge = String::new();
    for row in 0..9 {
        let mut cells = ["0"; 9];
        if row == 4 {
            cells[4] = "5";
        }
        judge.push_str(&cells.join(" "));
        judge.push('\n');
    }
    format!("# three puzzles\n{line}\n\n{judge}\n{}\n", ".".repeat(80) + "9")
}

/// What a reader makes of `input`: each puzzle's grid, number and first line, or the error.
fn read(input: impl Read) -> Vec<Result<(String, usize, usize), String>> {
    PuzzleReader::new(BufReader::with_capacity(64, input))
        .map(|item| {
            item.map(|Puzzle { grid, number, line, .. }| (grid.to_line(), number, line))
                .map_err(|error| error.to_string())
        })
        .collect()
}

/// A reader that hands out its bytes `step` at a time, as a pipe may.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let count = self.step.min(buffer.len()).min(self.bytes.len());
        buffer[..count].copy_from_slice(&self.bytes[..count]);
        self.bytes = &self.bytes[count..];
        Ok(count)
    }
}

#[test]
fn carriage_returns_alone_end_lines_as_newlines_do() {
    let unix = sample();
    let expected = read(unix.as_bytes());
    assert_eq!(expected.len(), 3);
    assert!(expected.iter().all(Result::is_ok), "{expected:?}");
    assert_eq!(expected[2].as_ref().unwrap().2, 14, "the third puzzle starts on line 14");
    let mac = unix.replace('\n', "\r");
    let windows = unix.replace('\n', "\r\n");
    for input in [&mac, &windows] {
        assert_eq!(read(input.as_bytes()), expected, "{input:?}");
        // Bytes one or a few at a time: a `\r\n` split between two reads is still one line end.
        for step in [1, 2, 3, 7] {
            let trickle = Trickle { bytes: input.as_bytes(), step };
            assert_eq!(read(trickle), expected, "{step} at a time: {input:?}");
        }
    }
}

#[test]
fn an_input_of_carriage_returns_alone_is_not_one_long_line() {
    let puzzle = ".".repeat(80) + "7";
    let input = format!("{puzzle}\r").repeat(100);
    let read = read(input.as_bytes());
    assert_eq!(read.len(), 100);
    assert_eq!(read[99].as_ref().map(|puzzle| (puzzle.1, puzzle.2)), Ok((100, 100)));
}

#[test]
fn carriage_returns_inside_newline_lines_are_named() {
    // The first line ends with `\n`: the lines after it that end with `\r` alone make one
    // line too long to be a puzzle's, and the message says what it holds.
    let puzzle = ".".repeat(81);
    let input = format!("# comment\n{}\n", format!("{puzzle}\r").repeat(60));
    let message = parse_one(input.as_bytes()).unwrap_err().to_string();
    assert_eq!(
        message,
        format!(
            "puzzle 1, line 2, column {}: line is {} bytes long; a puzzle line has at most \
             {MAX_LINE} bytes (it holds carriage returns: lines that end with CR alone are read \
             as lines only when the input's first line ends so)",
            MAX_LINE + 1,
            82 * 60
        )
    );
    // A short line with a carriage return inside shows it by name.
    let input = format!("# comment\n{puzzle}\r{puzzle}\n");
    let error = parse_one(input.as_bytes()).unwrap_err();
    assert!(matches!(error.kind, ReadErrorKind::TrailingText { .. }), "{error}");
    let input = format!("# comment\n{}\r{}\n", &puzzle[..40], &puzzle[..40]);
    let message = parse_one(input.as_bytes()).unwrap_err().to_string();
    assert!(message.contains("a carriage return (byte 0x0D)"), "{message}");
}

/// An f-puzzles puzzle of `side` with no givens, its JSON padded to `length` bytes by a long
/// title (large variant puzzles run to tens of kilobytes).
fn padded_fpuzzles(side: usize, length: usize) -> String {
    let row = format!("[{}]", vec!["{}"; side].join(","));
    let grid = vec![row; side].join(",");
    let start = format!("{{\"size\":{side},\"grid\":[{grid}],\"title\":\"");
    let pad = length.saturating_sub(start.len() + 2);
    format!("{start}{}\"}}", "x".repeat(pad))
}

#[test]
fn f_puzzles_lines_are_read_to_a_mebibyte_and_refused_past_it_keeping_the_rest() {
    use sudoku_core::MAX_FPUZZLES_LINE;
    let long = padded_fpuzzles(9, 60_000);
    assert_eq!(long.len(), 60_000);
    let too_long = padded_fpuzzles(9, MAX_FPUZZLES_LINE + 10);
    let text = format!("{long}\n{too_long}\n{long}\n");
    let items: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok(), "{items:?}");
    let error = items[1].as_ref().unwrap_err().to_string();
    assert!(
        error.contains(&format!("a puzzle line has at most {MAX_FPUZZLES_LINE} bytes")),
        "{error}"
    );
    // Any other line keeps its bound.
    let other = format!("{}\n", "1".repeat(MAX_LINE + 1));
    let error = parse_one(other.as_bytes()).unwrap_err().to_string();
    assert!(error.contains(&format!("at most {MAX_LINE} bytes")), "{error}");
}
