//! The rule of 45: a house holds every digit once, so its digits add to the total of the
//! digits (45 on 9×9). Killer cages inside a house leave its other cells (the innies) adding to
//! what their sums leave; the cages that touch it leave the cells they do not cover, less the
//! cells they stick out by (the outies), adding to what is left. The same holds for rows or
//! columns side by side (a band of three rows adds to 135). The sums and where they come from
//! are the core's ([`sudoku_core::constraint::implied`]), made once per layout; this applies
//! each to the board as its propagator narrows it.

use sudoku_core::constraint::{Contradiction, Domains};

use super::steps::{contradiction, named, step_from};
use crate::board::Board;
use crate::rules::Rules;
use crate::step::{Equation, RuleUse, Step, Technique};

/// The first sum of the rule of 45 (single houses first, then rows or columns side by side,
/// fewer first) that removes a candidate. The step names the houses and the cages taken
/// away, and writes the sum over the cells still empty (the placed ones taken into the
/// total); a group of several houses rates a tenth harder for each house more (at most three
/// tenths), outies a tenth more.
pub(crate) fn rule_of_45(board: &Board, rules: &Rules) -> Option<Step> {
    let domains = board.domains();
    for implied in rules.implied() {
        let open: Vec<(usize, i32)> =
            implied.terms.iter().copied().filter(|&(cell, _)| board.value(cell) == 0).collect();
        if open.is_empty() {
            continue;
        }
        let placed: i64 = implied
            .terms
            .iter()
            .map(|&(cell, coefficient)| i64::from(coefficient) * i64::from(board.value(cell)))
            .sum();
        let usage = RuleUse {
            rules: implied.cages.iter().map(|&cage| named(rules, cage)).collect(),
            combinations: Vec::new(),
            equation: Some(Equation { terms: open, total: implied.total - placed }),
        };
        let cells: Vec<usize> = implied.terms.iter().map(|&(cell, _)| cell).collect();
        let mut after = domains.clone();
        let mut changed = Vec::new();
        let narrowed: Result<(), Contradiction> =
            implied.sum.narrow(&mut Domains::new(&mut after, &mut changed));
        let step = match narrowed {
            Err(_) => contradiction(Technique::RuleOf45, board, &cells, usage),
            Ok(()) => step_from(Technique::RuleOf45, board, &after, &cells, usage),
        };
        if let Some(mut step) = step {
            step.units = implied.houses.clone();
            let outies = implied.terms.iter().any(|&(_, coefficient)| coefficient < 0);
            step.extra = (implied.houses.len() - 1).min(3) as u8 + u8::from(outies);
            return Some(step);
        }
    }
    None
}
