//! The tests every engine of every size (`propagate`, `cdcl`) passes, written once: solutions
//! checked by a checker of their own, counts compared with a plain backtracker, the contract's
//! edges (contradictions, budgets, deterministic statistics, one engine value reused across
//! sizes) and the hard 9×9 corpus. Each engine's test module runs them on its engine.

use std::path::Path;

use sudoku_core::Limits;

use crate::geometry::{CellOutcome, CellSolver, MAX_ORDER, MIN_ORDER};

/// SplitMix64, so that the random puzzles are the same on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    pub(crate) fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..len).collect();
        for index in (1..len).rev() {
            items.swap(index, self.below(index + 1));
        }
        items
    }
}

/// The cells of each row, column and box of the grid of box order `order`.
pub(crate) fn units(order: usize) -> Vec<Vec<usize>> {
    let side = order * order;
    let mut units = Vec::new();
    for unit in 0..side {
        let (top, left) = (unit / order * order, unit % order * order);
        units.push((0..side).map(|k| unit * side + k).collect());
        units.push((0..side).map(|k| k * side + unit).collect());
        units.push((0..side).map(|k| (top + k / order) * side + left + k % order).collect());
    }
    units
}

/// Panics unless `solution` keeps `clues` and holds each value once in every unit.
pub(crate) fn assert_solves(order: usize, clues: &[u8], solution: &[u8]) {
    let side = order * order;
    for (cell, (&clue, &value)) in clues.iter().zip(solution).enumerate() {
        assert!(clue == 0 || clue == value, "cell {cell}: clue {clue} became {value}");
    }
    for unit in units(order) {
        let mut values: Vec<u8> = unit.iter().map(|&cell| solution[cell]).collect();
        values.sort_unstable();
        assert!(values.iter().copied().eq(1..=side as u8), "unit {unit:?} holds {values:?}");
    }
}

/// Counts the solutions of `clues` up to `limit` by plain backtracking, row-major, each value
/// checked against the cell's units: slow, and obviously right.
pub(crate) fn reference_count(order: usize, clues: &[u8], limit: u32) -> u32 {
    reference_count_excluding(order, clues, None, limit)
}

/// [`reference_count`] of the solutions that do not put `excluded.1` in cell `excluded.0`.
pub(crate) fn reference_count_excluding(
    order: usize,
    clues: &[u8],
    excluded: Option<(usize, u8)>,
    limit: u32,
) -> u32 {
    struct Search<'a> {
        units: &'a [Vec<usize>],
        side: usize,
        excluded: Option<(usize, u8)>,
        count: u32,
        limit: u32,
    }
    fn fill(grid: &mut [u8], search: &mut Search) {
        let Some(cell) = grid.iter().position(|&value| value == 0) else {
            search.count +=
                u32::from(search.excluded.is_none_or(|(cell, value)| grid[cell] != value));
            return;
        };
        for value in 1..=search.side as u8 {
            let free = search
                .units
                .iter()
                .filter(|unit| unit.contains(&cell))
                .all(|unit| unit.iter().all(|&other| grid[other] != value));
            if free {
                grid[cell] = value;
                fill(grid, search);
                grid[cell] = 0;
                if search.count >= search.limit {
                    return;
                }
            }
        }
    }
    let units = units(order);
    let consistent = units.iter().all(|unit| {
        let mut seen = 0u64;
        unit.iter().all(|&cell| {
            let value = clues[cell];
            let fresh = value == 0 || seen & (1 << value) == 0;
            seen |= 1 << value;
            fresh
        })
    });
    let mut search = Search { units: &units, side: order * order, excluded, count: 0, limit };
    if consistent {
        fill(&mut clues.to_vec(), &mut search);
    }
    search.count
}

/// A random solved grid: random permutations in the boxes of the main diagonal, which never
/// conflict, completed by the engine (drawn again in the rare case they cannot be completed,
/// which happens at order 2).
pub(crate) fn solved_grid(engine: &mut impl CellSolver, order: usize, rng: &mut Rng) -> Vec<u8> {
    let side = order * order;
    loop {
        let mut clues = vec![0; side * side];
        for diagonal in 0..order {
            for (k, value) in rng.permutation(side).into_iter().enumerate() {
                let (row, col) = (diagonal * order + k / order, diagonal * order + k % order);
                clues[row * side + col] = value as u8 + 1;
            }
        }
        let mut grid = vec![0; side * side];
        let CellOutcome { count, budget_exhausted: exhausted, .. } =
            engine.solve_cells(order, &clues, Limits::FIRST, &mut grid);
        assert!(!exhausted);
        if order == 2 {
            assert_eq!(count, reference_count(order, &clues, 1));
        }
        if count == 1 {
            assert_solves(order, &clues, &grid);
            return grid;
        }
    }
}

