//! `sudoku bench`: arguments in, the harness's steps taken, what they say printed, exit code.
//!
//! Planning, checking, running, writing the outputs and judging the run belong to
//! `sudoku-bench` ([`sudoku_bench::plan`], [`sudoku_bench::ran`]); this module turns the
//! command line into [`Settings`], takes the steps one by one, prints what each has to say
//! ([`sudoku_bench::Message`]) and maps the run's [`sudoku_bench::Conclusion`] to an exit
//! code (see [`crate::exit`]).

use sudoku_bench::output::Columns;
use sudoku_bench::plan::Plan;
use sudoku_bench::{Inputs, Log, Pictures, ReportSettings, Settings};
use sudoku_core::{Grid, Size};
use sudoku_engines::{EngineInfo, Registry, UnknownEngine};
use sudoku_external::Wanted;

use crate::args::{BenchAction, BenchArgs, EngineSelection, MergeArgs, PictureArgs, ReportOutput};
use crate::console::{self, Halt, errln, noteln, say};
use crate::exit;

/// Runs `sudoku bench` with the engines of `registry`; returns the exit code.
pub fn run(args: &BenchArgs, registry: &'static Registry) -> u8 {
    match &args.action {
        Some(BenchAction::Merge(merge)) => run_merge(merge),
        Some(BenchAction::Compare(compare)) => crate::compare::run(compare),
        None => match chosen_engines(&args.engines, registry) {
            Ok(engines) => run_with_engines(args, engines),
            Err(unknown) => {
                match errln!("sudoku: {}", crate::unknown_engine(&unknown, &args.external)) {
                    Ok(()) => exit::BAD_INPUT,
                    Err(halt) => halt.exit_code(exit::BAD_INPUT),
                }
            }
        },
    }
}

/// The declared engines a bench starts: those `--engines` names, or every one when it names
/// `all` or nothing (the default runs every declared engine); none for `bench compare`, which
/// reads files.
pub fn wanted(args: &BenchArgs) -> Wanted {
    if args.action.is_some() {
        return Wanted::None;
    }
    let mut names = Vec::new();
    for selection in &args.engines {
        match selection {
            EngineSelection::All => return Wanted::All,
            EngineSelection::One(name) => names.push(name.clone()),
        }
    }
    if names.is_empty() { Wanted::All } else { Wanted::Named(names) }
}

/// The engines of `--engines`, in the order named, each once; by default every instrumented
/// built-in engine and every engine declared from outside.
fn chosen_engines(
    selections: &[EngineSelection],
    registry: &'static Registry,
) -> Result<Vec<&'static EngineInfo>, UnknownEngine> {
    if selections.is_empty() {
        let default = |info: &&EngineInfo| info.instrumented || !info.is_built_in();
        return Ok(registry.engines().iter().filter(default).collect());
    }
    let mut engines: Vec<&'static EngineInfo> = Vec::new();
    for selection in selections {
        let named: Vec<&'static EngineInfo> = match selection {
            EngineSelection::All => registry.engines().iter().collect(),
            EngineSelection::One(name) => vec![registry.find(name)?],
        };
        for info in named {
            if !engines.iter().any(|known| known.name == info.name) {
                engines.push(info);
            }
        }
    }
    Ok(engines)
}

/// The exit code of a command that ended as `ended` says, with what `log` found.
fn ended(ended: Result<(), Halt>, log: &mut Log) -> u8 {
    if let Err(halt) = ended {
        // A closed pipe ends the run quietly, but never hides what it found.
        log.findings.bad_input |= !matches!(halt, Halt::ClosedPipe);
        halt.exit_code(exit::SUCCESS);
    }
    exit::of(log.conclusion())
}

/// Runs `sudoku bench` with the given engines (the registry's, or any others). Returns the
/// exit code.
pub fn run_with_engines(args: &BenchArgs, engines: Vec<&EngineInfo>) -> u8 {
    let mut log = Log::new();
    let done = bench(args, engines, &mut log);
    ended(done, &mut log)
}

