//! `sudoku rate` and `sudoku explain`: the two commands of human techniques, which share the
//! budget of their solution count.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sudoku_logic::Scale;

use super::input::InputArgs;
use super::values::{NodeBudget, parse_budget, parse_threads};

/// What `sudoku rate` prints, and its exit codes.
pub(super) const RATE_HELP: &str = "\
Each puzzle is solved by Sudoku Explainer's ladder of human techniques, in its order (direct
pointing and hidden pairs among the singles, unique loops, BUG, aligned exclusions, then
chains), starting again from the first after every step. Its rating is the difficulty of the
hardest step on Sudoku Explainer's scale (1.0 full house ... 9.0 dynamic forcing chains, 9.5
to 11.0 nested forcing chains; chains, unique loops and BUG types rate more for longer chains
and loops and bigger sets). The work on one puzzle is bounded by --work-budget STEPS (the chains'
walk steps, and on a layout that adds houses, a step for each look at one of those), a guard
against a runaway search: a puzzle that reaches it gave up and is not rated, its ER/EP/ED shown
only as the lower bounds its path reached (>=11.8; text in CSV and JSON, never a number).
`sudoku explain` climbs the workbench's own ladder, with skyscrapers,
kites, W-wings and colouring, which Sudoku Explainer rates as chains. Techniques that assume one
solution (unique rectangles and loops, BUG) are used only on puzzles whose solution was proved
unique, and never with --no-uniqueness.

Solutions are counted (to two, by the fastest engine for the size) within --budget NODES (the
default leaves every shipped 9×9 and 16×16 puzzle counted). First, to allow the
uniqueness techniques; with --no-uniqueness only where techniques get stuck, to tell needing
guessing from several solutions or none (a path that solves the puzzle proves one solution, one
that breaks the board proves none). A puzzle whose count gives up at the budget is not rated:
its solutions read 0+? or 1+? (as `sudoku count` writes them), its end gave-up, its ER/EP/ED
empty (CSV) or null (JSON). The summary counts each cause apart.

Table: per file, how many puzzles need each technique as their hardest (with --each, a line
per puzzle first). CSV: a row per puzzle. JSON: both, written a puzzle at a time, each file's
summary after its puzzles. Timing goes to standard error: the wall time, and the CPU seconds
the process took.

A puzzle with rules with numbers and lines (killer cages, thermometers, arrows, dots, ...) has
no Sudoku Explainer rating: it is rated on the workbench's ladder (see `sudoku explain
--help`), the difficulty of its hardest step on the workbench's scale, where each technique of
those rules has its own (cage combinations 1.6, thermometer 1.7, ..., the rule of 45 2.7 and
up, contradiction by the rules 7.5); the row's `scale` says which ladder rated it and
`techniques` how many steps of each technique the path took. `--scale explainer` refuses such
a puzzle (one line naming it; exit code 2), `--scale workbench` rates every puzzle on the
workbench's ladder.

Exit codes:
  0  every puzzle was rated
  1  some puzzle's count gave up at the node budget, or its search at the work budget: it is
     not rated
  2  bad input or usage: a malformed puzzle, an unreadable file, a puzzle the scale asked for
     does not rate, output that could not be written
  3  with --check-steps: some step does not hold in its puzzle's solution";

/// `sudoku rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    /// Puzzle files, read in order; standard input when none (or `-`).
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub input: InputArgs,

    /// What to print: `table` (a summary per file), `csv` (a row per puzzle) or `json`.
    #[arg(short = 'o', long, value_enum, default_value_t = RateFormat::Table)]
    pub format: RateFormat,

    /// With the table: a line per puzzle before each file's summary.
    #[arg(long)]
    pub each: bool,

    /// Never use techniques that assume one solution (unique rectangles).
    #[arg(long)]
    pub no_uniqueness: bool,

    /// Give up counting a puzzle's solutions after this many search nodes (a positive number),
    /// or `none`; such a puzzle is not rated (see below).
    #[arg(long, value_name = "NODES", default_value = DEFAULT_LOGIC_BUDGET, value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Give up rating a puzzle once its search has taken this many steps of work (a positive
    /// number), or `none`: the chains' walk steps, and on a layout that adds houses
    /// (diagonals, windows, extra groups), a step for each look at one of those. Such a puzzle
    /// is not rated, its end gave-up, its figures lower bounds (`>=11.8`).
    #[arg(long, value_name = "STEPS", default_value = DEFAULT_WORK_BUDGET, value_parser = parse_budget)]
    pub work_budget: NodeBudget,

    /// Worker threads; by default one per core, at most 256 (or the number of cores, when
    /// more).
    #[arg(short = 'j', long, value_parser = parse_threads)]
    pub threads: Option<usize>,

    /// Rate only part K of N of every file: puzzles K, K+N, K+2N, ... (their rows keep their
    /// puzzle numbers; the CSV rows of the N parts, sorted by file and number, are the rows
    /// of the whole run).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<sudoku_bench::Shard>,

    /// Check every step of every puzzle with one solution against that solution: a step that
    /// places another value, or removes the solution's, is an error on standard error naming
    /// the puzzle and the step (exit code 3). The ratings are the same.
    #[arg(long)]
    pub check_steps: bool,

    /// Whose ladder to rate on: `explainer` (Sudoku Explainer's, whose ratings the community
    /// publishes: classic rules and layouts only) or `workbench` (the workbench's own, with
    /// the techniques of killer cages, thermometers, arrows and the other rules with numbers
    /// and lines). By default, Sudoku Explainer's for a puzzle without such rules and the
    /// workbench's for one with them.
    #[arg(long, value_enum)]
    pub scale: Option<LadderScale>,
}

