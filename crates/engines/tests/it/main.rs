//! The integration tests of `sudoku-engines`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

#[path = "../common/mod.rs"]
mod common;

mod contract;
mod corpora;
mod differential;
mod fast;
mod fuzz_regressions;
mod logic;
mod logic_vs_sudoku_crate;
mod observe;
mod peers;
mod samples;
mod sizes;
