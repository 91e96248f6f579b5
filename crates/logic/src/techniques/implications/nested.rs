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
//!
//! What the rules remove from a board, the simple techniques' as the nested families', is
//! remembered: walks reduce the board alike from many starts and on every rung.

use std::cell::{Cell, RefCell};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::rc::Rc;
use std::thread::LocalKey;

use rustc_hash::FxHashMap;

use super::advanced;
use super::cands::{Cands, cand_of};
use super::links::Need;
use super::marks::{Marks, house_cells};
use crate::budget;
use crate::houses::{bits, values};
use crate::step::ChainFamily;

use super::found::{Found, Judge, Offer, Search, kept};

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

/// What the rules of a walk of `level` (1 to 5) remove from `grid` (the board `source` less
/// the walk's removals): the simple techniques' ([`advanced`]), or if they find nothing, above
/// level 1, the first nested family's that finds anything.
pub(super) fn removals(source: &Marks, grid: &Marks, level: u8, search: Search) -> Rc<[Removal]> {
    let simple = remembered(source, grid, SIMPLE, || {
        let found = advanced::removals(source, grid);
        found.into_iter().map(|(off, parents)| (off, parents, (0, 0))).collect()
    });
    if !simple.is_empty() || level < 2 {
        return simple;
    }
    for &group in families(level) {
        let out = remembered(source, grid, family(group), || {
            search_removals(source, grid, group, search)
        });
        if !out.is_empty() {
            return out;
        }
    }
    simple
}

/// The key of what the simple techniques remove, among [`family`]'s.
const SIMPLE: u8 = u8::MAX;

/// The key of what a nested family removes.
fn family(group: ChainFamily) -> u8 {
    match group {
        ChainFamily::Static => 0,
        ChainFamily::Nishio => 1,
        ChainFamily::Multiple => 2,
        ChainFamily::Dynamic => 3,
        ChainFamily::DynamicPlus => 4,
        ChainFamily::Nested(level) => 4 + level,
    }
}

/// A board a walk's rules read (a nested family, or the simple techniques), as the walk's
/// start and end: what they removed depends on nothing else.
#[derive(PartialEq, Eq, Hash)]
struct Searched {
    source: [u16; 81],
    placed: [u8; 9],
    grid: [u16; 81],
    family: u8,
}

/// The most boards a thread remembers in each of its memories; past that a memory forgets them
/// all and starts again.
const REMEMBERED: usize = 1 << 14;

/// A memory of a thread's: by key, a result and the walk steps finding it took.
type Memory<K, V> = RefCell<FxHashMap<K, (V, u64)>>;

thread_local! {
    /// What the rules of walks removed on this thread. Walks from different assumptions often
    /// reduce the board alike (a candidate on and the other of its cell off imply the same),
    /// and each rung of the ladder walks again what the rung below it walked: the same rules
    /// on the same board are read once. Keyed by FxHash, a far cheaper hash than the standard
    /// library's of a key of two boards, looked up for every board a walk reduces.
    static KNOWN: Memory<Searched, Rc<[Removal]>> = RefCell::new(FxHashMap::default());
}

/// What `find` gives for `key`: found once on this thread and kept in `memory`, the walk steps
/// the finding took spent again each time it is reused, so that a budget runs out where the
/// finding would have run it out.
fn recalled<K: Hash + Eq, V: Clone>(
    memory: &'static LocalKey<Memory<K, V>>,
    key: K,
    find: impl FnOnce() -> V,
) -> V {
    let known = memory.with(|memory| memory.borrow().get(&key).cloned());
    if let Some((value, steps)) = known {
        budget::spend_many(steps);
        return value;
    }
    let before = budget::spent();
    let value = find();
    // A search the budget cut short may have missed some: only a whole one is remembered.
    if !budget::exhausted() {
        let steps = budget::spent() - before;
        memory.with(|memory| {
            let mut memory = memory.borrow_mut();
            if memory.len() >= REMEMBERED {
                memory.clear();
            }
            memory.insert(key, (value.clone(), steps));
        });
    }
    value
}

