//! The tests of the `sat` engines and of their encoding.

use std::sync::Arc;

use batsat::{Lit, Solver, SolverInterface, SolverOpts, Var, lbool};
use sudoku_core::{Grid, Limits, Size, Stats};

use super::encoding::write_number;
use super::formula::{Formula, PAIRWISE_LIMIT};
use super::solving::{DecisionBudget, solver_options};
use super::{Sat, SatPlain, encode};
use crate::geometry::CellOutcome;
use crate::testing;

/// The shared tests of the engines of every size, for both encodings.
macro_rules! shared_tests {
    ($module:ident, $engine:ty) => {
        mod $module {
            use super::*;

            #[test]
            fn random_puzzles_solve_to_valid_grids() {
                testing::random_puzzles_solve_to_valid_grids::<$engine>(5);
            }

            #[test]
            fn counts_agree_with_a_plain_backtracker_small_grids() {
                // Fewer puzzles than the other engines get: a solver is built per solve.
                testing::counts_agree_with_a_plain_backtracker_on::<$engine>(100, 8);
            }

            #[test]
            fn fixed_puzzles_have_their_known_counts() {
                testing::fixed_puzzles_have_their_known_counts::<$engine>();
            }

            #[test]
            fn contradictory_or_malformed_puzzles_have_no_solution() {
                testing::contradictory_or_malformed_puzzles_have_no_solution::<$engine>();
            }

            #[test]
            fn budgets_are_honoured_and_statistics_are_deterministic() {
                testing::budgets_are_honoured_and_statistics_are_deterministic::<$engine>();
            }

            /// Up to 36×36: a SAT solver, with no reasoning about Sudoku beyond its
            /// clauses, takes some 24 seconds on the empty 49×49 grid and minutes on the
            /// 64×64 one (measured), too long for a test.
            #[test]
            fn the_empty_grid_of_every_size_to_36x36_is_completed() {
                let mut engine = <$engine>::default();
                for size in Size::all().filter(|size| size.side() <= 20 || size.is_square() && size.side() <= 36) {
                    let empty = vec![0; size.cells()];
                    let count = testing::solve(&mut engine, size, &empty, Limits::FIRST).count;
                    assert_eq!(count, 1, "{size}");
                }
            }

            #[test]
            fn solves_the_hard_9x9_corpus() {
                testing::solves_the_hard_9x9_corpus::<$engine>();
            }

            #[test]
            fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker() {
                testing::counts_with_a_value_ruled_out_agree_with_a_plain_backtracker::<
                    $engine,
                >();
            }

            #[test]
            fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it()
            {
                testing::a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it::<
                    $engine,
                >();
            }
        }
    };
}

shared_tests!(optimized, Sat);
shared_tests!(plain, SatPlain);

/// Every literal of `group`'s "exactly one", as clauses, and every assignment of them:
/// exactly the assignments with one literal true satisfy the clauses (with some values of
/// the counter's extra variables), for group lengths on both sides of the pairwise limit.
#[test]
fn exactly_one_admits_exactly_the_assignments_with_one_true_literal() {
    for len in [1, 2, 3, PAIRWISE_LIMIT, PAIRWISE_LIMIT + 1, 40] {
        for mask in assignments(len) {
            let mut clause = Vec::new();
            let callbacks = DecisionBudget { decisions: Arc::default(), bound: u64::MAX };
            let mut formula = Formula {
                sink: Solver::new(solver_options(), callbacks),
                clause: &mut clause,
                contradictory: false,
            };
            let group: Vec<Lit> = (0..len as u32).map(|var| formula.literal(var, true)).collect();
            formula.exactly_one(&group);
            let assumptions: Vec<Lit> = group
                .iter()
                .enumerate()
                .map(|(index, &literal)| if mask >> index & 1 == 1 { literal } else { !literal })
                .collect();
            let satisfiable =
                !formula.contradictory && formula.sink.solve_limited(&assumptions) == lbool::TRUE;
            assert_eq!(satisfiable, mask.count_ones() == 1, "{len} literals, {mask:b}");
        }
    }
}

/// Assignments of `len` literals to try: every one for short groups; for long ones, none
/// true, each single one, and some pairs and triples.
fn assignments(len: usize) -> Vec<u64> {
    if len <= 8 {
        return (0..1u64 << len).collect();
    }
    let mut masks = vec![0];
    masks.extend((0..len).map(|index| 1u64 << index));
    masks.extend([0b11, 1 | 1 << (len - 1), 0b111 << (len - 3), 1 << 3 | 1 << 20]);
    masks
}

