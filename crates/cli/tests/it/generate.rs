//! `sudoku generate`: the same seed gives the same bytes, and the shipped corpus is what its
//! header says; a signal leaves no temporary file; a progress bar only at a terminal.

use crate::common;

use std::time::{Duration, Instant};

use common::{generate, puzzle_lines, repository, sudoku};

#[test]
fn the_same_seed_writes_the_same_bytes_whatever_the_engine_and_threads() {
    let reference = generate(&["--count", "30", "--seed", "9", "-j", "1"]);
    assert!(reference.starts_with("# sudoku generate --count 30 --seed 9\n"), "{reference}");
    assert_eq!(
        generate(&["--count", "30", "--seed", "9", "-j", "2", "-e", "bitmask-mrv"]),
        reference
    );
    let lines = puzzle_lines(&reference);
    assert_eq!(lines.len(), 30);
    // The clue statistics are known only at the end, so they come last.
    let last = reference.lines().last().unwrap();
    assert!(last.starts_with("# 30 puzzles: ") && last.ends_with(" on average"), "{last}");
    assert!(lines.iter().all(|line| line.len() == 81));
    let other = generate(&["-n", "30", "-s", "10"]);
    assert_ne!(puzzle_lines(&other), lines);
}

/// Checks that the shipped corpus `file` holds `count` puzzles and that its first `prefix`
/// are what its header command makes: puzzle i depends only on (seed, i), so a shorter run of
/// the same command is a prefix of the file.
fn check_shipped_corpus(file: &str, count: usize, prefix: usize) {
    let shipped = std::fs::read_to_string(repository().join("data/corpus").join(file)).unwrap();
    let command = shipped.lines().next().unwrap().strip_prefix("# sudoku ").unwrap();
    let args: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(args[..2], ["generate", "--count"], "{file}");
    assert_eq!(args[2], count.to_string(), "{file}");
    let shipped_puzzles = puzzle_lines(&shipped);
    assert_eq!(shipped_puzzles.len(), count, "{file}");
    let mut shorter = args[1..].to_vec();
    let prefix_count = prefix.to_string();
    shorter[1] = &prefix_count;
    let regenerated = generate(&shorter);
    assert_eq!(puzzle_lines(&regenerated), shipped_puzzles[..prefix], "{file}");
}

#[test]
fn the_shipped_corpus_is_what_its_header_command_makes() {
    check_shipped_corpus("generated-10000.txt", 10_000, 300);
}

#[test]
fn the_shipped_corpora_of_other_sizes_are_what_their_header_commands_make() {
    check_shipped_corpus("generated-4x4-1000.txt", 1000, 1000);
    check_shipped_corpus("generated-16x16-1000.txt", 1000, 20);
    check_shipped_corpus("generated-6x6-1000.txt", 1000, 1000);
    check_shipped_corpus("generated-12x12-100.txt", 100, 100);
}

// The 25×25 corpus: one puzzle made again is half a minute to minutes of work (every clue of
// a minimal 25×25 puzzle costs a search for a second solution), so CI's release steps make the
// first one again with the release build, and prove every puzzle's one solution with two
// engines.

#[test]
fn a_run_from_a_later_puzzle_makes_the_puzzles_the_whole_run_ends_with() {
    let whole = generate(&["--count", "40", "--seed", "5", "--size", "4"]);
    let part = generate(&["--count", "15", "--seed", "5", "--size", "4", "--start", "25"]);
    assert!(
        part.starts_with("# sudoku generate --count 15 --seed 5 --size 4 --start 25\n"),
        "{part}"
    );
    assert_eq!(puzzle_lines(&part), puzzle_lines(&whole)[25..]);
    let beyond = sudoku(&["generate", "--count", "2", "--start", &u64::MAX.to_string()], b"");
    assert_eq!(beyond.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&beyond.stderr).contains("runs past the last puzzle number"));
}

