//! Each technique of the rules on hand-made positions: the step it finds, its text, and that
//! it holds in the solution the rules were drawn over.

use sudoku_core::Size;

use super::find;
use crate::board::Board;
use crate::step::{Step, Technique};
use crate::techniques::testing::{grid_from_line, variant_grid};

/// The solution every rule below was drawn over.
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The empty grid.
fn empty() -> String {
    ".".repeat(81)
}

/// The empty grid with the givens `(cell name, digit)` of [`SOLUTION`].
fn with(givens: &[&str]) -> String {
    let solution = SOLUTION.as_bytes();
    let mut line = empty().into_bytes();
    for name in givens {
        let cell = cell(name);
        line[cell] = solution[cell];
    }
    String::from_utf8(line).unwrap()
}

/// The cell `r3c5` names.
fn cell(name: &str) -> usize {
    let (row, col) = name[1..].split_once('c').unwrap();
    (row.parse::<usize>().unwrap() - 1) * 9 + col.parse::<usize>().unwrap() - 1
}

/// The step `technique` finds on the puzzle `line` under `rules`, checked against the
/// solution (when `holds`) and described.
fn step_of(technique: Technique, line: &str, rules: &[&str], holds: bool) -> (Step, String) {
    let puzzle = variant_grid(line, rules);
    let board = Board::new(&puzzle);
    assert!(!board.is_broken(), "{rules:?}");
    let step = find(technique, &board).unwrap_or_else(|| panic!("{technique} on {rules:?}"));
    assert_eq!(step.technique, technique);
    assert!(board.progresses(&step));
    if holds {
        let solution = grid_from_line(SOLUTION).with_layout(puzzle.layout().cloned());
        assert_eq!(solution.first_broken(), None, "the rules hold in the solution");
        assert!(step.holds_in(&solution), "{}", step.describe(Size::NINE));
    }
    let text = step.describe(Size::NINE);
    (step, text)
}

fn removes(step: &Step, name: &str) -> u64 {
    step.eliminations
        .iter()
        .filter(|&&(c, _)| c == cell(name))
        .fold(0, |set, &(_, value)| set | 1 << (value - 1))
}

fn places(step: &Step, name: &str) -> Option<u8> {
    step.placements.iter().find(|&&(c, _)| c == cell(name)).map(|&(_, value)| value)
}

#[test]
fn a_cage_of_two_cells_adding_to_3_holds_1_and_2_and_clears_its_row_and_box_of_them() {
    let rules = ["killer 3 r1c8 r1c9"];
    let (step, text) = step_of(Technique::CageCombinations, &empty(), &rules, true);
    assert_eq!(removes(&step, "r1c8"), 0b1_1111_1100);
    assert_eq!(removes(&step, "r1c9"), 0b1_1111_1100);
    assert_eq!(
        text,
        "Cage Combinations: killer cage at r1c8 (sum 3): 1+2 in r1c8,r1c9 => r1c8,r1c9<>3,4,5,6,7,8,9"
    );
    let (step, text) = step_of(Technique::CagePointing, &empty(), &rules, true);
    // 1 lies in the cage, in row 1 and box 3: every other cell of both loses it.
    assert_eq!(step.eliminations.len(), 7 + 6);
    assert!(step.eliminations.iter().all(|&(_, value)| value == 1));
    assert_eq!(
        text,
        "Cage Pointing: killer cage at r1c8 (sum 3) needs 1 (1+2), in r1c8,r1c9 (row 1) => \
         r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r2c7,r2c8,r2c9,r3c7,r3c8,r3c9<>1"
    );
}

#[test]
fn a_cage_places_the_digit_its_last_cell_needs() {
    let rules = ["killer 14 r1c1 r1c2 r1c3 r2c3"];
    let (step, text) =
        step_of(Technique::CageCombinations, &with(&["r1c1", "r1c2", "r1c3"]), &rules, true);
    assert_eq!(places(&step, "r2c3"), Some(2));
    assert_eq!(
        text,
        "Cage Combinations: killer cage at r1c1 (sum 14): 2+3+4+5 in r1c1,r1c2,r1c3,r2c3 => \
         r2c3=2"
    );
}

#[test]
fn a_cage_places_a_cell_of_it_its_row_left_one_candidate() {
    // Row 1 given but r1c1, which holds only 5 but is not placed: the cage places it with
    // r2c1, as it would have placed it had r1c1 still held more candidates for it to take.
    let givens = ["r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"];
    let rules = ["killer 11 r1c1 r2c1"];
    let (step, text) = step_of(Technique::CageCombinations, &with(&givens), &rules, true);
    assert_eq!(places(&step, "r2c1"), Some(6));
    assert_eq!(places(&step, "r1c1"), Some(5));
    assert_eq!(
        text,
        "Cage Combinations: killer cage at r1c1 (sum 11): 5+6 in r1c1,r2c1 => r1c1=5, r2c1=6"
    );
}

