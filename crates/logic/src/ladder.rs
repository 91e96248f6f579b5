//! The driver: apply the easiest technique that finds something, then start again from the
//! easiest; stop when the grid is full, when nothing applies (stuck), or when the board breaks.

use sudoku_core::Grid;

use crate::board::Board;
use crate::step::{Step, Technique};
use crate::techniques;

/// Which techniques a ladder may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Whether techniques that assume one solution ([`Technique::assumes_uniqueness`]) may be
    /// used. Sound only for puzzles known to have exactly one solution.
    pub uniqueness: bool,
    /// The hardest technique the ladder may use.
    pub up_to: Technique,
}

impl Default for Options {
    /// Every technique but those that assume one solution.
    fn default() -> Self {
        Options { uniqueness: false, up_to: Technique::CellForcing }
    }
}

/// The techniques of a ladder, easiest first.
#[derive(Clone, Debug)]
pub struct Ladder {
    techniques: Vec<Technique>,
}

impl Ladder {
    /// The ladder of the techniques `options` allows.
    pub fn new(options: Options) -> Ladder {
        let techniques = Technique::ALL
            .into_iter()
            .filter(|&t| t <= options.up_to && (options.uniqueness || !t.assumes_uniqueness()))
            .collect();
        Ladder { techniques }
    }

    /// The techniques, easiest first.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The step the easiest technique that finds one finds, on a board that is neither broken
    /// nor solved.
    pub fn next_step(&self, board: &Board) -> Option<Step> {
        if board.is_broken() || board.is_solved() {
            return None;
        }
        self.techniques.iter().find_map(|&technique| {
            techniques::find(technique, board).filter(|step| board.progresses(step))
        })
    }

    /// Applies steps to `board` until it is solved, stuck or broken, giving each step to
    /// `on_step` before it is applied (with the board it applies to).
    pub fn run(&self, board: &mut Board, mut on_step: impl FnMut(&Board, &Step)) -> End {
        while let Some(step) = self.next_step(board) {
            on_step(board, &step);
            board.apply(&step);
        }
        End::of(board)
    }

    /// The path from `puzzle` as far as the ladder goes, without guessing.
    pub fn solve(&self, puzzle: &Grid) -> Path {
        let mut board = Board::new(puzzle);
        let mut steps = Vec::new();
        let end = self.run(&mut board, |_, step| steps.push(step.clone()));
        Path { steps, end, board }
    }
}

/// Where a path of steps ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// Every cell holds a value.
    Solved,
    /// No technique of the ladder finds anything: going on needs a guess.
    Stuck,
    /// The board broke: the clues contradict each other (no solution), or a technique that
    /// assumes one solution was used on a puzzle with several.
    Broken,
}

impl End {
    /// Where a ladder left `board`.
    pub fn of(board: &Board) -> End {
        if board.is_broken() {
            End::Broken
        } else if board.is_solved() {
            End::Solved
        } else {
            End::Stuck
        }
    }
}

/// The steps a ladder took on a puzzle, and where they ended.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Where they ended.
    pub end: End,
    /// The board they left.
    pub board: Board,
}

impl Path {
    /// How hard the path is.
    pub fn rating(&self) -> Rating {
        let hardest = self.steps.iter().map(|step| step.technique).max();
        Rating {
            hardest,
            difficulty: hardest.map_or(0.0, Technique::difficulty),
            steps: self.steps.len(),
            end: self.end,
        }
    }
}

/// How hard a puzzle is to solve by techniques.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rating {
    /// The hardest technique the path used (none when the puzzle was already solved, or stuck
    /// at once).
    pub hardest: Option<Technique>,
    /// Its difficulty: the puzzle's rating on the scale of [`Technique::difficulty`].
    pub difficulty: f64,
    /// The number of steps.
    pub steps: usize,
    /// Where the path ended; [`End::Stuck`] means the puzzle needs guessing (with this ladder).
    pub end: End,
}
