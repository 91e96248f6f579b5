//! Protocol engines through the client: the shipped examples (Python and C), engines that
//! misbehave in every way the harness must survive, and `serve` against the built-in engines
//! it serves.
//!
//! The examples need `python3` and a C compiler (`cc`); a test without them says so and
//! passes. The hostile engines are `sh` scripts (`tests/engines/protocol_hostile.sh`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use sudoku_core::{Engine, FailureKind, Grid, Limits, Outcome, PuzzleReader, Size};
use sudoku_engines::{EngineInfo, Timing};
use sudoku_external::{Declaration, Kind, protocol};
use tempfile::TempDir;

/// A hard 9×9 puzzle and its one solution.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn grid(text: &str) -> Grid {
    sudoku_core::parse_one(text.as_bytes()).unwrap().grid
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The first `count` puzzles of the shipped corpus file `name`, every `step`-th.
fn corpus(name: &str, count: usize, step: usize) -> Vec<Grid> {
    let file = std::fs::File::open(workspace().join("data/corpus").join(name)).unwrap();
    PuzzleReader::new(std::io::BufReader::new(file))
        .map(|puzzle| puzzle.unwrap().grid)
        .step_by(step)
        .take(count)
        .collect()
}

fn declaration(name: &str, command: Vec<String>) -> Declaration {
    Declaration {
        name: name.to_owned(),
        kind: Kind::Protocol,
        command,
        library: None,
        sizes: None,
        time_limit: None,
        memory_limit: None,
        description: None,
        declared: "tests/protocol.rs".to_owned(),
    }
}

/// Whether `program` runs here.
fn have(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|output| output.status.success())
}

/// The answer's first fields, to compare with another engine's.
fn answer(outcome: &Outcome) -> (Option<Grid>, u32, bool) {
    (outcome.solution.clone(), outcome.count, outcome.budget_exhausted)
}

/// Checks an example engine against `dlx` in this process, puzzle by puzzle and pipelined.
fn check_example(info: &EngineInfo, puzzles: &[Grid]) {
    assert!(info.counts && info.instrumented, "{info:?} counts and reports statistics");
    assert_eq!(info.timing, Timing::EngineReported);
    assert_eq!(info.orders(), (2, 3));
    let mut reference = sudoku_engines::find("dlx").unwrap().create();
    let mut engine = info.create();
    for pipelined in [false, true] {
        for limits in [Limits::FIRST, Limits::UNIQUE] {
            if pipelined {
                engine.expect(&mut puzzles.iter(), limits);
            }
            for puzzle in puzzles {
                let outcome = engine.solve(puzzle, limits);
                assert_eq!(outcome.failure, None);
                let expected = reference.solve(puzzle, limits);
                assert_eq!(outcome.count, expected.count, "{}", puzzle.to_line());
                let solution = outcome.solution.as_ref().unwrap();
                assert!(sudoku_core::check_solution(puzzle, solution).is_ok());
                if outcome.count == 1 && limits == Limits::UNIQUE {
                    assert_eq!(outcome.solution, expected.solution);
                }
                assert!(outcome.stats.nodes >= 1 && outcome.reported_time.is_some());
            }
        }
    }
    let gave_up = engine.solve(&grid(PUZZLE), Limits::FIRST.with_node_budget(10));
    assert!(gave_up.budget_exhausted && gave_up.count == 0, "{gave_up:?}");
    assert_eq!(gave_up.stats.nodes, 11);
    let solved = engine.solve(&grid(PUZZLE), Limits::UNIQUE);
    assert_eq!(solved.solution, Some(grid(SOLUTION)));
    assert_eq!(solved.count, 1);
}

/// 200 9×9 and 100 4×4 puzzles of the shipped corpus, and the empty grid (many solutions).
fn example_puzzles() -> Vec<Grid> {
    let mut puzzles = corpus("generated-10000.txt", 200, 50);
    puzzles.extend(corpus("generated-4x4-1000.txt", 100, 10));
    puzzles.push(Grid::empty(Size::NINE));
    puzzles
}

#[test]
fn the_python_example_answers_as_the_built_in_engines_do() {
    if !have("python3") {
        eprintln!("skipped: no python3");
        return;
    }
    let script = workspace().join("examples/engines/backtrack.py");
    let command = vec!["python3".to_owned(), script.display().to_string()];
    let info = protocol::engine_info(&declaration("py", command), Duration::from_secs(30));
    check_example(&info, &example_puzzles());
}

