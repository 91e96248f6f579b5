//! Solving as people do: a ladder of human techniques, each a small unit that looks at the
//! pencil marks and returns the first step it sees, as data.
//!
//! The design follows Sudoku Explainer and HoDoKu. A [`Step`] is data before it is text (the
//! technique, the pattern that proves it, its placements and eliminations), so the same step
//! is printed by `sudoku explain`, rated by `sudoku rate`, replayed on a [`Board`] and checked
//! against a known solution by the tests. The [`Ladder`] applies the easiest technique that
//! finds something and starts again from the easiest; the [`Logic`] engine runs the ladder
//! at every node of a search and guesses only where every technique is stuck.
//!
//! Techniques work on houses and candidate sets, so they work at every size from 4×4 to
//! 64×64 (a cell's candidates are one `u64`), and on grids of any layout (irregular regions,
//! diagonals, windows, disjoint groups, knight's and king's moves, extra groups, starting
//! candidates): the houses are the layout's and a cell's peers every cell it must differ
//! from. The techniques that assume one solution are not used on layouts. The rules with
//! numbers and lines ([`sudoku_core::Constraint`]) have techniques of their own, and the board
//! checks every one of them at each placement; a grid with a rule the techniques do not know
//! would be refused ([`FEATURES`], [`refusal`]), never walked by fewer rules.

mod board;
mod budget;
mod engine;
mod houses;
mod ladder;
// Beside the modules it tests (the techniques, the ladders, the engine), not inside one.
#[cfg(test)]
mod layout_tests;
mod notation;
mod rating;
mod rules;
mod step;
mod techniques;
mod walk;

pub use board::Board;
pub use engine::Logic;
pub use ladder::{End, Ladder, Options, Path, RULE_TECHNIQUES, Rating, Scale};
pub use notation::digit_list;
pub use rating::Band;
pub use step::{Equation, RuleUse, Step, Technique, digits};
pub use walk::{DEFAULT_BUDGET, DEFAULT_WORK_BUDGET, Rater, Walk};

use sudoku_core::{Features, Grid};

/// What the techniques (and the [`Logic`] engine) take beyond classic grids: layouts and
/// every kind of constraint.
pub const FEATURES: Features = Features::ALL;

/// Why the techniques cannot walk `puzzle` (a rule they do not take, for people); `None`
/// when they take it. The CLI, Python and the web page ask before every walk.
pub fn refusal(puzzle: &Grid) -> Option<String> {
    let missing = FEATURES.first_missing(puzzle.needs())?;
    Some(format!("the techniques take no {} yet (solve and count do)", missing.name()))
}
