//! Engines that fail on some puzzles, and engines that find a first solution only: neither
//! takes the run down, neither changes another engine's figures, and every report says what
//! happened.

use crate::common;

use std::collections::{BTreeSet, HashSet};
use std::sync::LazyLock;
use std::time::Duration;

use common::{engine, options, shipped_prefix};
use sudoku_bench::output::{OutputFormat, read_json, render};
use sudoku_bench::per_puzzle::{EarlierRows, PuzzleComparison, Row, RowFormat, RowWriter};
use sudoku_bench::{Corpus, Observer, Record, Report, Schedule, Shard, measure};
use sudoku_core::{Engine, FailureKind, Grid, Limits, Outcome, ReadOptions};
use sudoku_engines::{EngineInfo, Origin, Timing as EngineTiming, default_engine};

/// The failure an engine of these tests gives on `puzzle`, by its first clue: 1 crashed, 3
/// timed out, 5 a protocol error, any other none.
fn failure_for(puzzle: &Grid) -> Option<FailureKind> {
    match puzzle.cells().iter().copied().find(|&value| value != 0) {
        Some(1) => Some(FailureKind::Crashed),
        Some(3) => Some(FailureKind::TimedOut),
        Some(5) => Some(FailureKind::ProtocolError),
        _ => None,
    }
}

/// The default engine, failing on the puzzles [`failure_for`] names, with a message of two
/// lines (a report keeps it on one).
struct Failing(Box<dyn Engine>);

impl Engine for Failing {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        match failure_for(puzzle) {
            Some(kind) => Outcome::failed(kind, format!("{kind} here\nand there")),
            None => self.0.solve(puzzle, limits),
        }
    }
}

static FAILING: LazyLock<EngineInfo> = LazyLock::new(|| {
    EngineInfo::new("failing", "fails on some puzzles", || {
        Box::new(Failing(default_engine().create()))
    })
});

/// A judge: the default engine asked for the first solution, without statistics. Asked
/// anything but the first solution, it answers a count of 2 (which the cross-check charges).
struct Judge {
    inner: Box<dyn Engine>,
    /// Whether it says "no solution" to the empty grid (which has many).
    blind_to_empty: bool,
}

impl Engine for Judge {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if limits.max_solutions() != 1 {
            return Outcome { count: 2, ..Outcome::empty() };
        }
        if self.blind_to_empty && puzzle.cells().iter().all(|&value| value == 0) {
            return Outcome::empty();
        }
        let outcome = self.inner.solve(puzzle, limits);
        Outcome { stats: Default::default(), ..outcome }
    }
}

static JUDGE: LazyLock<EngineInfo> = LazyLock::new(|| {
    EngineInfo::new("judge", "first solution only", || {
        Box::new(Judge { inner: default_engine().create(), blind_to_empty: false })
    })
    .with_capabilities(false, false)
});

static BLIND_JUDGE: LazyLock<EngineInfo> = LazyLock::new(|| {
    EngineInfo::new("blind-judge", "no solution to the empty grid", || {
        Box::new(Judge { inner: default_engine().create(), blind_to_empty: true })
    })
    .with_capabilities(false, false)
});

/// Fails (times out) on the second solve of a puzzle it has seen, failure or not: answers the
/// reference pass, fails every later one.
struct Flaky {
    inner: Box<dyn Engine>,
    seen: HashSet<String>,
}

impl Engine for Flaky {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if failure_for(puzzle).is_some() && !self.seen.insert(puzzle.to_line()) {
            return Outcome::failed(FailureKind::TimedOut, "no answer within 10 s");
        }
        self.inner.solve(puzzle, limits)
    }
}

static FLAKY: LazyLock<EngineInfo> = LazyLock::new(|| {
    EngineInfo::new("flaky", "fails from the second pass on", || {
        Box::new(Flaky { inner: default_engine().create(), seen: HashSet::new() })
    })
});

/// Says every solve took 2 ms, and takes 3 ms over each (the rest of the time is its own, as
/// a process's reading and writing would be): its word, being within the harness's clock, is
/// what it is timed by.
struct Reporting(Box<dyn Engine>);

impl Engine for Reporting {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        std::thread::sleep(Duration::from_millis(3));
        Outcome { reported_time: Some(Duration::from_millis(2)), ..self.0.solve(puzzle, limits) }
    }
}

/// Says every solve took a second, and answers at once.
struct Boasting(Box<dyn Engine>);

impl Engine for Boasting {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        Outcome { reported_time: Some(Duration::from_secs(1)), ..self.0.solve(puzzle, limits) }
    }
}

