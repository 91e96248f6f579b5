//! The per-puzzle rows written, read back, refused and compared.

use std::io;
use std::path::Path;

use super::*;

fn row(puzzle: u64, engine: &str, us: f64, nodes: u64) -> Row {
    Row {
        file: "f.txt".into(),
        size: "9x9".into(),
        puzzle,
        line: puzzle + 1,
        engine: engine.into(),
        verdict: "solved".into(),
        count: "1".into(),
        us: Some(us),
        nodes: Some(nodes),
        guesses: Some(0),
        message: None,
        digest: Some("00000000000000ff".into()),
    }
}

/// The run of the tests' rows: engines fast and sat on f.txt.
const PAIRS: [(&str, &str); 2] = [("f.txt", "fast"), ("f.txt", "sat")];

fn earlier(text: &str, format: RowFormat) -> Result<EarlierRows, String> {
    EarlierRows::read_from(text.as_bytes(), "earlier.csv", format, &PAIRS)
}

fn csv_of(rows: &[Row]) -> String {
    let mut writer = RowWriter::new(Vec::new(), RowFormat::Csv);
    for row in rows {
        writer.write(row);
    }
    String::from_utf8(writer.finish().unwrap().0).unwrap()
}

#[test]
fn rows_read_back_in_both_formats() {
    let rows = vec![
        row(1, "fast", 1.5, 3),
        Row { nodes: None, guesses: None, ..row(2, "sat", 80.0, 0) },
        Row { file: "a, \"b\".txt".into(), ..row(3, "fast", 1.0, 1) },
    ];
    let pairs = [("f.txt", "fast"), ("f.txt", "sat"), ("a, \"b\".txt", "fast")];
    for (name, format) in [("rows.csv", RowFormat::Csv), ("rows.jsonl", RowFormat::JsonLines)] {
        assert_eq!(RowFormat::of(Path::new(name)), format);
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join(name);
        let mut writer = RowWriter::new(std::fs::File::create(&path).unwrap(), format);
        for row in &rows {
            writer.write(row);
        }
        let (_, written) = writer.finish().unwrap();
        assert_eq!(written, 3);
        let earlier = EarlierRows::read(&path, &pairs).unwrap();
        assert_eq!(earlier.len(), 3, "{name}");
        earlier.check_coverage(false).unwrap();
        let mut comparison = PuzzleComparison::new(earlier);
        for row in &rows {
            comparison.compare(row.clone());
        }
        assert_eq!(
            (comparison.compared, comparison.changed_count, comparison.not_compared()),
            (3, 0, 0),
            "{name}"
        );
    }
}

#[test]
fn an_earlier_row_costs_forty_bytes_whatever_its_names() {
    // The bound the help states: the rows of two million puzzles in 80 MB.
    assert_eq!(BYTES_PER_EARLIER_ROW, 40);
    let long = Row { file: "f".repeat(4000), ..row(1, "fast", 1.0, 1) };
    let earlier = EarlierRows::read_from(
        csv_of(std::slice::from_ref(&long)).as_bytes(),
        "e.csv",
        RowFormat::Csv,
        &[(long.file.as_str(), "fast")],
    )
    .unwrap();
    assert_eq!(earlier.len(), 1);
    assert_eq!(earlier.index.groups().len(), 1, "names are kept once per pair of the run");
}

