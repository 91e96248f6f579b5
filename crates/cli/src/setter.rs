//! What `canon`, `candidates`, `minimize` and `count --list/--estimate` share: every puzzle of
//! every input answered on a pool of threads, a chunk at a time, and the answers written in
//! input order; the engine of each puzzle's size; the JSON document of their `-o json`; the
//! exit code.
//!
//! A chunk ends at [`CHUNK`] puzzles or at what the other end of a pipe has sent so far
//! ([`Input::would_wait`]), so a file streams with the memory of one chunk and a program that
//! sends a puzzle and waits gets its answer. The answer of each puzzle is computed on the pool;
//! what is written, and in what order, is decided here on one thread.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use rayon::prelude::*;
use serde::Serialize;
use sudoku_core::{Engine, Format, Grid, Puzzle, PuzzleReader, ReadError, ReadOptions};
use sudoku_engines::EnginesBySize;

use crate::console::{Halt, Written, errln, plural};
use crate::exit;
use crate::explain::JsonArray;
use crate::input::{Input, Output};
use crate::solve::{display_name, inputs, output_failed};

/// Puzzles answered at a time.
const CHUNK: usize = 4096;

/// What the writer is handed for each puzzle, in input order.
pub(crate) enum Item<T> {
    /// A puzzle read and its answer.
    Answered(Puzzle, T),
    /// A puzzle that could not be read: the message names its place; the error says whether a
    /// puzzle had started and in which format (a one-line puzzle still gets its line in
    /// one-line output: [`has_line`]).
    Unreadable(String, ReadError),
    /// A puzzle no engine of the run takes ([`answer_with_engines`]): why, in a sentence.
    Refused(Puzzle, String),
}

/// Whether the answer to a puzzle read in `format` (`None`: not known) is one line when the
/// command writes each answer in the puzzle's own format: then a puzzle without an answer
/// gets a placeholder line ([`crate::solve::UNREADABLE`], ...), so that line N of the output
/// answers puzzle N.
pub(crate) fn one_line(format: Option<Format>) -> bool {
    format == Some(Format::Line)
}

/// Whether an unreadable puzzle gets a placeholder line: it is a puzzle (not an input with
/// none), and the output is a line a puzzle (`always`) or the puzzle was a line.
pub(crate) fn has_line(error: &ReadError, always: bool) -> bool {
    error.place.puzzle.is_some() && (always || one_line(error.format))
}

/// Reads every puzzle of `files` (standard input when none), computes `answer` for each on
/// `threads` workers (one per core by default, each with the state `init` makes: its engines),
/// and hands each to `write` in input order with the output and the name of its input.
/// Returns whether some input could not be read (an unreadable file, a malformed puzzle: each
/// said on standard error with its place).
pub(crate) fn answer_all<S, T: Send>(
    files: &[PathBuf],
    options: ReadOptions,
    threads: Option<usize>,
    init: impl Fn() -> S + Sync + Send,
    answer: impl Fn(&mut S, &Puzzle) -> T + Sync + Send,
    mut write: impl FnMut(&mut Output, &str, Item<T>) -> Written,
) -> Result<bool, Halt> {
    let threads = threads.unwrap_or_else(rayon::current_num_threads);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(error) => {
            errln!("sudoku: cannot start {}: {error}", plural(threads as u64, "worker thread"))?;
            return Ok(true);
        }
    };
    let mut bad_input = false;
    let mut out: Output = BufWriter::new(io::stdout().lock());
    for file in inputs(files) {
        let name = display_name(file);
        let input = match Input::open(file, &mut out) {
            Ok(input) => input,
            Err(message) => {
                bad_input = true;
                errln!("sudoku: {message}")?;
                continue;
            }
        };
        let mut puzzles = PuzzleReader::with_options(input, options);
        loop {
            let chunk = read_chunk(&mut puzzles)?;
            if chunk.is_empty() {
                break;
            }
            let answers: Vec<Result<(Puzzle, T), ReadError>> = pool.install(|| {
                chunk
                    .into_par_iter()
                    .map_init(&init, |state, item| {
                        item.map(|puzzle| {
                            let answer = answer(state, &puzzle);
                            (puzzle, answer)
                        })
                    })
                    .collect()
            });
            for item in answers {
                let item = match item {
                    Ok((puzzle, answer)) => Item::Answered(puzzle, answer),
                    Err(error) => {
                        bad_input = true;
                        Item::Unreadable(format!("{name}: {error}"), error)
                    }
                };
                write(puzzles.get_mut().out(), &name, item)?;
            }
        }
        puzzles.get_mut().out().flush().map_err(output_failed)?;
    }
    out.flush().map_err(output_failed)?;
    Ok(bad_input)
}

/// The next chunk: at most [`CHUNK`] puzzles, and no more than the input has ready once one
/// is read.
fn read_chunk(
    puzzles: &mut PuzzleReader<Input<'_>>,
) -> Result<Vec<Result<Puzzle, ReadError>>, Halt> {
    let mut chunk = Vec::new();
    while chunk.len() < CHUNK {
        if !chunk.is_empty() && puzzles.get_mut().would_wait() {
            break;
        }
        let Some(item) = puzzles.next() else { break };
        chunk.push(item);
    }
    puzzles.get_mut().check().map_err(output_failed)?;
    Ok(chunk)
}

