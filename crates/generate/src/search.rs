//! Puzzles to order: a local search over clue sets toward [`Targets`], within an attempt
//! budget per puzzle.
//!
//! Random minimal puzzles rarely hit a hard rating (about one in a few thousand rates as a
//! forcing chain on Sudoku Explainer's scale), never a given clue mask, and a rare technique
//! only by luck, so sampling alone does not get there. Each puzzle number instead runs a
//! search, every draw of which comes from its own random stream:
//!
//! - **Without a mask**, the state is a solved grid and a set of its clue orbits (single
//!   cells without a symmetry), always a puzzle with one solution that is minimal among
//!   puzzles of the symmetry. A move adds one or two orbits the puzzle lacks and removes
//!   orbits again in random order while the solution stays unique: some other clues drop
//!   out, so the move adds, removes and moves clues at once. The move is kept when the puzzle
//!   is no further from the target ([`distance`]), so the search drifts along plateaus and
//!   climbs toward the target; after [`STALE_MOVES`] moves without getting closer it starts
//!   again from a fresh grid. It climbs only while the clue count is off the target: once
//!   only the rating is, a fresh grid does better than the neighbours (measured: on Sudoku
//!   Explainer's scale as it stands, from 2.5 to 4.5 times as many puzzles of a band per
//!   core-minute), so the search starts again at once. With `--not-minimal`, the removal
//!   stops at the first puzzle that meets the targets.
//! - **Near a hard rating**, where fresh puzzles seldom land (a rating asked from
//!   [`VICINITY_FLOOR`] up), a fresh puzzle that rates at most [`VICINITY_REACH`] below the
//!   floor is not dropped: the search walks its vicinity, as puzzle hunters look for the
//!   hardest puzzles ("-n+n"). A neighbour takes one or two clue orbits away and gives one or
//!   two empty orbits values their rows, columns and boxes allow, drawn at random, until the
//!   puzzle so made has one solution (often another than the puzzle's: the draws are counted
//!   to two, which costs little beside a rating); clues that became redundant are removed in
//!   random order, so the neighbour is minimal. Neighbours of a hard puzzle mostly rate as
//!   it does or lower, so a walk that kept only neighbours no further from the target stopped
//!   on the first plateau it met (at 8.9 or 9.1 when 9.5 was asked). The walk instead
//!   remembers the best puzzle it has reached (by rating, then fewer clues, then more steps at
//!   the rating: [`walk_key`]) and moves to any neighbour that rates at most
//!   [`VICINITY_SLACK`] below it, so it wanders among the hard puzzles around its best; after
//!   [`VICINITY_MOVES`] neighbours in a row it did not move to, it ends. Its best puzzle joins
//!   the puzzle number's [`ELITE`], and every other walk starts again from one of those rather
//!   than from a fresh grid (fresh puzzles near a hard rating take hundreds of attempts to
//!   find). A hard puzzle's neighbours are hard far more often than fresh puzzles are, but
//!   each costs more to rate (see the results' "Puzzles to order" for what the walk reaches).
//! - **Near given puzzles** (`--near`), every walk is a vicinity walk and starts from the
//!   puzzle given or from the [`ELITE`] its walks have reached, never from a fresh grid: the
//!   hardest puzzles known were found this way, walking from harder ones. The first neighbour
//!   that meets the targets and is none of the puzzles given is the puzzle.
//! - **With a mask**, the clue places are fixed and the values move: the start is a solved
//!   grid cut to the mask, and a move changes one clue's value to another its row, column
//!   and box do not give, frees up to two other clues and completes the grid again with the
//!   generator's own randomized backtracking, the freed clues taking their values from it (so
//!   every filling has a solution). The search climbs down the number of solutions (counted up to
//!   [`SOLUTION_CAP`]), then the number of clues that could be removed, then the distance to
//!   the rating targets; moves to no solution are refused.
//!
//! An attempt is one candidate puzzle judged (counted, rated); a neighbour whose values leave
//! no solution counts as one too. A puzzle number that has not met its targets within its
//! budget is given up: it writes no puzzle, and the caller counts it. The budget is counted in
//! attempts, not seconds, so that what is found does not depend on the machine or its load.

use sudoku_core::{Engine, Failure, Grid, Limits, Size, Verdict};
use sudoku_logic::{Band, End, Rater, Rating, Technique};

use crate::targets::{RatingTarget, Targets, scale_for, scale_top};
use crate::{
    Filler, PuzzleStream, answered, generate_one_of, one_solution, random_solution,
    still_one_solution,
};

/// Moves without getting closer to the clue count asked after which a clue search starts
/// again from a fresh grid: enough to cross the plateaus of equal count around a puzzle, few
/// enough not to spend the budget on a grid that has none near the target.
pub const STALE_MOVES: u64 = 40;

/// The same for a mask search, whose moves are cheaper and smaller.
pub const STALE_PATTERN_MOVES: u64 = 400;

/// The lowest rating floor (`--rating LO..`) for which a clue search walks the vicinity of a
/// puzzle that rates near the target instead of starting again. Below it fresh puzzles land in
/// the band often (one in a few hundred or better) and the walk, whose neighbours each cost a
/// hard puzzle's rating, was not measured; from it up the walk was measured to spend half the
/// attempts for the same CPU time (see the results' "Puzzles to order").
pub const VICINITY_FLOOR: f64 = 9.0;

/// How far below the rating asked a puzzle may rate and still start a vicinity walk.
pub const VICINITY_REACH: f64 = 1.0;

