//! The command line, as clap derives it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_core::Format;
use sudoku_engines::{DEFAULT_ENGINE, EngineInfo};

const EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was solved (or counted)
  1  some puzzle has no solution, or its search gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or option";

/// Solve Sudoku puzzles with interchangeable engines, and compare the engines.
///
/// With no subcommand, `sudoku` behaves as `sudoku solve`: `sudoku < input.txt` reads the
/// puzzles on standard input and prints their solutions in the format they came in, so judge
/// input gives judge output.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, after_help = EXIT_CODES)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve every puzzle in a file or on standard input (the default command).
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Count the solutions of every puzzle (the same as `solve --count`).
    #[command(after_help = EXIT_CODES)]
    Count(CountArgs),
    /// List the engines, with the default marked.
    Engines,
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    /// The engine to solve with (see `sudoku engines`).
    #[arg(short, long, default_value = DEFAULT_ENGINE, value_parser = parse_engine)]
    pub engine: &'static EngineInfo,

    /// The format of the puzzles; `auto` detects it for each puzzle.
    #[arg(short, long, value_enum, default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,

    /// The format of the solutions; by default, the format each puzzle came in.
    #[arg(short, long, value_enum)]
    pub output_format: Option<FormatArg>,

    /// Print the number of solutions (0, 1, 2+) instead of a solution.
    #[arg(short, long)]
    pub count: bool,

    /// With --count, count up to this many solutions (printing `N+` when reached).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..), requires = "count")]
    pub limit: u32,

    /// Give up on a puzzle after this many search nodes.
    #[arg(long)]
    pub budget: Option<u64>,

    /// Print each puzzle's search nodes, guesses and solve time on standard error.
    #[arg(short, long)]
    pub stats: bool,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    /// The engine to count with (see `sudoku engines`).
    #[arg(short, long, default_value = DEFAULT_ENGINE, value_parser = parse_engine)]
    pub engine: &'static EngineInfo,

    /// The format of the puzzles; `auto` detects it for each puzzle.
    #[arg(short, long, value_enum, default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,

    /// Count up to this many solutions (printing `N+` when reached).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,

    /// Give up on a puzzle after this many search nodes.
    #[arg(long)]
    pub budget: Option<u64>,

    /// Print each puzzle's search nodes, guesses and solve time on standard error.
    #[arg(short, long)]
    pub stats: bool,
}

impl CountArgs {
    /// The equivalent `solve --count` arguments.
    pub fn into_solve_args(self) -> SolveArgs {
        SolveArgs {
            files: self.files,
            engine: self.engine,
            input_format: self.input_format,
            output_format: None,
            count: true,
            limit: self.limit,
            budget: self.budget,
            stats: self.stats,
        }
    }
}

/// `--input-format`: a format, or detection.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// Detect each puzzle's format from its first line.
    Auto,
    /// Nine lines of nine space-separated digits, 0 = blank (Baekjoon 2580).
    Judge,
    /// Nine lines of nine digits without spaces (Baekjoon 2239).
    Compact,
    /// One line of 81 characters, '.' or '0' = blank (public corpora).
    Line,
    /// Rows like `3 1 6 | 5 7 8 | 4 9 2` with dashed rules between bands.
    Pretty,
    /// Rows like `| 3 1 6 | 5 7 8 | 4 9 2 |` inside +-------+ borders.
    Bordered,
}

impl InputFormat {
    /// The forced format, or `None` for detection.
    pub fn forced(self) -> Option<Format> {
        match self {
            InputFormat::Auto => None,
            InputFormat::Judge => Some(Format::Judge),
            InputFormat::Compact => Some(Format::Compact),
            InputFormat::Line => Some(Format::Line),
            InputFormat::Pretty => Some(Format::Pretty),
            InputFormat::Bordered => Some(Format::Bordered),
        }
    }
}

/// `--output-format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// Nine lines of nine space-separated digits (Baekjoon 2580).
    Judge,
    /// Nine lines of nine digits without spaces (Baekjoon 2239).
    Compact,
    /// One line of 81 digits.
    Line,
    /// Rows like `3 1 6 | 5 7 8 | 4 9 2` with dashed rules between bands.
    Pretty,
    /// Rows like `| 3 1 6 | 5 7 8 | 4 9 2 |` inside +-------+ borders.
    Bordered,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Judge => Format::Judge,
            FormatArg::Compact => Format::Compact,
            FormatArg::Line => Format::Line,
            FormatArg::Pretty => Format::Pretty,
            FormatArg::Bordered => Format::Bordered,
        }
    }
}

fn parse_engine(name: &str) -> Result<&'static EngineInfo, String> {
    sudoku_engines::find(name).map_err(|unknown| unknown.to_string())
}
