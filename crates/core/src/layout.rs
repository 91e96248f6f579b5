//! Layouts: the rules of a grid beyond "each value once in every row and column".
//!
//! A classic grid's third kind of unit is its boxes ([`Size`] gives their shape). A layout
//! may replace the boxes with irregular regions (jigsaw), add all-different groups (the two
//! main diagonals of Sudoku X, the windows of windoku, the disjoint groups, any list of cells),
//! add pairs of cells that may not hold the same value (a knight's or a king's move apart) and
//! start each cell from a set of candidates rather than from a clue (pencilmark puzzles).
//!
//! Every rule is data: [`Layout::houses`] lists every group of cells that must all differ
//! (rows, columns, regions, then the extra groups and the cells of killer cages and renban
//! lines), [`Layout::pairs`] the pairs of cells that must differ and are in no house together,
//! and [`Layout::candidates`] what each cell may start as. An engine that reads these three
//! solves any layout without [`Layout::constraints`]; the rest is naming.
//!
//! Rules with numbers and lines (killer cages, thermometers, arrows, dots, ...) are a new kind
//! of rule beside them: [`Layout::constraints`] lists them as [`Constraint`]s, which the
//! [`crate::constraint`] module checks and compiles to propagators for any engine that takes
//! them. [`Layout::needs`] says what a grid asks of an engine ([`Features`]).
//!
//! A grid carries its layout ([`Grid::layout`]); a classic grid carries none, so the classic
//! path of every engine is the one it always was.
//!
//! [`Grid::layout`]: crate::Grid::layout

use std::fmt;

use crate::constraint::{
    self, Constraint, ConstraintError, ConstraintKind, Feature, Features, Shape,
};
use crate::size::{CellName, Size};

/// The largest side, and the largest box order, of a grid.
const MAX_SIDE: usize = Size::MAX_ORDER * Size::MAX_ORDER;
const MAX_ORDER: usize = Size::MAX_ORDER;

// Units numbers every house of a layout in 16 bits.
const _: () = assert!(Layout::MAX_HOUSES < u16::MAX as usize);

/// A rule named by one word in files and on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Rule {
    /// Each main diagonal holds every value once (Sudoku X).
    Diagonals,
    /// The windows, boxes offset by one cell from the grid's edges and from each other, hold
    /// every value once (windoku, hypersudoku). Square boxes only.
    Windoku,
    /// The cells at the same place of every box hold every value once (disjoint groups).
    /// Boxes only, not irregular regions.
    Disjoint,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
}

impl Rule {
    /// Every rule, in the order layouts list them.
    pub const ALL: [Rule; 5] =
        [Rule::Diagonals, Rule::Windoku, Rule::Disjoint, Rule::AntiKnight, Rule::AntiKing];

    /// The word naming the rule in files: `x`, `windoku`, `disjoint`, `anti-knight`,
    /// `anti-king`.
    pub fn word(self) -> &'static str {
        match self {
            Rule::Diagonals => "x",
            Rule::Windoku => "windoku",
            Rule::Disjoint => "disjoint",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
        }
    }

    /// The rule a word names; a few other names people use are read too (`diagonal`,
    /// `hyper`, `antiknight`, ...).
    pub fn from_word(word: &str) -> Option<Rule> {
        let word = word.to_ascii_lowercase().replace(['_', ' '], "-");
        Some(match word.as_str() {
            "x" | "diagonal" | "diagonals" | "sudoku-x" => Rule::Diagonals,
            "windoku" | "hyper" | "window" | "windows" => Rule::Windoku,
            "disjoint" | "disjoint-groups" => Rule::Disjoint,
            "anti-knight" | "antiknight" => Rule::AntiKnight,
            "anti-king" | "antiking" => Rule::AntiKing,
            _ => return None,
        })
    }

    /// The rule for people, in messages and reports: `the diagonals`, `a knight's move`, ...
    pub(crate) fn unit_name(self) -> &'static str {
        match self {
            Rule::Diagonals => "diagonal",
            Rule::Windoku => "window",
            Rule::Disjoint => "disjoint group",
            Rule::AntiKnight => "a knight's move",
            Rule::AntiKing => "a king's move",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Where a group of cells that must all differ comes from, to name it in messages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum House {
    /// A row, from the top.
    Row(usize),
    /// A column, from the left.
    Column(usize),
    /// A box, row by row from the top left.
    Box(usize),
    /// An irregular region, numbered by the order in which its first cell comes.
    Region(usize),
    /// A group a rule adds: the rule and the group's number among that rule's.
    Rule(Rule, usize),
    /// A group given as a list of cells, numbered in the order given among those kept (a
    /// group equal to another house is merged into it, see [`Layout::new`]).
    Extra(usize),
    /// The cells of a constraint whose values differ (a killer cage, a renban line): its kind
    /// and its number among the layout's constraints of that kind.
    Constraint(ConstraintKind, usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(b) => write!(f, "box {}", b + 1),
            House::Region(r) => write!(f, "region {}", r + 1),
            House::Rule(rule, n) => write!(f, "{} {}", rule.unit_name(), n + 1),
            House::Extra(n) => write!(f, "extra region {}", n + 1),
            House::Constraint(kind, n) => write!(f, "{} {}", kind.name(), n + 1),
        }
    }
}

