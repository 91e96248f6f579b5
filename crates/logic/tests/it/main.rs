//! The integration tests of `sudoku-logic`, one binary: each module is one file's tests (a binary
//! per file would link the crate's dependencies once per file).

mod chain_notation;
mod explainer_chains;
mod variants;
