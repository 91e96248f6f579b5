//! A program of someone else's, run as a child process that is hostile until proven otherwise.
//!
//! What this module guarantees, whatever the program does:
//! - **No child outlives the command.** A [`Process`] is killed and reaped when dropped; on
//!   Linux every child is also started with `PR_SET_PDEATHSIG` set to `SIGKILL`, so it dies
//!   with the thread that started it even when this process ends by a signal (the cleanup of
//!   temporary files ends the process with `exit`, which runs no destructor).
//! - **Bounded memory.** A line of standard output longer than [`MAX_LINE`] is a protocol
//!   error, not an allocation; standard error is drained all the time (a program writing to it
//!   without end never blocks on a full pipe) and only its last [`STDERR_TAIL`] bytes are kept,
//!   to quote in messages.
//! - **Bounded time.** Every read has a deadline: a program that stops answering is a
//!   time-out, told apart from one that exited (a crash, with its exit status or signal) and
//!   from one that answered something unreadable (a protocol error).
//!
//! Each process has two reader threads, one per output stream, so that a read with a deadline
//! is a channel receive with a time-out.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_core::{Failure, FailureKind};

/// The longest line read from a program: 1 MiB, far beyond a 64×64 grid written as numbers.
pub const MAX_LINE: usize = 1 << 20;

/// How much of a program's standard error is kept to quote: its last 4 KiB.
pub const STDERR_TAIL: usize = 4096;

/// How many characters of what a program said a message quotes.
pub const QUOTE_CHARS: usize = 80;

/// How long a program that closed its output is given to exit before it is killed, so that its
/// exit status can be reported.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// What the reader of standard output passes on.
enum Event {
    /// A line, without its end.
    Line(String),
    /// A line longer than [`MAX_LINE`], or not UTF-8: the reader stops there.
    Unreadable(String),
    /// The program closed its standard output (or reading it failed).
    Closed,
}

/// The end of what a program wrote to standard error.
#[derive(Default)]
struct Tail {
    bytes: Vec<u8>,
    /// Whether the program closed standard error (it has usually exited).
    closed: bool,
}

/// A running program with its three standard streams piped.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    stderr: Arc<Mutex<Tail>>,
    /// The command line, for messages.
    command: String,
    /// The time limit the deadlines of reads come from, for messages.
    time_limit: Option<Duration>,
}

