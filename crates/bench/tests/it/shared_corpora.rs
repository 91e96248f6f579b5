//! The harness over the public corpora as published: every file reads without an error, and
//! every registered engine agrees with every other on a fixed sample of each.
//!
//! Needs `../shared/corpora`; skips with a notice when it is absent. CI runs the full files
//! through `sudoku bench` in release mode (see `.ci/run`).

use crate::common;

use common::{options, shared_corpora};
use sudoku_bench::Corpus;
use sudoku_core::ReadOptions;
use sudoku_engines::ENGINES;

const PER_FILE: usize = 100;

#[test]
fn every_engine_agrees_on_a_sample_of_every_shared_corpus() {
    let Some(dir) = shared_corpora("every_engine_agrees_on_a_sample_of_every_shared_corpus") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let corpora: Vec<Corpus> = files
        .iter()
        .map(|path| {
            let corpus = Corpus::load(path, ReadOptions::default()).unwrap();
            assert_eq!(corpus.read_errors, Vec::<String>::new(), "{}", corpus.file);
            assert!(!corpus.puzzles.is_empty(), "{}", corpus.file);
            corpus.sample(PER_FILE)
        })
        .collect();
    let mut run_options = options(ENGINES.iter().collect(), 2);
    run_options.budget = Some(20_000);
    let report = sudoku_bench::run(&corpora, &run_options).unwrap();
    if let Some(first) = report.disagreements.as_ref().and_then(|found| found.first()) {
        panic!("{} disagreements; the first:\n{first}", report.disagreement_count());
    }
    for record in &report.records {
        assert_eq!(record.disagreements, Some(0));
        let finished = record.puzzles - record.budget_outs;
        let multi = record.file.ends_with("multi-solution.txt");
        let expected = if multi { record.two_plus_solutions } else { record.one_solution };
        assert_eq!(expected, Some(finished), "{} on {}", record.engine, record.file);
        println!(
            "{} on {}: {} of {} out of budget",
            record.engine, record.file, record.budget_outs, record.puzzles
        );
    }
    // Some engine finished every puzzle of every file, so every answer had one to agree with.
    for file in &report.files {
        let complete = report.records.iter().filter(|r| r.file == file.file && r.budget_outs == 0);
        assert!(complete.count() > 0, "every engine gave up on some puzzle of {}", file.file);
    }
}
