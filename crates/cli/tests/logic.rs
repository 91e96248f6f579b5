//! `sudoku explain`, `sudoku rate` and `sudoku bench --by-difficulty`, driven as a user drives
//! them.

mod common;

use common::{repository, sudoku};
use serde_json::Value;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn sample(name: &str) -> String {
    repository().join("data/samples").join(name).display().to_string()
}

fn corpus(name: &str) -> String {
    repository().join("data/corpus").join(name).display().to_string()
}

/// The first puzzle of `../shared/corpora/top1465.txt`, or `None` with a notice.
fn top1465_first() -> Option<String> {
    let path = repository().join("../shared/corpora/top1465.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("NOTICE: top1465 test skipped: {} not found", path.display());
        return None;
    };
    text.lines().find(|line| !line.starts_with('#') && !line.trim().is_empty()).map(str::to_owned)
}

#[test]
fn explain_numbers_every_step_and_ends_with_the_samples_solution() {
    for (input, expected) in
        [("seed004-judge.in", "seed004-judge.out"), ("seed004-pretty.in", "seed004-pretty.out")]
    {
        let output = sudoku(&["explain", &sample(input)], b"");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let stdout = text(&output.stdout);
        let solution = std::fs::read_to_string(sample(expected)).unwrap();
        assert!(stdout.ends_with(&solution), "{input}: the path ends in the solution:\n{stdout}");
        let steps: Vec<&str> = stdout
            .lines()
            .filter(|line| line.trim_start().starts_with(char::is_numeric) && line.contains(". "))
            .collect();
        let empty = 81 - 32;
        assert_eq!(steps.len(), empty, "{input}: a placing step per empty cell (singles only)");
        for (index, line) in steps.iter().enumerate() {
            assert!(line.trim_start().starts_with(&format!("{}. ", index + 1)), "{line}");
            assert!(line.contains(" => r"), "{line}: what the step makes, in r1c1 notation");
        }
        assert!(stdout.contains(&format!("Solved in {empty} steps; hardest: ")));
    }
}

#[test]
fn explain_reads_a_puzzle_given_on_the_command_line_and_shows_pencil_marks_on_request() {
    let puzzle =
        "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..";
    let plain = sudoku(&["explain", puzzle], b"");
    assert_eq!(plain.status.code(), Some(0), "{}", text(&plain.stderr));
    let with_grid = sudoku(&["explain", "--grid", puzzle], b"");
    assert_eq!(with_grid.status.code(), Some(0));
    let plain = text(&plain.stdout);
    let with_grid = text(&with_grid.stdout);
    let steps = plain.lines().filter(|line| line.contains(" => ")).count();
    // Each step is preceded by a grid of 9 rows and 4 rules.
    let rules = with_grid.lines().filter(|line| line.starts_with("+-")).count();
    assert_eq!(rules, 4 * steps);
    assert!(with_grid.contains("| 3 "), "the first row's clue");
    // The last line of the solution, written on one line as the puzzle was.
    assert_eq!(plain.lines().last().unwrap().len(), 81);
}

