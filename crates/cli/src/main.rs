//! The `sudoku` command.
//!
//! The command line lives here: the arguments (`args`), each command's plan and its output
//! (inputs read and streamed, answers, tables and files written, the gates that decide the exit
//! code). Reading puzzles, solving, rating and measuring belong to the library crates. `main`
//! maps every outcome to one of the documented exit codes.

mod args;
mod bench;
mod candidates;
mod canon;
mod compare;
mod console;
mod estimate;
mod explain;
mod generate;
mod input;
mod minimize;
mod rate;
mod setter;
mod shuffle;
mod solve;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use sudoku_engines::{EngineInfo, Registry, UnknownEngine};

use args::{Cli, Command, ExternalArgs};
use console::{Halt, errln};
use sudoku_external::Wanted;

/// The allocator of the whole command (see the workspace's manifest for why).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit codes, documented in `--help` and in docs/guide.md.
pub mod exit {
    /// Every puzzle was solved (or counted).
    pub const SUCCESS: u8 = 0;
    /// Some puzzle has no solution, or its search gave up at the node budget.
    pub const UNSOLVED: u8 = 1;
    /// Bad input or usage: a malformed puzzle, an unreadable file, an unknown engine or flag.
    pub const BAD_INPUT: u8 = 2;
    /// `bench`: engines disagree on a puzzle, or an answer failed the check.
    pub const DISAGREEMENT: u8 = 3;
    /// `bench`: slower than the baseline beyond the threshold, or a counter changed.
    pub const REGRESSION: u8 = 4;
    /// An engine from outside failed on some puzzle: it crashed, ran out of time or broke its
    /// protocol.
    pub const ENGINE_FAILED: u8 = 5;

    /// The exit code of what a bench run, a merge or a comparison of runs concluded.
    pub fn of(conclusion: sudoku_bench::Conclusion) -> u8 {
        use sudoku_bench::Conclusion;
        match conclusion {
            Conclusion::Disagreement => DISAGREEMENT,
            Conclusion::BadInput => BAD_INPUT,
            Conclusion::EngineFailed => ENGINE_FAILED,
            Conclusion::Regression => REGRESSION,
            Conclusion::Passed => SUCCESS,
        }
    }
}

fn main() -> ExitCode {
    // Engines from outside may have started processes (their own children too) that nothing
    // else would end: the run's registry is never dropped, and a signal exits at once.
    sudoku_bench::files::on_signal(sudoku_external::process::kill_all);
    sudoku_bench::files::remove_partial_files_on_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(stop) => return ExitCode::from(print_parse_stop(&stop)),
    };
    let code = match cli.command {
        None => {
            let wanted = named(cli.solve.engine.as_deref());
            with_registry(&cli.solve.external, wanted, |registry| solve::run(&cli.solve, registry))
        }
        Some(Command::Solve(args)) => {
            let wanted = named(args.engine.as_deref());
            with_registry(&args.external, wanted, |registry| solve::run(&args, registry))
        }
        Some(Command::Count(args)) if args.list.is_some() || args.estimate => {
            let wanted = named(args.engine.as_deref());
            with_registry(&args.external, wanted, |registry| estimate::run(&args, registry))
        }
        Some(Command::Count(args)) => {
            let args = args.into_solve_args();
            let wanted = named(args.engine.as_deref());
            with_registry(&args.external, wanted, |registry| solve::run(&args, registry))
        }
        Some(Command::Engines(args)) if args.probe => {
            with_registry(&args.external, Wanted::All, solve::list_engines)
        }
        Some(Command::Engines(args)) => solve::list_declarations(&args.external),
        Some(Command::Serve(args)) => solve::serve(&args),
        Some(Command::Bench(args)) => {
            let wanted = bench::wanted(&args);
            with_registry(&args.external, wanted, |registry| bench::run(&args, registry))
        }
        Some(Command::Generate(args)) => {
            let wanted = named(args.engine.as_deref());
            with_registry(&args.external, wanted, |registry| generate::run(&args, registry))
        }
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Explain(args)) => explain::run(&args),
        Some(Command::Shuffle(args)) => shuffle::run(&args),
        Some(Command::Canon(args)) => canon::run(&args),
        Some(Command::Candidates(args)) => candidates::run(&args),
        Some(Command::Minimize(args)) => minimize::run(&args),
    };
    sudoku_external::process::kill_all();
    sudoku_bench::files::wait_if_ending_by_signal();
    ExitCode::from(code)
}

