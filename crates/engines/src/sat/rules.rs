//! The grid's constraints (killer cages, thermometers, arrows, dots, lines, ...) in CNF, read
//! from the core's propagators ([`Model`]): each propagator of the model becomes clauses over
//! the variables "cell holds value", with auxiliary variables where they help, soundly and
//! completely (the clauses hold exactly for the assignments the propagator's rule allows),
//! so that the formula's models are the puzzle's solutions.
//!
//! - **Pairs** (dots, XV, whispers, thermometer steps, palindromes, clones, minimum and
//!   maximum cells, entropic bands, indexers, the negative rules): a binary clause for every
//!   pair of values the table refuses, and for each value of either cell the clause "or one
//!   of the values the other may then hold" (which unit propagation turns into arc
//!   consistency).
//! - **Sums of distinct values** (killer cages; on grids of up to 16 values): a variable per
//!   set of values the core's table ([`distinct_sets`]) allows, one of them chosen; the chosen
//!   set keeps the cells' values within it and puts each of its values in some cell, and each
//!   value of a cell needs a set that holds it. With the cells kept apart by the houses, the
//!   values are then exactly the set.
//! - **Every other sum**, one encoding for all (little killers, arrows and pills, region-sum
//!   lines, sandwiches, X-sums, skyscrapers, the sums the rules imply of no more cells than a
//!   house, the longer ones left out as they cost more than they narrow): a sum is positions
//!   taken in turn, each holding exactly one of its options (a conjunction of terms, with a
//!   weight); the partial sums are written in the order encoding ("the first `k` positions add
//!   to at least `t`", Tamura's encoding of linear constraints), each option raising the lower
//!   and the upper bound of the next partial sum, so that unit propagation keeps both bounds.
//!   A sandwich's positions are "between the 1 and the largest value" (from whether each has
//!   been seen yet) or not, an X-sum's "within the first `x`" or not, a skyscraper's "seen
//!   from the clue" (from the order encoding of the tallest so far) or not.
//! - **Renban lines**: a variable per run of values, one chosen, the cells' values within it
//!   and each of its values somewhere. **Between lines**: a variable for which end is the low
//!   one, and the clauses that keep each cell between the ends strictly between their values.
//!   **Quadruples**: for a value listed `m` times among `n` cells, every `n - m + 1` of the
//!   cells hold it somewhere. **Odd and even cells**: unit clauses.
//!
//! In the optimized encoding a clue's cell has no variable: "it holds its clue" is a true
//! [`Term`], any other value a false one, and the clauses are written with the constants
//! folded in (a clause with a true term is left out, a false term dropped from it).

use sudoku_core::Model;
use sudoku_core::constraint::{Propagator, Sum, distinct_sets};

use super::formula::{ClauseSink, Formula, NONE, Term};

/// The largest side whose sums of distinct values are written as their sets of values: the
/// core tables them up to 16.
const MAX_SET_SIDE: usize = 16;

/// How the cells' values are written: the variable of each cell and value (`NONE` for none),
/// and the clues that settle the cells without one.
pub(super) struct Values<'a> {
    /// The variable of cell `c` holding value `v` (from 1) is `var_of[c * side + v - 1]`.
    pub(super) var_of: &'a [u32],
    /// The clues, row-major, 0 for an open cell.
    pub(super) clues: &'a [u8],
    /// The side of the grid.
    pub(super) side: usize,
}

/// Writes the clauses of every propagator of `model` into `formula`.
pub(super) fn encode<S: ClauseSink>(formula: &mut Formula<'_, S>, model: &Model, values: &Values) {
    let mut writer = Writer { formula, values, side: values.side };
    for (index, propagator) in model.propagators().iter().enumerate() {
        match propagator {
            Propagator::Sum(sum)
                if model.origin(index).is_none() && !worth_writing(sum, values.side) => {}
            Propagator::Sum(sum) => writer.sum(sum),
            Propagator::Relation(relation) => {
                let [a, b] = [relation.cells()[0], relation.cells()[1]];
                writer.relation(a, b, &|x, y| relation.allows(x as u32, y as u32));
            }
            Propagator::Unary { cell, allowed } => writer.unary(cell[0], *allowed),
            Propagator::Renban(renban) => writer.renban(renban.cells()),
            Propagator::Between(between) => writer.between(between.cells()),
            Propagator::RegionSum(line) => writer.region_sum(line.parts()),
            Propagator::Sandwich(line) => writer.sandwich(line.cells(), line.sum()),
            Propagator::XSum(line) => writer.x_sum(line.cells(), line.sum()),
            Propagator::Skyscraper(line) => writer.skyscraper(line.cells(), line.count()),
            Propagator::Quadruple(quadruple) => {
                writer.quadruple(quadruple.cells(), quadruple.values());
            }
            Propagator::Never => writer.formula.clause([]),
        }
    }
}

