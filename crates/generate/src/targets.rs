//! What a generated puzzle must be beyond minimal with one solution: a symmetry of its clue
//! pattern, a clue count, a mask of clue places, a rating, techniques its solving path needs.
//!
//! Everything is parsed and checked here, before any puzzle is made, so that the command
//! line, the Python package and the web page refuse the same impossible targets with the same
//! words: each [`Refusal`] names the flag it is about.

use std::fmt;

use sudoku_core::{Grid, Size};
use sudoku_logic::{Band, Scale, Technique};

use crate::layouts::Recipe;

/// A symmetry of a clue pattern: the cells a puzzle gives are mapped onto given cells. It
/// says nothing of the values (unlike `sudoku_core::symmetry`, which maps solved grids to
/// solved grids), so any grid can be cut to any of these patterns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum ClueSymmetry {
    /// No constraint.
    #[default]
    None,
    /// A half turn about the centre (the newspaper symmetry).
    Rot180,
    /// A quarter turn about the centre (and so also a half turn).
    Rot90,
    /// The reflection in the main diagonal (top left to bottom right).
    Diagonal,
    /// The reflection in the other diagonal.
    AntiDiagonal,
    /// The reflection left to right (about the middle column).
    Mirror,
    /// The reflection top to bottom (about the middle row).
    Flip,
    /// Both reflections of the middle column and row (and so the half turn).
    Sticks,
    /// Both diagonal reflections (and so the half turn).
    Diagonals,
    /// Every rotation and reflection of the square.
    Full,
}

/// A map of (row, column) to (row, column).
type CellMap = dyn Fn(usize, usize) -> (usize, usize);

