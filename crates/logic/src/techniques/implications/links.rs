//! The links between candidates, read off the pencil marks: what a candidate being true turns
//! off (the other candidates of its cell, a "Y" link; its value elsewhere in its houses, an
//! "X" link) and what a candidate being false turns on (the other candidate of a two-candidate
//! cell; the other place of a value with two places in a house).

use std::cell::RefCell;

use super::cands::{CANDIDATES, Cands, cand_of, cell_value};
use super::marks::{Marks, cells_of, house_cells, houses_of, index_in, two};
use super::spare;

/// The candidates that go off when candidate `c` is on, in visiting order (the cell's other
/// values if `y`, then the value's other places in box, row and column), each once.
pub(super) fn on_to_off(grid: &Marks, c: usize, y: bool, out: &mut Vec<usize>) {
    out.clear();
    let (cell, value) = cell_value(c);
    if y {
        let mut others = grid.cells[cell] & !(1 << (value - 1));
        while others != 0 {
            out.push(cand_of(cell, others.trailing_zeros() as u8 + 1));
            others &= others - 1;
        }
    }
    // The cell itself, and in its row and column the three cells its box gave already: by
    // their index in each house (a row's cells by column, a column's by row).
    let [in_box, column, row] = index_in(cell);
    let taken = [1u16 << in_box, 0b111 << (column / 3 * 3), 0b111 << (row / 3 * 3)];
    for (house, taken) in houses_of(cell).into_iter().zip(taken) {
        let cells = house_cells(house);
        let mut places = grid.places(house, value) & !taken;
        while places != 0 {
            let peer = usize::from(cells[places.trailing_zeros() as usize]);
            places &= places - 1;
            out.push(cand_of(peer, value));
        }
    }
}

/// The most parents a candidate turned on can have: the one turned off, and the eight others
/// of its cell or house that went before (in a dynamic chain).
pub(super) const MAX_PARENTS: usize = 9;

/// A candidate turned on by one turned off, with the candidates whose being off it needs (the
/// one turned off first).
#[derive(Clone, Copy)]
pub(super) struct OnLink {
    pub(super) cand: usize,
    parents: [u16; MAX_PARENTS],
    count: u8,
}

impl OnLink {
    /// The off candidates this link rests on, the cause first.
    pub(super) fn parents(&self) -> &[u16] {
        &self.parents[..usize::from(self.count)]
    }

    fn new(cand: usize, cause: usize) -> OnLink {
        let mut parents = [0; MAX_PARENTS];
        parents[0] = cause as u16;
        OnLink { cand, parents, count: 1 }
    }

    fn hidden(&mut self, c: usize) {
        self.parents[usize::from(self.count)] = c as u16;
        self.count += 1;
    }
}

/// The candidates that go on when candidate `c` (still in `grid`) is off: by its cell if `y`,
/// by its box, row and column if `x`, each once (the first derivation kept). In a dynamic
/// chain, `grid` is `source` less the candidates turned off so far, and each link also rests
/// on those of them that emptied its cell or house ("hidden" parents).
pub(super) fn off_to_on(
    grid: &Marks,
    source: &Marks,
    c: usize,
    y: bool,
    x: bool,
    out: &mut Vec<OnLink>,
) {
    out.clear();
    let (cell, value) = cell_value(c);
    if y && two(grid.cells[cell]) {
        let other = (grid.cells[cell] & !(1 << (value - 1))).trailing_zeros() as u8 + 1;
        let mut link = OnLink::new(cand_of(cell, other), c);
        let mut gone = source.cells[cell] & !grid.cells[cell];
        while gone != 0 {
            link.hidden(cand_of(cell, gone.trailing_zeros() as u8 + 1));
            gone &= gone - 1;
        }
        out.push(link);
    }
    if x {
        for (house, index) in houses_of(cell).into_iter().zip(index_in(cell)) {
            let places = grid.places(house, value);
            if !two(places) {
                continue;
            }
            // The other place: the lower of the two, should `c` be gone from `grid` already.
            let cells = house_cells(house);
            let other = usize::from(cells[(places & !(1 << index)).trailing_zeros() as usize]);
            let target = cand_of(other, value);
            if out.iter().any(|link| link.cand == target) {
                continue;
            }
            let mut link = OnLink::new(target, c);
            let mut gone = source.places(house, value) & !places;
            while gone != 0 {
                link.hidden(cand_of(usize::from(cells[gone.trailing_zeros() as usize]), value));
                gone &= gone - 1;
            }
            out.push(link);
        }
    }
}

