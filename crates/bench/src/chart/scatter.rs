//! The scatter chart: for one size of one file, each sampled puzzle as a point at one engine's
//! µs against another's, log-log, with the diagonal and the ten-times lines.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::output::{count, counted, shown_size};
use crate::report::{Mode, Report, SampleTime, Samples};

use super::common::*;

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
pub(super) fn scatter_panel<'a>(
    report: &Report,
    samples: &Samples,
    a: &'a str,
    b: &'a str,
) -> Result<Panel<'a>, ChartError> {
    let (column_a, column_b) = sample_columns(samples, a, b)?;
    let all: Vec<(SampleTime, SampleTime)> = samples
        .points
        .iter()
        .filter_map(|point| Some((*point.times.get(column_a)?, *point.times.get(column_b)?)))
        .collect();
    // A puzzle either engine failed on has no time to draw.
    let failed = (
        all.iter().filter(|(x, _)| x.failed).count() as u64,
        all.iter().filter(|(_, y)| y.failed).count() as u64,
    );
    let times: Vec<(SampleTime, SampleTime)> =
        all.into_iter().filter(|(x, y)| !x.failed && !y.failed).collect();
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
    let mut note = scatter_note(&times, report.mode, a, b);
    if failed.0 + failed.1 > 0 {
        note.push(format!(
            "Left out: the puzzles an engine failed on, with no time ({a} {}, {b} {}).",
            count(failed.0),
            count(failed.1)
        ));
    }
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
