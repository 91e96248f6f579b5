//! Reading and writing agree in every size, format and alphabet, and reading survives any bytes.

use proptest::prelude::*;
use std::sync::Arc;
use sudoku_core::symmetry::{Symmetry, base_solution};

use sudoku_core::{Alphabet, HeaderLines, Layout, ReadOptions, Size};
use sudoku_core::{Format, Grid, PuzzleReader, format_grid, parse_one};

/// A size, the small ones most often: a 64×64 grid costs as much as hundreds of 9×9 ones.
/// Rectangular boxes are their side's usual ones, the shape a reader finds alone.
fn size() -> impl Strategy<Value = Size> {
    let order = |n| Size::from_order(n).unwrap();
    let side = |n| Size::from_side(n).unwrap();
    prop_oneof![
        3 => Just(side(6)),
        1 => Just(side(8)),
        2 => Just(side(12)),
        1 => Just(side(20)),
        4 => Just(order(2)),
        6 => Just(order(3)),
        4 => Just(order(4)),
        2 => Just(order(5)),
        1 => Just(order(6)),
        1 => Just(order(7)),
        1 => Just(order(8)),
    ]
}

/// A puzzle of `size`: a valid solved grid reached from the base solution by a symmetry, with
/// a random subset of its cells emptied.
fn puzzle_of(size: Size) -> impl Strategy<Value = Grid> {
    (any::<u64>(), proptest::collection::vec(any::<bool>(), size.cells())).prop_map(
        move |(seed, keep)| {
            let mut grid = Symmetry::from_seed(size, seed).apply(&base_solution(size));
            for (cell, keep) in keep.into_iter().enumerate() {
                if !keep {
                    grid.set(cell, 0);
                }
            }
            grid
        },
    )
}

/// A 9×9 puzzle.
fn puzzle() -> impl Strategy<Value = Grid> {
    puzzle_of(Size::NINE)
}

/// The formats that hold a grid's values: all but `pencilmark`, which holds candidates (a
/// grid written in it reads back as [`pencilmarks`] says).
fn value_formats() -> impl Iterator<Item = Format> {
    grid_formats().filter(|&format| format != Format::Pencilmark)
}

/// The formats of grids alone: every one but `fpuzzles`, whose puzzle reads back recorded as a
/// `line` (the format its solution is written in), with the alphabet of its size
/// (`fpuzzles_lines_read_back_as_the_puzzle_they_hold`).
fn grid_formats() -> impl Iterator<Item = Format> {
    Format::ALL.into_iter().filter(|&format| format != Format::Fpuzzles)
}

/// The format a puzzle written in `format` is read as.
fn read_as(format: Format) -> Format {
    if format == Format::Fpuzzles { Format::Line } else { format }
}

/// What reading `grid` written as a pencilmark line gives: no givens, and a layout starting
/// each given's cell from its value alone and every other cell from every value.
fn pencilmarks(grid: &Grid) -> Grid {
    let size = grid.size();
    let all = u64::MAX >> (64 - size.side());
    let sets: Vec<u64> =
        grid.cells().iter().map(|&v| if v == 0 { all } else { 1 << (v - 1) }).collect();
    let layout = Layout::new(size, None, &[], &[], Some(&sets)).unwrap();
    Grid::empty(size).with_layout(Some(Arc::new(layout)))
}

/// A puzzle of any size, a format that can write its values, and an alphabet: one with a
/// symbol for each of its values, or numbers.
fn written_puzzle() -> impl Strategy<Value = (Grid, Format, Alphabet)> {
    size().prop_flat_map(|size| {
        let formats: Vec<Format> =
            value_formats().filter(|format| format.can_write(size)).collect();
        let alphabets: Vec<Alphabet> = Alphabet::ALL
            .into_iter()
            .filter(|a| *a == Alphabet::Numbers || a.has_symbols_for(size))
            .collect();
        (puzzle_of(size), proptest::sample::select(formats), proptest::sample::select(alphabets))
    })
}

