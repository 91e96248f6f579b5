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

use super::cands::{CANDIDATES, Cands, cand_of, cell_value};
use super::links::{off_to_on_static, on_to_off};
use super::marks::{Marks, house_cells, two};

/// No index: a candidate without a strong link of the graph's kinds.
const NONE: u16 = u16::MAX;

/// The most strong links a candidate has: by its cell and by its three houses.
const MAX_STRONG: usize = 4;

/// The candidates with a strong link and where each leads, on one board with links of the
/// kinds `y` (by cells) and `x` (by houses): see the module's documentation.
pub(super) struct Reach {
    y: bool,
    /// Per candidate, its index among the graph's nodes, or [`NONE`].
    index: Vec<u16>,
    /// Per node, the nodes its strong links turn on when it is off (how many, and which).
    strong: Vec<(u8, [u16; MAX_STRONG])>,
    /// Per node, its component.
    component: Vec<u32>,
    /// Per component, its nodes.
    sizes: Vec<u32>,
    /// Per component, whether a loop through its nodes could remove anything (see
    /// [`Reach::cycle`]).
    eliminates: Vec<bool>,
    /// Words of a set of nodes.
    words: usize,
    /// Per component, the nodes its nodes lead to, themselves included (`words` each).
    sets: Vec<u64>,
    /// Per component, with [`Reach::with_offs`], every candidate turned off by one of the
    /// nodes in its set: what a walk from one of them turns off.
    offs: Vec<Cands>,
    /// With [`Reach::with_offs`], what a walk from each candidate on leads to, once asked for
    /// (see [`Reach::common`]): one plus its index in `walks`, or zero.
    asked: Vec<u32>,
    walks: Vec<(Vec<u64>, Cands)>,
}

impl Reach {
    /// The graph of the static walks on `grid`, with links by cell if `y` and by house if `x`
    /// (the candidates a candidate on turns off are always its value's other places, and the
    /// rest of its cell too with `y`, as the walks read them).
    pub(super) fn of(grid: &Marks, y: bool, x: bool) -> Reach {
        Reach::build(grid, y, x, false)
    }

    /// [`Reach::of`], with what each component's walks turn off too, for cell and region
    /// forcing chains ([`Reach::common`]).
    pub(super) fn with_offs(grid: &Marks, y: bool, x: bool) -> Reach {
        Reach::build(grid, y, x, true)
    }

    fn build(grid: &Marks, y: bool, x: bool, with_offs: bool) -> Reach {
        // The candidates with a strong link: both of a cell of two, both places of a value
        // with two in a house.
        let mut strong = [false; CANDIDATES];
        if y {
            for cell in (0..81).filter(|&cell| two(grid.cells[cell])) {
                let mut values = grid.cells[cell];
                while values != 0 {
                    strong[cand_of(cell, values.trailing_zeros() as u8 + 1)] = true;
                    values &= values - 1;
                }
            }
        }
        if x {
            for house in 0..27 {
                for value in 1..=9u8 {
                    let mut places = grid.places(house, value);
                    if two(places) {
                        while places != 0 {
                            let cell = house_cells(house)[places.trailing_zeros() as usize];
                            strong[cand_of(usize::from(cell), value)] = true;
                            places &= places - 1;
                        }
                    }
                }
            }
        }
        let mut index = vec![NONE; CANDIDATES];
        let mut nodes: Vec<u16> = Vec::new();
        for (c, _) in strong.iter().enumerate().filter(|&(_, &strong)| strong) {
            index[c] = nodes.len() as u16;
            nodes.push(c as u16);
        }
        let mut out = Vec::new();
        let strong: Vec<(u8, [u16; MAX_STRONG])> = nodes
            .iter()
            .map(|&c| {
                off_to_on_static(grid, usize::from(c), y, x, &mut out);
                let mut to = [0; MAX_STRONG];
                for (to, &on) in to.iter_mut().zip(&out) {
                    *to = index[on];
                }
                (out.len() as u8, to)
            })
            .collect();
        let n = nodes.len();
        // Where each node leads, in a table of successors; with `with_offs`, what it turns off.
        let mut starts = Vec::with_capacity(n + 1);
        let mut edges: Vec<u16> = Vec::new();
        let mut turned_off = Vec::new();
        for &c in &nodes {
            starts.push(edges.len() as u32);
            on_to_off(grid, usize::from(c), y, &mut out);
            let mut offs = Cands::default();
            for &off in &out {
                offs.insert(off);
                let m = index[off];
                if m != NONE {
                    let (count, to) = strong[usize::from(m)];
                    edges.extend_from_slice(&to[..usize::from(count)]);
                }
            }
            if with_offs {
                turned_off.push(offs);
            }
        }
        starts.push(edges.len() as u32);
        let words = n.div_ceil(64).max(1);
        let mut reach = Reach {
            y,
            index,
            strong,
            component: vec![u32::MAX; n],
            sizes: Vec::new(),
            eliminates: Vec::new(),
            words,
            sets: Vec::new(),
            offs: Vec::new(),
            asked: if with_offs { vec![0; CANDIDATES] } else { Vec::new() },
            walks: Vec::new(),
        };
        reach.components(&starts, &edges, with_offs.then_some(turned_off.as_slice()));
        reach.loops(grid, &nodes);
        reach
    }

