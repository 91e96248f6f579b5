//! A known slowdown, to see that the paired statistics catch it: `fast` wrapped twice, once as
//! it is and once made slower by a set share (each solve spins, after `fast` returns, for that
//! share of the time `fast` took), benched side by side in rounds until their comparison is
//! decided, as `sudoku bench --compare A,B --until-decided` runs them, with per-puzzle rows
//! compared again as `sudoku bench compare` compares them. Both go through the same wrapper,
//! so its own cost (a few reads of the clock, some 50 ns a solve) falls on both and the
//! difference is the spin. It prints the slowdown measured by whole-run time (the sums of the
//! solve times) beside the comparison's estimate and interval and the rounds it took, and fails
//! unless the verdict of the run is `slower`.
//!
//! ```sh
//! cargo run --release --example slowdown -- FILE [PERCENT] [ROWS.csv]
//! ```
//!
//! PERCENT is 5 by default; the rows go to ROWS.csv (a temporary file by default).

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
#[cfg(not(target_arch = "x86_64"))]
use std::time::Instant;

use sudoku_bench::compare::{self, CompareOptions, RunPair};
use sudoku_bench::files::OutputFile;
use sudoku_bench::measure::EngineRun;
use sudoku_bench::per_puzzle::{RowFormat, RowWriter};
use sudoku_bench::stats::{self, Change};
use sudoku_bench::{BenchOptions, Corpus, Mode, Observer, Schedule};
use sudoku_core::{Engine, Grid, GridKind, Limits, Outcome, ReadOptions};
use sudoku_engines::EngineInfo;

/// The share of its own time the slowed engine spins after each solve, as f64 bits (an
/// engine's constructor is a plain function, so the setting is a static).
static SHARE: AtomicU64 = AtomicU64::new(0);

/// `fast`, then a spin for `share` of the time it took.
struct Slowed {
    fast: Box<dyn Engine>,
    share: f64,
}

impl Engine for Slowed {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let share = self.share;
        let started = ticks();
        let outcome = self.fast.solve(puzzle, limits);
        let took = ticks().wrapping_sub(started);
        let until = started.wrapping_add(took + (took as f64 * share) as u64);
        while ticks() < until {
            std::hint::spin_loop();
        }
        outcome
    }
}

/// A clock cheap enough not to slow the solves beyond the share by itself: the time-stamp
/// counter (a few nanoseconds a read, against some 25 for `Instant::now`), which ticks at a
/// constant rate on the processors of the last fifteen years.
#[cfg(target_arch = "x86_64")]
fn ticks() -> u64 {
    // SAFETY: RDTSC exists on every x86-64 processor and reads a counter; nothing else.
    unsafe { std::arch::x86_64::_rdtsc() }
}

/// Elsewhere, nanoseconds since the first call.
#[cfg(not(target_arch = "x86_64"))]
fn ticks() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// Counts the passes of both engines: a round is one of each.
struct Passes(u32);

