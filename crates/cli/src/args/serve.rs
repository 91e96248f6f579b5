//! `sudoku serve`: one engine over the engine protocol, and the worker process of a library
//! engine.

use clap::Args;

use super::values::parse_memory_limit;

/// `sudoku serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The built-in engine to serve.
    #[arg(short, long, value_name = "ENGINE", default_value = sudoku_engines::DEFAULT_ENGINE)]
    pub engine: String,

    /// Serve the engine library at PATH (the C ABI of include/sudoku_engine.h) instead: what a
    /// plugin engine's worker process runs.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["engine", "tdoku"])]
    pub plugin: Option<String>,

    /// Serve the function SYMBOL of the library at PATH (tdoku's solver type) instead, with
    /// CONFIGURATION (0 by default): what a tdoku engine's worker process runs.
    #[arg(long, value_name = "PATH:SYMBOL[:CONFIGURATION]", conflicts_with = "engine")]
    pub tdoku: Option<String>,

    /// With --tdoku: the function's count is taken alone, without a second call for a
    /// solution when it counts past one (an engine declared `solutions = false`).
    #[arg(long, requires = "tdoku")]
    pub counts_only: bool,

    /// With --plugin or --tdoku: the most memory (address space) this process may take, in
    /// MiB, set before the library is loaded (Unix).
    #[arg(long, value_name = "MIB", value_parser = parse_memory_limit)]
    pub memory_limit: Option<u64>,

    /// Serve an engine that answers every puzzle at once with no solution, instead: what
    /// `bench --overhead` measures the protocol's cost with.
    #[arg(long, conflicts_with = "engine")]
    pub instant: bool,
}
