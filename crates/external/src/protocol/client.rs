//! The harness's side: a protocol engine as an [`Engine`] that owns its process.
//!
//! Each solve sends a request (unless [`Engine::expect`] already sent it), waits for its
//! answer until the time limit has passed since the call, and reads it strictly. Whatever goes
//! wrong costs that puzzle only: the process is dropped (killed and reaped) and the next solve
//! starts the program again, handshake included. Answers come in request order; a request
//! that is not the one the engine answers next is a protocol error.
//!
//! Requests sent ahead are the hint's next puzzles, at most [`WINDOW`] of them and
//! [`WINDOW_BYTES`] of text, one more sent as each answer is read. A solve of any other puzzle
//! than the one expected next breaks the hint: the requests in flight are abandoned with the
//! process (a program answers in order, so the only way past them is a new process).

use std::collections::VecDeque;
use std::io::Write as _;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_core::{Engine, Failure, FailureKind, Grid, Limits, Outcome};

use super::wire::{self, Handshake, Reply, VERSION};
use crate::process::{Process, quote, quote_at_most};

/// How long a program has to start and finish its handshake (greeting to `ready`, then a
/// `ping` answered): 10 s, separate from the time limit per puzzle and larger, since an
/// interpreter or a virtual machine may take seconds to start on a loaded machine.
pub const HANDSHAKE_LIMIT: Duration = Duration::from_secs(10);

/// After this many failed starts in a row (start or handshake), an engine value stops trying:
/// every later solve fails at once with the last failure, so that a broken program does not
/// cost its start-up time on every puzzle.
pub const MAX_FAILED_STARTS: u32 = 3;

/// The most requests sent ahead of their answers when the caller says which puzzles come next
/// ([`sudoku_core::Engine::expect`]).
pub const WINDOW: usize = 32;

/// The most bytes of requests sent ahead of their answers: below a pipe's buffer (64 KiB on
/// Linux), so that sending never blocks on a program that stopped reading.
pub const WINDOW_BYTES: usize = 32 * 1024;

/// The most puzzles of a hint kept (a bench chunk is at most 65,536 puzzles); beyond, puzzles
/// are sent one at a time as they are solved.
const MAX_HINT: usize = 1 << 16;

/// The most characters of an engine's message (an error answer, a reason for not starting)
/// kept: more than a library's own message (500) with the words its worker puts before it.
const MAX_SAID_CHARS: usize = 600;

/// How long a program is given to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(100);

/// What every engine value of one declaration shares.
pub(crate) struct Setup {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The time each puzzle may take (wall clock).
    pub time_limit: Duration,
    /// The process started at registration, for the first engine value made.
    pub probe: Mutex<Option<Connection>>,
    /// Why the program did not start at registration, if it did not: every solve then fails so.
    pub probe_failure: Option<Failure>,
}

/// A running program that has finished its handshake.
pub(crate) struct Connection {
    process: Process,
    /// What it said of itself.
    pub handshake: Handshake,
}

impl Connection {
    /// Starts `command` and reads its handshake, all before `deadline`: greeting, the engine's
    /// lines up to `ready`, then `ping` answered by `pong`.
    pub fn open(command: &[String], deadline: Instant) -> Result<Connection, Failure> {
        let start_up = |failure: Failure| Failure {
            kind: failure.kind,
            message: format!("start-up: {}", failure.message),
        };
        let mut process = Process::start(command).map_err(start_up)?;
        process.set_time_limit(deadline.saturating_duration_since(Instant::now()));
        process.send(&format!("sudoku-protocol {VERSION}\n")).map_err(start_up)?;
        let mut handshake = Handshake::default();
        loop {
            let line = process.next_line(deadline, "`ready`").map_err(start_up)?;
            match handshake.take(&line) {
                Ok(true) => break,
                Ok(false) => {}
                Err(problem) => {
                    process.kill();
                    let message = match &handshake.refusal {
                        Some(why) => {
                            report_refusal(command, why);
                            format!("cannot start: {}", said(why))
                        }
                        None => format!("start-up: handshake: {problem}"),
                    };
                    return Err(Failure { kind: FailureKind::ProtocolError, message });
                }
            }
        }
        process.send("ping\n").map_err(start_up)?;
        loop {
            let line = process.next_line(deadline, "`pong` to `ping`").map_err(start_up)?;
            match line.split_ascii_whitespace().next() {
                Some("pong") => break,
                None | Some("info") => {}
                Some(word) if word.starts_with('#') => {}
                Some(_) => {
                    process.kill();
                    return Err(Failure {
                        kind: FailureKind::ProtocolError,
                        message: format!(
                            "start-up: expected `pong` to `ping`, got {}",
                            quote(&line)
                        ),
                    });
                }
            }
        }
        Ok(Connection { process, handshake })
    }

