//! `sudoku generate`: minimal puzzles with exactly one solution, at 4×4, 9×9, 16×16 or
//! 25×25, in the one-line format (values after 9 as letters, `1-9A`), reproducible from the
//! seed.
//!
//! The output starts with `#` comment lines stating the command that makes it, so a corpus
//! file says how to regenerate itself, and ends with one giving the clue statistics (known
//! only at the end). Nothing in the output depends on the engine or the number of threads: the
//! same `--count`, `--seed`, `--size` and targets give the same bytes.
//!
//! With targets (a symmetry, a clue count, a mask, a rating, techniques), each puzzle number
//! runs the generator's search ([`sudoku_generate::make_one`]); targets no puzzle can meet are
//! refused before any work, in one line naming the flag. A puzzle number whose search ran out
//! of attempts writes nothing, and the yield is said at the end.
//!
//! Puzzles are written as they are made, a chunk at a time and in order, so memory does not
//! grow with `--count` and a long run shows its first puzzles soon; the workers make puzzles
//! ahead of the writing, so none waits for another's slow puzzle. With `--out`, they go
//! through [`OutputFile`]: the file is replaced only when the last puzzle is written, and an
//! interrupted run leaves the previous file as it was. At a terminal, a progress bar on
//! standard error counts the puzzles written (nothing else changes: the bar steps aside for
//! puzzles written to the same terminal, and is gone when the run ends).

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;
use sudoku_bench::files::{self, OutputFile};
use sudoku_bench::progress::{self, Progress};
use sudoku_core::{Alphabet, Failure, FailureKind, Format, Grid, HeaderLines, Size, format_grid};
use sudoku_engines::{EngineInfo, Origin, Registry};
use sudoku_generate::targets::{self, ClueSymmetry, RatingTarget, Refusal, Targets};
use sudoku_generate::{Made, NearRefusal, Rated, Recipe, Variant};

use crate::args::GenerateArgs;
use crate::console::{self, Halt, Written, errln, noteln, plural};
use crate::exit;

/// Puzzles written at a time at 4×4 and 9×9: the first show within a second or so, and the
/// memory is a few hundred kilobytes.
const CHUNK: usize = 4096;

/// How many puzzles of `size` are written at a time. A 16×16 puzzle takes tens of
/// milliseconds and a 25×25 one minutes: a chunk of 4,096 of those would show nothing for
/// hours, so 25×25 puzzles are written one by one, each as soon as it and those before it are
/// made. The chunk changes neither the bytes written nor how busy the workers are (they work
/// ahead of the writing), only when the puzzles appear.
fn chunk_for(size: Size) -> usize {
    match size.side() {
        ..=9 => CHUNK,
        16 => 64,
        _ => 1,
    }
}

/// The targets the arguments ask for, checked: the first refusal, naming its flag, when no
/// puzzle can meet them or a value is not understood.
fn targets_of(args: &GenerateArgs) -> Result<Targets, Refusal> {
    let size = args.size;
    let scale = targets::scale_for(size);
    let patterns = match &args.pattern {
        Some(path) => {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path)
                .map_err(|error| Refusal::new("--pattern", format!("{name}: {error}")))?;
            targets::parse_patterns(&text, size, &name)?
        }
        None => Vec::new(),
    };
    let near = match &args.near {
        Some(path) => read_near(path)?,
        None => Vec::new(),
    };
    let targets = Targets {
        symmetry: ClueSymmetry::parse(&args.symmetry)?,
        clues: args.clues.as_deref().map(|text| targets::parse_clues(text, size)).transpose()?,
        minimal: !args.not_minimal,
        patterns,
        rating: args.rating.as_deref().map(RatingTarget::parse).transpose()?,
        needs: args
            .needs
            .iter()
            .map(|name| targets::parse_technique(name, scale, "--needs"))
            .collect::<Result<_, _>>()?,
        hardest: args
            .hardest
            .as_deref()
            .map(|name| targets::parse_technique(name, scale, "--hardest"))
            .transpose()?,
        attempts: args.attempts,
        layout: Recipe {
            variants: Variant::parse_list(&args.variant)
                .map_err(|problem| Refusal::new("--variant", problem))?,
            ..Recipe::parse(&args.layout).map_err(|problem| Refusal::new("--layout", problem))?
        },
        near,
    };
    targets.check(size)?;
    Ok(targets)
}