fn format() -> impl Strategy<Value = Format> {
    proptest::sample::select(grid_formats().collect::<Vec<_>>())
}

/// What reading `format_grid(grid, format, alphabet)` gives, by the rules of the reader's
/// documentation: the grid and its alphabet. A `0-9A` grid read as `1-9A` (no `0` clue or no
/// blank, or at 9×9 and below) comes back renamed: `0` is then a blank and every other symbol
/// one less.
fn expected_reading(grid: &Grid, format: Format, alphabet: Alphabet) -> (Grid, Alphabet) {
    let size = grid.size();
    let side = size.side();
    let has = |value: u8| grid.cells().contains(&value);
    let written = match format {
        Format::Judge => Alphabet::Numbers,
        _ if !alphabet.has_symbols_for(size) && alphabet != Alphabet::Numbers => {
            Alphabet::for_size(size)
        }
        Format::Line | Format::Compact if alphabet == Alphabet::Numbers => Alphabet::for_size(size),
        _ => alphabet,
    };
    let read_as = match (format, written) {
        (Format::Judge, _) if side > 9 => Alphabet::Numbers,
        (Format::Judge, _) => Alphabet::FromOne,
        // Numbers of one digit are symbols of `1-9A`.
        (_, Alphabet::Numbers) if side > 36 || grid.cells().iter().any(|&v| v >= 10) => {
            Alphabet::Numbers
        }
        (_, Alphabet::Numbers) => Alphabet::FromOne,
        (_, Alphabet::FromZero) if side == 36 || (side > 9 && has(1) && has(0)) => {
            Alphabet::FromZero
        }
        _ => Alphabet::FromOne,
    };
    if written == Alphabet::FromZero && read_as == Alphabet::FromOne {
        let renamed: Vec<u8> = grid.cells().iter().map(|&v| v.saturating_sub(1)).collect();
        return (Grid::from_cells(size, &renamed).unwrap(), read_as);
    }
    (grid.clone(), read_as)
}

/// Whether the format of `grid` written in `format` and `alphabet` is detected without the
/// size: a 16×16 (36×36) compact block whose first row is written with only `1`-`4` (`1`-`6`),
/// `0` and `.` reads as a 4×4 (6×6) one-line puzzle (documented). The written symbols decide,
/// not the values: in `0-9A` a 5 is written `4` and a 1 `0`.
fn format_is_detected(grid: &Grid, format: Format, alphabet: Alphabet) -> bool {
    let text = format_grid(grid, format, alphabet);
    let first = text.split_whitespace().next().unwrap_or("");
    let small = |last: char| first.chars().all(|c| c == '.' || ('0'..=last).contains(&c));
    !(format == Format::Compact
        && (first.len() == 16 && small('4') || first.len() == 36 && small('6')))
}

