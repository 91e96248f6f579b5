//! Regression verdicts with statistics: `sudoku bench compare` on per-puzzle files, a
//! per-puzzle `--baseline`, `--compare A,B --until-decided`, and the formats of continuous
//! benchmarking (`--format bmf`, validated against Bencher's published schema, and
//! `--format github-benchmark`).

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{refused, repository, shipped_puzzles, sudoku_in, text};
use serde_json::Value;

/// `sudoku ARGS` in `directory`, asserting its exit code.
fn run(directory: &Path, args: &[&str], code: i32) -> Output {
    let output = sudoku_in(directory, args);
    assert_eq!(
        output.status.code(),
        Some(code),
        "sudoku {}:\n{}\n{}",
        args.join(" "),
        text(&output.stdout),
        text(&output.stderr)
    );
    output
}

/// A directory with `p.txt` (200 puzzles) and `rows.csv`, the per-puzzle rows of fast and
/// dlx on it.
fn with_rows() -> tempfile::TempDir {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 200);
    run(dir, &["bench", "p.txt", "-j", "1", "-e", "fast,dlx", "--per-puzzle", "rows.csv"], 0);
    directory
}

/// `rows.csv` with every time multiplied by `factor`, as `name`; and, when `rename`, the file
/// renamed (its digest kept).
fn scaled(dir: &Path, name: &str, factor: f64, rename: bool) {
    let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let mut lines = rows.lines();
    let mut out = format!("{}\n", lines.next().unwrap());
    for line in lines {
        let mut fields: Vec<String> = line.split(',').map(str::to_owned).collect();
        let us: f64 = fields[7].parse().unwrap();
        fields[7] = (us * factor).to_string();
        if rename {
            fields[0] = "elsewhere/p.txt".to_owned();
        }
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    std::fs::write(dir.join(name), out).unwrap();
}

#[test]
fn the_same_rows_are_no_change_and_rows_half_again_as_slow_are_slower() {
    let directory = with_rows();
    let dir = directory.path();
    let same = run(dir, &["bench", "compare", "rows.csv", "rows.csv", "-e", "fast"], 0);
    let out = text(&same.stdout);
    assert!(out.contains("1.000  [1.000, 1.000]") && out.contains("no change"), "{out}");
    // Under another name, the file pairs by its digest. One run a side: slower beyond the
    // drift between runs.
    scaled(dir, "slower.csv", 1.5, true);
    let slower = run(dir, &["bench", "compare", "rows.csv", "slower.csv", "-f", "json"], 4);
    let json: Value = serde_json::from_slice(&slower.stdout).unwrap();
    let groups = json["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2, "{json}");
    for group in groups {
        assert_eq!(group["file"], "elsewhere/p.txt");
        let speed = &group["speed"];
        assert_eq!(speed["change"], "slower", "{group}");
        let (lower, upper) = (speed["lower"].as_f64().unwrap(), speed["upper"].as_f64().unwrap());
        assert!(lower <= 1.5 + 1e-9 && upper >= 1.5 - 1e-9, "{lower} {upper}");
        assert_eq!(group["paired"], 200);
    }
    // Faster is no regression; the table says so.
    scaled(dir, "faster.csv", 0.5, false);
    let faster = run(dir, &["bench", "compare", "rows.csv", "faster.csv"], 0);
    assert!(text(&faster.stdout).contains("faster"), "{}", text(&faster.stdout));
    // The output is reproducible: the bootstrap is seeded.
    let again = run(dir, &["bench", "compare", "rows.csv", "faster.csv"], 0);
    assert_eq!(faster.stdout, again.stdout);
}

#[test]
fn two_engines_of_one_file_markdown_and_csv() {
    let directory = with_rows();
    let dir = directory.path();
    // dlx takes several times fast's time on these puzzles.
    let markdown =
        run(dir, &["bench", "compare", "rows.csv", "-e", "fast,dlx", "-f", "markdown"], 4);
    let out = text(&markdown.stdout);
    assert!(out.contains("| p.txt | 9x9 | fast -> dlx | 200 |") && out.contains("slower"), "{out}");
    run(dir, &["bench", "compare", "rows.csv", "-e", "fast,dlx", "-f", "csv", "-o", "out.csv"], 4);
    let csv = std::fs::read_to_string(dir.join("out.csv")).unwrap();
    assert!(csv.starts_with("file,size,old_engine,new_engine,paired,timed,ratio,lower,upper"));
    assert!(csv.lines().nth(1).unwrap().starts_with("p.txt,9x9,fast,dlx,200,200,"), "{csv}");
    // One file needs two engines.
    let one = sudoku_in(dir, &["bench", "compare", "rows.csv"]);
    refused(&one, &["--engines OLD_ENGINE,NEW_ENGINE"]);
}

#[test]
fn counter_changes_come_first_and_unpaired_puzzles_are_listed() {
    let directory = with_rows();
    let dir = directory.path();
    let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let mut lines: Vec<String> = rows.lines().map(str::to_owned).collect();
    // Puzzle 7 of fast takes one more node; puzzle 9 of fast is gone.
    let seventh = lines.iter().position(|line| line.starts_with("p.txt,9x9,7,")).unwrap();
    let mut fields: Vec<String> = lines[seventh].split(',').map(str::to_owned).collect();
    let nodes: u64 = fields[8].parse().unwrap();
    fields[8] = (nodes + 1).to_string();
    lines[seventh] = fields.join(",");
    lines.retain(|line| !line.starts_with("p.txt,9x9,9,") || !line.contains(",fast,"));
    std::fs::write(dir.join("changed.csv"), lines.join("\n") + "\n").unwrap();
    let changed = run(dir, &["bench", "compare", "rows.csv", "changed.csv", "--allow-partial"], 4);
    let out = text(&changed.stdout);
    let listed = out.find("Counters changed on 1 puzzle").expect(&out);
    let table = out.find("file ").unwrap();
    assert!(listed < table, "{out}");
    assert!(out.contains(&format!("-> solved count 1, {} nodes", nodes + 1)), "{out}");
    assert!(out.contains("1 puzzle only in the old rows (puzzles 9)"), "{out}");
    let accepted = ["--accept-counter-changes", "--allow-partial"];
    run(dir, &[&["bench", "compare", "rows.csv", "changed.csv"][..], &accepted].concat(), 0);
}

#[test]
fn bad_files_are_refused_with_their_place() {
    let directory = with_rows();
    let dir = directory.path();
    let mut rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    rows.push_str("p.txt,9x9,3,5,fast,solved,one,1.0,1,0,,\n");
    std::fs::write(dir.join("bad.csv"), rows).unwrap();
    let bad = sudoku_in(dir, &["bench", "compare", "rows.csv", "bad.csv"]);
    refused(&bad, &["bad.csv: line 402, column 27", "'one' is not a count"]);
    let missing = sudoku_in(dir, &["bench", "compare", "rows.csv", "nothing.csv"]);
    refused(&missing, &["nothing.csv"]);
    let out_is_input = sudoku_in(
        dir,
        &["bench", "compare", "rows.csv", "rows.csv", "-e", "fast,dlx", "-o", "rows.csv"],
    );
    refused(&out_is_input, &["is also an input of the comparison"]);
    std::fs::write(dir.join("other.csv"), "file,size,puzzle,line,engine,verdict,count,us,nodes,guesses,message,digest\nq.txt,9x9,1,1,fast,solved,1,3.0,1,0,,\n").unwrap();
    let nothing = sudoku_in(dir, &["bench", "compare", "rows.csv", "other.csv"]);
    refused(&nothing, &["nothing is compared"]);
}

#[test]
fn a_per_puzzle_baseline_judges_speed_with_the_statistics() {
    let directory = with_rows();
    let dir = directory.path();
    // A baseline that took a fifth of the time on every puzzle: this run is five times as
    // slow, far beyond any drift of a loaded machine between two runs.
    scaled(dir, "fifth.csv", 0.2, false);
    let slower =
        run(dir, &["bench", "p.txt", "-j", "1", "-e", "fast,dlx", "--baseline", "fifth.csv"], 4);
    let err = text(&slower.stderr);
    assert!(err.contains("Speed against the per-puzzle baseline"), "{err}");
    assert!(err.contains("p.txt 9x9 fast: ") && err.contains(": slower"), "{err}");
    // Against the earlier run as it was: two runs, one a side, and the verdict says what it
    // cannot see. (Whether it reads "no change" depends on this machine's drift between two
    // runs, which tests running beside this one move: the rule is tested on fixed rows.)
    let again =
        sudoku_in(dir, &["bench", "p.txt", "-j", "1", "-e", "fast,dlx", "--baseline", "rows.csv"]);
    let err = text(&again.stderr);
    assert!(matches!(again.status.code(), Some(0 | 4)), "{err}");
    assert!(err.contains("one run a side: drift between runs not measured"), "{err}");
    // With the threshold off, nothing is judged and the counters agree.
    run(
        dir,
        &[
            "bench",
            "p.txt",
            "-j",
            "1",
            "-e",
            "fast,dlx",
            "--baseline",
            "fifth.csv",
            "--threshold",
            "none",
        ],
        0,
    );
}

#[test]
fn two_engines_of_a_run_until_decided() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 300);
    // dlx is several times slower than fast: decided at once, a regression.
    let decided = run(
        dir,
        &[
            "bench",
            "p.txt",
            "-j",
            "1",
            "-e",
            "fast,dlx",
            "--compare",
            "fast,dlx",
            "--until-decided",
            "--max-time",
            "20",
        ],
        4,
    );
    let err = text(&decided.stderr);
    // Fewer than five rounds cannot tell a change from the machine drifting; five can.
    let line = |passes: &str| {
        let prefix = format!("dlx against fast on p.txt, {passes}: ");
        err.lines().find(|line| line.starts_with(&prefix)).unwrap_or_default().to_owned()
    };
    assert!(line("1 pass").ends_with(": not decided yet"), "{err}");
    assert!(line("4 passes").ends_with(": not decided yet"), "{err}");
    assert!(line("5 passes").ends_with(": slower"), "{err}");
    assert!(line("6 passes").is_empty(), "decided, yet run again: {err}");
    let out = text(&decided.stdout);
    assert!(out.contains("fast -> dlx") && out.contains("slower"), "{out}");
    assert!(out.contains("run until the comparison was decided"), "{out}");
    // The other way round is faster: no regression.
    run(dir, &["bench", "p.txt", "-j", "1", "-e", "fast,dlx", "--compare", "dlx,fast"], 0);
    let unknown = sudoku_in(dir, &["bench", "p.txt", "-e", "fast,dlx", "--compare", "fast,naive"]);
    refused(&unknown, &["--compare: naive is not an engine of this run"]);
}

