//! The ladder on variant puzzles of the workbench's own making: killer cages, thermometers,
//! arrows, dots, XV, little killers, lines, drawn over random solution grids and reduced until
//! they have one solution (a seed makes them again). Every step of every path holds in the
//! solution; a puzzle given one more of its solution's digits never rates harder; the `logic`
//! engine solves each to its solution, and says it has one.
//!
//! The solutions are counted by a search of this file's own (singles on the houses, the
//! core's propagators of every rule, the implied sums among them, to a fixpoint at every
//! node), apart from the ladder and the engine it checks.

use std::sync::{Arc, OnceLock};

use sudoku_core::constraint::{Direction, Spot, diagonal};
use sudoku_core::{Constraint, Engine, Grid, Layout, Limits, Model, Outcome, Size, Units};
use sudoku_logic::{End, Logic, Rater, Technique};

/// A small generator of random numbers (xorshift64*), so that the puzzles depend on the seed
/// alone.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

const CELLS: usize = 81;
const ALL: u64 = 0x1ff;

/// The solutions of `cells` (0 for empty) under `layout`, up to `limit`.
struct Counter {
    units: Units,
    model: Model,
    layout: Arc<Layout>,
}

impl Counter {
    fn new(layout: Arc<Layout>) -> Counter {
        let mut units = Units::default();
        units.set_layout(Some(&layout), Size::NINE);
        Counter { units, model: Model::new(&layout), layout }
    }

    /// Singles on the peers and every propagator, until nothing changes; `false` on a
    /// contradiction.
    fn settle(&self, domains: &mut [u64]) -> bool {
        loop {
            let before = domains.to_vec();
            for cell in 0..CELLS {
                let set = domains[cell];
                if set == 0 {
                    return false;
                }
                if set.count_ones() == 1 {
                    for &peer in self.units.peers(cell) {
                        domains[usize::from(peer)] &= !set;
                        if domains[usize::from(peer)] == 0 {
                            return false;
                        }
                    }
                }
            }
            if self.model.fixpoint(domains).is_err() {
                return false;
            }
            if domains == before.as_slice() {
                return true;
            }
        }
    }

    fn search(&self, mut domains: Vec<u64>, limit: usize, found: &mut Vec<Vec<u8>>) {
        if found.len() >= limit || !self.settle(&mut domains) {
            return;
        }
        let open = (0..CELLS)
            .filter(|&cell| domains[cell].count_ones() > 1)
            .min_by_key(|&cell| domains[cell].count_ones());
        let Some(cell) = open else {
            let values: Vec<u8> =
                domains.iter().map(|&set| set.trailing_zeros() as u8 + 1).collect();
            assert_eq!(self.layout.first_broken(&values), None, "the search's solution is one");
            found.push(values);
            return;
        };
        let mut set = domains[cell];
        while set != 0 {
            let bit = set & set.wrapping_neg();
            set ^= bit;
            let mut branch = domains.clone();
            branch[cell] = bit;
            self.search(branch, limit, found);
        }
    }

    fn solutions(&self, cells: &[u8], limit: usize) -> Vec<Vec<u8>> {
        let domains = cells.iter().map(|&v| if v == 0 { ALL } else { 1 << (v - 1) }).collect();
        let mut found = Vec::new();
        self.search(domains, limit, &mut found);
        found
    }
}

/// A random solution grid.
fn random_solution(random: &mut Random) -> Vec<u8> {
    fn fill(cells: &mut [u8], order: &[[u8; 9]], at: usize) -> bool {
        if at == CELLS {
            return true;
        }
        let (row, col) = (at / 9, at % 9);
        for &value in &order[at] {
            let clash = (0..9).any(|i| {
                let (r, c) = (row / 3 * 3 + i / 3, col / 3 * 3 + i % 3);
                cells[row * 9 + i] == value
                    || cells[i * 9 + col] == value
                    || cells[r * 9 + c] == value
            });
            if !clash {
                cells[at] = value;
                if fill(cells, order, at + 1) {
                    return true;
                }
                cells[at] = 0;
            }
        }
        false
    }
    let order: Vec<[u8; 9]> = (0..CELLS)
        .map(|_| {
            let mut values = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            random.shuffle(&mut values);
            values
        })
        .collect();
    let mut cells = vec![0u8; CELLS];
    assert!(fill(&mut cells, &order, 0));
    cells
}

