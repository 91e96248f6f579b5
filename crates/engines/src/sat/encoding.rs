//! The formula of a puzzle: one variable per cell and value, "exactly one" per cell and per
//! unit and value, written through a [`ClauseSink`] into `batsat` (for the engines) or into a
//! DIMACS [`Cnf`] (for solvers in other programs), so both get the very same clauses.

use std::io::{self, Write};

use batsat::Lit;
use sudoku_core::{Grid, Size};

use super::formula::{ClauseList, ClauseSink, Formula, NONE};
use super::rules::{self, Values};
use crate::geometry::Geometry;

/// What the engine does with the clues.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    /// Clues applied before encoding: only open cells and values get variables and clauses.
    Optimized,
    /// Every cell and value a variable, every clause written, each clue a unit clause.
    Plain,
}

/// The tables and buffers of the encoding, kept from one puzzle to the next: an engine's, or
/// one made for a single [`encode`].
pub(super) struct Encoder {
    pub(super) encoding: Encoding,
    pub(super) geometry: Geometry,
    /// The variable of cell `c` holding value `v` (1-based) is `var_of[c * side + v - 1]`,
    /// `NONE` when there is none (the optimized encoding's ruled-out values).
    pub(super) var_of: Vec<u32>,
    /// Whether each value is still possible in each cell, `cells × side`, for the optimized
    /// encoding.
    possible: Vec<bool>,
    /// A clause being written; the engines also build the clause that forbids a solution in it.
    pub(super) clause: Vec<Lit>,
    group: Vec<Lit>,
}

impl Encoder {
    /// An encoder writing the formula with `encoding`.
    pub(super) fn new(encoding: Encoding) -> Self {
        Encoder {
            encoding,
            geometry: Geometry::new(),
            var_of: Vec::new(),
            possible: Vec::new(),
            clause: Vec::new(),
            group: Vec::new(),
        }
    }
}

impl Encoder {
    /// Numbers the variables: every cell and value (plain), or the values still possible in
    /// open cells (optimized). `false` when the optimized encoding finds a contradiction first.
    pub(super) fn number_variables(
        &mut self,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
    ) -> (bool, u32) {
        let side = self.geometry.side;
        let cells = self.geometry.cells;
        self.var_of.clear();
        self.var_of.resize(cells * side, NONE);
        let mut next = 0;
        match self.encoding {
            Encoding::Plain => {
                for var in &mut self.var_of {
                    *var = next;
                    next += 1;
                }
                (true, next)
            }
            Encoding::Optimized => {
                self.possible.clear();
                match self.geometry.starting_candidates() {
                    None => self.possible.resize(cells * side, true),
                    Some(starting) => self.possible.extend(
                        starting.iter().flat_map(|&set| (0..side).map(move |v| set >> v & 1 != 0)),
                    ),
                }
                for (cell, &clue) in clues.iter().enumerate() {
                    if clue == 0 {
                        continue;
                    }
                    for &peer in self.geometry.peers(cell) {
                        self.possible[usize::from(peer) * side + usize::from(clue) - 1] = false;
                    }
                }
                if let Some((cell, value)) = excluded {
                    self.possible[cell * side + usize::from(value) - 1] = false;
                }
                for (cell, &clue) in clues.iter().enumerate() {
                    let possible = &self.possible[cell * side..(cell + 1) * side];
                    if clue != 0 {
                        // A clue another clue (or the excluded value) rules out.
                        if !possible[usize::from(clue) - 1] {
                            return (false, next);
                        }
                        continue;
                    }
                    for (value, &possible) in possible.iter().enumerate() {
                        if possible {
                            self.var_of[cell * side + value] = next;
                            next += 1;
                        }
                    }
                }
                (true, next)
            }
        }
    }