/// `grid` with each clue kept with probability `kept_percent` in 100.
pub(crate) fn remove_clues(grid: &[u8], kept_percent: usize, rng: &mut Rng) -> Vec<u8> {
    grid.iter().map(|&value| if rng.below(100) < kept_percent { value } else { 0 }).collect()
}

/// Solves with `limits`, checking the solution whenever one is claimed.
pub(crate) fn solve(
    engine: &mut impl CellSolver,
    order: usize,
    clues: &[u8],
    limits: Limits,
) -> CellOutcome {
    let mut solution = vec![0; clues.len()];
    let result = engine.solve_cells(order, clues, limits, &mut solution);
    if result.count > 0 {
        assert_solves(order, clues, &solution);
    }
    result
}

/// Puzzles per order in the randomized tests.
const RANDOM_PUZZLES: [(usize, usize); 4] = [(2, 200), (3, 100), (4, 20), (5, 4)];

/// Random puzzles of every order from 2 to `largest` (at most 5) are solved.
pub(crate) fn random_puzzles_solve_to_valid_grids<E: CellSolver + Default>(largest: usize) {
    let mut engine = E::default();
    let mut rng = Rng(1);
    for (order, puzzles) in RANDOM_PUZZLES.into_iter().filter(|&(order, _)| order <= largest) {
        for _ in 0..puzzles {
            let grid = solved_grid(&mut engine, order, &mut rng);
            for kept_percent in [0, 20, 45, 70] {
                let clues = remove_clues(&grid, kept_percent, &mut rng);
                let CellOutcome { count, budget_exhausted: exhausted, .. } =
                    solve(&mut engine, order, &clues, Limits::FIRST);
                assert_eq!((count, exhausted), (1, false), "order {order}: {clues:?}");
            }
        }
    }
}

pub(crate) fn counts_agree_with_a_plain_backtracker_at_orders_2_and_3<E: CellSolver + Default>() {
    counts_agree_with_a_plain_backtracker_on::<E>(300, 40);
}

/// [`counts_agree_with_a_plain_backtracker_at_orders_2_and_3`] on `fours` solved 4×4 grids and
/// `nines` 9×9 ones: fewer for the SAT encodings, which build a solver for every solve and
/// take a minute over the full set.
pub(crate) fn counts_agree_with_a_plain_backtracker_on<E: CellSolver + Default>(
    fours: usize,
    nines: usize,
) {
    let mut engine = E::default();
    let mut rng = Rng(2);
    let cases: &[(usize, usize, &[usize])] =
        &[(2, fours, &[0, 10, 25, 40, 60]), (3, nines, &[45, 55, 65])];
    for &(order, puzzles, kept_percents) in cases {
        for _ in 0..puzzles {
            let grid = solved_grid(&mut engine, order, &mut rng);
            for &kept_percent in kept_percents {
                let mut clues = remove_clues(&grid, kept_percent, &mut rng);
                // Now and then a wrong clue, so that some puzzles have no solution.
                if rng.below(4) == 0 {
                    let cell = rng.below(clues.len());
                    clues[cell] = rng.below(order * order) as u8 + 1;
                }
                for limit in [1, 2, 3] {
                    let limits = Limits::count_up_to(limit);
                    let CellOutcome { count, budget_exhausted: exhausted, .. } =
                        solve(&mut engine, order, &clues, limits);
                    assert!(!exhausted);
                    assert_eq!(count, reference_count(order, &clues, limit), "{clues:?}");
                }
            }
        }
    }
}

/// A 9×9 puzzle with one solution (the judge's sample), as digits, 0 blank.
pub(crate) const SAMPLE: &str =
    "035469278782105609060278135321046897804913506596820413917652080603701952258394760";
/// Its solution.
pub(crate) const SAMPLE_SOLUTION: &str =
    "135469278782135649469278135321546897874913526596827413917652384643781952258394761";

pub(crate) fn digits(text: &str) -> Vec<u8> {
    text.bytes().map(|digit| digit - b'0').collect()
}

