//! This run's rows compared with an earlier run's as they come (`--puzzle-baseline`,
//! `--baseline FILE.csv`): the puzzles whose counters changed, the slowest regressions, and
//! the speed of each file, size and engine judged by [`crate::stats`].

use std::io::{self, Write};

use sudoku_core::GridKind;

use super::read::{EarlierRows, RawRow, entry_of};
use super::row::{Row, RowCounters, rows};
use crate::Observer;
use crate::corpus::Corpus;
use crate::measure::EngineRun;
use crate::output::{count, counted};

/// The most changed puzzles listed with their rows; the rest are counted.
pub const LISTED_CHANGES: usize = 20;

/// The most slower puzzles listed.
pub const LISTED_SLOWER: usize = 10;

/// A puzzle counts as slower only when it took at least this many µs more: below that, the
/// clock's noise decides.
pub const SLOWER_FLOOR_US: f64 = 10.0;

/// A puzzle and engine whose row changed: the earlier counters and this run's row.
#[derive(Clone, PartialEq, Debug)]
pub struct RowChange {
    /// The earlier run's counters and time.
    pub before: RowCounters,
    /// This run's row.
    pub after: Row,
}

impl RowChange {
    /// How many times slower this run was (1 when either run failed: no time to compare).
    pub fn factor(&self) -> f64 {
        match (self.before.us, self.after.us) {
            (Some(before), Some(after)) => after / before.max(1e-3),
            _ => 1.0,
        }
    }
}

/// Compares each row of this run with the same puzzle and engine's row of an earlier run.
pub struct PuzzleComparison {
    earlier: EarlierRows,
    /// Rows whose counters changed, the first [`LISTED_CHANGES`] of them.
    pub changed: Vec<RowChange>,
    /// Rows whose counters changed, all of them.
    pub changed_count: u64,
    /// The [`LISTED_SLOWER`] rows that got slower by the largest factor (by at least
    /// [`SLOWER_FLOOR_US`], both runs answering), slowest first.
    pub slower: Vec<RowChange>,
    /// Rows compared.
    pub compared: u64,
    /// Rows of this run the earlier run does not have.
    pub unmatched: u64,
    /// The file, size and engine of each group of compared rows, in the run's order.
    groups: Vec<(String, String, String)>,
    /// The log time ratios (this run over the earlier) of each group's puzzles both runs
    /// answered: what [`PuzzleComparison::speed`] judges.
    ratios: Vec<Vec<f64>>,
    /// The group of the last row compared.
    last_group: usize,
}

/// The speed of one file, size and engine against the per-puzzle baseline.
#[derive(Clone, Debug)]
pub struct SpeedChange {
    /// The file, as named.
    pub file: String,
    /// The size.
    pub size: String,
    /// The engine.
    pub engine: String,
    /// The estimate (`None`: no puzzle answered in both runs).
    pub estimate: Option<crate::stats::Estimate>,
}

impl PuzzleComparison {
    /// A comparison with the rows of an earlier run.
    pub fn new(earlier: EarlierRows) -> PuzzleComparison {
        PuzzleComparison {
            earlier,
            changed: Vec::new(),
            changed_count: 0,
            slower: Vec::new(),
            compared: 0,
            unmatched: 0,
            groups: Vec::new(),
            ratios: Vec::new(),
            last_group: 0,
        }
    }

    /// The speed of every file, size and engine against the earlier run, judged against
    /// `threshold` (a fraction; infinite to judge nothing) as [`crate::stats`] tells.
    pub fn speed(&self, threshold: f64) -> Vec<SpeedChange> {
        self.groups
            .iter()
            .zip(&self.ratios)
            .map(|((file, size, engine), ratios)| SpeedChange {
                file: file.clone(),
                size: size.clone(),
                engine: engine.clone(),
                estimate: crate::stats::estimate(ratios, threshold, crate::stats::DEFAULT_SEED),
            })
            .collect()
    }