/// The draws of values a vicinity walk makes for one neighbour before it gives up on it: most
/// draws leave several solutions or none, and are only counted (to two), not rated.
pub const NEIGHBOUR_DRAWS: u32 = 500;

/// How far a vicinity walk may step below the best puzzle it has reached (in points of the
/// rating): it wanders among the hard puzzles near its best instead of stopping where no
/// neighbour rates as high.
pub const VICINITY_SLACK: f64 = 0.3;

/// Neighbours in a row that a vicinity walk does not move to (they rate more than
/// [`VICINITY_SLACK`] below its best) after which it ends.
pub const VICINITY_MOVES: u64 = 30;

/// How many of the best puzzles of its vicinity walks a puzzle number keeps to start walks
/// again from: every other walk starts from one of them rather than from a fresh puzzle,
/// which near a hard rating takes hundreds of attempts to find.
pub const ELITE: usize = 4;

/// The number of solutions a mask search counts up to: beyond it, a filling is only "far".
pub const SOLUTION_CAP: u32 = 1000;

/// How a puzzle rates on its size's scale, with what a rating line gives.
#[derive(Clone, PartialEq, Debug)]
pub struct Rated {
    /// The rating; `None` when the count the rater needed gave up at its budget.
    pub rating: Option<Rating>,
    /// Sudoku Explainer's ER: the hardest step's difficulty.
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step's difficulty.
    pub ed: f64,
    /// The techniques the path used, in the order first used.
    pub used: Vec<Technique>,
    /// The difficulty of every step, in order: how many steps are hard tells two puzzles of
    /// one rating apart ([`distance`]).
    pub difficulties: Vec<f64>,
}

impl Rated {
    /// Whether the ladder solved the puzzle (it did not get stuck).
    pub fn solved(&self) -> bool {
        self.rating.is_some_and(|rating| rating.end == End::Solved)
    }

    /// The band `sudoku rate` gives the puzzle, if rated.
    pub fn band(&self) -> Option<Band> {
        self.rating.map(|rating| Band::of(&rating))
    }

    /// The hardest step's technique.
    pub fn hardest(&self) -> Option<Technique> {
        self.rating.and_then(|rating| rating.hardest)
    }
}

/// Rates `puzzle` as `sudoku rate` does (Sudoku Explainer's scale at 9×9, the workbench
/// ladder at other sizes, uniqueness techniques for a puzzle with one solution), `engine`
/// counting its solutions.
pub fn rate(puzzle: &Grid, engine: &mut dyn Engine) -> Rated {
    rate_with(&Rater::of_scale(scale_for(puzzle.size()), true), puzzle, engine)
}

fn rate_with(rater: &Rater, puzzle: &Grid, engine: &mut dyn Engine) -> Rated {
    let mut used = Vec::new();
    let mut difficulties = Vec::new();
    let walk = rater.walk(puzzle, &mut |grid, limits| engine.solve(grid, limits), |_, step| {
        difficulties.push(step.difficulty());
        if !used.contains(&step.technique) {
            used.push(step.technique);
        }
    });
    Rated {
        rating: walk.rating(),
        er: walk.difficulty,
        ep: walk.pearl,
        ed: walk.diamond,
        used,
        difficulties,
    }
}

/// What one puzzle number came to.
#[derive(Clone, PartialEq, Debug)]
pub struct Made {
    /// The puzzle, or `None` when none met the targets within the budget.
    pub puzzle: Option<Grid>,
    /// The attempts spent: the candidate puzzles judged, or for a puzzle of another layout
    /// without other targets, the draws of a layout and a solution of it.
    pub attempts: u64,
    /// The puzzle's rating, when the targets needed it.
    pub rated: Option<Rated>,
}

/// Puzzle number `index` of `seed` at `size` meeting `targets` (checked with
/// [`Targets::check`] first), `engine` checking uniqueness: with no target, exactly
/// [`generate_one`](crate::generate_one)'s puzzle. It depends only on the seed, the index, the size and the
/// targets. An engine's failure (only an engine from outside fails) is returned.
pub fn make_one(
    seed: u64,
    index: u64,
    size: Size,
    targets: &Targets,
    engine: &mut dyn Engine,
) -> Result<Made, Failure> {
    if targets.is_plain() {
        return generate_one_of(seed, index, size, &targets.layout, targets.attempts, engine);
    }
    let mut search = Search {
        size,
        targets,
        orbits: targets.symmetry.orbits(size),
        rater: Rater::of_scale(scale_for(size), true),
        stream: PuzzleStream::new(seed, index),
        engine,
        attempts: 0,
    };
    let found = if !targets.near.is_empty() {
        let start = &targets.near[(index % targets.near.len() as u64) as usize];
        search.near_search(start)?
    } else if targets.patterns.is_empty() {
        search.clue_search()?
    } else {
        let mask = &targets.patterns[(index % targets.patterns.len() as u64) as usize];
        search.pattern_search(mask)?
    };
    let (puzzle, rated) = found.map_or((None, None), |(puzzle, rated)| (Some(puzzle), rated));
    Ok(Made { puzzle, attempts: search.attempts, rated })
}

