//! The harness catches wrong engines and names the puzzle; it never mistakes a budget-out or
//! an engine without statistics for a wrong answer.

use crate::common;

use std::collections::BTreeSet;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};

use common::{engine, options, samples, shipped_prefix};
use sudoku_bench::{Corpus, Schedule};
use sudoku_core::{Engine, Grid, Limits, Outcome, Stats};
use sudoku_engines::{EngineInfo, default_engine};

/// Whether a puzzle is one the test engines below get wrong: its first clue is odd.
fn targeted(puzzle: &Grid) -> bool {
    puzzle.cells().iter().copied().find(|&value| value != 0).is_some_and(|clue| clue % 2 == 1)
}

/// Correct, except for one wrong digit in the solution of targeted puzzles.
struct WrongDigit(Box<dyn Engine>);

impl Engine for WrongDigit {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let mut outcome = self.0.solve(puzzle, limits);
        if let Some(solution) = outcome.solution.as_mut().filter(|_| targeted(puzzle)) {
            let empty = (0..81).find(|&cell| puzzle.get(cell) == 0).unwrap();
            solution.set(empty, solution.get(empty) % 9 + 1);
        }
        outcome
    }
}

/// Correct solutions, but claims a second solution for targeted puzzles: a count that passes
/// every check on its own, so only the comparison with other engines can catch it.
struct WrongCount(Box<dyn Engine>);

impl Engine for WrongCount {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let mut outcome = self.0.solve(puzzle, limits);
        if targeted(puzzle) && outcome.count == 1 {
            outcome.count = limits.max_solutions();
        }
        outcome
    }
}

static WRONG_DIGIT: EngineInfo = EngineInfo::new("wrong-digit", "one wrong digit", || {
    Box::new(WrongDigit(default_engine().create()))
});
static WRONG_COUNT: EngineInfo = EngineInfo::new("wrong-count", "a second solution", || {
    Box::new(WrongCount(default_engine().create()))
});

/// The numbers of the targeted puzzles of `corpus`.
fn targeted_numbers(corpus: &Corpus) -> BTreeSet<u64> {
    corpus.puzzles.iter().filter(|p| targeted(&p.grid)).map(|p| p.number as u64).collect()
}

#[test]
fn a_wrong_digit_is_caught_and_charged_with_the_puzzle_named() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 120);
    let expected = targeted_numbers(&corpus);
    assert!(!expected.is_empty() && expected.len() < corpus.puzzles.len());
    let engines = vec![default_engine(), &WRONG_DIGIT, engine("bitmask-mrv")];
    let report = sudoku_bench::run(std::slice::from_ref(&corpus), &options(engines, 2)).unwrap();

    let disagreements = report.disagreements.as_ref().unwrap();
    let found: BTreeSet<u64> = disagreements.iter().map(|d| d.puzzle).collect();
    assert_eq!(found, expected);
    let file_text = std::fs::read_to_string(&corpus.file).unwrap();
    let file_lines: Vec<&str> = file_text.lines().collect();
    for disagreement in disagreements {
        assert_eq!(disagreement.file, corpus.file);
        // Line 1 is the comment, so puzzle N is on line N + 1.
        assert_eq!(disagreement.line, disagreement.puzzle + 1);
        assert_eq!(file_lines[disagreement.line as usize - 1], disagreement.grid);
        let printed = disagreement.to_string();
        assert!(
            printed.contains(&format!(
                "{}: puzzle {}, line {}",
                corpus.file, disagreement.puzzle, disagreement.line
            )),
            "{printed}"
        );
        let charged: Vec<&str> =
            disagreement.answers.iter().filter(|a| a.charged).map(|a| a.engine.as_str()).collect();
        assert_eq!(charged, ["wrong-digit"]);
        let wrong = disagreement.answers.iter().find(|a| a.engine == "wrong-digit").unwrap();
        assert!(wrong.problem.as_deref().unwrap().starts_with("not a solution"), "{wrong:?}");
    }
    let charged_per_engine: Vec<(String, Option<u64>)> =
        report.records.iter().map(|r| (r.engine.clone(), r.disagreements)).collect();
    assert_eq!(
        charged_per_engine,
        [
            (default_engine().name.to_string(), Some(0)),
            ("wrong-digit".to_owned(), Some(expected.len() as u64)),
            ("bitmask-mrv".to_owned(), Some(0)),
        ]
    );
}

#[test]
fn a_wrong_count_is_caught_by_comparison_alone() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 80);
    let expected = targeted_numbers(&corpus);
    let corpora = std::slice::from_ref(&corpus);

    // Two correct engines outvote the wrong one.
    let engines = vec![default_engine(), engine("bitmask-mrv"), &WRONG_COUNT];
    let report = sudoku_bench::run(corpora, &options(engines, 1)).unwrap();
    let disagreements = report.disagreements.unwrap();
    assert_eq!(disagreements.iter().map(|d| d.puzzle).collect::<BTreeSet<_>>(), expected);
    for disagreement in &disagreements {
        let counts: Vec<(&str, &str, bool)> = disagreement
            .answers
            .iter()
            .map(|a| (a.engine.as_str(), a.count.as_str(), a.charged))
            .collect();
        assert_eq!(counts[2], ("wrong-count", "2+", true));
        assert!(counts[..2].iter().all(|&(_, count, charged)| count == "1" && !charged));
        assert!(disagreement.answers.iter().all(|a| a.problem.is_none()));
    }

    // One against one: the harness cannot tell which is right, so both are charged.
    let report =
        sudoku_bench::run(corpora, &options(vec![default_engine(), &WRONG_COUNT], 1)).unwrap();
    let charged: Vec<Option<u64>> = report.records.iter().map(|r| r.disagreements).collect();
    assert_eq!(charged, [Some(expected.len() as u64); 2]);
}

