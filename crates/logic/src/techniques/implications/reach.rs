//! What the static walks of one board can reach, for every start at once: a proof, far cheaper
//! than the walks, that most of them find nothing.
//!
//! A static walk turns a candidate off by a weak link from one turned on, and turns one on only
//! by a strong link (the other candidate of a cell of two, the other place of a value with two
//! places in a house) from one turned off. So the candidates a walk turns on, past its start,
//! are among those with a strong link, a few dozen on a hard board; the walk leads from one of
//! them to another when a weak link from the first reaches a candidate strongly linked to the
//! second. On that small graph (one node a candidate with a strong link) the strongly connected
//! components and, for each, every node it leads to are found in one pass (Tarjan's algorithm,
//! the components closed in the order it completes them, each after those it leads to).
//!
//! From those sets, exactly as the walks would find it but without walking:
//! - a forcing chain from a candidate on exists only if a candidate it leads to (or itself)
//!   sees it, one from a candidate off only if a candidate strongly linked to it leads back;
//! - a cycle through a candidate closes only if its node lies in a component of two or more
//!   (a loop turns on at least one other candidate before it comes back);
//! - a cell or region forcing chain implies something only if what every one of its
//!   assumptions leads to, on and off, has something in common.
//!
//! Each is a necessary condition: the search walks only the starts, cycles, cells and houses it
//! leaves, and finds the same steps in the same order, as a walk it skips would have found
//! nothing.

use super::cands::{CANDIDATES, Cands};
use super::links::Links;

/// No index: a candidate without a strong link of the graph's kinds.
const NONE: u16 = u16::MAX;

/// The candidates with a strong link and where each leads, on one board with links of the
/// kinds `y` (by cells) and `x` (by houses): see the module's documentation.
pub(super) struct Reach {
    y: bool,
    x: bool,
    /// Per candidate, its index among the graph's nodes, or [`NONE`].
    index: Vec<u16>,
    /// Per node, its candidate.
    nodes: Vec<u16>,
    /// Per node, its component.
    component: Vec<u32>,
    /// Per component, its nodes.
    sizes: Vec<u32>,
    /// Words of a set of nodes.
    words: usize,
    /// Per component, the nodes its nodes lead to, themselves included (`words` each).
    sets: Vec<u64>,
    /// Per component, with [`Reach::with_offs`], every candidate turned off by one of the
    /// nodes in its set: what a walk from one of them turns off.
    offs: Vec<Cands>,
}

impl Reach {
    /// The graph of the static walks on the board whose links are `links`, with links by cell if
    /// `y` and by house if `x` (the candidates a candidate on turns off are always its value's
    /// other places, and the rest of its cell too with `y`, as the walks read them).
    pub(super) fn of(links: &Links, y: bool, x: bool) -> Reach {
        Reach::build(links, y, x, false)
    }

    /// [`Reach::of`], with what each component's walks turn off too, for cell and region
    /// forcing chains ([`Reach::common`]).
    pub(super) fn with_offs(links: &Links, y: bool, x: bool) -> Reach {
        Reach::build(links, y, x, true)
    }

    fn build(links: &Links, y: bool, x: bool, with_offs: bool) -> Reach {
        let mut index = vec![NONE; CANDIDATES];
        let mut nodes: Vec<u16> = Vec::new();
        for (c, index) in index.iter_mut().enumerate() {
            if !links.ons(c, y, x).is_empty() {
                *index = nodes.len() as u16;
                nodes.push(c as u16);
            }
        }
        let n = nodes.len();
        // Where each node leads, in a table of successors.
        let mut starts = Vec::with_capacity(n + 1);
        let mut edges: Vec<u16> = Vec::new();
        for &c in &nodes {
            starts.push(edges.len() as u32);
            for &off in links.offs(usize::from(c), y) {
                for &on in links.ons(usize::from(off), y, x) {
                    edges.push(index[usize::from(on)]);
                }
            }
        }
        starts.push(edges.len() as u32);
        let words = n.div_ceil(64).max(1);
        let mut reach = Reach {
            y,
            x,
            index,
            nodes: Vec::new(),
            component: vec![u32::MAX; n],
            sizes: Vec::new(),
            words,
            sets: Vec::new(),
            offs: Vec::new(),
        };
        reach.components(&nodes, &starts, &edges, links, with_offs);
        reach.nodes = nodes;
        reach
    }

