//! Every engine solves every seed sample to its expected output.
//!
//! The output must match byte for byte where the answer is unique, and for the row-major
//! engines always (their answer is the lexicographically smallest, which is what the samples
//! with several solutions expect); otherwise the checker must accept the answer.

use crate::common;

use std::fs;

use common::{ROW_MAJOR, samples_dir, solve_with_all};
use sudoku_core::{Alphabet, Limits, Verdict, check_solution, format_grid, parse_one};

#[test]
fn every_engine_solves_every_sample() {
    let mut inputs: Vec<_> = fs::read_dir(samples_dir())
        .expect("data/samples exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 6, "samples missing: {inputs:?}");
    for input in inputs {
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let puzzle =
            parse_one(&fs::read(&input).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = fs::read_to_string(input.with_extension("out")).unwrap();
        let outcomes = solve_with_all(&puzzle.grid, Limits::UNIQUE);
        let unique = outcomes.iter().all(|(_, o)| o.verdict(Limits::UNIQUE) == Verdict::Exactly(1));
        let multiple =
            outcomes.iter().all(|(_, o)| o.verdict(Limits::UNIQUE) == Verdict::AtLeast(2));
        assert!(unique || multiple, "{name}: engines disagree on the count");
        for (info, outcome) in outcomes {
            let solution =
                outcome.solution.unwrap_or_else(|| panic!("{name}: {} found none", info.name));
            if unique || ROW_MAJOR.contains(&&*info.name) {
                assert_eq!(
                    format_grid(&solution, puzzle.format, Alphabet::FromOne),
                    expected,
                    "{name}, {}",
                    info.name
                );
            } else {
                assert_eq!(
                    check_solution(&puzzle.grid, &solution),
                    Ok(()),
                    "{name}, {}",
                    info.name
                );
            }
        }
    }
}
