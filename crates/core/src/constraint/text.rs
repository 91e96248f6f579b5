//! The rules as the `#` lines of a puzzle file say them, read and written.
//!
//! A line names the rule's kind ([`super::data::ConstraintKind::word`], or another name people use), then its
//! numbers and cells, words separated by spaces or commas; cells are named `r1c1` (from 1,
//! either case), clues outside the grid `r0c3` (above column 3), `r10c3` (below it on 9×9),
//! `r3c0`, `r3c10`:
//!
//! ```text
//! # killer 15 r1c1 r1c2 r2c1        a cage of sum 15 (the sum may be left out)
//! # little-killer 23 r0c2 dr        from the clue above r1c2, down and to the right
//! # arrow r1c1: r1c2 r1c3           circle, then a line; `: CELLS` again for more lines
//! # arrow r1c1 r1c2 : r2c3 r3c3     a pill of two cells
//! # thermo r1c1 r1c2 r1c3           from the bulb; `slow-thermo` likewise
//! # sandwich 15 r0c3                clues above, below, left or right of their line
//! # x-sum 20 r3c0
//! # skyscraper 3 r10c5
//! # difference r1c1 r1c2            a white dot (`difference 3 r1c1 r1c2`: a gap of 3)
//! # ratio r1c1 r1c2                 a black dot (`ratio 3 ...`: a ratio of 3)
//! # xv x r1c1 r1c2                  an X (`xv v ...`: a V)
//! # odd r1c1 r5c5                   each cell odd; `even`, `minimum`, `maximum` likewise
//! # whispers r1c1 r1c2 r1c3         (`whispers 4 ...`: a gap of 4)
//! # palindrome r1c1 r1c2 r1c3       `renban`, `between`, `region-sum`, `entropic`, `zipper` likewise
//! # quadruple 1 2 r1c1 r1c2 r2c1 r2c2
//! # clone r1c1 r1c2 : r5c5 r5c6     cells, then their clones
//! # row-indexer r1c1 r2c1           `column-indexer`, `box-indexer` likewise
//! # nonconsecutive                  `negative-ratio`, `negative-xv` likewise
//! ```
//!
//! `kropki white ...` and `kropki black ...` are the dots too, `cage` a killer cage. A line
//! whose words do not read as such a rule is a comment: `# odd puzzles below` says nothing.

use super::data::{Axis, Constraint, ConstraintKind, Direction, Spot};

