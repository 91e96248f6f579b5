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
//! Only `engine.solve` is inside the per-puzzle clock ([`Instant`], monotonic). An engine in
//! this process is called in batches on [`sudoku_engines::clock`]'s terms: a batch the
//! scheduler interrupted is solved again, so that a preemption does not become a solve time
//! (a library's worker times its calls the same way); the pass's wall time includes the
//! batches solved again, and the single-thread rate is read from the calls' times. Except for an
//! engine timed by its own word ([`sudoku_engines::Timing::EngineReported`]): a puzzle it
//! reports a time for ([`Outcome::reported_time`]) takes that time instead, in every figure
//! and histogram, once the pass is over (the clock still runs around it, and the pass's wall
//! time is the harness's), held within that clock's round trip: no engine's word makes a solve
//! longer than the call that carried it, or shorter than 1 ns. Before each sequential pass
//! the engine is told which puzzles are coming ([`Engine::expect`]): an engine in another
//! process may send them ahead; for an engine in this process the hint costs nothing. Results
//! go into slots allocated before the pass; in the parallel pass each rayon worker makes its own
//! engine (engines are `Send`, not `Sync`, and own their scratch memory) and writes only the
//! slots of the puzzles it took, so nothing shared is locked while engines run. Progress is
//! reported once per [`PROGRESS_STEP`] puzzles, never per puzzle.
//!
//! # Failures
//!
//! An engine from outside may fail on a puzzle ([`Outcome::failure`]: crashed, timed out,
//! broke its protocol). A failed solve has no answer and its time is not a solve time (a
//! time-out's is the limit): it is left out of the latency histogram, of the pass's solve
//! total and longest solve, and so of every median; each pass counts its failed solves
//! ([`PassTimes::failed`]). A puzzle is a **failure** of the engine when any of its passes
//! failed on it: the reference pass, or a later pass where the reference pass answered
//! ([`EngineRun::failure`]; the later failure is kept with its pass's number). A failure is
//! counted as such and is never an instability: a later pass that fails where the reference
//! answered, or answers where the reference failed, says nothing about the engine's
//! determinism, only that it failed. A failed puzzle has no per-puzzle time.

use std::time::{Duration, Instant};

use rayon::ThreadPool;
use rayon::prelude::*;
use sudoku_core::{Engine, Failure, Limits, Outcome, Stats, Verdict};
use sudoku_engines::clock::{self, Clock, Retimed};
use sudoku_engines::{EngineInfo, Timing};

use crate::corpus::{Corpus, CorpusPuzzle};
use crate::latency::Latencies;
use crate::progress::Progress;
use crate::{BenchOptions, Schedule};

/// The most passes `--min-time` runs, however fast the engine.
pub const MAX_PASSES: u32 = 1000;

/// Puzzles solved between two progress updates.
pub const PROGRESS_STEP: usize = 256;

/// One puzzle's answer and solve time.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Timed {
    /// What the engine returned.
    pub outcome: Outcome,
    /// Nanoseconds inside `solve` (or, for an engine timed by its own word, the time it
    /// reported).
    pub nanos: u64,
    /// When the call returned, in ns since its pass began (before the engine was told which
    /// puzzles were coming): what bounds an engine's word on its own times.
    pub ended_nanos: u64,
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
        ended_nanos: 0,
    };
}

/// The totals of one sequential pass; its solve times go to the run's pooled histogram
/// ([`EngineRun::latencies`]), so a pass costs two numbers, not a histogram.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PassTimes {
    /// Wall time of the whole pass.
    pub wall: Duration,
    /// Sum of the per-puzzle solve times (failed solves left out).
    pub solve_total: Duration,
    /// The longest solve time, ns (failed solves left out).
    pub longest_nanos: u64,
    /// Solves that failed: their times are in none of the above, nor in the histogram.
    pub failed: u64,
    /// Calls solved again because the scheduler took the thread off its core during their
    /// batch ([`sudoku_engines::clock`]): how busy the machine was while the pass ran.
    pub retimed: Retimed,
}

