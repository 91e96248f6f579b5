//! `sat` and `sat-plain`: the puzzle written as a propositional formula (CNF) and handed to a
//! CDCL SAT solver, the `batsat` crate, in the same process, for every box order from 2 (4×4)
//! to 8 (64×64).
//!
//! The encoding is the standard one of the literature (Lynce and Ouaknine, "Sudoku as a SAT
//! problem"): one variable per cell and value, "this cell holds this value"; every cell holds at
//! least one value and at most one; every row, column and box holds every value at least once
//! and at most once. The two engines differ in what they do with the clues:
//! - `sat` applies them before writing anything (the "optimized" encoding): a value a clue rules
//!   out of a cell gets no variable, a cell or a unit a clue settles gets no clause, so the
//!   formula holds only the open questions. A cell with no value left, or a value with no place
//!   left in a unit, is a contradiction found before the solver starts;
//! - `sat-plain` writes the whole grid's formula and adds each clue as a one-literal clause,
//!   leaving it to the solver's propagation: the difference between the two is what applying
//!   the clues first is worth.
//!
//! "At most one" is written pairwise (a clause `¬a ∨ ¬b` per pair) for up to 25 literals, as the
//! literature does; beyond 25 (36×36 grids and up) by Sinz's sequential counter, three clauses
//! per literal with one extra variable each, because the pairwise clauses of an empty 64×64
//! grid would be 33 million and take gigabytes.
//!
//! The same formula goes to SAT solvers in other programs: one generator (`Sat::encode`)
//! writes the clauses through a small sink interface, into `batsat` for these engines or into a
//! list of DIMACS clauses ([`encode`], giving a [`Cnf`], which also reads a model back as a
//! grid) for the `dimacs` engines of `sudoku-external`, so both solve the very same formula.
//!
//! Counting past the first solution adds a clause forbidding the solution found (not all of its
//! cell variables true again) to the same solver instance and solves again: the solver keeps
//! what it learned. A value ruled out of a cell is one more clause (or, for `sat`, one variable
//! fewer).
//!
//! Statistics: the solver's decisions are the search's branch points, as in `cdcl`. The puzzle
//! is the first node, each decision one more node and one guess. The solver's conflicts and
//! propagations have no counterpart among the workbench's statistics and are not reported. A
//! node budget bounds the decisions: before each decision the solver asks this engine's stop
//! callback (the crate's `Callbacks::stop`), which stops it once the decisions made reach the
//! budget. A run can therefore make as many decisions as the budget, which is one node more
//! than the budget when the last decision completes the assignment; its nodes are then reported
//! as the budget, never more. So a budget equal to an unbounded run's nodes always gives that
//! run's answer.
//!
//! How the solver is set: `batsat` is MiniSat 2.2 in Rust, and two of its settings are not
//! MiniSat's defaults, for the minimal 25×25 puzzles, where the search is long: every cell's
//! value is decided true (a true value empties its cell and takes the value out of its units,
//! where a false one removes one candidate), and it keeps a fifth as many learnt clauses as
//! the formula has clauses before its first clean-up, not a third (propagation takes most of
//! its time, and every learnt clause kept is watched). Why `batsat` (pure Rust, deterministic,
//! its decisions reported, stoppable after a number of them, so it honours a node budget), and
//! every setting, encoding and solver measured beside these with its figures:
//! `docs/notes/sat.md`.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use batsat::{Callbacks, Lit, Solver, SolverInterface, SolverOpts, Theory, TheoryArg, Var, lbool};
use sudoku_core::{Grid, Limits, Size, Stats};

use crate::geometry::{CellSolver, Geometry, begin_search, cell_engine};

/// The longest "at most one" written pairwise; longer ones use a sequential counter.
const PAIRWISE_LIMIT: usize = 25;

/// What the engine does with the clues.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    /// Clues applied before encoding: only open cells and values get variables and clauses.
    Optimized,
    /// Every cell and value a variable, every clause written, each clue a unit clause.
    Plain,
}

