//! Minimal Sudoku puzzles with exactly one solution, of any size, reproducible bit for bit
//! from a seed.
//!
//! The public corpora cannot be shipped with the project, so the project makes its own. A
//! puzzle is made in two steps:
//!
//! 1. **A random solved grid**, filled by this crate's own randomized backtracking (the empty
//!    cell with the fewest candidates first, its candidates in random order). It does not come
//!    from an engine, so which engine is used below cannot change it, and it is not one grid
//!    relabelled by symmetries, so the corpus covers many essentially different grids.
//! 2. **Clue removal.** The cells are visited in random order; each clue is removed, and put
//!    back if the puzzle no longer has exactly one solution. Removing clues can only add
//!    solutions, so a clue that had to stay when it was visited is still needed at the end:
//!    every clue of the result is necessary (the puzzle is *minimal*).
//!
//! # Cost
//!
//! Every clue of the result needs one search that finds a second solution of the puzzle
//! without it (that is how the clue was found necessary), and late in the removal the puzzle
//! is nearly minimal, so each such search is about as hard as solving a minimal puzzle. At 9×9
//! and 16×16 that is microseconds to milliseconds. At 25×25 it is some 270 searches with
//! `cdcl` per puzzle, and how hard they are depends on the solved grid: the median search
//! took 0.09 s on the first puzzle of seed 1 and 0.45 s on the third, which took 30 s and 170 s
//! of one core in all. The clues found removable are cheap (an answer "no second solution" in
//! a few milliseconds, some 2 s a puzzle).
//!
//! What was measured and did not help (on the questions met while making 25×25 puzzles): the
//! second solutions found differ from the first in about 180 of the 625 cells, with 23 to 25
//! of the 25 values moved, and from the nearest earlier second solution in about 130, so there
//! is no nearby answer to steer toward. Steering the search toward the first solution or
//! toward the deepest assignment it had reached made it slower, steering it away from the first
//! solution did not help, keeping the decision order's activities from one question to the
//! next changed nothing, and one SAT solver asked for several second solutions in a row,
//! keeping what it learned (CaDiCaL through its incremental interface), took as long per
//! solution as fresh searches. Looking first for a second solution that differs only inside
//! the clue's band and stack (everything else held to the first solution: a millisecond) finds
//! one for about one needed clue in six: a tenth of the time saved at best, less the
//! millisecond spent on every clue, so it is not done.
//!
//! # Determinism
//!
//! Puzzle `index` of seed `seed` draws from its own random stream: ChaCha8 keyed by the seed,
//! with the index as the stream number (the same streams at every size: a size's puzzles
//! depend on the seed, the size and the index). Puzzles can therefore be made in any order, on any
//! number of threads, and puzzle 5,000 does not depend on puzzles 0 to 4,999. The only thing an
//! engine contributes is the answer to "exactly one solution?", which every correct engine gives
//! alike, so the output does not depend on the engine either.
//!
//! Only raw 32-bit words of the stream are used: bounded draws and shuffles are done here, so
//! the output depends on the ChaCha8 algorithm alone, not on how some version of a random-number
//! crate implements its convenience functions.

mod candidates;
mod estimate;
mod layouts;
mod minimize;
mod solutions;
mod variants;

pub use candidates::{Candidates, candidates};
pub use estimate::{CountEstimate, estimate};
pub use layouts::Recipe;
pub use minimize::{given_order, minimize, redundant_givens};
pub use solutions::{each_solution, solutions};
pub use variants::Variant;
use variants::draw_rules;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, PoisonError, mpsc};

use sudoku_core::{Constraint, Engine, Failure, Grid, Layout, Limits, Outcome, Size, Verdict};
use sudoku_engines::EngineInfo;

mod search;
pub mod targets;

pub use search::{
    ELITE, Made, NearRefusal, Rated, SOLUTION_CAP, STALE_MOVES, STALE_PATTERN_MOVES,
    VICINITY_FLOOR, VICINITY_MOVES, VICINITY_REACH, VICINITY_SLACK, check_near, distance, make_one,
    rate,
};
pub use targets::{ClueSymmetry, RatingTarget, Refusal, Targets};

/// The largest side made: minimal 36×36 puzzles would take hours each.
pub const MAX_SIDE: usize = 25;

