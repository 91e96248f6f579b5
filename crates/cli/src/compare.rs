//! `sudoku bench compare OLD [NEW]`: two runs' per-puzzle files (or two engines of one)
//! compared puzzle by puzzle and judged by [`sudoku_bench::judge`]; this module turns the
//! arguments into its settings, prints what it says and gives the exit code.

use sudoku_bench::Log;
use sudoku_bench::judge::{self, CompareSettings};

use crate::args::CompareArgs;
use crate::console::{self, say};
use crate::exit;

/// Runs `sudoku bench compare`; returns the exit code.
pub fn run(args: &CompareArgs) -> u8 {
    let settings = CompareSettings {
        files: args.files.clone(),
        vs: args.vs.clone(),
        engines: args.engines.clone(),
        pair: args.pair.clone(),
        threshold: args.threshold,
        seed: args.seed,
        accept_counter_changes: args.accept_counter_changes,
        allow_partial: args.allow_partial,
        format: args.format,
        out: args.out.clone(),
        width: Some(console::width()),
    };
    let mut log = Log::new();
    judge::compare_runs(&settings, &mut log);
    match say(&mut log) {
        Ok(()) => exit::of(log.conclusion()),
        // Standard error failed or went away: what was found cannot be said.
        Err(halt) => halt.exit_code(exit::BAD_INPUT),
    }
}
