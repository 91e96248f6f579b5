//! Puzzles to order: every puzzle made meets its targets, checked independently of the search
//! (rated by a rater of its own, counted by another engine, the symmetry and the mask looked
//! at), has one solution and is minimal unless asked otherwise; the output does not depend on
//! the number of threads, and parts made with a later first number are the whole run's.

use sudoku_core::{Engine, Grid, Limits, Size, Verdict};
use sudoku_engines::{EngineInfo, default_engine_for};
use sudoku_generate::targets::scale_for;
use sudoku_generate::{ClueSymmetry, Made, RatingTarget, Targets, generate_targeted_each};
use sudoku_logic::{Band, End, Ladder, Options, Rater, Technique};

fn engine() -> &'static EngineInfo {
    default_engine_for(Size::NINE)
}

/// A counting engine other than the one the generator checks with.
fn referee() -> Box<dyn Engine> {
    sudoku_engines::find("dlx").expect("dlx is built in").create()
}

/// Puzzle numbers `first..first + count` of `seed` meeting `targets`, on `threads` threads.
fn make(seed: u64, first: u64, count: u64, targets: &Targets, threads: usize) -> Vec<Made> {
    targets.check(Size::NINE).expect("targets a puzzle can meet");
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let mut made = Vec::new();
    pool.install(|| {
        generate_targeted_each(seed, first, count, Size::NINE, targets, engine(), 2, |chunk| {
            made.extend_from_slice(chunk);
            Ok::<(), sudoku_core::Failure>(())
        })
    })
    .unwrap();
    made
}

fn puzzles(made: &[Made]) -> Vec<Grid> {
    made.iter().filter_map(|made| made.puzzle.clone()).collect()
}

fn one_solution(puzzle: &Grid, engine: &mut dyn Engine) -> bool {
    engine.solve(puzzle, Limits::UNIQUE).verdict(Limits::UNIQUE) == Verdict::Exactly(1)
}

/// Whether no orbit of `symmetry`'s that `puzzle` gives can be removed with the solution
/// staying unique.
fn minimal_among(puzzle: &Grid, symmetry: ClueSymmetry, engine: &mut dyn Engine) -> bool {
    symmetry.orbits(puzzle.size()).iter().filter(|orbit| puzzle.get(orbit[0]) != 0).all(|orbit| {
        let mut fewer = puzzle.clone();
        orbit.iter().for_each(|&cell| fewer.set(cell, 0));
        !one_solution(&fewer, engine)
    })
}

fn mask_of(puzzle: &Grid) -> Vec<bool> {
    puzzle.cells().iter().map(|&value| value != 0).collect()
}

/// The techniques of the path `sudoku rate` takes on a puzzle with one solution.
fn techniques_used(puzzle: &Grid) -> Vec<Technique> {
    let ladder =
        Ladder::of_scale(scale_for(Size::NINE), Options { uniqueness: true, ..Options::default() });
    ladder.solve(puzzle).steps.iter().map(|step| step.technique).collect()
}

/// Checks what every puzzle must be: one solution (counted by another engine), minimal among
/// puzzles of the symmetry unless `minimal` is off, the symmetry kept.
fn check_common(puzzles: &[Grid], targets: &Targets) {
    let mut referee = referee();
    for puzzle in puzzles {
        let line = puzzle.to_line();
        assert!(one_solution(puzzle, referee.as_mut()), "{line}");
        assert!(targets.symmetry.keeps(Size::NINE, &mask_of(puzzle)), "{line}");
        if targets.minimal {
            assert!(minimal_among(puzzle, targets.symmetry, referee.as_mut()), "{line}");
        }
    }
}

#[test]
fn a_rating_range_with_a_symmetry_is_met_by_every_puzzle() {
    let targets = Targets {
        symmetry: ClueSymmetry::Mirror,
        rating: Some(RatingTarget::Range { low: 3.0, high: 4.4 }),
        ..Targets::default()
    };
    let made = puzzles(&make(21, 0, 4, &targets, 2));
    assert!(made.len() >= 3, "{made:?}");
    check_common(&made, &targets);
    let rater = Rater::of_scale(scale_for(Size::NINE), true);
    for puzzle in &made {
        let rating = rater.rate(puzzle, true);
        assert_eq!(rating.end, End::Solved, "{}", puzzle.to_line());
        assert!((3.0..=4.4).contains(&rating.difficulty), "{} {rating:?}", puzzle.to_line());
    }
}