impl Process {
    /// Starts `words[0]` with the rest as its arguments (no shell runs), in the current
    /// directory.
    pub fn start(words: &[String]) -> Result<Process, Failure> {
        let command = shell_words::join(words);
        let Some((program, arguments)) = words.split_first() else {
            return Err(crashed("an empty command".to_owned()));
        };
        let mut builder = Command::new(program);
        builder.args(arguments).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        die_with_parent(&mut builder);
        let mut child = builder
            .spawn()
            .map_err(|error| crashed(format!("could not start `{command}`: {error}")))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("standard output is piped");
        let stderr_pipe = child.stderr.take().expect("standard error is piped");
        let (sender, lines) = mpsc::channel();
        thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || read_lines(stdout, &sender))
            .map_err(|error| crashed(format!("could not start a reader thread: {error}")))?;
        let stderr = Arc::new(Mutex::new(Tail::default()));
        let tail = Arc::clone(&stderr);
        thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || drain(stderr_pipe, &tail))
            .map_err(|error| crashed(format!("could not start a reader thread: {error}")))?;
        Ok(Process { child, stdin, lines, stderr, command, time_limit: None })
    }

    /// Says which time limit the deadlines given to reads come from, so that a time-out's
    /// message names it (rather than what was left of it when the read began).
    pub fn set_time_limit(&mut self, limit: Duration) {
        self.time_limit = Some(limit);
    }

    /// `within 2.0 s`, or `within the time limit of 2.0 s` when it is known.
    fn within(&self, wait: Duration) -> String {
        match self.time_limit {
            Some(limit) => format!("within the time limit of {}", seconds(limit)),
            None => format!("within {}", seconds(wait)),
        }
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Writes `text` to the program's standard input and flushes it. A program that closed its
    /// input has crashed, or is about to.
    pub fn send(&mut self, text: &str) -> Result<(), Failure> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.ended("its input is closed"));
        };
        match stdin.write_all(text.as_bytes()).and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.ended("stopped reading its input")),
        }
    }

    /// Closes the program's standard input: the end of what it is given.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line the program writes, waiting until `deadline`. `what` names the wait in a
    /// time-out's message ("the answer to request 7").
    pub fn next_line(&mut self, deadline: Instant, what: &str) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Event::Line(line)) => Ok(line),
            Ok(Event::Unreadable(problem)) => {
                self.kill();
                Err(Failure { kind: FailureKind::ProtocolError, message: problem })
            }
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(self.ended(&format!("closed its output before {what}")))
            }
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(Failure {
                    kind: FailureKind::TimedOut,
                    message: format!("no {what} {}{}", self.within(wait), self.stderr_note()),
                })
            }
        }
    }

    /// Everything the program writes until it closes its output, at most `limit` bytes,
    /// waiting until `deadline`; then its exit status.
    pub fn read_all(
        &mut self,
        deadline: Instant,
        limit: usize,
    ) -> Result<(String, ExitStatus), Failure> {
        let mut text = String::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(Event::Line(line)) => {
                    if text.len() + line.len() + 1 > limit {
                        self.kill();
                        return Err(Failure {
                            kind: FailureKind::ProtocolError,
                            message: format!("wrote more than {limit} bytes"),
                        });
                    }
                    text.push_str(&line);
                    text.push('\n');
                }
                Ok(Event::Unreadable(problem)) => {
                    self.kill();
                    return Err(Failure { kind: FailureKind::ProtocolError, message: problem });
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(Failure {
                        kind: FailureKind::TimedOut,
                        message: format!(
                            "did not finish {}{}",
                            self.within(wait),
                            self.stderr_note()
                        ),
                    });
                }
            }
        }
        let remaining = deadline.saturating_duration_since(Instant::now());
        match self.wait_for_exit(remaining.max(EXIT_GRACE)) {
            Some(status) => Ok((text, status)),
            None => {
                self.kill();
                Err(Failure {
                    kind: FailureKind::TimedOut,
                    message: format!("closed its output but did not exit{}", self.stderr_note()),
                })
            }
        }
    }

    /// The last bytes the program wrote to standard error, quoted and cut short; empty when it
    /// wrote nothing.
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        let mut bytes = &tail.bytes[..];
        // A program still writing may be in the middle of a line: quote the last whole one.
        if !tail.closed
            && bytes.last() != Some(&b'\n')
            && let Some(end) = bytes.iter().rposition(|&byte| byte == b'\n')
        {
            bytes = &bytes[..end];
        }
        let text = String::from_utf8_lossy(bytes);
        let last = text.lines().rev().find(|line| !line.trim().is_empty()).unwrap_or("");
        quote(last.trim())
    }

    /// `" (stderr: '...')"`, or nothing when the program wrote nothing there.
    fn stderr_note(&self) -> String {
        let tail = self.stderr_tail();
        if tail.is_empty() { String::new() } else { format!(" (stderr: {tail})") }
    }

    /// The failure of a program that stopped talking (`what` it did): a crash with its exit
    /// status, or a protocol error when it exited with status 0.
    fn ended(&mut self, what: &str) -> Failure {
        let status = self.wait_for_exit(EXIT_GRACE);
        if status.is_none() {
            self.kill();
        }
        self.wait_for_stderr();
        let note = self.stderr_note();
        match status {
            Some(status) if status.success() => Failure {
                kind: FailureKind::ProtocolError,
                message: format!("{what} and exited with status 0{note}"),
            },
            Some(status) => Failure {
                kind: FailureKind::Crashed,
                message: format!("{what}: {}{note}", describe_status(status)),
            },
            None => Failure { kind: FailureKind::Crashed, message: format!("{what}{note}") },
        }
    }

    /// Waits a moment for the reader of standard error to reach its end, so that a message
    /// quotes the last words of a program that has exited.
    fn wait_for_stderr(&self) {
        let until = Instant::now() + EXIT_GRACE;
        while !self.stderr.lock().unwrap_or_else(PoisonError::into_inner).closed
            && Instant::now() < until
        {
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// Waits up to `grace` for the program to exit.
    fn wait_for_exit(&mut self, grace: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(1)),
                _ => return None,
            }
        }
    }

    /// Kills the program (if it still runs) and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the program has exited.
    pub fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Runs `words` once with `input` on its standard input, reading at most `limit` bytes of
/// output before `time_limit` has passed: what it wrote and how it exited.
pub fn run_once(
    words: &[String],
    input: &str,
    time_limit: Duration,
    limit: usize,
) -> Result<(String, ExitStatus), Failure> {
    run(words, input, time_limit, limit).map(|finished| (finished.output, finished.status))
}

/// What a program run to its end by [`run`] left behind.
pub struct Finished {
    /// Everything it wrote to standard output.
    pub output: String,
    /// How it exited (never by a signal: that is a crash).
    pub status: ExitStatus,
    /// The last line it wrote to standard error, quoted and cut short (see
    /// [`Process::stderr_tail`]); empty when it wrote nothing there.
    pub stderr_tail: String,
}

