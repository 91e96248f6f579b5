//! Tests of the rules: each propagator sound (it never removes a value some solution of its
//! rule uses) and exact on a full assignment, by brute force over small domains against the
//! checker; the checker's messages; the `#` lines read and written back.

use crate::constraint::*;
use crate::layout::Layout;
use crate::model::Model;
use crate::size::Size;
use crate::symmetry::{Symmetry, base_solution};
use crate::units::Units;

/// A small random number generator (xorshift), so that the tests need no crate and repeat.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn layout(side: usize, constraints: Vec<Constraint>) -> Layout {
    let size = Size::from_side(side).unwrap();
    Layout::classic(size).with_constraints(constraints).unwrap()
}

/// For random domains of the cells `layout`'s constraints are about (every cell for the
/// negative rules), the values some solution uses (by the checker, with the layout's houses)
/// all survive the propagators' fixpoint; and on single values, the fixpoint fails exactly
/// when the checker finds a broken rule.
fn sound_and_exact(layout: &Layout, trials: usize, seed: u64) {
    let size = layout.size();
    let (side, cells) = (size.side(), size.cells());
    let all = u64::MAX >> (64 - side);
    let mut involved: Vec<usize> = layout
        .constraints()
        .iter()
        .flat_map(|c| c.places(size))
        .filter_map(|place| place.cell(size))
        .collect();
    if layout.constraints().iter().any(|c| c.places(size).is_empty()) {
        involved = (0..cells).collect();
    }
    involved.sort_unstable();
    involved.dedup();
    let model = Model::without_implied(layout);
    let mut draw = Draw(seed | 1);
    for trial in 0..trials {
        // Domains: small enough to enumerate.
        let mut domains = vec![all; cells];
        let mut product = 1u64;
        for &cell in &involved {
            let wanted =
                if involved.len() > 8 { 1 + draw.below(2) } else { 1 + draw.below(side as u64) };
            let mut set = 0u64;
            while u64::from(set.count_ones()) < wanted.min(side as u64) {
                set |= 1 << draw.below(side as u64);
            }
            if product * u64::from(set.count_ones()) > 200_000 {
                set &= set.wrapping_neg();
            }
            product *= u64::from(set.count_ones());
            domains[cell] = set;
        }
        // Every assignment of the involved cells within their domains.
        let mut values = vec![0u8; cells];
        let mut support = vec![0u64; cells];
        let mut solutions = 0u64;
        let mut counter = vec![0u32; involved.len()];
        let choices: Vec<Vec<u8>> = involved
            .iter()
            .map(|&c| (1..=side as u8).filter(|v| domains[c] & 1 << (v - 1) != 0).collect())
            .collect();
        'all: loop {
            for (k, &cell) in involved.iter().enumerate() {
                values[cell] = choices[k][counter[k] as usize];
            }
            if layout.first_broken(&values).is_none() {
                solutions += 1;
                for &cell in &involved {
                    support[cell] |= 1 << (values[cell] - 1);
                }
            }
            for k in 0..involved.len() {
                counter[k] += 1;
                if (counter[k] as usize) < choices[k].len() {
                    continue 'all;
                }
                counter[k] = 0;
            }
            break;
        }
        let mut narrowed = domains.clone();
        let result = model.fixpoint(&mut narrowed);
        if product == 1 {
            // The layout's houses keep a cage's values apart; the propagators do the rest.
            let repeats = layout.houses().iter().any(|(_, members)| {
                let mut seen = 0u64;
                members.iter().any(|&c| {
                    let v = values[usize::from(c)];
                    let repeat = v != 0 && seen & 1 << v != 0;
                    seen |= if v == 0 { 0 } else { 1 << v };
                    repeat
                })
            });
            assert_eq!(
                result.is_ok() && !repeats,
                solutions == 1,
                "trial {trial}: exactness on {:?} of {:?}",
                values,
                layout.constraints()
            );
        }
        if solutions > 0 {
            assert!(
                result.is_ok(),
                "trial {trial}: {solutions} solutions but a contradiction: {:?}",
                layout.constraints()
            );
            for &cell in &involved {
                assert_eq!(
                    support[cell] & !narrowed[cell],
                    0,
                    "trial {trial}: cell {cell} lost a value a solution uses ({:b} from {:b} to {:b}): {:?}",
                    support[cell],
                    domains[cell],
                    narrowed[cell],
                    layout.constraints()
                );
            }
        }
    }
}

fn parse(line: &str) -> Vec<Constraint> {
    parse_directive(line).unwrap_or_else(|| panic!("{line} does not read"))
}

