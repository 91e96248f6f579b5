//! The one interface every solving engine implements.
//!
//! An engine is a value that owns whatever scratch memory its search needs, so a solve does not
//! allocate and one engine value serves many puzzles. Engines are not shared between threads:
//! each thread makes its own from the registry (`sudoku-engines`), which is why [`Engine`]
//! asks for `Send` but not `Sync`.
//!
//! Statistics mean the same for every engine, so they can be compared:
//! - a **node** is one state of the search: the puzzle itself, plus one for every tentative
//!   placement (or, for exact cover, every option) the search commits to;
//! - a **guess** is a branch point: a node where the engine had to choose among two or more
//!   candidates. A puzzle solved with zero guesses was solved by the engine's reasoning alone.

use std::fmt;
use std::time::Duration;

use crate::grid::Grid;

/// How far one solve may go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    max_solutions: u32,
    node_budget: Option<u64>,
}

impl Limits {
    /// Stop at the first solution.
    pub const FIRST: Limits = Limits { max_solutions: 1, node_budget: None };
    /// Count up to two solutions: enough to prove a solution unique.
    pub const UNIQUE: Limits = Limits { max_solutions: 2, node_budget: None };

    /// Count solutions up to `limit` (at least 1), then stop.
    pub fn count_up_to(limit: u32) -> Limits {
        Limits { max_solutions: limit.max(1), node_budget: None }
    }

    /// The same limits, giving up after `nodes` search nodes.
    pub fn with_node_budget(self, nodes: u64) -> Limits {
        Limits { node_budget: Some(nodes), ..self }
    }

    /// The number of solutions after which the search stops (at least 1).
    #[inline]
    pub fn max_solutions(&self) -> u32 {
        self.max_solutions
    }

    /// The number of nodes after which the search gives up, if any.
    #[inline]
    pub fn node_budget(&self) -> Option<u64> {
        self.node_budget
    }

    /// The node budget as a plain bound (`u64::MAX` when unlimited), for hot loops.
    #[inline]
    pub fn node_bound(&self) -> u64 {
        self.node_budget.unwrap_or(u64::MAX)
    }
}

/// Search statistics of one solve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Search nodes visited (see the module documentation).
    pub nodes: u64,
    /// Branch points with two or more candidates.
    pub guesses: u64,
}

/// What one solve found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Solutions found, at most [`Limits::max_solutions`].
    pub count: u32,
    /// Whether the search gave up at the node budget; `count` is then a lower bound.
    pub budget_exhausted: bool,
    /// What the search cost.
    pub stats: Stats,
    /// The solve time the engine measured itself, when it reports one (an engine in another
    /// process may: the harness then times it by its own word rather than by the round trip).
    /// Built-in engines leave it `None`: the caller's clock is theirs.
    pub reported_time: Option<Duration>,
    /// Why the engine gave no answer at all, when it failed (an engine in another process that
    /// crashed, ran out of time or broke its protocol). The other fields are then empty. An
    /// engine in this process never fails: its contract is to answer.
    pub failure: Option<Failure>,
}

/// How an engine failed to answer a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FailureKind {
    /// Its process ended (exited, or was killed by a signal) before answering.
    Crashed,
    /// It did not answer within its time limit (it was then stopped).
    TimedOut,
    /// It answered something that breaks its protocol: unreadable, out of turn, an error
    /// answer, or too long.
    ProtocolError,
}

impl FailureKind {
    /// Every kind, in the order reports list them.
    pub const ALL: [FailureKind; 3] =
        [FailureKind::Crashed, FailureKind::TimedOut, FailureKind::ProtocolError];

    /// The verdict's name in reports: `crashed`, `timed-out`, `protocol-error`.
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::Crashed => "crashed",
            FailureKind::TimedOut => "timed-out",
            FailureKind::ProtocolError => "protocol-error",
        }
    }

    /// The kind called `name` (see [`FailureKind::name`]).
    pub fn from_name(name: &str) -> Option<FailureKind> {
        FailureKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an engine gave no answer: the kind, and what happened in words (quoting, cut short,
/// what the engine said).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// What kind of failure.
    pub kind: FailureKind,
    /// What happened, on one line.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

/// What an outcome proves about the number of solutions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// Exactly this many: the search finished below its limit.
    Exactly(u32),
    /// At least this many: the search stopped at its limit.
    AtLeast(u32),
    /// The search gave up at its node budget after finding this many.
    GaveUp(u32),
    /// The engine failed to answer (see [`Outcome::failure`]): nothing is known.
    Failed(FailureKind),
}

impl fmt::Display for Verdict {
    /// `0`, `1`, `2+` (at least two), `1+?` (gave up after one), or the failure's name
    /// (`crashed`, `timed-out`, `protocol-error`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Exactly(n) => write!(f, "{n}"),
            Verdict::AtLeast(n) => write!(f, "{n}+"),
            Verdict::GaveUp(n) => write!(f, "{n}+?"),
            Verdict::Failed(kind) => f.write_str(kind.name()),
        }
    }
}