/// [`run_once`], keeping the end of the program's standard error too, to quote when its exit
/// status says it failed.
pub fn run(
    words: &[String],
    input: &str,
    time_limit: Duration,
    limit: usize,
) -> Result<Finished, Failure> {
    let deadline = Instant::now() + time_limit;
    let mut process = Process::start(words)?;
    process.set_time_limit(time_limit);
    // A program that reads nothing and exits at once closes the pipe: what it writes still
    // counts, so a failed write is not an error here.
    if let Some(stdin) = process.stdin.as_mut() {
        let _ = stdin.write_all(input.as_bytes()).and_then(|()| stdin.flush());
    }
    process.close_input();
    let (output, status) = process.read_all(deadline, limit)?;
    process.wait_for_stderr();
    if let Some(signal) = killed_by(status) {
        return Err(Failure {
            kind: FailureKind::Crashed,
            message: format!("killed by signal {signal}{}", process.stderr_note()),
        });
    }
    Ok(Finished { output, status, stderr_tail: process.stderr_tail() })
}

/// `exited with status 3`, or `killed by signal 11`.
pub fn describe_status(status: ExitStatus) -> String {
    match (status.code(), killed_by(status)) {
        (_, Some(signal)) => format!("killed by signal {signal}"),
        (Some(code), None) => format!("exited with status {code}"),
        (None, None) => format!("ended: {status}"),
    }
}

#[cfg(unix)]
fn killed_by(status: ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn killed_by(_: ExitStatus) -> Option<i32> {
    None
}

/// What `text` said, in quotes, cut at [`QUOTE_CHARS`] characters, control characters escaped;
/// empty for empty text.
pub fn quote(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut quoted = String::from("'");
    for (index, character) in text.chars().enumerate() {
        if index == QUOTE_CHARS {
            quoted.push('…');
            break;
        }
        if character.is_control() {
            quoted.extend(character.escape_default());
        } else {
            quoted.push(character);
        }
    }
    quoted.push('\'');
    quoted
}

/// `2.5 s`, `300 ms`.
pub fn seconds(duration: Duration) -> String {
    if duration >= Duration::from_secs(1) {
        format!("{:.1} s", duration.as_secs_f64())
    } else {
        format!("{} ms", duration.as_millis())
    }
}

fn crashed(message: String) -> Failure {
    Failure { kind: FailureKind::Crashed, message }
}

/// Reads lines of at most [`MAX_LINE`] bytes from `stdout` and passes them on, until the end,
/// an unreadable line, or nobody listening.
fn read_lines(stdout: impl Read, sender: &mpsc::Sender<Event>) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        match read_bounded_line(&mut reader, &mut line) {
            Ok(0) | Err(_) => {
                let _ = sender.send(Event::Closed);
                return;
            }
            Ok(_) if line.len() > MAX_LINE => {
                let _ = sender.send(Event::Unreadable(format!(
                    "wrote a line longer than {} bytes, starting {}",
                    MAX_LINE,
                    quote(&String::from_utf8_lossy(&line[..QUOTE_CHARS * 4]))
                )));
                return;
            }
            Ok(_) => {
                while line.last().is_some_and(|&byte| byte == b'\n' || byte == b'\r') {
                    line.pop();
                }
                let event = match String::from_utf8(std::mem::take(&mut line)) {
                    Ok(text) => Event::Line(text),
                    Err(error) => Event::Unreadable(format!(
                        "wrote a line that is not UTF-8: {}",
                        quote(&String::from_utf8_lossy(error.as_bytes()))
                    )),
                };
                let stop = matches!(event, Event::Unreadable(_));
                if sender.send(event).is_err() || stop {
                    return;
                }
            }
        }
    }
}

/// Reads one line into `line`, stopping once it holds more than [`MAX_LINE`] bytes; returns the
/// bytes read (0 at the end).
fn read_bounded_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<usize> {
    let mut total = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let (used, done) = match available.iter().position(|&byte| byte == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        line.extend_from_slice(&available[..used]);
        reader.consume(used);
        total += used;
        if done || line.len() > MAX_LINE {
            return Ok(total);
        }
    }
}