#[test]
fn both_encodings_find_the_same_solutions_and_the_optimized_one_writes_less() {
    let mut rng = testing::Rng(11);
    let mut optimized = Sat::default();
    let mut plain = SatPlain::default();
    for order in 2..=4 {
        let size = testing::square(order);
        let grid = testing::solved_grid(&mut optimized, size, &mut rng);
        for kept in [20, 40, 60] {
            let clues = testing::remove_clues(&grid, kept, &mut rng);
            let limits = Limits::count_up_to(3);
            let a = testing::solve(&mut optimized, size, &clues, limits);
            let b = testing::solve(&mut plain, size, &clues, limits);
            assert_eq!(a.count, b.count, "order {order}, {kept}% kept");
            // The plain backtracker takes too long on sparse 16×16 grids.
            if order < 4 {
                assert_eq!(a.count, testing::reference_count(size, &clues, 3));
            }
        }
        // The optimized formula has a variable only for values the clues leave open.
        let clues = testing::remove_clues(&grid, 50, &mut rng);
        optimized.encoder.geometry.set_size(size);
        plain.0.encoder.geometry.set_size(size);
        let (_, open) = optimized.encoder.number_variables(&clues, None);
        let (_, all) = plain.0.encoder.number_variables(&clues, None);
        assert_eq!(all as usize, order.pow(6));
        assert!(open < all / 2, "order {order}: {open} of {all}");
    }
}

/// The formula written for another program is the one the engine solves: the same
/// number of variables and clauses, and the solutions of both, found by `batsat` reading
/// the DIMACS text back, are the engine's.
#[test]
fn the_dimacs_formula_is_the_engines_and_decodes_to_its_solutions() {
    let mut rng = testing::Rng(23);
    let mut engine = Sat::default();
    for size in [testing::square(2), testing::of_side(6), testing::square(3), testing::square(4)] {
        let grid = testing::solved_grid(&mut engine, size, &mut rng);
        for kept in [30, 60, 100] {
            let clues = testing::remove_clues(&grid, kept, &mut rng);
            let puzzle = Grid::from_cells(size, &clues).unwrap();
            let cnf = encode(&puzzle).expect("a puzzle cut from a solved grid");
            engine.encoder.geometry.set_size(size);
            let callbacks = DecisionBudget { decisions: Arc::default(), bound: u64::MAX };
            let solver = engine
                .encoder
                .encode(&clues, None, || Solver::new(solver_options(), callbacks))
                .unwrap();
            assert_eq!(cnf.variables(), solver.num_vars());
            assert_eq!(cnf.literals().iter().filter(|&&l| l == 0).count(), cnf.clauses());

            let mut text = Vec::new();
            cnf.write_dimacs(&mut text, &[]).unwrap();
            let text = String::from_utf8(text).unwrap();
            assert!(text.starts_with(&format!("p cnf {} {}\n", cnf.variables(), cnf.clauses())));
            // Solve the text as read back, counting by blocking clauses.
            let mut blocked: Vec<Vec<i32>> = Vec::new();
            let mut solutions = Vec::new();
            loop {
                let mut text = Vec::new();
                cnf.write_dimacs(&mut text, &blocked).unwrap();
                let Some(model) = solve_dimacs(std::str::from_utf8(&text).unwrap()) else {
                    break;
                };
                let solution = cnf.decode(|var| model[var as usize - 1]).unwrap();
                let clause = cnf.blocking_clause(&solution);
                solutions.push(solution);
                if clause.is_empty() || solutions.len() == 3 {
                    break;
                }
                blocked.push(clause);
            }
            let count = testing::solve(&mut engine, size, &clues, Limits::count_up_to(3)).count;
            assert_eq!(solutions.len() as u32, count, "{size}, {kept}% kept");
            for solution in &solutions {
                assert!(sudoku_core::check_solution(&puzzle, solution).is_ok());
            }
        }
    }
}

/// A model of the DIMACS `text` by `batsat`, `None` when it has none.
fn solve_dimacs(text: &str) -> Option<Vec<bool>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(' ').collect();
    let variables: u32 = header[2].parse().unwrap();
    let mut solver = Solver::new(SolverOpts::default(), batsat::BasicCallbacks::default());
    if variables > 0 {
        solver.var_of_int(variables - 1);
    }
    for line in lines {
        let mut clause: Vec<Lit> = line
            .split(' ')
            .map(|word| word.parse::<i32>().unwrap())
            .take_while(|&number| number != 0)
            .map(|number| Lit::new(Var::unsafe_from_idx(number.unsigned_abs() - 1), number > 0))
            .collect();
        if !solver.add_clause_reuse(&mut clause) {
            return None;
        }
    }
    (solver.solve_limited(&[]) == lbool::TRUE)
        .then(|| solver.get_model().iter().map(|&value| value == lbool::TRUE).collect())
}

