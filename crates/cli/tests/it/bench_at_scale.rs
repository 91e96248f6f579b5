//! `sudoku bench` per puzzle, in shards, and in pictures: `--per-puzzle`,
//! `--puzzle-baseline`, `--shard` with `sudoku bench merge`, `--chart KIND:FILE` and
//! `--report`.

use crate::common;

use std::path::Path;

use common::{repository, sudoku, sudoku_in};
use serde_json::Value;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first `count` puzzles of the shipped 9×9 corpus and of the 4×4 one, alternating, with
/// a malformed line after the tenth: one file of two sizes.
fn mixed_corpus(directory: &Path, count: usize) -> String {
    let lines = |name: &str| -> Vec<String> {
        std::fs::read_to_string(repository().join("data/corpus").join(name))
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with('#'))
            .take(count)
            .map(str::to_owned)
            .collect()
    };
    let mut text = String::new();
    for (index, (nine, four)) in
        lines("generated-10000.txt").iter().zip(lines("generated-4x4-1000.txt")).enumerate()
    {
        text.push_str(&format!("{nine}\n{four}\n"));
        if index == 9 {
            text.push_str(&format!("{}x\n", ".".repeat(80)));
        }
    }
    std::fs::write(directory.join("mixed.txt"), text).unwrap();
    "mixed.txt".to_owned()
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The deterministic fields of every record.
fn counters(report: &Value) -> Vec<Vec<Value>> {
    let fields = [
        "engine",
        "file",
        "size",
        "puzzles",
        "solved",
        "unsolvable",
        "budget_outs",
        "one_solution",
        "two_plus_solutions",
        "nodes_total",
        "guesses_total",
        "solved_without_guessing",
        "disagreements",
    ];
    report["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| fields.iter().map(|field| record[field].clone()).collect())
        .collect()
}

#[test]
fn per_puzzle_rows_are_one_per_puzzle_and_engine_and_an_earlier_run_lists_the_changes() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let file = mixed_corpus(dir, 60);
    let run = |extra: &[&str]| {
        let mut args = vec!["bench", &file, "-e", "fast,dlx,naive", "--budget", "300"];
        args.extend_from_slice(extra);
        sudoku_in(dir, &args)
    };
    let first = run(&["--per-puzzle", "rows.csv"]);
    // The malformed line is bad input (exit 2), and the run goes on past it.
    assert_eq!(first.status.code(), Some(2), "{}", text(&first.stderr));
    let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(
        lines[0],
        "file,size,puzzle,line,engine,verdict,count,us,nodes,guesses,message,digest"
    );
    // 60 9×9 puzzles by three engines, 60 4×4 puzzles by two (fast solves 9×9 only).
    assert_eq!(lines.len(), 1 + 60 * 3 + 60 * 2);
    assert!(lines.iter().any(|line| line.contains(",naive,budget-out,")), "no budget-out row");
    assert!(lines.iter().all(|line| !line.contains(",puzzle,") || line.starts_with("file")));
    let jsonl = run(&["--per-puzzle", "rows.jsonl"]);
    assert_eq!(jsonl.status.code(), Some(2));
    let objects: Vec<Value> = std::fs::read_to_string(dir.join("rows.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 300);
    // Puzzle 11 is the malformed line's number; 9×9 puzzles are odd before it, even after.
    assert!(objects.iter().all(|row| row["puzzle"] != 21 || row["line"] == 21));

    // The same run against its own rows: nothing changed.
    let same = run(&["--puzzle-baseline", "rows.csv"]);
    assert!(
        text(&same.stderr).contains("300 compared, 0 with changed counters"),
        "{}",
        text(&same.stderr)
    );
    // An earlier run whose dlx took another path on one puzzle: listed, and a regression.
    let changed: String = rows
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            if fields[2] == "5" && fields[4] == "dlx" {
                let mut fields: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
                fields[8] = "999999".into();
                fields.join(",")
            } else {
                line.to_owned()
            }
        })
        .map(|line| line + "\n")
        .collect();
    std::fs::write(dir.join("earlier.csv"), changed).unwrap();
    let gate = run(&["--puzzle-baseline", "earlier.csv"]);
    let stderr = text(&gate.stderr);
    assert!(stderr.contains("1 with changed counters"), "{stderr}");
    assert!(stderr.contains("changed mixed.txt: puzzle 5, line 5, dlx"), "{stderr}");
    assert_eq!(gate.status.code(), Some(2), "bad input outranks the regression");
    let accepted = run(&["--puzzle-baseline", "earlier.csv", "--accept-counter-changes"]);
    assert!(text(&accepted.stderr).contains("1 with changed counters"));
    // A per-puzzle file that cannot be read stops the run before it starts.
    let missing = run(&["--puzzle-baseline", "nowhere.csv"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        text(&missing.stderr).contains("--puzzle-baseline nowhere.csv"),
        "{}",
        text(&missing.stderr)
    );
}

#[test]
fn a_changed_puzzle_is_a_regression_exit_code_on_clean_input() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let corpus = repository().join("data/corpus/generated-4x4-1000.txt");
    let corpus = corpus.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["bench", corpus, "-e", "dlx"];
        args.extend_from_slice(extra);
        sudoku_in(dir, &args)
    };
    assert_eq!(run(&["--per-puzzle", "rows.jsonl"]).status.code(), Some(0));
    let rows = std::fs::read_to_string(dir.join("rows.jsonl")).unwrap();
    let edited = rows.replacen("\"nodes\":", "\"nodes\":1", 1);
    assert_ne!(edited, rows);
    std::fs::write(dir.join("earlier.jsonl"), edited).unwrap();
    assert_eq!(run(&["--puzzle-baseline", "earlier.jsonl"]).status.code(), Some(4));
    let accepted = run(&["--puzzle-baseline", "earlier.jsonl", "--accept-counter-changes"]);
    assert_eq!(accepted.status.code(), Some(0));
}

