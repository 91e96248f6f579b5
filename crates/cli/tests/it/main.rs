//! The integration tests of `sudoku-cli`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

#[path = "../common/mod.rs"]
mod common;

mod bench;
mod bench_at_scale;
mod bench_checks;
mod bench_figures;
mod bench_hostile;
mod cli;
mod compare;
mod docs;
mod external;
mod fpuzzles;
mod generate;
mod generate_targets;
mod interactive;
mod layouts;
mod logic;
mod orphans;
mod outputs;
mod outside_unasked;
mod plugins;
mod serate;
mod setter;
mod shuffle;
mod sizes;
mod solve_threads;
mod streams;
mod structure;
mod transcripts;
mod widths;