    /// Ends the program politely: `quit`, its input closed, a moment to exit; then it is
    /// killed and reaped in any case (when the process is dropped).
    fn quit(mut self) {
        let _ = self.process.send("quit\n");
        self.process.close_input();
        let until = Instant::now() + QUIT_GRACE;
        while !self.process.has_exited() && Instant::now() < until {
            thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Says on standard error, once for each command in this process, that `command` cannot start
/// and why (`why`, its answer to the greeting): a library its worker cannot load, say. Each of
/// its puzzles still fails with that message, but a run of many puzzles and threads says once
/// what is wrong rather than leaving it to be read in every failure.
fn report_refusal(command: &[String], why: &str) {
    static REPORTED: Mutex<Vec<Vec<String>>> = Mutex::new(Vec::new());
    let mut reported = REPORTED.lock().unwrap_or_else(PoisonError::into_inner);
    if reported.iter().any(|seen| seen == command) {
        return;
    }
    reported.push(command.to_vec());
    let command = shell_words::join(command);
    let why = said(why);
    // Standard error closed or gone: the failures still say it.
    let _ = writeln!(std::io::stderr(), "sudoku: engine command {command} cannot start: {why}");
}

/// What an engine said on purpose (why it cannot start, why it cannot answer), in quotes as
/// [`quote`] shows what it wrote, but cut at [`MAX_SAID_CHARS`] rather than at a garbage
/// line's length: a library's own message, passed on by its worker, is kept whole as the
/// harness keeps it in its own process.
fn said(text: &str) -> String {
    quote_at_most(text, MAX_SAID_CHARS)
}

/// A request sent and not yet answered.
struct Sent {
    id: u64,
    puzzle: Grid,
    limits: Limits,
    /// Its length on the wire.
    bytes: usize,
}

/// One engine value: its process (when one runs) and the requests in flight.
pub(crate) struct ProtocolEngine {
    setup: Arc<Setup>,
    connection: Option<Connection>,
    /// Starts (or handshakes) failed in a row, and the last such failure.
    failed_starts: u32,
    last_start_failure: Option<Failure>,
    next_id: u64,
    in_flight: VecDeque<Sent>,
    in_flight_bytes: usize,
    /// The puzzles of the hint not yet sent, and their limits.
    upcoming: VecDeque<Grid>,
    upcoming_limits: Limits,
    /// How many of the next solves send their puzzle alone, after a failure that cannot be
    /// pinned on one puzzle (see [`ProtocolEngine::solve`]).
    alone: usize,
}

impl ProtocolEngine {
    /// An engine value for `setup`, using `probe` (the process started at registration) if it
    /// is still alive.
    pub fn new(setup: Arc<Setup>, probe: Option<Connection>) -> ProtocolEngine {
        let connection = probe.and_then(|mut probe| (!probe.process.has_exited()).then_some(probe));
        ProtocolEngine {
            setup,
            connection,
            failed_starts: 0,
            last_start_failure: None,
            next_id: 1,
            in_flight: VecDeque::new(),
            in_flight_bytes: 0,
            upcoming: VecDeque::new(),
            upcoming_limits: Limits::FIRST,
            alone: 0,
        }
    }

    /// Drops the process (killed and reaped) and the requests in flight with it.
    fn disconnect(&mut self) {
        self.connection = None;
        self.in_flight.clear();
        self.in_flight_bytes = 0;
    }

    /// Starts the program if none runs; the failure to report if that fails.
    fn connect(&mut self) -> Result<(), Failure> {
        if self.connection.is_some() {
            return Ok(());
        }
        if self.failed_starts >= MAX_FAILED_STARTS
            && let Some(last) = &self.last_start_failure
        {
            return Err(Failure {
                kind: last.kind,
                message: format!(
                    "not started again after {MAX_FAILED_STARTS} failed starts in a row; the last: {}",
                    last.message
                ),
            });
        }
        match Connection::open(&self.setup.command, Instant::now() + HANDSHAKE_LIMIT) {
            Ok(connection) => {
                self.failed_starts = 0;
                self.connection = Some(connection);
                Ok(())
            }
            Err(failure) => {
                self.failed_starts += 1;
                self.last_start_failure = Some(failure.clone());
                Err(failure)
            }
        }
    }

    /// Sends the request for `puzzle` (with any of the hint's that fit in the window behind
    /// it). A failed write is not reported here: the program has closed its input, and
    /// reading its answer tells how it ended.
    fn send(&mut self, first: Option<(Grid, Limits)>) {
        if self.connection.is_none() {
            return;
        }
        let mut batch = String::new();
        if let Some((puzzle, limits)) = first {
            self.push(puzzle, limits, &mut batch);
        }
        while self.alone == 0
            && self.in_flight.len() < WINDOW
            && let Some(next) = self.upcoming.front()
        {
            // A cell is at most two digits and a space; the words before the grid, 48 bytes.
            let estimate = next.size().cells() * 3 + 48;
            if !self.in_flight.is_empty() && self.in_flight_bytes + estimate > WINDOW_BYTES {
                break;
            }
            let next = self.upcoming.pop_front().expect("the front was just seen");
            self.push(next, self.upcoming_limits, &mut batch);
        }
        if let (false, Some(connection)) = (batch.is_empty(), self.connection.as_mut()) {
            let _ = connection.process.send(&batch);
        }
    }

    /// Adds the request for `puzzle` to `batch` and to the requests in flight.
    fn push(&mut self, puzzle: Grid, limits: Limits, batch: &mut String) {
        let text = wire::request(self.next_id, &puzzle, limits);
        self.in_flight_bytes += text.len();
        self.in_flight.push_back(Sent { id: self.next_id, puzzle, limits, bytes: text.len() });
        self.next_id += 1;
        batch.push_str(&text);
    }

    /// Waits for the answer to the oldest request in flight, until `deadline`.
    fn receive(&mut self, deadline: Instant) -> Result<Outcome, Failure> {
        let Some(connection) = self.connection.as_mut() else {
            unreachable!("a request in flight has its process")
        };
        let request = self.in_flight.front().expect("a request is in flight");
        let (id, size, limits) = (request.id, request.puzzle.size(), request.limits);
        connection.process.set_time_limit(self.setup.time_limit);
        loop {
            let line =
                connection.process.next_line(deadline, &format!("answer to request {id}"))?;
            let reply = wire::read_reply(&line, id, size, limits).map_err(|problem| Failure {
                kind: FailureKind::ProtocolError,
                message: format!("answer to request {id}: {problem}: {}", quote(&line)),
            })?;
            let outcome = match reply {
                Reply::Nothing => continue,
                Reply::Answer(outcome) => outcome,
                Reply::Error(message) => Outcome::failed(
                    FailureKind::ProtocolError,
                    format!("answered request {id} with an error: {}", said(&message)),
                ),
            };
            let answered = self.in_flight.pop_front().expect("a request is in flight");
            self.in_flight_bytes -= answered.bytes;
            return Ok(outcome);
        }
    }
}

impl Engine for ProtocolEngine {
    /// A failure while other requests are in flight cannot be pinned on this puzzle: an engine
    /// that answers in batches (as `sudoku serve` does) may have solved it and failed on a
    /// later one before sending the answer. So the puzzle is tried again alone in a new
    /// process, and so is each one that was in flight behind it: the failure is charged to the
    /// puzzle it happens on alone. A hang then costs up to twice the time limit.
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let deadline = Instant::now() + self.setup.time_limit;
        self.alone = self.alone.saturating_sub(1);
        if let Some(failure) = &self.setup.probe_failure {
            return Outcome::failed(failure.kind, failure.message.clone());
        }
        let sent = match self.in_flight.front() {
            Some(request) if request.puzzle == *puzzle && request.limits == limits => true,
            Some(_) => {
                // Not the puzzle expected next: the hint is broken, and the requests in flight
                // go with the process.
                self.disconnect();
                self.upcoming.clear();
                false
            }
            None => false,
        };
        if !sent {
            if self.upcoming.front() == Some(puzzle) && self.upcoming_limits == limits {
                self.upcoming.pop_front();
            } else {
                self.upcoming.clear();
            }
        }
        if let Err(failure) = self.connect() {
            return Outcome::failed(failure.kind, failure.message);
        }
        self.send((!sent).then(|| (puzzle.clone(), limits)));
        match self.receive(deadline) {
            Ok(outcome) => {
                // The engine works on the next requests while the caller looks at this answer;
                // they are sent half a window at a time, so that an engine that reads them in
                // batches finds a batch.
                if self.in_flight.len() <= WINDOW / 2 {
                    self.send(None);
                }
                outcome
            }
            Err(failure) => {
                // The requests sent behind this one go back to the hint: a new process takes
                // them up, in order.
                let others = self.in_flight.len() > 1;
                let behind: Vec<Grid> =
                    self.in_flight.drain(..).skip(1).map(|sent| sent.puzzle).collect();
                let pending = behind.len();
                for puzzle in behind.into_iter().rev() {
                    self.upcoming.push_front(puzzle);
                }
                self.disconnect();
                if others && limits == self.upcoming_limits {
                    // Which puzzle failed is not known: this one again, alone, then the others.
                    self.alone = pending + 2;
                    self.upcoming.push_front(puzzle.clone());
                    return self.solve(puzzle, limits);
                }
                Outcome::failed(failure.kind, failure.message)
            }
        }
    }

    fn expect(&mut self, upcoming: &mut dyn Iterator<Item = &Grid>, limits: Limits) {
        let mut hint: VecDeque<Grid> = upcoming.take(MAX_HINT).cloned().collect();
        let in_flight = self.in_flight.len();
        let continues = in_flight <= hint.len()
            && self
                .in_flight
                .iter()
                .zip(&hint)
                .all(|(request, puzzle)| request.puzzle == *puzzle && request.limits == limits);
        if continues {
            hint.drain(..in_flight);
        } else {
            self.disconnect();
        }
        self.upcoming = hint;
        self.upcoming_limits = limits;
        if self.setup.probe_failure.is_none() {
            self.send(None);
        }
    }
}

impl Drop for ProtocolEngine {
    fn drop(&mut self) {
        if let Some(connection) = self.connection.take() {
            connection.quit();
        }
    }
}
