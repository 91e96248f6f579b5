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
mod steps;

use crate::board::Board;
use crate::step::{Step, Technique};

pub(crate) use steps::kinds;

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

/// Whether `technique` is one of the rules with numbers and lines: tried only on a board
/// whose layout has such rules.
pub(crate) fn is_rule_technique(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::CagePointing | Technique::RuleOf45 | Technique::RuleContradiction
    ) || !kinds(technique).is_empty()
}

#[cfg(test)]
mod tests;
