//! The Engine contract, checked for every registered engine on generated puzzles.

use crate::common;

use common::{NEEDS_BUDGET, ROW_MAJOR, solve_with_all, thinned_grid};
use proptest::prelude::*;
use sudoku_core::Size;
use sudoku_core::{Grid, Limits, Verdict, check_solution};
use sudoku_engines::{ENGINES, find};

/// Enough for the budgeted engines on most thinned grids, small enough to keep tests quick.
const BUDGET: u64 = 200_000;

fn limits_for(engine: &str, limits: Limits) -> Limits {
    if NEEDS_BUDGET.contains(&engine) { limits.with_node_budget(BUDGET) } else { limits }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn puzzles_made_from_solved_grids_solve_to_valid_grids((puzzle, _) in thinned_grid(20..100)) {
        let mut budget_outs = 0;
        for info in ENGINES.iter() {
            let limits = limits_for(&info.name, Limits::FIRST);
            let outcome = info.create().solve(&puzzle, limits);
            if outcome.budget_exhausted {
                prop_assert!(NEEDS_BUDGET.contains(&&*info.name), "{} gave up", info.name);
                budget_outs += 1;
                continue;
            }
            prop_assert_eq!(outcome.count, 1, "{} found no solution for {}", info.name, puzzle);
            let solution = outcome.solution.expect("count 1 has a solution");
            prop_assert_eq!(check_solution(&puzzle, &solution), Ok(()), "{}", info.name);
        }
        if budget_outs > 0 {
            println!("{budget_outs} budgeted engine(s) ran out of nodes on {puzzle}");
        }
    }

    #[test]
    fn a_clue_changed_to_conflict_gives_zero_solutions(
        (puzzle, solved) in thinned_grid(20..90),
        at in 0..81usize,
        peer_index in 0..20usize,
    ) {
        // Put at `at` the digit of one of its peers (same row, column or box), making the
        // two cells clash whatever else the grid holds.
        let peers: Vec<usize> = (0..81)
            .filter(|&c| c != at && (c / 9 == at / 9 || c % 9 == at % 9 || Size::NINE.box_of(c) == Size::NINE.box_of(at)))
            .collect();
        let peer = peers[peer_index % peers.len()];
        let mut broken = puzzle;
        broken.set(peer, solved.get(peer));
        broken.set(at, solved.get(peer));
        prop_assert!(broken.first_conflict().is_some());
        for (info, outcome) in solve_with_all(&broken, Limits::UNIQUE) {
            prop_assert_eq!(outcome.verdict(Limits::UNIQUE), Verdict::Exactly(0), "{}", info.name);
            prop_assert!(outcome.solution.is_none());
        }
    }

    #[test]
    fn row_major_engines_return_the_lexicographically_smallest_solution(
        (puzzle, _) in thinned_grid(35..55),
    ) {
        let mut oracle = find("dlx").unwrap().create();
        for name in ROW_MAJOR {
            let outcome = find(name).unwrap().create().solve(&puzzle, Limits::FIRST.with_node_budget(BUDGET));
            if outcome.budget_exhausted {
                continue;
            }
            let solution = outcome.solution.expect("a thinned solved grid has a solution");
            // No solution may agree with it on a prefix of cells and then hold a smaller digit.
            let mut prefix = puzzle.clone();
            for cell in 0..81 {
                if puzzle.get(cell) == 0 {
                    for smaller in 1..solution.get(cell) {
                        let mut probe = prefix.clone();
                        probe.set(cell, smaller);
                        if probe.first_conflict().is_none() {
                            let count = oracle.solve(&probe, Limits::FIRST).count;
                            prop_assert_eq!(count, 0, "{}: {} is not the smallest", name, solution);
                        }
                    }
                }
                prefix.set(cell, solution.get(cell));
            }
        }
    }

    #[test]
    fn statistics_are_deterministic_and_engines_reusable(
        (first, _) in thinned_grid(25..60),
        (second, _) in thinned_grid(25..60),
    ) {
        for info in ENGINES.iter() {
            let limits = limits_for(&info.name, Limits::UNIQUE);
            let mut engine = info.create();
            let a = engine.solve(&first, limits);
            let b = engine.solve(&second, limits);
            prop_assert_eq!(engine.solve(&first, limits), a, "{} changed on reuse", info.name);
            prop_assert_eq!(info.create().solve(&second, limits), b, "{}", info.name);
        }
    }
}

#[test]
fn counting_stops_at_the_limit() {
    for limit in [1, 2, 5, 40] {
        for (info, outcome) in solve_with_all(&Grid::empty(Size::NINE), Limits::count_up_to(limit))
        {
            assert_eq!(outcome.count, limit, "{}", info.name);
            assert!(!outcome.budget_exhausted, "{}", info.name);
            assert_eq!(
                check_solution(&Grid::empty(Size::NINE), &outcome.solution.unwrap()),
                Ok(())
            );
        }
    }
}

#[test]
fn the_node_budget_is_respected_and_reported() {
    for budget in [0, 1, 10, 1000] {
        let limits = Limits::count_up_to(1_000_000).with_node_budget(budget);
        // Peers cannot stop at a budget, and would count all million solutions instead.
        for info in ENGINES.iter().filter(|info| info.instrumented) {
            let outcome = info.create().solve(&Grid::empty(Size::NINE), limits);
            assert!(outcome.budget_exhausted, "{} budget {budget}", info.name);
            assert!(outcome.stats.nodes <= budget, "{}: {} nodes", info.name, outcome.stats.nodes);
            assert_eq!(outcome.verdict(limits), Verdict::GaveUp(outcome.count));
        }
    }
}

#[test]
fn a_full_valid_grid_is_its_own_unique_solution_without_guessing() {
    let solved = sudoku_core::symmetry::base_solution(Size::NINE);
    for (info, outcome) in solve_with_all(&solved, Limits::UNIQUE) {
        assert_eq!(outcome.verdict(Limits::UNIQUE), Verdict::Exactly(1), "{}", info.name);
        assert_eq!(outcome.solution, Some(solved.clone()), "{}", info.name);
        assert_eq!(outcome.stats.guesses, 0, "{}", info.name);
    }
}

#[test]
fn registry_names_are_unique_and_the_default_is_registered() {
    let mut names: Vec<_> = ENGINES.iter().map(|info| &info.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ENGINES.len());
    assert!(find(sudoku_engines::DEFAULT_ENGINE).is_ok());
    let unknown = find("quantum").unwrap_err().to_string();
    assert!(unknown.starts_with("unknown engine 'quantum'; the engines are: naive, "), "{unknown}");
}