    /// Compares one row of this run.
    pub fn compare(&mut self, row: Row) {
        let Some(before) = self.earlier.take(&row.file, &row.engine, row.puzzle) else {
            self.unmatched += 1;
            return;
        };
        self.compared += 1;
        // This run's row encoded as the earlier ones are: equal codes, equal counters.
        let raw = RawRow {
            file: row.file.as_str().into(),
            size: row.size.as_str().into(),
            puzzle: row.puzzle,
            line: row.line,
            engine: row.engine.as_str().into(),
            verdict: row.verdict.as_str().into(),
            count: row.count.as_str().into(),
            us: row.us,
            nodes: row.nodes,
            guesses: row.guesses,
            message: row.message.as_deref().map(Into::into),
            digest: row.digest.as_deref().map(Into::into),
        };
        let after = entry_of(&raw).ok();
        let changed = !after.is_some_and(|after| after.same_counters(&before));
        // Puzzles both runs answered are timed: their ratio goes to the speed estimate.
        let times = before.answer_time().zip(after.and_then(|after| after.answer_time()));
        let group = self.group_of(&row);
        if let Some((t0, t1)) = times {
            self.ratios[group].push(crate::stats::log_ratio(t0, t1));
        }
        let change = RowChange { before: before.counters(), after: row };
        if changed {
            self.changed_count += 1;
            if self.changed.len() < LISTED_CHANGES {
                self.changed.push(change.clone());
            }
        }
        // A failure has no time: it is a changed verdict, never a slower puzzle.
        let times = change.before.us.zip(change.after.us);
        let answered = !change.before.gave_up() && !change.after.gave_up();
        if answered && times.is_some_and(|(before, after)| after - before >= SLOWER_FLOOR_US) {
            self.slower.push(change);
            self.slower.sort_by(|a, b| b.factor().total_cmp(&a.factor()));
            self.slower.truncate(LISTED_SLOWER);
        }
    }

    /// The number of the group of `row`'s file, size and engine, added when new. Rows come
    /// engine by engine, so the last group found is tried first.
    fn group_of(&mut self, row: &Row) -> usize {
        let same = |(file, size, engine): &(String, String, String)| {
            (file, size, engine) == (&row.file, &row.size, &row.engine)
        };
        if self.groups.get(self.last_group).is_some_and(same) {
            return self.last_group;
        }
        self.last_group = self.groups.iter().position(same).unwrap_or_else(|| {
            self.groups.push((row.file.clone(), row.size.clone(), row.engine.clone()));
            self.ratios.push(Vec::new());
            self.groups.len() - 1
        });
        self.last_group
    }

    /// Rows of the earlier run, of this run's files and engines, that this run did not have.
    pub fn not_run(&self) -> u64 {
        self.earlier.not_taken()
    }

    /// Puzzles of either run the other does not have (of this run's files and engines): the
    /// gate compared fewer than it was asked to.
    pub fn not_compared(&self) -> u64 {
        self.unmatched + self.not_run()
    }

    /// Writes the lists for people: the changed puzzles, then the slowest regressions.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_within(None, out)
    }

    /// Writes the lists for people as [`PuzzleComparison::write`] does, the headings wrapped to
    /// `width` when given (the lines per puzzle left whole).
    pub fn write_within(&self, width: Option<usize>, out: &mut dyn Write) -> io::Result<()> {
        let place = |row: &Row| {
            format!("{}: puzzle {}, line {}, {}", row.file, row.puzzle, row.line, row.engine)
        };
        let mut heading = format!(
            "Per puzzle: {} compared, {} with changed counters, {} not in the earlier run, {} of \
             the earlier run not run",
            count(self.compared),
            count(self.changed_count),
            count(self.unmatched),
            count(self.not_run())
        );
        if self.earlier.outside() > 0 {
            heading.push_str(&format!(
                ", {} of other files or engines left out",
                counted(self.earlier.outside(), "row", "rows")
            ));
        }
        writeln!(out, "{}", crate::output::wrap_to(&heading, width, 2))?;
        for change in &self.changed {
            // This run's rows are written by the run: their verdicts are known.
            let after = RowCounters::of(&change.after);
            let mut now = after.as_ref().map_or_else(|| "?".to_owned(), RowCounters::describe);
            if let Some(message) = change
                .after
                .message
                .as_ref()
                .filter(|_| after.as_ref().is_some_and(RowCounters::failed))
            {
                now.push_str(&format!(": {message}"));
            }
            writeln!(
                out,
                "  changed {}: {} -> {now}",
                place(&change.after),
                change.before.describe(),
            )?;
        }
        if self.changed_count > self.changed.len() as u64 {
            writeln!(
                out,
                "  ... and {} more",
                count(self.changed_count - self.changed.len() as u64)
            )?;
        }
        if !self.slower.is_empty() {
            let heading = format!(
                "Slowest regressions (shortest time over the passes, at least {SLOWER_FLOOR_US} µs \
                 more):"
            );
            writeln!(out, "{}", crate::output::wrap_to(&heading, width, 2))?;
            for change in &self.slower {
                writeln!(
                    out,
                    "  {:.1}x {}: {:.1} -> {:.1} µs",
                    change.factor(),
                    place(&change.after),
                    change.before.us.unwrap_or(0.0),
                    change.after.us.unwrap_or(0.0)
                )?;
            }
        }
        Ok(())
    }
}

impl Observer for PuzzleComparison {
    fn chunk(&mut self, chunk: &Corpus, kind: &GridKind, runs: &[EngineRun<'_>]) {
        for row in rows(chunk, kind, runs, None) {
            self.compare(row);
        }
    }
}
