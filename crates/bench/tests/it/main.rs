//! The integration tests of `sudoku-bench`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

#[path = "../common/mod.rs"]
mod common;

mod baselines;
mod crosscheck;
mod failures;
mod fuzz_regressions;
mod hostile_files;
mod html_report;
mod names;
mod passes;
mod reports;
mod shards;
mod shared_corpora;
