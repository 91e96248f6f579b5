//! Regression baselines: a saved report, and the comparison of a new run with it.
//!
//! Two kinds of figure are compared, because they fail differently:
//!
//! - **Time** is noisy: the single-thread time per puzzle may grow by up to the threshold
//!   (a percentage) before it counts as a regression.
//! - **Counters** are deterministic: for the same engine and file, the puzzles, counts,
//!   budget-outs, nodes and guesses must match exactly. A change means the algorithm changed,
//!   and shows even on a machine too noisy to time anything.
//!
//! A baseline is matched record by record on (engine, file); a file moved to another
//! directory still matches by its name when that is unambiguous. Baselines made in another
//! mode or with another budget are refused: their counters cannot match.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::corpus::Shard;
use crate::files::{OutputError, write_whole};
use crate::output::{self, TextTable, count, figure};
use crate::report::{Mode, OLDEST_READABLE_SCHEMA_VERSION, Record, Report, SCHEMA_VERSION};

/// The default time threshold, percent.
pub const DEFAULT_THRESHOLD_PERCENT: f64 = 10.0;

/// Where a baseline NAME is looked for, for messages and `--help`.
pub const WHERE_BASELINES_ARE: &str = "a NAME is the file sudoku-bench/NAME.json under the \
     Cargo target directory ($CARGO_TARGET_DIR, else ./target); a NAME with a '/' or ending in \
     .json is a path as given";

/// Why a baseline could not be used.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// The name cannot name a baseline.
    #[error(
        "'{name}' is not a baseline name: use letters, digits, '-' or '_' ({WHERE_BASELINES_ARE})"
    )]
    BadName {
        /// The name as given.
        name: String,
    },
    /// No baseline of that name was saved.
    #[error(
        "baseline {name} not found: there is no {file} ({WHERE_BASELINES_ARE}); save one with --save-baseline {name}"
    )]
    NotFound {
        /// The name as given.
        name: String,
        /// Where it was looked for.
        file: String,
    },
    /// The file could not be read.
    #[error("baseline {file}: {source}")]
    Io {
        /// The baseline's file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error(transparent)]
    Write(#[from] OutputError),
    /// The file is not a report, or not one a run could have written.
    #[error("baseline {file}: {reason}")]
    Parse {
        /// The baseline's file.
        file: String,
        /// Why, naming the field.
        reason: String,
    },
    /// The report was written with another schema.
    #[error(
        "baseline {file} has schema version {found}; this program reads versions {OLDEST_READABLE_SCHEMA_VERSION} to {SCHEMA_VERSION}: save the baseline again"
    )]
    Schema {
        /// The baseline's file.
        file: String,
        /// Its schema version.
        found: u32,
    },
    /// The runs cannot be compared.
    #[error(
        "the baseline was made with {baseline}, this run with {current}: run with the same settings"
    )]
    Settings {
        /// The baseline's mode, budget and part of the files.
        baseline: String,
        /// This run's.
        current: String,
    },
    /// The run and the baseline have no engine and file in common: the gate would compare
    /// nothing.
    #[error(
        "baseline {file} has no engine and file in common with this run, so nothing would be compared: it holds {held}"
    )]
    NoOverlap {
        /// The baseline's file.
        file: String,
        /// What the baseline holds, as `engine on file` items.
        held: String,
    },
    /// Some engines and files of the run or of the baseline have no counterpart.
    #[error(
        "only {compared} of the run's and baseline's engine-file pairs can be compared; not compared: {missing} (add --allow-partial-baseline if that is expected)"
    )]
    Partial {
        /// Pairs found in both.
        compared: usize,
        /// The pairs without counterpart, as `engine on file (only in the run|baseline)`.
        missing: String,
    },
}

/// Refuses a `--baseline` or `--save-baseline` name that is certainly a mistake: empty, only
/// dots (`.`, `..`), or only white space.
pub fn check_name(name: &str) -> Result<(), BaselineError> {
    let bare = name.trim();
    if bare.is_empty() || bare.chars().all(|c| c == '.') || name.ends_with('/') {
        return Err(BaselineError::BadName { name: name.to_owned() });
    }
    Ok(())
}

