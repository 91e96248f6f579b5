//! Reports read back are untrusted: forged shards and baselines (histograms announcing
//! gigabytes, counts past what an encoding holds, counters that wrap or contradict each other,
//! impossible versions and shard numbers) are refused with one line naming the field, never a
//! panic, a wrapped sum or a merge that silently means something else. And the memory a run
//! keeps does not grow with its passes.

use crate::common;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use common::{engine, options, repository, shipped_prefix};
use hdrhistogram::Histogram;
use hdrhistogram::serialization::{Serializer, V2DeflateSerializer};
use serde_json::{Value, json};
use sudoku_bench::latency::{HIGHEST_NANOS, MAX_COUNT};
use sudoku_bench::output::{OutputFormat, read_json, render};
use sudoku_bench::{Corpus, Latencies, Report, Schedule, Shard, baseline, merge};
use sudoku_core::ReadOptions;

/// The 56-character histogram whose header announces a 4 GiB payload.
const FOUR_GIB: &str = "HISTFAAAACB4nJNpmSz8HwgYIIAZSjMCmW4GOxYw2H+ACAAA168IRw==";

/// The JSON of shards 1/2 and 2/2 of two engines over 20 shipped puzzles, two passes each.
fn shards() -> (Value, Value) {
    let directory = tempfile::tempdir().unwrap();
    let corpus = shipped_prefix(&directory, "twenty.txt", 20);
    let json = |index| {
        let mut options = options(vec![engine("dlx"), engine("propagate")], 1);
        options.timing = Schedule::Repeat(2);
        options.shard = Some(Shard { index, count: 2 });
        let report = sudoku_bench::run(std::slice::from_ref(&corpus), &options).unwrap();
        serde_json::from_str::<Value>(&render(&report, OutputFormat::Json)).unwrap()
    };
    (json(1), json(2))
}

/// Reads `value` as a report read back, as `bench merge` and `--baseline` do.
fn read(value: &Value) -> Result<Report, String> {
    read_json(&value.to_string()).map_err(|error| error.to_string())
}

/// Merges two shards as `bench merge` does: each read back, then merged.
fn merge_both(one: &Value, two: &Value) -> Result<Report, String> {
    let reports = vec![read(one)?, read(two)?];
    let names = vec!["one.json".to_owned(), "two.json".to_owned()];
    merge::merge(&reports, &names).map_err(|error| error.to_string())
}

/// Asserts a refusal: one line, naming every one of `words`, and no Rust debug text.
fn assert_refused<T: std::fmt::Debug>(result: Result<T, String>, words: &[&str]) -> String {
    let message = result.expect_err("a forged report was accepted");
    assert!(!message.contains('\n'), "several lines: {message}");
    for word in words {
        assert!(message.contains(word), "{word:?} not named in: {message}");
    }
    for debug in ["IoError", "Error {", "InvalidCookie", "Some(", "kind:"] {
        assert!(!message.contains(debug), "Rust debug text in: {message}");
    }
    message
}

/// A V2 compressed histogram in base64 with `bounds` (lowest, highest, digits) and a count
/// of `count` at value 1000.
fn histogram(bounds: (u64, u64, u8), count: u64) -> String {
    let mut histogram = Histogram::<u64>::new_with_bounds(bounds.0, bounds.1, bounds.2).unwrap();
    histogram.record_n(1000, count).unwrap();
    let mut bytes = Vec::new();
    V2DeflateSerializer::new().serialize(&histogram, &mut bytes).unwrap();
    BASE64.encode(bytes)
}

#[test]
fn a_histogram_announcing_four_gib_is_refused_naming_its_record_and_field() {
    let (mut one, two) = shards();
    one["records"][0]["timings"]["latencies"] = json!(FOUR_GIB);
    let message = assert_refused(
        merge_both(&one, &two),
        &["record 1 (dlx on", "timings.latencies", "4294967295"],
    );
    assert!(message.contains("twenty.txt, 9x9"), "{message}");
    // The same string as a baseline's histogram: the file and the field are named.
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("forged-baseline.json");
    let (mut whole, _) = shards();
    whole["shard"] = Value::Null;
    whole["records"][1]["timings"]["answered"] = json!(FOUR_GIB);
    std::fs::write(&path, whole.to_string()).unwrap();
    let loaded = baseline::load(&path).map_err(|error| error.to_string());
    assert_refused(loaded, &["forged-baseline.json", "record 2 (propagate", "timings.answered"]);
}

