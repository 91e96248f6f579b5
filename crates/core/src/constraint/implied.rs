//! Sums the rules imply, which a solver may add to its own (the rule of 45): a house holds
//! every value once, so its values add to the total of the values; the killer cages that
//! touch a house, or a few rows or columns side by side, leave the cells of the house they do
//! not cover (the innies) adding to that total less the cages' sums plus the cells the cages
//! stick out by (the outies). Made once per layout; they change no solution, and make the
//! search of killer puzzles much smaller.

use super::sum::Sum;
use super::{Constraint, Shape};

/// The most cells an implied sum of innies and outies may have: longer sums narrow little.
const MOST_CELLS: usize = 6;

/// The sums that `constraints` (their killer cages with sums) imply on a grid of `shape` whose
/// houses of `side` cells are `houses` (the rows, columns and regions first, as a layout lists
/// them); `sees` says whether two cells must differ. Only cages that share no cell with an
/// earlier cage are used.
pub fn implied_sums(
    constraints: &[Constraint],
    shape: &Shape<'_>,
    houses: &[&[u16]],
    sees: &dyn Fn(u16, u16) -> bool,
) -> Vec<Sum> {
    let size = shape.size;
    let side = size.side();
    let cells = size.cells();
    // The cages, pairwise apart: each cell's cage, if any.
    let mut cages: Vec<(Vec<u16>, i64)> = Vec::new();
    let mut cage_of = vec![usize::MAX; cells];
    for constraint in constraints {
        let Constraint::Killer { cells: places, sum: Some(total) } = constraint else { continue };
        if places.len() > side {
            continue;
        }
        let members: Vec<u16> = places.iter().map(|&place| shape.cell(place) as u16).collect();
        if members.iter().any(|&c| cage_of[usize::from(c)] != usize::MAX) {
            continue;
        }
        for &c in &members {
            cage_of[usize::from(c)] = cages.len();
        }
        cages.push((members, i64::from(*total)));
    }
    if cages.is_empty() {
        return Vec::new();
    }
    // Single houses, then runs of adjacent rows and of adjacent columns.
    let mut groups: Vec<(Vec<u16>, i64)> = houses.iter().map(|house| (house.to_vec(), 1)).collect();
    let line = |first: usize, count: usize, rows: bool| -> Vec<u16> {
        (first..first + count)
            .flat_map(|k| (0..side).map(move |j| if rows { (k, j) } else { (j, k) }))
            .map(|(row, col)| size.cell_at(row, col) as u16)
            .collect()
    };
    for count in 2..side {
        for first in 0..=side - count {
            groups.push((line(first, count, true), count as i64));
            groups.push((line(first, count, false), count as i64));
        }
    }
    let total_of_house = (side * (side + 1) / 2) as i64;
    let mut made: Vec<(Vec<(u16, i32)>, i64)> = Vec::new();
    let mut add = |mut terms: Vec<(u16, i32)>, total: i64| {
        terms.sort_unstable();
        if !made.iter().any(|(known, known_total)| *known == terms && *known_total == total) {
            made.push((terms, total));
        }
    };
    let mut inside = vec![false; cells];
    for (group, houses_in_it) in &groups {
        for &c in group {
            inside[usize::from(c)] = true;
        }
        let total = houses_in_it * total_of_house;
        // The cages touching the group, and those wholly inside it.
        let mut touching: Vec<usize> =
            group.iter().map(|&c| cage_of[usize::from(c)]).filter(|&k| k != usize::MAX).collect();
        touching.sort_unstable();
        touching.dedup();
        let (mut touching_sum, mut inside_sum) = (0, 0);
        let mut outies = Vec::new();
        for &k in &touching {
            let (members, sum) = &cages[k];
            touching_sum += sum;
            let out: Vec<u16> =
                members.iter().copied().filter(|&c| !inside[usize::from(c)]).collect();
            if out.is_empty() {
                inside_sum += sum;
            }
            outies.extend(out);
        }
        let uncovered: Vec<u16> =
            group.iter().copied().filter(|&c| cage_of[usize::from(c)] == usize::MAX).collect();
        let settled = uncovered.is_empty() && outies.is_empty() && touching_sum == total;
        if uncovered.len() + outies.len() <= MOST_CELLS && !settled {
            let mut terms: Vec<(u16, i32)> = uncovered.iter().map(|&c| (c, 1)).collect();
            terms.extend(outies.iter().map(|&c| (c, -1)));
            add(terms, total - touching_sum);
        }
        // The innies alone: the group less the cages wholly inside it.
        let innies: Vec<u16> = group
            .iter()
            .copied()
            .filter(|&c| {
                let k = cage_of[usize::from(c)];
                k == usize::MAX || cages[k].0.iter().any(|&m| !inside[usize::from(m)])
            })
            .collect();
        let one_house = *houses_in_it == 1;
        let limit = if one_house { side - 1 } else { MOST_CELLS };
        if !innies.is_empty() && innies.len() <= limit {
            add(innies.iter().map(|&c| (c, 1)).collect(), total - inside_sum);
        }
        for &c in group {
            inside[usize::from(c)] = false;
        }
    }
    made.into_iter()
        .map(|(terms, total)| {
            let total = total.clamp(i64::from(i32::MIN / 2), i64::from(i32::MAX / 2)) as i32;
            Sum::new(&terms, total, total, side, sees, &|| {
                let members: Vec<u16> = terms.iter().map(|&(c, _)| c).collect();
                (0..cells as u16)
                    .filter(|other| !members.contains(other))
                    .map(|other| {
                        let seen: Vec<u16> =
                            members.iter().copied().filter(|&m| sees(other, m)).collect();
                        (other, seen)
                    })
                    .filter(|(_, seen)| seen.len() >= 2)
                    .collect()
            })
        })
        .collect()
}
