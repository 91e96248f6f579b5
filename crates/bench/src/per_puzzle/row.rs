//! The row schema: one engine's result on one puzzle ([`Row`]), its columns, its verdicts
//! ([`RowVerdict`]) and the counters an earlier row keeps ([`RowCounters`]).

use std::path::Path;

use serde::{Deserialize, Serialize};
use sudoku_core::{FailureKind, GridKind, Verdict};

use crate::corpus::Corpus;
use crate::measure::EngineRun;
use crate::output::counted;

/// The verdict of a row: an answer, a budget-out, or how the engine failed. Rows write it by
/// its [`name`](RowVerdict::name); everything that judges a row matches on this type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RowVerdict {
    /// At least one solution found.
    Solved,
    /// No solution.
    Unsolvable,
    /// The engine gave up at its budget.
    BudgetOut,
    /// The engine failed on the puzzle (crashed, timed out, broke its protocol).
    Failed(FailureKind),
}

impl RowVerdict {
    /// Every verdict: the answers, then the failures in the order of [`FailureKind::ALL`].
    pub const ALL: [RowVerdict; 6] = [
        RowVerdict::Solved,
        RowVerdict::Unsolvable,
        RowVerdict::BudgetOut,
        RowVerdict::Failed(FailureKind::ALL[0]),
        RowVerdict::Failed(FailureKind::ALL[1]),
        RowVerdict::Failed(FailureKind::ALL[2]),
    ];

    /// The verdict of an engine's answer (or failure).
    pub fn of(verdict: Verdict) -> RowVerdict {
        match verdict {
            Verdict::GaveUp(_) => RowVerdict::BudgetOut,
            Verdict::Exactly(0) => RowVerdict::Unsolvable,
            Verdict::Failed(kind) => RowVerdict::Failed(kind),
            _ => RowVerdict::Solved,
        }
    }

    /// The verdict as a row writes it: `solved`, `unsolvable`, `budget-out`, or the failure's
    /// name (`crashed`, `timed-out`, `protocol-error`).
    pub fn name(self) -> &'static str {
        match self {
            RowVerdict::Solved => "solved",
            RowVerdict::Unsolvable => "unsolvable",
            RowVerdict::BudgetOut => "budget-out",
            RowVerdict::Failed(kind) => kind.name(),
        }
    }

    /// The verdict a row names, if it is one.
    pub fn from_name(name: &str) -> Option<RowVerdict> {
        RowVerdict::ALL.into_iter().find(|verdict| verdict.name() == name)
    }

    /// Whether the engine gave up on the puzzle.
    pub fn gave_up(self) -> bool {
        self == RowVerdict::BudgetOut
    }

    /// Whether the engine failed on the puzzle.
    pub fn failed(self) -> bool {
        matches!(self, RowVerdict::Failed(_))
    }
}

/// One engine's result on one puzzle.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Row {
    /// The file as named on the command line.
    pub file: String,
    /// The puzzle's size (`9x9`).
    pub size: String,
    /// Its 1-based number in the file.
    pub puzzle: u64,
    /// The line it starts on.
    pub line: u64,
    /// The engine's name.
    pub engine: String,
    /// `solved`, `unsolvable`, `budget-out`, or `crashed`, `timed-out`, `protocol-error` for
    /// a puzzle the engine failed on.
    pub verdict: String,
    /// The count, as the cross-check writes it (the verdict itself for a failure).
    pub count: String,
    /// Time inside `solve`, the shortest over the sequential passes, µs (`None`: failed).
    pub us: Option<f64>,
    /// Search nodes (`None`: the engine counts none, or failed).
    pub nodes: Option<u64>,
    /// Guesses (`None`: the engine counts none, or failed).
    pub guesses: Option<u64>,
    /// What happened, for a failure, on one line (`None` for every answer).
    #[serde(default)]
    pub message: Option<String>,
    /// The file's digest ([`Corpus::digest`]: the same puzzles in the same order, whatever
    /// the file's name or format), so that runs of one file under two names pair up (`None`
    /// in files written before it was kept).
    #[serde(default)]
    pub digest: Option<String>,
}

impl Row {
    /// Whether the deterministic parts of two rows of the same puzzle and engine differ.
    pub fn counters_differ(&self, other: &Row) -> bool {
        (&self.verdict, &self.count, self.nodes, self.guesses)
            != (&other.verdict, &other.count, other.nodes, other.guesses)
    }

    /// The row's verdict (`None` for a row not written by a run).
    pub fn row_verdict(&self) -> Option<RowVerdict> {
        RowVerdict::from_name(&self.verdict)
    }