#[test]
fn bucket_counts_of_two_to_the_62_are_refused_not_a_panic() {
    let big = 1u64 << 62;
    // Alone, a count of 2^62 reads back and encodes again; two of them pass what one
    // histogram may hold, and adding them is refused.
    let mut latencies = Latencies::decode(&histogram((1, HIGHEST_NANOS, 3), big)).unwrap();
    assert_eq!(latencies.len(), big);
    assert!(!latencies.encode().is_empty());
    let copy = latencies.clone();
    assert!(latencies.add(&copy).is_err(), "{big} + {big} passes {MAX_COUNT}");
    assert_eq!(latencies.len(), big, "a refused add leaves the histogram as it was");
    let mut small = Latencies::new();
    small.record(5);
    latencies.add(&small).unwrap();
    assert_eq!(Latencies::decode(&latencies.encode()).unwrap(), latencies);

    // Two shards that each claim 2^62 puzzles, consistently: the merge refuses the sum of
    // their histograms (it panicked writing them).
    let (mut one, mut two) = shards();
    for shard in [&mut one, &mut two] {
        shard["files"][0]["puzzles"] = json!(u64::MAX);
        shard["files"][0]["sizes"][0]["puzzles"] = json!(u64::MAX);
        shard["records"].as_array_mut().unwrap().truncate(1);
        let record = &mut shard["records"][0];
        for (field, value) in [("puzzles", big), ("solved", big), ("one_solution", big)] {
            record[field] = json!(value);
        }
        for field in ["unsolvable", "budget_outs", "two_plus_solutions", "solved_without_guessing"]
        {
            record[field] = json!(0);
        }
        record["passes"] = json!(1);
        record["timings"]["passes"] =
            json!([{"wall_seconds": 1.0, "solve_seconds": 1.0, "longest_nanos": 1000}]);
        record["timings"]["parallel_walls"] = json!([1.0]);
        for field in ["latencies", "answered"] {
            record["timings"][field] = json!(histogram((1, HIGHEST_NANOS, 3), big));
        }
    }
    read(&one).expect("each shard alone is consistent");
    assert_refused(
        merge_both(&one, &two).map(|merged| render(&merged, OutputFormat::Json)),
        &["record 1 (dlx", "timings.latencies"],
    );
}

#[test]
fn puzzles_of_two_to_the_64_minus_1_are_refused_not_wrapped() {
    let (mut one, two) = shards();
    one["records"][0]["puzzles"] = json!(u64::MAX);
    assert_refused(read(&one), &["record 1 (dlx", "field puzzles", &u64::MAX.to_string()]);
    assert_refused(merge_both(&one, &two), &["field puzzles"]);
}

#[test]
fn more_solved_than_puzzles_is_refused() {
    let (mut one, two) = shards();
    one["records"][1]["solved"] = json!(1000);
    assert_refused(merge_both(&one, &two), &["record 2 (propagate", "solved 1000", "puzzles"]);
    let (mut one, _) = shards();
    one["records"][0]["solved_without_guessing"] = json!(1000);
    assert_refused(read(&one), &["field solved_without_guessing"]);
}

#[test]
fn schema_version_99_is_refused() {
    let (mut one, mut two) = shards();
    one["schema_version"] = json!(99);
    two["schema_version"] = json!(99);
    assert_refused(merge_both(&one, &two), &["field schema_version", "99"]);
    // Version 2, still read for baselines, is not merged: its histograms meant other things.
    let (mut old, _) = shards();
    old["schema_version"] = json!(2);
    let report = read(&old).expect("version 2 is read, without its timings");
    assert!(report.records.iter().all(|record| record.timings.is_none()));
    let names = vec!["old.json".to_owned()];
    let merged = merge::merge(&[report], &names).map_err(|error| error.to_string());
    assert_refused(merged, &["old.json", "field schema_version: 2"]);
}

