//! `dimacs` engines: a SAT solver's command-line program (CaDiCaL, Kissat, CryptoMiniSat,
//! MiniSat...), given each puzzle as a DIMACS CNF file.
//!
//! The formula is the `sat` engine's ([`sudoku_engines::sat::encode`]: the standard encoding,
//! clues applied first), so the built-in `sat` engine and a solver declared here solve the same
//! formula, and what differs between them is the solver (and starting a process). A puzzle whose
//! clues already rule out every solution while the formula is written has no solution, and no
//! solver is started for it.
//!
//! # The command
//!
//! The declared command runs once per solve, with two placeholders, replaced wherever they
//! appear in a word:
//! - `{cnf}`: the path of the CNF file. When no word holds it, the path is added as the last
//!   argument, which is how most solvers take their input: `cadical`, `kissat`,
//!   `cryptominisat5` need nothing more (`--external 'cadical=dimacs:cadical'`).
//! - `{model}`: the path of a file the solver writes its answer to, for solvers that do not
//!   print it (MiniSat: `minisat {cnf} {model}`). When a word holds it, the answer is read
//!   from that file after the solver exits, and its standard output is not read (only
//!   bounded). A program called `minisat` declared with neither placeholder gets
//!   `{cnf} {model}` added, so `--external 'minisat=dimacs:minisat'` works as it is.
//!
//! # The answer
//!
//! On standard output, the SAT competition's format: lines starting with `c` are comments;
//! exactly one `s SATISFIABLE`, `s UNSATISFIABLE` or `s UNKNOWN` line; for a satisfiable
//! formula, `v` lines of literals, the last ending with `0`. The exit status must agree: 10 for
//! satisfiable, 20 for unsatisfiable, or 0 (which says nothing, so the `s` line decides). In a
//! `{model}` file, MiniSat's format (`SAT`, `UNSAT` or `INDET` on the first line, then the
//! literals ending with `0`) or the competition's.
//!
//! The model is read back as a grid: each open cell takes the one value whose variable is true.
//! It is not checked against the clauses: a model that breaks them is a wrong solution the
//! harness's checker charges, as is "unsatisfiable" said of a puzzle that has solutions. What
//! cannot be read as a grid is a protocol error: no `s` line, `UNKNOWN`, a line of another kind,
//! a literal that is no number or names no variable of the formula, a model without its
//! ending `0`, a cell given no value or two, or an exit status that contradicts the `s` line.
//! Any other exit status is a crash, quoted with the end of standard error.
//!
//! # Counting
//!
//! The command line has no incremental mode, so counting past the first solution runs the
//! solver again on the formula and a clause forbidding each solution found (not every open
//! cell as it holds it), as a user of the command line would, until it says unsatisfiable or
//! the count reaches the limit: proving a puzzle unique is two runs. The time limit is the
//! puzzle's, for every run together. The engine reports no statistics and ignores node
//! budgets; it is timed as whole processes, start-up, writing the CNF file and reading the
//! answer included.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use sudoku_core::{Engine, Failure, FailureKind, Features, Grid, Limits, Outcome, Size};
use sudoku_engines::sat::{self, Cnf};
use sudoku_engines::{EngineInfo, Origin, Timing};
use tempfile::TempDir;

use crate::Declaration;
use crate::process::{self, describe_status, quote};

/// The placeholder for the CNF file's path in a declared command.
pub const CNF: &str = "{cnf}";

/// The placeholder for the path of the file the solver writes its answer to.
pub const MODEL: &str = "{model}";

/// What a solver may write for one run besides its model: comments, statistics, its banner.
const COMMENTS: usize = 1 << 20;

/// The most a solver may write for one run on a formula of `variables` variables, on standard
/// output or in its model file: 1 MiB of comments (`COMMENTS`), plus twice the longest the
/// model can honestly take, written one literal a line (`v -N` and its line end: the digits of
/// the largest variable and 4 bytes each). A 9×9 puzzle's formula (729 variables at most) gets
/// just over 1 MiB, the largest grid's (64×64: 262,144 variables) about 6 MiB: room for any real
/// solver's answer, while one that writes without end is stopped before the output, kept
/// whole until the solver exits and held once for each thread of a run, costs memory that
/// matters.
pub fn max_output(variables: u32) -> usize {
    let digits = variables.max(1).ilog10() as usize + 1;
    COMMENTS + 2 * variables as usize * (digits + 4)
}

