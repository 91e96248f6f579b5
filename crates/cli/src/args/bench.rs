//! `sudoku bench` and its subcommands `merge` and `compare`: a run's arguments, its outputs
//! (report, charts, per-puzzle rows), and the comparisons with baselines.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use sudoku_bench::compare::CompareFormat;
use sudoku_bench::output::OutputFormat;
use sudoku_bench::{ChartRequest, Mode};

use super::external::ExternalArgs;
use super::input::InputArgs;
use super::values::{NodeBudget, named_values, parse_budget, parse_seconds, parse_threads};

/// What `sudoku bench` does, writes and checks, and its exit codes.
pub(super) const BENCH_HELP: &str = "\
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
must exist and match the run's mode, budget and --shard, and every engine and file of the run
must be in it and the other way round (else the run does not start), unless
--allow-partial-baseline.

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

/// The node budget `sudoku bench` gives instrumented engines unless told otherwise. Plain
/// row-major backtracking needs hundreds of thousands of nodes on many minimal puzzles and
/// billions on some 17-clue ones; at this budget it gives up on them within a millisecond or
/// two, so every engine over any corpus finishes, and the shipped corpus with every
/// instrumented engine takes seconds. The propagating engines never come near it. Raise it
/// (or `--budget none`) to measure the slow engines in full.
pub const DEFAULT_BENCH_BUDGET: &str = "10000";

/// `sudoku bench`: a run, or with a subcommand, what is done instead.
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
    #[arg(short, long, default_value = Mode::Unique.name(),
          value_parser = named_values(&Mode::ALL, Mode::name, Mode::meaning))]
    pub mode: Mode,

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

/// Where the report goes and in what format, of a run or of a merge.
#[derive(Args, Debug, Clone)]
pub struct ReportOutput {
    /// The report's format.
    #[arg(short, long, default_value = OutputFormat::Table.name(),
          value_parser = named_values(&OutputFormat::ALL, OutputFormat::name, OutputFormat::help))]
    pub format: OutputFormat,

    /// Write the report to this file (whole or not at all) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Show every figure in the table and Markdown formats, whatever the width: also the
    /// puzzles, the mean and 99th percentile, the speedup, nodes per puzzle and the share
    /// solved without a guess (the table otherwise fits the output's width, `COLUMNS` or the
    /// terminal's or 100, leaving out what it must; CSV and JSON always have every figure).
    #[arg(long)]
    pub wide: bool,
}

/// Charts and the HTML report, of a run or of a merge.
#[derive(Args, Debug, Clone)]
pub struct PictureArgs {
    /// Draw an SVG chart: FILE.svg for the bars (the scaling chart when the run holds several
    /// sizes), or KIND:FILE.svg with KIND one of bars, scaling, cactus, scatter. Repeatable.
    #[arg(long, value_name = "[KIND:]FILE.svg", value_parser = str::parse::<ChartRequest>)]
    pub chart: Vec<ChartRequest>,

    /// The two engines of scatter charts, comma-separated; the first two by default.
    #[arg(long, value_name = "A,B", value_parser = parse_pair)]
    pub scatter: Option<(String, String)>,

    /// Write a self-contained HTML page with the command, the machine, every table and every
    /// chart.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
}

/// One item of `--engines`.
#[derive(Clone, Debug)]
pub enum EngineSelection {
    /// Every registered engine.
    All,
    /// One engine, by name (looked up once the run's registry is built).
    One(String),
}

/// An item of `--engines`: `all`, or an engine's name.
fn parse_engine_selection(name: &str) -> Result<EngineSelection, String> {
    if name == "all" { Ok(EngineSelection::All) } else { Ok(EngineSelection::One(name.to_owned())) }
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

/// What `sudoku bench compare` prints, and its exit codes.
pub(super) const COMPARE_HELP: &str = "\
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
    #[arg(short, long, default_value = CompareFormat::Table.name(),
          value_parser = named_values(&CompareFormat::ALL, CompareFormat::name, CompareFormat::help))]
    pub format: CompareFormat,

    /// Write the comparison to this file (whole or not at all) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `--scatter A,B`: two engine names.
