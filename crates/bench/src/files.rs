//! Output files that never harm what they replace.
//!
//! Reports, charts, baselines and generated corpora are written to paths the user names, and
//! those paths are not always ordinary files: `--out /dev/null` to time a run without keeping
//! its report, `--out /dev/stdout` to pipe it, a FIFO another program reads, a symlink into a
//! results directory. The rules, in the order they are applied:
//!
//! - **Only a regular file is ever replaced** (or a new one made). The bytes go to a temporary
//!   file (`.NAME.XXXXXX.partial`) in the same directory, which is synced and then renamed over
//!   the destination: on one file system a rename replaces the old file in one step, so a run
//!   cut short by a full disk or a signal leaves the old file as it was, never half a file. A
//!   report cut in the middle would be worse than none: a truncated baseline fails every later
//!   comparison in confusing ways.
//! - **A character device or a FIFO is written in place**, streamed as the bytes come; its
//!   write errors are errors (`/dev/full` is full). So is one of this process's own
//!   descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) even when it is a regular
//!   file: replacing the file a shell redirected standard output to would cut it off from the
//!   rest of the output. Directories, block devices and sockets are refused: a report is never
//!   written onto a disk device.
//! - **A symlink is followed**: its final target is replaced (the temporary file goes in the
//!   target's directory, so the rename stays on one file system) and the link stays a link. A
//!   dangling symlink makes the file it points to.
//! - **A replaced file keeps its permissions**, and, when the process may (as root), its owner
//!   and group. A new file gets 0666 less the umask, like any file a program creates.
//! - **No temporary file outlives the run**: one that is dropped without [`OutputFile::commit`]
//!   is removed, and [`remove_partial_files_on_signal`] removes the ones being written when a
//!   signal ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, ...: every one that
//!   ends a process by default and can be caught), then runs what [`on_signal`] registered
//!   (the command kills the engine processes it started there).
//!
//! Errors name the path as the user gave it, never the temporary file: see [`OutputError`].

use std::fmt;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Why an output could not be written: one line, `cannot write PATH: reason`, naming the path
/// as the user gave it.
#[derive(Debug)]
pub struct OutputError {
    path: PathBuf,
    reason: String,
}

impl OutputError {
    /// The error for `path` (as the user gave it), failed for `reason`.
    pub fn new(path: &Path, reason: impl fmt::Display) -> OutputError {
        OutputError { path: path.to_path_buf(), reason: reason.to_string() }
    }

    /// The path as the user gave it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Why it failed, without the path.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.as_os_str().is_empty() {
            write!(f, "cannot write \"\": {}", self.reason)
        } else {
            write!(f, "cannot write {}: {}", self.path.display(), self.reason)
        }
    }
}

impl std::error::Error for OutputError {}

/// Checks everything about `path` that can be checked before a long run, without changing
/// anything on disk (beyond a probe file made and removed in the destination's directory):
///
/// - the path is not empty, and not a directory, a block device or a socket;
/// - a character device or a FIFO (after following symlinks) is accepted as it is;
/// - otherwise the directory the file goes in exists and is writable (with `create_parents`,
///   its nearest existing ancestor must be a writable directory), and an existing file is
///   writable.
pub fn check_destination(path: &Path, create_parents: bool) -> Result<(), OutputError> {
    match resolve(path)? {
        Destination::Stream => Ok(()),
        Destination::Regular { target, existing } => {
            if existing.is_some() {
                check_writable(path, &target)?;
            }
            let directory = existing_directory(path, &target, create_parents)?;
            tempfile::Builder::new()
                .prefix(".sudoku-probe-")
                .tempfile_in(&directory)
                .map(drop)
                .map_err(|error| cannot_create_in(path, &directory, error))
        }
    }
}

/// Writes `contents` to `path` whole or not at all (see the module's rules). With
/// `create_parents`, missing directories on the way to a new file are made first.
pub fn write_whole(path: &Path, contents: &[u8], create_parents: bool) -> Result<(), OutputError> {
    let mut output = OutputFile::create(path, create_parents)?;
    output.write_all(contents).map_err(|error| OutputError::new(path, error))?;
    output.commit()
}

