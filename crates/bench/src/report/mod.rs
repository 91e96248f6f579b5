//! The report: one value holding everything a run found, in the shape of the JSON schema.
//!
//! Every output (table, Markdown, CSV, JSON, chart) and every baseline is made from a
//! [`Report`], so they cannot disagree with each other. The JSON form is the documented schema
//! (`docs/bench-json.md`); [`SCHEMA_VERSION`] changes whenever a field changes meaning or
//! disappears, so a baseline of another version is refused rather than misread.
//!
//! Figures an engine cannot give are `None` (JSON `null`), never 0: engines that are not
//! instrumented count no nodes or guesses, and a run without cross-check has no disagreement
//! count.
//!
//! This module is the schema; the machine is probed in `machine.rs`, and reports read back
//! (shards, baselines) are checked as untrusted input in `read.rs` ([`read::read`],
//! [`Report::check`]), which reads the schema: this module uses neither.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sudoku_core::{Limits, Size};

use crate::corpus::{Corpus, Shard};
use sudoku_core::FailureKind;
use sudoku_engines::Timing;

use crate::crosscheck::Disagreement;
use crate::latency::Latencies;
use crate::{BenchOptions, Schedule};

mod machine;
pub mod read;

/// The version of the JSON schema this crate writes. Version 4 adds engines that may fail (the
/// failure counters of a record, the report's list of failures) and says how each engine was
/// timed, whether it counts solutions and where it comes from; version 3 pools every pass's
/// solve times into one histogram per record (`timings.latencies`), where version 2 kept a
/// histogram per pass (`timings.sequential`).
pub const SCHEMA_VERSION: u32 = 4;

/// The first schema version whose records keep their `timings` in the form read today.
const POOLED_TIMINGS_SCHEMA_VERSION: u64 = 3;

/// The most failures a report lists ([`Report::failures`]); the rest are counted
/// ([`Report::failures_not_kept`]), as read errors are.
pub const MAX_KEPT_FAILURES: usize = 1000;

/// The most bytes of a failure's message kept (see [`failure_message`]): enough for what an
/// engine said, short enough that a per-puzzle row with its file name stays within a line.
pub const MAX_FAILURE_MESSAGE: usize = 1000;

/// Every way an engine's solves are timed, in the order reports list them.
pub const TIMINGS: [Timing; 4] =
    [Timing::InProcess, Timing::EngineReported, Timing::RoundTrip, Timing::WholeProcess];

/// The `origin` of a record of an engine compiled into the program.
pub const BUILT_IN: &str = "built-in";

/// Whether `message` is one [`failure_message`] could have made: on one line, at most
/// [`MAX_FAILURE_MESSAGE`] bytes. What a report or a per-puzzle file read back must hold.
pub fn is_failure_message(message: &str) -> bool {
    message.len() <= MAX_FAILURE_MESSAGE && !message.chars().any(char::is_control)
}

/// `message` as a report keeps it: one line (line ends and other control characters written
/// as escapes such as `\n`), at most [`MAX_FAILURE_MESSAGE`] bytes (cut at a character, `...`
/// at the end). What an engine says is untrusted: this is all of it that reaches a report.
pub fn failure_message(message: &str) -> String {
    let mut kept = String::with_capacity(message.len().min(MAX_FAILURE_MESSAGE));
    for character in message.chars() {
        let piece = escaped(character);
        if kept.len() + piece.len() > MAX_FAILURE_MESSAGE - 3 {
            kept.push_str("...");
            return kept;
        }
        kept.push_str(&piece);
    }
    kept
}

/// `character`, or its escape (such as `\n`) when it is a control character.
fn escaped(character: char) -> String {
    if character.is_control() {
        character.escape_default().collect()
    } else {
        character.to_string()
    }
}

/// The oldest schema version still read: version 2 differs only in `timings`, which is then
/// left out (`None`), so a version-2 baseline still compares counters and times per puzzle.
pub const OLDEST_READABLE_SCHEMA_VERSION: u32 = 2;

/// How far each solve goes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Count solutions up to two, proving a solution unique (the published tables' mode).
    Unique,
}

impl Mode {
    /// Every mode, in the order `--help` lists them.
    pub const ALL: [Mode; 2] = [Mode::First, Mode::Unique];