/// Why a layout cannot be made.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LayoutError {
    /// The regions do not cover the grid, one per cell.
    #[error("{found} region marks for a grid of {expected} cells")]
    RegionCount {
        /// Cells of the grid.
        expected: usize,
        /// Marks given.
        found: usize,
    },
    /// A region does not hold as many cells as the side.
    #[error("region {region} has {found} cells, not {side}")]
    RegionSize {
        /// The region, 1-based in the order its first cell comes.
        region: usize,
        /// Its cells.
        found: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A rule that needs square boxes or boxes at all, on a grid without them.
    #[error("`{rule}` needs {needs}")]
    RuleNeeds {
        /// The rule.
        rule: Rule,
        /// What it needs, for people.
        needs: &'static str,
    },
    /// An extra group with a cell outside the grid, a cell twice, or more cells than values.
    #[error("extra region {region} is not {side} or fewer distinct cells of the grid")]
    BadExtra {
        /// The group, 1-based.
        region: usize,
        /// The side of the grid.
        side: usize,
    },
    /// Starting candidates not one set per cell, or with values above the side.
    #[error("candidates for {found} cells of a grid of {expected}, or values above its side")]
    BadCandidates {
        /// Cells of the grid.
        expected: usize,
        /// Sets given.
        found: usize,
    },
    /// More extra groups than a layout may carry ([`Layout::MAX_EXTRA_GROUPS`]).
    #[error("{found} extra regions; a layout carries at most {max}", max = Layout::MAX_EXTRA_GROUPS)]
    TooManyExtra {
        /// Groups given, each counted however often it repeats.
        found: usize,
    },
    /// More cells listed in extra groups than a layout may carry
    /// ([`Layout::MAX_EXTRA_CELLS`]).
    #[error(
        "{found} cells listed in extra regions; a layout carries at most {max}",
        max = Layout::MAX_EXTRA_CELLS
    )]
    TooManyExtraCells {
        /// Cells listed in all the groups given, each counted however often it repeats.
        found: usize,
    },
    /// More constraints than a layout may carry ([`Layout::MAX_CONSTRAINTS`]).
    #[error("{found} rules; a layout carries at most {max}", max = Layout::MAX_CONSTRAINTS)]
    TooManyConstraints {
        /// Constraints given.
        found: usize,
    },
    /// More cells named by constraints than a layout may carry
    /// ([`Layout::MAX_CONSTRAINT_CELLS`]).
    #[error(
        "{found} cells named by rules; a layout carries at most {max}",
        max = Layout::MAX_CONSTRAINT_CELLS
    )]
    TooManyConstraintCells {
        /// Cells named by all the constraints given, each counted however often it repeats.
        found: usize,
    },
    /// A constraint that does not fit the grid ([`Constraint::validate`]).
    #[error("{0}")]
    Constraint(ConstraintError),
}

/// The rules of one grid beyond its rows and columns; see the [module documentation](self).
///
/// Built once per file or per puzzle and shared by the grids that have it (a grid holds it
/// behind an `Arc`). The tables every engine reads ([`Layout::houses`], [`Layout::pairs`])
/// are made when the layout is.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Layout {
    size: Size,
    /// The region of each cell, numbered by first appearance; `None` for the size's boxes.
    regions: Option<Box<[u8]>>,
    /// The named rules, each once, in [`Rule::ALL`]'s order.
    rules: Vec<Rule>,
    /// Groups given as lists of cells (sorted), each all different, each once and none equal
    /// to a house of the rows, columns, regions or rules.
    extra: Vec<Box<[u16]>>,
    /// Each cell's starting candidates (bit `v - 1` for value `v`), if the puzzle gives them.
    candidates: Option<Box<[u64]>>,
    /// The rules with numbers and lines, in the order given.
    constraints: Vec<Constraint>,

    /// Every house: the cells, sorted, and where it comes from.
    houses: Vec<(House, Box<[u16]>)>,
    /// Pairs of cells in no house together that may not hold the same value, each once, the
    /// lower cell first, sorted; with the rule that pairs them.
    pairs: Vec<([u16; 2], Rule)>,
}

impl Layout {
    /// The most extra groups a layout carries, counted as given (a group given twice counts
    /// twice), before those that add nothing are merged. A real puzzle has a few; the bound
    /// keeps the tables every engine builds from a layout, and the work of reading one, small
    /// whatever a file, a request or a caller gives.
    pub const MAX_EXTRA_GROUPS: usize = 1024;

    /// The most cells the extra groups of a layout list in all, counted as given: four times
    /// the cells of the largest grid.
    pub const MAX_EXTRA_CELLS: usize = 16_384;

