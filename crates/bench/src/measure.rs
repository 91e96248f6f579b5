//! Running one engine over one corpus: the passes, and the clock around `solve`.
//!
//! A pass solves every puzzle once. Each engine and file gets:
//!
//! - a **reference pass**, whose answers are kept for the cross-check and the counters. With
//!   one thread it is sequential; with more it is the first parallel pass;
//! - with more than one thread, a **sequential pass** on the calling thread: its per-puzzle
//!   times give the single-thread figures (puzzles/s, µs percentiles), the figures the field
//!   compares;
//! - with `--repeat K` or `--min-time`, more sequential and parallel passes; the report takes
//!   the median over passes of each pass's totals, and the percentiles of every pass's times
//!   pooled. Later passes are also compared with the reference pass, so an engine whose answers
//!   or statistics change between runs is caught.
//!
//! A pass keeps its wall time, its summed solve time and its longest solve, and adds its times
//! to the one histogram of the run ([`EngineRun::latencies`]): memory does not grow with the
//! passes (a thousand passes of one 4×4 puzzle once kept a thousand 270 KB histograms).
//!
//! Only `engine.solve` is inside the per-puzzle clock ([`Instant`], monotonic). Results go
//! into slots allocated before the pass; in the parallel pass each rayon worker makes its own
//! engine (engines are `Send`, not `Sync`, and own their scratch memory) and writes only the
//! slots of the puzzles it took, so nothing shared is locked while engines run. Progress is
//! reported once per [`PROGRESS_STEP`] puzzles, never per puzzle.

use std::time::{Duration, Instant};

use rayon::ThreadPool;
use rayon::prelude::*;
use sudoku_core::{Engine, Limits, Outcome, Stats};
use sudoku_engines::EngineInfo;

use crate::corpus::{Corpus, CorpusPuzzle};
use crate::latency::Latencies;
use crate::progress::Progress;
use crate::{BenchOptions, Timing};

/// The most passes `--min-time` runs, however fast the engine.
pub const MAX_PASSES: u32 = 1000;

/// Puzzles solved between two progress updates.
pub const PROGRESS_STEP: usize = 256;

/// One puzzle's answer and solve time.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Timed {
    /// What the engine returned.
    pub outcome: Outcome,
    /// Nanoseconds inside `solve`.
    pub nanos: u64,
}

impl Timed {
    /// A slot before its puzzle is solved.
    const UNSET: Timed = Timed {
        outcome: Outcome {
            solution: None,
            count: 0,
            budget_exhausted: false,
            stats: Stats { nodes: 0, guesses: 0 },
            reported_time: None,
            failure: None,
        },
        nanos: 0,
    };
}

/// The totals of one sequential pass; its solve times go to the run's pooled histogram
/// ([`EngineRun::latencies`]), so a pass costs two numbers, not a histogram.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PassTimes {
    /// Wall time of the whole pass.
    pub wall: Duration,
    /// Sum of the per-puzzle solve times.
    pub solve_total: Duration,
    /// The longest solve time, ns.
    pub longest_nanos: u64,
}

impl PassTimes {
    /// The totals of a sequential pass from its slots, whose times are added to `latencies`.
    fn of(slots: &[Timed], wall: Duration, latencies: &mut Latencies) -> PassTimes {
        let (mut total, mut longest) = (0u64, 0u64);
        for slot in slots {
            latencies.record(slot.nanos);
            total = total.saturating_add(slot.nanos);
            longest = longest.max(slot.nanos);
        }
        PassTimes { wall, solve_total: Duration::from_nanos(total), longest_nanos: longest }
    }
}

/// An engine's later answer to a puzzle that differs from its reference answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Instability {
    /// Index of the puzzle in the corpus.
    pub index: usize,
    /// What differed.
    pub description: String,
}