fn spot(cell: usize) -> Spot {
    Spot::new((cell / 9) as i16, (cell % 9) as i16)
}

/// The cells beside `cell` (orthogonally).
fn beside(cell: usize) -> Vec<usize> {
    let (row, col) = (cell / 9, cell % 9);
    let mut found = Vec::new();
    if row > 0 {
        found.push(cell - 9);
    }
    if row < 8 {
        found.push(cell + 9);
    }
    if col > 0 {
        found.push(cell - 1);
    }
    if col < 8 {
        found.push(cell + 1);
    }
    found
}

/// Killer cages over the whole grid, each of 1 to 5 cells of distinct digits.
fn cages(random: &mut Random, solution: &[u8]) -> Vec<Constraint> {
    let mut taken = [false; CELLS];
    let mut order: Vec<usize> = (0..CELLS).collect();
    random.shuffle(&mut order);
    let mut rules = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let target = 1 + random.below(5);
        let mut cage = vec![start];
        taken[start] = true;
        while cage.len() < target {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| beside(c))
                .filter(|&c| !taken[c] && !cage.iter().any(|&m| solution[m] == solution[c]))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let chosen = next[random.below(next.len())];
            taken[chosen] = true;
            cage.push(chosen);
        }
        let sum = cage.iter().map(|&c| u32::from(solution[c])).sum();
        rules.push(Constraint::Killer {
            cells: cage.into_iter().map(spot).collect(),
            sum: Some(sum),
        });
    }
    rules
}

/// A random path of `length` cells side by side from `start` whose digits keep `fits` (the
/// path so far, the next digit); `None` if the walk runs out.
fn path(
    random: &mut Random,
    solution: &[u8],
    start: usize,
    length: usize,
    fits: &dyn Fn(&[u8], u8) -> bool,
) -> Option<Vec<usize>> {
    let mut cells = vec![start];
    while cells.len() < length {
        let digits: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
        let last = *cells.last().unwrap();
        let next: Vec<usize> = beside(last)
            .into_iter()
            .filter(|c| !cells.contains(c) && fits(&digits, solution[*c]))
            .collect();
        if next.is_empty() {
            return None;
        }
        cells.push(next[random.below(next.len())]);
    }
    Some(cells)
}

/// `count` lines of 3 to 6 cells whose digits keep `fits`, made by `rule`.
fn lines(
    random: &mut Random,
    solution: &[u8],
    count: usize,
    fits: &dyn Fn(&[u8], u8) -> bool,
    rule: &dyn Fn(Vec<Spot>) -> Constraint,
) -> Vec<Constraint> {
    let mut made = Vec::new();
    let mut used = [false; CELLS];
    for _ in 0..count * 50 {
        if made.len() == count {
            break;
        }
        let start = random.below(CELLS);
        let length = 3 + random.below(4);
        if let Some(cells) = path(random, solution, start, length, fits)
            && cells.iter().all(|&c| !used[c])
        {
            for &c in &cells {
                used[c] = true;
            }
            made.push(rule(cells.into_iter().map(spot).collect()));
        }
    }
    made
}

/// Arrows: a circle and a line beside it adding to the circle's digit.
fn arrows(random: &mut Random, solution: &[u8], count: usize) -> Vec<Constraint> {
    let mut made = Vec::new();
    for _ in 0..count * 100 {
        if made.len() == count {
            break;
        }
        let circle = random.below(CELLS);
        let target = solution[circle];
        let length = 2 + random.below(2);
        let first = beside(circle)[0];
        let fits = |digits: &[u8], next: u8| {
            digits.iter().map(|&d| d as u32).sum::<u32>() + u32::from(next) <= u32::from(target)
        };
        let Some(line) = path(random, solution, first, length, &fits) else { continue };
        if line.contains(&circle)
            || line.iter().map(|&c| u32::from(solution[c])).sum::<u32>() != u32::from(target)
        {
            continue;
        }
        made.push(Constraint::Arrow {
            circle: vec![spot(circle)],
            lines: vec![line.into_iter().map(spot).collect()],
        });
    }
    made
}

