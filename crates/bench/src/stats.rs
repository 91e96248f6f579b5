//! Paired statistics of speed: is a new run (or engine) faster, slower, or no different from an
//! old one on the same puzzles, and how sure is that?
//!
//! One shared machine's timings move by a few percent from run to run, and one pass has
//! millisecond spikes on microsecond puzzles, so a fixed threshold on medians either cries
//! wolf or misses a real regression. Per-puzzle times allow a paired design: each puzzle is
//! timed by both sides, and what is compared is its time ratio, so the spread between easy and
//! hard puzzles (a factor of a thousand in one file) drops out, and only the noise and the
//! change are left.
//!
//! - The **estimate** is the geometric mean of the per-puzzle ratios `new / old`: the mean of
//!   their logarithms, exponentiated. A ratio of 1.05 means 5% slower on a typical puzzle, and
//!   halving one puzzle's time weighs as much as doubling another's.
//! - Its **95% confidence interval** comes from the paired bootstrap: puzzles are drawn with
//!   replacement, each with both its times, and the mean log ratio of each draw is taken; the
//!   interval is the 2.5th and 97.5th percentiles of those means (the percentile method). The
//!   draws come from a seeded generator, so the same inputs give the same interval.
//! - The **p-value** is the Wilcoxon signed-rank test's, on the log ratios (two-sided, zeros
//!   dropped as Wilcoxon did, average ranks for ties): the exact null distribution for up to
//!   [`EXACT_WILCOXON`] ratios without ties or zeros, the normal approximation with the tie
//!   correction otherwise (as scipy's `wilcoxon` with its defaults, which for 13 or fewer
//!   ratios with ties runs a permutation test instead).
//! - The **verdict** ([`Change`]), as criterion reaches its own: `slower` when the test rejects
//!   "no change" (p below [`SIGNIFICANCE`]) and the whole interval lies above `1 + threshold`;
//!   `faster` when it lies below `1 / (1 + threshold)`, p as well; otherwise `no change`. The
//!   comparison is **decided** ([`Estimate::decided`]) when the verdict is `slower` or `faster`,
//!   or when the whole interval lies within the threshold: more passes would not change it.
//!   A `no change` that is not decided is a change too small to tell from the noise with these
//!   puzzles and passes.
//! - Two engines of one run, whose passes take turns, have **rounds** ([`Rounds`]): resampling
//!   them widens the interval by the machine's drift between passes ([`with_rounds`]), which
//!   the bootstrap over puzzles cannot see.
//!
//! Written here, not taken from a crate: the paired bootstrap is a dozen lines over the log
//! ratios, and the crates that resample (and the test crates) take two unpaired samples or
//! neither seed nor pair; the signed-rank test's exact distribution is one counting loop.
//! `statrs` gives the normal distribution.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde::Serialize;
use statrs::distribution::{ContinuousCDF, Normal};

/// The confidence of the intervals.
pub const CONFIDENCE: f64 = 0.95;

/// The p-value below which the test rejects "no change".
pub const SIGNIFICANCE: f64 = 0.05;

/// Bootstrap draws per interval: enough that the interval's ends move by well under a tenth of
/// a percent between seeds on the shipped corpus.
pub const RESAMPLES: usize = 2000;

/// The generator's seed unless told otherwise.
pub const DEFAULT_SEED: u64 = 0;

/// The most puzzles one bootstrap draw takes, and the most a draw of replicates
/// ([`Rounds::interval`], [`runs_interval`]) goes over: what bounds the cost of an interval,
/// whatever the rows (a million rows compare in seconds, not minutes).
///
/// Past it, a draw over puzzles takes this many of them (with replacement, from all), and the
/// spread of the draws' means about the mean of all is scaled by `√(MAX_DRAWN / n)`, the
/// spread a draw of all `n` would have (a mean's standard error falls as `1 / √n`): the
/// interval is the full bootstrap's, up to the draws' noise. A draw of replicates goes over
/// a fixed sample of this many puzzles (drawn once from the seed), and its interval is moved
/// by the difference between the sample's estimate and that of all the puzzles.
pub const MAX_DRAWN: usize = 20_000;

/// The default noise threshold, percent: a change of less is "no change" whatever its
/// p-value. Measured on a shared two-core machine (docs/results.md): the same library against
/// itself in one run, its rounds resampled, came out between 0.985 and 1.015 in 19 runs of 20,
/// and a 5% slowdown was found; 3% lies between. The drift between whole runs (up to 20% there)
/// is not what the threshold is for: it belongs in the interval, through rounds ([`Rounds`]) or
/// several runs a side ([`runs_interval`]).
pub const DEFAULT_THRESHOLD_PERCENT: f64 = 3.0;

