//! The command line, as clap derives it.

use std::path::PathBuf;
use std::sync::LazyLock;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_core::{Alphabet, Format, ReadOptions, Size};

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

/// What `sudoku solve` prints, and its exit codes. The placeholders are those of
/// `crate::solve`.
const SOLVE_HELP: &str = "\
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

/// What `sudoku count` prints, and its exit codes.
const COUNT_HELP: &str = "\
One line per puzzle, in input order, so line N of the output answers puzzle N:
  0            no solution
  1            exactly one solution
  2+           at least two: the count stopped at the --limit (N+ with --limit N)
  K+?          the search gave up at the --budget after finding K solutions
  unreadable   the puzzle could not be read (its error is on standard error)
  crashed, timed-out, protocol-error
               an engine from outside failed on the puzzle (the message says how)
Messages, --stats lines and a summary go to standard error.

Exit codes:
  0  every puzzle was counted (a count of 0 is an answer)
  1  some search gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or option,
     or output that could not be written
  5  an engine from outside failed on some puzzle (and nothing in 2 applies)";

const GENERATE_HELP: &str = "\
Each puzzle is cut from a random solved grid by removing clues in random order while the
solution stays unique, so every remaining clue is needed (a minimal puzzle). Puzzle i depends
only on the seed, the size and i: a shorter run gives a prefix of a longer one.

Sizes: 4×4 and 9×9 take microseconds a puzzle, 16×16 about a tenth of a second; a minimal
25×25 puzzle takes minutes (its last uniqueness checks are hard for every engine here).

Puzzles are written as they are made, in order; the clue statistics come last, as a comment.
With --out FILE, FILE is replaced only once every puzzle is written: an interrupted run
leaves it as it was. At a terminal, a progress bar on standard error counts the puzzles.

Exit codes:
  0  the puzzles were written (or the reader of standard output went away)
  2  bad usage, or the output could not be written
  5  the engine (one from outside) failed while checking a puzzle: the output is left as it
     was (with --out) or ends at the last puzzle it checked
  128+N  ended by signal N (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM...:
         any that ends a process and can be caught, unless the run was started with it
         ignored)";

const BENCH_HELP: &str = "\
With no files, runs on the corpus the project ships (data/corpus/generated-10000.txt).
Every answer is checked and every engine that finished must agree (count, and the solution
where it is unique); disagreements are printed on standard error with the puzzle's file and
line. Budget-outs are counted per engine, never taken as disagreements.

A FILE of `-` is standard input. Each file is given once (a second name for the same file, such
as ./a.txt or a link, is refused before the run).

Output files (--out, --chart, --report, --per-puzzle, --save-baseline) are checked before the
run starts, and written whole or not at all: a regular file is replaced only once complete, a
device or FIFO (such as /dev/stdout) is written as it is, a symbolic link's target is replaced
and the link kept.

Charts: --chart FILE.svg draws the bars (or the scaling chart when the run holds several
sizes); --chart KIND:FILE.svg draws one kind: bars, scaling, cactus (per file and size, every
engine: puzzles answered against µs, sorted, log y) or scatter (two engines' µs per puzzle,
log-log, with the diagonal and the 10x lines; --scatter A,B picks them, the first two engines
by default; both must be engines of the run). --chart may be given several times. --report
FILE.html writes one self-contained page with the command, the machine, every table and every
chart. A file or size no engine answered is left out of a chart, with a note; a chart with
nothing to draw fails (exit 2) without costing the report or the other outputs.

Memory does not grow with the files: each is read once to check it, then run 65,536 puzzles at
a time (standard input, pipes and --by-difficulty excepted: they are held in memory).
--per-puzzle FILE streams a row per puzzle and engine (CSV, or JSON lines for .jsonl).
--puzzle-baseline FILE compares those rows with an earlier run's --per-puzzle file: the puzzles
whose counters changed (a regression unless --accept-counter-changes) and the slowest
regressions, with their lines. The file is read a line at a time (lines of at most 8,192
bytes; a bad row is refused with its line and column) and keeps 40 bytes a row of the run's
files and engines: 80 MB for two million rows. As with --baseline, a file with no row of the
run's files and engines refuses the run, and one that covers only part of the run (or more)
refuses it, or, found after the run, fails it (exit 2), unless --allow-partial-baseline.

Shards: --shard K/N runs puzzles K, K+N, K+2N, ... of every file; `sudoku bench merge
SHARD.json...` makes the reports of all N shards (written with --format json) into the report
of the whole run, counters exactly those of one run.

Baselines: --save-baseline NAME stores the JSON report as target/sudoku-bench/NAME.json
(under $CARGO_TARGET_DIR when set; a NAME with a '/' or ending in .json is a path).
--baseline NAME compares with it: single-thread time per puzzle within --threshold percent,
and the deterministic counters (counts, budget-outs, nodes, guesses) exactly. The baseline
must exist and match the run's mode and budget, and every engine and file of the run must be
in it and the other way round (else the run does not start), unless --allow-partial-baseline.

