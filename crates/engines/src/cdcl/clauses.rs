//! The stored clauses (learned from conflicts, or blocking solutions already counted), in one
//! flat arena of `u32` words: a clause is a header of [`HEADER`] words followed by its
//! literals, and is named by the offset of its header. One allocation for every clause keeps
//! the literals a propagation visits next to each other in memory, rather than one allocation
//! per clause behind a pointer: the watched-literal scan is the solver's hottest loop.
//!
//! Deleting a clause marks it; [`ClauseDb::collect`] later copies the live clauses to a fresh
//! arena and leaves behind, in each old header, where its clause went, so that the watches and
//! reasons that name clauses can be moved along.

use super::literal::Lit;

/// A clause's name: the offset of its header in the arena.
pub(super) type ClauseRef = u32;

/// Words before a clause's literals: its length, then its flags and glue.
pub(super) const HEADER: usize = 2;

/// Header word 1: the clause may be deleted (learned, not blocking a solution).
const REMOVABLE: u32 = 1 << 31;
/// Header word 1: the clause is deleted, and its space is garbage.
const DELETED: u32 = 1 << 30;
/// Header word 1: the low bit of the clause's used counter (0 to 2): how many more reductions
/// it survives for having taken part in a conflict's analysis.
const USED: u32 = 1 << 29;
/// Header word 1: the high bit of the used counter.
const USED2: u32 = 1 << 28;
/// Header word 1: the glue (LBD) bits.
const GLUE: u32 = (1 << 20) - 1;

/// Every stored clause.
#[derive(Default)]
pub(super) struct ClauseDb {
    arena: Vec<u32>,
    /// Words taken by deleted clauses.
    garbage: usize,
}

impl ClauseDb {
    /// Forgets every clause.
    pub(super) fn clear(&mut self) {
        self.arena.clear();
        self.garbage = 0;
    }

    /// Stores a clause of `lits` (two or more), and returns its name.
    pub(super) fn add(&mut self, lits: &[Lit], glue: u32, removable: bool) -> ClauseRef {
        let clause = self.arena.len() as ClauseRef;
        let flags = if removable { REMOVABLE } else { 0 };
        self.arena.extend([lits.len() as u32, flags | glue.min(GLUE)]);
        self.arena.extend_from_slice(lits);
        clause
    }

    /// The literals of `clause`.
    #[inline]
    pub(super) fn lits(&self, clause: ClauseRef) -> &[Lit] {
        let start = clause as usize;
        let len = self.arena[start] as usize;
        &self.arena[start + HEADER..start + HEADER + len]
    }

    /// The literals of `clause`, to reorder.
    #[inline]
    pub(super) fn lits_mut(&mut self, clause: ClauseRef) -> &mut [Lit] {
        let start = clause as usize;
        let len = self.arena[start] as usize;
        &mut self.arena[start + HEADER..start + HEADER + len]
    }

    /// The clause's glue: the number of decision levels among its literals when it was learned
    /// (or since, when lower).
    #[inline]
    pub(super) fn glue(&self, clause: ClauseRef) -> u32 {
        self.arena[clause as usize + 1] & GLUE
    }

    /// Lowers the clause's glue to `glue`, if lower.
    #[inline]
    pub(super) fn lower_glue(&mut self, clause: ClauseRef, glue: u32) {
        let meta = &mut self.arena[clause as usize + 1];
        if glue < *meta & GLUE {
            *meta = (*meta & !GLUE) | glue;
        }
    }

    #[inline]
    pub(super) fn is_removable(&self, clause: ClauseRef) -> bool {
        self.arena[clause as usize + 1] & REMOVABLE != 0
    }

    #[inline]
    pub(super) fn is_deleted(&self, clause: ClauseRef) -> bool {
        self.arena[clause as usize + 1] & DELETED != 0
    }

    /// Sets the clause's used counter (0 to 2).
    #[inline]
    pub(super) fn set_used(&mut self, clause: ClauseRef, used: u32) {
        let meta = &mut self.arena[clause as usize + 1];
        *meta &= !(USED | USED2);
        if used >= 1 {
            *meta |= USED;
        }
        if used >= 2 {
            *meta |= USED2;
        }
    }

