//! How puzzles are read: `--input-format`, `--size` and `--alphabet`, of every command that
//! reads puzzles.

use clap::{Args, ValueEnum};
use sudoku_core::{Alphabet, Format, ReadOptions, Size};

/// How puzzles are read: what is detected unless forced.
#[derive(Args, Debug, Clone, Copy)]
pub struct InputArgs {
    /// The format of the puzzles; `auto` detects it for each puzzle.
    #[arg(short, long, value_enum, default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,

    /// The size of every puzzle: a side (4, 9, 16, 25, 36, 49, 64) or `16x16`; by default each
    /// puzzle's size comes from its text (line length, numbers per row).
    #[arg(long, value_name = "SIZE")]
    pub size: Option<Size>,

    /// The symbols of puzzles written one per cell: `1-9A` (1-9 then A=10, ...; 16×16 is
    /// 1-9A-G), `0-9A` (0 is the first value, '.' blank; 16×16 is 0-9A-F) or `numbers`; by
    /// default detected from each puzzle (see docs/guide.md, "Every size").
    #[arg(long, value_name = "ALPHABET")]
    pub alphabet: Option<Alphabet>,
}

impl InputArgs {
    /// What the reader is told.
    pub fn options(&self) -> ReadOptions {
        ReadOptions { format: self.input_format.forced(), size: self.size, alphabet: self.alphabet }
    }
}

/// `--input-format`: a format, or detection. Not `sudoku_core::Format` itself, as
/// `--output-format` is: `auto` is no format (the reader takes `None` for it), and the texts
/// of the values here speak of reading.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// Detect each puzzle's format from its first line.
    Auto,
    /// The numeric block: a line of space-separated numbers per row, 0 or . = blank
    /// (Baekjoon 2580 at 9×9; every size).
    #[value(alias = "numeric")]
    Judge,
    /// A line of symbols per row without spaces (Baekjoon 2239 at 9×9; up to 36×36).
    Compact,
    /// The whole grid on one line: 81 symbols at 9×9, 256 at 16×16, ...; '.' or '0' = blank.
    Line,
    /// Rows like `3 1 6 | 5 7 8 | 4 9 2` with dashed rules between bands.
    Pretty,
    /// Rows like `| 3 1 6 | 5 7 8 | 4 9 2 |` inside +-------+ borders.
    Bordered,
}

impl InputFormat {
    /// The forced format, or `None` for detection.
    pub fn forced(self) -> Option<Format> {
        match self {
            InputFormat::Auto => None,
            InputFormat::Judge => Some(Format::Judge),
            InputFormat::Compact => Some(Format::Compact),
            InputFormat::Line => Some(Format::Line),
            InputFormat::Pretty => Some(Format::Pretty),
            InputFormat::Bordered => Some(Format::Bordered),
        }
    }
}
