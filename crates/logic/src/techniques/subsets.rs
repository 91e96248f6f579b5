//! Naked and hidden subsets: pairs, triples and quads.
//!
//! Both look for `n` things of a house that between them account for exactly `n` others:
//! `n` cells holding `n` values (naked), or `n` values with `n` places (hidden). The search
//! over combinations, [`first_subset`], is shared with the fish, where `n` base lines put a
//! value in `n` cover lines.

use crate::board::Board;
use crate::houses::{bit, bits, values};
use crate::step::{Step, Technique};

/// The largest subset (and fish) the finders look for: a quad.
pub(super) const MAX_SUBSET: usize = 4;

/// The most cells or values a house has, and lines a grid has: the side of a 64×64 grid.
pub(super) const MAX_SIDE: usize = 64;

/// A naked subset of `n` cells in one house: `n` empty cells whose candidates together are
/// `n` values. No other cell of the house can take those values, nor any other cell of a
/// second house all `n` cells share (a locked subset, as a pair in a row inside one box).
pub(crate) fn naked(board: &Board, n: usize) -> Option<Step> {
    if !(2..=MAX_SUBSET).contains(&n) {
        return None;
    }
    let houses = board.houses();
    // Fixed buffers: this runs at every step of every puzzle rated, so no allocation until a
    // subset is found.
    let mut cells = [0usize; MAX_SIDE];
    let mut masks = [0u64; MAX_SIDE];
    houses.scan(0..houses.count()).find_map(|house| {
        let mut count = 0;
        for &cell in houses.cells_of(house) {
            let cell = usize::from(cell);
            let candidates = board.candidates(cell);
            // A cell with more than n candidates cannot belong to the subset, and one with a
            // single candidate is a naked single, not part of an n-subset.
            if board.value(cell) == 0 && (2..=n).contains(&(candidates.count_ones() as usize)) {
                cells[count] = cell;
                masks[count] = candidates;
                count += 1;
            }
        }
        first_subset(&masks[..count], n, &mut |chosen, digits| {
            let mut pattern = [0usize; MAX_SUBSET];
            for (slot, &index) in pattern.iter_mut().zip(chosen) {
                *slot = cells[index];
            }
            naked_step(board, house, &pattern[..n], digits)
        })
    })
}

