//! The work budget of the chains: how many walk steps (a node reached or expanded, a rule
//! tried) the thread may still spend on the puzzle it is rating. Nested forcing chains run
//! walks inside walks, and a hard puzzle may need more of them than anyone would wait for;
//! the budget bounds that, and a search that found it spent reports it, so that the ladder
//! ends "gave up" rather than taking a step a truncated search chose. The budget lives with
//! the thread because the walks are deep inside [`super::find`]: each thread rates one
//! puzzle at a time.

use std::cell::Cell;

thread_local! {
    /// Steps left (`u64::MAX`: no budget), and whether a walk found none left.
    static LEFT: Cell<(u64, bool)> = const { Cell::new((u64::MAX, false)) };
}

/// Gives the thread `steps` walk steps (unlimited for `None`), and forgets any earlier
/// exhaustion.
pub(crate) fn start(steps: Option<u64>) {
    LEFT.with(|left| left.set((steps.unwrap_or(u64::MAX), false)));
}

/// Spends one step; whether there was one to spend (once there is none, it stays so).
#[inline]
pub(super) fn spend() -> bool {
    LEFT.with(|left| {
        let (steps, _) = left.get();
        match steps {
            u64::MAX => true,
            0 => {
                left.set((0, true));
                false
            }
            _ => {
                left.set((steps - 1, false));
                true
            }
        }
    })
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
}