    /// The clause's used counter; lowers it by one.
    #[inline]
    pub(super) fn decrement_used(&mut self, clause: ClauseRef) -> u32 {
        let meta = self.arena[clause as usize + 1];
        let used = u32::from(meta & USED != 0) + u32::from(meta & USED2 != 0);
        self.set_used(clause, used.saturating_sub(1));
        used
    }

    /// The number of literals of the clause.
    #[inline]
    pub(super) fn len(&self, clause: ClauseRef) -> usize {
        self.arena[clause as usize] as usize
    }

    /// Deletes the clause: its space becomes garbage until the next collection.
    pub(super) fn delete(&mut self, clause: ClauseRef) {
        let start = clause as usize;
        self.arena[start + 1] |= DELETED;
        self.garbage += HEADER + self.arena[start] as usize;
    }

    /// Every clause, deleted ones included, in the order they were stored.
    pub(super) fn refs(&self) -> impl Iterator<Item = ClauseRef> + '_ {
        let mut offset = 0;
        std::iter::from_fn(move || {
            (offset < self.arena.len()).then(|| {
                let clause = offset as ClauseRef;
                offset += HEADER + self.arena[offset] as usize;
                clause
            })
        })
    }

    /// Whether enough of the arena is garbage to be worth a collection.
    pub(super) fn wants_collection(&self) -> bool {
        self.garbage > self.arena.len() / 2
    }

    /// Copies the live clauses to a fresh arena, in order. Afterwards, until the next change,
    /// [`ClauseDb::moved`] tells where each clause of the old arena went.
    pub(super) fn collect(&mut self, old: &mut Vec<u32>) {
        old.clear();
        std::mem::swap(old, &mut self.arena);
        let mut offset = 0;
        while offset < old.len() {
            let len = old[offset] as usize;
            let end = offset + HEADER + len;
            if old[offset + 1] & DELETED == 0 {
                let new = self.arena.len() as u32;
                self.arena.extend_from_slice(&old[offset..end]);
                // The old header's length word now holds the new place.
                old[offset] = new;
            }
            offset = end;
        }
        self.garbage = 0;
    }

    /// Where `clause` of the arena `old` (left by [`ClauseDb::collect`]) went, or `None` if it
    /// was deleted.
    #[inline]
    pub(super) fn moved(old: &[u32], clause: ClauseRef) -> Option<ClauseRef> {
        (old[clause as usize + 1] & DELETED == 0).then(|| old[clause as usize])
    }
}

// No `unsafe` here either: left out of the Miri run, as the engine's other tests.
#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;

    #[test]
    fn collection_moves_the_live_clauses_and_says_where() {
        let mut db = ClauseDb::default();
        let a = db.add(&[2, 5, 9], 3, true);
        let b = db.add(&[4, 7], 2, true);
        let c = db.add(&[1, 6, 8, 11], 7, false);
        db.set_used(c, 2);
        db.delete(b);
        assert!(!db.wants_collection(), "a quarter of the arena is garbage");
        db.delete(a);
        assert!(db.wants_collection());
        let mut old = Vec::new();
        db.collect(&mut old);
        assert_eq!(ClauseDb::moved(&old, a), None);
        assert_eq!(ClauseDb::moved(&old, b), None);
        let moved = ClauseDb::moved(&old, c).expect("a live clause moves");
        assert_eq!(moved, 0);
        assert_eq!(db.lits(moved), &[1, 6, 8, 11]);
        assert_eq!(db.glue(moved), 7);
        assert!(!db.is_removable(moved) && !db.is_deleted(moved));
        assert_eq!(db.decrement_used(moved), 2);
        assert_eq!(db.decrement_used(moved), 1);
        assert_eq!(db.refs().collect::<Vec<_>>(), vec![moved]);
    }

    #[test]
    fn glue_is_only_lowered() {
        let mut db = ClauseDb::default();
        let clause = db.add(&[3, 4, 10], 5, true);
        db.lower_glue(clause, 6);
        assert_eq!(db.glue(clause), 5);
        db.lower_glue(clause, 2);
        assert_eq!(db.glue(clause), 2);
    }
}
