//! A technique for each kind of rule beyond killer cages: the rule alone applied to the board
//! as the core's propagators narrow it (a thermometer's cells above the ones before them and
//! below the ones after, an arrow's circle within the totals its line can make, a dot's two
//! cells within the pairs it allows, ...), one rule at a time, so that each step names its
//! rule.

use sudoku_core::Size;
use sudoku_core::constraint::Propagator;

use super::steps::{contradiction, kinds, named, settle, step_from};
use crate::board::Board;
use crate::houses::values;
use crate::rules::Rules;
use crate::step::{RuleUse, Step, Technique};

/// The first rule of a kind `technique` reads ([`super::steps::kinds`]) that, applied alone to the
/// board, removes a candidate: the step of it.
pub(crate) fn by_kind(technique: Technique, board: &Board, rules: &Rules) -> Option<Step> {
    let kinds = kinds(technique);
    if kinds.is_empty() {
        return None;
    }
    let size = board.size();
    let domains = board.domains();
    for (index, constraint) in rules.constraints().iter().enumerate() {
        if !kinds.contains(&constraint.kind()) {
            continue;
        }
        let propagators = rules.of_rule(index);
        if propagators.is_empty() {
            continue;
        }
        let cells = rule_cells(rules, propagators, size);
        let usage = RuleUse { rules: vec![named(rules, index)], ..RuleUse::default() };
        let mut after = domains.clone();
        let step = match settle(rules, propagators, &mut after) {
            Err(_) => contradiction(technique, board, &cells, usage),
            Ok(()) => step_from(technique, board, &after, &cells, usage),
        };
        if step.is_some() {
            return step;
        }
    }
    None
}

/// The cells the propagators read, each once, in the order they come.
fn rule_cells(rules: &Rules, propagators: &[u32], size: Size) -> Vec<usize> {
    let mut seen = vec![false; size.cells()];
    let mut cells = Vec::new();
    for &index in propagators {
        for &cell in rules.propagators()[index as usize].cells() {
            let cell = usize::from(cell);
            if !std::mem::replace(&mut seen[cell], true) {
                cells.push(cell);
            }
        }
    }
    cells
}

/// The negative rules (no two cells side by side consecutive, in a dot's ratio, or adding to
/// 5 or 10, unless a mark joins them): a rule of the whole grid, so a step is one cell's
/// reach, the candidates it takes from the cells beside it. Cells with fewer candidates come
/// first (a placed digit, then a pair), as people look from what they know.
pub(crate) fn negative(board: &Board, rules: &Rules) -> Option<Step> {
    let kinds = kinds(Technique::NegativeRule);
    let size = board.size();
    let domains = board.domains();
    // Each cell's pairs: the other cell, the rule, and the propagator.
    let mut pairs: Vec<Vec<(usize, usize, u32)>> = vec![Vec::new(); size.cells()];
    for (index, constraint) in rules.constraints().iter().enumerate() {
        if !kinds.contains(&constraint.kind()) {
            continue;
        }
        for &propagator in rules.of_rule(index) {
            if let Propagator::Relation(relation) = &rules.propagators()[propagator as usize] {
                let [a, b] = [relation.cells()[0], relation.cells()[1]].map(usize::from);
                pairs[a].push((b, index, propagator));
                pairs[b].push((a, index, propagator));
            }
        }
    }
    let mut sources: Vec<usize> = (0..size.cells()).filter(|&c| !pairs[c].is_empty()).collect();
    sources.sort_by_key(|&cell| domains[cell].count_ones());
    for source in sources {
        let mut after = domains.clone();
        let mut used = Vec::new();
        for &(other, rule, propagator) in &pairs[source] {
            let Propagator::Relation(relation) = &rules.propagators()[propagator as usize] else {
                continue;
            };
            let forward = usize::from(relation.cells()[0]) == source;
            let reach = values(domains[source]).fold(0u64, |reach, mine| {
                values(domains[other]).fold(reach, |reach, theirs| {
                    let allowed = if forward {
                        relation.allows(u32::from(mine), u32::from(theirs))
                    } else {
                        relation.allows(u32::from(theirs), u32::from(mine))
                    };
                    if allowed { reach | 1 << (theirs - 1) } else { reach }
                })
            });
            if domains[other] & !reach != 0 && board.value(other) == 0 {
                after[other] &= reach;
                if !used.contains(&rule) {
                    used.push(rule);
                }
            }
        }
        if used.is_empty() {
            continue;
        }
        let mut cells = vec![source];
        cells.extend(pairs[source].iter().map(|&(other, _, _)| other));
        let usage = RuleUse {
            rules: used.into_iter().map(|rule| named(rules, rule)).collect(),
            ..RuleUse::default()
        };
        if let Some(step) = step_from(Technique::NegativeRule, board, &after, &cells, usage) {
            return Some(step);
        }
    }
    None
}