#[test]
fn generated_puzzles_have_one_solution_counted_by_two_engines() {
    let puzzles = generate(&["--count", "40", "--seed", "77"]);
    for engine in ["dlx", "bitmask-mrv"] {
        let output = sudoku(&["count", "-e", engine], puzzles.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{engine}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n".repeat(40), "{engine}");
    }
}

#[test]
fn an_unwritable_output_is_reported() {
    let output = sudoku(&["generate", "--count", "2", "--out", "no/such/dir/out.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .starts_with("sudoku: cannot write no/such/dir/out.txt: ")
    );
}

#[test]
fn no_progress_is_shown_when_standard_error_is_not_a_terminal() {
    let output = sudoku(&["generate", "--count", "1", "--size", "4"], b"");
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("generated 1 puzzle in "), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.ends_with("\n# 1 puzzle: 4 to 4 clues, 4.00 on average\n"), "{stdout}");
}

/// At a terminal (a pseudo-terminal made by util-linux's `script`), a bar counts the puzzles;
/// the file written is the same as without it.
#[cfg(target_os = "linux")]
#[test]
fn a_progress_bar_counts_the_puzzles_at_a_terminal() {
    use std::process::Command;
    let directory = tempfile::tempdir().unwrap();
    let (at_terminal, plain) = (directory.path().join("a.txt"), directory.path().join("b.txt"));
    let command = format!(
        "{} generate --count 20 --size 16 --seed 2 --out {}",
        env!("CARGO_BIN_EXE_sudoku"),
        at_terminal.display()
    );
    let Ok(output) =
        Command::new("script").args(["-qec", &command, "/dev/null"]).env_remove("CI").output()
    else {
        println!("NOTICE: progress bar test skipped: no `script` command");
        return;
    };
    let terminal = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{terminal}");
    assert!(terminal.contains("generating 20 16×16 puzzles"), "{terminal}");
    assert!(terminal.contains("0/20"), "{terminal}");
    let plain_out = plain.to_str().unwrap();
    let args = ["generate", "--count", "20", "--size", "16", "--seed", "2", "--out", plain_out];
    let output = sudoku(&args, b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(std::fs::read(&at_terminal).unwrap(), std::fs::read(&plain).unwrap());
}

/// Starts `sudoku generate --out FILE` on a long run through `sh -c` (with `prelude` run
/// first, then `exec`), once the temporary file it writes is there.
#[cfg(unix)]
fn generating_into(out: &std::path::Path, prelude: &str) -> std::process::Child {
    use std::process::{Command, Stdio};
    let script = format!("{prelude} exec \"$0\" generate --count 500000 --seed 1 --out \"$1\"");
    let mut child = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_sudoku"), out.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + common::PATIENCE;
    while partial_files(out.parent().unwrap()).is_empty() {
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            let _ = child.kill();
            panic!("no temporary file appeared while generating");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child
}

#[cfg(unix)]
fn partial_files(directory: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(directory)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".partial"))
        .collect()
}

/// Sends `signal` (a name `kill` knows) to `child`.
#[cfg(unix)]
fn send(signal: &str, child: &std::process::Child) {
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{signal}");
}

/// Every signal that ends a process by default ends `generate --out` the same way: the file
/// it was replacing as it was, no temporary file left, the exit code 128 + the signal's number.
/// (The numbers are Linux's.)
#[cfg(target_os = "linux")]
#[test]
fn every_terminating_signal_leaves_the_previous_file_and_no_partial_one() {
    for (signal, number) in
        [("USR1", 10), ("USR2", 12), ("ALRM", 14), ("QUIT", 3), ("VTALRM", 26), ("RTMIN+2", 36)]
    {
        let directory = tempfile::tempdir().unwrap();
        let out = directory.path().join("corpus.txt");
        std::fs::write(&out, "the previous corpus\n").unwrap();
        // A shell without job control starts a background job with SIGQUIT ignored; this one
        // is not in the background, but say so anyway.
        let mut child = generating_into(&out, "trap - QUIT;");
        send(signal, &child);
        let status = common::wait_for(&mut child);
        let expected = if signal.starts_with("RTMIN") { None } else { Some(128 + number) };
        if let Some(expected) = expected {
            assert_eq!(status.code(), Some(expected), "SIG{signal}: {status}");
        } else {
            // SIGRTMIN's number depends on the C library; any 128 + N will do.
            assert!(status.code().is_some_and(|code| code > 128 + 32), "SIG{signal}: {status}");
        }
        assert_eq!(partial_files(directory.path()), Vec::<String>::new(), "SIG{signal}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "the previous corpus\n", "SIG{signal}");
    }
}

/// A signal the run was started with ignored (as `nohup` ignores SIGHUP) stays ignored.
#[cfg(unix)]
#[test]
fn a_signal_ignored_at_the_start_stays_ignored() {
    let directory = tempfile::tempdir().unwrap();
    let out = directory.path().join("corpus.txt");
    std::fs::write(&out, "the previous corpus\n").unwrap();
    let mut child = generating_into(&out, "trap '' HUP USR2;");
    send("HUP", &child);
    send("USR2", &child);
    std::thread::sleep(Duration::from_millis(500));
    assert!(child.try_wait().unwrap().is_none(), "an ignored signal ended the run");
    send("TERM", &child);
    let status = common::wait_for(&mut child);
    assert_eq!(status.code(), Some(128 + 15), "{status}");
    assert_eq!(partial_files(directory.path()), Vec::<String>::new());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the previous corpus\n");
}

/// The shipped puzzles of other layouts (data/layouts) begin with what their header commands
/// make, their `# layout` and `# regions` lines included: bounding a layout's draws changed
/// none of them.
#[test]
fn the_shipped_layout_files_begin_with_what_their_header_commands_make() {
    let directory = repository().join("data/layouts");
    let mut names: Vec<_> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for path in names {
        let shipped = std::fs::read_to_string(&path).unwrap();
        let command = shipped.lines().next().unwrap().strip_prefix("# sudoku ").unwrap();
        let mut args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(args[..2], ["generate", "--count"], "{}", path.display());
        args[2] = "3";
        let regenerated = generate(&args[1..]);
        // Past the two lines that say the count, up to the third puzzle.
        let through_third = |text: &str| -> Vec<String> {
            let mut puzzles = 0;
            let lines = text.lines().skip(2).take_while(|line| {
                let more = puzzles < 3;
                puzzles += usize::from(!line.starts_with('#'));
                more
            });
            lines.map(str::to_owned).collect()
        };
        assert_eq!(through_third(&regenerated), through_third(&shipped), "{}", path.display());
    }
}

#[test]
fn rules_no_grid_keeps_are_refused_before_any_work_and_a_layouts_draws_are_bounded() {
    for (layout, size, words) in [
        ("anti-king", "4", "no 4×4 grid keeps anti-king"),
        ("anti-knight,anti-king", "6", "no 6×6 grid keeps anti-knight anti-king"),
        ("x,windoku,disjoint,anti-knight,anti-king", "9", "no 9×9 grid keeps x windoku"),
        ("jigsaw,anti-king", "4", "no 4×4 grid keeps jigsaw anti-king"),
    ] {
        let refused =
            sudoku(&["generate", "--count", "1", "--layout", layout, "--size", size], b"");
        common::refused(&refused, &["sudoku: --layout: ", words]);
    }
    // A jigsaw with both moves: grids of the rules exist (the rows as regions), but hardly a
    // drawn jigsaw has one. Each puzzle number gives up after its attempts, and says so.
    let args = ["--count", "2", "--attempts", "3", "--layout", "jigsaw,anti-knight,anti-king"];
    let mut command = vec!["generate"];
    command.extend_from_slice(&args);
    let bounded = sudoku(&command, b"");
    let (stdout, stderr) = (common::text(&bounded.stdout), common::text(&bounded.stderr));
    assert_eq!(bounded.status.code(), Some(0), "{stderr}");
    assert!(stdout.starts_with("# sudoku generate --count 2 --seed 0 --layout jigsaw,anti-knight,anti-king --attempts 3\n"), "{stdout}");
    let met = puzzle_lines(&stdout).len();
    assert!(
        stdout.contains(&format!(
            "# {met} of 2 puzzle numbers met the targets within 3 attempts each"
        )),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!(
            "yield: {met} of 2 puzzle numbers met the targets within 3 attempts each"
        )),
        "{stderr}"
    );
}

#[test]
fn an_output_that_is_one_of_its_inputs_is_refused_however_it_is_named() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    let near = dir.join("near.txt");
    let puzzles = generate(&["--count", "2", "--seed", "3"]);
    std::fs::write(&near, &puzzles).unwrap();
    let pattern = dir.join("pattern.txt");
    let mask: String =
        puzzle_lines(&puzzles)[0].chars().map(|c| if c == '.' { '.' } else { 'x' }).collect();
    std::fs::write(&pattern, format!("{mask}\n")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&near, dir.join("link.txt")).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    let mut cases = vec![
        ("--near", path("near.txt"), path("near.txt"), "is also the file of --near"),
        ("--pattern", path("pattern.txt"), path("pattern.txt"), "is also the file of --pattern"),
        (
            "--near",
            path("near.txt"),
            format!("{}/./near.txt", dir.display()),
            "is also the file of --near (as ",
        ),
    ];
    if cfg!(unix) {
        cases.push((
            "--near",
            path("near.txt"),
            path("link.txt"),
            "is also the file of --near (as ",
        ));
    }
    for (flag, input, out, said) in cases {
        let before = std::fs::read(&input).unwrap();
        let run = sudoku(&["generate", "--count", "1", flag, &input, "--out", &out], b"");
        common::refused(&run, &["sudoku: --out ", said, "the run would overwrite its own input"]);
        assert_eq!(std::fs::read(&input).unwrap(), before, "{flag} {out}: the input is kept");
    }
}

