//! Engine libraries (`plugin` engines, the C ABI of include/sudoku_engine.h) on the bench, in
//! the worker process `sudoku` starts for them: the hostile plugins of tests/plugins/ cost
//! exactly the puzzles they misbehave on and leave the other engine's rows as they are without
//! them; those that can run in the harness's own process too (`--in-process`) get the same
//! verdicts there as in the worker; a library of another ABI version, or no library at all,
//! fails its every puzzle with a message naming the problem, said once on standard error; the
//! examples (examples/plugins/backtrack.c, the Rust crate
//! examples/plugins/fast) answer with the counters of the built-in engines they match.
//!
//! The C plugins need a C compiler (`cc`): without one a test prints a notice and passes, but
//! in CI (`CI=true`) it fails.

#![cfg(unix)]

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{installed, repository, sudoku_in};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether there is a C compiler to build the plugins with. Without one the test is skipped
/// with a notice, except in CI, where every plugin test must run.
fn have_compiler() -> bool {
    let found = installed("cc");
    if !found {
        let ci = matches!(std::env::var("CI").as_deref(), Ok("true" | "1"));
        assert!(!ci, "CI is set but there is no C compiler (cc): the plugin tests cannot run");
        println!("NOTICE: plugin test skipped: no C compiler (cc)");
    }
    found
}

/// Compiles the C plugin `source` (a path in the repository) into `directory/libNAME.so`.
fn build(directory: &Path, source: &str, name: &str) -> PathBuf {
    let library = directory.join(format!("lib{name}.so"));
    let built = Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I"])
        .arg(repository().join("include"))
        .arg("-o")
        .arg(&library)
        .arg(repository().join(source))
        .output()
        .unwrap();
    assert!(built.status.success(), "cc {source}: {}", text(&built.stderr));
    library
}

/// Writes the first `count` puzzles of the shipped corpus `corpus` to `directory/name`;
/// returns them.
fn puzzles(directory: &Path, name: &str, corpus: &str, count: usize) -> Vec<String> {
    let corpus = std::fs::read_to_string(repository().join("data/corpus").join(corpus)).unwrap();
    let lines: Vec<String> = corpus
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(count)
        .map(str::to_owned)
        .collect();
    std::fs::write(
        directory.join(name),
        lines.iter().map(|line| format!("{line}\n")).collect::<String>(),
    )
    .unwrap();
    lines
}

/// The puzzles (1-based numbers) a hostile plugin misbehaves on: those whose clues add up to a
/// multiple of 7, as `targeted` in tests/plugins/common.h picks them.
fn targeted(lines: &[String]) -> BTreeSet<u64> {
    let sum = |line: &str| line.chars().filter_map(|c| c.to_digit(10)).sum::<u32>();
    let chosen: BTreeSet<u64> = (1..)
        .zip(lines)
        .filter(|(_, line)| sum(line) > 0 && sum(line) % 7 == 0)
        .map(|(number, _)| number)
        .collect();
    assert!(!chosen.is_empty() && chosen.len() < lines.len(), "some puzzles, not all: {chosen:?}");
    chosen
}

/// One per-puzzle row, without its time.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Row {
    verdict: String,
    count: String,
    nodes: String,
    guesses: String,
    message: String,
}

/// What a run left: its output, its per-puzzle rows by (file, engine, puzzle), its JSON
/// report.
struct Run {
    output: Output,
    rows: BTreeMap<(String, String, u64), Row>,
    report: serde_json::Value,
}

impl Run {
    fn stderr(&self) -> String {
        text(&self.output.stderr)
    }

    /// The rows of `engine`, by file and puzzle.
    fn rows_of(&self, engine: &str) -> BTreeMap<(String, u64), Row> {
        let rows = self.rows.iter().filter(|((_, name, _), _)| name == engine);
        rows.map(|((file, _, puzzle), row)| ((file.clone(), *puzzle), row.clone())).collect()
    }

    /// The record of `engine` in the report (the run's only file).
    fn record(&self, engine: &str) -> &serde_json::Value {
        let records = self.report["records"].as_array().unwrap();
        records.iter().find(|record| record["engine"] == engine).expect(engine)
    }

    /// The puzzles the cross-check found disputed, each with the engines it charged.
    fn disputed(&self) -> BTreeMap<u64, BTreeSet<String>> {
        let disagreements = self.report["disagreements"].as_array().cloned().unwrap_or_default();
        let charged = |answers: &serde_json::Value| {
            let answers = answers.as_array().unwrap().iter();
            let charged = answers.filter(|answer| answer["charged"] == true);
            charged.map(|answer| answer["engine"].as_str().unwrap().to_owned()).collect()
        };
        let disputed = disagreements.iter();
        disputed.map(|d| (d["puzzle"].as_u64().unwrap(), charged(&d["answers"]))).collect()
    }
}

