//! The comparison at a glance: an SVG bar chart of single-thread puzzles per second, one group
//! of bars per file (and size, for a file mixing sizes), one bar per engine, on a log scale
//! (engines differ by orders of magnitude, and a linear axis would flatten all but the
//! fastest).
//!
//! A report holding several sizes gets the scaling chart instead: mean µs per puzzle against
//! the grid's side, one line per engine, both axes logarithmic, so that how each family scales
//! from 4×4 to 64×64 reads off the slopes. A size where an engine gave up at the budget on
//! most puzzles is drawn as a hollow point marked `†` (its time counts puzzles given up, not
//! solved); an engine that does not solve a size has no point there.
//!
//! A bar must not claim more than the engine did. Puzzles/s counts every puzzle an engine
//! finished with, budget-outs included, so an engine that gave up on most puzzles gets a pale,
//! outlined bar marked `†` and a footnote, and one that answered no puzzle at all gets no bar,
//! only the words "none answered".
//!
//! Drawn with plotters' SVG backend only: text is written as SVG `<text>` and laid out with
//! plotters' built-in estimates, so no system font or image library is needed to build or run.

use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::files::{OutputError, write_whole};
use crate::output::{count, shown_size};
use crate::report::{Record, Report};

/// An RGB colour.
pub type Colour = RGBColor;

/// Bar colours, one per engine in run order (the Tableau 10 palette, cycling).
pub const PALETTE: [Colour; 10] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
];

/// Why no chart was drawn.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// No record has a positive throughput to plot.
    #[error("nothing to chart: no engine solved a puzzle")]
    Empty,
    /// Plotters failed to draw.
    #[error("cannot draw the chart: {0}")]
    Drawing(String),
    /// The file could not be written.
    #[error(transparent)]
    Write(#[from] OutputError),
}

/// Draws the chart of `report` and writes it to `path`, whole or not at all (see
/// [`crate::files`]).
pub fn write_svg(report: &Report, path: &Path) -> Result<(), ChartError> {
    let svg = render_svg(report)?;
    Ok(write_whole(path, svg.as_bytes(), false)?)
}

/// The engines' legend, boxed at `position`.
fn draw_legend<'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 13))
        .draw()
        .map_err(|error| error.to_string())
}

/// The smallest and largest of `values`, `None` when there are none.
fn value_range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |range, value| match range {
        None => Some((value, value)),
        Some((low, high)) => Some((f64::min(low, value), f64::max(high, value))),
    })
}

/// One group of bars: a file, or one size of a file mixing sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Group<'a> {
    file: &'a str,
    size: &'a str,
    /// Whether the label names the size (the file holds several).
    mixed: bool,
}

/// The engines of `report`, in run order.
fn engines_of(report: &Report) -> Vec<&str> {
    let mut engines: Vec<&str> = Vec::new();
    for record in &report.records {
        if !engines.contains(&record.engine.as_str()) {
            engines.push(&record.engine);
        }
    }
    engines
}

/// The chart of `report` as an SVG document: bars for one size, the scaling chart for
/// several (see the [module documentation](self)).
pub fn render_svg(report: &Report) -> Result<String, ChartError> {
    if report.sizes().len() > 1 {
        return render_scaling(report);
    }
    let engines = engines_of(report);
    let files: Vec<Group<'_>> = report
        .files
        .iter()
        .flat_map(|file| {
            let mixed = file.sizes.len() > 1;
            file.sizes.iter().map(move |size| Group { file: &file.file, size: &size.size, mixed })
        })
        .filter(|group| report.records.iter().any(|r| r.file == group.file && r.size == group.size))
        .collect();
    let rates = report
        .records
        .iter()
        .filter(|record| bar_kind(record) != BarKind::NoneAnswered)
        .map(|record| record.single_thread_puzzles_per_second)
        .filter(|&rate| rate > 0.0 && rate.is_finite());
    let (lowest, highest) = value_range(rates).ok_or(ChartError::Empty)?;
    // Whole decades, with headroom above the tallest bar for its label and the legend.
    let bottom = 10f64.powf(lowest.log10().floor() - 1.0).max(1e-3);
    let top = 10f64.powf((highest * 20.0).log10().ceil());

    let group_width = (engines.len() as u32 * 34 + 60).max(160);
    let footnote = report.records.iter().any(|record| bar_kind(record) == BarKind::MostlyGaveUp);
    let width = (files.len() as u32 * group_width + 160).max(640);
    let note: &[&str] = if footnote { &GAVE_UP_NOTE } else { &[] };
    render_with_note((width, 520), note, |plot| draw(plot, report, &engines, &files, (bottom, top)))
}