#[test]
fn every_kind_is_sound_and_exact_on_a_4x4_grid() {
    let rules = [
        "killer 7 r1c1 r1c2 r2c1",
        "killer 10 r1c1 r1c2 r2c1 r2c2",
        "killer r1c3 r2c4",
        "little-killer 6 r0c1 dr",
        "little-killer 5 r5c2 ur",
        "arrow r1c1 : r1c2 r2c3",
        "arrow r2c2 : r3c2 r4c2 : r2c3",
        "thermo r1c1 r1c2 r2c3",
        "slow-thermo r1c1 r2c1 r3c2 r4c2",
        "sandwich 2 r2c0",
        "sandwich 5 r0c3",
        "sandwich 0 r5c1",
        "x-sum 7 r0c2",
        "x-sum 4 r3c5",
        "skyscraper 2 r1c5",
        "skyscraper 3 r0c2",
        "difference r1c1 r1c2",
        "difference 2 r1c1 r2c1",
        "ratio r2c2 r2c3",
        "ratio 3 r1c1 r2c1",
        "xv v r1c1 r1c2",
        "odd r1c1 r2c2",
        "even r3c3",
        "minimum r2c2",
        "maximum r1c1",
        "palindrome r1c1 r2c2 r3c3 r4c4",
        "renban r1c1 r2c2 r3c3",
        "whispers r1c1 r1c2 r2c3",
        "whispers 3 r1c1 r2c2",
        "between r1c1 r1c2 r2c3 r3c4",
        "between r1c1 r2c1 r3c1",
        "region-sum r1c2 r1c3 r2c3",
        "region-sum r2c1 r3c1 r3c2 r2c3",
        "entropic r1c1 r1c2 r1c3 r2c3",
        "quadruple 1 2 r1c2 r1c3 r2c2 r2c3",
        "quadruple 3 3 r2c2 r2c3 r3c2 r3c3",
        "clone r1c1 r1c2 : r3c3 r3c4",
        "row-indexer r1c1 r2c2",
        "column-indexer r1c1 r3c2",
        "box-indexer r1c1 r4c3",
        "zipper r1c1 r1c2 r2c3",
        "zipper r1c1 r2c1 r3c2 r4c2 r4c3",
        "zipper r2c1 r1c2 r2c3 r3c4",
    ];
    for (k, rule) in rules.iter().enumerate() {
        let layout = layout(4, parse(rule));
        sound_and_exact(&layout, 60, 0x9E37_79B9 + k as u64);
    }
}

#[test]
fn the_negative_rules_are_sound_and_exact_on_a_4x4_grid() {
    for rules in ["nonconsecutive", "negative-ratio", "negative-xv"] {
        let mut constraints = parse(rules);
        constraints.extend(parse("difference r1c1 r1c2"));
        constraints.extend(parse("ratio 3 r2c2 r2c3"));
        constraints.extend(parse("xv v r3c1 r4c1"));
        let layout = layout(4, constraints);
        sound_and_exact(&layout, 40, 77);
    }
}

#[test]
fn sums_are_sound_and_exact_on_a_9x9_grid() {
    let rules = [
        "killer 6 r1c1 r1c2 r1c3",
        "killer 23 r1c1 r1c2 r2c1",
        "killer 20 r1c4 r1c5 r2c5 r2c6",
        "killer 45 r5c1 r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8 r5c9",
        "killer 9 r4c4 r5c5",
        "killer 30 r1c1 r2c2 r3c3 r4c4",
        "little-killer 15 r0c5 dr",
        "little-killer 40 r10c1 ur",
        "arrow r1c1 r1c2 : r2c1 r3c1 r4c1",
        "arrow r5c5 : r4c4 r3c3 r2c2",
        "arrow r9c8 r9c9 : r8c9 r7c9 r6c9 r5c9",
        "region-sum r1c3 r1c4 r2c4 r3c4 r4c4",
        "sandwich 10 r0c1",
        "x-sum 21 r2c10",
        "skyscraper 4 r0c4",
        "renban r1c1 r1c2 r1c3 r2c3",
        "between r5c1 r5c2 r5c3 r5c4 r5c5",
        "quadruple 7 8 9 r4c4 r4c5 r5c4 r5c5",
        "entropic r2c2 r2c3 r2c4 r2c5 r3c5",
    ];
    for (k, rule) in rules.iter().enumerate() {
        let layout = layout(9, parse(rule));
        sound_and_exact(&layout, 40, 0x5151 + k as u64);
    }
}

