//! Forcing chains from several assumptions at once: a candidate that leads to a contradiction
//! (Nishio, dynamic contradiction), one whose being on and being off both imply the same
//! (double forcing), every candidate of a cell (cell forcing) or every place of a value in a
//! house (region forcing) implying the same. What each candidate on implies is walked once and
//! kept for every cell and house it takes part in.

use super::cands::{cand_of, cell_value, node};
use super::marks::{Marks, cells_of, houses_of};
use super::propagate::{Implications, Mode, implications};
use super::{ChainFamily, Found, Kind};

/// What each candidate on implies, walked when first asked for.
struct Cache<'a> {
    grid: &'a Marks,
    mode: Mode,
    on: Vec<Option<Implications>>,
}

impl Cache<'_> {
    fn ensure(&mut self, c: usize) {
        if self.on[c].is_none() {
            self.on[c] = Some(implications(self.grid, node(c, true), self.mode));
        }
    }

    fn get(&self, c: usize) -> &Implications {
        self.on[c].as_ref().expect("walked before it is read")
    }
}

/// The steps of `group` (Nishio, multiple, dynamic, dynamic plus) on `grid`, given to `found`.
pub(super) fn multiple(grid: &Marks, group: ChainFamily, found: &mut Found) {
    let nishio = group == ChainFamily::Nishio;
    let dynamic = group != ChainFamily::Multiple;
    let several = !nishio;
    let mode = Mode { y_links: !nishio, dynamic, level: group.level() };
    let mut cache = Cache { grid, mode, on: (0..729).map(|_| None).collect() };
    for cell in 0..81 {
        let count = grid.count(cell);
        if !(count > 2 || (count > 1 && dynamic)) {
            continue;
        }
        let values: Vec<u8> = (1..=9).filter(|&v| grid.has(cell, v)).collect();
        for &value in &values {
            let c = cand_of(cell, value);
            cache.ensure(c);
            let from_off = implications(grid, node(c, false), mode);
            let from_on = cache.get(c);
            if dynamic || nishio {
                if let Some((a, b)) = from_on.contradiction {
                    let complexity = from_on.ancestors(a) + from_on.ancestors(b);
                    found.offer(Kind::Contradiction, complexity, || {
                        (branches(&[(from_on, a), (from_on, b)]), vec![(cell, value)], Vec::new())
                    });
                }
                if let Some((a, b)) = from_off.contradiction {
                    let complexity = from_off.ancestors(a) + from_off.ancestors(b);
                    found.offer(Kind::Contradiction, complexity, || {
                        (
                            branches(&[(&from_off, a), (&from_off, b)]),
                            Vec::new(),
                            vec![(cell, value)],
                        )
                    });
                }
            }
            if count >= 3 && dynamic && !nishio {
                double(grid, from_on, &from_off, found);
            }
            if several {
                region(&mut cache, cell, value, found);
            }
        }
        if several {
            let sources: Vec<&Implications> =
                values.iter().map(|&v| cache.get(cand_of(cell, v))).collect();
            common(grid, Kind::Cell, &sources, found);
        }
    }
}

/// Double forcing: what the candidate on and the candidate off both imply.
fn double(grid: &Marks, from_on: &Implications, from_off: &Implications, found: &mut Found) {
    for &p in &from_on.on_order {
        let p = usize::from(p);
        if from_off.on.has(p) {
            let n = node(p, true);
            offer_target(grid, Kind::Double, &[from_on, from_off], n, found);
        }
    }
    for &p in &from_on.off_order {
        let p = usize::from(p);
        if from_off.off.has(p) {
            let n = node(p, false);
            offer_target(grid, Kind::Double, &[from_on, from_off], n, found);
        }
    }
}

/// Region forcing: every place of `value` in a house of `cell` implies the same; each house
/// looked at once, from its first place.
fn region(cache: &mut Cache, cell: usize, value: u8, found: &mut Found) {
    let grid = cache.grid;
    let several = cache.mode.y_links;
    for house in houses_of(cell) {
        let places = grid.places(house, value);
        let n = places.count_ones();
        if !(n == 2 || (several && n > 2)) {
            continue;
        }
        let cells = cells_of(house);
        let at: Vec<usize> = (0..9).filter(|&i| places & (1 << i) != 0).map(|i| cells[i]).collect();
        if at[0] != cell {
            continue;
        }
        for &other in &at {
            cache.ensure(cand_of(other, value));
        }
        let sources: Vec<&Implications> =
            at.iter().map(|&other| cache.get(cand_of(other, value))).collect();
        common(grid, Kind::Region, &sources, found);
    }
}

/// What every one of `sources` implies, in the first one's order.
fn common(grid: &Marks, kind: Kind, sources: &[&Implications], found: &mut Found) {
    let (first, rest) = sources.split_first().expect("a cell or house has places");
    for &p in &first.on_order {
        let p = usize::from(p);
        if rest.iter().all(|s| s.on.has(p)) {
            offer_target(grid, kind, sources, node(p, true), found);
        }
    }
    for &p in &first.off_order {
        let p = usize::from(p);
        if rest.iter().all(|s| s.off.has(p)) {
            offer_target(grid, kind, sources, node(p, false), found);
        }
    }
}

/// Offers the step that node `target`, implied by every one of `sources`, makes.
fn offer_target(
    grid: &Marks,
    kind: Kind,
    sources: &[&Implications],
    target: usize,
    found: &mut Found,
) {
    let (cell, value) = cell_value(target >> 1);
    let on = target & 1 == 1;
    if on && grid.count(cell) < 2 {
        return; // nothing to remove
    }
    let complexity = sources.iter().map(|s| s.ancestors(target)).sum();
    found.offer(kind, complexity, || {
        let ends: Vec<(&Implications, usize)> = sources.iter().map(|&s| (s, target)).collect();
        if on {
            (branches(&ends), Vec::new(), vec![(cell, value)])
        } else {
            (branches(&ends), vec![(cell, value)], Vec::new())
        }
    });
}

/// The first-parent path to each end, a branch each.
fn branches(ends: &[(&Implications, usize)]) -> Vec<Vec<usize>> {
    ends.iter().map(|&(s, n)| s.path(n)).collect()
}