/// Whether `path` names a destination that is written in place, as a stream: an existing
/// character device or FIFO (after following symlinks), or one of this process's open
/// descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`).
pub fn is_stream(path: &Path) -> bool {
    match fs::metadata(path) {
        Ok(metadata) => names_own_descriptor(path) || kind_of(&metadata) == Kind::CharDeviceOrFifo,
        Err(_) => false,
    }
}

/// Whether `a` and `b` name the same output, following symlinks: the same file when both
/// exist; otherwise the same file name in the same (canonical) directory.
pub fn same_destination(a: &Path, b: &Path) -> bool {
    if a.as_os_str().is_empty() || b.as_os_str().is_empty() {
        return false;
    }
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(first), Ok(second)) => same_file(&first, &second),
        (Ok(_), Err(_)) | (Err(_), Ok(_)) => false,
        (Err(_), Err(_)) => comparable_name(a) == comparable_name(b),
    }
}

/// Refuses `output`, the file `flag` names (`--out`), when it is one of `inputs`, each named by
/// what reads it (`an input file`, `the file of --near`) and its path, through any spelling or
/// link ([`same_destination`]): replaced, the input would be lost. The error is one line naming
/// both. Standard input (`-`) and outputs written in place as streams (a device, a FIFO) are
/// never refused: nothing is replaced there.
pub fn check_not_an_input(
    flag: &str,
    output: &Path,
    inputs: &[(&str, &Path)],
) -> Result<(), String> {
    if is_stream(output) {
        return Ok(());
    }
    for &(role, input) in inputs {
        if input == Path::new("-") || !same_destination(output, input) {
            continue;
        }
        let spelled = if input.as_os_str() == output.as_os_str() {
            String::new()
        } else {
            format!(" (as {})", input.display())
        };
        return Err(format!(
            "{flag} {} is also {role}{spelled}: the run would overwrite its own input",
            output.display()
        ));
    }
    Ok(())
}

/// Whether `input` is the regular file this process's standard output writes to, as a shell
/// makes it (`sudoku canon list.txt >> list.txt`): a run reading it would read what it writes
/// and never end, or (`>`) find it already emptied. Never for a device, a pipe or a terminal.
pub fn is_standard_output(input: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let Ok(read) = fs::metadata(input) else { return false };
        let out = io::stdout().as_fd().try_clone_to_owned().map(File::from);
        let Ok(written) = out.and_then(|out| out.metadata()) else { return false };
        read.is_file() && written.is_file() && same_file(&read, &written)
    }
    #[cfg(not(unix))]
    {
        let _ = input;
        false
    }
}

/// A destination being written: a temporary file that replaces a regular file on
/// [`commit`](OutputFile::commit), or a device or FIFO written in place.
///
/// Dropping it without committing removes the temporary file and leaves the destination as it
/// was. (A stream cannot take back what it was sent.)
pub struct OutputFile {
    /// The path as the user gave it, for messages.
    path: PathBuf,
    /// `None` once committed.
    state: Option<State>,
}

/// How an [`OutputFile`] is being written.
enum State {
    /// Straight to the device, FIFO or descriptor.
    Stream(BufWriter<File>),
    /// To a temporary file, renamed over `target` on commit.
    Replacing {
        writer: BufWriter<File>,
        /// Removes the file when dropped.
        temporary: tempfile::TempPath,
        /// The file that is replaced: the path given, or the final target of its symlinks.
        target: PathBuf,
    },
}

