//! `cdcl`: conflict-driven clause learning on the rules of Sudoku, for every box order from 2
//! (4×4) to 8 (64×64): what a SAT solver does with the puzzle, without writing the puzzle down
//! as clauses.
//!
//! The search is a SAT solver's, on the variables of the standard encoding ("cell holds
//! value"), in four pieces:
//! - the **propagation** (`solver`): the encoding's clauses are not stored; a placed value
//!   leaves its cell and peers, a cell down to one candidate takes it, a value down to one
//!   place in a unit goes there, all on bit sets (one `u64` of candidates per cell, one of
//!   places per unit and value). Learned clauses are stored and watched, two literals each;
//! - the **learning** (`learning`): a conflict is analysed back to its first unique
//!   implication point; the clause learned is minimized, stored, and asserted after jumping
//!   back to the second-highest level in it. The reasons of the rules are named, not stored
//!   (a naked single's reason is its cell, a hidden single's its unit), and expanded into
//!   literals only when an analysis meets them;
//! - the **decision order** (`order`): the most active unassigned variable (VSIDS: activity
//!   raised for every variable an analysis meets, decaying), always decided "holds": a
//!   decision places a value rather than excluding one;
//! - the **search** (this module): restarts on the Luby sequence (100 conflicts a unit), and
//!   the learned clauses halved now and then, keeping those with few decision levels (LBD) and
//!   the active ones.
//!
//! Counting past the first solution blocks each solution found with the clause "not all of
//! these decisions" (the decisions determine the solution through propagation) and goes on;
//! those clauses are never deleted, so no solution is counted twice. A value ruled out of a
//! cell ([`sudoku_core::Engine::solve_excluding`], the generator's question) is one more fact at level 0.
//!
//! Why learning: on minimal 25×25 puzzles, search without it (as `propagate`) revisits the
//! same dead ends in different branches, millions of nodes deep; a learned clause rules a dead
//! end out everywhere, and some thousands of conflicts settle a puzzle.
//!
//! What the measurements said (conflict counts do not depend on the machine; times are side by
//! side on one machine), on four minimal 25×25 puzzles counted to two and on the 38 hardest
//! "is this clue needed?" questions met while making 25×25 puzzles (most of them with an
//! answer "no": a second solution exists, and must be found):
//! - deciding "holds" always, rather than repeating each variable's last sign (phase saving),
//!   took the conflicts from 36,695 to 20,142 on the hardest of the four, and the 38
//!   questions from 112 s to 39 s;
//! - following the known first solution where a decision has a choice made the 38 questions
//!   3.5 times slower: the second solution is rarely near the first;
//! - Luby restarts of 100 conflicts beat 30, 50 and 200 (39 s against 61, 53 and 43 s on the
//!   38 questions) and beat no restarts (62 s);
//! - locked candidates as a further rule (with their own reasons) cut the conflicts by a fifth
//!   but made each dearer: 3.2 s against 2.9 s for the four puzzles, so they are not used;
//! - naming reasons instead of storing them costs a scan of the cell or unit when an analysis
//!   meets one; skipping there the values already false at level 0 took the four puzzles from
//!   3.2 s to 2.7 s;
//! - taking a placed value out of its peers through the place sets (only the peers that still
//!   have it) rather than testing every peer's candidates, and splitting a variable into cell
//!   and value by a multiplication rather than a division, left the search step for step the
//!   same and cut the instructions by a quarter (2.96 to 2.19 billion on two generator
//!   questions, counted by callgrind) and the time by 10 to 22% (109 generator questions,
//!   two runs side by side: 15.9 s to 12.4 s and 15.7 s to 14.3 s).
//!
//! Statistics follow the workbench's definitions: the puzzle is the first node, each decision
//! one more, and each decision a guess. Conflicts are not reported (they are neither nodes nor
//! guesses). A node budget bounds the decisions.

mod learning;
mod order;
mod solver;

use learning::Analysis;
use solver::{FALSE, Solver, TRUE, UNASSIGNED, literal};
use sudoku_core::{Limits, Stats};

use crate::geometry::{CellSolver, begin_search, cell_engine};