impl PassTimes {
    /// The totals of a sequential pass from its slots, whose times (of the solves that did not
    /// fail) are added to `latencies`.
    fn of(
        slots: &[Timed],
        (wall, retimed): (Duration, Retimed),
        latencies: &mut Latencies,
    ) -> PassTimes {
        let (mut total, mut longest, mut failed) = (0u64, 0u64, 0u64);
        for slot in slots {
            if slot.outcome.failure.is_some() {
                failed += 1;
                continue;
            }
            latencies.record(slot.nanos);
            total = total.saturating_add(slot.nanos);
            longest = longest.max(slot.nanos);
        }
        let solve_total = Duration::from_nanos(total);
        PassTimes { wall, solve_total, longest_nanos: longest, failed, retimed }
    }
}

/// A failure on a pass after the reference pass, of a puzzle the reference pass answered.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LaterFailure {
    /// Index of the puzzle in the corpus.
    pub index: usize,
    /// The failure, its message saying on which pass.
    pub failure: Failure,
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
    /// A failure is never an instability.
    pub unstable: Vec<Instability>,
    /// Puzzles the reference pass answered and a later pass failed on, by index: failures
    /// of the engine all the same ([`EngineRun::failure`]).
    pub later_failures: Vec<LaterFailure>,
    /// The sequential passes (with one thread, the reference pass is the first).
    pub sequential: Vec<PassTimes>,
    /// Every solve time of every sequential pass, pooled: one histogram however many passes.
    pub latencies: Latencies,
    /// Whether [`Schedule::MinTime`] stopped at [`MAX_PASSES`] before its time was spent.
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

    /// Why the engine failed on puzzle `index`, if it did on any pass: the reference pass's
    /// failure, or else the first later pass's.
    pub fn failure(&self, index: usize) -> Option<&Failure> {
        self.reference[index].outcome.failure.as_ref().or_else(|| {
            self.later_failures
                .binary_search_by_key(&index, |found| found.index)
                .ok()
                .map(|position| &self.later_failures[position].failure)
        })
    }

    /// The verdict on puzzle `index`: [`Verdict::Failed`] when any pass failed on it
    /// ([`EngineRun::failure`]), else the reference pass's.
    pub fn verdict(&self, index: usize) -> Verdict {
        match self.failure(index) {
            Some(failure) => Verdict::Failed(failure.kind),
            None => self.reference[index].outcome.verdict(self.limits),
        }
    }

    /// Whether puzzle `index` was answered: solved, or proved unsolvable (not given up at the
    /// budget, not failed). Only answers have times worth comparing.
    pub fn answered(&self, index: usize) -> bool {
        !matches!(self.verdict(index), Verdict::GaveUp(_) | Verdict::Failed(_))
    }
}

/// The log time ratios (`new` over `old`, each puzzle's shortest time over the passes) of the
/// puzzles both runs answered, in puzzle order.
pub fn paired_log_ratios(old: &EngineRun<'_>, new: &EngineRun<'_>) -> Vec<f64> {
    let us = |run: &EngineRun<'_>, index: usize| run.puzzle_times[index] as f64 / 1000.0;
    (0..old.puzzle_times.len().min(new.puzzle_times.len()))
        .filter(|&index| old.answered(index) && new.answered(index))
        .map(|index| crate::stats::log_ratio(us(old, index), us(new, index)))
        .collect()
}

/// Each puzzle's time in one pass of `run`, `nanos`, in µs, NaN where the engine did not
/// answer it: a pass as [`crate::stats::Rounds`] keeps it.
pub fn answered_micros(run: &EngineRun<'_>, nanos: &[u64]) -> Vec<f32> {
    nanos
        .iter()
        .enumerate()
        .map(|(index, &t)| if run.answered(index) { t as f32 / 1000.0 } else { f32::NAN })
        .collect()
}

