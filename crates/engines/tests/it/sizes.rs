//! Every engine at every size it supports, square boxes of orders 2 to 8 and rectangular boxes
//! (6×6 with boxes of 2×3 or 3×2, 8×8, 10×10, 12×12, ...): solutions checked, solution
//! counts compared between engines, budgets and clashes at every size, and the row-major
//! engines' lexicographic order beyond 9×9. Puzzles are solved grids of each size, relabelled
//! and shuffled by seeded symmetries, with seeded random cells blanked.

use crate::common;

use common::{ROW_MAJOR, blanked, engines_for, solve_with_all, solved_grid_of};
use sudoku_core::{Grid, Limits, Size, Verdict, check_solution};
use sudoku_engines::{ENGINES, EngineInfo, find};

/// Enough for the budgeted engines on most of these puzzles, small enough to keep tests quick.
const BUDGET: u64 = 50_000;

/// The engines given [`BUDGET`]: beyond 9×9, the backtracking engines' worst case is out of
/// reach even with the fewest-candidates heuristic (proving a 16×16 puzzle with 150 blanks
/// unique can take `bitmask-mrv` minutes).
const BUDGETED: [&str; 3] = ["naive", "bitmask", "bitmask-mrv"];

fn size(order: usize) -> Size {
    Size::from_order(order).expect("orders 2..=8 are sizes")
}

/// The size with boxes of `rows` rows and `cols` columns.
fn boxes(rows: usize, cols: usize) -> Size {
    Size::with_boxes(rows, cols).expect("2 to 8 rows and columns")
}

fn limits_for(info: &EngineInfo, limits: Limits) -> Limits {
    if BUDGETED.contains(&&*info.name) { limits.with_node_budget(BUDGET) } else { limits }
}

/// Solves `puzzle` with every engine of its size (budgeted where needed) and checks every
/// answer; the engines that finish must agree on the verdict. Returns how many gave up.
fn assert_engines_agree(puzzle: &Grid, limits: Limits) -> usize {
    let mut verdicts: Vec<(&str, Verdict)> = Vec::new();
    let mut gave_up = 0;
    for info in engines_for(puzzle.size()) {
        let engine_limits = limits_for(info, limits);
        let outcome = info.create().solve(puzzle, engine_limits);
        let name: &str = &info.name;
        assert_eq!(outcome.solution.is_some(), outcome.count > 0, "{name} on {puzzle:?}");
        assert!(outcome.count <= limits.max_solutions(), "{name} on {puzzle:?}");
        if let Some(solution) = &outcome.solution {
            assert_eq!(check_solution(puzzle, solution), Ok(()), "{name} on {puzzle:?}");
        }
        if outcome.budget_exhausted {
            assert!(BUDGETED.contains(&name), "{name} gave up on {puzzle:?}");
            gave_up += 1;
            continue;
        }
        verdicts.push((name, outcome.verdict(engine_limits)));
    }
    let (reference, expected) = verdicts[0];
    for (name, verdict) in &verdicts {
        assert_eq!(*verdict, expected, "{name} and {reference} disagree on {puzzle:?}");
    }
    gave_up
}

#[test]
fn every_engine_of_a_size_is_registered_for_every_size_square_boxes_or_9x9_only() {
    let all: Vec<Size> = Size::all().collect();
    for info in ENGINES.iter() {
        let sizes: Vec<Size> = info.sizes().collect();
        assert!(
            sizes == all || sizes == Size::SQUARES || sizes == [Size::NINE],
            "{}: {sizes:?}",
            info.name
        );
    }
    // Every engine that works on units takes every shape of box.
    for name in [
        "naive",
        "bitmask",
        "bitmask-mrv",
        "dlx",
        "propagate",
        "cdcl",
        "norvig",
        "alldiff",
        "sat",
        "sat-plain",
        "logic",
    ] {
        assert!(all.iter().all(|&size| find(name).unwrap().supports(size)), "{name}");
    }
    assert_eq!(find("fast").unwrap().sizes().collect::<Vec<_>>(), [Size::NINE]);
}

