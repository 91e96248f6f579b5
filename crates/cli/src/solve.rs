//! `sudoku solve`, `sudoku count` and `sudoku engines`.
//!
//! Puzzles are read one at a time and answered as they come, so a corpus of any size streams
//! through. A malformed or unsolvable puzzle is reported on standard error and the batch goes
//! on; a summary ends any batch of more than one puzzle or with any failure.
//!
//! **One line per puzzle.** When every answer is one line (`count`, or solutions written in
//! the `line` format, forced with `-o line` or because the puzzle came as a line), every puzzle
//! gets exactly one line, so line N of the output answers puzzle N. A puzzle without an answer
//! gets a placeholder line:
//!
//! - [`UNREADABLE`]: the puzzle could not be read (solve and count);
//! - [`NO_SOLUTION`]: it has no solution (solve; count prints `0`);
//! - [`GAVE_UP`]: its search ran out of node budget first (solve; count prints `K+?`).
//!
//! - [`UNSUPPORTED`]: the engine asked for does not solve the puzzle's size, or the output
//!   format cannot write it (solve and count).
//!
//! **Sizes.** Without `--engine`, each puzzle goes to the fastest engine that solves its size
//! (`sudoku_engines::default_engine_for`), so a file mixing sizes is answered whole. An engine
//! value is made once per size met and reused.
//!
//! A block format (judge, pretty, ...) has no one-line placeholder, so such a puzzle prints
//! nothing there; its message on standard error says which puzzle it was.
//!
//! Every write goes through [`console`](crate::console): a closed pipe ends the run quietly
//! with the exit code earned so far, any other write error exits 2.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use sudoku_core::{Engine, Format, Limits, Puzzle, PuzzleReader, Size, write_grid};
use sudoku_engines::{ENGINES, EngineInfo, default_engine_for};

use crate::args::SolveArgs;
use crate::console::{self, Halt, Written, errln, plural};
use crate::exit;

/// The output line of a puzzle that could not be read, in one-line output.
pub const UNREADABLE: &str = "unreadable";
/// The output line of a puzzle without solution, in one-line solutions.
pub const NO_SOLUTION: &str = "no-solution";
/// The output line of a puzzle whose search ran out of node budget, in one-line solutions.
pub const GAVE_UP: &str = "gave-up";
/// The output line of a puzzle the engine asked for does not solve (its size), or whose
/// solution the output format cannot write, in one-line output.
pub const UNSUPPORTED: &str = "unsupported";

/// Runs `solve` (or `count`, when `args.count`); returns the exit code.
pub fn run(args: &SolveArgs) -> u8 {
    let mut batch = Batch {
        engines: Engines::default(),
        limits: limits(args),
        args,
        tally: Tally::default(),
        wrote_block: false,
    };
    match batch.run() {
        Ok(()) => batch.tally.exit_code(),
        Err(halt) => halt.exit_code(batch.tally.exit_code()),
    }
}

/// Lists the registry with the sizes each engine solves; returns the exit code.
pub fn list_engines() -> u8 {
    let width = ENGINES.iter().map(|info| info.name.len()).max().unwrap_or(0);
    let sizes_width = ENGINES.iter().map(|info| info.sizes_text().chars().count()).max();
    let sizes_width = sizes_width.unwrap_or(0);
    let mut listing = String::new();
    for info in ENGINES {
        let default_at: Vec<String> = Size::ALL
            .into_iter()
            .filter(|&size| default_engine_for(size).name == info.name)
            .map(|size| size.to_string())
            .collect();
        let mark = match default_at.len() {
            0 => String::new(),
            _ if default_at.len() == info.sizes().count() => " (default)".to_owned(),
            _ => format!(" (default at {})", default_at.join(", ")),
        };
        let variant = info.variant().map(|v| format!(" [{v} path]")).unwrap_or_default();
        let sizes = info.sizes_text();
        let pad = sizes_width - sizes.chars().count();
        listing.push_str(&format!(
            "{:width$}  {sizes}{:pad$}  {}{variant}{mark}\n",
            info.name, "", info.description
        ));
    }
    match console::out_bytes(listing.as_bytes()) {
        Ok(()) => exit::SUCCESS,
        Err(halt) => halt.exit_code(exit::SUCCESS),
    }
}

fn limits(args: &SolveArgs) -> Limits {
    let limits = if args.count { Limits::count_up_to(args.limit) } else { Limits::FIRST };
    match args.budget.0 {
        Some(nodes) => limits.with_node_budget(nodes),
        None => limits,
    }
}

