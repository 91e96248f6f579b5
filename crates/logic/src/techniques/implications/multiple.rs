//! Forcing chains from several assumptions at once: a candidate that leads to a contradiction
//! (Nishio, dynamic contradiction), one whose being on and being off both imply the same
//! (double forcing), every candidate of a cell (cell forcing) or every place of a value in a
//! house (region forcing) implying the same. What each candidate on implies is walked once and
//! kept for every cell and house it takes part in.

use std::cell::RefCell;

use crate::step::ChainFamily;

use super::cands::{cand_of, cell_value, node};
use super::found::{Found, Kind, Search};
use super::links::Need;
use super::marks::{Marks, house_cells, houses_of};
use super::propagate::{Implications, Mode, complexity, implications};
use super::reach::Reach;
use super::spare;

/// What each candidate on implies, walked when first asked for.
struct Cache<'a> {
    grid: &'a Marks,
    mode: Mode,
    /// Per candidate, one plus the index of its walk in `walks` (zero: not walked yet): a
    /// table of small numbers rather than of walks, as a search on a reduced board, nested in
    /// a walk, walks few of the 729.
    index: [u16; 729],
    walks: Vec<Implications>,
}

thread_local! {
    /// Emptied lists of walks, for the next search's cache: a nested search runs on every
    /// board a walk reduces, and each one's list, grown from nothing, was copied each time it
    /// grew.
    static SPARE: RefCell<Vec<Vec<Implications>>> = const { RefCell::new(Vec::new()) };
}

impl<'a> Cache<'a> {
    fn new(grid: &'a Marks, mode: Mode) -> Cache<'a> {
        let walks = spare::take(&SPARE, Vec::new);
        Cache { grid, mode, index: [0; 729], walks }
    }
}

impl Drop for Cache<'_> {
    fn drop(&mut self) {
        let mut walks = std::mem::take(&mut self.walks);
        // The walks' own buffers go back to theirs as they are dropped.
        walks.clear();
        spare::give(&SPARE, walks, 64);
    }
}

impl Cache<'_> {
    fn ensure(&mut self, c: usize) {
        if self.index[c] == 0 {
            self.walks.push(implications(self.grid, node(c, true), self.mode));
            self.index[c] = self.walks.len() as u16;
        }
    }

    fn get(&self, c: usize) -> &Implications {
        let index = usize::from(self.index[c]).checked_sub(1).expect("walked before it is read");
        &self.walks[index]
    }
}

/// The steps of `group` (Nishio, multiple, dynamic, dynamic plus) on `grid`, given to `found`.
pub(super) fn multiple(grid: &Marks, group: ChainFamily, found: &mut Found, search: Search) {
    let nishio = group == ChainFamily::Nishio;
    let dynamic = group != ChainFamily::Multiple;
    let several = !nishio;
    let mode = Mode { y_links: !nishio, dynamic, level: group.level(), search };
    let mut cache = Cache::new(grid, mode);
    // The static walks of cell and region forcing chains lead where [`Reach`] says: a cell or
    // house whose walks can have nothing in common is not walked. (The dynamic walks change
    // the board they read, and go further.)
    let mut prune = (!dynamic).then(|| Prune { grid, reach: Reach::of(grid, true, true) });
    for cell in 0..81 {
        let count = grid.count(cell);
        if !(count > 2 || (count > 1 && dynamic)) {
            continue;
        }
        // The cell's values and candidates, in rooms on the stack: this runs for every cell
        // of every board a nested search reads.
        let mut values = [0u8; 9];
        let mut sources = [0usize; 9];
        let mut count_values = 0;
        for value in (1..=9).filter(|&v| grid.has(cell, v)) {
            values[count_values] = value;
            sources[count_values] = cand_of(cell, value);
            count_values += 1;
        }
        let (values, sources) = (&values[..count_values], &sources[..count_values]);
        for &value in values {
            let c = cand_of(cell, value);
            // Only contradictions and double forcing read the walks from one candidate.
            if dynamic {
                cache.ensure(c);
                let from_off = implications(grid, node(c, false), mode);
                let from_on = cache.get(c);
                let made = [(cell, value)];
                for (walk, on) in [(from_on, true), (&from_off, false)] {
                    let Some((a, b)) = walk.contradiction else { continue };
                    let ends = [(walk, a), (walk, b)];
                    // Its being on breaks the board: it goes; its being off: it is placed.
                    let (eliminations, placements): (&[_], &[_]) =
                        if on { (&made, &[]) } else { (&[], &made) };
                    found.offer(
                        Kind::Contradiction,
                        complexity(ends),
                        eliminations,
                        placements,
                        || needs(grid, &ends, None),
                        || branches(&ends),
                    );
                }
                if count >= 3 && !nishio {
                    double(grid, from_on, &from_off, found);
                }
            }
            if several {
                region(&mut cache, cell, value, found, prune.as_mut());
            }
        }
        if several && prune.as_mut().is_none_or(|prune| prune.may_have_common(sources)) {
            sources.iter().for_each(|&c| cache.ensure(c));
            let walks: [&Implications; 9] =
                std::array::from_fn(|i| cache.get(sources[i.min(sources.len() - 1)]));
            common(grid, Kind::Cell, &walks[..sources.len()], Some(Need::Cell(cell)), found);
        }
    }
}

