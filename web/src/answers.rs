//! What a setter asks while making a puzzle: how many solutions it has (none, one, or more,
//! with two that differ to show why), and its true candidates, the values each cell holds in
//! at least one solution ([`sudoku_generate::candidates`]), by the default engine of its kind.
//!
//! Every solve is held to a node budget: a solve that runs out of it proves nothing, so the
//! count then says it gave up and the candidates are left out rather than guessed.

use serde::Serialize;
use sudoku_core::{Engine, Failure, FailureKind, Grid, Limits, Outcome};
use sudoku_engines::default_engine_for_puzzle;

use crate::puzzle::{line_of, read};
use crate::race::with_engine;

/// The answers for the first puzzle of a text.
#[derive(Serialize, Debug)]
pub struct Answers {
    /// The engine that gave them.
    pub engine: String,
    /// The verdict on the count: `0`, `1`, `2+`, or `gave up after N` at the budget.
    pub verdict: String,
    /// A solution, on one line in the puzzle's alphabet.
    pub solution: Option<String>,
    /// A second solution when there are two or more: it differs from the first in
    /// [`Answers::differs`] cells.
    pub other: Option<String>,
    /// The cells where [`Answers::other`] differs from [`Answers::solution`], row-major.
    pub differs: Vec<usize>,
    /// Each cell's true candidates, in order (a given cell: its value); none when there is no
    /// solution or a solve ran out of budget.
    pub candidates: Option<Vec<Vec<u8>>>,
    /// Whether a solve ran out of budget: what is missing above is then unknown, not absent.
    pub budget_exhausted: bool,
    /// The nodes searched in all (for an engine that counts them).
    pub nodes: u64,
    /// The solves made in all.
    pub solves: u32,
}

/// An engine whose every solve is held to a node budget, and whose solve that runs out of it
/// reads as a failure, so that no caller takes "no solution found" for "no solution".
struct Budgeted<'a> {
    engine: &'a mut dyn Engine,
    budget: Option<u64>,
    nodes: u64,
    solves: u32,
    exhausted: bool,
}

impl Engine for Budgeted<'_> {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let limits = match self.budget {
            Some(nodes) => limits.with_node_budget(nodes),
            None => limits,
        };
        let mut outcome = self.engine.solve(puzzle, limits);
        self.nodes += outcome.stats.nodes;
        self.solves += 1;
        if outcome.budget_exhausted && outcome.count < limits.max_solutions() {
            self.exhausted = true;
            outcome.failure = Some(Failure {
                kind: FailureKind::TimedOut,
                message: "the node budget ran out".to_owned(),
            });
        }
        outcome
    }
}

/// The answers for the first puzzle of `text`, each solve within `budget` nodes (none: no
/// budget).
pub fn answers(text: &str, budget: Option<u64>) -> Result<Answers, String> {
    let puzzle = read(text)?;
    let grid = &puzzle.grid;
    let info = default_engine_for_puzzle(grid);
    if let Some(refusal) = info.refusal(grid) {
        return Err(refusal);
    }
    let name = info.name.to_string();
    with_engine(&name, |engine| {
        let mut engine = Budgeted { engine, budget, nodes: 0, solves: 0, exhausted: false };
        let limits = Limits::count_up_to(2);
        let counted = engine.solve(grid, limits);
        if let Some(failure) = counted.failure.as_ref().filter(|_| !engine.exhausted) {
            return Err(format!("engine '{name}' failed: {failure}"));
        }
        let verdict = counted.verdict(limits);
        let verdict = if engine.exhausted {
            format!("gave up after {}", counted.count)
        } else {
            verdict.to_string()
        };
        let first = counted.solution.clone();
        let mut answers = Answers {
            engine: name.clone(),
            verdict,
            solution: first.as_ref().map(|solution| line_of(solution, puzzle.alphabet)),
            other: None,
            differs: Vec::new(),
            candidates: None,
            budget_exhausted: engine.exhausted,
            nodes: 0,
            solves: 0,
        };
        if let Some(first) = first.filter(|_| !engine.exhausted)
            && let Ok(found) = sudoku_generate::candidates(grid, &mut engine, None)
        {
            answers.candidates =
                Some((0..grid.size().cells()).map(|cell| found.values(cell)).collect());
            if counted.count >= 2 {
                let other = second(grid, &first, &found.cells, &mut engine);
                answers.differs = other.as_ref().map_or_else(Vec::new, |other| {
                    (0..grid.size().cells()).filter(|&c| other.get(c) != first.get(c)).collect()
                });
                answers.other = other.map(|other| line_of(&other, puzzle.alphabet));
            }
        }
        answers.budget_exhausted = engine.exhausted;
        answers.nodes = engine.nodes;
        answers.solves = engine.solves;
        Ok(answers)
    })?
}

