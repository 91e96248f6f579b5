//! `sudoku solve`, `sudoku count` and `sudoku engines`.
//!
//! Puzzles are read one at a time and answered as they come, so a corpus of any size streams
//! through. A malformed or unsolvable puzzle is reported on standard error and the batch goes
//! on; a summary ends any batch of more than one puzzle or with any failure.
//!
//! **Threads.** With `--threads N` (N > 1), and by default once the input proves large, puzzles
//! are read in chunks (a few thousand 9×9 puzzles, fewer larger ones) and each chunk is solved
//! on a rayon pool, every worker with engines of its own, while this thread writes the answers
//! to the chunk before and reads the chunk after. Workers only make [`Answer`]s; every line is
//! written by [`Printer::print`], in input order, so the output is byte for byte that of
//! `--threads 1`, and memory stays that of three chunks whatever the input's length.
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
//!   format cannot write it (solve and count);
//! - `crashed`, `timed-out`, `protocol-error`: an engine from outside failed on the puzzle
//!   (solve and count); the message says what it did, and the next puzzle starts it again.
//!
//! **Sizes.** Without `--engine`, each puzzle goes to the fastest engine that solves its size
//! (`sudoku_engines::default_engine_for`), so a file mixing sizes is answered whole. An engine
//! value is made once per size met and reused.
//!
//! A block format (judge, pretty, ...) has no one-line placeholder, so such a puzzle prints
//! nothing there; its message on standard error says which puzzle it was.
//!
//! Every write goes through [`console`]: a closed pipe ends the run quietly
//! with the exit code earned so far, any other write error exits 2.

use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::mem;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::{
    FailureKind, Format, Grid, HeaderLines, Limits, Outcome, Puzzle, PuzzleReader, ReadError, Size,
    check_outcome, fpuzzles, write_grid,
};
use sudoku_engines::{EngineInfo, EnginesBySize, Origin, Registry};
use sudoku_external::declare::Library;
use sudoku_external::{Kind, Wanted};

use crate::args::{ExternalArgs, ServeArgs, SolveArgs, cores};
use crate::console::{self, Halt, Written, errln, plural};
use crate::exit;
use crate::input::{Input, Output};

/// The output line of a puzzle that could not be read, in one-line output.
pub const UNREADABLE: &str = "unreadable";
/// The output line of a puzzle without solution, in one-line solutions.
pub const NO_SOLUTION: &str = "no-solution";
/// The output line of a puzzle whose search ran out of node budget, in one-line solutions.
pub const GAVE_UP: &str = "gave-up";
/// The output line of a puzzle the engine asked for does not solve (its size), or whose
/// solution the output format cannot write, in one-line output.
pub const UNSUPPORTED: &str = "unsupported";

/// Runs `solve` (or `count`, when `args.count`) with the engines of `registry`; returns the
/// exit code.
pub fn run(args: &SolveArgs, registry: &'static Registry) -> u8 {
    let chosen =
        crate::find_engine(registry, args.engine.as_deref(), &args.external).and_then(|chosen| {
            match chosen {
                Some(engine) if args.count && !engine.counts => Err(format!(
                    "engine '{}' finds a first solution only: it cannot count solutions",
                    engine.name
                )),
                _ => Ok(chosen),
            }
        });
    let workers = chosen.and_then(|chosen| Ok((chosen, Workers::new(args.search.threads)?)));
    let (engine, workers) = match workers {
        Ok(found) => found,
        Err(message) => {
            return match errln!("sudoku: {message}") {
                Ok(()) => exit::BAD_INPUT,
                Err(halt) => halt.exit_code(exit::BAD_INPUT),
            };
        }
    };
    let mut batch = Batch {
        settings: Settings { args, engine, limits: limits(args) },
        engines: Engines::new(engine),
        workers,
        printer: Printer::default(),
    };
    match batch.run() {
        Ok(()) => batch.printer.tally.exit_code(),
        Err(halt) => halt.exit_code(batch.printer.tally.exit_code()),
    }
}

