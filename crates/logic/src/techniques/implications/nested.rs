//! The rules a nested forcing chain's walk adds, at Sudoku Explainer's nesting levels 2 to 5,
//! once its links and the simple techniques find nothing more: the chains of lower families,
//! run on the board the walk has reduced. Level 2 uses the forcing chains and cycles, level 3
//! those and then the multiple forcing chains, level 4 the dynamic forcing chains, level 5
//! those and then level 2's nested chains. The first family that finds anything gives what
//! every one of its chains removes (a placement removes its cell's other candidates).
//!
//! Each removal rests on the candidates the walk removed that the chain needed gone: those of
//! the cells its candidates on are in, and of their values' places in those cells' houses (a
//! chain's candidate turned on by a single rests on the rest of its cell or house being gone).
//! A chain that needed none was there before the walk and adds nothing to it. The chain's own
//! complexity is added to that of every chain that uses it, once.

use super::cands::{cand, cand_of, cell_value, is_on};
use super::marks::{Marks, cells_of, houses_of};
use super::{ChainFamily, Found, search};

/// A removal, the removed candidates it rests on, and the nested chain that made it: its
/// number among the chains of one call (from 1; 0 for none) and its complexity.
pub(super) type Removal = (usize, Vec<usize>, (u32, u32));

/// The families nested in walks of `level`, in the order they are tried.
pub(super) fn families(level: u8) -> &'static [ChainFamily] {
    match level {
        2 => &[ChainFamily::Static],
        3 => &[ChainFamily::Static, ChainFamily::Multiple],
        4 => &[ChainFamily::Dynamic],
        _ => &[ChainFamily::Dynamic, ChainFamily::Nested(2)],
    }
}

/// What the first family nested at `level` that finds anything removes from `grid` (the
/// board `source` less a walk's removals).
pub(super) fn removals(source: &Marks, grid: &Marks, level: u8) -> Vec<Removal> {
    let mut out = Vec::new();
    for &group in families(level) {
        let mut found = Found::collecting(group);
        search(grid, group, &mut found);
        let mut number = 0;
        for chain in found.into_all() {
            let parents = rule_parents(source, grid, &chain.nodes);
            if parents.is_empty() {
                continue;
            }
            let mut removed: Vec<usize> = chain
                .eliminations
                .iter()
                .filter(|&&(cell, value)| grid.has(cell, value))
                .map(|&(cell, value)| cand_of(cell, value))
                .collect();
            for &(cell, value) in &chain.placements {
                removed.extend(
                    (1..=9u8)
                        .filter(|&v| v != value && grid.has(cell, v))
                        .map(|v| cand_of(cell, v)),
                );
            }
            if removed.is_empty() {
                continue;
            }
            number += 1;
            let tag = (number, chain.complexity());
            out.extend(removed.into_iter().map(|c| (c, parents.clone(), tag)));
        }
        if !out.is_empty() {
            break;
        }
    }
    out
}

/// The candidates gone from `source` in `grid` that a chain through `nodes` rests on: for
/// each candidate on, the rest of its cell and its value's other places in its houses.
fn rule_parents(source: &Marks, grid: &Marks, nodes: &[usize]) -> Vec<usize> {
    let gone = |cell: usize, value: u8| source.has(cell, value) && !grid.has(cell, value);
    let mut parents = Vec::new();
    for &n in nodes.iter().filter(|&&n| is_on(n)) {
        let (cell, value) = cell_value(cand(n));
        for v in (1..=9u8).filter(|&v| gone(cell, v)) {
            parents.push(cand_of(cell, v));
        }
        for house in houses_of(cell) {
            for other in cells_of(house) {
                if gone(other, value) {
                    parents.push(cand_of(other, value));
                }
            }
        }
    }
    parents.sort_unstable();
    parents.dedup();
    parents
}
