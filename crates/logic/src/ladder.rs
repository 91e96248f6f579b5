//! The driver: apply the easiest technique that finds something, then start again from the
//! easiest; stop when the grid is full, when nothing applies (stuck), or when the board breaks.

use sudoku_core::Grid;

use crate::board::Board;
use crate::budget;
use crate::step::{ChainFamily, Step, Technique};
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
        Options { uniqueness: false, up_to: Technique::NestedDynamicForcingPlus }
    }
}

/// Which list of techniques, in which order, a ladder climbs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Scale {
    /// Every technique but those only Sudoku Explainer names in its own way, easiest first,
    /// with the named single-digit patterns (skyscraper, kite, W-wing, colouring) that teach
    /// well: the ladder of `sudoku explain` and of the `logic` engine.
    #[default]
    Workbench,
    /// Sudoku Explainer 1.2.1's techniques in the order it tries them (direct techniques
    /// among the singles, unique loops, BUG, aligned exclusions, then chains), so that a
    /// puzzle's rating reads as the community's published ratings: the ladder of
    /// `sudoku rate`. Its chains are still the workbench's (fixed difficulties, no length
    /// term), so chain-rated puzzles may differ.
    Explainer,
}

impl Scale {
    /// The scale's techniques in the order its ladder tries them.
    pub fn techniques(self) -> &'static [Technique] {
        match self {
            Scale::Workbench => &WORKBENCH,
            Scale::Explainer => &EXPLAINER,
        }
    }

    /// Every technique a step on this scale may name, in the order of [`Technique::ALL`]: the
    /// scale's rungs and, where one rung gathers a family of Sudoku Explainer's chains, every
    /// technique of the family (its static rung finds cycles and forcing chains alike, its
    /// multiple rung cell and region forcing chains).
    pub fn names(self) -> Vec<Technique> {
        Technique::ALL
            .into_iter()
            .filter(|&technique| self.techniques().contains(&self.rung_of(technique)))
            .collect()
    }

    /// The rung of this scale whose pass finds the steps of `technique`.
    fn rung_of(self, technique: Technique) -> Technique {
        // Sudoku Explainer's static rung finds cycles and forcing chains alike, its multiple
        // rung cell and region forcing chains.
        match (self, technique.chain_family()) {
            (Scale::Explainer, Some(ChainFamily::Static)) => Technique::XyForcingChain,
            (Scale::Explainer, Some(ChainFamily::Multiple)) => Technique::RegionForcingChains,
            _ => technique,
        }
    }
}

/// [`Scale::Workbench`]'s ladder.
const WORKBENCH: [Technique; 26] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::UniqueRectangle,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::SimpleColouring,
    Technique::XChain,
    Technique::XyChain,
    Technique::ContradictionForcing,
    Technique::CellForcing,
];

/// [`Scale::Explainer`]'s ladder: Sudoku Explainer's order, where a direct technique comes
/// before the harder naked single and the chains come last.
const EXPLAINER: [Technique; 34] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::NakedSingle,
    Technique::DirectHiddenTriple,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueLoop,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::Bug,
    Technique::AlignedPairExclusion,
    Technique::XyForcingChain,
    Technique::AlignedTripleExclusion,
    Technique::NishioForcing,
    Technique::RegionForcingChains,
    Technique::DynamicForcing,
    Technique::DynamicForcingPlus,
    Technique::NestedForcing,
    Technique::NestedMultipleForcing,
    Technique::NestedDynamicForcing,
    Technique::NestedDynamicForcingPlus,
];

/// The techniques of the rules with numbers and lines (killer cages, thermometers, arrows,
/// dots, ...), easiest first: [`Scale::Workbench`]'s ladder tries them among its own, in the
/// order of [`Technique`], on a grid whose layout has such rules, and only there (a classic
/// grid's path is the one it always was). Sudoku Explainer's scale has none: it rates the
/// classic rules.
pub const RULE_TECHNIQUES: [Technique; 25] = [
    Technique::OddEven,
    Technique::MinMax,
    Technique::CageCombinations,
    Technique::Xv,
    Technique::Palindrome,
    Technique::Clone,
    Technique::Thermometer,
    Technique::Kropki,
    Technique::Quadruple,
    Technique::Whispers,
    Technique::Arrow,
    Technique::Zipper,
    Technique::Renban,
    Technique::Entropic,
    Technique::LittleKiller,
    Technique::NegativeRule,
    Technique::Between,
    Technique::Indexer,
    Technique::CagePointing,
    Technique::RuleOf45,
    Technique::RegionSum,
    Technique::Sandwich,
    Technique::XSum,
    Technique::SkyscraperClue,
    Technique::RuleContradiction,
];

