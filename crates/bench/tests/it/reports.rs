//! Every output format carries the same figures: JSON and CSV read back exactly, the JSON has
//! the fields `docs/bench-json.md` documents, and the chart has one bar per engine per file.

use crate::common;

use std::collections::BTreeMap;
use std::sync::LazyLock;

use common::{engine, options, repository, samples, shipped_prefix};
use serde_json::Value;
use sudoku_bench::chart::BarKind;
use sudoku_bench::output::{
    self, Columns, OutputFormat, read_csv, read_json, render, render_columns,
};
use sudoku_bench::{Record, Report, Schedule};
use sudoku_core::{Engine, Grid, Limits, Outcome, Stats};
use sudoku_engines::{EngineInfo, default_engine};

struct Blind(Box<dyn Engine>);

impl Engine for Blind {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        Outcome { stats: Stats::default(), ..self.0.solve(puzzle, limits) }
    }
}

static BLIND: LazyLock<EngineInfo> = LazyLock::new(|| {
    EngineInfo::new("blind", "no statistics", || Box::new(Blind(default_engine().create())))
        .uninstrumented()
});

/// A report over a prefix of the shipped corpus and the samples, with an engine that reports
/// no statistics (so nulls appear) and a budget small enough for budget-outs.
fn sample_report(directory: &tempfile::TempDir) -> Report {
    let mut corpora = vec![shipped_prefix(directory, "prefix.txt", 50)];
    corpora.extend(samples());
    let mut run_options = options(vec![engine("bitmask"), default_engine(), &*BLIND], 2);
    run_options.budget = Some(5_000);
    run_options.timing = Schedule::Repeat(2);
    sudoku_bench::run(&corpora, &run_options).unwrap()
}

#[test]
fn json_and_csv_read_back_to_the_same_figures() {
    let directory = tempfile::tempdir().unwrap();
    let report = sample_report(&directory);
    assert!(report.records.iter().any(|r| r.budget_outs > 0), "no budget-out to round-trip");
    assert!(report.records.iter().any(|r| r.nodes_total.is_none()), "no null to round-trip");

    let json = render(&report, OutputFormat::Json);
    assert_eq!(read_json(&json).unwrap(), report);

    let csv = render(&report, OutputFormat::Csv);
    // The histograms behind the figures are in the JSON only.
    let flat: Vec<Record> =
        report.records.iter().map(|record| Record { timings: None, ..record.clone() }).collect();
    assert!(report.records.iter().all(|record| record.timings.is_some()));
    assert_eq!(read_csv(csv.as_bytes()).unwrap(), flat);
    let header = csv.lines().next().unwrap();
    assert!(header.starts_with("engine,file,size,mode,budget,instrumented,cross_check,puzzles,"));
    assert_eq!(csv.lines().count(), report.records.len() + 1);
}

/// The fields of each section of `docs/bench-json.md`: name → documented type.
fn documented_schema() -> BTreeMap<String, BTreeMap<String, String>> {
    let doc = std::fs::read_to_string(repository().join("docs/bench-json.md")).unwrap();
    let mut sections = BTreeMap::new();
    let mut current = String::new();
    for line in doc.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            current = title.trim_matches('`').to_owned();
        } else if let Some(row) = line.strip_prefix("| `") {
            let mut cells = row.split(" | ");
            let field = cells.next().unwrap().trim_end_matches('`').to_owned();
            let kind = cells.next().unwrap().to_owned();
            sections.entry(current.clone()).or_insert_with(BTreeMap::new).insert(field, kind);
        }
    }
    sections
}

/// Whether `value` is of the documented `kind` (`integer`, `number or null`, ...).
fn has_kind(value: &Value, kind: &str) -> bool {
    kind.split(" or ").any(|one| match one {
        "integer" => value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "null" => value.is_null(),
        other => panic!("unknown type '{other}' in docs/bench-json.md"),
    })
}

fn check_object(value: &Value, fields: &BTreeMap<String, String>, what: &str) {
    let object = value.as_object().unwrap_or_else(|| panic!("{what} is not an object"));
    let found: Vec<&String> = object.keys().collect();
    let documented: Vec<&String> = fields.keys().collect();
    let mut found_sorted = found.clone();
    found_sorted.sort();
    assert_eq!(found_sorted, documented, "{what}: fields differ from docs/bench-json.md");
    for (field, kind) in fields {
        assert!(has_kind(&object[field], kind), "{what}.{field} = {} is not {kind}", object[field]);
    }
}

