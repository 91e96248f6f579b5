//! The symbols a grid's values are written with.
//!
//! Grids up to 9×9 are written with digits. Larger grids are written in one of the conventions
//! found in the wild:
//! - [`Alphabet::FromOne`] (`1-9A`): `1`..`9`, then letters for 10 and up (`A` = 10), `.` or
//!   `0` blank. 16×16 is `1-9A-G` (most generators, janko.at, CP examples), 25×25 `1-9A-P`.
//!   Up to 35 values.
//! - [`Alphabet::FromZero`] (`0-9A`): `0` is the first value, then `1`..`9` and letters
//!   (`A` = 11), `.` blank. 16×16 is `0-9A-F` (the Enjoy Sudoku forum's lists), 36×36
//!   `0-9A-Z`. Up to 36 values.
//! - [`Alphabet::Numbers`]: decimal numbers separated by spaces (`0` or `.` blank), the only
//!   way to write 49×49 and 64×64 grids, and the way of the numeric block at any size.
//!
//! Letters are read in either case and written in capitals.
//!
//! # Detection
//! When a puzzle in a one-symbol-per-cell format does not say which alphabet it uses (no
//! `--alphabet`), [`Alphabet::detect`] decides from its symbols:
//! 1. a grid of 36×36 can only be `0-9A`;
//! 2. the symbol of the largest value in `1-9A` (`G` at 16×16, `P` at 25×25) means `1-9A`;
//! 3. otherwise, both `0` and `.` in one grid mean `0-9A` (`1-9A` writes each blank one way),
//!    except at 4×4 and 9×9, which are always written with digits from 1;
//! 4. otherwise `1-9A`.
//!
//! Rule 4 misreads a `0-9A` grid only when it lacks a `0` or a `.` (a puzzle with no `0`
//! clue, or a full grid). The two readings then differ by a renaming of the values, so the
//! solution found is still right, but it is written in `1-9A` (`G` where the puzzle's
//! convention has `0`); `--alphabet 0-9A` reads it the way it was meant.

use std::fmt;
use std::str::FromStr;

use crate::size::Size;

/// How values are written (see the [module documentation](self)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Alphabet {
    /// `1`..`9` then `A`.., `.` or `0` blank.
    FromOne,
    /// `0`..`9` then `A`.. (`0` is the first value), `.` blank.
    FromZero,
    /// Decimal numbers separated by spaces, `0` or `.` blank.
    Numbers,
}

impl Alphabet {
    /// Every alphabet, in the order `--help` lists them.
    pub const ALL: [Alphabet; 3] = [Alphabet::FromOne, Alphabet::FromZero, Alphabet::Numbers];

