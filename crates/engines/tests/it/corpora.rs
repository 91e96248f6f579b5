//! Every engine agrees with every other on solution counts over the public corpora.
//!
//! Needs `../shared/corpora`; skips with a notice when it is absent. Draws an evenly spaced
//! sample of 100 puzzles from each of the four files, counts solutions up to 2 with every
//! engine, and requires every engine that finished to agree (CI's release steps run every
//! engine over every puzzle of the files). `naive` and `bitmask` run
//! under a node budget: their budget-outs are counted and printed, never taken as agreement or
//! as failure. Where the count is 1, every engine's solution must be the same grid.

use crate::common;

use std::fs::File;
use std::io::BufReader;

use common::{NEEDS_BUDGET, shared_corpora};
use sudoku_core::{Limits, PuzzleReader, Verdict, check_solution};
use sudoku_engines::ENGINES;

/// Puzzles per file, spread evenly: every engine on every puzzle is CI's release cross-check.
const PER_FILE: usize = 100;
const BUDGET: u64 = 20_000;

#[test]
fn engines_agree_on_counts_over_the_shared_corpora() {
    let Some(dir) = shared_corpora("engines_agree_on_counts_over_the_shared_corpora") else {
        return;
    };
    let mut checked = 0;
    let mut engines: Vec<_> = ENGINES.iter().map(|info| (info, info.create(), 0usize)).collect();
    for file in ["17-clue.txt", "top1465.txt", "hardest-1106.txt", "multi-solution.txt"] {
        let path = dir.join(file);
        let puzzles: Vec<_> = PuzzleReader::new(BufReader::new(File::open(&path).unwrap()))
            .map(|item| item.unwrap_or_else(|e| panic!("{file}: {e}")))
            .collect();
        let step = (puzzles.len() / PER_FILE).max(1);
        for puzzle in puzzles.iter().step_by(step).take(PER_FILE) {
            let mut agreed: Option<(Verdict, Option<sudoku_core::Grid>, &str)> = None;
            for (info, engine, budget_outs) in &mut engines {
                let limits = if NEEDS_BUDGET.contains(&&*info.name) {
                    Limits::UNIQUE.with_node_budget(BUDGET)
                } else {
                    Limits::UNIQUE
                };
                let outcome = engine.solve(&puzzle.grid, limits);
                let verdict = outcome.verdict(limits);
                if let Verdict::GaveUp(_) = verdict {
                    *budget_outs += 1;
                    continue;
                }
                if let Some(solution) = &outcome.solution {
                    assert_eq!(
                        check_solution(&puzzle.grid, solution),
                        Ok(()),
                        "{file} line {}: {}",
                        puzzle.line,
                        info.name
                    );
                }
                let unique_solution =
                    (verdict == Verdict::Exactly(1)).then_some(outcome.solution).flatten();
                match agreed {
                    None => agreed = Some((verdict, unique_solution, &info.name)),
                    Some((first_verdict, ref first_solution, first_name)) => {
                        assert_eq!(
                            verdict, first_verdict,
                            "{file} line {}: {} vs {first_name}",
                            puzzle.line, info.name
                        );
                        assert_eq!(
                            &unique_solution, first_solution,
                            "{file} line {}: {} vs {first_name}",
                            puzzle.line, info.name
                        );
                    }
                }
            }
            let (verdict, ..) = agreed.expect("the unbudgeted engines always finish");
            let expected = if file == "multi-solution.txt" {
                Verdict::AtLeast(2)
            } else {
                Verdict::Exactly(1)
            };
            assert_eq!(verdict, expected, "{file} line {}", puzzle.line);
            checked += 1;
        }
    }
    assert_eq!(checked, 3 * PER_FILE + PER_FILE.min(375), "hardest-1106 holds 375 puzzles");
    for (info, _, budget_outs) in &engines {
        println!("{}: {budget_outs} of {checked} puzzles out of a {BUDGET}-node budget", info.name);
    }
}
