//! The cross-check: no engine is trusted on its own word.
//!
//! For every puzzle, every engine's reference answer is judged:
//!
//! 1. **On its own** ([`check_outcome`]). A returned solution must pass
//!    [`sudoku_core::check_solution`] against the puzzle; the count must not exceed the limit;
//!    a solution must come with a count of at least one and vice versa; a search must not give
//!    up without a node budget; a later pass must have given the same answer (statistics
//!    included).
//! 2. **Against the others.** Engines that finished within their budget must agree on the
//!    count (0, 1 or 2+ in mode `unique`; 0 or 1+ in mode `first`), and where the count is
//!    exactly one, on the solution itself. Budget-outs prove nothing and take no part.
//!
//! An engine that failed on the puzzle (crashed, timed out, broke its protocol, on any pass)
//! gave no answer: like a budget-out it takes no part, and it is never a disagreement. The
//! failure is counted and listed apart ([`crate::report::EngineFailure`]).
//!
//! An engine that does not count solutions (`EngineInfo::counts` false: a judge program that
//! prints one solution) is asked for the first solution only, and judged on it alone: its
//! solution must pass the check on its own, and it must find one exactly when the counting
//! engines say the puzzle has at least one (by the same strict majority as above, on that
//! question only: none or some). It takes no part in deciding between `1` and `2+`, nor in the
//! vote of the counting engines. When no counting engine finished, the engines that do not
//! count are compared with each other on "none or some", by the same majority rule.
//!
//! A puzzle that fails either test is a [`Disagreement`], kept with its file, number, line and
//! every engine's answer. It is *charged* to the engines that are to blame: an engine whose
//! answer fails on its own; among the rest, the engines outside the answer most of them gave,
//! or all of them when no answer has a strict majority of votes (two engines against each
//! other: the harness cannot tell which is right).

use std::fmt;

use rayon::ThreadPool;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sudoku_core::{Grid, Outcome, Verdict, check_outcome};

use crate::corpus::Corpus;
use crate::measure::EngineRun;

/// One puzzle the engines disagree on, or that some engine answered wrongly.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Disagreement {
    /// The file as named on the command line.
    pub file: String,
    /// The puzzle's 1-based number in the file.
    pub puzzle: u64,
    /// The line it starts on.
    pub line: u64,
    /// The puzzle as an 81-character line.
    pub grid: String,
    /// Every engine's answer, in run order.
    pub answers: Vec<EngineAnswer>,
}

/// What one engine answered to a disputed puzzle.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EngineAnswer {
    /// The engine's name.
    pub engine: String,
    /// Its count: `0`, `1`, `2+`, or `0+?`/`1+?` when it gave up at the budget.
    pub count: String,
    /// The solution it returned, as an 81-character line.
    pub solution: Option<String>,
    /// What is wrong with the answer on its own (a failed check, a broken contract).
    pub problem: Option<String>,
    /// Whether this puzzle counts against this engine.
    pub charged: bool,
}

