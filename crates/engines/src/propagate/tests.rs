//! Tests of the `propagate` engine.
