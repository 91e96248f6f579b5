//! Reading puzzles of every size from bytes, one at a time, in any of the [`Format`]s.
//!
//! [`PuzzleReader`] wraps any [`BufRead`] and yields one `Result<Puzzle, ReadError>` per puzzle,
//! so a corpus of millions of lines is solved as it is read, never loaded whole. It works on
//! bytes, not strings: input that is not UTF-8 gets an error naming the byte, not a panic.
//!
//! A UTF-8 byte-order mark (`EF BB BF`, which some editors put at the start of a file) is
//! skipped when it opens the input; the first line's columns count from the character after it.
//! Whitespace at either end of a line is ignored, so CRLF line ends and indented grids are read
//! like any other; error columns still count from the line's first byte, leading whitespace
//! included, so they point at the character an editor shows there.
//!
//! # Format
//! Between puzzles, blank lines and lines starting with `#` are skipped. Each puzzle's format is
//! detected from its first line (without its indentation) unless [`ReadOptions::format`]
//! forces one; the first rule that matches decides:
//!
//! | first line looks like                                         | format      |
//! |---------------------------------------------------------------|-------------|
//! | starts with `{`, `http://`, `https://` or `N4Ig`               | f-puzzles ([`crate::fpuzzles`]: its givens and rules, written back as a `line`) |
//! | starts with `+` or `\|`                                       | `bordered`  |
//! | holds a `\|`, or is a rule of dashes                          | `pretty`    |
//! | several words, the first of one or two characters             | `judge`     |
//! | with the size forced to `n×n`: a first word of `n³` characters | `pencilmark` |
//! | a first word of 729 or 4096 characters                         | `pencilmark` (9×9, 16×16) |
//! | with the size forced to `n×n`: a first word of `n⁴` characters | `line`      |
//! | with the size forced to `n×n`: a first word of `n²` characters | `compact`   |
//! | a first word of 16 characters, all `1`-`4`, `0` or `.`         | `line` (4×4) |
//! | a first word of 36 characters, all `1`-`6`, `0` or `.`         | `line` (6×6) |
//! | a first word of 27 to 35 characters but no side (28, 30, 32, 35), or 37 or more | `line` |
//! | anything else (a first word of up to 26 characters, 28, 30, 32, 35 or 36) | `compact` |
//!
//! Sixteen symbols are either a 4×4 one-line puzzle or the first row of a 16×16 compact block:
//! only the puzzle holds nothing but 4×4 symbols, so any other symbol (`5`-`9`, a letter) makes
//! it a block. A 16×16 block whose first row holds only `1`-`4` and blanks is read as a 4×4
//! line unless the size (`16`) or the format (`compact`) is forced. Thirty-six symbols are
//! told apart the same way: a 6×6 one-line puzzle or the first row of a 36×36 block.
//!
//! # Size
//! The size comes from the puzzle unless [`ReadOptions::size`] forces it. The side gives the
//! size with its usual boxes (12×12: boxes of 3 rows by 4 columns, see [`Size::from_side`]);
//! a line `# boxes 4x3` (rows, then columns of a box) between puzzles gives the puzzles after
//! it whose side is 12 boxes of 4 rows by 3 columns instead, until another such line. It is a
//! comment to any other reader; a `# boxes` line of two numbers that make no box (`# boxes 9x2`) is an error.
//!
//! | format               | the size whose...                          | sizes            |
//! |----------------------|--------------------------------------------|------------------|
//! | `line`               | cells are the symbols up to the first space | 4×4 to 36×36 (16, 36, 64, 81, 100, 144, ... 1296) |
//! | `pencilmark`         | side's cube is the symbols up to the first space | 4×4 to 16×16 (64, 216, ... 729, ... 4096); found alone at 9×9 and 16×16 |
//! | `compact`            | side is the first row's symbols            | 4×4 to 36×36     |
//! | `judge`              | side is the first row's numbers            | 4×4 to 64×64     |
//! | `pretty`, `bordered` | side is the first row's cells               | 4×4 to 64×64     |
//!
//! A block has as many rows as its side (rule lines between bands and borders aside). A
//! pretty or bordered row's cells are its words between spaces and `|` (single symbols, or
//! right-aligned numbers such as ` .  1 16 | ...`); a packed row such as `316|578|492`, one
//! word a box, is read symbol by symbol when that, not the words, gives `n²` cells for its
//! `n` boxes.
//!
//! # Layouts
//! A puzzle is classic (rows, columns, boxes) unless a `# layout` line or a `# regions` block
//! before it says otherwise; what they say holds for every puzzle after them until the next
//! `# layout` line. Both are comments to any other reader.
//!
//! - `# layout WORDS`: the rules of the puzzles after it, words separated by spaces or
//!   commas: `x` (the two diagonals), `windoku`, `disjoint`, `anti-knight`, `anti-king` (and
//!   the other names [`Rule::from_word`](crate::Rule::from_word) reads), and `jigsaw`, which
//!   says a `# regions` block follows; `# layout classic` alone goes back to classic puzzles.
//!   It drops the regions in force.
//! - `# regions`, then one comment line per row of the grid, each holding a symbol per cell
//!   (`# 111222333`; spaces between symbols are ignored): cells of one symbol make a region,
//!   any printable symbols, numbered by the order their first cells come. The first row's
//!   symbols give the side; a blank line, a puzzle or another directive before the last row
//!   is an error. `# regions SYMBOLS` gives the same on one line, `side²` symbols row by row.
//!   The regions replace the boxes of the puzzles of their side after them, with the rules
//!   of the `# layout` line before them: `# layout jigsaw x` then a `# regions` block makes
//!   jigsaw X puzzles. Regions that make no layout (a region of 8 cells, or `windoku`, which
//!   needs boxes) are an error naming the block's line.
//!
//! ```text
//! # layout jigsaw x
//! # regions
//! # 111222333
//! # 112223331
//! # 122233311
//! # 444555666
//! # 445556664
//! # 455566644
//! # 777888999
//! # 778889997
//! # 788899977
//! 1................................................................................
//! ```
//!
//! - `# extra r1c1 r2c2 ...`: one more group of cells that all differ (`rRcC`, from 1, either
//!   case), added to the layout in force until the next `# layout` line. At most
//!   [`Layout::MAX_EXTRA_GROUPS`] groups and [`Layout::MAX_EXTRA_CELLS`] cells since the last
//!   `# layout` line are taken, counted as they come: the line past either fails.
//!
//! A `#` line is one of these directives only when it means to be one; any other is a
//! comment, as to every other reader. The word follows `#` and a space follows it
//! (`# layouts vary` is a comment); then a `# layout` line is a directive when it has one word
//! or one of its words is a layout word (`classic`, `jigsaw`, `pencilmark`, a rule's), an
//! `# extra` line when one of its words is shaped as a cell name (`r`, digits, `c`, digits),
//! a `# regions` line when nothing or one word follows, a `# boxes` line when only digits, `x`
//! and spaces follow. So `# layout of this file: one per line`, `# extra hard puzzles`,
//! `# regions of difficulty follow` and `# boxes are drawn` are comments, and
//! `# layout X-sudoku`, `# layout windoku antiknigt`, `# extra r0c0 r1c1` and
//! `# boxes 3x3x3` are directives that fail.
//!
//! A directive that fails is an error naming its line, with no puzzle number, and the layout
//! (or boxes) it meant to give is unknown: every puzzle after it is an error naming the
//! directive's line ([`ReadErrorKind::AfterFailedDirective`]), never a puzzle read under the
//! layout before it, until a good `# layout` line starts a layout again (after a failed
//! `# regions` line or block, good regions do too; after a failed `# boxes` line, a good
//! `# boxes` line).
//!
//! A puzzle of another side than the regions in force, a puzzle after `# layout jigsaw`
//! without a `# regions` block, and a puzzle whose size the rules do not fit (`windoku` at
//! 6×6) are errors naming the puzzle. Clues that break their layout (a value twice on a
//! diagonal, or a knight's move apart) are an error naming both, as a value twice in a row
//! is; in a jigsaw, a value twice in a box is not. The grids read carry their layout
//! ([`Grid::layout`]), one shared layout for the puzzles of a size.
//!
//! A pencilmark line (`pencilmark`, a sukaku) gives each cell its candidates: `side` marks a
//! cell, the `v`-th the symbol of `v` (`1`-`9`, `A`-`G`) if `v` is a candidate, else `.` or `0`
//! (`1........` is a cell of candidate 1 alone). Its grid has no givens; its layout is the one
//! in force with those starting candidates ([`Layout::candidates`]). A cell without candidates
//! makes a puzzle without a solution, not an error.
//!
//! [`crate::write::HeaderLines`] writes these lines wherever an output's layout changes, so
//! that it reads back with its layouts.
//!
//! # Alphabet
//! Cells written one symbol each (`line`, `compact`, and pretty or bordered blocks whose cells
//! are all one character) are read in the alphabet [`Alphabet::detect`] finds in the whole
//! grid (`1-9A` or `0-9A`, see [`crate::alphabet`]), unless [`ReadOptions::alphabet`] forces
//! one. The numeric block (`judge`) is always read as numbers: its alphabet is `numbers` when
//! the side is above 9 (values of two digits) and `1-9A` up to 9×9, where a cell is one digit
//! and `12` is two cells missing their space, as the judge format always had it. A pretty or
//! bordered block is in `numbers` when some cell is written with two characters or more, and at
//! 49×49 and 64×64. [`Puzzle::alphabet`] says which was found, so that output uses the puzzle's
//! own symbols. Forced to `numbers`, one-symbol cells read in the size's usual alphabet
//! ([`Alphabet::for_size`]), as the writer writes them.
//!
//! # Errors
//! A malformed puzzle yields an error and reading goes on with the next one: a block is consumed
//! to its last row (or to the blank line, comment or end of input that cuts it short) before the
//! error is returned, so one bad row does not derail the rest of the file. A line or first row
//! whose length is near a grid's (within a row of its cells, or a box side of its side) is
//! taken for that size (`line has 80 cells, expected 81 (a 9×9 grid)`); one far from every
//! grid's is no grid at all, and its block is read to the next blank line. The first problem in
//! reading order is reported; on a line with the wrong count of cells, a byte that is no symbol
//! at all (`*`, `0xFF`) comes before the count, a symbol out of the size's range after it.
//!
//! A line that is no puzzle directly before a one-line puzzle (a title without `#`, such as
//! `Puzzle 1 of 3`, at the top of a downloaded list) is skipped: the first row of a block
//! (`compact`, `judge`, `pretty`, `bordered`) whose next line is a one-line puzzle (`line` or
//! `pencilmark` of a grid's length, or an f-puzzles puzzle) of another length than its rows,
//! or a line read as a one-line puzzle whose length is no grid's, followed by a one-line
//! puzzle. It is an error naming its line, without a puzzle number
//! ([`ReadErrorKind::NotAPuzzle`], [`ReadError::is_bad_line`]), and the puzzle after it is read
//! next, numbered as if the line were not there: without this rule the line would be taken for
//! a grid's first row and the puzzles after it for its other rows. When the format is forced,
//! or a blank line follows, such a line is a malformed puzzle as any other.
//!
//! # Speed
//! A well-formed 9×9 one-line puzzle (81 digits and dots from the line's first byte) is read by
//! a branch-free loop when the options allow `line`, 9×9 and `1-9A` and no layout is in force; everything else goes
//! through the general path, which collects each cell's text and place before the size and
//! alphabet say what they mean, reusing its buffers from puzzle to puzzle.