#[test]
fn json_has_exactly_the_documented_fields_and_types() {
    let directory = tempfile::tempdir().unwrap();
    let mut report = sample_report(&directory);
    // A disagreement, so its fields are checked too.
    report.disagreements.as_mut().unwrap().push(sudoku_bench::Disagreement {
        file: "f.txt".into(),
        puzzle: 1,
        line: 1,
        grid: ".".repeat(81),
        answers: vec![sudoku_bench::EngineAnswer {
            engine: "e".into(),
            count: "1".into(),
            solution: None,
            problem: Some("count 1 but no solution".into()),
            charged: true,
        }],
    });
    // And an engine that does not solve a size, so that n/a entries are checked too.
    report.not_applicable.push(sudoku_bench::NotApplicable {
        engine: "fast".into(),
        file: "f.txt".into(),
        size: "16x16".into(),
        puzzles: 3,
        engine_sizes: "9×9".into(),
    });
    // And a failure, so that the list of failures is checked too.
    report.failures.push(sudoku_bench::EngineFailure {
        file: "f.txt".into(),
        size: "9x9".into(),
        puzzle: 2,
        line: 3,
        engine: "e".into(),
        kind: "crashed".into(),
        message: "exit status 1".into(),
    });
    let schema = documented_schema();
    let json: Value = serde_json::from_str(&render(&report, OutputFormat::Json)).unwrap();
    check_object(&json, &schema["Top level"], "report");
    assert_eq!(json["schema_version"], sudoku_bench::SCHEMA_VERSION);
    assert_eq!(json["mode"], "unique");
    check_object(&json["machine"], &schema["machine"], "machine");
    for file in json["files"].as_array().unwrap() {
        check_object(file, &schema["files[]"], "files[]");
        let sizes = file["sizes"].as_array().unwrap();
        assert!(!sizes.is_empty());
        for size in sizes {
            check_object(size, &schema["files[].sizes[]"], "files[].sizes[]");
        }
    }
    for skipped in json["not_applicable"].as_array().unwrap() {
        check_object(skipped, &schema["not_applicable[]"], "not_applicable[]");
    }
    let records = json["records"].as_array().unwrap();
    assert_eq!(records.len(), 3 * json["files"].as_array().unwrap().len());
    for record in records {
        check_object(record, &schema["records[]"], "records[]");
        let timings = &record["timings"];
        check_object(timings, &schema["records[].timings"], "records[].timings");
        let passes = timings["passes"].as_array().unwrap();
        assert_eq!(passes.len() as u64, record["passes"].as_u64().unwrap());
        for pass in passes {
            check_object(pass, &schema["records[].timings.passes[]"], "timings.passes[]");
        }
    }
    let failures = json["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1);
    for failure in failures {
        check_object(failure, &schema["failures[]"], "failures[]");
    }
    for disagreement in json["disagreements"].as_array().unwrap() {
        check_object(disagreement, &schema["disagreements[]"], "disagreements[]");
        for answer in disagreement["answers"].as_array().unwrap() {
            check_object(answer, &schema["disagreements[].answers[]"], "answers[]");
        }
    }
}

#[test]
fn the_chart_has_one_bar_per_engine_per_file() {
    let directory = tempfile::tempdir().unwrap();
    let report = sample_report(&directory);
    let path = directory.path().join("chart.svg");
    sudoku_bench::chart::write_svg(&report, &path).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let engines: Vec<&str> = ["bitmask", sudoku_engines::DEFAULT_ENGINE, "blind"].to_vec();
    let coloured_rects = |colour: &sudoku_bench::chart::Colour| {
        let fill = format!("fill=\"#{:02X}{:02X}{:02X}\"", colour.0, colour.1, colour.2);
        svg.lines().filter(|line| line.starts_with("<rect") && line.contains(&fill)).count()
    };
    // Each engine: one bar per file where it answered any puzzle, plus its swatch in the legend.
    let mut kinds = Vec::new();
    for (engine, colour) in engines.iter().zip(&sudoku_bench::chart::PALETTE) {
        let records = report.records.iter().filter(|record| record.engine == *engine);
        let kinds_here: Vec<BarKind> = records.map(sudoku_bench::chart::bar_kind).collect();
        assert_eq!(kinds_here.len(), report.files.len(), "{engine}");
        let bars = kinds_here.iter().filter(|&&kind| kind != BarKind::NoneAnswered).count();
        assert_eq!(coloured_rects(colour), bars + 1, "{engine}");
        kinds.extend(kinds_here);
    }
    assert_eq!(coloured_rects(&sudoku_bench::chart::PALETTE[engines.len()]), 0);
    // Plain backtracking under this budget gives up on the minimal puzzles: its figure there
    // must not look like a solve rate.
    assert!(kinds.iter().any(|&kind| kind != BarKind::Full), "{kinds:?}");
    let marked = kinds.contains(&BarKind::MostlyGaveUp);
    assert_eq!(svg.contains(sudoku_bench::chart::GAVE_UP_NOTE[0]), marked);
    let unanswered = kinds.contains(&BarKind::NoneAnswered);
    assert_eq!(svg.contains("none answered"), unanswered);
    for record in &report.records {
        let short = std::path::Path::new(&record.file).file_name().unwrap().to_str().unwrap();
        assert!(svg.contains(short), "no label for {short}");
        assert!(svg.contains(&record.engine), "no legend for {}", record.engine);
    }
}

#[test]
fn human_formats_state_the_settings_and_the_verdict() {
    let directory = tempfile::tempdir().unwrap();
    let report = sample_report(&directory);
    let table = render(&report, OutputFormat::Table);
    assert!(table.starts_with("sudoku bench: mode unique"), "{table}");
    assert!(table.contains("node budget 5,000 (instrumented engines); 2 threads"), "{table}");
    assert!(table.contains("median of 2 timing passes; cross-check on"), "{table}");
    assert!(table.contains("cross-check: 0 disagreements"), "{table}");
    for file in &report.files {
        let heading =
            format!("{}: {}", file.file, output::counted(file.puzzles, "puzzle", "puzzles"));
        assert!(table.contains(&heading), "{heading} in {table}");
    }
    let markdown = render(&report, OutputFormat::Markdown);
    let rows: Vec<&str> = markdown.lines().filter(|line| line.starts_with("| ")).collect();
    assert_eq!(rows.len(), report.records.len() + 1, "{markdown}");
    assert!(rows[0].starts_with("| file | size | engine | solved |"), "{markdown}");
    assert!(rows[1].contains(" | 9×9 | "), "{markdown}");
    assert!(markdown.contains("mode unique"));
}

#[test]
fn the_table_fits_120_columns_and_wide_has_every_figure() {
    let directory = tempfile::tempdir().unwrap();
    let mut report = sample_report(&directory);
    let table = render(&report, OutputFormat::Table);
    let widest =
        table.lines().filter(|line| line.starts_with("engine") || line.starts_with("fast"));
    for line in widest {
        assert!(line.chars().count() <= 120, "{} columns: {line}", line.chars().count());
    }
    for heading in ["µs median", "µs max", "2-thread/s", "guesses/puzzle", "disagreements"] {
        assert!(table.contains(heading), "{heading} in {table}");
    }
    let wide = render_columns(&report, OutputFormat::Table, Columns::All);
    for heading in ["puzzles  ", "µs mean", "µs p99", "speedup", "nodes/puzzle", "no guess"] {
        assert!(!table.contains(heading), "{heading} in {table}");
        assert!(wide.contains(heading), "{heading} in {wide}");
    }

    // With one thread the speedup is never shown, the wall-clock rate only with every figure.
    report.threads = 1;
    let table = render(&report, OutputFormat::Table);
    let wide = render_columns(&report, OutputFormat::Table, Columns::All);
    assert!(!table.contains("1-thread/s") && !table.contains("speedup"), "{table}");
    assert!(wide.contains("1-thread/s") && !wide.contains("speedup"), "{wide}");
}

/// The lines of the tables of a report's text: from each heading (`engine ...`) to the blank
/// line or the `n/a` line after it.
fn table_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        inside =
            line.starts_with("engine ") || (inside && !line.is_empty() && !line.starts_with("n/a"));
        if inside {
            lines.push(line);
        }
    }
    lines
}

