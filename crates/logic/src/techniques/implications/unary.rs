//! Chains from one candidate on a static board: bidirectional cycles (a loop of alternating
//! links that holds either way round, so whatever both ways see goes) and forcing chains (a
//! candidate that implies its own negation). Each reached node keeps the one node it came from,
//! several copies of a node may be reached by different ways, as the cycles need.

use std::cell::{Cell, OnceCell};

use super::cands::{Cands, cand, cell_value, is_on, node};
use super::found::{Found, Kind};
use super::links::{Links, Need, need, need_back};
use super::marks::{Marks, PEERS, several};
use super::reach::Reach;

/// A node reached, with the copy it was reached from (none for the start): eight bytes, as a
/// walk reaches thousands of copies.
#[derive(Clone, Copy)]
struct Reached {
    node: u32,
    from: u32,
}

impl Reached {
    /// The `from` of the start, which comes from no copy.
    const START: u32 = u32::MAX;

    fn new(node: usize, from: Option<u32>) -> Reached {
        Reached { node: node as u32, from: from.unwrap_or(Reached::START) }
    }

    #[inline]
    fn node(self) -> usize {
        self.node as usize
    }

    #[inline]
    fn from(self) -> Option<u32> {
        (self.from != Reached::START).then_some(self.from)
    }
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
        self.reached.push(Reached::new(node, from));
        (self.reached.len() - 1) as u32
    }

    /// The candidates turned off among the strict ancestors of copy `at`, gathered once for
    /// all the nodes `at` turns off rather than walked up again for each.
    fn offs_above(&self, at: u32) -> Cands {
        let mut offs = Cands::default();
        let mut from = self.reached[at as usize].from();
        while let Some(index) = from {
            let reached = self.reached[index as usize];
            if !is_on(reached.node()) {
                offs.insert(cand(reached.node()));
            }
            from = reached.from();
        }
        offs
    }

    /// The nodes from the root to copy `at`.
    fn path(&self, at: u32) -> Vec<usize> {
        let mut length = 0;
        let mut from = Some(at);
        while let Some(index) = from {
            length += 1;
            from = self.reached[index as usize].from();
        }
        let mut path = Vec::with_capacity(length);
        let mut from = Some(at);
        while let Some(index) = from {
            let reached = self.reached[index as usize];
            path.push(reached.node());
            from = reached.from();
        }
        path.reverse();
        path
    }
}

/// The cycles and forcing chains of every candidate on `grid`, given to `found`: X links
/// only, Y links only, then both, each candidate in turn; only the walks that [`Reach`] leaves
/// are walked.
pub(super) fn static_chains(grid: &Marks, found: &mut Found) {
    // The walks with both kinds of links go wherever those with one kind go: the candidates
    // from which they can find nothing are not looked at again, and the walks with one kind
    // are skipped where the graph with both proves them fruitless. (A graph with one kind
    // would skip a few more walks, but building it costs more than they do.)
    let xy = Reach::of(grid, true, true);
    // The starts in cells of two candidates or more: the graph leaves few, or none.
    let mut starts = Cands::default();
    for c in xy.starts().iter() {
        if several(grid.cells[cell_value(c).0]) {
            starts.insert(c);
        }
    }
    if starts.is_empty() {
        return;
    }
    let graphs = Graphs { grid, xy, links: OnceCell::new() };
    let mut scratch = SCRATCH.with(Cell::take);
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for c in starts.iter() {
            unary(grid, &graphs, &starts, c, y, x, found, &mut scratch);
        }
    }
    SCRATCH.with(|kept| kept.set(scratch));
}

/// Where the static walks of one board can lead, with links by cell and by house: the walks
/// that [`Reach`] proves find nothing are not walked. With it, the links the walks read, once
/// any is walked.
struct Graphs<'a> {
    grid: &'a Marks,
    xy: Reach,
    links: OnceCell<Links>,
}

impl Graphs<'_> {
    /// The links of the walks from `starts`, read once: those of the starts and of the
    /// candidates a walk turns on (nodes of the graph with both kinds of links, which the
    /// walks with one kind have among theirs), the only candidates whose links a walk reads.
    fn links(&self, starts: &Cands) -> &Links {
        self.links.get_or_init(|| {
            let mut walked = self.xy.nodes();
            walked.union(starts);
            Links::of(self.grid, &walked)
        })
    }
}

