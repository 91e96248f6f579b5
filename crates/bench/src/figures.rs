//! From one engine's passes over one file to its [`Record`]: counts, the field's figures, and
//! the medians of repeated passes.
//!
//! A file is run a chunk at a time, so each engine's results are added up chunk by chunk in a
//! [`Tally`]: counters as sums, every pass's solve times pooled in one latency histogram, and
//! each pass's wall and solve seconds summed pass by pass ([`Timings`]). The record is made from the tally at the end of the file, and
//! `sudoku bench merge` makes the record of a whole run from its shards' records the same way
//! ([`record`] from [`Counters`] and [`Timings`]), so a merged report cannot differ from an
//! unsharded one in how a figure is computed.
//!
//! Counters (solved, budget-outs, nodes, guesses, ...) come from the reference pass and are
//! deterministic, so baselines compare them exactly. Rates, wall and solve seconds, the mean
//! the longest solve and the harness overhead are the median over passes of each pass's
//! figure. The median and the 99th percentile are those of every solve time of every pass
//! pooled in one histogram (puzzles × passes times). One histogram a record, whatever the
//! number of passes, is what keeps memory bounded by the work: a pass costs three numbers.

use sudoku_core::{FailureKind, GridKind, Limits, Verdict};
use sudoku_engines::{EngineInfo, Origin};

use crate::BenchOptions;
use crate::measure::EngineRun;
use crate::report::{BUILT_IN, Mode, PassTiming, Record, Timings};

/// The median of `values` (the mean of the middle two for an even count; 0 when empty).
pub(crate) fn median(values: impl IntoIterator<Item = f64>) -> f64 {
    let mut sorted: Vec<f64> = values.into_iter().collect();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        len if len.is_multiple_of(2) => (sorted[len / 2 - 1] + sorted[len / 2]) / 2.0,
        len => sorted[len / 2],
    }
}

/// The deterministic counts of one engine on one size of one file.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Counters {
    pub puzzles: u64,
    pub solved: u64,
    pub unsolvable: u64,
    pub budget_outs: u64,
    pub one: u64,
    pub two_plus: u64,
    pub nodes: u64,
    pub guesses: u64,
    pub without_guessing: u64,
    /// Puzzles failed on, by kind: crashed, timed out, protocol error.
    pub failed: [u64; 3],
    /// Disputed puzzles charged to the engine (`None`: not cross-checked).
    pub disagreements: Option<u64>,
}

/// Where a failure of `kind` is counted in [`Counters::failed`].
pub(crate) fn failure_slot(kind: FailureKind) -> usize {
    match kind {
        FailureKind::Crashed => 0,
        FailureKind::TimedOut => 1,
        FailureKind::ProtocolError => 2,
    }
}

impl Counters {
    /// Adds `other`'s counts (a run's own, which cannot reach 2^64: sums saturate).
    pub fn add(&mut self, other: &Counters) {
        self.puzzles = self.puzzles.saturating_add(other.puzzles);
        self.solved = self.solved.saturating_add(other.solved);
        self.unsolvable = self.unsolvable.saturating_add(other.unsolvable);
        self.budget_outs = self.budget_outs.saturating_add(other.budget_outs);
        self.one = self.one.saturating_add(other.one);
        self.two_plus = self.two_plus.saturating_add(other.two_plus);
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.guesses = self.guesses.saturating_add(other.guesses);
        self.without_guessing = self.without_guessing.saturating_add(other.without_guessing);
        for (mine, theirs) in self.failed.iter_mut().zip(other.failed) {
            *mine = mine.saturating_add(theirs);
        }
        self.disagreements = match (self.disagreements, other.disagreements) {
            (Some(mine), Some(theirs)) => Some(mine.saturating_add(theirs)),
            (mine, theirs) => mine.or(theirs),
        };
    }

