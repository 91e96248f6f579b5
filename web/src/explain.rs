//! The human path: sudoku-logic's ladder through the puzzle, each step with the candidates it
//! applies to, and the puzzle's rating.
//!
//! The walk is `sudoku explain`'s, sudoku-logic's [`Rater::walk`] with its default budget: the
//! solutions are counted to two first (by the default engine of the size), and the techniques
//! that assume one solution are used only on a puzzle proved to have exactly one.

use serde::Serialize;
use sudoku_core::{Grid, Limits, Outcome, Size};
use sudoku_engines::EnginesBySize;
use sudoku_logic::{Band, Board, End, Rater, Step, Technique, digits};

use crate::puzzle::{read, symbols};

/// One step of the path.
#[derive(Serialize, Debug)]
pub struct Shown {
    /// The technique's name.
    pub technique: &'static str,
    /// Its short machine name.
    pub key: &'static str,
    /// Its difficulty.
    pub difficulty: f64,
    /// The step in the field's notation, as `sudoku explain` prints it.
    pub text: String,
    /// The houses of the pattern (`row 3`, `box 5`).
    pub units: Vec<String>,
    /// The cells that prove the step, each with the values of it the pattern uses.
    pub pattern: Vec<(usize, Vec<u8>)>,
    /// Values put in cells.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed from cells.
    pub eliminations: Vec<(usize, u8)>,
    /// The board the step applies to, cell by cell: the value of a filled cell, or the
    /// candidates of an empty one.
    pub board: Vec<Cell>,
}

/// A cell of a board: its value, or its candidates.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum Cell {
    /// A filled cell's value.
    Value(u8),
    /// An empty cell's candidates.
    Candidates(Vec<u8>),
}

/// A puzzle's path and rating.
#[derive(Serialize, Debug)]
pub struct Explanation {
    /// Cells per side.
    pub side: usize,
    /// The symbol of each value, from value 1.
    pub symbols: Vec<String>,
    /// The clues.
    pub clues: Vec<u8>,
    /// What is known of the solutions, as `sudoku explain` writes it: `0`, `1`, `2+`, or
    /// `0+?`/`1+?` when the count gave up at the budget.
    pub solutions: String,
    /// How the path ended: `solved`, `stuck` (it needs guessing), `broken` (no solution), or
    /// `not explained` (the count gave up first).
    pub end: &'static str,
    /// The steps.
    pub steps: Vec<Shown>,
    /// The board the path left.
    pub board: Vec<Cell>,
    /// The hardest technique used.
    pub hardest: Option<&'static str>,
    /// Its difficulty: the puzzle's rating.
    pub difficulty: f64,
    /// The band of the rating (`1-singles` to `6-guessing`; `6-guessing` when not explained).
    pub band: &'static str,
}

/// The cells of `board`.
fn cells_of(board: &Board) -> Vec<Cell> {
    (0..board.size().cells())
        .map(|cell| match board.value(cell) {
            0 => Cell::Candidates(digits(board.candidates(cell)).collect()),
            value => Cell::Value(value),
        })
        .collect()
}

/// The step as the page shows it, on the board it applies to.
fn shown(step: &Step, board: &Board, size: Size) -> Shown {
    Shown {
        technique: step.technique.name(),
        key: step.technique.key(),
        difficulty: step.difficulty(),
        text: step.describe(size),
        units: step.units.iter().map(ToString::to_string).collect(),
        pattern: step.pattern.iter().map(|&(cell, set)| (cell, digits(set).collect())).collect(),
        placements: step.placements.clone(),
        eliminations: step.eliminations.clone(),
        board: cells_of(board),
    }
}

/// The path through the first puzzle of `text`.
pub fn explain(text: &str) -> Result<Explanation, String> {
    let puzzle = read(text)?;
    let size = puzzle.grid.size();
    let mut engines = EnginesBySize::default();
    let count = &mut |grid: &Grid, limits: Limits| -> Outcome { engines.solve(grid, limits) };
    let mut steps = Vec::new();
    let walked = Rater::new(true)
        .walk(&puzzle.grid, count, |before, step| steps.push(shown(step, before, size)));
    let rating = walked.rating();
    Ok(Explanation {
        side: size.side(),
        symbols: symbols(&puzzle),
        clues: puzzle.grid.cells().to_vec(),
        solutions: walked.solutions.to_string(),
        end: match rating.map(|rating| rating.end) {
            Some(End::Solved) => "solved",
            Some(End::Stuck) => "stuck",
            Some(End::Broken) => "broken",
            Some(End::GaveUp) | None => "not explained",
        },
        board: cells_of(&walked.board),
        hardest: walked.hardest.map(Technique::name),
        difficulty: walked.hardest.map_or(0.0, Technique::difficulty),
        band: rating.map_or(Band::Guessing, |rating| Band::of(&rating)).name(),
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_of_a_puzzle_with_one_solution_ends_solved_and_each_step_changes_its_board() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let explanation = explain(line).unwrap();
        assert_eq!((explanation.end, explanation.solutions.as_str()), ("solved", "1"));
        assert!(explanation.board.iter().all(|cell| matches!(cell, Cell::Value(_))));
        assert!(!explanation.steps.is_empty() && explanation.difficulty >= 1.0);
        for step in &explanation.steps {
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
            for &(cell, value) in &step.placements {
                assert!(
                    matches!(&step.board[cell], Cell::Candidates(values) if values.contains(&value))
                );
            }
        }
        let broken = explain("11..............").unwrap_err();
        assert!(broken.contains("line 1"), "{broken}");
    }

    #[test]
    fn several_solutions_end_stuck_and_none_broken_as_the_command_says() {
        let several = explain(&format!("123456789{}", ".".repeat(72))).unwrap();
        assert_eq!((several.end, several.solutions.as_str()), ("stuck", "2+"));
        assert_eq!((several.band, several.steps.len()), ("6-guessing", 0));
        // No clue against another, yet no solution: counted first, so no step is shown.
        let none = explain("12....3.........").unwrap();
        assert_eq!((none.end, none.solutions.as_str(), none.steps.len()), ("broken", "0", 0));
    }
}