/// The `sat` and `sat-plain` engines. The solver is made afresh for each puzzle; the tables of
/// the grid and the clause buffers are kept from one solve to the next.
pub struct Sat {
    encoding: Encoding,
    geometry: Geometry,
    /// The variable of cell `c` holding value `v` (1-based) is `var_of[c * side + v - 1]`,
    /// `NONE` when there is none (the optimized encoding's ruled-out values).
    var_of: Vec<u32>,
    /// Whether each value is still possible in each cell, `cells × side`, for the optimized
    /// encoding.
    possible: Vec<bool>,
    clause: Vec<Lit>,
    group: Vec<Lit>,
    solution: Vec<u8>,
}

/// No variable.
const NONE: u32 = u32::MAX;

impl Sat {
    /// An engine writing the formula with `encoding`.
    pub fn new(encoding: Encoding) -> Self {
        Sat {
            encoding,
            geometry: Geometry::new(),
            var_of: Vec::new(),
            possible: Vec::new(),
            clause: Vec::new(),
            group: Vec::new(),
            solution: Vec::new(),
        }
    }
}

impl Default for Sat {
    fn default() -> Self {
        Self::new(Encoding::Optimized)
    }
}

/// The solver's settings: `batsat`'s defaults (MiniSat 2.2's), but for the share of learnt
/// clauses kept (see the module's notes for the measurements).
fn solver_options() -> SolverOpts {
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
struct DecisionBudget {
    decisions: Arc<AtomicU64>,
    bound: u64,
}

impl Callbacks for DecisionBudget {
    fn stop(&self) -> bool {
        self.decisions.load(Ordering::Relaxed) >= self.bound
    }
}

/// Where the clauses of the encoding go: the solver of the `sat` engines, or a list of
/// clauses for a solver in another program ([`Cnf`]). One generator ([`Sat::encode`]) writes
/// into either, so both get the same variables and the same clauses in the same order.
trait ClauseSink {
    /// The variables made so far.
    fn variable_count(&self) -> u32;
    /// Makes the variables of the cells' values, numbered from 0 to `count - 1`, before any
    /// other: a solver decides each of them true whenever it picks it (see the module's
    /// notes).
    fn value_variables(&mut self, count: u32);
    /// The variable numbered `index` (from 0), made if it is not yet.
    fn variable(&mut self, index: u32) -> Var;
    /// Adds `clause` (which the sink may reorder); `false` when the formula is then
    /// unsatisfiable on its face.
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool;
}

impl<C: Callbacks> ClauseSink for Solver<C> {
    #[inline]
    fn variable_count(&self) -> u32 {
        self.num_vars()
    }

    fn value_variables(&mut self, count: u32) {
        for _ in self.num_vars()..count {
            self.new_var(lbool::TRUE, true);
        }
    }

    #[inline]
    fn variable(&mut self, index: u32) -> Var {
        self.var_of_int(index)
    }

    #[inline]
    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.add_clause_reuse(clause)
    }
}

/// Clauses kept as DIMACS numbers (variable `i` is `i + 1`, negative when negated), each
/// ended by `0`, in the order written.
#[derive(Default)]
struct ClauseList {
    variables: u32,
    clauses: usize,
    literals: Vec<i32>,
}

impl ClauseSink for ClauseList {
    fn variable_count(&self) -> u32 {
        self.variables
    }

    fn value_variables(&mut self, count: u32) {
        self.variables = self.variables.max(count);
    }

    fn variable(&mut self, index: u32) -> Var {
        self.variables = self.variables.max(index + 1);
        // A plain conversion, despite its name: variables are only ever numbered here.
        Var::unsafe_from_idx(index)
    }

    fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.literals.extend(clause.iter().map(|&literal| dimacs_literal(literal)));
        self.literals.push(0);
        self.clauses += 1;
        !clause.is_empty()
    }
}

/// The DIMACS number of `literal`.
fn dimacs_literal(literal: Lit) -> i32 {
    let number = literal.var().idx() as i32 + 1;
    if literal.sign() { number } else { -number }
}