#[test]
fn the_c_example_answers_as_the_built_in_engines_do() {
    if !have("cc") {
        eprintln!("skipped: no C compiler");
        return;
    }
    let built = TempDir::new().unwrap();
    let program = built.path().join("backtrack");
    let source = workspace().join("examples/engines/backtrack.c");
    let status = Command::new("cc")
        .args(["-std=c99", "-O2", "-o"])
        .arg(&program)
        .arg(&source)
        .status()
        .unwrap();
    assert!(status.success(), "cc -O2 -o backtrack examples/engines/backtrack.c");
    let info = protocol::engine_info(
        &declaration("c", vec![program.display().to_string()]),
        Duration::from_secs(30),
    );
    let mut puzzles = example_puzzles();
    puzzles.extend(corpus("generated-10000.txt", 1000, 7));
    check_example(&info, &puzzles);
}

/// A hostile engine (`protocol_hostile.sh MODE`) answering `count` and `solution`, and the
/// directory where its processes write their ids.
struct Hostile {
    state: TempDir,
    info: Option<EngineInfo>,
}

impl Hostile {
    fn new(mode: &str, count: u32, solution: &str, time_limit: Duration) -> Hostile {
        let state = TempDir::new().unwrap();
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/protocol_hostile.sh");
        let command = [
            "sh",
            &script.display().to_string(),
            mode,
            &state.path().display().to_string(),
            &count.to_string(),
            solution,
        ]
        .map(str::to_owned)
        .to_vec();
        let info = protocol::engine_info(&declaration(mode, command), time_limit);
        Hostile { state, info: Some(info) }
    }

    fn engine(&self) -> Box<dyn Engine> {
        self.info.as_ref().unwrap().create()
    }

    /// The ids of the processes started so far.
    fn pids(&self) -> Vec<u32> {
        let text = std::fs::read_to_string(self.state.path().join("pids")).unwrap_or_default();
        text.lines().map(|line| line.trim().parse().unwrap()).collect()
    }

    /// Drops the registration (and the process it may keep) and checks that every process
    /// started is gone: killed and reaped, not a zombie.
    fn assert_no_process_left(mut self) {
        self.info = None;
        let pids = self.pids();
        assert!(!pids.is_empty());
        for pid in pids {
            assert!(!Path::new(&format!("/proc/{pid}")).exists(), "process {pid} is left behind");
        }
    }
}

fn failure(outcome: &Outcome) -> (FailureKind, String) {
    let failure = outcome.failure.as_ref().expect("a failure");
    assert!(!failure.message.contains('\n'), "one line: {failure}");
    assert!(outcome.solution.is_none() && outcome.count == 0);
    (failure.kind, failure.message.clone())
}

fn solved(outcome: &Outcome) {
    assert_eq!(outcome.failure, None);
    assert_eq!(outcome.solution, Some(grid(SOLUTION)));
    assert_eq!(outcome.count, 1);
}

/// Solves `PUZZLE` with `mode`: the first answer is right, the second fails with `kind` and a
/// message holding `says`, the third (a new process, unless the engine stayed in step) is
/// right again.
fn fails_once_then_recovers(mode: &str, kind: FailureKind, says: &str) -> Hostile {
    let hostile = Hostile::new(mode, 1, SOLUTION, Duration::from_millis(300));
    {
        let mut engine = hostile.engine();
        let puzzle = grid(PUZZLE);
        solved(&engine.solve(&puzzle, Limits::UNIQUE));
        let started = Instant::now();
        let (found, message) = failure(&engine.solve(&puzzle, Limits::UNIQUE));
        assert_eq!(found, kind, "{mode}: {message}");
        assert!(message.contains(says), "{mode}: {message}");
        assert!(started.elapsed() < Duration::from_secs(5), "{mode}: {:?}", started.elapsed());
        solved(&engine.solve(&puzzle, Limits::UNIQUE));
    }
    hostile
}

#[test]
fn a_crash_is_charged_as_a_crash_and_the_next_puzzle_starts_again() {
    let hostile = fails_once_then_recovers(
        "crash",
        FailureKind::Crashed,
        "closed its output before answer to request 2: exited with status 3 (stderr: 'crashing on request 2')",
    );
    assert_eq!(hostile.pids().len(), 2);
    hostile.assert_no_process_left();
}

#[test]
fn an_engine_that_never_answers_times_out_and_is_killed() {
    let started = Instant::now();
    let hostile =
        fails_once_then_recovers("silent", FailureKind::TimedOut, "no answer to request 2 within");
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(hostile.pids().len(), 2);
    hostile.assert_no_process_left();
}