#[test]
fn the_cells_outside_a_sandwich_hold_the_values_its_sets_leave() {
    // Row 1 with its 1 in c1, its 9 in c5 and a 3 in c2: of the sets of three values that add
    // to 18, only {3, 7, 8} holds a 3, so c3 and c4 hold 7 and 8, and c6 to c9 the rest of
    // 2 to 8: 2, 4, 5 and 6.
    let layout = layout(9, parse("sandwich 18 r1c0"));
    let model = Model::without_implied(&layout);
    let value = |v: u32| 1u64 << (v - 1);
    // The row's other cells without those three values, as the row leaves them.
    let row = |candidates: &mut Vec<u64>| {
        for values in &mut candidates[..9] {
            *values &= !(value(1) | value(3) | value(9));
        }
        candidates[0] = value(1);
        candidates[1] = value(3);
        candidates[4] = value(9);
    };
    let mut candidates = vec![0x1FF; 81];
    row(&mut candidates);
    assert_eq!(model.fixpoint(&mut candidates), Ok(()));
    for (cell, &values) in candidates.iter().enumerate().take(9).skip(2) {
        let expected = match cell {
            2 | 3 => value(7) | value(8),
            4 => value(9),
            _ => value(2) | value(4) | value(5) | value(6),
        };
        assert_eq!(values, expected, "r1c{}", cell + 1);
    }
    // A 7 outside as well leaves no set: no solution.
    let mut candidates = vec![0x1FF; 81];
    row(&mut candidates);
    candidates[8] = value(7);
    assert_eq!(model.fixpoint(&mut candidates), Err(Contradiction));
}

#[test]
fn a_renban_line_places_a_value_every_run_holds_where_one_cell_alone_can_take_it() {
    // Six cells on nine values: every run of six holds 4, 5 and 6.
    let layout = layout(9, parse("renban r1c1 r2c2 r3c3 r4c4 r5c5 r6c6"));
    let model = Model::without_implied(&layout);
    let line: Vec<usize> = (0..6).map(|k| k * 9 + k).collect();
    let five = 1u64 << 4;
    let mut candidates = vec![0x1FF; 81];
    for &cell in &line[..5] {
        candidates[cell] &= !five;
    }
    assert_eq!(model.fixpoint(&mut candidates), Ok(()));
    assert_eq!(candidates[line[5]], five);
    // Two such values with one cell alone to take them: no solution.
    let six = 1u64 << 5;
    let mut candidates = vec![0x1FF; 81];
    for &cell in &line[..5] {
        candidates[cell] &= !(five | six);
    }
    assert_eq!(model.fixpoint(&mut candidates), Err(Contradiction));
}

#[test]
fn a_renban_line_takes_a_value_every_run_holds_from_the_cells_that_see_its_places() {
    // Six cells of row 1 on nine values: every run of six holds 4, 5 and 6.
    let layout = layout(9, parse("renban r1c1 r1c2 r1c3 r1c4 r1c5 r1c6"));
    let model = Model::without_implied(&layout);
    let (four, five) = (1u64 << 3, 1u64 << 4);
    let mut candidates = vec![0x1FF; 81];
    // The 5 may go in r1c1 or r1c2 only: the rest of box 1 and of row 1 sees both, r2c4 and
    // r4c1 not.
    for candidate in &mut candidates[2..6] {
        *candidate &= !five;
    }
    assert_eq!(model.fixpoint(&mut candidates), Ok(()));
    for cell in [9, 10, 11, 18, 19, 20, 6, 7, 8] {
        assert_eq!(candidates[cell] & five, 0, "cell {cell}");
    }
    for cell in [12, 27] {
        assert_ne!(candidates[cell] & five, 0, "cell {cell}");
    }
    // The 4 may be anywhere on the line: only the rest of the row sees every place.
    assert_eq!(candidates[8] & four, 0);
    assert_ne!(candidates[9] & four, 0);
}

