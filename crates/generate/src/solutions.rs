//! A small board of candidates with the two singles, for the searches that must choose their
//! own branches: listing solutions in a fixed order ([`solutions`]) and the random probes of
//! [`crate::estimate`]. The engines answer "how many" and "which first"; neither lets a caller
//! pick the branch, so these searches walk a board of their own. A puzzle's constraints are
//! kept by the core's propagators of them ([`Model`]), run with the singles.

use std::sync::Arc;

use sudoku_core::{Grid, Model, Units};

/// Values and candidates of every cell of one grid; candidates as bits (value `v` is bit
/// `v - 1`), so every size up to 64×64 fits a word.
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) values: Vec<u8>,
    pub(crate) candidates: Vec<u64>,
    /// The propagators of the puzzle's constraints, if it has any.
    model: Option<Arc<Model>>,
}

impl Board {
    /// The board of `puzzle` (with the starting candidates of its layout, if it gives them)
    /// with its givens placed and the singles applied; `None` when that already breaks it (the
    /// puzzle has no solution). `units` are the tables of the puzzle's layout.
    pub(crate) fn new(puzzle: &Grid, units: &Units) -> Option<Board> {
        let side = puzzle.size().side();
        let full = if side == 64 { u64::MAX } else { (1u64 << side) - 1 };
        let cells = puzzle.size().cells();
        let candidates = match units.layout().and_then(|layout| layout.candidates()) {
            Some(starting) => starting.to_vec(),
            None => vec![full; cells],
        };
        let model = units
            .layout()
            .filter(|layout| !layout.constraints().is_empty())
            .map(|layout| Arc::new(Model::new(layout)));
        let mut board = Board { values: vec![0; cells], candidates, model };
        for cell in 0..cells {
            let value = puzzle.get(cell);
            if value != 0 && !board.place(units, cell, value) {
                return None;
            }
        }
        board.singles(units).then_some(board)
    }

