//! Chains from one candidate on a static board: bidirectional cycles (a loop of alternating
//! links that holds either way round, so whatever both ways see goes) and forcing chains (a
//! candidate that implies its own negation). Each reached node keeps the one node it came from,
//! several copies of a node may be reached by different ways, as the cycles need.

use std::cell::Cell;

use super::cands::{cand, cand_of, cell_value, is_on, node};
use super::links::{Need, OnLink, need, need_back, off_to_on, on_to_off};
use super::marks::{Marks, cells_of, houses_of};
use super::{Found, Kind};

/// A node reached, with the copy it was reached from.
#[derive(Clone, Copy)]
struct Reached {
    node: usize,
    from: Option<u32>,
}

/// The nodes reached from one start, each copy with its parent.
struct Tree<'a> {
    reached: &'a mut Vec<Reached>,
}

/// The buffers of the walks from one start, kept on the thread for the next start's: a search
/// walks from every candidate three times, and growing fresh buffers for each walk cost more
/// than the walk.
#[derive(Default)]
struct Scratch {
    reached: Vec<Reached>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    /// The half-step being expanded, taken out of `pending_on` or `pending_off`.
    current: Vec<u32>,
    closing: Vec<u32>,
    offs: Vec<usize>,
    ons: Vec<OnLink>,
}

impl Scratch {
    /// Empties the buffers, keeping their room.
    fn clear(&mut self) {
        self.reached.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.current.clear();
        self.closing.clear();
    }
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// Moves the pending half-step `pending` into `current` to be expanded, leaving `pending`
/// empty for the next.
fn next_half_step(pending: &mut Vec<u32>, current: &mut Vec<u32>) {
    std::mem::swap(pending, current);
    pending.clear();
}

impl Tree<'_> {
    fn push(&mut self, node: usize, from: Option<u32>) -> u32 {
        self.reached.push(Reached { node, from });
        (self.reached.len() - 1) as u32
    }

    /// Whether `n` is a strict ancestor of copy `at`.
    fn descends_from(&self, at: u32, n: usize) -> bool {
        let mut from = self.reached[at as usize].from;
        while let Some(index) = from {
            let reached = self.reached[index as usize];
            if reached.node == n {
                return true;
            }
            from = reached.from;
        }
        false
    }

    /// The nodes from the root to copy `at`.
    fn path(&self, at: u32) -> Vec<usize> {
        let mut path = Vec::new();
        let mut from = Some(at);
        while let Some(index) = from {
            let reached = self.reached[index as usize];
            path.push(reached.node);
            from = reached.from;
        }
        path.reverse();
        path
    }
}

/// The cycles and forcing chains from candidate `c` on with links of the kinds `y`, `x`,
/// given to `found`.
pub(super) fn unary(grid: &Marks, c: usize, y: bool, x: bool, found: &mut Found) {
    let (cell, _) = cell_value(c);
    if grid.count(cell) > 2 && !x {
        return; // a cycle of Y links only starts in a cell of two candidates
    }
    let mut scratch = SCRATCH.with(Cell::take);
    cycles(grid, c, y, x, found, &mut scratch);
    if x {
        forcing(grid, node(c, true), y, found, &mut scratch);
        forcing(grid, node(c, false), y, found, &mut scratch);
    }
    SCRATCH.with(|kept| kept.set(scratch));
}

/// The bidirectional cycles through candidate `c` on.
fn cycles(grid: &Marks, c: usize, y: bool, x: bool, found: &mut Found, scratch: &mut Scratch) {
    let source = node(c, true);
    scratch.clear();
    let Scratch { reached, pending_on, pending_off, current, closing, offs, ons } = scratch;
    let mut tree = Tree { reached };
    tree.reached.push(Reached { node: source, from: None });
    let mut on = super::cands::Cands::default();
    on.insert(c);
    pending_on.push(0);
    let kind = match (y, x) {
        (true, true) => Kind::Cycle,
        (true, false) => Kind::YCycle,
        _ => Kind::XCycle,
    };
    // A loop closed after `length` half-steps has `length` nodes.
    let reach = found.reach(kind);
    let mut length = 0;
    while (!pending_on.is_empty() || !pending_off.is_empty()) && length + 2 <= reach {
        length += 1;
        next_half_step(pending_on, current);
        for &at in current.iter() {
            on_to_off(grid, cand(tree.reached[at as usize].node), y, offs);
            for &off in offs.iter() {
                let off = node(off, false);
                if !tree.descends_from(at, off) {
                    pending_off.push(tree.push(off, Some(at)));
                }
            }
        }
        length += 1;
        next_half_step(pending_off, current);
        for &at in current.iter() {
            off_to_on(grid, grid, cand(tree.reached[at as usize].node), y, x, ons);
            for link in ons.iter() {
                let reached = node(link.cand, true);
                if length >= 4 && reached == source {
                    closing.push(tree.push(reached, Some(at)));
                }
                if !on.has(link.cand) {
                    on.insert(link.cand);
                    pending_on.push(tree.push(reached, Some(at)));
                }
            }
        }
    }
    for &at in closing.iter() {
        // The loop without its closing copy of the start.
        let mut path = tree.path(at);
        path.pop();
        let complexity = path.len() as u32;
        if !found.worth_trying(kind, complexity) {
            continue;
        }
        let eliminations = cycle_eliminations(grid, &path);
        if !eliminations.is_empty() {
            found.offer(kind, complexity, || {
                // The start is turned on again by the link that closes the loop; and the loop
                // holds the other way round too, where its candidates off are on.
                let mut needs = needs_along(grid, &path);
                let closing = path.last().expect("a loop has nodes");
                needs.push(need(grid, cand(*closing), cand(path[0]), &[]));
                needs.extend(
                    path.windows(2)
                        .filter(|pair| !is_on(pair[1]))
                        .map(|pair| need_back(cand(pair[0]), cand(pair[1]))),
                );
                (vec![path.clone()], eliminations, Vec::new(), needs)
            });
        }
    }
}

