//! Exact cover by Knuth's Algorithm X with dancing links, for any set of items and options.
//!
//! Nothing here knows about Sudoku. A problem is a number of items and a list of options, each
//! option a set of items; a solution is a set of options that together hold every item exactly
//! once.
//!
//! The layout follows Knuth's "Dancing Links" (2000): all nodes live in one flat array and link
//! to each other by index. Nodes `1..=items` head the items' vertical lists (`up`, `down`); the
//! nodes of each option are linked in a circle (`right`; the paper's `left` is replaced by a
//! scratch list where the reverse order is needed, to keep nodes at eight bytes). Covering an item hides every
//! option that holds it, unlinking their nodes from the other items' lists; uncovering restores
//! exactly what covering removed, in reverse order, which is what lets one matrix serve many
//! searches without being rebuilt.
//!
//! One departure from the paper: the item to branch on (the one with the fewest options left)
//! is found by scanning a dense array of item lengths, not by walking the linked list of
//! active items. The walk is a chain of dependent loads through some 250 items at every node,
//! and was a third of the search's time; the scan is a few vector instructions. A covered
//! item's length is parked in its header node and replaced by a sentinel that the scan never
//! picks, which is sound because nothing changes a covered item's length until it is
//! uncovered.
//!
//! A search can start from part of a solution. [`ExactCover::select`] selects options before
//! it, covering their items; [`ExactCover::restrict`] gets the same problem by relinking only
//! the options left open, which is how the Sudoku engine places its clues: with most options
//! ruled out, linking the few left costs far less than hiding the many gone. [`ExactCover::reset`]
//! restores the matrix as built by relinking every option, so it is built once and reused for
//! every puzzle without allocating, and without a snapshot that would double its memory (the
//! 64×64 Sudoku matrix has over a million nodes).
//!
//! Items may also be **secondary** (Knuth's generalisation): covered at most once rather than
//! exactly once. A solution then holds every primary item once and each secondary item at
//! most once; the search never branches on a secondary item. They are told apart by their
//! lengths alone: a secondary item's length starts at `SECONDARY`, far above any primary
//! item's, so the scan for the fewest options never picks one and hiding options never
//! empties one, and only covering and uncovering an item look at which kind it is (to count
//! the active primary items, whose number reaching 0 is a solution).
//!
//! [`ExactCover::search_observed`] runs the same search with a [`SearchObserver`] watching it:
//! the item each level branches on and its options, each option tried and dropped, each option
//! hidden and restored by covering. [`ExactCover::search`] passes [`NoObserver`], which
//! compiles to nothing.

use crate::observe::{NoObserver, SearchObserver};

/// The length recorded for a covered item: above any real length, so the scan skips it.
const COVERED: i16 = i16::MAX;
/// The base of a secondary item's length: above any primary item's length, below
/// [`COVERED`] by more than any secondary item's options.
const SECONDARY: i16 = 1 << 14;
/// The most options an item may have: lengths are 16-bit so that the scan compares eight or
/// sixteen at once, and a secondary item's stay between [`SECONDARY`] and [`COVERED`].
const MAX_LEN: usize = SECONDARY as usize - 1;

/// One node of the matrix: an item's header, or one item of one option. Eight bytes with
/// 16-bit links, so that the 9×9 Sudoku matrix stays inside the first-level cache with room
/// to spare.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(8))]
struct Node<Link> {
    /// Previous node in the item's list.
    up: Link,
    /// Next node in the item's list.
    down: Link,
    /// Next node of the same option, circularly. (No left link: only uncovering the rest of an
    /// option needs the reverse order, and it reads it from `option_nodes`.)
    right: Link,
    /// For an option's node, the item it belongs to. For a covered item's header, the item's
    /// length while it is covered.
    top: Link,
}

/// A node index: `u16` or `u32`, chosen by whoever builds the matrix. Sixteen bits keep the
/// 9×9 Sudoku matrix (some 3,200 nodes) inside a 32 KB first-level cache, which measured
/// faster than 32-bit links, and serve matrices of up to 65,535 nodes (the 25×25 Sudoku
/// matrix has 65,001); 32 bits serve the larger ones (the 64×64 matrix has 1,064,961).
pub trait Link: Copy + Eq + Default + std::fmt::Debug + Send + 'static {
    /// The largest index a link can hold.
    const MAX: usize;
    /// The link to node `index`, which is at most [`Link::MAX`].
    fn at(index: usize) -> Self;
    /// The node index the link holds.
    fn index(self) -> usize;
}

