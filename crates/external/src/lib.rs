//! Engines from outside the workspace, in any language, on the bench beside the built-in ones.
//!
//! An engine from outside is declared ([`declare`]: an engines file or `--external`), and
//! becomes an [`EngineInfo`] in the run's one [`Registry`], behind the one [`Engine`] trait:
//! the harness, `solve`, `count` and `generate` cannot tell it from a built-in engine, except by
//! what its entry says (where it comes from, how it is timed, whether it counts).
//!
//! Five kinds, in four modules:
//! - [`protocol`]: a long-lived process speaking the line protocol of `docs/engine-protocol.md`
//!   (and [`protocol::serve`], which serves any built-in engine over it);
//! - [`judge`]: a program started for each puzzle, reading it as online judges give it;
//! - [`dimacs`]: a SAT solver started for each puzzle on the standard CNF encoding;
//! - [`native`]: a shared library (the C ABI of `include/sudoku_engine.h`, or tdoku's solver
//!   type), in a worker process that serves it over the protocol.
//!
//! **Nothing runs unasked.** Declarations are read from the engines file named with
//! `--engines-file` and from `--external`, never from a file the user did not name; and a
//! declared engine is started (its handshake read, its library loaded) only when the command
//! uses it ([`Wanted`]), the engines it uses all at once ([`registry`]).
//!
//! Each engine value owns its process ([`process::Process`]): each thread of a run makes its
//! own engine, so a run with four threads runs four processes of a protocol engine. Whatever
//! the program does (crash, hang, garbage, lies), the engine answers: a failure is an
//! [`sudoku_core::Outcome`] with a [`sudoku_core::Failure`], which costs that engine that puzzle
//! and nothing else, and the next puzzle starts the program again.
//!
//! [`Engine`]: sudoku_core::Engine

pub mod declare;
pub mod dimacs;
pub mod judge;
pub mod native;
pub mod overhead;
pub mod process;
pub mod protocol;

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_engines::{EngineInfo, Registry};

pub use declare::{Declaration, Kind};

/// The time an engine from outside has for one puzzle unless its declaration or the run's
/// `--time-limit` says otherwise: 60 s, a generous bound beyond the hardest 25×25 puzzles the
/// SAT solvers were measured on (about 10 s), so that the limit catches hangs, not slow
/// engines.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The engine a declaration makes, with the run's settings (`--time-limit` in place of the
/// declaration's own when given; libraries in the worker `declared.worker` unless
/// `--in-process`).
pub fn engine_info(declaration: &Declaration, declared: &Declared<'_>) -> EngineInfo {
    let limit = declared.time_limit.or(declaration.time_limit).unwrap_or(DEFAULT_TIME_LIMIT);
    match declaration.kind {
        Kind::Protocol => protocol::engine_info(declaration, limit),
        Kind::Judge => judge::engine_info(declaration, limit),
        Kind::Dimacs => dimacs::engine_info(declaration, limit),
        Kind::Plugin | Kind::Tdoku => {
            let mut declaration = declaration.clone();
            if declared.memory_limit.is_some() {
                declaration.memory_limit = declared.memory_limit;
            }
            native::engine_info(&declaration, limit, declared.worker, declared.in_process)
        }
    }
}

/// Where a run's engines are declared: an engines file, `--external` arguments, and the run's
/// settings for them.
#[derive(Clone, Debug, Default)]
pub struct Declared<'a> {
    /// `--engines-file`. No other file is ever read: a [`declare::DEFAULT_FILE`] in the current
    /// directory is not, since whoever wrote it could make any plain `solve` run its commands.
    pub engines_file: Option<&'a Path>,
    /// Each `--external` argument.
    pub externals: &'a [String],
    /// `--time-limit`.
    pub time_limit: Option<Duration>,
    /// `--memory-limit`, in bytes: for each library's worker, in place of its declaration's.
    pub memory_limit: Option<u64>,
    /// `--in-process`: libraries loaded in this process rather than in workers.
    pub in_process: bool,
    /// The command of a worker that hosts a library (this program's `serve`, to which
    /// `--plugin PATH` or `--tdoku SPEC` is added); without it, a library can only be loaded
    /// in-process.
    pub worker: Option<&'a [String]>,
    /// Which of the declared engines the command uses, and so starts.
    pub wanted: Wanted,
}

/// Which declared engines a command starts: starting one runs its program (or loads its
/// library) to read its handshake, so only those the command uses are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Wanted {
    /// None: the command names no engine from outside.
    #[default]
    None,
    /// The engines of these names, where declared (a name that is not is left to the
    /// registry's lookup to refuse).
    Named(Vec<String>),
    /// Every declared engine.
    All,
}

impl Wanted {
    /// Whether the engine called `name` is wanted.
    fn wants(&self, name: &str) -> bool {
        match self {
            Wanted::None => false,
            Wanted::Named(names) => names.iter().any(|wanted| wanted == name),
            Wanted::All => true,
        }
    }
}

