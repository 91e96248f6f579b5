//! The walk of `sudoku rate` and `sudoku explain` (and of the Python package and the web page,
//! which rate and explain as they do): which ladder a puzzle is given, when its solutions are
//! counted and within which budget, and what a count that gave up means.
//!
//! Counting is a search, and searches are the engines' (a crate this one cannot use), so the
//! caller passes the count in: a function that answers a puzzle within [`Limits`], as
//! [`sudoku_core::Engine::solve`] does.

use sudoku_core::{Grid, Limits, Outcome, Verdict};

use crate::board::Board;
use crate::ladder::{End, Ladder, Options, Rating, Scale, Tally};
use crate::step::{Step, Technique};

/// The node budget of a count unless the caller gives another. The shipped corpora need at
/// most 71 nodes a 9×9 puzzle and 12,620 a 16×16 one (with the default engine of the size), and
/// the field's hard 9×9 lists at most about 1,500: this leaves every one of them counted, with
/// room to spare, while a 36×36 grid whose count would run for hours gives up within seconds.
pub const DEFAULT_BUDGET: u64 = 100_000;

/// The walk steps the chains may spend on one puzzle unless the caller gives another: a
/// step is a node a walk reaches or expands (some six million a second). A guard against a
/// runaway search, not a rating policy: puzzles of the "hardest" lists whose nested chains
/// stop at the first level need under 20 million, and one of the hardest-1106 list rated
/// 11.8 between 50 and 100 million, so the budget leaves ten times that; a puzzle whose
/// chains would run for more than some minutes gives up instead.
pub const DEFAULT_WORK_BUDGET: u64 = 1_000_000_000;

/// A run's two ladders (with the techniques that assume one solution, for a puzzle proved to
/// have one unless they are turned off, and without), the budget of its counts, and the walk
/// that picks a ladder for each puzzle ([`Rater::walk`]).
#[derive(Clone, Debug)]
pub struct Rater {
    /// The scale whose ladders the walks climb.
    scale: Scale,
    /// Whether a puzzle counted to one solution is given uniqueness techniques.
    uniqueness: bool,
    with_uniqueness: Ladder,
    without_uniqueness: Ladder,
    /// Whether the first ladder has techniques the second has not (Sudoku Explainer's chains),
    /// which a puzzle walked without uniqueness techniques is given only once counted.
    chains_wait_for_count: bool,
    /// Of every count: two solutions, within the budget.
    limits: Limits,
    /// Whether a walk that gets stuck goes on by guessing ([`Rater::with_guesses`]).
    guesses: bool,
}

impl Rater {
    /// A rater whose ladder may use uniqueness techniques (when the puzzle has one solution)
    /// or never (`uniqueness == false`), counting within [`DEFAULT_BUDGET`] nodes.
    pub fn new(uniqueness: bool) -> Rater {
        Rater::of_scale(Scale::Workbench, uniqueness)
    }

    /// A rater as [`Rater::new`] makes one, whose ladders climb `scale`.
    pub fn of_scale(scale: Scale, uniqueness: bool) -> Rater {
        let with_uniqueness = Ladder::of_scale(scale, Options { uniqueness, ..Options::default() })
            .with_work_budget(Some(DEFAULT_WORK_BUDGET));
        // This ladder walks puzzles not proved to have one solution, which Sudoku Explainer's
        // scale does not rate: its chains, which search long for nothing on a board with
        // several solutions, are left out there (see [`Rater::walk`]).
        let without_uniqueness = Ladder::of_scale(
            scale,
            Options {
                uniqueness: false,
                up_to: match scale {
                    Scale::Explainer => Technique::AlignedTripleExclusion,
                    Scale::Workbench => Options::default().up_to,
                },
            },
        )
        .with_work_budget(Some(DEFAULT_WORK_BUDGET));
        Rater {
            scale,
            uniqueness,
            chains_wait_for_count: with_uniqueness.techniques() != without_uniqueness.techniques(),
            with_uniqueness,
            without_uniqueness,
            limits: Limits::UNIQUE.with_node_budget(DEFAULT_BUDGET),
            guesses: false,
        }
    }