#[test]
fn a_shard_numbered_1_of_0_is_refused() {
    let (mut one, _) = shards();
    one["shard"] = json!({"index": 1, "count": 0});
    assert_refused(read(&one), &["field shard", "1/0"]);
    one["shard"] = json!({"index": 3, "count": 2});
    assert_refused(read(&one), &["field shard", "3/2"]);
}

#[test]
fn an_empty_pass_list_is_refused() {
    let (mut one, two) = shards();
    one["records"][0]["timings"]["passes"] = json!([]);
    assert_refused(merge_both(&one, &two), &["record 1 (dlx", "timings.passes"]);
    // Emptied consistently, with no pass claimed at all: a record of puzzles ran a pass.
    let (mut one, two) = shards();
    for record in one["records"].as_array_mut().unwrap() {
        record["passes"] = json!(0);
        record["timings"]["passes"] = json!([]);
        record["timings"]["parallel_walls"] = json!([]);
    }
    assert_refused(merge_both(&one, &two), &["record 1 (dlx", "field passes"]);
    // One pass fewer in one shard: the figures would be medians of other things.
    let (mut one, two) = shards();
    for record in one["records"].as_array_mut().unwrap() {
        let puzzles = record["puzzles"].as_u64().unwrap();
        record["passes"] = json!(1);
        record["timings"]["passes"].as_array_mut().unwrap().truncate(1);
        record["timings"]["parallel_walls"].as_array_mut().unwrap().truncate(1);
        let mut pooled = Latencies::new();
        for _ in 0..puzzles {
            pooled.record(1000);
        }
        record["timings"]["latencies"] = json!(pooled.encode());
    }
    read(&one).expect("a shard of one pass is consistent");
    assert_refused(merge_both(&one, &two), &["passes", "--repeat"]);
}

#[test]
fn truncated_or_garbage_base64_is_refused() {
    let (one, two) = shards();
    let valid = one["records"][0]["timings"]["latencies"].as_str().unwrap().to_owned();
    let cases = [
        (valid[..valid.len() / 2].to_owned(), "timings.latencies"),
        ("!!!! not base64 !!!!".to_owned(), "not base64"),
        (BASE64.encode(b"HIST"), "too short"),
        (BASE64.encode([0u8; 64]), "not an HdrHistogram"),
        (BASE64.encode(&BASE64.decode(&valid).unwrap()[..30]), "compressed bytes"),
    ];
    for (text, word) in cases {
        let mut forged = one.clone();
        forged["records"][0]["timings"]["latencies"] = json!(text);
        assert_refused(merge_both(&forged, &two), &["record 1 (dlx", "timings.latencies", word]);
    }
    let mut forged = one.clone();
    forged["records"][0]["timings"]["latencies"] = json!(12);
    assert_refused(read(&forged), &["record 1 (dlx", "field timings"]);
}

#[test]
fn a_histogram_of_other_bounds_is_refused() {
    let (mut one, _) = shards();
    let other = histogram((1, 1_000_000_000_000_000, 5), 1);
    one["records"][0]["timings"]["answered"] = json!(other);
    assert_refused(read(&one), &["record 1 (dlx", "timings.answered", "bounds"]);
    // The bounds are checked before the histogram is built: these would take gigabytes.
    assert!(Latencies::decode(&other).unwrap_err().contains("5 significant digits"));
}

#[test]
fn counts_that_contradict_the_files_are_refused() {
    let (mut one, _) = shards();
    one["files"][0]["sizes"][0]["puzzles"] = json!(3);
    assert_refused(read(&one), &["record 1 (dlx", "field puzzles", "3 puzzles of that size"]);
    // Shards that each hold fewer puzzles than their file: together they must hold all.
    let (mut one, mut two) = shards();
    for shard in [&mut one, &mut two] {
        shard["files"][0]["puzzles"] = json!(25);
        shard["files"][0]["sizes"][0]["puzzles"] = json!(25);
    }
    read(&one).expect("a shard holds at most its file's puzzles");
    assert_refused(merge_both(&one, &two), &["do not make a whole run", "field puzzles", "25"]);
}

