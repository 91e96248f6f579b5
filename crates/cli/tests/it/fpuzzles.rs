//! Puzzles from the f-puzzles editor (its JSON, or links carrying it), read by every command
//! like any other format.

use crate::common;

use std::process::Output;

use common::{puzzle_lines, repository, sudoku};

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
fn rules_not_read_and_broken_rules_are_refused_by_name_and_the_batch_goes_on() {
    let line = &shipped("generated-10000.txt", 1)[0];
    let file = [
        json(line, 9, ",\"antiknight\":true"),
        json(line, 9, ""),
        format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(&json(
                line,
                9,
                ",\"highlightConflicts\":true,\"modularline\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]"
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
        "puzzle 3, line 3, column 1: f-puzzles puzzle: its rule `modularline` is not one the \
         workbench reads",
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

/// A shipped 9×9 puzzle, its solution, and rules every one of which that solution keeps: a
/// killer cage on r1c1 r1c2 with their sum, a thermometer along the three cells of row 9 taken
/// in increasing order of their values, and a white dot on r5c5 and r5c6 if they are
/// consecutive, else a black one if one is twice the other (none otherwise).
struct Variant {
    line: String,
    solution: Vec<u32>,
    killer: u32,
    thermo: [usize; 3],
}

impl Variant {
    fn new() -> Variant {
        let line = shipped("generated-10000.txt", 1).remove(0);
        let solved = stdout(&sudoku(&["solve"], format!("{line}\n").as_bytes()));
        let solution: Vec<u32> = solved.trim().chars().map(|c| c.to_digit(10).unwrap()).collect();
        assert_eq!(solution.len(), 81, "{solved}");
        let mut thermo = [72, 73, 74];
        thermo.sort_by_key(|&cell| solution[cell]);
        Variant { killer: solution[0] + solution[1], line, solution, thermo }
    }

    fn name(cell: usize) -> String {
        format!("R{}C{}", cell / 9 + 1, cell % 9 + 1)
    }

    /// The puzzle as the editor exports it: its rules, and its display fields (the settings, a
    /// drawn line and text the constraints add-on copies from its rules, the solution).
    fn editor_json(&self, killer: u32) -> String {
        let thermo: Vec<String> =
            self.thermo.iter().map(|&c| format!("\"{}\"", Self::name(c))).collect();
        let thermo = thermo.join(",");
        let extra = format!(
            ",\"author\":\"workbench\",\"ruleset\":\"Normal sudoku rules apply.\",\
             \"highlightConflicts\":true,\"disabledlogic\":[\"Tuples\"],\
             \"truecandidatesoptions\":[\"colored\"],\
             \"killercage\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"{killer}\"}}],\
             \"thermometer\":[{{\"lines\":[[{thermo}]]}}],\
             \"line\":[{{\"lines\":[[{thermo}]],\"outlineC\":\"#CFCFCF\",\"width\":0.5,\
             \"fromConstraint\":\"Thermometer\"}}],\
             \"text\":[{{\"cells\":[\"R1C1\"],\"value\":\"{killer}\",\"fromConstraint\":\"Killer\"}}],\
             \"cage\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"{killer}\",\"outlineC\":\"#000000\"}}],\
             \"solution\":[{}]",
            self.solution.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
        );
        json(&self.line, 9, &extra)
    }

    /// The same rules as `#` lines before the puzzle.
    fn directives(&self, killer: u32) -> String {
        let thermo: Vec<String> =
            self.thermo.iter().map(|&c| Self::name(c).to_ascii_lowercase()).collect();
        format!(
            "# layout classic\n# killer {killer} r1c1 r1c2\n# thermo {}\n{}\n",
            thermo.join(" "),
            self.line
        )
    }

    fn solution_line(&self) -> String {
        self.solution.iter().map(u32::to_string).collect()
    }
}

#[test]
fn links_as_the_editor_exports_them_are_solved_by_their_rules_and_written_back() {
    let variant = Variant::new();
    let json = variant.editor_json(variant.killer);
    let link = format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(&json));
    for input in [&json, &link] {
        // The default engine takes the rules; the answer is the puzzle's solution.
        let output = sudoku(&["solve", "-o", "line"], format!("{input}\n").as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let written = stdout(&output);
        assert_eq!(puzzle_lines(&written), [variant.solution_line()], "{written}");
        // An engine that does not take them refuses by name, and never answers.
        let output = sudoku(&["solve", "--engine", "dlx"], format!("{input}\n").as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains("engine 'dlx' does not take"), "{}", stderr(&output));
        let counted = sudoku(&["count", "--engine", "propagate"], format!("{input}\n").as_bytes());
        assert_eq!(stdout(&counted), "1\n", "{}", stderr(&counted));
    }
    // A cage no solution keeps: the puzzle has none, and that is no error of reading.
    let wrong = variant.editor_json(variant.killer + 1);
    let counted = sudoku(&["count"], format!("{wrong}\n").as_bytes());
    assert_eq!(stdout(&counted), "0\n", "{}", stderr(&counted));
    // Written back as a link, with its rules, it reads again as the same puzzle, solved.
    let output = sudoku(&["solve", "-o", "fpuzzles"], format!("{link}\n").as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let written = stdout(&output);
    assert!(written.starts_with("https://"), "{written}");
    let again = sudoku(&["solve", "-o", "line"], written.as_bytes());
    assert_eq!(puzzle_lines(&stdout(&again)), [variant.solution_line()], "{}", stderr(&again));
}

#[test]
fn rule_lines_say_what_a_link_says_and_a_failed_one_refuses_the_puzzles_after_it() {
    let variant = Variant::new();
    let wanted = stdout(&sudoku(
        &["solve", "-o", "line"],
        format!("{}\n", variant.editor_json(variant.killer)).as_bytes(),
    ));
    let output = sudoku(&["solve"], variant.directives(variant.killer).as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(puzzle_lines(&stdout(&output)), puzzle_lines(&wanted));
    // Lines whose words are no rule are comments.
    let commented = format!(
        "# killer sudoku from the forum\n# thermo\n# arrow r1c1\n{}",
        variant.directives(variant.killer)
    );
    let output = sudoku(&["solve"], commented.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // A rule that does not fit the grid refuses every puzzle after it, until a `# layout`
    // line, and the batch goes on.
    let file = format!(
        "# killer 3 r1c1 r1c10\n{}\n{}\n{}",
        variant.line,
        variant.line,
        variant.directives(variant.killer)
    );
    let output = sudoku(&["solve"], file.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr(&output);
    for puzzle in [1, 2] {
        let expected = format!("puzzle {puzzle}, line {}", puzzle + 1);
        assert!(errors.contains(&expected), "{expected}\n{errors}");
    }
    assert!(errors.contains("r1c10 is not a cell of the 9×9 grid"), "{errors}");
    assert_eq!(
        puzzle_lines(&stdout(&output)).last().copied(),
        puzzle_lines(&wanted).last().copied()
    );
}
