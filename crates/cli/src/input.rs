//! The input of `solve` and `count`: buffered, and never waiting for more while answers are
//! held back.
//!
//! Answers go to standard output through one large buffer, which is what makes a corpus fast
//! to answer. A program that sends a puzzle down a pipe and waits for its answer before it
//! sends the next would then wait forever: the answer sits in the buffer while `sudoku` waits
//! for the next puzzle. So the rule is: **before reading waits, the answers so far are written
//! out.** [`Input`] applies it where it can see it, in `fill_buf`: when its buffer is empty and
//! the input has nothing ready (a pipe, terminal, socket or device whose other end has not
//! written yet), it flushes standard output first.
//!
//! A regular file never makes a reader wait on another program, so a file is read without a
//! single flush or check: output leaves in full buffers. A pipe that is kept full (`cat big.txt
//! | sudoku solve`) always has bytes ready, so it too is read without a flush; only a reader
//! that would really wait pays one, and then a program at the other end has every answer to
//! what it sent. The parallel path uses [`Input::would_wait`] to end a chunk at what has been
//! sent rather than wait for a whole chunk.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, StdoutLock, Write};
use std::path::Path;

use sudoku_bench::files;

/// Standard output as `solve` and `count` write it: buffered, written out in full buffers and
/// whenever reading would wait.
pub type Output = BufWriter<StdoutLock<'static>>;

/// Bytes read from the input at a time.
const BUFFER: usize = 1 << 16;

/// One input (a file or standard input), buffered; see the [module documentation](self).
pub struct Input<'o> {
    buffer: BufReader<Box<dyn Read>>,
    source: Source,
    /// Where the answers go; flushed before reading waits.
    out: &'o mut Output,
    /// Why the answers could not be written out before reading waited. The input then ends,
    /// and [`Input::check`] hands the error over.
    failed: Option<io::Error>,
}

/// Whether more of an input may come later than now.
enum Source {
    /// A regular file: every byte is there to read.
    File,
    /// A pipe, terminal, socket or device: bytes come when the other end writes them.
    Stream {
        /// A copy of its descriptor, to ask whether bytes are ready without reading them.
        #[cfg(unix)]
        ready: std::os::fd::OwnedFd,
    },
}

impl<'o> Input<'o> {
    /// Opens `file` (`-` for standard input) to answer into `out`; `Err` with the message
    /// (`cannot open FILE: why`) when it cannot be read.
    pub fn open(file: &Path, out: &'o mut Output) -> Result<Input<'o>, String> {
        let (reader, source) = if file == Path::new("-") {
            Self::stdin().map_err(|error| format!("cannot read standard input: {error}"))?
        } else {
            Self::file(file).map_err(|error| format!("cannot open {}: {error}", file.display()))?
        };
        Ok(Input { buffer: BufReader::with_capacity(BUFFER, reader), source, out, failed: None })
    }

    /// Standard input, read through its own descriptor: the standard library's buffer in
    /// front of it would hold bytes the readiness check cannot see.
    #[cfg(unix)]
    fn stdin() -> io::Result<(Box<dyn Read>, Source)> {
        use std::os::fd::AsFd;
        let file = File::from(io::stdin().as_fd().try_clone_to_owned()?);
        Self::classify(file)
    }

    /// Standard input, taken for a stream with no readiness check: reading flushes whenever
    /// its buffer is empty.
    #[cfg(not(unix))]
    fn stdin() -> io::Result<(Box<dyn Read>, Source)> {
        Ok((Box::new(io::stdin()), Source::Stream {}))
    }

    fn file(path: &Path) -> io::Result<(Box<dyn Read>, Source)> {
        Self::classify(open_file(path)?)
    }

    /// `file` with what it is: a regular file, or a stream.
    fn classify(file: File) -> io::Result<(Box<dyn Read>, Source)> {
        let source = if file.metadata()?.is_file() {
            Source::File
        } else {
            Source::Stream {
                #[cfg(unix)]
                ready: file.try_clone()?.into(),
            }
        };
        Ok((Box::new(file), source))
    }

    /// Where the answers go.
    pub fn out(&mut self) -> &mut Output {
        self.out
    }

    /// Whether reading more would wait for the other end of the input: nothing is left in the
    /// buffer and nothing is ready to read. Never for a regular file.
    pub fn would_wait(&self) -> bool {
        self.buffer.buffer().is_empty()
            && match &self.source {
                Source::File => false,
                #[cfg(unix)]
                Source::Stream { ready } => !is_ready(ready),
                #[cfg(not(unix))]
                Source::Stream {} => true,
            }
    }

    /// `Err` with the error that stopped the answers from being written out before a wait;
    /// the input has ended there, so what was read last may be cut short and must not be
    /// answered.
    pub fn check(&mut self) -> io::Result<()> {
        self.failed.take().map_or(Ok(()), Err)
    }
}

/// Whether `fd` has bytes to read now, or its end (a read would not wait). A failed check
/// says no, which only writes the answers out early.
#[cfg(unix)]
fn is_ready(fd: &std::os::fd::OwnedFd) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let mut fds = [PollFd::new(fd, PollFlags::IN)];
    let now = Timespec { tv_sec: 0, tv_nsec: 0 };
    matches!(poll(&mut fds, Some(&now)), Ok(ready) if ready > 0)
}

impl Read for Input<'_> {
    fn read(&mut self, into: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let count = available.len().min(into.len());
        into[..count].copy_from_slice(&available[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl BufRead for Input<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.failed.is_some() {
            return Ok(&[]);
        }
        if self.would_wait()
            && let Err(error) = self.out.flush()
        {
            // The error belongs to the output, not the input: it is kept for `check`, and
            // the input ends here instead of waiting for bytes no answer can be written for.
            self.failed = Some(error);
            return Ok(&[]);
        }
        self.buffer.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.buffer.consume(amount);
    }
}

/// Opens the input file `path` to read: not a directory (opening one succeeds on Unix, and
/// reading it fails: said up front), nor the file standard output writes to
/// ([`files::is_standard_output`]: `>> FILE` would make the run read its own answers forever).
pub(crate) fn open_file(path: &Path) -> io::Result<File> {
    let file = File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "is a directory"));
    }
    if files::is_standard_output(path) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is also standard output, which would overwrite it or feed the run its own answers",
        ));
    }
    Ok(file)
}
