//! `sudoku generate`: minimal puzzles with exactly one solution, in the public corpora's line
//! format, reproducible from the seed.
//!
//! The output starts with `#` comment lines stating the command that makes it, so a corpus
//! file says how to regenerate itself. Nothing in the output depends on the engine or the
//! number of threads: the same `--count` and `--seed` give the same bytes.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use crate::args::GenerateArgs;
use crate::exit;

/// Runs `sudoku generate`; returns the exit code.
pub fn run(args: &GenerateArgs) -> u8 {
    let threads = args.threads.unwrap_or_else(crate::args::cores);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("sudoku: cannot start {threads} worker threads: {error}");
            return exit::BAD_INPUT;
        }
    };
    let started = Instant::now();
    let puzzles = pool.install(|| sudoku_generate::generate(args.seed, args.count, args.engine));
    let elapsed = started.elapsed();

    let text = corpus_text(args, &puzzles);
    let written = match &args.out {
        Some(path) => sudoku_bench::write_atomically(path, text.as_bytes(), false)
            .map_err(|error| format!("cannot write {}: {error}", path.display())),
        None => {
            let stdout = io::stdout();
            let mut locked = stdout.lock();
            match locked.write_all(text.as_bytes()).and_then(|()| locked.flush()) {
                Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write the puzzles: {error}"))
                }
                _ => Ok(()),
            }
        }
    };
    if let Err(message) = written {
        eprintln!("sudoku: {message}");
        return exit::BAD_INPUT;
    }
    eprintln!(
        "generated {} puzzles in {:.1} s (uniqueness checked by {}, {threads} thread{})",
        puzzles.len(),
        elapsed.as_secs_f64(),
        args.engine.name,
        if threads == 1 { "" } else { "s" }
    );
    exit::SUCCESS
}

/// The file: a header naming the command and describing the puzzles, then one line each.
fn corpus_text(args: &GenerateArgs, puzzles: &[sudoku_core::Grid]) -> String {
    let clues: Vec<usize> = puzzles.iter().map(sudoku_core::Grid::clue_count).collect();
    let mut text = String::with_capacity(82 * puzzles.len() + 400);
    let _ = writeln!(text, "# sudoku generate --count {} --seed {}", args.count, args.seed);
    let _ = write!(
        text,
        "# {} minimal puzzles (every clue needed), each with exactly one solution",
        puzzles.len()
    );
    if let (Some(fewest), Some(most)) = (clues.iter().min(), clues.iter().max()) {
        let mean = clues.iter().sum::<usize>() as f64 / clues.len() as f64;
        let _ = write!(text, "; {fewest} to {most} clues, {mean:.2} on average");
    }
    text.push('\n');
    text.push_str(
        "# The command above writes this file again byte for byte, whatever the engine or threads.\n",
    );
    for puzzle in puzzles {
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    text
}