/// A solution of `puzzle` other than `first`: the first cell with a true candidate other than
/// its value in `first`, that candidate placed, solved. (Any such candidate has a solution,
/// and it differs from `first` there.)
fn second(
    puzzle: &Grid,
    first: &Grid,
    candidates: &[u64],
    engine: &mut dyn Engine,
) -> Option<Grid> {
    let (cell, others) = candidates
        .iter()
        .enumerate()
        .map(|(cell, &bits)| (cell, bits & !(1u64 << (first.get(cell) - 1))))
        .find(|&(_, others)| others != 0)?;
    let mut trial = puzzle.clone();
    trial.set(cell, others.trailing_zeros() as u8 + 1);
    engine.solve(&trial, Limits::FIRST).solution
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of `puzzle`, by plain backtracking over the grid's own check.
    fn every_solution(puzzle: &Grid) -> Vec<Grid> {
        fn fill(grid: &mut Grid, cell: usize, found: &mut Vec<Grid>) {
            let size = grid.size();
            if cell == size.cells() {
                if grid.first_broken().is_none() {
                    found.push(grid.clone());
                }
                return;
            }
            if grid.get(cell) != 0 {
                return fill(grid, cell + 1, found);
            }
            for value in 1..=size.side() as u8 {
                grid.set(cell, value);
                if grid.first_broken().is_none() {
                    fill(grid, cell + 1, found);
                }
            }
            grid.set(cell, 0);
        }
        let mut found = Vec::new();
        fill(&mut puzzle.clone(), 0, &mut found);
        found
    }

    /// The candidates of each cell over `solutions`.
    fn union(side: usize, solutions: &[Grid]) -> Vec<Vec<u8>> {
        (0..side * side)
            .map(|cell| {
                let mut values: Vec<u8> = solutions.iter().map(|grid| grid.get(cell)).collect();
                values.sort_unstable();
                values.dedup();
                values
            })
            .collect()
    }

    #[test]
    fn true_candidates_are_the_values_of_every_solution_of_a_small_killer() {
        // A 4×4 with two cages, a thermometer and one given: a few solutions, counted here by
        // brute force.
        let text =
            "# killer 3 r1c1 r1c2\n# killer 7 r4c1 r4c2\n# thermo r3c1 r2c1\n..3.............\n";
        let puzzle = read(text).unwrap().grid;
        let all = every_solution(&puzzle);
        assert!(all.len() >= 2, "{} solutions", all.len());
        let answers = answers(text, Some(100_000)).unwrap();
        assert_eq!(answers.verdict, "2+");
        assert!(!answers.budget_exhausted);
        assert_eq!(answers.candidates.unwrap(), union(4, &all));
        // Two solutions, both among those counted, differing where it says.
        let values =
            |line: Option<&str>| -> Vec<u8> { line.unwrap().bytes().map(|b| b - b'0').collect() };
        let (first, other) =
            (values(answers.solution.as_deref()), values(answers.other.as_deref()));
        let all: Vec<&[u8]> = all.iter().map(Grid::cells).collect();
        assert!(all.contains(&&first[..]) && all.contains(&&other[..]) && first != other);
        let differs: Vec<usize> = (0..16).filter(|&c| first[c] != other[c]).collect();
        assert_eq!(answers.differs, differs);
    }

    #[test]
    fn a_unique_puzzle_has_its_solution_as_candidates_and_none_has_none() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let one = answers(line, None).unwrap();
        assert_eq!((one.verdict.as_str(), one.other.as_deref()), ("1", None));
        let solution = one.solution.unwrap();
        let candidates = one.candidates.unwrap();
        for (cell, symbol) in solution.bytes().enumerate() {
            assert_eq!(candidates[cell], [symbol - b'0'], "cell {cell}");
        }
        // A cage of 4 with a 2 in it needs a second 2: no solution.
        let none = answers(&format!("# killer 4 r1c1 r1c2\n2.{}", &".".repeat(79)), None).unwrap();
        assert_eq!(none.verdict, "0");
        assert!(none.solution.is_none() && none.candidates.is_none());
    }

    #[test]
    fn a_budget_too_small_says_so_and_leaves_the_candidates_out() {
        // The default engine of a killer (cdcl) counts its decisions: one is not enough here.
        let text =
            format!("# killer 45 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9\n{}", ".".repeat(81));
        let answers = answers(&text, Some(1)).unwrap();
        assert_eq!(answers.engine, "cdcl");
        assert!(answers.budget_exhausted);
        assert!(answers.verdict.starts_with("gave up after"), "{}", answers.verdict);
        assert!(answers.candidates.is_none() && answers.other.is_none());
        // With room enough, the same puzzle has many solutions.
        assert_eq!(super::answers(&text, Some(1_000_000)).unwrap().verdict, "2+");
    }
}
