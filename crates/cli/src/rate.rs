//! `sudoku rate`: how hard each puzzle is for people, and how a file's puzzles spread over the
//! techniques.
//!
//! Puzzles are read in chunks and rated in parallel (a rayon pool), each chunk's results
//! written in input order before the next chunk is read, so a corpus of any length streams
//! with the memory of one chunk, in every format: JSON too is written a puzzle at a time, each
//! file's summary after its puzzles. Solutions are counted within the `--budget` where the
//! rating depends on them (see [`Rater::walk`]); a puzzle whose count gives up is not rated,
//! and one whose chains run out of the `--work-budget` shows only lower bounds (see
//! [`Figure`]).

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use sudoku_bench::Shard;
use sudoku_core::{Grid, Limits, Puzzle, PuzzleReader, ReadError, Verdict};
use sudoku_logic::{Band, End, Rater, Scale, Step, Technique};

use crate::args::{LadderScale, RateArgs, RateFormat};
use crate::console::{Halt, Written, errln, plural, wrap};
use crate::exit;
use crate::explain::{JsonArray, indent, not_rated, write_pretty};
use crate::solve::{display_name, inputs, open_input, output_failed};
use sudoku_engines::EnginesBySize;

/// Puzzles read and rated at a time.
const CHUNK: usize = 2048;

/// Runs `sudoku rate`; returns the exit code.
pub fn run(args: &RateArgs) -> u8 {
    let mut outcome = RunOutcome::default();
    match rate_all(args, &mut outcome) {
        Ok(()) => outcome.exit_code(),
        Err(halt) => halt.exit_code(outcome.exit_code()),
    }
}

/// What decides the exit code.
#[derive(Default)]
struct RunOutcome {
    bad_input: bool,
    /// Some puzzle's count gave up at the budget, or its search at the work budget, so it is
    /// not rated.
    gave_up: bool,
    /// With `--check-steps`: some step does not hold in its puzzle's solution.
    unsound: bool,
}

impl RunOutcome {
    fn exit_code(&self) -> u8 {
        if self.bad_input {
            exit::BAD_INPUT
        } else if self.unsound {
            exit::DISAGREEMENT
        } else if self.gave_up {
            exit::UNSOLVED
        } else {
            exit::SUCCESS
        }
    }
}

