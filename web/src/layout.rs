//! A grid's layout as the page draws it: the region of each cell (for the thick borders), the
//! groups of cells the rules and `# extra` lines add (for the shading), a sentence for each
//! rule (for the caption), the rules with numbers and lines (killer cages, thermometers, dots,
//! clues outside the grid: for the drawing over the board) and the starting candidates. All of
//! it is read from the grid's [`Layout`], so that the page derives no rule of its own.

use serde::Serialize;
use sudoku_core::constraint::{Spot, directive_line};
use sudoku_core::{Constraint, ConstraintKind, Feature, Grid, House, Layout, Rule, Size};

/// A group of cells that must all differ, beyond the rows, columns and regions.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Group {
    /// What adds it: a rule's word (`x`, `windoku`, `disjoint`) or `extra` for an `# extra`
    /// line; the page shades the groups of `x`, `windoku` and `extra`.
    pub kind: &'static str,
    /// Its name in messages (`diagonal 1`, `window 3`, `extra region 2`).
    pub name: String,
    /// Its cells, row-major, sorted.
    pub cells: Vec<u16>,
}

/// What the page draws of a grid's layout.
#[derive(Serialize, Debug)]
pub struct Drawn {
    /// The layout's name (`9×9 jigsaw x`; the size alone for a classic grid).
    pub name: String,
    /// The layout's words (`jigsaw`, `x`, `windoku`, `disjoint`, `anti-knight`, `anti-king`,
    /// `extra-regions`, `pencilmark`); none for a classic grid.
    pub words: Vec<String>,
    /// The region of each cell, row-major: its box, or its irregular region in a jigsaw. The
    /// page draws a thick border between two neighbours of different regions.
    pub regions: Vec<usize>,
    /// The groups the rules and the extra lines add, in the layout's order.
    pub groups: Vec<Group>,
    /// One sentence for people per thing the layout adds, for the caption under the board.
    pub rules: Vec<String>,
    /// Each cell's starting candidates, the values in order, if the puzzle gives them (a
    /// pencilmark puzzle).
    pub candidates: Option<Vec<Vec<u8>>>,
    /// The rules with numbers and lines, in the layout's order, as the page draws them.
    pub constraints: Vec<Marked>,
}

/// A place on or around the grid as the page takes it: `[row, column]` from 0, -1 or the side
/// for a clue outside the grid.
pub type Place = [i16; 2];

/// One rule with numbers and lines ([`Constraint`]) as the page draws it over the board: its
/// kind, its places, and the numbers it carries, as the core reads them.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Marked {
    /// The kind's word ([`sudoku_core::ConstraintKind::word`]): `killer`, `thermo`, `arrow`,
    /// `difference`, `ratio`, `xv`, `little-killer`, `sandwich`, ...
    pub kind: &'static str,
    /// The kind for people (`killer cage`, `white dot`).
    pub name: &'static str,
    /// Its places in order: a cage's or a line's cells (a thermometer's from the bulb), an
    /// arrow's circle (or pill), the two cells of a dot, an X or a V, the cell of an odd, even,
    /// minimum or maximum mark, a quadruple's cells, a clone's first cells, an indexer's
    /// cells, or the clue outside the grid of a little killer, sandwich, x-sum or skyscraper.
    pub cells: Vec<Place>,
    /// An arrow's lines (each without its cell in the circle), or a clone's clones (one line
    /// in the order of [`Marked::cells`]); none for the other kinds.
    pub lines: Vec<Vec<Place>>,
    /// The number it shows: a cage's sum, a clue's sum or count, a dot's difference or ratio,
    /// an X's 10 or a V's 5, a whispers line's gap when one is given.
    pub number: Option<u32>,
    /// A quadruple's values.
    pub values: Vec<u8>,
    /// A little killer's direction, as the editor writes it (`UR`, `UL`, `DR`, `DL`).
    pub direction: Option<&'static str>,
    /// The `#` line that says it, without the `# ` and the newline (`killer 15 r1c1 r1c2`).
    pub line: String,
}

