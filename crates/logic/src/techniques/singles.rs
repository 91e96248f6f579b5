//! Singles: full house, hidden single, naked single. Each places one value.

use crate::board::Board;
use crate::houses::{bit, bits};
use crate::step::{Step, Technique};

/// A house with one empty cell left takes the value it misses.
pub(crate) fn full_house(board: &Board) -> Option<Step> {
    let houses = board.houses();
    houses.scan(0..houses.count()).find_map(|house| {
        let mut empty =
            houses.cells_of(house).iter().map(|&c| usize::from(c)).filter(|&c| board.value(c) == 0);
        let cell = empty.next()?;
        if empty.next().is_some() {
            return None;
        }
        let missing = houses.all_values & !board.placed_in(house);
        if missing.count_ones() != 1 || board.candidates(cell) & missing == 0 {
            return None;
        }
        let value = missing.trailing_zeros() as u8 + 1;
        Some(single(Technique::FullHouse, house, cell, value, board))
    })
}

/// A value with one place left in a box (`in_boxes`: or irregular region, or a house a layout
/// adds) or in a row or column.
pub(crate) fn hidden_single(board: &Board, in_boxes: bool) -> Option<Step> {
    let houses = board.houses();
    let (technique, kinds) = if in_boxes {
        (Technique::HiddenSingleBox, houses.non_lines())
    } else {
        (Technique::HiddenSingleLine, 0..2 * houses.side)
    };
    houses.scan(kinds).find_map(|house| {
        let (mut once, mut twice) = (0u64, 0u64);
        for &cell in houses.cells_of(house) {
            let candidates = board.candidates(usize::from(cell));
            twice |= once & candidates;
            once |= candidates;
        }
        let alone = once & !twice;
        let value = bits(alone).next()? as u8 + 1;
        let cell = board.cells_with(house, value).next()?;
        Some(single(technique, house, cell, value, board))
    })
}

/// A cell with one candidate left.
pub(crate) fn naked_single(board: &Board) -> Option<Step> {
    let cell = (0..board.houses().cells)
        .find(|&cell| board.value(cell) == 0 && board.candidates(cell).count_ones() == 1)?;
    let value = board.candidates(cell).trailing_zeros() as u8 + 1;
    let mut step = Step::new(Technique::NakedSingle);
    step.digits = bit(value);
    step.pattern.push((cell, bit(value)));
    step.placements.push((cell, value));
    Some(step)
}

fn single(technique: Technique, house: usize, cell: usize, value: u8, board: &Board) -> Step {
    let mut step = Step::new(technique);
    step.digits = bit(value);
    step.units.push(board.houses().name(house));
    step.pattern.push((cell, bit(value)));
    step.placements.push((cell, value));
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::{board_from_line, board_from_marks};

    #[test]
    fn a_full_house_fills_the_last_cell_of_a_row() {
        let board = board_from_line(
            "12345678.........................................................................",
        );
        let step = full_house(&board).expect("row 1 misses only 9");
        assert_eq!(step.placements, vec![(8, 9)]);
        assert_eq!(step.describe(board.size()), "Full House: 9 in row 1 => r1c9=9");
    }

    #[test]
    fn no_full_house_while_a_house_has_two_empty_cells() {
        let board = board_from_line(
            "1234567..........................................................................",
        );
        assert_eq!(full_house(&board), None);
    }

    #[test]
    fn a_hidden_single_in_a_box_is_found_before_lines_are_looked_at() {
        // 1s in rows 2 and 3 and columns 2 and 3 (r2c5, r3c8, r4c2, r7c3) leave r1c1 as box 1's only place for 1.
        let board = board_from_line(
            ".............1...........1..1...........................1........................",
        );
        let step = hidden_single(&board, true).expect("box 1 has one place for 1");
        assert_eq!(step.placements, vec![(0, 1)]);
        assert_eq!(step.technique, Technique::HiddenSingleBox);
    }

    #[test]
    fn no_hidden_single_where_a_value_has_two_places_in_every_house() {
        let board = board_from_line(
            "................................................................................1",
        );
        assert_eq!(hidden_single(&board, true), None);
        assert_eq!(hidden_single(&board, false), None);
    }

    #[test]
    fn a_naked_single_is_the_one_candidate_left() {
        let mut marks = vec!["123456789"; 81];
        marks[40] = "7";
        let board = board_from_marks(&marks.join(" "), &[40]);
        let step = naked_single(&board).expect("r5c5 holds only 7");
        assert_eq!(step.placements, vec![(40, 7)]);
        assert_eq!(step.describe(board.size()), "Naked Single: r5c5 holds only 7 => r5c5=7");
    }

    #[test]
    fn no_naked_single_while_every_empty_cell_has_two_candidates() {
        let mut marks = vec!["123456789"; 81];
        marks[40] = "79";
        let board = board_from_marks(&marks.join(" "), &[]);
        assert_eq!(naked_single(&board), None);
    }
}
