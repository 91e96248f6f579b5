//! `sudoku bench merge`: the reports of the shards of one run, made into the report of the
//! whole run.
//!
//! A campaign too big for one machine is run as `--shard K/N` on N machines (or N jobs of a
//! cluster); each shard measures the puzzles `n` with `(n - 1) % N + 1 = K` of every file and
//! writes its JSON report. Every shard reads every file whole, so each report names the same
//! files with the same digests and puzzle counts: that is how the merge knows the shards belong
//! together. The merged report is what one run over every puzzle would have written:
//!
//! - **counters** (solved, budget-outs, one and two-plus solutions, nodes, guesses, puzzles
//!   solved without guessing, disagreements) are sums, exactly those of an unsharded run;
//! - **percentiles** come from the shards' latency histograms added up (each pools every
//!   pass's times);
//! - **rates** are puzzles over the summed wall times: the shards as if run one after another
//!   on one machine;
//! - **disagreements** are every shard's, in file order; **samples** for scatter plots are
//!   thinned to the stride one run would have used;
//! - **failures** are counted in the records as sums; the list keeps the first 1,000 of those
//!   the shards listed (file, size, puzzle and engine order), and counts the others with the
//!   shards' own uncounted ones. Each shard keeps its first 1,000, so past that many the list
//!   may differ from an unsharded run's; the counts never do.
//!
//! Only shards of schema version 4 are merged: older ones have no failure counts, nor the way
//! each engine was timed, and a merge that guessed them could pass a failing engine as sound.
//!
//! Shards of different settings (mode, budget, threads, passes, engines, cross-check) or of
//! different files are refused, as are a missing or repeated shard: a merge that silently
//! compared less than it claims is worse than none.
//!
//! A shard is a file, and a file can say anything: every report is checked before it is
//! merged ([`Report::check`]: counts consistent with each other and with the histograms),
//! must be of this schema version, and every sum is checked: a merge refuses, naming the shard
//! and the field, rather than wrap, saturate or panic. The merged report is checked again, so
//! its records count exactly the puzzles of each file.

use std::collections::HashMap;

use crate::figures::{Counters, RecordHead, add_timings, record};
use crate::report::{
    EngineFailure, MAX_KEPT_FAILURES, Machine, Record, Report, SCHEMA_VERSION, Samples,
};

/// Why reports could not be merged.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MergeError(String);

fn refuse<T>(message: String) -> Result<T, MergeError> {
    Err(MergeError(message))
}

/// Merges the reports of every shard of one run (named by `names`, for messages) into the
/// report of the whole run.
pub fn merge(reports: &[Report], names: &[String]) -> Result<Report, MergeError> {
    let Some(first) = reports.first() else {
        return refuse("no report to merge".to_owned());
    };
    for (report, name) in reports.iter().zip(names) {
        if report.schema_version != SCHEMA_VERSION {
            return refuse(format!(
                "{name}: field schema_version: {}; only shards written with schema version \
                 {SCHEMA_VERSION} (by this program) can be merged: run them again",
                report.schema_version
            ));
        }
        report.check().map_err(|problem| MergeError(format!("{name}: {problem}")))?;
    }
    check_shards(reports, names)?;
    let mut merged = first.clone();
    merged.shard = None;
    merged.merged_shards = Some(reports.len() as u32);
    merged.command = None;
    merged.machine = machines(reports);
    merged.created_unix_seconds =
        reports.iter().map(|report| report.created_unix_seconds).max().unwrap_or(0);
    for (report, name) in reports.iter().zip(names).skip(1) {
        check_same_run(first, report, name)?;
        for (file, theirs) in merged.files.iter_mut().zip(&report.files) {
            file.parse_seconds += theirs.parse_seconds;
            file.check_seconds = match (file.check_seconds, theirs.check_seconds) {
                (Some(mine), Some(theirs)) => Some(mine + theirs),
                (mine, theirs) => mine.or(theirs),
            };
            file.error = file.error.take().or_else(|| theirs.error.clone());
        }
    }
    merged.records = merge_records(reports, names)?;
    merge_failures(&mut merged, reports, names)?;
    merged.disagreements = first.disagreements.as_ref().map(|_| {
        let order: HashMap<&str, usize> = first
            .files
            .iter()
            .enumerate()
            .map(|(index, file)| (file.file.as_str(), index))
            .collect();
        let mut all: Vec<_> = reports
            .iter()
            .flat_map(|report| report.disagreements.iter().flatten().cloned())
            .collect();
        // An unsharded run lists them file by file, size by size, puzzle by puzzle; a puzzle's
        // text is longer the larger its size.
        all.sort_by_key(|found| {
            (order.get(found.file.as_str()).copied(), found.grid.len(), found.puzzle)
        });
        all
    });
    let mut samples = merge_samples(reports);
    // In the order of the records: files in input order, sizes smallest first.
    samples.sort_by_key(|sample| {
        merged
            .records
            .iter()
            .position(|record| record.file == sample.file && record.size == sample.size)
    });
    merged.samples = samples;
    merged.check().map_err(|problem| {
        MergeError(format!("the shards together do not make a whole run: {problem}"))
    })?;
    Ok(merged)
}

