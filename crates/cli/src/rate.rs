//! `sudoku rate`: how hard each puzzle is for people, and how a file's puzzles spread over the
//! techniques.
//!
//! Puzzles are read in chunks and rated in parallel (a rayon pool), each chunk's results kept
//! in input order, so a corpus of any length streams with the memory of one chunk (JSON, which
//! holds every row, excepted). Each puzzle's solutions are first counted to two by the fastest
//! engine for its size: uniqueness techniques are used only where there is one.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use sudoku_core::{Engine, Grid, Limits, Puzzle, PuzzleReader, ReadError, Size};
use sudoku_engines::default_engine_for;
use sudoku_logic::{Band, End, Rater, Rating, Technique};

use crate::args::{RateArgs, RateFormat};
use crate::console::{Halt, Written, errln, plural};
use crate::exit;
use crate::solve::{display_name, open_input, output_failed};

/// Puzzles read and rated at a time.
const CHUNK: usize = 2048;

/// Runs `sudoku rate`; returns the exit code.
pub fn run(args: &RateArgs) -> u8 {
    let mut bad_input = false;
    let code = |bad: bool| if bad { exit::BAD_INPUT } else { exit::SUCCESS };
    match rate_all(args, &mut bad_input) {
        Ok(()) => code(bad_input),
        Err(halt) => halt.exit_code(code(bad_input)),
    }
}