    /// The solve limits of this mode, without a budget.
    pub fn limits(self) -> Limits {
        match self {
            Mode::First => Limits::FIRST,
            Mode::Unique => Limits::UNIQUE,
        }
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Unique => "unique",
        }
    }

    /// What the mode does, for report headers and `--help`.
    pub fn meaning(self) -> &'static str {
        match self {
            Mode::First => "each solve stops at the first solution",
            Mode::Unique => "each solve counts solutions up to 2, proving uniqueness",
        }
    }
}

impl std::str::FromStr for Mode {
    type Err = String;

    /// One of the [`Mode::name`]s.
    fn from_str(text: &str) -> Result<Mode, String> {
        crate::names::by_name(&Mode::ALL, Mode::name, "mode", text)
    }
}

/// The machine a report was measured on.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Machine {
    /// The CPU model, when the system says (`/proc/cpuinfo` on Linux).
    pub cpu: Option<String>,
    /// Hardware threads available to the process.
    pub cores: usize,
    /// The operating system (`linux`, `macos`, ...).
    pub os: String,
    /// The CPU architecture (`x86_64`, `aarch64`, ...).
    pub arch: String,
}

/// One input file.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct FileSummary {
    /// The file as named on the command line.
    pub file: String,
    /// Puzzles read.
    pub puzzles: u64,
    /// Malformed puzzles and read failures, each reported on standard error.
    pub read_errors: u64,
    /// Time spent reading and parsing the file, not counted in any engine's figures.
    pub parse_seconds: f64,
    /// Time spent cross-checking the answers of all engines; `None` without cross-check.
    pub check_seconds: Option<f64>,
    /// FNV-1a (64 bits, hex) of the puzzles' cells, so a baseline can tell a changed file.
    pub digest: String,
    /// Why the file could not be read at all (`None`: it was read).
    #[serde(default)]
    pub error: Option<String>,
    /// The sizes of its puzzles, smallest first, with how many puzzles each.
    pub sizes: Vec<SizeCount>,
}

/// How many puzzles of a file have one size.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SizeCount {
    /// The size, as [`Size::ascii_name`] writes it (`9x9`).
    pub size: String,
    /// Puzzles of that size.
    pub puzzles: u64,
}

/// The clocks a record's rate can be read on ([`Record::clock`]), each with what it is, for
/// the footers.
pub const CLOCKS: [(&str, &str); 3] = [
    ("calls", "each call timed alone, a batch of calls the scheduler interrupted solved again"),
    ("engine-reported", "the engine's own time for each call"),
    ("wall", "the sequential pass's wall time"),
];

/// The clock ([`CLOCKS`]) a record of an engine timed `timing` is read on.
pub fn clock_of(timing: Timing) -> &'static str {
    match timing {
        Timing::InProcess => CLOCKS[0].0,
        Timing::EngineReported => CLOCKS[1].0,
        Timing::RoundTrip | Timing::WholeProcess => CLOCKS[2].0,
    }
}

