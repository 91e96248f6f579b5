//! Sums the rules imply, which a solver may add to its own (the rule of 45): a house holds
//! every value once, so its values add to the total of the values; the killer cages that
//! touch a house, or a few rows or columns side by side, leave the cells of the house they do
//! not cover (the innies) adding to that total less the cages' sums plus the cells the cages
//! stick out by (the outies). Per house or group of houses: every cage touching it taken
//! away, the cages wholly inside it alone, and the cages mostly inside it (which leaves the
//! fewest innies and outies: a cage sticking out by a cell makes the innies and that cell a
//! sum, as an arrow does). Made once per layout; they change no solution, and make the search
//! of killer puzzles much smaller.
//!
//! Each sum comes with where it comes from ([`Implied`]: the houses, the cages), so that a
//! solver that explains its steps can say so; engines take the sums alone ([`implied_sums`]).

use super::data::{Constraint, Shape, diagonal};
use super::sum::{Sum, groups_of};

/// The most cells an implied sum of innies and outies may have: longer sums narrow little.
const MOST_CELLS: usize = 6;

/// The houses an implied sum is about: one house, or rows or columns side by side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseGroup {
    /// One house: its index among the houses given to [`implied`] (the rows, the columns,
    /// the regions, as a layout lists them).
    House(usize),
    /// `count` rows side by side from row `first` (from 0).
    Rows {
        /// The first row.
        first: usize,
        /// How many.
        count: usize,
    },
    /// `count` columns side by side from column `first` (from 0).
    Columns {
        /// The first column.
        first: usize,
        /// How many.
        count: usize,
    },
}

impl HouseGroup {
    /// How many houses the group holds.
    pub fn houses(self) -> usize {
        match self {
            HouseGroup::House(_) => 1,
            HouseGroup::Rows { count, .. } | HouseGroup::Columns { count, .. } => count,
        }
    }
}

/// One sum the rules imply: the cells of `terms` (cell, coefficient: 1 for an innie, -1 for an
/// outie) add to `total`, because the houses of `group` hold every value once and the killer
/// cages `cages` (their indices among the constraints) have the sums they have.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Implied {
    /// The houses.
    pub group: HouseGroup,
    /// The cages the sum takes away: those wholly inside the group (innies alone), every
    /// cage that touches it, or those mostly inside it (innies and outies).
    pub cages: Vec<usize>,
    /// The cells and their coefficients, sorted by cell.
    pub terms: Vec<(u16, i32)>,
    /// What they add to.
    pub total: i64,
}