/// An SVG of `size` (pixels, without the note) drawn by `draw`, with `note` (one entry a line)
/// in a band below it when there is one.
fn render_with_note(
    (width, height): (u32, u32),
    note: &[&str],
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Result<(), String>,
) -> Result<String, ChartError> {
    let band = if note.is_empty() { 0 } else { 40 };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height + band)).into_drawing_area();
        let (plot, notes) = root.split_vertically(height);
        draw(&plot).map_err(ChartError::Drawing)?;
        let style = TextStyle::from(("sans-serif", 12).into_font());
        for (line, text) in note.iter().enumerate() {
            notes
                .draw(&Text::new(*text, (16, 4 + 16 * line as i32), style.clone()))
                .map_err(|error| ChartError::Drawing(error.to_string()))?;
        }
        root.present().map_err(|error| ChartError::Drawing(error.to_string()))?;
    }
    Ok(svg)
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    report: &Report,
    engines: &[&str],
    files: &[Group<'_>],
    (bottom, top): (f64, f64),
) -> Result<(), String> {
    let failed = |error: &dyn std::fmt::Display| error.to_string();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let caption =
        format!("Puzzles per second, one thread, mode {} (log scale)", report.mode.name());
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(-0.5f64..files.len() as f64 - 0.5, (bottom..top).log_scale())
        .map_err(|e| failed(&e))?;
    let file_label = |x: &f64| {
        let nearest = x.round();
        let is_group_centre = (x - nearest).abs() < 1e-6 && nearest >= 0.0;
        files
            .get(nearest as usize)
            .filter(|_| is_group_centre)
            .map(|group| {
                let name = short_name(group.file);
                if group.mixed {
                    format!("{name} {}", shown_size(group.size))
                } else {
                    name.to_owned()
                }
            })
            .unwrap_or_default()
    };
    let rate_label = |y: &f64| if *y >= 1.0 { count(y.round() as u64) } else { format!("{y}") };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(files.len())
        .x_label_formatter(&file_label)
        .y_label_formatter(&rate_label)
        .y_desc("puzzles/s")
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| failed(&e))?;

    let slot = 0.8 / engines.len() as f64;
    let value_style =
        TextStyle::from(("sans-serif", 11).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
    for (engine_index, &engine) in engines.iter().enumerate() {
        let colour = PALETTE[engine_index % PALETTE.len()];
        // (left edge, puzzles/s, kind) of each of this engine's bars.
        let bars: Vec<(f64, f64, BarKind)> = files
            .iter()
            .enumerate()
            .filter_map(|(file_index, group)| {
                let record = report.records.iter().find(|record| {
                    record.engine == engine
                        && record.file == group.file
                        && record.size == group.size
                })?;
                let rate = record.single_thread_puzzles_per_second;
                let left = file_index as f64 - 0.4 + engine_index as f64 * slot;
                let kind = bar_kind(record);
                let drawable = rate > 0.0 && rate.is_finite() || kind == BarKind::NoneAnswered;
                drawable.then_some((left, rate, kind))
            })
            .collect();
        let span =
            |left: f64, height: f64| [(left + slot * 0.08, bottom), (left + slot * 0.92, height)];
        chart
            .draw_series(bars.iter().filter_map(|&(left, rate, kind)| match kind {
                BarKind::Full => Some(Rectangle::new(span(left, rate), colour.filled())),
                BarKind::MostlyGaveUp => {
                    Some(Rectangle::new(span(left, rate), colour.mix(0.25).filled()))
                }
                BarKind::NoneAnswered => None,
            }))
            .map_err(|e| failed(&e))?
            .label(engine)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled()));
        chart
            .draw_series(
                bars.iter().filter(|bar| bar.2 == BarKind::MostlyGaveUp).map(|&(left, rate, _)| {
                    Rectangle::new(span(left, rate), colour.stroke_width(1))
                }),
            )
            .map_err(|e| failed(&e))?;
        chart
            .draw_series(bars.iter().map(|&(left, rate, kind)| {
                let centre = left + slot / 2.0;
                match kind {
                    BarKind::Full => Text::new(compact(rate), (centre, rate), value_style.clone()),
                    BarKind::MostlyGaveUp => Text::new(
                        format!("{}†", compact(rate)),
                        (centre, rate),
                        value_style.clone(),
                    ),
                    BarKind::NoneAnswered => Text::new(
                        "none answered".to_owned(),
                        (centre, bottom * 1.5),
                        value_style.clone(),
                    ),
                }
            }))
            .map_err(|e| failed(&e))?;
    }
    draw_legend(&mut chart, SeriesLabelPosition::UpperRight)
}