/// The links of a board and where its static walks lead, to skip the cells and houses whose
/// walks can have nothing in common.
struct Prune<'a> {
    grid: &'a Marks,
    reach: Reach,
}

impl Prune<'_> {
    /// Whether the walks from `sources` on may all turn on, or all turn off, some candidate.
    fn may_have_common(&mut self, sources: &[usize]) -> bool {
        self.reach.common(self.grid, sources)
    }
}

/// Double forcing: what the candidate on and the candidate off both imply.
fn double(grid: &Marks, from_on: &Implications, from_off: &Implications, found: &mut Found) {
    for &p in &from_on.on_order {
        let p = usize::from(p);
        if from_off.on.has(p) {
            let n = node(p, true);
            offer_target(grid, Kind::Double, &[from_on, from_off], None, n, found);
        }
    }
    for &p in &from_on.off_order {
        let p = usize::from(p);
        if from_off.off.has(p) {
            let n = node(p, false);
            offer_target(grid, Kind::Double, &[from_on, from_off], None, n, found);
        }
    }
}

/// Region forcing: every place of `value` in a house of `cell` implies the same; each house
/// looked at once, from its first place.
fn region(
    cache: &mut Cache,
    cell: usize,
    value: u8,
    found: &mut Found,
    mut prune: Option<&mut Prune>,
) {
    let grid = cache.grid;
    let several = cache.mode.y_links;
    for house in houses_of(cell) {
        let places = grid.places(house, value);
        let n = places.count_ones();
        if !(n == 2 || (several && n > 2)) {
            continue;
        }
        let cells = house_cells(house);
        if usize::from(cells[places.trailing_zeros() as usize]) != cell {
            continue;
        }
        // The value's candidates in the house, in a room on the stack.
        let mut sources = [0usize; 9];
        let mut rest = places;
        for source in sources.iter_mut().take(n as usize) {
            *source = cand_of(usize::from(cells[rest.trailing_zeros() as usize]), value);
            rest &= rest - 1;
        }
        let sources = &sources[..n as usize];
        if prune.as_mut().is_some_and(|prune| !prune.may_have_common(sources)) {
            continue;
        }
        for &c in sources {
            cache.ensure(c);
        }
        let walks: [&Implications; 9] =
            std::array::from_fn(|i| cache.get(sources[i.min(sources.len() - 1)]));
        common(grid, Kind::Region, &walks[..sources.len()], Some(Need::Place(house, value)), found);
    }
}

