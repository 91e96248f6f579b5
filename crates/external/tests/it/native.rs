//! Engine libraries of the C ABI (include/sudoku_engine.h) and layouts: the example
//! examples/plugins/backtrack.c declares SUDOKU_ENGINE_LAYOUTS and solves the shipped X,
//! jigsaw, anti-knight and pencilmark puzzles, in this process and served as its worker serves
//! it; a library of the first form of the ABI (tests/plugins/variants.c, `CLASSIC_ONLY`) is
//! refused layouts in the registry's words and still solves classic grids; a library that
//! declares layouts and ignores them gives answers the checker refuses.
//!
//! The libraries are built with the C compiler `cc`: without one, each test says so and passes.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use sudoku_core::{
    CheckError, Engine, FailureKind, Grid, Layout, Limits, Outcome, PuzzleReader, Rule, Size,
    check_outcome, check_solution,
};
use sudoku_engines::EngineInfo;
use sudoku_external::declare::{Library, parse_external};
use sudoku_external::{Kind, native, protocol};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Builds the C library `source` (a path in the workspace) with `defines` into `directory`,
/// with the header's command line and warnings as errors; `None`, with a notice, without `cc`.
fn build(directory: &Path, source: &str, defines: &[&str]) -> Option<PathBuf> {
    let library = directory.join(format!("lib{}.so", defines.join("-").to_lowercase()));
    let built = Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I"])
        .arg(workspace().join("include"))
        .args(defines.iter().map(|define| format!("-D{define}")))
        .arg("-o")
        .arg(&library)
        .arg(workspace().join(source))
        .output();
    match built {
        Err(error) => {
            println!("NOTICE: no C compiler (cc: {error}); {source} is not tested");
            None
        }
        Ok(output) => {
            let errors = String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success(), "cc {source} {defines:?}: {errors}");
            Some(library)
        }
    }
}

/// The example, built into `directory`.
fn example(directory: &Path) -> Option<PathBuf> {
    build(directory, "examples/plugins/backtrack.c", &["EXAMPLE"])
}

/// `variants.c` as `variant` (`CLASSIC_ONLY`, `IGNORES_RULES`, `NO_ENTRY`).
fn variant(directory: &Path, variant: &str) -> Option<PathBuf> {
    build(directory, "crates/external/tests/plugins/variants.c", &[variant])
}

/// The library at `path`, declared `name`, loaded in this process.
fn in_process(name: &str, path: &Path) -> EngineInfo {
    let declaration = parse_external(&format!("{name}=plugin:{}", path.display())).unwrap();
    native::engine_info(&declaration, Duration::from_secs(30), None, true)
}

/// The first `count` puzzles of the shipped layout file `name` (data/layouts) that a plain
/// backtracker (`bitmask-mrv`, the example's search) proves unique within 100 000 nodes, of the
/// first 25: some take it millions. The pencilmark puzzles all take it millions, so they are
/// eased first: every third cell is given its value in the solution `dlx` finds (a puzzle with
/// one solution keeps it, and its cells keep their candidates).
fn layout_puzzles(name: &str, count: usize) -> Vec<Grid> {
    let file = std::fs::File::open(workspace().join("data/layouts").join(name)).unwrap();
    let mut puzzles: Vec<Grid> = PuzzleReader::new(std::io::BufReader::new(file))
        .take(25)
        .map(|puzzle| puzzle.unwrap().grid)
        .collect();
    assert!(puzzles.iter().all(|puzzle| puzzle.layout().is_some()), "{name}");
    if name.starts_with("pencilmark") {
        let mut dlx = sudoku_engines::find("dlx").unwrap().create();
        for puzzle in &mut puzzles {
            let solution = dlx.solve(puzzle, Limits::UNIQUE);
            assert_eq!(solution.count, 1, "{name}: a puzzle with one solution");
            let solution = solution.solution.unwrap();
            for cell in (0..puzzle.size().cells()).step_by(3) {
                puzzle.set(cell, solution.get(cell));
            }
        }
    }
    let mut plain = sudoku_engines::find("bitmask-mrv").unwrap().create();
    let quick = |puzzle: &Grid| {
        let outcome = plain.solve(puzzle, Limits::UNIQUE.with_node_budget(100_000));
        !outcome.budget_exhausted
    };
    let chosen: Vec<Grid> = puzzles.into_iter().filter(quick).take(count).collect();
    assert_eq!(chosen.len(), count, "{name}");
    chosen
}