/// The techniques of a ladder, in the order it tries them.
#[derive(Clone, Debug)]
pub struct Ladder {
    techniques: Vec<Technique>,
    /// The same with the techniques of the rules with numbers and lines among them, for a
    /// board whose layout has such rules.
    with_rules: Vec<Technique>,
    /// The steps of work one run may spend ([`Ladder::run`], [`crate::budget`]: the chains'
    /// walks, and the searches over the houses a layout adds); none: unbounded.
    work: Option<u64>,
}

impl Ladder {
    /// The ladder of the techniques `options` allows, on the workbench's scale.
    pub fn new(options: Options) -> Ladder {
        Ladder::of_scale(Scale::Workbench, options)
    }

    /// The ladder of the techniques of `scale` that `options` allows, in the scale's order.
    pub fn of_scale(scale: Scale, options: Options) -> Ladder {
        let allowed =
            |t: &Technique| *t <= options.up_to && (options.uniqueness || !t.assumes_uniqueness());
        let techniques: Vec<Technique> =
            scale.techniques().iter().copied().filter(allowed).collect();
        let mut with_rules = techniques.clone();
        if scale == Scale::Workbench {
            with_rules.extend(RULE_TECHNIQUES.iter().copied().filter(allowed));
            with_rules.sort_unstable();
        }
        Ladder { techniques, with_rules, work: None }
    }

    /// This ladder with runs that may spend at most `steps` steps of work (unbounded for
    /// `None`): walk steps of the chains, and on a layout that adds houses, a step for each
    /// look at one of those. A run that reaches it ends [`End::GaveUp`].
    pub fn with_work_budget(self, steps: Option<u64>) -> Ladder {
        Ladder { work: steps, ..self }
    }

    /// The techniques, in the order they are tried on a grid without rules with numbers and
    /// lines.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The techniques, in the order they are tried on a grid whose layout has rules with
    /// numbers and lines (killer cages, thermometers, ...): [`Ladder::techniques`] and, on
    /// the workbench's scale, [`RULE_TECHNIQUES`] among them.
    pub fn techniques_with_rules(&self) -> &[Technique] {
        &self.with_rules
    }

    /// The step the easiest technique that finds one finds, on a board that is neither broken
    /// nor solved, within the ladder's work budget (none when the search spent it).
    pub fn next_step(&self, board: &Board) -> Option<Step> {
        budget::start(self.work);
        self.step_on(board).filter(|_| !budget::exhausted())
    }

    /// [`Ladder::next_step`] within what is left of the thread's work budget.
    fn step_on(&self, board: &Board) -> Option<Step> {
        if board.is_broken() || board.is_solved() {
            return None;
        }
        let techniques = if board.has_rules() { &self.with_rules } else { &self.techniques };
        techniques.iter().find_map(|&technique| {
            techniques::find(technique, board).filter(|step| board.progresses(step))
        })
    }

    /// Applies steps to `board` until it is solved, stuck or broken, giving each step to
    /// `on_step` before it is applied (with the board it applies to).
    pub fn run(&self, board: &mut Board, mut on_step: impl FnMut(&Board, &Step)) -> End {
        budget::start(self.work);
        loop {
            let step = self.step_on(board);
            // A search cut short may have missed the easiest step: nothing it chose is taken.
            if budget::exhausted() {
                return End::GaveUp;
            }
            let Some(step) = step else { break };
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
    /// The search spent the ladder's work budget before the next step was known: the path so
    /// far holds, but the puzzle is not rated.
    GaveUp,
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
        let mut tally = Tally::default();
        self.steps.iter().for_each(|step| tally.add(step));
        tally.rating(self.end)
    }
}

/// What a rating keeps of a path as its steps come: the hardest step (of equal difficulties,
/// the one of the later technique in [`Technique`]'s order, a skyscraper over a hidden
/// triple, both 4.0; then the first), the pearl and the diamond, and the path's length.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Tally {
    hardest: Option<Technique>,
    difficulty: f64,
    steps: usize,
    /// The hardest difficulty so far, once a step has placed a value.
    pearl: Option<f64>,
    /// The first step's difficulty.
    diamond: Option<f64>,
}

impl Tally {
    pub(crate) fn add(&mut self, step: &Step) {
        self.steps += 1;
        let difficulty = step.difficulty();
        let harder = self
            .hardest
            .is_none_or(|hardest| harder(difficulty, step.technique, self.difficulty, hardest));
        if harder {
            self.hardest = Some(step.technique);
            self.difficulty = difficulty;
        }
        self.diamond.get_or_insert(difficulty);
        if self.pearl.is_none() && !step.placements.is_empty() {
            self.pearl = Some(self.difficulty);
        }
    }