impl ClueSymmetry {
    /// Every symmetry, in the order the help lists them.
    pub const ALL: [ClueSymmetry; 10] = [
        ClueSymmetry::None,
        ClueSymmetry::Rot180,
        ClueSymmetry::Rot90,
        ClueSymmetry::Diagonal,
        ClueSymmetry::AntiDiagonal,
        ClueSymmetry::Mirror,
        ClueSymmetry::Flip,
        ClueSymmetry::Sticks,
        ClueSymmetry::Diagonals,
        ClueSymmetry::Full,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ClueSymmetry::None => "none",
            ClueSymmetry::Rot180 => "rot180",
            ClueSymmetry::Rot90 => "rot90",
            ClueSymmetry::Diagonal => "diagonal",
            ClueSymmetry::AntiDiagonal => "antidiagonal",
            ClueSymmetry::Mirror => "mirror",
            ClueSymmetry::Flip => "flip",
            ClueSymmetry::Sticks => "sticks",
            ClueSymmetry::Diagonals => "diagonals",
            ClueSymmetry::Full => "full",
        }
    }

    /// The symmetry named `text`, or a refusal listing the names.
    pub fn parse(text: &str) -> Result<ClueSymmetry, Refusal> {
        ClueSymmetry::ALL.into_iter().find(|symmetry| symmetry.name() == text).ok_or_else(|| {
            let names: Vec<&str> = ClueSymmetry::ALL.iter().map(|s| s.name()).collect();
            Refusal::new(
                "--symmetry",
                format!("no symmetry '{text}' (one of {})", names.join(", ")),
            )
        })
    }

    /// The maps that generate the symmetry's group, on (row, column) of a grid of side `side`.
    fn generators(self, side: usize) -> Vec<Box<CellMap>> {
        let last = side - 1;
        let half_turn = move |r: usize, c: usize| (last - r, last - c);
        let quarter_turn = move |r: usize, c: usize| (c, last - r);
        let diagonal = |r: usize, c: usize| (c, r);
        let anti = move |r: usize, c: usize| (last - c, last - r);
        let mirror = move |r: usize, c: usize| (r, last - c);
        let flip = move |r: usize, c: usize| (last - r, c);
        match self {
            ClueSymmetry::None => vec![],
            ClueSymmetry::Rot180 => vec![Box::new(half_turn)],
            ClueSymmetry::Rot90 => vec![Box::new(quarter_turn)],
            ClueSymmetry::Diagonal => vec![Box::new(diagonal)],
            ClueSymmetry::AntiDiagonal => vec![Box::new(anti)],
            ClueSymmetry::Mirror => vec![Box::new(mirror)],
            ClueSymmetry::Flip => vec![Box::new(flip)],
            ClueSymmetry::Sticks => vec![Box::new(mirror), Box::new(flip)],
            ClueSymmetry::Diagonals => vec![Box::new(diagonal), Box::new(anti)],
            ClueSymmetry::Full => vec![Box::new(quarter_turn), Box::new(diagonal)],
        }
    }

    /// The cells of `size` in orbits: sets of cells the symmetry maps onto each other, which a
    /// symmetric pattern gives all or none of. Each orbit is sorted, and the orbits are in the
    /// order of their first cell.
    pub fn orbits(self, size: Size) -> Vec<Vec<usize>> {
        let generators = self.generators(size.side());
        let mut orbit_of = vec![usize::MAX; size.cells()];
        let mut orbits: Vec<Vec<usize>> = Vec::new();
        for start in 0..size.cells() {
            if orbit_of[start] != usize::MAX {
                continue;
            }
            let mut orbit = vec![start];
            orbit_of[start] = orbits.len();
            let mut next = 0;
            while next < orbit.len() {
                let cell = orbit[next];
                next += 1;
                for map in &generators {
                    let (r, c) = map(size.row_of(cell), size.col_of(cell));
                    let image = size.cell_at(r, c);
                    if orbit_of[image] == usize::MAX {
                        orbit_of[image] = orbits.len();
                        orbit.push(image);
                    }
                }
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue places `mask` (one flag a cell) are symmetric.
    pub fn keeps(self, size: Size, mask: &[bool]) -> bool {
        self.orbits(size).iter().all(|orbit| orbit.iter().all(|&cell| mask[cell] == mask[orbit[0]]))
    }
}

/// The rating a puzzle must have.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum RatingTarget {
    /// The rating (the hardest step's difficulty) within `low..=high`, of a puzzle the ladder
    /// solves.
    Range {
        /// The lowest rating accepted.
        low: f64,
        /// The highest rating accepted.
        high: f64,
    },
    /// The band `sudoku rate` names (`1-singles` ... `6-guessing`).
    Band(Band),
}

impl RatingTarget {
    /// `LO..HI`, `LO..`, `..HI`, `X` (exactly, to the tenth) or a band's name (with or without
    /// its rank: `5-forcing`, `forcing`).
    pub fn parse(text: &str) -> Result<RatingTarget, Refusal> {
        if let Some(band) =
            Band::ALL.into_iter().find(|band| band.name() == text || band.name()[2..] == *text)
        {
            return Ok(RatingTarget::Band(band));
        }
        let number = |part: &str, default: f64| -> Result<f64, Refusal> {
            if part.is_empty() {
                return Ok(default);
            }
            part.parse::<f64>().ok().filter(|value| value.is_finite()).ok_or_else(|| {
                let bands: Vec<&str> = Band::ALL.iter().map(|band| band.name()).collect();
                Refusal::new(
                    "--rating",
                    format!(
                        "'{text}' is neither a range LO..HI of ratings nor a band ({})",
                        bands.join(", ")
                    ),
                )
            })
        };
        let (low, high) = match text.split_once("..") {
            Some((low, high)) => (number(low, 0.0)?, number(high, f64::MAX)?),
            None => {
                let value = number(text, 0.0)?;
                (value, value)
            }
        };
        Ok(RatingTarget::Range { low, high })
    }
}

impl fmt::Display for RatingTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingTarget::Band(band) => write!(f, "{band}"),
            RatingTarget::Range { low, high } if *high == f64::MAX => write!(f, "{low:.1}.."),
            RatingTarget::Range { low, high } => write!(f, "{low:.1}..{high:.1}"),
        }
    }
}

