//! Everything one assumption implies: a breadth-first walk of the links from a candidate
//! assumed on (or off), each node reached keeping the nodes it was derived from, until nothing
//! new follows or a candidate would be both on and off.
//!
//! A static walk reads the links off the board as it is. A dynamic walk removes each
//! candidate it turns off from its own copy of the board, so that later links see the cells
//! and houses those removals emptied; a link that needed them rests on them too, which makes
//! its chain longer (and the step harder), as on Sudoku Explainer's scale. With `advanced`,
//! when the links are exhausted, the simple techniques (locked candidates, pairs, X-wing)
//! are tried on that copy and what they remove is turned off too; at a nesting level above
//! one, when those find nothing either, the chains of lower families are ([`nested`]).
//!
//! Every walk spends the thread's work budget ([`budget`]): a step a node. A walk that finds
//! the budget spent stops where it is, and the search that asked for it must not be trusted.
//!
//! A walk of a higher level goes the way of a lower level's walk from the same start up to
//! where that one ends, and the ladder's rungs search one board in turn, each a level above
//! the one before: the ladder's walks are kept where a walk of level 0 or 1 ends, and a walk
//! of a higher rung goes on from there, spending again the steps the way there took.

use std::cell::{Cell, RefCell};

use rustc_hash::FxHashMap;

use crate::step::ChainFamily;

use super::cands::{Cands, NODES, NodeSet, cand, is_on, node};
use super::found::Search;
use super::links::{MAX_PARENTS, Need, OnLink, need, off_to_on, on_to_off};
use super::marks::Marks;
use super::nested;
use super::spare;
use crate::budget;

impl ChainFamily {
    /// Sudoku Explainer's nesting level of the group's walks: 0 without the simple
    /// techniques, 1 with them, 2 to 5 with chains of lower families too.
    pub(super) fn level(self) -> u8 {
        match self {
            ChainFamily::DynamicPlus => 1,
            ChainFamily::Nested(level) => level,
            _ => 0,
        }
    }
}

/// How a walk follows links.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    /// Whether a candidate on turns off the other candidates of its cell, and a cell of two
    /// candidates one off turns the other on (false for Nishio chains, one value at a time).
    pub(super) y_links: bool,
    /// Whether removals change the board the later links read.
    pub(super) dynamic: bool,
    /// Sudoku Explainer's nesting level: 0, links only; 1, the simple techniques join in
    /// when the links run dry (dynamic chains "(+)"); 2 to 5, chains of lower families too.
    pub(super) level: u8,
    /// The search of the families nested at levels 2 to 5.
    pub(super) search: Search,
}

/// What an assumption implies: the candidates turned on and off, in the order reached, each
/// with the nodes it was derived from; and the contradiction, if the walk met one.
pub(super) struct Implications {
    pub(super) on: Cands,
    pub(super) off: Cands,
    /// Candidates turned on, in the order reached (the assumption first, if on).
    pub(super) on_order: Vec<u16>,
    /// Candidates turned off, in the order reached.
    pub(super) off_order: Vec<u16>,
    /// Per node, one plus its index in `spans` if it was reached; an entry left over from an
    /// earlier walk of the same buffers is told apart by the span's node (see
    /// [`Implications::index`]), so that a walk need not clear the table it reuses. A walk
    /// records each node once at most, and one more where it meets a contradiction: 16 bits
    /// hold the index, and a thread's thousands of kept buffers take half the memory.
    slot: Vec<u16>,
    /// Per reached node, where its parents lie in `parents`, how many, and the node.
    spans: Vec<Span>,
    parents: Vec<u16>,
    /// The reached nodes derived by a nested chain, by their index in `spans`, with the
    /// chain's identity (never zero; the same for the same chain found in any walk) and its
    /// complexity, which every chain resting on the node carries too. Few walks have any, and
    /// those few nodes: a list of them rather than an entry for every node.
    nested: Vec<(u32, u64, u32)>,
    /// The two nodes of a candidate found both on and off, if any; the walk stopped there.
    pub(super) contradiction: Option<(usize, usize)>,
    /// Where the walk is to be kept when it is dropped, if it stopped where a walk of a lower
    /// level ends (see [`pause`]): the board's generation, the start and the level.
    kept: Option<(u64, usize, u8)>,
}

