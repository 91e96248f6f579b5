//! `sudoku shuffle`.

use std::path::PathBuf;

use clap::Args;

use super::input::InputArgs;

/// What `sudoku shuffle` writes, and why.
pub(super) const SHUFFLE_HELP: &str = "\
An isomorph of a puzzle has its values relabelled, its bands and the rows within each band
reordered, its stacks and the columns within each stack likewise, and is transposed or not. It
has as many solutions as the puzzle and needs the same reasoning, but an engine meets its cells,
values and clauses in another order, and on hard puzzles that order decides much of a search's
length. Solving a set's isomorphs under a few seeds shows how much of one run's time was the
draw:

  sudoku shuffle hard.txt --seed 1 > hard-1.txt
  sudoku bench hard.txt hard-1.txt --engines cdcl,sat

Each puzzle's transformation is drawn from the seed and the puzzle's number in its file, so a
seed gives the same isomorphs on every machine; seed 0 writes the puzzles unchanged. Puzzles
are written in the format and symbols they were read in; comments are not copied. A malformed
puzzle is reported on standard error with its place and skipped.

Exit codes: 0 every puzzle written; 2 bad input (a malformed puzzle, an unreadable file) or
output that could not be written.";

/// `sudoku shuffle`.
#[derive(Args, Debug)]
pub struct ShuffleArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// Draws the transformations; 0 leaves the puzzles as they are.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