/// Every white and black dot of the solution (a pair that is both, white), and the negative
/// rules that then hold.
fn dots(solution: &[u8]) -> Vec<Constraint> {
    let mut made = Vec::new();
    for cell in 0..CELLS {
        for other in beside(cell).into_iter().filter(|&o| o > cell) {
            let (a, b) = (u32::from(solution[cell]), u32::from(solution[other]));
            let cells = [spot(cell), spot(other)];
            if a.abs_diff(b) == 1 {
                made.push(Constraint::Difference { cells, value: 1 });
            } else if a == 2 * b || b == 2 * a {
                made.push(Constraint::Ratio { cells, value: 2 });
            }
        }
    }
    made.push(Constraint::Nonconsecutive);
    made.push(Constraint::NegativeRatio);
    made
}

/// Every X and V of the solution, and the negative rule.
fn xv(solution: &[u8]) -> Vec<Constraint> {
    let mut made = Vec::new();
    for cell in 0..CELLS {
        for other in beside(cell).into_iter().filter(|&o| o > cell) {
            let sum = u32::from(solution[cell]) + u32::from(solution[other]);
            if sum == 5 || sum == 10 {
                made.push(Constraint::Xv { cells: [spot(cell), spot(other)], sum });
            }
        }
    }
    made.push(Constraint::NegativeXv);
    made
}

/// Little killers from the clues above the grid and left of it.
fn little_killers(random: &mut Random, solution: &[u8], count: usize) -> Vec<Constraint> {
    let mut made = Vec::new();
    let mut clues: Vec<(Spot, Direction)> = (0..9)
        .flat_map(|k| {
            [
                (Spot::new(-1, k), Direction::DownRight),
                (Spot::new(-1, k), Direction::DownLeft),
                (Spot::new(k, -1), Direction::DownRight),
            ]
        })
        .collect();
    random.shuffle(&mut clues);
    clues.retain(|&(clue, direction)| {
        diagonal(Size::NINE, clue, direction).is_some_and(|d| d.len() >= 2)
    });
    for (clue, direction) in clues.into_iter().take(count) {
        let cells = diagonal(Size::NINE, clue, direction).unwrap();
        let sum =
            cells.iter().map(|&s| u32::from(solution[s.row as usize * 9 + s.col as usize])).sum();
        made.push(Constraint::LittleKiller { clue, direction, sum });
    }
    made
}

/// The kinds of puzzle made.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Killer,
    Thermo,
    Arrow,
    Kropki,
    Xv,
    LittleKiller,
    Lines,
    Mixed,
}

const KINDS: [Kind; 8] = [
    Kind::Killer,
    Kind::Thermo,
    Kind::Arrow,
    Kind::Kropki,
    Kind::Xv,
    Kind::LittleKiller,
    Kind::Lines,
    Kind::Mixed,
];

/// The rules of a puzzle of `kind` drawn over `solution`.
fn rules(kind: Kind, random: &mut Random, solution: &[u8]) -> Vec<Constraint> {
    let increasing = |digits: &[u8], next: u8| digits.last().is_none_or(|&last| next > last);
    let whisper =
        |digits: &[u8], next: u8| digits.last().is_none_or(|&last| last.abs_diff(next) >= 5);
    let run = |digits: &[u8], next: u8| {
        !digits.contains(&next) && {
            let low = digits.iter().copied().chain([next]).min().unwrap();
            let high = digits.iter().copied().chain([next]).max().unwrap();
            usize::from(high - low) <= 5
        }
    };
    let thermo = |cells: Vec<Spot>| Constraint::Thermometer { cells };
    match kind {
        Kind::Killer => cages(random, solution),
        Kind::Thermo => lines(random, solution, 8, &increasing, &thermo),
        Kind::Arrow => arrows(random, solution, 8),
        Kind::Kropki => dots(solution),
        Kind::Xv => xv(solution),
        Kind::LittleKiller => little_killers(random, solution, 10),
        Kind::Lines => {
            let mut made = lines(random, solution, 4, &whisper, &|cells| Constraint::Whispers {
                cells,
                gap: None,
            });
            // A renban line whose digits make a run.
            let renban = lines(random, solution, 12, &run, &|cells| Constraint::Renban { cells });
            made.extend(
                renban
                    .into_iter()
                    .filter(|rule| {
                        let Constraint::Renban { cells } = rule else { return false };
                        let digits: Vec<u8> = cells
                            .iter()
                            .map(|s| solution[s.row as usize * 9 + s.col as usize])
                            .collect();
                        let (low, high) =
                            (digits.iter().min().unwrap(), digits.iter().max().unwrap());
                        usize::from(high - low) + 1 == digits.len()
                    })
                    .take(4),
            );
            for _ in 0..6 {
                let cell = random.below(CELLS);
                made.push(if solution[cell] % 2 == 1 {
                    Constraint::Odd { cell: spot(cell) }
                } else {
                    Constraint::Even { cell: spot(cell) }
                });
            }
            made
        }
        Kind::Mixed => {
            let mut made: Vec<Constraint> =
                cages(random, solution).into_iter().filter(|_| random.below(3) == 0).collect();
            // Cages drawn at random overlap nothing: keep a third of them.
            made.extend(lines(random, solution, 3, &increasing, &thermo));
            made.extend(arrows(random, solution, 2));
            made.extend(little_killers(random, solution, 2));
            made
        }
    }
}

