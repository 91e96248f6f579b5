//! `peer-dlx`: the `dlx` crate, Knuth's Algorithm X with dancing links (TAoCP 7.2.2.1).
//!
//! The crate builds its matrix from a list of options, each a list of item numbers, so every
//! puzzle is turned into the [clue-pruned model](super::pruned_model) first and its options
//! are numbered by their items' positions. The search is the crate's plain exact-cover solver
//! (`dlx::x`) with its minimum-remaining-values chooser, the choice Knuth's `dlx1` makes.
//! Solutions are taken one at a time from the crate's iterative solver, so counting stops at
//! the limit without enumerating the rest.

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::make_problem;
use dlx::{OptOrder, Solver, Uint};
use sudoku_core::{Engine, Grid, Limits, Outcome};

use super::pruned_model::{Pruned, PrunedModel};

/// The `dlx` crate on the clue-pruned matrix. Holds no state between solves.
#[derive(Clone, Copy, Default, Debug)]
pub struct DlxCrate;

impl Engine for DlxCrate {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        match Pruned::build(puzzle) {
            Pruned::NoSolution => Outcome::empty(),
            Pruned::Complete(solution) => {
                Outcome { solution: Some(solution), count: 1, ..Outcome::empty() }
            }
            Pruned::Search(model) => search(&model, limits.max_solutions()),
        }
    }
}

fn search(model: &PrunedModel, max_solutions: u32) -> Outcome {
    let options: Vec<Vec<Uint>> = model
        .options()
        .iter()
        .map(|option| option.items.iter().map(|&item| Uint::from(item)).collect())
        .collect();
    let mut problem = make_problem(model.items().len() as Uint, 0, &options, OptOrder::Seq);
    let mut solver = Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut outcome = Outcome::empty();
    while outcome.count < max_solutions && solver.next_solution(&mut chooser) {
        if outcome.solution.is_none() {
            // The crate names chosen options by their position in `options`, which is their
            // position in the model.
            let chosen = solver.fmt_solution().iter().filter_map(|&index| {
                usize::try_from(index).ok().and_then(|index| model.options().get(index))
            });
            outcome.solution = Some(model.solution(chosen));
        }
        outcome.count += 1;
    }
    outcome
}
