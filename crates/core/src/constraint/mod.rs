//! Rules with numbers and lines: killer cages, little killers, arrows, thermometers,
//! sandwiches, kropki dots, XV, whispers, renban and the rest, as data that every engine reads.
//!
//! A [`Constraint`] is a rule as people name it, with its cells and numbers, and nothing else:
//! it knows no engine. Three things are written once, here, for every rule:
//! - **what it means**, the checker ([`first_broken`]): a full grid breaks the rule or does
//!   not, and a broken rule is named for people ("killer cage at r1c1 (sum 15) adds to 17");
//! - **how it narrows candidates**, its propagators ([`compile`]): each rule becomes a few
//!   [`Propagator`]s of a handful of primitives, as the Interactive Sudoku Solver builds its
//!   handlers and MiniZinc its global constraints: one weighted sum for every sum (cages,
//!   arrows with their pills, little killers, the sums engines may add), with tables of the
//!   sets of `k` distinct values that add to `s` for the sums of distinct values; binary
//!   relations as tables of allowed pairs (dots, XV, whispers, thermometer steps, palindromes,
//!   clones, minimum and maximum cells, the negative rules); and a small propagator each for
//!   what is neither (renban, between and region-sum lines, sandwiches, X-sums, skyscrapers,
//!   quadruples);
//! - **what a solver may add**: sums the rules imply (a house adds to the total of its values;
//!   the cells of a house, or of a few adjacent houses, that cages leave uncovered add to what
//!   the cages leave; with the cells the cages stick out by, innies and outies; little killers
//!   side by side added up), made once per layout ([`implied_sums`]).
//!
//! A propagator is **sound** (it never removes a value some solution of its rule uses) and
//! **exact on a full assignment** (a grid of single candidates it does not reject satisfies its
//! rule), so an engine that runs the propagators to a fixpoint at every node, and on every
//! grid it calls solved, answers correctly whatever else it does. An engine with a better way
//! for a rule (a SAT encoding, an explained propagator for conflict analysis) may use its own
//! instead; none writes its own copy of a cage's arithmetic.
//!
//! Rules are placed by row and column ([`Spot`], from 0; a clue outside the grid, such as a
//! little killer's or a sandwich's, at row or column `-1` or `side`), so that the same rule
//! reads on any grid it fits, as the `#` lines of a file say it before the size of the puzzle
//! after them is known. A layout checks that its rules fit its grid ([`Constraint::validate`]).
//! The propagators number cells as [`crate::Size`] does.
//!
//! Cells that must all differ because of a rule (a killer cage, a renban line) are also a
//! house of the grid's layout ([`Constraint::distinct_cells`]), so an engine that reads the
//! layout's houses keeps them apart without reading the rule.

mod check;
mod compile;
mod data;
mod domains;
mod implied;
mod onlookers;
mod propagator;
mod relation;
mod sequence;
mod sum;
mod text;

pub use check::first_broken;
pub use compile::compile;
pub use data::{
    Axis, Constraint, ConstraintError, ConstraintKind, Direction, Feature, Features, Shape, Spot,
    clue_line, diagonal, entropic_band, whispers_gap,
};
pub use domains::{Contradiction, Domains};
pub use implied::{HouseGroup, Implied, implied, implied_sums};
// The joins of little killers and their slack, for the tests beside this module.
#[cfg(test)]
pub(crate) use implied::{joined_diagonals, slack};
pub use propagator::Propagator;
pub use relation::Relation;
pub use sequence::{Between, Quadruple, RegionSum, Renban, Sandwich, Skyscraper, XSum};
pub use sum::{Sum, distinct_sets};
pub use text::{directive_line, parse_directive};