/// The first `count` classic 9×9 puzzles of the shipped corpus.
fn classic_puzzles(count: usize) -> Vec<Grid> {
    let path = workspace().join("data/corpus/generated-10000.txt");
    let file = std::fs::File::open(path).unwrap();
    PuzzleReader::new(std::io::BufReader::new(file))
        .take(count)
        .map(|puzzle| puzzle.unwrap().grid)
        .collect()
}

/// The shipped files of the four kinds of layout the brief of this ABI names.
const LAYOUT_FILES: [&str; 4] =
    ["x-9x9-200.txt", "jigsaw-9x9-200.txt", "anti-knight-9x9-200.txt", "pencilmark-9x9-50.txt"];

/// Checks `engine` on `puzzles` against `bitmask-mrv`, the built-in engine of the same search:
/// the same count, solution, nodes and guesses, and a solution the checker accepts.
fn agrees_with_bitmask_mrv(engine: &mut dyn Engine, puzzles: &[Grid], what: &str) {
    agrees_with_bitmask_mrv_counting(engine, puzzles, what);
    // Each shipped puzzle has exactly one solution.
    for (number, puzzle) in (1..).zip(puzzles) {
        let outcome = engine.solve(puzzle, Limits::UNIQUE);
        assert_eq!(outcome.count, 1, "{what} {number}");
        assert_eq!(check_solution(puzzle, &outcome.solution.unwrap()), Ok(()), "{what} {number}");
    }
}

/// As [`agrees_with_bitmask_mrv`], for puzzles that may have several solutions: the count up
/// to 2 is `bitmask-mrv`'s, and at least 1.
fn agrees_with_bitmask_mrv_counting(engine: &mut dyn Engine, puzzles: &[Grid], what: &str) {
    let mut reference = sudoku_engines::find("bitmask-mrv").unwrap().create();
    for (number, puzzle) in (1..).zip(puzzles) {
        for limits in [Limits::FIRST, Limits::UNIQUE, Limits::UNIQUE.with_node_budget(30)] {
            let outcome = engine.solve(puzzle, limits);
            assert_eq!(outcome.failure, None, "{what} {number}");
            assert_eq!(check_outcome(puzzle, &outcome, limits, true), None, "{what} {number}");
            let expected = reference.solve(puzzle, limits);
            assert_eq!(answer(&outcome), answer(&expected), "{what} {number} {limits:?}");
            assert!(outcome.count >= 1 || outcome.budget_exhausted, "{what} {number}");
        }
    }
}

/// What two engines on the same search must agree on: the count, the solution's cells (a
/// library's solution is read as a classic grid, the checker judging it by the puzzle's
/// layout), whether the budget ran out, nodes and guesses.
fn answer(outcome: &Outcome) -> (u32, Option<Vec<u8>>, bool, sudoku_core::Stats) {
    let cells = outcome.solution.as_ref().map(|grid| grid.cells().to_vec());
    (outcome.count, cells, outcome.budget_exhausted, outcome.stats)
}

#[test]
fn the_example_declares_layouts_and_solves_every_kind_in_this_process() {
    let directory = tempfile::tempdir().unwrap();
    let Some(library) = example(directory.path()) else { return };
    let info = in_process("bt", &library);
    assert!(info.features().has(sudoku_core::Feature::Layouts), "{info:?}");
    let mut engine = info.create();
    for file in LAYOUT_FILES {
        let puzzles = layout_puzzles(file, 4);
        assert!(puzzles.iter().all(|puzzle| info.takes(puzzle)));
        agrees_with_bitmask_mrv(engine.as_mut(), &puzzles, file);
    }
    // Classic grids go through sudoku_engine_solve, and the layout's tables kept for the last
    // file do not leak into them.
    agrees_with_bitmask_mrv(engine.as_mut(), &classic_puzzles(50), "classic");
    agrees_with_bitmask_mrv(engine.as_mut(), &layout_puzzles("x-9x9-200.txt", 5), "x again");
}

