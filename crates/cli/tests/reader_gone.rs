//! `sudoku solve` whose reader goes away while its input stays open: the run must end rather
//! than wait for puzzles no one will read the answers to.
//!
//! A file of its own, so that no other test of the same process spawns children meanwhile: a
//! child spawned at the same moment may hold a copy of this test's end of the output pipe for
//! a while, and a pipe with a reader left is, rightly, not a closed one.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::repository;

/// How long the run may take to end: far more than solving two puzzles needs.
const DEADLINE: Duration = Duration::from_secs(30);

#[test]
fn a_reader_that_goes_away_ends_the_run_though_the_input_stays_open() {
    let corpus =
        std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt")).unwrap();
    let puzzles: Vec<&str> =
        corpus.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect();
    for threads in [&["--threads", "1"][..], &[], &["--threads", "2"]] {
        let args: Vec<&str> = ["solve"].iter().chain(threads).copied().collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{}", puzzles[0]).unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        assert_eq!(answer.trim_end().len(), 81, "{answer}");
        drop(stdout);
        // The answer to this one cannot be written: the run ends quietly rather than wait for
        // more input no one will read the answers to.
        writeln!(stdin, "{}", puzzles[1]).unwrap();
        stdin.flush().unwrap();
        let what = format!("sudoku {} (input open)", args.join(" "));
        assert_eq!(common::exit_code(&mut child, &what, DEADLINE), Some(0), "{args:?}");
        drop(stdin);
    }
}