    /// Tarjan's algorithm, without recursion: each component, as it is completed, gets the
    /// nodes it leads to (those of the components it has edges to, completed before it).
    fn components(
        &mut self,
        nodes: &[u16],
        starts: &[u32],
        edges: &[u16],
        links: &Links,
        with_offs: bool,
    ) {
        let n = nodes.len();
        let mut order = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        // The nodes being visited, each with the next of its edges to follow.
        let mut visiting: Vec<(u32, u32)> = Vec::new();
        let mut next_order = 0u32;
        let words = self.words;
        for root in 0..n as u32 {
            if order[root as usize] != u32::MAX {
                continue;
            }
            order[root as usize] = next_order;
            low[root as usize] = next_order;
            next_order += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            visiting.push((root, starts[root as usize]));
            while let Some(&mut (v, ref mut at)) = visiting.last_mut() {
                let v_ = v as usize;
                if *at < starts[v_ + 1] {
                    let w = u32::from(edges[*at as usize]);
                    *at += 1;
                    let w_ = w as usize;
                    if order[w_] == u32::MAX {
                        order[w_] = next_order;
                        low[w_] = next_order;
                        next_order += 1;
                        stack.push(w);
                        on_stack[w_] = true;
                        visiting.push((w, starts[w_]));
                    } else if on_stack[w_] {
                        low[v_] = low[v_].min(order[w_]);
                    }
                    continue;
                }
                visiting.pop();
                if let Some(&(parent, _)) = visiting.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v_]);
                }
                if low[v_] != order[v_] {
                    continue;
                }
                // `v` roots a component: its nodes are those above it on the stack.
                let id = self.sizes.len() as u32;
                let first = stack.iter().rposition(|&u| u == v).expect("on the stack");
                let members = stack.split_off(first);
                let base = self.sets.len();
                self.sets.resize(base + words, 0);
                for &u in &members {
                    on_stack[u as usize] = false;
                    self.component[u as usize] = id;
                    self.sets[base + u as usize / 64] |= 1 << (u % 64);
                }
                let mut offs = Cands::default();
                for &u in &members {
                    let u = u as usize;
                    for &w in &edges[starts[u] as usize..starts[u + 1] as usize] {
                        let other = self.component[usize::from(w)];
                        if other != id {
                            let from = other as usize * words;
                            for i in 0..words {
                                let bits = self.sets[from + i];
                                self.sets[base + i] |= bits;
                            }
                            if with_offs {
                                offs.union(&self.offs[other as usize]);
                            }
                        }
                    }
                    if with_offs {
                        for &off in links.offs(usize::from(nodes[u]), self.y) {
                            offs.insert(usize::from(off));
                        }
                    }
                }
                if with_offs {
                    self.offs.push(offs);
                }
                self.sizes.push(members.len() as u32);
            }
        }
    }

    /// The set of the nodes node `node`'s component leads to.
    #[inline]
    fn set(&self, node: u16) -> &[u64] {
        let from = self.component[usize::from(node)] as usize * self.words;
        &self.sets[from..from + self.words]
    }

    #[inline]
    fn has(set: &[u64], node: u16) -> bool {
        set[usize::from(node) / 64] & (1 << (node % 64)) != 0
    }

    /// The nodes a walk from candidate `c` on turns on (after `c`), into `out`: those its
    /// weak links' strong links lead to, and theirs.
    fn led_to_from(&self, links: &Links, c: usize, out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.words, 0);
        for &off in links.offs(c, self.y) {
            for &on in links.ons(usize::from(off), self.y, self.x) {
                let set = self.set(self.index[usize::from(on)]);
                out.iter_mut().zip(set).for_each(|(to, &bits)| *to |= bits);
            }
        }
    }

    /// Whether the forcing chain walk from node `start` (a candidate on or off) can reach the
    /// start's negation: if not, it finds nothing. The graph must be of the walk's kinds (by
    /// houses always, by cells as the walk).
    pub(super) fn forcing(&self, links: &Links, start: usize, scratch: &mut Vec<u64>) -> bool {
        let c = start >> 1;
        if start & 1 == 1 {
            // On: a candidate turned on later that sees `c` turns it off. Those that see it
            // are among the candidates it turns off first.
            let seen = scratch;
            seen.clear();
            seen.extend(
                links
                    .offs(c, self.y)
                    .iter()
                    .map(|&d| u64::from(self.index[usize::from(d)]))
                    .filter(|&node| node != u64::from(NONE)),
            );
            let sees = |set: &[u64]| seen.iter().any(|&node| Reach::has(set, node as u16));
            match self.index[c] {
                NONE => seen.iter().any(|&m| {
                    let m = usize::from(self.nodes[m as usize]);
                    links
                        .ons(m, self.y, self.x)
                        .iter()
                        .any(|&b| sees(self.set(self.index[usize::from(b)])))
                }),
                node => sees(self.set(node)),
            }
        } else {
            // Off: a candidate it turns on leads back to `c`.
            let node = self.index[c];
            node != NONE
                && links
                    .ons(c, self.y, self.x)
                    .iter()
                    .any(|&t| Reach::has(self.set(self.index[usize::from(t)]), node))
        }
    }

    /// Whether a cycle through candidate `c` on can close: its node lies in a component of two
    /// or more.
    pub(super) fn cycle(&self, c: usize) -> bool {
        match self.index[c] {
            NONE => false,
            node => self.sizes[self.component[usize::from(node)] as usize] > 1,
        }
    }

    /// Whether the walks from each of `sources` on (candidates) can all turn on, or all turn off,
    /// some candidate: if not, the cell or region forcing chain they make finds nothing. Needs
    /// [`Reach::with_offs`].
    pub(super) fn common(&self, links: &Links, sources: &[usize], scratch: &mut Vec<u64>) -> bool {
        let mut ons = vec![u64::MAX; self.words];
        let mut offs: Option<Cands> = None;
        for &c in sources {
            let own = self.index[c];
            let mut reached = Cands::default();
            for &off in links.offs(c, self.y) {
                reached.insert(usize::from(off));
            }
            match own {
                NONE => {
                    self.led_to_from(links, c, scratch);
                    for &off in links.offs(c, self.y) {
                        for &on in links.ons(usize::from(off), self.y, self.x) {
                            let component =
                                self.component[usize::from(self.index[usize::from(on)])];
                            reached.union(&self.offs[component as usize]);
                        }
                    }
                }
                node => {
                    let set = self.set(node);
                    scratch.clear();
                    scratch.extend_from_slice(set);
                    reached.union(&self.offs[self.component[usize::from(node)] as usize]);
                }
            }
            ons.iter_mut().zip(scratch.iter()).for_each(|(to, &bits)| *to &= bits);
            match &mut offs {
                None => offs = Some(reached),
                Some(offs) => offs.intersect(&reached),
            }
        }
        let on_any = ons.iter().any(|&bits| bits != 0);
        on_any || offs.is_some_and(|offs| !offs.is_empty())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::marks::Marks;
    use crate::techniques::testing::board_from_line;

    /// Boards to try the proofs on: puzzles as given, and as a walk might leave them (a
    /// candidate gone from some cells, which makes new strong links).
    pub(in super::super) fn boards() -> Vec<Marks> {
        // Puzzles of the shipped corpus that Sudoku Explainer rates 8.4, 8.9 and 8.9 (numbers
        // 3, 5048 and 5120): cycles and forcing chains of every kind on their boards.
        let puzzles = [
            ".8.1..74.........26...25..9.5..92.7.8...5.9...3.4...........4..5.7...3......465..",
            "....8.....2...4..646...15.8.7..6...4...5...6.8.............91.5...2.3...31.....7.",
            ".3..462...8.5.......2.........1..3.2.7.4....84....87..86..9...53.5.8........5..1.",
        ];
        let mut boards = Vec::new();
        for (n, line) in puzzles.into_iter().enumerate() {
            let grid = Marks::of(&board_from_line(line)).expect("9×9");
            boards.push(grid);
            for step in [3, 5, 7] {
                let mut reduced = grid;
                for cell in (n..81).step_by(step).filter(|&cell| grid.count(cell) > 2) {
                    let values = (1..=9u8).filter(|&v| grid.has(cell, v));
                    let value = values.clone().nth(step % 2).expect("a candidate");
                    reduced.remove(cell, value);
                }
                boards.push(reduced);
            }
        }
        boards
    }
}
