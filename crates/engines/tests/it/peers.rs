//! The peers (published solvers behind the `peer-*` features) against the project's engines.
//!
//! Checked in both directions:
//! - every enabled peer agrees with the project's `dlx` engine on solution counts (up to 2)
//!   and, where the solution is unique, on the solution: over the shipped samples, an evenly
//!   spaced sample of the shared corpora, generated puzzles, and contradictory ones;
//! - `peer-dancing-links`, written independently of everything in this workspace, is the oracle
//!   every instrumented engine's solution counts are checked against. `naive` and `bitmask`
//!   run under a node budget there; their budget-outs are skipped and counted, never taken as
//!   agreement or as failure.
//!
//! The corpus parts need `../shared/corpora` and skip with a notice when it is absent.

#![cfg(any(feature = "peer-jczsolve", feature = "peer-dlx", feature = "peer-dancing-links"))]

use crate::common;

use std::fs::{self, File};
use std::io::BufReader;
use std::path::Path;
use sudoku_core::Size;

use common::{samples_dir, shared_corpora, thinned_grid};
use proptest::prelude::*;
use sudoku_core::{Grid, Limits, Outcome, PuzzleReader, Verdict, check_solution, parse_one};
use sudoku_engines::find;

/// The peers this build registers.
const PEERS: &[&str] = &[
    #[cfg(feature = "peer-jczsolve")]
    "peer-jczsolve",
    #[cfg(feature = "peer-dlx")]
    "peer-dlx",
    #[cfg(feature = "peer-dancing-links")]
    "peer-dancing-links",
];

/// Puzzles drawn, evenly spaced, from each corpus file.
const PER_FILE: usize = 100;
const CORPUS_FILES: [&str; 4] =
    ["17-clue.txt", "top1465.txt", "hardest-1106.txt", "multi-solution.txt"];

/// A puzzle and where it comes from, for failure messages.
struct Labelled {
    label: String,
    grid: Grid,
}

fn samples() -> Vec<Labelled> {
    let mut inputs: Vec<_> = fs::read_dir(samples_dir())
        .expect("data/samples exists")
        .map(|entry| entry.expect("data/samples is readable").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 6, "samples missing: {inputs:?}");
    inputs
        .into_iter()
        .map(|input| {
            let label = input.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let bytes = fs::read(&input).unwrap_or_else(|e| panic!("{label}: {e}"));
            let grid = parse_one(&bytes).unwrap_or_else(|e| panic!("{label}: {e}")).grid;
            Labelled { label, grid }
        })
        .collect()
}

