//! Reports read back (shards to merge, baselines) as untrusted input: bounded in size, parsed
//! and checked field by field, every count against the others.

use serde::Deserialize;
use sudoku_core::FailureKind;

use super::{
    BUILT_IN, MAX_FAILURE_MESSAGE, MAX_KEPT_FAILURES, OLDEST_READABLE_SCHEMA_VERSION,
    POOLED_TIMINGS_SCHEMA_VERSION, PassTiming, Record, Report, SCHEMA_VERSION, TIMINGS, Timings,
    escaped, is_failure_message,
};
use crate::latency::Latencies;

/// Why a report read back (a shard to merge, a baseline) cannot be used: one line naming the
/// field, and the record (number, engine, file, size) it belongs to.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReportError(pub String);

/// `1 puzzle`, `2 puzzles`: a count in a message (written here, since the output module, which
/// has the general form, reads reports).
fn puzzles(count: u64) -> String {
    format!("{count} {}", if count == 1 { "puzzle" } else { "puzzles" })
}

/// The most bytes of a report file read back. A run's report is kilobytes to a few megabytes
/// (a histogram compresses to a few kilobytes, samples are capped per file and size), so a
/// larger file is not one this harness wrote, and parsing it whole as JSON would cost several
/// times its size in memory.
pub const MAX_REPORT_BYTES: u64 = 256 * 1024 * 1024;

/// The text of the report file at `path`, read whole: refused in one line when it is larger
/// than [`MAX_REPORT_BYTES`], not UTF-8, or cannot be read.
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read as _;
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    let too_large = || {
        format!(
            "larger than {} MiB, more than any report this harness writes",
            MAX_REPORT_BYTES >> 20
        )
    };
    // A regular file says its length: a huge one is refused before a byte is read.
    if file.metadata().is_ok_and(|metadata| metadata.is_file() && metadata.len() > MAX_REPORT_BYTES)
    {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_REPORT_BYTES + 1).read_to_end(&mut bytes).map_err(|error| error.to_string())?;
    if bytes.len() as u64 > MAX_REPORT_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|error| {
        format!("not a report: byte {} is not UTF-8", error.utf8_error().valid_up_to() + 1)
    })
}

/// Reads a JSON report as untrusted input: the schema version first, then every field, every
/// histogram (sizes checked before anything is allocated), and every count against the
/// others ([`Report::check`]). Version-2 reports are read without their `timings`; fields
/// added in version 4 take their defaults in older reports (no failure, every engine built
/// in, counting and timed in-process).
pub fn read(text: &str) -> Result<Report, ReportError> {
    // On one line whatever the input: serde's messages quote the strings they refuse as they
    // are, line ends included.
    let fail = |message: String| ReportError(message.chars().map(escaped).collect());
    let mut value: serde_json::Value =
        serde_json::from_str(text).map_err(|error| fail(format!("not JSON: {error}")))?;
    let Some(object) = value.as_object_mut() else {
        return Err(fail("not a sudoku-bench report: not a JSON object".to_owned()));
    };
    let version = match object.get("schema_version") {
        None => return Err(fail("field schema_version: missing".to_owned())),
        Some(version) => version.as_u64().filter(|version| {
            (u64::from(OLDEST_READABLE_SCHEMA_VERSION)..=u64::from(SCHEMA_VERSION))
                .contains(version)
        }),
    };
    let Some(version) = version else {
        return Err(fail(format!(
            "field schema_version: {}; this program reads versions {OLDEST_READABLE_SCHEMA_VERSION} \
             to {SCHEMA_VERSION}",
            object["schema_version"]
        )));
    };
    let records = match object.get_mut("records").map(serde_json::Value::take) {
        Some(serde_json::Value::Array(records)) => records,
        Some(_) => return Err(fail("field records: not a list".to_owned())),
        None => return Err(fail("field records: missing".to_owned())),
    };
    object.insert("records".to_owned(), serde_json::Value::Array(Vec::new()));
    let mut report: Report = serde_json::from_value(value)
        .map_err(|error| fail(format!("not a sudoku-bench report: {error}")))?;
    report.records.reserve_exact(records.len());
    for (index, mut record) in records.into_iter().enumerate() {
        let name = record_name_in(index, &record);
        let timings = record.as_object_mut().and_then(|fields| fields.remove("timings"));
        let mut read: Record =
            serde_json::from_value(record).map_err(|error| fail(format!("{name}: {error}")))?;
        read.timings = match timings {
            // Version 2 kept a histogram per pass: nothing a baseline compares.
            _ if version < POOLED_TIMINGS_SCHEMA_VERSION => None,
            None | Some(serde_json::Value::Null) => None,
            Some(timings) => {
                Some(read_timings(timings).map_err(|error| fail(format!("{name}: {error}")))?)
            }
        };
        report.records.push(read);
    }
    report.check().map_err(fail)?;
    Ok(report)
}

