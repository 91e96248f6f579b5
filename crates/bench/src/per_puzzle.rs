//! Per-puzzle results: one row per puzzle and engine, streamed to a file as each chunk is
//! measured, and compared with the rows of an earlier run.
//!
//! `sudoku bench --per-puzzle FILE` writes CSV, or JSON lines when the name ends in `.jsonl`
//! or `.ndjson`. A row holds the file, size, puzzle number and line, the engine, its verdict
//! (`solved`, `unsolvable`, `budget-out`, or for an engine that failed on the puzzle `crashed`,
//! `timed-out`, `protocol-error`), its count as the cross-check writes it (`0`, `1`, `2+`, `1+`
//! in mode first or for an engine that does not count, `0+?`/`1+?` at the budget, the
//! verdict itself for a failure), the time inside `solve` in µs (the shortest over the
//! sequential passes: with `--repeat 3`, a busy machine's hiccups stay out; for an engine timed
//! by its own word, the shortest it reported), the nodes and guesses (empty, or `null`, for
//! engines that count none), the message of a failure (empty, or `null`, for every other
//! row), and last the file's digest ([`Corpus::digest`]), by which `sudoku bench compare`
//! pairs the same puzzles under two names. A failed row has no time, nodes or guesses: empty, or `null`. Rows come chunk
//! by chunk, engine by engine within a chunk, so the file is in a fixed order for a given
//! input and engines; nothing is kept in memory.
//!
//! Files written before the `message` column (ten columns, no failure verdicts) or the
//! `digest` column (eleven) are still read back: their header names their columns, and a row
//! of ten is one that answered.
//!
//! Speed against the earlier rows is judged per file, size and engine with the paired
//! statistics of [`crate::stats`] ([`PuzzleComparison::speed`]).
//!
//! `sudoku bench --puzzle-baseline FILE` reads such a file from an earlier run and, as the new
//! rows come, lists the puzzles whose deterministic counters (verdict, count, nodes, guesses)
//! changed and the puzzles that got slower by the largest factor ([`PuzzleComparison`]). A
//! failure, in either run, is a changed verdict (`solved count 1, ... -> crashed: ...`), never
//! a slower puzzle: it has no time.
//!
//! That file is the user's, and untrusted: it may be huge, truncated, of another corpus, or no
//! such file at all. [`EarlierRows`] reads it a line at a time (at most [`MAX_ROW_LINE`] bytes
//! a line: a file of NUL bytes is refused at line 1 after reading that much), checks every
//! field of every row and refuses the first bad one by line and column. It keeps only the rows
//! of the run's files and engines, [`BYTES_PER_EARLIER_ROW`] bytes each in a sorted index (the
//! rows of a chunk cannot be met in file order when the engines or the chunking differ, so a
//! merge-join over the file is not possible), and counts the others. A file with no row of the
//! run's files and engines is refused, as `--baseline` refuses a baseline with nothing in
//! common; so is, unless allowed, one that covers only part of the run or holds more, and
//! after the run, one whose puzzles were not all compared ([`PuzzleComparison::not_compared`]).

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use sudoku_core::{FailureKind, Size, Verdict};

use crate::Observer;
use crate::corpus::Corpus;
use crate::measure::EngineRun;
use crate::output::{count, counted};
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

    /// Whether the engine gave up on the puzzle.
    pub fn gave_up(&self) -> bool {
        self.verdict == "budget-out"
    }

    /// Whether the engine failed on the puzzle.
    pub fn failed(&self) -> bool {
        FailureKind::from_name(&self.verdict).is_some()
    }
}

/// The rows of one chunk: every engine of `runs` on every puzzle of `chunk`, a file whose
/// digest is `digest`.
pub fn rows<'a>(
    chunk: &'a Corpus,
    size: Size,
    runs: &'a [EngineRun<'_>],
    digest: Option<&'a str>,
) -> impl Iterator<Item = Row> + 'a {
    let size = size_name(size);
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
                verdict: match verdict {
                    Verdict::GaveUp(_) => "budget-out",
                    Verdict::Exactly(0) => "unsolvable",
                    Verdict::Failed(kind) => kind.name(),
                    _ => "solved",
                }
                .to_owned(),
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

/// Writes every row it is shown; after the first write error it writes nothing more and keeps
/// the error for [`RowWriter::finish`].
pub struct RowWriter<W: Write> {
    /// The digest of the file being run.
    digest: Option<String>,
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
        RowWriter { digest: None, csv, lines, error: None, rows: 0 }
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
    fn file(&mut self, corpus: &Corpus) {
        self.digest = Some(corpus.digest());
    }

