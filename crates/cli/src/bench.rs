//! `sudoku bench`: arguments in, harness run, reports out, exit code.
//!
//! Measuring, checking and formatting belong to `sudoku-bench`; this module only turns the
//! command line into [`BenchOptions`], decides where each output goes, and maps what the run
//! found to an exit code (see [`crate::exit`]).

use std::io::{self, Write};
use std::path::PathBuf;

use sudoku_bench::baseline::{self, Comparison};
use sudoku_bench::output::{self, OutputFormat};
use sudoku_bench::{BenchOptions, Corpus, Report, Timing};
use sudoku_engines::{ENGINES, EngineInfo};

use crate::args::{BenchArgs, EngineSelection};
use crate::exit;

/// Disagreements printed in full per file; the rest are counted (and all are in the JSON).
const SHOWN_DISAGREEMENTS: usize = 50;
/// Read errors printed per file before they are only counted.
const SHOWN_READ_ERRORS: usize = 20;

/// Runs `sudoku bench`; returns the exit code.
pub fn run(args: &BenchArgs) -> u8 {
    run_with_engines(args, chosen_engines(&args.engines))
}

/// The engines of `--engines`, in the order named, each once; by default every instrumented
/// engine of the registry.
fn chosen_engines(selections: &[EngineSelection]) -> Vec<&'static EngineInfo> {
    if selections.is_empty() {
        return ENGINES.iter().filter(|info| info.instrumented).collect();
    }
    let mut engines: Vec<&'static EngineInfo> = Vec::new();
    for selection in selections {
        let named: Vec<&'static EngineInfo> = match selection {
            EngineSelection::All => ENGINES.iter().collect(),
            EngineSelection::One(info) => vec![*info],
        };
        for info in named {
            if !engines.iter().any(|known| known.name == info.name) {
                engines.push(info);
            }
        }
    }
    engines
}

/// Runs `sudoku bench` with the given engines (the registry's, or any others). Returns the
/// exit code.
pub fn run_with_engines(args: &BenchArgs, engines: Vec<&EngineInfo>) -> u8 {
    // A baseline that cannot be read should fail before a long run, not after.
    let baseline = match &args.baseline {
        None => None,
        Some(name) => match baseline::load(&baseline::baseline_path(name)) {
            Ok(report) => Some((name.as_str(), report)),
            Err(error) => {
                eprintln!("sudoku: {error}");
                return exit::BAD_INPUT;
            }
        },
    };
    let Some(files) = input_files(args) else {
        return exit::BAD_INPUT;
    };
    let mut bad_input = false;
    let mut corpora = Vec::with_capacity(files.len());
    for file in &files {
        match Corpus::load(file, args.input_format.forced()) {
            Ok(corpus) => {
                report_read_errors(&corpus);
                bad_input |= !corpus.read_errors.is_empty();
                corpora.push(corpus);
            }
            Err(error) => {
                eprintln!("sudoku: {error}");
                bad_input = true;
            }
        }
    }
    if corpora.iter().all(|corpus| corpus.puzzles.is_empty()) {
        eprintln!("sudoku: no puzzle to benchmark");
        return exit::BAD_INPUT;
    }

    let options = BenchOptions {
        engines,
        mode: args.mode.into(),
        budget: args.budget.0,
        threads: args.threads.unwrap_or_else(crate::args::cores),
        timing: match (args.repeat, args.min_time) {
            (_, Some(minimum)) => Timing::MinTime(minimum),
            (passes, None) => Timing::Repeat(passes.unwrap_or(1)),
        },
        cross_check: !args.no_cross_check,
        progress: sudoku_bench::progress::wanted(),
    };
    let report = match sudoku_bench::run(&corpora, &options) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("sudoku: {error}");
            return exit::BAD_INPUT;
        }
    };
    print_disagreements(&report);

    let format = OutputFormat::from(args.format);
    bad_input |= !write_report(&report, format, args.out.as_ref());
    if let Some(chart) = &args.chart
        && let Err(error) = sudoku_bench::chart::write_svg(&report, chart)
    {
        eprintln!("sudoku: {error}");
        bad_input = true;
    }

    let mut regression = false;
    if let Some((name, before)) = &baseline {
        match baseline::compare(before, &report, args.threshold) {
            Ok(comparison) => {
                // Keep standard output parseable when it holds CSV or JSON.
                let to_stdout = args.out.is_some()
                    || matches!(format, OutputFormat::Table | OutputFormat::Markdown);
                print_comparison(&comparison, name, to_stdout);
                regression = comparison.is_regression(args.accept_counter_changes);
            }
            Err(error) => {
                eprintln!("sudoku: {error}");
                bad_input = true;
            }
        }
    }
    if let Some(name) = &args.save_baseline {
        let path = baseline::baseline_path(name);
        match baseline::save(&report, &path) {
            Ok(()) => eprintln!("baseline {name} saved to {}", path.display()),
            Err(error) => {
                eprintln!("sudoku: {error}");
                bad_input = true;
            }
        }
    }

    if report.disagreement_count() > 0 {
        exit::DISAGREEMENT
    } else if bad_input {
        exit::BAD_INPUT
    } else if regression {
        exit::REGRESSION
    } else {
        exit::SUCCESS
    }
}

