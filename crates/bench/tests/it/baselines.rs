//! Baselines: saved and read back whole but for the chart samples; an unchanged run passes; a
//! 2× slowdown and a changed counter are both flagged.

use crate::common;

use common::{engine, options, shipped_prefix};
use sudoku_bench::baseline::{self, BaselineError, Status};
use sudoku_bench::{Mode, Report, Shard};
use sudoku_engines::default_engine;

fn measured(directory: &tempfile::TempDir) -> Report {
    let corpus = shipped_prefix(directory, "prefix.txt", 60);
    let engines = vec![engine("bitmask-mrv"), default_engine()];
    sudoku_bench::run(std::slice::from_ref(&corpus), &options(engines, 2)).unwrap()
}

#[test]
fn round_trip_unchanged_slower_and_changed_counter() {
    let directory = tempfile::tempdir().unwrap();
    let report = measured(&directory);
    let path = directory.path().join("baselines/main.json");
    baseline::save(&report, &path).unwrap();
    let saved = baseline::load(&path).unwrap();
    // Everything but the chart samples, which a baseline does not keep.
    assert!(!report.samples.is_empty(), "the run has samples to leave out");
    assert!(saved.samples.is_empty());
    assert_eq!(saved, Report { samples: Vec::new(), ..report.clone() });

    let unchanged = baseline::compare(&saved, &report, 10.0).unwrap();
    assert_eq!(unchanged.rows.len(), 2);
    assert!(unchanged.rows.iter().all(|row| row.status == Status::Same && row.ratio == Some(1.0)));
    assert!(!unchanged.is_regression(false));

    let mut slower = report.clone();
    for record in &mut slower.records {
        record.single_thread_puzzles_per_second /= 2.0;
    }
    let comparison = baseline::compare(&saved, &slower, 10.0).unwrap();
    assert_eq!(comparison.slower(), 2);
    assert!(comparison.rows.iter().all(|row| (row.ratio.unwrap() - 2.0).abs() < 1e-9));
    assert!(
        comparison.is_regression(true),
        "a slowdown is a regression even with counters accepted"
    );
    // Within a generous threshold the same slowdown is noise.
    assert!(!baseline::compare(&saved, &slower, 150.0).unwrap().is_regression(false));

    let mut changed = report.clone();
    changed.records[1].nodes_total = changed.records[1].nodes_total.map(|nodes| nodes + 1);
    let comparison = baseline::compare(&saved, &changed, 10.0).unwrap();
    assert_eq!(comparison.slower(), 0);
    assert_eq!(comparison.counter_changes(), 1);
    let change = &comparison.rows[1].counter_changes[0];
    assert_eq!(change.counter, "nodes_total");
    assert_eq!(change.after, change.before.map(|nodes| nodes + 1));
    assert!(comparison.is_regression(false));
    assert!(!comparison.is_regression(true), "accepted counter changes pass");

    let mut table = Vec::new();
    comparison.write_table("main", &mut table).unwrap();
    let table = String::from_utf8(table).unwrap();
    assert!(table.contains("nodes_total"), "{table}");
    assert!(table.contains("0 slower beyond 10%, 1 with changed counters"), "{table}");
}

#[test]
fn faster_new_and_missing_rows_are_not_regressions() {
    let directory = tempfile::tempdir().unwrap();
    let report = measured(&directory);
    let mut faster = report.clone();
    faster.records[0].single_thread_puzzles_per_second *= 3.0;
    faster.records[1].engine = "renamed".into();
    let comparison = baseline::compare(&report, &faster, 10.0).unwrap();
    let statuses: Vec<&Status> = comparison.rows.iter().map(|row| &row.status).collect();
    assert_eq!(statuses, [&Status::Faster, &Status::New, &Status::Missing]);
    assert!(!comparison.is_regression(false));
}

#[test]
fn a_file_read_from_another_directory_still_matches_by_name() {
    let directory = tempfile::tempdir().unwrap();
    let report = measured(&directory);
    let mut moved = report.clone();
    for record in &mut moved.records {
        record.file = "elsewhere/prefix.txt".into();
    }
    let comparison = baseline::compare(&report, &moved, 10.0).unwrap();
    assert!(comparison.rows.iter().all(|row| row.status == Status::Same), "{comparison:?}");
}

#[test]
fn incomparable_baselines_are_refused() {
    let directory = tempfile::tempdir().unwrap();
    let report = measured(&directory);
    let mut other_mode = report.clone();
    other_mode.mode = Mode::First;
    assert!(matches!(
        baseline::compare(&report, &other_mode, 10.0),
        Err(BaselineError::Settings { .. })
    ));
    let mut other_budget = report.clone();
    other_budget.budget = None;
    assert!(matches!(
        baseline::compare(&report, &other_budget, 10.0),
        Err(BaselineError::Settings { .. })
    ));
    // A shard's counters are of its part of each file: another part, or the whole, differs.
    let mut other_part = report.clone();
    other_part.shard = Some(Shard { index: 1, count: 4 });
    assert!(matches!(
        baseline::compare(&report, &other_part, 10.0),
        Err(BaselineError::Settings { .. })
    ));
    let mut part = report.clone();
    part.shard = Some(Shard { index: 2, count: 4 });
    assert!(matches!(
        baseline::compare(&other_part, &part, 10.0),
        Err(BaselineError::Settings { .. })
    ));
    assert!(baseline::compare(&part, &part.clone(), 10.0).is_ok());

    let path = directory.path().join("old.json");
    let json = sudoku_bench::output::render(&report, sudoku_bench::output::OutputFormat::Json)
        .replace(
            &format!("\"schema_version\": {},", sudoku_bench::SCHEMA_VERSION),
            "\"schema_version\": 0,",
        );
    std::fs::write(&path, json).unwrap();
    let error = baseline::load(&path).unwrap_err();
    assert!(matches!(error, BaselineError::Schema { found: 0, .. }), "{error}");
    std::fs::write(&path, "not json").unwrap();
    assert!(matches!(baseline::load(&path), Err(BaselineError::Parse { .. })));
    assert!(matches!(
        baseline::load(&directory.path().join("absent.json")),
        Err(BaselineError::Io { .. })
    ));
}

#[test]
fn baseline_names_and_paths() {
    assert!(baseline::baseline_path("main").ends_with("sudoku-bench/main.json"));
    assert_eq!(baseline::baseline_path("dir/x.json"), std::path::Path::new("dir/x.json"));
    assert_eq!(baseline::baseline_path("x.json"), std::path::Path::new("x.json"));
}
