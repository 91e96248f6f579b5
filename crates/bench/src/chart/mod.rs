//! The comparison at a glance, as SVG charts of four kinds ([`ChartKind`]):
//!
//! - **Bars** ([`render_bars`]): single-thread puzzles per second, one group of bars per file
//!   (and size, for a file mixing sizes), one bar per engine, on a log scale (engines differ
//!   by orders of magnitude, and a linear axis would flatten all but the fastest).
//! - **Scaling** ([`render_scaling`]): mean µs per puzzle against the grid's side, one line per
//!   engine, both axes logarithmic, so that how each family scales from 4×4 to 64×64 reads off
//!   the slopes. [`render_svg`] draws it instead of the bars when a report holds several
//!   sizes.
//! - **Cactus** ([`render_cactus`]), as the SAT and CP communities draw them: for one size of
//!   one file, each engine's answers sorted fastest first, x the number of puzzles answered,
//!   y the µs each took (log scale). Lower and further right is better; where lines cross,
//!   one engine is faster on easy puzzles and the other on hard ones.
//! - **Scatter** ([`render_scatter`]): for one size of one file, each sampled puzzle as a point
//!   at one engine's µs against another's, log-log, with the diagonal and the ten-times lines:
//!   whether an engine is faster everywhere or only on some puzzles.
//!
//! Cactus and scatter charts of several files or sizes are stacked in one SVG document
//! ([`render_chart`]).
//!
//! A chart must not claim more than the engine did. Puzzles/s counts every puzzle an engine
//! finished with, budget-outs included, so an engine that gave up on most puzzles gets a pale,
//! outlined bar marked `†` and a footnote, and one that answered no puzzle at all gets no bar,
//! only the words "none answered". On the scaling chart, a size where an engine gave up on
//! most puzzles is a hollow point marked `†`, and an engine that does not solve a size has no
//! point there. A cactus line stops at the puzzles its engine answered, marked `×`, and its
//! legend counts the budget-outs; on a scatter chart a puzzle an engine gave up on is a hollow
//! red point pinned to the far edge of that engine's axis. A time given up at the budget is
//! never drawn as a fast answer.
//!
//! Drawn with plotters' SVG backend only: text is written as SVG `<text>` and laid out with
//! plotters' built-in estimates, so no system font or image library is needed to build or run.

mod bars;
mod cactus;
mod common;
mod scaling;
mod scatter;

use std::path::Path;

use crate::files::write_whole;
use crate::output::{counted, shown_size};
use crate::report::Report;

pub use bars::render_bars;
pub use cactus::{CACTUS_FAILED_NOTE, CACTUS_NOTE, CACTUS_POINTS, cactus_groups, render_cactus};
pub use common::{
    BarKind, ChartError, Colour, FAILED_NOTE, GAVE_UP_NOTE, GAVE_UP_POINT_NOTE, PALETTE, bar_kind,
    compact,
};
pub use scaling::render_scaling;
pub use scatter::{check_pair, render_scatter, sample_columns, scatter_pair};

use cactus::cactus_panel;
use common::{Panel, render_panels, short_name};
use scatter::scatter_panel;

/// The kinds of chart a report can be drawn as.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChartKind {
    /// Puzzles per second, a bar per engine and file ([`render_bars`]).
    Bars,
    /// Per-puzzle times sorted, a line per engine, for each file and size ([`render_cactus`]).
    Cactus,
    /// One engine's per-puzzle times against another's, for each file and size
    /// ([`render_scatter`]).
    Scatter,
    /// Mean µs per puzzle against the grid's side, a line per engine ([`render_scaling`]).
    Scaling,
}

impl ChartKind {
    /// Every kind, in the order help texts list them.
    pub const ALL: [ChartKind; 4] =
        [ChartKind::Bars, ChartKind::Cactus, ChartKind::Scatter, ChartKind::Scaling];

    /// The name used on the command line: `bars`, `cactus`, `scatter`, `scaling`.
    pub fn name(self) -> &'static str {
        match self {
            ChartKind::Bars => "bars",
            ChartKind::Cactus => "cactus",
            ChartKind::Scatter => "scatter",
            ChartKind::Scaling => "scaling",
        }
    }
}

impl std::fmt::Display for ChartKind {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.name())
    }
}

impl std::str::FromStr for ChartKind {
    type Err = String;

    /// One of the [`ChartKind::name`]s.
    fn from_str(text: &str) -> Result<ChartKind, String> {
        crate::names::by_name(&ChartKind::ALL, ChartKind::name, "chart", text)
    }
}

/// Draws the chart of `report` and writes it to `path`, whole or not at all (see
/// [`crate::files`]).
pub fn write_svg(report: &Report, path: &Path) -> Result<(), ChartError> {
    let svg = render_svg(report)?;
    Ok(write_whole(path, svg.as_bytes(), false)?)
}

