//! The rules with numbers and lines (killer cages, thermometers, arrows, dots, ...) as the
//! engines that keep candidate sets run them: the core's propagators ([`Model`]), woken by the
//! cells they watch, their removals handed back to the engine rather than written behind its
//! back.
//!
//! No engine writes its own copy of a rule's arithmetic: each runs the core's
//! [`Propagator::narrow`] on its own candidate sets (bit `v - 1` for value `v`, one `u64` per
//! cell, as every engine of every size keeps them). What differs is what an engine does with a
//! removal: `norvig` eliminates the value as its essay eliminates any other (peers, only
//! choice), `alldiff` narrows the domain and queues the units, `cdcl` assigns the literal "cell
//! is not value" with the rule as its reason, `bitmask` rejects the value it was about to try.
//! So [`Narrowing::run`] runs a propagator on a copy of the candidates and lists what it
//! would remove; each engine applies it its own way.
//!
//! Propagators only ever remove candidates, so engines that run them to a fixpoint beside
//! rules that only remove too (`norvig`, `alldiff`) reach the same fixpoint whatever the order
//! of their queues; and a propagator is exact on a full assignment, so a grid of single
//! candidates that passes every propagator keeps every rule.

use sudoku_core::Model;
use sudoku_core::constraint::{Contradiction, Domains, Propagator};

/// The propagators waiting to run: those watching a cell whose candidates shrank since they
/// last ran, each queued once.
#[derive(Default)]
pub(crate) struct Agenda {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl Agenda {
    /// Queues every propagator of `model` (a search starts with each run once), and nothing
    /// else.
    pub(crate) fn wake_all(&mut self, model: &Model) {
        let count = model.propagators().len();
        self.queued.clear();
        self.queued.resize(count, true);
        self.queue.clear();
        // Popped from the end: the first propagator runs first.
        self.queue.extend((0..count as u32).rev());
    }

    /// Queues the propagators that watch `cell`, those not queued yet.
    #[inline]
    pub(crate) fn wake(&mut self, model: &Model, cell: usize) {
        self.wake_but(model, cell, None);
    }

    /// Queues the propagators that watch `cell` but `except` (one that has just run and is its
    /// own fixpoint), those not queued yet.
    #[inline]
    pub(crate) fn wake_but(&mut self, model: &Model, cell: usize, except: Option<usize>) {
        for &index in model.watchers(cell) {
            let queued = &mut self.queued[index as usize];
            if !*queued && Some(index as usize) != except {
                *queued = true;
                self.queue.push(index);
            }
        }
    }

    /// The next propagator to run, taken off the queue.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let index = self.queue.pop()?;
        self.queued[index as usize] = false;
        Some(index as usize)
    }

    /// Whether no propagator waits.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Forgets every propagator waiting (after a contradiction, or a backtrack to a state
    /// that was a fixpoint).
    pub(crate) fn clear(&mut self) {
        for index in self.queue.drain(..) {
            self.queued[index as usize] = false;
        }
    }
}

/// The memory one run of a propagator needs, kept from run to run.
#[derive(Default)]
pub(crate) struct Narrowing {
    /// The candidates the propagator narrows: a copy of the engine's, since a sum of distinct
    /// values may narrow cells outside its own (see [`Propagator::cells`]).
    work: Vec<u64>,
    changed: Vec<u16>,
    /// The candidates of the propagator's cells before it ran, in the order of
    /// [`Propagator::cells`].
    before: Vec<u64>,
    removed: Vec<(u16, u64)>,
}

impl Narrowing {
    /// Runs `propagator` on a copy of `candidates` (one set per cell of the grid): the values
    /// it removes, by cell (each cell once, with every value it loses), or a contradiction if
    /// its rule cannot hold.
    pub(crate) fn run(
        &mut self,
        propagator: &Propagator,
        candidates: &[u64],
    ) -> Result<&[(u16, u64)], Contradiction> {
        self.before.clear();
        self.before.extend(propagator.cells().iter().map(|&cell| candidates[usize::from(cell)]));
        self.work.clear();
        self.work.extend_from_slice(candidates);
        self.changed.clear();
        self.removed.clear();
        propagator.narrow(&mut Domains::new(&mut self.work, &mut self.changed))?;
        // A cell noted twice shows no change the second time.
        for &cell in &self.changed {
            let cell = usize::from(cell);
            let lost = candidates[cell] & !self.work[cell];
            if lost != 0 {
                self.removed.push((cell as u16, lost));
                self.work[cell] = candidates[cell];
            }
        }
        Ok(&self.removed)
    }

    /// Whether `propagator` finds its rule possible on `candidates`.
    pub(crate) fn holds(&mut self, propagator: &Propagator, candidates: &[u64]) -> bool {
        self.run(propagator, candidates).is_ok()
    }

    /// The candidates of the cells of the propagator last run, before it ran, in the order of
    /// [`Propagator::cells`]: what its removals (or its contradiction) follow from.
    pub(crate) fn before(&self) -> &[u64] {
        &self.before
    }
}

#[cfg(all(test, not(miri)))]
mod tests {
    use std::sync::Arc;

    use sudoku_core::constraint::Spot;
    use sudoku_core::{Constraint, Layout, Size};

    use super::*;

    #[test]
    fn a_run_lists_the_removals_with_the_candidates_they_follow_from() {
        // A cage of two cells adding to 3 on a 4×4 grid: both hold 1 or 2.
        let four = Size::from_order(2).unwrap();
        let cage =
            Constraint::Killer { cells: vec![Spot::new(0, 0), Spot::new(0, 1)], sum: Some(3) };
        let layout = Arc::new(Layout::classic(four).with_constraints(vec![cage]).unwrap());
        let model = Model::without_implied(&layout);
        let mut candidates = vec![0b1111u64; 16];
        let mut narrowing = Narrowing::default();
        let removed = narrowing.run(&model.propagators()[0], &candidates).unwrap().to_vec();
        // 3 and 4 leave the cage; 1 and 2, which it needs, the rest of its row and box.
        assert_eq!(removed, [(0, 0b1100), (1, 0b1100), (2, 0b11), (3, 0b11), (4, 0b11), (5, 0b11)]);
        assert_eq!(narrowing.before(), [0b1111, 0b1111]);
        // Both cells 3 or 4: no sum of 3.
        candidates[0] = 0b1100;
        candidates[1] = 0b1100;
        assert!(!narrowing.holds(&model.propagators()[0], &candidates));
    }

    #[test]
    fn the_agenda_queues_each_watcher_once() {
        let four = Size::from_order(2).unwrap();
        let thermo = Constraint::Thermometer {
            cells: vec![Spot::new(0, 0), Spot::new(0, 1), Spot::new(0, 2)],
        };
        let layout = Layout::classic(four).with_constraints(vec![thermo]).unwrap();
        let model = Model::without_implied(&layout);
        let mut agenda = Agenda::default();
        agenda.wake_all(&model);
        assert_eq!((agenda.pop(), agenda.pop(), agenda.pop()), (Some(0), Some(1), None));
        agenda.wake(&model, 1);
        agenda.wake(&model, 1);
        agenda.wake(&model, 2);
        let mut woken = vec![agenda.pop().unwrap(), agenda.pop().unwrap()];
        woken.sort_unstable();
        assert_eq!((woken, agenda.is_empty()), (vec![0, 1], true));
        agenda.wake(&model, 0);
        agenda.clear();
        assert!(agenda.pop().is_none());
        agenda.wake(&model, 0);
        assert_eq!(agenda.pop(), Some(0));
    }
}
