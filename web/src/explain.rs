//! The human path: sudoku-logic's ladder through the puzzle, each step with the candidates it
//! applies to, and the puzzle's rating.
//!
//! The walk is `sudoku explain`'s, sudoku-logic's [`Rater::walk`] with its default budget: the
//! solutions are counted to two first (by the default engine of the size), and the techniques
//! that assume one solution are used only on a puzzle proved to have exactly one. The page asks
//! for a scale as the command's `--scale` does: the workbench's ladder, or Sudoku Explainer's,
//! whose chains come with their links (each step's [`Shown::branches`]) for the page to draw.

use serde::Serialize;
use sudoku_core::{Grid, Limits, Outcome, Size};
use sudoku_engines::EnginesBySize;
use sudoku_logic::{Band, Board, End, Rater, Scale, Step, Technique, digits};

use crate::puzzle::{read, symbols};

/// One step of the path.
#[derive(Serialize, Debug)]
pub struct Shown {
    /// The technique as the step's text names it (`Step::label`): its name, but for a hidden
    /// single in a house that is not a box, the house's kind (`Hidden Single (region)` on a
    /// jigsaw), so that the step's title and its text agree.
    pub technique: String,
    /// Its short machine name.
    pub key: &'static str,
    /// Its difficulty.
    pub difficulty: f64,
    /// The step in the field's notation, as `sudoku explain` prints it.
    pub text: String,
    /// The houses of the pattern (`row 3`, `box 5`).
    pub units: Vec<String>,
    /// The cells that prove the step, each with the values of it the pattern uses.
    pub pattern: Vec<(usize, Vec<u8>)>,
    /// Values put in cells.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed from cells.
    pub eliminations: Vec<(usize, u8)>,
    /// For a step of Sudoku Explainer's chains, each branch of the chain from its assumption
    /// to its conclusion, as `sudoku explain --scale explainer -o json` writes `branches`:
    /// its candidates in order, each as `[cell, value, on]` (`on` false for a candidate
    /// turned off), each following from the one before it, so a branch of n candidates has
    /// n − 1 links. Left out of the JSON for every other step, as the command leaves it out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<Vec<(usize, u8, bool)>>,
    /// The board the step applies to, cell by cell: the value of a filled cell, or the
    /// candidates of an empty one.
    pub board: Vec<Cell>,
}

/// A cell of a board: its value, or its candidates.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum Cell {
    /// A filled cell's value.
    Value(u8),
    /// An empty cell's candidates.
    Candidates(Vec<u8>),
}

/// A puzzle's path and rating.
#[derive(Serialize, Debug)]
pub struct Explanation {
    /// Cells per side.
    pub side: usize,
    /// The symbol of each value, from value 1.
    pub symbols: Vec<String>,
    /// The clues.
    pub clues: Vec<u8>,
    /// What is known of the solutions, as `sudoku explain` writes it: `0`, `1`, `2+`, or
    /// `0+?`/`1+?` when the count gave up at the budget.
    pub solutions: String,
    /// How the path ended: `solved`, `stuck` (it needs guessing), `broken` (no solution), or
    /// `not explained` (the count gave up first).
    pub end: &'static str,
    /// The steps.
    pub steps: Vec<Shown>,
    /// The board the path left.
    pub board: Vec<Cell>,
    /// The hardest technique used.
    pub hardest: Option<&'static str>,
    /// Its difficulty: the puzzle's rating (on Sudoku Explainer's scale, with the step's
    /// length term, as `sudoku explain --scale explainer` gives it).
    pub difficulty: f64,
    /// The band of the rating (`1-singles` to `6-guessing`; `6-guessing` when not explained).
    pub band: &'static str,
}

/// The cells of `board`.
fn cells_of(board: &Board) -> Vec<Cell> {
    (0..board.size().cells())
        .map(|cell| match board.value(cell) {
            0 => Cell::Candidates(digits(board.candidates(cell)).collect()),
            value => Cell::Value(value),
        })
        .collect()
}

