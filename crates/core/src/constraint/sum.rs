//! The weighted sum: see [`Sum`].

use std::sync::OnceLock;

use super::domains::{Contradiction, Domains, highest, is_single, lowest, range, value_of};
use super::onlookers::Onlookers;

/// The largest side whose sets of distinct values are tabled (`2^16` sets).
const MAX_TABLED_SIDE: usize = 16;

/// The most assignments the few-cells step tries.
const MAX_TRIED: u64 = 4096;

/// The one weighted sum every rule that adds uses: killer cages, little killers, arrows (the
/// line less the circle is 0, a pill's cells weighted 100, 10 and 1), the parts of region-sum
/// lines, and the sums an engine may add (innies and outies).
///
/// A sum is `Σ cᵢ·vᵢ` over its cells, which must fall within a range (one value for most
/// rules). Its cells come in **groups**: cells of one coefficient that must all differ (they
/// share a house or the rule says so), which the bounds take into account. It narrows in
/// three ways, each sound:
/// - **bounds**, for every sum: the least and greatest totals the cells' smallest and largest
///   candidates allow, distinct values within a group (the least total of a group is that of
///   the greedy choice of the smallest free value at or above each cell's smallest candidate,
///   the least of any choice, since such choices are the bases of a matroid; and any cell's
///   value added to the least total of the rest of its group is at least that total less the
///   choice's largest value plus the cell's); a value that would push the total out of range
///   goes;
/// - **combinations**, for a sum of values that all differ, each counted once, on grids of up
///   to 16 values: the sets of `k` distinct values adding to the total that the open cells'
///   candidates allow (from a table made once per side); a value in none of them goes, a
///   value in all of them and in one cell only is placed there, and one in all of them is
///   taken from every other cell that sees each cell of the sum that may hold it;
/// - **few cells**, once at most three cells are open: every assignment of theirs is tried,
///   which is exact.
#[derive(Clone, Debug)]
pub struct Sum {
    /// The cells, group after group.
    cells: Box<[u16]>,
    /// The coefficient of each cell.
    coefficients: Box<[i32]>,
    /// The groups, in the order of their cells.
    groups: Box<[Group]>,
    /// The least total allowed.
    low: i32,
    /// The greatest total allowed.
    high: i32,
    /// The side of the grid.
    side: u32,
    /// For a sum of distinct values each counted once: the sets of the side's values by count
    /// and total, and the cells outside the sum that see two or more of its cells, with the
    /// cells they see (bit `i` for the `i`-th cell of the sum). `None` for other sums.
    cage: Option<Cage>,
}

/// A group: where its cells start and end in `cells`, and their coefficient, kept together as
/// every step of every narrowing reads them.
#[derive(Clone, Copy, Debug)]
struct Group {
    start: u16,
    end: u16,
    coefficient: i32,
}

#[derive(Clone, Debug)]
struct Cage {
    table: &'static Combinations,
    onlookers: Onlookers,
}

impl Sum {
    /// The sum of `terms` (cell, coefficient; a coefficient of 0 leaves its cell out) that
    /// must fall in `low..=high` on a grid of side `side`. `sees` says whether two cells must
    /// differ (they share a house); `outside` lists the cells of the grid that are not in the
    /// sum and the cells each sees, which a sum of distinct values uses (its required values
    /// leave the cells that see every place they may go).
    pub fn new(
        terms: &[(u16, i32)],
        low: i32,
        high: i32,
        side: usize,
        sees: &dyn Fn(u16, u16) -> bool,
        outside: &dyn Fn() -> Vec<(u16, Vec<u16>)>,
    ) -> Sum {
        let mut groups = groups_of(terms, side, sees);
        // Larger coefficients first: their bounds matter most.
        groups.sort_by_key(|(c, _)| std::cmp::Reverse(c.abs()));
        let mut cells = Vec::new();
        let mut coefficients = Vec::new();
        let mut spans = Vec::new();
        for &(coefficient, ref members) in &groups {
            let start = cells.len() as u16;
            cells.extend_from_slice(members);
            coefficients.extend(std::iter::repeat_n(coefficient, members.len()));
            spans.push(Group { start, end: cells.len() as u16, coefficient });
        }
        let cage =
            (groups.len() == 1 && groups[0].0 == 1 && cells.len() <= 64 && side <= MAX_TABLED_SIDE)
                .then(|| {
                    let table = combinations(side);
                    Cage { table, onlookers: Onlookers::new(&cells, outside()) }
                });
        Sum {
            cells: cells.into(),
            coefficients: coefficients.into(),
            groups: spans.into(),
            low,
            high,
            side: side as u32,
            cage,
        }
    }

