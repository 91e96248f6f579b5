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

/// Solves with a fresh engine of every registered kind.
pub fn solve_with_all(puzzle: &Grid, limits: Limits) -> Vec<(&'static EngineInfo, Outcome)> {
    ENGINES.iter().map(|info| (info, info.create().solve(puzzle, limits))).collect()
}

/// Any valid solved grid reachable from the base solution by a symmetry.
pub fn solved_grid() -> impl Strategy<Value = Grid> {
    any::<u64>().prop_map(|n| Symmetry::from_seed(Size::NINE, n).apply(&base_solution(Size::NINE)))
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
