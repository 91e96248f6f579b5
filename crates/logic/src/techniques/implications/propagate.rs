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

use super::advanced;
use super::budget;
use super::cands::{Cands, NODES, NodeSet, cand, is_on, node};
use super::links::{MAX_PARENTS, Need, OnLink, need, off_to_on, on_to_off};
use super::marks::Marks;
use super::nested;

/// How a walk follows links.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Mode {
    /// Whether a candidate on turns off the other candidates of its cell, and a cell of two
    /// candidates one off turns the other on (false for Nishio chains, one value at a time).
    pub(super) y_links: bool,
    /// Whether removals change the board the later links read.
    pub(super) dynamic: bool,
    /// Sudoku Explainer's nesting level: 0, links only; 1, the simple techniques join in
    /// when the links run dry (dynamic chains "(+)"); 2 to 5, chains of lower families too.
    pub(super) level: u8,
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
    /// Per node, one plus its index in `spans` (zero: not reached).
    slot: Vec<u32>,
    /// Per reached node, where its parents lie in `parents` and how many.
    spans: Vec<(u32, u16)>,
    parents: Vec<u16>,
    /// Per reached node, the nested chain it was derived by, if any: the chain's identity
    /// (zero: none; the same for the same chain found in any walk) and its complexity, which
    /// every chain resting on the node carries too.
    nested: Vec<(u64, u32)>,
    /// The two nodes of a candidate found both on and off, if any; the walk stopped there.
    pub(super) contradiction: Option<(usize, usize)>,
}

impl Implications {
    fn new() -> Implications {
        Implications {
            on: Cands::default(),
            off: Cands::default(),
            on_order: Vec::new(),
            off_order: Vec::new(),
            slot: vec![0; NODES],
            spans: Vec::new(),
            parents: Vec::new(),
            nested: Vec::new(),
            contradiction: None,
        }
    }

    /// Records node `n` as derived from `parents` (without adding it to the sets).
    fn record(&mut self, n: usize, parents: &[u16]) {
        self.spans.push((self.parents.len() as u32, parents.len() as u16));
        self.parents.extend_from_slice(parents);
        self.nested.push((0, 0));
        self.slot[n] = self.spans.len() as u32;
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

    /// The parents of node `n` (none for the assumption or a node not reached).
    pub(super) fn parents_of(&self, n: usize) -> &[u16] {
        match self.slot[n] {
            0 => &[],
            s => {
                let (start, len) = self.spans[s as usize - 1];
                &self.parents[start as usize..start as usize + usize::from(len)]
            }
        }
    }

    /// The number of distinct nodes node `n` rests on, itself included; the nested chains
    /// among them not yet in `chains` are added to it (identity and complexity).
    fn ancestors(&self, n: usize, chains: &mut Vec<(u64, u32)>) -> u32 {
        let mut seen = NodeSet::EMPTY;
        let mut stack = vec![n as u16];
        seen.insert(n);
        let mut count = 1;
        let mut nest = |node: usize| {
            if let Some(&(id, complexity)) = self
                .slot
                .get(node)
                .filter(|&&s| s != 0)
                .and_then(|&s| self.nested.get(s as usize - 1))
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

/// Sudoku Explainer's measure of the length of the chains to `ends` (a walk and a node in
/// it, each): the distinct nodes each end rests on, itself included, plus the complexity of
/// each distinct nested chain among them all, counted once however many ends rest on it.
pub(super) fn complexity<'a>(ends: impl IntoIterator<Item = (&'a Implications, usize)>) -> u32 {
    let mut chains = Vec::new();
    let flat: u32 = ends.into_iter().map(|(walk, n)| walk.ancestors(n, &mut chains)).sum();
    flat + chains.iter().map(|&(_, complexity)| complexity).sum::<u32>()
}

/// Walks from `start` (a node) on `source` in `mode`. Nodes turned on are expanded before nodes
/// turned off, each list first in, first out, as Sudoku Explainer's walk does (which derivation
/// a node keeps depends on it).
pub(super) fn implications(source: &Marks, start: usize, mode: Mode) -> Implications {
    let mut found = Implications::new();
    let mut grid = *source;
    found.add(start, &[]);
    let (mut next_on, mut next_off) = (0, 0);
    let mut offs = Vec::new();
    let mut ons: Vec<OnLink> = Vec::new();
    loop {
        if !budget::spend() {
            return found;
        }
        if next_on < found.on_order.len() {
            let c = usize::from(found.on_order[next_on]);
            next_on += 1;
            on_to_off(&grid, c, mode.y_links, &mut offs);
            let from = [node(c, true) as u16];
            for &off in &offs {
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
            off_to_on(&grid, source, c, mode.y_links, true, &mut ons);
            if mode.dynamic {
                let (cell, value) = super::cands::cell_value(c);
                grid.remove(cell, value);
            }
            for link in &ons {
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
            let mut removals: Vec<nested::Removal> = advanced::removals(source, &grid)
                .into_iter()
                .map(|(off, parents)| (off, parents, (0, 0)))
                .collect();
            if removals.is_empty() && mode.level > 1 {
                removals = nested::removals(source, &grid, mode.level);
            }
            let mut any = false;
            for (off, parents, chain) in removals {
                if !found.off.has(off) {
                    let parents: Vec<u16> =
                        parents.iter().map(|&p| node(p, false) as u16).collect();
                    found.add(node(off, false), &parents);
                    *found.nested.last_mut().expect("just added") = chain;
                    any = true;
                }
            }
            if !any {
                return found;
            }
        } else {
            return found;
        }
    }
}