#[test]
fn explain_json_holds_every_step_as_data_that_agrees_with_the_solution() {
    let output = sudoku(&["explain", "--format", "json", &sample("seed004-judge.in")], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let puzzle = &json["puzzles"][0];
    assert_eq!(puzzle["end"], "solved");
    assert_eq!(puzzle["solutions"], "1");
    let solution: Vec<u8> =
        puzzle["solution"].as_str().unwrap().bytes().map(|b| b - b'0').collect();
    let steps = puzzle["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(step["text"].as_str().unwrap().starts_with(step["technique"].as_str().unwrap()));
        for placement in step["placements"].as_array().unwrap() {
            let (row, column) =
                (placement["row"].as_u64().unwrap(), placement["column"].as_u64().unwrap());
            let cell = ((row - 1) * 9 + column - 1) as usize;
            assert_eq!(u64::from(solution[cell]), placement["digit"].as_u64().unwrap());
            assert_eq!(placement["cell"], format!("r{row}c{column}"));
        }
    }
}

#[test]
fn explain_shows_the_candidates_where_techniques_are_stuck_and_says_when_there_is_no_solution() {
    // One full row: a puzzle with many solutions, where nothing sound can be placed for long.
    let several = format!("123456789{}", ".".repeat(72));
    let several = several.as_str();
    let stuck = sudoku(&["explain", several], b"");
    assert_eq!(stuck.status.code(), Some(1), "{}", text(&stuck.stderr));
    let stdout = text(&stuck.stdout);
    assert!(stdout.contains("several solutions"), "{stdout}");
    assert!(stdout.contains("Stuck after "), "{stdout}");
    assert!(stdout.lines().last().unwrap().starts_with("+-"), "ends with the candidate grid");

    // r1c9 sees 1-8 in its row and 9 in its column: no solution, though no clue repeats.
    let none = "12345678.........9...............................................................";
    let output = sudoku(&["explain", none], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("No solution"), "{}", text(&output.stdout));
}

#[test]
fn explain_rejects_bad_input_with_one_line_and_exit_code_2() {
    let missing = sudoku(&["explain", "no/such/file.txt"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(text(&missing.stderr).lines().count(), 1, "{}", text(&missing.stderr));
    let malformed = sudoku(&["explain", "-"], b"12345x789\n");
    assert_eq!(malformed.status.code(), Some(2));
    assert!(text(&malformed.stderr).contains("line 1"), "{}", text(&malformed.stderr));
}

#[test]
fn explain_walks_a_top1465_puzzle_to_its_solution() {
    let Some(puzzle) = top1465_first() else { return };
    let output = sudoku(&["explain", &puzzle], b"");
    let stdout = text(&output.stdout);
    let solved = output.status.code() == Some(0);
    assert!(solved || stdout.contains("Stuck after"), "{stdout}");
    if solved {
        let last = stdout.lines().last().unwrap();
        let solution = sudoku(&["solve"], format!("{puzzle}\n").as_bytes());
        assert_eq!(format!("{last}\n"), text(&solution.stdout));
    }
}

#[test]
fn rate_counts_every_puzzle_once_in_every_format_and_threads_do_not_change_it() {
    let file = corpus("generated-4x4-1000.txt");
    let table = sudoku(&["rate", &file], b"");
    assert_eq!(table.status.code(), Some(0), "{}", text(&table.stderr));
    let table = text(&table.stdout);
    assert!(table.contains("1000 puzzles rated"), "{table}");
    assert!(table.contains("solved without guessing: 1000 of 1000"), "{table}");

    let one = sudoku(&["rate", "-o", "csv", "-j", "1", &corpus("generated-10000.txt")], b"");
    let two = sudoku(&["rate", "-o", "csv", "-j", "2", &corpus("generated-10000.txt")], b"");
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(text(&one.stdout).lines().count(), 10_001, "a header and a row per puzzle");
    assert_eq!(one.stdout, two.stdout, "the rows do not depend on the threads");

    let json = sudoku(&["rate", "-o", "json", &file], b"");
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let first = &json["files"][0];
    assert_eq!(first["puzzles"].as_array().unwrap().len(), 1000);
    let by_hardest: u64 = first["by_hardest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["puzzles"].as_u64().unwrap())
        .sum();
    let rest = ["already_solved", "needs_guessing", "no_solution", "several_solutions"]
        .iter()
        .map(|key| first[key].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(by_hardest + rest, 1000);
}

#[test]
fn rate_goes_on_past_a_malformed_puzzle_and_exits_2() {
    let input = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..\n\
                 3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.x\n\
                 3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..\n";
    let output = sudoku(&["rate", "-o", "csv"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout).lines().count(), 3, "{}", text(&output.stdout));
    assert!(text(&output.stderr).contains("line 2"), "{}", text(&output.stderr));
}

#[test]
fn bench_by_difficulty_reports_each_band_as_a_file_and_the_bands_hold_every_puzzle() {
    let file = corpus("generated-4x4-1000.txt");
    let output = sudoku(
        &["bench", "--by-difficulty", "--format", "json", "--engines", "dlx,logic", &file],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let files = json["files"].as_array().unwrap();
    assert!(files.iter().all(|f| f["file"].as_str().unwrap().contains(" [")), "{files:?}");
    let puzzles: u64 = files.iter().map(|f| f["puzzles"].as_u64().unwrap()).sum();
    assert_eq!(puzzles, 1000);
    assert_eq!(json["disagreements"], Value::Array(vec![]));
}
