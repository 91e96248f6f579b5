//! A puzzle written back as the editor's JSON, compressed into a link.

use serde_json::{Map, Value, json};

use crate::constraint::{Constraint, Spot, diagonal};
use crate::grid::Grid;
use crate::layout::Rule;

/// The largest side the editor draws, read or written.
pub const MAX_SIDE: usize = 16;

/// The f-puzzles link of `puzzle` (its givens, regions, given pencil marks and every rule) and,
/// if given, its `solution` (the editor's `solution` field), as the editor opens it:
/// `https://www.f-puzzles.com/?load=` and the JSON in LZ-String's base64 form. `None` for a
/// grid the editor does not draw (larger than 16×16).
pub fn link(puzzle: &Grid, solution: Option<&Grid>) -> Option<String> {
    let json = puzzle_json(puzzle, solution)?;
    Some(format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(&json)))
}

/// The editor's JSON of `puzzle` and its `solution`; `None` past 16×16.
pub(super) fn puzzle_json(puzzle: &Grid, solution: Option<&Grid>) -> Option<String> {
    let size = puzzle.size();
    let side = size.side();
    if side > MAX_SIDE {
        return None;
    }
    let layout = puzzle.layout();
    let name = |spot: Spot| Value::String(format!("R{}C{}", spot.row + 1, spot.col + 1));
    let names = |spots: &[Spot]| Value::Array(spots.iter().map(|&spot| name(spot)).collect());
    let cell_name = |cell: usize| name(Spot::of_cell(size, cell));
    let all = u64::MAX >> (64 - side);
    let mut rows = Vec::with_capacity(side);
    for row in 0..side {
        let mut cells = Vec::with_capacity(side);
        for col in 0..side {
            let cell = size.cell_at(row, col);
            let mut fields = Map::new();
            let value = puzzle.get(cell);
            if value != 0 {
                fields.insert("value".to_owned(), json!(value));
                fields.insert("given".to_owned(), json!(true));
            }
            if let Some(layout) = layout.filter(|layout| layout.regions().is_some()) {
                fields.insert("region".to_owned(), json!(layout.region_of(cell)));
            }
            let marks = layout.and_then(|layout| layout.candidates()).map(|sets| sets[cell]);
            if let Some(marks) = marks.filter(|&marks| marks != all) {
                let values: Vec<usize> = (1..=side).filter(|v| marks & 1 << (v - 1) != 0).collect();
                fields.insert("givenPencilMarks".to_owned(), json!(values));
            }
            cells.push(Value::Object(fields));
        }
        rows.push(Value::Array(cells));
    }
    let mut top = Map::new();
    top.insert("size".to_owned(), json!(side));
    top.insert("grid".to_owned(), Value::Array(rows));
    let push = |top: &mut Map<String, Value>, field: &str, entry: Value| {
        let list = top.entry(field.to_owned()).or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(entry);
        }
    };
    if let Some(layout) = layout {
        for &rule in layout.rules() {
            match rule {
                Rule::Diagonals => {
                    top.insert("diagonal+".to_owned(), json!(true));
                    top.insert("diagonal-".to_owned(), json!(true));
                }
                Rule::AntiKnight => {
                    top.insert("antiknight".to_owned(), json!(true));
                }
                Rule::AntiKing => {
                    top.insert("antiking".to_owned(), json!(true));
                }
                Rule::Disjoint => {
                    top.insert("disjointgroups".to_owned(), json!(true));
                }
                Rule::Windoku => {
                    // The editor draws windows as extra regions.
                    for (house, cells) in layout.houses() {
                        if matches!(house, crate::layout::House::Rule(Rule::Windoku, _)) {
                            let cells: Vec<Value> =
                                cells.iter().map(|&c| cell_name(usize::from(c))).collect();
                            push(&mut top, "extraregion", json!({ "cells": cells }));
                        }
                    }
                }
            }
        }
        for group in layout.extra() {
            let cells: Vec<Value> = group.iter().map(|&c| cell_name(usize::from(c))).collect();
            push(&mut top, "extraregion", json!({ "cells": cells }));
        }
        let mut negative = Vec::new();
        for constraint in layout.constraints() {
            let field = constraint.kind().fpuzzles_field();
            let entry = match constraint {
                Constraint::Killer { cells, sum } => match sum {
                    Some(sum) => json!({ "cells": names(cells), "value": sum.to_string() }),
                    None => json!({ "cells": names(cells) }),
                },
                Constraint::LittleKiller { clue, direction, sum } => json!({
                    "cell": name(*clue),
                    "cells": names(&diagonal(size, *clue, *direction).unwrap_or_default()),
                    "direction": direction.code(),
                    "value": sum.to_string(),
                }),
                Constraint::Arrow { circle, lines } => {
                    let lines: Vec<Value> = lines
                        .iter()
                        .map(|line| {
                            // Each line starts in the circle, at the cell nearest its first.
                            let start = nearest(circle, line[0]);
                            let mut cells = vec![start];
                            cells.extend_from_slice(line);
                            names(&cells)
                        })
                        .collect();
                    json!({ "cells": names(circle), "lines": lines })
                }
                Constraint::Thermometer { cells }
                | Constraint::SlowThermometer { cells }
                | Constraint::Palindrome { cells }
                | Constraint::Renban { cells }
                | Constraint::Between { cells }
                | Constraint::RegionSum { cells }
                | Constraint::Entropic { cells }
                | Constraint::Zipper { cells }
                | Constraint::Whispers { cells, gap: None } => json!({ "lines": [names(cells)] }),
                Constraint::Whispers { cells, gap: Some(gap) } => {
                    json!({ "lines": [names(cells)], "value": gap.to_string() })
                }
                Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
                    json!({ "cell": name(*clue), "value": sum.to_string() })
                }
                Constraint::Skyscraper { clue, count } => {
                    json!({ "cell": name(*clue), "value": count.to_string() })
                }
                Constraint::Difference { cells, value } => dot(names(cells), *value, 1),
                Constraint::Ratio { cells, value } => dot(names(cells), *value, 2),
                Constraint::Xv { cells, sum } => {
                    json!({ "cells": names(cells), "value": if *sum == 5 { "V" } else { "X" } })
                }
                Constraint::Odd { cell }
                | Constraint::Even { cell }
                | Constraint::Minimum { cell }
                | Constraint::Maximum { cell } => json!({ "cell": name(*cell) }),
                Constraint::Quadruple { cells, values } => {
                    json!({ "cells": names(cells), "values": values })
                }
                Constraint::Clone { cells, clones } => {
                    json!({ "cells": names(cells), "cloneCells": names(clones) })
                }
                Constraint::Indexer { cells, .. } => json!({ "cells": names(cells) }),
                Constraint::Nonconsecutive => {
                    top.insert("nonconsecutive".to_owned(), json!(true));
                    continue;
                }
                Constraint::NegativeRatio => {
                    negative.push("ratio");
                    continue;
                }
                Constraint::NegativeXv => {
                    negative.push("xv");
                    continue;
                }
            };
            push(&mut top, field, entry);
        }
        if !negative.is_empty() {
            top.insert("negative".to_owned(), json!(negative));
        }
    }
    if let Some(solution) = solution.filter(|solution| solution.size() == size) {
        top.insert("solution".to_owned(), json!(solution.cells()));
    }
    Some(Value::Object(top).to_string())
}

/// A dot's entry, its value written when it is not the default.
fn dot(cells: Value, value: u32, default: u32) -> Value {
    if value == default {
        json!({ "cells": cells })
    } else {
        json!({ "cells": cells, "value": value.to_string() })
    }
}

/// The cell of `circle` nearest `to` (the first on ties).
fn nearest(circle: &[Spot], to: Spot) -> Spot {
    let distance = |spot: &Spot| (spot.row - to.row).abs().max((spot.col - to.col).abs());
    *circle.iter().min_by_key(|spot| distance(spot)).expect("a circle has a cell")
}
