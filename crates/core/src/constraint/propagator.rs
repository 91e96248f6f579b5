//! The propagators every rule compiles to.

use super::domains::{Contradiction, Domains};
use super::relation::Relation;
use super::sequence::{Between, Quadruple, RegionSum, Renban, Sandwich, Skyscraper, XSum};
use super::sum::Sum;

/// One propagator: a primitive over some cells that removes candidates no solution of its rule
/// uses, sound always and exact on a full assignment (see the [module
/// documentation](super)).
#[derive(Clone, Debug)]
pub enum Propagator {
    /// A weighted sum within a range.
    Sum(Sum),
    /// A table of the pairs of values two cells may hold.
    Relation(Relation),
    /// The values one cell may hold (odd, even).
    Unary {
        /// The cell, alone in a slice so that [`Propagator::cells`] can lend it.
        cell: [u16; 1],
        /// Its allowed values.
        allowed: u64,
    },
    /// A renban line's run of values.
    Renban(Renban),
    /// A between line.
    Between(Between),
    /// A region-sum line.
    RegionSum(RegionSum),
    /// A sandwich clue.
    Sandwich(Sandwich),
    /// An X-sum clue.
    XSum(XSum),
    /// A skyscraper clue.
    Skyscraper(Skyscraper),
    /// A quadruple.
    Quadruple(Quadruple),
    /// A rule no values satisfy (more cells that must differ than the grid has values).
    Never,
}

impl Propagator {
    /// The cells the propagator reads and narrows: it must be run again when one of them
    /// changes. What it concludes follows from their candidates alone, so the candidates
    /// they have lost explain each of its removals and its contradictions (what a conflict
    /// analysis needs). A sum of distinct values also removes a value it needs from cells
    /// outside it that see every place the value has left in it (never a cell's last
    /// value): those removals too follow from the candidates of its own cells.
    pub fn cells(&self) -> &[u16] {
        match self {
            Propagator::Sum(sum) => sum.cells(),
            Propagator::Relation(relation) => relation.cells(),
            Propagator::Unary { cell, .. } => cell,
            Propagator::Renban(renban) => renban.cells(),
            Propagator::Between(between) => between.cells(),
            Propagator::RegionSum(line) => line.cells(),
            Propagator::Sandwich(line) => line.cells(),
            Propagator::XSum(line) => line.cells(),
            Propagator::Skyscraper(line) => line.cells(),
            Propagator::Quadruple(quadruple) => quadruple.cells(),
            Propagator::Never => &[],
        }
    }

    /// Removes candidates no solution of the rule uses; a contradiction if the rule cannot
    /// hold. A full assignment that passes satisfies the rule.
    pub fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        match self {
            Propagator::Sum(sum) => sum.narrow(domains),
            Propagator::Relation(relation) => relation.narrow(domains),
            Propagator::Unary { cell, allowed } => domains.restrict(cell[0], *allowed).map(drop),
            Propagator::Renban(renban) => renban.narrow(domains),
            Propagator::Between(between) => between.narrow(domains),
            Propagator::RegionSum(line) => line.narrow(domains),
            Propagator::Sandwich(line) => line.narrow(domains),
            Propagator::XSum(line) => line.narrow(domains),
            Propagator::Skyscraper(line) => line.narrow(domains),
            Propagator::Quadruple(quadruple) => quadruple.narrow(domains),
            Propagator::Never => Err(Contradiction),
        }
    }

    /// Whether running the propagator again right after it narrowed, with nothing else
    /// changed, would remove nothing more: an engine need not wake it for its own removals.
    pub fn is_idempotent(&self) -> bool {
        matches!(
            self,
            Propagator::Relation(_)
                | Propagator::Unary { .. }
                | Propagator::Never
                | Propagator::Sandwich(_)
        )
    }
}