    /// The cells of the sum.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The range the total must fall in.
    pub fn range(&self) -> (i32, i32) {
        (self.low, self.high)
    }

    /// Each cell of the sum with its coefficient, in the order of [`Sum::cells`].
    pub fn terms(&self) -> impl Iterator<Item = (u16, i32)> + '_ {
        self.cells.iter().copied().zip(self.coefficients.iter().copied())
    }

    /// Whether the sum's cells must all differ (they share houses, or the rule says so) and
    /// each counts once: a sum of distinct values, whose values make one of the sets of
    /// [`distinct_sets`].
    pub fn is_distinct(&self) -> bool {
        self.groups.len() == 1 && self.coefficients.iter().all(|&c| c == 1)
    }

    /// Narrows the candidates for the sum's own range.
    pub fn narrow(&self, domains: &mut Domains<'_>) -> Result<(), Contradiction> {
        self.narrow_within(domains, self.low, self.high)
    }

    /// Narrows the candidates for a total in `low..=high` (a region-sum line's parts share a
    /// range that changes as they narrow).
    pub fn narrow_within(
        &self,
        domains: &mut Domains<'_>,
        low: i32,
        high: i32,
    ) -> Result<(), Contradiction> {
        if low > high {
            return Err(Contradiction);
        }
        // Bounds until they settle (each round removes something, so this ends).
        while self.bounds(domains, low, high)? {}
        if let Some(cage) = &self.cage {
            let open = self.combinations(cage, domains, low, high)?;
            // The few-cells step reads the cells as the combinations step left them: with them
            // unchanged and more than three open, it would stop at the fourth.
            if open.is_some_and(|open| open > 3) {
                return Ok(());
            }
        }
        self.few_open(domains, low, high)
    }

    /// The least and greatest totals the candidates allow, distinct values within each group;
    /// a contradiction if a group cannot take distinct values.
    pub fn totals(&self, domains: &Domains<'_>) -> Result<(i64, i64), Contradiction> {
        let mut least = 0i64;
        let mut greatest = 0i64;
        for g in 0..self.groups.len() {
            let (span, coefficient) = self.group(g);
            let extremes = self.extreme_sets(domains, span)?;
            let c = i64::from(coefficient);
            let (low_sum, high_sum) =
                (i64::from(extremes.least_total), i64::from(extremes.greatest_total));
            if c > 0 {
                least += c * low_sum;
                greatest += c * high_sum;
            } else {
                least += c * high_sum;
                greatest += c * low_sum;
            }
        }
        Ok((least, greatest))
    }

    /// The cells of group `g` (as indices into `cells`) and their coefficient.
    fn group(&self, g: usize) -> (std::ops::Range<usize>, i32) {
        let group = self.groups[g];
        (usize::from(group.start)..usize::from(group.end), group.coefficient)
    }

    /// The least and greatest sets of distinct values the cells of `span` can take
    /// ([`extreme_sets`]); a contradiction if they cannot all differ.
    fn extreme_sets(
        &self,
        domains: &Domains<'_>,
        span: std::ops::Range<usize>,
    ) -> Result<Extremes, Contradiction> {
        let all = u64::MAX >> (64 - self.side);
        extreme_sets(domains, &self.cells[span], all).ok_or(Contradiction)
    }

    /// One round of bounds; whether it removed anything.
    fn bounds(
        &self,
        domains: &mut Domains<'_>,
        low: i32,
        high: i32,
    ) -> Result<bool, Contradiction> {
        let groups = self.groups.len();
        // Each group's largest value of its least set and smallest of its greatest (values
        // of at most 64, kept small as the array is made at every call).
        let mut ends = [(0u8, 0u8); 16];
        let mut many = Vec::new();
        let ends: &mut [(u8, u8)] = if groups <= ends.len() {
            &mut ends[..groups]
        } else {
            many.resize(groups, (0, 0));
            &mut many
        };
        let (mut least, mut greatest) = (0i64, 0i64);
        for (g, slot) in ends.iter_mut().enumerate() {
            let (span, coefficient) = self.group(g);
            let extremes = self.extreme_sets(domains, span)?;
            *slot = (highest(extremes.least) as u8, lowest(extremes.greatest) as u8);
            let c = i64::from(coefficient);
            let (low_sum, high_sum) =
                (i64::from(extremes.least_total), i64::from(extremes.greatest_total));
            if c > 0 {
                least += c * low_sum;
                greatest += c * high_sum;
            } else {
                least += c * high_sum;
                greatest += c * low_sum;
            }
        }
        let (low, high) = (i64::from(low), i64::from(high));
        if least > high || greatest < low {
            return Err(Contradiction);
        }
        let (rise, fall) = (high - least, greatest - low);
        let mut changed = false;
        for (g, &(least_top, greatest_bottom)) in ends.iter().enumerate() {
            let (span, coefficient) = self.group(g);
            let c = i64::from(coefficient);
            // How far a cell may rise above the top of the least set, and fall below the
            // bottom of the greatest, before the total leaves the range.
            let (up, down) = match c {
                1 => (rise, fall),
                -1 => (fall, rise),
                _ if c > 0 => (rise / c, fall / c),
                _ => (fall / -c, rise / -c),
            };
            let side = i64::from(self.side);
            if up >= side && down >= side {
                continue;
            }
            let top = i64::from(least_top) + up;
            let bottom = i64::from(greatest_bottom) - down;
            let allowed = range(bottom, top);
            for &cell in &self.cells[span] {
                changed |= domains.restrict(cell, allowed)?;
            }
        }
        Ok(changed)
    }

    /// The combinations step of a sum of distinct values, each counted once: how many of its
    /// cells are open if it removed no value from them, `None` if it did.
    fn combinations(
        &self,
        cage: &Cage,
        domains: &mut Domains<'_>,
        low: i32,
        high: i32,
    ) -> Result<Option<usize>, Contradiction> {
        let (mut union, mut twice, mut fixed, mut singles) = (0u64, 0u64, 0u64, 0);
        for &cell in self.cells.iter() {
            let candidates = domains.get(cell);
            twice |= union & candidates;
            union |= candidates;
            if is_single(candidates) {
                if fixed & candidates != 0 {
                    return Err(Contradiction);
                }
                fixed |= candidates;
                singles += 1;
            }
        }
        // Fewer values than cells among the candidates leave fewer free values than open
        // cells, which no set of the table fits: no check of its own is needed.
        let count = self.cells.len();
        let open = count - singles;
        let fixed_sum = set_sum(fixed) as i32;
        if open == 0 {
            return if (low..=high).contains(&fixed_sum) {
                Ok(Some(0))
            } else {
                Err(Contradiction)
            };
        }
        let free = union & !fixed;
        let (mut possible, mut required) = (0u64, u64::MAX);
        for total in low.max(fixed_sum)..=high {
            for &set in cage.table.sets(open, (total - fixed_sum) as usize) {
                let set = u64::from(set);
                if set & !free == 0 {
                    possible |= set;
                    required &= set;
                }
            }
        }
        if possible == 0 {
            return Err(Contradiction);
        }
        let gone = free & !possible;
        let mut removed = false;
        if gone != 0 {
            for &cell in self.cells.iter() {
                if !is_single(domains.get(cell)) {
                    removed |= domains.restrict(cell, !gone)?;
                }
            }
        }
        // Values every combination needs: alone in one cell, they go there; otherwise they
        // leave the cells outside that see every cell they may go in.
        let mut required = required & possible;
        while required != 0 {
            let value = required & required.wrapping_neg();
            required ^= value;
            let mut places = 0u64;
            for (i, &cell) in self.cells.iter().enumerate() {
                if domains.get(cell) & value != 0 {
                    places |= 1 << i;
                }
            }
            match places {
                0 => return Err(Contradiction),
                _ if is_single(places) => {
                    let cell = self.cells[places.trailing_zeros() as usize];
                    removed |= domains.restrict(cell, value)?;
                }
                _ if twice & value != 0 => cage.onlookers.remove(domains, value, places)?,
                _ => {}
            }
        }
        Ok((!removed).then_some(open))
    }

    /// Once at most three cells are open, every assignment of theirs within the range: the
    /// values of the last open cell that complete each assignment of the others are found at
    /// once, as a range of values.
    fn few_open(
        &self,
        domains: &mut Domains<'_>,
        low: i32,
        high: i32,
    ) -> Result<(), Contradiction> {
        // One pass, group by group: the open cells, each with its group, its coefficient and
        // its candidates less the values the fixed cells of its group hold.
        let mut open = [0usize; 3];
        let mut groups = [0usize; 3];
        let mut weights = [0i64; 3];
        let mut choices = [0u64; 3];
        let mut count = 0;
        let mut fixed_total = 0i64;
        let mut tries = 1u64;
        // Up to a side of 16, three cells never have more assignments than are tried: no need
        // to count them (counting bits is a dozen instructions where the processor has no
        // instruction for it).
        let counted = u64::from(self.side).pow(3) > MAX_TRIED;
        for g in 0..self.groups.len() {
            let (span, coefficient) = self.group(g);
            let (first, mut taken, mut values) = (count, 0u64, 0i64);
            for i in span {
                let candidates = domains.get(self.cells[i]);
                if is_single(candidates) {
                    taken |= candidates;
                    values += i64::from(value_of(candidates));
                } else {
                    if count == 3 {
                        return Ok(());
                    }
                    (open[count], groups[count], choices[count]) = (i, g, candidates);
                    weights[count] = i64::from(coefficient);
                    count += 1;
                    if counted {
                        tries *= u64::from(candidates.count_ones());
                    }
                }
            }
            fixed_total += i64::from(coefficient) * values;
            for choice in &mut choices[first..count] {
                *choice &= !taken;
            }
        }
        let (low, high) = (i64::from(low) - fixed_total, i64::from(high) - fixed_total);
        if count == 0 {
            return if low <= 0 && 0 <= high { Ok(()) } else { Err(Contradiction) };
        }
        if tries > MAX_TRIED {
            return Ok(());
        }
        let open = &open[..count];
        let weight = |slot: usize| weights[slot];
        // The values of the last open cell for which the total of the others, `partial`, ends
        // in range; `used` are the values of the others in its group.
        let last = count - 1;
        let completing = |partial: i64, used: u64| -> u64 {
            let c = weight(last);
            let (from, to) = (low - partial, high - partial);
            // The values `v` with `from <= c·v <= to`: no division for the usual 1 and -1.
            let (lo, hi) = if c == 1 {
                (from, to)
            } else if c == -1 {
                (-to, -from)
            } else if c > 0 {
                (from.div_euclid(c) + i64::from(from.rem_euclid(c) != 0), to.div_euclid(c))
            } else {
                let d = -c;
                ((-to).div_euclid(d) + i64::from((-to).rem_euclid(d) != 0), (-from).div_euclid(d))
            };
            choices[last] & range(lo, hi) & !used
        };
        let mut support = [0u64; 3];
        let same = |a: usize, b: usize| groups[a] == groups[b];
        // The last two open cells of weights 1 or -1 and one total (a cage, an arrow's line,
        // an innie and an outie): their values are found a set at a time, not a value of one
        // at a time.
        let unit = |slot: usize| weight(slot).abs() == 1;
        let pair = count > 1 && low == high && unit(last) && unit(last - 1);
        if count == 1 {
            support[0] = completing(0, 0);
        } else if count == 2 && pair {
            (support[0], support[1]) =
                unit_pair(choices[0], choices[1], weight(0), weight(1), low, same(0, 1));
            return self.restrict_open(domains, open, &support);
        }
        let mut first = choices[0];
        while count > 1 && first != 0 {
            let a = first & first.wrapping_neg();
            first ^= a;
            let va = i64::from(value_of(a));
            if count == 2 {
                let found = completing(weight(0) * va, if same(0, 1) { a } else { 0 });
                if found != 0 {
                    support[0] |= a;
                    support[1] |= found;
                }
                continue;
            }
            if pair {
                let second = choices[1] & if same(0, 1) { !a } else { u64::MAX };
                let third = choices[2] & if same(0, 2) { !a } else { u64::MAX };
                let total = low - weight(0) * va;
                let (seconds, thirds) =
                    unit_pair(second, third, weight(1), weight(2), total, same(1, 2));
                if seconds != 0 {
                    support[0] |= a;
                    support[1] |= seconds;
                    support[2] |= thirds;
                }
                continue;
            }
            let mut second = choices[1] & if same(0, 1) { !a } else { u64::MAX };
            while second != 0 {
                let b = second & second.wrapping_neg();
                second ^= b;
                let vb = i64::from(value_of(b));
                let used = if same(0, 2) { a } else { 0 } | if same(1, 2) { b } else { 0 };
                let found = completing(weight(0) * va + weight(1) * vb, used);
                if found != 0 {
                    support[0] |= a;
                    support[1] |= b;
                    support[2] |= found;
                }
            }
        }
        self.restrict_open(domains, open, &support)
    }

    /// Keeps each open cell's supported values.
    fn restrict_open(
        &self,
        domains: &mut Domains<'_>,
        open: &[usize],
        support: &[u64; 3],
    ) -> Result<(), Contradiction> {
        for (slot, &i) in open.iter().enumerate() {
            domains.restrict(self.cells[i], support[slot])?;
        }
        Ok(())
    }
}

