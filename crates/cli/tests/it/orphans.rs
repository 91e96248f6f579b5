//! No process an engine from outside starts outlives the `sudoku` command, however it is
//! started: through a wrapper (`sh -c '...; true'`), from a script, in a session of its own
//! (`setsid`), in the background holding the engine's output, or while a signal ends the
//! command. Each engine here starts a spinner (`spin.sh`) that notes its process id and runs
//! until killed, with a token in its command line that no other process has; once `sudoku` has
//! exited, `/proc` must hold no process with the token.

#![cfg(target_os = "linux")]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{installed, text};
use sudoku_core::parse_one;

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The spinner: appends its process id to `DIR/started`, then waits until killed. Its second
/// argument is the token, there to be found in its command line.
const SPIN: &str = r#"#!/bin/sh
echo $$ >>"$1/started"
while :; do sleep 0.05; done
"#;

/// A protocol engine that answers its handshake, then starts the spinner in the foreground on
/// the first puzzle and so never answers.
const PROTOCOL: &str = r#"#!/bin/sh
while read -r word rest; do
    case $word in
    sudoku-protocol) printf 'protocol 1\nname spinner\nsizes 9\nready\n' ;;
    ping) echo pong ;;
    solve) sh "$1/spin.sh" "$1" "$2" ;;
    quit) exit 0 ;;
    esac
done
"#;

/// A judge program (with `judge`) or a SAT solver (with `dimacs`, the CNF file's path last)
/// that starts the spinner as its third argument says:
/// - `hang`: in the foreground, waiting for it (a time-out);
/// - `setsid`: in a session of its own, waiting for it (a time-out);
/// - `setsid-fork`: forked into a session of its own, then answers at once;
/// - `background`: in the background, then answers at once (the spinner holds its output).
///
/// A spinner left running has noted itself before the program answers, so that a test can
/// count it however loaded the machine. The answer is `DIR/answer`, with exit status 10 for a SAT solver.
const PROGRAM: &str = r#"#!/bin/sh
dir=$1
token=$2
mode=$3
kind=$4
[ "$kind" = judge ] && cat >/dev/null
noted() { cat "$dir/started" 2>/dev/null | wc -l; }
before=$(noted)
case $mode in
hang) sh "$dir/spin.sh" "$dir" "$token" ;;
setsid) setsid sh "$dir/spin.sh" "$dir" "$token" ;;
setsid-fork) setsid -f sh "$dir/spin.sh" "$dir" "$token" ;;
background) sh "$dir/spin.sh" "$dir" "$token" & ;;
esac
# The spinner left running has noted itself before the answer ends the program.
while [ "$(noted)" -le "$before" ]; do sleep 0.01; done
cat "$dir/answer"
[ "$kind" = dimacs ] && exit 10
exit 0
"#;

/// A directory with the engines' scripts, the puzzle (`p.txt`, `copies` times) and the token
/// of the test `name`.
struct Scene {
    directory: tempfile::TempDir,
    token: String,
}

impl Scene {
    fn new(name: &str, copies: usize) -> Scene {
        let directory = tempfile::tempdir().unwrap();
        let dir = directory.path();
        std::fs::write(dir.join("spin.sh"), SPIN).unwrap();
        std::fs::write(dir.join("protocol.sh"), PROTOCOL).unwrap();
        std::fs::write(dir.join("program.sh"), PROGRAM).unwrap();
        std::fs::write(dir.join("p.txt"), format!("{PUZZLE}\n").repeat(copies)).unwrap();
        let token = format!("sudoku-orphan-token-{name}-{}", std::process::id());
        Scene { directory, token }
    }

    fn dir(&self) -> &Path {
        self.directory.path()
    }

    fn script(&self, name: &str) -> PathBuf {
        self.dir().join(name)
    }

    /// `NAME=KIND:sh program.sh DIR TOKEN MODE KIND`.
    fn program(&self, kind: &str, mode: &str) -> String {
        let (dir, token) = (self.dir().display(), &self.token);
        let script = self.script("program.sh");
        format!("x={kind}:sh '{}' '{dir}' {token} {mode} {kind}", script.display())
    }

    /// Writes what the programs answer: the solution, in the judge's form or as a SAT model.
    fn answer_as(&self, kind: &str) {
        let answer = match kind {
            "judge" => {
                SOLUTION.as_bytes().chunks(9).map(|row| format!("{}\n", text(row))).collect()
            }
            _ => format!("s SATISFIABLE\nv {}\n", model()),
        };
        std::fs::write(self.dir().join("answer"), answer).unwrap();
    }