/// Reads standard error to its end, keeping the last [`STDERR_TAIL`] bytes.
fn drain(mut stderr: impl Read, tail: &Mutex<Tail>) {
    let mut buffer = [0u8; 8192];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => {
                let mut kept = tail.lock().unwrap_or_else(PoisonError::into_inner);
                kept.bytes.extend_from_slice(&buffer[..read]);
                if kept.bytes.len() > STDERR_TAIL {
                    let excess = kept.bytes.len() - STDERR_TAIL;
                    kept.bytes.drain(..excess);
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    tail.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
}

/// On Linux, has the child killed when the thread that started it ends (and so when this
/// process ends, however it ends).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the child between fork and exec, and calls only `prctl` and
    // `getppid`, which are async-signal-safe; it allocates nothing and takes no lock.
    unsafe {
        command.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The parent may have died before the call: then no signal would ever come.
            if libc::getppid() == 1 {
                return Err(io::Error::other("the harness ended while the engine started"));
            }
            Ok(())
        });
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn die_with_parent(_: &mut Command) {}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".to_owned(), "-c".to_owned(), script.to_owned()]
    }

    #[test]
    fn lines_come_back_one_at_a_time() {
        let mut process = Process::start(&sh("read x; echo got $x; read y; echo got $y")).unwrap();
        let soon = || Instant::now() + Duration::from_secs(5);
        process.send("a\n").unwrap();
        assert_eq!(process.next_line(soon(), "a line").unwrap(), "got a");
        process.send("b\n").unwrap();
        assert_eq!(process.next_line(soon(), "a line").unwrap(), "got b");
        let closed = process.next_line(soon(), "a third line").unwrap_err();
        assert_eq!(closed.kind, FailureKind::ProtocolError, "{closed}");
        assert!(closed.message.contains("exited with status 0"), "{closed}");
    }

    #[test]
    fn a_crash_is_told_from_a_hang_and_from_garbage() {
        let soon = Instant::now() + Duration::from_secs(5);
        let mut crash = Process::start(&sh("echo dying >&2; exit 3")).unwrap();
        let failure = crash.next_line(soon, "the answer").unwrap_err();
        assert_eq!(failure.kind, FailureKind::Crashed);
        assert!(failure.message.contains("exited with status 3"), "{failure}");
        assert!(failure.message.contains("'dying'"), "{failure}");

        let mut hang = Process::start(&sh("sleep 30")).unwrap();
        let started = Instant::now();
        let failure =
            hang.next_line(Instant::now() + Duration::from_millis(100), "the answer").unwrap_err();
        assert_eq!(failure.kind, FailureKind::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(hang.has_exited(), "a process that timed out is killed");

        let mut garbage = Process::start(&sh("head -c 2000000 /dev/zero | tr '\\0' x")).unwrap();
        let failure = garbage.next_line(soon, "the answer").unwrap_err();
        assert_eq!(failure.kind, FailureKind::ProtocolError);
        assert!(failure.message.contains("longer than 1048576 bytes"), "{failure}");
    }

    #[test]
    fn endless_stderr_neither_blocks_nor_grows() {
        let mut flood =
            Process::start(&sh("yes noise >&2 & sleep 0.3; echo answer; kill $!")).unwrap();
        let line = flood.next_line(Instant::now() + Duration::from_secs(10), "the answer");
        assert_eq!(line.unwrap(), "answer");
        assert!(flood.stderr.lock().unwrap().bytes.len() <= STDERR_TAIL);
        // The program is still writing: the last whole line is quoted, not one cut short.
        assert_eq!(flood.stderr_tail(), "'noise'");
    }

    #[test]
    fn run_once_reads_the_whole_output_and_the_status() {
        let (output, status) =
            run_once(&sh("cat; echo done"), "in\n", Duration::from_secs(5), 1000).unwrap();
        assert_eq!(output, "in\ndone\n");
        assert!(status.success());
        let failure = run_once(&sh("kill -9 $$"), "", Duration::from_secs(5), 1000).unwrap_err();
        assert_eq!(failure.kind, FailureKind::Crashed);
        assert_eq!(failure.message, "killed by signal 9");
        let failure = run_once(&sh("yes"), "", Duration::from_secs(5), 1000).unwrap_err();
        assert_eq!(failure.kind, FailureKind::ProtocolError);
        let failure = run_once(&sh("sleep 30"), "", Duration::from_millis(100), 10).unwrap_err();
        assert_eq!(failure.kind, FailureKind::TimedOut);
        let missing = vec!["/no/such/program".to_owned()];
        let failure = run_once(&missing, "", Duration::from_secs(1), 10).unwrap_err();
        assert_eq!(failure.kind, FailureKind::Crashed);
        assert!(failure.message.starts_with("could not start `/no/such/program`"), "{failure}");
    }

    #[test]
    fn quotes_are_cut_and_escaped() {
        assert_eq!(quote(""), "");
        assert_eq!(quote("a\tb"), "'a\\tb'");
        let long = "x".repeat(200);
        assert_eq!(quote(&long).chars().count(), QUOTE_CHARS + 3);
    }
}