/// The sums that `constraints` (their killer cages with sums) imply on a grid of `shape` whose
/// houses of `side` cells are `houses` (the rows, columns and regions first, as a layout lists
/// them), each with where it comes from. Only cages that share no cell with an earlier cage
/// are used; a sum that two groups imply alike is given once, for the first.
pub fn implied(constraints: &[Constraint], shape: &Shape<'_>, houses: &[&[u16]]) -> Vec<Implied> {
    let size = shape.size;
    let side = size.side();
    let cells = size.cells();
    // The cages, pairwise apart: each cell's cage, if any.
    let mut cages: Vec<(usize, Vec<u16>, i64)> = Vec::new();
    let mut cage_of = vec![usize::MAX; cells];
    for (index, constraint) in constraints.iter().enumerate() {
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
        cages.push((index, members, i64::from(*total)));
    }
    if cages.is_empty() {
        return Vec::new();
    }
    // Single houses, then runs of adjacent rows and of adjacent columns.
    let line = |first: usize, count: usize, rows: bool| -> Vec<u16> {
        (first..first + count)
            .flat_map(|k| (0..side).map(move |j| if rows { (k, j) } else { (j, k) }))
            .map(|(row, col)| size.cell_at(row, col) as u16)
            .collect()
    };
    let mut groups: Vec<(HouseGroup, Vec<u16>)> = houses
        .iter()
        .enumerate()
        .map(|(i, house)| (HouseGroup::House(i), house.to_vec()))
        .collect();
    for count in 2..side {
        for first in 0..=side - count {
            groups.push((HouseGroup::Rows { first, count }, line(first, count, true)));
            groups.push((HouseGroup::Columns { first, count }, line(first, count, false)));
        }
    }
    let total_of_house = (side * (side + 1) / 2) as i64;
    let mut made: Vec<Implied> = Vec::new();
    let mut add = |group: HouseGroup, cages: Vec<usize>, mut terms: Vec<(u16, i32)>, total: i64| {
        terms.sort_unstable();
        if !made.iter().any(|known| known.terms == terms && known.total == total) {
            made.push(Implied { group, cages, terms, total });
        }
    };
    let mut inside = vec![false; cells];
    for (group, members) in &groups {
        for &c in members {
            inside[usize::from(c)] = true;
        }
        let total = group.houses() as i64 * total_of_house;
        // The cages touching the group.
        let mut touching: Vec<usize> =
            members.iter().map(|&c| cage_of[usize::from(c)]).filter(|&k| k != usize::MAX).collect();
        touching.sort_unstable();
        touching.dedup();
        // With some of those cages taken away, the group's cells outside them (the innies)
        // less the cells by which they stick out of it (the outies) add to the group's total
        // less their sums: the innies, the outies and that total.
        let take_away = |taken: &[usize]| -> (Vec<u16>, Vec<u16>, i64) {
            let innies = members
                .iter()
                .copied()
                .filter(|&c| {
                    let k = cage_of[usize::from(c)];
                    k == usize::MAX || !taken.contains(&k)
                })
                .collect();
            let outies = taken
                .iter()
                .flat_map(|&k| cages[k].1.iter().copied().filter(|&c| !inside[usize::from(c)]))
                .collect();
            (innies, outies, total - taken.iter().map(|&k| cages[k].2).sum::<i64>())
        };
        let used = |taken: &[usize]| taken.iter().map(|&k| cages[k].0).collect::<Vec<usize>>();
        let terms = |innies: &[u16], outies: &[u16]| {
            let mut terms: Vec<(u16, i32)> = innies.iter().map(|&c| (c, 1)).collect();
            terms.extend(outies.iter().map(|&c| (c, -1)));
            terms
        };
        // Every cage touching the group taken away.
        let (uncovered, outies, left) = take_away(&touching);
        let settled = uncovered.is_empty() && outies.is_empty() && left == 0;
        if uncovered.len() + outies.len() <= MOST_CELLS && !settled {
            add(*group, used(&touching), terms(&uncovered, &outies), left);
        }
        // The cages mostly inside the group taken away and the others left in, which leaves
        // the fewest cells. Kept when it is short, or has few cells of one sign (a cage
        // sticking out by a cell is nearly an arrow), and shorter still when every cell of it
        // is in a cage already.
        let mostly: Vec<usize> = touching
            .iter()
            .copied()
            .filter(|&k| {
                let cage_cells = &cages[k].1;
                let within = cage_cells.iter().filter(|&&c| inside[usize::from(c)]).count();
                2 * within > cage_cells.len()
            })
            .collect();
        let (innies, outies, left) = take_away(&mostly);
        let (a, b) = (innies.len(), outies.len());
        let covered = innies.iter().chain(&outies).all(|&c| cage_of[usize::from(c)] != usize::MAX);
        let fits = a + b <= side && a.min(b) <= 2 && (!covered || a + b <= MOST_CELLS);
        if a + b > 0 && fits {
            add(*group, used(&mostly), terms(&innies, &outies), left);
        }
        // The innies alone: the group less the cages wholly inside it.
        let wholly: Vec<usize> = touching
            .iter()
            .copied()
            .filter(|&k| cages[k].1.iter().all(|&c| inside[usize::from(c)]))
            .collect();
        let (innies, _, left) = take_away(&wholly);
        let limit = if group.houses() == 1 { side - 1 } else { MOST_CELLS };
        if !innies.is_empty() && innies.len() <= limit {
            add(*group, used(&wholly), terms(&innies, &[]), left);
        }
        for &c in members {
            inside[usize::from(c)] = false;
        }
    }
    made
}

