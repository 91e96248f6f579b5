//! The state techniques read: each cell's value or its candidates (pencil marks).

use std::fmt::Write as _;

use sudoku_core::{Alphabet, Grid, Size};

use crate::houses::{Houses, Tables, bit, bits};
use crate::step::Step;

/// A position being solved: each cell holds a value or a set of candidates.
///
/// The candidates start as every value no peer holds (of those the grid's layout gives the
/// cell to start with, if it gives any); techniques only ever remove them. A
/// board that has gone wrong (a cell without candidates, a value with no place left in a
/// house, a value placed where it was not a candidate) is *broken*: the puzzle, or the guess
/// that led here, has no solution.
#[derive(Clone)]
pub struct Board {
    houses: Tables,
    values: Vec<u8>,
    /// Candidate sets (value `v` is bit `v − 1`); 0 for a cell that holds a value.
    candidates: Vec<u64>,
    broken: bool,
}

impl Board {
    /// The board of a puzzle: its clues placed, every other cell with the values its peers do
    /// not hold, under the puzzle's layout (its houses, the pairs of cells it says differ, its
    /// starting candidates). Clues that repeat a value in a house or pair, or that are not
    /// among their cell's starting candidates, make a broken board.
    pub fn new(puzzle: &Grid) -> Board {
        let houses = Tables::of(puzzle);
        let candidates = match houses.layout().and_then(|layout| layout.candidates()) {
            Some(start) => start.to_vec(),
            None => vec![houses.all_values; houses.cells],
        };
        let mut board = Board {
            values: vec![0; houses.cells],
            candidates,
            broken: false,
            houses: houses.clone(),
        };
        // The clues go in without the checks of `place`: one check of the whole board after
        // them costs less than a check of every peer of every clue.
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value == 0 {
                continue;
            }
            if board.values[cell] != 0 || board.candidates[cell] & bit(value) == 0 {
                board.broken = true;
                break;
            }
            board.values[cell] = value;
            board.candidates[cell] = 0;
            for &peer in board.houses.peers(cell) {
                board.candidates[usize::from(peer)] &= !bit(value);
            }
        }
        board.check();
        // A layout's rules with numbers and lines: a clue may break one, or the rule may
        // hold for no values at all.
        if let Some(rules) = board.houses.rules()
            && !board.broken
            && !rules.admits_all(&board.domains())
        {
            board.broken = true;
        }
        board
    }

    /// Every cell's candidates, a placed value as its one candidate (value `v` is bit
    /// `v − 1`): the board as the propagators of a layout's rules read it.
    pub(crate) fn domains(&self) -> Vec<u64> {
        self.values
            .iter()
            .zip(&self.candidates)
            .map(|(&value, &candidates)| if value == 0 { candidates } else { bit(value) })
            .collect()
    }

    /// Whether the grid's layout has rules with numbers and lines (killer cages,
    /// thermometers, ...).
    pub(crate) fn has_rules(&self) -> bool {
        self.houses.rules().is_some()
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.houses.size
    }

    pub(crate) fn houses(&self) -> &Houses {
        &self.houses
    }

    /// The value of `cell`, 0 when it is empty.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (value `v` is bit `v − 1`), empty for a cell with a value.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u64 {
        self.candidates[cell]
    }

    /// Whether `value` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.candidates[cell] & bit(value) != 0
    }

    /// Whether every cell holds a value (and the board is not broken).
    pub fn is_solved(&self) -> bool {
        !self.broken && self.values.iter().all(|&value| value != 0)
    }

    /// Whether the board has gone wrong (see [`Board`]): no solution lies below it.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// The values as a grid (0 for cells still empty), under the puzzle's layout.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.size(), &self.values)
            .expect("a board holds values of its size")
            .with_layout(self.houses.layout().cloned())
    }

    /// The positions (indices into the house's cell list) where `value` is a candidate in
    /// `house`.
    #[inline]
    pub(crate) fn places(&self, house: usize, value: u8) -> u64 {
        let mask = bit(value);
        self.houses.cells_of(house).iter().enumerate().fold(0, |places, (position, &cell)| {
            places | (u64::from(self.candidates[usize::from(cell)] & mask != 0) << position)
        })
    }

    /// The cells of `house` where `value` is a candidate.
    pub(crate) fn cells_with(&self, house: usize, value: u8) -> impl Iterator<Item = usize> + '_ {
        let mask = bit(value);
        self.houses
            .cells_of(house)
            .iter()
            .map(|&cell| usize::from(cell))
            .filter(move |&cell| self.candidates[cell] & mask != 0)
    }

    /// The values placed in `house`.
    pub(crate) fn placed_in(&self, house: usize) -> u64 {
        self.houses.cells_of(house).iter().fold(0, |placed, &cell| {
            placed | self.values[usize::from(cell)].checked_sub(1).map_or(0, |v| 1 << v)
        })
    }

    /// Puts `value` in `cell` and removes it from the candidates of every peer; marks the
    /// board broken if `value` was no candidate there, if a peer is left without candidates
    /// or a house without a place for `value`, or if a rule of the layout watching the cell
    /// (a killer cage, a thermometer, ...) can no longer hold.
    pub(crate) fn place(&mut self, cell: usize, value: u8) {
        if self.values[cell] != 0 || self.candidates[cell] & bit(value) == 0 {
            self.broken = true;
            return;
        }
        self.values[cell] = value;
        self.candidates[cell] = 0;
        let Board { houses, values, candidates, broken } = self;
        for &peer in houses.peers(cell) {
            let peer = usize::from(peer);
            if candidates[peer] & bit(value) != 0 {
                candidates[peer] &= !bit(value);
                *broken |= stuck(houses, values, candidates, peer, value);
            }
        }
        if let Some(rules) = self.houses.rules()
            && !self.broken
            && !rules.admits(&self.domains(), cell)
        {
            self.broken = true;
        }
    }

    /// Removes `value` from the candidates of `cell`; whether it was one. Marks the board
    /// broken if that leaves the cell, or one of its houses, without a way to go on.
    pub(crate) fn eliminate(&mut self, cell: usize, value: u8) -> bool {
        let had = self.candidates[cell] & bit(value) != 0;
        if had {
            self.candidates[cell] &= !bit(value);
            self.lost(cell, value);
        }
        had
    }

    /// The checks after `value` left the candidates of `cell` (see [`stuck`]).
    fn lost(&mut self, cell: usize, value: u8) {
        self.broken |= stuck(&self.houses, &self.values, &self.candidates, cell, value);
    }

    /// Whether applying `step` would change the board: a placement in an empty cell or an
    /// elimination of a candidate still there.
    pub fn progresses(&self, step: &Step) -> bool {
        step.placements.iter().any(|&(cell, _)| self.values[cell] == 0)
            || step.eliminations.iter().any(|&(cell, value)| self.has(cell, value))
    }

    /// Makes the placements and eliminations of `step`; the board is then broken if they
    /// leave a cell or a house without a way to go on.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, value) in &step.placements {
            if self.values[cell] != value {
                self.place(cell, value);
            }
        }
        for &(cell, value) in &step.eliminations {
            self.eliminate(cell, value);
        }
    }

    /// Marks the board broken if an empty cell has no candidate or a house has a value
    /// neither placed nor a candidate anywhere: the whole board, for a board just made (the
    /// changes after that check themselves as they are made).
    fn check(&mut self) {
        if self.broken {
            return;
        }
        let houses = &*self.houses;
        let empty_cell_stuck =
            (0..houses.cells).any(|cell| self.values[cell] == 0 && self.candidates[cell] == 0);
        let house_stuck = (0..houses.count()).any(|house| {
            let covered = houses.cells_of(house).iter().fold(0, |covered, &cell| {
                let cell = usize::from(cell);
                covered
                    | self.candidates[cell]
                    | self.values[cell].checked_sub(1).map_or(0, |v| 1 << v)
            });
            covered != houses.all_values
        });
        self.broken = empty_cell_stuck || house_stuck;
    }

    /// The empty cell with the fewest candidates (the first such, row-major), if any.
    pub(crate) fn fewest_candidates(&self) -> Option<usize> {
        (0..self.houses.cells)
            .filter(|&cell| self.values[cell] == 0)
            .min_by_key(|&cell| self.candidates[cell].count_ones())
    }

    /// The pencil-mark grid: every cell's value or candidates, in columns, with rules between
    /// boxes. Values and candidates are written in `alphabet` (numbers beyond its symbols); a
    /// placed value is shown as itself, candidates as their symbols run together (numbers
    /// separated by commas).
    pub fn pencil_marks(&self, alphabet: Alphabet) -> String {
        let size = self.size();
        let symbols = alphabet.has_symbols_for(size);
        let write_value = |value: u8| {
            if symbols { char::from(alphabet.symbol(value)).to_string() } else { value.to_string() }
        };
        let texts: Vec<String> = (0..size.cells())
            .map(|cell| {
                if self.values[cell] != 0 {
                    write_value(self.values[cell])
                } else {
                    let parts: Vec<String> =
                        bits(self.candidates[cell]).map(|b| write_value(b as u8 + 1)).collect();
                    parts.join(if symbols { "" } else { "," })
                }
            })
            .collect();
        // Boxes `rows` cells tall and `cols` wide, `rows` of them side by side.
        let (side, rows, cols) = (size.side(), size.box_rows(), size.box_cols());
        let widths: Vec<usize> = (0..side)
            .map(|col| (0..side).map(|row| texts[row * side + col].len()).max().unwrap_or(1))
            .collect();
        let rule = {
            let mut rule = String::new();
            for stack in 0..rows {
                rule.push('+');
                let width: usize =
                    (0..cols).map(|k| widths[stack * cols + k] + 1).sum::<usize>() + 1;
                rule.push_str(&"-".repeat(width));
            }
            rule.push('+');
            rule
        };
        let mut out = String::new();
        for row in 0..side {
            if row % rows == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for col in 0..side {
                if col % cols == 0 {
                    out.push_str("| ");
                }
                let _ = write!(out, "{:<width$} ", texts[row * side + col], width = widths[col]);
            }
            out.push_str("|\n");
        }
        out.push_str(&rule);
        out.push('\n');
        out
    }
}

