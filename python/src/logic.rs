//! `rate` and `explain`: the ladder of human techniques on one puzzle, as `sudoku rate` and
//! `sudoku explain` run it.
//!
//! The walk is theirs, sudoku-logic's [`Rater::walk`]: techniques that assume one solution are
//! used only on a puzzle counted to have exactly one (within the node budget: a count that
//! gives up leaves the puzzle unexplained); without them, the count is made only when the
//! techniques get stuck. Solutions are counted by the default engine of the puzzle's size.

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
    /// The grid the path solved, when it did.
    solution: Option<Grid>,
}

#[pymethods]
impl Explanation {
    fn __repr__(&self) -> String {
        let hardest = python_text(self.hardest.as_deref());
        format!("Explanation(end='{}', steps={}, hardest={hardest})", self.end, self.steps.len())
    }
}

/// `text` as Python writes a string or `None`, for a `__repr__`.
fn python_text(text: Option<&str>) -> String {
    text.map_or_else(|| "None".to_owned(), |text| format!("'{text}'"))
}

/// Walks `puzzle` up the ladder of `scale` as `sudoku rate` (Sudoku Explainer's scale) and
/// `sudoku explain` (the workbench's) do, giving each step to `on_step`; `budget` is the
/// argument as given (`None` for no budget).
fn walk(
    puzzle: &CoreGrid,
    scale: Scale,
    uniqueness: bool,
    budget: Option<u64>,
    mut on_step: impl FnMut(&sudoku_logic::Step),
) -> Walk {
    let mut engines = EnginesBySize::default();
    let count = &mut |grid: &CoreGrid, limits: Limits| -> Outcome { engines.solve(grid, limits) };
    Rater::of_scale(scale, uniqueness)
        .with_budget(budget)
        .walk(puzzle, count, |_: &Board, step| on_step(step))
}

/// Rates `puzzle` as `sudoku rate` does: the hardest technique its path of human techniques
/// needs, on Sudoku Explainer's scale, and its band. `budget` bounds the count of solutions
/// (in search nodes; 100,000 as the command's default, `None` for no bound);
/// `uniqueness=False` leaves out the techniques that assume one solution.
///
/// >>> from sudoku_workbench import rate
/// >>> rating = rate("...42....1....3.")
/// >>> rating.end, rating.hardest_key, rating.band
/// ('solved', 'hidden-single-box', '1-singles')
#[pyfunction]
#[pyo3(signature = (puzzle, budget=Some(Int::of(DEFAULT_BUDGET as i128)), uniqueness=true))]
pub fn rate(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    budget: Option<Int>,
    uniqueness: bool,
) -> PyResult<Rating> {
    let grid = to_grid(puzzle, None)?.grid;
    if let Some(why) = sudoku_logic::refusal(&grid) {
        return Err(PyValueError::new_err(why));
    }
    let budget = args::budget(budget)?;
    let walked = guarded(py, || walk(&grid, Scale::Explainer, uniqueness, budget, |_| {}))?;
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
    })
}

/// Explains `puzzle` as `sudoku explain` does: the path of human techniques, a step at a
/// time. Nothing is guessed: a path that gets stuck ends there (`end == "stuck"`).
/// `scale="explainer"` walks Sudoku Explainer's ladder, as `sudoku rate` does (and
/// `sudoku explain --scale explainer`), its chains written link by link; `"workbench"`, the
/// default, the workbench's own.
///
/// >>> from sudoku_workbench import explain
/// >>> path = explain("...42....1....3.")
/// >>> path.end, len(path.steps) > 0
/// ('solved', True)
/// >>> first = path.steps[0]
/// >>> first.technique, first.placed
/// ('Hidden Single (box)', [(0, 1)])
#[pyfunction]
#[pyo3(signature = (puzzle, budget=Some(Int::of(DEFAULT_BUDGET as i128)), uniqueness=true, scale="workbench"))]
pub fn explain(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    budget: Option<Int>,
    uniqueness: bool,
    scale: &str,
) -> PyResult<Explanation> {
    let scale = match scale {
        "workbench" => Scale::Workbench,
        "explainer" => Scale::Explainer,
        other => {
            return Err(PyValueError::new_err(format!(
                "scale must be 'workbench' or 'explainer', not {other:?}"
            )));
        }
    };
    let grid = to_grid(puzzle, None)?.grid;
    if let Some(why) = sudoku_logic::refusal(&grid) {
        return Err(PyValueError::new_err(why));
    }
    let budget = args::budget(budget)?;
    let size = grid.size();
    let mut steps = Vec::new();
    let walked = guarded(py, || {
        walk(&grid, scale, uniqueness, budget, |step| {
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
        solution: (walked.end == Some(End::Solved))
            .then(|| Grid::solution_of(&grid, walked.board.grid())),
        steps,
        hardest: walked.hardest.map(|t| t.name().to_owned()),
        difficulty: walked.difficulty,
    })
}
