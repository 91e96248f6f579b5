//! Layouts in files: `# layout` and `# regions` lines read into the puzzles after them, written
//! back by `HeaderLines` so that output reads back with its layouts; pencilmark lines.

use std::sync::Arc;

use sudoku_core::{
    Alphabet, Format, Grid, HeaderLines, Layout, PuzzleReader, ReadOptions, Rule, Size, format_grid,
};

/// The regions of a 9×9 jigsaw whose bands are sheared: row `r` of a band moves its regions
/// `r` cells to the left.
fn sheared() -> Vec<u32> {
    (0..81u32).map(|c| (c / 27) * 3 + (c % 9 + c / 9) % 9 / 3).collect()
}

/// A 6×6 jigsaw whose regions are 3 rows by 2 columns: its boxes turned.
fn tall_regions() -> Vec<u32> {
    (0..36u32).map(|c| (c / 18) * 3 + (c % 6) / 2).collect()
}

fn layout(size: Size, regions: Option<&[u32]>, rules: &[Rule]) -> Arc<Layout> {
    Arc::new(Layout::new(size, regions, rules, &[], None).unwrap())
}

/// A grid of `layout` with the clues `clues` (cell, value), checked to break no rule of it:
/// a grid that breaks one is an error to read.
fn puzzle(layout: &Arc<Layout>, clues: &[(usize, u8)]) -> Grid {
    let mut grid = Grid::empty(layout.size());
    for &(cell, value) in clues {
        grid.set(cell, value);
    }
    let grid = grid.with_layout(Some(Arc::clone(layout)));
    assert_eq!(grid.first_broken(), None, "the test's clues break their layout");
    grid
}

/// `grids` written as a program's output is: each after the lines its layout needs, blocks
/// followed by a blank line.
fn written(grids: &[(Grid, Format)]) -> String {
    let mut out = Vec::new();
    let mut headers = HeaderLines::default();
    for (grid, format) in grids {
        headers.before(&mut out, grid.size(), grid.layout().map(|l| &**l)).unwrap();
        out.extend_from_slice(format_grid(grid, *format, Alphabet::FromOne).as_bytes());
        if format.is_block() {
            out.push(b'\n');
        }
    }
    String::from_utf8(out).unwrap()
}

fn read(text: &str) -> Vec<Result<Grid, String>> {
    PuzzleReader::new(text.as_bytes())
        .map(|r| r.map(|p| p.grid).map_err(|e| e.to_string()))
        .collect()
}

/// The grids of every kind a file holds, written then read back: the same grids, layouts and
/// all.
#[test]
fn layouts_written_read_back_the_same() {
    let nine = Size::NINE;
    let six = Size::from_side(6).unwrap();
    let x = layout(nine, None, &[Rule::Diagonals]);
    let windoku_knight = layout(nine, None, &[Rule::Windoku, Rule::AntiKnight]);
    let jigsaw = layout(nine, Some(&sheared()), &[]);
    let jigsaw_x = layout(nine, Some(&sheared()), &[Rule::Diagonals]);
    let jigsaw_six = layout(six, Some(&tall_regions()), &[]);
    let mut sets = vec![0b1_1111_1111u64; 81];
    (sets[0], sets[1], sets[80]) = (0b1, 0b1_0000_0110, 0);
    let pencil_x = Arc::new(x.with_candidates(Some(&sets)).unwrap());
    // r1c1 and r2c3 share a box, not a region of the sheared jigsaw.
    let grids = [
        (puzzle(&x, &[(0, 1), (10, 2), (80, 3)]), Format::Line),
        (Grid::from_cells(nine, &[0; 81]).unwrap(), Format::Line),
        (puzzle(&windoku_knight, &[(10, 4), (40, 5), (80, 4)]), Format::Pretty),
        (puzzle(&jigsaw, &[(0, 1), (11, 1), (80, 9)]), Format::Line),
        (puzzle(&jigsaw_x, &[(0, 1), (11, 1)]), Format::Compact),
        (puzzle(&jigsaw_six, &[(0, 6), (9, 6), (35, 1)]), Format::Bordered),
        (puzzle(&jigsaw_six, &[(1, 2)]), Format::Line),
        (Grid::empty(nine).with_layout(Some(pencil_x)), Format::Pencilmark),
        (puzzle(&x, &[(40, 9)]), Format::Judge),
    ];
    let text = written(&grids);
    let read: Vec<_> = read(&text);
    let expected: Vec<_> = grids.iter().map(|(grid, _)| Ok(grid.clone())).collect();
    assert_eq!(read, expected, "{text}");
    // Each layout is said once, where it starts: the second 6×6 jigsaw and the pencilmark
    // puzzle (x, with candidates the line carries) need no line.
    let said: Vec<&str> = text.lines().filter(|line| line.starts_with("# layout")).collect();
    assert_eq!(
        said,
        [
            "# layout x",
            "# layout classic",
            "# layout windoku anti-knight",
            "# layout jigsaw",
            "# layout jigsaw x",
            "# layout jigsaw",
            "# layout x",
        ]
    );
    assert!(text.contains("# regions\n# 111222333\n# 112223331\n# 122233311\n# 444555666\n"));
    assert!(text.contains("# regions\n# 112233\n# 112233\n# 112233\n# 445566\n"), "{text}");
}