    /// The most houses a layout has: rows, columns and regions of the largest side, the
    /// groups of every rule (two diagonals, at most 49 windows, a disjoint group per value)
    /// and the extra groups. [`Units`](crate::Units) numbers them in 16 bits.
    pub const MAX_HOUSES: usize = 3 * MAX_SIDE
        + 2
        + (MAX_ORDER - 1) * (MAX_ORDER - 1)
        + MAX_SIDE
        + Layout::MAX_EXTRA_GROUPS
        + Layout::MAX_CONSTRAINTS;

    /// The most constraints (cages, lines, dots, clues) a layout carries. The largest real
    /// variant puzzles have a few hundred; the bound keeps the houses numbered in 16 bits and
    /// the propagators an engine builds small, whatever a file, a request or a caller gives.
    pub const MAX_CONSTRAINTS: usize = 4096;

    /// The most cells the constraints of a layout name in all, counted as given.
    pub const MAX_CONSTRAINT_CELLS: usize = 65_536;

    /// The classic layout of `size`: rows, columns and boxes, no other rule. A grid with this
    /// layout is a classic grid and carries none.
    pub fn classic(size: Size) -> Layout {
        Layout::build(size, None, Vec::new(), Vec::new(), None, Vec::new())
            .expect("the classic layout of every size can be made")
    }

    /// A layout of `size` whose third kind of unit is `regions`, one mark per cell in
    /// row-major order (any values; cells with equal marks share a region), or the size's
    /// boxes if `None`; with `rules`, the groups of cells `extra` and the starting
    /// `candidates` of each cell (bit `v - 1` for value `v`).
    ///
    /// At most [`Layout::MAX_EXTRA_GROUPS`] extra groups listing at most
    /// [`Layout::MAX_EXTRA_CELLS`] cells in all are taken, counted as given; an extra group
    /// equal to another (in any order of its cells), or to a row, a column, a region or a group
    /// of a rule, adds nothing and is merged into it, so that the layout holds each house once.
    pub fn new(
        size: Size,
        regions: Option<&[u32]>,
        rules: &[Rule],
        extra: &[Vec<usize>],
        candidates: Option<&[u64]>,
    ) -> Result<Layout, LayoutError> {
        let (side, cells) = (size.side(), size.cells());
        let regions = match regions {
            None => None,
            Some(marks) => Some(number_regions(size, marks)?),
        };
        let mut rules = rules.to_vec();
        rules.sort_unstable();
        rules.dedup();
        if extra.len() > Layout::MAX_EXTRA_GROUPS {
            return Err(LayoutError::TooManyExtra { found: extra.len() });
        }
        let listed = extra.iter().map(Vec::len).sum::<usize>();
        if listed > Layout::MAX_EXTRA_CELLS {
            return Err(LayoutError::TooManyExtraCells { found: listed });
        }
        let mut groups = Vec::with_capacity(extra.len());
        for (index, group) in extra.iter().enumerate() {
            let mut cells_of: Vec<u16> =
                group.iter().filter(|&&cell| cell < cells).map(|&cell| cell as u16).collect();
            cells_of.sort_unstable();
            cells_of.dedup();
            if cells_of.len() != group.len() || group.is_empty() || group.len() > side {
                return Err(LayoutError::BadExtra { region: index + 1, side });
            }
            groups.push(cells_of.into_boxed_slice());
        }
        let candidates = match candidates {
            None => None,
            Some(sets) => {
                let all = u64::MAX >> (64 - side);
                if sets.len() != cells || sets.iter().any(|&set| set & !all != 0) {
                    return Err(LayoutError::BadCandidates { expected: cells, found: sets.len() });
                }
                Some(sets.into())
            }
        };
        Layout::build(size, regions, rules, groups, candidates, Vec::new())
    }

    /// The same layout with the rules `constraints` (in place of any it had); an error naming
    /// the first that does not fit the grid ([`Constraint::validate`]).
    /// At most [`Layout::MAX_CONSTRAINTS`] constraints naming at most
    /// [`Layout::MAX_CONSTRAINT_CELLS`] cells in all are taken.
    pub fn with_constraints(&self, constraints: Vec<Constraint>) -> Result<Layout, LayoutError> {
        if constraints.len() > Layout::MAX_CONSTRAINTS {
            return Err(LayoutError::TooManyConstraints { found: constraints.len() });
        }
        let named: usize = constraints.iter().map(|rule| rule.places(self.size).len()).sum();
        if named > Layout::MAX_CONSTRAINT_CELLS {
            return Err(LayoutError::TooManyConstraintCells { found: named });
        }
        Layout::build(
            self.size,
            self.regions.clone(),
            self.rules.clone(),
            self.extra.clone(),
            self.candidates.clone(),
            constraints,
        )
    }

