//! The rules as data: where they sit on and around the grid ([`Spot`]), each kind of rule
//! ([`Constraint`], [`ConstraintKind`]), what a layout asks of an engine ([`Features`]), and the
//! geometry the checks and the propagators share (diagonals, the lines of clues outside the
//! grid). The folder's module lists the rest.

use std::fmt;

use crate::size::Size;

/// A place on or around the grid, by row and column from 0 (`r1c1` is row 0, column 0). A
/// clue outside the grid sits at row or column `-1` (above or left of it) or `side` (below or
/// right), as the f-puzzles editor's `R0C3` and `R10C3` do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Spot {
    /// The row, from 0; -1 above the grid.
    pub row: i16,
    /// The column, from 0; -1 left of the grid.
    pub col: i16,
}

impl Spot {
    /// The place at `row` and `col`, both from 0.
    pub const fn new(row: i16, col: i16) -> Spot {
        Spot { row, col }
    }

    /// The place of `cell` on a grid of `size`.
    pub fn of_cell(size: Size, cell: usize) -> Spot {
        Spot::new(size.row_of(cell) as i16, size.col_of(cell) as i16)
    }

    /// Whether the place is a cell of a grid of `size`.
    pub fn is_inside(self, size: Size) -> bool {
        let side = size.side() as i16;
        (0..side).contains(&self.row) && (0..side).contains(&self.col)
    }

    /// The cell at this place on a grid of `size`, if it is one.
    pub fn cell(self, size: Size) -> Option<usize> {
        self.is_inside(size).then(|| size.cell_at(self.row as usize, self.col as usize))
    }

    /// The place one step away in `direction`.
    pub fn step(self, (down, across): (i16, i16)) -> Spot {
        Spot::new(self.row + down, self.col + across)
    }

    /// Whether two places are side by side (orthogonally adjacent).
    pub fn touches(self, other: Spot) -> bool {
        (self.row - other.row).abs() + (self.col - other.col).abs() == 1
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Which way a little killer's diagonal runs from its clue.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Direction {
    /// Up and to the right.
    UpRight,
    /// Up and to the left.
    UpLeft,
    /// Down and to the right.
    DownRight,
    /// Down and to the left.
    DownLeft,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] =
        [Direction::UpRight, Direction::UpLeft, Direction::DownRight, Direction::DownLeft];

    /// The step a diagonal takes, in rows and columns.
    pub fn step(self) -> (i16, i16) {
        match self {
            Direction::UpRight => (-1, 1),
            Direction::UpLeft => (-1, -1),
            Direction::DownRight => (1, 1),
            Direction::DownLeft => (1, -1),
        }
    }

    /// The editor's name: `UR`, `UL`, `DR`, `DL`.
    pub fn code(self) -> &'static str {
        match self {
            Direction::UpRight => "UR",
            Direction::UpLeft => "UL",
            Direction::DownRight => "DR",
            Direction::DownLeft => "DL",
        }
    }

    /// The direction the editor's code (`UR`, either case) or a word (`up-right`) names.
    pub fn from_code(code: &str) -> Option<Direction> {
        let code = code.to_ascii_lowercase().replace(['_', ' '], "-");
        Some(match code.as_str() {
            "ur" | "up-right" => Direction::UpRight,
            "ul" | "up-left" => Direction::UpLeft,
            "dr" | "down-right" => Direction::DownRight,
            "dl" | "down-left" => Direction::DownLeft,
            _ => return None,
        })
    }
}

/// Which index an indexer cell gives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Axis {
    /// A row indexer: the cell in row `r`, column `c` holding `v` says that row `v` holds `r` in
    /// column `c` (rows and values from 1).
    Row,
    /// A column indexer: the cell in row `r`, column `c` holding `v` says that column `v` holds
    /// `c` in row `r`.
    Column,
    /// A box indexer: the cell at position `i` of its box holding `v` says that position `v` of
    /// the same box holds `i` (positions row by row from 1).
    Box,
}

