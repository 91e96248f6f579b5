//! The fuzz targets' checks on every input kept in `fuzz/regressions`: a few seeds that cover
//! the decoders' branches, and every input the fuzzer ever found (minimized). The checks are
//! the fuzz crate's own (`fuzz/src/oracles.rs`), compiled here on stable Rust, so that
//! `cargo test` alone replays them.

#[path = "../../../../fuzz/src/oracles.rs"]
mod oracles;

use std::fs;
use std::path::{Path, PathBuf};

/// The kept inputs of one fuzz target, in name order.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions").join(target);
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{}: no kept inputs", dir.display());
    paths
}

/// Runs `check` on every kept input of `target`, naming the input that fails.
fn replay(target: &str, check: fn(&[u8])) {
    for path in inputs(target) {
        let data = fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{}: the check failed on this input", path.display());
    }
}

#[test]
fn reader_inputs_pass() {
    replay("read", oracles::read_any_bytes);
}

#[test]
fn engine_inputs_pass() {
    replay("engines", oracles::engines_agree);
}