/// What `args` ask of a run of `engines`, for the harness.
fn settings<'e>(args: &BenchArgs, engines: Vec<&'e EngineInfo>) -> Settings<'e> {
    let mut settings = Settings::new(engines, Inputs::Files(args.files.clone()));
    settings.read = args.input.options();
    settings.mode = args.mode;
    settings.budget = args.budget.0;
    settings.threads = args.threads.unwrap_or_else(crate::args::cores);
    settings.repeat = args.repeat;
    settings.min_time = args.min_time;
    settings.cross_check = !args.no_cross_check;
    settings.progress = sudoku_bench::progress::wanted();
    settings.shard = args.shard;
    settings.by_difficulty = args.by_difficulty;
    settings.report = report_settings(&args.output);
    settings.pictures = pictures(&args.pictures);
    settings.per_puzzle = args.per_puzzle.clone();
    settings.save_baseline = args.save_baseline.clone();
    settings.baseline = args.baseline.clone();
    settings.puzzle_baseline = args.puzzle_baseline.clone();
    settings.engines_file = args.external.engines_file.clone();
    settings.threshold = args.threshold;
    settings.compare = args.compare.clone();
    settings.until_decided = args.until_decided;
    settings.max_time = args.max_time;
    settings.accept_counter_changes = args.accept_counter_changes;
    settings.allow_partial_baseline = args.allow_partial_baseline;
    settings.command = Some(command_line());
    settings
}

/// Where the report goes and in what format.
fn report_settings(output: &ReportOutput) -> ReportSettings {
    ReportSettings {
        format: output.format,
        out: output.out.clone(),
        columns: if output.wide { Columns::All } else { Columns::Main },
        width: Some(console::width()),
    }
}

/// The charts and the HTML report asked for.
fn pictures(pictures: &PictureArgs) -> Pictures {
    Pictures {
        charts: pictures.chart.clone(),
        scatter: pictures.scatter.clone(),
        html: pictures.report.clone(),
    }
}

/// Measures what each timing path costs a puzzle, with an engine that answers at once served
/// by this program itself (`sudoku serve --instant`), and prints it on standard error.
fn print_overhead() -> Result<(), Halt> {
    let server = std::env::current_exe().map(|program| {
        vec![program.display().to_string(), "serve".to_owned(), "--instant".to_owned()]
    });
    // The engine answers without looking: any 9×9 grid is as good as another.
    let puzzles = vec![Grid::empty(Size::NINE); 1000];
    let measured = server
        .map_err(|error| format!("cannot find this program to serve: {error}"))
        .and_then(|server| {
            sudoku_external::overhead::measure(&server, &puzzles).map_err(|f| f.to_string())
        });
    match measured {
        Ok(overhead) => noteln!(
            "timing paths, with an engine that answers at once: in-process call {:.2} µs; \
             protocol round trip {:.1} µs one at a time, {:.1} µs pipelined (as a library's \
             worker is driven); whole process {:.2} ms a puzzle",
            overhead.in_process.as_secs_f64() * 1e6,
            overhead.round_trip.as_secs_f64() * 1e6,
            overhead.pipelined.as_secs_f64() * 1e6,
            overhead.whole_process.as_secs_f64() * 1e3,
        ),
        Err(problem) => errln!("sudoku: the timing paths could not be measured: {problem}"),
    }
}

/// A bench run in the harness's steps: planned (every input and output checked), the files
/// opened, run, its outputs written, and its gates checked. What each step has to say is said
/// before the next starts; a step that refuses the run has said why, and the run stops there.
fn bench(args: &BenchArgs, engines: Vec<&EngineInfo>, log: &mut Log) -> Result<(), Halt> {
    let plan = match Plan::make(settings(args, engines)) {
        Ok(plan) => plan,
        Err(message) => {
            log.problem(message);
            return say(log);
        }
    };
    if args.overhead || plan.has_engines_from_outside() {
        print_overhead()?;
    }
    let ready = plan.open(log);
    say(log)?;
    let Some(ready) = ready else { return Ok(()) };
    let ran = ready.run(&mut [], log);
    say(log)?;
    let Some(mut ran) = ran else { return Ok(()) };
    ran.write_outputs(log);
    say(log)?;
    ran.check_gates(log);
    say(log)
}