/// Puzzles of the rules the shipped files do not hold alone, at each size the example solves
/// (16×16 too, which it does not declare):
/// windoku with anti-king and an extra region at 9×9, disjoint groups at 4×4, the diagonals with
/// anti-knight at 16×16; each a solution `propagate` finds of the empty grid with every third,
/// fourth and sixth cell blanked.
fn more_layout_puzzles() -> Vec<Grid> {
    let size = |side| Size::from_side(side).unwrap();
    let layouts = [
        Layout::new(size(9), None, &[Rule::Windoku, Rule::AntiKing], &[vec![0, 8, 72, 80]], None),
        Layout::new(size(4), None, &[Rule::Disjoint], &[], None),
        Layout::new(size(16), None, &[Rule::Diagonals, Rule::AntiKnight], &[], None),
    ];
    // propagate fills these empty grids in a millisecond, where dlx takes seconds.
    let mut propagate = sudoku_engines::find("propagate").unwrap().create();
    let mut puzzles = Vec::new();
    for layout in layouts {
        let layout = Some(Arc::new(layout.unwrap()));
        let empty = Grid::empty(layout.as_ref().unwrap().size()).with_layout(layout.clone());
        let solution = propagate.solve(&empty, Limits::FIRST).solution.unwrap();
        assert_eq!(check_solution(&empty, &solution), Ok(()));
        for step in [3, 4, 6] {
            let mut puzzle = solution.clone().with_layout(layout.clone());
            for cell in (0..puzzle.size().cells()).step_by(step) {
                puzzle.set(cell, 0);
            }
            puzzles.push(puzzle);
        }
    }
    puzzles
}

#[test]
fn the_example_solves_the_other_rules_at_every_size_it_can() {
    let directory = tempfile::tempdir().unwrap();
    let Some(library) = example(directory.path()) else { return };
    let mut engine = in_process("bt", &library).create();
    let mut puzzles = layout_puzzles("windoku-9x9-200.txt", 4);
    puzzles.extend(more_layout_puzzles());
    agrees_with_bitmask_mrv_counting(engine.as_mut(), &puzzles, "other rules");
}

/// The requests of `puzzles` within `limits` with their layouts as the protocol says them
/// (docs/engine-protocol.md, Layouts), written here from the layout's own accessors.
fn requests(puzzles: &[Grid], limits: Limits) -> String {
    let budget = limits.node_budget().map_or("-".to_owned(), |nodes| nodes.to_string());
    let mut text = String::from("sudoku-protocol 1\n");
    for (id, puzzle) in (1..).zip(puzzles) {
        text += &format!("solve {id} {} {budget} {}", limits.max_solutions(), puzzle.to_line());
        if let Some(layout) = puzzle.layout() {
            let words: Vec<&str> = layout.rules().iter().map(|rule| rule.word()).collect();
            if !words.is_empty() {
                text += &format!(" rules={}", words.join(","));
            }
            if let Some(regions) = layout.regions() {
                let marks: Vec<String> = regions.iter().map(|r| (r + 1).to_string()).collect();
                text += &format!(" regions={}", marks.join(","));
            }
            if let Some(sets) = layout.candidates() {
                let sets: Vec<String> = sets.iter().map(|set| format!("{set:x}")).collect();
                text += &format!(" candidates={}", sets.join(","));
            }
        }
        text.push('\n');
    }
    text + "quit\n"
}