#[test]
fn budget_outs_are_counted_and_never_disagreements() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 100);
    let mut run_options = options(vec![engine("naive"), engine("bitmask"), default_engine()], 2);
    run_options.budget = Some(20_000);
    let report = sudoku_bench::run(std::slice::from_ref(&corpus), &run_options).unwrap();
    assert_eq!(report.disagreement_count(), 0);
    let naive = &report.records[0];
    assert!(naive.budget_outs > 0 && naive.budget_outs < naive.puzzles, "{naive:?}");
    assert_eq!(naive.solved + naive.unsolvable + naive.budget_outs, naive.puzzles);
    assert_eq!(naive.budget, Some(20_000));
    // naive and bitmask search the same tree, so they give up on the same puzzles.
    assert_eq!(report.records[1].budget_outs, naive.budget_outs);
    assert_eq!(report.records[1].nodes_total, naive.nodes_total);
    assert_eq!(report.records[2].budget_outs, 0);
    assert_eq!(report.records[2].solved, corpus.puzzles.len() as u64);
}

static GIVEN_A_BUDGET: AtomicBool = AtomicBool::new(false);

/// The default engine's answers with its statistics hidden, as a wrapped published solver's.
struct Blind(Box<dyn Engine>);

impl Engine for Blind {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if limits.node_budget().is_some() {
            GIVEN_A_BUDGET.store(true, Ordering::Relaxed);
        }
        Outcome { stats: Stats::default(), ..self.0.solve(puzzle, limits) }
    }
}

static BLIND: LazyLock<EngineInfo> = LazyLock::new(|| {
    EngineInfo::new("blind", "no statistics", || Box::new(Blind(default_engine().create())))
        .uninstrumented()
});

#[test]
fn an_engine_without_statistics_shows_none_and_gets_no_budget() {
    let corpora = samples();
    let report = sudoku_bench::run(&corpora, &options(vec![default_engine(), &*BLIND], 2)).unwrap();
    assert!(!GIVEN_A_BUDGET.load(Ordering::Relaxed), "a budget reached an uninstrumented engine");
    assert_eq!(report.disagreement_count(), 0);
    for record in &report.records {
        let blind = record.engine == "blind";
        assert_eq!(record.instrumented, !blind);
        assert_eq!(record.nodes_total.is_none(), blind);
        assert_eq!(record.guesses_per_puzzle.is_none(), blind);
        assert_eq!(record.no_guess_percent.is_none(), blind);
        assert_eq!(record.budget.is_none(), blind);
    }
    let table = sudoku_bench::output::render(&report, sudoku_bench::output::OutputFormat::Table);
    let blind_row = table.lines().find(|line| line.starts_with("blind")).unwrap();
    assert!(blind_row.contains('—'), "{blind_row}");
}

/// Correct answers, but statistics that grow with every call: breaks the determinism the
/// baselines rely on.
struct Drifting {
    inner: Box<dyn Engine>,
    calls: u64,
}

impl Engine for Drifting {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        self.calls += 1;
        let mut outcome = self.inner.solve(puzzle, limits);
        outcome.stats.nodes += self.calls;
        outcome
    }
}

static DRIFTING: EngineInfo = EngineInfo::new("drifting", "statistics change", || {
    Box::new(Drifting { inner: default_engine().create(), calls: 0 })
});

#[test]
fn an_engine_that_answers_differently_on_another_pass_is_caught() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 10);
    let mut run_options = options(vec![default_engine(), &DRIFTING], 1);
    run_options.timing = Schedule::Repeat(2);
    let report = sudoku_bench::run(std::slice::from_ref(&corpus), &run_options).unwrap();
    assert_eq!(report.records[0].disagreements, Some(0));
    assert_eq!(report.records[1].disagreements, Some(10));
    assert_eq!(report.records[1].passes, 2);
    let first = &report.disagreements.as_ref().unwrap()[0];
    let problem = first.answers[1].problem.as_deref().unwrap();
    assert!(problem.starts_with("answered differently on another pass"), "{problem}");
}

#[test]
fn without_cross_check_nothing_is_judged_and_the_report_says_so() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 30);
    let mut run_options = options(vec![default_engine(), &WRONG_DIGIT], 2);
    run_options.cross_check = false;
    let report = sudoku_bench::run(std::slice::from_ref(&corpus), &run_options).unwrap();
    assert!(!report.cross_check);
    assert_eq!(report.disagreements, None);
    assert!(report.records.iter().all(|r| r.disagreements.is_none() && !r.cross_check));
    let table = sudoku_bench::output::render(&report, sudoku_bench::output::OutputFormat::Table);
    assert!(table.contains("cross-check: OFF"), "{table}");
}

#[test]
fn counters_do_not_depend_on_threads_or_passes() {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "prefix.txt", 200);
    let corpora = std::slice::from_ref(&corpus);
    let engines = || vec![engine("bitmask"), engine("bitmask-mrv"), default_engine()];
    let one = sudoku_bench::run(corpora, &options(engines(), 1)).unwrap();
    let mut repeated = options(engines(), 2);
    repeated.timing = Schedule::Repeat(3);
    let two = sudoku_bench::run(corpora, &repeated).unwrap();
    for (a, b) in one.records.iter().zip(&two.records) {
        assert!(sudoku_bench::baseline::counter_changes(a, b).is_empty(), "{a:?}\n{b:?}");
        assert_eq!((a.passes, b.passes), (1, 3));
        assert_eq!((a.threads, b.threads), (1, 2));
    }
    assert_eq!(two.disagreement_count(), 0);
}
