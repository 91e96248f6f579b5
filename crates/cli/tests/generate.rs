//! `sudoku generate`: the same seed gives the same bytes, and the shipped corpus is what its
//! header says.

mod common;

use common::{repository, sudoku};

fn generate(args: &[&str]) -> String {
    let mut command = vec!["generate"];
    command.extend_from_slice(args);
    let output = sudoku(&command, b"");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn puzzle_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('#')).collect()
}

#[test]
fn the_same_seed_writes_the_same_bytes_whatever_the_engine_and_threads() {
    let reference = generate(&["--count", "30", "--seed", "9", "-j", "1"]);
    assert!(reference.starts_with("# sudoku generate --count 30 --seed 9\n"), "{reference}");
    assert_eq!(
        generate(&["--count", "30", "--seed", "9", "-j", "2", "-e", "bitmask-mrv"]),
        reference
    );
    let lines = puzzle_lines(&reference);
    assert_eq!(lines.len(), 30);
    // The clue statistics are known only at the end, so they come last.
    let last = reference.lines().last().unwrap();
    assert!(last.starts_with("# 30 puzzles: ") && last.ends_with(" on average"), "{last}");
    assert!(lines.iter().all(|line| line.len() == 81));
    let other = generate(&["-n", "30", "-s", "10"]);
    assert_ne!(puzzle_lines(&other), lines);
}

/// Checks that the shipped corpus `file` holds `count` puzzles and that its first `prefix`
/// are what its header command makes: puzzle i depends only on (seed, i), so a shorter run of
/// the same command is a prefix of the file.
fn check_shipped_corpus(file: &str, count: usize, prefix: usize) {
    let shipped = std::fs::read_to_string(repository().join("data/corpus").join(file)).unwrap();
    let command = shipped.lines().next().unwrap().strip_prefix("# sudoku ").unwrap();
    let args: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(args[..2], ["generate", "--count"], "{file}");
    assert_eq!(args[2], count.to_string(), "{file}");
    let shipped_puzzles = puzzle_lines(&shipped);
    assert_eq!(shipped_puzzles.len(), count, "{file}");
    let mut shorter = args[1..].to_vec();
    let prefix_count = prefix.to_string();
    shorter[1] = &prefix_count;
    let regenerated = generate(&shorter);
    assert_eq!(puzzle_lines(&regenerated), shipped_puzzles[..prefix], "{file}");
}

#[test]
fn the_shipped_corpus_is_what_its_header_command_makes() {
    check_shipped_corpus("generated-10000.txt", 10_000, 300);
}

#[test]
fn the_shipped_corpora_of_other_sizes_are_what_their_header_commands_make() {
    check_shipped_corpus("generated-4x4-1000.txt", 1000, 1000);
    check_shipped_corpus("generated-16x16-1000.txt", 1000, 20);
}

/// The 25×25 corpus: one puzzle made again is half a minute to several minutes of work (every
/// clue of a minimal 25×25 puzzle costs a search for a second solution), so only the first is.
/// CI's release run proves every puzzle's one solution with two engines.
#[test]
fn the_shipped_25x25_corpus_begins_with_what_its_header_command_makes() {
    check_shipped_corpus("generated-25x25-42.txt", 42, 1);
}

#[test]
fn a_run_from_a_later_puzzle_makes_the_puzzles_the_whole_run_ends_with() {
    let whole = generate(&["--count", "40", "--seed", "5", "--size", "4"]);
    let part = generate(&["--count", "15", "--seed", "5", "--size", "4", "--start", "25"]);
    assert!(
        part.starts_with("# sudoku generate --count 15 --seed 5 --size 4 --start 25\n"),
        "{part}"
    );
    assert_eq!(puzzle_lines(&part), puzzle_lines(&whole)[25..]);
    let beyond = sudoku(&["generate", "--count", "2", "--start", &u64::MAX.to_string()], b"");
    assert_eq!(beyond.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&beyond.stderr).contains("runs past the last puzzle number"));
}

#[test]
fn generated_puzzles_have_one_solution_counted_by_two_engines() {
    let puzzles = generate(&["--count", "40", "--seed", "77"]);
    for engine in ["dlx", "bitmask-mrv"] {
        let output = sudoku(&["count", "-e", engine], puzzles.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{engine}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n".repeat(40), "{engine}");
    }
}

#[test]
fn an_unwritable_output_is_reported() {
    let output = sudoku(&["generate", "--count", "2", "--out", "no/such/dir/out.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .starts_with("sudoku: cannot write no/such/dir/out.txt: ")
    );
}