impl Link for u16 {
    const MAX: usize = u16::MAX as usize;

    #[inline(always)]
    fn at(index: usize) -> u16 {
        index as u16
    }

    #[inline(always)]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl Link for u32 {
    const MAX: usize = u32::MAX as usize;

    #[inline(always)]
    fn at(index: usize) -> u32 {
        index as u32
    }

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
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

/// An exact-cover problem, ready to search many times, its nodes linked by `L` indices.
#[derive(Clone, Debug)]
pub struct ExactCover<L: Link = u16> {
    items: usize,
    /// Items `0..primary` are primary, the rest secondary.
    primary: usize,
    nodes: Vec<Node<L>>,
    /// The number of options still holding each item (Knuth's LEN), `COVERED` for covered
    /// items; indexed by header node, so entry 0 (the root) is always `COVERED`. Padded with
    /// `COVERED` to a multiple of 16 entries for the scan.
    len: Vec<i16>,
    /// The entries of `len` the scan for the fewest options reads: the primary items' (and
    /// the root's), padded to a multiple of 16 with entries it never picks.
    scanned: usize,
    /// Primary items not covered yet.
    active_items: usize,
    /// Active items with no option left: while there is one, the search is at a dead end.
    /// Kept by `hide`, `unhide`, `cover` and `uncover`, wherever a length changes.
    empty_items: u32,
    /// The option each node belongs to (unused for headers and spacers).
    option_of: Vec<u32>,
    /// The first node of each option.
    option_start: Vec<L>,
    /// Whether options were selected, or the problem restricted, since the last reset.
    selected: bool,
    /// The node chosen at each level of the search.
    choice: Vec<L>,
    /// Scratch for handing a solution's options to the caller.
    solution: Vec<u32>,
    /// Scratch holding the nodes of one option, as long as the longest option.
    option_nodes: Vec<L>,
}

impl<L: Link> ExactCover<L> {
    /// The node at `index`.
    ///
    /// Links are followed millions of times per second, and bounds checks were a third of the
    /// search's instructions, so this reads without one.
    #[inline(always)]
    fn node(&self, index: L) -> Node<L> {
        debug_assert!(index.index() < self.nodes.len());
        // SAFETY: every index this is called with was read from a link (`up`, `down`, `top`) or
        // an item number, and links are only ever set to indices of nodes already pushed;
        // nodes are never removed. So `index < self.nodes.len()`.
        unsafe { *self.nodes.get_unchecked(index.index()) }
    }

    /// The node at `index`, for relinking. Same invariant as [`ExactCover::node`].
    #[inline(always)]
    fn node_mut(&mut self, index: L) -> &mut Node<L> {
        debug_assert!(index.index() < self.nodes.len());
        // SAFETY: as in `node`: link values and item numbers are indices of existing nodes.
        unsafe { self.nodes.get_unchecked_mut(index.index()) }
    }

    /// The length entry of `item`.
    #[inline(always)]
    fn len(&self, item: L) -> i16 {
        debug_assert!(item.index() < self.len.len());
        // SAFETY: as in `len_mut`.
        unsafe { *self.len.get_unchecked(item.index()) }
    }

    /// The length entry of `item`, for updating.
    #[inline(always)]
    fn len_mut(&mut self, item: L) -> &mut i16 {
        debug_assert!(item.index() < self.len.len());
        // SAFETY: `len` has an entry per header node and item numbers (from `top` links) are
        // header indices, so `item < self.len.len()`.
        unsafe { self.len.get_unchecked_mut(item.index()) }
    }

    /// The index the next pushed node will get.
    ///
    /// # Panics
    /// If the matrix already holds as many nodes as a [`Link`] can name.
    fn link_to_next_node(&self) -> L {
        assert!(self.nodes.len() <= L::MAX, "exact-cover matrix too large for its links");
        L::at(self.nodes.len())
    }

    /// A problem with `items` items (numbered `0..items`), all primary, and no options yet.
    pub fn new(items: usize) -> Self {
        Self::with_secondary(items, 0)
    }

