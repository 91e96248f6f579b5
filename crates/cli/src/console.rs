//! Standard output and standard error, written without ever panicking.
//!
//! `println!` and `eprintln!` panic when their stream fails (`sudoku ... | head` closes the
//! pipe; `2>/dev/full` fills the disk), so no user-facing path uses them. Every write goes
//! through this module instead and fails with a [`Halt`], which the commands turn into an exit
//! code with one rule:
//!
//! - a **closed pipe** on either stream ends the program quietly: whoever read the output has
//!   what they wanted. The exit code is that of what was done so far;
//! - **any other write error** ends it with exit code 2 and a one-line message on standard
//!   error (when standard error itself is what failed, there is nowhere to say it).
//!
//! Rust ignores `SIGPIPE`, so a closed pipe arrives here as an `EPIPE` error, never as a signal.
//!
//! Text for people fits the output's width ([`width`]): notes are wrapped to it ([`wrap`],
//! [`noteln!`]), and tables narrowed to it or said to be wide. Problems stay one line each
//! (a script greps them), and so do machine-readable outputs (CSV, JSON, line formats,
//! per-puzzle rows) and puzzle grids.

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

use sudoku_bench::{Log, Message};

use sudoku_bench::files;

use crate::exit;

/// Why the program must stop writing.
#[derive(Debug)]
pub enum Halt {
    /// The reader of standard output or standard error went away.
    ClosedPipe,
    /// Standard output (or an output file being streamed) failed: this message says how.
    OutputFailed(String),
    /// Standard error failed: nothing more can be said.
    StderrFailed,
}

/// A write to a standard stream: done, or the program must stop.
pub type Written = Result<(), Halt>;

impl Halt {
    /// The halt for a failed write of standard output (or of `what`, when it is a file).
    pub fn from_output(error: &io::Error, what: &str) -> Halt {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Halt::ClosedPipe
        } else {
            Halt::OutputFailed(format!("cannot write {what}: {error}"))
        }
    }

    /// The halt for a failed write of standard error.
    pub fn from_stderr(error: &io::Error) -> Halt {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Halt::ClosedPipe
        } else {
            Halt::StderrFailed
        }
    }

    /// Says what failed (where it can) and gives the exit code: `so_far` for a closed pipe,
    /// the code the command had earned up to that point; 2 for any other failure.
    pub fn exit_code(self, so_far: u8) -> u8 {
        match self {
            Halt::ClosedPipe => so_far,
            Halt::OutputFailed(message) => {
                // Standard error may be broken too; then the exit code alone tells.
                let _ = writeln!(io::stderr().lock(), "sudoku: {message}");
                exit::BAD_INPUT
            }
            Halt::StderrFailed => exit::BAD_INPUT,
        }
    }
}

/// Waits for the end when a caught signal is ending the process: nothing is said from then on,
/// since what fails then (an engine's process its cleanup killed) fails by the signal's doing.
fn quiet_while_ending() {
    if files::ending_by_signal() {
        files::wait_if_ending_by_signal();
    }
}

/// Writes one line to standard error (nothing once a caught signal is ending the process).
pub fn err_line(arguments: fmt::Arguments<'_>) -> Written {
    quiet_while_ending();
    let mut stderr = io::stderr().lock();
    stderr
        .write_fmt(arguments)
        .and_then(|()| stderr.write_all(b"\n"))
        .map_err(|e| Halt::from_stderr(&e))
}

/// Writes `text` to standard error as it is (nothing once a caught signal is ending the
/// process).
pub fn err_text(text: &str) -> Written {
    quiet_while_ending();
    io::stderr().lock().write_all(text.as_bytes()).map_err(|e| Halt::from_stderr(&e))
}

/// Writes `bytes` to standard output and flushes them.
pub fn out_bytes(bytes: &[u8]) -> Written {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| Halt::from_output(&e, "the output"))
}

