//! `sudoku solve` and `sudoku count` (and `sudoku` with no subcommand, which is `solve`).

use std::path::PathBuf;

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use sudoku_core::Format;

use super::external::ExternalArgs;
use super::input::InputArgs;
use super::values::{NodeBudget, format_value, parse_budget, parse_seconds, parse_threads};

/// What `sudoku solve` prints, and its exit codes. The placeholders are those of
/// `crate::solve`.
pub(super) const SOLVE_HELP: &str = "\
Each solution is written in the format its puzzle came in (or --output-format); grids of
several lines are separated by a blank line. Messages, --stats lines and a summary go to
standard error.

When solutions are one line each (--output-format line, or puzzles that came as lines), line N
of the output answers puzzle N: a puzzle without a solution gets a placeholder line:
  unreadable   the puzzle could not be read (its error is on standard error)
  no-solution  the puzzle has no solution
  gave-up      the search ran out of --budget nodes first
  crashed, timed-out, protocol-error
               an engine from outside failed on the puzzle (the message says how); it is
               started again for the next puzzle
A grid of several lines has no placeholder: such a puzzle prints nothing.

With --count, one line per puzzle, as `sudoku count` prints it:
  0            no solution
  1            exactly one solution
  2+           at least two: the count stopped at the --limit (N+ with --limit N)
  K+?          the search gave up at the --budget after finding K solutions
  unreadable   the puzzle could not be read

Exit codes:
  0  every puzzle was solved (with --count: counted; a count of 0 is an answer)
  1  some puzzle has no solution, or its search gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or option,
     or output that could not be written
  5  an engine from outside failed on some puzzle (and nothing in 2 applies)";

/// `sudoku solve`, and `sudoku` with no subcommand.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    // The help names the default engines from the registry's own table.
    #[arg(short, long, value_name = "ENGINE", help = engine_help())]
    pub engine: Option<String>,

    #[command(flatten)]
    pub external: ExternalArgs,

    #[command(flatten)]
    pub input: InputArgs,

    /// The format of the solutions; by default, the format each puzzle came in.
    #[arg(short, long, value_parser = output_formats())]
    pub output_format: Option<Format>,

    /// Print the number of solutions (0, 1, 2+; see below) instead of a solution.
    #[arg(short, long)]
    pub count: bool,

    /// With --count, count up to this many solutions (printing `N+` when reached).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..), requires = "count")]
    pub limit: u32,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// The help of `solve --engine`: the default engine of each size, as the registry has it.
fn engine_help() -> String {
    format!(
        "The engine to solve with (see `sudoku engines`); by default the fastest that solves each \
         puzzle's size: {}",
        sudoku_engines::default_engines_text()
    )
}

/// `--output-format`: the formats of `sudoku_core::Format`, by the names its `FromStr` reads,
/// each listed in `--help` with what it writes.
fn output_formats() -> impl TypedValueParser<Value = Format> {
    let values = Format::ALL.map(|format| format_value(format, output_help(format)));
    PossibleValuesParser::new(values).try_map(|name| name.parse::<Format>())
}

/// What a format writes, as `--output-format`'s help says it (the library's own
/// descriptions speak of reading).
fn output_help(format: Format) -> &'static str {
    match format {
        Format::Judge => {
            "The numeric block: a line of space-separated numbers per row (Baekjoon 2580 at 9×9)"
        }
        Format::Compact => {
            "A line of symbols per row without spaces (Baekjoon 2239 at 9×9; up to 36×36)"
        }
        Format::Line => "The whole grid on one line (up to 36×36)",
        Format::Pretty => "Rows like `3 1 6 | 5 7 8 | 4 9 2` with dashed rules between bands",
        Format::Bordered => "Rows like `| 3 1 6 | 5 7 8 | 4 9 2 |` inside +-------+ borders",
        Format::Pencilmark => {
            "Each cell's candidates on one line, a mark per value (729 characters at 9×9; up to 16×16)"
        }
        Format::Fpuzzles => {
            "An f-puzzles link the editor opens: the puzzle, its rules and the solution found (up \
             to 16×16)"
        }
    }
}

/// What `sudoku count` prints, and its exit codes.
pub(super) const COUNT_HELP: &str = "\
One line per puzzle, in input order, so line N of the output answers puzzle N:
  0            no solution
  1            exactly one solution
  2+           at least two: the count stopped at the --limit (N+ with --limit N)
  K+?          the search gave up at the --budget after finding K solutions
  unreadable   the puzzle could not be read (its error is on standard error)
  crashed, timed-out, protocol-error
               an engine from outside failed on the puzzle (the message says how)
Messages, --stats lines and a summary go to standard error.