/// Lists the registry: the built-in engines with the sizes each solves, then the engines
/// declared from outside (`sudoku engines --probe`, which started them) with their kind,
/// sizes, what they report, how they are timed and where they were declared; returns the exit
/// code.
pub fn list_engines(registry: &'static Registry) -> u8 {
    let mut rows = built_in_rows(registry);
    let external: Vec<&EngineInfo> =
        registry.engines().iter().filter(|info| !info.is_built_in()).collect();
    for info in external {
        let Origin::External { kind, declared, command } = &info.origin else { continue };
        let reports = match (info.counts, info.instrumented, info.guesses) {
            (true, true, _) => "counts, nodes and guesses",
            (true, false, true) => "counts and guesses",
            (true, false, false) => "counts",
            (false, true, _) => "a first solution, nodes and guesses",
            (false, false, true) => "a first solution and guesses",
            (false, false, false) => "a first solution",
        };
        rows.push(Row {
            name: info.name.to_string(),
            sizes: info.sizes_text(),
            description: info.description.to_string(),
            more: vec![
                format!("{kind}: {command}"),
                format!("reports {reports}; timed {}; declared at {declared}", info.timing.name()),
            ],
            built_in: false,
        });
    }
    print_rows(&rows)
}

/// Lists the built-in engines, then the engines `external` declares as they are declared,
/// starting none of them (`sudoku engines` without `--probe`); returns the exit code.
pub fn list_declarations(external: &ExternalArgs) -> u8 {
    let declarations = match sudoku_external::declarations(&external.declared(Wanted::None)) {
        Ok(declarations) => declarations,
        Err(message) => {
            return match errln!("sudoku: {message}") {
                Ok(()) => exit::BAD_INPUT,
                Err(halt) => halt.exit_code(exit::BAD_INPUT),
            };
        }
    };
    let mut rows = built_in_rows(&Registry::built_in());
    for declaration in declarations {
        let sizes = match &declaration.sizes {
            Some(sizes) => sizes.iter().map(Size::to_string).collect::<Vec<_>>().join(", "),
            None => "?".to_owned(),
        };
        let what = declaration.what_runs();
        rows.push(Row {
            name: declaration.name.clone(),
            sizes,
            description: declaration
                .description
                .clone()
                .unwrap_or_else(|| "not started (--probe starts it)".to_owned()),
            more: vec![
                format!("{}: {what}", declaration.kind.name()),
                format!("declared at {}", declaration.declared),
            ],
            built_in: false,
        });
    }
    print_rows(&rows)
}

/// One engine of a listing.
struct Row {
    name: String,
    sizes: String,
    description: String,
    /// Lines below the first, indented under the description.
    more: Vec<String>,
    built_in: bool,
}

/// The rows of the built-in engines: each with the sizes where it is the default and the
/// variant of its code that runs here.
fn built_in_rows(registry: &Registry) -> Vec<Row> {
    let mut rows = Vec::new();
    for info in registry.engines().iter().filter(|info| info.is_built_in()) {
        // The classic sizes by name, the rectangular boxes by the range of their sides.
        let mut default_at: Vec<String> =
            info.default_sizes().filter(|size| size.is_square()).map(|s| s.to_string()).collect();
        if let Some((first, last)) = info.default_rectangles() {
            default_at.push(format!("rectangular boxes {first} to {last}"));
        }
        let mark = match default_at.len() {
            0 => String::new(),
            _ if info.default_sizes().count() == info.sizes().count() => " (default)".to_owned(),
            _ => format!(" (default at {})", default_at.join(", ")),
        };
        let variant = info.variant().map(|v| format!(" [{v} path]")).unwrap_or_default();
        rows.push(Row {
            name: info.name.to_string(),
            sizes: info.sizes_text(),
            description: format!("{}{variant}{mark}", info.description),
            more: Vec::new(),
            built_in: true,
        });
    }
    rows
}

/// Writes `rows` in aligned columns, the engines from outside under a heading of their own.
/// What an engine from outside says of itself (its name, in a description) and what a
/// declaration holds is written with its control characters escaped: a terminal never
/// receives an escape sequence from them.
fn print_rows(rows: &[Row]) -> u8 {
    let width = rows.iter().map(|row| row.name.chars().count()).max().unwrap_or(0);
    let sizes_width = rows.iter().map(|row| row.sizes.chars().count()).max().unwrap_or(0);
    let mut listing = String::new();
    let mut heading = false;
    for row in rows {
        if !row.built_in && !heading {
            listing.push_str("\nEngines from outside:\n");
            heading = true;
        }
        let (name, sizes) = (printable(&row.name), printable(&row.sizes));
        let name_pad = width.saturating_sub(row.name.chars().count());
        let pad = sizes_width.saturating_sub(row.sizes.chars().count());
        listing.push_str(&format!(
            "{name}{:name_pad$}  {sizes}{:pad$}  {}\n",
            "",
            "",
            printable(&row.description)
        ));
        for line in &row.more {
            listing.push_str(&format!("{:width$}  {}\n", "", printable(line)));
        }
    }
    match console::out_bytes(listing.as_bytes()) {
        Ok(()) => exit::SUCCESS,
        Err(halt) => halt.exit_code(exit::SUCCESS),
    }
}

