//! Files run a chunk at a time, and runs split into shards and merged, give the counters of one
//! run over every puzzle, exactly.

use crate::common;

use common::{engine, options, repository, shipped_prefix};
use sudoku_bench::merge::merge;
use sudoku_bench::{Corpus, Record, Report, Shard};
use sudoku_core::ReadOptions;

/// The deterministic part of a record: everything but times.
fn counters(record: &Record) -> impl PartialEq + std::fmt::Debug {
    (
        (record.engine.clone(), record.file.clone(), record.size.clone(), record.puzzles),
        (record.solved, record.unsolvable, record.budget_outs),
        (record.one_solution, record.two_plus_solutions),
        (record.nodes_total, record.guesses_total, record.solved_without_guessing),
        (record.disagreements, record.passes),
        record.timings.as_ref().map(|timings| timings.answered.len()),
    )
}

fn all_counters(report: &Report) -> Vec<impl PartialEq + std::fmt::Debug> {
    report.records.iter().map(counters).collect()
}

/// A file mixing 4×4 and 9×9 puzzles, with a malformed one in the middle.
fn mixed_file(directory: &tempfile::TempDir) -> Corpus {
    let nine =
        std::fs::read_to_string(repository().join("data/corpus/generated-10000.txt")).unwrap();
    let four =
        std::fs::read_to_string(repository().join("data/corpus/generated-4x4-1000.txt")).unwrap();
    let lines = |text: &str, count: usize| -> Vec<String> {
        text.lines().filter(|line| !line.starts_with('#')).take(count).map(str::to_owned).collect()
    };
    let mut text = String::new();
    for (index, (a, b)) in lines(&nine, 150).iter().zip(lines(&four, 150)).enumerate() {
        text.push_str(&format!("{a}\n{b}\n"));
        if index == 70 {
            text.push_str("12345\n");
        }
    }
    let path = directory.path().join("mixed.txt");
    std::fs::write(&path, text).unwrap();
    Corpus::open(&path, ReadOptions::default()).unwrap()
}

#[test]
fn four_shards_merged_give_the_counters_of_one_run() {
    let directory = tempfile::tempdir().unwrap();
    let corpora = vec![shipped_prefix(&directory, "prefix.txt", 400), mixed_file(&directory)];
    assert_eq!(corpora[1].read_error_count, 1);
    let engines = vec![engine("fast"), engine("dlx"), engine("bitmask")];
    let mut whole_options = options(engines, 2);
    whole_options.budget = Some(2_000);
    let whole = sudoku_bench::run(&corpora, &whole_options).unwrap();
    assert!(whole.records.iter().any(|record| record.budget_outs > 0), "no budget-out to merge");

    let mut shards = Vec::new();
    for index in [3, 1, 4, 2] {
        let shard = Shard { index, count: 4 };
        let report = sudoku_bench::run(
            &corpora,
            &sudoku_bench::BenchOptions { shard: Some(shard), ..whole_options.clone() },
        )
        .unwrap();
        assert_eq!(report.shard, Some(shard));
        // Through JSON, as shards reach the merge.
        let json = sudoku_bench::output::render(&report, sudoku_bench::output::OutputFormat::Json);
        shards.push(sudoku_bench::output::read_json(&json).unwrap());
    }
    let shard_puzzles: u64 = shards.iter().map(|shard| shard.records[0].puzzles).sum();
    assert_eq!(shard_puzzles, whole.records[0].puzzles);
    let names: Vec<String> = (1..=4).map(|index| format!("shard{index}.json")).collect();
    let merged = merge(&shards, &names).unwrap();

    assert_eq!(all_counters(&merged), all_counters(&whole));
    assert_eq!(merged.merged_shards, Some(4));
    assert_eq!(merged.shard, None);
    assert_eq!(merged.disagreements, whole.disagreements);
    assert_eq!(merged.not_applicable, whole.not_applicable);
    let files = |report: &Report| -> Vec<_> {
        report
            .files
            .iter()
            .map(|file| (file.file.clone(), file.puzzles, file.read_errors, file.digest.clone()))
            .collect()
    };
    assert_eq!(files(&merged), files(&whole));
    let sampled = |report: &Report| -> Vec<(String, String, Vec<u64>)> {
        report
            .samples
            .iter()
            .map(|samples| {
                let numbers = samples.points.iter().map(|point| point.puzzle).collect();
                (samples.file.clone(), samples.size.clone(), numbers)
            })
            .collect()
    };
    assert_eq!(sampled(&merged), sampled(&whole));
    for record in &merged.records {
        let timings = record.timings.as_ref().unwrap();
        assert_eq!(timings.passes.len(), record.passes as usize, "{}", record.engine);
        let timed = timings.latencies.len();
        assert_eq!(timed, record.puzzles * u64::from(record.passes), "{}", record.engine);
        assert!(record.us_median > 0.0 && record.us_median <= record.us_max);
    }
}