/// The cells of `terms` (cell, coefficient; a coefficient of 0 leaves its cell out) in groups
/// of one coefficient whose cells all see each other, on a grid of side `side`: grouped
/// greedily, the cells taken in the order given, row by row, column by column, or the cell
/// that sees the most first, keeping the grouping of the largest groups (by the sum of their
/// sizes squared; the first of equals), whose bounds are the tightest. A line that winds
/// through rows (a long arrow) groups by rows where the order along it would split them.
pub(super) fn groups_of(
    terms: &[(u16, i32)],
    side: usize,
    sees: &dyn Fn(u16, u16) -> bool,
) -> Vec<(i32, Vec<u16>)> {
    let live: Vec<(u16, i32)> = terms.iter().copied().filter(|&(_, c)| c != 0).collect();
    let mut by_row = live.clone();
    by_row.sort_by_key(|&(cell, _)| cell);
    let mut by_column = live.clone();
    by_column.sort_by_key(|&(cell, _)| (usize::from(cell) % side, cell));
    let cover = |order: &[(u16, i32)]| {
        let mut groups: Vec<(i32, Vec<u16>)> = Vec::new();
        for &(cell, coefficient) in order {
            let home = groups.iter_mut().find(|(c, members)| {
                *c == coefficient && members.iter().all(|&other| sees(other, cell))
            });
            match home {
                Some((_, members)) => members.push(cell),
                None => groups.push((coefficient, vec![cell])),
            }
        }
        groups
    };
    let weight = |groups: &[(i32, Vec<u16>)]| -> usize {
        groups.iter().map(|(_, members)| members.len() * members.len()).sum()
    };
    // A group grown from the cells left, taking next the cell that sees the most of those
    // that could still join it; then the next group from the cells left after it. Cells
    // spread over houses of every kind (little killers side by side) group by box this way.
    let most_seen_first = || {
        let mut left = live.clone();
        let mut groups: Vec<(i32, Vec<u16>)> = Vec::new();
        while let Some(&(_, coefficient)) = left.first() {
            let mut joinable: Vec<u16> =
                left.iter().filter(|&&(_, c)| c == coefficient).map(|&(cell, _)| cell).collect();
            let mut members = Vec::new();
            while !joinable.is_empty() {
                let seen = |&cell: &u16| joinable.iter().filter(|&&o| sees(cell, o)).count();
                // The first of the cells that see the most.
                let next = joinable
                    .iter()
                    .copied()
                    .rev()
                    .max_by_key(|cell| seen(cell))
                    .expect("a joinable cell");
                members.push(next);
                joinable.retain(|&o| o != next && sees(next, o));
            }
            left.retain(|(cell, _)| !members.contains(cell));
            groups.push((coefficient, members));
        }
        groups
    };
    let mut groups = cover(&live);
    for other in [cover(&by_row), cover(&by_column), most_seen_first()] {
        if weight(&other) > weight(&groups) {
            groups = other;
        }
    }
    groups
}

