//! Engines from outside, as the command line sees them: declared by `--external` or an engines
//! file, listed by `sudoku engines`, refused in one line when the declaration is bad, and
//! costing only their own puzzles when they crash or hang, with no process left behind.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{refused, repository, sudoku, sudoku_in};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `sudoku` binary, which reads judge input and prints judge output: a correct judge
/// program.
fn sudoku_binary() -> &'static str {
    env!("CARGO_BIN_EXE_sudoku")
}

/// A declaration of `sudoku` itself as a judge program called `name`.
fn judge_of_ours(name: &str) -> String {
    format!("{name}=judge:'{}'", sudoku_binary())
}

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn engines_lists_those_declared_on_the_command_line_and_in_a_file() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    std::fs::write(
        dir.join("mine.toml"),
        "# mine\n[engines.fromfile]\nkind = \"judge\"\ncommand = [\"./solve\", \"--fast\"]\n",
    )
    .unwrap();
    let args = ["engines", "--engines-file", "mine.toml", "--external", "cli=judge:cat -n"];
    let listed = sudoku_in(dir, &args);
    let stdout = text(&listed.stdout);
    assert_eq!(listed.status.code(), Some(0), "{}", text(&listed.stderr));
    assert!(stdout.lines().next().unwrap().starts_with("naive "), "built-in first: {stdout}");
    let outside = stdout.split("Engines from outside:\n").nth(1).expect(&stdout);
    let file_at = outside.find("fromfile").expect(outside);
    let cli_at = outside.find("cli ").expect(outside);
    assert!(file_at < cli_at, "the file's engines before --external: {outside}");
    assert!(outside.contains("judge: ./solve --fast"), "{outside}");
    assert!(outside.contains("declared at mine.toml:3"), "{outside}");
    assert!(outside.contains("judge: cat -n"), "{outside}");
    assert!(outside.contains("declared at --external"), "{outside}");
    // Listed as declared: nothing was started to ask it what it reports.
    assert!(outside.contains("not started (--probe starts it)"), "{outside}");
    assert!(!outside.contains("reports"), "{outside}");

    // --probe makes each engine, and says what it reports and how it is timed.
    let mut probe = args.to_vec();
    probe.push("--probe");
    let probed = text(&sudoku_in(dir, &probe).stdout);
    assert!(probed.contains("reports a first solution; timed whole-process"), "{probed}");
    assert!(probed.contains("declared at mine.toml:3"), "{probed}");

    // Without declarations the listing is the built-in engines only.
    let plain = sudoku(&["engines"], b"");
    assert!(!text(&plain.stdout).contains("Engines from outside"));
}

#[test]
fn a_bad_declaration_is_one_line_with_its_place_and_nothing_runs() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    std::fs::write(dir.join("bad.toml"), "[engines.a]\nkind = \"quantum\"\ncommand = \"x\"\n")
        .unwrap();
    let engines_file = ["solve", "--engines-file", "bad.toml", "-e", "fast"];
    refused(&sudoku_in(dir, &engines_file), &["bad.toml:2:8: unknown engine kind 'quantum'"]);
    let missing = ["bench", "--engines-file", "none.toml"];
    refused(&sudoku_in(dir, &missing), &["none.toml: No such file"]);
    refused(
        &sudoku_in(dir, &["count", "--external", "fast=judge:x"]),
        &["--external: engine 'fast' is a built-in engine's name"],
    );
    refused(
        &sudoku_in(dir, &["engines", "--external", "a=judge:x", "--external", "a=dimacs:y"]),
        &["engine 'a' is declared twice (first at --external)"],
    );
    refused(&sudoku_in(dir, &["generate", "-n", "1", "--external", "a=judge"]), &["NAME=KIND:"]);
    refused(
        &sudoku_in(dir, &["solve", "-e", "quantum", "--external", "mine=judge:x"]),
        &["unknown engine 'quantum'", "alldiff", "mine"],
    );
    refused(
        &sudoku_in(dir, &["count", "-e", "mine", "--external", "mine=judge:x"]),
        &["engine 'mine' finds a first solution only: it cannot count solutions"],
    );
}

#[test]
fn a_judge_program_solves_and_its_failures_cost_only_their_puzzles() {
    let input = format!("{PUZZLE}\n{PUZZLE}\n");
    let ours = judge_of_ours("ours");
    let solved = sudoku(&["solve", "-e", "ours", "--external", &ours], input.as_bytes());
    assert_eq!(text(&solved.stdout), format!("{SOLUTION}\n{SOLUTION}\n"));
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));

    for (declaration, verdict, message) in [
        ("crash=judge:sh -c 'echo dying >&2; exit 3'", "crashed", "exited with status 3"),
        ("hang=judge:sleep 30", "timed-out", "within the time limit of 300 ms"),
        ("garbage=judge:sh -c 'echo not a grid'", "protocol-error", "'not a grid"),
    ] {
        let name = declaration.split('=').next().unwrap();
        let started = Instant::now();
        let args = ["solve", "-e", name, "--external", declaration, "--time-limit", "0.3"];
        let failed = sudoku(&args, input.as_bytes());
        assert!(started.elapsed() < Duration::from_secs(20), "{name}");
        let stderr = text(&failed.stderr);
        assert_eq!(failed.status.code(), Some(5), "{name}: {stderr}");
        assert_eq!(text(&failed.stdout), format!("{verdict}\n{verdict}\n"), "one line each");
        let first = stderr.lines().next().unwrap();
        assert!(
            first.starts_with(&format!("<stdin>: puzzle 1, line 1: engine '{name}' {verdict}: ")),
            "{stderr}"
        );
        assert!(first.contains(message), "{stderr}");
        assert!(stderr.contains("solved 0 of 2 puzzles; 2 failed by the engine"), "{stderr}");
    }
}

