//! Techniques that assume the puzzle has one solution.
//!
//! Their deadly patterns rest on the classic grid's symmetry: values swapped in a rectangle
//! (or loop) keep every row, column and box right. A layout's diagonals, windows or knight's
//! moves may not stay right, so on grids with a layout these finders are never asked
//! ([`super::find`] skips them).

use crate::board::Board;
use crate::houses::{bit, values};
use crate::step::{Step, Technique};

/// A unique rectangle: four empty cells in exactly two rows, two columns and two boxes, all
/// holding two values `a`, `b`. Were all four to take only `a` and `b`, the two could be
/// swapped in them to make a second solution (the deadly pattern), so in a puzzle with one
/// solution some cell takes something else.
///
/// Type 1: three cells hold exactly `{a, b}`; the fourth, which holds more, takes neither.
/// Type 2: two cells hold exactly `{a, b}`, the other two exactly `{a, b, x}`; one of those
/// two is `x`, so `x` leaves every cell seeing both. All type 1 steps are looked for first.
pub(crate) fn unique_rectangle(board: &Board) -> Option<Step> {
    let rectangles = rectangles(board);
    rectangles
        .iter()
        .find_map(|rectangle| type_1(board, rectangle))
        .or_else(|| rectangles.iter().find_map(|rectangle| type_2(board, rectangle)))
}

/// Every rectangle of four empty cells in two rows, two columns and two boxes with a
/// bivalue corner whose two values every corner holds, cells in increasing order, each once.
fn rectangles(board: &Board) -> Vec<[usize; 4]> {
    let size = board.size();
    let side = size.side();
    let mut found = Vec::new();
    for corner in (0..side * side).filter(|&cell| board.candidates(cell).count_ones() == 2) {
        let pair = board.candidates(corner);
        let (row, col) = (size.row_of(corner), size.col_of(corner));
        let holds = |cell: usize| board.candidates(cell) & pair == pair;
        for other_col in (0..side).filter(|&c| c != col && holds(size.cell_at(row, c))) {
            for other_row in (0..side).filter(|&r| r != row && holds(size.cell_at(r, col))) {
                let far = size.cell_at(other_row, other_col);
                if !holds(far) {
                    continue;
                }
                let beside = size.cell_at(row, other_col);
                let below = size.cell_at(other_row, col);
                // Two boxes: the corner shares its box with exactly one of its two neighbours.
                let same_box = |cell: usize| size.box_of(cell) == size.box_of(corner);
                if same_box(beside) == same_box(below) {
                    continue;
                }
                let mut rectangle = [corner, beside, below, far];
                rectangle.sort_unstable();
                if !found.contains(&rectangle) {
                    found.push(rectangle);
                }
            }
        }
    }
    found
}

/// The two values of a rectangle: those of its bivalue cells, which must agree (at least
/// one cell is bivalue).
fn pair_of(board: &Board, rectangle: &[usize; 4]) -> Option<u64> {
    let pair =
        rectangle.iter().map(|&cell| board.candidates(cell)).find(|set| set.count_ones() == 2)?;
    rectangle.iter().all(|&cell| board.candidates(cell) & pair == pair).then_some(pair)
}

/// Type 1: three corners hold exactly the pair; the fourth loses both values.
fn type_1(board: &Board, rectangle: &[usize; 4]) -> Option<Step> {
    let pair = pair_of(board, rectangle)?;
    let mut roofs = rectangle.iter().copied().filter(|&cell| board.candidates(cell) != pair);
    let roof = roofs.next()?;
    if roofs.next().is_some() {
        return None;
    }
    let mut step = Step::new(Technique::UniqueRectangle);
    step.digits = pair;
    step.pattern = rectangle.iter().map(|&cell| (cell, pair)).collect();
    step.eliminations = values(pair).map(|value| (roof, value)).collect();
    Some(step)
}