    /// Runs `sudoku ARGS` in the directory.
    fn sudoku(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .current_dir(self.dir())
            .env("CI", "true")
            .output()
            .unwrap()
    }

    /// The process ids the spinners noted.
    fn started(&self) -> Vec<u32> {
        let noted = std::fs::read_to_string(self.dir().join("started")).unwrap_or_default();
        noted.lines().map(|pid| pid.parse().unwrap()).collect()
    }

    /// Asserts that `spinners` spinners started and that no process is left, after waiting 2 s
    /// at most for the kernel to finish them.
    fn assert_none_left(&self, spinners: usize, what: &str) {
        assert_eq!(self.started().len(), spinners, "{what}: the spinners that started");
        let until = Instant::now() + Duration::from_secs(2);
        loop {
            let left = holding(&self.token);
            if left.is_empty() {
                return;
            }
            assert!(Instant::now() < until, "{what}: processes left behind: {left:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The processes (zombies aside) whose command line holds `token`, with that command line.
fn holding(token: &str) -> Vec<(u32, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<u32>().ok()) else {
            continue;
        };
        let Ok(command) = std::fs::read(entry.path().join("cmdline")) else { continue };
        let command = text(&command).replace('\0', " ");
        if command.contains(token) {
            found.push((pid, command));
        }
    }
    found
}

/// A model of `PUZZLE`'s formula that gives each open cell its value in `SOLUTION`.
fn model() -> String {
    let puzzle = parse_one(PUZZLE.as_bytes()).unwrap().grid;
    let cnf = sudoku_engines::sat::encode(&puzzle).unwrap();
    let mut literals: Vec<i64> = (1..=i64::from(cnf.variables())).map(|var| -var).collect();
    for (cell, digit) in SOLUTION.bytes().enumerate() {
        if let Some(var) = cnf.variable(cell, digit - b'0') {
            literals[var as usize - 1] = i64::from(var);
        }
    }
    let words: Vec<String> = literals.iter().map(i64::to_string).collect();
    format!("{} 0", words.join(" "))
}

/// Whether the `setsid` program is there; says so when it is not.
fn has_setsid() -> bool {
    let found = installed("setsid");
    if !found {
        eprintln!("skipped: no `setsid` program to leave a process group with");
    }
    found
}

#[test]
fn a_protocol_engine_behind_a_shell_wrapper_leaves_nothing_after_its_time_out() {
    let scene = Scene::new("wrapper", 1);
    let script = scene.script("protocol.sh");
    let wrapped =
        format!("sh '{}' '{}' {}; true", script.display(), scene.dir().display(), scene.token);
    let external = format!("x=protocol:sh -c {}", shell_quote(&wrapped));
    let args = ["solve", "-e", "x", "--external", &external, "--time-limit", "1", "p.txt"];
    let output = scene.sudoku(&args);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(5), "{stdout}{}", text(&output.stderr));
    assert_eq!(stdout.trim(), "timed-out");
    scene.assert_none_left(1, "protocol behind `sh -c`");
}

#[test]
fn judge_and_dimacs_scripts_leave_nothing_after_their_time_outs() {
    for kind in ["judge", "dimacs"] {
        let scene = Scene::new(&format!("script-{kind}"), 3);
        let external = scene.program(kind, "hang");
        let args = ["solve", "-e", "x", "--external", &external, "--time-limit", "1", "p.txt"];
        let output = scene.sudoku(&args);
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(5), "{kind}: {stdout}{}", text(&output.stderr));
        assert_eq!(stdout, "timed-out\n".repeat(3), "{kind}");
        scene.assert_none_left(3, kind);
    }
}

