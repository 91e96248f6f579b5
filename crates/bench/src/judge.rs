//! `sudoku bench compare`: the per-puzzle files of two runs (or of several runs a side, or two
//! engines of one file) compared ([`crate::compare`]) and judged: the sides and the engines
//! checked, the output checked before anything is read, the comparison refused when a file
//! lacks rows of the other (a run cut short must not pass as no change), then written, and
//! its verdict in the [`Log`].

use std::path::{Path, PathBuf};

use crate::compare::{self, CompareFormat, CompareOptions};
use crate::files;
use crate::findings::Log;
use crate::output::plural;

/// What to compare, and how to judge and write it.
#[derive(Clone, Debug)]
pub struct CompareSettings {
    /// OLD then NEW (OLD alone: two engines of it), or with `vs`, the runs of the old side.
    pub files: Vec<PathBuf>,
    /// The runs of the new side.
    pub vs: Vec<PathBuf>,
    /// Only these engines; with one file, exactly two: the first is the old side's.
    pub engines: Vec<String>,
    /// Compare engine A of the old side with engine B of the new.
    pub pair: Option<(String, String)>,
    /// The noise threshold, percent (`f64::INFINITY`: only counters are judged).
    pub threshold: f64,
    /// The seed of the bootstrap draws.
    pub seed: u64,
    /// Counter changes are reported, not judged.
    pub accept_counter_changes: bool,
    /// A file that lacks rows of the other is compared as far as it goes.
    pub allow_partial: bool,
    /// The output's format.
    pub format: CompareFormat,
    /// The output's file, written whole or not at all; `None`: standard output.
    pub out: Option<PathBuf>,
    /// The width the table format's notes are wrapped to; `None`: as long as they are.
    pub width: Option<usize>,
}

/// Compares the runs `settings` name, writes the comparison and judges it: a problem is bad
/// input, a slowdown beyond the threshold or a changed counter a regression.
pub fn compare_runs(settings: &CompareSettings, log: &mut Log) {
    // OLD [NEW], or the runs of each side: OLD... --vs NEW...
    let (old, new): (Vec<&Path>, Vec<&Path>) = match (&settings.files[..], &settings.vs[..]) {
        (files, []) if files.len() > 2 => {
            log.problem("more than two files: give the new side's runs after --vs");
            return;
        }
        ([old, new], []) => (vec![old], vec![new]),
        ([old], []) => (vec![old], vec![old]),
        (old, new) => {
            (old.iter().map(PathBuf::as_path).collect(), new.iter().map(PathBuf::as_path).collect())
        }
    };
    // Without NEW, two engines of OLD are compared; with NEW (even OLD again), each engine
    // with itself.
    let one_file = settings.files.len() == 1 && settings.vs.is_empty();
    let pair = match (&settings.pair, one_file, &settings.engines[..]) {
        (Some(pair), _, _) => Some(pair.clone()),
        (None, true, [old, new]) => Some((old.clone(), new.clone())),
        (None, true, _) => {
            log.problem(
                "comparing one file with itself: name the two engines to compare, \
                 --engines OLD_ENGINE,NEW_ENGINE",
            );
            return;
        }
        (None, false, _) => None,
    };
    if let Some(out) = &settings.out {
        let inputs: Vec<(&str, &Path)> =
            old.iter().chain(&new).map(|input| ("an input of the comparison", *input)).collect();
        if let Err(message) = files::check_not_an_input("--out", out, &inputs) {
            log.problem(message);
            return;
        }
        if let Err(error) = files::check_destination(out, false) {
            log.problem(format!("--out: {error}"));
            return;
        }
    }
    let options = CompareOptions {
        engines: if pair.is_some() { Vec::new() } else { settings.engines.clone() },
        pair,
        threshold: settings.threshold / 100.0,
        seed: settings.seed,
    };
    let comparison = match compare::compare_runs(&old, &new, &options) {
        Ok(comparison) => comparison,
        Err(message) => {
            log.problem(message);
            return;
        }
    };
    // A gate that compared less than it was given did not do its job: a run cut short, whose
    // file lacks engines or puzzles, would otherwise pass as no change.
    if !settings.allow_partial
        && let Some(lacking) = comparison.lacking.first()
    {
        let more = match comparison.lacking.len() {
            1 => String::new(),
            others => format!(" (and {} lacking rows)", plural(others as u64 - 1, "other file")),
        };
        log.problem(format!(
            "{}{more}: a run cut short? --allow-partial compares what both have",
            lacking.describe()
        ));
        return;
    }
    if let Some(drift) = comparison.one_run_drift_percent
        && comparison.groups.iter().any(|g| g.speed.is_some())
    {
        log.note(format!(
            "note: one run a side: the intervals hold the spread between puzzles, not the drift \
             of a whole run, so a change within ±{drift}% (measured between runs of one build \
             on a shared machine) is no change; give several runs a side (OLD... --vs NEW...) \
             or compare both in one run (sudoku bench --compare A,B) to judge smaller ones"
        ));
    }
    let mut text = Vec::new();
    // Writing to memory cannot fail.
    let _ = comparison.write_within(settings.format, settings.width, &mut text);
    match &settings.out {
        Some(path) => {
            if let Err(error) = files::write_whole(path, &text, false) {
                log.problem(error.to_string());
                return;
            }
        }
        None => log.text(String::from_utf8_lossy(&text).into_owned(), true),
    }
    log.findings.regression = comparison.is_regression(settings.accept_counter_changes);
}
