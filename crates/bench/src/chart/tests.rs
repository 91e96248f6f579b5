//! The charts, drawn from hand-made reports.

use super::cactus::cactus_points;
use super::common::ordinal;
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
    assert!(matches!(render_cactus(&report, "other.txt", "9x9"), Err(ChartError::NoTimings(_))));
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
    let red = format!("stroke=\"#{:02X}{:02X}{:02X}\"", PALETTE[3].0, PALETTE[3].1, PALETTE[3].2);
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
    assert!(matches!(render_chart(&none, ChartKind::Cactus, None), Err(ChartError::NoTimings(_))));
    assert!(matches!(render_chart(&none, ChartKind::Scatter, None), Err(ChartError::NoSamples)));
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
