//! The race: a puzzle solved by each chosen engine, made by the registry, with its answer,
//! count, nodes, guesses and time.

use std::cell::RefCell;
use std::time::Duration;

use serde::Serialize;
use sudoku_core::{Engine, Limits, Size, check_solution};
use sudoku_engines::ENGINES;
use web_time::Instant;

use crate::puzzle::{line_of, read};

/// An engine the page offers.
#[derive(Serialize, Debug)]
pub struct Offered {
    /// Its registry name.
    pub name: String,
    /// What it does, in one line.
    pub description: String,
    /// The smallest and largest side it solves.
    pub sides: (usize, usize),
    /// Whether its search can be watched ([`crate::search`]).
    pub watchable: bool,
    /// Whether it counts nodes and guesses.
    pub instrumented: bool,
    /// The sides it is the default engine of.
    pub default_for: Vec<usize>,
}

/// Every built-in engine, as the registry lists them. (The published solvers, behind the
/// engines crate's `peer-*` features, are not built for the page.)
pub fn offered() -> Vec<Offered> {
    ENGINES
        .iter()
        .map(|info| {
            let sides: Vec<usize> = info.sizes().map(Size::side).collect();
            Offered {
                name: info.name.to_string(),
                description: info.description.to_string(),
                sides: (sides.first().copied().unwrap_or(0), sides.last().copied().unwrap_or(0)),
                watchable: crate::search::WATCHABLE.contains(&info.name.as_ref()),
                instrumented: info.instrumented,
                default_for: {
                    // A side once, whichever way round its boxes are.
                    let mut sides: Vec<usize> = info.default_sizes().map(Size::side).collect();
                    sides.dedup();
                    sides
                },
            }
        })
        .collect()
}

thread_local! {
    /// One value of each engine used so far, kept between solves: `dlx` builds its matrix once.
    static MADE: RefCell<Vec<(String, Box<dyn Engine>)>> = const { RefCell::new(Vec::new()) };
}

/// Runs `solve` with the page's value of the engine called `name`, made by the registry the
/// first time.
pub fn with_engine<T>(name: &str, solve: impl FnOnce(&mut dyn Engine) -> T) -> Result<T, String> {
    MADE.with_borrow_mut(|made| {
        let index = match made.iter().position(|(known, _)| known == name) {
            Some(index) => index,
            None => {
                let info = sudoku_engines::find(name).map_err(|error| error.to_string())?;
                made.push((name.to_owned(), info.create()));
                made.len() - 1
            }
        };
        Ok(solve(made[index].1.as_mut()))
    })
}

/// A solve shorter than this is repeated until this much time has passed.
const SHORTEST: Duration = Duration::from_millis(10);
/// The most solves of one puzzle in one answer.
const MAX_REPEATS: u32 = 100_000;

/// One engine's answer to the puzzle.
#[derive(Serialize, Debug)]
pub struct Answer {
    /// The engine.
    pub engine: String,
    /// The first solution found, on one line in the puzzle's alphabet.
    pub solution: Option<String>,
    /// Solutions found, up to the limit.
    pub count: u32,
    /// The verdict: `0`, `1`, `2+`, `gave up after 1`.
    pub verdict: String,
    /// Search nodes (none for an engine that does not count them).
    pub nodes: Option<u64>,
    /// Branch points with two or more ways on.
    pub guesses: Option<u64>,
    /// Whether the search gave up at the node budget.
    pub budget_exhausted: bool,
    /// The solve's time in microseconds, by the browser's clock: the mean of repeated solves
    /// when one takes less than 10 ms.
    pub micros: f64,
    /// `None` when the solution satisfies the rules and the clues, else why not.
    pub check: Option<String>,
}

/// `name`'s answer to the first puzzle of `text`, counting solutions up to `max_solutions`
/// (two proves one) within `budget` nodes (none: no budget).
pub fn solve(
    name: &str,
    text: &str,
    max_solutions: u32,
    budget: Option<u64>,
) -> Result<Answer, String> {
    let puzzle = read(text)?;
    let info = sudoku_engines::find(name).map_err(|error| error.to_string())?;
    if let Some(refusal) = info.refusal(&puzzle.grid) {
        return Err(refusal);
    }
    let mut limits = Limits::count_up_to(max_solutions.max(1));
    if let Some(nodes) = budget.filter(|_| info.instrumented) {
        limits = limits.with_node_budget(nodes);
    }
    let (outcome, micros) = with_engine(name, |engine| {
        let started = Instant::now();
        let outcome = engine.solve(&puzzle.grid, limits);
        let first = started.elapsed();
        if first >= SHORTEST {
            return (outcome, first.as_secs_f64() * 1e6);
        }
        // Browsers coarsen their clock (to 0.1 ms in Chromium): a solve that takes less than
        // `SHORTEST` is repeated until that much time has passed, and timed by the mean of the
        // repeats, the first solve left out (it also pays for compiling the engine's code on
        // its first call). The engines are deterministic: each repeat gives the same outcome.
        let started = Instant::now();
        let (mut elapsed, mut solves) = (Duration::ZERO, 0);
        while elapsed < SHORTEST && solves < MAX_REPEATS {
            engine.solve(&puzzle.grid, limits);
            solves += 1;
            elapsed = started.elapsed();
        }
        (outcome, elapsed.as_secs_f64() * 1e6 / f64::from(solves))
    })?;
    let check = outcome
        .solution
        .as_ref()
        .and_then(|solution| check_solution(&puzzle.grid, solution).err())
        .map(|error| error.to_string());
    Ok(Answer {
        engine: name.to_owned(),
        solution: outcome.solution.as_ref().map(|grid| line_of(grid, puzzle.alphabet)),
        count: outcome.count,
        verdict: outcome.verdict(limits).to_string(),
        nodes: info.instrumented.then_some(outcome.stats.nodes),
        guesses: info.guesses.then_some(outcome.stats.guesses),
        budget_exhausted: outcome.budget_exhausted,
        micros,
        check,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_engine_solves_a_puzzle_of_its_sizes_and_its_answer_checks() {
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let engines = offered();
        assert!(engines.iter().any(|engine| engine.name == "fast" && engine.default_for == [9]));
        for engine in engines {
            let answer = solve(&engine.name, line, 2, Some(1_000_000)).unwrap();
            assert_eq!((answer.count, answer.check.as_deref()), (1, None), "{}", engine.name);
            assert_eq!(answer.solution.as_deref().map(str::len), Some(81));
        }
        let error = solve("fast", "1...\n..3.\n.4..\n...2\n", 2, None).unwrap_err();
        assert!(error.contains("solves 9×9 grids, not 4×4"), "{error}");
        assert!(solve("nonsense", line, 2, None).is_err());
    }

    #[test]
    fn an_engine_that_does_not_take_the_layout_is_refused_in_the_registrys_words() {
        let x = "# layout x\n1.2...............76..98..2.9..........3.....2...17......6.......1....4..4.2..1..";
        let error = solve("fast", x, 2, None).unwrap_err();
        assert!(error.starts_with("engine 'fast' solves classic grids only, not 9×9 x"), "{error}");
        let answer = solve("dlx", x, 2, None).unwrap();
        assert_eq!((answer.count, answer.check), (1, None));
    }
}
