//! `sudoku generate`.

use std::path::PathBuf;

use clap::Args;
use sudoku_core::Size;

use super::external::ExternalArgs;
use super::values::parse_threads;

/// What `sudoku generate` makes and writes, and its exit codes.
pub(super) const GENERATE_HELP: &str = "\
Each puzzle is cut from a random solved grid by removing clues in random order while the
solution stays unique, so every remaining clue is needed (a minimal puzzle). Puzzle i depends
only on the seed, the size, the targets and i: a shorter run gives a prefix of a longer one.

Sizes: 4×4 and 9×9 take microseconds a puzzle, 16×16 about a tenth of a second; a minimal
25×25 puzzle takes minutes (its last uniqueness checks are hard for every engine here).

Targets, each combinable with the others: --symmetry (the clue pattern's), --clues N..M,
--pattern FILE (clues exactly at a mask's x's), --rating LO..HI or a band (Sudoku Explainer's
scale at 9x9, as `sudoku rate` rates; the workbench ladder at other sizes), --needs TECHNIQUE
(the solving path uses it; repeatable) and --hardest TECHNIQUE (its hardest step), and --near
FILE (puzzles found by walking the vicinity of the file's: the way to the hardest). Each puzzle
number searches toward its targets (adding, removing and moving clues, or changing a mask's
values) for up to --attempts candidates, and writes nothing if none met them; the yield and the
time per puzzle written are said at the end. Targets no puzzle can meet are refused before any
work, naming the flag.

Variants: --variant killer (or thermo, arrow, kropki, xv, little-killer, lines, mixed, several
with commas) draws rules over each solution, true of it, then takes away every given and every
rule the puzzle keeps its one solution without; each puzzle is written after its rule lines
(`# killer 15 r1c1 r1c2`), which every command reads back.

Puzzles are written as they are made, in order; the clue statistics come last, as a comment.
With --out FILE, FILE is replaced only once every puzzle is written: an interrupted run
leaves it as it was. At a terminal, a progress bar on standard error counts the puzzles.

Exit codes:
  0  the puzzles were written (or the reader of standard output went away)
  2  bad usage, a target refused, or the output could not be written
  5  the engine (one from outside) failed while checking a puzzle: the output is left as it
     was (with --out) or ends at the last puzzle it checked
  128+N  ended by signal N (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM...:
         any that ends a process and can be caught, unless the run was started with it
         ignored)";

/// `sudoku generate`.
#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long)]
    pub count: usize,

    /// The seed: the same seed and count give the same file, byte for byte.
    #[arg(short, long, default_value_t = 0)]
    pub seed: u64,

    /// The number of the first puzzle, from 0: `--start N --count C` makes puzzles N to N+C-1
    /// of the seed, exactly the last C of a run with `--count N+C`, so a long run can be made
    /// in parts (one after another, or on several machines at once) and the parts' puzzles
    /// put together in order.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub start: u64,

    /// The size of the puzzles: 4, 9, 16 or 25 (or `16x16`).
    #[arg(long, value_name = "SIZE", default_value = "9", value_parser = parse_generate_size)]
    pub size: Size,

    /// The engine that checks uniqueness; any correct engine gives the same puzzles. By
    /// default the fastest that solves the size.
    #[arg(short, long, value_name = "ENGINE")]
    pub engine: Option<String>,

    #[command(flatten)]
    pub external: ExternalArgs,

    /// Worker threads; all cores by default, at most 256 (or the number of cores, when more).
    /// The output does not depend on it.
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,

    /// Write the puzzles to this file (whole or not at all) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// The symmetry the clue pattern keeps: none, rot180, rot90, diagonal, antidiagonal,
    /// mirror, flip, sticks (mirror and flip), diagonals (both) or full (all eight). The
    /// puzzle is minimal among puzzles of that symmetry: no orbit of clues can go.
    #[arg(long, value_name = "SYMMETRY", default_value = "none")]
    pub symmetry: String,

    /// The layout of the puzzles: `jigsaw` (each puzzle's regions drawn at random,
    /// connected), and the rules `x` (the diagonals), `windoku`, `disjoint`, `anti-knight`,
    /// `anti-king`, separated by commas; `classic` by default. Made minimal, without other
    /// targets.
    #[arg(long, value_name = "WORDS", default_value = "classic")]
    pub layout: String,

    /// Rules drawn over each puzzle's solution, separated by commas: `killer` (cages over
    /// the whole grid, with their sums), `thermo`, `arrow`, `kropki` (every dot, with the
    /// negative rules), `xv` (every X and V, with the negative rule), `little-killer`, `lines`
    /// (German whispers, renban, odd and even cells), `mixed` (some cages, thermometers,
    /// arrows and little killers); `none` by default. Every given and every rule the puzzle
    /// can do without is taken away, without other targets.
    #[arg(long, value_name = "WORDS", default_value = "none")]
    pub variant: String,

    /// The clue count: `N..M`, `N..`, `..M` or `N`.
    #[arg(long, value_name = "N..M")]
    pub clues: Option<String>,

    /// Puzzles may keep clues that are not needed: the removal stops at the first puzzle that
    /// meets the targets.
    #[arg(long)]
    pub not_minimal: bool,

    /// Clue masks (`x` a clue, `.` none), one line of all the cells or one line per row each:
    /// puzzle i has clues exactly at mask i (modulo their number).
    #[arg(long, value_name = "FILE")]
    pub pattern: Option<PathBuf>,

    /// Puzzles to search near (any format `solve` reads): puzzle i is found by walking the
    /// vicinity of puzzle i of the file (modulo their number), as hunters of the hardest
    /// puzzles walk from the hardest known; each must have one solution.
    #[arg(long, value_name = "FILE", conflicts_with = "pattern")]
    pub near: Option<PathBuf>,

    /// The rating: `LO..HI`, `LO..`, `..HI`, or a band `sudoku rate` names (`4-chains`,
    /// `forcing`...).
    #[arg(long, value_name = "LO..HI")]
    pub rating: Option<String>,

    /// A technique the solving path must use (its name or key, as `sudoku rate` writes them);
    /// repeatable.
    #[arg(long, value_name = "TECHNIQUE")]
    pub needs: Vec<String>,

    /// The technique of the solving path's hardest step.
    #[arg(long, value_name = "TECHNIQUE")]
    pub hardest: Option<String>,

    /// Candidate puzzles a puzzle number may try before it is given up (no puzzle written).
    #[arg(long, value_name = "N", default_value_t = sudoku_generate::targets::DEFAULT_ATTEMPTS)]
    pub attempts: u64,

    /// After each puzzle, its ER/EP/ED ratings, clue count and hardest technique.
    #[arg(long)]
    pub with_rating: bool,

    /// CSV: a header row, then each puzzle with its ratings, clue count, hardest technique and
    /// band; no comment lines (the statistics go to standard error).
    #[arg(long)]
    pub csv: bool,
}

fn parse_generate_size(text: &str) -> Result<Size, String> {
    let size: Size =
        text.parse().map_err(|error: sudoku_core::size::UnknownSize| error.to_string())?;
    sudoku_generate::check_size(size)?;
    Ok(size)
}