fn rate_all(args: &RateArgs, outcome: &mut RunOutcome) -> Written {
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(error) => {
            outcome.bad_input = true;
            return errln!(
                "sudoku: cannot start {}: {error}",
                plural(threads as u64, "worker thread")
            );
        }
    };
    let rater = |scale| {
        Rater::of_scale(scale, !args.no_uniqueness)
            .with_budget(args.budget.0)
            .with_work_budget(args.work_budget.0)
    };
    let raters = Raters {
        explainer: rater(Scale::Explainer),
        workbench: rater(Scale::Workbench),
        chosen: args.scale.map(LadderScale::scale),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut csv_header_written = false;
    let json = args.format == RateFormat::Json;
    // The document: {"files": [{"file": ..., "puzzles": [...], the summary...}, ...]}.
    let mut json_files = JsonArray::new(1);
    if json {
        out.write_all(b"{\n  \"files\": ").map_err(output_failed)?;
        json_files.open(&mut out).map_err(output_failed)?;
    }
    let files = inputs(&args.files);
    let started = Instant::now();
    let cpu_at_start = sudoku_engines::clock::process_cpu_seconds();
    let mut total = 0usize;
    for file in files {
        let name = display_name(file);
        let input = match open_input(file) {
            Ok(input) => input,
            Err(message) => {
                outcome.bad_input = true;
                errln!("sudoku: {message}")?;
                continue;
            }
        };
        let file_started = Instant::now();
        let mut summary = Summary::new(&name);
        let mut json_rows = JsonArray::new(FILE_DEPTH);
        if json {
            json_files.next(&mut out).map_err(output_failed)?;
            write_json_opening(&mut out, &name).map_err(output_failed)?;
            json_rows.open(&mut out).map_err(output_failed)?;
        }
        let mut reader = PuzzleReader::with_options(input, args.input.options());
        loop {
            let chunk: Vec<Result<Puzzle, ReadError>> =
                reader.by_ref().filter(|item| in_shard(args.shard, item)).take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let rated: Vec<Result<Row, Refused>> = pool.install(|| {
                chunk
                    .into_par_iter()
                    .map_init(EnginesBySize::default, |engines, item| {
                        let puzzle = item.map_err(Refused::Unreadable)?;
                        let rater = raters.of(&puzzle).ok_or_else(|| {
                            Refused::NotRated(format!(
                                "puzzle {}, line {}: not rated: {}",
                                puzzle.number,
                                puzzle.line,
                                not_rated(&puzzle)
                            ))
                        })?;
                        Ok(Row::rate(&name, &puzzle, rater, engines, args.check_steps))
                    })
                    .collect()
            });
            let mut csv = (args.format == RateFormat::Csv).then(|| {
                csv::WriterBuilder::new().has_headers(!csv_header_written).from_writer(Vec::new())
            });
            for item in rated {
                match item {
                    Ok(row) => {
                        total += 1;
                        summary.add(&row);
                        outcome.gave_up |= row.end == GAVE_UP;
                        if let Some(step) = &row.unsound {
                            outcome.unsound = true;
                            errln!(
                                "{name}: puzzle {}, line {}: a step does not hold in the \
                                 solution: {step}",
                                row.number,
                                row.line
                            )?;
                        }
                        write_row(args, &row, csv.as_mut(), &mut out)?;
                        if json {
                            json_rows.push(&mut out, &row).map_err(output_failed)?;
                        }
                    }
                    Err(Refused::Unreadable(error)) => {
                        outcome.bad_input = true;
                        summary.malformed += 1;
                        errln!("{name}: {error}")?;
                    }
                    Err(Refused::NotRated(message)) => {
                        outcome.bad_input = true;
                        summary.not_rated += 1;
                        errln!("{name}: {message}")?;
                    }
                }
            }
            if let Some(csv) = csv {
                let bytes = csv.into_inner().map_err(|error| {
                    Halt::OutputFailed(format!("cannot write CSV: {}", error.error()))
                })?;
                csv_header_written |= !bytes.is_empty();
                out.write_all(&bytes).map_err(output_failed)?;
            }
            out.flush().map_err(output_failed)?;
        }
        summary.finish(file_started.elapsed().as_secs_f64());
        match args.format {
            RateFormat::Table => {
                out.write_all(summary.table().as_bytes()).map_err(output_failed)?
            }
            RateFormat::Json => {
                json_rows.close(&mut out).map_err(output_failed)?;
                summary.write_json_tail(&mut out).map_err(output_failed)?;
            }
            RateFormat::Csv => {}
        }
        out.flush().map_err(output_failed)?;
    }
    if json {
        json_files.close(&mut out).map_err(output_failed)?;
        out.write_all(b"\n}\n").map_err(output_failed)?;
    }
    out.flush().map_err(output_failed)?;
    let seconds = started.elapsed().as_secs_f64();
    // The process's CPU time, which other programs' time slices are not part of: the work
    // the rating took, whatever else the machine ran. Left out where the system does not say.
    let cpu = match cpu_at_start.zip(sudoku_engines::clock::process_cpu_seconds()) {
        Some((start, end)) => format!(", {:.2} CPU seconds", end - start),
        None => String::new(),
    };
    errln!(
        "sudoku: rated {} in {seconds:.2} s ({}{cpu})",
        plural(total as u64, "puzzle"),
        plural(threads as u64, "thread")
    )
}

/// Why a puzzle of a file gets no row.
enum Refused {
    /// It could not be read.
    Unreadable(ReadError),
    /// The scale asked for does not rate it (Sudoku Explainer's, a puzzle with rules with
    /// numbers and lines).
    NotRated(String),
}

/// The raters of the two scales, and the one `--scale` chose, if it chose one.
struct Raters {
    explainer: Rater,
    workbench: Rater,
    chosen: Option<Scale>,
}

impl Raters {
    /// The rater of `puzzle`: the scale chosen, or by default Sudoku Explainer's for the
    /// classic rules and layouts and the workbench's for rules with numbers and lines; `None`
    /// when the scale chosen does not rate it.
    fn of(&self, puzzle: &Puzzle) -> Option<&Rater> {
        let rater = match self.chosen {
            Some(Scale::Workbench) => &self.workbench,
            Some(Scale::Explainer) => &self.explainer,
            None if self.explainer.takes(&puzzle.grid) => &self.explainer,
            None => &self.workbench,
        };
        rater.takes(&puzzle.grid).then_some(rater)
    }
}

