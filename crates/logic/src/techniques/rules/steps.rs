//! What the techniques of the rules share: which kinds of rule each reads, running a rule's
//! propagators to a fixpoint on candidates, and the step that follows from what they leave.

use sudoku_core::constraint::{Contradiction, Domains, Propagator};
use sudoku_core::{Constraint, ConstraintKind};

use crate::board::Board;
use crate::houses::{bit, values};
use crate::rules::Rules;
use crate::step::{RuleUse, Step, Technique};

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
        Technique::Zipper => &[K::Zipper],
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
///
/// An empty cell of `pattern` with one candidate takes it too, though `after` took nothing
/// from it: the rule read it as that value, and had an earlier step left it more candidates
/// the rule would have placed it. Otherwise a board with fewer candidates (a puzzle with one
/// more given) could leave that cell for a naked single, a harder step than the rule's.
pub(crate) fn step_from(
    technique: Technique,
    board: &Board,
    after: &[u64],
    pattern: &[usize],
    usage: RuleUse,
) -> Option<Step> {
    let mut step = Step::new(technique);
    for (cell, &allowed) in after.iter().enumerate() {
        if board.value(cell) != 0 {
            continue;
        }
        let had = board.candidates(cell);
        let (left, removed) = (had & allowed, had & !allowed);
        if left.count_ones() == 1 && (removed != 0 || pattern.contains(&cell)) {
            // The values taken away, or the one placed where none was.
            step.digits |= if removed != 0 { removed } else { left };
            step.placements.push((cell, left.trailing_zeros() as u8 + 1));
        } else if removed != 0 {
            step.digits |= removed;
            step.eliminations.extend(values(removed).map(|value| (cell, value)));
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
