//! `sudoku bench` against hostile inputs of its own: per-puzzle baselines that are garbage,
//! empty, of another corpus or partial; charts with files nobody answered; `--scatter`
//! engines outside the run; a chart that fails; the same file given twice.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{refused, shipped_puzzles, sudoku, sudoku_in, text};

/// `sudoku bench ARGS` in `directory`, one thread.
fn bench(directory: &Path, args: &[&str]) -> Output {
    let mut all = vec!["bench", "-j", "1"];
    all.extend_from_slice(args);
    sudoku_in(directory, &all)
}

/// A directory with `l9.txt` (ten puzzles) and `rows.csv`, the per-puzzle rows of dlx and
/// propagate on it.
fn with_rows() -> tempfile::TempDir {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "l9.txt", 10);
    let made = bench(dir, &["l9.txt", "-e", "dlx,propagate", "--per-puzzle", "rows.csv"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    directory
}

#[test]
fn a_file_of_nul_bytes_is_refused_at_its_first_line_before_the_run() {
    let directory = with_rows();
    let dir = directory.path();
    std::fs::write(dir.join("nul.csv"), vec![0u8; 16 << 20]).unwrap();
    let output =
        bench(dir, &["l9.txt", "-e", "dlx", "--puzzle-baseline", "nul.csv", "-o", "r.txt"]);
    refused(&output, &["--puzzle-baseline nul.csv: line 1, column 1: control character U+0000"]);
    assert!(!dir.join("r.txt").exists(), "nothing is run or written");
}

#[test]
fn an_empty_or_header_only_file_is_refused() {
    let directory = with_rows();
    let dir = directory.path();
    let header = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let header = header.lines().next().unwrap();
    std::fs::write(dir.join("empty.csv"), "").unwrap();
    std::fs::write(dir.join("header.csv"), format!("{header}\n")).unwrap();
    std::fs::write(dir.join("blank.jsonl"), "\n\n").unwrap();
    for (file, problem) in
        [("empty.csv", "empty.csv: empty"), ("header.csv", "no rows"), ("blank.jsonl", "no rows")]
    {
        let output = bench(dir, &["l9.txt", "-e", "dlx", "--puzzle-baseline", file]);
        refused(&output, &["--puzzle-baseline", problem, "not a per-puzzle file"]);
    }
}

#[test]
fn a_file_of_another_corpus_is_refused_before_the_run() {
    let directory = with_rows();
    let dir = directory.path();
    shipped_puzzles(dir, "other.txt", 3);
    let output = bench(dir, &["other.txt", "-e", "dlx", "--puzzle-baseline", "rows.csv"]);
    refused(&output, &["rows.csv has no row of a file and engine of this run", "dlx on l9.txt"]);
    // Allowing a partial baseline does not allow an empty comparison.
    let allowed = &["--puzzle-baseline", "rows.csv", "--allow-partial-baseline"];
    let output = bench(dir, &[&["other.txt", "-e", "dlx"][..], allowed].concat());
    refused(&output, &["no row of a file and engine of this run"]);
}

#[test]
fn a_bad_row_is_refused_with_its_line_and_column() {
    let directory = with_rows();
    let dir = directory.path();
    let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let mut lines: Vec<String> = rows.lines().map(str::to_owned).collect();
    let mut fields: Vec<&str> = lines[2].split(',').collect();
    fields[6] = "lots";
    let column = fields[..6].join(",").len() + 2;
    lines[2] = fields.join(",");
    std::fs::write(dir.join("bad.csv"), lines.join("\n")).unwrap();
    let output = bench(dir, &["l9.txt", "-e", "dlx,propagate", "--puzzle-baseline", "bad.csv"]);
    let place =
        format!("--puzzle-baseline bad.csv: line 3, column {column}: 'lots' is not a count");
    refused(&output, &[&place]);
}

#[test]
fn a_partial_comparison_fails_unless_allowed() {
    let directory = with_rows();
    let dir = directory.path();
    let dlx = ["l9.txt", "-e", "dlx", "--puzzle-baseline", "rows.csv"];
    // The file holds propagate too: refused before the run, as --baseline would be.
    refused(&bench(dir, &dlx), &["rows.csv does not cover this run", "(only in the baseline)"]);
    let allowed = bench(dir, &[&dlx[..], &["--allow-partial-baseline"]].concat());
    assert_eq!(allowed.status.code(), Some(0), "{}", text(&allowed.stderr));
    assert!(text(&allowed.stderr).contains("Per puzzle: 10 compared"), "{}", text(&allowed.stderr));

    // A row missing: found only after the run, which then fails as --baseline does.
    let rows = std::fs::read_to_string(dir.join("rows.csv")).unwrap();
    let fewer: Vec<&str> =
        rows.lines().filter(|line| !line.starts_with("l9.txt,9x9,4,4,dlx,")).collect();
    assert_eq!(fewer.len(), 20);
    std::fs::write(dir.join("fewer.csv"), fewer.join("\n")).unwrap();
    let both = ["l9.txt", "-e", "dlx,propagate", "--puzzle-baseline", "fewer.csv"];
    let output = bench(dir, &both);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("Per puzzle: 19 compared"), "{stderr}");
    assert!(
        stderr.contains("1 puzzle row of this run and --puzzle-baseline fewer.csv not compared"),
        "{stderr}"
    );
    let output = bench(dir, &[&both[..], &["--allow-partial-baseline"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));

    // Half the puzzles run (a shard): the other half of the file was not compared.
    let shard = bench(dir, &["l9.txt", "-e", "dlx,propagate", "--shard", "1/2"]);
    assert_eq!(shard.status.code(), Some(0), "the shard alone runs");
    let output = bench(
        dir,
        &["l9.txt", "-e", "dlx,propagate", "--shard", "1/2", "--puzzle-baseline", "rows.csv"],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("10 puzzle rows of this run and --puzzle-baseline"), "{stderr}");
    assert!(stderr.contains("10 of it not run"), "{stderr}");
}

#[test]
fn a_chart_leaves_out_a_file_no_engine_answered() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "l9.txt", 3);
    let empty_row = format!("{}\n", vec!["0"; 64].join(" "));
    std::fs::write(dir.join("e64.txt"), empty_row.repeat(64)).unwrap();
    let output = bench(
        dir,
        &[
            "l9.txt",
            "e64.txt",
            "-e",
            "dlx,propagate",
            "--budget",
            "10",
            "--chart",
            "cactus:c.svg",
            "--chart",
            "b.svg",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(dir.join("c.svg")).unwrap();
    assert!(svg.contains("Cactus: l9.txt 9×9"), "the answered file is drawn");
    assert!(svg.contains("Left out: e64.txt 64×64 (no engine answered a puzzle there)."));
    assert!(dir.join("b.svg").exists());
}

#[test]
fn a_scatter_engine_outside_the_run_is_refused_before_it() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "l9.txt", 3);
    let outputs = ["--chart", "scatter:s.svg", "--report", "r.html", "-o", "out.txt"];
    for (pair, problem) in [
        ("dlx,fast", "engine 'fast' is not in this run"),
        ("dlx,nosuch", "unknown engine 'nosuch'"),
    ] {
        let args = [&["l9.txt", "-e", "dlx,propagate", "--scatter", pair][..], &outputs].concat();
        refused(&bench(dir, &args), &[&format!("--scatter {pair}: {problem}")]);
        for file in ["s.svg", "r.html", "out.txt"] {
            assert!(!dir.join(file).exists(), "{file} written");
        }
    }
    // Two engines of the run that share no size of its files.
    std::fs::write(dir.join("l4.txt"), "1...\n..2.\n.3..\n...4\n").unwrap();
    let args = ["l4.txt", "-e", "fast,dlx", "--scatter", "fast,dlx"];
    refused(&bench(dir, &args), &["--scatter fast,dlx: no file of this run holds a size"]);
}