/// The depth of a file's keys in the JSON document (its object is an element of `files`).
const FILE_DEPTH: usize = 3;

/// Writes the opening of a file's object in the JSON document, up to its `puzzles` key: the
/// rows follow as they are rated, the summary after them ([`Summary::write_json_tail`]).
fn write_json_opening(out: &mut dyn Write, name: &str) -> io::Result<()> {
    out.write_all(b"{\n")?;
    indent(out, FILE_DEPTH)?;
    out.write_all(b"\"file\": ")?;
    write_pretty(out, &name, FILE_DEPTH)?;
    out.write_all(b",\n")?;
    indent(out, FILE_DEPTH)?;
    out.write_all(b"\"puzzles\": ")
}

/// Whether a puzzle read (or a puzzle that could not be read) is rated by this part of the
/// run: every one without `--shard`. A problem before the first puzzle (an empty file) is
/// every part's.
fn in_shard(shard: Option<Shard>, item: &Result<Puzzle, ReadError>) -> bool {
    let number = match item {
        Ok(puzzle) => Some(puzzle.number),
        Err(error) => error.place.puzzle,
    };
    match (shard, number) {
        (Some(shard), Some(number)) => shard.holds(number),
        _ => true,
    }
}

/// Writes a puzzle's line of the table (with `--each`) or its CSV row.
fn write_row(
    args: &RateArgs,
    row: &Row,
    csv: Option<&mut csv::Writer<Vec<u8>>>,
    out: &mut dyn Write,
) -> Written {
    if let Some(csv) = csv {
        return csv
            .serialize(row)
            .map_err(|error| Halt::OutputFailed(format!("cannot write CSV: {error}")));
    }
    if args.format == RateFormat::Table && args.each {
        let hardest = row.hardest.unwrap_or("nothing to do");
        let what = match (row.solutions.as_str(), row.end) {
            (_, GAVE_UP) if row.out_of_work => format!(
                "gave up at the work budget after {}, not rated: {}/{}/{}, {hardest} \
                 the hardest step so far",
                plural(row.steps as u64, "step"),
                row.difficulty,
                row.pearl,
                row.diamond
            ),
            (_, GAVE_UP) => format!(
                "gave up counting solutions at the budget of {}",
                plural(args.budget.0.unwrap_or_default(), "node")
            ),
            ("0", _) => "no solution".to_owned(),
            ("2+", _) => format!("several solutions; {hardest} before stuck"),
            (_, "stuck") => format!(
                "needs guessing after {}; {hardest} before",
                plural(row.steps as u64, "step")
            ),
            // As the puzzle community writes Sudoku Explainer's ratings: ER/EP/ED.
            _ => format!(
                "{}/{}/{} {hardest}, {}",
                row.difficulty,
                row.pearl,
                row.diamond,
                plural(row.steps as u64, "step")
            ),
        };
        writeln!(out, "{}: puzzle {}, line {}: {what}", row.file, row.number, row.line)
            .map_err(output_failed)?;
    }
    Ok(())
}

/// The `end` of a puzzle whose count gave up at the budget, or whose chains ran out of the
/// work budget: it is not rated.
const GAVE_UP: &str = "gave-up";

/// One of a puzzle's figures (ER, EP, ED) in the rating columns: a number only for a rated
/// puzzle. A puzzle whose chains ran out of the work budget shows what its path had reached,
/// marked as a lower bound (`>=11.8`: the whole path would need at least that, and a harder
/// step may have been next); one whose count gave up, nothing (its path was not walked, or
/// may have needed guessing).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Figure {
    Rated(f64),
    AtLeast(f64),
    Unknown,
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Figure::Rated(value) => write!(f, "{value:.1}"),
            Figure::AtLeast(value) => write!(f, ">={value:.1}"),
            Figure::Unknown => f.write_str("-"),
        }
    }
}

