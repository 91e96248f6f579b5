//! What a front end asks of a bench run: plain values, filled in by the command line from its
//! arguments and by Python from its keywords, and read by [`crate::plan`], which checks them
//! before anything is read or timed.

use std::path::PathBuf;
use std::time::Duration;

use sudoku_core::ReadOptions;
use sudoku_engines::EngineInfo;

use crate::chart::ChartKind;
use crate::corpus::{Corpus, Shard};
use crate::output::{Columns, OutputFormat};
use crate::report::Mode;

/// Everything a bench run is asked to do: the engines, the puzzles, how they are run, what is
/// written and what the run is judged against. [`Settings::new`] gives a plain run (one pass,
/// cross-checked, nothing written, no gate) that a front end changes field by field.
#[derive(Clone, Debug)]
pub struct Settings<'e> {
    /// The engines, in report order, each once.
    pub engines: Vec<&'e EngineInfo>,
    /// The puzzles.
    pub inputs: Inputs,
    /// How the files are read (format, size, alphabet).
    pub read: ReadOptions,
    /// Stop at the first solution, or count to two.
    pub mode: Mode,
    /// The node budget of instrumented engines.
    pub budget: Option<u64>,
    /// Worker threads of the parallel pass (at least 1).
    pub threads: usize,
    /// Exactly this many timing passes (`None`: one, or as `min_time` or `until_decided` say).
    pub repeat: Option<u32>,
    /// Timing passes until each engine spent this long on each file.
    pub min_time: Option<Duration>,
    /// Whether answers are checked and compared.
    pub cross_check: bool,
    /// Whether a progress bar is drawn on standard error (see [`crate::progress::wanted`]).
    pub progress: bool,
    /// Run only this part of every file.
    pub shard: Option<Shard>,
    /// Split each file by how hard its puzzles are for people, a part per band.
    pub by_difficulty: bool,
    /// The report: its format, and its file or standard output.
    pub report: ReportSettings,
    /// The charts and the HTML report.
    pub pictures: Pictures,
    /// A file for a row per puzzle and engine, streamed as the run goes.
    pub per_puzzle: Option<PathBuf>,
    /// Save the report as this baseline.
    pub save_baseline: Option<String>,
    /// Compare with this baseline; a name ending in `.csv`, `.jsonl` or `.ndjson` is an
    /// earlier run's per-puzzle file (as `puzzle_baseline`).
    pub baseline: Option<String>,
    /// Compare every puzzle's row with this earlier run's per-puzzle file.
    pub puzzle_baseline: Option<PathBuf>,
    /// The file the engines from outside were read from, if any: no output may replace it.
    pub engines_file: Option<PathBuf>,
    /// The allowed slowdown, percent (`f64::INFINITY`: only counters are judged); `None`: the
    /// default of each comparison.
    pub threshold: Option<f64>,
    /// Compare the second engine with the first, puzzle by puzzle.
    pub compare: Option<(String, String)>,
    /// With `compare`: run timing passes until the comparison is decided.
    pub until_decided: bool,
    /// With `until_decided`: the most time spent on passes per file and size.
    pub max_time: Option<Duration>,
    /// Counter changes against a baseline are reported, not judged.
    pub accept_counter_changes: bool,
    /// A baseline that covers only part of the run (or more) is compared as far as it goes.
    pub allow_partial_baseline: bool,
    /// The command the run was started with, for the report.
    pub command: Option<String>,
}

impl<'e> Settings<'e> {
    /// A run of `engines` over `inputs`: mode `unique`, no budget, one thread, one pass,
    /// cross-checked, the report as a table on standard output, no other output and no gate.
    pub fn new(engines: Vec<&'e EngineInfo>, inputs: Inputs) -> Settings<'e> {
        Settings {
            engines,
            inputs,
            read: ReadOptions::default(),
            mode: Mode::Unique,
            budget: None,
            threads: 1,
            repeat: None,
            min_time: None,
            cross_check: true,
            progress: false,
            shard: None,
            by_difficulty: false,
            report: ReportSettings::default(),
            pictures: Pictures::default(),
            per_puzzle: None,
            save_baseline: None,
            baseline: None,
            puzzle_baseline: None,
            engines_file: None,
            threshold: None,
            compare: None,
            until_decided: false,
            max_time: None,
            accept_counter_changes: false,
            allow_partial_baseline: false,
            command: None,
        }
    }
}

/// The puzzles of a run.
#[derive(Clone, Debug)]
pub enum Inputs {
    /// Files, each read once to check it and then a chunk at a time; `-` is standard input.
    /// None: the corpus the project ships ([`crate::corpus::shipped_corpus`]).
    Files(Vec<PathBuf>),
    /// Puzzles a front end has read itself, run as they are (an empty one too).
    Read(Vec<Corpus>),
}

/// The report of a run (or of a merge): its format, and where it goes.
#[derive(Clone, Debug, Default)]
pub struct ReportSettings {
    /// Its format.
    pub format: OutputFormat,
    /// Its file, written whole or not at all; `None`: standard output.
    pub out: Option<PathBuf>,
    /// The columns of the table and Markdown formats.
    pub columns: Columns,
    /// The width the table format fits, its notes wrapped and its tables narrowed to it
    /// ([`crate::output::write_table_within`]); `None`: as wide as they are.
    pub width: Option<usize>,
}

/// The charts and the HTML report of a run (or of a merge).
#[derive(Clone, Debug, Default)]
pub struct Pictures {
    /// The charts, each to its file.
    pub charts: Vec<ChartRequest>,
    /// The two engines of the scatter charts; the first two of each sample by default.
    pub scatter: Option<(String, String)>,
    /// The self-contained HTML page.
    pub html: Option<PathBuf>,
}

/// One chart to draw.
#[derive(Clone, Debug)]
pub struct ChartRequest {
    /// What to draw; `None`: the bars, or the scaling chart for several sizes.
    pub kind: Option<ChartKind>,
    /// Where.
    pub path: PathBuf,
}

impl std::str::FromStr for ChartRequest {
    type Err = String;

    /// `KIND:FILE`, or a file for the bars. A prefix of letters only before a colon is a kind,
    /// and must be a known one.
    fn from_str(text: &str) -> Result<ChartRequest, String> {
        if let Some((kind, path)) = text.split_once(':')
            && !kind.is_empty()
            && kind.chars().all(|c| c.is_ascii_alphabetic())
        {
            let kind = kind.parse::<ChartKind>()?;
            return Ok(ChartRequest { kind: Some(kind), path: PathBuf::from(path) });
        }
        Ok(ChartRequest { kind: None, path: PathBuf::from(text) })
    }
}
