//! Grids beyond 9×9: each error names the size problem in one line, and both 16×16 alphabets
//! read as their documentation says.

use sudoku_core::symmetry::{Symmetry, base_solution};
use sudoku_core::{
    Alphabet, Format, Grid, PuzzleReader, ReadOptions, Size, check_solution, format_grid, parse_one,
};

fn size(side: usize) -> Size {
    Size::from_side(side).unwrap()
}

/// The message of the error the first puzzle of `input` gives with `options`.
fn error_with(input: &str, options: ReadOptions) -> String {
    let item = PuzzleReader::with_options(input.as_bytes(), options).next().unwrap();
    let message = item.expect_err("input is malformed").to_string();
    assert!(!message.contains('\n'), "one line: {message:?}");
    message
}

fn error_of(input: &str) -> String {
    error_with(input, ReadOptions::default())
}

fn sized(side: usize) -> ReadOptions {
    ReadOptions { size: Some(size(side)), ..ReadOptions::default() }
}

/// A puzzle of `side`: a solved grid with every third cell emptied.
fn puzzle(side: usize) -> Grid {
    let size = size(side);
    let mut grid = Symmetry::from_seed(size, 5).apply(&base_solution(size));
    for cell in (0..size.cells()).step_by(3) {
        grid.set(cell, 0);
    }
    grid
}

fn written(side: usize, format: Format, alphabet: Alphabet) -> String {
    format_grid(&puzzle(side), format, alphabet)
}

/// `text` with its line `line` (0-based) replaced by `f` of it.
fn edit_line(text: &str, line: usize, f: impl Fn(&str) -> String) -> String {
    text.lines()
        .enumerate()
        .map(|(index, row)| if index == line { f(row) } else { row.to_owned() } + "\n")
        .collect()
}

#[test]
fn a_symbol_of_a_larger_grid_on_a_line_names_the_length_that_gave_the_size() {
    let mut line = ".".repeat(256);
    line.replace_range(5..6, "H");
    assert_eq!(
        error_of(&line),
        "puzzle 1, line 1, column 6: 256 symbols: 16×16, but 'H' is not a 16×16 symbol (1-9, A-G)"
    );
    let mut line = ".".repeat(625);
    line.replace_range(0..1, "Q");
    assert_eq!(
        error_of(&line),
        "puzzle 1, line 1, column 1: 625 symbols: 25×25, but 'Q' is not a 25×25 symbol (1-9, A-P)"
    );
    let mut line = ".".repeat(16);
    line.replace_range(15..16, "5");
    assert_eq!(
        error_with(&line, sized(4)),
        "puzzle 1, line 1, column 16: '5' is not a 4×4 symbol (1-4)"
    );
    let forced = ReadOptions { alphabet: Some(Alphabet::FromZero), ..sized(16) };
    let mut line = ".".repeat(256);
    line.replace_range(9..10, "G");
    assert_eq!(
        error_with(&line, forced),
        "puzzle 1, line 1, column 10: 'G' is not a 16×16 symbol (0-9, A-F)"
    );
}

#[test]
fn a_character_that_is_no_symbol_names_the_symbols_of_the_size() {
    let mut line = ".".repeat(256);
    line.replace_range(3..4, "*");
    assert_eq!(
        error_of(&line),
        "puzzle 1, line 1, column 4: expected a 16×16 symbol 1-9, A-G or a blank ('0' or '.'), found '*'"
    );
    let text = edit_line(&written(36, Format::Compact, Alphabet::FromZero), 2, |row| {
        format!("{}-{}", &row[..7], &row[8..])
    });
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 3, column 8: expected a 36×36 symbol 0-9, A-Z or a blank ('.'), found '-'"
    );
    let text = edit_line(&written(16, Format::Judge, Alphabet::Numbers), 4, |row| {
        format!("{}x{}", &row[..1], &row[2..])
    });
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 5, column 2: expected a number 1-16 or a blank ('0' or '.'), found 'x'"
    );
    let text = "1 2 | 3 4\n3 4 | 1 2\n-------\n2 1 | 4 3\n4 3 | 2 x\n";
    assert_eq!(
        error_of(text),
        "puzzle 1, line 5, column 9: expected a digit 1-4 or a blank ('0' or '.'), found 'x'"
    );
}

#[test]
fn a_number_above_the_side_names_the_values_of_the_size() {
    let text = edit_line(&written(16, Format::Judge, Alphabet::Numbers), 0, |row| {
        format!("17{}", &row[2..])
    });
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 1, column 1: 17 is not a value of a 16×16 grid (1-16)"
    );
    // Line 9 is the second row of the third band (a rule follows every seventh row).
    let text = edit_line(&written(49, Format::Pretty, Alphabet::Numbers), 8, |row| {
        format!("{}50{}", &row[..3], &row[5..])
    });
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 9, column 4: 50 is not a value of a 49×49 grid (1-49)"
    );
    assert_eq!(
        error_of("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 5\n"),
        "puzzle 1, line 4, column 7: 5 is not a value of a 4×4 grid (1-4)"
    );
}