/// What every one of `sources` implies, in the first one's order; `start` is what their
/// assumptions need gone (see [`offer_target`]).
fn common(
    grid: &Marks,
    kind: Kind,
    sources: &[&Implications],
    start: Option<Need>,
    found: &mut Found,
) {
    let (first, rest) = sources.split_first().expect("a cell or house has places");
    for &p in &first.on_order {
        let p = usize::from(p);
        if rest.iter().all(|s| s.on.has(p)) {
            offer_target(grid, kind, sources, start, node(p, true), found);
        }
    }
    for &p in &first.off_order {
        let p = usize::from(p);
        if rest.iter().all(|s| s.off.has(p)) {
            offer_target(grid, kind, sources, start, node(p, false), found);
        }
    }
}

/// Offers the step that node `target`, implied by every one of `sources`, makes. `start` is
/// what the assumptions need gone, as Sudoku Explainer reads cell and region forcing chains:
/// one of a cell's candidates or of a value's places in a house is on, as by a single.
fn offer_target(
    grid: &Marks,
    kind: Kind,
    sources: &[&Implications],
    start: Option<Need>,
    target: usize,
    found: &mut Found,
) {
    let (cell, value) = cell_value(target >> 1);
    let on = target & 1 == 1;
    if on && grid.count(cell) < 2 {
        return; // nothing to remove
    }
    let made = [(cell, value)];
    let (eliminations, placements): (&[_], &[_]) = if on { (&[], &made) } else { (&made, &[]) };
    let ends: [(&Implications, usize); 9] =
        std::array::from_fn(|i| (sources[i.min(sources.len() - 1)], target));
    let ends = &ends[..sources.len()];
    found.offer(
        kind,
        complexity(ends.iter().copied()),
        eliminations,
        placements,
        || needs(grid, ends, start),
        || branches(ends),
    );
}

/// What the candidates turned on that `ends` rest on needed gone, on `grid` (the walks'
/// board), with `start`'s.
fn needs(grid: &Marks, ends: &[(&Implications, usize)], start: Option<Need>) -> Vec<Need> {
    let mut needs: Vec<Need> = start.into_iter().collect();
    for &(walk, end) in ends {
        walk.needs(grid, end, &mut needs);
    }
    needs
}

/// The first-parent path to each end, a branch each.
fn branches(ends: &[(&Implications, usize)]) -> Vec<Vec<usize>> {
    ends.iter().map(|&(s, n)| s.path(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::implications::marks::cells_of;
    use crate::techniques::implications::reach::tests::boards;

    #[test]
    fn the_cells_and_houses_reach_proves_fruitless_imply_nothing_in_common() {
        fn search(_: &Marks, _: ChainFamily, _: &mut Found) {}
        let (mut pruned, mut common_found) = (0, 0);
        for grid in boards() {
            let mut prune = Prune { grid: &grid, reach: Reach::of(&grid, true, true) };
            let mode = Mode { y_links: true, dynamic: false, level: 0, search };
            let mut sets: Vec<Vec<usize>> = (0..81)
                .filter(|&cell| grid.count(cell) > 2)
                .map(|cell| {
                    (1..=9u8).filter(|&v| grid.has(cell, v)).map(|v| cand_of(cell, v)).collect()
                })
                .collect();
            for house in 0..27 {
                for value in 1..=9u8 {
                    let at: Vec<usize> =
                        cells_of(house).into_iter().filter(|&cell| grid.has(cell, value)).collect();
                    if at.len() >= 2 {
                        sets.push(at.into_iter().map(|cell| cand_of(cell, value)).collect());
                    }
                }
            }
            for sources in sets {
                let walks: Vec<Implications> =
                    sources.iter().map(|&c| implications(&grid, node(c, true), mode)).collect();
                let walks: Vec<&Implications> = walks.iter().collect();
                let mut found = Found::new(ChainFamily::Multiple);
                common(&grid, Kind::Cell, &walks, None, &mut found);
                let offered = found.offered() > 0;
                if !prune.may_have_common(&sources) {
                    assert!(!offered, "{sources:?} imply something in common");
                    pruned += 1;
                }
                common_found += usize::from(offered);
            }
        }
        assert!(pruned > 0 && common_found > 0, "{pruned} pruned, {common_found} found");
    }
}
