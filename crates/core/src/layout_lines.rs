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

/// What the comment `comment` (a line starting with `#`) sets, if it is a `# layout`,
/// `# extra` or `# regions` line: `None` for any other comment, an error for such a line that
/// says nothing a reader can use.
///
/// A line is such a directive only when it means to be one (the reader's module documentation
/// gives the rule): its word followed by a space (or, for `# regions`, the end of the line), then
/// for `# layout` a single word or a word among the layout words, for `# extra` a word shaped
/// as a cell name (`r1c1`), for `# regions` a single word. Anything else is a comment, as it
/// is to any other reader: `# layouts differ`, `# layout of this file: one per line`,
/// `# extra hard puzzles`, `# regions of difficulty follow`.
pub(crate) fn directive(comment: &[u8]) -> Option<Result<Directive, ReadErrorKind>> {
    let text = std::str::from_utf8(comment.strip_prefix(b"#")?).ok()?.trim();
    if let Some(words) = text.strip_prefix("layout") {
        if !words.starts_with(char::is_whitespace) {
            return None;
        }
        let listed: Vec<&str> = split_words(words).collect();
        if listed.len() > 1 && !listed.iter().any(|word| is_layout_word(word)) {
            return None;
        }
        return Some(layout_words(words));
    }
    if let Some(cells) = text.strip_prefix("extra") {
        if !cells.starts_with(char::is_whitespace) || !split_words(cells).any(is_cell_shaped) {
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
        return None;
    }
    Some(Ok(Directive::RegionsLine(line.as_bytes().to_vec())))
}

/// The words of a directive, separated by spaces, tabs or commas.
fn split_words(text: &str) -> impl Iterator<Item = &str> {
    text.split([' ', '\t', ',']).filter(|word| !word.is_empty())
}

/// Whether `word` is one a `# layout` line takes: `classic`, `jigsaw`, `pencilmark` or a
/// rule's ([`Rule::from_word`]).
fn is_layout_word(word: &str) -> bool {
    ["classic", "jigsaw", "pencilmark"].iter().any(|known| word.eq_ignore_ascii_case(known))
        || Rule::from_word(word).is_some()
}

/// Whether `word` is shaped as a cell name, `r` and digits then `c` and digits in either case
/// (`r1c1`, `R10C4`, and `r0c0`, which names no cell).
fn is_cell_shaped(word: &str) -> bool {
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let lower = word.to_ascii_lowercase();
    lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
        .is_some_and(|(row, col)| digits(row) && digits(col))
}

/// The layout the words of a `# layout` line name: `classic` alone, or `jigsaw` and words of
/// rules ([`Rule::from_word`]), separated by spaces or commas.
fn layout_words(words: &str) -> Result<Directive, ReadErrorKind> {
    let words: Vec<&str> = split_words(words).collect();
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
    let cells = split_words(cells)
        .map(|word| {
            named(word).ok_or_else(|| {
                ReadErrorKind::BadExtra(format!("`{word}` is no cell name (r1c1 to r64c64)"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
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

/// A directive that failed: the puzzles after it are refused until a good directive starts the
/// layout again.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Failed {
    /// Which directive: `layout`, `extra` or `regions`.
    directive: &'static str,
    /// Its line (the first line of a `# regions` block).
    line: usize,
}

/// The layout the `# layout` and `# regions` lines read so far give the puzzles after them.
#[derive(Debug, Default)]
pub(crate) struct LayoutInForce {
    /// The directive that failed since the last good `# layout` line, if one did: the layout
    /// it meant to give is unknown, so no puzzle is read under a layout it did not mean.
    failed: Option<Failed>,
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
    /// Whether puzzles are classic: no `# layout` or `# regions` line is in force, and none
    /// failed.
    pub(crate) fn is_classic(&self) -> bool {
        self.rules.is_empty()
            && !self.jigsaw
            && self.regions.is_none()
            && self.extra.is_empty()
            && self.failed.is_none()
            && self.constraints.is_empty()
    }

    /// Adds the rules of a rule line (`# killer 15 r1c1 r1c2`, ...) on `line`; an error when
    /// the rules since the last `# layout` line would pass what a layout carries
    /// ([`Layout::MAX_CONSTRAINTS`]), checked as they come, as for `# extra` lines.
    pub(crate) fn add_constraints(
        &mut self,
        constraints: Vec<Constraint>,
        line: usize,
    ) -> Result<(), ReadErrorKind> {
        if self.needs_a_layout_line() {
            return Ok(());
        }
        let count = self.constraints.len() + constraints.len();
        if count > Layout::MAX_CONSTRAINTS {
            return Err(ReadErrorKind::BadRules(format!(
                "{count} rules since the last `# layout` line; a layout carries at most {}",
                Layout::MAX_CONSTRAINTS
            )));
        }
        self.constraints.extend(constraints);
        self.line = line;
        self.made = None;
        Ok(())
    }

    /// Whether a directive failed that only a good `# layout` line ends (a `# layout` or
    /// `# extra` line; good regions end a failed `# regions` line or block).
    fn needs_a_layout_line(&self) -> bool {
        self.failed.is_some_and(|failed| failed.directive != "regions")
    }

    /// Records that the `# directive` line on `line` failed: the puzzles after it are refused
    /// until a good `# layout` line (or, after a `# regions` line or block, good regions).
    pub(crate) fn fail(&mut self, directive: &'static str, line: usize) {
        // A failure that only a `# layout` line ends is kept over one that regions end.
        if !self.needs_a_layout_line() {
            self.failed = Some(Failed { directive, line });
        }
        self.made = None;
    }

    /// Adds the group of an `# extra` line on `line`; an error when the groups since the last
    /// `# layout` line would pass what a layout carries ([`Layout::MAX_EXTRA_GROUPS`],
    /// [`Layout::MAX_EXTRA_CELLS`]), checked as they come so that a file of a million `# extra`
    /// lines costs no more memory than a layout may hold. Nothing is kept after a failure that
    /// only a `# layout` line ends (which drops the groups anyway).
    pub(crate) fn add_extra(
        &mut self,
        cells: Vec<(usize, usize)>,
        line: usize,
    ) -> Result<(), ReadErrorKind> {
        if self.needs_a_layout_line() {
            return Ok(());
        }
        if self.extra.len() == Layout::MAX_EXTRA_GROUPS {
            let problem = format!(
                "one group more than the {} extra regions a layout carries (since the last \
                 `# layout` line)",
                Layout::MAX_EXTRA_GROUPS
            );
            return Err(ReadErrorKind::BadExtra(problem));
        }
        let listed = self.extra.iter().map(Vec::len).sum::<usize>() + cells.len();
        if listed > Layout::MAX_EXTRA_CELLS {
            let problem = format!(
                "{listed} cells in extra regions since the last `# layout` line; a layout \
                 carries at most {}",
                Layout::MAX_EXTRA_CELLS
            );
            return Err(ReadErrorKind::BadExtra(problem));
        }
        self.extra.push(cells);
        self.line = line;
        self.made = None;
        Ok(())
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
            failed: None,
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
        if self.needs_a_layout_line() {
            // Under a failed `# layout` or `# extra` line, regions change nothing.
            return Ok(());
        }
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
        // Good regions replace regions that failed; any other failure still holds.
        if self.failed.is_some_and(|failed| failed.directive == "regions") {
            self.failed = None;
        }
        Ok(())
    }

    /// The layout of a puzzle of `size`: `None` when classic; an error when the regions are
    /// of another side, missing after `jigsaw`, or the rules do not fit the size.
    pub(crate) fn for_size(&mut self, size: Size) -> Result<Option<Arc<Layout>>, ReadErrorKind> {
        if let Some(Failed { directive, line }) = self.failed {
            return Err(ReadErrorKind::AfterFailedDirective { directive, line });
        }
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
