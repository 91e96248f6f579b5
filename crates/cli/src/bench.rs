//! `sudoku bench`: arguments in, harness run, reports out, exit code.
//!
//! Measuring, checking and formatting belong to `sudoku-bench`; this module only turns the
//! command line into [`BenchOptions`], decides where each output goes, and maps what the run
//! found to an exit code (see [`crate::exit`]).
//!
//! A long run must not end in "cannot write" or "wrong baseline": everything that can be
//! checked before the run is checked before it starts ([`Plan::make`]): the input files (each
//! once), the output paths, the `--scatter` engines, the baseline's presence, settings and
//! coverage of the run's engines and files, and the `--puzzle-baseline` file's rows and
//! coverage. What is found after the run (a chart that cannot be drawn) never costs the other
//! outputs: each is written, and the failure is one line and the exit code.

use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};

use sudoku_bench::baseline::{self, BaselineComparison, Measured};
use sudoku_bench::compare::{CompareFormat, RunPair};
use sudoku_bench::files::{self, OutputFile};
use sudoku_bench::output::{self, OutputFormat};
use sudoku_bench::per_puzzle::{EarlierRows, PuzzleComparison, RowFormat, RowWriter, SpeedChange};
use sudoku_bench::stats;
use sudoku_bench::{BenchOptions, Corpus, Observer, Report, Schedule};
use sudoku_core::{Grid, GridKind, Size};
use sudoku_engines::{EngineInfo, Registry, UnknownEngine};
use sudoku_external::Wanted;

use crate::args::{BenchAction, BenchArgs, EngineSelection, MergeArgs, PictureArgs, ReportOutput};
use crate::console::{self, Halt, errln, plural};
use crate::exit;

/// Disagreements printed in full per file; the rest are counted (and all are in the JSON).
const SHOWN_DISAGREEMENTS: usize = 50;
/// Read errors printed per file before they are only counted.
const SHOWN_READ_ERRORS: usize = 20;

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

/// What the run found so far, for the exit code.
#[derive(Default)]
struct Findings {
    disagreements: bool,
    bad_input: bool,
    /// Some engine from outside failed on some puzzle.
    failures: bool,
    regression: bool,
}

impl Findings {
    /// The first code that applies: 3, 2, 5, 4, then 0.
    fn exit_code(&self) -> u8 {
        if self.disagreements {
            exit::DISAGREEMENT
        } else if self.bad_input {
            exit::BAD_INPUT
        } else if self.failures {
            exit::ENGINE_FAILED
        } else if self.regression {
            exit::REGRESSION
        } else {
            exit::SUCCESS
        }
    }
}