/// The step as the page shows it, on the board it applies to.
fn shown(step: &Step, board: &Board, size: Size) -> Shown {
    Shown {
        technique: step.label(),
        key: step.technique.key(),
        difficulty: step.difficulty(),
        text: step.describe(size),
        units: step.units.iter().map(ToString::to_string).collect(),
        pattern: step.pattern.iter().map(|&(cell, set)| (cell, digits(set).collect())).collect(),
        placements: step.placements.clone(),
        eliminations: step.eliminations.clone(),
        branches: step.links.clone(),
        board: cells_of(board),
    }
}

/// The ladder named as `sudoku explain --scale` names it: `workbench` or `explainer`.
fn scale_of(name: &str) -> Result<Scale, String> {
    match name {
        "workbench" => Ok(Scale::Workbench),
        "explainer" => Ok(Scale::Explainer),
        other => Err(format!("unknown scale {other:?}: expected workbench or explainer")),
    }
}

/// The path through the first puzzle of `text` up the ladder of `scale` (`workbench` or
/// `explainer`).
pub fn explain(text: &str, scale: &str) -> Result<Explanation, String> {
    let scale = scale_of(scale)?;
    let puzzle = read(text)?;
    if let Some(why) = sudoku_logic::refusal(&puzzle.grid) {
        return Err(why);
    }
    let size = puzzle.grid.size();
    let mut engines = EnginesBySize::default();
    let count = &mut |grid: &Grid, limits: Limits| -> Outcome { engines.solve(grid, limits) };
    let mut steps = Vec::new();
    let walked = Rater::of_scale(scale, true)
        .walk(&puzzle.grid, count, |before, step| steps.push(shown(step, before, size)));
    let rating = walked.rating();
    // As the command rates: on the workbench's scale the hardest technique's difficulty, on
    // Sudoku Explainer's the hardest step's, its length term included.
    let difficulty = match scale {
        Scale::Workbench => walked.hardest.map_or(0.0, Technique::difficulty),
        Scale::Explainer => walked.difficulty,
    };
    Ok(Explanation {
        side: size.side(),
        symbols: symbols(&puzzle),
        clues: puzzle.grid.cells().to_vec(),
        solutions: walked.solutions.to_string(),
        end: match rating.map(|rating| rating.end) {
            Some(End::Solved) => "solved",
            Some(End::Stuck) => "stuck",
            Some(End::Broken) => "broken",
            Some(End::GaveUp) | None => "not explained",
        },
        board: cells_of(&walked.board),
        hardest: walked.hardest.map(Technique::name),
        difficulty,
        band: rating.map_or(Band::Guessing, |rating| Band::of(&rating)).name(),
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_of_a_puzzle_with_one_solution_ends_solved_and_each_step_changes_its_board() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let explanation = explain(line, "workbench").unwrap();
        assert_eq!((explanation.end, explanation.solutions.as_str()), ("solved", "1"));
        assert!(explanation.board.iter().all(|cell| matches!(cell, Cell::Value(_))));
        assert!(!explanation.steps.is_empty() && explanation.difficulty >= 1.0);
        for step in &explanation.steps {
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
            for &(cell, value) in &step.placements {
                assert!(
                    matches!(&step.board[cell], Cell::Candidates(values) if values.contains(&value))
                );
            }
        }
        let broken = explain("11..............", "workbench").unwrap_err();
        assert!(broken.contains("line 1"), "{broken}");
    }

    #[test]
    fn the_path_of_a_jigsaw_puzzle_ends_solved_by_its_regions() {
        let explanation = explain(crate::layout::tests::JIGSAW, "workbench").unwrap();
        assert_eq!((explanation.solutions.as_str(), explanation.end), ("1", "solved"));
        let solution = crate::race::solve("dlx", crate::layout::tests::JIGSAW, 2, None).unwrap();
        let values: String = explanation
            .board
            .iter()
            .map(|cell| match cell {
                Cell::Value(value) => char::from(b'0' + value),
                Cell::Candidates(_) => '.',
            })
            .collect();
        assert_eq!(Some(values), solution.solution);
        // Each step's title is the name its text opens with: a hidden single in a region is
        // called one in a region, not in a box.
        for step in &explanation.steps {
            let rest = step.text.strip_prefix(&step.technique);
            assert!(rest.is_some_and(|rest| rest.starts_with([':', ' '])), "{step:?}");
            assert!(!step.text.contains("(region)") || step.technique.contains("(region)"));
        }
        assert!(explanation.steps.iter().any(|step| step.technique == "Hidden Single (region)"));
    }

    #[test]
    fn several_solutions_end_stuck_and_none_broken_as_the_command_says() {
        let several = explain(&format!("123456789{}", ".".repeat(72)), "workbench").unwrap();
        assert_eq!((several.end, several.solutions.as_str()), ("stuck", "2+"));
        assert_eq!((several.band, several.steps.len()), ("6-guessing", 0));
        // No clue against another, yet no solution: counted first, so no step is shown.
        let none = explain("12....3.........", "workbench").unwrap();
        assert_eq!((none.end, none.solutions.as_str(), none.steps.len()), ("broken", "0", 0));
    }

    /// A branch as `sudoku explain` writes it: `r3c5=5 -> r3c1<>5`.
    fn branch_text(branch: &serde_json::Value) -> String {
        let nodes = branch.as_array().unwrap().iter().map(|node| {
            let cell = node[0].as_u64().unwrap();
            let on = if node[2].as_bool().unwrap() { "=" } else { "<>" };
            format!("r{}c{}{on}{}", cell / 9 + 1, cell % 9 + 1, node[1])
        });
        nodes.collect::<Vec<_>>().join(" -> ")
    }

    #[test]
    fn a_chain_step_carries_its_links_and_no_other_step_carries_any() {
        // Its path on Sudoku Explainer's scale has forcing X-chains, XY forcing chains, an
        // X-cycle and Y-cycles.
        let line =
            "..4..98..1....89.....6....39.....46.....9...7..6....3...5.72....7....3.4.8.3..1..";
        let json = crate::to_json(explain(line, "explainer"));
        let explanation: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(explanation["end"], "solved", "{json}");
        let steps = explanation["steps"].as_array().unwrap();
        let mut chains = 0;
        for step in steps {
            let technique = step["technique"].as_str().unwrap();
            let Some(branches) = step.get("branches") else {
                assert!(!step["text"].as_str().unwrap().contains(" -> "), "{step}");
                continue;
            };
            chains += 1;
            let branches = branches.as_array().unwrap();
            assert_eq!(branches.len(), 1, "{technique}: one branch on this path");
            let branch = &branches[0];
            assert!(branch.as_array().unwrap().len() >= 3, "{technique}: {branch}");
            // The links are the ones the step's text reads, in the command's notation.
            let text = step["text"].as_str().unwrap();
            assert!(text.contains(&branch_text(branch)), "{text} lacks {}", branch_text(branch));
        }
        assert!(chains >= 5, "{chains} chain steps");
        assert!(steps.iter().any(|step| step["technique"] == "Bidirectional X-Cycle"));
        // The workbench's ladder has no chains of Sudoku Explainer's: no step carries links.
        let workbench = crate::to_json(explain(line, "workbench"));
        assert!(!workbench.contains("branches"), "{workbench}");
        let wrong = explain(line, "serate").unwrap_err();
        assert!(wrong.contains("\"serate\"") && wrong.contains("workbench"), "{wrong}");
    }

    #[test]
    fn the_path_of_a_killer_puzzle_steps_through_its_cages_by_name() {
        let text =
            "# killer 3 r1c1 r1c2\n# killer 7 r4c1 r4c2\n# thermo r3c1 r2c1\n..3.............\n";
        let explanation = explain(text, "workbench").unwrap();
        let cage = explanation.steps.iter().find(|step| step.key == "cage-combinations");
        let cage = cage.unwrap_or_else(|| panic!("no cage step: {:?}", explanation.steps));
        assert!(
            cage.text.contains("killer cage at r1c1 (sum 3)")
                || cage.text.contains("killer cage at r4c1 (sum 7)"),
            "{}",
            cage.text
        );
        assert!(!cage.eliminations.is_empty() || !cage.placements.is_empty());
    }
}