Statistics: a --baseline that names a per-puzzle file (.csv, .jsonl, .ndjson) is a
--puzzle-baseline, and so judges speed per file, size and engine puzzle by puzzle: the
geometric mean of the time ratios, its 95% bootstrap interval and a Wilcoxon p-value, against
--threshold (default 3); a slowdown is exit 4. --compare A,B does the same for engine B against
engine A of this run, from passes that take turns; --until-decided repeats them until decided
(at most --max-time per file and size). `sudoku bench compare OLD NEW` compares two runs'
per-puzzle files. --format bmf and github-benchmark write the figures for Bencher and
github-action-benchmark. See docs/comparing.md.

Engines from outside (--external, --engines-file; see docs/external-engines.md) are checked
like the others. One that crashes, runs past --time-limit or breaks its protocol costs itself
that puzzle (crashed, timed-out, protocol-error: listed with the puzzle's place, counted, left
out of the times) and is started again; the run goes on. When one is in the run, what each
timing path costs is measured first (see --overhead).

Exit codes (the first that applies):
  3  engines disagree on a puzzle, or an answer failed the check
  2  bad input or usage: a malformed puzzle, an unreadable file, an unwritable output
  5  an engine from outside failed on some puzzle
  4  slower than the baseline (or, with --compare, B slower than A) beyond the threshold, or a
     counter changed
  0  otherwise";

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
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Count the solutions of every puzzle (the same as `solve --count`).
    #[command(after_help = COUNT_HELP)]
    Count(CountArgs),
    /// List the engines, built-in and declared, with the default marked.
    Engines(EnginesArgs),
    /// Serve a built-in engine over the engine protocol on standard input and output (see
    /// docs/engine-protocol.md).
    Serve(ServeArgs),
    /// Run engines over puzzle corpora, cross-check every answer, and report how they compare.
    #[command(after_help = BENCH_HELP)]
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Bench(Box<BenchArgs>),
    /// Make minimal puzzles with exactly one solution, reproducibly from a seed.
    #[command(after_help = GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Rate how hard each puzzle is for people: the hardest technique its solving path needs.
    #[command(after_help = RATE_HELP)]
    Rate(RateArgs),
    /// Explain how to solve a puzzle as people do, one step per line.
    #[command(after_help = EXPLAIN_HELP)]
    Explain(ExplainArgs),
    /// Write an isomorph of every puzzle: the same puzzle relabelled, its rows and columns
    /// reordered as the rules allow, reproducibly from a seed.
    #[command(after_help = SHUFFLE_HELP)]
    Shuffle(ShuffleArgs),
}

/// What `sudoku shuffle` writes, and why.
const SHUFFLE_HELP: &str = "\
An isomorph of a puzzle has its values relabelled, its bands and the rows within each band
reordered, its stacks and the columns within each stack likewise, and is transposed or not. It
has as many solutions as the puzzle and needs the same reasoning, but an engine meets its cells,
values and clauses in another order, and on hard puzzles that order decides much of a search's
length. Solving a set's isomorphs under a few seeds shows how much of one run's time was the
draw:

  sudoku shuffle hard.txt --seed 1 > hard-1.txt
  sudoku bench hard.txt hard-1.txt --engines cdcl,sat

Each puzzle's transformation is drawn from the seed and the puzzle's number in its file, so a
seed gives the same isomorphs on every machine; seed 0 writes the puzzles unchanged. Puzzles
are written in the format and symbols they were read in; comments are not copied. A malformed
puzzle is reported on standard error with its place and skipped.

Exit codes: 0 every puzzle written; 2 bad input (a malformed puzzle, an unreadable file) or
output that could not be written.";

/// What `sudoku rate` prints, and its exit codes.
const RATE_HELP: &str = "\
Each puzzle is solved by the ladder of human techniques (see `sudoku explain`), easiest first,
starting again from the easiest after every step. Its rating is the difficulty of the hardest
step (Sudoku Explainer's scale: 1.0 full house ... 8.0 forcing chains); a puzzle on which every
technique is stuck needs guessing. Techniques that assume one solution (unique rectangles) are
used only on puzzles whose solution was proved unique, and never with --no-uniqueness.

Solutions are counted (to two, by the fastest engine for the size) within --budget NODES (the
default leaves every shipped 9×9 and 16×16 puzzle counted). First, to allow the
uniqueness techniques; with --no-uniqueness only where techniques get stuck, to tell needing
guessing from several solutions or none (a path that solves the puzzle proves one solution, one
that breaks the board proves none). A puzzle whose count gives up at the budget is not rated:
its solutions read 0+? or 1+? (as `sudoku count` writes them), its end gave-up.

Table: per file, how many puzzles need each technique as their hardest (with --each, a line
per puzzle first). CSV: a row per puzzle. JSON: both, written a puzzle at a time, each file's
summary after its puzzles. Timing goes to standard error.

Exit codes:
  0  every puzzle was rated
  1  some puzzle's count gave up at the node budget: it is not rated
  2  bad input or usage: a malformed puzzle, an unreadable file, output that could not be
     written";

/// What `sudoku explain` prints, and its exit codes.
const EXPLAIN_HELP: &str = "\
Steps are written in the notation of the Sudoku community: cells as r3c5 (row 3, column 5),
r3c5=7 puts 7 there, r3c5<>7 removes the candidate 7. Each line names the technique, the
pattern that proves the step and what it places or removes; the techniques are listed by
`sudoku rate --help`'s scale. Nothing is guessed: when every technique is stuck, the candidates
(pencil marks) are shown and the explanation ends.

PUZZLE is a file (every puzzle in it is explained), `-` for standard input, or a puzzle
written on one line (81 symbols at 9×9). Each puzzle is written as soon as it is explained.

Solutions are counted first (to two, by the fastest engine for the size), within --budget
NODES, as `sudoku rate --help` tells: a puzzle whose count gives up is not
explained (JSON: end gave-up, solutions 0+? or 1+?, the budget); with --no-uniqueness the
steps come first and the count only where they get stuck.

Exit codes:
  0  every puzzle was solved by techniques
  1  some puzzle needs guessing, has no solution, or its count gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, output that could not be
     written";

#[derive(Args, Debug)]
pub struct RateArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// What to print: `table` (a summary per file), `csv` (a row per puzzle) or `json`.
    #[arg(short = 'o', long, value_enum, default_value_t = RateFormat::Table)]
    pub format: RateFormat,

    /// With the table: a line per puzzle before each file's summary.
    #[arg(long)]
    pub each: bool,

    /// Never use techniques that assume one solution (unique rectangles).
    #[arg(long)]
    pub no_uniqueness: bool,

    /// Give up counting a puzzle's solutions after this many search nodes (a positive number),
    /// or `none`; such a puzzle is not rated (see below).
    #[arg(long, value_name = "NODES", default_value = DEFAULT_LOGIC_BUDGET, value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Worker threads; by default one per core, at most 256 (or the number of cores, when
    /// more).
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

/// `sudoku rate --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateFormat {
    /// Per file: puzzles by hardest technique, with shares.
    Table,
    /// A row per puzzle.
    Csv,
    /// Every puzzle and every file's summary.
    Json,
}

