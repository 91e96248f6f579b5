//! From one engine's passes over one file to its [`Record`]: counts, the field's figures, and
//! the medians of repeated passes.
//!
//! Counters (solved, budget-outs, nodes, guesses, ...) come from the reference pass and are
//! deterministic, so baselines compare them exactly. Times are the median over passes of each
//! figure, taken separately.

use sudoku_core::{Size, Verdict};

use crate::BenchOptions;
use crate::corpus::Corpus;
use crate::measure::EngineRun;
use crate::report::{Mode, Record, size_name};

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

/// The record of `run` over `corpus`; `disagreements` is `None` without cross-check.
pub(crate) fn record(
    corpus: &Corpus,
    size: Size,
    run: &EngineRun<'_>,
    options: &BenchOptions<'_>,
    disagreements: Option<u64>,
) -> Record {
    let puzzles = run.reference.len() as u64;
    let (mut solved, mut unsolvable, mut budget_outs, mut one, mut two_plus) = (0, 0, 0, 0, 0);
    let (mut nodes, mut guesses, mut without_guessing) = (0u64, 0u64, 0u64);
    for timed in &run.reference {
        let outcome = &timed.outcome;
        nodes = nodes.saturating_add(outcome.stats.nodes);
        guesses = guesses.saturating_add(outcome.stats.guesses);
        match outcome.verdict(run.limits) {
            Verdict::GaveUp(_) => budget_outs += 1,
            Verdict::Exactly(0) => unsolvable += 1,
            verdict => {
                solved += 1;
                without_guessing += u64::from(outcome.stats.guesses == 0);
                match verdict {
                    Verdict::Exactly(1) => one += 1,
                    _ => two_plus += 1,
                }
            }
        }
    }
    let instrumented = run.info.instrumented;
    let known = |value: u64| instrumented.then_some(value);
    let per_puzzle = |value: u64| instrumented.then(|| value as f64 / puzzles.max(1) as f64);
    let proves_counts = options.mode == Mode::Unique;

    let wall_seconds = median(run.sequential.iter().map(|pass| pass.wall.as_secs_f64()));
    let parallel_wall_seconds = median(run.parallel_walls.iter().map(|wall| wall.as_secs_f64()));
    let rate = |seconds: f64| if seconds > 0.0 { puzzles as f64 / seconds } else { 0.0 };
    let single_thread_puzzles_per_second = rate(wall_seconds);
    let parallel_puzzles_per_second = rate(parallel_wall_seconds);
    let micros = |pick: fn(&crate::measure::PassTimes) -> f64| {
        median(run.sequential.iter().map(pick)) / 1000.0
    };
    Record {
        engine: run.info.name.to_owned(),
        file: corpus.file.clone(),
        size: size_name(size),
        mode: options.mode,
        budget: run.limits.node_budget(),
        instrumented,
        cross_check: options.cross_check,
        puzzles,
        solved,
        unsolvable,
        budget_outs,
        one_solution: proves_counts.then_some(one),
        two_plus_solutions: proves_counts.then_some(two_plus),
        passes: run.sequential.len() as u32,
        single_thread_puzzles_per_second,
        us_mean: micros(|pass| pass.mean_ns),
        us_median: micros(|pass| pass.median_ns),
        us_p99: micros(|pass| pass.p99_ns),
        us_max: micros(|pass| pass.max_ns),
        solve_seconds: median(run.sequential.iter().map(|pass| pass.solve_total.as_secs_f64())),
        wall_seconds,
        harness_overhead_percent: median(run.sequential.iter().map(|pass| {
            let wall = pass.wall.as_secs_f64();
            if wall > 0.0 {
                (wall - pass.solve_total.as_secs_f64()).max(0.0) / wall * 100.0
            } else {
                0.0
            }
        })),
        threads: options.threads as u64,
        parallel_puzzles_per_second,
        parallel_wall_seconds,
        speedup: if single_thread_puzzles_per_second > 0.0 {
            parallel_puzzles_per_second / single_thread_puzzles_per_second
        } else {
            0.0
        },
        nodes_total: known(nodes),
        guesses_total: known(guesses),
        nodes_per_puzzle: per_puzzle(nodes),
        guesses_per_puzzle: per_puzzle(guesses),
        solved_without_guessing: known(without_guessing),
        no_guess_percent: instrumented
            .then(|| without_guessing as f64 / puzzles.max(1) as f64 * 100.0),
        disagreements,
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
}
