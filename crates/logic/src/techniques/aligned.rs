//! Aligned exclusion, as Sudoku Explainer rates it: aligned pair exclusion (6.2) and aligned
//! triple exclusion (7.5).

use std::cell::RefCell;

use rustc_hash::FxHashSet;

use crate::board::Board;
use crate::houses::{bit, bits, values};
use crate::step::{Step, Technique};

/// Aligned exclusion of `n` cells (2 or 3). Base cells are empty cells of two or more
/// candidates with no peer of one candidate (a naked single comes first) and with at least
/// one excluder: a peer of two to `n` candidates. For `n` base cells with two or more
/// excluders in common (for three, the third a base cell among the excluders of the first
/// two), every way to fill the base cells with one candidate each is tried: it is excluded
/// when two base cells that share a house take the same value, or when it takes every
/// candidate of a common excluder. A candidate of a base cell that no remaining way uses is
/// eliminated.
///
/// Sudoku Explainer rates 9×9 grids; on bigger ones the triples' ways grow as the side cubed
/// times the cells' triples, so the triple is looked for up to 9×9 only.
pub(crate) fn aligned_exclusion(board: &Board, n: usize) -> Option<Step> {
    let houses = board.houses();
    if n == 3 && houses.side > 9 {
        return None;
    }
    // Sets of cells as bits, `words` words a set: a base's excluders, the excluders that see
    // a base. The pairs and triples are many (thousands a board), their common excluders an
    // intersection of two sets each.
    let words = houses.cells.div_ceil(64);
    let mut excluding = vec![0u64; words];
    for cell in 0..houses.cells {
        if (2..=n).contains(&(board.candidates(cell).count_ones() as usize)) {
            excluding[cell / 64] |= 1 << (cell % 64);
        }
    }
    let mut bases: Vec<usize> = Vec::new();
    // Per base, its excluders: the peers of two to `n` candidates.
    let mut excluders: Vec<u64> = Vec::new();
    'cells: for cell in 0..houses.cells {
        if board.value(cell) != 0 || board.candidates(cell).count_ones() < 2 {
            continue;
        }
        let base = excluders.len();
        excluders.resize(base + words, 0);
        for &peer in houses.peers(cell) {
            let peer = usize::from(peer);
            match board.candidates(peer).count_ones() as usize {
                1 if board.value(peer) == 0 => {
                    excluders.truncate(base);
                    continue 'cells;
                }
                count if (2..=n).contains(&count) => {
                    excluders[base + peer / 64] |= 1 << (peer % 64)
                }
                _ => {}
            }
        }
        if excluders[base..].iter().all(|&bits| bits == 0) {
            excluders.truncate(base);
            continue;
        }
        bases.push(cell);
    }
    let set = |index: usize| (index * words, (index + 1) * words);
    // Per base, the excluding cells that see it: two bases' common excluders are the
    // excluders of one that see the other.
    let mut seeing = vec![0u64; bases.len() * words];
    let mut excluding_cells = Vec::new();
    for (word, &bits) in excluding.iter().enumerate() {
        excluding_cells.extend(cells_of(bits, word));
    }
    for (index, &base) in bases.iter().enumerate() {
        for &e in &excluding_cells {
            if e != base && houses.sees(e, base) {
                seeing[index * words + e / 64] |= 1 << (e % 64);
            }
        }
    }
    // Each base's place in `bases`, by cell, and the bases as a set.
    let mut base_of = vec![usize::MAX; houses.cells];
    let mut base_cells = vec![0u64; words];
    for (index, &cell) in bases.iter().enumerate() {
        base_of[cell] = index;
        base_cells[cell / 64] |= 1 << (cell % 64);
    }
    let has = |sets: &[u64], index: usize, cell: usize| {
        sets[index * words + cell / 64] & 1 << (cell % 64) != 0
    };
    let (mut shared, mut shared3) = (vec![0u64; words], vec![0u64; words]);
    let mut common = Vec::new();
    let mut ways = Ways::default();
    for first in 0..bases.len() {
        let (from, to) = set(first);
        let first_excluders = &excluders[from..to];
        for second in first + 1..bases.len() {
            let (from, to) = set(second);
            intersect(first_excluders, &seeing[from..to], &mut shared);
            if !several(&shared) {
                continue;
            }
            let (a, b) = (bases[first], bases[second]);
            if n == 2 {
                list(&shared, &mut common);
                if let Some(step) = ways.exclusion(board, &[a, b], &common) {
                    return Some(step);
                }
                continue;
            }
            // The third base cell is among the excluders of the first two, after the second
            // (each triple once), taken in the order of their cells.
            let (from, to) = set(second);
            for (word, ((&one, &two), &base)) in
                first_excluders.iter().zip(&excluders[from..to]).zip(&base_cells).enumerate()
            {
                for tail in cells_of((one | two) & base, word) {
                    let third = base_of[tail];
                    if third == first || third == second {
                        continue;
                    }
                    // Whether the triple was tried from an earlier pair: pairs come in order,
                    // `(x, y)` before `(x, z)` before `(y, z)` for `x < y < z`, and a pair
                    // reaches a tail among the excluders of either cell.
                    let reaches = |p: usize, q: usize, tail: usize| {
                        has(&excluders, p, bases[tail]) || has(&excluders, q, bases[tail])
                    };
                    let mut three = [first, second, third];
                    three.sort_unstable();
                    let [x, y, z] = three;
                    let seen_before = match (first, second) {
                        pair if pair == (x, y) => false,
                        pair if pair == (x, z) => reaches(x, y, z),
                        _ => reaches(x, y, z) || reaches(x, z, y),
                    };
                    if seen_before {
                        continue;
                    }
                    let (from, to) = set(third);
                    intersect(&shared, &seeing[from..to], &mut shared3);
                    if !several(&shared3) {
                        continue;
                    }
                    list(&shared3, &mut common);
                    if let Some(step) = ways.exclusion(board, &[a, b, tail], &common) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// `a ∩ b` into `out`, sets of cells as bits.
fn intersect(a: &[u64], b: &[u64], out: &mut [u64]) {
    for ((to, &a), &b) in out.iter_mut().zip(a).zip(b) {
        *to = a & b;
    }
}

/// Whether a set has two cells or more (without a population count, which the baseline
/// instruction set lacks).
fn several(set: &[u64]) -> bool {
    let mut seen = false;
    for &bits in set {
        if bits & bits.wrapping_sub(1) != 0 || (seen && bits != 0) {
            return true;
        }
        seen |= bits != 0;
    }
    false
}

/// The cells of a set into `out`, in increasing order.
fn list(set: &[u64], out: &mut Vec<usize>) {
    out.clear();
    for (word, &bits) in set.iter().enumerate() {
        out.extend(cells_of(bits, word));
    }
}

/// The cells of word `word` of a set, `bits`, in increasing order.
fn cells_of(bits: u64, word: usize) -> impl Iterator<Item = usize> {
    crate::houses::bits(bits).map(move |bit| word * 64 + bit)
}

/// The buffers of the ways of filling base cells, kept between tries.
#[derive(Default)]
struct Ways {
    chosen: Vec<u8>,
    used: Vec<u64>,
    /// The candidates of each common excluder.
    excluders: Vec<u64>,
    /// For each base cell, the earlier base cells it shares a house with, as bits.
    seen: Vec<u32>,
    /// The candidates of the base cells that no allowed way has used yet: once none is left,
    /// nothing can be eliminated and the other ways need not be tried.
    left: u32,
}

/// Base cells and their common excluders on a 9×9 board, by what decides whether they
/// eliminate anything: the cells (which of them share a house), their candidates and the
/// excluders' candidates, with the number of each.
#[derive(PartialEq, Eq, Hash)]
struct Tried([u16; 28]);

impl Tried {
    /// The key of `cells` and `common` on `board`; `None` off 9×9.
    fn of(board: &Board, cells: &[usize], common: &[usize]) -> Option<Tried> {
        if board.houses().side != 9 || cells.len() > 3 || common.len() > 20 {
            return None;
        }
        let mut key = [0u16; 28];
        key[0] = cells.len() as u16;
        for (i, &cell) in cells.iter().enumerate() {
            key[1 + i] = cell as u16;
            key[4 + i] = board.candidates(cell) as u16;
        }
        key[7] = common.len() as u16;
        for (to, &excluder) in key[8..].iter_mut().zip(common) {
            *to = board.candidates(excluder) as u16;
        }
        Some(Tried(key))
    }
}

/// The most tries a thread remembers; past that it forgets them all and starts again.
const REMEMBERED: usize = 1 << 16;

thread_local! {
    /// The tries that eliminated nothing. The ladder looks for aligned exclusions again after
    /// every step of a hard puzzle, on a board the step changed in a few cells: most base
    /// cells and excluders are as they were, and they eliminate nothing again. Hashed by
    /// FxHash, far cheaper than the standard library's hash: the set is asked for every pair
    /// and triple tried.
    static NOTHING: RefCell<FxHashSet<Tried>> = RefCell::new(FxHashSet::default());
}

impl Ways {
    /// The step of the base cells `cells` with the excluders `common` they share, if it
    /// eliminates anything: tried once for the same cells and candidates on a thread (see
    /// [`NOTHING`]).
    fn exclusion(&mut self, board: &Board, cells: &[usize], common: &[usize]) -> Option<Step> {
        let key = Tried::of(board, cells, common);
        if let Some(key) = &key
            && NOTHING.with(|nothing| nothing.borrow().contains(key))
        {
            return None;
        }
        let step = self.try_ways(board, cells, common);
        if let (None, Some(key)) = (&step, key) {
            NOTHING.with(|nothing| {
                let mut nothing = nothing.borrow_mut();
                if nothing.len() >= REMEMBERED {
                    nothing.clear();
                }
                nothing.insert(key);
            });
        }
        step
    }

    /// [`Ways::exclusion`], every way tried.
    fn try_ways(&mut self, board: &Board, cells: &[usize], common: &[usize]) -> Option<Step> {
        let houses = board.houses();
        self.chosen.clear();
        self.chosen.resize(cells.len(), 0);
        self.used.clear();
        self.used.resize(cells.len(), 0);
        self.excluders.clear();
        self.excluders.extend(common.iter().map(|&excluder| board.candidates(excluder)));
        self.seen.clear();
        self.seen.extend(cells.iter().enumerate().map(|(index, &cell)| {
            (0..index)
                .filter(|&earlier| houses.sees(cells[earlier], cell))
                .fold(0, |seen, earlier| seen | 1 << earlier)
        }));
        self.left = cells.iter().map(|&cell| board.candidates(cell).count_ones()).sum();
        if cells.len() == 3 && houses.side <= 9 {
            self.triple(board, cells);
        } else {
            self.fill(board, cells, 0, 0);
        }
        if self.left == 0 {
            return None;
        }
        let eliminations: Vec<(usize, u8)> = cells
            .iter()
            .zip(&self.used)
            .flat_map(|(&cell, &used)| {
                values(board.candidates(cell) & !used).map(move |value| (cell, value))
            })
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let technique = if cells.len() == 2 {
            Technique::AlignedPairExclusion
        } else {
            Technique::AlignedTripleExclusion
        };
        let mut step = Step::new(technique);
        step.pattern =
            cells.iter().chain(common).map(|&cell| (cell, board.candidates(cell))).collect();
        step.eliminations = eliminations;
        Some(step)
    }

    /// [`Ways::fill`] for three base cells of a board of nine values or fewer, the same ways
    /// allowed but found a pair of values at a time: for the first two cells' values, the
    /// third cell's allowed values are its candidates less those a clash or an excluder
    /// forbids, a set of bits rather than a way tried for each.
    ///
    /// An excluder of one candidate forbids its value in every cell; one of two forbids a
    /// value when the other is taken, and the pair of both; one of three forbids its third
    /// value when the first two cells take the other two. An excluder of more candidates than
    /// there are cells forbids nothing.
    fn triple(&mut self, board: &Board, cells: &[usize]) {
        let houses = board.houses();
        let (mut banned, mut with) = (0u64, [0u64; 10]);
        let mut threes = [0u64; 32];
        let mut three_count = 0;
        for &excluder in &self.excluders {
            match excluder.count_ones() {
                1 => banned |= excluder,
                2 => {
                    for value in values(excluder) {
                        with[usize::from(value)] |= excluder & !bit(value);
                    }
                }
                3 if three_count < threes.len() => {
                    threes[three_count] = excluder;
                    three_count += 1;
                }
                3 => {
                    // More than the room: the ways tried one by one.
                    self.fill(board, cells, 0, 0);
                    return;
                }
                _ => {}
            }
        }
        let threes = &threes[..three_count];
        let [a, b, c] = [cells[0], cells[1], cells[2]];
        let candidates = [a, b, c].map(|cell| board.candidates(cell));
        let b_sees_a = houses.sees(a, b);
        let (c_sees_a, c_sees_b) = (houses.sees(a, c), houses.sees(b, c));
        let mut used = [0u64; 3];
        'first: for first in values(candidates[0] & !banned) {
            let one = bit(first);
            for second in values(candidates[1] & !banned) {
                let two = bit(second);
                if (b_sees_a && first == second) || with[usize::from(first)] & two != 0 {
                    continue;
                }
                let mut forbidden = banned | with[usize::from(first)] | with[usize::from(second)];
                if c_sees_a {
                    forbidden |= one;
                }
                if c_sees_b {
                    forbidden |= two;
                }
                for &three in threes {
                    if one != two && three & one != 0 && three & two != 0 {
                        forbidden |= three & !one & !two;
                    }
                }
                let third = candidates[2] & !forbidden;
                if third != 0 {
                    used[0] |= one;
                    used[1] |= two;
                    used[2] |= third;
                    if used == candidates {
                        break 'first;
                    }
                }
            }
        }
        self.used.copy_from_slice(&used);
        self.left = u32::from(used != candidates);
    }

    /// Tries every way to fill base cells `index..` after `chosen[..index]`, whose values are
    /// `taken`, marking in `used` the values of every way allowed. A way is cut as soon as its
    /// values so far take every candidate of a common excluder (more values only take more),
    /// and every way is left untried once every candidate has been used.
    fn fill(&mut self, board: &Board, cells: &[usize], index: usize, taken: u64) {
        if index == cells.len() {
            for (used, &value) in self.used.iter_mut().zip(&self.chosen) {
                self.left -= u32::from(*used & bit(value) == 0);
                *used |= bit(value);
            }
            return;
        }
        let seen = self.seen[index];
        for value in values(board.candidates(cells[index])) {
            if self.left == 0 {
                return;
            }
            let clash = bits(u64::from(seen)).any(|earlier| self.chosen[earlier] == value);
            let taken = taken | bit(value);
            if clash || self.excluders.iter().any(|&excluder| excluder & !taken == 0) {
                continue;
            }
            self.chosen[index] = value;
            self.fill(board, cells, index + 1, taken);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::{board_from_line, board_from_marks};

    #[test]
    fn an_aligned_pair_exclusion() {
        let board = board_from_marks(
            "5 7 8 4 29 1 269 26 3 9 2 3 6 7 8 15 15 4 6 1 4 39 259 35 29 78 78 17 4 6 5 19 2 8 3 \
             179 8 9 15 17 3 4 156 1567 2 127 3 125 179 8 6 4 157 1579 4 8 7 2 15 35 13 9 6 3 56 \
             12 8 46 9 7 1245 15 12 56 9 13 46 7 1235 12458 158",
            &[],
        );
        let step = aligned_exclusion(&board, 2).expect("a pair excluded");
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        assert_eq!(step.eliminations, [(79, 1)]);
        assert_eq!(&step.pattern[..2], [(78, 0b1_0111), (79, 0b1001_1011)]);
        assert_eq!(
            step.describe(board.size()),
            "Aligned Pair Exclusion: r9c7,r9c8 excluded by r7c7,r8c9,r9c1,r9c2,r9c4,r9c5 => \
             r9c8<>1"
        );
    }

    /// The pencil marks of a board with an aligned triple exclusion and no pair.
    const TRIPLE_BOARD: &str = "6 1 3 58 7 4 2 89 589 59 59 7 6 238 28 1 4 38 2 4 8 359 13 19 35 \
        6 7 19 389 6 4 138 5 7 2 389 7 3589 2 38 6 18 3589 189 4 15 358 4 2 9 7 3568 18 3568 4 26 \
        5 89 28 3 689 7 1 3 26 1 7 4 289 689 5 689 8 7 9 1 5 6 4 3 2";

    #[test]
    fn an_aligned_triple_exclusion() {
        let board = board_from_marks(TRIPLE_BOARD, &[]);
        assert_eq!(aligned_exclusion(&board, 2), None, "no pair does it");
        let step = aligned_exclusion(&board, 3).expect("a triple excluded");
        assert_eq!(step.technique, Technique::AlignedTripleExclusion);
        assert_eq!(step.eliminations, [(71, 8)]);
        assert_eq!(aligned_exclusion(&board_from_line(&".".repeat(81)), 3), None);
    }

    /// The eliminations of base cells `cells` with excluders `common`, every way tried.
    fn every_way(board: &Board, cells: &[usize], common: &[usize]) -> Vec<(usize, u8)> {
        let houses = board.houses();
        let mut used = vec![0; cells.len()];
        let mut ways = vec![vec![]];
        for &cell in cells {
            ways = ways
                .into_iter()
                .flat_map(|way: Vec<u8>| {
                    values(board.candidates(cell)).map(move |value| {
                        let mut way = way.clone();
                        way.push(value);
                        way
                    })
                })
                .collect();
        }
        for way in ways {
            let clash = (0..cells.len())
                .any(|i| (0..i).any(|j| way[i] == way[j] && houses.sees(cells[i], cells[j])));
            let taken = way.iter().fold(0, |taken, &value| taken | bit(value));
            if clash || common.iter().any(|&e| board.candidates(e) & !taken == 0) {
                continue;
            }
            for (used, &value) in used.iter_mut().zip(&way) {
                *used |= bit(value);
            }
        }
        cells
            .iter()
            .zip(&used)
            .flat_map(|(&cell, &used)| {
                values(board.candidates(cell) & !used).map(move |v| (cell, v))
            })
            .collect()
    }

    #[test]
    fn the_ways_cut_short_eliminate_what_every_way_tried_eliminates() {
        // On the triple's board, every triple of open cells, with the open cells
        // of up to three candidates that see all three as their excluders.
        let board = board_from_marks(TRIPLE_BOARD, &[]);
        let houses = board.houses();
        let open: Vec<usize> = (0..81).filter(|&cell| board.value(cell) == 0).collect();
        let mut ways = Ways::default();
        let (mut tried, mut eliminating) = (0, 0);
        for (i, &a) in open.iter().enumerate() {
            for (j, &b) in open.iter().enumerate().skip(i + 1) {
                for &c in &open[j + 1..] {
                    let common: Vec<usize> = open
                        .iter()
                        .copied()
                        .filter(|&e| ![a, b, c].contains(&e))
                        .filter(|&e| [a, b, c].iter().all(|&base| houses.sees(e, base)))
                        .filter(|&e| board.candidates(e).count_ones() <= 3)
                        .collect();
                    let expected = every_way(&board, &[a, b, c], &common);
                    let found = ways.exclusion(&board, &[a, b, c], &common);
                    assert_eq!(found.map(|step| step.eliminations).unwrap_or_default(), expected);
                    tried += 1;
                    eliminating += usize::from(!expected.is_empty());
                }
            }
        }
        assert!(tried > 1000 && eliminating > 0, "{tried} {eliminating}");
    }

    #[test]
    fn tries_remembered_give_what_trying_again_gives() {
        // The triple's board, then the same with candidates gone one at a time, as the
        // ladder's steps take them: each searched after the ones before, with what those
        // remembered, and searched afresh.
        let mut board = board_from_marks(TRIPLE_BOARD, &[]);
        NOTHING.with(|nothing| nothing.borrow_mut().clear());
        let mut boards = 0;
        for cell in 0..81 {
            if board.candidates(cell).count_ones() <= 2 {
                continue;
            }
            for n in [2, 3] {
                let remembered = aligned_exclusion(&board, n);
                let known = NOTHING.with(|nothing| std::mem::take(&mut *nothing.borrow_mut()));
                assert_eq!(aligned_exclusion(&board, n), remembered, "cell {cell}, {n} cells");
                NOTHING.with(|nothing| *nothing.borrow_mut() = known);
            }
            let value = values(board.candidates(cell)).last().expect("a candidate");
            board.eliminate(cell, value);
            boards += 1;
        }
        assert!(boards > 3, "{boards}");
        // Tries were remembered from one board to the next.
        assert!(NOTHING.with(|nothing| nothing.borrow().len()) > 0);
    }
}