/// Refuses a puzzle of `targets.near` that has no solution or several, counted by `engine`:
/// a walk starts from a puzzle with one solution. The refusal names the puzzle by its number
/// in the list.
pub fn check_near(targets: &Targets, engine: &mut dyn Engine) -> Result<(), NearRefusal> {
    for (number, puzzle) in targets.near.iter().enumerate() {
        let limits = Limits::UNIQUE;
        let outcome = engine.solve(puzzle, limits);
        if let Some(failure) = outcome.failure {
            return Err(NearRefusal::Failed(failure));
        }
        let solutions = match outcome.verdict(limits) {
            Verdict::Exactly(1) => continue,
            Verdict::Exactly(0) => "no solution",
            _ => "more than one solution",
        };
        return Err(NearRefusal::Refused(crate::Refusal::new(
            "--near",
            format!("puzzle {} of --near has {solutions}", number + 1),
        )));
    }
    Ok(())
}

/// Why [`check_near`] refused.
#[derive(Debug)]
pub enum NearRefusal {
    /// A puzzle has no solution or several.
    Refused(crate::Refusal),
    /// The engine failed (only an engine from outside fails).
    Failed(Failure),
}

/// How far a puzzle of `clues` clues rated `rated` is from `targets` (0 when it meets them):
/// clues outside the range count one each; a rating below or above the range counts its
/// distance, one whose ladder got stuck counts as rating above the scale; each missing
/// technique counts one and how far the rating is below it; a wrong hardest technique counts
/// one and the distance from its difficulty. A puzzle rated below what is asked is also
/// closer the more of its steps rate as its hardest (up to half a point): where the scale
/// runs out (every forcing chain rates alike), a path with more of the hardest steps is
/// nearer to one the ladder cannot finish, the moves get a slope to climb.
pub fn distance(targets: &Targets, size: Size, clues: usize, rated: Option<&Rated>) -> f64 {
    distance_with(targets, size, clues, rated, true)
}

/// [`distance`], with the slope of the hardest steps' number (`slope == true`) or without:
/// a vicinity walk judges its moves without it, so that it moves freely along a plateau of
/// one rating ([`Search::vicinity_walk`]).
fn distance_with(
    targets: &Targets,
    size: Size,
    clues: usize,
    rated: Option<&Rated>,
    slope: bool,
) -> f64 {
    let mut distance = match targets.clues {
        Some((low, high)) => (low.saturating_sub(clues) + clues.saturating_sub(high)) as f64,
        None => 0.0,
    };
    let Some(rated) = rated else {
        return distance;
    };
    // A stuck ladder rates above every step it can take.
    let top = scale_top(scale_for(size)) + 1.0;
    let effective = if rated.solved() { rated.er } else { top };
    let hard_steps = rated.difficulties.iter().filter(|&&d| d >= rated.er).count();
    let slope = if slope { 0.5 / (1 + hard_steps) as f64 } else { 0.0 };
    let below = |floor: f64| if effective < floor { slope } else { 0.0 };
    match targets.rating {
        Some(RatingTarget::Range { low, high }) => {
            distance += (low - effective).max(0.0) + (effective - high).max(0.0) + below(low);
            if !rated.solved() && high < top {
                distance += 1.0;
            }
        }
        Some(RatingTarget::Band(band)) => {
            let rank = |band: Band| Band::ALL.iter().position(|&b| b == band).unwrap_or(0);
            let got = rated.band().map_or(rank(Band::Guessing), rank);
            distance += got.abs_diff(rank(band)) as f64;
            if got < rank(band) {
                distance += slope;
            }
        }
        None => {}
    }
    for needed in &targets.needs {
        if !rated.used.contains(needed) {
            distance +=
                1.0 + (needed.difficulty() - effective).max(0.0) + below(needed.difficulty());
        }
    }
    if let Some(hardest) = targets.hardest
        && rated.hardest() != Some(hardest)
    {
        distance += 1.0 + (effective - hardest.difficulty()).abs();
    }
    distance
}

/// One puzzle number's search.
struct Search<'a> {
    size: Size,
    targets: &'a Targets,
    /// The clue orbits of the symmetry.
    orbits: Vec<Vec<usize>>,
    rater: Rater,
    stream: PuzzleStream,
    engine: &'a mut dyn Engine,
    /// Candidates judged so far.
    attempts: u64,
}

/// A candidate judged: how far from the targets, and its rating when it was rated.
type Judged = (f64, Option<Rated>);

/// A puzzle that meets the targets, with its rating when it was rated.
type Found = Option<(Grid, Option<Rated>)>;