/// The formula being written, with where its clauses go.
struct Formula<'a, S: ClauseSink> {
    sink: S,
    clause: &'a mut Vec<Lit>,
    /// Whether a clause added so far made the formula unsatisfiable on its own.
    contradictory: bool,
}

impl<S: ClauseSink> Formula<'_, S> {
    fn literal(&mut self, var: u32, positive: bool) -> Lit {
        Lit::new(self.sink.variable(var), positive)
    }

    fn fresh(&mut self) -> Lit {
        let var = self.sink.variable_count();
        self.literal(var, true)
    }

    fn add(&mut self) {
        if !self.sink.add_clause(self.clause) {
            self.contradictory = true;
        }
    }

    /// The clause of `literal` alone.
    fn unit(&mut self, literal: Lit) {
        self.clause.clear();
        self.clause.push(literal);
        self.add();
    }

    /// At least one of `group`, and at most one.
    fn exactly_one(&mut self, group: &[Lit]) {
        self.clause.clear();
        self.clause.extend_from_slice(group);
        self.add();
        if group.len() <= PAIRWISE_LIMIT {
            for (index, &first) in group.iter().enumerate() {
                for &second in &group[index + 1..] {
                    self.clause.clear();
                    self.clause.extend([!first, !second]);
                    self.add();
                }
            }
            return;
        }
        // Sinz's sequential counter: `s_i` says "one of the first i + 1 is true".
        let mut previous: Option<Lit> = None;
        for (index, &literal) in group.iter().enumerate() {
            let last = index + 1 == group.len();
            let counter = (!last).then(|| self.fresh());
            if let Some(counter) = counter {
                self.clause.clear();
                self.clause.extend([!literal, counter]);
                self.add();
            }
            if let Some(previous) = previous {
                if let Some(counter) = counter {
                    self.clause.clear();
                    self.clause.extend([!previous, counter]);
                    self.add();
                }
                self.clause.clear();
                self.clause.extend([!literal, !previous]);
                self.add();
            }
            previous = counter;
        }
    }
}

impl Sat {
    /// Numbers the variables: every cell and value (plain), or the values still possible in
    /// open cells (optimized). `false` when the optimized encoding finds a contradiction first.
    fn number_variables(&mut self, clues: &[u8], excluded: Option<(usize, u8)>) -> (bool, u32) {
        let side = self.geometry.side;
        let cells = self.geometry.cells;
        self.var_of.clear();
        self.var_of.resize(cells * side, NONE);
        let mut next = 0;
        match self.encoding {
            Encoding::Plain => {
                for var in &mut self.var_of {
                    *var = next;
                    next += 1;
                }
                (true, next)
            }
            Encoding::Optimized => {
                self.possible.clear();
                self.possible.resize(cells * side, true);
                for (cell, &clue) in clues.iter().enumerate() {
                    if clue == 0 {
                        continue;
                    }
                    for &peer in self.geometry.peers(cell) {
                        self.possible[usize::from(peer) * side + usize::from(clue) - 1] = false;
                    }
                }
                if let Some((cell, value)) = excluded {
                    self.possible[cell * side + usize::from(value) - 1] = false;
                }
                for (cell, &clue) in clues.iter().enumerate() {
                    let possible = &self.possible[cell * side..(cell + 1) * side];
                    if clue != 0 {
                        // A clue another clue (or the excluded value) rules out.
                        if !possible[usize::from(clue) - 1] {
                            return (false, next);
                        }
                        continue;
                    }
                    for (value, &possible) in possible.iter().enumerate() {
                        if possible {
                            self.var_of[cell * side + value] = next;
                            next += 1;
                        }
                    }
                }
                (true, next)
            }
        }
    }