/// The engine `declaration` declares, with `time_limit` per puzzle.
pub fn engine_info(declaration: &Declaration, time_limit: Duration) -> EngineInfo {
    let command = command_words(&declaration.command);
    let command_line = shell_words::join(&command);
    let description = declaration.description.clone().unwrap_or_else(|| {
        format!("SAT solver `{command_line}` on the `sat` engine's CNF encoding, a process a solve")
    });
    let orders = match &declaration.sizes {
        Some(sizes) => {
            // Declared sizes have square boxes (the declaration refuses others).
            let orders = sizes.iter().filter_map(|size| size.square_order()).map(|o| o as u8);
            (orders.clone().min().unwrap_or(2), orders.max().unwrap_or(8))
        }
        None => (Size::MIN_ORDER as u8, Size::MAX_ORDER as u8),
    };
    let origin = Origin::External {
        kind: "dimacs",
        declared: declaration.declared.clone(),
        command: command_line,
    };
    EngineInfo::external(
        declaration.name.clone(),
        description,
        origin,
        Timing::WholeProcess,
        move || Box::new(Dimacs::new(command.clone(), time_limit)),
    )
    .with_orders(orders.0, orders.1)
    .with_capabilities(true, false)
    // The formula is the `sat` engine's, which encodes any layout and every rule with numbers
    // and lines.
    .with_features(Features::ALL)
}

/// The declared words with the placeholders the command needs added: `{cnf}` last when no
/// word holds it, and `{model}` after it for a program called `minisat` that holds neither.
pub fn command_words(declared: &[String]) -> Vec<String> {
    let mut words = declared.to_vec();
    let holds =
        |words: &[String], placeholder: &str| words.iter().any(|word| word.contains(placeholder));
    let minisat = words.first().is_some_and(|program| {
        Path::new(program).file_name().is_some_and(|name| name == "minisat")
    });
    let add_model = minisat && !holds(&words, CNF) && !holds(&words, MODEL);
    if !holds(&words, CNF) {
        words.push(CNF.to_owned());
    }
    if add_model {
        words.push(MODEL.to_owned());
    }
    words
}

/// A SAT solver's program: its command (placeholders in place), its time for each puzzle, and
/// the directory its files are written to, made at the first solve and removed with the
/// engine.
pub struct Dimacs {
    command: Vec<String>,
    time_limit: Duration,
    directory: Option<TempDir>,
}

impl Dimacs {
    /// The engine that runs `command` (see [`command_words`]; the placeholders are replaced,
    /// none is added) on each puzzle's formula, stopping it after `time_limit`.
    pub fn new(command: Vec<String>, time_limit: Duration) -> Dimacs {
        Dimacs { command, time_limit, directory: None }
    }

    /// Where this engine's CNF and model files go.
    fn paths(&mut self) -> Result<(PathBuf, PathBuf), Failure> {
        if self.directory.is_none() {
            let directory =
                tempfile::Builder::new().prefix("sudoku-dimacs-").tempdir().map_err(|error| {
                    failure(FailureKind::Crashed, format!("no temporary directory: {error}"))
                })?;
            self.directory = Some(directory);
        }
        let directory = self.directory.as_ref().map(TempDir::path).unwrap_or(Path::new("."));
        Ok((directory.join("puzzle.cnf"), directory.join("model.txt")))
    }