/// The files to read: those named, or the shipped corpus.
fn input_files(args: &BenchArgs) -> Option<Vec<PathBuf>> {
    if !args.files.is_empty() {
        return Some(args.files.clone());
    }
    match sudoku_bench::corpus::shipped_corpus() {
        Some(path) => Some(vec![path]),
        None => {
            eprintln!(
                "sudoku: no files given and the shipped corpus {} is not here; run from the \
                 repository's root or name the files",
                sudoku_bench::corpus::SHIPPED_CORPUS
            );
            None
        }
    }
}

fn report_read_errors(corpus: &Corpus) {
    if corpus.read_errors.is_empty() {
        return;
    }
    for error in corpus.read_errors.iter().take(SHOWN_READ_ERRORS) {
        eprintln!("{error}");
    }
    let failed = corpus.read_errors.len();
    if failed > SHOWN_READ_ERRORS {
        eprintln!(
            "{}: ... and {} more unreadable puzzles",
            corpus.file,
            failed - SHOWN_READ_ERRORS
        );
    }
    eprintln!(
        "{}: {failed} of {} puzzles unreadable; benchmarking the other {}",
        corpus.file,
        failed + corpus.puzzles.len(),
        corpus.puzzles.len()
    );
}

fn print_disagreements(report: &Report) {
    let Some(disagreements) = &report.disagreements else {
        return;
    };
    for file in &report.files {
        let in_file: Vec<_> =
            disagreements.iter().filter(|found| found.file == file.file).collect();
        for found in in_file.iter().take(SHOWN_DISAGREEMENTS) {
            eprint!("{found}");
        }
        if in_file.len() > SHOWN_DISAGREEMENTS {
            eprintln!(
                "{}: ... and {} more disagreements (all are in the JSON report)",
                file.file,
                in_file.len() - SHOWN_DISAGREEMENTS
            );
        }
    }
    if !disagreements.is_empty() {
        eprintln!("sudoku: {} puzzles with disagreements", disagreements.len());
    }
}

/// Writes the report to `out` (atomically) or standard output; `false` when it failed.
fn write_report(report: &Report, format: OutputFormat, out: Option<&PathBuf>) -> bool {
    let text = output::render(report, format);
    match out {
        Some(path) => match sudoku_bench::files::write_whole(path, text.as_bytes(), false) {
            Ok(()) => true,
            Err(error) => {
                eprintln!("sudoku: {error}");
                false
            }
        },
        None => {
            let stdout = io::stdout();
            let mut locked = stdout.lock();
            match locked.write_all(text.as_bytes()).and_then(|()| locked.flush()) {
                Ok(()) => true,
                // The reader went away (`sudoku bench | head`): nothing left to say.
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => true,
                Err(error) => {
                    eprintln!("sudoku: cannot write the report: {error}");
                    false
                }
            }
        }
    }
}

fn print_comparison(comparison: &Comparison, name: &str, to_stdout: bool) {
    let mut text = Vec::new();
    if to_stdout {
        text.push(b'\n');
    }
    comparison.write_table(name, &mut text).expect("writing to memory cannot fail");
    let written = if to_stdout {
        io::stdout().lock().write_all(&text)
    } else {
        io::stderr().lock().write_all(&text)
    };
    if let Err(error) = written
        && error.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("sudoku: cannot write the baseline comparison: {error}");
    }
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
            Some(Command::Bench(args)) => args,
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
        let written = output::read_json(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert!(written.disagreement_count() > 0);
        // The same puzzles with the correct engine alone pass.
        assert_eq!(run_with_engines(&args, vec![correct]), exit::SUCCESS);
    }

    #[test]
    fn engines_are_chosen_once_each_in_the_order_named() {
        let dlx = sudoku_engines::find("dlx").unwrap();
        let naive = sudoku_engines::find("naive").unwrap();
        let chosen = chosen_engines(&[
            EngineSelection::One(dlx),
            EngineSelection::All,
            EngineSelection::One(naive),
        ]);
        assert_eq!(chosen[0].name, "dlx");
        assert_eq!(chosen.len(), ENGINES.len());
        let default = chosen_engines(&[]);
        assert!(!default.is_empty() && default.iter().all(|info| info.instrumented));
    }
}