    /// Adds `other`'s counts read from a file: `Err` names the record field whose sum would
    /// pass 2^64 − 1, and nothing is added.
    pub fn checked_add(&mut self, other: &Counters) -> Result<(), &'static str> {
        let sum =
            |mine: u64, theirs: u64, field: &'static str| mine.checked_add(theirs).ok_or(field);
        let disagreements = match (self.disagreements, other.disagreements) {
            (Some(mine), Some(theirs)) => Some(sum(mine, theirs, "disagreements")?),
            (mine, theirs) => mine.or(theirs),
        };
        *self = Counters {
            puzzles: sum(self.puzzles, other.puzzles, "puzzles")?,
            solved: sum(self.solved, other.solved, "solved")?,
            unsolvable: sum(self.unsolvable, other.unsolvable, "unsolvable")?,
            budget_outs: sum(self.budget_outs, other.budget_outs, "budget_outs")?,
            one: sum(self.one, other.one, "one_solution")?,
            two_plus: sum(self.two_plus, other.two_plus, "two_plus_solutions")?,
            nodes: sum(self.nodes, other.nodes, "nodes_total")?,
            guesses: sum(self.guesses, other.guesses, "guesses_total")?,
            without_guessing: sum(
                self.without_guessing,
                other.without_guessing,
                "solved_without_guessing",
            )?,
            failed: [
                sum(self.failed[0], other.failed[0], "crashed")?,
                sum(self.failed[1], other.failed[1], "timed_out")?,
                sum(self.failed[2], other.failed[2], "protocol_errors")?,
            ],
            disagreements,
        };
        Ok(())
    }

    /// The counts a record states (what it does not state, as 0).
    pub fn of(record: &Record) -> Counters {
        Counters {
            puzzles: record.puzzles,
            solved: record.solved,
            unsolvable: record.unsolvable,
            budget_outs: record.budget_outs,
            one: record.one_solution.unwrap_or(0),
            two_plus: record.two_plus_solutions.unwrap_or(0),
            nodes: record.nodes_total.unwrap_or(0),
            guesses: record.guesses_total.unwrap_or(0),
            without_guessing: record.solved_without_guessing.unwrap_or(0),
            failed: [record.crashed, record.timed_out, record.protocol_errors],
            disagreements: record.disagreements,
        }
    }
}

/// Adds `other`'s passes to `timings`, pass by pass: the shards of one run, or the chunks of
/// one file. `Err` names the field whose histograms would together hold more times than a
/// histogram can; `timings` may then be part-added, and is to be dropped.
pub(crate) fn add_timings(timings: &mut Timings, other: &Timings) -> Result<(), &'static str> {
    for (index, pass) in other.passes.iter().enumerate() {
        if index == timings.passes.len() {
            timings.passes.push(PassTiming::default());
        }
        let mine = &mut timings.passes[index];
        mine.wall_seconds += pass.wall_seconds;
        mine.solve_seconds += pass.solve_seconds;
        // The longest solve of a pass over the whole file: the longest of its parts'.
        mine.longest_nanos = mine.longest_nanos.max(pass.longest_nanos);
        mine.failed = mine.failed.checked_add(pass.failed).ok_or("timings.passes")?;
        mine.retimed = mine.retimed.saturating_add(pass.retimed);
    }
    for (index, &wall) in other.parallel_walls.iter().enumerate() {
        if index == timings.parallel_walls.len() {
            timings.parallel_walls.push(0.0);
        }
        timings.parallel_walls[index] += wall;
    }
    timings.latencies.add(&other.latencies).map_err(|_| "timings.latencies")?;
    timings.answered.add(&other.answered).map_err(|_| "timings.answered")?;
    timings.stopped_at_pass_cap |= other.stopped_at_pass_cap;
    Ok(())
}

/// One engine's results on one size of one file, added up chunk by chunk.
pub(crate) struct Tally<'e> {
    pub info: &'e EngineInfo,
    pub limits: Limits,
    pub counters: Counters,
    pub timings: Timings,
    /// Passes run on the first chunk: every later chunk runs as many.
    pub passes: Option<u32>,
}

