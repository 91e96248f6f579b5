//! Locked candidates: pointing (a box confines a value to one line) and claiming (a line
//! confines a value to one box); on a grid with a layout, any house confining a value to
//! another ([`intersection`]).

use crate::board::Board;
use crate::houses::{bit, values};
use crate::step::{Step, Technique};

/// A value whose places in a box share a row or column leaves the rest of that line.
pub(crate) fn pointing(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let (rows, cols) = (houses.size.box_rows(), houses.size.box_cols());
    houses.of_kind(2).find_map(|box_house| {
        // A box's cells are row-major: its row `k` is positions `k·c..k·c+c`, its column `k`
        // positions `k, k+c, ...` (boxes of `r` rows and `c` columns).
        let cells = houses.cells_of(box_house);
        let in_rows = confined(board, rows, cols, |k, j| cells[k * cols + j]);
        let in_columns = confined(board, cols, rows, |k, j| cells[j * cols + k]);
        values(in_rows | in_columns).find_map(|value| {
            [(0, in_rows), (1, in_columns)]
                .into_iter()
                .filter(|&(_, confined)| confined & bit(value) != 0)
                .find_map(|(kind, _)| locked(board, Technique::Pointing, box_house, kind, value))
        })
    })
}

/// A value whose places in a row or column lie in one box leaves the rest of that box.
pub(crate) fn claiming(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let size = houses.size;
    (0..2).flat_map(|kind| houses.of_kind(kind).map(move |line| (kind, line))).find_map(
        |(kind, line)| {
            // A line's cells are in order: segment `k`, positions `k·w..k·w+w`, lies in one box;
            // a row crosses boxes `c` cells wide, a column boxes `r` cells tall.
            let width = if kind == 0 { size.box_cols() } else { size.box_rows() };
            let cells = houses.cells_of(line);
            let in_one_box =
                confined(board, size.side() / width, width, |k, j| cells[k * width + j]);
            values(in_one_box).find_map(|value| locked(board, Technique::Claiming, line, 2, value))
        },
    )
}

/// Direct pointing (`pointing == true`) or direct claiming: a value's places in a house of
/// one kind (a box; a line) lie in one house of the other kind (a line; the box), and in a
/// second house of the first kind that crosses it, the value has two or more places of which
/// one only lies outside: the locked value leaves it that one, a hidden single. Sudoku
/// Explainer's direct techniques make the placement only, without the eliminations that
/// lead to it, and so does this step.
pub(crate) fn direct_locked(board: &Board, pointing: bool) -> Option<Step> {
    let houses = board.houses();
    let (from_kinds, into_kinds): (&[usize], &[usize]) =
        if pointing { (&[2], &[0, 1]) } else { (&[0, 1], &[2]) };
    let technique = if pointing { Technique::DirectPointing } else { Technique::DirectClaiming };
    for &from_kind in from_kinds {
        for from in houses.of_kind(from_kind) {
            for value in values(houses.all_values) {
                let places: Vec<usize> = board.cells_with(from, value).collect();
                if places.len() < 2 {
                    continue;
                }
                let Some(into) = into_kinds.iter().find_map(|&kind| {
                    let into = houses.houses_of(places[0])[kind];
                    places.iter().all(|&cell| houses.houses_of(cell)[kind] == into).then_some(into)
                }) else {
                    continue;
                };
                let inside = |cell: &usize| houses.houses_of(*cell).contains(&into);
                let single =
                    houses.of_kind(from_kind).filter(|&other| other != from).find_map(|other| {
                        let places: Vec<usize> = board.cells_with(other, value).collect();
                        let mut outside = places.iter().filter(|cell| !inside(cell));
                        match (places.len() > 1, outside.next(), outside.next()) {
                            (true, Some(&cell), None) => Some((other, cell)),
                            _ => None,
                        }
                    });
                if let Some((other, cell)) = single {
                    let mut step = Step::new(technique);
                    step.digits = bit(value);
                    step.units = houses.names(&[from, into, other]);
                    step.pattern = places.iter().map(|&cell| (cell, bit(value))).collect();
                    step.placements = vec![(cell, value)];
                    return Some(step);
                }
            }
        }
    }
    None
}

