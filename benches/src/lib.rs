//! Criterion benchmarks live in the bench targets.