/// Where a reached node's parents lie in [`Implications::parents`], how many, and the node.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    len: u16,
    node: u16,
}

/// The buffers of a walk, kept for the next one when the walk is dropped.
struct Buffers {
    on_order: Vec<u16>,
    off_order: Vec<u16>,
    slot: Vec<u16>,
    spans: Vec<Span>,
    parents: Vec<u16>,
    nested: Vec<(u32, u64, u32)>,
}

/// The most walks' buffers a thread keeps: more than a search holds at once (one walk per
/// candidate on, and a few more), times the nesting levels.
const SPARE_BUFFERS: usize = 4096;

thread_local! {
    /// Buffers of walks dropped, for the next walks to reuse: a search makes thousands of
    /// short walks, and allocating, growing and zeroing each one's tables took a quarter of
    /// its time.
    static SPARE: RefCell<Vec<Buffers>> = const { RefCell::new(Vec::new()) };
}

impl Buffers {
    /// The lists of `walk`, taken from it.
    fn taken_from(walk: &mut Implications) -> Buffers {
        Buffers {
            on_order: std::mem::take(&mut walk.on_order),
            off_order: std::mem::take(&mut walk.off_order),
            slot: std::mem::take(&mut walk.slot),
            spans: std::mem::take(&mut walk.spans),
            parents: std::mem::take(&mut walk.parents),
            nested: std::mem::take(&mut walk.nested),
        }
    }
}

impl Implications {
    fn new() -> Implications {
        let mut buffers = spare::take(&SPARE, || Buffers {
            on_order: Vec::new(),
            off_order: Vec::new(),
            slot: vec![0; NODES],
            spans: Vec::new(),
            parents: Vec::new(),
            nested: Vec::new(),
        });
        buffers.on_order.clear();
        buffers.off_order.clear();
        buffers.spans.clear();
        buffers.parents.clear();
        buffers.nested.clear();
        Implications::over(buffers)
    }

    /// A walk that has reached nothing yet, in the lists of `buffers` as they are.
    fn over(buffers: Buffers) -> Implications {
        let Buffers { on_order, off_order, slot, spans, parents, nested } = buffers;
        Implications {
            on: Cands::default(),
            off: Cands::default(),
            on_order,
            off_order,
            slot,
            spans,
            parents,
            nested,
            contradiction: None,
            kept: None,
        }
    }

    /// Records node `n` as derived from `parents` (without adding it to the sets).
    fn record(&mut self, n: usize, parents: &[u16]) {
        let span =
            Span { start: self.parents.len() as u32, len: parents.len() as u16, node: n as u16 };
        self.spans.push(span);
        // Most links rest on one node: pushed without the call a copy of a slice makes.
        match parents {
            &[parent] => self.parents.push(parent),
            _ => self.parents.extend_from_slice(parents),
        }
        debug_assert!(self.spans.len() <= NODES + 1);
        self.slot[n] = self.spans.len() as u16;
    }

    /// Adds node `n`, derived from `parents`.
    fn add(&mut self, n: usize, parents: &[u16]) {
        self.record(n, parents);
        let c = cand(n);
        if is_on(n) {
            self.on.insert(c);
            self.on_order.push(c as u16);
        } else {
            self.off.insert(c);
            self.off_order.push(c as u16);
        }
    }