/// `text` with every control character escaped (`\u{1b}`, `\n`).
fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|character| {
            let escaped: Vec<char> = if character.is_control() {
                character.escape_default().collect()
            } else {
                vec![character]
            };
            escaped
        })
        .collect()
}

/// Runs `sudoku serve`: the built-in engine `args.engine` (or the library of `--plugin` or
/// `--tdoku`) answers the engine protocol on standard input and output until `quit` or the end
/// of the input; returns the exit code.
pub fn serve(args: &ServeArgs) -> u8 {
    let library = match (&args.plugin, &args.tdoku) {
        (Some(spec), _) => Some((Kind::Plugin, spec, false)),
        (None, Some(spec)) => Some((Kind::Tdoku, spec, args.counts_only)),
        (None, None) => None,
    };
    if let Some((kind, spec, counts_only)) = library {
        return serve_library(kind, spec, args.memory_limit, counts_only);
    }
    let instant;
    let engine = if args.instant {
        instant = sudoku_external::overhead::instant();
        &instant
    } else {
        match sudoku_engines::find(&args.engine) {
            Ok(engine) => engine,
            Err(unknown) => {
                return match errln!("sudoku: {unknown}") {
                    Ok(()) => exit::BAD_INPUT,
                    Err(halt) => halt.exit_code(exit::BAD_INPUT),
                };
            }
        }
    };
    served(sudoku_external::protocol::serve(engine, io::stdin().lock(), io::stdout().lock()))
}

/// Serves the library `spec` of `kind` (the worker process of a library engine). Standard
/// output is set aside for the protocol before the library is loaded, so that what the library
/// prints goes to standard error ([`sudoku_external::native::protocol_output`]). A library that
/// cannot be loaded is refused in place of a handshake: the harness reads why there; a person,
/// on standard error.
fn serve_library(kind: Kind, spec: &str, memory_limit: Option<u64>, counts_only: bool) -> u8 {
    let failed = |problem: &str| match errln!("sudoku serve: {problem}") {
        Ok(()) => exit::BAD_INPUT,
        Err(halt) => halt.exit_code(exit::BAD_INPUT),
    };
    let mut output = match sudoku_external::native::protocol_output() {
        Ok(output) => output,
        Err(problem) => return failed(&problem),
    };
    match served_library(kind, spec, memory_limit, counts_only) {
        Ok(engine) => served(sudoku_external::protocol::serve(&engine, io::stdin().lock(), output)),
        Err(problem) => {
            let _ = sudoku_external::protocol::refuse(&problem, io::stdin().lock(), &mut output);
            failed(&problem)
        }
    }
}

/// The exit code of a protocol server that ended with `result`.
fn served(result: io::Result<()>) -> u8 {
    match result {
        Ok(()) => exit::SUCCESS,
        // The harness on the other end went away: nothing is left to answer.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => exit::SUCCESS,
        Err(error) => match errln!("sudoku serve: {error}") {
            Ok(()) => exit::BAD_INPUT,
            Err(halt) => halt.exit_code(exit::BAD_INPUT),
        },
    }
}

/// The library `spec` of `kind` loaded into this process (after its memory limit is set), as
/// an engine to serve; the problem, naming the file, when it cannot be.
fn served_library(
    kind: Kind,
    spec: &str,
    memory_limit: Option<u64>,
    counts_only: bool,
) -> Result<EngineInfo, String> {
    if let Some(bytes) = memory_limit {
        sudoku_external::native::limit_memory(bytes)?;
    }
    let library = Library { solutions: !counts_only, ..Library::parse(kind, spec)? };
    sudoku_external::native::load(kind, &library).map(sudoku_external::native::served)
}

/// The limits of every solve (`count` refuses an engine that cannot count).
fn limits(args: &SolveArgs) -> Limits {
    let limits = if args.count { Limits::count_up_to(args.limit) } else { Limits::FIRST };
    match args.search.budget.0 {
        Some(nodes) => limits.with_node_budget(nodes),
        None => limits,
    }
}

