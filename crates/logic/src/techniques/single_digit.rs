//! Single-digit patterns: skyscraper, two-string kite, simple colouring, X-chains.
//!
//! Each looks at one value's places only, joined by two kinds of link: a *strong* link, a
//! conjugate pair (a house where the value has exactly two places, so one of them holds it),
//! and a *weak* link, two cells that see each other (so at most one of them holds it). A chain
//! that starts and ends with a strong link proves that one of its two ends holds the value,
//! so no cell seeing both ends can. The skyscraper and the kite are the chains of three links
//! people spot by eye; simple colouring and X-chains find the longer ones.

use std::ops::Range;

use crate::board::Board;
use crate::houses::{bit, values};
use crate::step::{Step, Technique};

/// The longest X-chain looked for, in links (strong and weak): seven conjugate pairs. Longer
/// chains are rare, hard to follow, and the forcing chains further up the ladder cover them.
const MAX_LINKS: usize = 13;

/// A house where a value has exactly two places: one of the two cells holds it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Conjugate {
    /// The house (rows, then columns, then boxes, as in `Houses`).
    pub(crate) house: usize,
    /// The two places, in the house's order.
    pub(crate) cells: [usize; 2],
}

/// The conjugate pairs of `value` in the houses of the kinds `kinds` (0 rows, 1 columns,
/// 2 boxes), in house order.
pub(crate) fn conjugates(board: &Board, value: u8, kinds: Range<usize>) -> Vec<Conjugate> {
    let houses = board.houses();
    kinds
        .flat_map(|kind| houses.of_kind(kind))
        .filter_map(|house| {
            let places = board.places(house, value);
            if places.count_ones() != 2 {
                return None;
            }
            let cells = houses.cells_of(house);
            let first = places.trailing_zeros() as usize;
            let second = 63 - places.leading_zeros() as usize;
            Some(Conjugate {
                house,
                cells: [usize::from(cells[first]), usize::from(cells[second])],
            })
        })
        .collect()
}

/// The values with a conjugate pair in some house of the kinds `kinds`: the only values the
/// single-digit finders need to look at. One pass over each house's cells, where listing the
/// pairs of every value would take one pass per value (a large share of a ladder's time on
/// big, open grids, which have none).
pub(crate) fn values_with_conjugates(board: &Board, kinds: Range<usize>) -> u64 {
    let houses = board.houses();
    kinds.flat_map(|kind| houses.of_kind(kind)).fold(0, |found, house| {
        let (mut once, mut twice, mut more) = (0u64, 0u64, 0u64);
        for &cell in houses.cells_of(house) {
            let candidates = board.candidates(usize::from(cell));
            more |= twice & candidates;
            twice |= once & candidates;
            once |= candidates;
        }
        found | (twice & !more)
    })
}

/// The eliminations of `value` from the cells that see both `a` and `b`, leaving the cells of
/// `pattern` alone (a pattern cell seeing both ends would mean a shorter, different pattern).
pub(crate) fn seen_by_both(
    board: &Board,
    value: u8,
    a: usize,
    b: usize,
    pattern: &[usize],
) -> Vec<(usize, u8)> {
    let houses = board.houses();
    houses
        .peers(a)
        .iter()
        .map(|&cell| usize::from(cell))
        .filter(|&cell| board.has(cell, value) && houses.sees(cell, b) && !pattern.contains(&cell))
        .map(|cell| (cell, value))
        .collect()
}

/// Two conjugate pairs of one value in parallel lines (two rows, or two columns) with one end
/// of each in a common perpendicular line, the *base*, and the other ends off it. The two
/// base ends see each other, so at most one holds the value: one of the other two ends does,
/// and no cell seeing both of them can.
pub(crate) fn skyscraper(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let size = houses.size;
    for value in values(values_with_conjugates(board, 0..2)) {
        for kind in 0..2 {
            let lines = conjugates(board, value, kind..kind + 1);
            // The two places of a row differ by column, those of a column by row.
            let across =
                |cell: usize| if kind == 0 { size.col_of(cell) } else { size.row_of(cell) };
            for (i, first) in lines.iter().enumerate() {
                for second in &lines[i + 1..] {
                    for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        let (base1, far1) = (first.cells[a], first.cells[1 - a]);
                        let (base2, far2) = (second.cells[b], second.cells[1 - b]);
                        // Far ends on one line as well would make an X-wing, not a skyscraper.
                        if across(base1) != across(base2) || across(far1) == across(far2) {
                            continue;
                        }
                        let pattern = [far1, base1, base2, far2];
                        let eliminations = seen_by_both(board, value, far1, far2, &pattern);
                        if !eliminations.is_empty() {
                            let units = [first.house, second.house];
                            return Some(chain_step(
                                board,
                                Technique::Skyscraper,
                                value,
                                &units,
                                &pattern,
                                eliminations,
                            ));
                        }
                    }
                }
            }
        }
    }
    None
}