    fn build(
        size: Size,
        regions: Option<Box<[u8]>>,
        rules: Vec<Rule>,
        extra: Vec<Box<[u16]>>,
        candidates: Option<Box<[u64]>>,
        constraints: Vec<Constraint>,
    ) -> Result<Layout, LayoutError> {
        let side = size.side();
        for constraint in &constraints {
            constraint.validate(size, regions.is_none()).map_err(LayoutError::Constraint)?;
        }
        let mut houses: Vec<(House, Box<[u16]>)> = Vec::new();
        let cells_where = |keep: &dyn Fn(usize) -> bool| -> Box<[u16]> {
            (0..size.cells()).filter(|&cell| keep(cell)).map(|cell| cell as u16).collect()
        };
        for row in 0..side {
            houses.push((House::Row(row), cells_where(&|cell| size.row_of(cell) == row)));
        }
        for col in 0..side {
            houses.push((House::Column(col), cells_where(&|cell| size.col_of(cell) == col)));
        }
        match &regions {
            None => {
                for b in 0..side {
                    houses.push((House::Box(b), cells_where(&|cell| size.box_of(cell) == b)));
                }
            }
            Some(marks) => {
                for r in 0..side {
                    let region = cells_where(&|cell| usize::from(marks[cell]) == r);
                    houses.push((House::Region(r), region));
                }
            }
        }
        let mut pairs = Vec::new();
        for &rule in &rules {
            match rule {
                Rule::Diagonals => {
                    let main = cells_where(&|cell| size.row_of(cell) == size.col_of(cell));
                    let anti =
                        cells_where(&|cell| size.row_of(cell) + size.col_of(cell) == side - 1);
                    houses.push((House::Rule(rule, 0), main));
                    houses.push((House::Rule(rule, 1), anti));
                }
                Rule::Windoku => {
                    let Some(order) = size.square_order().filter(|_| regions.is_none()) else {
                        return Err(LayoutError::RuleNeeds { rule, needs: "square boxes" });
                    };
                    // Windows start one cell in from the edge and one cell after the last.
                    let starts: Vec<usize> = (0..order - 1).map(|k| 1 + k * (order + 1)).collect();
                    let mut n = 0;
                    for &top in &starts {
                        for &left in &starts {
                            let inside =
                                |line: usize, start: usize| (start..start + order).contains(&line);
                            let window = cells_where(&|cell| {
                                inside(size.row_of(cell), top) && inside(size.col_of(cell), left)
                            });
                            houses.push((House::Rule(rule, n), window));
                            n += 1;
                        }
                    }
                }
                Rule::Disjoint => {
                    if regions.is_some() {
                        return Err(LayoutError::RuleNeeds { rule, needs: "boxes, not regions" });
                    }
                    for place in 0..side {
                        let group = cells_where(&|cell| size.position_in_box(cell) == place);
                        houses.push((House::Rule(rule, place), group));
                    }
                }
                Rule::AntiKnight | Rule::AntiKing => {
                    let moves: &[(isize, isize)] = if rule == Rule::AntiKnight {
                        &[(1, 2), (2, 1), (1, -2), (2, -1)]
                    } else {
                        &[(1, 1), (1, -1)]
                    };
                    for cell in 0..size.cells() {
                        let (row, col) = (size.row_of(cell), size.col_of(cell));
                        for &(down, across) in moves {
                            let (r, c) = (row as isize + down, col as isize + across);
                            if (0..side as isize).contains(&r) && (0..side as isize).contains(&c) {
                                let other = size.cell_at(r as usize, c as usize);
                                pairs
                                    .push(([cell.min(other) as u16, cell.max(other) as u16], rule));
                            }
                        }
                    }
                }
            }
        }
        // An extra group equal to a house already listed (a row, a column, a region, a group
        // of a rule, or an extra group before it) adds nothing: it is merged into that one.
        let mut extra = extra;
        if !extra.is_empty() {
            let mut listed: std::collections::HashSet<Box<[u16]>> =
                houses.iter().map(|(_, cells)| cells.clone()).collect();
            extra.retain(|group| listed.insert(group.clone()));
        }
        for (n, group) in extra.iter().enumerate() {
            houses.push((House::Extra(n), group.clone()));
        }
        // The cells a constraint keeps apart, numbered among the constraints of its kind; a
        // group of more cells than values is no house (the rule cannot hold: its propagator
        // says so).
        let mut numbers = [0usize; ConstraintKind::ALL.len()];
        for constraint in &constraints {
            let kind = constraint.kind();
            let Some(cells) = constraint.distinct_cells() else { continue };
            let number = numbers[kind as usize];
            numbers[kind as usize] += 1;
            if cells.len() <= side {
                let mut members: Vec<u16> = cells
                    .iter()
                    .map(|place| place.cell(size).expect("a validated constraint") as u16)
                    .collect();
                members.sort_unstable();
                houses.push((House::Constraint(kind, number), members.into_boxed_slice()));
            }
        }
        debug_assert!(houses.len() <= Layout::MAX_HOUSES);
        // A pair of cells already in a house together adds nothing.
        let mut house_of_pair = std::collections::HashSet::new();
        for (_, cells) in &houses {
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    house_of_pair.insert([a, b]);
                }
            }
        }
        pairs.retain(|(pair, _)| !house_of_pair.contains(pair));
        pairs.sort_unstable();
        pairs.dedup_by_key(|(pair, _)| *pair);
        Ok(Layout { size, regions, rules, extra, candidates, constraints, houses, pairs })
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether this is the classic layout of its size: boxes, no rule, no extra group, no
    /// starting candidates, no constraint.
    pub fn is_classic(&self) -> bool {
        self.regions.is_none()
            && self.rules.is_empty()
            && self.extra.is_empty()
            && self.candidates.is_none()
            && self.constraints.is_empty()
    }

    /// The rules with numbers and lines, in the order given.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// What a rule needs to know of the grid beyond its cells: the size and the regions.
    pub fn shape(&self) -> Shape<'_> {
        Shape { size: self.size, regions: self.regions.as_deref() }
    }

    /// What the layout asks of an engine: nothing for the classic layout; layouts (its houses,
    /// pairs and starting candidates, which any other layout has in some form), and the kind
    /// of each of its constraints.
    pub fn needs(&self) -> Features {
        if self.is_classic() {
            return Features::NONE;
        }
        let kinds = self.constraints.iter().map(|c| Feature::Constraint(c.kind()));
        Features::LAYOUTS.union(Features::of(kinds))
    }

    /// The region of each cell, numbered `0..side` in the order their first cells come, if
    /// the regions are irregular; `None` when they are the size's boxes.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The region (or box) of `cell`.
    pub fn region_of(&self, cell: usize) -> usize {
        self.regions.as_ref().map_or_else(|| self.size.box_of(cell), |r| usize::from(r[cell]))
    }

    /// The named rules, each once, in [`Rule::ALL`]'s order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Whether the layout has `rule`.
    pub fn has(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }

    /// The groups given as lists of cells, each sorted, in the order given: each once, and
    /// none equal to a row, column, region or group of a rule (see [`Layout::new`]).
    pub fn extra(&self) -> &[Box<[u16]>] {
        &self.extra
    }

    /// Each cell's starting candidates, bit `v - 1` for value `v`, if the puzzle gives them.
    pub fn candidates(&self) -> Option<&[u64]> {
        self.candidates.as_deref()
    }

    /// The same layout with each cell's starting candidates `candidates` (or none).
    pub fn with_candidates(&self, candidates: Option<&[u64]>) -> Result<Layout, LayoutError> {
        let regions: Option<Vec<u32>> =
            self.regions.as_ref().map(|r| r.iter().map(|&m| u32::from(m)).collect());
        let extra: Vec<Vec<usize>> =
            self.extra.iter().map(|g| g.iter().map(|&c| usize::from(c)).collect()).collect();
        Layout::new(self.size, regions.as_deref(), &self.rules, &extra, candidates)?
            .with_constraints(self.constraints.clone())
    }

    /// Every group of cells that must all differ, with where it comes from: the rows, the
    /// columns, the boxes or regions (each `side` of them, in that order), then the groups of
    /// the rules, the extra groups and the cells of the constraints that keep their values
    /// apart (killer cages, renban lines). A house of `side` cells holds every value once; a
    /// smaller one (an extra group) holds distinct values.
    pub fn houses(&self) -> &[(House, Box<[u16]>)] {
        &self.houses
    }

    /// The pairs of cells that may not hold the same value and share no house, each once,
    /// lower cell first, sorted, with the rule that pairs them.
    pub fn pairs(&self) -> &[([u16; 2], Rule)] {
        &self.pairs
    }

    /// Whether the rows, columns and boxes or regions are the only complete houses and no
    /// pair or candidate is given: a grid whose rules are those of a classic grid with other
    /// regions (jigsaw).
    pub fn is_regions_only(&self) -> bool {
        self.rules.is_empty()
            && self.extra.is_empty()
            && self.candidates.is_none()
            && self.constraints.is_empty()
    }

    /// A short name for people and reports: `9×9`, `9×9 jigsaw`, `9×9 x windoku`,
    /// `9×9 pencilmark`, ...
    pub fn name(&self) -> String {
        let mut name = self.size.to_string();
        for word in self.words() {
            name.push(' ');
            name.push_str(&word);
        }
        name
    }

    /// The words that say what the layout adds to the classic one: `jigsaw`, the rules' words,
    /// `extra-regions`, `pencilmark`, then the word of each kind of its constraints
    /// ([`ConstraintKind::word`]: `killer`, `thermo`, ...); none for a classic layout.
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if self.regions.is_some() {
            words.push("jigsaw".to_owned());
        }
        words.extend(self.rules.iter().map(|rule| rule.word().to_owned()));
        if !self.extra.is_empty() {
            words.push("extra-regions".to_owned());
        }
        if self.candidates.is_some() {
            words.push("pencilmark".to_owned());
        }
        for kind in ConstraintKind::ALL {
            if self.constraints.iter().any(|constraint| constraint.kind() == kind) {
                words.push(kind.word().to_owned());
            }
        }
        words
    }

    /// The first rule of the layout that `cells` (a grid's values, 0 for empty) break, if any:
    /// a value outside its cell's candidates, a value twice in a house or in a pair, or a
    /// constraint broken by the cells it can be judged on ([`constraint::first_broken`]).
    pub fn first_broken(&self, cells: &[u8]) -> Option<Broken> {
        if let Some(candidates) = &self.candidates {
            let outside = (0..cells.len())
                .find(|&c| cells[c] != 0 && candidates[c] & (1 << (cells[c] - 1)) == 0);
            if let Some(cell) = outside {
                return Some(Broken::NotACandidate {
                    cell: self.size.name(cell),
                    value: cells[cell],
                });
            }
        }
        for (house, members) in &self.houses {
            let mut seen_at = [u16::MAX; 65];
            for &cell in members.iter() {
                let value = usize::from(cells[usize::from(cell)]);
                if value == 0 {
                    continue;
                }
                if seen_at[value] != u16::MAX {
                    return Some(Broken::Repeat {
                        value: value as u8,
                        house: Some(*house),
                        rule: None,
                        first: self.size.name(usize::from(seen_at[value])),
                        second: self.size.name(usize::from(cell)),
                    });
                }
                seen_at[value] = cell;
            }
        }
        let pair = self.pairs.iter().find_map(|&([a, b], rule)| {
            let value = cells[usize::from(a)];
            (value != 0 && value == cells[usize::from(b)]).then(|| Broken::Repeat {
                value,
                house: None,
                rule: Some(rule),
                first: self.size.name(usize::from(a)),
                second: self.size.name(usize::from(b)),
            })
        });
        if pair.is_some() || self.constraints.is_empty() {
            return pair;
        }
        let (index, message) = constraint::first_broken(&self.constraints, &self.shape(), cells)?;
        let constraint = &self.constraints[index];
        let at = constraint.places(self.size).into_iter().find_map(|place| place.cell(self.size));
        Some(Broken::Constraint {
            kind: constraint.kind(),
            index,
            at: at.map(|cell| self.size.name(cell)),
            message,
        })
    }
}