#[test]
fn a_line_of_no_grid_length_lists_the_lengths_of_one_line_puzzles() {
    assert_eq!(
        error_of(&".".repeat(50)),
        "puzzle 1, line 1: a line of 50 cells is no grid: one-line puzzles have 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 576, 625, 784, 900, 1024, 1225 or 1296"
    );
    assert_eq!(
        error_of(&".".repeat(40)),
        "puzzle 1, line 1, column 37: line has 40 cells, expected 36 (a 6×6 grid)"
    );
    assert_eq!(
        error_of(&".".repeat(250)),
        "puzzle 1, line 1, column 251: line has 250 cells, expected 256 (a 16×16 grid)"
    );
    assert_eq!(
        error_of(&".".repeat(1300)),
        "puzzle 1, line 1, column 1297: line has 1300 cells, expected 1296 (a 36×36 grid)"
    );
}

#[test]
fn a_row_of_the_wrong_count_names_the_size_of_the_first_row() {
    let text = edit_line(&written(16, Format::Judge, Alphabet::Numbers), 6, |row| {
        row[..row.len() - 3].to_owned()
    });
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 7, column 45: row has 15 numbers, expected 16 (a 16×16 grid)"
    );
    let text =
        edit_line(&written(25, Format::Compact, Alphabet::FromOne), 10, |row| format!("{row}0"));
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 11, column 26: row has 26 cells, expected 25 (a 25×25 grid)"
    );
    // A first row near a side is taken for it; one far from every side is no grid.
    let row: Vec<String> = (1..=26).map(|n| n.to_string()).collect();
    assert_eq!(
        error_of(&format!("{}\n", row.join(" "))),
        "puzzle 1, line 1, column 67: row has 26 numbers, expected 25 (a 25×25 grid)"
    );
    let row: Vec<String> = (1..=100).map(|n| (n % 10).to_string()).collect();
    assert_eq!(
        error_of(&format!("{}\n", row.join(" "))),
        "puzzle 1, line 1: a row of 100 numbers is no grid: rows have 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 28, 30, 32, 35, 36, 40, 42, 48, 49, 56 or 64"
    );
    assert_eq!(
        error_of("12\n34\n"),
        "puzzle 1, line 1, column 3: row has 2 cells, expected 4 (a 4×4 grid)"
    );
}

#[test]
fn a_forced_size_that_does_not_match_says_so() {
    assert_eq!(
        error_with(&".".repeat(81), sized(16)),
        "puzzle 1, line 1, column 82: line has 81 cells, expected 256: the size is set to 16×16"
    );
    let text = written(16, Format::Bordered, Alphabet::Numbers);
    assert_eq!(
        error_with(&text, sized(25)),
        "puzzle 1, line 2, column 58: row has 16 cells, expected 25: the size is set to 25×25"
    );
    let text = written(16, Format::Compact, Alphabet::FromOne);
    assert_eq!(
        error_with(&text, sized(9)),
        "puzzle 1, line 1, column 10: row has 16 cells, expected 9: the size is set to 9×9"
    );
    let forced = ReadOptions { format: Some(Format::Compact), ..sized(49) };
    assert_eq!(
        error_with(&text, forced),
        "puzzle 1, line 1: the compact format has one symbol per cell and cannot hold a 49×49 grid (at most 36×36)"
    );
}

#[test]
fn a_block_cut_short_names_the_rows_of_its_size() {
    let text: String = written(16, Format::Judge, Alphabet::Numbers)
        .lines()
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(error_of(&text), "puzzle 1, line 5: the grid ends after 5 rows, expected 16");
    let text: String = written(4, Format::Pretty, Alphabet::FromOne)
        .lines()
        .take(2)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        error_of(&format!("{text}\n")),
        "puzzle 1, line 3: the grid ends after 2 rows, expected 4"
    );
}

#[test]
fn a_repeated_clue_names_both_cells_and_its_symbol_at_every_size() {
    let mut line = ".".repeat(256);
    line.replace_range(0..1, "G");
    line.replace_range(15..16, "g");
    assert_eq!(
        error_of(&line),
        "puzzle 1, line 1, column 16: clue 16 ('G') at r1c16 repeats in row 1 (also at r1c1, line 1, column 1)"
    );
    assert_eq!(
        error_of("1.1.0.2.4...3..2"),
        "puzzle 1, line 1, column 3: clue 1 at r1c3 repeats in row 1 (also at r1c1, line 1, column 1)"
    );
    let text = edit_line(&written(25, Format::Judge, Alphabet::Numbers), 24, |_| {
        format!("{}{}", " 0".repeat(24), " 7")
    });
    let text = edit_line(&text, 0, |_| format!("{}{}", " 0".repeat(24), " 7"));
    assert_eq!(
        error_of(&text),
        "puzzle 1, line 25, column 50: clue 7 at r25c25 repeats in column 25 (also at r1c25, line 1, column 50)"
    );
}

