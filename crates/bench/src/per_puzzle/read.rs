//! The untrusted reader of per-puzzle files ([`read_rows`]) and the one index their rows are
//! kept in ([`RowIndex`]): the rows of `--puzzle-baseline` and `--baseline FILE.csv`
//! ([`EarlierRows`]) and of each side of `sudoku bench compare` alike.

use std::collections::HashMap;
use std::io::{self, BufRead};
use std::path::Path;

use serde::Deserialize;
use sudoku_core::lines::{self, Line};
use sudoku_core::{FailureKind, Size};

use super::row::{COLUMNS, OLD_COLUMNS, RowCounters, RowFormat, RowVerdict};
use crate::output::counted;

/// The longest line of a per-puzzle file read back, in bytes. A row is under two hundred bytes
/// besides its file name and a failure's message, a path is at most 4,096 bytes on Linux and a
/// message at most [`crate::report::MAX_FAILURE_MESSAGE`]; a longer line (a file of NUL bytes,
/// a binary file) is refused as soon as it passes this length, unread beyond it.
pub const MAX_ROW_LINE: usize = 8192;

/// The most puzzles of one file a per-puzzle file may number: puzzle numbers are kept in 40
/// bits of an earlier row's key.
pub const MAX_PUZZLE: u64 = (1 << PUZZLE_BITS) - 1;

/// The bits of a kept row's key that hold the puzzle number; the others hold its group's
/// number in a [`RowIndex`].
const PUZZLE_BITS: u32 = 40;

/// The most groups a [`RowIndex`] holds: the group's number fills the key's other 24 bits.
pub(crate) const MAX_GROUPS: usize = 1 << (64 - PUZZLE_BITS);

/// The bytes an earlier row costs in memory while the run compares with it: the rows of the
/// run's files and engines are kept in this compact form (40 bytes: puzzle, file and engine in
/// one key, the counters and the time), the others are only counted. Two million rows take
/// 80 MB.
pub const BYTES_PER_EARLIER_ROW: usize = std::mem::size_of::<Entry>();

/// The verdict code of a failure in an [`Entry`]; the answers' codes are their places in
/// [`RowVerdict::ALL`].
const FAILED: u8 = 3;

/// An earlier row as kept: 40 bytes, whatever the length of its names.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The group's number above [`PUZZLE_BITS`], the puzzle's number below.
    pub(crate) key: u64,
    nodes: u64,
    guesses: u64,
    us: f64,
    /// The number of the count (`2` of `2+`); for a failure, its kind (an index of
    /// [`FailureKind::ALL`]).
    count: u32,
    /// The verdict (bits 0-1: an index of [`RowVerdict::ALL`], or [`FAILED`]), the count's form (bits
    /// 2-3: `n`, `n+`, `n+?`), whether nodes and guesses are counted (bits 4, 5), whether the
    /// run has compared it (bit 6). `us` is NaN for a failure, which has no time.
    flags: u8,
}

const NODES_COUNTED: u8 = 1 << 4;
const GUESSES_COUNTED: u8 = 1 << 5;
const MATCHED: u8 = 1 << 6;

impl Entry {
    /// The row's verdict.
    pub(crate) fn verdict(&self) -> RowVerdict {
        match self.flags & 3 {
            FAILED => RowVerdict::Failed(FailureKind::ALL[(self.count as usize).min(2)]),
            code => RowVerdict::ALL[usize::from(code)],
        }
    }

    /// The row's counters and time.
    pub(crate) fn counters(&self) -> RowCounters {
        let verdict = self.verdict();
        let count = match (self.flags >> 2) & 3 {
            _ if self.flags & 3 == FAILED => verdict.name().to_owned(),
            0 => self.count.to_string(),
            1 => format!("{}+", self.count),
            _ => format!("{}+?", self.count),
        };
        RowCounters {
            verdict,
            count,
            us: (!self.us.is_nan()).then_some(self.us),
            nodes: (self.flags & NODES_COUNTED != 0).then_some(self.nodes),
            guesses: (self.flags & GUESSES_COUNTED != 0).then_some(self.guesses),
        }
    }

    /// The puzzle's number.
    pub(crate) fn puzzle(&self) -> u64 {
        self.key & MAX_PUZZLE
    }

    /// Whether the run has compared it ([`Entry::mark_matched`]).
    pub(crate) fn matched(&self) -> bool {
        self.flags & MATCHED != 0
    }

