//! The integration tests of `sudoku-core`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

mod formats;
mod layouts;
mod line_ends;
mod read_errors;
mod sizes;
mod sums;