#[test]
fn a_mask_with_too_many_clues_for_a_minimal_puzzle_is_refused_up_front() {
    let full = "x".repeat(81);
    let too_many = format!("{}..", "x".repeat(79));
    for (mask, flags, said) in [
        (&full, &[][..], "has a clue in every cell"),
        (&full, &["--not-minimal"][..], "has a clue in every cell"),
        (&too_many, &[][..], "a minimal 9×9 puzzle has at most 78"),
    ] {
        let directory = tempfile::tempdir().unwrap();
        let file = directory.path().join("mask.txt");
        std::fs::write(&file, format!("{mask}\n")).unwrap();
        let mut args = vec!["generate", "--count", "1", "--pattern", file.to_str().unwrap()];
        args.extend_from_slice(flags);
        common::refused(&sudoku(&args, b""), &["sudoku: --pattern: mask 1 ", said]);
    }
    // Not minimal, a mask of 79 clues is a target some puzzle meets.
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("mask.txt");
    std::fs::write(&file, format!("{too_many}\n")).unwrap();
    let args = [
        "generate",
        "--count",
        "1",
        "--attempts",
        "5",
        "--not-minimal",
        "--pattern",
        file.to_str().unwrap(),
    ];
    let made = sudoku(&args, b"");
    assert_eq!(made.status.code(), Some(0), "{}", common::text(&made.stderr));
}