    /// Writes the formula of the puzzle into the sink `make_sink` makes (once the variables
    /// are numbered); `None` when it is contradictory before solving.
    fn encode<S: ClauseSink>(
        &mut self,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        make_sink: impl FnOnce() -> S,
    ) -> Option<S> {
        let (consistent, variables) = self.number_variables(clues, excluded);
        if !consistent {
            return None;
        }
        let side = self.geometry.side;
        let plain = self.encoding == Encoding::Plain;
        let mut formula =
            Formula { sink: make_sink(), clause: &mut self.clause, contradictory: false };
        formula.sink.value_variables(variables);
        let group = &mut self.group;
        // Every cell: exactly one value (for the optimized encoding, open cells only).
        for (cell, &clue) in clues.iter().enumerate() {
            if clue != 0 && !plain {
                continue;
            }
            group.clear();
            for &var in self.var_of[cell * side..(cell + 1) * side].iter().filter(|&&v| v != NONE) {
                group.push(formula.literal(var, true));
            }
            if group.is_empty() {
                return None;
            }
            formula.exactly_one(group);
            if clue != 0 {
                let var = self.var_of[cell * side + usize::from(clue) - 1];
                let clue = formula.literal(var, true);
                formula.unit(clue);
            }
        }
        // Every unit: each value exactly once (for the optimized encoding, values no clue of
        // the unit holds).
        for unit in 0..3 * side {
            for value in 1..=side {
                let cells = self.geometry.unit(unit);
                if !plain
                    && cells.iter().any(|&cell| usize::from(clues[usize::from(cell)]) == value)
                {
                    continue;
                }
                group.clear();
                for &cell in cells {
                    let var = self.var_of[usize::from(cell) * side + value - 1];
                    if var != NONE {
                        group.push(formula.literal(var, true));
                    }
                }
                if group.is_empty() {
                    return None;
                }
                formula.exactly_one(group);
            }
        }
        if let (Some((cell, value)), true) = (excluded, plain) {
            let var = self.var_of[cell * side + usize::from(value) - 1];
            let ruled_out = formula.literal(var, false);
            formula.unit(ruled_out);
        }
        (!formula.contradictory).then_some(formula.sink)
    }
}

impl CellSolver for Sat {
    fn solve_cells_excluding(
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
        self.geometry.set_order(order);
        let side = self.geometry.side;
        let decisions = Arc::new(AtomicU64::new(0));
        // The solver stops once its decisions reach the budget (see the module's notes); the
        // nodes reported never pass it.
        let decision_bound = node_bound;
        let callbacks = DecisionBudget { decisions: Arc::clone(&decisions), bound: decision_bound };
        let make_solver = || Solver::new(solver_options(), callbacks);
        let Some(mut solver) = self.encode(clues, excluded, make_solver) else {
            return (0, false, stats);
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
            self.clause.clear();
            for (cell, &clue) in clues.iter().enumerate() {
                let value = if clue != 0 && self.encoding == Encoding::Optimized {
                    clue
                } else {
                    let vars = &self.var_of[cell * side..(cell + 1) * side];
                    let (value, &var) = vars
                        .iter()
                        .enumerate()
                        .find(|&(_, &var)| var != NONE && model[var as usize] == lbool::TRUE)
                        .expect("a model gives every cell a value");
                    if clue == 0 {
                        self.clause.push(Lit::new(Var::unsafe_from_idx(var), false));
                    }
                    value as u8 + 1
                };
                if count == 1 {
                    solution[cell] = value;
                }
            }
            // A grid the clues fill has no open cell, and no second solution.
            if self.clause.is_empty() || !solver.add_clause_reuse(&mut self.clause) {
                break;
            }
        }
        let decisions = decisions.load(Ordering::Relaxed);
        stats.guesses = decisions;
        stats.nodes = (1 + decisions).min(node_bound);
        (count, budget_exhausted, stats)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Sat);

/// `sat-plain`: [`Sat`] with the plain encoding, as a type of its own for the registry and
/// the tests.
pub struct SatPlain(Sat);

impl Default for SatPlain {
    fn default() -> Self {
        SatPlain(Sat::new(Encoding::Plain))
    }
}

impl CellSolver for SatPlain {
    fn solve_cells_excluding(
        &mut self,
        order: usize,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> (u32, bool, Stats) {
        self.0.solve_cells_excluding(order, clues, excluded, limits, solution)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        self.0.solution_buffer()
    }
}

cell_engine!(SatPlain);

/// The formula of the `sat` engine (the optimized encoding: clues applied first) for a SAT
/// solver in another program: the same variables and clauses in the same order, numbered as
/// DIMACS numbers them (from 1, a negative number for a negated variable), with the table that
/// reads a model back as a grid.
#[derive(Clone, Debug)]
pub struct Cnf {
    size: Size,
    clues: Vec<u8>,
    /// The DIMACS variable of cell `c` holding value `v` (1-based) is
    /// `var_of[c * side + v - 1] + 1`; `NONE` when there is none.
    var_of: Vec<u32>,
    variables: u32,
    clauses: usize,
    /// The clauses, each ended by `0`.
    literals: Vec<i32>,
}

/// The formula of `puzzle` as the `sat` engine writes it; `None` when applying the clues
/// already shows it has no solution (two clues clash, a cell has no value left, or a value
/// no place left in a unit).
pub fn encode(puzzle: &Grid) -> Option<Cnf> {
    let size = puzzle.size();
    let mut sat = Sat::new(Encoding::Optimized);
    sat.geometry.set_order(size.order());
    let clues = puzzle.cells();
    let list = sat.encode(clues, None, ClauseList::default)?;
    Some(Cnf {
        size,
        clues: clues.to_vec(),
        var_of: sat.var_of,
        variables: list.variables,
        clauses: list.clauses,
        literals: list.literals,
    })
}

impl Cnf {
    /// The number of variables (DIMACS numbers `1..=variables`).
    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// The number of clauses.
    pub fn clauses(&self) -> usize {
        self.clauses
    }