/// A rule as people name it, with its cells and numbers; see the [module documentation](crate::constraint).
///
/// Lines list their cells in order from their start (a thermometer's bulb, a between line's
/// first circle); cells are [`Spot`]s.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Constraint {
    /// A killer cage: its values differ and, if a sum is given, add to it.
    Killer {
        /// The cells, in the order given.
        cells: Vec<Spot>,
        /// The sum, if the cage shows one.
        sum: Option<u32>,
    },
    /// A little killer: the cells on the diagonal from a clue outside the grid add to its sum;
    /// values may repeat unless another rule keeps them apart.
    LittleKiller {
        /// The clue, outside the grid (or on its edge, as some files have it: the diagonal
        /// then starts there).
        clue: Spot,
        /// The way the diagonal runs.
        direction: Direction,
        /// The sum.
        sum: u32,
    },
    /// An arrow: the values along each line add to the number in the circle; a circle of
    /// several cells (a pill) reads as a number, its cells in reading order (row by row).
    Arrow {
        /// The circle or pill.
        circle: Vec<Spot>,
        /// The lines, each without its cell in the circle.
        lines: Vec<Vec<Spot>>,
    },
    /// A thermometer: values increase strictly from the bulb (the first cell).
    Thermometer {
        /// The cells from the bulb.
        cells: Vec<Spot>,
    },
    /// A slow thermometer: values never decrease from the bulb (the first cell).
    SlowThermometer {
        /// The cells from the bulb.
        cells: Vec<Spot>,
    },
    /// A sandwich clue: the values between the 1 and the largest value (the side) of the row
    /// or column add to its sum.
    Sandwich {
        /// The clue, outside the grid at the end of its row or column.
        clue: Spot,
        /// The sum.
        sum: u32,
    },
    /// An X-sum clue: the first `x` values of the row or column, seen from the clue, add to
    /// its sum, where `x` is the first of them.
    XSum {
        /// The clue, outside the grid at the end of its row or column.
        clue: Spot,
        /// The sum.
        sum: u32,
    },
    /// A skyscraper clue: this many values of the row or column, seen from the clue, are
    /// larger than every value before them.
    Skyscraper {
        /// The clue, outside the grid at the end of its row or column.
        clue: Spot,
        /// The count of values seen.
        count: u32,
    },
    /// A white kropki dot: the two values differ by `value` (1 unless said).
    Difference {
        /// The two cells.
        cells: [Spot; 2],
        /// The difference.
        value: u32,
    },
    /// A black kropki dot: one value is `value` times the other (2 unless said).
    Ratio {
        /// The two cells.
        cells: [Spot; 2],
        /// The ratio.
        value: u32,
    },
    /// An X (`sum` 10) or a V (`sum` 5): the two values add to it.
    Xv {
        /// The two cells.
        cells: [Spot; 2],
        /// 10 for an X, 5 for a V.
        sum: u32,
    },
    /// An odd cell.
    Odd {
        /// The cell.
        cell: Spot,
    },
    /// An even cell.
    Even {
        /// The cell.
        cell: Spot,
    },
    /// A minimum cell: smaller than each of the cells beside it (orthogonally) that is not a
    /// minimum cell too (the editor's cells of one kind make one region, compared with its
    /// surroundings).
    Minimum {
        /// The cell.
        cell: Spot,
    },
    /// A maximum cell: larger than each of the cells beside it (orthogonally) that is not a
    /// maximum cell too.
    Maximum {
        /// The cell.
        cell: Spot,
    },
    /// A palindrome: the line reads the same from either end.
    Palindrome {
        /// The cells in order.
        cells: Vec<Spot>,
    },
    /// A renban line: its values differ and make a run of consecutive values, in any order.
    Renban {
        /// The cells in order.
        cells: Vec<Spot>,
    },
    /// A whispers line: neighbours along it differ by at least the gap (German whispers: 5 on
    /// 9×9, half the side rounded up on other sides, as the editor's add-on scales it).
    Whispers {
        /// The cells in order.
        cells: Vec<Spot>,
        /// The least difference, if given; the side's German-whispers gap otherwise.
        gap: Option<u32>,
    },
    /// A between line: the values between its two ends lie strictly between the ends' values.
    Between {
        /// The cells in order, the ends first and last.
        cells: Vec<Spot>,
    },
    /// A region-sum line: the line's cells in each region it passes through add to the same
    /// sum; a line that leaves a region and comes back starts a new part.
    RegionSum {
        /// The cells in order.
        cells: Vec<Spot>,
    },
    /// An entropic line: every three consecutive cells hold a low, a middle and a high value
    /// (1-3, 4-6, 7-9 on 9×9; see [`entropic_band`]), and two neighbours never share a band.
    Entropic {
        /// The cells in order.
        cells: Vec<Spot>,
    },
    /// A zipper line: two cells as far from the line's middle, one on each side, add to the
    /// same sum, which is the middle cell's value when the line has an odd number of cells.
    Zipper {
        /// The cells in order.
        cells: Vec<Spot>,
    },
    /// A quadruple: each of the values listed appears among the cells (as often as listed).
    Quadruple {
        /// The cells (the two to four around a corner).
        cells: Vec<Spot>,
        /// The values, a value listed twice appearing twice.
        values: Vec<u8>,
    },
    /// A clone: each cell holds the same value as its clone.
    Clone {
        /// The cells.
        cells: Vec<Spot>,
        /// Their clones, one for each cell, in the same order.
        clones: Vec<Spot>,
    },
    /// Indexer cells of one kind ([`Axis`]).
    Indexer {
        /// Row, column or box indexers.
        axis: Axis,
        /// The cells.
        cells: Vec<Spot>,
    },
    /// No two cells side by side differ by 1, unless a kropki dot joins them.
    Nonconsecutive,
    /// No two cells side by side have the ratio of any black dot of the puzzle (2 if it has
    /// none), unless a kropki dot joins them.
    NegativeRatio,
    /// No two cells side by side add to 5 or 10, unless an X or a V joins them.
    NegativeXv,
}