    /// A problem with `primary` primary items (numbered `0..primary`), then `secondary`
    /// secondary ones, and no options yet.
    pub fn with_secondary(primary: usize, secondary: usize) -> Self {
        let items = primary + secondary;
        let headers = items + 1;
        assert!(headers < L::MAX, "too many items for the links");
        let nodes = (0..headers)
            .map(L::at)
            .map(|index| Node { up: index, down: index, right: index, top: L::default() })
            .collect();
        ExactCover {
            items,
            nodes,
            len: (0..headers.next_multiple_of(16))
                .map(|i| match i {
                    0 => COVERED,
                    i if i > primary && i < headers => SECONDARY,
                    i if i >= headers => COVERED,
                    _ => 0,
                })
                .collect(),
            primary,
            scanned: (primary + 1).next_multiple_of(16),
            active_items: primary,
            empty_items: 0,
            option_of: vec![0; headers],
            option_start: Vec::new(),
            selected: false,
            choice: vec![L::default(); items + 1],
            solution: Vec::with_capacity(items),
            option_nodes: Vec::new(),
        }
    }

    /// Makes room for `options` more options holding `nodes` items in all, so that building a
    /// large problem allocates once and no more than it needs.
    pub fn reserve(&mut self, options: usize, nodes: usize) {
        self.nodes.reserve_exact(nodes);
        self.option_of.reserve_exact(nodes);
        self.option_start.reserve_exact(options);
    }

    /// Adds an option holding `items` (each `< self.items`, no repeats) and returns its index.
    ///
    /// # Panics
    /// If an item is out of range or the option is empty: the problem is built by code, so
    /// these are bugs, not input errors.
    pub fn add_option(&mut self, items: &[usize]) -> usize {
        assert!(!items.is_empty(), "an option holds at least one item");
        let option = self.option_start.len() as u32;
        let first = self.link_to_next_node();
        let last = L::at(first.index() + items.len() - 1);
        for (position, &item) in items.iter().enumerate() {
            assert!(item < self.items, "item {item} out of range");
            assert!(!items[..position].contains(&item), "item {item} repeats in an option");
            let header = item + 1;
            let node = self.link_to_next_node();
            let above = self.nodes[header].up;
            let right = if node == last { first } else { L::at(node.index() + 1) };
            self.nodes.push(Node { up: above, down: L::at(header), right, top: L::at(header) });
            self.nodes[above.index()].down = node;
            self.nodes[header].up = node;
            let base = if item < self.primary { 0 } else { SECONDARY };
            assert!(
                ((self.len[header] - base) as usize) < MAX_LEN,
                "item {item} has too many options"
            );
            self.len[header] += 1;
            self.option_of.push(option);
        }
        self.option_start.push(first);
        if self.option_nodes.len() < items.len() {
            self.option_nodes.resize(items.len(), L::default());
        }
        option as usize
    }

    /// Selects `option` before searching, covering its items. Returns `false`, changing
    /// nothing, when the option clashes with one selected earlier (one of its items is already
    /// covered); the problem then has no solution holding both.
    pub fn select(&mut self, option: usize) -> bool {
        let first = self.option_start[option];
        let mut node = first;
        loop {
            if self.len(self.node(node).top) == COVERED {
                return false;
            }
            node = self.node(node).right;
            if node == first {
                break;
            }
        }
        self.cover(self.node(first).top, &mut NoObserver);
        self.cover_rest_of_option(first, &mut NoObserver);
        self.selected = true;
        true
    }

