//! Techniques that assume the puzzle has one solution.

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
}