/// Runs `sudoku bench` with the given engines (the registry's, or any others). Returns the
/// exit code.
pub fn run_with_engines(args: &BenchArgs, engines: Vec<&EngineInfo>) -> u8 {
    let mut findings = Findings::default();
    match bench(args, engines, &mut findings) {
        Ok(()) => findings.exit_code(),
        Err(halt) => {
            // A closed pipe ends the run quietly, but never hides what it found.
            findings.bad_input |= !matches!(halt, Halt::ClosedPipe);
            halt.exit_code(exit::SUCCESS);
            findings.exit_code()
        }
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
        Ok(overhead) => errln!(
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

/// A usage problem found before the run: reported, and the run does not start.
fn refuse(findings: &mut Findings, message: std::fmt::Arguments<'_>) -> Result<(), Halt> {
    findings.bad_input = true;
    errln!("sudoku: {message}")
}

/// A bench run in four steps: planned (every input and output checked, the files opened),
/// run, its outputs written, and its gates checked; each step hands the next what it made.
/// A step that refuses the run has set `findings` and said why: the run then stops there.
fn bench(args: &BenchArgs, engines: Vec<&EngineInfo>, findings: &mut Findings) -> Result<(), Halt> {
    let Some(planned) = plan(args, engines, findings)? else { return Ok(()) };
    let Some(mut ran) = run_planned(planned, findings)? else { return Ok(()) };
    let to_stdout = write_outputs(args, &mut ran, findings)?;
    check_gates(args, ran, to_stdout, findings)
}

/// What a run needs, checked and opened before it: the plan (the baseline loaded), the files,
/// the options, and what watches the run as it goes.
struct Planned<'e> {
    plan: Plan,
    corpora: Vec<Corpus>,
    options: BenchOptions<'e>,
    watchers: Watchers,
}

/// What watches the run chunk by chunk ([`Observer`]s), and is read once it ends.
struct Watchers {
    /// `--per-puzzle`: the rows written as they come.
    rows: Option<RowWriter<OutputFile>>,
    /// `--puzzle-baseline` (or a per-puzzle `--baseline`): its file and the comparison with it.
    earlier: Option<(PathBuf, PuzzleComparison)>,
    /// `--compare A,B`: the two engines paired.
    pair: Option<RunPair>,
}

/// A run done: its report and what watched it.
struct Ran {
    plan: Plan,
    report: Report,
    watchers: Watchers,
}

/// Plans the run: checks the arguments, files and outputs, opens the files, loads the
/// baselines and checks what they cover; `None` when the run is refused.
fn plan<'e>(
    args: &BenchArgs,
    engines: Vec<&'e EngineInfo>,
    findings: &mut Findings,
) -> Result<Option<Planned<'e>>, Halt> {
    let refused = |findings: &mut Findings, message: std::fmt::Arguments<'_>| {
        refuse(findings, message).map(|()| None)
    };
    let plan = match Plan::make(args, &engines) {
        Ok(plan) => plan,
        Err(message) => return refused(findings, format_args!("{message}")),
    };
    let Some(files) = input_files(args)? else {
        findings.bad_input = true;
        return Ok(None);
    };
    if args.overhead || engines.iter().any(|info| !info.is_built_in()) {
        print_overhead()?;
    }
    let corpora = open_files(args, &files, findings)?;
    if corpora.iter().all(Corpus::is_empty) {
        return refused(findings, format_args!("no puzzle to benchmark"));
    }
    let corpora = if args.by_difficulty {
        corpora.iter().flat_map(Corpus::by_difficulty).collect()
    } else {
        corpora
    };
    if let Err(message) = check_scatter_sizes(&args.pictures, &engines, &corpora) {
        return refused(findings, format_args!("{message}"));
    }
    let earlier = match args.puzzle_baseline.clone().or_else(|| per_puzzle_baseline(args)) {
        Some(path) => {
            match puzzle_baseline(&path, &engines, &corpora, args.allow_partial_baseline) {
                Ok(earlier) => Some((path, PuzzleComparison::new(earlier))),
                Err(message) => {
                    let flag = rows_baseline_flag(args);
                    return refused(findings, format_args!("{flag} {message}"));
                }
            }
        }
        None => None,
    };
    if let Some(baseline) = &plan.baseline
        && let Err(error) = check_baseline_coverage(args, baseline, &engines, &corpora)
    {
        return refused(findings, format_args!("{error}"));
    }
    let timing = match (&args.compare, args.repeat, args.min_time) {
        (Some((old, new)), _, _) if args.until_decided => {
            let place = |name: &String| engines.iter().position(|info| &info.name == name);
            Schedule::UntilDecided {
                pair: (place(old).unwrap_or(0), place(new).unwrap_or(0)),
                threshold: rows_threshold(args),
                max_time: args.max_time.unwrap_or(DEFAULT_MAX_TIME),
            }
        }
        (_, _, Some(minimum)) => Schedule::MinTime(minimum),
        (_, passes, None) => Schedule::Repeat(passes.unwrap_or(1)),
    };
    let options = BenchOptions {
        engines,
        mode: args.mode,
        budget: args.budget.0,
        threads: args.threads.unwrap_or_else(crate::args::cores),
        timing,
        cross_check: !args.no_cross_check,
        progress: sudoku_bench::progress::wanted(),
        shard: args.shard,
    };
    let rows = match &args.per_puzzle {
        Some(path) => match OutputFile::create(path, false) {
            Ok(file) => Some(RowWriter::new(file, RowFormat::of(path))),
            Err(error) => return refused(findings, format_args!("--per-puzzle: {error}")),
        },
        None => None,
    };
    // Under --until-decided, the report's verdict needs the rounds its decision needs.
    let min_rounds = if args.until_decided { stats::MIN_ROUNDS } else { 0 };
    let pair = args
        .compare
        .as_ref()
        .map(|(old, new)| RunPair::new(old, new, rows_threshold(args), min_rounds));
    Ok(Some(Planned { plan, corpora, options, watchers: Watchers { rows, earlier, pair } }))
}

