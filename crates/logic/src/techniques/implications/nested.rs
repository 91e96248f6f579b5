//! The rules a nested forcing chain's walk adds, at Sudoku Explainer's nesting levels 2 to 5,
//! once its links and the simple techniques find nothing more: the chains of lower families,
//! run on the board the walk has reduced. Level 2 uses the forcing chains and cycles, level 3
//! those and then the multiple forcing chains, level 4 the dynamic forcing chains, level 5
//! those and then level 2's nested chains. The first family that finds anything gives what
//! every one of its chains removes (a placement removes its cell's other candidates).
//!
//! Each removal rests on the candidates the walk removed that the chain needed gone, as Sudoku
//! Explainer reads them: each candidate the chain turned on is a single, in its cell (the rest
//! of the cell gone) or in the one house that left its value there last (the value's other
//! places there gone); a cell or region forcing chain's assumptions are singles of their cell
//! or house, a contradiction's or forcing chain's assumption is none, and a cycle holds both
//! ways round, so its candidates off count as turned on too. A chain that needed none was
//! there before the walk and adds nothing to it. The chains are taken easiest first, so a
//! candidate two of them remove is the easier one's. The chain's own complexity is added to
//! that of a step resting on it, once however many of the step's branches do.

use std::hash::{DefaultHasher, Hash, Hasher};

use super::cands::cand_of;
use super::links::Need;
use super::marks::{Marks, cells_of};
use super::{ChainFamily, Found, search};

/// A removal, the removed candidates it rests on, and the nested chain that made it: its
/// identity (see [`identity`]; 0 for none) and its complexity.
pub(super) type Removal = (usize, Vec<usize>, (u64, u32));

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
        for chain in found.into_all() {
            let parents = rule_parents(source, grid, &chain.needs);
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
            let tag = (identity(&chain.nodes), chain.complexity());
            out.extend(removed.into_iter().map(|c| (c, parents.clone(), tag)));
        }
        if !out.is_empty() {
            break;
        }
    }
    out
}

/// A nested chain's identity, from its nodes: the same chain found in two walks (or twice in
/// one) is one chain, whose complexity a step resting on it counts once, as Sudoku Explainer
/// tells chains apart by their nodes. Never zero.
fn identity(nodes: &[usize]) -> u64 {
    let mut hasher = DefaultHasher::new();
    nodes.hash(&mut hasher);
    hasher.finish() | 1
}

/// The candidates gone from `source` in `grid` that a chain of `needs` rests on: for each
/// candidate it turned on, the rest of its cell or its value's other places in the one house
/// that made it the last.
fn rule_parents(source: &Marks, grid: &Marks, needs: &[Need]) -> Vec<usize> {
    let gone = |cell: usize, value: u8| source.has(cell, value) && !grid.has(cell, value);
    let mut parents = Vec::new();
    for &need in needs {
        match need {
            Need::Cell(cell) => {
                parents.extend((1..=9u8).filter(|&v| gone(cell, v)).map(|v| cand_of(cell, v)));
            }
            Need::Place(house, value) => parents.extend(
                cells_of(house)
                    .into_iter()
                    .filter(|&other| gone(other, value))
                    .map(|other| cand_of(other, value)),
            ),
        }
    }
    parents.sort_unstable();
    parents.dedup();
    parents
}
