//! Criterion benchmarks of every registered engine; the bench targets live in `benches/`.
//!
//! This library holds what they share: which corpora to measure and how to sample them, so a
//! bench and a test can agree on the same fixed samples.

use std::path::{Path, PathBuf};

use sudoku_bench::Corpus;
use sudoku_core::ReadOptions;

/// Puzzles measured per shared corpus file: a fixed sample, spread evenly over the file, small
/// enough that plain backtracking under [`BUDGET`] finishes an iteration in well under a second.
pub const SHARED_SAMPLE: usize = 100;

/// Puzzles measured from the shipped corpus.
pub const SHIPPED_SAMPLE: usize = 500;

/// The shipped corpora of sizes other than 9×9: group name, file, puzzles measured.
pub const LARGER_CORPORA: [(&str, &str, usize); 2] = [
    ("generated-4x4", "data/corpus/generated-4x4-1000.txt", 1000),
    ("generated-16x16", "data/corpus/generated-16x16-1000.txt", 50),
];

/// The node budget of instrumented engines: the same as `sudoku bench`'s default, so
/// hopeless searches by the baseline engines end quickly.
pub const BUDGET: u64 = 10_000;

/// The repository's root.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The corpora to benchmark, each with the name of its group: the seed samples (all of
/// `data/samples/*.in` as one group), a sample of the shipped corpus, and a sample of each
/// `../shared/corpora` file when that folder exists (otherwise a notice is printed).
pub fn corpora() -> Vec<(String, Corpus)> {
    let root = repository();
    let mut groups = Vec::new();

    let mut sample_files: Vec<PathBuf> = std::fs::read_dir(root.join("data/samples"))
        .map(|entries| entries.filter_map(|entry| entry.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    sample_files.retain(|path| path.extension().is_some_and(|ext| ext == "in"));
    sample_files.sort();
    let mut samples = Corpus::read("data/samples", &b""[..], ReadOptions::default());
    for path in &sample_files {
        if let Ok(corpus) = Corpus::load(path, ReadOptions::default()) {
            samples.puzzles.extend(corpus.puzzles);
        }
    }
    if !samples.puzzles.is_empty() {
        groups.push(("samples".to_owned(), samples));
    }

    if let Ok(shipped) =
        Corpus::load(&root.join(sudoku_bench::corpus::SHIPPED_CORPUS), ReadOptions::default())
    {
        groups.push(("generated".to_owned(), shipped.sample(SHIPPED_SAMPLE)));
    }
    // The shipped corpora of other sizes, each a group of its own.
    for (name, file, sample) in LARGER_CORPORA {
        if let Ok(corpus) = Corpus::load(&root.join(file), ReadOptions::default()) {
            groups.push((name.to_owned(), corpus.sample(sample)));
        }
    }

    let shared = root.join("../shared/corpora");
    let mut shared_files: Vec<PathBuf> = std::fs::read_dir(&shared)
        .map(|entries| entries.filter_map(|entry| entry.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    shared_files.retain(|path| path.extension().is_some_and(|ext| ext == "txt"));
    shared_files.sort();
    if shared_files.is_empty() {
        println!("NOTICE: shared corpora benchmarks skipped: {} not found", shared.display());
    }
    for path in &shared_files {
        if let Ok(corpus) = Corpus::load(path, ReadOptions::default()) {
            let name =
                path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            groups.push((name, corpus.sample(SHARED_SAMPLE)));
        }
    }
    groups
}
