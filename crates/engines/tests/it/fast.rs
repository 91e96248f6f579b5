//! `fast` gives the same answers and the same statistics on every compiled path.
//!
//! The portable path is what runs on a processor without AVX2; the AVX2 and AVX-512 paths run
//! here when the processor has the features. A path the processor lacks falls back to the portable one, which
//! the test reports instead of comparing a path with itself.

use crate::common;

use std::fs::File;
use std::io::BufReader;

use common::{shared_corpora, thinned_grid};
use proptest::prelude::*;
use sudoku_core::{Engine, Grid, Limits, PuzzleReader, Size};
use sudoku_engines::fast::{Fast, SimdPath};

/// Every path this processor runs, the portable one first.
fn runnable_paths() -> Vec<SimdPath> {
    let mut paths = vec![SimdPath::Portable];
    for path in [SimdPath::Avx2, SimdPath::Avx2Pext, SimdPath::Avx512] {
        if Fast::with_path(path).path() == path {
            paths.push(path);
        } else {
            println!("NOTICE: this processor cannot run the {} path of fast", path.name());
        }
    }
    paths
}

fn assert_paths_agree(puzzle: &Grid, limits: Limits, engines: &mut [(SimdPath, Fast)]) {
    let (first, rest) = engines.split_first_mut().expect("the portable path always runs");
    let expected = first.1.solve(puzzle, limits);
    for (path, engine) in rest {
        let outcome = engine.solve(puzzle, limits);
        assert_eq!(outcome, expected, "{} vs portable on {puzzle} with {limits:?}", path.name());
    }
}

#[test]
fn the_detected_path_is_the_best_this_processor_runs() {
    let paths = runnable_paths();
    assert_eq!(Fast::new().path(), *paths.last().unwrap());
    println!("fast runs the {} path here", Fast::new().path().name());
}

#[test]
fn paths_agree_on_corpus_samples_in_both_modes() {
    let Some(dir) = shared_corpora("paths_agree_on_corpus_samples_in_both_modes") else {
        return;
    };
    let mut engines: Vec<_> =
        runnable_paths().into_iter().map(|p| (p, Fast::with_path(p))).collect();
    for file in ["17-clue.txt", "top1465.txt", "hardest-1106.txt", "multi-solution.txt"] {
        let reader = BufReader::new(File::open(dir.join(file)).unwrap());
        let puzzles: Vec<Grid> = PuzzleReader::new(reader).map(|p| p.unwrap().grid).collect();
        let step = (puzzles.len() / 300).max(1);
        for puzzle in puzzles.iter().step_by(step) {
            for limits in [Limits::FIRST, Limits::UNIQUE, Limits::UNIQUE.with_node_budget(5)] {
                assert_paths_agree(puzzle, limits, &mut engines);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn paths_agree_on_generated_puzzles((puzzle, _) in thinned_grid(0..100), limit in 1..4u32) {
        let mut engines: Vec<_> =
            runnable_paths().into_iter().map(|p| (p, Fast::with_path(p))).collect();
        assert_paths_agree(&puzzle, Limits::count_up_to(limit), &mut engines);
    }
}

#[test]
fn clashing_clues_are_rejected_without_searching() {
    // Sparse puzzles, so that a search that missed the clash would have to wade through a
    // huge tree before running out of room for some digit.
    let sparse_with = |first: usize, second: usize| {
        let mut cells = [0; 81];
        cells[first] = 5;
        cells[second] = 5;
        cells[40] = 3;
        Grid::from_cells(Size::NINE, &cells).unwrap()
    };
    for (first, second, unit) in [(0, 8, "row"), (0, 72, "column"), (0, 20, "box")] {
        let puzzle = sparse_with(first, second);
        for (path, mut engine) in runnable_paths().into_iter().map(|p| (p, Fast::with_path(p))) {
            let outcome = engine.solve(&puzzle, Limits::UNIQUE);
            assert_eq!(outcome.count, 0, "{unit} clash, {} path", path.name());
            assert_eq!(outcome.stats.nodes, 1, "{unit} clash searched, {} path", path.name());
        }
    }
}
