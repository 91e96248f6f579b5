//! The `reports` fuzz target's check on every input kept in `fuzz/regressions/reports`: seeds
//! (shards as a run writes them, forged ones, histograms' bytes) and every input the fuzzer
//! ever found. The check is the fuzz crate's own (`fuzz/src/reports.rs`), compiled here on
//! stable Rust, so that `cargo test` alone replays them.

#[path = "../../../../fuzz/src/reports.rs"]
mod reports;

use std::fs;
use std::path::{Path, PathBuf};

/// The kept inputs of the `reports` target, in name order.
fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/reports");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{}: no kept inputs", dir.display());
    paths
}

#[test]
fn report_inputs_pass() {
    for path in inputs() {
        let data = fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let result = std::panic::catch_unwind(|| reports::reports_any_bytes(&data));
        assert!(result.is_ok(), "{}: the check failed on this input", path.display());
    }
}

#[test]
fn the_seeds_reach_both_a_merge_and_a_refusal() {
    // The seeds are only worth replaying if some read as reports and some are refused.
    let (mut read, mut refused) = (0, 0);
    for path in inputs() {
        let text = String::from_utf8(fs::read(&path).unwrap()).unwrap_or_default();
        match sudoku_bench::output::read_json(&text) {
            Ok(_) => read += 1,
            Err(_) => refused += 1,
        }
    }
    assert!(read >= 1 && refused >= 3, "{read} read, {refused} refused");
}