/// An engine timed by its own word that claims far more time than it takes.
static BOASTING: LazyLock<EngineInfo> = LazyLock::new(|| {
    let origin = Origin::External {
        kind: "protocol",
        declared: "test".to_owned(),
        command: "./boasting".to_owned(),
    };
    EngineInfo::external(
        "boasting".to_owned(),
        "claims a second a solve".to_owned(),
        origin,
        EngineTiming::EngineReported,
        || Box::new(Boasting(default_engine().create())),
    )
    .with_capabilities(true, true)
});

/// An engine declared from outside, timed by its own word.
static REPORTING: LazyLock<EngineInfo> = LazyLock::new(|| {
    let origin = Origin::External {
        kind: "protocol",
        declared: "test".to_owned(),
        command: "./reporting --fast".to_owned(),
    };
    EngineInfo::external(
        "reporting".to_owned(),
        "reports its own times".to_owned(),
        origin,
        EngineTiming::EngineReported,
        || Box::new(Reporting(default_engine().create())),
    )
    .with_capabilities(true, true)
});

/// The puzzles of `corpus` each test engine fails on, by number.
fn failing_numbers(corpus: &Corpus) -> BTreeSet<u64> {
    corpus
        .puzzles
        .iter()
        .filter(|p| failure_for(&p.grid).is_some())
        .map(|p| p.number as u64)
        .collect()
}

/// Everything in a record that does not depend on the clock.
fn counters(record: &Record) -> String {
    let timings = record.timings.as_ref().unwrap();
    format!(
        "{} {} {} {} {} {} {} {} {:?} {:?} {:?} {:?} {:?} {:?} {} {} {} {} {} {} {:?} {} {}",
        record.engine,
        record.file,
        record.size,
        record.puzzles,
        record.solved,
        record.unsolvable,
        record.budget_outs,
        record.passes,
        record.one_solution,
        record.two_plus_solutions,
        record.nodes_total,
        record.guesses_total,
        record.solved_without_guessing,
        record.disagreements,
        record.crashed,
        record.timed_out,
        record.protocol_errors,
        record.counts,
        record.timing,
        record.origin,
        record.command,
        timings.latencies.len(),
        timings.answered.len(),
    )
}

/// Every row of every engine, without its time.
#[derive(Default)]
struct Rows(Vec<Row>);

