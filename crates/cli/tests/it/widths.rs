//! Output that fits: with `COLUMNS=100`, no line `bench`, `rate`, `generate` and `explain`
//! write in their text formats is longer than 100 characters (notes wrapped, the bench table
//! narrowed), and a table that cannot fit a narrow terminal says so once and points to
//! `--wide`. Widths are counted in characters: the tables hold `µ`, `×` and `—`.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{corpus_lines, repository, text};

/// Runs `sudoku args...` in the repository's root with `COLUMNS` set to `columns`, as CI runs
/// it (no progress bar); it must succeed.
fn sudoku(columns: usize, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .current_dir(repository())
        .env("COLUMNS", columns.to_string())
        .env("CI", "true")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{args:?}: {}", text(&output.stderr));
    output
}

/// The lines of both streams longer than `width` characters.
fn too_long(output: &Output, width: usize) -> Vec<String> {
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    stdout
        .lines()
        .chain(stderr.lines())
        .filter(|line| line.chars().count() > width)
        .map(str::to_owned)
        .collect()
}

/// The first `count` puzzles of the shipped 9×9 corpus, as a file in `directory`.
fn shipped(directory: &Path, count: usize) -> String {
    let path = directory.join("shipped.txt");
    std::fs::write(&path, corpus_lines("generated-10000.txt", count).join("\n") + "\n").unwrap();
    path.display().to_string()
}

#[test]
fn every_line_of_bench_rate_generate_and_explain_fits_100_columns() {
    let directory = tempfile::tempdir().unwrap();
    let file = shipped(directory.path(), 200);
    // Puzzle 6 needs forcing chains, whose steps are the longest lines `explain` writes.
    let puzzle = corpus_lines("generated-10000.txt", 6).pop().unwrap();
    let runs: [&[&str]; 8] = [
        // Every instrumented engine, two threads: the widest main table.
        &["bench", &file, "-j", "2"],
        &["bench", &file, "-j", "1", "--engines", "fast,dlx", "--repeat", "2"],
        &["rate", &file, "-j", "2"],
        &["rate", "--each", &file, "-j", "2"],
        &["generate", "--count", "3", "--seed", "1"],
        &["explain", &puzzle],
        &["explain", "--scale", "explainer", &puzzle],
        &["explain", "--scale", "explainer", "--no-uniqueness", &puzzle],
    ];
    for args in runs {
        let output = sudoku(100, args);
        assert!(!output.stdout.is_empty(), "{args:?} wrote nothing");
        let long = too_long(&output, 100);
        assert!(long.is_empty(), "{args:?}: lines longer than 100:\n{}", long.join("\n"));
    }
    // With targets, `generate` says how many puzzles met them: a note, wrapped. Its puzzles
    // with their ratings are a file of lines, a puzzle a line, left whole.
    let targets = ["generate", "--count", "2", "--seed", "1", "--rating", "2..4", "--with-rating"];
    let output = sudoku(100, &targets);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("yield: "), "{stderr}");
    assert!(stderr.lines().all(|line| line.chars().count() <= 100), "{stderr}");
}

#[test]
fn wrapped_lines_are_those_that_did_not_fit() {
    let puzzle = corpus_lines("generated-10000.txt", 6).pop().unwrap();
    let wide = text(&sudoku(1000, &["explain", "--scale", "explainer", &puzzle]).stdout);
    let narrow = text(&sudoku(100, &["explain", "--scale", "explainer", &puzzle]).stdout);
    assert!(wide.lines().any(|line| line.chars().count() > 100), "nothing to wrap:\n{wide}");
    // The same words, only broken into more lines, each continuation indented.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(&narrow), words(&wide));
    assert!(narrow.lines().count() > wide.lines().count());
    for line in wide.lines().filter(|line| line.chars().count() <= 100) {
        assert!(narrow.lines().any(|narrow| narrow == line), "{line:?} was broken");
    }
}

#[test]
fn a_table_that_cannot_fit_says_so_once_and_points_to_wide() {
    let directory = tempfile::tempdir().unwrap();
    let file = shipped(directory.path(), 50);
    let engines = ["engine", "fast", "dlx", "bitmask-mrv"];
    let run = ["bench", &file, "-j", "2", "--engines", "fast,dlx,bitmask-mrv"];
    // A terminal of 60 columns: the narrowest table is wider, and says so once.
    let narrow = sudoku(60, &run);
    let stdout = text(&narrow.stdout);
    let notices: Vec<&str> = stdout.lines().filter(|l| l.starts_with("wide table:")).collect();
    assert_eq!(notices.len(), 1, "{stdout}");
    assert!(stdout.contains("--wide"), "{stdout}");
    // Only the table's rows are longer: every note is wrapped to the width (a word longer than
    // the width, a file's path, overflows a line of its own).
    for line in too_long(&narrow, 60) {
        let row = engines.iter().any(|name| line.starts_with(name));
        assert!(row || !line.trim().contains(' '), "{line:?} is not wrapped");
    }
    // At 100 columns it fits, and there is nothing to say.
    let fitting = text(&sudoku(100, &run).stdout);
    assert!(!fitting.contains("wide table:"), "{fitting}");
    // Every figure is wider than 100 columns: the table says it is wide, and why.
    let every = sudoku(100, &[&run[..], &["--wide"]].concat());
    let stdout = text(&every.stdout);
    assert!(stdout.lines().any(|line| line.starts_with("wide table:")), "{stdout}");
    for line in too_long(&every, 100) {
        assert!(engines.iter().any(|name| line.starts_with(name)), "{line:?} is not wrapped");
    }
}
