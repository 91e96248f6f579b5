//! `sudoku canon`, `candidates`, `minimize` and `count --list`/`--estimate`, driven as a user
//! drives them, and checked against what counting and shuffling say.

use crate::common;

use std::collections::BTreeSet;

use common::{corpus_lines, repository, sudoku, text};

/// Runs `sudoku ARGS` on `input`; asserts exit code `code`; returns standard output's lines.
fn lines(args: &[&str], input: &str, code: i32) -> Vec<String> {
    let output = sudoku(args, input.as_bytes());
    assert_eq!(output.status.code(), Some(code), "{args:?}: {}", text(&output.stderr));
    text(&output.stdout).lines().map(str::to_owned).collect()
}

fn joined(puzzles: &[String]) -> String {
    puzzles.iter().map(|line| format!("{line}\n")).collect()
}

#[test]
fn the_published_17_clue_list_opens_in_the_default_form() {
    let path = repository().join("../shared/corpora/17-clue.txt");
    let Ok(corpus) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is absent", path.display());
        return;
    };
    let puzzles: Vec<String> = corpus
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(300)
        .map(|line| line.trim_end().to_owned())
        .collect();
    assert_eq!(lines(&["canon"], &joined(&puzzles), 0), puzzles);
}

#[test]
fn every_isomorph_maps_to_the_form_of_its_puzzle() {
    for (corpus, count) in [("generated-10000.txt", 150), ("generated-4x4-1000.txt", 100)] {
        let puzzles = corpus_lines(corpus, count);
        let input = joined(&puzzles);
        for convention in [&["canon"][..], &["canon", "--pattern-first"]] {
            let forms = lines(convention, &input, 0);
            assert_eq!(forms.len(), puzzles.len());
            for seed in ["1", "2", "99", "12345"] {
                let isomorphs = lines(&["shuffle", "--seed", seed], &input, 0);
                assert_ne!(isomorphs, puzzles);
                assert_eq!(lines(convention, &joined(&isomorphs), 0), forms, "{corpus} {seed}");
            }
            // A form is its own form.
            assert_eq!(lines(convention, &joined(&forms), 0), forms, "{corpus}");
        }
    }
}

/// The most symmetric solution grid (each band and stack a cyclic shift of the first) is its
/// own form, and 648 of the cell transformations, each with its relabelling, map it to itself.
#[test]
fn a_symmetric_grid_and_its_isomorphs_share_its_form_and_automorphism_count() {
    let grid = "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    let mut isomorphs = vec![grid.to_owned()];
    for seed in ["1", "2", "3", "4"] {
        isomorphs.extend(lines(&["shuffle", "--seed", seed], &format!("{grid}\n"), 0));
    }
    let forms = lines(&["canon", "--automorphisms"], &joined(&isomorphs), 0);
    assert_eq!(forms.len(), isomorphs.len());
    for form in &forms {
        assert_eq!(form, &format!("{grid} 648"), "{isomorphs:?}");
    }
}

#[test]
fn solution_grids_have_forms_too() {
    let puzzles = corpus_lines("generated-10000.txt", 40);
    let grids = lines(&["solve"], &joined(&puzzles), 0);
    let forms = lines(&["canon", "--automorphisms"], &joined(&grids), 0);
    let isomorphs = lines(&["shuffle", "--seed", "5"], &joined(&grids), 0);
    assert_eq!(lines(&["canon", "--automorphisms"], &joined(&isomorphs), 0), forms);
    for form in &forms {
        let (grid, automorphisms) = form.split_once(' ').unwrap();
        assert!(grid.starts_with("123456789"), "{grid}");
        assert!(automorphisms.parse::<u64>().unwrap() >= 1);
    }
}