/// The values two cells of weights `first_weight` and `second_weight`, each 1 or -1, can take
/// for their weighted values to add to `total`, the first's from `first` and the second's from
/// `second` (different values if `distinct`, which only cells of one weight can be): of one
/// weight, the values add to the total or its negation; of two, they differ by it or its
/// negation.
fn unit_pair(
    first: u64,
    second: u64,
    first_weight: i64,
    second_weight: i64,
    total: i64,
    distinct: bool,
) -> (u64, u64) {
    if first_weight == second_weight {
        pair_adding_to(first, second, total * first_weight, distinct)
    } else {
        pair_differing_by(first, second, total * first_weight)
    }
}

/// The values two cells can take whose difference, the first's less the second's, is
/// `difference`, the first's from `first` and the second's from `second`: each cell keeps the
/// values the other's set shifted by the difference holds.
fn pair_differing_by(first: u64, second: u64, difference: i64) -> (u64, u64) {
    (first & shifted(second, difference), second & shifted(first, -difference))
}

/// The values `v + by` in 1..=64 for the values `v` of `set`.
fn shifted(set: u64, by: i64) -> u64 {
    match by {
        0..=63 => set << by,
        -63..=-1 => set >> -by,
        _ => 0,
    }
}

/// The values two cells can take adding to `total`, the first's from `first` and the second's
/// from `second` (different values if `distinct`): each cell keeps the values whose complement
/// to the total the other cell has.
fn pair_adding_to(first: u64, second: u64, total: i64, distinct: bool) -> (u64, u64) {
    let half = if distinct && total % 2 == 0 { range(total / 2, total / 2) } else { 0 };
    (first & complements(second, total) & !half, second & complements(first, total) & !half)
}

