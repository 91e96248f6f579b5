//! `judge` engines: the C example solves the samples; a program answering in 2239's form is
//! read; hostile programs (crashing, hanging, lying, flooding) cost the puzzle they fail and
//! never the harness.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use sudoku_core::{Engine, FailureKind, Grid, Limits, Outcome, check_solution, parse_one};
use sudoku_engines::{Origin, Timing};
use sudoku_external::{Declared, declare, engine_info};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The puzzle of `data/samples/NAME`.
fn sample(name: &str) -> Grid {
    let bytes = std::fs::read(repository().join("data/samples").join(name)).unwrap();
    parse_one(&bytes).unwrap().grid
}

/// A judge engine running `command` (words as `--external` takes them), `limit` per puzzle.
fn judge(command: &str, limit: Duration) -> Box<dyn Engine> {
    let declaration = declare::parse_external(&format!("j=judge:{command}")).unwrap();
    engine_info(&declaration, &Declared { time_limit: Some(limit), ..Declared::default() }).create()
}

/// The hostile judge program in `mode`.
fn hostile(mode: &str, limit: Duration) -> Box<dyn Engine> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/judge_hostile.sh");
    judge(&format!("sh '{}' {mode}", script.display()), limit)
}

fn failure_of(outcome: &Outcome) -> (FailureKind, &str) {
    let failure = outcome.failure.as_ref().expect("a failure");
    assert!(outcome.solution.is_none() && outcome.count == 0);
    assert!(!failure.message.contains('\n'), "one line: {}", failure.message);
    (failure.kind, &failure.message)
}

/// The C example, compiled into `directory`; `None` (with a notice) without a C compiler.
fn compile_example(directory: &Path) -> Option<PathBuf> {
    let program = directory.join("judge");
    let source = repository().join("examples/engines/judge.c");
    let built = Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Werror", "-o"])
        .arg(&program)
        .arg(&source)
        .status();
    match built {
        Ok(status) if status.success() => Some(program),
        Ok(status) => panic!("examples/engines/judge.c does not compile: {status}"),
        Err(error) => {
            eprintln!("NOTICE: no C compiler (cc: {error}); the C judge example is not tested");
            None
        }
    }
}

#[test]
fn the_c_example_solves_the_samples() {
    let directory = tempfile::tempdir().unwrap();
    let Some(program) = compile_example(directory.path()) else {
        return;
    };
    let mut engine = judge(&format!("'{}'", program.display()), Duration::from_secs(10));
    for name in ["2580-sample1", "2580-case2", "2580-blank", "seed004-judge"] {
        let puzzle = sample(&format!("{name}.in"));
        let outcome = engine.solve(&puzzle, Limits::FIRST);
        assert_eq!(outcome.failure, None, "{name}");
        assert_eq!(outcome.count, 1, "{name}");
        let solution = outcome.solution.unwrap();
        assert_eq!(check_solution(&puzzle, &solution), Ok(()), "{name}");
        let expected = sample(&format!("{name}.out"));
        if name != "2580-blank" {
            assert_eq!(solution, expected, "{name}");
        }
    }
    // Two clues clash: it prints nothing and exits 0, which says "no solution".
    let mut clash = sample("2580-sample1.in");
    clash.set(0, 3);
    let outcome = engine.solve(&clash, Limits::UNIQUE);
    assert_eq!((outcome.failure, outcome.count, outcome.solution), (None, 0, None));
}

#[test]
fn the_registry_entry_says_what_a_judge_program_can_do() {
    let declaration = declare::parse_external("mine=judge:./a.out --fast").unwrap();
    let info = engine_info(&declaration, &Declared::default());
    assert_eq!(info.name, "mine");
    assert!(!info.counts && !info.instrumented);
    assert_eq!(info.orders(), (3, 3));
    assert_eq!(info.timing, Timing::WholeProcess);
    assert_eq!(
        info.origin,
        Origin::External {
            kind: "judge",
            declared: "--external".to_owned(),
            command: "./a.out --fast".to_owned()
        }
    );
    // Other sizes are refused where they are declared.
    let file = "[engines.mine]\nkind = \"judge\"\ncommand = \"./a.out\"\nsizes = [16]\n";
    let message = declare::parse_file(file, "e.toml").unwrap_err();
    assert!(message.starts_with("e.toml:4:9: a judge program solves 9×9 grids only"), "{message}");
    let file = "[engines.mine]\nkind = \"judge\"\ncommand = \"./a.out\"\nsizes = [9]\n";
    assert!(declare::parse_file(file, "e.toml").is_ok());
}