/// Opens (or, for standard input and `--by-difficulty`, reads) each file, reporting what
/// cannot be opened or read; a file that cannot be opened stays in the run, empty.
fn open_files(
    args: &BenchArgs,
    files: &[PathBuf],
    findings: &mut Findings,
) -> Result<Vec<Corpus>, Halt> {
    let mut corpora = Vec::with_capacity(files.len());
    for file in files {
        let corpus = if file == Path::new("-") {
            Corpus::read(
                "<stdin>",
                BufReader::with_capacity(1 << 16, io::stdin()),
                args.input.options(),
            )
        } else {
            // Split by difficulty, a file is rated whole, so it is held in memory; otherwise
            // it is checked now and read again a chunk at a time.
            let opened = if args.by_difficulty {
                Corpus::load(file, args.input.options())
            } else {
                Corpus::open(file, args.input.options())
            };
            opened.unwrap_or_else(|error| {
                findings.bad_input = true;
                Corpus::unreadable(&error)
            })
        };
        if let Some(error) = &corpus.open_error {
            errln!("sudoku: cannot open {}: {error}", corpus.file)?;
        }
        report_read_errors(&corpus)?;
        findings.bad_input |= corpus.read_error_count > 0;
        corpora.push(corpus);
    }
    Ok(corpora)
}

/// Refuses a `--baseline` report that covers nothing of the run, or (unless allowed) only
/// part of it: the gate never passes by comparing nothing.
fn check_baseline_coverage(
    args: &BenchArgs,
    baseline: &LoadedBaseline,
    engines: &[&EngineInfo],
    corpora: &[Corpus],
) -> Result<(), String> {
    let kinds: Vec<Vec<(GridKind, String)>> = corpora
        .iter()
        .map(|corpus| {
            corpus.kinds().into_iter().map(|(kind, _)| (kind.clone(), kind.ascii_name())).collect()
        })
        .collect();
    let mut runs = Vec::new();
    for (corpus, kinds) in corpora.iter().zip(&kinds) {
        for (kind, size) in kinds {
            let solved = |info: &&&EngineInfo| info.takes_kind(kind);
            runs.extend(engines.iter().filter(solved).map(|info| Measured {
                engine: &info.name,
                file: &corpus.file,
                size,
            }));
        }
    }
    let path = baseline::baseline_path(&baseline.name);
    baseline::check_coverage(
        &baseline.report,
        &path.display().to_string(),
        &runs,
        args.allow_partial_baseline,
    )
    .map_err(|error| error.to_string())
}

/// The flag that named the per-puzzle baseline.
fn rows_baseline_flag(args: &BenchArgs) -> &'static str {
    if args.puzzle_baseline.is_some() { "--puzzle-baseline" } else { "--baseline" }
}

/// Runs the plan, its watchers seeing every chunk, and says what disagreed or failed; `None`
/// when the run is refused.
fn run_planned(planned: Planned<'_>, findings: &mut Findings) -> Result<Option<Ran>, Halt> {
    let Planned { plan, corpora, options, mut watchers } = planned;
    let mut observers: Vec<&mut dyn Observer> = Vec::new();
    if let Some(pair) = watchers.pair.as_mut() {
        observers.push(pair);
    }
    if let Some(rows) = watchers.rows.as_mut() {
        observers.push(rows);
    }
    if let Some((_, comparison)) = watchers.earlier.as_mut() {
        observers.push(comparison);
    }
    let mut report = match sudoku_bench::run_observed(&corpora, &options, &mut observers) {
        Ok(report) => report,
        Err(error) => return refuse(findings, format_args!("{error}")).map(|()| None),
    };
    report.command = Some(command_line());
    findings.disagreements = report.disagreement_count() > 0;
    findings.failures = report.failures_total() > 0;
    print_disagreements(&report)?;
    print_failures(&report)?;
    Ok(Some(Ran { plan, report, watchers }))
}

/// Writes what the run made: the per-puzzle rows, the report and the pictures. Returns whether
/// standard output is for people (a table or Markdown, or the report went to a file), where
/// the gates' verdicts then go too.
fn write_outputs(args: &BenchArgs, ran: &mut Ran, findings: &mut Findings) -> Result<bool, Halt> {
    if let Some(rows) = ran.watchers.rows.take() {
        let written = rows.finish().map_err(|error| {
            files::OutputError::new(args.per_puzzle.as_deref().unwrap_or(Path::new("")), error)
        });
        if let Err(error) = written.and_then(|(file, _)| file.commit()) {
            findings.bad_input = true;
            errln!("sudoku: --per-puzzle: {error}")?;
        }
    }

    let format = args.output.format;
    write_report(&ran.report, &args.output, findings)?;
    draw_pictures(&ran.report, &args.pictures, findings)?;

    // Keep standard output parseable when it holds CSV or JSON.
    Ok(args.output.out.is_some() || matches!(format, OutputFormat::Table | OutputFormat::Markdown))
}