#[test]
fn nul_bytes_are_refused_at_the_first_line_without_reading_on() {
    // 4 GiB of NUL bytes, never held: the reader stops at the first line's limit.
    for format in [RowFormat::Csv, RowFormat::JsonLines] {
        let nul = io::BufReader::new(io::Read::take(io::repeat(0), 1 << 32));
        let error = EarlierRows::read_from(nul, "nul.csv", format, &PAIRS);
        let error = error.err().unwrap();
        assert!(
            error.starts_with("nul.csv: line 1, column 1: control character U+0000"),
            "{error}"
        );
    }
    let long = format!("{}\n", "x".repeat(MAX_ROW_LINE + 10));
    let error = earlier(&long, RowFormat::JsonLines).err().unwrap();
    assert!(error.contains(&format!("longer than {MAX_ROW_LINE} bytes")), "{error}");
    let error = earlier("file,size\n\u{7f}\n", RowFormat::Csv).err().unwrap();
    assert!(error.starts_with("earlier.csv: line 1, column 1: not the header"), "{error}");
    let error = earlier(&format!("{}\nf.txt,\u{1b}\n", COLUMNS.join(",")), RowFormat::Csv);
    assert!(error.err().unwrap().starts_with("earlier.csv: line 2, column 7: control character"));
    let latin1 = [COLUMNS.join(",").as_bytes(), b"\nf\xe9.txt\n"].concat();
    let error = EarlierRows::read_from(&latin1[..], "l.csv", RowFormat::Csv, &PAIRS);
    assert_eq!(error.err().unwrap(), "l.csv: line 2, column 2: bytes that are not UTF-8 text");
}

#[test]
fn files_without_rows_are_refused() {
    let empty = earlier("", RowFormat::Csv).err().unwrap();
    assert!(empty.starts_with("earlier.csv: empty:"), "{empty}");
    let blank = earlier("\n\n", RowFormat::JsonLines).err().unwrap();
    assert!(blank.starts_with("earlier.csv: no rows:"), "{blank}");
    let header = earlier(&format!("{}\n", COLUMNS.join(",")), RowFormat::Csv).err().unwrap();
    assert!(header.starts_with("earlier.csv: no rows:"), "{header}");
}

