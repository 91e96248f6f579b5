//! The human path: sudoku-logic's ladder through the puzzle, each step with the candidates it
//! applies to, and the puzzle's rating.
//!
//! As `sudoku explain` does, the solutions are counted to two first (by the default engine of
//! the size, within a node budget), and the techniques that assume one solution are used only
//! on a puzzle proved to have exactly one.

use serde::Serialize;
use sudoku_core::{Limits, Size, Verdict};
use sudoku_engines::default_engine_for;
use sudoku_logic::{Band, Board, End, Ladder, Options, Rating, Step, Technique, digits};

use crate::puzzle::{read, symbols};

/// The node budget of the count, as `sudoku explain`'s default.
pub const COUNT_BUDGET: u64 = 100_000;

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
    /// What the count found: `0`, `1`, `2+`, or `gave up after N`.
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
    /// The band of the rating (`1-singles` to `6-guessing`).
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
        difficulty: step.technique.difficulty(),
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
    let limits = Limits::UNIQUE.with_node_budget(COUNT_BUDGET);
    let solutions = default_engine_for(size).create().solve(&puzzle.grid, limits).verdict(limits);
    let mut board = Board::new(&puzzle.grid);
    let mut steps = Vec::new();
    // The ladder's order never puts a harder technique first, so the hardest is the maximum.
    let mut hardest = None;
    let mut take = |before: &Board, step: &Step| {
        hardest = hardest.max(Some(step.technique));
        steps.push(shown(step, before, size));
    };
    let end = match solutions {
        Verdict::Exactly(0) => Some(End::Broken),
        Verdict::Exactly(1) => Some(
            Ladder::new(Options { uniqueness: true, ..Options::default() })
                .run(&mut board, &mut take),
        ),
        Verdict::GaveUp(_) | Verdict::Failed(_) => None,
        _ => Some(Ladder::new(Options::default()).run(&mut board, &mut take)),
    };
    let rating = Rating {
        hardest,
        difficulty: hardest.map_or(0.0, Technique::difficulty),
        steps: steps.len(),
        end: end.unwrap_or(End::Stuck),
    };
    Ok(Explanation {
        side: size.side(),
        symbols: symbols(&puzzle),
        clues: puzzle.grid.cells().to_vec(),
        solutions: solutions.to_string(),
        end: match end {
            Some(End::Solved) => "solved",
            Some(End::Stuck) => "stuck",
            Some(End::Broken) => "broken",
            None => "not explained",
        },
        board: cells_of(&board),
        hardest: rating.hardest.map(|technique| technique.name()),
        difficulty: rating.difficulty,
        band: Band::of(&rating).name(),
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
}
