//! The houses of a grid as tables: which cells make up each house, which houses hold each
//! cell, which cells see each other. The tables are the core's [`Units`], with the peers in
//! increasing order, which the techniques' search follows. A classic grid's tables are built
//! once per size and kept for the life of the process; a layout's are built for its grids
//! (and the last ones kept, as a file's puzzles mostly share one layout).

use std::cell::RefCell;
use std::ops::{Deref, Range};
use std::sync::{Arc, OnceLock};

use sudoku_core::{Grid, House, Layout, Size, Units};

use crate::budget;
use crate::rules::Rules;

/// The houses of one size or layout. Houses are numbered rows first (`0..side`), then columns
/// (`side..2·side`), then boxes or irregular regions (`2·side..3·side`), then the complete
/// houses a layout adds (its diagonals, windows, disjoint groups and extra groups of `side`
/// cells), each listing its cells row-major. What else a layout says must differ (a knight's
/// or king's move, a group smaller than the side) is in the peers only.
pub(crate) struct Houses {
    /// The size these tables describe.
    pub(crate) size: Size,
    /// Cells in a house, and values: `n²`.
    pub(crate) side: usize,
    /// Cells in the grid: `n⁴`.
    pub(crate) cells: usize,
    /// The candidate set holding every value.
    pub(crate) all_values: u64,
    /// The cells of each house, the houses of each cell.
    units: Units,
    /// The cells that may not share a value with each cell (its houses' and those its layout
    /// pairs it with), itself excluded, in increasing order (the core lists them by unit):
    /// the order in which the techniques meet them.
    peers: Vec<Vec<u16>>,
    /// The layout the tables are for; `None` for a classic grid.
    layout: Option<Arc<Layout>>,
    /// The layout's rules with numbers and lines, if it has any.
    rules: Option<Rules>,
}

/// The tables a board reads: a classic size's, kept for the life of the process, or a
/// layout's, shared by the boards of its grids.
#[derive(Clone)]
pub(crate) enum Tables {
    /// A classic grid's.
    Classic(&'static Houses),
    /// A layout's.
    Layout(Arc<Houses>),
}

impl Deref for Tables {
    type Target = Houses;

    #[inline]
    fn deref(&self) -> &Houses {
        match self {
            Tables::Classic(houses) => houses,
            Tables::Layout(houses) => houses,
        }
    }
}

impl Tables {
    /// The tables of `grid`'s size and layout.
    pub(crate) fn of(grid: &Grid) -> Tables {
        match grid.layout() {
            None => Tables::Classic(Houses::of(grid.size())),
            Some(layout) => Tables::Layout(Houses::of_layout(layout)),
        }
    }
}

impl Houses {
    /// The tables of `size`'s classic grids, built on first use.
    pub(crate) fn of(size: Size) -> &'static Houses {
        static TABLES: [OnceLock<Houses>; Size::SHAPES] = [const { OnceLock::new() }; Size::SHAPES];
        TABLES[size.shape_index()].get_or_init(|| Houses::build(size, None))
    }