pub(crate) fn fixed_puzzles_have_their_known_counts<E: CellSolver + Default>() {
    let mut engine = E::default();
    // The empty 4×4 grid has 288 solutions.
    assert_eq!(solve(&mut engine, 2, &[0; 16], Limits::count_up_to(1000)).count, 288);
    // The judge's sample has one, which is its published solution.
    let mut solution = vec![0; 81];
    let CellOutcome { count, .. } =
        engine.solve_cells(3, &digits(SAMPLE), Limits::count_up_to(5), &mut solution);
    assert_eq!((count, solution), (1, digits(SAMPLE_SOLUTION)));
    // Its solution with a rectangle of 1s and 4s opened (rows 4 and 5, in one band; columns
    // 3 and 5, in two boxes) has exactly two: the two digits can swap around the rectangle.
    let mut rectangle = digits(SAMPLE_SOLUTION);
    for cell in [3 * 9 + 2, 3 * 9 + 4, 4 * 9 + 2, 4 * 9 + 4] {
        assert!(matches!(rectangle[cell], 1 | 4));
        rectangle[cell] = 0;
    }
    assert_eq!(solve(&mut engine, 3, &rectangle, Limits::count_up_to(5)).count, 2);
    assert_eq!(reference_count(3, &rectangle, 5), 2);
    // The empty 9×9 grid has more solutions than any limit.
    assert_eq!(solve(&mut engine, 3, &[0; 81], Limits::count_up_to(50)).count, 50);
}

pub(crate) fn contradictory_or_malformed_puzzles_have_no_solution<E: CellSolver + Default>() {
    let mut engine = E::default();
    let mut solution = vec![0; 256];
    for (order, clues) in [
        // The same value twice in a row, a column, a box.
        (2, [1, 1].iter().chain(&[0; 14]).copied().collect::<Vec<u8>>()),
        (2, [3].iter().chain(&[0; 3]).chain(&[3]).chain(&[0; 11]).copied().collect()),
        (2, [4, 0, 0, 0, 0, 4].iter().chain(&[0; 10]).copied().collect()),
        // No repeats, but the first cell has no value left: 1-3 in its row, 4 in its column.
        (2, [0, 1, 2, 3, 4].iter().chain(&[0; 11]).copied().collect()),
        // A value beyond the grid's, a wrong length, an unsupported order.
        (2, [5].iter().chain(&[0; 15]).copied().collect()),
        (2, vec![0; 15]),
        (1, vec![0; 1]),
        (9, vec![0; 256]),
    ] {
        let CellOutcome { count, budget_exhausted: exhausted, .. } =
            engine.solve_cells(order, &clues, Limits::UNIQUE, &mut solution[..clues.len()]);
        assert_eq!((count, exhausted), (0, false), "{clues:?}");
    }
    // A solution slice of the wrong length is malformed too.
    assert_eq!(engine.solve_cells(2, &[0; 16], Limits::FIRST, &mut solution[..15]).count, 0);
}

pub(crate) fn budgets_are_honoured_and_statistics_are_deterministic<E: CellSolver + Default>() {
    let mut engine = E::default();
    let order: usize = 4;
    let empty = vec![0; order.pow(4)];
    let CellOutcome { count, budget_exhausted: exhausted, stats } =
        solve(&mut engine, order, &empty, Limits::count_up_to(20));
    assert_eq!((count, exhausted), (20, false));
    assert!(stats.guesses > 0 && stats.nodes > stats.guesses);
    for budget in [0, 1, 2, 5, stats.nodes - 1] {
        let limits = Limits::count_up_to(20).with_node_budget(budget);
        let CellOutcome { count, budget_exhausted: exhausted, stats: budget_stats } =
            solve(&mut engine, order, &empty, limits);
        assert!(exhausted && count < 20, "budget {budget}");
        assert_eq!(budget_stats.nodes, budget);
    }
    let limits = Limits::count_up_to(20).with_node_budget(stats.nodes);
    assert_eq!(
        solve(&mut engine, order, &empty, limits),
        CellOutcome { count: 20, budget_exhausted: false, stats }
    );
    // The same solve twice, and after solves of other sizes, gives the same result.
    let mut rng = Rng(3);
    let grid = solved_grid(&mut engine, order, &mut rng);
    let clues = remove_clues(&grid, 40, &mut rng);
    let first = solve(&mut engine, order, &clues, Limits::UNIQUE);
    assert_eq!(solve(&mut engine, order, &clues, Limits::UNIQUE), first);
    solve(&mut engine, 2, &[0; 16], Limits::UNIQUE);
    solve(&mut engine, 5, &[0; 625], Limits::FIRST);
    assert_eq!(solve(&mut engine, order, &clues, Limits::UNIQUE), first);
    assert_eq!(solve(&mut E::default(), order, &clues, Limits::UNIQUE), first);
}

