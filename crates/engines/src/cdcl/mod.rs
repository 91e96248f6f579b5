//! `cdcl`: conflict-driven clause learning on the rules of Sudoku, for every box order from 2
//! (4×4) to 8 (64×64): what a SAT solver does with the puzzle, without writing the puzzle down
//! as clauses.
//!
//! The search is a SAT solver's, on the variables of the standard encoding ("cell holds
//! value"), in four pieces:
//! - the **propagation** (`solver`): the encoding's clauses are not stored; a placed value
//!   leaves its cell and peers, a cell down to one candidate takes it, a value down to one
//!   place in a unit goes there, all on bit sets (one `u64` of candidates per cell, one of
//!   places per unit and value). Learned clauses are stored in one arena (`clauses`) and
//!   watched, two literals each; a clause of two literals lives in its watches alone;
//! - the **learning** (`learning`): a conflict is analysed back to its first unique
//!   implication point; the clause learned is shrunk and minimized a level at a time from
//!   the lowest, as CaDiCaL does (a level's literals replaced by the one that implies them
//!   where there is one, else each dropped that the literals kept imply), stored, and
//!   asserted after jumping back to the second-highest level in it. The reasons of the rules
//!   are named, not stored (a naked single's reason is its cell, a hidden single's its unit),
//!   and expanded into literals only when an analysis meets them;
//! - the **decision order** (`order`): the most active unassigned variable (VSIDS: activity
//!   raised for every variable an analysis meets, decaying), decided "holds" (a decision
//!   places a value rather than excluding one) unless it has a target phase;
//! - the **search** (this module): restarts on the Luby sequence (1,024 conflicts a unit), and
//!   learned clauses deleted now and then as CaDiCaL deletes them: a clause used in an
//!   analysis lives on, those of glue 2 or less always; of the rest, the three quarters of
//!   highest glue go. After the first restart the search is a long one, and does two more
//!   things, as CaDiCaL's stable mode does: it keeps **target phases** (the signs of the
//!   longest assignment without a conflict since the last restart, decided again), and it
//!   bumps the variables that imply each learned clause's literals (**reason bumping**); and
//!   now and then, on a growing schedule, it sets the target phases afresh, to the best ones
//!   found (the longest such assignment since the last time) or to none (**rephasing**).
//!
//! Counting past the first solution blocks each solution found with the clause "not all of
//! these decisions" (the decisions determine the solution through propagation) and goes on,
//! without restarting from then on, and in a long search with the activities decaying more
//! slowly: showing that no other solution exists is a proof that the formula with the
//! solution forbidden has none, and on these puzzles such proofs need fewer conflicts that way
//! (measured: `docs/notes/cdcl.md`). Those clauses are never deleted, so no
//! solution is counted twice. A value ruled out of a cell
//! ([`sudoku_core::Engine::solve_excluding`], the generator's question) is one more fact at
//! level 0.
//!
//! Why learning: on minimal 25×25 puzzles, search without it (as `propagate`) revisits the
//! same dead ends in different branches, millions of nodes deep; a learned clause rules a dead
//! end out everywhere, and some thousands of conflicts settle a puzzle.
//!
//! Why these settings and not others (phases decided "holds", Luby restarts of 1,024
//! conflicts, CaDiCaL's deletion and shrinking, target phases and rephasing only in a long
//! search, no restarts and a slower decay in a proof), and every variant measured beside them
//! with its figures: `docs/notes/cdcl.md`.
//!
//! Statistics follow the workbench's definitions: the puzzle is the first node, each decision
//! one more, and each decision a guess. Conflicts are not reported (they are neither nodes nor
//! guesses). A node budget bounds the decisions.

mod clauses;
mod explained;
mod learning;
mod literal;
mod order;
mod solver;

use learning::Analysis;
use literal::literal;
use solver::{FALSE, Rephase, Solver, TRUE, UNASSIGNED};

use crate::geometry::{CellOutcome, CellSearch, CellSolver, cell_engine};
use sudoku_core::Layout;

/// Conflicts in the first restart interval; the Luby sequence scales it.
const RESTART_UNIT: u64 = 1024;
/// Conflicts before the first deletion of learned clauses; the `k`-th waits `√k` times as
/// long after the one before.
const REDUCE_UNIT: u64 = 300;
/// Conflicts before the first rephasing (which waits for the first restart); the `k`-th
/// rephasing waits `k + 1` times as long after the one before (CaDiCaL's arithmetic schedule).
const REPHASE_UNIT: u64 = 1000;
/// What the rephasings set the target phases to, in turn.
const REPHASE_CYCLE: [Rephase; 2] = [Rephase::Best, Rephase::Original];
/// Variable activity decay per conflict.
const VARIABLE_DECAY: f64 = 0.95;
/// Variable activity decay per conflict in a long search's proof that no solution is left
/// (after the first solution): slower, so that the variables of older conflicts keep their
/// place longer (see the module's notes).
const PROOF_DECAY: f64 = 0.99;

/// Conflicts from the `k`-th deletion of learned clauses to the next (CaDiCaL's schedule).
fn reduce_interval(k: u32) -> u64 {
    (REDUCE_UNIT as f64 * f64::from(k + 1).sqrt()) as u64
}