/// The command line, as a shell would take it back.
fn command_line() -> String {
    std::env::args()
        .enumerate()
        .map(|(index, argument)| {
            let argument = if index == 0 { "sudoku".to_owned() } else { argument };
            let plain = !argument.is_empty()
                && argument.chars().all(|c| c.is_ascii_alphanumeric() || "-_./,:=+%@".contains(c));
            if plain { argument } else { format!("'{}'", argument.replace('\'', "'\\''")) }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `sudoku bench merge`; returns the exit code.
fn run_merge(args: &MergeArgs) -> u8 {
    let mut log = Log::new();
    let mut settings = Settings::new(Vec::new(), Inputs::Files(args.reports.clone()));
    settings.report = report_settings(&args.output);
    settings.pictures = pictures(&args.pictures);
    settings.command = Some(command_line());
    let merged = sudoku_bench::plan::merge(settings, &mut log);
    let done = say(&mut log).and_then(|()| {
        let Some(mut merged) = merged else { return Ok(()) };
        merged.write_outputs(&mut log);
        say(&mut log)
    });
    ended(done, &mut log)
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use sudoku_core::{Engine, Grid, Limits, Outcome};

    use super::*;
    use crate::args::{Cli, Command};

    /// Solves correctly, then changes the last cell of the solution when the puzzle's first
    /// clue is odd: a wrong digit on some puzzles only.
    struct WrongDigit(Box<dyn Engine>);

    impl Engine for WrongDigit {
        fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
            let mut outcome = self.0.solve(puzzle, limits);
            let first_clue = puzzle.cells().iter().copied().find(|&value| value != 0);
            if let Some(solution) = outcome.solution.as_mut()
                && first_clue.is_some_and(|clue| clue % 2 == 1)
            {
                solution.set(80, solution.get(80) % 9 + 1);
            }
            outcome
        }
    }

    static WRONG: EngineInfo = EngineInfo::new("wrong-digit", "a test engine", || {
        Box::new(WrongDigit(sudoku_engines::default_engine().create()))
    });

    fn bench_args(arguments: &[&str]) -> BenchArgs {
        let mut command_line = vec!["sudoku", "bench"];
        command_line.extend_from_slice(arguments);
        match Cli::parse_from(command_line).command {
            Some(Command::Bench(args)) => *args,
            other => panic!("not a bench command: {other:?}"),
        }
    }

    fn corpus_file(directory: &tempfile::TempDir) -> String {
        let shipped = sudoku_bench::corpus::shipped_corpus().expect("the shipped corpus");
        let text = std::fs::read_to_string(shipped).unwrap();
        let sample: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .take(40)
            .map(|l| format!("{l}\n"))
            .collect();
        let path = directory.path().join("sample.txt");
        std::fs::write(&path, sample).unwrap();
        path.display().to_string()
    }

    #[test]
    fn a_wrong_engine_makes_the_run_exit_with_the_disagreement_code() {
        let directory = tempfile::tempdir().unwrap();
        let file = corpus_file(&directory);
        let report = directory.path().join("report.json");
        let args =
            bench_args(&[&file, "-j", "2", "--format", "json", "--out", report.to_str().unwrap()]);
        let correct = sudoku_engines::default_engine();
        assert_eq!(run_with_engines(&args, vec![correct, &WRONG]), exit::DISAGREEMENT);
        let written =
            sudoku_bench::output::read_json(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert!(written.disagreement_count() > 0);
        // The same puzzles with the correct engine alone pass.
        assert_eq!(run_with_engines(&args, vec![correct]), exit::SUCCESS);
    }

    #[test]
    fn engines_are_chosen_once_each_in_the_order_named() {
        let registry: &'static Registry = Box::leak(Box::new(Registry::built_in()));
        let one = |name: &str| EngineSelection::One(name.to_owned());
        let chosen =
            chosen_engines(&[one("dlx"), EngineSelection::All, one("naive")], registry).unwrap();
        assert_eq!(chosen[0].name, "dlx");
        assert_eq!(chosen.len(), registry.engines().len());
        let default = chosen_engines(&[], registry).unwrap();
        assert!(!default.is_empty() && default.iter().all(|info| info.instrumented));
        let unknown = chosen_engines(&[one("dlx"), one("quantum")], registry).unwrap_err();
        assert_eq!(unknown.name, "quantum");
    }
}