impl OutputFile {
    /// Opens `path` for writing under the module's rules: a device, FIFO or own descriptor is
    /// opened as it is (a FIFO waits for its reader); for a regular file, a temporary file is
    /// made beside the (final) target, with the target's permissions and owner when it
    /// exists. With `create_parents`, missing directories on the way to a new file are made.
    pub fn create(path: &Path, create_parents: bool) -> Result<OutputFile, OutputError> {
        let state = match resolve(path)? {
            Destination::Stream => {
                let file = OpenOptions::new()
                    .write(true)
                    // A descriptor may be a file a shell opened: add to it, never overwrite it.
                    .append(names_own_descriptor(path))
                    .open(path)
                    .map_err(|error| OutputError::new(path, error))?;
                State::Stream(BufWriter::new(file))
            }
            Destination::Regular { target, existing } => {
                if existing.is_some() {
                    check_writable(path, &target)?;
                }
                let directory = parent_of(&target);
                if create_parents && existing.is_none() {
                    fs::create_dir_all(directory).map_err(|error| OutputError::new(path, error))?;
                } else {
                    existing_directory(path, &target, false)?;
                }
                let (file, temporary) = make_temporary(path, &target, existing.as_ref())?;
                State::Replacing { writer: BufWriter::new(file), temporary, target }
            }
        };
        Ok(OutputFile { path: path.to_path_buf(), state: Some(state) })
    }

    /// The path as the user gave it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Finishes the output: flushes a stream; syncs a temporary file and renames it over its
    /// target. On failure the destination is as it was (a stream may have received part).
    pub fn commit(mut self) -> Result<(), OutputError> {
        let path = self.path.clone();
        let failed = |error: io::Error| OutputError::new(&path, error);
        match self.state.take() {
            None => Ok(()),
            Some(State::Stream(mut writer)) => writer.flush().map_err(failed),
            Some(State::Replacing { writer, temporary, target }) => {
                let file = writer.into_inner().map_err(|error| failed(error.into_error()))?;
                file.sync_all().map_err(failed)?;
                drop(file);
                let mut live = live_temporaries();
                let temporary_path = temporary.to_path_buf();
                // The rename happens under the lock, so a signal's cleanup sees the file
                // either before (and removes it) or after (and leaves the destination).
                let renamed = temporary.persist(&target);
                live.retain(|registered| *registered != temporary_path);
                drop(live);
                // On failure the error holds the temporary path, which removes it when dropped.
                renamed.map_err(|error| failed(error.error))?;
                sync_directory(parent_of(&target));
                Ok(())
            }
        }
    }

    fn writer(&mut self) -> &mut BufWriter<File> {
        match self.state.as_mut() {
            Some(State::Stream(writer) | State::Replacing { writer, .. }) => writer,
            None => unreachable!("an OutputFile is consumed by commit"),
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writer().write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.writer().write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush()
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Some(State::Replacing { temporary, .. }) = self.state.take() {
            let mut live = live_temporaries();
            live.retain(|registered| **registered != *temporary);
            // Removed here, under the lock, like every other change to the registry's files.
            drop(temporary);
            drop(live);
        }
    }
}

impl fmt::Debug for OutputFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OutputFile").field("path", &self.path).finish_non_exhaustive()
    }
}

/// Installs, once, a handler for every signal of [`TERMINATING_SIGNALS`] (and, on Linux, the
/// real-time signals) that removes every temporary file being written and then exits with 128
/// plus the signal's number, as a shell reports a process a signal ended. Call it at the start
/// of `main`, before any output is created.
///
/// A signal this process was started with ignored (`nohup` ignores SIGHUP; a shell ignores
/// SIGINT and SIGQUIT for a job it runs in the background) stays ignored: only signals that
/// would have ended the process are caught.
///
/// The handler runs on a thread of its own (signal-hook's iterator), not inside the signal,
/// so it may take locks and remove files. Where it cannot be installed (no thread can be
/// started), signals keep their default action. Does nothing on other platforms than Unix.
pub fn remove_partial_files_on_signal() {
    #[cfg(unix)]
    {
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            let (ready, installed) = std::sync::mpsc::sync_channel(1);
            let cleaner = std::thread::Builder::new()
                .name("remove-partial-files".into())
                .spawn(move || remove_on_signal(&ready));
            if cleaner.is_ok() {
                // Wait until the handlers are in place: a temporary file made before would
                // escape a signal arriving early.
                let _ = installed.recv();
            }
        });
    }
}