/// The drift between two runs of one build, percent, that a comparison of one run a side
/// cannot see and so does not call a change: with one run a side (two per-puzzle files), the
/// verdict's threshold is at least this. Measured by A/A comparisons on a shared two-core
/// machine (docs/comparing.md, "How sure it is"): twelve runs of one build of `fast`, `dlx`,
/// `norvig` and `alldiff` over the shipped 10,000 puzzles, half a minute apart while other
/// builds came and went (load 2 to 10), compared in all 66 pairs, moved an engine by 0.72×
/// to 1.32× (38%) at worst, every interval a fraction of a percent wide; so 40%. Several
/// runs a side ([`runs_interval`]) or two engines of one run ([`Rounds`]) see the drift of
/// their own machine instead, and judge smaller changes.
pub const ONE_RUN_DRIFT_PERCENT: f64 = 40.0;

/// The most ratios whose p-value comes from the exact distribution (without ties or zeros).
pub const EXACT_WILCOXON: usize = 50;

/// The shortest time a ratio is taken of, µs: a time of 0 (a clock that did not tick) counts
/// as one nanosecond.
const FLOOR_US: f64 = 1e-3;

/// What the comparison says about speed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Change {
    /// Faster beyond the threshold, and the test agrees.
    Faster,
    /// Slower beyond the threshold, and the test agrees.
    Slower,
    /// Neither.
    NoChange,
}

impl Change {
    /// `faster`, `slower` or `no change`.
    pub fn name(self) -> &'static str {
        match self {
            Change::Faster => "faster",
            Change::Slower => "slower",
            Change::NoChange => "no change",
        }
    }
}

/// A paired comparison of times: new against old.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Estimate {
    /// Puzzles with a time on both sides.
    pub puzzles: u64,
    /// The geometric mean of the per-puzzle ratios `new / old`.
    pub ratio: f64,
    /// The lower end of its [`CONFIDENCE`] interval.
    pub lower: f64,
    /// The upper end.
    pub upper: f64,
    /// The Wilcoxon signed-rank test's two-sided p-value (1 when every ratio is exactly 1).
    pub p_value: f64,
    /// The verdict.
    pub change: Change,
    /// Whether more measurements would not change the verdict: faster, slower, or the whole
    /// interval within the threshold.
    pub decided: bool,
}

/// Where a verdict is read, which its wording says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reading {
    /// While the passes of `--until-decided` run: an undecided estimate may yet be decided.
    SoFar,
    /// At the end of a comparison: `judged` when a threshold was given (not `none`),
    /// `one_run` when each side is one run, whose drift between runs no interval holds.
    Final {
        /// Whether a threshold was given.
        judged: bool,
        /// Whether each side is one run.
        one_run: bool,
    },
}

impl Estimate {
    /// The verdict for people, the one wording of every comparison (`bench compare`,
    /// `--puzzle-baseline`, `--until-decided`): `faster`, `slower`, `no change`, `no change
    /// (undecided)` when the interval crosses the threshold; `not decided yet` while passes
    /// run, `not judged` without a threshold; with one run a side, what it cannot see, on the
    /// verdict's own line (what a job reading it reads).
    pub fn verdict(&self, reading: Reading) -> String {
        let one_run = match reading {
            Reading::SoFar if !self.decided => return "not decided yet".to_owned(),
            Reading::SoFar => false,
            Reading::Final { judged: false, .. } => return "not judged".to_owned(),
            Reading::Final { one_run, .. } => one_run,
        };
        let verdict = match self.change {
            Change::NoChange if !self.decided => "no change (undecided)",
            change => change.name(),
        };
        if one_run {
            format!("{verdict}; one run a side: drift between runs not measured")
        } else {
            verdict.to_owned()
        }
    }
}

/// The log ratio of two times in µs, `ln(new / old)`.
pub fn log_ratio(old_us: f64, new_us: f64) -> f64 {
    (new_us.max(FLOOR_US) / old_us.max(FLOOR_US)).ln()
}

/// Compares from the log ratios `ln(new / old)` of the paired puzzles, against `threshold` (a
/// fraction: 0.03 for 3%; infinite to judge nothing), with bootstrap draws from `seed`.
/// `None` without ratios.
pub fn estimate(log_ratios: &[f64], threshold: f64, seed: u64) -> Option<Estimate> {
    estimate_with(log_ratios, threshold, seed, RESAMPLES)
}