impl Observer for Rows {
    fn chunk(
        &mut self,
        chunk: &Corpus,
        kind: &sudoku_core::GridKind,
        runs: &[measure::EngineRun<'_>],
    ) {
        self.0.extend(sudoku_bench::per_puzzle::rows(chunk, kind, runs, None));
    }
}

fn run_rows(corpora: &[Corpus], engines: Vec<&EngineInfo>, threads: usize) -> (Report, Vec<Row>) {
    let mut rows = Rows::default();
    let report =
        sudoku_bench::run_observed(corpora, &options(engines, threads), &mut [&mut rows]).unwrap();
    (report, rows.0)
}

#[test]
fn a_failing_engine_changes_no_other_engines_figures() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 150);
    let corpora = std::slice::from_ref(&corpus);
    let expected = failing_numbers(&corpus);
    assert!(!expected.is_empty() && expected.len() < corpus.puzzles.len());
    for threads in [1, 2] {
        let others = vec![default_engine(), engine("bitmask-mrv")];
        let (alone, alone_rows) = run_rows(corpora, others, threads);
        let all = vec![&*FAILING, default_engine(), &*JUDGE, engine("bitmask-mrv")];
        let (with, with_rows) = run_rows(corpora, all, threads);

        let same = |report: &Report| -> Vec<String> {
            report
                .records
                .iter()
                .filter(|r| r.engine != "failing" && r.engine != "judge")
                .map(counters)
                .collect()
        };
        assert_eq!(same(&alone), same(&with), "{threads} threads");
        let untimed = |rows: &[Row]| -> Vec<Row> {
            rows.iter()
                .filter(|row| row.engine != "failing" && row.engine != "judge")
                .map(|row| Row { us: None, ..row.clone() })
                .collect()
        };
        assert_eq!(untimed(&alone_rows), untimed(&with_rows));
        assert_eq!(with.disagreement_count(), 0, "{:?}", with.disagreements);
        assert_eq!(alone.failures_total(), 0);

        let failing = with.records.iter().find(|r| r.engine == "failing").unwrap();
        let kinds = |kind| {
            corpus.puzzles.iter().filter(|p| failure_for(&p.grid) == Some(kind)).count() as u64
        };
        assert_eq!(
            (failing.crashed, failing.timed_out, failing.protocol_errors),
            (
                kinds(FailureKind::Crashed),
                kinds(FailureKind::TimedOut),
                kinds(FailureKind::ProtocolError)
            )
        );
        assert_eq!(failing.solved, corpus.puzzles.len() as u64 - expected.len() as u64);
        assert_eq!(with.failures_total(), expected.len() as u64);
        let timings = failing.timings.as_ref().unwrap();
        assert_eq!(timings.answered.len(), failing.solved);
        assert_eq!(
            timings.latencies.len(),
            failing.solved,
            "failed solves are left out of the histogram"
        );
        assert_eq!(timings.passes[0].failed, expected.len() as u64);

        // Each failure is listed with its place, on one line.
        let listed: BTreeSet<u64> = with.failures.iter().map(|f| f.puzzle).collect();
        assert_eq!(listed, expected);
        for failure in &with.failures {
            assert_eq!(
                (failure.engine.as_str(), failure.file.as_str()),
                ("failing", &*corpus.file)
            );
            assert_eq!(failure.line, failure.puzzle + 1);
            assert_eq!(failure.message, format!("{} here\\nand there", failure.kind));
        }
        let crashed = with.failures.iter().find(|f| f.kind == "crashed").unwrap();
        let table = render(&with, OutputFormat::Table);
        // Its line names it, alone or as the first of a run of failures alike.
        let alone =
            format!("FAILED {}: puzzle {}, line {}:", corpus.file, crashed.puzzle, crashed.line);
        let first_of_run = format!("FAILED {}: puzzles {} to ", corpus.file, crashed.puzzle);
        let line = table
            .lines()
            .find(|printed| printed.starts_with(&alone) || printed.starts_with(&first_of_run))
            .unwrap_or_else(|| panic!("no line for puzzle {}: {table}", crashed.puzzle));
        assert!(line.ends_with(" failing crashed: crashed here\\nand there"), "{line}");
        assert!(table.contains("timing: in-process for every engine"), "{table}");
        assert!(table.contains("first solution only: judge"), "{table}");
        assert!(render(&with, OutputFormat::Markdown).contains(&format!("- {line}")));
        let html = sudoku_bench::html::render_html(&with, None);
        assert!(html.contains("<h2>Failures</h2>") && html.contains("failing crashed"));

        // The failed puzzles' rows: the failure as verdict, no time, and the message.
        for row in with_rows.iter().filter(|row| row.engine == "failing") {
            let failed = expected.contains(&row.puzzle);
            assert_eq!(row.failed(), failed, "{row:?}");
            assert_eq!(row.us.is_none(), failed);
            assert_eq!(row.message.is_some(), failed);
            if failed {
                assert_eq!(row.verdict, row.count);
                assert!(["crashed", "timed-out", "protocol-error"].contains(&row.verdict.as_str()));
            }
        }

        // The JSON reads back the same, and the other formats hold the new fields.
        let json = render(&with, OutputFormat::Json);
        assert_eq!(read_json(&json).unwrap(), with);
        let csv = render(&with, OutputFormat::Csv);
        let records = sudoku_bench::output::read_csv(csv.as_bytes()).unwrap();
        assert_eq!(records.iter().map(|r| r.crashed).sum::<u64>(), kinds(FailureKind::Crashed));
    }
}

