//! The cross-checking benchmark harness: every engine over puzzle corpora, in parallel, with the
//! figures the field compares, reports, charts and regression baselines.
//!
//! People run it to compare algorithms and to catch regressions, so it is trustworthy first,
//! fast second and pleasant third:
//!
//! - **Trustworthy.** Every answer is run through [`sudoku_core::check_solution`]; engines that
//!   finished must agree on the solution count, and on the solution itself where it is unique.
//!   Every disagreement is kept with its puzzle (file, number, line) and every engine's answer
//!   ([`crosscheck`]). Only a pure timing run may switch this off, and its report says so.
//! - **Fast.** Puzzles are spread over a rayon pool (work stealing: one puzzle can cost a
//!   million times another); each worker owns its engine and writes into preallocated slots,
//!   so nothing shared is locked while engines run ([`measure`]).
//! - **Robust.** An engine from outside (another program, run as a child process) may crash,
//!   time out or break its protocol on a puzzle: that puzzle is a failure of that engine,
//!   counted and listed with its place ([`report::EngineFailure`]), left out of its times and
//!   of the cross-check, and no other engine's figures change.
//! - **Readable.** One [`Report`] value feeds the terminal table, Markdown, CSV and JSON
//!   ([`output`]), the SVG chart ([`chart`]) and the baselines ([`baseline`]).
//!
//! Engines are known only through [`EngineInfo`] values: the registry's, or any a caller
//! builds (the tests register a deliberately wrong one).
//!
//! ```no_run
//! use sudoku_bench::{BenchOptions, Corpus, Mode, Schedule, output};
//! use sudoku_core::ReadOptions;
//!
//! let corpus = Corpus::load("data/corpus/generated-10000.txt".as_ref(), ReadOptions::default())?;
//! let options = BenchOptions {
//!     engines: sudoku_engines::ENGINES.iter().collect(),
//!     mode: Mode::Unique,
//!     budget: Some(100_000),
//!     threads: 2,
//!     timing: Schedule::Repeat(1),
//!     cross_check: true,
//!     progress: false,
//!     shard: None,
//! };
//! let report = sudoku_bench::run(&[corpus], &options)?;
//! output::write(&report, output::OutputFormat::Table, &mut std::io::stdout())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod baseline;
pub mod chart;
pub mod compare;
pub mod continuous;
pub mod corpus;
pub mod crosscheck;
mod figures;
pub mod files;
pub mod findings;
pub mod html;
pub mod judge;
pub mod latency;
pub mod measure;
pub mod merge;
mod names;
pub mod output;
pub mod per_puzzle;
pub mod plan;
pub mod progress;
pub mod ran;
pub mod report;
pub mod settings;
pub mod stats;

use std::time::{Duration, Instant};

use sudoku_core::GridKind;
use sudoku_engines::EngineInfo;

pub use corpus::{Corpus, CorpusPuzzle, LoadError, Shard};
pub use crosscheck::{Disagreement, EngineAnswer};
pub use findings::{Conclusion, Findings, Log, Message};
pub use latency::Latencies;
pub use plan::{Plan, Ready};
pub use ran::Ran;
pub use report::{
    EngineFailure, FileSummary, MAX_SAMPLES, Machine, Mode, NotApplicable, PassTiming, Record,
    Report, SCHEMA_VERSION, SamplePoint, SampleTime, Samples, SizeCount, Timings,
};
pub use settings::{ChartRequest, Inputs, Pictures, ReportSettings, Settings};

/// How often the timing passes run.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Schedule {
    /// Exactly this many passes (at least 1); figures are the medians over them.
    Repeat(u32),
    /// Passes until this much time was spent on one engine and file (at least one pass, at most
    /// [`measure::MAX_PASSES`]); figures are the medians over them. A record whose passes
    /// stopped at the cap first says so ([`Timings::stopped_at_pass_cap`]), and so do the
    /// reports ([`output::timing_summary`]).
    MinTime(Duration),
    /// Passes until the paired comparison of two engines (indices into
    /// [`BenchOptions::engines`], the second compared against the first) is decided
    /// ([`stats::Estimate::decided`]) against `threshold` (a fraction), or `max_time` was spent
    /// on one engine and file (at most [`measure::MAX_PASSES`]). Only the two engines take
    /// further passes, in turns; the others run one. Each round's estimate is shown on the
    /// progress bar, or on standard error without one.
    UntilDecided {
        /// The old engine and the new.
        pair: (usize, usize),
        /// The noise threshold, a fraction.
        threshold: f64,
        /// The most time spent per engine, file and size.
        max_time: Duration,
    },
}

