//! Every kind of malformed input gets a one-line error naming its place, and no input panics.

use sudoku_core::ReadOptions;
use sudoku_core::{Format, PuzzleReader, ReadErrorKind, parse_one, read::MAX_LINE};

const ROW: &str = "0 0 0 0 0 0 0 0 0\n";

/// The message of the error the first puzzle of `input` gives.
fn error_of(input: &[u8]) -> String {
    let message = parse_one(input).expect_err("input is malformed").to_string();
    assert!(!message.contains('\n'), "one line: {message:?}");
    message
}

fn judge_block(rows: &[&str]) -> String {
    rows.iter().map(|row| format!("{row}\n")).collect()
}

#[test]
fn columns_count_leading_whitespace_but_not_a_byte_order_mark() {
    let mut line = ".".repeat(81);
    line.replace_range(40..41, "x");
    let expected = |column: usize| {
        format!(
            "puzzle 1, line 1, column {column}: expected a digit 1-9 or a blank ('0' or '.'), found 'x'"
        )
    };
    assert_eq!(error_of(format!("  \t{line}").as_bytes()), expected(44));
    assert_eq!(error_of(format!("\u{FEFF}{line}").as_bytes()), expected(41));
    assert_eq!(error_of(format!("\u{FEFF} {line}").as_bytes()), expected(42));
    let mut rows = vec!["0 0 0 0 0 0 0 0 0"; 9];
    rows[2] = "\t 0 0 0 0 x 0 0 0 0";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 3, column 11: expected a digit 1-9 or a blank ('0' or '.'), found 'x'"
    );
}

#[test]
fn a_repeated_clue_on_an_indented_line_names_both_columns() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(3..4, "5");
    assert_eq!(
        error_of(format!("    {line}").as_bytes()),
        "puzzle 1, line 1, column 8: clue 5 at r1c4 repeats in row 1 (also at r1c1, line 1, column 5)"
    );
}

#[test]
fn an_error_says_which_format_its_puzzle_was_read_in() {
    let format_of = |input: &[u8]| parse_one(input).expect_err("malformed").format;
    assert_eq!(format_of(format!("{}x", ".".repeat(80)).as_bytes()), Some(Format::Line));
    assert_eq!(format_of(format!("  {}", ".".repeat(80)).as_bytes()), Some(Format::Line));
    assert_eq!(format_of(ROW.repeat(3).as_bytes()), Some(Format::Judge));
    assert_eq!(format_of(b"000000000\n00000000x\n"), Some(Format::Compact));
    assert_eq!(format_of(b""), None);
    let forced = PuzzleReader::with_options(
        &b"0 0 0"[..],
        ReadOptions { format: Some(Format::Line), ..ReadOptions::default() },
    )
    .next()
    .unwrap();
    assert_eq!(forced.expect_err("malformed").format, Some(Format::Line));
}

#[test]
fn empty_input() {
    assert_eq!(error_of(b""), "line 1: no puzzle found: the input is empty");
}

#[test]
fn only_comments_and_blank_lines() {
    assert_eq!(
        error_of(b"# a comment\n\n   \n"),
        "line 3: no puzzle found: the input holds only comments and blank lines"
    );
}

#[test]
fn character_that_is_not_a_digit_or_blank() {
    let mut line = ".".repeat(81);
    line.replace_range(40..41, "x");
    assert_eq!(
        error_of(line.as_bytes()),
        "puzzle 1, line 1, column 41: expected a digit 1-9 or a blank ('0' or '.'), found 'x'"
    );
}

#[test]
fn bytes_that_are_not_utf8() {
    let mut input = ROW.repeat(2).into_bytes();
    input.extend_from_slice(b"0 0 \xFF 0 0 0 0 0 0\n");
    input.extend_from_slice(ROW.repeat(6).as_bytes());
    assert_eq!(
        error_of(&input),
        "puzzle 1, line 3, column 5: expected a digit 1-9 or a blank ('0' or '.'), found byte 0xFF"
    );
}

#[test]
fn too_few_and_too_many_cells_on_a_line() {
    assert_eq!(
        error_of(".".repeat(80).as_bytes()),
        "puzzle 1, line 1, column 81: line has 80 cells, expected 81 (a 9×9 grid)"
    );
    assert_eq!(
        error_of(".".repeat(83).as_bytes()),
        "puzzle 1, line 1, column 82: line has 83 cells, expected 81 (a 9×9 grid)"
    );
}

#[test]
fn text_after_the_81_cells() {
    let line = format!("{} 3.5 rating", ".".repeat(81));
    assert_eq!(
        error_of(line.as_bytes()),
        "puzzle 1, line 1, column 83: unexpected text after the 81 cells: '3'"
    );
}

#[test]
fn too_few_and_too_many_cells_in_a_judge_row() {
    let mut rows = vec!["0 0 0 0 0 0 0 0 0"; 9];
    rows[4] = "0 0 0 0 0 0 0 0";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 5, column 16: row has 8 numbers, expected 9 (a 9×9 grid)"
    );
    rows[4] = "0 0 0 0 0 0 0 0 0 0";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 5, column 19: row has 10 numbers, expected 9 (a 9×9 grid)"
    );
}

#[test]
fn judge_cells_without_a_space_between_them() {
    let mut rows = vec!["0 0 0 0 0 0 0 0 0"; 9];
    rows[1] = "0 0 12 0 0 0 0 0 0";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 2, column 6: expected a space between cells, found '2'"
    );
}

