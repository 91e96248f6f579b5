//! What the `sudoku` binary's integration tests share.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// The repository's root.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `sudoku args...` with `stdin` as standard input.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn sudoku(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The child may exit (on a usage error) without reading its input.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Runs `sudoku generate args...`, which must succeed: what it wrote.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn generate(args: &[&str]) -> String {
    let mut command = vec!["generate"];
    command.extend_from_slice(args);
    let output = sudoku(&command, b"");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// The puzzle lines of a file's text, in order (numbered from 1 as `sudoku` numbers them):
/// every line but comments and blank ones.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn puzzle_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect()
}

/// Runs `sudoku args...` in `directory`, with `CI` set as CI would (no progress bar).
#[allow(dead_code, reason = "not every test file needs it")]
pub fn sudoku_in(directory: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .current_dir(directory)
        .env("CI", "true")
        .output()
        .unwrap()
}

/// Whether `program` is installed here: it runs, and `program --version` succeeds.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn installed(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|out| out.status.success())
}

/// Asserts that a command was refused before it started: exit 2, one line on standard error
/// holding every one of `expected`, nothing on standard output.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn refused(output: &Output, expected: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    for part in expected {
        assert!(stderr.contains(part), "'{part}' not in: {stderr}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.stdout.is_empty(), "the command started: {stdout}");
}

/// Output bytes as text, for messages and searches.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first `count` puzzles of the shipped corpus `name` (in `data/corpus`), a line each.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn corpus_lines(name: &str, count: usize) -> Vec<String> {
    let corpus = std::fs::read_to_string(repository().join("data/corpus").join(name)).unwrap();
    corpus.lines().filter(|line| !line.starts_with('#')).take(count).map(str::to_owned).collect()
}

/// Writes the first `count` puzzles of the shipped 9×9 corpus as `name` in `directory`.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn shipped_puzzles(directory: &Path, name: &str, count: usize) {
    let lines: String =
        corpus_lines("generated-10000.txt", count).iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(directory.join(name), lines).unwrap();
}

/// How long a step of a test may take before the test gives up on it: far more than it needs.
#[allow(dead_code, reason = "not every test file needs it")]
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Waits for `child` to end, for at most [`PATIENCE`]; kills it and fails after that.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn wait_for(child: &mut Child) -> ExitStatus {
    ended_within(child, "the process", PATIENCE)
}

/// How `child` ended, which must be within `deadline`: past it, the child is killed and the test
/// fails, naming `what`.
#[allow(dead_code, reason = "not every test file needs it")]
pub fn ended_within(child: &mut Child, what: &str, deadline: Duration) -> ExitStatus {
    let deadline = Instant::now() + deadline;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what}: still running");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The exit code of `child`, which must end within `deadline` (see [`ended_within`]).
#[allow(dead_code, reason = "not every test file needs it")]
pub fn exit_code(child: &mut Child, what: &str, deadline: Duration) -> Option<i32> {
    ended_within(child, what, deadline).code()
}
