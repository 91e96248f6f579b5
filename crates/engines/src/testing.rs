//! The tests every engine of every size (`propagate`, `cdcl`) passes, written once: solutions
//! checked by a checker of their own, counts compared with a plain backtracker, the contract's
//! edges (contradictions, budgets, deterministic statistics, one engine value reused across
//! sizes) and the hard 9×9 corpus. Each engine's test module runs them on its engine.

use std::path::Path;

use sudoku_core::{Limits, Size};

use crate::geometry::{CellOutcome, CellSolver};

/// The size of square boxes of order `order`.
pub(crate) fn square(order: usize) -> Size {
    Size::from_order(order).expect("orders 2..=8 are sizes")
}

/// The size of side `side` with its usual boxes (6: boxes of 2×3).
pub(crate) fn of_side(side: usize) -> Size {
    Size::from_side(side).expect("a side some boxes make")
}

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

/// The cells of each row, column and box of the grid of `size`, worked out here from the
/// shape of its boxes rather than taken from the core's tables.
pub(crate) fn units(size: Size) -> Vec<Vec<usize>> {
    let (rows, cols, side) = (size.box_rows(), size.box_cols(), size.side());
    let mut units = Vec::new();
    for unit in 0..side {
        // Box `unit` is in band `unit / rows` (`rows` boxes to a band) and stack `unit % rows`.
        let (top, left) = (unit / rows * rows, unit % rows * cols);
        units.push((0..side).map(|k| unit * side + k).collect());
        units.push((0..side).map(|k| k * side + unit).collect());
        units.push((0..side).map(|k| (top + k / cols) * side + left + k % cols).collect());
    }
    units
}

/// Panics unless `solution` keeps `clues` and holds each value once in every unit.
pub(crate) fn assert_solves(size: Size, clues: &[u8], solution: &[u8]) {
    let side = size.side();
    for (cell, (&clue, &value)) in clues.iter().zip(solution).enumerate() {
        assert!(clue == 0 || clue == value, "cell {cell}: clue {clue} became {value}");
    }
    for unit in units(size) {
        let mut values: Vec<u8> = unit.iter().map(|&cell| solution[cell]).collect();
        values.sort_unstable();
        assert!(values.iter().copied().eq(1..=side as u8), "unit {unit:?} holds {values:?}");
    }
}

/// Counts the solutions of `clues` up to `limit` by plain backtracking, row-major, each value
/// checked against the cell's units: slow, and obviously right.
pub(crate) fn reference_count(size: Size, clues: &[u8], limit: u32) -> u32 {
    reference_count_excluding(size, clues, None, limit)
}

/// [`reference_count`] of the solutions that do not put `excluded.1` in cell `excluded.0`.
pub(crate) fn reference_count_excluding(
    size: Size,
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
    let units = units(size);
    let consistent = units.iter().all(|unit| {
        let mut seen = 0u64;
        unit.iter().all(|&cell| {
            let value = clues[cell];
            let fresh = value == 0 || seen & (1 << value) == 0;
            seen |= 1 << value;
            fresh
        })
    });
    let mut search = Search { units: &units, side: size.side(), excluded, count: 0, limit };
    if consistent {
        fill(&mut clues.to_vec(), &mut search);
    }
    search.count
}

/// A random solved grid: random permutations in the boxes of the main diagonal (band `i`,
/// stack `i`), which never conflict, completed by the engine (drawn again in the rare case
/// they cannot be completed, which happens on the smallest grids).
pub(crate) fn solved_grid(engine: &mut impl CellSolver, size: Size, rng: &mut Rng) -> Vec<u8> {
    let (rows, side) = (size.box_rows(), size.side());
    loop {
        let mut clues = vec![0; size.cells()];
        for diagonal in 0..rows.min(size.box_cols()) {
            let cells = size.box_cells(diagonal * rows + diagonal);
            for (cell, value) in cells.zip(rng.permutation(side)) {
                clues[cell] = value as u8 + 1;
            }
        }
        let mut grid = vec![0; size.cells()];
        let CellOutcome { count, budget_exhausted: exhausted, .. } =
            engine.solve_cells(size, &clues, Limits::FIRST, &mut grid);
        assert!(!exhausted);
        if side <= 6 {
            assert_eq!(count, reference_count(size, &clues, 1));
        }
        if count == 1 {
            assert_solves(size, &clues, &grid);
            return grid;
        }
    }
}