#[test]
fn the_histograms_kept_do_not_grow_with_the_passes() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("four.txt");
    std::fs::write(&path, "...42....1....3.\n1.3..4.2...1.2..\n").unwrap();
    let corpus = Corpus::load(&path, ReadOptions::default()).unwrap();
    let histograms = |passes: u32| {
        let mut options = options(vec![engine("dlx"), engine("naive")], 1);
        options.timing = Schedule::Repeat(passes);
        let report = sudoku_bench::run(std::slice::from_ref(&corpus), &options).unwrap();
        for record in &report.records {
            let timings = record.timings.as_ref().unwrap();
            assert_eq!(record.passes, passes);
            assert_eq!(timings.passes.len(), passes as usize);
            assert_eq!(timings.latencies.len(), record.puzzles * u64::from(passes));
        }
        render(&report, OutputFormat::Json).matches("\"HIST").count()
    };
    let (one, many) = (histograms(1), histograms(60));
    assert_eq!(one, 4, "two histograms a record");
    assert_eq!(many, one, "60 passes keep as many histograms as one");
}

#[test]
fn min_time_says_when_it_stopped_at_the_pass_cap() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("one4.txt");
    std::fs::write(&path, "...42....1....3.\n").unwrap();
    let corpus = Corpus::load(&path, ReadOptions::default()).unwrap();
    let run = |seconds: u64| {
        let mut options = options(vec![engine("dlx")], 1);
        options.timing = Schedule::MinTime(std::time::Duration::from_secs(seconds));
        sudoku_bench::run(std::slice::from_ref(&corpus), &options).unwrap()
    };
    let capped = run(3600);
    let record = &capped.records[0];
    assert_eq!(record.passes, sudoku_bench::measure::MAX_PASSES);
    assert!(record.timings.as_ref().unwrap().stopped_at_pass_cap);
    let table = render(&capped, OutputFormat::Table);
    assert!(table.contains("1,000 passes (the cap) in "), "{table}");
    assert!(table.contains("short of --min-time 3600.00 s"), "{table}");
    assert!(!table.contains("at least 3600"), "{table}");
    let json: Value = serde_json::from_str(&render(&capped, OutputFormat::Json)).unwrap();
    assert_eq!(json["records"][0]["timings"]["stopped_at_pass_cap"], json!(true));
    let met = run(0);
    assert!(!met.records[0].timings.as_ref().unwrap().stopped_at_pass_cap);
    assert!(render(&met, OutputFormat::Table).contains("passes repeated for at least"));
}

#[test]
fn the_committed_baselines_still_load() {
    let directory = repository().join("data/baselines");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&directory).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "json") {
            let report =
                baseline::load(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            assert!(!report.records.is_empty(), "{}", path.display());
            loaded += 1;
        }
    }
    assert!(loaded >= 4, "{loaded} baselines in {}", directory.display());
}

#[test]
fn a_report_file_larger_than_any_report_is_refused_before_it_is_read() {
    let directory = tempfile::tempdir().unwrap();
    let huge = directory.path().join("huge.json");
    // Sparse: a length past the bound costs no disk and, refused by its length, no memory.
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(sudoku_bench::report::read::MAX_REPORT_BYTES + 1)
        .unwrap();
    let refused =
        assert_refused(sudoku_bench::report::read::read_text(&huge), &["larger than 256 MiB"]);
    assert!(!refused.contains('\n'), "{refused}");
    let error = baseline::load(&huge).unwrap_err().to_string();
    assert!(error.contains("huge.json") && error.contains("larger than"), "{error}");
    let invalid = directory.path().join("invalid.json");
    std::fs::write(&invalid, b"{\"schema_version\": 3, \xff}").unwrap();
    assert_refused(sudoku_bench::report::read::read_text(&invalid), &["byte 23 is not UTF-8"]);
}