    /// One run of the solver on `cnf` with the clauses `blocked`, before `deadline`: the
    /// solution its model gives, or `None` when it says unsatisfiable.
    fn run(
        &mut self,
        cnf: &Cnf,
        blocked: &[Vec<i32>],
        deadline: Instant,
    ) -> Result<Option<Grid>, Failure> {
        let (cnf_path, model_path) = self.paths()?;
        write_cnf(&cnf_path, cnf, blocked)?;
        let reads_model_file = self.command.iter().any(|word| word.contains(MODEL));
        if reads_model_file {
            // A model left by an earlier run must not pass for this run's.
            let _ = std::fs::remove_file(&model_path);
        }
        let words: Vec<String> = self
            .command
            .iter()
            .map(|word| {
                word.replace(CNF, &cnf_path.to_string_lossy())
                    .replace(MODEL, &model_path.to_string_lossy())
            })
            .collect();
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            let limit = process::seconds(self.time_limit);
            return Err(failure(FailureKind::TimedOut, format!("no answer within {limit}")));
        }
        let limit = max_output(cnf.variables());
        let finished = process::run(&words, "", remaining, limit)?;
        let claimed = match finished.status.code() {
            Some(10) => Some(true),
            Some(20) => Some(false),
            Some(0) => None,
            _ => {
                let stderr = match finished.stderr_tail.as_str() {
                    "" => String::new(),
                    tail => format!(" (stderr: {tail})"),
                };
                let status = describe_status(finished.status);
                return Err(failure(FailureKind::Crashed, format!("{status}{stderr}")));
            }
        };
        let answer = if reads_model_file {
            read_model_file(&model_path, limit)
        } else {
            read_answer(&finished.output)
        }
        .map_err(|message| failure(FailureKind::ProtocolError, message))?;
        if let Some(claimed) = claimed
            && claimed != answer.is_some()
        {
            let said = if answer.is_some() { "satisfiable" } else { "unsatisfiable" };
            return Err(failure(
                FailureKind::ProtocolError,
                format!("{} but answered {said}", describe_exit(finished.status)),
            ));
        }
        let Some(values) = answer else {
            return Ok(None);
        };
        let values = check_values(&values, cnf.variables())
            .map_err(|message| failure(FailureKind::ProtocolError, message))?;
        cnf.decode(|var| values[var as usize] == Value::True)
            .map(Some)
            .map_err(|message| failure(FailureKind::ProtocolError, message))
    }
}

impl Engine for Dimacs {
    /// Solves `puzzle`'s formula, again with each solution found forbidden until the solver
    /// says unsatisfiable or `limits` counts enough.
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let deadline = Instant::now() + self.time_limit;
        let Some(cnf) = sat::encode(puzzle) else {
            return Outcome::empty();
        };
        let mut blocked: Vec<Vec<i32>> = Vec::new();
        let mut first = None;
        let mut count = 0;
        while count < limits.max_solutions() {
            match self.run(&cnf, &blocked, deadline) {
                Ok(None) => break,
                Ok(Some(solution)) => {
                    count += 1;
                    let clause = cnf.blocking_clause(&solution);
                    first.get_or_insert(solution);
                    // A grid the clues fill has no other solution.
                    if clause.is_empty() {
                        break;
                    }
                    blocked.push(clause);
                }
                Err(mut failure) => {
                    if count > 0 {
                        let found = if count == 1 { "solution" } else { "solutions" };
                        failure.message = format!(
                            "run {} (after {count} {found}): {}",
                            count + 1,
                            failure.message
                        );
                    }
                    return Outcome { failure: Some(failure), ..Outcome::empty() };
                }
            }
        }
        Outcome { solution: first, count, ..Outcome::empty() }
    }
}

fn failure(kind: FailureKind, message: String) -> Failure {
    Failure { kind, message }
}

/// `exited with status 10 (satisfiable)`.
fn describe_exit(status: ExitStatus) -> String {
    let meaning = match status.code() {
        Some(10) => " (satisfiable)",
        Some(20) => " (unsatisfiable)",
        _ => "",
    };
    format!("{}{meaning}", describe_status(status))
}

/// Writes `cnf` with the clauses `blocked` to `path`.
fn write_cnf(path: &Path, cnf: &Cnf, blocked: &[Vec<i32>]) -> Result<(), Failure> {
    let written = File::create(path).and_then(|file| {
        let mut out = BufWriter::with_capacity(1 << 16, file);
        cnf.write_dimacs(&mut out, blocked)?;
        out.flush()
    });
    written.map_err(|error| {
        let path = path.display();
        failure(FailureKind::Crashed, format!("could not write the formula to {path}: {error}"))
    })
}

/// A solver's answer: the literals of its model in the order given, ending with `0`, when it
/// says satisfiable; `None` when it says unsatisfiable.
pub type Answer = Option<Vec<i64>>;

