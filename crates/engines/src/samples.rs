//! The seed samples of `data/samples`, compiled in for the unit tests of the engines with
//! `unsafe` code, so that those tests read no files and run under Miri's isolation too.

use sudoku_core::{Alphabet, Engine, Limits, Verdict, check_solution, format_grid, parse_one};

/// A sample's name, puzzle and expected output.
macro_rules! sample {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../data/samples/", $name, ".in")),
            include_str!(concat!("../../../data/samples/", $name, ".out")),
        )
    };
}

/// Every sample.
const SAMPLES: [(&str, &str, &str); 6] = [
    sample!("2239-sample1"),
    sample!("2580-blank"),
    sample!("2580-case2"),
    sample!("2580-sample1"),
    sample!("seed004-judge"),
    sample!("seed004-pretty"),
];

/// Asserts that one `engine` value solves every sample in turn: a unique solution must be the
/// expected output byte for byte, and a puzzle with several solutions must be reported as
/// such with a solution the checker accepts.
pub(crate) fn assert_solves_samples(engine: &mut dyn Engine) {
    for (name, input, expected) in SAMPLES {
        let puzzle = parse_one(input.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let outcome = engine.solve(&puzzle.grid, Limits::UNIQUE);
        let solution = outcome.solution.clone().unwrap_or_else(|| panic!("{name}: no solution"));
        match outcome.verdict(Limits::UNIQUE) {
            Verdict::Exactly(1) => {
                assert_eq!(
                    format_grid(&solution, puzzle.format, Alphabet::FromOne),
                    expected,
                    "{name}"
                );
            }
            Verdict::AtLeast(2) => {
                assert_eq!(check_solution(&puzzle.grid, &solution), Ok(()), "{name}");
            }
            verdict => panic!("{name}: {verdict}"),
        }
    }
}