    /// Marks it compared.
    pub(crate) fn mark_matched(&mut self) {
        self.flags |= MATCHED;
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
pub(super) fn entry_of(row: &RawRow<'_>) -> Result<Entry, FieldError> {
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
    let Some(verdict) = RowVerdict::from_name(&row.verdict) else {
        let names: Vec<&str> = RowVerdict::ALL.iter().map(|verdict| verdict.name()).collect();
        return bad(
            "verdict",
            format!("'{}' is not a verdict ({})", row.verdict, names.join(", ")),
        );
    };
    if let RowVerdict::Failed(kind) = verdict {
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
            count: FailureKind::ALL.iter().position(|known| *known == kind).unwrap_or(0) as u32,
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
        RowVerdict::Solved => count >= 1 && form < 2,
        RowVerdict::Unsolvable => count == 0 && form == 0,
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
    let code = RowVerdict::ALL.iter().position(|known| *known == verdict).unwrap_or(0) as u8;
    let flags = code
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

/// A count as [`sudoku_core::Verdict`] writes it: `n` (form 0), `n+` (1) or `n+?` (2).
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

/// Rows kept in compact form ([`Entry`], and `T` beside each), by group (a file and engine,
/// or a file, size and engine: `G`) and puzzle, sorted by both in one key: the group's number
/// above [`PUZZLE_BITS`], the puzzle's below. The rows of a chunk cannot be met in file order
/// when the engines or the chunking differ, so the rows are sorted once read and found by
/// binary search.
pub(crate) struct RowIndex<G, T = ()> {
    /// The groups by number.
    groups: Vec<G>,
    /// The rows of each group.
    rows_of_group: Vec<u64>,
    /// The rows, sorted by key once [`RowIndex::sort`] has run.
    rows: Vec<(Entry, T)>,
}

impl<G, T> RowIndex<G, T> {
    /// An index of no group.
    pub(crate) fn new() -> RowIndex<G, T> {
        RowIndex { groups: Vec::new(), rows_of_group: Vec::new(), rows: Vec::new() }
    }

    /// Adds a group and returns its number, or `None` when the index holds [`MAX_GROUPS`].
    pub(crate) fn add_group(&mut self, group: G) -> Option<u32> {
        if self.groups.len() >= MAX_GROUPS {
            return None;
        }
        self.groups.push(group);
        self.rows_of_group.push(0);
        Some(self.groups.len() as u32 - 1)
    }

    /// The groups, by number.
    pub(crate) fn groups(&self) -> &[G] {
        &self.groups
    }

    /// The number of rows of group `number`.
    pub(crate) fn rows_of_group(&self, number: u32) -> u64 {
        self.rows_of_group[number as usize]
    }

    /// Keeps `entry` (as read: its key is its puzzle) in group `number`, with `extra`.
    pub(crate) fn push(&mut self, number: u32, mut entry: Entry, extra: T) {
        entry.key = u64::from(number) << PUZZLE_BITS | entry.key & MAX_PUZZLE;
        self.rows_of_group[number as usize] += 1;
        self.rows.push((entry, extra));
    }

    /// Sorts the rows once all are kept, and refuses two rows of one puzzle and group: returns
    /// that group and puzzle.
    pub(crate) fn sort(&mut self) -> Result<(), (&G, u64)> {
        self.rows.sort_unstable_by_key(|(entry, _)| entry.key);
        self.rows.shrink_to_fit();
        match self.rows.windows(2).find(|pair| pair[0].0.key == pair[1].0.key) {
            Some(pair) => {
                let key = pair[0].0.key;
                Err((&self.groups[(key >> PUZZLE_BITS) as usize], key & MAX_PUZZLE))
            }
            None => Ok(()),
        }
    }

    /// The row of `puzzle` in group `number`, if kept.
    pub(crate) fn find(&self, number: u32, puzzle: u64) -> Option<usize> {
        let key = u64::from(number) << PUZZLE_BITS | puzzle;
        self.rows.binary_search_by_key(&key, |(entry, _)| entry.key).ok()
    }

    /// The row at `index`.
    pub(crate) fn row_mut(&mut self, index: usize) -> &mut (Entry, T) {
        &mut self.rows[index]
    }

    /// Every row, by group and puzzle.
    pub(crate) fn rows(&self) -> &[(Entry, T)] {
        &self.rows
    }

    /// The rows of group `number`, in puzzle order.
    pub(crate) fn rows_of(&self, number: u32) -> &[(Entry, T)] {
        let start = u64::from(number) << PUZZLE_BITS;
        let end = u64::from(number + 1) << PUZZLE_BITS;
        let from = self.rows.partition_point(|(entry, _)| entry.key < start);
        let to = self.rows.partition_point(|(entry, _)| entry.key < end);
        &self.rows[from..to]
    }

    /// The answer time of `puzzle` in group `number`, µs, if kept and answered.
    pub(crate) fn answer_time(&self, number: u32, puzzle: u64) -> Option<f64> {
        self.rows[self.find(number, puzzle)?].0.answer_time()
    }
}

/// The earlier rows of a `--puzzle-baseline` file that concern this run, in compact form.
pub struct EarlierRows {
    /// The file as named.
    file: String,
    /// The run's files and engines: `file -> engine -> pair number`.
    pair_numbers: HashMap<String, HashMap<String, u32>>,
    /// The rows of the run's pairs, `(file, engine)`.
    pub(super) index: RowIndex<(String, String)>,
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
            index: RowIndex::new(),
            outside: 0,
            outside_examples: Vec::new(),
        };
        for &(file, engine) in pairs {
            let engines = earlier.pair_numbers.entry(file.to_owned()).or_default();
            if !engines.contains_key(engine)
                && let Some(number) = earlier.index.add_group((file.to_owned(), engine.to_owned()))
            {
                engines.insert(engine.to_owned(), number);
            }
        }
        read_rows(input, name, format, |row, entry| earlier.keep(row, entry))?;
        if let Err(((file, engine), puzzle)) = earlier.index.sort() {
            return Err(format!(
                "{name}: two rows for puzzle {puzzle} of {file} by {engine}: a per-puzzle file \
                 has one row per puzzle and engine"
            ));
        }
        Ok(earlier)
    }

    /// Keeps `entry` when its file and engine are in the run, counts it otherwise.
    fn keep(&mut self, row: &RawRow<'_>, entry: Entry) {
        match self.number(&row.file, &row.engine) {
            Some(number) => self.index.push(number, entry, ()),
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

    /// The number of the run's pair of `file` and `engine`.
    fn number(&self, file: &str, engine: &str) -> Option<u32> {
        self.pair_numbers.get(file).and_then(|engines| engines.get(engine)).copied()
    }

    /// The earlier row of `puzzle` of `file` by `engine`, marked compared, unless there is none
    /// or it was compared already.
    pub(crate) fn take(&mut self, file: &str, engine: &str, puzzle: u64) -> Option<Entry> {
        let number = self.number(file, engine).filter(|_| puzzle <= MAX_PUZZLE)?;
        let index = self.index.find(number, puzzle)?;
        let (entry, ()) = self.index.row_mut(index);
        (!entry.matched()).then(|| {
            entry.mark_matched();
            *entry
        })
    }

    /// Rows kept that no row of the run was compared with.
    pub(crate) fn not_taken(&self) -> u64 {
        self.index.rows().iter().filter(|(entry, ())| !entry.matched()).count() as u64
    }

    /// Rows of files or engines outside the run, counted and left out.
    pub(crate) fn outside(&self) -> u64 {
        self.outside
    }

    /// The rows kept: those of the run's files and engines.
    pub fn len(&self) -> usize {
        self.index.rows().len()
    }

    /// Whether no row concerns the run.
    pub fn is_empty(&self) -> bool {
        self.index.rows().is_empty()
    }

    /// Refuses, before the run, a file with no row of the run's files and engines (the gate
    /// would compare nothing), and, unless `allow_partial`, one that lacks a pair of the run or
    /// holds rows of files or engines outside it: as `--baseline` does
    /// ([`crate::baseline::check_coverage`]).
    pub fn check_coverage(&self, allow_partial: bool) -> Result<(), String> {
        let name = &self.file;
        if self.is_empty() {
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
        let mut missing: Vec<String> = (0..self.index.groups().len() as u32)
            .filter(|&number| self.index.rows_of_group(number) == 0)
            .map(|number| {
                let (file, engine) = &self.index.groups()[number as usize];
                format!("{engine} on {file} (only in the run)")
            })
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
        let read = lines::read_line(&mut input, &mut buffer, MAX_ROW_LINE)
            .map_err(|error| format!("{name}: {error}"))?;
        if read == Line::End {
            break;
        }
        number += 1;
        let line = checked_text(&buffer, read == Line::Whole)
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

/// The line as text, or the column (counted in characters from 1) and the problem: a control
/// character, bytes that are not UTF-8, or a line cut at [`MAX_ROW_LINE`] bytes.
fn checked_text(bytes: &[u8], complete: bool) -> Result<&str, (usize, String)> {
    // The reader takes off a `\r\n`; a last line without its `\n` may still end in `\r`.
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
