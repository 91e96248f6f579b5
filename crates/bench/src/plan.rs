//! A bench run from its [`Settings`] to its [`Ran`]: planned, opened, run.
//!
//! A long run must not end in "cannot write" or "wrong baseline": everything that can be
//! checked before the run is checked before it starts. [`Plan::make`] reads nothing: it checks
//! the input files (each once), the output paths, the `--scatter` engines and the baseline
//! (its presence and settings). [`Plan::open`] reads the files once (the read errors are
//! said before anything is timed) and checks what needs them: the `--scatter` engines against
//! the sizes, the baselines' coverage of the run's engines and files, the `--puzzle-baseline`
//! file's rows. [`Ready::run`] runs the engines; what the run made is then written and judged
//! by [`Ran`]. A front end takes one step at a time and says each step's messages
//! ([`Log`]) before the next.
//!
//! Problems name the settings by the command line's flags (`--per-puzzle`, `--scatter`, ...).

use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::time::Duration;

use sudoku_core::GridKind;
use sudoku_engines::EngineInfo;

use crate::baseline::{self, Measured};
use crate::compare::RunPair;
use crate::corpus::{self, Corpus};
use crate::files::{self, OutputFile};
use crate::findings::Log;
use crate::output::{self, plural};
use crate::per_puzzle::{EarlierRows, PuzzleComparison, RowFormat, RowWriter};
use crate::ran::{LoadedBaseline, Ran, Watchers, rows_baseline_flag, rows_threshold};
use crate::settings::{Inputs, Pictures, Settings};
use crate::{BenchOptions, Observer, Schedule, stats};

/// Read errors said per file before they are only counted.
const SHOWN_READ_ERRORS: usize = 20;

/// Disagreements said in full per file; the rest are counted (and all are in the JSON).
const SHOWN_DISAGREEMENTS: usize = 50;

/// Failures said, at most: the report lists every failure kept.
const SHOWN_FAILURES: usize = 10;

/// How long `--until-decided` may run passes per file and size without `--max-time`.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(60);

/// A run checked before anything is read: its settings, its files, its baseline loaded.
#[derive(Debug)]
pub struct Plan<'e> {
    settings: Settings<'e>,
    /// The files to read (none when the puzzles were read by the front end).
    files: Vec<PathBuf>,
    baseline: Option<LoadedBaseline>,
}

/// A run whose files are open and whose every check passed: ready to be timed.
pub struct Ready<'e> {
    settings: Settings<'e>,
    baseline: Option<LoadedBaseline>,
    corpora: Vec<Corpus>,
    options: BenchOptions<'e>,
    watchers: Watchers,
}

