//! `generate`: minimal puzzles with one solution, reproducible from a seed, as
//! `sudoku generate` makes them (puzzle `i` of a seed is the same whatever the thread count and
//! whichever correct engine checks uniqueness), with the same targets: the generator's own
//! parsing, checks and search, so a target means and is refused here as on the command line.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::{Failure, Size};
use sudoku_generate::targets::{self, ClueSymmetry, RatingTarget, Refusal, Targets};
use sudoku_generate::{NearRefusal, Recipe};

use crate::args::{self, Int};
use crate::errors::sudoku_error;
use crate::grid::{Grid, to_grid};
use crate::interrupt::{Cancel, run};
use crate::solve::{engine_for, pool};

/// Why making puzzles stopped early.
enum Stop {
    /// The engine failed (only an engine from outside does).
    Failed(Failure),
    /// Ctrl-C: the caller raises the signal's exception.
    Cancelled,
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Stop {
        Stop::Failed(failure)
    }
}

/// Makes `count` minimal puzzles of side `size` (4, 6, 9, 12, 16, ... 25, with the side's usual
/// boxes) with exactly one solution, puzzle `i` being the same for a seed whatever else changes. `engine` checks uniqueness (by
/// default the fastest for the size); `threads` make puzzles side by side.
///
/// Targets, as `sudoku generate`'s flags: `symmetry` (`"rot180"`, ...), `clues` (`"22..26"`
/// or a pair), `pattern` (masks of `x` and `.`, one a line), `rating` (`"7.5..8.5"`, a pair or
/// a band such as `"4-chains"`), `needs` (technique names), `hardest`, `not_minimal`,
/// `attempts` (per puzzle), `near` (puzzles, as `Grid`s or text: puzzle *i* is found by
/// walking the vicinity of puzzle *i* of the list, modulo its length). `layout` makes variant puzzles, each with its `Layout`: words as
/// `sudoku generate --layout` takes them (`"x"`, `"jigsaw"`, `"windoku anti-king"`,
/// `"pencilmark"`, ...), minimal without the other targets. A puzzle number that meets them within its attempts gives a
/// puzzle, one that does not gives none, so fewer than `count` may come back. Targets no
/// puzzle can meet raise `ValueError` naming the argument.
///
/// >>> from sudoku_workbench import generate, count, rate
/// >>> puzzles = generate(9, count=2, seed=7)
/// >>> [count(p).verdict for p in puzzles]
/// ['1', '1']
/// >>> generate(9, count=2, seed=7, engine="dlx") == puzzles
/// True
/// >>> hard = generate(9, count=2, seed=7, rating="6.5..7.5", symmetry="rot180")
/// >>> all(6.5 <= rate(p).difficulty <= 7.5 for p in hard)
/// True
/// >>> [(p.layout.words, count(p).verdict) for p in generate(6, count=2, layout="jigsaw x")]
/// [(['jigsaw', 'x'], '1'), (['jigsaw', 'x'], '1')]
#[pyfunction]
#[pyo3(signature = (
    size=Int::of(9), count=Int::of(1), seed=Int::of(0), engine=None, threads=None, *,
    symmetry=None, clues=None, pattern=None, rating=None, needs=None, hardest=None,
    not_minimal=false, attempts=None, layout=None, near=None
))]
#[pyo3(text_signature = "(size=9, count=1, seed=0, engine=None, threads=None, *, \
    symmetry=None, clues=None, pattern=None, rating=None, needs=None, hardest=None, \
    not_minimal=False, attempts=None, layout=None, near=None)")]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    size: Int,
    count: Int,
    seed: Int,
    engine: Option<&str>,
    threads: Option<Int>,
    symmetry: Option<&str>,
    clues: Option<Range>,
    pattern: Option<&str>,
    rating: Option<Range>,
    needs: Option<Vec<String>>,
    hardest: Option<&str>,
    not_minimal: bool,
    attempts: Option<Int>,
    layout: Option<&str>,
    near: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<Vec<Grid>> {
    let side: usize = size.get("size", 0, 64)?;
    let size = Size::from_side(side).ok_or_else(|| {
        PyValueError::new_err(format!("no grid has side {side} ({})", Size::list_sides()))
    })?;
    sudoku_generate::check_size(size).map_err(PyValueError::new_err)?;
    let count: u64 = count.get("count", 0, args::U64)?;
    let seed: u64 = seed.get("seed", 0, args::U64)?;
    let attempts = match attempts {
        Some(attempts) => attempts.get("attempts", 1, args::U64)?,
        None => targets::DEFAULT_ATTEMPTS,
    };
    let near = near
        .iter()
        .flatten()
        .enumerate()
        .map(|(index, puzzle)| to_grid(puzzle, Some(index)).map(|grid| grid.grid))
        .collect::<PyResult<Vec<_>>>()?;
    let wanted = Wanted {
        symmetry,
        clues,
        pattern,
        rating,
        needs,
        hardest,
        not_minimal,
        attempts,
        layout,
        near,
    };
    let targets = wanted.targets(size).map_err(|refusal| {
        // The argument's name, as Python spells it.
        let name = refusal.flag.trim_start_matches("--").replace('-', "_");
        PyValueError::new_err(format!("{name}: {}", refusal.message))
    })?;
    // An empty grid of the puzzles' kind: the engine must take it.
    let info = engine_for(engine, &targets.layout.sample(size))?;
    match sudoku_generate::check_near(&targets, info.create().as_mut()) {
        Ok(()) => {}
        Err(NearRefusal::Refused(refusal)) => {
            return Err(PyValueError::new_err(format!("near: {}", refusal.message)));
        }
        Err(NearRefusal::Failed(failure)) => {
            return Err(sudoku_error(py, format!("{}: {failure}", info.name)));
        }
    }
    let pool = pool(threads)?;
    let cancel = Cancel::default();
    let made = run(py, &cancel, || {
        pool.install(|| {
            // Not all reserved at once: a count past what memory holds fails as it grows.
            let mut puzzles = Vec::with_capacity(count.min(1 << 16) as usize);
            // One puzzle a chunk: the cancel flag is looked at after every puzzle.
            sudoku_generate::generate_targeted_each(
                seed,
                0,
                count,
                size,
                &targets,
                info,
                1,
                |chunk| {
                    if cancel.is_set() {
                        return Err(Stop::Cancelled);
                    }
                    puzzles
                        .extend(chunk.iter().filter_map(|made| made.puzzle.clone()).map(Grid::of));
                    Ok(())
                },
            )
            .map(|()| puzzles)
        })
    })?;
    match made {
        Ok(puzzles) => Ok(puzzles),
        Err(Stop::Failed(failure)) => Err(sudoku_error(py, format!("{}: {failure}", info.name))),
        // `run` returned the signal's exception before this could be reached.
        Err(Stop::Cancelled) => Err(sudoku_error(py, "interrupted")),
    }
}

