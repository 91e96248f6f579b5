//! `rate` and `explain`: the ladder of human techniques on one puzzle, as `sudoku rate` and
//! `sudoku explain` run it.
//!
//! The walk is theirs, sudoku-logic's [`Rater::walk`]: techniques that assume one solution are
//! used only on a puzzle counted to have exactly one (within the node budget: a count that
//! gives up leaves the puzzle unexplained); without them, the count is made only when the
//! techniques get stuck. Solutions are counted by the default engine of the puzzle's size.

use std::collections::BTreeMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::{Grid as CoreGrid, Limits, Outcome};
use sudoku_engines::EnginesBySize;
use sudoku_logic::{Band, Board, DEFAULT_BUDGET, End, Rater, Scale, Walk, digits};

use crate::args::{self, Int};
use crate::grid::{Grid, to_grid};
use crate::interrupt::guarded;

/// How hard a puzzle is for people: the hardest technique its path needs.
#[pyclass(module = "sudoku_workbench", frozen, get_all)]
pub struct Rating {
    /// `0`, `1` or `2+` solutions; `0+?`/`1+?` when counting gave up at the budget.
    solutions: String,
    /// `solved` (by techniques), `stuck` (needs a guess), `broken` (no solution), `gave-up`
    /// (the count gave up at the budget: not rated).
    end: String,
    /// The hardest technique's name (`None` when no step was taken).
    hardest: Option<String>,
    /// Its short machine name (`x-wing`).
    hardest_key: Option<String>,
    /// Its difficulty, on Sudoku Explainer's scale (0.0 when no step was taken): the ER.
    difficulty: f64,
    /// The hardest difficulty up to the first placement: Sudoku Explainer's EP.
    pearl: f64,
    /// The first step's difficulty: Sudoku Explainer's ED.
    diamond: f64,
    /// Steps taken.
    steps: usize,
    /// The difficulty band (`easy` ... `extreme`; `None` when not rated).
    band: Option<String>,
    /// Filled cells of the puzzle.
    clues: usize,
    /// The scale whose ladder rated it: `explainer` (Sudoku Explainer's, for the classic
    /// rules) or `workbench` (the workbench's, for rules with numbers and lines).
    scale: String,
    /// How many steps of each technique the path took, by machine name.
    techniques: BTreeMap<String, usize>,
}

#[pymethods]
impl Rating {
    fn __repr__(&self) -> String {
        format!(
            "Rating(difficulty={:.1}, pearl={:.1}, diamond={:.1}, hardest={}, end='{}', steps={}, band={})",
            self.difficulty,
            self.pearl,
            self.diamond,
            python_text(self.hardest.as_deref()),
            self.end,
            self.steps,
            python_text(self.band.as_deref())
        )
    }
}

/// One step of a path: a technique, the cells of its pattern, what it places and removes.
#[pyclass(module = "sudoku_workbench", frozen, get_all)]
#[derive(Clone)]
pub struct Step {
    /// The technique's name (`Hidden Single (box)`).
    technique: String,
    /// Its short machine name (`hidden-single-box`).
    key: String,
    /// Its difficulty.
    difficulty: f64,
    /// The step in the field's notation (`r3c5=7`, `r1c1<>4`...).
    text: String,
    /// The values the pattern is about.
    digits: Vec<u32>,
    /// The cells of the pattern (row-major, from 0).
    cells: Vec<usize>,
    /// The houses of the pattern (`row 3`, `box 5`).
    units: Vec<String>,
    /// Values placed: `(cell, digit)`.
    placed: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    removed: Vec<(usize, u8)>,
    /// For a chain of Sudoku Explainer's scale, each branch link by link, from its
    /// assumption to its conclusion: `(cell, digit, on)`. Empty for every other step.
    branches: Vec<Vec<(usize, u8, bool)>>,
    /// For a step of the rules with numbers and lines: the rules it used, by index in the
    /// grid's `layout.constraints`.
    rules: Vec<usize>,
    /// Those rules for people (`killer cage at r1c1 (sum 15)`).
    rule_names: Vec<String>,
    /// For a killer cage's step: the sets of digits it can hold.
    combinations: Vec<Vec<u32>>,
    /// For a step of the rule of 45: the sum it gives, `([(cell, coefficient), ...], total)`
    /// (1 for an innie, -1 for an outie).
    equation: Option<(Vec<(usize, i32)>, i64)>,
}

#[pymethods]
impl Step {
    fn __repr__(&self) -> String {
        format!("Step({:?})", self.text)
    }
}

/// A puzzle's path of techniques.
#[pyclass(module = "sudoku_workbench", frozen, get_all)]
pub struct Explanation {
    /// `0`, `1` or `2+` solutions; `0+?`/`1+?` when counting gave up at the budget.
    solutions: String,
    /// `solved`, `stuck`, `no-solution` or `gave-up`, as `sudoku explain --format json`.
    end: String,
    /// The steps, in order.
    steps: Vec<Step>,
    /// The hardest technique's name.
    hardest: Option<String>,
    /// Its difficulty (0.0 when no step was taken).
    difficulty: f64,
    /// The grid the path solved, when it did (with `guess=True`, the solution its guesses
    /// reached).
    solution: Option<Grid>,
    /// The guesses made after the path got stuck (with `guess=True`).
    guesses: usize,
    /// Where a path that got stuck stopped (`end == "stuck"`, without guessing): each cell's
    /// candidates, row-major, `[value]` for a filled cell. `None` otherwise.
    candidates: Option<Vec<Vec<u32>>>,
}