/// [`estimate`] with `resamples` bootstrap draws.
pub fn estimate_with(
    log_ratios: &[f64],
    threshold: f64,
    seed: u64,
    resamples: usize,
) -> Option<Estimate> {
    if log_ratios.is_empty() {
        return None;
    }
    let mean = log_ratios.iter().sum::<f64>() / log_ratios.len() as f64;
    let (lower, upper) = bootstrap_interval(log_ratios, seed, resamples);
    let p_value = wilcoxon(log_ratios);
    let (ratio, lower, upper) = (mean.exp(), lower.exp(), upper.exp());
    let (change, decided) = judge(lower, upper, p_value, threshold);
    Some(Estimate {
        puzzles: log_ratios.len() as u64,
        ratio,
        lower,
        upper,
        p_value,
        change,
        decided,
    })
}

/// The most rounds [`Rounds`] keeps: enough for the interval to settle, and a bound on the
/// memory (8 bytes a puzzle a round) and on the cost of resampling them.
pub const MAX_ROUNDS: usize = 32;

/// The fewest rounds a comparison of two engines of one run is decided on: with fewer, the
/// rounds drawn repeat too often for their spread to show the machine's drift (measured: two
/// runs in five of the same library against itself were "faster" after two rounds).
pub const MIN_ROUNDS: usize = 5;

/// Draws of rounds per interval: each costs a pass over every puzzle of every round drawn.
pub const ROUND_RESAMPLES: usize = 200;

/// The passes of two engines over the same puzzles, in rounds (one pass of each, run one after
/// the other): each puzzle's time in each, µs, NaN where the engine did not answer it.
///
/// The bootstrap over puzzles sees how puzzles differ; only repeated passes see the machine
/// slowing down or speeding up as a whole (another job, the clock), which on a shared machine
/// is the larger part of the noise. Resampling whole rounds does: each draw takes as many
/// rounds as there are, with replacement, and compares the engines on each puzzle's shortest
/// time over the rounds drawn, as the estimate itself does over all of them.
#[derive(Clone, Debug, Default)]
pub struct Rounds {
    old: Vec<Vec<f32>>,
    new: Vec<Vec<f32>>,
    /// The last pass of one of the two engines (`true`: the old one), waiting for the other's
    /// pass of the same round.
    waiting: Option<(bool, Vec<f32>)>,
}

impl Rounds {
    /// Adds one pass of one of the two engines (`old`: the old one), as the passes come: a
    /// round is complete when the other engine's pass follows. A second pass of the same
    /// engine before then replaces the first, so a round is always one pass of each, run one
    /// after the other. Both the decision of `--until-decided` and the report of `--compare`
    /// take their rounds from here, pass by pass, and so see the same rounds.
    pub fn pass(&mut self, old: bool, times: Vec<f32>) {
        match self.waiting.take() {
            Some((waiting_old, waiting)) if waiting_old != old => {
                let (old_times, new_times) = if old { (times, waiting) } else { (waiting, times) };
                self.push(old_times, new_times);
            }
            _ => self.waiting = Some((old, times)),
        }
    }

    /// The estimate of new against old from `log_ratios` (each puzzle's shortest time over
    /// the passes, both engines having run as many), widened by these rounds
    /// ([`with_rounds`]): the one computation behind both the verdict that stops
    /// `--until-decided` and the one its report prints. With fewer than `min_rounds` rounds
    /// nothing is decided: the verdict is `no change`, undecided, whatever the interval.
    pub fn estimate(
        &self,
        log_ratios: &[f64],
        threshold: f64,
        seed: u64,
        min_rounds: usize,
    ) -> Option<Estimate> {
        let pooled = estimate(log_ratios, threshold, seed)?;
        let judged = with_rounds(pooled, self.interval(seed), threshold);
        Some(if self.len() < min_rounds {
            Estimate { change: Change::NoChange, decided: false, ..judged }
        } else {
            judged
        })
    }

    /// Adds a round: each puzzle's time in one pass of each engine, µs (NaN: not answered).
    /// Rounds past [`MAX_ROUNDS`] are not kept.
    pub fn push(&mut self, old: Vec<f32>, new: Vec<f32>) {
        if self.old.len() < MAX_ROUNDS && old.len() == new.len() {
            self.old.push(old);
            self.new.push(new);
        }
    }

    /// The rounds kept.
    pub fn len(&self) -> usize {
        self.old.len()
    }

    /// Whether no round was kept.
    pub fn is_empty(&self) -> bool {
        self.old.is_empty()
    }