/// Type 2: two corners hold exactly the pair, the other two the pair and one same extra
/// value, which leaves every cell seeing both of them.
fn type_2(board: &Board, rectangle: &[usize; 4]) -> Option<Step> {
    let pair = pair_of(board, rectangle)?;
    let roofs: Vec<usize> =
        rectangle.iter().copied().filter(|&cell| board.candidates(cell) != pair).collect();
    let &[first, second] = roofs.as_slice() else { return None };
    let extra = board.candidates(first) & !pair;
    if extra.count_ones() != 1 || board.candidates(second) != pair | extra {
        return None;
    }
    let houses = board.houses();
    let value = extra.trailing_zeros() as u8 + 1;
    let eliminations: Vec<(usize, u8)> = houses
        .peers(first)
        .iter()
        .map(|&peer| usize::from(peer))
        .filter(|&cell| board.has(cell, value) && houses.sees(cell, second))
        .map(|cell| (cell, value))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::UniqueRectangle);
    step.digits = pair;
    step.pattern = rectangle
        .iter()
        .map(|&cell| (cell, board.candidates(cell) & (pair | bit(value))))
        .collect();
    step.eliminations = eliminations;
    Some(step)
}

/// Sudoku Explainer's unique loops (a rectangle is the loop of four): a closed path of empty
/// cells all holding two values `a` and `b`, each cell sharing a house with the next one
/// (never twice in a row through houses of one kind), where every row, column and box the
/// loop meets holds exactly two of its cells, one at an odd and one at an even place.
/// Filled with `a` and `b` alone, the loop could take them either way round: a deadly
/// pattern. So in a puzzle with one solution the cells with more candidates (at most two,
/// or any number sharing one extra value) keep the loop from it:
///
/// - type 1: one such cell; it takes neither `a` nor `b`.
/// - type 2: the extra cells share one extra value `x`, one of them is `x`: `x` leaves every
///   cell seeing them all.
/// - type 3: two extra cells in a house act as one cell holding their extra values, which
///   with `k − 1` other cells of the house makes a naked set of `k` values: they leave the
///   rest of the house (+0.1 per value past one). Sudoku Explainer's other type 3, with a
///   hidden set, is not looked for yet.
/// - type 4: two extra cells in a house where `a` has no other place: one of them is `a`,
///   and neither can be `b`.
///
/// Difficulty 4.5, +0.1 for a loop of 6 or 7 cells, +0.2 for 8 or 9, +0.5 from 10; of every
/// step, the easiest is taken (then the lowest type, then the first found, the loops'
/// first cells in row-major order).
pub(crate) fn unique_loop(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let mut best: Option<(u8, u8, Step)> = None;
    for start in (0..houses.cells).filter(|&cell| board.candidates(cell).count_ones() == 2) {
        let pair = board.candidates(start);
        let mut search = LoopSearch {
            board,
            pair,
            path: vec![start],
            counts: vec![(0, false); houses.count()],
            loops: Vec::new(),
        };
        search.visit(start, 0, true);
        search.extend(2, 0, None);
        for cells in search.loops {
            for (kind, step) in loop_steps(board, pair, &cells) {
                if best
                    .as_ref()
                    .is_none_or(|(extra, best_kind, _)| (step.extra, kind) < (*extra, *best_kind))
                {
                    best = Some((step.extra, kind, step));
                }
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// The depth-first search of loops from one cell: the path so far, and for each house how
/// many of its cells lie on the path and at which parity the first does.
struct LoopSearch<'a> {
    board: &'a Board,
    pair: u64,
    path: Vec<usize>,
    counts: Vec<(u8, bool)>,
    loops: Vec<Vec<usize>>,
}

impl LoopSearch<'_> {
    /// Counts the houses of `cell`, at place `index` of the path, as visited (`add`) or no
    /// longer.
    fn visit(&mut self, cell: usize, index: usize, add: bool) {
        let odd = index % 2 == 1;
        for house in self.board.houses().houses_of(cell) {
            let (count, first_odd) = &mut self.counts[house];
            if add {
                if *count == 0 {
                    *first_odd = odd;
                }
                *count += 1;
            } else {
                *count -= 1;
            }
        }
    }

    /// Whether `cell` may be the next cell: in none of its houses is there already a path
    /// cell of the same parity, nor two.
    fn fits(&self, cell: usize) -> bool {
        let odd = self.path.len() % 2 == 1;
        self.board.houses().houses_of(cell).iter().all(|&house| {
            let (count, first_odd) = self.counts[house];
            count == 0 || (count == 1 && first_odd != odd)
        })
    }

    /// Extends the path from its last cell through houses of another kind than `last_kind`,
    /// with `allowed` more cells of extra values (or any number sharing one extra value).
    fn extend(&mut self, allowed: u8, extra: u64, last_kind: Option<usize>) {
        let houses = self.board.houses();
        let cell = *self.path.last().expect("a path has a first cell");
        for (kind, house) in houses.houses_of(cell).into_iter().enumerate() {
            if Some(kind) == last_kind {
                continue;
            }
            for &next in houses.cells_of(house) {
                let next = usize::from(next);
                if next == self.path[0] && self.path.len() >= 4 {
                    // Every house met holds two cells, one of each parity.
                    if self.counts.iter().all(|&(count, _)| count != 1) {
                        self.loops.push(self.path.clone());
                    }
                    continue;
                }
                let candidates = self.board.candidates(next);
                if self.path.contains(&next) || candidates & self.pair != self.pair {
                    continue;
                }
                let extra = extra | (candidates & !self.pair);
                let wide = candidates.count_ones() > 2;
                if (wide && extra.count_ones() != 1 && allowed == 0) || !self.fits(next) {
                    continue;
                }
                let index = self.path.len();
                self.visit(next, index, true);
                self.path.push(next);
                self.extend(allowed.saturating_sub(u8::from(wide)), extra, Some(kind));
                self.path.pop();
                self.visit(next, index, false);
            }
        }
    }
}

/// The steps of a loop, each with its type.
fn loop_steps(board: &Board, pair: u64, cells: &[usize]) -> Vec<(u8, Step)> {
    let houses = board.houses();
    let length_extra = match cells.len() {
        0..=5 => 0,
        6..=7 => 1,
        8..=9 => 2,
        _ => 5,
    };
    let step = |units: Vec<usize>, eliminations: Vec<(usize, u8)>, extra: u8| {
        let mut step = Step::new(Technique::UniqueLoop);
        step.digits = pair;
        step.units = houses.names(&units);
        step.pattern = cells.iter().map(|&cell| (cell, board.candidates(cell))).collect();
        step.eliminations = eliminations;
        step.extra = length_extra + extra;
        step
    };
    let wide: Vec<usize> =
        cells.iter().copied().filter(|&cell| board.candidates(cell) != pair).collect();
    let extra = wide.iter().fold(0, |extra, &cell| extra | board.candidates(cell)) & !pair;
    let mut steps = Vec::new();
    if let &[cell] = wide.as_slice() {
        let eliminations = values(pair).map(|value| (cell, value)).collect();
        steps.push((1, step(Vec::new(), eliminations, 0)));
        return steps;
    }
    if wide.len() >= 2 && extra.count_ones() == 1 {
        let value = extra.trailing_zeros() as u8 + 1;
        let eliminations: Vec<(usize, u8)> = (0..houses.cells)
            .filter(|&cell| !wide.contains(&cell) && board.has(cell, value))
            .filter(|&cell| wide.iter().all(|&w| houses.sees(cell, w)))
            .map(|cell| (cell, value))
            .collect();
        if !eliminations.is_empty() {
            steps.push((2, step(Vec::new(), eliminations, 0)));
        }
    }
    let &[first, second] = wide.as_slice() else { return steps };
    let shared: Vec<usize> = houses
        .houses_of(first)
        .into_iter()
        .filter(|house| houses.houses_of(second).contains(house))
        .collect();
    if extra.count_ones() >= 2 {
        for &house in &shared {
            if let Some((set, degree)) = naked_with(board, house, first, second, extra) {
                let eliminations: Vec<(usize, u8)> = houses
                    .cells_of(house)
                    .iter()
                    .map(|&cell| usize::from(cell))
                    .filter(|&cell| cell != first && cell != second && !set.1.contains(&cell))
                    .flat_map(|cell| {
                        values(board.candidates(cell) & set.0).map(move |value| (cell, value))
                    })
                    .collect();
                if !eliminations.is_empty() {
                    steps.push((3, step(vec![house], eliminations, degree - 1)));
                }
            }
        }
    }
    // Type 4: a house of both where one loop value has no other place.
    for value in values(pair) {
        let other = (pair & !bit(value)).trailing_zeros() as u8 + 1;
        let locked = shared.iter().copied().find(|&house| {
            board.cells_with(house, value).all(|cell| cell == first || cell == second)
        });
        if let Some(house) = locked {
            let eliminations = vec![(first, other), (second, other)];
            steps.push((4, step(vec![house], eliminations, 0)));
            break;
        }
    }
    steps
}

/// The smallest naked set of `house` made of the two extra cells, read as one cell holding
/// `extra`, and `k − 1` other empty cells: the set's values and other cells, and `k`.
fn naked_with(
    board: &Board,
    house: usize,
    first: usize,
    second: usize,
    extra: u64,
) -> Option<((u64, Vec<usize>), u8)> {
    let houses = board.houses();
    let others: Vec<usize> = houses
        .cells_of(house)
        .iter()
        .map(|&cell| usize::from(cell))
        .filter(|&cell| cell != first && cell != second && board.value(cell) == 0)
        .collect();
    let empty = others.len() + 2;
    let common = extra & board.candidates(first) & board.candidates(second);
    for degree in extra.count_ones() as usize..houses.side.saturating_sub(1) {
        if degree * 2 > empty || degree > MAX_LOOP_SET {
            break;
        }
        let mut chosen = Vec::new();
        if let Some(found) = choose(&others, degree - 1, 0, &mut chosen, &mut |cells| {
            let union = cells.iter().fold(0, |union, &cell| union | board.candidates(cell));
            ((union | extra).count_ones() as usize == degree
                && (union | common).count_ones() as usize == degree)
                .then(|| (union | extra, cells.to_vec()))
        }) {
            return Some((found, degree as u8));
        }
    }
    None
}

/// The largest naked set a unique loop's type 3 looks for (Sudoku Explainer's: seven).
const MAX_LOOP_SET: usize = 7;

/// The first choice of `k` of `items` (from index `from`, in increasing order) that `found`
/// accepts.
fn choose<T>(
    items: &[usize],
    k: usize,
    from: usize,
    chosen: &mut Vec<usize>,
    found: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k == 0 {
        return found(chosen);
    }
    for index in from..items.len() {
        chosen.push(items[index]);
        let result = choose(items, k - 1, index + 1, chosen, found);
        chosen.pop();
        if result.is_some() {
            return result;
        }
    }
    None
}

/// Sudoku Explainer's bivalue universal grave. Where a value has other than zero or two
/// places in a house, and exactly one of those places is a cell of three or more
/// candidates, that cell is a BUG cell and the value one of its BUG values (two or more such
/// places decide nothing). If, with every BUG value taken out of its cell, every empty cell
/// holds two candidates and every value two places in each house, the board would be a
/// deadly pattern, so in a puzzle with one solution some BUG cell takes a BUG value:
///
/// - type 1 (5.6): one BUG cell; it takes one of its BUG values, and loses the others.
/// - type 2 (5.7): one BUG value: it leaves every cell seeing every BUG cell.
/// - type 3 (5.7 + 0.1 per value past one): the BUG cells, all in one house, read as one
///   cell holding the BUG values, make a naked set of `k` values with `k − 1` cells of the
///   house seeing them all: those values leave the rest of the house.
/// - type 4 (5.7): two BUG cells in one house, sharing exactly one candidate `v` besides
///   the BUG values: as one of them takes its BUG value, the other takes `v` or its BUG
///   value, so each loses its other candidates.
pub(crate) fn bug(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let mut bug_values = vec![0u64; houses.cells];
    for house in 0..houses.count() {
        for value in values(houses.all_values) {
            let places: Vec<usize> = board.cells_with(house, value).collect();
            if places.is_empty() || places.len() == 2 {
                continue;
            }
            let mut wide = places.iter().filter(|&&cell| board.candidates(cell).count_ones() >= 3);
            match (wide.next(), wide.next()) {
                (None, _) => return None,
                (Some(&cell), None) => bug_values[cell] |= bit(value),
                _ => {}
            }
        }
    }
    let bug_cells: Vec<usize> = (0..houses.cells).filter(|&cell| bug_values[cell] != 0).collect();
    if bug_cells.is_empty() {
        return None;
    }
    let rest = |cell: usize| board.candidates(cell) & !bug_values[cell];
    if (0..houses.cells).any(|cell| board.value(cell) == 0 && rest(cell).count_ones() != 2) {
        return None;
    }
    for house in 0..houses.count() {
        for value in values(houses.all_values) {
            let places =
                houses.cells_of(house).iter().filter(|&&c| rest(usize::from(c)) & bit(value) != 0);
            if !matches!(places.count(), 0 | 2) {
                return None;
            }
        }
    }
    let all = bug_cells.iter().fold(0, |all, &cell| all | bug_values[cell]);
    let common: Vec<usize> = (0..houses.cells)
        .filter(|&cell| !bug_cells.contains(&cell))
        .filter(|&cell| bug_cells.iter().all(|&b| houses.sees(cell, b)))
        .collect();
    let step = |eliminations: Vec<(usize, u8)>, units: Vec<usize>, extra: u8| {
        let mut step = Step::new(Technique::Bug);
        step.digits = all;
        step.units = houses.names(&units);
        step.pattern = bug_cells.iter().map(|&cell| (cell, bug_values[cell])).collect();
        step.eliminations = eliminations;
        step.extra = extra;
        Some(step)
    };
    if let &[cell] = bug_cells.as_slice() {
        let eliminations = values(rest(cell)).map(|value| (cell, value)).collect();
        return step(eliminations, Vec::new(), 0);
    }
    let shared: Vec<usize> = houses
        .houses_of(bug_cells[0])
        .into_iter()
        .filter(|&house| bug_cells.iter().all(|&cell| houses.houses_of(cell).contains(&house)))
        .collect();
    let type_4 = || {
        let &[first, second] = bug_cells.as_slice() else { return None };
        let both = board.candidates(first) & board.candidates(second) & !all;
        let house = *shared.first()?;
        (both.count_ones() == 1).then(|| {
            let keep = |cell: usize| bug_values[cell] | both;
            let eliminations = [first, second]
                .into_iter()
                .flat_map(|cell| {
                    values(board.candidates(cell) & !keep(cell)).map(move |value| (cell, value))
                })
                .collect();
            step(eliminations, vec![house], 1)
        })?
    };
    if all.count_ones() == 1 {
        let value = all.trailing_zeros() as u8 + 1;
        let eliminations: Vec<(usize, u8)> = common
            .iter()
            .filter(|&&cell| board.has(cell, value))
            .map(|&cell| (cell, value))
            .collect();
        if !eliminations.is_empty() {
            return step(eliminations, Vec::new(), 1);
        }
        return type_4();
    }
    if common.is_empty() {
        return None;
    }
    if let Some(found) = type_4() {
        return Some(found);
    }
    for &house in &shared {
        let others: Vec<usize> = houses
            .cells_of(house)
            .iter()
            .map(|&cell| usize::from(cell))
            .filter(|cell| common.contains(cell) && board.value(*cell) == 0)
            .collect();
        for degree in 2..=MAX_BUG_SET {
            let mut chosen = Vec::new();
            let found = choose(&others, degree - 1, 0, &mut chosen, &mut |cells| {
                let union = cells.iter().fold(0, |union, &cell| union | board.candidates(cell));
                (union.count_ones() as usize == degree && all & !union == 0).then(|| {
                    let eliminations: Vec<(usize, u8)> = others
                        .iter()
                        .filter(|cell| !cells.contains(cell))
                        .flat_map(|&cell| {
                            values(board.candidates(cell) & union).map(move |value| (cell, value))
                        })
                        .collect();
                    (!eliminations.is_empty()).then_some(eliminations)
                })?
            });
            if let Some(eliminations) = found {
                return step(eliminations, vec![house], degree as u8);
            }
        }
    }
    None
}

/// The largest naked set a BUG's type 3 looks for (Sudoku Explainer's: six).
const MAX_BUG_SET: usize = 6;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_with;

    #[test]
    fn type_1_clears_the_pair_from_the_fourth_corner() {
        // r1c1, r1c5, r3c1 hold {2,7}, r3c5 {2,5,7}: rows 1 and 3, columns 1 and 5, boxes 1, 2.
        let board = board_with(&[(0, "27"), (4, "27"), (18, "27"), (22, "257")]);
        let step = unique_rectangle(&board).expect("a type 1 rectangle");
        assert_eq!(step.eliminations, [(22, 2), (22, 7)]);
        assert_eq!(
            step.describe(board.size()),
            "Unique Rectangle: 2,7 in r1c1,r1c5,r3c1,r3c5 (type 1) => r3c5<>2,7"
        );
    }

    #[test]
    fn type_2_clears_the_extra_value_from_cells_seeing_both_roof_cells() {
        // Floor r1c1, r3c1 {2,7}; roof r1c5, r3c5 {2,5,7}: one roof cell is 5, so column 5
        // and box 2 lose 5 elsewhere.
        let board = board_with(&[(0, "27"), (18, "27"), (4, "257"), (22, "257")]);
        let step = unique_rectangle(&board).expect("a type 2 rectangle");
        let mut expected: Vec<(usize, u8)> = [3, 5, 12, 13, 14, 21, 23, 31, 40, 49, 58, 67, 76]
            .into_iter()
            .map(|cell| (cell, 5))
            .collect();
        expected.sort_unstable();
        let mut eliminations = step.eliminations.clone();
        eliminations.sort_unstable();
        assert_eq!(eliminations, expected);
        assert_eq!(
            crate::notation::pattern_text(&step, board.size()).as_deref(),
            Some("2,7 in r1c1,r1c5,r3c1,r3c5, extra 5 in r1c5,r3c5 (type 2)")
        );
    }

    #[test]
    fn no_rectangle_over_four_boxes() {
        // Rows 1 and 4 lie in different bands and columns 1 and 5 in different stacks: the
        // four cells span four boxes, and the pair can be swapped in no valid way.
        let board = board_with(&[(0, "27"), (4, "27"), (27, "27"), (31, "257")]);
        assert_eq!(unique_rectangle(&board), None);
    }

    #[test]
    fn no_type_2_when_the_roof_cells_hold_different_extras() {
        let board = board_with(&[(0, "27"), (18, "27"), (4, "257"), (22, "267")]);
        assert_eq!(unique_rectangle(&board), None);
    }

    use crate::techniques::testing::{board_from_line, board_from_marks};
    use sudoku_core::Size;

    /// The loop's or BUG's step on pencil marks written as [`board_from_marks`] reads them.
    fn on(marks: &str, find: fn(&Board) -> Option<Step>) -> Step {
        find(&board_from_marks(marks, &[])).expect("the pattern is there")
    }

    #[test]
    fn a_unique_rectangle_of_type_2_as_a_loop_of_four() {
        let step = on(
            "78 6 2 5 1 9 4 3 78 489 48 1 3 47 2 789 6 5 479 5 3 47 8 6 2 79 1 1 2 9 47 3467 347 \
             3678 5 3478 5 34 67 8 3467 1 367 2 9 48 348 67 9 2 5 367 1 347 3 1 4 2 79 8 5 79 6 2 \
             9 8 6 5 37 1 4 37 6 7 5 1 349 34 39 8 2",
            unique_loop,
        );
        assert_eq!(step.digits, 0b110_0000);
        assert_eq!(step.pattern.len(), 4);
        // r5c7 and r6c7 hold 3 besides 6 and 7: 3 leaves column 7 and their box.
        assert_eq!(step.eliminations, [(33, 3), (35, 3), (53, 3), (78, 3)]);
        assert_eq!(step.difficulty(), 4.5);
    }

    #[test]
    fn a_unique_loop_of_eight_with_a_naked_pair_is_type_3() {
        let step = on(
            "148 178 2 49 6 5 79 14 3 134 13 9 8 2 7 5 6 14 6 5 47 1 3 49 79 2 8 9 18 48 5 7 14 2 \
             3 6 134 137 37 6 14 2 8 5 9 5 2 6 3 9 8 14 7 14 2 4 1 7 8 3 6 9 5 7 6 5 49 14 19 3 8 \
             2 38 9 38 2 5 6 14 14 7",
            unique_loop,
        );
        assert_eq!(step.pattern.len(), 8);
        // r1c1 and r2c1 (8 and 3 besides 1, 4) with r8c1 (3, 8): a naked pair of column 1.
        assert_eq!(step.eliminations, [(36, 3)]);
        assert_eq!((step.extra, step.difficulty()), (3, 4.8), "+0.2 for 8 cells, +0.1 a pair");
        assert!(step.describe(Size::NINE).ends_with("(loop of 8, type 3, column 1) => r5c1<>3"));
    }

    #[test]
    fn a_rectangle_with_a_naked_triple_is_type_3() {
        let step = on(
            "6 2 79 3 1579 4 579 159 8 4578 1 3789 2 5789 6 34579 3459 357 4578 45 3789 158 15789 \
             159 234579 134569 123567 9 3 5 47 26 8 1 46 267 1 8 4 57 26 3 2579 569 2567 2 7 6 9 \
             145 15 3458 3458 35 58 9 12 6 3 12 58 7 4 3 45 18 1458 1458 7 6 2 9 4578 6 278 458 \
             4589 259 358 1358 135",
            unique_loop,
        );
        assert_eq!(step.pattern.len(), 4);
        assert_eq!((step.extra, step.difficulty()), (2, 4.7));
        assert!(step.eliminations.contains(&(26, 3)) && step.eliminations.contains(&(80, 5)));
    }

    #[test]
    fn no_unique_loop_on_an_open_board() {
        assert_eq!(unique_loop(&board_from_line(&".".repeat(81))), None);
        assert_eq!(bug(&board_from_line(&".".repeat(81))), None);
    }

    #[test]
    fn bug_type_1_keeps_the_bug_value() {
        let step = on(
            "5 4 2 3 8 9 1 7 6 89 39 6 7 1 4 5 38 2 18 7 13 6 5 2 9 4 38 6 35 13 4 2 18 7 89 589 \
             19 59 7 18 3 6 4 2 58 2 8 4 5 9 7 3 6 1 3 6 8 9 7 5 2 1 4 4 1 9 2 6 3 8 5 7 7 2 5 18 \
             4 18 6 39 39",
            bug,
        );
        assert_eq!(step.pattern, [(35, 1 << 7)]);
        assert_eq!(step.eliminations, [(35, 5), (35, 9)]);
        assert_eq!(step.difficulty(), 5.6);
        assert_eq!(step.describe(Size::NINE), "BUG: BUG cells r4c9(8) (type 1) => r4c9<>5,9");
    }

    #[test]
    fn bug_type_4_two_cells_of_a_row() {
        let step = on(
            "14 17 8 47 3 2 6 5 9 56 2 67 57 8 9 1 4 3 45 3 9 6 45 1 7 2 8 7 6 4 28 25 58 9 3 1 3 \
             8 1 49 49 6 5 7 2 2 9 5 3 1 7 8 6 4 19 17 37 259 259 35 4 8 6 69 4 36 89 7 38 2 1 5 \
             8 5 2 1 6 4 3 9 7",
            bug,
        );
        assert_eq!(step.eliminations, [(57, 5), (58, 9)]);
        assert_eq!(step.difficulty(), 5.7);
        assert_eq!(
            step.describe(Size::NINE),
            "BUG: BUG cells r7c4(9),r7c5(5) (type 4, row 7) => r7c4<>5, r7c5<>9"
        );
    }

    #[test]
    fn bug_type_3_with_a_naked_set() {
        let step = on(
            "2 9 7 14 14 3 6 5 8 6 1 8 5 2 9 7 4 3 5 4 3 67 67 8 9 2 1 3 5 4 8 69 7 2 1 69 78 6 1 \
             49 34 2 35 389 579 78 2 9 16 13 5 4 38 67 1 8 6 27 79 4 35 39 25 4 3 5 29 8 6 1 7 29 \
             9 7 2 3 5 1 8 6 4",
            bug,
        );
        assert_eq!(step.eliminations, [(42, 3)]);
        assert_eq!((step.extra, step.difficulty()), (3, 5.9));
    }
}