impl fmt::Display for Disagreement {
    /// The puzzle's place and grid, then one line per engine.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "DISAGREEMENT {}: puzzle {}, line {}: {}",
            self.file, self.puzzle, self.line, self.grid
        )?;
        let width = self.answers.iter().map(|answer| answer.engine.len()).max().unwrap_or(0);
        for answer in &self.answers {
            let blame = if answer.charged { "✗" } else { " " };
            write!(f, "  {blame} {:width$}  count {:4}", answer.engine, answer.count)?;
            if let Some(solution) = &answer.solution {
                write!(f, "  {solution}")?;
            }
            if let Some(problem) = &answer.problem {
                write!(f, "  ({problem})")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// What the cross-check of one corpus found.
#[derive(Debug)]
pub struct CheckResult {
    /// The disputed puzzles, in file order.
    pub disagreements: Vec<Disagreement>,
    /// For each engine (in run order), the disputed puzzles charged to it.
    pub charged: Vec<u64>,
}

/// What an engine's answer to one puzzle is, for comparison with the others.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Judged<'a> {
    /// Gave up at the budget, or failed: takes no part.
    NoAnswer,
    /// Wrong on its own.
    Invalid,
    /// A finished answer: the verdict, and the solution's values where it is unique (the
    /// values alone: an engine from outside answers a grid without its puzzle's layout).
    Finished(Verdict, Option<&'a [u8]>),
    /// The answer of an engine that does not count: whether it found a solution.
    FirstOnly(bool),
    /// A finished answer of an engine that gives no solutions: its verdict alone.
    CountOnly(Verdict),
}

impl Judged<'_> {
    /// Whether the answer says the puzzle has a solution (`None`: no such answer).
    fn found(&self) -> Option<bool> {
        match *self {
            Judged::Finished(verdict, _) => Some(!matches!(verdict, Verdict::Exactly(0))),
            Judged::FirstOnly(found) => Some(found),
            Judged::CountOnly(verdict) => Some(!matches!(verdict, Verdict::Exactly(0))),
            Judged::NoAnswer | Judged::Invalid => None,
        }
    }
}

/// The answer most of `answers` give, when one has a strict plurality (more votes than any
/// other), and how many different answers there are.
fn strict_majority<T: PartialEq + Copy>(answers: impl Iterator<Item = T>) -> (Option<T>, usize) {
    let mut votes: Vec<(T, usize)> = Vec::new();
    for answer in answers {
        match votes.iter_mut().find(|(seen, _)| *seen == answer) {
            Some((_, count)) => *count += 1,
            None => votes.push((answer, 1)),
        }
    }
    let most = votes.iter().map(|&(_, count)| count).max().unwrap_or(0);
    let mut leaders = votes.iter().filter(|&&(_, count)| count == most);
    let majority = match (leaders.next(), leaders.next()) {
        (Some(&(answer, _)), None) => Some(answer),
        _ => None,
    };
    (majority, votes.len())
}

/// Judges every puzzle of `corpus` over the reference answers of `runs` (one per engine, all
/// over this corpus).
pub fn cross_check(corpus: &Corpus, runs: &[EngineRun<'_>], pool: &ThreadPool) -> CheckResult {
    let disputed: Vec<(Disagreement, Vec<bool>)> = pool.install(|| {
        (0..corpus.puzzles.len())
            .into_par_iter()
            .filter_map(|index| check_puzzle(corpus, runs, index))
            .collect()
    });
    let mut charged = vec![0; runs.len()];
    let mut disagreements = Vec::with_capacity(disputed.len());
    for (disagreement, blamed) in disputed {
        for (count, blamed) in charged.iter_mut().zip(blamed) {
            *count += u64::from(blamed);
        }
        disagreements.push(disagreement);
    }
    CheckResult { disagreements, charged }
}

/// What is wrong with `outcome` on its own for the engine of `run`, if anything
/// ([`check_outcome`]).
fn problem_of(puzzle: &Grid, outcome: &Outcome, run: &EngineRun<'_>) -> Option<String> {
    check_outcome(puzzle, outcome, run.limits, run.info.solutions)
}

fn judge<'a>(puzzle: &Grid, run: &'a EngineRun<'_>, index: usize) -> Judged<'a> {
    let outcome = &run.reference[index].outcome;
    if outcome.failure.is_some() {
        return Judged::NoAnswer;
    }
    // A wrong answer is wrong even if a later pass failed on the puzzle.
    if problem_of(puzzle, outcome, run).is_some() {
        return Judged::Invalid;
    }
    if run.failure(index).is_some() {
        return Judged::NoAnswer;
    }
    if run.instability(index).is_some() {
        return Judged::Invalid;
    }
    match outcome.verdict(run.limits) {
        Verdict::GaveUp(_) | Verdict::Failed(_) => Judged::NoAnswer,
        _ if !run.info.counts => Judged::FirstOnly(outcome.count > 0),
        verdict if !run.info.solutions => Judged::CountOnly(verdict),
        verdict @ Verdict::Exactly(1) => {
            Judged::Finished(verdict, outcome.solution.as_ref().map(Grid::cells))
        }
        verdict => Judged::Finished(verdict, None),
    }
}

/// The disagreement on puzzle `index` and who is charged, or `None` when all is well. The
/// common case allocates nothing.
fn check_puzzle(
    corpus: &Corpus,
    runs: &[EngineRun<'_>],
    index: usize,
) -> Option<(Disagreement, Vec<bool>)> {
    let puzzle = &corpus.puzzles[index];
    let mut agreed: Option<Judged> = None;
    let mut found: Option<bool> = None;
    let mut counted: Option<Verdict> = None;
    let mut disputed = false;
    for run in runs {
        let answer = judge(&puzzle.grid, run, index);
        if let Some(says) = answer.found() {
            disputed |= *found.get_or_insert(says) != says;
        }
        // Every finished answer's verdict, with a solution or without, must be the same.
        if let Judged::Finished(verdict, _) | Judged::CountOnly(verdict) = answer {
            disputed |= *counted.get_or_insert(verdict) != verdict;
        }
        match answer {
            Judged::NoAnswer | Judged::FirstOnly(_) | Judged::CountOnly(_) => {}
            Judged::Invalid => disputed = true,
            finished => match agreed {
                None => agreed = Some(finished),
                Some(first) => disputed |= first != finished,
            },
        }
    }
    if !disputed {
        return None;
    }

    let judged: Vec<Judged> = runs.iter().map(|run| judge(&puzzle.grid, run, index)).collect();
    let finished =
        || judged.iter().copied().filter(|answer| matches!(answer, Judged::Finished(..)));
    let (majority, answers) = strict_majority(finished());
    // The verdict of the finished answers, with and without solutions, by a strict majority.
    let verdicts = || {
        judged.iter().filter_map(|answer| match answer {
            Judged::Finished(verdict, _) | Judged::CountOnly(verdict) => Some(*verdict),
            _ => None,
        })
    };
    let (majority_verdict, verdict_answers) = strict_majority(verdicts());
    // Whether the puzzle has a solution, as the counting engines say by a strict majority on
    // that question alone; or, when none finished, as the engines that do not count say.
    let first_only =
        || judged.iter().copied().filter(|answer| matches!(answer, Judged::FirstOnly(_)));
    let (expected, found_answers) = if finished().next().is_some() {
        (strict_majority(finished().filter_map(|answer| answer.found())).0, 1)
    } else {
        strict_majority(first_only().filter_map(|answer| answer.found()))
    };
    let blamed: Vec<bool> = judged
        .iter()
        .map(|answer| match answer {
            Judged::NoAnswer => false,
            Judged::Invalid => true,
            Judged::FirstOnly(found) => match expected {
                Some(expected) => *found != expected,
                // The engines that do not count, alone and two against each other.
                None => found_answers > 1,
            },
            Judged::CountOnly(verdict) => verdict_answers > 1 && majority_verdict != Some(*verdict),
            finished => answers > 1 && majority != Some(*finished),
        })
        .collect();
    let answers = runs
        .iter()
        .zip(&blamed)
        .map(|(run, &charged)| {
            let outcome = &run.reference[index].outcome;
            // A failure is no answer, so nothing in it can be wrong: its count says it failed.
            let problem = match run.failure(index) {
                Some(_) if outcome.failure.is_some() => None,
                _ => problem_of(&puzzle.grid, outcome, run)
                    .or_else(|| run.instability(index).map(|found| found.description.clone())),
            };
            EngineAnswer {
                engine: run.info.name.to_string(),
                count: run.verdict(index).to_string(),
                solution: outcome.solution.as_ref().map(Grid::to_line),
                problem,
                charged,
            }
        })
        .collect();
    let disagreement = Disagreement {
        file: corpus.file.clone(),
        puzzle: puzzle.number as u64,
        line: puzzle.line as u64,
        grid: puzzle.grid.to_line(),
        answers,
    };
    Some((disagreement, blamed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_disagreement_prints_its_place_and_every_answer() {
        let disagreement = Disagreement {
            file: "f.txt".into(),
            puzzle: 7,
            line: 9,
            grid: ".".repeat(81),
            answers: vec![
                EngineAnswer {
                    engine: "good".into(),
                    count: "1".into(),
                    solution: Some(SOLVED.into()),
                    problem: None,
                    charged: false,
                },
                EngineAnswer {
                    engine: "bad".into(),
                    count: "2+".into(),
                    solution: None,
                    problem: Some("count 2 but no solution".into()),
                    charged: true,
                },
            ],
        };
        let text = disagreement.to_string();
        assert!(text.starts_with("DISAGREEMENT f.txt: puzzle 7, line 9: ...."), "{text}");
        assert!(text.contains("  good  count 1     5346"), "{text}");
        assert!(text.contains("✗ bad   count 2+    (count 2 but no solution)"), "{text}");
    }
}
