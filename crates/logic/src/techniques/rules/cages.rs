//! Killer cages as solvers read them: the combinations of digits a cage can hold for its sum,
//! and the digits every combination needs.
//!
//! A cage of `k` cells with sum `s` holds `k` distinct digits adding to `s`: one of the sets
//! the core tables ([`sudoku_core::constraint::distinct_sets`]). A set is possible when its
//! digits can be given out to the cells, each a digit of its candidates (a matching); each
//! cell keeps the digits some possible set gives it in some such way. That is all a cage
//! alone says, exactly, and what a solver means by "the combinations leave 1,2,4 in r1c2".

use sudoku_core::constraint::distinct_sets;

use super::steps::{board_marks, contradiction, named, settle, step_from};
use crate::board::Board;
use crate::houses::{bits, values};
use crate::rules::{Cage, Rules};
use crate::step::{RuleUse, Step, Technique};

/// The most cells of a cage whose assignments are worked out exactly (the work grows as
/// `2^k`); a larger cage (on grids beyond 9×9) is narrowed by its propagator.
const MOST_EXACT: usize = 12;

/// What a cage's combinations allow on a board.
struct Analysis {
    /// The sets of digits the cage can hold, each with a way to give every cell a digit.
    possible: Vec<u64>,
    /// For each cell of the cage (in its order), the digits some possible set gives it.
    allowed: Vec<u64>,
}

/// The combinations of `cage` on `domains`: `None` when the cage is too large to work out
/// exactly, or its grid's side beyond the core's tables.
fn analyse(cage: &Cage, domains: &[u64], side: usize) -> Option<Analysis> {
    let k = cage.cells.len();
    if k > MOST_EXACT {
        return None;
    }
    let cell_domains: Vec<u64> = cage.cells.iter().map(|&cell| domains[cell]).collect();
    let union = cell_domains.iter().fold(0, |union, &set| union | set);
    // A cage without a sum may hold any `k` digits: those of the cells' candidates.
    let sets: Vec<u64> = match cage.sum {
        Some(sum) => distinct_sets(side, k, sum)?.iter().map(|&set| u64::from(set)).collect(),
        // As for sums, the sides of up to 16 digits (at most 12,870 sets).
        None if union.count_ones() <= 16 => subsets(union, k),
        None => return None,
    };
    let mut analysis = Analysis { possible: Vec::new(), allowed: vec![0; k] };
    for set in sets {
        if set & !union != 0 {
            continue;
        }
        if let Some(support) = assignments(&cell_domains, set) {
            analysis.possible.push(set);
            for (allowed, support) in analysis.allowed.iter_mut().zip(support) {
                *allowed |= support;
            }
        }
    }
    Some(analysis)
}

/// The sets of `k` digits of `digits`.
fn subsets(digits: u64, k: usize) -> Vec<u64> {
    let members: Vec<usize> = bits(digits).collect();
    let n = members.len();
    if k == 0 || k > n {
        return Vec::new();
    }
    // Each set as a mask over `members` (fewer than 64 of them), in increasing order: the
    // next mask of as many bits is Gosper's.
    let mut found = Vec::new();
    let mut mask: u64 = (1u64 << k) - 1;
    while mask < 1u64 << n {
        found.push(bits(mask).fold(0u64, |set, i| set | 1 << members[i]));
        let lowest = mask & mask.wrapping_neg();
        let ripple = mask + lowest;
        mask = (((ripple ^ mask) >> 2) / lowest) | ripple;
    }
    found
}

/// For each cell, the digits of `set` it takes in some way of giving every cell a digit of
/// `set` from its `domains`, each digit once; `None` when there is no such way.
fn assignments(domains: &[u64], set: u64) -> Option<Vec<u64>> {
    let k = domains.len();
    // Digits as positions 0..k within the set.
    let digits: Vec<usize> = bits(set).collect();
    let compress = |domain: u64| {
        digits.iter().enumerate().fold(0usize, |mask, (position, &digit)| {
            if domain >> digit & 1 != 0 { mask | 1 << position } else { mask }
        })
    };
    let options: Vec<usize> = domains.iter().map(|&domain| compress(domain)).collect();
    if options.contains(&0) {
        return None;
    }
    // completes[i][mask]: whether cells i.. can take the digits not in `mask`, 0 unknown,
    // 1 yes, 2 no; the cells before i took `mask`.
    let states = 1usize << k;
    let mut completes = vec![0u8; (k + 1) * states];
    fn can(i: usize, mask: usize, options: &[usize], completes: &mut [u8], states: usize) -> bool {
        if i == options.len() {
            return true;
        }
        match completes[i * states + mask] {
            1 => return true,
            2 => return false,
            _ => {}
        }
        let mut free = options[i] & !mask;
        let mut found = false;
        while free != 0 {
            let digit = free & free.wrapping_neg();
            free ^= digit;
            if can(i + 1, mask | digit, options, completes, states) {
                found = true;
                break;
            }
        }
        completes[i * states + mask] = if found { 1 } else { 2 };
        found
    }
    if !can(0, 0, &options, &mut completes, states) {
        return None;
    }
    // Every digit each cell takes on some way through.
    let mut support = vec![0usize; k];
    let mut seen = vec![false; (k + 1) * states];
    let mut stack = vec![(0usize, 0usize)];
    while let Some((i, mask)) = stack.pop() {
        if i == k {
            continue;
        }
        let mut free = options[i] & !mask;
        while free != 0 {
            let digit = free & free.wrapping_neg();
            free ^= digit;
            let next = mask | digit;
            if can(i + 1, next, &options, &mut completes, states) {
                support[i] |= digit;
                if !std::mem::replace(&mut seen[(i + 1) * states + next], true) {
                    stack.push((i + 1, next));
                }
            }
        }
    }
    let expand = |mask: usize| {
        digits.iter().enumerate().fold(0u64, |set, (position, &digit)| {
            if mask >> position & 1 != 0 { set | 1 << digit } else { set }
        })
    };
    Some(support.into_iter().map(expand).collect())
}

