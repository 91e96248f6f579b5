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

use std::cell::{Cell, RefCell};
use std::hash::{DefaultHasher, Hash, Hasher};

use rustc_hash::FxHashMap;

use super::cands::{Cands, cand_of};
use super::links::Need;
use super::marks::{Marks, house_cells};
use crate::budget;
use crate::houses::{bits, values};
use crate::step::ChainFamily;

use super::found::{Found, Judge, Search};

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
pub(super) fn removals(source: &Marks, grid: &Marks, level: u8, search: Search) -> Vec<Removal> {
    for &group in families(level) {
        let out = remembered(source, grid, group, search);
        if !out.is_empty() {
            return out;
        }
    }
    Vec::new()
}

/// A board a nested family searched, as the walk's start and end: what it removed depends on
/// nothing else.
#[derive(PartialEq, Eq, Hash)]
struct Searched {
    source: [u16; 81],
    placed: [u8; 9],
    grid: [u16; 81],
    family: u8,
}

/// What a nested family removed from a board, and the walk steps that took.
struct Known {
    removals: Vec<Removal>,
    steps: u64,
}

/// The most searches a thread remembers; past that it forgets them all and starts again.
const REMEMBERED: usize = 1 << 14;

thread_local! {
    /// The nested searches made on this thread. Walks from different assumptions often
    /// reduce the board alike (a candidate on and the other of its cell off imply the same),
    /// and each rung of the ladder walks again what the rung below it walked: the same family
    /// on the same board is searched once. Keyed by FxHash, a far cheaper hash than the
    /// standard library's of a key of two boards, looked up for every board a walk reduces.
    static KNOWN: RefCell<FxHashMap<Searched, Known>> = RefCell::new(FxHashMap::default());
}

/// What `group`'s chains remove from `grid` (the board `source` less a walk's removals), each
/// removal with the removed candidates it rests on: searched once per board and family, the
/// walk steps the search took spent again when it is reused.
fn remembered(source: &Marks, grid: &Marks, group: ChainFamily, search: Search) -> Vec<Removal> {
    let key = Searched {
        source: source.cells,
        placed: source.placed,
        grid: grid.cells,
        family: match group {
            ChainFamily::Static => 0,
            ChainFamily::Nishio => 1,
            ChainFamily::Multiple => 2,
            ChainFamily::Dynamic => 3,
            ChainFamily::DynamicPlus => 4,
            ChainFamily::Nested(level) => 4 + level,
        },
    };
    let known = KNOWN
        .with(|known| known.borrow().get(&key).map(|known| (known.removals.clone(), known.steps)));
    if let Some((removals, steps)) = known {
        budget::spend_many(steps);
        return removals;
    }
    let before = budget::spent();
    let removals = search_removals(source, grid, group, search);
    // A search the budget cut short may have missed some: only a whole one is remembered.
    if !budget::exhausted() {
        let steps = budget::spent() - before;
        KNOWN.with(|known| {
            let mut known = known.borrow_mut();
            if known.len() >= REMEMBERED {
                known.clear();
            }
            known.insert(key, Known { removals: removals.clone(), steps });
        });
    }
    removals
}

thread_local! {
    /// How many nested searches the thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// How many nested searches the current walk is inside (0: a search of the ladder itself).
pub(super) fn depth() -> u32 {
    DEPTH.with(Cell::get)
}

/// What `group`'s chains remove from `grid` (the board `source` less a walk's removals).
fn search_removals(
    source: &Marks,
    grid: &Marks,
    group: ChainFamily,
    search: Search,
) -> Vec<Removal> {
    let judge = Walked { source, grid };
    let mut found = Found::nested(group, &judge);
    DEPTH.with(|depth| depth.set(depth.get() + 1));
    search(grid, group, &mut found);
    DEPTH.with(|depth| depth.set(depth.get() - 1));
    let mut out = Vec::new();
    for chain in found.into_kept() {
        let tag = (identity(&chain.nodes), chain.complexity());
        out.extend(chain.removed.iter().map(|&c| (c, chain.parents.clone(), tag)));
    }
    out
}

/// A walk's board, `source` less what the walk removed, to give `grid`: what a chain found
/// there removes from it, and which of the walk's removals the chain rests on.
struct Walked<'a> {
    source: &'a Marks,
    grid: &'a Marks,
}

impl Judge for Walked<'_> {
    /// The candidates the chain's eliminations remove, and those its placements take from
    /// their cells (a placement removes its cell's other candidates).
    fn removed(&self, eliminations: &[(usize, u8)], placements: &[(usize, u8)]) -> Vec<usize> {
        let grid = self.grid;
        // Room for all at once: a placement removes at most eight.
        let mut removed = Vec::with_capacity(eliminations.len() + 8 * placements.len());
        removed.extend(
            eliminations
                .iter()
                .filter(|&&(cell, value)| grid.has(cell, value))
                .map(|&(cell, value)| cand_of(cell, value)),
        );
        for &(cell, value) in placements {
            let others = grid.cells[cell] & !(1 << (value - 1));
            removed.extend(values(u64::from(others)).map(|v| cand_of(cell, v)));
        }
        removed
    }

    fn parents(&self, needs: &[Need]) -> Vec<usize> {
        rule_parents(self.source, self.grid, needs)
    }
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
    // Gathered in a set: in increasing order, each once.
    let mut parents = Cands::default();
    for &need in needs {
        match need {
            Need::Cell(cell) => parents.insert_values(cell, source.cells[cell] & !grid.cells[cell]),
            Need::Place(house, value) => {
                let cells = house_cells(house);
                let gone = source.places(house, value) & !grid.places(house, value);
                for i in bits(u64::from(gone)) {
                    parents.insert(cand_of(usize::from(cells[i]), value));
                }
            }
        }
    }
    parents.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    // The search the ladder runs, which these searches are nested in.
    use super::super::search;
    use crate::techniques::testing::board_from_line;

    #[test]
    fn a_board_searched_again_gives_what_it_gave_and_costs_the_steps_it_cost() {
        let board = board_from_line(
            "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..",
        );
        let source = Marks::of(&board).expect("9×9");
        // A walk's board: a few candidates of the first row gone.
        let mut grid = source;
        for cell in (0..9).filter(|&cell| source.count(cell) > 2) {
            let value = (1..=9u8).find(|&v| source.has(cell, v)).expect("a candidate");
            grid.remove(cell, value);
        }
        budget::start(None);
        KNOWN.with(|known| known.borrow_mut().clear());
        for group in [ChainFamily::Static, ChainFamily::Multiple] {
            let before = budget::spent();
            let searched = search_removals(&source, &grid, group, search);
            let cost = budget::spent() - before;
            for time in ["first", "again"] {
                let before = budget::spent();
                let again = remembered(&source, &grid, group, search);
                assert_eq!(again, searched, "{group:?}, {time}");
                assert_eq!(budget::spent() - before, cost, "{group:?}, {time}");
            }
        }
        // Searched once each, then remembered.
        assert_eq!(KNOWN.with(|known| known.borrow().len()), 2);
        // A budget too small for the search (whose walks take steps; the cycles and forcing
        // chains of the static family take none) runs out when the result is reused, as it
        // would have searching.
        budget::start(Some(1));
        remembered(&source, &grid, ChainFamily::Multiple, search);
        assert!(budget::exhausted());
    }
}