    fn chunk(&mut self, chunk: &Corpus, size: Size, runs: &[EngineRun<'_>]) {
        let digest = self.digest.take();
        for row in rows(chunk, size, runs, digest.as_deref()) {
            self.write(&row);
        }
        self.digest = digest;
    }
}

/// The longest line of a per-puzzle file read back, in bytes. A row is under two hundred bytes
/// besides its file name and a failure's message, a path is at most 4,096 bytes on Linux and a
/// message at most [`crate::report::MAX_FAILURE_MESSAGE`]; a longer line (a file of NUL bytes,
/// a binary file) is refused as soon as it passes this length, unread beyond it.
pub const MAX_ROW_LINE: usize = 8192;

/// The most puzzles of one file a per-puzzle file may number: puzzle numbers are kept in 40
/// bits of an earlier row's key.
pub const MAX_PUZZLE: u64 = (1 << PUZZLE_BITS) - 1;

/// The bits of an earlier row's key that hold the puzzle number; the others hold the file and
/// engine.
const PUZZLE_BITS: u32 = 40;

/// The most file-and-engine pairs a run may compare: the pair's number fills the key's other
/// 24 bits.
const MAX_PAIRS: usize = 1 << (64 - PUZZLE_BITS);

/// The bytes an earlier row costs in memory while the run compares with it: the rows of the
/// run's files and engines are kept in this compact form (40 bytes: puzzle, file and engine in
/// one key, the counters and the time), the others are only counted. Two million rows take
/// 80 MB.
pub const BYTES_PER_EARLIER_ROW: usize = std::mem::size_of::<Entry>();

/// The columns of a per-puzzle CSV file, in order (its header line).
pub const COLUMNS: [&str; 12] = [
    "file", "size", "puzzle", "line", "engine", "verdict", "count", "us", "nodes", "guesses",
    "message", "digest",
];

/// The columns of a per-puzzle CSV file written before failures were kept: all but `message`
/// and `digest`. Files of eleven columns, written before the digest was kept, are read too.
pub const OLD_COLUMNS: usize = 10;

/// The verdicts of a row: the answers, in the order of their code in an [`Entry`], then the
/// failures, in the order of [`FailureKind::ALL`] (an entry codes them as [`FAILED`], the
/// kind in its count).
const VERDICTS: [&str; 6] =
    ["solved", "unsolvable", "budget-out", "crashed", "timed-out", "protocol-error"];

/// The verdict code of a failure in an [`Entry`].
const FAILED: u8 = 3;

/// An earlier row as kept: 40 bytes, whatever the length of its names.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The pair's number above [`PUZZLE_BITS`], the puzzle's number below.
    pub(crate) key: u64,
    nodes: u64,
    guesses: u64,
    us: f64,
    /// The number of the count (`2` of `2+`); for a failure, its kind (an index of
    /// [`FailureKind::ALL`]).
    count: u32,
    /// The verdict (bits 0-1: an index of [`VERDICTS`], or [`FAILED`]), the count's form (bits
    /// 2-3: `n`, `n+`, `n+?`), whether nodes and guesses are counted (bits 4, 5), whether the
    /// run has compared it (bit 6). `us` is NaN for a failure, which has no time.
    flags: u8,
}

const NODES_COUNTED: u8 = 1 << 4;
const GUESSES_COUNTED: u8 = 1 << 5;
const MATCHED: u8 = 1 << 6;

/// The deterministic part of a row and its time, without its names: what an earlier row
/// keeps.
#[derive(Clone, PartialEq, Debug)]
pub struct Counters {
    /// `solved`, `unsolvable`, `budget-out`, `crashed`, `timed-out` or `protocol-error`.
    pub verdict: &'static str,
    /// The count, as the cross-check writes it.
    pub count: String,
    /// Time inside `solve`, µs (`None`: failed).
    pub us: Option<f64>,
    /// Search nodes (`None`: the engine counts none).
    pub nodes: Option<u64>,
    /// Guesses (`None`: the engine counts none).
    pub guesses: Option<u64>,
}

impl Counters {
    /// Whether the engine gave up on the puzzle.
    pub fn gave_up(&self) -> bool {
        self.verdict == "budget-out"
    }

    /// Whether the engine failed on the puzzle.
    pub fn failed(&self) -> bool {
        FailureKind::from_name(self.verdict).is_some()
    }

    /// The counters for people: `solved count 1, 12 nodes, 3 guesses`, or the failure's kind.
    pub(crate) fn describe(&self) -> String {
        if self.failed() {
            return self.verdict.to_owned();
        }
        let number = |n: Option<u64>, one: &str, many: &str| {
            n.map_or_else(|| format!("- {many}"), |n| counted(n, one, many))
        };
        format!(
            "{} count {}, {}, {}",
            self.verdict,
            self.count,
            number(self.nodes, "node", "nodes"),
            number(self.guesses, "guess", "guesses")
        )
    }
}

impl Entry {
    pub(crate) fn counters(&self) -> Counters {
        let verdict = match self.flags & 3 {
            FAILED => VERDICTS[3 + (self.count as usize).min(2)],
            code => VERDICTS[usize::from(code)],
        };
        let count = match (self.flags >> 2) & 3 {
            _ if self.flags & 3 == FAILED => verdict.to_owned(),
            0 => self.count.to_string(),
            1 => format!("{}+", self.count),
            _ => format!("{}+?", self.count),
        };
        Counters {
            verdict,
            count,
            us: (!self.us.is_nan()).then_some(self.us),
            nodes: (self.flags & NODES_COUNTED != 0).then_some(self.nodes),
            guesses: (self.flags & GUESSES_COUNTED != 0).then_some(self.guesses),
        }
    }

    /// The flags without the matched bit: equal flags, count, nodes and guesses are equal
    /// counters.
    pub(crate) fn same_counters(&self, other: &Entry) -> bool {
        (self.flags & !MATCHED, self.count, self.nodes, self.guesses)
            == (other.flags & !MATCHED, other.count, other.nodes, other.guesses)
    }

    /// Whether two rows give the same verdict and count, whatever their nodes and guesses: the
    /// counters two different engines share.
    pub(crate) fn same_answer(&self, other: &Entry) -> bool {
        (self.flags & 0xf, self.count) == (other.flags & 0xf, other.count)
    }

    /// The time of an answer (a solution count, not a budget-out or a failure), µs.
    pub(crate) fn answer_time(&self) -> Option<f64> {
        (self.flags & 3 < 2).then_some(self.us)
    }
}

/// A row's fields as read, before they are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRow<'a> {
    #[serde(borrow)]
    pub(crate) file: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    pub(crate) size: std::borrow::Cow<'a, str>,
    pub(crate) puzzle: u64,
    pub(crate) line: u64,
    #[serde(borrow)]
    pub(crate) engine: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    pub(crate) verdict: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    pub(crate) count: std::borrow::Cow<'a, str>,
    pub(crate) us: Option<f64>,
    pub(crate) nodes: Option<u64>,
    pub(crate) guesses: Option<u64>,
    #[serde(borrow, default)]
    pub(crate) message: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow, default)]
    pub(crate) digest: Option<std::borrow::Cow<'a, str>>,
}

/// What is wrong with a row: the column (an index of [`COLUMNS`]) and the problem.
type FieldError = (usize, String);