/// The rules a `#` line says, its text after the `#`: `None` when it is no such line (a
/// comment). The rules are not checked against a grid here: [`Constraint::validate`] does
/// that once the puzzle's size is known.
pub fn parse_directive(text: &str) -> Option<Vec<Constraint>> {
    // A colon is a word of its own, written apart or not (`r1c1: r1c2` is `r1c1 : r1c2`).
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .flat_map(|word| word.split_inclusive(':'))
        .flat_map(|word| match word.strip_suffix(':') {
            Some(before) => [before, ":"],
            None => [word, ""],
        })
        .filter(|word| !word.is_empty())
        .collect();
    let (&first, rest) = words.split_first()?;
    let (kind, rest) = match first.to_ascii_lowercase().as_str() {
        "kropki" => {
            let (&colour, rest) = rest.split_first()?;
            let kind = match colour.to_ascii_lowercase().as_str() {
                "white" => ConstraintKind::Difference,
                "black" => ConstraintKind::Ratio,
                _ => return None,
            };
            (kind, rest)
        }
        "negative" => {
            let (&what, rest) = rest.split_first()?;
            let kind = match what.to_ascii_lowercase().as_str() {
                "ratio" | "black" => ConstraintKind::NegativeRatio,
                "xv" => ConstraintKind::NegativeXv,
                "difference" | "white" => ConstraintKind::Nonconsecutive,
                _ => return None,
            };
            (kind, rest)
        }
        // Words that name a kind elsewhere but are too common to open a rule's line.
        "x" | "v" | "white" | "black" | "min" | "max" | "quad" => return None,
        _ => (ConstraintKind::from_word(first)?, rest),
    };
    let number = |word: &str| -> Option<u32> {
        word.bytes().all(|b| b.is_ascii_digit()).then(|| word.parse().ok()).flatten()
    };
    // An optional number first, then the places.
    let numbered = |rest: &[&str]| -> Option<(Option<u32>, Vec<Spot>)> {
        match rest.split_first() {
            Some((&word, places)) if number(word).is_some() => {
                Some((number(word), place_list(places)?))
            }
            _ => Some((None, place_list(rest)?)),
        }
    };
    let cells = |rest: &[&str]| -> Option<Vec<Spot>> {
        let places = place_list(rest)?;
        (!places.is_empty()).then_some(places)
    };
    let pair = |rest: &[&str]| -> Option<(Option<u32>, [Spot; 2])> {
        let (value, places) = numbered(rest)?;
        Some((value, places.try_into().ok()?))
    };
    let clue = |rest: &[&str]| -> Option<(u32, Spot)> {
        match rest {
            [value, place] => Some((number(value)?, parse_place(place)?)),
            _ => None,
        }
    };
    Some(match kind {
        ConstraintKind::Killer => {
            let (sum, places) = numbered(rest)?;
            if places.is_empty() {
                return None;
            }
            vec![Constraint::Killer { cells: places, sum }]
        }
        ConstraintKind::LittleKiller => match rest {
            [value, place, way] => vec![Constraint::LittleKiller {
                clue: parse_place(place)?,
                direction: Direction::from_code(way)?,
                sum: number(value)?,
            }],
            _ => return None,
        },
        ConstraintKind::Arrow => {
            let mut parts = rest.split(|&word| word == ":");
            let circle = cells(parts.next()?)?;
            let lines: Vec<Vec<Spot>> = parts.map(cells).collect::<Option<_>>()?;
            if lines.is_empty() {
                return None;
            }
            vec![Constraint::Arrow { circle, lines }]
        }
        ConstraintKind::Thermometer => vec![Constraint::Thermometer { cells: cells(rest)? }],
        ConstraintKind::SlowThermometer => {
            vec![Constraint::SlowThermometer { cells: cells(rest)? }]
        }
        ConstraintKind::Sandwich => {
            let (sum, clue) = clue(rest)?;
            vec![Constraint::Sandwich { clue, sum }]
        }
        ConstraintKind::XSum => {
            let (sum, clue) = clue(rest)?;
            vec![Constraint::XSum { clue, sum }]
        }
        ConstraintKind::Skyscraper => {
            let (count, clue) = clue(rest)?;
            vec![Constraint::Skyscraper { clue, count }]
        }
        ConstraintKind::Difference => {
            let (value, cells) = pair(rest)?;
            vec![Constraint::Difference { cells, value: value.unwrap_or(1) }]
        }
        ConstraintKind::Ratio => {
            let (value, cells) = pair(rest)?;
            vec![Constraint::Ratio { cells, value: value.unwrap_or(2) }]
        }
        ConstraintKind::Xv => {
            let (&letter, rest) = rest.split_first()?;
            let sum = match letter {
                "x" | "X" => 10,
                "v" | "V" => 5,
                _ => return None,
            };
            vec![Constraint::Xv { cells: place_list(rest)?.try_into().ok()?, sum }]
        }
        ConstraintKind::Odd
        | ConstraintKind::Even
        | ConstraintKind::Minimum
        | ConstraintKind::Maximum => cells(rest)?
            .into_iter()
            .map(|cell| match kind {
                ConstraintKind::Odd => Constraint::Odd { cell },
                ConstraintKind::Even => Constraint::Even { cell },
                ConstraintKind::Minimum => Constraint::Minimum { cell },
                _ => Constraint::Maximum { cell },
            })
            .collect(),
        ConstraintKind::Palindrome => vec![Constraint::Palindrome { cells: cells(rest)? }],
        ConstraintKind::Renban => vec![Constraint::Renban { cells: cells(rest)? }],
        ConstraintKind::Whispers => {
            let (gap, places) = numbered(rest)?;
            if places.is_empty() {
                return None;
            }
            vec![Constraint::Whispers { cells: places, gap }]
        }
        ConstraintKind::Between => vec![Constraint::Between { cells: cells(rest)? }],
        ConstraintKind::RegionSum => vec![Constraint::RegionSum { cells: cells(rest)? }],
        ConstraintKind::Entropic => vec![Constraint::Entropic { cells: cells(rest)? }],
        ConstraintKind::Zipper => vec![Constraint::Zipper { cells: cells(rest)? }],
        ConstraintKind::Quadruple => {
            let split = rest.iter().position(|word| number(word).is_none()).unwrap_or(rest.len());
            let values: Vec<u8> = rest[..split]
                .iter()
                .map(|word| number(word).and_then(|v| u8::try_from(v).ok()))
                .collect::<Option<_>>()?;
            if values.is_empty() {
                return None;
            }
            vec![Constraint::Quadruple { cells: cells(&rest[split..])?, values }]
        }
        ConstraintKind::Clone => {
            let colon = rest.iter().position(|&word| word == ":")?;
            vec![Constraint::Clone {
                cells: cells(&rest[..colon])?,
                clones: cells(&rest[colon + 1..])?,
            }]
        }
        ConstraintKind::RowIndexer | ConstraintKind::ColumnIndexer | ConstraintKind::BoxIndexer => {
            let axis = match kind {
                ConstraintKind::RowIndexer => Axis::Row,
                ConstraintKind::ColumnIndexer => Axis::Column,
                _ => Axis::Box,
            };
            vec![Constraint::Indexer { axis, cells: cells(rest)? }]
        }
        ConstraintKind::Nonconsecutive
        | ConstraintKind::NegativeRatio
        | ConstraintKind::NegativeXv => {
            if !rest.is_empty() {
                return None;
            }
            vec![match kind {
                ConstraintKind::Nonconsecutive => Constraint::Nonconsecutive,
                ConstraintKind::NegativeRatio => Constraint::NegativeRatio,
                _ => Constraint::NegativeXv,
            }]
        }
    })
}