#[test]
fn a_megabyte_of_garbage_is_a_protocol_error() {
    fails_once_then_recovers("garbage", FailureKind::ProtocolError, "").assert_no_process_left();
    fails_once_then_recovers("long-line", FailureKind::ProtocolError, "longer than 1048576 bytes")
        .assert_no_process_left();
}

#[test]
fn answers_out_of_step_or_malformed_are_protocol_errors() {
    fails_once_then_recovers(
        "wrong-id",
        FailureKind::ProtocolError,
        "answer to request 2: the answer is for request '3', expected 2: 'answer 3 1 complete",
    )
    .assert_no_process_left();
    fails_once_then_recovers(
        "short-solution",
        FailureKind::ProtocolError,
        "answer to request 2: solution: a 9×9 grid is 81 symbols, not 3",
    )
    .assert_no_process_left();
}

#[test]
fn an_error_answer_costs_the_puzzle_and_keeps_the_process() {
    let hostile = fails_once_then_recovers(
        "error",
        FailureKind::ProtocolError,
        "answered request 2 with an error: 'cannot do this one'",
    );
    assert_eq!(hostile.pids().len(), 1, "the engine is still in step");
    hostile.assert_no_process_left();
}

#[test]
fn endless_standard_error_costs_nothing() {
    let hostile = Hostile::new("stderr-flood", 1, SOLUTION, Duration::from_secs(20));
    {
        let mut engine = hostile.engine();
        for _ in 0..3 {
            solved(&engine.solve(&grid(PUZZLE), Limits::UNIQUE));
        }
    }
    hostile.assert_no_process_left();
}

#[test]
fn wrong_solutions_and_counts_are_passed_on_for_the_checker() {
    // A full grid that breaks the rules, and a count the puzzle does not have: the client
    // reads answers, the harness's checker judges them.
    let wrong = "1".repeat(81);
    let hostile = Hostile::new("liar", 5, &wrong, Duration::from_secs(5));
    {
        let mut engine = hostile.engine();
        let outcome = engine.solve(&grid(PUZZLE), Limits::UNIQUE);
        assert_eq!(outcome.failure, None);
        assert_eq!(outcome.solution, Grid::from_cells(Size::NINE, &[1; 81]));
        assert_eq!(outcome.count, 2, "counts are capped at the limit");
        assert_eq!(engine.solve(&grid(PUZZLE), Limits::FIRST).count, 1);
    }
    hostile.assert_no_process_left();
}

#[test]
fn an_engine_that_fails_its_handshake_stays_registered_and_fails_every_puzzle() {
    for (mode, kind, says) in [
        (
            "exit-in-handshake",
            FailureKind::Crashed,
            "at registration: start-up: closed its output before `ready`: exited with status 1 \
             (stderr: 'broken at start-up')",
        ),
        (
            "bad-handshake",
            FailureKind::ProtocolError,
            "at registration: start-up: handshake: it speaks protocol version '2'; this harness \
             speaks 1",
        ),
        (
            "refuses",
            FailureKind::ProtocolError,
            "at registration: cannot start: 'the model file is missing'",
        ),
    ] {
        let hostile = Hostile::new(mode, 1, SOLUTION, Duration::from_secs(5));
        let info = hostile.info.as_ref().unwrap();
        assert_eq!(info.orders(), (3, 3));
        assert!(!info.counts && !info.instrumented);
        let said = says.strip_prefix("at registration: ").unwrap();
        assert!(info.description.contains(said), "{}", info.description);
        let mut engine = hostile.engine();
        for _ in 0..3 {
            let started = Instant::now();
            let (found, message) = failure(&engine.solve(&grid(PUZZLE), Limits::UNIQUE));
            assert_eq!((found, message.as_str()), (kind, says));
            assert!(started.elapsed() < Duration::from_millis(100));
        }
        drop(engine);
        assert_eq!(hostile.pids().len(), 1, "{mode}: started once");
        hostile.assert_no_process_left();
    }
}

