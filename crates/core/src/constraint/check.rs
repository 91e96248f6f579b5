//! What each rule means: the checker of a grid, written from each rule's definition and
//! nothing else (the propagators are checked against it).
//!
//! A rule is judged on the cells it can be judged on: a sum once all its cells are filled, a
//! pair of cells once both are. So the checker serves a full grid (a claimed solution, where
//! every rule is judged) and a grid of givens alike, where it only names what the givens
//! themselves break. Values that repeat where a rule wants them to differ (a killer cage, a
//! renban line) are a layout's houses and are judged with them.

use super::data::{
    Axis, Constraint, ConstraintKind, Shape, Spot, clue_line, compared_neighbours, diagonal,
    entropic_band, negative_pairs, whispers_gap,
};

/// The first rule of `constraints` that the values `values` (row-major, 0 for an empty cell)
/// of a grid of `shape` break, with its index among them and what is wrong, for people:
/// `killer cage at r1c1 (sum 15) adds to 17`.
pub fn first_broken(
    constraints: &[Constraint],
    shape: &Shape<'_>,
    values: &[u8],
) -> Option<(usize, String)> {
    constraints.iter().enumerate().find_map(|(index, constraint)| {
        broken(constraint, constraints, shape, values).map(|problem| (index, problem))
    })
}