/// The values `total − v` in 1..=64 for the values `v` of `set`.
fn complements(set: u64, total: i64) -> u64 {
    // Value v is bit v − 1, so total − v is bit total − 2 − (v − 1): bit v − 1 of the reversed
    // set is bit 63 − (v − 1), which a shift by 65 − total moves there (off the end when
    // total − v is below 1).
    let reversed = set.reverse_bits();
    match 65 - total {
        shift @ 0..=63 => reversed >> shift,
        shift @ -63..=-1 => reversed << -shift,
        _ => 0,
    }
}

/// The least and the greatest sets of distinct values some cells can take, with their totals
/// ([`extreme_sets`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Extremes {
    /// The least set.
    pub(super) least: u64,
    /// The greatest set.
    pub(super) greatest: u64,
    /// The sum of the least set's values.
    pub(super) least_total: u32,
    /// The sum of the greatest set's values.
    pub(super) greatest_total: u32,
}

/// The least and the greatest sets of values of `allowed` that `cells` can take, all
/// different, in one pass: for the least, each cell in turn takes the smallest value of
/// `allowed` not taken at or above its smallest candidate; for the greatest, the largest not
/// taken at or below its largest. Their totals are added as the values are taken, which costs
/// less than adding the sets up after. `None` if a cell has no candidate in `allowed` or the
/// cells cannot take distinct values of it.
#[inline]
pub(super) fn extreme_sets(domains: &Domains<'_>, cells: &[u16], allowed: u64) -> Option<Extremes> {
    let (mut least, mut greatest) = (0u64, 0u64);
    let (mut least_total, mut greatest_total) = (0u32, 0u32);
    for &cell in cells {
        let candidates = domains.get(cell) & allowed;
        if candidates == 0 {
            return None;
        }
        let smallest = candidates & candidates.wrapping_neg();
        let free = !(least | (smallest - 1)) & allowed;
        if free == 0 {
            return None;
        }
        least |= free & free.wrapping_neg();
        least_total += lowest(free);
        // The values up to the largest candidate (which is at least 1).
        let below = !greatest & (u64::MAX >> candidates.leading_zeros()) & allowed;
        if below == 0 {
            return None;
        }
        let top = highest(below);
        greatest |= 1u64 << (top - 1);
        greatest_total += top;
    }
    Some(Extremes { least, greatest, least_total, greatest_total })
}