fn parse_pair(text: &str) -> Result<(String, String), String> {
    match text.split(',').map(str::trim).collect::<Vec<_>>()[..] {
        [a, b] if !a.is_empty() && !b.is_empty() && a != b => Ok((a.to_owned(), b.to_owned())),
        _ => Err(format!("'{text}' is not two different engines written A,B")),
    }
}

/// `--threshold`: a percentage of 0 or more (a `%` after it allowed), or `none` (or `off`):
/// an infinite threshold, so that only the counters are judged.
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::args::{Cli, Command};

    /// The arguments of `sudoku bench ARGS...`.
    fn bench(args: &[&str]) -> Result<BenchArgs, clap::Error> {
        let cli = Cli::try_parse_from(["sudoku", "bench"].iter().chain(args))?;
        match cli.command {
            Some(Command::Bench(bench)) => Ok(*bench),
            other => panic!("not a bench: {other:?}"),
        }
    }

    /// The arguments of `sudoku bench compare old.csv ARGS...`.
    fn compare(args: &[&str]) -> Result<CompareArgs, clap::Error> {
        match bench(&[&["compare", "old.csv"], args].concat())?.action {
            Some(BenchAction::Compare(compare)) => Ok(compare),
            other => panic!("not a compare: {other:?}"),
        }
    }

    /// The names and help texts `--help` lists for `option` of `command`.
    fn listed(command: &clap::Command, option: &str) -> Vec<(String, String)> {
        let argument = command.get_arguments().find(|a| a.get_id() == option).unwrap();
        let values = argument.get_possible_values();
        let help = |value: &clap::builder::PossibleValue| value.get_help().unwrap().to_string();
        values.iter().map(|value| (value.get_name().to_owned(), help(value))).collect()
    }

    #[test]
    fn every_mode_and_format_is_taken_by_its_name() {
        assert_eq!(bench(&[]).unwrap().mode, Mode::Unique);
        assert_eq!(bench(&[]).unwrap().output.format, OutputFormat::Table);
        assert_eq!(compare(&[]).unwrap().format, CompareFormat::Table);
        for mode in Mode::ALL {
            assert_eq!(bench(&["--mode", mode.name()]).unwrap().mode, mode);
        }
        for format in OutputFormat::ALL {
            assert_eq!(bench(&["-f", format.name()]).unwrap().output.format, format);
        }
        for format in CompareFormat::ALL {
            assert_eq!(compare(&["-f", format.name()]).unwrap().format, format);
        }
        for wrong in [&["--mode", "First"][..], &["-f", "md"], &["compare", "a", "-f", "bmf"]] {
            let error = bench(wrong).unwrap_err();
            assert_eq!(error.kind(), clap::error::ErrorKind::InvalidValue, "{wrong:?}");
        }
    }

    #[test]
    fn every_value_is_listed_in_the_help_with_the_librarys_text() {
        let command = <Cli as clap::CommandFactory>::command();
        let bench = command.find_subcommand("bench").unwrap();
        let compare = bench.find_subcommand("compare").unwrap();
        let texts = |values: &[(&str, &str)]| -> Vec<(String, String)> {
            values.iter().map(|&(name, help)| (name.to_owned(), help.to_owned())).collect()
        };
        let modes: Vec<_> = Mode::ALL.map(|mode| (mode.name(), mode.meaning())).into();
        assert_eq!(listed(bench, "mode"), texts(&modes));
        let formats: Vec<_> = OutputFormat::ALL.map(|format| (format.name(), format.help())).into();
        assert_eq!(listed(bench, "format"), texts(&formats));
        let formats: Vec<_> =
            CompareFormat::ALL.map(|format| (format.name(), format.help())).into();
        assert_eq!(listed(compare, "format"), texts(&formats));
    }
}
