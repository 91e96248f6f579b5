//! True candidates: the values each cell holds in at least one solution.
//!
//! Every solution found marks all of its values at once, so the search asks only about the
//! values no solution has shown yet: "is there a solution with `value` in `cell`?", one solve
//! to the first solution each. A puzzle with one solution costs one solve per value its
//! empty cells could hold by the rules, most of them answered "no" at once by propagation.

use sudoku_core::{Engine, Failure, Grid, Limits, Outcome, Units};

/// A puzzle's true candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Per cell, the values it holds in some solution, as bits (value `v` is bit `v - 1`); all
    /// zero when the puzzle has no solution.
    pub cells: Vec<u64>,
    /// With a cap: per cell, per candidate in increasing order, the number of solutions with
    /// it there, at most the cap.
    pub counts: Option<Vec<Vec<u32>>>,
    /// The cap the counts stop at: a count equal to it means at least that many.
    pub cap: Option<u32>,
}

impl Candidates {
    /// Whether the puzzle has a solution.
    pub fn solvable(&self) -> bool {
        self.cells.iter().any(|&bits| bits != 0)
    }

    /// The candidates of `cell`, in increasing order.
    pub fn values(&self, cell: usize) -> Vec<u8> {
        let mut bits = self.cells[cell];
        let mut values = Vec::new();
        while bits != 0 {
            values.push(bits.trailing_zeros() as u8 + 1);
            bits &= bits - 1;
        }
        values
    }
}

/// The true candidates of `puzzle` as `engine` finds them, with, when `cap` is given, the
/// number of solutions (up to `cap`) each appears in; `Err` when the engine fails.
pub fn candidates(
    puzzle: &Grid,
    engine: &mut dyn Engine,
    cap: Option<u32>,
) -> Result<Candidates, Failure> {
    let size = puzzle.size();
    let side = size.side();
    let mut cells = vec![0u64; size.cells()];
    let first = answered(engine.solve(puzzle, Limits::FIRST))?;
    let Some(solution) = first.solution else {
        return Ok(Candidates { cells, counts: cap.map(|_| vec![Vec::new(); size.cells()]), cap });
    };
    mark(&mut cells, &solution);
    let units = Units::for_grid(puzzle);
    let mut trial = puzzle.clone();
    for cell in 0..size.cells() {
        if puzzle.get(cell) != 0 {
            continue;
        }
        for value in 1..=side as u8 {
            let bit = 1u64 << (value - 1);
            if cells[cell] & bit != 0
                || units.peers(cell).iter().any(|&peer| puzzle.get(usize::from(peer)) == value)
            {
                continue;
            }
            trial.set(cell, value);
            let outcome = answered(engine.solve(&trial, Limits::FIRST))?;
            trial.set(cell, 0);
            if let Some(found) = outcome.solution {
                mark(&mut cells, &found);
            }
        }
    }
    let counts = match cap {
        None => None,
        Some(cap) => {
            let limits = Limits::count_up_to(cap);
            let mut counts = Vec::with_capacity(size.cells());
            for (cell, &marks) in cells.iter().enumerate() {
                let mut here = Vec::new();
                let mut bits = marks;
                while bits != 0 {
                    let value = bits.trailing_zeros() as u8 + 1;
                    bits &= bits - 1;
                    trial.set(cell, value);
                    here.push(answered(engine.solve(&trial, limits))?.count);
                    trial.set(cell, puzzle.get(cell));
                }
                counts.push(here);
            }
            Some(counts)
        }
    };
    Ok(Candidates { cells, counts, cap })
}

/// Marks every value of `solution` as a candidate of its cell.
fn mark(cells: &mut [u64], solution: &Grid) {
    for (cell, bits) in cells.iter_mut().enumerate() {
        *bits |= 1u64 << (solution.get(cell) - 1);
    }
}

/// The outcome, or the engine's failure.
fn answered(outcome: Outcome) -> Result<Outcome, Failure> {
    match outcome.failure {
        Some(failure) => Err(failure),
        None => Ok(outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions::solutions;
    use sudoku_core::Size;

    fn engine() -> Box<dyn Engine> {
        sudoku_engines::default_engine_for(Size::NINE).create()
    }

    /// The union of every solution, enumerated.
    fn union(puzzle: &Grid) -> (Vec<u64>, Vec<Grid>) {
        let all = solutions(puzzle, 100_000);
        let mut cells = vec![0u64; puzzle.size().cells()];
        for grid in &all {
            mark(&mut cells, grid);
        }
        (cells, all)
    }

    #[test]
    fn candidates_are_the_union_of_the_solutions_with_their_counts() {
        // A minimal puzzle without one of its clues has many solutions (7,465).
        let mut puzzle = sudoku_core::parse_one(
            b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .unwrap()
        .grid;
        puzzle.set(0, 0);
        let (expected, all) = union(&puzzle);
        assert!(all.len() > 1000 && all.len() < 100_000, "{} solutions", all.len());
        let found = candidates(&puzzle, engine().as_mut(), Some(1_000_000)).unwrap();
        assert_eq!(found.cells, expected);
        let counts = found.counts.clone().unwrap();
        for (cell, counts) in counts.iter().enumerate() {
            for (value, &count) in found.values(cell).iter().zip(counts) {
                let with = all.iter().filter(|grid| grid.get(cell) == *value).count();
                assert_eq!(count as usize, with, "cell {cell} value {value}");
            }
        }
    }

    #[test]
    fn a_puzzle_without_solution_has_no_candidates() {
        let mut puzzle = Grid::empty(Size::NINE);
        // Row 1 holds 1 to 6, and r2c9 holds 7: no cell of row 1 is left for 7.
        for (cell, value) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (17, 7)] {
            puzzle.set(cell, value);
        }
        assert!(solutions(&puzzle, 1).is_empty());
        let found = candidates(&puzzle, engine().as_mut(), Some(3)).unwrap();
        assert!(!found.solvable());
        assert!(found.cells.iter().all(|&bits| bits == 0));
    }
}