/// What to run and how.
#[derive(Clone, Debug)]
pub struct BenchOptions<'e> {
    /// The engines, in report order.
    pub engines: Vec<&'e EngineInfo>,
    /// Stop at the first solution, or count to two.
    pub mode: Mode,
    /// The node budget of instrumented engines. Engines without statistics ignore budgets, so
    /// they are never given one.
    pub budget: Option<u64>,
    /// Worker threads of the parallel pass (at least 1). With more than one, a separate
    /// sequential pass gives the single-thread figures.
    pub threads: usize,
    /// How many timing passes.
    pub timing: Schedule,
    /// Whether answers are checked and compared. Off only for pure timing runs.
    pub cross_check: bool,
    /// Whether to draw a progress bar on standard error (see [`progress::wanted`]).
    pub progress: bool,
    /// Run only this part of every file (`None`: all of it).
    pub shard: Option<Shard>,
}

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// No engine was chosen.
    #[error("no engine to run")]
    NoEngines,
    /// `threads` was 0.
    #[error("the number of threads must be at least 1")]
    NoThreads,
    /// The worker pool could not be made.
    #[error("cannot start {threads} worker threads: {source}")]
    ThreadPool {
        /// The number asked for.
        threads: usize,
        /// Why it failed.
        source: rayon::ThreadPoolBuildError,
    },
}

