//! `sudoku solve --threads N` and `sudoku count --threads N`: the output does not depend on the
//! number of threads (standard output, standard error and the exit code are byte for byte those
//! of `--threads 1`), a reader that goes away still ends the run quietly, and the default
//! answers a puzzle as soon as it is read.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{repository, sudoku};

fn corpus(name: &str) -> PathBuf {
    repository().join("data/corpus").join(name)
}

/// The puzzle lines of a shipped corpus, without its comments.
fn puzzle_lines(name: &str) -> Vec<String> {
    std::fs::read_to_string(corpus(name))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// A 9×9 line-format puzzle without solution: r1c9 can hold nothing, since 1-8 are in its row
/// and 9 is in its column.
fn unsolvable_line() -> String {
    let mut line = format!("12345678.{}", ".".repeat(72));
    line.replace_range(17..18, "9");
    line
}

/// `rounds` rounds of: forty 9×9 puzzles of the shipped corpus, a 16×16 and a 4×4 one, a
/// puzzle without solution, an empty grid (many solutions), two malformed puzzles (a line of
/// 80 symbols, a clue repeated in a row), comments and blank lines; every tenth round a 9×9
/// puzzle in the judge's block format. Large enough, at 120 rounds, for several chunks.
fn mixed_input(rounds: usize) -> String {
    let nine = puzzle_lines("generated-10000.txt");
    let sixteen = puzzle_lines("generated-16x16-1000.txt");
    let four = puzzle_lines("generated-4x4-1000.txt");
    let judge = std::fs::read_to_string(repository().join("data/samples/2580-sample1.in")).unwrap();
    let mut input = String::from("# a mixed input\n");
    for round in 0..rounds {
        for puzzle in &nine[round * 40..(round + 1) * 40] {
            input.push_str(puzzle);
            input.push('\n');
        }
        input.push_str(&format!("{}\n{}\n", sixteen[round], four[round]));
        input.push_str(&format!("# round {round}\n{}\n\n", unsolvable_line()));
        input.push_str(&format!("{}\n{}\n", ".".repeat(81), ".".repeat(80)));
        input.push_str(&format!("11{}\n", ".".repeat(79)));
        if round % 10 == 0 {
            input.push_str(&format!("\n{judge}\n"));
        }
    }
    input
}

/// The mixed input of `rounds` rounds as a file in `dir`: an input this large, given on
/// standard input, could fill both pipes while the test is still writing it.
fn mixed_file(dir: &Path, rounds: usize) -> PathBuf {
    let path = dir.join("mixed.txt");
    std::fs::write(&path, mixed_input(rounds)).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that `sudoku args...` prints the same with `--threads 1` as with each of `threads`
/// (`None`: no `--threads`); returns the `--threads 1` output.
fn assert_same_output(args: &[&str], stdin: &[u8], threads: &[Option<&str>]) -> Output {
    let one_thread = sudoku(&[args, &["--threads", "1"]].concat(), stdin);
    // A run killed by a signal or a panic would compare equal to nothing useful.
    assert!(matches!(one_thread.status.code(), Some(0..=2)), "{args:?}: {}", one_thread.status);
    assert!(!text(&one_thread.stderr).contains("panicked"), "{args:?}");
    for &count in threads {
        let with: Vec<&str> = match count {
            Some(count) => [args, &["--threads", count]].concat(),
            None => args.to_vec(),
        };
        let output = sudoku(&with, stdin);
        assert_eq!(output.status.code(), one_thread.status.code(), "{with:?}");
        assert!(output.stdout == one_thread.stdout, "{with:?}: standard output differs");
        assert_eq!(text(&output.stderr), text(&one_thread.stderr), "{with:?}");
    }
    one_thread
}

#[test]
fn the_shipped_corpus_gives_the_same_output_with_any_number_of_threads() {
    let file = corpus("generated-10000.txt");
    let file = file.to_str().unwrap();
    for args in [&["solve", file][..], &["count", file], &["solve", "--budget", "5", file]] {
        // No --threads is every core: one at a time until the input proves large, then a pool.
        let output = assert_same_output(args, b"", &[Some("2"), Some("3"), None]);
        let lines = text(&output.stdout).lines().count();
        assert_eq!(lines, 10_000, "{args:?}");
    }
}

#[test]
fn a_mixed_input_gives_the_same_output_with_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let file = mixed_file(dir.path(), 120);
    let file = file.to_str().unwrap();
    let small = mixed_input(2);
    for args in [
        &["solve"][..],
        &["solve", "--budget", "20"],
        &["solve", "--output-format", "line", "--budget", "50"],
        &["solve", "--engine", "fast"],
        &["count"],
        &["count", "--budget", "20", "--limit", "3"],
        &["solve", "--count", "--budget", "20"],
    ] {
        let output = assert_same_output(&[args, &[file]].concat(), b"", &[Some("2")]);
        let stderr = text(&output.stderr);
        // The input is what it is meant to be: every kind of answer is there.
        if !args.contains(&"count") && !args.contains(&"--count") {
            assert!(stderr.contains("no solution"), "{args:?}: {stderr}");
        }
        assert!(stderr.contains("malformed"), "{args:?}: {stderr}");
        if args.contains(&"--budget") {
            assert!(stderr.contains("gave up after"), "{args:?}");
        }
        if args.contains(&"fast") {
            assert!(stderr.contains("of a size not supported"), "{args:?}");
        }
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        // Standard input, in more than one file, named as such.
        assert_same_output(args, small.as_bytes(), &[Some("2")]);
        assert_same_output(&[args, &["-", file]].concat(), small.as_bytes(), &[Some("2")]);
    }
}

#[test]
fn one_line_output_keeps_line_n_for_puzzle_n_with_threads() {
    let dir = tempfile::tempdir().unwrap();
    let file = mixed_file(dir.path(), 120);
    let file = file.to_str().unwrap();
    let output = assert_same_output(&["count", "--budget", "20", file], b"", &[Some("2")]);
    let lines: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    // Per round: 40 + 2 puzzles, the one without solution, the empty grid, two unreadable
    // ones, and every tenth round the judge puzzle.
    assert_eq!(lines.len(), 120 * 46 + 12);
    // Round 0's puzzle without solution, its empty grid, and its unreadable puzzles.
    assert_eq!(lines[42], "0");
    assert!(["2+", "0+?", "1+?", "2+?"].contains(&lines[43].as_str()), "{}", lines[43]);
    assert_eq!(lines[44..46], ["unreadable", "unreadable"]);
}

/// Standard error with the solve time of every `--stats` line (`..., 12.3 µs (fast)`) made
/// `T`: the only part that differs from run to run.
fn mask_times(stderr: &str) -> String {
    let mut masked = String::new();
    for line in stderr.lines() {
        match line.find(" µs (") {
            Some(end) => {
                let start = line[..end].rfind(", ").expect("a --stats line") + 2;
                masked.push_str(&format!("{}T{}\n", &line[..start], &line[end..]));
            }
            None => masked.push_str(&format!("{line}\n")),
        }
    }
    masked
}

#[test]
fn stats_are_per_puzzle_and_in_input_order_with_threads() {
    let dir = tempfile::tempdir().unwrap();
    let file = mixed_file(dir.path(), 120);
    let file = file.to_str().unwrap();
    for args in [&["solve", "--stats", "--budget", "50", file][..], &["count", "--stats", file]] {
        let one_thread = sudoku(&[args, &["--threads", "1"]].concat(), b"");
        let masked = mask_times(&text(&one_thread.stderr));
        for threads in ["2", "3"] {
            let output = sudoku(&[args, &["--threads", threads]].concat(), b"");
            assert_eq!(output.status.code(), one_thread.status.code(), "{args:?}");
            assert!(output.stdout == one_thread.stdout, "{args:?}: standard output differs");
            assert_eq!(mask_times(&text(&output.stderr)), masked, "{args:?} --threads {threads}");
        }
        // One line per puzzle solved, in input order: every puzzle but the unreadable ones.
        let numbers: Vec<usize> = masked
            .lines()
            .filter(|line| line.ends_with(')') && line.contains(" µs ("))
            .map(|line| line.split(": puzzle ").nth(1).unwrap().split(':').next().unwrap())
            .map(|number| number.parse().unwrap())
            .collect();
        assert_eq!(numbers.len(), 120 * 44 + 12, "{args:?}");
        assert!(numbers.windows(2).all(|pair| pair[0] < pair[1]), "{args:?}");
    }
}

#[test]
fn threads_are_checked_like_benchs() {
    for command in ["solve", "count"] {
        for threads in ["0", "many", "100000"] {
            let output = sudoku(&[command, "--threads", threads], b"");
            assert_eq!(output.status.code(), Some(2), "{command} --threads {threads}");
            let stderr = text(&output.stderr);
            assert!(stderr.contains("expected a number of threads from 1 to"), "{stderr}");
        }
        let output = sudoku(&[command, "-j", "2"], b"...42....1....3.\n");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
    let help = text(&sudoku(&["solve", "--help"], b"").stdout);
    assert!(help.contains("By default every core"), "{help}");
}

#[test]
fn the_default_answers_a_puzzle_as_soon_as_it_is_read() {
    // Standard input stays open: a run that waited for a chunk to fill, or for the end of the
    // input, would say nothing. The message for a puzzle without solution goes straight to
    // standard error.
    for args in [&["solve"][..], &["count", "--budget", "1"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let puzzle = if args[0] == "solve" { unsolvable_line() } else { ".".repeat(81) };
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut first = String::new();
            let _ = BufReader::new(stderr).read_line(&mut first);
            let _ = sender.send(first);
        });
        let first = receiver.recv_timeout(Duration::from_secs(60));
        drop(stdin);
        child.wait().unwrap();
        let first = first.expect("no answer while the input was still open");
        let expected = if args[0] == "solve" { "no solution" } else { "gave up after" };
        assert!(first.starts_with("<stdin>: puzzle 1, line 1: "), "{first}");
        assert!(first.contains(expected), "{first}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_a_run_with_threads_quietly() {
    let file = corpus("generated-10000.txt");
    // `| head -1`, and `--stats 2>&1 >/dev/null | head -1`: far more than a pipe holds.
    for stats in [false, true] {
        let (reader, writer) = std::io::pipe().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku"));
        command.args(["solve", "--threads", "2"]).arg(&file).stdin(Stdio::null());
        if stats {
            command.arg("--stats").stdout(Stdio::null()).stderr(writer);
        } else {
            command.stdout(writer).stderr(Stdio::piped());
        }
        let mut child = command.spawn().unwrap();
        // The command holds the parent's copy of the write end until it is dropped.
        drop(command);
        let mut first = String::new();
        BufReader::new(reader).read_line(&mut first).unwrap();
        let mut stderr = String::new();
        if let Some(mut messages) = child.stderr.take() {
            messages.read_to_string(&mut stderr).unwrap();
        }
        let status = child.wait().unwrap();
        assert!(!first.is_empty() && !first.contains("panicked"), "{first}");
        assert!(stderr.is_empty(), "stats {stats}: {stderr}");
        // `None` would mean a signal; 101 is a panic.
        assert_eq!(status.code(), Some(0), "stats {stats}: {status}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_exits_2_with_one_line_with_threads() {
    let file = corpus("generated-10000.txt");
    for threads in ["1", "2"] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "--threads", threads])
            .arg(&file)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let messages = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "--threads {threads}: {messages}");
        assert_eq!(messages.lines().count(), 1, "--threads {threads}: {messages}");
        assert!(messages.starts_with("sudoku: cannot write the output: "), "{messages}");
    }
}