/// Checks the run's gates, each saying its verdict: the pair of `--compare`, the per-puzzle
/// baseline, the `--baseline` report; then saves the run as a baseline when asked.
fn check_gates(
    args: &BenchArgs,
    ran: Ran,
    to_stdout: bool,
    findings: &mut Findings,
) -> Result<(), Halt> {
    let Ran { plan, report, watchers } = ran;
    let format = args.output.format;
    if let Some(pair) = watchers.pair {
        let compared = pair.finish();
        findings.regression |= compared.is_regression(true);
        let mut text = Vec::new();
        let markdown = format == OutputFormat::Markdown && to_stdout;
        let shown = if markdown { CompareFormat::Markdown } else { CompareFormat::Table };
        // Writing to memory cannot fail.
        let _ = writeln!(text).and_then(|()| compared.write(shown, &mut text));
        if to_stdout {
            stdout_or_note(&text, findings)?;
        } else {
            console::err_text(&String::from_utf8_lossy(&text))?;
        }
    }
    if let Some((rows_baseline, comparison)) = &watchers.earlier {
        let mut text = Vec::new();
        let _ = comparison.write(&mut text);
        // --puzzle-baseline judges the counters, and speed only when given a threshold; a
        // per-puzzle --baseline judges both.
        // The earlier run is one run, and this run another: a change within the drift
        // between runs is no change (see `sudoku bench compare`).
        let threshold = if args.puzzle_baseline.is_some() && args.threshold.is_none() {
            f64::INFINITY
        } else {
            rows_threshold(args).max(stats::ONE_RUN_DRIFT_PERCENT / 100.0)
        };
        let speed = comparison.speed(threshold);
        let _ = write_speed(&speed, threshold, &mut text);
        console::err_text(&String::from_utf8_lossy(&text))?;
        if comparison.changed_count > 0 && !args.accept_counter_changes {
            findings.regression = true;
        }
        let slower = |change: &SpeedChange| {
            change.estimate.as_ref().is_some_and(|e| e.change == stats::Change::Slower)
        };
        findings.regression |= speed.iter().any(slower);
        // As for --baseline: a gate that compared fewer puzzles than it was given did not do
        // its job.
        let not_compared = comparison.not_compared();
        if not_compared > 0 && !args.allow_partial_baseline {
            findings.bad_input = true;
            errln!(
                "sudoku: {} of this run and {} {} not compared ({} not in it, {} of it not run; \
                 --allow-partial-baseline if that is expected)",
                plural(not_compared, "puzzle row"),
                rows_baseline_flag(args),
                rows_baseline.display(),
                comparison.unmatched,
                comparison.not_run()
            )?;
        }
    }
    if let Some(baseline) = &plan.baseline {
        let threshold = args.threshold.unwrap_or(baseline::DEFAULT_THRESHOLD_PERCENT);
        match baseline::compare(&baseline.report, &report, threshold) {
            Ok(comparison) => {
                print_comparison(&comparison, &baseline.name, to_stdout, findings)?;
                findings.regression |= comparison.is_regression(args.accept_counter_changes);
                let not_compared = comparison.not_compared();
                if not_compared > 0 && !args.allow_partial_baseline {
                    findings.bad_input = true;
                    errln!(
                        "sudoku: {} of this run and baseline {} not compared (see the table; \
                         --allow-partial-baseline if that is expected)",
                        plural(not_compared as u64, "engine-file pair"),
                        baseline.name
                    )?;
                }
            }
            Err(error) => {
                findings.bad_input = true;
                errln!("sudoku: {error}")?;
            }
        }
    }
    if let Some(name) = &args.save_baseline {
        let path = baseline::baseline_path(name);
        match baseline::save(&report, &path) {
            Ok(()) => errln!("baseline {name} saved to {}", path.display())?,
            Err(error) => {
                findings.bad_input = true;
                errln!("sudoku: {error}")?;
            }
        }
    }
    Ok(())
}

/// A baseline to compare with, loaded and checked before the run.
struct LoadedBaseline {
    name: String,
    report: Report,
}

/// What was checked before the run.
struct Plan {
    baseline: Option<LoadedBaseline>,
}

