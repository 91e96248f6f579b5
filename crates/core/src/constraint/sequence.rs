//! The propagators of rules that are neither a sum nor a pair: renban, between and region-sum
//! lines, sandwich, X-sum and skyscraper clues, quadruples. Each keeps in a cell the values
//! some assignment of the rule allows, reasoning on bounds where that is enough and trying
//! every case where there are few (the places of a sandwich's ends, the first value of an
//! X-sum, the counts of a skyscraper's line, a quadruple's cells).

use super::domains::{Contradiction, Domains, highest, is_single, lowest, range};
use super::onlookers::Onlookers;
use super::sum::{Sum, distinct_sets, extreme_sets};

/// A renban line: values all different (a house keeps them so) making a run.
#[derive(Clone, Debug)]
pub struct Renban {
    cells: Box<[u16]>,
    side: u32,
    onlookers: Onlookers,
}

impl Renban {
    /// The line of `cells` on a grid of side `side`; `outside` lists the cells of the grid
    /// that are not on it, each with the line's cells it sees.
    pub(super) fn new(cells: Vec<u16>, side: usize, outside: Vec<(u16, Vec<u16>)>) -> Renban {
        let onlookers = Onlookers::new(&cells, outside);
        Renban { cells: cells.into(), side: side as u32, onlookers }
    }

    /// The cells.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// Keeps the values of the runs every cell can take a value of and whose every value some
    /// cell can take; a value every such run holds is on the line, so where one cell alone
    /// can take it, that cell holds it, and where several can, it leaves the cells outside
    /// the line that see them all.
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let length = self.cells.len() as u32;
        if length > self.side {
            return Err(Contradiction);
        }
        let union = self.cells.iter().fold(0, |union, &cell| union | domains.get(cell));
        let (mut allowed, mut required) = (0u64, u64::MAX);
        for start in 1..=self.side - length + 1 {
            let run = range(i64::from(start), i64::from(start + length - 1));
            if union & run == run && self.cells.iter().all(|&cell| domains.get(cell) & run != 0) {
                allowed |= run;
                required &= run;
            }
        }
        for &cell in self.cells.iter() {
            domains.restrict(cell, allowed)?;
        }
        // Only the values some cell can still take alone need a look: a required value no
        // cell can take left no run above.
        let (mut seen, mut twice) = (0u64, 0u64);
        for &cell in self.cells.iter() {
            let candidates = domains.get(cell);
            twice |= seen & candidates;
            seen |= candidates;
        }
        let mut shared = required & twice;
        while shared != 0 {
            let value = shared & shared.wrapping_neg();
            shared ^= value;
            let places = self
                .cells
                .iter()
                .enumerate()
                .filter(|&(_, &cell)| domains.get(cell) & value != 0)
                .fold(0u64, |places, (i, _)| places | 1 << i);
            self.onlookers.remove(domains, value, places)?;
        }
        let alone = required & seen & !twice;
        if alone != 0 {
            for (i, &cell) in self.cells.iter().enumerate() {
                let own = domains.get(cell) & alone;
                if own != 0 {
                    // Two required values with one cell alone to take them cannot both be there.
                    if !is_single(own) {
                        return Err(Contradiction);
                    }
                    domains.restrict(cell, own)?;
                    // The cells around that see it lose the value here too, as they would
                    // with two places: a step of the rule then takes the value from them
                    // whether one cell of the line or several can hold it.
                    self.onlookers.remove(domains, own, 1 << i)?;
                }
            }
        }
        Ok(())
    }
}

/// A between line of three or more cells.
#[derive(Clone, Debug)]
pub struct Between {
    /// The two ends, then the cells between them.
    cells: Box<[u16]>,
    side: u32,
}

impl Between {
    /// The line of `cells`, ends first and last, on a grid of side `side`: its
    /// [`Between::cells`] are the two ends, then the cells between them.
    pub(super) fn new(cells: &[u16], side: usize) -> Between {
        let mut ordered = vec![cells[0], cells[cells.len() - 1]];
        ordered.extend_from_slice(&cells[1..cells.len() - 1]);
        Between { cells: ordered.into(), side: side as u32 }
    }