/// What decides which engines take a grid, and under which name runs are reported: its size
/// and the words of its layout ([`Layout::words`]: none for a classic grid). Two jigsaw grids
/// of different regions are of one kind.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GridKind {
    size: Size,
    /// The layout's words joined by spaces; empty for a classic grid.
    words: String,
    /// What the grids of this kind ask of an engine.
    needs: Features,
}

impl GridKind {
    /// The kind of `grid`.
    pub fn of(grid: &crate::Grid) -> GridKind {
        let words = grid.layout().map(|layout| layout.words().join(" ")).unwrap_or_default();
        let needs = grid.layout().map_or(Features::NONE, |layout| layout.needs());
        GridKind { size: grid.size(), words, needs }
    }

    /// The kind of the classic grids of `size`.
    pub fn classic(size: Size) -> GridKind {
        GridKind { size, words: String::new(), needs: Features::NONE }
    }

    /// What the grids of this kind ask of an engine ([`Layout::needs`]).
    pub fn needs(&self) -> Features {
        self.needs
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the grids of this kind are classic.
    pub fn is_classic(&self) -> bool {
        self.words.is_empty()
    }

    /// The kind in ASCII, for file names, reports and CSV: the size's
    /// [`Size::ascii_name`], then the layout's words (`9x9`, `9x9 x anti-knight`).
    pub fn ascii_name(&self) -> String {
        self.with_size(self.size.ascii_name())
    }

    fn with_size(&self, size: String) -> String {
        if self.words.is_empty() { size } else { format!("{size} {}", self.words) }
    }
}

impl fmt::Display for GridKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.with_size(self.size.to_string()))
    }
}