/// The `#` line that says `constraint`, ending with a newline; [`parse_directive`] reads it
/// back.
pub fn directive_line(constraint: &Constraint) -> String {
    let kind = constraint.kind();
    let places = |places: &[Spot]| -> String {
        places.iter().map(Spot::to_string).collect::<Vec<_>>().join(" ")
    };
    let body = match constraint {
        Constraint::Killer { cells, sum: Some(sum) } => format!("{sum} {}", places(cells)),
        Constraint::Killer { cells, sum: None } => places(cells),
        Constraint::LittleKiller { clue, direction, sum } => {
            format!("{sum} {clue} {}", direction.code().to_ascii_lowercase())
        }
        Constraint::Arrow { circle, lines } => {
            let lines: Vec<String> = lines.iter().map(|line| places(line)).collect();
            format!("{} : {}", places(circle), lines.join(" : "))
        }
        Constraint::Thermometer { cells }
        | Constraint::SlowThermometer { cells }
        | Constraint::Palindrome { cells }
        | Constraint::Renban { cells }
        | Constraint::Between { cells }
        | Constraint::RegionSum { cells }
        | Constraint::Entropic { cells }
        | Constraint::Zipper { cells }
        | Constraint::Indexer { cells, .. }
        | Constraint::Whispers { cells, gap: None } => places(cells),
        Constraint::Whispers { cells, gap: Some(gap) } => format!("{gap} {}", places(cells)),
        Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
            format!("{sum} {clue}")
        }
        Constraint::Skyscraper { clue, count } => format!("{count} {clue}"),
        Constraint::Difference { cells, value } | Constraint::Ratio { cells, value } => {
            format!("{value} {}", places(cells))
        }
        Constraint::Xv { cells, sum } => {
            format!("{} {}", if *sum == 5 { "v" } else { "x" }, places(cells))
        }
        Constraint::Odd { cell }
        | Constraint::Even { cell }
        | Constraint::Minimum { cell }
        | Constraint::Maximum { cell } => cell.to_string(),
        Constraint::Quadruple { cells, values } => {
            let values: Vec<String> = values.iter().map(u8::to_string).collect();
            format!("{} {}", values.join(" "), places(cells))
        }
        Constraint::Clone { cells, clones } => format!("{} : {}", places(cells), places(clones)),
        Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
            return format!("# {}\n", kind.word());
        }
    };
    format!("# {} {body}\n", kind.word())
}

/// The places of `words`, each `rRcC`; `None` if a word is none.
fn place_list(words: &[&str]) -> Option<Vec<Spot>> {
    words.iter().map(|word| parse_place(word)).collect()
}

/// The place a word `rRcC` names (rows and columns from 1, 0 for a clue above or left of the
/// grid).
pub(super) fn parse_place(word: &str) -> Option<Spot> {
    let lower = word.to_ascii_lowercase();
    let (row, col) = lower.strip_prefix('r')?.split_once('c')?;
    let number = |text: &str| -> Option<i16> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 4 {
            return None;
        }
        text.parse::<i16>().ok().filter(|&n| n <= 100)
    };
    Some(Spot::new(number(row)? - 1, number(col)? - 1))
}
