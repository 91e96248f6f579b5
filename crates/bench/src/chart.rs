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

use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::files::{OutputError, write_whole};
use crate::latency::Latencies;
use crate::output::{count, counted, shown_size};
use crate::report::{Mode, Record, Report, SampleTime, Samples};

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
    #[error("nothing to chart: no engine answered a puzzle")]
    Empty,
    /// Plotters failed to draw.
    #[error("cannot draw the chart: {0}")]
    Drawing(String),
    /// The report holds no per-puzzle times for the files and sizes asked for.
    #[error("no per-puzzle times for {0}: the report was written without them")]
    NoTimings(String),
    /// No sample of per-puzzle times holds two engines to compare.
    #[error("no per-puzzle samples of two engines to compare")]
    NoSamples,
    /// An engine asked for is not among the sampled ones.
    #[error("engine '{engine}' is not in the samples of {file} {size} (they hold {sampled})")]
    UnknownEngine {
        /// The engine asked for.
        engine: String,
        /// The sampled file.
        file: String,
        /// Its size, as people read it.
        size: String,
        /// The engines sampled, comma-separated.
        sampled: String,
    },
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
    if report.sizes().len() > 1 { render_scaling(report) } else { render_bars(report) }
}

/// The bar chart of `report`: a group of bars per file (and size, for a file mixing sizes).
pub fn render_bars(report: &Report) -> Result<String, ChartError> {
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
    size: (u32, u32),
    note: &[&str],
    draw: impl FnOnce(&Area<'_>) -> Result<(), String>,
) -> Result<String, ChartError> {
    let note = note.iter().map(|line| (*line).to_owned()).collect();
    render_panels(vec![Panel { size, note, draw: Box::new(draw) }])
}

/// The drawing area of one chart.
type Area<'b> = DrawingArea<SVGBackend<'b>, plotters::coord::Shift>;

/// One chart of an SVG document: its plot, drawn by `draw` on an area of `size` pixels, and
/// `note` (one entry a line) in a band below it.
struct Panel<'a> {
    size: (u32, u32),
    note: Vec<String>,
    draw: Drawer<'a>,
}

/// What draws a panel's plot: a message on failure.
type Drawer<'a> = Box<dyn FnOnce(&Area<'_>) -> Result<(), String> + 'a>;

impl Panel<'_> {
    /// The height of the note band: none without a note.
    fn band(&self) -> u32 {
        if self.note.is_empty() { 0 } else { 8 + 16 * self.note.len() as u32 }
    }
}

/// One SVG document holding `panels` one above the other, as wide as the widest.
fn render_panels(panels: Vec<Panel<'_>>) -> Result<String, ChartError> {
    let drawing = |error: &dyn std::fmt::Display| ChartError::Drawing(error.to_string());
    let width = panels.iter().map(|panel| panel.size.0).max().ok_or(ChartError::Empty)?;
    let height = panels.iter().map(|panel| panel.size.1 + panel.band()).sum();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| drawing(&e))?;
        let mut rest = root.clone();
        let style = TextStyle::from(("sans-serif", 12).into_font());
        for panel in panels {
            let (area, below) = rest.split_vertically(panel.size.1 + panel.band());
            rest = below;
            let (plot, notes) = area.split_vertically(panel.size.1);
            for (line, text) in panel.note.iter().enumerate() {
                notes
                    .draw(&Text::new(text.as_str(), (16, 4 + 16 * line as i32), style.clone()))
                    .map_err(|e| drawing(&e))?;
            }
            (panel.draw)(&plot).map_err(ChartError::Drawing)?;
        }
        root.present().map_err(|e| drawing(&e))?;
    }
    Ok(svg)
}

