//! The command line, as clap derives it: the top-level `Cli` and its `Command`s here, each
//! subcommand's arguments and long help in a file of its own, and the pieces several commands
//! share (how puzzles are read, the engines from outside, the value parsers) in files that use
//! no subcommand's.
//!
//! The rest of the program names what it uses as `crate::args::Name`: the re-exports below
//! keep those paths whichever file a type lives in.

mod bench;
mod engines;
mod external;
mod generate;
mod input;
mod logic;
mod serve;
mod setter;
mod shuffle;
mod solve;
mod values;

use clap::{Parser, Subcommand};

pub use bench::{
    BenchAction, BenchArgs, CompareArgs, EngineSelection, MergeArgs, PictureArgs, ReportOutput,
};
pub use engines::EnginesArgs;
pub use external::ExternalArgs;
pub use generate::GenerateArgs;
pub use logic::{ExplainArgs, ExplainFormat, LadderScale, RateArgs, RateFormat};
pub use serve::ServeArgs;
pub use setter::{CandidatesArgs, CandidatesFormat, CanonArgs, MinimizeArgs};
pub use shuffle::ShuffleArgs;
pub use solve::{CountArgs, EstimateFormat, SolveArgs};
pub use values::cores;

/// The exit codes of every command, for the top-level `--help`.
const EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was solved (or counted); for bench, every answer checked and agreed
  1  some puzzle has no solution, or its search gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or option,
     or output that could not be written
  3  bench only: engines disagree on a puzzle, or an answer failed the check
  4  bench only: slower than the baseline beyond the threshold, or a counter changed
  5  an engine from outside failed on some puzzle: it crashed, timed out or broke its
     protocol (solve, count, bench, generate)
A closed output pipe (sudoku ... | head) ends a command quietly.";

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
    #[command(after_help = solve::SOLVE_HELP)]
    Solve(SolveArgs),
    /// Count the solutions of every puzzle (the same as `solve --count`).
    #[command(after_help = solve::COUNT_HELP)]
    Count(CountArgs),
    /// List the engines, built-in and declared, with the default marked.
    Engines(EnginesArgs),
    /// Serve a built-in engine over the engine protocol on standard input and output (see
    /// docs/engine-protocol.md).
    Serve(ServeArgs),
    /// Run engines over puzzle corpora, cross-check every answer, and report how they compare.
    #[command(after_help = bench::BENCH_HELP)]
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Bench(Box<BenchArgs>),
    /// Make minimal puzzles with exactly one solution, reproducibly from a seed.
    #[command(after_help = generate::GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Rate how hard each puzzle is for people: the hardest technique its solving path needs.
    #[command(after_help = logic::RATE_HELP)]
    Rate(RateArgs),
    /// Explain how to solve a puzzle as people do, one step per line.
    #[command(after_help = logic::EXPLAIN_HELP)]
    Explain(ExplainArgs),
    /// Write an isomorph of every puzzle: the same puzzle relabelled, its rows and columns
    /// reordered as the rules allow, reproducibly from a seed.
    #[command(after_help = shuffle::SHUFFLE_HELP)]
    Shuffle(ShuffleArgs),
    /// Write the canonical form of every puzzle (one per class of isomorphs), or only the
    /// first puzzle of each class.
    #[command(after_help = setter::CANON_HELP)]
    Canon(CanonArgs),
    /// Write each cell's true candidates: the values it holds in at least one solution.
    #[command(after_help = setter::CANDIDATES_HELP)]
    Candidates(CandidatesArgs),
    /// Remove the redundant givens of every puzzle, or list them (--check).
    #[command(after_help = setter::MINIMIZE_HELP)]
    Minimize(MinimizeArgs),
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// clap's own checks of the whole command line (clashing names, a default that is not a
    /// possible value, a `requires` naming no argument), which it otherwise makes only when a
    /// command is parsed that reaches the mistake.
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