/// The chart of `report` as an SVG document: bars for one size, the scaling chart for
/// several (see the [module documentation](self)).
pub fn render_svg(report: &Report) -> Result<String, ChartError> {
    if report.sizes().len() > 1 { render_scaling(report) } else { render_bars(report) }
}

/// Draws the chart of `kind` of `report` and writes it to `path`, whole or not at all (see
/// [`crate::files`]). `pair` names the engines of a scatter chart (see [`render_chart`]).
pub fn write_chart(
    report: &Report,
    kind: ChartKind,
    pair: Option<(&str, &str)>,
    path: &Path,
) -> Result<(), ChartError> {
    let svg = render_chart(report, kind, pair)?;
    Ok(write_whole(path, svg.as_bytes(), false)?)
}

/// The chart of `kind` of `report` as one SVG document. Cactus and scatter charts are drawn
/// for each file and size, one above the other, each under its own title. A scatter chart
/// compares the engines of `pair`, drawn for every file and size sampled with both; without
/// `pair`, the first two engines of each sample.
pub fn render_chart(
    report: &Report,
    kind: ChartKind,
    pair: Option<(&str, &str)>,
) -> Result<String, ChartError> {
    match kind {
        ChartKind::Bars => render_bars(report),
        ChartKind::Scaling => render_scaling(report),
        ChartKind::Cactus => {
            let groups = cactus_groups(report);
            if groups.is_empty() {
                return Err(ChartError::NoTimings("any file".to_owned()));
            }
            let mut panels = Vec::new();
            let mut left_out = Vec::new();
            for (file, size) in groups {
                match cactus_panel(report, file, size) {
                    Ok(panel) => panels.push(panel),
                    Err(ChartError::Empty) => {
                        left_out.push(format!("{} {}", short_name(file), shown_size(size)));
                    }
                    Err(error) => return Err(error),
                }
            }
            note_left_out(&mut panels, &left_out, "no engine answered a puzzle there")?;
            render_panels(panels)
        }
        ChartKind::Scatter => {
            let mut panels = Vec::new();
            let mut first_error = None;
            let mut left_out = Vec::new();
            for samples in &report.samples {
                let panel = scatter_pair(samples, pair)
                    .and_then(|(a, b)| scatter_panel(report, samples, a, b));
                match panel {
                    Ok(panel) => panels.push(panel),
                    Err(error) => {
                        left_out.push(format!(
                            "{} {}",
                            short_name(&samples.file),
                            shown_size(&samples.size)
                        ));
                        first_error.get_or_insert(error);
                    }
                }
            }
            if panels.is_empty() {
                return Err(first_error.unwrap_or(ChartError::NoSamples));
            }
            let why = "its samples do not hold two engines with times to compare";
            note_left_out(&mut panels, &left_out, why)?;
            render_panels(panels)
        }
    }
}

/// Files and sizes named in a left-out note before the rest are counted.
const NAMED_LEFT_OUT: usize = 6;