/// The puzzles of the `--near` file, in any format the reader detects; the first one it
/// cannot read is refused with its place.
fn read_near(path: &std::path::Path) -> Result<Vec<Grid>, Refusal> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|error| Refusal::new("--near", format!("{name}: {error}")))?;
    let mut puzzles = Vec::new();
    for puzzle in sudoku_core::PuzzleReader::new(std::io::BufReader::new(file)) {
        let puzzle = puzzle.map_err(|error| Refusal::new("--near", format!("{name}: {error}")))?;
        puzzles.push(puzzle.grid);
    }
    if puzzles.is_empty() {
        return Err(Refusal::new("--near", format!("{name} holds no puzzle")));
    }
    Ok(puzzles)
}

/// Runs `sudoku generate`; returns the exit code.
pub fn run(args: &GenerateArgs, registry: &'static Registry) -> u8 {
    if let Some(out) = &args.out {
        let inputs = [
            ("the file of --near", args.near.as_deref()),
            ("the file of --pattern", args.pattern.as_deref()),
            ("the --engines-file", args.external.engines_file.as_deref()),
        ];
        let inputs: Vec<(&str, &Path)> =
            inputs.into_iter().filter_map(|(role, path)| Some((role, path?))).collect();
        if let Err(message) = files::check_not_an_input("--out", out, &inputs) {
            let _ = errln!("sudoku: {message}");
            return exit::BAD_INPUT;
        }
    }
    let targets = match targets_of(args) {
        Ok(targets) => targets,
        Err(refusal) => {
            let _ = errln!("sudoku: {refusal}");
            return exit::BAD_INPUT;
        }
    };
    if !targets.layout.is_classic() && (args.with_rating || args.csv) {
        let flag = if args.csv { "--csv" } else { "--with-rating" };
        let _ = errln!(
            "sudoku: {flag}: the ratings are of classic grids, not of {} puzzles",
            targets.layout.words()
        );
        return exit::BAD_INPUT;
    }
    // An empty grid of the puzzles' kind: the engine must take it.
    let sample = targets.layout.sample(args.size);
    let engine = match crate::find_engine(registry, args.engine.as_deref(), &args.external) {
        Ok(engine) => engine.unwrap_or_else(|| sudoku_engines::default_engine_for_puzzle(&sample)),
        Err(unknown) => {
            let _ = errln!("sudoku: {unknown}");
            return exit::BAD_INPUT;
        }
    };
    if let Some(refusal) = engine.refusal(&sample) {
        let _ = errln!("sudoku: {refusal}");
        return exit::BAD_INPUT;
    }
    if !engine.counts {
        let _ = errln!(
            "sudoku: engine '{}' finds a first solution only, and generating needs an engine \
             that counts solutions to prove them unique",
            engine.name
        );
        return exit::BAD_INPUT;
    }
    match sudoku_generate::check_near(&targets, &mut *engine.create()) {
        Ok(()) => {}
        Err(NearRefusal::Refused(refusal)) => {
            let _ = errln!("sudoku: {refusal}");
            return exit::BAD_INPUT;
        }
        Err(NearRefusal::Failed(failure)) => {
            let _ = errln!(
                "sudoku: engine '{}' {} while counting the puzzles of --near: {}",
                engine.name,
                failure.kind,
                failure.message
            );
            return exit::ENGINE_FAILED;
        }
    }
    if args.start.checked_add(args.count as u64).is_none() {
        let _ = errln!(
            "sudoku: --start {} with --count {} runs past the last puzzle number, {}",
            args.start,
            args.count,
            u64::MAX
        );
        return exit::BAD_INPUT;
    }
    let threads = args.threads.unwrap_or_else(crate::args::cores);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(error) => {
            let _ =
                errln!("sudoku: cannot start {}: {error}", plural(threads as u64, "worker thread"));
            return exit::BAD_INPUT;
        }
    };
    match generate(args, &targets, engine, &pool, threads) {
        Ok(()) => exit::SUCCESS,
        // A closed pipe: whoever read the puzzles has what they wanted.
        Err(Stop::Halt(halt)) => halt.exit_code(exit::SUCCESS),
        // An output file is left as it was: what was made is not finished.
        Err(Stop::Engine(failure)) => match errln!(
            "sudoku: engine '{}' {} while checking a puzzle's uniqueness: {}",
            engine.name,
            failure.kind,
            failure.message
        ) {
            Ok(()) => exit::ENGINE_FAILED,
            Err(halt) => halt.exit_code(exit::ENGINE_FAILED),
        },
    }
}

