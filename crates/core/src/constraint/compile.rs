//! Each rule as the propagators it compiles to.

use std::collections::HashMap;

use super::check::{in_ratio, indexed, ratio_values, region_parts};
use super::data::{
    Constraint, ConstraintKind, Shape, Spot, clue_line, compared_neighbours, diagonal,
    entropic_band, negative_pairs, whispers_gap,
};
use super::propagator::Propagator;
use super::relation::Table;
use super::sequence::{Between, Quadruple, RegionSum, Renban, Sandwich, Skyscraper, XSum};
use super::sum::Sum;

/// The propagators of `constraints` on a grid of `shape`, each with the index of the
/// constraint it comes from. `sees` says whether two cells must differ (they share a house
/// of the layout, the houses of killer cages and renban lines included); the sums use it to
/// know which of their values differ, and sums and renban lines to know the cells around them.
///
/// The constraints must fit the grid ([`Constraint::validate`]).
pub fn compile(
    constraints: &[Constraint],
    shape: &Shape<'_>,
    sees: &dyn Fn(u16, u16) -> bool,
) -> Vec<(Propagator, usize)> {
    let size = shape.size;
    let side = size.side();
    let mut tables = Tables { side, made: HashMap::new() };
    let mut out: Vec<(Propagator, usize)> = Vec::new();
    let cell = |place: Spot| shape.cell(place) as u16;
    let cells = |places: &[Spot]| -> Vec<u16> { places.iter().map(|&p| cell(p)).collect() };
    let outside = |members: &[u16]| -> Vec<(u16, Vec<u16>)> {
        (0..size.cells() as u16)
            .filter(|other| !members.contains(other))
            .map(|other| {
                let seen: Vec<u16> =
                    members.iter().copied().filter(|&member| sees(other, member)).collect();
                (other, seen)
            })
            .filter(|(_, seen)| seen.len() >= 2)
            .collect()
    };
    let sum = |terms: &[(u16, i32)], low: i32, high: i32| {
        let members: Vec<u16> = terms.iter().map(|&(cell, _)| cell).collect();
        Sum::new(terms, low, high, side, sees, &|| outside(&members))
    };
    for (index, constraint) in constraints.iter().enumerate() {
        let mut add = |propagator: Propagator| out.push((propagator, index));
        if let Some(distinct) = constraint.distinct_cells()
            && distinct.len() > side
        {
            add(Propagator::Never);
            continue;
        }
        match constraint {
            Constraint::Killer { cells: places, sum: Some(total) } => {
                let terms: Vec<(u16, i32)> = cells(places).into_iter().map(|c| (c, 1)).collect();
                let total = clamp(*total);
                add(Propagator::Sum(sum(&terms, total, total)));
            }
            Constraint::Killer { sum: None, .. } => {}
            Constraint::LittleKiller { clue, direction, sum: total } => {
                let places = diagonal(size, *clue, *direction).unwrap_or_default();
                let terms: Vec<(u16, i32)> = cells(&places).into_iter().map(|c| (c, 1)).collect();
                let total = clamp(*total);
                add(Propagator::Sum(sum(&terms, total, total)));
            }
            Constraint::Arrow { circle, lines } => {
                // The pill's cells in reading order weigh 10^(k-1) .. 1.
                let mut pill: Vec<Spot> = circle.clone();
                pill.sort();
                let weights: Vec<(u16, i32)> = pill
                    .iter()
                    .enumerate()
                    .map(|(k, &place)| (cell(place), -(10i32.pow((pill.len() - 1 - k) as u32))))
                    .collect();
                for line in lines {
                    let mut terms: Vec<(u16, i32)> =
                        cells(line).into_iter().map(|c| (c, 1)).collect();
                    terms.extend_from_slice(&weights);
                    add(Propagator::Sum(sum(&terms, 0, 0)));
                }
            }
            Constraint::Thermometer { cells: places } => {
                let table = tables.get(Pair::Below, || |a, b| a < b);
                for pair in cells(places).windows(2) {
                    add(Propagator::Relation(table.between(pair[0], pair[1])));
                }
            }
            Constraint::SlowThermometer { cells: places } => {
                let table = tables.get(Pair::NotAbove, || |a, b| a <= b);
                for pair in cells(places).windows(2) {
                    add(Propagator::Relation(table.between(pair[0], pair[1])));
                }
            }
            Constraint::Sandwich { clue, sum: total } => {
                let line = cells(&clue_line(size, *clue).unwrap_or_default());
                add(Propagator::Sandwich(Sandwich::new(line, *total, side)));
            }
            Constraint::XSum { clue, sum: total } => {
                let line = cells(&clue_line(size, *clue).unwrap_or_default());
                add(Propagator::XSum(XSum::new(line, *total)));
            }
            Constraint::Skyscraper { clue, count } => {
                let line = cells(&clue_line(size, *clue).unwrap_or_default());
                add(Propagator::Skyscraper(Skyscraper::new(line, *count, side)));
            }
            Constraint::Difference { cells: [a, b], value } => {
                let gap = *value;
                let table = tables
                    .get(Pair::Difference(gap), || move |x: u32, y: u32| x.abs_diff(y) == gap);
                add(Propagator::Relation(table.between(cell(*a), cell(*b))));
            }
            Constraint::Ratio { cells: [a, b], value } => {
                let ratio = *value;
                let table = tables.get(Pair::Ratio(ratio), || move |x, y| in_ratio(x, y, ratio));
                add(Propagator::Relation(table.between(cell(*a), cell(*b))));
            }
            Constraint::Xv { cells: [a, b], sum: total } => {
                let total = *total;
                let table = tables.get(Pair::Adds(total), || move |x, y| x + y == total);
                add(Propagator::Relation(table.between(cell(*a), cell(*b))));
            }
            Constraint::Odd { cell: place } | Constraint::Even { cell: place } => {
                let odd = constraint.kind() == ConstraintKind::Odd;
                // Odd values are the even bits.
                let pattern = 0x5555_5555_5555_5555u64;
                let allowed = if odd { pattern } else { !pattern };
                add(Propagator::Unary { cell: [cell(*place)], allowed });
            }
            Constraint::Minimum { cell: place } | Constraint::Maximum { cell: place } => {
                let table = if constraint.kind() == ConstraintKind::Minimum {
                    tables.get(Pair::Below, || |a, b| a < b)
                } else {
                    tables.get(Pair::Above, || |a, b| a > b)
                };
                for other in compared_neighbours(constraints, size, *place, constraint.kind()) {
                    add(Propagator::Relation(table.between(cell(*place), cell(other))));
                }
            }
            Constraint::Palindrome { cells: places } => {
                let line = cells(places);
                let table = tables.get(Pair::Equal, || |a, b| a == b);
                let n = line.len();
                for i in 0..n / 2 {
                    add(Propagator::Relation(table.between(line[i], line[n - 1 - i])));
                }
            }
            Constraint::Renban { cells: places } => {
                let line = cells(places);
                let around = outside(&line);
                add(Propagator::Renban(Renban::new(line, side, around)));
            }
            Constraint::Whispers { cells: places, gap } => {
                let gap = gap.unwrap_or_else(|| whispers_gap(side));
                let table =
                    tables.get(Pair::Apart(gap), || move |a: u32, b: u32| a.abs_diff(b) >= gap);
                for pair in cells(places).windows(2) {
                    add(Propagator::Relation(table.between(pair[0], pair[1])));
                }
            }
            Constraint::Between { cells: places } => {
                if places.len() >= 3 {
                    add(Propagator::Between(Between::new(&cells(places), side)));
                }
            }
            Constraint::RegionSum { cells: places } => {
                let parts = region_parts(shape, places);
                if parts.len() >= 2 {
                    let line = cells(places);
                    // A part lies in one region: its values differ.
                    let same = |_: u16, _: u16| true;
                    let sums = parts
                        .into_iter()
                        .map(|part| {
                            let terms: Vec<(u16, i32)> =
                                line[part].iter().map(|&c| (c, 1)).collect();
                            let most = (side * (side + 1) / 2) as i32;
                            Sum::new(&terms, 0, most, side, &same, &Vec::new)
                        })
                        .collect();
                    add(Propagator::RegionSum(RegionSum::new(sums)));
                }
            }
            Constraint::Entropic { cells: places } => {
                let line = cells(places);
                let band = move |v: u32| entropic_band(side, v as usize);
                let differ = tables.get(Pair::OtherBand, || move |a, b| band(a) != band(b));
                let same = tables.get(Pair::SameBand, || move |a, b| band(a) == band(b));
                for apart in 1..=3 {
                    let table = if apart == 3 { &same } else { &differ };
                    for i in apart..line.len() {
                        add(Propagator::Relation(table.between(line[i - apart], line[i])));
                    }
                }
            }
            Constraint::Zipper { cells: places } => {
                let line = cells(places);
                let n = line.len();
                // Each pair as far from the middle adds to the middle cell's value, or, on a
                // line of even length, to the pair nearest the middle.
                let middle: Vec<u16> =
                    if n % 2 == 1 { vec![line[n / 2]] } else { vec![line[n / 2 - 1], line[n / 2]] };
                for i in 0..n.saturating_sub(1) / 2 {
                    let mut terms = vec![(line[i], 1), (line[n - 1 - i], 1)];
                    terms.extend(middle.iter().map(|&c| (c, -1)));
                    add(Propagator::Sum(sum(&terms, 0, 0)));
                }
            }
            Constraint::Quadruple { cells: places, values } => {
                add(Propagator::Quadruple(Quadruple::new(cells(places), values.clone())));
            }
            Constraint::Clone { cells: places, clones } => {
                let table = tables.get(Pair::Equal, || |a, b| a == b);
                for (a, b) in cells(places).into_iter().zip(cells(clones)) {
                    if a != b {
                        add(Propagator::Relation(table.between(a, b)));
                    }
                }
            }
            Constraint::Indexer { axis, cells: places } => {
                for &place in places {
                    for value in 1..=side {
                        let (target, index) = indexed(shape, *axis, place, value);
                        if target == place {
                            continue;
                        }
                        let (v, i) = (value as u32, index as u32);
                        let table = Table::new(side, move |a, b| a != v || b == i);
                        add(Propagator::Relation(table.between(cell(place), cell(target))));
                    }
                }
            }
            Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
                let kind = constraint.kind();
                let table = match kind {
                    ConstraintKind::Nonconsecutive => {
                        tables.get(Pair::NotDifference(1), || |a: u32, b: u32| a.abs_diff(b) != 1)
                    }
                    ConstraintKind::NegativeRatio => {
                        let ratios = ratio_values(constraints);
                        Table::new(side, move |a, b| !ratios.iter().any(|&r| in_ratio(a, b, r)))
                    }
                    _ => tables.get(Pair::NotXv, || |a, b| a + b != 5 && a + b != 10),
                };
                for (a, b) in negative_pairs(constraints, size, kind) {
                    add(Propagator::Relation(table.between(cell(a), cell(b))));
                }
            }
        }
    }
    out
}

/// A total too large for any grid, kept in range for the arithmetic.
fn clamp(total: u32) -> i32 {
    total.min(1 << 24) as i32
}

/// The relations compiled once per puzzle and shared by every pair of cells they join.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Pair {
    Below,
    Above,
    NotAbove,
    Equal,
    Difference(u32),
    NotDifference(u32),
    Ratio(u32),
    Adds(u32),
    Apart(u32),
    OtherBand,
    SameBand,
    NotXv,
}

struct Tables {
    side: usize,
    made: HashMap<Pair, Table>,
}

impl Tables {
    /// The table of `pair`, made with the relation `make` gives the first time.
    fn get<F: Fn(u32, u32) -> bool>(&mut self, pair: Pair, make: impl FnOnce() -> F) -> Table {
        let side = self.side;
        self.made.entry(pair).or_insert_with(|| Table::new(side, make())).clone()
    }
}