#[test]
fn the_rule_of_45_finds_the_one_cell_the_cages_of_a_row_leave() {
    let rules = ["killer 7 r9c1 r9c2", "killer 15 r9c3 r9c4 r9c5", "killer 14 r9c6 r9c7 r9c8"];
    let (step, text) = step_of(Technique::RuleOf45, &empty(), &rules, true);
    assert_eq!(places(&step, "r9c9"), Some(9));
    assert_eq!(step.difficulty(), 2.7);
    assert_eq!(
        text,
        "Rule of 45: row 9 less killer cage at r9c1 (sum 7), killer cage at r9c3 (sum 15), \
         killer cage at r9c6 (sum 14): r9c9 = 9 => r9c9=9"
    );
}

#[test]
fn the_rule_of_45_with_outies_rates_a_tenth_more() {
    // Box 1 covered by three cages and one sticking out of it by r1c4.
    let rules = [
        "killer 14 r1c1 r1c2 r2c1",
        "killer 17 r2c2 r2c3 r3c3",
        "killer 10 r3c1 r3c2",
        "killer 10 r1c3 r1c4",
    ];
    // Row 1 first: the cells the cage inside it leaves add to 35, so they hold 5 (every
    // set of seven digits adding to 35 does), which leaves the cage's cells.
    let (_, text) = step_of(Technique::RuleOf45, &empty(), &rules, true);
    assert_eq!(
        text,
        "Rule of 45: row 1 less killer cage at r1c3 (sum 10): \
         r1c1+r1c2+r1c5+r1c6+r1c7+r1c8+r1c9 = 35 => r1c3,r1c4<>5"
    );
    // Then, step by step, box 1's outie.
    let puzzle = variant_grid(&empty(), &rules);
    let solution = grid_from_line(SOLUTION);
    let mut board = Board::new(&puzzle);
    let outie = loop {
        let step = find(Technique::RuleOf45, &board).expect("a step of the rule of 45");
        assert!(step.holds_in(&solution), "{}", step.describe(Size::NINE));
        if step.extra > 0 {
            break step;
        }
        board.apply(&step);
    };
    assert_eq!(outie.difficulty(), 2.8);
    assert_eq!(places(&outie, "r1c4"), Some(6));
    assert!(outie.describe(Size::NINE).starts_with("Rule of 45: box 1 less "));
    assert!(outie.describe(Size::NINE).ends_with(": r1c4 = 6 => r1c4=6"));
}

#[test]
fn a_thermometer_keeps_room_below_and_above_each_cell() {
    let (step, text) = step_of(Technique::Thermometer, &empty(), &["thermo r3c1 r2c1 r2c2"], true);
    assert_eq!(removes(&step, "r3c1"), 0b1_1000_0000);
    assert_eq!(removes(&step, "r2c1"), 0b1_0000_0001);
    assert_eq!(removes(&step, "r2c2"), 0b0_0000_0011);
    assert!(text.starts_with("Thermometer: thermometer from r3c1 (r3c1<r2c1<r2c2) => "), "{text}");
}

#[test]
fn an_arrow_s_circle_is_at_least_what_its_line_can_add_to() {
    let (step, text) = step_of(Technique::Arrow, &empty(), &["arrow r2c5 : r1c5 r3c6"], true);
    assert_eq!(removes(&step, "r2c5"), 0b11, "two cells of one box add to 3 or more");
    assert!(text.starts_with("Arrow Sum: arrow from r2c5 (r2c5 = r1c5+r3c6) => "), "{text}");
}

#[test]
fn a_zipper_line_s_middle_is_at_least_what_its_two_ends_can_add_to() {
    let (step, text) = step_of(Technique::Zipper, &empty(), &["zipper r1c2 r2c2 r1c3"], true);
    assert_eq!(removes(&step, "r2c2"), 0b11, "two cells of one row add to 3 or more");
    assert_eq!(removes(&step, "r1c2"), 0b1_0000_0000, "an end with the other at 1 or more");
    assert!(
        text.starts_with("Zipper Line: zipper line from r1c2 (r1c2+r1c3 = r2c2) => "),
        "{text}"
    );
}