/// Where baseline `name` lives: a name with a `/` or ending in `.json` is a path as given;
/// any other name is `NAME.json` in `sudoku-bench/` under the Cargo target directory
/// (`$CARGO_TARGET_DIR`, else `target`, relative to the current directory).
pub fn baseline_path(name: &str) -> PathBuf {
    if name.contains('/') || name.contains(std::path::MAIN_SEPARATOR) || name.ends_with(".json") {
        return PathBuf::from(name);
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
    target.join("sudoku-bench").join(format!("{name}.json"))
}

/// Saves `report` as a baseline at `path`, whole or not at all, making directories as needed.
/// The report's chart samples are left out: a comparison reads only the records, and the
/// samples (a time per engine for every 16th puzzle) would make a baseline of the public
/// corpora some fifty times larger.
pub fn save(report: &Report, path: &Path) -> Result<(), BaselineError> {
    let report = Report { samples: Vec::new(), ..report.clone() };
    let json = output::render(&report, output::OutputFormat::Json);
    Ok(write_whole(path, json.as_bytes(), true)?)
}

/// Reads baseline `name` (see [`baseline_path`]).
pub fn load_named(name: &str) -> Result<Report, BaselineError> {
    check_name(name)?;
    let path = baseline_path(name);
    if !path.exists() {
        return Err(BaselineError::NotFound {
            name: name.to_owned(),
            file: path.display().to_string(),
        });
    }
    load(&path)
}

/// Reads the baseline at `path`: a report of this schema version or of the oldest still read
/// ([`OLDEST_READABLE_SCHEMA_VERSION`], read without its `timings`), checked as any report
/// read back is ([`crate::report::read::read`]).
pub fn load(path: &Path) -> Result<Report, BaselineError> {
    let file = path.display().to_string();
    std::fs::metadata(path).map_err(|source| BaselineError::Io { file: file.clone(), source })?;
    let text = crate::report::read::read_text(path)
        .map_err(|reason| BaselineError::Parse { file: file.clone(), reason })?;
    // Check the version first, so an old baseline gets the right message, not a parse error.
    let version = serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|source| BaselineError::Parse { file: file.clone(), reason: source.to_string() })?
        .get("schema_version")
        .and_then(serde_json::Value::as_u64);
    let readable = u64::from(OLDEST_READABLE_SCHEMA_VERSION)..=u64::from(SCHEMA_VERSION);
    if !version.is_some_and(|version| readable.contains(&version)) {
        let found = version.and_then(|v| u32::try_from(v).ok()).unwrap_or(0);
        return Err(BaselineError::Schema { file, found });
    }
    crate::report::read::read(&text).map_err(|error| BaselineError::Parse { file, reason: error.0 })
}

/// One counter that changed.
#[derive(Clone, PartialEq, Debug)]
pub struct CounterChange {
    /// The record field, as named in the JSON schema.
    pub counter: &'static str,
    /// Its value in the baseline.
    pub before: Option<u64>,
    /// Its value now.
    pub after: Option<u64>,
}

/// How one engine on one file compares.
#[derive(Clone, PartialEq, Debug)]
pub enum Status {
    /// Within the threshold, counters unchanged.
    Same,
    /// Faster by more than the threshold.
    Faster,
    /// Slower by more than the threshold.
    Slower,
    /// Only in this run.
    New,
    /// Only in the baseline.
    Missing,
}

/// One row of the comparison.
#[derive(Clone, PartialEq, Debug)]
pub struct BaselineRow {
    /// The engine.
    pub engine: String,
    /// The file (as this run names it, or as the baseline did for a missing row).
    pub file: String,
    /// The size of its puzzles (`9x9`).
    pub size: String,
    /// Single-thread µs per puzzle in the baseline.
    pub before_us: Option<f64>,
    /// Single-thread µs per puzzle now.
    pub after_us: Option<f64>,
    /// `after_us / before_us`.
    pub ratio: Option<f64>,
    /// What the time did.
    pub status: Status,
    /// Counters that differ.
    pub counter_changes: Vec<CounterChange>,
}

