//! Wings: XY-wing, XYZ-wing, W-wing.
//!
//! Each is a few cells with two or three candidates that between them force a value `z`
//! into one of two or three cells, whichever way the pattern resolves: no cell seeing all of
//! them can hold `z`.

use crate::board::Board;
use crate::houses::{bit, values};
use crate::step::{Step, Technique};

use super::single_digit::{Conjugate, conjugates, seen_by_both};

/// An XY-wing: a pivot holding `x,y` that sees two pincers holding `x,z` and `y,z`. Whatever
/// the pivot takes, one pincer is left with `z`, so a cell seeing both pincers cannot hold
/// it.
pub(crate) fn xy_wing(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let mut pincers = Vec::new();
    for pivot in 0..houses.cells {
        let set = board.candidates(pivot);
        if set.count_ones() != 2 {
            continue;
        }
        pincers.clear();
        pincers.extend(houses.peers(pivot).iter().map(|&c| usize::from(c)).filter(|&cell| {
            let other = board.candidates(cell);
            other.count_ones() == 2 && (other & set).count_ones() == 1
        }));
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                let (a, b) = (board.candidates(first), board.candidates(second));
                let z = a & !set;
                // Both pincers must add the same z, one through x and the other through y.
                if z != b & !set || a & set == b & set {
                    continue;
                }
                let value = z.trailing_zeros() as u8 + 1;
                let eliminations = seen_by_both(board, value, first, second, &[pivot]);
                if !eliminations.is_empty() {
                    return Some(wing_step(
                        board,
                        Technique::XyWing,
                        [pivot, first, second],
                        eliminations,
                    ));
                }
            }
        }
    }
    None
}

/// An XYZ-wing: a pivot holding `x,y,z` that sees two pincers holding `x,z` and `y,z`.
/// Whatever the pivot takes, `z` is in the pivot or a pincer, so a cell seeing all three
/// cannot hold it.
pub(crate) fn xyz_wing(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let mut pincers = Vec::new();
    for pivot in 0..houses.cells {
        let set = board.candidates(pivot);
        if set.count_ones() != 3 {
            continue;
        }
        pincers.clear();
        pincers.extend(houses.peers(pivot).iter().map(|&c| usize::from(c)).filter(|&cell| {
            let other = board.candidates(cell);
            other.count_ones() == 2 && other & !set == 0
        }));
        for (i, &first) in pincers.iter().enumerate() {
            for &second in &pincers[i + 1..] {
                let (a, b) = (board.candidates(first), board.candidates(second));
                // Two different pairs out of three values share exactly one: z.
                if a == b {
                    continue;
                }
                let value = (a & b).trailing_zeros() as u8 + 1;
                let eliminations: Vec<(usize, u8)> =
                    seen_by_both(board, value, first, second, &[pivot])
                        .into_iter()
                        .filter(|&(cell, _)| houses.sees(cell, pivot))
                        .collect();
                if !eliminations.is_empty() {
                    return Some(wing_step(
                        board,
                        Technique::XyzWing,
                        [pivot, first, second],
                        eliminations,
                    ));
                }
            }
        }
    }
    None
}

/// The step of an XY- or XYZ-wing: the pivot then the pincers, with their candidates.
fn wing_step(
    board: &Board,
    technique: Technique,
    cells: [usize; 3],
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let mut step = Step::new(technique);
    step.pattern = cells.iter().map(|&cell| (cell, board.candidates(cell))).collect();
    step.digits = step.pattern.iter().fold(0, |digits, &(_, set)| digits | set);
    step.eliminations = eliminations;
    step
}