/// A target that cannot be met, or that is not understood: the flag it is about and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// The flag, as the command line spells it (`--rating`).
    pub flag: &'static str,
    /// What is wrong, in one line.
    pub message: String,
}

impl Refusal {
    /// A refusal of `flag`'s value, for `message`.
    pub fn new(flag: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { flag, message: message.into() }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.flag, self.message)
    }
}

impl std::error::Error for Refusal {}

/// The attempts a puzzle may take by default before its number is given up: a few seconds of
/// one core at 9×9 for a hard rating target.
pub const DEFAULT_ATTEMPTS: u64 = 2000;

/// Everything a puzzle must be. [`Targets::default`] asks for nothing more than a minimal
/// puzzle with one solution, which is made exactly as [`crate::generate_one`] makes it.
#[derive(Clone, PartialEq, Debug)]
pub struct Targets {
    /// The symmetry of the clue pattern; the puzzle is minimal among puzzles of that symmetry
    /// (no orbit of clues can be removed).
    pub symmetry: ClueSymmetry,
    /// The clue count, within `low..=high`.
    pub clues: Option<(usize, usize)>,
    /// Whether every clue (every orbit of clues, with a symmetry) must be needed.
    pub minimal: bool,
    /// Clue places: puzzle `i` has clues exactly at mask `i` modulo their number.
    pub patterns: Vec<Vec<bool>>,
    /// The rating, on the size's scale ([`scale_for`]).
    pub rating: Option<RatingTarget>,
    /// Techniques the solving path must use.
    pub needs: Vec<Technique>,
    /// The technique of the path's hardest step.
    pub hardest: Option<Technique>,
    /// How many candidate puzzles one puzzle number may try before it is given up.
    pub attempts: u64,
    /// The layout of each puzzle: classic unless asked.
    pub layout: Recipe,
    /// Puzzles to search near (`--near`): puzzle `i` is found in the vicinity of puzzle `i`
    /// modulo their number, by the walk that looks for the hardest puzzles; each must have
    /// one solution ([`crate::check_near`]).
    pub near: Vec<Grid>,
}

impl Default for Targets {
    fn default() -> Targets {
        Targets {
            symmetry: ClueSymmetry::None,
            clues: None,
            minimal: true,
            patterns: Vec::new(),
            rating: None,
            needs: Vec::new(),
            hardest: None,
            attempts: DEFAULT_ATTEMPTS,
            layout: Recipe::default(),
            near: Vec::new(),
        }
    }
}

/// The scale ratings are on at `size`: Sudoku Explainer's at 9×9, as `sudoku rate` rates, and
/// the workbench ladder at the other sizes (Sudoku Explainer rates only 9×9 puzzles).
pub fn scale_for(size: Size) -> Scale {
    if size == Size::NINE { Scale::Explainer } else { Scale::Workbench }
}

/// The highest rating `scale` can give: its hardest technique's difficulty, and a point for
/// the tenths a bigger pattern adds to a step (a longer loop, a bigger set).
pub fn scale_top(scale: Scale) -> f64 {
    scale.techniques().iter().map(|technique| technique.difficulty()).fold(0.0, f64::max) + 1.0
}

/// The fewest clues a puzzle of `size` with one solution can have, as far as is known: 4 at
/// 4×4, 17 at 9×9 (proved by exhaustive search), and otherwise `side − 1` (with fewer, two
/// values never appear and can be swapped).
pub fn fewest_clues(size: Size) -> usize {
    match size.side() {
        4 => 4,
        9 => 17,
        side => side - 1,
    }
}

/// The technique named `text` on `scale`, or a refusal for `flag` listing the scale's names.
pub fn parse_technique(text: &str, scale: Scale, flag: &'static str) -> Result<Technique, Refusal> {
    match Technique::from_name(text) {
        Some(technique) if scale.names().contains(&technique) => Ok(technique),
        found => {
            let names: Vec<&str> = scale.names().iter().map(|t| t.key()).collect();
            let what = match found {
                Some(technique) => format!("{} is not on this size's ladder", technique.name()),
                None => format!("no technique '{text}'"),
            };
            Err(Refusal::new(flag, format!("{what} (one of {})", names.join(", "))))
        }
    }
}