#[test]
fn a_judge_is_compared_on_its_first_solution_only() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("kinds.txt");
    let shipped = shipped_prefix(&directory, "one.txt", 1).puzzles[0].grid.to_line();
    // One solution, many (the empty grid), none (the last cell of the first row lacks the 9
    // that its column already has).
    let lines = [shipped, ".".repeat(81), format!("12345678.........9{}", ".".repeat(63))];
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let corpus = Corpus::load(&path, ReadOptions::default()).unwrap();
    assert_eq!(corpus.puzzles.len(), 3);
    let corpora = std::slice::from_ref(&corpus);

    let report = sudoku_bench::run(corpora, &options(vec![default_engine(), &*JUDGE], 1)).unwrap();
    assert_eq!(report.disagreement_count(), 0, "{:?}", report.disagreements);
    let judge = &report.records[1];
    assert!(!judge.counts);
    assert_eq!((judge.solved, judge.unsolvable), (2, 1));
    assert_eq!((judge.one_solution, judge.two_plus_solutions), (None, None));
    assert_eq!(report.records[0].two_plus_solutions, Some(1));
    let csv = render(&report, OutputFormat::Csv);
    assert!(csv.lines().nth(2).unwrap().contains(",,"), "n/a is an empty cell: {csv}");

    // A judge that finds nothing where there is a solution is charged, and only it.
    let engines = vec![default_engine(), &*JUDGE, &*BLIND_JUDGE];
    let report = sudoku_bench::run(corpora, &options(engines, 1)).unwrap();
    let disagreements = report.disagreements.as_ref().unwrap();
    assert_eq!(disagreements.iter().map(|d| d.puzzle).collect::<Vec<_>>(), [2]);
    let charged: Vec<(&str, &str, bool)> = disagreements[0]
        .answers
        .iter()
        .map(|a| (a.engine.as_str(), a.count.as_str(), a.charged))
        .collect();
    assert_eq!(
        charged,
        [("fast", "2+", false), ("judge", "1+", false), ("blind-judge", "0", true)]
    );

    // Judges alone are compared with each other: one against one, both charged.
    let report = sudoku_bench::run(corpora, &options(vec![&*JUDGE, &*BLIND_JUDGE], 1)).unwrap();
    let charged: Vec<Option<u64>> = report.records.iter().map(|r| r.disagreements).collect();
    assert_eq!(charged, [Some(1), Some(1)]);
}

#[test]
fn a_pass_that_fails_where_the_reference_answered_is_a_failure_not_an_instability() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 60);
    let expected = failing_numbers(&corpus);
    for threads in [1, 2] {
        let mut run_options = options(vec![default_engine(), &*FLAKY], threads);
        run_options.timing = Schedule::Repeat(2);
        let report = sudoku_bench::run(std::slice::from_ref(&corpus), &run_options).unwrap();
        assert_eq!(report.disagreement_count(), 0, "{:?}", report.disagreements);
        let flaky = &report.records[1];
        assert_eq!(flaky.timed_out, expected.len() as u64, "{threads} threads");
        assert_eq!(flaky.solved, corpus.puzzles.len() as u64 - expected.len() as u64);
        let listed: BTreeSet<u64> = report.failures.iter().map(|f| f.puzzle).collect();
        assert_eq!(listed, expected);
        assert!(report.failures.iter().all(|f| f.message.starts_with("on pass ")), "{report:?}");
        read_json(&render(&report, OutputFormat::Json)).unwrap();
    }
}

#[test]
fn an_engine_timed_by_its_own_word_is_timed_so_and_says_so() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 20);
    let report = sudoku_bench::run(
        std::slice::from_ref(&corpus),
        &options(vec![default_engine(), &*REPORTING], 2),
    )
    .unwrap();
    let reporting = &report.records[1];
    assert_eq!(reporting.timing, "engine-reported");
    assert_eq!(
        (reporting.origin.as_str(), reporting.command.as_deref()),
        ("protocol", Some("./reporting --fast"))
    );
    assert!((reporting.us_median - 2000.0).abs() < 5.0, "{}", reporting.us_median);
    assert!((reporting.us_mean - 2000.0).abs() < 1e-6, "{}", reporting.us_mean);
    assert_eq!(report.records[0].timing, "in-process");
    let table = render(&report, OutputFormat::Table);
    assert!(table.contains("timing: in-process: fast; engine-reported: reporting"), "{table}");
}

#[test]
fn an_engine_claiming_more_time_than_it_took_is_held_to_the_harness_clock() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 50);
    for threads in [1, 2] {
        let report = sudoku_bench::run(
            std::slice::from_ref(&corpus),
            &options(vec![default_engine(), &*BOASTING], threads),
        )
        .unwrap();
        let boasting = &report.records[1];
        // Fifty seconds claimed in a pass far shorter: each solve is held within the pass.
        let wall_us = boasting.wall_seconds * 1e6;
        assert!(boasting.wall_seconds < 10.0, "{boasting:?}");
        assert!(
            boasting.us_max <= wall_us && boasting.solve_seconds <= boasting.wall_seconds + 0.1
        );
        assert!(boasting.us_median <= boasting.us_max && boasting.us_p99 <= boasting.us_max);
    }
}

