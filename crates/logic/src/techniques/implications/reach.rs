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
//!   the candidates on that pass are found for all of them at once, from what each
//!   component's walks turn off;
//! - a cycle through a candidate closes only if its node lies in a component of two or more
//!   (a loop turns on at least one other candidate before it comes back);
//! - a cell or region forcing chain implies something only if what every one of its
//!   assumptions leads to, on and off, has something in common.
//!
//! Each is a necessary condition: the search walks only the starts, cycles, cells and houses it
//! leaves, and finds the same steps in the same order, as a walk it skips would have found
//! nothing.

use std::cell::RefCell;

use super::cands::{CANDIDATES, Cands, cell_value, node};
use super::marks::{Marks, PEERS, house_cells, two};
use super::spare;

/// No index: a candidate without a strong link of the graph's kinds.
const NONE: u16 = u16::MAX;

/// The most strong links a candidate has: by its cell and by its three houses.
const MAX_STRONG: usize = 4;

/// The candidates with a strong link and where each leads, on one board with links of the
/// kinds `y` (by cells) and `x` (by houses): see the module's documentation.
pub(super) struct Reach {
    y: bool,
    /// The board's candidates by value: bit `cell` of entry `v − 1` if `cell` holds `v`.
    holding: [u128; 9],
    /// The nodes by value, as `holding`.
    held: [u128; 9],
    /// The nodes by cell: bit `v − 1` of entry `cell` if the candidate is a node.
    node_values: [u16; 81],
    /// In a graph that gathers what its walks turn off (one with links by house), the board's
    /// candidates as a set (empty in another): what the walks turn off is gathered as on a
    /// board holding every candidate (see [`turned_off`]), and kept to these at the end.
    present: Cands,
    /// In a graph that gathers what its walks turn off, the candidates from which a forcing
    /// chain walk, on, can reach the candidate off (see [`Reach::forcing_ons`]).
    forcing_on: Cands,
    /// Words of a set of nodes.
    words: usize,
    tables: Tables,
}

/// A graph's tables, kept for the next board's when it is dropped.
#[derive(Default)]
struct Tables {
    /// Per candidate, its index among the graph's nodes, or [`NONE`].
    index: Vec<u16>,
    /// Per node, its candidate.
    nodes: Vec<u16>,
    /// Per node, the nodes its strong links turn on when it is off (how many, and which).
    strong: Vec<(u8, [u16; MAX_STRONG])>,
    /// The strong links as found, pairs of candidates (one pair twice where two cells share
    /// two houses).
    pairs: Vec<(u16, u16)>,
    /// Per node, its component.
    component: Vec<u32>,
    /// Per component, its nodes.
    sizes: Vec<u32>,
    /// Per component, whether a loop through its nodes could remove anything (see
    /// [`Reach::loops`]).
    eliminates: Vec<bool>,
    /// Per component, the nodes its nodes lead to, themselves included (`words` each).
    sets: Vec<u64>,
    /// Per component, in a graph that gathers what its walks turn off, every candidate turned
    /// off by one of the nodes in its set (see [`turned_off`]): what a walk from one of them
    /// turns off.
    offs: Vec<Cands>,
    /// For [`Reach::common`], what a walk from each candidate that is no node leads to,
    /// once asked for (see [`Reach::common`]): one plus its index in `walk_offs` (and its
    /// nodes' in `walk_sets`), or zero.
    asked: Vec<u32>,
    walk_sets: Vec<u64>,
    walk_offs: Vec<Cands>,
    /// The building's own tables: per node, the nodes it leads to by one step (`words` each),
    /// and Tarjan's algorithm's.
    successors: Vec<u64>,
    order: Vec<u32>,
    low: Vec<u32>,
    /// The nodes of the components completed (`words`): a node visited and not among them is
    /// on the stack.
    finished: Vec<u64>,
    stack: Vec<u32>,
    /// Per node visited: the node, and the word of its successors being read with the bits
    /// left to read in it.
    visiting: Vec<(u32, u32, u64)>,
    /// [`Reach::loops`]'s, per component of two or more nodes.
    sees: Vec<(u32, [u128; 9], [u128; 9])>,
}

