//! Reads a corpus and prints one verdict per puzzle: how many solutions, found at what cost,
//! by the fastest engine for the puzzle's size. Malformed puzzles are named and skipped.
//!
//! ```sh
//! cargo run --release --example verdicts -- data/corpus/generated-4x4-1000.txt
//! cargo run --release --example verdicts -- puzzles.txt --budget 10000
//! ```

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use sudoku_core::{Engine, Limits, PuzzleReader, Size, Verdict};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, budget) = match args.as_slice() {
        [path] => (path, None),
        [path, flag, nodes] if flag == "--budget" => match nodes.parse::<u64>() {
            Ok(nodes) if nodes > 0 => (path, Some(nodes)),
            _ => return fail(&format!("--budget takes a positive number of nodes, not {nodes:?}")),
        },
        _ => return fail("usage: verdicts FILE [--budget NODES]"),
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) => return fail(&format!("{path}: {error}")),
    };

    let mut limits = Limits::UNIQUE;
    if let Some(nodes) = budget {
        limits = limits.with_node_budget(nodes);
    }
    // One engine per size met, made once: engines may keep memory from one solve to the next.
    let mut engines: HashMap<Size, Box<dyn Engine>> = HashMap::new();
    let mut tally: HashMap<String, u64> = HashMap::new();
    // The reader streams: one puzzle at a time, whatever the file's length.
    for item in PuzzleReader::new(BufReader::new(file)) {
        let puzzle = match item {
            Ok(puzzle) => puzzle,
            Err(error) => {
                println!("{path}: {error}");
                *tally.entry("unreadable".to_owned()).or_default() += 1;
                continue;
            }
        };
        let size = puzzle.grid.size();
        let engine = engines
            .entry(size)
            .or_insert_with(|| sudoku_engines::default_engine_for(size).create());
        let outcome = engine.solve(&puzzle.grid, limits);
        let verdict = match outcome.verdict(limits) {
            Verdict::Exactly(0) => "no solution".to_owned(),
            Verdict::Exactly(1) => "one solution".to_owned(),
            Verdict::AtLeast(_) => "several solutions".to_owned(),
            Verdict::GaveUp(_) => "gave up at the budget".to_owned(),
            Verdict::Exactly(count) => format!("{count} solutions"),
            // Only an engine in another process can fail; the built-in ones always answer.
            Verdict::Failed(kind) => format!("the engine failed ({kind})"),
        };
        println!(
            "puzzle {} (line {}, {size}): {verdict}, {}, {}",
            puzzle.number,
            puzzle.line,
            counted(outcome.stats.nodes, "node", "nodes"),
            counted(outcome.stats.guesses, "guess", "guesses")
        );
        *tally.entry(verdict).or_default() += 1;
    }
    let mut tally: Vec<_> = tally.into_iter().collect();
    tally.sort();
    let summary: Vec<String> = tally.iter().map(|(verdict, n)| format!("{n} {verdict}")).collect();
    println!("{path}: {}", summary.join(", "));
    ExitCode::SUCCESS
}

/// `1 node`, `2 nodes`.
fn counted(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn fail(message: &str) -> ExitCode {
    eprintln!("verdicts: {message}");
    ExitCode::from(2)
}
