//! The generator's promises: reproducible from the seed alone, and every puzzle minimal with
//! exactly one solution, as two different engines count.

use sudoku_core::{
    Engine, Failure, FailureKind, Grid, Limits, Outcome, Size, Verdict, check_solution,
};
use sudoku_engines::{EngineInfo, default_engine_for, find};
use sudoku_generate::{generate, generate_each, is_minimal, solved_grid};

fn engine(name: &str) -> &'static EngineInfo {
    find(name).unwrap_or_else(|unknown| panic!("{unknown}"))
}

fn in_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(work)
}

#[test]
fn a_fixed_seed_gives_identical_output_whatever_the_threads_and_the_engine() {
    let reference = in_pool(1, || generate(11, 24, Size::NINE, engine("dlx")).unwrap());
    assert_eq!(reference.len(), 24);
    assert_eq!(in_pool(2, || generate(11, 24, Size::NINE, engine("dlx")).unwrap()), reference);
    assert_eq!(
        in_pool(2, || generate(11, 24, Size::NINE, engine("bitmask-mrv")).unwrap()),
        reference
    );
    // `cdcl` and `propagate` answer by ruling the removed clue out, the others by counting.
    assert_eq!(in_pool(2, || generate(11, 24, Size::NINE, engine("cdcl")).unwrap()), reference);
    assert_eq!(
        in_pool(2, || generate(11, 24, Size::NINE, engine("propagate")).unwrap()),
        reference
    );
    // A prefix of a longer run is the shorter run: puzzle i depends on (seed, i) only.
    assert_eq!(
        in_pool(2, || generate(11, 30, Size::NINE, engine("dlx")).unwrap())[..24],
        reference[..]
    );
    let other_seed = in_pool(2, || generate(12, 24, Size::NINE, engine("dlx")).unwrap());
    assert!(other_seed.iter().zip(&reference).all(|(a, b)| a != b));
}

#[test]
fn every_puzzle_has_exactly_one_solution_by_two_engines_and_is_minimal() {
    let seed = 2024;
    let puzzles = generate(seed, 40, Size::NINE, engine("dlx")).unwrap();
    let mut distinct = puzzles.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), puzzles.len(), "puzzles repeat");
    let mut dlx = engine("dlx").create();
    let mut mrv = engine("bitmask-mrv").create();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let solution = solved_grid(seed, index as u64, Size::NINE);
        for checker in [&mut dlx, &mut mrv] {
            let outcome = checker.solve(puzzle, Limits::UNIQUE);
            assert_eq!(outcome.verdict(Limits::UNIQUE), Verdict::Exactly(1), "puzzle {index}");
            assert_eq!(outcome.solution, Some(solution.clone()), "puzzle {index}");
        }
        assert_eq!(check_solution(puzzle, &solution), Ok(()));
        assert!(puzzle.clue_count() >= 17 && puzzle.clue_count() < 40, "{puzzle}");
        assert!(is_minimal(puzzle, mrv.as_mut()), "puzzle {index} is not minimal: {puzzle}");
    }
}

#[test]
fn minimality_check_rejects_a_puzzle_with_a_spare_clue() {
    let seed = 5;
    let puzzle = generate(seed, 1, Size::NINE, engine("dlx")).unwrap()[0].clone();
    let solution = solved_grid(seed, 0, Size::NINE);
    let mut padded: Grid = puzzle.clone();
    let empty = (0..81).find(|&cell| puzzle.get(cell) == 0).unwrap();
    padded.set(empty, solution.get(empty));
    let mut dlx = engine("dlx").create();
    assert!(is_minimal(&puzzle, dlx.as_mut()));
    assert!(!is_minimal(&padded, dlx.as_mut()));
}

#[test]
fn chunks_come_in_order_and_make_the_same_puzzles() {
    let reference = in_pool(2, || generate(3, 23, Size::NINE, engine("dlx")).unwrap());
    let mut sizes = Vec::new();
    let mut streamed = Vec::new();
    let all: Result<(), Failure> = in_pool(2, || {
        generate_each(3, 0, 23, Size::NINE, engine("bitmask-mrv"), 5, |chunk| {
            sizes.push(chunk.len());
            streamed.extend_from_slice(chunk);
            Ok(())
        })
    });
    assert_eq!(all, Ok(()));
    assert_eq!(sizes, [5, 5, 5, 5, 3]);
    assert_eq!(streamed, reference);
    // One puzzle at a time on three workers, which finish them out of order: still in order.
    let mut one_by_one = Vec::new();
    let all: Result<(), Failure> = in_pool(3, || {
        generate_each(3, 0, 23, Size::NINE, engine("propagate"), 1, |chunk| {
            assert_eq!(chunk.len(), 1);
            one_by_one.extend_from_slice(chunk);
            Ok(())
        })
    });
    assert_eq!(all, Ok(()));
    assert_eq!(one_by_one, reference);
    // A run from puzzle 9 makes the puzzles the whole run ends with.
    let mut from_nine = Vec::new();
    let all: Result<(), Failure> = in_pool(2, || {
        generate_each(3, 9, 14, Size::NINE, engine("dlx"), 4, |chunk| {
            from_nine.extend_from_slice(chunk);
            Ok(())
        })
    });
    assert_eq!(all, Ok(()));
    assert_eq!(from_nine, reference[9..]);
}

/// Why a stream of puzzles stopped, in the tests.
#[derive(Debug, PartialEq)]
enum Stop {
    Enough,
    Engine(Failure),
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Self {
        Stop::Engine(failure)
    }
}