/// `sudoku rate --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateFormat {
    /// Per file: puzzles by hardest technique, with shares.
    Table,
    /// A row per puzzle.
    Csv,
    /// Every puzzle and every file's summary.
    Json,
}

/// What `sudoku explain` prints, and its exit codes.
pub(super) const EXPLAIN_HELP: &str = "\
Steps are written in the notation of the Sudoku community: cells as r3c5 (row 3, column 5),
r3c5=7 puts 7 there, r3c5<>7 removes the candidate 7. Each line names the technique, the
pattern that proves the step and what it places or removes. Nothing is guessed unless asked
(--guess, below): when every technique is stuck, the candidates (pencil marks) are shown and
the explanation ends.

--scale picks the ladder. `workbench` (the default) climbs the workbench's own, with
skyscrapers, kites, W-wings and colouring. `explainer` climbs Sudoku Explainer's, step for step
as `sudoku rate` does (see its --help), and writes each of its chains link by link from the
assumption to the conclusion, a candidate on as r2c3=5 and off as r2c3<>5:
  r2c3=5 -> r2c7<>5 -> r2c7=3 -> r4c7<>3
each link following from the one before it (a cell's or a house's other candidates go off; a
cell's last candidate or a house's last place for a value comes on), with the step's
difficulty and its length term, as (7.3 = 7.0 + 0.3 for length). A step of several branches
writes each on a line of its own: a contradiction's two reach one candidate on and off; a
double forcing's (the candidate on, then off), a cell's (each candidate) or a house's (each
place of the value) all reach the conclusion. Where a dynamic or nested chain derives a
candidate from several, the branch follows the one whose going off set it on.