/// The footer line that says which clock each rate is read on, and how busy the machine was
/// while the engines timed call by call ran: the most calls of one record solved again.
pub fn clock_line(report: &Report) -> String {
    let mut used: Vec<&str> = Vec::new();
    for record in &report.records {
        let clock = record.clock.as_deref().unwrap_or("wall or engine-reported (an older report)");
        if !used.contains(&clock) {
            used.push(clock);
        }
    }
    let said: Vec<String> = used
        .iter()
        .map(|clock| match CLOCKS.iter().find(|(name, _)| name == clock) {
            Some((name, meaning)) => format!("{name} ({meaning})"),
            None => (*clock).to_owned(),
        })
        .collect();
    let busiest = report
        .records
        .iter()
        .filter_map(|record| record.retimed_percent.map(|percent| (percent, record)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let busy = match busiest {
        Some((percent, record)) => format!(
            "; calls solved again as the scheduler took the core: at most {percent:.1}% ({} on {})",
            record.engine, record.file
        ),
        None => String::new(),
    };
    format!("clock: {}{busy}", said.join("; "))
}

/// Serde's default of [`Record::counts`] in reports written before it was kept.
fn yes() -> bool {
    true
}

/// Serde's default of [`Record::timing`] in reports written before it was kept: every engine
/// was then in this process.
fn in_process() -> String {
    Timing::InProcess.name().to_owned()
}

/// Serde's default of [`Record::origin`] in reports written before it was kept.
fn built_in() -> String {
    BUILT_IN.to_owned()
}

/// An engine that was not run on the puzzles of one size of a file, because it does not solve
/// that size: shown as n/a, never counted as a failure.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct NotApplicable {
    /// The engine's registry name.
    pub engine: String,
    /// The file as named on the command line.
    pub file: String,
    /// The size it does not solve ([`Size::ascii_name`]).
    pub size: String,
    /// Puzzles of that size in the file.
    pub puzzles: u64,
    /// The sizes the engine solves, for people (`9×9`, `4×4 to 64×64`).
    pub engine_sizes: String,
}

impl FileSummary {
    /// The summary of a loaded corpus, before anything ran on it.
    pub fn of(corpus: &Corpus) -> FileSummary {
        FileSummary {
            file: corpus.file.clone(),
            puzzles: corpus.len() as u64,
            read_errors: corpus.read_error_count,
            parse_seconds: corpus.read_time.as_secs_f64(),
            check_seconds: None,
            digest: corpus.digest(),
            error: corpus.open_error.clone(),
            sizes: corpus
                .kinds()
                .into_iter()
                .map(|(kind, puzzles)| SizeCount {
                    size: kind.ascii_name(),
                    puzzles: puzzles as u64,
                })
                .collect(),
        }
    }
}

/// The figures of one engine on one file. Flat, so the CSV row and the JSON record are the
/// same fields.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The engine's registry name.
    pub engine: String,
    /// The file as named on the command line.
    pub file: String,
    /// The size of the puzzles ([`Size::ascii_name`]): a file mixing sizes has a record per size.
    pub size: String,
    /// The mode of every solve.
    pub mode: Mode,
    /// The node budget this engine ran with (`None`: unlimited, or an engine that ignores
    /// budgets).
    pub budget: Option<u64>,
    /// Whether the engine reports nodes and guesses.
    pub instrumented: bool,
    /// Whether answers were checked and compared.
    pub cross_check: bool,
    /// Puzzles in the file.
    pub puzzles: u64,
    /// Puzzles with at least one solution found.
    pub solved: u64,
    /// Puzzles proved to have no solution.
    pub unsolvable: u64,
    /// Puzzles given up at the node budget before the search finished.
    pub budget_outs: u64,
    /// Puzzles proved to have exactly one solution (`None` in mode `first`, which proves none,
    /// and for an engine that does not count).
    pub one_solution: Option<u64>,
    /// Puzzles with two solutions or more (`None` in mode `first`, and for an engine that does
    /// not count).
    pub two_plus_solutions: Option<u64>,
    /// Schedule passes: rates, seconds, the mean and the longest solve are the median of each
    /// pass's figure; the median and 99th percentile pool every pass's solve times.
    pub passes: u32,
    /// Puzzles per second on one thread, on the clock [`Record::clock`] names: the puzzles
    /// answered / the sum of their calls' times in a sequential pass (an engine in this
    /// process, or one timed by its own word, as its own driver rates it), or puzzles / the
    /// pass's wall time (an engine timed by its round trip or its whole process). The figure
    /// the field compares.
    pub single_thread_puzzles_per_second: f64,
    /// Mean solve time per puzzle, µs (sequential pass).
    pub us_mean: f64,
    /// Median solve time, µs, over every solve of every pass (puzzles × passes times).
    pub us_median: f64,
    /// 99th percentile solve time (nearest rank), µs, over every solve of every pass.
    pub us_p99: f64,
    /// Longest solve of a pass, µs: the median over passes of each pass's longest.
    pub us_max: f64,
    /// Sum of the solve times of a sequential pass, seconds.
    pub solve_seconds: f64,
    /// Wall time of a sequential pass, seconds.
    pub wall_seconds: f64,
    /// Share of the sequential pass's wall time outside the calls' times: timing, storing
    /// results, the loop itself, batches of calls solved again, and the time slices the
    /// scheduler gave other programs (on a busy machine, most of it).
    pub harness_overhead_percent: f64,
    /// Worker threads of the parallel pass.
    pub threads: u64,
    /// Puzzles per second, wall clock, with `threads` threads.
    pub parallel_puzzles_per_second: f64,
    /// Wall time of a parallel pass, seconds.
    pub parallel_wall_seconds: f64,
    /// `parallel_puzzles_per_second` / the rate of a sequential pass's wall time.
    pub speedup: f64,
    /// Search nodes over all puzzles (`None`: the engine does not count them).
    pub nodes_total: Option<u64>,
    /// Guesses over all puzzles.
    pub guesses_total: Option<u64>,
    /// Mean nodes per puzzle.
    pub nodes_per_puzzle: Option<f64>,
    /// Mean guesses per puzzle.
    pub guesses_per_puzzle: Option<f64>,
    /// Puzzles solved without a single guess.
    pub solved_without_guessing: Option<u64>,
    /// `solved_without_guessing` as a percentage of all puzzles.
    pub no_guess_percent: Option<f64>,
    /// Puzzles on which this engine's answer was wrong or disputed (`None`: not cross-checked).
    pub disagreements: Option<u64>,
    /// Puzzles on which the engine's process ended before answering, on some pass.
    #[serde(default)]
    pub crashed: u64,
    /// Puzzles the engine did not answer within its time limit, on some pass.
    #[serde(default)]
    pub timed_out: u64,
    /// Puzzles the engine answered against its protocol, on some pass.
    #[serde(default)]
    pub protocol_errors: u64,
    /// Whether the engine counts solutions beyond the first. One that does not was asked for
    /// the first solution only, and its `one_solution` and `two_plus_solutions` are `None`.
    #[serde(default = "yes")]
    pub counts: bool,
    /// How its solves were timed: `in-process`, `engine-reported`, `round-trip` or
    /// `whole-process` (the names of [`TIMINGS`]).
    #[serde(default = "in_process")]
    pub timing: String,
    /// Where the engine comes from: [`BUILT_IN`], or the kind of an engine from outside
    /// (`protocol`, `judge`, ...).
    #[serde(default = "built_in")]
    pub origin: String,
    /// What runs, for an engine from outside: its command line or library (`None`: built in).
    #[serde(default)]
    pub command: Option<String>,
    /// The clock of the rate and the µs figures ([`CLOCKS`]): `calls` (each call timed, a
    /// batch of calls the scheduler interrupted solved again: [`sudoku_engines::clock`]),
    /// `engine-reported` (the engine's own times; a library's worker times its calls on the
    /// `calls` clock) or `wall` (the pass's wall time). `None` in reports written before it
    /// was kept, whose in-process rates were the pass's wall time.
    #[serde(default)]
    pub clock: Option<String>,
    /// The share of the sequential passes' calls solved again because the scheduler took the
    /// harness off its core during their batch, %: how busy the machine was while the engine
    /// ran (the median over passes). `None` for an engine whose calls the harness does not
    /// make again (in another process), and in reports written before it was kept.
    #[serde(default)]
    pub retimed_percent: Option<f64>,
    /// What the time figures above are made from, kept so that shards can be merged and
    /// per-puzzle pictures drawn (`None` in reports written before they were kept).
    #[serde(default)]
    pub timings: Option<Timings>,
}