impl<'e> Plan<'e> {
    /// Checks the engines, the input files, every output path, the `--scatter` engines and the
    /// baseline before anything is read; the error is the one line that refuses the run.
    pub fn make(settings: Settings<'e>) -> Result<Plan<'e>, String> {
        for (index, info) in settings.engines.iter().enumerate() {
            if settings.engines[..index].iter().any(|other| other.name == info.name) {
                return Err(format!("engine {} is named twice", info.name));
            }
        }
        let named = match &settings.inputs {
            Inputs::Files(files) => files.as_slice(),
            Inputs::Read(_) => &[],
        };
        check_inputs(named, "each file is benchmarked once")?;
        check_scatter(&settings.pictures, &settings.engines)?;
        let saved_baseline = match &settings.save_baseline {
            Some(name) => {
                baseline::check_name(name).map_err(|error| error.to_string())?;
                Some(baseline::baseline_path(name))
            }
            None => None,
        };
        let mut outputs: Vec<(&str, &Path, bool)> = [
            settings.report.out.as_deref().map(|path| ("--out", path, false)),
            settings.per_puzzle.as_deref().map(|path| ("--per-puzzle", path, false)),
            saved_baseline.as_deref().map(|path| ("--save-baseline", path, true)),
        ]
        .into_iter()
        .flatten()
        .collect();
        check_pictures(&settings.pictures, &mut outputs)?;
        // Everything the run reads: the puzzle files, the baselines, the engines file.
        let named_baseline = settings.baseline.as_deref().map(baseline::baseline_path);
        let mut inputs: Vec<(&str, &Path)> =
            named.iter().map(|file| ("an input file", file.as_path())).collect();
        inputs.extend(
            settings.puzzle_baseline.as_deref().map(|path| ("the --puzzle-baseline", path)),
        );
        inputs.extend(named_baseline.as_deref().map(|path| ("the --baseline", path)));
        inputs.extend(settings.engines_file.as_deref().map(|path| ("the --engines-file", path)));
        check_outputs(&outputs, &inputs)?;
        if settings.puzzle_baseline.is_some() && per_puzzle_baseline(&settings).is_some() {
            return Err("--baseline names a per-puzzle file, and so does --puzzle-baseline: \
                        give one of them"
                .to_owned());
        }
        if let Some((old, new)) = &settings.compare {
            for name in [old, new] {
                if !settings.engines.iter().any(|info| &info.name == name) {
                    return Err(format!("--compare: {name} is not an engine of this run"));
                }
            }
        }
        let baseline = match &settings.baseline {
            None => None,
            Some(_) if per_puzzle_baseline(&settings).is_some() => None,
            Some(name) => {
                let report = baseline::load_named(name).map_err(|error| error.to_string())?;
                baseline::check_settings(&report, settings.mode, settings.budget, settings.shard)
                    .map_err(|error| format!("baseline {name}: {error}"))?;
                Some(LoadedBaseline { name: name.clone(), report })
            }
        };
        let files = match &settings.inputs {
            Inputs::Files(files) if files.is_empty() => match corpus::shipped_corpus() {
                Some(path) => vec![path],
                None => {
                    return Err(format!(
                        "no files given and the shipped corpus {} is not here; run from the \
                         repository's root or name the files",
                        corpus::SHIPPED_CORPUS
                    ));
                }
            },
            Inputs::Files(files) => files.clone(),
            Inputs::Read(_) => Vec::new(),
        };
        Ok(Plan { settings, files, baseline })
    }

    /// Whether an engine from outside is in the run (the command line then measures what each
    /// timing path costs before the run).
    pub fn has_engines_from_outside(&self) -> bool {
        self.settings.engines.iter().any(|info| !info.is_built_in())
    }

    /// Opens (or, for standard input and `--by-difficulty`, reads) each file, saying what
    /// cannot be opened or read, and checks what needs the files: the `--scatter` engines
    /// against their sizes, the baselines' coverage of the run. Creates the `--per-puzzle`
    /// file. `None` when the run is refused, which `log` says.
    pub fn open(self, log: &mut Log) -> Option<Ready<'e>> {
        let Plan { mut settings, files, baseline } = self;
        // The puzzles read by the front end are the run's from here on.
        let corpora = match std::mem::replace(&mut settings.inputs, Inputs::Read(Vec::new())) {
            Inputs::Read(corpora) => corpora,
            Inputs::Files(_) => {
                let corpora = open_files(&settings, &files, log);
                if corpora.iter().all(Corpus::is_empty) {
                    log.problem("no puzzle to benchmark");
                    return None;
                }
                corpora
            }
        };
        let corpora = if settings.by_difficulty {
            corpora.iter().flat_map(Corpus::by_difficulty).collect()
        } else {
            corpora
        };
        let engines = &settings.engines;
        if let Err(message) = check_scatter_sizes(&settings.pictures, engines, &corpora) {
            log.problem(message);
            return None;
        }
        let rows_baseline =
            settings.puzzle_baseline.clone().or_else(|| per_puzzle_baseline(&settings));
        let earlier = match rows_baseline {
            Some(path) => {
                match puzzle_baseline(&path, engines, &corpora, settings.allow_partial_baseline) {
                    Ok(earlier) => Some((path, PuzzleComparison::new(earlier))),
                    Err(message) => {
                        log.problem(format!(
                            "{} {message}",
                            rows_baseline_flag(settings.puzzle_baseline.is_some())
                        ));
                        return None;
                    }
                }
            }
            None => None,
        };
        if let Some(baseline) = &baseline
            && let Err(error) = check_baseline_coverage(&settings, baseline, &corpora)
        {
            log.problem(error);
            return None;
        }
        let rows = match &settings.per_puzzle {
            Some(path) => match OutputFile::create(path, false) {
                Ok(file) => Some(RowWriter::new(file, RowFormat::of(path))),
                Err(error) => {
                    log.problem(format!("--per-puzzle: {error}"));
                    return None;
                }
            },
            None => None,
        };
        // Under --until-decided, the report's verdict needs the rounds its decision needs.
        let min_rounds = if settings.until_decided { stats::MIN_ROUNDS } else { 0 };
        let pair = settings.compare.as_ref().map(|(old, new)| {
            RunPair::new(old, new, rows_threshold(settings.threshold), min_rounds)
        });
        let options = BenchOptions {
            engines: settings.engines.clone(),
            mode: settings.mode,
            budget: settings.budget,
            threads: settings.threads,
            timing: schedule(&settings),
            cross_check: settings.cross_check,
            progress: settings.progress,
            shard: settings.shard,
        };
        let watchers = Watchers { rows, earlier, pair };
        Some(Ready { settings, baseline, corpora, options, watchers })
    }
}

impl<'e> Ready<'e> {
    /// The files of the run, opened.
    pub fn corpora(&self) -> &[Corpus] {
        &self.corpora
    }