#[test]
fn dedupe_keeps_the_first_puzzle_of_each_class() {
    let puzzles = corpus_lines("generated-10000.txt", 60);
    let classes: BTreeSet<String> = lines(&["canon"], &joined(&puzzles), 0).into_iter().collect();
    let mut input = puzzles.clone();
    for seed in ["3", "4"] {
        input.extend(lines(&["shuffle", "--seed", seed], &joined(&puzzles), 0));
    }
    input.extend(puzzles[..10].iter().cloned());
    let kept = lines(&["canon", "--dedupe"], &joined(&input), 0);
    assert_eq!(kept.len(), classes.len());
    // The first of each class is the one read first: the originals.
    assert_eq!(kept, puzzles[..kept.len()]);
}

#[test]
fn keep_pattern_only_renumbers_the_values() {
    let input = "..9..3..1\n".repeat(0)
        + "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    let form = lines(&["canon", "--keep-pattern"], &input, 0);
    assert_eq!(
        form,
        ["1...2.......3..4..........5....6..7..4....3...8.9........5.98..6.2....1.7........"]
    );
}

#[test]
fn a_size_without_forms_and_a_malformed_puzzle_are_refused_with_their_place() {
    let sixteen = corpus_lines("generated-16x16-1000.txt", 1).join("\n") + "\n";
    let output = sudoku(&["canon"], sixteen.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("puzzle 1, line 1") && stderr.contains("16×16"), "{stderr}");
    let output = sudoku(&["canon"], b"11..\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("line 1"), "{}", text(&output.stderr));
}

/// `puzzle` (a 9×9 line) without its first `count` givens.
fn without_givens(puzzle: &str, count: usize) -> String {
    let mut removed = 0;
    puzzle
        .chars()
        .map(|symbol| {
            if symbol != '.' && removed < count {
                removed += 1;
                '.'
            } else {
                symbol
            }
        })
        .collect()
}

/// Every solution of `puzzle` as `count --list` writes them, and the count after them.
fn listed(puzzle: &str) -> (Vec<String>, String) {
    let mut out =
        lines(&["count", "--list", "1000000", "--limit", "1000000"], &format!("{puzzle}\n"), 0);
    let count = out.pop().unwrap();
    (out, count)
}

#[test]
fn count_list_writes_the_first_solutions_then_the_count() {
    let (all, count) = listed("................");
    assert_eq!((all.len(), count.as_str()), (288, "288"));
    assert_eq!(all.iter().collect::<BTreeSet<_>>().len(), 288);
    let first = lines(&["count", "--list", "3"], "................\n", 0);
    assert_eq!(first[..3], all[..3]);
    assert_eq!(first[3], "2+");
}

/// `count --list` writes each solution as it is found: by the time its first line can be read,
/// the command holds far less than the million solutions asked for would take (116 MB at
/// 9×9), however many come after. (Read from `/proc`: Linux.)
#[cfg(target_os = "linux")]
#[test]
fn count_list_writes_each_solution_as_it_is_found() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let empty = format!("{}\n", ".".repeat(81));
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["count", "--list", "1000000", "-j", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(empty.as_bytes()).unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first.trim_end().len(), 81, "{first}");
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(peak < 40_000, "{peak} kB held before the first solution was written");
}

