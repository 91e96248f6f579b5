//! `sudoku bench` refuses, before it runs, what is certainly a mistake, and its regression
//! gate never passes when it compared nothing.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::repository;
use serde_json::Value;

fn sudoku(args: &[&str]) -> Output {
    common::sudoku(args, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `count` puzzle lines of the shipped corpus.
fn puzzles(count: usize) -> String {
    let shipped =
        std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt")).unwrap();
    shipped
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(count)
        .map(|l| l.to_owned() + "\n")
        .collect()
}

fn write(directory: &Path, name: &str, contents: &str) -> String {
    let path = directory.join(name);
    std::fs::write(&path, contents).unwrap();
    path.display().to_string()
}

/// Saves a baseline of `engines` over `files` at `directory/base.json`; returns its path.
fn save_baseline(directory: &Path, engines: &str, files: &[&str]) -> String {
    let baseline = directory.join("base.json").display().to_string();
    let mut args = vec!["bench", "--engines", engines, "-j", "1", "--save-baseline", &baseline];
    args.extend_from_slice(files);
    let saved = sudoku(&args);
    assert_eq!(saved.status.code(), Some(0), "{}", text(&saved.stderr));
    baseline
}

#[test]
fn a_baseline_sharing_nothing_with_the_run_fails_before_the_run() {
    let directory = tempfile::tempdir().unwrap();
    let first = write(directory.path(), "first.txt", &puzzles(20));
    let second = write(directory.path(), "second.txt", &puzzles(30));
    let baseline = save_baseline(directory.path(), "dlx", &[&first]);

    // Another engine on the same file: no pair in common.
    let other_engine = sudoku(&["bench", &first, "--engines", "fast", "--baseline", &baseline]);
    assert_eq!(other_engine.status.code(), Some(2), "{}", text(&other_engine.stdout));
    let message = text(&other_engine.stderr);
    assert!(message.contains("nothing would be compared"), "{message}");
    assert!(message.contains("dlx on "), "the message says what the baseline holds: {message}");
    assert!(other_engine.stdout.is_empty(), "the run must not start");

    // The same engine on another file: no pair in common either.
    let other_file = sudoku(&["bench", &second, "--engines", "dlx", "--baseline", &baseline]);
    assert_eq!(other_file.status.code(), Some(2));
    assert!(text(&other_file.stderr).contains("nothing would be compared"));
}

#[test]
fn a_partial_baseline_lists_what_was_not_compared_and_fails_unless_allowed() {
    let directory = tempfile::tempdir().unwrap();
    let first = write(directory.path(), "first.txt", &puzzles(20));
    let second = write(directory.path(), "second.txt", &puzzles(30));
    let baseline = save_baseline(directory.path(), "dlx", &[&first]);

    let args = ["bench", &first, &second, "--engines", "dlx", "--baseline", &baseline];
    let partial = sudoku(&args);
    assert_eq!(partial.status.code(), Some(2), "{}", text(&partial.stdout));
    let message = text(&partial.stderr);
    assert!(message.contains(&format!("dlx on {second} (only in the run)")), "{message}");
    assert!(message.contains("--allow-partial-baseline"), "{message}");
    assert!(partial.stdout.is_empty(), "the run must not start");

    let mut allowed_args = args.to_vec();
    allowed_args.extend(["--allow-partial-baseline", "--threshold", "1000"]);
    let allowed = sudoku(&allowed_args);
    let table = text(&allowed.stdout);
    assert_eq!(allowed.status.code(), Some(0), "{table}{}", text(&allowed.stderr));
    assert!(table.contains("1 not compared"), "{table}");

    // Fewer engines than the baseline holds is partial too, the other way round.
    let baseline = save_baseline(directory.path(), "dlx,fast", &[&first]);
    let fewer = sudoku(&["bench", &first, "--engines", "dlx", "--baseline", &baseline]);
    assert_eq!(fewer.status.code(), Some(2));
    assert!(text(&fewer.stderr).contains(&format!("fast on {first} (only in the baseline)")));
}

#[test]
fn baselines_are_checked_before_the_run() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = write(directory.path(), "c.txt", &puzzles(20));
    for name in ["", ".", "..", "...", " "] {
        for flag in ["--baseline", "--save-baseline"] {
            let output = sudoku(&["bench", &corpus, "--engines", "dlx", flag, name]);
            assert_eq!(output.status.code(), Some(2), "{flag} '{name}'");
            assert!(text(&output.stderr).contains("is not a baseline name"), "{flag} '{name}'");
            assert!(output.stdout.is_empty(), "{flag} '{name}': the run must not start");
        }
    }
    // A missing baseline says where it was looked for.
    let missing = sudoku(&["bench", &corpus, "--engines", "dlx", "--baseline", "never-saved"]);
    assert_eq!(missing.status.code(), Some(2));
    let message = text(&missing.stderr);
    assert!(message.contains("sudoku-bench/never-saved.json"), "{message}");
    assert!(message.contains("--save-baseline never-saved"), "{message}");
    assert!(missing.stdout.is_empty());

    // Another budget: refused before the run, not after it.
    let baseline = save_baseline(directory.path(), "dlx", &[&corpus]);
    let other =
        sudoku(&["bench", &corpus, "--engines", "dlx", "--budget", "77", "--baseline", &baseline]);
    assert_eq!(other.status.code(), Some(2));
    assert!(text(&other.stderr).contains("budget 77"), "{}", text(&other.stderr));
    assert!(other.stdout.is_empty());

    // A file that is not a report.
    let not_json = write(directory.path(), "not.json", "{\"hello\": 1}");
    let bad = sudoku(&["bench", &corpus, "--engines", "dlx", "--baseline", &not_json]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
}

#[test]
fn outputs_that_are_certainly_mistakes_are_refused_before_the_run() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = write(directory.path(), "c.txt", &puzzles(20));
    let same = directory.path().join("same.svg").display().to_string();
    let png = directory.path().join("chart.png").display().to_string();
    let lost = directory.path().join("no/such/dir/report.txt").display().to_string();
    // Files the run reads besides its puzzles: an earlier run's rows, an engines file.
    let rows = write(directory.path(), "rows.csv", "not read before the refusal\n");
    let engines = write(directory.path(), "engines.toml", "# no engine\n");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&rows, directory.path().join("rows-link.csv")).unwrap();
    let rows_link = directory.path().join("rows-link.csv").display().to_string();
    let mut cases = vec![
        (vec!["--out", &same, "--chart", &same], "name the same file"),
        (vec!["--chart", &png], "give the file a .svg name"),
        (vec!["--out", &corpus], "is also an input file"),
        (
            vec!["--puzzle-baseline", &rows, "--per-puzzle", &rows],
            "--per-puzzle {rows} is also the --puzzle-baseline: the run would overwrite its own input",
        ),
        (
            vec!["--baseline", &rows, "--out", &rows],
            "--out {rows} is also the --baseline: the run would overwrite its own input",
        ),
        (
            vec!["--engines-file", &engines, "--out", &engines],
            "--out {engines} is also the --engines-file",
        ),
        (vec!["--out", &lost], "no/such/dir/report.txt"),
        (vec!["--chart", "no/such/dir/chart.svg"], "no/such/dir/chart.svg"),
    ];
    if cfg!(unix) {
        cases.push((
            vec!["--puzzle-baseline", &rows, "--per-puzzle", &rows_link],
            "--per-puzzle {rows_link} is also the --puzzle-baseline (as {rows})",
        ));
    }
    for (args, expected) in cases {
        let expected = expected
            .replace("{rows_link}", &rows_link)
            .replace("{rows}", &rows)
            .replace("{engines}", &engines);
        let mut command = vec!["bench", &corpus, "--engines", "dlx"];
        command.extend(&args);
        let output = sudoku(&command);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = text(&output.stderr);
        assert!(message.contains(&expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "one line: {message}");
        assert!(output.stdout.is_empty(), "{args:?}: the run must not start");
    }
    assert_eq!(std::fs::read_to_string(&corpus).unwrap(), puzzles(20), "the input is intact");
    assert_eq!(std::fs::read_to_string(&rows).unwrap(), "not read before the refusal\n");
    assert_eq!(std::fs::read_to_string(&engines).unwrap(), "# no engine\n");
}

#[test]
fn a_dash_reads_standard_input_and_an_unreadable_file_is_in_the_report() {
    let input = puzzles(25);
    let output = common::sudoku(
        &["bench", "-", "no/such/file.txt", "--engines", "dlx", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2), "the unreadable file: {}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let files = json["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["file"], "<stdin>");
    assert_eq!(files[0]["puzzles"], 25);
    assert_eq!(files[0]["error"], Value::Null);
    assert_eq!(files[1]["file"], "no/such/file.txt");
    assert_eq!(files[1]["puzzles"], 0);
    assert!(files[1]["error"].as_str().is_some_and(|error| !error.is_empty()), "{}", files[1]);
    assert_eq!(json["records"].as_array().unwrap().len(), 1);

    let twice = common::sudoku(&["bench", "-", "-", "--engines", "dlx"], input.as_bytes());
    assert_eq!(twice.status.code(), Some(2));
    assert!(text(&twice.stderr).contains("read only once"));
}

#[test]
fn the_chart_marks_engines_that_gave_up_on_most_puzzles() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = write(directory.path(), "c.txt", &puzzles(30));
    let chart = directory.path().join("chart.svg").display().to_string();
    let bench = |budget: &str| {
        let output = sudoku(&[
            "bench",
            &corpus,
            "--engines",
            "naive,bitmask-mrv,dlx",
            "--budget",
            budget,
            "--chart",
            &chart,
            "--format",
            "json",
            "-j",
            "1",
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        let figures = |index: usize, name: &str| json["records"][index][name].as_u64().unwrap();
        let naive = (figures(0, "solved"), figures(0, "budget_outs"));
        let mrv = (figures(1, "solved"), figures(1, "budget_outs"));
        (naive, mrv, std::fs::read_to_string(&chart).unwrap())
    };
    // At 200 nodes plain backtracking answers none of these minimal puzzles, and fewest-
    // candidates-first backtracking solves some but gives up on most.
    let ((naive_solved, _), (mrv_solved, mrv_gave_up), svg) = bench("200");
    assert_eq!(naive_solved, 0);
    assert!(mrv_solved > 0 && mrv_gave_up > 15, "{mrv_solved} solved, {mrv_gave_up} gave up");
    assert!(svg.contains("none answered"), "no bar for naive");
    assert!(svg.contains("† gave up at the node budget"), "the footnote for bitmask-mrv");
    // With no budget every engine answers every puzzle: plain bars, no marks.
    let (_, (_, mrv_gave_up), svg) = bench("none");
    assert_eq!(mrv_gave_up, 0);
    assert!(!svg.contains('†') && !svg.contains("none answered"));
}

#[test]
fn thousands_of_threads_are_refused_with_the_limit() {
    for command in ["bench", "generate"] {
        let mut args = vec![command, "--threads", "65535"];
        if command == "generate" {
            args.extend(["--count", "1"]);
        }
        let output = sudoku(&args);
        assert_eq!(output.status.code(), Some(2), "{command}");
        let message = text(&output.stderr);
        assert!(message.contains("expected a number of threads from 1 to "), "{message}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_report_that_cannot_be_written_to_standard_output_is_an_error_and_the_baseline_still_saved() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = write(directory.path(), "c.txt", &puzzles(20));
    let baseline = directory.path().join("saved.json");
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["bench", &corpus, "--engines", "dlx", "--save-baseline"])
        .arg(&baseline)
        .env("CI", "true")
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = text(&output.stderr);
    assert!(message.contains("No space left on device"), "{message}");
    assert!(!message.contains("panicked"), "{message}");
    assert!(baseline.is_file(), "the baseline is saved all the same");
}

#[test]
fn threshold_none_judges_the_counters_and_never_the_time() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = write(directory.path(), "c.txt", &puzzles(30));
    let baseline = save_baseline(directory.path(), "dlx", &[&corpus]);
    let edit = |change: &dyn Fn(&mut Value)| {
        let mut json: Value =
            serde_json::from_str(&std::fs::read_to_string(&baseline).unwrap()).unwrap();
        change(&mut json["records"][0]);
        std::fs::write(&baseline, serde_json::to_string(&json).unwrap()).unwrap();
    };
    // A baseline a million times faster: a regression with a threshold, nothing without one.
    edit(&|record| {
        let rate = record["single_thread_puzzles_per_second"].as_f64().unwrap();
        record["single_thread_puzzles_per_second"] = (rate * 1e6).into();
    });
    let bench = |threshold: &str| {
        sudoku(&[
            "bench",
            &corpus,
            "--engines",
            "dlx",
            "--baseline",
            &baseline,
            "--threshold",
            threshold,
        ])
    };
    let timed = bench("10");
    assert_eq!(timed.status.code(), Some(4), "{}", text(&timed.stdout));
    let untimed = bench("none");
    let table = text(&untimed.stdout);
    assert_eq!(untimed.status.code(), Some(0), "{table}");
    assert!(table.contains("time not judged, 0 with changed counters"), "{table}");
    // A counter that moved still fails.
    edit(&|record| {
        let guesses = record["guesses_total"].as_u64().unwrap();
        record["guesses_total"] = (guesses + 1).into();
    });
    let changed = bench("none");
    assert_eq!(changed.status.code(), Some(4), "{}", text(&changed.stdout));
    assert!(text(&changed.stdout).contains("guesses_total"));
}