/// Whether the counter's propagation alone (no search) fills `givens` under `layout`: such a
/// puzzle has one solution, which propagation finds without a guess.
fn propagation_solves(layout: &Arc<Layout>, givens: &[u8]) -> bool {
    let counter = Counter::new(layout.clone());
    let mut domains: Vec<u64> =
        givens.iter().map(|&v| if v == 0 { ALL } else { 1 << (v - 1) }).collect();
    counter.settle(&mut domains) && domains.iter().all(|set| set.count_ones() == 1)
}

/// A puzzle of `kind` from `seed`: its givens under its layout, and its solution. Its rules
/// are drawn over a random solution; givens of the solution are added, at random cells that
/// propagation (the counter's, without search) leaves open, until propagation fills the grid;
/// then every given and rule that propagation does without goes, in a random order. So
/// propagation solves it without a guess, as the Interactive Sudoku Solver's solves the
/// puzzles it needs no guess for, and no given or rule is there for nothing.
fn puzzle(kind: Kind, seed: u64) -> (Grid, Vec<u8>) {
    let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let solution = random_solution(&mut random);
    let mut rules = rules(kind, &mut random, &solution);
    let layout = |rules: &[Constraint]| {
        Arc::new(Layout::classic(Size::NINE).with_constraints(rules.to_vec()).unwrap())
    };
    let mut givens = vec![0u8; CELLS];
    let mut current = layout(&rules);
    loop {
        let counter = Counter::new(current.clone());
        let mut domains: Vec<u64> =
            givens.iter().map(|&v| if v == 0 { ALL } else { 1 << (v - 1) }).collect();
        assert!(counter.settle(&mut domains), "{kind:?}: the rules hold in the solution");
        let open: Vec<usize> = (0..CELLS).filter(|&c| domains[c].count_ones() > 1).collect();
        if open.is_empty() {
            break;
        }
        let cell = open[random.below(open.len())];
        givens[cell] = solution[cell];
    }
    let mut cells: Vec<usize> = (0..CELLS).filter(|&c| givens[c] != 0).collect();
    random.shuffle(&mut cells);
    for cell in cells {
        givens[cell] = 0;
        if !propagation_solves(&current, &givens) {
            givens[cell] = solution[cell];
        }
    }
    let mut index = 0;
    while index < rules.len() {
        let mut fewer = rules.clone();
        fewer.remove(index);
        let fewer_layout = layout(&fewer);
        // A dot or an X taken away under a negative rule forbids what it allowed: the
        // solution must keep every rule left.
        if fewer_layout.first_broken(&solution).is_none()
            && propagation_solves(&fewer_layout, &givens)
        {
            rules = fewer;
            current = fewer_layout;
        } else {
            index += 1;
        }
    }
    let line: String =
        givens.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect();
    let grid = sudoku_core::parse_one(line.as_bytes()).unwrap().grid.with_layout(Some(current));
    (grid, solution)
}

