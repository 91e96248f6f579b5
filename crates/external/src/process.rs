//! A program of someone else's, run as a child process that is hostile until proven otherwise.
//!
//! What this module guarantees, whatever the program does:
//! - **No process outlives the command, the program's own children included.** On Unix each
//!   program leads a process group of its own, and the whole group is killed (`SIGKILL`) when
//!   the program is done with: when it times out, fails, exits, or its [`Process`] is dropped;
//!   so a wrapper (`sh -c '...'`, a script starting the real solver) takes what it started with
//!   it. On Linux this process also becomes a child subreaper when it starts its first program,
//!   so that a process which leaves its group (`setsid`, a double fork) and loses its parent is
//!   handed to this process rather than to init; such adopted processes are killed and reaped
//!   whenever a program is done with (`collect_orphans`). Every child is also started
//!   with `PR_SET_PDEATHSIG` set to `SIGKILL`, so it dies with the thread that started it
//!   even when this process ends in a way nothing here sees. A program that ends this process
//!   calls [`kill_all`] last (the run's registry is never dropped), and from the cleanup of a
//!   caught signal (which ends the process with `exit`, running no destructor).
//! - **A program that exits is done, whatever it left behind.** A process left running in
//!   the background with the program's standard output open would keep the output from ending:
//!   reads watch the program itself, and once it has exited its group is killed and what
//!   remains of its output is read within [`EXIT_GRACE`], so an answer given at once is not
//!   charged a time-out.
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