/// A conjugate pair in a row and one in a column, with one end of each in the same box (two
/// different cells, which see each other) and the other ends outside it. One of the two far
/// ends holds the value, so the cell seeing both of them cannot. On a jigsaw grid the box is
/// the irregular region.
pub(crate) fn two_string_kite(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let in_both = values_with_conjugates(board, 0..1) & values_with_conjugates(board, 1..2);
    for value in values(in_both) {
        let rows = conjugates(board, value, 0..1);
        if rows.is_empty() {
            continue;
        }
        let columns = conjugates(board, value, 1..2);
        for row in &rows {
            for column in &columns {
                for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (row_end, row_far) = (row.cells[a], row.cells[1 - a]);
                    let (column_end, column_far) = (column.cells[b], column.cells[1 - b]);
                    // The box (or irregular region) is what makes the two near ends see
                    // each other, so it is the board's, never the size's geometry.
                    let box_of = |cell: usize| houses.houses_of(cell)[2];
                    let the_box = box_of(row_end);
                    // A shared end links nothing; a pair inside the box is a claiming, not a
                    // string.
                    if row_end == column_end
                        || box_of(column_end) != the_box
                        || box_of(row_far) == the_box
                        || box_of(column_far) == the_box
                    {
                        continue;
                    }
                    let pattern = [row_far, row_end, column_end, column_far];
                    let eliminations = seen_by_both(board, value, row_far, column_far, &pattern);
                    if !eliminations.is_empty() {
                        let units = [row.house, column.house];
                        return Some(chain_step(
                            board,
                            Technique::TwoStringKite,
                            value,
                            &units,
                            &pattern,
                            eliminations,
                        ));
                    }
                }
            }
        }
    }
    None
}

/// The step of a chain of one value: `pattern` in chain order, `units` the houses of its
/// strong links.
fn chain_step(
    board: &Board,
    technique: Technique,
    value: u8,
    units: &[usize],
    pattern: &[usize],
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let houses = board.houses();
    let mut step = Step::new(technique);
    step.digits = bit(value);
    step.units = houses.names(units);
    step.pattern = pattern.iter().map(|&cell| (cell, bit(value))).collect();
    step.eliminations = eliminations;
    step
}

/// Scratch space for colouring, kept across values so a call allocates once: per cell, the
/// component it was coloured in and its colour, and the last component each colour of which
/// sees it. Components are numbered across values, so no reset is needed between them.
struct Colouring {
    /// The component each cell was last coloured in (`u32::MAX`: never).
    component: Vec<u32>,
    /// Each coloured cell's colour, 0 or 1, meaningful while `component` says which.
    colour: Vec<u8>,
    /// Per colour, the last component with a cell of that colour seeing each cell.
    seen: [Vec<u32>; 2],
}

