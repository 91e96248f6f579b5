//! The cactus chart, as the SAT and CP communities draw them: for one size of one file, each
//! engine's answers sorted fastest first, x the puzzles answered, y the µs each took.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::latency::Latencies;
use crate::output::{count, counted, shown_size};
use crate::report::{Record, Report};

use super::common::*;

/// The most points drawn per line of a cactus chart: enough for a smooth curve, few enough to
/// keep the SVG small whatever the number of puzzles.
pub const CACTUS_POINTS: u64 = 300;

/// The footnote under a cactus chart where some engine gave up, one line each.
pub const CACTUS_NOTE: [&str; 2] = [
    "× a line stops at the puzzles its engine answered: it gave up at the node budget on the",
    "rest, which are left out (never drawn as fast); the dashed line marks every puzzle",
];

/// The footnote under a cactus chart where some engine failed on a puzzle, one line each.
pub const CACTUS_FAILED_NOTE: [&str; 2] = [
    "A puzzle an engine failed on (crashed, timed out, broke its protocol) has no time: it is",
    "left out of that engine's line, whose legend counts the failures",
];

/// One engine's line of a cactus chart.
struct CactusLine<'a> {
    engine: &'a str,
    colour: Colour,
    /// (puzzles answered, µs of the slowest of them), fastest first.
    points: Vec<(f64, f64)>,
    budget_outs: u64,
    failed: u64,
}

/// The cactus chart of one size of one file as an SVG document: for each engine, how many
/// puzzles it answered (x) within how many µs each (y, log scale), its answers sorted
/// fastest first. The further right and the lower a line, the better; a line stops at the
/// number of puzzles its engine answered, and the legend counts its budget-outs.
pub fn render_cactus(report: &Report, file: &str, size: &str) -> Result<String, ChartError> {
    render_panels(vec![cactus_panel(report, file, size)?])
}

/// The cactus chart of one size of one file, to be drawn.
pub(super) fn cactus_panel<'a>(
    report: &'a Report,
    file: &str,
    size: &str,
) -> Result<Panel<'a>, ChartError> {
    let engines = engines_of(report);
    let records: Vec<&Record> = report
        .records
        .iter()
        .filter(|r| r.file == file && r.size == size && r.timings.is_some())
        .collect();
    if records.is_empty() {
        return Err(ChartError::NoTimings(format!("{file} {}", shown_size(size))));
    }
    let lines: Vec<CactusLine<'a>> = records
        .iter()
        .map(|record| {
            let index = engines.iter().position(|&engine| engine == record.engine).unwrap_or(0);
            let answered = &record.timings.as_ref().expect("kept only with timings").answered;
            CactusLine {
                engine: &record.engine,
                colour: PALETTE[index % PALETTE.len()],
                points: cactus_points(answered),
                budget_outs: record.budget_outs,
                failed: record.failures(),
            }
        })
        .collect();
    let puzzles = records.iter().map(|record| record.puzzles).max().unwrap_or(0);
    let all = lines.iter().flat_map(|line| line.points.iter().map(|point| point.1));
    let (lowest, highest) = value_range(all).ok_or(ChartError::Empty)?;
    let bottom = 10f64.powf(lowest.log10().floor());
    let top = 10f64.powf((highest * 30.0).log10().ceil());
    let caption =
        format!("Cactus: {} {}, mode {}", short_name(file), shown_size(size), report.mode.name());
    let gave_up = lines.iter().any(|line| line.budget_outs > 0);
    let mut note = if gave_up { CACTUS_NOTE.map(str::to_owned).to_vec() } else { Vec::new() };
    if lines.iter().any(|line| line.failed > 0) {
        note.extend(CACTUS_FAILED_NOTE.map(str::to_owned));
    }
    let draw = move |area: &Area<'_>| draw_cactus(area, &caption, &lines, puzzles, (bottom, top));
    Ok(Panel { size: (640, 480), note, draw: Box::new(draw) })
}

/// The cactus curve of `answered`: (rank, µs of the rank-th fastest answer) at no more than
/// [`CACTUS_POINTS`] ranks, evenly spread from the fastest to the slowest, both included.
pub(super) fn cactus_points(answered: &Latencies) -> Vec<(f64, f64)> {
    let total = answered.len();
    let step = total.div_ceil(CACTUS_POINTS).max(1);
    let mut points = Vec::new();
    let (mut next_rank, mut reached) = (1u64, 0u64);
    for (nanos, times) in answered.counts() {
        reached += times;
        while next_rank <= reached {
            points.push((next_rank as f64, nanos as f64 / 1000.0));
            next_rank = if next_rank == total { u64::MAX } else { (next_rank + step).min(total) };
        }
    }
    points
}

fn draw_cactus(
    root: &Area<'_>,
    caption: &str,
    lines: &[CactusLine<'_>],
    puzzles: u64,
    (bottom, top): (f64, f64),
) -> Result<(), String> {
    let failed = |error: &dyn std::fmt::Display| error.to_string();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let total = puzzles.max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..total * 1.03, (bottom..top).log_scale())
        .map_err(|e| failed(&e))?;
    let puzzles_label = |x: &f64| count(x.round() as u64);
    chart
        .configure_mesh()
        .x_label_formatter(&puzzles_label)
        .y_label_formatter(&micros_label)
        .x_desc("puzzles answered")
        .y_desc("µs per puzzle, sorted")
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| failed(&e))?;
    chart
        .draw_series(DashedLineSeries::new(
            [(total, bottom), (total, top)],
            6,
            4,
            BLACK.mix(0.6).stroke_width(1),
        ))
        .map_err(|e| failed(&e))?;
    let total_style =
        TextStyle::from(("sans-serif", 12).into_font()).pos(Pos::new(HPos::Right, VPos::Top));
    let total_label = EmptyElement::at((total, top))
        + Text::new(counted(puzzles, "puzzle", "puzzles"), (-4, 4), total_style);
    chart.draw_series(std::iter::once(total_label)).map_err(|e| failed(&e))?;
    for line in lines {
        let colour = line.colour;
        let mut missing = Vec::new();
        if line.budget_outs > 0 {
            missing.push(counted(line.budget_outs, "budget-out", "budget-outs"));
        }
        if line.failed > 0 {
            missing.push(format!("{} failed", count(line.failed)));
        }
        let label = match missing.is_empty() {
            true => line.engine.to_owned(),
            false => format!("{} ({})", line.engine, missing.join(", ")),
        };
        chart
            .draw_series(LineSeries::new(line.points.iter().copied(), colour.stroke_width(2)))
            .map_err(|e| failed(&e))?
            .label(label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 2), (x + 14, y + 2)], colour.filled()));
        let end = line.points.last().filter(|_| line.budget_outs > 0);
        chart
            .draw_series(end.map(|&end| Cross::new(end, 5, colour.stroke_width(2))))
            .map_err(|e| failed(&e))?;
    }
    draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)
}

/// The files and sizes of `report` that have per-puzzle times, in report order.
pub fn cactus_groups(report: &Report) -> Vec<(&str, &str)> {
    let mut groups: Vec<(&str, &str)> = Vec::new();
    for record in report.records.iter().filter(|record| record.timings.is_some()) {
        let group = (record.file.as_str(), record.size.as_str());
        if !groups.contains(&group) {
            groups.push(group);
        }
    }
    groups
}