/// Why making the puzzles stopped early.
enum Stop {
    /// A write failed, or its reader went away.
    Halt(Halt),
    /// The engine (one from outside) failed, so no answer of it can be trusted.
    Engine(Failure),
}

impl From<Halt> for Stop {
    fn from(halt: Halt) -> Self {
        Stop::Halt(halt)
    }
}

impl From<Failure> for Stop {
    fn from(failure: Failure) -> Self {
        Stop::Engine(failure)
    }
}

/// Writes the puzzles, as they are made on `pool`, then says how long it took (and, with
/// targets, the yield and the time per puzzle written).
fn generate(
    args: &GenerateArgs,
    targets: &Targets,
    engine: &EngineInfo,
    pool: &rayon::ThreadPool,
    threads: usize,
) -> Result<(), Stop> {
    let mut destination = match &args.out {
        Some(path) => Destination::File(
            OutputFile::create(path, false)
                .map_err(|error| Halt::OutputFailed(error.to_string()))?,
        ),
        None => Destination::Stdout,
    };

    let started = Instant::now();
    let cpu_at_start = sudoku_engines::clock::process_cpu_seconds();
    let mut clues = ClueStatistics { candidates: targets.layout.pencilmark, ..Default::default() };
    let mut attempts = 0u64;
    let chunk = chunk_for(args.size);
    let mut text = Vec::new();
    let referee = referee(engine, &targets.layout.sample(args.size));
    // The `# boxes` and `# layout` lines said so far, so that each puzzle is read back with
    // its own boxes and layout.
    let mut headers = HeaderLines::default();
    if args.csv {
        text.extend_from_slice(b"puzzle,er,ep,ed,clues,hardest,band\n");
    } else {
        write_header(&mut text, &mut headers, args, targets, engine, referee);
    }
    destination.write(&text)?;
    let progress = Progress::new(progress::wanted());
    let what = plural(args.count as u64, &format!("{} puzzle", args.size));
    progress.start(format!("generating {what}"), args.count);
    // Puzzles on standard output may be written to the terminal the bar is drawn on.
    let to_stdout = matches!(destination, Destination::Stdout);
    let with_rating = args.with_rating || args.csv;
    let mut number = args.start;
    let (seed, size) = (args.seed, args.size);
    let made = pool.install(|| {
        sudoku_generate::make_each(
            args.start,
            args.count as u64,
            engine,
            chunk,
            |index, checker| {
                let mut made = sudoku_generate::make_one(seed, index, size, targets, checker)?;
                // Rated by the workers, not by the writer.
                if with_rating && made.rated.is_none() {
                    made.rated = made.puzzle.as_ref().map(|p| sudoku_generate::rate(p, checker));
                }
                Ok(made)
            },
            |made: &[Made]| {
                if let Some(referee) = referee {
                    confirm(made, number, targets, referee)?;
                }
                number += made.len() as u64;
                text.clear();
                for made in made {
                    attempts += made.attempts;
                    clues.tried += 1;
                    let Some(puzzle) = &made.puzzle else { continue };
                    clues.add(match puzzle.layout().and_then(|layout| layout.candidates()) {
                        Some(sets) => sets.iter().map(|set| set.count_ones() as usize).sum(),
                        None => puzzle.clue_count(),
                    });
                    let layout = puzzle.layout().map(|layout| &**layout);
                    headers.before(&mut text, puzzle.size(), layout).map_err(|error| {
                        Stop::Halt(Halt::OutputFailed(format!("cannot write its layout: {error}")))
                    })?;
                    write_puzzle(&mut text, puzzle, made.rated.as_ref(), args);
                }
                let written = if to_stdout {
                    progress.suspend(|| destination.write(&text))
                } else {
                    destination.write(&text)
                };
                progress.advance(made.len());
                written.map_err(Stop::Halt)
            },
        )
    });
    // Gone before anything else is said, whatever happened.
    progress.finish();
    made?;
    if !args.csv {
        destination.write(clues.trailer(targets).as_bytes())?;
    }
    destination.finish()?;
    let elapsed = started.elapsed();

    noteln!(
        "generated {} in {:.1} s (uniqueness checked by {}, {})",
        plural(clues.puzzles, "puzzle"),
        elapsed.as_secs_f64(),
        engine.name,
        plural(threads as u64, "thread")
    )?;
    // Layouts are drawn within the attempts too: their yield is said as the targets' is.
    if !targets.is_plain() || !targets.layout.is_classic() {
        let per_puzzle = match clues.puzzles {
            0 => "none written".to_owned(),
            // The process's CPU time, which other programs' time slices are not part of; the
            // wall time over the threads where the system does not say.
            written => match cpu_at_start.zip(sudoku_engines::clock::process_cpu_seconds()) {
                Some((start, end)) => {
                    format!("{:.3} CPU seconds per puzzle written", (end - start) / written as f64)
                }
                None => format!(
                    "{:.3} core-seconds per puzzle written",
                    elapsed.as_secs_f64() * threads as f64 / written as f64
                ),
            },
        };
        noteln!(
            "yield: {} of {} met the targets within {} each ({} in all, {:.1}% accepted); {}",
            clues.puzzles,
            plural(clues.tried, "puzzle number"),
            plural(targets.attempts, "attempt"),
            plural(attempts, "attempt"),
            100.0 * clues.puzzles as f64 / attempts.max(1) as f64,
            per_puzzle
        )?;
    }
    if args.csv {
        noteln!("{}", clues.trailer(targets).trim_end().replace("\n", "; "))?;
    }
    Ok(())
}