    /// The clauses as DIMACS numbers, each ended by `0`.
    pub fn literals(&self) -> &[i32] {
        &self.literals
    }

    /// The DIMACS variable saying "`cell` holds `value`" (a row-major cell index, a value
    /// from 1), if the formula has one: a clue's cell has none, nor has a value a clue rules
    /// out.
    pub fn variable(&self, cell: usize, value: u8) -> Option<u32> {
        let side = self.size.side();
        let index = (cell < self.size.cells() && (1..=side).contains(&usize::from(value)))
            .then(|| cell * side + usize::from(value) - 1)?;
        let var = self.var_of[index];
        (var != NONE).then(|| var + 1)
    }

    /// Writes the formula in the DIMACS CNF format, with `extra` clauses after its own (each
    /// a list of DIMACS numbers without the ending `0`).
    pub fn write_dimacs(&self, out: &mut impl Write, extra: &[Vec<i32>]) -> io::Result<()> {
        writeln!(out, "p cnf {} {}", self.variables, self.clauses + extra.len())?;
        let mut line = Vec::with_capacity(64 * 1024);
        let put = |literal: i32, line: &mut Vec<u8>| {
            write_number(line, literal);
            line.push(if literal == 0 { b'\n' } else { b' ' });
        };
        let extra_literals = extra.iter().flat_map(|clause| clause.iter().copied().chain([0]));
        for literal in self.literals.iter().copied().chain(extra_literals) {
            put(literal, &mut line);
            if line.len() >= 60 * 1024 {
                out.write_all(&line)?;
                line.clear();
            }
        }
        out.write_all(&line)
    }

    /// The grid a model gives: each clue, and in each open cell the one value whose variable
    /// is true (`is_true` says, by DIMACS number). An error names a cell given no value, or
    /// two, which no model of the formula does.
    pub fn decode(&self, is_true: impl Fn(u32) -> bool) -> Result<Grid, String> {
        let side = self.size.side();
        let mut cells = self.clues.clone();
        for (cell, value) in cells.iter_mut().enumerate() {
            if *value != 0 {
                continue;
            }
            let mut held = (1..=side).filter(|&candidate| {
                let var = self.var_of[cell * side + candidate - 1];
                var != NONE && is_true(var + 1)
            });
            match (held.next(), held.next()) {
                (Some(only), None) => *value = only as u8,
                (None, _) => {
                    return Err(format!("the model gives {} no value", self.size.name(cell)));
                }
                (Some(first), Some(second)) => {
                    return Err(format!(
                        "the model gives {} two values, {first} and {second}",
                        self.size.name(cell)
                    ));
                }
            }
        }
        Grid::from_cells(self.size, &cells)
            .ok_or_else(|| "the model gives a value outside the grid's".to_owned())
    }

