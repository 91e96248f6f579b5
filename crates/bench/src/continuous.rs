//! The report in the formats continuous-benchmarking services read, so that a run's figures
//! can be tracked from commit to commit by a service that draws their history and alerts on
//! regressions.
//!
//! - **Bencher Metric Format** (`--format bmf`): a JSON object with one benchmark per engine,
//!   file and size (named `FILE SIZE ENGINE`), each with the measures `latency` (ns per puzzle:
//!   the mean over a sequential pass, with `lower_value` and `upper_value` the bounds of its
//!   95% confidence interval), `throughput` (puzzles per second on one thread) and, for
//!   engines that count them, `nodes-per-puzzle`.
//! - **github-action-benchmark** (`--format github-benchmark`): the array its
//!   `customSmallerIsBetter` tool reads: per engine, file and size, an entry for the time per
//!   puzzle (`ns`, with `range` the interval's half-width as `± X`) and one for the nodes.
//!
//! The interval of a mean latency comes from the spread of the solve times the record pooled
//! (every puzzle of every sequential pass): mean ± 1.96 standard deviations of the mean, the
//! normal approximation, which over thousands of puzzles is close. Records with no puzzle
//! answered (every one failed or gave up) have no latency and are left out.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::report::{Record, Report};

/// The z value of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A record's benchmark name: `FILE SIZE ENGINE`.
fn name(record: &Record) -> String {
    format!("{} {} {}", record.file, record.size, record.engine)
}

/// The mean time per puzzle, ns, and the half-width of its 95% interval, from the pooled solve
/// times of `record` (`None`: nothing answered).
fn latency(record: &Record) -> Option<(f64, f64)> {
    let timings = record.timings.as_ref()?;
    let (mut n, mut sum, mut squares) = (0f64, 0f64, 0f64);
    for (nanos, count) in timings.latencies.counts() {
        let (value, count) = (nanos as f64, count as f64);
        n += count;
        sum += value * count;
        squares += value * value * count;
    }
    if n == 0.0 || !record.us_mean.is_finite() {
        return None;
    }
    let mean = sum / n;
    let variance = if n > 1.0 { ((squares - n * mean * mean) / (n - 1.0)).max(0.0) } else { 0.0 };
    Some((record.us_mean * 1000.0, Z95 * (variance / n).sqrt()))
}

/// Writes the report in Bencher Metric Format.
pub fn write_bmf(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut benchmarks = Map::new();
    for record in &report.records {
        let Some((mean, half)) = latency(record) else { continue };
        let mut measures = Map::new();
        measures.insert(
            "latency".into(),
            json!({"value": mean, "lower_value": (mean - half).max(0.0), "upper_value": mean + half}),
        );
        if record.single_thread_puzzles_per_second.is_finite() {
            measures.insert(
                "throughput".into(),
                json!({"value": record.single_thread_puzzles_per_second}),
            );
        }
        if let Some(nodes) = record.nodes_per_puzzle.filter(|nodes| nodes.is_finite()) {
            measures.insert("nodes-per-puzzle".into(), json!({ "value": nodes }));
        }
        benchmarks.insert(name(record), Value::Object(measures));
    }
    serde_json::to_writer_pretty(&mut *out, &Value::Object(benchmarks))?;
    writeln!(out)
}

/// One entry of github-action-benchmark's `customSmallerIsBetter` array.
#[derive(Serialize)]
struct Entry {
    name: String,
    unit: &'static str,
    value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extra: Option<String>,
}

/// Writes the report as github-action-benchmark's `customSmallerIsBetter` array.
pub fn write_github_benchmark(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut entries = Vec::new();
    for record in &report.records {
        let Some((mean, half)) = latency(record) else { continue };
        let extra = format!(
            "{} puzzles, {} passes, {:.0} puzzles/s on one thread",
            record.puzzles, record.passes, record.single_thread_puzzles_per_second
        );
        entries.push(Entry {
            name: format!("{} - time per puzzle", name(record)),
            unit: "ns",
            value: mean,
            range: Some(format!("± {half:.1}")),
            extra: Some(extra),
        });
        if let Some(nodes) = record.nodes_per_puzzle.filter(|nodes| nodes.is_finite()) {
            entries.push(Entry {
                name: format!("{} - nodes per puzzle", name(record)),
                unit: "nodes",
                value: nodes,
                range: None,
                extra: None,
            });
        }
    }
    serde_json::to_writer_pretty(&mut *out, &entries)?;
    writeln!(out)
}