/// The limits `info` solves with: the mode's (the first solution only for an engine that does
/// not count, whatever the mode), plus the budget when the engine honours one.
pub fn limits_for(info: &EngineInfo, options: &BenchOptions<'_>) -> Limits {
    let limits = if info.counts { options.mode.limits() } else { Limits::FIRST };
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
    /// Time spent in this engine's passes, for [`Schedule::MinTime`].
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
                later_failures: Vec::new(),
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
            let pass = sequential_pass(engine, info, limits, puzzles, &mut run.reference, progress);
            use_reported_times(info, &mut run.reference);
            run.sequential.push(PassTimes::of(&run.reference, pass, &mut run.latencies));
            run.puzzle_times = run.reference.iter().map(|slot| slot.nanos).collect();
            run.parallel_walls.push(pass.0);
        }
        runner.spent = started.elapsed();
        runner
    }

    /// Whether `timing` asks for another pass. When it asks for none because `--min-time`
    /// reached [`MAX_PASSES`] short of its time, the run says so
    /// ([`EngineRun::stopped_at_pass_cap`]), so the report does not claim the time was spent.
    pub fn wants_another_pass(&mut self, timing: Schedule) -> bool {
        let wanted = wants_another_pass(timing, self.passes, self.spent);
        if let Schedule::MinTime(minimum) = timing {
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
            compare(&mut self.run, &self.scratch, options.cross_check, self.passes);
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
        let (info, limits) = (self.run.info, self.run.limits);
        let pass = sequential_pass(engine, info, limits, self.puzzles, &mut self.scratch, progress);
        use_reported_times(self.run.info, &mut self.scratch);
        if self.run.sequential.is_empty() {
            self.run.puzzle_times = self.scratch.iter().map(|slot| slot.nanos).collect();
        } else {
            for (best, slot) in self.run.puzzle_times.iter_mut().zip(&self.scratch) {
                *best = (*best).min(slot.nanos);
            }
        }
        self.run.sequential.push(PassTimes::of(&self.scratch, pass, &mut self.run.latencies));
        compare(&mut self.run, &self.scratch, options.cross_check, self.passes);
        pass.0
    }

    /// Everything the engine did.
    pub fn finish(self) -> EngineRun<'e> {
        self.run
    }

    /// The run so far: its answers, and each puzzle's shortest time over the passes so far.
    pub fn current(&self) -> &EngineRun<'e> {
        &self.run
    }

    /// Each puzzle's time in the last sequential pass, ns.
    pub fn last_pass_nanos(&self) -> Vec<u64> {
        // Without a parallel pass, the first sequential pass is the reference pass.
        let slots = if !self.parallel && self.run.sequential.len() == 1 {
            &self.run.reference
        } else {
            &self.scratch
        };
        slots.iter().map(|slot| slot.nanos).collect()
    }

    /// The passes done, the reference pass included.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// The progress label of the current pass.
    fn label(&self) -> String {
        format!("{} on {}, pass {}", self.run.info.name, self.file, self.passes)
    }
}

/// Whether `timing` asks for another pass after `passes_done` passes that took `spent`.
fn wants_another_pass(timing: Schedule, passes_done: u32, spent: Duration) -> bool {
    match timing {
        Schedule::Repeat(passes) => passes_done < passes,
        Schedule::MinTime(minimum) => spent < minimum && passes_done < MAX_PASSES,
        Schedule::UntilDecided { max_time, .. } => {
            spent < max_time && passes_done < crate::stats::MAX_ROUNDS as u32
        }
    }
}

/// Solves one puzzle with only the solve inside the clock, in a pass that began at `origin`.
/// A solve the clock saw take no time (a coarse clock) takes 1 ns: every time kept is above
/// zero, as a per-puzzle file read back requires.
#[inline(always)]
fn timed_solve(
    engine: &mut dyn Engine,
    puzzle: &CorpusPuzzle,
    limits: Limits,
    origin: Instant,
) -> Timed {
    let started = Instant::now();
    let outcome = engine.solve(&puzzle.grid, limits);
    let ended = Instant::now();
    let nanos = |since: Instant| u64::try_from((ended - since).as_nanos()).unwrap_or(u64::MAX);
    Timed { outcome, nanos: nanos(started).max(1), ended_nanos: nanos(origin) }
}