/// The cycles and forcing chains from candidate `c` (one of `starts`) on with links of the
/// kinds `y`, `x`, given to `found`, walked in `scratch`'s buffers on `grid` (see
/// [`static_chains`]).
#[allow(clippy::too_many_arguments)]
fn unary(
    grid: &Marks,
    graphs: &Graphs,
    starts: &Cands,
    c: usize,
    y: bool,
    x: bool,
    found: &mut Found,
    scratch: &mut Scratch,
) {
    let (cell, _) = cell_value(c);
    if grid.count(cell) > 2 && !x {
        return; // a cycle of Y links only starts in a cell of two candidates
    }
    // The graph with both kinds: where a walk with one kind can lead, it can.
    let graph = &graphs.xy;
    if graph.cycle(c) {
        cycles(grid, graphs.links(starts), c, y, x, found, scratch);
    }
    if x {
        for start in [node(c, true), node(c, false)] {
            if graph.forcing(start) {
                forcing(grid, graphs.links(starts), start, y, found, scratch);
            }
        }
    }
}

/// The bidirectional cycles through candidate `c` on, following `links` (`grid`'s).
fn cycles(
    grid: &Marks,
    links: &Links,
    c: usize,
    y: bool,
    x: bool,
    found: &mut Found,
    scratch: &mut Scratch,
) {
    let source = node(c, true);
    scratch.clear();
    let Scratch { reached, pending_on, pending_off, current, closing } = scratch;
    let mut tree = Tree { reached };
    tree.reached.push(Reached::new(source, None));
    let mut on = Cands::default();
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
            let offs = links.offs(cand(tree.reached[at as usize].node()), y);
            if offs.is_empty() {
                continue;
            }
            // A loop goes through no node twice.
            let above = tree.offs_above(at);
            for &off in offs {
                if !above.has(usize::from(off)) {
                    pending_off.push(tree.push(node(usize::from(off), false), Some(at)));
                }
            }
        }
        length += 1;
        next_half_step(pending_off, current);
        for &at in current.iter() {
            for &on_cand in links.ons(cand(tree.reached[at as usize].node()), y, x) {
                let on_cand = usize::from(on_cand);
                let reached = node(on_cand, true);
                if length >= 4 && reached == source {
                    closing.push(tree.push(reached, Some(at)));
                }
                if !on.has(on_cand) {
                    on.insert(on_cand);
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
            let needs = || {
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
                needs
            };
            found.offer(kind, complexity, &eliminations, &[], needs, || vec![path.clone()]);
        }
    }
}

/// What both ways round a cycle remove: a candidate outside the loop's cells that sees a node
/// of the loop that is on one way round and one that is on the other way.
fn cycle_eliminations(grid: &Marks, path: &[usize]) -> Vec<(usize, u8)> {
    // Per value, the cells that see a node of the loop on, and those that see one off.
    let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
    let mut cells = 0u128;
    for &n in path {
        let (cell, value) = cell_value(cand(n));
        cells |= 1 << cell;
        let sides = if is_on(n) { &mut on } else { &mut off };
        sides[usize::from(value - 1)] |= PEERS[cell];
    }
    let mut both: [u128; 9] = std::array::from_fn(|v| on[v] & off[v] & !cells);
    // Only the cells that hold the value: few of those seen both ways do.
    for (v, cells) in both.iter_mut().enumerate() {
        let mut seen = *cells;
        while seen != 0 {
            let cell = seen.trailing_zeros() as usize;
            seen &= seen - 1;
            if !grid.has(cell, v as u8 + 1) {
                *cells &= !(1 << cell);
            }
        }
    }
    let mut eliminations = Vec::new();
    let mut any = both.iter().fold(0, |any, &cells| any | cells);
    while any != 0 {
        let cell = any.trailing_zeros() as usize;
        any &= any - 1;
        for value in 1..=9u8 {
            if both[usize::from(value - 1)] & 1 << cell != 0 {
                eliminations.push((cell, value));
            }
        }
    }
    eliminations
}