/// The sum of the values (from 1) of a candidate set.
#[inline]
pub(super) fn set_sum(set: u64) -> u32 {
    // A byte at a time, as every narrowing of every sum adds sets: the byte's own sum (its
    // values counted from 1), and its count times the values below it.
    let mut rest = set;
    let (mut total, mut below) = (0, 0);
    while rest != 0 {
        let (sum, count) = BYTE_SUMS[(rest & 0xff) as usize];
        total += u32::from(sum) + below * u32::from(count);
        rest >>= 8;
        below += 8;
    }
    total
}

/// For each byte, the sum of its bits' values (bit `i` is `i + 1`) and how many bits it has.
static BYTE_SUMS: [(u8, u8); 256] = {
    let mut table = [(0, 0); 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut sum, mut count, mut bit) = (0, 0, 0);
        while bit < 8 {
            if byte & 1 << bit != 0 {
                sum += bit + 1;
                count += 1;
            }
            bit += 1;
        }
        table[byte] = (sum as u8, count as u8);
        byte += 1;
    }
    table
};

/// The sets of a side's values, by how many values they hold and what they add to.
#[derive(Debug)]
pub(super) struct Combinations {
    /// The largest total: the sum of every value.
    most: usize,
    /// Where the sets of each (count, total) start in `sets`, and one more entry.
    starts: Vec<u32>,
    /// Every set (bit `v - 1` for value `v`), by count then total.
    sets: Vec<u16>,
}