/// A rule of a layout that some values break ([`Layout::first_broken`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Broken {
    /// A value twice in a house, or at two cells a rule pairs.
    Repeat {
        /// The value.
        value: u8,
        /// The house it repeats in, if it is one.
        house: Option<House>,
        /// The rule that pairs the two cells, if they share no house.
        rule: Option<Rule>,
        /// The earlier cell.
        first: CellName,
        /// The later cell.
        second: CellName,
    },
    /// A value its cell did not have among its starting candidates.
    NotACandidate {
        /// The cell.
        cell: CellName,
        /// The value.
        value: u8,
    },
    /// A constraint broken ([`constraint::first_broken`]).
    Constraint {
        /// Its kind.
        kind: ConstraintKind,
        /// Its index among the layout's constraints.
        index: usize,
        /// Its first cell on the grid, if it has one (the negative rules have none).
        at: Option<CellName>,
        /// What is wrong, for people: `killer cage at r1c1 (sum 15) adds to 17`.
        message: String,
    },
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Broken::Repeat { value, house: Some(house), first, second, .. } => {
                write!(f, "{value} at {second} repeats in {house} (also at {first})")
            }
            Broken::Repeat { value, rule, first, second, .. } => {
                let how = rule.map_or("a pair", Rule::unit_name);
                write!(f, "{value} at {second} repeats {how} away (at {first})")
            }
            Broken::NotACandidate { cell, value } => {
                write!(f, "{value} at {cell} is not one of its candidates")
            }
            Broken::Constraint { message, .. } => f.write_str(message),
        }
    }
}