/// A number in CSV and JSON when rated; the text `>=11.8` for a lower bound, never a number;
/// an empty field (CSV) or `null` (JSON) when unknown.
impl Serialize for Figure {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Figure::Rated(value) => serializer.serialize_f64(value),
            Figure::AtLeast(_) => serializer.collect_str(self),
            Figure::Unknown => serializer.serialize_none(),
        }
    }
}

/// A puzzle's rating, as a table line, a CSV row and a JSON record.
#[derive(Serialize)]
struct Row {
    file: String,
    number: usize,
    line: usize,
    size: String,
    clues: usize,
    /// `0`, `1` or `2+`; `0+?` or `1+?` when the count gave up at the budget (as `sudoku
    /// count` writes it).
    solutions: String,
    /// The hardest technique's name, if any step was taken.
    hardest: Option<&'static str>,
    /// Its machine name.
    hardest_key: Option<&'static str>,
    /// The rating, the hardest step's difficulty: Sudoku Explainer's ER on its scale, the
    /// workbench's difficulty of the technique on the workbench's.
    difficulty: Figure,
    /// Sudoku Explainer's EP: the hardest difficulty up to the first placement.
    pearl: Figure,
    /// Sudoku Explainer's ED: the first step's difficulty.
    diamond: Figure,
    steps: usize,
    /// `solved`, `stuck` (needs guessing), `broken` (no solution) or `gave-up` (the count gave
    /// up at the budget, or the chains at the work budget: not rated).
    end: &'static str,
    /// The band of the rating; none for a puzzle not rated.
    band: Option<&'static str>,
    /// The scale whose ladder rated it: `explainer` or `workbench`.
    scale: &'static str,
    /// How many steps of each technique the path took, in the ladder's order, as
    /// `key:count` separated by spaces (`hidden-single-box:31 cage-combinations:12 ...`).
    techniques: String,
    /// The hardest technique, for the file's summary.
    #[serde(skip)]
    technique: Option<Technique>,
    /// With `--check-steps`, the first step that does not hold in the solution, described.
    #[serde(skip)]
    unsound: Option<String>,
    /// Whether the chains ran out of the work budget (the count finished): the figures are
    /// lower bounds.
    #[serde(skip)]
    out_of_work: bool,
}

impl Row {
    fn rate(
        file: &str,
        puzzle: &Puzzle,
        rater: &Rater,
        engines: &mut EnginesBySize,
        check: bool,
    ) -> Row {
        // The steps are kept only to be checked: a rating needs only the hardest, the count
        // and how many steps of each technique.
        let mut steps: Vec<Step> = Vec::new();
        let mut by_technique = [0usize; Technique::ALL.len()];
        // The solution, as the count found it on the way (the puzzle counted to one).
        let mut solution: Option<Grid> = None;
        let walked = rater.walk(
            &puzzle.grid,
            &mut |grid, limits| {
                let outcome = engines.solve(grid, limits);
                if check && outcome.count == 1 && grid == &puzzle.grid {
                    solution.clone_from(&outcome.solution);
                }
                outcome
            },
            |_, step| {
                if let Some(at) = Technique::ALL.iter().position(|&t| t == step.technique) {
                    by_technique[at] += 1;
                }
                if check {
                    steps.push(step.clone());
                }
            },
        );
        let unsound = (check && walked.solutions == Verdict::Exactly(1))
            .then(|| {
                let solution = solution
                    .or_else(|| engines.solve(&puzzle.grid, Limits::count_up_to(1)).solution)?;
                let unsound = steps.iter().find(|step| !step.holds_in(&solution))?;
                Some(unsound.describe(puzzle.grid.size()))
            })
            .flatten();
        let rating = walked.rating();
        let hardest = walked.hardest;
        let out_of_work = rating.is_none()
            && walked.end == Some(End::GaveUp)
            && !matches!(walked.solutions, Verdict::GaveUp(_));
        let figure = |value: f64| match (rating, out_of_work) {
            (Some(_), _) => Figure::Rated(value),
            (None, true) => Figure::AtLeast(value),
            (None, false) => Figure::Unknown,
        };
        Row {
            file: file.to_owned(),
            number: puzzle.number,
            line: puzzle.line,
            size: puzzle.grid.size().ascii_name(),
            clues: puzzle.grid.clue_count(),
            solutions: walked.solutions.to_string(),
            hardest: hardest.map(Technique::name),
            hardest_key: hardest.map(Technique::key),
            difficulty: figure(walked.difficulty),
            steps: walked.steps,
            end: match rating.map(|rating| rating.end) {
                Some(End::Solved) => "solved",
                Some(End::Stuck) => "stuck",
                Some(End::Broken) => "broken",
                Some(End::GaveUp) | None => GAVE_UP,
            },
            band: rating.map(|rating| Band::of(&rating).name()),
            scale: match rater.scale() {
                Scale::Explainer => "explainer",
                Scale::Workbench => "workbench",
            },
            techniques: Technique::ALL
                .iter()
                .zip(by_technique)
                .filter(|&(_, count)| count > 0)
                .map(|(technique, count)| format!("{}:{count}", technique.key()))
                .collect::<Vec<_>>()
                .join(" "),
            pearl: figure(walked.pearl),
            diamond: figure(walked.diamond),
            technique: hardest,
            unsound,
            out_of_work,
        }
    }
}