fn draw(
    root: &Area<'_>,
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

/// The scaling chart: mean µs per puzzle against the side, one line per engine, log-log.
pub fn render_scaling(report: &Report) -> Result<String, ChartError> {
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
    root: &Area<'_>,
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
        ChartKind::ALL.into_iter().find(|kind| kind.name() == text).ok_or_else(|| {
            let names: Vec<&str> = ChartKind::ALL.iter().map(|kind| kind.name()).collect();
            format!("unknown chart '{text}' (one of {})", names.join(", "))
        })
    }
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

/// Refuses a scatter `pair` with an engine that no sample of `report` holds together with the
/// other: no scatter chart of it could be drawn anywhere.
pub fn check_pair(report: &Report, pair: Option<(&str, &str)>) -> Result<(), ChartError> {
    let Some((a, b)) = pair else { return Ok(()) };
    let mut first_error = None;
    for samples in &report.samples {
        match sample_columns(samples, a, b) {
            Ok(_) => return Ok(()),
            Err(error) => drop(first_error.get_or_insert(error)),
        }
    }
    first_error.map_or(Ok(()), Err)
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

/// The engines a scatter chart of `samples` compares: `pair`, or the first two sampled.
pub fn scatter_pair<'a>(
    samples: &'a Samples,
    pair: Option<(&'a str, &'a str)>,
) -> Result<(&'a str, &'a str), ChartError> {
    match (pair, &samples.engines[..]) {
        (Some(pair), _) => Ok(pair),
        (None, [a, b, ..]) => Ok((a, b)),
        (None, _) => Err(ChartError::NoSamples),
    }
}

/// The most points drawn per line of a cactus chart: enough for a smooth curve, few enough to
/// keep the SVG small whatever the number of puzzles.
pub const CACTUS_POINTS: u64 = 300;

/// The footnote under a cactus chart where some engine gave up, one line each.
pub const CACTUS_NOTE: [&str; 2] = [
    "× a line stops at the puzzles its engine answered: it gave up at the node budget on the",
    "rest, which are left out (never drawn as fast); the dashed line marks every puzzle",
];

/// One engine's line of a cactus chart.
struct CactusLine<'a> {
    engine: &'a str,
    colour: Colour,
    /// (puzzles answered, µs of the slowest of them), fastest first.
    points: Vec<(f64, f64)>,
    budget_outs: u64,
}

/// The cactus chart of one size of one file as an SVG document: for each engine, how many
/// puzzles it answered (x) within how many µs each (y, log scale), its answers sorted
/// fastest first. The further right and the lower a line, the better; a line stops at the
/// number of puzzles its engine answered, and the legend counts its budget-outs.
pub fn render_cactus(report: &Report, file: &str, size: &str) -> Result<String, ChartError> {
    render_panels(vec![cactus_panel(report, file, size)?])
}

/// The cactus chart of one size of one file, to be drawn.
fn cactus_panel<'a>(report: &'a Report, file: &str, size: &str) -> Result<Panel<'a>, ChartError> {
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
    let note = if gave_up { CACTUS_NOTE.map(str::to_owned).to_vec() } else { Vec::new() };
    let draw = move |area: &Area<'_>| draw_cactus(area, &caption, &lines, puzzles, (bottom, top));
    Ok(Panel { size: (640, 480), note, draw: Box::new(draw) })
}

/// The cactus curve of `answered`: (rank, µs of the rank-th fastest answer) at no more than
/// [`CACTUS_POINTS`] ranks, evenly spread from the fastest to the slowest, both included.
fn cactus_points(answered: &Latencies) -> Vec<(f64, f64)> {
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
        let label = match line.budget_outs {
            0 => line.engine.to_owned(),
            outs => format!("{} ({})", line.engine, counted(outs, "budget-out", "budget-outs")),
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

/// One sampled puzzle of a scatter chart.
#[derive(Clone, Copy, PartialEq, Debug)]
struct ScatterPoint {
    /// The first engine's µs.
    x: f64,
    /// The second engine's µs.
    y: f64,
    /// Whether either engine gave up on it: the point is then pinned to that engine's edge.
    gave_up: bool,
}

/// The scatter chart of `samples` as an SVG document: each sampled puzzle is a point at engine
/// `a`'s µs (x) and engine `b`'s (y), both axes logarithmic, with the diagonal (equal times)
/// and the lines where one engine is ten times slower drawn dashed. A puzzle either engine
/// gave up on is a hollow red point pinned to the far edge of that engine's axis: its time is
/// only a lower bound. An error when `a` or `b` is not among the sampled engines.
pub fn render_scatter(
    report: &Report,
    samples: &Samples,
    a: &str,
    b: &str,
) -> Result<String, ChartError> {
    render_panels(vec![scatter_panel(report, samples, a, b)?])
}

/// Where engines `a` and `b` are in the times of `samples`: an error naming the sampled
/// engines when either is not among them.
pub fn sample_columns(samples: &Samples, a: &str, b: &str) -> Result<(usize, usize), ChartError> {
    let column = |engine: &str| {
        samples.engines.iter().position(|sampled| sampled == engine).ok_or_else(|| {
            ChartError::UnknownEngine {
                engine: engine.to_owned(),
                file: samples.file.clone(),
                size: shown_size(&samples.size),
                sampled: samples.engines.join(", "),
            }
        })
    };
    Ok((column(a)?, column(b)?))
}

/// The scatter chart of `samples`, engine `a` against `b`, to be drawn.
fn scatter_panel<'a>(
    report: &Report,
    samples: &Samples,
    a: &'a str,
    b: &'a str,
) -> Result<Panel<'a>, ChartError> {
    let (column_a, column_b) = sample_columns(samples, a, b)?;
    let times: Vec<(SampleTime, SampleTime)> = samples
        .points
        .iter()
        .filter_map(|point| Some((*point.times.get(column_a)?, *point.times.get(column_b)?)))
        .collect();
    let positive = times.iter().flat_map(|(x, y)| [x.us, y.us]).filter(|&us| us > 0.0);
    let (lowest, highest) = value_range(positive).ok_or(ChartError::Empty)?;
    let low = 10f64.powf(lowest.log10().floor());
    // At least two decades, so that both ten-times lines show.
    let high = 10f64.powf(highest.log10().ceil()).max(low * 100.0);
    let place = |time: SampleTime| if time.gave_up { high } else { time.us.clamp(low, high) };
    let points: Vec<ScatterPoint> = times
        .iter()
        .map(|&(x, y)| ScatterPoint { x: place(x), y: place(y), gave_up: x.gave_up || y.gave_up })
        .collect();

    let mut stride = String::new();
    if samples.stride > 1 {
        stride = format!(" (every {})", ordinal(samples.stride));
    }
    let caption = format!(
        "{} {}: {} sampled{stride}",
        short_name(&samples.file),
        shown_size(&samples.size),
        counted(points.len() as u64, "puzzle", "puzzles"),
    );
    let note = scatter_note(&times, report.mode, a, b);
    let draw = move |area: &Area<'_>| draw_scatter(area, &caption, (a, b), &points, (low, high));
    Ok(Panel { size: (600, 580), note, draw: Box::new(draw) })
}