#[test]
fn a_cage_of_more_cells_than_values_has_no_solution_and_no_house() {
    let layout = layout(4, parse("killer r1c1 r1c2 r1c3 r1c4 r2c1"));
    assert_eq!(layout.houses().len(), 12);
    let model = Model::without_implied(&layout);
    let mut candidates = vec![0xF; 16];
    assert_eq!(model.fixpoint(&mut candidates), Err(Contradiction));
    let mut values = vec![1u8, 2, 3, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    values[4] = 1;
    assert!(layout.first_broken(&values).is_some());
}

#[test]
fn broken_rules_are_named_for_people() {
    let layout = |side: usize, rules: &str| {
        let constraints = rules.split(';').flat_map(parse).collect();
        layout(side, constraints)
    };
    // A 4×4 solution.
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let cases = [
        ("killer 5 r1c1 r1c2", "killer cage at r1c1 (sum 5) adds to 3"),
        ("little-killer 4 r0c1 dr", "little killer 4 from r0c1 down-right adds to 6"),
        ("arrow r1c4 : r1c1 r1c2", "arrow from r1c4: its line from r1c1 adds to 3, not 4"),
        ("thermo r1c2 r1c1", "thermometer from r1c2: 1 at r1c1 does not rise above 2 at r1c2"),
        ("slow-thermo r1c2 r1c1", "slow thermometer from r1c2: 1 at r1c1 falls below 2 at r1c2"),
        ("sandwich 3 r0c1", "sandwich 3 at r0c1: the values between 1 and 4 add to 5"),
        ("x-sum 3 r1c0", "x-sum 3 at r1c0: the first 1 values add to 1"),
        ("skyscraper 1 r1c0", "skyscraper 1 at r1c0: 4 values are seen"),
        ("difference r1c1 r1c3", "white dot r1c1-r1c3 (1): 1 and 3 differ by 2"),
        ("ratio r1c1 r1c3", "black dot r1c1-r1c3 (2): 1 and 3 are not in the ratio 2"),
        ("xv v r1c1 r1c2", "V r1c1-r1c2: 1 and 2 add to 3"),
        ("odd r1c2", "odd cell r1c2: 2 is even"),
        ("even r1c1", "even cell r1c1: 1 is odd"),
        ("minimum r1c2", "minimum cell r1c2: 2 is not below 1 at r1c1"),
        ("maximum r1c3", "maximum cell r1c3: 3 is not above 4 at r1c4"),
        ("palindrome r1c1 r1c2 r2c1", "palindrome from r1c1: 1 at r1c1 and 3 at r2c1 differ"),
        ("renban r1c1 r1c3 r3c3", "renban line from r1c1: 1 3 4 are not consecutive"),
        (
            "whispers r1c1 r1c2",
            "whispers line from r1c1: 1 at r1c1 and 2 at r1c2 differ by less than 2",
        ),
        ("between r1c1 r1c3 r1c2", "between line from r1c1: 3 at r1c3 is not between 1 and 2"),
        ("region-sum r1c2 r1c3", "region-sum line from r1c2: its parts add to 2 and 3"),
        ("entropic r1c2 r1c3", "entropic line from r1c2: 2 at r1c2 and 3 at r1c3 are both middle"),
        ("zipper r1c1 r1c2 r1c3", "zipper line from r1c1: 1 at r1c1 and 3 at r1c3 add to 4, not 2"),
        (
            "zipper r1c1 r1c2 r2c2 r2c1 r3c1",
            "zipper line from r1c1: 1 at r1c1 and 2 at r3c1 add to 3, not 4",
        ),
        ("quadruple 4 r1c1 r1c2 r2c1", "quadruple 4 at r1c1: 4 is missing"),
        ("clone r1c1 : r1c2", "clone of r1c1 at r1c2: 1 at r1c1 but 2 at r1c2"),
        ("row-indexer r1c1", "row indexer at r1c1: 1 at r1c1 wants 1 at r1c1, which holds 1"),
        ("column-indexer r1c2", "column indexer at r1c2: 2 at r1c2 wants 2 at r1c2, which holds 2"),
        ("row-indexer r2c2", "row indexer at r2c2: 4 at r2c2 wants 2 at r4c2, which holds 3"),
        ("nonconsecutive", "nonconsecutive rule: 1 at r1c1 and 2 at r1c2 are consecutive"),
        ("negative-ratio", "negative black-dot rule: 1 at r1c1 and 2 at r1c2 have the ratio 2"),
        ("negative-xv", "negative xv rule: 2 at r1c2 and 3 at r1c3 add to 5"),
    ];
    for (rule, expected) in cases {
        let layout = layout(4, rule);
        let found = layout.first_broken(&grid).map(|broken| broken.to_string());
        if expected.contains("wants 1 at r1c1") || expected.contains("wants 2 at r1c2") {
            // An indexer that points at itself holds.
            assert_eq!(found, None, "{rule}");
            continue;
        }
        assert_eq!(found.as_deref(), Some(expected), "{rule}");
    }
    // Rules that hold name nothing; a rule with an empty cell is not judged.
    assert_eq!(layout(4, "killer 3 r1c1 r1c2").first_broken(&grid), None);
    assert_eq!(layout(4, "zipper r1c1 r1c2 r1c3 r1c4").first_broken(&grid), None);
    let mut partial = grid;
    partial[1] = 0;
    assert_eq!(layout(4, "killer 5 r1c1 r1c2").first_broken(&partial), None);
    // A dot exempts its pair from the negative rules.
    assert_eq!(
        layout(4, "nonconsecutive; difference r1c1 r1c2")
            .first_broken(&grid)
            .map(|b| b.to_string())
            .as_deref(),
        Some("nonconsecutive rule: 2 at r1c2 and 3 at r1c3 are consecutive")
    );
    // A repeat in a cage is a repeat in its house.
    assert_eq!(
        layout(4, "killer r1c1 r2c3").first_broken(&grid).map(|b| b.to_string()).as_deref(),
        Some("1 at r2c3 repeats in killer cage 1 (also at r1c1)")
    );
}

#[test]
fn directives_read_back_as_written() {
    let lines = [
        "killer 15 r1c1 r1c2 r2c1",
        "killer r1c1 r1c2",
        "little-killer 23 r0c2 dr",
        "arrow r1c1 : r1c2 r1c3 : r2c1",
        "arrow r1c1 r1c2 : r2c3 r3c3",
        "thermo r1c1 r1c2 r1c3",
        "slow-thermo r1c1 r1c2",
        "sandwich 15 r0c3",
        "x-sum 20 r3c0",
        "skyscraper 3 r10c5",
        "difference 1 r1c1 r1c2",
        "ratio 3 r1c1 r1c2",
        "xv x r1c1 r1c2",
        "xv v r1c1 r1c2",
        "odd r1c1",
        "even r1c1",
        "minimum r1c1",
        "maximum r1c1",
        "palindrome r1c1 r1c2",
        "renban r1c1 r1c2",
        "whispers r1c1 r1c2",
        "whispers 4 r1c1 r1c2",
        "between r1c1 r1c2 r1c3",
        "region-sum r1c1 r1c2",
        "entropic r1c1 r1c2",
        "zipper r1c1 r1c2 r1c3",
        "quadruple 1 2 r1c1 r1c2 r2c1 r2c2",
        "clone r1c1 r1c2 : r5c5 r5c6",
        "row-indexer r1c1 r2c1",
        "column-indexer r1c1",
        "box-indexer r1c1",
        "nonconsecutive",
        "negative-ratio",
        "negative-xv",
    ];
    for line in lines {
        let constraints = parse(line);
        assert_eq!(constraints.len(), 1, "{line}");
        let written = directive_line(&constraints[0]);
        assert_eq!(written, format!("# {line}\n"));
        assert_eq!(parse(&written[1..]), constraints, "{line}");
    }
    // Other names people use, and several cells of one kind on a line.
    assert_eq!(parse("cage 10 r1c1 r1c2"), parse("killer 10 r1c1 r1c2"));
    assert_eq!(parse("kropki white r1c1 R1C2"), parse("difference r1c1 r1c2"));
    assert_eq!(parse("kropki black r1c1 r1c2"), parse("ratio 2 r1c1 r1c2"));
    assert_eq!(parse("thermometer r1c1,r1c2"), parse("thermo r1c1 r1c2"));
    assert_eq!(parse("negative xv"), parse("negative-xv"));
    assert_eq!(parse("odd r1c1 r2c2").len(), 2);
    // A colon is a word of its own, written apart from the cells or not.
    assert_eq!(parse("arrow r1c1: r1c2 r1c3 :r2c1"), parse("arrow r1c1 : r1c2 r1c3 : r2c1"));
    assert_eq!(parse("clone r1c1 r1c2:r5c5 r5c6"), parse("clone r1c1 r1c2 : r5c5 r5c6"));
    assert_eq!(parse_directive("arrow r1c1:"), None);
    // Comments that start with a rule's word say nothing.
    for comment in [
        "odd puzzles follow",
        "killer sudoku from the forum",
        "thermo",
        "arrow r1c1",
        "nonconsecutive puzzles",
        "x r1c1 r1c2",
        "little-killer 5 r0c1 sideways",
        "quadruple r1c1",
        "clone r1c1 r1c2",
        "sandwich 5 row 3",
    ] {
        assert_eq!(parse_directive(comment), None, "{comment}");
    }
}

#[test]
fn rules_that_do_not_fit_their_grid_are_named() {
    let size = Size::from_side(4).unwrap();
    let cases = [
        ("killer 5 r1c1 r1c5", "killer cage at r1c1 (sum 5): r1c5 is not a cell of the 4×4 grid"),
        ("thermo r1c1 r1c2 r1c1", "thermometer from r1c1: r1c1 is on it twice"),
        ("killer 3 r1c1 r1c1", "killer cage at r1c1 (sum 3): r1c1 is on it twice"),
        ("thermo r1c1", "thermometer from r1c1: it has 1 cells, fewer than 2"),
        (
            "sandwich 5 r2c2",
            "sandwich 5 at r2c2: its clue r2c2 is not beside the 4×4 grid at the end of a row or column",
        ),
        (
            "little-killer 5 r0c0 ul",
            "little killer 5 from r0c0 up-left: no cell of the 4×4 grid is on its diagonal",
        ),
        (
            "quadruple 1 2 3 r1c1 r1c2",
            "quadruple 123 at r1c1: 3 values for 2 cells: they cannot all appear",
        ),
        ("quadruple 5 r1c1 r1c2", "quadruple 5 at r1c1: the value 5 is not from 1 to 4"),
        ("arrow r1c1 : r1c1 r1c2", "arrow from r1c1: r1c1 is both on a line and in the circle"),
    ];
    for (rule, expected) in cases {
        let error = parse(rule)[0].validate(size, true).unwrap_err();
        assert_eq!(error.to_string(), expected, "{rule}");
    }
    let sixteen = Size::from_side(16).unwrap();
    assert!(parse("arrow r1c1 r1c2 : r2c1")[0].validate(sixteen, true).is_err());
    assert!(parse("box-indexer r1c1")[0].validate(size, false).is_err());
    // A sum no values make fits: the puzzle has no solution.
    assert!(parse("killer 50 r1c1 r1c2")[0].validate(size, true).is_ok());
}

#[test]
fn entropic_bands_and_whispers_gaps_follow_the_editor() {
    let bands =
        |side: usize| -> Vec<usize> { (1..=side).map(|v| entropic_band(side, v)).collect() };
    assert_eq!(bands(9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
    assert_eq!(bands(4), [0, 1, 1, 2]);
    assert_eq!(bands(6), [0, 0, 1, 1, 2, 2]);
    assert_eq!(bands(8), [0, 0, 0, 1, 1, 2, 2, 2]);
    assert_eq!(bands(16), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    assert_eq!((whispers_gap(9), whispers_gap(6), whispers_gap(4), whispers_gap(16)), (5, 3, 2, 8));
}

#[test]
fn features_say_what_a_layout_needs() {
    let killer = layout(9, parse("killer 10 r1c1 r1c2"));
    let needs = killer.needs();
    assert!(needs.has(Feature::Layouts) && needs.has(Feature::Constraint(ConstraintKind::Killer)));
    assert!(!Features::LAYOUTS.covers(needs));
    assert!(Features::ALL.covers(needs));
    assert_eq!(
        Features::LAYOUTS.first_missing(needs),
        Some(Feature::Constraint(ConstraintKind::Killer))
    );
    assert_eq!(Feature::Constraint(ConstraintKind::Killer).name(), "killer cages");
    assert_eq!(killer.words(), ["killer"]);
    assert_eq!(killer.name(), "9×9 killer");
    assert_eq!(Layout::classic(Size::NINE).needs(), Features::NONE);
    assert_eq!(Features::ALL.iter().count(), 1 + ConstraintKind::ALL.len());
    for kind in ConstraintKind::ALL {
        assert_eq!(ConstraintKind::from_word(kind.word()), Some(kind));
    }
}

#[test]
fn implied_sums_take_away_the_cages_mostly_inside_a_house() {
    // Row 1: a cage of three of its cells and one below (sum 10), a cage of five of its cells
    // (25), and a cage of its last cell and two below (15). Taking away the first two leaves
    // r1c9 less r2c3 adding to 45 - 35; taking away all three leaves the outies r2c3, r2c9
    // and r3c9 adding to 50 - 45; the innies alone add to 45 - 25. The engines take a sum and
    // its negation once, the first cell counting positively.
    let cage = |sum: u32, cells: &[usize]| Constraint::Killer {
        cells: cells.iter().map(|&c| Spot::of_cell(Size::NINE, c)).collect(),
        sum: Some(sum),
    };
    let layout = layout(
        9,
        vec![cage(10, &[0, 1, 2, 11]), cage(25, &[3, 4, 5, 6, 7]), cage(15, &[8, 17, 26])],
    );
    let houses: Vec<&[u16]> = layout.houses().iter().take(27).map(|(_, c)| &**c).collect();
    let sums = implied(layout.constraints(), &layout.shape(), &houses);
    let row = |terms: &[(u16, i32)]| {
        sums.iter().find(|s| s.group == HouseGroup::House(0) && s.terms == terms).map(|s| s.total)
    };
    assert_eq!(row(&[(8, 1), (11, -1)]), Some(10));
    assert_eq!(row(&[(11, -1), (17, -1), (26, -1)]), Some(-5));
    assert_eq!(row(&[(0, 1), (1, 1), (2, 1), (8, 1)]), Some(20));
    let sees = |a: u16, b: u16| a != b;
    let engines = implied_sums(layout.constraints(), &layout.shape(), &houses, &sees);
    assert!(engines.iter().all(|s| s.terms().next().is_some_and(|(_, c)| c > 0)));
    assert!(engines.iter().any(|s| s.cells() == [11, 17, 26] && s.range() == (5, 5)));
    let keys: Vec<_> = engines
        .iter()
        .map(|s| {
            let mut t: Vec<_> = s.terms().collect();
            t.sort_unstable();
            (t, s.range())
        })
        .collect();
    assert!(keys.iter().enumerate().all(|(i, k)| !keys[..i].contains(k)));
    let mostly = sums.iter().find(|s| s.terms == [(8, 1), (11, -1)]).unwrap();
    assert_eq!(mostly.cages, [0, 1]);
}

#[test]
fn implied_sums_keep_a_killer_puzzle_s_solution() {
    // Cages drawn at random over a known solution, with their sums: every model of them
    // keeps the solution's values (soundness of the rules and of the sums they imply).
    let solution = crate::symmetry::base_solution(Size::NINE);
    let mut draw = Draw(12345);
    for _ in 0..20 {
        let mut owner = vec![usize::MAX; 81];
        let mut cages: Vec<Vec<usize>> = Vec::new();
        for start in 0..81 {
            if owner[start] != usize::MAX {
                continue;
            }
            let wanted = 1 + draw.below(5) as usize;
            let mut cage = vec![start];
            owner[start] = cages.len();
            while cage.len() < wanted {
                let from = cage[draw.below(cage.len() as u64) as usize];
                let (row, col) = (from / 9, from % 9);
                let next = match draw.below(4) {
                    0 if col < 8 => from + 1,
                    1 if row < 8 => from + 9,
                    2 if col > 0 => from - 1,
                    3 if row > 0 => from - 9,
                    _ => break,
                };
                let value = solution.get(next);
                if owner[next] != usize::MAX || cage.iter().any(|&c| solution.get(c) == value) {
                    break;
                }
                owner[next] = cages.len();
                cage.push(next);
            }
            cages.push(cage);
        }
        let constraints: Vec<Constraint> = cages
            .iter()
            .map(|cage| Constraint::Killer {
                cells: cage.iter().map(|&c| Spot::of_cell(Size::NINE, c)).collect(),
                sum: Some(cage.iter().map(|&c| u32::from(solution.get(c))).sum()),
            })
            .collect();
        let layout = Layout::classic(Size::NINE).with_constraints(constraints).unwrap();
        assert_eq!(layout.first_broken(solution.cells()), None);
        let model = Model::new(&layout);
        let mut candidates = vec![0x1FF; 81];
        model.fixpoint(&mut candidates).unwrap();
        for (cell, &values) in candidates.iter().enumerate() {
            assert_ne!(values & 1 << (solution.get(cell) - 1), 0, "cell {cell}");
        }
        // On the solution's own values, nothing fails.
        let mut single: Vec<u64> = solution.cells().iter().map(|&v| 1 << (v - 1)).collect();
        model.fixpoint(&mut single).unwrap();
        // A wrong value in a cage is found.
        let mut wrong = single.clone();
        wrong[0] = if wrong[0] == 1 { 2 } else { 1 };
        assert!(model.fixpoint(&mut wrong).is_err());
    }
}

// Little killers side by side, joined into implied sums.

/// The little killers of the grid's diagonals (down and to the right, down and to the
/// left) chosen by `chosen`, each with the sum `sum_of` gives its cells.
fn little_killers(
    chosen: &mut dyn FnMut() -> bool,
    sum_of: &dyn Fn(&[Spot]) -> u32,
) -> Vec<Constraint> {
    let mut clues = Vec::new();
    for k in 0..8 {
        clues.push((Spot { row: k, col: 0 }, Direction::DownRight));
        clues.push((Spot { row: 0, col: k + 1 }, Direction::DownRight));
        clues.push((Spot { row: 0, col: k + 1 }, Direction::DownLeft));
        clues.push((Spot { row: k + 1, col: 8 }, Direction::DownLeft));
    }
    clues
        .into_iter()
        .filter(|_| chosen())
        .map(|(clue, direction)| {
            let places = diagonal(Size::NINE, clue, direction).unwrap();
            Constraint::LittleKiller { clue, direction, sum: sum_of(&places) }
        })
        .collect()
}

fn joins_of(layout: &Layout) -> Vec<(Vec<u16>, i64)> {
    let mut units = Units::default();
    units.set_layout(Some(layout), Size::NINE);
    let sees = |a: u16, b: u16| units.sees(usize::from(a), usize::from(b));
    joined_diagonals(layout.constraints(), &layout.shape(), &sees)
}

/// Little killers on random diagonals of random solutions, with the solutions' sums: each
/// join is the cells of two or more of them, apart, adding to their sums' total, which the
/// solution's values add to too.
#[test]
fn joined_little_killers_add_up_on_every_solution() {
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
    let mut joins = 0;
    for seed in 0..40 {
        let solution = Symmetry::from_seed(Size::NINE, seed).apply(&base_solution(Size::NINE));
        let value = |place: Spot| {
            u32::from(solution.get(Size::NINE.cell_at(place.row as usize, place.col as usize)))
        };
        let sum_of = |places: &[Spot]| places.iter().map(|&p| value(p)).sum();
        let constraints = little_killers(&mut || draw.below(2) == 0, &sum_of);
        let layout = Layout::classic(Size::NINE).with_constraints(constraints).unwrap();
        for (members, total) in joins_of(&layout) {
            joins += 1;
            let held: i64 = members.iter().map(|&c| i64::from(solution.get(usize::from(c)))).sum();
            assert_eq!(held, total, "seed {seed}: {members:?}");
            // Two or more of the diagonals inside the join cover it exactly, apart.
            let inside: Vec<Vec<u16>> = layout
                .constraints()
                .iter()
                .filter_map(|c| match c {
                    Constraint::LittleKiller { clue, direction, .. } => Some(
                        diagonal(Size::NINE, *clue, *direction)
                            .unwrap()
                            .iter()
                            .map(|&p| Size::NINE.cell_at(p.row as usize, p.col as usize) as u16)
                            .collect::<Vec<u16>>(),
                    ),
                    _ => None,
                })
                .filter(|cells| cells.iter().all(|c| members.contains(c)))
                .collect();
            let covers = (0..1u32 << inside.len()).any(|chosen| {
                let mut cells: Vec<u16> = (0..inside.len())
                    .filter(|&k| chosen >> k & 1 == 1)
                    .flat_map(|k| inside[k].iter().copied())
                    .collect();
                cells.sort_unstable();
                chosen.count_ones() >= 2 && cells == members
            });
            assert!(covers, "seed {seed}: {members:?}");
        }
    }
    assert!(joins > 0);
}

/// Eight little killers of 49 that no grid satisfies (from the Interactive Sudoku Solver's
/// examples): the four diagonals of each direction join into one sum of 196 whose slack is
/// less than its parts' added, the four going down to the left within 2 of their greatest
/// total, counting the values of each box once.
#[test]
fn side_by_side_little_killers_join_tighter_than_their_parts() {
    let lk = |sum: u32, row: i16, col: i16, direction: Direction| Constraint::LittleKiller {
        clue: Spot { row, col },
        direction,
        sum,
    };
    let constraints = vec![
        lk(49, 0, 8, Direction::DownLeft),
        lk(49, 0, 7, Direction::DownLeft),
        lk(49, 8, 1, Direction::UpRight),
        lk(49, 8, 2, Direction::UpRight),
        lk(49, 6, 8, Direction::UpLeft),
        lk(49, 0, 0, Direction::DownRight),
        lk(49, 1, 0, Direction::DownRight),
        lk(49, 2, 0, Direction::DownRight),
    ];
    let layout = Layout::classic(Size::NINE).with_constraints(constraints).unwrap();
    let mut units = Units::default();
    units.set_layout(Some(&layout), Size::NINE);
    let sees = |a: u16, b: u16| units.sees(usize::from(a), usize::from(b));
    let joins = joins_of(&layout);
    assert_eq!(joins.len(), 2);
    let slacks: Vec<i64> = joins.iter().map(|(m, t)| slack(m, *t, 9, &sees)).collect();
    for ((members, total), &room) in joins.iter().zip(&slacks) {
        assert_eq!(*total, 196);
        let parts: i64 = layout
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::LittleKiller { clue, direction, sum } => {
                    let cells: Vec<u16> = diagonal(Size::NINE, *clue, *direction)
                        .unwrap()
                        .iter()
                        .map(|&p| Size::NINE.cell_at(p.row as usize, p.col as usize) as u16)
                        .collect();
                    cells
                        .iter()
                        .all(|c| members.contains(c))
                        .then(|| slack(&cells, i64::from(*sum), 9, &sees))
                }
                _ => None,
            })
            .sum();
        assert!(room < parts, "{members:?}: {room} against {parts}");
    }
    assert!(slacks.contains(&2), "{slacks:?}");
}
