//! The bench harness's report and histogram readers on arbitrary bytes: see
//! `reports::reports_any_bytes`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_fuzz::reports_any_bytes(data));
