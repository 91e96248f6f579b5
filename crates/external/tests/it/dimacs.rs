//! `dimacs` engines: a fake solver's answers (right, lying, broken) are read as the module says;
//! real solvers (CaDiCaL, MiniSat), when installed, agree with the built-in `sat` engine.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use std::sync::Arc;

use sudoku_core::{
    Engine, FailureKind, Grid, Layout, Limits, Outcome, PuzzleReader, Rule, Size, check_solution,
    parse_one,
};
use sudoku_engines::sat;
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

/// The first `count` puzzles of `data/corpus/NAME`.
fn corpus(name: &str, count: usize) -> Vec<Grid> {
    let file = std::fs::File::open(repository().join("data/corpus").join(name)).unwrap();
    PuzzleReader::new(std::io::BufReader::new(file))
        .take(count)
        .map(|puzzle| puzzle.unwrap().grid)
        .collect()
}

/// A dimacs engine running `command` (as `--external` takes it), `limit` per puzzle.
fn dimacs(command: &str, limit: Duration) -> Box<dyn Engine> {
    let declaration = declare::parse_external(&format!("d=dimacs:{command}")).unwrap();
    engine_info(&declaration, &Declared { time_limit: Some(limit), ..Declared::default() }).create()
}

/// The fake solver in `mode`, answering with the model in `model` where it gives one.
fn fake(mode: &str, model: &Path, limit: Duration) -> Box<dyn Engine> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/dimacs_fake.sh");
    dimacs(&format!("sh '{}' {mode} '{}'", script.display(), model.display()), limit)
}

/// A model of `puzzle`'s formula (as the engine writes it) giving each open cell the value
/// `value_of` says: every variable false but those.
fn model_text(puzzle: &Grid, value_of: impl Fn(usize) -> u8) -> String {
    let cnf = sat::encode(puzzle).unwrap();
    let mut literals: Vec<i64> = (1..=i64::from(cnf.variables())).map(|var| -var).collect();
    for cell in 0..puzzle.size().cells() {
        if let Some(var) = cnf.variable(cell, value_of(cell)) {
            literals[var as usize - 1] = i64::from(var);
        }
    }
    let words: Vec<String> = literals.iter().map(i64::to_string).collect();
    format!("{} 0", words.join(" "))
}

/// A directory holding `model.txt` with `text`.
fn model_file(text: &str) -> (tempfile::TempDir, PathBuf) {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("model.txt");
    std::fs::write(&path, text).unwrap();
    (directory, path)
}

fn failure_of(outcome: &Outcome) -> (FailureKind, &str) {
    let failure = outcome.failure.as_ref().expect("a failure");
    assert!(outcome.solution.is_none() && outcome.count == 0);
    assert!(!failure.message.contains('\n'), "one line: {}", failure.message);
    (failure.kind, &failure.message)
}

#[test]
fn the_registry_entry_says_what_a_sat_solver_can_do() {
    let declaration = declare::parse_external("cadical=dimacs:cadical -q").unwrap();
    let info = engine_info(&declaration, &Declared::default());
    assert!(info.counts && !info.instrumented);
    assert_eq!(info.orders(), (2, 8));
    assert!(info.features().has(sudoku_core::Feature::Layouts), "the encoding carries any layout");
    assert_eq!(info.timing, Timing::WholeProcess);
    let Origin::External { kind, command, .. } = &info.origin else { panic!("external") };
    assert_eq!((*kind, command.as_str()), ("dimacs", "cadical -q {cnf}"));
    let file = "[engines.m]\nkind = \"dimacs\"\ncommand = \"minisat\"\nsizes = [9, 16]\n";
    let declaration = &declare::parse_file(file, "e.toml").unwrap()[0];
    let info = engine_info(declaration, &Declared::default());
    assert_eq!(info.orders(), (3, 4));
    let Origin::External { command, .. } = &info.origin else { panic!("external") };
    assert_eq!(command, "minisat {cnf} {model}");
}