#[test]
fn a_model_that_is_not_a_grid_is_refused_and_clashing_clues_have_no_formula() {
    let size = Size::from_order(2).unwrap();
    let mut puzzle = Grid::empty(size);
    puzzle.set(0, 1);
    let cnf = encode(&puzzle).unwrap();
    let message = cnf.decode(|_| false).unwrap_err();
    assert_eq!(message, "the model gives r1c2 no value");
    let message = cnf.decode(|_| true).unwrap_err();
    assert_eq!(message, "the model gives r1c2 two values, 2 and 3");
    assert_eq!(cnf.variable(0, 1), None, "a clue's cell has no variable");
    assert_eq!(cnf.variable(1, 1), None, "nor a value a clue rules out");
    assert_eq!(cnf.variable(1, 2), Some(1));
    assert_eq!(cnf.variable(16, 1), None);
    puzzle.set(1, 1);
    assert!(encode(&puzzle).is_none());
    let mut numbers = Vec::new();
    for number in [0, 7, -12, i32::MAX, -i32::MAX] {
        write_number(&mut numbers, number);
        numbers.push(b' ');
    }
    assert_eq!(numbers, b"0 7 -12 2147483647 -2147483647 ");
}

#[test]
fn statistics_count_the_solvers_decisions_and_a_clue_filled_grid_takes_none() {
    let mut rng = testing::Rng(5);
    let mut engine = Sat::default();
    let grid = testing::solved_grid(&mut engine, Size::NINE, &mut rng);
    let outcome = testing::solve(&mut engine, Size::NINE, &grid, Limits::UNIQUE);
    let stats = Stats { nodes: 1, guesses: 0 };
    assert_eq!(outcome, CellOutcome { count: 1, budget_exhausted: false, stats });
    let CellOutcome { count, stats, .. } =
        testing::solve(&mut engine, Size::NINE, &[0; 81], Limits::count_up_to(5));
    assert_eq!(count, 5);
    assert_eq!(stats.nodes, stats.guesses + 1);
    assert!(stats.guesses >= 5, "{stats:?}");
}

/// The clauses [`rules::encode`](super::rules::encode) writes for `model`'s propagators on an empty 9×9 grid.
fn rule_clauses(model: &sudoku_core::Model) -> usize {
    use super::formula::{ClauseList, ClauseSink};
    use super::rules::{self, Values};
    let side = 9;
    let var_of: Vec<u32> = (0..81 * side as u32).collect();
    let clues = [0u8; 81];
    let mut clause = Vec::new();
    let mut formula =
        Formula { sink: ClauseList::default(), clause: &mut clause, contradictory: false };
    formula.sink.value_variables(var_of.len() as u32);
    rules::encode(&mut formula, model, &Values { var_of: &var_of, clues: &clues, side });
    formula.sink.clauses
}

/// The implied sums of more cells than a house are left out of the formula, the shorter ones
/// written: the eight little killers of 49 of the Interactive Sudoku Solver's examples join
/// into sums of some thirty cells, which add no clause, while a killer cage's innie (one
/// cell) adds some.
#[test]
fn implied_sums_longer_than_a_house_add_no_clause() {
    use sudoku_core::Layout;
    use sudoku_core::Model;
    use sudoku_core::constraint::{Constraint, Direction, Propagator, Spot};
    let implied_lengths = |model: &Model| -> Vec<usize> {
        (0..model.propagators().len())
            .filter(|&index| model.origin(index).is_none())
            .filter_map(|index| match &model.propagators()[index] {
                Propagator::Sum(sum) => Some(sum.cells().len()),
                _ => None,
            })
            .collect()
    };
    let lk = |sum: u32, row: i16, col: i16, direction: Direction| Constraint::LittleKiller {
        clue: Spot { row, col },
        direction,
        sum,
    };
    let little_killers = vec![
        lk(49, 0, 8, Direction::DownLeft),
        lk(49, 0, 7, Direction::DownLeft),
        lk(49, 8, 1, Direction::UpRight),
        lk(49, 8, 2, Direction::UpRight),
        lk(49, 6, 8, Direction::UpLeft),
        lk(49, 0, 0, Direction::DownRight),
        lk(49, 1, 0, Direction::DownRight),
        lk(49, 2, 0, Direction::DownRight),
    ];
    let layout = Layout::classic(Size::NINE).with_constraints(little_killers).unwrap();
    let (with, without) = (Model::new(&layout), Model::without_implied(&layout));
    let lengths = implied_lengths(&with);
    assert!(!lengths.is_empty() && lengths.iter().all(|&n| n > 9), "{lengths:?}");
    assert_eq!(rule_clauses(&with), rule_clauses(&without));

    // Cages over the first box but its corner: the corner is an innie of one cell.
    let spot = |row: i16, col: i16| Spot { row, col };
    let cages = vec![
        Constraint::Killer { cells: vec![spot(0, 0), spot(0, 1), spot(0, 2)], sum: Some(6) },
        Constraint::Killer { cells: vec![spot(1, 0), spot(1, 1), spot(1, 2)], sum: Some(15) },
        Constraint::Killer { cells: vec![spot(2, 0), spot(2, 1)], sum: Some(15) },
    ];
    let layout = Layout::classic(Size::NINE).with_constraints(cages).unwrap();
    let (with, without) = (Model::new(&layout), Model::without_implied(&layout));
    let lengths = implied_lengths(&with);
    assert!(!lengths.is_empty() && lengths.iter().all(|&n| n <= 9), "{lengths:?}");
    assert!(rule_clauses(&with) > rule_clauses(&without));
}