/// For an engine timed by its own word, each slot's time becomes the time the engine reported
/// for it, where it reported one; nothing changes for any other engine. Done after the pass, so
/// the timed loop is the same for every engine.
///
/// An engine's word is believed only within what the harness saw. The engine answers in
/// order, one puzzle after another, and may have been sent a puzzle before its call began
/// ([`Engine::expect`]), so a call's own round trip does not bound the time solving it took;
/// the pass's clock does: the puzzles up to each one cannot have taken longer, together, than
/// the pass had run when its call returned ([`Timed::ended_nanos`]). Each reported time is
/// held within what that leaves after the puzzles before it, and a claim of no time at all
/// counts as 1 ns, as the clock's own zero does ([`timed_solve`]). Held so, an engine that
/// claims more than the wall time it took gets that wall time at most, and a time of 0
/// cannot put a median above the longest solve.
fn use_reported_times(info: &EngineInfo, slots: &mut [Timed]) {
    if info.timing != Timing::EngineReported {
        return;
    }
    // The time the puzzles before this one took, as kept.
    let mut taken = 0u64;
    for slot in slots {
        if let Some(reported) = slot.outcome.reported_time {
            let room = slot.ended_nanos.saturating_sub(taken);
            slot.nanos = u64::try_from(reported.as_nanos()).unwrap_or(u64::MAX).min(room).max(1);
        }
        taken = taken.saturating_add(slot.nanos);
    }
}