/// Checks a row's fields and encodes its counters; the key is left for the caller.
fn entry_of(row: &RawRow<'_>) -> Result<Entry, FieldError> {
    let field = |name: &str| COLUMNS.iter().position(|column| *column == name).unwrap_or(0);
    let bad = |name: &str, problem: String| Err((field(name), problem));
    if row.file.is_empty() {
        return bad("file", "the file is empty".to_owned());
    }
    if row.size.parse::<Size>().is_err() {
        return bad("size", format!("'{}' is not a grid size such as 9x9", row.size));
    }
    if !(1..=MAX_PUZZLE).contains(&row.puzzle) {
        return bad("puzzle", format!("puzzle {} is not from 1 to {MAX_PUZZLE}", row.puzzle));
    }
    if row.line == 0 {
        return bad("line", "line 0: lines count from 1".to_owned());
    }
    if row.engine.is_empty() {
        return bad("engine", "the engine is empty".to_owned());
    }
    if let Some(digest) = &row.digest
        && (digest.len() != 16
            || !digest.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
    {
        return bad("digest", format!("'{digest}' is not a digest of 16 hex digits"));
    }
    let Some(verdict) = VERDICTS.iter().position(|verdict| *verdict == row.verdict) else {
        return bad(
            "verdict",
            format!("'{}' is not a verdict ({})", row.verdict, VERDICTS.join(", ")),
        );
    };
    if let Some(kind) = verdict.checked_sub(usize::from(FAILED)) {
        // A failure: no count but its name, no time, nodes or guesses, and why.
        if row.count != row.verdict {
            return bad(
                "count",
                format!("count {} contradicts verdict {}", row.count, row.verdict),
            );
        }
        if let Some(us) = row.us {
            return bad("us", format!("{us} µs for a puzzle the engine failed on"));
        }
        if row.nodes.is_some() || row.guesses.is_some() {
            return bad("nodes", "nodes or guesses for a puzzle the engine failed on".to_owned());
        }
        let Some(message) = &row.message else {
            return bad("message", "no message for a failure".to_owned());
        };
        if !crate::report::is_failure_message(message) {
            return bad(
                "message",
                format!(
                    "longer than {} bytes or not on one line",
                    crate::report::MAX_FAILURE_MESSAGE
                ),
            );
        }
        return Ok(Entry {
            key: row.puzzle,
            nodes: 0,
            guesses: 0,
            us: f64::NAN,
            count: kind as u32,
            flags: FAILED,
        });
    }
    if row.message.is_some() {
        return bad("message", format!("a message for a puzzle {}", row.verdict));
    }
    let Some(us) = row.us else {
        return bad("us", format!("no time for a puzzle {}", row.verdict));
    };
    let Some((count, form)) = parse_count(&row.count) else {
        return bad("count", format!("'{}' is not a count such as 0, 1, 2+ or 1+?", row.count));
    };
    // The verdict follows from the count (see `rows`): a row where they disagree was not
    // written by a run.
    let consistent = match verdict {
        0 => count >= 1 && form < 2,
        1 => count == 0 && form == 0,
        _ => form == 2,
    };
    if !consistent {
        return bad("count", format!("count {} contradicts verdict {}", row.count, row.verdict));
    }
    // Every time a run keeps is above zero (a solve takes 1 ns at least): a time of 0 or
    // less was not written by a run, and as a ratio's side it would make anything "faster".
    if !us.is_finite() || us <= 0.0 {
        return bad("us", format!("{us} is not a solve time in µs (above 0)"));
    }
    let flags = verdict as u8
        | form << 2
        | if row.nodes.is_some() { NODES_COUNTED } else { 0 }
        | if row.guesses.is_some() { GUESSES_COUNTED } else { 0 };
    Ok(Entry {
        key: row.puzzle,
        nodes: row.nodes.unwrap_or(0),
        guesses: row.guesses.unwrap_or(0),
        us,
        count,
        flags,
    })
}

/// A count as [`Verdict`] writes it: `n` (form 0), `n+` (1) or `n+?` (2).
fn parse_count(text: &str) -> Option<(u32, u8)> {
    let (digits, form) = match text.strip_suffix("+?") {
        Some(digits) => (digits, 2),
        None => match text.strip_suffix('+') {
            Some(digits) => (digits, 1),
            None => (text, 0),
        },
    };
    let plain = !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit());
    Some((digits.parse().ok().filter(|_| plain)?, form))
}

/// The earlier rows of a `--puzzle-baseline` file that concern this run, in compact form.
pub struct EarlierRows {
    /// The file as named.
    file: String,
    /// The run's files and engines: `file -> engine -> pair number`.
    pair_numbers: HashMap<String, HashMap<String, u32>>,
    /// The pairs by number, `(file, engine)`.
    pairs: Vec<(String, String)>,
    /// The rows of each pair.
    rows_of_pair: Vec<u64>,
    /// The rows of the run's pairs, sorted by key.
    entries: Vec<Entry>,
    /// Rows of files or engines outside the run: counted, not kept.
    outside: u64,
    /// The first few of those, as `engine on file`.
    outside_examples: Vec<String>,
}

/// Pairs named in a message before the rest are counted.
const NAMED_PAIRS: usize = 5;

impl EarlierRows {
    /// Reads the per-puzzle file at `path` (CSV, or JSON lines by its name), keeping the rows of
    /// `pairs`, the run's `(file, engine)` pairs, in [`BYTES_PER_EARLIER_ROW`] bytes each, and
    /// counting the others. Every line is checked; the first bad one ends the reading with a
    /// message naming the file, the line and the column. A file without rows is refused.
    pub fn read(path: &Path, pairs: &[(&str, &str)]) -> Result<EarlierRows, String> {
        let file =
            std::fs::File::open(path).map_err(|error| format!("{}: {error}", path.display()))?;
        let input = io::BufReader::with_capacity(1 << 16, file);
        EarlierRows::read_from(input, &path.display().to_string(), RowFormat::of(path), pairs)
    }