/// A file's puzzles by hardest technique: counts only, so its memory does not grow with the
/// file.
struct Summary {
    file: String,
    puzzles: usize,
    malformed: usize,
    /// Puzzles the scale asked for does not rate.
    not_rated: usize,
    /// Puzzles with one solution solved by techniques, by hardest technique (the order of
    /// [`Technique::ALL`]).
    counts: [usize; Technique::ALL.len()],
    /// The same puzzles by rating in tenths (a step may rate above its technique), for the
    /// median: a few dozen entries whatever the file's length.
    by_tenths: std::collections::BTreeMap<u32, usize>,
    /// Puzzles with one solution already solved as given.
    already_solved: usize,
    /// Puzzles with one solution on which every technique got stuck.
    needs_guessing: usize,
    no_solution: usize,
    several_solutions: usize,
    /// Puzzles whose count gave up at the budget: not rated.
    gave_up: usize,
    /// Puzzles whose chains ran out of the work budget: not rated.
    out_of_work: usize,
    seconds: f64,
}

/// The figures of a file's JSON object that follow its puzzles, in the order they are written.
#[derive(Serialize)]
struct JsonTail {
    malformed: usize,
    /// Left out when 0: only a `--scale` that does not rate some puzzle has any.
    #[serde(skip_serializing_if = "is_zero")]
    not_rated: usize,
    by_hardest: Vec<TechniqueCount>,
    already_solved: usize,
    needs_guessing: usize,
    no_solution: usize,
    several_solutions: usize,
    /// Left out when 0, so a run where every count finished reads as before `--budget`.
    #[serde(skip_serializing_if = "is_zero")]
    gave_up: usize,
    /// Puzzles whose chains ran out of the work budget; left out when 0.
    #[serde(skip_serializing_if = "is_zero")]
    gave_up_at_work_budget: usize,
    /// Median rating of the puzzles solved by techniques.
    median_difficulty: Option<f64>,
    seconds: f64,
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

#[derive(Serialize)]
struct TechniqueCount {
    technique: &'static str,
    key: &'static str,
    difficulty: f64,
    puzzles: usize,
}

impl Summary {
    fn new(file: &str) -> Summary {
        Summary {
            file: file.to_owned(),
            puzzles: 0,
            malformed: 0,
            not_rated: 0,
            counts: [0; Technique::ALL.len()],
            by_tenths: std::collections::BTreeMap::new(),
            already_solved: 0,
            needs_guessing: 0,
            no_solution: 0,
            several_solutions: 0,
            gave_up: 0,
            out_of_work: 0,
            seconds: 0.0,
        }
    }

    fn add(&mut self, row: &Row) {
        self.puzzles += 1;
        match (row.solutions.as_str(), row.end, row.technique) {
            (_, GAVE_UP, _) if row.out_of_work => self.out_of_work += 1,
            (_, GAVE_UP, _) => self.gave_up += 1,
            ("0", _, _) => self.no_solution += 1,
            ("2+", _, _) => self.several_solutions += 1,
            (_, "solved", None) => self.already_solved += 1,
            (_, "solved", Some(technique)) => {
                if let Some(index) = Technique::ALL.iter().position(|&t| t == technique) {
                    self.counts[index] += 1;
                }
                if let Figure::Rated(difficulty) = row.difficulty {
                    *self.by_tenths.entry((difficulty * 10.0).round() as u32).or_default() += 1;
                }
            }
            _ => self.needs_guessing += 1,
        }
    }