    /// This rater, whose walks go on by guessing where the ladder gets stuck (`true`): the
    /// empty cell with the fewest candidates takes the value a solution the count found puts
    /// there (a [`Technique::Guess`] step), and the ladder goes on, as often as it gets stuck,
    /// until the grid is full. The steps after the first guess are given to the caller but
    /// rated by nothing: the rating stays that of the path without guessing, which needs it.
    pub fn with_guesses(self, guesses: bool) -> Rater {
        Rater { guesses, ..self }
    }

    /// The scale whose ladders the walks climb.
    pub fn scale(&self) -> Scale {
        self.scale
    }

    /// Whether the puzzle's rules fit the rater's scale: Sudoku Explainer's rates the classic
    /// rules and layouts only, not the rules with numbers and lines (killer cages,
    /// thermometers, ...), which only the workbench's ladder has techniques for.
    pub fn takes(&self, puzzle: &Grid) -> bool {
        self.scale == Scale::Workbench
            || puzzle.layout().is_none_or(|layout| layout.constraints().is_empty())
    }

    /// This rater with counts that give up after `budget` search nodes (never, for `None`).
    pub fn with_budget(self, budget: Option<u64>) -> Rater {
        let limits = budget.map_or(Limits::UNIQUE, |nodes| Limits::UNIQUE.with_node_budget(nodes));
        Rater { limits, ..self }
    }

    /// This rater with chains that give up after `steps` walk steps a puzzle (never, for
    /// `None`): such a puzzle ends [`End::GaveUp`], not rated.
    pub fn with_work_budget(self, steps: Option<u64>) -> Rater {
        Rater {
            with_uniqueness: self.with_uniqueness.with_work_budget(steps),
            without_uniqueness: self.without_uniqueness.with_work_budget(steps),
            ..self
        }
    }

    /// The node budget of every count, if any.
    pub fn budget(&self) -> Option<u64> {
        self.limits.node_budget()
    }

    /// The rating of `puzzle` without a count: `one_solution` says whether it is known to have
    /// exactly one (the caller's word).
    pub fn rate(&self, puzzle: &Grid, one_solution: bool) -> Rating {
        let ladder = if one_solution { &self.with_uniqueness } else { &self.without_uniqueness };
        let mut board = Board::new(puzzle);
        let mut path = Tally::default();
        let end = ladder.run(&mut board, |_, step| path.add(step));
        path.rating(end)
    }