    /// Reads per-puzzle rows in `format` from `input`, naming it `name` in messages (see
    /// [`EarlierRows::read`]).
    pub fn read_from(
        input: impl BufRead,
        name: &str,
        format: RowFormat,
        pairs: &[(&str, &str)],
    ) -> Result<EarlierRows, String> {
        let mut earlier = EarlierRows {
            file: name.to_owned(),
            pair_numbers: HashMap::new(),
            pairs: Vec::new(),
            rows_of_pair: Vec::new(),
            entries: Vec::new(),
            outside: 0,
            outside_examples: Vec::new(),
        };
        for &(file, engine) in pairs.iter().take(MAX_PAIRS) {
            let engines = earlier.pair_numbers.entry(file.to_owned()).or_default();
            if !engines.contains_key(engine) {
                engines.insert(engine.to_owned(), earlier.pairs.len() as u32);
                earlier.pairs.push((file.to_owned(), engine.to_owned()));
            }
        }
        earlier.rows_of_pair = vec![0; earlier.pairs.len()];
        read_rows(input, name, format, |row, entry| earlier.keep(row, entry))?;
        earlier.entries.sort_unstable_by_key(|entry| entry.key);
        earlier.entries.shrink_to_fit();
        if let Some(pair) = earlier.entries.windows(2).find(|pair| pair[0].key == pair[1].key) {
            let (file, engine) = earlier.pair_of(pair[0].key);
            return Err(format!(
                "{name}: two rows for puzzle {} of {file} by {engine}: a per-puzzle file has one \
                 row per puzzle and engine",
                pair[0].key & MAX_PUZZLE
            ));
        }
        Ok(earlier)
    }

    /// Keeps `entry` when its file and engine are in the run, counts it otherwise.
    fn keep(&mut self, row: &RawRow<'_>, mut entry: Entry) {
        let number = self
            .pair_numbers
            .get(row.file.as_ref())
            .and_then(|engines| engines.get(row.engine.as_ref()));
        match number {
            Some(&number) => {
                entry.key |= u64::from(number) << PUZZLE_BITS;
                self.rows_of_pair[number as usize] += 1;
                self.entries.push(entry);
            }
            None => {
                self.outside += 1;
                let example = format!("{} on {}", row.engine, row.file);
                if self.outside_examples.len() < NAMED_PAIRS
                    && !self.outside_examples.contains(&example)
                {
                    self.outside_examples.push(example);
                }
            }
        }
    }

    /// The file and engine of a key.
    fn pair_of(&self, key: u64) -> (&str, &str) {
        let (file, engine) = &self.pairs[(key >> PUZZLE_BITS) as usize];
        (file, engine)
    }

    /// The rows kept: those of the run's files and engines.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no row concerns the run.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Refuses, before the run, a file with no row of the run's files and engines (the gate
    /// would compare nothing), and, unless `allow_partial`, one that lacks a pair of the run or
    /// holds rows of files or engines outside it: as `--baseline` does
    /// ([`crate::baseline::check_coverage`]).
    pub fn check_coverage(&self, allow_partial: bool) -> Result<(), String> {
        let name = &self.file;
        if self.entries.is_empty() {
            let held = if self.outside_examples.is_empty() {
                String::new()
            } else {
                let more =
                    if self.outside as usize > self.outside_examples.len() { ", ..." } else { "" };
                format!(": it holds {}{more}", self.outside_examples.join(", "))
            };
            return Err(format!(
                "{name} has no row of a file and engine of this run, so nothing would be \
                 compared{held}"
            ));
        }
        if allow_partial {
            return Ok(());
        }
        let mut missing: Vec<String> = self
            .pairs
            .iter()
            .zip(&self.rows_of_pair)
            .filter(|(_, rows)| **rows == 0)
            .map(|((file, engine), _)| format!("{engine} on {file} (only in the run)"))
            .collect();
        let unnamed = missing.len().saturating_sub(NAMED_PAIRS);
        missing.truncate(NAMED_PAIRS);
        if unnamed > 0 {
            missing.push(format!("{} more", counted(unnamed as u64, "pair", "pairs")));
        }
        if self.outside > 0 {
            missing.push(format!(
                "{} of other files or engines such as {} (only in the baseline)",
                counted(self.outside, "row", "rows"),
                self.outside_examples.join(", ")
            ));
        }
        if missing.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{name} does not cover this run: not compared: {} (add --allow-partial-baseline if \
             that is expected)",
            missing.join(", ")
        ))
    }
}

/// Reads per-puzzle rows in `format` from `input`, naming it `name` in messages, and shows
/// each to `visit` with its counters encoded. Every line is checked; the first bad one ends the
/// reading with a message naming the file, the line and the column. A file without rows is
/// refused. Returns the number of rows.
pub(crate) fn read_rows(
    mut input: impl BufRead,
    name: &str,
    format: RowFormat,
    mut visit: impl FnMut(&RawRow<'_>, Entry),
) -> Result<u64, String> {
    let at = |line: u64, column: usize, problem: &dyn std::fmt::Display| {
        format!("{name}: line {line}, column {column}: {problem}")
    };
    let mut buffer = Vec::with_capacity(MAX_ROW_LINE);
    let mut number = 0u64;
    let mut header_seen = format == RowFormat::JsonLines;
    // The columns of the CSV file's rows: all, or all but `message` in an older file.
    let mut width = COLUMNS.len();
    let mut rows = 0u64;
    // Made once: building its tables costs more than reading a line.
    let mut csv = csv_core::Reader::new();
    loop {
        let read =
            read_line(&mut input, &mut buffer).map_err(|error| format!("{name}: {error}"))?;
        let Some(complete) = read else { break };
        number += 1;
        let line = checked_text(&buffer, complete)
            .map_err(|(column, problem)| at(number, column, &problem))?;
        if line.trim().is_empty() {
            continue;
        }
        // The fields of a CSV line, which its row borrows.
        let (fields, columns);
        let parsed = match format {
            RowFormat::JsonLines => json_row(line).map(|row| (row, None)),
            RowFormat::Csv => {
                (fields, columns) = csv_fields(&mut csv, line);
                if !header_seen {
                    header_seen = true;
                    width = fields.len();
                    let named = fields.iter().map(String::as_str);
                    if !(OLD_COLUMNS..=COLUMNS.len()).contains(&width)
                        || named.ne(COLUMNS[..width].iter().copied())
                    {
                        return Err(at(
                            number,
                            1,
                            &format!("not the header of a per-puzzle file ({})", COLUMNS.join(",")),
                        ));
                    }
                    continue;
                }
                csv_row(&fields, &columns, line.chars().count(), width)
                    .map(|(row, columns)| (row, Some(columns)))
            }
        };
        let (row, columns) = parsed.map_err(|(column, problem)| at(number, column, &problem))?;
        let entry = entry_of(&row).map_err(|(field, problem)| {
            let column = columns.map_or_else(|| json_column(line, field), |c| c[field]);
            at(number, column, &problem)
        })?;
        rows += 1;
        visit(&row, entry);
    }
    if rows == 0 {
        let what = if number == 0 { "empty" } else { "no rows" };
        return Err(format!(
            "{name}: {what}: not a per-puzzle file of an earlier run (--per-puzzle)"
        ));
    }
    Ok(rows)
}

/// Reads one line of `input` into `buffer`, without its end: `Some(true)` for a whole line,
/// `Some(false)` for one cut at [`MAX_ROW_LINE`] bytes (nothing more of it is read), `None` at
/// the end of the input.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buffer.clear();
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok((!buffer.is_empty()).then_some(true));
        }
        let room = MAX_ROW_LINE - buffer.len();
        let (taken, ended) = match available.iter().take(room).position(|&byte| byte == b'\n') {
            Some(end) => (end, true),
            None => (available.len().min(room), false),
        };
        buffer.extend_from_slice(&available[..taken]);
        input.consume(taken + usize::from(ended));
        if ended {
            return Ok(Some(true));
        }
        if buffer.len() == MAX_ROW_LINE {
            return Ok(Some(false));
        }
    }
}

