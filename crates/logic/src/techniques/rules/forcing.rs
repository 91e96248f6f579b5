//! Contradiction by the rules: a candidate that, put in its cell, leads by singles and the
//! rules with numbers and lines (every rule's propagators, and the sums of the rule of 45)
//! to a cell without a digit, a house without a place for one, or a rule that cannot hold.
//! It goes. The forcing chains of the classic ladder follow singles alone; this is the
//! same assumption followed as a solver follows it on a variant grid, every rule applied.

use sudoku_core::constraint::{Contradiction, Domains};

use super::steps::named;
use crate::board::Board;
use crate::houses::{Houses, bit, values};
use crate::rules::Rules;
use crate::step::{RuleUse, Step, Technique};

/// What broke, once an assumption was followed.
enum Broken {
    /// A cell without a digit.
    Empty(usize),
    /// A house without a place for a digit.
    NoPlace(usize, u8),
    /// A rule (by index) that cannot hold.
    Rule(usize),
    /// A sum of the rule of 45 (by index) that cannot hold.
    Implied(usize),
}

/// Singles (a cell's one digit leaves its peers; a digit's one place in a house is its) and
/// every propagator of the rules and of the rule of 45, until nothing changes.
fn settle(houses: &Houses, rules: &Rules, domains: &mut [u64]) -> Result<(), Broken> {
    let mut changed = Vec::new();
    loop {
        let before = domains.to_vec();
        for cell in 0..houses.cells {
            let set = domains[cell];
            if set == 0 {
                return Err(Broken::Empty(cell));
            }
            if set.count_ones() == 1 {
                for &peer in houses.peers(cell) {
                    let peer = usize::from(peer);
                    domains[peer] &= !set;
                    if domains[peer] == 0 {
                        return Err(Broken::Empty(peer));
                    }
                }
            }
        }
        for house in 0..houses.count() {
            let (mut once, mut twice) = (0u64, 0u64);
            for &cell in houses.cells_of(house) {
                let set = domains[usize::from(cell)];
                twice |= once & set;
                once |= set;
            }
            if let Some(missing) = values(houses.all_values & !once).next() {
                return Err(Broken::NoPlace(house, missing));
            }
            for value in values(once & !twice) {
                for &cell in houses.cells_of(house) {
                    let cell = usize::from(cell);
                    if domains[cell] & bit(value) != 0 {
                        domains[cell] = bit(value);
                    }
                }
            }
        }
        let failed = |result: Result<(), Contradiction>| result.is_err();
        for (index, propagator) in rules.propagators().iter().enumerate() {
            changed.clear();
            if failed(propagator.narrow(&mut Domains::new(domains, &mut changed))) {
                return Err(Broken::Rule(rules.origin(index)));
            }
        }
        for (index, implied) in rules.implied().iter().enumerate() {
            changed.clear();
            if failed(implied.sum.narrow(&mut Domains::new(domains, &mut changed))) {
                return Err(Broken::Implied(index));
            }
        }
        if domains == before.as_slice() {
            return Ok(());
        }
    }
}

/// The first candidate (of the cells with fewest candidates first) whose assumption breaks
/// the board by singles and the rules: the step that removes it, naming what broke.
pub(crate) fn contradiction(board: &Board, rules: &Rules) -> Option<Step> {
    let houses = board.houses();
    let domains = board.domains();
    let mut cells: Vec<usize> = (0..houses.cells).filter(|&cell| board.value(cell) == 0).collect();
    cells.sort_by_key(|&cell| board.candidates(cell).count_ones());
    for cell in cells {
        for value in values(board.candidates(cell)) {
            let mut trial = domains.clone();
            trial[cell] = bit(value);
            let Err(broken) = settle(houses, rules, &mut trial) else { continue };
            let mut step = Step::new(Technique::RuleContradiction);
            step.digits = bit(value);
            step.pattern.push((cell, bit(value)));
            step.eliminations.push((cell, value));
            let mut usage = RuleUse::default();
            match broken {
                Broken::Empty(empty) => step.pattern.push((empty, 0)),
                Broken::NoPlace(house, missing) => {
                    step.units.push(houses.name(house));
                    step.pattern.push((cell, bit(missing)));
                }
                Broken::Rule(rule) => usage.rules.push(named(rules, rule)),
                Broken::Implied(index) => {
                    let implied = &rules.implied()[index];
                    step.units.extend(implied.houses.iter().copied());
                    usage.rules.extend(implied.cages.iter().map(|&cage| named(rules, cage)));
                }
            }
            step.rule = Some(Box::new(usage));
            return Some(step);
        }
    }
    None
}