#[derive(Args, Debug)]
pub struct ShuffleArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Draws the transformations; 0 leaves the puzzles as they are.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// A puzzle file, `-` for standard input, or a puzzle written on one line.
    #[arg(default_value = "-")]
    pub puzzle: String,

    #[command(flatten)]
    pub input: InputArgs,

    /// Show the candidates (pencil marks) before each step.
    #[arg(long)]
    pub grid: bool,

    /// `text` (a step per line) or `json` (every placement and elimination as cell and digit).
    #[arg(short = 'o', long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,

    /// Never use techniques that assume one solution (unique rectangles).
    #[arg(long)]
    pub no_uniqueness: bool,

    /// Give up counting a puzzle's solutions after this many search nodes (a positive number),
    /// or `none`; such a puzzle is not explained (see below).
    #[arg(long, value_name = "NODES", default_value = DEFAULT_LOGIC_BUDGET, value_parser = parse_budget)]
    pub budget: NodeBudget,
}

/// The node budget of `sudoku rate` and `sudoku explain` for counting a puzzle's solutions
/// (by the default engine of its size). The shipped corpora need at most 71 nodes a 9×9
/// puzzle and 12,620 a 16×16 one, and the field's hard 9×9 lists at most about 1,500: this
/// leaves every one of them counted, with room to spare, while a 36×36 grid whose count would
/// run for hours gives up within seconds.
pub const DEFAULT_LOGIC_BUDGET: &str = "100000";

/// `sudoku explain --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplainFormat {
    /// A step per line, in the community's notation.
    Text,
    /// One JSON document: every puzzle, every step as data.
    Json,
}

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
    #[arg(short, long, value_enum)]
    pub output_format: Option<FormatArg>,

    /// Print the number of solutions (0, 1, 2+; see below) instead of a solution.
    #[arg(short, long)]
    pub count: bool,

    /// With --count, count up to this many solutions (printing `N+` when reached).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..), requires = "count")]
    pub limit: u32,

    /// Give up on a puzzle after this many search nodes (a positive number), or `none`.
    #[arg(long, value_name = "NODES", default_value = "none", value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Print each puzzle's search nodes, guesses and solve time on standard error.
    #[arg(short, long)]
    pub stats: bool,

    #[command(flatten)]
    pub threads: ThreadsArg,
}

/// `--threads` of `solve` and `count`.
#[derive(Args, Debug, Clone, Copy)]
pub struct ThreadsArg {
    /// Worker threads, at most 256 (or the number of cores, when more). The output is the
    /// same whatever the number: answers are written in input order, and all of them before
    /// reading waits for more input, so a puzzle typed or sent down a pipe is answered before
    /// the next arrives. By default every core, once the input proves large (a chunk of
    /// puzzles, or 10 ms of solving), and one puzzle at a time until then. Puzzles typed at a
    /// terminal are always answered one at a time.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

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

    /// Give up on a puzzle after this many search nodes (a positive number), or `none`.
    #[arg(long, value_name = "NODES", default_value = "none", value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Print each puzzle's search nodes, guesses and solve time on standard error.
    #[arg(short, long)]
    pub stats: bool,

    #[command(flatten)]
    pub threads: ThreadsArg,
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
            budget: self.budget,
            stats: self.stats,
            threads: self.threads,
        }
    }
}

/// How puzzles are read: what is detected unless forced.
#[derive(Args, Debug, Clone, Copy)]
pub struct InputArgs {
    /// The format of the puzzles; `auto` detects it for each puzzle.
    #[arg(short, long, value_enum, default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,

    /// The size of every puzzle: a side (4, 9, 16, 25, 36, 49, 64) or `16x16`; by default each
    /// puzzle's size comes from its text (line length, numbers per row).
    #[arg(long, value_name = "SIZE")]
    pub size: Option<Size>,