/// Numbers the regions of `marks` (one per cell) `0..side` by the order their first cells
/// come, checking each has `side` cells.
fn number_regions(size: Size, marks: &[u32]) -> Result<Box<[u8]>, LayoutError> {
    let (side, cells) = (size.side(), size.cells());
    if marks.len() != cells {
        return Err(LayoutError::RegionCount { expected: cells, found: marks.len() });
    }
    let mut seen: Vec<u32> = Vec::with_capacity(side);
    let mut numbers = Vec::with_capacity(cells);
    let mut counts = vec![0usize; side + 1];
    for &mark in marks {
        let number = match seen.iter().position(|&m| m == mark) {
            Some(number) => number,
            None => {
                seen.push(mark);
                seen.len() - 1
            }
        };
        if number >= side {
            // More regions than the side: the first region past the side is too small.
            return Err(LayoutError::RegionSize { region: side + 1, found: 1, side });
        }
        counts[number] += 1;
        numbers.push(number as u8);
    }
    if let Some(region) = (0..side).find(|&r| counts[r] != side) {
        return Err(LayoutError::RegionSize { region: region + 1, found: counts[region], side });
    }
    Ok(numbers.into_boxed_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_layouts_have_rows_columns_and_boxes_only() {
        for size in Size::all() {
            let layout = Layout::classic(size);
            assert!(layout.is_classic());
            assert_eq!(layout.houses().len(), 3 * size.side());
            assert!(layout.pairs().is_empty());
            assert_eq!(layout.name(), size.to_string());
        }
    }

    #[test]
    fn rules_add_their_groups_and_pairs() {
        let nine = Size::NINE;
        let x = Layout::new(nine, None, &[Rule::Diagonals], &[], None).unwrap();
        assert_eq!(x.houses().len(), 29);
        assert_eq!(&*x.houses()[28].1, &[8, 16, 24, 32, 40, 48, 56, 64, 72]);
        let windoku = Layout::new(nine, None, &[Rule::Windoku], &[], None).unwrap();
        assert_eq!(windoku.houses().len(), 31);
        assert_eq!(&*windoku.houses()[27].1, &[10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(windoku.houses()[30].1[0], 5 * 9 + 5);
        let disjoint = Layout::new(nine, None, &[Rule::Disjoint], &[], None).unwrap();
        assert_eq!(&*disjoint.houses()[27].1, &[0, 3, 6, 27, 30, 33, 54, 57, 60]);
        // A knight's moves inside a box add nothing: the corner cell has none left, the
        // centre cell all 8.
        let knight = Layout::new(nine, None, &[Rule::AntiKnight], &[], None).unwrap();
        let mut moves = [0; 81];
        for ([a, b], rule) in knight.pairs() {
            assert_eq!(*rule, Rule::AntiKnight);
            moves[usize::from(*a)] += 1;
            moves[usize::from(*b)] += 1;
        }
        assert_eq!((moves[0], moves[40]), (0, 8));
        // A king's diagonal steps inside a box add nothing; those across a box's edge do.
        let king = Layout::new(nine, None, &[Rule::AntiKing], &[], None).unwrap();
        assert!(
            king.pairs()
                .iter()
                .all(|([a, b], _)| nine.box_of((*a).into()) != nine.box_of((*b).into()))
        );
        // 128 diagonal steps, 72 of them inside a box.
        assert_eq!(king.pairs().len(), 56);
        assert_eq!(knight.name(), "9×9 anti-knight");
    }

    #[test]
    fn jigsaw_regions_are_numbered_and_checked() {
        let four = Size::from_side(4).unwrap();
        let marks: Vec<u32> = "AABBACCBADCBDDCD".bytes().map(u32::from).collect();
        let layout = Layout::new(four, Some(&marks), &[], &[], None).unwrap();
        assert_eq!(layout.regions().unwrap(), &[0, 0, 1, 1, 0, 2, 2, 1, 0, 3, 2, 1, 3, 3, 2, 3]);
        assert_eq!(layout.houses()[8], (House::Region(0), vec![0, 1, 4, 8].into()));
        assert_eq!(layout.name(), "4×4 jigsaw");
        let short: Vec<u32> = "AABBACCBADCBDDCA".bytes().map(u32::from).collect();
        assert_eq!(
            Layout::new(four, Some(&short), &[], &[], None),
            Err(LayoutError::RegionSize { region: 1, found: 5, side: 4 })
        );
        assert!(Layout::new(four, Some(&marks), &[Rule::Windoku], &[], None).is_err());
        assert!(Layout::new(four, Some(&marks), &[Rule::Disjoint], &[], None).is_err());
        assert!(
            Layout::new(Size::from_side(6).unwrap(), None, &[Rule::Windoku], &[], None).is_err()
        );
    }

    /// An extra group equal to another (its cells in any order) or to a row, column, region or
    /// group of a rule adds nothing: the layout holds each house once.
    #[test]
    fn extra_groups_that_add_nothing_are_merged() {
        let nine = Size::NINE;
        let diagonal: Vec<usize> = (0..9).map(|n| n * 10).collect();
        let group = vec![0, 10, 20];
        let backwards = vec![20, 0, 10];
        let row: Vec<usize> = (9..18).collect();
        let extra = [group.clone(), row, diagonal.clone(), backwards, group.clone()];
        let x = Layout::new(nine, None, &[Rule::Diagonals], &extra, None).unwrap();
        assert_eq!(x.extra(), [Box::from([0u16, 10, 20])]);
        assert_eq!(x.houses().len(), 27 + 2 + 1);
        assert_eq!(x.houses()[29].0, House::Extra(0));
        // Without `x`, the diagonal is a group of its own; a row alone is the classic layout.
        let plain = Layout::new(nine, None, &[], &extra, None).unwrap();
        assert_eq!(plain.extra().len(), 2);
        assert!(Layout::new(nine, None, &[], &[(0..9).collect()], None).unwrap().is_classic());
        // Merged or not, the same rules make equal layouts.
        let once = Layout::new(nine, None, &[], &[group, diagonal], None).unwrap();
        assert_eq!(plain, once);
    }

    /// What a layout carries is bounded: extra groups, and the cells they list, counted as
    /// given; the bound is refused with the count, never taken to the tables.
    #[test]
    fn a_layout_carries_a_bounded_number_of_extra_groups() {
        let nine = Size::NINE;
        let pair = vec![0, 1];
        let many = vec![pair; Layout::MAX_EXTRA_GROUPS + 1];
        assert_eq!(
            Layout::new(nine, None, &[], &many, None),
            Err(LayoutError::TooManyExtra { found: 1025 })
        );
        assert_eq!(
            LayoutError::TooManyExtra { found: 70_000 }.to_string(),
            "70000 extra regions; a layout carries at most 1024"
        );
        let largest = Size::from_order(8).unwrap();
        let full_rows: Vec<Vec<usize>> =
            (0..257).map(|n| (0..64).map(|col| (n % 64) * 64 + col).collect()).collect();
        assert_eq!(
            Layout::new(largest, None, &[], &full_rows, None),
            Err(LayoutError::TooManyExtraCells { found: 257 * 64 })
        );
        // Every group at the bound, each of a side's cells: the units number them all.
        let mut state = 1u64;
        let mut draw = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % 81
        };
        let distinct: Vec<Vec<usize>> = (0..Layout::MAX_EXTRA_GROUPS)
            .map(|_| {
                let mut group = Vec::new();
                while group.len() < 9 {
                    let cell = draw();
                    if !group.contains(&cell) {
                        group.push(cell);
                    }
                }
                group
            })
            .collect();
        let layout = Layout::new(nine, None, &[Rule::Windoku], &distinct, None).unwrap();
        assert_eq!(layout.extra().len(), Layout::MAX_EXTRA_GROUPS);
        let mut units = crate::Units::default();
        units.set_layout(Some(&layout), nine);
        assert_eq!(units.count(), 27 + 4 + Layout::MAX_EXTRA_GROUPS);
        for cell in 0..81 {
            let more = units.more_units_of(cell).iter().zip(units.more_positions_of(cell));
            for (&unit, &position) in more {
                assert_eq!(units.cells_of(usize::from(unit))[usize::from(position)], cell as u16);
            }
        }
    }

    #[test]
    fn broken_rules_are_named() {
        let nine = Size::NINE;
        let x = Layout::new(nine, None, &[Rule::Diagonals, Rule::AntiKnight], &[], None).unwrap();
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[80] = 5;
        assert_eq!(
            x.first_broken(&cells).unwrap().to_string(),
            "5 at r9c9 repeats in diagonal 1 (also at r1c1)"
        );
        (cells[0], cells[80]) = (0, 0);
        (cells[20], cells[31]) = (5, 5);
        assert_eq!(
            x.first_broken(&cells).unwrap().to_string(),
            "5 at r4c5 repeats a knight's move away (at r3c3)"
        );
        let mut sets = vec![0b1_1111_1111u64; 81];
        sets[0] = 0b1;
        let pencil = Layout::new(nine, None, &[], &[], Some(&sets)).unwrap();
        assert_eq!(
            pencil.first_broken(&[5; 81][..]).unwrap().to_string(),
            "5 at r1c1 is not one of its candidates"
        );
        assert!(Layout::new(nine, None, &[], &[vec![0, 0]], None).is_err());
        assert!(Layout::new(nine, None, &[], &[], Some(&[1 << 9; 81])).is_err());
    }
}