impl Outcome {
    /// An outcome with nothing found yet.
    pub fn empty() -> Outcome {
        Outcome {
            solution: None,
            count: 0,
            budget_exhausted: false,
            stats: Stats::default(),
            reported_time: None,
            failure: None,
        }
    }

    /// The outcome of a solve that failed: no answer, only why.
    pub fn failed(kind: FailureKind, message: impl Into<String>) -> Outcome {
        Outcome { failure: Some(Failure { kind, message: message.into() }), ..Outcome::empty() }
    }

    /// What this outcome proves, given the limits it was searched with.
    pub fn verdict(&self, limits: Limits) -> Verdict {
        if let Some(failure) = &self.failure {
            Verdict::Failed(failure.kind)
        } else if self.count >= limits.max_solutions() {
            Verdict::AtLeast(self.count)
        } else if self.budget_exhausted {
            Verdict::GaveUp(self.count)
        } else {
            Verdict::Exactly(self.count)
        }
    }
}

/// A Sudoku solving engine.
///
/// # Contract
/// - `puzzle` is of a size the engine supports (its registry entry says which): callers check
///   first, so an engine solving only 9×9 may assume 81 cells.
/// - `solve` never panics and always terminates: a contradictory or unsolvable puzzle is an
///   outcome with `count == 0`, never an error.
/// - `solution` is the first solution found, and is `Some` exactly when `count > 0`.
/// - The search stops once `count == limits.max_solutions()`, or once more than
///   `limits.node_budget()` nodes were visited (then `budget_exhausted` is set).
/// - Statistics depend only on the puzzle and the limits, never on timing or on earlier solves.
pub trait Engine: Send {
    /// Searches `puzzle` within `limits`.
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome;

    /// Says which puzzles `solve` will be given next, in order, all with `limits`: an engine in
    /// another process may send them ahead (pipelining), so that each answer costs it no pipe
    /// round trip of its own. A hint only: the calls to `solve` follow, one per puzzle, in
    /// this order, and may stop early; another hint replaces this one. Engines in this process
    /// have nothing to do ahead, and the default does nothing.
    fn expect(&mut self, upcoming: &mut dyn Iterator<Item = &Grid>, limits: Limits) {
        let _ = (upcoming, limits);
    }

    /// Searches `puzzle` with `value` ruled out of `cell` (a row-major cell index; the cell is
    /// normally empty), within `limits`: "has the puzzle a solution that does not put `value`
    /// there?". A generator asks this when it removes a clue from a puzzle with one solution:
    /// a second solution, if any, differs from the first in that cell, so one search answers
    /// what counting to two would.
    ///
    /// `None` when the engine cannot rule a value out; callers then count solutions instead.
    /// The contract of [`Engine::solve`] holds otherwise.
    fn solve_excluding(
        &mut self,
        puzzle: &Grid,
        cell: usize,
        value: u8,
        limits: Limits,
    ) -> Option<Outcome> {
        let _ = (puzzle, cell, value, limits);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_limit_is_at_least_one() {
        assert_eq!(Limits::count_up_to(0).max_solutions(), 1);
        assert_eq!(Limits::count_up_to(7).max_solutions(), 7);
        assert_eq!(Limits::FIRST.with_node_budget(10).node_bound(), 10);
        assert_eq!(Limits::UNIQUE.node_bound(), u64::MAX);
    }

    #[test]
    fn verdicts_follow_count_limit_and_budget() {
        let outcome =
            |count, budget_exhausted| Outcome { count, budget_exhausted, ..Outcome::empty() };
        assert_eq!(outcome(0, false).verdict(Limits::UNIQUE), Verdict::Exactly(0));
        assert_eq!(outcome(1, false).verdict(Limits::UNIQUE), Verdict::Exactly(1));
        assert_eq!(outcome(2, false).verdict(Limits::UNIQUE), Verdict::AtLeast(2));
        assert_eq!(outcome(1, false).verdict(Limits::FIRST), Verdict::AtLeast(1));
        assert_eq!(outcome(1, true).verdict(Limits::UNIQUE), Verdict::GaveUp(1));
        assert_eq!(Verdict::AtLeast(2).to_string(), "2+");
        assert_eq!(Verdict::GaveUp(0).to_string(), "0+?");
        let crashed = Outcome::failed(FailureKind::Crashed, "exit status 1");
        assert_eq!(crashed.verdict(Limits::UNIQUE), Verdict::Failed(FailureKind::Crashed));
        assert_eq!(Verdict::Failed(FailureKind::TimedOut).to_string(), "timed-out");
        for kind in FailureKind::ALL {
            assert_eq!(FailureKind::from_name(kind.name()), Some(kind));
        }
    }
}
