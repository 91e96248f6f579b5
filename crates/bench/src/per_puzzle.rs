//! Per-puzzle results: one row per puzzle and engine, streamed to a file as each chunk is
//! measured, and compared with the rows of an earlier run.
//!
//! `sudoku bench --per-puzzle FILE` writes CSV, or JSON lines when the name ends in `.jsonl`
//! or `.ndjson`. A row holds the file, size, puzzle number and line, the engine, its verdict
//! (`solved`, `unsolvable`, `budget-out`), its count as the cross-check writes it (`0`, `1`,
//! `2+`, `1+` in mode first, `0+?`/`1+?` at the budget), the time inside `solve` in µs (the
//! shortest over the sequential passes: with `--repeat 3`, a busy machine's hiccups stay out),
//! and the nodes and guesses (empty, or `null`, for engines that count none). Rows come chunk
//! by chunk, engine by engine within a chunk, so the file is in a fixed order for a given
//! input and engines; nothing is kept in memory.
//!
//! `sudoku bench --puzzle-baseline FILE` reads such a file from an earlier run and, as the new
//! rows come, lists the puzzles whose deterministic counters (verdict, count, nodes, guesses)
//! changed and the puzzles that got slower by the largest factor ([`PuzzleComparison`]).

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use sudoku_core::{Size, Verdict};

use crate::Observer;
use crate::corpus::Corpus;
use crate::measure::EngineRun;
use crate::report::size_name;

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
    /// `solved`, `unsolvable` or `budget-out`.
    pub verdict: String,
    /// The count, as the cross-check writes it.
    pub count: String,
    /// Time inside `solve`, the shortest over the sequential passes, µs.
    pub us: f64,
    /// Search nodes (`None`: the engine counts none).
    pub nodes: Option<u64>,
    /// Guesses (`None`: the engine counts none).
    pub guesses: Option<u64>,
}

impl Row {
    /// Whether the deterministic parts of two rows of the same puzzle and engine differ.
    pub fn counters_differ(&self, other: &Row) -> bool {
        (&self.verdict, &self.count, self.nodes, self.guesses)
            != (&other.verdict, &other.count, other.nodes, other.guesses)
    }

    /// Whether the engine gave up on the puzzle.
    pub fn gave_up(&self) -> bool {
        self.verdict == "budget-out"
    }
}