    /// Records the time the file took, once every puzzle is in.
    fn finish(&mut self, seconds: f64) {
        self.seconds = seconds;
    }

    /// The puzzles solved by techniques, by hardest technique, easiest first.
    fn by_hardest(&self) -> Vec<TechniqueCount> {
        Technique::ALL
            .iter()
            .zip(self.counts)
            .filter(|&(_, puzzles)| puzzles > 0)
            .map(|(&technique, puzzles)| TechniqueCount {
                technique: technique.name(),
                key: technique.key(),
                difficulty: technique.difficulty(),
                puzzles,
            })
            .collect()
    }

    /// The median rating of the puzzles solved by techniques (the upper one of an even
    /// number).
    fn median(&self) -> Option<f64> {
        let middle = self.by_tenths.values().sum::<usize>() / 2;
        let mut below = 0;
        for (&tenths, &puzzles) in &self.by_tenths {
            below += puzzles;
            if below > middle {
                return Some(f64::from(tenths) / 10.0);
            }
        }
        None
    }

    /// Writes the figures of the file's JSON object that follow its puzzles, and closes it.
    fn write_json_tail(&self, out: &mut dyn Write) -> io::Result<()> {
        let tail = JsonTail {
            malformed: self.malformed,
            not_rated: self.not_rated,
            by_hardest: self.by_hardest(),
            already_solved: self.already_solved,
            needs_guessing: self.needs_guessing,
            no_solution: self.no_solution,
            several_solutions: self.several_solutions,
            gave_up: self.gave_up,
            gave_up_at_work_budget: self.out_of_work,
            median_difficulty: self.median(),
            seconds: self.seconds,
        };
        // The tail's own object, `{` and all, at the file's depth: its fields go on after the
        // file's puzzles.
        let mut text = Vec::new();
        write_pretty(&mut text, &tail, FILE_DEPTH - 1)?;
        out.write_all(b",")?;
        out.write_all(text.strip_prefix(b"{").unwrap_or(&text))
    }