    /// The symbols of puzzles written one per cell: `1-9A` (1-9 then A=10, ...; 16×16 is
    /// 1-9A-G), `0-9A` (0 is the first value, '.' blank; 16×16 is 0-9A-F) or `numbers`; by
    /// default detected from each puzzle (see docs/guide.md, "Every size").
    #[arg(long, value_name = "ALPHABET")]
    pub alphabet: Option<Alphabet>,
}

impl InputArgs {
    /// What the reader is told.
    pub fn options(&self) -> ReadOptions {
        ReadOptions { format: self.input_format.forced(), size: self.size, alphabet: self.alphabet }
    }
}

/// `--input-format`: a format, or detection.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// Detect each puzzle's format from its first line.
    Auto,
    /// The numeric block: a line of space-separated numbers per row, 0 or . = blank
    /// (Baekjoon 2580 at 9×9; every size).
    #[value(alias = "numeric")]
    Judge,
    /// A line of symbols per row without spaces (Baekjoon 2239 at 9×9; up to 36×36).
    Compact,
    /// The whole grid on one line: 81 symbols at 9×9, 256 at 16×16, ...; '.' or '0' = blank.
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
    /// The numeric block: a line of space-separated numbers per row (Baekjoon 2580 at 9×9).
    #[value(alias = "numeric")]
    Judge,
    /// A line of symbols per row without spaces (Baekjoon 2239 at 9×9; up to 36×36).
    Compact,
    /// The whole grid on one line (up to 36×36).
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

/// The largest size `sudoku generate` makes: minimal 36×36 puzzles would take hours.
pub const GENERATE_MAX_ORDER: usize = 5;

fn parse_generate_size(text: &str) -> Result<Size, String> {
    let size: Size =
        text.parse().map_err(|error: sudoku_core::size::UnknownSize| error.to_string())?;
    if size.order() > GENERATE_MAX_ORDER {
        return Err(format!("{size} puzzles are not generated: the sizes are 4, 9, 16 and 25"));
    }
    Ok(size)
}

/// Where the engines from outside are declared: every command that takes `--engine` or
/// `--engines` takes these, and `sudoku engines` lists what they declare.
#[derive(Args, Debug, Clone, Default)]
pub struct ExternalArgs {
    /// Declare the engines from outside in FILE (TOML; see docs/external-engines.md). Only a
    /// file named here is read: a sudoku-engines.toml in the current directory is not. A
    /// declared engine starts only when the command uses it.
    #[arg(long, value_name = "FILE", help_heading = "Engines from outside")]
    pub engines_file: Option<PathBuf>,

    /// Declare an engine from outside, NAME=KIND:COMMAND ARGS... (KIND protocol, judge or
    /// dimacs; the command is split into words as a shell would, but no shell runs it), or a
    /// library: NAME=plugin:PATH (the C ABI of include/sudoku_engine.h) or
    /// NAME=tdoku:PATH:SYMBOL[:CONFIGURATION] (tdoku's solver function type). Repeatable.
    // The brackets are the help text's, not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long, value_name = "NAME=KIND:COMMAND", help_heading = "Engines from outside")]
    pub external: Vec<String>,

    /// The time an engine from outside has for each puzzle (wall clock), in seconds, in place
    /// of what its declaration says; 60 by default. One that takes longer is stopped, the
    /// puzzle counts as timed-out for it, and it is started again for the next.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time_limit, help_heading = "Engines from outside")]
    pub time_limit: Option<Duration>,

    /// The most memory (address space) each library engine's worker process may take, in
    /// MiB, in place of what its declaration says (Unix); by default, no limit.
    #[arg(long, value_name = "MIB", value_parser = parse_memory_limit, help_heading = "Engines from outside")]
    pub memory_limit: Option<u64>,

    /// Load library engines (plugin, tdoku) into this process rather than into a worker
    /// process each: for debugging a library. A crash or a hang of the library then ends or
    /// stops the whole run, and --time-limit and --memory-limit do not hold for it.
    #[arg(long, help_heading = "Engines from outside")]
    pub in_process: bool,
}

/// The command of a worker process that hosts a library: this program's `serve`.
static WORKER: LazyLock<Option<Vec<String>>> = LazyLock::new(|| {
    let program = std::env::current_exe().ok()?;
    Some(vec![program.to_str()?.to_owned(), "serve".to_owned()])
});

/// `--memory-limit`: MiB, from 16 to 1 TiB, as bytes.
fn parse_memory_limit(text: &str) -> Result<u64, String> {
    text.parse::<f64>()
        .ok()
        .and_then(sudoku_external::declare::memory_limit_mib)
        .ok_or_else(|| format!("'{text}' is not a number of MiB from 16 to 1048576"))
}

impl ExternalArgs {
    /// The declarations, as `sudoku_external::registry` takes them, with the engines the
    /// command uses.
    pub fn declared(&self, wanted: sudoku_external::Wanted) -> sudoku_external::Declared<'_> {
        sudoku_external::Declared {
            wanted,
            engines_file: self.engines_file.as_deref(),
            externals: &self.external,
            time_limit: self.time_limit,
            memory_limit: self.memory_limit,
            in_process: self.in_process,
            worker: WORKER.as_deref(),
        }
    }
}

