//! Binary relations as tables: see [`Relation`].

use std::sync::Arc;

use super::domains::{Contradiction, Domains};

/// Binary relations as tables of allowed pairs: dots, XV, whispers, thermometer steps,
/// palindromes and clones (equal values), minimum and maximum cells, entropic bands,
/// indexers and the negative rules.
///
/// A relation between cells `a` and `b` keeps, for each value of `a`, the set of values `b`
/// may then hold, and the same the other way round; narrowing keeps in each cell the values
/// some value of the other allows (arc consistency), which is exact on a full assignment and
/// settles in one pass.
#[derive(Clone, Debug)]
pub struct Relation {
    cells: [u16; 2],
    /// For each value `v` of the first cell (index `v - 1`), the values the second may hold.
    forward: Arc<[u64]>,
    /// For each value of the second cell, the values the first may hold.
    backward: Arc<[u64]>,
}

/// The tables of a relation both ways, shared by every pair of cells it joins.
#[derive(Clone, Debug)]
pub(super) struct Table {
    forward: Arc<[u64]>,
    backward: Arc<[u64]>,
}

impl Table {
    /// The relation `allows(a, b)` over the values `1..=side` of both cells.
    pub(super) fn new(side: usize, allows: impl Fn(u32, u32) -> bool) -> Table {
        let values = 1..=side as u32;
        let forward: Arc<[u64]> = values
            .clone()
            .map(|a| values.clone().filter(|&b| allows(a, b)).fold(0, |set, b| set | 1 << (b - 1)))
            .collect();
        let backward: Arc<[u64]> = values
            .clone()
            .map(|b| values.clone().filter(|&a| allows(a, b)).fold(0, |set, a| set | 1 << (a - 1)))
            .collect();
        Table { forward, backward }
    }

    /// The relation between `a` and `b`.
    pub(super) fn between(&self, a: u16, b: u16) -> Relation {
        Relation {
            cells: [a, b],
            forward: Arc::clone(&self.forward),
            backward: Arc::clone(&self.backward),
        }
    }
}

impl Relation {
    /// The two cells.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// Whether the first cell may hold `a` (from 1) while the second holds `b`.
    pub fn allows(&self, a: u32, b: u32) -> bool {
        self.forward[a as usize - 1] & 1 << (b - 1) != 0
    }

    /// Keeps in each cell the values some value of the other allows.
    pub fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let [a, b] = self.cells;
        let reach = |table: &[u64], from: u64| {
            let mut set = from;
            let mut reached = 0;
            while set != 0 {
                reached |= table[set.trailing_zeros() as usize];
                set &= set - 1;
            }
            reached
        };
        domains.restrict(b, reach(&self.forward, domains.get(a)))?;
        domains.restrict(a, reach(&self.backward, domains.get(b)))?;
        Ok(())
    }
}
