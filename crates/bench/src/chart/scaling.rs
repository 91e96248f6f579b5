//! The scaling chart: mean µs per puzzle against the grid's side, one line per engine, both
//! axes logarithmic, so that how each family scales reads off the slopes.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::{Record, Report};

use super::common::*;

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
                    let name = size.ascii_name();
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