/// One engine at one size of the scaling chart.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Point {
    side: f64,
    /// Mean µs per puzzle over every file of the size.
    micros: f64,
    /// Whether the engine gave up at the budget on most of the size's puzzles.
    mostly_gave_up: bool,
}

/// Each engine's points of the scaling chart, engines in run order, sizes smallest first.
fn scaling_points<'a>(report: &'a Report, engines: &[&'a str]) -> Vec<(&'a str, Vec<Point>)> {
    engines
        .iter()
        .map(|&engine| {
            let points = report
                .sizes()
                .into_iter()
                .filter_map(|size| {
                    let name = crate::report::size_name(size);
                    let records: Vec<&Record> = report
                        .records
                        .iter()
                        .filter(|r| r.engine == engine && r.size == name)
                        .collect();
                    let puzzles: u64 = records.iter().map(|r| r.puzzles).sum();
                    let seconds: f64 = records.iter().map(|r| r.solve_seconds).sum();
                    let gave_up: u64 = records.iter().map(|r| r.budget_outs).sum();
                    (puzzles > 0 && seconds > 0.0).then(|| Point {
                        side: size.side() as f64,
                        micros: seconds / puzzles as f64 * 1e6,
                        mostly_gave_up: gave_up * 2 > puzzles,
                    })
                })
                .collect();
            (engine, points)
        })
        .collect()
}

/// The scaling chart: µs per puzzle against the side, one line per engine, log-log.
fn render_scaling(report: &Report) -> Result<String, ChartError> {
    let engines = engines_of(report);
    let lines = scaling_points(report, &engines);
    let all = lines.iter().flat_map(|(_, points)| points.iter().map(|point| point.micros));
    let (lowest, highest) = value_range(all).ok_or(ChartError::Empty)?;
    let bottom = 10f64.powf(lowest.log10().floor()).max(1e-3);
    let top = 10f64.powf((highest * 30.0).log10().ceil());
    let sides: Vec<f64> = report.sizes().iter().map(|size| size.side() as f64).collect();
    let footnote = lines.iter().any(|(_, points)| points.iter().any(|p| p.mostly_gave_up));
    let note: &[&str] = if footnote { &GAVE_UP_POINT_NOTE } else { &[] };
    render_with_note((760, 560), note, |plot| {
        draw_scaling(plot, report, &lines, &sides, (bottom, top))
    })
}

