//! The tests every engine that takes constraints passes, written once: puzzles of every kind of
//! constraint drawn at random over a known solution (so each has one solution or more), counted
//! as a plain backtracker that checks every rule by the core's definitions counts them, and
//! every solution checked. Each such engine's test module runs them on its engine.

use std::sync::Arc;

use sudoku_core::constraint::{
    self, Axis, Direction, Spot, clue_line, diagonal, entropic_band, whispers_gap,
};
use sudoku_core::{Constraint, Engine, Grid, Layout, Limits, Size};

use crate::testing::{Rng, of_side};

/// A solution of `size` with no rule beyond the classic ones, found by `engine` from a shuffled
/// first row.
fn solution(engine: &mut dyn Engine, size: Size, rng: &mut Rng) -> Vec<u8> {
    loop {
        let mut cells = vec![0u8; size.cells()];
        for (cell, value) in rng.permutation(size.side()).into_iter().enumerate() {
            cells[cell] = value as u8 + 1;
        }
        let start = Grid::from_cells(size, &cells).unwrap();
        if let Some(found) = engine.solve(&start, Limits::FIRST.with_node_budget(100_000)).solution
        {
            return found.cells().to_vec();
        }
    }
}

/// The orthogonal neighbours of a place on a grid of `size`.
fn beside(size: Size, place: Spot) -> Vec<Spot> {
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .map(|step| place.step(step))
        .filter(|p| p.is_inside(size))
        .collect()
}

/// All eight neighbours.
fn around(size: Size, place: Spot) -> Vec<Spot> {
    (-1..=1)
        .flat_map(|down| (-1..=1).map(move |across| (down, across)))
        .filter(|&step| step != (0, 0))
        .map(|step| place.step(step))
        .filter(|p| p.is_inside(size))
        .collect()
}

/// A random line of up to `length` cells from a random start, each step to a neighbour (all
/// eight directions) not on it yet for which `next(previous values, candidate value)` holds.
fn walk(
    size: Size,
    value: &dyn Fn(Spot) -> u32,
    rng: &mut Rng,
    length: usize,
    next: &dyn Fn(&[u32], u32) -> bool,
) -> Vec<Spot> {
    let cells = size.cells();
    // Up to `length` cells, at least half of them.
    let length = length - rng.below(length / 2 + 1).min(length.saturating_sub(2));
    let start = Spot::of_cell(size, rng.below(cells));
    let mut line = vec![start];
    while line.len() < length {
        let values: Vec<u32> = line.iter().map(|&p| value(p)).collect();
        let options: Vec<Spot> = around(size, *line.last().unwrap())
            .into_iter()
            .filter(|p| !line.contains(p) && next(&values, value(*p)))
            .collect();
        if options.is_empty() {
            break;
        }
        line.push(options[rng.below(options.len())]);
    }
    line
}