/// Whether an implied sum (one no rule states, [`Model::origin`] `None`) is worth its clauses:
/// only if it has no more cells than a house. The solutions are the same without it; it is
/// there for unit propagation to narrow by. The order encoding takes a sum's cells one by one,
/// blind to the distinct values within its groups that make a long sum tight in the core's
/// propagators, and its clauses grow with the cells times the total: a long sum (little
/// killers joined, tens of cells) is many clauses that narrow little, and measured, slowed
/// the search (ISS's little-killer snipe #10: 11.6 s without its joined sums, over 30 s with
/// them), where the innies and outies of killer cages (a few cells) speed it up.
fn worth_writing(sum: &Sum, side: usize) -> bool {
    sum.cells().len() <= side
}

/// One position of a sum: its options, each a conjunction of terms and its weight; exactly one
/// option of a position holds in any assignment of the cells.
type Position = Vec<(Vec<Term>, i64)>;

/// What writes the clauses of the propagators.
struct Writer<'f, 'c, 'v, S: ClauseSink> {
    formula: &'f mut Formula<'c, S>,
    values: &'v Values<'v>,
    side: usize,
}

impl<S: ClauseSink> Writer<'_, '_, '_, S> {
    /// "`cell` holds `value`" (from 1).
    fn holds(&mut self, cell: u16, value: usize) -> Term {
        let cell = usize::from(cell);
        match self.values.var_of[cell * self.side + value - 1] {
            // A clue's cell, or a value a clue rules out.
            NONE => Term::from(usize::from(self.values.clues[cell]) == value),
            var => Term::Lit(self.formula.literal(var, true)),
        }
    }

    /// A new variable.
    fn fresh(&mut self) -> Term {
        Term::Lit(self.formula.fresh())
    }

    /// A table of pairs: the pairs it refuses as binary clauses, and each value's supports.
    fn relation(&mut self, a: u16, b: u16, allows: &dyn Fn(usize, usize) -> bool) {
        let side = self.side;
        for x in 1..=side {
            let holds_x = self.holds(a, x);
            if holds_x == Term::False {
                continue;
            }
            let mut support = vec![!holds_x];
            for y in 1..=side {
                let holds_y = self.holds(b, y);
                if allows(x, y) {
                    support.push(holds_y);
                } else {
                    self.formula.clause([!holds_x, !holds_y]);
                }
            }
            self.formula.clause(support);
        }
        for y in 1..=side {
            let holds_y = self.holds(b, y);
            if holds_y == Term::False {
                continue;
            }
            let mut support = vec![!holds_y];
            for x in (1..=side).filter(|&x| allows(x, y)) {
                support.push(self.holds(a, x));
            }
            self.formula.clause(support);
        }
    }

    /// A cell's allowed values: the others ruled out.
    fn unary(&mut self, cell: u16, allowed: u64) {
        for value in (1..=self.side).filter(|&value| allowed >> (value - 1) & 1 == 0) {
            let holds = self.holds(cell, value);
            self.formula.clause([!holds]);
        }
    }

    /// A sum: by its sets of values when they are distinct and tabled, else by the order
    /// encoding of its partial sums.
    fn sum(&mut self, sum: &Sum) {
        let (low, high) = sum.range();
        if sum.is_distinct() && self.side <= MAX_SET_SIDE {
            let cells = sum.cells();
            let most = (self.side * (self.side + 1) / 2) as i32;
            let mut sets: Vec<u64> = Vec::new();
            for total in low.max(0)..=high.min(most) {
                let found = distinct_sets(self.side, cells.len(), total as u32).unwrap_or_default();
                sets.extend(found.iter().map(|&set| u64::from(set)));
            }
            self.sets(cells, &sets);
            return;
        }
        let positions: Vec<Position> = sum
            .terms()
            .map(|(cell, coefficient)| {
                (1..=self.side)
                    .map(|value| {
                        (vec![self.holds(cell, value)], i64::from(coefficient) * value as i64)
                    })
                    .collect()
            })
            .collect();
        self.weighted_sum(positions, i64::from(low), i64::from(high));
    }

    /// The cells, which all differ, hold the values of one of `sets` (candidate sets of as many
    /// values as cells).
    fn sets(&mut self, cells: &[u16], sets: &[u64]) {
        let side = self.side;
        // A set some cell can take no value of is out.
        let mut possible = Vec::with_capacity(cells.len());
        for &cell in cells {
            let set = (1..=side)
                .filter(|&value| self.holds(cell, value) != Term::False)
                .fold(0u64, |set, value| set | 1 << (value - 1));
            possible.push(set);
        }
        let sets: Vec<u64> =
            sets.iter().copied().filter(|&set| possible.iter().all(|&p| p & set != 0)).collect();
        let chosen: Vec<Term> = match sets.len() {
            0 => return self.formula.clause([]),
            1 => vec![Term::True],
            _ => (0..sets.len()).map(|_| self.fresh()).collect(),
        };
        self.formula.clause(chosen.iter().copied());
        for (&set, &choice) in sets.iter().zip(&chosen) {
            for value in 1..=side {
                let mut somewhere = vec![!choice];
                for &cell in cells {
                    let holds = self.holds(cell, value);
                    if set >> (value - 1) & 1 == 0 {
                        self.formula.clause([!choice, !holds]);
                    } else {
                        somewhere.push(holds);
                    }
                }
                if set >> (value - 1) & 1 != 0 {
                    self.formula.clause(somewhere);
                }
            }
        }
        if sets.len() > 1 {
            for &cell in cells {
                for value in 1..=side {
                    let mut needs = vec![!self.holds(cell, value)];
                    needs.extend(
                        sets.iter()
                            .zip(&chosen)
                            .filter(|&(&set, _)| set >> (value - 1) & 1 != 0)
                            .map(|(_, &choice)| choice),
                    );
                    self.formula.clause(needs);
                }
            }
        }
    }

    /// The positions' weights add to `low..=high`: the order encoding of the partial sums
    /// (see the module documentation).
    fn weighted_sum(&mut self, positions: Vec<Position>, low: i64, high: i64) {
        // Options that cannot hold go; true terms leave their conjunctions.
        let mut positions: Vec<Position> = positions
            .into_iter()
            .map(|options| {
                options
                    .into_iter()
                    .filter(|(terms, _)| !terms.contains(&Term::False))
                    .map(|(terms, weight)| {
                        (terms.into_iter().filter(|&t| t != Term::True).collect(), weight)
                    })
                    .collect()
            })
            .collect();
        if positions.iter().any(Vec::is_empty) {
            return self.formula.clause([]);
        }
        // Weights from 0: each position's least weight moves to the range.
        let (mut low, mut high) = (low, high);
        let mut spans = Vec::with_capacity(positions.len());
        for options in &mut positions {
            let least = options.iter().map(|&(_, weight)| weight).min().unwrap_or(0);
            for (_, weight) in options.iter_mut() {
                *weight -= least;
            }
            low -= least;
            high -= least;
            spans.push(options.iter().map(|&(_, weight)| weight).max().unwrap_or(0));
        }
        let most: i64 = spans.iter().sum();
        if high < 0 || low > most {
            return self.formula.clause([]);
        }
        let low = low.max(0);
        // `layer[t]`: the positions so far add to at least `t`, up to `cap` (`high + 1`: too
        // much, whatever comes next).
        let mut layer: Vec<Term> = vec![Term::True];
        let (mut reached, mut rest) = (0i64, most);
        for (options, &span) in positions.iter().zip(&spans) {
            reached += span;
            rest -= span;
            let cap = reached.min(high + 1);
            // What the positions after this one can add at most: below `low - rest` the sum
            // can no longer reach `low`, so those bounds must hold.
            let forced = (low - rest).max(0);
            let next: Vec<Term> =
                (0..=cap).map(|t| if t <= forced { Term::True } else { self.fresh() }).collect();
            for t in 2..=cap as usize {
                self.formula.clause([!next[t], next[t - 1]]);
            }
            let before = layer.len() as i64 - 1;
            for (terms, weight) in options {
                let not_option = terms.iter().map(|&term| !term);
                for t in 0..=before {
                    // At least `t` before, and this option: at least `t + weight` after.
                    if t + weight >= 1 {
                        let at_least = next[(t + weight).min(cap) as usize];
                        let clause = [!layer[t as usize], at_least];
                        self.formula.clause(not_option.clone().chain(clause));
                    }
                    // At most `t` before, and this option: at most `t + weight` after (beyond
                    // `before`, "at least `t + 1`" is false but when `before` is the cap,
                    // whose targets are past the cap too).
                    if t + weight < cap {
                        let above = if t < before { layer[t as usize + 1] } else { Term::False };
                        let clause = [above, !next[(t + weight + 1) as usize]];
                        self.formula.clause(not_option.clone().chain(clause));
                    }
                }
            }
            layer = next;
        }
        let cap = layer.len() as i64 - 1;
        if low >= 1 {
            self.formula.clause([layer[low as usize]]);
        }
        if high < cap {
            self.formula.clause([!layer[(high + 1) as usize]]);
        }
    }

    /// A region-sum line: each part adds to what the next does.
    fn region_sum(&mut self, parts: &[Sum]) {
        for pair in parts.windows(2) {
            let mut positions = Vec::new();
            for (part, sign) in [(&pair[0], 1i64), (&pair[1], -1i64)] {
                for &cell in part.cells() {
                    let options = (1..=self.side)
                        .map(|value| (vec![self.holds(cell, value)], sign * value as i64))
                        .collect();
                    positions.push(options);
                }
            }
            self.weighted_sum(positions, 0, 0);
        }
    }

    /// "Some cell of `line` before position `k` holds `value`", for each `k` from 0 to the
    /// line's length less one (false at 0).
    fn seen_before(&mut self, line: &[u16], value: usize) -> Vec<Term> {
        let mut seen = vec![Term::False];
        for k in 1..line.len() {
            let (earlier, here) = (seen[k - 1], self.holds(line[k - 1], value));
            let now = match (earlier, here) {
                (Term::True, _) | (_, Term::True) => Term::True,
                (Term::False, Term::False) => Term::False,
                _ => {
                    let now = self.fresh();
                    self.formula.clause([!earlier, now]);
                    self.formula.clause([!here, now]);
                    self.formula.clause([!now, earlier, here]);
                    now
                }
            };
            seen.push(now);
        }
        seen
    }

    /// A sandwich: the values strictly between the 1 and the largest value add to `sum`.
    fn sandwich(&mut self, line: &[u16], sum: u32) {
        let side = self.side;
        let (ones, tops) = (self.seen_before(line, 1), self.seen_before(line, side));
        let mut positions = Vec::with_capacity(line.len());
        for (k, &cell) in line.iter().enumerate() {
            // Between: exactly one of the two seen before, and neither here.
            let (one, top) = (self.holds(cell, 1), self.holds(cell, side));
            let between = self.fresh();
            self.formula.clause([!between, !one]);
            self.formula.clause([!between, !top]);
            self.formula.clause([!between, ones[k], tops[k]]);
            self.formula.clause([!between, !ones[k], !tops[k]]);
            self.formula.clause([!ones[k], tops[k], one, top, between]);
            self.formula.clause([ones[k], !tops[k], one, top, between]);
            let mut options: Position = vec![(vec![!between], 0)];
            for value in 2..side {
                options.push((vec![between, self.holds(cell, value)], value as i64));
            }
            positions.push(options);
        }
        self.weighted_sum(positions, i64::from(sum), i64::from(sum));
    }

    /// An X-sum: the first `x` values add to `sum`, `x` the first of them.
    fn x_sum(&mut self, line: &[u16], sum: u32) {
        let side = self.side;
        let first = line[0];
        let mut positions: Vec<Position> = Vec::with_capacity(line.len());
        let mut options = Vec::new();
        for value in 1..=side {
            let holds = self.holds(first, value);
            if value > line.len() {
                // No `x` values to add.
                self.formula.clause([!holds]);
            }
            options.push((vec![holds], value as i64));
        }
        positions.push(options);
        for (k, &cell) in line.iter().enumerate().skip(1) {
            // Counted: the first value is above `k`.
            let counted = self.fresh();
            for value in 1..=side {
                let holds = self.holds(first, value);
                self.formula.clause([!holds, if value > k { counted } else { !counted }]);
            }
            let mut options: Position = vec![(vec![!counted], 0)];
            for value in 1..=side {
                options.push((vec![counted, self.holds(cell, value)], value as i64));
            }
            positions.push(options);
        }
        self.weighted_sum(positions, i64::from(sum), i64::from(sum));
    }

    /// A skyscraper clue: `count` values of the line are taller than every one before them.
    fn skyscraper(&mut self, line: &[u16], count: u32) {
        let side = self.side;
        // `tallest[v]`: some value so far is at least `v` (index 0 unused).
        let mut tallest: Vec<Term> = vec![Term::True; side + 1];
        let mut positions: Vec<Position> = Vec::with_capacity(line.len());
        for (k, &cell) in line.iter().enumerate() {
            if k > 0 {
                // Seen: its value is above the tallest so far.
                let seen = self.fresh();
                for (value, &at_least) in tallest.iter().enumerate().skip(1) {
                    let holds = self.holds(cell, value);
                    let above = if value == 1 { Term::True } else { at_least };
                    self.formula.clause([!holds, above, seen]);
                    self.formula.clause([!holds, !above, !seen]);
                }
                positions.push(vec![(vec![seen], 1), (vec![!seen], 0)]);
            }
            if k + 1 == line.len() {
                break;
            }
            let mut next = vec![Term::True; side + 1];
            for least in 2..=side {
                let before = if k == 0 { Term::False } else { tallest[least] };
                let here: Vec<Term> = (least..=side).map(|value| self.holds(cell, value)).collect();
                let now = self.fresh();
                self.formula.clause([!before, now]);
                for &holds in &here {
                    self.formula.clause([!holds, now]);
                }
                self.formula.clause([!now, before].into_iter().chain(here));
                next[least] = now;
            }
            tallest = next;
        }
        // The first value is always seen.
        let others = i64::from(count) - 1;
        self.weighted_sum(positions, others, others);
    }

    /// A renban line: the values, which all differ, are a run of consecutive values.
    fn renban(&mut self, cells: &[u16]) {
        let (side, length) = (self.side, cells.len());
        if length > side {
            return self.formula.clause([]);
        }
        let runs: Vec<u64> = (1..=side - length + 1)
            .map(|start| (u64::MAX >> (64 - length)) << (start - 1))
            .collect();
        self.sets(cells, &runs);
    }

    /// A between line: the cells between its ends hold values strictly between theirs.
    fn between(&mut self, cells: &[u16]) {
        let side = self.side;
        let (first, last, inside) = (cells[0], cells[1], &cells[2..]);
        // `low`: the first end is the low one.
        let low = self.fresh();
        for a in 1..=side {
            for b in 1..=side {
                let (x, y) = (self.holds(first, a), self.holds(last, b));
                if a >= b {
                    self.formula.clause([!low, !x, !y]);
                }
                if a <= b {
                    self.formula.clause([low, !x, !y]);
                }
            }
        }
        for &cell in inside {
            for value in 1..=side {
                let holds = self.holds(cell, value);
                for end in 1..=side {
                    let (at_first, at_last) = (self.holds(first, end), self.holds(last, end));
                    if end >= value {
                        // Not above the low end.
                        self.formula.clause([!low, !at_first, !holds]);
                        self.formula.clause([low, !at_last, !holds]);
                    }
                    if end <= value {
                        // Not below the high end.
                        self.formula.clause([!low, !at_last, !holds]);
                        self.formula.clause([low, !at_first, !holds]);
                    }
                }
            }
        }
    }

    /// A quadruple: each value listed appears among the cells as often as listed.
    fn quadruple(&mut self, cells: &[u16], values: &[u8]) {
        let n = cells.len();
        let mut listed = values.to_vec();
        listed.sort_unstable();
        listed.dedup();
        for value in listed {
            let times = values.iter().filter(|&&v| v == value).count();
            if times > n {
                return self.formula.clause([]);
            }
            // Every `n - times + 1` of the cells hold it somewhere.
            for subset in 0u32..1 << n {
                if subset.count_ones() as usize == n - times + 1 {
                    let somewhere: Vec<Term> = (0..n)
                        .filter(|&k| subset >> k & 1 != 0)
                        .map(|k| self.holds(cells[k], usize::from(value)))
                        .collect();
                    self.formula.clause(somewhere);
                }
            }
        }
    }
}