/// What a solver printed in the SAT competition's format, read; the error is one line saying
/// what is wrong, quoting it.
pub fn read_answer(output: &str) -> Result<Answer, String> {
    let mut status: Option<&str> = None;
    let mut literals = Vec::new();
    for line in output.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        let (kind, rest) = line.split_at(1);
        if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
            return Err(format!(
                "wrote a line that is no comment, status or values: {}",
                quote(line)
            ));
        }
        match kind {
            "s" if status.is_some() => {
                return Err(format!("wrote a second status line: {}", quote(line)));
            }
            "s" => status = Some(rest.trim()),
            "v" => read_literals(rest, &mut literals)?,
            _ => {
                return Err(format!(
                    "wrote a line that is no comment, status or values: {}",
                    quote(line)
                ));
            }
        }
    }
    match status {
        Some("SATISFIABLE") => Ok(Some(literals)),
        Some("UNSATISFIABLE") if literals.is_empty() => Ok(None),
        Some("UNSATISFIABLE") => Err("said UNSATISFIABLE and gave values".to_owned()),
        Some("UNKNOWN") => Err("said UNKNOWN: it gave up".to_owned()),
        Some(other) => Err(format!("wrote an unknown status: {}", quote(&format!("s {other}")))),
        None => Err(format!("wrote no 's' status line: {}", start(output))),
    }
}

/// A `{model}` file's answer: MiniSat's format (`SAT`, `UNSAT` or `INDET`, then the literals),
/// or the competition's.
pub fn read_model_text(text: &str) -> Result<Answer, String> {
    let first = text.lines().map(str::trim).find(|line| !line.is_empty()).unwrap_or("");
    if first.starts_with('c') || first.starts_with("s ") {
        return read_answer(text);
    }
    let mut words = text.split_whitespace();
    match words.next() {
        Some("SAT") => {
            let mut literals = Vec::new();
            let rest: Vec<&str> = words.collect();
            read_literals(&rest.join(" "), &mut literals)?;
            Ok(Some(literals))
        }
        Some("UNSAT") if words.next().is_none() => Ok(None),
        Some("UNSAT") => Err("said UNSAT and gave values".to_owned()),
        Some("INDET") => Err("said INDET: it gave up".to_owned()),
        Some(_) => Err(format!("wrote a model file that is no answer: {}", start(text))),
        None => Err("wrote an empty model file".to_owned()),
    }
}

/// The `{model}` file at `path`, read (at most `limit` bytes).
fn read_model_file(path: &Path, limit: usize) -> Result<Answer, String> {
    let file = File::open(path).map_err(|error| format!("wrote no model file ({error})"))?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("its model file could not be read: {error}"))?;
    if bytes.len() > limit {
        return Err(format!("wrote a model file of more than {limit} bytes"));
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        format!(
            "wrote a model file that is not UTF-8: {}",
            start(&String::from_utf8_lossy(error.as_bytes()))
        )
    })?;
    read_model_text(&text)
}

/// Adds the literals of `words` to `literals`, the ending `0` included; a word that is no
/// number is an error.
fn read_literals(words: &str, literals: &mut Vec<i64>) -> Result<(), String> {
    for word in words.split_whitespace() {
        let literal: i64 = word
            .parse()
            .map_err(|_| format!("gave a value that is no literal: {}", quote(word)))?;
        literals.push(literal);
    }
    Ok(())
}

/// What a model says of a variable.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Value {
    Unset,
    True,
    False,
}

/// The value of every variable (indexed by DIMACS number) in `literals`, which must end with
/// its one `0`, name only variables of the formula, and never a variable both ways.
fn check_values(literals: &[i64], variables: u32) -> Result<Vec<Value>, String> {
    let mut values = vec![Value::Unset; variables as usize + 1];
    let Some((&0, model)) = literals.split_last() else {
        return Err("gave a model that does not end with 0".to_owned());
    };
    for &literal in model {
        if literal == 0 {
            return Err("gave values after the 0 that ends its model".to_owned());
        }
        let var = literal.unsigned_abs();
        if var > u64::from(variables) {
            return Err(format!(
                "gave a value to variable {var}; the formula has {variables} variables"
            ));
        }
        let value = if literal > 0 { Value::True } else { Value::False };
        let slot = &mut values[var as usize];
        if *slot != Value::Unset && *slot != value {
            return Err(format!("gave variable {var} both values"));
        }
        *slot = value;
    }
    Ok(values)
}