#[test]
fn rows_of_digits_with_crlf_are_read() {
    let puzzle = sample("2239-sample1.in");
    let outcome = hostile("rows", Duration::from_secs(10)).solve(&puzzle, Limits::UNIQUE);
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.count, 1, "first solution only, whatever the limits");
    assert_eq!(outcome.solution, Some(sample("2239-sample1.out")));
}

#[test]
fn a_wrong_solution_is_passed_on_for_the_checker_to_charge() {
    let puzzle = sample("2580-sample1.in");
    let outcome = hostile("wrong", Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
    assert_eq!((outcome.failure.as_ref(), outcome.count), (None, 1));
    assert!(check_solution(&puzzle, &outcome.solution.unwrap()).is_err());
}

#[test]
fn nothing_printed_is_no_solution() {
    let outcome =
        hostile("silent", Duration::from_secs(10)).solve(&sample("2580-sample1.in"), Limits::FIRST);
    assert_eq!((outcome.failure, outcome.count, outcome.solution), (None, 0, None));
}

#[test]
fn garbage_is_a_protocol_error_quoting_it() {
    let puzzle = sample("2580-sample1.in");
    let outcome = hostile("garbage", Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::ProtocolError);
    assert!(message.contains("wrote more than 65536 bytes"), "{message}");
    let outcome = hostile("short", Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::ProtocolError);
    assert!(message.starts_with("printed 1 line (blank ones aside)"), "{message}");
    assert!(message.ends_with(": 'no solution\\n'"), "{message}");
}

#[test]
fn a_non_zero_exit_is_a_crash_even_after_a_grid() {
    let outcome =
        hostile("exit", Duration::from_secs(10)).solve(&sample("2580-sample1.in"), Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::Crashed);
    assert_eq!(message, "exited with status 3 (stderr: 'out of memory')");
}

#[test]
fn a_crash_costs_the_puzzle_it_happened_on_and_no_other() {
    let mut engine = hostile("crash-on-5", Duration::from_secs(10));
    let answered = sample("2580-sample1.in");
    let mut fatal = answered.clone();
    fatal.set(0, 5);
    fatal.set(2, 0);
    for (puzzle, crashes) in [(&answered, false), (&fatal, true), (&answered, false)] {
        let outcome = engine.solve(puzzle, Limits::FIRST);
        if crashes {
            let (kind, message) = failure_of(&outcome);
            assert_eq!(kind, FailureKind::Crashed);
            assert!(message.starts_with("killed by signal 11"), "{message}");
            assert!(message.contains("'segmentation fault ahead'"), "{message}");
        } else {
            assert_eq!((outcome.failure, outcome.count), (None, 1));
        }
    }
}

#[test]
fn a_program_that_never_answers_times_out_and_is_stopped() {
    let started = Instant::now();
    let outcome = hostile("hang", Duration::from_millis(300))
        .solve(&sample("2580-sample1.in"), Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::TimedOut);
    assert!(message.starts_with("did not finish within"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn endless_standard_error_neither_blocks_the_answer_nor_hangs_the_harness() {
    let puzzle = sample("2580-sample1.in");
    let outcome = hostile("flood", Duration::from_secs(30)).solve(&puzzle, Limits::FIRST);
    assert_eq!((outcome.failure, outcome.count), (None, 1));
    assert_eq!(outcome.solution, Some(sample("2580-sample1.out")));
    let started = Instant::now();
    let outcome =
        hostile("flood-forever", Duration::from_millis(500)).solve(&puzzle, Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::TimedOut);
    assert!(message.contains("(stderr: 'noise')"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_program_that_cannot_start_is_a_crash() {
    let outcome = judge("/no/such/judge", Duration::from_secs(1))
        .solve(&sample("2580-sample1.in"), Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::Crashed);
    assert!(message.starts_with("could not start `/no/such/judge`"), "{message}");
}