#[test]
fn a_chart_that_fails_costs_no_other_output() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "l9.txt", 3);
    // naive gives up on every puzzle at one node: no cactus to draw.
    let output = bench(
        dir,
        &[
            "l9.txt",
            "-e",
            "naive",
            "--budget",
            "1",
            "--chart",
            "cactus:c.svg",
            "--report",
            "r.html",
            "-f",
            "json",
            "-o",
            "out.json",
            "--per-puzzle",
            "rows.csv",
        ],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let failures: Vec<&str> = stderr.lines().filter(|line| line.starts_with("sudoku:")).collect();
    assert_eq!(failures, ["sudoku: --chart c.svg: nothing to chart: no engine answered a puzzle"]);
    assert!(!dir.join("c.svg").exists());
    let page = std::fs::read_to_string(dir.join("r.html")).unwrap();
    assert!(page.contains("No chart: nothing to chart"), "the report says why");
    assert!(page.ends_with("</html>\n"));
    assert!(std::fs::read_to_string(dir.join("out.json")).unwrap().contains("\"naive\""));
    assert_eq!(std::fs::read_to_string(dir.join("rows.csv")).unwrap().lines().count(), 4);
}

#[test]
fn the_same_file_given_twice_is_refused_before_the_run() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    shipped_puzzles(dir, "a.txt", 3);
    refused(&bench(dir, &["a.txt", "a.txt"]), &["a.txt is given twice"]);
    refused(&bench(dir, &["a.txt", "./a.txt"]), &["./a.txt is given twice (as a.txt and ./a.txt)"]);
    let absolute = dir.join("a.txt").display().to_string();
    refused(&bench(dir, &["./a.txt", &absolute]), &["is given twice (as ./a.txt and"]);
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("a.txt", dir.join("link.txt")).unwrap();
        refused(&bench(dir, &["link.txt", "a.txt"]), &["a.txt is given twice (as link.txt and"]);
    }
    let stdin = sudoku(&["bench", "-", "-"], b"");
    refused(&stdin, &["standard input (-) is given twice"]);
    let merged = sudoku_in(dir, &["bench", "merge", "a.txt", "./a.txt"]);
    refused(&merged, &["./a.txt is given twice (as a.txt and ./a.txt): each shard's report"]);
    // Two files of the same content are two files.
    shipped_puzzles(dir, "b.txt", 3);
    assert_eq!(bench(dir, &["a.txt", "b.txt", "-e", "dlx"]).status.code(), Some(0));
}