/// What else runs when a caught signal ends the process (see
/// [`remove_partial_files_on_signal`]): after the temporary files are removed, before it exits,
/// in the order given. For what must not outlive the process and that no destructor will end,
/// since the process exits without running any: the programs a run started, say. A cleanup
/// runs on the handler's thread while the others go on, and should return soon.
pub fn on_signal(cleanup: fn()) {
    SIGNAL_CLEANUPS.lock().unwrap_or_else(PoisonError::into_inner).push(cleanup);
}

/// Whether a caught signal is ending the process: its cleanup has begun, and what fails from
/// then on (the engines' processes it kills, say) fails by the signal's doing, not by its own.
/// A command says nothing of such failures ([`wait_if_ending_by_signal`] instead): a run the
/// user interrupted is not an engine's crash.
pub fn ending_by_signal() -> bool {
    ENDING.load(std::sync::atomic::Ordering::SeqCst)
}

/// Set by the signal's cleanup once it holds the temporary files' lock, so that a thread that
/// sees it set and then waits for the lock waits for the end.
static ENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Returns at once, unless a caught signal is ending the process: then waits for its cleanup
/// to end it. For the end of `main`, so that a command that stopped because the cleanup killed
/// what it was waiting for (its engines' processes, say) ends with the signal's status, not
/// with one of its own.
pub fn wait_if_ending_by_signal() {
    // The cleanup holds the lock until the process exits.
    drop(live_temporaries());
}

/// The cleanups [`on_signal`] registered.
static SIGNAL_CLEANUPS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// The signals whose default action ends the process and that a handler may catch, on every
/// Unix; `caught_signals` adds Linux's own. Left out are SIGKILL and SIGSTOP, which cannot be
/// caught; the faults a program's own error raises (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
/// SIGSYS, SIGABRT), where returning from a handler would only run the failing instruction
/// again, and which Rust's runtime watches for stack overflows; and SIGPIPE, which Rust ignores
/// so that a closed pipe is a write error the program handles.
#[cfg(unix)]
pub const TERMINATING_SIGNALS: [i32; 11] = {
    use signal_hook::consts::signal::{
        SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU,
        SIGXFSZ,
    };
    [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
        SIGXFSZ,
    ]
};

/// The signals the cleanup catches: [`TERMINATING_SIGNALS`], on Linux also SIGIO, SIGPWR,
/// SIGSTKFLT and the real-time signals (all of which end a process there by default), less
/// those this process was started with ignored.
#[cfg(unix)]
fn caught_signals() -> Vec<i32> {
    let mut signals = TERMINATING_SIGNALS.to_vec();
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        signals.extend([libc::SIGIO, libc::SIGPWR, libc::SIGSTKFLT]);
        // Those the C library keeps for itself (below SIGRTMIN) are left to it.
        signals.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
    }
    signals.retain(|&signal| !ignored(signal));
    signals
}

/// Whether `signal` is ignored (as it was when the process started, since nothing here
/// ignores one).
#[cfg(unix)]
fn ignored(signal: i32) -> bool {
    // SAFETY: `sigaction` with a null new action only reads the current one into `current`,
    // a plain C struct for which all zeroes is a valid value.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut current) == 0
            && current.sa_sigaction == libc::SIG_IGN
    }
}

/// Registers the handlers, tells `ready`, then waits for a signal: removes the temporary files,
/// runs the cleanups of [`on_signal`] and ends the process.
#[cfg(unix)]
fn remove_on_signal(ready: &std::sync::mpsc::SyncSender<()>) {
    let signals = signal_hook::iterator::Signals::new(caught_signals());
    let _ = ready.send(());
    // Without handlers, the signals keep their default action.
    let Ok(mut signals) = signals else { return };
    if let Some(signal) = signals.forever().next() {
        // The lock is kept until the process ends: no new temporary file can appear, and no
        // rename can be half done.
        let live = live_temporaries();
        ENDING.store(true, std::sync::atomic::Ordering::SeqCst);
        for temporary in live.iter() {
            let _ = fs::remove_file(temporary);
        }
        let cleanups = SIGNAL_CLEANUPS.lock().unwrap_or_else(PoisonError::into_inner).clone();
        for cleanup in cleanups {
            cleanup();
        }
        std::process::exit(128 + signal);
    }
}