thread_local! {
    /// The tables of graphs dropped, for the next to reuse: a nested search builds one or two
    /// on every board it searches, thousands a puzzle.
    static SPARE: RefCell<Vec<Tables>> = const { RefCell::new(Vec::new()) };
}

impl Drop for Reach {
    fn drop(&mut self) {
        let mut tables = std::mem::take(&mut self.tables);
        for &c in &tables.nodes {
            tables.index[usize::from(c)] = NONE;
        }
        spare::give(&SPARE, tables, 8);
    }
}

impl Reach {
    /// The graph of the static walks on `grid`, with links by cell if `y` and by house if `x`
    /// (the candidates a candidate on turns off are always its value's other places, and the
    /// rest of its cell too with `y`, as the walks read them). Forcing chains have links by
    /// house: a graph without them is read for cycles only, and does not gather what its walks
    /// turn off.
    pub(super) fn of(grid: &Marks, y: bool, x: bool) -> Reach {
        Reach::build(grid, y, x, x)
    }

    /// Tables emptied, a spare's if there is one.
    fn tables() -> Tables {
        let mut tables =
            spare::take(&SPARE, || Tables { index: vec![NONE; CANDIDATES], ..Tables::default() });
        tables.nodes.clear();
        tables.strong.clear();
        tables.component.clear();
        tables.sizes.clear();
        tables.eliminates.clear();
        tables.sets.clear();
        tables.offs.clear();
        tables.asked.clear();
        tables.walk_sets.clear();
        tables.walk_offs.clear();
        tables
    }

    /// The graph of [`Reach::of`]; with `with_offs`, what each component's walks turn off too,
    /// for forcing chains ([`Reach::forcing`]) and cell and region forcing chains
    /// ([`Reach::common`]).
    fn build(grid: &Marks, y: bool, x: bool, with_offs: bool) -> Reach {
        let holding = std::array::from_fn(|v| {
            (0..9).fold(0, |cells, row| {
                cells | u128::from(grid.places(9 + row, v as u8 + 1)) << (9 * row)
            })
        });
        // The strong links, and the candidates they join: both of a cell of two (with `y`),
        // both places of a value with two in a house (with `x`).
        let mut tables = Reach::tables();
        let mut pairs = std::mem::take(&mut tables.pairs);
        pairs.clear();
        let mut held = [0u128; 9];
        if y {
            for cell in (0..81).filter(|&cell| two(grid.cells[cell])) {
                let values = grid.cells[cell];
                let (first, second) = (values.trailing_zeros() as usize, values.ilog2() as usize);
                held[first] |= 1 << cell;
                held[second] |= 1 << cell;
                pairs.push(((cell * 9 + first) as u16, (cell * 9 + second) as u16));
            }
        }
        if x {
            for house in 0..27 {
                let cells = house_cells(house);
                for (v, (held, &places)) in
                    held.iter_mut().zip(grid.house_places(house)).enumerate()
                {
                    if two(places) {
                        let first = usize::from(cells[places.trailing_zeros() as usize]);
                        let second = usize::from(cells[places.ilog2() as usize]);
                        *held |= 1 << first | 1 << second;
                        pairs.push(((first * 9 + v) as u16, (second * 9 + v) as u16));
                    }
                }
            }
        }
        let present = if with_offs { Cands::of_cells(&grid.cells) } else { Cands::default() };
        // Nodes in the order of their candidates: cell by cell, from each cell's values that
        // are nodes (gathered value by value, the nodes being far fewer than the candidates).
        let mut node_values = [0u16; 81];
        for (v, &cells) in held.iter().enumerate() {
            let mut cells = cells;
            while cells != 0 {
                node_values[cells.trailing_zeros() as usize] |= 1 << v;
                cells &= cells - 1;
            }
        }
        let forcing_on = Cands::default();
        let mut reach =
            Reach { y, holding, held, node_values, present, forcing_on, words: 0, tables };
        for (cell, &values) in node_values.iter().enumerate() {
            let mut values = values;
            while values != 0 {
                let c = cell * 9 + values.trailing_zeros() as usize;
                values &= values - 1;
                reach.tables.index[c] = reach.tables.nodes.len() as u16;
                reach.tables.nodes.push(c as u16);
            }
        }
        let n = reach.tables.nodes.len();
        // Each pair's nodes turn on each other, each node once.
        let Tables { index, strong, .. } = &mut reach.tables;
        strong.resize(n, (0, [0; MAX_STRONG]));
        for &(a, b) in &pairs {
            let (a, b) = (index[usize::from(a)], index[usize::from(b)]);
            for (from, to) in [(a, b), (b, a)] {
                let (count, links) = &mut strong[usize::from(from)];
                // Compared one by one: a slice's `contains` is a call, for one or two.
                if links[..usize::from(*count)].iter().all(|&other| other != to) {
                    links[usize::from(*count)] = to;
                    *count += 1;
                }
            }
        }
        reach.tables.pairs = pairs;
        // Where each node leads, as a set of nodes (an edge found twice is kept once).
        let words = n.div_ceil(64).max(1);
        reach.words = words;
        let mut successors = std::mem::take(&mut reach.tables.successors);
        successors.clear();
        successors.resize(n * words, 0);
        let mut seen = [0u16; 32];
        for (node, row) in successors.chunks_exact_mut(words).enumerate() {
            let c = usize::from(reach.tables.nodes[node]);
            for &m in reach.seen_by(c, &mut seen) {
                for &to in reach.strong(m) {
                    row[usize::from(to) / 64] |= 1 << (to % 64);
                }
            }
        }
        reach.tables.successors = successors;
        reach.tables.component.resize(n, u32::MAX);
        reach.components(grid, with_offs);
        reach.loops();
        if with_offs {
            reach.forcing_ons(grid);
        }
        reach
    }