/// The `cdcl` engine. It owns its search memory and reuses it from one solve to the next.
pub struct Cdcl {
    solver: Solver,
    analysis: Analysis,
    /// The solution being written, kept between solves.
    solution: Vec<u8>,
    /// The old arena of a garbage collection, kept between collections.
    scratch: Vec<u32>,
}

impl Default for Cdcl {
    fn default() -> Self {
        Self::new()
    }
}

impl Cdcl {
    /// An engine with nothing allocated yet.
    pub fn new() -> Self {
        Cdcl {
            solver: Solver::new(),
            analysis: Analysis::default(),
            solution: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl CellSolver for Cdcl {
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome {
        let CellSearch { size, layout, clues, excluded, limits, mut stats, solution } = given;
        let node_bound = limits.node_bound();
        let (side, cells) = (size.side(), size.cells());
        let solver = &mut self.solver;
        solver.reset(layout, size);
        self.analysis.reset(cells * side);
        // A pencilmark puzzle's other values are false from the start, as clues' are.
        if let Some(starting) = layout.and_then(Layout::candidates) {
            for (cell, &set) in starting.iter().enumerate() {
                for value in (0..side).filter(|&value| set >> value & 1 == 0) {
                    let var = cell * side + value;
                    if solver.var_value(var) == UNASSIGNED {
                        solver.assign(literal(var, true), solver::Reason::None);
                    }
                }
            }
        }
        for (cell, &clue) in clues.iter().enumerate() {
            if clue != 0 {
                let var = cell * side + usize::from(clue) - 1;
                match solver.var_value(var) {
                    UNASSIGNED => solver.assign(literal(var, false), solver::Reason::None),
                    FALSE => return CellOutcome::none(stats),
                    _ => {}
                }
            }
        }
        if let Some((cell, value)) = excluded {
            let var = cell * side + usize::from(value) - 1;
            match solver.var_value(var) {
                UNASSIGNED => solver.assign(literal(var, true), solver::Reason::None),
                TRUE => return CellOutcome::none(stats),
                _ => {}
            }
        }

        let mut count = 0;
        let mut budget_exhausted = false;
        let mut conflicts = 0u64;
        let mut restarts = Luby::new();
        let mut next_restart = RESTART_UNIT * restarts.next();
        let mut reductions = 0u32;
        let mut next_reduce = REDUCE_UNIT;
        // Whether the search has restarted: from then on it is a long one, and keeps target
        // phases and bumps the reasons of learned clauses (see the module's notes).
        let mut long = false;
        let mut rephasings = 0;
        let mut next_rephase = REPHASE_UNIT;
        loop {
            let propagated = solver.propagate();
            if solver.level() == 0 {
                if propagated.is_err() {
                    break;
                }
                solver.save_root();
            }
            if let Err(conflict) = propagated {
                conflicts += 1;
                if long {
                    solver.save_target();
                }
                solver.learn(conflict, &mut self.analysis, long);
                // The proof after a first solution found by a long search decays slower
                // (see the module's notes); such a proof never restarts, so `long` stays.
                solver.order.decay(if long && count > 0 { PROOF_DECAY } else { VARIABLE_DECAY });
                if long && conflicts >= next_rephase {
                    solver.rephase(REPHASE_CYCLE[rephasings % REPHASE_CYCLE.len()]);
                    rephasings += 1;
                    next_rephase = conflicts + REPHASE_UNIT * (rephasings as u64 + 1);
                }
                if conflicts >= next_restart {
                    next_restart = conflicts + RESTART_UNIT * restarts.next();
                    solver.restart();
                    long = true;
                }
                if conflicts >= next_reduce {
                    reductions += 1;
                    next_reduce = conflicts + reduce_interval(reductions);
                    solver.reduce(&mut self.scratch);
                }
                continue;
            }
            if solver.placed_count == cells {
                if count == 0 {
                    solver.solution(solution);
                }
                count += 1;
                if count >= limits.max_solutions() || !solver.block_solution() {
                    break;
                }
                // What is left is to show that no other solution exists, which goes faster
                // without restarts (see the module's notes).
                next_restart = u64::MAX;
                continue;
            }
            if stats.nodes >= node_bound {
                budget_exhausted = true;
                break;
            }
            let var = loop {
                let var = solver.order.pop().expect("an open cell has unassigned variables");
                if solver.var_value(var) == UNASSIGNED {
                    break var;
                }
            };
            stats.nodes += 1;
            stats.guesses += 1;
            solver.decide(solver.phase(var));
        }
        debug_assert!(count == 0 || solution.iter().all(|&value| value != 0));
        CellOutcome { count, budget_exhausted, stats }
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Cdcl);

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …: restart intervals that
/// waste at most a logarithmic factor against the best fixed interval.
struct Luby {
    /// The terms so far, as (u, v) of Knuth's reluctant doubling.
    u: u64,
    v: u64,
}

impl Luby {
    fn new() -> Self {
        Luby { u: 1, v: 1 }
    }

    fn next(&mut self) -> u64 {
        let term = self.v;
        if self.u & self.u.wrapping_neg() == self.v {
            self.u += 1;
            self.v = 1;
        } else {
            self.v *= 2;
        }
        term
    }
}

// The engine has no `unsafe` code, so its tests are left out of the Miri run (CI's Miri step
// is for the modules that have some).
#[cfg(all(test, not(miri)))]
mod tests;