/// The inputs named on the command line, or standard input (`-`) when none are.
pub(crate) fn inputs(files: &[PathBuf]) -> Vec<&Path> {
    if files.is_empty() {
        vec![Path::new("-")]
    } else {
        files.iter().map(PathBuf::as_path).collect()
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
    let file_handle = crate::input::open_file(file)
        .map_err(|error| format!("cannot open {}: {error}", file.display()))?;
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
    /// Lines that are no puzzle and could not be read: a directive that failed, a line that is
    /// no puzzle before one-line puzzles. They are not puzzles, and get no line of output.
    bad_lines: usize,
    /// Puzzles of a size the engine does not solve or the output format cannot write.
    unsupported: usize,
    /// Puzzles of a layout the engine does not take.
    unsupported_layouts: usize,
    /// Files that could not be opened.
    unreadable: usize,
    /// Puzzles an engine from outside failed on (crashed, timed out, broke its protocol).
    failed: usize,
}

impl Tally {
    fn exit_code(&self) -> u8 {
        if self.malformed > 0
            || self.bad_lines > 0
            || self.unreadable > 0
            || self.unsupported > 0
            || self.unsupported_layouts > 0
        {
            exit::BAD_INPUT
        } else if self.failed > 0 {
            exit::ENGINE_FAILED
        } else if self.unsolvable > 0 || self.gave_up > 0 {
            exit::UNSOLVED
        } else {
            exit::SUCCESS
        }
    }

    /// Prints the summary line when there is more than one puzzle or anything went wrong.
    fn report(&self, source_name: &str, counting: bool) -> Written {
        let failures = self.unsolvable
            + self.gave_up
            + self.malformed
            + self.bad_lines
            + self.unsupported
            + self.unsupported_layouts
            + self.unreadable
            + self.failed;
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
            (
                self.unsupported_layouts,
                format!("{} of a layout not supported", self.unsupported_layouts),
            ),
            (self.bad_lines, plural(self.bad_lines as u64, "bad line")),
            (self.unreadable, plural(self.unreadable as u64, "unreadable file")),
            (self.failed, format!("{} failed by the engine", self.failed)),
        ] {
            if count > 0 {
                line.push_str("; ");
                line.push_str(&what);
            }
        }
        errln!("{line}")
    }
}

/// Puzzles in a parallel chunk, at most: bounds the memory of a chunk of small or unreadable
/// puzzles.
const CHUNK_PUZZLES: usize = 4096;

/// Cells of the puzzles in a parallel chunk, at least once it has [`CHUNK_PER_WORKER`] puzzles
/// per worker: 2048 9×9 puzzles, 648 16×16, 40 64×64. A chunk is held whole, so this bounds
/// the memory of a run and the time between two writes whatever the size of its puzzles.
const CHUNK_CELLS: usize = 2048 * 81;

/// Puzzles per worker that a chunk holds at least (unless the input ends first), so that every
/// worker has a share even of a chunk of large puzzles.
const CHUNK_PER_WORKER: usize = 8;

/// Solving time after which the default `--threads` takes the input for large. Starting a
/// pool's threads and their engines takes a fraction of a millisecond, which an input solved
/// within this time barely pays back; one puzzle read from a pipe is then answered at once
/// instead of waiting for a chunk to fill.
const AUTO_PARALLEL_AFTER: Duration = Duration::from_millis(10);

/// An item of the input: a puzzle, or why it could not be read.
type Item = Result<Puzzle, ReadError>;

/// The puzzles of one input, with the output their answers go to.
type Reader<'o> = PuzzleReader<Input<'o>>;

/// The engines of a batch (or of one rayon split of it): one value per size met, made when
/// first needed.
type Engines = EnginesBySize;

/// How every puzzle of a run is answered; shared by the threads that solve.
struct Settings<'a> {
    args: &'a SolveArgs,
    /// `--engine`, found in the registry.
    engine: Option<&'static EngineInfo>,
    limits: Limits,
}

impl Settings<'_> {
    /// The format answers to a puzzle read in `format` are written in: `None` when neither
    /// `--output-format` nor the puzzle says.
    fn output_format(&self, format: Option<Format>) -> Option<Format> {
        // A pencilmark puzzle's answer is a grid of values: a line of them.
        let format = format.map(|format| match format {
            Format::Pencilmark => Format::Line,
            other => other,
        });
        self.args.output_format.or(format)
    }

    /// Whether the answer to a puzzle read in `format` is one line, so that a puzzle without
    /// an answer gets a placeholder line.
    fn one_line_output(&self, format: Option<Format>) -> bool {
        self.args.count || self.output_format(format).is_some_and(|format| !format.is_block())
    }
}