    /// The candidates from which a forcing chain walk, on, can reach the candidate off: those
    /// a node turns off that a walk from the node off turns off too. (From candidate `c` on,
    /// the walk turns off the nodes that see `c`, each of which turns on its strong links;
    /// `c` goes off again where a walk from one of those turns off `c`. A node `m` sees `c`
    /// just when `m` turns `c` off, and a walk from `m` off turns off what the components of
    /// `m`'s strong links turn off.) For every candidate at once, rather than each walked
    /// over the nodes it sees.
    fn forcing_ons(&mut self, grid: &Marks) {
        let mut forcing_on = Cands::default();
        for node in 0..self.tables.nodes.len() {
            let mut after = Cands::default();
            let mut taken = [u32::MAX; MAX_STRONG];
            for (i, &to) in self.strong(node as u16).iter().enumerate() {
                let component = self.tables.component[usize::from(to)];
                // A component two strong links lead into, taken once.
                if !taken[..i].contains(&component) {
                    after.union(&self.tables.offs[component as usize]);
                }
                taken[i] = component;
            }
            after.intersect(&turned_off(grid, self.y, usize::from(self.tables.nodes[node])));
            forcing_on.union(&after);
        }
        forcing_on.intersect(&self.present);
        self.forcing_on = forcing_on;
    }