#[test]
fn a_band_a_needed_technique_and_a_clue_range_are_met_together() {
    let targets = Targets {
        rating: Some(RatingTarget::Band(Band::Intermediate)),
        needs: vec![Technique::NakedPair],
        clues: Some((22, 26)),
        ..Targets::default()
    };
    let made = puzzles(&make(5, 10, 3, &targets, 2));
    assert!(!made.is_empty());
    check_common(&made, &targets);
    let rater = Rater::of_scale(scale_for(Size::NINE), true);
    for puzzle in &made {
        let line = puzzle.to_line();
        assert_eq!(Band::of(&rater.rate(puzzle, true)), Band::Intermediate, "{line}");
        assert!(techniques_used(puzzle).contains(&Technique::NakedPair), "{line}");
        assert!((22..=26).contains(&puzzle.clue_count()), "{line}");
    }
}

#[test]
fn the_hardest_technique_is_the_one_asked() {
    let targets = Targets { hardest: Some(Technique::XyForcingChain), ..Targets::default() };
    let made = puzzles(&make(8, 0, 2, &targets, 2));
    assert!(!made.is_empty());
    check_common(&made, &targets);
    let rater = Rater::of_scale(scale_for(Size::NINE), true);
    for puzzle in &made {
        assert_eq!(
            rater.rate(puzzle, true).hardest,
            Some(Technique::XyForcingChain),
            "{}",
            puzzle.to_line()
        );
    }
}

#[test]
fn a_mask_is_filled_exactly_and_the_puzzle_is_minimal() {
    // The clue places of a minimal puzzle: some filling of them is a minimal puzzle.
    let mut checker = engine().create();
    let model = sudoku_generate::generate_one(40, 3, Size::NINE, checker.as_mut()).unwrap();
    let mask = mask_of(&model);
    let targets = Targets { patterns: vec![mask.clone()], attempts: 20_000, ..Targets::default() };
    let made = make(6, 0, 2, &targets, 2);
    let found = puzzles(&made);
    assert!(!found.is_empty(), "{made:?}");
    check_common(&found, &targets);
    for puzzle in &found {
        assert_eq!(mask_of(puzzle), mask, "{}", puzzle.to_line());
        assert_ne!(*puzzle, model, "the search found its own filling");
    }
}

#[test]
fn not_minimal_puzzles_keep_clues_within_the_range() {
    let targets = Targets { minimal: false, clues: Some((36, 40)), ..Targets::default() };
    let made = puzzles(&make(2, 0, 5, &targets, 1));
    assert_eq!(made.len(), 5);
    check_common(&made, &targets);
    let mut referee = referee();
    assert!(made.iter().all(|puzzle| (36..=40).contains(&puzzle.clue_count())));
    assert!(made.iter().any(|puzzle| !minimal_among(puzzle, ClueSymmetry::None, referee.as_mut())));
}

#[test]
fn threads_change_nothing_and_parts_make_the_whole() {
    let targets = Targets {
        symmetry: ClueSymmetry::Rot180,
        rating: Some(RatingTarget::Range { low: 2.0, high: 4.0 }),
        ..Targets::default()
    };
    let whole = make(13, 0, 6, &targets, 1);
    assert_eq!(make(13, 0, 6, &targets, 2), whole);
    let mut parts = make(13, 0, 2, &targets, 2);
    parts.extend(make(13, 2, 4, &targets, 2));
    assert_eq!(parts, whole);
    assert_ne!(make(14, 0, 6, &targets, 2), whole);
}

#[test]
fn a_puzzle_number_out_of_budget_writes_no_puzzle() {
    // One attempt cannot reach a forcing chain from a random puzzle but rarely.
    let targets = Targets {
        rating: Some(RatingTarget::Range { low: 8.0, high: 9.0 }),
        attempts: 1,
        ..Targets::default()
    };
    let made = make(3, 0, 8, &targets, 2);
    assert_eq!(made.len(), 8);
    assert!(made.iter().all(|made| made.attempts == 1));
    assert!(made.iter().any(|made| made.puzzle.is_none()));
}