/// Solves every puzzle on the calling thread, timing each solve, after telling the engine
/// which puzzles are coming ([`Engine::expect`]; outside the pass's wall time). Returns the
/// pass's wall time and the calls it solved again.
///
/// An engine in this process ([`Timing::InProcess`]) is timed by [`Clock::time_calls`]: a
/// batch of calls the scheduler interrupted is solved again, its answers kept from the first
/// attempt, so that one engine's figure does not depend on what else the machine runs. Any
/// other engine's calls are made once each, in order: a call to another process cannot be
/// made again without sending its puzzle again, and the preemptions of this thread are not
/// that process's (a library's worker times its own calls on the same clock).
fn sequential_pass(
    engine: &mut dyn Engine,
    info: &EngineInfo,
    limits: Limits,
    puzzles: &[CorpusPuzzle],
    slots: &mut [Timed],
    progress: &Progress,
) -> (Duration, Retimed) {
    let retime = info.timing == Timing::InProcess;
    let origin = Instant::now();
    engine.expect(&mut puzzles.iter().map(|puzzle| &puzzle.grid), limits);
    let started = Instant::now();
    let mut clock = Clock::default();
    for (puzzle_chunk, slot_chunk) in
        puzzles.chunks(PROGRESS_STEP).zip(slots.chunks_mut(PROGRESS_STEP))
    {
        let read = || if retime { clock::preemptions() } else { None };
        let times = clock.time_calls(puzzle_chunk.len(), read, |index, first| {
            let timed = timed_solve(engine, &puzzle_chunk[index], limits, origin);
            let nanos = timed.nanos;
            if first {
                slot_chunk[index] = timed;
            }
            nanos
        });
        for (slot, nanos) in slot_chunk.iter_mut().zip(times) {
            slot.nanos = nanos;
        }
        progress.advance(puzzle_chunk.len());
    }
    (started.elapsed(), clock.retimed)
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
                *slot = timed_solve(worker.engine.as_mut(), puzzle, limits, started);
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

/// Whether two outcomes give the same answer with the same statistics: everything but the time
/// an engine reports, which varies from pass to pass as any time does.
fn same_answer(first: &Outcome, again: &Outcome) -> bool {
    (&first.solution, first.count, first.budget_exhausted, first.stats, &first.failure)
        == (&again.solution, again.count, again.budget_exhausted, again.stats, &again.failure)
}

/// Records the puzzles that pass `pass` (`later`) failed on where the reference pass answered,
/// and, with the cross-check, every other puzzle whose answer in `later` differs from the
/// reference pass. A failure on either side is never an instability (see the module
/// documentation).
fn compare(run: &mut EngineRun<'_>, later: &[Timed], cross_check: bool, pass: u32) {
    let mut found = Vec::new();
    let mut failed = Vec::new();
    for (index, (first, again)) in run.reference.iter().zip(later).enumerate() {
        if !cross_check && again.outcome.failure.is_none() {
            continue;
        }
        if same_answer(&first.outcome, &again.outcome) || first.outcome.failure.is_some() {
            continue;
        }
        if let Some(failure) = &again.outcome.failure {
            let known = run.later_failures.binary_search_by_key(&index, |found| found.index);
            if known.is_err() {
                let message = format!("on pass {pass}: {}", failure.message);
                let failure = Failure { kind: failure.kind, message };
                failed.push(LaterFailure { index, failure });
            }
            continue;
        }
        if run.instability(index).is_some() {
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
    if !failed.is_empty() {
        run.later_failures.extend(failed);
        run.later_failures.sort_by_key(|known| known.index);
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
        let wall = (Duration::from_micros(50), Retimed::default());
        let pass = PassTimes::of(&slots(&times), wall, &mut latencies);
        assert_eq!(pass.solve_total, Duration::from_nanos(200 * 201 / 2));
        assert_eq!(pass.longest_nanos, 200);
        assert_eq!(latencies.len(), 200);
        assert_eq!(latencies.max_nanos(), 200);
        assert_eq!(latencies.median_nanos(), 100);
        assert_eq!(latencies.quantile_nanos(0.99), 198);
        PassTimes::of(&slots(&times), wall, &mut latencies);
        assert_eq!(latencies.len(), 400, "a second pass pools into the same histogram");
    }

    /// Slots of a pass whose calls took `nanos` each, returned at `ended` (ns since the pass
    /// began), with the engine reporting `reported` (ns; `None`: nothing reported).
    fn reported(nanos: u64, ended: &[u64], reported: &[Option<u64>]) -> Vec<Timed> {
        ended
            .iter()
            .zip(reported)
            .map(|(&ended_nanos, reported)| {
                let mut slot = Timed { nanos, ended_nanos, ..Timed::UNSET };
                slot.outcome.reported_time = reported.map(Duration::from_nanos);
                slot
            })
            .collect()
    }

    #[test]
    fn reported_times_are_held_within_the_pass_clock() {
        let info = sudoku_engines::ENGINES.iter().next().unwrap();
        let mut reporting = info.clone();
        reporting.timing = Timing::EngineReported;
        let kept = |slots: &mut Vec<Timed>| {
            use_reported_times(&reporting, slots);
            slots.iter().map(|slot| slot.nanos).collect::<Vec<u64>>()
        };
        let ends = [1_000_000, 2_000_000, 3_000_000];
        // Five seconds claimed for each puzzle of a pass of 3 ms: 1 ms each at most.
        let mut liar = reported(1_000_000, &ends, &[Some(5_000_000_000); 3]);
        assert_eq!(kept(&mut liar), [1_000_000; 3]);
        // Nothing claimed: 1 ns, never 0.
        let mut zero = reported(1_000_000, &ends, &[Some(0); 3]);
        assert_eq!(kept(&mut zero), [1; 3]);
        // An honest engine sent its puzzles ahead: each call waited 0.2 ms only, yet 0.9 ms
        // of solving fits in each millisecond of the pass, and is believed.
        let mut ahead = reported(200_000, &ends, &[Some(900_000); 3]);
        assert_eq!(kept(&mut ahead), [900_000; 3]);
        // A puzzle without a reported time keeps the harness's, and its time is taken.
        let mut mixed = reported(1_500_000, &ends, &[None, Some(5_000_000_000), Some(10)]);
        assert_eq!(kept(&mut mixed), [1_500_000, 500_000, 10]);
        // Any other engine's times are its calls'.
        let mut built_in = reported(7, &ends, &[Some(5); 3]);
        use_reported_times(info, &mut built_in);
        assert_eq!(built_in.iter().map(|slot| slot.nanos).collect::<Vec<_>>(), [7; 3]);
    }

    #[test]
    fn min_time_stops_at_the_pass_cap() {
        let long = Schedule::MinTime(Duration::from_secs(3600));
        assert!(wants_another_pass(long, 1, Duration::ZERO));
        assert!(!wants_another_pass(long, MAX_PASSES, Duration::ZERO));
        assert!(!wants_another_pass(Schedule::Repeat(3), 3, Duration::ZERO));
        assert!(wants_another_pass(Schedule::Repeat(3), 2, Duration::ZERO));
    }
}