/// The declared engines a command that takes `--engine` starts: the one it names, if any.
fn named(engine: Option<&str>) -> Wanted {
    match engine {
        Some(name) => Wanted::Named(vec![name.to_owned()]),
        None => Wanted::None,
    }
}

/// Runs `command` with the registry of this run: the built-in engines and the engines
/// declared by `external` (an engines file, `--external`) that the command uses (`wanted`),
/// started all at once. A bad declaration is one line and exit 2, before anything runs. The
/// registry lives as long as the process: engines are looked up in it everywhere, by
/// reference.
fn with_registry(
    external: &ExternalArgs,
    wanted: Wanted,
    command: impl FnOnce(&'static Registry) -> u8,
) -> u8 {
    let waiting = |line: &str| {
        let _ = errln!("sudoku: {line}");
    };
    match sudoku_external::registry(&external.declared(wanted), &waiting) {
        Ok(registry) => command(Box::leak(Box::new(registry))),
        Err(message) => match errln!("sudoku: {message}") {
            Ok(()) => exit::BAD_INPUT,
            Err(halt) => halt.exit_code(exit::BAD_INPUT),
        },
    }
}

/// The engine `name` of `registry`, or the message that it is unknown ([`unknown_engine`]).
pub(crate) fn find_engine(
    registry: &'static Registry,
    name: Option<&str>,
    external: &ExternalArgs,
) -> Result<Option<&'static EngineInfo>, String> {
    name.map(|name| registry.find(name).map_err(|unknown| unknown_engine(&unknown, external)))
        .transpose()
}

/// The message for an engine name the registry does not know. When the current directory
/// holds an engines file that was not named, it says that such a file is read only when named,
/// since the engine may be declared there.
/// The engines named are the registry's and those declared but not started by this command.
pub(crate) fn unknown_engine(unknown: &UnknownEngine, external: &ExternalArgs) -> String {
    let mut unknown = unknown.clone();
    let declared = sudoku_external::declarations(&external.declared(Wanted::None));
    for declaration in declared.unwrap_or_default() {
        if !unknown.known.contains(&declaration.name) {
            unknown.known.push(declaration.name);
        }
    }
    let file = sudoku_external::declare::DEFAULT_FILE;
    if external.engines_file.is_none() && Path::new(file).is_file() {
        format!(
            "{unknown} ({file} in this directory is read only when named: --engines-file {file})"
        )
    } else {
        unknown.to_string()
    }
}

/// Prints what stopped argument parsing (help or the version on standard output, a usage error
/// on standard error) under the console rule; returns the exit code: 0 for help and version,
/// 2 for a usage error or output that could not be written.
fn print_parse_stop(stop: &clap::Error) -> u8 {
    let code = if stop.use_stderr() { exit::BAD_INPUT } else { exit::SUCCESS };
    // clap colours the text for a terminal, and returns write errors instead of panicking; the
    // flush makes sure none is left for the exit to swallow.
    let printed = stop
        .print()
        .and_then(|()| if stop.use_stderr() { io::stderr().flush() } else { io::stdout().flush() });
    match printed {
        Ok(()) => code,
        Err(error) if stop.use_stderr() => Halt::from_stderr(&error).exit_code(code),
        Err(error) => Halt::from_output(&error, "the output").exit_code(code),
    }
}
