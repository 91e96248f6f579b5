//! The pattern-first form of a 9×9 puzzle in two stages: the clue pattern alone first, on bit
//! masks, then the values, only among the transformations that tie on the pattern.
//!
//! The pattern of a row is nine bits, and under a fixed stack order the smallest pattern a row
//! can take splits into its three stacks: each stack's three bits take the smallest of the
//! arrangements its allowed column orders give, independently of the others. So a partial
//! transformation is kept as the transposition, the source rows placed, the stack order, and
//! for each result stack the set of its six column orders that have kept every row placed so
//! far smallest. Placing a row is then three lookups in [`TRIPLETS`] (smallest arrangement and
//! the orders that reach it) and one comparison of nine-bit numbers; no cell is visited. Every
//! transformation that gives the smallest pattern is one kept tie with one of its allowed
//! column orders, each once, so the value stage can try them all and count the ties that give
//! the smallest string: that count is the automorphism count.
//!
//! The stack order is chosen with the first row: every order that gives the first row its
//! smallest pattern starts a tie of its own, and the first row's candidates are the source rows
//! whose smallest arrangement ([`SMALLEST_ROWS`]) is the smallest of all.
//!
//! The lists of ties are kept from one puzzle to the next, so nothing is allocated per puzzle.
//! A grid whose pattern ties under more than [`MAX_TIES`] partial or [`MAX_TRIES`] complete
//! transformations (a nearly empty grid, a very symmetric one) is left to the row-by-row search
//! of [`super`], which keeps free columns as unordered sets instead of trying their orders one
//! by one: [`canonical`] returns `None` for it.

use std::cell::RefCell;

use super::solution::ORDERS;

/// The side of the grids this search handles.
const SIDE: usize = 9;

/// The most ties on the pattern kept after a row; a grid with more goes to the general search.
const MAX_TIES: usize = 256;

/// The most complete transformations the value stage tries; a grid with more goes to the
/// general search.
const MAX_TRIES: usize = 4096;

/// For a stack's three pattern bits (its first column the highest) and a set of allowed column
/// orders (bit `i` for [`ORDERS`]`[i]`): the smallest three bits an allowed order gives, and
/// the set of the allowed orders that give them.
static TRIPLETS: [[(u8, u8); 64]; 8] = triplets();

/// Builds [`TRIPLETS`] by trying every allowed order.
const fn triplets() -> [[(u8, u8); 64]; 8] {
    let mut table = [[(0u8, 0u8); 64]; 8];
    let mut bits = 0;
    while bits < 8 {
        let mut allowed = 1;
        while allowed < 64 {
            let mut smallest = u8::MAX;
            let mut reaching = 0u8;
            let mut order = 0;
            while order < 6 {
                if allowed & (1 << order) != 0 {
                    // Result column `slot` of the stack comes from its column ORDERS[order][slot].
                    let mut placed = 0u8;
                    let mut slot = 0;
                    while slot < 3 {
                        let bit = (bits >> (2 - ORDERS[order][slot])) & 1;
                        placed |= (bit as u8) << (2 - slot);
                        slot += 1;
                    }
                    if placed < smallest {
                        smallest = placed;
                        reaching = 0;
                    }
                    if placed == smallest {
                        reaching |= 1 << order;
                    }
                }
                order += 1;
            }
            table[bits][allowed] = (smallest, reaching);
            allowed += 1;
        }
        bits += 1;
    }
    table
}

/// For each row pattern (nine bits, the first column highest): the smallest pattern any stack
/// order and column orders give it, so that the first row's candidates are picked before any
/// stack order is tried.
static SMALLEST_ROWS: [u16; 512] = smallest_rows();

/// Builds [`SMALLEST_ROWS`] from [`TRIPLETS`], trying the six stack orders.
const fn smallest_rows() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut smallest = u16::MAX;
        let mut stacks = 0;
        while stacks < 6 {
            let key = arranged(pattern as u16, shifts(stacks), [63; 3]).0;
            if key < smallest {
                smallest = key;
            }
            stacks += 1;
        }
        table[pattern] = smallest;
        pattern += 1;
    }
    table
}

/// How far the bits of each result stack's source stack lie from the low end of a row pattern
/// under stack order `ORDERS[stacks]`.
const fn shifts(stacks: usize) -> [u8; 3] {
    let mut shifts = [0; 3];
    let mut stack = 0;
    while stack < 3 {
        shifts[stack] = (6 - 3 * ORDERS[stacks][stack]) as u8;
        stack += 1;
    }
    shifts
}