/// Whether puzzles of `size` are made here: `Err` says why not, in a sentence.
pub fn check_size(size: Size) -> Result<(), String> {
    if size.side() > MAX_SIDE {
        return Err(format!("{size} puzzles are not generated: the sides go up to {MAX_SIDE}"));
    }
    Ok(())
}

/// `count` minimal puzzles of `size` and `seed`, puzzle `i` being `generate_one(seed, i, ..)`.
///
/// Made by as many workers as the current rayon thread pool has threads, each checking
/// uniqueness with its own engine made from `engine`. The result is the same whatever the pool
/// size and whichever correct engine is used. For more puzzles than fit in memory, use
/// [`generate_each`].
///
/// An engine from outside may fail (crash, time out): its first failure is returned, and no
/// puzzle.
///
/// # Panics
/// If `engine` does not solve `size`.
pub fn generate(
    seed: u64,
    count: usize,
    size: Size,
    engine: &EngineInfo,
) -> Result<Vec<Grid>, Failure> {
    let mut puzzles = Vec::with_capacity(count);
    generate_each(seed, 0, count as u64, size, engine, count.max(1), |chunk| {
        puzzles.extend_from_slice(chunk);
        Ok::<(), Failure>(())
    })?;
    Ok(puzzles)
}

/// Makes `count` puzzles of `seed`, numbers `first..first + count`, in order, `chunk` at a time
/// (at least 1), and hands each chunk to `each` as it is done: puzzles `first..first + chunk`
/// first, then the next `chunk`, and so on. Puzzle `i` is the same whatever `first` is, so a
/// long run can be made in parts. Memory stays that of a few chunks however many puzzles are
/// made, so `each` can write them out as they come.
///
/// As many workers as the current rayon thread pool has threads make the puzzles, each
/// checking uniqueness with its own engine made from `engine`, taking the next puzzle number
/// as soon as it is done with one: a worker never waits for a slow puzzle of another (at 25×25
/// one puzzle can take forty times as long as the next), only when it is two chunks and eight
/// puzzles a worker ahead of the puzzles handed over. The chunks, and the puzzles in them, are
/// the same whatever the number of workers and whichever correct engine is used. The first
/// error of `each` stops the work (the puzzles being made are finished first) and is returned;
/// so does the first failure of an engine from outside (which has crashed, timed out or
/// broken its protocol: its answers cannot be trusted to make a minimal puzzle), as an `E`.
/// A panic in a worker stops the others and comes out of this function.
///
/// # Panics
/// If `engine` does not solve `size`, or `first + count` overflows.
pub fn generate_each<E: From<Failure>>(
    seed: u64,
    first: u64,
    count: u64,
    size: Size,
    engine: &EngineInfo,
    chunk: usize,
    each: impl FnMut(&[Grid]) -> Result<(), E>,
) -> Result<(), E> {
    assert!(engine.supports(size), "{} does not solve {size} grids", engine.name);
    make_each(
        first,
        count,
        engine,
        chunk,
        |index, checker| generate_one(seed, index, size, checker),
        each,
    )
}

/// As [`generate_each`], each puzzle number meeting `targets` ([`make_one`]): puzzle numbers
/// whose search ran out of budget come as a [`Made`] without a puzzle, in their place, so the
/// caller can count them. `targets` must have passed [`Targets::check`] for `size`.
///
/// # Panics
/// If `engine` does not solve `size`, or `first + count` overflows.
#[allow(clippy::too_many_arguments)]
pub fn generate_targeted_each<E: From<Failure>>(
    seed: u64,
    first: u64,
    count: u64,
    size: Size,
    targets: &Targets,
    engine: &EngineInfo,
    chunk: usize,
    each: impl FnMut(&[Made]) -> Result<(), E>,
) -> Result<(), E> {
    assert!(engine.supports(size), "{} does not solve {size} grids", engine.name);
    make_each(
        first,
        count,
        engine,
        chunk,
        |index, checker| make_one(seed, index, size, targets, checker),
        each,
    )
}