/// The first killer cage whose combinations remove a candidate from one of its cells (or
/// leave a cell one digit, or leave the cage no combination at all).
pub(crate) fn combinations(board: &Board, rules: &Rules) -> Option<Step> {
    let domains = board.domains();
    let side = board.size().side();
    for cage in rules.cages() {
        let Some(analysis) = analyse(cage, &domains, side) else {
            // Too large to work out exactly: the cage's propagator narrows it.
            let mut after = domains.clone();
            let usage = RuleUse { rules: vec![named(rules, cage.rule)], ..RuleUse::default() };
            let technique = Technique::CageCombinations;
            let step = match settle(rules, rules.of_rule(cage.rule), &mut after) {
                Err(_) => contradiction(technique, board, &cage.cells, usage),
                Ok(()) => step_from(technique, board, &after, &cage.cells, usage),
            };
            if step.is_some() {
                return step;
            }
            continue;
        };
        // A cage without a sum could hold any of many sets: only a sum's are listed.
        let listed = if cage.sum.is_some() { analysis.possible.clone() } else { Vec::new() };
        let usage =
            RuleUse { rules: vec![named(rules, cage.rule)], combinations: listed, equation: None };
        if analysis.possible.is_empty() {
            return contradiction(Technique::CageCombinations, board, &cage.cells, usage);
        }
        let mut after = domains.clone();
        for (&cell, &allowed) in cage.cells.iter().zip(&analysis.allowed) {
            after[cell] &= allowed;
        }
        if let Some(step) =
            step_from(Technique::CageCombinations, board, &after, &cage.cells, usage)
        {
            return Some(step);
        }
    }
    None
}

/// The first digit a killer cage needs (every possible combination holds it), not yet placed
/// in it, whose places in the cage all see an empty cell outside it that may hold it: that
/// cell loses it. The cage's cells and the digit's places are the pattern; where the places
/// share a house, the step names it.
pub(crate) fn pointing(board: &Board, rules: &Rules) -> Option<Step> {
    let domains = board.domains();
    let side = board.size().side();
    let houses = board.houses();
    for cage in rules.cages() {
        let Some(analysis) = analyse(cage, &domains, side) else { continue };
        let needed = analysis.possible.iter().fold(u64::MAX, |needed, &set| needed & set);
        if analysis.possible.is_empty() || needed == 0 {
            continue;
        }
        for value in values(needed) {
            let mask = 1u64 << (value - 1);
            if cage.cells.iter().any(|&cell| board.value(cell) == value) {
                continue;
            }
            let places: Vec<usize> = cage
                .cells
                .iter()
                .zip(&analysis.allowed)
                .filter(|&(_, &allowed)| allowed & mask != 0)
                .map(|(&cell, _)| cell)
                .collect();
            let eliminations: Vec<(usize, u8)> = (0..board.size().cells())
                .filter(|&cell| {
                    board.value(cell) == 0
                        && board.candidates(cell) & mask != 0
                        && !cage.cells.contains(&cell)
                        && places.iter().all(|&place| houses.sees(cell, place))
                })
                .map(|cell| (cell, value))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let mut step = Step::new(Technique::CagePointing);
            step.digits = mask;
            step.pattern =
                places.iter().map(|&cell| (cell, board_marks(board, cell) & mask)).collect();
            // The house the places share, if one does.
            if let Some(house) = houses
                .all_houses_of(places[0])
                .find(|&house| places.iter().all(|&place| houses.holds(house, place)))
            {
                step.units.push(houses.name(house));
            }
            step.eliminations = eliminations;
            let listed = if cage.sum.is_some() { analysis.possible } else { Vec::new() };
            step.rule = Some(Box::new(RuleUse {
                rules: vec![named(rules, cage.rule)],
                combinations: listed,
                equation: None,
            }));
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignments_give_each_cell_the_digits_some_matching_gives_it() {
        let set = 0b111; // 1, 2, 3
        // r1: {1}, r2: {1,2}, r3: {1,2,3}: only 1,2,3 in that order.
        let support = assignments(&[0b001, 0b011, 0b111], set).unwrap();
        assert_eq!(support, vec![0b001, 0b010, 0b100]);
        // Two cells that can only hold 1: no way.
        assert_eq!(assignments(&[0b001, 0b001, 0b111], set), None);
        // Free cells keep every digit.
        let support = assignments(&[0b111, 0b111, 0b111], set).unwrap();
        assert_eq!(support, vec![0b111; 3]);
    }
}