    /// Writes the formula of the puzzle into the sink `make_sink` makes (once the variables
    /// are numbered); `None` when it is contradictory before solving.
    pub(super) fn encode<S: ClauseSink>(
        &mut self,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        make_sink: impl FnOnce() -> S,
    ) -> Option<S> {
        let (consistent, variables) = self.number_variables(clues, excluded);
        if !consistent {
            return None;
        }
        let side = self.geometry.side;
        let plain = self.encoding == Encoding::Plain;
        let mut formula =
            Formula { sink: make_sink(), clause: &mut self.clause, contradictory: false };
        formula.sink.value_variables(variables);
        let group = &mut self.group;
        // Every cell: exactly one value (for the optimized encoding, open cells only).
        for (cell, &clue) in clues.iter().enumerate() {
            if clue != 0 && !plain {
                continue;
            }
            group.clear();
            for &var in self.var_of[cell * side..(cell + 1) * side].iter().filter(|&&v| v != NONE) {
                group.push(formula.literal(var, true));
            }
            if group.is_empty() {
                return None;
            }
            formula.exactly_one(group);
            if clue != 0 {
                let var = self.var_of[cell * side + usize::from(clue) - 1];
                let clue = formula.literal(var, true);
                formula.unit(clue);
            }
        }
        // Every unit: each value exactly once (for the optimized encoding, values no clue of
        // the unit holds).
        for unit in 0..self.geometry.unit_count() {
            for value in 1..=side {
                let cells = self.geometry.unit(unit);
                if !plain
                    && cells.iter().any(|&cell| usize::from(clues[usize::from(cell)]) == value)
                {
                    continue;
                }
                group.clear();
                for &cell in cells {
                    let var = self.var_of[usize::from(cell) * side + value - 1];
                    if var != NONE {
                        group.push(formula.literal(var, true));
                    }
                }
                if group.is_empty() {
                    return None;
                }
                formula.exactly_one(group);
            }
        }
        // A layout's peers outside the units (a knight's or a king's move, groups smaller than
        // a unit): no value in both cells of each pair, and (plain encoding) no value outside
        // a cell's starting candidates.
        let loose_cells = if self.geometry.layout().is_some() { self.geometry.cells } else { 0 };
        for cell in 0..loose_cells {
            let peers = self.geometry.peers(cell);
            let outside =
                peers[self.geometry.unit_peer_count(cell)..].iter().map(|&p| usize::from(p));
            for peer in outside.filter(|&peer| peer > cell) {
                for value in 0..side {
                    let (a, b) =
                        (self.var_of[cell * side + value], self.var_of[peer * side + value]);
                    if a != NONE && b != NONE {
                        formula.clause.clear();
                        let (a, b) = (formula.literal(a, false), formula.literal(b, false));
                        formula.clause.extend([a, b]);
                        formula.add();
                    }
                }
            }
        }
        if let (Some(starting), true) = (self.geometry.starting_candidates(), plain) {
            for (cell, &set) in starting.iter().enumerate() {
                for value in (0..side).filter(|&value| set >> value & 1 == 0) {
                    let ruled_out = formula.literal(self.var_of[cell * side + value], false);
                    formula.unit(ruled_out);
                }
            }
        }
        if let (Some((cell, value)), true) = (excluded, plain) {
            let var = self.var_of[cell * side + usize::from(value) - 1];
            let ruled_out = formula.literal(var, false);
            formula.unit(ruled_out);
        }
        // The constraints (killer cages, thermometers, dots, ...), from their propagators.
        if let Some(model) = self.geometry.model() {
            rules::encode(&mut formula, model, &Values { var_of: &self.var_of, clues, side });
        }
        (!formula.contradictory).then_some(formula.sink)
    }
}

/// The formula of the `sat` engine (the optimized encoding: clues applied first) for a SAT
/// solver in another program: the same variables and clauses in the same order, numbered as
/// DIMACS numbers them (from 1, a negative number for a negated variable), with the table that
/// reads a model back as a grid.
#[derive(Clone, Debug)]
pub struct Cnf {
    size: Size,
    clues: Vec<u8>,
    /// The DIMACS variable of cell `c` holding value `v` (1-based) is
    /// `var_of[c * side + v - 1] + 1`; `NONE` when there is none.
    var_of: Vec<u32>,
    variables: u32,
    clauses: usize,
    /// The clauses, each ended by `0`.
    literals: Vec<i32>,
}