/// A run compared with a baseline.
#[derive(Clone, PartialEq, Debug)]
pub struct BaselineComparison {
    /// The threshold used, percent.
    pub threshold_percent: f64,
    /// Whether the input files differ in content (digest) though named alike.
    pub changed_files: Vec<String>,
    /// One row per engine and file, in this run's order, then rows only in the baseline.
    pub rows: Vec<BaselineRow>,
}

impl BaselineComparison {
    /// Rows slower than the threshold allows.
    pub fn slower(&self) -> usize {
        self.rows.iter().filter(|row| row.status == Status::Slower).count()
    }

    /// Rows whose deterministic counters changed.
    pub fn counter_changes(&self) -> usize {
        self.rows.iter().filter(|row| !row.counter_changes.is_empty()).count()
    }

    /// Rows only in this run or only in the baseline: nothing was compared for them.
    pub fn not_compared(&self) -> usize {
        self.rows.iter().filter(|row| matches!(row.status, Status::New | Status::Missing)).count()
    }

    /// Whether this is a regression: slower beyond the threshold, or (unless accepted) any
    /// counter changed.
    pub fn is_regression(&self, accept_counter_changes: bool) -> bool {
        self.slower() > 0 || (!accept_counter_changes && self.counter_changes() > 0)
    }

    /// The comparison as an aligned table with a verdict line.
    pub fn write_table(
        &self,
        baseline_name: &str,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        self.write_table_within(baseline_name, None, out)
    }