    /// Runs the plan, its own watchers (`--per-puzzle`, the per-puzzle baseline, `--compare`)
    /// and `observers` seeing every chunk, and says what disagreed or failed. `None` when the
    /// run could not start, which `log` says.
    pub fn run(self, observers: &mut [&mut dyn Observer], log: &mut Log) -> Option<Ran<'e>> {
        let Ready { settings, baseline, corpora, options, mut watchers } = self;
        let mut all: Vec<&mut dyn Observer> = Vec::new();
        if let Some(pair) = watchers.pair.as_mut() {
            all.push(pair);
        }
        if let Some(rows) = watchers.rows.as_mut() {
            all.push(rows);
        }
        if let Some((_, comparison)) = watchers.earlier.as_mut() {
            all.push(comparison);
        }
        for observer in observers.iter_mut() {
            all.push(&mut **observer);
        }
        let mut report = match crate::run_observed(&corpora, &options, &mut all) {
            Ok(report) => report,
            Err(error) => {
                log.problem(error.to_string());
                return None;
            }
        };
        drop(all);
        report.command = settings.command.clone();
        say_findings(&report, log);
        Some(Ran::new(settings, report, baseline, watchers))
    }
}

/// Merges the JSON reports of the shards of one run (`sudoku bench merge`) into the report of
/// the whole run, after checking the reports (each once) and the outputs; says what disagreed
/// or failed. `None` when the merge is refused, which `log` says.
pub fn merge<'e>(settings: Settings<'e>, log: &mut Log) -> Option<Ran<'e>> {
    let reports = match &settings.inputs {
        Inputs::Files(files) => files.as_slice(),
        Inputs::Read(_) => &[],
    };
    let mut outputs: Vec<(&str, &Path, bool)> =
        settings.report.out.as_deref().map(|path| ("--out", path, false)).into_iter().collect();
    if let Err(message) = check_inputs(reports, "each shard's report is merged once")
        .and_then(|()| check_pictures(&settings.pictures, &mut outputs))
        .and_then(|()| {
            let reports: Vec<(&str, &Path)> =
                reports.iter().map(|report| ("a shard's report", report.as_path())).collect();
            check_outputs(&outputs, &reports)
        })
    {
        log.problem(message);
        return None;
    }
    let mut shards = Vec::with_capacity(reports.len());
    let names: Vec<String> = reports.iter().map(|path| path.display().to_string()).collect();
    for (path, name) in reports.iter().zip(&names) {
        let read = crate::report::read::read_text(path)
            .and_then(|text| output::read_json(&text).map_err(|error| error.to_string()));
        match read {
            Ok(shard) => shards.push(shard),
            Err(error) => {
                log.problem(format!("{name}: {error}"));
                return None;
            }
        }
    }
    let mut merged = match crate::merge::merge(&shards, &names) {
        Ok(merged) => merged,
        Err(error) => {
            log.problem(format!("cannot merge: {error}"));
            return None;
        }
    };
    merged.command = settings.command.clone();
    log.findings.bad_input |= merged.read_errors() > 0;
    say_findings(&merged, log);
    Some(Ran::new(settings, merged, None, Watchers::default()))
}

/// Notes what `report` found (its disagreements and engines' failures) and says the first of
/// them.
fn say_findings(report: &crate::Report, log: &mut Log) {
    log.findings.disagreements = report.disagreement_count() > 0;
    log.findings.failures = report.failures_total() > 0;
    say_disagreements(report, log);
    say_failures(report, log);
}

/// The schedule of the timing passes the settings ask for.
fn schedule(settings: &Settings<'_>) -> Schedule {
    match (&settings.compare, settings.repeat, settings.min_time) {
        (Some((old, new)), _, _) if settings.until_decided => {
            let place = |name: &String| settings.engines.iter().position(|info| &info.name == name);
            Schedule::UntilDecided {
                pair: (place(old).unwrap_or(0), place(new).unwrap_or(0)),
                threshold: rows_threshold(settings.threshold),
                max_time: settings.max_time.unwrap_or(DEFAULT_MAX_TIME),
            }
        }
        (_, _, Some(minimum)) => Schedule::MinTime(minimum),
        (_, passes, None) => Schedule::Repeat(passes.unwrap_or(1)),
    }
}

/// Opens (or, for standard input and `--by-difficulty`, reads) each file, saying what cannot
/// be opened or read; a file that cannot be opened stays in the run, empty.
fn open_files(settings: &Settings<'_>, files: &[PathBuf], log: &mut Log) -> Vec<Corpus> {
    let mut corpora = Vec::with_capacity(files.len());
    for file in files {
        let corpus = if file == Path::new("-") {
            Corpus::read("<stdin>", BufReader::with_capacity(1 << 16, io::stdin()), settings.read)
        } else {
            // Split by difficulty, a file is rated whole, so it is held in memory; otherwise
            // it is checked now and read again a chunk at a time.
            let opened = if settings.by_difficulty {
                Corpus::load(file, settings.read)
            } else {
                Corpus::open(file, settings.read)
            };
            opened.unwrap_or_else(|error| Corpus::unreadable(&error))
        };
        if let Some(error) = &corpus.open_error {
            log.problem(format!("cannot open {}: {error}", corpus.file));
        }
        say_read_errors(&corpus, log);
        log.findings.bad_input |= corpus.read_error_count > 0;
        corpora.push(corpus);
    }
    corpora
}