/// `record 3 (dlx on puzzles.txt, 9x9)`, from what the record's JSON says.
fn record_name_in(index: usize, record: &serde_json::Value) -> String {
    let text = |field: &str| record.get(field).and_then(serde_json::Value::as_str);
    match (text("engine"), text("file"), text("size")) {
        (Some(engine), Some(file), Some(size)) => {
            format!("record {} ({engine} on {file}, {size})", index + 1)
        }
        _ => format!("record {}", index + 1),
    }
}

/// `timings` as written: histograms still text, decoded one at a time with their field named.
#[derive(Deserialize)]
struct TimingsText {
    passes: Vec<PassTiming>,
    latencies: String,
    parallel_walls: Vec<f64>,
    answered: String,
    #[serde(default)]
    stopped_at_pass_cap: bool,
}

/// Reads a record's `timings`, each histogram checked before it is built.
fn read_timings(value: serde_json::Value) -> Result<Timings, String> {
    let text: TimingsText =
        serde_json::from_value(value).map_err(|error| format!("field timings: {error}"))?;
    let histogram = |field: &str, text: &str| {
        Latencies::decode(text).map_err(|reason| format!("field timings.{field}: {reason}"))
    };
    Ok(Timings {
        passes: text.passes,
        latencies: histogram("latencies", &text.latencies)?,
        parallel_walls: text.parallel_walls,
        answered: histogram("answered", &text.answered)?,
        stopped_at_pass_cap: text.stopped_at_pass_cap,
    })
}