/// The name messages use for an input.
pub(crate) fn display_name(file: &Path) -> String {
    if file == Path::new("-") { "<stdin>".to_owned() } else { file.display().to_string() }
}

/// The input as a buffered reader.
pub(crate) fn open_input(file: &Path) -> Result<Box<dyn BufRead>, String> {
    if file == Path::new("-") {
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    let opened = File::open(file).and_then(|f| {
        // Opening a directory succeeds on Unix; reading it fails. Say so up front.
        if f.metadata()?.is_dir() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "is a directory"));
        }
        Ok(f)
    });
    let file_handle = opened.map_err(|error| format!("cannot open {}: {error}", file.display()))?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, file_handle)))
}

/// The halt for a failed write of standard output.
pub(crate) fn output_failed(error: io::Error) -> Halt {
    Halt::from_output(&error, "the output")
}

/// Counts of what happened to the puzzles of a batch.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    unsolvable: usize,
    gave_up: usize,
    malformed: usize,
    /// Puzzles of a size the engine does not solve or the output format cannot write.
    unsupported: usize,
    /// Files that could not be opened.
    unreadable: usize,
}

impl Tally {
    fn exit_code(&self) -> u8 {
        if self.malformed > 0 || self.unreadable > 0 || self.unsupported > 0 {
            exit::BAD_INPUT
        } else if self.unsolvable > 0 || self.gave_up > 0 {
            exit::UNSOLVED
        } else {
            exit::SUCCESS
        }
    }

    /// Prints the summary line when there is more than one puzzle or anything went wrong.
    fn report(&self, source_name: &str, counting: bool) -> Written {
        let failures =
            self.unsolvable + self.gave_up + self.malformed + self.unsupported + self.unreadable;
        if self.puzzles <= 1 && failures == 0 {
            return Ok(());
        }
        let answered = if counting { "counted" } else { "solved" };
        let all = plural(self.puzzles as u64, "puzzle");
        let mut line = format!("{source_name}: {answered} {} of {all}", self.solved);
        for (count, what) in [
            (self.unsolvable, format!("{} without solution", self.unsolvable)),
            (self.gave_up, format!("{} out of node budget", self.gave_up)),
            (self.malformed, format!("{} malformed", self.malformed)),
            (self.unsupported, format!("{} of a size not supported", self.unsupported)),
            (self.unreadable, plural(self.unreadable as u64, "unreadable file")),
        ] {
            if count > 0 {
                line.push_str("; ");
                line.push_str(&what);
            }
        }
        errln!("{line}")
    }
}

/// The engines of a batch: one value per size met, made when first needed.
#[derive(Default)]
struct Engines {
    made: Vec<(Size, &'static EngineInfo, Box<dyn Engine>)>,
}

impl Engines {
    /// The engine for a puzzle of `size`: `chosen`, or the default for the size; `Err` with
    /// the message when `chosen` does not solve the size.
    fn for_size(
        &mut self,
        size: Size,
        chosen: Option<&'static EngineInfo>,
    ) -> Result<(&'static EngineInfo, &mut dyn Engine), String> {
        let info = chosen.unwrap_or_else(|| default_engine_for(size));
        if !info.supports(size) {
            return Err(format!(
                "engine '{}' solves {} grids, not {size} (without --engine, the fastest engine \
                 for each size is used)",
                info.name,
                info.sizes_text()
            ));
        }
        let index = match self.made.iter().position(|(made, _, _)| *made == size) {
            Some(index) => index,
            None => {
                self.made.push((size, info, info.create()));
                self.made.len() - 1
            }
        };
        let (_, info, engine) = &mut self.made[index];
        Ok((info, engine.as_mut()))
    }
}

struct Batch<'a> {
    engines: Engines,
    limits: Limits,
    args: &'a SolveArgs,
    tally: Tally,
    /// Whether a multi-line grid was written, so the next one needs a blank line before it.
    wrote_block: bool,
}

