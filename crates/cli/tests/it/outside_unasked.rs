//! Engines from outside run only when asked, and are never believed on their word: an engines
//! file nobody named is not read, a declared engine starts only when the command uses it (the
//! engines it uses at once), and what one answers is checked by `solve`, `count` and `generate`
//! before anything is printed.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{sudoku_in, text};

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// Another puzzle's solution: a valid grid that does not keep [`PUZZLE`]'s clues.
const OTHER_SOLUTION: &str =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

/// A protocol engine in shell that answers every request with `COUNT` and `SOLUTION` (its two
/// arguments), whatever the puzzle: a liar. It calls itself by the name in `$NAME`.
const LIAR: &str = r#"#!/bin/sh
while read -r word id rest; do
    case $word in
    sudoku-protocol) printf 'protocol 1\nname %s\nsizes 9\nfeature counts\nready\n' "$NAME" ;;
    ping) echo pong ;;
    quit) exit 0 ;;
    solve) echo "answer $id $1 complete $2" ;;
    esac
done
"#;

/// Writes `text` as the executable script `name` in `dir`; its path.
fn script(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path.to_str().unwrap().to_owned()
}

/// Runs `sudoku args...` in `dir` with `stdin` as standard input.
fn sudoku_with_input(dir: &Path, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .current_dir(dir)
        .env("CI", "true")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn an_engines_file_nobody_named_runs_nothing() {
    if cfg!(not(unix)) {
        eprintln!("skipped: the planted engine is a shell command");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    std::fs::write(
        dir.join("sudoku-engines.toml"),
        "[engines.planted]\nkind = \"protocol\"\ncommand = [\"sh\", \"-c\", \"touch ran\"]\n",
    )
    .unwrap();
    std::fs::write(dir.join("p.txt"), format!("{PUZZLE}\n")).unwrap();
    for args in [
        &[][..],
        &["solve", "p.txt"],
        &["solve", "--engine", "fast", "p.txt"],
        &["count", "p.txt"],
        &["bench", "p.txt", "-e", "fast", "-j", "1"],
        &["bench", "p.txt", "-j", "1", "-e", "all"],
        &["generate", "--count", "1"],
        &["engines"],
        &["engines", "--engines-file", "sudoku-engines.toml"],
    ] {
        let run = sudoku_with_input(dir, args, &format!("{PUZZLE}\n"));
        assert_eq!(run.status.code(), Some(0), "{args:?}: {}", text(&run.stderr));
        assert!(!dir.join("ran").exists(), "{args:?} ran the planted engine");
    }
    // The file is not a secret: naming an engine it declares says how to read it.
    let named = sudoku_in(dir, &["solve", "--engine", "planted", "p.txt"]);
    let stderr = text(&named.stderr);
    assert_eq!(named.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--engines-file sudoku-engines.toml"), "{stderr}");
    assert!(!dir.join("ran").exists());
    // Named and probed, it runs: the check above could see it.
    let args = ["engines", "--engines-file", "sudoku-engines.toml", "--probe"];
    let probed = sudoku_in(dir, &args);
    assert_eq!(probed.status.code(), Some(0), "{}", text(&probed.stderr));
    assert!(dir.join("ran").exists(), "the probe did not start the engine");
}

#[test]
fn only_the_engines_a_command_uses_start_and_those_all_at_once() {
    if cfg!(not(unix)) {
        eprintln!("skipped: the engines are shell commands");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    std::fs::write(dir.join("p.txt"), format!("{PUZZLE}\n")).unwrap();
    let sudoku = env!("CARGO_BIN_EXE_sudoku");
    // Each engine waits for the other to have started before it finishes its own start, then
    // takes more than a second: started one after the other, the first would never be ready.
    let waiting_for = |me: &str, other: &str| {
        format!(
            "{me}=protocol:sh -c 'touch {me}-started; while [ ! -e {other}-started ]; do sleep \
             0.05; done; sleep 1.2; exec \"{sudoku}\" serve --engine fast'"
        )
    };
    let (a, b) = (waiting_for("a", "b"), waiting_for("b", "a"));
    let unused = "unused=protocol:sh -c 'touch unused-started; exec sleep 1000'";
    let externals = ["--external", &a, "--external", &b, "--external", unused];

    let mut solve = vec!["solve", "--engine", "fast", "p.txt"];
    solve.extend(externals);
    let solved = sudoku_in(dir, &solve);
    assert_eq!(text(&solved.stdout), format!("{SOLUTION}\n"), "{}", text(&solved.stderr));
    for name in ["a", "b", "unused"] {
        assert!(!dir.join(format!("{name}-started")).exists(), "{name} started for fast");
    }

    let mut bench = vec!["bench", "p.txt", "-e", "a,b,fast", "-j", "1"];
    bench.extend(externals);
    let benched = sudoku_in(dir, &bench);
    let stderr = text(&benched.stderr);
    assert_eq!(benched.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("waiting for engines to start: 'a' (protocol), 'b' (protocol)"),
        "{stderr}"
    );
    assert!(!dir.join("unused-started").exists(), "an engine the bench did not name started");
}

#[test]
fn a_wrong_answer_from_outside_fails_its_puzzle_in_solve_and_count() {
    if cfg!(not(unix)) {
        eprintln!("skipped: the liar is a shell script");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let liar = script(dir, "liar.sh", LIAR);
    let input = format!("{PUZZLE}\n{PUZZLE}\n");
    let lying = |count: &str, solution: &str| format!("liar=protocol:'{liar}' {count} {solution}");

    // Another puzzle's valid grid is not this puzzle's solution.
    let wrong = lying("1", OTHER_SOLUTION);
    let solved = sudoku_with_input(dir, &["solve", "-e", "liar", "--external", &wrong], &input);
    let stderr = text(&solved.stderr);
    assert_eq!(solved.status.code(), Some(5), "{stderr}");
    assert_eq!(text(&solved.stdout), "protocol-error\nprotocol-error\n");
    assert!(stderr.contains("engine 'liar' protocol-error: gave a wrong answer: not a solution"));
    // The same failure again is not said again in full.
    assert!(
        stderr.contains("puzzle 2, line 2: engine 'liar' protocol-error: the same as puzzle 1")
    );
    assert!(stderr.contains("solved 0 of 2 puzzles; 2 failed by the engine"), "{stderr}");

    // `count` checks the solution that comes with a count, too.
    let counted = sudoku_with_input(dir, &["count", "-e", "liar", "--external", &wrong], &input);
    let stderr = text(&counted.stderr);
    assert_eq!(counted.status.code(), Some(5), "{stderr}");
    assert!(stderr.contains("not a solution: clue 5 at r1c1 became 1"), "{stderr}");

    // The truth passes.
    let honest = lying("1", SOLUTION);
    let solved = sudoku_with_input(dir, &["solve", "-e", "liar", "--external", &honest], &input);
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout), format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn generate_confirms_an_outside_engines_puzzles_and_names_it() {
    if cfg!(not(unix)) {
        eprintln!("skipped: the engines are shell commands");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    // An engine that calls every puzzle unique: the puzzles it leads to are not.
    let liar = script(dir, "liar.sh", LIAR);
    let always_one = format!("liar=protocol:'{liar}' 1 {SOLUTION}");
    let args = ["generate", "-n", "2", "-e", "liar", "--external", &always_one, "--out", "g.txt"];
    let lied = sudoku_in(dir, &args);
    let stderr = text(&lied.stderr);
    assert_eq!(lied.status.code(), Some(5), "{stderr}");
    let wrong = "gave a wrong answer: fast finds that puzzle 0 has more than one solution or none";
    assert!(stderr.contains(wrong), "{stderr}");
    assert!(!dir.join("g.txt").exists(), "a file of wrong puzzles was written");

    // An engine that calls every puzzle ambiguous keeps every clue: its full grids are unique,
    // and not minimal, which the built-in engine finds too.
    for (targets, what) in [
        (&[][..], "is called minimal, and keeps one solution without its clues at "),
        (
            &["--symmetry", "rot180"][..],
            "is called minimal, and keeps one solution without its clues at ",
        ),
    ] {
        let always_two = format!("liar=protocol:'{liar}' 2 {SOLUTION}");
        let mut args = vec!["generate", "-n", "2", "-e", "liar", "--external", &always_two];
        args.extend_from_slice(targets);
        args.extend(["--out", "g.txt"]);
        let lied = sudoku_in(dir, &args);
        let stderr = text(&lied.stderr);
        assert_eq!(lied.status.code(), Some(5), "{targets:?}: {stderr}");
        assert!(
            stderr.contains(&format!("fast finds that puzzle 0 {what}")),
            "{targets:?}: {stderr}"
        );
        assert!(!dir.join("g.txt").exists(), "a file of puzzles not minimal was written");
    }
    // Without minimality asked, the same engine's unique puzzles are what they are said to be.
    let always_two = format!("liar=protocol:'{liar}' 2 {SOLUTION}");
    let args = [
        "generate",
        "-n",
        "1",
        "-e",
        "liar",
        "--external",
        &always_two,
        "--not-minimal",
        "--attempts",
        "1",
    ];
    let honest_enough = sudoku_in(dir, &args);
    assert_eq!(honest_enough.status.code(), Some(0), "{}", text(&honest_enough.stderr));
    assert!(text(&honest_enough.stdout).contains("each puzzle's uniqueness confirmed by fast"));

    // An honest engine from outside: the same puzzles as a built-in engine makes, under a
    // header that names the engine, its declaration and the engine that confirmed them.
    let sudoku = env!("CARGO_BIN_EXE_sudoku");
    let served = format!("served=protocol:'{sudoku}' serve --engine fast");
    let args = ["generate", "-n", "3", "--seed", "7", "-e", "served", "--external", &served];
    let outside = sudoku_in(dir, &args);
    assert_eq!(outside.status.code(), Some(0), "{}", text(&outside.stderr));
    let built_in = sudoku_in(dir, &["generate", "-n", "3", "--seed", "7"]);
    let puzzles =
        |output: &Output| text(&output.stdout).lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(puzzles(&outside), 3);
    let body = |output: &Output| {
        text(&output.stdout).lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(body(&outside), body(&built_in));
    let header = text(&outside.stdout);
    assert!(header.starts_with("# sudoku generate --count 3 --seed 7 --engine served\n"));
    assert!(header.contains("Engine 'served' from outside (protocol: "), "{header}");
    assert!(header.contains("declared at --external"), "{header}");
    assert!(header.contains("uniqueness and minimality confirmed by fast"), "{header}");
}

#[test]
fn what_an_engine_says_of_itself_is_listed_with_its_control_characters_escaped() {
    if cfg!(not(unix)) {
        eprintln!("skipped: the engine is a shell script");
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let liar = script(dir, "liar.sh", LIAR);
    let declaration = format!("loud=protocol:env 'NAME=\u{1b}]0;owned\u{7}\u{1b}[2J' '{liar}' 1 x");
    let listed = sudoku_in(dir, &["engines", "--probe", "--external", &declaration]);
    assert_eq!(listed.status.code(), Some(0), "{}", text(&listed.stderr));
    assert!(!listed.stdout.contains(&0x1b), "an escape sequence reached the terminal");
    let stdout = text(&listed.stdout);
    assert!(stdout.contains("\\u{1b}]0;owned\\u{7}\\u{1b}[2J"), "{stdout}");
}