#[test]
fn the_vicinity_walk_near_a_hard_rating_writes_puzzles_on_target_whatever_the_threads() {
    // From this floor up the search walks the vicinity of puzzles that rate near it.
    let low = sudoku_generate::VICINITY_FLOOR;
    let high = low + 0.4;
    let targets = Targets { rating: Some(RatingTarget::Range { low, high }), ..Targets::default() };
    let whole = make(1, 0, 2, &targets, 1);
    assert_eq!(make(1, 0, 2, &targets, 2), whole);
    let made = puzzles(&whole);
    assert!(!made.is_empty(), "{whole:?}");
    check_common(&made, &targets);
    let rater = Rater::of_scale(scale_for(Size::NINE), true);
    for puzzle in &made {
        let rating = rater.rate(puzzle, true);
        assert_eq!(rating.end, End::Solved, "{}", puzzle.to_line());
        assert!((low..=high).contains(&rating.difficulty), "{} {rating:?}", puzzle.to_line());
    }
}

fn line(text: &str) -> Grid {
    sudoku_core::parse_one(text.as_bytes()).expect("a puzzle line").grid
}

/// A puzzle this generator made near one of the hardest published puzzles; it rates 10.5
/// (nested forcing chains).
const HARD: &str =
    "..4..38...7..8....2..1....6..3....9..8..2....1..7....3......45....8..9....9..5..8";

#[test]
fn a_walk_near_a_given_puzzle_makes_other_puzzles_on_target_whatever_the_threads() {
    let start = line(HARD);
    let low = 9.0;
    let targets = Targets {
        rating: Some(RatingTarget::Range { low, high: 12.0 }),
        near: vec![start.clone()],
        ..Targets::default()
    };
    sudoku_generate::check_near(&targets, engine().create().as_mut()).expect("one solution");
    let whole = make(4, 0, 2, &targets, 1);
    assert_eq!(make(4, 0, 2, &targets, 2), whole);
    let made = puzzles(&whole);
    assert_eq!(made.len(), 2, "{whole:?}");
    check_common(&made, &targets);
    let rater = Rater::of_scale(scale_for(Size::NINE), true);
    for puzzle in &made {
        assert_ne!(puzzle.cells(), start.cells(), "a neighbour, not the puzzle given");
        let shared = (0..81).filter(|&c| puzzle.get(c) != 0 && puzzle.get(c) == start.get(c));
        assert!(
            shared.count() >= 12,
            "{} keeps most of the puzzle it started from",
            puzzle.to_line()
        );
        let rating = rater.rate(puzzle, true);
        assert_eq!(rating.end, End::Solved, "{}", puzzle.to_line());
        assert!(rating.difficulty >= low, "{} {rating:?}", puzzle.to_line());
    }
}

#[test]
fn puzzles_to_walk_near_are_refused_when_no_walk_can_start_from_them() {
    let hard = line(HARD);
    let refused = |targets: Targets| targets.check(Size::NINE).unwrap_err().to_string();
    let near = |puzzles: Vec<Grid>| Targets { near: puzzles, ..Targets::default() };
    let four = line("1...............");
    assert!(refused(near(vec![hard.clone(), four])).contains("puzzle 2 of --near is 4×4"));
    let text = refused(Targets { symmetry: ClueSymmetry::Rot180, ..near(vec![hard.clone()]) });
    assert!(text.starts_with("--symmetry") && text.contains("not rot180-symmetric"), "{text}");
    let mask: Vec<bool> = (0..81).map(|cell| cell % 3 == 0).collect();
    let text = refused(Targets { patterns: vec![mask], ..near(vec![hard.clone()]) });
    assert!(text.starts_with("--near"), "{text}");
    // Several solutions, or none, are found by counting.
    let mut open = hard.clone();
    open.set((0..81).find(|&c| hard.get(c) != 0).unwrap(), 0);
    let mut broken = hard.clone();
    let empty = (0..81).find(|&c| hard.get(c) == 0).unwrap();
    let blocked = (1..=9).find(|&v| {
        let mut trial = hard.clone();
        trial.set(empty, v);
        trial.first_conflict().is_none()
            && engine().create().solve(&trial, Limits::UNIQUE).verdict(Limits::UNIQUE)
                == Verdict::Exactly(0)
    });
    broken.set(empty, blocked.unwrap());
    for (puzzles, words) in [
        (vec![hard.clone(), open], "puzzle 2 of --near has more than one solution"),
        (vec![broken], "puzzle 1 of --near has no solution"),
    ] {
        match sudoku_generate::check_near(&near(puzzles), engine().create().as_mut()) {
            Err(sudoku_generate::NearRefusal::Refused(refusal)) => {
                assert!(refusal.to_string().contains(words), "{refusal}")
            }
            other => panic!("{other:?}"),
        }
    }
}
