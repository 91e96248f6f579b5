//! Tests of the `cdcl` engine: the tests every engine of every size passes
//! ([`crate::testing`]), on this one.

use super::*;
use sudoku_core::Limits;

use crate::testing;

#[test]
fn random_puzzles_of_orders_2_to_5_solve_to_valid_grids() {
    testing::random_puzzles_solve_to_valid_grids::<Cdcl>(5);
}

#[test]
fn counts_agree_with_a_plain_backtracker_small_grids() {
    testing::counts_agree_with_a_plain_backtracker_small_grids::<Cdcl>();
}

#[test]
fn fixed_puzzles_have_their_known_counts() {
    testing::fixed_puzzles_have_their_known_counts::<Cdcl>();
}

#[test]
fn contradictory_or_malformed_puzzles_have_no_solution() {
    testing::contradictory_or_malformed_puzzles_have_no_solution::<Cdcl>();
}

#[test]
fn budgets_are_honoured_and_statistics_are_deterministic() {
    testing::budgets_are_honoured_and_statistics_are_deterministic::<Cdcl>();
}

#[test]
fn the_empty_grid_of_every_size_is_completed() {
    testing::the_empty_grid_of_every_size_is_completed::<Cdcl>();
}

#[test]
fn solves_the_hard_9x9_corpus() {
    testing::solves_the_hard_9x9_corpus::<Cdcl>();
}

#[test]
fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker() {
    testing::counts_with_a_value_ruled_out_agree_with_a_plain_backtracker::<Cdcl>();
}

#[test]
fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it() {
    testing::a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it::<Cdcl>(
    );
}

#[test]
fn malformed_exclusions_give_no_solution() {
    let mut engine = Cdcl::new();
    let four = testing::square(2);
    let mut solution = vec![0; 16];
    for excluded in [(16, 1), (0, 0), (0, 5)] {
        let result = engine.solve_cells_excluding(
            four,
            &[0; 16],
            Some(excluded),
            Limits::FIRST,
            &mut solution,
        );
        assert_eq!((result.count, result.budget_exhausted), (0, false), "{excluded:?}");
    }
    // Ruling out a clue's own value leaves nothing.
    let mut clues = [0; 16];
    clues[5] = 3;
    let result =
        engine.solve_cells_excluding(four, &clues, Some((5, 3)), Limits::FIRST, &mut solution);
    assert_eq!(result.count, 0);
}
