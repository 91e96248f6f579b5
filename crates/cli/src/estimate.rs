//! `sudoku count --list N` and `sudoku count --estimate`: the first solutions of every puzzle
//! before its count, or an estimate of a count too large to reach.
//!
//! The solutions are listed by [`sudoku_generate::each_solution`] (a search that picks its own
//! branches, so the first N are the same on every machine), the count is the engine's as plain
//! `count` gives it, and the estimate is [`sudoku_generate::estimate`]'s. The counts and the
//! estimates run on the pool of [`crate::setter`], puzzles answered in input order; the
//! solutions are listed by the thread that writes, each written as it is found, so that a
//! million of them cost the memory of one (the search's path), not of a million.

use std::io::Write;

use serde_json::json;
use sudoku_core::{Engine, Format, HeaderLines, Limits, Puzzle, Verdict, write_grid};
use sudoku_engines::{EnginesBySize, Registry};
use sudoku_generate::CountEstimate;

use crate::args::{CountArgs, EstimateFormat};
use crate::console::errln;
use crate::exit;
use crate::setter::{Item, Outcomes, PuzzlesJson, answer_with_engines, has_line, refuse};
use crate::solve::{UNREADABLE, UNSUPPORTED, output_failed};

/// What one puzzle came to.
enum Answer {
    /// `--list`: the engine's count (the solutions are listed as they are written).
    Listed(Verdict),
    Estimated(CountEstimate),
}

/// Runs `sudoku count --list N` or `sudoku count --estimate`; returns the exit code.
pub fn run(args: &CountArgs, registry: &'static Registry) -> u8 {
    let chosen = match crate::find_engine(registry, args.engine.as_deref(), &args.external) {
        Ok(chosen) => chosen,
        Err(message) => {
            return errln!("sudoku: {message}")
                .map_or_else(|halt| halt.exit_code(exit::BAD_INPUT), |()| exit::BAD_INPUT);
        }
    };
    let mut limits = Limits::count_up_to(args.limit);
    if let Some(nodes) = args.search.budget.0 {
        limits = limits.with_node_budget(nodes);
    }
    let (list, estimate) = (args.list, args.estimate);
    let (seed, probes, seconds) = (args.seed, args.probes, args.seconds);
    let answer = |engine: &mut dyn Engine, puzzle: &Puzzle| {
        if estimate {
            let draw = seed.wrapping_mul(1_000_003).wrapping_add(puzzle.number as u64);
            return Answer::Estimated(sudoku_generate::estimate(
                &puzzle.grid,
                draw,
                probes,
                seconds,
            ));
        }
        Answer::Listed(engine.solve(&puzzle.grid, limits).verdict(limits))
    };
    let as_json = estimate && args.estimate_format == EstimateFormat::Json;
    let mut outcomes = Outcomes::default();
    let mut boxes = HeaderLines::default();
    let mut json = match PuzzlesJson::open(as_json) {
        Ok(json) => json,
        Err(halt) => return outcomes.exit_code(Err(halt)),
    };
    let result = answer_with_engines(
        &args.files,
        args.input.options(),
        args.search.threads,
        || EnginesBySize::new(chosen),
        answer,
        &mut outcomes,
        |outcomes, out, name, item| match item {
            // A line a puzzle (its count, or its estimate), placeholders included.
            Item::Unreadable(message, error) => {
                if !as_json && has_line(&error, true) {
                    writeln!(out, "{UNREADABLE}").map_err(output_failed)?;
                }
                errln!("{message}")
            }
            Item::Refused(puzzle, why) => {
                if !as_json {
                    writeln!(out, "{UNSUPPORTED}").map_err(output_failed)?;
                }
                refuse(name, &puzzle, &why)
            }
            Item::Answered(puzzle, Answer::Listed(verdict)) => {
                let first = list.unwrap_or(0) as usize;
                sudoku_generate::each_solution(&puzzle.grid, first, |solution| {
                    boxes
                        .before(&mut *out, solution.size(), puzzle.grid.layout().map(|l| &**l))
                        .map_err(output_failed)?;
                    write_grid(&mut *out, solution, puzzle.format, puzzle.alphabet)
                        .map_err(output_failed)?;
                    if puzzle.format != Format::Line {
                        writeln!(out).map_err(output_failed)?;
                    }
                    Ok(())
                })?;
                outcomes.unanswered |= matches!(verdict, Verdict::GaveUp(_));
                outcomes.failed |= matches!(verdict, Verdict::Failed(_));
                writeln!(out, "{verdict}").map_err(output_failed)
            }
            Item::Answered(puzzle, Answer::Estimated(found)) => {
                if as_json {
                    let element = json!({
                        "puzzle": puzzle.number,
                        "estimate": found.estimate,
                        "lower": found.lower,
                        "upper": found.upper,
                        "probes": found.probes,
                        "hits": found.hits,
                    });
                    json.push(&mut *out, &element)
                } else {
                    writeln!(
                        out,
                        "{} ({} to {}, {} probes)",
                        number(found.estimate),
                        number(found.lower),
                        number(found.upper),
                        found.probes
                    )
                    .map_err(output_failed)
                }
            }
        },
    );
    outcomes.exit_code(result.and_then(|bad_input| json.close().map(|()| bad_input)))
}

/// An estimate as people read it: whole below a million, else with four significant digits
/// and an exponent (`6.671e21`).
fn number(value: f64) -> String {
    if !value.is_finite() {
        "unbounded".to_owned()
    } else if value < 1e6 {
        format!("{value:.0}")
    } else {
        format!("{value:.3e}")
    }
}