    /// The [`CONFIDENCE`] interval of the mean log ratio (new over old) of the per-puzzle
    /// shortest times, from [`ROUND_RESAMPLES`] draws of rounds with `seed` (a round's two
    /// passes are drawn together). `None` for fewer than two rounds, or no puzzle both
    /// answered.
    pub fn interval(&self, seed: u64) -> Option<(f64, f64)> {
        resampled_interval(&self.old, &self.new, true, seed)
    }
}

/// The [`CONFIDENCE`] interval of the mean log ratio (new over old) of the per-puzzle shortest
/// times over whole runs: `old[r][i]` and `new[r][i]` are puzzle `i`'s time in run `r` of each
/// side (µs, NaN where not answered). Independent runs (separate processes, at separate times)
/// are drawn independently on each side. `None` unless each side has two runs or more.
pub fn runs_interval(old: &[Vec<f32>], new: &[Vec<f32>], seed: u64) -> Option<(f64, f64)> {
    if old.len() < 2 || new.len() < 2 {
        return None;
    }
    resampled_interval(old, new, false, seed)
}

/// The percentile interval of the mean log ratio of the per-puzzle shortest times over
/// replicates drawn with replacement ([`ROUND_RESAMPLES`] draws): the same replicates on both
/// sides when `paired`, independent draws otherwise.
fn resampled_interval(
    old: &[Vec<f32>],
    new: &[Vec<f32>],
    paired: bool,
    seed: u64,
) -> Option<(f64, f64)> {
    resampled_drawing(old, new, paired, seed, MAX_DRAWN)
}

/// [`resampled_interval`] over at most `most` puzzles.
fn resampled_drawing(
    old: &[Vec<f32>],
    new: &[Vec<f32>],
    paired: bool,
    seed: u64,
    most: usize,
) -> Option<(f64, f64)> {
    if old.len() < 2 || new.len() < 2 {
        return None;
    }
    let puzzles = old[0].len();
    if old.iter().chain(new).any(|times| times.len() != puzzles) {
        return None;
    }
    let mut random = ChaCha8Rng::seed_from_u64(seed);
    let mut draw = |count: usize| ((u128::from(random.next_u64()) * count as u128) >> 64) as usize;
    // The puzzles the draws go over: all of them, or past `most` a sample of that many.
    let sample: Vec<usize> = if puzzles > most {
        (0..most.max(1)).map(|_| draw(puzzles)).collect()
    } else {
        (0..puzzles).collect()
    };
    let all: Vec<usize> = (0..old.len()).collect();
    let all_new: Vec<usize> = (0..new.len()).collect();
    // The mean log ratio of the shortest times of `drawn` runs over `puzzles`.
    let mean_of =
        |puzzles: &mut dyn Iterator<Item = usize>, from_old: &[usize], from_new: &[usize]| {
            let (mut sum, mut counted) = (0.0, 0usize);
            for puzzle in puzzles {
                let shortest = |times: &[Vec<f32>], drawn: &[usize]| {
                    drawn.iter().map(|&run| times[run][puzzle]).fold(f32::INFINITY, f32::min)
                };
                let (t0, t1) = (shortest(old, from_old), shortest(new, from_new));
                if t0.is_finite() && t1.is_finite() {
                    sum += log_ratio(f64::from(t0), f64::from(t1));
                    counted += 1;
                }
            }
            (counted > 0).then(|| sum / counted as f64)
        };
    // Where the sample's estimate lies from that of every puzzle: the interval is moved by it.
    let shift = if sample.len() < puzzles {
        let whole = mean_of(&mut (0..puzzles), &all, &all_new);
        let sampled = mean_of(&mut sample.iter().copied(), &all, &all_new);
        whole.zip(sampled).map_or(0.0, |(whole, sampled)| whole - sampled)
    } else {
        0.0
    };
    let (mut from_old, mut from_new) = (vec![0usize; old.len()], vec![0usize; new.len()]);
    let mut means = Vec::with_capacity(ROUND_RESAMPLES);
    for _ in 0..ROUND_RESAMPLES {
        for slot in &mut from_old {
            *slot = draw(old.len());
        }
        if paired {
            from_new.clone_from(&from_old);
        } else {
            for slot in &mut from_new {
                *slot = draw(new.len());
            }
        }
        if let Some(mean) = mean_of(&mut sample.iter().copied(), &from_old, &from_new) {
            means.push(mean + shift);
        }
    }
    if means.is_empty() {
        return None;
    }
    means.sort_unstable_by(f64::total_cmp);
    let tail = (1.0 - CONFIDENCE) / 2.0;
    Some((percentile(&means, tail), percentile(&means, 1.0 - tail)))
}