impl Search<'_> {
    /// Judges `puzzle` (known to have one solution) against everything but minimality: one
    /// attempt.
    fn judge(&mut self, puzzle: &Grid) -> Judged {
        self.attempts += 1;
        let rated =
            self.targets.needs_rating().then(|| rate_with(&self.rater, puzzle, &mut *self.engine));
        (distance(self.targets, self.size, puzzle.clue_count(), rated.as_ref()), rated)
    }

    fn budget_left(&self) -> bool {
        self.attempts < self.targets.attempts
    }

    /// The search without a mask (see the module's documentation).
    fn clue_search(&mut self) -> Result<Found, Failure> {
        let mut elite: Vec<Elite> = Vec::new();
        while self.budget_left() {
            // Every other walk starts again from one of the best puzzles walked so far.
            if !elite.is_empty() && self.stream.below(2) == 0 {
                let start = elite[self.stream.below(elite.len() as u32) as usize].clone();
                match self.walk_from(start, &mut elite)? {
                    Some(found) => return Ok(Some(found)),
                    None => continue,
                }
            }
            let solution = random_solution(&mut self.stream, self.size);
            let mut present = vec![true; self.orbits.len()];
            let (mut distance, rated) = match self.reduce(&solution, &mut present)? {
                Reduced::Met(found) => return Ok(Some(*found)),
                Reduced::Away(distance, rated) => (distance, rated),
            };
            if self.worth_a_walk(&present, rated.as_ref()) {
                let start = self.judged(solution, present, distance, rated.as_ref());
                match self.walk_from(start, &mut elite)? {
                    Some(found) => return Ok(Some(found)),
                    None => continue,
                }
            }
            let mut stale = 0;
            while self.budget_left() && stale < self.patience(&present) {
                let mut next = present.clone();
                let mut absent: Vec<usize> = (0..next.len()).filter(|&o| !next[o]).collect();
                let adding = 1 + self.stream.below(2) as usize;
                for _ in 0..adding.min(absent.len()) {
                    let pick = self.stream.below(absent.len() as u32) as usize;
                    next[absent.swap_remove(pick)] = true;
                }
                match self.reduce(&solution, &mut next)? {
                    Reduced::Met(found) => return Ok(Some(*found)),
                    Reduced::Away(further, _) => {
                        stale = if further < distance { 0 } else { stale + 1 };
                        if further <= distance {
                            (present, distance) = (next, further);
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// The search near `start` (`--near`, known to have one solution): every walk starts
    /// from `start` or from the best puzzles the walks have reached since, as the hunters of
    /// the hardest puzzles walk from the hardest known. The first neighbour that meets the
    /// targets and is none of the puzzles given is the puzzle.
    fn near_search(&mut self, start: &Grid) -> Result<Found, Failure> {
        // The engine's solution: the generator's own filler gives up on the hardest puzzles.
        let Some(solution) = answered(self.engine.solve(start, Limits::FIRST))?.solution else {
            return Ok(None);
        };
        let present: Vec<bool> = self.orbits.iter().map(|orbit| start.get(orbit[0]) != 0).collect();
        let (distance, rated) = self.judge(start);
        let mut elite = vec![self.judged(solution, present, distance, rated.as_ref())];
        while self.budget_left() {
            let from = elite[self.stream.below(elite.len() as u32) as usize].clone();
            match self.walk_from(from, &mut elite)? {
                Some((puzzle, _)) if self.is_given(&puzzle) => continue,
                Some(found) => return Ok(Some(found)),
                None => continue,
            }
        }
        Ok(None)
    }

    /// Whether `puzzle` is one of the puzzles to search near: a walk from one of them often
    /// meets another, which is nothing new.
    fn is_given(&self, puzzle: &Grid) -> bool {
        self.targets.near.iter().any(|given| given.cells() == puzzle.cells())
    }

    /// How many moves without getting closer the climb from the puzzle of the `present`
    /// orbits may make: [`STALE_MOVES`] while its clue count is off the target, where a move
    /// (a clue more or less) has a slope to climb, and none once only its rating is off: the
    /// rating rises by whole techniques, the neighbours of a puzzle rate as it does or lower,
    /// and a fresh grid was measured to reach every band the scale has sooner (see the
    /// results' "Puzzles to order").
    fn patience(&self, present: &[bool]) -> u64 {
        let Some((low, high)) = self.targets.clues else {
            return 0;
        };
        if (low..=high).contains(&self.clues_of(present)) { 0 } else { STALE_MOVES }
    }

    /// The clue count of the puzzle of the `present` orbits.
    fn clues_of(&self, present: &[bool]) -> usize {
        self.orbits.iter().zip(present).filter(|(_, here)| **here).map(|(o, _)| o.len()).sum()
    }

    /// The puzzle `solution` cut to `present`, `distance` from the targets and rated `rated`,
    /// as a vicinity walk compares it ([`walk_key`]).
    fn judged(
        &self,
        solution: Grid,
        present: Vec<bool>,
        distance: f64,
        rated: Option<&Rated>,
    ) -> Elite {
        let clues = self.clues_of(&present);
        let level = distance_with(self.targets, self.size, clues, rated, false);
        Elite { key: walk_key(level, clues, distance), solution, present }
    }

    /// Whether the puzzle of the `present` orbits, rated `rated`, starts a vicinity walk: the
    /// rating asked starts at [`VICINITY_FLOOR`] or above, the puzzle's clue count is on
    /// target (otherwise the climb of the clue count comes first), and the ladder solved it
    /// with a rating at most [`VICINITY_REACH`] below the floor.
    fn worth_a_walk(&self, present: &[bool], rated: Option<&Rated>) -> bool {
        let Some(RatingTarget::Range { low, .. }) = self.targets.rating else {
            return false;
        };
        let Some(rated) = rated else {
            return false;
        };
        low >= VICINITY_FLOOR
            && self.patience(present) == 0
            && rated.solved()
            && rated.er >= low - VICINITY_REACH
    }

    /// A vicinity walk from `start`, whose best puzzle then joins the `elite` of this puzzle
    /// number's walks (the [`ELITE`] closest to the target, each once).
    fn walk_from(&mut self, start: Elite, elite: &mut Vec<Elite>) -> Result<Found, Failure> {
        let best = match self.vicinity_walk(start)? {
            Walked::Met(found) => return Ok(Some(found)),
            Walked::Ended(best) => best,
        };
        if !elite.iter().any(|e| e.present == best.present && e.solution == best.solution) {
            elite.push(best);
            elite.sort_by(|a, b| a.key.partial_cmp(&b.key).unwrap_or(std::cmp::Ordering::Equal));
            elite.truncate(ELITE);
        }
        Ok(None)
    }

    /// The walk through the vicinity of the puzzle `start` (see the module's documentation):
    /// it moves to a neighbour that rates at most [`VICINITY_SLACK`] below the best puzzle
    /// of the walk (by [`walk_key`]), and ends after [`VICINITY_MOVES`] neighbours in a row
    /// it did not move to, returning that best puzzle.
    fn vicinity_walk(&mut self, start: Elite) -> Result<Walked, Failure> {
        let mut best = start.clone();
        let Elite { mut solution, mut present, .. } = start;
        let mut stale = 0;
        while self.budget_left() && stale < VICINITY_MOVES {
            let Some((next_solution, mut next)) = self.neighbour(&solution, &present)? else {
                self.attempts += 1;
                stale += 1;
                continue;
            };
            match self.reduce(&next_solution, &mut next)? {
                Reduced::Met(found) => return Ok(Walked::Met(*found)),
                Reduced::Away(further, rated) => {
                    let next = self.judged(next_solution, next, further, rated.as_ref());
                    if next.key < best.key {
                        best = next.clone();
                    }
                    if next.level() <= best.level() + VICINITY_SLACK {
                        stale = 0;
                        (solution, present) = (next.solution, next.present);
                    } else {
                        stale += 1;
                    }
                }
            }
        }
        Ok(Walked::Ended(best))
    }

    /// A "-n+n" neighbour of the puzzle `solution` cut to `present`: one or two of its clue
    /// orbits taken away and one or two orbits it lacks given values their rows, columns and
    /// boxes allow, drawn at random, until the puzzle so made has one solution (up to
    /// [`NEIGHBOUR_DRAWS`] draws, each a count to two: cheap beside a rating). Returns its
    /// solution (completed by the generator's own backtracking) and its orbits, or `None`
    /// when no draw had one solution.
    fn neighbour(
        &mut self,
        solution: &Grid,
        present: &[bool],
    ) -> Result<Option<(Grid, Vec<bool>)>, Failure> {
        let side = self.size.side() as u8;
        for _ in 0..NEIGHBOUR_DRAWS {
            let mut next = present.to_vec();
            let mut given: Vec<usize> = (0..next.len()).filter(|&o| next[o]).collect();
            let mut absent: Vec<usize> = (0..next.len()).filter(|&o| !next[o]).collect();
            for _ in 0..1 + self.stream.below(2) {
                if given.len() > 1 {
                    let orbit = given.swap_remove(self.stream.below(given.len() as u32) as usize);
                    next[orbit] = false;
                }
            }
            let mut puzzle = Grid::empty(self.size);
            for &orbit in &given {
                for &cell in &self.orbits[orbit] {
                    puzzle.set(cell, solution.get(cell));
                }
            }
            let mut drawn = true;
            for _ in 0..1 + self.stream.below(2) {
                if absent.is_empty() {
                    break;
                }
                let orbit = absent.swap_remove(self.stream.below(absent.len() as u32) as usize);
                for &cell in &self.orbits[orbit] {
                    let free: Vec<u8> =
                        (1..=side).filter(|&value| value_fits(&puzzle, cell, value)).collect();
                    if free.is_empty() {
                        drawn = false;
                        break;
                    }
                    puzzle.set(cell, free[self.stream.below(free.len() as u32) as usize]);
                }
                next[orbit] = true;
            }
            if !drawn || !one_solution(&puzzle, self.engine)? {
                continue;
            }
            if let Some(completed) = complete(&puzzle, &mut self.stream) {
                return Ok(Some((completed, next)));
            }
        }
        Ok(None)
    }

    /// Cuts `solution` to the `present` orbits and removes orbits in random order while the
    /// solution stays unique, updating `present`. Without minimality the removal stops at the
    /// first puzzle that meets the targets (judged once within the clue range); otherwise the
    /// minimal result is judged.
    fn reduce(&mut self, solution: &Grid, present: &mut [bool]) -> Result<Reduced, Failure> {
        let mut puzzle = Grid::empty(self.size);
        for (orbit, _) in self.orbits.iter().zip(&*present).filter(|(_, here)| **here) {
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
        }
        let mut order: Vec<usize> = (0..present.len()).filter(|&o| present[o]).collect();
        self.stream.shuffle(&mut order);
        let high = self.targets.clues.map_or(usize::MAX, |(_, high)| high);
        let early = !self.targets.minimal;
        if early && puzzle.clue_count() <= high {
            let (distance, rated) = self.judge(&puzzle);
            if distance == 0.0 {
                return Ok(Reduced::Met(Box::new((puzzle, rated))));
            }
        }
        for orbit in order {
            let cells = &self.orbits[orbit];
            for &cell in cells {
                puzzle.set(cell, 0);
            }
            let unique = match cells[..] {
                [cell] => still_one_solution(&puzzle, cell, solution.get(cell), self.engine)?,
                _ => one_solution(&puzzle, self.engine)?,
            };
            if unique {
                present[orbit] = false;
                if early && puzzle.clue_count() <= high && self.budget_left() {
                    let (distance, rated) = self.judge(&puzzle);
                    if distance == 0.0 {
                        return Ok(Reduced::Met(Box::new((puzzle, rated))));
                    }
                }
            } else {
                for &cell in cells {
                    puzzle.set(cell, solution.get(cell));
                }
            }
        }
        let (distance, rated) = self.judge(&puzzle);
        if distance == 0.0 {
            return Ok(Reduced::Met(Box::new((puzzle, rated))));
        }
        Ok(Reduced::Away(distance, rated))
    }

    /// The search with a mask (see the module's documentation).
    fn pattern_search(&mut self, mask: &[bool]) -> Result<Found, Failure> {
        let cells: Vec<usize> = (0..mask.len()).filter(|&cell| mask[cell]).collect();
        let side = self.size.side() as u8;
        while self.budget_left() {
            let solution = random_solution(&mut self.stream, self.size);
            let mut puzzle = Grid::empty(self.size);
            for &cell in &cells {
                puzzle.set(cell, solution.get(cell));
            }
            let mut score = match self.score_filling(&puzzle)? {
                Filling::Met(rated) => return Ok(Some((puzzle, rated))),
                Filling::Away(score) => score,
            };
            let mut stale = 0;
            while self.budget_left() && stale < STALE_PATTERN_MOVES {
                let cell = cells[self.stream.below(cells.len() as u32) as usize];
                let free: Vec<u8> =
                    (1..=side).filter(|&value| value_fits(&puzzle, cell, value)).collect();
                if free.is_empty() {
                    stale += 1;
                    continue;
                }
                let mut next = puzzle.clone();
                next.set(cell, free[self.stream.below(free.len() as u32) as usize]);
                // Up to two other clues are freed and the grid completed again, so that they
                // can follow the change; a change no solved grid completes is no move.
                for _ in 0..self.stream.below(3) {
                    let other = cells[self.stream.below(cells.len() as u32) as usize];
                    if other != cell {
                        next.set(other, 0);
                    }
                }
                let Some(completed) = complete(&next, &mut self.stream) else {
                    self.attempts += 1;
                    stale += 1;
                    continue;
                };
                for &cell in &cells {
                    next.set(cell, completed.get(cell));
                }
                match self.score_filling(&next)? {
                    Filling::Met(rated) => return Ok(Some((next, rated))),
                    Filling::Away(further) => {
                        stale = if further < score { 0 } else { stale + 1 };
                        if further <= score {
                            (puzzle, score) = (next, further);
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// How far a filling of the mask is from a puzzle that meets the targets: its solutions
    /// (up to [`SOLUTION_CAP`], none being the furthest), then its removable orbits when it
    /// must be minimal, then the distance to the other targets. One attempt.
    fn score_filling(&mut self, puzzle: &Grid) -> Result<Filling, Failure> {
        let limits = Limits::count_up_to(SOLUTION_CAP);
        let outcome = self.engine.solve(puzzle, limits);
        if let Some(failure) = outcome.failure {
            return Err(failure);
        }
        let solutions = match outcome.verdict(limits) {
            Verdict::Exactly(0) => u32::MAX,
            Verdict::Exactly(n) | Verdict::AtLeast(n) | Verdict::GaveUp(n) => n,
            Verdict::Failed(_) => u32::MAX,
        };
        if solutions != 1 {
            self.attempts += 1;
            return Ok(Filling::Away((solutions, 0, 0.0)));
        }
        let mut removable = 0;
        if self.targets.minimal {
            for orbit in &self.orbits {
                if puzzle.get(orbit[0]) == 0 {
                    continue;
                }
                let mut fewer = puzzle.clone();
                for &cell in orbit {
                    fewer.set(cell, 0);
                }
                removable += u32::from(one_solution(&fewer, self.engine)?);
            }
        }
        let (distance, rated) = if removable == 0 {
            self.judge(puzzle)
        } else {
            self.attempts += 1;
            (0.0, None)
        };
        if removable == 0 && distance == 0.0 {
            return Ok(Filling::Met(rated));
        }
        Ok(Filling::Away((1, removable, distance)))
    }
}

/// How a clue search's reduction ended.
enum Reduced {
    /// At a puzzle that meets the targets.
    Met(Box<(Grid, Option<Rated>)>),
    /// At a puzzle this far from them, with its rating when it was rated.
    Away(f64, Option<Rated>),
}

/// How far a puzzle is from the targets as a vicinity walk compares puzzles: first its
/// distance without the slope (`level`, [`distance_with`]), then its clue count (the hardest
/// known puzzles have few clues, 21 to 23 most of them), then its distance with the slope.
fn walk_key(level: f64, clues: usize, distance: f64) -> (f64, f64, f64) {
    (level, clues as f64, distance)
}

/// A puzzle a vicinity walk started from or reached: its [`walk_key`], its solution and its
/// clue orbits.
#[derive(Clone, Debug)]
struct Elite {
    key: (f64, f64, f64),
    solution: Grid,
    present: Vec<bool>,
}

impl Elite {
    /// Its distance from the targets without the slope ([`distance_with`]): the first of
    /// its key.
    fn level(&self) -> f64 {
        self.key.0
    }
}

/// How a vicinity walk ended.
enum Walked {
    /// At a puzzle that meets the targets.
    Met((Grid, Option<Rated>)),
    /// Stale, with the best puzzle it reached.
    Ended(Elite),
}

/// How a mask search's filling was judged.
enum Filling {
    /// It meets the targets.
    Met(Option<Rated>),
    /// Solutions, removable orbits, distance: compared in that order, smaller is closer.
    Away((u32, u32, f64)),
}

/// A solved grid that completes `puzzle`, found by the generator's own randomized backtracking
/// (so that which engine checks uniqueness changes nothing); `None` when there is none, or
/// when the attempt takes too long.
fn complete(puzzle: &Grid, stream: &mut PuzzleStream) -> Option<Grid> {
    let mut filler = Filler::new(puzzle.size());
    for cell in 0..puzzle.size().cells() {
        let value = puzzle.get(cell);
        if value != 0 {
            if filler.candidates(cell) & (1 << value) == 0 {
                return None;
            }
            filler.grid.set(cell, value);
            filler.toggle(cell, value);
        }
    }
    match filler.fill(stream) {
        Ok(true) => Some(filler.grid),
        _ => None,
    }
}

/// Whether no other clue of `cell`'s row, column or box gives `value`, and the cell does not
/// already.
fn value_fits(puzzle: &Grid, cell: usize, value: u8) -> bool {
    let size = puzzle.size();
    if puzzle.get(cell) == value {
        return false;
    }
    let (row, col, block) = (size.row_of(cell), size.col_of(cell), size.box_of(cell));
    (0..size.cells()).all(|other| {
        other == cell
            || puzzle.get(other) != value
            || (size.row_of(other) != row
                && size.col_of(other) != col
                && size.box_of(other) != block)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate_one;
    use crate::targets::ClueSymmetry;

    fn engine() -> Box<dyn Engine> {
        sudoku_engines::default_engine_for(Size::NINE).create()
    }

    #[test]
    fn no_target_makes_the_plain_generators_puzzle() {
        let mut engine = engine();
        let made = make_one(4, 2, Size::NINE, &Targets::default(), engine.as_mut()).unwrap();
        let plain = generate_one(4, 2, Size::NINE, engine.as_mut()).unwrap();
        assert_eq!(made.puzzle, Some(plain));
    }

    #[test]
    fn a_symmetric_puzzle_keeps_its_symmetry_and_no_orbit_can_go() {
        let mut engine = engine();
        for symmetry in [ClueSymmetry::Rot180, ClueSymmetry::Diagonal, ClueSymmetry::Full] {
            let targets = Targets { symmetry, ..Targets::default() };
            let made = make_one(1, 0, Size::NINE, &targets, engine.as_mut()).unwrap();
            let puzzle = made.puzzle.expect("a symmetric puzzle within the budget");
            let mask: Vec<bool> = puzzle.cells().iter().map(|&value| value != 0).collect();
            assert!(symmetry.keeps(Size::NINE, &mask), "{symmetry:?}");
            assert!(one_solution(&puzzle, engine.as_mut()).unwrap());
            for orbit in symmetry.orbits(Size::NINE).iter().filter(|o| mask[o[0]]) {
                let mut fewer = puzzle.clone();
                orbit.iter().for_each(|&cell| fewer.set(cell, 0));
                assert!(!one_solution(&fewer, engine.as_mut()).unwrap(), "{symmetry:?}");
            }
        }
    }

    #[test]
    fn distance_is_zero_only_on_target() {
        let rated = |er: f64, technique: Technique| Rated {
            rating: Some(Rating {
                hardest: Some(technique),
                difficulty: er,
                pearl: er,
                diamond: 1.0,
                steps: 9,
                end: End::Solved,
            }),
            er,
            ep: er,
            ed: 1.0,
            used: vec![Technique::HiddenSingleBox, technique],
            difficulties: vec![1.2, er],
        };
        let band = Targets {
            rating: Some(RatingTarget::Range { low: 4.0, high: 6.0 }),
            ..Targets::default()
        };
        assert_eq!(distance(&band, Size::NINE, 25, Some(&rated(4.2, Technique::XyWing))), 0.0);
        // 1.4 below, and a quarter point for its one step at its rating.
        let below = distance(&band, Size::NINE, 25, Some(&rated(2.6, Technique::Pointing)));
        assert!((below - 1.65).abs() < 1e-9, "{below}");
        let mut more = rated(2.6, Technique::Pointing);
        more.difficulties.push(2.6);
        assert!(distance(&band, Size::NINE, 25, Some(&more)) < below, "more hard steps are closer");
        let needs = Targets { needs: vec![Technique::XWing], ..Targets::default() };
        assert!(distance(&needs, Size::NINE, 25, Some(&rated(4.2, Technique::XyWing))) >= 1.0);
        assert_eq!(distance(&needs, Size::NINE, 25, Some(&rated(3.2, Technique::XWing))), 0.0);
        let clues = Targets { clues: Some((20, 22)), ..Targets::default() };
        assert_eq!(distance(&clues, Size::NINE, 25, None), 3.0);
        assert_eq!(distance(&clues, Size::NINE, 21, None), 0.0);
    }

    #[test]
    fn a_rating_keeps_every_steps_difficulty_and_ep_ed_within_er() {
        let mut engine = engine();
        let puzzle = generate_one(9, 4, Size::NINE, engine.as_mut()).unwrap();
        let rated = rate(&puzzle, engine.as_mut());
        let rating = rated.rating.expect("rated");
        assert_eq!(rated.difficulties.len(), rating.steps);
        let hardest = rated.difficulties.iter().copied().fold(0.0, f64::max);
        assert_eq!(hardest, rated.er);
        assert_eq!(rated.ed, rated.difficulties[0]);
        assert!(rated.ed <= rated.ep && rated.ep <= rated.er, "{rated:?}");
        assert!(rated.used.contains(&rating.hardest.unwrap()));
    }

    #[test]
    fn a_neighbour_is_minimal_with_one_solution_and_keeps_most_of_its_puzzle() {
        let mut engine = engine();
        let targets = Targets {
            rating: Some(RatingTarget::Range { low: VICINITY_FLOOR, high: 20.0 }),
            ..Targets::default()
        };
        let puzzle = generate_one(12, 0, Size::NINE, engine.as_mut()).unwrap();
        let solution = crate::solved_grid(12, 0, Size::NINE);
        let present: Vec<bool> = puzzle.cells().iter().map(|&value| value != 0).collect();
        let mut search = Search {
            size: Size::NINE,
            targets: &targets,
            orbits: ClueSymmetry::None.orbits(Size::NINE),
            rater: Rater::of_scale(scale_for(Size::NINE), true),
            stream: PuzzleStream::new(12, 1),
            engine: engine.as_mut(),
            attempts: 0,
        };
        let (mut moved, mut solutions_changed) = (0, 0);
        for _ in 0..8 {
            let (grid, mut next) = search.neighbour(&solution, &present).unwrap().expect("a draw");
            assert_eq!(grid.clue_count(), 81, "{}", grid.to_line());
            // One or two orbits away, one or two drawn.
            let changed = (0..81).filter(|&cell| next[cell] != present[cell]).count();
            assert!((2..=4).contains(&changed), "{changed}");
            assert!(matches!(search.reduce(&grid, &mut next).unwrap(), Reduced::Away(..)));
            let mut neighbour = Grid::empty(Size::NINE);
            (0..81).filter(|&cell| next[cell]).for_each(|cell| neighbour.set(cell, grid.get(cell)));
            let line = neighbour.to_line();
            assert!(one_solution(&neighbour, search.engine).unwrap(), "{line}");
            assert!(crate::is_minimal(&neighbour, search.engine), "{line}");
            let shared = (0..81).filter(|&c| next[c] && grid.get(c) == puzzle.get(c)).count();
            assert!(shared + 4 >= neighbour.clue_count().min(puzzle.clue_count()), "{line}");
            moved += usize::from(neighbour != puzzle);
            solutions_changed += usize::from(grid != solution);
        }
        assert_eq!(moved, 8, "a neighbour is another puzzle");
        assert!(solutions_changed >= 1, "no neighbour has another solution");
    }

    #[test]
    fn a_walk_compares_the_rating_then_the_clue_count_then_the_slope() {
        assert!(walk_key(0.2, 25, 0.3) < walk_key(0.3, 21, 0.31));
        assert!(walk_key(0.2, 22, 0.3) < walk_key(0.2, 23, 0.21));
        assert!(walk_key(0.2, 22, 0.21) < walk_key(0.2, 22, 0.3));
        let band = Targets {
            rating: Some(RatingTarget::Range { low: 9.5, high: 10.4 }),
            ..Targets::default()
        };
        let rated = Rated {
            rating: Some(Rating {
                hardest: Some(Technique::DynamicForcingPlus),
                difficulty: 9.2,
                pearl: 1.2,
                diamond: 1.2,
                steps: 3,
                end: End::Solved,
            }),
            er: 9.2,
            ep: 1.2,
            ed: 1.2,
            used: vec![Technique::HiddenSingleBox, Technique::DynamicForcingPlus],
            difficulties: vec![1.2, 9.2, 9.2],
        };
        let level = distance_with(&band, Size::NINE, 22, Some(&rated), false);
        assert!((level - 0.3).abs() < 1e-9, "{level}");
        let sloped = distance(&band, Size::NINE, 22, Some(&rated));
        assert!((sloped - level - 0.5 / 3.0).abs() < 1e-9, "{sloped}");
    }

    #[test]
    fn the_elite_keeps_the_best_puzzles_walked_once_each() {
        let mut engine = engine();
        // No attempt left: each walk ends where it starts, and its start joins the elite.
        let targets = Targets {
            rating: Some(RatingTarget::Range { low: 9.5, high: 20.0 }),
            attempts: 0,
            ..Targets::default()
        };
        let mut search = Search {
            size: Size::NINE,
            targets: &targets,
            orbits: ClueSymmetry::None.orbits(Size::NINE),
            rater: Rater::of_scale(scale_for(Size::NINE), true),
            stream: PuzzleStream::new(3, 0),
            engine: engine.as_mut(),
            attempts: 0,
        };
        let mut starts = Vec::new();
        for index in 0..ELITE as u64 + 2 {
            let puzzle = generate_one(3, index, Size::NINE, search.engine).unwrap();
            let rated = rate(&puzzle, search.engine);
            let sloped = distance(&targets, Size::NINE, puzzle.clue_count(), Some(&rated));
            let solution = crate::solved_grid(3, index, Size::NINE);
            let present = puzzle.cells().iter().map(|&value| value != 0).collect();
            starts.push(search.judged(solution, present, sloped, Some(&rated)));
        }
        let mut elite = Vec::new();
        for start in starts.iter().chain(&starts) {
            assert!(search.walk_from(start.clone(), &mut elite).unwrap().is_none());
        }
        let mut keys: Vec<_> = starts.iter().map(|start| start.key).collect();
        keys.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let kept: Vec<_> = elite.iter().map(|e| e.key).collect();
        assert_eq!(kept, keys[..ELITE], "the best, in order, each once");
    }

    #[test]
    fn values_fit_only_where_no_peer_gives_them() {
        let mut puzzle = Grid::empty(Size::NINE);
        puzzle.set(0, 5);
        assert!(!value_fits(&puzzle, 8, 5));
        assert!(!value_fits(&puzzle, 72, 5));
        assert!(!value_fits(&puzzle, 10, 5));
        assert!(value_fits(&puzzle, 40, 5));
        assert!(!value_fits(&puzzle, 0, 5));
    }
}