/// The workers and the ordered hand-over of [`generate_each`], for any `make` that turns a
/// puzzle number into an item with an engine of its own made from `engine`: a caller that
/// wants more of each puzzle (its rating) has the workers do it, not the writer.
///
/// # Panics
/// If `first + count` overflows.
pub fn make_each<T: Send, E: From<Failure>>(
    first: u64,
    count: u64,
    engine: &EngineInfo,
    chunk: usize,
    make: impl Fn(u64, &mut dyn Engine) -> Result<T, Failure> + Sync,
    mut each: impl FnMut(&[T]) -> Result<(), E>,
) -> Result<(), E> {
    assert!(first.checked_add(count).is_some(), "puzzle numbers past 2⁶⁴");
    let chunk = chunk.max(1) as u64;
    let workers = rayon::current_num_threads().max(1);
    let window = AHEAD_CHUNKS * chunk + AHEAD_PER_WORKER * workers as u64;
    let queue = Queue {
        state: Mutex::new(QueueState { next: 0, handed: 0, stop: false }),
        moved: Condvar::new(),
    };
    let (sender, receiver) = mpsc::channel::<(u64, Result<T, Failure>)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (queue, sender, make) = (&queue, sender.clone(), &make);
            scope.spawn(move || {
                // A worker that panics stops the others, so that the writer is not left
                // waiting for its puzzle; the panic then comes out of the scope.
                let _stop_on_panic = StopOnPanic(queue);
                let mut checker = engine.create();
                while let Some(index) = queue.take(count, window) {
                    let puzzle = make(first + index, checker.as_mut());
                    let failed = puzzle.is_err();
                    if sender.send((index, puzzle)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Puzzles arrive in the order they are finished; they are handed over in index order.
        let mut finished = BTreeMap::new();
        let mut ready = Vec::with_capacity(chunk as usize);
        let mut handed = 0;
        let result = (|| {
            for (index, puzzle) in &receiver {
                finished.insert(index, puzzle.map_err(E::from)?);
                while let Some(puzzle) = finished.remove(&(handed + ready.len() as u64)) {
                    ready.push(puzzle);
                    let through = handed + ready.len() as u64;
                    if ready.len() as u64 == chunk || through == count {
                        each(&ready)?;
                        handed = through;
                        ready.clear();
                        queue.handed(handed);
                    }
                }
            }
            Ok(())
        })();
        queue.stop();
        result
    })
}

/// How many chunks past those handed over the workers may make, and how many more puzzles
/// per worker: with chunks of one 25×25 puzzle, one that takes twenty minutes must not leave
/// the other workers idle after a few quicker ones.
const AHEAD_CHUNKS: u64 = 2;
const AHEAD_PER_WORKER: u64 = 8;

/// Stops the work of a [`Queue`] when dropped during a panic.
struct StopOnPanic<'a>(&'a Queue);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

/// The puzzle numbers the workers of [`generate_each`] take, in order.
struct Queue {
    state: Mutex<QueueState>,
    /// Signalled when puzzles are handed over or the work stops.
    moved: Condvar,
}

struct QueueState {
    /// The next puzzle number to make.
    next: u64,
    /// How many puzzles have been handed over.
    handed: u64,
    /// Whether the work has stopped (an error, or every puzzle handed over).
    stop: bool,
}

impl Queue {
    /// The next puzzle number below `count`, once it is less than `window` past the puzzles
    /// handed over; `None` when there is none or the work has stopped.
    fn take(&self, count: u64, window: u64) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if state.stop || state.next >= count {
                return None;
            }
            if state.next < state.handed + window {
                state.next += 1;
                return Some(state.next - 1);
            }
            state = self.moved.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn handed(&self, handed: u64) {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).handed = handed;
        self.moved.notify_all();
    }

    fn stop(&self) {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).stop = true;
        self.moved.notify_all();
    }
}

/// Puzzle number `index` (counting from 0) of `seed` at `size`: minimal, with exactly one
/// solution, which is [`solved_grid`]`(seed, index, size)`. `engine` must be a correct engine
/// for `size`; it is asked only whether a puzzle has exactly one solution, without a node
/// budget. An engine's failure (only an engine from outside fails) is returned.
pub fn generate_one(
    seed: u64,
    index: u64,
    size: Size,
    engine: &mut dyn Engine,
) -> Result<Grid, Failure> {
    let made = generate_one_of(seed, index, size, &Recipe::default(), 1, engine)?;
    Ok(made.puzzle.expect("a classic grid is drawn at the first attempt"))
}