    /// A copy of the walk, in reused buffers (the node table rebuilt from the nodes reached
    /// rather than copied whole).
    fn copy(&self) -> Implications {
        let mut copy = Implications::new();
        copy.on = self.on;
        copy.off = self.off;
        copy.on_order.extend_from_slice(&self.on_order);
        copy.off_order.extend_from_slice(&self.off_order);
        copy.spans.extend_from_slice(&self.spans);
        copy.parents.extend_from_slice(&self.parents);
        copy.nested.extend_from_slice(&self.nested);
        for (index, span) in self.spans.iter().enumerate() {
            copy.slot[usize::from(span.node)] = index as u16 + 1;
        }
        copy.contradiction = self.contradiction;
        copy
    }

    /// The index of node `n` in `spans` and `nested`, if this walk reached it.
    #[inline]
    fn index(&self, n: usize) -> Option<usize> {
        let index = (*self.slot.get(n)? as usize).checked_sub(1)?;
        self.spans.get(index).filter(|span| usize::from(span.node) == n).map(|_| index)
    }

    /// The parents of node `n` (none for the assumption or a node not reached).
    pub(super) fn parents_of(&self, n: usize) -> &[u16] {
        match self.index(n) {
            None => &[],
            Some(index) => {
                let Span { start, len, .. } = self.spans[index];
                &self.parents[start as usize..start as usize + usize::from(len)]
            }
        }
    }

    /// The nested chain the node of index `index` in `spans` was derived by: its identity and
    /// complexity, or zeros for none.
    fn nested_of(&self, index: usize) -> (u64, u32) {
        self.nested
            .iter()
            .find(|&&(at, ..)| at as usize == index)
            .map_or((0, 0), |&(_, id, complexity)| (id, complexity))
    }

    /// The number of distinct nodes node `n` rests on, itself included; the nested chains
    /// among them not yet in `chains` are added to it (identity and complexity).
    fn ancestors(&self, n: usize, chains: &mut Vec<(u64, u32)>) -> u32 {
        let mut seen = NodeSet::EMPTY;
        let mut stack = vec![n as u16];
        seen.insert(n);
        let mut count = 1;
        let any_nested = !self.nested.is_empty();
        let mut nest = |node: usize| {
            if any_nested
                && let Some((id, complexity)) = self.index(node).map(|index| self.nested_of(index))
                && id != 0
                && !chains.iter().any(|&(other, _)| other == id)
            {
                chains.push((id, complexity));
            }
        };
        nest(n);
        while let Some(next) = stack.pop() {
            for &parent in self.parents_of(usize::from(next)) {
                if seen.insert(usize::from(parent)) {
                    count += 1;
                    nest(usize::from(parent));
                    stack.push(parent);
                }
            }
        }
        count
    }

    /// Adds to `out` what each candidate turned on that node `n` rests on needed gone (see
    /// [`Need`]), `source` being the board the walk started from; the assumption, having no
    /// parents, needs nothing here.
    pub(super) fn needs(&self, source: &Marks, n: usize, out: &mut Vec<Need>) {
        let mut seen = NodeSet::EMPTY;
        let mut stack = vec![n];
        seen.insert(n);
        let mut hidden = Vec::new();
        while let Some(next) = stack.pop() {
            let parents = self.parents_of(next);
            if let Some((&cause, rest)) = parents.split_first().filter(|_| is_on(next)) {
                hidden.clear();
                hidden.extend(rest.iter().map(|&p| cand(usize::from(p)) as u16));
                out.push(need(source, cand(usize::from(cause)), cand(next), &hidden));
            }
            for &parent in parents {
                if seen.insert(usize::from(parent)) {
                    stack.push(usize::from(parent));
                }
            }
        }
    }

    /// The first-parent path from the assumption to node `n`, as nodes.
    pub(super) fn path(&self, n: usize) -> Vec<usize> {
        let mut path = vec![n];
        let mut at = n;
        while let Some(&parent) = self.parents_of(at).first() {
            at = usize::from(parent);
            if path.contains(&at) {
                break;
            }
            path.push(at);
        }
        path.reverse();
        path
    }
}