/// What the points of a scatter chart say, one entry a line.
fn scatter_note(times: &[(SampleTime, SampleTime)], mode: Mode, a: &str, b: &str) -> Vec<String> {
    let answered = times.iter().filter(|(x, y)| !x.gave_up && !y.gave_up);
    let b_faster = answered.clone().filter(|(x, y)| y.us < x.us).count() as u64;
    let a_faster = answered.filter(|(x, y)| x.us < y.us).count() as u64;
    let mut note = vec![
        format!("One point per puzzle, µs inside solve, mode {}.", mode.name()),
        format!(
            "Below the diagonal y = x, {b} was faster ({}); above it, {a} ({}).",
            counted(b_faster, "puzzle", "puzzles"),
            count(a_faster)
        ),
        "Beyond y = x/10 or y = 10x, one engine took over ten times as long.".to_owned(),
    ];
    let gave_up_a = times.iter().filter(|(x, _)| x.gave_up).count() as u64;
    let gave_up_b = times.iter().filter(|(_, y)| y.gave_up).count() as u64;
    if gave_up_a + gave_up_b > 0 {
        note.push(format!(
            "Hollow red: gave up at the node budget ({a} {}, {b} {}): a lower bound,",
            count(gave_up_a),
            count(gave_up_b)
        ));
        note.push("pinned to the far edge of that engine's axis, never drawn as fast.".to_owned());
    }
    note
}

/// The line labels of a scatter chart: y = factor · x.
const SCATTER_LINES: [(f64, &str); 3] = [(1.0, "y = x"), (10.0, "y = 10x"), (0.1, "y = x/10")];