/// Everything one engine did on one corpus.
#[derive(Debug)]
pub struct EngineRun<'e> {
    /// The engine.
    pub info: &'e EngineInfo,
    /// The limits it solved with.
    pub limits: Limits,
    /// The reference pass, one slot per puzzle of the corpus.
    pub reference: Vec<Timed>,
    /// Puzzles answered differently by a later pass, by index (empty without cross-check).
    pub unstable: Vec<Instability>,
    /// The sequential passes (with one thread, the reference pass is the first).
    pub sequential: Vec<PassTimes>,
    /// Every solve time of every sequential pass, pooled: one histogram however many passes.
    pub latencies: Latencies,
    /// Whether [`Timing::MinTime`] stopped at [`MAX_PASSES`] before its time was spent.
    pub stopped_at_pass_cap: bool,
    /// Each puzzle's shortest solve time over the sequential passes, ns: the per-puzzle
    /// figure. The shortest, because what lengthens a solve on a busy machine (the scheduler
    /// taking the core away, a cold cache) only ever adds: with `--repeat 3` a puzzle's time
    /// is its own, not the machine's.
    pub puzzle_times: Vec<u64>,
    /// Wall times of the parallel passes (with one thread, those of the sequential passes).
    pub parallel_walls: Vec<Duration>,
}

impl EngineRun<'_> {
    /// The instability recorded for puzzle `index`, if any.
    pub fn instability(&self, index: usize) -> Option<&Instability> {
        self.unstable
            .binary_search_by_key(&index, |found| found.index)
            .ok()
            .map(|position| &self.unstable[position])
    }
}

/// The limits `info` solves with: the mode's, plus the budget when the engine honours one.
pub fn limits_for(info: &EngineInfo, options: &BenchOptions<'_>) -> Limits {
    let limits = options.mode.limits();
    match options.budget {
        Some(nodes) if info.instrumented => limits.with_node_budget(nodes),
        _ => limits,
    }
}

/// One engine's passes over one corpus, run one at a time so that the timing passes of several
/// engines can take turns (see [`crate::run`]).
pub struct Runner<'e, 'c> {
    run: EngineRun<'e>,
    engine: Box<dyn Engine>,
    puzzles: &'c [CorpusPuzzle],
    file: &'c str,
    parallel: bool,
    /// Slots of the passes after the reference pass.
    scratch: Vec<Timed>,
    /// Passes done, the reference pass included.
    passes: u32,
    /// Time spent in this engine's passes, for [`Timing::MinTime`].
    spent: Duration,
}

impl<'e, 'c> Runner<'e, 'c> {
    /// Starts `info` on `corpus` with its reference pass (and, with several threads, the first
    /// sequential pass).
    pub fn start(
        info: &'e EngineInfo,
        corpus: &'c Corpus,
        options: &BenchOptions<'_>,
        pool: &ThreadPool,
        progress: &Progress,
    ) -> Runner<'e, 'c> {
        let started = Instant::now();
        let limits = limits_for(info, options);
        let puzzles = &corpus.puzzles[..];
        let parallel = options.threads > 1;
        let mut runner = Runner {
            run: EngineRun {
                info,
                limits,
                reference: vec![Timed::UNSET; puzzles.len()],
                unstable: Vec::new(),
                sequential: Vec::new(),
                latencies: Latencies::new(),
                stopped_at_pass_cap: false,
                puzzle_times: Vec::new(),
                parallel_walls: Vec::new(),
            },
            engine: info.create(),
            puzzles,
            file: &corpus.file,
            parallel,
            scratch: vec![Timed::UNSET; puzzles.len()],
            passes: 1,
            spent: Duration::ZERO,
        };
        progress.start(runner.label(), puzzles.len());
        let run = &mut runner.run;
        if parallel {
            let wall = parallel_pass(pool, info, limits, puzzles, &mut run.reference, progress);
            run.parallel_walls.push(wall);
            runner.sequential_timing_pass(options, progress);
        } else {
            let engine = runner.engine.as_mut();
            let wall = sequential_pass(engine, limits, puzzles, &mut run.reference, progress);
            run.sequential.push(PassTimes::of(&run.reference, wall, &mut run.latencies));
            run.puzzle_times = run.reference.iter().map(|slot| slot.nanos).collect();
            run.parallel_walls.push(wall);
        }
        runner.spent = started.elapsed();
        runner
    }

