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
//! - **Readable.** One [`Report`] value feeds the terminal table, Markdown, CSV and JSON
//!   ([`output`]), the SVG chart ([`chart`]) and the baselines ([`baseline`]).
//!
//! Engines are known only through [`EngineInfo`] values: the registry's, or any a caller
//! builds (the tests register a deliberately wrong one).
//!
//! ```no_run
//! use sudoku_bench::{BenchOptions, Corpus, Mode, Timing, output};
//!
//! let corpus = Corpus::load("data/corpus/generated-10000.txt".as_ref(), None)?;
//! let options = BenchOptions {
//!     engines: sudoku_engines::ENGINES.iter().collect(),
//!     mode: Mode::Unique,
//!     budget: Some(100_000),
//!     threads: 2,
//!     timing: Timing::Repeat(1),
//!     cross_check: true,
//!     progress: false,
//! };
//! let report = sudoku_bench::run(&[corpus], &options)?;
//! output::write(&report, output::OutputFormat::Table, &mut std::io::stdout())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod baseline;
pub mod chart;
pub mod corpus;
pub mod crosscheck;
mod figures;
pub mod files;
pub mod measure;
pub mod output;
pub mod progress;
pub mod report;

use std::time::{Duration, Instant};

use sudoku_engines::EngineInfo;

pub use corpus::{Corpus, CorpusPuzzle, LoadError};
pub use crosscheck::{Disagreement, EngineAnswer};
pub use report::{FileSummary, Machine, Mode, Record, Report, SCHEMA_VERSION};

/// How often the timing passes run.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Timing {
    /// Exactly this many passes (at least 1); figures are the medians over them.
    Repeat(u32),
    /// Passes until this much time was spent on one engine and file (at least one pass, at most
    /// [`measure::MAX_PASSES`]); figures are the medians over them.
    MinTime(Duration),
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
    pub timing: Timing,
    /// Whether answers are checked and compared. Off only for pure timing runs.
    pub cross_check: bool,
    /// Whether to draw a progress bar on standard error (see [`progress::wanted`]).
    pub progress: bool,
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

/// Runs every engine of `options` over every corpus and returns the report, cross-check
/// included. Each pass is one engine over the whole corpus, so the engine has the machine to
/// itself while it is timed. After every engine's first pass, the timing passes take turns, one
/// per engine in each round: a change in the machine's load during the run (other jobs on a
/// shared machine, the clock slowing as it warms) then falls on every engine alike, and the
/// ratios between engines, measured side by side, stay fair.
pub fn run(corpora: &[Corpus], options: &BenchOptions<'_>) -> Result<Report, BenchError> {
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
        let mut summary = FileSummary::of(corpus);
        if corpus.puzzles.is_empty() {
            report.files.push(summary);
            continue;
        }
        let mut runners: Vec<measure::Runner<'_, '_>> = options
            .engines
            .iter()
            .map(|&info| measure::Runner::start(info, corpus, options, &pool, &progress))
            .collect();
        loop {
            let mut ran = false;
            for runner in &mut runners {
                if runner.wants_another_pass(options.timing) {
                    runner.another_pass(options, &pool, &progress);
                    ran = true;
                }
            }
            if !ran {
                break;
            }
        }
        let runs: Vec<measure::EngineRun<'_>> =
            runners.into_iter().map(measure::Runner::finish).collect();
        let charged = if options.cross_check {
            let started = Instant::now();
            let checked = crosscheck::cross_check(corpus, &runs, &pool);
            summary.check_seconds = Some(started.elapsed().as_secs_f64());
            disagreements.extend(checked.disagreements);
            Some(checked.charged)
        } else {
            None
        };
        for (index, engine_run) in runs.iter().enumerate() {
            let charged_here = charged.as_ref().map(|per_engine| per_engine[index]);
            report.records.push(figures::record(corpus, engine_run, options, charged_here));
        }
        report.files.push(summary);
    }
    progress.finish();
    report.disagreements = options.cross_check.then_some(disagreements);
    Ok(report)
}