/// `sudoku engines`.
#[derive(Args, Debug, Clone, Default)]
pub struct EnginesArgs {
    #[command(flatten)]
    pub external: ExternalArgs,

    /// Start each engine from outside to read what it says of itself (its sizes, what it
    /// reports, how it is timed); without it, declarations are listed as written and nothing
    /// runs.
    #[arg(long)]
    pub probe: bool,
}

/// `sudoku serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The built-in engine to serve.
    #[arg(short, long, value_name = "ENGINE", default_value = sudoku_engines::DEFAULT_ENGINE)]
    pub engine: String,

    /// Serve the engine library at PATH (the C ABI of include/sudoku_engine.h) instead: what a
    /// plugin engine's worker process runs.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["engine", "tdoku"])]
    pub plugin: Option<String>,

    /// Serve the function SYMBOL of the library at PATH (tdoku's solver type) instead, with
    /// CONFIGURATION (0 by default): what a tdoku engine's worker process runs.
    #[arg(long, value_name = "PATH:SYMBOL[:CONFIGURATION]", conflicts_with = "engine")]
    pub tdoku: Option<String>,

    /// With --tdoku: the function's count is taken alone, without a second call for a
    /// solution when it counts past one (an engine declared `solutions = false`).
    #[arg(long, requires = "tdoku")]
    pub counts_only: bool,

    /// With --plugin or --tdoku: the most memory (address space) this process may take, in
    /// MiB, set before the library is loaded (Unix).
    #[arg(long, value_name = "MIB", value_parser = parse_memory_limit)]
    pub memory_limit: Option<u64>,

    /// Serve an engine that answers every puzzle at once with no solution, instead: what
    /// `bench --overhead` measures the protocol's cost with.
    #[arg(long, conflicts_with = "engine")]
    pub instant: bool,
}

/// The node budget `sudoku bench` gives instrumented engines unless told otherwise. Plain
/// row-major backtracking needs hundreds of thousands of nodes on many minimal puzzles and
/// billions on some 17-clue ones; at this budget it gives up on them within a millisecond or
/// two, so every engine over any corpus finishes, and the shipped corpus with every
/// instrumented engine takes seconds. The propagating engines never come near it. Raise it
/// (or `--budget none`) to measure the slow engines in full.
pub const DEFAULT_BENCH_BUDGET: &str = "10000";

#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("baselines").args(["baseline", "puzzle_baseline"]).multiple(true)))]
pub struct BenchArgs {
    /// Puzzle files, any format; the shipped corpus when none; `-` for standard input.
    pub files: Vec<PathBuf>,

    /// Engines to run, comma-separated, or `all`; by default every built-in engine that
    /// reports statistics and every engine declared from outside.
    #[arg(short, long, value_delimiter = ',', value_parser = parse_engine_selection)]
    pub engines: Vec<EngineSelection>,

    #[command(flatten)]
    pub external: ExternalArgs,

    /// Measure and print what each way of timing an engine costs a puzzle (an in-process call,
    /// a protocol round trip one at a time and pipelined, a whole process), with an engine
    /// that answers at once, before the run. Done whenever an engine from outside is in the
    /// run.
    #[arg(long)]
    pub overhead: bool,

    /// `first` stops each solve at the first solution; `unique` counts to 2, proving
    /// uniqueness (the mode of the field's published tables).
    #[arg(short, long, value_enum, default_value_t = ModeArg::Unique)]
    pub mode: ModeArg,

    /// Give up on a puzzle after this many search nodes (instrumented engines only; engines
    /// without statistics ignore budgets). `none` for no budget.
    #[arg(long, default_value = DEFAULT_BENCH_BUDGET, value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Worker threads of the parallel pass; all cores by default, at most 256 (or the number
    /// of cores, when more). With more than one, a separate sequential pass measures the
    /// single-thread figures.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,

    /// Repeat the timing passes K times and report medians.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "min_time")]
    pub repeat: Option<u32>,

    /// Repeat the timing passes until each engine spent this long on each file; report medians.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub min_time: Option<Duration>,

    #[command(flatten)]
    pub output: ReportOutput,

    #[command(flatten)]
    pub pictures: PictureArgs,

    /// Write one row per puzzle and engine to FILE as the run goes (CSV, or JSON lines when
    /// FILE ends in .jsonl or .ndjson).
    #[arg(long, value_name = "FILE")]
    pub per_puzzle: Option<PathBuf>,

    /// Compare every puzzle's row with those of an earlier run's --per-puzzle FILE: list the
    /// puzzles whose counters changed and the slowest regressions, and estimate the speed
    /// (judged with --threshold only; a per-puzzle --baseline judges it by default).
    #[arg(long, value_name = "FILE")]
    pub puzzle_baseline: Option<PathBuf>,

    /// Run only part K of N of every file: puzzles K, K+N, K+2N, ... (see `sudoku bench merge`).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<sudoku_bench::Shard>,

    /// Save the JSON report, without its chart samples, as baseline NAME.
    #[arg(long, value_name = "NAME")]
    pub save_baseline: Option<String>,

    /// Compare with baseline NAME; a NAME ending in .csv, .jsonl or .ndjson is an earlier
    /// run's --per-puzzle file, judged puzzle by puzzle with statistics (as --puzzle-baseline).
    #[arg(long, value_name = "NAME")]
    pub baseline: Option<String>,