/// The temporary files being written by this process, for the signal handler to remove.
static LIVE_TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live_temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    // The list stays valid even if a thread panicked while holding it.
    LIVE_TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What a path names, once symlinks are followed.
enum Destination {
    /// A character device, FIFO or own descriptor: written in place.
    Stream,
    /// A regular file, existing or to be made, replaced through a temporary file.
    Regular {
        /// The file to make or replace: the path given, or the final target of its symlinks.
        target: PathBuf,
        /// The metadata of the existing file.
        existing: Option<Metadata>,
    },
}

/// The kinds of file the rules tell apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Directory,
    Regular,
    CharDeviceOrFifo,
    BlockDevice,
    Socket,
    Other,
}

fn kind_of(metadata: &Metadata) -> Kind {
    let file_type = metadata.file_type();
    if file_type.is_dir() {
        return Kind::Directory;
    }
    if file_type.is_file() {
        return Kind::Regular;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_char_device() || file_type.is_fifo() {
            return Kind::CharDeviceOrFifo;
        }
        if file_type.is_block_device() {
            return Kind::BlockDevice;
        }
        if file_type.is_socket() {
            return Kind::Socket;
        }
    }
    Kind::Other
}

/// What `path` names, or why it cannot be written to.
fn resolve(path: &Path) -> Result<Destination, OutputError> {
    if path.as_os_str().is_empty() {
        return Err(OutputError::new(path, "no file name given"));
    }
    match fs::metadata(path) {
        Ok(_) if names_own_descriptor(path) => Ok(Destination::Stream),
        Ok(metadata) => match kind_of(&metadata) {
            Kind::Regular => {
                let target =
                    fs::canonicalize(path).map_err(|error| OutputError::new(path, error))?;
                Ok(Destination::Regular { target, existing: Some(metadata) })
            }
            Kind::CharDeviceOrFifo => Ok(Destination::Stream),
            Kind::Directory => Err(OutputError::new(path, "it is a directory")),
            Kind::BlockDevice => Err(OutputError::new(
                path,
                "it is a block device, and a report is never written onto a disk",
            )),
            Kind::Socket => Err(OutputError::new(path, "it is a socket")),
            Kind::Other => Err(OutputError::new(path, "it is not a regular file, device or FIFO")),
        },
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let target = final_target(path).map_err(|error| OutputError::new(path, error))?;
            Ok(Destination::Regular { target, existing: None })
        }
        Err(error) => Err(OutputError::new(path, error)),
    }
}

/// Where the chain of symlinks starting at `path` ends: `path` itself when it is no symlink,
/// else the name the last link points to (which need not exist).
fn final_target(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    // As many links as Linux follows before it gives up with ELOOP.
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let pointed = fs::read_link(&current)?;
                // A relative link is relative to the link's directory; joining an absolute one
                // gives the absolute one.
                current = parent_of(&current).join(pointed);
            }
            Ok(_) => return Ok(current),
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Whether `path`, or a symlink on the way from it, is one of this process's descriptors.
fn names_own_descriptor(path: &Path) -> bool {
    let own_proc = PathBuf::from(format!("/proc/{}/fd", std::process::id()));
    let prefixes =
        [Path::new("/dev/fd"), Path::new("/proc/self/fd"), Path::new("/proc/thread-self/fd")];
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        if current.starts_with(&own_proc)
            || prefixes.iter().any(|prefix| current.starts_with(prefix))
        {
            return true;
        }
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => match fs::read_link(&current) {
                Ok(pointed) => current = parent_of(&current).join(pointed),
                Err(_) => return false,
            },
            _ => return false,
        }
    }
    false
}

