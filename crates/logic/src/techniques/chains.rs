//! Chains of two-candidate cells.

use crate::board::Board;
use crate::houses::{bit, values};
use crate::step::{Step, Technique};

/// The most cells of an XY-chain. Longer chains are hard to follow and rarely needed: by then
/// the forcing techniques find the same thing.
const MAX_CELLS: usize = 14;

/// The most chain states a call may visit. Only big grids with thousands of bivalue cells get
/// near it; it keeps a call's cost bounded there.
const MAX_VISITS: usize = 1 << 20;

/// An XY-chain: bivalue cells `c1 .. ck` (k ≥ 3), each seeing the next and sharing a value
/// with it, such that if `c1` is not `z` then, link by link, `ck` is `z`. One end holds `z`,
/// so every cell outside the chain that sees both ends loses `z`.
///
/// Searches breadth first from every start cell and value, so each start's first chain is
/// one of its shortest; keeps the shortest over all starts.
pub(crate) fn xy_chain(board: &Board) -> Option<Step> {
    let houses = board.houses();
    let cells: Vec<usize> = (0..houses.cells)
        .filter(|&cell| board.value(cell) == 0 && board.candidates(cell).count_ones() == 2)
        .collect();
    if cells.len() < 3 {
        return None;
    }
    // The bivalue cells each one can link to: it sees them and they share a value.
    let links: Vec<Vec<u32>> = cells
        .iter()
        .map(|&a| {
            (0..cells.len() as u32)
                .filter(|&j| {
                    let b = cells[j as usize];
                    houses.sees(a, b) && board.candidates(a) & board.candidates(b) != 0
                })
                .collect()
        })
        .collect();
    let mut search = Search { board, cells: &cells, links: &links, visits: 0 };
    let mut best: Option<Step> = None;
    for (start, &cell) in cells.iter().enumerate() {
        for end_value in values(board.candidates(cell)) {
            let longest = best.as_ref().map_or(MAX_CELLS, |step| step.pattern.len() - 1);
            if longest < 3 {
                return best;
            }
            if let Some(step) = search.from(start, end_value, longest) {
                best = Some(step);
            }
        }
    }
    best
}

/// The smallest value of a candidate set.
fn first_value(set: u64) -> u8 {
    set.trailing_zeros() as u8 + 1
}

/// The bivalue cells of a board and their links, shared by the searches of one call.
struct Search<'a> {
    /// The board searched.
    board: &'a Board,
    /// The bivalue cells.
    cells: &'a [usize],
    /// For each bivalue cell, the indices of those it links to.
    links: &'a [Vec<u32>],
    /// The chain states visited so far in the call.
    visits: usize,
}

/// A state of the breadth-first search: a chain's last cell and the value it then holds.
#[derive(Clone, Copy)]
struct Node {
    /// The index of the cell among the bivalue cells.
    cell: u32,
    /// The value the cell holds if the chain's first cell is not the end value.
    on: u8,
    /// The node the chain came from (itself for the first cell).
    parent: u32,
    /// The number of cells of the chain up to here.
    length: u8,
}

