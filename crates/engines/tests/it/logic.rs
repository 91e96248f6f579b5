//! The `logic` techniques are sound: every step of every path (on both scales' ladders), on
//! the shipped corpora and on `../shared/corpora` (when present: every puzzle of the hard
//! files, a spaced sample of the large ones), is checked against the puzzle's known
//! solution. A placement must put the solution's value; an elimination must never remove it.
//! A path may end stuck (the ladder ran out), never wrong.

use crate::common;

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use common::shared_corpora;
use sudoku_core::{Grid, Limits, PuzzleReader};
use sudoku_engines::default_engine_for;
use sudoku_logic::{Board, End, Ladder, Options, Scale, Step, Technique};

/// What the paths over one file came to.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    stuck: usize,
    steps_by_technique: BTreeMap<Technique, usize>,
}

/// Panics unless `step` agrees with `solution`.
fn assert_sound(step: &Step, solution: &Grid, place: &str) {
    let size = solution.size();
    for &(cell, value) in &step.placements {
        assert_eq!(
            value,
            solution.get(cell),
            "{place}: {} placed a wrong value: {}",
            step.technique,
            step.describe(size)
        );
    }
    for &(cell, value) in &step.eliminations {
        assert_ne!(
            value,
            solution.get(cell),
            "{place}: {} removed the solution's value: {}",
            step.technique,
            step.describe(size)
        );
    }
}

/// How much sparser than the workbench's ladder Sudoku Explainer's walks a file: its chains
/// (dynamic forcing chains and up) take tens of milliseconds a hard puzzle, and a few thousand
/// puzzles over the files check them at every length and level.
const EXPLAINER_SPACING: usize = 5;

/// Walks every `every`th unique puzzle of `path` with the full ladder of each scale
/// (uniqueness techniques on; Sudoku Explainer's on every `every * EXPLAINER_SPACING`th),
/// checking every step; puzzles with other than one solution are walked without them. The
/// tally is the workbench's.
fn walk_file(path: &Path, every: usize) -> Tally {
    walk_file_on(path, every * EXPLAINER_SPACING, Scale::Explainer);
    walk_file_on(path, every, Scale::Workbench)
}

/// [`walk_file`] with the ladders of one scale.
fn walk_file_on(path: &Path, every: usize, scale: Scale) -> Tally {
    let name = format!("{} ({scale:?})", path.display());
    // Up to dynamic forcing chains: nested chains take seconds a hard puzzle, and longer
    // still to find nothing on a puzzle with several solutions; the logic crate's own tests
    // walk them on hard puzzles.
    let up_to = Technique::DynamicForcingPlus;
    let with_uniqueness = Ladder::of_scale(scale, Options { uniqueness: true, up_to });
    let without = Ladder::of_scale(scale, Options { uniqueness: false, up_to });
    let mut tally = Tally::default();
    let reader = PuzzleReader::new(BufReader::new(File::open(path).expect("corpus opens")));
    for (index, puzzle) in reader.enumerate() {
        if index % every != 0 {
            continue;
        }
        let puzzle = puzzle.unwrap_or_else(|e| panic!("{name}: {e}"));
        let outcome =
            default_engine_for(puzzle.grid.size()).create().solve(&puzzle.grid, Limits::UNIQUE);
        let Some(solution) = outcome.solution.filter(|_| outcome.count == 1) else {
            // Several solutions: no step may break every one of them.
            let path = without.solve(&puzzle.grid);
            assert_ne!(path.end, End::Broken, "{name} line {}: the ladder broke", puzzle.line);
            continue;
        };
        let place = format!("{name} line {}", puzzle.line);
        let mut board = Board::new(&puzzle.grid);
        let end = with_uniqueness.run(&mut board, |_, step| {
            assert_sound(step, &solution, &place);
            *tally.steps_by_technique.entry(step.technique).or_default() += 1;
        });
        assert_ne!(end, End::Broken, "{place}: the ladder broke a puzzle with one solution");
        if end == End::Solved {
            assert_eq!(board.grid(), solution, "{place}");
            tally.solved += 1;
        } else {
            tally.stuck += 1;
        }
        tally.puzzles += 1;
    }
    println!(
        "{name}: {} puzzles with one solution walked, {} solved by techniques, {} stuck",
        tally.puzzles, tally.solved, tally.stuck
    );
    for (technique, count) in &tally.steps_by_technique {
        println!("  {technique}: {count} steps");
    }
    tally
}

fn shipped(file: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus").join(file)
}

#[test]
fn every_step_on_the_shipped_9x9_corpus_is_sound() {
    let tally = walk_file(&shipped("generated-10000.txt"), 1);
    assert_eq!(tally.puzzles, 10_000);
}

#[test]
fn every_step_on_the_shipped_4x4_and_16x16_corpora_is_sound() {
    let small = walk_file(&shipped("generated-4x4-1000.txt"), 1);
    assert_eq!(small.solved, small.puzzles, "every minimal 4×4 puzzle falls to techniques");
    walk_file(&shipped("generated-16x16-1000.txt"), 10);
}

#[test]
fn every_step_on_the_shared_corpora_is_sound() {
    let Some(dir) = shared_corpora("every_step_on_the_shared_corpora_is_sound") else {
        return;
    };
    // Every puzzle of the hard files; every tenth of the two large ones (4,916 and 1,000
    // puzzles), since CI's release steps check every step of `rate` on thousands more.
    for (file, every) in [
        ("17-clue.txt", 10),
        ("top1465.txt", 1),
        ("hardest-1106.txt", 1),
        ("multi-solution.txt", 10),
    ] {
        walk_file(&dir.join(file), every);
    }
}
