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
//! use sudoku_core::ReadOptions;
//!
//! let corpus = Corpus::load("data/corpus/generated-10000.txt".as_ref(), ReadOptions::default())?;
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

use sudoku_core::Size;
use sudoku_engines::EngineInfo;

pub use corpus::{Corpus, CorpusPuzzle, LoadError};
pub use crosscheck::{Disagreement, EngineAnswer};
pub use report::{
    FileSummary, Machine, Mode, NotApplicable, Record, Report, SCHEMA_VERSION, SizeCount, size_name,
};

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
    for whole in corpora {
        let mut summary = FileSummary::of(whole);
        let sizes = whole.sizes();
        for &(size, puzzles) in &sizes {
            // A file of one size (nearly all) is run as it is; a mixed one, a size at a time.
            let part;
            let corpus = if sizes.len() == 1 {
                whole
            } else {
                part = whole.part(size);
                &part
            };
            let (engines, not_applicable): (Vec<&EngineInfo>, Vec<&EngineInfo>) =
                options.engines.iter().partition(|info| info.supports(size));
            report.not_applicable.extend(not_applicable.into_iter().map(|info| NotApplicable {
                engine: info.name.to_owned(),
                file: corpus.file.clone(),
                size: size_name(size),
                puzzles: puzzles as u64,
                engine_sizes: info.sizes_text(),
            }));
            if engines.is_empty() {
                continue;
            }
            let part = run_part(corpus, size, &engines, options, &pool, &progress);
            report.records.extend(part.records);
            disagreements.extend(part.disagreements);
            if let Some(seconds) = part.check_seconds {
                summary.check_seconds = Some(summary.check_seconds.unwrap_or(0.0) + seconds);
            }
        }
        report.files.push(summary);
    }
    progress.finish();
    report.disagreements = options.cross_check.then_some(disagreements);
    Ok(report)
}

/// What the engines did on the puzzles of one size of one file.
struct Part {
    records: Vec<Record>,
    disagreements: Vec<Disagreement>,
    /// Time spent cross-checking (`None`: no cross-check).
    check_seconds: Option<f64>,
}

/// Runs `engines` over `corpus`, whose puzzles all have `size`: passes taking turns, then the
/// cross-check, then one record per engine.
fn run_part(
    corpus: &Corpus,
    size: Size,
    engines: &[&EngineInfo],
    options: &BenchOptions<'_>,
    pool: &rayon::ThreadPool,
    progress: &progress::Progress,
) -> Part {
    let mut runners: Vec<measure::Runner<'_, '_>> = engines
        .iter()
        .map(|&info| measure::Runner::start(info, corpus, options, pool, progress))
        .collect();
    loop {
        let mut ran = false;
        for runner in &mut runners {
            if runner.wants_another_pass(options.timing) {
                runner.another_pass(options, pool, progress);
                ran = true;
            }
        }
        if !ran {
            break;
        }
    }
    let runs: Vec<measure::EngineRun<'_>> =
        runners.into_iter().map(measure::Runner::finish).collect();
    let (charged, disagreements, check_seconds) = if options.cross_check {
        let started = Instant::now();
        let checked = crosscheck::cross_check(corpus, &runs, pool);
        let seconds = started.elapsed().as_secs_f64();
        (Some(checked.charged), checked.disagreements, Some(seconds))
    } else {
        (None, Vec::new(), None)
    };
    let records = runs
        .iter()
        .enumerate()
        .map(|(index, engine_run)| {
            let charged_here = charged.as_ref().map(|per_engine| per_engine[index]);
            figures::record(corpus, size, engine_run, options, charged_here)
        })
        .collect();
    Part { records, disagreements, check_seconds }
}