impl Drop for Implications {
    fn drop(&mut self) {
        if let Some(kept) = self.kept.take()
            && keep(self, kept)
        {
            return;
        }
        spare::give(&SPARE, Buffers::taken_from(self), SPARE_BUFFERS);
    }
}

/// Sudoku Explainer's measure of the length of the chains to `ends` (a walk and a node in
/// it, each): the distinct nodes each end rests on, itself included, plus the complexity of
/// each distinct nested chain among them all, counted once however many ends rest on it.
pub(super) fn complexity<'a>(ends: impl IntoIterator<Item = (&'a Implications, usize)>) -> u32 {
    let mut chains = Vec::new();
    let flat: u32 = ends.into_iter().map(|(walk, n)| walk.ancestors(n, &mut chains)).sum();
    flat + chains.iter().map(|&(_, complexity)| complexity).sum::<u32>()
}

/// A dynamic walk with its cell links, stopped where a walk of a lower nesting level ends:
/// what it implied, the board it reduced, and the walk steps it took.
struct Paused {
    /// What it implied: none until the walk, handed to the search that asked for it, is
    /// dropped (see [`pause`]).
    found: Option<Implications>,
    grid: Marks,
    steps: u64,
}

/// The walks of the top-level searches on one board, stopped where a walk of level 0 ends
/// (its links ran dry) or of level 1 (the simple techniques found nothing either), by start
/// and level. A walk of a higher level takes the same way to that point, and each rung of the
/// ladder searches the board the rung below searched, so the walks of a rung go on from where
/// the rung below stopped rather than walking that way again.
#[derive(Default)]
struct Stopped {
    board: Option<Marks>,
    walks: FxHashMap<(usize, u8), Paused>,
}

thread_local! {
    static STOPPED: RefCell<Stopped> = RefCell::new(Stopped::default());
    /// The generation of [`STOPPED`]'s board: a walk dropped keeps its way only where it was
    /// paused on the board kept now.
    static GENERATION: Cell<u64> = const { Cell::new(0) };
}

/// Whether walks in `mode` on `source` share their way with walks of lower levels: dynamic
/// walks with cell links (the dynamic families and those above them), in the searches of the
/// ladder itself rather than those nested in walks, whose boards are each walk's own.
fn shared(mode: Mode) -> bool {
    mode.dynamic && mode.y_links && nested::depth() == 0
}

/// The walk from `start` on `source` stopped at the deepest level below `level`, if one was.
fn resume(source: &Marks, start: usize, level: u8) -> Option<(Implications, Marks, u64)> {
    STOPPED.with(|stopped| {
        let stopped = stopped.borrow();
        if stopped.board.as_ref() != Some(source) {
            return None;
        }
        (0..level.min(2)).rev().find_map(|below| {
            let paused = stopped.walks.get(&(start, below))?;
            Some((paused.found.as_ref()?.copy(), paused.grid, paused.steps))
        })
    })
}

/// Keeps the walk from `start` on `source` where a walk of `level` stops: the board it
/// reduced and its steps now, and what it implied when the search it is returned to drops it
/// (the walk returns as it is paused, and is read, not changed, by the search), rather than a
/// copy of it made now.
fn pause(
    source: &Marks,
    start: usize,
    level: u8,
    found: &mut Implications,
    grid: &Marks,
    steps: u64,
) {
    STOPPED.with(|stopped| {
        let mut stopped = stopped.borrow_mut();
        if stopped.board.as_ref() != Some(source) {
            stopped.board = Some(*source);
            stopped.walks.clear();
            GENERATION.with(|generation| generation.set(generation.get() + 1));
        }
        let paused = Paused { found: None, grid: *grid, steps };
        stopped.walks.insert((start, level), paused);
    });
    found.kept = Some((GENERATION.with(Cell::get), start, level));
}