pub(crate) fn the_empty_grid_of_every_order_is_completed<E: CellSolver + Default>() {
    let mut engine = E::default();
    for order in MIN_ORDER..=MAX_ORDER {
        let empty = vec![0; order.pow(4)];
        assert_eq!(solve(&mut engine, order, &empty, Limits::FIRST).count, 1, "order {order}");
    }
}

pub(crate) fn solves_the_hard_9x9_corpus<E: CellSolver + Default>() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora/top1465.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is not there", path.display());
        return;
    };
    let mut engine = E::default();
    let mut solved = 0;
    for line in text.lines().map(str::trim).filter(|line| line.len() == 81) {
        let clues: Vec<u8> =
            line.bytes().map(|symbol| if symbol == b'.' { 0 } else { symbol - b'0' }).collect();
        let CellOutcome { count, budget_exhausted: exhausted, .. } =
            solve(&mut engine, 3, &clues, Limits::UNIQUE);
        assert_eq!((count, exhausted), (1, false), "{line}");
        solved += 1;
    }
    assert_eq!(solved, 1465);
}

/// Solves with a value ruled out, checking the solution whenever one is claimed, and that it
/// keeps the value out.
pub(crate) fn solve_excluding(
    engine: &mut impl CellSolver,
    order: usize,
    clues: &[u8],
    excluded: (usize, u8),
    limits: Limits,
) -> CellOutcome {
    let mut solution = vec![0; clues.len()];
    let result = engine.solve_cells_excluding(order, clues, Some(excluded), limits, &mut solution);
    if result.count > 0 {
        assert_solves(order, clues, &solution);
        assert_ne!(solution[excluded.0], excluded.1);
    }
    result
}

pub(crate) fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker<
    E: CellSolver + Default,
>() {
    let mut engine = E::default();
    let mut rng = Rng(4);
    for (order, puzzles, kept_percent) in [(2, 300, 30), (3, 60, 50)] {
        let side = order * order;
        for _ in 0..puzzles {
            let grid = solved_grid(&mut engine, order, &mut rng);
            let clues = remove_clues(&grid, kept_percent, &mut rng);
            // Rule out the solution's own value in some cell, clue or not, or any other value.
            let cell = rng.below(clues.len());
            let value = if rng.below(2) == 0 { grid[cell] } else { rng.below(side) as u8 + 1 };
            for limit in [1, 2, 3] {
                let expected = reference_count_excluding(order, &clues, Some((cell, value)), limit);
                let limits = Limits::count_up_to(limit);
                let CellOutcome { count, budget_exhausted: exhausted, .. } =
                    solve_excluding(&mut engine, order, &clues, (cell, value), limits);
                assert!(!exhausted);
                assert_eq!(count, expected, "{clues:?} without {value} at {cell}");
            }
        }
    }
}

pub(crate) fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it<
    E: CellSolver + Default,
>() {
    // The generator's question, at 16×16: remove each clue of a puzzle with one solution in
    // turn, and ask whether a solution leaves the clue's value out of its cell. The answer
    // must be the one counting to two gives.
    let mut engine = E::default();
    let mut rng = Rng(5);
    let order = 4;
    let grid = solved_grid(&mut engine, order, &mut rng);
    let mut clues = grid.clone();
    let mut needed = 0;
    for cell in rng.permutation(clues.len()) {
        let clue = clues[cell];
        clues[cell] = 0;
        let CellOutcome { count: other, budget_exhausted: exhausted, .. } =
            solve_excluding(&mut engine, order, &clues, (cell, clue), Limits::FIRST);
        let CellOutcome { count, .. } = solve(&mut engine, order, &clues, Limits::UNIQUE);
        assert!(!exhausted);
        assert_eq!(other == 0, count == 1, "cell {cell}");
        if other != 0 {
            clues[cell] = clue;
            needed += 1;
        }
    }
    assert!(needed > 50, "{needed} clues");
}