use std::collections::BTreeMap;
use std::io::{self, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_core::lines::{self, Line};
use sudoku_core::{Failure, FailureKind};

/// The longest line read from a program: 1 MiB, far beyond a 64×64 grid written as numbers.
pub const MAX_LINE: usize = 1 << 20;

/// How much of a program's standard error is kept to quote: its last 4 KiB.
pub const STDERR_TAIL: usize = 4096;

/// How many characters of what a program said a message quotes.
pub const QUOTE_CHARS: usize = 80;

/// How long a program that closed its output is given to exit before it is killed, so that its
/// exit status can be reported; and how long the rest of its output is waited for once it has
/// exited.
pub const EXIT_GRACE: Duration = Duration::from_millis(200);

/// How often a read that waits looks whether the program itself has exited (a process it left
/// behind may hold its output open).
const EXIT_POLL: Duration = Duration::from_millis(10);

/// How often, at most, the processes left behind are looked for when a program is done with
/// and nothing says that it left any (its group ended with it): the look reads a few files of
/// `/proc`, which costs a program started for each puzzle, such as a judge program, a few
/// percent of its time if done every time.
const COLLECT_INTERVAL: Duration = Duration::from_millis(50);

/// How long the processes a finished program leaves behind are waited for to die and be
/// reaped before this process goes on without them (killed with `SIGKILL`, they take
/// microseconds unless stuck in the kernel).
const COLLECT_LIMIT: Duration = Duration::from_secs(2);

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
    /// The program's process group (its own id), while it is registered in [`LIVE`]: until it
    /// is reaped, which is when the group is killed. `None` once done with.
    group: Option<u32>,
    /// When the program was found to have exited while its output was still open.
    exited_at: Option<Instant>,
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
        in_group_of_its_own(&mut builder);
        let mut child = spawn_registered(&mut builder)
            .map_err(|problem| crashed(format!("could not start `{command}`: {problem}")))?;
        let stdout = child.stdout.take().expect("standard output is piped");
        let stderr_pipe = child.stderr.take().expect("standard error is piped");
        let (sender, lines) = mpsc::channel();
        // The process exists before its reader threads, so that it is killed if they cannot
        // start.
        let process = Process {
            group: Some(child.id()),
            exited_at: None,
            stdin: child.stdin.take(),
            child,
            lines,
            stderr: Arc::new(Mutex::new(Tail::default())),
            command,
            time_limit: None,
        };
        let reader_failed =
            |error: io::Error| crashed(format!("could not start a reader thread: {error}"));
        thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || read_lines(stdout, &sender))
            .map_err(reader_failed)?;
        let tail = Arc::clone(&process.stderr);
        thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || drain(stderr_pipe, &tail))
            .map_err(reader_failed)?;
        Ok(process)
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
        match self.receive(deadline) {
            Some(Event::Line(line)) => Ok(line),
            Some(Event::Unreadable(problem)) => {
                self.kill();
                Err(Failure { kind: FailureKind::ProtocolError, message: problem })
            }
            Some(Event::Closed) => Err(self.ended(&format!("closed its output before {what}"))),
            None => {
                // Quoted while the program still runs: killed, it may stop mid-line.
                let note = self.stderr_note();
                self.kill();
                Err(Failure {
                    kind: FailureKind::TimedOut,
                    message: format!("no {what} {}{note}", self.within(wait)),
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
            match self.receive(deadline) {
                Some(Event::Line(line)) => {
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
                Some(Event::Unreadable(problem)) => {
                    self.kill();
                    return Err(Failure { kind: FailureKind::ProtocolError, message: problem });
                }
                Some(Event::Closed) => break,
                None => {
                    let note = self.stderr_note();
                    self.kill();
                    return Err(Failure {
                        kind: FailureKind::TimedOut,
                        message: format!("did not finish {}{note}", self.within(wait)),
                    });
                }
            }
        }
        let remaining = deadline.saturating_duration_since(Instant::now());
        match self.wait_for_exit(remaining.max(EXIT_GRACE)) {
            Some(status) => Ok((text, status)),
            None => {
                let note = self.stderr_note();
                self.kill();
                Err(Failure {
                    kind: FailureKind::TimedOut,
                    message: format!("closed its output but did not exit{note}"),
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

    /// The next thing the reader of standard output passes on, waiting until `deadline`
    /// (`None` when it passes). While it waits it looks every [`EXIT_POLL`] whether the program
    /// itself has exited: once it has, its group is killed and what it left behind collected
    /// ([`Process::finish_collecting`]), and the end of its output is waited for
    /// [`EXIT_GRACE`] at most, after which the output counts as closed, whoever still holds it
    /// open.
    fn receive(&mut self, deadline: Instant) -> Option<Event> {
        loop {
            let now = Instant::now();
            let until = match self.exited_at {
                Some(exited) => deadline.min(exited + EXIT_GRACE),
                None => deadline.min(now + EXIT_POLL),
            };
            match self.lines.recv_timeout(until.saturating_duration_since(now)) {
                Ok(event) => return Some(event),
                Err(RecvTimeoutError::Disconnected) => return Some(Event::Closed),
                Err(RecvTimeoutError::Timeout) => {}
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            match self.exited_at {
                Some(exited) if now >= exited + EXIT_GRACE => return Some(Event::Closed),
                Some(_) => {}
                None => {
                    if self.has_exited() {
                        // Whoever holds the output open is to be found now.
                        self.finish_collecting(true);
                        self.exited_at = Some(Instant::now());
                    }
                }
            }
        }
    }

    /// Waits up to `grace` for the program to exit; once it has, finishes it
    /// ([`Process::finish`]) and returns its status.
    fn wait_for_exit(&mut self, grace: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + grace;
        loop {
            if self.has_exited() {
                return self.finish();
            }
            if Instant::now() >= until {
                return None;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// Kills the program (if it still runs) with its whole group and reaps it.
    pub fn kill(&mut self) {
        self.finish();
    }

    /// Whether the program has exited (or been killed). On Linux it is not reaped by looking,
    /// so that its id, and so its group's, cannot be reused before the group is killed.
    pub fn has_exited(&mut self) -> bool {
        match self.group {
            None => true,
            Some(group) => match exited_unreaped(group) {
                Some(exited) => exited,
                None => !matches!(self.child.try_wait(), Ok(None)),
            },
        }
    }

    /// Done with the program: kills its group (the program too, if it still runs), reaps it,
    /// and kills and reaps what it left behind ([`collect_orphans`]). Returns its exit status.
    /// Doing it again only returns the status.
    fn finish(&mut self) -> Option<ExitStatus> {
        self.finish_collecting(false)
    }

    /// [`Process::finish`]; `at_once` collects what the program left behind now, rather than
    /// when a collection is due (see [`collect_orphans`]).
    fn finish_collecting(&mut self, at_once: bool) -> Option<ExitStatus> {
        self.stdin = None;
        if let Some(group) = self.group.take() {
            kill_group(group);
            let _ = self.child.kill();
            let _ = self.child.wait();
            forget(group);
            // A group that outlives its leader had other processes: they may have left theirs.
            if at_once || group_exists(group) || collection_due() {
                collect_orphans(Some(group));
            }
        }
        self.child.try_wait().ok().flatten()
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
    quote_at_most(text, QUOTE_CHARS)
}

/// `text` in quotes, cut at `chars` characters (an ellipsis marking the cut), control
/// characters escaped.
pub fn quote_at_most(text: &str, chars: usize) -> String {
    let mut quoted = String::from("'");
    for (index, character) in text.chars().enumerate() {
        if index == chars {
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
        match lines::read_line(&mut reader, &mut line, MAX_LINE) {
            Ok(Line::End) | Err(_) => {
                let _ = sender.send(Event::Closed);
                return;
            }
            Ok(Line::TooLong) => {
                let _ = sender.send(Event::Unreadable(format!(
                    "wrote a line longer than {} bytes, starting {}",
                    MAX_LINE,
                    quote(&String::from_utf8_lossy(&line[..QUOTE_CHARS * 4]))
                )));
                return;
            }
            Ok(Line::Whole) => {
                while line.last() == Some(&b'\r') {
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

/// The programs started and not yet reaped, by process group (each leads its own, so its
/// group's id is its own), each with how many [`Process`] values hold that id: an id reaped by
/// one and given to a new program before the first forgets it is counted twice, not lost.
struct Live {
    groups: BTreeMap<u32, usize>,
    /// How many programs are being started: made, and not yet registered.
    starting: usize,
    /// Whether a program was ever started (and this process made a subreaper).
    started: bool,
    /// Whether [`kill_all`] has run: no program starts after it.
    closed: bool,
    /// When [`collect_orphans`] last looked for processes left behind.
    collected: Option<Instant>,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    groups: BTreeMap::new(),
    starting: 0,
    started: false,
    closed: false,
    collected: None,
});

fn live() -> MutexGuard<'static, Live> {
    // The set stays valid even if a thread panicked while holding it.
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts `command` and registers it in [`LIVE`] (making this process a subreaper first, the
/// first time). Programs start in parallel, outside the lock; while one is being started,
/// [`collect_orphans`] leaves alone the children it cannot yet tell from it, and [`kill_all`]
/// waits for it. One that starts once `kill_all` has run is killed at once.
fn spawn_registered(command: &mut Command) -> Result<Child, String> {
    {
        let mut live = live();
        if live.closed {
            return Err("the run is ending".to_owned());
        }
        if !live.started {
            become_subreaper();
            live.started = true;
        }
        live.starting += 1;
    }
    let spawned = command.spawn();
    let closed = {
        let mut live = live();
        live.starting -= 1;
        if let Ok(child) = &spawned {
            *live.groups.entry(child.id()).or_default() += 1;
        }
        live.closed
    };
    let mut child = spawned.map_err(|error| error.to_string())?;
    if closed {
        kill_group(child.id());
        let _ = child.kill();
        let _ = child.wait();
        forget(child.id());
        return Err("the run is ending".to_owned());
    }
    Ok(child)
}

/// Takes `group` out of [`LIVE`] once its program is reaped.
fn forget(group: u32) {
    let mut live = live();
    if let Some(holders) = live.groups.get_mut(&group) {
        *holders -= 1;
        if *holders == 0 {
            live.groups.remove(&group);
        }
    }
}

/// Kills every program started and not yet done with, with their groups, and every process
/// they left behind; no program starts afterwards. For the end of a command: call it last in
/// `main` (programs held by values never dropped, such as those of a registry kept for the
/// whole run, are killed too) and from the cleanup of a signal that ends the process. Waits
/// `COLLECT_LIMIT` (2 s) at most; returns at once when no program was ever started.
pub fn kill_all() {
    {
        let mut live = live();
        live.closed = true;
        if !live.started {
            return;
        }
    }
    // Programs being started register (and are killed) before their groups are read.
    let until = Instant::now() + COLLECT_LIMIT;
    while live().starting > 0 && Instant::now() < until {
        thread::sleep(Duration::from_millis(1));
    }
    let groups: Vec<u32> = live().groups.keys().copied().collect();
    for &group in &groups {
        kill_group(group);
    }
    collect_everything(&groups);
}

/// Makes the program lead a process group of its own, so that it can be killed with every
/// process it starts that stays in its group.
#[cfg(unix)]
fn in_group_of_its_own(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
}

#[cfg(not(unix))]
fn in_group_of_its_own(_: &mut Command) {}

/// Kills (`SIGKILL`) every process of `group`. On Linux it is called only while the group's
/// leader is not yet reaped (see [`Process::has_exited`]), so that the id cannot name anybody
/// else's group.
#[cfg(unix)]
fn kill_group(group: u32) {
    if let Ok(group) = libc::pid_t::try_from(group) {
        // SAFETY: `killpg` only sends a signal; an error (no such group) is nothing to do.
        unsafe {
            libc::killpg(group, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_: u32) {}

/// Whether the child `pid` has exited, without reaping it (`waitid` with `WNOWAIT`); `None`
/// where that cannot be asked.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn exited_unreaped(pid: u32) -> Option<bool> {
    let pid = libc::id_t::try_from(pid).ok()?;
    // SAFETY: `waitid` writes into `info`, a plain C struct for which all zeroes is valid;
    // `WNOWAIT` leaves the child to be reaped by its `Child`.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        if libc::waitid(libc::P_PID, pid, &mut info, flags) != 0 {
            return None;
        }
        // With `WNOHANG`, a child that has not exited leaves `info` zeroed.
        Some(info.si_pid() != 0)
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn exited_unreaped(_: u32) -> Option<bool> {
    None
}

/// Makes this process a child subreaper (Linux): a process of a program's that loses its
/// parent is handed to this process, where [`collect_orphans`] finds it, instead of to init,
/// where nothing would. Without it (an old kernel), such a process escapes.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn become_subreaper() {
    // SAFETY: `prctl` with `PR_SET_CHILD_SUBREAPER` only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn become_subreaper() {}

/// Kills and reaps the processes this one adopted as a subreaper (Linux): children of this
/// process that are no program it started. A process left by a program that is done with has
/// no business running; one in the group of a program still running is its own (a helper it
/// double-forked, say) and is left to go with that group, unless it has exited (then it is
/// reaped). Children in this process's own group are left alone: code other than this module
/// started them (std's `Command`), and reaps them. Only ids found are waited for, never "any
/// child", which would take the exit status of a program from its `Child`.
///
/// When `group` is given (a group just killed), waits, [`COLLECT_LIMIT`] at most, until it is
/// empty: a process of the group that was still dying may have children the kernel hands to
/// this process only once it is dead.
///
/// A program is done with at every puzzle for some kinds of engines: the collection then runs
/// when the program's group had other processes, when its output stayed open after it
/// exited, or when [`COLLECT_INTERVAL`] has passed since the last; what a program of one
/// process leaves by leaving its group in between is found by the next (at the latest by
/// [`kill_all`]).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn collect_orphans(group: Option<u32>) {
    let own_group = own_group();
    let until = Instant::now() + COLLECT_LIMIT;
    loop {
        let mut waiting = false;
        {
            let mut live = live();
            live.collected = Some(Instant::now());
            for pid in children() {
                if live.groups.contains_key(&pid) {
                    continue;
                }
                let Some(stat) = stat(pid) else { continue };
                // A program being started leads its group and is not registered yet: while
                // one is, what looks like it is left for a later collection.
                if stat.group == own_group || (live.starting > 0 && stat.group == pid) {
                    continue;
                }
                if stat.zombie {
                    reap(pid);
                } else if !live.groups.contains_key(&stat.group) {
                    kill_orphan(pid, stat.group);
                    waiting = true;
                }
            }
        }
        if let Some(group) = group
            && group_exists(group)
        {
            kill_group(group);
            waiting = true;
        }
        if !waiting || Instant::now() >= until {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn collect_orphans(_: Option<u32>) {}

/// [`kill_all`]'s end: every child of this process that is no program it started is killed
/// and reaped, whatever its group (the command is ending: nothing else of it runs), and the
/// programs' killed `groups` are waited for until none of their processes is alive, so that
/// everything they started has been handed to this process and killed too. Scans all of
/// `/proc` each round: once per command, never per puzzle.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn collect_everything(groups: &[u32]) {
    let own_group = own_group();
    let me = std::process::id();
    let mut watched: std::collections::BTreeSet<u32> = groups.iter().copied().collect();
    let until = Instant::now() + COLLECT_LIMIT;
    loop {
        let mut waiting = false;
        {
            let live = live();
            for (pid, stat) in every_process() {
                if stat.parent == me && !live.groups.contains_key(&pid) {
                    if stat.zombie {
                        reap(pid);
                        continue;
                    }
                    kill_orphan(pid, if stat.group == own_group { 0 } else { stat.group });
                    if stat.group == pid {
                        watched.insert(pid);
                    }
                    waiting = true;
                } else if !stat.zombie && watched.contains(&stat.group) {
                    kill_group(stat.group);
                    waiting = true;
                }
            }
        }
        if !waiting || Instant::now() >= until {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn collect_everything(_: &[u32]) {}

/// What `/proc/PID/stat` says of a process.
#[cfg(any(target_os = "linux", target_os = "android"))]
struct Stat {
    parent: u32,
    group: u32,
    zombie: bool,
}

/// `/proc/PID/stat` read; `None` for a process that is gone.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn stat(pid: u32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `PID (NAME) STATE PPID PGRP ...`: the name may hold anything, `)` included.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace();
    let state = fields.next()?;
    let parent = fields.next()?.parse().ok()?;
    let group = fields.next()?.parse().ok()?;
    Some(Stat { parent, group, zombie: state == "Z" || state == "X" })
}

/// The children of this process, from each of its threads' `children` file in `/proc`, or
/// from every process's parent where the kernel keeps no such file.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn children() -> Vec<u32> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return found };
    for task in tasks.flatten() {
        match std::fs::read_to_string(task.path().join("children")) {
            Ok(listed) => {
                found.extend(listed.split_whitespace().filter_map(|pid| pid.parse::<u32>().ok()))
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                let me = std::process::id();
                return every_process()
                    .filter(|(_, stat)| stat.parent == me)
                    .map(|(pid, _)| pid)
                    .collect();
            }
            // A thread that ended while the directory was read.
            Err(_) => {}
        }
    }
    found
}

/// Every process of the system, with its `/proc/PID/stat`.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn every_process() -> impl Iterator<Item = (u32, Stat)> {
    std::fs::read_dir("/proc").into_iter().flatten().flatten().filter_map(|entry| {
        let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
        Some((pid, stat(pid)?))
    })
}

/// This process's group.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn own_group() -> u32 {
    // SAFETY: `getpgrp` cannot fail.
    let group = unsafe { libc::getpgrp() };
    u32::try_from(group).unwrap_or(0)
}

/// Whether any process, a zombie included, is still in `group`.
#[cfg(unix)]
fn group_exists(group: u32) -> bool {
    let Ok(group) = libc::pid_t::try_from(group) else { return false };
    // SAFETY: signal 0 sends nothing; it only asks whether the group has a process.
    unsafe { libc::killpg(group, 0) == 0 }
}

#[cfg(not(unix))]
fn group_exists(_: u32) -> bool {
    false
}

/// Whether [`COLLECT_INTERVAL`] has passed since [`collect_orphans`] last looked.
fn collection_due() -> bool {
    live().collected.is_none_or(|last| last.elapsed() >= COLLECT_INTERVAL)
}

/// Kills the child `pid`, with its group when it leads one (`group` is its own id: it left
/// its program's group to make one, taking its own children along), else alone.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn kill_orphan(pid: u32, group: u32) {
    if group == pid {
        kill_group(pid);
    } else if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: `kill` only sends a signal to a child of this process, not yet reaped.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// Reaps the child `pid` if it has exited.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn reap(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: waits for this one child only, without blocking; its status is not wanted.
        unsafe {
            libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG);
        }
    }
}

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

    /// Whether process `pid` is gone, waiting up to 2 s for the kernel to finish it.
    fn gone(pid: u32) -> bool {
        let until = Instant::now() + Duration::from_secs(2);
        while std::path::Path::new(&format!("/proc/{pid}")).exists() {
            if Instant::now() >= until {
                return false;
            }
            thread::sleep(Duration::from_millis(10));
        }
        true
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn a_programs_children_go_with_it() {
        // A wrapper that waits for the process it started, as `sh -c 'solver; true'` does.
        let mut wrapper = Process::start(&sh("sleep 1000 & echo $!; wait")).unwrap();
        let line = wrapper.next_line(Instant::now() + Duration::from_secs(10), "the pid");
        let pid: u32 = line.unwrap().parse().unwrap();
        assert!(!gone_now(pid), "the child runs");
        wrapper.kill();
        assert!(gone(pid), "the wrapper's child {pid} outlived it");

        // The same when the wrapper is dropped rather than killed.
        let mut wrapper = Process::start(&sh("sleep 1000 & echo $!; wait")).unwrap();
        let line = wrapper.next_line(Instant::now() + Duration::from_secs(10), "the pid");
        let pid: u32 = line.unwrap().parse().unwrap();
        drop(wrapper);
        assert!(gone(pid), "the wrapper's child {pid} outlived it");
    }

    /// Whether `/proc` has no process `pid` at this moment.
    fn gone_now(pid: u32) -> bool {
        !std::path::Path::new(&format!("/proc/{pid}")).exists()
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn an_answer_given_at_once_is_read_though_a_child_holds_the_output() {
        // The background child keeps standard output open: the output ends when the program
        // exits, not at the time limit.
        let script = "echo answer; sleep 1000 & echo $! >&2; exit 7";
        let finished = run(&sh(script), "", Duration::from_secs(60), 1000).unwrap();
        assert_eq!(finished.output, "answer\n");
        assert_eq!(finished.status.code(), Some(7));
        let pid: u32 = finished.stderr_tail.trim_matches('\'').parse().unwrap();
        assert!(gone(pid), "the background child {pid} outlived the program");

        // A protocol program that dies leaving such a child is a crash, not a time-out.
        let mut process = Process::start(&sh("sleep 1000 & exit 3")).unwrap();
        let failure =
            process.next_line(Instant::now() + Duration::from_secs(60), "the answer").unwrap_err();
        assert_eq!(failure.kind, FailureKind::Crashed, "{failure}");
        assert!(failure.message.contains("exited with status 3"), "{failure}");
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn a_process_that_leaves_its_group_is_collected() {
        if Command::new("setsid").arg("--version").output().is_err() {
            eprintln!("skipped: no `setsid` program to leave a process group with");
            return;
        }
        // The grandchild makes a session of its own (out of its group), says its id and
        // sleeps, holding the output; the wrapper waits for it.
        let script = "setsid sh -c 'echo $$; exec sleep 1000'; true";
        let mut wrapper = Process::start(&sh(script)).unwrap();
        let line = wrapper.next_line(Instant::now() + Duration::from_secs(10), "the pid");
        let pid: u32 = line.unwrap().parse().unwrap();
        let session = stat(pid).map(|stat| stat.group);
        assert_eq!(session, Some(pid), "the grandchild leads a group of its own");
        wrapper.kill();
        assert!(gone(pid), "the grandchild {pid} that left its group outlived the program");

        // Left in the background in a session of its own, holding the output of a program that
        // answered and exited. The program says its id and waits until it has left the group
        // (field 5 of its stat), so that it is adopted by this process only when the program
        // exits: before that no collection (another test's) can take it.
        let script = "setsid sleep 1000 & p=$!; echo $p >&2; i=0; \
                      while [ \"$(cut -d' ' -f5 /proc/$p/stat)\" != \"$p\" ] && [ $i -lt 600 ]; \
                      do sleep 0.05; i=$((i+1)); done; echo answer";
        let finished = run(&sh(script), "", Duration::from_secs(60), 1000).unwrap();
        assert_eq!(finished.output, "answer\n");
        let pid: u32 = finished.stderr_tail.trim_matches('\'').parse().unwrap();
        assert!(gone(pid), "the process {pid} forked away outlived the program");
    }

    #[test]
    fn quotes_are_cut_and_escaped() {
        assert_eq!(quote(""), "");
        assert_eq!(quote("a\tb"), "'a\\tb'");
        let long = "x".repeat(200);
        assert_eq!(quote(&long).chars().count(), QUOTE_CHARS + 3);
    }
}