/// What `info`, served as a worker serves a library (`sudoku serve --plugin`), answers to the
/// requests of `puzzles`: the handshake, then one line for each.
fn served(info: &EngineInfo, puzzles: &[Grid], limits: Limits) -> (String, Vec<String>) {
    let mut output = Vec::new();
    protocol::serve(info, requests(puzzles, limits).as_bytes(), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    let (handshake, answers) = output.split_once("ready\n").expect("a handshake");
    (handshake.to_owned(), answers.lines().map(str::to_owned).collect())
}

/// The served entry of the library at `path`, as the worker makes it.
fn worker_entry(path: &Path) -> EngineInfo {
    let library = Library::parse(Kind::Plugin, &path.display().to_string()).unwrap();
    native::served(native::load(Kind::Plugin, &library).unwrap())
}

#[test]
fn the_worker_says_feature_layouts_and_answers_as_this_process_does() {
    let directory = tempfile::tempdir().unwrap();
    let Some(library) = example(directory.path()) else { return };
    let served_info = worker_entry(&library);
    let mut engine = in_process("bt", &library).create();
    let mut puzzles: Vec<Grid> =
        LAYOUT_FILES.iter().flat_map(|file| layout_puzzles(file, 4)).collect();
    puzzles.extend(classic_puzzles(8));
    let limits = Limits::UNIQUE;
    let (handshake, answers) = served(&served_info, &puzzles, limits);
    assert!(handshake.contains("feature layouts\n"), "{handshake}");
    assert_eq!(answers.len(), puzzles.len(), "{answers:?}");
    for ((id, puzzle), line) in (1..).zip(&puzzles).zip(&answers) {
        let outcome = engine.solve(puzzle, limits);
        assert_eq!(outcome.count, 1, "{id}");
        let solution = outcome.solution.unwrap().to_line();
        let (nodes, guesses) = (outcome.stats.nodes, outcome.stats.guesses);
        let expected =
            format!("answer {id} 1 complete {solution} nodes={nodes} guesses={guesses} time-ns=");
        assert!(line.starts_with(&expected), "{line} is not {expected}...");
    }
}

#[test]
fn a_library_of_the_first_form_is_refused_layouts_and_solves_classic_grids() {
    let directory = tempfile::tempdir().unwrap();
    let Some(library) = variant(directory.path(), "CLASSIC_ONLY") else { return };
    let info = in_process("v1", &library);
    assert!(!info.features().has(sudoku_core::Feature::Layouts));
    let x = &layout_puzzles("x-9x9-200.txt", 1)[0];
    assert!(!info.takes(x));
    let refusal = info.refusal(x).unwrap();
    assert!(refusal.starts_with("engine 'v1' solves classic grids only, not 9×9 x"), "{refusal}");
    let mut engine = info.create();
    agrees_with_bitmask_mrv(engine.as_mut(), &classic_puzzles(30), "classic");
    // Given one anyway, it is not answered under the wrong rules.
    let failure = engine.solve(x, Limits::UNIQUE).failure.unwrap();
    assert_eq!(failure.kind, FailureKind::ProtocolError);
    assert!(failure.message.contains("solves classic grids only, not 9×9 x"), "{failure:?}");

    // Its worker says no feature layouts, and refuses such a puzzle in the registry's words.
    let served_info = worker_entry(&library);
    let (handshake, answers) = served(&served_info, std::slice::from_ref(x), Limits::UNIQUE);
    assert!(!handshake.contains("layouts"), "{handshake}");
    assert!(answers[0].starts_with("error 1 engine 'backtrack' solves classic grids only"));
}

#[test]
fn a_library_that_ignores_the_layout_is_caught_by_the_checker() {
    let directory = tempfile::tempdir().unwrap();
    let Some(library) = variant(directory.path(), "IGNORES_RULES") else { return };
    let info = in_process("liar", &library);
    assert!(info.features().has(sudoku_core::Feature::Layouts));
    let mut engine = info.create();
    let (mut solved, mut caught) = (0, 0);
    for file in LAYOUT_FILES {
        for puzzle in layout_puzzles(file, 4) {
            let outcome = engine.solve(&puzzle, Limits::FIRST);
            assert_eq!(outcome.failure, None);
            // Read as a classic grid, a jigsaw's clues may clash in a box: no solution then.
            let Some(solution) = outcome.solution.clone() else { continue };
            solved += 1;
            // A classic solution, which the puzzle's rules judge.
            assert_eq!(solution.first_conflict(), None);
            match check_solution(&puzzle, &solution) {
                Ok(()) => {}
                Err(CheckError::Broken(broken)) => {
                    caught += 1;
                    let problem = check_outcome(&puzzle, &outcome, Limits::FIRST, true).unwrap();
                    assert_eq!(problem, format!("not a solution: {broken}"));
                }
                Err(other) => panic!("{file}: {other}"),
            }
        }
    }
    // The first classic solution of a puzzle with more rules breaks one as a rule.
    assert!(solved >= 10 && caught >= solved - 2, "{caught} of {solved} caught");
}

#[test]
fn a_library_that_declares_layouts_must_export_their_entry_point() {
    let directory = tempfile::tempdir().unwrap();
    let Some(path) = variant(directory.path(), "NO_ENTRY") else { return };
    let library = Library::parse(Kind::Plugin, &path.display().to_string()).unwrap();
    let Err(problem) = native::load(Kind::Plugin, &library) else {
        panic!("a library without sudoku_engine_solve_layout is loaded");
    };
    assert!(
        problem
            .contains("declares SUDOKU_ENGINE_LAYOUTS but exports no `sudoku_engine_solve_layout`"),
        "{problem}"
    );
}
