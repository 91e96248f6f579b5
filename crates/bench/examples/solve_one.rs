//! Solves one puzzle through the library, with an engine chosen by name.
//!
//! ```sh
//! cargo run --release --example solve_one                    # dlx on a built-in puzzle
//! cargo run --release --example solve_one -- cdcl 'PUZZLE'   # any engine, any one-line puzzle
//! ```

use std::process::ExitCode;

use sudoku_core::{Format, Limits, Verdict, format_grid, parse_one};

/// A 17-clue puzzle, the fewest clues a 9×9 puzzle with one solution can have.
const PUZZLE: &str =
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "dlx".to_owned());
    let text = args.next().unwrap_or_else(|| PUZZLE.to_owned());

    // The registry knows every engine by name; `find` says which names exist when it fails.
    let engine = match sudoku_engines::find(&name) {
        Ok(engine) => engine,
        Err(unknown) => return fail(&unknown.to_string()),
    };
    // Any format and size the `sudoku` command reads; the error names the line and column.
    let puzzle = match parse_one(text.as_bytes()) {
        Ok(puzzle) => puzzle,
        Err(error) => return fail(&format!("the puzzle: {error}")),
    };
    if let Some(refusal) = engine.refusal(&puzzle.grid) {
        return fail(&refusal);
    }

    // Counting to two proves the solution unique.
    let limits = Limits::UNIQUE;
    let outcome = engine.create().solve(&puzzle.grid, limits);
    let verdict = match outcome.verdict(limits) {
        Verdict::Exactly(0) => "no solution".to_owned(),
        Verdict::Exactly(1) => "one solution".to_owned(),
        Verdict::AtLeast(_) => "two solutions or more".to_owned(),
        other => format!("{other} solutions"),
    };
    println!("{name}: {verdict}, {} nodes, {} guesses", outcome.stats.nodes, outcome.stats.guesses);
    if let Some(solution) = outcome.solution {
        print!("{}", format_grid(&solution, Format::Pretty, puzzle.alphabet));
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("solve_one: {message}");
    ExitCode::from(2)
}
