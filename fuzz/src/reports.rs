//! What must hold for any bytes given to the bench harness's readers of its own files: a
//! report (a shard to merge, a baseline) and a latency histogram. Checked by panicking: the
//! `reports` fuzz target runs this, and so does the bench crate's test suite on every input
//! kept in `fuzz/regressions/reports` (`crates/bench/tests/it/fuzz_regressions.rs`).

use sudoku_bench::Latencies;
use sudoku_bench::merge::merge;
use sudoku_bench::output::{OutputFormat, read_json, render};

/// A refusal is one non-empty line without Rust debug text.
fn one_line(message: &str) {
    assert!(!message.is_empty(), "an empty error message");
    assert!(!message.contains('\n'), "a message of several lines: {message:?}");
    for debug in ["IoError", "Error {", "InvalidCookie", "kind: "] {
        assert!(!message.contains(debug), "Rust debug text in {message:?}");
    }
}

/// A histogram read back encodes to a text that reads back as the same histogram.
fn round_trip(latencies: &Latencies) {
    let text = latencies.encode();
    let again = Latencies::decode(&text)
        .unwrap_or_else(|message| panic!("a histogram read does not read again: {message}"));
    assert_eq!(&again, latencies, "a histogram changed on its way through its encoding");
}

/// The readers on arbitrary bytes: they never panic and never allocate more than a
/// histogram's bounds allow; each refusal is one line; what they accept is written again and
/// reads back the same; a report accepted can be merged (alone, or with itself: refused as a
/// repeated shard) without a panic.
pub fn reports_any_bytes(data: &[u8]) {
    // The bytes as a histogram's encoding (what its base64 text decodes to).
    match Latencies::decode_bytes(data) {
        Ok(latencies) => round_trip(&latencies),
        Err(message) => one_line(&message),
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Latencies::decode(text) {
        Ok(latencies) => round_trip(&latencies),
        Err(message) => one_line(&message),
    }
    let report = match read_json(text) {
        Ok(report) => report,
        Err(error) => return one_line(&error.to_string()),
    };
    let json = render(&report, OutputFormat::Json);
    let again = read_json(&json)
        .unwrap_or_else(|error| panic!("a report read does not read again: {error}"));
    assert_eq!(again, report, "a report changed on its way through JSON");
    render(&report, OutputFormat::Table);
    render(&report, OutputFormat::Csv);
    let names = ["a.json".to_owned(), "b.json".to_owned()];
    let twice = [report.clone(), report];
    for reports in [&twice[..1], &twice[..]] {
        match merge(reports, &names[..reports.len()]) {
            Ok(merged) => {
                render(&merged, OutputFormat::Json);
            }
            Err(error) => one_line(&error.to_string()),
        }
    }
}