/// What both ways round a cycle remove: a candidate outside the loop's cells that sees a node
/// of the loop that is on one way round and one that is on the other way.
fn cycle_eliminations(grid: &Marks, path: &[usize]) -> Vec<(usize, u8)> {
    let cells: Vec<usize> = path.iter().map(|&n| cand(n) / 9).collect();
    let mut seen = [[false; 2]; 729];
    for &n in path {
        let (cell, value) = cell_value(cand(n));
        for house in houses_of(cell) {
            for peer in cells_of(house) {
                if !cells.contains(&peer) && grid.has(peer, value) {
                    seen[cand_of(peer, value)][usize::from(is_on(n))] = true;
                }
            }
        }
    }
    (0..729).filter(|&c| seen[c][0] && seen[c][1]).map(cell_value).collect()
}

/// The forcing chains from `start`: the first way it reaches its own negation.
fn forcing(grid: &Marks, start: usize, y: bool, found: &mut Found, scratch: &mut Scratch) {
    scratch.clear();
    let Scratch { reached, pending_on, pending_off, current, offs, ons, .. } = scratch;
    let mut tree = Tree { reached };
    tree.reached.push(Reached { node: start, from: None });
    let (mut on, mut off) = (super::cands::Cands::default(), super::cands::Cands::default());
    let source = cand(start);
    if is_on(start) {
        on.insert(source);
    } else {
        off.insert(source);
    }
    if is_on(start) {
        pending_on.push(0);
    } else {
        pending_off.push(0);
    }
    let mut target = None;
    let kind = if y { Kind::ForcingChain } else { Kind::ForcingXChain };
    // In the `k`-th round (an "on" half-step then an "off" one) a chain found has at least
    // `2k − 2` nodes: past the reach, none can be easier than the best so far.
    let reach = found.reach(kind);
    let mut round = 0;
    while target.is_none() && (!pending_on.is_empty() || !pending_off.is_empty()) {
        round += 1;
        if 2 * round - 2 > reach {
            return;
        }
        next_half_step(pending_on, current);
        for &at in current.iter() {
            on_to_off(grid, cand(tree.reached[at as usize].node), y, offs);
            for &c in offs.iter() {
                let n = node(c, false);
                if c == source && is_on(start) && target.is_none() {
                    target = Some(tree.push(n, Some(at)));
                }
                if !tree.descends_from(at, n) && !off.has(c) {
                    off.insert(c);
                    pending_off.push(tree.push(n, Some(at)));
                }
            }
        }
        next_half_step(pending_off, current);
        for &at in current.iter() {
            off_to_on(grid, grid, cand(tree.reached[at as usize].node), y, true, ons);
            for link in ons.iter() {
                let n = node(link.cand, true);
                if link.cand == source && !is_on(start) && target.is_none() {
                    target = Some(tree.push(n, Some(at)));
                }
                if !on.has(link.cand) {
                    on.insert(link.cand);
                    pending_on.push(tree.push(n, Some(at)));
                }
            }
        }
    }
    let Some(at) = target else { return };
    let path = tree.path(at);
    let complexity = path.len() as u32;
    let (cell, value) = cell_value(source);
    found.offer(kind, complexity, || {
        let needs = needs_along(grid, &path);
        if is_on(start) {
            (vec![path.clone()], vec![(cell, value)], Vec::new(), needs)
        } else {
            (vec![path.clone()], Vec::new(), vec![(cell, value)], needs)
        }
    });
}

/// What the candidates turned on along `path` (each node derived from the one before it, on
/// `grid` as it is) needed gone; the start needs nothing, being assumed.
fn needs_along(grid: &Marks, path: &[usize]) -> Vec<Need> {
    path.windows(2)
        .filter(|pair| is_on(pair[1]))
        .map(|pair| need(grid, cand(pair[0]), cand(pair[1]), &[]))
        .collect()
}