/// The kinds of [`Constraint`], by which engines say which rules they take and runs are
/// reported.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ConstraintKind {
    /// [`Constraint::Killer`].
    Killer,
    /// [`Constraint::LittleKiller`].
    LittleKiller,
    /// [`Constraint::Arrow`].
    Arrow,
    /// [`Constraint::Thermometer`].
    Thermometer,
    /// [`Constraint::SlowThermometer`].
    SlowThermometer,
    /// [`Constraint::Sandwich`].
    Sandwich,
    /// [`Constraint::XSum`].
    XSum,
    /// [`Constraint::Skyscraper`].
    Skyscraper,
    /// [`Constraint::Difference`].
    Difference,
    /// [`Constraint::Ratio`].
    Ratio,
    /// [`Constraint::Xv`].
    Xv,
    /// [`Constraint::Odd`].
    Odd,
    /// [`Constraint::Even`].
    Even,
    /// [`Constraint::Minimum`].
    Minimum,
    /// [`Constraint::Maximum`].
    Maximum,
    /// [`Constraint::Palindrome`].
    Palindrome,
    /// [`Constraint::Renban`].
    Renban,
    /// [`Constraint::Whispers`].
    Whispers,
    /// [`Constraint::Between`].
    Between,
    /// [`Constraint::RegionSum`].
    RegionSum,
    /// [`Constraint::Entropic`].
    Entropic,
    /// [`Constraint::Zipper`].
    Zipper,
    /// [`Constraint::Quadruple`].
    Quadruple,
    /// [`Constraint::Clone`].
    Clone,
    /// [`Constraint::Indexer`] with [`Axis::Row`].
    RowIndexer,
    /// [`Constraint::Indexer`] with [`Axis::Column`].
    ColumnIndexer,
    /// [`Constraint::Indexer`] with [`Axis::Box`].
    BoxIndexer,
    /// [`Constraint::Nonconsecutive`].
    Nonconsecutive,
    /// [`Constraint::NegativeRatio`].
    NegativeRatio,
    /// [`Constraint::NegativeXv`].
    NegativeXv,
}

impl ConstraintKind {
    /// Every kind, in the order layouts list their rules.
    pub const ALL: [ConstraintKind; 30] = [
        ConstraintKind::Killer,
        ConstraintKind::LittleKiller,
        ConstraintKind::Arrow,
        ConstraintKind::Thermometer,
        ConstraintKind::SlowThermometer,
        ConstraintKind::Sandwich,
        ConstraintKind::XSum,
        ConstraintKind::Skyscraper,
        ConstraintKind::Difference,
        ConstraintKind::Ratio,
        ConstraintKind::Xv,
        ConstraintKind::Odd,
        ConstraintKind::Even,
        ConstraintKind::Minimum,
        ConstraintKind::Maximum,
        ConstraintKind::Palindrome,
        ConstraintKind::Renban,
        ConstraintKind::Whispers,
        ConstraintKind::Between,
        ConstraintKind::RegionSum,
        ConstraintKind::Entropic,
        ConstraintKind::Zipper,
        ConstraintKind::Quadruple,
        ConstraintKind::Clone,
        ConstraintKind::RowIndexer,
        ConstraintKind::ColumnIndexer,
        ConstraintKind::BoxIndexer,
        ConstraintKind::Nonconsecutive,
        ConstraintKind::NegativeRatio,
        ConstraintKind::NegativeXv,
    ];

