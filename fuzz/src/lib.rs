//! The checks the fuzz targets run on each input. The engines crate's test suite runs the same
//! checks on the inputs kept in `fuzz/regressions` (`crates/engines/tests/fuzz_regressions.rs`).

mod oracles;

pub use oracles::{engines_agree, read_any_bytes};