/// What is wrong with `constraint` (one of `all`) in `values`, if anything that can be judged.
fn broken(
    constraint: &Constraint,
    all: &[Constraint],
    shape: &Shape<'_>,
    values: &[u8],
) -> Option<String> {
    let size = shape.size;
    let side = size.side();
    let value = |place: Spot| u32::from(values[shape.cell(place)]);
    // The values of `places`, if all are filled.
    let filled = |places: &[Spot]| -> Option<Vec<u32>> {
        let found: Vec<u32> = places.iter().map(|&place| value(place)).collect();
        found.iter().all(|&v| v != 0).then_some(found)
    };
    let rule = constraint.to_string();
    // The first pair of consecutive cells of `line`, both filled, that `allowed` refuses.
    let first_pair = |line: &[Spot], allowed: &dyn Fn(u32, u32) -> bool| {
        line.windows(2).find_map(|pair| {
            let (a, b) = (value(pair[0]), value(pair[1]));
            (a != 0 && b != 0 && !allowed(a, b)).then_some((pair[0], a, pair[1], b))
        })
    };
    // A rule's own repeats: a layout's houses name them first, but a cage of more cells
    // than values is no house.
    if let Some(cells) = constraint.distinct_cells() {
        for (i, &p) in cells.iter().enumerate() {
            let a = value(p);
            if let Some(&q) = cells[..i].iter().find(|&&q| a != 0 && value(q) == a) {
                return Some(format!("{rule}: {a} at {p} repeats (also at {q})"));
            }
        }
    }
    match constraint {
        Constraint::Killer { cells, sum: Some(sum) } => {
            let total: u32 = filled(cells)?.iter().sum();
            (total != *sum).then(|| format!("{rule} adds to {total}"))
        }
        Constraint::Killer { sum: None, .. } => None,
        Constraint::LittleKiller { clue, direction, sum } => {
            let cells = diagonal(size, *clue, *direction)?;
            let total: u32 = filled(&cells)?.iter().sum();
            (total != *sum).then(|| format!("{rule} adds to {total}"))
        }
        Constraint::Arrow { circle, lines } => {
            let number = pill_number(circle, &filled(circle)?);
            lines.iter().find_map(|line| {
                let total: u32 = filled(line)?.iter().sum();
                (total != number).then(|| {
                    format!("{rule}: its line from {} adds to {total}, not {number}", line[0])
                })
            })
        }
        Constraint::Thermometer { cells } => first_pair(cells, &|a, b| a < b)
            .map(|(p, a, q, b)| format!("{rule}: {b} at {q} does not rise above {a} at {p}")),
        Constraint::SlowThermometer { cells } => first_pair(cells, &|a, b| a <= b)
            .map(|(p, a, q, b)| format!("{rule}: {b} at {q} falls below {a} at {p}")),
        Constraint::Sandwich { clue, sum } => {
            let line = filled(&clue_line(size, *clue)?)?;
            let ends = |v: u32| line.iter().position(|&x| x == v);
            let (Some(low), Some(high)) = (ends(1), ends(side as u32)) else {
                return Some(format!("{rule}: the line lacks 1 or {side}"));
            };
            let (from, to) = (low.min(high), low.max(high));
            let total: u32 = line[from + 1..to].iter().sum();
            (total != *sum)
                .then(|| format!("{rule}: the values between 1 and {side} add to {total}"))
        }
        Constraint::XSum { clue, sum } => {
            let line = filled(&clue_line(size, *clue)?)?;
            let count = line[0] as usize;
            let total: u32 = line[..count.min(line.len())].iter().sum();
            (total != *sum).then(|| format!("{rule}: the first {count} values add to {total}"))
        }
        Constraint::Skyscraper { clue, count } => {
            let line = filled(&clue_line(size, *clue)?)?;
            let seen = visible(&line);
            (seen != *count).then(|| format!("{rule}: {seen} values are seen"))
        }
        Constraint::Difference { cells: [p, q], value: gap } => {
            let (a, b) = (value(*p), value(*q));
            (a != 0 && b != 0 && a.abs_diff(b) != *gap)
                .then(|| format!("{rule}: {a} and {b} differ by {}", a.abs_diff(b)))
        }
        Constraint::Ratio { cells: [p, q], value: ratio } => {
            let (a, b) = (value(*p), value(*q));
            (a != 0 && b != 0 && !in_ratio(a, b, *ratio))
                .then(|| format!("{rule}: {a} and {b} are not in the ratio {ratio}"))
        }
        Constraint::Xv { cells: [p, q], sum } => {
            let (a, b) = (value(*p), value(*q));
            (a != 0 && b != 0 && a + b != *sum)
                .then(|| format!("{rule}: {a} and {b} add to {}", a + b))
        }
        Constraint::Odd { cell } => {
            let a = value(*cell);
            (a != 0 && a % 2 == 0).then(|| format!("{rule}: {a} is even"))
        }
        Constraint::Even { cell } => {
            let a = value(*cell);
            (a % 2 == 1).then(|| format!("{rule}: {a} is odd"))
        }
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            let a = value(*cell);
            let maximum = constraint.kind() == ConstraintKind::Maximum;
            compared_neighbours(all, size, *cell, constraint.kind()).into_iter().find_map(|place| {
                let b = value(place);
                let wrong = a != 0 && b != 0 && if maximum { a <= b } else { a >= b };
                let how = if maximum { "above" } else { "below" };
                wrong.then(|| format!("{rule}: {a} is not {how} {b} at {place}"))
            })
        }
        Constraint::Palindrome { cells } => {
            let n = cells.len();
            (0..n / 2).find_map(|i| {
                let (a, b) = (value(cells[i]), value(cells[n - 1 - i]));
                (a != 0 && b != 0 && a != b).then(|| {
                    format!("{rule}: {a} at {} and {b} at {} differ", cells[i], cells[n - 1 - i])
                })
            })
        }
        Constraint::Renban { cells } => {
            let line = filled(cells)?;
            let (low, high) = (line.iter().min()?, line.iter().max()?);
            (high - low + 1 != line.len() as u32).then(|| {
                let shown: Vec<String> = line.iter().map(u32::to_string).collect();
                format!("{rule}: {} are not consecutive", shown.join(" "))
            })
        }
        Constraint::Whispers { cells, gap } => {
            let gap = gap.unwrap_or_else(|| whispers_gap(side));
            first_pair(cells, &|a, b| a.abs_diff(b) >= gap).map(|(p, a, q, b)| {
                format!("{rule}: {a} at {p} and {b} at {q} differ by less than {gap}")
            })
        }
        Constraint::Between { cells } => {
            let (first, last) = (value(cells[0]), value(*cells.last()?));
            if first == 0 || last == 0 {
                return None;
            }
            let (low, high) = (first.min(last), first.max(last));
            cells[1..cells.len() - 1].iter().find_map(|&place| {
                let v = value(place);
                (v != 0 && !(low < v && v < high))
                    .then(|| format!("{rule}: {v} at {place} is not between {low} and {high}"))
            })
        }
        Constraint::RegionSum { cells } => {
            let line = filled(cells)?;
            let parts = region_parts(shape, cells);
            let sums: Vec<u32> =
                parts.iter().map(|part| part.clone().map(|i| line[i]).sum()).collect();
            let differ = sums.iter().find(|&&sum| sum != sums[0])?;
            Some(format!("{rule}: its parts add to {} and {differ}", sums[0]))
        }
        Constraint::Zipper { cells } => {
            let line = filled(cells)?;
            let n = line.len();
            // The sum every pair must make: the middle cell, or the pair nearest the middle.
            let sum = if n % 2 == 1 { line[n / 2] } else { line[n / 2 - 1] + line[n / 2] };
            (0..n / 2).find_map(|i| {
                let (a, b) = (line[i], line[n - 1 - i]);
                (a + b != sum).then(|| {
                    format!(
                        "{rule}: {a} at {} and {b} at {} add to {}, not {sum}",
                        cells[i],
                        cells[n - 1 - i],
                        a + b
                    )
                })
            })
        }
        Constraint::Entropic { cells } => {
            let band = |v: u32| entropic_band(side, v as usize);
            let names = ["low", "middle", "high"];
            // Neighbours, and cells two apart, are in different bands.
            (1..=2).find_map(|apart| {
                (apart..cells.len()).find_map(|i| {
                    let (a, b) = (value(cells[i - apart]), value(cells[i]));
                    (a != 0 && b != 0 && band(a) == band(b)).then(|| {
                        format!(
                            "{rule}: {a} at {} and {b} at {} are both {}",
                            cells[i - apart],
                            cells[i],
                            names[band(a)]
                        )
                    })
                })
            })
        }
        Constraint::Quadruple { cells, values: wanted } => {
            let found = filled(cells)?;
            let mut left = found.clone();
            wanted.iter().find_map(|&v| match left.iter().position(|&x| x == u32::from(v)) {
                Some(at) => {
                    left.swap_remove(at);
                    None
                }
                None => Some(format!("{rule}: {v} is missing")),
            })
        }
        Constraint::Clone { cells, clones } => cells.iter().zip(clones).find_map(|(&p, &q)| {
            let (a, b) = (value(p), value(q));
            (a != 0 && b != 0 && a != b).then(|| format!("{rule}: {a} at {p} but {b} at {q}"))
        }),
        Constraint::Indexer { axis, cells } => cells.iter().find_map(|&place| {
            let v = value(place);
            if v == 0 {
                return None;
            }
            let (target, index) = indexed(shape, *axis, place, v as usize);
            let found = value(target);
            (found != 0 && found as usize != index).then(|| {
                format!("{rule}: {v} at {place} wants {index} at {target}, which holds {found}")
            })
        }),
        Constraint::Nonconsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
            let (ratios, kind) = (ratio_values(all), constraint.kind());
            negative_pairs(all, size, kind).into_iter().find_map(|(p, q)| {
                let (a, b) = (value(p), value(q));
                if a == 0 || b == 0 {
                    return None;
                }
                let what = match kind {
                    ConstraintKind::Nonconsecutive if a.abs_diff(b) == 1 => {
                        "are consecutive".to_owned()
                    }
                    ConstraintKind::NegativeRatio => {
                        let ratio = ratios.iter().find(|&&ratio| in_ratio(a, b, ratio))?;
                        format!("have the ratio {ratio}")
                    }
                    ConstraintKind::NegativeXv if a + b == 5 || a + b == 10 => {
                        format!("add to {}", a + b)
                    }
                    _ => return None,
                };
                Some(format!("{rule}: {a} at {p} and {b} at {q} {what}"))
            })
        }
    }
}