#[test]
fn bmf_validates_against_bencher_schema_and_github_benchmark_has_its_fields() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 100);
    let bmf = run(dir, &["bench", "p.txt", "-j", "1", "-e", "fast,dlx,norvig", "-f", "bmf"], 0);
    let document: Value = serde_json::from_slice(&bmf.stdout).unwrap();
    let schema_path = repository().join("crates/cli/tests/data/bmf.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&document).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}\n{document}");
    // The schema takes any object of objects: check what the service will chart.
    let fast = &document["p.txt 9x9 fast"];
    let latency = &fast["latency"];
    let (value, lower, upper) = (
        latency["value"].as_f64().unwrap(),
        latency["lower_value"].as_f64().unwrap(),
        latency["upper_value"].as_f64().unwrap(),
    );
    assert!(lower <= value && value <= upper && value > 0.0, "{latency}");
    assert!(fast["throughput"]["value"].as_f64().unwrap() > 0.0);
    assert!(fast["nodes-per-puzzle"]["value"].as_f64().unwrap() >= 1.0);
    for engine in ["fast", "dlx", "norvig"] {
        assert!(document[format!("p.txt 9x9 {engine}")]["latency"]["value"].is_number());
    }
    let github =
        run(dir, &["bench", "p.txt", "-j", "1", "-e", "fast", "-f", "github-benchmark"], 0);
    let entries: Value = serde_json::from_slice(&github.stdout).unwrap();
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(entries[0]["name"], "p.txt 9x9 fast - time per puzzle");
    assert_eq!(entries[0]["unit"], "ns");
    assert!(entries[0]["value"].as_f64().unwrap() > 0.0);
    assert!(entries[0]["range"].as_str().unwrap().starts_with("± "));
    assert_eq!(entries[1]["unit"], "nodes");
}

