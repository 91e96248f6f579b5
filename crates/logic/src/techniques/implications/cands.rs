//! Sets of the 729 candidates of a 9×9 grid, and the nodes of the implication graph: a
//! candidate assumed true ("on") or false ("off").

use crate::houses::bits;

/// Candidates of a 9×9 grid, numbered `cell · 9 + value − 1`.
pub(super) const CANDIDATES: usize = 729;

/// [`Cands::peers_of`] as a table.
static PEER_CANDIDATES: [Cands; CANDIDATES] = {
    let mut table = [Cands([0; 12]); CANDIDATES];
    let mut c = 0;
    while c < CANDIDATES {
        let (cell, value) = (c / 9, c % 9);
        let mut other = 0;
        while other < 81 {
            let (r, k, o, d) = (cell / 9, cell % 9, other / 9, other % 9);
            let seen = r == o || k == d || (r / 3 == o / 3 && k / 3 == d / 3);
            if other != cell && seen {
                let peer = other * 9 + value;
                table[c].0[peer >> 6] |= 1 << (peer & 63);
            }
            other += 1;
        }
        c += 1;
    }
    table
};

/// Nodes: candidate `c` on is `2c + 1`, off is `2c`.
pub(super) const NODES: usize = 2 * CANDIDATES;

/// A set of candidates, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(super) struct Cands([u64; 12]);

impl Cands {
    /// Whether candidate `c` is in the set.
    #[inline]
    pub(super) fn has(&self, c: usize) -> bool {
        self.0[c >> 6] & (1 << (c & 63)) != 0
    }

    /// Adds candidate `c`.
    #[inline]
    pub(super) fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }

    /// Adds the candidates `values` of `cell` (value `v` is bit `v − 1`): nine bits at once,
    /// the cell's candidates being consecutive.
    #[inline]
    pub(super) fn insert_values(&mut self, cell: usize, values: u16) {
        let at = cell * 9;
        let (word, shift) = (at >> 6, at & 63);
        let bits = u64::from(values & 0x1ff);
        self.0[word] |= bits << shift;
        if shift > 64 - 9 {
            self.0[word + 1] |= bits >> (64 - shift);
        }
    }

    /// The candidates of a board's cells (bit `v − 1` of entry `cell` if it holds `v`).
    pub(super) fn of_cells(cells: &[u16; 81]) -> Cands {
        // The cells' nine bits one after another, a word written out whenever one fills (the
        // bits past it begin the next).
        let mut set = Cands::default();
        let (mut bits, mut filled, mut word) = (0u64, 0, 0);
        for &values in cells {
            let values = u64::from(values & 0x1ff);
            bits |= values << filled;
            filled += 9;
            if filled >= 64 {
                set.0[word] = bits;
                word += 1;
                filled -= 64;
                bits = values >> (9 - filled);
            }
        }
        set.0[word] = bits;
        set
    }

    /// The candidates of `c`'s value in the cells its cell sees, on a board holding every
    /// candidate: those `c` turns off by its houses.
    #[inline]
    pub(super) fn peers_of(c: usize) -> &'static Cands {
        &PEER_CANDIDATES[c]
    }

    /// Adds every candidate of `other`.
    #[inline]
    pub(super) fn union(&mut self, other: &Cands) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    /// Keeps only the candidates of `other`.
    #[inline]
    pub(super) fn intersect(&mut self, other: &Cands) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }

    /// The candidates of the set, in increasing order.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &set)| bits(set).map(move |bit| word * 64 + bit))
    }

    /// Whether the set has no candidate.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&a| a == 0)
    }
}

/// A set of nodes, one bit each: for the walks over a node's ancestors.
#[derive(Clone, Copy)]
pub(super) struct NodeSet([u64; NODES.div_ceil(64)]);

impl NodeSet {
    pub(super) const EMPTY: NodeSet = NodeSet([0; NODES.div_ceil(64)]);

    /// Adds node `n`; whether it was new.
    #[inline]
    pub(super) fn insert(&mut self, n: usize) -> bool {
        let (word, mask) = (n >> 6, 1u64 << (n & 63));
        let new = self.0[word] & mask == 0;
        self.0[word] |= mask;
        new
    }
}

/// The node of candidate `c` in state `on`.
#[inline]
pub(super) fn node(c: usize, on: bool) -> usize {
    2 * c + usize::from(on)
}

/// The candidate of node `n`.
#[inline]
pub(super) fn cand(n: usize) -> usize {
    n >> 1
}

/// Whether node `n` is "on".
#[inline]
pub(super) fn is_on(n: usize) -> bool {
    n & 1 == 1
}

/// The candidate of `cell` and `value` (`1..=9`).
#[inline]
pub(super) fn cand_of(cell: usize, value: u8) -> usize {
    cell * 9 + usize::from(value) - 1
}

/// The cell and value of candidate `c`.
#[inline]
pub(super) fn cell_value(c: usize) -> (usize, u8) {
    (c / 9, (c % 9) as u8 + 1)
}