/// The number a circle or pill of `places` holding `digits` reads: its cells in reading order
/// (row by row), each a digit.
pub(super) fn pill_number(places: &[Spot], digits: &[u32]) -> u32 {
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by_key(|&i| places[i]);
    order.iter().fold(0, |number, &i| number * 10 + digits[i])
}

/// Whether one of `a` and `b` is `ratio` times the other.
pub(super) fn in_ratio(a: u32, b: u32, ratio: u32) -> bool {
    a == b * ratio || b == a * ratio
}

/// The ratios the negative black-dot rule forbids: those of the puzzle's black dots, 2 if it
/// has none.
pub(super) fn ratio_values(all: &[Constraint]) -> Vec<u32> {
    let mut ratios: Vec<u32> = all
        .iter()
        .filter_map(|c| match c {
            Constraint::Ratio { value, .. } => Some(*value),
            _ => None,
        })
        .collect();
    ratios.sort_unstable();
    ratios.dedup();
    if ratios.is_empty() {
        ratios.push(2);
    }
    ratios
}

/// How many values of `line` are larger than every value before them.
pub(super) fn visible(line: &[u32]) -> u32 {
    let mut highest = 0;
    let mut seen = 0;
    for &v in line {
        if v > highest {
            highest = v;
            seen += 1;
        }
    }
    seen
}

/// The parts of a region-sum line: runs of consecutive cells (by index) in one region.
pub(super) fn region_parts(shape: &Shape<'_>, cells: &[Spot]) -> Vec<std::ops::Range<usize>> {
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..=cells.len() {
        let region = |k: usize| shape.region_of(shape.cell(cells[k]));
        if i == cells.len() || region(i) != region(start) {
            parts.push(start..i);
            start = i;
        }
    }
    parts
}

/// Where an indexer cell at `place` holding `value` points, and the value it wants there (both
/// from 1 in the rule's terms): for a row indexer in column `c`, row `value` of column `c`
/// holds the indexer's row; and so on.
pub(super) fn indexed(shape: &Shape<'_>, axis: Axis, place: Spot, value: usize) -> (Spot, usize) {
    let size = shape.size;
    let (row, col) = (place.row as usize, place.col as usize);
    match axis {
        Axis::Row => (Spot::new(value as i16 - 1, place.col), row + 1),
        Axis::Column => (Spot::new(place.row, value as i16 - 1), col + 1),
        Axis::Box => {
            let cell = size.cell_at(row, col);
            let (top, left) = size.box_origin(size.box_of(cell));
            let cols = size.box_cols();
            let target =
                Spot::new((top + (value - 1) / cols) as i16, (left + (value - 1) % cols) as i16);
            (target, size.position_in_box(cell) + 1)
        }
    }
}