/// How long the engines of a run may take to start before the run says what it waits for.
pub const SLOW_START: Duration = Duration::from_secs(1);

/// The declarations of a run, in order: those of the engines file, then those of `--external`.
/// A bad file or declaration, a built-in engine's name or a name declared twice is one line
/// (with file, line and column). Nothing is started.
pub fn declarations(declared: &Declared<'_>) -> Result<Vec<Declaration>, String> {
    let mut declarations = Vec::new();
    if let Some(file) = declared.engines_file {
        declarations.extend(declare::read_file(file)?);
    }
    for text in declared.externals {
        declarations.push(declare::parse_external(text)?);
    }
    let built_in = Registry::built_in();
    for (index, declaration) in declarations.iter().enumerate() {
        let name = &declaration.name;
        if built_in.find(name).is_ok() {
            return Err(format!(
                "{}: engine '{name}' is a built-in engine's name",
                declaration.declared
            ));
        }
        if let Some(first) = declarations[..index].iter().find(|other| other.name == *name) {
            return Err(format!(
                "{}: engine '{name}' is declared twice (first at {})",
                declaration.declared, first.declared
            ));
        }
    }
    Ok(declarations)
}

/// The run's registry: the built-in engines, then the declared engines the command uses
/// (`declared.wanted`), in the order declared. Those are started all at once, each on a thread
/// of its own, so a run naming several waits for the slowest start rather than for their sum;
/// when they take longer than [`SLOW_START`], `waiting` is told which are still starting (a
/// line for a person). A bad declaration is one line ([`declarations`]) and no registry, before
/// anything starts.
pub fn registry(declared: &Declared<'_>, waiting: &dyn Fn(&str)) -> Result<Registry, String> {
    let wanted: Vec<Declaration> = declarations(declared)?
        .into_iter()
        .filter(|declaration| declared.wanted.wants(&declaration.name))
        .collect();
    let mut registry = Registry::built_in();
    for info in start_all(&wanted, declared, waiting) {
        registry.add(info)?;
    }
    Ok(registry)
}

/// The engines of `declarations`, made (and so started) at once on threads of their own, in
/// the order given.
///
/// Each thread stays, parked, once its engine is made, for as long as this process: on Linux
/// an engine's process is started to die with the thread that started it (see
/// [`process::Process`]), and the process started to read the handshake serves the run's first
/// engine value.
fn start_all(
    declarations: &[Declaration],
    declared: &Declared<'_>,
    waiting: &dyn Fn(&str),
) -> Vec<EngineInfo> {
    let mut made: Vec<Option<EngineInfo>> = vec![None; declarations.len()];
    let (sender, receiver) = mpsc::channel();
    for (index, declaration) in declarations.iter().enumerate() {
        let sender = sender.clone();
        let declaration = declaration.clone();
        let worker: Option<Vec<String>> = declared.worker.map(<[String]>::to_vec);
        let (time_limit, memory_limit, in_process) =
            (declared.time_limit, declared.memory_limit, declared.in_process);
        let started =
            thread::Builder::new().name(format!("start-{}", declaration.name)).spawn(move || {
                let declared = Declared {
                    time_limit,
                    memory_limit,
                    in_process,
                    worker: worker.as_deref(),
                    ..Declared::default()
                };
                // The receiver outlives every sender: the loop below ends when they are gone.
                let _ = sender.send((index, engine_info(&declaration, &declared)));
                loop {
                    thread::park();
                }
            });
        if started.is_err() {
            // No thread to spare: this one starts it.
            made[index] = Some(engine_info(&declarations[index], declared));
        }
    }
    drop(sender);
    let mut told = false;
    let slow_after = Instant::now() + SLOW_START;
    while made.iter().any(Option::is_none) {
        let wait = if told {
            Duration::from_secs(3600)
        } else {
            slow_after.saturating_duration_since(Instant::now())
        };
        match receiver.recv_timeout(wait) {
            Ok((index, info)) => made[index] = Some(info),
            Err(RecvTimeoutError::Timeout) => {
                told = true;
                let pending: Vec<String> = declarations
                    .iter()
                    .zip(&made)
                    .filter(|(_, made)| made.is_none())
                    .map(|(declaration, _)| {
                        format!("'{}' ({})", declaration.name, declaration.kind.name())
                    })
                    .collect();
                let limit = protocol::HANDSHAKE_LIMIT.as_secs();
                waiting(&format!(
                    "waiting for {} to start: {} (at most {limit} s)",
                    if pending.len() == 1 { "engine" } else { "engines" },
                    pending.join(", ")
                ));
            }
            // A thread that panicked: its engine is missing, and so is the run's answer.
            Err(RecvTimeoutError::Disconnected) => {
                panic!("an engine from outside could not be registered")
            }
        }
    }
    made.into_iter().flatten().collect()
}
