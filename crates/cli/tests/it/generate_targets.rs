//! `sudoku generate` with targets: impossible ones refused in one line naming the flag, before
//! any work; the puzzles written meet them as `sudoku rate` and `sudoku count` see them; the
//! ratings written are `rate`'s; the bytes do not depend on the threads, and parts with
//! `--start` put together are the whole run.

use crate::common;

use std::io::Write;

use common::{generate, puzzle_lines, refused, sudoku};

#[test]
fn impossible_targets_are_refused_in_one_line_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let mask = dir.path().join("mask.txt");
    // Two cells a half turn apart: symmetric under rot180, not under rot90, and too few clues.
    let mut line = vec![b'.'; 81];
    (line[1], line[79]) = (b'x', b'x');
    std::fs::write(&mask, &line).unwrap();
    let mask = mask.to_str().unwrap();
    let cases: [(&[&str], &[&str]); 9] = [
        (&["--clues", "10..16"], &["--clues", "17"]),
        (&["--rating", "12.5..13"], &["--rating", "outside the scale"]),
        (&["--rating", "hard"], &["--rating", "5-forcing"]),
        (&["--symmetry", "spiral"], &["--symmetry", "rot90"]),
        (&["--needs", "fishbone"], &["--needs", "x-wing"]),
        (&["--hardest", "skyscraper"], &["--hardest", "not on this size's ladder"]),
        (&["--pattern", mask, "--symmetry", "rot90"], &["--pattern", "2 clues"]),
        (&["--rating", "1..2", "--needs", "x-cycle"], &["--rating", "X-Cycle"]),
        (&["--pattern", "no/such/mask.txt"], &["--pattern", "no/such/mask.txt"]),
    ];
    for (args, expected) in cases {
        let mut command = vec!["generate", "-n", "1"];
        command.extend_from_slice(args);
        refused(&sudoku(&command, b""), expected);
    }
}

#[test]
fn a_mask_that_breaks_the_symmetry_is_refused_by_symmetry() {
    let dir = tempfile::tempdir().unwrap();
    let mask = dir.path().join("mask.txt");
    // 18 clues on rows 1, 5 and 9: a half turn keeps them, a quarter turn does not.
    let mut rows = vec!["xxx.x.xxx".to_owned(); 9];
    for row in rows.iter_mut().take(8).skip(1) {
        *row = ".........".to_owned();
    }
    rows[4] = "xx.....xx".to_owned();
    let mut file = std::fs::File::create(&mask).unwrap();
    writeln!(file, "{}", rows.join("\n")).unwrap();
    let mask = mask.to_str().unwrap();
    let output = sudoku(&["generate", "-n", "1", "--pattern", mask, "--symmetry", "rot90"], b"");
    refused(&output, &["--symmetry", "rot90"]);
}

#[test]
fn ratings_written_are_those_rate_gives_and_meet_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let text = generate(&["-n", "4", "--seed", "31", "--rating", "2.5..4.2", "--with-rating"]);
    let puzzles = dir.path().join("puzzles.txt");
    let mut lines = Vec::new();
    let mut written = Vec::new();
    for line in puzzle_lines(&text) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 5, "{line}");
        let er: f64 = fields[1].split('/').next().unwrap().parse().unwrap();
        assert!((2.5..=4.2).contains(&er), "{line}");
        lines.push(fields[0]);
        let triple = fields[1].to_owned();
        written.push((
            er,
            triple,
            fields[2].to_owned(),
            fields[3].to_owned(),
            fields[4].to_owned(),
        ));
    }
    assert!(!lines.is_empty(), "{text}");
    std::fs::write(&puzzles, lines.join("\n") + "\n").unwrap();
    let rated = sudoku(&["rate", "-o", "csv", puzzles.to_str().unwrap()], b"");
    let rated = String::from_utf8(rated.stdout).unwrap();
    let rows: Vec<Vec<&str>> = rated.lines().skip(1).map(|row| row.split(',').collect()).collect();
    assert_eq!(rows.len(), written.len(), "{rated}");
    for (row, (er, triple, clues, hardest, band)) in rows.iter().zip(&written) {
        // file,number,line,size,clues,solutions,hardest,hardest_key,difficulty,pearl,diamond,
        // steps,end,band
        assert_eq!(row[4], clues);
        assert_eq!(row[5], "1");
        assert_eq!(row[7], hardest);
        assert_eq!(row[8].parse::<f64>().unwrap(), *er);
        let tenths = |field: &str| format!("{:.1}", field.parse::<f64>().unwrap());
        assert_eq!([8, 9, 10].map(|at| tenths(row[at])).join("/"), *triple, "as generate wrote it");
        assert_eq!(row[13], band);
    }
}