    /// The nodes candidate `c` turns off when on (the rest of its cell with `y`, its value's
    /// other places), in `out`'s room.
    fn seen_by<'a>(&self, c: usize, out: &'a mut [u16; 32]) -> &'a [u16] {
        let (cell, value) = cell_value(c);
        let v = usize::from(value - 1);
        let mut count = 0;
        if self.y {
            // The cell's other candidates that are nodes.
            let mut others = self.node_values[cell] & !(1 << v);
            while others != 0 {
                out[count] = self.tables.index[cell * 9 + others.trailing_zeros() as usize];
                others &= others - 1;
                count += 1;
            }
        }
        let mut cells = PEERS[cell] & self.held[v];
        while cells != 0 {
            let other = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            out[count] = self.tables.index[other * 9 + v];
            count += 1;
        }
        &out[..count]
    }

    /// Tarjan's algorithm, without recursion: each component, as it is completed, gets the
    /// nodes it leads to (those of the components it has edges to, completed before it), and
    /// with `with_offs` what its walks turn off.
    fn components(&mut self, grid: &Marks, with_offs: bool) {
        let (words, y) = (self.words, self.y);
        let Tables {
            nodes,
            successors,
            order,
            low,
            finished,
            stack,
            visiting,
            component,
            sizes,
            sets,
            offs: component_offs,
            ..
        } = &mut self.tables;
        let n = successors.len() / words;
        order.clear();
        order.resize(n, u32::MAX);
        low.clear();
        low.resize(n, 0);
        finished.clear();
        finished.resize(words, 0);
        stack.clear();
        visiting.clear();
        let mut next_order = 0u32;
        for root in 0..n as u32 {
            if order[root as usize] != u32::MAX {
                continue;
            }
            order[root as usize] = next_order;
            low[root as usize] = next_order;
            next_order += 1;
            stack.push(root);
            visiting.push((root, 0, successors[root as usize * words] & !finished[0]));
            while let Some(&mut (v, ref mut word, ref mut bits)) = visiting.last_mut() {
                let v_ = v as usize;
                // The nodes of components completed add nothing, and are not read.
                *bits &= !finished[*word as usize];
                while *bits == 0 && (*word as usize) + 1 < words {
                    *word += 1;
                    *bits = successors[v_ * words + *word as usize] & !finished[*word as usize];
                }
                if *bits != 0 {
                    let w = *word * 64 + bits.trailing_zeros();
                    *bits &= *bits - 1;
                    let w_ = w as usize;
                    if order[w_] == u32::MAX {
                        order[w_] = next_order;
                        low[w_] = next_order;
                        next_order += 1;
                        stack.push(w);
                        visiting.push((w, 0, successors[w_ * words] & !finished[0]));
                    } else {
                        low[v_] = low[v_].min(order[w_]);
                    }
                    continue;
                }
                visiting.pop();
                if let Some(&(parent, ..)) = visiting.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v_]);
                }
                if low[v_] != order[v_] {
                    continue;
                }
                // `v` roots a component: its nodes are those above it on the stack.
                let id = sizes.len() as u32;
                let first = stack.iter().rposition(|&u| u == v).expect("on the stack");
                let base = sets.len();
                sets.resize(base + words, 0);
                for &u in &stack[first..] {
                    finished[u as usize / 64] |= 1 << (u % 64);
                    component[u as usize] = id;
                    sets[base + u as usize / 64] |= 1 << (u % 64);
                }
                let mut offs = Cands::default();
                for &u in &stack[first..] {
                    let u = u as usize;
                    for word in 0..words {
                        // A node already in the set is the component's own, or lies in a
                        // component merged before, whose set and offs hold all that `w`'s
                        // component leads to: each is closed before those that lead to it.
                        let mut bits = successors[u * words + word] & !sets[base + word];
                        while bits != 0 {
                            let w = word * 64 + bits.trailing_zeros() as usize;
                            let other = component[w] as usize;
                            for i in 0..words {
                                let bits = sets[other * words + i];
                                sets[base + i] |= bits;
                            }
                            if with_offs {
                                offs.union(&component_offs[other]);
                            }
                            bits &= !sets[base + word];
                        }
                    }
                    if with_offs {
                        offs.union(&turned_off(grid, y, usize::from(nodes[u])));
                    }
                }
                if with_offs {
                    component_offs.push(offs);
                }
                sizes.push((stack.len() - first) as u32);
                stack.truncate(first);
            }
        }
    }

    /// Whether a loop through each component's nodes could remove a candidate: one that sees a
    /// node of the loop turned on and one turned off (the strong link of a node of the loop,
    /// which is what turns it on), with its value. Without that, no cycle through the component
    /// has anything to remove.
    fn loops(&mut self) {
        let components = self.tables.sizes.len();
        self.tables.eliminates.resize(components, false);
        // Per value, the cells that see a node of the component on, and those that see one of
        // them off: components of one node are left out, and the others are few.
        let mut sees = std::mem::take(&mut self.tables.sees);
        sees.clear();
        for node in 0..self.tables.nodes.len() {
            let component = self.tables.component[node];
            if self.tables.sizes[component as usize] < 2 {
                continue;
            }
            let at = match sees.iter().position(|&(k, ..)| k == component) {
                Some(at) => at,
                None => {
                    sees.push((component, [0; 9], [0; 9]));
                    sees.len() - 1
                }
            };
            let (cell, value) = cell_value(usize::from(self.tables.nodes[node]));
            sees[at].1[usize::from(value - 1)] |= PEERS[cell];
            for &partner in self.strong(node as u16) {
                let (cell, value) =
                    cell_value(usize::from(self.tables.nodes[usize::from(partner)]));
                sees[at].2[usize::from(value - 1)] |= PEERS[cell];
            }
        }
        for &(component, on, off) in &sees {
            self.tables.eliminates[component as usize] =
                (0..9).any(|v| on[v] & off[v] & self.holding[v] != 0);
        }
        self.tables.sees = sees;
    }

    /// The set of the nodes node `node`'s component leads to.
    #[inline]
    fn set(&self, node: u16) -> &[u64] {
        let from = self.tables.component[usize::from(node)] as usize * self.words;
        &self.tables.sets[from..from + self.words]
    }

    #[inline]
    fn has(set: &[u64], node: u16) -> bool {
        set[usize::from(node) / 64] & (1 << (node % 64)) != 0
    }

    /// The nodes strong links turn on when node `node` is off.
    #[inline]
    fn strong(&self, node: u16) -> &[u16] {
        let (count, to) = &self.tables.strong[usize::from(node)];
        &to[..usize::from(*count)]
    }

    /// Whether the forcing chain walk from node `start` (a candidate on or off) on the graph's
    /// board can reach the start's negation: if not, it finds nothing. The graph must be of the walk's
    /// kinds (by houses always, by cells as the walk).
    pub(super) fn forcing(&self, start: usize) -> bool {
        let c = start >> 1;
        if start & 1 == 1 {
            // On: a candidate turned on later that sees `c` turns it off (see
            // [`Reach::forcing_ons`]).
            self.forcing_on.has(c)
        } else {
            // Off: a candidate it turns on leads back to `c`.
            let node = self.tables.index[c];
            node != NONE && self.strong(node).iter().any(|&t| Reach::has(self.set(t), node))
        }
    }

    /// The candidates from which a cycle or a forcing chain, from the candidate on or off, may
    /// find something: those [`Reach::cycle`] or [`Reach::forcing`] leave, found from the
    /// nodes rather than asked of every candidate. Needs a graph with links by house.
    pub(super) fn starts(&self) -> Cands {
        let mut starts = self.forcing_on;
        for &c in &self.tables.nodes {
            let c = usize::from(c);
            if self.cycle(c) || self.forcing(node(c, false)) {
                starts.insert(c);
            }
        }
        starts
    }

    /// The graph's nodes, as a set of candidates.
    pub(super) fn nodes(&self) -> Cands {
        let mut nodes = Cands::default();
        for &c in &self.tables.nodes {
            nodes.insert(usize::from(c));
        }
        nodes
    }

    /// Whether a cycle through candidate `c` on can close and remove something: its node lies
    /// in a component of two or more, and some candidate sees a node of the component on and
    /// one off (see [`Reach::loops`]).
    pub(super) fn cycle(&self, c: usize) -> bool {
        match self.tables.index[c] {
            NONE => false,
            node => self.tables.eliminates[self.tables.component[usize::from(node)] as usize],
        }
    }

    /// Whether the walks on `grid` from each of `sources` on (candidates) can all turn on, or
    /// all turn off, some candidate: if not, the cell or region forcing chain they make finds
    /// nothing. Needs a graph with links by house.
    pub(super) fn common(&mut self, grid: &Marks, sources: &[usize]) -> bool {
        let words = self.words;
        let mut ons = [u64::MAX; 16];
        let mut offs = self.present;
        for &c in sources {
            self.ask(grid, c);
            let (nodes, reached) = self.leads_to(c);
            if words <= ons.len() {
                ons.iter_mut().zip(nodes).for_each(|(to, &bits)| *to &= bits);
            }
            offs.intersect(reached);
        }
        // A graph of more than a thousand nodes is not read for what they turn on.
        let on_any = words > ons.len() || ons[..words].iter().any(|&bits| bits != 0);
        on_any || !offs.is_empty()
    }

    /// Keeps what a walk from candidate `c` on leads to, if `c` is no node and it was not kept
    /// already (a node's is its component's).
    fn ask(&mut self, grid: &Marks, c: usize) {
        if self.tables.index[c] != NONE {
            return;
        }
        if self.tables.asked.is_empty() {
            self.tables.asked.resize(CANDIDATES, 0);
        }
        if self.tables.asked[c] != 0 {
            return;
        }
        let words = self.words;
        let mut room = [0u16; 32];
        let base = self.tables.walk_sets.len();
        self.tables.walk_sets.resize(base + words, 0);
        let mut offs = turned_off(grid, self.y, c);
        let count = self.seen_by(c, &mut room).len();
        // The components the strong links lead into, each taken unless a node of it is
        // already reached (then a component taken leads to it, and holds all it leads to).
        for &m in &room[..count] {
            for i in 0..self.strong(m).len() {
                let b = self.strong(m)[i];
                if Reach::has(&self.tables.walk_sets[base..base + words], b) {
                    continue;
                }
                let component = self.tables.component[usize::from(b)] as usize;
                for w in 0..words {
                    self.tables.walk_sets[base + w] |= self.tables.sets[component * words + w];
                }
                offs.union(&self.tables.offs[component]);
            }
        }
        self.tables.walk_offs.push(offs);
        self.tables.asked[c] = self.tables.walk_offs.len() as u32;
    }

    /// What a walk from candidate `c` on leads to, once [`Reach::ask`]ed: the nodes it turns
    /// on (its component's, or those kept for it) and the candidates it turns off.
    fn leads_to(&self, c: usize) -> (&[u64], &Cands) {
        let words = self.words;
        match self.tables.index[c] {
            NONE => {
                let i = self.tables.asked[c] as usize - 1;
                (&self.tables.walk_sets[i * words..(i + 1) * words], &self.tables.walk_offs[i])
            }
            node => {
                let k = self.tables.component[usize::from(node)] as usize;
                (&self.tables.sets[k * words..(k + 1) * words], &self.tables.offs[k])
            }
        }
    }
}