/// Checks that `reports` are shards 1..=N of N, each once.
fn check_shards(reports: &[Report], names: &[String]) -> Result<(), MergeError> {
    let mut seen: HashMap<u32, &str> = HashMap::new();
    let mut count = None;
    for (report, name) in reports.iter().zip(names) {
        let Some(shard) = report.shard else {
            return refuse(format!("{name} is not the report of a shard (no --shard K/N)"));
        };
        if *count.get_or_insert(shard.count) != shard.count {
            return refuse(format!(
                "{name} is shard {shard}, but the first report is a shard of {}",
                count.unwrap_or(0)
            ));
        }
        if let Some(earlier) = seen.insert(shard.index, name) {
            return refuse(format!("{name} and {earlier} are both shard {shard}"));
        }
    }
    let count = count.unwrap_or(0);
    let missing: Vec<String> = (1..=count)
        .filter(|index| !seen.contains_key(index))
        .map(|index| format!("{index}/{count}"))
        .collect();
    if !missing.is_empty() {
        return refuse(format!(
            "shard {} missing: every shard of a run is needed",
            missing.join(", ")
        ));
    }
    Ok(())
}

/// Checks that `report` ran as `first` did, on the same files.
fn check_same_run(first: &Report, report: &Report, name: &str) -> Result<(), MergeError> {
    let settings = |report: &Report| {
        (
            report.schema_version,
            report.mode,
            report.budget,
            report.threads,
            report.repeat,
            report.min_time_seconds.map(f64::to_bits),
            report.cross_check,
        )
    };
    if settings(first) != settings(report) {
        return refuse(format!(
            "{name} ran with other settings than the first report (schema, mode, budget, \
             threads, --repeat, --min-time or cross-check differ)"
        ));
    }
    let files = |report: &Report| -> Vec<(String, String, u64)> {
        report
            .files
            .iter()
            .map(|file| (file.file.clone(), file.digest.clone(), file.puzzles))
            .collect()
    };
    if files(first) != files(report) {
        return refuse(format!(
            "{name} ran on other files than the first report (names, digests or puzzle counts \
             differ)"
        ));
    }
    Ok(())
}

/// The records of the whole run, in the first report's order.
fn merge_records(reports: &[Report], names: &[String]) -> Result<Vec<Record>, MergeError> {
    let key = |record: &Record| (record.file.clone(), record.size.clone(), record.engine.clone());
    let first = &reports[0];
    if reports.iter().any(|report| report.records.len() != first.records.len()) {
        return refuse("the reports hold different numbers of records".to_owned());
    }
    let mut merged = Vec::with_capacity(first.records.len());
    for (position, mine) in first.records.iter().enumerate() {
        let mut counters = Counters::default();
        let mut timings = crate::report::Timings::default();
        let mut passes = None;
        for (report, name) in reports.iter().zip(names) {
            let Some(theirs) =
                report.records.get(position).filter(|theirs| key(theirs) == key(mine))
            else {
                return refuse(format!(
                    "{name} has no record of {} on {} ({}) where the first report has one",
                    mine.engine, mine.file, mine.size
                ));
            };
            let engine = |record: &Record| {
                (
                    record.counts,
                    record.timing.clone(),
                    record.origin.clone(),
                    record.command.clone(),
                )
            };
            if engine(theirs) != engine(mine) {
                return refuse(format!(
                    "{name}: {}: another engine of that name than in the first report (whether it \
                     counts, how it is timed, its origin or its command differ)",
                    theirs.name(position)
                ));
            }
            let Some(their_timings) = &theirs.timings else {
                return refuse(format!("{name} was written without the times a merge needs"));
            };
            // A shard that met no puzzle of the size ran no pass.
            if theirs.puzzles > 0 {
                match passes {
                    Some(earlier) if earlier != theirs.passes => {
                        return refuse(format!(
                            "{name} ran {} passes of {} on {} and another shard {earlier}: \
                             merge runs of a fixed --repeat",
                            theirs.passes, mine.engine, mine.file
                        ));
                    }
                    _ => passes = Some(theirs.passes),
                }
            }
            let field = |field: &str| {
                format!(
                    "{name}: {}: field {field}: the shards' sums pass what a count can hold",
                    theirs.name(position)
                )
            };
            counters
                .checked_add(&Counters::of(theirs))
                .map_err(|which| MergeError(field(which)))?;
            add_timings(&mut timings, their_timings).map_err(|which| MergeError(field(which)))?;
        }
        let head = RecordHead {
            engine: mine.engine.clone(),
            file: mine.file.clone(),
            size: mine.size.clone(),
            mode: mine.mode,
            budget: mine.budget,
            instrumented: mine.instrumented,
            guesses: mine.guesses_total.is_some(),
            counts: mine.counts,
            timing: mine.timing.clone(),
            origin: mine.origin.clone(),
            command: mine.command.clone(),
            cross_check: mine.cross_check,
            threads: mine.threads,
        };
        merged.push(record(head, &counters, &timings));
    }
    Ok(merged)
}