/// The times behind a record's figures, in memory that does not grow with the passes: each
/// pass's wall and solve seconds, and one histogram pooling every solve time of every pass.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Timings {
    /// The sequential passes (with one thread, every pass), in order.
    pub passes: Vec<PassTiming>,
    /// Every solve time of every sequential pass, pooled (puzzles × passes times, ns): the
    /// percentiles of a record are this histogram's.
    pub latencies: Latencies,
    /// Wall time of each parallel pass, seconds (with one thread, of the sequential passes).
    pub parallel_walls: Vec<f64>,
    /// Each puzzle's shortest solve time over the sequential passes, on the puzzles answered
    /// (budget-outs left out): the curve of a cactus plot.
    pub answered: Latencies,
    /// Whether `--min-time` stopped at the pass cap ([`crate::measure::MAX_PASSES`]) before
    /// the time asked for was spent.
    #[serde(default)]
    pub stopped_at_pass_cap: bool,
}

impl Timings {
    /// Seconds spent in the timing passes: the sequential passes, and with several threads
    /// the parallel ones too (with one thread those are the sequential passes themselves).
    pub fn seconds_timed(&self, threads: u64) -> f64 {
        let sequential: f64 = self.passes.iter().map(|pass| pass.wall_seconds).sum();
        let parallel: f64 = if threads > 1 { self.parallel_walls.iter().sum() } else { 0.0 };
        sequential + parallel
    }
}

