//! `sudoku candidates`: each cell's true candidates, as a pencil-mark grid or JSON.
//!
//! The candidates come from [`sudoku_generate::candidates`], solved by the default engine of
//! each puzzle's size on the pool; here they are only laid out.

use std::io::{self, Write};

use serde_json::{Value, json};
use sudoku_core::{Alphabet, Engine, Puzzle, Size};
use sudoku_engines::EnginesBySize;
use sudoku_generate::Candidates;

use crate::args::{CandidatesArgs, CandidatesFormat};
use crate::console::errln;
use crate::setter::{Item, Outcomes, PuzzlesJson, answer_with_engines, refuse};
use crate::solve::output_failed;

/// What one puzzle came to.
enum Answer {
    Found(Candidates),
    /// The engine failed: why.
    Failed(String),
}

/// Runs `sudoku candidates`; returns the exit code.
pub fn run(args: &CandidatesArgs) -> u8 {
    let cap = args.cap.map(|cap| u32::try_from(cap).unwrap_or(u32::MAX));
    let mut outcomes = Outcomes::default();
    let mut first = true;
    let answer = |engine: &mut dyn Engine, puzzle: &Puzzle| match sudoku_generate::candidates(
        &puzzle.grid,
        engine,
        cap,
    ) {
        Ok(found) => Answer::Found(found),
        Err(failure) => Answer::Failed(failure.to_string()),
    };
    let as_json = args.format == CandidatesFormat::Json;
    let mut json = match PuzzlesJson::open(as_json) {
        Ok(json) => json,
        Err(halt) => return outcomes.exit_code(Err(halt)),
    };
    let result = answer_with_engines(
        &args.files,
        args.input.options(),
        args.threads,
        EnginesBySize::default,
        answer,
        &mut outcomes,
        |outcomes, out, name, item| match item {
            Item::Unreadable(message, _) => errln!("{message}"),
            Item::Refused(puzzle, why) => refuse(name, &puzzle, &why),
            Item::Answered(puzzle, Answer::Failed(message)) => {
                outcomes.failed = true;
                refuse(name, &puzzle, &message)
            }
            Item::Answered(puzzle, Answer::Found(found)) => {
                outcomes.unanswered |= !found.solvable();
                if as_json {
                    json.push(&mut *out, &to_json(&puzzle, &found))
                } else {
                    if !first {
                        writeln!(out).map_err(output_failed)?;
                    }
                    first = false;
                    write_text(&mut *out, &puzzle, &found).map_err(output_failed)
                }
            }
        },
    );
    outcomes.exit_code(result.and_then(|bad_input| json.close().map(|()| bad_input)))
}

/// The text of value `value` in `puzzle`'s symbols (numbers where it has none).
fn symbol(alphabet: Alphabet, size: Size, value: u8) -> String {
    if alphabet.has_symbols_for(size) {
        char::from(alphabet.symbol(value)).to_string()
    } else {
        format!("{value},")
    }
}

/// One cell's pencil marks: its candidates, each with its count when counted.
fn marks(puzzle: &Puzzle, found: &Candidates, cell: usize) -> String {
    let size = puzzle.grid.size();
    let values = found.values(cell);
    let mut text = String::new();
    for (index, &value) in values.iter().enumerate() {
        text.push_str(&symbol(puzzle.alphabet, size, value));
        if let (Some(counts), Some(cap)) = (&found.counts, found.cap) {
            let count = counts[cell][index];
            let more = if count >= cap { "+" } else { "" };
            text.push_str(&format!("({count}{more})"));
        }
    }
    text.trim_end_matches(',').to_owned()
}

/// The pencil-mark grid: a row per line, cells padded to the widest, boxes set apart by `|`.
fn write_text(out: &mut dyn Write, puzzle: &Puzzle, found: &Candidates) -> io::Result<()> {
    if !found.solvable() {
        return writeln!(out, "puzzle {}: no solution", puzzle.number);
    }
    let size = puzzle.grid.size();
    // Boxes `rows` cells tall and `cols` wide, `rows` of them side by side.
    let (rows, cols, side) = (size.box_rows(), size.box_cols(), size.side());
    let cells: Vec<String> = (0..size.cells()).map(|cell| marks(puzzle, found, cell)).collect();
    let width = cells.iter().map(|marks| marks.chars().count()).max().unwrap_or(1);
    for row in 0..side {
        if row > 0 && row % rows == 0 {
            let dashes = "-".repeat(cols * (width + 1) - 1);
            writeln!(out, "{}", vec![dashes; rows].join("-+-"))?;
        }
        let mut line = String::new();
        for col in 0..side {
            if col > 0 {
                line.push_str(if col % cols == 0 { " | " } else { " " });
            }
            line.push_str(&format!("{:<width$}", cells[row * side + col]));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// A puzzle's element of the JSON document.
fn to_json(puzzle: &Puzzle, found: &Candidates) -> Value {
    let cells: Vec<Value> = (0..puzzle.grid.size().cells())
        .map(|cell| {
            let values = found.values(cell);
            match &found.counts {
                None => json!(values),
                Some(counts) => Value::Array(
                    values
                        .iter()
                        .zip(&counts[cell])
                        .map(|(value, &count)| {
                            let capped = found.cap.is_some_and(|cap| count >= cap);
                            json!({"value": value, "count": count, "capped": capped})
                        })
                        .collect(),
                ),
            }
        })
        .collect();
    json!({"puzzle": puzzle.number, "solvable": found.solvable(), "cells": cells})
}
