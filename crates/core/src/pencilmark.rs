//! Pencilmark (sukaku) lines: every cell's candidates, `side` marks a cell (see
//! [`Format::Pencilmark`](crate::Format::Pencilmark)).

use crate::alphabet::Alphabet;
use crate::error::{Found, ReadErrorKind};
use crate::grid::Grid;
use crate::size::Size;

/// The side of a grid whose pencilmark line has `count` marks (`side³`), if one has.
pub(crate) fn side_of(count: usize) -> Option<usize> {
    let side = (1..=16).find(|side: &usize| side.pow(3) >= count)?;
    (side.pow(3) == count && Size::from_side(side).is_some()).then_some(side)
}

/// Each cell's candidates (bit `v - 1` for value `v`) from the marks of a grid of `size`, or
/// the index of the first bad mark and what is wrong with it. A mark is the symbol of its
/// place's value (`1-9A-G`, letters in either case) or a blank (`.` or `0`).
pub(crate) fn candidates(marks: &[u8], size: Size) -> Result<Vec<u64>, (usize, ReadErrorKind)> {
    let side = size.side();
    debug_assert_eq!(marks.len(), side * size.cells());
    let mut sets = vec![0u64; size.cells()];
    for (index, &mark) in marks.iter().enumerate() {
        let (cell, value) = (index / side, (index % side + 1) as u8);
        match mark {
            b'.' | b'0' => {}
            _ if Alphabet::FromOne.value_of(mark) == Some(value) => sets[cell] |= 1 << (value - 1),
            _ => {
                let symbol = Found(Alphabet::FromOne.symbol(value));
                let kind = ReadErrorKind::PencilmarkMark {
                    found: Found(mark),
                    value,
                    symbol,
                    cell: size.name(cell),
                };
                return Err((index, kind));
            }
        }
    }
    Ok(sets)
}

/// The pencilmark line of `grid`, with its newline: a given's value alone, an empty cell's
/// starting candidates (its layout's, or every value).
pub(crate) fn line(grid: &Grid) -> String {
    let side = grid.size().side();
    let all = u64::MAX >> (64 - side);
    let starting = grid.layout().and_then(|layout| layout.candidates());
    let mut text = String::with_capacity(side * grid.size().cells() + 1);
    for (cell, &value) in grid.cells().iter().enumerate() {
        let set = match value {
            0 => starting.map_or(all, |sets| sets[cell]),
            value => 1 << (value - 1),
        };
        for v in 1..=side as u8 {
            let mark = if set & (1 << (v - 1)) != 0 { Alphabet::FromOne.symbol(v) } else { b'.' };
            text.push(char::from(mark));
        }
    }
    text.push('\n');
    text
}
