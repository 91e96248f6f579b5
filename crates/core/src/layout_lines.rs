//! The `# layout`, `# regions` and `# extra` lines of a puzzle file, and the lines of its rules
//! with numbers and lines (`# killer 15 r1c1 r1c2`, [`crate::constraint::parse_directive`]):
//! what they say, the layout they give the puzzles after them, and the text that says a layout
//! (see the reader's module documentation for the rules and [`crate::write::HeaderLines`] for
//! the writer).

use std::sync::Arc;

use crate::constraint::{self, Constraint};
use crate::error::{Found, ReadErrorKind};
use crate::layout::{Layout, Rule};
use crate::size::Size;

/// The symbols regions are written with, region 1 first: enough for 64 regions, and a 9×9
/// block reads `111222333` as people write it.
const REGION_SYMBOLS: &[u8; 64] =
    b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0+*";

/// A `#` line that sets the layout.
pub(crate) enum Directive {
    /// `# layout WORDS`: the rules (none for `classic`) and whether `jigsaw` was said.
    Layout {
        /// The rules named.
        rules: Vec<Rule>,
        /// Whether `jigsaw` was among the words.
        jigsaw: bool,
    },
    /// `# regions`, a block of rows following.
    RegionsBlock,
    /// `# regions SYMBOLS`: every cell's region on this line.
    RegionsLine(Vec<u8>),
    /// `# extra r1c1 r2c2 ...`: one more group of cells that all differ, as rows and
    /// columns from 0.
    Extra(Vec<(usize, usize)>),
    /// `# killer 15 r1c1 r1c2`, `# thermo r1c1 r1c2 r1c3`, ...: more rules with numbers and
    /// lines.
    Constraints(Vec<Constraint>),
}

/// What the comment `comment` (a line starting with `#`) sets, if it is a `# layout` or
/// `# regions` line: `None` for any other comment, an error for such a line that says nothing
/// a reader can use. Only the word followed by a space (or, for `# regions`, the end of the
/// line) is a directive: `# layouts differ` stays a comment.
pub(crate) fn directive(comment: &[u8]) -> Option<Result<Directive, ReadErrorKind>> {
    let text = std::str::from_utf8(comment.strip_prefix(b"#")?).ok()?.trim();
    if let Some(words) = text.strip_prefix("layout") {
        if !words.starts_with(char::is_whitespace) {
            return None;
        }
        return Some(layout_words(words));
    }
    if let Some(cells) = text.strip_prefix("extra") {
        if !cells.starts_with(char::is_whitespace) {
            return None;
        }
        return Some(extra_cells(cells));
    }
    if let Some(constraints) = constraint::parse_directive(text) {
        return Some(Ok(Directive::Constraints(constraints)));
    }
    let rest = text.strip_prefix("regions")?;
    if rest.is_empty() {
        return Some(Ok(Directive::RegionsBlock));
    }
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let mut words = rest.split_whitespace();
    let line = words.next().expect("the rest is not all whitespace: the line was trimmed");
    if words.next().is_some() {
        let problem = "takes every cell's region in one word of symbols, or nothing (its rows \
                       follow, a `# ROW` line each)";
        return Some(Err(ReadErrorKind::BadRegions(problem.to_owned())));
    }
    Some(Ok(Directive::RegionsLine(line.as_bytes().to_vec())))
}

/// The layout the words of a `# layout` line name: `classic` alone, or `jigsaw` and words of
/// rules ([`Rule::from_word`]), separated by spaces or commas.
fn layout_words(words: &str) -> Result<Directive, ReadErrorKind> {
    let words: Vec<&str> = words.split([' ', '\t', ',']).filter(|word| !word.is_empty()).collect();
    if words.len() == 1 && words[0].eq_ignore_ascii_case("classic") {
        return Ok(Directive::Layout { rules: Vec::new(), jigsaw: false });
    }
    let (mut rules, mut jigsaw) = (Vec::new(), false);
    for word in words {
        if word.eq_ignore_ascii_case("jigsaw") {
            jigsaw = true;
        } else if word.eq_ignore_ascii_case("pencilmark") {
            // A word `generate --layout` takes: the puzzles' own lines carry their candidates,
            // so it says nothing more here.
        } else {
            let rule = Rule::from_word(word)
                .ok_or_else(|| ReadErrorKind::UnknownLayoutWord(word.to_owned()))?;
            rules.push(rule);
        }
    }
    Ok(Directive::Layout { rules, jigsaw })
}

