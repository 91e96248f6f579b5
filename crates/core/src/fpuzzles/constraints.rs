//! The editor's rules with numbers and lines, read into [`Constraint`]s, and written back.
//!
//! Fields, as the editor and its widely used constraints add-on write them (cells named
//! `R1C1`; a clue outside the grid `R0C3`, `R10C3` on 9×9, `R3C0`, `R3C10`; numbers as text):
//!
//! | field | entry | rule |
//! |---|---|---|
//! | `killercage` | `{cells, value?}` | a cage, its sum if `value` is given |
//! | `littlekillersum` | `{cell, cells, direction, value}` | the diagonal from the clue `cell` (`UR`, `UL`, `DR`, `DL`); `cells` is the editor's copy of it |
//! | `arrow` | `{cells, lines}` | the circle or pill `cells`; each line starts in it |
//! | `thermometer`, `slowthermometer`, `palindrome`, `renban`, `betweenline`, `regionsumline`, `entropicline`, `zipperline` | `{lines}` | a rule per line |
//! | `whispers` (also `germanwhispers`, `dutchwhispers`) | `{lines, value?}` | German whispers, or the gap `value` (Dutch: one less) |
//! | `sandwichsum`, `xsum`, `skyscraper` | `{cell, value}` | a clue outside the grid |
//! | `difference`, `ratio` | `{cells, value?}` | white (1 unless said) and black (2) dots |
//! | `xv` | `{cells, value}` | `X` or `V` |
//! | `odd`, `even`, `minimum`, `maximum` | `{cell}` | a cell |
//! | `quadruple` | `{cells, values}` | the values listed appear among the cells |
//! | `clone` | `{cells, cloneCells}` | each cell equals its clone |
//! | `rowindexer`, `columnindexer`, `boxindexer` | `{cells}` | indexer cells |
//! | `nonconsecutive` | `true` | no unmarked neighbours differ by 1 |
//! | `negative` | `["ratio", "xv"]` | no unmarked neighbours have a black dot's ratio, add to 5 or 10 |
//!
//! An entry without the number its rule needs (a little killer, a sandwich, an X or V with an
//! empty `value`) is a drawing the editor left unfinished and says nothing; any other entry
//! that does not read is refused, naming the field and the entry.

use serde_json::{Map, Value};

use crate::constraint::{Axis, Constraint, Direction, Spot};
use crate::size::Size;

/// The fields read here.
pub(super) const FIELDS: [&str; 32] = [
    "killercage",
    "littlekillersum",
    "arrow",
    "thermometer",
    "slowthermometer",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "minimum",
    "maximum",
    "palindrome",
    "renban",
    "whispers",
    "germanwhispers",
    "dutchwhispers",
    "betweenline",
    "regionsumline",
    "entropicline",
    "zipperline",
    "quadruple",
    "clone",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "nonconsecutive",
    "negative",
    "extraregion",
];

/// The rules of the puzzle's fields of [`FIELDS`] (but `extraregion`, a layout's house), on a
/// grid of `size`; or the first entry that does not read, named by its field and number.
pub(super) fn read(puzzle: &Map<String, Value>, size: Size) -> Result<Vec<Constraint>, String> {
    let mut out = Vec::new();
    for field in FIELDS {
        let entries = match puzzle.get(field) {
            None | Some(Value::Null) => continue,
            Some(Value::Array(entries)) => entries,
            Some(Value::Bool(on)) if field == "nonconsecutive" => {
                if *on {
                    out.push(Constraint::Nonconsecutive);
                }
                continue;
            }
            Some(_) if field == "nonconsecutive" => {
                return Err("its `nonconsecutive` is not true or false".to_owned());
            }
            Some(_) => return Err(format!("its `{field}` is not a list")),
        };
        if field == "extraregion" {
            continue;
        }
        if field == "negative" {
            for word in entries {
                match word.as_str() {
                    Some("ratio") => out.push(Constraint::NegativeRatio),
                    Some("xv") => out.push(Constraint::NegativeXv),
                    _ => {
                        return Err(format!(
                            "its `negative` names {word}, not `ratio` or `xv`: a negative rule \
                             the workbench does not read"
                        ));
                    }
                }
            }
            continue;
        }
        for (n, entry) in entries.iter().enumerate() {
            let entry = Entry { field, number: n + 1, value: entry, size };
            entry.read(&mut out)?;
        }
    }
    Ok(out)
}

/// One entry of a field, for reading and for naming it in errors.
struct Entry<'a> {
    field: &'static str,
    number: usize,
    value: &'a Value,
    size: Size,
}

