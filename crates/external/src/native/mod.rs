//! `plugin` and `tdoku` engines: shared libraries, loaded at run time with `libloading`.
//!
//! A `plugin` exports the C ABI of `include/sudoku_engine.h` ([`abi`]); a `tdoku` library
//! exports a function of tdoku's solver type ([`tdoku`]), as the published solvers of tdoku's
//! benchmark do.
//!
//! A library runs in a worker process by default: this program itself, started as
//! `sudoku serve --plugin PATH` (or `--tdoku PATH:SYMBOL:CONFIGURATION`), loads it and serves
//! it over the line protocol ([`crate::protocol`]), timing each call itself and answering
//! requests sent ahead in batches. So a library is a protocol engine whose program is the
//! worker: a crash or a hang costs one worker and one puzzle, the worker is started again and
//! the batch goes on after that puzzle, and the time the bench reports is the call's own.
//! Loaded in the harness's own process instead (`--in-process`), a crash ends the run: that
//! is for debugging a library, never for trusting one.

pub mod abi;
mod layout;
pub mod tdoku;

use std::ffi::OsStr;
use std::io::Write as _;
use std::sync::{Arc, Once};

use sudoku_core::{Engine, FailureKind, Features, Grid, Limits, Outcome, Size};
use sudoku_engines::{EngineInfo, Origin, Timing};

use crate::declare::Library;
use crate::{Declaration, Kind};

/// A library loaded in this process: what it says of itself and how to make an engine of it.
pub struct Loaded {
    /// Its name, as it gives it (tdoku's functions: the symbol).
    pub name: String,
    /// What it says it is, if it says.
    pub description: Option<String>,
    /// The sizes it solves.
    pub sizes: Vec<Size>,
    /// Whether it counts solutions beyond the first.
    pub counts: bool,
    /// Whether it reports nodes and guesses and honours a node budget.
    pub instrumented: bool,
    /// Whether it reports guesses (alone, when not instrumented: tdoku's function type).
    pub guesses: bool,
    /// Whether it solves grids of any layout (`SUDOKU_ENGINE_LAYOUTS`); else it is given
    /// classic grids only.
    pub layouts: bool,
    /// Makes an engine value (one for each thread).
    make: Arc<dyn Fn() -> Box<dyn Engine> + Send + Sync>,
}

impl Loaded {
    /// The registry entry of an engine of this library: called `name`, solving `sizes`, with
    /// the capabilities the library says it has.
    fn entry(
        &self,
        name: String,
        description: String,
        origin: Origin,
        timing: Timing,
        sizes: &[Size],
    ) -> EngineInfo {
        let (smallest, largest) = crate::protocol::orders_of(sizes);
        let make = Arc::clone(&self.make);
        let info = EngineInfo::external(name, description, origin, timing, move || make())
            .with_orders(smallest, largest)
            .with_capabilities(self.counts, self.instrumented)
            .with_guesses(self.guesses);
        // In a worker, the served entry's layouts become the handshake's `feature layouts`,
        // which gives the harness's entry its layouts in turn.
        if self.layouts { info.with_features(Features::LAYOUTS) } else { info }
    }
}

/// Loads `library` of `kind` (`plugin` or `tdoku`) into this process, checking what it
/// exports. The error says what is wrong, naming the file.
///
/// Loading a library runs its initialisers: whatever they do, they do in this process. The
/// harness calls this in a worker process unless asked for `--in-process`.
pub fn load(kind: Kind, library: &Library) -> Result<Loaded, String> {
    let shown = library.path.display();
    let open = || {
        // SAFETY: loading a library runs its initialisers, which may do anything; that is the
        // risk a worker process exists to take, and the reason the harness loads libraries in
        // one unless told otherwise.
        unsafe { libloading::Library::new(OsStr::new(&library.path)) }.map_err(|error| {
            format!("{shown}: cannot load it as a shared library: {}", with_source(&error))
        })
    };
    match (kind, &library.symbol) {
        (Kind::Plugin, _) => abi::load(open()?).map_err(|problem| format!("{shown}: {problem}")),
        (Kind::Tdoku, Some(symbol)) => { tdoku::load(open()?, library, symbol) }
            .map_err(|problem| format!("{shown}: {problem}")),
        _ => Err(format!("{shown}: not a library kind ({kind})")),
    }
}