/// Says the messages of `log`: problems (one line each), notes (wrapped to the output's
/// [`width`]) and rows on standard error, text on the stream it is for. A closed standard output is no error here, and one that fails is a problem (exit code
/// 2) that does not stop the run: the output files and the gates still count. Only a failure
/// of standard error itself ends the run.
pub fn say(log: &mut Log) -> Result<(), Halt> {
    for message in log.take() {
        match message {
            Message::Problem(line) => errln!("sudoku: {line}")?,
            Message::Note(line) => noteln!("{line}")?,
            Message::Row(line) => errln!("{line}")?,
            Message::Text(text) => err_text(&text)?,
            Message::Out(bytes) => match out_bytes(&bytes) {
                Ok(()) | Err(Halt::ClosedPipe) => {}
                Err(Halt::OutputFailed(message)) => {
                    log.findings.bad_input = true;
                    errln!("sudoku: {message}")?;
                }
                Err(halt) => return Err(halt),
            },
        }
    }
    Ok(())
}

/// The width of the output when `COLUMNS` does not say and standard output is no terminal.
pub const DEFAULT_WIDTH: usize = 100;

/// The width text for people is fitted to, in characters: `COLUMNS` when it holds a positive
/// number, else the terminal's when standard output is one, else [`DEFAULT_WIDTH`]. Asked once.
pub fn width() -> usize {
    static WIDTH: OnceLock<usize> = OnceLock::new();
    *WIDTH.get_or_init(|| {
        let columns = std::env::var("COLUMNS").ok();
        let columns = columns.and_then(|text| text.trim().parse::<usize>().ok());
        columns
            .filter(|&columns| columns > 0)
            .or_else(|| {
                let (terminal_size::Width(columns), _) =
                    terminal_size::terminal_size_of(io::stdout())?;
                Some(usize::from(columns)).filter(|&columns| columns > 0)
            })
            .unwrap_or(DEFAULT_WIDTH)
    })
}

/// `text` wrapped to the output's [`width`], between clauses or at spaces, each line after the
/// first indented by `indent` more spaces than the line it continues (see
/// [`sudoku_bench::output::wrap`]); no newline at the end.
pub fn wrap(text: &str, indent: usize) -> String {
    sudoku_bench::output::wrap(text, width(), indent)
}

/// Writes a note for people to standard error, wrapped to the output's [`width`], its later
/// lines indented by two spaces.
pub fn err_note(arguments: fmt::Arguments<'_>) -> Written {
    err_line(format_args!("{}", wrap(&arguments.to_string(), 2)))
}

/// `eprintln!` for a note for people ([`err_note`]): wrapped to the output's width, returning
/// a [`Written`].
macro_rules! noteln {
    ($($arg:tt)*) => {
        $crate::console::err_note(format_args!($($arg)*))
    };
}
pub(crate) use noteln;

/// `eprintln!` that returns a [`Written`] instead of panicking.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::console::err_line(format_args!($($arg)*))
    };
}
pub(crate) use errln;

pub use sudoku_bench::output::plural;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_agree_with_the_count() {
        assert_eq!(plural(1u64, "node"), "1 node");
        assert_eq!(plural(0u64, "node"), "0 nodes");
        assert_eq!(plural(2u32, "thread"), "2 threads");
        assert_eq!(plural(3u64, "guess"), "3 guesses");
        assert_eq!(plural(1u64, "guess"), "1 guess");
    }

    #[test]
    fn a_closed_pipe_keeps_the_exit_code_and_other_failures_give_2() {
        let closed = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(matches!(Halt::from_output(&closed, "x"), Halt::ClosedPipe));
        assert_eq!(Halt::ClosedPipe.exit_code(exit::UNSOLVED), exit::UNSOLVED);
        let full = io::Error::from_raw_os_error(28);
        let halt = Halt::from_output(&full, "report.json");
        assert!(
            matches!(&halt, Halt::OutputFailed(message) if message.starts_with("cannot write report.json: "))
        );
        assert_eq!(Halt::StderrFailed.exit_code(exit::SUCCESS), exit::BAD_INPUT);
    }
}
