//! The integration tests of `sudoku-external`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

mod dimacs;
mod judge;
mod native;
mod protocol;