impl<'e> Tally<'e> {
    /// A tally of nothing yet.
    pub fn new(info: &'e EngineInfo, options: &BenchOptions<'_>) -> Tally<'e> {
        Tally {
            info,
            limits: crate::measure::limits_for(info, options),
            counters: Counters {
                disagreements: options.cross_check.then_some(0),
                ..Counters::default()
            },
            timings: Timings::default(),
            passes: None,
        }
    }

    /// Adds what `run` did on one chunk, `charged` of whose puzzles were disputed and charged
    /// to the engine.
    pub fn add(&mut self, run: &EngineRun<'_>, charged: Option<u64>) {
        let mut counters = Counters { disagreements: charged, ..Counters::default() };
        let mut answered = crate::latency::Latencies::new();
        for (index, timed) in run.reference.iter().enumerate() {
            let outcome = &timed.outcome;
            counters.puzzles += 1;
            // A puzzle failed on, on any pass, counts as a failure and nothing else.
            let verdict = run.verdict(index);
            if let Verdict::Failed(kind) = verdict {
                counters.failed[failure_slot(kind)] += 1;
                continue;
            }
            counters.nodes = counters.nodes.saturating_add(outcome.stats.nodes);
            counters.guesses = counters.guesses.saturating_add(outcome.stats.guesses);
            match verdict {
                Verdict::GaveUp(_) => {
                    counters.budget_outs += 1;
                    continue;
                }
                Verdict::Exactly(0) => counters.unsolvable += 1,
                verdict => {
                    counters.solved += 1;
                    counters.without_guessing += u64::from(outcome.stats.guesses == 0);
                    match verdict {
                        Verdict::Exactly(1) => counters.one += 1,
                        _ => counters.two_plus += 1,
                    }
                }
            }
            answered.record(run.puzzle_times[index]);
        }
        self.counters.add(&counters);
        let chunk = Timings {
            passes: run
                .sequential
                .iter()
                .map(|pass| PassTiming {
                    wall_seconds: pass.wall.as_secs_f64(),
                    solve_seconds: pass.solve_total.as_secs_f64(),
                    longest_nanos: pass.longest_nanos,
                    failed: pass.failed,
                    retimed: pass.retimed.calls,
                })
                .collect(),
            // One histogram for every pass of the chunk, not one a pass: memory does not grow
            // with --repeat or --min-time.
            latencies: run.latencies.clone(),
            parallel_walls: run.parallel_walls.iter().map(|wall| wall.as_secs_f64()).collect(),
            answered,
            stopped_at_pass_cap: run.stopped_at_pass_cap,
        };
        // A run's own times: no histogram comes near the most times one holds.
        let _ = add_timings(&mut self.timings, &chunk);
        self.passes.get_or_insert(run.sequential.len() as u32);
    }

    /// The record of everything added, for `file` and `kind`.
    pub fn record(&self, file: &str, kind: &GridKind, options: &BenchOptions<'_>) -> Record {
        let head = RecordHead {
            engine: self.info.name.to_string(),
            file: file.to_owned(),
            size: kind.ascii_name(),
            mode: options.mode,
            budget: self.limits.node_budget(),
            instrumented: self.info.instrumented,
            guesses: self.info.guesses || self.info.instrumented,
            counts: self.info.counts,
            timing: self.info.timing.name().to_owned(),
            origin: match &self.info.origin {
                Origin::BuiltIn => BUILT_IN.to_owned(),
                Origin::External { kind, .. } => (*kind).to_owned(),
            },
            command: match &self.info.origin {
                Origin::BuiltIn => None,
                Origin::External { command, .. } => Some(command.clone()),
            },
            cross_check: options.cross_check,
            threads: options.threads as u64,
        };
        record(head, &self.counters, &self.timings)
    }
}

/// What a record says about what ran, before any figure.
pub(crate) struct RecordHead {
    pub engine: String,
    pub file: String,
    pub size: String,
    pub mode: Mode,
    pub budget: Option<u64>,
    pub instrumented: bool,
    /// Whether the engine reports guesses (every instrumented engine does).
    pub guesses: bool,
    pub counts: bool,
    pub timing: String,
    pub origin: String,
    pub command: Option<String>,
    pub cross_check: bool,
    pub threads: u64,
}