#[test]
fn a_process_in_a_session_of_its_own_is_collected_too() {
    if !has_setsid() {
        return;
    }
    for kind in ["judge", "dimacs"] {
        // Waited for by the program, which times out.
        let scene = Scene::new(&format!("setsid-{kind}"), 2);
        let external = scene.program(kind, "setsid");
        let args = ["solve", "-e", "x", "--external", &external, "--time-limit", "1", "p.txt"];
        let output = scene.sudoku(&args);
        let stdout = text(&output.stdout);
        assert_eq!(stdout, "timed-out\n".repeat(2), "{kind}: {}", text(&output.stderr));
        scene.assert_none_left(2, &format!("{kind}, setsid"));

        // Forked away, holding the output of a program that answered at once.
        let scene = Scene::new(&format!("setsid-fork-{kind}"), 2);
        scene.answer_as(kind);
        let external = scene.program(kind, "setsid-fork");
        let args = ["solve", "-e", "x", "--external", &external, "--time-limit", "60", "p.txt"];
        let output = scene.sudoku(&args);
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{kind}: {stdout}{}", text(&output.stderr));
        assert_eq!(stdout, format!("{SOLUTION}\n").repeat(2), "{kind}");
        scene.assert_none_left(2, &format!("{kind}, setsid -f"));
    }
}

#[test]
fn an_answer_given_at_once_counts_though_a_background_child_holds_the_output() {
    for kind in ["judge", "dimacs"] {
        let scene = Scene::new(&format!("background-{kind}"), 3);
        scene.answer_as(kind);
        let external = scene.program(kind, "background");
        // Were the output waited for to its end, each puzzle would time out after a minute.
        let args = ["solve", "-e", "x", "--external", &external, "--time-limit", "60", "p.txt"];
        let output = scene.sudoku(&args);
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{kind}: {stdout}{}", text(&output.stderr));
        assert_eq!(stdout, format!("{SOLUTION}\n").repeat(3), "{kind}");
        scene.assert_none_left(3, &format!("{kind}, background"));
    }
}

#[test]
fn a_signal_to_sudoku_takes_the_engines_grandchildren_with_it() {
    for (signal, number) in [("INT", 2), ("TERM", 15)] {
        let scene = Scene::new(&format!("signal-{signal}"), 1);
        let external = scene.program("judge", "hang");
        let mut run = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", "-e", "x", "--external", &external, "p.txt"])
            .current_dir(scene.dir())
            .env("CI", "true")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(20);
        while scene.started().is_empty() {
            assert!(Instant::now() < until, "SIG{signal}: the spinner never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        let mut kill = Command::new("kill");
        kill.args([format!("-{signal}"), run.id().to_string()]);
        assert!(kill.status().unwrap().success());
        let status = run.wait().unwrap();
        assert_eq!(status.code(), Some(128 + number), "SIG{signal}: {status}");
        scene.assert_none_left(1, &format!("SIG{signal}"));
    }
}

/// `text` in single quotes for `sh`.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A run the user interrupts is not an engine's crash: the signal's cleanup kills the engines,
/// and `solve` says nothing of the deaths it caused (the engine "crashed ... killed by signal
/// 9" was the signal's doing), whichever engine kind it waited on and however the race falls.
#[test]
fn an_interrupted_run_blames_no_engine() {
    for (signal, number) in [("TERM", 15), ("INT", 2)] {
        // The race was lost about one time in three: enough rounds that it shows.
        for round in 0..8 {
            let kind = if round % 2 == 0 { "judge" } else { "protocol" };
            let scene = Scene::new(&format!("blame-{signal}-{round}"), 3);
            let external = match kind {
                "judge" => scene.program("judge", "hang"),
                _ => format!(
                    "x=protocol:sh '{}' '{}' {}",
                    scene.script("protocol.sh").display(),
                    scene.dir().display(),
                    scene.token
                ),
            };
            let run = Command::new(env!("CARGO_BIN_EXE_sudoku"))
                .args(["solve", "-e", "x", "--external", &external, "p.txt"])
                .current_dir(scene.dir())
                .env("CI", "true")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let until = Instant::now() + Duration::from_secs(20);
            while scene.started().is_empty() {
                assert!(Instant::now() < until, "SIG{signal} {kind}: the spinner never started");
                std::thread::sleep(Duration::from_millis(20));
            }
            let mut kill = Command::new("kill");
            kill.args([format!("-{signal}"), run.id().to_string()]);
            assert!(kill.status().unwrap().success());
            let output = run.wait_with_output().unwrap();
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(128 + number), "SIG{signal} {kind}: {stderr}");
            for blame in ["crashed", "killed by signal", "protocol-error", "timed-out"] {
                assert!(!stderr.contains(blame), "SIG{signal} {kind}: {stderr}");
            }
            assert!(!text(&output.stdout).contains("crashed"), "SIG{signal} {kind}");
            scene.assert_none_left(1, &format!("SIG{signal} {kind}"));
        }
    }
}
