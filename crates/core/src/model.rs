//! A layout's constraints as one set of propagators an engine runs ([`Model`]): each rule's
//! propagators ([`crate::constraint::compile`]), the sums the rules imply
//! ([`crate::constraint::implied_sums`]) if the engine wants them, and which propagators
//! watch each cell. Made once per layout and kept by whoever solves its puzzles.

use crate::constraint::{self, Contradiction, Domains, Propagator};
use crate::layout::Layout;
use crate::units::Units;

/// The propagators of a layout's constraints and the cells they watch; see the [module
/// documentation](self).
#[derive(Clone, Debug)]
pub struct Model {
    propagators: Vec<Propagator>,
    /// The index of the constraint each propagator comes from; `None` for an implied sum.
    origins: Vec<Option<usize>>,
    /// The propagators that watch cell `c` are `watchers[watch_start[c]..watch_start[c + 1]]`.
    watch_start: Vec<u32>,
    watchers: Vec<u32>,
}

impl Model {
    /// The propagators of `layout`'s constraints, and the sums they imply (innies and
    /// outies of the killer cages, little killers side by side added up).
    pub fn new(layout: &Layout) -> Model {
        Model::build(layout, true)
    }

    /// The propagators of `layout`'s constraints alone, no implied sum.
    pub fn without_implied(layout: &Layout) -> Model {
        Model::build(layout, false)
    }

    fn build(layout: &Layout, implied: bool) -> Model {
        let size = layout.size();
        let shape = layout.shape();
        let mut units = Units::default();
        units.set_layout(Some(layout), size);
        let sees = |a: u16, b: u16| units.sees(usize::from(a), usize::from(b));
        let mut propagators = Vec::new();
        let mut origins = Vec::new();
        for (propagator, origin) in constraint::compile(layout.constraints(), &shape, &sees) {
            propagators.push(propagator);
            origins.push(Some(origin));
        }
        if implied {
            let side = size.side();
            let houses: Vec<&[u16]> =
                layout.houses().iter().take(3 * side).map(|(_, cells)| &**cells).collect();
            for sum in constraint::implied_sums(layout.constraints(), &shape, &houses, &sees) {
                propagators.push(Propagator::Sum(sum));
                origins.push(None);
            }
        }
        let cells = size.cells();
        let mut counts = vec![0u32; cells + 1];
        for propagator in &propagators {
            for &cell in propagator.cells() {
                counts[usize::from(cell) + 1] += 1;
            }
        }
        for c in 1..=cells {
            counts[c] += counts[c - 1];
        }
        let watch_start = counts.clone();
        let mut next = counts;
        let mut watchers = vec![0u32; watch_start[cells] as usize];
        for (index, propagator) in propagators.iter().enumerate() {
            for &cell in propagator.cells() {
                let at = &mut next[usize::from(cell)];
                watchers[*at as usize] = index as u32;
                *at += 1;
            }
        }
        Model { propagators, origins, watch_start, watchers }
    }

    /// Whether there is no propagator (a layout without constraints).
    pub fn is_empty(&self) -> bool {
        self.propagators.is_empty()
    }

    /// The propagators, each numbered by its index.
    pub fn propagators(&self) -> &[Propagator] {
        &self.propagators
    }

    /// The index in the layout's [`Layout::constraints`] of the constraint propagator `index`
    /// comes from; `None` for an implied sum, which no rule of the puzzle states and an engine
    /// may leave out.
    pub fn origin(&self, index: usize) -> Option<usize> {
        self.origins[index]
    }

    /// The propagators that read `cell`: to run again when it changes.
    pub fn watchers(&self, cell: usize) -> &[u32] {
        &self.watchers[self.watch_start[cell] as usize..self.watch_start[cell + 1] as usize]
    }

    /// Runs every propagator on `candidates` (bit `v - 1` for value `v`, one set per cell)
    /// until none removes anything; a contradiction if one finds its rule cannot hold. The
    /// simplest way to use the model: an engine with a queue of its own runs the propagators
    /// one by one ([`Propagator::narrow`]), waking the [`Model::watchers`] of the cells each
    /// changes.
    pub fn fixpoint(&self, candidates: &mut [u64]) -> Result<(), Contradiction> {
        let mut queued = vec![true; self.propagators.len()];
        let mut queue: Vec<u32> = (0..self.propagators.len() as u32).rev().collect();
        let mut changed = Vec::new();
        while let Some(index) = queue.pop() {
            let index = index as usize;
            queued[index] = false;
            changed.clear();
            let propagator = &self.propagators[index];
            propagator.narrow(&mut Domains::new(candidates, &mut changed))?;
            for &cell in &changed {
                for &watcher in self.watchers(usize::from(cell)) {
                    let skip = watcher as usize == index && propagator.is_idempotent();
                    if !queued[watcher as usize] && !skip {
                        queued[watcher as usize] = true;
                        queue.push(watcher);
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the values placed so far (`values`, row-major, 0 for an empty cell) leave every
    /// propagator watching `cell` possible: a test for a search that fills one cell at a time
    /// (each propagator run once on the placed values, the other cells holding any value).
    /// `scratch` is memory the test reuses.
    pub fn admits(&self, values: &[u8], cell: usize, all: u64, scratch: &mut Scratch) -> bool {
        scratch.candidates.clear();
        scratch.candidates.extend(values.iter().map(|&v| if v == 0 { all } else { 1 << (v - 1) }));
        self.watchers(cell).iter().all(|&index| {
            scratch.changed.clear();
            let mut domains = Domains::new(&mut scratch.candidates, &mut scratch.changed);
            self.propagators[index as usize].narrow(&mut domains).is_ok()
        })
    }
}

/// The memory [`Model::admits`] reuses from call to call.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    candidates: Vec<u64>,
    changed: Vec<u16>,
}
