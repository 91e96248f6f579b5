//! The formula as it is written: where its clauses go (a [`ClauseSink`]: the `batsat` solver
//! of the engines, or a list of DIMACS clauses), and what writes them ([`Formula`]): literals,
//! constants for the values the clues settle ([`Term`]), clauses of either, and "exactly one".

use batsat::{Callbacks, Lit, Solver, SolverInterface, Var, lbool};

/// No variable.
pub(super) const NONE: u32 = u32::MAX;

/// The longest "at most one" written pairwise; longer ones use a sequential counter.
pub(super) const PAIRWISE_LIMIT: usize = 25;

/// Where the clauses of the encoding go: the solver of the `sat` engines, or a list of
/// clauses for a solver in another program ([`Cnf`]). One generator ([`Encoder::encode`]) writes
/// into either, so both get the same variables and the same clauses in the same order.
pub(super) trait ClauseSink {
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
pub(super) struct ClauseList {
    pub(super) variables: u32,
    pub(super) clauses: usize,
    pub(super) literals: Vec<i32>,
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
pub(super) struct Formula<'a, S: ClauseSink> {
    pub(super) sink: S,
    pub(super) clause: &'a mut Vec<Lit>,
    /// Whether a clause added so far made the formula unsatisfiable on its own.
    pub(super) contradictory: bool,
}

impl<S: ClauseSink> Formula<'_, S> {
    /// The literal of variable `var`, negated unless `positive`.
    pub(super) fn literal(&mut self, var: u32, positive: bool) -> Lit {
        Lit::new(self.sink.variable(var), positive)
    }

    /// A new variable, after every one made so far, as a positive literal.
    pub(super) fn fresh(&mut self) -> Lit {
        let var = self.sink.variable_count();
        self.literal(var, true)
    }

    /// Adds the clause written in `clause`.
    pub(super) fn add(&mut self) {
        if !self.sink.add_clause(self.clause) {
            self.contradictory = true;
        }
    }

    /// The clause of `literal` alone.
    pub(super) fn unit(&mut self, literal: Lit) {
        self.clause.clear();
        self.clause.push(literal);
        self.add();
    }

    /// The clause of `terms` (a true one satisfies it: it is not written; false ones are left
    /// out; none left is the empty clause, a contradiction).
    pub(super) fn clause(&mut self, terms: impl IntoIterator<Item = Term>) {
        self.clause.clear();
        for term in terms {
            match term {
                Term::True => return,
                Term::False => {}
                Term::Lit(literal) => self.clause.push(literal),
            }
        }
        self.add();
    }

    /// At least one of `group`, and at most one.
    pub(super) fn exactly_one(&mut self, group: &[Lit]) {
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

/// A literal of the formula, or a constant: what a clue settles ("this cell holds its clue"
/// is true, "it holds another value" false) has no variable in the optimized encoding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Term {
    /// Always true.
    True,
    /// Always false.
    False,
    /// A literal.
    Lit(Lit),
}

impl std::ops::Not for Term {
    type Output = Term;

    fn not(self) -> Term {
        match self {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Lit(literal) => Term::Lit(!literal),
        }
    }
}

impl From<bool> for Term {
    fn from(value: bool) -> Term {
        if value { Term::True } else { Term::False }
    }
}