    /// Walks `puzzle` up the ladder, giving each step to `on_step` with the board before it,
    /// and has `count` count its solutions (to two, within the budget) only where that decides
    /// something:
    ///
    /// - with uniqueness techniques, first: they may be used only on a puzzle proved to have
    ///   one solution. A count that gives up at the budget ends the walk before the first
    ///   step: the puzzle is neither explained nor rated, and the budget bounds its cost. A
    ///   count that failed (an engine that crashed) proves nothing either, but the ladder
    ///   without uniqueness techniques needs no proof: the puzzle is given that one.
    /// - without, only when the techniques get stuck: a path that solves the puzzle proves it
    ///   has one solution (every step holds in every solution), one that breaks the board
    ///   proves it has none; a stuck one needs the count to tell "needs guessing" from
    ///   "several solutions" or "no solution". On Sudoku Explainer's scale the chains come
    ///   only after that count, on a puzzle it found to have one solution: a board with many
    ///   (a nearly empty grid) would keep them searching until the work budget ran out, and
    ///   a count that gives up leaves the walk given up too, as the chains might have gone on.
    pub fn walk(
        &self,
        puzzle: &Grid,
        count: &mut dyn FnMut(&Grid, Limits) -> Outcome,
        mut on_step: impl FnMut(&Board, &Step),
    ) -> Walk {
        let mut board = Board::new(puzzle);
        let mut path = Tally::default();
        let mut take = |before: &Board, step: &Step| {
            path.add(step);
            on_step(before, step);
        };
        // A solution the count found, for the guesses.
        let mut found: Option<Grid> = None;
        let mut count = |puzzle: &Grid| {
            let outcome = count(puzzle, self.limits);
            if outcome.failure.is_none() && found.is_none() {
                found.clone_from(&outcome.solution);
            }
            outcome.verdict(self.limits)
        };
        let (solutions, end) = if self.uniqueness {
            let solutions = count(puzzle);
            let end = match solutions {
                Verdict::GaveUp(_) => None,
                Verdict::Exactly(0) => Some(End::Broken),
                Verdict::Exactly(1) => Some(self.with_uniqueness.run(&mut board, &mut take)),
                _ => Some(self.without_uniqueness.run(&mut board, &mut take)),
            };
            (solutions, end)
        } else {
            // The ladder without chains goes first; the one with them (the same but for the
            // chains, tried last) goes on from where it stuck, on a puzzle counted to one
            // solution, or on one the count could not judge (an engine that failed).
            let mut end = self.without_uniqueness.run(&mut board, &mut take);
            let mut counted = None;
            if end == End::Stuck && self.chains_wait_for_count {
                let solutions = count(puzzle);
                end = match solutions {
                    Verdict::Exactly(0) => End::Broken,
                    Verdict::Exactly(1) | Verdict::Failed(_) => {
                        self.with_uniqueness.run(&mut board, &mut take)
                    }
                    Verdict::GaveUp(_) => End::GaveUp,
                    _ => End::Stuck,
                };
                counted = Some(solutions);
            }
            match end {
                End::Solved => (Verdict::Exactly(1), Some(End::Solved)),
                End::Broken => (Verdict::Exactly(0), Some(End::Broken)),
                End::GaveUp => (counted.unwrap_or_else(|| count(puzzle)), Some(End::GaveUp)),
                End::Stuck => {
                    let solutions = counted.unwrap_or_else(|| count(puzzle));
                    let end =
                        if solutions == Verdict::Exactly(0) { End::Broken } else { End::Stuck };
                    (solutions, Some(end))
                }
            }
        };
        let rating = path.rating(end.unwrap_or(End::Stuck));
        let mut guesses = 0;
        if let (true, Some(End::Stuck), Some(solution)) = (self.guesses, end, &found) {
            let ladder = if self.uniqueness && solutions == Verdict::Exactly(1) {
                &self.with_uniqueness
            } else {
                &self.without_uniqueness
            };
            while let Some(cell) = board.fewest_candidates().filter(|_| !board.is_broken()) {
                let value = solution.get(cell);
                let mut guess = Step::new(Technique::Guess);
                guess.digits = 1 << (value - 1);
                guess.pattern.push((cell, board.candidates(cell)));
                guess.placements.push((cell, value));
                on_step(&board, &guess);
                board.apply(&guess);
                guesses += 1;
                if ladder.run(&mut board, &mut on_step) != End::Stuck {
                    break;
                }
            }
        }
        Walk {
            solutions,
            end,
            board,
            hardest: rating.hardest,
            difficulty: rating.difficulty,
            pearl: rating.pearl,
            diamond: rating.diamond,
            steps: rating.steps,
            budget: self.budget(),
            guesses,
        }
    }
}

/// Where a puzzle's walk up the ladder ended, and what is known of its solutions.
#[derive(Clone, Debug)]
pub struct Walk {
    /// Counted to two (`Exactly(0)`, `Exactly(1)`, `AtLeast(2)`); proved by the techniques
    /// without counting (`Exactly(1)` for a path that solved the puzzle, `Exactly(0)` for one
    /// that broke the board); `GaveUp` when the count ran out of budget; `Failed` when it
    /// failed.
    pub solutions: Verdict,
    /// How the path ended: [`End::Broken`] whenever the puzzle has no solution, also when the
    /// count (not the path) found that out; `None` when the count gave up before the first
    /// step (the puzzle is not explained).
    pub end: Option<End>,
    /// The board the path left.
    pub board: Board,
    /// The technique of the path's hardest step.
    pub hardest: Option<Technique>,
    /// That step's difficulty ([`Step::difficulty`]).
    pub difficulty: f64,
    /// [`Rating::pearl`] of the path.
    pub pearl: f64,
    /// [`Rating::diamond`] of the path.
    pub diamond: f64,
    /// The number of steps.
    pub steps: usize,
    /// The node budget the count had, if any.
    pub budget: Option<u64>,
    /// The guesses a walk that goes on by guessing ([`Rater::with_guesses`]) made after the
    /// path got stuck; the path's steps after them are not in its rating, and [`Walk::board`]
    /// is then the solution the guesses followed.
    pub guesses: usize,
}