#[test]
fn four_shards_merged_are_the_whole_run() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let file = mixed_corpus(dir, 80);
    let common = ["-e", "dlx,propagate,bitmask", "--budget", "2000", "-j", "2", "-f", "json"];
    let run = |extra: &[&str]| {
        let mut args = vec!["bench", &file];
        args.extend_from_slice(&common);
        args.extend_from_slice(extra);
        sudoku_in(dir, &args)
    };
    assert_eq!(run(&["-o", "whole.json"]).status.code(), Some(2));
    for index in 1..=4 {
        let shard = format!("{index}/4");
        let out = format!("shard{index}.json");
        assert_eq!(run(&["--shard", &shard, "-o", &out]).status.code(), Some(2));
    }
    let merged = sudoku_in(
        dir,
        &[
            "bench",
            "merge",
            "shard3.json",
            "shard1.json",
            "shard4.json",
            "shard2.json",
            "-f",
            "json",
            "-o",
            "merged.json",
            "--report",
            "merged.html",
        ],
    );
    // The merged report counts the malformed line, as the whole run does.
    assert_eq!(merged.status.code(), Some(2), "{}", text(&merged.stderr));
    let (whole, merged) = (json(&dir.join("whole.json")), json(&dir.join("merged.json")));
    assert_eq!(counters(&merged), counters(&whole));
    assert!(counters(&whole).iter().any(|record| record[6] != 0), "no budget-out merged");
    assert_eq!(merged["merged_shards"], 4);
    assert_eq!(merged["files"][0]["digest"], whole["files"][0]["digest"]);
    assert!(std::fs::read_to_string(dir.join("merged.html")).unwrap().contains("</html>"));

    let missing = sudoku_in(dir, &["bench", "merge", "shard1.json", "shard2.json", "shard4.json"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("shard 3/4 missing"), "{}", text(&missing.stderr));
    let bad = sudoku_in(dir, &["bench", &file, "--shard", "5/4"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("5/4"), "{}", text(&bad.stderr));
}

#[test]
fn every_chart_kind_and_the_report_are_written_and_misnamed_ones_refused_before_the_run() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let file = mixed_corpus(dir, 40);
    let output = sudoku_in(
        dir,
        &[
            "bench",
            &file,
            "-e",
            "dlx,propagate",
            "--chart",
            "bars.svg",
            "--chart",
            "cactus:cactus.svg",
            "--chart",
            "scatter:scatter.svg",
            "--chart",
            "scaling:scaling.svg",
            "--scatter",
            "propagate,dlx",
            "--report",
            "report.html",
        ],
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    for name in ["bars.svg", "cactus.svg", "scatter.svg", "scaling.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("mixed.txt") && html.matches("<svg").count() >= 3);
    for (flag, value) in
        [("--chart", "chart.png"), ("--report", "report.pdf"), ("--chart", "pie:x.svg")]
    {
        let refused = sudoku_in(dir, &["bench", &file, "-e", "dlx", flag, value]);
        assert_eq!(refused.status.code(), Some(2), "{flag} {value}");
        assert!(text(&refused.stdout).is_empty(), "{flag} {value}: the run started");
    }
}

#[test]
fn a_pipe_named_as_a_file_is_read_once_and_held() {
    // `sudoku bench <(command)` names a pipe: it cannot be read a second time, so it is loaded
    // whole, as standard input is.
    let corpus = std::fs::read(repository().join("data/corpus/generated-4x4-1000.txt")).unwrap();
    let output = sudoku(&["bench", "/dev/stdin", "-e", "dlx", "-f", "json"], &corpus);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["records"][0]["puzzles"], 1000);
    assert_eq!(report["files"][0]["error"], Value::Null);
}