/// The line as text, or the column (counted in characters from 1) and the problem: a control
/// character, bytes that are not UTF-8, or a line cut at [`MAX_ROW_LINE`] bytes.
fn checked_text(bytes: &[u8], complete: bool) -> Result<&str, (usize, String)> {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let valid = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        // A line cut inside a character is judged on the characters before it.
        Err(error) if !complete && error.error_len().is_none() => {
            std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default()
        }
        Err(error) => {
            let column = String::from_utf8_lossy(&bytes[..error.valid_up_to()]).chars().count() + 1;
            return Err((column, "bytes that are not UTF-8 text".to_owned()));
        }
    };
    if let Some((index, character)) =
        valid.chars().enumerate().find(|(_, c)| c.is_control() && *c != '\t')
    {
        return Err((
            index + 1,
            format!("control character U+{:04X}: not a per-puzzle file", u32::from(character)),
        ));
    }
    if !complete {
        return Err((
            MAX_ROW_LINE,
            format!("the line is longer than {MAX_ROW_LINE} bytes: not a per-puzzle file"),
        ));
    }
    Ok(valid)
}

/// A JSON line's row, or where and why it is not one.
fn json_row(line: &str) -> Result<RawRow<'_>, FieldError> {
    serde_json::from_str(line).map_err(|error| {
        let message = error.to_string();
        let place = format!(" at line {} column {}", error.line(), error.column());
        let message = message.strip_suffix(&place).unwrap_or(&message).to_owned();
        // serde_json counts bytes from 1; a column here counts characters.
        let byte = error.column().saturating_sub(1);
        (line.char_indices().take_while(|&(at, _)| at < byte).count() + 1, message)
    })
}

/// The column of field `field` (an index of [`COLUMNS`]) in a JSON line: that of its key, or
/// 1 when a forged line hides it. Sought only for a message.
fn json_column(line: &str, field: usize) -> usize {
    let key = format!("\"{}\"", COLUMNS[field]);
    line.find(&key).map_or(1, |at| line[..at].chars().count() + 1)
}

/// The fields of a CSV line, read by `reader`, and the column each starts at.
fn csv_fields(reader: &mut csv_core::Reader, line: &str) -> (Vec<String>, Vec<usize>) {
    reader.reset();
    // Columns count characters; in an ASCII line they are the byte offsets.
    let ascii = line.is_ascii();
    let column =
        |offset: usize| if ascii { offset + 1 } else { line[..offset].chars().count() + 1 };
    let mut input = line.as_bytes();
    let mut consumed = 0;
    let mut output = vec![0u8; line.len() + 1];
    let (mut fields, mut columns) = (Vec::new(), Vec::new());
    let mut start = 0;
    let mut written = 0;
    loop {
        let (result, read, wrote) = reader.read_field(input, &mut output[written..]);
        input = &input[read..];
        consumed += read;
        written += wrote;
        match result {
            csv_core::ReadFieldResult::InputEmpty if !input.is_empty() => continue,
            csv_core::ReadFieldResult::InputEmpty => {
                // The whole line is in: an empty input says it ends here.
                let (result, _, wrote) = reader.read_field(&[], &mut output[written..]);
                written += wrote;
                if matches!(result, csv_core::ReadFieldResult::Field { .. }) {
                    fields.push(String::from_utf8_lossy(&output[..written]).into_owned());
                    columns.push(column(start));
                }
                break;
            }
            csv_core::ReadFieldResult::Field { record_end } => {
                fields.push(String::from_utf8_lossy(&output[..written]).into_owned());
                columns.push(column(start));
                written = 0;
                start = consumed;
                if record_end {
                    break;
                }
            }
            // The output holds the whole line, and a line is one record.
            csv_core::ReadFieldResult::OutputFull | csv_core::ReadFieldResult::End => break,
        }
    }
    (fields, columns)
}

/// A CSV line's row (of `length` characters) in a file of `width` columns (all of [`COLUMNS`],
/// or [`OLD_COLUMNS`]), and the column of each of its fields (a field the file lacks, just
/// past the line's end).
fn csv_row<'a>(
    fields: &'a [String],
    columns: &[usize],
    length: usize,
    width: usize,
) -> Result<(RawRow<'a>, [usize; COLUMNS.len()]), FieldError> {
    if fields.len() != width {
        // The first field too many, or the end of a line that has too few.
        let column = columns.get(width).copied().unwrap_or(length + 1);
        return Err((
            column,
            format!("{} where a row has {width}", counted(fields.len() as u64, "field", "fields"),),
        ));
    }
    let columns: [usize; COLUMNS.len()] =
        std::array::from_fn(|index| columns.get(index).copied().unwrap_or(length + 1));
    let number = |index: usize| -> Result<u64, FieldError> {
        fields[index].parse().map_err(|_| {
            (
                columns[index],
                format!("{} '{}' is not a whole number", COLUMNS[index], fields[index]),
            )
        })
    };
    let counter = |index: usize| -> Result<Option<u64>, FieldError> {
        if fields[index].is_empty() { Ok(None) } else { number(index).map(Some) }
    };
    let us = match fields[7].as_str() {
        "" => None,
        text => Some(
            text.parse::<f64>()
                .map_err(|_| (columns[7], format!("us '{}' is not a number", fields[7])))?,
        ),
    };
    let text_of = |field: &'a String| std::borrow::Cow::Borrowed(field.as_str());
    let text = |index: usize| text_of(&fields[index]);
    let row = RawRow {
        file: text(0),
        size: text(1),
        puzzle: number(2)?,
        line: number(3)?,
        engine: text(4),
        verdict: text(5),
        count: text(6),
        us,
        nodes: counter(8)?,
        guesses: counter(9)?,
        message: fields.get(10).filter(|message| !message.is_empty()).map(text_of),
        digest: fields.get(11).filter(|digest| !digest.is_empty()).map(text_of),
    };
    Ok((row, columns))
}