    /// The file's table: puzzles by hardest technique, with shares of the file.
    fn table(&self) -> String {
        let share = |count: usize| 100.0 * count as f64 / self.puzzles.max(1) as f64;
        // The heading and the last line are notes, wrapped to the output's width.
        let heading = format!(
            "{}: {} rated in {:.2} s",
            self.file,
            plural(self.puzzles as u64, "puzzle"),
            self.seconds
        );
        let mut text = format!("{}\n", wrap(&heading, 2));
        text.push_str(&format!(
            "  {:<30} {:>10} {:>8} {:>7}\n",
            "hardest technique", "difficulty", "puzzles", "share"
        ));
        for count in &self.by_hardest() {
            text.push_str(&format!(
                "  {:<30} {:>10.1} {:>8} {:>6.1}%\n",
                count.technique,
                count.difficulty,
                count.puzzles,
                share(count.puzzles)
            ));
        }
        for (label, count) in [
            ("(solved as given)", self.already_solved),
            ("needs guessing", self.needs_guessing),
            ("several solutions", self.several_solutions),
            ("no solution", self.no_solution),
            ("gave up counting solutions", self.gave_up),
            ("gave up at the work budget", self.out_of_work),
        ] {
            if count > 0 {
                text.push_str(&format!(
                    "  {label:<30} {:>10} {count:>8} {:>6.1}%\n",
                    "-",
                    share(count)
                ));
            }
        }
        let solved: usize = self.counts.iter().sum::<usize>() + self.already_solved;
        let mut last = format!(
            "  solved without guessing: {solved} of {} ({:.1}%)",
            self.puzzles,
            share(solved)
        );
        if let Some(median) = self.median() {
            last.push_str(&format!("; median rating {median:.1}"));
        }
        if self.malformed > 0 {
            last.push_str(&format!("; {} malformed", self.malformed));
        }
        if self.not_rated > 0 {
            last.push_str(&format!("; {} not on the scale asked for", self.not_rated));
        }
        text.push_str(&wrap(&last, 2));
        text.push_str("\n\n");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_from_the_counts_is_the_median_of_every_rating() {
        let mut summary = Summary::new("file");
        // Ratings given out of order, some between techniques' difficulties (a long unique
        // loop, a BUG of type 3), so that sorting and tenths matter.
        let mut ratings = vec![7.5, 1.2, 4.6, 1.2, 5.8, 2.3, 1.2, 4.6, 9.0, 2.3, 4.6];
        for &rating in &ratings {
            *summary.by_tenths.entry((rating * 10.0_f64).round() as u32).or_default() += 1;
        }
        ratings.sort_by(f64::total_cmp);
        while let Some(&last) = ratings.last() {
            assert_eq!(summary.median(), Some(ratings[ratings.len() / 2]), "{ratings:?}");
            // One puzzle fewer of the hardest rating counted.
            let (&tenths, count) = summary.by_tenths.iter_mut().next_back().unwrap();
            assert_eq!(f64::from(tenths) / 10.0, last);
            *count -= 1;
            if *count == 0 {
                summary.by_tenths.remove(&tenths);
            }
            ratings.pop();
        }
        assert_eq!(summary.median(), None);
    }

    use crate::explain::tests::{KILLER, KILLER_SOLUTION, variant_puzzle};

    fn raters(chosen: Option<Scale>) -> Raters {
        Raters {
            explainer: Rater::of_scale(Scale::Explainer, true),
            workbench: Rater::of_scale(Scale::Workbench, true),
            chosen,
        }
    }

    #[test]
    fn a_variant_rates_on_the_workbenchs_scale_with_its_steps_by_technique() {
        let puzzle = variant_puzzle(&".".repeat(81), &KILLER);
        let raters = raters(None);
        let rater = raters.of(&puzzle).expect("rated by default");
        assert_eq!(rater.scale(), Scale::Workbench);
        let row = Row::rate("killer", &puzzle, rater, &mut EnginesBySize::default(), true);
        assert_eq!((row.scale, row.end, row.solutions.as_str()), ("workbench", "solved", "1"));
        assert_eq!(row.unsound, None, "every step holds in the solution");
        let Figure::Rated(difficulty) = row.difficulty else { panic!("rated: {}", row.difficulty) };
        assert!(difficulty >= Technique::CageCombinations.difficulty());
        assert_eq!(row.hardest, row.technique.map(Technique::name));
        let counts: Vec<(&str, usize)> = row
            .techniques
            .split(' ')
            .map(|pair| {
                let (key, count) = pair.split_once(':').expect("key:count");
                (key, count.parse().expect("a count"))
            })
            .collect();
        assert!(counts.iter().any(|&(key, count)| key == "cage-combinations" && count > 0));
        assert!(counts.iter().any(|&(key, _)| Some(key) == row.hardest_key), "{counts:?}");
        assert_eq!(counts.iter().map(|&(_, count)| count).sum::<usize>(), row.steps);
        // Given its solution's first row, it rates no harder.
        let mut line = KILLER_SOLUTION[..9].to_owned();
        line.push_str(&".".repeat(72));
        let more = variant_puzzle(&line, &KILLER);
        let easier = Row::rate("killer", &more, rater, &mut EnginesBySize::default(), true);
        assert_eq!(easier.end, "solved");
        let Figure::Rated(easier_difficulty) = easier.difficulty else { panic!("rated") };
        assert!(easier_difficulty <= difficulty, "{easier_difficulty} > {difficulty}");
    }

    #[test]
    fn the_scale_asked_for_rates_a_puzzle_or_refuses_it() {
        let variant = variant_puzzle(&".".repeat(81), &KILLER);
        let classic = variant_puzzle(&".".repeat(81), &[]);
        assert!(classic.grid.layout().is_none());
        let by_default = raters(None);
        assert_eq!(by_default.of(&classic).map(Rater::scale), Some(Scale::Explainer));
        assert_eq!(by_default.of(&variant).map(Rater::scale), Some(Scale::Workbench));
        let explainer = raters(Some(Scale::Explainer));
        assert!(explainer.of(&variant).is_none());
        assert_eq!(explainer.of(&classic).map(Rater::scale), Some(Scale::Explainer));
        let workbench = raters(Some(Scale::Workbench));
        assert_eq!(workbench.of(&classic).map(Rater::scale), Some(Scale::Workbench));
    }
}