/// The formula of `puzzle` as the `sat` engine writes it; `None` when applying the clues
/// already shows it has no solution (two clues clash, a cell has no value left, or a value
/// no place left in a unit).
pub fn encode(puzzle: &Grid) -> Option<Cnf> {
    let size = puzzle.size();
    let mut encoder = Encoder::new(Encoding::Optimized);
    encoder.geometry.set_layout(puzzle.layout().map(|layout| &**layout), size);
    let clues = puzzle.cells();
    let list = encoder.encode(clues, None, ClauseList::default)?;
    Some(Cnf {
        size,
        clues: clues.to_vec(),
        var_of: encoder.var_of,
        variables: list.variables,
        clauses: list.clauses,
        literals: list.literals,
    })
}

impl Cnf {
    /// The number of variables (DIMACS numbers `1..=variables`).
    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// The number of clauses.
    pub fn clauses(&self) -> usize {
        self.clauses
    }

    /// The clauses as DIMACS numbers, each ended by `0`.
    pub fn literals(&self) -> &[i32] {
        &self.literals
    }

    /// The DIMACS variable saying "`cell` holds `value`" (a row-major cell index, a value
    /// from 1), if the formula has one: a clue's cell has none, nor has a value a clue rules
    /// out.
    pub fn variable(&self, cell: usize, value: u8) -> Option<u32> {
        let side = self.size.side();
        let index = (cell < self.size.cells() && (1..=side).contains(&usize::from(value)))
            .then(|| cell * side + usize::from(value) - 1)?;
        let var = self.var_of[index];
        (var != NONE).then(|| var + 1)
    }

    /// Writes the formula in the DIMACS CNF format, with `extra` clauses after its own (each
    /// a list of DIMACS numbers without the ending `0`).
    pub fn write_dimacs(&self, out: &mut impl Write, extra: &[Vec<i32>]) -> io::Result<()> {
        writeln!(out, "p cnf {} {}", self.variables, self.clauses + extra.len())?;
        let mut line = Vec::with_capacity(64 * 1024);
        let put = |literal: i32, line: &mut Vec<u8>| {
            write_number(line, literal);
            line.push(if literal == 0 { b'\n' } else { b' ' });
        };
        let extra_literals = extra.iter().flat_map(|clause| clause.iter().copied().chain([0]));
        for literal in self.literals.iter().copied().chain(extra_literals) {
            put(literal, &mut line);
            if line.len() >= 60 * 1024 {
                out.write_all(&line)?;
                line.clear();
            }
        }
        out.write_all(&line)
    }

    /// The grid a model gives: each clue, and in each open cell the one value whose variable
    /// is true (`is_true` says, by DIMACS number). An error names a cell given no value, or
    /// two, which no model of the formula does.
    pub fn decode(&self, is_true: impl Fn(u32) -> bool) -> Result<Grid, String> {
        let side = self.size.side();
        let mut cells = self.clues.clone();
        for (cell, value) in cells.iter_mut().enumerate() {
            if *value != 0 {
                continue;
            }
            let mut held = (1..=side).filter(|&candidate| {
                let var = self.var_of[cell * side + candidate - 1];
                var != NONE && is_true(var + 1)
            });
            match (held.next(), held.next()) {
                (Some(only), None) => *value = only as u8,
                (None, _) => {
                    return Err(format!("the model gives {} no value", self.size.name(cell)));
                }
                (Some(first), Some(second)) => {
                    return Err(format!(
                        "the model gives {} two values, {first} and {second}",
                        self.size.name(cell)
                    ));
                }
            }
        }
        Grid::from_cells(self.size, &cells)
            .ok_or_else(|| "the model gives a value outside the grid's".to_owned())
    }

    /// The clause forbidding `solution` (not every open cell as it holds it), as DIMACS
    /// numbers: with it, the formula's models are its other solutions. Empty when the clues
    /// fill the grid.
    pub fn blocking_clause(&self, solution: &Grid) -> Vec<i32> {
        (0..self.clues.len())
            .filter(|&cell| self.clues[cell] == 0)
            .filter_map(|cell| self.variable(cell, solution.get(cell)))
            .map(|var| -(var as i32))
            .collect()
    }
}

/// Appends `number` in decimal to `out`.
pub(super) fn write_number(out: &mut Vec<u8>, number: i32) {
    if number < 0 {
        out.push(b'-');
    }
    let mut digits = [0u8; 10];
    let mut rest = number.unsigned_abs();
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}
