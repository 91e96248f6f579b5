//! The runs of the grid's constraint propagators that removed values or found their rule
//! impossible, kept while the decision level they ran at lasts: what conflict analysis expands
//! a constraint's reason into.
//!
//! A propagator's removals follow from the candidates its cells had when it ran (the core's
//! contract: [`sudoku_core::constraint::Propagator::cells`]), so a run is kept as the
//! propagator and those candidates. The reason of a value it removed is then "every candidate
//! its cells had lost by then is false": literals all assigned before the removal, as an
//! analysis needs them. Runs are kept in the order of the trail, so a backtrack drops the
//! runs of the levels it undoes from the end.

/// One run: the propagator, the decision level, and where its cells' candidates start in
/// [`Explained::before`].
#[derive(Clone, Copy)]
struct Run {
    propagator: u32,
    level: u32,
    start: u32,
}

/// The runs kept; see the [module documentation](self).
#[derive(Default)]
pub(super) struct Explained {
    runs: Vec<Run>,
    /// The candidates of each run's cells before it ran, run after run.
    before: Vec<u64>,
}

impl Explained {
    /// Forgets every run.
    pub(super) fn clear(&mut self) {
        self.runs.clear();
        self.before.clear();
    }

    /// Keeps a run of `propagator` at decision level `level` whose cells had the candidates
    /// `before`; returns its name.
    pub(super) fn record(&mut self, propagator: usize, level: usize, before: &[u64]) -> u32 {
        let name = self.runs.len() as u32;
        self.runs.push(Run {
            propagator: propagator as u32,
            level: level as u32,
            start: self.before.len() as u32,
        });
        self.before.extend_from_slice(before);
        name
    }

    /// The propagator of run `name`, and its cells' candidates before it ran.
    pub(super) fn run(&self, name: u32) -> (usize, &[u64]) {
        let run = self.runs[name as usize];
        let end =
            self.runs.get(name as usize + 1).map_or(self.before.len(), |next| next.start as usize);
        (run.propagator as usize, &self.before[run.start as usize..end])
    }

    /// Drops the runs of the levels above `level`.
    pub(super) fn backtrack(&mut self, level: usize) {
        let kept = self.runs.partition_point(|run| run.level as usize <= level);
        if let Some(first_dropped) = self.runs.get(kept) {
            self.before.truncate(first_dropped.start as usize);
        }
        self.runs.truncate(kept);
    }
}

#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;

    #[test]
    fn runs_are_kept_while_their_level_lasts() {
        let mut explained = Explained::default();
        let a = explained.record(3, 0, &[1, 2]);
        let b = explained.record(5, 1, &[4]);
        let c = explained.record(7, 2, &[8, 16, 32]);
        assert_eq!(explained.run(b), (5, &[4][..]));
        assert_eq!(explained.run(c), (7, &[8, 16, 32][..]));
        explained.backtrack(1);
        assert_eq!(explained.run(a), (3, &[1, 2][..]));
        assert_eq!(explained.run(b), (5, &[4][..]));
        let d = explained.record(9, 1, &[64]);
        assert_eq!((d, explained.run(d)), (2, (9, &[64][..])));
        explained.backtrack(0);
        assert_eq!(explained.runs.len(), 1);
        assert_eq!(explained.before, [1, 2]);
    }
}
