//! Basic fish: X-wing, swordfish, jellyfish.
//!
//! For one value, `n` base lines (rows, or columns) whose places for it all lie in `n` cover
//! lines (columns, or rows): each base line puts the value in a different cover line, so the
//! `n` base lines fill all `n` cover lines and the value leaves the cover lines' other cells.

use super::subsets::{MAX_SIDE, MAX_SUBSET, PlaceCounts, first_subset, sized};
use crate::board::Board;
use crate::houses::{bit, bits, values};
use crate::step::{Step, Technique};

/// The fish by size, from two base lines.
const FISH: [Technique; 3] = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish];

/// A fish of `n` base lines: value by value, rows as base lines, then columns.
pub(crate) fn fish(board: &Board, n: usize) -> Option<Step> {
    if !(2..=MAX_SUBSET).contains(&n) {
        return None;
    }
    let houses = board.houses();
    let side = houses.side;
    // The value's places in each row (as columns) and in each column (as rows).
    let mut places = [[0u64; MAX_SIDE]; 2];
    let mut lines = [0usize; MAX_SIDE];
    let mut masks = [0u64; MAX_SIDE];
    // Only a value with 2 to n places in some line can make a fish: found by counting, a few
    // masks a cell, where listing every value's places costs a pass over the grid a value.
    let in_few_places = (0..2).flat_map(|kind| houses.of_kind(kind)).fold(0, |found, line| {
        let counts = PlaceCounts::of(board, line, n);
        found | (counts.at_least_two & !counts.more_than_n)
    });
    for value in values(in_few_places) {
        let mask = bit(value);
        for kind in &mut places {
            kind[..side].fill(0);
        }
        // One pass over the grid gives both kinds of line, rather than a pass a line.
        for cell in 0..houses.cells {
            if board.candidates(cell) & mask != 0 {
                let (row, col) = (cell / side, cell % side);
                places[0][row] |= 1 << col;
                places[1][col] |= 1 << row;
            }
        }
        for (kind, kind_places) in places.iter().enumerate() {
            let mut count = 0;
            for (line, &line_places) in kind_places[..side].iter().enumerate() {
                // One place is a hidden single, not a fin of a fish; more than n cannot lie
                // in n cover lines.
                if (2..=n).contains(&(line_places.count_ones() as usize)) {
                    lines[count] = line;
                    masks[count] = line_places;
                    count += 1;
                }
            }
            let step = first_subset(&masks[..count], n, &mut |chosen, covers| {
                let base = chosen.iter().fold(0u64, |base, &index| base | 1 << lines[index]);
                fish_step(board, value, kind, base, covers)
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// The step of the fish of `value` with base lines `base` of kind `kind` (0 rows, 1
/// columns) and cover lines `covers` of the other kind, both as sets of line indices, if it
/// removes anything.
fn fish_step(board: &Board, value: u8, kind: usize, base: u64, covers: u64) -> Option<Step> {
    let houses = board.houses();
    let side = houses.side;
    let cover_kind = 1 - kind;
    let line_of = |cell: usize| if kind == 0 { cell / side } else { cell % side };
    let mut eliminations: Vec<(usize, u8)> = bits(covers)
        .flat_map(|cover| board.cells_with(cover_kind * side + cover, value))
        .filter(|&cell| base & 1 << line_of(cell) == 0)
        .map(|cell| (cell, value))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    let mut pattern: Vec<(usize, u64)> = bits(base)
        .flat_map(|line| board.cells_with(kind * side + line, value))
        .map(|cell| (cell, bit(value)))
        .collect();
    pattern.sort_unstable();
    let mut step = Step::new(sized(FISH, base.count_ones() as usize));
    step.digits = bit(value);
    step.units = bits(base)
        .map(|line| houses.name(kind * side + line))
        .chain(bits(covers).map(|cover| houses.name(cover_kind * side + cover)))
        .collect();
    step.pattern = pattern;
    step.eliminations = eliminations;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_from_marks;
    use sudoku_core::House;
    use sudoku_core::Size;

    /// Pencil marks with every value a candidate of every cell, then `value` removed from
    /// every cell of the 1-based (row, column) list `without`.
    fn marks_without(value: u8, without: &[(usize, usize)]) -> String {
        let full = "123456789";
        let lacking: String = full.chars().filter(|&c| c != char::from(b'0' + value)).collect();
        let mut tokens = vec![full.to_string(); 81];
        for &(row, col) in without {
            tokens[(row - 1) * 9 + col - 1] = lacking.clone();
        }
        tokens.join(" ")
    }

    /// Every cell of the 1-based `rows` outside the 1-based `cols`.
    fn rows_outside(rows: &[usize], cols: &[usize]) -> Vec<(usize, usize)> {
        rows.iter()
            .flat_map(|&row| (1..=9).filter(|col| !cols.contains(col)).map(move |col| (row, col)))
            .collect()
    }

    /// The 0-based cells of the 1-based `cols` outside the 1-based `rows`, each losing
    /// `value`, sorted.
    fn cols_outside(cols: &[usize], rows: &[usize], value: u8) -> Vec<(usize, u8)> {
        let mut list: Vec<(usize, u8)> = (1..=9)
            .filter(|row| !rows.contains(row))
            .flat_map(|row| cols.iter().map(move |&col| ((row - 1) * 9 + col - 1, value)))
            .collect();
        list.sort_unstable();
        list
    }

    #[test]
    fn an_x_wing_on_rows_clears_its_columns() {
        // 4 lies in rows 2 and 7 at columns 3 and 8 only; columns 3 and 8 have 4 nowhere else
        // but r5c3.
        let mut without = rows_outside(&[2, 7], &[3, 8]);
        without.extend([1, 3, 4, 6, 8, 9].into_iter().map(|row| (row, 3)));
        without.extend([1, 3, 4, 5, 6, 8, 9].into_iter().map(|row| (row, 8)));
        let board = board_from_marks(&marks_without(4, &without), &[]);
        let step = fish(&board, 2).expect("an X-wing of 4");
        assert_eq!(step.technique, Technique::XWing);
        assert_eq!(step.digits, bit(4));
        assert_eq!(
            step.units,
            vec![House::Row(1), House::Row(6), House::Column(2), House::Column(7)]
        );
        assert_eq!(step.pattern, vec![(11, bit(4)), (16, bit(4)), (56, bit(4)), (61, bit(4))]);
        assert_eq!(step.eliminations, vec![(38, 4)]);
        assert_eq!(step.describe(board.size()), "X-Wing: 4 in rows 2,7 and columns 3,8 => r5c3<>4");
    }

    #[test]
    fn an_x_wing_on_columns_clears_its_rows() {
        // 6 lies in columns 2 and 6 at rows 4 and 9 only.
        let without: Vec<_> = [2, 6]
            .into_iter()
            .flat_map(|col| (1..=9).filter(|r| *r != 4 && *r != 9).map(move |row| (row, col)))
            .collect();
        let board = board_from_marks(&marks_without(6, &without), &[]);
        let step = fish(&board, 2).expect("an X-wing of 6 on columns");
        assert_eq!(
            step.units,
            vec![House::Column(1), House::Column(5), House::Row(3), House::Row(8)]
        );
        let mut expected: Vec<(usize, u8)> = [4, 9]
            .into_iter()
            .flat_map(|row| {
                (1..=9).filter(|c| *c != 2 && *c != 6).map(move |col| ((row - 1) * 9 + col - 1, 6))
            })
            .collect();
        expected.sort_unstable();
        assert_eq!(step.eliminations, expected);
        assert!(
            step.describe(board.size()).starts_with("X-Wing: 6 in columns 2,6 and rows 4,9 => ")
        );
    }

    #[test]
    fn no_x_wing_when_a_base_row_has_a_third_place_outside_the_covers() {
        // 4 in row 2 at columns 3 and 8; in row 7 at columns 3, 5 and 8.
        let without = rows_outside(&[2], &[3, 8])
            .into_iter()
            .chain(rows_outside(&[7], &[3, 5, 8]))
            .collect::<Vec<_>>();
        let board = board_from_marks(&marks_without(4, &without), &[]);
        assert_eq!(fish(&board, 2), None);
    }

    #[test]
    fn a_swordfish_covers_three_columns_with_two_places_a_row() {
        // 1 in rows 1, 5, 9 at columns {1,5}, {5,9}, {1,9}.
        let without = rows_outside(&[1], &[1, 5])
            .into_iter()
            .chain(rows_outside(&[5], &[5, 9]))
            .chain(rows_outside(&[9], &[1, 9]))
            .collect::<Vec<_>>();
        let board = board_from_marks(&marks_without(1, &without), &[]);
        assert_eq!(fish(&board, 2), None);
        let step = fish(&board, 3).expect("a swordfish of 1");
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.pattern.len(), 6);
        assert_eq!(step.eliminations, cols_outside(&[1, 5, 9], &[1, 5, 9], 1));
        assert!(
            step.describe(board.size())
                .starts_with("Swordfish: 1 in rows 1,5,9 and columns 1,5,9 => ")
        );
    }

    #[test]
    fn no_swordfish_when_three_rows_reach_four_columns() {
        let without = rows_outside(&[1], &[1, 5])
            .into_iter()
            .chain(rows_outside(&[5], &[5, 9]))
            .chain(rows_outside(&[9], &[1, 8]))
            .collect::<Vec<_>>();
        let board = board_from_marks(&marks_without(1, &without), &[]);
        assert_eq!(fish(&board, 3), None);
    }

    #[test]
    fn a_jellyfish_covers_four_columns() {
        // 9 in rows 1, 3, 5, 7 at columns {1,2}, {2,3}, {3,4}, {1,4}.
        let without = rows_outside(&[1], &[1, 2])
            .into_iter()
            .chain(rows_outside(&[3], &[2, 3]))
            .chain(rows_outside(&[5], &[3, 4]))
            .chain(rows_outside(&[7], &[1, 4]))
            .collect::<Vec<_>>();
        let board = board_from_marks(&marks_without(9, &without), &[]);
        assert_eq!(fish(&board, 2), None);
        assert_eq!(fish(&board, 3), None);
        let step = fish(&board, 4).expect("a jellyfish of 9");
        assert_eq!(step.technique, Technique::Jellyfish);
        assert_eq!(step.eliminations, cols_outside(&[1, 2, 3, 4], &[1, 3, 5, 7], 9));
        assert!(
            step.describe(board.size())
                .starts_with("Jellyfish: 9 in rows 1,3,5,7 and columns 1,2,3,4 => ")
        );
    }

    #[test]
    fn no_jellyfish_when_four_rows_reach_five_columns() {
        let without = rows_outside(&[1], &[1, 2])
            .into_iter()
            .chain(rows_outside(&[3], &[2, 3]))
            .chain(rows_outside(&[5], &[3, 4]))
            .chain(rows_outside(&[7], &[1, 5]))
            .collect::<Vec<_>>();
        let board = board_from_marks(&marks_without(9, &without), &[]);
        assert_eq!(fish(&board, 4), None);
    }

    #[test]
    fn an_x_wing_at_16x16() {
        let size = Size::from_side(16).unwrap();
        let all = u64::MAX >> (64 - 16);
        let mut candidates = vec![all; size.cells()];
        // 16 lies in rows 3 and 14 at columns 1 and 16 only.
        for row in [2, 13] {
            for col in 1..15 {
                candidates[row * 16 + col] &= !bit(16);
            }
        }
        let board = Board::from_parts(size, vec![0; size.cells()], candidates);
        let step = fish(&board, 2).expect("an X-wing of 16");
        assert_eq!(
            step.units,
            vec![House::Row(2), House::Row(13), House::Column(0), House::Column(15)]
        );
        assert_eq!(step.eliminations.len(), 2 * 14);
        assert!(step.eliminations.iter().all(|&(cell, v)| v == 16 && cell % 16 % 15 == 0));
        assert!(
            step.describe(size).starts_with("X-Wing: 16 in rows 3,14 and columns 1,16 => r1c1,")
        );
    }

    #[test]
    fn an_x_wing_at_64x64_uses_the_last_line() {
        let size = Size::from_side(64).unwrap();
        let mut candidates = vec![u64::MAX; size.cells()];
        // 64 lies in columns 1 and 64 at rows 1 and 64 only.
        for col in [0, 63] {
            for row in 1..63 {
                candidates[row * 64 + col] &= !bit(64);
            }
        }
        let board = Board::from_parts(size, vec![0; size.cells()], candidates);
        let step = fish(&board, 2).expect("an X-wing of 64 on columns");
        assert_eq!(
            step.units,
            vec![House::Column(0), House::Column(63), House::Row(0), House::Row(63)]
        );
        assert_eq!(step.eliminations.len(), 2 * 62);
        assert!(step.eliminations.iter().all(|&(cell, v)| v == 64 && cell / 64 % 63 == 0));
    }
}