#[test]
fn shards_of_a_run_with_failures_merge_to_the_unsharded_counts_and_list() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 90);
    let corpora = std::slice::from_ref(&corpus);
    let engines = || vec![default_engine(), &*FAILING];
    let whole = sudoku_bench::run(corpora, &options(engines(), 1)).unwrap();
    let shards: Vec<Report> = (1..=2)
        .map(|index| {
            let mut run_options = options(engines(), 1);
            run_options.shard = Some(Shard { index, count: 2 });
            let report = sudoku_bench::run(corpora, &run_options).unwrap();
            read_json(&render(&report, OutputFormat::Json)).unwrap()
        })
        .collect();
    let names = ["a.json".to_owned(), "b.json".to_owned()];
    let merged = sudoku_bench::merge::merge(&shards, &names).unwrap();
    assert_eq!(merged.failures, whole.failures);
    assert_eq!(merged.failures_total(), whole.failures_total());
    let counts = |report: &Report| -> Vec<(u64, u64, u64)> {
        report.records.iter().map(|r| (r.crashed, r.timed_out, r.protocol_errors)).collect()
    };
    assert_eq!(counts(&merged), counts(&whole));

    // A shard whose failures do not add up is refused, naming the field.
    let mut forged = shards[1].clone();
    forged.failures_not_kept = 3;
    let error = sudoku_bench::merge::merge(&[shards[0].clone(), forged], &names).unwrap_err();
    assert!(error.to_string().contains("field failures_not_kept"), "{error}");
    let mut forged = shards[1].clone();
    forged.records[1].timing = "in-process".to_owned();
    forged.records[1].origin = "judge".to_owned();
    forged.records[1].command = Some("./judge".to_owned());
    let error = sudoku_bench::merge::merge(&[shards[0].clone(), forged], &names).unwrap_err();
    assert!(error.to_string().contains("another engine of that name"), "{error}");
}

#[test]
fn a_failure_is_a_changed_verdict_against_an_earlier_run() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 40);
    let corpora = std::slice::from_ref(&corpus);
    // The earlier run: the default engine, written under the failing engine's name.
    let (_, earlier) = run_rows(corpora, vec![default_engine()], 1);
    let path = directory.path().join("earlier.csv");
    let mut writer = RowWriter::new(std::fs::File::create(&path).unwrap(), RowFormat::Csv);
    for row in &earlier {
        writer.write(&Row { engine: "failing".to_owned(), ..row.clone() });
    }
    writer.finish().unwrap();
    let pairs = [(corpus.file.as_str(), "failing")];
    let rows = EarlierRows::read(&path, &pairs).unwrap();
    let mut comparison = PuzzleComparison::new(rows);
    let (_, now) = run_rows(corpora, vec![&*FAILING], 1);
    for row in now {
        comparison.compare(row);
    }
    let expected = failing_numbers(&corpus);
    assert_eq!(comparison.changed_count, expected.len() as u64);
    // A failure has no time, so it is never among the slower puzzles (answered ones may be,
    // on a busy machine).
    assert!(comparison.slower.iter().all(|change| !change.after.failed()));
    let mut text = Vec::new();
    comparison.write(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("-> crashed: crashed here\\nand there"), "{text}");

    // And the rows with failures read back, as CSV and as JSON lines.
    let (_, failing_rows) = run_rows(corpora, vec![&*FAILING], 1);
    for name in ["now.csv", "now.jsonl"] {
        let path = directory.path().join(name);
        let mut writer =
            RowWriter::new(std::fs::File::create(&path).unwrap(), RowFormat::of(&path));
        for row in &failing_rows {
            writer.write(row);
        }
        writer.finish().unwrap();
        let mut comparison = PuzzleComparison::new(EarlierRows::read(&path, &pairs).unwrap());
        for row in &failing_rows {
            comparison.compare(row.clone());
        }
        assert_eq!((comparison.compared, comparison.changed_count), (40, 0), "{name}");
    }
}

#[test]
fn failed_puzzles_are_left_out_of_the_charts_with_a_note() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 60);
    let report = sudoku_bench::run(
        std::slice::from_ref(&corpus),
        &options(vec![default_engine(), &*FAILING], 1),
    )
    .unwrap();
    let size = "9x9";
    let cactus = sudoku_bench::chart::render_cactus(&report, &corpus.file, size).unwrap();
    assert!(cactus.contains("failing ("), "the legend counts the failures");
    assert!(cactus.contains("has no time"), "{cactus}");
    let samples = &report.samples[0];
    let scatter = sudoku_bench::chart::render_scatter(&report, samples, "fast", "failing").unwrap();
    assert!(scatter.contains("Left out: the puzzles an engine failed on"), "{scatter}");
    let bars = sudoku_bench::chart::render_bars(&report).unwrap();
    assert!(bars.contains("failed on some puzzles"), "{bars}");
}