/// Fails unless the existing file `target` can be opened for writing (it is not truncated):
/// renaming over a read-only file would succeed, but its owner made it read-only.
fn check_writable(path: &Path, target: &Path) -> Result<(), OutputError> {
    OpenOptions::new()
        .write(true)
        .open(target)
        .map(drop)
        .map_err(|error| OutputError::new(path, error))
}

/// The directory `file` is in (`.` for a bare file name).
fn parent_of(file: &Path) -> &Path {
    match file.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The directory `target` goes in, or with `create_parents` its nearest existing ancestor;
/// an error (for the user's `path`) when there is none or it is not a directory.
fn existing_directory(
    path: &Path,
    target: &Path,
    create_parents: bool,
) -> Result<PathBuf, OutputError> {
    let directory = parent_of(target);
    let mut candidate = directory;
    loop {
        match fs::metadata(candidate) {
            Ok(metadata) if metadata.is_dir() => return Ok(candidate.to_path_buf()),
            Ok(_) => {
                return Err(OutputError::new(
                    path,
                    format_args!("{} is not a directory", candidate.display()),
                ));
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                if !create_parents {
                    return Err(OutputError::new(
                        path,
                        format_args!("the directory {} does not exist", directory.display()),
                    ));
                }
                candidate = parent_of(candidate);
            }
            Err(error) => return Err(OutputError::new(path, error)),
        }
    }
}

/// A new temporary file for `target`, in its directory, registered for removal on a signal:
/// with the permissions and owner of the `existing` file, or else 0666 less the umask.
fn make_temporary(
    path: &Path,
    target: &Path,
    existing: Option<&Metadata>,
) -> Result<(File, tempfile::TempPath), OutputError> {
    let directory = parent_of(target);
    let name = target.file_name().map_or_else(|| "output".into(), |name| name.to_string_lossy());
    let prefix = format!(".{name}.");
    #[cfg_attr(not(unix), allow(unused_mut, reason = "permissions are set on Unix only"))]
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A new file gets what any program's new file gets: 0666 less the umask (the kernel
        // applies the umask). An existing file's mode is set exactly below, after the owner.
        let mode = if existing.is_some() { 0o600 } else { 0o666 };
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    // Registered under the lock it is made in, so a signal cannot leave it unregistered.
    let mut live = live_temporaries();
    let temporary =
        builder.tempfile_in(directory).map_err(|error| cannot_create_in(path, directory, error))?;
    let (file, temporary) = temporary.into_parts();
    live.push(temporary.to_path_buf());
    drop(live);
    if let Some(metadata) = existing {
        // On failure the temporary path is dropped, which removes the file; the Drop of
        // OutputFile is not there yet to deregister it, so do it here.
        if let Err(error) = keep_owner_and_mode(&file, metadata) {
            live_temporaries().retain(|registered| **registered != *temporary);
            return Err(OutputError::new(path, error));
        }
    }
    Ok((file, temporary))
}

/// Gives `file` the owner, group and mode of `existing`. Changing the owner needs root (or,
/// for the group, membership); without the right, the file keeps this process's owner, as
/// any rewritten file would.
fn keep_owner_and_mode(file: &File, existing: &Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let current = file.metadata()?;
        if current.uid() != existing.uid() || current.gid() != existing.gid() {
            let _ = std::os::unix::fs::fchown(file, Some(existing.uid()), Some(existing.gid()));
        }
    }
    // After the owner: changing the owner clears the set-user-ID and set-group-ID bits.
    file.set_permissions(existing.permissions())
}

/// The error of failing to make a file in `directory`, without the temporary file's name
/// that tempfile adds to its errors.
fn cannot_create_in(path: &Path, directory: &Path, error: io::Error) -> OutputError {
    let original = error
        .get_ref()
        .and_then(|inner| std::error::Error::source(inner))
        .and_then(|source| source.downcast_ref::<io::Error>());
    let error = match original {
        Some(original) => match original.raw_os_error() {
            Some(code) => io::Error::from_raw_os_error(code),
            None => io::Error::new(original.kind(), original.to_string()),
        },
        None => error,
    };
    OutputError::new(path, format_args!("cannot create a file in {}: {error}", directory.display()))
}

