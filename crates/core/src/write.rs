//! Writing a grid in any of the [`Format`]s, at any size.
//!
//! The output of each format reads back to the same grid (the property tests pin this down).
//! At 9×9, `judge` output is byte for byte what Baekjoon 2580 expects and `pretty` is the
//! layout of the classic C++ backtracking write-up (rows `3 1 6 | 5 7 8 | 4 9 2`, a rule of 24
//! dashes). Larger grids follow the same layouts with `n×n` boxes: values are written in the
//! grid's [`Alphabet`], numbers right-aligned to the width of the largest. A grid of irregular
//! regions (a jigsaw) is drawn in `pretty` and `bordered` with its regions' borders in place of
//! the boxes' (see `draw_regions`).

use std::io::{self, Write};

use crate::alphabet::Alphabet;
use crate::format::Format;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::layout_lines::Said;
use crate::pencilmark;
use crate::size::Size;

/// Cells of a 9×9 grid, whose one-line answers take a fast path.
const NINE_CELLS: usize = 81;

/// Writes `grid` in `format` and `alphabet`, ending with a newline.
pub fn write_grid<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    format: Format,
    alphabet: Alphabet,
) -> io::Result<()> {
    // A 9×9 one-line answer, nearly every answer of a corpus, is made on the stack: building
    // it in a `String` cost a tenth of `sudoku solve` on easy puzzles.
    if format == Format::Line && grid.size() == Size::NINE && alphabet != Alphabet::FromZero {
        return out.write_all(&nine_line(grid.cells()));
    }
    out.write_all(format_grid(grid, format, alphabet).as_bytes())
}

/// The lines an output of many grids needs between them, so that it reads back with the boxes
/// and layouts it was written with ([`crate::read`]): `# boxes RxC` lines, since a reader gives
/// a side its usual boxes ([`Size::from_side`]) or those of the last `# boxes` line of the same
/// side; and `# layout WORDS` lines with their `# regions` blocks and `# extra` lines, since a
/// reader gives the puzzles after such lines their layout. Kept by whoever writes the grids, in
/// output order.
///
/// A layout's starting candidates are not said by these lines (a pencilmark line carries
/// them).
#[derive(Clone, Debug, Default)]
pub struct HeaderLines {
    /// The boxes of the last `# boxes` line written.
    last: Option<Size>,
    /// What the `# layout` lines written so far say.
    layout: Said,
}

impl HeaderLines {
    /// Writes the lines a grid of `size` and `layout` (`None` for a classic grid) needs before
    /// it, if any: the `# boxes` line of its boxes when they are not the ones a reader
    /// assumes, then the `# layout` line (and `# regions` block) of its layout when it is not
    /// the one in force. Nothing for classic grids of square boxes, until another line has
    /// been written.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn before<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        size: Size,
        layout: Option<&Layout>,
    ) -> io::Result<()> {
        self.boxes_before(out, size)?;
        let said = Said::of(layout);
        if said != self.layout {
            out.write_all(said.lines().as_bytes())?;
            self.layout = said;
        }
        Ok(())
    }

    /// Writes the `# boxes` line a grid of `size` needs before it, if any: square boxes are
    /// their side's usual ones, so they need none until a `# boxes` line has been written.
    fn boxes_before<W: Write + ?Sized>(&mut self, out: &mut W, size: Size) -> io::Result<()> {
        if size.is_square() && self.last.is_none() {
            return Ok(());
        }
        let assumed = match self.last {
            Some(last) if last.side() == size.side() => last,
            _ => Size::from_side(size.side()).unwrap_or(size),
        };
        if assumed != size {
            writeln!(out, "# boxes {}x{}", size.box_rows(), size.box_cols())?;
            self.last = Some(size);
        }
        Ok(())
    }
}

/// The line of a 9×9 grid in `1-9A` (which `numbers` falls back to on a line): each value's
/// digit, `.` for a blank, and the newline. Branch-free, so that the compiler vectorizes it.
fn nine_line(cells: &[u8]) -> [u8; NINE_CELLS + 1] {
    let mut line = [b'\n'; NINE_CELLS + 1];
    for (symbol, &value) in line.iter_mut().zip(cells) {
        *symbol = if value == 0 { b'.' } else { b'0' + value };
    }
    line
}

