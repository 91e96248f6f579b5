//! Measures what the line protocol costs per puzzle: a protocol engine that answers at once
//! (`protocol_serve instant`), asked puzzle by puzzle and with requests sent ahead
//! ([`sudoku_core::Engine::expect`]); then `fast` in this process and over the protocol.
//!
//! ```text
//! cargo build --release -p sudoku-external --examples
//! target/release/examples/protocol_overhead [PUZZLES]
//! ```

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Limits, PuzzleReader};
use sudoku_external::{Declaration, Kind, protocol};

fn main() {
    let count: usize = std::env::args().nth(1).and_then(|text| text.parse().ok()).unwrap_or(10_000);
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/corpus/generated-10000.txt");
    let file = std::fs::File::open(corpus).expect("the shipped corpus is there");
    let puzzles: Vec<Grid> = PuzzleReader::new(std::io::BufReader::new(file))
        .filter_map(Result::ok)
        .map(|puzzle| puzzle.grid)
        .take(count)
        .collect();
    let server: PathBuf = std::env::current_exe()
        .expect("this program's path")
        .with_file_name(format!("protocol_serve{}", std::env::consts::EXE_SUFFIX));
    let engine = |name: &str| {
        let declaration = Declaration {
            name: name.to_owned(),
            kind: Kind::Protocol,
            command: vec![server.display().to_string(), name.to_owned()],
            sizes: None,
            library: None,
            memory_limit: None,
            time_limit: None,
            description: None,
            declared: "protocol_overhead".to_owned(),
        };
        protocol::engine_info(&declaration, Duration::from_secs(10)).create()
    };
    println!("{} puzzles of {corpus}, count up to 2", puzzles.len());
    for name in ["instant", "fast"] {
        for pipelined in [false, true] {
            let mut engine = engine(name);
            let started = Instant::now();
            if pipelined {
                engine.expect(&mut puzzles.iter(), Limits::UNIQUE);
            }
            let mut failures = 0;
            for puzzle in &puzzles {
                failures += usize::from(engine.solve(puzzle, Limits::UNIQUE).failure.is_some());
            }
            report(
                &format!(
                    "{name} over the protocol, {}",
                    if pipelined { "pipelined" } else { "one at a time" }
                ),
                started.elapsed(),
                puzzles.len(),
            );
            assert_eq!(failures, 0, "every puzzle answered");
        }
    }
    let mut fast = sudoku_engines::find("fast").expect("fast is built in").create();
    let started = Instant::now();
    for puzzle in &puzzles {
        fast.solve(puzzle, Limits::UNIQUE);
    }
    report("fast in this process", started.elapsed(), puzzles.len());
}

fn report(what: &str, elapsed: Duration, puzzles: usize) {
    let each = elapsed.as_secs_f64() / puzzles as f64;
    println!("{what:45} {:8.3} s  {:8.2} µs per puzzle", elapsed.as_secs_f64(), each * 1e6);
}