    /// Tarjan's algorithm, without recursion: each component, as it is completed, gets the
    /// nodes it leads to (those of the components it has edges to, completed before it), and
    /// with `turned_off` (what each node turns off) what its walks turn off.
    fn components(&mut self, starts: &[u32], edges: &[u16], turned_off: Option<&[Cands]>) {
        let n = starts.len() - 1;
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
                let base = self.sets.len();
                self.sets.resize(base + words, 0);
                for &u in &stack[first..] {
                    on_stack[u as usize] = false;
                    self.component[u as usize] = id;
                    self.sets[base + u as usize / 64] |= 1 << (u % 64);
                }
                let mut offs = Cands::default();
                for &u in &stack[first..] {
                    let u = u as usize;
                    for &w in &edges[starts[u] as usize..starts[u + 1] as usize] {
                        let other = self.component[usize::from(w)];
                        if other != id {
                            let from = other as usize * words;
                            for i in 0..words {
                                let bits = self.sets[from + i];
                                self.sets[base + i] |= bits;
                            }
                            if turned_off.is_some() {
                                offs.union(&self.offs[other as usize]);
                            }
                        }
                    }
                    if let Some(turned_off) = turned_off {
                        offs.union(&turned_off[u]);
                    }
                }
                if turned_off.is_some() {
                    self.offs.push(offs);
                }
                self.sizes.push((stack.len() - first) as u32);
                stack.truncate(first);
            }
        }
    }

    /// Whether a loop through each component's nodes could remove a candidate: one that sees a
    /// node of the loop turned on and one turned off (the strong link of a node of the loop,
    /// which is what turns it on), with its value. Without that, no cycle through the component
    /// has anything to remove.
    fn loops(&mut self, grid: &Marks, nodes: &[u16]) {
        let components = self.sizes.len();
        // Per component and value, the cells that see one of its nodes on, and those that see
        // one of them off.
        let mut on = vec![[0u128; 9]; components];
        let mut off = vec![[0u128; 9]; components];
        for (node, &c) in nodes.iter().enumerate() {
            let component = self.component[node] as usize;
            if self.sizes[component] < 2 {
                continue;
            }
            let (cell, value) = cell_value(usize::from(c));
            on[component][usize::from(value - 1)] |= PEERS[cell];
            for &partner in self.strong(node as u16) {
                let (cell, value) = cell_value(usize::from(nodes[usize::from(partner)]));
                off[component][usize::from(value - 1)] |= PEERS[cell];
            }
        }
        let holding: [u128; 9] = std::array::from_fn(|v| {
            (0..9).fold(0, |cells, row| {
                cells | u128::from(grid.places(9 + row, v as u8 + 1)) << (9 * row)
            })
        });
        self.eliminates = (0..components)
            .map(|k| (0..9).any(|v| on[k][v] & off[k][v] & holding[v] != 0))
            .collect();
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

    /// The nodes among the candidates `offs` (what a candidate on turns off): those whose
    /// strong links turn on the candidates a walk goes on with.
    fn nodes_among(&self, offs: &[usize], out: &mut Vec<u16>) {
        out.clear();
        out.extend(offs.iter().map(|&off| self.index[off]).filter(|&node| node != NONE));
    }

    /// The nodes strong links turn on when node `node` is off.
    #[inline]
    fn strong(&self, node: u16) -> &[u16] {
        let (count, to) = &self.strong[usize::from(node)];
        &to[..usize::from(*count)]
    }

    /// Whether the forcing chain walk from node `start` (a candidate on or off) on `grid` can
    /// reach the start's negation: if not, it finds nothing. The graph must be of the walk's
    /// kinds (by houses always, by cells as the walk).
    pub(super) fn forcing(&self, grid: &Marks, start: usize, scratch: &mut Scratch) -> bool {
        let c = start >> 1;
        if start & 1 == 1 {
            // On: a candidate turned on later that sees `c` turns it off. Those that see it
            // are among the candidates it turns off first.
            on_to_off(grid, c, self.y, &mut scratch.offs);
            self.nodes_among(&scratch.offs, &mut scratch.nodes);
            let seen = &scratch.nodes;
            let sees = |set: &[u64]| seen.iter().any(|&node| Reach::has(set, node));
            match self.index[c] {
                NONE => seen.iter().any(|&m| self.strong(m).iter().any(|&b| sees(self.set(b)))),
                node => sees(self.set(node)),
            }
        } else {
            // Off: a candidate it turns on leads back to `c`.
            let node = self.index[c];
            node != NONE && self.strong(node).iter().any(|&t| Reach::has(self.set(t), node))
        }
    }

    /// Whether a cycle through candidate `c` on can close and remove something: its node lies
    /// in a component of two or more, and some candidate sees a node of the component on and
    /// one off (see [`Reach::loops`]).
    pub(super) fn cycle(&self, c: usize) -> bool {
        match self.index[c] {
            NONE => false,
            node => self.eliminates[self.component[usize::from(node)] as usize],
        }
    }

    /// Whether the walks on `grid` from each of `sources` on (candidates) can all turn on, or
    /// all turn off, some candidate: if not, the cell or region forcing chain they make finds
    /// nothing. Needs [`Reach::with_offs`].
    pub(super) fn common(
        &mut self,
        grid: &Marks,
        sources: &[usize],
        scratch: &mut Scratch,
    ) -> bool {
        let words = self.words;
        for (i, &c) in sources.iter().enumerate() {
            let (ons, offs) = self.leads_to(grid, c, scratch);
            if i == 0 {
                scratch.ons.clear();
                scratch.ons.extend_from_slice(ons);
                scratch.cands = offs;
            } else {
                scratch.ons.iter_mut().zip(ons).for_each(|(to, &bits)| *to &= bits);
                scratch.cands.intersect(&offs);
            }
        }
        debug_assert_eq!(scratch.ons.len(), words);
        scratch.ons.iter().any(|&bits| bits != 0) || !scratch.cands.is_empty()
    }

    /// What a walk from candidate `c` on leads to: the nodes it turns on and the candidates it
    /// turns off.
    fn leads_to(&mut self, grid: &Marks, c: usize, scratch: &mut Scratch) -> (&[u64], Cands) {
        let words = self.words;
        match self.index[c] {
            NONE => {
                if self.asked[c] == 0 {
                    on_to_off(grid, c, self.y, &mut scratch.offs);
                    self.nodes_among(&scratch.offs, &mut scratch.nodes);
                    let mut ons = vec![0; words];
                    let mut offs = Cands::default();
                    scratch.offs.iter().for_each(|&off| offs.insert(off));
                    for &m in &scratch.nodes {
                        for &b in self.strong(m) {
                            ons.iter_mut().zip(self.set(b)).for_each(|(to, &bits)| *to |= bits);
                            offs.union(&self.offs[self.component[usize::from(b)] as usize]);
                        }
                    }
                    self.walks.push((ons, offs));
                    self.asked[c] = self.walks.len() as u32;
                }
                let (ons, offs) = &self.walks[self.asked[c] as usize - 1];
                (ons, *offs)
            }
            node => {
                let component = self.component[usize::from(node)] as usize;
                (&self.sets[component * words..(component + 1) * words], self.offs[component])
            }
        }
    }
}

/// The cells each cell sees (its row, column and box, itself left out), as bits of 81.
static PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut other = 0;
        while other < 81 {
            let (r, c, o, d) = (cell / 9, cell % 9, other / 9, other % 9);
            let seen = r == o || c == d || (r / 3 == o / 3 && c / 3 == d / 3);
            if other != cell && seen {
                peers[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
};

/// The buffers of [`Reach`]'s questions.
#[derive(Default)]
pub(super) struct Scratch {
    offs: Vec<usize>,
    nodes: Vec<u16>,
    ons: Vec<u64>,
    cands: Cands,
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