/// One sequential pass over a file: its totals and its longest solve. Its solve times are
/// pooled into [`Timings::latencies`] with every other pass's.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct PassTiming {
    /// Wall time of the pass, seconds.
    pub wall_seconds: f64,
    /// Sum of its solve times, seconds.
    pub solve_seconds: f64,
    /// Its longest solve, ns: a record's `us_max` is the median of these over the passes, so
    /// one hiccup of the machine in one pass of a thousand does not become the figure.
    pub longest_nanos: u64,
    /// Solves of the pass that failed (see [`Record::crashed`]): their times are in none of
    /// the figures above, nor in the histograms.
    #[serde(default)]
    pub failed: u64,
    /// Calls of the pass solved again because the scheduler interrupted their batch (see
    /// [`Record::retimed_percent`]; 0 in reports written before they were counted).
    #[serde(default)]
    pub retimed: u64,
}

/// Per-puzzle times of every engine on an evenly spread sample of one size of one file, for
/// scatter plots: the puzzles whose number is a multiple of `stride`, `stride` being the
/// smallest power of two that keeps at most [`MAX_SAMPLES`] of them.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Samples {
    /// The file as named on the command line.
    pub file: String,
    /// The size ([`Size::ascii_name`]).
    pub size: String,
    /// Every puzzle whose number is a multiple of this is sampled.
    pub stride: u64,
    /// The engines, in run order; `times` of each point follow this order.
    pub engines: Vec<String>,
    /// The sampled puzzles, in file order.
    pub points: Vec<SamplePoint>,
}

/// The most points a [`Samples`] keeps.
pub const MAX_SAMPLES: usize = 4096;

impl Samples {
    /// No point yet, every puzzle taken.
    pub fn new(file: String, size: String, engines: Vec<String>) -> Samples {
        Samples { file, size, stride: 1, engines, points: Vec::new() }
    }

    /// Whether puzzle `number` is one the sample takes.
    pub fn takes(&self, number: u64) -> bool {
        number.is_multiple_of(self.stride)
    }

    /// Adds a point (of a puzzle it [takes](Samples::takes), after every earlier one); past
    /// [`MAX_SAMPLES`] points the stride doubles and half the points go.
    pub fn push(&mut self, point: SamplePoint) {
        self.points.push(point);
        self.thin();
    }

    /// Adds the points of `other`, a sample of another shard of the same file and size, and
    /// thins the whole to the stride one sample of both shards together would have.
    pub fn merge(&mut self, other: &Samples) {
        self.stride = self.stride.max(other.stride);
        self.points.extend(other.points.iter().cloned());
        let stride = self.stride;
        self.points.retain(|point| point.puzzle.is_multiple_of(stride));
        self.points.sort_by_key(|point| point.puzzle);
        self.thin();
    }

    /// Doubles the stride until at most [`MAX_SAMPLES`] points are left.
    fn thin(&mut self) {
        while self.points.len() > MAX_SAMPLES {
            self.stride *= 2;
            let stride = self.stride;
            self.points.retain(|point| point.puzzle.is_multiple_of(stride));
        }
    }
}

/// One sampled puzzle.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SamplePoint {
    /// Its 1-based number in the file.
    pub puzzle: u64,
    /// The line it starts on.
    pub line: u64,
    /// Each engine's time on it (the shortest over the sequential passes), in the order of
    /// `engines`.
    pub times: Vec<SampleTime>,
}

/// One engine's time on a sampled puzzle.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct SampleTime {
    /// Time inside `solve`, µs.
    pub us: f64,
    /// Whether the engine gave up at the node budget: the time is then a lower bound, and
    /// must never be drawn as a fast answer.
    pub gave_up: bool,
    /// Whether the engine failed on the puzzle (crashed, timed out, broke its protocol): the
    /// point has no time (`us` is 0) and is left out of every chart.
    #[serde(default)]
    pub failed: bool,
}

