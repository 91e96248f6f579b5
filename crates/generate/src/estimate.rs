//! How many solutions a puzzle has, estimated when there are too many to count: Knuth's
//! estimator (Knuth 1975, "Estimating the efficiency of backtrack programs").
//!
//! A probe walks down the search tree from the root, choosing one branch uniformly at random at
//! every node, and multiplies the numbers of branches it met. When it ends at a solution, that
//! product is an unbiased estimate of the number of solutions (each solution is reached with
//! probability one over its product); at a dead end the estimate is 0. The mean of many probes
//! is therefore unbiased too, and by the central limit theorem nearly normal: the interval is
//! the mean plus or minus [`Z`] standard errors. Two things cut the variance, which is what
//! makes the interval narrow: the naked and hidden singles are applied at every node (they
//! remove no solution, and fewer branching nodes mean fewer factors), and the branch is taken on
//! the cell with the fewest candidates, where the subtrees are most alike.
//!
//! The probes are drawn from a seed (the generator's ChaCha8 stream), so an estimate is
//! reproducible; probes stop at `probes` or when `budget` runs out, whichever comes first.

use std::time::{Duration, Instant};

use sudoku_core::{Grid, Units};

use crate::PuzzleStream;
use crate::solutions::Board;

/// The normal quantile of the interval: 2.576 standard errors, a 99% interval under the normal
/// approximation. The estimator's distribution is skewed (rare probes count for much), so the
/// nominal 99% is kept to cover the count on well over 95% of puzzles.
pub const Z: f64 = 2.576;

/// An estimate of the number of solutions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountEstimate {
    /// The mean of the probes.
    pub estimate: f64,
    /// The interval's lower bound: never below 0, nor below 1 once a probe found a solution.
    pub lower: f64,
    /// The interval's upper bound: infinite when fewer than two probes reached a solution,
    /// which says nothing of the spread.
    pub upper: f64,
    /// Probes made.
    pub probes: u64,
    /// Probes that ended at a solution.
    pub hits: u64,
}

/// Estimates the number of solutions of `puzzle` from at most `probes` probes drawn from `seed`
/// within `budget`.
pub fn estimate(puzzle: &Grid, seed: u64, probes: u64, budget: Duration) -> CountEstimate {
    let units = Units::for_grid(puzzle);
    let Some(root) = Board::new(puzzle, &units) else {
        return CountEstimate { estimate: 0.0, lower: 0.0, upper: 0.0, probes: 0, hits: 0 };
    };
    let started = Instant::now();
    let mut random = PuzzleStream::new(seed, 0);
    let (mut sum, mut squares, mut made, mut hits) = (0.0f64, 0.0f64, 0u64, 0u64);
    while made < probes.max(1) && (made == 0 || started.elapsed() < budget) {
        let value = probe(root.clone(), &units, &mut random);
        made += 1;
        if value > 0.0 {
            hits += 1;
        }
        sum += value;
        squares += value * value;
    }
    let n = made as f64;
    let mean = sum / n;
    let variance = if made > 1 { ((squares - n * mean * mean) / (n - 1.0)).max(0.0) } else { 0.0 };
    let half = Z * (variance / n).sqrt();
    let floor = if hits > 0 { 1.0 } else { 0.0 };
    let (lower, upper) = if hits < 2 {
        // No probe, or a single one, reached a solution: the spread of the hits is unknown,
        // and the solutions may be many in a part of the tree the probes missed.
        (floor, f64::INFINITY)
    } else {
        ((mean - half).max(floor), (mean + half).max(floor))
    };
    CountEstimate { estimate: mean, lower, upper, probes: made, hits }
}

/// One probe: the product of the branching factors down to a solution, or 0 at a dead end.
fn probe(mut board: Board, units: &Units, random: &mut PuzzleStream) -> f64 {
    let mut weight = 1.0f64;
    loop {
        let Some(cell) = board.branch_cell() else { return weight };
        let bits = board.candidates[cell];
        let count = bits.count_ones();
        weight *= f64::from(count);
        let mut pick = random.below(count);
        let mut rest = bits;
        while pick > 0 {
            rest &= rest - 1;
            pick -= 1;
        }
        let value = rest.trailing_zeros() as u8 + 1;
        if !board.place(units, cell, value) || !board.singles(units) {
            return 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Size;

    const LONG: Duration = Duration::from_secs(3600);

    #[test]
    fn the_empty_grids_counts_are_inside_their_intervals() {
        let four = estimate(&Grid::empty(Size::from_order(2).unwrap()), 1, 2000, LONG);
        assert!(four.lower <= 288.0 && 288.0 <= four.upper, "{four:?}");
        let nine = estimate(&Grid::empty(Size::NINE), 1, 4000, LONG);
        let truth = 6_670_903_752_021_072_936_960f64;
        assert!(nine.lower <= truth && truth <= nine.upper, "{nine:?}");
        assert!(nine.upper < 4.0 * truth && nine.lower > truth / 4.0, "{nine:?}");
    }

    #[test]
    fn a_hard_puzzle_the_probes_miss_has_no_upper_bound() {
        let puzzle = sudoku_core::parse_one(
            b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap()
        .grid;
        let one = estimate(&puzzle, 3, 50, LONG);
        assert!(one.hits < 2 && one.upper.is_infinite(), "{one:?}");
        assert!(one.lower <= 1.0);
    }

    #[test]
    fn the_same_seed_gives_the_same_estimate() {
        let empty = Grid::empty(Size::NINE);
        assert_eq!(estimate(&empty, 7, 100, LONG), estimate(&empty, 7, 100, LONG));
        assert_ne!(estimate(&empty, 7, 100, LONG), estimate(&empty, 8, 100, LONG));
    }
}