    /// The cells: the two ends, then the cells between them.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// Either end may be the low one: for each, the bounds the other cells allow.
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let inside = &self.cells[2..];
        let (mut ceiling, mut floor) = (u32::MAX, 0);
        for &cell in inside {
            let candidates = domains.get(cell);
            ceiling = ceiling.min(highest(candidates));
            floor = floor.max(lowest(candidates));
        }
        let side = i64::from(self.side);
        let mut support = [0u64; 2];
        let mut between = 0u64;
        for (low, high) in [(0, 1), (1, 0)] {
            let mut lows = domains.get(self.cells[low]) & range(1, i64::from(ceiling) - 1);
            let mut highs = domains.get(self.cells[high]) & range(i64::from(floor) + 1, side);
            if lows == 0 || highs == 0 {
                continue;
            }
            lows &= range(1, i64::from(highest(highs)) - 2);
            highs &= range(i64::from(lowest(lows)) + 2, side);
            if lows == 0 || highs == 0 {
                continue;
            }
            support[low] |= lows;
            support[high] |= highs;
            between |= range(i64::from(lowest(lows)) + 1, i64::from(highest(highs)) - 1);
        }
        domains.restrict(self.cells[0], support[0])?;
        domains.restrict(self.cells[1], support[1])?;
        for &cell in inside {
            domains.restrict(cell, between)?;
        }
        Ok(())
    }
}

/// A region-sum line of two or more parts, each a sum of distinct values (a part lies in one
/// region).
#[derive(Clone, Debug)]
pub struct RegionSum {
    parts: Vec<Sum>,
    cells: Box<[u16]>,
}

impl RegionSum {
    /// The line of `parts`.
    pub(super) fn new(parts: Vec<Sum>) -> RegionSum {
        let cells = parts.iter().flat_map(|part| part.cells().iter().copied()).collect();
        RegionSum { parts, cells }
    }

    /// The cells.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The parts, a sum of distinct values each (their range is the widest: only their
    /// totals' equality is the rule).
    pub fn parts(&self) -> &[Sum] {
        &self.parts
    }

    /// The parts' totals must meet: each part narrows to the range all of them allow.
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let (mut low, mut high) = (i64::MIN, i64::MAX);
        for part in &self.parts {
            let (least, greatest) = part.totals(domains)?;
            low = low.max(least);
            high = high.min(greatest);
        }
        if low > high {
            return Err(Contradiction);
        }
        for part in &self.parts {
            part.narrow_within(domains, low as i32, high as i32)?;
        }
        Ok(())
    }
}

/// The least and greatest totals of cells that all differ, each taking a value of `allowed`
/// within its candidates; and, for each cell, the values it may take for the total to reach
/// `low..=high` by bounds. `None` when the cells cannot take distinct values of `allowed` or
/// no total within the range can be reached.
fn distinct_support(
    domains: &Domains<'_>,
    cells: &[u16],
    allowed: u64,
    low: i64,
    high: i64,
    support: &mut [u64],
) -> bool {
    let Some(extremes) = extreme_sets(domains, cells, allowed) else {
        return false;
    };
    if cells.is_empty() {
        return low <= 0 && 0 <= high;
    }
    let (least_set, greatest_set) = (extremes.least, extremes.greatest);
    let (least, greatest) = (i64::from(extremes.least_total), i64::from(extremes.greatest_total));
    if least > high || greatest < low {
        return false;
    }
    let top = i64::from(highest(least_set)) + (high - least);
    let bottom = i64::from(lowest(greatest_set)) - (greatest - low);
    let within = range(bottom, top) & allowed;
    for (slot, &cell) in support.iter_mut().zip(cells) {
        *slot |= domains.get(cell) & within;
    }
    true
}

