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
//!
//! A sum's run is shortened the first time an analysis meets it: its bounds read only each
//! cell's smallest or largest candidate, so of a long sum's lost candidates most (the gaps
//! between a cell's ends, and often every cell's lost candidates on one side) play no part in
//! its removals. The reason keeps only those below each cell's smallest candidate, or only
//! those above its largest, or both, the first of these that the propagator, run again on the
//! candidates with the others given back, still removes every value (or still fails) with: a
//! reason checked that way is implied by the rule, whatever step of the sum fired. A sum of
//! no more cells than a house (a killer cage) is left as it is: its reason is short already,
//! and the runs that check a shorter one cost killer cages more time than they saved.

use sudoku_core::constraint::Propagator;

use crate::constraints::Narrowing;

/// One run: the propagator, the decision level, where its cells' candidates start in
/// [`Explained::before`], and whether its reason has been shortened (or left as it is).
#[derive(Clone, Copy)]
struct Run {
    propagator: u32,
    level: u32,
    start: u32,
    settled: bool,
}

/// The runs kept; see the [module documentation](self).
#[derive(Default)]
pub(super) struct Explained {
    runs: Vec<Run>,
    /// The candidates of each run's cells before it ran, run after run (with the candidates
    /// its reason does not need given back, once it is shortened).
    before: Vec<u64>,
    /// What shortening a reason runs the propagator with: its memory, the candidates of the
    /// grid, and the removals to keep.
    narrowing: Narrowing,
    grid: Vec<u64>,
    removals: Vec<(u16, u64)>,
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
            settled: false,
        });
        self.before.extend_from_slice(before);
        name
    }

    /// The propagator of run `name`, and its cells' candidates before it ran.
    pub(super) fn run(&self, name: u32) -> (usize, &[u64]) {
        let span = self.span(name);
        (self.runs[name as usize].propagator as usize, &self.before[span])
    }

    /// Where the candidates of run `name`'s cells are in `before`.
    fn span(&self, name: u32) -> std::ops::Range<usize> {
        let end =
            self.runs.get(name as usize + 1).map_or(self.before.len(), |next| next.start as usize);
        self.runs[name as usize].start as usize..end
    }

    /// Shortens the reason of run `name` of `propagator` (a sum's; see the [module
    /// documentation](self)) the first time it is asked, given `root`, every cell's candidates
    /// at level 0 (what the candidates given back are taken from), on a grid of side `side`.
    pub(super) fn shorten(
        &mut self,
        name: u32,
        propagator: &Propagator,
        root: &[u64],
        side: usize,
    ) {
        let run = &mut self.runs[name as usize];
        if run.settled {
            return;
        }
        run.settled = true;
        let cells = propagator.cells();
        if !matches!(propagator, Propagator::Sum(_)) || cells.len() <= side {
            return;
        }
        let span = self.span(name);
        // The run again on its cells' candidates, the others' at level 0: what the sum reads
        // is the same, and a value it takes from a cell outside is taken from it there too.
        self.grid.clear();
        self.grid.extend_from_slice(root);
        for (&cell, &had) in cells.iter().zip(&self.before[span.clone()]) {
            self.grid[usize::from(cell)] = had;
        }
        let fails = match self.narrowing.run(propagator, &self.grid) {
            Ok(removals) => {
                self.removals.clear();
                self.removals.extend_from_slice(removals);
                false
            }
            Err(_) => true,
        };
        for keep in [Keep::Below, Keep::Above, Keep::Ends] {
            for (&cell, &had) in cells.iter().zip(&self.before[span.clone()]) {
                let cell = usize::from(cell);
                self.grid[cell] = had | (root[cell] & !keep.kept(had));
            }
            let still = match self.narrowing.run(propagator, &self.grid) {
                Err(_) => true,
                Ok(_) if fails => false,
                Ok(removed) => self.removals.iter().all(|&(cell, values)| {
                    removed.iter().any(|&(other, lost)| other == cell && lost & values == values)
                }),
            };
            if still {
                for (k, &cell) in span.clone().zip(cells) {
                    self.before[k] = self.grid[usize::from(cell)];
                }
                return;
            }
        }
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

/// Which of a cell's lost candidates a shortened reason keeps.
#[derive(Clone, Copy)]
enum Keep {
    /// Those below its smallest candidate.
    Below,
    /// Those above its largest.
    Above,
    /// Both.
    Ends,
}

impl Keep {
    /// The values, of a cell with the candidates `had`, whose loss is kept.
    fn kept(self, had: u64) -> u64 {
        if had == 0 {
            return u64::MAX;
        }
        let below = (had & had.wrapping_neg()) - 1;
        let above = !(u64::MAX >> had.leading_zeros());
        match self {
            Keep::Below => below,
            Keep::Above => above,
            Keep::Ends => below | above,
        }
    }
}

#[cfg(all(test, not(miri)))]
mod tests {
    use std::sync::Arc;

    use sudoku_core::constraint::Spot;
    use sudoku_core::{Constraint, Layout, Model, Size};

    use super::*;

    /// Whether two cells of a 9×9 grid share a house.
    fn sees(a: u16, b: u16) -> bool {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
    }

    /// Every assignment of `terms`' cells from `domains` (by cell of the grid) whose weighted
    /// total is in `low..=high` and whose cells that share a house differ: what the sum and
    /// the grid's rules allow.
    fn assignments(terms: &[(u16, i32)], low: i32, high: i32, domains: &[u64]) -> Vec<Vec<u32>> {
        let mut found = Vec::new();
        let mut values = Vec::new();
        fn extend(
            terms: &[(u16, i32)],
            range: (i32, i32),
            domains: &[u64],
            values: &mut Vec<u32>,
            found: &mut Vec<Vec<u32>>,
        ) {
            let k = values.len();
            if k == terms.len() {
                let total: i32 = terms.iter().zip(&*values).map(|(t, &v)| t.1 * v as i32).sum();
                if (range.0..=range.1).contains(&total) {
                    found.push(values.clone());
                }
                return;
            }
            for value in 1..=9u32 {
                let clash = (0..k).any(|j| values[j] == value && sees(terms[j].0, terms[k].0));
                if domains[usize::from(terms[k].0)] >> (value - 1) & 1 == 1 && !clash {
                    values.push(value);
                    extend(terms, range, domains, values, found);
                    values.pop();
                }
            }
        }
        extend(terms, (low, high), domains, &mut values, &mut found);
        found
    }

    /// On random candidates of a killer cage's and an arrow's cells, the shortened reason of a
    /// run is implied by the rules: with every candidate it gives back, no assignment the sum
    /// and the grid allow holds a value the run removed from one of the sum's cells, every
    /// one puts a value it removed from a cell outside where that cell sees it, and none is
    /// left if the run failed. And it is shorter than every lost candidate some of the time.
    #[test]
    fn a_shortened_sum_reason_is_implied_by_the_rule() {
        let spot = |row, col| Spot::new(row, col);
        let cage = Constraint::Killer {
            cells: vec![spot(0, 4), spot(0, 5), spot(0, 6), spot(0, 7)],
            sum: Some(21),
        };
        let arrow = Constraint::Arrow {
            circle: vec![spot(0, 0)],
            lines: vec![vec![spot(1, 0), spot(2, 0), spot(2, 1)]],
        };
        let nine = Size::from_order(3).unwrap();
        let layout = Arc::new(Layout::classic(nine).with_constraints(vec![cage, arrow]).unwrap());
        let model = Model::without_implied(&layout);
        let root = vec![0x1ffu64; 81];
        let mut rng = crate::testing::Rng(0x9e37_79b9_7f4a_7c15);
        let (mut checked, mut shorter) = (0, 0);
        for propagator in model.propagators() {
            let Propagator::Sum(sum) = propagator else { continue };
            let terms: Vec<(u16, i32)> = sum.terms().collect();
            let (low, high) = sum.range();
            for _ in 0..400 {
                let mut grid = root.clone();
                for &(cell, _) in &terms {
                    // A run of values with holes in it.
                    let (a, b) = (rng.below(9) as u32, rng.below(9) as u32);
                    let span = (0x1ffu64 >> (8 - a.max(b) + a.min(b))) << a.min(b);
                    grid[usize::from(cell)] = span & (rng.next() | 1 << a | 1 << b);
                }
                let mut narrowing = Narrowing::default();
                let (fails, removals) = match narrowing.run(propagator, &grid) {
                    Ok([]) => continue,
                    Ok(removals) => (false, removals.to_vec()),
                    Err(_) => (true, Vec::new()),
                };
                let mut explained = Explained::default();
                let name = explained.record(0, 1, narrowing.before());
                // A side of 3 as if these sums were longer than a house, so they shorten.
                explained.shorten(name, propagator, &root, 3);
                let mut given = root.clone();
                for (&cell, &had) in propagator.cells().iter().zip(explained.run(name).1) {
                    let cell = usize::from(cell);
                    assert_eq!(had & grid[cell], grid[cell], "nothing the run read is lost");
                    shorter += usize::from(had != grid[cell]);
                    given[cell] = had;
                }
                checked += 1;
                let allowed = assignments(&terms, low, high, &given);
                assert!(!fails || allowed.is_empty(), "{terms:?} fails on {given:?}");
                for values in &allowed {
                    for &(cell, lost) in &removals {
                        for value in (1..=9).filter(|v| lost >> (v - 1) & 1 == 1) {
                            let mut places = terms.iter().zip(values);
                            let kept = match terms.iter().position(|t| t.0 == cell) {
                                Some(k) => values[k] != value,
                                None => places.any(|(t, &v)| v == value && sees(t.0, cell)),
                            };
                            assert!(kept, "{value} leaves {cell} but {values:?} on {given:?}");
                        }
                    }
                }
            }
        }
        assert!(checked > 100 && shorter > 0, "{checked} runs checked, {shorter} cells shorter");
    }

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