/// `sudoku bench FILES -e ENGINES --time-limit 1` in `directory`, with `--external` for each
/// of `externals` and `extra` arguments (`-j 1` unless they give `-j`), writing per-puzzle rows
/// and a JSON report.
fn bench(
    directory: &Path,
    files: &[&str],
    engines: &str,
    externals: &[String],
    extra: &[&str],
) -> Run {
    let mut args = vec!["bench"];
    args.extend_from_slice(files);
    args.extend(["-e", engines, "--time-limit", "1"]);
    if !extra.contains(&"-j") {
        args.extend(["-j", "1"]);
    }
    for external in externals {
        args.extend(["--external", external]);
    }
    args.extend(["--per-puzzle", "rows.csv", "--format", "json", "--out", "report.json"]);
    args.extend_from_slice(extra);
    let output = sudoku_in(directory, &args);
    let stderr = text(&output.stderr);
    let written = std::fs::read_to_string(directory.join("report.json"))
        .unwrap_or_else(|error| panic!("no report ({error}): {stderr}"));
    let report = serde_json::from_str(&written).unwrap();
    let mut rows = BTreeMap::new();
    let mut reader = csv::Reader::from_path(directory.join("rows.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|field| field == name).expect(name);
    let [file, engine, puzzle, verdict, count, nodes, guesses, message] =
        ["file", "engine", "puzzle", "verdict", "count", "nodes", "guesses", "message"].map(column);
    for record in reader.records() {
        let record = record.unwrap();
        let key =
            (record[file].to_owned(), record[engine].to_owned(), record[puzzle].parse().unwrap());
        let row = Row {
            verdict: record[verdict].to_owned(),
            count: record[count].to_owned(),
            nodes: record[nodes].to_owned(),
            guesses: record[guesses].to_owned(),
            message: record[message].to_owned(),
        };
        assert!(rows.insert(key, row).is_none(), "one row per puzzle and engine");
    }
    Run { output, rows, report }
}

/// What [`hostile`] leaves: the puzzles the plugin targets, and the run beside it (its
/// directory kept while the test looks at it).
struct Hostile {
    _directory: tempfile::TempDir,
    targeted: BTreeSet<u64>,
    run: Run,
}

/// Builds tests/plugins/NAME.c, and benches it as `NAME` beside `others` (`fast`, ...) on the
/// first 40 puzzles of the shipped corpus (`None` without a C compiler). Checks what holds
/// whatever the plugin does: the run finishes with `exit` within a bound, the plugin answers
/// the puzzles it does not target with their one solution, and the other engines' rows and
/// counters are those of a run without it.
fn hostile(name: &str, others: &str, exit: i32) -> Option<Hostile> {
    if !have_compiler() {
        return None;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let lines = puzzles(dir, "p.txt", "generated-10000.txt", 40);
    let targeted = targeted(&lines);
    let library = build(dir, &format!("crates/cli/tests/plugins/{name}.c"), name);
    let declaration = format!("{name}={}", plugin(&library));

    let started = std::time::Instant::now();
    let engines = format!("{others},{name}");
    let run = bench(dir, &["p.txt"], &engines, &[declaration], &[]);
    let elapsed = started.elapsed();
    assert_eq!(run.output.status.code(), Some(exit), "{name}: {}", run.stderr());
    assert!(elapsed.as_secs() < 60, "{name}: the run took {elapsed:?}");

    let rows = run.rows_of(name);
    assert_eq!(rows.len(), lines.len(), "a row for every puzzle: {rows:?}");
    for ((_, puzzle), row) in &rows {
        if !targeted.contains(puzzle) {
            assert_eq!((row.verdict.as_str(), row.count.as_str()), ("solved", "1"), "{puzzle}");
        }
    }

    let without = bench(dir, &["p.txt"], others, &[], &[]);
    assert_eq!(without.output.status.code(), Some(0), "{}", without.stderr());
    for other in others.split(',') {
        assert_eq!(run.rows_of(other), without.rows_of(other), "{other}'s rows beside {name}");
        let counters = |run: &Run| {
            let record = run.record(other);
            ["solved", "unsolvable", "budget_outs", "nodes_total", "guesses_total", "crashed"]
                .map(|counter| record[counter].clone())
        };
        assert_eq!(counters(&run), counters(&without), "{other}'s counters beside {name}");
    }
    Some(Hostile { _directory: directory, targeted, run })
}

/// `plugin:PATH` (the rest of a plugin declaration is its path, taken as it is).
fn plugin(library: &Path) -> String {
    format!("plugin:{}", library.display())
}

/// The checks of a plugin that fails its targeted puzzles with `verdict` and a message
/// holding `message`.
fn fails_its_targets(name: &str, verdict: &str, message: &str) {
    let Some(Hostile { targeted, run, .. }) = hostile(name, "fast", 5) else { return };
    for ((_, puzzle), row) in run.rows_of(name) {
        if targeted.contains(&puzzle) {
            assert_eq!((row.verdict.as_str(), row.count.as_str()), (verdict, verdict));
            assert!(row.message.contains(message), "{puzzle}: {row:?}");
            assert_eq!((row.nodes.as_str(), row.guesses.as_str()), ("", ""), "{puzzle}");
        }
    }
    let failed = run.report["failures"].as_array().unwrap();
    let listed: BTreeSet<u64> = failed.iter().map(|f| f["puzzle"].as_u64().unwrap()).collect();
    assert_eq!(listed, targeted, "{name}: the failures listed");
    let field = verdict.replace('-', "_");
    assert_eq!(run.record(name)[field.as_str()].as_u64(), Some(targeted.len() as u64));
    assert_eq!(run.record(name)["disagreements"].as_u64(), Some(0), "a failure is no disagreement");
    let first = targeted.first().unwrap();
    let place = format!("p.txt: puzzle {first}, line {first}: {name} ");
    assert!(run.stderr().contains(&place), "{}", run.stderr());
}

#[test]
fn a_plugin_that_segfaults_costs_exactly_those_puzzles() {
    fails_its_targets("segfault", "crashed", "signal 11");
}

#[test]
fn a_plugin_that_aborts_costs_exactly_those_puzzles() {
    fails_its_targets("abort", "crashed", "signal 6");
}

#[test]
fn a_plugin_that_hangs_costs_exactly_those_puzzles() {
    fails_its_targets("hang", "timed-out", "time limit");
}

#[test]
fn a_wrong_solution_is_a_disagreement_charged_to_the_plugin() {
    let Some(Hostile { targeted, run, .. }) = hostile("wrong_solution", "fast", 3) else {
        return;
    };
    let charged = BTreeSet::from(["wrong_solution".to_owned()]);
    let expected: BTreeMap<u64, BTreeSet<String>> =
        targeted.iter().map(|&puzzle| (puzzle, charged.clone())).collect();
    assert_eq!(run.disputed(), expected);
    let disagreements = run.report["disagreements"].as_array().unwrap();
    for disagreement in disagreements {
        let answers = disagreement["answers"].as_array().unwrap();
        let ours = answers.iter().find(|answer| answer["engine"] == "wrong_solution").unwrap();
        assert!(ours["problem"].as_str().unwrap().contains("not a solution"), "{ours}");
    }
    let record = run.record("wrong_solution");
    assert_eq!(record["disagreements"].as_u64(), Some(targeted.len() as u64));
    assert_eq!(run.record("fast")["disagreements"].as_u64(), Some(0));
    assert!(run.stderr().contains("DISAGREEMENT p.txt: puzzle"), "{}", run.stderr());
}

#[test]
fn a_wrong_count_is_a_disagreement_charged_to_the_plugin() {
    // Three engines, so that the two right ones outvote it (two engines against each other
    // are both charged).
    let Some(Hostile { targeted, run, .. }) = hostile("wrong_count", "fast,dlx", 3) else {
        return;
    };
    let charged = BTreeSet::from(["wrong_count".to_owned()]);
    let expected: BTreeMap<u64, BTreeSet<String>> =
        targeted.iter().map(|&puzzle| (puzzle, charged.clone())).collect();
    assert_eq!(run.disputed(), expected);
    for ((_, puzzle), row) in run.rows_of("wrong_count") {
        if targeted.contains(&puzzle) {
            assert_eq!((row.verdict.as_str(), row.count.as_str()), ("solved", "2+"), "{puzzle}");
        }
    }
}

/// The checks of a library that cannot be loaded: every puzzle failed with a message holding
/// `problem`, the run finished, `fast` as without it.
fn cannot_be_loaded(name: &str, library: impl FnOnce(&Path) -> PathBuf, problem: &str) {
    if !have_compiler() {
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let lines = puzzles(dir, "p.txt", "generated-10000.txt", 30);
    let declaration = format!("{name}={}", plugin(&library(dir)));
    let run = bench(dir, &["p.txt"], &format!("fast,{name}"), &[declaration], &[]);
    assert_eq!(run.output.status.code(), Some(5), "{}", run.stderr());
    let rows = run.rows_of(name);
    assert_eq!(rows.len(), lines.len());
    for ((_, puzzle), row) in rows {
        let failure = ["crashed", "timed-out", "protocol-error"].contains(&row.verdict.as_str());
        assert!(failure, "{puzzle}: {row:?}");
        assert!(row.message.contains(problem), "{puzzle}: {row:?}");
    }
    assert_eq!(run.record(name)["solved"].as_u64(), Some(0));
    assert!(run.stderr().contains(problem), "{}", run.stderr());
    let without = bench(dir, &["p.txt"], "fast", &[], &[]);
    assert_eq!(run.rows_of("fast"), without.rows_of("fast"));
}

#[test]
fn a_plugin_of_another_abi_version_fails_every_puzzle_saying_so() {
    let library = |dir: &Path| build(dir, "crates/cli/tests/plugins/bad_version.c", "bad_version");
    cannot_be_loaded("bad_version", library, "sudoku_engine_abi_version is 7");
}

#[test]
fn a_file_that_is_no_library_fails_every_puzzle_saying_so() {
    let library = |dir: &Path| {
        let path = dir.join("not_a_library.so");
        std::fs::write(&path, "this is text, not a shared library\n").unwrap();
        path
    };
    cannot_be_loaded("text", library, "cannot load it as a shared library");
}

/// What a hostile library of tests/plugins/ does to the puzzles of the table below.
#[derive(Clone, Copy)]
enum Targets {
    /// It fails the targeted puzzles (common.h) with this verdict, and solves the others.
    Fail(&'static str),
    /// It fails every puzzle with this verdict.
    FailAll(&'static str),
    /// It answers the targeted puzzles wrongly, and is charged with a disagreement for each.
    Lie,
    /// It solves every puzzle (whatever else it does).
    Solve,
}

/// The hostile libraries that can run in this process as well as in a worker (those that
/// crash or hang cannot: they would take the harness with them), each with the engines run
/// beside it, what it does, what its failures' messages hold, and the exit code of `bench`.
const HOSTILE: [(&str, &str, Targets, &[&str], i32); 9] = [
    // Its message's first line kept whole (longer than a quoted line of garbage).
    (
        "failed",
        "fast",
        Targets::Fail("protocol-error"),
        &["FAILED): out of tea", "off last week"],
        5,
    ),
    ("count_max", "fast", Targets::Fail("protocol-error"), &["claimed 18446744073709551615"], 5),
    ("budget_lie", "fast", Targets::Fail("protocol-error"), &["budget ran out when it was"], 5),
    ("bad_cell", "fast", Targets::Fail("protocol-error"), &["holds 200 at cell 1 (row 1"], 5),
    ("tdoku_z", "fast", Targets::Fail("protocol-error"), &["holds 'Z' at cell 41 (row 5"], 5),
    ("null_state", "fast", Targets::FailAll("protocol-error"), &["create returned NULL"], 5),
    ("wrong_solution", "fast", Targets::Lie, &[], 3),
    // Three engines, so that the two right ones outvote it.
    ("wrong_count", "fast,dlx", Targets::Lie, &[], 3),
    ("chatty", "fast", Targets::Solve, &[], 0),
];

/// The declaration of the hostile library `name` built at `library` (`tdoku_z` is a function of
/// tdoku's type, the others plugins).
fn declaration_of(name: &str, library: &Path) -> String {
    match name {
        "tdoku_z" => format!("{name}=tdoku:{}:ZSolver:1", library.display()),
        _ => format!("{name}={}", plugin(library)),
    }
}

/// Every hostile library of [`HOSTILE`] gives the same verdicts in its worker process as in
/// this one: the same verdict, count and statistics on every puzzle of a bench, the same
/// message essentials, the same exit code from `bench` and from `solve`. A library's failure
/// (an error code, a count above the limit, a budget run out when none was given, a value no
/// grid holds, no state) is a protocol error in both, never an answer; what a library prints
/// to standard output never reaches the harness from a worker.
#[test]
fn hostile_libraries_get_the_same_verdicts_in_the_worker_and_in_process() {
    if !have_compiler() {
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let lines = puzzles(dir, "p.txt", "generated-10000.txt", 40);
    let targeted = targeted(&lines);
    for (name, others, targets, message, exit) in HOSTILE {
        let library = build(dir, &format!("crates/cli/tests/plugins/{name}.c"), name);
        let declaration = declaration_of(name, &library);
        let engines = format!("{others},{name}");
        let externals = std::slice::from_ref(&declaration);
        let worker = bench(dir, &["p.txt"], &engines, externals, &[]);
        let in_process = bench(dir, &["p.txt"], &engines, externals, &["--in-process"]);
        for (path, run) in [("worker", &worker), ("in-process", &in_process)] {
            assert_eq!(run.output.status.code(), Some(exit), "{name} {path}: {}", run.stderr());
            let rows = run.rows_of(name);
            assert_eq!(rows.len(), lines.len(), "{name} {path}");
            for ((_, puzzle), row) in rows {
                let failed = match targets {
                    Targets::Fail(verdict) if targeted.contains(&puzzle) => Some(verdict),
                    Targets::FailAll(verdict) => Some(verdict),
                    _ => None,
                };
                let lied = matches!(targets, Targets::Lie) && targeted.contains(&puzzle);
                match failed {
                    Some(verdict) => {
                        assert_eq!(row.verdict, verdict, "{name} {path} {puzzle}: {row:?}");
                        for part in message {
                            assert!(row.message.contains(part), "{name} {path} {puzzle}: {row:?}");
                        }
                    }
                    None if !lied => {
                        let answer = (row.verdict.as_str(), row.count.as_str());
                        assert_eq!(answer, ("solved", "1"), "{name} {path} {puzzle}: {row:?}");
                    }
                    None => {}
                }
            }
        }
        let essentials = |run: &Run| -> BTreeMap<(String, u64), (String, String, String, String)> {
            let rows = run.rows_of(name).into_iter();
            rows.map(|(key, row)| (key, (row.verdict, row.count, row.nodes, row.guesses))).collect()
        };
        assert_eq!(essentials(&worker), essentials(&in_process), "{name}: every row");
        assert_eq!(worker.disputed(), in_process.disputed(), "{name}: the disagreements");
        if matches!(targets, Targets::Lie) {
            assert_eq!(worker.disputed().keys().copied().collect::<BTreeSet<u64>>(), targeted);
        }

        // `solve` says the same in both.
        let solve = |extra: &[&str]| {
            let mut args = vec!["solve", "--engine", name, "--external", &declaration];
            args.extend(["--time-limit", "1", "p.txt"]);
            args.extend_from_slice(extra);
            sudoku_in(dir, &args)
        };
        let (worker, in_process) = (solve(&[]), solve(&["--in-process"]));
        let status = |output: &Output| output.status.code();
        assert_eq!(status(&worker), status(&in_process), "{name}: {}", text(&worker.stderr));
        if let Targets::Fail(_) | Targets::FailAll(_) = targets {
            assert_eq!(status(&worker), Some(5), "{name}: {}", text(&worker.stderr));
            for output in [&worker, &in_process] {
                let stderr = text(&output.stderr);
                assert!(message.iter().all(|part| stderr.contains(part)), "{name}: {stderr}");
            }
        }
        // From a worker, standard output holds a line for each puzzle and nothing the library
        // printed there (chatty's lines went to the worker's standard error).
        let stdout = text(&worker.stdout);
        assert_eq!(stdout.lines().count(), lines.len(), "{name}: {stdout}");
        for printed in ["chatty", "debug", "answer", "pong", "ready"] {
            assert!(!stdout.contains(printed), "{name}: {printed:?} on standard output: {stdout}");
        }
        if let Targets::Solve = targets {
            let grids = stdout.lines().filter(|line| line.len() == 81);
            assert_eq!(grids.count(), lines.len(), "{name}: a solution for each: {stdout}");
        }
    }
}

/// A library that cannot be loaded says so once on standard error, with why, however many
/// puzzles and threads the run has, in a worker and in this process; each puzzle is still its
/// failure (exit 5).
#[test]
fn a_library_that_cannot_be_loaded_says_so_once() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    puzzles(dir, "p.txt", "generated-10000.txt", 17);
    let missing = dir.join("missing.so");
    let declaration = format!("x={}", plugin(&missing));
    let why = "cannot open shared object file";
    for extra in [&[][..], &["--in-process"][..]] {
        let mut args = vec!["solve", "--engine", "x", "--external", &declaration, "p.txt"];
        args.extend_from_slice(extra);
        let solved = sudoku_in(dir, &args);
        let run = bench(dir, &["p.txt"], "fast,x", std::slice::from_ref(&declaration), &{
            let mut more = vec!["-j", "2"];
            more.extend_from_slice(extra);
            more
        });
        for (command, output) in [("solve", &solved), ("bench", &run.output)] {
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(5), "{command} {extra:?}: {stderr}");
            let said: Vec<&str> = stderr
                .lines()
                .filter(|line| line.starts_with("sudoku: ") && line.contains("cannot start"))
                .collect();
            assert_eq!(said.len(), 1, "{command} {extra:?}: once: {stderr}");
            assert!(said[0].contains(&missing.display().to_string()), "{}", said[0]);
            assert!(said[0].contains(why), "{}", said[0]);
            let everything = format!("{stderr}{}", text(&output.stdout));
            assert!(!everything.contains("handshake"), "{command} {extra:?}: {everything}");
        }
        assert_eq!(run.record("x")["solved"].as_u64(), Some(0), "{extra:?}");
        assert_eq!(run.rows_of("x").len(), 17, "{extra:?}");
    }
}

/// Runs `the C example` on the first 1000 9×9 and 300 4×4 puzzles of the shipped corpora
/// beside `fast` and `bitmask-mrv` (the same search), in a worker process or (with `extra`
/// `--in-process`) in this one.
fn check_c_example(extra: &[&str]) {
    if !have_compiler() {
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    puzzles(dir, "p9.txt", "generated-10000.txt", 1000);
    puzzles(dir, "p4.txt", "generated-4x4-1000.txt", 300);
    // Built with its header's line, warnings as errors.
    let library = dir.join("libbacktrack.so");
    let built = Command::new("cc")
        .args(["-O2", "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror", "-I", "include", "-o"])
        .arg(&library)
        .arg("examples/plugins/backtrack.c")
        .current_dir(repository())
        .output()
        .unwrap();
    assert!(built.status.success(), "examples/plugins/backtrack.c: {}", text(&built.stderr));
    let declaration = format!("bt={}", plugin(&library));
    let engines = "fast,bitmask-mrv,bt";
    let run = bench(dir, &["p9.txt", "p4.txt"], engines, &[declaration], extra);
    assert_eq!(run.output.status.code(), Some(0), "{}", run.stderr());
    assert_eq!(run.disputed(), BTreeMap::new());
    // The same search as bitmask-mrv (fewest candidates first, ties to the first in row-major
    // order): every row, budget-outs included, is the same.
    let (bt, mrv) = (run.rows_of("bt"), run.rows_of("bitmask-mrv"));
    assert_eq!(bt.len(), 1300);
    assert_eq!(bt, mrv);
    // And where it finished, its counts are fast's.
    let fast = run.rows_of("fast");
    assert_eq!(fast.len(), 1000);
    for (key, row) in &fast {
        if bt[key].verdict != "budget-out" {
            assert_eq!(bt[key].count, row.count, "{key:?}");
        }
    }
}

#[test]
fn the_c_example_agrees_with_the_built_in_engines() {
    check_c_example(&[]);
}

#[test]
fn the_c_example_agrees_in_process_on_two_threads() {
    // No state (no sudoku_engine_create): two threads call it at once.
    check_c_example(&["--in-process", "-j", "2"]);
}

// The Rust example `examples/plugins/fast` is checked by CI's release steps, where it is
// built: its every verdict, count, nodes and guesses those of the built-in `fast` on the 10,000
// shipped puzzles, in its worker and in-process. Built here, it would be a second build of the
// engines (the tests' features are not a package's own) for every test run.

/// A function of tdoku's solver type (tests/plugins/tdoku_type.c) declared as `kind = tdoku`:
/// with configuration 1 it writes its solutions and is checked on them; with configuration 0
/// it writes none, and is judged on its counts alone when declared `solutions = false`, or
/// charged a count without a solution on every puzzle it solves when not. Its guess count is
/// reported, its nodes are not.
#[test]
fn a_function_of_tdokus_type_is_judged_on_what_it_gives() {
    if !have_compiler() {
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let library = build(dir, "crates/cli/tests/plugins/tdoku_type.c", "tdoku_type");
    let lines = puzzles(dir, "p.txt", "generated-10000.txt", 30);
    let spec = format!("{}:TestSolver", library.display());
    let engines = format!(
        "[engines.counts]\nkind = \"tdoku\"\nlibrary = \"{}\"\nsymbol = \"TestSolver\"\n\
         solutions = false\n",
        library.display()
    );
    std::fs::write(dir.join("engines.toml"), engines).unwrap();
    for mode in ["first", "unique"] {
        // Configuration 1: solutions written, checked, and guesses reported without nodes.
        let externals = [format!("t=tdoku:{spec}:1")];
        let run = bench(dir, &["p.txt"], "fast,t", &externals, &["--mode", mode]);
        assert_eq!(run.output.status.code(), Some(0), "{mode}: {}", run.stderr());
        assert_eq!(run.rows_of("t").len(), lines.len());
        for ((_, puzzle), row) in run.rows_of("t") {
            let blanks = lines[puzzle as usize - 1].chars().filter(|&c| c == '.' || c == '0');
            assert_eq!(row.verdict, "solved", "{mode} {puzzle}");
            assert_eq!(row.guesses, blanks.count().to_string(), "{mode} {puzzle}");
            assert_eq!(row.nodes, "", "{mode} {puzzle}: nodes not reported");
        }
        assert!(run.record("t")["guesses_per_puzzle"].as_f64().unwrap() > 0.0);
        assert!(run.record("t")["nodes_per_puzzle"].is_null());

        // Configuration 0, declared to give no solutions: judged on its counts alone.
        let files = ["p.txt", "--engines-file", "engines.toml"];
        let run = bench(dir, &files, "fast,counts", &[], &["--mode", mode]);
        assert_eq!(run.output.status.code(), Some(0), "{mode}: {}", run.stderr());
        assert!(run.disputed().is_empty(), "{mode}: {:?}", run.disputed());

        // Configuration 0 declared as giving solutions: every solved puzzle is charged.
        let externals = [format!("t=tdoku:{spec}:0")];
        let run = bench(dir, &["p.txt"], "fast,t", &externals, &["--mode", mode]);
        assert_eq!(run.output.status.code(), Some(3), "{mode}: {}", run.stderr());
        let disputed = run.disputed();
        assert_eq!(disputed.len(), lines.len(), "{mode}");
        assert!(disputed.values().all(|charged| charged == &BTreeSet::from(["t".to_owned()])));
    }
}

/// The first `count` puzzles of the shipped layout file `name` (data/layouts), eased so that a
/// plain backtracker solves them at once, written to `directory/name` with the file's
/// directives; returns their solutions as `dlx` gives them. Every third cell is given its value
/// in the solution (a clue, or for a pencilmark puzzle that value as its only candidate): a
/// puzzle with one solution keeps it.
fn eased_layout_puzzles(directory: &Path, name: &str, count: usize) -> Vec<String> {
    let file = std::fs::read_to_string(repository().join("data/layouts").join(name)).unwrap();
    let mut kept = Vec::new();
    let mut puzzles = 0;
    for line in file.lines() {
        let puzzle = !line.starts_with('#') && !line.trim().is_empty();
        if puzzle && puzzles == count {
            break;
        }
        puzzles += usize::from(puzzle);
        kept.push(line.to_owned());
    }
    let original = directory.join(format!("original-{name}"));
    std::fs::write(&original, kept.join("\n") + "\n").unwrap();
    let solved = sudoku_in(directory, &["solve", "-e", "dlx", &original.display().to_string()]);
    assert_eq!(solved.status.code(), Some(0), "{name}: {}", text(&solved.stderr));
    let solutions = answer_lines(&solved.stdout);
    assert_eq!(solutions.len(), count, "{name}");
    let mut next = solutions.iter();
    let eased: Vec<String> = kept
        .iter()
        .map(|line| {
            if line.starts_with('#') || line.trim().is_empty() {
                return line.clone();
            }
            let solution = next.next().unwrap().as_bytes();
            let pencilmark = line.len() == 729;
            let mut cells = line.as_bytes().to_vec();
            for cell in (0..81).step_by(3) {
                let value = solution[cell];
                if pencilmark {
                    for mark in 0..9 {
                        cells[9 * cell + mark] =
                            if mark == usize::from(value - b'1') { value } else { b'.' };
                    }
                } else {
                    cells[cell] = value;
                }
            }
            String::from_utf8(cells).unwrap()
        })
        .collect();
    std::fs::write(directory.join(name), eased.join("\n") + "\n").unwrap();
    let again = sudoku_in(directory, &["solve", "-e", "dlx", name]);
    assert_eq!(answer_lines(&again.stdout), solutions, "{name} eased");
    solutions
}

/// The answers of one-line output, without the `# layout` lines said before them.
fn answer_lines(stdout: &[u8]) -> Vec<String> {
    let text = text(stdout);
    text.lines().filter(|line| !line.starts_with('#')).map(str::to_owned).collect()
}

/// A library that writes over everything it is pointed at (tests/plugins/scribble.c: the
/// request's cells, the layout's regions, groups, pairs and starting candidates), in its worker
/// and in this process, changes nothing of the puzzles the checker and the other engines see,
/// nor of what it is given for the next puzzle: scribbling after an honest search
/// (`-DAFTER`), every answer of `solve`, `count` and `bench` is right; scribbling before
/// (`-DBEFORE`), solving rules it relaxed itself, its wrong answers are caught by the checker
/// of the real puzzles, charged to it alone, and nothing panics.
#[test]
fn a_library_that_writes_over_what_it_is_given_changes_no_puzzle() {
    if !have_compiler() {
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let mut files = Vec::new();
    let mut solutions = Vec::new();
    for name in [
        "x-9x9-200.txt",
        "jigsaw-9x9-200.txt",
        "anti-knight-9x9-200.txt",
        "windoku-9x9-200.txt",
        "pencilmark-9x9-50.txt",
    ] {
        solutions.extend(eased_layout_puzzles(dir, name, 6));
        files.push(name);
    }
    puzzles(dir, "classic.txt", "generated-10000.txt", 10);
    files.push("classic.txt");
    let classic = sudoku_in(dir, &["solve", "-e", "dlx", "classic.txt"]);
    solutions.extend(answer_lines(&classic.stdout));
    assert_eq!(solutions.len(), 40);

    let without = bench(dir, &files, "dlx,cdcl", &[], &[]);
    assert_eq!(without.output.status.code(), Some(0), "{}", without.stderr());
    for mode in ["AFTER", "BEFORE"] {
        let library = dir.join(format!("libscribble-{mode}.so"));
        let built = Command::new("cc")
            .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I"])
            .arg(repository().join("include"))
            .arg(format!("-D{mode}"))
            .arg("-o")
            .arg(&library)
            .arg(repository().join("crates/cli/tests/plugins/scribble.c"))
            .output()
            .unwrap();
        assert!(built.status.success(), "cc scribble.c -D{mode}: {}", text(&built.stderr));
        let declaration = format!("scribble={}", plugin(&library));
        for extra in [&[][..], &["--in-process"][..]] {
            let what = format!("{mode} {extra:?}");
            let run_with = |command: &str| {
                let mut args = vec![command, "-e", "scribble", "--external", &declaration];
                args.extend(["--time-limit", "10"]);
                args.extend_from_slice(&files);
                args.extend_from_slice(extra);
                sudoku_in(dir, &args)
            };
            let (solved, counted) = (run_with("solve"), run_with("count"));
            let (lines, stderr) = (answer_lines(&solved.stdout), text(&solved.stderr));
            let stdout = text(&solved.stdout);
            assert!(!stderr.contains("panicked"), "{what}: {stderr}");
            assert!(
                !text(&counted.stderr).contains("panicked"),
                "{what}: {}",
                text(&counted.stderr)
            );
            assert_eq!(lines.len(), solutions.len(), "{what}: a line for each puzzle: {stdout}");
            let run =
                bench(dir, &files, "dlx,cdcl,scribble", std::slice::from_ref(&declaration), extra);
            assert!(!run.stderr().contains("panicked"), "{what}: {}", run.stderr());
            // The built-in engines answer as they do without it, whatever it wrote.
            for other in ["dlx", "cdcl"] {
                assert_eq!(run.rows_of(other), without.rows_of(other), "{what}: {other}'s rows");
            }
            if mode == "AFTER" {
                assert_eq!(solved.status.code(), Some(0), "{what}: {stderr}");
                assert_eq!(lines, solutions, "{what}: every solution right");
                let counts = answer_lines(&counted.stdout);
                assert_eq!(counts.len(), 40, "{what}: {counts:?}");
                assert!(counts.iter().all(|line| line == "1"), "{what}: {counts:?}");
                assert_eq!(counted.status.code(), Some(0), "{what}: {}", text(&counted.stderr));
                assert_eq!(run.output.status.code(), Some(0), "{what}: {}", run.stderr());
                assert_eq!(run.disputed(), BTreeMap::new(), "{what}");
                let rows = run.rows_of("scribble");
                assert_eq!(rows.len(), 40, "{what}");
                assert!(rows.values().all(|row| row.verdict == "solved" && row.count == "1"));
            } else {
                // Each line is the puzzle's solution or the placeholder of a wrong answer,
                // never a grid the real puzzle refuses.
                let mut caught = 0;
                for (line, solution) in lines.iter().zip(&solutions) {
                    if line != solution {
                        assert_eq!(line, "protocol-error", "{what}: {stdout}");
                        caught += 1;
                    }
                }
                assert!(caught >= 30, "{what}: {caught} wrong answers caught: {stderr}");
                assert!(stderr.contains("gave a wrong answer: not a solution"), "{what}: {stderr}");
                assert_eq!(solved.status.code(), Some(5), "{what}: {stderr}");
                assert_eq!(run.output.status.code(), Some(3), "{what}: {}", run.stderr());
                // Numbered within each file: the report lists each file's.
                let charged = BTreeSet::from(["scribble".to_owned()]);
                let disputed = run.disputed();
                assert!(
                    disputed.values().all(|engines| *engines == charged),
                    "{what}: {disputed:?}"
                );
                let listed = run.report["disagreements"].as_array().map_or(0, Vec::len);
                assert!(listed >= 30, "{what}: {listed} disagreements");
            }
        }
    }
}