/// `constraint` as the page draws it.
pub fn marked(constraint: &Constraint) -> Marked {
    let places = |spots: &[Spot]| -> Vec<Place> { spots.iter().map(|s| [s.row, s.col]).collect() };
    let kind = constraint.kind();
    let mut marked = Marked {
        kind: kind.word(),
        name: kind.name(),
        cells: Vec::new(),
        lines: Vec::new(),
        number: None,
        values: Vec::new(),
        direction: None,
        line: directive_line(constraint).trim_start_matches("# ").trim_end().to_owned(),
    };
    match constraint {
        Constraint::Killer { cells, sum } => {
            marked.cells = places(cells);
            marked.number = *sum;
        }
        Constraint::LittleKiller { clue, direction, sum } => {
            marked.cells = places(&[*clue]);
            marked.direction = Some(direction.code());
            marked.number = Some(*sum);
        }
        Constraint::Arrow { circle, lines } => {
            marked.cells = places(circle);
            marked.lines = lines.iter().map(|line| places(line)).collect();
        }
        Constraint::Thermometer { cells }
        | Constraint::SlowThermometer { cells }
        | Constraint::Palindrome { cells }
        | Constraint::Renban { cells }
        | Constraint::Between { cells }
        | Constraint::RegionSum { cells }
        | Constraint::Entropic { cells }
        | Constraint::Zipper { cells }
        | Constraint::Indexer { cells, .. } => marked.cells = places(cells),
        Constraint::Whispers { cells, gap } => {
            marked.cells = places(cells);
            marked.number = *gap;
        }
        Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
            marked.cells = places(&[*clue]);
            marked.number = Some(*sum);
        }
        Constraint::Skyscraper { clue, count } => {
            marked.cells = places(&[*clue]);
            marked.number = Some(*count);
        }
        Constraint::Difference { cells, value } | Constraint::Ratio { cells, value } => {
            marked.cells = places(cells);
            marked.number = Some(*value);
        }
        Constraint::Xv { cells, sum } => {
            marked.cells = places(cells);
            marked.number = Some(*sum);
        }
        Constraint::Odd { cell }
        | Constraint::Even { cell }
        | Constraint::Minimum { cell }
        | Constraint::Maximum { cell } => marked.cells = places(&[*cell]),
        Constraint::Quadruple { cells, values } => {
            marked.cells = places(cells);
            marked.values = values.clone();
        }
        Constraint::Clone { cells, clones } => {
            marked.cells = places(cells);
            marked.lines = vec![places(clones)];
        }
        Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {}
    }
    marked
}

/// What the page draws of `grid`'s layout (a classic one when it carries none).
pub fn drawn(grid: &Grid) -> Drawn {
    let size = grid.size();
    let classic = Layout::classic(size);
    let layout: &Layout = grid.layout().map_or(&classic, |layout| layout);
    Drawn {
        name: layout.name(),
        words: layout.words(),
        regions: (0..size.cells()).map(|cell| layout.region_of(cell)).collect(),
        groups: groups(layout),
        rules: sentences(layout),
        candidates: layout.candidates().map(|sets| sets.iter().map(|&set| values(set)).collect()),
        constraints: layout.constraints().iter().map(marked).collect(),
    }
}

/// The values of a candidate set (bit `v - 1` for value `v`), in order.
pub fn values(set: u64) -> Vec<u8> {
    (1..=64u8).filter(|&value| set & (1 << (value - 1)) != 0).collect()
}

/// The houses past the rows, columns and regions: those of the rules, then the extra groups.
fn groups(layout: &Layout) -> Vec<Group> {
    layout
        .houses()
        .iter()
        .filter_map(|(house, cells)| {
            let kind = match house {
                House::Rule(rule, _) => rule.word(),
                House::Extra(_) => "extra",
                _ => return None,
            };
            Some(Group { kind, name: house.to_string(), cells: cells.to_vec() })
        })
        .collect()
}

/// A sentence for each thing `layout` adds to a classic grid, saying how the page shows it.
fn sentences(layout: &Layout) -> Vec<String> {
    let size = layout.size();
    let mut sentences = Vec::new();
    if layout.regions().is_some() {
        sentences.push(
            "jigsaw: irregular regions (thick borders) in place of the boxes, each holding every \
             value once"
                .to_owned(),
        );
    }
    for &rule in layout.rules() {
        sentences.push(format!("{}: {}", rule.word(), rule_sentence(rule, size)));
    }
    // The rules with numbers and lines, a sentence per kind, in the order of their first.
    let mut kinds = Vec::new();
    for constraint in layout.constraints() {
        if !kinds.contains(&constraint.kind()) {
            kinds.push(constraint.kind());
        }
    }
    for kind in kinds {
        let count = layout.constraints().iter().filter(|c| c.kind() == kind).count();
        if matches!(
            kind,
            ConstraintKind::Nonconsecutive
                | ConstraintKind::NegativeRatio
                | ConstraintKind::NegativeXv
        ) {
            sentences.push(format!(
                "{}: the {} holds over the whole grid",
                kind.word(),
                kind.name()
            ));
            continue;
        }
        let name =
            if count == 1 { kind.name().to_owned() } else { Feature::Constraint(kind).name() };
        sentences.push(format!("{}: {count} {name} (drawn over the board)", kind.word()));
    }
    let extra = layout.extra().len();
    if extra > 0 {
        let groups = if extra == 1 { "1 group".to_owned() } else { format!("{extra} groups") };
        sentences
            .push(format!("extra regions: {groups} of cells (outlined) whose values all differ"));
    }
    if layout.candidates().is_some() {
        sentences.push(
            "pencilmark: each cell starts from the candidates drawn in it, not from givens"
                .to_owned(),
        );
    }
    sentences
}