#[pymethods]
impl Explanation {
    fn __repr__(&self) -> String {
        let hardest = python_text(self.hardest.as_deref());
        format!("Explanation(end='{}', steps={}, hardest={hardest})", self.end, self.steps.len())
    }
}

/// Each cell's candidates on `board`, row-major: `[value]` for a filled cell.
fn candidates(board: &Board) -> Vec<Vec<u32>> {
    (0..board.size().cells())
        .map(|cell| match board.value(cell) {
            0 => digits(board.candidates(cell)).map(u32::from).collect(),
            value => vec![u32::from(value)],
        })
        .collect()
}

/// `text` as Python writes a string or `None`, for a `__repr__`.
fn python_text(text: Option<&str>) -> String {
    text.map_or_else(|| "None".to_owned(), |text| format!("'{text}'"))
}

/// Walks `puzzle` up the ladder of `scale` as `sudoku rate` (Sudoku Explainer's scale) and
/// `sudoku explain` (the workbench's) do, giving each step to `on_step`; `budget` is the
/// argument as given (`None` for no budget).
fn walk(rater: &Rater, puzzle: &CoreGrid, mut on_step: impl FnMut(&sudoku_logic::Step)) -> Walk {
    let mut engines = EnginesBySize::default();
    let count = &mut |grid: &CoreGrid, limits: Limits| -> Outcome { engines.solve(grid, limits) };
    rater.walk(puzzle, count, |_: &Board, step| on_step(step))
}

/// The scale named `scale` (`None`: Sudoku Explainer's for a puzzle of the classic rules and
/// layouts, the workbench's for one with rules with numbers and lines), and a `ValueError`
/// when it does not rate `grid`.
fn scale_for(scale: Option<&str>, grid: &CoreGrid) -> PyResult<Scale> {
    let classic = grid.layout().is_none_or(|layout| layout.constraints().is_empty());
    let scale = match scale {
        None if classic => Scale::Explainer,
        None | Some("workbench") => Scale::Workbench,
        Some("explainer") => Scale::Explainer,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "scale must be 'workbench' or 'explainer', not {other:?}"
            )));
        }
    };
    if scale == Scale::Explainer && !classic {
        let kind = grid
            .layout()
            .and_then(|layout| layout.constraints().first())
            .map_or("such rules", |rule| rule.kind().name());
        return Err(PyValueError::new_err(format!(
            "Sudoku Explainer's scale rates classic rules only, not a {kind}: rate it on the \
             workbench's scale (scale='workbench')"
        )));
    }
    Ok(scale)
}

/// Rates `puzzle` as `sudoku rate` does: the hardest technique its path of human techniques
/// needs, on Sudoku Explainer's scale, and its band. `budget` bounds the count of solutions
/// (in search nodes; 100,000 as the command's default, `None` for no bound);
/// `uniqueness=False` leaves out the techniques that assume one solution.
///
/// A puzzle with rules with numbers and lines (killer cages, thermometers, ...) has no Sudoku
/// Explainer rating: it is rated on the workbench's ladder (`scale='workbench'`, the default
/// for it), the difficulty of its hardest step on the workbench's scale; `techniques` counts
/// the steps of each technique its path took. `scale='explainer'` refuses it.
///
/// >>> from sudoku_workbench import rate, Grid, Layout, Cage
/// >>> rating = rate("...42....1....3.")
/// >>> rating.end, rating.hardest_key, rating.band, rating.scale
/// ('solved', 'hidden-single-box', '1-singles', 'explainer')
/// >>> cages = [Cage([0, 1], 4), Cage([2, 3], 6), Cage([4, 8], 7), Cage([5, 9], 3)]
/// >>> killer = Grid("." * 16, layout=Layout(4, constraints=cages))
/// >>> rate(killer).scale, rate(killer).techniques["cage-combinations"] > 0
/// ('workbench', True)
#[pyfunction]
#[pyo3(signature = (puzzle, budget=Some(Int::of(DEFAULT_BUDGET as i128)), uniqueness=true, scale=None))]
pub fn rate(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    budget: Option<Int>,
    uniqueness: bool,
    scale: Option<&str>,
) -> PyResult<Rating> {
    let grid = to_grid(puzzle, None)?.grid;
    let budget = args::budget(budget)?;
    let scale = scale_for(scale, &grid)?;
    let rater = Rater::of_scale(scale, uniqueness).with_budget(budget);
    let mut techniques = BTreeMap::new();
    let walked = guarded(py, || {
        walk(&rater, &grid, |step| {
            *techniques.entry(step.technique.key().to_owned()).or_insert(0) += 1;
        })
    })?;
    let rating = walked.rating();
    let hardest = walked.hardest;
    Ok(Rating {
        solutions: walked.solutions.to_string(),
        end: match rating.as_ref().map(|rating| rating.end) {
            Some(End::Solved) => "solved",
            Some(End::Stuck) => "stuck",
            Some(End::Broken) => "broken",
            Some(End::GaveUp) | None => "gave-up",
        }
        .to_owned(),
        hardest: hardest.map(|t| t.name().to_owned()),
        hardest_key: hardest.map(|t| t.key().to_owned()),
        difficulty: walked.difficulty,
        pearl: walked.pearl,
        diamond: walked.diamond,
        steps: walked.steps,
        band: rating.map(|rating| Band::of(&rating).name().to_owned()),
        clues: grid.clue_count(),
        scale: match scale {
            Scale::Explainer => "explainer",
            Scale::Workbench => "workbench",
        }
        .to_owned(),
        techniques,
    })
}