impl Walk {
    /// Whether the count gave up at the budget, or the search at the work budget: the puzzle
    /// is not rated, even when the path was walked (and got stuck) before the count.
    pub fn gave_up(&self) -> bool {
        matches!(self.solutions, Verdict::GaveUp(_)) || self.end == Some(End::GaveUp)
    }

    /// The puzzle's rating; `None` when it is not rated (its count gave up).
    pub fn rating(&self) -> Option<Rating> {
        let end = self.end.filter(|_| !self.gave_up())?;
        Some(Rating {
            hardest: self.hardest,
            difficulty: self.difficulty,
            pearl: self.pearl,
            diamond: self.diamond,
            steps: self.steps,
            end,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::grid_from_line;

    /// Solved by singles.
    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// An empty 4×4 grid: every value of every cell is in some solution, so no technique
    /// finds anything.
    const EMPTY: &str = "................";
    /// No solution, with no clue against another: the 3 in the first row's box leaves the 4
    /// as the only value of both of the row's empty cells, and the board breaks.
    const CONTRADICTION: &str = "12....3.........";

    #[test]
    fn a_puzzle_whose_chains_spend_the_work_budget_gives_up_and_is_not_rated() {
        // Rated 9.2 by Sudoku Explainer: dynamic forcing chains, thousands of walk steps.
        let hard = grid_from_line(
            "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........",
        );
        let mut asked = Vec::new();
        let tiny = Rater::of_scale(Scale::Explainer, true).with_work_budget(Some(1_000));
        let walked = tiny.walk(&hard, &mut counting(Verdict::Exactly(1), &mut asked), |_, _| {});
        assert_eq!(walked.end, Some(End::GaveUp));
        assert!(walked.gave_up());
        assert_eq!(walked.rating(), None, "no ER from a search cut short");
        // Without the ladder's uniqueness techniques too; the count says what it knows.
        let without = Rater::of_scale(Scale::Explainer, false).with_work_budget(Some(1_000));
        let walked = without.walk(&hard, &mut counting(Verdict::Exactly(1), &mut asked), |_, _| {});
        assert_eq!((walked.end, walked.solutions), (Some(End::GaveUp), Verdict::Exactly(1)));
        assert_eq!(walked.rating(), None);
        // With the default budget the same puzzle is rated.
        let rated = Rater::of_scale(Scale::Explainer, true).rate(&hard, true);
        assert_eq!((rated.end, rated.difficulty), (End::Solved, 9.2));
    }

    /// A count that answers `verdict` and records the limits it was given.
    fn counting(verdict: Verdict, asked: &mut Vec<Limits>) -> impl FnMut(&Grid, Limits) -> Outcome {
        move |_, limits| {
            asked.push(limits);
            let mut outcome = Outcome::empty();
            match verdict {
                Verdict::Exactly(n) | Verdict::AtLeast(n) => outcome.count = n,
                Verdict::GaveUp(n) => {
                    outcome.count = n;
                    outcome.budget_exhausted = true;
                }
                Verdict::Failed(kind) => outcome = Outcome::failed(kind, "failed"),
            }
            outcome
        }
    }

    fn walk(rater: &Rater, line: &str, verdict: Verdict) -> (Walk, Vec<Limits>, usize) {
        let mut asked = Vec::new();
        let mut given = 0;
        let walked =
            rater
                .walk(&grid_from_line(line), &mut counting(verdict, &mut asked), |_, _| given += 1);
        (walked, asked, given)
    }

    #[test]
    fn with_uniqueness_the_count_comes_first_within_the_budget() {
        let rater = Rater::new(true).with_budget(Some(77));
        let (walked, asked, given) = walk(&rater, EASY, Verdict::Exactly(1));
        assert_eq!(asked, [Limits::UNIQUE.with_node_budget(77)]);
        assert_eq!(walked.end, Some(End::Solved));
        assert_eq!((walked.steps, given), (51, 51));
        assert_eq!(walked.rating().map(|rating| rating.end), Some(End::Solved));
        assert!(walked.board.is_solved());

        // A count of none ends the walk broken, before any step.
        let (walked, _, given) = walk(&rater, EASY, Verdict::Exactly(0));
        assert_eq!((walked.end, walked.steps, given), (Some(End::Broken), 0, 0));
    }

    #[test]
    fn a_count_that_gives_up_first_leaves_the_puzzle_unexplained_and_unrated() {
        let rater = Rater::new(true);
        let (walked, asked, given) = walk(&rater, EASY, Verdict::GaveUp(1));
        assert_eq!(asked, [Limits::UNIQUE.with_node_budget(DEFAULT_BUDGET)]);
        assert_eq!((walked.end, given), (None, 0));
        assert!(walked.gave_up());
        assert!(walked.rating().is_none());
        assert_eq!(walked.budget, Some(DEFAULT_BUDGET));
    }

    #[test]
    fn several_or_a_failed_count_get_the_ladder_without_uniqueness() {
        for verdict in [Verdict::AtLeast(2), Verdict::Failed(sudoku_core::FailureKind::Crashed)] {
            let (walked, asked, _) = walk(&Rater::new(true), EMPTY, verdict);
            assert_eq!(asked.len(), 1);
            assert_eq!(walked.end, Some(End::Stuck), "{verdict:?}");
            assert!(walked.rating().is_some());
        }
    }

    #[test]
    fn a_walk_asked_to_guess_goes_on_from_where_it_stuck_to_the_solution_it_was_given() {
        let solution = grid_from_line("1234341221434321");
        let mut count = |_: &Grid, _: Limits| {
            let mut outcome = Outcome::empty();
            outcome.count = 2;
            outcome.solution = Some(solution.clone());
            outcome
        };
        let mut steps = Vec::new();
        let rater = Rater::new(true).with_guesses(true);
        let walked = rater.walk(&grid_from_line(EMPTY), &mut count, |_, step| {
            steps.push(step.clone());
        });
        assert_eq!(walked.end, Some(End::Stuck), "the rating is the path's, which needs guessing");
        assert!(walked.guesses >= 1);
        assert!(walked.board.is_solved());
        assert_eq!(walked.board.grid().cells(), solution.cells());
        assert_eq!(steps[0].technique, Technique::Guess, "stuck at once on an empty grid");
        assert!(steps.iter().all(|step| step.holds_in(&solution)));
        assert_eq!(walked.steps, 0, "no step after a guess is rated");
        // Without being asked, the walk stops where it stuck.
        let walked = Rater::new(true).walk(&grid_from_line(EMPTY), &mut count, |_, _| {});
        assert_eq!((walked.guesses, walked.board.is_solved()), (0, false));
    }

    #[test]
    fn without_uniqueness_only_a_stuck_path_is_counted() {
        let rater = Rater::new(false).with_budget(None);
        // Solved or broken by the techniques: proved without a count.
        let (walked, asked, _) = walk(&rater, EASY, Verdict::GaveUp(0));
        assert!(asked.is_empty());
        assert_eq!((walked.solutions, walked.end), (Verdict::Exactly(1), Some(End::Solved)));
        let (walked, asked, _) = walk(&rater, CONTRADICTION, Verdict::GaveUp(0));
        assert!(asked.is_empty());
        assert_eq!((walked.solutions, walked.end), (Verdict::Exactly(0), Some(End::Broken)));

        // Stuck: counted, without a budget here.
        let (walked, asked, _) = walk(&rater, EMPTY, Verdict::AtLeast(2));
        assert_eq!(asked, [Limits::UNIQUE]);
        assert_eq!(walked.end, Some(End::Stuck));
        let (walked, _, _) = walk(&rater, EMPTY, Verdict::Exactly(0));
        assert_eq!(walked.end, Some(End::Broken));
        // A count that gives up after the path got stuck: walked, but not rated.
        let (walked, _, _) = walk(&rater, EMPTY, Verdict::GaveUp(1));
        assert_eq!(walked.end, Some(End::Stuck));
        assert!(walked.gave_up() && walked.rating().is_none());
    }
}