With --list N, each puzzle's first N solutions (one per line, or as grids in its format) come
before its count. With --estimate, each puzzle gets an estimate of its number of solutions and
a 99% interval from random probes of the search tree, within --probes and --seconds:
  6.67e21 (6.4e21 to 6.9e21, 4000 probes)

Exit codes:
  0  every puzzle was counted (a count of 0 is an answer)
  1  some search gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or option,
     or output that could not be written
  5  an engine from outside failed on some puzzle (and nothing in 2 applies)";

/// `sudoku count`: `solve --count` without the options that only solving takes.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    /// The engine to count with (see `sudoku engines`); by default the fastest that solves
    /// each puzzle's size.
    #[arg(short, long, value_name = "ENGINE")]
    pub engine: Option<String>,

    #[command(flatten)]
    pub external: ExternalArgs,

    #[command(flatten)]
    pub input: InputArgs,

    /// Count up to this many solutions (printing `N+` when reached).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,

    #[command(flatten)]
    pub search: SearchArgs,

    /// Print each puzzle's first N solutions (in the order of a fixed search), then its count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000), conflicts_with = "estimate")]
    pub list: Option<u64>,

    /// Estimate the number of solutions from random probes of the search tree (Knuth's
    /// estimator), with a 99% interval, for puzzles with too many to count.
    #[arg(long)]
    pub estimate: bool,

    /// With --estimate: the most probes per puzzle.
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "estimate", value_parser = clap::value_parser!(u64).range(2..))]
    pub probes: u64,

    /// With --estimate: the most time per puzzle, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "1", requires = "estimate", value_parser = parse_seconds)]
    pub seconds: std::time::Duration,

    /// With --estimate: draws the probes, so that an estimate can be repeated.
    #[arg(long, default_value_t = 1, requires = "estimate")]
    pub seed: u64,

    /// With --estimate: `text` (a line per puzzle) or `json` (estimate, lower, upper).
    #[arg(short = 'o', long = "format", value_enum, default_value_t = EstimateFormat::Text, requires = "estimate")]
    pub estimate_format: EstimateFormat,
}

/// How `count --estimate` writes its answers.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EstimateFormat {
    /// A line per puzzle: the estimate and its interval.
    Text,
    /// `{"puzzles": [...]}` with each puzzle's estimate, lower and upper bounds, and probes.
    Json,
}

impl CountArgs {
    /// The equivalent `solve --count` arguments.
    pub fn into_solve_args(self) -> SolveArgs {
        SolveArgs {
            files: self.files,
            engine: self.engine,
            external: self.external,
            input: self.input,
            output_format: None,
            count: true,
            limit: self.limit,
            search: self.search,
        }
    }
}

/// What `solve` and `count` take alike after their limit: the budget of each search, its
/// statistics, and the threads that run them.
#[derive(Args, Debug, Clone, Copy)]
pub struct SearchArgs {
    /// Give up on a puzzle after this many search nodes (a positive number), or `none`.
    #[arg(long, value_name = "NODES", default_value = "none", value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Print each puzzle's search nodes, guesses and solve time on standard error.
    #[arg(short, long)]
    pub stats: bool,

    /// Worker threads, at most 256 (or the number of cores, when more). The output is the
    /// same whatever the number: answers are written in input order, and all of them before
    /// reading waits for more input, so a puzzle typed or sent down a pipe is answered before
    /// the next arrives. By default every core, once the input proves large (a chunk of
    /// puzzles, or 10 ms of solving), and one puzzle at a time until then. Puzzles typed at a
    /// terminal are always answered one at a time.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::args::Cli;

    /// The `--output-format` of `sudoku solve ARGS...`.
    fn output_format(args: &[&str]) -> Result<Option<Format>, clap::Error> {
        let cli = Cli::try_parse_from(["sudoku", "solve"].iter().chain(args))?;
        match cli.command {
            Some(crate::args::Command::Solve(solve)) => Ok(solve.output_format),
            other => panic!("not a solve: {other:?}"),
        }
    }

    #[test]
    fn every_format_is_an_output_format_by_its_name() {
        assert_eq!(output_format(&[]).unwrap(), None);
        for format in Format::ALL {
            assert_eq!(output_format(&["-o", format.name()]).unwrap(), Some(format));
        }
        assert_eq!(output_format(&["--output-format", "numeric"]).unwrap(), Some(Format::Judge));
        let error = output_format(&["-o", "Judge"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::InvalidValue);
    }

    #[test]
    fn every_output_format_is_listed_in_the_help_with_its_text() {
        let listed: Vec<_> = output_formats().possible_values().unwrap().collect();
        assert_eq!(listed.len(), Format::ALL.len());
        for (value, format) in listed.iter().zip(Format::ALL) {
            assert_eq!(value.get_name(), format.name());
            assert_eq!(
                value.get_help().map(ToString::to_string).as_deref(),
                Some(output_help(format))
            );
        }
    }
}