/// Simple colouring of one value: the conjugate pairs link its places into components; in
/// each, the places alternate between two colours, and one colour holds the value everywhere
/// while the other holds it nowhere. A colour two of whose cells see each other cannot be the
/// true one, so the value leaves all its cells (*colour wrap*); a place outside the component
/// seeing cells of both colours sees the value either way, so it loses it (*colour trap*).
pub(crate) fn simple_colouring(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let cells = houses.cells;
    let mut scratch = Colouring {
        component: vec![u32::MAX; cells],
        colour: vec![0; cells],
        seen: [vec![u32::MAX; cells], vec![u32::MAX; cells]],
    };
    let mut next_id = 0u32;
    for value in values(values_with_conjugates(board, 0..3)) {
        let pairs = conjugates(board, value, 0..3);
        // Both directions of each link, sorted by cell: a cell's links are one slice.
        let mut links: Vec<(usize, usize)> = pairs
            .iter()
            .flat_map(|p| [(p.cells[0], p.cells[1]), (p.cells[1], p.cells[0])])
            .collect();
        links.sort_unstable();
        links.dedup();
        let first_id = next_id;
        let mut start = 0;
        while start < links.len() {
            let root = links[start].0;
            start = links.partition_point(|&(cell, _)| cell <= root);
            let known = scratch.component[root];
            if known != u32::MAX && known >= first_id {
                continue;
            }
            let id = next_id;
            next_id += 1;
            let members = colour_component(&mut scratch, &links, root, id);
            if let Some(step) = colouring_step(board, &mut scratch, &pairs, &members, value, id) {
                return Some(step);
            }
        }
    }
    None
}

/// Colours the component of `root` (breadth first, `root` taking colour 0) as component
/// `id`; its cells, in the order reached.
fn colour_component(
    scratch: &mut Colouring,
    links: &[(usize, usize)],
    root: usize,
    id: u32,
) -> Vec<usize> {
    let mut members = vec![root];
    scratch.component[root] = id;
    scratch.colour[root] = 0;
    let mut next = 0;
    while next < members.len() {
        let cell = members[next];
        next += 1;
        let from = links.partition_point(|&(c, _)| c < cell);
        let to = links.partition_point(|&(c, _)| c <= cell);
        for &(_, other) in &links[from..to] {
            // On a broken board an odd cycle colours a cell twice; the first colour stays,
            // and the clash shows as a wrap.
            if scratch.component[other] != id {
                scratch.component[other] = id;
                scratch.colour[other] = 1 - scratch.colour[cell];
                members.push(other);
            }
        }
    }
    members
}

