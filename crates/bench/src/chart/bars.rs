//! The bar chart: single-thread puzzles per second, one group of bars per file (and size, for
//! a file mixing sizes), one bar per engine, on a log scale.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::output::{count, shown_size};
use crate::report::Report;

use super::common::*;

/// One group of bars: a file, or one size of a file mixing sizes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Group<'a> {
    file: &'a str,
    size: &'a str,
    /// Whether the label names the size (the file holds several).
    mixed: bool,
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
    let mut note: Vec<&str> = if footnote { GAVE_UP_NOTE.to_vec() } else { Vec::new() };
    if report.failures_total() > 0 {
        note.extend(FAILED_NOTE);
    }
    render_with_note((width, 520), &note, |plot| {
        draw_bars(plot, report, &engines, &files, (bottom, top))
    })
}

fn draw_bars(
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
