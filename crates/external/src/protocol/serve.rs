//! The engine's side: any engine of the registry served over the protocol, so that a built-in
//! engine can stand in for an engine from outside (to measure what the protocol costs, or to
//! test a harness), and so that the protocol's two sides are tested against each other.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::time::{Duration, Instant};

use sudoku_core::lines::{self, Line};
use sudoku_core::{Feature, Grid, Limits, Outcome};
use sudoku_engines::{EngineInfo, clock};

use super::wire::{self, VERSION};
use crate::process::{MAX_LINE, quote};

/// Serves `engine` over the protocol: reads requests from `input`, writes the handshake and
/// the answers to `output`, one line each, in request order.
///
/// Requests are taken in batches: every whole request waiting in the input buffer is read
/// first, the batch's puzzles are then solved one after the other with nothing else between
/// the calls, as a solver's own driver calls it, and the answers are written and flushed
/// together (a batch's answers are sent early when its solves have taken `FLUSH_AFTER`). A
/// harness that sends requests ahead (as this workbench's does, [`super::WINDOW`] at a time)
/// then costs the engine one read and one write for many puzzles rather than for each, and the
/// calls it times are not interleaved with the pipes' work or the protocol's text.
///
/// Returns at `quit` or at the end of `input`; an error only when reading `input` or writing
/// `output` fails. Whatever the input holds, it answers: a request it cannot read is answered
/// `error ID MESSAGE` (`error - MESSAGE` when it has no readable id), a line longer than 1 MiB
/// too; a line of an unknown kind is ignored. A puzzle with a clue repeated in a unit is
/// answered `0` without a search (the engines may assume no such clue).
pub fn serve(engine: &EngineInfo, input: impl Read, output: impl Write) -> io::Result<()> {
    let mut served = Served {
        info: engine,
        solver: engine.create(),
        output: BufWriter::with_capacity(64 * 1024, output),
        batch: Vec::new(),
        clock: clock::Clock::default(),
    };
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let mut line = Vec::new();
    loop {
        let reply = match lines::read_line(&mut input, &mut line, MAX_LINE)? {
            Line::End => return served.answer_batch().and_then(|()| served.output.flush()),
            Line::TooLong => {
                lines::skip_line(&mut input)?;
                Some(format!("error - a request longer than {MAX_LINE} bytes\n"))
            }
            Line::Whole => match std::str::from_utf8(&line) {
                Err(_) => Some("error - a request that is not UTF-8\n".to_owned()),
                Ok(text) => {
                    let words: Vec<&str> = text.split_ascii_whitespace().collect();
                    match words.first().copied() {
                        Some("sudoku-protocol") => Some(handshake(engine)),
                        Some("ping") => Some("pong\n".to_owned()),
                        Some("quit") => {
                            served.answer_batch()?;
                            return served.output.flush();
                        }
                        Some("solve") => {
                            served.batch.push(read_solve(engine, &words[1..]));
                            None
                        }
                        // Blank lines, and requests of a later version, which this one ignores.
                        _ => None,
                    }
                }
            },
        };
        if let Some(reply) = reply {
            // In order: the batch's answers first.
            served.answer_batch()?;
            served.output.write_all(reply.as_bytes())?;
        }
        if !input.buffer().contains(&b'\n') || served.batch.len() >= MAX_BATCH {
            served.answer_batch()?;
            served.output.flush()?;
        }
    }
}

/// The longest a batch's answers wait for its other solves before they are sent.
pub const FLUSH_AFTER: Duration = Duration::from_millis(1);

/// The most requests read before their puzzles are solved.
const MAX_BATCH: usize = 64;

/// A `solve` request, read: its id and its puzzle and limits, or why it cannot be solved.
type Job = (String, Result<(Grid, Limits), String>);

/// A `solve` request, answered: its id and its outcome and time, or the error to answer.
type Solved = (String, Result<(Outcome, Duration), String>);

/// What `serve` keeps: the engine, the output, and the requests read and not yet answered.
struct Served<'a, W: Write> {
    info: &'a EngineInfo,
    solver: Box<dyn sudoku_core::Engine>,
    output: BufWriter<W>,
    batch: Vec<Job>,
    /// The clock of every call the worker makes.
    clock: clock::Clock,
}