#[test]
fn compact_row_of_the_wrong_length() {
    let mut rows = vec!["000000000"; 9];
    rows[8] = "0000000000";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 9, column 10: row has 10 cells, expected 9 (a 9×9 grid)"
    );
}

#[test]
fn block_cut_short_by_a_blank_line_or_the_end() {
    let rows = vec!["0 0 0 0 0 0 0 0 0"; 8];
    let mut input = judge_block(&rows);
    assert_eq!(
        error_of(input.as_bytes()),
        "puzzle 1, line 8: the grid ends after 8 rows, expected 9"
    );
    input.push('\n');
    input.push_str(ROW);
    assert_eq!(
        error_of(input.as_bytes()),
        "puzzle 1, line 9: the grid ends after 8 rows, expected 9"
    );
}

#[test]
fn pretty_row_with_a_bad_character() {
    let text = "3 1 6 | 5 7 8 | 4 9 2\n5 2 9 | 1 3 4 | 7 6 8\n4 8 7 | 6 2 9 | 5 3 1\n\
                ------------------------\n2 6 3 | 4 1 5 | 9 8 7\n9 7 4 | 8 6 3 | 1 2 5\n\
                8 5 1 | 7 9 2 | 6 4 3\n------------------------\n1 3 8 | 9 4 7 | 2 5 6\n\
                6 9 2 | 3 5 1 | 8 7 4\n7 4 5 | 2 8 6 | 3 1 *\n";
    assert_eq!(
        error_of(text.as_bytes()),
        "puzzle 1, line 11, column 21: expected a digit 1-9 or a blank ('0' or '.'), found '*'"
    );
}

#[test]
fn a_ten_megabyte_line() {
    let input = vec![b'.'; 10 * 1024 * 1024];
    assert_eq!(
        error_of(&input),
        format!(
            "puzzle 1, line 1, column {}: line is 10485760 bytes long; a puzzle line has at most {MAX_LINE} bytes",
            MAX_LINE + 1
        )
    );
}

#[test]
fn clue_repeated_in_a_row_names_both_cells() {
    let mut line = ".".repeat(81);
    line.replace_range(2..3, "5");
    line.replace_range(7..8, "5");
    assert_eq!(
        error_of(line.as_bytes()),
        "puzzle 1, line 1, column 8: clue 5 at r1c8 repeats in row 1 (also at r1c3, line 1, column 3)"
    );
}

#[test]
fn clue_repeated_in_a_column_names_both_cells_and_lines() {
    let mut rows = vec!["0 0 0 0 0 0 0 0 0"; 9];
    rows[1] = "0 0 0 0 0 0 0 0 4";
    rows[7] = "0 0 0 0 0 0 0 0 4";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 8, column 17: clue 4 at r8c9 repeats in column 9 (also at r2c9, line 2, column 17)"
    );
}

#[test]
fn clue_repeated_in_a_box_names_both_cells() {
    let mut rows = vec!["000000000"; 9];
    rows[3] = "000900000";
    rows[5] = "000009000";
    assert_eq!(
        error_of(judge_block(&rows).as_bytes()),
        "puzzle 1, line 6, column 6: clue 9 at r6c6 repeats in box 5 (also at r4c4, line 4, column 4)"
    );
}

#[test]
fn a_failing_reader_is_an_error_not_a_panic() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut puzzles = sudoku_core::PuzzleReader::new(std::io::BufReader::new(Broken));
    let error = puzzles.next().unwrap().unwrap_err();
    assert!(matches!(error.kind, ReadErrorKind::Io(_)));
    assert_eq!(error.to_string(), "line 1: cannot read input: disk on fire");
    assert!(puzzles.next().is_none(), "reading stops after an I/O error");
}

#[test]
fn numbering_continues_past_bad_puzzles() {
    let good = ".".repeat(81);
    let input = format!("# corpus\r\n{good}\r\n{}\r\n\r\n{good}\r\n", "x".repeat(81));
    let results: Vec<_> = sudoku_core::PuzzleReader::new(input.as_bytes()).collect();
    assert_eq!(results.len(), 3);
    assert_eq!(results[0].as_ref().unwrap().number, 1);
    let error = results[1].as_ref().unwrap_err().to_string();
    assert!(error.starts_with("puzzle 2, line 3, column 1: "), "{error}");
    let third = results[2].as_ref().unwrap();
    assert_eq!((third.number, third.line), (3, 5));
}

#[test]
fn a_number_too_large_is_shown_whole() {
    let long = "123456789012345678901234567890";
    let mut text = String::new();
    for row in 0..16 {
        let mut cells = vec!["0"; 16];
        if row == 2 {
            cells[15] = long;
        }
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    let options = ReadOptions { format: Some(Format::Judge), ..ReadOptions::default() };
    let error = PuzzleReader::with_options(text.as_bytes(), options).next().unwrap().unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("puzzle 1, line 3, column 31: {long} is not a value of a 16×16 grid (1-16)")
    );
    // Detected rather than forced, and at the longest a row may be.
    let longest = "9".repeat(MAX_LINE - 2 * 15);
    let text = text.replace(long, &longest);
    let message = error_of(text.as_bytes());
    assert!(message.contains(&format!(" {longest} is not a value")), "{message}");
}

#[test]
fn a_block_cut_short_after_one_row_says_row() {
    assert_eq!(
        error_of(b"0 0 0 0 0 0 0 0 0\n\n"),
        "puzzle 1, line 2: the grid ends after 1 row, expected 9"
    );
}