/// The step of the naked subset `pattern` (cells of `house` holding only `digits`), if it
/// removes anything.
fn naked_step(board: &Board, house: usize, pattern: &[usize], digits: u64) -> Option<Step> {
    let houses = board.houses();
    // Two cells of a classic grid share at most two houses, so there is at most one house
    // besides `house`; on a layout (a pair on a diagonal and in a region) the first is taken.
    let second = houses
        .scan_houses_of(pattern[0])
        .find(|&other| other != house && pattern.iter().all(|&cell| houses.holds(other, cell)));
    let mut eliminations = Vec::new();
    for target in std::iter::once(house).chain(second) {
        for &cell in houses.cells_of(target) {
            let cell = usize::from(cell);
            let seen_already = target != house && houses.holds(house, cell);
            if pattern.contains(&cell) || seen_already {
                continue;
            }
            eliminations.extend(values(board.candidates(cell) & digits).map(|value| (cell, value)));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    let mut step = Step::new(sized(NAKED, pattern.len()));
    step.digits = digits;
    step.units = std::iter::once(house).chain(second).map(|h| houses.name(h)).collect();
    step.pattern = pattern.iter().map(|&cell| (cell, board.candidates(cell))).collect();
    step.eliminations = eliminations;
    Some(step)
}

/// How many places each value has in one house, counted as bit sets of values up to one more
/// than `n`: what the subset and fish finders ask before they look for places.
pub(super) struct PlaceCounts {
    /// Values with at least one place.
    pub(super) at_least_one: u64,
    /// Values with at least two places.
    pub(super) at_least_two: u64,
    /// Values with more than `n` places.
    pub(super) more_than_n: u64,
}

impl PlaceCounts {
    /// The counts of `house`, for subsets or fish of `n` (at most [`MAX_SUBSET`]).
    pub(super) fn of(board: &Board, house: usize, n: usize) -> PlaceCounts {
        // `at_least[k]`: the values with more than `k` places.
        let mut at_least = [0u64; MAX_SUBSET + 1];
        for &cell in board.houses().cells_of(house) {
            let candidates = board.candidates(usize::from(cell));
            for k in (1..=n).rev() {
                at_least[k] |= at_least[k - 1] & candidates;
            }
            at_least[0] |= candidates;
        }
        PlaceCounts {
            at_least_one: at_least[0],
            at_least_two: at_least[1],
            more_than_n: at_least[n],
        }
    }
}

/// A hidden subset of `n` values in one house: `n` values, none placed in the house, whose
/// places there are `n` cells between them. Those cells must hold those values, so they lose
/// every other candidate.
pub(crate) fn hidden(board: &Board, n: usize) -> Option<Step> {
    if !(2..=MAX_SUBSET).contains(&n) {
        return None;
    }
    let mut house_places = HousePlaces::new();
    let houses = board.houses();
    houses.scan(0..houses.count()).find_map(|house| {
        // Counting first is cheap (a few masks a cell); most houses of big, open grids have
        // fewer than n values with few places and need nothing more.
        let counts = PlaceCounts::of(board, house, n);
        if (counts.at_least_one & !counts.more_than_n).count_ones() < n as u32 {
            return None;
        }
        let found = house_places.gather(board, house, n);
        first_subset(found.masks(), n, &mut |chosen, positions| {
            hidden_step(board, house, found.values_of(chosen), positions)
        })
    })
}

/// A direct hidden pair or triple (`n` 2 or 3): a hidden subset of `n` values in a house
/// that leaves another value, with two or more places there, only one place outside the
/// subset's cells: that value goes there. Sudoku Explainer's direct technique makes the
/// placement only (the subset's eliminations need not remove anything), and so does this
/// step.
pub(crate) fn direct_hidden(board: &Board, n: usize) -> Option<Step> {
    if !(2..=3).contains(&n) {
        return None;
    }
    let houses = board.houses();
    let mut house_places = HousePlaces::new();
    houses.scan(0..houses.count()).find_map(|house| {
        let found = house_places.gather(board, house, n);
        // The subset's cells and a cell for the placement.
        if found.empty <= n {
            return None;
        }
        let house_cells = houses.cells_of(house);
        first_subset(found.masks(), n, &mut |chosen, positions| {
            let set = found.values_of(chosen);
            bits(found.open & !set).find_map(|value_bit| {
                let places = found.places[value_bit];
                let rest = places & !positions;
                (places.count_ones() > 1 && rest.count_ones() == 1).then(|| {
                    let cell = usize::from(house_cells[rest.trailing_zeros() as usize]);
                    let mut step = Step::new(sized(DIRECT_HIDDEN, n));
                    step.digits = set;
                    step.units = houses.names(&[house]);
                    step.pattern = bits(positions)
                        .map(|position| usize::from(house_cells[position]))
                        .map(|cell| (cell, board.candidates(cell) & set))
                        .collect();
                    step.placements = vec![(cell, value_bit as u8 + 1)];
                    step
                })
            })
        })
    })
}

/// Where each value can go in one house, and the values that could be part of a hidden subset
/// of `n` there (one to `n` places); kept from house to house so that its tables are filled,
/// not allocated, each time.
struct HousePlaces {
    /// The positions in the house where each value (bit) is a candidate.
    places: [u64; MAX_SIDE],
    /// The values with one to `n` places, and their places, `count` of them.
    digits: [u8; MAX_SIDE],
    masks: [u64; MAX_SIDE],
    count: usize,
    /// The values not placed in the house, as bits.
    open: u64,
    /// The house's empty cells.
    empty: usize,
}

impl HousePlaces {
    fn new() -> HousePlaces {
        HousePlaces {
            places: [0; MAX_SIDE],
            digits: [0; MAX_SIDE],
            masks: [0; MAX_SIDE],
            count: 0,
            open: 0,
            empty: 0,
        }
    }

    /// Fills the tables for `house`, in one pass over its cells rather than one a value.
    fn gather(&mut self, board: &Board, house: usize, n: usize) -> &HousePlaces {
        let houses = board.houses();
        self.places[..houses.side].fill(0);
        let mut placed = 0u64;
        self.empty = 0;
        for (position, &cell) in houses.cells_of(house).iter().enumerate() {
            let cell = usize::from(cell);
            placed |= board.value(cell).checked_sub(1).map_or(0, |v| 1 << v);
            self.empty += usize::from(board.value(cell) == 0);
            for value_bit in bits(board.candidates(cell)) {
                self.places[value_bit] |= 1 << position;
            }
        }
        self.open = houses.all_values & !placed;
        self.count = 0;
        for value_bit in bits(self.open) {
            // No place at all means a broken board, not a subset; more than n places cannot
            // fit in n cells.
            if (1..=n).contains(&(self.places[value_bit].count_ones() as usize)) {
                self.digits[self.count] = value_bit as u8 + 1;
                self.masks[self.count] = self.places[value_bit];
                self.count += 1;
            }
        }
        self
    }

    /// The places of the values that could be in a subset, for [`first_subset`].
    fn masks(&self) -> &[u64] {
        &self.masks[..self.count]
    }

    /// The values (as bits) of the subset `chosen` among [`HousePlaces::masks`].
    fn values_of(&self, chosen: &[usize]) -> u64 {
        chosen.iter().fold(0, |set, &index| set | bit(self.digits[index]))
    }
}

/// The step of the hidden subset of `digits` at `positions` of `house`, if it removes
/// anything.
fn hidden_step(board: &Board, house: usize, digits: u64, positions: u64) -> Option<Step> {
    let houses = board.houses();
    let house_cells = houses.cells_of(house);
    let cells = move || bits(positions).map(move |position| usize::from(house_cells[position]));
    let eliminations: Vec<(usize, u8)> = cells()
        .flat_map(|cell| values(board.candidates(cell) & !digits).map(move |value| (cell, value)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(sized(HIDDEN, digits.count_ones() as usize));
    step.digits = digits;
    step.units = houses.names(&[house]);
    step.pattern = cells().map(|cell| (cell, board.candidates(cell) & digits)).collect();
    step.eliminations = eliminations;
    Some(step)
}

/// The naked subsets by size, from a pair.
const NAKED: [Technique; 3] = [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad];

/// The hidden subsets by size, from a pair.
const HIDDEN: [Technique; 3] =
    [Technique::HiddenPair, Technique::HiddenTriple, Technique::HiddenQuad];

/// The direct hidden subsets by size, from a pair (Sudoku Explainer has no direct quad).
const DIRECT_HIDDEN: [Technique; 3] =
    [Technique::DirectHiddenPair, Technique::DirectHiddenTriple, Technique::DirectHiddenTriple];

/// The technique of `family` for a subset of `n` (2..=4).
pub(super) fn sized(family: [Technique; 3], n: usize) -> Technique {
    family[n - 2]
}

/// The first choice of `n` (at most [`MAX_SUBSET`]) of `masks`, in increasing order of
/// indices, whose union has exactly `n` bits and for which `found` (given the chosen indices
/// and the union) returns something.
///
/// Partial choices whose union already has more than `n` bits are not extended, which keeps
/// the search small however many masks there are.
pub(super) fn first_subset<T>(
    masks: &[u64],
    n: usize,
    found: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    if n == 0 || n > MAX_SUBSET || masks.len() < n {
        return None;
    }
    let mut chosen = [0usize; MAX_SUBSET];
    extend(masks, n, 0, 0, &mut chosen, found)
}

/// [`first_subset`] with `chosen[..depth]` picked so far, their union `union`.
fn extend<T>(
    masks: &[u64],
    n: usize,
    depth: usize,
    union: u64,
    chosen: &mut [usize; MAX_SUBSET],
    found: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    if depth == n {
        return if union.count_ones() as usize == n { found(&chosen[..n], union) } else { None };
    }
    let start = if depth == 0 { 0 } else { chosen[depth - 1] + 1 };
    // Leave room for the picks still to come.
    let end = masks.len() + depth + 1 - n;
    for index in start..end {
        let wider = union | masks[index];
        if wider.count_ones() as usize > n {
            continue;
        }
        chosen[depth] = index;
        if let Some(result) = extend(masks, n, depth + 1, wider, chosen, found) {
            return Some(result);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_from_marks;
    use sudoku_core::Size;

    /// Pencil marks with every value a candidate of every cell but those of `changes`, given
    /// as (row, column, marks), 1-based.
    fn marks(changes: &[(usize, usize, &str)]) -> String {
        let mut tokens = vec!["123456789"; 81];
        for &(row, col, token) in changes {
            tokens[(row - 1) * 9 + col - 1] = token;
        }
        tokens.join(" ")
    }

    /// The cells `cells` each losing every value of `lost`, sorted.
    fn losing(cells: impl IntoIterator<Item = usize>, lost: &[u8]) -> Vec<(usize, u8)> {
        let mut list: Vec<(usize, u8)> =
            cells.into_iter().flat_map(|cell| lost.iter().map(move |&v| (cell, v))).collect();
        list.sort_unstable();
        list
    }

    /// An open board of `size`: no values, every candidate everywhere.
    fn open_board(size: Size) -> (Vec<u8>, Vec<u64>) {
        let all = u64::MAX >> (64 - size.side());
        (vec![0; size.cells()], vec![all; size.cells()])
    }

    #[test]
    fn a_naked_pair_clears_its_values_from_the_row() {
        // Row 1: r1c1 and r1c5 hold 2,7 only; r1c2 and r1c3 also have 2; the rest is placed.
        let board = board_from_marks(
            &marks(&[
                (1, 1, "27"),
                (1, 2, "23"),
                (1, 3, "24"),
                (1, 4, "1"),
                (1, 5, "27"),
                (1, 6, "5"),
                (1, 7, "6"),
                (1, 8, "8"),
                (1, 9, "9"),
            ]),
            &[],
        );
        let step = naked(&board, 2).expect("r1c1 and r1c5 are a naked pair");
        assert_eq!(step.technique, Technique::NakedPair);
        assert_eq!(step.digits, bit(2) | bit(7));
        assert_eq!(step.pattern, vec![(0, bit(2) | bit(7)), (4, bit(2) | bit(7))]);
        assert_eq!(step.eliminations, vec![(1, 2), (2, 2)]);
        assert_eq!(
            step.describe(board.size()),
            "Naked Pair: 2,7 in r1c1,r1c5 (row 1) => r1c2,r1c3<>2"
        );
    }

    #[test]
    fn a_locked_pair_clears_its_row_and_its_box() {
        let board = board_from_marks(&marks(&[(1, 1, "27"), (1, 2, "27")]), &[]);
        let step = naked(&board, 2).expect("r1c1 and r1c2 are a naked pair");
        assert_eq!(step.units, vec![sudoku_core::House::Row(0), sudoku_core::House::Box(0)]);
        let row_rest = 2..9;
        let box_rest = [9, 10, 11, 18, 19, 20];
        assert_eq!(step.eliminations, losing(row_rest.chain(box_rest), &[2, 7]));
        assert_eq!(
            step.describe(board.size()),
            "Naked Pair: 2,7 in r1c1,r1c2 (row 1, box 1) => r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9,\
             r2c1,r2c2,r2c3,r3c1,r3c2,r3c3<>2,7"
        );
    }

    #[test]
    fn no_naked_pair_from_a_single_and_a_two_candidate_cell() {
        // r1c1 holds 2 alone (a naked single); with r1c5's 2,7 it is no pair.
        let board = board_from_marks(&marks(&[(1, 1, "2"), (1, 5, "27")]), &[0]);
        assert_eq!(naked(&board, 2), None);
    }

    #[test]
    fn no_naked_pair_from_two_cells_with_different_pairs() {
        let board = board_from_marks(&marks(&[(1, 1, "27"), (1, 5, "28")]), &[]);
        assert_eq!(naked(&board, 2), None);
    }

    #[test]
    fn a_naked_triple_need_not_have_all_three_values_in_each_cell() {
        let board = board_from_marks(&marks(&[(1, 1, "12"), (1, 4, "23"), (1, 7, "13")]), &[]);
        assert_eq!(naked(&board, 2), None);
        let step = naked(&board, 3).expect("r1c1, r1c4 and r1c7 are a naked triple");
        assert_eq!(step.technique, Technique::NakedTriple);
        assert_eq!(step.units, vec![sudoku_core::House::Row(0)]);
        assert_eq!(step.eliminations, losing([1, 2, 4, 5, 7, 8], &[1, 2, 3]));
    }

    #[test]
    fn no_naked_triple_from_three_cells_holding_four_values() {
        let board = board_from_marks(&marks(&[(1, 1, "12"), (1, 4, "23"), (1, 7, "14")]), &[]);
        assert_eq!(naked(&board, 3), None);
    }

    #[test]
    fn a_naked_quad_clears_its_four_values() {
        let board = board_from_marks(
            &marks(&[(1, 1, "123"), (1, 3, "234"), (1, 5, "14"), (1, 7, "1234")]),
            &[],
        );
        assert_eq!(naked(&board, 3), None);
        let step = naked(&board, 4).expect("a naked quad in row 1");
        assert_eq!(step.technique, Technique::NakedQuad);
        assert_eq!(step.digits, 0b1111);
        assert_eq!(step.eliminations, losing([1, 3, 5, 7, 8], &[1, 2, 3, 4]));
    }

    #[test]
    fn no_naked_quad_from_four_cells_holding_five_values() {
        let board = board_from_marks(
            &marks(&[(1, 1, "123"), (1, 3, "234"), (1, 5, "14"), (1, 7, "1235")]),
            &[],
        );
        assert_eq!(naked(&board, 4), None);
    }

    #[test]
    fn a_hidden_pair_clears_the_other_candidates_of_its_cells() {
        let others = "1345689";
        let changes: Vec<_> =
            [2, 3, 4, 6, 7, 8, 9].into_iter().map(|col| (1, col, others)).collect();
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(naked(&board, 2), None);
        let step = hidden(&board, 2).expect("2 and 7 have two places in row 1");
        assert_eq!(step.technique, Technique::HiddenPair);
        assert_eq!(step.digits, bit(2) | bit(7));
        assert_eq!(step.pattern, vec![(0, bit(2) | bit(7)), (4, bit(2) | bit(7))]);
        assert_eq!(step.eliminations, losing([0, 4], &[1, 3, 4, 5, 6, 8, 9]));
        assert!(
            step.describe(board.size())
                == "Hidden Pair: 2,7 in r1c1,r1c5 (row 1) => r1c1,r1c5<>1,3,4,5,6,8,9"
        );
    }

    #[test]
    fn no_hidden_pair_when_one_value_has_a_third_place() {
        // 2 lies at r1c1 and r1c5; 7 also at r1c9.
        let mut changes: Vec<_> =
            [2, 3, 4, 6, 7, 8].into_iter().map(|col| (1, col, "1345689")).collect();
        changes.push((1, 9, "13456789"));
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(hidden(&board, 2), None);
    }

    #[test]
    fn a_hidden_pair_ignores_values_already_placed_in_the_house() {
        // 1 is placed at r1c1 but left (stale) as a candidate of r1c2 and r1c3, the only
        // places of 2: a value placed in the house is no part of a subset.
        let mut changes: Vec<_> = (4..=9).map(|col| (1, col, "3456789")).collect();
        changes.push((1, 1, "1"));
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(hidden(&board, 2), None);
    }

    #[test]
    fn a_hidden_triple_in_a_box() {
        // In box 5 (rows 4-6, columns 4-6), 1, 2 and 3 lie only in r4c4, r5c5 and r6c6.
        let mut changes = Vec::new();
        for row in 4..=6 {
            for col in 4..=6 {
                if row != col {
                    changes.push((row, col, "456789"));
                }
            }
        }
        // The rows and columns through the box keep 1, 2 and 3 elsewhere, so only the box has
        // the subset.
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(hidden(&board, 2), None);
        let step = hidden(&board, 3).expect("1, 2 and 3 are hidden in three cells of box 5");
        assert_eq!(step.technique, Technique::HiddenTriple);
        assert_eq!(step.units, vec![sudoku_core::House::Box(4)]);
        assert_eq!(step.eliminations, losing([30, 40, 50], &[4, 5, 6, 7, 8, 9]));
    }

    #[test]
    fn no_hidden_triple_when_three_values_have_four_places() {
        let mut changes: Vec<_> =
            [2, 3, 5, 6, 8, 9].into_iter().map(|col| (1, col, "456789")).collect();
        // 3 also at r1c2.
        changes[0] = (1, 2, "3456789");
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(hidden(&board, 3), None);
    }

    #[test]
    fn a_hidden_quad_clears_the_other_candidates_of_its_cells() {
        let changes: Vec<_> = [2, 4, 6, 8, 9].into_iter().map(|col| (1, col, "56789")).collect();
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(hidden(&board, 3), None);
        let step = hidden(&board, 4).expect("1-4 are hidden in r1c1, r1c3, r1c5, r1c7");
        assert_eq!(step.technique, Technique::HiddenQuad);
        assert_eq!(step.digits, 0b1111);
        assert_eq!(step.eliminations, losing([0, 2, 4, 6], &[5, 6, 7, 8, 9]));
    }

    #[test]
    fn no_hidden_quad_when_four_values_have_five_places() {
        let mut changes: Vec<_> =
            [2, 4, 6, 8, 9].into_iter().map(|col| (1, col, "56789")).collect();
        changes[4] = (1, 9, "456789");
        let board = board_from_marks(&marks(&changes), &[]);
        assert_eq!(hidden(&board, 4), None);
    }

    #[test]
    fn subsets_at_16x16() {
        let size = Size::from_side(16).unwrap();
        let (values, mut candidates) = open_board(size);
        candidates[0] = bit(3) | bit(16);
        candidates[5] = bit(3) | bit(16);
        let board = Board::from_parts(size, values, candidates);
        let step = naked(&board, 2).expect("a naked pair in row 1");
        assert_eq!(step.eliminations, losing((1..16).filter(|&c| c != 5), &[3, 16]));
        assert_eq!(
            step.describe(size),
            format!(
                "Naked Pair: 3,16 in r1c1,r1c6 (row 1) => {}<>3,16",
                (2..=16)
                    .filter(|&c| c != 6)
                    .map(|c| format!("r1c{c}"))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        );
    }

    #[test]
    fn subsets_at_64x64_use_the_last_value_and_the_last_position() {
        let size = Size::from_side(64).unwrap();
        let (values, mut candidates) = open_board(size);
        // Row 1: 1 and 64 lie only in r1c1 and r1c64.
        for set in &mut candidates[1..63] {
            *set &= !(bit(1) | bit(64));
        }
        let board = Board::from_parts(size, values, candidates);
        assert_eq!(naked(&board, 2), None);
        let step = hidden(&board, 2).expect("a hidden pair of 1 and 64 in row 1");
        assert_eq!(step.digits, bit(1) | bit(64));
        assert_eq!(step.pattern.iter().map(|&(cell, _)| cell).collect::<Vec<_>>(), [0, 63]);
        assert_eq!(step.eliminations.len(), 2 * 62);
    }

    #[test]
    fn the_combination_search_stops_at_the_first_cover_of_exactly_n() {
        let masks = [0b0111, 0b0011, 0b1100, 0b0110, 0b0101];
        let mut seen = Vec::new();
        let first = first_subset(&masks, 3, &mut |chosen, union| {
            seen.push(chosen.to_vec());
            (union == 0b0111).then(|| chosen.to_vec())
        });
        // {0,1,3} is the first triple within three bits.
        assert_eq!(first, Some(vec![0, 1, 3]));
        assert_eq!(seen, vec![vec![0, 1, 3]]);
        assert_eq!(first_subset(&masks[..2], 3, &mut |_, _| Some(())), None);
    }

    #[test]
    fn a_direct_hidden_pair_places_the_single_it_leaves() {
        // 4 and 5 have two places in column 6, r4c6 and r6c6: 8 is left one place, r3c6.
        let board = board_from_marks(
            "1 5 26 4 689 3 79 279 2789 9 8 4 7 5 2 6 1 3 7 26 3 1 689 8 4 259 2589 2458 1 9 3 28 \
             458 57 6 257 258 3 7 6 28 1 59 259 4 2456 26 256 9 7 45 8 3 1 2568 7 2568 28 1 9 3 4 \
             5 258 4 258 28 3 6 1 579 579 3 9 1 5 4 7 2 8 6",
            &[23, 62],
        );
        let step = direct_hidden(&board, 2).expect("a direct hidden pair");
        assert_eq!(step.technique, Technique::DirectHiddenPair);
        assert_eq!(step.digits, 0b11000);
        assert_eq!(step.placements, [(2 * 9 + 5, 8)]);
        assert!(step.eliminations.is_empty());
        assert_eq!(direct_hidden(&board, 4), None, "no direct quad");
    }

    #[test]
    fn a_direct_hidden_triple_places_the_single_it_leaves() {
        // 5, 6, 8 have three places in box 9 between them: 9 is left r8c7.
        let board = board_from_marks(
            "7 589 2 3 1 45 4589 589 6 6 1589 3 5789 24789 2457 124589 1589 248 19 1589 4 6 289 \
             25 12589 7 3 8 6 1 4 5 3 7 2 9 3 7 5 2 6 9 148 18 48 4 2 9 78 78 1 3 6 5 129 4 67 \
             1579 279 8 2569 3 27 5 19 8 179 3 6 29 4 27 29 3 67 579 2479 2457 25689 589 1",
            &[],
        );
        let step = direct_hidden(&board, 3).expect("a direct hidden triple");
        assert_eq!(step.technique, Technique::DirectHiddenTriple);
        assert_eq!(step.placements, [(7 * 9 + 6, 9)]);
        let (values, candidates) = open_board(Size::NINE);
        assert_eq!(direct_hidden(&Board::from_parts(Size::NINE, values, candidates), 2), None);
    }
}