impl<W: Write> Served<'_, W> {
    /// Solves the batch's puzzles one after the other, then writes their answers; answers are
    /// flushed early when the solves take [`FLUSH_AFTER`].
    ///
    /// The calls are timed on the clock the harness times an engine in its own process with
    /// ([`clock::Clock::time_calls`], one clock for the worker's life): a run of calls the scheduler interrupted is solved again, and
    /// answered with its first attempt's outcomes and its retimed times. So the same code
    /// reads the same in either place, however busy the machine.
    fn answer_batch(&mut self) -> io::Result<()> {
        let mut solved = Vec::with_capacity(self.batch.len());
        let mut since = Instant::now();
        let jobs: Vec<Job> = self.batch.drain(..).collect();
        for run in jobs.chunks(clock::BATCH) {
            let mut outcomes: Vec<Option<Outcome>> = vec![None; run.len()];
            let solver = self.solver.as_mut();
            let times = self.clock.time_calls(run.len(), clock::preemptions, |index, first| {
                let Ok((puzzle, limits)) = &run[index].1 else { return 0 };
                let (outcome, time) = solve(solver, puzzle, *limits);
                if first {
                    outcomes[index] = Some(outcome);
                }
                u64::try_from(time.as_nanos()).unwrap_or(u64::MAX)
            });
            for (((id, request), outcome), nanos) in run.iter().zip(outcomes).zip(times) {
                // Every request that can be solved was, on the run's first attempt.
                let answer = match request {
                    Err(message) => Err(message.clone()),
                    Ok(_) => outcome
                        .map(|outcome| (outcome, Duration::from_nanos(nanos)))
                        .ok_or_else(|| "the puzzle was not solved".to_owned()),
                };
                solved.push((id.clone(), answer));
            }
            if since.elapsed() >= FLUSH_AFTER {
                write_answers(self.info, &mut self.output, &mut solved)?;
                self.output.flush()?;
                since = Instant::now();
            }
        }
        write_answers(self.info, &mut self.output, &mut solved)
    }
}