/// The start of `output`, quoted and cut short.
fn start(output: &str) -> String {
    quote(output.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn placeholders_are_added_where_missing() {
        assert_eq!(command_words(&words("cadical")), words("cadical {cnf}"));
        assert_eq!(command_words(&words("kissat -q")), words("kissat -q {cnf}"));
        assert_eq!(command_words(&words("minisat")), words("minisat {cnf} {model}"));
        assert_eq!(
            command_words(&words("/usr/bin/minisat -verb=0")),
            words("/usr/bin/minisat -verb=0 {cnf} {model}")
        );
        assert_eq!(command_words(&words("minisat {cnf} {model}")), words("minisat {cnf} {model}"));
        assert_eq!(command_words(&words("minisat {cnf}")), words("minisat {cnf}"));
        assert_eq!(command_words(&words("s --in={cnf} -q")), words("s --in={cnf} -q"));
        assert_eq!(command_words(&words("s {model}")), words("s {model} {cnf}"));
    }

    #[test]
    fn the_competition_format_is_read() {
        let text = "c a comment\nc\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(read_answer(text), Ok(Some(vec![1, -2, 3, 0])));
        assert_eq!(read_answer("s UNSATISFIABLE\r\n"), Ok(None));
        for (text, problem) in [
            ("", "wrote no 's' status line"),
            ("c only\nv 1 0\n", "wrote no 's' status line: 'c only"),
            ("s UNKNOWN\n", "said UNKNOWN"),
            ("s SATISFIABLE\ns SATISFIABLE\n", "wrote a second status line"),
            ("s MAYBE\n", "wrote an unknown status: 's MAYBE'"),
            ("s UNSATISFIABLE\nv 1 0\n", "said UNSATISFIABLE and gave values"),
            ("s SATISFIABLE\nv 1 x 0\n", "gave a value that is no literal: 'x'"),
            ("solution: 1 2\n", "wrote a line that is no comment, status or values"),
            ("x\n", "wrote a line that is no comment"),
        ] {
            let message = read_answer(text).unwrap_err();
            assert!(message.starts_with(problem), "{text:?}: {message}");
        }
    }

    #[test]
    fn minisats_model_file_is_read() {
        assert_eq!(read_model_text("SAT\n1 -2 3 0\n"), Ok(Some(vec![1, -2, 3, 0])));
        assert_eq!(read_model_text("UNSAT\n"), Ok(None));
        assert_eq!(read_model_text("s SATISFIABLE\nv 1 0\n"), Ok(Some(vec![1, 0])));
        assert!(read_model_text("INDET\n").unwrap_err().starts_with("said INDET"));
        assert!(read_model_text("").unwrap_err().starts_with("wrote an empty model file"));
        assert!(read_model_text("hello").unwrap_err().contains("'hello'"));
    }

    #[test]
    fn the_output_allowed_fits_any_model_and_little_more() {
        for variables in [1, 9, 64, 729, 4096, 15_625, 262_144] {
            let one_a_line: usize =
                (1..=variables).map(|var| format!("v -{var}\n").len()).sum::<usize>() + 4;
            let limit = max_output(variables);
            assert!(one_a_line + COMMENTS <= limit, "{variables}: {one_a_line} > {limit}");
            assert!(limit <= COMMENTS + 3 * one_a_line, "{variables}: {limit} is too much");
        }
        assert!(max_output(262_144) < 8 << 20);
    }

    #[test]
    fn a_model_ends_with_its_one_zero_and_names_only_the_formulas_variables() {
        let values = check_values(&[1, -2, 0], 3).unwrap();
        assert_eq!(values[1..], [Value::True, Value::False, Value::Unset]);
        assert!(check_values(&[1, -2], 3).unwrap_err().contains("does not end with 0"));
        assert!(check_values(&[], 3).unwrap_err().contains("does not end with 0"));
        assert!(check_values(&[1, 0, 2, 0], 3).unwrap_err().contains("after the 0"));
        assert!(check_values(&[4, 0], 3).unwrap_err().contains("variable 4; the formula has 3"));
        assert!(check_values(&[i64::MIN, 0], 3).unwrap_err().contains("the formula has 3"));
        assert!(check_values(&[2, -2, 0], 3).unwrap_err().contains("variable 2 both values"));
    }
}