/// The first read errors of `corpus`, how many more, and how many puzzles are left to run: a
/// line each, named by the file.
fn say_read_errors(corpus: &Corpus, log: &mut Log) {
    let failed = corpus.read_error_count;
    if failed == 0 {
        return;
    }
    for error in corpus.read_errors.iter().take(SHOWN_READ_ERRORS) {
        log.row(error.clone());
    }
    let shown = corpus.read_errors.len().min(SHOWN_READ_ERRORS) as u64;
    if failed > shown {
        log.row(format!(
            "{}: ... and {} more",
            corpus.file,
            plural(failed - shown, "unreadable puzzle")
        ));
    }
    log.row(format!(
        "{}: {failed} of {} unreadable; benchmarking the other {}",
        corpus.file,
        plural(failed + corpus.len() as u64, "puzzle"),
        corpus.len()
    ));
}

/// The disagreements of `report`, the first few of each file in full.
fn say_disagreements(report: &crate::Report, log: &mut Log) {
    let Some(disagreements) = &report.disagreements else {
        return;
    };
    for file in &report.files {
        let in_file: Vec<_> =
            disagreements.iter().filter(|found| found.file == file.file).collect();
        for found in in_file.iter().take(SHOWN_DISAGREEMENTS) {
            log.text(found.to_string(), false);
        }
        if in_file.len() > SHOWN_DISAGREEMENTS {
            log.row(format!(
                "{}: ... and {} more (all are in the JSON report)",
                file.file,
                plural((in_file.len() - SHOWN_DISAGREEMENTS) as u64, "disagreement")
            ));
        }
    }
    if !disagreements.is_empty() {
        log.warning(format!("{} with disagreements", plural(disagreements.len() as u64, "puzzle")));
    }
}

/// The failures of engines from outside: the first few lines ([`output::failure_lines`]), and
/// how many more.
fn say_failures(report: &crate::Report, log: &mut Log) {
    let total = report.failures_total();
    if total == 0 {
        return;
    }
    let lines = output::failure_lines(report);
    for line in lines.iter().take(SHOWN_FAILURES) {
        log.row(line.clone());
    }
    if lines.len() > SHOWN_FAILURES {
        log.row(format!(
            "... and {} more (the report lists them)",
            plural((lines.len() - SHOWN_FAILURES) as u64, "line")
        ));
    }
    log.warning(format!("{} failed by engines from outside", plural(total, "puzzle")));
}

/// Refuses a `--baseline` report that covers nothing of the run, or (unless allowed) only
/// part of it: the gate never passes by comparing nothing.
fn check_baseline_coverage(
    settings: &Settings<'_>,
    baseline: &LoadedBaseline,
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
            runs.extend(settings.engines.iter().filter(solved).map(|info| Measured {
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
        settings.allow_partial_baseline,
    )
    .map_err(|error| error.to_string())
}

/// The per-puzzle file `--baseline` names, when its extension says it is one (.csv, .jsonl,
/// .ndjson) rather than a JSON baseline.
fn per_puzzle_baseline(settings: &Settings<'_>) -> Option<PathBuf> {
    let per_puzzle = |name: &&String| {
        let extension = Path::new(name.as_str()).extension().and_then(|e| e.to_str()).unwrap_or("");
        ["csv", "jsonl", "ndjson"].iter().any(|known| extension.eq_ignore_ascii_case(known))
    };
    settings.baseline.as_ref().filter(per_puzzle).map(PathBuf::from)
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
fn check_scatter(pictures: &Pictures, engines: &[&EngineInfo]) -> Result<(), String> {
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
    pictures: &Pictures,
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
    pictures: &'a Pictures,
    outputs: &mut Vec<(&'static str, &'a Path, bool)>,
) -> Result<(), String> {
    let named = |path: &Path, extension: &str| {
        path.extension().is_some_and(|found| found.eq_ignore_ascii_case(extension))
            || files::is_stream(path)
    };
    for chart in &pictures.charts {
        if !named(&chart.path, "svg") {
            return Err(format!(
                "--chart {}: the chart is an SVG drawing; give the file a .svg name",
                chart.path.display()
            ));
        }
        outputs.push(("--chart", &chart.path, false));
    }
    if let Some(report) = &pictures.html {
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