/// [`generate_one`] with each puzzle's layout drawn to `recipe` (checked with
/// [`Recipe::check`] first; the classic recipe gives [`generate_one`]'s puzzle): the layout and
/// a random solution of it are drawn from the puzzle's stream, again until the layout has a
/// solution the draw reaches, at most `attempts` times, then clues are removed as for a
/// classic grid. With variants, their rules are drawn over the solution
/// (true of it) before the clues are removed, and afterwards every rule the puzzle keeps
/// its one solution without is taken away, in an order drawn from the stream: no given and no
/// rule can then go (taking a rule away only lets solutions in, so a given needed with every
/// rule is needed with fewer). A puzzle number whose draws all fail (rules that few grids keep, or none)
/// comes without a puzzle, with the attempts it spent, as a target not met does. `engine`
/// must take the layout.
pub fn generate_one_of(
    seed: u64,
    index: u64,
    size: Size,
    recipe: &Recipe,
    attempts: u64,
    engine: &mut dyn Engine,
) -> Result<Made, Failure> {
    let mut stream = PuzzleStream::new(seed, index);
    let (solution, drawn) = if recipe.is_classic() {
        (Some(random_solution(&mut stream, size)), 1)
    } else {
        let mut drawn = 0;
        let mut solution = None;
        while solution.is_none() && drawn < attempts.max(1) {
            drawn += 1;
            let layout = recipe.draw(&mut stream, size);
            solution = layouts::random_solution(&mut stream, &layout);
        }
        (solution, drawn)
    };
    let puzzle = match solution {
        None => None,
        Some(solution) if recipe.pencilmark => Some(add_candidates(solution, &mut stream, engine)?),
        Some(solution) if recipe.variants.is_empty() => {
            Some(remove_clues(solution, &mut stream, engine)?)
        }
        Some(solution) => {
            let rules = draw_rules(&recipe.variants, &mut stream, &solution);
            let layout = with_rules(&solution, rules);
            let puzzle =
                remove_clues(solution.clone().with_layout(Some(layout)), &mut stream, engine)?;
            Some(remove_rules(puzzle, &solution, &mut stream, engine)?)
        }
    };
    Ok(Made { puzzle, attempts: drawn, rated: None })
}

/// The layout of `grid` with the rules `rules` in place of its own.
fn with_rules(grid: &Grid, rules: Vec<Constraint>) -> Arc<Layout> {
    let layout = grid.layout().cloned().unwrap_or_else(|| Arc::new(Layout::classic(grid.size())));
    Arc::new(layout.with_constraints(rules).expect("rules drawn on the grid fit it"))
}

/// Takes away, in an order drawn from `stream`, each rule of `puzzle` without which it keeps
/// `solution` as its one solution. A rule whose absence `solution` breaks (a dot taken away
/// under the negative rule of dots) stays.
fn remove_rules(
    puzzle: Grid,
    solution: &Grid,
    stream: &mut PuzzleStream,
    engine: &mut dyn Engine,
) -> Result<Grid, Failure> {
    let mut rules: Vec<Option<Constraint>> = puzzle
        .layout()
        .map_or(&[][..], |layout| layout.constraints())
        .iter()
        .cloned()
        .map(Some)
        .collect();
    let mut order: Vec<usize> = (0..rules.len()).collect();
    stream.shuffle(&mut order);
    let mut puzzle = puzzle;
    for index in order {
        let rule = rules[index].take();
        let layout = with_rules(&puzzle, rules.iter().flatten().cloned().collect());
        let fewer = puzzle.clone().with_layout(Some(Arc::clone(&layout)));
        if layout.first_broken(solution.cells()).is_none() && one_solution(&fewer, engine)? {
            puzzle = fewer;
        } else {
            rules[index] = rule;
        }
    }
    Ok(puzzle)
}

