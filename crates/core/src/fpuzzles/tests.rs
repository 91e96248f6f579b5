//! Tests of the f-puzzles reader and writer.

use super::*;
use crate::constraint::Spot;

/// The JSON of a puzzle of `size` whose cell `index` has the fields `cell(index)` (without
/// its braces), with `extra` top-level fields.
fn puzzle(size: Size, cell: impl Fn(usize) -> String, extra: &str) -> String {
    let side = size.side();
    let rows: Vec<String> = (0..side)
        .map(|row| {
            let cells: Vec<String> =
                (0..side).map(|col| format!("{{{}}}", cell(row * side + col))).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("{{\"size\":{side},\"grid\":[{}],\"title\":\"t\"{extra}}}", rows.join(","))
}

/// The JSON of a puzzle of `size` with `givens` (cell, value), and `extra` fields.
fn json(size: Size, givens: &[(usize, u8)], extra: &str) -> String {
    let given = |index| match givens.iter().find(|(cell, _)| *cell == index) {
        Some((_, value)) => format!("\"value\":{value},\"given\":true"),
        None => String::new(),
    };
    puzzle(size, given, extra)
}

/// The layout of the puzzle `text`, which must read and have one.
fn layout_of(text: &str) -> Arc<Layout> {
    let grid = parse(text.as_bytes()).unwrap_or_else(|error| panic!("{text}: {error}"));
    grid.layout().unwrap_or_else(|| panic!("{text}: no layout")).clone()
}

/// The cells `(row, col)` (from 0) of a 9×9 grid where `on` holds.
fn cells_where(on: impl Fn(usize, usize) -> bool) -> Vec<u16> {
    (0..81u16).filter(|&cell| on(usize::from(cell / 9), usize::from(cell % 9))).collect()
}

/// A 6×6 jigsaw, the editor's region numbers row by row; every region has six cells.
const JIGSAW: [u32; 36] = [
    0, 0, 0, 1, 1, 1, //
    0, 0, 2, 2, 1, 1, //
    0, 2, 2, 3, 3, 1, //
    4, 2, 2, 3, 3, 5, //
    4, 4, 3, 3, 5, 5, //
    4, 4, 4, 5, 5, 5,
];

/// The JSON of the 6×6 puzzle with regions `regions` (the editor's numbers) and `givens`,
/// writing a cell's region only where it is not the cell's box, as the editor does.
fn jigsaw(regions: &[u32], givens: &[(usize, u8)], extra: &str) -> String {
    let size = Size::from_side(6).unwrap();
    let given = |index: usize| {
        let mut fields = Vec::new();
        if regions[index] as usize != size.box_of(index) {
            fields.push(format!("\"region\":{}", regions[index]));
        }
        if let Some((_, value)) = givens.iter().find(|(cell, _)| *cell == index) {
            fields.push(format!("\"value\":{value},\"given\":true"));
        }
        fields.join(",")
    };
    puzzle(size, given, extra)
}

#[test]
fn a_json_line_and_its_link_give_the_same_givens_at_every_side_boxes_make() {
    for side in [4, 6, 8, 9, 10, 12, 15, 16] {
        let size = Size::from_side(side).unwrap();
        let givens = [(0, 1), (side + 2, 2), (size.cells() - 1, side as u8)];
        let text = json(size, &givens, ",\"diagonal+\":false,\"killercage\":[]");
        let grid = parse(text.as_bytes()).unwrap();
        assert_eq!(grid.size(), size);
        assert!(grid.is_classic());
        assert_eq!(grid.clue_count(), 3);
        assert!(givens.iter().all(|&(cell, value)| grid.get(cell) == value));
        let packed = lz_str::compress_to_base64(&text);
        for link in [
            format!("https://www.f-puzzles.com/?load={packed}"),
            format!("https://sudokupad.app/fpuzzles{packed}"),
            format!("https://www.f-puzzles.com/?load={}", packed.replace('+', "%2B")),
        ] {
            assert!(recognizes(link.as_bytes()));
            assert_eq!(parse(link.as_bytes()), Ok(grid.clone()), "{link}");
        }
    }
}

#[test]
fn entries_that_are_not_givens_are_not_clues() {
    let size = Size::NINE;
    let text = json(size, &[(0, 5)], "").replacen("{}", "{\"value\":3}", 1);
    let grid = parse(text.as_bytes()).unwrap();
    assert_eq!(grid.clue_count(), 1);
}

#[test]
fn both_diagonals_are_the_x_rule_and_one_alone_is_an_extra_group() {
    let size = Size::NINE;
    let x = layout_of(&json(size, &[], ",\"diagonal+\":true,\"diagonal-\":true"));
    assert_eq!(x.rules(), &[Rule::Diagonals]);
    assert!(x.extra().is_empty() && x.regions().is_none() && x.candidates().is_none());
    // `diagonal-` runs down from r1c1, `diagonal+` up from r9c1.
    let minus = layout_of(&json(size, &[], ",\"diagonal-\":true,\"diagonal+\":false"));
    assert!(minus.rules().is_empty());
    assert_eq!(minus.extra().len(), 1);
    assert_eq!(&*minus.extra()[0], &cells_where(|row, col| row == col)[..]);
    let plus = layout_of(&json(size, &[], ",\"diagonal+\":true"));
    assert_eq!(&*plus.extra()[0], &cells_where(|row, col| row + col == 8)[..]);
    assert_eq!(plus.extra()[0][0], 8);
    // Two 5s on the main diagonal, in different rows, columns and boxes.
    let fives = [(0, 5), (80, 5)];
    assert!(parse(json(size, &fives, ",\"diagonal+\":true").as_bytes()).is_ok());
    let error = parse(json(size, &fives, ",\"diagonal-\":true").as_bytes()).unwrap_err();
    assert!(error.contains("5 at r9c9 repeats in extra region 1 (also at r1c1)"), "{error}");
    let both = ",\"diagonal-\":true,\"diagonal+\":true";
    let error = parse(json(size, &fives, both).as_bytes()).unwrap_err();
    assert!(error.contains("repeats in diagonal 1"), "{error}");
}

#[test]
fn anti_knight_anti_king_and_disjoint_groups_are_rules() {
    let size = Size::NINE;
    for (field, rule) in [
        ("antiknight", Rule::AntiKnight),
        ("antiking", Rule::AntiKing),
        ("disjointgroups", Rule::Disjoint),
    ] {
        let layout = layout_of(&json(size, &[], &format!(",\"{field}\":true")));
        assert_eq!(layout.rules(), &[rule], "{field}");
        assert!(layout.extra().is_empty() && layout.regions().is_none());
        let off = parse(json(size, &[], &format!(",\"{field}\":false")).as_bytes()).unwrap();
        assert!(off.is_classic(), "{field}");
        let error = parse(json(size, &[], &format!(",\"{field}\":1")).as_bytes()).unwrap_err();
        assert!(error.contains(&format!("`{field}` is not true or false")), "{error}");
    }
    let all = ",\"antiking\":true,\"diagonal+\":true,\"disjointgroups\":true,\
               \"antiknight\":true,\"diagonal-\":true";
    let layout = layout_of(&json(size, &[], all));
    let rules = [Rule::Diagonals, Rule::Disjoint, Rule::AntiKnight, Rule::AntiKing];
    assert_eq!(layout.rules(), &rules);
    // r1c3 and r2c5 are a knight's move apart, in different boxes.
    let fives = [(2, 5), (13, 5)];
    assert!(parse(json(size, &fives, "").as_bytes()).is_ok());
    let error = parse(json(size, &fives, ",\"antiknight\":true").as_bytes()).unwrap_err();
    assert!(error.contains("5 at r2c5 repeats a knight's move away (at r1c3)"), "{error}");
}

#[test]
fn redrawn_regions_are_a_jigsaw() {
    let size = Size::from_side(6).unwrap();
    // r1c1 and r2c3 share box 1 but not a region: a jigsaw's givens, not a repeat.
    let givens = [(0, 1), (8, 1), (35, 6)];
    let text = jigsaw(&JIGSAW, &givens, "");
    assert!(text.contains("\"region\":2") && text.matches("region").count() < 36);
    let grid = parse(text.as_bytes()).unwrap();
    assert_eq!((grid.size(), grid.clue_count()), (size, 3));
    let layout = grid.layout().unwrap();
    // The regions are numbered in the order their first cells come: here the editor's.
    let expected: Vec<u8> = JIGSAW.iter().map(|&region| region as u8).collect();
    assert_eq!(layout.regions(), Some(&expected[..]));
    assert!(layout.rules().is_empty() && layout.extra().is_empty());
    assert_eq!(layout.name(), "6×6 jigsaw");
    // The editor's numbers need not be the order of the regions' first cells.
    let renumbered: Vec<u32> = JIGSAW.iter().map(|&region| 5 - region).collect();
    assert_eq!(
        &**parse(jigsaw(&renumbered, &givens, "").as_bytes()).unwrap().layout().unwrap(),
        &**layout
    );
    // Every region written, even where it is the cell's box: the same layout.
    let every = puzzle(size, |index| format!("\"region\":{}", JIGSAW[index]), "");
    assert_eq!(layout_of(&every).regions(), Some(&expected[..]));
    // And so does a link holding it.
    let packed = lz_str::compress_to_base64(&text);
    let link = format!("https://www.f-puzzles.com/?load={packed}");
    assert_eq!(parse(link.as_bytes()), Ok(grid.clone()));
    // The regions bound the givens: two 1s in region 0, in boxes 1 and 3.
    let error = parse(jigsaw(&JIGSAW, &[(1, 1), (12, 1)], "").as_bytes()).unwrap_err();
    assert_eq!(error, "its givens break its rules: 1 at r3c1 repeats in region 1 (also at r1c2)");
}

#[test]
fn regions_that_cannot_be_are_named_by_a_cell() {
    let mut seven = JIGSAW;
    seven[35] = 4;
    let error = parse(jigsaw(&seven, &[], "").as_bytes()).unwrap_err();
    assert_eq!(error, "the region of r4c1 has 7 cells, not 6");
    let mut many = JIGSAW;
    many[35] = 9;
    let error = parse(jigsaw(&many, &[], "").as_bytes()).unwrap_err();
    assert_eq!(error, "it has more than 6 regions");
    let disjoint = jigsaw(&JIGSAW, &[], ",\"disjointgroups\":true");
    let error = parse(disjoint.as_bytes()).unwrap_err();
    assert!(error.contains("`disjoint` needs boxes, not regions"), "{error}");
    let size = Size::NINE;
    for (cell, expected) in [
        ("{\"region\":null}", "r1c1 is in no region"),
        ("{\"region\":-1}", "r1c1 has a `region` that is not"),
    ] {
        let text = json(size, &[], "").replacen("{}", cell, 1);
        let error = parse(text.as_bytes()).unwrap_err();
        assert!(error.contains(expected), "{error}");
    }
}

#[test]
fn extra_regions_are_extra_groups_in_their_order_before_a_lone_diagonal() {
    let size = Size::NINE;
    let extra = ",\"extraregion\":[{\"cells\":[\"R3C4\",\"R1C1\",\"R2C2\"]},\
                 {\"cells\":[\"r9c9\",\"R8C8\"]}],\"diagonal+\":true";
    let layout = layout_of(&json(size, &[], extra));
    let groups: Vec<&[u16]> = layout.extra().iter().map(|group| &**group).collect();
    let anti = cells_where(|row, col| row + col == 8);
    assert_eq!(groups, [&[0, 10, 21][..], &[70, 80], &anti]);
    assert!(layout.rules().is_empty());
    assert_eq!(layout.name(), "9×9 extra-regions");
    // Windoku, which the editor draws as four extra regions.
    let window = |top: usize, left: usize| {
        let cells: Vec<String> =
            (0..9).map(|k| format!("\"R{}C{}\"", top + k / 3, left + k % 3)).collect();
        format!("{{\"cells\":[{}]}}", cells.join(","))
    };
    let windows = [window(2, 2), window(2, 6), window(6, 2), window(6, 6)];
    let windoku = layout_of(&json(size, &[], &format!(",\"extraregion\":[{}]", windows.join(","))));
    assert_eq!(windoku.extra().len(), 4);
    assert_eq!(
        &*windoku.extra()[0],
        &cells_where(|r, c| (1..4).contains(&r) && (1..4).contains(&c))[..]
    );
    for (extra, expected) in [
        (",\"extraregion\":[{\"cells\":[\"R10C1\"]}]", "extra region 1 has a cell \"R10C1\" not"),
        (",\"extraregion\":[{\"cells\":[\"R1C0\"]}]", "not of the grid"),
        (",\"extraregion\":[{\"cells\":[\"R1C+1\"]}]", "not of the grid"),
        (",\"extraregion\":[{\"cells\":[1]}]", "has a cell 1 not"),
        (",\"extraregion\":[{}]", "extra region 1 has no list of `cells`"),
        (",\"extraregion\":{}", "`extraregion` is not a list"),
        (
            ",\"extraregion\":[{\"cells\":[\"R1C1\"]},{\"cells\":[\"R1C2\",\"R1C2\"]}]",
            "extra region 2 is not 9 or fewer distinct cells",
        ),
    ] {
        let error = parse(json(size, &[], extra).as_bytes()).unwrap_err();
        assert!(error.contains(expected), "{extra}: {error}");
    }
}

#[test]
fn given_pencil_marks_are_the_starting_candidates() {
    let size = Size::NINE;
    let text = json(size, &[(40, 7)], "")
        .replacen("{}", "{\"givenPencilMarks\":[1,3]}", 1)
        .replacen("{}", "{\"givenPencilMarks\":[]}", 1)
        .replacen("{}", "{\"givenPencilMarks\":[9]}", 1);
    let grid = parse(text.as_bytes()).unwrap();
    assert_eq!(grid.clue_count(), 1);
    let layout = grid.layout().unwrap();
    let mut expected = vec![0x1FF; 81];
    (expected[0], expected[2]) = (0b101, 1 << 8);
    assert_eq!(layout.candidates(), Some(&expected[..]));
    assert_eq!(layout.name(), "9×9 pencilmark");
    // A given must be one of its cell's marks.
    let outside = json(size, &[(0, 2)], "").replacen(
        "\"given\":true",
        "\"given\":true,\"givenPencilMarks\":[1,3]",
        1,
    );
    let error = parse(outside.as_bytes()).unwrap_err();
    assert!(error.contains("2 at r1c1 is not one of its candidates"), "{error}");
    for (cell, expected) in [
        ("{\"givenPencilMarks\":[10]}", "r1c1 has a given pencil mark not from 1 to 9"),
        ("{\"givenPencilMarks\":[0]}", "not from 1 to 9"),
        ("{\"givenPencilMarks\":3}", "r1c1 has `givenPencilMarks` that are not a list"),
    ] {
        let error = parse(json(size, &[], "").replacen("{}", cell, 1).as_bytes()).unwrap_err();
        assert!(error.contains(expected), "{error}");
    }
}

/// The constraints of the puzzle `text`, which must read.
fn constraints_of(text: &str) -> Vec<Constraint> {
    layout_of(text).constraints().to_vec()
}

fn spots(names: &str) -> Vec<Spot> {
    names.split_whitespace().map(|name| constraints::spot_named(name).unwrap()).collect()
}

#[test]
fn every_rule_with_numbers_and_lines_is_read() {
    use crate::constraint::{Axis, Direction};
    let size = Size::NINE;
    let cases: Vec<(&str, Vec<Constraint>)> = vec![
        (
            r#""killercage":[{"cells":["R1C1","R1C2"],"value":"5"},{"cells":["R2C1"]}]"#,
            vec![
                Constraint::Killer { cells: spots("R1C1 R1C2"), sum: Some(5) },
                Constraint::Killer { cells: spots("R2C1"), sum: None },
            ],
        ),
        (
            r#""littlekillersum":[{"cell":"R0C1","cells":["R1C2"],"direction":"DR","value":"23"},{"cell":"R0C2","direction":"DR","value":""}]"#,
            vec![Constraint::LittleKiller {
                clue: Spot::new(-1, 0),
                direction: Direction::DownRight,
                sum: 23,
            }],
        ),
        (
            r#""arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3","R3C3"],["R1C1","R2C1"]]}]"#,
            vec![Constraint::Arrow {
                circle: spots("R1C1 R1C2"),
                lines: vec![spots("R2C3 R3C3"), spots("R2C1")],
            }],
        ),
        (
            r#""thermometer":[{"lines":[["R1C1","R1C2"],["R1C1","R2C1"]]}]"#,
            vec![
                Constraint::Thermometer { cells: spots("R1C1 R1C2") },
                Constraint::Thermometer { cells: spots("R1C1 R2C1") },
            ],
        ),
        (
            r#""slowthermometer":[{"lines":[["R1C1","R1C2"]]}]"#,
            vec![Constraint::SlowThermometer { cells: spots("R1C1 R1C2") }],
        ),
        (
            r#""sandwichsum":[{"cell":"R0C3","value":"15"}],"xsum":[{"cell":"R4C10","value":"20"}],"skyscraper":[{"cell":"R10C2","value":"3"},{"cell":"R10C3","value":""}]"#,
            vec![
                Constraint::Sandwich { clue: Spot::new(-1, 2), sum: 15 },
                Constraint::XSum { clue: Spot::new(3, 9), sum: 20 },
                Constraint::Skyscraper { clue: Spot::new(9, 1), count: 3 },
            ],
        ),
        (
            r#""difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"3"}],"ratio":[{"cells":["R3C1","R3C2"]},{"cells":["R4C1","R4C2"],"value":3}]"#,
            vec![
                Constraint::Difference { cells: [Spot::new(0, 0), Spot::new(0, 1)], value: 1 },
                Constraint::Difference { cells: [Spot::new(1, 0), Spot::new(1, 1)], value: 3 },
                Constraint::Ratio { cells: [Spot::new(2, 0), Spot::new(2, 1)], value: 2 },
                Constraint::Ratio { cells: [Spot::new(3, 0), Spot::new(3, 1)], value: 3 },
            ],
        ),
        (
            r#""xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R2C1","R2C2"],"value":"V"},{"cells":["R3C1","R3C2"]}]"#,
            vec![
                Constraint::Xv { cells: [Spot::new(0, 0), Spot::new(0, 1)], sum: 10 },
                Constraint::Xv { cells: [Spot::new(1, 0), Spot::new(1, 1)], sum: 5 },
            ],
        ),
        (
            r#""odd":[{"cell":"R1C1"}],"even":[{"cell":"R1C2"}],"minimum":[{"cell":"R5C5"}],"maximum":[{"cell":"R9C9"}]"#,
            vec![
                Constraint::Odd { cell: Spot::new(0, 0) },
                Constraint::Even { cell: Spot::new(0, 1) },
                Constraint::Minimum { cell: Spot::new(4, 4) },
                Constraint::Maximum { cell: Spot::new(8, 8) },
            ],
        ),
        (
            r#""palindrome":[{"lines":[["R1C1","R1C2"]]}],"renban":[{"lines":[["R2C1","R2C2"]]}],"betweenline":[{"lines":[["R3C1","R3C2","R3C3"]]}],"regionsumline":[{"lines":[["R4C3","R4C4"]]}],"entropicline":[{"lines":[["R5C1","R5C2"]]}],"zipperline":[{"lines":[["R6C1","R6C2","R7C2"]]}]"#,
            vec![
                Constraint::Palindrome { cells: spots("R1C1 R1C2") },
                Constraint::Renban { cells: spots("R2C1 R2C2") },
                Constraint::Between { cells: spots("R3C1 R3C2 R3C3") },
                Constraint::RegionSum { cells: spots("R4C3 R4C4") },
                Constraint::Entropic { cells: spots("R5C1 R5C2") },
                Constraint::Zipper { cells: spots("R6C1 R6C2 R7C2") },
            ],
        ),
        (
            r#""whispers":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2"]],"value":"4"}],"dutchwhispers":[{"lines":[["R3C1","R3C2"]]}]"#,
            vec![
                Constraint::Whispers { cells: spots("R1C1 R1C2"), gap: None },
                Constraint::Whispers { cells: spots("R2C1 R2C2"), gap: Some(4) },
                Constraint::Whispers { cells: spots("R3C1 R3C2"), gap: Some(4) },
            ],
        ),
        (
            r#""quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2,2]}],"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5","R1C2"]}]"#,
            vec![
                Constraint::Quadruple {
                    cells: spots("R1C1 R1C2 R2C1 R2C2"),
                    values: vec![1, 2, 2],
                },
                Constraint::Clone { cells: spots("R1C1"), clones: spots("R5C5") },
            ],
        ),
        (
            r#""rowindexer":[{"cells":["R1C1"]}],"columnindexer":[{"cells":["R1C5","R2C5"]}],"boxindexer":[{"cells":["R5C5"]}]"#,
            vec![
                Constraint::Indexer { axis: Axis::Row, cells: spots("R1C1") },
                Constraint::Indexer { axis: Axis::Column, cells: spots("R1C5 R2C5") },
                Constraint::Indexer { axis: Axis::Box, cells: spots("R5C5") },
            ],
        ),
        (
            r#""nonconsecutive":true,"negative":["ratio","xv"]"#,
            vec![Constraint::Nonconsecutive, Constraint::NegativeRatio, Constraint::NegativeXv],
        ),
        (r#""nonconsecutive":false,"negative":[]"#, vec![]),
    ];
    for (fields, expected) in cases {
        let text = json(size, &[], &format!(",{fields}"));
        let grid = parse(text.as_bytes()).unwrap_or_else(|error| panic!("{fields}: {error}"));
        let found = grid.layout().map(|layout| layout.constraints().to_vec()).unwrap_or_default();
        assert_eq!(found, expected, "{fields}");
    }
    let killer =
        layout_of(&json(size, &[], r#","killercage":[{"cells":["R1C1","R1C2"],"value":"5"}]"#));
    assert_eq!(killer.name(), "9×9 killer");
}

#[test]
fn the_editor_s_own_fields_are_passed_over_and_unknown_rules_refused_by_name() {
    let size = Size::NINE;
    let display = r##","highlightConflicts":true,"disabledlogic":["Tuples"],"truecandidatesoptions":["colored"],"solution":[1,2,3],"line":[{"lines":[["R1C1","R1C2"]],"outlineC":"#C060C0","fromConstraint":"Renban"}],"circle":[{"cells":["R1C1"],"baseC":"#FFF"}],"rectangle":[{"cells":["R2C2"]}],"text":[{"cells":["R0C1"],"value":"15","fromConstraint":"X Sum"}],"cage":[{"cells":["R1C1","R1C2"],"value":"8","outlineC":"#000"}]"##;
    let grid = parse(json(size, &[(0, 1)], display).as_bytes()).unwrap();
    assert!(grid.is_classic() && grid.clue_count() == 1);
    for (extra, named) in [
        (r#","doublearrow":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#, "`doublearrow`"),
        (r#","modularline":[{"lines":[["R1C1","R1C2"]]}]"#, "`modularline`"),
        (r#","negative":["difference"]"#, "\"difference\""),
        (r#","cage":[{"cells":["R1C1"],"value":"DR5"}]"#, "digital-root"),
    ] {
        let error = parse(json(size, &[], extra).as_bytes()).unwrap_err();
        assert!(error.contains(named), "{extra}: {error}");
    }
}

#[test]
fn a_field_named_twice_is_refused_wherever_it_is() {
    let size = Size::NINE;
    let twice =
        json(size, &[], r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"killercage":[]"#);
    let error = parse(twice.as_bytes()).unwrap_err();
    assert!(error.contains("`killercage` is named twice"), "{error}");
    let inner = json(size, &[], r#","xv":[{"cells":["R1C1","R1C2"],"value":"X","value":"V"}]"#);
    assert!(parse(inner.as_bytes()).unwrap_err().contains("`value` is named twice"));
    let cell = json(size, &[], "").replacen("{}", r#"{"value":3,"value":4}"#, 1);
    assert!(parse(cell.as_bytes()).unwrap_err().contains("named twice"));
}

#[test]
fn sizes_say_the_value_written() {
    for (size, expected) in [
        ("-9", "its `size` is -9, not a whole number"),
        ("9.0", "its `size` is 9.0, not a whole number"),
        ("1e30", "its `size` is 1e30, not a whole number"),
        ("\"9\"", "its `size` is \"9\", not a number"),
        ("25", "its `size` is 25: the editor's grids are 4×4 to 16×16"),
        ("64", "its `size` is 64: the editor's grids"),
        ("3", "its `size` is 3: the editor's grids"),
        ("7", "its `size` is 7: no grid of boxes has that side"),
    ] {
        let text = format!(r#"{{"text":[{{"size":0.5}}],"size": {size} ,"grid":[]}}"#);
        let error = parse(text.as_bytes()).unwrap_err();
        assert!(error.contains(expected), "{size}: {error}");
    }
}

#[test]
fn entries_that_do_not_read_are_named() {
    let size = Size::NINE;
    for (extra, expected) in [
        (
            r#","killercage":[{"cells":["R1C1","R10C1"],"value":"5"}]"#,
            "its killercage 1 has a cell \"R10C1\" not of the grid",
        ),
        (
            r#","killercage":[{"cells":["R1C1"],"value":"five"}]"#,
            "its killercage 1 has a `value` \"five\" that is not a number",
        ),
        (
            r#","thermometer":[{"lines":[["R1C1","R1C2","R1C1"]]}]"#,
            "thermometer from r1c1: r1c1 is on it twice",
        ),
        (r#","killercage":[{"cells":["R1C1","R1C1"],"value":"3"}]"#, "r1c1 is on it twice"),
        (r#","sandwichsum":[{"cell":"R5C5","value":"3"}]"#, "not beside the 9×9 grid"),
        (
            r#","littlekillersum":[{"cell":"R0C1","direction":"XX","value":"3"}]"#,
            "its littlekillersum 1 has no `direction`",
        ),
        (r#","difference":[{"cells":["R1C1"]}]"#, "its difference 1 has 1 cells, not 2"),
        (r#","xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]"#, "its xv 1 has a `value` \"Y\""),
        (
            r#","quadruple":[{"cells":["R1C1","R1C2"],"values":[10]}]"#,
            "its quadruple 1 has a value 10 not from 1 to 9",
        ),
        (r#","arrow":{}"#, "its `arrow` is not a list"),
        (r#","nonconsecutive":1"#, "its `nonconsecutive` is not true or false"),
        (
            r#","clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5"]}]"#,
            "its clone 1 has 2 cells and 1 clones",
        ),
    ] {
        let error = parse(json(size, &[], extra).as_bytes()).unwrap_err();
        assert!(error.contains(expected), "{extra}: {error}");
    }
    // A sum no digits make is a puzzle without a solution, not an error.
    let impossible = json(size, &[], r#","killercage":[{"cells":["R1C1","R1C2"],"value":"50"}]"#);
    assert_eq!(constraints_of(&impossible).len(), 1);
    // Givens that break a rule are named.
    let broken = json(size, &[(0, 4)], r#","odd":[{"cell":"R1C1"}]"#);
    let error = parse(broken.as_bytes()).unwrap_err();
    assert!(error.contains("its givens break its rules: odd cell r1c1: 4 is even"), "{error}");
}

#[test]
fn a_puzzle_written_as_a_link_reads_back_with_every_rule_and_its_solution() {
    let size = Size::NINE;
    let fields = r#","killercage":[{"cells":["R1C1","R1C2"],"value":"5"}],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"23"}],"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3"]]}],"thermometer":[{"lines":[["R3C3","R3C4"]]}],"sandwichsum":[{"cell":"R0C3","value":"15"}],"xsum":[{"cell":"R4C10","value":"20"}],"skyscraper":[{"cell":"R10C2","value":"3"}],"difference":[{"cells":["R1C1","R1C2"],"value":"3"}],"ratio":[{"cells":["R4C1","R4C2"]}],"xv":[{"cells":["R5C1","R5C2"],"value":"V"}],"odd":[{"cell":"R9C9"}],"whispers":[{"lines":[["R6C1","R6C2"]],"value":"4"}],"zipperline":[{"lines":[["R8C1","R8C2","R9C1","R9C2"]]}],"quadruple":[{"cells":["R7C7","R7C8","R8C7","R8C8"],"values":[1]}],"clone":[{"cells":["R1C9"],"cloneCells":["R9C1"]}],"boxindexer":[{"cells":["R5C5"]}],"nonconsecutive":true,"negative":["xv","ratio"],"antiknight":true,"diagonal+":true,"diagonal-":true,"extraregion":[{"cells":["R1C1","R5C5"]}]"#;
    let grid = parse(json(size, &[(40, 5)], fields).as_bytes()).unwrap();
    let solution = crate::symmetry::base_solution(size);
    let written = link(&grid, Some(&solution)).unwrap();
    assert!(written.starts_with("https://www.f-puzzles.com/?load="), "{written}");
    assert_eq!(parse(written.as_bytes()), Ok(grid.clone()));
    let text = write::puzzle_json(&grid, Some(&solution)).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["solution"].as_array().map(Vec::len), Some(81));
    assert_eq!(value["solution"][0], serde_json::json!(solution.get(0)));
    // A jigsaw's regions, given pencil marks, windows and rules of every kind read back.
    let jig =
        parse(jigsaw(&JIGSAW, &[(0, 1)], r#","renban":[{"lines":[["R1C1","R2C2"]]}]"#).as_bytes())
            .unwrap();
    assert_eq!(parse(link_of(&jig).as_bytes()), Ok(jig.clone()));
    let marks = json(size, &[], "").replacen("{}", "{\"givenPencilMarks\":[1,3]}", 1);
    let marked = parse(marks.as_bytes()).unwrap();
    assert_eq!(parse(link_of(&marked).as_bytes()), Ok(marked.clone()));
    let windoku = Layout::new(size, None, &[Rule::Windoku], &[], None).unwrap();
    let windows = Grid::empty(size).with_layout(Some(Arc::new(windoku.clone())));
    let back = parse(link_of(&windows).as_bytes()).unwrap();
    assert_eq!(back.layout().unwrap().extra().len(), 4);
    // Past the editor's sizes, no link.
    let large = Grid::empty(Size::from_side(25).unwrap());
    assert_eq!(link(&large, None), None);
}

fn link_of(grid: &Grid) -> String {
    link(grid, None).unwrap()
}

#[test]
fn links_published_with_f_puzzles_importers_read_or_are_refused_by_name() {
    // An X-sudoku, and a puzzle of every grid-wide rule, from one importer's tests; a
    // puzzle with a diagonal, anti-king and an odd cell from another's.
    let x = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===";
    let grid = parse(x.as_bytes()).unwrap();
    assert_eq!(grid.layout().unwrap().rules(), &[Rule::Diagonals]);
    assert_eq!(grid.clue_count(), 22);
    assert_eq!((grid.get(2), grid.get(9), grid.get(80)), (7, 8, 4));
    let every = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0Q2CAEM0AewB2mgDYBqBABcMAVxioN2/UYC05qzZCa9ZiAGs9ENAAWZi7WqB5e3hB6aCFuGmAAVjpRZpg6lgAOYLGoevoAxvpgMPmWXgBucPAW1kRAA==";
    let every = parse(every.as_bytes()).unwrap();
    assert!(every.layout().unwrap().constraints().contains(&Constraint::Nonconsecutive));
    let odd = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58RJDYIJNAHtm5ALTtOMVCTMbBAA1hDMaL5UqG7YuPCEIADGMGRkCCAASgBMAMIAbCDaXEA===";
    let odd_grid = parse(odd.as_bytes()).unwrap();
    assert_eq!(
        odd_grid.layout().unwrap().constraints(),
        &[Constraint::Odd { cell: Spot::new(1, 5) }]
    );
    // Without its odd cell: the main diagonal and anti-king.
    let json = String::from_utf16(&lz_str::decompress_from_base64(&odd[28..]).unwrap()).unwrap();
    let layout = layout_of(&json.replace(",\"odd\":[{\"cell\":\"R2C6\"}]", ""));
    assert_eq!(layout.rules(), &[Rule::AntiKing]);
    assert_eq!(&*layout.extra()[0], &cells_where(|row, col| row == col)[..]);
}

#[test]
fn broken_input_says_what_is_wrong() {
    let size = Size::NINE;
    let cases: [(String, &str); 8] = [
        ("{\"size\":9".to_owned(), "does not read"),
        ("{\"size\":7,\"grid\":[]}".to_owned(), "no grid of boxes"),
        ("{\"size\":9}".to_owned(), "no `grid`"),
        (json(size, &[], "").replacen("{},", "", 1), "has 8 cells"),
        (json(size, &[(3, 9)], "").replace(":9,\"given", ":10,\"given"), "from 1 to 9"),
        ("https://www.f-puzzles.com/?load=%ZZ".to_owned(), "percent"),
        ("https://www.f-puzzles.com/?load=!!!!".to_owned(), "decompress"),
        ("https://example.com/puzzle".to_owned(), "no f-puzzles puzzle"),
    ];
    for (text, expected) in cases {
        let error = parse(text.as_bytes()).unwrap_err();
        assert!(error.contains(expected), "{text}: {error}");
    }
}

#[test]
fn cut_or_random_links_are_errors_never_panics() {
    let text = json(Size::NINE, &[(0, 1), (40, 5)], "");
    let packed = lz_str::compress_to_base64(&text);
    // Every prefix of a true link, and a stream of characters of the base64 alphabet.
    for end in 0..packed.len() {
        let _ = parse(format!("https://www.f-puzzles.com/?load={}", &packed[..end]).as_bytes());
    }
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let cases = if cfg!(miri) { 20 } else { 3000 };
    for _ in 0..cases {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let length = (state % 300) as usize;
        let link: String = (0..length)
            .map(|i| char::from(alphabet[((state >> (i % 58)) as usize + i * 7) % alphabet.len()]))
            .collect();
        let _ = parse(format!("https://sudokupad.app/fpuzzles{link}").as_bytes());
    }
}