/// The most changed puzzles listed with their rows; the rest are counted.
pub const LISTED_CHANGES: usize = 20;

/// The most slower puzzles listed.
pub const LISTED_SLOWER: usize = 10;

/// A puzzle counts as slower only when it took at least this many µs more: below that, the
/// clock's noise decides.
pub const SLOWER_FLOOR_US: f64 = 10.0;

/// A puzzle and engine whose row changed: the earlier counters and this run's row.
#[derive(Clone, PartialEq, Debug)]
pub struct Change {
    /// The earlier run's counters and time.
    pub before: Counters,
    /// This run's row.
    pub after: Row,
}

impl Change {
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
        let earlier = &mut self.earlier;
        let number = earlier
            .pair_numbers
            .get(&row.file)
            .and_then(|engines| engines.get(&row.engine))
            .filter(|_| row.puzzle <= MAX_PUZZLE);
        let found = number.and_then(|&number| {
            let key = u64::from(number) << PUZZLE_BITS | row.puzzle;
            let index = earlier.entries.binary_search_by_key(&key, |entry| entry.key).ok()?;
            let entry = &mut earlier.entries[index];
            (entry.flags & MATCHED == 0).then(|| {
                entry.flags |= MATCHED;
                *entry
            })
        });
        let Some(before) = found else {
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
        let change = Change { before: before.counters(), after: row };
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
        self.earlier.entries.iter().filter(|entry| entry.flags & MATCHED == 0).count() as u64
    }

    /// Puzzles of either run the other does not have (of this run's files and engines): the
    /// gate compared fewer than it was asked to.
    pub fn not_compared(&self) -> u64 {
        self.unmatched + self.not_run()
    }

    /// Writes the lists for people: the changed puzzles, then the slowest regressions.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        let place = |row: &Row| {
            format!("{}: puzzle {}, line {}, {}", row.file, row.puzzle, row.line, row.engine)
        };
        write!(
            out,
            "Per puzzle: {} compared, {} with changed counters, {} not in the earlier run, {} of \
             the earlier run not run",
            count(self.compared),
            count(self.changed_count),
            count(self.unmatched),
            count(self.not_run())
        )?;
        if self.earlier.outside > 0 {
            write!(
                out,
                ", {} of other files or engines left out",
                counted(self.earlier.outside, "row", "rows")
            )?;
        }
        writeln!(out)?;
        for change in &self.changed {
            let after = Counters {
                verdict: VERDICTS
                    .iter()
                    .find(|v| **v == change.after.verdict)
                    .copied()
                    .unwrap_or("?"),
                count: change.after.count.clone(),
                us: change.after.us,
                nodes: change.after.nodes,
                guesses: change.after.guesses,
            };
            let mut now = after.describe();
            if let Some(message) = change.after.message.as_ref().filter(|_| after.failed()) {
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
                    change.before.us.unwrap_or(0.0),
                    change.after.us.unwrap_or(0.0)
                )?;
            }
        }
        Ok(())
    }
}