use std::io::{self, BufRead};
use std::sync::Arc;

use crate::alphabet::Alphabet;
use crate::error::{Found, Place, ReadError, ReadErrorKind};
use crate::format::Format;
use crate::fpuzzles;
use crate::grid::{Conflict, Grid};
use crate::layout::{Broken, Layout};
use crate::layout_lines::{self, Directive, LayoutInForce};
use crate::pencilmark;
use crate::size::Size;

/// Cells of a 9×9 grid, the size of the fast path.
const NINE_CELLS: usize = 81;

/// The largest side a grid written with one symbol per cell can have (`0-9A-Z`).
const MAX_SYMBOL_SIDE: usize = 36;

/// The byte-order mark that may open UTF-8 text; it is not part of the first line.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

pub use crate::format::{MAX_FPUZZLES_LINE, MAX_LINE};

/// One puzzle read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The clues.
    pub grid: Grid,
    /// The format it was written in (its solution is written back in the same one by default);
    /// [`Format::Line`] for an f-puzzles puzzle, whose solution is written as a line.
    pub format: Format,
    /// The symbols it was written with (its solution is written with the same ones).
    pub alphabet: Alphabet,
    /// Its 1-based position in the input, counting malformed puzzles too.
    pub number: usize,
    /// The 1-based line its text starts on.
    pub line: usize,
}

/// What a reader is told instead of detecting it; `None` detects (the default).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReadOptions {
    /// Every puzzle is in this format.
    pub format: Option<Format>,
    /// Every puzzle has this size.
    pub size: Option<Size>,
    /// Every puzzle is written with these symbols. A one-symbol alphabet without a symbol for
    /// every value of a puzzle's size (`1-9A` at 36×36) is not forced on that puzzle.
    pub alphabet: Option<Alphabet>,
}

/// Streams puzzles out of a reader. See the [module documentation](self) for the rules.
pub struct PuzzleReader<R> {
    lines: LineReader<R>,
    options: ReadOptions,
    /// Whether the options let well-formed 9×9 one-line puzzles take the fast path.
    fast_path: bool,
    /// The boxes the last `# boxes` line named: puzzles of their side have them.
    boxes: Option<Size>,
    /// The line of a `# boxes` line that failed since the last good one: the boxes it meant
    /// are unknown, so the puzzles after it are refused.
    boxes_failed: Option<usize>,
    /// The layout the `# layout` and `# regions` lines give the puzzles after them.
    layout: LayoutInForce,
    /// Whether puzzles are read as classic ones: no layout in force and no directive failed
    /// (`layout.is_classic()` and no `boxes_failed`), kept up to date after each comment line.
    classic: bool,
    /// The cells of the puzzle being read, kept to reuse their memory.
    cells: RawCells,
    /// Their values, once read; likewise kept.
    values: Vec<u8>,
    puzzles_started: usize,
    finished: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader that detects each puzzle's format, size and alphabet.
    pub fn new(reader: R) -> Self {
        Self::with_options(reader, ReadOptions::default())
    }

    /// A reader told what `options` say, detecting the rest.
    pub fn with_options(reader: R, options: ReadOptions) -> Self {
        let fast_path = options.format.is_none_or(|format| format == Format::Line)
            && options.size.is_none_or(|size| size == Size::NINE)
            && options.alphabet.is_none_or(|alphabet| alphabet == Alphabet::FromOne);
        PuzzleReader {
            lines: LineReader::new(reader),
            options,
            fast_path,
            boxes: None,
            boxes_failed: None,
            layout: LayoutInForce::default(),
            classic: true,
            cells: RawCells::default(),
            values: Vec::new(),
            puzzles_started: 0,
            finished: false,
        }
    }