/// `estimate` (of the puzzles' shortest times over the passes) with the drift of the machine
/// between passes taken in: its interval widened to hold `rounds` (the interval of
/// [`Rounds::interval`], of the log ratio), and the verdict and whether it is decided
/// following the wider interval. Unchanged without one.
pub fn with_rounds(estimate: Estimate, rounds: Option<(f64, f64)>, threshold: f64) -> Estimate {
    let Some((lower, upper)) = rounds else { return estimate };
    let lower = estimate.lower.min(lower.exp());
    let upper = estimate.upper.max(upper.exp());
    let (change, decided) = judge(lower, upper, estimate.p_value, threshold);
    Estimate { lower, upper, change, decided, ..estimate }
}

/// The verdict of an interval and a p-value against `threshold`, and whether it is decided.
fn judge(lower: f64, upper: f64, p_value: f64, threshold: f64) -> (Change, bool) {
    let above = 1.0 + threshold;
    let below = 1.0 / above;
    let significant = p_value < SIGNIFICANCE;
    let change = if significant && lower > above {
        Change::Slower
    } else if significant && upper < below {
        Change::Faster
    } else {
        Change::NoChange
    };
    (change, change != Change::NoChange || (lower >= below && upper <= above))
}

/// The percentile interval of the mean of `values` over `resamples` bootstrap draws, at
/// [`CONFIDENCE`]: draw `values.len()` of them with replacement, take the mean, and read the
/// interval's ends off the sorted means (interpolating between neighbours, as numpy's
/// `percentile` does). Past [`MAX_DRAWN`] values, each draw takes that many and the interval
/// is scaled to all of them (see there).
pub fn bootstrap_interval(values: &[f64], seed: u64, resamples: usize) -> (f64, f64) {
    bootstrap_drawing(values, seed, resamples, MAX_DRAWN)
}

/// [`bootstrap_interval`] with draws of at most `most` values.
fn bootstrap_drawing(values: &[f64], seed: u64, resamples: usize, most: usize) -> (f64, f64) {
    let n = values.len();
    if n == 0 || resamples == 0 {
        return (f64::NAN, f64::NAN);
    }
    let drawn = n.min(most.max(1));
    let mut random = ChaCha8Rng::seed_from_u64(seed);
    let mut means: Vec<f64> = (0..resamples)
        .map(|_| {
            let mut sum = 0.0;
            for _ in 0..drawn {
                // Lemire's multiply-shift: an index below n from 64 random bits, with a bias
                // below n / 2^64.
                let index = ((u128::from(random.next_u64()) * n as u128) >> 64) as usize;
                sum += values[index];
            }
            sum / drawn as f64
        })
        .collect();
    means.sort_unstable_by(f64::total_cmp);
    let tail = (1.0 - CONFIDENCE) / 2.0;
    let (lower, upper) = (percentile(&means, tail), percentile(&means, 1.0 - tail));
    if drawn == n {
        return (lower, upper);
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let scale = (drawn as f64 / n as f64).sqrt();
    (mean + (lower - mean) * scale, mean + (upper - mean) * scale)
}

/// The `q` quantile of sorted `values`, interpolated linearly between the nearest two.
fn percentile(values: &[f64], q: f64) -> f64 {
    let at = q * (values.len() - 1) as f64;
    let below = at.floor() as usize;
    let above = at.ceil() as usize;
    values[below] + (values[above] - values[below]) * (at - below as f64)
}

/// The two-sided p-value of the Wilcoxon signed-rank test that `differences` are centred on 0.
/// Zeros are dropped; ties get their average rank. Exact for up to [`EXACT_WILCOXON`]
/// differences without ties or zeros, the normal approximation (tie-corrected, no continuity
/// correction) otherwise. 1 when no difference is left.
pub fn wilcoxon(differences: &[f64]) -> f64 {
    let zeros = differences.iter().filter(|d| **d == 0.0).count();
    let mut nonzero: Vec<f64> =
        differences.iter().copied().filter(|d| *d != 0.0 && !d.is_nan()).collect();
    let n = nonzero.len();
    if n == 0 {
        return 1.0;
    }
    nonzero.sort_unstable_by(|a, b| a.abs().total_cmp(&b.abs()));
    // Average ranks over runs of equal magnitudes; the tie correction sums t³ - t per run.
    let mut rank_sum_positive = 0.0;
    let mut tie_correction = 0.0;
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && nonzero[end].abs() == nonzero[start].abs() {
            end += 1;
        }
        let run = (end - start) as f64;
        let rank = (start + 1 + end) as f64 / 2.0;
        rank_sum_positive += rank * nonzero[start..end].iter().filter(|d| **d > 0.0).count() as f64;
        tie_correction += run * run * run - run;
        start = end;
    }
    let count = n as f64;
    if tie_correction == 0.0 && zeros == 0 && n <= EXACT_WILCOXON {
        return exact_wilcoxon(n, rank_sum_positive.round() as usize);
    }
    let mean = count * (count + 1.0) / 4.0;
    let variance = (count * (count + 1.0) * (2.0 * count + 1.0) - tie_correction / 2.0) / 24.0;
    if variance <= 0.0 {
        return 1.0;
    }
    let z = (rank_sum_positive - mean) / variance.sqrt();
    let normal = Normal::standard();
    (2.0 * normal.cdf(-z.abs())).min(1.0)
}