#[test]
fn candidates_are_the_union_of_every_solution() {
    let puzzles: Vec<String> =
        corpus_lines("generated-10000.txt", 12).iter().map(|p| without_givens(p, 3)).collect();
    let output = sudoku(&["candidates", "-o", "json"], joined(&puzzles).as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let found = document["puzzles"].as_array().unwrap();
    assert_eq!(found.len(), puzzles.len());
    let mut several = 0;
    for (puzzle, found) in puzzles.iter().zip(found) {
        let (solutions, count) = listed(puzzle);
        assert_eq!(count, solutions.len().to_string());
        several += usize::from(solutions.len() > 1);
        for cell in 0..81 {
            let union: BTreeSet<u64> =
                solutions.iter().map(|s| u64::from(s.as_bytes()[cell] - b'0')).collect();
            let marks: BTreeSet<u64> = found["cells"][cell]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            assert_eq!(marks, union, "{puzzle} cell {cell}");
        }
    }
    assert!(several >= 6, "only {several} puzzles with several solutions");
}

#[test]
fn candidate_counts_add_up_to_the_solutions_and_stop_at_the_cap() {
    let puzzle = without_givens(&corpus_lines("generated-10000.txt", 1)[0], 4);
    let (solutions, _) = listed(&puzzle);
    let output =
        sudoku(&["candidates", "-o", "json", "--cap", "1000000"], format!("{puzzle}\n").as_bytes());
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for cell in 0..81 {
        let marks = document["puzzles"][0]["cells"][cell].as_array().unwrap();
        let total: u64 = marks.iter().map(|mark| mark["count"].as_u64().unwrap()).sum();
        assert_eq!(total, solutions.len() as u64, "cell {cell}");
    }
    let text_grid = lines(&["candidates", "--cap", "1"], &format!("{puzzle}\n"), 0);
    assert_eq!(text_grid.len(), 11, "{text_grid:?}");
    assert!(text_grid.iter().any(|line| line.contains("(1+)")), "{text_grid:?}");
}

#[test]
fn a_puzzle_without_solution_says_so() {
    let puzzle = "123456...\n".to_owned().replace('\n', "") + "........7" + &".".repeat(63) + "\n";
    let output = sudoku(&["candidates"], puzzle.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout).trim(), "puzzle 1: no solution");
}