/// Everything a run found.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Report {
    /// [`SCHEMA_VERSION`] when written.
    pub schema_version: u32,
    /// The program and version that wrote the report.
    pub tool: String,
    /// When the run ended, seconds since the Unix epoch.
    pub created_unix_seconds: u64,
    /// The mode of every solve.
    pub mode: Mode,
    /// The node budget given to instrumented engines.
    pub budget: Option<u64>,
    /// Worker threads of the parallel passes.
    pub threads: u64,
    /// `--repeat`: passes per figure, when fixed.
    pub repeat: Option<u32>,
    /// `--min-time`: seconds per engine and file, when passes repeat until then.
    pub min_time_seconds: Option<f64>,
    /// `--until-decided`: the most seconds per engine and file (`--max-time`), when passes
    /// repeat until a comparison of two engines is decided.
    #[serde(default)]
    pub until_decided_seconds: Option<f64>,
    /// Whether answers were checked and compared.
    pub cross_check: bool,
    /// Where it ran.
    pub machine: Machine,
    /// The input files, in order.
    pub files: Vec<FileSummary>,
    /// One record per file, size and engine: files in input order, sizes smallest first,
    /// engines in run order.
    pub records: Vec<Record>,
    /// The engines not run on some size of some file because they do not solve it.
    pub not_applicable: Vec<NotApplicable>,
    /// Every disagreement found (`None`: not cross-checked).
    pub disagreements: Option<Vec<Disagreement>>,
    /// The command line that made the report, when known.
    #[serde(default)]
    pub command: Option<String>,
    /// The part of every file this run measured (`None`: all of it, or shards merged).
    #[serde(default)]
    pub shard: Option<Shard>,
    /// How many shard reports were merged into this one (`None`: not a merge).
    #[serde(default)]
    pub merged_shards: Option<u32>,
    /// Per-puzzle times on a sample of each file and size, for scatter plots.
    #[serde(default)]
    pub samples: Vec<Samples>,
    /// The first [`MAX_KEPT_FAILURES`] puzzles an engine failed on, in the order of the files,
    /// sizes, puzzles and engines.
    #[serde(default)]
    pub failures: Vec<EngineFailure>,
    /// Failures beyond those listed: counted, not kept.
    #[serde(default)]
    pub failures_not_kept: u64,
}

/// A puzzle an engine failed on: no answer, only why. Failures are not disagreements: they
/// take no part in the cross-check, and each is counted in its record (`crashed`,
/// `timed_out`, `protocol_errors`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EngineFailure {
    /// The file as named on the command line.
    pub file: String,
    /// The puzzle's size ([`Size::ascii_name`]).
    pub size: String,
    /// The puzzle's 1-based number in the file.
    pub puzzle: u64,
    /// The line it starts on.
    pub line: u64,
    /// The engine's name.
    pub engine: String,
    /// `crashed`, `timed-out` or `protocol-error` ([`FailureKind::name`]).
    pub kind: String,
    /// What happened, on one line ([`failure_message`]).
    pub message: String,
}

impl EngineFailure {
    /// What the engine did, in words: `crashed`, `timed out`, `broke its protocol`.
    pub fn what(&self) -> &str {
        match FailureKind::from_name(&self.kind) {
            Some(FailureKind::Crashed) => "crashed",
            Some(FailureKind::TimedOut) => "timed out",
            Some(FailureKind::ProtocolError) => "broke its protocol",
            None => &self.kind,
        }
    }
}

impl std::fmt::Display for EngineFailure {
    /// `FAILED f.txt: puzzle 7, line 9: judge crashed: exit status 1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "FAILED {}: puzzle {}, line {}: {} {}: {}",
            self.file,
            self.puzzle,
            self.line,
            self.engine,
            self.what(),
            self.message
        )
    }
}