/// A W-wing: two cells holding the same two values `x,y` that do not see each other, joined
/// by a strong link on `x` (a house where `x` has two places, one seeing each cell). Both
/// cells cannot be `x`, since that would leave the link's house without it; so one of them is
/// `y`, and a cell seeing both cannot be.
pub(crate) fn w_wing(board: &Board) -> Option<Step> {
    let houses = board.houses();
    // Grouped by candidate set, so the two cells of a wing are neighbours in the list.
    let mut pairs: Vec<(u64, usize)> = (0..houses.cells)
        .map(|cell| (board.candidates(cell), cell))
        .filter(|&(set, _)| set.count_ones() == 2)
        .collect();
    pairs.sort_unstable();
    // Each value's conjugate pairs, found when first needed.
    let mut links: Vec<Option<Vec<Conjugate>>> = vec![None; houses.side];
    for (i, &(set, first)) in pairs.iter().enumerate() {
        for &(_, second) in pairs[i + 1..].iter().take_while(|&&(other, _)| other == set) {
            if houses.sees(first, second) {
                continue;
            }
            let [low, high]: [u8; 2] = {
                let mut both = values(set);
                [both.next()?, both.next()?]
            };
            for (x, y) in [(low, high), (high, low)] {
                let eliminations = seen_by_both(board, y, first, second, &[]);
                if eliminations.is_empty() {
                    continue;
                }
                let strong =
                    links[usize::from(x - 1)].get_or_insert_with(|| conjugates(board, x, 0..3));
                let Some((near, far, house)) = strong.iter().find_map(|link| {
                    let [a, b] = link.cells;
                    if [a, b].iter().any(|&end| end == first || end == second) {
                        return None;
                    }
                    if houses.sees(a, first) && houses.sees(b, second) {
                        Some((a, b, link.house))
                    } else if houses.sees(b, first) && houses.sees(a, second) {
                        Some((b, a, link.house))
                    } else {
                        None
                    }
                }) else {
                    continue;
                };
                let mut step = Step::new(Technique::WWing);
                step.digits = set;
                step.units = houses.names(&[house]);
                step.pattern = vec![(first, set), (near, bit(x)), (far, bit(x)), (second, set)];
                step.eliminations = eliminations;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_from_marks;
    use sudoku_core::Size;

    /// A 9×9 board where every cell holds every candidate but those given in `cells` as
    /// (row, column, candidates), 1-based.
    fn board_with(cells: &[(usize, usize, &str)]) -> Board {
        let mut marks = vec!["123456789"; 81];
        for &(row, col, set) in cells {
            marks[cell(row, col)] = set;
        }
        board_from_marks(&marks.join(" "), &[])
    }

    /// The index of the cell at 1-based `row`, `col`.
    fn cell(row: usize, col: usize) -> usize {
        (row - 1) * 9 + col - 1
    }

    #[test]
    fn an_xy_wing_clears_the_cells_seeing_both_pincers() {
        let board = board_with(&[(1, 1, "27"), (1, 5, "25"), (3, 2, "57")]);
        let step = xy_wing(&board).expect("an XY-wing on r1c1");
        assert_eq!(
            step.eliminations,
            vec![
                (cell(1, 2), 5),
                (cell(1, 3), 5),
                (cell(3, 4), 5),
                (cell(3, 5), 5),
                (cell(3, 6), 5)
            ]
        );
        assert_eq!(
            step.describe(board.size()),
            "XY-Wing: r1c1(2,7) with r1c5(2,5), r3c2(5,7) => r1c2,r1c3,r3c4,r3c5,r3c6<>5"
        );
    }

    #[test]
    fn no_xy_wing_when_the_pincers_do_not_share_z() {
        let board = board_with(&[(1, 1, "27"), (1, 5, "25"), (3, 2, "67")]);
        assert_eq!(xy_wing(&board), None);
    }

    #[test]
    fn no_xy_wing_when_both_pincers_hold_the_same_pivot_value() {
        // r1c5 and r3c2 both join the pivot through 2: if the pivot is 7, neither is forced.
        let board = board_with(&[(1, 1, "27"), (1, 5, "25"), (3, 2, "25")]);
        assert_eq!(xy_wing(&board), None);
    }

    #[test]
    fn an_xyz_wing_clears_the_cells_seeing_all_three() {
        let board = board_with(&[(1, 1, "257"), (1, 5, "25"), (3, 2, "57")]);
        let step = xyz_wing(&board).expect("an XYZ-wing on r1c1");
        assert_eq!(step.eliminations, vec![(cell(1, 2), 5), (cell(1, 3), 5)]);
        assert_eq!(
            step.describe(board.size()),
            "XYZ-Wing: r1c1(2,5,7) with r1c5(2,5), r3c2(5,7) => r1c2,r1c3<>5"
        );
    }

    #[test]
    fn no_xyz_wing_when_a_pincer_does_not_see_the_pivot() {
        // r5c5 sees r1c5 but not the pivot r1c1.
        let board = board_with(&[(1, 1, "257"), (1, 5, "25"), (5, 5, "57")]);
        assert_eq!(xyz_wing(&board), None);
    }

    #[test]
    fn a_w_wing_clears_the_cells_seeing_both_ends() {
        // 1 has two places in column 5: r1c5 (seeing r1c1) and r5c5 (seeing r5c9).
        let mut cells = vec![(1, 1, "12"), (5, 9, "12")];
        cells.extend([2, 3, 4, 6, 7, 8, 9].map(|row| (row, 5, "23456789")));
        let board = board_with(&cells);
        let step = w_wing(&board).expect("a W-wing on 1,2");
        assert_eq!(step.eliminations, vec![(cell(1, 9), 2), (cell(5, 1), 2)]);
        assert_eq!(step.units, vec![sudoku_core::House::Column(4)]);
        assert_eq!(
            step.describe(board.size()),
            "W-Wing: 1,2 in r1c1,r5c9 connected by 1 in column 5 (r1c5=r5c5) => r1c9,r5c1<>2"
        );
    }

    #[test]
    fn no_w_wing_when_the_link_sees_only_one_cell() {
        // 1 has two places in column 5, r1c5 and r9c5; r9c5 does not see r5c9.
        let mut cells = vec![(1, 1, "12"), (5, 9, "12")];
        cells.extend([2, 3, 4, 5, 6, 7, 8].map(|row| (row, 5, "23456789")));
        let board = board_with(&cells);
        assert_eq!(w_wing(&board), None);
    }

    #[test]
    fn the_finders_run_on_every_size() {
        for size in Size::all() {
            let board = Board::new(&sudoku_core::Grid::empty(size));
            assert_eq!(xy_wing(&board), None);
            assert_eq!(xyz_wing(&board), None);
            assert_eq!(w_wing(&board), None);
        }
    }
}