    /// The word naming the kind in a grid's kind, in reports and in the `#` line that says such
    /// a rule: `killer`, `little-killer`, `arrow`, `thermo`, `slow-thermo`, `sandwich`, `x-sum`,
    /// `skyscraper`, `difference` (white dots), `ratio` (black dots), `xv`, `odd`, `even`,
    /// `minimum`, `maximum`, `palindrome`, `renban`, `whispers`, `between`, `region-sum`,
    /// `entropic`, `zipper`, `quadruple`, `clone`, `row-indexer`, `column-indexer`, `box-indexer`,
    /// `nonconsecutive`, `negative-ratio`, `negative-xv`.
    pub fn word(self) -> &'static str {
        match self {
            ConstraintKind::Killer => "killer",
            ConstraintKind::LittleKiller => "little-killer",
            ConstraintKind::Arrow => "arrow",
            ConstraintKind::Thermometer => "thermo",
            ConstraintKind::SlowThermometer => "slow-thermo",
            ConstraintKind::Sandwich => "sandwich",
            ConstraintKind::XSum => "x-sum",
            ConstraintKind::Skyscraper => "skyscraper",
            ConstraintKind::Difference => "difference",
            ConstraintKind::Ratio => "ratio",
            ConstraintKind::Xv => "xv",
            ConstraintKind::Odd => "odd",
            ConstraintKind::Even => "even",
            ConstraintKind::Minimum => "minimum",
            ConstraintKind::Maximum => "maximum",
            ConstraintKind::Palindrome => "palindrome",
            ConstraintKind::Renban => "renban",
            ConstraintKind::Whispers => "whispers",
            ConstraintKind::Between => "between",
            ConstraintKind::RegionSum => "region-sum",
            ConstraintKind::Entropic => "entropic",
            ConstraintKind::Zipper => "zipper",
            ConstraintKind::Quadruple => "quadruple",
            ConstraintKind::Clone => "clone",
            ConstraintKind::RowIndexer => "row-indexer",
            ConstraintKind::ColumnIndexer => "column-indexer",
            ConstraintKind::BoxIndexer => "box-indexer",
            ConstraintKind::Nonconsecutive => "nonconsecutive",
            ConstraintKind::NegativeRatio => "negative-ratio",
            ConstraintKind::NegativeXv => "negative-xv",
        }
    }

    /// The kind a word names ([`ConstraintKind::word`], or another name people use: `cage`,
    /// `thermometer`, `white`, `black`, `kropki-white`, ...).
    pub fn from_word(word: &str) -> Option<ConstraintKind> {
        let word = word.to_ascii_lowercase().replace(['_', ' '], "-");
        if let Some(kind) = ConstraintKind::ALL.into_iter().find(|kind| kind.word() == word) {
            return Some(kind);
        }
        Some(match word.as_str() {
            "cage" | "killer-cage" | "killercage" => ConstraintKind::Killer,
            "littlekiller" | "little-killer-sum" | "littlekillersum" => {
                ConstraintKind::LittleKiller
            }
            "thermometer" => ConstraintKind::Thermometer,
            "slow-thermometer" | "slowthermometer" | "slowthermo" => {
                ConstraintKind::SlowThermometer
            }
            "sandwichsum" | "sandwich-sum" => ConstraintKind::Sandwich,
            "xsum" => ConstraintKind::XSum,
            "white" | "white-dot" | "kropki-white" | "white-kropki" => ConstraintKind::Difference,
            "black" | "black-dot" | "kropki-black" | "black-kropki" => ConstraintKind::Ratio,
            "min" => ConstraintKind::Minimum,
            "max" => ConstraintKind::Maximum,
            "german-whispers" | "whisper" => ConstraintKind::Whispers,
            "between-line" | "betweenline" => ConstraintKind::Between,
            "region-sum-line" | "regionsumline" | "regionsum" => ConstraintKind::RegionSum,
            "entropic-line" | "entropicline" => ConstraintKind::Entropic,
            "zipper-line" | "zipperline" => ConstraintKind::Zipper,
            "quad" => ConstraintKind::Quadruple,
            "rowindexer" => ConstraintKind::RowIndexer,
            "columnindexer" | "col-indexer" => ConstraintKind::ColumnIndexer,
            "boxindexer" => ConstraintKind::BoxIndexer,
            "non-consecutive" => ConstraintKind::Nonconsecutive,
            _ => return None,
        })
    }

    /// The kind for people, in messages: `killer cage`, `little killer`, `thermometer`,
    /// `white dot`, ...
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::Killer => "killer cage",
            ConstraintKind::LittleKiller => "little killer",
            ConstraintKind::Arrow => "arrow",
            ConstraintKind::Thermometer => "thermometer",
            ConstraintKind::SlowThermometer => "slow thermometer",
            ConstraintKind::Sandwich => "sandwich",
            ConstraintKind::XSum => "x-sum",
            ConstraintKind::Skyscraper => "skyscraper",
            ConstraintKind::Difference => "white dot",
            ConstraintKind::Ratio => "black dot",
            ConstraintKind::Xv => "xv",
            ConstraintKind::Odd => "odd cell",
            ConstraintKind::Even => "even cell",
            ConstraintKind::Minimum => "minimum cell",
            ConstraintKind::Maximum => "maximum cell",
            ConstraintKind::Palindrome => "palindrome",
            ConstraintKind::Renban => "renban line",
            ConstraintKind::Whispers => "whispers line",
            ConstraintKind::Between => "between line",
            ConstraintKind::RegionSum => "region-sum line",
            ConstraintKind::Entropic => "entropic line",
            ConstraintKind::Zipper => "zipper line",
            ConstraintKind::Quadruple => "quadruple",
            ConstraintKind::Clone => "clone",
            ConstraintKind::RowIndexer => "row indexer",
            ConstraintKind::ColumnIndexer => "column indexer",
            ConstraintKind::BoxIndexer => "box indexer",
            ConstraintKind::Nonconsecutive => "nonconsecutive rule",
            ConstraintKind::NegativeRatio => "negative black-dot rule",
            ConstraintKind::NegativeXv => "negative xv rule",
        }
    }

    /// The field the f-puzzles editor (and its widely used add-on) writes such rules in:
    /// `killercage`, `littlekillersum`, `arrow`, `thermometer`, `slowthermometer`,
    /// `sandwichsum`, `xsum`, `skyscraper`, `difference`, `ratio`, `xv`, `odd`, `even`,
    /// `minimum`, `maximum`, `palindrome`, `renban`, `whispers`, `betweenline`,
    /// `regionsumline`, `entropicline`, `zipperline`, `quadruple`, `clone`, `rowindexer`, `columnindexer`,
    /// `boxindexer`, `nonconsecutive`; the negative rules are words of `negative` (`ratio`,
    /// `xv`).
    pub fn fpuzzles_field(self) -> &'static str {
        match self {
            ConstraintKind::Killer => "killercage",
            ConstraintKind::LittleKiller => "littlekillersum",
            ConstraintKind::Arrow => "arrow",
            ConstraintKind::Thermometer => "thermometer",
            ConstraintKind::SlowThermometer => "slowthermometer",
            ConstraintKind::Sandwich => "sandwichsum",
            ConstraintKind::XSum => "xsum",
            ConstraintKind::Skyscraper => "skyscraper",
            ConstraintKind::Difference => "difference",
            ConstraintKind::Ratio => "ratio",
            ConstraintKind::Xv => "xv",
            ConstraintKind::Odd => "odd",
            ConstraintKind::Even => "even",
            ConstraintKind::Minimum => "minimum",
            ConstraintKind::Maximum => "maximum",
            ConstraintKind::Palindrome => "palindrome",
            ConstraintKind::Renban => "renban",
            ConstraintKind::Whispers => "whispers",
            ConstraintKind::Between => "betweenline",
            ConstraintKind::RegionSum => "regionsumline",
            ConstraintKind::Entropic => "entropicline",
            ConstraintKind::Zipper => "zipperline",
            ConstraintKind::Quadruple => "quadruple",
            ConstraintKind::Clone => "clone",
            ConstraintKind::RowIndexer => "rowindexer",
            ConstraintKind::ColumnIndexer => "columnindexer",
            ConstraintKind::BoxIndexer => "boxindexer",
            ConstraintKind::Nonconsecutive => "nonconsecutive",
            ConstraintKind::NegativeRatio | ConstraintKind::NegativeXv => "negative",
        }
    }
}