fn read_first(text: &str, options: ReadOptions) -> Result<sudoku_core::Puzzle, TestCaseError> {
    PuzzleReader::with_options(text.as_bytes(), options)
        .next()
        .unwrap()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn write_then_read_gives_the_same_grid_format_and_alphabet_at_every_size(
        (grid, format, alphabet) in written_puzzle(),
    ) {
        let size = grid.size();
        let text = format_grid(&grid, format, alphabet);
        if format_is_detected(&grid, format, alphabet) {
            let puzzle = read_first(&text, ReadOptions::default())?;
            let (expected_grid, expected_alphabet) = expected_reading(&grid, format, alphabet);
            prop_assert_eq!(&puzzle.grid, &expected_grid, "{} {} {}", size, format, alphabet);
            prop_assert_eq!(puzzle.format, format);
            prop_assert_eq!(puzzle.alphabet, expected_alphabet, "{} {}", size, format);
        }
        // The size alone forced: detection knows it.
        let sized = ReadOptions { size: Some(size), ..ReadOptions::default() };
        let puzzle = read_first(&text, sized)?;
        prop_assert_eq!(puzzle.format, format);
        prop_assert_eq!(puzzle.grid, expected_reading(&grid, format, alphabet).0);
        // Everything forced: the same grid, whatever detection would say.
        let forced =
            ReadOptions { format: Some(format), size: Some(size), alphabet: Some(alphabet) };
        let puzzle = read_first(&text, forced)?;
        prop_assert_eq!(&puzzle.grid, &grid, "{} {} {}", size, format, alphabet);
        prop_assert_eq!((puzzle.format, puzzle.alphabet), (format, alphabet));
    }

    #[test]
    fn a_file_of_mixed_sizes_and_formats_reads_back_in_order(
        grids in proptest::collection::vec(written_puzzle(), 1..6),
        crlf in any::<bool>(),
    ) {
        let mut text = String::from("# mixed\n");
        for (grid, format, alphabet) in &grids {
            text.push_str(&format_grid(grid, *format, *alphabet));
            text.push('\n');
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let read: Vec<_> = PuzzleReader::new(text.as_bytes())
            .map(|r| r.map(|p| (p.grid, p.format, p.alphabet)).map_err(|e| e.to_string()))
            .collect();
        let expected: Vec<_> = grids
            .iter()
            .map(|(grid, format, alphabet)| {
                let (grid, alphabet) = expected_reading(grid, *format, *alphabet);
                Ok((grid, *format, alphabet))
            })
            .collect();
        // Only texts whose format is detected make a file that reads back puzzle by puzzle.
        prop_assume!(
            grids.iter().all(|(grid, format, alphabet)| format_is_detected(grid, *format, *alphabet))
        );
        prop_assert_eq!(read, expected);
    }

    #[test]
    fn indented_lines_read_like_unindented_ones(
        (grid, format, alphabet) in written_puzzle(),
        indents in proptest::collection::vec(proptest::sample::select(vec!["", " ", "  ", "\t", " \t "]), 13),
    ) {
        prop_assume!(format_is_detected(&grid, format, alphabet));
        let text: String = format_grid(&grid, format, alphabet)
            .lines()
            .zip(indents.iter().cycle())
            .map(|(line, indent)| format!("{indent}{line}\n"))
            .collect();
        let puzzle = read_first(&text, ReadOptions::default())?;
        let (expected_grid, expected_alphabet) = expected_reading(&grid, format, alphabet);
        prop_assert_eq!((puzzle.grid, puzzle.format, puzzle.alphabet), (expected_grid, format, expected_alphabet));
    }

    #[test]
    fn any_bytes_give_puzzles_or_errors_never_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        for item in PuzzleReader::new(&bytes[..]) {
            if let Err(error) = item {
                prop_assert!(!error.to_string().contains('\n'));
            }
        }
    }

    #[test]
    fn any_symbols_of_any_size_give_puzzles_or_errors_never_a_panic(
        bytes in proptest::collection::vec(
            proptest::sample::select(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZagz.. .  ||+-\n\n\t#".to_vec()),
            0..5000,
        ),
        size in proptest::option::of(size()),
        format in proptest::option::of(format()),
        alphabet in proptest::option::of(proptest::sample::select(Alphabet::ALL.to_vec())),
    ) {
        for item in PuzzleReader::with_options(&bytes[..], ReadOptions { format, size, alphabet }) {
            if let Err(error) = item {
                prop_assert!(!error.to_string().contains('\n'));
            }
        }
    }

    #[test]
    fn corrupted_puzzle_text_never_panics(
        (grid, format, alphabet) in written_puzzle(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = format_grid(&grid, format, alphabet).into_bytes();
        for (index, byte) in edits {
            let at = index.index(bytes.len());
            bytes[at] = byte;
        }
        let items: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
        prop_assert!(!items.is_empty());
        for item in items {
            if let Err(error) = item {
                prop_assert!(!error.to_string().contains('\n'));
            }
        }
    }
}

/// A grid of `size` whose regions are its boxes' marks shuffled (a layout's regions need not be
/// connected, so these have borders nearly everywhere), holding the values of a solved grid
/// wherever they break no row, column or region.
fn jigsaw_of(size: Size) -> impl Strategy<Value = Grid> {
    let marks: Vec<u32> = (0..size.cells()).map(|cell| size.box_of(cell) as u32).collect();
    (puzzle_of(size), Just(marks).prop_shuffle()).prop_map(move |(values, marks)| {
        let layout = Arc::new(Layout::new(size, Some(&marks), &[], &[], None).unwrap());
        let side = size.side();
        let mut used = vec![0u64; 3 * side];
        let mut grid = Grid::empty(size);
        for cell in 0..size.cells() {
            let value = values.get(cell);
            let units =
                [size.row_of(cell), side + size.col_of(cell), 2 * side + layout.region_of(cell)];
            let bit = if value == 0 { 0 } else { 1u64 << (value - 1) };
            if bit != 0 && units.iter().all(|&unit| used[unit] & bit == 0) {
                units.iter().for_each(|&unit| used[unit] |= bit);
                grid.set(cell, value);
            }
        }
        grid.with_layout(Some(layout))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A jigsaw drawn with its regions in the pretty and bordered formats, after the lines that
    /// say its layout, reads back as the same grid, every alphabet alike.
    #[test]
    fn a_jigsaw_drawn_with_its_regions_reads_back(
        (grid, format, alphabet) in size().prop_flat_map(|size| {
            let alphabets: Vec<Alphabet> = Alphabet::ALL
                .into_iter()
                .filter(|a| *a == Alphabet::Numbers || a.has_symbols_for(size))
                .collect();
            (
                jigsaw_of(size),
                proptest::sample::select(vec![Format::Pretty, Format::Bordered]),
                proptest::sample::select(alphabets),
            )
        }),
    ) {
        let mut text = Vec::new();
        HeaderLines::default().before(&mut text, grid.size(), grid.layout().map(|l| &**l)).unwrap();
        let mut text = String::from_utf8(text).unwrap();
        text.push_str(&format_grid(&grid, format, alphabet));
        let puzzle = read_first(&text, ReadOptions::default())?;
        let (expected, _) = expected_reading(&grid, format, alphabet);
        prop_assert_eq!(puzzle.grid.cells(), expected.cells(), "{}", text);
        prop_assert_eq!(puzzle.grid.layout(), grid.layout());
        prop_assert_eq!(puzzle.format, format);
    }
}

proptest! {
    #[test]
    fn nine_by_nine_reads_in_every_format_as_before(grid in puzzle(), format in format()) {
        let text = format_grid(&grid, format, Alphabet::FromOne);
        let puzzle = parse_one(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let expected = if format == Format::Pencilmark { pencilmarks(&grid) } else { grid };
        prop_assert_eq!((&puzzle.grid, puzzle.format, puzzle.alphabet), (&expected, format, Alphabet::FromOne));
    }
}

/// The byte-order mark some editors write at the start of a UTF-8 file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

#[test]
fn a_byte_order_mark_is_skipped_in_every_format() {
    let solution = base_solution(Size::NINE);
    for format in Format::ALL {
        let grid =
            if format == Format::Pencilmark { pencilmarks(&solution) } else { solution.clone() };
        let mut text = BOM.to_vec();
        text.extend_from_slice(format_grid(&solution, format, Alphabet::FromOne).as_bytes());
        let puzzle = parse_one(&text).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(
            (puzzle.grid, puzzle.format, puzzle.line),
            (grid.clone(), read_as(format), 1),
            "{format}"
        );
        // Forced, too; and a mark before a comment or a blank line.
        let forced = PuzzleReader::with_options(
            &text[..],
            ReadOptions { format: Some(format), ..ReadOptions::default() },
        )
        .next()
        .unwrap();
        assert_eq!(forced.unwrap_or_else(|e| panic!("{format}: {e}")).grid, grid);
        let mut commented = BOM.to_vec();
        commented.extend_from_slice(b"# solved\n\n");
        commented.extend_from_slice(&text[BOM.len()..]);
        assert_eq!(parse_one(&commented).unwrap().grid, grid, "{format}");
    }
}

#[test]
fn a_byte_order_mark_is_only_skipped_at_the_start() {
    let line = ".".repeat(81);
    let text = format!("{line}\n\u{FEFF}{line}\n");
    let items: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert!(items[0].is_ok());
    assert_eq!(
        items[1].as_ref().unwrap_err().to_string(),
        "puzzle 2, line 2, column 1: expected a digit 1-9 or a blank ('0' or '.'), found byte 0xEF"
    );
}

#[test]
fn seed_samples_read_in_their_formats() {
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/samples");
    for (file, format) in [
        ("2580-sample1.in", Format::Judge),
        ("2239-sample1.in", Format::Compact),
        ("seed004-pretty.in", Format::Pretty),
        ("seed004-pretty.out", Format::Pretty),
    ] {
        let bytes = std::fs::read(format!("{samples}/{file}")).unwrap();
        let puzzle = parse_one(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(puzzle.format, format, "{file}");
        // The expected outputs are exactly what the writer produces.
        if file.ends_with(".out") {
            assert_eq!(
                format_grid(&puzzle.grid, format, Alphabet::FromOne).as_bytes(),
                &bytes[..],
                "{file}"
            );
        }
    }
}

proptest! {
    #[test]
    fn pencilmark_lines_read_back_as_candidates_at_every_size_they_hold(
        grid in size().prop_filter("a pencilmark line holds it", |size| Format::Pencilmark.can_write(*size)).prop_flat_map(puzzle_of),
    ) {
        let size = grid.size();
        let text = format_grid(&grid, Format::Pencilmark, Alphabet::FromOne);
        prop_assert_eq!(text.len(), size.side().pow(3) + 1);
        let forced = ReadOptions { format: Some(Format::Pencilmark), size: Some(size), ..ReadOptions::default() };
        let puzzle = read_first(&text, forced)?;
        prop_assert_eq!(&puzzle.grid, &pencilmarks(&grid));
        // 9×9 and 16×16 lines are found alone; the size alone forced finds any.
        let sized = ReadOptions { size: Some(size), ..ReadOptions::default() };
        prop_assert_eq!(read_first(&text, sized)?.format, Format::Pencilmark);
        if [9, 16].contains(&size.side()) {
            let puzzle = read_first(&text, ReadOptions::default())?;
            prop_assert_eq!((puzzle.grid, puzzle.format), (pencilmarks(&grid), Format::Pencilmark));
        }
    }
}

#[test]
fn fpuzzles_lines_read_back_as_the_puzzle_they_hold() {
    for side in [4, 6, 8, 9, 10, 12, 16] {
        let size = Size::from_side(side).unwrap();
        let solution = base_solution(size);
        // A puzzle with some givens: every third cell.
        let cells: Vec<u8> = (0..size.cells())
            .map(|cell| if cell % 3 == 0 { solution.cells()[cell] } else { 0 })
            .collect();
        let grid = Grid::from_cells(size, &cells).unwrap();
        let text = format_grid(&grid, Format::Fpuzzles, Alphabet::Numbers);
        assert!(text.starts_with("https://") && text.ends_with('\n'), "{text}");
        let expected = (grid.clone(), Format::Line, Alphabet::for_size(size));
        for options in [
            ReadOptions::default(),
            ReadOptions { format: Some(Format::Fpuzzles), ..ReadOptions::default() },
        ] {
            for start in ["", "  ", "\u{FEFF}"] {
                let puzzle = read_first(&format!("{start}{text}"), options)
                    .unwrap_or_else(|e| panic!("{side}: {e}"));
                assert_eq!((puzzle.grid, puzzle.format, puzzle.alphabet), expected.clone());
            }
        }
    }
}
