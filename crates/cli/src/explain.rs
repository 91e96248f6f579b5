//! `sudoku explain`: the path of human techniques through a puzzle, a step per line, or as
//! JSON. Nothing is guessed: a path that gets stuck ends with the candidates.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

use serde_json::{Value, json};
use sudoku_core::{Format, Limits, Puzzle, PuzzleReader, Size, write_grid};
use sudoku_engines::default_engine_for;
use sudoku_logic::{Board, End, Ladder, Options, Step, Technique, digits};

use crate::args::{ExplainArgs, ExplainFormat};
use crate::console::{Halt, Written, errln, plural};
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

/// The input named by `PUZZLE`: a file, standard input, or the puzzle itself.
fn input_of(argument: &str) -> Result<(String, Box<dyn BufRead>), String> {
    let path = Path::new(argument);
    if argument == "-" || path.exists() {
        return open_input(path).map(|input| (display_name(path), input));
    }
    // Not a file: a puzzle on one line has no spaces and no path separators.
    let looks_like_a_puzzle = argument.len() >= 16
        && !argument.contains(['/', ' '])
        && argument.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
    if looks_like_a_puzzle {
        let text = argument.as_bytes().to_vec();
        Ok(("the puzzle given".to_owned(), Box::new(io::Cursor::new(text))))
    } else {
        Err(format!("cannot open {argument}: no such file (nor is it a puzzle on one line)"))
    }
}

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
    let mut documents = Vec::new();
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
        let explanation = Explanation::of(&puzzle, !args.no_uniqueness, args.grid);
        tally.unsolved |= explanation.end != End::Solved;
        match args.format {
            ExplainFormat::Text => {
                if !first {
                    writeln!(out).map_err(output_failed)?;
                }
                explanation.write_text(&puzzle, &mut out).map_err(output_failed)?;
                out.flush().map_err(output_failed)?;
            }
            ExplainFormat::Json => documents.push(explanation.json(&puzzle)),
        }
        first = false;
    }
    if args.format == ExplainFormat::Json {
        serde_json::to_writer_pretty(&mut out, &json!({ "puzzles": documents }))
            .map_err(|error| Halt::from_output(&io::Error::from(error), "the output"))?;
        writeln!(out).map_err(output_failed)?;
    }
    out.flush().map_err(output_failed)
}

/// A puzzle's path: each step with the board it applies to (when the candidates are wanted),
/// and where it ended.
struct Explanation {
    solutions: u32,
    steps: Vec<(Step, Option<Board>)>,
    end: End,
    board: Board,
}

impl Explanation {
    fn of(puzzle: &Puzzle, uniqueness: bool, keep_boards: bool) -> Explanation {
        let grid = &puzzle.grid;
        let solutions = default_engine_for(grid.size()).create().solve(grid, Limits::UNIQUE).count;
        let ladder =
            Ladder::new(Options { uniqueness: uniqueness && solutions == 1, ..Options::default() });
        let mut board = Board::new(grid);
        let mut steps = Vec::new();
        let end = if solutions == 0 {
            End::Broken
        } else {
            ladder.run(&mut board, |before, step| {
                steps.push((step.clone(), keep_boards.then(|| before.clone())));
            })
        };
        Explanation { solutions, steps, end, board }
    }

    /// The hardest technique used (the ladder's order puts no harder technique first).
    fn hardest(&self) -> Option<Technique> {
        self.steps.iter().map(|(step, _)| step.technique).max()
    }

    fn write_text(&self, puzzle: &Puzzle, out: &mut dyn Write) -> io::Result<()> {
        let size = puzzle.grid.size();
        let solutions = match self.solutions {
            0 => "no solution",
            1 => "one solution",
            _ => "several solutions",
        };
        writeln!(
            out,
            "Puzzle {} (line {}): {size}, {}, {solutions}",
            puzzle.number,
            puzzle.line,
            plural(puzzle.grid.clue_count() as u64, "clue")
        )?;
        let width = self.steps.len().to_string().len();
        for (index, (step, before)) in self.steps.iter().enumerate() {
            if let Some(board) = before {
                out.write_all(board.pencil_marks(puzzle.alphabet).as_bytes())?;
            }
            writeln!(out, "{:>width$}. {}", index + 1, step.describe(size))?;
        }
        let hardest = self
            .hardest()
            .map(|t| format!("; hardest: {t} ({:.1})", t.difficulty()))
            .unwrap_or_default();
        let steps = plural(self.steps.len() as u64, "step");
        match self.end {
            End::Solved => {
                writeln!(out, "Solved in {steps}{hardest}.")?;
                let format =
                    if puzzle.format.can_write(size) { puzzle.format } else { Format::Judge };
                write_grid(out, &self.board.grid(), format, puzzle.alphabet)?;
            }
            End::Stuck => {
                let why = if self.solutions > 1 {
                    "the puzzle has several solutions, so techniques cannot finish it"
                } else {
                    "no technique applies, going on needs a guess"
                };
                writeln!(out, "Stuck after {steps}{hardest}: {why}. The candidates:")?;
                out.write_all(self.board.pencil_marks(puzzle.alphabet).as_bytes())?;
            }
            End::Broken => {
                writeln!(out, "No solution: the clues contradict each other.")?;
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
        let hardest = self.hardest();
        let mut document = json!({
            "number": puzzle.number,
            "line": puzzle.line,
            "size": format!("{0}x{0}", size.side()),
            "clues": puzzle.grid.clue_count(),
            "solutions": match self.solutions { 0 | 1 => self.solutions.to_string(), _ => "2+".to_owned() },
            "end": match self.end { End::Solved => "solved", End::Stuck => "stuck", End::Broken => "no-solution" },
            "hardest": hardest.map(Technique::name),
            "difficulty": hardest.map_or(0.0, Technique::difficulty),
            "steps": steps,
        });
        match self.end {
            End::Solved => document["solution"] = json!(self.board.grid().to_line()),
            End::Stuck => document["candidates"] = candidates_json(&self.board),
            End::Broken => {}
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
    json!({
        "technique": step.technique.name(),
        "key": step.technique.key(),
        "difficulty": step.technique.difficulty(),
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
    })
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