impl Combinations {
    fn new(side: usize) -> Combinations {
        let most = side * (side + 1) / 2;
        let key =
            |set: u32| set.count_ones() as usize * (most + 1) + set_sum(u64::from(set)) as usize;
        let keys = (side + 1) * (most + 1);
        let mut counts = vec![0u32; keys + 1];
        for set in 0..1u32 << side {
            counts[key(set) + 1] += 1;
        }
        for k in 1..=keys {
            counts[k] += counts[k - 1];
        }
        let starts = counts.clone();
        let mut next = counts;
        let mut sets = vec![0u16; 1 << side];
        for set in 0..1u32 << side {
            let at = &mut next[key(set)];
            sets[*at as usize] = set as u16;
            *at += 1;
        }
        Combinations { most, starts, sets }
    }

    /// The sets of `count` values adding to `total`.
    fn sets(&self, count: usize, total: usize) -> &[u16] {
        if total > self.most || count * (self.most + 1) + total + 1 >= self.starts.len() {
            return &[];
        }
        let key = count * (self.most + 1) + total;
        &self.sets[self.starts[key] as usize..self.starts[key + 1] as usize]
    }
}

/// The table of `side`'s sets (at most 16), made the first time it is asked for.
pub(super) fn combinations(side: usize) -> &'static Combinations {
    static TABLES: [OnceLock<Combinations>; MAX_TABLED_SIDE + 1] =
        [const { OnceLock::new() }; MAX_TABLED_SIDE + 1];
    TABLES[side].get_or_init(|| Combinations::new(side))
}