#[test]
fn a_classic_output_has_no_layout_lines() {
    let grid = Grid::from_cells(Size::NINE, &[0; 81]).unwrap();
    assert_eq!(
        written(&[(grid.clone(), Format::Line), (grid, Format::Line)]),
        ".".repeat(81) + "\n" + &".".repeat(81) + "\n"
    );
}

/// Extra groups are written as `# extra` lines, alone or with rules and regions, and read back
/// as they were; a later `# layout` line clears them.
#[test]
fn extra_groups_are_written_and_read_back() {
    let alone = Arc::new(Layout::new(Size::NINE, None, &[], &[vec![0, 10, 20]], None).unwrap());
    let with_rules = Arc::new(
        Layout::new(
            Size::NINE,
            Some(&sheared()),
            &[Rule::AntiKing],
            &[vec![8, 16], vec![80]],
            None,
        )
        .unwrap(),
    );
    let plain = layout(Size::NINE, None, &[Rule::Diagonals]);
    let grids = [
        puzzle(&alone, &[(0, 1), (30, 1)]),
        puzzle(&with_rules, &[(8, 3)]),
        puzzle(&plain, &[(40, 5)]),
    ];
    let text = written(&grids.iter().map(|grid| (grid.clone(), Format::Line)).collect::<Vec<_>>());
    assert!(text.starts_with("# layout classic\n# extra r1c1 r2c2 r3c3\n"), "{text}");
    assert!(text.contains("# extra r1c9 r2c8\n# extra r9c9\n"), "{text}");
    let read: Vec<Grid> = read(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(read, grids);
    assert_eq!(read[2].layout().unwrap().extra().len(), 0, "`# layout x` cleared them");
    let errors = read_errors("# extra r1c1 rXc2\n");
    assert!(errors[0].contains("`# extra`: `rXc2` is no cell name"), "{errors:?}");
    let errors = read_errors(&format!("# extra r1c1 r10c1\n{}\n", ".".repeat(81)));
    assert!(errors[0].contains("r10c1 is outside a 9×9 grid"), "{errors:?}");
}

/// The errors of reading `text`.
fn read_errors(text: &str) -> Vec<String> {
    read(text).into_iter().filter_map(Result::err).collect()
}

#[test]
fn a_layout_line_applies_until_the_next_and_regions_on_one_line_too() {
    let dots = ".".repeat(81);
    let regions: String = sheared().iter().map(|&r| char::from(b'a' + r as u8)).collect();
    let text = format!(
        "# layout x, anti-king\n{dots}\n# layouts are a comment\n{dots}\n# regions {regions}\n{dots}\n\
         # layout classic\n{dots}\n"
    );
    let words: Vec<String> = read(&text)
        .into_iter()
        .map(|grid| grid.unwrap().layout().map(|l| l.words().join(" ")).unwrap_or_default())
        .collect();
    assert_eq!(words, ["x anti-king", "x anti-king", "jigsaw x anti-king", ""]);
    let read = read(&text);
    assert_eq!(
        read[2].as_ref().unwrap().layout().unwrap().regions().unwrap()[..12],
        [0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 1]
    );
}

#[test]
fn bad_layout_lines_are_one_line_errors_naming_the_place() {
    let dots = ".".repeat(81);
    let rows = |rows: &[&str]| rows.iter().map(|row| format!("# {row}\n")).collect::<String>();
    let good = [
        "111222333",
        "112223331",
        "122233311",
        "444555666",
        "445556664",
        "455566644",
        "777888999",
        "778889997",
        "788899977",
    ];
    let mut too_big = good;
    too_big[8] = "788899911";
    let mut short_row = good;
    short_row[2] = "12223331";
    let four = "1".to_owned() + &".".repeat(15);
    let cases = [
        (
            format!("# layout x sideways\n{dots}\n"),
            "line 1, column 1: `# layout` takes `classic` alone, or words among jigsaw, x, windoku, disjoint, anti-knight, anti-king and pencilmark; 'sideways' is none of them",
        ),
        (
            format!("# regions\n{}{dots}\n", rows(&too_big)),
            "line 1: `# regions`: region 1 has 11 cells, not 9",
        ),
        (
            format!("# regions\n{}{dots}\n", rows(&short_row)),
            "line 4, column 1: `# regions`: row 3 has 8 symbols, expected 9 (as the first row)",
        ),
        (
            format!("# regions\n{}\n{dots}\n", rows(&good[..4])),
            "line 6: `# regions`: the block of line 1 ends after 4 of its 9 rows",
        ),
        (
            format!("# regions\n{}{four}\n", rows(&good)),
            "puzzle 1, line 11: the puzzle is 4×4, but the regions in force (line 1) are for 9×9",
        ),
        (
            format!("# layout windoku\n{}\n", ".".repeat(36)),
            "puzzle 1, line 2: the layout in force (line 1) cannot be made at 6×6: `windoku` needs square boxes",
        ),
        (
            format!("# layout jigsaw\n{dots}\n"),
            "puzzle 1, line 2: `# layout jigsaw` (line 1) needs a `# regions` block before the puzzle",
        ),
        (
            format!("# layout windoku\n# regions\n{}", rows(&good)),
            "line 2: `# regions`: `windoku` needs square boxes",
        ),
        (
            "# regions 1122\n".to_owned(),
            "line 1, column 1: `# regions`: 4 symbols are no grid's cells (81 at 9×9)",
        ),
        (
            format!("# regions\n# 111222333\n# layout x\n{dots}\n"),
            "line 3: `# regions`: the block of line 1 ends after 1 of its 9 rows",
        ),
        (
            "# regions\n# 11122233344\n".to_owned(),
            "line 2, column 1: `# regions`: a row of 11 symbols: no grid has side 11",
        ),
        (
            "# regions\n# 1112\n".to_owned(),
            "line 2: `# regions`: the block of line 1 ends after 1 of its 4 rows",
        ),
        (
            "# regions 112\n".to_owned(),
            "line 1, column 1: `# regions`: 3 symbols are no grid's cells (81 at 9×9)",
        ),
        (
            "# regions follow\n".to_owned(),
            "line 1, column 1: `# regions`: 6 symbols are no grid's cells (81 at 9×9)",
        ),
    ];
    for (text, message) in cases {
        let first = read(&text).into_iter().next().unwrap();
        assert_eq!(first.unwrap_err(), message, "{text}");
    }
    // After an error, reading goes on, but the puzzle after a bad `# layout` line is not read
    // under the layout in force before it: its layout is unknown.
    let after: Vec<_> = read(&format!("# layout x\n# layout x sideways\n{dots}\n"));
    assert_eq!(
        after[1].as_ref().unwrap_err(),
        "puzzle 1, line 3: not read: the `# layout` line 2 before it could not be read, so its \
         layout is unknown (a good `# layout` line gives it again)"
    );
}

/// The puzzles of `text`: each one's layout words (`classic` for none), or its error.
fn layouts_read(text: &str) -> Vec<String> {
    read(text)
        .into_iter()
        .map(|read| match read {
            Ok(grid) => grid.layout().map_or("classic".to_owned(), |l| l.words().join(" ")),
            Err(error) => error,
        })
        .collect()
}

/// A `#` line that does not mean to be a directive is a comment, as in every other reader:
/// no error, and the puzzles after it are read as they were.
#[test]
fn comments_that_start_with_a_directive_word_are_comments() {
    let dots = ".".repeat(81);
    for comment in [
        "# extra hard puzzles from the forum",
        "# regions of difficulty follow",
        "# layout of this file: one per line",
        "# layouts differ",
        "# boxes are drawn",
        "# boxes of 3 rows",
        "# extra",
        "# layout",
    ] {
        let text = format!("# layout x\n{dots}\n{comment}\n{dots}\n");
        assert_eq!(layouts_read(&text), ["x", "x"], "{comment}");
        let text = format!("{comment}\n{dots}\n");
        assert_eq!(layouts_read(&text), ["classic"], "{comment}");
    }
}

/// A directive that fails leaves the layout it meant unknown: its own error, then every puzzle
/// after it refused with the directive's line, until a good directive starts the layout again;
/// never a puzzle read under the layout before it.
#[test]
fn a_failed_directive_refuses_the_puzzles_after_it_until_a_good_one() {
    let dots = ".".repeat(81);
    let refused = |directive: &str, line: usize, puzzle: usize, at: usize, until: &str| {
        format!(
            "puzzle {puzzle}, line {at}: not read: the `# {directive}` line {line} before it could \
             not be read, so its {until}"
        )
    };
    let layout = "layout is unknown (a good `# layout` line gives it again)";
    // An unknown word, alone or beside a known one.
    let text = format!("# layout X-sudoku\n{dots}\n{dots}\n# layout x\n{dots}\n");
    let read = layouts_read(&text);
    assert!(read[0].starts_with("line 1, column 1: `# layout` takes"), "{read:?}");
    assert_eq!(
        read[1..3],
        [refused("layout", 1, 1, 2, layout), refused("layout", 1, 2, 3, layout)]
    );
    assert_eq!(read[3], "x");
    let text = format!("# layout windoku\n{dots}\n# layout windoku antiknigt\n{dots}\n");
    let read = layouts_read(&text);
    assert_eq!(read[0], "windoku");
    assert!(read[1].contains("'antiknigt' is none of them"), "{read:?}");
    assert_eq!(read[2], refused("layout", 3, 2, 4, layout));
    // A cell name out of range: the group is not dropped, the puzzles are refused.
    let text = format!("# layout x\n# extra r0c0 r1c1\n{dots}\n# layout classic\n{dots}\n");
    let read = layouts_read(&text);
    assert!(read[0].contains("`# extra`: `r0c0` is no cell name"), "{read:?}");
    assert_eq!(read[1..], [refused("extra", 2, 1, 3, layout), "classic".to_owned()]);
    // A bad `# regions` block: its puzzles refused, until good regions.
    let good = "# 111222333\n# 112223331\n# 122233311\n# 444555666\n# 445556664\n\
                # 455566644\n# 777888999\n# 778889997\n# 788899977\n";
    let bad = good.replace("# 788899977", "# 788899911");
    let text = format!("# regions\n{bad}{dots}\n# regions\n{good}{dots}\n");
    let read = layouts_read(&text);
    assert_eq!(read[0], "line 1: `# regions`: region 1 has 11 cells, not 9");
    let regions = "layout is unknown (good `# regions` or a good `# layout` line give it again)";
    assert_eq!(read[1..], [refused("regions", 1, 1, 11, regions), "jigsaw".to_owned()]);
    // An `# extra` line between a bad and a good `# regions` block holds: the puzzle after the
    // good one has its group.
    let text = format!("# regions\n{bad}# extra r1c1 r2c4\n# regions\n{good}{dots}\n");
    assert_eq!(layouts_read(&text)[1], "jigsaw extra-regions");
    // Good regions do not end a failed `# layout` line.
    let text = format!("# layout x sideways\n# regions\n{good}{dots}\n");
    assert_eq!(layouts_read(&text)[1], refused("layout", 1, 1, 12, layout));
    // A `# boxes` line of a shape that makes no box, then a good one.
    let boxes = "boxes are unknown (a good `# boxes` line gives them again)";
    let text = format!("# boxes 3x3x3\n{dots}\n# boxes 3x3\n{dots}\n");
    let read = layouts_read(&text);
    assert_eq!(
        read[0],
        "line 1, column 1: `# boxes` takes the rows and columns of a box, each 2 to 8 \
         (`# boxes 4x3`), not '3x3x3'"
    );
    assert_eq!(read[1..], [refused("boxes", 1, 1, 2, boxes), "classic".to_owned()]);
}

/// The `# extra` lines since the last `# layout` line carry at most what a layout does: the
/// line past it fails, naming its place, and a file of any number of them costs no more.
#[test]
fn extra_lines_past_what_a_layout_carries_fail() {
    let dots = ".".repeat(81);
    let diagonal = (1..=9).map(|n| format!("r{n}c{n}")).collect::<Vec<_>>().join(" ");
    let mut text = format!("# extra {diagonal}\n").repeat(65_511);
    text.push_str(&dots);
    text.push('\n');
    let said = layouts_read(&text);
    assert_eq!(said.len(), 2);
    assert_eq!(
        said[0],
        "line 1025, column 1: `# extra`: one group more than the 1024 extra regions a layout \
         carries (since the last `# layout` line)"
    );
    assert!(said[1].starts_with("puzzle 1, line 65512: not read: the `# extra` line 1025"));
    // Groups repeated within the bound are merged: the layout holds the diagonal once.
    let text = format!("# extra {diagonal}\n").repeat(1024) + &dots + "\n";
    let grids: Vec<Grid> = read(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(grids[0].layout().unwrap().extra().len(), 1);
}

#[test]
fn clues_that_break_their_layout_are_named_like_repeated_clues() {
    let mut line = ".".repeat(81).into_bytes();
    (line[0], line[80]) = (b'5', b'5');
    let text = format!("# layout x\n{}\n", String::from_utf8(line.clone()).unwrap());
    assert_eq!(
        read(&text)[0].as_ref().unwrap_err(),
        "puzzle 1, line 2, column 81: clue 5 at r9c9 repeats in diagonal 1 (also at r1c1, line 2, column 1)"
    );
    (line[0], line[80], line[20], line[31]) = (b'.', b'.', b'7', b'7');
    let text = format!("# layout anti-knight\n{}\n", String::from_utf8(line).unwrap());
    assert_eq!(
        read(&text)[0].as_ref().unwrap_err(),
        "puzzle 1, line 2, column 32: clue 7 at r4c5 repeats a knight's move away (at r3c3, line 2, column 21)"
    );
    // In a jigsaw, a box is no unit: r1c1 and r2c3 share a box, not a region.
    let regions: String = sheared().iter().map(|&r| char::from(b'a' + r as u8)).collect();
    let mut line = ".".repeat(81).into_bytes();
    (line[0], line[11]) = (b'1', b'1');
    let line = String::from_utf8(line).unwrap();
    assert!(read(&format!("# regions {regions}\n{line}\n"))[0].is_ok());
    assert_eq!(
        read(&format!("{line}\n"))[0].as_ref().unwrap_err(),
        "puzzle 1, line 1, column 12: clue 1 at r2c3 repeats in box 1 (also at r1c1, line 1, column 1)"
    );
}

#[test]
fn a_pencilmark_line_gives_each_cell_its_candidates() {
    let mut text = String::from("1........");
    text.push_str(".2.4.....");
    text.push_str("000000000");
    text.push_str(&"123456789".repeat(78));
    let puzzle = PuzzleReader::new(text.as_bytes()).next().unwrap().unwrap();
    assert_eq!((puzzle.format, puzzle.grid.clue_count()), (Format::Pencilmark, 0));
    let candidates = puzzle.grid.layout().unwrap().candidates().unwrap();
    assert_eq!(candidates[..4], [0b1, 0b1010, 0, 0b1_1111_1111]);
    // Written back, the same line.
    assert_eq!(
        format_grid(&puzzle.grid, Format::Pencilmark, Alphabet::FromOne),
        text.replace('0', ".") + "\n"
    );
    let bad = text.replacen("1........", "1.x......", 1);
    assert_eq!(
        PuzzleReader::new(bad.as_bytes()).next().unwrap().unwrap_err().to_string(),
        "puzzle 1, line 1, column 3: expected '3' (candidate 3 of r1c1) or a blank ('.' or '0'), found 'x'"
    );
    let short = &text[..728];
    assert_eq!(
        PuzzleReader::with_options(
            short.as_bytes(),
            ReadOptions { format: Some(Format::Pencilmark), ..ReadOptions::default() }
        )
        .next()
        .unwrap()
        .unwrap_err()
        .to_string(),
        "puzzle 1, line 1: a pencilmark line has a side's cube (64 at 4×4, 729 at 9×9, 4096 at 16×16) characters, not 728"
    );
    // Under `# layout x`, the candidates come with the diagonals.
    let x = PuzzleReader::new(format!("# layout x\n{text}\n").as_bytes()).next().unwrap().unwrap();
    let layout = x.grid.layout().unwrap();
    assert_eq!(
        (layout.words().join(" "), layout.candidates().unwrap()[1]),
        ("x pencilmark".to_owned(), 0b1010)
    );
    // `pencilmark` in the line, as `generate --layout` takes the word, changes nothing.
    let said = format!("# layout pencilmark, x\n{text}\n");
    let said = PuzzleReader::new(said.as_bytes()).next().unwrap().unwrap();
    assert_eq!(said.grid, x.grid);
}

/// An f-puzzles jigsaw goes through the whole reader with its regions, though two of its 1s
/// share a box (not a region).
#[test]
fn an_f_puzzles_jigsaw_is_read_with_its_regions() {
    // 4×4 regions of one row each: r1c1 and r2c2 share a box, not a row.
    let cell = |row: usize, col: usize| {
        let value = if (row, col) == (0, 0) || (row, col) == (1, 1) {
            ",\"value\":1,\"given\":true"
        } else {
            ""
        };
        format!("{{\"region\":{row}{value}}}")
    };
    let rows: Vec<String> = (0..4)
        .map(|row| format!("[{}]", (0..4).map(|col| cell(row, col)).collect::<Vec<_>>().join(",")))
        .collect();
    let json = format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","));
    let puzzle = sudoku_core::parse_one(json.as_bytes()).unwrap();
    let layout = puzzle.grid.layout().expect("its regions");
    assert_eq!(
        layout.regions().map(<[u8]>::to_vec),
        Some((0..16).map(|c| (c / 4) as u8).collect())
    );
    assert_eq!((puzzle.grid.get(0), puzzle.grid.get(5)), (1, 1));
}

