//! The `logic` ladder against the `sudoku` crate's strategy solver, on top1465 and every
//! fourth puzzle of the 17-clue list: every puzzle the crate solves without guessing, with the strategies that match ours,
//! the full `logic` ladder (uniqueness off) must solve without guessing too. Both fractions are
//! printed per file, and for information the fraction our ladder solves when capped at the
//! hardest matching technique.
//!
//! Needs `../shared/corpora`; skips with a notice when it is absent. The crate is behind the
//! `peer-jczsolve` feature (and so `peers`).
//!
//! The crate's strategies given, in its order, and the techniques of ours they match:
//!
//! | `sudoku::strategy::Strategy` | `sudoku_logic::Technique`                         |
//! |------------------------------|---------------------------------------------------|
//! | `NakedSingles`               | `NakedSingle` (and `FullHouse`)                    |
//! | `HiddenSingles`              | `HiddenSingleBox`, `HiddenSingleLine`, `FullHouse` |
//! | `LockedCandidates`           | `Pointing`, `Claiming`                             |
//! | `NakedPairs`                 | `NakedPair`                                        |
//! | `NakedTriples`               | `NakedTriple`                                      |
//! | `NakedQuads`                 | `NakedQuad`                                        |
//! | `HiddenPairs`                | `HiddenPair`                                       |
//! | `HiddenTriples`              | `HiddenTriple`                                     |
//! | `HiddenQuads`                | `HiddenQuad`                                       |
//! | `XWing`                      | `XWing`                                            |
//! | `Swordfish`                  | `Swordfish`                                        |
//! | `Jellyfish`                  | `Jellyfish`                                        |
//! | `XyWing`                     | `XyWing`                                           |
//! | `XyzWing`                    | `XyzWing`                                          |
//!
//! Left out:
//! - `MutantSwordfish`, `MutantJellyfish`: fish whose base and cover sets mix boxes with rows
//!   and columns; ours are row/column fish only. The crate marks them work in progress.
//! - `AvoidableRectangles`: assumes the puzzle has one solution, and we compare with
//!   uniqueness off; besides, the crate's strategy dispatcher reaches `unimplemented!()` for it.
//! - `SinglesChain`: commented out of the crate's `Strategy` enum.

#![cfg(feature = "peer-jczsolve")]

use crate::common;

use std::fs::File;
use std::io::BufReader;

use common::shared_corpora;
use sudoku::Sudoku;
use sudoku::strategy::{Strategy, StrategySolver};
use sudoku_core::{PuzzleReader, Size};
use sudoku_logic::{End, Ladder, Options, Technique};

/// The crate's strategies that match techniques of ours, in the crate's order.
const MATCHING: [Strategy; 14] = [
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::NakedTriples,
    Strategy::NakedQuads,
    Strategy::HiddenPairs,
    Strategy::HiddenTriples,
    Strategy::HiddenQuads,
    Strategy::XWing,
    Strategy::Swordfish,
    Strategy::Jellyfish,
    Strategy::XyWing,
    Strategy::XyzWing,
];

/// Counterexamples named in a failure message.
const SHOWN: usize = 10;

/// `part` of `whole` as `part/whole (p%)`.
fn fraction(part: usize, whole: usize) -> String {
    let percent = if whole == 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 };
    format!("{part}/{whole} ({percent:.1}%)")
}

/// Runs both solvers over every `every`th puzzle of `file`, prints the fractions and asserts
/// that the full ladder solves every puzzle the crate solves.
fn compare(test: &str, file: &str, every: usize) {
    let Some(dir) = shared_corpora(test) else {
        return;
    };
    let path = dir.join(file);
    let full = Ladder::new(Options { uniqueness: false, up_to: Technique::CellForcing });
    // The hardest matching technique in `Technique::ALL` order. `Options` can only cap, so
    // this ladder also has Skyscraper, 2-String Kite and W-Wing, which the crate lacks (and
    // XY-/XYZ-Wing, which it has); Unique Rectangle stays out with uniqueness off.
    let capped = Ladder::new(Options { uniqueness: false, up_to: Technique::HiddenQuad });

    let (mut puzzles, mut crate_solved, mut logic_solved, mut capped_solved) = (0, 0, 0, 0);
    let mut missed = Vec::new();
    let reader = PuzzleReader::new(BufReader::new(
        File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    ));
    for item in reader.step_by(every) {
        let puzzle = item.unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(puzzle.grid.size(), Size::NINE, "{file} line {}: not 9×9", puzzle.line);
        puzzles += 1;

        let sudoku = Sudoku::from_bytes_slice(puzzle.grid.cells())
            .unwrap_or_else(|e| panic!("{file} line {}: {e:?}", puzzle.line));
        let by_crate = StrategySolver::from_sudoku(sudoku).solve(&MATCHING).is_ok();
        let by_logic = full.solve(&puzzle.grid).end == End::Solved;
        let by_capped = capped.solve(&puzzle.grid).end == End::Solved;

        crate_solved += usize::from(by_crate);
        logic_solved += usize::from(by_logic);
        capped_solved += usize::from(by_capped);
        if by_crate && !by_logic {
            missed.push(puzzle.line);
        }
    }

    let name = file.trim_end_matches(".txt");
    println!(
        "{name}: sudoku crate {}, logic {}, logic up to {} {}",
        fraction(crate_solved, puzzles),
        fraction(logic_solved, puzzles),
        Technique::HiddenQuad.name(),
        fraction(capped_solved, puzzles),
    );
    assert!(puzzles > 0, "{file}: no puzzles");
    assert!(
        missed.is_empty(),
        "{file}: the sudoku crate solves {} puzzle(s) the logic ladder does not; first lines: {:?}",
        missed.len(),
        &missed[..missed.len().min(SHOWN)]
    );
}

#[test]
fn logic_solves_every_top1465_puzzle_the_sudoku_crate_solves() {
    compare("logic_solves_every_top1465_puzzle_the_sudoku_crate_solves", "top1465.txt", 1);
}

/// Every fourth puzzle of the list (12,290): the whole of it takes a minute on 2 cores, and
/// the sample keeps every band of it.
#[test]
fn logic_solves_every_fourth_17_clue_puzzle_the_sudoku_crate_solves() {
    compare("logic_solves_every_fourth_17_clue_puzzle_the_sudoku_crate_solves", "17-clue.txt", 4);
}