fn draw_scaling(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    report: &Report,
    lines: &[(&str, Vec<Point>)],
    sides: &[f64],
    (bottom, top): (f64, f64),
) -> Result<(), String> {
    let failed = |error: &dyn std::fmt::Display| error.to_string();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let caption = format!(
        "Mean µs per puzzle by grid size, one thread, mode {} (log-log)",
        report.mode.name()
    );
    let (left, right) = (sides[0] / 1.3, sides[sides.len() - 1] * 1.3);
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d((left..right).log_scale(), (bottom..top).log_scale())
        .map_err(|e| failed(&e))?;
    // The log axis puts its ticks at round numbers, not at the sides: the sizes are written
    // at their own places along the bottom instead.
    let no_label = |_: &f64| String::new();
    let micros_label = |y: &f64| if *y >= 1.0 { count(y.round() as u64) } else { format!("{y}") };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&no_label)
        .y_label_formatter(&micros_label)
        .x_desc("grid")
        .y_desc("µs per puzzle")
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| failed(&e))?;
    let size_style =
        TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
    chart
        .draw_series(sides.iter().map(|&side| {
            let label = format!("{0}×{0}", side as u32);
            Text::new(label, (side, bottom), size_style.clone())
        }))
        .map_err(|e| failed(&e))?;
    for (index, (engine, points)) in lines.iter().enumerate() {
        let colour = PALETTE[index % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                points.iter().map(|p| (p.side, p.micros)),
                colour.stroke_width(2),
            ))
            .map_err(|e| failed(&e))?
            .label(*engine)
            .legend(move |(x, y)| Rectangle::new([(x, y - 2), (x + 14, y + 2)], colour.filled()));
        chart
            .draw_series(points.iter().map(|p| {
                let style = if p.mostly_gave_up { colour.stroke_width(2) } else { colour.filled() };
                Circle::new((p.side, p.micros), 4, style)
            }))
            .map_err(|e| failed(&e))?;
        let note_style =
            TextStyle::from(("sans-serif", 12).into_font()).pos(Pos::new(HPos::Left, VPos::Bottom));
        chart
            .draw_series(points.iter().filter(|p| p.mostly_gave_up).map(|p| {
                Text::new("†".to_owned(), (p.side * 1.05, p.micros * 1.1), note_style.clone())
            }))
            .map_err(|e| failed(&e))?;
    }
    draw_legend(&mut chart, SeriesLabelPosition::UpperLeft)
}

/// The footnote under a scaling chart with a hollow point, one line each.
pub const GAVE_UP_POINT_NOTE: [&str; 2] = [
    "† hollow: gave up at the node budget on most puzzles of that size; the time counts puzzles",
    "given up, not solved (measure it with a larger --budget, or --budget none)",
];

/// The footnote under a chart with a [`BarKind::MostlyGaveUp`] bar, one line each.
pub const GAVE_UP_NOTE: [&str; 2] = [
    "† gave up at the node budget on most puzzles: its puzzles/s counts puzzles given up,",
    "not solved (measure it with a larger --budget, or --budget none)",
];

/// How a record's bar is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BarKind {
    /// A plain bar: the engine answered most puzzles.
    Full,
    /// A pale, outlined bar marked `†`: the engine gave up at the budget on more than half the
    /// puzzles, so its rate is mostly the rate of giving up.
    MostlyGaveUp,
    /// No bar: the engine answered no puzzle (solved none and proved none unsolvable).
    NoneAnswered,
}

/// How `record`'s bar is drawn.
pub fn bar_kind(record: &crate::report::Record) -> BarKind {
    if record.solved + record.unsolvable == 0 {
        BarKind::NoneAnswered
    } else if record.budget_outs * 2 > record.puzzles {
        BarKind::MostlyGaveUp
    } else {
        BarKind::Full
    }
}

/// A bar's value in three significant digits, short enough to sit above a narrow bar:
/// `1.19M`, `537k`, `42.1k`, `761`, `8.25`.
pub fn compact(value: f64) -> String {
    let (scaled, suffix) = if value >= 999_500.0 {
        (value / 1e6, "M")
    } else if value >= 999.5 {
        (value / 1e3, "k")
    } else {
        (value, "")
    };
    let decimals = if scaled >= 99.95 {
        0
    } else if scaled >= 9.995 {
        1
    } else {
        2
    };
    format!("{scaled:.decimals$}{suffix}")
}

/// The file name without its directories: groups are labelled `17-clue.txt`, not a path.
fn short_name(file: &str) -> &str {
    Path::new(file).file_name().and_then(|name| name.to_str()).unwrap_or(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bar_values_keep_three_significant_digits() {
        assert_eq!(compact(1_189_061.0), "1.19M");
        assert_eq!(compact(536_769.0), "537k");
        assert_eq!(compact(42_061.0), "42.1k");
        assert_eq!(compact(999_999.0), "1.00M");
        assert_eq!(compact(761.0), "761");
        assert_eq!(compact(8.249), "8.25");
    }
}