#[test]
fn a_bench_with_a_failing_engine_finishes_and_says_so() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let samples = repository().join("data/samples/2580-sample1.in");
    let samples = samples.to_str().unwrap();
    let ours = judge_of_ours("ours");
    let good = sudoku_in(dir, &["bench", samples, "-e", "fast,ours", "--external", &ours]);
    let stderr = text(&good.stderr);
    assert_eq!(good.status.code(), Some(0), "{stderr}");
    assert!(text(&good.stdout).contains("ours"), "{}", text(&good.stdout));

    // A crashing engine: the run finishes, exit 5, the failure listed with its place, and the
    // other engine's counters exactly those of a run without it.
    let crash = "crash=judge:sh -c 'echo segfault >&2; exit 139'";
    let json = |engines: &str, out: &str| {
        let args = ["bench", samples, "-e", engines, "-j", "1", "--external", crash];
        let mut args = args.to_vec();
        args.extend(["--format", "json", "--out", out]);
        let run = sudoku_in(dir, &args);
        let written = std::fs::read_to_string(dir.join(out)).unwrap();
        (run, serde_json::from_str::<serde_json::Value>(&written).unwrap())
    };
    let (bad, with_crash) = json("fast,crash", "with.json");
    let stderr = text(&bad.stderr);
    assert_eq!(bad.status.code(), Some(5), "{stderr}");
    assert!(
        stderr.contains(
            "puzzle 1, line 1: crash crashed: exited with status 139 (stderr: 'segfault')"
        ),
        "{stderr}"
    );
    let (alone, without) = json("fast", "without.json");
    assert_eq!(alone.status.code(), Some(0), "{}", text(&alone.stderr));
    // Every counter of an engine's record (its times differ from run to run).
    let record = |report: &serde_json::Value, engine: &str| {
        let records = report["records"].as_array().unwrap();
        let found = records.iter().find(|r| r["engine"] == engine).unwrap();
        let counters = [
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
            "crashed",
            "timed_out",
            "protocol_errors",
        ];
        let kept = counters.map(|counter| (counter.to_owned(), found[counter].clone()));
        serde_json::Value::Object(kept.into_iter().collect())
    };
    assert_eq!(record(&with_crash, "fast"), record(&without, "fast"));
    let crashed = record(&with_crash, "crash");
    assert_eq!((crashed["crashed"].as_u64(), crashed["solved"].as_u64()), (Some(1), Some(0)));
}

/// The process ids of the children of `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return found };
    for task in tasks.flatten() {
        let listed = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        found.extend(listed.split_whitespace().filter_map(|child| child.parse::<u32>().ok()));
    }
    found
}

/// Whether process `pid` is gone (or a zombie nobody waits for, which is no process).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

/// Whether this process ignores SIGINT, as a shell without job control has its background jobs
/// do: a run started from here inherits that, and keeps it (as `nohup` keeps SIGHUP ignored).
fn interrupts_ignored_here() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let ignored = status.lines().find_map(|line| line.strip_prefix("SigIgn:")).unwrap();
    const SIGINT: u32 = 2;
    u64::from_str_radix(ignored.trim(), 16).unwrap() & (1 << (SIGINT - 1)) != 0
}

#[test]
fn no_engine_process_outlives_an_interrupted_run() {
    if !Path::new("/proc/self/task").exists() {
        eprintln!("skipped: no /proc to find the engine's process in");
        return;
    }
    for signal in ["INT", "TERM"] {
        let directory = tempfile::tempdir().unwrap();
        let puzzles = format!("{PUZZLE}\n").repeat(4);
        std::fs::write(directory.path().join("p.txt"), puzzles).unwrap();
        let mut run = Command::new(sudoku_binary())
            .args([
                "bench",
                "p.txt",
                "-j",
                "2",
                "-e",
                "hang",
                "--external",
                "hang=judge:sleep 1000",
            ])
            .current_dir(directory.path())
            .env("CI", "true")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let engines = loop {
            let engines = children(run.id());
            if !engines.is_empty() || Instant::now() > deadline {
                break engines;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(!engines.is_empty(), "the engine never started");
        let pid = run.id().to_string();
        let kill = |signal: &str| {
            let mut kill = Command::new("kill");
            kill.args([format!("-{signal}"), pid.clone()]);
            assert!(kill.status().unwrap().success());
        };
        kill(signal);
        if signal == "INT" && interrupts_ignored_here() {
            // The run keeps the interrupt ignored: it goes on until terminated.
            std::thread::sleep(Duration::from_millis(500));
            assert!(run.try_wait().unwrap().is_none(), "an ignored SIGINT ended the run");
            kill("TERM");
        }
        let status = common::ended_within(&mut run, &format!("SIG{signal}"), common::PATIENCE);
        assert!(!status.success(), "SIG{signal}: {status}");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !engines.iter().all(|&pid| gone(pid)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        for pid in engines {
            assert!(gone(pid), "SIG{signal}: engine process {pid} outlived the run");
        }
    }
}