/// `grid` written in `format` and `alphabet`, ending with a newline.
///
/// `judge` always writes numbers. The one-symbol formats (`line`, `compact`) need a
/// one-symbol alphabet: given `numbers`, they write the size's usual one
/// ([`Alphabet::for_size`]); a grid with no one-symbol alphabet (49×49 and up, see
/// [`Format::can_write`]) is then written as numbers separated by spaces.
pub fn format_grid(grid: &Grid, format: Format, alphabet: Alphabet) -> String {
    let size = grid.size();
    let side = size.side();
    let alphabet = match format {
        Format::Judge => Alphabet::Numbers,
        Format::Line | Format::Compact if !alphabet.has_symbols_for(size) => {
            Alphabet::for_size(size)
        }
        // `1-9A` has no symbol for 36: such a grid is written in the size's usual alphabet.
        _ if alphabet != Alphabet::Numbers && !alphabet.has_symbols_for(size) => {
            Alphabet::for_size(size)
        }
        _ => alphabet,
    };
    let width = if alphabet == Alphabet::Numbers { side.to_string().len() } else { 1 };
    // Digit formats write a blank as `0` where `0` is no value, the rest as `.`.
    let zero_blank =
        matches!(format, Format::Judge | Format::Compact) && alphabet != Alphabet::FromZero;
    let mut text = String::with_capacity(size.cells() * (width + 1) + 4 * side);
    let push_value = |text: &mut String, value: u8| {
        if alphabet == Alphabet::Numbers {
            let shown = if value == 0 && !zero_blank { ".".to_owned() } else { value.to_string() };
            text.extend(std::iter::repeat_n(' ', width - shown.len()));
            text.push_str(&shown);
        } else if value == 0 && zero_blank {
            text.push('0');
        } else {
            text.push(char::from(alphabet.symbol(value)));
        }
    };
    // Boxes are `rows` cells tall and `cols` wide; `rows` of them stand side by side.
    let (rows, cols) = (size.box_rows(), size.box_cols());
    match format {
        // Every mark is its value's symbol in `1-9A`, whatever the alphabet.
        Format::Pencilmark => text.push_str(&pencilmark::line(grid)),
        // The grid's values as givens, with its rules; a grid the editor does not draw (past
        // 16×16, which `can_write` refuses) as a line of numbers.
        Format::Fpuzzles => match crate::fpuzzles::link(grid, None) {
            Some(link) => {
                text.push_str(&link);
                text.push('\n');
            }
            None => return format_grid(grid, Format::Judge, Alphabet::Numbers),
        },
        Format::Line => {
            for (cell, &value) in grid.cells().iter().enumerate() {
                if alphabet == Alphabet::Numbers && cell > 0 {
                    text.push(' ');
                }
                push_value(&mut text, value);
            }
            text.push('\n');
        }
        Format::Judge | Format::Compact => {
            let separator = if alphabet == Alphabet::Numbers { " " } else { "" };
            for row in 0..side {
                for col in 0..side {
                    if col > 0 {
                        text.push_str(separator);
                    }
                    push_value(&mut text, grid.at(row, col));
                }
                text.push('\n');
            }
        }
        Format::Pretty | Format::Bordered
            if grid.layout().is_some_and(|l| l.regions().is_some()) =>
        {
            let layout = grid.layout().expect("tested above");
            let region_of = |row: usize, col: usize| layout.region_of(size.cell_at(row, col));
            let cell_text = |row: usize, col: usize| {
                let mut cell = String::new();
                push_value(&mut cell, grid.at(row, col));
                cell
            };
            draw_regions(&mut text, side, width, format == Format::Bordered, region_of, cell_text);
        }
        Format::Pretty | Format::Bordered => {
            let bordered = format == Format::Bordered;
            // A row is `side` cells of `width`, a space between cells and `| ` between boxes.
            let row_length = side * (width + 1) - 1 + 2 * (rows - 1);
            let segment = "-".repeat(cols * (width + 1) + 1);
            let border = format!("+{}+", vec![segment; rows].join("+"));
            let rule = "-".repeat(row_length + 3);
            for row in 0..side {
                if row % rows == 0 && (bordered || row > 0) {
                    text.push_str(if bordered { &border } else { &rule });
                    text.push('\n');
                }
                if bordered {
                    text.push_str("| ");
                }
                for col in 0..side {
                    if col > 0 {
                        text.push_str(if col % cols == 0 { " | " } else { " " });
                    }
                    push_value(&mut text, grid.at(row, col));
                }
                text.push_str(if bordered { " |\n" } else { "\n" });
            }
            if bordered {
                text.push_str(&border);
                text.push('\n');
            }
        }
    }
    text
}

