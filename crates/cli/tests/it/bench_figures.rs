//! The figures of `sudoku bench` when an engine from outside lies or answers nothing: its own
//! times held within the harness's clock, no percentile above the longest solve, no rate for
//! an engine that answered no puzzle; and time limits too short to mean anything refused.

use crate::common;

use std::path::Path;

use common::{shipped_puzzles, sudoku_in, text};
use serde_json::Value;

/// A protocol engine in `sh` that answers every puzzle at once with "no solution", claiming
/// `nanos` ns of solving for each (`feature time`).
fn claiming(directory: &Path, nanos: &str) -> String {
    let script = directory.join("claims.sh");
    std::fs::write(
        &script,
        "while read -r word id rest; do\n\
         \x20 case \"$word\" in\n\
         \x20   sudoku-protocol) printf 'protocol 1\\nfeature time\\nready\\n' ;;\n\
         \x20   ping) echo pong ;;\n\
         \x20   solve) printf 'answer %s 0 complete time-ns=%s\\n' \"$id\" \"$1\" ;;\n\
         \x20   quit) exit 0 ;;\n\
         \x20 esac\n\
         done\n",
    )
    .unwrap();
    format!("claims=protocol:sh '{}' {nanos}", script.display())
}

/// The JSON record of `engine` in the report `sudoku bench ARGS -f json`, which must exit
/// with `code`.
fn record(directory: &Path, args: &[&str], engine: &str, code: i32) -> Value {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend(["-f", "json"]);
    let output = sudoku_in(directory, &all);
    assert_eq!(output.status.code(), Some(code), "{}", text(&output.stderr));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let records = report["records"].as_array().unwrap();
    records.iter().find(|record| record["engine"] == engine).unwrap().clone()
}

fn figure(record: &Value, name: &str) -> f64 {
    record[name].as_f64().unwrap_or_else(|| panic!("{name} in {record}"))
}

#[test]
fn an_engine_is_believed_on_its_times_only_within_the_harness_clock() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 30);
    // A day claimed for every puzzle: no solve is longer than the passes took.
    let day = claiming(dir, "86400000000000");
    let args = ["p.txt", "-j", "1", "-e", "claims", "--repeat", "3", "--no-cross-check"];
    let liar = record(dir, &[&args[..], &["--external", &day]].concat(), "claims", 0);
    let wall = figure(&liar, "wall_seconds");
    assert!(figure(&liar, "us_max") < 1e6 * (wall + 0.5), "{liar}");
    assert!(figure(&liar, "solve_seconds") < wall + 0.5, "{liar}");
    assert!(figure(&liar, "single_thread_puzzles_per_second") > 30.0 / (wall + 0.5), "{liar}");
    // No time at all: the percentiles are not above the longest solve.
    let zero = claiming(dir, "0");
    let none = record(dir, &[&args[..], &["--external", &zero]].concat(), "claims", 0);
    let max = figure(&none, "us_max");
    assert!(figure(&none, "us_median") <= max && figure(&none, "us_p99") <= max, "{none}");
}

#[test]
fn an_engine_that_answered_nothing_has_no_rate_or_speedup() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 20);
    let crash = "crash=judge:sh -c 'exit 139'";
    let args = ["bench", "p.txt", "-j", "2", "-e", "crash,fast", "--external", crash, "--wide"];
    let output = sudoku_in(dir, &args);
    assert_eq!(output.status.code(), Some(5), "{}", text(&output.stderr));
    let table = text(&output.stdout);
    let row = |engine: &str| {
        let line = table.lines().find(|line| line.starts_with(&format!("{engine} "))).unwrap();
        line.split_whitespace().map(str::to_owned).collect::<Vec<String>>()
    };
    // engine, puzzles, solved, unsolvable, budget-outs, failed, then puzzles/s, the four µs
    // figures, 2-thread/s and speedup.
    assert_eq!(row("crash")[1..6], ["20", "0", "0", "0", "20"], "{table}");
    assert_eq!(row("crash")[6..13], ["-"; 7], "{table}");
    assert!(row("fast")[6..13].iter().all(|cell| cell != "-"), "{table}");
    assert!(table.contains("-: no time, rate or speedup: the engine answered no puzzle"));
    let json = record(dir, &args[1..], "crash", 5);
    for field in ["single_thread_puzzles_per_second", "parallel_puzzles_per_second", "speedup"] {
        assert_eq!(figure(&json, field), 0.0, "{field} in {json}");
    }
}

#[test]
fn a_time_limit_below_a_millisecond_is_refused_naming_the_flag() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 1);
    for limit in ["0.000000001", "0.0009"] {
        let output = sudoku_in(dir, &["solve", "--time-limit", limit, "p.txt"]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(first.contains("--time-limit") && first.contains("1 ms"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
    let output = sudoku_in(dir, &["solve", "--time-limit", "0.001", "p.txt"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}