/// Variant puzzles: two runs of one seed write the same bytes whatever the threads and the
/// engine, each puzzle comes after its rule lines and is read back with one solution, and the
/// shipped variant files begin with what their header commands make.
#[test]
fn variant_puzzles_are_the_same_bytes_from_one_seed_and_read_back_with_one_solution() {
    let args = ["--count", "6", "--seed", "4", "--variant", "killer,thermo", "-j", "1"];
    let reference = generate(&args);
    assert!(
        reference.starts_with("# sudoku generate --count 6 --seed 4 --variant killer,thermo\n"),
        "{reference}"
    );
    let mut again = args[..6].to_vec();
    again.extend_from_slice(&["-j", "2", "-e", "cdcl"]);
    assert_eq!(generate(&again[..]), reference);
    assert_eq!(puzzle_lines(&reference).len(), 6);
    assert!(reference.lines().any(|line| line.starts_with("# killer ")), "{reference}");
    let counted = sudoku(&["count", "-e", "cdcl"], reference.as_bytes());
    assert_eq!(counted.status.code(), Some(0), "{}", common::text(&counted.stderr));
    assert_eq!(puzzle_lines(&common::text(&counted.stdout)), ["1"; 6]);
    let other = generate(&["--count", "6", "--seed", "5", "--variant", "killer,thermo"]);
    assert_ne!(puzzle_lines(&other), puzzle_lines(&reference));
    let refused = sudoku(&["generate", "--count", "1", "--variant", "sandwich"], b"");
    common::refused(&refused, &["sudoku: --variant: `sandwich` is not a kind of variant"]);

    for file in
        ["variants-killer-9x9.txt", "variants-thermo-arrow-9x9.txt", "variants-mixed-9x9.txt"]
    {
        let shipped = std::fs::read_to_string(repository().join("data/corpus").join(file)).unwrap();
        assert_eq!(puzzle_lines(&shipped).len(), 50, "{file}");
        let command = shipped.lines().next().unwrap().strip_prefix("# sudoku ").unwrap();
        let mut args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(args[..3], ["generate", "--count", "50"], "{file}");
        args[2] = "3";
        let regenerated = generate(&args[1..]);
        let through_third = |text: &str| -> Vec<String> {
            let mut puzzles = 0;
            let lines = text.lines().skip(2).take_while(|line| {
                let more = puzzles < 3;
                puzzles += usize::from(!line.starts_with('#'));
                more
            });
            lines.map(str::to_owned).collect()
        };
        assert_eq!(through_third(&regenerated), through_third(&shipped), "{file}");
    }
}
