//! The `sudoku` binary when its output cannot be written: a reader that goes away ends the run
//! quietly, any other write error exits 2, and nothing panics.

use crate::common;

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

use common::repository;

/// A file of the first `count` puzzles of the shipped corpus, in `dir`.
fn corpus_prefix(dir: &Path, count: usize) -> std::path::PathBuf {
    let corpus =
        std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt")).unwrap();
    let puzzles: String = corpus
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(count)
        .map(|line| format!("{line}\n"))
        .collect();
    let path = dir.join("puzzles.txt");
    std::fs::write(&path, puzzles).unwrap();
    path
}

fn sudoku_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    command.args(args).stdin(Stdio::null());
    command
}

/// Runs `command` with its output going to a pipe (what `connect` sets up with the pipe's
/// write end) that is closed after three lines; returns those lines and how the run ended.
fn read_three_lines_then_close(
    mut command: Command,
    connect: impl FnOnce(&mut Command, std::io::PipeWriter),
) -> (String, ExitStatus) {
    let (reader, writer) = std::io::pipe().unwrap();
    connect(&mut command, writer);
    let mut child = command.spawn().unwrap();
    // The command holds the parent's copies of the write end until it is dropped.
    drop(command);
    let mut lines = BufReader::new(reader);
    let mut first_lines = String::new();
    for _ in 0..3 {
        lines.read_line(&mut first_lines).unwrap();
    }
    drop(lines);
    (first_lines, child.wait().unwrap())
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    // Far more output than a pipe holds, so the run is still writing when the reader leaves.
    let puzzles = corpus_prefix(dir.path(), 3000);
    let puzzles = puzzles.to_str().unwrap();
    let both_streams = |command: &mut Command, writer: std::io::PipeWriter| {
        command.stdout(writer.try_clone().unwrap()).stderr(writer);
    };
    let stderr_only = |command: &mut Command, writer: std::io::PipeWriter| {
        command.stdout(Stdio::null()).stderr(writer);
    };
    let stdout_only = |command: &mut Command, writer: std::io::PipeWriter| {
        command.stdout(writer).stderr(Stdio::null());
    };
    for (arrangement, connect) in [
        ("2>&1 | head -3", &both_streams as &dyn Fn(&mut Command, std::io::PipeWriter)),
        ("2>&1 >/dev/null | head -3", &stderr_only),
        ("| head -3", &stdout_only),
    ] {
        for args in [["solve", "--stats"], ["count", "--stats"]] {
            let mut command = sudoku_command(&args);
            command.arg(puzzles);
            let (first_lines, status) =
                read_three_lines_then_close(command, |command, writer| connect(command, writer));
            let what = format!("sudoku {} {arrangement}", args.join(" "));
            assert_eq!(first_lines.lines().count(), 3, "{what}: {first_lines}");
            assert!(!first_lines.contains("panicked"), "{what}: {first_lines}");
            // `None` would mean a signal; 101 is a panic.
            assert_eq!(status.code(), Some(0), "{what}: {status}");
        }
    }
}

#[test]
fn help_to_a_reader_that_went_away_exits_0() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output =
        sudoku_command(&["--help"]).stdout(writer).stderr(Stdio::piped()).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// `/dev/full`, where every write fails with "no space left on device".
#[cfg(target_os = "linux")]
fn full_device() -> File {
    OpenOptions::new().write(true).open("/dev/full").unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 2 3\n").unwrap();
    let status = sudoku_command(&["solve", bad.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(full_device())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2), "{status}");
    // A usage error too: clap's message has nowhere to go.
    let status = sudoku_command(&["--no-such-option"])
        .stdout(Stdio::null())
        .stderr(full_device())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2), "{status}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_exits_2_with_one_line_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = corpus_prefix(dir.path(), 10);
    for args in [
        &["engines"][..],
        &["--help"],
        &["count", "--help"],
        &["--version"],
        &["solve", puzzles.to_str().unwrap()],
    ] {
        let mut child =
            sudoku_command(args).stdout(full_device()).stderr(Stdio::piped()).spawn().unwrap();
        let mut messages = String::new();
        child.stderr.take().unwrap().read_to_string(&mut messages).unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}: {status}");
        assert_eq!(messages.lines().count(), 1, "{args:?}: {messages}");
        assert!(messages.starts_with("sudoku: cannot write the output: "), "{args:?}: {messages}");
    }
}

/// A file a command reads that is also where its standard output goes (`>> puzzles.txt`) is
/// refused, naming the file, before anything is written: the command would read its own
/// answers after its puzzles, forever, or (`>`) find the file already emptied. The file stays
/// as it was.
#[cfg(unix)]
#[test]
fn an_input_that_is_also_standard_output_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = corpus_prefix(dir.path(), 5);
    let before = std::fs::read(&puzzles).unwrap();
    let name = puzzles.display().to_string();
    for args in [
        &["solve"][..],
        &["count"],
        &["canon"],
        &["shuffle", "--seed", "3"],
        &["rate"],
        &["minimize"],
        &["explain"],
        &["bench", "--engines", "dlx"],
    ] {
        let appending = OpenOptions::new().append(true).open(&puzzles).unwrap();
        let output = sudoku_command(args)
            .arg(&puzzles)
            .stdout(appending)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(&name) && stderr.contains("standard output"), "{args:?}: {stderr}");
        assert_eq!(std::fs::read(&puzzles).unwrap(), before, "{args:?}: the file is kept");
    }
}