#[test]
fn minimize_check_agrees_with_removing_each_given_and_counting() {
    let puzzles = corpus_lines("generated-10000.txt", 8);
    let solutions = lines(&["solve"], &joined(&puzzles), 0);
    // Each minimal puzzle with two of its solution's values given back.
    let fuller: Vec<String> = puzzles
        .iter()
        .zip(&solutions)
        .map(|(puzzle, solution)| {
            let mut added = 0;
            puzzle
                .chars()
                .zip(solution.chars())
                .map(|(p, s)| {
                    if p == '.' && added < 2 {
                        added += 1;
                        s
                    } else {
                        p
                    }
                })
                .collect()
        })
        .collect();
    let mut input = puzzles.clone();
    input.extend(fuller.iter().cloned());
    let output = sudoku(&["minimize", "--check"], joined(&input).as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let checked: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    for (puzzle, line) in input.iter().zip(&checked) {
        let mut expected = Vec::new();
        for (cell, symbol) in puzzle.char_indices() {
            if symbol == '.' {
                continue;
            }
            let fewer = format!("{}.{}", &puzzle[..cell], &puzzle[cell + 1..]);
            if lines(&["count"], &format!("{fewer}\n"), 0) == ["1"] {
                expected.push(format!("r{}c{}", cell / 9 + 1, cell % 9 + 1));
            }
        }
        let expected = if expected.is_empty() { "minimal".to_owned() } else { expected.join(" ") };
        assert_eq!(*line, expected, "{puzzle}");
    }
    assert_eq!(
        lines(&["minimize", "--check"], &joined(&puzzles), 0),
        vec!["minimal"; puzzles.len()]
    );
    // Minimized, each is minimal and keeps its solution, whatever the order.
    for extra in [&[][..], &["--seed", "4"]] {
        let args: Vec<&str> = ["minimize"].iter().copied().chain(extra.iter().copied()).collect();
        let minimal = lines(&args, &joined(&fuller), 0);
        assert_eq!(
            lines(&["minimize", "--check"], &joined(&minimal), 0),
            vec!["minimal"; fuller.len()]
        );
        assert_eq!(lines(&["solve"], &joined(&minimal), 0), solutions);
    }
}

#[test]
fn count_estimate_covers_the_known_counts() {
    let nine_empty = ".".repeat(81);
    let mut cases: Vec<(String, f64)> =
        vec![("................".to_owned(), 288.0), (nine_empty, 6_670_903_752_021_072_936_960.0)];
    for (index, puzzle) in corpus_lines("generated-10000.txt", 48).iter().enumerate() {
        let fewer = without_givens(puzzle, 3 + index % 4);
        let count = lines(&["count", "--limit", "1000000"], &format!("{fewer}\n"), 0);
        // Counts the engine could not finish within the limit are left out.
        if let Ok(count) = count[0].parse() {
            cases.push((fewer, count));
        }
    }
    let input: String = cases.iter().map(|(puzzle, _)| format!("{puzzle}\n")).collect();
    let args = ["count", "--estimate", "--probes", "3000", "--seconds", "1000", "-o", "json"];
    let output = sudoku(&args, input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let estimates = document["puzzles"].as_array().unwrap();
    assert_eq!(estimates.len(), cases.len());
    let mut covered = 0;
    for ((puzzle, truth), found) in cases.iter().zip(estimates) {
        let (lower, upper) =
            (found["lower"].as_f64(), found["upper"].as_f64().unwrap_or(f64::INFINITY));
        let lower = lower.unwrap();
        covered += usize::from(lower <= *truth && *truth <= upper);
        assert!(found["estimate"].as_f64().unwrap() >= 0.0, "{puzzle}");
    }
    assert!(cases.len() >= 30, "{} cases", cases.len());
    assert!(covered * 100 >= cases.len() * 95, "{covered} of {} covered", cases.len());
    // The empty grids, at least, are estimated within a factor of two.
    for (index, truth) in [(0, 288.0), (1, 6.670_903_752_021_073e21)] {
        let estimate = estimates[index]["estimate"].as_f64().unwrap();
        assert!(estimate > truth / 2.0 && estimate < truth * 2.0, "{estimate}");
    }
}

/// Every output of a line a puzzle keeps line N for puzzle N: an unreadable puzzle gets the
/// `unreadable` line, one the command does not take (`canon` of a layout) `unsupported`, and
/// `minimize` a puzzle without one solution `not-unique`, in every command that writes a line
/// a puzzle (`canon`, `minimize`, `shuffle` of one-line puzzles, `count --estimate`).
#[test]
fn a_puzzle_without_an_answer_keeps_its_line_in_every_one_line_output() {
    let good = corpus_lines("generated-10000.txt", 2);
    let bad = good[0].replacen('.', "!", 1);
    let several = without_givens(&good[1], 6);
    let input = joined(&[good[0].clone(), bad, good[1].clone(), several.clone()]);
    let check = |args: &[&str], placeholders: &[(usize, &str)]| {
        let output = sudoku(args, input.as_bytes());
        let out = text(&output.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{args:?}: a line a puzzle: {out}");
        for &(index, placeholder) in placeholders {
            assert_eq!(lines[index], placeholder, "{args:?}: {out}");
        }
        assert!(!lines[0].is_empty() && !lines[2].is_empty(), "{args:?}: {out}");
    };
    check(&["canon"], &[(1, "unreadable")]);
    check(&["canon", "--automorphisms"], &[(1, "unreadable")]);
    check(&["minimize"], &[(1, "unreadable"), (3, "not-unique")]);
    check(&["minimize", "--check"], &[(0, "minimal"), (1, "unreadable"), (3, "not-unique")]);
    check(&["shuffle", "--seed", "5"], &[(1, "unreadable")]);
    check(&["count", "--estimate", "--seconds", "0.05"], &[(1, "unreadable")]);
    // A layout `canon` does not take is `unsupported`, in its place.
    let x = format!("{}\n# layout x\n{}\n", good[0], ".".repeat(81));
    let output = sudoku(&["canon"], x.as_bytes());
    let out = text(&output.stdout);
    assert_eq!(out.lines().nth(1), Some("unsupported"), "{out}");
    assert_eq!(output.status.code(), Some(2));
}