/// One puzzle's line: the puzzle, then with `--with-rating` its ER/EP/ED, clue count, hardest
/// technique and band; with `--csv`, the same as CSV fields.
fn write_puzzle(text: &mut Vec<u8>, puzzle: &Grid, rated: Option<&Rated>, args: &GenerateArgs) {
    // A pencilmark puzzle's candidates are its puzzle: its line of marks.
    let pencilmark = puzzle.layout().is_some_and(|layout| layout.candidates().is_some());
    let line = if pencilmark {
        format_grid(puzzle, Format::Pencilmark, Alphabet::for_size(puzzle.size()))
            .trim_end()
            .to_owned()
    } else {
        puzzle.to_line()
    };
    let fields = rated.map(|rated| {
        let hardest = rated.hardest().map_or("none", |technique| technique.key());
        let band = rated.band().map_or("not-rated", |band| band.name());
        (rated.er, rated.ep, rated.ed, hardest, band)
    });
    let clues = puzzle.clue_count();
    let out = match (fields, args.csv) {
        (Some((er, ep, ed, hardest, band)), true) => {
            format!("{line},{er:.1},{ep:.1},{ed:.1},{clues},{hardest},{band}\n")
        }
        (Some((er, ep, ed, hardest, band)), false) if args.with_rating => {
            format!("{line} {er:.1}/{ep:.1}/{ed:.1} {clues} {hardest} {band}\n")
        }
        _ => format!("{line}\n"),
    };
    text.extend_from_slice(out.as_bytes());
}