/// Constraints of every kind that `solution` (of `size`) satisfies, drawn at random: a few of
/// each kind that fits, so that a puzzle of them has the solution among its own.
pub(crate) fn constraints_over(size: Size, solution: &[u8], rng: &mut Rng) -> Vec<Constraint> {
    let side = size.side();
    let value = |p: Spot| u32::from(solution[p.cell(size).unwrap()]);
    let random = |rng: &mut Rng| Spot::of_cell(size, rng.below(size.cells()));
    let mut out = Vec::new();
    // A few kinds, a few rules of each: puzzles of one solution and of many.
    let mut kinds = vec![0usize; 24];
    let chosen: Vec<usize> = (0..2 + rng.below(5)).map(|_| rng.below(24)).collect();
    let wanted = |kinds: &mut [usize], kind: usize, rng: &mut Rng| {
        kinds[kind] += 1;
        chosen.contains(&kind) && kinds[kind] <= 1 + rng.below(3)
    };
    for _ in 0..400 {
        let kind = rng.below(24);
        if !wanted(&mut kinds, kind, rng) {
            continue;
        }
        let made = match kind {
            0 => {
                // A killer cage of distinct values, its sum given or not.
                let line = walk(size, &value, rng, 2 + 3, &|values, v| !values.contains(&v));
                let sum = (rng.below(4) != 0).then(|| line.iter().map(|&p| value(p)).sum());
                Some(Constraint::Killer { cells: line, sum })
            }
            1 => {
                let direction = Direction::ALL[rng.below(4)];
                let edge = rng.below(side) as i16;
                let s = side as i16;
                let clue = match direction {
                    Direction::DownRight => Spot::new(-1, edge),
                    Direction::DownLeft => Spot::new(edge, s),
                    Direction::UpRight => Spot::new(edge, -1),
                    Direction::UpLeft => Spot::new(s, edge),
                };
                diagonal(size, clue, direction).map(|cells| Constraint::LittleKiller {
                    clue,
                    direction,
                    sum: cells.iter().map(|&p| value(p)).sum(),
                })
            }
            2 => {
                // A circle whose value some short line adds to.
                let line = walk(size, &value, rng, 1 + 2, &|_, _| true);
                let total: u32 = line.iter().map(|&p| value(p)).sum();
                (0..size.cells())
                    .map(|c| Spot::of_cell(size, c))
                    .filter(|p| !line.contains(p) && value(*p) == total)
                    .nth(rng.below(3))
                    .map(|circle| Constraint::Arrow { circle: vec![circle], lines: vec![line] })
            }
            3 => {
                let line = walk(size, &value, rng, 2 + 3, &|values, v| v > *values.last().unwrap());
                (line.len() >= 2).then_some(Constraint::Thermometer { cells: line })
            }
            4 => {
                let line =
                    walk(size, &value, rng, 2 + 3, &|values, v| v >= *values.last().unwrap());
                (line.len() >= 2).then_some(Constraint::SlowThermometer { cells: line })
            }
            5..=7 => {
                let s = side as i16;
                let k = rng.below(side) as i16;
                let clue = [Spot::new(-1, k), Spot::new(s, k), Spot::new(k, -1), Spot::new(k, s)]
                    [rng.below(4)];
                let line: Vec<u32> =
                    clue_line(size, clue).unwrap().iter().map(|&p| value(p)).collect();
                Some(match kind {
                    5 => {
                        let at = |v: u32| line.iter().position(|&x| x == v).unwrap();
                        let (a, b) = (at(1), at(side as u32));
                        let sum = line[a.min(b) + 1..a.max(b)].iter().sum();
                        Constraint::Sandwich { clue, sum }
                    }
                    6 => {
                        let x = line[0] as usize;
                        Constraint::XSum { clue, sum: line[..x].iter().sum() }
                    }
                    _ => {
                        let (mut top, mut seen) = (0, 0);
                        for &v in &line {
                            if v > top {
                                top = v;
                                seen += 1;
                            }
                        }
                        Constraint::Skyscraper { clue, count: seen }
                    }
                })
            }
            8..=10 => {
                let a = random(rng);
                let b = beside(size, a)[0];
                let (x, y) = (value(a), value(b));
                match kind {
                    8 => Some(Constraint::Difference { cells: [a, b], value: x.abs_diff(y) }),
                    9 => (x % y == 0 || y % x == 0)
                        .then(|| Constraint::Ratio { cells: [a, b], value: x.max(y) / x.min(y) }),
                    _ => (x + y == 5 || x + y == 10)
                        .then(|| Constraint::Xv { cells: [a, b], sum: x + y }),
                }
            }
            11 => {
                let cell = random(rng);
                Some(if value(cell) % 2 == 1 {
                    Constraint::Odd { cell }
                } else {
                    Constraint::Even { cell }
                })
            }
            12 => {
                let cell = random(rng);
                let others: Vec<u32> = beside(size, cell).into_iter().map(value).collect();
                if others.iter().all(|&v| v > value(cell)) {
                    Some(Constraint::Minimum { cell })
                } else if others.iter().all(|&v| v < value(cell)) {
                    Some(Constraint::Maximum { cell })
                } else {
                    None
                }
            }
            13 => {
                // Two cells of one value, and a middle cell.
                let a = random(rng);
                let b = (0..size.cells())
                    .map(|c| Spot::of_cell(size, c))
                    .find(|&p| p != a && value(p) == value(a));
                let middle = random(rng);
                b.filter(|&b| middle != a && middle != b)
                    .map(|b| Constraint::Palindrome { cells: vec![a, middle, b] })
            }
            14 => {
                // Cells holding a run of values.
                let length = 2 + rng.below(3.min(side - 1));
                let start = 1 + rng.below(side - length + 1) as u32;
                let cells: Vec<Spot> = (start..start + length as u32)
                    .map(|v| {
                        let holding: Vec<Spot> = (0..size.cells())
                            .map(|c| Spot::of_cell(size, c))
                            .filter(|&p| value(p) == v)
                            .collect();
                        holding[rng.below(holding.len())]
                    })
                    .collect();
                Some(Constraint::Renban { cells })
            }
            15 => {
                let gap = whispers_gap(side);
                let line = walk(size, &value, rng, 2 + 3, &|values, v| {
                    v.abs_diff(*values.last().unwrap()) >= gap
                });
                (line.len() >= 2).then_some(Constraint::Whispers { cells: line, gap: None })
            }
            16 => {
                let (a, b) = (random(rng), random(rng));
                let (low, high) = (value(a).min(value(b)), value(a).max(value(b)));
                let inside: Vec<Spot> = (0..size.cells())
                    .map(|c| Spot::of_cell(size, c))
                    .filter(|&p| p != a && p != b && low < value(p) && value(p) < high)
                    .take(1 + rng.below(2))
                    .collect();
                (a != b && !inside.is_empty()).then(|| {
                    let mut cells = vec![a];
                    cells.extend(inside);
                    cells.push(b);
                    Constraint::Between { cells }
                })
            }
            17 => {
                // Two cells of one value in different boxes: two parts of one cell each.
                let a = random(rng);
                let b = (0..size.cells()).map(|c| Spot::of_cell(size, c)).find(|&p| {
                    value(p) == value(a)
                        && size.box_of(p.cell(size).unwrap()) != size.box_of(a.cell(size).unwrap())
                });
                b.map(|b| Constraint::RegionSum { cells: vec![a, b] })
            }
            18 => {
                let band = |v: u32| entropic_band(side, v as usize);
                let line = walk(size, &value, rng, 2 + 3, &|values, v| {
                    let n = values.len();
                    band(v) != band(values[n - 1]) && (n < 2 || band(v) != band(values[n - 2]))
                });
                (line.len() >= 2).then_some(Constraint::Entropic { cells: line })
            }
            19 => {
                let top = rng.below(side - 1) as i16;
                let left = rng.below(side - 1) as i16;
                let cells: Vec<Spot> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .map(|(r, c)| Spot::new(top + r, left + c))
                    .to_vec();
                let mut values: Vec<u8> = cells.iter().map(|&p| value(p) as u8).collect();
                values.truncate(1 + rng.below(3));
                values.sort_unstable();
                Some(Constraint::Quadruple { cells, values })
            }
            20 => {
                let a = random(rng);
                let nth = rng.below(2);
                let b = (0..size.cells())
                    .map(|c| Spot::of_cell(size, c))
                    .filter(|&p| p != a && value(p) == value(a))
                    .nth(nth);
                b.map(|b| Constraint::Clone { cells: vec![a], clones: vec![b] })
            }
            21 => {
                let axis = [Axis::Row, Axis::Column, Axis::Box][rng.below(3)];
                let shape = constraint::Shape { size, regions: None };
                let cells: Vec<Spot> = (0..size.cells())
                    .map(|c| Spot::of_cell(size, c))
                    .filter(|&p| {
                        let rule = Constraint::Indexer { axis, cells: vec![p] };
                        constraint::first_broken(&[rule], &shape, solution).is_none()
                    })
                    .take(2)
                    .collect();
                (!cells.is_empty()).then_some(Constraint::Indexer { axis, cells })
            }
            22 if rng.below(2) == 0 => Some(Constraint::Nonconsecutive),
            22 => Some(Constraint::NegativeRatio),
            _ => Some(Constraint::NegativeXv),
        };
        if let Some(made) = made {
            out.push(made);
        }
    }
    // The negative rules hold once every pair they would forbid is marked with a dot.
    let shape = constraint::Shape { size, regions: None };
    while let Some((_, message)) = constraint::first_broken(&out, &shape, solution) {
        let rule = out.iter().find(|c| message.starts_with(&c.to_string())).cloned();
        let pair = (0..size.cells())
            .map(|c| Spot::of_cell(size, c))
            .flat_map(|p| [p.step((0, 1)), p.step((1, 0))].into_iter().map(move |q| (p, q)))
            .find(|(p, q)| {
                q.is_inside(size)
                    && message.contains(&format!("at {p} and"))
                    && message.contains(&format!("at {q} "))
            });
        let (Some(rule), Some((a, b))) = (rule, pair) else {
            panic!("a drawn rule its solution breaks: {message}");
        };
        let (x, y) = (value(a), value(b));
        out.push(match rule {
            Constraint::Nonconsecutive => Constraint::Difference { cells: [a, b], value: 1 },
            Constraint::NegativeRatio => {
                Constraint::Ratio { cells: [a, b], value: x.max(y) / x.min(y) }
            }
            _ => Constraint::Xv { cells: [a, b], sum: x + y },
        });
    }
    out
}

