//! The work budget of a ladder's run: how many steps of work the thread may still spend on the
//! puzzle it is rating. A step is a node a chain's walk reaches or expands, or a rule it tries;
//! on a grid whose layout adds houses (diagonals, windows, disjoint and extra groups), it is
//! also a look at one of those houses by a technique's search ([`crate::houses::Houses::scan`]),
//! and a copy of their tables for one assumption of a forcing chain. Nested forcing chains run
//! walks inside walks, and a layout may add thousands of houses to every search: the budget
//! bounds both, and a search that found it spent reports it, so that the ladder ends "gave up"
//! rather than taking a step a truncated search chose. A classic grid, and a jigsaw, add no
//! house: their runs spend what the chains spend, nothing more. The budget lives with the
//! thread because the searches are deep inside the techniques: each thread rates one puzzle
//! at a time.

use std::cell::Cell;

thread_local! {
    /// Steps left (`u64::MAX`: no budget), and whether a walk found none left.
    static LEFT: Cell<(u64, bool)> = const { Cell::new((u64::MAX, false)) };
    /// Steps spent since the thread began, budget or none: what a search whose result is
    /// remembered cost, to be spent again when the result is reused ([`spend_many`]).
    static SPENT: Cell<u64> = const { Cell::new(0) };
}

/// Gives the thread `steps` steps (unlimited for `None`), and forgets any earlier
/// exhaustion.
pub(crate) fn start(steps: Option<u64>) {
    LEFT.with(|left| left.set((steps.unwrap_or(u64::MAX), false)));
}

/// Spends one step; whether there was one to spend (once there is none, it stays so).
#[inline]
pub(crate) fn spend() -> bool {
    spend_many(1)
}

/// Spends `count` steps at once, as `count` calls of [`spend`] would: whether they were all
/// there (if not, none is left, and the budget is exhausted). A search reusing a result
/// spends what finding it cost, so that a puzzle gives up where it would have.
#[inline]
pub(crate) fn spend_many(count: u64) -> bool {
    let there = LEFT.with(|left| {
        let (steps, _) = left.get();
        match steps {
            u64::MAX => true,
            _ if steps < count => {
                left.set((0, true));
                false
            }
            _ => {
                left.set((steps - count, false));
                true
            }
        }
    });
    if there {
        SPENT.with(|spent| spent.set(spent.get().wrapping_add(count)));
    }
    there
}

/// The steps spent on this thread so far (see [`spend_many`]).
pub(crate) fn spent() -> u64 {
    SPENT.with(Cell::get)
}

/// Whether a walk ran out of steps since [`start`].
pub(crate) fn exhausted() -> bool {
    LEFT.with(|left| left.get().1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_spent_step_by_step_and_then_stays_spent() {
        start(Some(2));
        assert!(spend() && spend());
        assert!(!exhausted());
        assert!(!spend());
        assert!(exhausted() && !spend());
        start(None);
        assert!((0..1000).all(|_| spend()) && !exhausted());
    }

    #[test]
    fn steps_spent_at_once_run_out_where_one_by_one_they_would() {
        start(Some(5));
        let before = spent();
        assert!(spend_many(3) && !exhausted());
        assert_eq!(spent() - before, 3);
        // Two left: spending exactly those leaves the budget spent but not yet exhausted.
        assert!(spend_many(2) && !exhausted());
        assert!(!spend_many(1) && exhausted());
        start(Some(4));
        assert!(!spend_many(5) && exhausted() && !spend());
        assert_eq!(spent() - before, 5);
    }
}
