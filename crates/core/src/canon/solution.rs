//! The canonical form of a complete 9×9 solution grid, by a search that knows what a full
//! grid's first two rows look like.
//!
//! The general search of [`super`] places a row at a time and keeps every tie; for a full grid
//! the first row ties under every column order (relabelled, it is always `123456789`), so it
//! would carry 18 × 1,296 partial transformations into the second row. Here the first two rows
//! are settled together, in closed form, and the rest follows by sorting:
//!
//! - Choose the transposition, the first row and a second row of the same band (36 ways).
//!   Relabelling makes the first row `123456789` under every column order, so each value's label
//!   is the result position of the column holding it in the first row, and the second row's
//!   result is, column by column, the position of the first-row column with the same value.
//! - In a full grid the second row's box in a stack holds values of the first row's other two
//!   boxes: `a` of them from the next stack (cyclically) and `3 − a` from the one after, the
//!   same `a` for every stack. The second row's first box can only be made smallest by putting
//!   second the stack that gives it the most values, so the stack orders that do not are never
//!   tried; within a stack order every order of the second and third stack's columns is tried,
//!   the first stack's columns then sorted by the value they give (which is the only order
//!   that makes that box smallest), and only the second rows equal to the smallest are kept.
//! - With the columns and labels fixed, the third row is the band's remaining row, and the
//!   other two bands go in the order of their smallest rows, each band's rows sorted (the rows
//!   of a grid all differ, so this order is the only smallest one).
//!
//! Every transformation that gives the smallest string is one of the kept ones completed, and
//! each kept one has one completion, so the count of the ties is the automorphism count.

/// The side of the grids this search handles.
const SIDE: usize = 9;

/// The six orders of three things.
pub(super) const ORDERS: [[usize; 3]; 6] =
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// A row written as nine 4-bit values, the first in the high bits: comparing the numbers
/// compares the rows lexicographically.
type Row = u64;

/// A tie after the second row: which grid, which first two source rows, and the source column
/// of each result column.
#[derive(Clone, Copy)]
struct Kept {
    grid: u8,
    first: u8,
    second: u8,
    columns: [u8; SIDE],
}

/// Whether `cells` (81 values, row-major) is a complete 9×9 grid that breaks no rule: the
/// grids this search is for.
pub(super) fn is_solution(cells: &[u8]) -> bool {
    if cells.len() != SIDE * SIDE {
        return false;
    }
    let mut rows = [0u16; SIDE];
    let mut columns = [0u16; SIDE];
    let mut boxes = [0u16; SIDE];
    for (cell, &value) in cells.iter().enumerate() {
        if !(1..=9).contains(&value) {
            return false;
        }
        let (row, col) = (cell / SIDE, cell % SIDE);
        let bit = 1u16 << value;
        rows[row] |= bit;
        columns[col] |= bit;
        boxes[row / 3 * 3 + col / 3] |= bit;
    }
    let all = 0x3FE;
    rows.iter().chain(&columns).chain(&boxes).all(|&seen| seen == all)
}

/// The minlex form of the solution grid `cells` (which [`is_solution`] accepts) and the number
/// of its automorphisms.
pub(super) fn canonical(cells: &[u8]) -> ([u8; SIDE * SIDE], u64) {
    let mut grids = [[0u8; SIDE * SIDE]; 2];
    for row in 0..SIDE {
        for col in 0..SIDE {
            let value = cells[row * SIDE + col];
            grids[0][row * SIDE + col] = value;
            grids[1][col * SIDE + row] = value;
        }
    }
    let kept = second_rows(&grids);
    let mut best = [Row::MAX; SIDE - 2];
    let mut automorphisms = 0u64;
    for tie in &kept.ties {
        let rest = rest(&grids, tie);
        match rest.cmp(&best) {
            std::cmp::Ordering::Greater => {}
            std::cmp::Ordering::Equal => automorphisms += 1,
            std::cmp::Ordering::Less => {
                best = rest;
                automorphisms = 1;
            }
        }
    }
    let mut form = [0u8; SIDE * SIDE];
    for (col, cell) in form[..SIDE].iter_mut().enumerate() {
        *cell = col as u8 + 1;
    }
    for (row, key) in std::iter::once(kept.best).chain(best).enumerate() {
        for col in 0..SIDE {
            form[(row + 1) * SIDE + col] = ((key >> (4 * (SIDE - 1 - col))) & 0xF) as u8;
        }
    }
    (form, automorphisms)
}

/// The smallest second row and the transformations that give it.
struct SecondRows {
    best: Row,
    ties: Vec<Kept>,
}

/// The second row's source columns for each first-row column of the same band: `matching[c]`
/// is the column of the first row holding the value the second row has in column `c`.
fn matching(grid: &[u8; SIDE * SIDE], first: usize, second: usize) -> [usize; SIDE] {
    let mut column_of = [0usize; SIDE + 1];
    for col in 0..SIDE {
        column_of[usize::from(grid[first * SIDE + col])] = col;
    }
    std::array::from_fn(|col| column_of[usize::from(grid[second * SIDE + col])])
}

/// How many of the second row's values in stack 0 are in the first row's stack 1: `a` above.
fn forward(matching: &[usize; SIDE]) -> usize {
    matching[..3].iter().filter(|&&col| col / 3 == 1).count()
}