/// Keeps `walk`, being dropped, where [`pause`] made room for it (`kept`), if the board is
/// still the one it was paused on; whether it did.
fn keep(walk: &mut Implications, (generation, start, level): (u64, usize, u8)) -> bool {
    if GENERATION.try_with(Cell::get).ok() != Some(generation) {
        return false;
    }
    STOPPED
        .try_with(|stopped| {
            let Ok(mut stopped) = stopped.try_borrow_mut() else { return false };
            let Some(paused) = stopped.walks.get_mut(&(start, level)) else { return false };
            if paused.found.is_some() {
                return false;
            }
            let mut found = Implications::over(Buffers::taken_from(walk));
            (found.on, found.off, found.contradiction) = (walk.on, walk.off, walk.contradiction);
            paused.found = Some(found);
            true
        })
        .unwrap_or(false)
}

/// The lists a walk reads its links into, and the parents of a removal its rules make as
/// nodes, kept for the next walk when it is dropped.
#[derive(Default)]
struct Room {
    offs: Vec<usize>,
    ons: Vec<OnLink>,
    rested: Vec<u16>,
}

/// A [`Room`]'s lists.
type Lists = (Vec<usize>, Vec<OnLink>, Vec<u16>);

thread_local! {
    /// The lists of rooms dropped: a walk nests searches that walk, so there are several at
    /// once.
    static ROOMS: RefCell<Vec<Lists>> = const { RefCell::new(Vec::new()) };
}

impl Room {
    fn new() -> Room {
        let (offs, ons, rested) = spare::take(&ROOMS, Default::default);
        Room { offs, ons, rested }
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        let lists = (
            std::mem::take(&mut self.offs),
            std::mem::take(&mut self.ons),
            std::mem::take(&mut self.rested),
        );
        spare::give(&ROOMS, lists, 64);
    }
}