#[test]
fn several_runs_a_side_put_the_drift_between_runs_in_the_interval() {
    let directory = with_rows();
    let dir = directory.path();
    // The old side's second run was 15% slower throughout (the machine, not the code); the new
    // side's runs are 10% faster and as fast as the old side's first.
    scaled(dir, "old-2.csv", 1.15, false);
    scaled(dir, "new-1.csv", 0.9, false);
    scaled(dir, "new-2.csv", 1.0, false);
    // One run a side cannot tell 10% from the drift between runs, and its verdict says so.
    let one = run(dir, &["bench", "compare", "rows.csv", "new-1.csv", "-e", "fast"], 0);
    let out = text(&one.stdout);
    assert!(out.contains("no change; one run a side: drift between runs not measured"), "{out}");
    // Two a side see that runs of one build differ by more than that.
    let args = ["bench", "compare", "rows.csv", "old-2.csv", "--vs", "new-1.csv", "new-2.csv"];
    let runs = run(dir, &[&args[..], &["-e", "fast", "-f", "json"]].concat(), 0);
    let json: Value = serde_json::from_slice(&runs.stdout).unwrap();
    assert_eq!(json["runs"], serde_json::json!([2, 2]));
    let speed = &json["groups"][0]["speed"];
    assert!((speed["ratio"].as_f64().unwrap() - 0.9).abs() < 1e-6, "{speed}");
    assert!(speed["upper"].as_f64().unwrap() >= 0.99, "{speed}");
    assert_eq!(
        (&speed["change"], &speed["decided"]),
        (&Value::from("no-change"), &Value::from(false))
    );
    let table = run(dir, &args, 0);
    assert!(text(&table.stdout).contains("widened by resampling 2 and 2 runs a side"));
    let three = sudoku_in(dir, &["bench", "compare", "rows.csv", "old-2.csv", "new-1.csv"]);
    refused(&three, &["give the new side's runs after --vs"]);
}