/// The candidates `c` turns off when on, as a set, on a board holding every candidate (those
/// of `grid`'s cell aside): its value's in the cells its cell sees, and with `y` the rest of
/// its cell. Kept to the board's candidates where it is read, once for many.
#[inline]
fn turned_off(grid: &Marks, y: bool, c: usize) -> Cands {
    let (cell, value) = cell_value(c);
    let mut offs = *Cands::peers_of(c);
    if y {
        offs.insert_values(cell, grid.cells[cell] & !(1 << (value - 1)));
    }
    offs
}

#[cfg(test)]
pub(super) mod tests {
    use crate::techniques::implications::marks::Marks;
    use crate::techniques::testing::board_from_line;

    /// Boards to try the proofs on: puzzles as given, and as a walk might leave them (a
    /// candidate gone from some cells, which makes new strong links).
    pub(in crate::techniques::implications) fn boards() -> Vec<Marks> {
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

    #[test]
    fn the_starts_are_the_candidates_with_a_cycle_or_a_forcing_chain_left() {
        use super::{CANDIDATES, Reach, cell_value, node};
        let mut some = 0;
        for grid in boards() {
            for y in [false, true] {
                let reach = Reach::of(&grid, y, true);
                let starts: Vec<usize> = reach.starts().iter().collect();
                let expected: Vec<usize> = (0..CANDIDATES)
                    .filter(|&c| {
                        let (cell, value) = cell_value(c);
                        grid.has(cell, value)
                            && (reach.cycle(c)
                                || reach.forcing(node(c, true))
                                || reach.forcing(node(c, false)))
                    })
                    .collect();
                assert_eq!(starts, expected, "y {y}");
                some += starts.len();
            }
        }
        assert!(some > 0);
    }

    #[test]
    fn what_a_candidate_turns_off_is_its_cell_and_its_value_in_the_cells_it_sees() {
        use super::{CANDIDATES, Cands, PEERS, Reach, cell_value, turned_off};
        let mut compared = 0;
        for grid in boards() {
            for y in [false, true] {
                let reach = Reach::of(&grid, y, true);
                for c in 0..CANDIDATES {
                    let (cell, value) = cell_value(c);
                    if !grid.has(cell, value) {
                        continue;
                    }
                    let mut expected = Cands::default();
                    for other in 0..81 {
                        let same_cell = other == cell && y;
                        for v in (1..=9u8).filter(|&v| grid.has(other, v)) {
                            let seen = v == value && PEERS[cell] & 1 << other != 0;
                            if seen || (same_cell && v != value) {
                                expected.insert(other * 9 + usize::from(v - 1));
                            }
                        }
                    }
                    let mut offs = turned_off(&grid, y, c);
                    offs.intersect(&reach.present);
                    assert_eq!(offs, expected, "{c}, y {y}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
