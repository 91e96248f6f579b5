//! Exact cover by Knuth's Algorithm X with dancing links, for any set of items and options.
//!
//! Nothing here knows about Sudoku. A problem is a number of items and a list of options, each
//! option a set of items; a solution is a set of options that together hold every item exactly
//! once.
//!
//! The layout is that of Knuth's `dlx1` program: all nodes live in one flat array and link to
//! each other by index. Nodes `1..=items` head the items' vertical lists; each option follows
//! as a run of consecutive nodes, with a spacer node between options. Walking an option is
//! therefore `p + 1`, and the spacer at its end points back to its first node. Covering an item
//! unlinks it from the item list and hides every option that holds it; uncovering restores
//! exactly what covering removed, in reverse order, which is what lets one matrix serve many
//! searches without being rebuilt.
//!
//! Options can also be selected before the search ([`ExactCover::select`]): that is how a
//! Sudoku's clues are placed. [`ExactCover::reset`] undoes the selections, so the matrix is
//! built once and reused for every puzzle without allocating.

/// Marks a spacer node in `top`.
const SPACER: u32 = u32::MAX;

/// One node of the matrix: a cell of an item's vertical list, an item header, or a spacer.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Previous node in the item's list (for a spacer: the first node of the option before).
    up: u32,
    /// Next node in the item's list (for a spacer: the last node of the option after).
    down: u32,
    /// The item this node belongs to, `SPACER` for a spacer, 0 for the root.
    top: u32,
}

/// What a search is allowed to do.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Stop after this many solutions.
    pub max_solutions: u32,
    /// Give up once this many nodes were visited (the root is the first).
    pub node_bound: u64,
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchReport {
    /// Solutions found.
    pub solutions: u32,
    /// Nodes visited: the root, plus one per option the search committed to.
    pub nodes: u64,
    /// Branch points: items chosen while they still had two or more options.
    pub guesses: u64,
    /// Whether the search gave up at the node bound.
    pub budget_exhausted: bool,
}

/// An exact-cover problem, ready to search many times.
#[derive(Clone, Debug)]
pub struct ExactCover {
    items: usize,
    nodes: Vec<Node>,
    /// Number of options still holding each item (index 0 unused).
    len: Vec<u32>,
    /// The active items as a circular doubly linked list through index 0.
    item_prev: Vec<u32>,
    item_next: Vec<u32>,
    /// Whether each item is still uncovered (index 0 unused).
    item_active: Vec<bool>,
    /// The option each node belongs to (unused for headers and spacers).
    option_of: Vec<u32>,
    /// The first node of each option.
    option_start: Vec<u32>,
    /// Options selected before the search, in order.
    selected: Vec<u32>,
    /// The node chosen at each level of the search.
    choice: Vec<u32>,
    /// Scratch for handing a solution's options to the caller.
    solution: Vec<u32>,
}

impl ExactCover {
    /// A problem with `items` items (numbered `0..items`) and no options yet.
    pub fn new(items: usize) -> Self {
        let headers = items + 1;
        let mut nodes = Vec::with_capacity(headers + 1);
        for index in 0..headers {
            let index = index as u32;
            nodes.push(Node { up: index, down: index, top: 0 });
        }
        // The spacer before the first option.
        nodes.push(Node { up: 0, down: 0, top: SPACER });
        ExactCover {
            items,
            nodes,
            len: vec![0; headers],
            item_prev: (0..headers).map(|i| ((i + headers - 1) % headers) as u32).collect(),
            item_next: (0..headers).map(|i| ((i + 1) % headers) as u32).collect(),
            item_active: vec![true; headers],
            option_of: vec![0; headers + 1],
            option_start: Vec::new(),
            selected: Vec::new(),
            choice: vec![0; items + 1],
            solution: Vec::with_capacity(items),
        }
    }

    /// Adds an option holding `items` (each `< self.items`, no repeats) and returns its index.
    ///
    /// # Panics
    /// If an item is out of range or the option is empty: the problem is built by code, so
    /// these are bugs, not input errors.
    pub fn add_option(&mut self, items: &[usize]) -> usize {
        assert!(!items.is_empty(), "an option holds at least one item");
        let option = self.option_start.len() as u32;
        let first = self.nodes.len() as u32;
        for &item in items {
            assert!(item < self.items, "item {item} out of range");
            let header = (item + 1) as u32;
            let node = self.nodes.len() as u32;
            let last = self.nodes[header as usize].up;
            self.nodes.push(Node { up: last, down: header, top: header });
            self.nodes[last as usize].down = node;
            self.nodes[header as usize].up = node;
            self.len[header as usize] += 1;
            self.option_of.push(option);
        }
        let last = self.nodes.len() as u32 - 1;
        // The spacer before this option learns where the option ends; the one after it learns
        // where it starts.
        self.nodes[first as usize - 1].down = last;
        self.nodes.push(Node { up: first, down: 0, top: SPACER });
        self.option_of.push(0);
        self.option_start.push(first);
        option as usize
    }