/// On a grid with a layout, the intersections of any two houses: a value whose places in one
/// house all lie in another leaves the rest of that other house (both hold it once). Pointing
/// starts from a box, region or house the layout adds, claiming from a row or column; houses
/// in order, values smallest first, the other house the first that holds every place (row,
/// column, region, then the added ones). The classic finders read a box's shape, which an
/// irregular region has not, and know no added house.
pub(crate) fn intersection(board: &Board, technique: Technique) -> Option<Step> {
    let houses = board.houses();
    let from_houses =
        if technique == Technique::Pointing { houses.non_lines() } else { 0..2 * houses.side };
    houses.scan(from_houses).find_map(|from| {
        let missing = houses.all_values & !board.placed_in(from);
        values(missing).find_map(|value| {
            let places: Vec<usize> = board.cells_with(from, value).collect();
            if places.len() < 2 {
                return None;
            }
            let holds_all = |into: &usize| {
                *into != from && places.iter().all(|&cell| houses.holds(*into, cell))
            };
            houses.scan_houses_of(places[0]).filter(holds_all).find_map(|into| {
                let eliminations: Vec<(usize, u8)> = board
                    .cells_with(into, value)
                    .filter(|cell| !places.contains(cell))
                    .map(|cell| (cell, value))
                    .collect();
                (!eliminations.is_empty()).then(|| {
                    let mut step = Step::new(technique);
                    step.digits = bit(value);
                    step.units = houses.names(&[from, into]);
                    step.pattern = places.iter().map(|&cell| (cell, bit(value))).collect();
                    step.eliminations = eliminations;
                    step
                })
            })
        })
    })
}

/// The values that are candidates in exactly one of a house's `segments` segments, segment
/// `k` being the cells `cell(k, 0..length)`. Only those can be locked, so the finders verify only
/// them: a scan of each cell once, where trying every value would scan the house once per
/// value (a million cell visits a call at 64×64).
fn confined(
    board: &Board,
    segments: usize,
    length: usize,
    cell: impl Fn(usize, usize) -> u16,
) -> u64 {
    let (mut once, mut twice) = (0u64, 0u64);
    for k in 0..segments {
        let union =
            (0..length).fold(0, |union, j| union | board.candidates(usize::from(cell(k, j))));
        twice |= once & union;
        once |= union;
    }
    once & !twice
}