    /// The reader the puzzles come from, for a caller that needs more of it than its bytes
    /// (how much it holds, or what it is tied to). Reading from it directly skips those bytes
    /// and loses the count of lines.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.lines.inner
    }

    /// The next puzzle, `Ok(None)` at the end of the input.
    fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ReadError> {
        loop {
            if !self.advance(None)? {
                return Ok(None);
            }
            if !self.lines.is_blank_or_comment() {
                break;
            }
            let taken = self.take_directive();
            // Checked once here rather than for every puzzle: the fast path's one test.
            self.classic = self.layout.is_classic() && self.boxes_failed.is_none();
            taken?;
        }
        self.puzzles_started += 1;
        let number = self.puzzles_started;
        let first_line = self.lines.number;
        // The hot path: a well-formed 9×9 one-line puzzle from the line's first byte (a line
        // too long to keep whole never has exactly 81 bytes), which detection would read as
        // `line`, 9×9, `1-9A`. An indented line takes the general path, which counts its
        // columns from the start of the line.
        if self.fast_path
            && self.classic
            && self.lines.indent == 0
            && let Some(cells) = plain_line(self.lines.text())
        {
            let grid = Grid::from_cells(Size::NINE, &cells).expect("digits are 0..=9");
            if let Some(conflict) = grid.first_conflict() {
                // Every cell of such a line is at the column of its index plus one.
                let error = repeated_clue(conflict, None, |cell| (first_line, cell + 1));
                return Err(error.at(number).in_format(Format::Line));
            }
            let alphabet = Alphabet::FromOne;
            return Ok(Some(Puzzle {
                grid,
                format: Format::Line,
                alphabet,
                number,
                line: first_line,
            }));
        }
        let fpuzzles_line = match self.options.format {
            None => fpuzzles::recognizes(self.lines.text()),
            Some(forced) => forced == Format::Fpuzzles,
        };
        let (grid, format, alphabet) = if fpuzzles_line {
            // Written back as a line, so a bad one still has a line to keep the output in step.
            let grid = self.read_fpuzzles(number).map_err(|e| e.in_format(Format::Line))?;
            let alphabet = Alphabet::for_size(grid.size());
            // Written back as a line: the puzzle's own symbols, one a cell.
            (grid, Format::Line, alphabet)
        } else {
            let format =
                self.options.format.unwrap_or_else(|| detect(self.lines.text(), self.options.size));
            let read = match format {
                Format::Line => self.read_line(number).or_else(|error| self.no_grid(error, number)),
                Format::Pencilmark => self.read_pencilmark(number),
                Format::Judge | Format::Compact | Format::Pretty | Format::Bordered => {
                    self.read_block(format, number)
                }
                Format::Fpuzzles => unreachable!("f-puzzles lines are read above"),
            };
            let (grid, alphabet) = read.map_err(|e| e.in_format(format))?;
            (grid, format, alphabet)
        };
        Ok(Some(Puzzle { grid, format, alphabet, number, line: first_line }))
    }

    /// Takes the comment line just read: a `# boxes` line, or a `# layout`, `# regions` or
    /// `# extra` directive; any other comment changes nothing. A directive that fails is the
    /// error returned, and leaves what it meant to set unknown (see the module documentation).
    fn take_directive(&mut self) -> Result<(), ReadError> {
        let line = self.lines.number;
        let place = Place { puzzle: None, line, column: Some(self.lines.indent + 1) };
        let error = |kind| ReadError { place, kind, format: None };
        if let Some(boxes) = boxes_directive(self.lines.text()) {
            match boxes {
                Ok(boxes) => (self.boxes, self.boxes_failed) = (Some(boxes), None),
                Err(kind) => {
                    self.boxes_failed = Some(line);
                    return Err(error(kind));
                }
            }
        } else if let Some(directive) = layout_lines::directive(self.lines.text()) {
            // A directive that fails leaves the layout it meant unknown: the puzzles after
            // it are refused until a good one, never read under the layout before it.
            let word = match &directive {
                Ok(Directive::Layout { .. }) => "layout",
                Ok(Directive::Extra(_)) => "extra",
                Ok(Directive::Constraints(_)) => "rule",
                Ok(Directive::RegionsLine(_) | Directive::RegionsBlock) => "regions",
                Err(ReadErrorKind::BadExtra(_)) => "extra",
                Err(ReadErrorKind::BadRegions(_)) => "regions",
                Err(_) => "layout",
            };
            let taken = match directive {
                Err(kind) => Err(error(kind)),
                Ok(Directive::Layout { rules, jigsaw }) => {
                    self.layout.set_rules(rules, jigsaw, line);
                    Ok(())
                }
                Ok(Directive::RegionsLine(marks)) => {
                    if let Some(size) = Size::from_cell_count(marks.len()) {
                        self.layout.set_regions(&marks, size.side(), line).map_err(error)
                    } else {
                        let problem =
                            format!("{} symbols are no grid's cells (81 at 9×9)", marks.len());
                        Err(error(ReadErrorKind::BadRegions(problem)))
                    }
                }
                Ok(Directive::RegionsBlock) => self.read_regions_block(),
                Ok(Directive::Extra(cells)) => self.layout.add_extra(cells, line).map_err(error),
                Ok(Directive::Constraints(rules)) => {
                    self.layout.add_constraints(rules, line).map_err(error)
                }
            };
            if let Err(error) = taken {
                if !matches!(error.kind, ReadErrorKind::Io(_)) {
                    self.layout.fail(word, line);
                }
                return Err(error);
            }
        }
        Ok(())
    }

    /// Reads puzzle `number`, an f-puzzles puzzle (its JSON or a link) on the current line:
    /// its givens, at the boxes its side usually has ([`crate::fpuzzles`]).
    fn read_fpuzzles(&mut self, number: usize) -> Result<Grid, ReadError> {
        if self.lines.is_too_long() {
            return Err(self.lines.too_long().at(number));
        }
        let (line, column) = (self.lines.number, self.lines.indent + 1);
        let error = |kind| LineError { line, column: Some(column), kind }.at(number);
        let grid = fpuzzles::parse(self.lines.text())
            .map_err(|problem| error(ReadErrorKind::Fpuzzles(problem)))?;
        if let Some(forced) = self.options.size.filter(|&forced| forced != grid.size()) {
            let problem = format!("its grid is {}, not the {forced} asked for", grid.size());
            return Err(error(ReadErrorKind::Fpuzzles(problem)));
        }
        // The puzzle's own constraints, if it has any, else the layout in force. Its boxes are
        // its side's usual ones, whatever the `# boxes` lines say.
        let layout = match grid.layout() {
            Some(own) => Some(Arc::clone(own)),
            None => self
                .layout
                .for_size(grid.size())
                .map_err(|kind| LineError { line, column: None, kind }.at(number))?,
        };
        checked(grid, layout, |_| None, |_| (line, column)).map_err(|e| e.at(number))
    }

    /// The layout in force for a puzzle of `size` starting on `line`, or the error saying why
    /// it has none.
    fn layout_for(&mut self, size: Size, line: usize) -> Result<Option<Arc<Layout>>, LineError> {
        if let Some(failed) = self.boxes_failed {
            let kind = ReadErrorKind::AfterFailedDirective { directive: "boxes", line: failed };
            return Err(LineError { line, column: None, kind });
        }
        self.layout.for_size(size).map_err(|kind| LineError { line, column: None, kind })
    }

    /// Reads the rows of a `# regions` block whose first line is the current one, up to its
    /// side's count of rows (the first row's symbols), and takes them as the regions in force.
    fn read_regions_block(&mut self) -> Result<(), ReadError> {
        let header = self.lines.number;
        let mut marks = Vec::new();
        let mut side = 0;
        let mut rows = 0;
        let error = |line, column, kind| ReadError {
            place: Place { puzzle: None, line, column },
            kind,
            format: None,
        };
        while rows == 0 || rows < side {
            let more = self.advance(None)?;
            let text = self.lines.text();
            // A blank line, a puzzle, another directive or the end cuts the block short.
            let row = if more
                && boxes_directive(text).is_none()
                && layout_lines::directive(text).is_none()
            {
                layout_lines::region_row(text)
            } else {
                None
            };
            let Some(row) = row else {
                if more {
                    // What cut the block short is read again, as the line after it.
                    self.lines.unread();
                }
                let problem = if rows == 0 {
                    format!("the block of line {header} has no rows (`# ROW` lines)")
                } else {
                    format!("the block of line {header} ends after {rows} of its {side} rows")
                };
                return Err(error(self.lines.number, None, ReadErrorKind::BadRegions(problem)));
            };
            let column = Some(self.lines.indent + 1);
            if rows == 0 {
                side = row.len();
                if Size::from_side(side).is_none() {
                    let problem = format!("a row of {side} symbols: no grid has side {side}");
                    return Err(error(
                        self.lines.number,
                        column,
                        ReadErrorKind::BadRegions(problem),
                    ));
                }
            }
            rows += 1;
            if let Some(kind) = layout_lines::bad_region_symbol(&row) {
                return Err(error(self.lines.number, column, kind));
            }
            if row.len() != side {
                let problem = format!(
                    "row {rows} has {} symbols, expected {side} (as the first row)",
                    row.len()
                );
                return Err(error(self.lines.number, column, ReadErrorKind::BadRegions(problem)));
            }
            marks.extend_from_slice(&row);
        }
        self.layout.set_regions(&marks, side, header).map_err(|kind| error(header, None, kind))
    }

    /// Reads puzzle `number`, a pencilmark line on the current line: an empty grid whose
    /// layout (the one in force) starts each cell from the candidates written.
    fn read_pencilmark(&mut self, number: usize) -> Result<(Grid, Alphabet), ReadError> {
        if self.lines.is_too_long() {
            return Err(self.lines.too_long().at(number));
        }
        let (text, indent, line) = (self.lines.text(), self.lines.indent, self.lines.number);
        let error = |index: usize, kind| {
            LineError { line, column: Some(indent + index + 1), kind }.at(number)
        };
        let count = text.iter().position(u8::is_ascii_whitespace).unwrap_or(text.len());
        let forced = self.options.size;
        let size = match (forced, pencilmark::side_of(count)) {
            (Some(size), _) if size.side().pow(3) == count => size,
            (None, Some(side)) => shaped(self.boxes, Size::from_side(side).expect("a side")),
            _ => {
                let kind = ReadErrorKind::PencilmarkCount { found: count, forced };
                return Err(LineError { line, column: None, kind }.at(number));
            }
        };
        let candidates = pencilmark::candidates(&text[..count], size)
            .map_err(|(index, kind)| error(index, kind))?;
        if let Some(offset) = text[count..].iter().position(|b| !b.is_ascii_whitespace()) {
            let at = count + offset;
            let kind = ReadErrorKind::TrailingText { cells: count, found: Found(text[at]) };
            return Err(error(at, kind));
        }
        let base = self.layout_for(size, line).map_err(|e| e.at(number))?;
        let layout = match base {
            Some(base) => base.with_candidates(Some(&candidates)),
            None => Layout::new(size, None, &[], &[], Some(&candidates)),
        }
        .expect("a candidate set per cell, of values of the side");
        let grid = Grid::empty(size).with_layout(Some(Arc::new(layout)));
        Ok((grid, Alphabet::FromOne))
    }

    /// Reads puzzle `number`, a one-line puzzle on the current line.
    fn read_line(&mut self, number: usize) -> Result<(Grid, Alphabet), ReadError> {
        if self.lines.is_too_long() {
            return Err(self.lines.too_long().at(number));
        }
        let (text, indent, line) = (self.lines.text(), self.lines.indent, self.lines.number);
        let error = |index: usize, kind| LineError { line, column: Some(indent + index + 1), kind };
        let forced = self.options.size;
        if let Some(size) = forced.filter(|size| size.side() > MAX_SYMBOL_SIDE) {
            let kind = ReadErrorKind::NoSymbols { format: Format::Line, size };
            return Err(LineError { line, column: None, kind }.at(number));
        }
        let fits = |count: usize| match forced {
            Some(size) => size.cells() == count,
            None => Size::from_cell_count(count).is_some_and(|s| s.side() <= MAX_SYMBOL_SIDE),
        };
        // The cells end at the first space, unless the whole line has the length of a grid:
        // then a space among them is a bad cell rather than the end of a short line.
        let first_word = text.iter().position(u8::is_ascii_whitespace).unwrap_or(text.len());
        let count = if !fits(first_word) && fits(text.len()) { text.len() } else { first_word };
        let (size, count_error) = if fits(count) {
            let boxes = self.boxes;
            let detected = || Size::from_cell_count(count).map(|size| shaped(boxes, size));
            (forced.or_else(detected).expect("the count fits"), None)
        } else {
            match wrong_count("line", "cells", count, forced, MAX_SYMBOL_SIDE) {
                (kind, Some(size)) => {
                    let column = count.min(size.cells());
                    (size, Some(error(column, kind)))
                }
                (kind, None) => return Err(LineError { line, column: None, kind }.at(number)),
            }
        };
        let symbols = &text[..count];
        let (alphabet, read_as) = symbol_alphabet(self.options.alphabet, symbols, size);
        // A symbol of a larger grid is explained by the length that gave the size.
        let line_cells = (count_error.is_none() && forced.is_none()).then_some(count);
        let reading = Reading::Symbols(read_as);
        // Each cell is one symbol at the column of its index: no place to keep.
        self.values.clear();
        let mut bad_cell = None;
        for (index, symbol) in symbols.chunks(1).enumerate() {
            match cell_value(symbol, size, reading, line_cells) {
                Ok(value) => self.values.push(value),
                Err((_, kind)) => {
                    bad_cell = Some(error(index, kind));
                    break;
                }
            }
        }
        if let Some(error) = first_problem(bad_cell, count_error) {
            return Err(error.at(number));
        }
        if let Some(offset) = text[count..].iter().position(|b| !b.is_ascii_whitespace()) {
            let at = count + offset;
            let kind = ReadErrorKind::TrailingText { cells: count, found: Found(text[at]) };
            return Err(error(at, kind).at(number));
        }
        let layout = self.layout_for(size, line).map_err(|e| e.at(number))?;
        let grid = self
            .grid(size, layout, reading, |cell| (line, indent + cell + 1))
            .map_err(|e| e.at(number))?;
        Ok((grid, alphabet))
    }

    /// Reads the rows of a block whose first line is the current one. On a malformed row it
    /// keeps the first error and goes on consuming the block, so the next puzzle starts
    /// cleanly.
    fn read_block(&mut self, format: Format, number: usize) -> Result<(Grid, Alphabet), ReadError> {
        let has_rules = matches!(format, Format::Pretty | Format::Bordered);
        let unit = if format == Format::Judge { "numbers" } else { "cells" };
        self.cells.clear();
        // Decided by the first row: how rows split into cells, and the size (`None` when none
        // fits: the block is then read to its end).
        let mut shape: Option<(Split, Option<Size>)> = None;
        // The first error other than a bad cell; cells are read once the block is, and only
        // up to this error's row.
        let mut first_error: Option<LineError> = None;
        let mut rows = 0;
        let mut first_row_line = self.lines.number;
        let cut_short_at = loop {
            let text = self.lines.text();
            if !(has_rules && is_rule(text)) {
                rows += 1;
                let (line, indent) = (self.lines.number, self.lines.indent);
                if rows == 1 {
                    first_row_line = line;
                }
                if self.lines.is_too_long() {
                    first_error.get_or_insert(self.lines.too_long());
                    shape.get_or_insert((Split::Words, self.options.size));
                } else {
                    let (split, size) = *shape.get_or_insert_with(|| {
                        let (split, size, error) =
                            first_row_shape(format, text, self.options, self.boxes, line, unit);
                        first_error = error;
                        (split, size)
                    });
                    if first_error.is_none()
                        && let Some(size) = size
                    {
                        let start = self.cells.len();
                        for_each_cell(format, split, text, |from, to| {
                            self.cells.push(&text[from..to], line, indent + from + 1);
                        });
                        let found = self.cells.len() - start;
                        let side = size.side();
                        if found != side {
                            let column = if found > side {
                                self.cells.place(start + side).1
                            } else {
                                indent + text.len() + 1
                            };
                            let forced = self.options.size.is_some();
                            let kind = ReadErrorKind::CellCount {
                                what: "row",
                                unit,
                                found,
                                expected: side,
                                size,
                                forced,
                            };
                            first_error = Some(LineError { line, column: Some(column), kind });
                        }
                    }
                }
                if shape.is_some_and(|(_, size)| size.is_some_and(|size| rows == size.side())) {
                    break None;
                }
            }
            let more = self.advance(Some(number))?;
            if !more || self.lines.is_blank_or_comment() {
                break Some(self.lines.number);
            }
            // A first row followed by a one-line puzzle, which is no row of this block, is a
            // line that is no puzzle (a title): the puzzles after it are read, not swallowed.
            let side = shape.and_then(|(_, size)| size).map(Size::side);
            if rows == 1 && self.is_one_line_puzzle(side) {
                return Err(self.not_a_puzzle(first_row_line));
            }
        };
        if cut_short_at.is_none()
            && has_rules
            && self.advance(Some(number))?
            && !is_rule(self.lines.text())
        {
            self.lines.unread();
        }
        let (split, size) = match shape {
            Some((split, Some(size))) => (split, size),
            _ => {
                // No size: the first row fitted none (an error says so), or a pretty block
                // held only rules.
                let expected = self.options.size.unwrap_or(Size::NINE).side();
                let line = cut_short_at.unwrap_or(self.lines.number);
                let kind = ReadErrorKind::TooFewRows { found: rows, expected };
                let error = first_error.unwrap_or(LineError { line, column: None, kind });
                return Err(error.at(number));
            }
        };
        let (alphabet, reading) = self.block_alphabet(format, split, size);
        // Cells are kept from rows up to the first other error, so a bad cell comes first.
        let values = self.read_values(size, reading, None);
        if let Some(error) = first_problem(values.err(), first_error) {
            return Err(error.at(number));
        }
        if let Some(line) = cut_short_at {
            let kind = ReadErrorKind::TooFewRows { found: rows, expected: size.side() };
            return Err(LineError { line, column: None, kind }.at(number));
        }
        let first_line = self.cells.place(0).0;
        let layout = self.layout_for(size, first_line).map_err(|e| e.at(number))?;
        let cells = &self.cells;
        let grid =
            self.grid(size, layout, reading, |cell| cells.place(cell)).map_err(|e| e.at(number))?;
        Ok((grid, alphabet))
    }

    /// The alphabet of the block just read and how its cells read (see the module docs).
    fn block_alphabet(&self, format: Format, split: Split, size: Size) -> (Alphabet, Reading) {
        let forced = self.options.alphabet;
        let side = size.side();
        let numbers = match format {
            Format::Judge => {
                let alphabet = if side > 9 { Alphabet::Numbers } else { Alphabet::FromOne };
                return (forced.unwrap_or(alphabet), Reading::Numbers { one_digit: side <= 9 });
            }
            Format::Pretty | Format::Bordered => {
                side > MAX_SYMBOL_SIDE
                    || split == Split::Words
                        && match forced {
                            Some(alphabet) => alphabet == Alphabet::Numbers,
                            None => !self.cells.all_single(),
                        }
            }
            Format::Compact | Format::Line | Format::Pencilmark | Format::Fpuzzles => false,
        };
        if numbers {
            (Alphabet::Numbers, Reading::Numbers { one_digit: false })
        } else {
            let (alphabet, read_as) = symbol_alphabet(forced, &self.cells.text, size);
            (alphabet, Reading::Symbols(read_as))
        }
    }

    /// Reads the value of every cell into `values`; the first bad cell is an error.
    fn read_values(
        &mut self,
        size: Size,
        reading: Reading,
        line_cells: Option<usize>,
    ) -> Result<(), LineError> {
        self.values.clear();
        for index in 0..self.cells.len() {
            match cell_value(self.cells.text_of(index), size, reading, line_cells) {
                Ok(value) => self.values.push(value),
                Err((offset, kind)) => {
                    let (line, column) = self.cells.place(index);
                    return Err(LineError { line, column: Some(column + offset), kind });
                }
            }
        }
        Ok(())
    }

    /// The grid of the values read under `layout`, or the error naming both cells of the
    /// first repeated clue. `place` gives a cell's line and column.
    fn grid(
        &self,
        size: Size,
        layout: Option<Arc<Layout>>,
        reading: Reading,
        place: impl Fn(usize) -> (usize, usize),
    ) -> Result<Grid, LineError> {
        let grid = Grid::from_cells(size, &self.values).expect("every row has side cells");
        let written = |value: u8| match reading {
            Reading::Symbols(alphabet) if alphabet == Alphabet::FromZero || value > 9 => {
                Some(Found(alphabet.symbol(value)))
            }
            _ => None,
        };
        checked(grid, layout, written, place)
    }

    /// Whether the current line is a one-line puzzle (of a grid's count of cells, or an
    /// f-puzzles puzzle) whose cells are not `row_cells` (the side of the block being read,
    /// whose row it would then be), when formats are detected: the line after one that is no
    /// puzzle at all, which is then skipped.
    fn is_one_line_puzzle(&self, row_cells: Option<usize>) -> bool {
        let text = self.lines.text();
        // The smallest one-line puzzle has 16 cells: most rows of a block are shorter, and
        // this is asked of the second line of every block.
        let shortest = Size::from_side(4).expect("4×4").cells();
        if text.len() < shortest || self.options.format.is_some() || text[0] == b'#' {
            return false;
        }
        if fpuzzles::recognizes(text) {
            return true;
        }
        let count = text.iter().position(u8::is_ascii_whitespace).unwrap_or(text.len());
        let size = self.options.size;
        let whole = match detect(text, size) {
            Format::Line => match size {
                Some(size) => size.cells() == count,
                None => Size::from_cell_count(count).is_some_and(|s| s.side() <= MAX_SYMBOL_SIDE),
            },
            Format::Pencilmark => match size {
                Some(size) => size.side().pow(3) == count,
                None => pencilmark::side_of(count).is_some(),
            },
            _ => false,
        };
        whole && row_cells != Some(count)
    }

    /// `error`, that of puzzle `number` read as a one-line puzzle; or, when the line is of no
    /// grid's length and the next is a one-line puzzle, the error of a line that is no puzzle
    /// (a title), the next line then read as the next puzzle.
    fn no_grid(&mut self, error: ReadError, number: usize) -> Result<(Grid, Alphabet), ReadError> {
        if !matches!(error.kind, ReadErrorKind::NoGrid { .. }) || self.options.format.is_some() {
            return Err(error);
        }
        if !self.advance(Some(number))? {
            return Err(error);
        }
        if self.is_one_line_puzzle(None) {
            return Err(self.not_a_puzzle(error.place.line));
        }
        self.lines.unread();
        Err(error)
    }

    /// The error of line `line`, which is no puzzle: the first line of the puzzle just begun,
    /// whose number is given back, followed by the current line, a one-line puzzle, which is
    /// read next.
    fn not_a_puzzle(&mut self, line: usize) -> ReadError {
        self.lines.unread();
        self.puzzles_started -= 1;
        ReadError {
            place: Place { puzzle: None, line, column: None },
            kind: ReadErrorKind::NotAPuzzle,
            format: None,
        }
    }

    /// Moves to the next line; `false` at the end of the input.
    fn advance(&mut self, puzzle: Option<usize>) -> Result<bool, ReadError> {
        self.lines.next_line().map_err(|error| ReadError {
            place: Place { puzzle, line: self.lines.number + 1, column: None },
            kind: ReadErrorKind::Io(error),
            format: None,
        })
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        match self.next_puzzle() {
            Ok(Some(puzzle)) => Some(Ok(puzzle)),
            Ok(None) => {
                self.finished = true;
                (self.puzzles_started == 0).then(|| {
                    Err(ReadError {
                        place: Place { puzzle: None, line: self.lines.number.max(1), column: None },
                        kind: ReadErrorKind::NoPuzzle { only_comments: self.lines.number > 0 },
                        format: None,
                    })
                })
            }
            Err(error) => {
                // After a read failure the stream's position is unknown: stop rather than guess.
                if matches!(error.kind, ReadErrorKind::Io(_)) {
                    self.finished = true;
                }
                Some(Err(error))
            }
        }
    }
}