/// What became of one item of the input: everything its output needs. It is made by the
/// thread that solved the puzzle and printed, in input order, by the one that writes.
enum Answer {
    /// The puzzle could not be read.
    Unreadable(ReadError),
    /// The puzzle is not answered: the engine asked for does not solve its size or take its
    /// layout (`Refused::Layout`), or the output format cannot write it. The message says
    /// which.
    Unsupported(Puzzle, String, Refused),
    /// The engine's outcome, and which engine took how long to reach it (zero when the solve
    /// was not timed).
    Solved { puzzle: Puzzle, engine: &'static str, outcome: Outcome, elapsed: Duration },
}

/// What of a puzzle an engine or the output does not take, to count it by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Refused {
    /// Its size.
    Size,
    /// Its layout.
    Layout,
}

/// Answers one item of the input with `engines`, timing the solve when `timed` (`--stats`, or
/// the default `--threads` deciding whether to start its pool): two clock reads are a
/// noticeable part of an easy 9×9 puzzle. This is all the worker threads do: what is written
/// about the answer is decided by [`Printer::print`], on the thread that writes.
fn answer(settings: &Settings, engines: &mut Engines, item: Item, timed: bool) -> Answer {
    let puzzle = match item {
        Ok(puzzle) => puzzle,
        Err(error) => return Answer::Unreadable(error),
    };
    let size = puzzle.grid.size();
    let format = settings.output_format(Some(puzzle.format)).unwrap_or(puzzle.format);
    if !settings.args.count && !format.can_write(size) {
        let problem = format!(
            "a {size} grid cannot be written in the {format} format; use judge, pretty or bordered"
        );
        return Answer::Unsupported(puzzle, problem, Refused::Size);
    }
    let (info, engine) = match engines.for_puzzle(&puzzle.grid) {
        Ok(found) => found,
        Err(info) => {
            let problem = format!(
                "{} (without --engine, the fastest engine for each size and layout is used)",
                info.refusal(&puzzle.grid).unwrap_or_default()
            );
            let refused = if info.supports(size) { Refused::Layout } else { Refused::Size };
            return Answer::Unsupported(puzzle, problem, refused);
        }
    };
    let (outcome, elapsed) = if timed {
        let started = Instant::now();
        let outcome = engine.solve(&puzzle.grid, settings.limits);
        (outcome, started.elapsed())
    } else {
        (engine.solve(&puzzle.grid, settings.limits), Duration::ZERO)
    };
    let outcome = checked(info, &puzzle.grid, outcome, settings.limits);
    Answer::Solved { puzzle, engine: &info.name, outcome, elapsed }
}

/// `outcome`, or a failure in its place when `info` is an engine from outside and the answer
/// is wrong on its own ([`sudoku_core::check_outcome`]: a solution that is not one, a count
/// beyond the limit...). Nothing from outside is printed on its word: a wrong answer is that
/// puzzle's failure, as a crash would be (exit 5). The built-in engines are checked by the
/// tests and the bench, not on every solve.
fn checked(info: &EngineInfo, puzzle: &Grid, outcome: Outcome, limits: Limits) -> Outcome {
    if info.is_built_in() || outcome.failure.is_some() {
        return outcome;
    }
    match check_outcome(puzzle, &outcome, limits, info.solutions) {
        None => outcome,
        Some(problem) => {
            Outcome::failed(FailureKind::ProtocolError, format!("gave a wrong answer: {problem}"))
        }
    }
}

/// What the answers written so far add up to.
#[derive(Default)]
struct Printer {
    tally: Tally,
    /// Whether a multi-line grid was written, so the next one needs a blank line before it.
    wrote_block: bool,
    /// The `# boxes` lines the solutions need to read back with their boxes.
    boxes: HeaderLines,
    /// The last failure said in full: the puzzle's number, the engine, the kind and message.
    last_failure: Option<(usize, String, FailureKind, String)>,
}