#[test]
fn engines_agree_on_solution_counts_at_orders_2_4_and_5() {
    // (order, seeds, blank percentages): many solutions at 4×4, mostly unique beyond.
    let cases = [(2, 1..=40, [40, 60, 80]), (4, 1..=8, [30, 40, 50]), (5, 1..=3, [20, 30, 35])];
    let mut gave_up = 0;
    for (order, seeds, blank_percents) in cases {
        for seed in seeds {
            let solved = solved_grid_of(size(order), seed);
            for blank_percent in blank_percents {
                let puzzle = blanked(&solved, blank_percent, seed * 100 + blank_percent);
                gave_up += assert_engines_agree(&puzzle, Limits::UNIQUE);
                gave_up += assert_engines_agree(&puzzle, Limits::count_up_to(7));
            }
        }
    }
    // Of some 900 budgeted searches, about 30 give up.
    assert!(gave_up < 90, "{gave_up} budgeted searches gave up: the puzzles compare too little");
}

#[test]
fn engines_agree_on_solution_counts_with_rectangular_boxes() {
    // (shape, seeds, blank percentages): many solutions at 6×6, fewer as the grid grows; each
    // shape both ways round where the turned boxes make a different grid.
    let cases = [
        (boxes(2, 3), 1..=30, [40, 55, 70]),
        (boxes(3, 2), 1..=30, [40, 55, 70]),
        (boxes(2, 4), 1..=10, [40, 50, 60]),
        (boxes(4, 2), 1..=6, [40, 50, 60]),
        (boxes(2, 5), 1..=6, [35, 45, 55]),
        (boxes(3, 4), 1..=6, [30, 40, 50]),
        (boxes(4, 3), 1..=6, [30, 40, 50]),
        (boxes(3, 5), 1..=2, [25, 30, 35]),
    ];
    let mut gave_up = 0;
    for (size, seeds, blank_percents) in cases {
        for seed in seeds {
            let solved = solved_grid_of(size, seed);
            for blank_percent in blank_percents {
                let puzzle = blanked(&solved, blank_percent, seed * 100 + blank_percent);
                gave_up += assert_engines_agree(&puzzle, Limits::UNIQUE);
                gave_up += assert_engines_agree(&puzzle, Limits::count_up_to(7));
            }
        }
    }
    // Of some 900 budgeted searches, about 30 give up.
    assert!(gave_up < 90, "{gave_up} budgeted searches gave up: the puzzles compare too little");
}

#[test]
fn engines_agree_on_36x36_puzzles_with_many_clues() {
    for seed in 1..=3 {
        let puzzle = blanked(&solved_grid_of(size(6), seed), 20, seed);
        assert_engines_agree(&puzzle, Limits::UNIQUE);
    }
}

#[test]
fn puzzles_of_every_order_solve_to_checked_grids() {
    // Fewer blanks as grids grow, so that the backtracking engines finish.
    for (order, blank_percent) in [(2, 60), (3, 50), (4, 45), (5, 35), (6, 20), (7, 12), (8, 8)] {
        for seed in 1..=2 {
            let solved = solved_grid_of(size(order), seed);
            let puzzle = blanked(&solved, blank_percent, seed);
            for info in engines_for(puzzle.size()) {
                let limits = limits_for(info, Limits::FIRST);
                let outcome = info.create().solve(&puzzle, limits);
                if outcome.budget_exhausted {
                    assert!(BUDGETED.contains(&&*info.name), "{} gave up", info.name);
                    continue;
                }
                assert_eq!(outcome.count, 1, "{} on {puzzle:?}", info.name);
                let solution = outcome.solution.expect("count 1 has a solution");
                assert_eq!(check_solution(&puzzle, &solution), Ok(()), "{}", info.name);
            }
        }
    }
}

#[test]
fn a_full_grid_of_every_size_is_its_own_unique_solution() {
    for solved in Size::all().map(|size| solved_grid_of(size, 5)) {
        for (info, outcome) in solve_with_all(&solved, Limits::UNIQUE) {
            assert_eq!(outcome.verdict(Limits::UNIQUE), Verdict::Exactly(1), "{}", info.name);
            assert_eq!(outcome.solution.as_ref(), Some(&solved), "{}", info.name);
            assert_eq!(outcome.stats.guesses, 0, "{}", info.name);
        }
    }
}

#[test]
fn clashing_clues_give_zero_solutions_at_every_size() {
    for size in Size::all() {
        let solved = solved_grid_of(size, 3);
        let mut puzzle = blanked(&solved, 50, 3);
        // The first and last cells of the second row get the same value.
        let (first, last) = (size.cell_at(1, 0), size.cell_at(1, size.side() - 1));
        puzzle.set(first, solved.get(last));
        puzzle.set(last, solved.get(last));
        for (info, outcome) in solve_with_all(&puzzle, Limits::UNIQUE) {
            assert_eq!(
                outcome.verdict(Limits::UNIQUE),
                Verdict::Exactly(0),
                "{size} {}",
                info.name
            );
            assert_eq!(outcome.solution, None);
        }
    }
}

