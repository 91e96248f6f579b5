//! Puzzles of other layouts, as a user meets them: the shipped files of `data/layouts` solved
//! and counted by every engine that takes them, each solution keeping its puzzle's rules;
//! engines that take classic grids only, built in or from outside, never given one.

mod common;

use common::{repository, sudoku, sudoku_in, text};
use sudoku_core::PuzzleReader;

/// The shipped layout files.
const FILES: [&str; 5] = [
    "x-9x9-200.txt",
    "windoku-9x9-200.txt",
    "anti-knight-9x9-200.txt",
    "jigsaw-9x9-200.txt",
    "pencilmark-9x9-50.txt",
];

/// The text of the first `count` puzzles of a shipped layout file, with the lines each needs.
fn first_puzzles(file: &str, count: usize) -> String {
    let path = repository().join("data/layouts").join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let mut kept = String::new();
    let mut puzzles = 0;
    for line in text.lines() {
        if !line.starts_with('#') {
            puzzles += 1;
        }
        if puzzles > count {
            break;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

#[test]
fn every_engine_that_takes_a_layout_solves_its_puzzles_by_its_rules() {
    for file in FILES {
        let input = first_puzzles(file, 4);
        let puzzles: Vec<_> = PuzzleReader::new(input.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(puzzles.len(), 4, "{file}");
        for engine in ["dlx", "propagate", "cdcl", "norvig", "alldiff", "sat", "logic"] {
            let output = sudoku(&["solve", "-e", engine], input.as_bytes());
            assert_eq!(
                output.status.code(),
                Some(0),
                "{engine} on {file}: {}",
                text(&output.stderr)
            );
            let solutions: Vec<_> =
                PuzzleReader::new(output.stdout.as_slice()).map(Result::unwrap).collect();
            assert_eq!(solutions.len(), 4, "{engine} on {file}");
            for (puzzle, solution) in puzzles.iter().zip(&solutions) {
                let layout = puzzle.grid.layout().expect("a layout");
                assert!(solution.grid.is_full(), "{engine} on {file}");
                assert_eq!(layout.first_broken(solution.grid.cells()), None, "{engine} on {file}");
                let kept = puzzle.grid.cells().iter().zip(solution.grid.cells());
                assert!(kept.clone().all(|(&c, &s)| c == 0 || c == s), "{engine} on {file}");
                // The solution reads back with the puzzle's rules (its candidates are the
                // pencilmark puzzle's, not the solution's).
                let read = solution.grid.layout();
                let rules = read.map_or(&[][..], |read| read.rules());
                assert_eq!(rules, layout.rules(), "{engine} on {file}");
                let regions = read.and_then(|read| read.regions());
                assert_eq!(regions, layout.regions(), "{engine} on {file}");
            }
            let counted = sudoku(&["count", "-e", engine], input.as_bytes());
            assert_eq!(text(&counted.stdout), "1\n1\n1\n1\n", "{engine} on {file}");
        }
    }
}

#[test]
fn an_engine_of_classic_grids_is_refused_a_layout_by_name() {
    let input = first_puzzles("x-9x9-200.txt", 1);
    for engine in ["fast", "naive"] {
        let output = sudoku(&["solve", "-e", engine], input.as_bytes());
        let message = text(&output.stderr);
        if engine == "naive" && output.status.code() == Some(0) {
            continue; // `naive` may take layouts.
        }
        assert_ne!(output.status.code(), Some(0), "{engine}: {message}");
        assert!(message.contains("classic grids only, not 9×9 x"), "{engine}: {message}");
        assert!(message.contains("engines that do:"), "{message}");
    }
}

/// An engine from outside declares no layouts: a bench of a layout file runs the built-in
/// engines on it and never starts the outside one, which leaves a mark when it runs.
#[test]
fn an_engine_from_outside_is_never_given_a_layout() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.txt"), first_puzzles("x-9x9-200.txt", 3)).unwrap();
    let spy = "spy=judge:sh -c 'touch ran; cat'";
    let output = sudoku_in(dir.path(), &["bench", "x.txt", "-e", "dlx,spy", "--external", spy]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(stdout.contains("spy (solves 9×9, classic grids only)"), "{stdout}");
    assert!(!dir.path().join("ran").exists(), "the engine from outside was started");
    let solved = sudoku_in(dir.path(), &["solve", "x.txt", "-e", "spy", "--external", spy]);
    assert!(text(&solved.stderr).contains("engine 'spy' solves classic grids only, not 9×9 x"));
    assert!(!dir.path().join("ran").exists(), "the engine from outside was started");
}
