//! The `sudoku` binary, driven as a user drives it.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::sudoku;

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/samples")
}

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(samples().join(name)).unwrap()
}

/// A line-format puzzle without solution: r1c9 can hold nothing, since 1-8 are in its row
/// and 9 is in its column.
fn unsolvable_line() -> String {
    let mut line = format!("12345678.{}", ".".repeat(72));
    line.replace_range(17..18, "9");
    line
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn engines() -> Vec<String> {
    let listing = sudoku(&["engines"], b"");
    String::from_utf8(listing.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split_whitespace().next().unwrap().to_owned())
        .collect()
}

#[test]
fn judge_input_gives_the_judges_expected_output_with_every_engine() {
    let input = sample("2580-sample1.in");
    let expected = sample("2580-sample1.out");
    let all = engines();
    assert!(all.len() >= 4, "{all:?}");
    for engine in &all {
        let output = sudoku(&["solve", "--engine", engine], &input);
        assert_eq!(output.status.code(), Some(0), "{engine}: {}", stderr(&output));
        assert_eq!(output.stdout, expected, "{engine}");
        assert!(output.stderr.is_empty(), "{engine}: {}", stderr(&output));
    }
    // A bare `sudoku` is `sudoku solve`.
    assert_eq!(sudoku(&[], &input).stdout, expected);
}

#[test]
fn blank_grid_gives_the_smallest_solution_with_row_major_engines() {
    for engine in ["naive", "bitmask"] {
        let output = sudoku(&["-e", engine], &sample("2580-blank.in"));
        assert_eq!(output.stdout, sample("2580-blank.out"), "{engine}");
    }
}

#[test]
fn output_format_follows_the_input_unless_chosen() {
    let output = sudoku(&[], &sample("seed004-pretty.in"));
    assert_eq!(output.stdout, sample("seed004-pretty.out"));
    let output = sudoku(&["--output-format", "judge"], &sample("seed004-pretty.in"));
    assert_eq!(output.stdout, sample("seed004-judge.out"));
    let output = sudoku(&["-o", "line"], &sample("2239-sample1.in"));
    let line = String::from_utf8(sample("2239-sample1.out")).unwrap().replace('\n', "");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), format!("{line}\n"));
}

#[test]
fn count_prints_zero_one_or_two_plus() {
    let mut input = sample("2580-sample1.in");
    input.extend_from_slice(b"\n");
    input.extend(sample("2580-blank.in"));
    input.extend_from_slice(format!("{}\n", unsolvable_line()).as_bytes());
    let output = sudoku(&["count"], &input);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n2+\n0\n");
    assert_eq!(output.status.code(), Some(0), "a count of 0 is an answer");
    let output = sudoku(&["solve", "--count", "--limit", "5"], &sample("2580-blank.in"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "5+\n");
}

#[test]
fn an_unsolvable_puzzle_is_reported_and_the_batch_goes_on() {
    let unsolvable = unsolvable_line();
    let solvable = String::from_utf8(sample("2239-sample1.out")).unwrap().replace('\n', "");
    let input = format!("{unsolvable}\n{solvable}\n");
    let output = sudoku(&["solve", "-", "-e", "bitmask"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout), format!("{solvable}\n"));
    let messages = stderr(&output);
    assert!(messages.contains("<stdin>: puzzle 1, line 1: no solution"), "{messages}");
    assert!(messages.contains("solved 1 of 2 puzzles; 1 without solution"), "{messages}");
}

#[test]
fn malformed_input_is_one_line_with_its_place_and_exit_code_2() {
    for (input, expected) in [
        (&b""[..], "<stdin>: line 1: no puzzle found: the input is empty"),
        (
            b"\xFF\xFE\x00garbage",
            "<stdin>: puzzle 1, line 1, column 1: expected a digit 1-9 or a blank ('0' or '.'), found byte 0xFF",
        ),
        (
            b"0 0 0 0 0 0 0 0 0\n",
            "<stdin>: puzzle 1, line 1: the grid ends after 1 rows, expected 9",
        ),
    ] {
        let output = sudoku(&[], input);
        assert_eq!(output.status.code(), Some(2), "{expected}");
        let messages = stderr(&output);
        assert_eq!(messages.lines().next(), Some(expected));
        assert!(!messages.contains("panicked"));
    }
}

#[test]
fn a_batch_goes_past_a_bad_puzzle_and_counts_it() {
    let good = ".".repeat(81);
    let input = format!("{good}\n{}x\n{good}\n", ".".repeat(80));
    let output = sudoku(&["count", "-e", "dlx"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2+\n2+\n");
    let messages = stderr(&output);
    assert!(
        messages.contains("<stdin>: puzzle 2, line 2, column 81: expected a digit"),
        "{messages}"
    );
    assert!(messages.contains("counted 2 of 3 puzzles; 1 malformed"), "{messages}");
}

#[test]
fn unknown_engine_lists_the_valid_ones() {
    let output = sudoku(&["solve", "--engine", "quantum"], b"");
    assert_eq!(output.status.code(), Some(2));
    let messages = stderr(&output);
    assert!(
        messages.contains("unknown engine 'quantum'; the engines are: naive, bitmask"),
        "{messages}"
    );
}

#[test]
fn missing_file_is_bad_input() {
    let output = sudoku(&["solve", "no/such/file.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("sudoku: cannot open no/such/file.txt: "));
}

#[test]
fn budget_exhaustion_is_reported_with_exit_code_1() {
    let output = sudoku(&["--budget", "3", "-e", "naive"], &sample("2580-case2.in"));
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).contains("gave up after 3 nodes"), "{}", stderr(&output));
}

#[test]
fn stats_go_to_stderr_and_leave_stdout_clean() {
    let output = sudoku(&["--stats", "-e", "dlx"], &sample("2580-sample1.in"));
    assert_eq!(output.stdout, sample("2580-sample1.out"));
    let messages = stderr(&output);
    assert!(messages.starts_with("<stdin>: puzzle 1: "), "{messages}");
    assert!(
        messages.contains(" nodes, ")
            && messages.contains(" guesses, ")
            && messages.contains(" µs (dlx)")
    );
}
