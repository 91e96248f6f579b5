//! Corpora, options and engines shared by the harness's test suites.

#![allow(dead_code)] // Each suite uses a different subset.

use std::path::PathBuf;

use sudoku_bench::{BenchOptions, Corpus, Mode, Schedule};
use sudoku_core::ReadOptions;
use sudoku_engines::EngineInfo;

/// The repository's root.
pub fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The first `count` puzzles of the shipped corpus, written to `directory/name` and loaded
/// from there, so reports name a real file.
pub fn shipped_prefix(directory: &tempfile::TempDir, name: &str, count: usize) -> Corpus {
    let text = std::fs::read_to_string(repository().join(sudoku_bench::corpus::SHIPPED_CORPUS))
        .expect("the shipped corpus");
    let mut kept = String::from("# a prefix of the shipped corpus\n");
    for line in text.lines().filter(|line| !line.starts_with('#')).take(count) {
        kept.push_str(line);
        kept.push('\n');
    }
    let path = directory.path().join(name);
    std::fs::write(&path, kept).unwrap();
    Corpus::load(&path, ReadOptions::default()).unwrap()
}

/// The shipped sample puzzles (`data/samples/*.in`), one corpus per file, in name order.
pub fn samples() -> Vec<Corpus> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(repository().join("data/samples"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    paths.sort();
    paths.iter().map(|path| Corpus::load(path, ReadOptions::default()).unwrap()).collect()
}

/// `../shared/corpora` beside the repository, or `None` (with a printed notice) when absent.
pub fn shared_corpora(test: &str) -> Option<PathBuf> {
    let dir = repository().join("../shared/corpora");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("NOTICE: {test} skipped: {} not found", dir.display());
        None
    }
}

/// A registry engine by name.
pub fn engine(name: &str) -> &'static EngineInfo {
    sudoku_engines::find(name).unwrap_or_else(|unknown| panic!("{unknown}"))
}

/// Unique mode, a 100,000-node budget, one pass, cross-check on, no progress bar.
pub fn options<'e>(engines: Vec<&'e EngineInfo>, threads: usize) -> BenchOptions<'e> {
    BenchOptions {
        engines,
        mode: Mode::Unique,
        budget: Some(100_000),
        threads,
        timing: Schedule::Repeat(1),
        cross_check: true,
        progress: false,
        shard: None,
    }
}
