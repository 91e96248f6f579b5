//! The rules with numbers and lines, run beside the board's own rules: the core's propagators
//! of the puzzle's constraints and of the sums they imply ([`Model`]), woken by the cells they
//! watch, run until none changes anything.
//!
//! Which cells changed since the propagators last looked is found by comparing the board with
//! the candidates they last saw, one pass over the cells: the board's own rules need not report
//! their changes, so the classic path is untouched. When the search backtracks, the board it
//! restores was a fixpoint of every propagator, and is what they have seen from then on
//! ([`Constraints::restored`]): comparing with cells seen in another branch would miss a pair
//! of values each seen before, but never together.

use sudoku_core::constraint::Domains;
use sudoku_core::{Layout, Model};

use crate::constraints::Agenda;

/// A puzzle's propagators and what running them needs between two calls.
pub(super) struct Constraints {
    /// The layout they are for.
    layout: Layout,
    model: Model,
    /// The propagators waiting to run.
    agenda: Agenda,
    /// Each cell's candidates as the propagators last saw them.
    seen: Vec<u64>,
    /// The cells the running propagator changed.
    changed: Vec<u16>,
    /// How often each propagator found a contradiction in this search, plus one: the
    /// constraints' part of the branching's weights.
    pub(super) weights: Vec<u64>,
}

/// The propagator that found its rule cannot hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Failed(pub(super) usize);

impl Constraints {
    /// The propagators of `layout` (which has constraints), with the sums they imply.
    pub(super) fn new(layout: &Layout) -> Constraints {
        let model = Model::new(layout);
        let count = model.propagators().len();
        // Sized for the model, nothing waiting.
        let mut agenda = Agenda::default();
        agenda.wake_all(&model);
        agenda.clear();
        Constraints {
            layout: layout.clone(),
            model,
            agenda,
            seen: Vec::new(),
            changed: Vec::new(),
            weights: vec![1; count],
        }
    }

    /// Whether these are the propagators of `layout`.
    pub(super) fn is_for(&self, layout: &Layout) -> bool {
        self.layout == *layout
    }

    /// Starts a search: every propagator runs at the first call, and the weights start again.
    pub(super) fn reset(&mut self, cells: usize) {
        self.seen.clear();
        self.seen.resize(cells, 0);
        self.agenda.wake_all(&self.model);
        self.weights.fill(1);
    }

    /// The search went back to `candidates`, a board every propagator had reached its fixpoint
    /// on: they have seen it.
    pub(super) fn restored(&mut self, candidates: &[u64]) {
        self.seen.copy_from_slice(candidates);
        self.agenda.clear();
    }

    /// The propagators that watch `cell`.
    #[inline]
    pub(super) fn watchers(&self, cell: usize) -> &[u32] {
        self.model.watchers(cell)
    }

    /// Runs the propagators whose cells changed since they last ran, and those they wake, until
    /// none changes anything. Each cell a propagator brings down to one candidate is handed to
    /// `single` (once). Returns whether any candidate was removed, or the propagator that
    /// found a contradiction.
    pub(super) fn run(
        &mut self,
        candidates: &mut [u64],
        mut single: impl FnMut(usize),
    ) -> Result<bool, Failed> {
        for (cell, (&now, seen)) in candidates.iter().zip(self.seen.iter_mut()).enumerate() {
            if now != *seen {
                *seen = now;
                self.agenda.wake(&self.model, cell);
            }
        }
        let mut removed = false;
        while let Some(index) = self.agenda.pop() {
            self.changed.clear();
            let propagator = &self.model.propagators()[index];
            let narrowed = propagator.narrow(&mut Domains::new(candidates, &mut self.changed));
            if narrowed.is_err() {
                self.agenda.clear();
                return Err(Failed(index));
            }
            let except = propagator.is_idempotent().then_some(index);
            for &cell in &self.changed {
                let cell = usize::from(cell);
                let (now, seen) = (candidates[cell], self.seen[cell]);
                if now == seen {
                    continue;
                }
                removed = true;
                if now & (now - 1) == 0 && seen & seen.wrapping_sub(1) != 0 {
                    single(cell);
                }
                self.seen[cell] = now;
                self.agenda.wake_but(&self.model, cell, except);
            }
        }
        Ok(removed)
    }
}