/// `N..M`, `N..`, `..M` or `N` clues.
pub fn parse_clues(text: &str, size: Size) -> Result<(usize, usize), Refusal> {
    let number = |part: &str, default: usize| -> Result<usize, Refusal> {
        if part.is_empty() {
            return Ok(default);
        }
        part.parse().map_err(|_| {
            Refusal::new("--clues", format!("'{text}' is not a clue count N or range N..M"))
        })
    };
    match text.split_once("..") {
        Some((low, high)) => Ok((number(low, 0)?, number(high, size.cells())?)),
        None => number(text, 0).map(|n| (n, n)),
    }
}

/// Clue masks, one a puzzle: lines of `x` (or a digit) for a clue and `.` (or `0`, `-`) for
/// none, either one line of all the cells per mask or one line per row; blank lines and lines
/// starting with `#` are skipped. `source` names the text in refusals.
pub fn parse_patterns(text: &str, size: Size, source: &str) -> Result<Vec<Vec<bool>>, Refusal> {
    let (side, cells) = (size.side(), size.cells());
    let mut masks = Vec::new();
    let mut rows: Vec<bool> = Vec::new();
    let mut rows_from = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let flags: Vec<bool> = line
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '|')
            .map(|c| match c {
                '.' | '0' | '-' | '_' => Ok(false),
                'x' | 'X' | '*' => Ok(true),
                c if c.is_ascii_alphanumeric() => Ok(true),
                c => Err(Refusal::new(
                    "--pattern",
                    format!(
                        "{source}:{}: '{c}' is neither a clue (x) nor an empty cell (.)",
                        number + 1
                    ),
                )),
            })
            .collect::<Result<_, _>>()?;
        if flags.len() == cells && rows.is_empty() {
            masks.push(flags);
        } else if flags.len() == side {
            if rows.is_empty() {
                rows_from = number + 1;
            }
            rows.extend(flags);
            if rows.len() == cells {
                masks.push(std::mem::take(&mut rows));
            }
        } else {
            return Err(Refusal::new(
                "--pattern",
                format!(
                    "{source}:{}: {} cells, where a mask has {cells} on one line or {side} on each of {side}",
                    number + 1,
                    flags.len()
                ),
            ));
        }
    }
    if !rows.is_empty() {
        return Err(Refusal::new(
            "--pattern",
            format!("{source}:{rows_from}: a mask of {} rows, not {side}", rows.len() / side),
        ));
    }
    if masks.is_empty() {
        return Err(Refusal::new("--pattern", format!("{source}: no mask")));
    }
    Ok(masks)
}

impl Targets {
    /// Whether nothing beyond a minimal puzzle is asked: the puzzle is then
    /// [`crate::generate_one`]'s.
    pub fn is_plain(&self) -> bool {
        self.symmetry == ClueSymmetry::None
            && self.clues.is_none()
            && self.minimal
            && self.patterns.is_empty()
            && self.near.is_empty()
            && !self.needs_rating()
    }

    /// Whether meeting the targets takes rating the puzzle.
    pub fn needs_rating(&self) -> bool {
        self.rating.is_some() || !self.needs.is_empty() || self.hardest.is_some()
    }