    /// Selects `option` before searching, covering its items. Returns `false`, changing
    /// nothing, when the option clashes with one selected earlier (one of its items is already
    /// covered); the problem then has no solution holding both.
    pub fn select(&mut self, option: usize) -> bool {
        let first = self.option_start[option] as usize;
        let nodes = first..self.option_end(first);
        if nodes.clone().any(|p| !self.item_active[self.nodes[p].top as usize]) {
            return false;
        }
        for p in nodes {
            self.cover(self.nodes[p].top);
        }
        self.selected.push(option as u32);
        true
    }

    /// Undoes every [`select`](Self::select), restoring the problem as built.
    pub fn reset(&mut self) {
        while let Some(option) = self.selected.pop() {
            let first = self.option_start[option as usize] as usize;
            for p in (first..self.option_end(first)).rev() {
                self.uncover(self.nodes[p].top);
            }
        }
    }

    /// Searches for solutions of the problem left by the selections. For each solution,
    /// `on_solution` gets the options the search chose (not those selected beforehand).
    ///
    /// The matrix is restored before this returns, however the search ends.
    pub fn search(
        &mut self,
        limits: SearchLimits,
        mut on_solution: impl FnMut(&[u32]),
    ) -> SearchReport {
        let mut report = SearchReport::default();
        if limits.node_bound == 0 {
            report.budget_exhausted = true;
            return report;
        }
        report.nodes = 1;

        /// Where the search loop is: entering a new level, trying the option at
        /// `choice[level]`, or going back up a level.
        enum Step {
            Enter,
            Try,
            Backtrack,
        }
        let mut level = 0;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => {
                    if self.item_next[0] == 0 {
                        report.solutions += 1;
                        self.solution.clear();
                        for &node in &self.choice[..level] {
                            self.solution.push(self.option_of[node as usize]);
                        }
                        on_solution(&self.solution);
                        if report.solutions >= limits.max_solutions {
                            self.unwind(level);
                            return report;
                        }
                        step = Step::Backtrack;
                        continue;
                    }
                    let item = self.choose_item();
                    let len = self.len[item as usize];
                    if len == 0 {
                        step = Step::Backtrack;
                        continue;
                    }
                    if len >= 2 {
                        report.guesses += 1;
                    }
                    self.cover(item);
                    self.choice[level] = self.nodes[item as usize].down;
                    step = Step::Try;
                }
                Step::Try => {
                    let node = self.choice[level];
                    if node as usize <= self.items {
                        // Back at the item's header: every option was tried.
                        self.uncover(node);
                        step = Step::Backtrack;
                        continue;
                    }
                    if report.nodes >= limits.node_bound {
                        report.budget_exhausted = true;
                        self.uncover(self.nodes[node as usize].top);
                        self.unwind(level);
                        return report;
                    }
                    report.nodes += 1;
                    self.cover_rest_of_option(node);
                    level += 1;
                    step = Step::Enter;
                }
                Step::Backtrack => {
                    if level == 0 {
                        return report;
                    }
                    level -= 1;
                    let node = self.choice[level];
                    self.uncover_rest_of_option(node);
                    self.choice[level] = self.nodes[node as usize].down;
                    step = Step::Try;
                }
            }
        }
    }

    /// Undoes the choices of levels `0..level`, each of which covered its item and the rest of
    /// its chosen option.
    fn unwind(&mut self, level: usize) {
        for depth in (0..level).rev() {
            let node = self.choice[depth];
            self.uncover_rest_of_option(node);
            self.uncover(self.nodes[node as usize].top);
        }
    }

    /// The active item with the fewest options (the first such in item order), stopping early
    /// at an item with one option or none.
    fn choose_item(&self) -> u32 {
        let mut best = self.item_next[0];
        let mut best_len = self.len[best as usize];
        let mut item = self.item_next[best as usize];
        while item != 0 && best_len > 1 {
            let len = self.len[item as usize];
            if len < best_len {
                best = item;
                best_len = len;
            }
            item = self.item_next[item as usize];
        }
        best
    }

    /// One past the last node of the option starting at `first`.
    fn option_end(&self, first: usize) -> usize {
        let mut end = first;
        while self.nodes[end].top != SPACER {
            end += 1;
        }
        end
    }

    fn cover_rest_of_option(&mut self, node: u32) {
        let mut p = node + 1;
        while p != node {
            let top = self.nodes[p as usize].top;
            if top == SPACER {
                p = self.nodes[p as usize].up;
            } else {
                self.cover(top);
                p += 1;
            }
        }
    }

    fn uncover_rest_of_option(&mut self, node: u32) {
        let mut p = node - 1;
        while p != node {
            let top = self.nodes[p as usize].top;
            if top == SPACER {
                p = self.nodes[p as usize].down;
            } else {
                self.uncover(top);
                p -= 1;
            }
        }
    }

    /// Removes `item` from the item list and hides every option holding it.
    fn cover(&mut self, item: u32) {
        let mut p = self.nodes[item as usize].down;
        while p != item {
            self.hide(p);
            p = self.nodes[p as usize].down;
        }
        let (prev, next) = (self.item_prev[item as usize], self.item_next[item as usize]);
        self.item_next[prev as usize] = next;
        self.item_prev[next as usize] = prev;
        self.item_active[item as usize] = false;
    }

    /// Exactly undoes `cover(item)`.
    fn uncover(&mut self, item: u32) {
        let (prev, next) = (self.item_prev[item as usize], self.item_next[item as usize]);
        self.item_next[prev as usize] = item;
        self.item_prev[next as usize] = item;
        self.item_active[item as usize] = true;
        let mut p = self.nodes[item as usize].up;
        while p != item {
            self.unhide(p);
            p = self.nodes[p as usize].up;
        }
    }

    /// Unlinks the other nodes of `p`'s option from their items' lists.
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let Node { up, down, top } = self.nodes[q as usize];
            if top == SPACER {
                q = up;
            } else {
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                self.len[top as usize] -= 1;
                q += 1;
            }
        }
    }

    /// Exactly undoes `hide(p)`.
    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node { up, down, top } = self.nodes[q as usize];
            if top == SPACER {
                q = down;
            } else {
                self.nodes[up as usize].down = q;
                self.nodes[down as usize].up = q;
                self.len[top as usize] += 1;
                q -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNLIMITED: SearchLimits = SearchLimits { max_solutions: u32::MAX, node_bound: u64::MAX };

    /// Knuth's example from "Dancing Links": items a..g, six options, one solution
    /// {a d}, {b g}, {c e f}, i.e. options 3, 4 and 0.
    fn knuth_example() -> ExactCover {
        let mut problem = ExactCover::new(7);
        for option in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
            problem.add_option(option);
        }
        problem
    }

    fn all_solutions(problem: &mut ExactCover) -> Vec<Vec<u32>> {
        let mut found = Vec::new();
        problem.search(UNLIMITED, |options| {
            let mut options = options.to_vec();
            options.sort_unstable();
            found.push(options);
        });
        found
    }

    #[test]
    fn finds_the_one_solution_of_knuths_example() {
        let mut problem = knuth_example();
        assert_eq!(all_solutions(&mut problem), vec![vec![0, 3, 4]]);
    }

    #[test]
    fn search_and_reset_leave_the_matrix_as_built() {
        let mut problem = knuth_example();
        let before = format!("{:?}", problem.nodes);
        assert!(problem.select(3));
        assert!(!problem.select(1), "option 1 shares item 0 with option 3");
        assert_eq!(all_solutions(&mut problem), vec![vec![0, 4]]);
        problem.reset();
        assert_eq!(format!("{:?}", problem.nodes), before);
        assert_eq!(all_solutions(&mut problem), vec![vec![0, 3, 4]]);
    }

    #[test]
    fn counts_every_solution_and_stops_at_limits() {
        // Two items, each coverable alone or together: {0}{1} or {0 1}.
        let mut problem = ExactCover::new(2);
        problem.add_option(&[0]);
        problem.add_option(&[1]);
        problem.add_option(&[0, 1]);
        assert_eq!(all_solutions(&mut problem).len(), 2);
        let one = SearchLimits { max_solutions: 1, node_bound: u64::MAX };
        assert_eq!(problem.search(one, |_| {}).solutions, 1);
        let starved = SearchLimits { max_solutions: 2, node_bound: 1 };
        let report = problem.search(starved, |_| {});
        assert!(report.budget_exhausted);
        assert_eq!(report.nodes, 1);
        // Interrupted searches restore the matrix too.
        assert_eq!(all_solutions(&mut problem).len(), 2);
    }
}
