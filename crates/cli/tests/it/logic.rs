//! `sudoku explain`, `sudoku rate` and `sudoku bench --by-difficulty`, driven as a user drives
//! them.

use crate::common;

use common::{repository, sudoku, sudoku_in};
use serde_json::Value;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn sample(name: &str) -> String {
    repository().join("data/samples").join(name).display().to_string()
}

fn corpus(name: &str) -> String {
    repository().join("data/corpus").join(name).display().to_string()
}

/// The first puzzle of `../shared/corpora/top1465.txt`, or `None` with a notice.
fn top1465_first() -> Option<String> {
    let path = repository().join("../shared/corpora/top1465.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("NOTICE: top1465 test skipped: {} not found", path.display());
        return None;
    };
    text.lines().find(|line| !line.starts_with('#') && !line.trim().is_empty()).map(str::to_owned)
}

#[test]
fn explain_numbers_every_step_and_ends_with_the_samples_solution() {
    for (input, expected) in
        [("seed004-judge.in", "seed004-judge.out"), ("seed004-pretty.in", "seed004-pretty.out")]
    {
        let output = sudoku(&["explain", &sample(input)], b"");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let stdout = text(&output.stdout);
        let solution = std::fs::read_to_string(sample(expected)).unwrap();
        assert!(stdout.ends_with(&solution), "{input}: the path ends in the solution:\n{stdout}");
        let steps: Vec<&str> = stdout
            .lines()
            .filter(|line| line.trim_start().starts_with(char::is_numeric) && line.contains(". "))
            .collect();
        let empty = 81 - 32;
        assert_eq!(steps.len(), empty, "{input}: a placing step per empty cell (singles only)");
        for (index, line) in steps.iter().enumerate() {
            assert!(line.trim_start().starts_with(&format!("{}. ", index + 1)), "{line}");
            assert!(line.contains(" => r"), "{line}: what the step makes, in r1c1 notation");
        }
        assert!(stdout.contains(&format!("Solved in {empty} steps; hardest: ")));
    }
}

#[test]
fn explain_reads_a_puzzle_given_on_the_command_line_and_shows_pencil_marks_on_request() {
    let puzzle =
        "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..";
    let plain = sudoku(&["explain", puzzle], b"");
    assert_eq!(plain.status.code(), Some(0), "{}", text(&plain.stderr));
    let with_grid = sudoku(&["explain", "--grid", puzzle], b"");
    assert_eq!(with_grid.status.code(), Some(0));
    let plain = text(&plain.stdout);
    let with_grid = text(&with_grid.stdout);
    let steps = plain.lines().filter(|line| line.contains(" => ")).count();
    // Each step is preceded by a grid of 9 rows and 4 rules.
    let rules = with_grid.lines().filter(|line| line.starts_with("+-")).count();
    assert_eq!(rules, 4 * steps);
    assert!(with_grid.contains("| 3 "), "the first row's clue");
    // The last line of the solution, written on one line as the puzzle was.
    assert_eq!(plain.lines().last().unwrap().len(), 81);
}

