//! The engine's side: any engine of the registry served over the protocol, so that a built-in
//! engine can stand in for an engine from outside (to measure what the protocol costs, or to
//! test a harness), and so that the protocol's two sides are tested against each other.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::time::{Duration, Instant};

use sudoku_core::{Limits, Outcome};
use sudoku_engines::EngineInfo;

use super::VERSION;
use super::wire;
use crate::process::{MAX_LINE, quote};

/// Serves `engine` over the protocol: reads requests from `input`, writes the handshake and
/// the answers to `output`, one line each.
///
/// Answers are sent in batches: flushed when no whole request is waiting in the input buffer,
/// or when the oldest answer not yet sent is [`FLUSH_AFTER`] old. A harness that sends requests
/// ahead (as this workbench's does, [`super::WINDOW`] at a time) then costs the engine one
/// read and one write for many puzzles rather than for each, and the calls it times are not
/// interleaved with the pipes' work.
///
/// Returns at `quit` or at the end of `input`; an error only when reading `input` or writing
/// `output` fails. Whatever the input holds, it answers: a request it cannot read is answered
/// `error ID MESSAGE` (`error - MESSAGE` when it has no readable id), a line longer than 1 MiB
/// too; a line of an unknown kind is ignored. A puzzle with a clue repeated in a unit is
/// answered `0` without a search (the engines may assume no such clue).
pub fn serve(engine: &EngineInfo, input: impl Read, output: impl Write) -> io::Result<()> {
    let mut solver = engine.create();
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let mut output = BufWriter::with_capacity(64 * 1024, output);
    let mut line = Vec::new();
    let mut unsent: Option<Instant> = None;
    loop {
        line.clear();
        let reply = match read_line(&mut input, &mut line)? {
            Line::End => return Ok(()),
            Line::TooLong => format!("error - a request longer than {MAX_LINE} bytes\n"),
            Line::Read => match std::str::from_utf8(&line) {
                Err(_) => "error - a request that is not UTF-8\n".to_owned(),
                Ok(text) => {
                    let words: Vec<&str> = text.split_ascii_whitespace().collect();
                    match words.first().copied() {
                        Some("sudoku-protocol") => handshake(engine),
                        Some("ping") => "pong\n".to_owned(),
                        Some("quit") => return output.flush(),
                        Some("solve") => solve(engine, solver.as_mut(), &words[1..]),
                        // Blank lines, and requests of a later version, which this one ignores.
                        _ => continue,
                    }
                }
            },
        };
        output.write_all(reply.as_bytes())?;
        let oldest = *unsent.get_or_insert_with(Instant::now);
        if !input.buffer().contains(&b'\n') || oldest.elapsed() >= FLUSH_AFTER {
            output.flush()?;
            unsent = None;
        }
    }
}

/// The longest an answer waits for the others of its batch before it is sent.
pub const FLUSH_AFTER: Duration = Duration::from_millis(1);

/// Answers the harness's greeting with `error - PROBLEM` in place of a handshake, for an engine
/// that cannot start (a library that cannot be loaded): the harness reads why. Waits for the
/// greeting first (or the end of `input`), so that the answer is read, not lost with a closed
/// pipe.
pub fn refuse(problem: &str, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut line = Vec::new();
    let _ = read_line(&mut input, &mut line)?;
    let problem = problem.lines().next().unwrap_or_default();
    writeln!(output, "error - {problem}")?;
    output.flush()
}

/// The engine's handshake, ending with `ready`.
fn handshake(engine: &EngineInfo) -> String {
    let sides: Vec<String> = engine.sizes().map(|size| size.side().to_string()).collect();
    let mut text = format!("protocol {VERSION}\nname {}\nsizes {}\n", engine.name, sides.join(" "));
    if engine.counts {
        text.push_str("feature counts\n");
    }
    if engine.instrumented {
        text.push_str("feature budget stats\n");
    } else if engine.guesses {
        text.push_str("feature guesses\n");
    }
    text.push_str("feature time\nready\n");
    text
}

/// The answer to `solve` followed by `words` (id, limit, budget, puzzle).
fn solve(info: &EngineInfo, engine: &mut dyn sudoku_core::Engine, words: &[&str]) -> String {
    let Some((&id, rest)) = words.split_first() else {
        return "error - the request has no id\n".to_owned();
    };
    if id.is_empty() || id.len() > 20 || !id.bytes().all(|byte| byte.is_ascii_digit()) {
        return format!("error - the id {} is not a number\n", quote(id));
    }
    match read_request(rest) {
        Err(problem) => format!("error {id} {problem}\n"),
        Ok((puzzle, _)) if !info.supports(puzzle.size()) => format!(
            "error {id} engine {} does not solve {} (it solves {})\n",
            info.name,
            puzzle.size(),
            info.sizes_text()
        ),
        Ok((puzzle, limits)) => {
            // The time reported is the engine's call alone, as the harness times an engine in
            // its own process.
            let (outcome, time) = if puzzle.first_conflict().is_some() {
                (Outcome::empty(), Duration::ZERO)
            } else {
                let started = Instant::now();
                let outcome = engine.solve(&puzzle, limits);
                let elapsed = started.elapsed();
                // An engine that times itself (a library engine that makes a second call for
                // the solution) says which part is its solve.
                let time = outcome.reported_time.map_or(elapsed, |reported| reported.min(elapsed));
                (outcome, time)
            };
            wire::answer(id, &outcome, (info.instrumented, info.guesses), time)
        }
    }
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
    let puzzle = wire::read_puzzle(puzzle)?;
    Ok((puzzle, limits))
}

/// What [`read_line`] read.
enum Line {
    /// A line (without its end).
    Read,
    /// A line longer than [`MAX_LINE`], skipped to its end.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads a line into `line`, keeping at most [`MAX_LINE`] bytes of it in memory.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Line> {
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(match (read_any, too_long) {
                (false, _) => Line::End,
                (true, true) => Line::TooLong,
                (true, false) => Line::Read,
            });
        }
        read_any = true;
        let (used, done) = match available.iter().position(|&byte| byte == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        if !too_long {
            if line.len() + used > MAX_LINE + 1 {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(&available[..used]);
            }
        }
        input.consume(used);
        if done {
            while line.last().is_some_and(|&byte| byte == b'\n' || byte == b'\r') {
                line.pop();
            }
            return Ok(if too_long { Line::TooLong } else { Line::Read });
        }
    }
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
            "error 5 engine fast does not solve 4×4 (it solves 9×9)",
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
