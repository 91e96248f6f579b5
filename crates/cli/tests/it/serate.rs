//! `sudoku rate` against Sudoku Explainer's own ratings: every ER/EP/ED that serate gave in
//! `data/ratings/serate.tsv` (puzzles of the shipped corpus, and of the public corpora beside
//! the repository when they are there) is the triple `rate` prints.

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::{puzzle_lines, repository, sudoku};

/// serate's triple of one puzzle: corpus, puzzle number, `ER/EP/ED`.
struct Rated {
    corpus: String,
    number: usize,
    triple: String,
}

/// The ratings of the file that serate finished (not those it timed out on).
fn serate_ratings() -> Vec<Rated> {
    let text = std::fs::read_to_string(repository().join("data/ratings/serate.tsv")).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{line}");
            (fields[2] != "timeout").then(|| Rated {
                corpus: fields[0].to_owned(),
                number: fields[1].parse().unwrap(),
                triple: fields[2].to_owned(),
            })
        })
        .collect()
}

/// Where a corpus of the file is: shipped in `data/corpus`, or in `../shared/corpora`.
fn corpus_path(corpus: &str) -> PathBuf {
    let shipped = repository().join("data/corpus").join(format!("{corpus}.txt"));
    if shipped.exists() {
        shipped
    } else {
        repository().join("../shared/corpora").join(format!("{corpus}.txt"))
    }
}

#[test]
fn rate_gives_every_er_ep_and_ed_serate_gave() {
    let mut by_corpus: BTreeMap<String, Vec<Rated>> = BTreeMap::new();
    for rated in serate_ratings() {
        by_corpus.entry(rated.corpus.clone()).or_default().push(rated);
    }
    assert!(by_corpus.contains_key("generated-10000"), "the shipped corpus is rated");
    let mut checked = 0;
    for (corpus, ratings) in &by_corpus {
        let path = corpus_path(corpus);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("NOTICE: serate's ratings of {corpus} skipped: {} not found", path.display());
            continue;
        };
        let lines = puzzle_lines(&text);
        let input: String =
            ratings.iter().map(|rated| format!("{}\n", lines[rated.number - 1])).collect();
        let output = sudoku(&["rate", "-o", "csv", "-"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        let csv = String::from_utf8(output.stdout).unwrap();
        let mut rows = csv.lines();
        let header: Vec<&str> = rows.next().unwrap().split(',').collect();
        let column = |name: &str| header.iter().position(|&field| field == name).unwrap();
        let (er, ep, ed) = (column("difficulty"), column("pearl"), column("diamond"));
        assert_eq!(rows.clone().count(), ratings.len(), "a row per puzzle: {csv}");
        let mut wrong = Vec::new();
        for (row, rated) in rows.zip(ratings) {
            let fields: Vec<&str> = row.split(',').collect();
            let tenths = |at: usize| format!("{:.1}", fields[at].parse::<f64>().unwrap());
            let ours = format!("{}/{}/{}", tenths(er), tenths(ep), tenths(ed));
            if ours != rated.triple {
                wrong.push(format!(
                    "{corpus} {}: serate {}, rate {ours}",
                    rated.number, rated.triple
                ));
            }
            checked += 1;
        }
        assert!(
            wrong.is_empty(),
            "{} of {} differ:\n{}",
            wrong.len(),
            ratings.len(),
            wrong.join("\n")
        );
    }
    assert!(checked >= 399, "every rating of the shipped corpus was compared: {checked}");
}
