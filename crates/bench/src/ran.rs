//! A bench run done (or shards merged): its outputs written, then its gates checked.
//!
//! What is found after the run (a chart that cannot be drawn) never costs the other outputs:
//! each is written, and a failure is one problem in the [`Log`]. The gates then judge the
//! run: the pair of `--compare`, the per-puzzle baseline, the `--baseline` report; their
//! verdicts are text for people, beside the report on standard output when it holds a table
//! (or went to a file), on standard error when it holds CSV or JSON.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::baseline::{self, BaselineComparison};
use crate::compare::{CompareFormat, RunPair};
use crate::files::{self, OutputFile};
use crate::findings::Log;
use crate::output::{self, OutputFormat, plural};
use crate::per_puzzle::{PuzzleComparison, RowWriter, SpeedChange};
use crate::report::Report;
use crate::settings::Settings;
use crate::stats;

/// A baseline to compare with, loaded and checked before the run.
#[derive(Debug)]
pub struct LoadedBaseline {
    /// Its name, as given.
    pub name: String,
    /// The report it holds.
    pub report: Report,
}

/// What watches the run chunk by chunk ([`crate::Observer`]s), and is read once it ends.
#[derive(Default)]
pub struct Watchers {
    /// `--per-puzzle`: the rows written as they come.
    pub rows: Option<RowWriter<OutputFile>>,
    /// The per-puzzle baseline: its file and the comparison with it.
    pub earlier: Option<(PathBuf, PuzzleComparison)>,
    /// `--compare A,B`: the two engines paired.
    pub pair: Option<RunPair>,
}

/// A run done: its settings, its report, the baseline it is judged against and what watched
/// it.
pub struct Ran<'e> {
    settings: Settings<'e>,
    report: Report,
    baseline: Option<LoadedBaseline>,
    watchers: Watchers,
}

impl<'e> Ran<'e> {
    /// A run of `settings` that made `report`.
    pub(crate) fn new(
        settings: Settings<'e>,
        report: Report,
        baseline: Option<LoadedBaseline>,
        watchers: Watchers,
    ) -> Ran<'e> {
        Ran { settings, report, baseline, watchers }
    }

    /// The report.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The report, the rest dropped.
    pub fn into_report(self) -> Report {
        self.report
    }

    /// Whether standard output is for people (a table or Markdown, or the report went to a
    /// file), where the gates' verdicts then go too: CSV and JSON on it stay parseable.
    fn stdout_for_people(&self) -> bool {
        let report = &self.settings.report;
        report.out.is_some()
            || matches!(report.format, OutputFormat::Table | OutputFormat::Markdown)
    }

    /// Writes what the run made: the per-puzzle rows, the report (to its file, or as text for
    /// standard output) and the pictures. Each is written on its own: one that cannot be is a
    /// problem and costs none of the others.
    pub fn write_outputs(&mut self, log: &mut Log) {
        if let Some(rows) = self.watchers.rows.take() {
            let path = self.settings.per_puzzle.as_deref().unwrap_or(Path::new(""));
            let written = rows.finish().map_err(|error| files::OutputError::new(path, error));
            if let Err(error) = written.and_then(|(file, _)| file.commit()) {
                log.problem(format!("--per-puzzle: {error}"));
            }
        }
        self.write_report(log);
        self.draw_pictures(log);
    }

    /// Writes the report as its settings ask (format, columns), to its file or as text for
    /// standard output.
    fn write_report(&self, log: &mut Log) {
        let settings = &self.settings.report;
        let text =
            output::render_within(&self.report, settings.format, settings.columns, settings.width);
        match settings.out.as_deref() {
            Some(path) => {
                if let Err(error) = files::write_whole(path, text.as_bytes(), false) {
                    log.problem(error.to_string());
                }
            }
            None => log.text(text, true),
        }
    }

    /// Draws every chart asked for, and the HTML report. Each is written on its own: one that
    /// cannot be drawn is a problem, and costs none of the others (the HTML report puts a
    /// sentence where such a chart would be).
    fn draw_pictures(&self, log: &mut Log) {
        let pictures = &self.settings.pictures;
        let report = &self.report;
        let pair = pictures.scatter.as_ref().map(|(a, b)| (a.as_str(), b.as_str()));
        // Checked before a run; a merge finds out here.
        if let Err(error) = crate::chart::check_pair(report, pair)
            && (pictures.html.is_some() || !pictures.charts.is_empty())
        {
            log.problem(format!("--scatter: {error}"));
        }
        for chart in &pictures.charts {
            let drawn = match chart.kind {
                None => crate::chart::write_svg(report, &chart.path),
                Some(kind) => crate::chart::write_chart(report, kind, pair, &chart.path),
            };
            if let Err(error) = drawn {
                log.problem(format!("--chart {}: {error}", chart.path.display()));
            }
        }
        if let Some(path) = &pictures.html
            && let Err(error) = crate::html::write_html(report, pair, path)
        {
            log.problem(format!("--report {}: {error}", path.display()));
        }
    }

    /// Checks the run's gates, each saying its verdict: the pair of `--compare`, the
    /// per-puzzle baseline, the `--baseline` report; then saves the run as a baseline when
    /// asked.
    pub fn check_gates(self, log: &mut Log) {
        let to_stdout = self.stdout_for_people();
        let Ran { settings, report, baseline, watchers } = self;
        // The verdicts are for people: wrapped as the report's notes are.
        let width = settings.report.width;
        if let Some(pair) = watchers.pair {
            let compared = pair.finish();
            log.findings.regression |= compared.is_regression(true);
            let mut text = Vec::new();
            let markdown = settings.report.format == OutputFormat::Markdown && to_stdout;
            let shown = if markdown { CompareFormat::Markdown } else { CompareFormat::Table };
            // Writing to memory cannot fail.
            let _ = writeln!(text).and_then(|()| compared.write_within(shown, width, &mut text));
            log.text(String::from_utf8_lossy(&text).into_owned(), to_stdout);
        }
        if let Some((rows_baseline, comparison)) = &watchers.earlier {
            judge_rows(&settings, rows_baseline, comparison, log);
        }
        if let Some(baseline) = &baseline {
            let threshold = settings.threshold.unwrap_or(baseline::DEFAULT_THRESHOLD_PERCENT);
            match baseline::compare(&baseline.report, &report, threshold) {
                Ok(comparison) => {
                    say_comparison(&comparison, &baseline.name, to_stdout, width, log);
                    log.findings.regression |=
                        comparison.is_regression(settings.accept_counter_changes);
                    let not_compared = comparison.not_compared();
                    if not_compared > 0 && !settings.allow_partial_baseline {
                        log.problem(format!(
                            "{} of this run and baseline {} not compared (see the table; \
                             --allow-partial-baseline if that is expected)",
                            plural(not_compared as u64, "engine-file pair"),
                            baseline.name
                        ));
                    }
                }
                Err(error) => log.problem(error.to_string()),
            }
        }
        if let Some(name) = &settings.save_baseline {
            let path = baseline::baseline_path(name);
            match baseline::save(&report, &path) {
                Ok(()) => log.note(format!("baseline {name} saved to {}", path.display())),
                Err(error) => log.problem(error.to_string()),
            }
        }
    }
}