/// The record of `counters` and `timings`.
pub(crate) fn record(head: RecordHead, counters: &Counters, timings: &Timings) -> Record {
    let puzzles = counters.puzzles;
    let instrumented = head.instrumented;
    let known = |value: u64| instrumented.then_some(value);
    let per_puzzle = |value: u64| instrumented.then(|| value as f64 / puzzles.max(1) as f64);
    // Guesses are known of an engine that reports them alone too.
    let guesses = instrumented || head.guesses;
    let known_guesses = |value: u64| guesses.then_some(value);
    let guesses_per_puzzle = guesses.then(|| counters.guesses as f64 / puzzles.max(1) as f64);
    // An engine that does not count was asked for the first solution only, whatever the mode.
    let proves_counts = head.mode == Mode::Unique && head.counts;
    let passes = &timings.passes;

    let wall_seconds = median(passes.iter().map(|pass| pass.wall_seconds));
    let parallel_wall_seconds = median(timings.parallel_walls.iter().copied());
    let rate = |seconds: f64| if seconds > 0.0 { puzzles as f64 / seconds } else { 0.0 };
    let micros = |pick: &dyn Fn(&PassTiming) -> f64| median(passes.iter().map(pick)) / 1000.0;
    // The solves a pass timed: failed ones have no solve time.
    let timed = |pass: &PassTiming| puzzles.saturating_sub(pass.failed).max(1) as f64;
    // An engine in this process, or one timed by its own word (a library in its worker, a
    // protocol engine that reports its time), is rated by its calls' time, as its own driver
    // would rate it, on the same clock either way: the harness's loop, and the pipe to another
    // process, are in the wall time and in the 1-thread/s figure, not in its rate.
    let timing = crate::report::TIMINGS.into_iter().find(|way| way.name() == head.timing);
    let clock = timing.map(crate::report::clock_of);
    let by_calls = clock.is_some_and(|clock| clock != "wall");
    let single_thread_puzzles_per_second = if by_calls {
        median(passes.iter().map(|pass| {
            if pass.solve_seconds > 0.0 { timed(pass) / pass.solve_seconds } else { 0.0 }
        }))
    } else {
        rate(wall_seconds)
    };
    let parallel_puzzles_per_second = rate(parallel_wall_seconds);
    let wall_rate = rate(wall_seconds);
    // An engine that answered no puzzle (every one failed, at once or at the time limit) has
    // no rate: its passes' wall times measure its failures. Its rates and speedup are 0, which
    // the tables show as a dash.
    let answered_none = puzzles > 0 && counters.failed.iter().sum::<u64>() >= puzzles;
    let (single_thread_puzzles_per_second, parallel_puzzles_per_second, wall_rate) =
        if answered_none {
            (0.0, 0.0, 0.0)
        } else {
            (single_thread_puzzles_per_second, parallel_puzzles_per_second, wall_rate)
        };
    // The longest solve bounds every percentile: the histogram gives a bucket's highest value
    // (within 0.1% above the times in it), and with several passes the pooled percentiles may
    // pass the median pass's longest solve; neither is shown above the maximum.
    let us_max = micros(&|pass| pass.longest_nanos as f64);
    let percentile =
        |quantile: f64| (timings.latencies.quantile_nanos(quantile) as f64 / 1000.0).min(us_max);
    Record {
        engine: head.engine,
        file: head.file,
        size: head.size,
        mode: head.mode,
        budget: head.budget,
        instrumented,
        counts: head.counts,
        timing: head.timing,
        origin: head.origin,
        command: head.command,
        cross_check: head.cross_check,
        puzzles,
        solved: counters.solved,
        unsolvable: counters.unsolvable,
        budget_outs: counters.budget_outs,
        crashed: counters.failed[0],
        timed_out: counters.failed[1],
        protocol_errors: counters.failed[2],
        one_solution: proves_counts.then_some(counters.one),
        two_plus_solutions: proves_counts.then_some(counters.two_plus),
        passes: passes.len() as u32,
        single_thread_puzzles_per_second,
        us_mean: micros(&|pass| pass.solve_seconds * 1e9 / timed(pass)),
        us_median: percentile(0.5),
        us_p99: percentile(0.99),
        us_max,
        solve_seconds: median(passes.iter().map(|pass| pass.solve_seconds)),
        wall_seconds,
        harness_overhead_percent: median(passes.iter().map(|pass| {
            if pass.wall_seconds > 0.0 {
                (pass.wall_seconds - pass.solve_seconds).max(0.0) / pass.wall_seconds * 100.0
            } else {
                0.0
            }
        })),
        threads: head.threads,
        parallel_puzzles_per_second,
        parallel_wall_seconds,
        speedup: if wall_rate > 0.0 { parallel_puzzles_per_second / wall_rate } else { 0.0 },
        nodes_total: known(counters.nodes),
        guesses_total: known_guesses(counters.guesses),
        nodes_per_puzzle: per_puzzle(counters.nodes),
        guesses_per_puzzle,
        solved_without_guessing: known_guesses(counters.without_guessing),
        no_guess_percent: guesses
            .then(|| counters.without_guessing as f64 / puzzles.max(1) as f64 * 100.0),
        disagreements: counters.disagreements,
        clock: clock.map(str::to_owned),
        retimed_percent: (timing == Some(sudoku_engines::Timing::InProcess))
            .then(|| median(passes.iter().map(|pass| pass.retimed as f64 / timed(pass) * 100.0))),
        timings: Some(timings.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median([3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median([4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median([]), 0.0);
    }

    #[test]
    fn counters_add_up_and_read_back_from_their_record() {
        let one = Counters {
            puzzles: 3,
            solved: 2,
            budget_outs: 1,
            one: 2,
            nodes: 40,
            ..Default::default()
        };
        let mut sum = Counters { disagreements: Some(1), ..one };
        sum.add(&Counters {
            puzzles: 1,
            unsolvable: 1,
            nodes: 2,
            disagreements: Some(2),
            ..Default::default()
        });
        assert_eq!(
            (sum.puzzles, sum.unsolvable, sum.nodes, sum.disagreements),
            (4, 1, 42, Some(3))
        );
        let head = || RecordHead {
            engine: "e".into(),
            file: "f".into(),
            size: "9x9".into(),
            mode: Mode::Unique,
            budget: None,
            instrumented: true,
            guesses: true,
            counts: true,
            timing: "in-process".into(),
            origin: BUILT_IN.into(),
            command: None,
            cross_check: true,
            threads: 1,
        };
        let record = record(head(), &sum, &Timings::default());
        assert_eq!(Counters::of(&record), sum);
    }

    fn head(timing: &str) -> RecordHead {
        RecordHead {
            engine: "e".into(),
            file: "f".into(),
            size: "9x9".into(),
            mode: Mode::Unique,
            budget: None,
            instrumented: false,
            guesses: false,
            counts: true,
            timing: timing.into(),
            origin: "protocol".into(),
            command: Some("e".into()),
            cross_check: true,
            threads: 2,
        }
    }

    #[test]
    fn no_percentile_is_above_the_longest_solve() {
        // Every solve took 123,456 ns: the histogram's bucket reads a little more.
        let mut timings = Timings::default();
        for _ in 0..10 {
            timings.latencies.record(123_456);
        }
        assert!(timings.latencies.median_nanos() > 123_456, "the histogram rounds up");
        timings.passes.push(PassTiming {
            wall_seconds: 0.01,
            solve_seconds: 0.001_234_56,
            longest_nanos: 123_456,
            failed: 0,
            retimed: 0,
        });
        timings.parallel_walls.push(0.005);
        let counters = Counters { puzzles: 10, solved: 10, ..Counters::default() };
        let record = record(head("round-trip"), &counters, &timings);
        assert_eq!(record.us_max, 123.456);
        assert!(record.us_median <= record.us_max && record.us_p99 <= record.us_max, "{record:?}");
        assert!(record.us_median > 123.0);
    }

    #[test]
    fn every_path_that_times_calls_is_rated_on_their_sum_and_says_its_clock() {
        // 100 puzzles whose calls took 0.1 s in all, in a pass of 0.4 s of wall time; 10 of
        // the calls were solved again, their batch interrupted.
        let mut timings = Timings::default();
        timings.passes.push(PassTiming {
            wall_seconds: 0.4,
            solve_seconds: 0.1,
            longest_nanos: 2_000_000,
            failed: 0,
            retimed: 10,
        });
        timings.parallel_walls.push(0.4);
        let counters = Counters { puzzles: 100, solved: 100, ..Counters::default() };
        let rated = |timing: &str| record(head(timing), &counters, &timings);
        for (timing, clock, rate) in [
            ("in-process", "calls", 1000.0),
            ("engine-reported", "engine-reported", 1000.0),
            ("round-trip", "wall", 250.0),
            ("whole-process", "wall", 250.0),
        ] {
            let record = rated(timing);
            assert_eq!(record.clock.as_deref(), Some(clock), "{timing}");
            assert!((record.single_thread_puzzles_per_second - rate).abs() < 1e-6, "{timing}");
        }
        assert_eq!(rated("in-process").retimed_percent, Some(10.0));
        assert_eq!(rated("engine-reported").retimed_percent, None, "another process's calls");
        // The record and its new fields survive JSON, and a record written before they were
        // kept reads them as unknown.
        let record = rated("in-process");
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(serde_json::from_str::<Record>(&text).unwrap(), record);
        let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
        old.as_object_mut().unwrap().retain(|key, _| key != "clock" && key != "retimed_percent");
        let old: Record = serde_json::from_value(old).unwrap();
        assert_eq!((old.clock, old.retimed_percent), (None, None));
    }

    #[test]
    fn an_engine_that_answered_nothing_has_no_rate_or_speedup() {
        // Ten puzzles failed at once, in 4 µs of wall time.
        let mut timings = Timings::default();
        timings.passes.push(PassTiming {
            wall_seconds: 4e-6,
            solve_seconds: 0.0,
            longest_nanos: 0,
            failed: 10,
            retimed: 0,
        });
        timings.parallel_walls.push(2e-6);
        let failed = Counters { puzzles: 10, failed: [0, 0, 10], ..Counters::default() };
        for timing in ["round-trip", "engine-reported"] {
            let record = record(head(timing), &failed, &timings);
            assert_eq!(record.single_thread_puzzles_per_second, 0.0);
            assert_eq!(record.parallel_puzzles_per_second, 0.0);
            assert_eq!(record.speedup, 0.0);
            assert!(record.answered_none());
        }
        // One puzzle answered: rates as ever.
        let one = Counters { puzzles: 10, solved: 1, failed: [0, 0, 9], ..Counters::default() };
        let record = record(head("round-trip"), &one, &timings);
        assert!(record.single_thread_puzzles_per_second > 0.0 && record.speedup > 0.0);
        assert!(!record.answered_none());
    }

    #[test]
    fn checked_sums_name_the_field_that_would_wrap_and_add_nothing() {
        let mut sum = Counters { puzzles: 3, nodes: u64::MAX - 1, ..Counters::default() };
        let before = sum;
        let more = Counters { puzzles: 1, nodes: 2, ..Counters::default() };
        assert_eq!(sum.checked_add(&more), Err("nodes_total"));
        assert_eq!(sum, before);
        let wrap = Counters { puzzles: u64::MAX, ..Counters::default() };
        assert_eq!(sum.checked_add(&wrap), Err("puzzles"));
        sum.checked_add(&Counters { puzzles: 1, ..Counters::default() }).unwrap();
        assert_eq!(sum.puzzles, 4);
    }
}