/// Counts the solutions of `clues` on `layout` up to `limit` by plain backtracking, row-major:
/// each value checked against the cells the layout's houses and pairs say it must differ from,
/// and every constraint whose cells are all filled checked by the core's definitions
/// ([`constraint::first_broken`]), not by its propagators. Slow, and obviously right.
pub(crate) fn reference_count(layout: &Layout, clues: &[u8], limit: u32) -> u32 {
    fn fill(grid: &mut [u8], layout: &Layout, differ: &[Vec<usize>], count: &mut u32, limit: u32) {
        let Some(cell) = grid.iter().position(|&value| value == 0) else {
            *count += 1;
            return;
        };
        for value in 1..=layout.size().side() as u8 {
            if differ[cell].iter().any(|&other| grid[other] == value) {
                continue;
            }
            grid[cell] = value;
            if constraint::first_broken(layout.constraints(), &layout.shape(), grid).is_none() {
                fill(grid, layout, differ, count, limit);
            }
            grid[cell] = 0;
            if *count >= limit {
                return;
            }
        }
    }
    let cells = layout.size().cells();
    let mut differ = vec![Vec::new(); cells];
    for (_, members) in layout.houses() {
        for &a in members.iter() {
            differ[usize::from(a)]
                .extend(members.iter().filter(|&&b| b != a).map(|&b| usize::from(b)));
        }
    }
    for &([a, b], _) in layout.pairs() {
        differ[usize::from(a)].push(usize::from(b));
        differ[usize::from(b)].push(usize::from(a));
    }
    let mut count = 0;
    if layout.first_broken(clues).is_none() {
        fill(&mut clues.to_vec(), layout, &differ, &mut count, limit);
    }
    count
}

