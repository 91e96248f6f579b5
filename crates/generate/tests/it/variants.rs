//! Variant puzzles drawn over their solutions: each has one solution, which keeps every rule
//! it is written with, the rules are of the kinds asked, no rule and no given can go, and the
//! same seed draws the same puzzles whichever engine checks them.

use sudoku_core::{ConstraintKind, Engine, Grid, Limits, Size, Verdict};
use sudoku_engines::find;
use sudoku_generate::{Made, Recipe, Variant, generate_one_of};

fn recipe(variants: &[Variant]) -> Recipe {
    Recipe { variants: variants.to_vec(), ..Recipe::default() }
}

fn made(seed: u64, index: u64, variants: &[Variant], engine: &str) -> Grid {
    let mut engine = find(engine).unwrap().create();
    let made: Made =
        generate_one_of(seed, index, Size::NINE, &recipe(variants), 1, engine.as_mut()).unwrap();
    made.puzzle.expect("a variant puzzle is drawn at the first attempt")
}

/// The solutions of `puzzle`, up to two, as `engine` counts, and the first.
fn count(puzzle: &Grid, engine: &mut dyn Engine) -> (Verdict, Option<Grid>) {
    let outcome = engine.solve(puzzle, Limits::UNIQUE);
    (outcome.verdict(Limits::UNIQUE), outcome.solution)
}

/// The kinds of rule each variant may leave.
fn kinds_of(variant: Variant) -> &'static [ConstraintKind] {
    use ConstraintKind as K;
    match variant {
        Variant::Killer => &[K::Killer],
        Variant::Thermo => &[K::Thermometer],
        Variant::Arrow => &[K::Arrow],
        Variant::Kropki => &[K::Difference, K::Ratio, K::Nonconsecutive, K::NegativeRatio],
        Variant::Xv => &[K::Xv, K::NegativeXv],
        Variant::LittleKiller => &[K::LittleKiller],
        Variant::Lines => &[K::Whispers, K::Renban, K::Odd, K::Even],
        Variant::Mixed => &[K::Killer, K::Thermometer, K::Arrow, K::LittleKiller],
    }
}

#[test]
fn each_drawn_puzzle_has_one_solution_that_keeps_its_rules_and_needs_each_of_them() {
    let mut cdcl = find("cdcl").unwrap().create();
    let mut propagate = find("propagate").unwrap().create();
    // Little killers take seconds a puzzle in a debug build: one kind less here, the CLI's
    // tests draw them.
    let variants = Variant::ALL.into_iter().filter(|&variant| variant != Variant::LittleKiller);
    for variant in variants {
        for index in 0..2 {
            let puzzle = made(3, index, &[variant], "cdcl");
            let layout = puzzle.layout().expect("a variant puzzle has rules").clone();
            let rules = layout.constraints();
            assert!(!rules.is_empty(), "{variant:?}: no rule left");
            for rule in rules {
                assert!(kinds_of(variant).contains(&rule.kind()), "{variant:?}: {rule:?}");
            }
            let (verdict, solution) = count(&puzzle, cdcl.as_mut());
            assert_eq!(verdict, Verdict::Exactly(1), "{variant:?} {}", puzzle.to_line());
            assert_eq!(count(&puzzle, propagate.as_mut()).0, Verdict::Exactly(1), "{variant:?}");
            let solution = solution.unwrap();
            assert_eq!(layout.first_broken(solution.cells()), None, "{variant:?}");
            for (cell, &value) in puzzle.cells().iter().enumerate() {
                assert!(value == 0 || solution.get(cell) == value, "{variant:?}");
            }
            // No rule can go: without any one, a second solution (or, for a dot under the
            // negative rule, a solution that breaks what is left).
            for left_out in 0..rules.len() {
                let mut fewer = rules.to_vec();
                fewer.remove(left_out);
                let fewer = std::sync::Arc::new(layout.with_constraints(fewer).unwrap());
                let broken = fewer.first_broken(solution.cells()).is_some();
                let wider = puzzle.clone().with_layout(Some(fewer));
                assert!(
                    broken || count(&wider, cdcl.as_mut()).0 != Verdict::Exactly(1),
                    "{variant:?}: {:?} is not needed",
                    rules[left_out]
                );
            }
        }
    }
}

#[test]
fn the_same_seed_draws_the_same_puzzles_whichever_engine_checks_them() {
    for variants in [&[Variant::Killer][..], &[Variant::Thermo, Variant::Arrow], &[Variant::Kropki]]
    {
        let one = made(5, 1, variants, "cdcl");
        assert_eq!(made(5, 1, variants, "propagate"), one, "{variants:?}");
        assert_eq!(made(5, 1, variants, "cdcl"), one, "{variants:?}");
        assert_ne!(made(6, 1, variants, "cdcl"), one, "{variants:?}");
    }
}

#[test]
fn variant_words_read_back_and_unknown_ones_are_refused() {
    let parsed = Variant::parse_list("thermo,killer thermo").unwrap();
    assert_eq!(parsed, [Variant::Killer, Variant::Thermo]);
    assert_eq!(Variant::parse_list("none"), Ok(Vec::new()));
    for variant in Variant::ALL {
        assert_eq!(Variant::from_word(variant.word()), Some(variant));
    }
    assert!(Variant::parse_list("sandwich").unwrap_err().contains("`sandwich` is not a kind"));
    let recipe = Recipe { variants: parsed, ..Recipe::default() };
    assert!(!recipe.is_classic() && recipe.is_classic_layout());
    assert_eq!(recipe.words(), "killer thermo");
    assert_eq!(recipe.check(Size::NINE), Ok(()));
    let pencilmark = Recipe { pencilmark: true, ..recipe };
    assert!(pencilmark.check(Size::NINE).is_err());
}
