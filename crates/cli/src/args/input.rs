//! How puzzles are read: `--input-format`, `--size` and `--alphabet`, of every command that
//! reads puzzles.

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use sudoku_core::{Alphabet, Format, ReadOptions, Size};

use super::values::format_value;

/// How puzzles are read: what is detected unless forced.
#[derive(Args, Debug, Clone, Copy)]
pub struct InputArgs {
    /// The format of the puzzles; `auto` detects it for each puzzle.
    #[arg(short, long, default_value = AUTO, value_parser = input_formats())]
    pub input_format: InputFormat,

    /// The size of every puzzle: a side (4, 6, 8, 9, 10, 12, ... 64) or `16x16`, with the side's
    /// usual boxes (12: 3 rows by 4 columns), or a box of two different sides, rows first
    /// (`4x3`: a 12×12 grid of boxes 4 rows tall); by default each puzzle's size comes from its
    /// text (line length, numbers per row) and the last `# boxes RxC` line before it.
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

/// `--input-format`: a format forced, or `None` for detection (`auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputFormat(pub Option<Format>);

impl InputFormat {
    /// The forced format, or `None` for detection.
    pub fn forced(self) -> Option<Format> {
        self.0
    }
}

/// `--input-format`'s values: `auto`, then the formats of `sudoku_core::Format` by the names
/// its `FromStr` reads, each listed in `--help` with what it reads.
fn input_formats() -> impl TypedValueParser<Value = InputFormat> {
    let auto = PossibleValue::new(AUTO).help("Detect each puzzle's format from its first line");
    let formats = Format::ALL.map(|format| format_value(format, format.description()));
    PossibleValuesParser::new([auto].into_iter().chain(formats)).try_map(|name| {
        if name == AUTO {
            Ok(InputFormat(None))
        } else {
            name.parse().map(|f| InputFormat(Some(f)))
        }
    })
}

/// The value of `--input-format` that detects each puzzle's format.
const AUTO: &str = "auto";

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::args::{Cli, Command};

    /// The `--input-format` of `sudoku count ARGS...`.
    fn input_format(args: &[&str]) -> Result<Option<Format>, clap::Error> {
        let cli = Cli::try_parse_from(["sudoku", "count"].iter().chain(args))?;
        match cli.command {
            Some(Command::Count(count)) => Ok(count.input.options().format),
            other => panic!("not a count: {other:?}"),
        }
    }

    #[test]
    fn auto_detects_and_every_format_is_forced_by_its_name() {
        assert_eq!(input_format(&[]).unwrap(), None);
        assert_eq!(input_format(&["-i", "auto"]).unwrap(), None);
        for format in Format::ALL {
            assert_eq!(input_format(&["-i", format.name()]).unwrap(), Some(format));
        }
        assert_eq!(input_format(&["--input-format", "numeric"]).unwrap(), Some(Format::Judge));
        let error = input_format(&["-i", "Auto"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::InvalidValue);
    }

    #[test]
    fn every_input_format_is_listed_in_the_help_with_what_it_reads() {
        let listed: Vec<_> = input_formats().possible_values().unwrap().collect();
        assert_eq!(listed.len(), Format::ALL.len() + 1);
        assert_eq!(listed[0].get_name(), AUTO);
        for (value, format) in listed[1..].iter().zip(Format::ALL) {
            assert_eq!(value.get_name(), format.name());
            let help = value.get_help().map(ToString::to_string);
            assert_eq!(help.as_deref(), Some(format.description()));
        }
    }
}