/// A sandwich clue: the line's cells from the clue, and the sum.
#[derive(Clone, Debug)]
pub struct Sandwich {
    cells: Box<[u16]>,
    sum: i64,
    side: u32,
}

impl Sandwich {
    /// The clue of `sum` over the line `cells` of a grid of side `side`.
    pub(super) fn new(cells: Vec<u16>, sum: u32, side: usize) -> Sandwich {
        Sandwich { cells: cells.into(), sum: i64::from(sum), side: side as u32 }
    }

    /// The cells of the row or column, from the clue.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The sum between the 1 and the largest value.
    pub fn sum(&self) -> u32 {
        self.sum as u32
    }

    /// Every place of the 1 and of the largest value; between them, a sum of distinct
    /// values other than those two. On grids of up to 16 values, every set of values the
    /// cells between may hold is tried too, with the other values of the line outside it:
    /// the line holds each value once, so the cells outside the sandwich hold exactly the
    /// values it leaves (on a 9×9 grid, a sandwich of 18 leaves 17 to the cells outside).
    /// Runs until it removes nothing more, so that it need not be woken by its own removals.
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        while self.narrow_once(domains)? {}
        Ok(())
    }

    /// One pass of [`Sandwich::narrow`]: whether it removed anything.
    fn narrow_once(&self, domains: &mut Domains<'_>) -> Result<bool, Contradiction> {
        let n = self.cells.len();
        let (one, top) = (1u64, 1u64 << (self.side - 1));
        let middle = range(2, i64::from(self.side) - 1);
        // The sets, tabled up to 16 values, hold for a line of a whole row or column, as a
        // clue's is.
        let tabled = n == self.side as usize && distinct_sets(n, 0, 0).is_some();
        // A row or column: at most 64 cells.
        let mut line = [0u64; 64];
        for (values, &cell) in line.iter_mut().zip(&self.cells[..]) {
            *values = domains.get(cell);
        }
        let line = &line[..n];
        let (mut support, mut inner) = ([0u64; 64], [0u64; 64]);
        let mut any = false;
        // Each pair of places once, the 1 first or the largest value first.
        for from in 0..n {
            for to in from + 1..n {
                let one_first = line[from] & one != 0 && line[to] & top != 0;
                let top_first = line[from] & top != 0 && line[to] & one != 0;
                if !one_first && !top_first {
                    continue;
                }
                let outside = || (0..n).filter(move |&k| k < from || k > to);
                // The values of the sets that fit, inside and outside; untabled, the cells
                // outside hold neither end's value.
                let (held, left) = if tabled {
                    let sets = self.sets(to - from - 1);
                    let Some(fit) = fit_sets(line, from, to, middle, sets) else {
                        continue;
                    };
                    fit
                } else {
                    if !outside().all(|k| line[k] & middle != 0) {
                        continue;
                    }
                    (middle, middle)
                };
                let between = &self.cells[from + 1..to];
                inner[..between.len()].fill(0);
                if !distinct_support(
                    domains,
                    between,
                    middle,
                    self.sum,
                    self.sum,
                    &mut inner[..between.len()],
                ) {
                    continue;
                }
                for values in &mut inner[..between.len()] {
                    *values &= held;
                }
                for k in outside() {
                    support[k] |= line[k] & left;
                }
                any = true;
                if one_first {
                    support[from] |= one;
                    support[to] |= top;
                }
                if top_first {
                    support[from] |= top;
                    support[to] |= one;
                }
                for (k, &values) in inner[..between.len()].iter().enumerate() {
                    support[from + 1 + k] |= values;
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        let mut removed = false;
        for (k, &cell) in self.cells.iter().enumerate() {
            removed |= line[k] & !support[k] != 0;
            domains.restrict(cell, support[k])?;
        }
        Ok(removed)
    }

    /// The sets of `count` distinct values adding to the sum, ends' values among them too.
    fn sets(&self, count: usize) -> &'static [u16] {
        distinct_sets(self.side as usize, count, self.sum as u32).unwrap_or(&[])
    }
}

/// With the ends of a sandwich at `from` and `to` of a whole line whose candidates are `line`,
/// the values of those of `sets` that the cells between may hold, each with the rest of
/// `middle` outside, and the values those sets leave outside; none if no set may be held. A
/// part may be held if each of its cells has a candidate in it and every value in it is some
/// cell's candidate (its cells and values are as many).
fn fit_sets(line: &[u64], from: usize, to: usize, middle: u64, sets: &[u16]) -> Option<(u64, u64)> {
    let inside = &line[from + 1..to];
    let outside = || line[..from].iter().chain(&line[to + 1..]);
    let inside_union = inside.iter().fold(0, |union, &values| union | values);
    let outside_union = outside().fold(0, |union, &values| union | values);
    let (mut held, mut left, mut any) = (0, 0, false);
    for &set in sets {
        let set = u64::from(set);
        let rest = middle & !set;
        if set & !middle != 0
            || set & !inside_union != 0
            || rest & !outside_union != 0
            || inside.iter().any(|&values| values & set == 0)
            || outside().any(|&values| values & rest == 0)
        {
            continue;
        }
        held |= set;
        left |= rest;
        any = true;
    }
    any.then_some((held, left))
}

/// An X-sum clue: the line's cells from the clue, and the sum.
#[derive(Clone, Debug)]
pub struct XSum {
    cells: Box<[u16]>,
    sum: i64,
}

impl XSum {
    /// The clue of `sum` over the line `cells` (from the clue).
    pub(super) fn new(cells: Vec<u16>, sum: u32) -> XSum {
        XSum { cells: cells.into(), sum: i64::from(sum) }
    }

    /// The cells of the row or column, from the clue.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The sum of the first `x` values, `x` the first of them.
    pub fn sum(&self) -> u32 {
        self.sum as u32
    }

    /// Every first value `x`: the next `x - 1` values, distinct and other than `x`, add to
    /// the sum less `x`.
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let n = self.cells.len();
        let mut support = vec![0u64; n];
        let mut inner = vec![0u64; n];
        let mut firsts = domains.get(self.cells[0]);
        while firsts != 0 {
            let bit = firsts & firsts.wrapping_neg();
            firsts ^= bit;
            let x = bit.trailing_zeros() as usize + 1;
            if x > n {
                continue;
            }
            let counted = &self.cells[1..x];
            inner[..counted.len()].fill(0);
            let rest = self.sum - x as i64;
            if !distinct_support(domains, counted, !bit, rest, rest, &mut inner[..counted.len()]) {
                continue;
            }
            support[0] |= bit;
            for (k, &values) in inner[..counted.len()].iter().enumerate() {
                support[1 + k] |= values;
            }
            for (slot, &cell) in support[x..].iter_mut().zip(&self.cells[x..]) {
                *slot |= domains.get(cell);
            }
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            domains.restrict(cell, support[k])?;
        }
        Ok(())
    }
}