#[test]
fn a_version_3_report_reads_with_the_defaults_of_version_4_and_is_not_merged() {
    let (mut old, _) = shards();
    old["schema_version"] = json!(3);
    for record in old["records"].as_array_mut().unwrap() {
        let fields = record.as_object_mut().unwrap();
        for field in ["crashed", "timed_out", "protocol_errors", "counts", "timing", "origin"] {
            fields.remove(field).unwrap();
        }
        fields.remove("command");
        for pass in fields["timings"]["passes"].as_array_mut().unwrap() {
            pass.as_object_mut().unwrap().remove("failed").unwrap();
        }
    }
    let fields = old.as_object_mut().unwrap();
    fields.remove("failures").unwrap();
    fields.remove("failures_not_kept").unwrap();
    let report = read(&old).expect("version 3 is read");
    assert_eq!(report.failures_total(), 0);
    for record in &report.records {
        assert!(record.counts && record.timing == "in-process" && record.origin == "built-in");
        assert!(record.timings.is_some(), "version 3 keeps its timings");
    }
    let names = vec!["old.json".to_owned()];
    let merged = merge::merge(&[report], &names).map_err(|error| error.to_string());
    assert_refused(merged, &["old.json", "field schema_version: 3"]);
}

#[test]
fn failures_that_do_not_add_up_are_refused() {
    let (one, two) = shards();
    let failure = json!({
        "file": one["files"][0]["file"], "size": "9x9", "puzzle": 1, "line": 2,
        "engine": "dlx", "kind": "crashed", "message": "exit status 1"
    });
    // A failure no record counts.
    let mut forged = one.clone();
    forged["failures"] = json!([failure.clone()]);
    assert_refused(read(&forged), &["failure 1 (dlx", "field kind 'crashed'", "(0)"]);
    // Counted by the record, but the record's puzzles no longer add up.
    forged["records"][0]["crashed"] = json!(1);
    assert_refused(read(&forged), &["record 1 (dlx", "field puzzles", "crashed 1"]);
    // Counts that add up, but histograms that still hold the failed puzzle's times.
    let solved = forged["records"][0]["solved"].as_u64().unwrap();
    forged["records"][0]["solved"] = json!(solved - 1);
    forged["records"][0]["one_solution"] = json!(solved - 1);
    assert_refused(read(&forged), &["record 1 (dlx", "timings.answered"]);
    // Of an unknown kind, with a message of two lines, counted but not listed.
    let mut forged = one.clone();
    forged["failures"] = json!([failure.clone()]);
    forged["failures"][0]["kind"] = json!("exploded");
    assert_refused(read(&forged), &["failure 1 (dlx", "field kind 'exploded'"]);
    forged["failures"][0]["kind"] = json!("crashed");
    forged["failures"][0]["message"] = json!("two\nlines");
    assert_refused(read(&forged), &["failure 1 (dlx", "field message"]);
    let mut forged = one.clone();
    forged["failures_not_kept"] = json!(5);
    assert_refused(read(&forged), &["field failures_not_kept: 5"]);
    forged["failures_not_kept"] = json!(u64::MAX);
    assert_refused(read(&forged), &["field failures_not_kept"]);
    // A record of another timing than the four, or of a built-in engine naming a command.
    let mut forged = one.clone();
    forged["records"][1]["timing"] = json!("sundial");
    assert_refused(read(&forged), &["record 2 (propagate", "field timing", "sundial"]);
    let mut forged = one.clone();
    forged["records"][1]["command"] = json!("./propagate");
    assert_refused(read(&forged), &["record 2 (propagate", "field command"]);
    let mut forged = one.clone();
    forged["records"][1]["counts"] = json!(false);
    assert_refused(read(&forged), &["record 2 (propagate", "field one_solution"]);
    // A pass that failed more solves than the record failed puzzles.
    let mut forged = one;
    forged["records"][1]["timings"]["passes"][0]["failed"] = json!(1);
    assert_refused(read(&forged), &["record 2 (propagate", "field timings.passes"]);
    merge_both(&two.clone(), &two).unwrap_err();
}
