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
use std::time::Duration;

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

/// Where a run's engines are declared: an engines file (or the default one in the current
/// directory), `--external` arguments, and the run's time limit.
#[derive(Clone, Debug, Default)]
pub struct Declared<'a> {
    /// `--engines-file`; when `None`, [`declare::DEFAULT_FILE`] in the current directory, if
    /// there is one.
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
}

/// The run's registry: the built-in engines, then those of the engines file, then those of
/// `--external`, in order. A bad file or declaration, or a name declared twice, is one line
/// (with file, line and column) and no registry.
pub fn registry(declared: &Declared<'_>) -> Result<Registry, String> {
    let mut declarations = Vec::new();
    match declared.engines_file {
        Some(file) => declarations.extend(declare::read_file(file)?),
        None => {
            let default = Path::new(declare::DEFAULT_FILE);
            if default.exists() {
                declarations.extend(declare::read_file(default)?);
            }
        }
    }
    for text in declared.externals {
        declarations.push(declare::parse_external(text)?);
    }
    // Names are checked before any program starts.
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
    let mut registry = built_in;
    for declaration in &declarations {
        registry.add(engine_info(declaration, declared))?;
    }
    Ok(registry)
}