fn draw_scatter(
    root: &Area<'_>,
    caption: &str,
    (a, b): (&str, &str),
    points: &[ScatterPoint],
    (low, high): (f64, f64),
) -> Result<(), String> {
    let failed = |error: &dyn std::fmt::Display| error.to_string();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    // The widest x label sits centred on the right edge: room for its half.
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .margin_right(36)
        .x_label_area_size(44)
        .y_label_area_size(80)
        .build_cartesian_2d((low..high).log_scale(), (low..high).log_scale())
        .map_err(|e| failed(&e))?;
    chart
        .configure_mesh()
        .x_label_formatter(&micros_label)
        .y_label_formatter(&micros_label)
        .x_desc(format!("{a}: µs per puzzle"))
        .y_desc(format!("{b}: µs per puzzle"))
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| failed(&e))?;
    let label_style =
        TextStyle::from(("sans-serif", 12).into_font()).pos(Pos::new(HPos::Left, VPos::Top));
    for (factor, label) in SCATTER_LINES {
        let (start, end) = (low.max(low / factor), high.min(high / factor));
        let style =
            if factor == 1.0 { BLACK.stroke_width(1) } else { BLACK.mix(0.5).stroke_width(1) };
        chart
            .draw_series(DashedLineSeries::new(
                [(start, start * factor), (end, end * factor)],
                6,
                4,
                style,
            ))
            .map_err(|e| failed(&e))?;
        // Two thirds of the way up the line (in log scale), below and right of it, so the
        // text neither crosses the line nor runs off the plot.
        let at = start * (end / start).powf(0.65);
        let text =
            EmptyElement::at((at, at * factor)) + Text::new(label, (6, 2), label_style.clone());
        chart.draw_series(std::iter::once(text)).map_err(|e| failed(&e))?;
    }
    let answered = PALETTE[0].mix(0.6).filled();
    chart
        .draw_series(
            points.iter().filter(|p| !p.gave_up).map(|p| Circle::new((p.x, p.y), 3, answered)),
        )
        .map_err(|e| failed(&e))?;
    let gave_up = PALETTE[3].stroke_width(2);
    chart
        .draw_series(
            points.iter().filter(|p| p.gave_up).map(|p| Circle::new((p.x, p.y), 4, gave_up)),
        )
        .map_err(|e| failed(&e))?;
    Ok(())
}

/// A µs axis label: whole µs with separators, fractions as they are.
fn micros_label(micros: &f64) -> String {
    if *micros >= 1.0 { count(micros.round() as u64) } else { format!("{micros}") }
}