/// A solution of `size` with no rule beyond the classic ones, found by `engine` from a shuffled
/// first row.
pub(crate) fn classic_solution(
    engine: &mut dyn sudoku_core::Engine,
    size: Size,
    rng: &mut Rng,
) -> Vec<u8> {
    loop {
        let mut cells = vec![0u8; size.cells()];
        for (cell, value) in rng.permutation(size.side()).into_iter().enumerate() {
            cells[cell] = value as u8 + 1;
        }
        let start = sudoku_core::Grid::from_cells(size, &cells).unwrap();
        if let Some(found) = engine.solve(&start, Limits::FIRST.with_node_budget(100_000)).solution
        {
            return found.cells().to_vec();
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
    size: Size,
    clues: &[u8],
    limits: Limits,
) -> CellOutcome {
    let mut solution = vec![0; clues.len()];
    let result = engine.solve_cells(size, clues, limits, &mut solution);
    if result.count > 0 {
        assert_solves(size, clues, &solution);
    }
    result
}

/// Puzzles per size, by side and rows of a box, in the randomized tests: the square sizes to
/// 25×25, then rectangular boxes both ways round. The rectangular sizes draw from a sequence of
/// their own, so the square sizes' puzzles stay those they always were (a random 25×25 puzzle
/// can take an engine minutes, and these are known not to).
const RANDOM_PUZZLES: [(usize, usize, usize); 8] = [
    (4, 2, 200),
    (9, 3, 100),
    (16, 4, 20),
    (25, 5, 4),
    (6, 2, 100),
    (6, 3, 50),
    (12, 3, 20),
    (12, 4, 20),
];

/// Random puzzles of every size up to a box order of `largest` (at most 5; the rectangular
/// sizes up to the side of that order) are solved.
pub(crate) fn random_puzzles_solve_to_valid_grids<E: CellSolver + Default>(largest: usize) {
    let mut engine = E::default();
    let (mut squares, mut rectangles) = (Rng(1), Rng(7));
    let sizes = RANDOM_PUZZLES.into_iter().filter(|&(side, _, _)| side <= largest * largest);
    for (side, rows, puzzles) in sizes {
        let size = Size::with_boxes(rows, side / rows).expect("a shape of box");
        let rng = if size.is_square() { &mut squares } else { &mut rectangles };
        for _ in 0..puzzles {
            let grid = solved_grid(&mut engine, size, rng);
            for kept_percent in [0, 20, 45, 70] {
                let clues = remove_clues(&grid, kept_percent, rng);
                let CellOutcome { count, budget_exhausted: exhausted, .. } =
                    solve(&mut engine, size, &clues, Limits::FIRST);
                assert_eq!((count, exhausted), (1, false), "{size}: {clues:?}");
            }
        }
    }
}

pub(crate) fn counts_agree_with_a_plain_backtracker_small_grids<E: CellSolver + Default>() {
    counts_agree_with_a_plain_backtracker_on::<E>(300, 40);
}

/// [`counts_agree_with_a_plain_backtracker_small_grids`] on `fours` solved 4×4 grids and
/// `nines` 9×9 ones: fewer for the SAT encodings, which build a solver for every solve and
/// take a minute over the full set.
pub(crate) fn counts_agree_with_a_plain_backtracker_on<E: CellSolver + Default>(
    fours: usize,
    nines: usize,
) {
    let mut engine = E::default();
    let mut rng = Rng(2);
    // 6×6 grids, both ways round, as often as 9×9 ones.
    let cases: &[(Size, usize, &[usize])] = &[
        (square(2), fours, &[0, 10, 25, 40, 60]),
        (square(3), nines, &[45, 55, 65]),
        (of_side(6), nines, &[30, 45, 60]),
        (of_side(6).turned(), nines, &[30, 45, 60]),
    ];
    for &(size, puzzles, kept_percents) in cases {
        for _ in 0..puzzles {
            let grid = solved_grid(&mut engine, size, &mut rng);
            for &kept_percent in kept_percents {
                let mut clues = remove_clues(&grid, kept_percent, &mut rng);
                // Now and then a wrong clue, so that some puzzles have no solution.
                if rng.below(4) == 0 {
                    let cell = rng.below(clues.len());
                    clues[cell] = rng.below(size.side()) as u8 + 1;
                }
                for limit in [1, 2, 3] {
                    let limits = Limits::count_up_to(limit);
                    let CellOutcome { count, budget_exhausted: exhausted, .. } =
                        solve(&mut engine, size, &clues, limits);
                    assert!(!exhausted);
                    assert_eq!(count, reference_count(size, &clues, limit), "{size} {clues:?}");
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
    assert_eq!(solve(&mut engine, square(2), &[0; 16], Limits::count_up_to(1000)).count, 288);
    // The empty 6×6 grid has 28,200,960 solutions, the same with boxes of 3×2.
    for size in [of_side(6), of_side(6).turned()] {
        assert_eq!(solve(&mut engine, size, &[0; 36], Limits::count_up_to(40)).count, 40);
    }
    // The judge's sample has one, which is its published solution.
    let mut solution = vec![0; 81];
    let CellOutcome { count, .. } =
        engine.solve_cells(Size::NINE, &digits(SAMPLE), Limits::count_up_to(5), &mut solution);
    assert_eq!((count, solution), (1, digits(SAMPLE_SOLUTION)));
    // Its solution with a rectangle of 1s and 4s opened (rows 4 and 5, in one band; columns
    // 3 and 5, in two boxes) has exactly two: the two digits can swap around the rectangle.
    let mut rectangle = digits(SAMPLE_SOLUTION);
    for cell in [3 * 9 + 2, 3 * 9 + 4, 4 * 9 + 2, 4 * 9 + 4] {
        assert!(matches!(rectangle[cell], 1 | 4));
        rectangle[cell] = 0;
    }
    assert_eq!(solve(&mut engine, Size::NINE, &rectangle, Limits::count_up_to(5)).count, 2);
    assert_eq!(reference_count(Size::NINE, &rectangle, 5), 2);
    // The empty 9×9 grid has more solutions than any limit.
    assert_eq!(solve(&mut engine, Size::NINE, &[0; 81], Limits::count_up_to(50)).count, 50);
}

pub(crate) fn contradictory_or_malformed_puzzles_have_no_solution<E: CellSolver + Default>() {
    let mut engine = E::default();
    let mut solution = vec![0; 256];
    let four = square(2);
    // Two 3s in the top box of a 6×6 grid of boxes of 2×3 (cells 0 and 8), which a 3×2 box
    // would not hold together.
    let six = [3].iter().chain(&[0; 7]).chain(&[3]).chain(&[0; 27]).copied().collect::<Vec<u8>>();
    for (size, clues) in [
        // The same value twice in a row, a column, a box.
        (four, [1, 1].iter().chain(&[0; 14]).copied().collect::<Vec<u8>>()),
        (four, [3].iter().chain(&[0; 3]).chain(&[3]).chain(&[0; 11]).copied().collect()),
        (four, [4, 0, 0, 0, 0, 4].iter().chain(&[0; 10]).copied().collect()),
        (of_side(6), six.clone()),
        // No repeats, but the first cell has no value left: 1-3 in its row, 4 in its column.
        (four, [0, 1, 2, 3, 4].iter().chain(&[0; 11]).copied().collect()),
        // A value beyond the grid's, a wrong length.
        (four, [5].iter().chain(&[0; 15]).copied().collect()),
        (four, vec![0; 15]),
        (four, vec![0; 256]),
    ] {
        let CellOutcome { count, budget_exhausted: exhausted, .. } =
            engine.solve_cells(size, &clues, Limits::UNIQUE, &mut solution[..clues.len()]);
        assert_eq!((count, exhausted), (0, false), "{clues:?}");
    }
    // With boxes of 3×2 the two 3s are in different boxes, rows and columns: solvable.
    assert!(
        engine.solve_cells(of_side(6).turned(), &six, Limits::FIRST, &mut solution[..36]).count > 0
    );
    // A solution slice of the wrong length is malformed too.
    assert_eq!(engine.solve_cells(four, &[0; 16], Limits::FIRST, &mut solution[..15]).count, 0);
}

pub(crate) fn budgets_are_honoured_and_statistics_are_deterministic<E: CellSolver + Default>() {
    let mut engine = E::default();
    let size = square(4);
    let empty = vec![0; size.cells()];
    let CellOutcome { count, budget_exhausted: exhausted, stats } =
        solve(&mut engine, size, &empty, Limits::count_up_to(20));
    assert_eq!((count, exhausted), (20, false));
    assert!(stats.guesses > 0 && stats.nodes > stats.guesses);
    for budget in [0, 1, 2, 5, stats.nodes - 1] {
        let limits = Limits::count_up_to(20).with_node_budget(budget);
        let CellOutcome { count, budget_exhausted: exhausted, stats: budget_stats } =
            solve(&mut engine, size, &empty, limits);
        assert!(exhausted && count < 20, "budget {budget}");
        assert_eq!(budget_stats.nodes, budget);
    }
    let limits = Limits::count_up_to(20).with_node_budget(stats.nodes);
    assert_eq!(
        solve(&mut engine, size, &empty, limits),
        CellOutcome { count: 20, budget_exhausted: false, stats }
    );
    // The same solve twice, and after solves of other sizes, gives the same result.
    let mut rng = Rng(3);
    let grid = solved_grid(&mut engine, size, &mut rng);
    let clues = remove_clues(&grid, 40, &mut rng);
    let first = solve(&mut engine, size, &clues, Limits::UNIQUE);
    assert_eq!(solve(&mut engine, size, &clues, Limits::UNIQUE), first);
    solve(&mut engine, square(2), &[0; 16], Limits::UNIQUE);
    solve(&mut engine, of_side(6), &[0; 36], Limits::UNIQUE);
    solve(&mut engine, of_side(16).turned(), &[0; 256], Limits::FIRST);
    solve(&mut engine, square(5), &[0; 625], Limits::FIRST);
    assert_eq!(solve(&mut engine, size, &clues, Limits::UNIQUE), first);
    assert_eq!(solve(&mut E::default(), size, &clues, Limits::UNIQUE), first);
}

/// Every square size, and every rectangular one to 24×24 (beyond, they add time and nothing the
/// tests of `tests/it/sizes.rs` do not cover).
pub(crate) fn the_empty_grid_of_every_size_is_completed<E: CellSolver + Default>() {
    let mut engine = E::default();
    for size in Size::all().filter(|size| size.is_square() || size.side() <= 24) {
        let empty = vec![0; size.cells()];
        assert_eq!(solve(&mut engine, size, &empty, Limits::FIRST).count, 1, "{size}");
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
            solve(&mut engine, Size::NINE, &clues, Limits::UNIQUE);
        assert_eq!((count, exhausted), (1, false), "{line}");
        solved += 1;
    }
    assert_eq!(solved, 1465);
}

/// Solves with a value ruled out, checking the solution whenever one is claimed, and that it
/// keeps the value out.
pub(crate) fn solve_excluding(
    engine: &mut impl CellSolver,
    size: Size,
    clues: &[u8],
    excluded: (usize, u8),
    limits: Limits,
) -> CellOutcome {
    let mut solution = vec![0; clues.len()];
    let result = engine.solve_cells_excluding(size, clues, Some(excluded), limits, &mut solution);
    if result.count > 0 {
        assert_solves(size, clues, &solution);
        assert_ne!(solution[excluded.0], excluded.1);
    }
    result
}

pub(crate) fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker<
    E: CellSolver + Default,
>() {
    let mut engine = E::default();
    let mut rng = Rng(4);
    for (size, puzzles, kept_percent) in
        [(square(2), 300, 30), (square(3), 60, 50), (of_side(6), 60, 40)]
    {
        let side = size.side();
        for _ in 0..puzzles {
            let grid = solved_grid(&mut engine, size, &mut rng);
            let clues = remove_clues(&grid, kept_percent, &mut rng);
            // Rule out the solution's own value in some cell, clue or not, or any other value.
            let cell = rng.below(clues.len());
            let value = if rng.below(2) == 0 { grid[cell] } else { rng.below(side) as u8 + 1 };
            for limit in [1, 2, 3] {
                let expected = reference_count_excluding(size, &clues, Some((cell, value)), limit);
                let limits = Limits::count_up_to(limit);
                let CellOutcome { count, budget_exhausted: exhausted, .. } =
                    solve_excluding(&mut engine, size, &clues, (cell, value), limits);
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
    let size = square(4);
    let grid = solved_grid(&mut engine, size, &mut rng);
    let mut clues = grid.clone();
    let mut needed = 0;
    for cell in rng.permutation(clues.len()) {
        let clue = clues[cell];
        clues[cell] = 0;
        let CellOutcome { count: other, budget_exhausted: exhausted, .. } =
            solve_excluding(&mut engine, size, &clues, (cell, clue), Limits::FIRST);
        let CellOutcome { count, .. } = solve(&mut engine, size, &clues, Limits::UNIQUE);
        assert!(!exhausted);
        assert_eq!(other == 0, count == 1, "cell {cell}");
        if other != 0 {
            clues[cell] = clue;
            needed += 1;
        }
    }
    assert!(needed > 50, "{needed} clues");
}

/// The layouts every engine that takes layouts is tested on: each rule alone and together,
/// irregular regions at 9×9 and 6×6, a 6×6 grid of rectangular boxes with its diagonals, and
/// starting candidates (a pencilmark puzzle is made from a solution of each layout).
pub(crate) fn test_layouts() -> Vec<sudoku_core::Layout> {
    use sudoku_core::{Layout, Rule};
    let nine = Size::NINE;
    // Boxes sheared one column per row, a jigsaw whose regions are still three rows high.
    let sheared: Vec<u32> = (0..81u32).map(|c| (c / 27) * 3 + (c % 9 + c / 9) % 9 / 3).collect();
    // 6×6 regions of two columns by three rows, then shifted by a row in the middle stack.
    let six = of_side(6);
    let tall: Vec<u32> = (0..36u32)
        .map(|c| {
            let (row, col) = (c / 6, c % 6);
            let row = if col / 2 == 1 { (row + 1) % 6 } else { row };
            row / 3 * 3 + col / 2
        })
        .collect();
    let layout = |size, regions: Option<&[u32]>, rules: &[Rule], extra: &[Vec<usize>]| {
        Layout::new(size, regions, rules, extra, None).expect("a test layout")
    };
    vec![
        layout(nine, None, &[Rule::Diagonals], &[]),
        layout(nine, None, &[Rule::Windoku], &[]),
        layout(nine, None, &[Rule::Disjoint], &[]),
        layout(nine, None, &[Rule::AntiKnight], &[]),
        layout(nine, None, &[Rule::AntiKing], &[]),
        layout(nine, None, &[Rule::Diagonals, Rule::AntiKnight], &[]),
        layout(nine, Some(&sheared), &[], &[]),
        layout(nine, Some(&sheared), &[Rule::Diagonals], &[vec![0, 10, 20]]),
        layout(six, Some(&tall), &[], &[]),
        layout(six, None, &[Rule::Diagonals], &[]),
    ]
}

/// Engines that take layouts solve and count the puzzles of [`test_layouts`] as a plain
/// backtracker counts them: for each layout, random solutions found by `drawer` from a
/// shuffled first row, clues kept at random (now and then a wrong one), and the same solutions
/// as pencilmark puzzles (each cell's candidates its value and a few others, no clues).
pub(crate) fn layout_counts_agree_with_a_plain_backtracker(
    engine: &mut dyn sudoku_core::Engine,
    drawer: &mut dyn sudoku_core::Engine,
    puzzles_per_layout: usize,
    kept_percents: &[usize],
) {
    use std::sync::Arc;
    use sudoku_core::{Grid, Layout};
    let mut rng = Rng(11);
    for layout in test_layouts() {
        let size = layout.size();
        let side = size.side();
        let layout = Arc::new(layout);
        for _ in 0..puzzles_per_layout {
            // A solution: the first row shuffled, completed by `drawer` (drawn again if it
            // cannot be completed within a budget); the engine under test is asked for first
            // solutions below.
            let limits = Limits::FIRST.with_node_budget(200_000);
            let solution = loop {
                let mut cells = vec![0u8; size.cells()];
                for (cell, value) in rng.permutation(side).into_iter().enumerate() {
                    cells[cell] = value as u8 + 1;
                }
                let start =
                    Grid::from_cells(size, &cells).unwrap().with_layout(Some(layout.clone()));
                if let Some(found) = drawer.solve(&start, limits).solution {
                    assert_eq!(layout.first_broken(found.cells()), None, "{}", layout.name());
                    break found.cells().to_vec();
                }
            };
            for &kept_percent in kept_percents {
                let mut clues = remove_clues(&solution, kept_percent, &mut rng);
                if rng.below(5) == 0 {
                    let cell = rng.below(clues.len());
                    clues[cell] = rng.below(side) as u8 + 1;
                }
                let puzzle =
                    Grid::from_cells(size, &clues).unwrap().with_layout(Some(layout.clone()));
                assert_counts(engine, &puzzle);
            }
            // A pencilmark puzzle: no clues, each cell its value and one or two more.
            let candidates: Vec<u64> = solution
                .iter()
                .map(|&value| {
                    let others = (0..2).map(|_| 1u64 << rng.below(side)).fold(0, |a, b| a | b);
                    1 << (value - 1) | if rng.below(3) == 0 { 0 } else { others }
                })
                .collect();
            let marked = layout.with_candidates(Some(&candidates)).expect("candidates of the side");
            let puzzle = Grid::empty(size).with_layout(Some(Arc::new(marked)));
            assert_counts(engine, &puzzle);
        }
    }

    fn assert_counts(engine: &mut dyn sudoku_core::Engine, puzzle: &Grid) {
        let layout: &Layout = puzzle.layout().expect("a layout");
        for limit in [1, 2, 3] {
            let outcome = engine.solve(puzzle, Limits::count_up_to(limit));
            assert!(!outcome.budget_exhausted);
            let expected = layout_reference_count(layout, puzzle.cells(), limit);
            assert_eq!(outcome.count, expected, "{}: {}", layout.name(), puzzle.to_line());
            if let Some(solution) = outcome.solution {
                let kept =
                    puzzle.cells().iter().zip(solution.cells()).all(|(&c, &s)| c == 0 || c == s);
                assert!(kept && solution.is_full(), "{}: {}", layout.name(), puzzle.to_line());
                assert_eq!(layout.first_broken(solution.cells()), None, "{}", layout.name());
            }
        }
    }
}

/// Counts the solutions of `clues` on `layout` up to `limit` by plain backtracking, row-major,
/// each value checked against the cells the layout's houses and pairs say it must differ from
/// (read from [`sudoku_core::Layout::houses`] and [`sudoku_core::Layout::pairs`], not from the
/// engines' tables), against the cell's starting candidates, and against the layout's
/// constraints by the core's checker ([`sudoku_core::Layout::first_broken`], which judges a
/// rule once its cells are filled, and knows nothing of the propagators): slow, and obviously
/// right.
pub(crate) fn layout_reference_count(
    layout: &sudoku_core::Layout,
    clues: &[u8],
    limit: u32,
) -> u32 {
    struct Search {
        differ: Vec<Vec<usize>>,
        allowed: Vec<u64>,
        side: usize,
        count: u32,
        limit: u32,
        /// The layout, if it has constraints.
        layout: Option<sudoku_core::Layout>,
    }
    fn fits(search: &Search, grid: &[u8], cell: usize, value: u8) -> bool {
        search.allowed[cell] & (1 << (value - 1)) != 0
            && search.differ[cell].iter().all(|&other| grid[other] != value)
    }
    fn fill(grid: &mut [u8], search: &mut Search) {
        let Some(cell) = grid.iter().position(|&value| value == 0) else {
            search.count += 1;
            return;
        };
        for value in 1..=search.side as u8 {
            if fits(search, grid, cell, value) {
                grid[cell] = value;
                // The constraints, by the core's checker: each judged once its cells are
                // filled.
                if search.layout.as_ref().is_some_and(|layout| layout.first_broken(grid).is_some())
                {
                    grid[cell] = 0;
                    continue;
                }
                fill(grid, search);
                grid[cell] = 0;
                if search.count >= search.limit {
                    return;
                }
            }
        }
    }
    let (side, cells) = (layout.size().side(), layout.size().cells());
    let mut differ = vec![Vec::new(); cells];
    for (_, members) in layout.houses() {
        for &a in members.iter() {
            differ[usize::from(a)]
                .extend(members.iter().filter(|&&b| b != a).map(|&b| usize::from(b)));
        }
    }
    for &([a, b], _) in layout.pairs() {
        differ[usize::from(a)].push(usize::from(b));
        differ[usize::from(b)].push(usize::from(a));
    }
    let all = u64::MAX >> (64 - side);
    let allowed = layout.candidates().map_or_else(|| vec![all; cells], <[u64]>::to_vec);
    let constrained = (!layout.constraints().is_empty()).then(|| layout.clone());
    let mut search = Search { differ, allowed, side, count: 0, limit, layout: constrained };
    let consistent = (0..cells)
        .all(|cell| clues[cell] == 0 || fits(&search, clues, cell, clues[cell]))
        && layout.first_broken(clues).is_none();
    if consistent {
        fill(&mut clues.to_vec(), &mut search);
    }
    search.count
}

/// Random constraints that the solved grid `solution` of `size` keeps, `count` of them, of
/// kinds drawn from `kinds`: lines drawn as random walks (a king's steps), cages as random
/// connected cells, clues beside the grid at random; a walk or a number is drawn again until
/// the core's checker finds the rule kept (so each rule's meaning comes from the checker, not
/// from here). With `wrong`, the last rule drawn may be one the solution breaks (a sum off by
/// one, a line not checked), so that some puzzles have no solution.
pub(crate) fn random_constraints(
    size: Size,
    solution: &[u8],
    kinds: &[sudoku_core::ConstraintKind],
    count: usize,
    wrong: bool,
    rng: &mut Rng,
) -> Vec<sudoku_core::Constraint> {
    use sudoku_core::constraint::{self, Axis, Direction, Spot};
    use sudoku_core::{Constraint, ConstraintKind, Layout};
    let side = size.side() as i16;
    let classic = Layout::classic(size);
    let shape = classic.shape();
    let keeps = |rule: &Constraint| {
        rule.validate(size, true).is_ok()
            && constraint::first_broken(std::slice::from_ref(rule), &shape, solution).is_none()
    };
    let spot =
        |rng: &mut Rng| Spot::new(rng.below(side as usize) as i16, rng.below(side as usize) as i16);
    // A walk of `len` cells by king's steps (orthogonal ones only with `orthogonal`), never
    // back to a cell; shorter if it gets stuck.
    let walk = |rng: &mut Rng, len: usize, orthogonal: bool| {
        let mut cells = vec![spot(rng)];
        while cells.len() < len {
            let here = *cells.last().unwrap();
            let steps: Vec<Spot> = (-1..=1)
                .flat_map(|down| (-1..=1).map(move |across| (down, across)))
                .filter(|&(down, across): &(i16, i16)| {
                    (down, across) != (0, 0) && (!orthogonal || down == 0 || across == 0)
                })
                .map(|step| here.step(step))
                .filter(|next| next.is_inside(size) && !cells.contains(next))
                .collect();
            if steps.is_empty() {
                break;
            }
            cells.push(steps[rng.below(steps.len())]);
        }
        cells
    };
    let outside = |rng: &mut Rng| {
        let k = rng.below(side as usize) as i16;
        match rng.below(4) {
            0 => Spot::new(-1, k),
            1 => Spot::new(side, k),
            2 => Spot::new(k, -1),
            _ => Spot::new(k, side),
        }
    };
    let most = u32::from(side as u16) * (u32::from(side as u16) + 1) / 2;
    // The first number from `numbers` that makes `make` a rule the solution keeps.
    let fit = |numbers: std::ops::RangeInclusive<u32>, make: &dyn Fn(u32) -> Constraint| {
        numbers.map(make).find(|rule| keeps(rule))
    };
    let propose = |kind: ConstraintKind, rng: &mut Rng| -> Option<Constraint> {
        let len = 2 + rng.below(3);
        Some(match kind {
            ConstraintKind::Killer => {
                let len = 1 + rng.below(4);
                let cells = walk(rng, len, true);
                let mut distinct = Vec::new();
                for cell in cells {
                    let value = solution[cell.cell(size)?];
                    if distinct
                        .iter()
                        .any(|&other: &Spot| solution[other.cell(size).unwrap()] == value)
                    {
                        break;
                    }
                    distinct.push(cell);
                }
                if rng.below(5) == 0 {
                    Constraint::Killer { cells: distinct, sum: None }
                } else {
                    fit(0..=most, &|sum| Constraint::Killer {
                        cells: distinct.clone(),
                        sum: Some(sum),
                    })?
                }
            }
            ConstraintKind::LittleKiller => {
                let clue = outside(rng);
                let direction = Direction::ALL[rng.below(4)];
                fit(0..=most * 2, &|sum| Constraint::LittleKiller { clue, direction, sum })?
            }
            ConstraintKind::Arrow => {
                let mut cells = walk(rng, len + 1, false);
                let circle = vec![cells.remove(0)];
                Constraint::Arrow { circle, lines: vec![cells] }
            }
            ConstraintKind::Thermometer => Constraint::Thermometer { cells: walk(rng, len, false) },
            ConstraintKind::SlowThermometer => {
                Constraint::SlowThermometer { cells: walk(rng, len, false) }
            }
            ConstraintKind::Sandwich => {
                let clue = outside(rng);
                fit(0..=most, &|sum| Constraint::Sandwich { clue, sum })?
            }
            ConstraintKind::XSum => {
                let clue = outside(rng);
                fit(0..=most, &|sum| Constraint::XSum { clue, sum })?
            }
            ConstraintKind::Skyscraper => {
                let clue = outside(rng);
                fit(1..=side as u32, &|count| Constraint::Skyscraper { clue, count })?
            }
            ConstraintKind::Difference | ConstraintKind::Ratio | ConstraintKind::Xv => {
                let pair = walk(rng, 2, true);
                let cells: [Spot; 2] = pair.try_into().ok()?;
                match kind {
                    ConstraintKind::Difference => {
                        fit(1..=3, &|value| Constraint::Difference { cells, value })?
                    }
                    ConstraintKind::Ratio => {
                        fit(2..=3, &|value| Constraint::Ratio { cells, value })?
                    }
                    _ => fit(5..=10, &|sum| Constraint::Xv { cells, sum })?,
                }
            }
            ConstraintKind::Odd => Constraint::Odd { cell: spot(rng) },
            ConstraintKind::Even => Constraint::Even { cell: spot(rng) },
            ConstraintKind::Minimum => Constraint::Minimum { cell: spot(rng) },
            ConstraintKind::Maximum => Constraint::Maximum { cell: spot(rng) },
            ConstraintKind::Palindrome => Constraint::Palindrome { cells: walk(rng, 3, false) },
            ConstraintKind::Renban => Constraint::Renban { cells: walk(rng, len, false) },
            ConstraintKind::Whispers => {
                let gap = (rng.below(2) == 0).then(|| 1 + rng.below(3) as u32);
                Constraint::Whispers { cells: walk(rng, len, false), gap }
            }
            ConstraintKind::Between => Constraint::Between { cells: walk(rng, len + 1, false) },
            ConstraintKind::RegionSum => Constraint::RegionSum { cells: walk(rng, len + 1, true) },
            ConstraintKind::Entropic => Constraint::Entropic { cells: walk(rng, len + 1, false) },
            ConstraintKind::Zipper => Constraint::Zipper { cells: walk(rng, len + 1, false) },
            ConstraintKind::Quadruple => {
                let corner = Spot::new(
                    rng.below(side as usize - 1) as i16,
                    rng.below(side as usize - 1) as i16,
                );
                let cells: Vec<Spot> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .into_iter()
                    .map(|step| corner.step(step))
                    .collect();
                let mut values: Vec<u8> = (0..1 + rng.below(3))
                    .map(|_| solution[cells[rng.below(4)].cell(size).unwrap()])
                    .collect();
                values.sort_unstable();
                Constraint::Quadruple { cells, values }
            }
            ConstraintKind::Clone => {
                let len = 1 + rng.below(2);
                let cells = walk(rng, len, true);
                let shift = (
                    rng.below(side as usize) as i16 - cells[0].row,
                    rng.below(side as usize) as i16 - cells[0].col,
                );
                let clones = cells.iter().map(|cell| cell.step(shift)).collect();
                Constraint::Clone { cells, clones }
            }
            ConstraintKind::RowIndexer
            | ConstraintKind::ColumnIndexer
            | ConstraintKind::BoxIndexer => {
                let axis = match kind {
                    ConstraintKind::RowIndexer => Axis::Row,
                    ConstraintKind::ColumnIndexer => Axis::Column,
                    _ => Axis::Box,
                };
                Constraint::Indexer { axis, cells: vec![spot(rng)] }
            }
            ConstraintKind::Nonconsecutive => Constraint::Nonconsecutive,
            ConstraintKind::NegativeRatio => Constraint::NegativeRatio,
            ConstraintKind::NegativeXv => Constraint::NegativeXv,
        })
    };
    let mut rules = Vec::new();
    // A kind no proposal fits (a rule of the whole grid the solution breaks, say) leaves its
    // slot empty.
    for slot in 0..count {
        let kind = kinds[rng.below(kinds.len())];
        let last = slot + 1 == count;
        for _ in 0..200 {
            let Some(rule) = propose(kind, rng) else { continue };
            if rule.validate(size, true).is_err() {
                continue;
            }
            if keeps(&rule) || wrong && last && rng.below(20) == 0 {
                rules.push(rule);
                break;
            }
        }
    }
    if wrong && rng.below(4) == 0 {
        // A sum off by one.
        for rule in rules.iter_mut().rev() {
            if let Constraint::Killer { sum: Some(sum), .. }
            | Constraint::LittleKiller { sum, .. } = rule
            {
                *sum += 1;
                break;
            }
        }
    }
    rules
}

/// Engines that take constraints solve and count random puzzles with them as the plain
/// backtracker of [`layout_reference_count`] counts them, which knows the rules only through
/// the core's checker: `cases` puzzles on 4×4 and 6×6 grids, each a random solution with a few
/// random constraints of `kinds` it keeps (now and then one it breaks) and some of its values
/// as clues, counted to 1, 2 and 3 solutions.
pub(crate) fn variant_counts_agree_with_a_plain_backtracker(
    engine: &mut dyn sudoku_core::Engine,
    kinds: &[sudoku_core::ConstraintKind],
    cases: usize,
    seed: u64,
) {
    use std::sync::Arc;
    use sudoku_core::{Grid, Layout};
    let mut rng = Rng(seed);
    for case in 0..cases {
        let size = if case % 3 == 2 { of_side(6) } else { square(2) };
        let solution = classic_solution(engine, size, &mut rng);
        let count = 1 + rng.below(5);
        let rules = random_constraints(size, &solution, kinds, count, true, &mut rng);
        let Ok(layout) = Layout::classic(size).with_constraints(rules) else { continue };
        let layout = Arc::new(layout);
        let kept = if size.side() == 4 { rng.below(30) } else { 35 + rng.below(30) };
        let clues = remove_clues(&solution, kept, &mut rng);
        let puzzle = Grid::from_cells(size, &clues).unwrap().with_layout(Some(layout.clone()));
        for limit in [1, 2, 3] {
            let outcome = engine.solve(&puzzle, Limits::count_up_to(limit));
            let line = || format!("{} {:?}", puzzle.to_line(), layout.constraints());
            assert!(!outcome.budget_exhausted, "{}", line());
            let expected = layout_reference_count(&layout, &clues, limit);
            assert_eq!(outcome.count, expected, "limit {limit}: {}", line());
            if let Some(solution) = outcome.solution {
                let kept = clues.iter().zip(solution.cells()).all(|(&c, &s)| c == 0 || c == s);
                assert!(kept && solution.is_full(), "{}", line());
                assert_eq!(layout.first_broken(solution.cells()), None, "{}", line());
            }
        }
    }
}