#[test]
fn a_bad_row_is_named_by_line_and_column() {
    // A file of ten columns, as written before failures were kept, is read as it was.
    let good = format!("{}\nf.txt,9x9,1,2,fast,solved,1,1.0,1,0\n", COLUMNS[..10].join(","));
    earlier(&good, RowFormat::Csv).unwrap();
    let cases = [
        ("f.txt,9x9,2,3,fast,solved,x,1.0,1,0", 27, "'x' is not a count"),
        ("f.txt,9x9,2,3,fast,solved,0,1.0,1,0", 27, "count 0 contradicts verdict solved"),
        ("f.txt,9x9,2,3,fast,done,1,1.0,1,0", 20, "'done' is not a verdict"),
        ("f.txt,11x11,2,3,fast,solved,1,1.0,1,0", 7, "'11x11' is not a grid size"),
        ("f.txt,9x9,0,3,fast,solved,1,1.0,1,0", 11, "puzzle 0 is not from 1"),
        ("f.txt,9x9,2,3,fast,solved,1,-1,1,0", 29, "-1 is not a solve time"),
        ("f.txt,9x9,2,3,fast,solved,1,0,1,0", 29, "0 is not a solve time in µs (above 0)"),
        ("f.txt,9x9,2,3,fast,solved,1,0.0,1,0", 29, "0 is not a solve time"),
        ("f.txt,9x9,2,3,fast,solved,1,1.0,many,0", 33, "nodes 'many' is not a whole number"),
        ("f.txt,9x9,2,3,fast,solved,1,1.0,1", 34, "9 fields where a row has 10"),
        ("\"f.txt\",9x9,2,3,fast,solved,1,1.0,1,0,extra", 39, "11 fields"),
    ];
    for (line, column, problem) in cases {
        let error = earlier(&format!("{good}\n{line}\n"), RowFormat::Csv).err().unwrap();
        let place = format!("earlier.csv: line 4, column {column}: ");
        assert!(error.starts_with(&place) && error.contains(problem), "{line}: {error}");
    }
    let good = csv_of(&[row(1, "fast", 1.0, 1)]);
    let failed = "f.txt,9x9,2,3,fast,crashed,crashed,,,,exit status 1,";
    assert_eq!(earlier(&format!("{good}{failed}\n"), RowFormat::Csv).unwrap().len(), 2);
    let cases = [
        ("f.txt,9x9,2,3,fast,crashed,crashed,5.0,,,boom,", 36, "5 µs for a puzzle the engine"),
        ("f.txt,9x9,2,3,fast,crashed,crashed,,,,,", 39, "no message for a failure"),
        ("f.txt,9x9,2,3,fast,solved,1,1.0,1,0,hello,", 37, "a message for a puzzle solved"),
        ("f.txt,9x9,2,3,fast,crashed,1,,,,boom,", 28, "count 1 contradicts verdict crashed"),
        ("f.txt,9x9,2,3,fast,solved,1,,1,0,,", 29, "no time for a puzzle solved"),
        ("f.txt,9x9,2,3,fast,timed-out,timed-out,,3,,slow,", 41, "nodes or guesses"),
        ("f.txt,9x9,2,3,fast,solved,1,1.0,1", 34, "9 fields where a row has 12"),
        ("\"f.txt\",9x9,2,3,fast,solved,1,1.0,1,0,,,extra", 41, "13 fields"),
        ("f.txt,9x9,2,3,fast,solved,1,1.0,1,0,,00ff", 38, "'00ff' is not a digest"),
    ];
    for (line, column, problem) in cases {
        let error = earlier(&format!("{good}\n{line}\n"), RowFormat::Csv).err().unwrap();
        let place = format!("earlier.csv: line 4, column {column}: ");
        assert!(error.starts_with(&place) && error.contains(problem), "{line}: {error}");
    }
    // A file of eleven columns, written before the digest was kept, is read too.
    let eleven = format!("{}\nf.txt,9x9,1,2,fast,solved,1,1.0,1,0,\n", COLUMNS[..11].join(","));
    earlier(&eleven, RowFormat::Csv).unwrap();
    let json = r#"{"file":"f.txt","size":"9x9","puzzle":1,"line":2,"engine":"fast","verdict":"solved","count":"1+?","us":1.0,"nodes":1,"guesses":0}"#;
    let error = earlier(json, RowFormat::JsonLines).err().unwrap();
    assert!(error.starts_with("earlier.csv: line 1, column 85: count 1+? contradicts"), "{error}");
    let error = earlier("{\"file\":\"f.txt\",\"size\":9}", RowFormat::JsonLines).err().unwrap();
    assert!(error.starts_with("earlier.csv: line 1, column 24: invalid type"), "{error}");
    assert!(!error.contains("at line 1 column"), "{error}");
    // Columns count characters, never cutting one.
    let error = earlier("{\"file\":\"é€\",\"size\":9}", RowFormat::JsonLines).err().unwrap();
    assert!(error.starts_with("earlier.csv: line 1, column 21: invalid type"), "{error}");
    let twice = format!("{good}{}", csv_of(&[row(1, "fast", 2.0, 1)]).lines().nth(1).unwrap());
    let error = earlier(&twice, RowFormat::Csv).err().unwrap();
    assert!(error.contains("two rows for puzzle 1 of f.txt by fast"), "{error}");
}

#[test]
fn a_file_of_other_puzzles_or_only_some_is_refused_before_the_run() {
    let other = Row { file: "other.txt".into(), ..row(1, "fast", 1.0, 1) };
    let error = earlier(&csv_of(std::slice::from_ref(&other)), RowFormat::Csv)
        .unwrap()
        .check_coverage(true)
        .err()
        .unwrap();
    assert!(error.contains("has no row of a file and engine of this run"), "{error}");
    assert!(error.contains("it holds fast on other.txt"), "{error}");
    // fast is there, sat is not, and other.txt is not in the run.
    let some = earlier(&csv_of(&[row(1, "fast", 1.0, 1), other]), RowFormat::Csv).unwrap();
    let error = some.check_coverage(false).err().unwrap();
    assert!(error.contains("sat on f.txt (only in the run)"), "{error}");
    assert!(error.contains("1 row of other files or engines"), "{error}");
    assert!(error.contains("--allow-partial-baseline"), "{error}");
    some.check_coverage(true).unwrap();
    let all = earlier(&csv_of(&[row(1, "fast", 1.0, 1), row(1, "sat", 1.0, 1)]), RowFormat::Csv);
    all.unwrap().check_coverage(false).unwrap();
}