/// The built-in engine that confirms each puzzle an engine from outside made, before it is
/// written: the default engine of the puzzles' kind (`sample`, an empty grid of their size and
/// layout); none when `engine` is built in.
fn referee(engine: &EngineInfo, sample: &Grid) -> Option<&'static EngineInfo> {
    (!engine.is_built_in()).then(|| sudoku_engines::default_engine_for_puzzle(sample))
}

/// Checks with `referee` (on the current pool) that each of `puzzles`, numbered from `first`,
/// is what the file will say it is: exactly one solution, and minimal (maximal, for a
/// pencilmark puzzle) unless `--not-minimal` ([`sudoku_generate::disproof`]). An engine from
/// outside whose answers made a puzzle otherwise has lied, and the run stops before that
/// puzzle is written.
fn confirm(
    made: &[Made],
    first: u64,
    targets: &Targets,
    referee: &'static EngineInfo,
) -> Result<(), Stop> {
    let wrong = made
        .par_iter()
        .map_init(
            || referee.create(),
            |engine, made| {
                let puzzle = made.puzzle.as_ref()?;
                sudoku_generate::disproof(puzzle, targets, engine.as_mut())
            },
        )
        .enumerate()
        .find_first(|(_, problem)| problem.is_some());
    match wrong {
        None => Ok(()),
        Some((index, problem)) => Err(Stop::Engine(Failure {
            kind: FailureKind::ProtocolError,
            message: format!(
                "gave a wrong answer: {} finds that puzzle {} {}: {}",
                referee.name,
                first + index as u64,
                problem.unwrap_or_default(),
                made[index].puzzle.as_ref().map(Grid::to_line).unwrap_or_default()
            ),
        })),
    }
}

/// The first lines: the command that makes the file, and what the file holds. With an engine
/// from outside, the command names it and a line says where it was declared, what ran and
/// which built-in engine confirmed each puzzle.
fn write_header(
    text: &mut Vec<u8>,
    headers: &mut HeaderLines,
    args: &GenerateArgs,
    targets: &Targets,
    engine: &EngineInfo,
    referee: Option<&EngineInfo>,
) {
    let engine_flag = match referee {
        Some(_) => format!(" --engine {}", engine.name),
        None => String::new(),
    };
    if !targets.is_plain() || args.with_rating {
        write_targets_header(text, args, targets, &engine_flag);
    } else {
        let start_flag =
            if args.start == 0 { String::new() } else { format!(" --start {}", args.start) };
        let size_flag = if args.size == Size::NINE {
            String::new()
        } else {
            format!(" --size {}", size_flag(args.size))
        };
        let recipe = &targets.layout;
        let (layout_flag, what) = if recipe.is_classic() {
            // The 9×9 header is the one the shipped corpus was made with.
            let size =
                if args.size == Size::NINE { String::new() } else { format!(" {}", args.size) };
            (String::new(), format!("minimal{size} puzzles (every clue needed)"))
        } else {
            let (size, words) = (args.size, recipe.words());
            let what = if recipe.pencilmark {
                format!("maximal {size} {words} puzzles (no candidate can be added)")
            } else if !recipe.variants.is_empty() {
                format!("minimal {size} {words} puzzles (no given and no rule can go)")
            } else {
                format!("minimal {size} {words} puzzles (every clue needed)")
            };
            // The draws are bounded by the attempts, which can change the output.
            let attempts = if targets.attempts == targets::DEFAULT_ATTEMPTS {
                String::new()
            } else {
                format!(" --attempts {}", targets.attempts)
            };
            let layout = match recipe.is_classic_layout() {
                true => String::new(),
                false => format!(" --layout {}", recipe.layout_words().replace(' ', ",")),
            };
            let variant: Vec<&str> = recipe.variants.iter().map(|variant| variant.word()).collect();
            let variant = match variant.is_empty() {
                true => String::new(),
                false => format!(" --variant {}", variant.join(",")),
            };
            (format!("{layout}{variant}{attempts}"), what)
        };
        let header = format!(
            "# sudoku generate --count {count} --seed {seed}{layout_flag}{size_flag}{start_flag}{engine_flag}\n\
             # {count} {what}, each with exactly one solution\n",
            count = args.count,
            seed = args.seed,
        );
        text.extend_from_slice(header.as_bytes());
    }
    let mut header = String::new();
    match (referee, &engine.origin) {
        (Some(referee), Origin::External { kind, declared, command }) => {
            let confirmed = if !targets.minimal {
                "uniqueness"
            } else if targets.layout.pencilmark {
                "uniqueness and maximality"
            } else {
                "uniqueness and minimality"
            };
            header.push_str(&format!(
                "# Engine '{}' from outside ({kind}: {command}, declared at {declared}); each \
                 puzzle's {confirmed} confirmed by {}.\n",
                engine.name, referee.name
            ));
        }
        _ => header.push_str(
            "# The command above writes this file again byte for byte, whatever the engine or \
             threads.\n",
        ),
    }
    text.extend_from_slice(header.as_bytes());
    // Boxes other than the side's usual ones are said where every reader finds them.
    headers.before(text, args.size, None).expect("a Vec takes every write");
}