/// Explains `puzzle` as `sudoku explain` does: the path of human techniques, a step at a
/// time. Nothing is guessed: a path that gets stuck ends there (`end == "stuck"`), unless
/// `guess=True`, which goes on by guessing (the cell with the fewest candidates takes the
/// solution's digit, a step of technique `Guess`) to the solution.
/// `scale="explainer"` walks Sudoku Explainer's ladder, as `sudoku rate` does (and
/// `sudoku explain --scale explainer`), its chains written link by link; `"workbench"`, the
/// default, the workbench's own, which has the techniques of the rules with numbers and lines:
/// each such step names its rules (`rules`, `rule_names`), a cage's `combinations`, the rule
/// of 45's `equation`.
///
/// >>> from sudoku_workbench import explain, Grid, Layout, Cage
/// >>> cages = [Cage([0, 1], 4), Cage([2, 3], 6), Cage([4, 8], 7), Cage([5, 9], 3)]
/// >>> killer = Grid("." * 16, layout=Layout(4, constraints=cages))
/// >>> step = explain(killer).steps[0]
/// >>> step.technique, step.rule_names, step.combinations
/// ('Cage Combinations', ['killer cage at r1c1 (sum 4)'], [[1, 3]])
///
/// >>> path = explain("...42....1....3.")
/// >>> path.end, len(path.steps) > 0
/// ('solved', True)
/// >>> first = path.steps[0]
/// >>> first.technique, first.placed
/// ('Hidden Single (box)', [(0, 1)])
#[pyfunction]
#[pyo3(signature = (puzzle, budget=Some(Int::of(DEFAULT_BUDGET as i128)), uniqueness=true, scale="workbench", guess=false))]
pub fn explain(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    budget: Option<Int>,
    uniqueness: bool,
    scale: &str,
    guess: bool,
) -> PyResult<Explanation> {
    let grid = to_grid(puzzle, None)?.grid;
    let scale = scale_for(Some(scale), &grid)?;
    let budget = args::budget(budget)?;
    let size = grid.size();
    let rater = Rater::of_scale(scale, uniqueness).with_budget(budget).with_guesses(guess);
    let mut steps = Vec::new();
    let walked = guarded(py, || {
        walk(&rater, &grid, |step| {
            let usage = step.rule.as_deref();
            steps.push(Step {
                technique: step.technique.name().to_owned(),
                key: step.technique.key().to_owned(),
                difficulty: step.difficulty(),
                text: step.describe(size),
                digits: digits(step.digits).map(u32::from).collect(),
                cells: step.pattern.iter().map(|&(cell, _)| cell).collect(),
                units: step.units.iter().map(ToString::to_string).collect(),
                placed: step.placements.clone(),
                removed: step.eliminations.clone(),
                branches: step.links.clone(),
                rules: usage.map_or_else(Vec::new, |usage| {
                    usage.rules.iter().map(|&(index, _)| index).collect()
                }),
                rule_names: usage.map_or_else(Vec::new, |usage| {
                    usage.rules.iter().map(|(_, rule)| rule.to_string()).collect()
                }),
                combinations: usage.map_or_else(Vec::new, |usage| {
                    usage
                        .combinations
                        .iter()
                        .map(|&set| digits(set).map(u32::from).collect())
                        .collect()
                }),
                equation: usage
                    .and_then(|usage| usage.equation.as_ref())
                    .map(|equation| (equation.terms.clone(), equation.total)),
            });
        })
    })?;
    let end = match walked.rating().map(|rating| rating.end) {
        Some(End::GaveUp) | None => "gave-up",
        Some(End::Solved) => "solved",
        Some(End::Stuck) => "stuck",
        Some(End::Broken) => "no-solution",
    };
    Ok(Explanation {
        solutions: walked.solutions.to_string(),
        end: end.to_owned(),
        solution: (walked.end == Some(End::Solved)
            || walked.guesses > 0 && walked.board.is_solved())
        .then(|| Grid::solution_of(&grid, walked.board.grid())),
        guesses: walked.guesses,
        candidates: (walked.end == Some(End::Stuck) && !walked.board.is_solved())
            .then(|| candidates(&walked.board)),
        steps,
        hardest: walked.hardest.map(|t| t.name().to_owned()),
        difficulty: walked.difficulty,
    })
}