/// The cells of an `# extra` line: cell names `rRcC` (from 1, either case), separated by spaces
/// or commas.
fn extra_cells(cells: &str) -> Result<Directive, ReadErrorKind> {
    let named = |word: &str| -> Option<(usize, usize)> {
        let lower = word.to_ascii_lowercase();
        let (row, col) = lower.strip_prefix('r')?.split_once('c')?;
        let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
        (row >= 1 && col >= 1).then(|| (row - 1, col - 1))
    };
    let words = cells.split([' ', '\t', ',']).filter(|word| !word.is_empty());
    let cells = words
        .map(|word| {
            named(word).ok_or_else(|| {
                ReadErrorKind::BadExtra(format!("`{word}` is no cell name (r1c1 to r64c64)"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if cells.is_empty() {
        return Err(ReadErrorKind::BadExtra("names no cells (`# extra r1c1 r2c2 ...`)".to_owned()));
    }
    Ok(Directive::Extra(cells))
}

/// The region symbols of a row of a `# regions` block (a comment line): its text after `#`
/// without whitespace; `None` if the line is no such row (blank, or `#` alone), which ends the
/// block.
pub(crate) fn region_row(line: &[u8]) -> Option<Vec<u8>> {
    let row: Vec<u8> =
        line.strip_prefix(b"#")?.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
    (!row.is_empty()).then_some(row)
}

/// The first byte of `marks` that is no region symbol (a printable ASCII character).
pub(crate) fn bad_region_symbol(marks: &[u8]) -> Option<ReadErrorKind> {
    let bad = marks.iter().find(|b| !b.is_ascii_graphic())?;
    Some(ReadErrorKind::BadRegions(format!(
        "{} is no region symbol (letters, digits and other printable ASCII characters)",
        Found(*bad)
    )))
}

/// The layout the `# layout` and `# regions` lines read so far give the puzzles after them.
#[derive(Debug, Default)]
pub(crate) struct LayoutInForce {
    /// The rules of the last `# layout` line.
    rules: Vec<Rule>,
    /// Whether it said `jigsaw`: a `# regions` block must come before the next puzzle.
    jigsaw: bool,
    /// Each cell's region mark, row by row, from the last `# regions` block or line since.
    regions: Option<Vec<u32>>,
    /// The groups of the `# extra` lines since, as rows and columns.
    extra: Vec<Vec<(usize, usize)>>,
    /// The rules of the constraint lines since.
    constraints: Vec<Constraint>,
    /// The line that set what is in force, for messages.
    line: usize,
    /// The layout last made, shared by the puzzles of its size.
    made: Option<Arc<Layout>>,
}

impl LayoutInForce {
    /// Whether puzzles are classic: no `# layout` or `# regions` line is in force.
    pub(crate) fn is_classic(&self) -> bool {
        self.rules.is_empty()
            && !self.jigsaw
            && self.regions.is_none()
            && self.extra.is_empty()
            && self.constraints.is_empty()
    }

    /// Adds the rules of a constraint line on `line`.
    pub(crate) fn add_constraints(&mut self, constraints: Vec<Constraint>, line: usize) {
        self.constraints.extend(constraints);
        self.line = line;
        self.made = None;
    }

    /// Adds the group of an `# extra` line on `line`.
    pub(crate) fn add_extra(&mut self, cells: Vec<(usize, usize)>, line: usize) {
        self.extra.push(cells);
        self.line = line;
        self.made = None;
    }

    /// The extra groups in force as cell numbers on a grid of `size`; an error naming a cell
    /// outside it.
    fn extra_for(&self, size: Size) -> Result<Vec<Vec<usize>>, ReadErrorKind> {
        let side = size.side();
        self.extra
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|&(row, col)| {
                        if row < side && col < side {
                            Ok(size.cell_at(row, col))
                        } else {
                            let problem =
                                format!("r{}c{} is outside a {size} grid", row + 1, col + 1);
                            Err(ReadErrorKind::BadExtra(problem))
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Takes the layout of a `# layout` line on `line`; the regions before it no longer hold.
    pub(crate) fn set_rules(&mut self, rules: Vec<Rule>, jigsaw: bool, line: usize) {
        *self = LayoutInForce {
            rules,
            jigsaw,
            regions: None,
            extra: Vec::new(),
            constraints: Vec::new(),
            line,
            made: None,
        };
    }

    /// Takes the regions of a `# regions` line or block ending on `line`: `marks`, one per
    /// cell, row by row, of a grid of side `side`; an error if they make no layout with the
    /// rules in force.
    pub(crate) fn set_regions(
        &mut self,
        marks: &[u8],
        side: usize,
        line: usize,
    ) -> Result<(), ReadErrorKind> {
        if let Some(bad) = bad_region_symbol(marks) {
            return Err(bad);
        }
        let Some(size) = Size::from_side(side) else {
            let problem = format!("{side} rows of {side}: no grid has side {side}");
            return Err(ReadErrorKind::BadRegions(problem));
        };
        let marks: Vec<u32> = marks.iter().map(|&b| u32::from(b)).collect();
        let extra = self.extra_for(size)?;
        let layout = Layout::new(size, Some(&marks), &self.rules, &extra, None)
            .and_then(|layout| layout.with_constraints(self.constraints.clone()))
            .map_err(ReadErrorKind::RegionsLayout)?;
        self.regions = Some(marks);
        self.line = line;
        self.made = Some(Arc::new(layout));
        Ok(())
    }

    /// The layout of a puzzle of `size`: `None` when classic; an error when the regions are
    /// of another side, missing after `jigsaw`, or the rules do not fit the size.
    pub(crate) fn for_size(&mut self, size: Size) -> Result<Option<Arc<Layout>>, ReadErrorKind> {
        if self.is_classic() {
            return Ok(None);
        }
        if let Some(made) = self.made.as_ref().filter(|made| made.size() == size) {
            return Ok(Some(Arc::clone(made)));
        }
        let line = self.line;
        match &self.regions {
            None if self.jigsaw => return Err(ReadErrorKind::JigsawWithoutRegions(line)),
            Some(marks) if marks.len() != size.cells() => {
                let side = marks.len().isqrt();
                return Err(ReadErrorKind::LayoutSide { size, side, line });
            }
            _ => {}
        }
        let extra = self.extra_for(size)?;
        let layout = Layout::new(size, self.regions.as_deref(), &self.rules, &extra, None)
            .and_then(|layout| layout.with_constraints(self.constraints.clone()))
            .map_err(|error| ReadErrorKind::LayoutNotMade { size, error, line })?;
        let layout = Arc::new(layout);
        self.made = Some(Arc::clone(&layout));
        Ok(Some(layout))
    }
}

/// What the `# layout` lines say of a layout, without its starting candidates (a pencilmark
/// line carries them): the regions, numbered, the rules, the extra groups and the constraints.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Said {
    regions: Option<(usize, Box<[u8]>)>,
    rules: Vec<Rule>,
    /// The extra groups, by row and column.
    extra: Vec<Vec<(usize, usize)>>,
    constraints: Vec<Constraint>,
}

impl Said {
    /// What `layout` needs said; classic for `None`.
    pub(crate) fn of(layout: Option<&Layout>) -> Said {
        let Some(layout) = layout else { return Said::default() };
        let size = layout.size();
        let regions = layout.regions().map(|r| (size.side(), Box::from(r)));
        let place = |&cell: &u16| (size.row_of(cell.into()), size.col_of(cell.into()));
        let extra = layout.extra().iter().map(|group| group.iter().map(place).collect()).collect();
        let constraints = layout.constraints().to_vec();
        Said { regions, rules: layout.rules().to_vec(), extra, constraints }
    }

    /// The lines that say it: `# layout WORDS` (`classic` for none), then the `# regions`
    /// block of the regions, if any, the `# extra` lines and a line for each constraint.
    pub(crate) fn lines(&self) -> String {
        let mut words: Vec<&str> = self.rules.iter().map(|rule| rule.word()).collect();
        if self.regions.is_some() {
            words.insert(0, "jigsaw");
        }
        if words.is_empty() {
            // Also before `# extra` lines alone: it clears what was in force.
            words.push("classic");
        }
        let mut text = format!("# layout {}\n", words.join(" "));
        if let Some((side, regions)) = &self.regions {
            text.push_str("# regions\n");
            for row in regions.chunks(*side) {
                text.push_str("# ");
                text.extend(row.iter().map(|&r| char::from(REGION_SYMBOLS[usize::from(r)])));
                text.push('\n');
            }
        }
        for group in &self.extra {
            text.push_str("# extra");
            for (row, col) in group {
                text.push_str(&format!(" r{}c{}", row + 1, col + 1));
            }
            text.push('\n');
        }
        for constraint in &self.constraints {
            text.push_str(&constraint::directive_line(constraint));
        }
        text
    }
}