#[test]
fn an_engine_that_cannot_start_again_is_given_up_after_three_tries() {
    let hostile = Hostile::new("dies-after-first-start", 1, SOLUTION, Duration::from_secs(5));
    {
        let mut engine = hostile.engine();
        solved(&engine.solve(&grid(PUZZLE), Limits::UNIQUE));
        let (kind, message) = failure(&engine.solve(&grid(PUZZLE), Limits::UNIQUE));
        assert_eq!(kind, FailureKind::Crashed, "{message}");
        for _ in 0..3 {
            let (kind, message) = failure(&engine.solve(&grid(PUZZLE), Limits::UNIQUE));
            assert_eq!(kind, FailureKind::Crashed);
            assert!(message.starts_with("start-up: "), "{message}");
            assert!(
                message.contains("exited with status 4 (stderr: 'cannot start again')"),
                "{message}"
            );
        }
        assert_eq!(hostile.pids().len(), 4);
        let (kind, message) = failure(&engine.solve(&grid(PUZZLE), Limits::UNIQUE));
        assert_eq!(kind, FailureKind::Crashed);
        assert!(
            message.starts_with(
                "not started again after 3 failed starts in a row; the last: start-up: "
            ),
            "{message}"
        );
        assert_eq!(hostile.pids().len(), 4, "no fourth try");
    }
    hostile.assert_no_process_left();
}

#[test]
fn the_process_started_at_registration_serves_the_first_engine() {
    let hostile = Hostile::new("good", 1, SOLUTION, Duration::from_secs(5));
    let info = hostile.info.as_ref().unwrap();
    assert_eq!(info.description, "hostile good, over the line protocol");
    assert_eq!((info.counts, info.instrumented, info.timing), (true, false, Timing::RoundTrip));
    assert_eq!(hostile.pids().len(), 1);
    {
        let mut first = hostile.engine();
        solved(&first.solve(&grid(PUZZLE), Limits::UNIQUE));
        assert_eq!(hostile.pids().len(), 1);
        let mut second = hostile.engine();
        solved(&second.solve(&grid(PUZZLE), Limits::UNIQUE));
        assert_eq!(hostile.pids().len(), 2);
    }
    hostile.assert_no_process_left();
}

#[test]
fn a_crash_with_requests_in_flight_costs_only_its_puzzle() {
    let hostile = Hostile::new("crash", 1, SOLUTION, Duration::from_secs(5));
    {
        let mut engine = hostile.engine();
        let puzzles = vec![grid(PUZZLE); 6];
        engine.expect(&mut puzzles.iter(), Limits::UNIQUE);
        let kinds: Vec<Option<FailureKind>> = puzzles
            .iter()
            .map(|puzzle| engine.solve(puzzle, Limits::UNIQUE).failure.map(|failure| failure.kind))
            .collect();
        // The engine crashes on the second request of each process. The first crash comes
        // with requests in flight, so it is pinned on no puzzle: puzzle 2 is tried again alone,
        // as the first request of a new process, and answered; puzzle 3, alone and second,
        // crashes it, and is charged; and so on, each in flight at the first crash sent alone.
        let crash = Some(FailureKind::Crashed);
        assert_eq!(kinds, [None, None, crash, None, crash, None]);
    }
    assert_eq!(hostile.pids().len(), 4, "a process for 1-2, 2-3, 4-5 and 6");
    hostile.assert_no_process_left();
}

/// The path of the `protocol_serve` example, which `cargo test` builds beside the tests.
fn protocol_serve() -> Option<PathBuf> {
    let deps = std::env::current_exe().ok()?;
    let path = deps.parent()?.parent()?.join("examples").join("protocol_serve");
    path.exists().then_some(path)
}

#[test]
fn a_built_in_engine_served_over_pipes_answers_as_it_does_in_this_process() {
    let Some(server) = protocol_serve() else {
        eprintln!("skipped: the protocol_serve example is not built");
        return;
    };
    let mut puzzles = corpus("generated-10000.txt", 300, 30);
    puzzles.extend(corpus("generated-4x4-1000.txt", 50, 20));
    puzzles.extend(corpus("generated-16x16-1000.txt", 20, 50));
    puzzles.extend(Size::SQUARES.into_iter().map(patterned));
    for name in ["dlx", "cdcl"] {
        let command = vec![server.display().to_string(), name.to_owned()];
        let info = protocol::engine_info(&declaration(name, command), Duration::from_secs(30));
        assert_eq!((info.orders(), info.timing), ((2, 8), Timing::EngineReported));
        let mut reference = sudoku_engines::find(name).unwrap().create();
        let mut engine = info.create();
        for limits in [Limits::UNIQUE, Limits::FIRST.with_node_budget(20)] {
            engine.expect(&mut puzzles.iter(), limits);
            for puzzle in &puzzles {
                let outcome = engine.solve(puzzle, limits);
                let expected = reference.solve(puzzle, limits);
                assert_eq!(answer(&outcome), answer(&expected));
                assert_eq!(outcome.stats, expected.stats);
                assert!(outcome.reported_time.is_some());
            }
        }
        // A hint broken half-way: the puzzles asked for are answered all the same.
        engine.expect(&mut puzzles.iter(), Limits::UNIQUE);
        for puzzle in puzzles.iter().take(3).chain(puzzles.iter().rev().take(3)) {
            let outcome = engine.solve(puzzle, Limits::UNIQUE);
            assert_eq!(answer(&outcome), answer(&reference.solve(puzzle, Limits::UNIQUE)));
        }
    }
}

