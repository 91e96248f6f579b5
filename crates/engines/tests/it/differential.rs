//! Differential testing: every engine against every other on arbitrary grids of box orders 2
//! to 4 (4×4, 9×9, 16×16), with limits and node budgets drawn too.
//!
//! A case is a solved grid of its size thinned to a random share of clues, with a few clues
//! then overwritten by arbitrary values, so that it may have one solution, many, or none
//! (clashing clues included). Every engine of the size solves it; each answer must be sound on
//! its own (a returned solution passes the checker and keeps the clues, the count stays within
//! the limit, a budget is never overrun), and every two engines that finished must report the
//! same count. Engines that can rule a value out of a cell are checked the same way against
//! plain solves of the puzzle with that cell filled.

use crate::common;

use common::{engines_for, solved_grid_of};
use proptest::prelude::*;
use sudoku_core::{Grid, Limits, Outcome, Size, check_solution};
use sudoku_engines::{EngineInfo, find};

/// The budget of the instrumented engines when a case draws none: an arbitrary grid may have
/// no solution for a reason no rule sees, and proving that by search can take any engine
/// longer than a test may (a sparse 16×16 grid, say).
const SAFETY_BUDGET: u64 = 50_000;

/// The reference search's budget in the exclusion test: far more than most cases here need,
/// and a case where it gives up is not compared.
const REFERENCE_BUDGET: u64 = 1_000_000;

/// One differential case.
#[derive(Clone, Debug)]
struct Case {
    puzzle: Grid,
    max_solutions: u32,
    budget: Option<u64>,
    /// A cell and a value to rule out of it, for the engines that can.
    excluded: (usize, u8),
}

fn case() -> impl Strategy<Value = Case> {
    let order = prop_oneof![3 => Just(2usize), 3 => Just(3usize), 2 => Just(4usize)];
    let budget = prop_oneof![2 => Just(None), 1 => (1u64..=20_000).prop_map(Some)];
    (
        order,
        any::<u64>(),
        0u32..=100,
        proptest::collection::vec((any::<u16>(), any::<u8>()), 0..3),
        1u32..=3,
        budget,
        (any::<u16>(), any::<u8>()),
    )
        .prop_flat_map(
            |(order, seed, keep_percent, overwrites, max_solutions, budget, excluded)| {
                let size = Size::from_order(order).expect("orders 2..=4 are sizes");
                proptest::collection::vec(0..100u32, size.cells()).prop_map(move |draws| {
                    let solved = solved_grid_of(size, seed);
                    let mut puzzle = solved.clone();
                    for (cell, draw) in draws.into_iter().enumerate() {
                        if draw >= keep_percent {
                            puzzle.set(cell, 0);
                        }
                    }
                    let side = size.side() as u16;
                    for &(cell, value) in &overwrites {
                        let value = (u16::from(value) % (side + 1)) as u8;
                        puzzle.set(usize::from(cell) % size.cells(), value);
                    }
                    let excluded = (
                        usize::from(excluded.0) % size.cells(),
                        (u16::from(excluded.1) % side + 1) as u8,
                    );
                    Case { puzzle, max_solutions, budget, excluded }
                })
            },
        )
}

/// The limits `info` is given on `case`: the case's budget, or the safety budget, for the
/// engines that honour one.
fn limits_for(info: &EngineInfo, case: &Case) -> Limits {
    let limits = Limits::count_up_to(case.max_solutions);
    if info.instrumented {
        limits.with_node_budget(case.budget.unwrap_or(SAFETY_BUDGET))
    } else {
        limits
    }
}

/// Whether `info` takes part in `case`. The published crates take no budget and can search
/// for minutes on sparse 16×16 grids, so they sit those out.
fn takes_part(info: &EngineInfo, case: &Case) -> bool {
    info.instrumented || case.puzzle.size().side() < 16 || case.puzzle.clue_count() * 10 >= 6 * 256
}

/// The checks every answer must pass on its own.
fn check_answer(name: &str, puzzle: &Grid, limits: Limits, outcome: &Outcome) {
    assert_eq!(outcome.solution.is_some(), outcome.count > 0, "{name} on {puzzle:?}");
    assert!(outcome.count <= limits.max_solutions(), "{name} on {puzzle:?}");
    assert!(outcome.stats.nodes <= limits.node_bound(), "{name} overran its budget");
    if let Some(solution) = &outcome.solution {
        assert_eq!(check_solution(puzzle, solution), Ok(()), "{name} on {puzzle:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 160 }))]

    #[test]
    fn every_two_engines_that_finish_agree(case in case()) {
        let mut finished: Vec<(&str, u32)> = Vec::new();
        for info in engines_for(case.puzzle.size()).filter(|info| takes_part(info, &case)) {
            let limits = limits_for(info, &case);
            let outcome = info.create().solve(&case.puzzle, limits);
            check_answer(&info.name, &case.puzzle, limits, &outcome);
            if !outcome.budget_exhausted {
                finished.push((&info.name, outcome.count));
            }
        }
        for pair in finished.windows(2) {
            prop_assert_eq!(pair[0].1, pair[1].1, "{} and {} on {:?}", pair[0].0, pair[1].0, case);
        }
    }

    #[test]
    fn ruling_a_value_out_agrees_with_solving_each_other_value(case in case()) {
        let (cell, value) = case.excluded;
        let size = case.puzzle.size();
        // The reference: the puzzle with each other value put in the cell, solved by dlx
        // (`None` when it gives up on one of them).
        let mut reference = find("dlx").unwrap().create();
        let mut other_values_solve = Some(false);
        for other in (1..=size.side() as u8).filter(|&other| other != value) {
            if case.puzzle.get(cell) != 0 && case.puzzle.get(cell) != other {
                continue;
            }
            let mut filled = case.puzzle.clone();
            filled.set(cell, other);
            let outcome = reference.solve(&filled, Limits::FIRST.with_node_budget(REFERENCE_BUDGET));
            if outcome.count > 0 {
                other_values_solve = Some(true);
                break;
            }
            if outcome.budget_exhausted {
                other_values_solve = None;
            }
        }
        for info in engines_for(size) {
            let limits = limits_for(info, &case);
            let Some(outcome) = info.create().solve_excluding(&case.puzzle, cell, value, limits) else {
                continue;
            };
            check_answer(&info.name, &case.puzzle, limits, &outcome);
            if let Some(solution) = &outcome.solution {
                prop_assert_ne!(solution.get(cell), value, "{} kept the value out of {:?}", info.name, case);
            }
            if let (false, Some(expected)) = (outcome.budget_exhausted, other_values_solve) {
                prop_assert_eq!(outcome.count > 0, expected, "{} on {:?}", info.name, case);
            }
        }
    }
}