impl Printer {
    /// Writes what `answer` says of its puzzle (a solution, a count or a placeholder on
    /// standard output; messages and `--stats` on standard error) and counts it. Answers come
    /// here one by one in input order, whichever thread made them, so the output is the same
    /// for any `--threads`.
    fn print(
        &mut self,
        settings: &Settings,
        source_name: &str,
        answer: Answer,
        out: &mut dyn Write,
    ) -> Written {
        if let Answer::Unreadable(error) = &answer
            && error.is_bad_line()
        {
            // Not a puzzle: said, counted apart, and given no line of output.
            self.tally.bad_lines += 1;
            return errln!("{source_name}: {error}");
        }
        self.tally.puzzles += 1;
        let (puzzle, engine, outcome, elapsed) = match answer {
            Answer::Unreadable(error) => {
                self.tally.malformed += 1;
                errln!("{source_name}: {error}")?;
                // An error before any puzzle (an empty input) has no line to keep in step.
                if error.place.puzzle.is_some() && settings.one_line_output(error.format) {
                    writeln!(out, "{UNREADABLE}").map_err(output_failed)?;
                }
                return Ok(());
            }
            Answer::Unsupported(puzzle, problem, refused) => {
                match refused {
                    Refused::Size => self.tally.unsupported += 1,
                    Refused::Layout => self.tally.unsupported_layouts += 1,
                }
                errln!("{source_name}: puzzle {}, line {}: {problem}", puzzle.number, puzzle.line)?;
                if settings.one_line_output(Some(puzzle.format)) {
                    writeln!(out, "{UNSUPPORTED}").map_err(output_failed)?;
                }
                return Ok(());
            }
            Answer::Solved { puzzle, engine, outcome, elapsed } => {
                (puzzle, engine, outcome, elapsed)
            }
        };
        let place = || format!("{source_name}: puzzle {}, line {}", puzzle.number, puzzle.line);
        let format = settings.output_format(Some(puzzle.format)).unwrap_or(puzzle.format);
        if settings.args.search.stats {
            errln!(
                "{source_name}: puzzle {}: {}, {}, {:.1} µs ({engine})",
                puzzle.number,
                plural(outcome.stats.nodes, "node"),
                plural(outcome.stats.guesses, "guess"),
                elapsed.as_secs_f64() * 1e6,
            )?;
        }
        if let Some(failure) = &outcome.failure {
            // Only an engine from outside fails: the puzzle gets the failure's name for a line,
            // and the batch goes on (the engine is started again for the next puzzle). A
            // failure the same as the last one (an engine that cannot start fails every puzzle
            // so) is not said again in full.
            self.tally.failed += 1;
            let said = (engine, failure.kind, failure.message.as_str());
            match &self.last_failure {
                Some((first, last_engine, kind, message))
                    if (last_engine.as_str(), *kind, message.as_str()) == said =>
                {
                    errln!(
                        "{}: engine '{engine}' {}: the same as puzzle {first}",
                        place(),
                        failure.kind
                    )?;
                }
                _ => {
                    errln!("{}: engine '{engine}' {}: {}", place(), failure.kind, failure.message)?;
                    self.last_failure = Some((
                        puzzle.number,
                        engine.to_owned(),
                        failure.kind,
                        failure.message.clone(),
                    ));
                }
            }
            if settings.one_line_output(Some(format)) {
                writeln!(out, "{}", failure.kind).map_err(output_failed)?;
            }
            return Ok(());
        }
        // Messages are made only for the puzzles that need one: most are simply solved.
        let gave_up =
            || format!("{}: gave up after {}", place(), plural(outcome.stats.nodes, "node"));
        if settings.args.count {
            writeln!(out, "{}", outcome.verdict(settings.limits)).map_err(output_failed)?;
            if outcome.budget_exhausted && outcome.count < settings.limits.max_solutions() {
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
                if format == Format::Fpuzzles {
                    // The link holds the puzzle, its rules and the solution: nothing before it.
                    let link = fpuzzles::link(&puzzle.grid, Some(solution))
                        .expect("the format was checked to write the size");
                    return writeln!(out, "{link}").map_err(output_failed);
                }
                self.boxes
                    .before(out, solution.size(), puzzle.grid.layout().map(|l| &**l))
                    .map_err(output_failed)?;
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
        if !format.is_block() {
            writeln!(out, "{placeholder}").map_err(output_failed)?;
        }
        Ok(())
    }
}

/// How much of the input a chunk (or the start of an input answered one at a time) holds.
#[derive(Default)]
struct Measure {
    items: usize,
    cells: usize,
}

impl Measure {
    /// Counts `item` in.
    fn add(&mut self, item: &Item) {
        self.items += 1;
        // An unreadable puzzle is held as a message and costs nothing to answer.
        self.cells += item.as_ref().map_or(0, |puzzle| puzzle.grid.size().cells());
    }

    /// Whether this is a whole chunk for `threads` workers.
    fn full(&self, threads: usize) -> bool {
        self.items >= CHUNK_PUZZLES
            || (self.cells >= CHUNK_CELLS && self.items >= CHUNK_PER_WORKER * threads)
    }
}

/// The next chunk of the input for `threads` workers; empty at its end. It waits for the
/// chunk's first puzzle, never for more: a chunk ends at what the other end of a pipe has sent
/// so far (see [`Input::would_wait`]), so a program that sends a few puzzles and waits for
/// their answers gets them. A file, or a pipe kept full, fills whole chunks.
fn read_chunk(puzzles: &mut Reader, threads: usize) -> Result<Vec<Item>, Halt> {
    let mut chunk = Vec::new();
    let mut measure = Measure::default();
    while !measure.full(threads) {
        if !chunk.is_empty() && puzzles.get_mut().would_wait() {
            break;
        }
        let Some(item) = puzzles.next() else { break };
        measure.add(&item);
        chunk.push(item);
    }
    puzzles.get_mut().check().map_err(output_failed)?;
    Ok(chunk)
}

/// How a run spreads its puzzles over threads (`--threads`).
enum Workers {
    /// One at a time on this thread, each answered as soon as it is read: `--threads 1`, or a
    /// machine with one core.
    OneAtATime,
    /// One at a time until the input proves large (a chunk's worth answered, or
    /// [`AUTO_PARALLEL_AFTER`] of solving), then a pool of `threads`: no `--threads`. A small
    /// input, one puzzle typed or piped, never waits for a chunk to fill or for a pool.
    Auto { threads: usize, answered: Measure, solving: Duration },
    /// Chunks solved by a pool: `--threads N` with N > 1, or the default once proved worth it.
    Pool(Pool),
}

impl Workers {
    /// The workers `--threads` asks for; `Err` with the message when its pool cannot start.
    fn new(threads: Option<usize>) -> Result<Workers, String> {
        match threads {
            Some(1) => Ok(Workers::OneAtATime),
            Some(threads) => Pool::new(threads).map(Workers::Pool),
            None => Ok(match cores() {
                1 => Workers::OneAtATime,
                threads => {
                    Workers::Auto { threads, answered: Measure::default(), solving: Duration::ZERO }
                }
            }),
        }
    }
}

/// Worker threads, and the engines they solve with.
struct Pool {
    threads: usize,
    pool: rayon::ThreadPool,
    /// Engines between two rayon splits of the work: `map_init` asks for a fresh state at
    /// every split, and some engines are costly to create (dlx builds its matrix), so a split
    /// borrows the engines of an earlier one here.
    idle: Mutex<Vec<Engines>>,
}

impl Pool {
    /// A pool of `threads` workers; `Err` with the message when they cannot start.
    fn new(threads: usize) -> Result<Pool, String> {
        let pool =
            rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|error| {
                format!("cannot start {}: {error}", plural(threads as u64, "worker thread"))
            })?;
        Ok(Pool { threads, pool, idle: Mutex::new(Vec::new()) })
    }

    /// Answers the puzzles of `chunk` on the workers; the answers are in input order.
    fn answer(&self, settings: &Settings, chunk: Vec<Item>) -> Vec<Answer> {
        self.pool.install(|| {
            chunk
                .into_par_iter()
                .map_init(
                    || Lent::take(&self.idle, settings.engine),
                    |lent, item| {
                        answer(settings, &mut lent.engines, item, settings.args.search.stats)
                    },
                )
                .collect()
        })
    }

    /// Answers every puzzle left in `puzzles`, a chunk at a time, in input order. This thread
    /// reads the next chunk and writes the answers to the previous one while the workers
    /// solve the current one: reading and writing are a third of the work on easy 9×9
    /// puzzles, too much to leave the workers waiting for. When the next chunk has not been
    /// sent yet, it is not waited for then: the chunk being solved is answered first, so a
    /// program at the other end of a pipe has the answers to all it sent before it is asked
    /// for more.
    fn answer_all(
        &self,
        settings: &Settings,
        printer: &mut Printer,
        source_name: &str,
        puzzles: &mut Reader,
    ) -> Written {
        let mut solving = Vec::new();
        let mut solved = Vec::new();
        loop {
            if solving.is_empty() {
                for answer in solved.drain(..) {
                    printer.print(settings, source_name, answer, puzzles.get_mut().out())?;
                }
                // Waits, when it must, with every answer written out (`Input` flushes them).
                solving = read_chunk(puzzles, self.threads)?;
                if solving.is_empty() {
                    return Ok(());
                }
            }
            let chunk = mem::take(&mut solving);
            let mut answers = Vec::new();
            let mut next = Ok(Vec::new());
            // The scope ends when the workers are done, even when a write failed: by then
            // nothing but their answers, which are dropped, is left of the chunk.
            let written = self.pool.in_place_scope(|scope| {
                scope.spawn(|_| answers = self.answer(settings, chunk));
                for answer in solved.drain(..) {
                    printer.print(settings, source_name, answer, puzzles.get_mut().out())?;
                }
                if !puzzles.get_mut().would_wait() {
                    next = read_chunk(puzzles, self.threads);
                }
                Ok(())
            });
            written?;
            solved = answers;
            solving = next?;
        }
    }
}

/// Engines lent to one rayon split, given back to the idle ones when the split is done.
struct Lent<'a> {
    engines: Engines,
    idle: &'a Mutex<Vec<Engines>>,
}