/// Reads the first puzzle of `text`, detecting its format. Convenient for tests and tools that
/// hold one puzzle in memory.
pub fn parse_one(text: &[u8]) -> Result<Puzzle, ReadError> {
    PuzzleReader::new(text)
        .next()
        .expect("a reader yields at least one item: a puzzle or the no-puzzle error")
}

/// The cells of a well-formed 9×9 one-line puzzle (exactly 81 digits or dots), or `None` for
/// anything else, which then takes the general path with its precise error messages. Nearly
/// every line of a corpus is such a line, and this path is branch-free so that the compiler
/// vectorizes it: it made reading a corpus several times faster.
fn plain_line(text: &[u8]) -> Option<[u8; NINE_CELLS]> {
    let text: &[u8; NINE_CELLS] = text.try_into().ok()?;
    let mut cells = [0; NINE_CELLS];
    let mut well_formed = true;
    for (cell, &byte) in cells.iter_mut().zip(text) {
        let digit = byte.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        well_formed &= is_digit | (byte == b'.');
        *cell = if is_digit { digit } else { 0 };
    }
    well_formed.then_some(cells)
}

/// Picks the format of a puzzle from its first line (see the module documentation), without
/// its leading whitespace (as [`LineReader::text`] gives it), knowing the size if it is forced.
fn detect(line: &[u8], size: Option<Size>) -> Format {
    if matches!(line.first(), Some(b'+' | b'|')) {
        return Format::Bordered;
    }
    if line.contains(&b'|') || is_rule(line) {
        return Format::Pretty;
    }
    let mut words = line.split(u8::is_ascii_whitespace).filter(|w| !w.is_empty());
    let first_word = words.next().unwrap_or_default();
    if first_word.len() <= 2 && words.next().is_some() {
        return Format::Judge;
    }
    match first_word.len() {
        length if size.is_some_and(|size| length == size.cells()) => Format::Line,
        length if size.is_some_and(|size| length == size.side()) => Format::Compact,
        length if size.is_some_and(|size| length == size.side().pow(3)) => Format::Pencilmark,
        // The pencilmark lines of 9×9 and 16×16: no one-line puzzle has 729 or 4096 cells.
        729 | 4096 => Format::Pencilmark,
        // A 4×4 one-line puzzle or the first row of a 16×16 block: only the first holds
        // nothing but 4×4 symbols.
        16 if first_word.iter().all(|b| matches!(b, b'0'..=b'4' | b'.')) => Format::Line,
        // A 6×6 one-line puzzle or the first row of a 36×36 block: the same test.
        36 if first_word.iter().all(|b| matches!(b, b'0'..=b'6' | b'.')) => Format::Line,
        // Rows of the sides 28, 30, 32 and 35 (rectangular boxes); any other length from 27
        // up is too long for a row of symbols.
        length @ (27..=35 | 37..) if Size::from_side(length).is_none() => Format::Line,
        37.. => Format::Line,
        _ => Format::Compact,
    }
}

