//! Puzzles of other layouts, as a user meets them: the shipped files of `data/layouts` solved
//! and counted by every engine that takes them, each solution keeping its puzzle's rules;
//! engines that take classic grids only, built in or from outside, never given one.

use crate::common;

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

/// The puzzle lines of `text` (neither blank nor `#`).
fn puzzles_of(text: &str) -> Vec<&str> {
    common::puzzle_lines(text)
}

/// A `# layout` line that fails (an unknown word, alone or beside a known one), an `# extra`
/// line naming a cell no grid has: the puzzles after it are refused in `solve` and `count`,
/// each with a placeholder and an error naming the line, never answered under the layout
/// before it; a good `# layout` line starts again.
#[test]
fn the_puzzles_after_a_failed_directive_are_refused_not_solved_by_fewer_rules() {
    let x = first_puzzles("x-9x9-200.txt", 5);
    let x_puzzles = puzzles_of(&x).join("\n") + "\n";
    for (bad, line) in [
        ("# layout X-sudoku", 1),
        ("# layout x\n# layout windoku antiknigt", 2),
        ("# layout x\n# extra r0c0 r1c1", 2),
    ] {
        let input = format!("{bad}\n{x_puzzles}# layout x\n{x_puzzles}");
        let solved = sudoku(&["solve", "-o", "line"], input.as_bytes());
        let stdout = text(&solved.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(solved.status.code(), Some(2), "{bad}");
        assert_eq!(lines[..5], ["unreadable"; 5], "{bad}: {stdout}");
        assert_eq!(lines.len(), 5 + 1 + 5, "{bad}: {stdout}");
        assert!(lines[6..].iter().all(|line| line.len() == 81), "{stdout}");
        let stderr = text(&solved.stderr);
        assert_eq!(stderr.matches("not read: the `# ").count(), 5, "{stderr}");
        assert!(stderr.contains(&format!("line {line} before it could not be read")), "{stderr}");
        assert!(stderr.contains("solved 5 of 10 puzzles; 5 malformed; 1 bad line"), "{stderr}");
        let counted = sudoku(&["count"], input.as_bytes());
        assert_eq!(text(&counted.stdout), "unreadable\n".repeat(5) + &"1\n".repeat(5));
    }
}

/// Comments that begin with a directive's word are comments, as they were before layouts:
/// no error, nothing counted malformed.
#[test]
fn comments_that_begin_with_a_directive_word_are_comments() {
    let puzzles = common::corpus_lines("generated-10000.txt", 2).join("\n");
    let input = format!(
        "# extra hard puzzles from the forum\n# regions of difficulty follow\n\
         # layout of this file: one per line\n# boxes are drawn by hand\n{puzzles}\n"
    );
    let solved = sudoku(&["solve"], input.as_bytes());
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout).lines().count(), 2);
    let boxes = sudoku(&["solve"], format!("# boxes 3x3x3\n{puzzles}\n").as_bytes());
    assert_eq!(boxes.status.code(), Some(2));
    assert!(text(&boxes.stderr).contains("not '3x3x3'"), "{}", text(&boxes.stderr));
}

/// Units are numbered in 16 bits: a file of 65,511 `# extra` lines of a side's cells, and a
/// request of 70,000 such groups to `sudoku serve`, are refused with one line naming the
/// place, and every engine that takes layouts goes on.
#[test]
fn too_many_extra_groups_are_refused_in_a_file_and_on_the_wire() {
    let diagonal = (1..=9).map(|n| format!("r{n}c{n}")).collect::<Vec<_>>().join(" ");
    let mut input = format!("# extra {diagonal}\n").repeat(65_511);
    input.push_str(&".".repeat(81));
    input.push('\n');
    for engine in ["dlx", "cdcl", "propagate"] {
        let output = sudoku(&["solve", "-e", engine], input.as_bytes());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{engine}: {stderr}");
        assert!(stderr.contains("line 1025, column 1: `# extra`: one group more than"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let groups = vec!["0+5+10+15"; 70_000].join(",");
    let request = format!(
        "sudoku-protocol 1\nsolve 1 2 - 1............... extra={groups}\n\
         solve 2 2 - 1...............\nquit\n"
    );
    for engine in ["dlx", "cdcl", "sat"] {
        let output = sudoku(&["serve", "--engine", engine], request.as_bytes());
        let stdout = text(&output.stdout);
        assert!(
            stdout.contains(
                "error 1 its layout is no 4×4 layout: 70000 extra regions; a layout \
                             carries at most 1024"
            ),
            "{engine}: {stdout}{}",
            text(&output.stderr)
        );
        assert!(stdout.contains("answer 2 2 complete"), "{engine}: {stdout}");
    }
}

/// A puzzle of a layout the engine does not take is counted as such, not as one of a size it
/// does not solve.
#[test]
fn a_layout_refusal_is_counted_as_one() {
    let input = first_puzzles("x-9x9-200.txt", 2);
    let output = sudoku(&["solve", "-e", "fast", "-o", "line"], input.as_bytes());
    let stderr = text(&output.stderr);
    assert!(stderr.contains("solved 0 of 2 puzzles; 2 of a layout not supported"), "{stderr}");
    assert_eq!(text(&output.stdout), "unsupported\nunsupported\n");
}

/// `-o pretty` and `-o bordered` of a jigsaw draw its regions, not the boxes it does not have,
/// and read back as the same solution.
#[test]
fn a_jigsaw_is_drawn_with_its_regions() {
    let input = first_puzzles("jigsaw-9x9-200.txt", 2);
    let line = sudoku(&["solve", "-o", "line"], input.as_bytes());
    for format in ["pretty", "bordered"] {
        let drawn = sudoku(&["solve", "-o", format], input.as_bytes());
        assert_eq!(drawn.status.code(), Some(0), "{}", text(&drawn.stderr));
        let stdout = text(&drawn.stdout);
        // The regions of the file start `111222333` then `122223333`: a border between r2c1
        // and r2c2, where the boxes have none.
        let rows: Vec<&str> = stdout.lines().filter(|l| !l.starts_with('#')).collect();
        let second_row = rows.iter().filter(|row| row.chars().any(|c| c.is_ascii_digit())).nth(1);
        let cells = second_row.unwrap().trim_start_matches("| ");
        assert_eq!(&cells[1..4], " | ", "{format}:\n{stdout}");
        let again = sudoku(&["solve", "-o", "line"], drawn.stdout.as_slice());
        assert_eq!(text(&again.stdout), text(&line.stdout), "{format}:\n{stdout}");
    }
}
