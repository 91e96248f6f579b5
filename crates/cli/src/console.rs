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

use std::fmt;
use std::io::{self, Write};

use sudoku_bench::{Log, Message};

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

/// Writes one line to standard error.
pub fn err_line(arguments: fmt::Arguments<'_>) -> Written {
    let mut stderr = io::stderr().lock();
    stderr
        .write_fmt(arguments)
        .and_then(|()| stderr.write_all(b"\n"))
        .map_err(|e| Halt::from_stderr(&e))
}

/// Writes `text` to standard error as it is.
pub fn err_text(text: &str) -> Written {
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

/// Says the messages of `log`: problems and notes on standard error, text on the stream it is
/// for. A closed standard output is no error here, and one that fails is a problem (exit code
/// 2) that does not stop the run: the output files and the gates still count. Only a failure
/// of standard error itself ends the run.
pub fn say(log: &mut Log) -> Result<(), Halt> {
    for message in log.take() {
        match message {
            Message::Problem(line) => errln!("sudoku: {line}")?,
            Message::Note(line) => errln!("{line}")?,
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
