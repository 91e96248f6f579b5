//! The `sudoku` binary, driven as a user drives it.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use common::sudoku;

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/samples")
}

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(samples().join(name)).unwrap()
}

/// A line-format puzzle without solution: r1c9 can hold nothing, since 1-8 are in its row
/// and 9 is in its column.
fn unsolvable_line() -> String {
    let mut line = format!("12345678.{}", ".".repeat(72));
    line.replace_range(17..18, "9");
    line
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn engines() -> Vec<String> {
    let listing = sudoku(&["engines"], b"");
    String::from_utf8(listing.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split_whitespace().next().unwrap().to_owned())
        .collect()
}

#[test]
fn judge_input_gives_the_judges_expected_output_with_every_engine() {
    let input = sample("2580-sample1.in");
    let expected = sample("2580-sample1.out");
    let all = engines();
    assert!(all.len() >= 4, "{all:?}");
    for engine in &all {
        let output = sudoku(&["solve", "--engine", engine], &input);
        assert_eq!(output.status.code(), Some(0), "{engine}: {}", stderr(&output));
        assert_eq!(output.stdout, expected, "{engine}");
        assert!(output.stderr.is_empty(), "{engine}: {}", stderr(&output));
    }
    // A bare `sudoku` is `sudoku solve`.
    assert_eq!(sudoku(&[], &input).stdout, expected);
}

#[test]
fn blank_grid_gives_the_smallest_solution_with_row_major_engines() {
    for engine in ["naive", "bitmask"] {
        let output = sudoku(&["-e", engine], &sample("2580-blank.in"));
        assert_eq!(output.stdout, sample("2580-blank.out"), "{engine}");
    }
}

#[test]
fn output_format_follows_the_input_unless_chosen() {
    let output = sudoku(&[], &sample("seed004-pretty.in"));
    assert_eq!(output.stdout, sample("seed004-pretty.out"));
    let output = sudoku(&["--output-format", "judge"], &sample("seed004-pretty.in"));
    assert_eq!(output.stdout, sample("seed004-judge.out"));
    let output = sudoku(&["-o", "line"], &sample("2239-sample1.in"));
    let line = String::from_utf8(sample("2239-sample1.out")).unwrap().replace('\n', "");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), format!("{line}\n"));
}

#[test]
fn count_prints_zero_one_or_two_plus() {
    let mut input = sample("2580-sample1.in");
    input.extend_from_slice(b"\n");
    input.extend(sample("2580-blank.in"));
    input.extend_from_slice(format!("{}\n", unsolvable_line()).as_bytes());
    let output = sudoku(&["count"], &input);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n2+\n0\n");
    assert_eq!(output.status.code(), Some(0), "a count of 0 is an answer");
    let output = sudoku(&["solve", "--count", "--limit", "5"], &sample("2580-blank.in"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "5+\n");
}

#[test]
fn an_unsolvable_puzzle_is_reported_and_the_batch_goes_on() {
    let unsolvable = unsolvable_line();
    let solvable = String::from_utf8(sample("2239-sample1.out")).unwrap().replace('\n', "");
    let input = format!("{unsolvable}\n{solvable}\n");
    let output = sudoku(&["solve", "-", "-e", "bitmask"], input.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout), format!("no-solution\n{solvable}\n"));
    let messages = stderr(&output);
    assert!(messages.contains("<stdin>: puzzle 1, line 1: no solution"), "{messages}");
    assert!(messages.contains("solved 1 of 2 puzzles; 1 without solution"), "{messages}");
}

#[test]
fn malformed_input_is_one_line_with_its_place_and_exit_code_2() {
    for (input, expected) in [
        (&b""[..], "<stdin>: line 1: no puzzle found: the input is empty"),
        (
            b"\xFF\xFE\x00garbag",
            "<stdin>: puzzle 1, line 1, column 1: expected a digit 1-9 or a blank ('0' or '.'), found byte 0xFF",
        ),
        // Ten bytes are the first row of a 10×10 grid (boxes of 2×5), whose tenth value is `A`.
        (
            b"\xFF\xFE\x00garbage",
            "<stdin>: puzzle 1, line 1, column 1: expected a 10×10 symbol 1-9, A or a blank ('0' or '.'), found byte 0xFF",
        ),
        (
            b"0 0 0 0 0 0 0 0 0\n",
            "<stdin>: puzzle 1, line 1: the grid ends after 1 row, expected 9",
        ),
    ] {
        let output = sudoku(&[], input);
        assert_eq!(output.status.code(), Some(2), "{expected}");
        let messages = stderr(&output);
        assert_eq!(messages.lines().next(), Some(expected));
        assert!(!messages.contains("panicked"));
    }
}