impl fmt::Display for ConstraintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What a grid asks of an engine beyond rows, columns and boxes, as one value: layouts (other
/// regions, more houses, pairs that differ, starting candidates), and each [`ConstraintKind`] of
/// constraint. An engine's registry entry holds the features it takes; a grid's layout the
/// ones it needs ([`crate::Layout::needs`]); an engine takes a grid when it takes all of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug)]
pub struct Features(u64);

/// One thing a grid may ask of an engine; see [`Features`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Feature {
    /// A layout's houses, pairs and starting candidates.
    Layouts,
    /// Constraints of this kind.
    Constraint(ConstraintKind),
}

impl Feature {
    /// The feature for people: `layouts`, or the kind's name in the plural (`killer cages`).
    pub fn name(self) -> String {
        match self {
            Feature::Layouts => "layouts".to_owned(),
            Feature::Constraint(kind) => {
                let name = kind.name();
                if name.ends_with("rule") || name.ends_with('x') {
                    // `nonconsecutive rule`, `xv`: no plural that reads better.
                    name.to_owned()
                } else {
                    format!("{name}s")
                }
            }
        }
    }

    fn bit(self) -> u64 {
        match self {
            Feature::Layouts => 1,
            Feature::Constraint(kind) => 2 << (kind as u64),
        }
    }
}

impl Features {
    /// Nothing beyond the classic rules.
    pub const NONE: Features = Features(0);
    /// Layouts, no constraint.
    pub const LAYOUTS: Features = Features(1);
    /// Layouts and every kind of constraint.
    pub const ALL: Features = Features(u64::MAX >> (64 - 1 - ConstraintKind::ALL.len()));

    /// The features of `features`.
    pub fn of(features: impl IntoIterator<Item = Feature>) -> Features {
        Features(features.into_iter().fold(0, |bits, feature| bits | feature.bit()))
    }

    /// These features and `feature`.
    pub fn with(self, feature: Feature) -> Features {
        Features(self.0 | feature.bit())
    }

    /// These features and `other`'s.
    pub fn union(self, other: Features) -> Features {
        Features(self.0 | other.0)
    }

    /// Whether `feature` is among these.
    pub fn has(self, feature: Feature) -> bool {
        self.0 & feature.bit() != 0
    }

    /// Whether every feature of `needed` is among these.
    pub fn covers(self, needed: Features) -> bool {
        needed.0 & !self.0 == 0
    }

    /// Whether there is none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Each feature, layouts first, then the kinds in [`ConstraintKind::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Feature> {
        std::iter::once(Feature::Layouts)
            .chain(ConstraintKind::ALL.into_iter().map(Feature::Constraint))
            .filter(move |feature| self.has(*feature))
    }

    /// The first feature of `needed` that is not among these.
    pub fn first_missing(self, needed: Features) -> Option<Feature> {
        Features(needed.0 & !self.0).iter().next()
    }
}

/// Why a constraint does not fit its grid.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, thiserror::Error)]
#[error("{rule}: {problem}")]
pub struct ConstraintError {
    /// The constraint for people ([`Constraint`]'s `Display`).
    pub rule: String,
    /// What is wrong, in a phrase.
    pub problem: String,
}

/// The band of `value` on an entropic line of a grid of side `side`: 0 (low), 1 (middle) or 2
/// (high). The bands are as even as the side allows, the middle one the odd one out when the
/// side is one more than a multiple of 3 (1, 2-3, 4 on 4×4) and the outer ones otherwise (1-2,
/// 3, 4-5 on 5×5... 1-3, 4-5, 6-8 on 8×8), as the editor's add-on makes them.
pub fn entropic_band(side: usize, value: usize) -> usize {
    let (small, large) = (side / 3, side.div_ceil(3));
    let outer = if side % 3 == 1 { small } else { large };
    if value <= outer {
        0
    } else if value <= side - outer {
        1
    } else {
        2
    }
}

/// The least difference of a German whispers line on a grid of side `side`: half the side,
/// rounded up (5 on 9×9), as the editor's add-on scales it.
pub fn whispers_gap(side: usize) -> u32 {
    side.div_ceil(2) as u32
}

/// What a rule needs to know of its grid beyond its own cells: the size, and the region of
/// each cell (the boxes unless the grid has irregular regions).
#[derive(Clone, Copy, Debug)]
pub struct Shape<'a> {
    /// The size.
    pub size: Size,
    /// The region of each cell, numbered from 0, if the regions are not the boxes.
    pub regions: Option<&'a [u8]>,
}

impl Shape<'_> {
    /// The region (or box) of `cell`.
    pub fn region_of(&self, cell: usize) -> usize {
        self.regions.map_or_else(|| self.size.box_of(cell), |regions| usize::from(regions[cell]))
    }

    /// The cell at `place`; the place must be inside the grid ([`Constraint::validate`]
    /// checked it).
    pub(super) fn cell(&self, place: Spot) -> usize {
        place.cell(self.size).expect("a validated constraint's cells are inside the grid")
    }
}