    /// The name used on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Alphabet::FromOne => "1-9A",
            Alphabet::FromZero => "0-9A",
            Alphabet::Numbers => "numbers",
        }
    }

    /// A one-line description for `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Alphabet::FromOne => "1-9 then A=10, B=11, ...; '.' or '0' blank (16×16: 1-9A-G)",
            Alphabet::FromZero => {
                "0 is the first value, then 1-9, A, ...; '.' blank (16×16: 0-9A-F)"
            }
            Alphabet::Numbers => "decimal numbers separated by spaces; '0' or '.' blank",
        }
    }

    /// The alphabet a grid of `size` is written in when nothing says otherwise: digits from 1
    /// up to 25×25, `0-9A` at 36×36 (the only one-symbol alphabet that reaches 36), numbers
    /// beyond.
    pub fn for_size(size: Size) -> Alphabet {
        match size.side() {
            ..=35 => Alphabet::FromOne,
            36 => Alphabet::FromZero,
            _ => Alphabet::Numbers,
        }
    }

    /// Whether each value of a grid of `size` is one character in this alphabet.
    pub fn has_symbols_for(self, size: Size) -> bool {
        match self {
            Alphabet::FromOne => size.side() <= 35,
            Alphabet::FromZero => size.side() <= 36,
            Alphabet::Numbers => false,
        }
    }

    /// The character of `value` (0 = blank, written `.`) in a one-symbol alphabet; `Numbers`
    /// writes like `FromOne`. The caller keeps `value` within the alphabet's range.
    #[inline]
    pub fn symbol(self, value: u8) -> u8 {
        const SYMBOLS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        match (self, value) {
            (_, 0) => b'.',
            (Alphabet::FromZero, v) => SYMBOLS[usize::from(v - 1)],
            (_, v) => SYMBOLS[usize::from(v)],
        }
    }

    /// The value of a character: `Some(0)` for a blank, `Some(v)` for a value (which may be
    /// too large for the grid: the caller checks), `None` for a character that is no symbol.
    /// `Numbers` reads single characters like `FromOne`.
    #[inline]
    pub fn value_of(self, byte: u8) -> Option<u8> {
        let from_one = match byte {
            b'0'..=b'9' => byte - b'0',
            b'A'..=b'Z' => byte - b'A' + 10,
            b'a'..=b'z' => byte - b'a' + 10,
            b'.' => return Some(0),
            _ => return None,
        };
        Some(if self == Alphabet::FromZero { from_one + 1 } else { from_one })
    }

    /// The symbols of a grid of `size` in this alphabet, for messages: `1-9, A-G`.
    pub fn range(self, size: Size) -> String {
        let last = |value: u8| char::from(self.symbol(value));
        let side = size.side() as u8;
        match self {
            Alphabet::Numbers => format!("1-{side}"),
            Alphabet::FromOne if side <= 9 => format!("1-{}", last(side)),
            // 10×10 has one letter: `1-9, A`.
            Alphabet::FromOne if side == 10 => format!("1-9, {}", last(side)),
            Alphabet::FromOne => format!("1-9, A-{}", last(side)),
            Alphabet::FromZero if side <= 10 => format!("0-{}", last(side)),
            Alphabet::FromZero if side == 11 => format!("0-9, {}", last(side)),
            Alphabet::FromZero => format!("0-9, A-{}", last(side)),
        }
    }

    /// The blanks a grid in this alphabet may use, for messages.
    pub fn blanks(self) -> &'static str {
        match self {
            Alphabet::FromZero => "'.'",
            Alphabet::FromOne | Alphabet::Numbers => "'0' or '.'",
        }
    }

    /// The alphabet of a grid of `size` written with `symbols` (one per cell), by the rules of
    /// the [module documentation](self).
    /// Beyond 36×36, where no one-symbol alphabet reaches, it is `Numbers`.
    pub fn detect(symbols: &[u8], size: Size) -> Alphabet {
        if size.side() >= 36 {
            return Alphabet::for_size(size);
        }
        let largest = Alphabet::FromOne.symbol(size.side() as u8);
        let has = |byte: u8| symbols.iter().any(|s| s.eq_ignore_ascii_case(&byte));
        if size.side() <= 9 || has(largest) || !(has(b'0') && has(b'.')) {
            Alphabet::FromOne
        } else {
            Alphabet::FromZero
        }
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an alphabet name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown alphabet '{0}'; expected one of: 1-9A, 0-9A, numbers")]
pub struct UnknownAlphabet(pub String);

impl FromStr for Alphabet {
    type Err = UnknownAlphabet;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Alphabet::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownAlphabet(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(side: usize) -> Size {
        Size::from_side(side).unwrap()
    }

    #[test]
    fn symbols_and_values_are_inverse_in_both_one_symbol_alphabets() {
        for alphabet in [Alphabet::FromOne, Alphabet::FromZero] {
            for value in 0..=35 {
                assert_eq!(alphabet.value_of(alphabet.symbol(value)), Some(value), "{alphabet}");
            }
        }
        assert_eq!(Alphabet::FromOne.symbol(16), b'G');
        assert_eq!(Alphabet::FromZero.symbol(16), b'F');
        assert_eq!(Alphabet::FromZero.symbol(36), b'Z');
        assert_eq!(Alphabet::FromOne.value_of(b'g'), Some(16));
        assert_eq!(Alphabet::FromOne.value_of(b'0'), Some(0));
        assert_eq!(Alphabet::FromZero.value_of(b'0'), Some(1));
        assert_eq!(Alphabet::FromOne.value_of(b'-'), None);
    }

    #[test]
    fn detection_follows_the_documented_rules() {
        assert_eq!(Alphabet::detect(b"0.12", size(36)), Alphabet::FromZero);
        assert_eq!(Alphabet::detect(b"0.G1", size(16)), Alphabet::FromOne);
        assert_eq!(Alphabet::detect(b"0.F1", size(16)), Alphabet::FromZero);
        assert_eq!(Alphabet::detect(b"00F1", size(16)), Alphabet::FromOne);
        assert_eq!(Alphabet::detect(b"..F1", size(16)), Alphabet::FromOne);
        assert_eq!(Alphabet::detect(b"0.81", size(9)), Alphabet::FromOne);
        assert_eq!(Alphabet::detect(b"p.0", size(25)), Alphabet::FromOne);
        assert_eq!(Alphabet::detect(b"0.12", size(64)), Alphabet::Numbers);
    }

    #[test]
    fn ranges_name_the_symbols_of_a_size() {
        assert_eq!(Alphabet::FromOne.range(size(9)), "1-9");
        assert_eq!(Alphabet::FromOne.range(size(16)), "1-9, A-G");
        assert_eq!(Alphabet::FromZero.range(size(16)), "0-9, A-F");
        assert_eq!(Alphabet::FromZero.range(size(9)), "0-8");
        assert_eq!(Alphabet::Numbers.range(size(49)), "1-49");
        assert_eq!("0-9a".parse(), Ok(Alphabet::FromZero));
    }
}