/// Makes a rename durable: the new directory entry reaches the disk. Best effort: some file
/// systems cannot sync a directory, and the file's own bytes are synced already.
fn sync_directory(directory: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(directory) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = directory;
}

fn same_file(first: &Metadata, second: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        first.dev() == second.dev() && first.ino() == second.ino()
    }
    #[cfg(not(unix))]
    {
        // Without inode numbers, two existing files are told apart by what they are.
        first.len() == second.len()
            && first.modified().ok() == second.modified().ok()
            && first.created().ok() == second.created().ok()
    }
}

/// A name for a path that does not exist, equal for two paths that would make the same file:
/// its canonical directory (or, when that does not exist either, the absolute one) and file
/// name.
fn comparable_name(path: &Path) -> Option<PathBuf> {
    let target = final_target(path).unwrap_or_else(|_| path.to_path_buf());
    let directory = parent_of(&target);
    let directory = fs::canonicalize(directory)
        .or_else(|_| std::path::absolute(directory))
        .unwrap_or_else(|_| directory.to_path_buf());
    match target.file_name() {
        Some(name) => Some(directory.join(name)),
        None => std::path::absolute(&target).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(directory: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_whole_files_and_leaves_no_temporary_behind() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("nested/report.json");
        let error = write_whole(&path, b"first", false).unwrap_err();
        assert_eq!(error.path(), path);
        assert!(error.to_string().contains("does not exist"), "{error}");
        write_whole(&path, b"first", true).unwrap();
        write_whole(&path, b"second", false).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(names_in(path.parent().unwrap()), ["report.json"]);
    }

    #[test]
    fn an_output_dropped_before_commit_leaves_the_destination_and_no_temporary() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("corpus.txt");
        fs::write(&path, "old").unwrap();
        let mut output = OutputFile::create(&path, false).unwrap();
        output.write_all(b"new, but never finished").unwrap();
        output.flush().unwrap();
        assert_eq!(names_in(directory.path()).len(), 2, "the temporary file is beside it");
        assert_eq!(
            live_temporaries().iter().filter(|p| p.starts_with(directory.path())).count(),
            1
        );
        drop(output);
        assert_eq!(names_in(directory.path()), ["corpus.txt"]);
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(!live_temporaries().iter().any(|p| p.starts_with(directory.path())));
    }

    #[test]
    fn checks_refuse_what_cannot_be_written_and_change_nothing() {
        let directory = tempfile::tempdir().unwrap();
        let error = check_destination(Path::new(""), false).unwrap_err();
        assert_eq!(error.to_string(), "cannot write \"\": no file name given");
        let error = check_destination(directory.path(), false).unwrap_err();
        assert!(error.to_string().ends_with(": it is a directory"), "{error}");
        let nested = directory.path().join("a/b/report.json");
        assert!(check_destination(&nested, false).is_err());
        check_destination(&nested, true).unwrap();
        let file = directory.path().join("file");
        fs::write(&file, "x").unwrap();
        let under_a_file = file.join("report.json");
        let error = check_destination(&under_a_file, true).unwrap_err();
        assert!(error.to_string().to_lowercase().contains("not a directory"), "{error}");
        check_destination(&file, false).unwrap();
        assert_eq!(names_in(directory.path()), ["file"], "nothing made, nothing left");
        assert_eq!(fs::read(&file).unwrap(), b"x", "not truncated");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_stays_a_link_and_its_target_is_replaced_with_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let directory = tempfile::tempdir().unwrap();
        let results = directory.path().join("results");
        fs::create_dir(&results).unwrap();
        let target = results.join("report.md");
        fs::write(&target, "old").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
        let link = directory.path().join("latest.md");
        std::os::unix::fs::symlink("results/report.md", &link).unwrap();
        write_whole(&link, b"new", false).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(fs::metadata(&target).unwrap().permissions().mode() & 0o7777, 0o640);
        assert_eq!(names_in(&results), ["report.md"]);
        assert!(same_destination(&link, &target));

        let dangling = directory.path().join("dangling");
        std::os::unix::fs::symlink("results/made.txt", &dangling).unwrap();
        assert!(same_destination(&dangling, &results.join("made.txt")));
        write_whole(&dangling, b"made", false).unwrap();
        assert_eq!(fs::read(results.join("made.txt")).unwrap(), b"made");
        assert!(fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    }

    #[cfg(unix)]
    #[test]
    fn as_root_a_replaced_file_keeps_its_owner_and_group() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("report.csv");
        fs::write(&path, "old").unwrap();
        // Another owner can be given only by root; elsewhere this is a no-op worth skipping.
        if std::os::unix::fs::chown(&path, Some(65534), Some(65534)).is_err() {
            eprintln!("skipped: changing a file's owner needs root");
            return;
        }
        fs::set_permissions(&path, fs::Permissions::from_mode(0o604)).unwrap();
        write_whole(&path, b"new", false).unwrap();
        let metadata = fs::metadata(&path).unwrap();
        assert_eq!((metadata.uid(), metadata.gid()), (65534, 65534));
        assert_eq!(metadata.permissions().mode() & 0o7777, 0o604);
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_mode_any_new_file_gets() {
        use std::os::unix::fs::PermissionsExt;
        let directory = tempfile::tempdir().unwrap();
        let ordinary = directory.path().join("ordinary");
        File::create(&ordinary).unwrap();
        let ours = directory.path().join("ours");
        write_whole(&ours, b"x", false).unwrap();
        let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&ours), mode(&ordinary));
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_written_in_place_and_their_errors_are_errors() {
        assert!(is_stream(Path::new("/dev/null")));
        write_whole(Path::new("/dev/null"), b"nothing", false).unwrap();
        assert!(is_stream(Path::new("/dev/null")));
        if Path::new("/dev/full").exists() {
            let error = write_whole(Path::new("/dev/full"), &[b'x'; 100_000], false).unwrap_err();
            assert!(error.to_string().starts_with("cannot write /dev/full: "), "{error}");
            assert!(!error.to_string().contains('\n'));
        }
        let error = check_destination(Path::new("/dev/null/report"), false).unwrap_err();
        assert!(error.to_string().starts_with("cannot write /dev/null/report: "), "{error}");
    }

    #[cfg(unix)]
    #[test]
    fn an_output_that_is_an_input_is_refused_naming_both() {
        let directory = tempfile::tempdir().unwrap();
        let input = directory.path().join("near.txt");
        fs::write(&input, "x").unwrap();
        let link = directory.path().join("link.txt");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let other = directory.path().join("other.txt");
        let inputs = [("an input file", other.as_path()), ("the file of --near", &input)];
        let error = check_not_an_input("--out", &input, &inputs).unwrap_err();
        let shown = input.display();
        assert_eq!(
            error,
            format!(
                "--out {shown} is also the file of --near: the run would overwrite its own input"
            )
        );
        let error = check_not_an_input("--out", &link, &inputs).unwrap_err();
        assert!(error.contains(&format!("is also the file of --near (as {shown})")), "{error}");
        assert!(!error.contains('\n'));
        assert_eq!(check_not_an_input("--out", &other, &inputs[1..]), Ok(()));
        assert_eq!(
            check_not_an_input("--out", Path::new("/dev/null"), &[("x", Path::new("/dev/null"))]),
            Ok(())
        );
        assert_eq!(
            check_not_an_input("--out", &input, &[("standard input", Path::new("-"))]),
            Ok(())
        );
    }

    #[test]
    fn same_destination_sees_through_spellings() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("report.json");
        let spelled = directory.path().join("sub/../report.json");
        fs::create_dir(directory.path().join("sub")).unwrap();
        assert!(same_destination(&path, &spelled), "neither exists");
        fs::write(&path, "x").unwrap();
        assert!(same_destination(&path, &spelled), "both exist");
        assert!(!same_destination(&path, &directory.path().join("other.json")));
        assert!(!same_destination(&path, Path::new("")));
    }
}