/// Conflicts in the first restart interval; the Luby sequence scales it.
const RESTART_UNIT: u64 = 100;
/// Conflicts before the first deletion of learned clauses.
const FIRST_REDUCE: u64 = 2000;
/// How many more conflicts each deletion waits than the previous.
const REDUCE_STEP: u64 = 300;
/// Variable activity decay per conflict.
const VARIABLE_DECAY: f64 = 0.95;
/// Clause activity decay per conflict.
const CLAUSE_DECAY: f64 = 0.999;

/// The `cdcl` engine. It owns its search memory and reuses it from one solve to the next.
pub struct Cdcl {
    solver: Solver,
    analysis: Analysis,
    /// The solution being written, kept between solves.
    solution: Vec<u8>,
}

impl Default for Cdcl {
    fn default() -> Self {
        Self::new()
    }
}

impl Cdcl {
    /// An engine with nothing allocated yet.
    pub fn new() -> Self {
        Cdcl { solver: Solver::new(), analysis: Analysis::default(), solution: Vec::new() }
    }

    /// Searches the puzzle of box order `order` whose `clues` are given row-major, one per
    /// cell, 0 for an empty cell, with the value `excluded.1` ruled out of cell `excluded.0`
    /// if given, and writes the first solution found into `solution`.
    ///
    /// Returns the number of solutions found (at most `limits.max_solutions()`), whether the
    /// search gave up at the node budget (the count is then a lower bound), and what the
    /// search cost. A puzzle whose clues contradict each other has no solution; so has one
    /// that is malformed: an order outside `2..=8`, `clues` or `solution` not of length `n⁴`,
    /// or a clue above `n²`. `solution` is written only when the count is above zero.
    pub fn solve_cells(
        &mut self,
        order: usize,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> (u32, bool, Stats) {
        let mut stats = match begin_search(order, clues, excluded, limits, solution.len()) {
            Ok(stats) => stats,
            Err(answer) => return answer,
        };
        let node_bound = limits.node_bound();
        let (side, cells) = (order * order, order.pow(4));
        let solver = &mut self.solver;
        solver.reset(order);
        self.analysis.reset(cells * side);
        for (cell, &clue) in clues.iter().enumerate() {
            if clue != 0 {
                let var = cell * side + usize::from(clue) - 1;
                match solver.values[var] {
                    UNASSIGNED => solver.assign(literal(var, false), solver::Reason::None),
                    FALSE => return (0, false, stats),
                    _ => {}
                }
            }
        }
        if let Some((cell, value)) = excluded {
            let var = cell * side + usize::from(value) - 1;
            match solver.values[var] {
                UNASSIGNED => solver.assign(literal(var, true), solver::Reason::None),
                TRUE => return (0, false, stats),
                _ => {}
            }
        }

        let mut count = 0;
        let mut budget_exhausted = false;
        let mut conflicts = 0u64;
        let mut restart = Luby::new();
        let mut next_restart = RESTART_UNIT * restart.next();
        let mut reduce_interval = FIRST_REDUCE;
        let mut next_reduce = reduce_interval;
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
                solver.learn(conflict, &mut self.analysis);
                solver.order.decay(VARIABLE_DECAY);
                solver.clause_increment /= CLAUSE_DECAY;
                if conflicts >= next_restart {
                    next_restart = conflicts + RESTART_UNIT * restart.next();
                    solver.backtrack(0);
                }
                if conflicts >= next_reduce {
                    reduce_interval += REDUCE_STEP;
                    next_reduce = conflicts + reduce_interval;
                    solver.reduce();
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
                continue;
            }
            if stats.nodes >= node_bound {
                budget_exhausted = true;
                break;
            }
            let var = loop {
                let var = solver.order.pop().expect("an open cell has unassigned variables");
                if solver.values[var] == UNASSIGNED {
                    break var;
                }
            };
            stats.nodes += 1;
            stats.guesses += 1;
            solver.decide(literal(var, false));
        }
        debug_assert!(count == 0 || solution.iter().all(|&value| value != 0));
        (count, budget_exhausted, stats)
    }
}

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

impl CellSolver for Cdcl {
    fn solve_cells_excluding(
        &mut self,
        order: usize,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> (u32, bool, Stats) {
        Cdcl::solve_cells(self, order, clues, excluded, limits, solution)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Cdcl);