impl Batch<'_> {
    /// Answers every puzzle of every input, then prints the summary.
    fn run(&mut self) -> Written {
        let args = self.args;
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let stdin_only = [PathBuf::from("-")];
        let files = if args.files.is_empty() { &stdin_only[..] } else { &args.files[..] };
        for file in files {
            if file == Path::new("-") && io::stdin().is_terminal() {
                errln!("sudoku: reading puzzles from the terminal; end with Ctrl-D (see --help)")?;
            }
            let input = match open_input(file) {
                Ok(input) => input,
                Err(message) => {
                    self.tally.unreadable += 1;
                    errln!("sudoku: {message}")?;
                    continue;
                }
            };
            let puzzles = PuzzleReader::with_options(input, args.input.options());
            self.answer_all(&display_name(file), puzzles, &mut out)?;
            out.flush().map_err(output_failed)?;
        }
        let source_name = match files {
            [only] => display_name(only),
            _ => plural(files.len() as u64, "file"),
        };
        self.tally.report(&source_name, args.count)
    }

    fn answer_all(
        &mut self,
        source_name: &str,
        puzzles: PuzzleReader<Box<dyn BufRead>>,
        out: &mut dyn Write,
    ) -> Written {
        for item in puzzles {
            self.tally.puzzles += 1;
            match item {
                Ok(puzzle) => self.answer(source_name, &puzzle, out)?,
                Err(error) => {
                    self.tally.malformed += 1;
                    errln!("{source_name}: {error}")?;
                    // An error before any puzzle (an empty input) has no line to keep in step.
                    if error.place.puzzle.is_some() && self.one_line_output(error.format) {
                        writeln!(out, "{UNREADABLE}").map_err(output_failed)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The format answers to a puzzle read in `format` are written in: `None` when neither
    /// `--output-format` nor the puzzle says.
    fn output_format(&self, format: Option<Format>) -> Option<Format> {
        self.args.output_format.map(Format::from).or(format)
    }

    /// Whether the answer to a puzzle read in `format` is one line, so that a puzzle without
    /// an answer gets a placeholder line.
    fn one_line_output(&self, format: Option<Format>) -> bool {
        self.args.count || self.output_format(format) == Some(Format::Line)
    }

    fn answer(&mut self, source_name: &str, puzzle: &Puzzle, out: &mut dyn Write) -> Written {
        let size = puzzle.grid.size();
        let place = || format!("{source_name}: puzzle {}, line {}", puzzle.number, puzzle.line);
        let format = self.output_format(Some(puzzle.format)).unwrap_or(puzzle.format);
        let problem = if !self.args.count && !format.can_write(size) {
            Err(format!(
                "a {size} grid cannot be written in the {format} format; use judge, pretty or bordered"
            ))
        } else {
            self.engines.for_size(size, self.args.engine).map(|_| ())
        };
        if let Err(problem) = problem {
            self.tally.unsupported += 1;
            errln!("{}: {problem}", place())?;
            if self.one_line_output(Some(puzzle.format)) {
                writeln!(out, "{UNSUPPORTED}").map_err(output_failed)?;
            }
            return Ok(());
        }
        let (info, engine) = self.engines.for_size(size, self.args.engine).expect("checked above");
        let started = Instant::now();
        let outcome = engine.solve(&puzzle.grid, self.limits);
        let elapsed = started.elapsed();
        if self.args.stats {
            errln!(
                "{source_name}: puzzle {}: {}, {}, {:.1} µs ({})",
                puzzle.number,
                plural(outcome.stats.nodes, "node"),
                plural(outcome.stats.guesses, "guess"),
                elapsed.as_secs_f64() * 1e6,
                info.name,
            )?;
        }
        // Messages are made only for the puzzles that need one: most are simply solved.
        let gave_up =
            || format!("{}: gave up after {}", place(), plural(outcome.stats.nodes, "node"));
        if self.args.count {
            writeln!(out, "{}", outcome.verdict(self.limits)).map_err(output_failed)?;
            if outcome.budget_exhausted && outcome.count < self.limits.max_solutions() {
                self.tally.gave_up += 1;
                errln!("{}", gave_up())?;
            } else {
                self.tally.solved += 1;
            }
            return Ok(());
        }
        let (placeholder, message) = match &outcome.solution {
            Some(solution) => {
                self.tally.solved += 1;
                if format.is_block() {
                    if self.wrote_block {
                        writeln!(out).map_err(output_failed)?;
                    }
                    self.wrote_block = true;
                }
                return write_grid(out, solution, format, puzzle.alphabet).map_err(output_failed);
            }
            None if outcome.budget_exhausted => {
                self.tally.gave_up += 1;
                (GAVE_UP, gave_up())
            }
            None => {
                self.tally.unsolvable += 1;
                (NO_SOLUTION, format!("{}: no solution", place()))
            }
        };
        errln!("{message}")?;
        if format == Format::Line {
            writeln!(out, "{placeholder}").map_err(output_failed)?;
        }
        Ok(())
    }
}
