//! The engines from outside: where they are declared and the limits they run under, of every
//! command that takes `--engine` or `--engines`, and of `sudoku engines`.

use std::path::PathBuf;
use std::sync::LazyLock;
use std::time::Duration;

use clap::Args;

use super::values::{parse_memory_limit, parse_time_limit};

/// Where the engines from outside are declared: every command that takes `--engine` or
/// `--engines` takes these, and `sudoku engines` lists what they declare.
#[derive(Args, Debug, Clone, Default)]
pub struct ExternalArgs {
    /// Declare the engines from outside in FILE (TOML; see docs/external-engines.md). Only a
    /// file named here is read: a sudoku-engines.toml in the current directory is not. A
    /// declared engine starts only when the command uses it.
    #[arg(long, value_name = "FILE", help_heading = "Engines from outside")]
    pub engines_file: Option<PathBuf>,

    /// Declare an engine from outside, NAME=KIND:COMMAND ARGS... (KIND protocol, judge or
    /// dimacs; the command is split into words as a shell would, but no shell runs it), or a
    /// library: NAME=plugin:PATH (the C ABI of include/sudoku_engine.h) or
    /// NAME=tdoku:PATH:SYMBOL[:CONFIGURATION] (tdoku's solver function type). Repeatable.
    // The brackets are the help text's, not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long, value_name = "NAME=KIND:COMMAND", help_heading = "Engines from outside")]
    pub external: Vec<String>,

    /// The time an engine from outside has for each puzzle (wall clock), in seconds, in place
    /// of what its declaration says; 60 by default. One that takes longer is stopped, the
    /// puzzle counts as timed-out for it, and it is started again for the next.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time_limit, help_heading = "Engines from outside")]
    pub time_limit: Option<Duration>,

    /// The most memory (address space) each library engine's worker process may take, in
    /// MiB, in place of what its declaration says (Unix); by default, no limit.
    #[arg(long, value_name = "MIB", value_parser = parse_memory_limit, help_heading = "Engines from outside")]
    pub memory_limit: Option<u64>,

    /// Load library engines (plugin, tdoku) into this process rather than into a worker
    /// process each: for debugging a library. A crash or a hang of the library then ends or
    /// stops the whole run, and --time-limit and --memory-limit do not hold for it.
    #[arg(long, help_heading = "Engines from outside")]
    pub in_process: bool,
}

/// The command of a worker process that hosts a library: this program's `serve`.
static WORKER: LazyLock<Option<Vec<String>>> = LazyLock::new(|| {
    let program = std::env::current_exe().ok()?;
    Some(vec![program.to_str()?.to_owned(), "serve".to_owned()])
});

impl ExternalArgs {
    /// The declarations, as `sudoku_external::registry` takes them, with the engines the
    /// command uses.
    pub fn declared(&self, wanted: sudoku_external::Wanted) -> sudoku_external::Declared<'_> {
        sudoku_external::Declared {
            wanted,
            engines_file: self.engines_file.as_deref(),
            externals: &self.external,
            time_limit: self.time_limit,
            memory_limit: self.memory_limit,
            in_process: self.in_process,
            worker: WORKER.as_deref(),
        }
    }
}
