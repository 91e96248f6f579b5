//! Reading and writing agree in every format, and reading survives any bytes.

use proptest::prelude::*;
use sudoku_core::symmetry::{Symmetry, base_solution};
use sudoku_core::{Alphabet, ReadOptions, Size};
use sudoku_core::{Format, Grid, PuzzleReader, format_grid, parse_one};

/// Any valid solved grid reachable from the base solution by a symmetry.
fn solved_grid() -> impl Strategy<Value = Grid> {
    any::<u64>().prop_map(|n| Symmetry::from_seed(Size::NINE, n).apply(&base_solution(Size::NINE)))
}

/// A puzzle: a solved grid with a random subset of its cells emptied.
fn puzzle() -> impl Strategy<Value = Grid> {
    (solved_grid(), proptest::collection::vec(any::<bool>(), 81)).prop_map(|(solved, keep)| {
        let mut grid = solved;
        for (cell, keep) in keep.into_iter().enumerate() {
            if !keep {
                grid.set(cell, 0);
            }
        }
        grid
    })
}

fn format() -> impl Strategy<Value = Format> {
    proptest::sample::select(Format::ALL.to_vec())
}

proptest! {
    #[test]
    fn write_then_read_gives_the_same_grid_and_format(grid in puzzle(), format in format()) {
        let text = format_grid(&grid, format, Alphabet::FromOne);
        let puzzle = parse_one(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&puzzle.grid, &grid);
        prop_assert_eq!(puzzle.format, format);
        // Forcing the format reads the same.
        let forced = PuzzleReader::with_options(text.as_bytes(), ReadOptions { format: Some(format), ..ReadOptions::default() }).next().unwrap();
        prop_assert_eq!(forced.map_err(|e| TestCaseError::fail(e.to_string()))?.grid, grid);
    }

    #[test]
    fn a_file_of_mixed_formats_reads_back_in_order(
        grids in proptest::collection::vec((puzzle(), format()), 1..8),
        crlf in any::<bool>(),
    ) {
        let mut text = String::from("# mixed\n");
        for (grid, format) in &grids {
            text.push_str(&format_grid(grid, *format, Alphabet::FromOne));
            text.push('\n');
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let read: Vec<_> = PuzzleReader::new(text.as_bytes())
            .map(|r| r.map(|p| (p.grid, p.format)).map_err(|e| e.to_string()))
            .collect();
        let expected: Vec<_> = grids.iter().map(|pair| Ok(pair.clone())).collect();
        prop_assert_eq!(read, expected);
    }

    #[test]
    fn indented_lines_read_like_unindented_ones(
        grid in puzzle(),
        format in format(),
        indents in proptest::collection::vec(proptest::sample::select(vec!["", " ", "  ", "\t", " \t "]), 13),
    ) {
        let text: String = format_grid(&grid, format, Alphabet::FromOne)
            .lines()
            .zip(indents.iter().cycle())
            .map(|(line, indent)| format!("{indent}{line}\n"))
            .collect();
        let puzzle = parse_one(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!((puzzle.grid, puzzle.format), (grid, format));
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
    fn corrupted_puzzle_text_never_panics(
        grid in puzzle(),
        format in format(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = format_grid(&grid, format, Alphabet::FromOne).into_bytes();
        for (index, byte) in edits {
            let at = index.index(bytes.len());
            bytes[at] = byte;
        }
        let items: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
        prop_assert!(!items.is_empty());
    }
}

/// The byte-order mark some editors write at the start of a UTF-8 file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

#[test]
fn a_byte_order_mark_is_skipped_in_every_format() {
    let grid = base_solution(Size::NINE);
    for format in Format::ALL {
        let mut text = BOM.to_vec();
        text.extend_from_slice(format_grid(&grid, format, Alphabet::FromOne).as_bytes());
        let puzzle = parse_one(&text).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(
            (puzzle.grid, puzzle.format, puzzle.line),
            (grid.clone(), format, 1),
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