/// The sums that `constraints` imply as propagators: the innies and outies of [`implied`], and
/// little killers side by side added up (a join's bounds count each house's values once);
/// `sees` says whether two cells must differ.
pub fn implied_sums(
    constraints: &[Constraint],
    shape: &Shape<'_>,
    houses: &[&[u16]],
    sees: &dyn Fn(u16, u16) -> bool,
) -> Vec<Sum> {
    let cells = shape.size.cells();
    let side = shape.size.side();
    // A sum and its negation say the same: each is taken once, its first cell counting
    // positively (a sum of outies alone becomes one of distinct values when they share a
    // house).
    let mut sums: Vec<(Vec<(u16, i32)>, i64)> = Vec::new();
    for Implied { terms, total, .. } in implied(constraints, shape, houses) {
        let (terms, total) = if terms.first().is_some_and(|&(_, c)| c < 0) {
            (terms.iter().map(|&(cell, c)| (cell, -c)).collect(), -total)
        } else {
            (terms, total)
        };
        if !sums.iter().any(|known| known.0 == terms && known.1 == total) {
            sums.push((terms, total));
        }
    }
    for (members, total) in joined_diagonals(constraints, shape, sees) {
        sums.push((members.into_iter().map(|c| (c, 1)).collect(), total));
    }
    sums.into_iter()
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

/// Little killers side by side, added up: the cells of two diagonals next to each other share
/// rows, columns and boxes, so that together they hold fewer repeated values than each alone
/// lets its cells take, and the bounds of the joined sum, which count each house's values
/// once, are tighter than those of the two. Pairs of little killers that share no cell are
/// joined while some join's slack (how far its total is from the nearer of its least and
/// greatest totals on an empty grid, [`slack`]) is less than its parts' slacks added, the join
/// that gains most first, in place of its parts; a join may join again. Each sum that is a
/// join (never a rule's own) is given, its cells sorted, with its total. `sees` says whether
/// two cells must differ.
pub(crate) fn joined_diagonals(
    constraints: &[Constraint],
    shape: &Shape<'_>,
    sees: &dyn Fn(u16, u16) -> bool,
) -> Vec<(Vec<u16>, i64)> {
    let size = shape.size;
    let side = size.side();
    let slack = |members: &[u16], total: i64| slack(members, total, side, sees);
    // Each sum: its cells (sorted), total, slack, and whether it is a join.
    let mut sums: Vec<(Vec<u16>, i64, i64, bool)> = Vec::new();
    for constraint in constraints {
        let Constraint::LittleKiller { clue, direction, sum } = constraint else { continue };
        let Some(places) = diagonal(size, *clue, *direction) else { continue };
        let mut members: Vec<u16> = places.iter().map(|&p| shape.cell(p) as u16).collect();
        members.sort_unstable();
        let total = i64::from(*sum);
        if members.len() > 1 && !sums.iter().any(|known| known.0 == members) {
            let room = slack(&members, total);
            sums.push((members, total, room, false));
        }
    }
    // The join that gains most over its parts (their slacks added, less its own) first.
    loop {
        let mut best: Option<(usize, usize, Vec<u16>, i64, i64)> = None;
        for i in 0..sums.len() {
            for j in i + 1..sums.len() {
                let ((a, a_total, a_room, _), (b, b_total, b_room, _)) = (&sums[i], &sums[j]);
                if a.iter().any(|c| b.contains(c)) {
                    continue;
                }
                let mut members: Vec<u16> = a.iter().chain(b).copied().collect();
                members.sort_unstable();
                let total = a_total + b_total;
                let room = slack(&members, total);
                let gain = a_room + b_room - room;
                if gain > 0 && best.as_ref().is_none_or(|found| gain > found.4) {
                    best = Some((i, j, members, total, gain));
                }
            }
        }
        let Some((i, j, members, total, _)) = best else { break };
        let room = slack(&members, total);
        sums.remove(j);
        sums.remove(i);
        sums.push((members, total, room, true));
    }
    sums.into_iter().filter(|s| s.3).map(|(members, total, ..)| (members, total)).collect()
}

/// How far `total` is from the nearer of the least and greatest totals of `members` (cells
/// counted once each) on an empty grid of side `side`, their values distinct within each of
/// the groups [`groups_of`] finds: negative if it is beyond them.
pub(crate) fn slack(
    members: &[u16],
    total: i64,
    side: usize,
    sees: &dyn Fn(u16, u16) -> bool,
) -> i64 {
    let terms: Vec<(u16, i32)> = members.iter().map(|&c| (c, 1)).collect();
    let (mut least, mut greatest) = (0i64, 0i64);
    let n = side as i64;
    for (_, group) in groups_of(&terms, side, sees) {
        let k = group.len() as i64;
        least += k * (k + 1) / 2;
        greatest += k * (2 * n - k + 1) / 2;
    }
    (total - least).min(greatest - total)
}