    /// Whether `timing` asks for another pass. When it asks for none because `--min-time`
    /// reached [`MAX_PASSES`] short of its time, the run says so
    /// ([`EngineRun::stopped_at_pass_cap`]), so the report does not claim the time was spent.
    pub fn wants_another_pass(&mut self, timing: Timing) -> bool {
        let wanted = wants_another_pass(timing, self.passes, self.spent);
        if let Timing::MinTime(minimum) = timing {
            self.run.stopped_at_pass_cap = !wanted && self.spent < minimum;
        }
        wanted
    }

    /// One more timing pass: parallel and sequential with several threads, sequential with one.
    pub fn another_pass(
        &mut self,
        options: &BenchOptions<'_>,
        pool: &ThreadPool,
        progress: &Progress,
    ) {
        let started = Instant::now();
        self.passes += 1;
        if self.parallel {
            progress.start(self.label(), self.puzzles.len());
            let (info, limits) = (self.run.info, self.run.limits);
            let wall = parallel_pass(pool, info, limits, self.puzzles, &mut self.scratch, progress);
            self.run.parallel_walls.push(wall);
            compare(&mut self.run, &self.scratch, options.cross_check);
            self.sequential_timing_pass(options, progress);
        } else {
            let wall = self.sequential_timing_pass(options, progress);
            self.run.parallel_walls.push(wall);
        }
        self.spent += started.elapsed();
    }

    /// A sequential pass into the scratch slots, checked against the reference pass; returns
    /// its wall time.
    fn sequential_timing_pass(
        &mut self,
        options: &BenchOptions<'_>,
        progress: &Progress,
    ) -> Duration {
        let label =
            if self.parallel { format!("{} (single thread)", self.label()) } else { self.label() };
        progress.start(label, self.puzzles.len());
        let engine = self.engine.as_mut();
        let wall =
            sequential_pass(engine, self.run.limits, self.puzzles, &mut self.scratch, progress);
        if self.run.sequential.is_empty() {
            self.run.puzzle_times = self.scratch.iter().map(|slot| slot.nanos).collect();
        } else {
            for (best, slot) in self.run.puzzle_times.iter_mut().zip(&self.scratch) {
                *best = (*best).min(slot.nanos);
            }
        }
        self.run.sequential.push(PassTimes::of(&self.scratch, wall, &mut self.run.latencies));
        compare(&mut self.run, &self.scratch, options.cross_check);
        wall
    }

    /// Everything the engine did.
    pub fn finish(self) -> EngineRun<'e> {
        self.run
    }

    /// The progress label of the current pass.
    fn label(&self) -> String {
        format!("{} on {}, pass {}", self.run.info.name, self.file, self.passes)
    }
}

/// Whether `timing` asks for another pass after `passes_done` passes that took `spent`.
fn wants_another_pass(timing: Timing, passes_done: u32, spent: Duration) -> bool {
    match timing {
        Timing::Repeat(passes) => passes_done < passes,
        Timing::MinTime(minimum) => spent < minimum && passes_done < MAX_PASSES,
    }
}

/// Solves one puzzle with only the solve inside the clock.
#[inline(always)]
fn timed_solve(engine: &mut dyn Engine, puzzle: &CorpusPuzzle, limits: Limits) -> Timed {
    let started = Instant::now();
    let outcome = engine.solve(&puzzle.grid, limits);
    let nanos = started.elapsed().as_nanos();
    Timed { outcome, nanos: u64::try_from(nanos).unwrap_or(u64::MAX) }
}

/// Solves every puzzle on the calling thread, timing each solve.
fn sequential_pass(
    engine: &mut dyn Engine,
    limits: Limits,
    puzzles: &[CorpusPuzzle],
    slots: &mut [Timed],
    progress: &Progress,
) -> Duration {
    let started = Instant::now();
    for (puzzle_chunk, slot_chunk) in
        puzzles.chunks(PROGRESS_STEP).zip(slots.chunks_mut(PROGRESS_STEP))
    {
        for (puzzle, slot) in puzzle_chunk.iter().zip(slot_chunk.iter_mut()) {
            *slot = timed_solve(engine, puzzle, limits);
        }
        progress.advance(puzzle_chunk.len());
    }
    started.elapsed()
}