/// A pencilmark puzzle whose one solution is `solution`: no givens, each cell starting with
/// its value alone, then every other value of every cell, in an order drawn from `stream`,
/// added to the cell's candidates unless it lets a second solution in. So no candidate can be
/// added without losing uniqueness, as no clue of a minimal puzzle can be taken away.
fn add_candidates(
    solution: Grid,
    stream: &mut PuzzleStream,
    engine: &mut dyn Engine,
) -> Result<Grid, Failure> {
    let (size, side) = (solution.size(), solution.size().side());
    let layout = solution.layout().cloned().unwrap_or_else(|| Arc::new(Layout::classic(size)));
    let mut sets: Vec<u64> = solution.cells().iter().map(|&value| 1 << (value - 1)).collect();
    let mut order: Vec<usize> = (0..size.cells() * side).collect();
    stream.shuffle(&mut order);
    let puzzle_of = |sets: &[u64]| {
        let marked = layout.with_candidates(Some(sets)).expect("candidates of the side");
        Grid::empty(size).with_layout(Some(Arc::new(marked)))
    };
    for mark in order {
        let (cell, bit) = (mark / side, 1u64 << (mark % side));
        if sets[cell] & bit != 0 {
            continue;
        }
        sets[cell] |= bit;
        if !one_solution(&puzzle_of(&sets), engine)? {
            sets[cell] &= !bit;
        }
    }
    Ok(puzzle_of(&sets))
}

/// The solved grid puzzle `index` of `seed` at `size` is cut from.
pub fn solved_grid(seed: u64, index: u64, size: Size) -> Grid {
    random_solution(&mut PuzzleStream::new(seed, index), size)
}

/// Whether `puzzle` has exactly one solution, as `engine` counts (up to two, no budget); an
/// engine that fails says nothing, and is taken to say no.
pub fn has_one_solution(puzzle: &Grid, engine: &mut dyn Engine) -> bool {
    one_solution(puzzle, engine) == Ok(true)
}

/// Whether `puzzle` has exactly one solution, as `engine` counts, or how the engine failed.
fn one_solution(puzzle: &Grid, engine: &mut dyn Engine) -> Result<bool, Failure> {
    let outcome = answered(engine.solve(puzzle, Limits::UNIQUE))?;
    Ok(outcome.verdict(Limits::UNIQUE) == Verdict::Exactly(1))
}

/// The outcome, or its failure.
pub(crate) fn answered(outcome: Outcome) -> Result<Outcome, Failure> {
    match outcome.failure {
        Some(failure) => Err(failure),
        None => Ok(outcome),
    }
}

/// Whether `puzzle` has exactly one solution and loses that property when any single clue is
/// removed.
pub fn is_minimal(puzzle: &Grid, engine: &mut dyn Engine) -> bool {
    if !has_one_solution(puzzle, engine) {
        return false;
    }
    (0..puzzle.size().cells()).filter(|&cell| puzzle.get(cell) != 0).all(|cell| {
        let mut fewer = puzzle.clone();
        fewer.set(cell, 0);
        !has_one_solution(&fewer, engine)
    })
}

/// Why `puzzle`, made to `targets`, is not what its file says it is, as `engine` finds (a
/// built-in engine, confirming the answers of an engine from outside, which may lie), said of
/// the puzzle (`has more than one solution or none`): a second solution or none; or, made
/// minimal, a clue (with a clue symmetry, an orbit of clues) it does without; or, a
/// pencilmark puzzle made maximal, a candidate it could take.
/// `None` when it is all it is said to be. One search per clue, orbit or candidate left out: at
/// 9×9 a millisecond or so with a built-in engine, far less than an engine from outside took
/// to make the puzzle. An engine that fails says nothing, and is taken to say the puzzle is
/// wrong.
pub fn disproof(puzzle: &Grid, targets: &Targets, engine: &mut dyn Engine) -> Option<String> {
    let size = puzzle.size();
    if !has_one_solution(puzzle, engine) {
        return Some("has more than one solution or none".to_owned());
    }
    if let Some(sets) = puzzle.layout().and_then(|layout| layout.candidates()) {
        return maximal_disproof(puzzle, sets, engine);
    }
    if !targets.minimal {
        return None;
    }
    for orbit in targets.symmetry.orbits(size) {
        if orbit.iter().any(|&cell| puzzle.get(cell) == 0) {
            continue;
        }
        let mut fewer = puzzle.clone();
        orbit.iter().for_each(|&cell| fewer.set(cell, 0));
        let needed = match orbit[..] {
            [cell] => still_one_solution(&fewer, cell, puzzle.get(cell), engine),
            _ => one_solution(&fewer, engine),
        };
        if needed != Ok(false) {
            let cells: Vec<String> =
                orbit.iter().map(|&cell| size.name(cell).to_string()).collect();
            return Some(format!(
                "is called minimal, and keeps one solution without its clues at {}",
                cells.join(", ")
            ));
        }
    }
    None
}