/// Sees every chunk's answers as soon as they are measured and checked: how per-puzzle results
/// are streamed out without being kept ([`per_puzzle`]).
pub trait Observer {
    /// Called once per chunk and kind of grid: `chunk` holds the puzzles (all of `kind`: one
    /// size and layout), and `runs` every engine's answers and times, in run order (engines
    /// that do not take `kind` are not among them).
    fn chunk(&mut self, chunk: &Corpus, kind: &GridKind, runs: &[measure::EngineRun<'_>]);

    /// Called before the first chunk of each file, with the whole file (its puzzles may not
    /// be in memory).
    fn file(&mut self, _corpus: &Corpus) {}

    /// Called after every sequential pass of an engine over a chunk, with its run so far and
    /// each puzzle's time in that pass (ns): passes of the engines take turns, so pass K of
    /// one and pass K of another ran at nearly the same time.
    fn pass(
        &mut self,
        _chunk: &Corpus,
        _kind: &GridKind,
        _run: &measure::EngineRun<'_>,
        _nanos: &[u64],
    ) {
    }
}

/// Runs every engine of `options` over every corpus and returns the report, cross-check
/// included: [`run_observed`] with no observer.
pub fn run(corpora: &[Corpus], options: &BenchOptions<'_>) -> Result<Report, BenchError> {
    run_observed(corpora, options, &mut [])
}

/// Runs every engine of `options` over every corpus, shows each chunk's answers to every
/// observer, and returns the report, cross-check included.
///
/// A file is run a chunk at a time ([`Corpus::chunks`]), so memory does not grow with it.
/// Each pass is one engine over the whole chunk, so the engine has the machine to itself
/// while it is timed. After every engine's first pass, the timing passes take turns, one per
/// engine in each round: a change in the machine's load during the run (other jobs on a shared
/// machine, the clock slowing as it warms) then falls on every engine alike, and the ratios
/// between engines, measured side by side, stay fair. The number of passes is settled on an
/// engine's first chunk of each file and size, and every later chunk gets as many.
pub fn run_observed(
    corpora: &[Corpus],
    options: &BenchOptions<'_>,
    observers: &mut [&mut dyn Observer],
) -> Result<Report, BenchError> {
    if options.engines.is_empty() {
        return Err(BenchError::NoEngines);
    }
    if options.threads == 0 {
        return Err(BenchError::NoThreads);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .thread_name(|index| format!("bench-worker-{index}"))
        .build()
        .map_err(|source| BenchError::ThreadPool { threads: options.threads, source })?;
    let progress = progress::Progress::new(options.progress);
    let mut report = Report::new(options, Machine::current());
    let mut disagreements = Vec::new();
    for corpus in corpora {
        let file = run_file(corpus, options, &pool, &progress, observers);
        report.files.push(file.summary);
        report.records.extend(file.records);
        report.not_applicable.extend(file.not_applicable);
        report.samples.extend(file.samples);
        disagreements.extend(file.disagreements);
        for failure in file.failures.kept {
            report.keep_failure(failure);
        }
        report.failures_not_kept = report.failures_not_kept.saturating_add(file.failures.not_kept);
    }
    progress.finish();
    report.disagreements = options.cross_check.then_some(disagreements);
    Ok(report)
}

/// What the engines did on one file.
struct FileRun {
    summary: FileSummary,
    records: Vec<Record>,
    not_applicable: Vec<NotApplicable>,
    samples: Vec<Samples>,
    disagreements: Vec<Disagreement>,
    failures: Failures,
}

/// The failures met so far: the first [`report::MAX_KEPT_FAILURES`] kept, the rest counted
/// (no more are ever kept by the report).
#[derive(Default)]
struct Failures {
    kept: Vec<EngineFailure>,
    not_kept: u64,
}

impl Failures {
    /// Keeps the failures of `runs` on `chunk`, puzzle by puzzle, engine by engine.
    fn add(&mut self, chunk: &Corpus, kind: &GridKind, runs: &[measure::EngineRun<'_>]) {
        for (index, puzzle) in chunk.puzzles.iter().enumerate() {
            for run in runs {
                let Some(failure) = run.failure(index) else { continue };
                if self.kept.len() == report::MAX_KEPT_FAILURES {
                    self.not_kept = self.not_kept.saturating_add(1);
                    continue;
                }
                self.kept.push(EngineFailure {
                    file: chunk.file.clone(),
                    size: kind.ascii_name(),
                    puzzle: puzzle.number as u64,
                    line: puzzle.line as u64,
                    engine: run.info.name.to_string(),
                    kind: failure.kind.name().to_owned(),
                    message: report::failure_message(&failure.message),
                });
            }
        }
    }

    /// Adds `other`'s, which come after these.
    fn extend(&mut self, other: Failures) {
        let room = report::MAX_KEPT_FAILURES - self.kept.len();
        let beyond = other.kept.len().saturating_sub(room) as u64;
        self.kept.extend(other.kept.into_iter().take(room));
        self.not_kept = self.not_kept.saturating_add(other.not_kept).saturating_add(beyond);
    }
}

/// The engines running on the puzzles of one kind of grid (size and layout) of a file, and
/// what they did so far.
struct KindPart<'e> {
    kind: GridKind,
    tallies: Vec<figures::Tally<'e>>,
    samples: Samples,
    disagreements: Vec<Disagreement>,
    failures: Failures,
}

/// Runs every engine that solves it over `corpus`, a chunk at a time.
fn run_file(
    corpus: &Corpus,
    options: &BenchOptions<'_>,
    pool: &rayon::ThreadPool,
    progress: &progress::Progress,
    observers: &mut [&mut dyn Observer],
) -> FileRun {
    let mut summary = FileSummary::of(corpus);
    for observer in observers.iter_mut() {
        observer.file(corpus);
    }
    let mut not_applicable = Vec::new();
    let mut parts: Vec<KindPart<'_>> = Vec::new();
    for (kind, puzzles) in corpus.kinds() {
        let (engines, unsupported): (Vec<&EngineInfo>, Vec<&EngineInfo>) =
            options.engines.iter().partition(|info| info.takes_kind(&kind));
        not_applicable.extend(unsupported.into_iter().map(|info| NotApplicable {
            engine: info.name.to_string(),
            file: corpus.file.clone(),
            size: kind.ascii_name(),
            puzzles: puzzles as u64,
            engine_sizes: if info.supports(kind.size()) {
                format!("{}, classic grids only", info.sizes_text())
            } else {
                info.sizes_text()
            },
        }));
        if !engines.is_empty() {
            parts.push(KindPart {
                samples: Samples::new(
                    corpus.file.clone(),
                    kind.ascii_name(),
                    engines.iter().map(|info| info.name.to_string()).collect(),
                ),
                tallies: engines.iter().map(|info| figures::Tally::new(info, options)).collect(),
                disagreements: Vec::new(),
                failures: Failures::default(),
                kind,
            });
        }
    }
    let mut read = 0;
    for chunk in corpus.chunks(options.shard) {
        let chunk = match chunk {
            Ok(puzzles) => corpus.with_puzzles(puzzles),
            Err(error) => {
                summary.error = Some(format!("cannot read it again: {error}"));
                break;
            }
        };
        read += chunk.puzzles.len();
        let single_kind = parts.len() == 1;
        for part in &mut parts {
            let sized;
            let puzzles = if single_kind {
                &chunk
            } else {
                sized = chunk.part(&part.kind);
                &sized
            };
            if !puzzles.puzzles.is_empty() {
                let seconds = run_chunk(puzzles, part, options, pool, progress, observers);
                if let Some(seconds) = seconds {
                    summary.check_seconds = Some(summary.check_seconds.unwrap_or(0.0) + seconds);
                }
            }
        }
    }
    if options.shard.is_none() && summary.error.is_none() && read != corpus.len() {
        summary.error = Some(format!(
            "it changed while it was benchmarked: {} when opened, {read} when run",
            output::counted(corpus.len() as u64, "puzzle", "puzzles")
        ));
    }
    let mut run = FileRun {
        summary,
        records: Vec::new(),
        not_applicable,
        samples: Vec::new(),
        disagreements: Vec::new(),
        failures: Failures::default(),
    };
    for part in parts {
        run.records
            .extend(part.tallies.iter().map(|t| t.record(&corpus.file, &part.kind, options)));
        run.disagreements.extend(part.disagreements);
        run.failures.extend(part.failures);
        if !part.samples.points.is_empty() {
            run.samples.push(part.samples);
        }
    }
    run
}

/// Runs every engine of `part` over `chunk`, whose puzzles all have the part's size: passes
/// taking turns, then the cross-check; adds the results to the part. Returns the time spent
/// cross-checking (`None`: no cross-check).
fn run_chunk(
    chunk: &Corpus,
    part: &mut KindPart<'_>,
    options: &BenchOptions<'_>,
    pool: &rayon::ThreadPool,
    progress: &progress::Progress,
    observers: &mut [&mut dyn Observer],
) -> Option<f64> {
    // With --until-decided, on the first chunk of a file and size (later chunks take as many
    // passes): the two engines compared, by their place in this part.
    let compared = match options.timing {
        Schedule::UntilDecided { pair: (old, new), threshold, .. } => {
            let place = |engine: usize| {
                let name = &options.engines.get(engine)?.name;
                part.tallies.iter().position(|tally| &tally.info.name == name)
            };
            place(old).zip(place(new)).map(|(old, new)| (old, new, threshold))
        }
        _ => None,
    }
    .filter(|_| part.tallies.iter().all(|tally| tally.passes.is_none()));
    // Each round of the two engines' passes, fed pass by pass as `compare::RunPair` is fed
    // (through `Observer::pass`), so the verdict that stops the passes is the one reported.
    let mut rounds = stats::Rounds::default();
    let feed = |rounds: &mut stats::Rounds, index: usize, runner: &measure::Runner<'_, '_>| {
        if let Some((old, new, _)) = compared
            && (index == old || index == new)
        {
            let times = measure::answered_micros(runner.current(), &runner.last_pass_nanos());
            rounds.pass(index == old, times);
        }
    };
    let mut runners: Vec<measure::Runner<'_, '_>> = Vec::with_capacity(part.tallies.len());
    for (index, tally) in part.tallies.iter().enumerate() {
        let runner = measure::Runner::start(tally.info, chunk, options, pool, progress);
        show_pass(observers, chunk, &part.kind, &runner);
        feed(&mut rounds, index, &runner);
        runners.push(runner);
    }
    let mut decided = false;
    // Whether the two engines compared ran another round.
    let mut pair_ran = true;
    loop {
        if let Some((old, new, threshold)) = compared
            && pair_ran
        {
            decided = decide(chunk, &runners[old], &runners[new], threshold, &rounds, progress);
        }
        // The two engines compared run another round together or not at all: a round is a
        // pass of each, and an engine given more passes than the other would be compared on
        // the shortest of more times.
        pair_ran = compared.is_some_and(|(old, new, _)| {
            !decided
                && runners[old].wants_another_pass(options.timing)
                && runners[new].wants_another_pass(options.timing)
        });
        let mut ran = false;
        // The two engines compared take turns first in alternate rounds (A B, B A, A B, ...),
        // so that following the other engine is no advantage to either.
        let mut order: Vec<usize> = (0..runners.len()).collect();
        if let Some((old, new, _)) = compared
            && rounds.len() % 2 == 0
        {
            order.swap(old, new);
        }
        for index in order {
            let (runner, tally) = (&mut runners[index], &part.tallies[index]);
            let in_pair = compared.is_some_and(|(old, new, _)| index == old || index == new);
            let another = if in_pair {
                pair_ran
            } else {
                // Every other engine runs one pass under --until-decided, and as many as the
                // first chunk did on later chunks.
                let mut timing = tally.passes.map_or(options.timing, Schedule::Repeat);
                if matches!(timing, Schedule::UntilDecided { .. }) {
                    timing = Schedule::Repeat(1);
                }
                runner.wants_another_pass(timing)
            };
            if another {
                runner.another_pass(options, pool, progress);
                show_pass(observers, chunk, &part.kind, runner);
                feed(&mut rounds, index, runner);
                ran = true;
            }
        }
        if !ran {
            break;
        }
    }
    let runs: Vec<measure::EngineRun<'_>> =
        runners.into_iter().map(measure::Runner::finish).collect();
    let (charged, check_seconds) = if options.cross_check {
        let started = Instant::now();
        let checked = crosscheck::cross_check(chunk, &runs, pool);
        part.disagreements.extend(checked.disagreements);
        (Some(checked.charged), Some(started.elapsed().as_secs_f64()))
    } else {
        (None, None)
    };
    for (index, (tally, run)) in part.tallies.iter_mut().zip(&runs).enumerate() {
        tally.add(run, charged.as_ref().map(|per_engine| per_engine[index]));
    }
    part.failures.add(chunk, &part.kind, &runs);
    sample(&mut part.samples, chunk, &runs);
    for observer in observers.iter_mut() {
        observer.chunk(chunk, &part.kind, &runs);
    }
    check_seconds
}

/// Shows the last pass of `runner` to every observer.
fn show_pass(
    observers: &mut [&mut dyn Observer],
    chunk: &Corpus,
    kind: &GridKind,
    runner: &measure::Runner<'_, '_>,
) {
    if observers.is_empty() {
        return;
    }
    let nanos = runner.last_pass_nanos();
    for observer in observers.iter_mut() {
        observer.pass(chunk, kind, runner.current(), &nanos);
    }
}

/// Whether the comparison of `new` against `old` on `chunk` is decided, after the passes so
/// far (`rounds`: each round of their passes); shows its estimate. A decision needs
/// [`stats::MIN_ROUNDS`] rounds: fewer cannot tell a change from the machine drifting. Nothing
/// to compare (no puzzle both answered) is decided too.
fn decide(
    chunk: &Corpus,
    old: &measure::Runner<'_, '_>,
    new: &measure::Runner<'_, '_>,
    threshold: f64,
    rounds: &stats::Rounds,
    progress: &progress::Progress,
) -> bool {
    let (old, new, passes) = (old.current(), new.current(), new.passes());
    let ratios = measure::paired_log_ratios(old, new);
    let Some(estimate) =
        rounds.estimate(&ratios, threshold, stats::DEFAULT_SEED, stats::MIN_ROUNDS)
    else {
        return true;
    };
    let verdict = estimate.verdict(stats::Reading::SoFar);
    progress.note(&format!(
        "{} against {} on {}, {}: {:.3} [{:.3}, {:.3}], p {}: {verdict}",
        new.info.name,
        old.info.name,
        chunk.file,
        output::counted(u64::from(passes), "pass", "passes"),
        estimate.ratio,
        estimate.lower,
        estimate.upper,
        stats::format_p(estimate.p_value),
    ));
    estimate.decided
}

/// Adds the puzzles of `chunk` that `samples` takes, with every engine's time on them.
fn sample(samples: &mut Samples, chunk: &Corpus, runs: &[measure::EngineRun<'_>]) {
    for (index, puzzle) in chunk.puzzles.iter().enumerate() {
        if !samples.takes(puzzle.number as u64) {
            continue;
        }
        let times = runs
            .iter()
            .map(|run| {
                let verdict = run.verdict(index);
                let failed = matches!(verdict, sudoku_core::Verdict::Failed(_));
                SampleTime {
                    // A failed solve has no time: its clock ran to a crash or a time limit.
                    us: if failed { 0.0 } else { run.puzzle_times[index] as f64 / 1000.0 },
                    gave_up: matches!(verdict, sudoku_core::Verdict::GaveUp(_)),
                    failed,
                }
            })
            .collect();
        samples.push(SamplePoint { puzzle: puzzle.number as u64, line: puzzle.line as u64, times });
    }
}
