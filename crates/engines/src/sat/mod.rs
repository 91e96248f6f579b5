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
//! The same formula goes to SAT solvers in other programs: one generator (`Encoder::encode`, in `encoding.rs`)
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
//!
//! The code is in two parts: `encoding.rs` writes the formula (the variables, the clauses,
//! where they go, and the DIMACS form of [`Cnf`]); `solving.rs` has the engines, which hand
//! the formula to `batsat`, count its solutions and its decisions.

mod encoding;
mod formula;
mod rules;
mod solving;
// The tests of the engines and of their encoding: there is no `unsafe` code, and the solver
// crate is tested on its own, so they are left out of the Miri run.
#[cfg(all(test, not(miri)))]
mod tests;

pub use encoding::{Cnf, Encoding, encode};
pub use solving::{Sat, SatPlain};