#[test]
fn the_table_leaves_out_what_it_must_to_fit_a_width_and_says_what() {
    let directory = tempfile::tempdir().unwrap();
    let report = sample_report(&directory);
    let render = |which: Columns, width: Option<usize>| {
        output::render_within(&report, OutputFormat::Table, which, width)
    };
    let chars = |line: &&str| line.chars().count();
    let whole = render(Columns::Main, None);
    let widest = table_lines(&whole).iter().map(chars).max().unwrap();
    // One column narrower: the all-threads rate goes first, and the footer says so.
    let fitted = render(Columns::Main, Some(widest - 1));
    let heading = fitted.lines().find(|line| line.starts_with("engine ")).unwrap();
    assert!(!heading.contains("2-thread/s") && heading.contains("µs max"), "{fitted}");
    assert!(fitted.contains("left out to fit: 2-thread/s;"), "{fitted}");
    assert!(!fitted.contains("wide table"), "{fitted}");
    assert!(fitted.lines().all(|line| line.chars().count() < widest), "{fitted}");
    // Too narrow for any table: the fewest columns, and one line that says so; every note
    // is wrapped, only the tables' lines are longer.
    let narrow = render(Columns::Main, Some(50));
    let heading = narrow.lines().find(|line| line.starts_with("engine ")).unwrap();
    assert!(!heading.contains("µs max") && !heading.contains("guesses/puzzle"), "{narrow}");
    assert_eq!(narrow.matches("wide table:").count(), 1, "{narrow}");
    let tables = table_lines(&narrow);
    for line in narrow.lines().filter(|line| line.chars().count() > 50) {
        // A word longer than the width (a file's path) overflows a line of its own.
        let one_word = !line.trim().contains(' ');
        assert!(tables.contains(&line) || one_word, "{line:?} is not wrapped:\n{narrow}");
    }
    // Every figure, asked for: as wide as it is, and said so.
    let every = render(Columns::All, Some(100));
    assert!(table_lines(&every).iter().any(|line| line.chars().count() > 100), "{every}");
    assert!(every.contains("wide table:") && every.contains("--wide shows every figure"));
    assert!(!render(Columns::All, None).contains("wide table:"));
}