impl Plan {
    /// Checks the input files, every output path, the `--scatter` engines and the baseline
    /// before anything is read; the error is the message that refuses the run.
    fn make(args: &BenchArgs, engines: &[&EngineInfo]) -> Result<Plan, String> {
        check_inputs(&args.files, "each file is benchmarked once")?;
        check_scatter(&args.pictures, engines)?;
        let saved_baseline = match &args.save_baseline {
            Some(name) => {
                baseline::check_name(name).map_err(|error| error.to_string())?;
                Some(baseline::baseline_path(name))
            }
            None => None,
        };
        let mut outputs: Vec<(&str, &Path, bool)> = [
            args.output.out.as_deref().map(|path| ("--out", path, false)),
            args.per_puzzle.as_deref().map(|path| ("--per-puzzle", path, false)),
            saved_baseline.as_deref().map(|path| ("--save-baseline", path, true)),
        ]
        .into_iter()
        .flatten()
        .collect();
        check_pictures(&args.pictures, &mut outputs)?;
        // Everything the run reads: the puzzle files, the baselines, the engines file.
        let named_baseline = args.baseline.as_deref().map(baseline::baseline_path);
        let mut inputs: Vec<(&str, &Path)> =
            args.files.iter().map(|file| ("an input file", file.as_path())).collect();
        inputs.extend(args.puzzle_baseline.as_deref().map(|path| ("the --puzzle-baseline", path)));
        inputs.extend(named_baseline.as_deref().map(|path| ("the --baseline", path)));
        inputs
            .extend(args.external.engines_file.as_deref().map(|path| ("the --engines-file", path)));
        check_outputs(&outputs, &inputs)?;
        if args.puzzle_baseline.is_some() && per_puzzle_baseline(args).is_some() {
            return Err("--baseline names a per-puzzle file, and so does --puzzle-baseline: \
                        give one of them"
                .to_owned());
        }
        if let Some((old, new)) = &args.compare {
            for name in [old, new] {
                if !engines.iter().any(|info| &info.name == name) {
                    return Err(format!("--compare: {name} is not an engine of this run"));
                }
            }
        }
        let baseline = match &args.baseline {
            None => None,
            Some(_) if per_puzzle_baseline(args).is_some() => None,
            Some(name) => {
                let report = baseline::load_named(name).map_err(|error| error.to_string())?;
                baseline::check_settings(&report, args.mode, args.budget.0)
                    .map_err(|error| format!("baseline {name}: {error}"))?;
                Some(LoadedBaseline { name: name.clone(), report })
            }
        };
        Ok(Plan { baseline })
    }
}

/// The per-puzzle file `--baseline` names, when its extension says it is one (.csv, .jsonl,
/// .ndjson) rather than a JSON baseline.
fn per_puzzle_baseline(args: &BenchArgs) -> Option<PathBuf> {
    let per_puzzle = |name: &&String| {
        let extension = Path::new(name.as_str()).extension().and_then(|e| e.to_str()).unwrap_or("");
        ["csv", "jsonl", "ndjson"].iter().any(|known| extension.eq_ignore_ascii_case(known))
    };
    args.baseline.as_ref().filter(per_puzzle).map(PathBuf::from)
}

/// Refuses a file named twice, however it is named (`a.txt`, `./a.txt`, a link to it):
/// its puzzles would be run and listed twice (`why` says what is done once). Standard input
/// (`-`) can be read only once. A file standard output writes to (`>> a.txt`) is refused: the
/// report would be written into it.
fn check_inputs(files: &[PathBuf], why: &str) -> Result<(), String> {
    if let Some(file) = files.iter().find(|file| files::is_standard_output(file)) {
        return Err(format!(
            "{} is also standard output: the report would be written into it",
            file.display()
        ));
    }
    for (index, file) in files.iter().enumerate() {
        for earlier in &files[..index] {
            let stdin = Path::new("-");
            let same = if file == stdin || earlier == stdin {
                file == earlier
            } else {
                files::same_destination(file, earlier)
            };
            if !same {
                continue;
            }
            if file == stdin {
                return Err(
                    "standard input (-) is given twice: it can be read only once".to_owned()
                );
            }
            let also = if file == earlier {
                String::new()
            } else {
                format!(" (as {} and {})", earlier.display(), file.display())
            };
            return Err(format!("{} is given twice{also}: {why}", file.display()));
        }
    }
    Ok(())
}

/// Refuses a `--scatter` engine that is not one of the run's, before anything is read.
fn check_scatter(pictures: &PictureArgs, engines: &[&EngineInfo]) -> Result<(), String> {
    let Some((a, b)) = &pictures.scatter else { return Ok(()) };
    for engine in [a, b] {
        if engines.iter().any(|info| info.name == engine.as_str()) {
            continue;
        }
        let names: Vec<&str> = engines.iter().map(|info| &*info.name).collect();
        return Err(match sudoku_engines::find(engine) {
            Ok(_) => format!(
                "--scatter {a},{b}: engine '{engine}' is not in this run (it runs {}); add it \
                 to --engines",
                names.join(", ")
            ),
            Err(unknown) => format!("--scatter {a},{b}: {unknown}"),
        });
    }
    Ok(())
}