/// Whether the board of `values` and `candidates` is stuck after `value` left the candidates
/// of `cell`: the cell has none left, or one of its houses no place for `value`. Only the
/// cell and its houses can have broken, so only they are looked at (the whole board would
/// cost a scan of every house after every step).
fn stuck(houses: &Houses, values: &[u8], candidates: &[u64], cell: usize, value: u8) -> bool {
    if values[cell] == 0 && candidates[cell] == 0 {
        return true;
    }
    let mask = bit(value);
    let nowhere = |house: usize| {
        !houses.cells_of(house).iter().any(|&other| {
            let other = usize::from(other);
            candidates[other] & mask != 0 || values[other] == value
        })
    };
    // A layout's added houses hold every value too (there are none on a classic grid).
    houses.houses_of(cell).into_iter().any(nowhere)
        || houses.more_houses_of(cell).iter().any(|&house| nowhere(usize::from(house)))
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size() == other.size()
            && self.values == other.values
            && self.candidates == other.candidates
            && self.broken == other.broken
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.pencil_marks(Alphabet::for_size(self.size())))
    }
}

#[cfg(test)]
impl Board {
    /// A board with the given values and candidates, taken as they are (then checked).
    pub(crate) fn from_parts(size: Size, values: Vec<u8>, candidates: Vec<u64>) -> Board {
        let houses = Tables::Classic(Houses::of(size));
        assert_eq!(values.len(), houses.cells);
        assert_eq!(candidates.len(), houses.cells);
        let mut board = Board { houses, values, candidates, broken: false };
        board.check();
        board
    }
}
