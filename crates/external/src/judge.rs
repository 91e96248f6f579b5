//! `judge` engines: a program written for an online judge, started once for each puzzle.
//!
//! The program reads one 9×9 puzzle on standard input as Baekjoon problem 2580 gives it: nine
//! lines of nine numbers separated by single spaces, `0` for a blank cell. It prints the solved
//! grid, either in the same form or as nine lines of nine digits without spaces (as problem
//! 2239 asks), and exits with status 0. That is all such a program knows, so the engine:
//! - solves 9×9 grids only (a declaration of other sizes is refused where it is read);
//! - finds the first solution only: it does not count (reports say the count is not
//!   available), reports no statistics and ignores node budgets;
//! - is timed as a whole process, start-up and reading included.
//!
//! What the program prints is read strictly, whitespace aside: blank lines anywhere, spaces at
//! either end of a row, several spaces between numbers, and CRLF line ends are all accepted.
//! - exactly nine rows of nine digits `1`–`9`: one solution, passed on as it is (the harness's
//!   checker, not this module, decides whether it solves the puzzle, and charges the engine
//!   when it does not);
//! - nothing at all (or only whitespace) with exit status 0: the puzzle has no solution;
//! - anything else: a protocol error, quoting the start of what was printed;
//! - an exit status other than 0: a crash, with the status and the last line of standard
//!   error, whatever was printed.
//!
//! A program that runs past its time limit is stopped, with every process it started, and the
//! puzzle is a time-out; one that prints more than [`MAX_OUTPUT`] bytes is stopped and the
//! puzzle is a protocol error. What a program printed is read once it exits, even when a
//! process it left in the background still holds its output (that process is killed).

use std::time::Duration;

use sudoku_core::{Engine, FailureKind, Grid, Limits, Outcome, Size};
use sudoku_engines::{EngineInfo, Origin, Timing};

use crate::Declaration;
use crate::process::{self, describe_status, quote};

/// The most a judge program may print for one puzzle: 64 KiB, some 400 times a solved grid.
pub const MAX_OUTPUT: usize = 64 * 1024;

/// The engine `declaration` declares, with `time_limit` per puzzle.
pub fn engine_info(declaration: &Declaration, time_limit: Duration) -> EngineInfo {
    let command_line = shell_words::join(&declaration.command);
    let description = declaration.description.clone().unwrap_or_else(|| {
        format!("judge program `{command_line}`, one process per 9×9 puzzle, first solution only")
    });
    let origin = Origin::External {
        kind: "judge",
        declared: declaration.declared.clone(),
        command: command_line,
    };
    let command = declaration.command.clone();
    EngineInfo::external(
        declaration.name.clone(),
        description,
        origin,
        Timing::WholeProcess,
        move || Box::new(Judge { command: command.clone(), time_limit }),
    )
    .with_orders(3, 3)
    .with_capabilities(false, false)
}

/// A judge program: its command and its time for each puzzle.
pub struct Judge {
    command: Vec<String>,
    time_limit: Duration,
}

impl Judge {
    /// The engine that runs `command` (its program and arguments) once per puzzle, stopping it
    /// after `time_limit`.
    pub fn new(command: Vec<String>, time_limit: Duration) -> Judge {
        Judge { command, time_limit }
    }
}

impl Engine for Judge {
    /// Runs the program on `puzzle` and reads its answer. It finds one solution at most,
    /// whatever `limits` says.
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let _ = limits;
        if puzzle.size() != Size::NINE {
            // Callers check sizes first (the registry says 9×9); this is not for the program.
            return Outcome::failed(
                FailureKind::ProtocolError,
                format!("a judge program solves 9×9 grids only, not {}", puzzle.size()),
            );
        }
        let finished =
            match process::run(&self.command, &judge_input(puzzle), self.time_limit, MAX_OUTPUT) {
                Ok(finished) => finished,
                Err(failure) => return Outcome { failure: Some(failure), ..Outcome::empty() },
            };
        if !finished.status.success() {
            let stderr = match finished.stderr_tail.as_str() {
                "" => String::new(),
                tail => format!(" (stderr: {tail})"),
            };
            return Outcome::failed(
                FailureKind::Crashed,
                format!("{}{stderr}", describe_status(finished.status)),
            );
        }
        match read_answer(&finished.output) {
            Ok(None) => Outcome::empty(),
            Ok(Some(solution)) => {
                Outcome { solution: Some(solution), count: 1, ..Outcome::empty() }
            }
            Err(message) => Outcome::failed(FailureKind::ProtocolError, message),
        }
    }
}

/// The puzzle as the program reads it: nine lines of nine numbers, `0` for a blank.
pub fn judge_input(puzzle: &Grid) -> String {
    let mut text = String::with_capacity(162);
    for row in puzzle.cells().chunks(9) {
        for (index, value) in row.iter().enumerate() {
            if index > 0 {
                text.push(' ');
            }
            text.push(char::from(b'0' + value));
        }
        text.push('\n');
    }
    text
}