/// Every choice of grid, first two rows and columns whose second row is the smallest.
fn second_rows(grids: &[[u8; SIDE * SIDE]; 2]) -> SecondRows {
    // Each choice of grid and first two rows, its matching and its `a`.
    let mut choices = [(0u8, 0u8, 0u8, [0usize; SIDE], 0usize); 36];
    let mut count = 0;
    for (index, grid) in grids.iter().enumerate() {
        for first in 0..SIDE {
            for second in (first / 3 * 3..first / 3 * 3 + 3).filter(|&row| row != first) {
                let matching = matching(grid, first, second);
                let a = forward(&matching);
                choices[count] = (index as u8, first as u8, second as u8, matching, a);
                count += 1;
            }
        }
    }
    // The most values the second row's first box can take from the second stack.
    let most = choices.iter().map(|choice| choice.4.max(3 - choice.4)).max().unwrap_or(0);
    let mut out = SecondRows { best: Row::MAX, ties: Vec::new() };
    for &(grid, first, second, matching, a) in &choices {
        if a.max(3 - a) != most {
            continue;
        }
        for stacks in &ORDERS {
            // The second stack must be the next one cyclically when a gives the most.
            let next = (stacks[0] + 1) % 3 == stacks[1];
            if next != (a == most) {
                continue;
            }
            let tie = Kept { grid, first, second, columns: [0; SIDE] };
            orders(&matching, stacks, tie, &mut out);
        }
    }
    out
}

/// Tries the orders of the columns of the second and third stacks of `stacks` that can give
/// the smallest first box, the first stack's columns sorted, keeping the smallest second rows.
///
/// The first box is smallest when the first-stack columns' matches in the second stack take
/// its first slots and those in the third stack take its first slots, so the other orders are
/// skipped. When every match is in the second stack (a band whose second row's boxes are the
/// first row's shifted by a stack), the second box is smallest only when the matches of the
/// second stack's columns take the third stack's slots in the same order, which fixes it.
fn orders(matching: &[usize; SIDE], stacks: &[usize; 3], tie: Kept, out: &mut SecondRows) {
    // Which columns within the second and third stacks the first stack's columns match.
    let mut wanted = [0u8; 3];
    let mut wanted_count = [0usize; 3];
    for within in 0..3 {
        let to = matching[stacks[0] * 3 + within];
        let stack = if to / 3 == stacks[1] { 1 } else { 2 };
        wanted[stack] |= 1 << (to % 3);
        wanted_count[stack] += 1;
    }
    let leads = |order: &[usize; 3], stack: usize| {
        order[..wanted_count[stack]].iter().all(|&within| wanted[stack] & (1 << within) != 0)
    };
    let shifted = wanted_count[1] == 3;
    let mut position = [0usize; SIDE];
    let mut columns = [0usize; SIDE];
    for second in ORDERS.iter().filter(|order| leads(order, 1)) {
        for (slot, &within) in second.iter().enumerate() {
            let col = stacks[1] * 3 + within;
            position[col] = 3 + slot;
            columns[3 + slot] = col;
        }
        for third in ORDERS.iter().filter(|order| leads(order, 2)) {
            if shifted {
                let follows =
                    (0..3).all(|slot| matching[columns[3 + slot]] == stacks[2] * 3 + third[slot]);
                if !follows {
                    continue;
                }
            }
            for (slot, &within) in third.iter().enumerate() {
                let col = stacks[2] * 3 + within;
                position[col] = 6 + slot;
                columns[6 + slot] = col;
            }
            // The first box: each first-stack column gives the position of its match; sorted.
            let mut first_box: [(usize, usize); 3] = std::array::from_fn(|within| {
                let col = stacks[0] * 3 + within;
                (position[matching[col]], col)
            });
            first_box.sort_unstable();
            let head = pack(first_box.iter().map(|&(value, _)| value));
            if head > out.best >> 24 {
                continue;
            }
            for (slot, &(_, col)) in first_box.iter().enumerate() {
                position[col] = slot;
                columns[slot] = col;
            }
            let row = (head << 24) | pack(columns[3..].iter().map(|&col| position[matching[col]]));
            if row > out.best {
                continue;
            }
            if row < out.best {
                out.best = row;
                out.ties.clear();
            }
            let mut kept = tie;
            for (to, &from) in kept.columns.iter_mut().zip(&columns) {
                *to = from as u8;
            }
            out.ties.push(kept);
        }
    }
}

/// `values` (positions 0..9) as labels 1..=9 in 4-bit fields, the first in the high bits.
fn pack(values: impl Iterator<Item = usize>) -> Row {
    values.fold(0, |row, value| (row << 4) | (value as Row + 1))
}

/// Rows 3 to 9 of the smallest completion of `tie`.
fn rest(grids: &[[u8; SIDE * SIDE]; 2], tie: &Kept) -> [Row; SIDE - 2] {
    let grid = &grids[usize::from(tie.grid)];
    let (first, second) = (usize::from(tie.first), usize::from(tie.second));
    let mut labels = [0 as Row; SIDE + 1];
    for (slot, &col) in tie.columns.iter().enumerate() {
        labels[usize::from(grid[first * SIDE + usize::from(col)])] = slot as Row + 1;
    }
    let row_key = |row: usize| -> Row {
        tie.columns.iter().fold(0, |key, &col| {
            (key << 4) | labels[usize::from(grid[row * SIDE + usize::from(col)])]
        })
    };
    let band = first / 3;
    let third = band * 3 + 3 - (first % 3) - (second % 3);
    let sorted_band = |band: usize| -> [Row; 3] {
        let mut rows = [row_key(band * 3), row_key(band * 3 + 1), row_key(band * 3 + 2)];
        rows.sort_unstable();
        rows
    };
    let mut others = [sorted_band((band + 1) % 3), sorted_band((band + 2) % 3)];
    if others[1][0] < others[0][0] {
        others.swap(0, 1);
    }
    let mut out = [0; SIDE - 2];
    out[0] = row_key(third);
    out[1..4].copy_from_slice(&others[0]);
    out[4..].copy_from_slice(&others[1]);
    out
}