    /// Refuses targets no puzzle of `size` can meet, or that contradict each other, before
    /// any work: the first problem found, naming its flag.
    pub fn check(&self, size: Size) -> Result<(), Refusal> {
        let fewest = fewest_clues(size);
        let scale = scale_for(size);
        if self.attempts == 0 {
            return Err(Refusal::new("--attempts", "a puzzle needs at least one attempt"));
        }
        if !self.layout.is_classic() {
            self.layout.check(size).map_err(|problem| Refusal::new("--layout", problem))?;
            self.layout.check_grids(size).map_err(|problem| Refusal::new("--layout", problem))?;
            if !self.is_plain() {
                let flag = if self.layout.variants.is_empty() { "--layout" } else { "--variant" };
                return Err(Refusal::new(
                    flag,
                    "puzzles of other layouts are made minimal, without other targets",
                ));
            }
        }
        if let Some((low, high)) = self.clues {
            if low > high {
                return Err(Refusal::new("--clues", format!("{low}..{high} is empty")));
            }
            if high < fewest {
                return Err(Refusal::new(
                    "--clues",
                    format!("no {size} puzzle with one solution has fewer than {fewest} clues"),
                ));
            }
            if low > size.cells() {
                return Err(Refusal::new(
                    "--clues",
                    format!("a {size} grid has {} cells", size.cells()),
                ));
            }
        }
        for (number, mask) in self.patterns.iter().enumerate() {
            let clues = mask.iter().filter(|&&clue| clue).count();
            let which = format!("mask {}", number + 1);
            if clues < fewest {
                return Err(Refusal::new(
                    "--pattern",
                    format!("{which} has {clues} clues; a {size} puzzle needs at least {fewest}"),
                ));
            }
            if clues == size.cells() {
                return Err(Refusal::new(
                    "--pattern",
                    format!("{which} has a clue in every cell: no cell is left to solve"),
                ));
            }
            // Two solutions of a grid differ in at least four cells (the smallest Latin trade),
            // so with fewer than three cells empty every clue could go: no such puzzle is
            // minimal.
            let most = size.cells() - 3;
            if self.minimal && clues > most {
                return Err(Refusal::new(
                    "--pattern",
                    format!(
                        "{which} has {clues} clues; a minimal {size} puzzle has at most {most} \
                         (two solutions differ in at least 4 cells)"
                    ),
                ));
            }
            if !self.symmetry.keeps(size, mask) {
                return Err(Refusal::new(
                    "--symmetry",
                    format!("{which} of --pattern is not {}-symmetric", self.symmetry.name()),
                ));
            }
            if let Some((low, high)) = self.clues
                && !(low..=high).contains(&clues)
            {
                return Err(Refusal::new(
                    "--clues",
                    format!("{which} of --pattern has {clues} clues, outside {low}..{high}"),
                ));
            }
        }
        self.check_near(size)?;
        let top = scale_top(scale);
        let mut highest = f64::MAX;
        if let Some(RatingTarget::Range { low, high }) = self.rating {
            let lowest = scale.techniques().iter().map(|t| t.difficulty()).fold(f64::MAX, f64::min);
            if low > high || high < lowest || low > top {
                return Err(Refusal::new(
                    "--rating",
                    format!(
                        "{} is outside the scale, whose ratings run from {lowest:.1} to {top:.1}",
                        RatingTarget::Range { low, high }
                    ),
                ));
            }
            highest = high;
        }
        for technique in self.needs.iter().chain(&self.hardest) {
            if !scale.names().contains(technique) {
                return Err(Refusal::new(
                    if self.hardest == Some(*technique) { "--hardest" } else { "--needs" },
                    format!("{} is not on the {size} ladder", technique.name()),
                ));
            }
            if technique.difficulty() > highest {
                return Err(Refusal::new(
                    "--rating",
                    format!(
                        "{} rates at least {:.1}, above the highest rating asked",
                        technique.name(),
                        technique.difficulty()
                    ),
                ));
            }
        }
        if let Some(hardest) = self.hardest {
            // A step may rate up to a point above its technique, for a bigger pattern.
            if let Some(needed) =
                self.needs.iter().find(|needed| needed.difficulty() > hardest.difficulty() + 1.0)
            {
                return Err(Refusal::new(
                    "--hardest",
                    format!("{} is easier than {}, which --needs asks for", hardest, needed),
                ));
            }
            if let Some(RatingTarget::Band(band)) = self.rating
                && band == Band::Guessing
            {
                return Err(Refusal::new(
                    "--hardest",
                    "a puzzle of the 6-guessing band is not solved by the ladder".to_owned(),
                ));
            }
        }
        Ok(())
    }

