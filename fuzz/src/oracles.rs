//! What must hold for any input, checked by panicking: the fuzz targets run these, and so does
//! the engines crate's test suite on every input kept in `fuzz/regressions`.

use sudoku_core::read::{PuzzleReader, ReadOptions};
use sudoku_core::symmetry::{Symmetry, base_solution};
use sudoku_core::{Engine, Grid, Limits, Outcome, Size, check_solution, format_grid};
use sudoku_engines::{ENGINES, EngineInfo};

/// Puzzles read from one input at most: the reader's work grows with the input, not with this.
const MAX_PUZZLES: usize = 10_000;

/// The reader on arbitrary bytes: it never panics; each error is one non-empty line; each
/// puzzle it reads is written in its own format and alphabet and reads back as the same grid.
pub fn read_any_bytes(data: &[u8]) {
    for item in PuzzleReader::new(data).take(MAX_PUZZLES) {
        match item {
            Err(error) => {
                let message = error.to_string();
                assert!(!message.is_empty(), "an empty error message");
                assert!(!message.contains('\n'), "a message of several lines: {message:?}");
            }
            Ok(puzzle) => {
                let text = format_grid(&puzzle.grid, puzzle.format, puzzle.alphabet);
                let options = ReadOptions {
                    format: Some(puzzle.format),
                    size: Some(puzzle.grid.size()),
                    alphabet: Some(puzzle.alphabet),
                };
                let again: Vec<_> = PuzzleReader::with_options(text.as_bytes(), options).collect();
                match &again[..] {
                    [Ok(read)] => assert_eq!(read.grid, puzzle.grid, "written as {text:?}"),
                    other => panic!("{text:?} read back as {other:?}"),
                }
            }
        }
    }
}

/// The budget of every engine when the input draws none: an arbitrary grid may have no
/// solution for a reason no rule sees, and proving that can take any engine very long. Kept
/// small so that the fuzzer tries many cases a second.
const SAFETY_BUDGET: u64 = 5_000;

/// A case decoded from the input bytes.
#[derive(Debug)]
struct Case {
    puzzle: Grid,
    max_solutions: u32,
    budget: u64,
    excluded: (usize, u8),
}

/// Decodes a case: box order 2 to 4, the solution count limit (1 to 3), the node budget, a
/// value to rule out of a cell, a solved grid (from an 8-byte seed), and one byte per cell
/// saying whether that cell keeps its solved value, is blank, or is overwritten with an
/// arbitrary value (so that clues may clash). Missing bytes read as zero; cells past the input
/// keep their solved value, so that a short input is a quick case.
fn decode(data: &[u8]) -> Case {
    let byte = |index: usize| data.get(index).copied().unwrap_or(0);
    let size = Size::from_order(2 + usize::from(byte(0)) % 3).expect("orders 2..=4 are sizes");
    let max_solutions = 1 + u32::from(byte(1)) % 3;
    let budget = match u16::from_le_bytes([byte(2), byte(3)]) {
        0..=32_767 => SAFETY_BUDGET,
        drawn => 1 + u64::from(drawn) % SAFETY_BUDGET,
    };
    let side = size.side();
    let excluded = (usize::from(byte(4)) % size.cells(), (usize::from(byte(5)) % side + 1) as u8);
    let keep_percent = u32::from(byte(6)) % 101;
    let seed = u64::from_le_bytes(std::array::from_fn(|index| byte(7 + index)));
    let solved = Symmetry::from_seed(size, seed).apply(&base_solution(size));
    let mut puzzle = solved.clone();
    for cell in 0..size.cells() {
        let Some(&draw) = data.get(15 + cell) else { break };
        let value = match draw {
            240.. => (usize::from(draw - 240) % (side + 1)) as u8,
            _ if u32::from(draw) * 100 / 240 < keep_percent => solved.get(cell),
            _ => 0,
        };
        puzzle.set(cell, value);
    }
    Case { puzzle, max_solutions, budget, excluded }
}

thread_local! {
    /// One value of every engine, kept from one input to the next: some engines take long to
    /// make (`dlx` builds its matrix), and an engine must answer the same whatever it solved
    /// before.
    static ENGINE_VALUES: std::cell::RefCell<Vec<(&'static EngineInfo, Box<dyn Engine>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Every engine against every other on the case decoded from `data`: each answer is sound on
/// its own (a solution passes the checker and keeps the clues, and the value ruled out; the
/// count stays within the limit; the budget is never overrun), and every two engines that
/// finished report the same count, with and without the value ruled out.
pub fn engines_agree(data: &[u8]) {
    let case = decode(data);
    let size = case.puzzle.size();
    let mut finished: Vec<(&str, u32)> = Vec::new();
    let mut finished_excluding: Vec<(&str, u32)> = Vec::new();
    let mut engines = ENGINE_VALUES.with_borrow_mut(std::mem::take);
    if engines.is_empty() {
        engines = ENGINES.iter().map(|info| (info, info.create())).collect();
    }
    for (info, engine) in engines.iter_mut().filter(|(info, _)| info.supports(size)) {
        let limits = Limits::count_up_to(case.max_solutions);
        let limits = if info.instrumented { limits.with_node_budget(case.budget) } else { limits };
        let outcome = engine.solve(&case.puzzle, limits);
        check(&info.name, &case, limits, &outcome, None);
        if !outcome.budget_exhausted {
            finished.push((&info.name, outcome.count));
        }
        let (cell, value) = case.excluded;
        if let Some(outcome) = engine.solve_excluding(&case.puzzle, cell, value, limits) {
            check(&info.name, &case, limits, &outcome, Some(case.excluded));
            if !outcome.budget_exhausted {
                finished_excluding.push((&info.name, outcome.count));
            }
        }
    }
    ENGINE_VALUES.set(engines);
    for list in [&finished, &finished_excluding] {
        for pair in list.windows(2) {
            assert_eq!(
                pair[0].1, pair[1].1,
                "{} and {} disagree on {case:?}",
                pair[0].0, pair[1].0
            );
        }
    }
}

/// The checks every answer must pass on its own.
fn check(
    name: &str,
    case: &Case,
    limits: Limits,
    outcome: &Outcome,
    excluded: Option<(usize, u8)>,
) {
    assert_eq!(outcome.solution.is_some(), outcome.count > 0, "{name} on {case:?}");
    assert!(outcome.count <= limits.max_solutions(), "{name} on {case:?}");
    assert!(outcome.stats.nodes <= limits.node_bound(), "{name} overran its budget on {case:?}");
    if let Some(solution) = &outcome.solution {
        assert_eq!(check_solution(&case.puzzle, solution), Ok(()), "{name} on {case:?}");
        if let Some((cell, value)) = excluded {
            assert_ne!(solution.get(cell), value, "{name} kept the value ruled out, {case:?}");
        }
    }
}
