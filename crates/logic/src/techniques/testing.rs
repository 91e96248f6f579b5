//! Positions for the techniques' tests.

use std::sync::Arc;

use sudoku_core::constraint::parse_directive;
use sudoku_core::{Grid, Layout, Size, parse_one};

use crate::board::Board;

/// The board of a puzzle written on one line.
pub(crate) fn board_from_line(line: &str) -> Board {
    let puzzle = parse_one(line.as_bytes()).expect("a test puzzle reads");
    Board::new(&puzzle.grid)
}

/// A 9×9 board from pencil marks: 81 tokens separated by whitespace, row by row; a token of
/// one digit is a placed value, a longer one lists the cell's candidates. `single` lists the
/// cells whose one-digit token is a lone candidate rather than a placed value.
pub(crate) fn board_from_marks(marks: &str, single: &[usize]) -> Board {
    let tokens: Vec<&str> = marks.split_whitespace().collect();
    assert_eq!(tokens.len(), 81, "81 cells of pencil marks");
    let mut values = vec![0u8; 81];
    let mut candidates = vec![0u64; 81];
    for (cell, token) in tokens.iter().enumerate() {
        let digits: Vec<u8> = token.bytes().map(|b| b - b'0').collect();
        if digits.len() == 1 && !single.contains(&cell) {
            values[cell] = digits[0];
        } else {
            candidates[cell] = digits.iter().fold(0, |set, &d| set | 1 << (d - 1));
        }
    }
    Board::from_parts(Size::NINE, values, candidates)
}

/// A solved grid written on one line.
pub(crate) fn grid_from_line(line: &str) -> Grid {
    parse_one(line.as_bytes()).expect("a test grid reads").grid
}

/// A 9×9 board where every cell holds every candidate but the listed `(cell, marks)` (marks as
/// in [`board_from_marks`], every one-digit mark a placed value).
pub(crate) fn board_with(cells: &[(usize, &'static str)]) -> Board {
    let mut marks = vec!["123456789"; 81];
    for &(cell, mark) in cells {
        marks[cell] = mark;
    }
    board_from_marks(&marks.join(" "), &[])
}

/// A puzzle written on one line under the rules that `rules` say, one `#` line's words each
/// (`killer 15 r1c1 r1c2`, `thermo r1c1 r1c2 r1c3`), on the classic layout of its size.
pub(crate) fn variant_grid(line: &str, rules: &[&str]) -> Grid {
    let grid = grid_from_line(line);
    let constraints = rules
        .iter()
        .flat_map(|rule| parse_directive(rule).unwrap_or_else(|| panic!("a rule: {rule}")))
        .collect();
    let layout =
        Layout::classic(grid.size()).with_constraints(constraints).expect("rules that fit");
    grid.with_layout(Some(Arc::new(layout)))
}