/// [`disproof`] of a pencilmark puzzle of one solution, made maximal: a value left out of a
/// cell's candidates that it could take without a second solution.
fn maximal_disproof(puzzle: &Grid, sets: &[u64], engine: &mut dyn Engine) -> Option<String> {
    let (size, side) = (puzzle.size(), puzzle.size().side());
    let layout = puzzle.layout().expect("a pencilmark puzzle has a layout");
    let mut more = sets.to_vec();
    for cell in 0..size.cells() {
        for value in 1..=side as u8 {
            let bit = 1u64 << (value - 1);
            if sets[cell] & bit != 0 {
                continue;
            }
            more[cell] |= bit;
            let marked = layout.with_candidates(Some(&more)).expect("candidates of the side");
            let wider = Grid::empty(size).with_layout(Some(Arc::new(marked)));
            if one_solution(&wider, engine) != Ok(false) {
                return Some(format!(
                    "is called maximal, and keeps one solution with {value} among the \
                     candidates of {}",
                    size.name(cell)
                ));
            }
            more[cell] &= !bit;
        }
    }
    None
}

/// The random stream of one puzzle (or of one estimate's probes).
pub(crate) struct PuzzleStream {
    rng: ChaCha8Rng,
}

impl PuzzleStream {
    /// ChaCha8 keyed by `seed` (little-endian in the first 8 key bytes, the rest zero), on
    /// stream `index`: a fixed, documented mapping, so the corpus can be regenerated anywhere.
    pub(crate) fn new(seed: u64, index: u64) -> Self {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(index);
        PuzzleStream { rng }
    }

    /// A uniform draw from `0..bound` (`bound >= 1`), by Lemire's multiply-and-reject method:
    /// unbiased, and usually one word of the stream.
    pub(crate) fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound >= 1);
        let mut product = u64::from(self.rng.next_u32()) * u64::from(bound);
        if (product as u32) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (product as u32) < threshold {
                product = u64::from(self.rng.next_u32()) * u64::from(bound);
            }
        }
        (product >> 32) as u32
    }

    /// Fisher–Yates, from the last element down.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let other = self.below(last as u32 + 1) as usize;
            items.swap(last, other);
        }
    }
}

/// A grid being filled, with the values each row, column and box already holds (bit `v` for
/// value `v`; bit 0 unused, so sides up to 63 fit).
struct Filler {
    grid: Grid,
    row_used: Vec<u64>,
    col_used: Vec<u64>,
    box_used: Vec<u64>,
    /// Bits 1..=side.
    all_values: u64,
    /// Values placed so far in this attempt, for [`FILL_ATTEMPT_NODES`].
    nodes: usize,
}

/// Placements one attempt at a solved grid may make, per cell, before it starts again with
/// fresh random draws. Plain backtracking now and then walks into a dead end it takes seconds
/// to leave at 16×16 and beyond (one grid in a few dozen); starting again costs a few hundred
/// microseconds. At 9×9 no attempt comes near the limit, so the shipped corpus is unchanged.
const FILL_ATTEMPT_NODES: usize = 20;

/// An attempt at a solved grid that reached [`FILL_ATTEMPT_NODES`].
struct TooLong;

impl Filler {
    fn new(size: Size) -> Filler {
        let side = size.side();
        Filler {
            grid: Grid::empty(size),
            row_used: vec![0; side],
            col_used: vec![0; side],
            box_used: vec![0; side],
            all_values: ((1u64 << side) - 1) << 1,
            nodes: 0,
        }
    }

    fn candidates(&self, cell: usize) -> u64 {
        let size = self.grid.size();
        self.all_values
            & !(self.row_used[size.row_of(cell)]
                | self.col_used[size.col_of(cell)]
                | self.box_used[size.box_of(cell)])
    }

    fn toggle(&mut self, cell: usize, value: u8) {
        let size = self.grid.size();
        let bit = 1u64 << value;
        self.row_used[size.row_of(cell)] ^= bit;
        self.col_used[size.col_of(cell)] ^= bit;
        self.box_used[size.box_of(cell)] ^= bit;
    }