    /// Allowed slowdown, percent, before it counts as a regression: against a JSON baseline,
    /// of the time per puzzle (default 10); against per-puzzle rows (--puzzle-baseline, a
    /// per-puzzle --baseline, --compare), the noise threshold of the paired statistics
    /// (default 3). `none` shows times but judges only the counters (a baseline from another
    /// machine).
    #[arg(long, value_name = "PERCENT", value_parser = parse_percent)]
    pub threshold: Option<f64>,

    /// Compare two engines of this run puzzle by puzzle, B against A, with the paired
    /// statistics of `sudoku bench compare` (two builds of one solver, declared as two
    /// engines); a slower B is a regression (exit 4).
    #[arg(long, value_name = "A,B", value_parser = parse_pair)]
    pub compare: Option<(String, String)>,

    /// With --compare: run timing passes, the two engines taking turns, until every file's
    /// comparison is decided (the interval wholly inside or outside the threshold), or
    /// --max-time runs out.
    #[arg(long, requires = "compare", conflicts_with_all = ["repeat", "min_time"])]
    pub until_decided: bool,

    /// With --until-decided: the most time spent on passes per file and size (default 60).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, requires = "until_decided")]
    pub max_time: Option<Duration>,

    /// Report counter changes against the baseline (or --puzzle-baseline) without failing
    /// (after a deliberate algorithm change).
    #[arg(long, requires = "baselines")]
    pub accept_counter_changes: bool,

    /// Compare with a baseline (or --puzzle-baseline) that holds only some of this run's
    /// engines, files or puzzles (or more): list what was not compared instead of refusing.
    #[arg(long, requires = "baselines")]
    pub allow_partial_baseline: bool,

    /// Do not check or compare answers: a pure timing run. The report says so.
    #[arg(long)]
    pub no_cross_check: bool,

    /// Split each file by how hard its puzzles are for people (the bands of `sudoku rate`:
    /// 1-singles ... 6-guessing) and report every engine on each band, as files named
    /// `FILE [band]`.
    #[arg(long)]
    pub by_difficulty: bool,

    #[command(flatten)]
    pub input: InputArgs,

    #[command(subcommand)]
    pub action: Option<BenchAction>,
}

/// What `sudoku bench` does instead of a run.
#[derive(Subcommand, Debug, Clone)]
pub enum BenchAction {
    /// Merge the JSON reports of the shards of one run (--shard K/N) into the report of the
    /// whole run.
    Merge(MergeArgs),
    /// Compare two runs' --per-puzzle files puzzle by puzzle (or two engines of one file):
    /// changed counters, and speed with paired statistics.
    #[command(after_help = COMPARE_HELP)]
    Compare(CompareArgs),
}

/// What `sudoku bench compare` prints, and its exit codes.
const COMPARE_HELP: &str = "\
Rows pair by file, size, engine and puzzle number: a file is known by its digest (the same
puzzles in the same order, whatever its name or format) where both files' rows carry one, by
its name otherwise. Rows only in one file are listed, never dropped; a file that lacks files,
sizes, engines or puzzles of the old side's rows (a run cut short) is refused unless
--allow-partial. A time of 0 or less is refused, named by file and line.

First the puzzles whose counters changed (verdict, count, nodes, guesses; comparing two
engines, verdict and count only), then for each file, size and engine the speed of NEW against
OLD on the puzzles both answered: the geometric mean of the per-puzzle time ratios (1.05: 5%
slower on a typical puzzle), its 95% bootstrap confidence interval (resampling puzzles, seeded
by --seed, so the output is reproducible), and the Wilcoxon signed-rank test's p-value. The
verdict: slower when p < 0.05 and the whole interval lies above 1 + --threshold; faster when it
lies below 1 / (1 + threshold); otherwise no change, `(undecided)` when the interval crosses the
threshold (more puzzles or passes, e.g. --repeat 3, would tell).

One run a side cannot show how much the machine drifts between runs (another job, the clock, a
new process): on a shared machine whole runs of one build differed by up to 38%. So with one
run a side the threshold is at least 40%, and the verdict says `one run a side: drift between
runs not measured`. Give several independent runs a side, `OLD1 OLD2 OLD3 --vs NEW1 NEW2 NEW3`,
and the interval holds that drift too (the runs are resampled with the puzzles); or compare two
builds in one run with `sudoku bench --compare A,B --until-decided`. See docs/comparing.md.

Exit codes:
  0  no change, or faster
  2  bad input or usage: an unreadable or malformed file (named by line and column), nothing
     in common between the files, a file lacking rows of the other (unless --allow-partial),
     output that could not be written
  4  slower beyond the threshold, or a counter changed (unless --accept-counter-changes)";

/// `sudoku bench compare`.
#[derive(Args, Debug, Clone)]
pub struct CompareArgs {
    /// The earlier run's --per-puzzle file (CSV, or JSON lines for .jsonl and .ndjson), then
    /// the later run's (OLD again when omitted: two engines of one file). With --vs, every
    /// file here is a run of the old side.
    #[arg(required = true, value_name = "OLD [NEW]")]
    pub files: Vec<PathBuf>,

    /// The runs of the new side, each a --per-puzzle file of an independent run: with two
    /// runs or more a side, the interval holds the drift between runs.
    #[arg(long, value_name = "NEW", num_args = 1..)]
    pub vs: Vec<PathBuf>,