#[test]
fn node_budgets_are_respected_at_every_size() {
    for size in Size::all() {
        // A budget that lets the search go deep, 9×9 to 36×36; beyond 36×36 one small budget:
        // there the engines' set-up (a formula of a quarter of a million variables, a first
        // pass of techniques over 4,096 cells) takes most of a second whatever the budget,
        // and more budgets show nothing the smaller sizes don't.
        let deep = (9..=36).contains(&size.side()) && size.is_square();
        let budgets: &[u64] = match size.side() {
            _ if deep => &[0, 1, 10, 3000],
            37.. => &[10],
            _ => &[0, 1, 10],
        };
        for &budget in budgets {
            let limits = Limits::count_up_to(1_000_000).with_node_budget(budget);
            for info in engines_for(size).filter(|info| info.instrumented) {
                // `logic` runs its whole ladder at every node (3,000 of them take it seconds on
                // an empty 36×36 grid): it gets a tenth of a large budget.
                let limits = match &*info.name {
                    "logic" if budget > 10 => limits.with_node_budget(budget / 10),
                    _ => limits,
                };
                let budget = limits.node_budget().unwrap_or(budget);
                let outcome = info.create().solve(&Grid::empty(size), limits);
                assert!(outcome.budget_exhausted, "{size} {} budget {budget}", info.name);
                assert!(outcome.stats.nodes <= budget, "{size} {}", info.name);
                assert_eq!(outcome.verdict(limits), Verdict::GaveUp(outcome.count));
            }
        }
    }
}

#[test]
fn one_engine_value_serves_every_size_in_turn_as_fresh_ones_do() {
    let sizes = [size(2), size(3), boxes(2, 3), size(4), boxes(3, 2), size(3), size(5), size(2)];
    let puzzles: Vec<Grid> = sizes
        .into_iter()
        .enumerate()
        .map(|(seed, size)| blanked(&solved_grid_of(size, seed as u64), 30, seed as u64))
        .collect();
    for info in ENGINES.iter().filter(|info| info.sizes().count() > 1) {
        let limits = limits_for(info, Limits::UNIQUE);
        let mut reused = info.create();
        for puzzle in &puzzles {
            let fresh = info.create().solve(puzzle, limits);
            assert_eq!(reused.solve(puzzle, limits), fresh, "{} on {puzzle:?}", info.name);
        }
    }
}

#[test]
fn the_row_major_engines_fill_the_empty_4x4_grid_with_the_smallest_solution() {
    let smallest = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let smallest = Grid::from_cells(size(2), &smallest).unwrap();
    for name in ROW_MAJOR {
        let outcome = find(name).unwrap().create().solve(&Grid::empty(size(2)), Limits::FIRST);
        assert_eq!(outcome.solution, Some(smallest.clone()), "{name}");
    }
}

#[test]
fn the_row_major_engines_return_the_lexicographically_smallest_solution_at_orders_2_and_4() {
    let mut oracle = find("dlx").unwrap().create();
    for (order, blank_percent) in [(2, 70), (4, 55)] {
        for seed in 1..=6 {
            let puzzle = blanked(&solved_grid_of(size(order), seed), blank_percent, seed);
            for name in ROW_MAJOR {
                let limits = Limits::FIRST.with_node_budget(BUDGET);
                let outcome = find(name).unwrap().create().solve(&puzzle, limits);
                if outcome.budget_exhausted {
                    continue;
                }
                let solution = outcome.solution.expect("a blanked solved grid has a solution");
                // No solution may agree with it on a prefix of cells, then hold a smaller value.
                let mut prefix = puzzle.clone();
                for cell in 0..puzzle.size().cells() {
                    if puzzle.get(cell) == 0 {
                        for smaller in 1..solution.get(cell) {
                            let mut probe = prefix.clone();
                            probe.set(cell, smaller);
                            let count = oracle.solve(&probe, Limits::FIRST).count;
                            assert_eq!(count, 0, "{name}: {solution} is not the smallest");
                        }
                    }
                    prefix.set(cell, solution.get(cell));
                }
            }
        }
    }
}