/// The candidates that go on when candidate `c` (in `grid`) is off, on a board no walk
/// reduces: [`off_to_on`]'s, in its order, without the parents a static walk does not keep
/// (each node there remembers only the one it came from). The static walks of every nested
/// search follow these links, so they are read without building a link for each.
pub(super) fn off_to_on_static(grid: &Marks, c: usize, y: bool, x: bool, out: &mut Vec<usize>) {
    out.clear();
    let (cell, value) = cell_value(c);
    let bit = 1u16 << (value - 1);
    if y && two(grid.cells[cell]) {
        out.push(cand_of(cell, (grid.cells[cell] & !bit).trailing_zeros() as u8 + 1));
    }
    if x {
        for (house, index) in houses_of(cell).into_iter().zip(index_in(cell)) {
            let places = grid.places(house, value);
            if !two(places) {
                continue;
            }
            let other = house_cells(house)[(places & !(1 << index)).trailing_zeros() as usize];
            let target = cand_of(usize::from(other), value);
            if !out.contains(&target) {
                out.push(target);
            }
        }
    }
}

/// Where a candidate's links lie in [`Links::targets`]: those by its cell from `start`, those
/// by its houses from `split`, up to `end`.
#[derive(Clone, Copy, Default)]
struct Span {
    start: u32,
    split: u32,
    end: u32,
}

/// The links of every candidate of one board, read off it once: what each candidate on turns
/// off ([`on_to_off`]) and what each off turns on ([`off_to_on_static`]), by its cell first,
/// then by its houses. The static walks of one search all read the same board, and each
/// follows the links of hundreds of nodes: read once a candidate, they are a slice away.
pub(super) struct Links {
    offs: Vec<Span>,
    ons: Vec<Span>,
    targets: Vec<u16>,
    /// The candidates whose spans were set: the others' are empty.
    read: Cands,
}

/// The tables of a [`Links`]: its spans, every one empty, and its targets.
type Tables = (Vec<Span>, Vec<Span>, Vec<u16>);

thread_local! {
    /// The tables of links dropped, for the next board's: a nested search reads the links of
    /// every board it searches.
    static SPARE: RefCell<Vec<Tables>> = const { RefCell::new(Vec::new()) };
}

impl Drop for Links {
    fn drop(&mut self) {
        // The spans set emptied again, rather than every span of the next board's: a board's
        // links are read for a few of its candidates.
        for c in self.read.iter() {
            self.offs[c] = Span::default();
            self.ons[c] = Span::default();
        }
        let tables = (
            std::mem::take(&mut self.offs),
            std::mem::take(&mut self.ons),
            std::mem::take(&mut self.targets),
        );
        spare::give(&SPARE, tables, 8);
    }
}

impl Links {
    /// The links of `grid`'s candidates in `wanted` (none for the others, nor for a
    /// candidate `grid` lacks). A static walk reads what a candidate on turns off only for its
    /// start and the candidates it turns on, and what one off turns on only where there is a
    /// link to read: both among a graph's nodes (candidates with a strong link) and its start,
    /// a small part of the board's candidates.
    pub(super) fn of(grid: &Marks, wanted: &Cands) -> Links {
        let (offs, ons, targets) = spare::take(&SPARE, || {
            let spans = || vec![Span::default(); CANDIDATES];
            (spans(), spans(), Vec::with_capacity(8 * CANDIDATES))
        });
        let mut links = Links { offs, ons, targets, read: *wanted };
        links.targets.clear();
        let mut out = Vec::with_capacity(32);
        for c in wanted.iter() {
            let (cell, value) = cell_value(c);
            if !grid.has(cell, value) {
                continue;
            }
            let targets = &mut links.targets;
            on_to_off(grid, c, true, &mut out);
            let start = targets.len() as u32;
            targets.extend(out.iter().map(|&off| off as u16));
            let split = start + grid.count(cell) - 1;
            links.offs[c] = Span { start, split, end: targets.len() as u32 };
            off_to_on_static(grid, c, true, true, &mut out);
            let start = targets.len() as u32;
            targets.extend(out.iter().map(|&on| on as u16));
            let split = start + u32::from(two(grid.cells[cell]));
            links.ons[c] = Span { start, split, end: targets.len() as u32 };
        }
        links
    }

    /// The candidates whose places in `span` are taken with links by the cell if `y`, by the
    /// houses if `x`.
    #[inline]
    fn slice(&self, span: Span, y: bool, x: bool) -> &[u16] {
        let start = if y { span.start } else { span.split };
        let end = if x { span.end } else { span.split };
        &self.targets[start as usize..end as usize]
    }

    /// The candidates that go off when candidate `c` is on: [`on_to_off`]'s.
    #[inline]
    pub(super) fn offs(&self, c: usize, y: bool) -> &[u16] {
        self.slice(self.offs[c], y, true)
    }

    /// The candidates that go on when candidate `c` is off: [`off_to_on_static`]'s.
    #[inline]
    pub(super) fn ons(&self, c: usize, y: bool, x: bool) -> &[u16] {
        self.slice(self.ons[c], y, x)
    }
}

/// What a candidate turned on in a chain needed gone, as Sudoku Explainer reads a nested
/// chain: the rest of its cell (a naked single), or its value's other places in the one house
/// that left it the last place (a hidden single).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::techniques) enum Need {
    Cell(usize),
    Place(usize, u8),
}