/// A line that only separates bands: dashes (or `=`), with optional `+` and `|`.
fn is_rule(line: &[u8]) -> bool {
    line.iter().any(|&b| b == b'-' || b == b'=')
        && line.iter().all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|') || is_space(b))
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// How the rows of a block split into cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Split {
    /// Every byte but the separators is a cell: compact rows, and packed pretty rows such as
    /// `316|578|492`.
    Symbols,
    /// Every run of bytes between separators is a cell: a number, or a symbol.
    Words,
}

/// Whether `byte` separates cells in a row of `format`.
fn is_separator(format: Format, byte: u8) -> bool {
    match format {
        Format::Judge => is_space(byte),
        Format::Pretty | Format::Bordered => is_space(byte) || byte == b'|',
        Format::Compact | Format::Line | Format::Pencilmark | Format::Fpuzzles => false,
    }
}

/// Calls `cell` with the start and end of each cell of the row `text`.
fn for_each_cell(format: Format, split: Split, text: &[u8], mut cell: impl FnMut(usize, usize)) {
    let mut index = 0;
    while index < text.len() {
        if is_separator(format, text[index]) {
            index += 1;
            continue;
        }
        let end = match split {
            Split::Symbols => index + 1,
            Split::Words => text[index..]
                .iter()
                .position(|&b| is_separator(format, b))
                .map_or(text.len(), |length| index + length),
        };
        cell(index, end);
        index = end;
    }
}

/// How the rows of a block split and its size, from its first row `text` on `line`: the size
/// forced, or the one whose side is the row's cell count; for a count near a side, the size
/// of that side (the row's error is then found with the others'); for a count far from every
/// side, no size and the error saying so.
fn first_row_shape(
    format: Format,
    text: &[u8],
    options: ReadOptions,
    boxes: Option<Size>,
    line: usize,
    unit: &'static str,
) -> (Split, Option<Size>, Option<LineError>) {
    let max_side = if format == Format::Compact { MAX_SYMBOL_SIDE } else { usize::MAX };
    let split = match format {
        Format::Compact | Format::Line | Format::Pencilmark | Format::Fpuzzles => Split::Symbols,
        Format::Judge => Split::Words,
        Format::Pretty | Format::Bordered => pretty_split(text, options),
    };
    if let Some(size) = options.size {
        let error = (size.side() > max_side).then(|| {
            let kind = ReadErrorKind::NoSymbols { format, size };
            LineError { line, column: None, kind }
        });
        return (split, Some(size), error);
    }
    let mut count = 0;
    for_each_cell(format, split, text, |_, _| count += 1);
    match Size::from_side(count).filter(|size| size.side() <= max_side) {
        Some(size) => (split, Some(shaped(boxes, size)), None),
        None => match wrong_count("row", unit, count, None, max_side) {
            (_, Some(nearest)) => (split, Some(nearest), None),
            (kind, None) => (split, None, Some(LineError { line, column: None, kind })),
        },
    }
}