/// What `rule` asks of a grid of `size`, and how the page shows it.
fn rule_sentence(rule: Rule, size: Size) -> String {
    match rule {
        Rule::Diagonals => "each main diagonal (shaded) holds every value once".to_owned(),
        Rule::Windoku => {
            let windows = size.square_order().map_or(0, |order| (order - 1) * (order - 1));
            format!("the {windows} windows (shaded) hold every value once")
        }
        Rule::Disjoint => {
            "the cells at the same place of every box hold every value once".to_owned()
        }
        Rule::AntiKnight => "no value twice a knight's move apart".to_owned(),
        Rule::AntiKing => "no value twice a king's move apart".to_owned(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::puzzle::read;

    /// The first puzzle of data/layouts/jigsaw-9x9-200.txt, its regions as the file gives them.
    pub(crate) const JIGSAW: &str = "# layout jigsaw\n# regions\n# 111222333\n# 122223333\n\
        # 144223555\n# 144443555\n# 114466555\n# 714886666\n# 788866996\n# 777889999\n\
        # 777788999\n.........2....1.974...2.5.......3...7.8...3.95............7.63.......98..........\n";

    #[test]
    fn a_jigsaw_puzzle_has_its_regions_not_its_boxes() {
        let grid = read(JIGSAW).unwrap().grid;
        let drawn = drawn(&grid);
        let rows: Vec<&str> = JIGSAW.lines().skip(2).take(9).map(|row| &row[2..]).collect();
        // The file's symbols 1..9 are regions 0..8 (each first comes in that order).
        let expected: Vec<usize> =
            rows.concat().bytes().map(|symbol| usize::from(symbol - b'1')).collect();
        assert_eq!(drawn.regions, expected);
        assert_eq!(drawn.words, ["jigsaw"]);
        assert!(drawn.groups.is_empty());
        // Region 1 (cell r2c2) is not box 1: r2c2 and r3c3 are in one box but not one region.
        assert_ne!(drawn.regions[10], drawn.regions[20]);
        assert!(drawn.rules[0].starts_with("jigsaw: "), "{:?}", drawn.rules);
        // A classic grid's regions are its boxes.
        let classic = read(&".".repeat(81)).unwrap().grid;
        let boxes = drawn_boxes(&classic);
        assert_eq!(boxes[..12], [0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0]);
        assert_eq!(boxes[80], 8);
    }

    fn drawn_boxes(grid: &Grid) -> Vec<usize> {
        let drawn = drawn(grid);
        assert!(drawn.words.is_empty() && drawn.rules.is_empty() && drawn.candidates.is_none());
        drawn.regions
    }

    #[test]
    fn an_x_puzzle_shades_its_two_diagonals_17_cells() {
        let text = "# layout x\n1.2...............76..98..2.9..........3.....2...17......6.......1....4..4.2..1..\n";
        let drawn = drawn(&read(text).unwrap().grid);
        assert_eq!(drawn.groups.len(), 2);
        assert!(drawn.groups.iter().all(|group| group.kind == "x" && group.cells.len() == 9));
        assert_eq!(drawn.groups[0].name, "diagonal 1");
        assert_eq!(drawn.groups[0].cells, [0, 10, 20, 30, 40, 50, 60, 70, 80]);
        assert_eq!(drawn.groups[1].cells, [8, 16, 24, 32, 40, 48, 56, 64, 72]);
        let mut shaded: Vec<u16> = drawn.groups.iter().flat_map(|g| g.cells.clone()).collect();
        shaded.sort_unstable();
        shaded.dedup();
        assert_eq!(shaded.len(), 17);
        assert_eq!(drawn.rules, ["x: each main diagonal (shaded) holds every value once"]);
    }

    #[test]
    fn windows_extra_groups_and_paired_rules_are_named() {
        let text =
            "# layout windoku anti-knight\n# extra r1c1 r1c2 r2c1\n".to_owned() + &".".repeat(81);
        let drawn = drawn(&read(&text).unwrap().grid);
        let kinds: Vec<&str> = drawn.groups.iter().map(|group| group.kind).collect();
        assert_eq!(kinds, ["windoku", "windoku", "windoku", "windoku", "extra"]);
        assert_eq!(drawn.groups[0].cells[..3], [10, 11, 12]);
        assert_eq!(drawn.groups[4].cells, [0, 1, 9]);
        assert_eq!(drawn.rules.len(), 3, "{:?}", drawn.rules);
        assert!(drawn.rules[0].contains("the 4 windows"), "{:?}", drawn.rules);
        assert!(drawn.rules[1].starts_with("anti-knight: no value twice"), "{:?}", drawn.rules);
        assert!(drawn.rules[2].starts_with("extra regions: 1 group"), "{:?}", drawn.rules);
    }

    /// A 9×9 with a rule of each kind the page draws, on an empty grid.
    pub(crate) fn every_kind() -> String {
        "# killer 15 r1c2 r1c1 r2c1\n# little-killer 23 r0c2 dr\n\
        # arrow r5c5 r5c6 : r6c6 r7c6 : r4c4\n# thermo r9c1 r8c1 r7c1\n# slow-thermo r9c9 r8c9\n\
        # sandwich 15 r0c7\n# x-sum 20 r3c10\n# skyscraper 3 r10c5\n# difference r3c3 r3c4\n\
        # ratio 3 r4c3 r5c3\n# xv v r2c5 r2c6\n# odd r6c2\n# even r7c3\n# minimum r2c8\n\
        # maximum r3c8\n# whispers r1c4 r1c5 r1c6\n# renban r4c7 r5c7 r6c7\n\
        # palindrome r8c3 r8c4 r8c5\n# between r9c3 r9c4 r9c5\n# region-sum r7c7 r7c8\n\
        # quadruple 1 2 r4c8 r4c9 r5c8 r5c9\n"
            .to_owned()
            + &".".repeat(81)
    }

    #[test]
    fn every_rule_is_drawn_from_the_cores_data_with_its_places_and_numbers() {
        let text = every_kind();
        let drawn = drawn(&read(&text).unwrap().grid);
        let kinds: Vec<&str> = drawn.constraints.iter().map(|rule| rule.kind).collect();
        assert_eq!(
            kinds,
            [
                "killer",
                "little-killer",
                "arrow",
                "thermo",
                "slow-thermo",
                "sandwich",
                "x-sum",
                "skyscraper",
                "difference",
                "ratio",
                "xv",
                "odd",
                "even",
                "minimum",
                "maximum",
                "whispers",
                "renban",
                "palindrome",
                "between",
                "region-sum",
                "quadruple"
            ]
        );
        let rule = |kind: &str| drawn.constraints.iter().find(|rule| rule.kind == kind).unwrap();
        // A cage keeps its cells in the order given, and its sum.
        let cage = rule("killer");
        assert_eq!((cage.cells.clone(), cage.number), (vec![[0, 1], [0, 0], [1, 0]], Some(15)));
        assert_eq!(cage.line, "killer 15 r1c2 r1c1 r2c1");
        // Clues outside the grid sit at row or column -1 or the side.
        let little = rule("little-killer");
        assert_eq!(
            (&little.cells[..], little.direction, little.number),
            (&[[-1, 1]][..], Some("DR"), Some(23))
        );
        assert_eq!(
            (&rule("x-sum").cells[..], rule("skyscraper").cells[0]),
            (&[[2, 9]][..], [9, 4])
        );
        // An arrow: its pill, then its lines without the circle.
        let arrow = rule("arrow");
        assert_eq!(arrow.cells, [[4, 4], [4, 5]]);
        assert_eq!(arrow.lines, [vec![[5, 5], [6, 5]], vec![[3, 3]]]);
        assert_eq!(rule("thermo").cells[0], [8, 0], "the bulb first");
        assert_eq!(
            (rule("ratio").number, rule("difference").number, rule("xv").number),
            (Some(3), Some(1), Some(5))
        );
        assert_eq!(rule("whispers").number, None);
        assert_eq!(rule("quadruple").values, [1, 2]);
        // Each line reads back as the same rule.
        let lines: String =
            drawn.constraints.iter().map(|rule| format!("# {}\n", rule.line)).collect();
        let again = super::drawn(&read(&(lines + &".".repeat(81))).unwrap().grid);
        assert_eq!(again.constraints, drawn.constraints);
        // One sentence per kind for the caption.
        assert!(
            drawn.rules.contains(&"killer: 1 killer cage (drawn over the board)".to_owned()),
            "{:?}",
            drawn.rules
        );
        assert_eq!(drawn.rules.len(), kinds.len());
    }
}