/// The smallest arrangement of the row pattern `pattern` with its stacks taken at `shifts` (see
/// [`shifts`]) and the column orders `allowed` of each result stack, and the column orders that
/// give it.
const fn arranged(pattern: u16, shifts: [u8; 3], allowed: [u8; 3]) -> (u16, [u8; 3]) {
    let mut key = 0u16;
    let mut reaching = [0u8; 3];
    let mut stack = 0;
    while stack < 3 {
        let bits = (pattern >> shifts[stack]) & 7;
        let (smallest, orders) = TRIPLETS[bits as usize][allowed[stack] as usize];
        key = key << 3 | smallest as u16;
        reaching[stack] = orders;
        stack += 1;
    }
    (key, reaching)
}

/// A transformation that ties on the pattern of the rows placed so far.
#[derive(Clone, Copy)]
struct Tie {
    /// Which of the two grids (as read, transposed) the rows come from.
    grid: u8,
    /// The stack order: result stack `k` comes from source stack `ORDERS[stacks][k]`.
    stacks: u8,
    /// The stack order as [`shifts`] gives it, read off without a table.
    shifts: [u8; 3],
    /// For each result stack, the column orders still allowed (bit `i` for `ORDERS[i]`).
    columns: [u8; 3],
    /// The source rows of the band being filled, the source rows used, and the source rows of
    /// the bands used.
    band_rows: u16,
    used_rows: u16,
    used_bands: u16,
    /// The source row of each result row placed, four bits each, the first row lowest.
    rows: u64,
}

impl Tie {
    /// The first row's tie: source row `source` of grid `grid` under stack order `stacks`.
    fn first(grid: usize, source: usize, stacks: usize, columns: [u8; 3]) -> Tie {
        let band_rows = 7 << (source / 3 * 3);
        Tie {
            grid: grid as u8,
            stacks: stacks as u8,
            shifts: shifts(stacks),
            columns,
            band_rows,
            used_rows: 1 << source,
            used_bands: band_rows,
            rows: source as u64,
        }
    }

    /// The source row of result row `row`.
    fn row(&self, row: usize) -> usize {
        (self.rows >> (4 * row) & 15) as usize
    }

    /// The smallest arrangement of source row pattern `pattern` as the next row, and the column
    /// orders that give it; `None` as soon as a stack shows it larger than `best`. Most rows
    /// tried are cut on their first stack, so this is [`arranged`] with a test after each stack.
    fn arrange(&self, pattern: u16, best: u16) -> Option<(u16, [u8; 3])> {
        let mut key = 0u16;
        let mut columns = [0u8; 3];
        for stack in 0..3 {
            let bits = pattern >> self.shifts[stack] & 7;
            let (smallest, reaching) =
                TRIPLETS[usize::from(bits)][usize::from(self.columns[stack])];
            key = key << 3 | u16::from(smallest);
            if key > best >> (6 - 3 * stack) {
                return None;
            }
            columns[stack] = reaching;
        }
        Some((key, columns))
    }
}

std::thread_local! {
    /// The ties of the row placed and of the row being placed, kept from one puzzle to the next
    /// so that nothing is allocated per puzzle.
    static LISTS: RefCell<[Vec<Tie>; 2]> =
        RefCell::new([Vec::with_capacity(MAX_TIES), Vec::with_capacity(MAX_TIES)]);
}

/// The pattern-first form of the 9×9 grid `cells` and its automorphism count, or `None` when
/// its pattern ties under too many transformations for this search.
pub(super) fn canonical(cells: &[u8]) -> Option<([u8; SIDE * SIDE], u64)> {
    debug_assert_eq!(cells.len(), SIDE * SIDE);
    // Each row's and column's pattern, its first cell the highest bit, so that comparing two
    // patterns as numbers compares them as strings (an empty cell before a given).
    let mut patterns = [[0u16; SIDE]; 2];
    for (cell, &value) in cells.iter().enumerate() {
        if value != 0 {
            let (row, col) = (cell / SIDE, cell % SIDE);
            patterns[0][row] |= 1 << (8 - col);
            patterns[1][col] |= 1 << (8 - row);
        }
    }
    LISTS.with(|lists| {
        let [current, next] = &mut *lists.borrow_mut();
        let form = place_rows(&patterns, current, next)?;
        best_values(cells, current, &form)
    })
}

