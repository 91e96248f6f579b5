//! `sudoku canon`, `sudoku candidates` and `sudoku minimize`: the tools of people who make
//! puzzles and keep lists of them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::input::InputArgs;
use super::values::parse_threads;

/// What `sudoku canon` writes, and how the form is defined.
pub(super) const CANON_HELP: &str = "\
The canonical form of a puzzle (or solution grid) is one representative of every puzzle that
the transformations of `sudoku shuffle` make from it: relabelling the values, reordering the
bands and the rows within each band, the stacks and the columns within each stack, and
transposing. Two puzzles are isomorphs exactly when their forms are equal.

The default form is the one the published lists use (minlex): written as the string of its
cells, an empty cell smallest (. < 1 < ... < 9), the smallest string over every transformation,
each with its values numbered in order of first appearance. --pattern-first takes the smallest
clue pattern first (empty before given), then the smallest string among the transformations
that keep it. --keep-pattern only renumbers the values in order of first appearance: the cells
stay where they are. 4×4 and 9×9 puzzles are handled; a larger one is reported and skipped.

Each form is written on a line of its own, in input order (with --automorphisms, followed by
the number of transformations that map the puzzle to itself). --dedupe writes instead the first
puzzle of each class as it was read, and drops its later isomorphs; it keeps one form per class
met.

Exit codes: 0 every puzzle handled; 2 bad input (a malformed puzzle, an unreadable file, a size
not handled) or output that could not be written.";

/// What `sudoku candidates` writes.
pub(super) const CANDIDATES_HELP: &str = "\
A cell's true candidates are the values it holds in at least one solution. They are found by
solving: a value is a candidate when some solution has it there, so every solution's values
are candidates and no other value is. Each puzzle is written as a pencil-mark grid, a row per
line and each cell's candidates in a column of its own; a puzzle with no solution says so.

With --cap N, each candidate is followed by the number of solutions (up to N) that have it,
as 5(3) or 5(10+) when N or more do; counting them costs up to N solutions per candidate.

-o json writes {\"puzzles\": [...]} with, per puzzle, its number, whether it has a solution,
and each cell's candidates (with --cap, each candidate's count and whether it reached the cap).

Exit codes: 0 every puzzle has a solution; 1 some puzzle has none; 2 bad input or output that
could not be written.";

/// What `sudoku minimize` writes.
pub(super) const MINIMIZE_HELP: &str = "\
A given is redundant when the puzzle without it still has exactly one solution. A puzzle is
minimal when none of its givens is redundant.

With --check, each puzzle gets a line: `minimal`, or the redundant givens by their cells
(r1c5 r3c3 ...); removing any one of them alone keeps the solution unique. Without --check,
each puzzle is written minimal: its givens are tried in turn, in reading order or (with
--seed) in an order drawn from the seed and the puzzle's number, and each is removed when the
solution stays unique without it. The result depends on the order; every order gives a
minimal puzzle with the same solution.

Exit codes: 0 every puzzle was minimal (--check) or was minimized; 1 some puzzle is not
minimal (--check), or has no solution or several (it cannot be minimized); 2 bad input or
output that could not be written.";

/// `sudoku canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Take the smallest clue pattern first, then the smallest string (see below).
    #[arg(long, conflicts_with = "keep_pattern")]
    pub pattern_first: bool,

    /// Only renumber the values in order of first appearance; the cells stay in place.
    #[arg(long)]
    pub keep_pattern: bool,

    /// Write the first puzzle of each class as read, and none of its later isomorphs.
    #[arg(long, conflicts_with = "automorphisms")]
    pub dedupe: bool,

    /// After each form, the number of transformations that map the puzzle to itself.
    #[arg(long)]
    pub automorphisms: bool,

    /// Worker threads; by default one per core.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

/// How `candidates` writes its answers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidatesFormat {
    /// A pencil-mark grid per puzzle.
    Text,
    /// Every puzzle's cells and candidates.
    Json,
}

/// `sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// What to print: `text` (pencil-mark grids) or `json`.
    #[arg(short = 'o', long, value_enum, default_value_t = CandidatesFormat::Text)]
    pub format: CandidatesFormat,

    /// Count the solutions each candidate appears in, up to N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub cap: Option<u64>,

    /// Worker threads; by default one per core.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

/// `sudoku minimize`.
#[derive(Args, Debug)]
pub struct MinimizeArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// List the redundant givens instead of removing them; exit 1 if a puzzle is not minimal.
    #[arg(long)]
    pub check: bool,

    /// Try the givens in an order drawn from this seed (and the puzzle's number), not in
    /// reading order.
    #[arg(long, conflicts_with = "check")]
    pub seed: Option<u64>,

    /// Worker threads; by default one per core.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}