/// The colour wrap or colour trap of component `id` (cells `members`), if any.
fn colouring_step(
    board: &Board,
    scratch: &mut Colouring,
    pairs: &[Conjugate],
    members: &[usize],
    value: u8,
    id: u32,
) -> Option<Step> {
    let houses = board.houses();
    for &cell in members {
        let colour = usize::from(scratch.colour[cell]);
        for &peer in houses.peers(cell) {
            scratch.seen[colour][usize::from(peer)] = id;
        }
    }
    let colours = &scratch.colour;
    let coloured = |colour: u8| members.iter().copied().filter(move |&c| colours[c] == colour);
    let mut eliminations: Vec<(usize, u8)> = Vec::new();
    for colour in 0..2u8 {
        // A cell of this colour seen by another of the same colour: the colour is false.
        if coloured(colour).any(|c| scratch.seen[usize::from(colour)][c] == id) {
            eliminations = coloured(colour).map(|c| (c, value)).collect();
            break;
        }
    }
    if eliminations.is_empty() {
        for cell in coloured(0) {
            for &peer in houses.peers(cell) {
                let peer = usize::from(peer);
                if scratch.seen[1][peer] == id
                    && scratch.component[peer] != id
                    && board.has(peer, value)
                {
                    eliminations.push((peer, value));
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut pattern: Vec<usize> = coloured(0).collect();
    pattern.sort_unstable();
    let mut second: Vec<usize> = coloured(1).collect();
    second.sort_unstable();
    pattern.extend(second);
    let units: Vec<usize> =
        pairs.iter().filter(|p| scratch.component[p.cells[0]] == id).map(|p| p.house).collect();
    Some(chain_step(board, Technique::SimpleColouring, value, &units, &pattern, eliminations))
}

/// The links of one value as a graph on its places, numbered `0..nodes.len()`: each node's
/// strong links (partner and house) and weak links (every other place it sees), as slices
/// of flat lists.
struct Graph {
    /// The cell of each node: the value's places, in cell order.
    nodes: Vec<usize>,
    /// Node `n`'s strong links are `strong[strong_start[n]..strong_start[n + 1]]`.
    strong_start: Vec<usize>,
    /// Strong links: the partner node and the house where the two are conjugate.
    strong: Vec<(u32, usize)>,
    /// Node `n`'s weak links are `weak[weak_start[n]..weak_start[n + 1]]`.
    weak_start: Vec<usize>,
    /// Weak links: the nodes a node sees.
    weak: Vec<u32>,
}

impl Graph {
    /// The graph of `value`, whose conjugate pairs are `pairs`; `index` is per-cell scratch
    /// (`u32::MAX` everywhere), left as found.
    fn of(board: &Board, value: u8, pairs: &[Conjugate], index: &mut [u32]) -> Graph {
        let houses = board.houses();
        let nodes: Vec<usize> = (0..houses.cells).filter(|&cell| board.has(cell, value)).collect();
        for (node, &cell) in nodes.iter().enumerate() {
            index[cell] = node as u32;
        }
        let mut links: Vec<(u32, u32, usize)> = Vec::new();
        for pair in pairs {
            let [a, b] = pair.cells.map(|cell| index[cell]);
            links.push((a, b, pair.house));
            links.push((b, a, pair.house));
        }
        // Two cells conjugate in a line and in a box: one link, in the first house.
        links.sort_unstable();
        links.dedup_by_key(|&mut (a, b, _)| (a, b));
        let mut strong_start = Vec::with_capacity(nodes.len() + 1);
        let mut weak_start = Vec::with_capacity(nodes.len() + 1);
        let mut weak = Vec::new();
        let mut next = 0;
        for (node, &cell) in nodes.iter().enumerate() {
            strong_start.push(next);
            while next < links.len() && links[next].0 as usize == node {
                next += 1;
            }
            weak_start.push(weak.len());
            weak.extend(
                houses
                    .peers(cell)
                    .iter()
                    .map(|&peer| index[usize::from(peer)])
                    .filter(|&node| node != u32::MAX),
            );
        }
        strong_start.push(links.len());
        weak_start.push(weak.len());
        for &cell in &nodes {
            index[cell] = u32::MAX;
        }
        let strong = links.into_iter().map(|(_, b, house)| (b, house)).collect();
        Graph { nodes, strong_start, strong, weak_start, weak }
    }

    /// The strong links of `node`.
    fn strong(&self, node: usize) -> &[(u32, usize)] {
        &self.strong[self.strong_start[node]..self.strong_start[node + 1]]
    }

    /// The weak links of `node`.
    fn weak(&self, node: usize) -> &[u32] {
        &self.weak[self.weak_start[node]..self.weak_start[node + 1]]
    }
}

/// A chain found: its cells in order, the houses of its strong links, its eliminations.
struct Chain {
    /// The cells, from the first strong link's start to the last one's end.
    cells: Vec<usize>,
    /// The house of each strong link, in order.
    units: Vec<usize>,
    /// What the chain removes.
    eliminations: Vec<(usize, u8)>,
}

/// An X-chain: a chain of one value's strong and weak links, alternating, that starts and
/// ends with a strong link. If the first cell does not hold the value, the next does, so the
/// one after does not, and so on: the last does. One of the two ends holds the value, and no
/// cell seeing both can. The shortest chain that removes something is taken (by breadth-first
/// search from every place), up to [`MAX_LINKS`] links.
pub(crate) fn x_chain(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let mut index = vec![u32::MAX; houses.cells];
    let mut best: Option<(u8, Chain)> = None;
    for value in values(values_with_conjugates(board, 0..3)) {
        let pairs = conjugates(board, value, 0..3);
        // Without a strong link there is no chain (and no need to list the weak ones).
        if pairs.is_empty() {
            continue;
        }
        let graph = Graph::of(board, value, &pairs, &mut index);
        // Only a chain shorter than the best so far is worth finding.
        let limit = best.as_ref().map_or(MAX_LINKS, |(_, chain)| chain.cells.len() - 3);
        if let Some(chain) = shortest_chain(board, &graph, value, limit) {
            let shortest = chain.cells.len() == 4;
            best = Some((value, chain));
            if shortest {
                break;
            }
        }
    }
    let (value, chain) = best?;
    Some(chain_step(
        board,
        Technique::XChain,
        value,
        &chain.units,
        &chain.cells,
        chain.eliminations,
    ))
}

/// The shortest chain of `graph` of three to `limit` links that removes something.
fn shortest_chain(board: &Board, graph: &Graph, value: u8, limit: usize) -> Option<Chain> {
    let count = graph.nodes.len();
    /// The depth of a node not reached yet.
    const UNSEEN: u8 = u8::MAX;
    // Per node, reached with the value off (after a weak link, or the start) or on (after a
    // strong link): the depth, and the node it was reached from (with the house, for on).
    let mut off_depth = vec![UNSEEN; count];
    let mut on_depth = vec![UNSEEN; count];
    let mut off_from = vec![0u32; count];
    let mut on_from = vec![(0u32, 0usize); count];
    let mut queue: Vec<(u32, bool)> = Vec::new();
    let mut limit = limit;
    let mut best: Option<Chain> = None;
    for start in 0..count {
        if graph.strong(start).is_empty() {
            continue;
        }
        off_depth.fill(UNSEEN);
        on_depth.fill(UNSEEN);
        queue.clear();
        off_depth[start] = 0;
        queue.push((start as u32, false));
        let mut head = 0;
        'search: while head < queue.len() {
            let (node, on) = queue[head];
            let node = node as usize;
            head += 1;
            if on {
                let depth = on_depth[node];
                // A weak link now needs a strong one after it to end the chain.
                if usize::from(depth) + 2 > limit {
                    continue;
                }
                for &next in graph.weak(node) {
                    let next = next as usize;
                    if off_depth[next] == UNSEEN {
                        off_depth[next] = depth + 1;
                        off_from[next] = node as u32;
                        queue.push((next as u32, false));
                    }
                }
                continue;
            }
            let depth = off_depth[node];
            if usize::from(depth) + 1 > limit {
                continue;
            }
            for &(next, house) in graph.strong(node) {
                let next = next as usize;
                if on_depth[next] != UNSEEN || next == start {
                    continue;
                }
                on_depth[next] = depth + 1;
                on_from[next] = (node as u32, house);
                queue.push((next as u32, true));
                if depth + 1 < 3 {
                    continue;
                }
                let Some(chain) = chain_to(board, graph, value, start, next, &off_from, &on_from)
                else {
                    continue;
                };
                // Breadth first: nothing later from this start is shorter.
                limit = chain.cells.len() - 3;
                best = Some(chain);
                if limit < 3 {
                    return best;
                }
                break 'search;
            }
        }
    }
    best
}

/// The chain from `start` (off) to `end` (on) that the search recorded, if its cells are all
/// different and it removes something.
fn chain_to(
    board: &Board,
    graph: &Graph,
    value: u8,
    start: usize,
    end: usize,
    off_from: &[u32],
    on_from: &[(u32, usize)],
) -> Option<Chain> {
    let houses = board.houses();
    let (first, last) = (graph.nodes[start], graph.nodes[end]);
    // Cheap test first: most ends share no place with the start.
    if !graph.weak(start).iter().any(|&node| houses.sees(graph.nodes[node as usize], last)) {
        return None;
    }
    let mut cells = vec![last];
    let mut units = Vec::new();
    let mut node = end;
    loop {
        let (off, house) = on_from[node];
        units.push(house);
        cells.push(graph.nodes[off as usize]);
        if off as usize == start {
            break;
        }
        node = off_from[off as usize] as usize;
        cells.push(graph.nodes[node]);
    }
    cells.reverse();
    units.reverse();
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != cells.len() {
        return None;
    }
    let eliminations = seen_by_both(board, value, first, last, &cells);
    (!eliminations.is_empty()).then_some(Chain { cells, units, eliminations })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_from_marks;
    use sudoku_core::Size;

    /// A 9×9 board where every cell holds every candidate but `value`, which only the cells
    /// marked `x` in `map` (81 marks, `x` or `.`, whitespace ignored) hold.
    fn board_with_places(value: u8, map: &str) -> Board {
        let marks: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(marks.len(), 81, "81 cells in the map");
        let tokens: Vec<String> = marks
            .iter()
            .map(|&mark| {
                (1..=9u8)
                    .filter(|&v| v != value || mark == 'x')
                    .map(|v| char::from(b'0' + v))
                    .collect()
            })
            .collect();
        board_from_marks(&tokens.join(" "), &[])
    }

    /// The index of the cell at 1-based `row`, `col`.
    fn cell(row: usize, col: usize) -> usize {
        (row - 1) * 9 + col - 1
    }

    #[test]
    fn a_skyscraper_clears_the_cells_seeing_both_tops() {
        // Rows 1 and 5 hold 1 at c1,c5 and c1,c6: column 1 is the base, so r1c5 or r5c6
        // holds 1.
        let board = board_with_places(
            1,
            "x...x....
             .xx..x.xx
             .xx..x.xx
             .x..x.xxx
             x....x...
             .x..x.xxx
             .xxxxxxxx
             .xxxxxxxx
             .xxxxxxxx",
        );
        assert!(!board.is_broken());
        let step = skyscraper(&board).expect("a skyscraper on column 1");
        assert_eq!(
            step.eliminations,
            vec![(cell(2, 6), 1), (cell(3, 6), 1), (cell(4, 5), 1), (cell(6, 5), 1)]
        );
        assert_eq!(
            step.describe(board.size()),
            "Skyscraper: 1 in r1c5=r1c1 - r5c1=r5c6 (row 1, row 5) => r2c6,r3c6,r4c5,r6c5<>1"
        );
    }

    #[test]
    fn no_skyscraper_when_the_bases_are_not_aligned_or_make_an_x_wing() {
        // As above with row 5's pair moved to c2,c6: no column holds an end of each.
        let unaligned = board_with_places(
            1,
            "x...x....
             .xx..x.xx
             .xx..x.xx
             .x..x.xxx
             .x...x...
             .x..x.xxx
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx",
        );
        assert_eq!(skyscraper(&unaligned), None);
        // Row 5's pair at c1,c5: an X-wing, whose eliminations are not a skyscraper's.
        let x_wing = board_with_places(
            1,
            "x...x....
             .xx.xx.xx
             .xx.xx.xx
             .x.x..xxx
             x...x....
             .x.x.xxxx
             .xxxxxxxx
             .xxxxxxxx
             .xxxxxxxx",
        );
        assert_eq!(skyscraper(&x_wing), None);
    }

    #[test]
    fn a_two_string_kite_clears_the_cell_seeing_both_strings() {
        // Row 3 holds 1 at c1,c6 and column 2 at r1,r6; r3c1 and r1c2 share box 1.
        let board = board_with_places(
            1,
            ".x.xxxxxx
             x.x.xx.xx
             x....x...
             x.x.xxxxx
             x.xxx.xxx
             .x.x.xxxx
             x.xxxxxxx
             x.xxxxxxx
             x.xxxxxxx",
        );
        assert!(!board.is_broken());
        let step = two_string_kite(&board).expect("a kite through box 1");
        assert_eq!(step.eliminations, vec![(cell(6, 6), 1)]);
        assert_eq!(
            step.describe(board.size()),
            "2-String Kite: 1 in r3c6=r3c1 - r1c2=r6c2 (row 3, column 2) => r6c6<>1"
        );
    }

    #[test]
    fn no_two_string_kite_when_the_strings_share_their_box_end() {
        // Row 3 holds 1 at c2,c6 and column 2 at r3,r6: both strings end at r3c2, which
        // proves nothing about r6c6.
        let board = board_with_places(
            1,
            "x..xxxxxx
             x.x.xx.xx
             .x...x...
             x.x.xxxxx
             x.xxx.xxx
             .x.x.xxxx
             x.xxxxxxx
             x.xxxxxxx
             x.xxxxxxx",
        );
        assert_eq!(two_string_kite(&board), None);
    }

    #[test]
    fn a_colour_wrap_removes_the_colour_that_sees_itself() {
        // r1c1=r1c5=r4c5=r4c2=r2c2: r1c1 and r2c2 take the same colour and share box 1.
        let board = board_with_places(
            1,
            "x...x....
             .x...xxxx
             ..x..xxxx
             .x..x....
             x.xx.xxxx
             x.xx.xxxx
             x.xx.xxxx
             x.xx.xxxx
             x.xx.xxxx",
        );
        let step = simple_colouring(&board).expect("a colour wrap");
        assert_eq!(step.eliminations, vec![(cell(1, 1), 1), (cell(2, 2), 1), (cell(4, 5), 1)]);
        assert_eq!(
            step.describe(board.size()),
            "Simple Colouring: 1 coloured r1c1,r2c2,r4c5 / r1c5,r4c2 \
             (colour wrap: r1c1 sees r2c2) => r1c1,r2c2,r4c5<>1"
        );
    }

    #[test]
    fn a_colour_trap_removes_cells_seeing_both_colours() {
        // r1c1=r1c5=r5c5=r5c2: r1c1 and r5c2 take opposite colours.
        let board = board_with_places(
            1,
            "x...x....
             .xx..xxxx
             .xx..xxxx
             xxxx.xxxx
             .x..x....
             xxxx.xxxx
             xxxx.xxxx
             xxxx.xxxx
             xxxx.xxxx",
        );
        let step = simple_colouring(&board).expect("a colour trap");
        assert_eq!(
            step.eliminations,
            vec![(cell(2, 2), 1), (cell(3, 2), 1), (cell(4, 1), 1), (cell(6, 1), 1)]
        );
        assert_eq!(
            step.describe(board.size()),
            "Simple Colouring: 1 coloured r1c1,r5c5 / r1c5,r5c2 (colour trap) \
             => r2c2,r3c2,r4c1,r6c1<>1"
        );
    }

    #[test]
    fn no_colouring_when_a_cell_sees_only_one_colour() {
        // r1c1=r1c5=r5c5: r5c1 sees r1c1 and r5c5, both of one colour.
        let board = board_with_places(
            1,
            "x...x....
             xxxx.xxxx
             xxxx.xxxx
             xxxx.xxxx
             xxxxxxxxx
             xxxx.xxxx
             xxxx.xxxx
             xxxx.xxxx
             xxxx.xxxx",
        );
        assert_eq!(simple_colouring(&board), None);
    }

    #[test]
    fn an_x_chain_of_five_links_clears_the_cells_seeing_both_ends() {
        // r1c1=r1c4 - r5c4=r5c8 - r8c8=r8c2: r1c1 or r8c2 holds 1.
        let board = board_with_places(
            1,
            "x..x.....
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             ...x...x.
             xxxxxxxxx
             xxxxxxxxx
             .x.....x.
             xxxxxxxxx",
        );
        let step = x_chain(&board).expect("an X-chain");
        assert_eq!(
            step.eliminations,
            vec![(cell(2, 2), 1), (cell(3, 2), 1), (cell(7, 1), 1), (cell(9, 1), 1)]
        );
        assert_eq!(
            step.pattern.iter().map(|&(c, _)| c).collect::<Vec<_>>(),
            [cell(1, 1), cell(1, 4), cell(5, 4), cell(5, 8), cell(8, 8), cell(8, 2)]
        );
        assert_eq!(
            step.describe(board.size()),
            "X-Chain: 1 in r1c1=r1c4 - r5c4=r5c8 - r8c8=r8c2 => r2c2,r3c2,r7c1,r9c1<>1"
        );
    }

    #[test]
    fn no_x_chain_when_the_ends_share_no_cell() {
        // As above with row 8's pair at c8,c9: r1c1 and r8c9 see no common cell.
        let board = board_with_places(
            1,
            "x..x.....
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             ...x...x.
             xxxxxxxxx
             xxxxxxxxx
             .......xx
             xxxxxxxxx",
        );
        assert_eq!(x_chain(&board), None);
    }

    #[test]
    fn an_x_chain_finds_a_skyscraper_too() {
        let board = board_with_places(
            1,
            "x...x....
             .xx..x.xx
             .xx..x.xx
             .x..x.xxx
             x....x...
             .x..x.xxx
             .xxxxxxxx
             .xxxxxxxx
             .xxxxxxxx",
        );
        let step = x_chain(&board).expect("the skyscraper as a chain");
        assert_eq!(step.pattern.len(), 4);
        assert_eq!(step.eliminations.len(), 4);
    }

    #[test]
    fn the_finders_run_on_every_size() {
        for size in Size::all() {
            let board = Board::new(&sudoku_core::Grid::empty(size));
            assert_eq!(skyscraper(&board), None);
            assert_eq!(two_string_kite(&board), None);
            assert_eq!(simple_colouring(&board), None);
            assert_eq!(x_chain(&board), None);
        }
    }
}