/// A grid as the protocol writes it: a line of `1-9A` symbols up to 25×25, numbers beyond
/// (written here independently of the client's writer).
fn on_the_wire(grid: &Grid) -> String {
    if grid.size().side() <= 25 {
        grid.to_line()
    } else {
        grid.cells().iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// Serves `engine` the requests for `puzzles` within `limits` (in memory) and checks each answer,
/// to the byte, against the same engine in this process.
fn serve_matches_in_process(engine: &str, puzzles: &[Grid], limits: Limits) {
    let info = sudoku_engines::find(engine).unwrap();
    let budget = limits.node_budget().map_or("-".to_owned(), |nodes| nodes.to_string());
    let mut requests = String::from("sudoku-protocol 1\n");
    for (index, puzzle) in puzzles.iter().enumerate() {
        requests += &format!(
            "solve {} {} {budget} {}\n",
            index + 1,
            limits.max_solutions(),
            on_the_wire(puzzle)
        );
    }
    requests += "ping\nquit\n";
    let mut output = Vec::new();
    protocol::serve(info, requests.as_bytes(), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    let mut lines = output.lines().skip_while(|line| *line != "ready").skip(1);
    let mut reference = info.create();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let outcome = reference.solve(puzzle, limits);
        let status = if outcome.budget_exhausted { "gave-up" } else { "complete" };
        let mut expected = format!("answer {} {} {status}", index + 1, outcome.count);
        if let Some(solution) = &outcome.solution {
            expected += &format!(" {}", on_the_wire(solution));
        }
        expected +=
            &format!(" nodes={} guesses={} time-ns=", outcome.stats.nodes, outcome.stats.guesses);
        let line = lines.next().unwrap_or_default();
        let time = line
            .strip_prefix(&expected)
            .unwrap_or_else(|| panic!("{engine}: {line} is not {expected}"));
        assert!(!time.is_empty() && time.bytes().all(|byte| byte.is_ascii_digit()), "{line}");
    }
    assert_eq!(lines.next(), Some("pong"));
    assert_eq!(lines.next(), None);
}

/// An easy puzzle of `size`: a full grid by the usual pattern, with three cells in ten blank.
fn patterned(size: Size) -> Grid {
    let (order, side) = (size.box_rows(), size.side());
    let cells: Vec<u8> = (0..size.cells())
        .map(|cell| {
            let (row, col) = (cell / side, cell % side);
            let value = (row * order + row / order + col) % side + 1;
            if (cell * 7) % 10 < 3 { 0 } else { value as u8 }
        })
        .collect();
    Grid::from_cells(size, &cells).unwrap()
}

#[test]
fn serve_answers_as_the_engine_does_in_this_process_on_every_corpus() {
    let budget = Limits::FIRST.with_node_budget(30);
    for (file, count, step) in [
        ("generated-4x4-1000.txt", 250, 4),
        ("generated-10000.txt", 400, 25),
        ("generated-16x16-1000.txt", 12, 80),
        ("generated-25x25-42.txt", 42, 1),
        ("", 0, 0),
    ] {
        let all_limits = [Limits::FIRST, Limits::UNIQUE, budget];
        let (puzzles, limits) = match file {
            // The minimal 25×25 puzzles take seconds each: only their budgeted searches.
            "generated-25x25-42.txt" => (corpus(file, count, step), &all_limits[2..]),
            // Sizes without a shipped corpus, the larger written as numbers.
            "" => (Size::SQUARES.into_iter().map(patterned).collect(), &all_limits[..]),
            _ => (corpus(file, count, step), &all_limits[..]),
        };
        for engine in ["fast", "dlx", "cdcl"] {
            let puzzles: Vec<Grid> = puzzles
                .iter()
                .filter(|puzzle| sudoku_engines::find(engine).unwrap().supports(puzzle.size()))
                .cloned()
                .collect();
            for &limits in limits {
                serve_matches_in_process(engine, &puzzles, limits);
            }
        }
    }
}
