//! `sudoku bench compare OLD [NEW]`: two runs' per-puzzle files (or two engines of one)
//! compared puzzle by puzzle, with the paired statistics of [`sudoku_bench::stats`].

use std::path::{Path, PathBuf};

use sudoku_bench::compare::{self, CompareOptions};
use sudoku_bench::files;

use crate::args::CompareArgs;
use crate::console::{self, Halt, errln, plural};
use crate::exit;

/// Runs `sudoku bench compare`; returns the exit code.
pub fn run(args: &CompareArgs) -> u8 {
    match compare_files(args) {
        Ok(code) => code,
        Err(halt) => halt.exit_code(exit::BAD_INPUT),
    }
}

fn compare_files(args: &CompareArgs) -> Result<u8, Halt> {
    // OLD [NEW], or the runs of each side: OLD... --vs NEW...
    let (old, new): (Vec<&Path>, Vec<&Path>) = match (&args.files[..], &args.vs[..]) {
        (files, []) if files.len() > 2 => {
            errln!("sudoku: more than two files: give the new side's runs after --vs")?;
            return Ok(exit::BAD_INPUT);
        }
        ([old, new], []) => (vec![old], vec![new]),
        ([old], []) => (vec![old], vec![old]),
        (old, new) => {
            (old.iter().map(PathBuf::as_path).collect(), new.iter().map(PathBuf::as_path).collect())
        }
    };
    // Without NEW, two engines of OLD are compared; with NEW (even OLD again), each engine
    // with itself.
    let one_file = args.files.len() == 1 && args.vs.is_empty();
    let pair = match (&args.pair, one_file, &args.engines[..]) {
        (Some(pair), _, _) => Some(pair.clone()),
        (None, true, [old, new]) => Some((old.clone(), new.clone())),
        (None, true, _) => {
            errln!(
                "sudoku: comparing one file with itself: name the two engines to compare, \
                 --engines OLD_ENGINE,NEW_ENGINE"
            )?;
            return Ok(exit::BAD_INPUT);
        }
        (None, false, _) => None,
    };
    if let Some(out) = &args.out {
        let inputs: Vec<(&str, &Path)> =
            old.iter().chain(&new).map(|input| ("an input of the comparison", *input)).collect();
        if let Err(message) = files::check_not_an_input("--out", out, &inputs) {
            errln!("sudoku: {message}")?;
            return Ok(exit::BAD_INPUT);
        }
        if let Err(error) = files::check_destination(out, false) {
            errln!("sudoku: --out: {error}")?;
            return Ok(exit::BAD_INPUT);
        }
    }
    let options = CompareOptions {
        engines: if pair.is_some() { Vec::new() } else { args.engines.clone() },
        pair,
        threshold: args.threshold / 100.0,
        seed: args.seed,
    };
    let comparison = match compare::compare_runs(&old, &new, &options) {
        Ok(comparison) => comparison,
        Err(message) => {
            errln!("sudoku: {message}")?;
            return Ok(exit::BAD_INPUT);
        }
    };
    // A gate that compared less than it was given did not do its job: a run cut short, whose
    // file lacks engines or puzzles, would otherwise pass as no change.
    if !args.allow_partial
        && let Some(lacking) = comparison.lacking.first()
    {
        let more = match comparison.lacking.len() {
            1 => String::new(),
            others => format!(" (and {} lacking rows)", plural(others as u64 - 1, "other file")),
        };
        errln!(
            "sudoku: {}{more}: a run cut short? --allow-partial compares what both have",
            lacking.describe()
        )?;
        return Ok(exit::BAD_INPUT);
    }
    if let Some(drift) = comparison.one_run_drift_percent
        && comparison.groups.iter().any(|g| g.speed.is_some())
    {
        errln!(
            "note: one run a side: the intervals hold the spread between puzzles, not the drift \
             of a whole run, so a change within ±{drift}% (measured between runs of one build \
             on a shared machine) is no change; give several runs a side (OLD... --vs NEW...) \
             or compare both in one run (sudoku bench --compare A,B) to judge smaller ones"
        )?;
    }
    let mut text = Vec::new();
    // Writing to memory cannot fail.
    let _ = comparison.write(args.format, &mut text);
    match &args.out {
        Some(path) => {
            if let Err(error) = files::write_whole(path, &text, false) {
                errln!("sudoku: {error}")?;
                return Ok(exit::BAD_INPUT);
            }
        }
        None => match console::out_bytes(&text) {
            Ok(()) | Err(Halt::ClosedPipe) => {}
            Err(Halt::OutputFailed(message)) => {
                errln!("sudoku: {message}")?;
                return Ok(exit::BAD_INPUT);
            }
            Err(halt) => return Err(halt),
        },
    }
    Ok(if comparison.is_regression(args.accept_counter_changes) {
        exit::REGRESSION
    } else {
        exit::SUCCESS
    })
}