/// The estimate of a line `... R [L, U], p P: VERDICT` (the last round's of --until-decided)
/// or of a table row `... R  [L, U]  P  VERDICT`: ratio, interval and p as printed, and the
/// verdict in the table's words.
fn estimate_of(line: &str) -> (String, String, String, String) {
    let open = line.find('[').unwrap();
    let close = line.find(']').unwrap();
    let ratio = line[..open].split_whitespace().last().unwrap().to_owned();
    let interval = line[open..=close].to_owned();
    let rest = line[close + 1..].trim().trim_start_matches(", p ").to_owned();
    let (p, verdict) = match rest.split_once(": ") {
        Some((p, verdict)) => (p.to_owned(), verdict.to_owned()),
        None => {
            let (p, verdict) = rest.split_once(' ').unwrap();
            (p.to_owned(), verdict.trim().to_owned())
        }
    };
    let verdict =
        if verdict == "not decided yet" { "no change (undecided)".into() } else { verdict };
    (ratio, interval, p, verdict)
}

#[test]
fn until_decided_reports_the_verdict_that_stopped_it_with_a_failed_puzzle() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "p.txt", 20);
    // `flaky` is this program as a judge program, but runs out of time on the first puzzle
    // (".5...3..." is "0 5 0 0 0 3 0 0 0" in the judge's form): each of its passes costs the
    // time limit more than `ours`'s, so its --max-time runs out first.
    let script = dir.join("flaky.sh");
    std::fs::write(
        &script,
        format!(
            "read -r first\n\
             case \"$first\" in \"0 5 0 0 0 3 0 0 0\") exec sleep 5 ;; esac\n\
             {{ printf '%s\\n' \"$first\"; cat; }} | exec '{}'\n",
            env!("CARGO_BIN_EXE_sudoku")
        ),
    )
    .unwrap();
    let flaky = format!("flaky=judge:sh '{}'", script.display());
    let ours = format!("ours=judge:'{}'", env!("CARGO_BIN_EXE_sudoku"));
    let output = sudoku_in(
        dir,
        &[
            "bench",
            "p.txt",
            "-j",
            "1",
            "-e",
            "flaky,ours",
            "--external",
            &flaky,
            "--external",
            &ours,
            "--time-limit",
            "0.2",
            "--compare",
            "flaky,ours",
            "--until-decided",
            "--max-time",
            "1.5",
            "-f",
            "json",
            "-o",
            "report.json",
        ],
    );
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(5), "{out}\n{err}");
    let last = err.lines().rev().find(|line| line.starts_with("ours against flaky on p.txt"));
    let row = out.lines().find(|line| line.starts_with("p.txt ") && line.contains("flaky -> ours"));
    let (last, row) = (last.expect(&err), row.expect(&out));
    assert_eq!(estimate_of(last), estimate_of(row), "{last}\n{row}");
    // A round is a pass of each: both engines ran as many.
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    let passes: Vec<&Value> =
        report["records"].as_array().unwrap().iter().map(|record| &record["passes"]).collect();
    assert_eq!(passes.len(), 2);
    assert_eq!(passes[0], passes[1], "{report}");
}