    /// Makes the problem the sub-problem of `options` alone, with `covered` items already
    /// covered: what selecting the options that cover those items would leave, when `options`
    /// are exactly the ones compatible with them. Options holding a covered item are left out.
    /// Each item's list keeps its options in the order given, so a search then runs exactly as
    /// it would after the selections when `options` come in ascending order.
    ///
    /// This rebuilds every item's list from the options given instead of unlinking the others:
    /// when most options are ruled out (a Sudoku's clues rule out most of the 729), linking the
    /// few that remain is much less work than hiding the many that do not, and it leaves no
    /// snapshot to copy back. [`reset`](Self::reset) restores the problem as built.
    ///
    /// # Panics
    /// If an item or option is out of range.
    pub fn restrict(
        &mut self,
        covered: impl IntoIterator<Item = usize>,
        options: impl IntoIterator<Item = usize>,
    ) {
        for header in (1..=self.items).map(L::at) {
            let node = self.node_mut(header);
            node.up = header;
            node.down = header;
            *self.len_mut(header) = if header.index() <= self.primary { 0 } else { SECONDARY };
        }
        self.active_items = self.primary;
        for item in covered {
            assert!(item < self.items, "item {item} out of range");
            let header = L::at(item + 1);
            let len = self.len(header);
            if len != COVERED {
                // As `cover` leaves it: the (empty) length parked in the header.
                *self.len_mut(header) = COVERED;
                self.node_mut(header).top = L::at(len as usize);
                self.active_items -= usize::from(len < SECONDARY);
            }
        }
        for option in options {
            let first = self.option_start[option];
            let mut node = first;
            let clashes = loop {
                if self.len(self.node(node).top) == COVERED {
                    break true;
                }
                node = self.node(node).right;
                if node == first {
                    break false;
                }
            };
            if clashes {
                continue;
            }
            loop {
                let header = self.node(node).top;
                let above = self.node(header).up;
                let linked = self.node_mut(node);
                linked.up = above;
                linked.down = header;
                self.node_mut(above).down = node;
                self.node_mut(header).up = node;
                *self.len_mut(header) += 1;
                node = self.node(node).right;
                if node == first {
                    break;
                }
            }
        }
        self.empty_items =
            (1..=self.primary).filter(|&header| self.len(L::at(header)) == 0).count() as u32;
        self.selected = true;
    }

    /// Undoes every [`select`](Self::select) and [`restrict`](Self::restrict), restoring the
    /// problem as built.
    pub fn reset(&mut self) {
        if self.selected {
            // Every item's list as built holds its options in the order they were added.
            self.restrict([], 0..self.option_start.len());
            self.selected = false;
        }
    }

    /// Searches for solutions of the problem left by the selections. For each solution,
    /// `on_solution` gets the options the search chose (not those selected beforehand).
    ///
    /// The matrix is restored before this returns, however the search ends.
    pub fn search(
        &mut self,
        limits: SearchLimits,
        on_solution: impl FnMut(&[u32]),
    ) -> SearchReport {
        self.search_observed(limits, on_solution, NoObserver)
    }