/// `2nd`, `4th`, `1,024th`.
fn ordinal(number: u64) -> String {
    let suffix = match (number % 10, number % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{}{suffix}", count(number))
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
            cross_check: true,
            puzzles,
            solved: puzzles - budget_outs,
            unsolvable: 0,
            budget_outs,
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
                times: times.iter().map(|&(us, gave_up)| SampleTime { us, gave_up }).collect(),
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
mod tests {
    use super::test_reports::{record, report, samples, two_engines};
    use super::*;

    /// Whether `svg` has a text element saying exactly `text`.
    fn has_text(svg: &str, text: &str) -> bool {
        svg.contains(&format!(">\n{text}\n</text>"))
    }

    #[test]
    fn a_cactus_line_stops_at_the_answered_count_and_names_the_budget_outs() {
        let report = two_engines("easy.txt");
        let dlx = report.records[0].timings.as_ref().unwrap();
        let points = cactus_points(&dlx.answered);
        assert_eq!(points.len(), 88);
        assert_eq!(points.first().unwrap().0, 1.0);
        assert_eq!(points.last().unwrap().0, 88.0);
        assert!(points.windows(2).all(|pair| pair[0].1 <= pair[1].1), "sorted fastest first");
        let svg = render_cactus(&report, "easy.txt", "9x9").unwrap();
        assert!(svg.contains("Cactus: easy.txt 9×9, mode unique"));
        assert!(svg.contains("dlx (12 budget-outs)"));
        assert!(has_text(&svg, "fast"), "no budget-out count for an engine without any");
        assert!(svg.contains("100 puzzles"), "the total is marked");
        assert!(svg.contains(CACTUS_NOTE[0]));
        assert!(matches!(
            render_cactus(&report, "other.txt", "9x9"),
            Err(ChartError::NoTimings(_))
        ));
    }

    #[test]
    fn a_cactus_chart_leaves_out_the_files_no_engine_answered_and_says_so() {
        let mut report = two_engines("easy.txt");
        report.records.push(record("dlx", "empty64.txt", 1, 1, &[1_000]));
        report.records.push(record("fast", "empty64.txt", 1, 1, &[1_000]));
        let svg = render_chart(&report, ChartKind::Cactus, None).unwrap();
        assert!(svg.contains("Cactus: easy.txt 9×9"), "the answered file is drawn");
        assert!(!svg.contains("Cactus: empty64.txt"));
        assert!(
            svg.contains("Left out: empty64.txt 9×9 (no engine answered a puzzle there)."),
            "{svg}"
        );
        // Nothing answered anywhere: nothing to draw.
        report.records.drain(..2);
        assert!(matches!(render_chart(&report, ChartKind::Cactus, None), Err(ChartError::Empty)));
    }

    #[test]
    fn a_cactus_line_of_many_puzzles_is_thinned_to_a_few_hundred_points() {
        let nanos: Vec<u64> = (1..=10_000).map(|n| n * 1_000).collect();
        let many = record("dlx", "big.txt", 10_000, 0, &nanos);
        let points = cactus_points(&many.timings.unwrap().answered);
        assert!(points.len() as u64 <= CACTUS_POINTS + 1, "{}", points.len());
        assert_eq!(points.first().unwrap().0, 1.0);
        assert_eq!(points.last().unwrap().0, 10_000.0);
        assert!((points.last().unwrap().1 / 10_000.0 - 1.0).abs() < 0.001);
    }

    #[test]
    fn a_scatter_chart_pins_given_up_points_and_draws_the_reference_lines() {
        let report = two_engines("easy.txt");
        let svg = render_scatter(&report, &report.samples[0], "dlx", "fast").unwrap();
        for label in ["y = x", "y = 10x", "y = x/10"] {
            assert!(has_text(&svg, label), "{label}");
        }
        assert!(svg.contains("easy.txt 9×9: 4 puzzles sampled"));
        // Dashed: each line is drawn as many short segments (the ten-times lines in grey).
        let grey_dashes = svg.matches("<polyline fill=\"none\" opacity=\"0.5\"").count();
        assert!(grey_dashes >= 10, "{grey_dashes}");
        let red =
            format!("stroke=\"#{:02X}{:02X}{:02X}\"", PALETTE[3].0, PALETTE[3].1, PALETTE[3].2);
        let circles: Vec<&str> = svg.lines().filter(|line| line.starts_with("<circle")).collect();
        let hollow: Vec<&str> = circles
            .iter()
            .copied()
            .filter(|c| c.contains("fill=\"none\"") && c.contains(&red))
            .collect();
        assert_eq!(circles.len(), 4);
        assert_eq!(hollow.len(), 2, "the two puzzles dlx gave up on");
        // Pinned to the right edge: the same x, right of every point answered.
        let cx = |circle: &str| -> i32 {
            let from = circle.find("cx=\"").unwrap() + 4;
            circle[from..].split('"').next().unwrap().parse().unwrap()
        };
        assert_eq!(cx(hollow[0]), cx(hollow[1]));
        assert!(circles.iter().all(|circle| cx(circle) <= cx(hollow[0])));
        assert!(svg.contains("Hollow red: gave up at the node budget (dlx 2, fast 0)"));
    }

    #[test]
    fn a_scatter_chart_of_an_engine_not_sampled_is_an_error() {
        let report = two_engines("easy.txt");
        let error = render_scatter(&report, &report.samples[0], "dlx", "sat").unwrap_err();
        assert!(matches!(&error, ChartError::UnknownEngine { engine, .. } if engine == "sat"));
        assert!(error.to_string().contains("dlx, fast"), "{error}");
        let error = render_chart(&report, ChartKind::Scatter, Some(("naive", "dlx"))).unwrap_err();
        assert!(matches!(error, ChartError::UnknownEngine { .. }));
        let lonely = samples("easy.txt", &["dlx"], &[vec![(1.0, false)]]);
        assert!(matches!(scatter_pair(&lonely, None), Err(ChartError::NoSamples)));
    }

    #[test]
    fn cactus_and_scatter_charts_of_several_files_stack_in_one_document() {
        let mut both = two_engines("one.txt");
        let other = two_engines("two.txt");
        both.files.extend(other.files);
        both.records.extend(other.records);
        both.samples.extend(other.samples);
        for kind in [ChartKind::Cactus, ChartKind::Scatter] {
            let svg = render_chart(&both, kind, None).unwrap();
            assert_eq!(svg.matches("<svg").count(), 1, "{kind}");
            assert!(svg.contains("one.txt 9×9") && svg.contains("two.txt 9×9"), "{kind}");
        }
        let none = report("bare.txt", vec![], vec![]);
        assert!(matches!(
            render_chart(&none, ChartKind::Cactus, None),
            Err(ChartError::NoTimings(_))
        ));
        assert!(matches!(
            render_chart(&none, ChartKind::Scatter, None),
            Err(ChartError::NoSamples)
        ));
    }

    #[test]
    fn chart_kinds_read_back_from_their_names() {
        for kind in ChartKind::ALL {
            assert_eq!(kind.name().parse::<ChartKind>(), Ok(kind));
        }
        assert!("pie".parse::<ChartKind>().unwrap_err().contains("bars, cactus, scatter, scaling"));
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(32), "32nd");
        assert_eq!(ordinal(1024), "1,024th");
    }

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