/// A skyscraper clue: the line's cells from the clue, and the count of values seen.
#[derive(Clone, Debug)]
pub struct Skyscraper {
    cells: Box<[u16]>,
    count: u32,
    side: usize,
}

impl Skyscraper {
    /// The clue of `count` over the line `cells` (from the clue) of a grid of side `side`.
    pub(super) fn new(cells: Vec<u16>, count: u32, side: usize) -> Skyscraper {
        Skyscraper { cells: cells.into(), count, side }
    }

    /// The cells of the row or column, from the clue.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The count of values seen from the clue.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The states along the line (the tallest so far, the count seen so far, as a set of
    /// counts per tallest) reachable from the clue and able to end at the count; a value is
    /// kept where it joins two such states.
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let (n, heights) = (self.cells.len(), self.side + 1);
        if self.count as usize > self.side {
            return Err(Contradiction);
        }
        // reach[i * heights + m]: the counts seen before cell i with tallest m (bit c for a
        // count of c; up to 64 counts on a 64×64 grid).
        let mut reach = vec![0u128; (n + 1) * heights];
        reach[0] = 1;
        for i in 0..n {
            let candidates = domains.get(self.cells[i]);
            for m in 0..heights {
                let counts = reach[i * heights + m];
                if counts == 0 {
                    continue;
                }
                let mut values = candidates;
                while values != 0 {
                    let v = values.trailing_zeros() as usize + 1;
                    values &= values - 1;
                    if v > m {
                        reach[(i + 1) * heights + v] |= counts << 1;
                    } else {
                        reach[(i + 1) * heights + m] |= counts;
                    }
                }
            }
        }
        // good[i * heights + m]: the counts before cell i, tallest m, that can end right.
        let mut good = vec![0u128; (n + 1) * heights];
        for m in 0..heights {
            good[n * heights + m] = 1 << self.count;
        }
        let mut support = vec![0u64; n];
        for i in (0..n).rev() {
            let candidates = domains.get(self.cells[i]);
            for m in 0..heights {
                let mut values = candidates;
                let mut counts = 0u128;
                while values != 0 {
                    let bit = values & values.wrapping_neg();
                    values ^= bit;
                    let v = bit.trailing_zeros() as usize + 1;
                    let after = if v > m {
                        good[(i + 1) * heights + v] >> 1
                    } else {
                        good[(i + 1) * heights + m]
                    };
                    counts |= after;
                    if reach[i * heights + m] & after != 0 {
                        support[i] |= bit;
                    }
                }
                good[i * heights + m] = counts;
            }
        }
        if good[0] & 1 == 0 {
            return Err(Contradiction);
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            domains.restrict(cell, support[k])?;
        }
        Ok(())
    }
}

