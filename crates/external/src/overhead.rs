//! What each way of timing an engine adds to a solve, measured with an engine that answers at
//! once: the harness's own figure of each timing path ([`sudoku_engines::Timing`]).
//!
//! The engine that answers at once is an in-process engine whose every answer is "no
//! solution" ([`Instant`]): called directly for the in-process path; served over the
//! protocol by this program itself (`sudoku serve --instant`, given as `server`) for the
//! round trip, one request at a time and pipelined as the harness sends them; and started as a
//! whole process per puzzle (the same server, given no request) for the judge and dimacs path.

use std::time::{Duration, Instant as Clock};

use sudoku_core::{Engine, Failure, Grid, Limits, Outcome};
use sudoku_engines::EngineInfo;

use crate::{Declaration, Kind, process, protocol};

/// An engine that answers every puzzle at once with "no solution", to measure what the
/// harness and the pipes cost around a solve.
pub struct Instant;

impl Engine for Instant {
    fn solve(&mut self, _: &Grid, _: Limits) -> Outcome {
        Outcome::empty()
    }
}

/// The registry entry of [`Instant`], for `sudoku serve --instant`.
pub fn instant() -> EngineInfo {
    EngineInfo::new("instant", "answers every puzzle at once with no solution", || {
        Box::new(Instant)
    })
    .with_orders(2, 8)
}

/// The cost per puzzle of each timing path.
#[derive(Clone, Copy, Debug)]
pub struct Overhead {
    /// The call of an engine in this process, with the harness's clock read around it.
    pub in_process: Duration,
    /// A protocol request and its answer, one at a time.
    pub round_trip: Duration,
    /// A protocol request and its answer, with requests sent ahead as the harness sends them.
    pub pipelined: Duration,
    /// Starting a process, giving it its input and waiting for it to exit.
    pub whole_process: Duration,
}

/// Measures every path on `puzzles` (a hundred or so are plenty; whole processes on a tenth of
/// them), `server` being the command of a protocol engine that answers at once and exits at
/// the end of its input.
pub fn measure(server: &[String], puzzles: &[Grid]) -> Result<Overhead, Failure> {
    let limits = Limits::UNIQUE;
    let per_puzzle = |elapsed: Duration, count: usize| elapsed / count.max(1) as u32;

    let mut engine = Instant;
    let started = Clock::now();
    for puzzle in puzzles {
        let call = Clock::now();
        std::hint::black_box(engine.solve(puzzle, limits));
        std::hint::black_box(call.elapsed());
    }
    let in_process = per_puzzle(started.elapsed(), puzzles.len());

    let declaration = Declaration {
        name: "instant".to_owned(),
        kind: Kind::Protocol,
        command: server.to_vec(),
        library: None,
        sizes: None,
        time_limit: None,
        memory_limit: None,
        description: None,
        declared: "the overhead measurement".to_owned(),
    };
    let info = protocol::engine_info(&declaration, Duration::from_secs(10));
    let mut times = [Duration::ZERO; 2];
    for (pipelined, time) in [false, true].into_iter().zip(&mut times) {
        let mut engine = info.create();
        // The first answer includes the start-up: it is not timed.
        answered(engine.solve(&puzzles[0], limits))?;
        if pipelined {
            engine.expect(&mut puzzles.iter(), limits);
        }
        let started = Clock::now();
        for puzzle in puzzles {
            answered(engine.solve(puzzle, limits))?;
        }
        *time = per_puzzle(started.elapsed(), puzzles.len());
    }

    let starts = puzzles.len().div_ceil(10).max(1);
    let started = Clock::now();
    for _ in 0..starts {
        process::run_once(server, "", Duration::from_secs(10), 1 << 16)?;
    }
    let whole_process = per_puzzle(started.elapsed(), starts);
    Ok(Overhead { in_process, round_trip: times[0], pipelined: times[1], whole_process })
}

fn answered(outcome: Outcome) -> Result<Outcome, Failure> {
    match outcome.failure {
        Some(failure) => Err(failure),
        None => Ok(outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instant_engine_answers_no_solution() {
        let grid = Grid::empty(sudoku_core::Size::NINE);
        let outcome = instant().create().solve(&grid, Limits::UNIQUE);
        assert_eq!(outcome, Outcome::empty());
    }
}