#[test]
fn a_line_of_the_wrong_length_reports_its_count_before_a_symbol_beyond_the_size() {
    let mut line = ".".repeat(250);
    line.replace_range(3..4, "H");
    assert_eq!(
        error_of(&line),
        "puzzle 1, line 1, column 251: line has 250 cells, expected 256 (a 16×16 grid)"
    );
}

/// The 16×16 puzzle of the tests below: value 1 (`1` in `1-9A-G`, `0` in `0-9A-F`) among the
/// clues unless `without_one`.
fn sixteen(without_one: bool) -> Grid {
    let mut grid = puzzle(16);
    if without_one {
        for cell in 0..256 {
            if grid.get(cell) == 1 {
                grid.set(cell, 0);
            }
        }
    }
    grid
}

#[test]
fn both_sixteen_by_sixteen_alphabets_read_to_the_same_grid() {
    let grid = sixteen(false);
    for format in [Format::Line, Format::Compact, Format::Pretty, Format::Bordered] {
        let from_one = format_grid(&grid, format, Alphabet::FromOne);
        let from_zero = format_grid(&grid, format, Alphabet::FromZero);
        assert_ne!(from_one, from_zero);
        assert!(from_one.contains('G') && from_zero.contains('F') && !from_zero.contains('G'));
        for (text, alphabet) in [(from_one, Alphabet::FromOne), (from_zero, Alphabet::FromZero)] {
            let puzzle = parse_one(text.as_bytes()).unwrap_or_else(|e| panic!("{format}: {e}"));
            assert_eq!((&puzzle.grid, puzzle.format, puzzle.alphabet), (&grid, format, alphabet));
            // Written back in the puzzle's own alphabet, it is the same text.
            assert_eq!(format_grid(&puzzle.grid, format, puzzle.alphabet), text);
        }
    }
}

#[test]
fn a_zero_based_puzzle_without_a_zero_reads_as_one_based_and_its_solution_still_fits() {
    let grid = sixteen(true);
    let text = format_grid(&grid, Format::Line, Alphabet::FromZero);
    assert!(!text.contains('0') && text.contains('F'));
    let puzzle = parse_one(text.as_bytes()).unwrap();
    // Rule 4: read in `1-9A`, every value one less than meant (`F` is 15, not 16).
    assert_eq!(puzzle.alphabet, Alphabet::FromOne);
    let renamed: Vec<u8> = grid.cells().iter().map(|&v| v.saturating_sub(1)).collect();
    assert_eq!(puzzle.grid.cells(), &renamed[..]);
    // The solution of the misread puzzle, renamed back, is a solution of the puzzle meant:
    // the readings differ by a renaming of the values (16 where the puzzle has its `0`s).
    let solved = Symmetry::from_seed(size(16), 5).apply(&base_solution(size(16)));
    let misread_solution: Vec<u8> =
        solved.cells().iter().map(|&v| if v == 1 { 16 } else { v - 1 }).collect();
    let misread_solution = Grid::from_cells(size(16), &misread_solution).unwrap();
    assert_eq!(check_solution(&puzzle.grid, &misread_solution), Ok(()));
    // Written in `1-9A`, that solution's symbols are the puzzle's own, with `G` for its `0`.
    let line = format_grid(&misread_solution, Format::Line, Alphabet::FromOne);
    let meant = format_grid(&solved, Format::Line, Alphabet::FromZero);
    assert_eq!(line.replace('G', "0"), meant);
    // Forced, it reads as meant.
    let forced = ReadOptions { alphabet: Some(Alphabet::FromZero), ..ReadOptions::default() };
    let puzzle = PuzzleReader::with_options(text.as_bytes(), forced).next().unwrap().unwrap();
    assert_eq!((puzzle.grid, puzzle.alphabet), (grid, Alphabet::FromZero));
}

#[test]
fn sixteen_symbols_of_four_by_four_are_a_line_and_others_a_sixteen_by_sixteen_row() {
    let four = format_grid(&puzzle(4), Format::Line, Alphabet::FromOne);
    assert_eq!(parse_one(four.as_bytes()).unwrap().grid.size(), size(4));
    let block = written(16, Format::Compact, Alphabet::FromOne);
    let puzzle = parse_one(block.as_bytes()).unwrap();
    assert_eq!((puzzle.grid.size(), puzzle.format), (size(16), Format::Compact));
}

#[test]
fn numbers_pretty_blocks_and_packed_pretty_rows_read() {
    let grid = puzzle(16);
    let text = format_grid(&grid, Format::Pretty, Alphabet::Numbers);
    assert!(text.starts_with(' ') || text.starts_with('1'), "{text}");
    let puzzle = parse_one(text.as_bytes()).unwrap();
    assert_eq!((puzzle.grid, puzzle.alphabet), (grid, Alphabet::Numbers));
    // Rows without spaces between the cells of a box.
    let packed = "12|34\n34|12\n--+--\n21|43\n43|2.\n";
    let puzzle = parse_one(packed.as_bytes()).unwrap();
    assert_eq!(
        (puzzle.grid.size(), puzzle.format, puzzle.grid.clue_count()),
        (size(4), Format::Pretty, 15)
    );
}