    /// Whether the engine gave up on the puzzle.
    pub fn gave_up(&self) -> bool {
        self.row_verdict().is_some_and(RowVerdict::gave_up)
    }

    /// Whether the engine failed on the puzzle.
    pub fn failed(&self) -> bool {
        self.row_verdict().is_some_and(RowVerdict::failed)
    }
}
/// The rows of one chunk: every engine of `runs` on every puzzle of `chunk`, a file whose
/// digest is `digest`.
pub fn rows<'a>(
    chunk: &'a Corpus,
    kind: &GridKind,
    runs: &'a [EngineRun<'_>],
    digest: Option<&'a str>,
) -> impl Iterator<Item = Row> + 'a {
    let size = kind.ascii_name();
    runs.iter().flat_map(move |run| {
        let size = size.clone();
        chunk.puzzles.iter().enumerate().map(move |(index, puzzle)| {
            let outcome = &run.reference[index].outcome;
            let verdict = run.verdict(index);
            let failure = run.failure(index);
            let instrumented = run.info.instrumented && failure.is_none();
            let guesses = (run.info.instrumented || run.info.guesses) && failure.is_none();
            Row {
                file: chunk.file.clone(),
                size: size.clone(),
                puzzle: puzzle.number as u64,
                line: puzzle.line as u64,
                engine: run.info.name.to_string(),
                verdict: RowVerdict::of(verdict).name().to_owned(),
                count: verdict.to_string(),
                us: failure.is_none().then(|| run.puzzle_times[index] as f64 / 1000.0),
                nodes: instrumented.then_some(outcome.stats.nodes),
                guesses: guesses.then_some(outcome.stats.guesses),
                message: failure.map(|failure| crate::report::failure_message(&failure.message)),
                digest: digest.map(str::to_owned),
            }
        })
    })
}

/// How rows are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowFormat {
    /// Comma-separated, with a header line.
    Csv,
    /// One JSON object per line.
    JsonLines,
}

impl RowFormat {
    /// JSON lines for names ending in `.jsonl` or `.ndjson`, CSV otherwise.
    pub fn of(path: &Path) -> RowFormat {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if extension.eq_ignore_ascii_case("jsonl") || extension.eq_ignore_ascii_case("ndjson") {
            RowFormat::JsonLines
        } else {
            RowFormat::Csv
        }
    }
}

/// The columns of a per-puzzle CSV file, in order (its header line).
pub const COLUMNS: [&str; 12] = [
    "file", "size", "puzzle", "line", "engine", "verdict", "count", "us", "nodes", "guesses",
    "message", "digest",
];

/// The columns of a per-puzzle CSV file written before failures were kept: all but `message`
/// and `digest`. Files of eleven columns, written before the digest was kept, are read too.
pub const OLD_COLUMNS: usize = 10;

/// The deterministic part of a row and its time, without its names: what an earlier row
/// keeps.
#[derive(Clone, PartialEq, Debug)]
pub struct RowCounters {
    /// The verdict.
    pub verdict: RowVerdict,
    /// The count, as the cross-check writes it.
    pub count: String,
    /// Time inside `solve`, µs (`None`: failed).
    pub us: Option<f64>,
    /// Search nodes (`None`: the engine counts none).
    pub nodes: Option<u64>,
    /// Guesses (`None`: the engine counts none).
    pub guesses: Option<u64>,
}

impl RowCounters {
    /// The counters of a row, `None` when its verdict is not one a run writes.
    pub fn of(row: &Row) -> Option<RowCounters> {
        Some(RowCounters {
            verdict: row.row_verdict()?,
            count: row.count.clone(),
            us: row.us,
            nodes: row.nodes,
            guesses: row.guesses,
        })
    }

    /// Whether the engine gave up on the puzzle.
    pub fn gave_up(&self) -> bool {
        self.verdict.gave_up()
    }

    /// Whether the engine failed on the puzzle.
    pub fn failed(&self) -> bool {
        self.verdict.failed()
    }

    /// The counters for people: `solved count 1, 12 nodes, 3 guesses`, or the failure's kind.
    pub(crate) fn describe(&self) -> String {
        if self.failed() {
            return self.verdict.name().to_owned();
        }
        let number = |n: Option<u64>, one: &str, many: &str| {
            n.map_or_else(|| format!("- {many}"), |n| counted(n, one, many))
        };
        format!(
            "{} count {}, {}, {}",
            self.verdict.name(),
            self.count,
            number(self.nodes, "node", "nodes"),
            number(self.guesses, "guess", "guesses")
        )
    }
}