/// The step when every place of `value` in house `from` lies in one house of kind
/// `into_kind`, and that house has places for it outside `from`.
fn locked(
    board: &Board,
    technique: Technique,
    from: usize,
    into_kind: usize,
    value: u8,
) -> Option<Step> {
    let houses = board.houses();
    // Most houses and values fail the test: nothing is allocated until one passes.
    let mut places = board.cells_with(from, value);
    let into = houses.houses_of(places.next()?)[into_kind];
    let mut count = 1;
    for cell in places {
        if houses.houses_of(cell)[into_kind] != into {
            return None;
        }
        count += 1;
    }
    let from_kind = from / houses.side;
    let outside = |cell: &usize| houses.houses_of(*cell)[from_kind] != from;
    if count < 2 || !board.cells_with(into, value).any(|cell| outside(&cell)) {
        return None;
    }
    let places: Vec<usize> = board.cells_with(from, value).collect();
    let eliminations: Vec<(usize, u8)> =
        board.cells_with(into, value).filter(outside).map(|cell| (cell, value)).collect();
    let mut step = Step::new(technique);
    step.digits = bit(value);
    step.units = houses.names(&[from, into]);
    step.pattern = places.iter().map(|&cell| (cell, bit(value))).collect();
    step.eliminations = eliminations;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::{board_from_line, board_from_marks, board_with};

    #[test]
    fn pointing_clears_the_rest_of_the_line() {
        // Rows 2 and 3 of box 1 are full: box 1's 1 lies in row 1, which loses 1 elsewhere.
        let board = board_from_line(
            ".........234......567............................................................",
        );
        let step = pointing(&board).expect("box 1's 1s are in row 1");
        assert_eq!(step.pattern.iter().map(|&(cell, _)| cell).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(step.eliminations, (3..9).map(|cell| (cell, 1)).collect::<Vec<_>>());
        assert_eq!(
            step.describe(board.size()),
            "Pointing: 1 in box 1 lies in row 1 (r1c1,r1c2,r1c3) => r1c4,r1c5,r1c6,r1c7,r1c8,r1c9<>1"
        );
    }

    #[test]
    fn no_pointing_when_a_value_spans_two_lines_of_its_box() {
        // As above with r2c3 empty: box 1's 1 may sit in row 1 or at r2c3.
        let board = board_from_line(
            ".........23.......567............................................................",
        );
        assert_eq!(pointing(&board), None);
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        // Row 1 holds 4,5,6,7,8,9 in columns 4-9: its 1 lies in box 1, which loses 1 in rows 2-3.
        let board = board_from_line(
            "...456789........................................................................",
        );
        let step = claiming(&board).expect("row 1 confines 1 to box 1");
        assert_eq!(step.technique, Technique::Claiming);
        assert!(step.eliminations.iter().all(|&(cell, _)| cell / 9 == 1 || cell / 9 == 2));
        assert_eq!(step.eliminations.len(), 6);
    }

    #[test]
    fn no_claiming_when_the_box_has_no_other_place() {
        // Row 1 confines 1, 2 and 3 to box 1, but rows 2 and 3 of box 1 are full: nothing to
        // remove.
        let board = board_from_line(
            "...456789456789123789123456......................................................",
        );
        assert_eq!(claiming(&board), None);
    }

    #[test]
    fn direct_pointing_places_the_hidden_single_it_leaves() {
        // Box 6 holds its 6 in column 9 only; box 9's 6 then has one place off column 9.
        let board = board_from_marks(
            "3489 3468 389 2 346789 4789 69 1 5 234589 23468 23589 34689 34689 1 69 2469 7 7 246 \
             1 5 469 49 3 2469 8 6 348 389 489 1 5 2 7 39 2359 1 2359 7 269 9 4 8 369 2489 248 7 \
             4689 24689 3 1 5 69 138 5 4 389 389 2 7 369 1369 23 7 23 1 5 6 8 2349 2349 1238 9 6 \
             348 3478 478 5 234 1234",
            &[41],
        );
        let step = direct_locked(&board, true).expect("a direct pointing");
        assert_eq!(step.technique, Technique::DirectPointing);
        assert_eq!(step.placements, [(6 * 9 + 7, 6)]);
        assert!(step.eliminations.is_empty(), "the placement only, as Sudoku Explainer");
        assert_eq!(
            step.describe(board.size()),
            "Direct Pointing: 6 in box 6 lies in column 9 (r5c9,r6c9), one place left in box 9 \
             => r7c8=6"
        );
        assert_eq!(direct_locked(&board_from_line(&".".repeat(81)), true), None);
    }

    #[test]
    fn direct_claiming_places_the_hidden_single_it_leaves() {
        // Row 1's 1 lies in box 1; row 2's 1 may go in box 1 or at r2c5 only: r2c5=1.
        let mut cells: Vec<(usize, &str)> = (3..9).map(|cell| (cell, "23456789")).collect();
        cells.extend([9 + 3, 9 + 5, 9 + 6, 9 + 7, 9 + 8].map(|cell| (cell, "23456789")));
        let board = board_with(&cells);
        let step = direct_locked(&board, false).expect("a direct claiming");
        assert_eq!(step.technique, Technique::DirectClaiming);
        assert_eq!(step.placements, [(9 + 4, 1)]);
        // Without 1 at r2c5 too, row 2's 1 lies in box 1 as well: no single is left.
        cells.push((9 + 4, "23456789"));
        assert_eq!(direct_locked(&board_with(&cells), false), None);
    }
}
