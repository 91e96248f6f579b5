//! Puzzles from the f-puzzles editor (its JSON, or links carrying it), read by every command
//! like any other format.

mod common;

use std::process::Output;

use common::{repository, sudoku};

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The first `count` puzzle lines of a shipped corpus.
fn shipped(name: &str, count: usize) -> Vec<String> {
    let text = std::fs::read_to_string(repository().join("data/corpus").join(name)).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(count)
        .map(str::to_owned)
        .collect()
}

/// `line` (a one-line puzzle of `side`, `1-9A-Z` and `.`) as the f-puzzles editor saves it:
/// its givens, and a digit the solver typed into the first blank cell of a row, which is not a
/// clue; `extra` is added to its fields.
fn json(line: &str, side: usize, extra: &str) -> String {
    let symbols: Vec<char> = line.chars().collect();
    let rows: Vec<String> = symbols
        .chunks(side)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(col, &symbol)| match symbol.to_digit(36) {
                    Some(value) if symbol != '.' => format!("{{\"value\":{value},\"given\":true}}"),
                    // A digit the solver typed in, with pencil marks: no clue.
                    _ if col == 0 => "{\"value\":1,\"centerPencilMarks\":[2,3]}".to_owned(),
                    _ => "{}".to_owned(),
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("{{\"size\":{side},\"title\":\"Classic\",\"grid\":[{}]{extra}}}", rows.join(","))
}

#[test]
fn links_and_json_of_every_side_are_solved_and_counted_as_their_lines_are() {
    for (corpus, side) in
        [("generated-6x6-1000.txt", 6), ("generated-10000.txt", 9), ("generated-12x12-100.txt", 12)]
    {
        let lines = shipped(corpus, 4);
        let mut file = String::new();
        for line in &lines {
            let json = json(line, side, ",\"diagonal+\":false,\"thermometer\":[]");
            file.push_str(&format!("{json}\n"));
            let packed = lz_str::compress_to_base64(&json);
            file.push_str(&format!("https://www.f-puzzles.com/?load={packed}\n"));
        }
        let expected: String =
            lines.iter().flat_map(|line| [line, line]).map(|l| format!("{l}\n")).collect();
        let wanted = stdout(&sudoku(&["solve"], expected.as_bytes()));
        let solved = sudoku(&["solve"], file.as_bytes());
        assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
        assert_eq!(stdout(&solved), wanted, "{corpus}: each solution as a line");
        let counted = sudoku(&["count", "--engine", "dlx"], file.as_bytes());
        assert_eq!(stdout(&counted), "1\n".repeat(8), "{corpus}");
    }
}

#[test]
fn constraints_not_read_and_broken_rules_are_refused_by_name_and_the_batch_goes_on() {
    let line = &shipped("generated-10000.txt", 1)[0];
    let file = [
        json(line, 9, ",\"antiknight\":true"),
        json(line, 9, ""),
        format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(&json(
                line,
                9,
                ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]"
            ))
        ),
        "https://www.f-puzzles.com/?load=%G1".to_owned(),
    ]
    .join("\n");
    let output = sudoku(&["solve"], file.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    // The one puzzle read is solved; the three others are named on standard error, and each
    // has its placeholder line, so that line N of the output answers puzzle N.
    let solution = stdout(&sudoku(&["solve"], line.as_bytes()));
    let expected = format!("unreadable\n{solution}unreadable\nunreadable\n");
    assert_eq!(stdout(&output), expected);
    assert_eq!(stdout(&sudoku(&["solve", "-o", "line"], file.as_bytes())), expected);
    let counted = sudoku(&["count"], file.as_bytes());
    assert_eq!(stdout(&counted), "unreadable\n1\nunreadable\nunreadable\n");
    let errors = stderr(&output);
    for expected in [
        // Anti-knight is read, and these givens break it.
        "puzzle 1, line 1, column 1: f-puzzles puzzle: its givens break its rules: 1 at r7c5 \
         repeats a knight's move away (at r5c6)",
        "puzzle 3, line 3, column 1: f-puzzles puzzle: its constraint `killercage` is not read",
        "puzzle 4, line 4, column 1: f-puzzles puzzle: the link has a broken percent escape",
    ] {
        assert!(errors.contains(expected), "{expected}\n{errors}");
    }
    // A clash among the givens is the error any format gives it.
    let clash = line.replacen('.', &line.chars().find(|c| *c != '.').unwrap().to_string(), 1);
    let output = sudoku(&["count"], json(&clash, 9, "").as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("repeats"), "{}", stderr(&output));
}
