//! The text formats a grid can be read from and written to.

use std::fmt;
use std::str::FromStr;

/// A text layout for one 9×9 grid.
///
/// Every format accepts `0` or `.` for an empty cell when read. When written, the digit formats
/// (`judge`, `compact`) use `0` and the others `.`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// Nine lines of nine digits separated by spaces, `0` for blank (Baekjoon 2580's input and
    /// output).
    Judge,
    /// Nine lines of nine digits without separators (Baekjoon 2239).
    Compact,
    /// One line of 81 characters, `.` for blank: the format of every public corpus.
    Line,
    /// Rows such as `3 1 6 | 5 7 8 | 4 9 2` with a rule of dashes between bands.
    Pretty,
    /// The boxed variant: rows such as `| 3 1 6 | 5 7 8 | 4 9 2 |` inside `+-------+` borders.
    Bordered,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 5] =
        [Format::Judge, Format::Compact, Format::Line, Format::Pretty, Format::Bordered];

    /// The name used on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Judge => "judge",
            Format::Compact => "compact",
            Format::Line => "line",
            Format::Pretty => "pretty",
            Format::Bordered => "bordered",
        }
    }

    /// A one-line description for `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Format::Judge => "nine lines of nine space-separated digits, 0 = blank (Baekjoon 2580)",
            Format::Compact => "nine lines of nine digits without spaces (Baekjoon 2239)",
            Format::Line => "one line of 81 characters, '.' or '0' = blank (public corpora)",
            Format::Pretty => "rows like `3 1 6 | 5 7 8 | 4 9 2` with dashed rules between bands",
            Format::Bordered => "rows like `| 3 1 6 | 5 7 8 | 4 9 2 |` inside +-------+ borders",
        }
    }

    /// Whether one grid takes several lines (so a batch separates grids with a blank line).
    pub fn is_block(self) -> bool {
        self != Format::Line
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a format name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}'; expected one of: judge, compact, line, pretty, bordered")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
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
    }
}