/// The cells of the row or column an outside clue looks along, from the clue inward; `None`
/// if the clue is not beside the grid at the end of a row or column.
pub fn clue_line(size: Size, clue: Spot) -> Option<Vec<Spot>> {
    let side = size.side() as i16;
    let inside = |n: i16| (0..side).contains(&n);
    let line: Vec<Spot> = if clue.col == -1 && inside(clue.row) {
        (0..side).map(|col| Spot::new(clue.row, col)).collect()
    } else if clue.col == side && inside(clue.row) {
        (0..side).rev().map(|col| Spot::new(clue.row, col)).collect()
    } else if clue.row == -1 && inside(clue.col) {
        (0..side).map(|row| Spot::new(row, clue.col)).collect()
    } else if clue.row == side && inside(clue.col) {
        (0..side).rev().map(|row| Spot::new(row, clue.col)).collect()
    } else {
        return None;
    };
    Some(line)
}

/// The cells of a little killer's diagonal: from the clue (one step in, if it is outside the
/// grid) in `direction` to the edge; `None` if no cell of the grid is on it.
pub fn diagonal(size: Size, clue: Spot, direction: Direction) -> Option<Vec<Spot>> {
    let mut place = if clue.is_inside(size) { clue } else { clue.step(direction.step()) };
    let mut cells = Vec::new();
    while place.is_inside(size) {
        cells.push(place);
        place = place.step(direction.step());
    }
    (!cells.is_empty()).then_some(cells)
}

/// The cells beside `cell` (orthogonally) that a minimum or maximum cell of `kind` is compared
/// with: those that are not such cells too.
pub(super) fn compared_neighbours(
    all: &[Constraint],
    size: Size,
    cell: Spot,
    kind: ConstraintKind,
) -> Vec<Spot> {
    let same = |place: Spot| {
        all.iter().any(|c| {
            c.kind() == kind
                && matches!(c, Constraint::Minimum { cell } | Constraint::Maximum { cell } if *cell == place)
        })
    };
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .map(|step| cell.step(step))
        .into_iter()
        .filter(|place| place.is_inside(size) && !same(*place))
        .collect()
}

/// The pairs of cells side by side that the negative rule of `kind` ([`ConstraintKind::Nonconsecutive`],
/// [`ConstraintKind::NegativeRatio`], [`ConstraintKind::NegativeXv`]) holds for on a grid of `size`: every pair
/// but those the rules of `all` mark (with a kropki dot of either colour, or with an X or a V).
pub(super) fn negative_pairs(
    all: &[Constraint],
    size: Size,
    kind: ConstraintKind,
) -> Vec<(Spot, Spot)> {
    let mut marked: Vec<(Spot, Spot)> = all
        .iter()
        .filter_map(|constraint| match (kind, constraint) {
            (
                ConstraintKind::Nonconsecutive | ConstraintKind::NegativeRatio,
                Constraint::Difference { cells: [a, b], .. }
                | Constraint::Ratio { cells: [a, b], .. },
            )
            | (ConstraintKind::NegativeXv, Constraint::Xv { cells: [a, b], .. }) => {
                Some((*a.min(b), *a.max(b)))
            }
            _ => None,
        })
        .collect();
    marked.sort_unstable();
    let side = size.side() as i16;
    let mut pairs = Vec::new();
    for row in 0..side {
        for col in 0..side {
            let here = Spot::new(row, col);
            for next in [Spot::new(row, col + 1), Spot::new(row + 1, col)] {
                if next.is_inside(size) && marked.binary_search(&(here, next)).is_err() {
                    pairs.push((here, next));
                }
            }
        }
    }
    pairs
}

impl Constraint {
    /// The kind of the rule.
    pub fn kind(&self) -> ConstraintKind {
        match self {
            Constraint::Killer { .. } => ConstraintKind::Killer,
            Constraint::LittleKiller { .. } => ConstraintKind::LittleKiller,
            Constraint::Arrow { .. } => ConstraintKind::Arrow,
            Constraint::Thermometer { .. } => ConstraintKind::Thermometer,
            Constraint::SlowThermometer { .. } => ConstraintKind::SlowThermometer,
            Constraint::Sandwich { .. } => ConstraintKind::Sandwich,
            Constraint::XSum { .. } => ConstraintKind::XSum,
            Constraint::Skyscraper { .. } => ConstraintKind::Skyscraper,
            Constraint::Difference { .. } => ConstraintKind::Difference,
            Constraint::Ratio { .. } => ConstraintKind::Ratio,
            Constraint::Xv { .. } => ConstraintKind::Xv,
            Constraint::Odd { .. } => ConstraintKind::Odd,
            Constraint::Even { .. } => ConstraintKind::Even,
            Constraint::Minimum { .. } => ConstraintKind::Minimum,
            Constraint::Maximum { .. } => ConstraintKind::Maximum,
            Constraint::Palindrome { .. } => ConstraintKind::Palindrome,
            Constraint::Renban { .. } => ConstraintKind::Renban,
            Constraint::Whispers { .. } => ConstraintKind::Whispers,
            Constraint::Between { .. } => ConstraintKind::Between,
            Constraint::RegionSum { .. } => ConstraintKind::RegionSum,
            Constraint::Entropic { .. } => ConstraintKind::Entropic,
            Constraint::Zipper { .. } => ConstraintKind::Zipper,
            Constraint::Quadruple { .. } => ConstraintKind::Quadruple,
            Constraint::Clone { .. } => ConstraintKind::Clone,
            Constraint::Indexer { axis: Axis::Row, .. } => ConstraintKind::RowIndexer,
            Constraint::Indexer { axis: Axis::Column, .. } => ConstraintKind::ColumnIndexer,
            Constraint::Indexer { axis: Axis::Box, .. } => ConstraintKind::BoxIndexer,
            Constraint::Nonconsecutive => ConstraintKind::Nonconsecutive,
            Constraint::NegativeRatio => ConstraintKind::NegativeRatio,
            Constraint::NegativeXv => ConstraintKind::NegativeXv,
        }
    }