/// Up to [`PER_FILE`] evenly spaced puzzles from each corpus file.
fn corpus_sample(dir: &Path) -> Vec<Labelled> {
    let mut sample = Vec::new();
    for file in CORPUS_FILES {
        let reader =
            BufReader::new(File::open(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}")));
        let puzzles: Vec<_> = PuzzleReader::new(reader)
            .map(|item| item.unwrap_or_else(|e| panic!("{file}: {e}")))
            .collect();
        let step = (puzzles.len() / PER_FILE).max(1);
        sample.extend(
            puzzles.iter().step_by(step).take(PER_FILE).map(|p| Labelled {
                label: format!("{file} line {}", p.line),
                grid: p.grid.clone(),
            }),
        );
    }
    sample
}

/// A solved grid thinned to anything from empty to full (sparse puzzles have many solutions),
/// sometimes with one cell overwritten by an arbitrary digit, which often leaves no solution.
fn generated_puzzle() -> impl Strategy<Value = Grid> {
    (thinned_grid(0..101), proptest::option::of((0..81usize, 1..=9u8))).prop_map(
        |((mut puzzle, _), overwrite)| {
            if let Some((cell, digit)) = overwrite {
                puzzle.set(cell, digit);
            }
            puzzle
        },
    )
}

/// A puzzle with a clue repeated in a unit: `at` gets the digit of one of its peer cells.
fn contradictory_puzzle() -> impl Strategy<Value = Grid> {
    (thinned_grid(0..90), 0..81usize, 0..20usize).prop_map(|((puzzle, solved), at, pick)| {
        let peers: Vec<usize> = (0..81)
            .filter(|&c| {
                c != at
                    && (Size::NINE.row_of(c) == Size::NINE.row_of(at)
                        || Size::NINE.col_of(c) == Size::NINE.col_of(at)
                        || Size::NINE.box_of(c) == Size::NINE.box_of(at))
            })
            .collect();
        let peer = peers[pick % peers.len()];
        let mut broken = puzzle;
        broken.set(peer, solved.get(peer));
        broken.set(at, solved.get(peer));
        broken
    })
}

/// Whether two outcomes for `puzzle` under `limits` agree: the same verdict, and the same
/// solution when it is unique. Each outcome must be consistent, and any solution must satisfy
/// the puzzle.
fn agree(
    puzzle: &Grid,
    limits: Limits,
    (name, ours): (&str, Outcome),
    (reference, theirs): (&str, Outcome),
) -> Result<(), String> {
    for (who, outcome) in [(name, &ours), (reference, &theirs)] {
        if outcome.solution.is_some() != (outcome.count > 0) {
            return Err(format!(
                "{who}: count {} with solution {:?}",
                outcome.count, outcome.solution
            ));
        }
        if let Some(solution) = &outcome.solution {
            check_solution(puzzle, solution)
                .map_err(|e| format!("{who}: {solution} is wrong: {e}"))?;
        }
    }
    let verdicts = (ours.verdict(limits), theirs.verdict(limits));
    if verdicts.0 != verdicts.1 {
        return Err(format!("{name} says {}, {reference} says {}", verdicts.0, verdicts.1));
    }
    if verdicts.0 == Verdict::Exactly(1) && ours.solution != theirs.solution {
        return Err(format!("{name} and {reference} differ on the unique solution"));
    }
    Ok(())
}

/// Every peer against `dlx`, counting to 2 and in first-solution mode.
fn peers_agree_with_dlx(puzzle: &Grid) -> Result<(), String> {
    let mut dlx = find("dlx").map_err(|e| e.to_string())?.create();
    for &peer in PEERS {
        let mut engine = find(peer).map_err(|e| e.to_string())?.create();
        for limits in [Limits::UNIQUE, Limits::FIRST] {
            let outcomes =
                ((peer, engine.solve(puzzle, limits)), ("dlx", dlx.solve(puzzle, limits)));
            agree(puzzle, limits, outcomes.0, outcomes.1)
                .map_err(|e| format!("{puzzle} ({limits:?}): {e}"))?;
        }
    }
    Ok(())
}

#[test]
fn the_registry_holds_every_enabled_peer_marked_uninstrumented() {
    for &peer in PEERS {
        let info = find(peer).unwrap_or_else(|e| panic!("{e}"));
        assert!(!info.instrumented, "{peer}");
    }
}

#[test]
fn peers_agree_with_dlx_on_the_samples() {
    for sample in samples() {
        peers_agree_with_dlx(&sample.grid).unwrap_or_else(|e| panic!("{}: {e}", sample.label));
    }
}

#[test]
fn peers_agree_with_dlx_over_the_shared_corpora() {
    let Some(dir) = shared_corpora("peers_agree_with_dlx_over_the_shared_corpora") else {
        return;
    };
    let sample = corpus_sample(&dir);
    assert_eq!(sample.len(), 3 * PER_FILE + PER_FILE.min(375), "hardest-1106 holds 375 puzzles");
    for puzzle in &sample {
        peers_agree_with_dlx(&puzzle.grid).unwrap_or_else(|e| panic!("{}: {e}", puzzle.label));
    }
}

#[test]
fn edge_grids_full_empty_and_dead_end() {
    let solved = sudoku_core::symmetry::base_solution(Size::NINE);
    // r1c9 sees 1..8 in its row and 9 in its column: no clue repeats, yet nothing fits.
    let mut dead_end = Grid::empty(Size::NINE);
    for (col, digit) in (1..=8).enumerate() {
        dead_end.set(col, digit);
    }
    dead_end.set(80, 9);
    assert!(dead_end.first_conflict().is_none());
    for &peer in PEERS {
        let mut engine = find(peer).unwrap_or_else(|e| panic!("{e}")).create();
        let full = engine.solve(&solved, Limits::UNIQUE);
        assert_eq!((full.count, full.solution), (1, Some(solved.clone())), "{peer}: full grid");
        let dead = engine.solve(&dead_end, Limits::UNIQUE);
        assert_eq!((dead.count, dead.solution), (0, None), "{peer}: dead end");
        for limit in [1, 2, 7, 40] {
            let empty = engine.solve(&Grid::empty(Size::NINE), Limits::count_up_to(limit));
            assert_eq!(empty.count, limit, "{peer}: empty grid");
            let solution =
                empty.solution.unwrap_or_else(|| panic!("{peer}: count without solution"));
            assert_eq!(check_solution(&Grid::empty(Size::NINE), &solution), Ok(()), "{peer}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn peers_agree_with_dlx_on_generated_puzzles(puzzle in generated_puzzle()) {
        prop_assert_eq!(peers_agree_with_dlx(&puzzle), Ok(()));
    }

    #[test]
    fn contradictory_clues_give_no_solution(puzzle in contradictory_puzzle()) {
        prop_assert!(puzzle.first_conflict().is_some());
        for &peer in PEERS {
            let mut engine = find(peer).map_err(|e| TestCaseError::fail(e.to_string()))?.create();
            for limits in [Limits::FIRST, Limits::UNIQUE] {
                let outcome = engine.solve(&puzzle, limits);
                let found = (outcome.count, outcome.solution);
                prop_assert_eq!(found, (0, None), "{} on {}", peer, puzzle);
            }
        }
    }
}

#[cfg(feature = "peer-dancing-links")]
mod oracle {
    //! Every instrumented engine against `peer-dancing-links`.

    use super::*;
    use common::NEEDS_BUDGET;
    use sudoku_engines::ENGINES;

    const ORACLE: &str = "peer-dancing-links";
    /// The budget of `naive` and `bitmask`, as in the corpus test of all engines.
    const BUDGET: u64 = 20_000;

    /// Checks every instrumented engine on `puzzle`, counting to 2; returns the names of the
    /// engines that ran out of budget. `naive` and `bitmask` always get [`BUDGET`]; with
    /// `budget_all`, every engine does: a random puzzle may be a sparse one whose hidden
    /// contradiction takes any backtracking search exponential time to prove.
    fn engines_agree_with_the_oracle(
        puzzle: &Grid,
        budget_all: bool,
    ) -> Result<Vec<&'static str>, String> {
        let oracle =
            find(ORACLE).map_err(|e| e.to_string())?.create().solve(puzzle, Limits::UNIQUE);
        let mut budget_outs = Vec::new();
        for info in ENGINES.iter().filter(|info| info.instrumented) {
            let limits = if budget_all || NEEDS_BUDGET.contains(&&*info.name) {
                Limits::UNIQUE.with_node_budget(BUDGET)
            } else {
                Limits::UNIQUE
            };
            let outcome = info.create().solve(puzzle, limits);
            if outcome.budget_exhausted {
                budget_outs.push(&*info.name);
                continue;
            }
            agree(puzzle, Limits::UNIQUE, (&info.name, outcome), (ORACLE, oracle.clone()))
                .map_err(|e| format!("{puzzle}: {e}"))?;
        }
        Ok(budget_outs)
    }

    #[test]
    fn instrumented_engines_agree_with_the_oracle_over_the_shared_corpora() {
        let Some(dir) =
            shared_corpora("instrumented_engines_agree_with_the_oracle_over_the_shared_corpora")
        else {
            return;
        };
        let sample = corpus_sample(&dir);
        let mut budget_outs = std::collections::BTreeMap::<&str, usize>::new();
        for puzzle in &sample {
            let gave_up = engines_agree_with_the_oracle(&puzzle.grid, false)
                .unwrap_or_else(|e| panic!("{}: {e}", puzzle.label));
            for name in gave_up {
                *budget_outs.entry(name).or_default() += 1;
            }
        }
        for (name, count) in budget_outs {
            println!("{name}: {count} of {} puzzles out of a {BUDGET}-node budget", sample.len());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn instrumented_engines_agree_with_the_oracle_on_generated_puzzles(
            puzzle in generated_puzzle(),
        ) {
            prop_assert_eq!(engines_agree_with_the_oracle(&puzzle, true).map(|_| ()), Ok(()));
        }
    }
}