impl Observer for PuzzleComparison {
    fn chunk(&mut self, chunk: &Corpus, size: Size, runs: &[EngineRun<'_>]) {
        for row in rows(chunk, size, runs, None) {
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
            us: Some(us),
            nodes: Some(nodes),
            guesses: Some(0),
            message: None,
            digest: Some("00000000000000ff".into()),
        }
    }

    /// The run of the tests' rows: engines fast and sat on f.txt.
    const PAIRS: [(&str, &str); 2] = [("f.txt", "fast"), ("f.txt", "sat")];

    fn earlier(text: &str, format: RowFormat) -> Result<EarlierRows, String> {
        EarlierRows::read_from(text.as_bytes(), "earlier.csv", format, &PAIRS)
    }

    fn csv_of(rows: &[Row]) -> String {
        let mut writer = RowWriter::new(Vec::new(), RowFormat::Csv);
        for row in rows {
            writer.write(row);
        }
        String::from_utf8(writer.finish().unwrap().0).unwrap()
    }

    #[test]
    fn rows_read_back_in_both_formats() {
        let rows = vec![
            row(1, "fast", 1.5, 3),
            Row { nodes: None, guesses: None, ..row(2, "sat", 80.0, 0) },
            Row { file: "a, \"b\".txt".into(), ..row(3, "fast", 1.0, 1) },
        ];
        let pairs = [("f.txt", "fast"), ("f.txt", "sat"), ("a, \"b\".txt", "fast")];
        for (name, format) in [("rows.csv", RowFormat::Csv), ("rows.jsonl", RowFormat::JsonLines)] {
            assert_eq!(RowFormat::of(Path::new(name)), format);
            let directory = tempfile::tempdir().unwrap();
            let path = directory.path().join(name);
            let mut writer = RowWriter::new(std::fs::File::create(&path).unwrap(), format);
            for row in &rows {
                writer.write(row);
            }
            let (_, written) = writer.finish().unwrap();
            assert_eq!(written, 3);
            let earlier = EarlierRows::read(&path, &pairs).unwrap();
            assert_eq!(earlier.len(), 3, "{name}");
            earlier.check_coverage(false).unwrap();
            let mut comparison = PuzzleComparison::new(earlier);
            for row in &rows {
                comparison.compare(row.clone());
            }
            assert_eq!(
                (comparison.compared, comparison.changed_count, comparison.not_compared()),
                (3, 0, 0),
                "{name}"
            );
        }
    }

    #[test]
    fn an_earlier_row_costs_forty_bytes_whatever_its_names() {
        // The bound the help states: the rows of two million puzzles in 80 MB.
        assert_eq!(BYTES_PER_EARLIER_ROW, 40);
        let long = Row { file: "f".repeat(4000), ..row(1, "fast", 1.0, 1) };
        let earlier = EarlierRows::read_from(
            csv_of(std::slice::from_ref(&long)).as_bytes(),
            "e.csv",
            RowFormat::Csv,
            &[(long.file.as_str(), "fast")],
        )
        .unwrap();
        assert_eq!(earlier.len(), 1);
        assert_eq!(earlier.pairs.len(), 1, "names are kept once per pair of the run");
    }

    #[test]
    fn nul_bytes_are_refused_at_the_first_line_without_reading_on() {
        // 4 GiB of NUL bytes, never held: the reader stops at the first line's limit.
        for format in [RowFormat::Csv, RowFormat::JsonLines] {
            let nul = io::BufReader::new(io::Read::take(io::repeat(0), 1 << 32));
            let error = EarlierRows::read_from(nul, "nul.csv", format, &PAIRS);
            let error = error.err().unwrap();
            assert!(
                error.starts_with("nul.csv: line 1, column 1: control character U+0000"),
                "{error}"
            );
        }
        let long = format!("{}\n", "x".repeat(MAX_ROW_LINE + 10));
        let error = earlier(&long, RowFormat::JsonLines).err().unwrap();
        assert!(error.contains(&format!("longer than {MAX_ROW_LINE} bytes")), "{error}");
        let error = earlier("file,size\n\u{7f}\n", RowFormat::Csv).err().unwrap();
        assert!(error.starts_with("earlier.csv: line 1, column 1: not the header"), "{error}");
        let error = earlier(&format!("{}\nf.txt,\u{1b}\n", COLUMNS.join(",")), RowFormat::Csv);
        assert!(
            error.err().unwrap().starts_with("earlier.csv: line 2, column 7: control character")
        );
        let latin1 = [COLUMNS.join(",").as_bytes(), b"\nf\xe9.txt\n"].concat();
        let error = EarlierRows::read_from(&latin1[..], "l.csv", RowFormat::Csv, &PAIRS);
        assert_eq!(error.err().unwrap(), "l.csv: line 2, column 2: bytes that are not UTF-8 text");
    }

    #[test]
    fn files_without_rows_are_refused() {
        let empty = earlier("", RowFormat::Csv).err().unwrap();
        assert!(empty.starts_with("earlier.csv: empty:"), "{empty}");
        let blank = earlier("\n\n", RowFormat::JsonLines).err().unwrap();
        assert!(blank.starts_with("earlier.csv: no rows:"), "{blank}");
        let header = earlier(&format!("{}\n", COLUMNS.join(",")), RowFormat::Csv).err().unwrap();
        assert!(header.starts_with("earlier.csv: no rows:"), "{header}");
    }

    #[test]
    fn a_bad_row_is_named_by_line_and_column() {
        // A file of ten columns, as written before failures were kept, is read as it was.
        let good = format!("{}\nf.txt,9x9,1,2,fast,solved,1,1.0,1,0\n", COLUMNS[..10].join(","));
        earlier(&good, RowFormat::Csv).unwrap();
        let cases = [
            ("f.txt,9x9,2,3,fast,solved,x,1.0,1,0", 27, "'x' is not a count"),
            ("f.txt,9x9,2,3,fast,solved,0,1.0,1,0", 27, "count 0 contradicts verdict solved"),
            ("f.txt,9x9,2,3,fast,done,1,1.0,1,0", 20, "'done' is not a verdict"),
            ("f.txt,10x10,2,3,fast,solved,1,1.0,1,0", 7, "'10x10' is not a grid size"),
            ("f.txt,9x9,0,3,fast,solved,1,1.0,1,0", 11, "puzzle 0 is not from 1"),
            ("f.txt,9x9,2,3,fast,solved,1,-1,1,0", 29, "-1 is not a solve time"),
            ("f.txt,9x9,2,3,fast,solved,1,0,1,0", 29, "0 is not a solve time in µs (above 0)"),
            ("f.txt,9x9,2,3,fast,solved,1,0.0,1,0", 29, "0 is not a solve time"),
            ("f.txt,9x9,2,3,fast,solved,1,1.0,many,0", 33, "nodes 'many' is not a whole number"),
            ("f.txt,9x9,2,3,fast,solved,1,1.0,1", 34, "9 fields where a row has 10"),
            ("\"f.txt\",9x9,2,3,fast,solved,1,1.0,1,0,extra", 39, "11 fields"),
        ];
        for (line, column, problem) in cases {
            let error = earlier(&format!("{good}\n{line}\n"), RowFormat::Csv).err().unwrap();
            let place = format!("earlier.csv: line 4, column {column}: ");
            assert!(error.starts_with(&place) && error.contains(problem), "{line}: {error}");
        }
        let good = csv_of(&[row(1, "fast", 1.0, 1)]);
        let failed = "f.txt,9x9,2,3,fast,crashed,crashed,,,,exit status 1,";
        assert_eq!(earlier(&format!("{good}{failed}\n"), RowFormat::Csv).unwrap().len(), 2);
        let cases = [
            ("f.txt,9x9,2,3,fast,crashed,crashed,5.0,,,boom,", 36, "5 µs for a puzzle the engine"),
            ("f.txt,9x9,2,3,fast,crashed,crashed,,,,,", 39, "no message for a failure"),
            ("f.txt,9x9,2,3,fast,solved,1,1.0,1,0,hello,", 37, "a message for a puzzle solved"),
            ("f.txt,9x9,2,3,fast,crashed,1,,,,boom,", 28, "count 1 contradicts verdict crashed"),
            ("f.txt,9x9,2,3,fast,solved,1,,1,0,,", 29, "no time for a puzzle solved"),
            ("f.txt,9x9,2,3,fast,timed-out,timed-out,,3,,slow,", 41, "nodes or guesses"),
            ("f.txt,9x9,2,3,fast,solved,1,1.0,1", 34, "9 fields where a row has 12"),
            ("\"f.txt\",9x9,2,3,fast,solved,1,1.0,1,0,,,extra", 41, "13 fields"),
            ("f.txt,9x9,2,3,fast,solved,1,1.0,1,0,,00ff", 38, "'00ff' is not a digest"),
        ];
        for (line, column, problem) in cases {
            let error = earlier(&format!("{good}\n{line}\n"), RowFormat::Csv).err().unwrap();
            let place = format!("earlier.csv: line 4, column {column}: ");
            assert!(error.starts_with(&place) && error.contains(problem), "{line}: {error}");
        }
        // A file of eleven columns, written before the digest was kept, is read too.
        let eleven = format!("{}\nf.txt,9x9,1,2,fast,solved,1,1.0,1,0,\n", COLUMNS[..11].join(","));
        earlier(&eleven, RowFormat::Csv).unwrap();
        let json = r#"{"file":"f.txt","size":"9x9","puzzle":1,"line":2,"engine":"fast","verdict":"solved","count":"1+?","us":1.0,"nodes":1,"guesses":0}"#;
        let error = earlier(json, RowFormat::JsonLines).err().unwrap();
        assert!(
            error.starts_with("earlier.csv: line 1, column 85: count 1+? contradicts"),
            "{error}"
        );
        let error = earlier("{\"file\":\"f.txt\",\"size\":9}", RowFormat::JsonLines).err().unwrap();
        assert!(error.starts_with("earlier.csv: line 1, column 24: invalid type"), "{error}");
        assert!(!error.contains("at line 1 column"), "{error}");
        // Columns count characters, never cutting one.
        let error = earlier("{\"file\":\"é€\",\"size\":9}", RowFormat::JsonLines).err().unwrap();
        assert!(error.starts_with("earlier.csv: line 1, column 21: invalid type"), "{error}");
        let twice = format!("{good}{}", csv_of(&[row(1, "fast", 2.0, 1)]).lines().nth(1).unwrap());
        let error = earlier(&twice, RowFormat::Csv).err().unwrap();
        assert!(error.contains("two rows for puzzle 1 of f.txt by fast"), "{error}");
    }

    #[test]
    fn a_file_of_other_puzzles_or_only_some_is_refused_before_the_run() {
        let other = Row { file: "other.txt".into(), ..row(1, "fast", 1.0, 1) };
        let error = earlier(&csv_of(std::slice::from_ref(&other)), RowFormat::Csv)
            .unwrap()
            .check_coverage(true)
            .err()
            .unwrap();
        assert!(error.contains("has no row of a file and engine of this run"), "{error}");
        assert!(error.contains("it holds fast on other.txt"), "{error}");
        // fast is there, sat is not, and other.txt is not in the run.
        let some = earlier(&csv_of(&[row(1, "fast", 1.0, 1), other]), RowFormat::Csv).unwrap();
        let error = some.check_coverage(false).err().unwrap();
        assert!(error.contains("sat on f.txt (only in the run)"), "{error}");
        assert!(error.contains("1 row of other files or engines"), "{error}");
        assert!(error.contains("--allow-partial-baseline"), "{error}");
        some.check_coverage(true).unwrap();
        let all =
            earlier(&csv_of(&[row(1, "fast", 1.0, 1), row(1, "sat", 1.0, 1)]), RowFormat::Csv);
        all.unwrap().check_coverage(false).unwrap();
    }

    #[test]
    fn changed_counters_and_slower_puzzles_are_listed() {
        let rows = [
            row(1, "fast", 2.0, 5),
            row(2, "fast", 2.0, 5),
            row(3, "fast", 100.0, 5),
            row(4, "fast", 1.0, 5),
            row(5, "fast", 1.0, 5),
            row(1, "sat", 1.0, 5),
        ];
        let mut comparison =
            PuzzleComparison::new(earlier(&csv_of(&rows), RowFormat::Csv).unwrap());
        comparison.compare(row(1, "fast", 2.0, 5));
        comparison.compare(row(2, "fast", 2.0, 6));
        comparison.compare(row(3, "fast", 400.0, 5));
        comparison.compare(row(4, "fast", 5.0, 5));
        comparison.compare(row(9, "fast", 1.0, 5));
        comparison.compare(row(1, "sat", 1.0, 5));
        comparison.compare(Row {
            count: "1+?".into(),
            verdict: "budget-out".into(),
            ..row(1, "sat", 1.0, 5)
        });
        assert_eq!(
            (comparison.compared, comparison.changed_count, comparison.unmatched),
            (5, 1, 2),
            "a puzzle met twice is compared once"
        );
        assert_eq!(comparison.not_run(), 1, "puzzle 5");
        assert_eq!(comparison.not_compared(), 3);
        assert_eq!(comparison.changed[0].after.puzzle, 2);
        assert_eq!(comparison.changed[0].before.nodes, Some(5));
        // Puzzle 4 is five times slower but by 4 µs only: noise.
        let slower: Vec<u64> = comparison.slower.iter().map(|change| change.after.puzzle).collect();
        assert_eq!(slower, [3]);
        let mut text = Vec::new();
        comparison.write(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("Per puzzle: 5 compared, 1 with changed counters, 2 not in the earlier run, 1 of the earlier run not run\n"), "{text}");
        assert!(
            text.contains(
                "changed f.txt: puzzle 2, line 3, fast: solved count 1, 5 nodes, 0 guesses -> \
                 solved count 1, 6 nodes, 0 guesses"
            ),
            "{text}"
        );
        assert!(text.contains("4.0x f.txt: puzzle 3, line 4, fast: 100.0 -> 400.0 µs"), "{text}");
        let one =
            Counters { nodes: Some(1), guesses: Some(1), ..comparison.changed[0].before.clone() };
        assert_eq!(one.describe(), "solved count 1, 1 node, 1 guess");
        assert_eq!(Counters { nodes: None, ..one }.describe(), "solved count 1, - nodes, 1 guess");
    }
}