    /// The comparison as [`BaselineComparison::write_table`] writes it, the lines above and
    /// below the table wrapped to `width` when given.
    pub fn write_table_within(
        &self,
        baseline_name: &str,
        width: Option<usize>,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        let note = |line: &str| output::wrap_to(line, width, 2);
        let time_rule = if self.threshold_percent.is_finite() {
            format!("time threshold {}%", self.threshold_percent)
        } else {
            "time not judged".to_owned()
        };
        let heading = format!(
            "compared with baseline {baseline_name} ({time_rule}, counters must match exactly)"
        );
        writeln!(out, "{}", note(&heading))?;
        for file in &self.changed_files {
            let line = format!("note: {file} holds other puzzles than when the baseline was made");
            writeln!(out, "{}", note(&line))?;
        }
        let mut table = TextTable::new([
            "engine",
            "file",
            "size",
            "µs/puzzle before",
            "after",
            "ratio",
            "time",
            "counters",
        ]);
        for row in &self.rows {
            let optional = |value: Option<f64>| value.map_or_else(|| "—".to_owned(), figure);
            let status = match row.status {
                Status::Same => "ok",
                Status::Faster => "faster",
                Status::Slower => "SLOWER",
                Status::New => "new",
                Status::Missing => "missing",
            };
            let counters = if row.counter_changes.is_empty() {
                if matches!(row.status, Status::New | Status::Missing) {
                    "—".to_owned()
                } else {
                    "same".to_owned()
                }
            } else {
                row.counter_changes
                    .iter()
                    .map(|change| {
                        let show = |value: Option<u64>| value.map_or_else(|| "—".to_owned(), count);
                        format!(
                            "{} {} → {}",
                            change.counter,
                            show(change.before),
                            show(change.after)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            table.rows.push(vec![
                row.engine.clone(),
                row.file.clone(),
                row.size.clone(),
                optional(row.before_us),
                optional(row.after_us),
                row.ratio.map_or_else(|| "—".to_owned(), |ratio| format!("{ratio:.2}×")),
                status.to_owned(),
                counters,
            ]);
        }
        table.write_aligned(out)?;
        let slower = if self.threshold_percent.is_finite() {
            format!("{} slower beyond {}%", self.slower(), self.threshold_percent)
        } else {
            "time not judged".to_owned()
        };
        let verdict = format!(
            "baseline: {slower}, {} with changed counters, {} not compared",
            self.counter_changes(),
            self.not_compared()
        );
        writeln!(out, "{}", note(&verdict))
    }
}

/// Refuses a baseline made in another mode, with another budget or on another part of the
/// files (`--shard`) than `mode`, `budget` and `shard`: none of its counters could match.
pub fn check_settings(
    baseline: &Report,
    mode: Mode,
    budget: Option<u64>,
    shard: Option<Shard>,
) -> Result<(), BaselineError> {
    let settings = |mode: Mode, budget: Option<u64>, shard: Option<Shard>| {
        let budget = budget.map_or("no budget".to_owned(), |nodes| format!("budget {nodes}"));
        let part = shard.map_or("whole files".to_owned(), |shard| format!("shard {shard}"));
        format!("mode {}, {budget}, {part}", mode.name())
    };
    if baseline.mode != mode || baseline.budget != budget || baseline.shard != shard {
        return Err(BaselineError::Settings {
            baseline: settings(baseline.mode, baseline.budget, baseline.shard),
            current: settings(mode, budget, shard),
        });
    }
    Ok(())
}

/// One engine on the puzzles of one size of one file: what a record measures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Measured<'a> {
    /// The engine's name.
    pub engine: &'a str,
    /// The file as named.
    pub file: &'a str,
    /// The kind of grid ([`GridKind::ascii_name`](sudoku_core::GridKind::ascii_name): the size, and
    /// the layout's words if any).
    pub size: &'a str,
}

impl fmt::Display for Measured<'_> {
    /// `fast on top1465.txt`, with ` (16x16)` for sizes other than 9×9.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.engine, self.file)?;
        if self.size != "9x9" {
            write!(f, " ({})", self.size)?;
        }
        Ok(())
    }
}

impl<'a> Measured<'a> {
    /// What `record` measures.
    pub fn of(record: &'a Record) -> Measured<'a> {
        Measured { engine: &record.engine, file: &record.file, size: &record.size }
    }
}

/// Which of the records a run will make (`runs`: each engine on each size of each file it
/// solves) it shares with `baseline`, matched as [`compare`] matches them. Known before the
/// run, so that a gate that would compare nothing, or less than expected, fails before the
/// time is spent.
pub fn check_coverage(
    baseline: &Report,
    baseline_file: &str,
    runs: &[Measured<'_>],
    allow_partial: bool,
) -> Result<(), BaselineError> {
    let mut matched = vec![false; baseline.records.len()];
    let mut only_in_run = Vec::new();
    for run in runs {
        match find_record(baseline, run) {
            Some(index) => matched[index] = true,
            None => only_in_run.push(format!("{run} (only in the run)")),
        }
    }
    let compared = matched.iter().filter(|&&found| found).count();
    if compared == 0 {
        let held: Vec<String> =
            baseline.records.iter().map(|r| Measured::of(r).to_string()).collect();
        let held = if held.is_empty() { "no records".to_owned() } else { held.join(", ") };
        return Err(BaselineError::NoOverlap { file: baseline_file.to_owned(), held });
    }
    let only_in_baseline = baseline
        .records
        .iter()
        .zip(&matched)
        .filter(|(_, found)| !**found)
        .map(|(record, _)| format!("{} (only in the baseline)", Measured::of(record)));
    let missing: Vec<String> = only_in_run.into_iter().chain(only_in_baseline).collect();
    if !missing.is_empty() && !allow_partial {
        return Err(BaselineError::Partial { compared, missing: missing.join(", ") });
    }
    Ok(())
}

/// Compares `current` with `baseline`, allowing `threshold_percent` of noise in time
/// (`f64::INFINITY`: time is shown but never judged, only the counters are).
pub fn compare(
    baseline: &Report,
    current: &Report,
    threshold_percent: f64,
) -> Result<BaselineComparison, BaselineError> {
    check_settings(baseline, current.mode, current.budget, current.shard)?;
    let changed_files = current
        .files
        .iter()
        .filter(|file| {
            find_file(&baseline.files, &file.file, |f| &f.file)
                .is_some_and(|before| before.digest != file.digest)
        })
        .map(|file| file.file.clone())
        .collect();
    let mut rows = Vec::new();
    let mut matched = vec![false; baseline.records.len()];
    for record in &current.records {
        let found = find_record(baseline, &Measured::of(record));
        let Some(index) = found else {
            rows.push(BaselineRow {
                engine: record.engine.clone(),
                file: record.file.clone(),
                size: record.size.clone(),
                before_us: None,
                after_us: Some(micros_per_puzzle(record)),
                ratio: None,
                status: Status::New,
                counter_changes: Vec::new(),
            });
            continue;
        };
        matched[index] = true;
        let before = &baseline.records[index];
        let (before_us, after_us) = (micros_per_puzzle(before), micros_per_puzzle(record));
        let ratio = if before_us > 0.0 { after_us / before_us } else { 1.0 };
        let limit = threshold_percent / 100.0;
        let status = if ratio > 1.0 + limit {
            Status::Slower
        } else if ratio < 1.0 - limit {
            Status::Faster
        } else {
            Status::Same
        };
        rows.push(BaselineRow {
            engine: record.engine.clone(),
            file: record.file.clone(),
            size: record.size.clone(),
            before_us: Some(before_us),
            after_us: Some(after_us),
            ratio: Some(ratio),
            status,
            counter_changes: counter_changes(before, record),
        });
    }
    for (record, _) in baseline.records.iter().zip(&matched).filter(|(_, matched)| !**matched) {
        rows.push(BaselineRow {
            engine: record.engine.clone(),
            file: record.file.clone(),
            size: record.size.clone(),
            before_us: Some(micros_per_puzzle(record)),
            after_us: None,
            ratio: None,
            status: Status::Missing,
            counter_changes: Vec::new(),
        });
    }
    Ok(BaselineComparison { threshold_percent, changed_files, rows })
}

/// Single-thread µs per puzzle: the inverse of the field's puzzles/s.
fn micros_per_puzzle(record: &Record) -> f64 {
    if record.single_thread_puzzles_per_second > 0.0 {
        1e6 / record.single_thread_puzzles_per_second
    } else {
        0.0
    }
}

/// The item named `file`, or else the only one with the same file name.
fn find_file<'a, T>(items: &'a [T], file: &str, name_of: impl Fn(&T) -> &str) -> Option<&'a T> {
    items.iter().find(|item| name_of(item) == file).or_else(|| {
        let short = Path::new(file).file_name()?;
        let mut same_name =
            items.iter().filter(|item| Path::new(name_of(item)).file_name() == Some(short));
        match (same_name.next(), same_name.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    })
}

/// The index of the baseline's record of the same engine on the same size of the same file.
fn find_record(baseline: &Report, wanted: &Measured<'_>) -> Option<usize> {
    let same_engine: Vec<(usize, &Record)> = baseline
        .records
        .iter()
        .enumerate()
        .filter(|(_, before)| before.engine == wanted.engine && before.size == wanted.size)
        .collect();
    find_file(&same_engine, wanted.file, |(_, before)| &before.file).map(|(index, _)| *index)
}

/// Reads one counter of a record.
type CounterRead = fn(&Record) -> Option<u64>;

/// The deterministic counters that differ between two records of one engine and file.
pub fn counter_changes(before: &Record, after: &Record) -> Vec<CounterChange> {
    // A failure is a changed counter: a baseline of engines that answered every puzzle (every
    // baseline older than schema 4) counts none.
    let counters: [(&'static str, CounterRead); 12] = [
        ("puzzles", |r| Some(r.puzzles)),
        ("solved", |r| Some(r.solved)),
        ("unsolvable", |r| Some(r.unsolvable)),
        ("budget_outs", |r| Some(r.budget_outs)),
        ("crashed", |r| Some(r.crashed)),
        ("timed_out", |r| Some(r.timed_out)),
        ("protocol_errors", |r| Some(r.protocol_errors)),
        ("one_solution", |r| r.one_solution),
        ("two_plus_solutions", |r| r.two_plus_solutions),
        ("nodes_total", |r| r.nodes_total),
        ("guesses_total", |r| r.guesses_total),
        ("solved_without_guessing", |r| r.solved_without_guessing),
    ];
    counters
        .into_iter()
        .filter_map(|(counter, read)| {
            let (was, is) = (read(before), read(after));
            (was != is).then_some(CounterChange { counter, before: was, after: is })
        })
        .collect()
}