impl Record {
    /// Checks the record's counts against each other and against its times, which a run
    /// always leaves consistent: every puzzle solved, proved unsolvable, given up or failed; a
    /// histogram of puzzles × passes times, less the solves that failed; as many pass totals
    /// as passes.
    pub fn check(&self) -> Result<(), String> {
        let field = |name: &str, problem: String| Err(format!("field {name}: {problem}"));
        let puzzles = self.puzzles;
        let outcomes =
            [self.unsolvable, self.budget_outs, self.crashed, self.timed_out, self.protocol_errors]
                .into_iter()
                .try_fold(self.solved, u64::checked_add);
        if outcomes != Some(puzzles) {
            return field(
                "puzzles",
                format!(
                    "{puzzles}, but solved {}, unsolvable {}, budget_outs {}, crashed {}, \
                     timed_out {} and protocol_errors {} do not add up to it",
                    self.solved,
                    self.unsolvable,
                    self.budget_outs,
                    self.crashed,
                    self.timed_out,
                    self.protocol_errors
                ),
            );
        }
        if !TIMINGS.iter().any(|timing| timing.name() == self.timing) {
            let names: Vec<&str> = TIMINGS.iter().map(|timing| timing.name()).collect();
            return field(
                "timing",
                format!("'{}' is not one of {}", self.timing, names.join(", ")),
            );
        }
        if self.origin.is_empty() {
            return field("origin", "empty".to_owned());
        }
        if (self.origin == BUILT_IN) != self.command.is_none() {
            return field(
                "command",
                "an engine from outside names what runs, and only such an engine".to_owned(),
            );
        }
        if !self.counts && (self.one_solution.is_some() || self.two_plus_solutions.is_some()) {
            return field(
                "one_solution",
                "given for an engine that does not count solutions".to_owned(),
            );
        }
        if let (Some(one), Some(two)) = (self.one_solution, self.two_plus_solutions)
            && one.checked_add(two) != Some(self.solved)
        {
            return field(
                "one_solution",
                format!(
                    "{one} and two_plus_solutions {two} do not add up to solved {}",
                    self.solved
                ),
            );
        }
        if let Some(easy) = self.solved_without_guessing.filter(|&easy| easy > self.solved) {
            return field(
                "solved_without_guessing",
                format!("{easy}, more than solved {}", self.solved),
            );
        }
        if let Some(disputed) = self.disagreements.filter(|&disputed| disputed > puzzles) {
            return field("disagreements", format!("{disputed}, more than puzzles {puzzles}"));
        }
        if puzzles > 0 && self.passes == 0 {
            return field(
                "passes",
                "0, for a record of puzzles: every puzzle runs at least one pass".to_owned(),
            );
        }
        let Some(timings) = &self.timings else {
            return Ok(());
        };
        let passes = u64::from(self.passes);
        if timings.passes.len() as u64 != passes || timings.parallel_walls.len() as u64 != passes {
            return field(
                "timings.passes",
                format!(
                    "{} pass totals and {} parallel wall times, for {passes} passes",
                    timings.passes.len(),
                    timings.parallel_walls.len()
                ),
            );
        }
        let seconds = timings
            .passes
            .iter()
            .flat_map(|pass| [pass.wall_seconds, pass.solve_seconds])
            .chain(timings.parallel_walls.iter().copied());
        if let Some(bad) =
            seconds.into_iter().find(|seconds| !(seconds.is_finite() && *seconds >= 0.0))
        {
            return field("timings.passes", format!("a time of {bad} s"));
        }
        let failures = self.failures();
        if let Some(pass) = timings.passes.iter().find(|pass| pass.failed > failures) {
            return field(
                "timings.passes",
                format!(
                    "{} failed solves in a pass, for {failures} puzzles failed on",
                    pass.failed
                ),
            );
        }
        let failed = timings.passes.iter().try_fold(0u64, |sum, pass| sum.checked_add(pass.failed));
        let times = puzzles
            .checked_mul(passes)
            .zip(failed)
            .and_then(|(all, failed)| all.checked_sub(failed));
        let failed = failed.unwrap_or(u64::MAX);
        if times != Some(timings.latencies.len()) {
            return field(
                "timings.latencies",
                format!(
                    "{} times, for {puzzles} puzzles × {passes} passes less {failed} failed",
                    timings.latencies.len()
                ),
            );
        }
        let answered = self.solved + self.unsolvable;
        if timings.answered.len() != answered {
            return field(
                "timings.answered",
                format!(
                    "{} times, for {answered} puzzles answered (solved and unsolvable)",
                    timings.answered.len()
                ),
            );
        }
        Ok(())
    }
}

impl Report {
    /// Checks a report read back: the shard, every file's counts, every record
    /// ([`Record::check`]) and its puzzles against its file's count of that size (equal when
    /// the report covers the whole file, at most that in a shard). Sums are checked, never
    /// wrapped.
    pub fn check(&self) -> Result<(), String> {
        if let Some(shard) = self.shard
            && (shard.count == 0 || shard.index == 0 || shard.index > shard.count)
        {
            return Err(format!("field shard: {shard}, but a shard is K/N with 1 ≤ K ≤ N"));
        }
        for (index, file) in self.files.iter().enumerate() {
            let sized = file.sizes.iter().try_fold(0u64, |sum, size| sum.checked_add(size.puzzles));
            if sized.is_none_or(|sized| sized > file.puzzles) {
                return Err(format!(
                    "file {} ({}): field sizes: the puzzles of its sizes add up to more than its \
                     {}",
                    index + 1,
                    file.file,
                    puzzles(file.puzzles)
                ));
            }
        }
        for (index, record) in self.records.iter().enumerate() {
            record.check().map_err(|problem| format!("{}: {problem}", record.name(index)))?;
            let Some(file) = self.files.iter().find(|file| file.file == record.file) else {
                return Err(format!(
                    "{}: field file: no file of the report has that name",
                    record.name(index)
                ));
            };
            let Some(size) = file.sizes.iter().find(|size| size.size == record.size) else {
                return Err(format!(
                    "{}: field size: {} has no puzzle of that size",
                    record.name(index),
                    file.file
                ));
            };
            // A file that changed while it was run may give more or fewer puzzles than counted.
            let whole = self.shard.is_none() && file.error.is_none();
            if record.puzzles > size.puzzles || (whole && record.puzzles != size.puzzles) {
                return Err(format!(
                    "{}: field puzzles: {}, but {} has {} of that size{}",
                    record.name(index),
                    record.puzzles,
                    file.file,
                    puzzles(size.puzzles),
                    if whole { "" } else { " (a shard has at most as many)" }
                ));
            }
        }
        self.check_failures()
    }