    /// Searches as [`search`](Self::search) does, telling `observer` what it does (lend it,
    /// `&mut observer`, to keep it): items are numbered from 0 as in [`ExactCover::new`],
    /// options as [`add_option`](Self::add_option) returned them.
    pub fn search_observed<O: SearchObserver>(
        &mut self,
        limits: SearchLimits,
        mut on_solution: impl FnMut(&[u32]),
        mut observer: O,
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
                    if self.active_items == 0 {
                        report.solutions += 1;
                        self.solution.clear();
                        for &node in &self.choice[..level] {
                            self.solution.push(self.option_of[node.index()]);
                        }
                        on_solution(&self.solution);
                        observer.solution();
                        if report.solutions >= limits.max_solutions {
                            self.unwind(level, &mut observer);
                            return report;
                        }
                        step = Step::Backtrack;
                        continue;
                    }
                    if self.empty_items > 0 {
                        observer.dead_end();
                        step = Step::Backtrack;
                        continue;
                    }
                    let (item, len) = self.choose_item();
                    if len >= 2 {
                        report.guesses += 1;
                    }
                    if O::ACTIVE {
                        observer.item_chosen(item.index() - 1, self.options_of(item));
                    }
                    self.cover(item, &mut observer);
                    self.choice[level] = self.node(item).down;
                    step = Step::Try;
                }
                Step::Try => {
                    let node = self.choice[level];
                    if node.index() <= self.items {
                        // Back at the item's header: every option was tried.
                        self.uncover(node, &mut observer);
                        step = Step::Backtrack;
                        continue;
                    }
                    if report.nodes >= limits.node_bound {
                        report.budget_exhausted = true;
                        self.uncover(self.node(node).top, &mut observer);
                        self.unwind(level, &mut observer);
                        return report;
                    }
                    report.nodes += 1;
                    if O::ACTIVE {
                        observer.option_chosen(self.option_of[node.index()] as usize);
                    }
                    self.cover_rest_of_option(node, &mut observer);
                    level += 1;
                    step = Step::Enter;
                }
                Step::Backtrack => {
                    if level == 0 {
                        return report;
                    }
                    level -= 1;
                    let node = self.choice[level];
                    self.uncover_rest_of_option(node, &mut observer);
                    if O::ACTIVE {
                        observer.option_dropped(self.option_of[node.index()] as usize);
                    }
                    self.choice[level] = self.node(node).down;
                    step = Step::Try;
                }
            }
        }
    }

    /// Undoes the choices of levels `0..level`, each of which covered its item and the rest of
    /// its chosen option.
    fn unwind<O: SearchObserver>(&mut self, level: usize, observer: &mut O) {
        for depth in (0..level).rev() {
            let node = self.choice[depth];
            self.uncover_rest_of_option(node, observer);
            if O::ACTIVE {
                observer.option_dropped(self.option_of[node.index()] as usize);
            }
            self.uncover(self.node(node).top, observer);
        }
    }

    /// The options left in `item`'s list, in the order a search tries them.
    fn options_of(&self, item: L) -> impl Iterator<Item = usize> + '_ {
        let mut node = self.node(item).down;
        std::iter::from_fn(move || {
            (node != item).then(|| {
                let option = self.option_of[node.index()] as usize;
                node = self.node(node).down;
                option
            })
        })
    }

    /// The active item with the fewest options left (the first such in item order), and that
    /// number. Only called while some item is active and none is empty.
    #[inline(always)]
    fn choose_item(&self) -> (L, u32) {
        let (item, fewest) = first_minimum(&self.len[..self.scanned]);
        (L::at(item), fewest as u32)
    }

    /// Covers the items of `node`'s option other than its own, left to right.
    #[inline(always)]
    fn cover_rest_of_option<O: SearchObserver>(&mut self, node: L, observer: &mut O) {
        let mut p = self.node(node).right;
        while p != node {
            self.cover(self.node(p).top, observer);
            p = self.node(p).right;
        }
    }

    /// Exactly undoes `cover_rest_of_option(node)`, uncovering right to left.
    #[inline(always)]
    fn uncover_rest_of_option<O: SearchObserver>(&mut self, node: L, observer: &mut O) {
        let mut count = 0;
        let mut p = self.node(node).right;
        while p != node {
            // `option_nodes` is as long as the longest option, and this walk visits one node
            // fewer than the option has.
            self.option_nodes[count] = p;
            count += 1;
            p = self.node(p).right;
        }
        for index in (0..count).rev() {
            self.uncover(self.node(self.option_nodes[index]).top, observer);
        }
    }

    /// Marks `item` covered and hides every option holding it.
    #[inline(always)]
    fn cover<O: SearchObserver>(&mut self, item: L, observer: &mut O) {
        let mut p = self.node(item).down;
        while p != item {
            self.hide(p);
            if O::ACTIVE {
                observer.option_hidden(self.option_of[p.index()] as usize);
            }
            p = self.node(p).down;
        }
        let len = std::mem::replace(self.len_mut(item), COVERED);
        // Lengths parked in a header are never negative: `len` is `COVERED` only once covered.
        self.node_mut(item).top = L::at(len as usize);
        self.active_items -= usize::from(len < SECONDARY);
        // A covered item is no longer active, empty or not. (Covering the chosen item can empty
        // another item of the chosen option, which is covered next.)
        self.empty_items -= u32::from(len == 0);
    }

    /// Exactly undoes `cover(item)`.
    #[inline(always)]
    fn uncover<O: SearchObserver>(&mut self, item: L, observer: &mut O) {
        let len = self.node(item).top.index() as i16;
        *self.len_mut(item) = len;
        self.active_items += usize::from(len < SECONDARY);
        self.empty_items += u32::from(len == 0);
        let mut p = self.node(item).up;
        while p != item {
            self.unhide(p);
            if O::ACTIVE {
                observer.option_restored(self.option_of[p.index()] as usize);
            }
            p = self.node(p).up;
        }
    }

    /// Unlinks the other nodes of `p`'s option from their items' lists.
    #[inline(always)]
    fn hide(&mut self, p: L) {
        let mut q = self.node(p).right;
        while q != p {
            let Node { up, down, top, right, .. } = self.node(q);
            self.node_mut(up).down = down;
            self.node_mut(down).up = up;
            let len = self.len_mut(top);
            *len -= 1;
            let emptied = *len == 0;
            self.empty_items += u32::from(emptied);
            q = right;
        }
    }

    /// Exactly undoes `hide(p)`. The other nodes of an option lie in distinct items' lists, so
    /// the order in which they go back does not matter.
    #[inline(always)]
    fn unhide(&mut self, p: L) {
        let mut q = self.node(p).right;
        while q != p {
            let Node { up, down, top, right, .. } = self.node(q);
            self.node_mut(up).down = q;
            self.node_mut(down).up = q;
            let len = self.len_mut(top);
            let refilled = *len == 0;
            *len += 1;
            self.empty_items -= u32::from(refilled);
            q = right;
        }
    }
}