impl Report {
    /// An empty report for a run with `options`.
    pub fn new(options: &BenchOptions<'_>, machine: Machine) -> Report {
        let (repeat, min_time_seconds, until_decided_seconds) = match options.timing {
            Schedule::Repeat(passes) => (Some(passes.max(1)), None, None),
            Schedule::MinTime(duration) => (None, Some(duration.as_secs_f64()), None),
            Schedule::UntilDecided { max_time, .. } => (None, None, Some(max_time.as_secs_f64())),
        };
        Report {
            schema_version: SCHEMA_VERSION,
            tool: concat!("sudoku-bench ", env!("CARGO_PKG_VERSION")).to_owned(),
            created_unix_seconds: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |since| since.as_secs()),
            mode: options.mode,
            budget: options.budget,
            threads: options.threads as u64,
            repeat,
            min_time_seconds,
            until_decided_seconds,
            cross_check: options.cross_check,
            machine,
            files: Vec::new(),
            records: Vec::new(),
            not_applicable: Vec::new(),
            disagreements: None,
            command: None,
            shard: options.shard,
            merged_shards: None,
            samples: Vec::new(),
            failures: Vec::new(),
            failures_not_kept: 0,
        }
    }

    /// Puzzles an engine failed on, over every record (each engine's failures counted apart):
    /// what a caller's exit status can go by. 0 when every engine answered every puzzle.
    pub fn failures_total(&self) -> u64 {
        self.records.iter().map(Record::failures).fold(0, u64::saturating_add)
    }

    /// Adds a failure: kept while fewer than [`MAX_KEPT_FAILURES`] are, counted otherwise.
    pub fn keep_failure(&mut self, failure: EngineFailure) {
        if self.failures.len() < MAX_KEPT_FAILURES {
            self.failures.push(failure);
        } else {
            self.failures_not_kept = self.failures_not_kept.saturating_add(1);
        }
    }

    /// The number of disagreements found (0 without cross-check).
    pub fn disagreement_count(&self) -> usize {
        self.disagreements.as_ref().map_or(0, Vec::len)
    }

    /// The sizes of the records, smallest first.
    pub fn sizes(&self) -> Vec<Size> {
        let mut sizes: Vec<Size> =
            self.records.iter().filter_map(|record| record.size.parse().ok()).collect();
        sizes.sort_unstable();
        sizes.dedup();
        sizes
    }

    /// Read errors over all files.
    pub fn read_errors(&self) -> u64 {
        self.files.iter().map(|file| file.read_errors).sum()
    }
}

impl Record {
    /// `record 3 (dlx on puzzles.txt, 9x9)`: how messages name the record at `index`.
    pub fn name(&self, index: usize) -> String {
        format!("record {} ({} on {}, {})", index + 1, self.engine, self.file, self.size)
    }

    /// Puzzles the engine failed on, of every kind (saturating: a record read back is checked
    /// first, and then the sum fits).
    pub fn failures(&self) -> u64 {
        self.crashed.saturating_add(self.timed_out).saturating_add(self.protocol_errors)
    }

    /// Whether the engine answered none of the record's puzzles (it failed on every one): it
    /// then has no rate, speedup or solve time, and the tables show a dash for each.
    pub fn answered_none(&self) -> bool {
        self.puzzles > 0 && self.failures() >= self.puzzles
    }

    /// The failures of `kind` ([`FailureKind::name`]) counted by the record.
    pub fn failures_of(&self, kind: FailureKind) -> u64 {
        match kind {
            FailureKind::Crashed => self.crashed,
            FailureKind::TimedOut => self.timed_out,
            FailureKind::ProtocolError => self.protocol_errors,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_names_match_their_serde_names() {
        for mode in [Mode::First, Mode::Unique] {
            let json = serde_json::to_string(&mode).unwrap();
            assert_eq!(json, format!("\"{}\"", mode.name()));
        }
        assert_eq!(Mode::Unique.limits().max_solutions(), 2);
        assert_eq!(Mode::First.limits().max_solutions(), 1);
    }

    #[test]
    fn messages_are_kept_on_one_line_and_bounded() {
        assert_eq!(failure_message("exit\nstatus\t1"), "exit\\nstatus\\t1");
        for long in ["x".repeat(5000), "é".repeat(3000), format!("{}é{}", "x".repeat(996), "y")] {
            let kept = failure_message(&long);
            assert!(kept.len() <= MAX_FAILURE_MESSAGE && kept.ends_with("..."), "{}", kept.len());
            assert!(is_failure_message(&kept));
        }
        assert!(!is_failure_message("two\nlines"));
        assert!(!is_failure_message(&"x".repeat(MAX_FAILURE_MESSAGE + 1)));
    }

    #[test]
    fn machine_describes_itself() {
        let machine = Machine::current();
        assert!(machine.cores >= 1);
        assert!(machine.describe().contains(&machine.arch));
    }
}