    /// The clause forbidding `solution` (not every open cell as it holds it), as DIMACS
    /// numbers: with it, the formula's models are its other solutions. Empty when the clues
    /// fill the grid.
    pub fn blocking_clause(&self, solution: &Grid) -> Vec<i32> {
        (0..self.clues.len())
            .filter(|&cell| self.clues[cell] == 0)
            .filter_map(|cell| self.variable(cell, solution.get(cell)))
            .map(|var| -(var as i32))
            .collect()
    }
}

/// Appends `number` in decimal to `out`.
fn write_number(out: &mut Vec<u8>, number: i32) {
    if number < 0 {
        out.push(b'-');
    }
    let mut digits = [0u8; 10];
    let mut rest = number.unsigned_abs();
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

// The engine has no `unsafe` code, and the solver crate is tested on its own: the tests are
// left out of the Miri run.
#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;
    use crate::testing;

    /// The shared tests of the engines of every size, for both encodings.
    macro_rules! shared_tests {
        ($module:ident, $engine:ty) => {
            mod $module {
                use super::*;

                #[test]
                fn random_puzzles_solve_to_valid_grids() {
                    testing::random_puzzles_solve_to_valid_grids::<$engine>(5);
                }

                #[test]
                fn counts_agree_with_a_plain_backtracker_at_orders_2_and_3() {
                    // Fewer puzzles than the other engines get: a solver is built per solve.
                    testing::counts_agree_with_a_plain_backtracker_on::<$engine>(100, 8);
                }

                #[test]
                fn fixed_puzzles_have_their_known_counts() {
                    testing::fixed_puzzles_have_their_known_counts::<$engine>();
                }

                #[test]
                fn contradictory_or_malformed_puzzles_have_no_solution() {
                    testing::contradictory_or_malformed_puzzles_have_no_solution::<$engine>();
                }

                #[test]
                fn budgets_are_honoured_and_statistics_are_deterministic() {
                    testing::budgets_are_honoured_and_statistics_are_deterministic::<$engine>();
                }

                /// Up to 36×36: a SAT solver, with no reasoning about Sudoku beyond its
                /// clauses, takes some 24 seconds on the empty 49×49 grid and minutes on the
                /// 64×64 one (measured), too long for a test.
                #[test]
                fn the_empty_grid_of_orders_2_to_6_is_completed() {
                    let mut engine = <$engine>::default();
                    for order in 2usize..=6 {
                        let empty = vec![0; order.pow(4)];
                        let (count, _, _) = testing::solve(&mut engine, order, &empty, Limits::FIRST);
                        assert_eq!(count, 1, "order {order}");
                    }
                }

                #[test]
                fn solves_the_hard_9x9_corpus() {
                    testing::solves_the_hard_9x9_corpus::<$engine>();
                }

                #[test]
                fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker() {
                    testing::counts_with_a_value_ruled_out_agree_with_a_plain_backtracker::<
                        $engine,
                    >();
                }

                #[test]
                fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it()
                {
                    testing::a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it::<
                        $engine,
                    >();
                }
            }
        };
    }

    shared_tests!(optimized, Sat);
    shared_tests!(plain, SatPlain);

    /// Every literal of `group`'s "exactly one", as clauses, and every assignment of them:
    /// exactly the assignments with one literal true satisfy the clauses (with some values of
    /// the counter's extra variables), for group lengths on both sides of the pairwise limit.
    #[test]
    fn exactly_one_admits_exactly_the_assignments_with_one_true_literal() {
        for len in [1, 2, 3, PAIRWISE_LIMIT, PAIRWISE_LIMIT + 1, 40] {
            for mask in assignments(len) {
                let mut clause = Vec::new();
                let callbacks = DecisionBudget { decisions: Arc::default(), bound: u64::MAX };
                let mut formula = Formula {
                    sink: Solver::new(solver_options(), callbacks),
                    clause: &mut clause,
                    contradictory: false,
                };
                let group: Vec<Lit> =
                    (0..len as u32).map(|var| formula.literal(var, true)).collect();
                formula.exactly_one(&group);
                let assumptions: Vec<Lit> = group
                    .iter()
                    .enumerate()
                    .map(
                        |(index, &literal)| if mask >> index & 1 == 1 { literal } else { !literal },
                    )
                    .collect();
                let satisfiable = !formula.contradictory
                    && formula.sink.solve_limited(&assumptions) == lbool::TRUE;
                assert_eq!(satisfiable, mask.count_ones() == 1, "{len} literals, {mask:b}");
            }
        }
    }

    /// Assignments of `len` literals to try: every one for short groups; for long ones, none
    /// true, each single one, and some pairs and triples.
    fn assignments(len: usize) -> Vec<u64> {
        if len <= 8 {
            return (0..1u64 << len).collect();
        }
        let mut masks = vec![0];
        masks.extend((0..len).map(|index| 1u64 << index));
        masks.extend([0b11, 1 | 1 << (len - 1), 0b111 << (len - 3), 1 << 3 | 1 << 20]);
        masks
    }

    #[test]
    fn both_encodings_find_the_same_solutions_and_the_optimized_one_writes_less() {
        let mut rng = testing::Rng(11);
        let mut optimized = Sat::default();
        let mut plain = SatPlain::default();
        for order in 2..=4 {
            let grid = testing::solved_grid(&mut optimized, order, &mut rng);
            for kept in [20, 40, 60] {
                let clues = testing::remove_clues(&grid, kept, &mut rng);
                let limits = Limits::count_up_to(3);
                let a = testing::solve(&mut optimized, order, &clues, limits);
                let b = testing::solve(&mut plain, order, &clues, limits);
                assert_eq!(a.0, b.0, "order {order}, {kept}% kept");
                // The plain backtracker takes too long on sparse 16×16 grids.
                if order < 4 {
                    assert_eq!(a.0, testing::reference_count(order, &clues, 3));
                }
            }
            // The optimized formula has a variable only for values the clues leave open.
            let clues = testing::remove_clues(&grid, 50, &mut rng);
            optimized.geometry.set_order(order);
            plain.0.geometry.set_order(order);
            let (_, open) = optimized.number_variables(&clues, None);
            let (_, all) = plain.0.number_variables(&clues, None);
            assert_eq!(all as usize, order.pow(6));
            assert!(open < all / 2, "order {order}: {open} of {all}");
        }
    }

    /// The formula written for another program is the one the engine solves: the same
    /// number of variables and clauses, and the solutions of both, found by `batsat` reading
    /// the DIMACS text back, are the engine's.
    #[test]
    fn the_dimacs_formula_is_the_engines_and_decodes_to_its_solutions() {
        let mut rng = testing::Rng(23);
        let mut engine = Sat::default();
        for order in 2..=4 {
            let grid = testing::solved_grid(&mut engine, order, &mut rng);
            for kept in [30, 60, 100] {
                let clues = testing::remove_clues(&grid, kept, &mut rng);
                let size = Size::from_order(order).unwrap();
                let puzzle = Grid::from_cells(size, &clues).unwrap();
                let cnf = encode(&puzzle).expect("a puzzle cut from a solved grid");
                engine.geometry.set_order(order);
                let callbacks = DecisionBudget { decisions: Arc::default(), bound: u64::MAX };
                let solver = engine
                    .encode(&clues, None, || Solver::new(solver_options(), callbacks))
                    .unwrap();
                assert_eq!(cnf.variables(), solver.num_vars());
                assert_eq!(cnf.literals().iter().filter(|&&l| l == 0).count(), cnf.clauses());

                let mut text = Vec::new();
                cnf.write_dimacs(&mut text, &[]).unwrap();
                let text = String::from_utf8(text).unwrap();
                assert!(text.starts_with(&format!(
                    "p cnf {} {}\n",
                    cnf.variables(),
                    cnf.clauses()
                )));
                // Solve the text as read back, counting by blocking clauses.
                let mut blocked: Vec<Vec<i32>> = Vec::new();
                let mut solutions = Vec::new();
                loop {
                    let mut text = Vec::new();
                    cnf.write_dimacs(&mut text, &blocked).unwrap();
                    let Some(model) = solve_dimacs(std::str::from_utf8(&text).unwrap()) else {
                        break;
                    };
                    let solution = cnf.decode(|var| model[var as usize - 1]).unwrap();
                    let clause = cnf.blocking_clause(&solution);
                    solutions.push(solution);
                    if clause.is_empty() || solutions.len() == 3 {
                        break;
                    }
                    blocked.push(clause);
                }
                let (count, _, _) =
                    testing::solve(&mut engine, order, &clues, Limits::count_up_to(3));
                assert_eq!(solutions.len() as u32, count, "order {order}, {kept}% kept");
                for solution in &solutions {
                    assert!(sudoku_core::check_solution(&puzzle, solution).is_ok());
                }
            }
        }
    }

    /// A model of the DIMACS `text` by `batsat`, `None` when it has none.
    fn solve_dimacs(text: &str) -> Option<Vec<bool>> {
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(' ').collect();
        let variables: u32 = header[2].parse().unwrap();
        let mut solver = Solver::new(SolverOpts::default(), batsat::BasicCallbacks::default());
        if variables > 0 {
            solver.var_of_int(variables - 1);
        }
        for line in lines {
            let mut clause: Vec<Lit> = line
                .split(' ')
                .map(|word| word.parse::<i32>().unwrap())
                .take_while(|&number| number != 0)
                .map(|number| Lit::new(Var::unsafe_from_idx(number.unsigned_abs() - 1), number > 0))
                .collect();
            if !solver.add_clause_reuse(&mut clause) {
                return None;
            }
        }
        (solver.solve_limited(&[]) == lbool::TRUE)
            .then(|| solver.get_model().iter().map(|&value| value == lbool::TRUE).collect())
    }

    #[test]
    fn a_model_that_is_not_a_grid_is_refused_and_clashing_clues_have_no_formula() {
        let size = Size::from_order(2).unwrap();
        let mut puzzle = Grid::empty(size);
        puzzle.set(0, 1);
        let cnf = encode(&puzzle).unwrap();
        let message = cnf.decode(|_| false).unwrap_err();
        assert_eq!(message, "the model gives r1c2 no value");
        let message = cnf.decode(|_| true).unwrap_err();
        assert_eq!(message, "the model gives r1c2 two values, 2 and 3");
        assert_eq!(cnf.variable(0, 1), None, "a clue's cell has no variable");
        assert_eq!(cnf.variable(1, 1), None, "nor a value a clue rules out");
        assert_eq!(cnf.variable(1, 2), Some(1));
        assert_eq!(cnf.variable(16, 1), None);
        puzzle.set(1, 1);
        assert!(encode(&puzzle).is_none());
        let mut numbers = Vec::new();
        for number in [0, 7, -12, i32::MAX, -i32::MAX] {
            write_number(&mut numbers, number);
            numbers.push(b' ');
        }
        assert_eq!(numbers, b"0 7 -12 2147483647 -2147483647 ");
    }

    #[test]
    fn statistics_count_the_solvers_decisions_and_a_clue_filled_grid_takes_none() {
        let mut rng = testing::Rng(5);
        let mut engine = Sat::default();
        let grid = testing::solved_grid(&mut engine, 3, &mut rng);
        let (count, exhausted, stats) = testing::solve(&mut engine, 3, &grid, Limits::UNIQUE);
        assert_eq!((count, exhausted, stats), (1, false, Stats { nodes: 1, guesses: 0 }));
        let (count, _, stats) = testing::solve(&mut engine, 3, &[0; 81], Limits::count_up_to(5));
        assert_eq!(count, 5);
        assert_eq!(stats.nodes, stats.guesses + 1);
        assert!(stats.guesses >= 5, "{stats:?}");
    }
}
