//! `sudoku shuffle`, driven as a user drives it: isomorphs that are other puzzles with the same
//! clues' shape and the same solutions, reproducible from a seed, in the format read.

use crate::common;

use common::{corpus_lines, repository, sudoku, text};

/// The clue counts of a line, one per value, sorted: what relabelling and moving cells keep.
fn clue_profile(line: &str) -> Vec<usize> {
    let mut counts = std::collections::BTreeMap::new();
    for symbol in line.chars().filter(|&symbol| symbol != '.' && symbol != '0') {
        *counts.entry(symbol).or_insert(0) += 1;
    }
    let mut profile: Vec<usize> = counts.into_values().collect();
    profile.sort_unstable();
    profile
}

fn shuffle(seed: &str, input: &str) -> Vec<String> {
    let output = sudoku(&["shuffle", "--seed", seed], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    text(&output.stdout).lines().map(str::to_owned).collect()
}

#[test]
fn isomorphs_are_other_puzzles_with_the_same_clues_shape_and_solution_counts() {
    for (corpus, count) in [
        ("generated-10000.txt", 200),
        ("generated-16x16-1000.txt", 40),
        ("generated-4x4-1000.txt", 40),
    ] {
        let puzzles = corpus_lines(corpus, count);
        let input = puzzles.join("\n") + "\n";
        let isomorphs = shuffle("7", &input);
        assert_eq!(isomorphs.len(), puzzles.len(), "{corpus}: one isomorph per puzzle");
        let mut changed = 0;
        for (puzzle, isomorph) in puzzles.iter().zip(&isomorphs) {
            assert_eq!(isomorph.len(), puzzle.len(), "{corpus}: written as it was read");
            assert_eq!(clue_profile(isomorph), clue_profile(puzzle), "{puzzle} -> {isomorph}");
            changed += usize::from(isomorph != puzzle);
        }
        assert!(changed * 10 >= puzzles.len() * 9, "{corpus}: only {changed} changed");
        // Every shipped puzzle has exactly one solution; so must every isomorph.
        let counted = sudoku(&["count"], (isomorphs.join("\n") + "\n").as_bytes());
        assert_eq!(counted.status.code(), Some(0), "{}", text(&counted.stderr));
        let counts = text(&counted.stdout);
        assert_eq!(counts.lines().count(), puzzles.len());
        assert!(counts.lines().all(|count| count == "1"), "{corpus}: {counts}");
    }
}

#[test]
fn a_seed_gives_the_same_isomorphs_every_time_and_seed_zero_the_puzzles_themselves() {
    let puzzles = corpus_lines("generated-10000.txt", 50);
    let input = puzzles.join("\n") + "\n";
    assert_eq!(shuffle("3", &input), shuffle("3", &input));
    assert_ne!(shuffle("3", &input), shuffle("4", &input));
    assert_eq!(shuffle("0", &input), puzzles);
    // A puzzle's isomorph depends on its number, not only on the seed: the same puzzle
    // twice in a file gets two different ones.
    let twice = shuffle("3", &format!("{}\n{}\n", puzzles[0], puzzles[0]));
    assert_ne!(twice[0], twice[1]);
}

#[test]
fn block_formats_come_back_in_their_format_and_read_back() {
    let sample = repository().join("data/samples/seed004-judge.in");
    let original = std::fs::read_to_string(&sample).unwrap();
    let output = sudoku(&["shuffle", "--seed", "5", sample.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let isomorph = text(&output.stdout);
    assert_eq!(isomorph.lines().count(), original.lines().count(), "{isomorph}");
    assert_ne!(isomorph, original);
    let counted = sudoku(&["count"], isomorph.as_bytes());
    assert_eq!(text(&counted.stdout), "1\n", "{}", text(&counted.stderr));
}

#[test]
fn a_malformed_puzzle_or_a_missing_file_is_reported_and_the_rest_is_shuffled() {
    let puzzles = corpus_lines("generated-10000.txt", 3);
    let bad = format!("{}x{}", &puzzles[1][..40], &puzzles[1][41..]);
    let input = format!("{}\n{bad}\n{}\n", puzzles[0], puzzles[2]);
    let missing = "no/such/puzzles.txt";
    let output = sudoku(&["shuffle", missing, "-"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stderr.lines().next().unwrap().contains(missing), "{stderr}");
    let malformed = stderr.lines().nth(1).unwrap();
    assert!(malformed.contains("<stdin>: puzzle 2, line 2, column 41"), "{stderr}");
    // The two good puzzles are written, and the bad one keeps its line.
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[1], "unreadable", "{stdout}");
}

/// A puzzle with a layout keeps its layout and its clues' places: only its values are
/// relabelled (a pencilmark puzzle's candidates with them), and it has as many solutions.
#[test]
fn puzzles_with_layouts_are_relabelled_in_place() {
    let made = sudoku(&["generate", "--layout", "jigsaw,x", "--count", "3", "--seed", "4"], b"");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let input = text(&made.stdout);
    let marks = "12.......".repeat(40) + &"123456789".repeat(41);
    let input = format!("{input}# layout anti-knight\n{marks}\n");
    let isomorphs = shuffle("9", &input);
    let layout_lines = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|line| line.starts_with("# layout") || line.starts_with("# 1"))
            .cloned()
            .collect()
    };
    let puzzles = |lines: &[String]| -> Vec<String> {
        lines.iter().filter(|line| !line.starts_with('#')).cloned().collect()
    };
    let read: Vec<String> = input.lines().map(str::to_owned).collect();
    assert_eq!(layout_lines(&isomorphs), layout_lines(&read));
    let (before, after) = (puzzles(&read), puzzles(&isomorphs));
    assert_eq!(after.len(), 4);
    for (puzzle, isomorph) in before.iter().zip(&after).take(3) {
        let blanks = |line: &str| line.chars().map(|symbol| symbol == '.').collect::<Vec<_>>();
        assert_eq!(blanks(isomorph), blanks(puzzle), "{puzzle} -> {isomorph}");
        assert_eq!(clue_profile(isomorph), clue_profile(puzzle));
        assert_ne!(isomorph, puzzle);
    }
    assert_ne!(after[3], before[3], "the candidates are relabelled");
    let count = |text: &str| {
        let output = sudoku(&["count", "--limit", "3"], text.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", self::text(&output.stderr));
        self::text(&output.stdout)
    };
    assert_eq!(count(&input), count(&(isomorphs.join("\n") + "\n")));
}