/// The `--size` value that makes `size`: its side, or the box when it is not the side's usual.
fn size_flag(size: Size) -> String {
    if size.has_usual_boxes() { size.side().to_string() } else { size.ascii_name() }
}

/// The first two lines with targets: the command with every flag that changes the output,
/// and what the puzzles are.
fn write_targets_header(text: &mut Vec<u8>, args: &GenerateArgs, targets: &Targets, engine: &str) {
    let mut command = format!("# sudoku generate --count {} --seed {}", args.count, args.seed);
    if args.size != Size::NINE {
        command.push_str(&format!(" --size {}", size_flag(args.size)));
    }
    if args.start != 0 {
        command.push_str(&format!(" --start {}", args.start));
    }
    command.push_str(engine);
    let mut wants = Vec::new();
    if targets.symmetry != ClueSymmetry::None {
        command.push_str(&format!(" --symmetry {}", targets.symmetry.name()));
        wants.push(format!("clues {}-symmetric", targets.symmetry.name()));
    }
    if let Some((low, high)) = targets.clues {
        command.push_str(&format!(" --clues {low}..{high}"));
        wants.push(format!("{low} to {high} clues"));
    }
    if !targets.minimal {
        command.push_str(" --not-minimal");
    }
    if let Some(path) = &args.pattern {
        command.push_str(&format!(" --pattern {}", path.display()));
        wants.push(format!("clues exactly at the masks of {}", path.display()));
    }
    if let Some(path) = &args.near {
        command.push_str(&format!(" --near {}", path.display()));
        wants.push(format!("near the puzzles of {}", path.display()));
    }
    if let Some(rating) = targets.rating {
        command.push_str(&format!(" --rating {rating}"));
        wants.push(format!("rated {rating}"));
    }
    for needed in &targets.needs {
        command.push_str(&format!(" --needs {}", needed.key()));
        wants.push(format!("needing {}", needed.name()));
    }
    if let Some(hardest) = targets.hardest {
        command.push_str(&format!(" --hardest {}", hardest.key()));
        wants.push(format!("hardest step {}", hardest.name()));
    }
    if targets.attempts != targets::DEFAULT_ATTEMPTS {
        command.push_str(&format!(" --attempts {}", targets.attempts));
    }
    if args.with_rating {
        command.push_str(" --with-rating");
    }
    let minimal = if !targets.minimal {
        "not necessarily minimal"
    } else if targets.symmetry == ClueSymmetry::None {
        "minimal (every clue needed)"
    } else {
        "minimal among symmetric puzzles (every orbit of clues needed)"
    };
    let wants = if wants.is_empty() { String::new() } else { format!(", {}", wants.join(", ")) };
    let rated = if args.with_rating { "; after each: ER/EP/ED, clues, hardest, band" } else { "" };
    text.extend_from_slice(
        format!("{command}\n# puzzles {minimal}, each with exactly one solution{wants}{rated}\n")
            .as_bytes(),
    );
}