/// What the rules keyed `family` (see [`family`]) remove from `grid` (the board `source` less
/// a walk's removals), each removal with the removed candidates it rests on: found by `find`
/// once per board and rules (see [`recalled`]).
fn remembered(
    source: &Marks,
    grid: &Marks,
    family: u8,
    find: impl FnOnce() -> Vec<Removal>,
) -> Rc<[Removal]> {
    let key = Searched { source: source.cells, placed: source.placed, grid: grid.cells, family };
    recalled(&KNOWN, key, || find().into())
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
    let found = offers(grid, group, search);
    let mut out = Vec::new();
    for (index, parents) in kept(&found.offers, |needs| rule_parents(source, grid, needs)) {
        let offer = &found.offers[index];
        let tag = (found.identities[index], offer.complexity());
        out.extend(offer.removed.iter().map(|&c| (c, parents.clone(), tag)));
    }
    out
}

/// A board a nested family searched: the chains it found there depend on nothing else.
#[derive(PartialEq, Eq, Hash)]
struct Board {
    grid: [u16; 81],
    placed: [u8; 9],
    family: u8,
}

/// The chains a nested family found on a board that remove something from it, in the order
/// found, with their identities (see [`identity`]).
struct Offers {
    offers: Vec<Offer>,
    identities: Vec<u64>,
}

thread_local! {
    /// The chains nested families found on this thread, by board. A board is the start of a
    /// walk less its removals, and walks of different starts (those of the ladder's next
    /// step too, on a board a step reduced) reach the same one: the chains there are the
    /// same, and only which of the walk's removals they rest on differs.
    static SEARCHED: Memory<Board, Rc<Offers>> = RefCell::new(FxHashMap::default());
}

/// The chains of `group` on `grid` that remove something from it (see [`Offers`]): searched
/// once per board and family (see [`recalled`]).
fn offers(grid: &Marks, group: ChainFamily, search: Search) -> Rc<Offers> {
    let key = Board { grid: grid.cells, placed: grid.placed, family: family(group) };
    recalled(&SEARCHED, key, || {
        let judge = Walked { grid };
        let mut found = Found::nested(group, &judge);
        DEPTH.with(|depth| depth.set(depth.get() + 1));
        search(grid, group, &mut found);
        DEPTH.with(|depth| depth.set(depth.get() - 1));
        let offers = found.into_offers();
        let identities = offers.iter().map(|offer| identity(&offer.nodes)).collect();
        Rc::new(Offers { offers, identities })
    })
}

/// A walk's board: what a chain found there removes from it.
struct Walked<'a> {
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
        SEARCHED.with(|searched| searched.borrow_mut().clear());
        let find = |group| move || search_removals(&source, &grid, group, search);
        let groups = [ChainFamily::Static, ChainFamily::Multiple];
        let mut found = Vec::new();
        for group in groups {
            let before = budget::spent();
            let searched = search_removals(&source, &grid, group, search);
            let cost = budget::spent() - before;
            for time in ["first", "again"] {
                let before = budget::spent();
                let again = remembered(&source, &grid, family(group), find(group));
                assert_eq!(*again, searched[..], "{group:?}, {time}");
                assert_eq!(budget::spent() - before, cost, "{group:?}, {time}");
            }
            found.push(searched);
        }
        // Searched once each, then remembered.
        assert_eq!(KNOWN.with(|known| known.borrow().len()), 2);
        assert_eq!(SEARCHED.with(|searched| searched.borrow().len()), 2);
        // The same board reached from another start, one that lacks a candidate a removal
        // rested on: the chains found on the board are not searched again, but which of the
        // walk's removals they rest on is read anew, as a search afresh reads it.
        let rested = found.iter().flatten().find_map(|(_, parents, _)| parents.first());
        let gone = *rested.expect("a removal resting on the walk's");
        let mut other = source;
        other.remove(gone / 9, (gone % 9) as u8 + 1);
        let again = groups.map(|group| search_removals(&other, &grid, group, search));
        assert_eq!(SEARCHED.with(|searched| searched.borrow().len()), 2);
        SEARCHED.with(|searched| searched.borrow_mut().clear());
        for ((group, before), again) in groups.into_iter().zip(&found).zip(&again) {
            assert!(again.iter().all(|(_, parents, _)| !parents.contains(&gone)), "{group:?}");
            assert_eq!(*again, search_removals(&other, &grid, group, search), "{group:?}");
            if before.iter().any(|(_, parents, _)| parents.contains(&gone)) {
                assert_ne!(again, before, "{group:?}");
            }
        }
        // A budget too small for the search (whose walks take steps; the cycles and forcing
        // chains of the static family take none) runs out when the result is reused, as it
        // would have searching.
        budget::start(Some(1));
        let multiple = ChainFamily::Multiple;
        remembered(&source, &grid, family(multiple), find(multiple));
        assert!(budget::exhausted());
    }
}
