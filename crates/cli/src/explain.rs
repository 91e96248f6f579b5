//! `sudoku explain`: the path of human techniques through a puzzle, a step per line, or as
//! JSON. Nothing is guessed unless asked (`--guess`): a path that gets stuck ends with the
//! candidates.
//!
//! The walk (which ladder, when the solutions are counted, what a count that gave up means) is
//! sudoku-logic's [`Rater::walk`]; this file gives it the engines that count
//! ([`EnginesBySize`]) and writes what it found. Also what `sudoku rate` shares with it: the
//! engines, and JSON written one element at a time ([`JsonArray`]), so that neither command
//! holds more than a puzzle (or a chunk of them) however long its input.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

use serde::Serialize;
use serde_json::{Value, json};
use sudoku_core::{Format, GridKind, Puzzle, PuzzleReader, Size, Verdict, write_grid};
use sudoku_engines::EnginesBySize;
use sudoku_logic::{Board, End, Rater, Step, Technique, digits};

use crate::args::{ExplainArgs, ExplainFormat, LadderScale};
use crate::console::{Written, errln, plural, wrap};
use crate::exit;
use crate::solve::{display_name, open_input, output_failed};

/// Runs `sudoku explain`; returns the exit code.
pub fn run(args: &ExplainArgs) -> u8 {
    let mut tally = Tally::default();
    match explain_all(args, &mut tally) {
        Ok(()) => tally.exit_code(),
        Err(halt) => halt.exit_code(tally.exit_code()),
    }
}

#[derive(Default)]
struct Tally {
    bad_input: bool,
    unsolved: bool,
}

impl Tally {
    fn exit_code(&self) -> u8 {
        if self.bad_input {
            exit::BAD_INPUT
        } else if self.unsolved {
            exit::UNSOLVED
        } else {
            exit::SUCCESS
        }
    }
}

/// The input named by `PUZZLE`: a file, standard input, or the puzzle itself (a puzzle on one
/// line, or an f-puzzles puzzle: its JSON or a link).
fn input_of(argument: &str) -> Result<(String, Box<dyn BufRead>), String> {
    let path = Path::new(argument);
    if argument == "-" || path.exists() {
        return open_input(path).map(|input| (display_name(path), input));
    }
    // Not a file: a puzzle on one line has no spaces and no path separators; an f-puzzles
    // puzzle starts as the reader knows it by (`{`, or a link's `http://` or `https://`).
    let trimmed = argument.trim_start();
    let fpuzzles = ["{", "http://", "https://"].iter().any(|start| trimmed.starts_with(start));
    let looks_like_a_puzzle = fpuzzles
        || argument.len() >= 16
            && !argument.contains(['/', ' '])
            && argument.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
    if looks_like_a_puzzle {
        let text = argument.as_bytes().to_vec();
        Ok(("the puzzle given".to_owned(), Box::new(io::Cursor::new(text))))
    } else {
        Err(format!(
            "cannot open {argument}: no such file (nor is it a puzzle on one line, an f-puzzles \
             link or its JSON)"
        ))
    }
}

