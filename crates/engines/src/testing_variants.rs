//! A test every engine that takes constraints passes, beside the counts of
//! [`crate::testing::variant_counts_agree_with_a_plain_backtracker`]: on 9×9 puzzles of many
//! short rules and few givens, searched long, every solution an engine finds keeps every rule.

use std::sync::Arc;

use sudoku_core::constraint::Spot;
use sudoku_core::{Constraint, Engine, Grid, Layout, Limits, Size};

use crate::testing::{Rng, classic_solution};

/// All eight neighbours.
fn around(size: Size, place: Spot) -> Vec<Spot> {
    (-1..=1)
        .flat_map(|down| (-1..=1).map(move |across| (down, across)))
        .filter(|&step| step != (0, 0))
        .map(|step| place.step(step))
        .filter(|p| p.is_inside(size))
        .collect()
}

/// Every solution `engine` finds of 9×9 puzzles with many short rules and few givens (the
/// first, and one avoiding the first's value in each cell in turn) keeps every rule: searches
/// that backtrack often, through states where a rule's cells come back to values seen apart.
pub(crate) fn every_solution_found_keeps_every_rule(engine: &mut dyn Engine, rounds: usize) {
    let mut rng = Rng(63);
    let size = Size::NINE;
    for _ in 0..rounds {
        let solution = classic_solution(engine, size, &mut rng);
        let value = |p: Spot| u32::from(solution[p.cell(size).unwrap()]);
        // Two-cell thermometers between random neighbours, as the solution has them, and now
        // and then a dot or a cage: puzzles of thousands of solutions, searched long.
        let mut constraints = Vec::new();
        for _ in 0..18 {
            let a = Spot::of_cell(size, rng.below(size.cells()));
            let others = around(size, a);
            let b = others[rng.below(others.len())];
            let (x, y) = (value(a), value(b));
            constraints.push(match rng.below(8) {
                0 => Constraint::Difference { cells: [a, b], value: x.abs_diff(y) },
                1 => Constraint::Killer { cells: vec![a, b], sum: Some(x + y) },
                _ if x < y => Constraint::Thermometer { cells: vec![a, b] },
                _ => Constraint::Thermometer { cells: vec![b, a] },
            });
        }
        let layout = Arc::new(Layout::classic(size).with_constraints(constraints).unwrap());
        let puzzle = Grid::empty(size).with_layout(Some(layout.clone()));
        let first = engine.solve(&puzzle, Limits::FIRST).solution.expect("a solution");
        assert_eq!(sudoku_core::check_solution(&puzzle, &first), Ok(()), "{}", layout.name());
        for cell in 0..size.cells() {
            let other = engine
                .solve_excluding(&puzzle, cell, first.get(cell), Limits::FIRST)
                .and_then(|outcome| outcome.solution);
            if let Some(other) = other {
                assert_eq!(sudoku_core::check_solution(&puzzle, &other), Ok(()), "cell {cell}");
            }
        }
    }
}