/// `size`, with the boxes of the last `# boxes` line when they make its side.
fn shaped(boxes: Option<Size>, size: Size) -> Size {
    boxes.filter(|boxes| boxes.side() == size.side()).unwrap_or(size)
}

/// The boxes a comment line names, if it is a `# boxes RxC` line: `None` for any other
/// comment, an error for a `# boxes` line of two numbers that make no shape of box.
fn boxes_directive(comment: &[u8]) -> Option<Result<Size, ReadErrorKind>> {
    let text = std::str::from_utf8(comment.strip_prefix(b"#")?).ok()?.trim();
    let shape = text.strip_prefix("boxes")?;
    if !shape.starts_with(char::is_whitespace) {
        return None;
    }
    // Only a shape (digits, `x` and spaces) is a directive, `# boxes are drawn` a comment; a
    // shape must then be two numbers that make a box (`3x3x3` and `9x2` are errors).
    let shape = shape.trim();
    let shaped = |c: char| c.is_ascii_digit() || matches!(c, 'x' | 'X' | '×') || c.is_whitespace();
    if !shape.chars().all(shaped) || !shape.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let bad = || ReadErrorKind::BadBoxes(shape.to_owned());
    let Some((rows, cols)) = shape.split_once(['x', 'X', '×']) else { return Some(Err(bad())) };
    let (Ok(rows), Ok(cols)) = (rows.trim().parse(), cols.trim().parse()) else {
        return Some(Err(bad()));
    };
    Some(Size::with_boxes(rows, cols).ok_or_else(bad))
}

/// How the rows of a pretty or bordered block split, from its first row: the way that gives
/// `n²` cells for its `n` boxes, else a grid's side, else words; numbers when the alphabet is
/// forced to numbers, symbols when it is forced to a one-symbol alphabet.
fn pretty_split(text: &[u8], options: ReadOptions) -> Split {
    match options.alphabet {
        Some(Alphabet::Numbers) => return Split::Words,
        Some(Alphabet::FromOne | Alphabet::FromZero) => return Split::Symbols,
        None => {}
    }
    let count = |split| {
        let mut count = 0;
        for_each_cell(Format::Pretty, split, text, |_, _| count += 1);
        count
    };
    let (words, symbols) = (count(Split::Words), count(Split::Symbols));
    let boxes =
        text.split(|&b| b == b'|').filter(|part| part.iter().any(|&b| !is_space(b))).count();
    let fills_the_boxes = |cells: usize| boxes > 1 && cells == boxes * boxes;
    let is_a_side = |cells: usize| match options.size {
        Some(size) => cells == size.side(),
        None => Size::from_side(cells).is_some(),
    };
    // A packed row is one word a box (`316|578|492`); a row whose boxes hold several words is
    // split at its spaces (a jigsaw's rows, bars only between regions: `16  1 | 12  3  9`).
    if fills_the_boxes(words) {
        Split::Words
    } else if fills_the_boxes(symbols) && words == boxes {
        Split::Symbols
    } else if is_a_side(words) || !is_a_side(symbols) {
        Split::Words
    } else {
        Split::Symbols
    }
}

/// The error of a `what` ("line" or "row") of `found` cells that fits no grid, and the size it
/// was meant to have: the size forced, else the nearest (by cells on a line, by side in a row)
/// if it is within a row (line) or a box side (row) of it, else none.
fn wrong_count(
    what: &'static str,
    unit: &'static str,
    found: usize,
    forced: Option<Size>,
    max_side: usize,
) -> (ReadErrorKind, Option<Size>) {
    let is_line = what == "line";
    let measure = |size: Size| if is_line { size.cells() } else { size.side() };
    let slack = |size: Size| if is_line { size.side() } else { size.box_cols() };
    let nearest = forced.or_else(|| {
        Size::all()
            .filter(|size| size.side() <= max_side && size.has_usual_boxes())
            .min_by_key(|&size| measure(size).abs_diff(found))
            .filter(|&size| measure(size).abs_diff(found) <= slack(size))
    });
    match nearest {
        Some(size) => {
            let expected = measure(size);
            let forced = forced.is_some();
            (ReadErrorKind::CellCount { what, unit, found, expected, size, forced }, Some(size))
        }
        None => {
            let max_side = max_side.min(Size::MAX_ORDER * Size::MAX_ORDER);
            (ReadErrorKind::NoGrid { what, unit, found, max_side }, None)
        }
    }
}

/// The alphabet a grid of `size` written one symbol per cell is in, and the one its symbols
/// read in: the alphabet forced, else [`Alphabet::detect`]'s. Numbers read as the size's
/// usual symbols, as the writer writes them.
fn symbol_alphabet(forced: Option<Alphabet>, symbols: &[u8], size: Size) -> (Alphabet, Alphabet) {
    let usable =
        |&alphabet: &Alphabet| alphabet == Alphabet::Numbers || alphabet.has_symbols_for(size);
    match forced.filter(usable) {
        Some(Alphabet::Numbers) => (Alphabet::Numbers, Alphabet::for_size(size)),
        Some(alphabet) => (alphabet, alphabet),
        None => {
            let alphabet = Alphabet::detect(symbols, size);
            (alphabet, alphabet)
        }
    }
}

/// How the text of a cell gives its value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reading {
    /// One symbol of this alphabet (`1-9A` or `0-9A`).
    Symbols(Alphabet),
    /// A decimal number, `0` or `.` blank. `one_digit`: every value is one digit, so a cell is
    /// one character and `12` is two cells without their space (the 9×9 judge format).
    Numbers {
        /// Whether a cell is one character.
        one_digit: bool,
    },
}

/// The value of the cell written `text` (never empty) in a grid of `size`, or the offset in
/// `text` of the problem and what it is. `line_cells` is the length of the one-line puzzle
/// that gave the size, if one did.
fn cell_value(
    text: &[u8],
    size: Size,
    reading: Reading,
    line_cells: Option<usize>,
) -> Result<u8, (usize, ReadErrorKind)> {
    let side = size.side();
    let first = text[0];
    match reading {
        Reading::Symbols(alphabet) => {
            let bad = |byte| ReadErrorKind::BadCell { found: Found(byte), size, alphabet };
            let value = match alphabet.value_of(first) {
                Some(value) if usize::from(value) <= side => value,
                // A letter where every symbol is a digit is no symbol at all.
                Some(_) if side > 9 || first.is_ascii_digit() => {
                    let found = Found(first);
                    return Err((
                        0,
                        ReadErrorKind::NotASymbol { found, size, alphabet, line_cells },
                    ));
                }
                _ => return Err((0, bad(first))),
            };
            match text.get(1) {
                None => Ok(value),
                Some(&next) if alphabet.value_of(next).is_some() => {
                    Err((1, ReadErrorKind::MissingSpace(Found(next))))
                }
                Some(&next) => Err((1, bad(next))),
            }
        }
        Reading::Numbers { one_digit } => {
            let bad = |byte| ReadErrorKind::BadCell {
                found: Found(byte),
                size,
                alphabet: Alphabet::Numbers,
            };
            let too_large = |number: &[u8]| {
                // Every byte is a digit, and a line keeps at most `MAX_LINE` bytes: shown whole.
                let number = String::from_utf8_lossy(number).into_owned();
                ReadErrorKind::ValueTooLarge { number, size }
            };
            // A blank, or the digits of a number: all of the cell's text, or its first
            // character where a cell is one (the rest is then a missing space or bad).
            let digits = if one_digit || first == b'.' { &text[..1] } else { text };
            let mut value = 0usize;
            if first != b'.' {
                for (offset, &byte) in digits.iter().enumerate() {
                    if !byte.is_ascii_digit() {
                        return Err((offset, bad(byte)));
                    }
                    value = value.saturating_mul(10).saturating_add(usize::from(byte - b'0'));
                }
            }
            if value > side {
                return Err((0, too_large(digits)));
            }
            match text.get(digits.len()) {
                None => Ok(value as u8),
                Some(&next) if next.is_ascii_digit() || next == b'.' => {
                    Err((1, ReadErrorKind::MissingSpace(Found(next))))
                }
                Some(&next) => Err((1, bad(next))),
            }
        }
    }
}

/// The problem to report of a bad cell and another error no earlier in the input: the cell,
/// unless the other error is a wrong count on the same line and the cell is only out of the
/// size's range (`'H'` in a row of 16, a letter among digits), which the count explains.
fn first_problem(cell: Option<LineError>, other: Option<LineError>) -> Option<LineError> {
    match (cell, other) {
        (Some(cell), Some(other))
            if cell.line == other.line
                && matches!(other.kind, ReadErrorKind::CellCount { .. })
                && match cell.kind {
                    ReadErrorKind::NotASymbol { .. } | ReadErrorKind::ValueTooLarge { .. } => true,
                    ReadErrorKind::BadCell { found, .. } => found.0.is_ascii_alphanumeric(),
                    _ => false,
                } =>
        {
            Some(other)
        }
        (cell, other) => cell.or(other),
    }
}

