//! Sudoku grids of every size from 4×4 to 64×64, their text formats, the solution checker, and the [`Engine`] trait.
//!
//! Everything else in the workspace stands on this crate: engines implement [`Engine`] for a
//! [`Grid`]; the command line and the bench harness read puzzles with [`PuzzleReader`], write
//! answers with [`write_grid`] and trust no answer before [`check_solution`] accepts it.
//!
//! The one design decision worth knowing: reading is streamed and works on bytes. A reader
//! yields one `Result` per puzzle, so a bad puzzle in a corpus of millions is reported (with its
//! puzzle number, line and column) and the rest are still read; and no input, whatever its
//! bytes, makes it panic.

pub mod alphabet;
pub mod canon;
pub mod check;
pub mod constraint;
/// The rules' tests: each propagator against the checker, through a layout's [`Model`], and
/// the `#` lines; beside the rules, as they use the layout and the model, which use the rules.
#[cfg(test)]
mod constraint_tests;
pub mod engine;
pub mod error;
pub mod format;
pub mod fpuzzles;
pub mod grid;
pub mod layout;
mod layout_lines;
pub mod lines;
pub mod model;
mod pencilmark;
pub mod read;
pub mod size;
pub mod symmetry;
pub mod units;
pub mod write;

pub use alphabet::Alphabet;
pub use check::{CheckError, check_outcome, check_solution};
pub use constraint::{Constraint, ConstraintKind, Feature, Features};
pub use engine::{Engine, Failure, FailureKind, Limits, Outcome, Stats, Verdict};
pub use error::{Place, ReadError, ReadErrorKind};
pub use format::{Format, MAX_FPUZZLES_LINE};
pub use grid::{Conflict, Grid};
pub use layout::{Broken, GridKind, House, Layout, LayoutError, Rule};
pub use model::Model;
pub use read::{MAX_LINE, Puzzle, PuzzleReader, ReadOptions, parse_one};
pub use size::{CellName, Size, Unit};
pub use units::Units;
pub use write::{HeaderLines, format_grid, write_grid};
