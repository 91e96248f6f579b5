//! The `sudoku` command.
//!
//! Argument handling lives here and nowhere else: parsing, solving and measuring belong to the
//! library crates. `main` maps every outcome to one of the documented exit codes.

mod args;
mod bench;
mod console;
mod explain;
mod generate;
mod input;
mod rate;
mod solve;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
use console::Halt;

/// Exit codes, documented in `--help` and the README.
pub mod exit {
    /// Every puzzle was solved (or counted).
    pub const SUCCESS: u8 = 0;
    /// Some puzzle has no solution, or its search gave up at the node budget.
    pub const UNSOLVED: u8 = 1;
    /// Bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or flag.
    pub const BAD_INPUT: u8 = 2;
    /// `bench`: engines disagree on a puzzle, or an answer failed the check.
    pub const DISAGREEMENT: u8 = 3;
    /// `bench`: slower than the baseline beyond the threshold, or a counter changed.
    pub const REGRESSION: u8 = 4;
}

fn main() -> ExitCode {
    sudoku_bench::files::remove_partial_files_on_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(stop) => return ExitCode::from(print_parse_stop(&stop)),
    };
    let code = match cli.command {
        None => solve::run(&cli.solve),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Count(args)) => solve::run(&args.into_solve_args()),
        Some(Command::Engines) => solve::list_engines(),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Explain(args)) => explain::run(&args),
    };
    ExitCode::from(code)
}

/// Prints what stopped argument parsing (help or the version on standard output, a usage error
/// on standard error) under the console rule; returns the exit code: 0 for help and version,
/// 2 for a usage error or output that could not be written.
fn print_parse_stop(stop: &clap::Error) -> u8 {
    let code = if stop.use_stderr() { exit::BAD_INPUT } else { exit::SUCCESS };
    // clap colours the text for a terminal, and returns write errors instead of panicking; the
    // flush makes sure none is left for the exit to swallow.
    let printed = stop
        .print()
        .and_then(|()| if stop.use_stderr() { io::stderr().flush() } else { io::stdout().flush() });
    match printed {
        Ok(()) => code,
        Err(error) if stop.use_stderr() => Halt::from_stderr(&error).exit_code(code),
        Err(error) => Halt::from_output(&error, "the output").exit_code(code),
    }
}