/// Places the nine rows on the patterns alone; leaves the ties in `current` and returns the
/// smallest pattern of each row, or `None` when a row has more than [`MAX_TIES`] ties.
fn place_rows(
    patterns: &[[u16; SIDE]; 2],
    current: &mut Vec<Tie>,
    next: &mut Vec<Tie>,
) -> Option<[u16; SIDE]> {
    let mut form = [0u16; SIDE];
    // The first row: the source rows whose smallest arrangement is the smallest of all, under
    // each stack order that gives it.
    let smallest = |grid: usize| patterns[grid].iter().map(|&row| SMALLEST_ROWS[usize::from(row)]);
    let best = smallest(0).chain(smallest(1)).min().unwrap_or(0);
    form[0] = best;
    current.clear();
    for (grid, rows) in patterns.iter().enumerate() {
        for (source, &pattern) in rows.iter().enumerate() {
            if SMALLEST_ROWS[usize::from(pattern)] != best {
                continue;
            }
            for stacks in 0..ORDERS.len() {
                let (key, columns) = arranged(pattern, shifts(stacks), [63; 3]);
                if key != best {
                    continue;
                }
                if current.len() == MAX_TIES {
                    return None;
                }
                current.push(Tie::first(grid, source, stacks, columns));
            }
        }
    }
    let all_rows = (1u16 << SIDE) - 1;
    for (row, form_row) in form.iter_mut().enumerate().skip(1) {
        let mut best = u16::MAX;
        let mut overflow = false;
        let band_start = row % 3 == 0;
        next.clear();
        for tie in current.iter() {
            // A band's first row may come from any band not used yet, the others from the
            // band being filled.
            let mut sources = if band_start {
                all_rows & !tie.used_bands
            } else {
                tie.band_rows & !tie.used_rows
            };
            let patterns = &patterns[usize::from(tie.grid)];
            while sources != 0 {
                let source = sources.trailing_zeros() as usize;
                sources &= sources - 1;
                let Some((key, columns)) = tie.arrange(patterns[source], best) else {
                    continue;
                };
                if key < best {
                    best = key;
                    next.clear();
                    overflow = false;
                }
                if next.len() == MAX_TIES {
                    overflow = true;
                    continue;
                }
                let mut placed = *tie;
                placed.columns = columns;
                placed.rows |= (source as u64) << (4 * row);
                placed.used_rows |= 1 << source;
                if band_start {
                    placed.band_rows = 7 << (source / 3 * 3);
                    placed.used_bands |= placed.band_rows;
                }
                next.push(placed);
            }
        }
        if overflow {
            return None;
        }
        *form_row = best;
        std::mem::swap(current, next);
    }
    Some(form)
}

/// Tries every column order each tie allows, relabelled, and keeps the smallest string and how
/// many transformations give it; `None` when there are more than [`MAX_TRIES`] to try.
fn best_values(cells: &[u8], ties: &[Tie], form: &[u16; SIDE]) -> Option<([u8; SIDE * SIDE], u64)> {
    let tries: usize = ties
        .iter()
        .map(|tie| {
            tie.columns.iter().map(|allowed| allowed.count_ones() as usize).product::<usize>()
        })
        .sum();
    if tries > MAX_TRIES {
        return None;
    }
    // Every tie gives the same pattern, so only the givens' cells are compared, in order.
    let mut places = [(0u8, 0u8); SIDE * SIDE];
    let mut givens = 0;
    for (row, &pattern) in form.iter().enumerate() {
        let mut bits = pattern;
        while bits != 0 {
            let high = 15 - bits.leading_zeros() as usize;
            bits &= !(1 << high);
            places[givens] = (row as u8, (8 - high) as u8);
            givens += 1;
        }
    }
    let places = &places[..givens];
    let mut best = [u8::MAX; SIDE * SIDE];
    let mut automorphisms = 0u64;
    for tie in ties {
        // A source cell's index is its row times `down` plus its column times `across`: the
        // transposed grid is read in place.
        let (down, across) = if tie.grid == 0 { (SIDE, 1) } else { (1, SIDE) };
        let mut rows = [0usize; SIDE];
        for (row, start) in rows.iter_mut().enumerate() {
            *start = tie.row(row) * down;
        }
        let stacks = &ORDERS[usize::from(tie.stacks)];
        // The offset of each result column's source column, a stack at a time.
        let mut columns = [0usize; SIDE];
        for first in orders(tie.columns[0]) {
            set_stack(&mut columns, 0, stacks[0], first, across);
            for second in orders(tie.columns[1]) {
                set_stack(&mut columns, 1, stacks[1], second, across);
                for third in orders(tie.columns[2]) {
                    set_stack(&mut columns, 2, stacks[2], third, across);
                    let mut labels = [0u8; SIDE + 1];
                    let mut next = 1;
                    let mut smaller = false;
                    let mut larger = false;
                    for (at, &(row, col)) in places.iter().enumerate() {
                        let value =
                            usize::from(cells[rows[usize::from(row)] + columns[usize::from(col)]]);
                        if labels[value] == 0 {
                            labels[value] = next;
                            next += 1;
                        }
                        let label = labels[value];
                        if !smaller {
                            if label > best[at] {
                                larger = true;
                                break;
                            }
                            smaller = label < best[at];
                        }
                        if smaller {
                            best[at] = label;
                        }
                    }
                    if larger {
                        continue;
                    }
                    if smaller {
                        automorphisms = 0;
                    }
                    automorphisms += 1;
                }
            }
        }
    }
    let mut result = [0u8; SIDE * SIDE];
    for (&(row, col), &label) in places.iter().zip(&best) {
        result[usize::from(row) * SIDE + usize::from(col)] = label;
    }
    Some((result, automorphisms))
}

