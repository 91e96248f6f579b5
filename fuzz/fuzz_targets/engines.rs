//! Every engine against every other on a grid decoded from the input: see
//! `oracles::engines_agree`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_fuzz::engines_agree(data));