/// `engine` counts puzzles of random constraints (every kind, drawn over known solutions of
/// 4×4, 6×6 and 9×9 grids, with random givens) as [`reference_count`] does, and every
/// solution it gives keeps the givens and breaks no rule. `rounds` puzzles per size.
pub(crate) fn variant_counts_agree_with_a_plain_backtracker(
    engine: &mut dyn Engine,
    rounds: usize,
) {
    let mut rng = Rng(61);
    for (side, kept) in [(4, 0), (6, 30), (9, 55)] {
        let size = of_side(side);
        for _ in 0..rounds {
            let solution = solution(engine, size, &mut rng);
            let constraints = constraints_over(size, &solution, &mut rng);
            let layout = Layout::classic(size).with_constraints(constraints).unwrap();
            assert_eq!(layout.first_broken(&solution), None, "the drawn rules keep their solution");
            let layout = Arc::new(layout);
            let clues: Vec<u8> =
                solution.iter().map(|&v| if rng.below(100) < kept { v } else { 0 }).collect();
            let puzzle = Grid::from_cells(size, &clues).unwrap().with_layout(Some(layout.clone()));
            for limit in [1, 2, 3] {
                let outcome = engine.solve(&puzzle, Limits::count_up_to(limit));
                assert!(!outcome.budget_exhausted);
                let expected = reference_count(&layout, &clues, limit);
                assert_eq!(outcome.count, expected, "{}: {}", layout.name(), puzzle.to_line());
                assert!(outcome.count >= 1, "the solution it was drawn over");
                let found = outcome.solution.expect("a solution");
                assert_eq!(
                    sudoku_core::check_solution(&puzzle, &found),
                    Ok(()),
                    "{}",
                    layout.name()
                );
            }
        }
    }
}

/// Every solution `engine` finds of 9×9 puzzles with many short rules and few givens (the
/// first, and one avoiding the first's value in each cell in turn) keeps every rule: searches
/// that backtrack often, through states where a rule's cells come back to values seen apart.
pub(crate) fn every_solution_found_keeps_every_rule(engine: &mut dyn Engine, rounds: usize) {
    let mut rng = Rng(63);
    let size = Size::NINE;
    for _ in 0..rounds {
        let solution = solution(engine, size, &mut rng);
        let value = |p: Spot| u32::from(solution[p.cell(size).unwrap()]);
        // Two-cell thermometers between random neighbours, as the solution has them, and now
        // and then a dot or a cage: puzzles of thousands of solutions, searched long.
        let mut constraints = Vec::new();
        for _ in 0..18 {
            let a = Spot::of_cell(size, rng.below(size.cells()));
            let others = around(size, a);
            let b = others[rng.below(others.len())];
            let (x, y) = (value(a), value(b));
            constraints.push(match rng.below(8) {
                0 => Constraint::Difference { cells: [a, b], value: x.abs_diff(y) },
                1 => Constraint::Killer { cells: vec![a, b], sum: Some(x + y) },
                _ if x < y => Constraint::Thermometer { cells: vec![a, b] },
                _ => Constraint::Thermometer { cells: vec![b, a] },
            });
        }
        let layout = Arc::new(Layout::classic(size).with_constraints(constraints).unwrap());
        let puzzle = Grid::empty(size).with_layout(Some(layout.clone()));
        let first = engine.solve(&puzzle, Limits::FIRST).solution.expect("a solution");
        assert_eq!(sudoku_core::check_solution(&puzzle, &first), Ok(()), "{}", layout.name());
        for cell in 0..size.cells() {
            let other = engine
                .solve_excluding(&puzzle, cell, first.get(cell), Limits::FIRST)
                .and_then(|outcome| outcome.solution);
            if let Some(other) = other {
                assert_eq!(sudoku_core::check_solution(&puzzle, &other), Ok(()), "cell {cell}");
            }
        }
    }
}