/// A puzzle of `kind` from `seed` with one solution and no given or rule it can do without
/// (by the counter's search): harder than [`puzzle`]'s, most need more than propagation.
fn minimal_puzzle(kind: Kind, seed: u64) -> (Grid, Vec<u8>) {
    let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let solution = random_solution(&mut random);
    let mut rules = rules(kind, &mut random, &solution);
    let layout = |rules: &[Constraint]| {
        Arc::new(Layout::classic(Size::NINE).with_constraints(rules.to_vec()).unwrap())
    };
    let unique = |layout: &Arc<Layout>, givens: &[u8]| {
        Counter::new(layout.clone()).solutions(givens, 2).len() == 1
    };
    let mut givens = vec![0u8; CELLS];
    loop {
        let found = Counter::new(layout(&rules)).solutions(&givens, 2);
        if found.len() == 1 {
            break;
        }
        let differ: Vec<usize> = (0..CELLS).filter(|&c| found[0][c] != found[1][c]).collect();
        let cell = differ[random.below(differ.len())];
        givens[cell] = solution[cell];
    }
    let mut cells: Vec<usize> = (0..CELLS).filter(|&c| givens[c] != 0).collect();
    random.shuffle(&mut cells);
    for cell in cells {
        givens[cell] = 0;
        if !unique(&layout(&rules), &givens) {
            givens[cell] = solution[cell];
        }
    }
    let mut index = 0;
    while index < rules.len() {
        let mut fewer = rules.clone();
        fewer.remove(index);
        let fewer_layout = layout(&fewer);
        if fewer_layout.first_broken(&solution).is_none() && unique(&fewer_layout, &givens) {
            rules = fewer;
        } else {
            index += 1;
        }
    }
    let line: String =
        givens.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect();
    let grid =
        sudoku_core::parse_one(line.as_bytes()).unwrap().grid.with_layout(Some(layout(&rules)));
    (grid, solution)
}

/// The puzzles most tests here read: three of each kind that propagation solves.
fn puzzles() -> &'static [(Kind, Grid, Grid)] {
    static MADE: OnceLock<Vec<(Kind, Grid, Grid)>> = OnceLock::new();
    MADE.get_or_init(|| made(puzzle, &KINDS, 1..=3))
}

/// Minimal puzzles, one of each kind but little killers (whose search for a minimal puzzle
/// takes minutes).
fn minimal_puzzles() -> &'static [(Kind, Grid, Grid)] {
    static MADE: OnceLock<Vec<(Kind, Grid, Grid)>> = OnceLock::new();
    let kinds: Vec<Kind> =
        KINDS.into_iter().filter(|kind| !matches!(kind, Kind::LittleKiller)).collect();
    MADE.get_or_init(|| made(minimal_puzzle, &kinds, 1..=1))
}

/// Puzzles `make` makes, of every kind, from each of `seeds`, with their solutions.
fn made(
    make: fn(Kind, u64) -> (Grid, Vec<u8>),
    kinds: &[Kind],
    seeds: std::ops::RangeInclusive<u64>,
) -> Vec<(Kind, Grid, Grid)> {
    kinds
        .iter()
        .flat_map(|&kind| seeds.clone().map(move |seed| (kind, seed)))
        .map(|(kind, seed)| {
            let (grid, solution) = make(kind, seed);
            let solution = Grid::from_cells(Size::NINE, &solution)
                .unwrap()
                .with_layout(grid.layout().cloned());
            (kind, grid, solution)
        })
        .collect()
}

/// A count of `grid`'s solutions as an engine answers, by [`Counter`].
fn count(grid: &Grid, limits: Limits) -> Outcome {
    let layout = grid.layout().cloned().unwrap_or_else(|| Arc::new(Layout::classic(grid.size())));
    let found = Counter::new(layout).solutions(grid.cells(), limits.max_solutions() as usize);
    let mut outcome = Outcome::empty();
    outcome.count = found.len() as _;
    outcome.solution = found.first().map(|cells| Grid::from_cells(Size::NINE, cells).unwrap());
    outcome
}

