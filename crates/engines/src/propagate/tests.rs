//! Tests of the `propagate` engine: the tests every engine of every size passes
//! ([`crate::testing`]), on this one.

use super::*;
use crate::testing;

#[test]
fn random_puzzles_of_orders_2_to_5_solve_to_valid_grids() {
    testing::random_puzzles_solve_to_valid_grids::<Propagate>(5);
}

#[test]
fn counts_agree_with_a_plain_backtracker_small_grids() {
    testing::counts_agree_with_a_plain_backtracker_small_grids::<Propagate>();
}

#[test]
fn fixed_puzzles_have_their_known_counts() {
    testing::fixed_puzzles_have_their_known_counts::<Propagate>();
}

#[test]
fn contradictory_or_malformed_puzzles_have_no_solution() {
    testing::contradictory_or_malformed_puzzles_have_no_solution::<Propagate>();
}

#[test]
fn budgets_are_honoured_and_statistics_are_deterministic() {
    testing::budgets_are_honoured_and_statistics_are_deterministic::<Propagate>();
}

#[test]
fn the_empty_grid_of_every_size_is_completed() {
    testing::the_empty_grid_of_every_size_is_completed::<Propagate>();
}

#[test]
fn solves_the_hard_9x9_corpus() {
    testing::solves_the_hard_9x9_corpus::<Propagate>();
}

#[test]
fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker() {
    testing::counts_with_a_value_ruled_out_agree_with_a_plain_backtracker::<Propagate>();
}

#[test]
fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it() {
    testing::a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it::<
        Propagate,
    >();
}

#[test]
fn every_solution_found_of_a_variant_keeps_every_rule() {
    crate::testing_variants::every_solution_found_keeps_every_rule(&mut Propagate::new(), 6);
}
