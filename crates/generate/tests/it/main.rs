//! The integration tests of `sudoku-generate`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

mod generate;
mod targets;
mod variants;
