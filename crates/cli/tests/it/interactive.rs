//! `sudoku solve` and `sudoku count` as the other end of a conversation: a program sends a
//! puzzle down a pipe, waits for its answer, then sends the next. Every answer must arrive
//! while standard input is still open, whatever `--threads` says; a run that held its answers
//! until the end of the input would make such a program wait forever, so every wait here has
//! a deadline and a regression fails instead of hanging.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use common::repository;
use sudoku_core::{Alphabet, Format, format_grid, parse_one};

/// How long an answer may take: far more than solving needs, even on a loaded machine.
const DEADLINE: Duration = Duration::from_secs(30);

/// The puzzle lines of the shipped corpus.
fn puzzles() -> Vec<String> {
    std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt"))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// What `sudoku args...` answers to `input` when it is given whole, as a file: the answers a
/// conversation must get, one line each.
fn answers_given_whole(args: &[&str], input: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.txt");
    std::fs::write(&file, input).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku")).args(args).arg(&file).output();
    let output = output.unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_owned).collect()
}

/// A running `sudoku`, its standard input held open, its output lines arriving on a channel.
struct Conversation {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    what: String,
}

impl Conversation {
    fn start(args: &[&str]) -> Conversation {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Conversation { child, stdin, lines, what: format!("sudoku {}", args.join(" ")) }
    }

    /// Sends `text` (whole lines) and flushes it.
    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// The next `count` lines of output, which must come before the deadline.
    fn receive(&self, count: usize) -> Vec<String> {
        let deadline = Instant::now() + DEADLINE;
        (0..count)
            .map(|index| {
                let left = deadline.saturating_duration_since(Instant::now());
                self.lines.recv_timeout(left).unwrap_or_else(|_| {
                    panic!(
                        "{}: no line {} of {count} while the input is open",
                        self.what,
                        index + 1
                    )
                })
            })
            .collect()
    }

    /// Closes standard input; returns the exit code, which must come before the deadline.
    fn finish(mut self) -> Option<i32> {
        self.stdin = None;
        common::exit_code(&mut self.child, &self.what, DEADLINE)
    }
}

/// Every way of spreading puzzles over threads: one, the default, a pool.
const THREADS: [&[&str]; 3] = [&["--threads", "1"], &[], &["--threads", "2"]];

#[test]
fn solve_and_count_answer_each_puzzle_before_the_next_is_sent() {
    let puzzles = puzzles();
    for command in ["solve", "count"] {
        for threads in THREADS {
            let args: Vec<&str> = [command].iter().chain(threads).copied().collect();
            let expected = answers_given_whole(&args, &format!("{}\n{}\n", puzzles[0], puzzles[1]));
            assert_eq!(expected.len(), 2);
            let mut conversation = Conversation::start(&args);
            conversation.send(&format!("{}\n", puzzles[0]));
            assert_eq!(conversation.receive(1), expected[..1], "{args:?}");
            conversation.send(&format!("{}\n", puzzles[1]));
            assert_eq!(conversation.receive(1), expected[1..], "{args:?}");
            assert_eq!(conversation.finish(), Some(0), "{args:?}");
        }
    }
}

#[test]
fn a_block_puzzle_is_answered_once_its_last_row_is_sent() {
    let grid = parse_one(puzzles()[0].as_bytes()).unwrap().grid;
    let judge = format_grid(&grid, Format::Judge, Alphabet::FromOne);
    let bordered = format_grid(&grid, Format::Bordered, Alphabet::FromOne);
    for block in [judge, bordered] {
        let rows = block.lines().count();
        let expected = answers_given_whole(&["solve"], &block);
        let mut conversation = Conversation::start(&["solve", "--threads", "1"]);
        conversation.send(&block);
        assert_eq!(conversation.receive(rows), expected, "{block}");
        // A second puzzle after a blank line, as a block needs.
        conversation.send(&format!("\n{block}"));
        let mut second = conversation.receive(rows + 1);
        assert_eq!(second.remove(0), "", "a blank line between two blocks");
        assert_eq!(second, expected);
        assert_eq!(conversation.finish(), Some(0));
    }
}

#[test]
fn a_pool_answers_more_than_a_chunk_then_one_more_while_the_input_is_open() {
    // More puzzles than a chunk holds arrive at once; the last chunk is cut at what was sent,
    // not left waiting to be filled, and a puzzle sent after it is answered on its own.
    let puzzles = puzzles();
    let (many, one) = (&puzzles[..5000], &puzzles[5000]);
    for threads in [&["--threads", "2"][..], &[]] {
        let args: Vec<&str> = ["solve"].iter().chain(threads).copied().collect();
        let mut all = many.join("\n");
        all.push('\n');
        let expected = answers_given_whole(&args, &format!("{all}{one}\n"));
        let mut conversation = Conversation::start(&args);
        // Sent from a thread: the pipe holds less than the puzzles, and the answers must be
        // read meanwhile.
        let mut stdin = conversation.stdin.take().unwrap();
        let sender = thread::spawn(move || {
            stdin.write_all(all.as_bytes()).unwrap();
            stdin.flush().unwrap();
            stdin
        });
        assert_eq!(conversation.receive(many.len()), expected[..many.len()], "{args:?}");
        conversation.stdin = Some(sender.join().unwrap());
        conversation.send(&format!("{one}\n"));
        assert_eq!(conversation.receive(1), expected[many.len()..], "{args:?}");
        assert_eq!(conversation.finish(), Some(0), "{args:?}");
    }
}