    /// The cells of the grid the rule is about (on a grid of `size`), its own first (a minimum
    /// cell, then the cells beside it), its clues outside the grid left out; none for the
    /// rules of the whole grid (the negative rules).
    pub fn places(&self, size: Size) -> Vec<Spot> {
        match self {
            Constraint::Killer { cells, .. }
            | Constraint::Thermometer { cells }
            | Constraint::SlowThermometer { cells }
            | Constraint::Palindrome { cells }
            | Constraint::Renban { cells }
            | Constraint::Whispers { cells, .. }
            | Constraint::Between { cells }
            | Constraint::RegionSum { cells }
            | Constraint::Entropic { cells }
            | Constraint::Zipper { cells }
            | Constraint::Quadruple { cells, .. }
            | Constraint::Indexer { cells, .. } => cells.clone(),
            Constraint::LittleKiller { clue, direction, .. } => {
                diagonal(size, *clue, *direction).unwrap_or_default()
            }
            Constraint::Arrow { circle, lines } => {
                circle.iter().chain(lines.iter().flatten()).copied().collect()
            }
            Constraint::Sandwich { clue, .. }
            | Constraint::XSum { clue, .. }
            | Constraint::Skyscraper { clue, .. } => clue_line(size, *clue).unwrap_or_default(),
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. } => cells.to_vec(),
            Constraint::Odd { cell } | Constraint::Even { cell } => vec![*cell],
            Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
                let beside = [(0, 1), (1, 0), (0, -1), (-1, 0)].map(|step| cell.step(step));
                std::iter::once(*cell)
                    .chain(beside.into_iter().filter(|place| place.is_inside(size)))
                    .collect()
            }
            Constraint::Clone { cells, clones } => cells.iter().chain(clones).copied().collect(),
            Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
                Vec::new()
            }
        }
    }

    /// The cells that must all differ by this rule alone (a killer cage's, a renban line's),
    /// which a layout lists among its houses; none for the other rules.
    pub fn distinct_cells(&self) -> Option<&[Spot]> {
        match self {
            Constraint::Killer { cells, .. } | Constraint::Renban { cells } => Some(cells),
            _ => None,
        }
    }

    /// Whether the rule fits a grid of `size` with boxes (`boxes` false for irregular
    /// regions): its cells inside the grid, none twice where the rule lists each once, its
    /// clues beside the grid, its numbers of a kind the rule reads. A sum no values can make
    /// fits: the puzzle then has no solution.
    pub fn validate(&self, size: Size, boxes: bool) -> Result<(), ConstraintError> {
        let side = size.side();
        let fail = |problem: String| Err(ConstraintError { rule: self.to_string(), problem });
        let inside = |places: &[Spot]| -> Result<(), ConstraintError> {
            match places.iter().find(|place| !place.is_inside(size)) {
                Some(place) => fail(format!("{place} is not a cell of the {size} grid")),
                None => Ok(()),
            }
        };
        let once = |places: &[Spot]| -> Result<(), ConstraintError> {
            inside(places)?;
            for (i, place) in places.iter().enumerate() {
                if places[..i].contains(place) {
                    return fail(format!("{place} is on it twice"));
                }
            }
            Ok(())
        };
        let line_at_least = |cells: &[Spot], least: usize| -> Result<(), ConstraintError> {
            once(cells)?;
            if cells.len() < least {
                return fail(format!("it has {} cells, fewer than {least}", cells.len()));
            }
            Ok(())
        };
        match self {
            Constraint::Killer { cells, .. } => line_at_least(cells, 1),
            Constraint::LittleKiller { clue, direction, .. } => {
                if diagonal(size, *clue, *direction).is_none() {
                    return fail(format!("no cell of the {size} grid is on its diagonal"));
                }
                // The clue is beside the grid (or on it): not farther out.
                let side = side as i16;
                let near = |n: i16| (-1..=side).contains(&n);
                if !(near(clue.row) && near(clue.col)) {
                    return fail(format!("its clue {clue} is not beside the {size} grid"));
                }
                Ok(())
            }
            Constraint::Arrow { circle, lines } => {
                line_at_least(circle, 1)?;
                if circle.len() > 1 && side > 9 {
                    return fail(format!(
                        "a pill of {} cells reads as a number only on grids of single digits",
                        circle.len()
                    ));
                }
                if circle.len() > 3 {
                    return fail(format!("a pill of {} cells, more than 3", circle.len()));
                }
                if lines.is_empty() {
                    return fail("it has no line".to_owned());
                }
                for line in lines {
                    line_at_least(line, 1)?;
                    if let Some(place) = line.iter().find(|place| circle.contains(place)) {
                        return fail(format!("{place} is both on a line and in the circle"));
                    }
                }
                Ok(())
            }
            Constraint::Thermometer { cells } | Constraint::SlowThermometer { cells } => {
                line_at_least(cells, 2)
            }
            Constraint::Palindrome { cells }
            | Constraint::Renban { cells }
            | Constraint::Whispers { cells, .. }
            | Constraint::RegionSum { cells }
            | Constraint::Entropic { cells }
            | Constraint::Zipper { cells } => line_at_least(cells, 1),
            Constraint::Between { cells } => line_at_least(cells, 2),
            Constraint::Sandwich { clue, .. }
            | Constraint::XSum { clue, .. }
            | Constraint::Skyscraper { clue, .. } => {
                if clue_line(size, *clue).is_none() {
                    return fail(format!(
                        "its clue {clue} is not beside the {size} grid at the end of a row or \
                         column"
                    ));
                }
                Ok(())
            }
            Constraint::Difference { cells, value } | Constraint::Ratio { cells, value } => {
                once(cells)?;
                if *value == 0 && self.kind() == ConstraintKind::Ratio {
                    return fail("a ratio of 0".to_owned());
                }
                Ok(())
            }
            Constraint::Xv { cells, .. } => once(cells),
            Constraint::Odd { cell }
            | Constraint::Even { cell }
            | Constraint::Minimum { cell }
            | Constraint::Maximum { cell } => inside(&[*cell]),
            Constraint::Quadruple { cells, values } => {
                once(cells)?;
                if cells.is_empty() || cells.len() > 4 {
                    return fail(format!("{} cells, not 1 to 4", cells.len()));
                }
                if values.len() > cells.len() {
                    return fail(format!(
                        "{} values for {} cells: they cannot all appear",
                        values.len(),
                        cells.len()
                    ));
                }
                match values.iter().find(|&&value| value == 0 || usize::from(value) > side) {
                    Some(value) => fail(format!("the value {value} is not from 1 to {side}")),
                    None => Ok(()),
                }
            }
            Constraint::Clone { cells, clones } => {
                once(cells)?;
                once(clones)?;
                if cells.len() != clones.len() || cells.is_empty() {
                    return fail(format!(
                        "{} cells and {} clones, not as many of each",
                        cells.len(),
                        clones.len()
                    ));
                }
                Ok(())
            }
            Constraint::Indexer { axis, cells } => {
                line_at_least(cells, 1)?;
                if *axis == Axis::Box && !boxes {
                    return fail("box positions need boxes, not irregular regions".to_owned());
                }
                Ok(())
            }
            Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
                Ok(())
            }
        }
    }
}