/// A libloading error with what the system said (its source), on one line.
pub(crate) fn with_source(error: &libloading::Error) -> String {
    match std::error::Error::source(error) {
        Some(source) => format!("{error}: {source}"),
        None => error.to_string(),
    }
}

/// The sizes of a bit set of box orders (bit n: side n*n).
fn sizes_of_orders(orders: u32) -> Vec<Size> {
    Size::SQUARES
        .into_iter()
        .filter(|size| size.square_order().is_some_and(|order| orders & (1 << order) != 0))
        .collect()
}

/// The engine a library declaration makes. In a worker process (`worker`, the command that
/// hosts a library: this program's `serve`), unless `in_process`.
pub fn engine_info(
    declaration: &Declaration,
    time_limit: std::time::Duration,
    worker: Option<&[String]>,
    in_process: bool,
) -> EngineInfo {
    let library = declaration.library.as_ref().expect("a library kind declares a library");
    let origin = Origin::External {
        kind: declaration.kind.name(),
        declared: declaration.declared.clone(),
        command: library.spec(),
    };
    if in_process {
        return in_process_info(declaration, library, origin);
    }
    let Some(worker) = worker else {
        let message = "no worker program to load it in (run it with --in-process)";
        return failing(declaration, origin, message.to_owned());
    };
    let mut command = worker.to_vec();
    let flag = if declaration.kind == Kind::Plugin { "--plugin" } else { "--tdoku" };
    command.extend([flag.to_owned(), library.spec()]);
    if !library.solutions {
        command.push("--counts-only".to_owned());
    }
    if let Some(bytes) = declaration.memory_limit {
        command.extend(["--memory-limit".to_owned(), (bytes as f64 / 1048576.0).to_string()]);
    }
    let describe = |name: Option<&str>| match name {
        Some(name) => format!("{name}, a {} library in a worker process", declaration.kind),
        None => format!("a {} library in a worker process", declaration.kind),
    };
    let info = crate::protocol::engine_info_of(
        declaration,
        crate::protocol::Program { command, origin, describe: &describe },
        time_limit,
    );
    if library.solutions { info } else { info.without_solutions() }
}

/// The engine of a library loaded in this process.
fn in_process_info(declaration: &Declaration, library: &Library, origin: Origin) -> EngineInfo {
    let loaded = match load(declaration.kind, library) {
        Ok(loaded) => loaded,
        Err(problem) => return failing(declaration, origin, problem),
    };
    let sizes = declaration.sizes.clone().unwrap_or_else(|| loaded.sizes.clone());
    let description = declaration.description.clone().unwrap_or_else(|| {
        let what =
            loaded.description.as_deref().map(|text| format!(": {text}")).unwrap_or_default();
        format!("{}, a {} library in this process{what}", loaded.name, declaration.kind)
    });
    // tdoku's engines time their counting call themselves (see `tdoku`).
    let timing =
        if declaration.kind == Kind::Tdoku { Timing::EngineReported } else { Timing::InProcess };
    let info = loaded.entry(declaration.name.clone(), description, origin, timing, &sizes);
    if library.solutions { info } else { info.without_solutions() }
}

/// An engine registered for the declared sizes (or 9×9) whose every solve fails with
/// `message`: a library that cannot be loaded costs itself its puzzles, never the run.
fn failing(declaration: &Declaration, origin: Origin, message: String) -> EngineInfo {
    let sizes = declaration.sizes.clone().unwrap_or_else(|| vec![Size::NINE]);
    let (smallest, largest) = crate::protocol::orders_of(&sizes);
    let description = declaration.description.clone().unwrap_or_else(|| {
        format!("a {} library that cannot be loaded ({message})", declaration.kind)
    });
    let cannot_start = Arc::new(CannotStart {
        name: declaration.name.clone(),
        message: format!("cannot start: {message}"),
        told: Once::new(),
    });
    EngineInfo::external(
        declaration.name.clone(),
        description,
        origin,
        Timing::InProcess,
        move || Box::new(Failing(Arc::clone(&cannot_start))),
    )
    .with_orders(smallest, largest)
}