/// The column orders in the set `allowed`, as indices into [`ORDERS`].
fn orders(allowed: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |order| allowed & (1 << order) != 0)
}

/// Sets the offsets of the source columns of result stack `stack`: source stack `from`, its
/// columns in `ORDERS[order]`, each `across` apart.
fn set_stack(columns: &mut [usize; SIDE], stack: usize, from: usize, order: usize, across: usize) {
    for (slot, &col) in ORDERS[order].iter().enumerate() {
        columns[stack * 3 + slot] = (from * 3 + col) * across;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::{Convention, searched};
    use crate::grid::Grid;
    use crate::size::Size;
    use crate::symmetry::Symmetry;

    fn nine(line: &str) -> Grid {
        crate::parse_one(line.as_bytes()).expect("a valid puzzle").grid
    }

    /// Puzzles whose patterns tie under a few transformations: a 17-clue puzzle, and three
    /// with two automorphisms each, which the ties' count must add up to.
    const PUZZLES: [&str; 4] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "......79...3.1984...........8...3...........7.32.4.6....................6.9...1..",
        "...8..........7..3........4.7...9...6....4....3...8...2.7..6.....9........394...7",
        ".14.........5..7....81....4...9...1.3.....5.8..9....2.5..4...8..........8.6......",
    ];

    #[test]
    fn the_pattern_stage_finds_the_form_and_automorphisms_the_row_search_finds() {
        let mut symmetric = 0;
        for line in PUZZLES {
            let puzzle = nine(line);
            for seed in 0..40 {
                let image = Symmetry::from_seed(Size::NINE, seed).apply(&puzzle);
                let (form, automorphisms) = canonical(image.cells()).expect("few ties");
                let general = searched(&image, Convention::PatternFirst);
                assert_eq!(&form[..], general.form.cells(), "{line} {seed}");
                assert_eq!(automorphisms, general.automorphisms, "{line} {seed}");
                symmetric += usize::from(automorphisms > 1);
            }
        }
        assert_eq!(symmetric, 120);
    }

    #[test]
    fn grids_whose_patterns_tie_too_often_are_left_to_the_row_search() {
        assert!(canonical(&[0; SIDE * SIDE]).is_none());
        let mut one = [0; SIDE * SIDE];
        one[40] = 5;
        assert!(canonical(&one).is_none());
        // The general entry point still answers them, as the row search does.
        let one = Grid::from_cells(Size::NINE, &one).expect("a valid grid");
        let answer = crate::canon::canonical(&one, Convention::PatternFirst).expect("9×9");
        assert_eq!(answer, searched(&one, Convention::PatternFirst));
        assert_eq!(answer.form.cells()[80], 1);
    }

    #[test]
    fn the_smallest_row_puts_the_emptiest_stacks_first_and_each_stacks_givens_last() {
        for pattern in 0..512u16 {
            let mut counts: Vec<u32> =
                (0..3).map(|stack| (pattern >> (6 - 3 * stack) & 7).count_ones()).collect();
            counts.sort_unstable();
            let expected = counts.iter().fold(0, |row, &count| row << 3 | ((1 << count) - 1));
            assert_eq!(SMALLEST_ROWS[usize::from(pattern)], expected, "{pattern:09b}");
        }
    }
}