#[test]
fn every_step_on_every_puzzle_holds_in_its_solution_and_names_its_rule() {
    let rater = Rater::new(true);
    let mut solved = 0;
    let made = puzzles();
    for (kind, grid, solution) in made {
        let mut steps = 0;
        let walked = rater.walk(grid, &mut count, |before, step| {
            steps += 1;
            let text = step.describe(before.size());
            assert!(step.holds_in(solution), "{kind:?} {}: {text}", grid.to_line());
            if step.technique < Technique::Guess
                && sudoku_logic::RULE_TECHNIQUES.contains(&step.technique)
            {
                let usage = step.rule.as_deref().expect("a step of a rule names it");
                assert!(!usage.rules.is_empty() || step.technique == Technique::RuleOf45, "{text}");
                assert!(text.starts_with(&format!("{}: ", step.technique.name())), "{text}");
            }
        });
        assert_eq!(walked.solutions, sudoku_core::Verdict::Exactly(1), "{kind:?}");
        if walked.end == Some(End::Solved) {
            solved += 1;
            assert_eq!(walked.board.grid().cells(), solution.cells());
        }
        eprintln!(
            "{kind:?}: {} clues, {} rules: {:?} after {steps} steps, hardest {:?} ({:.1})",
            grid.clue_count(),
            grid.layout().unwrap().constraints().len(),
            walked.end,
            walked.hardest,
            walked.difficulty
        );
    }
    eprintln!("{solved} of {} solved without guessing", made.len());
    assert_eq!(solved, made.len(), "the ladder finishes every puzzle propagation finishes");
}

#[test]
fn a_puzzle_given_one_more_digit_of_its_solution_never_rates_harder() {
    let rater = Rater::new(true);
    let rating = |grid: &Grid| {
        let walked = rater.walk(grid, &mut count, |_, _| {});
        walked.rating().expect("counted")
    };
    let mut random = Random(7);
    let mut tried = 0;
    for (kind, grid, solution) in puzzles() {
        let before = rating(grid);
        assert_eq!(before.end, End::Solved);
        let mut empty: Vec<usize> = (0..CELLS).filter(|&c| grid.get(c) == 0).collect();
        random.shuffle(&mut empty);
        for &cell in empty.iter().take(6) {
            let mut more = grid.clone();
            more.set(cell, solution.get(cell));
            let after = rating(&more);
            tried += 1;
            assert_eq!(
                after.end,
                End::Solved,
                "{kind:?} {} + r{}c{}",
                grid.to_line(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            assert!(
                after.difficulty <= before.difficulty,
                "{kind:?} {}: {:.1} ({:?}), with r{}c{}={}: {:.1} ({:?})",
                grid.to_line(),
                before.difficulty,
                before.hardest,
                cell / 9 + 1,
                cell % 9 + 1,
                solution.get(cell),
                after.difficulty,
                after.hardest
            );
        }
    }
    assert!(tried >= 100, "{tried} puzzles tried");
}

#[test]
fn the_logic_engine_solves_each_puzzle_to_its_solution_and_counts_one() {
    let mut engine = Logic::new();
    for (kind, grid, solution) in puzzles().iter().chain(minimal_puzzles()) {
        let started = std::time::Instant::now();
        let outcome = engine.solve(grid, Limits::count_up_to(2));
        assert_eq!(outcome.count, 1, "{kind:?} {}", grid.to_line());
        assert_eq!(outcome.solution.as_ref().map(Grid::cells), Some(solution.cells()), "{kind:?}");
        eprintln!(
            "{kind:?}: {} nodes, {} guesses, {:.2?}",
            outcome.stats.nodes,
            outcome.stats.guesses,
            started.elapsed()
        );
    }
}

#[test]
fn every_step_on_minimal_puzzles_holds_in_its_solution() {
    let rater = Rater::new(true);
    for (kind, grid, solution) in minimal_puzzles() {
        let started = std::time::Instant::now();
        let walked = rater.walk(grid, &mut count, |before, step| {
            assert!(
                step.holds_in(solution),
                "{kind:?} {}: {}",
                grid.to_line(),
                step.describe(before.size())
            );
        });
        eprintln!(
            "{kind:?}: {:?} after {} steps, hardest {:?}, {:.2?}",
            walked.end,
            walked.steps,
            walked.hardest,
            started.elapsed()
        );
    }
}
