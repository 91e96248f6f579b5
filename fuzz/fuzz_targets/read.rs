//! The reader on arbitrary bytes: see `oracles::read_any_bytes`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_fuzz::read_any_bytes(data));