/// `grid` under `layout`, or the error naming the cells of the first rule its clues break: a
/// value twice in a row, column or box of a classic grid, or in a house or pair of the
/// layout. `written` gives a value's symbol when it is not its number, `place` a cell's line
/// and column.
fn checked(
    grid: Grid,
    layout: Option<Arc<Layout>>,
    written: impl Fn(u8) -> Option<Found>,
    place: impl Fn(usize) -> (usize, usize),
) -> Result<Grid, LineError> {
    let grid = grid.with_layout(layout);
    let Some(layout) = grid.layout() else {
        return match grid.first_conflict() {
            None => Ok(grid),
            Some(conflict) => Err(repeated_clue(conflict, written(conflict.digit), place)),
        };
    };
    let Some(broken) = layout.first_broken(grid.cells()) else { return Ok(grid) };
    let size = grid.size();
    let cell = |name: crate::size::CellName| size.cell_at(name.row, name.col);
    let (value, first, second) = match broken {
        Broken::Repeat { value, first, second, .. } => (value, cell(first), cell(second)),
        Broken::NotACandidate { cell: at, value } => (value, cell(at), cell(at)),
        Broken::Constraint { at, .. } => {
            let at = at.map_or(0, cell);
            (grid.get(at), at, at)
        }
    };
    let (line, column) = place(second);
    let kind = ReadErrorKind::BrokenClue {
        broken: Box::new(broken),
        written: written(value),
        first_at: place(first),
    };
    Err(LineError { line, column: Some(column), kind })
}

/// The error of a repeated clue, placed at its later cell; `place` gives a cell's line and
/// column.
fn repeated_clue(
    conflict: Conflict,
    written: Option<Found>,
    place: impl Fn(usize) -> (usize, usize),
) -> LineError {
    let (line, column) = place(conflict.second);
    let first_at = place(conflict.first);
    LineError {
        line,
        column: Some(column),
        kind: ReadErrorKind::RepeatedClue { conflict, written, first_at },
    }
}

/// An error found on one line, before the puzzle number is attached.
struct LineError {
    line: usize,
    column: Option<usize>,
    kind: ReadErrorKind,
}

impl LineError {
    fn at(self, puzzle: usize) -> ReadError {
        ReadError {
            place: Place { puzzle: Some(puzzle), line: self.line, column: self.column },
            kind: self.kind,
            format: None,
        }
    }
}

impl ReadError {
    /// The same error, saying which format its puzzle was being read in; an error of a line
    /// that is no puzzle has none.
    fn in_format(self, format: Format) -> ReadError {
        let format = self.place.puzzle.map(|_| format);
        ReadError { format, ..self }
    }
}

/// The cells of one puzzle as written, with the place each came from, before its size and
/// alphabet say what they mean.
#[derive(Default)]
struct RawCells {
    /// The text of every cell, one after another.
    text: Vec<u8>,
    /// Where each cell's text starts in `text`, and its line and 1-based column.
    cells: Vec<RawCell>,
}

#[derive(Clone, Copy)]
struct RawCell {
    start: usize,
    line: usize,
    column: usize,
}

impl RawCells {
    fn clear(&mut self) {
        self.text.clear();
        self.cells.clear();
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    fn push(&mut self, text: &[u8], line: usize, column: usize) {
        self.cells.push(RawCell { start: self.text.len(), line, column });
        self.text.extend_from_slice(text);
    }

    fn text_of(&self, index: usize) -> &[u8] {
        let end = self.cells.get(index + 1).map_or(self.text.len(), |next| next.start);
        &self.text[self.cells[index].start..end]
    }

    /// The line and column of cell `index`.
    fn place(&self, index: usize) -> (usize, usize) {
        (self.cells[index].line, self.cells[index].column)
    }

    /// Whether every cell is one character.
    fn all_single(&self) -> bool {
        self.text.len() == self.cells.len()
    }
}

/// The most bytes of a line kept, `text` being its start (`first_line` if it is the input's
/// first, which may open with a byte-order mark): [`MAX_LINE`], or [`MAX_FPUZZLES_LINE`] for a
/// line that starts as an f-puzzles puzzle. Only the line's first bytes are looked at.
fn kept(text: &[u8], first_line: bool) -> usize {
    let text = match text.strip_prefix(BYTE_ORDER_MARK) {
        Some(rest) if first_line => rest,
        _ => text,
    };
    let start = text.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
    if fpuzzles::recognizes(&text[start..]) { MAX_FPUZZLES_LINE } else { MAX_LINE }
}

/// Splits a byte stream into lines without ever holding more than [`MAX_LINE`] bytes of one
/// ([`MAX_FPUZZLES_LINE`] of an f-puzzles puzzle's).
struct LineReader<R> {
    inner: R,
    /// The current line: at most `MAX_LINE + 1` bytes, without its terminator and trailing
    /// whitespace (so CRLF and trailing spaces are tolerated everywhere), and without the
    /// byte-order mark that may open the input.
    text: Vec<u8>,
    /// How many bytes of whitespace start `text`: [`LineReader::text`] leaves them out, and
    /// columns count them.
    indent: usize,
    /// The full length of the current line in bytes, however much of it was kept.
    length: u64,
    /// The 1-based number of the current line; 0 before the first.
    number: usize,
    /// Whether the next `next_line` returns the current line again.
    replay: bool,
    /// What ends the input's lines, as its first line end showed.
    ends: LineEnds,
    /// Whether the current line ended at a carriage return, so that a newline right after it
    /// belongs to the same line end (`\r\n`).
    after_cr: bool,
}

/// What ends the lines of an input: decided by its first line end, since a file is written
/// with one convention throughout.
///
/// Unix and Windows files end their lines with `\n` (`\r\n` is `\n` after a trailing
/// whitespace the reader ignores anyway), and their lines are found with one `memchr` of `\n`,
/// the speed of the 9×9 path. Files of the classic Mac OS end them with `\r` alone; read that
/// way they would be one line of the whole file. Such an input is found at its first line end
/// and read with `\r` and `\n` both ending a line, at the cost of a search for two bytes on
/// its lines only.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LineEnds {
    /// No line has ended yet.
    Unknown,
    /// `\n` or `\r\n`.
    Newline,
    /// `\r` alone (`\n` and `\r\n` are then read as line ends too).
    CarriageReturn,
}

impl<R: BufRead> LineReader<R> {
    fn new(inner: R) -> Self {
        LineReader {
            inner,
            text: Vec::with_capacity(128),
            indent: 0,
            length: 0,
            number: 0,
            replay: false,
            ends: LineEnds::Unknown,
            after_cr: false,
        }
    }