/// Refuses a `--scatter` pair of engines that solve no common size of the run's files: their
/// scatter chart would be empty.
fn check_scatter_sizes(
    pictures: &PictureArgs,
    engines: &[&EngineInfo],
    corpora: &[Corpus],
) -> Result<(), String> {
    let Some((a, b)) = &pictures.scatter else { return Ok(()) };
    let find = |name: &str| engines.iter().find(|info| info.name == name);
    let (Some(first), Some(second)) = (find(a), find(b)) else { return Ok(()) };
    let both = corpora
        .iter()
        .flat_map(|corpus| corpus.kinds())
        .any(|(kind, _)| first.takes_kind(&kind) && second.takes_kind(&kind));
    if both {
        return Ok(());
    }
    Err(format!("--scatter {a},{b}: no file of this run holds a size that both engines solve"))
}

/// Reads `--puzzle-baseline`, keeping the rows of the run's files and engines, and checks
/// that it covers the run as `--baseline` must.
fn puzzle_baseline(
    path: &Path,
    engines: &[&EngineInfo],
    corpora: &[Corpus],
    allow_partial: bool,
) -> Result<EarlierRows, String> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for corpus in corpora {
        let kinds = corpus.kinds();
        for info in engines {
            if kinds.iter().any(|(kind, _)| info.takes_kind(kind)) {
                pairs.push((&corpus.file, &info.name));
            }
        }
    }
    let earlier = EarlierRows::read(path, &pairs)?;
    earlier.check_coverage(allow_partial)?;
    Ok(earlier)
}

/// Checks the names of the charts and the report, and adds them to `outputs`.
fn check_pictures<'a>(
    pictures: &'a PictureArgs,
    outputs: &mut Vec<(&'static str, &'a Path, bool)>,
) -> Result<(), String> {
    let named = |path: &Path, extension: &str| {
        path.extension().is_some_and(|found| found.eq_ignore_ascii_case(extension))
            || files::is_stream(path)
    };
    for chart in &pictures.chart {
        if !named(&chart.path, "svg") {
            return Err(format!(
                "--chart {}: the chart is an SVG drawing; give the file a .svg name",
                chart.path.display()
            ));
        }
        outputs.push(("--chart", &chart.path, false));
    }
    if let Some(report) = &pictures.report {
        if !named(report, "html") && !named(report, "htm") {
            return Err(format!(
                "--report {}: the report is an HTML page; give the file a .html name",
                report.display()
            ));
        }
        outputs.push(("--report", report, false));
    }
    Ok(())
}

/// Checks that `outputs` name different files, none of them one of `inputs` (each named by
/// what reads it).
fn check_outputs(outputs: &[(&str, &Path, bool)], inputs: &[(&str, &Path)]) -> Result<(), String> {
    for (index, &(flag, path, create_parents)) in outputs.iter().enumerate() {
        files::check_destination(path, create_parents)
            .map_err(|error| format!("{flag}: {error}"))?;
        for &(other_flag, other, _) in &outputs[..index] {
            if files::same_destination(path, other) && !files::is_stream(path) {
                return Err(format!(
                    "{other_flag} and {flag} name the same file {}: one would overwrite the \
                     other",
                    path.display()
                ));
            }
        }
        files::check_not_an_input(flag, path, inputs)?;
    }
    Ok(())
}

/// Writes the report as `output` asks (format, columns), to its file or to standard output.
fn write_report(
    report: &Report,
    output: &ReportOutput,
    findings: &mut Findings,
) -> Result<(), Halt> {
    let columns = if output.wide { output::Columns::All } else { output::Columns::Main };
    let text = output::render_columns(report, output.format, columns);
    match output.out.as_deref() {
        Some(path) => {
            if let Err(error) = files::write_whole(path, text.as_bytes(), false) {
                findings.bad_input = true;
                errln!("sudoku: {error}")?;
            }
            Ok(())
        }
        // The reader went away (`sudoku bench | head`), or standard output failed: the other
        // outputs and the gate still count.
        None => stdout_or_note(text.as_bytes(), findings),
    }
}