/// The exact two-sided p-value of a signed-rank sum `statistic` of `n` ranks 1..=n:
/// `2 min(P(W <= w), P(W >= w))` under the null hypothesis, where each rank is positive with
/// probability one half, counted over the 2^n sign patterns.
fn exact_wilcoxon(n: usize, statistic: usize) -> f64 {
    let total = n * (n + 1) / 2;
    // ways[s]: the sign patterns of the ranks so far whose positive ranks sum to s. At n = 50
    // the largest count is below 2^50 / 10, exact in an f64.
    let mut ways = vec![0.0f64; total + 1];
    ways[0] = 1.0;
    for rank in 1..=n {
        for sum in (rank..=total).rev() {
            ways[sum] += ways[sum - rank];
        }
    }
    let patterns = 2f64.powi(n as i32);
    let at_most: f64 = ways[..=statistic.min(total)].iter().sum();
    let at_least: f64 = ways[statistic.min(total)..].iter().sum();
    (2.0 * at_most.min(at_least) / patterns).min(1.0)
}

/// A p-value in a few digits, as every table and message prints it: `<0.0001` below that.
pub fn format_p(p: f64) -> String {
    if p < 1e-4 { "<0.0001".to_owned() } else { format!("{p:.4}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The expected values below were computed once with scipy 1.17.1 (an independent
    // implementation), in Python 3.11:
    //
    //   from scipy.stats import wilcoxon, bootstrap
    //   import numpy as np
    //   wilcoxon(x).pvalue                                # method 'auto'
    //   wilcoxon(x, method='asymptotic').pvalue           # for samples with ties or zeros
    //   bootstrap((x,), np.mean, n_resamples=200000, method='percentile',
    //             confidence_level=0.95, random_state=1).confidence_interval
    //
    // with x each sample of the test.

    const SMALL: [f64; 10] = [0.12, -0.03, 0.08, 0.21, 0.05, -0.11, 0.17, 0.02, 0.09, 0.14];

    #[test]
    fn exact_wilcoxon_p_values_match_scipy() {
        // wilcoxon(SMALL).pvalue.
        assert!((wilcoxon(&SMALL) - 0.048828125).abs() < 1e-12, "{}", wilcoxon(&SMALL));
        // Every difference positive, n = 6: 2 / 64.
        assert!((wilcoxon(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]) - 0.03125).abs() < 1e-12);
        // Balanced around zero.
        assert!((wilcoxon(&[-1.0, 1.5, -2.0, 2.5]) - 0.875).abs() < 1e-12);
    }

    #[test]
    fn approximate_wilcoxon_p_values_match_scipy() {
        // With ties and a zero: wilcoxon(x, method='asymptotic').pvalue.
        let tied = [0.1, 0.1, -0.1, 0.2, 0.3, 0.0, 0.3, -0.05, 0.4, 0.2];
        assert!((wilcoxon(&tied) - 0.027572347644957057).abs() < 1e-9, "{}", wilcoxon(&tied));
        // Sixty values, no ties: past the exact range.
        let long: Vec<f64> = (1..=60).map(|i| (i as f64 * 0.37).sin() + 0.2).collect();
        assert!((wilcoxon(&long) - 0.0025423300756576787).abs() < 1e-9, "{}", wilcoxon(&long));
    }

    #[test]
    fn every_comparison_words_its_verdict_alike() {
        let slower = estimate(&[0.5; 40], 0.03, DEFAULT_SEED).unwrap();
        assert_eq!(slower.change, Change::Slower);
        let undecided = Estimate { change: Change::NoChange, decided: false, ..slower.clone() };
        let settled = Estimate { change: Change::NoChange, decided: true, ..slower.clone() };
        let final_ = |judged, one_run| Reading::Final { judged, one_run };
        let one_run = "; one run a side: drift between runs not measured";
        let cases = [
            (&slower, Reading::SoFar, "slower".to_owned()),
            (&undecided, Reading::SoFar, "not decided yet".to_owned()),
            (&settled, Reading::SoFar, "no change".to_owned()),
            (&slower, final_(false, true), "not judged".to_owned()),
            (&slower, final_(true, false), "slower".to_owned()),
            (&slower, final_(true, true), format!("slower{one_run}")),
            (&undecided, final_(true, false), "no change (undecided)".to_owned()),
            (&undecided, final_(true, true), format!("no change (undecided){one_run}")),
            (&settled, final_(true, true), format!("no change{one_run}")),
        ];
        for (estimate, reading, expected) in cases {
            assert_eq!(estimate.verdict(reading), expected, "{reading:?}");
        }
    }

    #[test]
    fn bootstrap_intervals_match_scipy() {
        // scipy's interval for SMALL: (0.016, 0.128) with 200,000 draws; ours, with as
        // many from another generator, agrees to within the draws' noise.
        let (lower, upper) = bootstrap_interval(&SMALL, 1, 200_000);
        assert!((lower - 0.016).abs() < 0.002, "{lower}");
        assert!((upper - 0.128).abs() < 0.002, "{upper}");
    }

    #[test]
    fn the_same_seed_gives_the_same_interval_and_another_seed_another() {
        let values: Vec<f64> = (0..500).map(|i| ((i * 7919) % 101) as f64 / 1000.0).collect();
        assert_eq!(bootstrap_interval(&values, 5, 500), bootstrap_interval(&values, 5, 500));
        assert_ne!(bootstrap_interval(&values, 5, 500), bootstrap_interval(&values, 6, 500));
    }

    #[test]
    fn a_uniform_slowdown_is_slower_with_its_ratio_inside_the_interval() {
        let old: Vec<f64> = (1..=200).map(|i| 5.0 + (i % 17) as f64).collect();
        let ratios: Vec<f64> = old.iter().map(|&t| log_ratio(t, t * 1.05)).collect();
        let estimate = estimate(&ratios, 0.03, DEFAULT_SEED).unwrap();
        assert_eq!(estimate.change, Change::Slower);
        assert!(estimate.decided);
        assert!(estimate.lower <= 1.05 + 1e-12 && estimate.upper >= 1.05 - 1e-12);
        assert!((estimate.ratio - 1.05).abs() < 1e-12);
    }

    #[test]
    fn noise_within_the_threshold_is_a_decided_no_change() {
        let ratios: Vec<f64> =
            (0..2000).map(|i| (((i * 7919) % 2001) as f64 / 2000.0 - 0.5) * 0.02).collect();
        let estimate = estimate(&ratios, 0.03, DEFAULT_SEED).unwrap();
        assert_eq!(estimate.change, Change::NoChange);
        assert!(estimate.decided, "{estimate:?}");
        // Faster by 10% on every puzzle, give or take the same noise.
        let faster: Vec<f64> = ratios.iter().map(|r| r + 0.9f64.ln()).collect();
        let estimate = super::estimate(&faster, 0.03, DEFAULT_SEED).unwrap();
        assert_eq!(estimate.change, Change::Faster);
    }

    #[test]
    fn too_few_puzzles_leave_it_undecided() {
        let estimate = estimate(&[0.2, -0.15, 0.05], 0.03, DEFAULT_SEED).unwrap();
        assert_eq!(estimate.change, Change::NoChange);
        assert!(!estimate.decided);
        assert!(super::estimate(&[], 0.03, DEFAULT_SEED).is_none());
    }

    #[test]
    fn rounds_that_disagree_widen_the_interval_and_rounds_that_agree_do_not() {
        // 300 puzzles, every one 4% slower in every round.
        let old: Vec<f32> = (0..300).map(|i| 10.0 + (i % 13) as f32).collect();
        let scaled = |factor: f32| old.iter().map(|t| t * factor).collect::<Vec<f32>>();
        let pooled = estimate(&vec![1.04f64.ln(); 300], 0.03, DEFAULT_SEED).unwrap();
        assert_eq!(pooled.change, Change::Slower);
        let mut steady = Rounds::default();
        for _ in 0..4 {
            steady.push(old.clone(), scaled(1.04));
        }
        let (lower, upper) = steady.interval(DEFAULT_SEED).unwrap();
        assert!((lower - 1.04f64.ln()).abs() < 1e-6 && (upper - 1.04f64.ln()).abs() < 1e-6);
        let kept = with_rounds(pooled.clone(), Some((lower, upper)), 0.03);
        assert_eq!((kept.change, kept.decided), (Change::Slower, true));
        // The machine was 20% slower during one pass of the new engine, and 10% during one of
        // the old: which rounds are drawn moves the comparison by far more than 3%.
        let mut drifting = Rounds::default();
        drifting.push(old.clone(), scaled(1.04 * 1.2));
        drifting.push(scaled(1.1), scaled(1.04));
        drifting.push(old.clone(), scaled(1.04 * 1.15));
        let wide = drifting.interval(DEFAULT_SEED).unwrap();
        assert!(wide.1 - wide.0 > 0.05, "{wide:?}");
        let widened = with_rounds(pooled, Some(wide), 0.03);
        assert!(!widened.decided || widened.change == Change::Slower, "{widened:?}");
        assert!(widened.upper.ln() >= wide.1 - 1e-12);
        // Fewer than two rounds, or nothing answered by both: no interval.
        let mut one = Rounds::default();
        one.push(old.clone(), old.clone());
        assert!(one.interval(DEFAULT_SEED).is_none());
        let mut unanswered = Rounds::default();
        for _ in 0..2 {
            unanswered.push(vec![f32::NAN; 3], vec![1.0; 3]);
        }
        assert!(unanswered.interval(DEFAULT_SEED).is_none());
    }

    #[test]
    fn many_values_are_drawn_in_part_and_give_the_interval_of_all() {
        // 8,000 skewed log ratios: draws of 800 of them, scaled, against draws of all.
        let values: Vec<f64> =
            (0..8000).map(|i| 0.05 + (((i * 7919) % 1000) as f64 / 1000.0).powi(3) * 0.4).collect();
        let (lower, upper) = bootstrap_drawing(&values, 3, 1000, usize::MAX);
        let (part_lower, part_upper) = bootstrap_drawing(&values, 3, 1000, 800);
        let width = upper - lower;
        assert!((part_lower - lower).abs() < 0.1 * width, "{part_lower} {lower}");
        assert!((part_upper - upper).abs() < 0.1 * width, "{part_upper} {upper}");
        // Unscaled, draws of 800 would give an interval three times as wide.
        assert!(part_upper - part_lower < 1.2 * width);
        // Runs as replicates, over a sample of 300 of 3,000 puzzles: the new side's two runs
        // differ by 10%, which the interval holds wherever the sample falls.
        let old: Vec<Vec<f32>> =
            (0..2).map(|_| (0..3000).map(|i| 10.0 + (i % 17) as f32).collect()).collect();
        let new: Vec<Vec<f32>> =
            [0.9f32, 1.0].iter().map(|f| old[0].iter().map(|t| t * f).collect()).collect();
        let all = resampled_drawing(&old, &new, false, 5, usize::MAX).unwrap();
        let part = resampled_drawing(&old, &new, false, 5, 300).unwrap();
        assert!((all.0 - part.0).abs() < 1e-3 && (all.1 - part.1).abs() < 1e-3, "{all:?} {part:?}");
        assert!(part.0 <= 0.9f64.ln() + 1e-6 && part.1 >= -1e-6, "{part:?}");
    }

    #[test]
    fn passes_pair_into_rounds_and_few_rounds_decide_nothing() {
        let times = |t: f32| vec![t; 100];
        let mut rounds = Rounds::default();
        rounds.pass(true, times(10.0));
        // A second pass of the same engine before the other's replaces the first.
        rounds.pass(true, times(20.0));
        rounds.pass(false, times(30.0));
        assert_eq!(rounds.len(), 1);
        assert_eq!((rounds.old[0][0], rounds.new[0][0]), (20.0, 30.0));
        // New first, then old: one round all the same.
        rounds.pass(false, times(30.0));
        rounds.pass(true, times(20.0));
        assert_eq!(rounds.len(), 2);
        // Half again as slow on every puzzle: slower, but not on two rounds when five are
        // needed.
        let ratios = vec![1.5f64.ln(); 100];
        let early = rounds.estimate(&ratios, 0.03, DEFAULT_SEED, MIN_ROUNDS).unwrap();
        assert_eq!((early.change, early.decided), (Change::NoChange, false));
        for _ in 2..MIN_ROUNDS {
            rounds.pass(true, times(20.0));
            rounds.pass(false, times(30.0));
        }
        let enough = rounds.estimate(&ratios, 0.03, DEFAULT_SEED, MIN_ROUNDS).unwrap();
        assert_eq!((enough.change, enough.decided), (Change::Slower, true));
        assert_eq!(enough.ratio, early.ratio);
    }

    #[test]
    fn no_threshold_judges_nothing() {
        let ratios = vec![2f64.ln(); 100];
        let estimate = estimate(&ratios, f64::INFINITY, DEFAULT_SEED).unwrap();
        assert_eq!(estimate.change, Change::NoChange);
        assert!(estimate.decided);
    }
}