/// Writes `solved` answers (or errors) and empties it.
///
/// An outcome that carries a failure (a library that returned an error code, or a reply its
/// checks refuse: see [`crate::native`]) is answered `error ID MESSAGE`, its message on one
/// line: the harness reads it as the protocol error the same failure is in its own process.
fn write_answers(
    info: &EngineInfo,
    output: &mut impl Write,
    solved: &mut Vec<Solved>,
) -> io::Result<()> {
    for (id, answer) in solved.drain(..) {
        let text = match answer {
            Ok((outcome, time)) => match &outcome.failure {
                Some(failure) => format!("error {id} {}\n", one_line(&failure.message)),
                None => wire::answer(&id, &outcome, (info.instrumented, info.guesses), time),
            },
            Err(message) => format!("error {id} {message}\n"),
        };
        output.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// `message` as one word-separated line of the protocol: control characters (line ends
/// included) become spaces, and an empty message says so.
fn one_line(message: &str) -> String {
    let words = message.split(|c: char| c.is_control() || c.is_whitespace());
    let line = words.filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ");
    if line.is_empty() { "failed, saying nothing".to_owned() } else { line }
}

/// Answers the harness's greeting with `error - PROBLEM` in place of a handshake, for an engine
/// that cannot start (a library that cannot be loaded): the harness reads why. Waits for the
/// greeting first (or the end of `input`), so that the answer is read, not lost with a closed
/// pipe.
pub fn refuse(problem: &str, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut line = Vec::new();
    let _ = lines::read_line(&mut input, &mut line, MAX_LINE)?;
    let problem = problem.lines().next().unwrap_or_default();
    writeln!(output, "error - {problem}")?;
    output.flush()
}

/// The engine's handshake, ending with `ready`.
fn handshake(engine: &EngineInfo) -> String {
    // The protocol speaks of square boxes only: a side names one grid.
    let sides: Vec<String> = engine
        .sizes()
        .filter(|size| size.is_square())
        .map(|size| size.side().to_string())
        .collect();
    let mut text = format!("protocol {VERSION}\nname {}\nsizes {}\n", engine.name, sides.join(" "));
    if engine.counts {
        text.push_str("feature counts\n");
    }
    if engine.instrumented {
        text.push_str("feature budget stats\n");
    } else if engine.guesses {
        text.push_str("feature guesses\n");
    }
    // The protocol carries a layout's houses, pairs and candidates, no constraint: an engine
    // served says it takes layouts, and is never sent a puzzle with constraints.
    if engine.features().has(Feature::Layouts) {
        text.push_str("feature layouts\n");
    }
    text.push_str("feature time\nready\n");
    text
}

/// The request of `solve` followed by `words` (id, limit, budget, puzzle): its id, and its
/// puzzle and limits or the error to answer (with `-` as the id when it has none).
fn read_solve(info: &EngineInfo, words: &[&str]) -> Job {
    let Some((&id, rest)) = words.split_first() else {
        return ("-".to_owned(), Err("the request has no id".to_owned()));
    };
    if id.is_empty() || id.len() > 20 || !id.bytes().all(|byte| byte.is_ascii_digit()) {
        return ("-".to_owned(), Err(format!("the id {} is not a number", quote(id))));
    }
    let request = match read_request(rest) {
        Ok((puzzle, _)) if !info.takes(&puzzle) => Err(info.refusal(&puzzle).unwrap_or_default()),
        request => request,
    };
    (id.to_owned(), request)
}

/// Solves `puzzle`: the outcome, and the time of the engine's call alone, as the harness
/// times an engine in its own process (or the part of it the engine says is its solve: a
/// library engine that makes a second call for the solution).
fn solve(
    engine: &mut dyn sudoku_core::Engine,
    puzzle: &Grid,
    limits: Limits,
) -> (Outcome, Duration) {
    if puzzle.first_broken().is_some() {
        return (Outcome::empty(), Duration::ZERO);
    }
    let started = Instant::now();
    let outcome = engine.solve(puzzle, limits);
    let elapsed = started.elapsed();
    let time = outcome.reported_time.map_or(elapsed, |reported| reported.min(elapsed));
    (outcome, time)
}

/// The limit, budget and puzzle of a request.
fn read_request(words: &[&str]) -> Result<(sudoku_core::Grid, Limits), String> {
    let [limit, budget, puzzle @ ..] = words else {
        return Err("the request has no limit and budget".to_owned());
    };
    let limit = match limit.parse::<u32>() {
        Ok(limit) if limit >= 1 => limit,
        _ => return Err(format!("the limit {} is not a number from 1", quote(limit))),
    };
    let mut limits = Limits::count_up_to(limit);
    if *budget != "-" {
        let nodes = budget
            .parse::<u64>()
            .map_err(|_| format!("the budget {} is neither a number nor '-'", quote(budget)))?;
        limits = limits.with_node_budget(nodes);
    }
    // The puzzle's words, then its layout's `KEY=VALUE` words.
    let layout_at = puzzle.iter().position(|word| word.contains('=')).unwrap_or(puzzle.len());
    let (puzzle, layout) = puzzle.split_at(layout_at);
    let puzzle = wire::with_layout(wire::read_puzzle(puzzle)?, layout)?;
    Ok((puzzle, limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(engine: &str, input: &[u8]) -> String {
        let info = sudoku_engines::find(engine).unwrap();
        let mut output = Vec::new();
        serve(info, input, &mut output).unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn the_handshake_says_what_the_engine_does() {
        let text = served("fast", b"sudoku-protocol 1\nping\nquit\nping\n");
        assert_eq!(
            text,
            "protocol 1\nname fast\nsizes 9\nfeature counts\nfeature budget stats\n\
             feature time\nready\npong\n"
        );
        assert!(served("dlx", b"sudoku-protocol 1\n").contains("sizes 4 9 16 25 36 49 64\n"));
    }

    /// An engine that fails every puzzle saying `message`, as a library's checks do.
    struct Failing(&'static str);

    impl sudoku_core::Engine for Failing {
        fn solve(&mut self, _: &Grid, _: Limits) -> Outcome {
            Outcome::failed(sudoku_core::FailureKind::ProtocolError, self.0)
        }
    }

    #[test]
    fn a_failed_outcome_is_answered_as_an_error() {
        for (message, said) in [
            (
                "claimed 9 solutions when asked for at most 1",
                "claimed 9 solutions when asked for at most 1",
            ),
            ("out of tea\nand of\r patience\t", "out of tea and of patience"),
            ("", "failed, saying nothing"),
        ] {
            let info = EngineInfo::external(
                "failing".to_owned(),
                "fails".to_owned(),
                sudoku_engines::Origin::BuiltIn,
                sudoku_engines::Timing::InProcess,
                move || Box::new(Failing(message)),
            );
            let blank = ".".repeat(81);
            let input = format!("solve 1 1 - {blank}\nsolve 2 2 5 {blank}\n");
            let mut output = Vec::new();
            serve(&info, input.as_bytes(), &mut output).unwrap();
            let text = String::from_utf8(output).unwrap();
            assert_eq!(text, format!("error 1 {said}\nerror 2 {said}\n"));
        }
    }

    #[test]
    fn every_bad_request_is_answered() {
        let long = format!("solve 1 1 - {}\n", "1".repeat(MAX_LINE + 10));
        let input = [
            "solve",
            "solve x",
            "solve 1",
            "solve 2 0 - 123",
            "solve 3 1 x 123",
            "solve 4 1 - 123",
            "solve 5 1 - 1234341221434321",
            "solve 6 1 - 1 2 3",
            "solve 7 1 - 1234341221434325",
            "what is this",
            "",
            "solve 8 1 0 .................................................................................",
            "solve 9 1 - 11...............................................................................",
        ]
        .join("\n");
        let mut bytes = input.into_bytes();
        bytes.extend_from_slice(b"\n\xff\xfe\n");
        bytes.extend_from_slice(long.as_bytes());
        bytes.extend_from_slice(b"ping");
        let text = served("fast", &bytes);
        let lines: Vec<&str> = text.lines().collect();
        let expected = [
            "error - the request has no id",
            "error - the id 'x' is not a number",
            "error 1 the request has no limit and budget",
            "error 2 the limit '0' is not a number from 1",
            "error 3 the budget 'x' is neither a number nor '-'",
            "error 4 a puzzle of 3 symbols has no size",
            "error 5 engine 'fast' solves 9×9 grids, not 4×4",
            "error 6 a puzzle of 3 numbers has no size",
            "error 7 symbol 16 of the grid is '5'",
            "answer 8 0 gave-up nodes=0 guesses=0 time-ns=",
            "answer 9 0 complete nodes=0 guesses=0 time-ns=",
            "error - a request that is not UTF-8",
            "error - a request longer than 1048576 bytes",
            "pong",
        ];
        assert_eq!(lines.len(), expected.len(), "{text}");
        for (line, expected) in lines.iter().zip(expected) {
            assert!(line.starts_with(expected), "{line:?} is not {expected:?}");
        }
    }
}
