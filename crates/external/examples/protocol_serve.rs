//! Serves a built-in engine over the line protocol on standard input and output, as
//! `sudoku serve --engine NAME` does; `instant` is an engine that answers at once (no search),
//! to measure what the protocol itself costs.
//!
//! ```text
//! cargo run --release -p sudoku-external --example protocol_serve -- fast
//! ```

use std::io::{self, BufWriter};
use std::process::ExitCode;

use sudoku_core::{Engine, Grid, Limits, Outcome};
use sudoku_engines::EngineInfo;

/// Answers every puzzle at once: no solution, nothing searched.
struct Instant;

impl Engine for Instant {
    fn solve(&mut self, _: &Grid, _: Limits) -> Outcome {
        Outcome::empty()
    }
}

fn main() -> ExitCode {
    let name = std::env::args().nth(1).unwrap_or_else(|| "fast".to_owned());
    let info = if name == "instant" {
        EngineInfo::new("instant", "answers at once, searching nothing", || Box::new(Instant))
            .with_orders(2, 8)
    } else {
        match sudoku_engines::find(&name) {
            Ok(info) => info.clone(),
            Err(unknown) => {
                eprintln!("protocol_serve: {unknown}");
                return ExitCode::from(2);
            }
        }
    };
    let output = BufWriter::new(io::stdout().lock());
    match sudoku_external::protocol::serve(&info, io::stdin().lock(), output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("protocol_serve: {error}");
            ExitCode::FAILURE
        }
    }
}