    /// Checks the list of failures against the records: at most [`MAX_KEPT_FAILURES`], each
    /// of a record of the report, of a known kind, with a message as [`failure_message`]
    /// leaves it; no more of a kind than its record counts; and the kept and the counted
    /// together exactly the records' failures.
    fn check_failures(&self) -> Result<(), String> {
        if self.failures.len() > MAX_KEPT_FAILURES {
            return Err(format!(
                "field failures: {} listed, more than the {MAX_KEPT_FAILURES} a report keeps",
                self.failures.len()
            ));
        }
        if self.failures_not_kept > 0 && self.failures.len() < MAX_KEPT_FAILURES {
            return Err(format!(
                "field failures_not_kept: {}, but only {} listed: the first {MAX_KEPT_FAILURES} \
                 are kept before any is left out",
                self.failures_not_kept,
                self.failures.len()
            ));
        }
        let mut records: std::collections::HashMap<(&str, &str, &str), (usize, [u64; 3])> =
            std::collections::HashMap::with_capacity(self.records.len());
        for (index, record) in self.records.iter().enumerate() {
            let key = (record.engine.as_str(), record.file.as_str(), record.size.as_str());
            records.entry(key).or_insert((index, [0; 3]));
        }
        for (index, failure) in self.failures.iter().enumerate() {
            let place = format!("failure {} ({} on {})", index + 1, failure.engine, failure.file);
            let Some(kind) = FailureKind::from_name(&failure.kind) else {
                return Err(format!(
                    "{place}: field kind '{}': not crashed, timed-out or protocol-error",
                    failure.kind
                ));
            };
            if failure.puzzle == 0 || failure.line == 0 {
                return Err(format!("{place}: field puzzle: puzzles and lines count from 1"));
            }
            if !is_failure_message(&failure.message) {
                return Err(format!(
                    "{place}: field message: longer than {MAX_FAILURE_MESSAGE} bytes or not on \
                     one line"
                ));
            }
            let key = (failure.engine.as_str(), failure.file.as_str(), failure.size.as_str());
            let Some((record, listed)) = records.get_mut(&key) else {
                return Err(format!(
                    "{place}: no record of that engine, file and size {}",
                    failure.size
                ));
            };
            let slot = FailureKind::ALL.iter().position(|known| *known == kind).unwrap_or(0);
            listed[slot] += 1;
            let counted = self.records[*record].failures_of(kind);
            if listed[slot] > counted {
                return Err(format!(
                    "{place}: field kind '{}': more listed than its record counts ({counted})",
                    failure.kind
                ));
            }
        }
        let counted = self.records.iter().try_fold(0u64, |sum, record| {
            [record.crashed, record.timed_out, record.protocol_errors]
                .into_iter()
                .try_fold(sum, u64::checked_add)
        });
        let listed = (self.failures.len() as u64).checked_add(self.failures_not_kept);
        if counted.is_none() || counted != listed {
            return Err(format!(
                "field failures_not_kept: {} listed and {} not kept, but the records count {} \
                 failures",
                self.failures.len(),
                self.failures_not_kept,
                counted.map_or_else(|| "more than 2^64".to_owned(), |sum| sum.to_string())
            ));
        }
        Ok(())
    }
}