    /// Only these engines, comma-separated. With one file, exactly two: the first is OLD's
    /// side, the second NEW's.
    #[arg(short, long, value_delimiter = ',')]
    pub engines: Vec<String>,

    /// Compare engine A of OLD with engine B of NEW (two builds of one solver under two
    /// names).
    #[arg(long, value_name = "A,B", value_parser = parse_pair, conflicts_with = "engines")]
    pub pair: Option<(String, String)>,

    /// The noise threshold, percent: a change of less is no change whatever its p-value.
    /// `none` judges only the counters. With one run a side, at least the drift between runs
    /// of one build (40%): give several runs a side (--vs) to judge smaller changes.
    #[arg(long, value_name = "PERCENT", default_value_t = sudoku_bench::stats::DEFAULT_THRESHOLD_PERCENT, value_parser = parse_percent)]
    pub threshold: f64,

    /// The seed of the bootstrap draws.
    #[arg(long, default_value_t = sudoku_bench::stats::DEFAULT_SEED)]
    pub seed: u64,

    /// Report counter changes without failing (after a deliberate algorithm change).
    #[arg(long)]
    pub accept_counter_changes: bool,

    /// Compare what both sides have when a file lacks files, sizes, engines or puzzles of
    /// the old side's rows (listed as not paired). Without it such a comparison is refused
    /// (exit 2): a run cut short must not pass as no change.
    #[arg(long)]
    pub allow_partial: bool,

    /// The output's format.
    #[arg(short, long, value_enum, default_value_t = CompareFormatArg::Table)]
    pub format: CompareFormatArg,

    /// Write the comparison to this file (whole or not at all) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `sudoku bench compare --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareFormatArg {
    /// Aligned text for the terminal.
    Table,
    /// Markdown, to paste into a pull request.
    Markdown,
    /// A row per file, size and engine.
    Csv,
    /// Everything, each interval's bounds and every changed and unpaired puzzle included.
    Json,
}

impl From<CompareFormatArg> for sudoku_bench::compare::CompareFormat {
    fn from(format: CompareFormatArg) -> Self {
        use sudoku_bench::compare::CompareFormat;
        match format {
            CompareFormatArg::Table => CompareFormat::Table,
            CompareFormatArg::Markdown => CompareFormat::Markdown,
            CompareFormatArg::Csv => CompareFormat::Csv,
            CompareFormatArg::Json => CompareFormat::Json,
        }
    }
}

/// `sudoku bench merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The JSON reports of every shard, in any order.
    #[arg(required = true)]
    pub reports: Vec<PathBuf>,

    #[command(flatten)]
    pub output: ReportOutput,

    #[command(flatten)]
    pub pictures: PictureArgs,
}

/// Where the report goes and in what format, of a run or of a merge.
#[derive(Args, Debug, Clone)]
pub struct ReportOutput {
    /// The report's format.
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Table)]
    pub format: ReportFormat,

    /// Write the report to this file (whole or not at all) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Charts and the HTML report, of a run or of a merge.
#[derive(Args, Debug, Clone)]
pub struct PictureArgs {
    /// Draw an SVG chart: FILE.svg for the bars (the scaling chart when the run holds several
    /// sizes), or KIND:FILE.svg with KIND one of bars, scaling, cactus, scatter. Repeatable.
    #[arg(long, value_name = "[KIND:]FILE.svg", value_parser = parse_chart)]
    pub chart: Vec<ChartRequest>,

    /// The two engines of scatter charts, comma-separated; the first two by default.
    #[arg(long, value_name = "A,B", value_parser = parse_pair)]
    pub scatter: Option<(String, String)>,

    /// Write a self-contained HTML page with the command, the machine, every table and every
    /// chart.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
}

/// One `--chart`.
#[derive(Clone, Debug)]
pub struct ChartRequest {
    /// What to draw; `None`: the bars, or the scaling chart for several sizes.
    pub kind: Option<sudoku_bench::chart::ChartKind>,
    /// Where.
    pub path: PathBuf,
}

/// `--chart`: `KIND:FILE`, or a file for the bars. A prefix of letters only before a colon is
/// a kind, and must be a known one.
fn parse_chart(text: &str) -> Result<ChartRequest, String> {
    if let Some((kind, path)) = text.split_once(':')
        && !kind.is_empty()
        && kind.chars().all(|c| c.is_ascii_alphabetic())
    {
        let kind = kind.parse::<sudoku_bench::chart::ChartKind>()?;
        return Ok(ChartRequest { kind: Some(kind), path: PathBuf::from(path) });
    }
    Ok(ChartRequest { kind: None, path: PathBuf::from(text) })
}

/// `--scatter A,B`: two engine names.
fn parse_pair(text: &str) -> Result<(String, String), String> {
    match text.split(',').map(str::trim).collect::<Vec<_>>()[..] {
        [a, b] if !a.is_empty() && !b.is_empty() && a != b => Ok((a.to_owned(), b.to_owned())),
        _ => Err(format!("'{text}' is not two different engines written A,B")),
    }
}

/// One item of `--engines`.
#[derive(Clone, Debug)]
pub enum EngineSelection {
    /// Every registered engine.
    All,
    /// One engine, by name (looked up once the run's registry is built).
    One(String),
}