/// The sets of `count` distinct values of `1..=side` that add to `total` (bit `v - 1` for
/// value `v`), from the table the sums of distinct values narrow with: what a solver that
/// explains a killer cage lists as its combinations. `None` beyond the sides the table is
/// made for (16).
pub fn distinct_sets(side: usize, count: usize, total: u32) -> Option<&'static [u16]> {
    (side <= MAX_TABLED_SIDE).then(|| combinations(side).sets(count, total as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two cells' values, found a set at a time, are those of every pair of their candidates
    /// whose weighted values add to the total, tried one pair at a time: for cells of weights 1
    /// or -1 each, of one weight (their values add to the total or its negation, apart or in one
    /// group) or of two (they differ by it), every total and pairs of candidate sets of a few
    /// sizes.
    #[test]
    fn a_unit_pairs_values_are_those_of_the_pairs_weighing_its_total() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut draw = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for side in [4u32, 9, 16, 25, 64] {
            let all = u64::MAX >> (64 - side);
            for _ in 0..100 {
                let (first, second) = (draw() & all, draw() & all);
                for (first_weight, second_weight) in [(1i64, 1i64), (1, -1), (-1, 1), (-1, -1)] {
                    let reach = 2 * i64::from(side) + 2;
                    for total in -reach..=reach {
                        for distinct in [false, first_weight == second_weight] {
                            let mut expected = (0u64, 0u64);
                            for a in 1..=side {
                                for b in 1..=side {
                                    let (x, y) = (1u64 << (a - 1), 1u64 << (b - 1));
                                    let weighed =
                                        first_weight * i64::from(a) + second_weight * i64::from(b);
                                    let adds = weighed == total && !(distinct && a == b);
                                    if adds && first & x != 0 && second & y != 0 {
                                        expected.0 |= x;
                                        expected.1 |= y;
                                    }
                                }
                            }
                            let found = unit_pair(
                                first,
                                second,
                                first_weight,
                                second_weight,
                                total,
                                distinct,
                            );
                            assert_eq!(
                                found, expected,
                                "side {side}, {first:b}·{first_weight} and \
                                 {second:b}·{second_weight} to {total}, distinct {distinct}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// On random sets of cells of a 9×9 grid with random coefficients (a few of them 0), the
    /// groups take every cell of a nonzero coefficient once, and each group's cells have its
    /// coefficient and all see each other (the bounds count their values as distinct).
    #[test]
    fn groups_are_cells_of_one_coefficient_that_all_see_each_other() {
        let mut state = 0x5851_f42d_4c95_7f2du64;
        let mut draw = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let sees = |a: u16, b: u16| {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
        };
        for _ in 0..300 {
            let count = 1 + draw() % 40;
            let mut terms: Vec<(u16, i32)> = Vec::new();
            for _ in 0..count {
                let cell = (draw() % 81) as u16;
                if terms.iter().all(|&(c, _)| c != cell) {
                    terms.push((cell, [1, 1, 1, -1, 10, 0][(draw() % 6) as usize]));
                }
            }
            let groups = groups_of(&terms, 9, &sees);
            let mut grouped: Vec<(u16, i32)> = groups
                .iter()
                .flat_map(|(c, members)| members.iter().map(move |&m| (m, *c)))
                .collect();
            grouped.sort_unstable();
            let mut live: Vec<(u16, i32)> = terms.iter().copied().filter(|t| t.1 != 0).collect();
            live.sort_unstable();
            assert_eq!(grouped, live);
            for (_, members) in &groups {
                for (i, &a) in members.iter().enumerate() {
                    assert!(members[i + 1..].iter().all(|&b| sees(a, b)), "{members:?}");
                }
            }
        }
    }
}