#[test]
fn changed_counters_and_slower_puzzles_are_listed() {
    let rows = [
        row(1, "fast", 2.0, 5),
        row(2, "fast", 2.0, 5),
        row(3, "fast", 100.0, 5),
        row(4, "fast", 1.0, 5),
        row(5, "fast", 1.0, 5),
        row(1, "sat", 1.0, 5),
    ];
    let mut comparison = PuzzleComparison::new(earlier(&csv_of(&rows), RowFormat::Csv).unwrap());
    comparison.compare(row(1, "fast", 2.0, 5));
    comparison.compare(row(2, "fast", 2.0, 6));
    comparison.compare(row(3, "fast", 400.0, 5));
    comparison.compare(row(4, "fast", 5.0, 5));
    comparison.compare(row(9, "fast", 1.0, 5));
    comparison.compare(row(1, "sat", 1.0, 5));
    comparison.compare(Row {
        count: "1+?".into(),
        verdict: "budget-out".into(),
        ..row(1, "sat", 1.0, 5)
    });
    assert_eq!(
        (comparison.compared, comparison.changed_count, comparison.unmatched),
        (5, 1, 2),
        "a puzzle met twice is compared once"
    );
    assert_eq!(comparison.not_run(), 1, "puzzle 5");
    assert_eq!(comparison.not_compared(), 3);
    assert_eq!(comparison.changed[0].after.puzzle, 2);
    assert_eq!(comparison.changed[0].before.nodes, Some(5));
    // Puzzle 4 is five times slower but by 4 µs only: noise.
    let slower: Vec<u64> = comparison.slower.iter().map(|change| change.after.puzzle).collect();
    assert_eq!(slower, [3]);
    let mut text = Vec::new();
    comparison.write(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("Per puzzle: 5 compared, 1 with changed counters, 2 not in the earlier run, 1 of the earlier run not run\n"), "{text}");
    assert!(
        text.contains(
            "changed f.txt: puzzle 2, line 3, fast: solved count 1, 5 nodes, 0 guesses -> \
             solved count 1, 6 nodes, 0 guesses"
        ),
        "{text}"
    );
    assert!(text.contains("4.0x f.txt: puzzle 3, line 4, fast: 100.0 -> 400.0 µs"), "{text}");
    let one =
        RowCounters { nodes: Some(1), guesses: Some(1), ..comparison.changed[0].before.clone() };
    assert_eq!(one.describe(), "solved count 1, 1 node, 1 guess");
    assert_eq!(RowCounters { nodes: None, ..one }.describe(), "solved count 1, - nodes, 1 guess");
}

#[test]
fn every_verdict_is_read_back_as_itself() {
    let mut text = COLUMNS.join(",") + "\n";
    for (number, verdict) in RowVerdict::ALL.iter().enumerate() {
        let name = verdict.name();
        assert_eq!(RowVerdict::from_name(name), Some(*verdict), "{name}");
        let fields = match verdict {
            RowVerdict::Solved => "1,2.0,1,0,".to_owned(),
            RowVerdict::Unsolvable => "0,2.0,1,0,".to_owned(),
            RowVerdict::BudgetOut => "0+?,2.0,1,0,".to_owned(),
            RowVerdict::Failed(_) => format!("{name},,,,boom"),
        };
        text.push_str(&format!("f.txt,9x9,{},{},fast,{name},{fields},\n", number + 1, number + 2));
    }
    let mut read = Vec::new();
    read_rows(text.as_bytes(), "rows.csv", RowFormat::Csv, |row, entry| {
        read.push((row.verdict.to_string(), entry.verdict(), entry.counters().verdict));
    })
    .unwrap();
    let expected: Vec<_> = RowVerdict::ALL
        .iter()
        .map(|verdict| (verdict.name().to_owned(), *verdict, *verdict))
        .collect();
    assert_eq!(read, expected);
    assert_eq!(RowVerdict::from_name("done"), None);
}