impl<'a> Lent<'a> {
    /// Idle engines, or new ones of `chosen` (made as puzzles need them) when every cache is
    /// lent.
    fn take(idle: &'a Mutex<Vec<Engines>>, chosen: Option<&'static EngineInfo>) -> Self {
        let engines = idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        Lent { engines: engines.unwrap_or_else(|| Engines::new(chosen)), idle }
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        let engines = mem::take(&mut self.engines);
        self.idle.lock().unwrap_or_else(PoisonError::into_inner).push(engines);
    }
}

/// A run of `solve` or `count`: how it answers, on which threads, and what it wrote.
struct Batch<'a> {
    settings: Settings<'a>,
    /// The engines of the puzzles answered one at a time.
    engines: Engines,
    workers: Workers,
    printer: Printer,
}

impl Batch<'_> {
    /// Answers every puzzle of every input, then prints the summary.
    fn run(&mut self) -> Written {
        let args = self.settings.args;
        let mut out: Output = BufWriter::new(io::stdout().lock());
        let files = inputs(&args.files);
        for &file in &files {
            let typed = file == Path::new("-") && io::stdin().is_terminal();
            if typed {
                errln!("sudoku: reading puzzles from the terminal; end with Ctrl-D (see --help)")?;
            }
            let input = match Input::open(file, &mut out) {
                Ok(input) => input,
                Err(message) => {
                    self.printer.tally.unreadable += 1;
                    errln!("sudoku: {message}")?;
                    continue;
                }
            };
            let mut puzzles = PuzzleReader::with_options(input, args.input.options());
            self.answer_all(&display_name(file), typed, &mut puzzles)?;
            out.flush().map_err(output_failed)?;
        }
        let source_name = match files[..] {
            [only] => display_name(only),
            _ => plural(files.len() as u64, "file"),
        };
        self.printer.tally.report(&source_name, args.count)
    }

    /// Answers every puzzle of one input: one at a time as they are read, or in chunks on the
    /// pool once there is one. Puzzles typed at a terminal are always answered one at a time.
    /// Either way every answer is written out before reading waits for more input (see
    /// [`crate::input`]), so a puzzle typed or sent down a pipe is answered before the next.
    fn answer_all(&mut self, source_name: &str, typed: bool, puzzles: &mut Reader) -> Written {
        loop {
            if !typed {
                self.start_pool_once_proved_worth_it();
                if let Workers::Pool(pool) = &self.workers {
                    return pool.answer_all(
                        &self.settings,
                        &mut self.printer,
                        source_name,
                        puzzles,
                    );
                }
            }
            let Some(item) = puzzles.next() else {
                return puzzles.get_mut().check().map_err(output_failed);
            };
            // A failed write ended the input: the item may be cut short, and is not answered.
            puzzles.get_mut().check().map_err(output_failed)?;
            let timed =
                self.settings.args.search.stats || matches!(self.workers, Workers::Auto { .. });
            if let Workers::Auto { answered, .. } = &mut self.workers {
                answered.add(&item);
            }
            let answer = answer(&self.settings, &mut self.engines, item, timed);
            if let Workers::Auto { solving, .. } = &mut self.workers
                && let Answer::Solved { elapsed, .. } = &answer
            {
                *solving += *elapsed;
            }
            self.printer.print(&self.settings, source_name, answer, puzzles.get_mut().out())?;
        }
    }

    /// With the default `--threads`, starts the pool once the input has proved large.
    fn start_pool_once_proved_worth_it(&mut self) {
        let Workers::Auto { threads, answered, solving } = &self.workers else { return };
        if *solving < AUTO_PARALLEL_AFTER && !answered.full(*threads) {
            return;
        }
        self.workers = match Pool::new(*threads) {
            Ok(mut pool) => {
                // The engines made so far serve one of the workers.
                pool.idle
                    .get_mut()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(mem::take(&mut self.engines));
                Workers::Pool(pool)
            }
            // Without a pool every puzzle is still answered, one at a time, as the user would
            // have with `--threads 1`.
            Err(_) => Workers::OneAtATime,
        };
    }
}