impl Entry<'_> {
    /// The error `problem` of this entry: `its killercage 3 ...`.
    fn error(&self, problem: impl std::fmt::Display) -> String {
        format!("its {} {} {problem}", self.field, self.number)
    }

    /// The place a name (`R1C1`) names, inside the grid or, if `outside`, beside it.
    fn spot(&self, name: &Value, outside: bool) -> Result<Spot, String> {
        let side = self.size.side() as i16;
        let spot = name.as_str().and_then(spot_named);
        let fits = |spot: &Spot| {
            let range = if outside { -1..=side } else { 0..=side - 1 };
            range.contains(&spot.row) && range.contains(&spot.col)
        };
        match spot.filter(fits) {
            Some(spot) => Ok(spot),
            None => Err(self.error(format!("has a cell {name} not of the grid"))),
        }
    }

    /// The cells of the list `key`.
    fn cells(&self, key: &str) -> Result<Vec<Spot>, String> {
        let Some(Value::Array(names)) = self.value.get(key) else {
            return Err(self.error(format!("has no list of `{key}`")));
        };
        names.iter().map(|name| self.spot(name, false)).collect()
    }

    /// The lines of `lines`.
    fn lines(&self) -> Result<Vec<Vec<Spot>>, String> {
        let Some(Value::Array(lines)) = self.value.get("lines") else {
            return Err(self.error("has no list of `lines`"));
        };
        lines
            .iter()
            .map(|line| match line {
                Value::Array(names) => names.iter().map(|name| self.spot(name, false)).collect(),
                _ => Err(self.error("has a line that is not a list of cells")),
            })
            .collect()
    }

    /// The number of the field `key`: `None` if it is absent or empty text.
    fn number(&self, key: &str) -> Result<Option<u32>, String> {
        let bad = |value: &Value| self.error(format!("has a `{key}` {value} that is not a number"));
        match self.value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(Value::String(text)) => {
                let text = text.trim();
                let digits = text.bytes().all(|b| b.is_ascii_digit()) && text.len() <= 9;
                if digits { Ok(text.parse().ok()) } else { Err(bad(&self.value[key])) }
            }
            Some(Value::Number(number)) => match number.as_u64() {
                Some(n) if n <= 999_999_999 => Ok(Some(n as u32)),
                _ => Err(bad(&self.value[key])),
            },
            Some(other) => Err(bad(other)),
        }
    }

    /// The clue cell `cell`, outside the grid.
    fn clue(&self) -> Result<Spot, String> {
        match self.value.get("cell") {
            Some(name) => self.spot(name, true),
            None => Err(self.error("has no `cell`")),
        }
    }

    /// The cell `cell`, inside the grid.
    fn one_cell(&self) -> Result<Spot, String> {
        match self.value.get("cell") {
            Some(name) => self.spot(name, false),
            None => Err(self.error("has no `cell`")),
        }
    }

    /// The two cells of a dot.
    fn pair(&self) -> Result<[Spot; 2], String> {
        let cells = self.cells("cells")?;
        let count = cells.len();
        cells.try_into().map_err(|_| self.error(format!("has {count} cells, not 2")))
    }

    /// Reads the entry's rules into `out`.
    fn read(&self, out: &mut Vec<Constraint>) -> Result<(), String> {
        if !self.value.is_object() {
            return Err(self.error("is not an object"));
        }
        let side = self.size.side();
        match self.field {
            "killercage" => {
                out.push(Constraint::Killer {
                    cells: self.cells("cells")?,
                    sum: self.number("value")?,
                });
            }
            "littlekillersum" => {
                let Some(sum) = self.number("value")? else { return Ok(()) };
                let clue = self.clue()?;
                let direction = self
                    .value
                    .get("direction")
                    .and_then(Value::as_str)
                    .and_then(Direction::from_code)
                    .ok_or_else(|| self.error("has no `direction` of UR, UL, DR or DL"))?;
                out.push(Constraint::LittleKiller { clue, direction, sum });
            }
            "arrow" => {
                let circle = self.cells("cells")?;
                let lines = self
                    .lines()?
                    .into_iter()
                    .map(|line| {
                        // A line starts in the circle.
                        let start = line.iter().take_while(|spot| circle.contains(spot)).count();
                        line[start..].to_vec()
                    })
                    .filter(|line| !line.is_empty())
                    .collect::<Vec<_>>();
                if !lines.is_empty() {
                    out.push(Constraint::Arrow { circle, lines });
                }
            }
            "thermometer" | "slowthermometer" | "palindrome" | "renban" | "betweenline"
            | "regionsumline" | "entropicline" | "zipperline" => {
                for cells in self.lines()? {
                    out.push(match self.field {
                        "thermometer" => Constraint::Thermometer { cells },
                        "slowthermometer" => Constraint::SlowThermometer { cells },
                        "palindrome" => Constraint::Palindrome { cells },
                        "renban" => Constraint::Renban { cells },
                        "betweenline" => Constraint::Between { cells },
                        "regionsumline" => Constraint::RegionSum { cells },
                        "zipperline" => Constraint::Zipper { cells },
                        _ => Constraint::Entropic { cells },
                    });
                }
            }
            "whispers" | "germanwhispers" | "dutchwhispers" => {
                let gap = match (self.field, self.number("value")?) {
                    (_, Some(gap)) => Some(gap),
                    ("dutchwhispers", None) => Some(crate::constraint::whispers_gap(side) - 1),
                    _ => None,
                };
                for cells in self.lines()? {
                    out.push(Constraint::Whispers { cells, gap });
                }
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                let Some(value) = self.number("value")? else { return Ok(()) };
                let clue = self.clue()?;
                out.push(match self.field {
                    "sandwichsum" => Constraint::Sandwich { clue, sum: value },
                    "xsum" => Constraint::XSum { clue, sum: value },
                    _ => Constraint::Skyscraper { clue, count: value },
                });
            }
            "difference" => {
                let value = self.number("value")?.unwrap_or(1);
                out.push(Constraint::Difference { cells: self.pair()?, value });
            }
            "ratio" => {
                let value = self.number("value")?.unwrap_or(2);
                out.push(Constraint::Ratio { cells: self.pair()?, value });
            }
            "xv" => {
                let sum = match self.value.get("value").and_then(Value::as_str).map(str::trim) {
                    None | Some("") => return Ok(()),
                    Some("X" | "x") => 10,
                    Some("V" | "v") => 5,
                    Some(other) => {
                        return Err(self.error(format!("has a `value` {other:?}, not X or V")));
                    }
                };
                out.push(Constraint::Xv { cells: self.pair()?, sum });
            }
            "odd" => out.push(Constraint::Odd { cell: self.one_cell()? }),
            "even" => out.push(Constraint::Even { cell: self.one_cell()? }),
            "minimum" => out.push(Constraint::Minimum { cell: self.one_cell()? }),
            "maximum" => out.push(Constraint::Maximum { cell: self.one_cell()? }),
            "quadruple" => {
                let Some(Value::Array(values)) = self.value.get("values") else {
                    return Err(self.error("has no list of `values`"));
                };
                let values = values
                    .iter()
                    .map(|value| match value.as_u64() {
                        Some(v) if (1..=side as u64).contains(&v) => Ok(v as u8),
                        _ => Err(self.error(format!("has a value {value} not from 1 to {side}"))),
                    })
                    .collect::<Result<Vec<u8>, String>>()?;
                out.push(Constraint::Quadruple { cells: self.cells("cells")?, values });
            }
            "clone" => {
                let (cells, clones) = (self.cells("cells")?, self.cells("cloneCells")?);
                if cells.len() != clones.len() {
                    let (a, b) = (cells.len(), clones.len());
                    return Err(self.error(format!("has {a} cells and {b} clones")));
                }
                // A cell that is its own clone says nothing.
                let (cells, clones): (Vec<Spot>, Vec<Spot>) =
                    cells.into_iter().zip(clones.clone()).filter(|(a, b)| a != b).unzip();
                if !cells.is_empty() {
                    out.push(Constraint::Clone { cells, clones });
                }
            }
            _ => {
                let axis = match self.field {
                    "rowindexer" => Axis::Row,
                    "columnindexer" => Axis::Column,
                    _ => Axis::Box,
                };
                out.push(Constraint::Indexer { axis, cells: self.cells("cells")? });
            }
        }
        Ok(())
    }
}

/// The place the editor names `R{row}C{column}` (both from 1, 0 for a clue above or left of
/// the grid), in either case.
pub(super) fn spot_named(name: &str) -> Option<Spot> {
    let name = name.trim().to_ascii_uppercase();
    let (row, col) = name.strip_prefix('R')?.split_once('C')?;
    let number = |text: &str| -> Option<i16> {
        let fine = !text.is_empty() && text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit());
        fine.then(|| text.parse::<i16>().ok()).flatten()
    };
    Some(Spot::new(number(row)? - 1, number(col)? - 1))
}
