//! Helpers shared by the engine test suites.

#![allow(dead_code)] // Each suite uses a different subset.

use std::path::PathBuf;
use sudoku_core::Size;

use proptest::prelude::*;
use sudoku_core::symmetry::{Symmetry, base_solution};
use sudoku_core::{Grid, Limits, Outcome};
use sudoku_engines::{ENGINES, EngineInfo};

/// The engines that search row-major and so must return the lexicographically smallest
/// solution.
pub const ROW_MAJOR: [&str; 2] = ["naive", "bitmask"];

/// Engines whose worst case is too slow to run unbudgeted on arbitrary puzzles.
pub const NEEDS_BUDGET: [&str; 2] = ["naive", "bitmask"];

/// The project's `data/samples` folder.
pub fn samples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/samples")
}

/// `../shared/corpora` beside the repository, or `None` (with a printed notice) when absent.
pub fn shared_corpora(test: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("NOTICE: {test} skipped: {} not found", dir.display());
        None
    }
}

/// Solves with a fresh engine of every registered kind that supports the puzzle's size.
pub fn solve_with_all(puzzle: &Grid, limits: Limits) -> Vec<(&'static EngineInfo, Outcome)> {
    engines_for(puzzle.size()).map(|info| (info, info.create().solve(puzzle, limits))).collect()
}

/// The registered engines that solve grids of `size`.
pub fn engines_for(size: Size) -> impl Iterator<Item = &'static EngineInfo> {
    ENGINES.iter().filter(move |info| info.supports(size))
}

/// The solved grid of `size` that `seed` maps the base solution to.
pub fn solved_grid_of(size: Size, seed: u64) -> Grid {
    Symmetry::from_seed(size, seed).apply(&base_solution(size))
}

/// `solved` with each cell blanked with probability `blank_percent` / 100, the draws made
/// from `seed` (SplitMix64), so that a failing case can be replayed.
pub fn blanked(solved: &Grid, blank_percent: u64, seed: u64) -> Grid {
    let mut state = seed;
    let mut puzzle = solved.clone();
    for cell in 0..solved.size().cells() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        if (z ^ (z >> 31)) % 100 < blank_percent {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

/// Any valid 9×9 solved grid reachable from the base solution by a symmetry.
pub fn solved_grid() -> impl Strategy<Value = Grid> {
    any::<u64>().prop_map(|n| solved_grid_of(Size::NINE, n))
}

/// A solved grid with each cell kept with probability `keep_percent` / 100, and the grid.
pub fn thinned_grid(keep_percent: std::ops::Range<u32>) -> impl Strategy<Value = (Grid, Grid)> {
    (solved_grid(), keep_percent, proptest::collection::vec(0..100u32, 81)).prop_map(
        |(solved, keep_percent, draws)| {
            let mut puzzle = solved.clone();
            for (cell, draw) in draws.into_iter().enumerate() {
                if draw >= keep_percent {
                    puzzle.set(cell, 0);
                }
            }
            (puzzle, solved)
        },
    )
}