impl fmt::Display for Constraint {
    /// The rule for people: `killer cage at r1c1 (sum 15)`, `thermometer from r2c2`,
    /// `white dot r1c1-r1c2`, `little killer 23 from r0c2 down-right`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.kind().name();
        let first = |places: &[Spot]| places.first().map_or_else(String::new, Spot::to_string);
        match self {
            Constraint::Killer { cells, sum: Some(sum) } => {
                write!(f, "{name} at {} (sum {sum})", first(cells))
            }
            Constraint::Killer { cells, sum: None } => write!(f, "{name} at {}", first(cells)),
            Constraint::LittleKiller { clue, direction, sum } => {
                let way = match direction {
                    Direction::UpRight => "up-right",
                    Direction::UpLeft => "up-left",
                    Direction::DownRight => "down-right",
                    Direction::DownLeft => "down-left",
                };
                write!(f, "{name} {sum} from {clue} {way}")
            }
            Constraint::Arrow { circle, .. } if circle.len() > 1 => {
                write!(f, "{name} from the pill at {}", first(circle))
            }
            Constraint::Arrow { circle, .. } => write!(f, "{name} from {}", first(circle)),
            Constraint::Thermometer { cells } | Constraint::SlowThermometer { cells } => {
                write!(f, "{name} from {}", first(cells))
            }
            Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
                write!(f, "{name} {sum} at {clue}")
            }
            Constraint::Skyscraper { clue, count } => write!(f, "{name} {count} at {clue}"),
            Constraint::Difference { cells: [a, b], value }
            | Constraint::Ratio { cells: [a, b], value } => write!(f, "{name} {a}-{b} ({value})"),
            Constraint::Xv { cells: [a, b], sum } => {
                let letter = if *sum == 5 { "V" } else { "X" };
                write!(f, "{letter} {a}-{b}")
            }
            Constraint::Odd { cell }
            | Constraint::Even { cell }
            | Constraint::Minimum { cell }
            | Constraint::Maximum { cell } => write!(f, "{name} {cell}"),
            Constraint::Palindrome { cells }
            | Constraint::Renban { cells }
            | Constraint::Whispers { cells, .. }
            | Constraint::Between { cells }
            | Constraint::RegionSum { cells }
            | Constraint::Entropic { cells }
            | Constraint::Zipper { cells } => write!(f, "{name} from {}", first(cells)),
            Constraint::Quadruple { cells, values } => {
                let values: Vec<String> = values.iter().map(u8::to_string).collect();
                write!(f, "{name} {} at {}", values.join(""), first(cells))
            }
            Constraint::Clone { cells, clones } => {
                write!(f, "{name} of {} at {}", first(cells), first(clones))
            }
            Constraint::Indexer { cells, .. } => write!(f, "{name} at {}", first(cells)),
            Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
                f.write_str(name)
            }
        }
    }
}