/// Explains every puzzle as it is read: text is written and flushed puzzle by puzzle, and so
/// is JSON (the document's opening first, each puzzle's object when it is done, the closing
/// last), so memory is that of one puzzle's explanation.
fn explain_all(args: &ExplainArgs, tally: &mut Tally) -> Written {
    let (name, input) = match input_of(&args.puzzle) {
        Ok(found) => found,
        Err(message) => {
            tally.bad_input = true;
            return errln!("sudoku: {message}");
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let rater = Rater::of_scale(args.scale.scale(), !args.no_uniqueness)
        .with_budget(args.budget.0)
        .with_guesses(args.guess)
        .with_work_budget(args.work_budget.0);
    let mut engines = EnginesBySize::default();
    let mut puzzles = JsonArray::new(1);
    if args.format == ExplainFormat::Json {
        out.write_all(b"{\n  \"puzzles\": ").map_err(output_failed)?;
        puzzles.open(&mut out).map_err(output_failed)?;
    }
    let mut first = true;
    for item in PuzzleReader::with_options(input, args.input.options()) {
        let puzzle = match item {
            Ok(puzzle) => puzzle,
            Err(error) => {
                tally.bad_input = true;
                errln!("{name}: {error}")?;
                continue;
            }
        };
        if !rater.takes(&puzzle.grid) {
            tally.bad_input = true;
            errln!(
                "{name}: puzzle {}, line {}: not explained: {}",
                puzzle.number,
                puzzle.line,
                not_rated(&puzzle)
            )?;
            continue;
        }
        let explanation = Explanation::of(&puzzle, &rater, &mut engines, args.grid, args.scale);
        tally.unsolved |= explanation.end != Some(End::Solved);
        match args.format {
            ExplainFormat::Text => {
                if !first {
                    writeln!(out).map_err(output_failed)?;
                }
                explanation.write_text(&puzzle, &mut out).map_err(output_failed)?;
            }
            ExplainFormat::Json => {
                puzzles.push(&mut out, &explanation.json(&puzzle)).map_err(output_failed)?;
            }
        }
        out.flush().map_err(output_failed)?;
        first = false;
    }
    if args.format == ExplainFormat::Json {
        puzzles.close(&mut out).map_err(output_failed)?;
        out.write_all(b"\n}\n").map_err(output_failed)?;
    }
    out.flush().map_err(output_failed)
}

/// Why Sudoku Explainer's scale does not rate `puzzle`, whose layout has rules with numbers
/// and lines, for people.
pub(crate) fn not_rated(puzzle: &Puzzle) -> String {
    let kind = puzzle
        .grid
        .layout()
        .and_then(|layout| layout.constraints().first())
        .map_or("such rules", |rule| rule.kind().name());
    format!(
        "Sudoku Explainer's scale rates classic rules only, not a {kind}: rate it on the \
         workbench's scale (--scale workbench)"
    )
}

/// A JSON array written an element at a time, byte for byte as `serde_json`'s pretty printer
/// writes the whole array at the same depth of a document (two spaces an indent).
pub(crate) struct JsonArray {
    /// How deep the array stands in its document: 0 for the document itself.
    depth: usize,
    /// Elements written so far.
    elements: usize,
}

impl JsonArray {
    /// An array at `depth` in its document.
    pub(crate) fn new(depth: usize) -> JsonArray {
        JsonArray { depth, elements: 0 }
    }

    /// Writes the opening bracket (after the key, when the caller wrote one).
    pub(crate) fn open(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.elements = 0;
        out.write_all(b"[")
    }

    /// Writes `element`.
    pub(crate) fn push(&mut self, out: &mut dyn Write, element: &impl Serialize) -> io::Result<()> {
        self.next(out)?;
        write_pretty(out, element, self.depth + 1)
    }

    /// Starts the next element, which the caller then writes at one level deeper than the
    /// array, in pieces.
    pub(crate) fn next(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(if self.elements == 0 { b"\n" } else { b",\n" })?;
        indent(out, self.depth + 1)?;
        self.elements += 1;
        Ok(())
    }

    /// Writes the closing bracket: `[]` for an empty array, as `serde_json` does.
    pub(crate) fn close(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.elements > 0 {
            out.write_all(b"\n")?;
            indent(out, self.depth)?;
        }
        out.write_all(b"]")
    }
}

/// Writes `depth` levels of indentation.
pub(crate) fn indent(out: &mut dyn Write, depth: usize) -> io::Result<()> {
    for _ in 0..depth {
        out.write_all(b"  ")?;
    }
    Ok(())
}

/// Writes `value` pretty-printed as it would stand `depth` levels deep in a larger document:
/// every line after the first indented `depth` levels more. (No JSON string holds a raw line
/// break, so every line break is one of the printer's.)
pub(crate) fn write_pretty(
    out: &mut dyn Write,
    value: &impl Serialize,
    depth: usize,
) -> io::Result<()> {
    let text = serde_json::to_vec_pretty(value).map_err(io::Error::from)?;
    let mut lines = text.split(|&byte| byte == b'\n');
    if let Some(first) = lines.next() {
        out.write_all(first)?;
    }
    for line in lines {
        out.write_all(b"\n")?;
        indent(out, depth)?;
        out.write_all(line)?;
    }
    Ok(())
}

/// A puzzle's path: each step with the board it applies to (when the candidates are wanted),
/// where it ended, and what is known of the puzzle's solutions.
struct Explanation {
    solutions: Verdict,
    /// The budget at which counting the solutions gave up, if it did.
    gave_up: Option<u64>,
    steps: Vec<(Step, Option<Board>)>,
    /// `None`: not explained, the count gave up first.
    end: Option<End>,
    /// The guesses made after the path got stuck (with `--guess`).
    guesses: usize,
    board: Board,
    /// The hardest step's technique and difficulty: on the workbench's scale the technique
    /// last in the ladder's order and its difficulty; on Sudoku Explainer's the step of the
    /// greatest difficulty, length term included, as `sudoku rate` rates the puzzle.
    hardest: Option<(Technique, f64)>,
}

impl Explanation {
    fn of(
        puzzle: &Puzzle,
        rater: &Rater,
        engines: &mut EnginesBySize,
        keep_boards: bool,
        scale: LadderScale,
    ) -> Explanation {
        let mut steps = Vec::new();
        let walked = rater.walk(
            &puzzle.grid,
            &mut |grid, limits| engines.solve(grid, limits),
            |before, step| steps.push((step.clone(), keep_boards.then(|| before.clone()))),
        );
        let hardest = match scale {
            LadderScale::Workbench => {
                // The ladder's order puts no harder technique first.
                steps
                    .iter()
                    .map(|(step, _)| step.technique)
                    .filter(|&technique| technique != Technique::Guess)
                    .max()
                    .map(|t| (t, t.difficulty()))
            }
            LadderScale::Explainer => walked.hardest.map(|t| (t, walked.difficulty)),
        };
        Explanation {
            hardest,
            gave_up: walked.gave_up().then_some(walked.budget).flatten(),
            solutions: walked.solutions,
            steps,
            end: walked.end,
            guesses: walked.guesses,
            board: walked.board,
        }
    }

    fn write_text(&self, puzzle: &Puzzle, out: &mut dyn Write) -> io::Result<()> {
        let size = puzzle.grid.size();
        let gave_up = self.gave_up.map(|budget| {
            format!("gave up counting solutions at the budget of {}", plural(budget, "node"))
        });
        let solutions = match (&gave_up, self.solutions) {
            (Some(gave_up), _) => gave_up.as_str(),
            (None, Verdict::Exactly(0)) => "no solution",
            (None, Verdict::Exactly(1)) => "one solution",
            (None, _) => "several solutions",
        };
        // Every line but the grids is wrapped to the output's width: a step's later lines
        // under its text, a branch's deeper than the branch.
        let heading = format!(
            "Puzzle {} (line {}): {}, {}, {solutions}",
            puzzle.number,
            puzzle.line,
            GridKind::of(&puzzle.grid),
            plural(puzzle.grid.clue_count() as u64, "clue")
        );
        writeln!(out, "{}", wrap(&heading, 2))?;
        let width = self.steps.len().to_string().len();
        for (index, (step, before)) in self.steps.iter().enumerate() {
            if let Some(board) = before {
                out.write_all(board.pencil_marks(puzzle.alphabet).as_bytes())?;
            }
            let lines = step.describe_lines(size);
            let number = (index + 1).to_string();
            let first = format!("{number:>width$}. {}", lines[0]);
            writeln!(out, "{}", wrap(&first, number.len() + 2))?;
            for line in &lines[1..] {
                writeln!(out, "{}", wrap(&format!("{:width$}  {line}", ""), 4))?;
            }
        }
        let hardest = self
            .hardest
            .map(|(t, difficulty)| format!("; hardest: {t} ({difficulty:.1})"))
            .unwrap_or_default();
        let steps = plural(self.steps.len() as u64, "step");
        match self.end {
            None => writeln!(
                out,
                "{}",
                wrap(
                    "Not explained: techniques that assume one solution wait for the count \
                     (raise --budget, or explain with --no-uniqueness).",
                    2
                )
            )?,
            Some(End::Solved) => {
                writeln!(out, "{}", wrap(&format!("Solved in {steps}{hardest}."), 2))?;
                let format =
                    if puzzle.format.can_write(size) { puzzle.format } else { Format::Judge };
                write_grid(out, &self.board.grid(), format, puzzle.alphabet)?;
            }
            Some(End::Stuck) if self.guesses > 0 && self.board.is_solved() => {
                let rated =
                    self.steps.iter().take_while(|(step, _)| step.technique != Technique::Guess);
                writeln!(
                    out,
                    "Needs guessing: stuck after {}{hardest}; solved by {} and {} in all.",
                    plural(rated.count() as u64, "step"),
                    plural(self.guesses as u64, "guess"),
                    steps
                )?;
                let format =
                    if puzzle.format.can_write(size) { puzzle.format } else { Format::Judge };
                write_grid(out, &self.board.grid(), format, puzzle.alphabet)?;
            }
            Some(End::Stuck) => {
                let why = match (self.gave_up, self.solutions) {
                    (Some(budget), _) => format!(
                        "no technique applies, and counting the solutions gave up at the \
                         budget of {}",
                        plural(budget, "node")
                    ),
                    (None, Verdict::AtLeast(_)) => {
                        "the puzzle has several solutions, so techniques cannot finish it".into()
                    }
                    (None, _) => "no technique applies, going on needs a guess".into(),
                };
                let stuck = format!("Stuck after {steps}{hardest}: {why}. The candidates:");
                writeln!(out, "{}", wrap(&stuck, 2))?;
                out.write_all(self.board.pencil_marks(puzzle.alphabet).as_bytes())?;
            }
            Some(End::Broken) => {
                writeln!(out, "No solution: the clues contradict each other.")?;
            }
            Some(End::GaveUp) => {
                let gave_up =
                    format!("Gave up after {steps}{hardest}: the search spent its work budget.");
                writeln!(out, "{}", wrap(&gave_up, 2))?;
            }
        }
        Ok(())
    }

    fn json(&self, puzzle: &Puzzle) -> Value {
        let size = puzzle.grid.size();
        let steps: Vec<Value> = self
            .steps
            .iter()
            .enumerate()
            .map(|(index, (step, before))| {
                let mut value = step_json(step, size);
                value["number"] = json!(index + 1);
                if let Some(board) = before {
                    value["candidates_before"] = candidates_json(board);
                }
                value
            })
            .collect();
        let hardest = self.hardest;
        let end = match (self.gave_up, self.end) {
            (Some(_), _) | (None, None | Some(End::GaveUp)) => "gave-up",
            (None, Some(End::Solved)) => "solved",
            (None, Some(End::Stuck)) => "stuck",
            (None, Some(End::Broken)) => "no-solution",
        };
        let mut document = json!({
            "number": puzzle.number,
            "line": puzzle.line,
            "size": format!("{0}x{0}", size.side()),
            "clues": puzzle.grid.clue_count(),
            "solutions": self.solutions.to_string(),
            "end": end,
            "hardest": hardest.map(|(t, _)| t.name()),
            "difficulty": hardest.map_or(0.0, |(_, difficulty)| difficulty),
            "steps": steps,
        });
        if let Some(budget) = self.gave_up {
            document["budget"] = json!(budget);
        }
        if let Some(layout) = puzzle.grid.layout() {
            document["layout"] = json!(layout.words().join(" "));
        }
        if self.guesses > 0 {
            document["guesses"] = json!(self.guesses);
        }
        match self.end {
            Some(End::Solved) => document["solution"] = json!(self.board.grid().to_line()),
            Some(End::Stuck) if self.board.is_solved() => {
                document["solution"] = json!(self.board.grid().to_line());
            }
            Some(End::Stuck) => document["candidates"] = candidates_json(&self.board),
            Some(End::Broken | End::GaveUp) | None => {}
        }
        document
    }
}

/// A cell as JSON: its name and 1-based row and column.
fn cell_json(size: Size, cell: usize) -> Value {
    json!({
        "cell": size.name(cell).to_string(),
        "row": size.row_of(cell) + 1,
        "column": size.col_of(cell) + 1,
    })
}

fn step_json(step: &Step, size: Size) -> Value {
    let with_digit = |&(cell, digit): &(usize, u8)| {
        let mut value = cell_json(size, cell);
        value["digit"] = json!(digit);
        value
    };
    let mut value = json!({
        "technique": step.technique.name(),
        "key": step.technique.key(),
        "difficulty": step.difficulty(),
        "text": step.describe(size),
        "digits": digits(step.digits).collect::<Vec<_>>(),
        "units": step.units.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "pattern": step.pattern.iter().map(|&(cell, set)| {
            let mut value = cell_json(size, cell);
            value["digits"] = json!(digits(set).collect::<Vec<_>>());
            value
        }).collect::<Vec<_>>(),
        "placements": step.placements.iter().map(with_digit).collect::<Vec<_>>(),
        "eliminations": step.eliminations.iter().map(with_digit).collect::<Vec<_>>(),
    });
    // The rules with numbers and lines a step used (their steps only: no other has the key).
    if let Some(usage) = &step.rule {
        value["rules"] = usage
            .rules
            .iter()
            .map(|(index, rule)| {
                let cells: Vec<Value> = rule
                    .places(size)
                    .iter()
                    .filter_map(|place| place.cell(size))
                    .map(|cell| cell_json(size, cell))
                    .collect();
                json!({
                    "index": index,
                    "kind": rule.kind().word(),
                    "name": rule.to_string(),
                    "cells": cells,
                })
            })
            .collect();
        if !usage.combinations.is_empty() {
            value["combinations"] = usage
                .combinations
                .iter()
                .map(|&set| json!(digits(set).collect::<Vec<_>>()))
                .collect();
        }
        if let Some(equation) = &usage.equation {
            let terms: Vec<Value> = equation
                .terms
                .iter()
                .map(|&(cell, coefficient)| {
                    let mut term = cell_json(size, cell);
                    term["coefficient"] = json!(coefficient);
                    term
                })
                .collect();
            value["equation"] = json!({ "terms": terms, "total": equation.total });
        }
    }
    // A chain's branches, link by link (Sudoku Explainer's chains only: no other step has
    // the key).
    if !step.links.is_empty() {
        value["branches"] = step
            .links
            .iter()
            .map(|branch| {
                branch
                    .iter()
                    .map(|&(cell, digit, on)| {
                        let mut link = with_digit(&(cell, digit));
                        link["on"] = json!(on);
                        link
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    value
}

/// Every cell's value or candidates.
fn candidates_json(board: &Board) -> Value {
    let size = board.size();
    let cells: Vec<Value> = (0..size.cells())
        .map(|cell| {
            let mut value = cell_json(size, cell);
            if board.value(cell) != 0 {
                value["value"] = json!(board.value(cell));
            } else {
                value["candidates"] = json!(digits(board.candidates(cell)).collect::<Vec<_>>());
            }
            value
        })
        .collect();
    Value::Array(cells)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A document written as `explain` and `rate` stream theirs: arrays element by element,
    /// one of them with its elements written in pieces.
    fn streamed(files: &[Vec<Value>]) -> String {
        let mut out = Vec::new();
        out.extend_from_slice(b"{\n  \"files\": ");
        let mut outer = JsonArray::new(1);
        outer.open(&mut out).unwrap();
        for (number, rows) in files.iter().enumerate() {
            outer.next(&mut out).unwrap();
            out.extend_from_slice(b"{\n");
            indent(&mut out, 3).unwrap();
            out.extend_from_slice(b"\"file\": ");
            write_pretty(&mut out, &format!("file \"{number}\"\n"), 3).unwrap();
            out.extend_from_slice(b",\n");
            indent(&mut out, 3).unwrap();
            out.extend_from_slice(b"\"rows\": ");
            let mut inner = JsonArray::new(3);
            inner.open(&mut out).unwrap();
            for row in rows {
                inner.push(&mut out, row).unwrap();
            }
            inner.close(&mut out).unwrap();
            out.extend_from_slice(b"\n");
            indent(&mut out, 2).unwrap();
            out.extend_from_slice(b"}");
        }
        outer.close(&mut out).unwrap();
        out.extend_from_slice(b"\n}");
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn streamed_json_is_what_the_pretty_printer_writes_for_the_whole_document() {
        let row = |n: u64| json!({ "n": n, "list": [n, [], {}], "nested": { "text": "a\nb" } });
        for files in [
            vec![],
            vec![vec![]],
            vec![vec![row(1)]],
            vec![vec![row(1), row(2)], vec![], vec![row(3)]],
        ] {
            let whole = json!({
                "files": files.iter().enumerate().map(|(number, rows)| json!({
                    "file": format!("file \"{number}\"\n"),
                    "rows": rows,
                })).collect::<Vec<_>>(),
            });
            assert_eq!(streamed(&files), serde_json::to_string_pretty(&whole).unwrap());
        }
    }

    /// A puzzle of rules with numbers and lines, as the reader gives one: `line`'s givens on
    /// a 9×9 grid with the rules of the `#` lines `rules`.
    pub(crate) fn variant_puzzle(line: &str, rules: &[&str]) -> Puzzle {
        let mut puzzle = PuzzleReader::new(io::Cursor::new(line.as_bytes().to_vec()))
            .next()
            .expect("a puzzle")
            .expect("it reads");
        let constraints = rules
            .iter()
            .flat_map(|rule| sudoku_core::constraint::parse_directive(rule).expect(rule))
            .collect();
        let layout = sudoku_core::Layout::classic(puzzle.grid.size())
            .with_constraints(constraints)
            .expect("rules that fit");
        puzzle.grid = puzzle.grid.clone().with_layout(Some(std::sync::Arc::new(layout)));
        puzzle
    }

    /// A killer of the workbench's own making (`crates/logic/tests/it/variants.rs`, seed 1): no
    /// givens, 20 cages, one solution, [`KILLER_SOLUTION`].
    pub(crate) const KILLER: [&str; 20] = [
        "killer 7 r3c8 r2c8",
        "killer 25 r8c8 r7c8 r7c9 r8c9",
        "killer 9 r1c9",
        "killer 6 r9c9 r9c8",
        "killer 3 r4c4",
        "killer 13 r2c4 r3c4 r2c3",
        "killer 6 r8c6",
        "killer 7 r6c8",
        "killer 10 r1c6 r2c6 r2c7",
        "killer 4 r5c6",
        "killer 26 r4c6 r4c5 r4c7 r5c7",
        "killer 15 r7c4 r8c4",
        "killer 4 r3c9",
        "killer 2 r4c8",
        "killer 6 r7c2",
        "killer 11 r3c3 r3c2",
        "killer 1 r8c7",
        "killer 5 r5c4",
        "killer 7 r4c3",
        "killer 9 r9c5 r9c4 r8c5",
    ];
    pub(crate) const KILLER_SOLUTION: &str =
        "672415839495683217183297564547368921219574386836921475961842753324756198758139642";

    fn explained(puzzle: &Puzzle) -> Explanation {
        let rater = Rater::of_scale(LadderScale::Workbench.scale(), true);
        Explanation::of(
            puzzle,
            &rater,
            &mut EnginesBySize::default(),
            false,
            LadderScale::Workbench,
        )
    }

    #[test]
    fn a_killers_steps_name_their_cages_in_the_text_and_the_json_and_hold_in_its_solution() {
        let puzzle = variant_puzzle(&".".repeat(81), &KILLER);
        let explanation = explained(&puzzle);
        assert_eq!(explanation.end, Some(End::Solved));
        let solution: Vec<u8> = KILLER_SOLUTION.bytes().map(|b| b - b'0').collect();
        let solution = sudoku_core::Grid::from_cells(Size::NINE, &solution).expect("a grid");
        let layout = puzzle.grid.layout().expect("its rules");
        let mut named = 0;
        for (step, _) in &explanation.steps {
            let text = step.describe(Size::NINE);
            assert!(step.holds_in(&solution), "{text}");
            let json = step_json(step, Size::NINE);
            let Some(usage) = &step.rule else {
                assert!(json.get("rules").is_none(), "{text}");
                continue;
            };
            assert_eq!(json["rules"].as_array().map(Vec::len), Some(usage.rules.len()), "{text}");
            for ((index, rule), value) in usage.rules.iter().zip(json["rules"].as_array().unwrap())
            {
                assert_eq!(&layout.constraints()[*index], rule, "{text}");
                assert!(text.contains(&rule.to_string()), "{text} names {rule}");
                assert_eq!(value["index"], json!(index));
                assert_eq!(value["kind"], json!("killer"));
                assert_eq!(value["name"], json!(rule.to_string()));
                assert_eq!(
                    value["cells"].as_array().map(Vec::len),
                    Some(rule.places(Size::NINE).len())
                );
                named += 1;
            }
            if step.technique == Technique::CageCombinations && !usage.combinations.is_empty() {
                let sets = json["combinations"].as_array().expect("a cage's combinations");
                assert_eq!(sets.len(), usage.combinations.len(), "{text}");
            }
            if step.technique == Technique::RuleOf45 {
                assert!(
                    json["equation"]["terms"].as_array().is_some_and(|t| !t.is_empty()),
                    "{text}"
                );
            }
        }
        assert!(named > 0, "some step names a cage");
        let document = explanation.json(&puzzle);
        assert_eq!(document["solution"], json!(KILLER_SOLUTION));
    }

    #[test]
    fn a_variant_the_ladder_cannot_finish_ends_with_the_grid_of_candidates() {
        // One cage of 3 on an empty grid: its cells keep 1 and 2, and nothing else follows.
        let puzzle = variant_puzzle(&".".repeat(81), &["killer 3 r1c1 r1c2"]);
        let explanation = explained(&puzzle);
        assert_eq!(explanation.end, Some(End::Stuck));
        assert!(!explanation.steps.is_empty());
        let mut text = Vec::new();
        explanation.write_text(&puzzle, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("killer cage at r1c1 (sum 3)"), "{text}");
        assert!(text.contains("The candidates:"), "{text}");
        assert!(text.ends_with(&explanation.board.pencil_marks(puzzle.alphabet)), "{text}");
        let document = explanation.json(&puzzle);
        let cells = document["candidates"].as_array().expect("the candidates, in the JSON");
        assert_eq!(cells.len(), 81);
        assert_eq!(cells[0]["candidates"], json!([1, 2]));
        assert_eq!(cells[1]["candidates"], json!([1, 2]));
        assert_eq!(cells[80]["candidates"], json!([1, 2, 3, 4, 5, 6, 7, 8, 9]));
        assert!(document.get("solution").is_none());
    }

    #[test]
    fn sudoku_explainers_scale_refuses_a_variant_naming_its_first_rule() {
        let puzzle = variant_puzzle(&".".repeat(81), &["thermo r1c1 r1c2", "killer 3 r2c1 r2c2"]);
        assert!(!Rater::of_scale(LadderScale::Explainer.scale(), true).takes(&puzzle.grid));
        assert!(Rater::of_scale(LadderScale::Workbench.scale(), true).takes(&puzzle.grid));
        assert!(not_rated(&puzzle).contains("not a thermometer"), "{}", not_rated(&puzzle));
    }
}