    /// Fills every empty cell, fewest candidates first, trying candidates in random order.
    /// `Ok(false)` when the current grid cannot be completed; `Err` when the attempt made too
    /// many placements.
    fn fill(&mut self, stream: &mut PuzzleStream) -> Result<bool, TooLong> {
        let mut best: Option<(usize, u64)> = None;
        let mut best_count = u32::MAX;
        for cell in 0..self.grid.size().cells() {
            if self.grid.get(cell) != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            let count = candidates.count_ones();
            if count < best_count {
                best = Some((cell, candidates));
                best_count = count;
                if count <= 1 {
                    break;
                }
            }
        }
        let Some((cell, candidates)) = best else {
            return Ok(true);
        };
        let mut values: Vec<u8> =
            (1..=self.grid.size().side() as u8).filter(|&v| candidates & (1 << v) != 0).collect();
        stream.shuffle(&mut values);
        for value in values {
            self.nodes += 1;
            if self.nodes > FILL_ATTEMPT_NODES * self.grid.size().cells() {
                return Err(TooLong);
            }
            self.grid.set(cell, value);
            self.toggle(cell, value);
            if self.fill(stream)? {
                return Ok(true);
            }
            self.toggle(cell, value);
            self.grid.set(cell, 0);
        }
        Ok(false)
    }
}

/// A random solved grid of `size` drawn from `stream`.
fn random_solution(stream: &mut PuzzleStream, size: Size) -> Grid {
    loop {
        let mut filler = Filler::new(size);
        // The empty grid has solutions, and backtracking over all candidates finds one; an
        // attempt that takes too long starts again from the stream's next draws.
        if let Ok(filled) = filler.fill(stream) {
            debug_assert!(filled && filler.grid.is_full());
            return filler.grid;
        }
    }
}

/// Removes clues of `solution` in random order while the puzzle keeps exactly one solution.
fn remove_clues(
    solution: Grid,
    stream: &mut PuzzleStream,
    engine: &mut dyn Engine,
) -> Result<Grid, Failure> {
    let mut order: Vec<usize> = (0..solution.size().cells()).collect();
    stream.shuffle(&mut order);
    let mut puzzle = solution;
    for cell in order {
        let clue = puzzle.get(cell);
        puzzle.set(cell, 0);
        if !still_one_solution(&puzzle, cell, clue, engine)? {
            puzzle.set(cell, clue);
        }
    }
    Ok(puzzle)
}

/// Whether `puzzle`, which had exactly one solution with `clue` in `cell` before that clue was
/// removed, still has exactly one. A second solution would differ from the first in `cell`, so
/// the question is whether any solution leaves `clue` out of `cell`: one search where the
/// engine can rule a value out, counting to two where it cannot.
fn still_one_solution(
    puzzle: &Grid,
    cell: usize,
    clue: u8,
    engine: &mut dyn Engine,
) -> Result<bool, Failure> {
    match engine.solve_excluding(puzzle, cell, clue, Limits::FIRST) {
        Some(outcome) => Ok(answered(outcome)?.verdict(Limits::FIRST) == Verdict::Exactly(0)),
        None => one_solution(puzzle, engine),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::check_solution;

    #[test]
    fn bounded_draws_stay_in_range_and_cover_it() {
        let mut stream = PuzzleStream::new(7, 0);
        let mut seen = [0u32; 9];
        for _ in 0..9_000 {
            seen[stream.below(9) as usize] += 1;
        }
        // Each value is expected 1,000 times; 800 is far outside chance for a fair draw.
        assert!(seen.iter().all(|&hits| hits > 800), "{seen:?}");
        assert_eq!(PuzzleStream::new(7, 0).below(1), 0);
    }

    #[test]
    fn streams_differ_by_seed_and_by_index() {
        let first = |seed, index| PuzzleStream::new(seed, index).rng.next_u64();
        assert_eq!(first(1, 2), first(1, 2));
        assert_ne!(first(1, 2), first(1, 3));
        assert_ne!(first(1, 2), first(2, 2));
    }

    #[test]
    fn solved_grids_are_valid_and_varied_at_every_size_generated() {
        for order in 2..=5 {
            let size = Size::from_order(order).unwrap();
            let count = if cfg!(miri) { 2 } else { 8 };
            let grids: Vec<Grid> = (0..count).map(|index| solved_grid(3, index, size)).collect();
            for grid in &grids {
                assert_eq!(check_solution(&Grid::empty(size), grid), Ok(()), "{size}");
            }
            let mut distinct = grids.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), grids.len(), "{size}");
        }
    }
}
