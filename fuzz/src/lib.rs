//! The checks the fuzz targets run on each input. The engines crate's test suite runs the same
//! checks on the inputs kept in `fuzz/regressions` (`crates/engines/tests/it/fuzz_regressions.rs`),
//! and the bench crate's on those of the `reports` target
//! (`crates/bench/tests/it/fuzz_regressions.rs`).

mod oracles;
mod reports;

pub use oracles::{engines_agree, read_any_bytes};
pub use reports::reports_any_bytes;