#[test]
fn dots_xv_whispers_and_the_like_each_name_their_rule() {
    let cases: [(Technique, &[&str], &str, &[&str]); 14] = [
        (
            Technique::Kropki,
            &["r1c3"],
            "Kropki Dot: white dot r1c2-r1c3 (1)",
            &["difference r1c2 r1c3"],
        ),
        (Technique::Kropki, &[], "Kropki Dot: black dot r1c8-r1c9 (2)", &["ratio r1c8 r1c9"]),
        (
            Technique::Xv,
            &["r2c3"],
            "XV: X r2c3-r3c3 (r2c3+r3c3 = 10) => r3c3=8",
            &["xv x r2c3 r3c3"],
        ),
        (
            Technique::Whispers,
            &[],
            "Whispers: whispers line from r2c1",
            &["whispers r2c1 r3c1 r3c2"],
        ),
        (Technique::OddEven, &[], "Odd/Even Cell: odd cell r1c1 => r1c1<>2,4,6,8", &["odd r1c1"]),
        (
            Technique::Palindrome,
            &["r1c1"],
            "Palindrome: palindrome from r1c1 (r1c1=r2c6) => r2c6=5",
            &["palindrome r1c1 r1c5 r2c6"],
        ),
        (Technique::Renban, &["r1c5"], "Renban: renban line from r1c5", &["renban r1c5 r1c6 r1c7"]),
        (
            Technique::LittleKiller,
            &[],
            "Little Killer: little killer 9 from r0c7 down-right (r1c8+r2c9 = 9)",
            &["little-killer 9 r0c7 dr"],
        ),
        (
            Technique::Between,
            &[],
            "Between Line: between line from r3c1 (r2c2 between r3c1 and r3c2)",
            &["between r3c1 r2c2 r3c2"],
        ),
        (Technique::MinMax, &[], "Minimum/Maximum Cell: maximum cell r1c7", &["maximum r1c7"]),
        (
            Technique::Quadruple,
            &["r1c8", "r2c8", "r2c9"],
            "Quadruple: quadruple 12 at r1c8",
            &["quadruple 1 2 r1c8 r1c9 r2c8 r2c9"],
        ),
        (
            Technique::Clone,
            &["r1c1"],
            "Clone: clone of r1c1 at r2c6 (r1c1=r2c6) => r2c6=5",
            &["clone r1c1 : r2c6"],
        ),
        (
            Technique::Entropic,
            &["r2c7"],
            "Entropic Line: entropic line from r2c7",
            &["entropic r2c7 r2c8 r2c9"],
        ),
        (
            Technique::RegionSum,
            &["r3c2"],
            "Region-Sum Line: region-sum line from r3c2",
            &["region-sum r3c2 r2c5"],
        ),
    ];
    for (technique, givens, start, rules) in cases {
        let (_, text) = step_of(technique, &with(givens), rules, true);
        assert!(text.starts_with(start), "{text}\nexpected to start with {start}");
    }
}

#[test]
fn outside_clues_narrow_their_row() {
    let cases: [(Technique, &str, &[&str]); 3] = [
        (Technique::Sandwich, "sandwich 13 r4c0", &["r4c3", "r4c6"]),
        (Technique::XSum, "x-sum 3 r1c10", &[]),
        (Technique::SkyscraperClue, "skyscraper 5 r1c0", &["r1c1"]),
    ];
    for (technique, rule, givens) in cases {
        let (step, text) = step_of(technique, &with(givens), &[rule], true);
        assert!(!step.eliminations.is_empty() || !step.placements.is_empty(), "{text}");
        assert!(text.starts_with(&format!("{}: ", technique.name())), "{text}");
    }
}

#[test]
fn a_negative_rule_takes_from_the_cells_beside_a_placed_digit() {
    let mut line = empty().into_bytes();
    line[cell("r5c5")] = b'5';
    let line = String::from_utf8(line).unwrap();
    let (step, text) = step_of(Technique::NegativeRule, &line, &["nonconsecutive"], false);
    for beside in ["r4c5", "r6c5", "r5c4", "r5c6"] {
        assert_eq!(removes(&step, beside), 0b10_1000, "{beside}: 4 and 6 go");
    }
    assert!(text.starts_with("Negative Rule: nonconsecutive rule beside r5c5 (5) => "), "{text}");
}

#[test]
fn a_rule_no_digits_can_keep_breaks_the_board_and_a_broken_rule_is_found() {
    // Two cells of one row adding to 2: no combination.
    let puzzle = variant_grid(&empty(), &["killer 2 r1c1 r1c2"]);
    let mut board = Board::new(&puzzle);
    let step = find(Technique::CageCombinations, &board).unwrap();
    assert!(step.describe(Size::NINE).contains("no combination"));
    board.apply(&step);
    assert!(board.is_broken());
    // A clue that breaks a thermometer makes a broken board; a placement that breaks one too.
    let mut line = empty().into_bytes();
    line[0] = b'9';
    let puzzle = variant_grid(&String::from_utf8(line).unwrap(), &["thermo r1c1 r1c2"]);
    assert!(Board::new(&puzzle).is_broken());
    let puzzle = variant_grid(&empty(), &["thermo r1c1 r1c2"]);
    let mut board = Board::new(&puzzle);
    board.place(0, 5);
    assert!(!board.is_broken());
    board.place(1, 3);
    assert!(board.is_broken(), "5 then 3 along a thermometer");
}

#[test]
fn a_cage_without_a_sum_keeps_its_digits_apart_as_a_naked_pair_does() {
    let puzzle = variant_grid(&empty(), &["killer r1c1 r2c5 r3c9"]);
    let mut board = Board::new(&puzzle);
    for name in ["r1c1", "r2c5"] {
        for value in 3..=9 {
            board.eliminate(cell(name), value);
        }
    }
    let step = find(Technique::CageCombinations, &board).expect("the pair leaves r3c9");
    assert_eq!(removes(&step, "r3c9"), 0b11);
    assert_eq!(step.eliminations.len(), 2);
    assert_eq!(
        step.describe(Size::NINE),
        "Cage Combinations: killer cage at r1c1 (r1c1,r2c5,r3c9 differ) => r3c9<>1,2"
    );
    assert!(step.rule.as_ref().unwrap().combinations.is_empty(), "no sum: no sets listed");
}