#[test]
fn explain_json_holds_every_step_as_data_that_agrees_with_the_solution() {
    let output = sudoku(&["explain", "--format", "json", &sample("seed004-judge.in")], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let puzzle = &json["puzzles"][0];
    assert_eq!(puzzle["end"], "solved");
    assert_eq!(puzzle["solutions"], "1");
    let solution: Vec<u8> =
        puzzle["solution"].as_str().unwrap().bytes().map(|b| b - b'0').collect();
    let steps = puzzle["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for step in steps {
        assert!(step["text"].as_str().unwrap().starts_with(step["technique"].as_str().unwrap()));
        for placement in step["placements"].as_array().unwrap() {
            let (row, column) =
                (placement["row"].as_u64().unwrap(), placement["column"].as_u64().unwrap());
            let cell = ((row - 1) * 9 + column - 1) as usize;
            assert_eq!(u64::from(solution[cell]), placement["digit"].as_u64().unwrap());
            assert_eq!(placement["cell"], format!("r{row}c{column}"));
        }
    }
}

#[test]
fn explain_shows_the_candidates_where_techniques_are_stuck_and_says_when_there_is_no_solution() {
    // One full row: a puzzle with many solutions, where nothing sound can be placed for long.
    let several = format!("123456789{}", ".".repeat(72));
    let several = several.as_str();
    let stuck = sudoku(&["explain", several], b"");
    assert_eq!(stuck.status.code(), Some(1), "{}", text(&stuck.stderr));
    let stdout = text(&stuck.stdout);
    assert!(stdout.contains("several solutions"), "{stdout}");
    assert!(stdout.contains("Stuck after "), "{stdout}");
    assert!(stdout.lines().last().unwrap().starts_with("+-"), "ends with the candidate grid");

    // r1c9 sees 1-8 in its row and 9 in its column: no solution, though no clue repeats.
    let none = "12345678.........9...............................................................";
    let output = sudoku(&["explain", none], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("No solution"), "{}", text(&output.stdout));
}

#[test]
fn explain_rejects_bad_input_with_one_line_and_exit_code_2() {
    let missing = sudoku(&["explain", "no/such/file.txt"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(text(&missing.stderr).lines().count(), 1, "{}", text(&missing.stderr));
    let malformed = sudoku(&["explain", "-"], b"12345x789\n");
    assert_eq!(malformed.status.code(), Some(2));
    assert!(text(&malformed.stderr).contains("line 1"), "{}", text(&malformed.stderr));
}

#[test]
fn explain_walks_a_top1465_puzzle_to_its_solution() {
    let Some(puzzle) = top1465_first() else { return };
    let output = sudoku(&["explain", &puzzle], b"");
    let stdout = text(&output.stdout);
    let solved = output.status.code() == Some(0);
    assert!(solved || stdout.contains("Stuck after"), "{stdout}");
    if solved {
        let last = stdout.lines().last().unwrap();
        let solution = sudoku(&["solve"], format!("{puzzle}\n").as_bytes());
        assert_eq!(format!("{last}\n"), text(&solution.stdout));
    }
}

#[test]
fn rate_counts_every_puzzle_once_in_every_format_and_threads_do_not_change_it() {
    let file = corpus("generated-4x4-1000.txt");
    let table = sudoku(&["rate", &file], b"");
    assert_eq!(table.status.code(), Some(0), "{}", text(&table.stderr));
    let table = text(&table.stdout);
    assert!(table.contains("1000 puzzles rated"), "{table}");
    assert!(table.contains("solved without guessing: 1000 of 1000"), "{table}");

    // 2,000 puzzles of the shipped file: enough for the two threads to interleave their
    // chunks many times, few enough that rating them twice stays quick.
    let shipped = std::fs::read_to_string(corpus("generated-10000.txt")).unwrap();
    let puzzles: String = shipped
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(2000)
        .map(|line| format!("{line}\n"))
        .collect();
    let directory = tempfile::tempdir().unwrap();
    let slice = directory.path().join("first-2000.txt");
    std::fs::write(&slice, puzzles).unwrap();
    let slice = slice.display().to_string();
    let one = sudoku(&["rate", "-o", "csv", "-j", "1", &slice], b"");
    // Checked step by step against each solution (which every step of every puzzle holds
    // in), the ratings are the same.
    let two = sudoku(&["rate", "-o", "csv", "-j", "2", "--check-steps", &slice], b"");
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(two.status.code(), Some(0), "{}", text(&two.stderr));
    assert_eq!(text(&one.stdout).lines().count(), 2_001, "a header and a row per puzzle");
    assert_eq!(one.stdout, two.stdout, "the rows do not depend on the threads or the check");

    let json = sudoku(&["rate", "-o", "json", &file], b"");
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let first = &json["files"][0];
    assert_eq!(first["puzzles"].as_array().unwrap().len(), 1000);
    let by_hardest: u64 = first["by_hardest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["puzzles"].as_u64().unwrap())
        .sum();
    let rest = ["already_solved", "needs_guessing", "no_solution", "several_solutions"]
        .iter()
        .map(|key| first[key].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(by_hardest + rest, 1000);
}

#[test]
fn rate_goes_on_past_a_malformed_puzzle_and_exits_2() {
    let input = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..\n\
                 3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.x\n\
                 3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..\n";
    let output = sudoku(&["rate", "-o", "csv"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout).lines().count(), 3, "{}", text(&output.stdout));
    assert!(text(&output.stderr).contains("line 2"), "{}", text(&output.stderr));
}

#[test]
fn the_shards_of_rate_put_together_are_the_whole_run() {
    // Three hundred shipped puzzles in two files, the way a long list is rated on many
    // machines: each part rates puzzles K, K+3, ... of every file, and its rows sorted by file
    // and number with the other parts' are the rows of one run.
    let shipped = std::fs::read_to_string(corpus("generated-10000.txt")).unwrap();
    let puzzles: Vec<&str> =
        shipped.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect();
    let mut first: Vec<String> = puzzles[..200].iter().map(|line| (*line).to_owned()).collect();
    let second: Vec<&str> = puzzles[5000..5100].to_vec();
    // Puzzle 8 of the first file cannot be read: only the part that holds it (2 of 3) says so.
    first[7].replace_range(80.., "x");
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path();
    std::fs::write(dir.join("a.txt"), first.join("\n") + "\n").unwrap();
    std::fs::write(dir.join("b.txt"), second.join("\n") + "\n").unwrap();
    // The second file first on the command line: the merge orders by file name, the run by
    // the order given, and both are the same set of rows.
    let files = ["b.txt", "a.txt"];
    let whole = sudoku_in(dir, &[&["rate", "-o", "csv", "-j", "2"], &files[..]].concat());
    assert_eq!(whole.status.code(), Some(2), "{}", text(&whole.stderr));
    let whole = text(&whole.stdout);
    let header = whole.lines().next().unwrap().to_owned();
    assert!(header.starts_with("file,number,"), "{header}");
    let key = |row: &str| -> (String, usize) {
        let mut fields = row.split(',');
        let file = fields.next().unwrap().to_owned();
        (file, fields.next().unwrap().parse().unwrap())
    };
    let given_order = |row: &str| {
        let (file, number) = key(row);
        (file != "b.txt", number)
    };
    assert!(
        whole.lines().skip(1).map(given_order).is_sorted(),
        "one run writes the files in the order given, each in its puzzles' order"
    );
    let mut expected: Vec<String> = whole.lines().skip(1).map(str::to_owned).collect();
    assert_eq!(expected.len(), 299, "every puzzle but the unreadable one has its row");
    expected.sort_by_key(|row| key(row));
    let mut merged: Vec<String> = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let args = [&["rate", "-o", "csv", "-j", "1", "--shard", &shard], &files[..]].concat();
        let part = sudoku_in(dir, &args);
        let unreadable = text(&part.stderr).contains("puzzle 8, line 8");
        assert_eq!(unreadable, k == 2, "shard {shard}: {}", text(&part.stderr));
        assert_eq!(part.status.code(), Some(if k == 2 { 2 } else { 0 }), "shard {shard}");
        let part = text(&part.stdout);
        assert_eq!(part.lines().next(), Some(header.as_str()), "each part has the header");
        let rows: Vec<&str> = part.lines().skip(1).collect();
        assert!(rows.len() >= 99, "shard {shard} holds a third of the rows: {}", rows.len());
        for row in rows {
            let (file, number) = key(row);
            assert!(file == "a.txt" || file == "b.txt", "{row}");
            assert_eq!((number - 1) % 3, k - 1, "shard {shard} holds puzzles {k}, {k}+3, ...");
            merged.push(row.to_owned());
        }
    }
    merged.sort_by_key(|row| key(row));
    assert_eq!(merged, expected, "the parts, sorted by file and number, make the whole");

    let refused = sudoku_in(dir, &["rate", "--shard", "4/3", "a.txt"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--shard"), "{}", text(&refused.stderr));
}

#[test]
fn bench_by_difficulty_reports_each_band_as_a_file_and_the_bands_hold_every_puzzle() {
    let file = corpus("generated-4x4-1000.txt");
    let output = sudoku(
        &["bench", "--by-difficulty", "--format", "json", "--engines", "dlx,logic", &file],
        b"",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let files = json["files"].as_array().unwrap();
    assert!(files.iter().all(|f| f["file"].as_str().unwrap().contains(" [")), "{files:?}");
    let puzzles: u64 = files.iter().map(|f| f["puzzles"].as_u64().unwrap()).sum();
    assert_eq!(puzzles, 1000);
    assert_eq!(json["disagreements"], Value::Array(vec![]));
}

/// Puzzle 8164 of the shipped corpus: its count to two takes 71 nodes of the `fast` engine,
/// the most of any shipped 9×9 puzzle, and the techniques solve it.
fn needs_71_nodes() -> String {
    let shipped = std::fs::read_to_string(corpus("generated-10000.txt")).unwrap();
    shipped.lines().filter(|line| !line.starts_with('#')).nth(8163).unwrap().to_owned()
}

#[test]
fn explain_gives_up_counting_at_the_budget_says_so_and_exits_1() {
    let puzzle = needs_71_nodes();
    let output = sudoku(&["explain", "--budget", "10", &puzzle], b"");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .ends_with("9×9, 23 clues, gave up counting solutions at the budget of 10 nodes"),
        "{stdout}"
    );
    assert!(stdout.contains("Not explained"), "{stdout}");
    assert!(!stdout.contains(" => "), "no step before the count: {stdout}");

    let json = sudoku(&["explain", "-o", "json", "--budget", "10", &puzzle], b"");
    assert_eq!(json.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let explained = &json["puzzles"][0];
    assert_eq!(explained["end"], "gave-up");
    assert_eq!(explained["budget"], 10);
    assert!(explained["solutions"].as_str().unwrap().ends_with("+?"), "{explained}");
    assert_eq!(explained["steps"], Value::Array(vec![]));

    // The default budget counts it; so does 71 nodes; and without uniqueness techniques the
    // path that solves it proves its one solution without a count.
    for options in [
        &["--budget", "71"][..],
        &[],
        &["--budget", "none"],
        &["--budget", "10", "--no-uniqueness"],
    ] {
        let mut args = vec!["explain", "-o", "json"];
        args.extend_from_slice(options);
        args.push(&puzzle);
        let output = sudoku(&args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", text(&output.stderr));
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["puzzles"][0]["end"], "solved", "{args:?}");
        assert_eq!(json["puzzles"][0]["solutions"], "1", "{args:?}");
    }
}

#[test]
fn without_uniqueness_the_count_comes_only_where_techniques_are_stuck_and_may_give_up() {
    // One full row: techniques are stuck at once, and two solutions take more than a node.
    let several = format!("123456789{}", ".".repeat(72));
    let output = sudoku(&["explain", "--no-uniqueness", "--budget", "1", &several], b"");
    assert_eq!(output.status.code(), Some(1));
    // The sentence is wrapped to the output's width, its later lines indented.
    let stdout = text(&output.stdout).replace("\n  ", " ");
    assert!(
        stdout.contains(
            "Stuck after 0 steps: no technique applies, and counting the solutions gave up at \
             the budget of 1 node. The candidates:"
        ),
        "{stdout}"
    );
    let counted = sudoku(&["explain", "--no-uniqueness", &several], b"");
    assert!(text(&counted.stdout).contains("several solutions"), "{}", text(&counted.stdout));
}

#[test]
fn rate_gives_up_counting_at_the_budget_in_every_format_and_exits_1() {
    let puzzle = needs_71_nodes();
    let easy = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..";
    let input = format!("{easy}\n{puzzle}\n");
    let rate = |args: &[&str]| {
        let mut all = vec!["rate", "--budget", "10"];
        all.extend_from_slice(args);
        sudoku(&all, input.as_bytes())
    };
    let csv = rate(&["-o", "csv"]);
    assert_eq!(csv.status.code(), Some(1), "{}", text(&csv.stderr));
    let csv = text(&csv.stdout);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 3, "{csv}");
    // file,number,line,size,clues,solutions,hardest,hardest_key,difficulty,pearl,diamond,
    // steps,end,band,scale,techniques
    let fields = |row: &str| row.split(',').map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(fields(rows[1])[12..15], ["solved", "1-singles", "explainer"], "{csv}");
    assert_eq!(
        fields(rows[2])[8..16],
        ["", "", "", "0", "gave-up", "", "explainer", ""],
        "no technique, no ER, EP or ED (not even 0.0), no steps, no band: {csv}"
    );
    let solutions = rows[2].split(',').nth(5).unwrap();
    assert!(solutions == "0+?" || solutions == "1+?", "as `sudoku count` writes it: {csv}");

    let table = rate(&["--each"]);
    assert_eq!(table.status.code(), Some(1));
    let table = text(&table.stdout);
    assert!(
        table.contains("puzzle 2, line 2: gave up counting solutions at the budget of 10 nodes"),
        "{table}"
    );
    assert!(table.contains("gave up counting solutions              -        1"), "{table}");
    assert!(table.contains("solved without guessing: 1 of 2"), "{table}");

    let json = rate(&["-o", "json"]);
    assert_eq!(json.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let file = &json["files"][0];
    assert_eq!(file["gave_up"], 1);
    assert_eq!(file.get("gave_up_at_work_budget"), None, "the count gave up, not the chains");
    assert_eq!(file["needs_guessing"], 0);
    assert_eq!(file["puzzles"][1]["end"], "gave-up");
    assert_eq!(file["puzzles"][1]["band"], Value::Null);
    for figure in ["difficulty", "pearl", "diamond"] {
        assert_eq!(file["puzzles"][1][figure], Value::Null, "{figure}");
    }

    let counted = sudoku(&["rate", "-o", "json"], input.as_bytes());
    assert_eq!(counted.status.code(), Some(0), "{}", text(&counted.stderr));
    let counted: Value = serde_json::from_slice(&counted.stdout).unwrap();
    assert_eq!(counted["files"][0]["puzzles"][1]["end"], "solved");
    assert_eq!(counted["files"][0].get("gave_up"), None, "left out when none gave up");
}

#[test]
fn budgets_and_threads_are_checked_as_every_command_checks_them() {
    for command in ["rate", "explain"] {
        let zero = sudoku(&[command, "--budget", "0", "-"], b"");
        let solve = sudoku(&["solve", "--budget", "0", "-"], b"");
        assert_eq!(zero.status.code(), Some(2));
        let message = |output: &std::process::Output| {
            text(&output.stderr).lines().next().unwrap_or_default().to_owned()
        };
        assert_eq!(message(&zero), message(&solve), "{command}");
        assert!(message(&zero).contains("expected a positive number of nodes"));
    }
    let rate = sudoku(&["rate", "-j", "1024", "-"], b"");
    let solve = sudoku(&["solve", "-j", "1024", "-"], b"");
    assert_eq!(rate.status.code(), Some(2), "{}", text(&rate.stderr));
    let first_line = |output: &std::process::Output| {
        text(&output.stderr).lines().next().unwrap_or_default().to_owned()
    };
    assert_eq!(first_line(&rate), first_line(&solve));
    assert!(first_line(&rate).contains("expected a number of threads from 1 to"));
}

/// A JSON document written a puzzle at a time is exactly what the pretty printer writes for
/// the whole document (as both commands wrote it when they held every puzzle).
fn assert_whole_document(bytes: &[u8]) -> Value {
    let document: Value = serde_json::from_slice(bytes).unwrap();
    let whole = serde_json::to_string_pretty(&document).unwrap() + "\n";
    assert_eq!(text(bytes), whole);
    document
}

#[test]
fn streamed_json_of_explain_and_rate_is_the_whole_document_byte_for_byte() {
    let file = corpus("generated-16x16-1000.txt");
    let shipped = std::fs::read_to_string(corpus("generated-10000.txt")).unwrap();
    let puzzles: String = shipped
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(40)
        .map(|line| format!("{line}\n"))
        .collect();
    let several = format!("123456789{}\n", ".".repeat(72));
    let input = format!("{puzzles}{several}not a puzzle\n");

    let explain = sudoku(&["explain", "-o", "json", "--grid", "-"], input.as_bytes());
    assert_eq!(explain.status.code(), Some(2), "the malformed line");
    let document = assert_whole_document(&explain.stdout);
    assert_eq!(document["puzzles"].as_array().unwrap().len(), 41);
    let empty = sudoku(&["explain", "-o", "json", "-"], b"");
    assert_eq!(text(&empty.stdout), "{\n  \"puzzles\": []\n}\n");

    let rate = sudoku(&["rate", "-o", "json", "-", &sample("seed004-judge.in")], input.as_bytes());
    assert_eq!(rate.status.code(), Some(2));
    let document = assert_whole_document(&rate.stdout);
    let files = document["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["puzzles"].as_array().unwrap().len(), 41);
    assert_eq!(files[0]["malformed"], 1);
    assert_eq!(files[0]["several_solutions"], 1);
    let keys: Vec<&str> = files[1].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "file",
            "puzzles",
            "malformed",
            "by_hardest",
            "already_solved",
            "needs_guessing",
            "no_solution",
            "several_solutions",
            "median_difficulty",
            "seconds"
        ]
    );
    // 16×16 puzzles on two threads, their results streamed in order: the first 200 of the
    // shipped file (each some 50 ms of work).
    let sixteen: String = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(200)
        .map(|line| format!("{line}\n"))
        .collect();
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("sixteen.txt");
    std::fs::write(&file, sixteen).unwrap();
    let sixteen = sudoku(&["rate", "-o", "json", "-j", "2", file.to_str().unwrap()], b"");
    assert_eq!(sixteen.status.code(), Some(0), "{}", text(&sixteen.stderr));
    let document = assert_whole_document(&sixteen.stdout);
    assert_eq!(document["files"][0]["puzzles"].as_array().unwrap().len(), 200);
}

#[test]
fn rate_gives_up_at_the_chains_work_budget_rather_than_print_an_er_and_exits_1() {
    let Some(puzzle) = top1465_first() else { return };
    let rate = |args: &[&str]| {
        let mut all = vec!["rate"];
        all.extend_from_slice(args);
        sudoku(&all, puzzle.as_bytes())
    };
    let csv = rate(&["--work-budget", "1000", "-o", "csv"]);
    assert_eq!(csv.status.code(), Some(1), "{}", text(&csv.stderr));
    // Its own CPU time, as `generate` reports it, beside the wall time.
    let timing = text(&csv.stderr);
    assert!(timing.contains("rated 1 puzzle in ") && timing.contains(" CPU seconds)"), "{timing}");
    let csv = text(&csv.stdout);
    let header: Vec<&str> = csv.lines().next().expect("a header").split(',').collect();
    let row: Vec<&str> = csv.lines().nth(1).expect("a row").split(',').collect();
    let column = |name: &str| row[header.iter().position(|&field| field == name).unwrap()];
    assert_eq!((column("end"), column("band")), ("gave-up", ""), "no band: {csv}");
    assert_eq!(column("solutions"), "1", "the count finished: {csv}");
    // The walk took steps before the budget ran out: what it reached shows only as a lower
    // bound, never as a number that reads as a rating.
    assert!(column("steps").parse::<usize>().unwrap() > 0, "{csv}");
    for figure in ["difficulty", "pearl", "diamond"] {
        let lower = column(figure).strip_prefix(">=").unwrap_or_else(|| panic!("{figure}: {csv}"));
        assert!(lower.parse::<f64>().is_ok_and(|at_least| at_least > 1.0), "{csv}");
    }

    let table = text(&rate(&["--work-budget", "1000", "--each"]).stdout);
    assert!(table.contains("gave up at the work budget after"), "{table}");
    assert!(table.contains(", not rated: >="), "{table}");
    assert!(table.contains("gave up at the work budget              -        1"), "{table}");
    assert!(!table.contains("gave up counting solutions"), "the cause is the work budget: {table}");

    let json = rate(&["--work-budget", "1000", "-o", "json"]);
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let file = &json["files"][0];
    assert_eq!(file["puzzles"][0]["end"], "gave-up");
    assert_eq!((file["gave_up_at_work_budget"].as_u64(), file.get("gave_up")), (Some(1), None));
    for figure in ["difficulty", "pearl", "diamond"] {
        let shown = file["puzzles"][0][figure].as_str().unwrap_or_else(|| panic!("{json}"));
        assert!(shown.starts_with(">="), "a lower bound is text, never a number: {json}");
    }

    // The default budget rates it: chains of Sudoku Explainer's scale, 9.0.
    let rated = rate(&["-o", "csv"]);
    assert_eq!(rated.status.code(), Some(0), "{}", text(&rated.stdout));
    assert!(text(&rated.stdout).lines().nth(1).is_some_and(|row| row.contains(",9.0,")));
}

/// Puzzle `number` of the shipped corpus of 10,000.
fn shipped_puzzle(number: usize) -> String {
    let text = std::fs::read_to_string(corpus("generated-10000.txt")).unwrap();
    let lines = text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty());
    lines.clone().nth(number - 1).unwrap().to_owned()
}

/// A link of a chain as `explain` writes it, `r2c3=5` or `r2c3<>5`: row, column, value and
/// whether it is on.
fn parse_link(text: &str) -> (usize, usize, u8, bool) {
    let (cell, value, on) = match text.split_once("<>") {
        Some((cell, value)) => (cell, value, false),
        None => {
            let (cell, value) = text.split_once('=').unwrap_or_else(|| panic!("{text}"));
            (cell, value, true)
        }
    };
    let (row, column) = cell.strip_prefix('r').and_then(|rest| rest.split_once('c')).unwrap();
    (row.parse().unwrap(), column.parse().unwrap(), value.parse().unwrap(), on)
}

#[test]
fn explain_on_sudoku_explainers_scale_writes_every_chain_link_by_link() {
    // Puzzle 6, rated 8.3 by Sudoku Explainer: forcing chains, region and cell forcing.
    let puzzle = shipped_puzzle(6);
    // Wide enough that no chain is wrapped: a line is a step or a branch, whole.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["explain", "--scale", "explainer", &puzzle])
        .env("COLUMNS", "1000")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("; hardest: Region Forcing Chains (8.3)."), "{stdout}");
    let mut branches = 0;
    let mut several = 0;
    for line in stdout.lines().filter(|line| line.contains(" -> ")) {
        let chain = line.split_once("): ").map_or(line, |(_, chain)| chain);
        let chain = chain.split(" => ").next().unwrap().trim();
        let links: Vec<_> = chain.split(" -> ").map(parse_link).collect();
        assert!(links.len() >= 2, "{line}");
        branches += 1;
        several += usize::from(!line.contains(". "));
        for pair in links.windows(2) {
            let ((r1, c1, v1, on1), (r2, c2, v2, on2)) = (pair[0], pair[1]);
            // A static chain alternates: what is on turns something off, and the reverse.
            assert_ne!(on1, on2, "{line}: {pair:?}");
            let same_cell = (r1, c1) == (r2, c2);
            let same_box = ((r1 - 1) / 3, (c1 - 1) / 3) == ((r2 - 1) / 3, (c2 - 1) / 3);
            let same_house = r1 == r2 || c1 == c2 || same_box;
            // Within a cell, to another value; or one value, to another place of a house.
            assert!(
                (same_cell && v1 != v2) || (!same_cell && v1 == v2 && same_house),
                "{line}: {pair:?}"
            );
        }
        if line.contains("Forcing Chain (") || line.contains("Forcing X-Chain") {
            // From a candidate to its own negation.
            let (first, last) = (links[0], links[links.len() - 1]);
            assert_eq!((first.0, first.1, first.2, !first.3), last, "{line}");
        }
    }
    assert!(several >= 3, "cell or region forcing writes a line per branch:\n{stdout}");
    assert!(branches > several, "{stdout}");

    // JSON: every chain step's branches, as data that agrees with the text.
    let json = sudoku(&["explain", "--scale", "explainer", "-o", "json", &puzzle], b"");
    let document: Value = serde_json::from_slice(&json.stdout).unwrap();
    let steps = document["puzzles"][0]["steps"].as_array().unwrap();
    let chains: Vec<&Value> = steps.iter().filter(|step| step.get("branches").is_some()).collect();
    assert!(!chains.is_empty() && chains.len() < steps.len());
    for step in chains {
        let text = step["text"].as_str().unwrap();
        let written: Vec<String> = step["branches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|branch| {
                let links: Vec<String> = branch
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|link| {
                        let sign = if link["on"] == true { "=" } else { "<>" };
                        format!("{}{sign}{}", link["cell"].as_str().unwrap(), link["digit"])
                    })
                    .collect();
                links.join(" -> ")
            })
            .collect();
        assert!(text.contains(&written.join(" | ")), "{text}");
    }
}

#[test]
fn explain_on_the_workbenchs_scale_is_the_default_and_its_output_is_unchanged() {
    let puzzle = shipped_puzzle(6);
    for format in ["text", "json"] {
        let default = sudoku(&["explain", "-o", format, &puzzle], b"");
        let workbench = sudoku(&["explain", "-o", format, "--scale", "workbench", &puzzle], b"");
        assert_eq!(default.status.code(), Some(0), "{}", text(&default.stderr));
        assert_eq!(default.stdout, workbench.stdout, "{format}");
        let stdout = text(&default.stdout);
        assert!(!stdout.contains(" -> ") && !stdout.contains("branches"), "{stdout}");
        let explainer = sudoku(&["explain", "-o", format, "--scale", "explainer", &puzzle], b"");
        assert_ne!(default.stdout, explainer.stdout, "{format}");
    }
    let bad = sudoku(&["explain", "--scale", "hodoku", &puzzle], b"");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn explain_names_a_jigsaws_regions_as_regions_in_its_text_and_json() {
    // The first puzzle of data/layouts/jigsaw-9x9-200.txt, with its layout lines.
    let file = std::fs::read_to_string(repository().join("data/layouts/jigsaw-9x9-200.txt"))
        .expect("the jigsaw samples");
    let lines: Vec<&str> = file.lines().collect();
    let end = lines.iter().position(|line| !line.starts_with('#')).expect("a puzzle") + 1;
    let input = lines[..end].join("\n") + "\n";
    // Regions are numbered in the order their first cell comes.
    let region_row =
        |line: &&&str| line.len() == 11 && line[2..].bytes().all(|b| b.is_ascii_digit());
    let marks: Vec<u8> =
        lines[..end].iter().filter(region_row).flat_map(|line| line[2..].bytes()).collect();
    assert_eq!(marks.len(), 81);
    let mut order: Vec<u8> = Vec::new();
    for &mark in &marks {
        if !order.contains(&mark) {
            order.push(mark);
        }
    }
    let region_of = |cell: usize| order.iter().position(|&mark| mark == marks[cell]).unwrap() + 1;

    let output = sudoku(&["explain", "--format", "json", "-"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let steps = json["puzzles"][0]["steps"].as_array().unwrap();
    let mut singles = 0;
    for step in steps {
        let units: Vec<&str> =
            step["units"].as_array().unwrap().iter().map(|unit| unit.as_str().unwrap()).collect();
        assert!(units.iter().all(|unit| !unit.starts_with("box")), "{units:?}");
        if step["key"] == "hidden-single-box" {
            let placement = &step["placements"][0];
            let (row, column) =
                (placement["row"].as_u64().unwrap(), placement["column"].as_u64().unwrap());
            let region = region_of(((row - 1) * 9 + column - 1) as usize);
            assert_eq!(units, [format!("region {region}")]);
            let text = step["text"].as_str().unwrap();
            assert!(text.starts_with("Hidden Single (region): "), "{text}");
            assert!(text.contains(&format!(" in region {region} => ")), "{text}");
            singles += 1;
        }
    }
    assert!(singles > 0, "no hidden single in a region");
}

/// `puzzle` (one line, 9×9) after `count` `# extra` lines, distinct groups of nine cells each
/// holding one cell of every value of its solution `solution`, drawn by a fixed rule.
fn with_extra_groups(puzzle: &str, solution: &str, count: usize) -> String {
    let solution = solution.as_bytes();
    let mut lines: Vec<String> = Vec::new();
    let mut seed = 7u64;
    while lines.len() < count {
        let mut cells: Vec<usize> = (b'1'..=b'9')
            .map(|value| {
                let places: Vec<usize> = (0..81).filter(|&c| solution[c] == value).collect();
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                places[(seed >> 33) as usize % 9]
            })
            .collect();
        cells.sort_unstable();
        let names: Vec<String> =
            cells.iter().map(|&c| format!("r{}c{}", c / 9 + 1, c % 9 + 1)).collect();
        let line = format!("# extra {}", names.join(" "));
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    format!("{}\n{puzzle}\n", lines.join("\n"))
}

#[test]
fn the_work_budget_bounds_the_techniques_over_a_layouts_many_groups_too() {
    let puzzle = shipped_puzzle(3);
    let solved = sudoku(&["solve"], puzzle.as_bytes());
    let solution = text(&solved.stdout).trim().to_owned();
    let input = with_extra_groups(&puzzle, &solution, 300);
    // Every step's search looks at the 300 groups: a budget of 1,000 steps is spent before
    // the first step is known, though no chain is walked.
    for command in ["rate", "explain"] {
        let spent = sudoku(&[command, "--work-budget", "1000"], input.as_bytes());
        assert_eq!(spent.status.code(), Some(1), "{command}: {}", text(&spent.stderr));
        let said = text(&spent.stdout);
        let gave_up = if command == "rate" { "gave up" } else { "spent its work budget" };
        assert!(said.contains(gave_up), "{command}: {said}");
        // The default budget is ample for an easy puzzle, groups or none.
        let rated = sudoku(&[command], input.as_bytes());
        assert_eq!(rated.status.code(), Some(0), "{command}: {}", text(&rated.stderr));
    }
}

#[test]
fn explain_reads_an_fpuzzles_puzzle_given_on_the_command_line() {
    // The editor's JSON of a shipped puzzle, and the same as a link (LZ-String of the JSON).
    let puzzle = shipped_puzzle(1);
    let rows: Vec<String> = puzzle
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| {
                    if b == b'.' {
                        "{}".to_owned()
                    } else {
                        format!("{{\"value\":{},\"given\":true}}", b - b'0')
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!("{{\"size\":9,\"grid\":[{}]}}", rows.join(","));
    let json = json.as_str();
    let from_json = sudoku(&["explain", json], b"");
    assert_eq!(from_json.status.code(), Some(0), "{}", text(&from_json.stderr));
    let link = format!("https://www.f-puzzles.com/?load={}", lz_str::compress_to_base64(json));
    let from_link = sudoku(&["explain", &link], b"");
    assert_eq!(from_link.status.code(), Some(0), "{}", text(&from_link.stderr));
    assert_eq!(from_link.stdout, from_json.stdout);
    // The same path as the puzzle's line gives.
    let from_line = sudoku(&["explain", &puzzle], b"");
    assert_eq!(from_link.stdout, from_line.stdout);
    let missing = sudoku(&["explain", "no/such/file.txt"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("an f-puzzles link"), "{}", text(&missing.stderr));
}