#[test]
fn a_fixed_model_is_read_as_its_grid() {
    let puzzle = sample("2580-sample1.in");
    let solution = sample("2580-sample1.out");
    let (_directory, model) = model_file(&model_text(&puzzle, |cell| solution.get(cell)));
    for mode in ["sat", "sat-status-0"] {
        let outcome = fake(mode, &model, Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
        assert_eq!(outcome.failure, None, "{mode}");
        assert_eq!((outcome.count, outcome.solution.as_ref()), (1, Some(&solution)), "{mode}");
    }
    // MiniSat's way: the answer in the file named by `{model}`.
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/dimacs_fake.sh");
    let command = format!("sh '{}' minisat '{}' {{model}}", script.display(), model.display());
    let outcome = dimacs(&command, Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
    assert_eq!((outcome.failure, outcome.solution), (None, Some(solution)));
}

#[test]
fn lies_are_passed_on_for_the_checker_and_the_cross_check_to_charge() {
    let puzzle = sample("2580-case2.in");
    let cnf = sat::encode(&puzzle).unwrap();
    // Each open cell its smallest value left: a grid, but not a solution.
    let smallest = |cell| (1..=9).find(|&value| cnf.variable(cell, value).is_some()).unwrap_or(0);
    let (_directory, model) = model_file(&model_text(&puzzle, smallest));
    let outcome = fake("sat", &model, Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
    assert_eq!((outcome.failure.as_ref(), outcome.count), (None, 1));
    assert!(check_solution(&puzzle, &outcome.solution.unwrap()).is_err());
    // Unsatisfiable, said of a puzzle with a solution.
    let outcome = fake("unsat", &model, Duration::from_secs(10)).solve(&puzzle, Limits::UNIQUE);
    assert_eq!((outcome.failure, outcome.count, outcome.solution), (None, 0, None));
    // The same model again, with its solution forbidden: counted twice.
    let puzzle = sample("2580-sample1.in");
    let solution = sample("2580-sample1.out");
    let (_directory, model) = model_file(&model_text(&puzzle, |cell| solution.get(cell)));
    let outcome = fake("sat", &model, Duration::from_secs(10)).solve(&puzzle, Limits::UNIQUE);
    assert_eq!((outcome.failure, outcome.count), (None, 2));
}

#[test]
fn broken_answers_are_protocol_errors_and_failed_runs_crashes_or_time_outs() {
    let puzzle = sample("2580-sample1.in");
    let solution = sample("2580-sample1.out");
    let (_directory, model) = model_file(&model_text(&puzzle, |cell| solution.get(cell)));
    let (_directory, no_value) = model_file("-1 0");
    let (_directory, unknown_var) =
        model_file(&model_text(&puzzle, |cell| solution.get(cell)).replace(" 0", " 100000 0"));
    for (mode, model, kind, expected) in [
        (
            "garbage",
            &model,
            FailureKind::ProtocolError,
            "wrote a line that is no comment, status or values: 'garbage garbage garbage'",
        ),
        ("unknown", &model, FailureKind::ProtocolError, "said UNKNOWN: it gave up"),
        ("no-status", &model, FailureKind::ProtocolError, "wrote no 's' status line: 'c thinking"),
        (
            "sat-status-20",
            &model,
            FailureKind::ProtocolError,
            "exited with status 20 (unsatisfiable) but answered satisfiable",
        ),
        (
            "unsat-status-10",
            &model,
            FailureKind::ProtocolError,
            "exited with status 10 (satisfiable) but answered unsatisfiable",
        ),
        ("sat", &no_value, FailureKind::ProtocolError, "the model gives r1c1 no value"),
        (
            "sat",
            &unknown_var,
            FailureKind::ProtocolError,
            "gave a value to variable 100000; the formula has",
        ),
        (
            "crash",
            &model,
            FailureKind::Crashed,
            "exited with status 1 (stderr: 'cannot allocate memory')",
        ),
    ] {
        let outcome = fake(mode, model, Duration::from_secs(10)).solve(&puzzle, Limits::FIRST);
        let (found, message) = failure_of(&outcome);
        assert_eq!(found, kind, "{mode}: {message}");
        assert!(message.starts_with(expected), "{mode}: {message}");
    }
    let started = Instant::now();
    let outcome = fake("hang", &model, Duration::from_millis(300)).solve(&puzzle, Limits::FIRST);
    assert_eq!(failure_of(&outcome).0, FailureKind::TimedOut);
    assert!(started.elapsed() < Duration::from_secs(10));
    let outcome = dimacs("/no/such/solver", Duration::from_secs(1)).solve(&puzzle, Limits::FIRST);
    let (kind, message) = failure_of(&outcome);
    assert_eq!(kind, FailureKind::Crashed);
    assert!(message.starts_with("could not start `/no/such/solver"), "{message}");
}

#[test]
fn clues_that_clash_need_no_solver() {
    let mut puzzle = sample("2580-sample1.in");
    puzzle.set(0, 3);
    let outcome = dimacs("/no/such/solver", Duration::from_secs(1)).solve(&puzzle, Limits::UNIQUE);
    assert_eq!((outcome.failure, outcome.count), (None, 0));
}

/// Whether `program` is on the `PATH`.
fn installed(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|directory| directory.join(program).is_file())
    })
}