    /// The tables of `layout`: the last ones this thread built if they are for it, else new.
    fn of_layout(layout: &Arc<Layout>) -> Arc<Houses> {
        thread_local! {
            static LAST: RefCell<Option<Arc<Houses>>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(houses) if houses.layout.as_ref().is_some_and(|last| same(last, layout)) => {
                    houses.clone()
                }
                _ => {
                    let houses = Arc::new(Houses::build(layout.size(), Some(layout.clone())));
                    *last = Some(houses.clone());
                    houses
                }
            }
        })
    }

    fn build(size: Size, layout: Option<Arc<Layout>>) -> Houses {
        let (side, cells) = (size.side(), size.cells());
        let mut units = Units::default();
        units.set_layout(layout.as_deref(), size);
        let peers = (0..cells)
            .map(|cell| {
                let mut peers = units.peers(cell).to_vec();
                peers.sort_unstable();
                peers
            })
            .collect();
        let rules = layout.as_deref().and_then(|layout| Rules::of(layout, &units));
        Houses {
            size,
            side,
            cells,
            all_values: u64::MAX >> (64 - side),
            units,
            peers,
            layout,
            rules,
        }
    }

    /// The layout's rules with numbers and lines (killer cages, thermometers, ...), if it has
    /// any.
    #[inline]
    pub(crate) fn rules(&self) -> Option<&Rules> {
        self.rules.as_ref()
    }

    /// The layout the tables are for; `None` for a classic grid.
    pub(crate) fn layout(&self) -> Option<&Arc<Layout>> {
        self.layout.as_ref()
    }

    /// Whether the tables are a classic grid's: rows, columns and boxes, no other rule.
    #[inline]
    pub(crate) fn is_classic(&self) -> bool {
        self.layout.is_none()
    }

    /// The number of houses: `3·side`, and the complete houses a layout adds.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        self.units.count()
    }

    /// The cells of house `house`, row-major.
    #[inline]
    pub(crate) fn cells_of(&self, house: usize) -> &[u16] {
        self.units.cells_of(house)
    }

    /// The row, column and box (or region) house of `cell`.
    #[inline]
    pub(crate) fn houses_of(&self, cell: usize) -> [usize; 3] {
        self.units.units_of(cell)
    }

    /// The houses beyond its row, column and box or region that hold `cell`: the complete
    /// houses its layout adds (none for a classic grid).
    #[inline]
    pub(crate) fn more_houses_of(&self, cell: usize) -> &[u16] {
        self.units.more_units_of(cell)
    }

    /// Every house that holds `cell`: [`Houses::houses_of`], then [`Houses::more_houses_of`].
    pub(crate) fn all_houses_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let more = self.more_houses_of(cell).iter().map(|&house| usize::from(house));
        self.houses_of(cell).into_iter().chain(more)
    }

    /// Whether house `house` holds `cell`: a look among the cell's row, column and region, or
    /// a search of the house's cells (in increasing order), never of the cell's added houses,
    /// which may be thousands.
    pub(crate) fn holds(&self, house: usize, cell: usize) -> bool {
        if house < 3 * self.side {
            return self.houses_of(cell).contains(&house);
        }
        u16::try_from(cell).is_ok_and(|cell| self.cells_of(house).binary_search(&cell).is_ok())
    }

    /// The houses a layout adds beyond the rows, columns and regions (none on a classic grid).
    #[inline]
    pub(crate) fn added(&self) -> usize {
        self.count() - 3 * self.side
    }

    /// The houses of `range` for a technique's search to look at, in order: each the layout
    /// adds costs a step of the work budget ([`crate::budget`]), and they end where the budget
    /// does (a search cut short finds nothing, and the ladder then gives up). Rows, columns and
    /// regions cost nothing: a classic grid's searches spend nothing.
    #[inline]
    pub(crate) fn scan(&self, range: Range<usize>) -> impl Iterator<Item = usize> + use<> {
        let first_added = 3 * self.side;
        range.take_while(move |&house| house < first_added || budget::spend())
    }

    /// [`Houses::all_houses_of`] for a technique's search, the houses a layout adds costing as
    /// in [`Houses::scan`].
    pub(crate) fn scan_houses_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.all_houses_of(cell).take_while(|&house| house < 3 * self.side || budget::spend())
    }

    /// The cells that may not share a value with `cell`, in increasing order.
    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell]
    }

    /// Whether two different cells may not share a value.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.units.sees(a, b)
    }

    /// Where the house numbered `house` comes from, as the core names it: `row 1`,
    /// `column 2`, `box 3`, a layout's `region 4`, `diagonal 1`, `window 2`, `extra region 1`.
    pub(crate) fn name(&self, house: usize) -> House {
        self.units.house(house)
    }

    /// The names of `houses` ([`Houses::name`]), in order.
    pub(crate) fn names(&self, houses: &[usize]) -> Vec<House> {
        houses.iter().map(|&house| self.name(house)).collect()
    }

    /// The first house two different cells share (row, then column, then box or region,
    /// then the houses a layout adds); `None` if they share none (they may still see each
    /// other, by a knight's move or a pair a layout makes differ).
    pub(crate) fn shared(&self, a: usize, b: usize) -> Option<House> {
        if a == b {
            return None;
        }
        self.all_houses_of(a).find(|&house| self.holds(house, b)).map(|house| self.name(house))
    }

    /// The houses of one kind: rows (`0`), columns (`1`) or boxes or regions (`2`).
    #[inline]
    pub(crate) fn of_kind(&self, kind: usize) -> Range<usize> {
        kind * self.side..(kind + 1) * self.side
    }

    /// The houses that are not lines: the boxes or regions, then the houses a layout adds.
    #[inline]
    pub(crate) fn non_lines(&self) -> Range<usize> {
        2 * self.side..self.count()
    }
}

/// Whether two layouts are one: the same one shared (the usual case, a file's grids), or equal.
fn same(a: &Arc<Layout>, b: &Arc<Layout>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// The values of a candidate set, smallest first (value `v` is bit `v − 1`).
pub(crate) fn values(set: u64) -> impl Iterator<Item = u8> {
    bits(set).map(|bit| bit as u8 + 1)
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// The candidate set holding only `value`.
#[inline]
pub(crate) fn bit(value: u8) -> u64 {
    1 << (value - 1)
}