/// A range given as text (`"22..26"`, `"4-chains"`) or as a pair of numbers.
#[derive(FromPyObject)]
pub enum Range {
    Text(String),
    Pair(f64, f64),
}

impl Range {
    /// The text the command line would have been given.
    fn text(&self) -> String {
        match self {
            Range::Text(text) => text.clone(),
            Range::Pair(low, high) => format!("{low}..{high}"),
        }
    }
}

/// The targets as given, before they are parsed.
struct Wanted<'a> {
    symmetry: Option<&'a str>,
    clues: Option<Range>,
    pattern: Option<&'a str>,
    rating: Option<Range>,
    needs: Option<Vec<String>>,
    hardest: Option<&'a str>,
    not_minimal: bool,
    attempts: u64,
    layout: Option<&'a str>,
    near: Vec<sudoku_core::Grid>,
}

impl Wanted<'_> {
    /// The targets, parsed and checked by the generator for `size`.
    fn targets(&self, size: Size) -> Result<Targets, Refusal> {
        let scale = targets::scale_for(size);
        let clues = match &self.clues {
            // Whole numbers only: 22.5 clues is no count.
            Some(Range::Pair(low, high)) if low.fract() != 0.0 || high.fract() != 0.0 => {
                return Err(Refusal::new("--clues", format!("{low}..{high} is not a clue count")));
            }
            Some(clues) => Some(targets::parse_clues(&clues.text(), size)?),
            None => None,
        };
        let targets = Targets {
            symmetry: self.symmetry.map_or(Ok(ClueSymmetry::None), ClueSymmetry::parse)?,
            clues,
            minimal: !self.not_minimal,
            patterns: match self.pattern {
                Some(text) => targets::parse_patterns(text, size, "pattern")?,
                None => Vec::new(),
            },
            rating: self.rating.as_ref().map(|r| RatingTarget::parse(&r.text())).transpose()?,
            needs: self
                .needs
                .iter()
                .flatten()
                .map(|name| targets::parse_technique(name, scale, "--needs"))
                .collect::<Result<_, _>>()?,
            hardest: self
                .hardest
                .map(|name| targets::parse_technique(name, scale, "--hardest"))
                .transpose()?,
            attempts: self.attempts,
            layout: match self.layout {
                Some(words) => {
                    Recipe::parse(words).map_err(|problem| Refusal::new("--layout", problem))?
                }
                None => Recipe::default(),
            },
            near: self.near.clone(),
        };
        targets.check(size)?;
        Ok(targets)
    }
}