/// The forcing chains from `start`, following `links` (`grid`'s): the first way it reaches its
/// own negation.
fn forcing(
    grid: &Marks,
    links: &Links,
    start: usize,
    y: bool,
    found: &mut Found,
    scratch: &mut Scratch,
) {
    scratch.clear();
    let Scratch { reached, pending_on, pending_off, current, .. } = scratch;
    let mut tree = Tree { reached };
    tree.reached.push(Reached::new(start, None));
    let (mut on, mut off) = (Cands::default(), Cands::default());
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
            for &c in links.offs(cand(tree.reached[at as usize].node()), y) {
                let c = usize::from(c);
                let n = node(c, false);
                if c == source && is_on(start) && target.is_none() {
                    target = Some(tree.push(n, Some(at)));
                }
                // An ancestor of `at` turned off is in `off` already (the start too, if off):
                // the set alone tells whether the node is new, without walking the ancestors.
                if !off.has(c) {
                    off.insert(c);
                    pending_off.push(tree.push(n, Some(at)));
                }
            }
        }
        next_half_step(pending_off, current);
        for &at in current.iter() {
            for &on_cand in links.ons(cand(tree.reached[at as usize].node()), y, true) {
                let on_cand = usize::from(on_cand);
                let n = node(on_cand, true);
                if on_cand == source && !is_on(start) && target.is_none() {
                    target = Some(tree.push(n, Some(at)));
                }
                if !on.has(on_cand) {
                    on.insert(on_cand);
                    pending_on.push(tree.push(n, Some(at)));
                }
            }
        }
    }
    let Some(at) = target else { return };
    let path = tree.path(at);
    let complexity = path.len() as u32;
    let made = [cell_value(source)];
    let (eliminations, placements): (&[_], &[_]) =
        if is_on(start) { (&made, &[]) } else { (&[], &made) };
    let needs = || needs_along(grid, &path);
    found.offer(kind, complexity, eliminations, placements, needs, || vec![path.clone()]);
}

/// What the candidates turned on along `path` (each node derived from the one before it, on
/// `grid` as it is) needed gone; the start needs nothing, being assumed.
fn needs_along(grid: &Marks, path: &[usize]) -> Vec<Need> {
    path.windows(2)
        .filter(|pair| is_on(pair[1]))
        .map(|pair| need(grid, cand(pair[0]), cand(pair[1]), &[]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::ChainFamily;
    use crate::techniques::implications::cands::CANDIDATES;
    use crate::techniques::implications::reach::tests::boards;

    #[test]
    fn the_walks_reach_proves_fruitless_are_those_that_find_nothing() {
        let mut scratch = Scratch::default();
        // Starts whose forcing chain walk found one, or did not; cycles walked that removed
        // something; cycles not walked, and those of them that closed.
        let (mut found_some, mut found_none, mut closed, mut skipped) = (0, 0, 0, 0);
        let mut closing_skipped = 0;
        for grid in boards() {
            let links = Links::of(&grid, &Cands::of_cells(&grid.cells));
            // The graph with both kinds of links says yes wherever one with one kind does.
            let both = Reach::of(&grid, true, true);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let graph = Reach::of(&grid, y, x);
                let forcing_graph = Reach::of(&grid, y, true);
                for c in (0..CANDIDATES).filter(|&c| {
                    let (cell, value) = cell_value(c);
                    grid.count(cell) > 1 && grid.has(cell, value)
                }) {
                    let mut found = Found::new(ChainFamily::Static);
                    cycles(&grid, &links, c, y, x, &mut found, &mut scratch);
                    let closes = !scratch.closing.is_empty();
                    assert!(!graph.cycle(c) || both.cycle(c), "{c}, y {y}, x {x}");
                    if graph.cycle(c) {
                        closed += usize::from(found.offered() > 0);
                    } else {
                        assert_eq!(found.offered(), 0, "a cycle through {c}, y {y}, x {x}");
                        skipped += 1;
                        // Loops that remove nothing are proved fruitless too.
                        closing_skipped += usize::from(closes);
                    }
                    for start in [node(c, true), node(c, false)] {
                        let mut found = Found::new(ChainFamily::Static);
                        forcing(&grid, &links, start, y, &mut found, &mut scratch);
                        let walked = found.offered() > 0;
                        let proved = forcing_graph.forcing(start);
                        assert!(!proved || both.forcing(start), "{start}, y {y}");
                        assert_eq!(proved, walked, "forcing chain from {start}, y {y}");
                        found_some += usize::from(walked);
                        found_none += usize::from(!walked);
                    }
                }
            }
        }
        assert!(found_some > 0 && found_none > 0 && closed > 0 && skipped > 0);
        assert!(closing_skipped > 0, "{closed} cycles found, {skipped} skipped");
    }
}