    /// Moves to the next line; `Ok(false)` at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        if self.replay {
            self.replay = false;
            return Ok(true);
        }
        self.text.clear();
        self.length = 0;
        let mut any_bytes = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                break;
            }
            if self.after_cr {
                // The line before ended at `\r`: a `\n` right after it ends nothing more, and
                // says the input ends its lines with newlines.
                self.after_cr = false;
                if available[0] == b'\n' {
                    if self.ends == LineEnds::Unknown {
                        self.ends = LineEnds::Newline;
                    }
                    self.inner.consume(1);
                    continue;
                }
                if self.ends == LineEnds::Unknown {
                    self.ends = LineEnds::CarriageReturn;
                }
            }
            any_bytes = true;
            let end = match self.ends {
                LineEnds::Newline => memchr::memchr(b'\n', available),
                LineEnds::Unknown | LineEnds::CarriageReturn => {
                    memchr::memchr2(b'\n', b'\r', available)
                }
            };
            let content = &available[..end.unwrap_or(available.len())];
            // The line's start decides its bound: the bytes held, or these if none but
            // indentation are held yet (a line may arrive in one piece).
            let start: &[u8] =
                if self.text.iter().all(u8::is_ascii_whitespace) { content } else { &self.text };
            let room = (kept(start, self.number == 0) + 1).saturating_sub(self.text.len());
            self.text.extend_from_slice(&content[..content.len().min(room)]);
            self.length += content.len() as u64;
            let consumed = end.map_or(available.len(), |at| at + 1);
            if let Some(at) = end {
                // A line that ends at `\r` is returned at once, without waiting for the byte
                // after it: a program that sends one line and waits for its answer gets it.
                if available[at] == b'\r' {
                    self.after_cr = true;
                } else if self.ends == LineEnds::Unknown {
                    self.ends = LineEnds::Newline;
                }
            }
            self.inner.consume(consumed);
            if end.is_some() {
                break;
            }
        }
        if !any_bytes {
            return Ok(false);
        }
        self.number += 1;
        while let Some(&last) = self.text.last() {
            if !last.is_ascii_whitespace() {
                break;
            }
            self.text.pop();
        }
        if self.number == 1 && self.text.starts_with(BYTE_ORDER_MARK) {
            self.text.drain(..BYTE_ORDER_MARK.len());
            self.length -= BYTE_ORDER_MARK.len() as u64;
        }
        // Nearly every line starts with its first cell: this looks at one byte.
        self.indent = self.text.iter().take_while(|b| b.is_ascii_whitespace()).count();
        Ok(true)
    }

    /// The current line without the whitespace at either end.
    fn text(&self) -> &[u8] {
        &self.text[self.indent..]
    }

    fn unread(&mut self) {
        self.replay = true;
    }

    fn is_blank_or_comment(&self) -> bool {
        matches!(self.text().first(), None | Some(b'#'))
    }

    /// The most bytes of the current line kept ([`kept`]).
    fn kept(&self) -> usize {
        // The line was read: its byte-order mark is gone.
        kept(&self.text, false)
    }

    fn is_too_long(&self) -> bool {
        self.length > self.kept() as u64
    }

    fn too_long(&self) -> LineError {
        let max = self.kept();
        LineError {
            line: self.number,
            column: Some(max + 1),
            kind: ReadErrorKind::LineTooLong {
                length: self.length,
                max,
                carriage_returns: self.text.contains(&b'\r'),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format_grid;

    fn read_all(text: &[u8]) -> Vec<Result<Puzzle, String>> {
        PuzzleReader::new(text).map(|r| r.map_err(|e| e.to_string())).collect()
    }

    #[test]
    fn detects_each_format_from_its_first_line() {
        assert_eq!(detect(b"0 3 5 4 6 9 2 7 8", None), Format::Judge);
        assert_eq!(detect(b"16  1  .  . 12", None), Format::Judge);
        assert_eq!(detect(b"035469278", None), Format::Compact);
        assert_eq!(detect(&[b'.'; 81], None), Format::Line);
        assert_eq!(detect(&[b'.'; 31], None), Format::Line);
        assert_eq!(detect(&[b'.'; 30], None), Format::Compact);
        assert_eq!(detect(&[b'.'; 36], None), Format::Line);
        let row_of_36 = [b"A".as_slice(), &[b'.'; 34], b"Z"].concat();
        assert_eq!(detect(&row_of_36, None), Format::Compact);
        assert_eq!(detect(&[b'.'; 28], None), Format::Compact);
        assert_eq!(detect(&[b'.'; 64], None), Format::Line);
        assert_eq!(detect(&[b'.'; 625], None), Format::Line);
        assert_eq!(detect(b"3 1 6 | 5 7 8 | 4 9 2", None), Format::Pretty);
        assert_eq!(detect(b"+-------+-------+-------+", None), Format::Bordered);
        assert_eq!(detect(b"| 3 1 6 | 5 7 8 | 4 9 2 |", None), Format::Bordered);
    }

    #[test]
    fn sixteen_symbols_are_a_four_by_four_line_only_in_four_by_four_symbols() {
        let sixteen = Size::from_side(16);
        assert_eq!(detect(b"1.3.0.2.4...3..1", None), Format::Line);
        assert_eq!(detect(b"1.3.0.2.4...3..1", sixteen), Format::Compact);
        assert_eq!(detect(b"G1.5............", None), Format::Compact);
        assert_eq!(detect(b"G1.5............", Size::from_side(4)), Format::Line);
    }

    #[test]
    fn line_reader_keeps_a_bounded_prefix_of_a_huge_line() {
        let mut input = vec![b'1'; 10 * 1024 * 1024];
        input.extend_from_slice(b"\nnext\r\n");
        let mut lines = LineReader::new(&input[..]);
        assert!(lines.next_line().unwrap());
        assert!(lines.is_too_long());
        assert_eq!(lines.length, 10 * 1024 * 1024);
        assert!(lines.text().len() <= MAX_LINE + 1);
        assert!(lines.next_line().unwrap());
        assert_eq!(lines.text(), b"next");
        assert!(!lines.next_line().unwrap());
    }

    #[test]
    fn a_bad_row_does_not_derail_the_next_puzzle() {
        let mut text = String::new();
        text.push_str("1 2 3 4 5 6 7 8 x\n");
        for _ in 0..8 {
            text.push_str("0 0 0 0 0 0 0 0 0\n");
        }
        text.push_str(&".".repeat(81));
        text.push('\n');
        let results = read_all(text.as_bytes());
        assert_eq!(results.len(), 2);
        assert_eq!(
            results[0].as_ref().unwrap_err(),
            "puzzle 1, line 1, column 17: expected a digit 1-9 or a blank ('0' or '.'), found 'x'"
        );
        let second = results[1].as_ref().unwrap();
        assert_eq!((second.number, second.line, second.format), (2, 10, Format::Line));
    }

    #[test]
    fn a_boxes_line_gives_the_puzzles_of_its_side_after_it_those_boxes() {
        let turned = Size::from_side(12).unwrap().turned();
        // A grid whose boxes are 4 rows by 3 columns: its usual 3×4 boxes repeat values.
        let solved = crate::symmetry::base_solution(turned);
        let line = format_grid(&solved, Format::Line, Alphabet::FromOne);
        let block = format_grid(&solved, Format::Pretty, Alphabet::FromOne);
        let nine = String::from("1") + &".".repeat(80);
        let text = format!(
            "{line}# boxes 4x3\n{line}{nine}\n#boxes   4 × 3 \n\n{block}# boxes are drawn\n{line}"
        );
        let read: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
        assert!(read[0].is_err(), "the usual boxes of 12×12 are 3×4: {:?}", read[0]);
        let sizes: Vec<Size> = read[1..].iter().map(|p| p.as_ref().unwrap().grid.size()).collect();
        assert_eq!(sizes, [turned, Size::NINE, turned, turned]);
        assert_eq!(read[3].as_ref().unwrap().grid, solved);
        let bad = PuzzleReader::new("# boxes 9x2\n".as_bytes()).next().unwrap().unwrap_err();
        assert_eq!(
            bad.to_string(),
            "line 1, column 1: `# boxes` takes the rows and columns of a box, each 2 to 8 \
             (`# boxes 4x3`), not '9x2'"
        );
    }

    /// A line that is no puzzle (a title without `#`) followed by one-line puzzles is skipped
    /// with an error naming its line and no puzzle number: no puzzle after it is lost, and
    /// the numbers are the puzzles'.
    #[test]
    fn a_title_before_one_line_puzzles_is_skipped_and_no_puzzle_is_lost() {
        let puzzles: Vec<String> = (1..=3).map(|n| format!("{n}{}", ".".repeat(80))).collect();
        let lines = puzzles.join("\n") + "\n";
        let numbered = |results: &[Result<Puzzle, String>]| -> Vec<Result<(usize, usize), String>> {
            results.iter().map(|r| r.clone().map(|p| (p.number, p.line))).collect()
        };
        let skipped = "line 1: skipped: this line is no puzzle, and the line after it is a \
                       one-line puzzle (a line starting with `#` is a comment)"
            .to_owned();
        let titles = [
            "Puzzle 1 of 3",
            "[1,2,3]",
            "1 of 3",
            "Sudoku | hard",
            "The hardest puzzles of 2024 from the players' forum, as posted there",
        ];
        for title in titles {
            let read = read_all(format!("{title}\n{lines}").as_bytes());
            assert_eq!(
                numbered(&read),
                [Err(skipped.clone()), Ok((1, 2)), Ok((2, 3)), Ok((3, 4))],
                "{title}"
            );
        }
        // Before a puzzle of another kind, or a blank line, such a line is a malformed puzzle,
        // as before: only a one-line puzzle after it shows it is no grid's first row.
        let read = read_all(b"Puzzle 1 of 3\n\n1...............\n");
        assert_eq!(read.len(), 2);
        assert!(read[0].as_ref().unwrap_err().starts_with("puzzle 1, line 1"), "{read:?}");
        assert_eq!(numbered(&read[1..]), [Ok((2, 3))]);
        // A one-line puzzle with a cell too few is a malformed puzzle, which keeps its number.
        let short = format!("{}\n{lines}", ".".repeat(80));
        assert_eq!(
            numbered(&read_all(short.as_bytes()))[1..],
            [Ok((2, 2)), Ok((3, 3)), Ok((4, 4))]
        );
        // A 16×16 block whose second row holds only 4×4 symbols is still one block.
        let mut block = String::from("G...............\n1234............\n");
        block.push_str(&format!("{}\n", ".".repeat(16)).repeat(14));
        assert_eq!(numbered(&read_all(block.as_bytes())), [Ok((1, 1))]);
        // The format forced: every line is a puzzle of it.
        let options = ReadOptions { format: Some(Format::Compact), ..ReadOptions::default() };
        let text = format!("Puzzle 1 of 3\n{lines}");
        let first = PuzzleReader::with_options(text.as_bytes(), options).next().unwrap();
        assert_eq!(first.unwrap_err().place.puzzle, Some(1));
    }

    #[test]
    fn a_comment_line_is_skipped_even_when_longer_than_a_puzzle_line() {
        let mut text = b"# ".to_vec();
        text.extend(std::iter::repeat_n(b'x', 5000));
        text.push(b'\n');
        text.extend_from_slice(&[b'.'; 81]);
        let results = read_all(&text);
        assert_eq!(results.len(), 1);
        assert_eq!(results[0].as_ref().unwrap().line, 2);
    }
}