    /// Puts `value` in `cell` and takes it from the peers; false when the cell could not hold
    /// it or a peer is left with no candidate.
    pub(crate) fn place(&mut self, units: &Units, cell: usize, value: u8) -> bool {
        let bit = 1u64 << (value - 1);
        if self.candidates[cell] & bit == 0 {
            return false;
        }
        self.values[cell] = value;
        self.candidates[cell] = bit;
        for &peer in units.peers(cell) {
            let peer = usize::from(peer);
            if self.values[peer] == 0 {
                self.candidates[peer] &= !bit;
                if self.candidates[peer] == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Applies naked and hidden singles, and the constraints' propagators, until none is left;
    /// false on a contradiction. None removes a solution, and the propagators are exact on a
    /// full board, so a search on the board finds the puzzle's solutions and no other.
    pub(crate) fn singles(&mut self, units: &Units) -> bool {
        loop {
            let mut changed = false;
            if let Some(model) = &self.model {
                let before = self.candidates.iter().filter(|bits| bits.count_ones() == 1).count();
                if model.fixpoint(&mut self.candidates).is_err() {
                    return false;
                }
                if self.candidates.contains(&0) {
                    return false;
                }
                let after = self.candidates.iter().filter(|bits| bits.count_ones() == 1).count();
                changed |= after != before;
            }
            for cell in 0..self.values.len() {
                if self.values[cell] == 0 && self.candidates[cell].count_ones() == 1 {
                    let value = self.candidates[cell].trailing_zeros() as u8 + 1;
                    if !self.place(units, cell, value) {
                        return false;
                    }
                    changed = true;
                }
            }
            for unit in 0..units.count() {
                let mut once = 0u64;
                let mut more = 0u64;
                for &cell in units.cells_of(unit) {
                    let bits = self.candidates[usize::from(cell)];
                    more |= once & bits;
                    once |= bits;
                }
                let side = units.side();
                let full = if side == 64 { u64::MAX } else { (1u64 << side) - 1 };
                if once != full {
                    return false;
                }
                let mut hidden = once & !more;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let Some(&cell) = units
                        .cells_of(unit)
                        .iter()
                        .find(|&&c| self.candidates[usize::from(c)] & bit != 0)
                    else {
                        continue;
                    };
                    let cell = usize::from(cell);
                    if self.values[cell] == 0 {
                        if !self.place(units, cell, bit.trailing_zeros() as u8 + 1) {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The empty cell with the fewest candidates (the first such), or `None` when solved.
    pub(crate) fn branch_cell(&self) -> Option<usize> {
        (0..self.values.len())
            .filter(|&cell| self.values[cell] == 0)
            .min_by_key(|&cell| self.candidates[cell].count_ones())
    }
}

/// The first `limit` solutions of `puzzle` in the order of a search that branches on the first
/// cell with the fewest candidates, smallest value first: a fixed order, the same on every
/// machine. They are all held: to list many, [`each_solution`] hands them over one by one.
pub fn solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    let mut found = Vec::new();
    let kept = each_solution(puzzle, limit, |solution| {
        found.push(solution.clone());
        Ok::<(), std::convert::Infallible>(())
    });
    match kept {
        Ok(_) => found,
        Err(never) => match never {},
    }
}

/// Hands the solutions [`solutions`] lists to `each` as they are found, in the same order, at
/// most `limit` of them, keeping none: the memory of one path of the search, whatever the
/// limit. Stops at the first error `each` returns, which it returns; else the number handed.
pub fn each_solution<E>(
    puzzle: &Grid,
    limit: usize,
    mut each: impl FnMut(&Grid) -> Result<(), E>,
) -> Result<usize, E> {
    let units = Units::for_grid(puzzle);
    let mut handed = 0;
    if limit > 0
        && let Some(board) = Board::new(puzzle, &units)
    {
        walk(board, &units, puzzle, limit, &mut handed, &mut each)?;
    }
    Ok(handed)
}

fn walk<E>(
    board: Board,
    units: &Units,
    puzzle: &Grid,
    limit: usize,
    handed: &mut usize,
    each: &mut impl FnMut(&Grid) -> Result<(), E>,
) -> Result<(), E> {
    let Some(cell) = board.branch_cell() else {
        *handed += 1;
        return each(&Grid::from_cells(puzzle.size(), &board.values).expect("values in range"));
    };
    let mut bits = board.candidates[cell];
    while bits != 0 && *handed < limit {
        let value = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        let mut next = board.clone();
        if next.place(units, cell, value) && next.singles(units) {
            walk(next, units, puzzle, limit, handed, each)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Size, check_solution};

    #[test]
    fn the_empty_four_by_four_has_288_distinct_solutions() {
        let empty = Grid::empty(Size::from_order(2).unwrap());
        let mut all = solutions(&empty, 1000);
        assert_eq!(all.len(), 288);
        for grid in &all {
            assert_eq!(check_solution(&empty, grid), Ok(()));
        }
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 288);
        assert_eq!(solutions(&empty, 5).len(), 5);
        assert_eq!(solutions(&empty, 5), solutions(&empty, 1000)[..5]);
    }

    #[test]
    fn solutions_handed_one_by_one_are_those_listed_and_an_error_stops_them() {
        let empty = Grid::empty(Size::from_order(2).unwrap());
        let mut handed = Vec::new();
        let count = each_solution(&empty, 100, |grid| {
            handed.push(grid.clone());
            Ok::<(), ()>(())
        });
        assert_eq!(count, Ok(100));
        assert_eq!(handed, solutions(&empty, 100));
        let mut seen = 0;
        let stopped = each_solution(&empty, 100, |_| {
            seen += 1;
            if seen == 7 { Err("full") } else { Ok(()) }
        });
        assert_eq!((stopped, seen), (Err("full"), 7));
        assert_eq!(each_solution(&empty, 0, |_| Err("none asked")), Ok(0));
    }

    #[test]
    fn a_puzzle_with_no_solution_has_none() {
        let mut puzzle = Grid::empty(Size::from_order(2).unwrap());
        // Row 1 holds 1 and 2, column 3 holds 3 and 4: r1c3 has no value left.
        puzzle.set(0, 1);
        puzzle.set(1, 2);
        puzzle.set(6, 3);
        puzzle.set(14, 4);
        assert!(solutions(&puzzle, 10).is_empty());
    }
}
