//! The techniques of the rules with numbers and lines: killer cages and the rule of 45,
//! arrows, little killers, thermometers, dots, XV, whispers, renban and palindrome lines, and
//! the rest.
//!
//! The named techniques people use on killer cages ([`cages`]: the combinations a cage can
//! hold, the digits it needs and where they point; [`innies`]: the rule of 45) reason on the
//! cage as solvers do. Every other kind of rule has a technique of its own ([`lines`]) that
//! applies that rule alone, as its propagators in the core narrow it, to the board: the step
//! names the rule (which line, which dot) and says what it removes. Each is sound because the
//! core's propagators are: they remove only values no solution of their rule uses, given the
//! candidates.

pub(crate) mod cages;
pub(crate) mod forcing;
pub(crate) mod innies;
pub(crate) mod lines;

use sudoku_core::constraint::{Contradiction, Domains, Propagator};
use sudoku_core::{Constraint, ConstraintKind};

use crate::board::Board;
use crate::houses::{bit, values};
use crate::rules::Rules;
use crate::step::{RuleUse, Step, Technique};

/// The first step `technique`, a technique of the rules with numbers and lines, finds on
/// `board`; `None` on a board without such rules.
pub(crate) fn find(technique: Technique, board: &Board) -> Option<Step> {
    let rules = board.houses().rules()?;
    match technique {
        Technique::CageCombinations => cages::combinations(board, rules),
        Technique::CagePointing => cages::pointing(board, rules),
        Technique::RuleOf45 => innies::rule_of_45(board, rules),
        Technique::NegativeRule => lines::negative(board, rules),
        Technique::RuleContradiction => forcing::contradiction(board, rules),
        _ => lines::by_kind(technique, board, rules),
    }
}

/// The kinds of rule each technique of a rule's own reads (its [`lines::by_kind`] step).
pub(crate) fn kinds(technique: Technique) -> &'static [ConstraintKind] {
    use ConstraintKind as K;
    match technique {
        Technique::OddEven => &[K::Odd, K::Even],
        Technique::MinMax => &[K::Minimum, K::Maximum],
        Technique::CageCombinations => &[K::Killer],
        Technique::Xv => &[K::Xv],
        Technique::Palindrome => &[K::Palindrome],
        Technique::Clone => &[K::Clone],
        Technique::Thermometer => &[K::Thermometer, K::SlowThermometer],
        Technique::Kropki => &[K::Difference, K::Ratio],
        Technique::Quadruple => &[K::Quadruple],
        Technique::Whispers => &[K::Whispers],
        Technique::Arrow => &[K::Arrow],
        Technique::Renban => &[K::Renban],
        Technique::Entropic => &[K::Entropic],
        Technique::LittleKiller => &[K::LittleKiller],
        Technique::NegativeRule => &[K::Nonconsecutive, K::NegativeRatio, K::NegativeXv],
        Technique::Between => &[K::Between],
        Technique::Indexer => &[K::RowIndexer, K::ColumnIndexer, K::BoxIndexer],
        Technique::RegionSum => &[K::RegionSum],
        Technique::Sandwich => &[K::Sandwich],
        Technique::XSum => &[K::XSum],
        Technique::SkyscraperClue => &[K::Skyscraper],
        _ => &[],
    }
}

/// Whether `technique` is one of the rules with numbers and lines: tried only on a board
/// whose layout has such rules.
pub(crate) fn is_rule_technique(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::CagePointing | Technique::RuleOf45 | Technique::RuleContradiction
    ) || !kinds(technique).is_empty()
}

/// Runs the propagators `indices` of `rules` on `domains` until none of them removes
/// anything more.
pub(crate) fn settle(
    rules: &Rules,
    indices: &[u32],
    domains: &mut [u64],
) -> Result<(), Contradiction> {
    let propagators = rules.propagators();
    let mut changed = Vec::new();
    loop {
        let mut any = false;
        for &index in indices {
            changed.clear();
            let propagator: &Propagator = &propagators[index as usize];
            propagator.narrow(&mut Domains::new(domains, &mut changed))?;
            any |= !changed.is_empty();
        }
        // A propagator that settles in one pass needs no second look at its own removals.
        if !any || indices.len() == 1 && propagators[indices[0] as usize].is_idempotent() {
            return Ok(());
        }
    }
}

/// The step of `technique` that makes `board` what `after` (every cell's candidates, a
/// placed value as its one candidate) allows: a cell left with one candidate takes it, the
/// others lose what `after` took away. `None` when that changes nothing. `pattern` lists the
/// cells the step reads, with their candidates as they were.
pub(crate) fn step_from(
    technique: Technique,
    board: &Board,
    after: &[u64],
    pattern: &[usize],
    usage: RuleUse,
) -> Option<Step> {
    let mut step = Step::new(technique);
    for (cell, &allowed) in after.iter().enumerate() {
        let had = board.candidates(cell);
        if board.value(cell) != 0 || had & !allowed == 0 {
            continue;
        }
        let left = had & allowed;
        step.digits |= had & !allowed;
        if left.count_ones() == 1 {
            step.placements.push((cell, left.trailing_zeros() as u8 + 1));
        } else {
            step.eliminations.extend(values(had & !allowed).map(|value| (cell, value)));
        }
    }
    if step.placements.is_empty() && step.eliminations.is_empty() {
        return None;
    }
    step.pattern = pattern.iter().map(|&cell| (cell, board_marks(board, cell))).collect();
    step.rule = Some(Box::new(usage));
    Some(step)
}

/// The step of `technique` for a rule that cannot hold on `board` (no solution lies below
/// it): the first empty cell of `cells` loses every candidate, which breaks the board.
pub(crate) fn contradiction(
    technique: Technique,
    board: &Board,
    cells: &[usize],
    usage: RuleUse,
) -> Option<Step> {
    let &cell = cells.iter().find(|&&cell| board.value(cell) == 0)?;
    let mut step = Step::new(technique);
    step.digits = board.candidates(cell);
    step.eliminations = values(board.candidates(cell)).map(|value| (cell, value)).collect();
    step.pattern = cells.iter().map(|&cell| (cell, board_marks(board, cell))).collect();
    step.rule = Some(Box::new(usage));
    Some(step)
}

/// A cell's candidates, or its value as its one candidate.
pub(crate) fn board_marks(board: &Board, cell: usize) -> u64 {
    match board.value(cell) {
        0 => board.candidates(cell),
        value => bit(value),
    }
}

/// The rule of index `index` as a step names it.
pub(crate) fn named(rules: &Rules, index: usize) -> (usize, Constraint) {
    (index, rules.constraints()[index].clone())
}

#[cfg(test)]
mod tests;
