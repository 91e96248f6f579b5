//! The text formats a grid can be read from and written to.

use std::fmt;
use std::str::FromStr;

use crate::size::Size;

/// The longest line that may hold puzzle data: a 64×64 row of right-aligned numbers or a
/// 36×36 one-line puzzle (1296 symbols) fits with room to spare. Longer lines are reported,
/// not stored: only their first bytes are kept, so a 10 MB line costs no more memory than a
/// short one. A format writes no longer line ([`Format::can_write`]).
pub const MAX_LINE: usize = 4096;

/// The longest f-puzzles line kept (its JSON, or a link carrying it): 1 MiB. Large variant
/// puzzles run to tens of kilobytes; a longer line is reported as too long, and only its first
/// bytes are kept, so memory stays flat. Only a line that starts as an f-puzzles puzzle does
/// (`{`, `http://`, `https://`) is kept past [`MAX_LINE`].
pub const MAX_FPUZZLES_LINE: usize = 1 << 20;

/// A text layout for one grid, at every size where it makes sense ([`Format::can_write`]).
///
/// Every format accepts `0` or `.` for an empty cell when read (only `.` in the `0-9A`
/// alphabet, where `0` is a value). When written, the digit formats (`judge`, `compact`) use
/// `0` and the others `.`. Rows are described at 9×9; larger grids have `n×n` boxes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// The numeric block: one line per row of numbers separated by spaces (right-aligned or
    /// not), `0` or `.` for blank; at 9×9, Baekjoon 2580's input and output. Every size.
    Judge,
    /// One line per row of symbols without separators (Baekjoon 2239 at 9×9). Up to 36×36.
    Compact,
    /// One line of symbols, `.` for blank: 81 characters at 9×9, the format of every public
    /// corpus; 256 at 16×16, 625 at 25×25. Up to 36×36.
    Line,
    /// Rows such as `3 1 6 | 5 7 8 | 4 9 2` with a rule of dashes between bands.
    Pretty,
    /// The boxed variant: rows such as `| 3 1 6 | 5 7 8 | 4 9 2 |` inside `+-------+` borders.
    Bordered,
    /// A pencilmark (sukaku) puzzle on one line: each cell's candidates, `side` marks a cell,
    /// the value `v`'s symbol at its `v`-th mark if it is a candidate, else `.` or `0` (729
    /// characters at 9×9, as tdoku and Sukaku Explainer read them; 4096 at 16×16). It has no
    /// givens: the candidates are its grid's layout's ([`crate::Layout::candidates`]).
    /// 4×4 to 16×16.
    Pencilmark,
    /// An f-puzzles puzzle on one line: the editor's JSON, or a link carrying it
    /// ([`crate::fpuzzles`]), with every rule the workbench reads. Read from any line that
    /// starts with `{`, `http://` or `https://` (forced, every puzzle line is read so);
    /// written as a link the editor opens, with the puzzle's rules and, for an answer, the
    /// editor's `solution`. 4×4 to 16×16.
    Fpuzzles,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 7] = [
        Format::Judge,
        Format::Compact,
        Format::Line,
        Format::Pretty,
        Format::Bordered,
        Format::Pencilmark,
        Format::Fpuzzles,
    ];

    /// The name used on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Judge => "judge",
            Format::Compact => "compact",
            Format::Line => "line",
            Format::Pretty => "pretty",
            Format::Bordered => "bordered",
            Format::Pencilmark => "pencilmark",
            Format::Fpuzzles => "fpuzzles",
        }
    }

    /// What the format reads, in a line for `--help` (`--input-format`).
    pub fn description(self) -> &'static str {
        match self {
            Format::Judge => {
                "The numeric block: a line of space-separated numbers per row, 0 or . = blank \
                 (Baekjoon 2580 at 9×9; every size)"
            }
            Format::Compact => {
                "A line of symbols per row without spaces (Baekjoon 2239 at 9×9; up to 36×36)"
            }
            Format::Line => {
                "The whole grid on one line: 81 symbols at 9×9, 256 at 16×16, ...; '.' or '0' = \
                 blank"
            }
            Format::Pretty => "Rows like `3 1 6 | 5 7 8 | 4 9 2` with dashed rules between bands",
            Format::Bordered => "Rows like `| 3 1 6 | 5 7 8 | 4 9 2 |` inside +-------+ borders",
            Format::Pencilmark => {
                "Each cell's candidates on one line, a mark per value: 729 characters at 9×9 \
                 ('1........' is a cell of candidate 1; 4×4 to 16×16)"
            }
            Format::Fpuzzles => {
                "An f-puzzles puzzle on one line: the editor's JSON or a link carrying it, with \
                 its rules (up to 1 MiB; 4×4 to 16×16)"
            }
        }
    }

    /// Whether a grid of `size` can be written in this format: the one-symbol formats need an
    /// alphabet with a symbol per value, which ends at 36×36; a pencilmark line of `side³`
    /// marks ends at 16×16 (4096 characters, the longest line a reader keeps).
    pub fn can_write(self, size: Size) -> bool {
        match self {
            Format::Line | Format::Compact => size.side() <= 36,
            Format::Pencilmark => size.side().pow(3) <= MAX_LINE,
            Format::Fpuzzles => size.side() <= crate::fpuzzles::MAX_SIDE,
            Format::Judge | Format::Pretty | Format::Bordered => true,
        }
    }

    /// Whether one grid takes several lines (so a batch separates grids with a blank line).
    pub fn is_block(self) -> bool {
        !matches!(self, Format::Line | Format::Pencilmark | Format::Fpuzzles)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a format name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown format '{0}'; expected one of: judge, compact, line, pretty, bordered, pencilmark, \
     fpuzzles"
)]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "numeric" {
            return Ok(Format::Judge);
        }
        Format::ALL.into_iter().find(|f| f.name() == s).ok_or_else(|| UnknownFormat(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
        }
        assert!("Judge".parse::<Format>().is_err());
        assert_eq!("numeric".parse::<Format>(), Ok(Format::Judge));
    }
}