#[test]
fn a_new_side_that_lacks_rows_fails_the_gate_unless_partial_is_allowed() {
    let directory = with_rows();
    let dir = directory.path();
    // The new run died after two rows: dlx gone, 198 puzzles of fast missing.
    let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let cut: Vec<&str> = rows.lines().take(3).collect();
    std::fs::write(dir.join("cut.csv"), cut.join("\n") + "\n").unwrap();
    let refused_cut = sudoku_in(dir, &["bench", "compare", "rows.csv", "cut.csv"]);
    refused(
        &refused_cut,
        &[
            "cut.csv lacks 1 file, size and engine and 198 puzzles of rows.csv",
            "dlx on p.txt 9x9",
            "p.txt 9x9 fast puzzle 3",
            "--allow-partial",
        ],
    );
    let allowed = run(dir, &["bench", "compare", "rows.csv", "cut.csv", "--allow-partial"], 0);
    let out = text(&allowed.stdout);
    assert!(out.contains("Not paired") && out.contains("198 puzzles only in the old rows"));
    // A run of several a side cut short is named too.
    let replicates = ["bench", "compare", "rows.csv", "rows.csv", "--vs", "rows.csv", "cut.csv"];
    refused(&sudoku_in(dir, &replicates), &["cut.csv lacks 1 file, size and engine and 198"]);
    // What only the new side has is no gap.
    run(dir, &["bench", "compare", "cut.csv", "rows.csv"], 0);
}

#[test]
fn times_of_zero_or_less_are_refused_with_file_and_line() {
    let directory = with_rows();
    let dir = directory.path();
    for (time, name) in [("0", "zero.csv"), ("-2.5", "negative.csv")] {
        let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
        let mut lines: Vec<String> = rows.lines().map(str::to_owned).collect();
        let mut fields: Vec<String> = lines[5].split(',').map(str::to_owned).collect();
        fields[7] = time.to_owned();
        lines[5] = fields.join(",");
        std::fs::write(dir.join(name), lines.join("\n") + "\n").unwrap();
        let output = sudoku_in(dir, &["bench", "compare", "rows.csv", name]);
        refused(&output, &[&format!("{name}: line 6, column "), "is not a solve time"]);
    }
}

#[test]
fn an_a_a_comparison_of_two_runs_one_a_side_is_no_change() {
    // Two runs of the same build differ by the machine's drift: here a third slower on every
    // puzzle, within what one run a side cannot tell from drift.
    let directory = with_rows();
    let dir = directory.path();
    scaled(dir, "drifted.csv", 1.3, false);
    let same = run(dir, &["bench", "compare", "rows.csv", "drifted.csv"], 0);
    let out = text(&same.stdout);
    let verdicts: Vec<&str> = out.lines().filter(|line| line.starts_with("p.txt ")).collect();
    assert_eq!(verdicts.len(), 2, "{out}");
    for line in verdicts {
        assert!(line.contains("no change"), "{out}");
        assert!(line.ends_with("one run a side: drift between runs not measured"), "{out}");
    }
}
