//! The `sat` and `sat-plain` engines: the formula of [`super::encoding`] handed to `batsat`,
//! its solutions counted by forbidding each one found, its decisions counted and bounded.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use batsat::{Callbacks, Lit, Solver, SolverInterface, SolverOpts, Theory, TheoryArg, Var, lbool};

use super::encoding::{Encoder, Encoding};
use super::formula::NONE;
use crate::geometry::{CellOutcome, CellSearch, CellSolver, Geometry, cell_engine};

/// The `sat` and `sat-plain` engines. The solver is made afresh for each puzzle; the tables of
/// the grid and the clause buffers are kept from one solve to the next.
pub struct Sat {
    pub(super) encoder: Encoder,
    solution: Vec<u8>,
}

impl Sat {
    /// An engine writing the formula with `encoding`.
    pub fn new(encoding: Encoding) -> Self {
        Sat { encoder: Encoder::new(encoding), solution: Vec::new() }
    }
}

impl Default for Sat {
    fn default() -> Self {
        Self::new(Encoding::Optimized)
    }
}

/// The solver's settings: `batsat`'s defaults (MiniSat 2.2's), but for the share of learnt
/// clauses kept (see the module's notes for the measurements).
pub(super) fn solver_options() -> SolverOpts {
    SolverOpts { learntsize_factor: LEARNT_CLAUSES_PER_CLAUSE, ..SolverOpts::default() }
}

/// The learnt clauses the solver keeps before its first clean-up, per clause of the formula
/// (MiniSat's default is a third): propagation takes some 80% of the solver's time on 25×25
/// puzzles, and fewer clauses make every conflict cheaper.
const LEARNT_CLAUSES_PER_CLAUSE: f64 = 0.2;

/// Counts the solver's decisions, which it announces by opening a decision level (the engine
/// gives it no assumptions, so every level is a decision).
struct DecisionCounter {
    levels: usize,
    decisions: Arc<AtomicU64>,
}

impl Theory for DecisionCounter {
    fn final_check(&mut self, _: &mut TheoryArg) {}

    fn create_level(&mut self) {
        self.levels += 1;
        self.decisions.fetch_add(1, Ordering::Relaxed);
    }

    fn pop_levels(&mut self, n: usize) {
        self.levels -= n;
    }

    fn n_levels(&self) -> usize {
        self.levels
    }

    fn explain_propagation(&mut self, _: Lit) -> &[Lit] {
        unreachable!("this theory propagates nothing")
    }
}

/// Stops the solver once its decisions reach `bound`.
pub(super) struct DecisionBudget {
    pub(super) decisions: Arc<AtomicU64>,
    pub(super) bound: u64,
}

impl Callbacks for DecisionBudget {
    fn stop(&self) -> bool {
        self.decisions.load(Ordering::Relaxed) >= self.bound
    }
}

impl CellSolver for Sat {
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome {
        let CellSearch { clues, excluded, limits, mut stats, solution, .. } = given;
        let node_bound = limits.node_bound();
        let encoder = &mut self.encoder;
        let side = encoder.geometry.side;
        let decisions = Arc::new(AtomicU64::new(0));
        // The solver stops once its decisions reach the budget (see the module's notes); the
        // nodes reported never pass it.
        let decision_bound = node_bound;
        let callbacks = DecisionBudget { decisions: Arc::clone(&decisions), bound: decision_bound };
        let make_solver = || Solver::new(solver_options(), callbacks);
        let Some(mut solver) = encoder.encode(clues, excluded, make_solver) else {
            return CellOutcome::none(stats);
        };
        let mut theory = DecisionCounter { levels: 0, decisions: Arc::clone(&decisions) };

        let mut count = 0;
        let mut budget_exhausted = false;
        while count < limits.max_solutions() {
            let answer = solver.solve_limited_th(&mut theory, &[]);
            if answer == lbool::UNDEF {
                budget_exhausted = true;
                break;
            }
            if answer == lbool::FALSE {
                break;
            }
            count += 1;
            // The solution, and the clause that forbids it: not every open cell as it is now.
            // The solver numbers its variables as they were made, from 0: the model is indexed
            // by the numbers of `var_of`, and `unsafe_from_idx` (a plain conversion, despite
            // its name) is given only numbers the solver made.
            let model = solver.get_model();
            encoder.clause.clear();
            for (cell, &clue) in clues.iter().enumerate() {
                let value = if clue != 0 && encoder.encoding == Encoding::Optimized {
                    clue
                } else {
                    let vars = &encoder.var_of[cell * side..(cell + 1) * side];
                    let (value, &var) = vars
                        .iter()
                        .enumerate()
                        .find(|&(_, &var)| var != NONE && model[var as usize] == lbool::TRUE)
                        .expect("a model gives every cell a value");
                    if clue == 0 {
                        encoder.clause.push(Lit::new(Var::unsafe_from_idx(var), false));
                    }
                    value as u8 + 1
                };
                if count == 1 {
                    solution[cell] = value;
                }
            }
            // A grid the clues fill has no open cell, and no second solution.
            if encoder.clause.is_empty() || !solver.add_clause_reuse(&mut encoder.clause) {
                break;
            }
        }
        let decisions = decisions.load(Ordering::Relaxed);
        stats.guesses = decisions;
        stats.nodes = (1 + decisions).min(node_bound);
        CellOutcome { count, budget_exhausted, stats }
    }

    fn geometry(&mut self) -> Option<&mut Geometry> {
        Some(&mut self.encoder.geometry)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Sat);

/// `sat-plain`: [`Sat`] with the plain encoding, as a type of its own for the registry and
/// the tests.
pub struct SatPlain(pub(super) Sat);

impl Default for SatPlain {
    fn default() -> Self {
        SatPlain(Sat::new(Encoding::Plain))
    }
}

impl CellSolver for SatPlain {
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome {
        self.0.search_cells(given)
    }

    fn geometry(&mut self) -> Option<&mut Geometry> {
        self.0.geometry()
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        self.0.solution_buffer()
    }
}

cell_engine!(SatPlain);