fn parse_engine_selection(name: &str) -> Result<EngineSelection, String> {
    if name == "all" { Ok(EngineSelection::All) } else { Ok(EngineSelection::One(name.to_owned())) }
}

/// `--budget`: a number of nodes, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeBudget(pub Option<u64>);

/// `--budget` of every command: a positive number of nodes (`_` may group digits), or `none`
/// (or `off`) for no budget. A budget of 0 would give up before the first node.
fn parse_budget(text: &str) -> Result<NodeBudget, String> {
    if matches!(text, "none" | "off") {
        return Ok(NodeBudget(None));
    }
    match text.replace('_', "").parse::<u64>() {
        Ok(nodes) if nodes > 0 => Ok(NodeBudget(Some(nodes))),
        _ => Err(format!("expected a positive number of nodes or `none`, found '{text}'")),
    }
}

/// The number of cores this program may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The most worker threads `--threads` accepts: 256, or the number of cores where there are
/// more. Every worker is a thread of its own with its own engine, and no more of them run at
/// once than there are cores: thousands cost seconds and hundreds of MB before the first
/// puzzle, and measure nothing a smaller number would not.
pub fn max_threads() -> usize {
    cores().max(256)
}

fn parse_threads(text: &str) -> Result<usize, String> {
    let most = max_threads();
    match text.parse::<usize>() {
        Ok(threads) if (1..=most).contains(&threads) => Ok(threads),
        _ => Err(format!("expected a number of threads from 1 to {most}, found '{text}'")),
    }
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0 && *seconds < 1e6)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected a positive number of seconds, found '{text}'"))
}

/// `--time-limit`: seconds, from a millisecond up. A shorter limit is no limit anyone means
/// (it would be shown as `0 ms`, and no process answers within it).
fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let limit = parse_seconds(text)?;
    if limit < Duration::from_millis(1) {
        return Err(format!("'{text}' seconds is below the shortest time limit, 0.001 (1 ms)"));
    }
    Ok(limit)
}

fn parse_percent(text: &str) -> Result<f64, String> {
    if matches!(text, "none" | "off") {
        return Ok(f64::INFINITY);
    }
    text.trim_end_matches('%')
        .parse::<f64>()
        .ok()
        .filter(|percent| percent.is_finite() && *percent >= 0.0)
        .ok_or_else(|| format!("expected a percentage such as 10, or `none`, found '{text}'"))
}

/// `--mode`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    /// Stop each solve at the first solution.
    First,
    /// Count solutions up to two, proving uniqueness.
    Unique,
}

impl From<ModeArg> for sudoku_bench::Mode {
    fn from(mode: ModeArg) -> Self {
        match mode {
            ModeArg::First => sudoku_bench::Mode::First,
            ModeArg::Unique => sudoku_bench::Mode::Unique,
        }
    }
}

/// `--format` of `sudoku bench`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// Aligned tables for the terminal.
    Table,
    /// A Markdown table.
    Markdown,
    /// One CSV row per engine and file.
    Csv,
    /// The whole report, in the documented JSON schema.
    Json,
    /// Bencher Metric Format: per engine, file and size, latency (ns, with the bounds of its
    /// 95% interval), throughput and nodes per puzzle.
    Bmf,
    /// github-action-benchmark's customSmallerIsBetter: time and nodes per puzzle.
    GithubBenchmark,
}

impl From<ReportFormat> for sudoku_bench::output::OutputFormat {
    fn from(format: ReportFormat) -> Self {
        use sudoku_bench::output::OutputFormat;
        match format {
            ReportFormat::Table => OutputFormat::Table,
            ReportFormat::Markdown => OutputFormat::Markdown,
            ReportFormat::Csv => OutputFormat::Csv,
            ReportFormat::Json => OutputFormat::Json,
            ReportFormat::Bmf => OutputFormat::Bmf,
            ReportFormat::GithubBenchmark => OutputFormat::GithubBenchmark,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long)]
    pub count: usize,

    /// The seed: the same seed and count give the same file, byte for byte.
    #[arg(short, long, default_value_t = 0)]
    pub seed: u64,

    /// The number of the first puzzle, from 0: `--start N --count C` makes puzzles N to N+C-1
    /// of the seed, exactly the last C of a run with `--count N+C`, so a long run can be made
    /// in parts (one after another, or on several machines at once) and the parts' puzzles
    /// put together in order.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub start: u64,

    /// The size of the puzzles: 4, 9, 16 or 25 (or `16x16`).
    #[arg(long, value_name = "SIZE", default_value = "9", value_parser = parse_generate_size)]
    pub size: Size,

    /// The engine that checks uniqueness; any correct engine gives the same puzzles. By
    /// default the fastest that solves the size.
    #[arg(short, long, value_name = "ENGINE")]
    pub engine: Option<String>,

    #[command(flatten)]
    pub external: ExternalArgs,

    /// Worker threads; all cores by default, at most 256 (or the number of cores, when more).
    /// The output does not depend on it.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,

    /// Write the puzzles to this file (whole or not at all) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// The help of `solve --engine`: the default engine of each size, as the registry has it.
fn engine_help() -> String {
    format!(
        "The engine to solve with (see `sudoku engines`); by default the fastest that solves each \
         puzzle's size: {}",
        sudoku_engines::default_engines_text()
    )
}