/// The rows of one chunk: every engine of `runs` on every puzzle of `chunk`.
pub fn rows<'a>(
    chunk: &'a Corpus,
    size: Size,
    runs: &'a [EngineRun<'_>],
) -> impl Iterator<Item = Row> + 'a {
    let size = size_name(size);
    runs.iter().flat_map(move |run| {
        let size = size.clone();
        chunk.puzzles.iter().enumerate().map(move |(index, puzzle)| {
            let outcome = &run.reference[index].outcome;
            let verdict = outcome.verdict(run.limits);
            let instrumented = run.info.instrumented;
            Row {
                file: chunk.file.clone(),
                size: size.clone(),
                puzzle: puzzle.number as u64,
                line: puzzle.line as u64,
                engine: run.info.name.to_owned(),
                verdict: match verdict {
                    Verdict::GaveUp(_) => "budget-out",
                    Verdict::Exactly(0) => "unsolvable",
                    _ => "solved",
                }
                .to_owned(),
                count: verdict.to_string(),
                us: run.puzzle_times[index] as f64 / 1000.0,
                nodes: instrumented.then_some(outcome.stats.nodes),
                guesses: instrumented.then_some(outcome.stats.guesses),
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

/// Writes every row it is shown; after the first write error it writes nothing more and keeps
/// the error for [`RowWriter::finish`].
pub struct RowWriter<W: Write> {
    csv: Option<csv::Writer<W>>,
    lines: Option<W>,
    error: Option<io::Error>,
    rows: u64,
}

impl<W: Write> RowWriter<W> {
    /// A writer of `format` into `out`.
    pub fn new(out: W, format: RowFormat) -> RowWriter<W> {
        let (csv, lines) = match format {
            RowFormat::Csv => (Some(csv::Writer::from_writer(out)), None),
            RowFormat::JsonLines => (None, Some(out)),
        };
        RowWriter { csv, lines, error: None, rows: 0 }
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) {
        if self.error.is_some() {
            return;
        }
        let written = match (&mut self.csv, &mut self.lines) {
            (Some(csv), _) => csv.serialize(row).map_err(io::Error::other),
            (None, Some(out)) => serde_json::to_writer(&mut *out, row)
                .map_err(io::Error::other)
                .and_then(|()| out.write_all(b"\n")),
            (None, None) => Ok(()),
        };
        match written {
            Ok(()) => self.rows += 1,
            Err(error) => self.error = Some(error),
        }
    }

    /// Flushes and returns the output and the number of rows, or the first error.
    pub fn finish(self) -> io::Result<(W, u64)> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let out = match (self.csv, self.lines) {
            (Some(csv), _) => csv.into_inner().map_err(|error| error.into_error())?,
            (None, Some(out)) => out,
            (None, None) => unreachable!("a writer has one of its outputs"),
        };
        Ok((out, self.rows))
    }
}

impl<W: Write> Observer for RowWriter<W> {
    fn chunk(&mut self, chunk: &Corpus, size: Size, runs: &[EngineRun<'_>]) {
        for row in rows(chunk, size, runs) {
            self.write(&row);
        }
    }
}

/// Reads the rows of a per-puzzle file (CSV or JSON lines, by its name).
pub fn read_rows(path: &Path) -> Result<Vec<Row>, String> {
    let failed = |error: &dyn std::fmt::Display| format!("{}: {error}", path.display());
    let file = std::fs::File::open(path).map_err(|error| failed(&error))?;
    let input = io::BufReader::new(file);
    match RowFormat::of(path) {
        RowFormat::Csv => csv::Reader::from_reader(input)
            .deserialize()
            .enumerate()
            .map(|(index, row)| row.map_err(|error| failed(&format!("row {}: {error}", index + 1))))
            .collect(),
        RowFormat::JsonLines => input
            .lines()
            .enumerate()
            .filter(|(_, line)| line.as_ref().is_ok_and(|line| !line.trim().is_empty()))
            .map(|(index, line)| {
                let line = line.map_err(|error| failed(&error))?;
                serde_json::from_str(&line)
                    .map_err(|error| failed(&format!("line {}: {error}", index + 1)))
            })
            .collect(),
    }
}

/// The most changed puzzles listed with their rows; the rest are counted.
pub const LISTED_CHANGES: usize = 20;

/// The most slower puzzles listed.
pub const LISTED_SLOWER: usize = 10;

/// A puzzle counts as slower only when it took at least this many µs more: below that, the
/// clock's noise decides.
pub const SLOWER_FLOOR_US: f64 = 10.0;

/// A puzzle and engine whose row changed, with both rows.
#[derive(Clone, PartialEq, Debug)]
pub struct Change {
    /// The earlier run's row.
    pub before: Row,
    /// This run's row.
    pub after: Row,
}

impl Change {
    /// How many times slower this run was.
    pub fn factor(&self) -> f64 {
        self.after.us / self.before.us.max(1e-3)
    }
}

/// Compares each row of this run with the same puzzle and engine's row of an earlier run.
pub struct PuzzleComparison {
    earlier: HashMap<(String, u64, String), Row>,
    /// Rows whose counters changed, the first [`LISTED_CHANGES`] of them.
    pub changed: Vec<Change>,
    /// Rows whose counters changed, all of them.
    pub changed_count: u64,
    /// The [`LISTED_SLOWER`] rows that got slower by the largest factor (by at least
    /// [`SLOWER_FLOOR_US`], both runs answering), slowest first.
    pub slower: Vec<Change>,
    /// Rows compared.
    pub compared: u64,
    /// Rows of this run the earlier run does not have.
    pub unmatched: u64,
}

impl PuzzleComparison {
    /// A comparison with the rows of an earlier run.
    pub fn new(earlier: Vec<Row>) -> PuzzleComparison {
        let earlier = earlier
            .into_iter()
            .map(|row| ((row.file.clone(), row.puzzle, row.engine.clone()), row))
            .collect();
        PuzzleComparison {
            earlier,
            changed: Vec::new(),
            changed_count: 0,
            slower: Vec::new(),
            compared: 0,
            unmatched: 0,
        }
    }

    /// Compares one row of this run.
    pub fn compare(&mut self, row: Row) {
        let key = (row.file.clone(), row.puzzle, row.engine.clone());
        let Some(before) = self.earlier.remove(&key) else {
            self.unmatched += 1;
            return;
        };
        self.compared += 1;
        let change = Change { before, after: row };
        if change.before.counters_differ(&change.after) {
            self.changed_count += 1;
            if self.changed.len() < LISTED_CHANGES {
                self.changed.push(change.clone());
            }
        }
        let answered = !change.before.gave_up() && !change.after.gave_up();
        if answered && change.after.us - change.before.us >= SLOWER_FLOOR_US {
            self.slower.push(change);
            self.slower.sort_by(|a, b| b.factor().total_cmp(&a.factor()));
            self.slower.truncate(LISTED_SLOWER);
        }
    }

    /// Rows of the earlier run this run did not have.
    pub fn not_run(&self) -> usize {
        self.earlier.len()
    }

    /// Writes the lists for people: the changed puzzles, then the slowest regressions.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let place = |row: &Row| {
            format!("{}: puzzle {}, line {}, {}", row.file, row.puzzle, row.line, row.engine)
        };
        writeln!(
            out,
            "Per puzzle: {} compared, {} with changed counters, {} not in the earlier run, {} of the earlier run not run",
            self.compared,
            self.changed_count,
            self.unmatched,
            self.not_run()
        )?;
        for change in &self.changed {
            let counters = |row: &Row| {
                format!(
                    "{} count {}, {} nodes, {} guesses",
                    row.verdict,
                    row.count,
                    row.nodes.map_or("-".to_owned(), |n| n.to_string()),
                    row.guesses.map_or("-".to_owned(), |n| n.to_string())
                )
            };
            writeln!(
                out,
                "  changed {}: {} -> {}",
                place(&change.after),
                counters(&change.before),
                counters(&change.after)
            )?;
        }
        if self.changed_count > self.changed.len() as u64 {
            writeln!(out, "  ... and {} more", self.changed_count - self.changed.len() as u64)?;
        }
        if !self.slower.is_empty() {
            writeln!(
                out,
                "Slowest regressions (shortest time over the passes, at least {SLOWER_FLOOR_US} µs more):"
            )?;
            for change in &self.slower {
                writeln!(
                    out,
                    "  {:.1}x {}: {:.1} -> {:.1} µs",
                    change.factor(),
                    place(&change.after),
                    change.before.us,
                    change.after.us
                )?;
            }
        }
        Ok(())
    }
}

impl Observer for PuzzleComparison {
    fn chunk(&mut self, chunk: &Corpus, size: Size, runs: &[EngineRun<'_>]) {
        for row in rows(chunk, size, runs) {
            self.compare(row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(puzzle: u64, engine: &str, us: f64, nodes: u64) -> Row {
        Row {
            file: "f.txt".into(),
            size: "9x9".into(),
            puzzle,
            line: puzzle + 1,
            engine: engine.into(),
            verdict: "solved".into(),
            count: "1".into(),
            us,
            nodes: Some(nodes),
            guesses: Some(0),
        }
    }

    #[test]
    fn rows_read_back_in_both_formats() {
        let rows = vec![
            row(1, "fast", 1.5, 3),
            Row { nodes: None, guesses: None, ..row(2, "sat", 80.0, 0) },
        ];
        for (name, format) in [("rows.csv", RowFormat::Csv), ("rows.jsonl", RowFormat::JsonLines)] {
            assert_eq!(RowFormat::of(Path::new(name)), format);
            let directory = tempfile::tempdir().unwrap();
            let path = directory.path().join(name);
            let mut writer = RowWriter::new(std::fs::File::create(&path).unwrap(), format);
            for row in &rows {
                writer.write(row);
            }
            let (_, written) = writer.finish().unwrap();
            assert_eq!(written, 2);
            assert_eq!(read_rows(&path).unwrap(), rows, "{name}");
        }
    }

    #[test]
    fn changed_counters_and_slower_puzzles_are_listed() {
        let mut comparison = PuzzleComparison::new(vec![
            row(1, "fast", 2.0, 5),
            row(2, "fast", 2.0, 5),
            row(3, "fast", 100.0, 5),
            row(4, "fast", 1.0, 5),
        ]);
        comparison.compare(row(1, "fast", 2.0, 5));
        comparison.compare(row(2, "fast", 2.0, 6));
        comparison.compare(row(3, "fast", 400.0, 5));
        comparison.compare(row(4, "fast", 5.0, 5));
        comparison.compare(row(9, "fast", 1.0, 5));
        assert_eq!(
            (comparison.compared, comparison.changed_count, comparison.unmatched),
            (4, 1, 1)
        );
        assert_eq!(comparison.changed[0].after.puzzle, 2);
        // Puzzle 4 is five times slower but by 4 µs only: noise.
        let slower: Vec<u64> = comparison.slower.iter().map(|change| change.after.puzzle).collect();
        assert_eq!(slower, [3]);
        let mut text = Vec::new();
        comparison.write(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("changed f.txt: puzzle 2, line 3, fast"), "{text}");
        assert!(text.contains("4.0x f.txt: puzzle 3, line 4, fast: 100.0 -> 400.0 µs"), "{text}");
    }
}