#[test]
fn a_batch_goes_past_a_bad_puzzle_and_counts_it() {
    let good = ".".repeat(81);
    let input = format!("{good}\n{}x\n{good}\n", ".".repeat(80));
    let output = sudoku(&["count", "-e", "dlx"], input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2+\nunreadable\n2+\n");
    let messages = stderr(&output);
    assert!(
        messages.contains("<stdin>: puzzle 2, line 2, column 81: expected a digit"),
        "{messages}"
    );
    assert!(messages.contains("counted 2 of 3 puzzles; 1 malformed"), "{messages}");
}

#[test]
fn unknown_engine_lists_the_valid_ones() {
    let output = sudoku(&["solve", "--engine", "quantum"], b"");
    assert_eq!(output.status.code(), Some(2));
    let messages = stderr(&output);
    assert!(
        messages.contains("unknown engine 'quantum'; the engines are: naive, bitmask"),
        "{messages}"
    );
}

#[test]
fn missing_file_is_bad_input() {
    let output = sudoku(&["solve", "no/such/file.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("sudoku: cannot open no/such/file.txt: "));
}

#[test]
fn budget_exhaustion_is_reported_with_exit_code_1() {
    let output = sudoku(&["--budget", "3", "-e", "naive"], &sample("2580-case2.in"));
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).contains("gave up after 3 nodes"), "{}", stderr(&output));
}

#[test]
fn stats_go_to_stderr_and_leave_stdout_clean() {
    let output = sudoku(&["--stats", "-e", "dlx"], &sample("2580-sample1.in"));
    assert_eq!(output.stdout, sample("2580-sample1.out"));
    let messages = stderr(&output);
    assert!(messages.starts_with("<stdin>: puzzle 1: "), "{messages}");
    assert!(
        messages.contains(" nodes, ")
            && messages.contains(" guesses, ")
            && messages.contains(" µs (dlx)")
    );
}

/// The solution of `2239-sample1.in`, as one line.
fn solved_line() -> String {
    String::from_utf8(sample("2239-sample1.out")).unwrap().replace('\n', "")
}

#[test]
fn one_line_output_gives_every_puzzle_exactly_one_line() {
    let solved = solved_line();
    let mut unreadable = ".".repeat(81);
    unreadable.replace_range(30..31, "x");
    let input = format!("{solved}\n# a comment\n{unreadable}\n\n{}\n{solved}\n", unsolvable_line());
    let lines = |output: &Output| {
        String::from_utf8_lossy(&output.stdout).lines().map(str::to_owned).collect::<Vec<_>>()
    };

    let output = sudoku(&["solve", "-e", "bitmask"], input.as_bytes());
    assert_eq!(lines(&output), [&solved[..], "unreadable", "no-solution", &solved]);
    assert_eq!(output.status.code(), Some(2));
    let messages = stderr(&output);
    assert!(messages.contains("<stdin>: puzzle 2, line 3, column 31: expected a digit"));
    assert!(messages.contains("<stdin>: puzzle 3, line 5: no solution"), "{messages}");

    let output = sudoku(&["count", "-e", "bitmask"], input.as_bytes());
    assert_eq!(lines(&output), ["1", "unreadable", "0", "1"]);
    assert_eq!(output.status.code(), Some(2));

    // A search cut short by the budget: `gave-up` in solutions, `0+?` in counts.
    let output = sudoku(&["solve", "-e", "naive", "--budget", "3"], input.as_bytes());
    assert_eq!(lines(&output)[1..3], ["unreadable", "no-solution"]);
    let output = sudoku(&["solve", "-e", "naive", "--budget", "3"], &sample("2580-case2.in"));
    assert!(output.stdout.is_empty(), "a judge grid has no placeholder");
    let output =
        sudoku(&["solve", "-e", "naive", "--budget", "3", "-o", "line"], &sample("2580-case2.in"));
    assert_eq!(lines(&output), ["gave-up"]);
    let output = sudoku(&["count", "-e", "naive", "--budget", "3"], &sample("2580-case2.in"));
    assert_eq!(lines(&output), ["0+?"]);
    assert!(stderr(&output).contains("gave up after 3 nodes"), "{}", stderr(&output));
}

/// A title without `#` before a list of one-line puzzles (`Puzzle 1 of 3`, `[1,2,3]`) is no
/// puzzle: it is skipped with one line naming it, every puzzle after it is answered, and line
/// N of one-line output answers puzzle N (the title gets none).
#[test]
fn a_title_line_is_skipped_and_no_puzzle_after_it_is_lost() {
    let solved = solved_line();
    let puzzles: Vec<String> = (0..3).map(|n| solved.replacen(&solved[n..n + 1], ".", 1)).collect();
    for title in ["Puzzle 1 of 3", "[1,2,3]"] {
        let input = format!("{title}\n{}\n", puzzles.join("\n"));
        for (args, answer) in [(&["solve", "-o", "line"][..], &solved[..]), (&["count"][..], "1")] {
            let output = sudoku(args, input.as_bytes());
            let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
            assert_eq!(stdout, format!("{answer}\n").repeat(3), "{title} {args:?}");
            let messages = stderr(&output);
            assert_eq!(
                messages.lines().next(),
                Some(
                    "<stdin>: line 1: skipped: this line is no puzzle, and the line after it is \
                     a one-line puzzle (a line starting with `#` is a comment)"
                ),
                "{messages}"
            );
            let verb = if args[0] == "count" { "counted" } else { "solved" };
            assert!(messages.contains(&format!("{verb} 3 of 3 puzzles; 1 bad line")), "{messages}");
            assert_eq!(output.status.code(), Some(2), "a line that is no puzzle is bad input");
        }
    }
}

#[test]
fn a_bad_block_gets_a_placeholder_only_when_solutions_are_lines() {
    let mut bad_block = String::from_utf8(sample("2580-sample1.in")).unwrap();
    bad_block.replace_range(0..1, "x");
    let input = format!("{bad_block}\n{}", String::from_utf8(sample("2580-sample1.in")).unwrap());
    let output = sudoku(&["solve"], input.as_bytes());
    assert_eq!(output.stdout, sample("2580-sample1.out"), "nothing for the bad grid");
    let output = sudoku(&["solve", "-o", "line"], input.as_bytes());
    let solution = String::from_utf8(sample("2580-sample1.out")).unwrap().replace([' ', '\n'], "");
    assert_eq!(String::from_utf8_lossy(&output.stdout), format!("unreadable\n{solution}\n"));
    let output = sudoku(&["count"], input.as_bytes());
    assert_eq!(String::from_utf8_lossy(&output.stdout), "unreadable\n1\n");
}

#[test]
fn a_budget_of_zero_is_refused_everywhere_and_none_is_no_budget() {
    for command in ["solve", "count", "bench"] {
        let output = sudoku(&[command, "--budget", "0"], b"");
        assert_eq!(output.status.code(), Some(2), "{command}");
        let messages = stderr(&output);
        assert!(
            messages.contains("expected a positive number of nodes or `none`, found '0'"),
            "{command}: {messages}"
        );
    }
    for budget in ["none", "off", "1_000_000"] {
        let output =
            sudoku(&["count", "-e", "naive", "--budget", budget], &sample("2580-case2.in"));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n", "{budget}");
    }
}

#[test]
fn a_byte_order_mark_and_indentation_are_read_past() {
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend(sample("2580-sample1.in"));
    let output = sudoku(&[], &input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(output.stdout, sample("2580-sample1.out"));
    let indented: String = String::from_utf8(sample("2239-sample1.in"))
        .unwrap()
        .lines()
        .map(|line| format!("  \t{line}\n"))
        .collect();
    let output = sudoku(&[], indented.as_bytes());
    assert_eq!(output.stdout, sample("2239-sample1.out"), "{}", stderr(&output));
}

#[test]
fn messages_say_1_node_and_1_file_in_the_singular() {
    let output = sudoku(&["count", "-e", "naive", "--budget", "1"], &sample("2580-case2.in"));
    assert!(stderr(&output).contains("gave up after 1 node\n"), "{}", stderr(&output));
    let output = sudoku(&["solve", "no/such/file.txt"], b"");
    assert!(stderr(&output).contains("1 unreadable file\n"), "{}", stderr(&output));
    let output = sudoku(&["solve", "-", "no/such/file.txt"], &sample("2580-sample1.in"));
    assert!(stderr(&output).contains("2 files: solved 1 of 1 puzzle; 1 unreadable file\n"));
}

#[test]
fn help_explains_every_verdict_and_only_the_commands_exit_codes() {
    for command in ["solve", "count"] {
        let output = sudoku(&[command, "--help"], b"");
        assert_eq!(output.status.code(), Some(0));
        let help = String::from_utf8(output.stdout).unwrap();
        for verdict in ["  0 ", "  1 ", "  2+ ", "N+", "K+?", "unreadable"] {
            assert!(help.contains(verdict), "{command}: {verdict} in {help}");
        }
        assert!(help.contains("Exit codes:\n  0  "), "{command}: {help}");
        assert!(!help.contains("\n  3  ") && !help.contains("\n  4  "), "{command}: {help}");
    }
    let help = String::from_utf8(sudoku(&["solve", "--help"], b"").stdout).unwrap();
    assert!(help.contains("no-solution") && help.contains("gave-up"), "{help}");
    let help = String::from_utf8(sudoku(&["--help"], b"").stdout).unwrap();
    assert!(help.contains("3  bench only") && help.contains("4  bench only"), "{help}");
    assert_eq!(sudoku(&["--version"], b"").status.code(), Some(0));
}

#[cfg(not(feature = "peer-dlx"))]
#[test]
fn an_engine_behind_a_feature_says_which_feature() {
    let output = sudoku(&["solve", "--engine", "peer-dlx"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "engine 'peer-dlx' is not in this build: it needs the cargo feature peer-dlx (or peers)"
        ),
        "{}",
        stderr(&output)
    );
}
