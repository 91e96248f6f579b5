//! Every size through the `sudoku` binary: solving in each format and alphabet, engines that do
//! not solve a size, generating and benchmarking other sizes.

use crate::common;

use std::process::Output;

use common::sudoku;
use sudoku_core::symmetry::{Symmetry, base_solution};
use sudoku_core::{
    Alphabet, Format, Grid, Puzzle, PuzzleReader, ReadOptions, Size, check_solution, format_grid,
};

fn size(side: usize) -> Size {
    Size::from_side(side).unwrap()
}

/// A puzzle of `size`: a shuffled solved grid with one cell in `blank_one_in` (from a seeded
/// start) blanked.
fn puzzle(size: Size, seed: u64, blank_one_in: usize) -> Grid {
    let mut grid = Symmetry::from_seed(size, seed).apply(&base_solution(size));
    for cell in 0..size.cells() {
        if (cell * 7 + seed as usize).is_multiple_of(blank_one_in) {
            grid.set(cell, 0);
        }
    }
    grid
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The puzzles of `text`, read as the workbench reads them (in `alphabet`, when given: a full
/// `0-9A` grid has no blank to tell its alphabet by).
fn read_in(text: &str, alphabet: Option<Alphabet>) -> Vec<Puzzle> {
    let options = ReadOptions { alphabet, ..ReadOptions::default() };
    PuzzleReader::with_options(text.as_bytes(), options).map(|item| item.unwrap()).collect()
}

fn read(text: &str) -> Vec<Puzzle> {
    read_in(text, None)
}

/// Solves `grid` written in `format` and `alphabet` with `args`, and checks that the output is
/// a solution of it in the same format and alphabet.
fn solves_in_its_own_format(grid: &Grid, format: Format, alphabet: Alphabet, args: &[&str]) {
    let input = format_grid(grid, format, alphabet);
    let output = sudoku(&[&["solve"], args].concat(), input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}: {}", grid.size(), stderr(&output));
    let solved = read_in(&stdout(&output), Some(alphabet));
    assert_eq!(solved.len(), 1, "{}", stdout(&output));
    let solution = &solved[0];
    assert_eq!(check_solution(grid, &solution.grid), Ok(()), "{}", grid.size());
    assert_eq!(solution.format, format, "{}", grid.size());
    assert_eq!(stdout(&output), format_grid(&solution.grid, format, alphabet));
}

#[test]
fn sixteen_by_sixteen_lines_in_either_alphabet_are_answered_in_the_same_alphabet() {
    let grid = puzzle(size(16), 3, 2);
    solves_in_its_own_format(&grid, Format::Line, Alphabet::FromOne, &[]);
    solves_in_its_own_format(&grid, Format::Line, Alphabet::FromZero, &[]);
    let zero_based = format_grid(&grid, Format::Line, Alphabet::FromZero);
    let output = sudoku(&["solve"], zero_based.as_bytes());
    assert!(stdout(&output).contains('0') && !stdout(&output).contains('G'), "{}", stdout(&output));
}

#[test]
fn larger_grids_are_solved_in_every_format_that_holds_them() {
    solves_in_its_own_format(&puzzle(size(25), 5, 2), Format::Line, Alphabet::FromOne, &[]);
    solves_in_its_own_format(&puzzle(size(4), 1, 3), Format::Pretty, Alphabet::FromOne, &[]);
    solves_in_its_own_format(&puzzle(size(36), 2, 3), Format::Judge, Alphabet::Numbers, &[]);
    solves_in_its_own_format(&puzzle(size(16), 4, 2), Format::Bordered, Alphabet::FromOne, &[]);
    let forced = ["--size", "49", "--input-format", "numeric"];
    solves_in_its_own_format(&puzzle(size(49), 6, 4), Format::Judge, Alphabet::Numbers, &forced);
}

#[test]
fn a_file_mixing_sizes_is_answered_puzzle_by_puzzle_by_the_fastest_engine_for_each() {
    let grids = [puzzle(size(9), 1, 2), puzzle(size(16), 2, 2), puzzle(size(4), 3, 2)];
    let input: String =
        grids.iter().map(|grid| format_grid(grid, Format::Line, Alphabet::FromOne)).collect();
    let output = sudoku(&["solve", "--stats"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let solved = read(&stdout(&output));
    assert_eq!(solved.len(), 3);
    for (grid, solution) in grids.iter().zip(&solved) {
        assert_eq!(check_solution(grid, &solution.grid), Ok(()));
    }
    let stats = stderr(&output);
    let engine_of = |line: &str| line.rsplit('(').next().unwrap().trim_end_matches(')').to_owned();
    let used: Vec<String> = stats.lines().take(3).map(engine_of).collect();
    for (grid, engine) in grids.iter().zip(&used) {
        assert_eq!(
            engine,
            sudoku_engines::default_engine_for(grid.size()).name.as_ref(),
            "{stats}"
        );
    }
}

#[test]
fn an_engine_asked_for_a_size_it_does_not_solve_is_a_clear_error_and_the_batch_goes_on() {
    let input = [puzzle(size(16), 1, 2), puzzle(size(9), 2, 2)]
        .iter()
        .map(|grid| format_grid(grid, Format::Line, Alphabet::FromOne))
        .collect::<String>();
    let output = sudoku(&["solve", "--engine", "fast"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "one line per puzzle: {lines:?}");
    assert_eq!(lines[0], "unsupported");
    assert_eq!(lines[1].len(), 81);
    let message = stderr(&output);
    assert!(
        message.starts_with(
            "<stdin>: puzzle 1, line 1: engine 'fast' solves 9×9 grids, not 16×16 (without \
             --engine, the fastest engine for each size and layout is used)\n"
        ),
        "{message}"
    );
    let count = sudoku(&["count", "--engine", "fast"], input.as_bytes());
    assert_eq!(stdout(&count), "unsupported\n1\n");
}

#[test]
fn a_grid_too_large_for_the_line_format_is_refused_in_it() {
    let input = format_grid(&puzzle(size(49), 1, 2), Format::Judge, Alphabet::Numbers);
    let output = sudoku(&["solve", "-o", "line"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "unsupported\n");
    assert!(
        stderr(&output).contains(
            "a 49×49 grid cannot be written in the line format; use judge, pretty or bordered"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn engines_say_which_sizes_they_solve() {
    let listing = stdout(&sudoku(&["engines"], b""));
    let line_of = |name: &str| {
        listing
            .lines()
            .find(|line| line.split_whitespace().next() == Some(name))
            .unwrap()
            .to_owned()
    };
    assert!(line_of("fast").contains(" 9×9 "), "{listing}");
    assert!(line_of("fast").ends_with("(default)"), "{listing}");
    assert!(line_of("fast").contains(" 9×9 "), "{listing}");
    let default_elsewhere = &sudoku_engines::default_engine_for(size(16)).name;
    assert!(
        line_of(default_elsewhere)
            .contains("(default at 4×4, 16×16, rectangular boxes 6×6 to 24×24)"),
        "{listing}"
    );
    assert!(line_of("cdcl").contains("rectangular boxes 28×28 to 56×56)"), "{listing}");
    let dlx = " 4×4 to 64×64, boxes square or rectangular, any layout ";
    assert!(line_of("dlx").contains(dlx), "{listing}");
    assert!(!line_of("fast").contains("any layout"), "{listing}");
}

#[test]
fn generate_makes_other_sizes_that_read_back_with_one_solution() {
    let output = sudoku(&["generate", "--size", "4", "-n", "20", "--seed", "9"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("# sudoku generate --count 20 --seed 9 --size 4\n"), "{text}");
    let puzzles = read(&text);
    assert_eq!(puzzles.len(), 20);
    let counted = sudoku(&["count", "--engine", "dlx"], text.as_bytes());
    assert_eq!(stdout(&counted), "1\n".repeat(20));
    let refused = sudoku(&["generate", "--size", "36", "-n", "1"], b"");
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("the sides go up to 25"), "{}", stderr(&refused));
}

#[test]
fn rectangular_boxes_are_generated_read_back_counted_and_shuffled_either_way_round() {
    for (flag, boxes_line) in
        [("6", None), ("3x2", Some("# boxes 3x2\n")), ("4x3", Some("# boxes 4x3\n"))]
    {
        let output = sudoku(&["generate", "--size", flag, "-n", "6", "--seed", "4"], b"");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.starts_with(&format!("# sudoku generate --count 6 --seed 4 --size {flag}\n")));
        assert_eq!(
            boxes_line.is_some_and(|line| text.contains(line)),
            boxes_line.is_some(),
            "{text}"
        );
        let puzzles = read(&text);
        assert_eq!(puzzles.len(), 6);
        let size: Size = flag.parse().unwrap();
        assert!(puzzles.iter().all(|puzzle| puzzle.grid.size() == size), "{flag}");
        // Every engine that takes the boxes finds one solution, whichever family it is.
        // The backtracking engines only at 6×6: minimal 12×12 puzzles take them minutes.
        let backtracking: &[&str] = if size.side() <= 6 { &["naive", "bitmask-mrv"] } else { &[] };
        let others = ["dlx", "propagate", "cdcl", "alldiff", "sat", "logic"];
        for &engine in backtracking.iter().chain(&others) {
            let counted = sudoku(&["count", "--engine", engine], text.as_bytes());
            assert_eq!(stdout(&counted), "1\n".repeat(6), "{engine} --size {flag}");
        }
        // `fast` solves 9×9 only: refused, never given the puzzle.
        let refused = sudoku(&["count", "--engine", "fast"], text.as_bytes());
        assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
        // Shuffled, the puzzles keep their boxes and their one solution, and the output says
        // which boxes they have; so does `solve`'s and `minimize`'s, in every format.
        let shuffled = stdout(&sudoku(&["shuffle", "--seed", "3"], text.as_bytes()));
        assert_eq!(boxes_line.is_some_and(|line| shuffled.starts_with(line)), boxes_line.is_some());
        assert!(read(&shuffled).iter().all(|puzzle| puzzle.grid.size() == size));
        assert_eq!(stdout(&sudoku(&["count"], shuffled.as_bytes())), "1\n".repeat(6));
        for format in ["line", "pretty", "bordered"] {
            let solved = stdout(&sudoku(&["solve", "-o", format], text.as_bytes()));
            let solutions = read(&solved);
            assert_eq!(solutions.len(), 6, "{format}: {solved}");
            assert!(
                solutions.iter().all(|s| s.grid.size() == size && s.grid.is_full()),
                "{format}"
            );
        }
        let minimal = stdout(&sudoku(&["minimize"], text.as_bytes()));
        assert!(read(&minimal).iter().all(|puzzle| puzzle.grid.size() == size), "{minimal}");
    }
    // A file that turns the boxes and turns them back: each answer reads back with the boxes
    // of its puzzle, the `# boxes` lines written only where the boxes change.
    let made = |flag: &str| {
        let text = stdout(&sudoku(&["generate", "--size", flag, "-n", "1", "--seed", "4"], b""));
        text.lines()
            .filter(|line| !line.starts_with("# ") || line.starts_with("# boxes"))
            .map(|line| format!("{line}\n"))
            .collect::<String>()
    };
    let mixed = [
        made("4x3"),
        "# boxes 3x4\n".to_owned(),
        made("12"),
        made("10"),
        made("9"),
        made("4x3"),
        made("4x3"),
    ]
    .concat();
    let solved = stdout(&sudoku(&["solve"], mixed.as_bytes()));
    let boxes: Vec<&str> = solved.lines().filter(|line| line.starts_with('#')).collect();
    assert_eq!(boxes, ["# boxes 4x3", "# boxes 3x4", "# boxes 4x3"], "{solved}");
    let shapes: Vec<String> = read(&solved).iter().map(|s| s.grid.size().ascii_name()).collect();
    assert_eq!(shapes, ["4x3", "12x12", "10x10", "9x9", "4x3", "4x3"]);
    // Without the `# boxes` line, 12×12 puzzles made for 4×3 boxes are read with 3×4 ones,
    // where their clues clash or their count differs.
    let output = sudoku(&["generate", "--size", "4x3", "-n", "3", "--seed", "4"], b"");
    let plain: String = stdout(&output)
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    let forced = sudoku(&["count", "--size", "4x3"], plain.as_bytes());
    assert_eq!(stdout(&forced), "1\n".repeat(3));
    let usual = sudoku(&["count"], plain.as_bytes());
    assert_ne!(stdout(&usual), "1\n".repeat(3), "{}", stderr(&usual));
}

#[test]
fn bench_measures_each_size_of_a_file_and_marks_engines_that_do_not_solve_it() {
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("mixed.txt");
    let grids = [puzzle(size(9), 1, 2), puzzle(size(16), 2, 2), puzzle(size(16), 5, 2)];
    let text: String =
        grids.iter().map(|grid| format_grid(grid, Format::Line, Alphabet::FromOne)).collect();
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let output = sudoku(&["bench", path, "--engines", "fast,dlx", "--format", "json"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let records: Vec<(String, String, u64)> = json["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let text = |field: &str| r[field].as_str().unwrap().to_owned();
            (text("engine"), text("size"), r["puzzles"].as_u64().unwrap())
        })
        .collect();
    let expected = [("fast", "9x9", 1), ("dlx", "9x9", 1), ("dlx", "16x16", 2)];
    let expected: Vec<(String, String, u64)> =
        expected.iter().map(|&(e, s, n)| (e.to_owned(), s.to_owned(), n)).collect();
    assert_eq!(records, expected);
    assert_eq!(json["not_applicable"][0]["engine"], "fast");
    assert_eq!(json["not_applicable"][0]["size"], "16x16");
    assert_eq!(json["disagreements"].as_array().map(Vec::len), Some(0));
    let table = stdout(&sudoku(&["bench", path, "--engines", "fast,dlx"], b""));
    assert!(table.contains("n/a: fast (solves 9×9)"), "{table}");
}