fn rate_all(args: &RateArgs, bad_input: &mut bool) -> Written {
    let threads = args.threads.map_or_else(rayon::current_num_threads, |t| t as usize);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(error) => {
            *bad_input = true;
            return errln!("sudoku: cannot start {threads} worker threads: {error}");
        }
    };
    let rater = Rater::new(!args.no_uniqueness);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut csv_header_written = false;
    let mut json_files = Vec::new();
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() { &stdin_only[..] } else { &args.files[..] };
    let started = Instant::now();
    let mut total = 0usize;
    for file in files {
        let name = display_name(file);
        let input = match open_input(file) {
            Ok(input) => input,
            Err(message) => {
                *bad_input = true;
                errln!("sudoku: {message}")?;
                continue;
            }
        };
        let file_started = Instant::now();
        let mut summary = Summary::new(&name);
        let mut rows = Vec::new();
        let mut reader = PuzzleReader::with_options(input, args.input.options());
        loop {
            let chunk: Vec<Result<Puzzle, ReadError>> = reader.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let rated: Vec<Result<Row, ReadError>> = pool.install(|| {
                chunk
                    .into_par_iter()
                    .map_init(EngineCache::default, |engines, item| {
                        item.map(|puzzle| Row::rate(&name, &puzzle, &rater, engines))
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
                        write_row(args, &row, csv.as_mut(), &mut out)?;
                        if args.format == RateFormat::Json {
                            rows.push(row);
                        }
                    }
                    Err(error) => {
                        *bad_input = true;
                        summary.malformed += 1;
                        errln!("{name}: {error}")?;
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
        }
        summary.finish(file_started.elapsed().as_secs_f64());
        match args.format {
            RateFormat::Table => {
                out.write_all(summary.table().as_bytes()).map_err(output_failed)?
            }
            RateFormat::Json => json_files.push(JsonFile { summary, puzzles: rows }),
            RateFormat::Csv => {}
        }
        out.flush().map_err(output_failed)?;
    }
    if args.format == RateFormat::Json {
        let document = serde_json::json!({ "files": json_files });
        serde_json::to_writer_pretty(&mut out, &document)
            .map_err(|error| Halt::from_output(&io::Error::from(error), "the output"))?;
        writeln!(out).map_err(output_failed)?;
    }
    out.flush().map_err(output_failed)?;
    let seconds = started.elapsed().as_secs_f64();
    errln!(
        "sudoku: rated {} in {seconds:.2} s ({})",
        plural(total as u64, "puzzle"),
        plural(threads as u64, "thread")
    )
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
            ("0", _) => "no solution".to_owned(),
            ("2+", _) => format!("several solutions; {hardest} before stuck"),
            (_, "stuck") => format!("needs guessing after {} steps; {hardest} before", row.steps),
            _ => format!("{:.1} {hardest}, {}", row.difficulty, plural(row.steps as u64, "step")),
        };
        writeln!(out, "{}: puzzle {}, line {}: {what}", row.file, row.number, row.line)
            .map_err(output_failed)?;
    }
    Ok(())
}

/// One engine per size, for counting solutions on one worker.
#[derive(Default)]
struct EngineCache {
    engines: Vec<(Size, Box<dyn Engine>)>,
}

impl EngineCache {
    /// Solutions of `puzzle`, counted to two.
    fn count(&mut self, puzzle: &Grid) -> u32 {
        let size = puzzle.size();
        let index = match self.engines.iter().position(|(made, _)| *made == size) {
            Some(index) => index,
            None => {
                self.engines.push((size, default_engine_for(size).create()));
                self.engines.len() - 1
            }
        };
        self.engines[index].1.solve(puzzle, Limits::UNIQUE).count
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
    /// `0`, `1` or `2+`.
    solutions: String,
    /// The hardest technique's name, if any step was taken.
    hardest: Option<&'static str>,
    /// Its machine name.
    hardest_key: Option<&'static str>,
    difficulty: f64,
    steps: usize,
    /// `solved`, `stuck` (needs guessing) or `broken` (no solution).
    end: &'static str,
    band: &'static str,
}

impl Row {
    fn rate(file: &str, puzzle: &Puzzle, rater: &Rater, engines: &mut EngineCache) -> Row {
        let count = engines.count(&puzzle.grid);
        let rating = rater.rate(&puzzle.grid, count == 1);
        Row {
            file: file.to_owned(),
            number: puzzle.number,
            line: puzzle.line,
            size: format!("{0}x{0}", puzzle.grid.size().side()),
            clues: puzzle.grid.clue_count(),
            solutions: match count {
                0 | 1 => count.to_string(),
                _ => "2+".to_owned(),
            },
            hardest: rating.hardest.map(Technique::name),
            hardest_key: rating.hardest.map(Technique::key),
            difficulty: rating.difficulty,
            steps: rating.steps,
            end: end_name(&rating),
            band: Band::of(&rating).name(),
        }
    }
}

fn end_name(rating: &Rating) -> &'static str {
    match rating.end {
        End::Solved => "solved",
        End::Stuck => "stuck",
        End::Broken => "broken",
    }
}

/// A file's puzzles by hardest technique.
#[derive(Serialize)]
struct Summary {
    file: String,
    puzzles: usize,
    malformed: usize,
    /// Puzzles with one solution solved by techniques, by hardest technique (easiest first).
    by_hardest: Vec<TechniqueCount>,
    /// Puzzles with one solution already solved as given.
    already_solved: usize,
    /// Puzzles with one solution on which every technique got stuck.
    needs_guessing: usize,
    no_solution: usize,
    several_solutions: usize,
    /// Median rating of the puzzles solved by techniques.
    median_difficulty: Option<f64>,
    seconds: f64,
    #[serde(skip)]
    counts: [usize; Technique::ALL.len()],
    #[serde(skip)]
    difficulties: Vec<f64>,
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
            by_hardest: Vec::new(),
            already_solved: 0,
            needs_guessing: 0,
            no_solution: 0,
            several_solutions: 0,
            median_difficulty: None,
            seconds: 0.0,
            counts: [0; Technique::ALL.len()],
            difficulties: Vec::new(),
        }
    }

    fn add(&mut self, row: &Row) {
        self.puzzles += 1;
        match (row.solutions.as_str(), row.end, row.hardest_key) {
            ("0", _, _) => self.no_solution += 1,
            ("2+", _, _) => self.several_solutions += 1,
            (_, "solved", None) => self.already_solved += 1,
            (_, "solved", Some(key)) => {
                let index = Technique::ALL.iter().position(|t| t.key() == key);
                self.counts[index.expect("a technique of the ladder")] += 1;
                self.difficulties.push(row.difficulty);
            }
            _ => self.needs_guessing += 1,
        }
    }

    /// Fills the figures made from the counts, once every puzzle is in.
    fn finish(&mut self, seconds: f64) {
        self.seconds = seconds;
        self.median_difficulty = self.median();
        self.by_hardest = Technique::ALL
            .iter()
            .zip(self.counts)
            .filter(|&(_, puzzles)| puzzles > 0)
            .map(|(&technique, puzzles)| TechniqueCount {
                technique: technique.name(),
                key: technique.key(),
                difficulty: technique.difficulty(),
                puzzles,
            })
            .collect();
    }

    fn median(&self) -> Option<f64> {
        let mut sorted = self.difficulties.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied()
    }

    /// The file's table: puzzles by hardest technique, with shares of the file.
    fn table(&self) -> String {
        let share = |count: usize| 100.0 * count as f64 / self.puzzles.max(1) as f64;
        let mut text = format!(
            "{}: {} rated in {:.2} s\n",
            self.file,
            plural(self.puzzles as u64, "puzzle"),
            self.seconds
        );
        text.push_str(&format!(
            "  {:<30} {:>10} {:>8} {:>7}\n",
            "hardest technique", "difficulty", "puzzles", "share"
        ));
        for count in &self.by_hardest {
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
        text.push_str(&format!(
            "  solved without guessing: {solved} of {} ({:.1}%)",
            self.puzzles,
            share(solved)
        ));
        if let Some(median) = self.median_difficulty {
            text.push_str(&format!("; median rating {median:.1}"));
        }
        if self.malformed > 0 {
            text.push_str(&format!("; {} malformed", self.malformed));
        }
        text.push_str("\n\n");
        text
    }
}

/// A file of the JSON document.
#[derive(Serialize)]
struct JsonFile {
    #[serde(flatten)]
    summary: Summary,
    puzzles: Vec<Row>,
}