#[test]
fn the_first_error_stops_the_stream() {
    let mut chunks = 0;
    let stopped = generate_each(3, 0, 1_000_000_000, Size::NINE, engine("dlx"), 4, |_| {
        chunks += 1;
        if chunks == 2 { Err(Stop::Enough) } else { Ok(()) }
    });
    assert_eq!(stopped, Err(Stop::Enough));
    assert_eq!(chunks, 2);
}

/// An engine that answers its first `answers` solves with `dlx`'s answers, then crashes, as an
/// engine from outside can.
struct CrashesAfter {
    answers: u32,
    inner: Box<dyn Engine>,
}

impl Engine for CrashesAfter {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if self.answers == 0 {
            return Outcome::failed(FailureKind::Crashed, "killed by signal 11");
        }
        self.answers -= 1;
        self.inner.solve(puzzle, limits)
    }
}

#[test]
fn an_engine_that_fails_stops_the_stream_with_its_failure() {
    // A 9×9 puzzle asks once for each of its 81 cells: 20 answers make none.
    let crashing = EngineInfo::new("crashing", "crashes after 20 answers", || {
        Box::new(CrashesAfter { answers: 20, inner: engine("dlx").create() })
    });
    let mut written = 0;
    let stopped = in_pool(2, || {
        generate_each(3, 0, 1_000, Size::NINE, &crashing, 1, |chunk| {
            written += chunk.len();
            Ok::<(), Stop>(())
        })
    });
    let failure = Failure { kind: FailureKind::Crashed, message: "killed by signal 11".into() };
    assert_eq!(stopped, Err(Stop::Engine(failure.clone())));
    assert_eq!(written, 0);
    assert_eq!(generate(3, 5, Size::NINE, &crashing), Err(failure));
}

#[test]
fn other_sizes_are_minimal_unique_and_independent_of_the_engine() {
    for (order, count, other) in [(2, 12, "bitmask-mrv"), (4, 2, "dlx")] {
        let size = Size::from_order(order).unwrap();
        let fastest = default_engine_for(size);
        let puzzles = in_pool(2, || generate(7, count, size, fastest).unwrap());
        assert_eq!(
            in_pool(1, || generate(7, count, size, engine(other)).unwrap()),
            puzzles,
            "{size}"
        );
        let mut checker = fastest.create();
        for (index, puzzle) in puzzles.iter().enumerate() {
            assert_eq!(puzzle.size(), size);
            let solution = solved_grid(7, index as u64, size);
            let outcome = checker.solve(puzzle, Limits::UNIQUE);
            assert_eq!(outcome.verdict(Limits::UNIQUE), Verdict::Exactly(1), "{size} {index}");
            assert_eq!(outcome.solution.as_ref(), Some(&solution), "{size} {index}");
            assert!(is_minimal(puzzle, checker.as_mut()), "{size} {index}: {puzzle}");
        }
    }
}

/// Puzzles of layouts, each made by one engine and checked by another: one solution, keeping
/// the layout; minimal (every clue removed lets a second solution in), or for pencilmark
/// puzzles maximal (every candidate added does); and the same puzzle from the same seed and
/// number whichever engine makes it.
#[test]
fn puzzles_of_layouts_are_unique_and_minimal_or_maximal_by_another_engine() {
    use sudoku_generate::{Recipe, generate_one_of};
    let six = Size::from_side(6).unwrap();
    let cases = [
        ("x", Size::NINE),
        ("jigsaw", Size::NINE),
        ("windoku anti-king", Size::NINE),
        ("jigsaw x", six),
        ("pencilmark", six),
        ("x pencilmark", six),
    ];
    for (words, size) in cases {
        let recipe = Recipe::parse(words).unwrap();
        recipe.check(size).unwrap();
        let mut maker = engine("propagate").create();
        let mut other = engine("dlx").create();
        for index in 0..3 {
            let attempts = sudoku_generate::targets::DEFAULT_ATTEMPTS;
            let made = |engine: &mut dyn Engine| {
                generate_one_of(7, index, size, &recipe, attempts, engine).unwrap().puzzle.unwrap()
            };
            let puzzle = made(&mut *maker);
            let again = made(&mut *other);
            assert_eq!(puzzle, again, "{words}: the same puzzle whatever the engine");
            let layout = puzzle.layout().expect("a layout").clone();
            let words_made = layout.words().join(" ");
            for word in words.split(' ') {
                assert!(words_made.contains(word), "{words}: made {words_made}");
            }
            let counted =
                |grid: &Grid, other: &mut dyn Engine| other.solve(grid, Limits::UNIQUE).count;
            assert_eq!(counted(&puzzle, &mut *other), 1, "{words}: {}", puzzle.to_line());
            match layout.candidates() {
                None => {
                    for cell in (0..size.cells()).filter(|&cell| puzzle.get(cell) != 0) {
                        let mut fewer = puzzle.clone();
                        fewer.set(cell, 0);
                        assert_eq!(
                            counted(&fewer, &mut *other),
                            2,
                            "{words}: clue at {cell} spare"
                        );
                    }
                }
                Some(sets) => {
                    assert_eq!(puzzle.clue_count(), 0);
                    for cell in 0..size.cells() {
                        for value in (0..size.side()).filter(|&v| sets[cell] >> v & 1 == 0) {
                            let mut more = sets.to_vec();
                            more[cell] |= 1 << value;
                            let marked = layout.with_candidates(Some(&more)).unwrap();
                            let grid =
                                Grid::empty(size).with_layout(Some(std::sync::Arc::new(marked)));
                            assert_eq!(
                                counted(&grid, &mut *other),
                                2,
                                "{words}: {value} addable at {cell}"
                            );
                        }
                    }
                }
            }
        }
    }
}