/// A jigsaw in the pretty and bordered formats draws its regions, not boxes it does not have,
/// and reads back as the same grid, in numbers too, though a row's bars then part its
/// symbols (not its numbers) as a packed row's would: 25×25, a first row of six regions and
/// 36 digits.
#[test]
fn a_jigsaw_is_drawn_with_its_regions_and_reads_back() {
    let size = Size::from_side(25).unwrap();
    let mut marks: Vec<u32> = (0..625).map(|cell| size.box_of(cell) as u32).collect();
    // r1c5 and r6c5 trade regions: the first row holds six.
    marks.swap(4, 5 * 25 + 4);
    let layout = Arc::new(Layout::new(size, Some(&marks), &[], &[], None).unwrap());
    let mut grid = Grid::empty(size);
    let first_row = [10, 1, 11, 2, 12, 3, 13, 4, 14, 5, 15, 6, 16, 7, 17, 8, 18, 9, 19, 0, 20, 0];
    for (col, &value) in first_row.iter().enumerate() {
        grid.set(col, value);
    }
    let grid = grid.with_layout(Some(Arc::clone(&layout)));
    let mut header = Vec::new();
    HeaderLines::default().before(&mut header, size, Some(&layout)).unwrap();
    let header = String::from_utf8(header).unwrap();
    for format in [Format::Pretty, Format::Bordered] {
        let text = header.clone() + &format_grid(&grid, format, Alphabet::Numbers);
        assert_eq!(read(&text), [Ok(grid.clone())], "{text}");
    }
    // A 4×4 jigsaw, drawn.
    let four = Size::from_side(4).unwrap();
    let marks: Vec<u32> = "AABBACCBADCBDDCD".bytes().map(u32::from).collect();
    let jigsaw = Arc::new(Layout::new(four, Some(&marks), &[], &[], None).unwrap());
    let grid = puzzle(&jigsaw, &[(0, 1), (5, 2), (15, 3)]);
    assert_eq!(
        format_grid(&grid, Format::Pretty, Alphabet::FromOne),
        "1   . | .   .\n  +---+---+\n. | 2   . | .\n  +---+   |\n. | . | . | .\n--+   |   +--\n.   . | . | 3\n"
    );
    assert_eq!(
        format_grid(&grid, Format::Bordered, Alphabet::FromOne),
        "+-------+-------+\n| 1   . | .   . |\n|   +---+---+   |\n| . | 2   . | . |\n|   +---+   |   |\n| . | . | . | . |\n+---+   |   +---+\n| .   . | . | 3 |\n+-------+---+---+\n"
    );
}