/// `solver` (declared as `command`) agrees with the built-in `sat` engine on shipped puzzles
/// of every size up to 25×25, and on puzzles with no solution and with many.
fn agrees_with_sat(solver: &str, command: &str) {
    if !installed(solver) {
        eprintln!(
            "NOTICE: {solver} is not installed: the test of it as a dimacs engine is skipped"
        );
        return;
    }
    let mut engine = dimacs(command, Duration::from_secs(120));
    let mut builtin = sudoku_engines::find("sat").unwrap().create();
    let mut puzzles = corpus("generated-4x4-1000.txt", 5);
    puzzles.extend(corpus("generated-10000.txt", 5));
    puzzles.extend(corpus("generated-16x16-1000.txt", 2));
    puzzles.extend(corpus("generated-25x25-42.txt", 1));
    puzzles.extend(layout_puzzles(&mut *builtin));
    for puzzle in &puzzles {
        let outcome = engine.solve(puzzle, Limits::UNIQUE);
        let expected = builtin.solve(puzzle, Limits::UNIQUE);
        assert_eq!(outcome.failure, None, "{solver} on {puzzle}");
        assert_eq!(outcome.count, expected.count, "{solver} on {puzzle}");
        assert_eq!(check_solution(puzzle, outcome.solution.as_ref().unwrap()), Ok(()));
    }
    // Many solutions, counted to the limit by runs with each one forbidden.
    let empty = Grid::empty(Size::from_order(2).unwrap());
    let outcome = engine.solve(&empty, Limits::count_up_to(4));
    assert_eq!((outcome.failure.as_ref(), outcome.count), (None, 4), "{solver}");
    // No solution, though no clue clashes and every cell has a value left: the solver says so.
    let mut none = Grid::empty(Size::from_order(2).unwrap());
    for (cell, value) in [(2, 1), (5, 4), (8, 2), (10, 3)] {
        none.set(cell, value);
    }
    assert!(sat::encode(&none).is_some(), "the solver, not the encoding, finds no solution");
    let outcome = engine.solve(&none, Limits::UNIQUE);
    let expected = builtin.solve(&none, Limits::UNIQUE);
    assert_eq!((outcome.failure, outcome.count, expected.count), (None, 0, 0), "{solver}");
}

/// Puzzles of the diagonals with anti-knight, of windoku and of a jigsaw 6×6: a solution
/// the built-in engine finds, with every other cell, every third and every fourth blanked.
fn layout_puzzles(engine: &mut dyn Engine) -> Vec<Grid> {
    let nine = Size::NINE;
    let six = Size::from_side(6).unwrap();
    let tall: Vec<u32> =
        (0..36u32).map(|c| c % 6 / 2 + (c / 6 + u32::from(c % 6 / 2 == 1)) % 6 / 3 * 3).collect();
    let layouts = [
        Layout::new(nine, None, &[Rule::Diagonals, Rule::AntiKnight], &[], None).unwrap(),
        Layout::new(nine, None, &[Rule::Windoku], &[], None).unwrap(),
        Layout::new(six, Some(&tall), &[], &[], None).unwrap(),
    ];
    let mut puzzles = Vec::new();
    for layout in layouts {
        let layout = Some(Arc::new(layout));
        let empty = Grid::empty(layout.as_ref().unwrap().size()).with_layout(layout.clone());
        let solution = engine.solve(&empty, Limits::FIRST).solution.unwrap();
        for step in [2, 3, 4] {
            let mut puzzle = solution.clone().with_layout(layout.clone());
            for cell in (0..puzzle.size().cells()).filter(|cell| cell % step == 0) {
                puzzle.set(cell, 0);
            }
            puzzles.push(puzzle);
        }
    }
    puzzles
}

#[test]
fn cadical_agrees_with_the_sat_engine() {
    agrees_with_sat("cadical", "cadical");
}

#[test]
fn minisat_agrees_with_the_sat_engine() {
    agrees_with_sat("minisat", "minisat");
}