impl Search<'_> {
    /// The shortest chain of at most `longest` cells from bivalue cell `start` with
    /// `end_value` at both ends that removes something.
    fn from(&mut self, start: usize, end_value: u8, longest: usize) -> Option<Step> {
        let board = self.board;
        let first = self.cells[start];
        let on = first_value(board.candidates(first) & !bit(end_value));
        // A state is a cell and which of its two values it holds: two per cell.
        let mut seen = vec![false; 2 * self.cells.len()];
        let cells = self.cells;
        let slot = |index: usize, value: u8| {
            2 * index + usize::from(value != first_value(board.candidates(cells[index])))
        };
        seen[slot(start, on)] = true;
        let mut nodes = vec![Node { cell: start as u32, on, parent: 0, length: 1 }];
        let mut head = 0;
        while let Some(&node) = nodes.get(head) {
            let here = head as u32;
            head += 1;
            if usize::from(node.length) >= longest || self.visits >= MAX_VISITS {
                continue;
            }
            for &next in &self.links[node.cell as usize] {
                let cell = self.cells[next as usize];
                let set = board.candidates(cell);
                if set & bit(node.on) == 0 {
                    continue;
                }
                let next_on = first_value(set & !bit(node.on));
                let state = slot(next as usize, next_on);
                if seen[state] || self.on_chain(&nodes, here, next) {
                    continue;
                }
                seen[state] = true;
                self.visits += 1;
                let length = node.length + 1;
                nodes.push(Node { cell: next, on: next_on, parent: here, length });
                if next_on == end_value && length >= 3 {
                    let chain = self.chain(&nodes, nodes.len() as u32 - 1);
                    if let Some(step) = self.step(&chain, end_value) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// Whether bivalue cell `cell` is on the chain ending at node `at`. Chains are short, so
    /// walking back is cheaper than keeping a set per node.
    fn on_chain(&self, nodes: &[Node], mut at: u32, cell: u32) -> bool {
        loop {
            let node = nodes[at as usize];
            if node.cell == cell {
                return true;
            }
            if node.length == 1 {
                return false;
            }
            at = node.parent;
        }
    }

    /// The cells of the chain ending at node `at`, first cell first.
    fn chain(&self, nodes: &[Node], mut at: u32) -> Vec<usize> {
        let mut chain = Vec::new();
        loop {
            let node = nodes[at as usize];
            chain.push(self.cells[node.cell as usize]);
            if node.length == 1 {
                break;
            }
            at = node.parent;
        }
        chain.reverse();
        chain
    }

    /// The step of `chain` with `end_value` at both ends, if it removes something.
    fn step(&self, chain: &[usize], end_value: u8) -> Option<Step> {
        let board = self.board;
        let houses = board.houses();
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        let eliminations: Vec<(usize, u8)> = houses
            .peers(first)
            .iter()
            .map(|&peer| usize::from(peer))
            .filter(|&cell| {
                board.has(cell, end_value) && houses.sees(cell, last) && !chain.contains(&cell)
            })
            .map(|cell| (cell, end_value))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::XyChain);
        step.digits = bit(end_value);
        step.pattern = chain.iter().map(|&cell| (cell, board.candidates(cell))).collect();
        step.eliminations = eliminations;
        Some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_with;

    #[test]
    fn an_xy_chain_clears_the_cells_seeing_both_ends() {
        // r1c1 {2,7}, r1c5 {3,7}, r5c5 {3,4}, r5c8 {2,4}: whichever end is not 2, the other is.
        let board = board_with(&[(0, "27"), (4, "37"), (40, "34"), (43, "24")]);
        let step = xy_chain(&board).expect("a four-cell chain");
        assert_eq!(step.technique, Technique::XyChain);
        assert_eq!(step.pattern.iter().map(|&(cell, _)| cell).collect::<Vec<_>>(), [0, 4, 40, 43]);
        assert_eq!(step.eliminations, [(7, 2), (36, 2)]);
        assert_eq!(
            step.describe(board.size()),
            "XY-Chain: r1c1(2=7) - r1c5(7=3) - r5c5(3=4) - r5c8(4=2) => r1c8,r5c1<>2"
        );
    }

    #[test]
    fn the_shortest_chain_is_reported() {
        // With r1c8 {4,7} added, r1c1(2=7) - r1c8(7=4) - r5c8(4=2) reaches the same ends in
        // three cells.
        let board = board_with(&[(0, "27"), (4, "37"), (40, "34"), (43, "24"), (7, "47")]);
        let step = xy_chain(&board).expect("a chain");
        assert_eq!(step.pattern.iter().map(|&(cell, _)| cell).collect::<Vec<_>>(), [0, 7, 43]);
        assert_eq!(step.eliminations, [(36, 2)]);
    }

    #[test]
    fn no_xy_chain_when_the_ends_hold_different_values() {
        // The same cells, but r5c8 is {4,6}: the chain would end on 6, not on 2.
        let board = board_with(&[(0, "27"), (4, "37"), (40, "34"), (43, "46")]);
        assert_eq!(xy_chain(&board), None);
    }

    #[test]
    fn no_xy_chain_when_no_cell_seeing_both_ends_holds_the_value() {
        // The first chain, with r1c8 and r5c1 (the cells seeing both ends) without 2.
        let board = board_with(&[
            (0, "27"),
            (4, "37"),
            (40, "34"),
            (43, "24"),
            (7, "13456789"),
            (36, "13456789"),
        ]);
        assert_eq!(xy_chain(&board), None);
    }
}
