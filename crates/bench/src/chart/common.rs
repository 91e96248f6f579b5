//! What every chart shares: the palette, the errors, the legend, panels stacked in one SVG
//! document, and how bars and points say an engine gave up.

use std::path::Path;

use plotters::prelude::*;

use crate::files::OutputError;
use crate::output::count;
use crate::report::Report;

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

/// The engines' legend, boxed at `position`.
pub(super) fn draw_legend<'a, CT: plotters::coord::CoordTranslate>(
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
pub(super) fn value_range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |range, value| match range {
        None => Some((value, value)),
        Some((low, high)) => Some((f64::min(low, value), f64::max(high, value))),
    })
}

/// The engines of `report`, in run order.
pub(super) fn engines_of(report: &Report) -> Vec<&str> {
    let mut engines: Vec<&str> = Vec::new();
    for record in &report.records {
        if !engines.contains(&record.engine.as_str()) {
            engines.push(&record.engine);
        }
    }
    engines
}

/// An SVG of `size` (pixels, without the note) drawn by `draw`, with `note` (one entry a line)
/// in a band below it when there is one.
pub(super) fn render_with_note(
    size: (u32, u32),
    note: &[&str],
    draw: impl FnOnce(&Area<'_>) -> Result<(), String>,
) -> Result<String, ChartError> {
    let note = note.iter().map(|line| (*line).to_owned()).collect();
    render_panels(vec![Panel { size, note, draw: Box::new(draw) }])
}

/// The drawing area of one chart.
pub(super) type Area<'b> = DrawingArea<SVGBackend<'b>, plotters::coord::Shift>;

/// One chart of an SVG document: its plot, drawn by `draw` on an area of `size` pixels, and
/// `note` (one entry a line) in a band below it.
pub(super) struct Panel<'a> {
    pub(super) size: (u32, u32),
    pub(super) note: Vec<String>,
    pub(super) draw: Drawer<'a>,
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
pub(super) fn render_panels(panels: Vec<Panel<'_>>) -> Result<String, ChartError> {
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

/// A µs axis label: whole µs with separators, fractions as they are.
pub(super) fn micros_label(micros: &f64) -> String {
    if *micros >= 1.0 { count(micros.round() as u64) } else { format!("{micros}") }
}

/// `2nd`, `4th`, `1,024th`.
pub(super) fn ordinal(number: u64) -> String {
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

/// The footnote under a bar chart where some engine failed on a puzzle, one line each.
pub const FAILED_NOTE: [&str; 2] = [
    "Some engine failed on some puzzles (crashed, timed out, broke its protocol): its bar counts",
    "them in its puzzles per second as the time they took, not as answers",
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
pub(super) fn short_name(file: &str) -> &str {
    Path::new(file).file_name().and_then(|name| name.to_str()).unwrap_or(file)
}