    pub(crate) fn rating(&self, end: End) -> Rating {
        Rating {
            hardest: self.hardest,
            difficulty: self.difficulty,
            pearl: self.pearl.unwrap_or(self.difficulty),
            diamond: self.diamond.unwrap_or(0.0),
            steps: self.steps,
            end,
        }
    }
}

/// Whether a step of `difficulty` and `technique` rates above one of `than` and
/// `than_technique`: by difficulty, then by the order of [`Technique`].
pub(crate) fn harder(
    difficulty: f64,
    technique: Technique,
    than: f64,
    than_technique: Technique,
) -> bool {
    difficulty > than || (difficulty == than && technique > than_technique)
}

/// How hard a puzzle is to solve by techniques.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rating {
    /// The technique of the hardest step the path took (none when the puzzle was already
    /// solved, or stuck at once).
    pub hardest: Option<Technique>,
    /// That step's difficulty ([`Step::difficulty`]): the puzzle's rating (Sudoku Explainer's
    /// ER on its scale).
    pub difficulty: f64,
    /// The difficulty of the hardest step up to the first that places a value (Sudoku
    /// Explainer's EP, "pearl"): how hard the puzzle is to start. The rating when no step
    /// places one.
    pub pearl: f64,
    /// The first step's difficulty (Sudoku Explainer's ED, "diamond"); 0 for a path of no
    /// step.
    pub diamond: f64,
    /// The number of steps.
    pub steps: usize,
    /// Where the path ended; [`End::Stuck`] means the puzzle needs guessing (with this ladder).
    pub end: End,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::grid_from_line;

    #[test]
    fn sudoku_explainers_scale_has_its_order_and_none_of_the_named_patterns() {
        let options = Options { uniqueness: true, ..Options::default() };
        let explainer = Ladder::of_scale(Scale::Explainer, options);
        let at = |technique| explainer.techniques().iter().position(|&t| t == technique);
        assert!(at(Technique::HiddenSingleLine) < at(Technique::DirectPointing));
        assert!(at(Technique::DirectHiddenPair) < at(Technique::NakedSingle));
        assert!(at(Technique::NakedSingle) < at(Technique::DirectHiddenTriple));
        assert!(at(Technique::DirectHiddenTriple) < at(Technique::Pointing));
        assert!(at(Technique::XyzWing) < at(Technique::UniqueLoop));
        assert!(at(Technique::HiddenQuad) < at(Technique::Bug));
        assert!(at(Technique::Bug) < at(Technique::AlignedPairExclusion));
        for named in [Technique::Skyscraper, Technique::WWing, Technique::UniqueRectangle] {
            assert_eq!(at(named), None, "{named}");
        }
        // Without uniqueness, neither loops nor BUG.
        let without = Ladder::of_scale(Scale::Explainer, Options::default());
        assert!(without.techniques().iter().all(|t| !t.assumes_uniqueness()));
        // The workbench's ladder, the logic engine's, is the one it always was.
        let workbench = Ladder::new(Options::default());
        assert_eq!(workbench.techniques().len(), WORKBENCH.len() - 1, "all but the rectangle");
        assert!(!workbench.techniques().contains(&Technique::DirectPointing));
    }

    #[test]
    fn a_scale_names_the_techniques_its_rungs_find() {
        let explainer = Scale::Explainer.names();
        for found in [Technique::XCycle, Technique::ForcingXChain, Technique::CellForcingChains] {
            assert!(explainer.contains(&found), "{found}");
        }
        for absent in [Technique::XChain, Technique::Skyscraper, Technique::CellForcing] {
            assert!(!explainer.contains(&absent), "{absent}");
        }
        let mut workbench = Scale::Workbench.names();
        let mut rungs = WORKBENCH.to_vec();
        workbench.sort();
        rungs.sort();
        assert_eq!(workbench, rungs, "every rung of the workbench finds only its own steps");
    }

    #[test]
    fn a_path_rates_as_its_hardest_step_and_the_later_technique_of_equals() {
        let step = |technique, extra| Step { extra, ..Step::new(technique) };
        let path = Path {
            steps: vec![
                step(Technique::XWing, 0),
                step(Technique::UniqueLoop, 5),
                step(Technique::NakedQuad, 0),
                step(Technique::Pointing, 0),
            ],
            end: End::Solved,
            board: Board::new(&grid_from_line(&".".repeat(81))),
        };
        let rating = path.rating();
        // The loop of ten (4.5 + 0.5) ties the naked quad (5.0), the later technique.
        assert_eq!(rating.hardest, Some(Technique::NakedQuad));
        assert_eq!(rating.difficulty, 5.0);
    }
}