/// Walks from `start` (a node) on `source` in `mode`. Nodes turned on are expanded before nodes
/// turned off, each list first in, first out, as Sudoku Explainer's walk does (which derivation
/// a node keeps depends on it).
pub(super) fn implications(source: &Marks, start: usize, mode: Mode) -> Implications {
    let shared = shared(mode);
    let first = budget::spent();
    let resumed = if shared && mode.level > 0 { resume(source, start, mode.level) } else { None };
    let (mut found, mut grid, (mut next_on, mut next_off)) = match resumed {
        Some((found, grid, steps)) => {
            // The steps the way here took, spent again: a budget runs out where it would have.
            budget::spend_many(steps);
            let next = (found.on_order.len(), found.off_order.len());
            (found, grid, next)
        }
        None => {
            let mut found = Implications::new();
            found.add(start, &[]);
            (found, *source, (0, 0))
        }
    };
    // The steps taken up to the start of the current round.
    let mut taken;
    let mut room = Room::new();
    let Room { offs, ons, rested } = &mut room;
    loop {
        taken = budget::spent() - first;
        if !budget::spend() {
            return found;
        }
        if next_on < found.on_order.len() {
            let c = usize::from(found.on_order[next_on]);
            next_on += 1;
            on_to_off(&grid, c, mode.y_links, offs);
            let from = [node(c, true) as u16];
            for &off in offs.iter() {
                if found.on.has(off) {
                    found.record(node(off, false), &from);
                    found.contradiction = Some((node(off, true), node(off, false)));
                    return found;
                }
                if !found.off.has(off) {
                    found.add(node(off, false), &from);
                }
            }
        } else if next_off < found.off_order.len() {
            let c = usize::from(found.off_order[next_off]);
            next_off += 1;
            off_to_on(&grid, source, c, mode.y_links, true, ons);
            if mode.dynamic {
                let (cell, value) = super::cands::cell_value(c);
                grid.remove(cell, value);
            }
            for link in ons.iter() {
                let mut nodes = [0u16; MAX_PARENTS];
                for (to, &p) in nodes.iter_mut().zip(link.parents()) {
                    *to = node(usize::from(p), false) as u16;
                }
                let parents = &nodes[..link.parents().len()];
                if found.off.has(link.cand) {
                    found.record(node(link.cand, true), parents);
                    found.contradiction = Some((node(link.cand, true), node(link.cand, false)));
                    return found;
                }
                if !found.on.has(link.cand) {
                    found.add(node(link.cand, true), parents);
                }
            }
        } else if mode.level > 0 {
            let removals = nested::removals(source, &grid, mode.level, mode.search);
            let stops = removals.iter().all(|&(off, ..)| found.off.has(off));
            if stops && mode.level == 1 && shared && !budget::exhausted() {
                pause(source, start, 1, &mut found, &grid, taken);
            }
            let mut any = false;
            for &(off, ref parents, chain) in removals.iter() {
                if !found.off.has(off) {
                    rested.clear();
                    rested.extend(parents.iter().map(|&p| node(p, false) as u16));
                    found.add(node(off, false), rested);
                    if chain.0 != 0 {
                        found.nested.push((found.spans.len() as u32 - 1, chain.0, chain.1));
                    }
                    any = true;
                }
            }
            if !any {
                return found;
            }
        } else {
            if shared && !budget::exhausted() {
                pause(source, start, 0, &mut found, &grid, taken);
            }
            return found;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The search the ladder runs, which level 2's walks nest.
    use super::super::search;
    use crate::techniques::testing::board_from_line;

    /// Everything a walk found, to tell two walks apart by.
    type Summary = (Vec<u16>, Vec<u16>, Vec<Vec<u16>>, Vec<(u64, u32)>, Option<(usize, usize)>);

    fn summary(walk: &Implications) -> Summary {
        let parents = (0..NODES).map(|n| walk.parents_of(n).to_vec()).collect();
        let nested = (0..NODES).filter_map(|n| walk.index(n).map(|i| walk.nested_of(i))).collect();
        (walk.on_order.clone(), walk.off_order.clone(), parents, nested, walk.contradiction)
    }

    /// The walk from `start` in `mode`, and the walk steps it spent.
    fn walk(source: &Marks, start: usize, level: u8) -> (Summary, u64) {
        let before = budget::spent();
        let mode = Mode { y_links: true, dynamic: true, level, search };
        let walk = implications(source, start, mode);
        (summary(&walk), budget::spent() - before)
    }

    #[test]
    fn a_walk_going_on_from_where_a_lower_level_stopped_is_the_walk_from_its_start() {
        // A puzzle rated 9.0 (dynamic forcing chains "(+)"): its walks need the simple
        // techniques, and nested chains on top of those.
        let board = board_from_line(
            "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..",
        );
        let source = Marks::of(&board).expect("9×9");
        budget::start(None);
        let starts: Vec<usize> = (0..729)
            .filter(|&c| source.has(c / 9, (c % 9) as u8 + 1) && source.count(c / 9) > 1)
            .step_by(15)
            .flat_map(|c| [node(c, true), node(c, false)])
            .collect();
        for &start in &starts {
            // Alone on the board: nothing kept from another walk.
            STOPPED.with(|stopped| *stopped.borrow_mut() = Stopped::default());
            let fresh = [walk(&source, start, 1), walk(&source, start, 2)];
            STOPPED.with(|stopped| *stopped.borrow_mut() = Stopped::default());
            // Each level after the one below, as the ladder's rungs walk them.
            let ((.., contradiction), _) = walk(&source, start, 0);
            let kept = STOPPED.with(|stopped| stopped.borrow().walks.contains_key(&(start, 0)));
            assert_eq!(kept, contradiction.is_none(), "a walk of level 0 kept where it stopped");
            let resumed = walk(&source, start, 1);
            assert_eq!(resumed, fresh[0], "level 1 from {start}");
            assert_eq!(walk(&source, start, 2), fresh[1], "level 2 from {start}");
        }
        // A walk on another board starts afresh.
        let other = Marks::of(&board_from_line(&"0".repeat(81))).expect("9×9");
        assert_eq!(resume(&other, starts[0], 1).map(|(walk, ..)| summary(&walk)), None);
    }
}