/// The failures of the whole run: every shard's listed, in the order of an unsharded run, the
/// first [`MAX_KEPT_FAILURES`] kept and the rest counted with those no shard kept. The merged
/// report's check then holds them against the summed records.
fn merge_failures(
    merged: &mut Report,
    reports: &[Report],
    names: &[String],
) -> Result<(), MergeError> {
    let file_order: HashMap<&str, usize> = reports[0]
        .files
        .iter()
        .enumerate()
        .map(|(index, file)| (file.file.as_str(), index))
        .collect();
    let mut engine_order: HashMap<&str, usize> = HashMap::new();
    for record in &reports[0].records {
        let next = engine_order.len();
        engine_order.entry(record.engine.as_str()).or_insert(next);
    }
    let mut listed: Vec<EngineFailure> = Vec::new();
    let mut not_kept = 0u64;
    for (report, name) in reports.iter().zip(names) {
        listed.extend(report.failures.iter().cloned());
        not_kept = not_kept.checked_add(report.failures_not_kept).ok_or_else(|| {
            MergeError(format!(
                "{name}: field failures_not_kept: the shards' sums pass what a count can hold"
            ))
        })?;
    }
    listed.sort_by_key(|failure| {
        (
            file_order.get(failure.file.as_str()).copied(),
            failure.size.parse::<sudoku_core::Size>().ok(),
            failure.puzzle,
            engine_order.get(failure.engine.as_str()).copied(),
        )
    });
    let beyond = listed.len().saturating_sub(MAX_KEPT_FAILURES) as u64;
    listed.truncate(MAX_KEPT_FAILURES);
    merged.failures = listed;
    merged.failures_not_kept = not_kept.checked_add(beyond).ok_or_else(|| {
        MergeError(
            "field failures_not_kept: the shards' sums pass what a count can hold".to_owned(),
        )
    })?;
    Ok(())
}

/// Every shard's samples, thinned per file and size.
fn merge_samples(reports: &[Report]) -> Vec<Samples> {
    let mut merged: Vec<Samples> = Vec::new();
    for samples in reports.iter().flat_map(|report| &report.samples) {
        match merged
            .iter_mut()
            .find(|known| known.file == samples.file && known.size == samples.size)
        {
            Some(known) => known.merge(samples),
            None => {
                let mut fresh = Samples::new(
                    samples.file.clone(),
                    samples.size.clone(),
                    samples.engines.clone(),
                );
                fresh.merge(samples);
                merged.push(fresh);
            }
        }
    }
    merged
}

/// The machine of every shard: the one machine when they all ran on the same kind, else the
/// kinds listed.
fn machines(reports: &[Report]) -> Machine {
    let first = reports[0].machine.clone();
    if reports.iter().all(|report| report.machine == first) {
        return first;
    }
    let mut kinds: Vec<String> = Vec::new();
    for report in reports {
        let kind = report.machine.describe();
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    Machine {
        cpu: Some(format!("{} kinds of machine: {}", kinds.len(), kinds.join("; "))),
        cores: reports.iter().map(|report| report.machine.cores).max().unwrap_or(first.cores),
        ..first
    }
}