/// A grid of irregular regions (a jigsaw) in the pretty or `bordered` format, written into
/// `text`: its region borders drawn where the classic formats draw the boxes', so that the
/// block shows the regions rather than boxes the grid does not have. `region_of` gives a
/// cell's region, `cell_text` its value as written (`width` characters).
///
/// Cells are `width` characters apart by three: ` | ` where the cells on either side are of
/// two regions, three spaces where they are of one. Between two rows, a rule line is drawn
/// under the cells whose region changes (dashes, `+` where it meets a border between cells),
/// and no line where no region changes (a line without dashes would read as a row). The
/// bordered format frames the grid; the pretty one opens with a rule only when its first row
/// has no border (it would otherwise read as a numeric block). Both read back as the same grid
/// ([`crate::read`]: rule lines are passed over, cells split at spaces and `|`).
fn draw_regions(
    text: &mut String,
    side: usize,
    width: usize,
    bordered: bool,
    region_of: impl Fn(usize, usize) -> usize,
    cell_text: impl Fn(usize, usize) -> String,
) {
    // Whether a border separates cells (row, col - 1) and (row, col), and (row - 1, col) and
    // (row, col); the grid's edge is a border.
    let between = |row: usize, col: usize| {
        col == 0 || col == side || region_of(row, col - 1) != region_of(row, col)
    };
    let above = |row: usize, col: usize| {
        row == 0 || row == side || region_of(row - 1, col) != region_of(row, col)
    };
    // The rule above `row` (`side` for the bottom edge), or `None` where no region changes.
    let rule = |row: usize| -> Option<String> {
        let changes = |col: usize| above(row, col);
        if !(0..side).any(changes) {
            return None;
        }
        let vertical =
            |col: usize| (row > 0 && between(row - 1, col)) || (row < side && between(row, col));
        let mut line = String::new();
        for col in 0..=side {
            // The joint left of cell `col`: its middle, then the pads on either side.
            let (left, right) = (col > 0 && changes(col - 1), col < side && changes(col));
            let joint = if (left || right) && vertical(col) {
                '+'
            } else if left || right {
                '-'
            } else if vertical(col) {
                '|'
            } else {
                ' '
            };
            let pad = |dashed: bool| if dashed { '-' } else { ' ' };
            if col == 0 {
                if bordered {
                    line.push(joint);
                    line.push(pad(right));
                }
            } else if col == side {
                if bordered {
                    line.push(pad(left));
                    line.push(joint);
                }
            } else {
                line.push(pad(left));
                line.push(joint);
                line.push(pad(right));
            }
            if col < side {
                line.extend(std::iter::repeat_n(pad(right), width));
            }
        }
        Some(line.trim_end().to_owned())
    };
    for row in 0..side {
        let edge = row == 0 && (bordered || !(1..side).any(|col| between(0, col)));
        if let Some(line) = rule(row).filter(|_| row > 0 || edge) {
            text.push_str(&line);
            text.push('\n');
        }
        if bordered {
            text.push_str("| ");
        }
        for col in 0..side {
            if col > 0 {
                text.push_str(if between(row, col) { " | " } else { "   " });
            }
            text.push_str(&cell_text(row, col));
        }
        text.push_str(if bordered { " |\n" } else { "\n" });
    }
    if bordered && let Some(line) = rule(side) {
        text.push_str(&line);
        text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Grid {
        let cells: Vec<u8> = (0..81).map(|cell| ((cell * 7) % 10) as u8).collect();
        Grid::from_cells(Size::NINE, &cells).unwrap()
    }

    #[test]
    fn judge_rows_are_space_separated_without_trailing_space() {
        let text = format_grid(&sample(), Format::Judge, Alphabet::FromOne);
        let first = text.lines().next().unwrap();
        assert_eq!(first, "0 7 4 1 8 5 2 9 6");
        assert_eq!(text.lines().count(), 9);
    }

    #[test]
    fn nine_by_nine_layouts_are_the_classic_ones() {
        let text = format_grid(&Grid::empty(Size::NINE), Format::Bordered, Alphabet::FromOne);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "+-------+-------+-------+");
        assert_eq!(lines[1], "| . . . | . . . | . . . |");
        assert_eq!(lines[12], lines[0]);
        let pretty = format_grid(&sample(), Format::Pretty, Alphabet::FromOne);
        assert_eq!(pretty.lines().nth(3), Some("------------------------"));
        assert_eq!(
            format_grid(&sample(), Format::Compact, Alphabet::FromOne).lines().next(),
            Some("074185296")
        );
    }

    #[test]
    fn a_nine_by_nine_line_is_written_as_the_general_path_writes_it() {
        let grid = sample();
        for alphabet in [Alphabet::FromOne, Alphabet::FromZero, Alphabet::Numbers] {
            let mut written = Vec::new();
            write_grid(&mut written, &grid, Format::Line, alphabet).unwrap();
            let general = format_grid(&grid, Format::Line, alphabet);
            assert_eq!(String::from_utf8(written).unwrap(), general, "{alphabet:?}");
        }
        let mut written = Vec::new();
        write_grid(&mut written, &grid, Format::Line, Alphabet::FromOne).unwrap();
        assert!(written.starts_with(b".74185296"), "{}", String::from_utf8_lossy(&written));
    }

    #[test]
    fn larger_grids_use_letters_or_right_aligned_numbers() {
        let sixteen = Size::from_side(16).unwrap();
        let mut grid = Grid::empty(sixteen);
        grid.set(0, 16);
        grid.set(1, 1);
        let line = format_grid(&grid, Format::Line, Alphabet::FromOne);
        assert!(line.starts_with("G1.."), "{line}");
        let line = format_grid(&grid, Format::Line, Alphabet::FromZero);
        assert!(line.starts_with("F0.."), "{line}");
        let judge = format_grid(&grid, Format::Judge, Alphabet::FromZero);
        assert!(judge.starts_with("16  1  0  0 "), "{judge}");
        let pretty = format_grid(&grid, Format::Pretty, Alphabet::Numbers);
        assert!(pretty.starts_with("16  1  .  . |  .  ."), "{pretty}");
        let bordered = format_grid(&grid, Format::Bordered, Alphabet::FromOne);
        assert_eq!(bordered.lines().next().map(str::len), Some(4 * 10 + 1));
        assert_eq!(bordered.lines().nth(1).map(str::len), Some(4 * 10 + 1));
    }
}