/// Says on standard error that a puzzle could not be answered, with its place as a read
/// error gives it: `FILE: puzzle N, line L: why`.
pub(crate) fn refuse(name: &str, puzzle: &Puzzle, why: &str) -> Written {
    errln!("{name}: puzzle {}, line {}: {why}", puzzle.number, puzzle.line)
}

/// [`answer_all`] for the commands whose answers need the engine of each puzzle's size (from
/// the workers' `engines`): a puzzle that no engine of the run solves is handed to `write` as
/// [`Item::Refused`] (which says it with [`refuse`] and records it in `outcomes`); `answer`
/// sees only the others (`write` with the run's `outcomes` to record what each answer came
/// to).
pub(crate) fn answer_with_engines<T: Send>(
    files: &[PathBuf],
    options: ReadOptions,
    threads: Option<usize>,
    engines: impl Fn() -> EnginesBySize + Sync + Send,
    answer: impl Fn(&mut dyn Engine, &Puzzle) -> T + Sync + Send,
    outcomes: &mut Outcomes,
    mut write: impl FnMut(&mut Outcomes, &mut Output, &str, Item<T>) -> Written,
) -> Result<bool, Halt> {
    answer_all(
        files,
        options,
        threads,
        engines,
        |engines, puzzle| engine_for(engines, &puzzle.grid).map(|engine| answer(engine, puzzle)),
        |out, name, item| match item {
            Item::Unreadable(message, error) => {
                write(outcomes, out, name, Item::Unreadable(message, error))
            }
            Item::Refused(puzzle, message) | Item::Answered(puzzle, Err(message)) => {
                outcomes.refused = true;
                write(outcomes, out, name, Item::Refused(puzzle, message))
            }
            Item::Answered(puzzle, Ok(answer)) => {
                write(outcomes, out, name, Item::Answered(puzzle, answer))
            }
        },
    )
}

/// The engine of `engines` for `puzzle`, or why there is none (the line a puzzle's refusal
/// gives).
fn engine_for<'e>(
    engines: &'e mut EnginesBySize,
    puzzle: &Grid,
) -> Result<&'e mut dyn Engine, String> {
    match engines.for_puzzle(puzzle) {
        Ok((_, engine)) => Ok(engine),
        Err(info) => Err(info.refusal(puzzle).unwrap_or_default()),
    }
}

/// The document of `-o json`, `{"puzzles": [...]}`, written a puzzle at a time; nothing at
/// all when the command writes text.
pub(crate) struct PuzzlesJson {
    puzzles: JsonArray,
    on: bool,
}

impl PuzzlesJson {
    /// Writes the document's opening when `on`.
    pub(crate) fn open(on: bool) -> Result<PuzzlesJson, Halt> {
        let mut puzzles = JsonArray::new(1);
        if on {
            let mut out = io::stdout().lock();
            out.write_all(b"{\n  \"puzzles\": ")
                .and_then(|()| puzzles.open(&mut out))
                .map_err(output_failed)?;
        }
        Ok(PuzzlesJson { puzzles, on })
    }

    /// Writes a puzzle's element.
    pub(crate) fn push(&mut self, out: &mut dyn Write, element: &impl Serialize) -> Written {
        self.puzzles.push(out, element).map_err(output_failed)
    }

    /// Writes the document's end, when it was opened.
    pub(crate) fn close(&mut self) -> Written {
        if self.on {
            let mut out = io::stdout().lock();
            self.puzzles
                .close(&mut out)
                .and_then(|()| out.write_all(b"\n}\n"))
                .and_then(|()| out.flush())
                .map_err(output_failed)?;
        }
        Ok(())
    }
}

/// What the puzzles of a run came to, for its exit code.
#[derive(Default)]
pub(crate) struct Outcomes {
    /// A puzzle no engine of the run could take (its size).
    pub(crate) refused: bool,
    /// An engine failed on a puzzle.
    pub(crate) failed: bool,
    /// A puzzle did not get the answer asked for (no solution, not minimal, a count cut
    /// short).
    pub(crate) unanswered: bool,
}

impl Outcomes {
    /// The exit code of a run that ended with `result` (whether some input was unreadable, or
    /// why the run halted): bad input first, then an engine's failure, then a puzzle not
    /// answered.
    pub(crate) fn exit_code(&self, result: Result<bool, Halt>) -> u8 {
        let code = |bad_input: bool| {
            if bad_input || self.refused {
                exit::BAD_INPUT
            } else if self.failed {
                exit::ENGINE_FAILED
            } else if self.unanswered {
                exit::UNSOLVED
            } else {
                exit::SUCCESS
            }
        };
        match result {
            Ok(bad_input) => code(bad_input),
            Err(halt) => halt.exit_code(code(false)),
        }
    }
}