#[test]
fn merges_of_incomplete_or_mismatched_shards_are_refused() {
    let directory = tempfile::tempdir().unwrap();
    let corpora = vec![shipped_prefix(&directory, "prefix.txt", 40)];
    let run = |index: u32, budget: u64| {
        let mut options = options(vec![engine("fast")], 1);
        options.shard = Some(Shard { index, count: 3 });
        options.budget = Some(budget);
        sudoku_bench::run(&corpora, &options).unwrap()
    };
    let names: Vec<String> = ["a", "b", "c"].map(str::to_owned).to_vec();
    let message = |reports: &[Report]| merge(reports, &names).unwrap_err().to_string();
    assert!(message(&[run(1, 10), run(2, 10)]).contains("shard 3/3 missing"));
    assert!(message(&[run(1, 10), run(1, 10), run(3, 10)]).contains("both shard 1/3"));
    assert!(message(&[run(1, 10), run(2, 10), run(3, 99)]).contains("other settings"));
    let unsharded = sudoku_bench::run(&corpora, &options(vec![engine("fast")], 1)).unwrap();
    assert!(
        merge(&[unsharded], &names).unwrap_err().to_string().contains("not the report of a shard")
    );
    assert!(
        "0/4".parse::<Shard>().is_err()
            && "5/4".parse::<Shard>().is_err()
            && "x".parse::<Shard>().is_err()
    );
}

#[test]
fn a_file_longer_than_a_chunk_counts_as_its_parts_do() {
    // 70 copies of the 1,000 shipped 4×4 puzzles: two chunks, the boundary inside a copy.
    let text =
        std::fs::read_to_string(repository().join("data/corpus/generated-4x4-1000.txt")).unwrap();
    let directory = tempfile::tempdir().unwrap();
    let one = directory.path().join("one.txt");
    let many = directory.path().join("many.txt");
    std::fs::write(&one, &text).unwrap();
    std::fs::write(&many, text.repeat(70)).unwrap();
    let corpora = [
        Corpus::open(&one, ReadOptions::default()).unwrap(),
        Corpus::open(&many, ReadOptions::default()).unwrap(),
    ];
    assert!(corpora[1].len() > sudoku_bench::corpus::CHUNK_PUZZLES);
    assert!(corpora[1].puzzles.is_empty(), "an opened file keeps no puzzle in memory");
    let report =
        sudoku_bench::run(&corpora, &options(vec![engine("propagate"), engine("dlx")], 1)).unwrap();
    for (single, repeated) in report.records[..2].iter().zip(&report.records[2..]) {
        assert_eq!(repeated.puzzles, 70 * single.puzzles);
        assert_eq!(repeated.solved, 70 * single.solved);
        assert_eq!(repeated.nodes_total.map(|n| n / 70), single.nodes_total);
        assert_eq!(repeated.guesses_total.map(|n| n / 70), single.guesses_total);
        assert_eq!(repeated.nodes_total.unwrap() % 70, 0);
        assert_eq!(repeated.disagreements, Some(0));
    }
    assert!(
        report.samples[1].stride > 1 && report.samples[1].points.len() <= sudoku_bench::MAX_SAMPLES
    );
}