/// The fewest, most and total clues of the puzzles so far.
#[derive(Default)]
struct ClueStatistics {
    /// Whether the puzzles are pencilmark puzzles, whose candidates are counted, not clues.
    candidates: bool,
    /// Puzzle numbers tried, with a puzzle or not.
    tried: u64,
    puzzles: u64,
    fewest: usize,
    most: usize,
    total: u64,
}

impl ClueStatistics {
    fn add(&mut self, clues: usize) {
        if self.puzzles == 0 {
            self.fewest = clues;
            self.most = clues;
        }
        self.fewest = self.fewest.min(clues);
        self.most = self.most.max(clues);
        self.total += clues as u64;
        self.puzzles += 1;
    }

    /// The last line: `# 10000 puzzles: 21 to 28 clues, 24.39 on average`; with targets,
    /// after a line saying how many puzzle numbers met them.
    fn trailer(&self, targets: &Targets) -> String {
        // A layout's puzzle numbers whose draws all failed are said; when none did, the file is
        // as it always was.
        let all_met = self.puzzles == self.tried;
        let met = if targets.is_plain() && (targets.layout.is_classic() || all_met) {
            String::new()
        } else {
            format!(
                "# {} of {} met the targets within {} each\n",
                self.puzzles,
                plural(self.tried, "puzzle number"),
                plural(targets.attempts, "attempt")
            )
        };
        if self.puzzles == 0 {
            return format!("{met}# 0 puzzles\n");
        }
        format!(
            "{met}# {}: {} to {} {}, {:.2} on average\n",
            plural(self.puzzles, "puzzle"),
            self.fewest,
            self.most,
            if self.candidates { "candidates" } else { "clues" },
            self.total as f64 / self.puzzles as f64
        )
    }
}

/// Where the puzzles go.
enum Destination {
    /// Standard output, written chunk by chunk.
    Stdout,
    /// A file named with `--out`: replaced when finished, or a device or FIFO streamed.
    File(OutputFile),
}

impl Destination {
    fn write(&mut self, bytes: &[u8]) -> Written {
        match self {
            Destination::Stdout => console::out_bytes(bytes),
            Destination::File(file) => file
                .write_all(bytes)
                // A stream's reader sees each chunk when it is made.
                .and_then(|()| file.flush())
                .map_err(|error| Halt::from_output(&error, &file.path().display().to_string())),
        }
    }

    fn finish(self) -> Written {
        match self {
            Destination::Stdout => Ok(()),
            Destination::File(file) => {
                file.commit().map_err(|error| Halt::OutputFailed(error.to_string()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trailer_gives_the_clue_statistics() {
        let plain = Targets::default();
        let mut clues = ClueStatistics::default();
        assert_eq!(clues.trailer(&plain), "# 0 puzzles\n");
        clues.add(24);
        assert_eq!(clues.trailer(&plain), "# 1 puzzle: 24 to 24 clues, 24.00 on average\n");
        clues.add(21);
        clues.add(28);
        assert_eq!(clues.trailer(&plain), "# 3 puzzles: 21 to 28 clues, 24.33 on average\n");
        clues.tried = 5;
        let symmetric = Targets { symmetry: ClueSymmetry::Rot180, ..Targets::default() };
        assert!(
            clues.trailer(&symmetric).starts_with(
                "# 3 of 5 puzzle numbers met the targets within 2000 attempts each\n# 3 puzzles"
            ),
            "{}",
            clues.trailer(&symmetric)
        );
    }
}
