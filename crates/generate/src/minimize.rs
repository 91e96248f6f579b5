//! Redundant givens and minimal puzzles, with the generator's own test of uniqueness
//! ([`crate::has_one_solution`]).
//!
//! A given is redundant when the puzzle without it still has exactly one solution. Removing
//! givens only adds solutions, so one that was needed when it was tried is still needed once
//! others are gone: trying each given once, in any order, and removing it when it is redundant
//! leaves a minimal puzzle (as the generator's clue removal does).

use sudoku_core::{Engine, Grid};

use crate::PuzzleStream;
use crate::has_one_solution;

/// The cells of `puzzle`'s redundant givens in reading order, or `None` when the puzzle does
/// not have exactly one solution (then no given can be called redundant).
pub fn redundant_givens(puzzle: &Grid, engine: &mut dyn Engine) -> Option<Vec<usize>> {
    if !has_one_solution(puzzle, engine) {
        return None;
    }
    let mut fewer = puzzle.clone();
    let mut redundant = Vec::new();
    for cell in (0..puzzle.size().cells()).filter(|&cell| puzzle.get(cell) != 0) {
        fewer.set(cell, 0);
        if has_one_solution(&fewer, engine) {
            redundant.push(cell);
        }
        fewer.set(cell, puzzle.get(cell));
    }
    Some(redundant)
}

/// `puzzle` with its givens tried in `order` (cells; those not given are passed over), each
/// removed when the solution stays unique without it: a minimal puzzle with the same solution.
/// `None` when the puzzle does not have exactly one solution.
pub fn minimize(puzzle: &Grid, order: &[usize], engine: &mut dyn Engine) -> Option<Grid> {
    if !has_one_solution(puzzle, engine) {
        return None;
    }
    let mut smaller = puzzle.clone();
    for &cell in order {
        let given = smaller.get(cell);
        if given == 0 {
            continue;
        }
        smaller.set(cell, 0);
        if !has_one_solution(&smaller, engine) {
            smaller.set(cell, given);
        }
    }
    Some(smaller)
}

/// The order in which `minimize` tries the givens: reading order without a seed, or an order
/// drawn from `seed` and the puzzle's `number` (so the same puzzle twice in a file may lose
/// different givens, and a seed gives the same result on every machine).
pub fn given_order(puzzle: &Grid, seed: Option<u64>, number: u64) -> Vec<usize> {
    let mut order: Vec<usize> =
        (0..puzzle.size().cells()).filter(|&cell| puzzle.get(cell) != 0).collect();
    if let Some(seed) = seed {
        PuzzleStream::new(seed, number).shuffle(&mut order);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::is_minimal;
    use sudoku_core::Size;

    #[test]
    fn a_minimal_puzzle_with_givens_added_back_loses_exactly_those() {
        let mut engine = sudoku_engines::default_engine_for(Size::NINE).create();
        let puzzle = sudoku_core::parse_one(
            b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap()
        .grid;
        assert!(is_minimal(&puzzle, engine.as_mut()));
        assert_eq!(redundant_givens(&puzzle, engine.as_mut()), Some(vec![]));
        let solution = engine.solve(&puzzle, sudoku_core::Limits::FIRST).solution.unwrap();
        let mut more = puzzle.clone();
        for cell in [1, 2, 80] {
            more.set(cell, solution.get(cell));
        }
        // Each added given alone is redundant: the puzzle stays unique without it. So may be
        // some of the others now; each one listed is, as removing it and counting says.
        let redundant = redundant_givens(&more, engine.as_mut()).unwrap();
        for cell in [1, 2, 80] {
            assert!(redundant.contains(&cell), "{redundant:?}");
        }
        for cell in (0..81).filter(|&cell| more.get(cell) != 0) {
            let mut fewer = more.clone();
            fewer.set(cell, 0);
            assert_eq!(redundant.contains(&cell), has_one_solution(&fewer, engine.as_mut()));
        }
        for seed in [None, Some(1), Some(2)] {
            let order = given_order(&more, seed, 1);
            let minimal = minimize(&more, &order, engine.as_mut()).unwrap();
            assert!(is_minimal(&minimal, engine.as_mut()), "{seed:?}");
        }
        assert_eq!(redundant_givens(&Grid::empty(Size::NINE), engine.as_mut()), None);
    }

    #[test]
    fn seeded_orders_are_permutations_of_the_givens() {
        let puzzle = sudoku_core::parse_one(
            b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap()
        .grid;
        let reading = given_order(&puzzle, None, 3);
        let mut drawn = given_order(&puzzle, Some(9), 3);
        assert_ne!(drawn, reading);
        assert_eq!(drawn, given_order(&puzzle, Some(9), 3));
        assert_ne!(drawn, given_order(&puzzle, Some(9), 4));
        drawn.sort_unstable();
        assert_eq!(drawn, reading);
    }
}
