//! `sudoku bench`, driven as a user drives it.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{repository, sudoku_in};
use serde_json::Value;

fn samples() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(repository().join("data/samples"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .map(|path| path.display().to_string())
        .collect();
    files.sort();
    files
}

fn sudoku(args: &[&str]) -> Output {
    sudoku_in(&repository(), args)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The registry's default engine, as `sudoku engines` marks it.
fn default_engine() -> String {
    let listing = text(&sudoku(&["engines"]).stdout);
    let line = listing.lines().find(|line| line.ends_with("(default)")).unwrap();
    line.split_whitespace().next().unwrap().to_owned()
}

/// The first `count` puzzles of the shipped corpus in `directory/name`.
fn corpus_prefix(directory: &Path, name: &str, count: usize) -> String {
    let shipped = std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt"));
    let lines: Vec<String> = shipped
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(count)
        .map(|line| format!("{line}\n"))
        .collect();
    let path = directory.join(name);
    std::fs::write(&path, lines.concat()).unwrap();
    path.display().to_string()
}

#[test]
fn with_no_files_it_benchmarks_the_shipped_corpus_from_anywhere() {
    let engine = default_engine();
    let elsewhere = tempfile::tempdir().unwrap();
    for directory in [repository(), elsewhere.path().to_owned()] {
        let output = sudoku_in(&directory, &["bench", "--engines", &engine]);
        let table = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert!(table.contains("generated-10000.txt: 10,000 puzzles"), "{table}");
        assert!(table.starts_with("sudoku bench: mode unique"), "{table}");
        assert!(table.contains("cross-check: 0 disagreements"), "{table}");
        let row = table.lines().find(|line| line.starts_with(&engine)).unwrap();
        let figures: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(figures[1..4], ["10,000", "0", "0"], "solved, unsolvable, budget-outs: {row}");
    }
}

#[test]
fn json_output_states_its_settings_and_reads_back() {
    let mut args = vec!["bench", "--format", "json", "--mode", "first", "--budget", "500"];
    args.extend(["-j", "2", "--engines", "naive,dlx"]);
    let files = samples();
    args.extend(files.iter().map(String::as_str));
    let output = sudoku(&args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["schema_version"], sudoku_bench::SCHEMA_VERSION);
    assert_eq!(json["mode"], "first");
    assert_eq!(json["budget"], 500);
    assert_eq!(json["threads"], 2);
    assert_eq!(json["cross_check"], true);
    assert_eq!(json["disagreements"], Value::Array(vec![]));
    let records = json["records"].as_array().unwrap();
    assert_eq!(records.len(), 2 * files.len());
    for record in records {
        assert_eq!(record["one_solution"], Value::Null, "mode first proves no uniqueness");
        assert_eq!(record["budget"], 500);
        assert_eq!(record["disagreements"], 0);
    }
    let report = sudoku_bench::output::read_json(&text(&output.stdout)).unwrap();
    assert_eq!(report.records.len(), records.len());
}

#[test]
fn csv_has_a_header_and_one_row_per_engine_and_file() {
    let files = samples();
    let mut args = vec!["bench", "--format", "csv", "--engines", "bitmask,bitmask-mrv", "-j", "1"];
    args.extend(files.iter().map(String::as_str));
    let output = sudoku(&args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let records = sudoku_bench::output::read_csv(&output.stdout).unwrap();
    assert_eq!(records.len(), 2 * files.len());
    assert!(records.iter().all(|record| record.threads == 1 && record.speedup > 0.0));
}

#[test]
fn a_malformed_puzzle_is_named_and_the_others_are_benchmarked() {
    let directory = tempfile::tempdir().unwrap();
    let good = ".".repeat(81);
    let path = directory.path().join("mixed.txt");
    std::fs::write(&path, format!("{good}\n{}x\n{good}\n", ".".repeat(80))).unwrap();
    let file = path.display().to_string();
    let output = sudoku(&["bench", &file, "--engines", "dlx", "-j", "1"]);
    assert_eq!(output.status.code(), Some(2));
    let messages = text(&output.stderr);
    let expected = format!("{file}: puzzle 2, line 2, column 81: expected a digit");
    assert!(messages.lines().next().unwrap().starts_with(&expected), "{messages}");
    assert!(messages.contains("1 of 3 puzzles unreadable; benchmarking the other 2"), "{messages}");
    assert!(text(&output.stdout).contains(&format!("{file}: 2 puzzles (1 unreadable)")));
    assert!(!messages.contains("panicked"));

    let output = sudoku(&["bench", "no/such/file.txt", &file, "--engines", "dlx"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("sudoku: cannot open no/such/file.txt: "));
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["bench", "--budget", "0"][..],
        &["bench", "--engines", "quantum"],
        &["bench", "--repeat", "2", "--min-time", "1"],
        &["bench", "--threads", "0"],
        &["bench", "--accept-counter-changes"],
    ] {
        let output = sudoku(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
    let output = sudoku(&["bench", "--engines", "quantum"]);
    assert!(text(&output.stderr).contains("unknown engine 'quantum'; the engines are: naive"));
}

#[test]
fn outputs_go_to_files_whole_and_the_chart_is_svg() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = corpus_prefix(directory.path(), "prefix.txt", 50);
    let report = directory.path().join("report.md");
    let chart = directory.path().join("chart.svg");
    let output = sudoku(&[
        "bench",
        &corpus,
        "--engines",
        "bitmask-mrv,dlx",
        "--format",
        "markdown",
        "--out",
        report.to_str().unwrap(),
        "--chart",
        chart.to_str().unwrap(),
        "--no-cross-check",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
    let markdown = std::fs::read_to_string(&report).unwrap();
    assert!(markdown.contains("| file | size | engine |"), "{markdown}");
    assert!(markdown.contains("cross-check: OFF"), "{markdown}");
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("prefix.txt"));
    let names: Vec<_> =
        std::fs::read_dir(directory.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 3, "a temporary file was left behind: {names:?}");
}

#[test]
fn baselines_pass_unchanged_and_flag_slowdowns_and_counter_changes() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = corpus_prefix(directory.path(), "prefix.txt", 200);
    let baseline = directory.path().join("main.json");
    let baseline = baseline.to_str().unwrap();
    let bench = |extra: &[&str]| {
        let mut args = vec!["bench", &corpus, "--engines", "bitmask-mrv,dlx", "-j", "2"];
        args.extend_from_slice(extra);
        sudoku(&args)
    };
    let saved = bench(&["--save-baseline", baseline]);
    assert_eq!(saved.status.code(), Some(0), "{}", text(&saved.stderr));
    assert!(text(&saved.stderr).contains(&format!("baseline {baseline} saved")));

    // Unchanged: counters match exactly; the time threshold is wide, since this is a real run.
    let unchanged = bench(&["--baseline", baseline, "--threshold", "1000"]);
    let table = text(&unchanged.stdout);
    assert_eq!(unchanged.status.code(), Some(0), "{table}");
    assert!(table.contains("0 slower beyond 1000%, 0 with changed counters"), "{table}");

    let edit = |change: &dyn Fn(&mut Value)| {
        let mut json: Value =
            serde_json::from_str(&std::fs::read_to_string(baseline).unwrap()).unwrap();
        for record in json["records"].as_array_mut().unwrap() {
            change(record);
        }
        std::fs::write(baseline, serde_json::to_string(&json).unwrap()).unwrap();
    };

    // A counter changed: flagged, unless accepted.
    edit(&|record| {
        let nodes = record["nodes_total"].as_u64().unwrap();
        record["nodes_total"] = (nodes + 7).into();
    });
    let changed = bench(&["--baseline", baseline, "--threshold", "1000"]);
    assert_eq!(changed.status.code(), Some(4), "{}", text(&changed.stdout));
    assert!(text(&changed.stdout).contains("nodes_total"));
    let accepted =
        bench(&["--baseline", baseline, "--threshold", "1000", "--accept-counter-changes"]);
    assert_eq!(accepted.status.code(), Some(0), "{}", text(&accepted.stdout));

    // The baseline a thousand times faster than now: a slowdown no noise explains.
    edit(&|record| {
        let rate = record["single_thread_puzzles_per_second"].as_f64().unwrap();
        record["single_thread_puzzles_per_second"] = (rate * 1000.0).into();
    });
    let slower = bench(&["--baseline", baseline, "--accept-counter-changes", "--format", "json"]);
    assert_eq!(slower.status.code(), Some(4));
    // With JSON on standard output, the comparison goes to standard error.
    assert!(serde_json::from_slice::<Value>(&slower.stdout).is_ok());
    assert!(text(&slower.stderr).contains("SLOWER"), "{}", text(&slower.stderr));

    let other_mode = bench(&["--baseline", baseline, "--mode", "first"]);
    assert_eq!(other_mode.status.code(), Some(2));
    assert!(text(&other_mode.stderr).contains("the baseline was made with mode unique"));
    let missing = bench(&["--baseline", "no-such-baseline.json"]);
    assert_eq!(missing.status.code(), Some(2));
}