/// What candidate `on` needed gone when candidate `off` turned it on, on a board that was
/// `source` less the candidates `hidden` (those the link also rests on): the cell if both are
/// in one cell, else the first house of `off`'s (box, row, column, the order links are read
/// in) that holds `on` and where the value had those two places left.
pub(super) fn need(source: &Marks, off: usize, on: usize, hidden: &[u16]) -> Need {
    let (from, _) = cell_value(off);
    let (cell, value) = cell_value(on);
    if from == cell {
        return Need::Cell(cell);
    }
    let shared = houses_of(from).into_iter().filter(|&house| cells_of(house).contains(&cell));
    let mut first = None;
    'houses: for house in shared {
        first.get_or_insert(house);
        let cells = cells_of(house);
        let mut left = source.places(house, value);
        for &gone in hidden {
            match cells.iter().position(|&other| other == cell_value(usize::from(gone)).0) {
                Some(i) => left &= !(1 << i),
                None => continue 'houses,
            }
        }
        if left.count_ones() == 2 {
            return Need::Place(house, value);
        }
    }
    Need::Place(first.expect("an X link joins cells of one house"), value)
}

/// What candidate `off`, turned off by candidate `on`, needs gone when a cycle through them is
/// read the other way round (where `off` is on and turns `on` off): its cell if both are in
/// one cell, else its value's places in the first house (box, row, column) holding both.
pub(super) fn need_back(on: usize, off: usize) -> Need {
    let (from, _) = cell_value(on);
    let (cell, value) = cell_value(off);
    if from == cell {
        return Need::Cell(cell);
    }
    let house = houses_of(from).into_iter().find(|&house| cells_of(house).contains(&cell));
    Need::Place(house.expect("an X link joins cells of one house"), value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_from_line;

    #[test]
    fn a_candidate_on_turns_off_its_cell_then_its_value_in_box_row_and_column_once_each() {
        let board = board_from_line(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let grid = Marks::of(&board).expect("9×9");
        let mut out = Vec::new();
        for c in (0..729).filter(|&c| grid.has(c / 9, (c % 9) as u8 + 1)) {
            let (cell, value) = cell_value(c);
            for y in [false, true] {
                // The links read cell by cell, in the order they are visited.
                let mut expected: Vec<usize> = Vec::new();
                if y {
                    expected.extend(
                        (1..=9u8)
                            .filter(|&v| v != value && grid.has(cell, v))
                            .map(|v| cand_of(cell, v)),
                    );
                }
                for house in houses_of(cell) {
                    for peer in cells_of(house) {
                        let target = cand_of(peer, value);
                        if peer != cell && grid.has(peer, value) && !expected.contains(&target) {
                            expected.push(target);
                        }
                    }
                }
                on_to_off(&grid, c, y, &mut out);
                assert_eq!(out, expected, "{c}, y {y}");
            }
        }
    }

    #[test]
    fn a_boards_links_read_once_are_those_read_candidate_by_candidate() {
        let board = board_from_line(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let mut grid = Marks::of(&board).expect("9×9");
        // A board a walk reduced, so that some cells and houses have two candidates left.
        let cells: Vec<usize> = (0..81).step_by(4).filter(|&cell| grid.count(cell) > 2).collect();
        for cell in cells {
            let value = (1..=9u8).find(|&v| grid.has(cell, v)).expect("a candidate");
            grid.remove(cell, value);
        }
        let links = Links::of(&grid, &Cands::of_cells(&grid.cells));
        let (mut offs, mut ons, mut lean) = (Vec::new(), Vec::new(), Vec::new());
        let mut some = [0; 3];
        for c in (0..729).filter(|&c| grid.has(c / 9, (c % 9) as u8 + 1)) {
            for (kinds, (y, x)) in
                [(false, true), (true, false), (true, true)].into_iter().enumerate()
            {
                off_to_on(&grid, &grid, c, y, x, &mut ons);
                let expected: Vec<usize> = ons.iter().map(|link| link.cand).collect();
                off_to_on_static(&grid, c, y, x, &mut lean);
                assert_eq!(lean, expected, "{c} off, y {y}, x {x}");
                let read: Vec<usize> = links.ons(c, y, x).iter().map(|&t| usize::from(t)).collect();
                assert_eq!(read, expected, "{c} off, y {y}, x {x}, read once");
                some[kinds] += usize::from(!expected.is_empty());
            }
            for y in [false, true] {
                on_to_off(&grid, c, y, &mut offs);
                let read: Vec<usize> = links.offs(c, y).iter().map(|&t| usize::from(t)).collect();
                assert_eq!(read, offs, "{c} on, y {y}");
            }
        }
        // Links of every kind were there to compare.
        assert!(some.iter().all(|&count| count > 0), "{some:?}");
    }
}