/// The flag that named the per-puzzle baseline.
pub(crate) fn rows_baseline_flag(puzzle_baseline: bool) -> &'static str {
    if puzzle_baseline { "--puzzle-baseline" } else { "--baseline" }
}

/// The noise threshold of the paired statistics (per-puzzle baselines, `--compare`), a
/// fraction: `--threshold`, or the default of `sudoku bench compare`.
pub(crate) fn rows_threshold(threshold: Option<f64>) -> f64 {
    threshold.unwrap_or(stats::DEFAULT_THRESHOLD_PERCENT) / 100.0
}

/// Judges the run against the per-puzzle baseline `rows_baseline`: the puzzles whose
/// counters changed, the slowest regressions and the speed, on standard error.
fn judge_rows(
    settings: &Settings<'_>,
    rows_baseline: &Path,
    comparison: &PuzzleComparison,
    log: &mut Log,
) {
    let width = settings.report.width;
    let mut text = Vec::new();
    let _ = comparison.write_within(width, &mut text);
    // --puzzle-baseline judges the counters, and speed only when given a threshold; a
    // per-puzzle --baseline judges both.
    // The earlier run is one run, and this run another: a change within the drift between
    // runs is no change (see `sudoku bench compare`).
    let threshold = if settings.puzzle_baseline.is_some() && settings.threshold.is_none() {
        f64::INFINITY
    } else {
        rows_threshold(settings.threshold).max(stats::ONE_RUN_DRIFT_PERCENT / 100.0)
    };
    let speed = comparison.speed(threshold);
    let _ = write_speed(&speed, threshold, width, &mut text);
    log.text(String::from_utf8_lossy(&text).into_owned(), false);
    if comparison.changed_count > 0 && !settings.accept_counter_changes {
        log.findings.regression = true;
    }
    let slower = |change: &SpeedChange| {
        change.estimate.as_ref().is_some_and(|e| e.change == stats::Change::Slower)
    };
    log.findings.regression |= speed.iter().any(slower);
    // As for --baseline: a gate that compared fewer puzzles than it was given did not do its
    // job.
    let not_compared = comparison.not_compared();
    if not_compared > 0 && !settings.allow_partial_baseline {
        log.problem(format!(
            "{} of this run and {} {} not compared ({} not in it, {} of it not run; \
             --allow-partial-baseline if that is expected)",
            plural(not_compared, "puzzle row"),
            rows_baseline_flag(settings.puzzle_baseline.is_some()),
            rows_baseline.display(),
            comparison.unmatched,
            comparison.not_run()
        ));
    }
}

/// The table of the comparison with baseline `name`: after a blank line on standard output,
/// else on standard error.
fn say_comparison(
    comparison: &BaselineComparison,
    name: &str,
    to_stdout: bool,
    width: Option<usize>,
    log: &mut Log,
) {
    let mut text = Vec::new();
    if to_stdout {
        text.push(b'\n');
    }
    // Writing to memory cannot fail.
    let _ = comparison.write_table_within(name, width, &mut text);
    log.text(String::from_utf8_lossy(&text).into_owned(), to_stdout);
}

/// Writes the speed of each file, size and engine against a per-puzzle baseline: the paired
/// statistics of `sudoku bench compare`, and how sure they are.
fn write_speed(
    speed: &[SpeedChange],
    threshold: f64,
    width: Option<usize>,
    out: &mut dyn Write,
) -> io::Result<()> {
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
    let heading = format!(
        "Speed against the per-puzzle baseline (geometric mean of the per-puzzle time ratios, \
         95% bootstrap interval, Wilcoxon p; {judged}):"
    );
    writeln!(out, "{}", output::wrap_to(&heading, width, 2))?;
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
                    "  {place}: {:.3} [{:.3}, {:.3}] over {} puzzles, p {}: {verdict}",
                    estimate.ratio,
                    estimate.lower,
                    estimate.upper,
                    estimate.puzzles,
                    stats::format_p(estimate.p_value)
                )?;
            }
        }
    }
    Ok(())
}