/// What a judge program printed, read: `Ok(None)` when it printed nothing (no solution),
/// `Ok(Some(grid))` for nine rows of nine digits `1`–`9` (not checked against the puzzle),
/// else the problem in one line, quoting the start of the output.
pub fn read_answer(output: &str) -> Result<Option<Grid>, String> {
    let rows: Vec<&str> = output.lines().map(str::trim).filter(|row| !row.is_empty()).collect();
    if rows.is_empty() {
        return Ok(None);
    }
    let refuse = |problem: String| {
        format!("{problem}, where nine rows of nine digits 1-9 were expected: {}", start(output))
    };
    if rows.len() != 9 {
        let lines = if rows.len() == 1 { "line" } else { "lines" };
        return Err(refuse(format!("printed {} {lines} (blank ones aside)", rows.len())));
    }
    let mut cells = [0u8; 81];
    for (row_index, row) in rows.iter().enumerate() {
        let words: Vec<&str> = row.split_whitespace().collect();
        let digits: Vec<u8> = match words[..] {
            // 2239's form: nine digits, no spaces.
            [word] => word.bytes().collect(),
            // 2580's form: nine numbers of one digit each.
            _ if words.iter().all(|word| word.len() == 1) => {
                words.iter().map(|word| word.as_bytes()[0]).collect()
            }
            _ => Vec::new(),
        };
        if digits.len() != 9 || !digits.iter().all(|digit| (b'1'..=b'9').contains(digit)) {
            return Err(refuse(format!("row {} is {}", row_index + 1, quote(row))));
        }
        for (column, digit) in digits.into_iter().enumerate() {
            cells[row_index * 9 + column] = digit - b'0';
        }
    }
    Ok(Grid::from_cells(Size::NINE, &cells))
}

/// The start of `output`, quoted and cut short.
fn start(output: &str) -> String {
    quote(output.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str = "534678912\n672195348\n198342567\n859761423\n426853791\n\
                          713924856\n961537284\n287419635\n345286179\n";

    fn spaced(rows: &str) -> String {
        rows.lines()
            .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
            .collect()
    }

    #[test]
    fn both_forms_are_read_whatever_the_whitespace() {
        let expected = read_answer(SOLVED).unwrap().unwrap();
        assert_eq!(expected.at(0, 0), 5);
        assert_eq!(expected.at(8, 8), 9);
        for text in [
            spaced(SOLVED),
            SOLVED.trim_end().to_owned(),
            SOLVED.replace('\n', "\r\n"),
            format!("\n\n{}  \n\n", spaced(SOLVED).replace('\n', "  \r\n")),
            spaced(SOLVED).replace(' ', "  "),
        ] {
            assert_eq!(read_answer(&text).unwrap().as_ref(), Some(&expected), "{text:?}");
        }
    }

    #[test]
    fn nothing_printed_is_no_solution() {
        assert_eq!(read_answer(""), Ok(None));
        assert_eq!(read_answer(" \n\r\n\t\n"), Ok(None));
    }

    #[test]
    fn anything_else_is_refused_in_one_line_quoting_the_output() {
        let eight_rows: String = SOLVED.lines().take(8).map(|row| format!("{row}\n")).collect();
        for (text, problem) in [
            (eight_rows.clone(), "printed 8 lines"),
            (format!("{SOLVED}1\n"), "printed 10 lines"),
            (SOLVED.replacen('5', "0", 1), "row 1 is '034678912'"),
            (SOLVED.replacen("534678912", "53467891", 1), "row 1 is"),
            (SOLVED.replacen("534678912", "5346789123", 1), "row 1 is"),
            (spaced(SOLVED).replacen("5 3", "53", 1), "row 1 is '53 4 6 7 8 9 1 2'"),
            (SOLVED.replacen("672195348", "67219534x", 1), "row 2 is"),
            ("no solution\n".to_owned(), "printed 1 line "),
        ] {
            let message = read_answer(&text).unwrap_err();
            assert!(message.starts_with(problem), "{text:?}: {message}");
            assert!(message.contains(&format!(": '{}", &text.trim_start()[..3])), "{message}");
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn the_input_is_nine_lines_of_nine_numbers() {
        let mut puzzle = Grid::empty(Size::NINE);
        puzzle.set(1, 7);
        puzzle.set(80, 9);
        let input = judge_input(&puzzle);
        assert_eq!(input.lines().count(), 9);
        assert!(input.starts_with("0 7 0 0 0 0 0 0 0\n"));
        assert!(input.ends_with("0 0 0 0 0 0 0 0 9\n"));
    }
}