#[test]
fn csv_has_a_header_and_no_comments() {
    let text = generate(&["-n", "2", "--seed", "3", "--symmetry", "diagonal", "--csv"]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("puzzle,er,ep,ed,clues,hardest,band"));
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[0].len(), 81);
        let clues = fields[0].bytes().filter(|&b| b != b'.').count();
        assert_eq!(fields[4], clues.to_string());
    }
}

#[test]
fn the_same_seed_writes_the_same_bytes_at_one_and_two_threads_and_parts_make_the_whole() {
    let targets = ["--symmetry", "rot180", "--rating", "3..6.6", "--seed", "17"];
    let run = |extra: &[&str]| {
        let mut args = targets.to_vec();
        args.extend_from_slice(extra);
        generate(&args)
    };
    let one = run(&["-n", "6", "-j", "1"]);
    assert_eq!(run(&["-n", "6", "-j", "2"]), one);
    let first = run(&["-n", "2", "-j", "2"]);
    let rest = run(&["-n", "4", "--start", "2", "-j", "2"]);
    let mut parts = puzzle_lines(&first);
    parts.extend(puzzle_lines(&rest));
    assert_eq!(parts, puzzle_lines(&one));
    assert!(rest.starts_with("# sudoku generate --count 4 --seed 17 --start 2 --symmetry rot180"));
}

#[test]
fn the_yield_is_said_at_the_end() {
    let output = sudoku(&["generate", "-n", "3", "--clues", "30..40", "--not-minimal"], b"");
    // A note wrapped to the output's width goes on in lines indented by two spaces.
    let stderr = String::from_utf8_lossy(&output.stderr).replace("\n  ", " ");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let yield_line = stderr.lines().nth(1).unwrap_or_default();
    assert!(yield_line.starts_with("yield: 3 of 3 puzzle numbers met the targets"), "{stderr}");
    assert!(yield_line.contains("CPU seconds per puzzle written"), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("# 3 of 3 puzzle numbers met the targets within 2000 attempts each"));
}

#[test]
fn puzzles_near_the_ones_given_are_new_on_target_and_bad_starts_are_refused_by_place() {
    let dir = tempfile::tempdir().unwrap();
    // Rated 10.5 (nested forcing chains): made by the generator near the hardest published.
    let hard = "..4..38...7..8....2..1....6..3....9..8..2....1..7....3......45....8..9....9..5..8";
    let near = dir.path().join("near.txt");
    std::fs::write(&near, format!("# a hard one\n{hard}\n")).unwrap();
    let near = near.to_str().unwrap();
    let text =
        generate(&["-n", "1", "--seed", "3", "--near", near, "--rating", "9.0..", "--with-rating"]);
    assert!(text.contains(&format!("--near {near}")), "{text}");
    let lines = puzzle_lines(&text);
    assert_eq!(lines.len(), 1, "{text}");
    let puzzle = lines[0].split_whitespace().next().unwrap();
    assert_ne!(puzzle, hard);
    let er: f64 =
        lines[0].split_whitespace().nth(1).unwrap().split('/').next().unwrap().parse().unwrap();
    assert!(er >= 9.0, "{}", lines[0]);
    let rated = sudoku(&["rate", "-o", "csv"], format!("{puzzle}\n").as_bytes());
    assert!(String::from_utf8_lossy(&rated.stdout).contains(&format!("{er:.1}")));
    let counted = sudoku(&["count"], format!("{puzzle}\n").as_bytes());
    assert_eq!(String::from_utf8_lossy(&counted.stdout).trim(), "1");

    let open = dir.path().join("open.txt");
    std::fs::write(&open, format!("{hard}\n{}\n", "1".to_owned() + &".".repeat(80))).unwrap();
    let broken = dir.path().join("broken.txt");
    std::fs::write(&broken, format!("{hard}\n{}\n", "11".to_owned() + &".".repeat(79))).unwrap();
    let cases: [(&[&str], &[&str]); 4] = [
        (
            &["--near", open.to_str().unwrap()],
            &["--near", "puzzle 2 of --near has more than one solution"],
        ),
        (&["--near", broken.to_str().unwrap()], &["--near", "broken.txt", "line 2"]),
        (&["--near", near, "--symmetry", "rot180"], &["--symmetry", "not rot180-symmetric"]),
        (&["--near", "no/such/file.txt"], &["--near", "no/such/file.txt"]),
    ];
    for (args, expected) in cases {
        let mut command = vec!["generate", "-n", "1"];
        command.extend_from_slice(args);
        refused(&sudoku(&command, b""), expected);
    }
}