/// Draws every chart asked for, and the HTML report. Each is written on its own: one that
/// cannot be drawn is one line on standard error and exit code 2, and costs none of the
/// others (the HTML report puts a sentence where such a chart would be).
fn draw_pictures(
    report: &Report,
    pictures: &PictureArgs,
    findings: &mut Findings,
) -> Result<(), Halt> {
    let pair = pictures.scatter.as_ref().map(|(a, b)| (a.as_str(), b.as_str()));
    // Checked before a run; a merge finds out here.
    if let Err(error) = sudoku_bench::chart::check_pair(report, pair)
        && (pictures.report.is_some() || !pictures.chart.is_empty())
    {
        findings.bad_input = true;
        errln!("sudoku: --scatter: {error}")?;
    }
    for chart in &pictures.chart {
        let drawn = match chart.kind {
            None => sudoku_bench::chart::write_svg(report, &chart.path),
            Some(kind) => sudoku_bench::chart::write_chart(report, kind, pair, &chart.path),
        };
        if let Err(error) = drawn {
            findings.bad_input = true;
            errln!("sudoku: --chart {}: {error}", chart.path.display())?;
        }
    }
    if let Some(path) = &pictures.report
        && let Err(error) = sudoku_bench::html::write_html(report, pair, path)
    {
        findings.bad_input = true;
        errln!("sudoku: --report {}: {error}", path.display())?;
    }
    Ok(())
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
    let mut findings = Findings::default();
    match merge(args, &mut findings) {
        Ok(()) => findings.exit_code(),
        Err(halt) => {
            findings.bad_input |= !matches!(halt, Halt::ClosedPipe);
            halt.exit_code(exit::SUCCESS);
            findings.exit_code()
        }
    }
}

fn merge(args: &MergeArgs, findings: &mut Findings) -> Result<(), Halt> {
    let mut outputs: Vec<(&str, &Path, bool)> =
        args.output.out.as_deref().map(|path| ("--out", path, false)).into_iter().collect();
    if let Err(message) = check_inputs(&args.reports, "each shard's report is merged once")
        .and_then(|()| check_pictures(&args.pictures, &mut outputs))
        .and_then(|()| {
            let reports: Vec<(&str, &Path)> =
                args.reports.iter().map(|report| ("a shard's report", report.as_path())).collect();
            check_outputs(&outputs, &reports)
        })
    {
        return refuse(findings, format_args!("{message}"));
    }
    let mut reports = Vec::with_capacity(args.reports.len());
    let names: Vec<String> = args.reports.iter().map(|path| path.display().to_string()).collect();
    for (path, name) in args.reports.iter().zip(&names) {
        let read = sudoku_bench::report::read_text(path)
            .and_then(|text| output::read_json(&text).map_err(|error| error.to_string()));
        match read {
            Ok(report) => reports.push(report),
            Err(error) => return refuse(findings, format_args!("{name}: {error}")),
        }
    }
    let mut merged = match sudoku_bench::merge::merge(&reports, &names) {
        Ok(merged) => merged,
        Err(error) => return refuse(findings, format_args!("cannot merge: {error}")),
    };
    merged.command = Some(command_line());
    findings.disagreements = merged.disagreement_count() > 0;
    findings.failures = merged.failures_total() > 0;
    findings.bad_input |= merged.read_errors() > 0;
    print_disagreements(&merged)?;
    print_failures(&merged)?;
    write_report(&merged, &args.output, findings)?;
    draw_pictures(&merged, &args.pictures, findings)
}

/// The files to read: those named, or the shipped corpus; `None` when there is none.
fn input_files(args: &BenchArgs) -> Result<Option<Vec<PathBuf>>, Halt> {
    if !args.files.is_empty() {
        return Ok(Some(args.files.clone()));
    }
    match sudoku_bench::corpus::shipped_corpus() {
        Some(path) => Ok(Some(vec![path])),
        None => {
            errln!(
                "sudoku: no files given and the shipped corpus {} is not here; run from the \
                 repository's root or name the files",
                sudoku_bench::corpus::SHIPPED_CORPUS
            )?;
            Ok(None)
        }
    }
}

fn report_read_errors(corpus: &Corpus) -> Result<(), Halt> {
    let failed = corpus.read_error_count;
    if failed == 0 {
        return Ok(());
    }
    for error in corpus.read_errors.iter().take(SHOWN_READ_ERRORS) {
        errln!("{error}")?;
    }
    let shown = corpus.read_errors.len().min(SHOWN_READ_ERRORS) as u64;
    if failed > shown {
        errln!("{}: ... and {} more", corpus.file, plural(failed - shown, "unreadable puzzle"))?;
    }
    errln!(
        "{}: {failed} of {} unreadable; benchmarking the other {}",
        corpus.file,
        plural(failed + corpus.len() as u64, "puzzle"),
        corpus.len()
    )
}