/// A quadruple: its cells and the values that must appear among them.
#[derive(Clone, Debug)]
pub struct Quadruple {
    cells: Box<[u16]>,
    values: Box<[u8]>,
}

impl Quadruple {
    /// The quadruple of `values` over `cells` (at most four of each).
    pub(super) fn new(cells: Vec<u16>, values: Vec<u8>) -> Quadruple {
        Quadruple { cells: cells.into(), values: values.into() }
    }

    /// The cells.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The values that must appear among the cells, a value listed twice appearing twice.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Every way of giving the values listed to distinct cells (the other cells holding
    /// anything).
    pub(super) fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        let n = self.cells.len();
        if self.values.len() > n {
            return Err(Contradiction);
        }
        // Slots: the values listed, then 0 for "any value".
        let mut slots = [0u8; 4];
        slots[..self.values.len()].copy_from_slice(&self.values);
        let mut support = [0u64; 4];
        let mut any = false;
        permutations(&mut slots[..n], &mut |order| {
            let fits = order
                .iter()
                .enumerate()
                .all(|(k, &slot)| slot == 0 || domains.get(self.cells[k]) & 1 << (slot - 1) != 0);
            if fits {
                any = true;
                for (k, &slot) in order.iter().enumerate() {
                    support[k] |=
                        if slot == 0 { domains.get(self.cells[k]) } else { 1 << (slot - 1) };
                }
            }
        });
        if !any {
            return Err(Contradiction);
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            domains.restrict(cell, support[k])?;
        }
        Ok(())
    }
}

/// Calls `visit` with every order of `items` (Heap's algorithm; repeats when items repeat).
fn permutations(items: &mut [u8], visit: &mut dyn FnMut(&[u8])) {
    fn heap(k: usize, items: &mut [u8], visit: &mut dyn FnMut(&[u8])) {
        if k <= 1 {
            visit(items);
            return;
        }
        heap(k - 1, items, visit);
        for i in 0..k - 1 {
            if k.is_multiple_of(2) {
                items.swap(i, k - 1);
            } else {
                items.swap(0, k - 1);
            }
            heap(k - 1, items, visit);
        }
    }
    let n = items.len();
    heap(n, items, visit);
}