/// One rayon worker's engine and its progress not yet reported.
struct Worker<'p> {
    engine: Box<dyn Engine>,
    unreported: usize,
    progress: &'p Progress,
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        self.progress.advance(self.unreported);
    }
}

/// Solves every puzzle on the pool, timing each solve; returns the wall time.
fn parallel_pass(
    pool: &ThreadPool,
    info: &EngineInfo,
    limits: Limits,
    puzzles: &[CorpusPuzzle],
    slots: &mut [Timed],
    progress: &Progress,
) -> Duration {
    let started = Instant::now();
    pool.install(|| {
        puzzles.par_iter().zip(slots.par_iter_mut()).for_each_init(
            || Worker { engine: info.create(), unreported: 0, progress },
            |worker, (puzzle, slot)| {
                *slot = timed_solve(worker.engine.as_mut(), puzzle, limits);
                worker.unreported += 1;
                if worker.unreported == PROGRESS_STEP {
                    worker.progress.advance(PROGRESS_STEP);
                    worker.unreported = 0;
                }
            },
        );
    });
    started.elapsed()
}

/// Records every puzzle whose answer in `later` differs from the reference pass.
fn compare(run: &mut EngineRun<'_>, later: &[Timed], cross_check: bool) {
    if !cross_check {
        return;
    }
    let mut found = Vec::new();
    for (index, (first, again)) in run.reference.iter().zip(later).enumerate() {
        if first.outcome == again.outcome || run.instability(index).is_some() {
            continue;
        }
        let describe = |outcome: &Outcome| {
            format!(
                "count {}, {} nodes, {} guesses{}",
                outcome.verdict(run.limits),
                outcome.stats.nodes,
                outcome.stats.guesses,
                outcome
                    .solution
                    .as_ref()
                    .map_or(String::new(), |grid| format!(", solution {grid}"))
            )
        };
        let description = format!(
            "answered differently on another pass: {} then {}",
            describe(&first.outcome),
            describe(&again.outcome)
        );
        found.push(Instability { index, description });
    }
    if !found.is_empty() {
        // Kept sorted, so `instability` can search it.
        run.unstable.extend(found);
        run.unstable.sort_by_key(|known| known.index);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(nanos: &[u64]) -> Vec<Timed> {
        nanos.iter().map(|&nanos| Timed { nanos, ..Timed::UNSET }).collect()
    }

    #[test]
    fn a_pass_counts_every_time_and_sums_them() {
        let times: Vec<u64> = (1..=200).collect();
        let mut latencies = Latencies::new();
        let pass = PassTimes::of(&slots(&times), Duration::from_micros(50), &mut latencies);
        assert_eq!(pass.solve_total, Duration::from_nanos(200 * 201 / 2));
        assert_eq!(pass.longest_nanos, 200);
        assert_eq!(latencies.len(), 200);
        assert_eq!(latencies.max_nanos(), 200);
        assert_eq!(latencies.median_nanos(), 100);
        assert_eq!(latencies.quantile_nanos(0.99), 198);
        PassTimes::of(&slots(&times), Duration::from_micros(50), &mut latencies);
        assert_eq!(latencies.len(), 400, "a second pass pools into the same histogram");
    }

    #[test]
    fn min_time_stops_at_the_pass_cap() {
        let long = Timing::MinTime(Duration::from_secs(3600));
        assert!(wants_another_pass(long, 1, Duration::ZERO));
        assert!(!wants_another_pass(long, MAX_PASSES, Duration::ZERO));
        assert!(!wants_another_pass(Timing::Repeat(3), 3, Duration::ZERO));
        assert!(wants_another_pass(Timing::Repeat(3), 2, Duration::ZERO));
    }
}