fn print_disagreements(report: &Report) -> Result<(), Halt> {
    let Some(disagreements) = &report.disagreements else {
        return Ok(());
    };
    for file in &report.files {
        let in_file: Vec<_> =
            disagreements.iter().filter(|found| found.file == file.file).collect();
        for found in in_file.iter().take(SHOWN_DISAGREEMENTS) {
            console::err_text(&found.to_string())?;
        }
        if in_file.len() > SHOWN_DISAGREEMENTS {
            errln!(
                "{}: ... and {} more (all are in the JSON report)",
                file.file,
                plural((in_file.len() - SHOWN_DISAGREEMENTS) as u64, "disagreement")
            )?;
        }
    }
    if !disagreements.is_empty() {
        errln!("sudoku: {} with disagreements", plural(disagreements.len() as u64, "puzzle"))?;
    }
    Ok(())
}

/// Failures shown on standard error, at most: the report lists every failure kept.
const SHOWN_FAILURES: usize = 10;

/// The failures of engines from outside on standard error: the first few lines
/// ([`output::failure_lines`]), and how many more.
fn print_failures(report: &Report) -> Result<(), Halt> {
    let total = report.failures_total();
    if total == 0 {
        return Ok(());
    }
    let lines = output::failure_lines(report);
    for line in lines.iter().take(SHOWN_FAILURES) {
        errln!("{line}")?;
    }
    if lines.len() > SHOWN_FAILURES {
        errln!(
            "... and {} more (the report lists them)",
            plural((lines.len() - SHOWN_FAILURES) as u64, "line")
        )?;
    }
    errln!("sudoku: {} failed by engines from outside", plural(total, "puzzle"))
}

fn print_comparison(
    comparison: &BaselineComparison,
    name: &str,
    to_stdout: bool,
    findings: &mut Findings,
) -> Result<(), Halt> {
    let mut text = Vec::new();
    if to_stdout {
        text.push(b'\n');
    }
    // Writing to memory cannot fail.
    let _ = comparison.write_table(name, &mut text);
    if to_stdout {
        stdout_or_note(&text, findings)
    } else {
        console::err_text(&String::from_utf8_lossy(&text))
    }
}

/// How long `--until-decided` may run passes per file and size without `--max-time`.
const DEFAULT_MAX_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// The noise threshold of the paired statistics (per-puzzle baselines, `--compare`), a
/// fraction: `--threshold`, or the default of `sudoku bench compare`.
fn rows_threshold(args: &BenchArgs) -> f64 {
    args.threshold.unwrap_or(stats::DEFAULT_THRESHOLD_PERCENT) / 100.0
}

/// Writes the speed of each file, size and engine against a per-puzzle baseline: the paired
/// statistics of `sudoku bench compare`, and how sure they are.
fn write_speed(speed: &[SpeedChange], threshold: f64, out: &mut dyn Write) -> io::Result<()> {
    if speed.is_empty() {
        return Ok(());
    }
    let judged = if threshold.is_finite() {
        format!(
            "threshold ±{}%, with one run a side at least the drift between runs of one build",
            threshold * 100.0
        )
    } else {
        "not judged (threshold none)".to_owned()
    };
    writeln!(
        out,
        "Speed against the per-puzzle baseline (geometric mean of the per-puzzle time ratios, \
         95% bootstrap interval, Wilcoxon p; {judged}):"
    )?;
    for change in speed {
        let place = format!("{} {} {}", change.file, change.size, change.engine);
        match &change.estimate {
            None => writeln!(out, "  {place}: no puzzle answered in both runs")?,
            Some(estimate) => {
                // Each side is one run: the earlier run's rows and this run's.
                let verdict = estimate.verdict(stats::Reading::Final {
                    judged: threshold.is_finite(),
                    one_run: true,
                });
                writeln!(
                    out,
                    "  {place}: {:.3} [{:.3}, {:.3}] over {} puzzles, p {:.4}: {verdict}",
                    estimate.ratio,
                    estimate.lower,
                    estimate.upper,
                    estimate.puzzles,
                    estimate.p_value
                )?;
            }
        }
    }
    Ok(())
}

/// Writes `bytes` to standard output. A closed pipe is no error here, and a failed write is
/// noted (exit code 2) without stopping: the output files and the baseline gate still count.
/// Only a failure of standard error itself ends the run.
fn stdout_or_note(bytes: &[u8], findings: &mut Findings) -> Result<(), Halt> {
    match console::out_bytes(bytes) {
        Ok(()) | Err(Halt::ClosedPipe) => Ok(()),
        Err(Halt::OutputFailed(message)) => {
            findings.bad_input = true;
            errln!("sudoku: {message}")
        }
        Err(halt) => Err(halt),
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
        let written = output::read_json(&std::fs::read_to_string(&report).unwrap()).unwrap();
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