impl Observer for Passes {
    fn chunk(&mut self, _: &Corpus, _: &GridKind, _: &[EngineRun<'_>]) {}

    fn pass(&mut self, _: &Corpus, _: &GridKind, _: &EngineRun<'_>, _: &[u64]) {
        self.0 += 1;
    }
}

fn wrapper(share: f64) -> Box<dyn Engine> {
    Box::new(Slowed { fast: sudoku_engines::find("fast").expect("registered").create(), share })
}

fn wrapped() -> Box<dyn Engine> {
    wrapper(0.0)
}

fn slowed() -> Box<dyn Engine> {
    wrapper(f64::from_bits(SHARE.load(Ordering::Relaxed)))
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: slowdown FILE [PERCENT] [ROWS.csv]");
        return ExitCode::from(2);
    };
    let percent: f64 = match args.next().map(|text| text.parse()) {
        None => 5.0,
        Some(Ok(percent)) if (0.0..1000.0).contains(&percent) => percent,
        Some(_) => {
            eprintln!("slowdown: PERCENT is a number from 0 to 1000");
            return ExitCode::from(2);
        }
    };
    SHARE.store((percent / 100.0).to_bits(), Ordering::Relaxed);
    let scratch = tempfile::tempdir();
    let rows_path = match (args.next(), &scratch) {
        (Some(path), _) => std::path::PathBuf::from(path),
        (None, Ok(directory)) => directory.path().join("rows.csv"),
        (None, Err(error)) => {
            eprintln!("slowdown: no temporary directory: {error}");
            return ExitCode::from(2);
        }
    };
    let corpus = match Corpus::open(file.as_ref(), ReadOptions::default()) {
        Ok(corpus) => corpus,
        Err(error) => {
            eprintln!("slowdown: {error}");
            return ExitCode::from(2);
        }
    };
    let fast =
        EngineInfo::new("fast-wrapped", "fast, through the wrapper, without a spin", wrapped);
    let slowed =
        EngineInfo::new("fast-slowed", "fast, then a spin for a share of its time", slowed);
    let threshold = stats::DEFAULT_THRESHOLD_PERCENT / 100.0;
    // Rounds until decided, as `--until-decided` runs them: on a shared machine a pass over the
    // shipped 9×9 corpus takes some 30 ms, which one stall of the machine moves by a tenth, and
    // the rounds go on until their spread is narrow enough to tell.
    let options = BenchOptions {
        engines: vec![&fast, &slowed],
        mode: Mode::Unique,
        budget: None,
        threads: 1,
        timing: Schedule::UntilDecided {
            pair: (0, 1),
            threshold,
            max_time: sudoku_bench::plan::DEFAULT_MAX_TIME,
        },
        cross_check: true,
        progress: false,
        shard: None,
    };
    let out = match OutputFile::create(&rows_path, false) {
        Ok(out) => out,
        Err(error) => {
            eprintln!("slowdown: {error}");
            return ExitCode::from(2);
        }
    };
    let mut rows = RowWriter::new(out, RowFormat::Csv);
    let mut pair = RunPair::new("fast-wrapped", "fast-slowed", threshold, stats::MIN_ROUNDS);
    let mut passes = Passes(0);
    let report = {
        let mut observers: Vec<&mut dyn Observer> = vec![&mut rows, &mut pair, &mut passes];
        match sudoku_bench::run_observed(&[corpus], &options, &mut observers) {
            Ok(report) => report,
            Err(error) => {
                eprintln!("slowdown: {error}");
                return ExitCode::from(2);
            }
        }
    };
    let written = rows.finish().map_err(|error| error.to_string());
    if let Err(error) = written.and_then(|(file, _)| file.commit().map_err(|e| e.to_string())) {
        eprintln!("slowdown: {error}");
        return ExitCode::from(2);
    }
    let seconds = |engine: &str| {
        report.records.iter().filter(|r| r.engine == engine).map(|r| r.solve_seconds).sum::<f64>()
    };
    let whole_run = seconds("fast-slowed") / seconds("fast-wrapped");
    let options = CompareOptions {
        engines: Vec::new(),
        pair: Some(("fast-wrapped".into(), "fast-slowed".into())),
        threshold,
        seed: stats::DEFAULT_SEED,
    };
    let comparison = match compare::compare(&rows_path, &rows_path, &options) {
        Ok(comparison) => comparison,
        Err(error) => {
            eprintln!("slowdown: {error}");
            return ExitCode::from(2);
        }
    };
    let in_run = pair.finish();
    let in_run_how = format!("in one run, {} rounds", passes.0 / 2);
    let estimates = [(in_run_how.as_str(), &in_run), ("from the rows alone", &comparison)]
        .map(|(how, compared)| (how, compared.groups.first().and_then(|g| g.speed.clone())));
    println!("{file}: fast slowed by {percent}%: whole-run time ratio {whole_run:.4}");
    for (how, estimate) in &estimates {
        let Some(estimate) = estimate else {
            eprintln!("slowdown: no puzzle was timed by both engines");
            return ExitCode::from(2);
        };
        let covered = estimate.lower <= whole_run && whole_run <= estimate.upper;
        println!(
            "  {how}: {:.4} [{:.4}, {:.4}] ({} the whole-run ratio), p {:.2e}, over {} \
             puzzles: {}",
            estimate.ratio,
            estimate.lower,
            estimate.upper,
            if covered { "holds" } else { "misses" },
            estimate.p_value,
            estimate.puzzles,
            estimate.change.name()
        );
    }
    if estimates[0].1.as_ref().is_some_and(|estimate| estimate.change == Change::Slower) {
        ExitCode::SUCCESS
    } else {
        eprintln!("slowdown: the comparison did not find the slowdown");
        ExitCode::from(1)
    }
}