A puzzle with rules with numbers and lines (killer cages, thermometers, arrows, kropki dots,
XV, whispers, renban and the rest: an f-puzzles link, or a file's `#` lines) is walked on the
workbench's ladder, with a technique for each kind of rule among the classic ones: cage
combinations, cage pointing and the rule of 45, thermometer, arrow, little killer, kropki, XV,
whispers, renban, palindrome, between, region-sum, sandwich, x-sum and skyscraper clues, ...,
and contradiction by the rules (an assumption followed by singles and every rule). Each step
names its rule: `Cage Combinations: killer cage at r1c1 (sum 3): 1+2 in r1c1,r1c2 => ...`,
`Rule of 45: row 9 less killer cage at r9c1 (sum 7), ...: r9c9 = 9 => r9c9=9`; the JSON
gives the rules (index, kind, cells), a cage's combinations and the rule of 45's sum.
Sudoku Explainer's scale rates classic rules only: `--scale explainer` refuses such a puzzle.

--guess goes on where every technique is stuck: the empty cell with the fewest candidates
takes the solution's value (a `Guess` step) and the techniques go on, to the solution; the
rating stays that of the path before the first guess.

PUZZLE is a file (every puzzle in it is explained), `-` for standard input, a puzzle written
on one line (81 symbols at 9×9), or an f-puzzles link or JSON. Each puzzle is written as soon
as it is explained.

Solutions are counted first (to two, by the fastest engine for the size), within --budget
NODES, as `sudoku rate --help` tells: a puzzle whose count gives up is not
explained (JSON: end gave-up, solutions 0+? or 1+?, the budget); with --no-uniqueness the
steps come first and the count only where they get stuck.

Exit codes:
  0  every puzzle was solved by techniques
  1  some puzzle needs guessing, has no solution, or its count gave up at the node budget
  2  bad input or usage: a malformed puzzle, an unreadable file, output that could not be
     written";

/// `sudoku explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// A puzzle file, `-` for standard input, or a puzzle written on one line (an f-puzzles link
    /// or its JSON too, quoted for the shell).
    #[arg(default_value = "-")]
    pub puzzle: String,

    #[command(flatten)]
    pub input: InputArgs,

    /// Show the candidates (pencil marks) before each step.
    #[arg(long)]
    pub grid: bool,

    /// `text` (a step per line) or `json` (every placement and elimination as cell and digit).
    #[arg(short = 'o', long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,

    /// Never use techniques that assume one solution (unique rectangles).
    #[arg(long)]
    pub no_uniqueness: bool,

    /// Whose ladder to climb: `workbench` (the workbench's own, which teaches) or
    /// `explainer` (Sudoku Explainer's, which `sudoku rate` climbs, chains written link by
    /// link).
    #[arg(long, value_enum, default_value_t = LadderScale::Workbench)]
    pub scale: LadderScale,

    /// Give up counting a puzzle's solutions after this many search nodes (a positive number),
    /// or `none`; such a puzzle is not explained (see below).
    #[arg(long, value_name = "NODES", default_value = DEFAULT_LOGIC_BUDGET, value_parser = parse_budget)]
    pub budget: NodeBudget,

    /// Where every technique is stuck, go on by guessing: the empty cell with the fewest
    /// candidates takes the solution's value (a `Guess` step), and the techniques go on, as
    /// often as they get stuck, to the solution.
    #[arg(long)]
    pub guess: bool,
    /// Give up explaining a puzzle once its search has taken this many steps of work (a
    /// positive number), or `none`, as `sudoku rate --work-budget` does.
    #[arg(long, value_name = "STEPS", default_value = DEFAULT_WORK_BUDGET, value_parser = parse_budget)]
    pub work_budget: NodeBudget,
}

/// `sudoku explain --scale` and `sudoku rate --scale`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LadderScale {
    /// The workbench's ladder, with skyscrapers, kites, W-wings and colouring.
    Workbench,
    /// Sudoku Explainer's ladder and ratings, as `sudoku rate` walks a puzzle.
    Explainer,
}

impl LadderScale {
    /// The ladder's scale.
    pub fn scale(self) -> Scale {
        match self {
            LadderScale::Workbench => Scale::Workbench,
            LadderScale::Explainer => Scale::Explainer,
        }
    }
}

/// `sudoku explain --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplainFormat {
    /// A step per line, in the community's notation.
    Text,
    /// One JSON document: every puzzle, every step as data.
    Json,
}

/// The node budget of `sudoku rate` and `sudoku explain` for counting a puzzle's solutions
/// (by the default engine of its size). The shipped corpora need at most 71 nodes a 9×9
/// puzzle and 12,620 a 16×16 one, and the field's hard 9×9 lists at most about 1,500: this
/// leaves every one of them counted, with room to spare, while a 36×36 grid whose count would
/// run for hours gives up within seconds.
pub const DEFAULT_LOGIC_BUDGET: &str = "100000";

/// The work budget of `sudoku rate` and `sudoku explain` for one puzzle, in steps
/// ([`sudoku_logic::DEFAULT_WORK_BUDGET`], which a test checks).
pub const DEFAULT_WORK_BUDGET: &str = "1000000000";

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_budget_of_the_command_line_is_the_walks() {
        let budget = super::DEFAULT_LOGIC_BUDGET.parse::<u64>();
        assert_eq!(budget, Ok(sudoku_logic::DEFAULT_BUDGET));
        let work = super::DEFAULT_WORK_BUDGET.parse::<u64>();
        assert_eq!(work, Ok(sudoku_logic::DEFAULT_WORK_BUDGET));
    }
}