/// The first item with the fewest options left, and that number, given that no active item
/// has none (the search checks `empty_items` first, as Knuth's program stops at a length of
/// 0). The first length of 1 is then a minimum, and since most branch points of a Sudoku
/// search are forced, stopping at the first chunk of eight lengths that holds one usually
/// reads a fraction of the array. `lens.len()` is a multiple of 16.
#[inline(always)]
fn first_minimum(lens: &[i16]) -> (usize, i16) {
    debug_assert!(lens.len().is_multiple_of(16) && !lens.is_empty());
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86-64 baseline, so these instructions always exist; every
    // load reads the 16 bytes at `8 * chunk` with `chunk < lens.len() / 8`, inside `lens`.
    unsafe {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi16, _mm_cmpgt_epi16, _mm_cvtsi128_si32, _mm_loadu_si128,
            _mm_min_epi16, _mm_movemask_epi8, _mm_set1_epi16, _mm_shuffle_epi32,
            _mm_shufflelo_epi16,
        };
        let chunks = lens.len() / 8;
        let load = |chunk: usize| _mm_loadu_si128(lens.as_ptr().add(8 * chunk).cast::<__m128i>());
        let two = _mm_set1_epi16(2);
        let mut fewest = _mm_set1_epi16(COVERED);
        for chunk in 0..chunks {
            let lengths = load(chunk);
            // Two mask bits per 16-bit lane.
            let at_most_one = _mm_movemask_epi8(_mm_cmpgt_epi16(two, lengths));
            if at_most_one != 0 {
                let index = 8 * chunk + at_most_one.trailing_zeros() as usize / 2;
                return (index, lens[index]);
            }
            fewest = _mm_min_epi16(fewest, lengths);
        }
        // No forced item: the minimum of the eight lanes by halving, then where it first is.
        fewest = _mm_min_epi16(fewest, _mm_shuffle_epi32::<0b01_00_11_10>(fewest));
        fewest = _mm_min_epi16(fewest, _mm_shuffle_epi32::<0b10_11_00_01>(fewest));
        fewest = _mm_min_epi16(fewest, _mm_shufflelo_epi16::<0b10_11_00_01>(fewest));
        let value = _mm_cvtsi128_si32(fewest) as i16;
        let wanted = _mm_set1_epi16(value);
        for chunk in 0..chunks {
            let matches = _mm_movemask_epi8(_mm_cmpeq_epi16(load(chunk), wanted));
            if matches != 0 {
                return (8 * chunk + matches.trailing_zeros() as usize / 2, value);
            }
        }
        (0, value)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        if let Some(index) = lens.iter().position(|&len| len <= 1) {
            return (index, lens[index]);
        }
        let fewest = lens.iter().copied().min().unwrap_or(COVERED);
        (lens.iter().position(|&len| len == fewest).unwrap_or(0), fewest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNLIMITED: SearchLimits = SearchLimits { max_solutions: u32::MAX, node_bound: u64::MAX };

    /// Items a and b primary, x secondary; options {a x}, {b x}, {a}, {b}: three solutions,
    /// for x may be left out but not held twice.
    #[test]
    fn secondary_items_are_held_at_most_once_and_never_chosen() {
        let mut problem: ExactCover<u16> = ExactCover::with_secondary(2, 1);
        for option in [&[0, 2][..], &[1, 2], &[0], &[1]] {
            problem.add_option(option);
        }
        let mut solutions = all_solutions(&mut problem);
        for solution in &mut solutions {
            solution.sort_unstable();
        }
        solutions.sort_unstable();
        assert_eq!(solutions, [vec![0, 3], vec![1, 2], vec![2, 3]]);
        // Restricted to a and x covered (option {a x} selected), only {b} is left.
        problem.restrict([0, 2], [1, 3]);
        assert_eq!(all_solutions(&mut problem), [vec![3]]);
        problem.reset();
        assert_eq!(all_solutions(&mut problem).len(), 3);
    }

    /// Knuth's example from "Dancing Links": items a..g, six options, one solution
    /// {a d}, {b g}, {c e f}, i.e. options 3, 4 and 0.
    fn knuth_example<L: Link>() -> ExactCover<L> {
        let mut problem = ExactCover::new(7);
        for option in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
            problem.add_option(option);
        }
        problem
    }

    fn all_solutions<L: Link>(problem: &mut ExactCover<L>) -> Vec<Vec<u32>> {
        let mut found = Vec::new();
        problem.search(UNLIMITED, |options| {
            let mut options = options.to_vec();
            options.sort_unstable();
            found.push(options);
        });
        found
    }

    #[test]
    fn finds_the_one_solution_of_knuths_example_with_either_link_width() {
        assert_eq!(all_solutions(&mut knuth_example::<u16>()), vec![vec![0, 3, 4]]);
        assert_eq!(all_solutions(&mut knuth_example::<u32>()), vec![vec![0, 3, 4]]);
    }

    /// Everything a search reads: the links of every node and the items' lengths. (Header
    /// nodes' `top` fields only hold lengths while their item is covered.)
    fn observable<L: Link>(problem: &ExactCover<L>) -> String {
        let links: Vec<_> = problem.nodes.iter().map(|n| (n.up, n.down, n.right)).collect();
        format!("{links:?} {:?} {}", problem.len, problem.active_items)
    }

    #[test]
    fn search_and_reset_leave_the_matrix_as_built() {
        let mut problem = knuth_example::<u16>();
        let before = observable(&problem);
        assert!(problem.select(3));
        assert!(!problem.select(1), "option 1 shares item 0 with option 3");
        assert_eq!(all_solutions(&mut problem), vec![vec![0, 4]]);
        problem.reset();
        assert_eq!(observable(&problem), before);
        assert_eq!(all_solutions(&mut problem), vec![vec![0, 3, 4]]);
    }

    #[test]
    fn restricting_searches_as_selecting_does() {
        // Selecting option 3 ({a d}) covers items 0 and 3 and rules out options 1 and 5,
        // which share them.
        let mut selected = knuth_example::<u32>();
        assert!(selected.select(3));
        let expected = selected.search(UNLIMITED, |_| {});
        let mut restricted = knuth_example::<u32>();
        let before = observable(&restricted);
        // Option 1 holds a covered item, so it is left out even though it is listed.
        restricted.restrict([0, 3], [0, 1, 2, 4]);
        assert_eq!(restricted.search(UNLIMITED, |_| {}), expected);
        assert_eq!(all_solutions(&mut restricted), vec![vec![0, 4]]);
        // An item no listed option holds is a dead end at once.
        restricted.restrict([0, 3], [0, 2]);
        assert_eq!(all_solutions(&mut restricted), Vec::<Vec<u32>>::new());
        restricted.reset();
        assert_eq!(observable(&restricted), before);
        assert_eq!(all_solutions(&mut restricted), vec![vec![0, 3, 4]]);
    }

    #[test]
    fn first_minimum_finds_the_first_forced_item_or_else_the_first_fewest() {
        let plain = |lens: &[i16]| match lens.iter().position(|&len| len <= 1) {
            Some(index) => (index, lens[index]),
            None => {
                let fewest = *lens.iter().min().unwrap();
                (lens.iter().position(|&len| len == fewest).unwrap(), fewest)
            }
        };
        for size in [16, 48] {
            let spread: Vec<i16> = (0..size).map(|i| 2 + (i * 7 % 11) as i16).collect();
            assert_eq!(first_minimum(&spread), plain(&spread));
            assert_eq!(first_minimum(&vec![COVERED; size]), (0, COVERED));
            for at in 0..size {
                for (len, other) in [(0, 1), (1, 0), (1, 1), (2, 3), (5, COVERED)] {
                    let mut lens = spread.clone();
                    lens[at] = len;
                    lens[(at + 9) % size] = other;
                    assert_eq!(first_minimum(&lens), plain(&lens), "{lens:?}");
                }
            }
        }
    }

    #[test]
    fn counts_every_solution_and_stops_at_limits() {
        // Two items, each coverable alone or together: {0}{1} or {0 1}.
        let mut problem = ExactCover::<u16>::new(2);
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