    /// Refuses puzzles to search near that no walk can start from: of another size or
    /// layout, with a clue pattern the symmetry asked does not keep, or beside a mask (which
    /// fixes the clue places a walk moves).
    fn check_near(&self, size: Size) -> Result<(), Refusal> {
        if !self.near.is_empty() && !self.patterns.is_empty() {
            return Err(Refusal::new(
                "--near",
                "a walk near a puzzle moves its clues, and --pattern fixes them: give one",
            ));
        }
        for (number, puzzle) in self.near.iter().enumerate() {
            let which = format!("puzzle {} of --near", number + 1);
            if puzzle.size() != size {
                return Err(Refusal::new(
                    "--near",
                    format!("{which} is {}, and the puzzles asked are {size}", puzzle.size()),
                ));
            }
            if !puzzle.is_classic() {
                return Err(Refusal::new(
                    "--near",
                    format!("{which} has a layout; walks are on classic grids"),
                ));
            }
            let mask: Vec<bool> = puzzle.cells().iter().map(|&value| value != 0).collect();
            if !self.symmetry.keeps(size, &mask) {
                return Err(Refusal::new(
                    "--symmetry",
                    format!("the clues of {which} are not {}-symmetric", self.symmetry.name()),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(size: Size, cells: &[usize]) -> Vec<bool> {
        (0..size.cells()).map(|cell| cells.contains(&cell)).collect()
    }

    #[test]
    fn orbits_have_the_sizes_of_their_symmetry() {
        let size = Size::NINE;
        let sizes = |symmetry: ClueSymmetry| {
            let orbits = symmetry.orbits(size);
            assert_eq!(orbits.iter().map(Vec::len).sum::<usize>(), 81, "{symmetry:?}");
            orbits.len()
        };
        assert_eq!(sizes(ClueSymmetry::None), 81);
        // The centre is fixed by every symmetry here.
        assert_eq!(sizes(ClueSymmetry::Rot180), 41);
        assert_eq!(sizes(ClueSymmetry::Rot90), 21);
        assert_eq!(sizes(ClueSymmetry::Diagonal), 45);
        assert_eq!(sizes(ClueSymmetry::AntiDiagonal), 45);
        assert_eq!(sizes(ClueSymmetry::Mirror), 45);
        assert_eq!(sizes(ClueSymmetry::Flip), 45);
        assert_eq!(sizes(ClueSymmetry::Sticks), 25);
        assert_eq!(sizes(ClueSymmetry::Diagonals), 25);
        assert_eq!(sizes(ClueSymmetry::Full), 15);
    }

    #[test]
    fn a_mask_keeps_a_symmetry_only_when_every_orbit_is_whole() {
        let size = Size::NINE;
        let corners = mask(size, &[0, 8, 72, 80]);
        assert!(ClueSymmetry::Rot90.keeps(size, &corners));
        assert!(ClueSymmetry::Full.keeps(size, &corners));
        // Two cells a half turn apart, off the diagonals.
        let two = mask(size, &[1, 79]);
        assert!(ClueSymmetry::Rot180.keeps(size, &two));
        assert!(!ClueSymmetry::Diagonals.keeps(size, &two));
        assert!(!ClueSymmetry::Rot90.keeps(size, &two));
        assert!(ClueSymmetry::Mirror.keeps(size, &mask(size, &[1, 7])));
        assert!(!ClueSymmetry::Flip.keeps(size, &mask(size, &[1, 7])));
    }

    #[test]
    fn names_parse_back_and_unknown_ones_are_refused_with_the_list() {
        for symmetry in ClueSymmetry::ALL {
            assert_eq!(ClueSymmetry::parse(symmetry.name()), Ok(symmetry));
        }
        let refusal = ClueSymmetry::parse("rot45").unwrap_err();
        assert_eq!(refusal.flag, "--symmetry");
        assert!(refusal.message.contains("rot90"), "{refusal}");
    }

    #[test]
    fn ratings_parse_as_ranges_or_bands() {
        assert_eq!(
            RatingTarget::parse("7.5..8.5"),
            Ok(RatingTarget::Range { low: 7.5, high: 8.5 })
        );
        assert_eq!(
            RatingTarget::parse("9.."),
            Ok(RatingTarget::Range { low: 9.0, high: f64::MAX })
        );
        assert_eq!(RatingTarget::parse("2"), Ok(RatingTarget::Range { low: 2.0, high: 2.0 }));
        assert_eq!(RatingTarget::parse("forcing"), Ok(RatingTarget::Band(Band::Forcing)));
        assert_eq!(RatingTarget::parse("1-singles"), Ok(RatingTarget::Band(Band::Singles)));
        assert_eq!(RatingTarget::parse("hard").unwrap_err().flag, "--rating");
    }

    #[test]
    fn impossible_targets_are_refused_naming_their_flag() {
        let size = Size::NINE;
        let refused = |targets: Targets| targets.check(size).unwrap_err().flag;
        assert_eq!(refused(Targets { clues: Some((12, 16)), ..Targets::default() }), "--clues");
        assert_eq!(refused(Targets { clues: Some((30, 20)), ..Targets::default() }), "--clues");
        let far = RatingTarget::Range { low: 30.0, high: 40.0 };
        assert_eq!(refused(Targets { rating: Some(far), ..Targets::default() }), "--rating");
        let below = RatingTarget::Range { low: 0.0, high: 0.5 };
        assert_eq!(refused(Targets { rating: Some(below), ..Targets::default() }), "--rating");
        // A rot180 mask that is not rot90-symmetric.
        let mut cells: Vec<usize> = (0..12).map(|i| i * 3).collect();
        cells.extend(cells.clone().iter().map(|&cell| 80 - cell));
        let pattern = mask(size, &cells);
        let rot180 = Targets {
            symmetry: ClueSymmetry::Rot180,
            patterns: vec![pattern.clone()],
            ..Targets::default()
        };
        assert_eq!(rot180.check(size), Ok(()));
        let rot90 = Targets { symmetry: ClueSymmetry::Rot90, ..rot180.clone() };
        assert_eq!(refused(rot90), "--symmetry");
        let few = Targets { patterns: vec![mask(size, &[0, 1, 2])], ..Targets::default() };
        assert_eq!(refused(few), "--pattern");
        let easy = Targets {
            rating: Some(RatingTarget::Range { low: 1.0, high: 3.0 }),
            needs: vec![Technique::XCycle],
            ..Targets::default()
        };
        assert_eq!(refused(easy), "--rating");
        // Skyscraper is on the workbench ladder, not on Sudoku Explainer's.
        assert_eq!(
            parse_technique("skyscraper", scale_for(size), "--needs").unwrap_err().flag,
            "--needs"
        );
        // A cycle has no rung of its own: the rung of Sudoku Explainer's static chains finds
        // it, so it is a technique of the scale all the same. The workbench's X-chain is not.
        assert!(parse_technique("x-cycle", scale_for(size), "--needs").is_ok());
        assert!(parse_technique("x-chain", scale_for(size), "--needs").is_err());
        assert_eq!(Targets::default().check(size), Ok(()));
    }

    #[test]
    fn masks_read_as_lines_or_as_rows() {
        let size = Size::from_order(2).unwrap();
        let one = parse_patterns("x..x.xx..xx.x..x\n", size, "m").unwrap();
        let rows = parse_patterns("# a mask\nx..x\n.xx.\n\n.xx.\nx..x\n", size, "m").unwrap();
        assert_eq!(one, rows);
        assert_eq!(one[0].iter().filter(|&&clue| clue).count(), 8);
        assert!(parse_patterns("x..x\n", size, "m").unwrap_err().message.starts_with("m:1:"));
        assert!(parse_patterns("x..\n", size, "m").is_err());
        assert!(parse_patterns("x..?.xx..xx.x..x\n", size, "m").is_err());
        assert!(parse_patterns("", size, "m").is_err());
    }
}