/// Says under the last of `panels` which files and sizes were left out of the chart, and
/// why; with no panel at all, nothing can be drawn.
fn note_left_out(
    panels: &mut [Panel<'_>],
    left_out: &[String],
    why: &str,
) -> Result<(), ChartError> {
    let Some(last) = panels.last_mut() else { return Err(ChartError::Empty) };
    if left_out.is_empty() {
        return Ok(());
    }
    let mut named = left_out.iter().take(NAMED_LEFT_OUT).cloned().collect::<Vec<_>>().join(", ");
    if left_out.len() > NAMED_LEFT_OUT {
        let more = (left_out.len() - NAMED_LEFT_OUT) as u64;
        named = format!("{named} and {} more", counted(more, "other", "others"));
    }
    last.note.push(format!("Left out: {named} ({why})."));
    Ok(())
}

/// Reports built by hand, for the tests of the charts and of the HTML page.
#[cfg(test)]
pub(crate) mod test_reports {
    use crate::latency::Latencies;
    use crate::report::{
        FileSummary, Machine, Mode, Record, Report, SamplePoint, SampleTime, Samples, SizeCount,
        Timings,
    };

    /// A record of `engine` on `puzzles` 9×9 puzzles of `file`: it gave up on `budget_outs`
    /// of them and answered the others in `answered_nanos` (cycled).
    pub(crate) fn record(
        engine: &str,
        file: &str,
        puzzles: u64,
        budget_outs: u64,
        answered_nanos: &[u64],
    ) -> Record {
        let mut answered = Latencies::new();
        for nanos in answered_nanos.iter().cycle().take((puzzles - budget_outs) as usize) {
            answered.record(*nanos);
        }
        let mean_us = answered_nanos.iter().sum::<u64>() as f64 / answered_nanos.len() as f64 / 1e3;
        Record {
            engine: engine.to_owned(),
            file: file.to_owned(),
            size: "9x9".to_owned(),
            mode: Mode::Unique,
            budget: Some(1_000),
            instrumented: true,
            counts: true,
            timing: "in-process".to_owned(),
            clock: Some("calls".to_owned()),
            retimed_percent: Some(0.0),
            origin: crate::report::BUILT_IN.to_owned(),
            command: None,
            cross_check: true,
            puzzles,
            solved: puzzles - budget_outs,
            unsolvable: 0,
            budget_outs,
            crashed: 0,
            timed_out: 0,
            protocol_errors: 0,
            one_solution: Some(puzzles - budget_outs),
            two_plus_solutions: Some(0),
            passes: 1,
            single_thread_puzzles_per_second: 1e6 / mean_us,
            us_mean: mean_us,
            us_median: mean_us,
            us_p99: mean_us,
            us_max: mean_us,
            solve_seconds: mean_us * puzzles as f64 / 1e6,
            wall_seconds: mean_us * puzzles as f64 / 1e6,
            harness_overhead_percent: 1.0,
            threads: 2,
            parallel_puzzles_per_second: 1.8e6 / mean_us,
            parallel_wall_seconds: mean_us * puzzles as f64 / 1.8e6,
            speedup: 1.8,
            nodes_total: Some(puzzles * 10),
            guesses_total: Some(puzzles),
            nodes_per_puzzle: Some(10.0),
            guesses_per_puzzle: Some(1.0),
            solved_without_guessing: Some(0),
            no_guess_percent: Some(0.0),
            disagreements: Some(0),
            timings: Some(Timings { answered, ..Timings::default() }),
        }
    }

    /// Samples of `file`: one point per entry of `times`, each engine's (µs, gave up).
    pub(crate) fn samples(file: &str, engines: &[&str], times: &[Vec<(f64, bool)>]) -> Samples {
        let points = times
            .iter()
            .enumerate()
            .map(|(index, times)| SamplePoint {
                puzzle: index as u64 + 1,
                line: index as u64 + 2,
                times: times
                    .iter()
                    .map(|&(us, gave_up)| SampleTime { us, gave_up, failed: false })
                    .collect(),
            })
            .collect();
        Samples {
            file: file.to_owned(),
            size: "9x9".to_owned(),
            stride: 1,
            engines: engines.iter().map(|&engine| engine.to_owned()).collect(),
            points,
        }
    }

    /// A report of `records` over one 9×9 file, with `samples`.
    pub(crate) fn report(file: &str, records: Vec<Record>, samples: Vec<Samples>) -> Report {
        let puzzles = records.first().map_or(0, |record| record.puzzles);
        Report {
            schema_version: crate::SCHEMA_VERSION,
            tool: "sudoku-bench test".to_owned(),
            created_unix_seconds: 1_700_000_000,
            mode: Mode::Unique,
            budget: Some(1_000),
            threads: 2,
            repeat: Some(1),
            min_time_seconds: None,
            until_decided_seconds: None,
            cross_check: true,
            machine: Machine {
                cpu: Some("Test CPU".to_owned()),
                cores: 2,
                os: "linux".to_owned(),
                arch: "x86_64".to_owned(),
            },
            files: vec![FileSummary {
                file: file.to_owned(),
                puzzles,
                read_errors: 0,
                parse_seconds: 0.001,
                check_seconds: Some(0.002),
                digest: "0123456789abcdef".to_owned(),
                error: None,
                sizes: vec![SizeCount { size: "9x9".to_owned(), puzzles }],
            }],
            records,
            not_applicable: Vec::new(),
            disagreements: Some(Vec::new()),
            command: Some("sudoku bench corpus.txt".to_owned()),
            shard: None,
            merged_shards: None,
            samples,
            failures: Vec::new(),
            failures_not_kept: 0,
        }
    }

    /// Two engines on 100 puzzles: `dlx` gives up on 12, `fast` on none; sampled, with `dlx`
    /// giving up on the second and third points.
    pub(crate) fn two_engines(file: &str) -> Report {
        let records = vec![
            record("dlx", file, 100, 12, &[20_000, 35_000, 90_000]),
            record("fast", file, 100, 0, &[2_000, 3_000, 50_000]),
        ];
        let times = vec![
            vec![(20.0, false), (2.0, false)],
            vec![(400.0, true), (3.0, false)],
            vec![(410.0, true), (50.0, false)],
            vec![(35.0, false), (70.0, false)],
        ];
        report(file, records, vec![samples(file, &["dlx", "fast"], &times)])
    }
}

#[cfg(test)]
mod tests;
