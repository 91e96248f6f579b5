//! A corpus benched in the browser: every puzzle of a file solved by one engine, counting to
//! two as `sudoku bench` does by default, timed by the browser's clock.

use serde::Serialize;
use sudoku_core::{Limits, Outcome, PuzzleReader, check_solution};
use web_time::Instant;

use crate::race::with_engine;

/// What a bench of one engine over a corpus measured.
#[derive(Serialize, Debug)]
pub struct Figures {
    /// The engine.
    pub engine: String,
    /// Puzzles read.
    pub puzzles: usize,
    /// Puzzles the engine's size does not solve, or that could not be read: not timed.
    pub skipped: usize,
    /// Puzzles found to have exactly one solution, whose solution checks.
    pub unique: usize,
    /// Passes over the puzzles.
    pub passes: usize,
    /// The median pass's time in seconds.
    pub seconds: f64,
    /// Puzzles per second in the median pass.
    pub puzzles_per_second: f64,
    /// Nodes over one pass.
    pub nodes: u64,
}

/// Benches engine `name` over every puzzle of `text`, `passes` times (at least once), and
/// reports the median pass. Only the solves are timed, all of a pass under one clock reading
/// at each end, so the browser's clock costs nothing per puzzle.
pub fn bench(name: &str, text: &str, passes: usize) -> Result<Figures, String> {
    let info = sudoku_engines::find(name).map_err(|error| error.to_string())?;
    let mut skipped = 0;
    let grids: Vec<_> = PuzzleReader::new(text.as_bytes())
        .filter_map(|puzzle| match puzzle {
            Ok(puzzle) if info.takes(&puzzle.grid) => Some(puzzle.grid),
            _ => {
                skipped += 1;
                None
            }
        })
        .collect();
    if grids.is_empty() {
        return Err(format!("no puzzle {name} solves in the file ({skipped} skipped)"));
    }
    let limits = Limits::UNIQUE;
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(grids.len());
    let mut times = Vec::new();
    with_engine(name, |engine| {
        for _ in 0..passes.max(1) {
            outcomes.clear();
            let started = Instant::now();
            for grid in &grids {
                outcomes.push(engine.solve(grid, limits));
            }
            times.push(started.elapsed().as_secs_f64());
        }
    })?;
    times.sort_by(f64::total_cmp);
    let seconds = times[times.len() / 2];
    let unique = grids
        .iter()
        .zip(&outcomes)
        .filter(|(grid, outcome)| {
            outcome.count == 1
                && outcome
                    .solution
                    .as_ref()
                    .is_some_and(|solution| check_solution(grid, solution).is_ok())
        })
        .count();
    Ok(Figures {
        engine: name.to_owned(),
        puzzles: grids.len(),
        skipped,
        unique,
        passes: times.len(),
        seconds,
        puzzles_per_second: grids.len() as f64 / seconds,
        nodes: outcomes.iter().map(|outcome| outcome.stats.nodes).sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn benches_the_puzzles_an_engine_solves_and_checks_them() {
        let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
                    1...\n..3.\n.4..\n...2\n";
        let figures = bench("dlx", text, 3).unwrap();
        assert_eq!((figures.puzzles, figures.unique, figures.passes), (2, 2, 3));
        let fast = bench("fast", text, 1).unwrap();
        assert_eq!((fast.puzzles, fast.skipped, fast.unique), (1, 1, 1));
    }
}
