//! `sudoku solve`, `sudoku count` and `sudoku engines`.
//!
//! Puzzles are read one at a time and answered as they come, so a corpus of any size streams
//! through. A malformed or unsolvable puzzle is reported on standard error and the batch goes
//! on; a summary ends any batch of more than one puzzle or with any failure.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use sudoku_core::{Engine, Format, Limits, Puzzle, PuzzleReader, write_grid};
use sudoku_engines::{DEFAULT_ENGINE, ENGINES};

use crate::args::SolveArgs;
use crate::exit;

/// Runs `solve` (or `count`, when `args.count`); returns the exit code.
pub fn run(args: &SolveArgs) -> u8 {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut batch = Batch {
        engine: args.engine.create(),
        limits: limits(args),
        args,
        tally: Tally::default(),
        wrote_block: false,
    };
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() { &stdin_only[..] } else { &args.files[..] };
    for file in files {
        let (source_name, input) = match open_input(file) {
            Ok(opened) => opened,
            Err(message) => {
                eprintln!("sudoku: {message}");
                batch.tally.unreadable += 1;
                continue;
            }
        };
        let puzzles = PuzzleReader::with_format(input, args.input_format.forced());
        match batch.run(&source_name, puzzles, &mut out).and_then(|()| out.flush()) {
            Ok(()) => {}
            // The reader of our output went away (`sudoku ... | head`): nothing left to say.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return exit::SUCCESS,
            Err(error) => {
                eprintln!("sudoku: cannot write the output: {error}");
                return exit::BAD_INPUT;
            }
        }
    }
    let source_name = match files {
        [only] => display_name(only),
        _ => format!("{} files", files.len()),
    };
    batch.tally.report(&source_name, args.count);
    batch.tally.exit_code()
}

/// Lists the registry; returns the exit code.
pub fn list_engines() -> u8 {
    let width = ENGINES.iter().map(|info| info.name.len()).max().unwrap_or(0);
    for info in ENGINES {
        let mark = if info.name == DEFAULT_ENGINE { " (default)" } else { "" };
        let variant = info.variant().map(|v| format!(" [{v} path]")).unwrap_or_default();
        println!("{:width$}  {}{variant}{mark}", info.name, info.description);
    }
    exit::SUCCESS
}

fn limits(args: &SolveArgs) -> Limits {
    let limits = if args.count { Limits::count_up_to(args.limit) } else { Limits::FIRST };
    match args.budget {
        Some(nodes) => limits.with_node_budget(nodes),
        None => limits,
    }
}

/// The name messages use for an input.
fn display_name(file: &Path) -> String {
    if file == Path::new("-") { "<stdin>".to_owned() } else { file.display().to_string() }
}

/// The input as a buffered reader, with the name messages use for it.
fn open_input(file: &Path) -> Result<(String, Box<dyn BufRead>), String> {
    if file == Path::new("-") {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            eprintln!("sudoku: reading puzzles from the terminal; end with Ctrl-D (see --help)");
        }
        return Ok((display_name(file), Box::new(BufReader::with_capacity(1 << 16, stdin))));
    }
    let opened = File::open(file).and_then(|f| {
        // Opening a directory succeeds on Unix; reading it fails. Say so up front.
        if f.metadata()?.is_dir() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "is a directory"));
        }
        Ok(f)
    });
    let file_handle = opened.map_err(|error| format!("cannot open {}: {error}", file.display()))?;
    Ok((display_name(file), Box::new(BufReader::with_capacity(1 << 16, file_handle))))
}

/// Counts of what happened to the puzzles of a batch.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    unsolvable: usize,
    gave_up: usize,
    malformed: usize,
    /// Files that could not be opened.
    unreadable: usize,
}

impl Tally {
    fn exit_code(&self) -> u8 {
        if self.malformed > 0 || self.unreadable > 0 {
            exit::BAD_INPUT
        } else if self.unsolvable > 0 || self.gave_up > 0 {
            exit::UNSOLVED
        } else {
            exit::SUCCESS
        }
    }

    /// Prints the summary line when there is more than one puzzle or anything went wrong.
    fn report(&self, source_name: &str, counting: bool) {
        let failures = self.unsolvable + self.gave_up + self.malformed + self.unreadable;
        if self.puzzles <= 1 && failures == 0 {
            return;
        }
        let answered = if counting { "counted" } else { "solved" };
        let mut line =
            format!("{source_name}: {answered} {} of {} puzzles", self.solved, self.puzzles);
        for (count, what) in [
            (self.unsolvable, "without solution"),
            (self.gave_up, "out of node budget"),
            (self.malformed, "malformed"),
            (self.unreadable, "unreadable files"),
        ] {
            if count > 0 {
                line.push_str(&format!("; {count} {what}"));
            }
        }
        eprintln!("{line}");
    }
}

struct Batch<'a> {
    engine: Box<dyn Engine>,
    limits: Limits,
    args: &'a SolveArgs,
    tally: Tally,
    /// Whether a multi-line grid was written, so the next one needs a blank line before it.
    wrote_block: bool,
}

impl Batch<'_> {
    fn run(
        &mut self,
        source_name: &str,
        puzzles: PuzzleReader<Box<dyn BufRead>>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        for item in puzzles {
            self.tally.puzzles += 1;
            match item {
                Ok(puzzle) => self.answer(source_name, &puzzle, out)?,
                Err(error) => {
                    self.tally.malformed += 1;
                    eprintln!("{source_name}: {error}");
                }
            }
        }
        Ok(())
    }

    fn answer(
        &mut self,
        source_name: &str,
        puzzle: &Puzzle,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let started = Instant::now();
        let outcome = self.engine.solve(&puzzle.grid, self.limits);
        let elapsed = started.elapsed();
        if self.args.stats {
            eprintln!(
                "{source_name}: puzzle {}: {} nodes, {} guesses, {:.1} µs ({})",
                puzzle.number,
                outcome.stats.nodes,
                outcome.stats.guesses,
                elapsed.as_secs_f64() * 1e6,
                self.args.engine.name,
            );
        }
        let place = format!("{source_name}: puzzle {}, line {}", puzzle.number, puzzle.line);
        if self.args.count {
            writeln!(out, "{}", outcome.verdict(self.limits))?;
            if outcome.budget_exhausted && outcome.count < self.limits.max_solutions() {
                self.tally.gave_up += 1;
                eprintln!("{place}: gave up after {} nodes", outcome.stats.nodes);
            } else {
                self.tally.solved += 1;
            }
            return Ok(());
        }
        match outcome.solution {
            Some(solution) => {
                self.tally.solved += 1;
                let format: Format = self.args.output_format.map_or(puzzle.format, Format::from);
                if format.is_block() {
                    if self.wrote_block {
                        writeln!(out)?;
                    }
                    self.wrote_block = true;
                }
                write_grid(out, &solution, format)
            }
            None if outcome.budget_exhausted => {
                self.tally.gave_up += 1;
                eprintln!("{place}: gave up after {} nodes", outcome.stats.nodes);
                Ok(())
            }
            None => {
                self.tally.unsolvable += 1;
                eprintln!("{place}: no solution");
                Ok(())
            }
        }
    }
}