/// Why a library engine cannot start, and whether standard error was told.
struct CannotStart {
    name: String,
    message: String,
    told: Once,
}

/// An engine that fails every puzzle with the same message. The first failure of a run also
/// says so on standard error, once for all the engine's values (one for each thread), as a
/// worker that cannot load its library does (`protocol`'s client): one line says what is
/// wrong rather than every failure alone.
struct Failing(Arc<CannotStart>);

impl Engine for Failing {
    fn solve(&mut self, _: &Grid, _: Limits) -> Outcome {
        let CannotStart { name, message, told } = self.0.as_ref();
        told.call_once(|| {
            // Standard error closed or gone: the failures still say it.
            let _ = writeln!(std::io::stderr(), "sudoku: engine {name} {message}");
        });
        Outcome::failed(FailureKind::ProtocolError, message.as_str())
    }
}

/// The registry entry of a library loaded in this process, as `sudoku serve` serves it: its
/// own name, sizes and capabilities.
pub fn served(loaded: Loaded) -> EngineInfo {
    let description = loaded.description.clone().unwrap_or_else(|| loaded.name.clone());
    loaded.entry(
        loaded.name.clone(),
        description,
        Origin::BuiltIn,
        Timing::InProcess,
        &loaded.sizes,
    )
}

/// Sets this process's standard output aside for the protocol, before a worker loads its
/// library: the output is moved to a descriptor of its own (closed on `exec`), returned, and
/// descriptor 1 then points at standard error. So whatever the library prints to standard
/// output (`printf` debugging, in its initialisers or its solve function) goes to the worker's
/// standard error, which the harness keeps the tail of, and can neither break the protocol nor
/// pass for an answer. A library that seeks out the protocol's descriptor can still write to
/// it: the worker is a process of its own, not a sandbox.
///
/// Elsewhere than on Unix, standard output itself.
pub fn protocol_output() -> Result<Box<dyn std::io::Write>, String> {
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        let failed = |what: &str| format!("cannot {what}: {}", std::io::Error::last_os_error());
        // SAFETY: `fcntl` with F_DUPFD_CLOEXEC duplicates descriptor 1 to a new descriptor,
        // touching no memory.
        let protocol = unsafe { libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 3) };
        if protocol < 0 {
            return Err(failed("set standard output aside for the protocol"));
        }
        // SAFETY: `protocol` was just made by `fcntl`, and nothing else owns it.
        let output = unsafe { std::fs::File::from_raw_fd(protocol) };
        // SAFETY: `dup2` points descriptor 1 at what descriptor 2 is, touching no memory;
        // nothing of this process holds descriptor 1 as a value of its own (Rust's standard
        // output writes to whatever it is).
        if unsafe { libc::dup2(2, 1) } < 0 {
            return Err(failed("point standard output at standard error"));
        }
        Ok(Box::new(output))
    }
    #[cfg(not(unix))]
    Ok(Box::new(std::io::stdout()))
}

/// Limits the address space of this process to `bytes` (Unix; elsewhere, nothing): a worker
/// calls it before it loads a library, so that a library that allocates without bound fails
/// its allocations rather than the machine.
pub fn limit_memory(bytes: u64) -> Result<(), String> {
    #[cfg(unix)]
    {
        let limit =
            libc::rlimit { rlim_cur: bytes as libc::rlim_t, rlim_max: bytes as libc::rlim_t };
        // SAFETY: `setrlimit` reads the structure given, which lives across the call.
        if unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) } != 0 {
            return Err(format!(
                "cannot limit memory to {bytes} bytes: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = bytes;
    Ok(())
}
