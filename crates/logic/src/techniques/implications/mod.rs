//! Sudoku Explainer's chains, on the implication graph of a 9×9 grid's candidates: each
//! candidate on or off is a node, and links (a cell's other candidates, a value's other places
//! in a house) join them. The families are Sudoku Explainer's, tried in its order, each at one
//! rung of the ladder:
//!
//! - static chains ([`unary`]): bidirectional X-, Y- and mixed cycles, forcing X-chains and
//!   forcing chains;
//! - Nishio forcing chains, multiple (cell and region) forcing chains, dynamic forcing chains
//!   and dynamic forcing chains "(+)" ([`multiple`]), whose walks ([`propagate`]) may read a
//!   board they reduce as they go.
//!
//! Every family rates a step as its base difficulty plus a length term: a tenth each time the
//! chain's complexity (the nodes it rests on, counted once each, plus the complexity of each
//! nested chain among them, once) less two passes 4, 6, 8, 12, 16, 24, 32, 48, ... A rung gathers every step its family finds and keeps the easiest: the
//! least difficulty, then the least complexity, then the kind (cycles before chains, double
//! forcing before cell, region and contradiction), then the first found; that is the step
//! Sudoku Explainer takes.
//!
//! The steps a family offers, and the easiest it keeps, are [`found`]'s. The nested families'
//! walks run the search of lower families inside them ([`nested`]): the search reaches them as
//! a function the walk's [`propagate::Mode`] carries, so that the walks' files need not name
//! the search that calls them.

mod advanced;
mod cands;
mod found;
mod links;
mod marks;
mod multiple;
mod nested;
mod propagate;
mod reach;
mod spare;
mod unary;

use crate::board::Board;
use crate::step::{ChainFamily, Step, Technique};

use found::Found;
use marks::Marks;

/// The easiest step of the group of `technique` on `board` (9×9 only): the step may be of
/// another technique of the same group, as the group's techniques are found together.
pub(crate) fn find(technique: Technique, board: &Board) -> Option<Step> {
    let group = technique.chain_family()?;
    let grid = Marks::of(board)?;
    let mut found = Found::new(group);
    search(&grid, group, &mut found);
    found.step()
}

/// Gives `found` the steps of `group` on `grid`.
fn search(grid: &Marks, group: ChainFamily, found: &mut Found) {
    match group {
        ChainFamily::Static => unary::static_chains(grid, found),
        _ => multiple::multiple(grid, group, found, search),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_with;
    use cands::node;
    use found::{Kind, length_tenths};

    #[test]
    fn an_x_wing_is_the_shortest_x_cycle_and_clears_its_columns() {
        // 1 has two places in row 1 (c1, c5) and in row 5 (c1, c5): a loop of four.
        let without_one = "23456789";
        let cells: Vec<(usize, &str)> = [1, 2, 3, 5, 6, 7, 8]
            .into_iter()
            .flat_map(|column| [(column, without_one), (36 + column, without_one)])
            .collect();
        let board = board_with(&cells);
        let step = find(Technique::XyForcingChain, &board).expect("the loop");
        assert_eq!(step.technique, Technique::XCycle);
        assert_eq!((step.extra, step.difficulty()), (0, 6.5));
        assert_eq!(step.pattern.len(), 4);
        let expected: Vec<(usize, u8)> = [1, 2, 3, 5, 6, 7, 8]
            .into_iter()
            .flat_map(|row| [(row * 9, 1), (row * 9 + 4, 1)])
            .collect();
        assert_eq!(step.eliminations, expected);
        assert!(step.placements.is_empty());
        // A technique of no family of this module finds nothing here.
        assert_eq!(find(Technique::XyChain, &board), None);
    }

    #[test]
    fn nested_levels_rate_as_sudoku_explainer_rates_them_and_name_their_technique() {
        let levels = [
            (2, Technique::NestedForcing, 9.5),
            (3, Technique::NestedMultipleForcing, 10.0),
            (4, Technique::NestedDynamicForcing, 10.5),
            (5, Technique::NestedDynamicForcingPlus, 11.0),
        ];
        for (level, technique, base) in levels {
            let group = ChainFamily::Nested(level);
            assert_eq!(technique.chain_family(), Some(group));
            assert_eq!(group.level(), level);
            assert_eq!(technique.difficulty(), base);
            for kind in [Kind::Contradiction, Kind::Double, Kind::Cell, Kind::Region] {
                assert_eq!(kind.technique(group), technique);
                assert_eq!(kind.base(group), base);
            }
        }
        // A nested step of complexity 9 adds two tenths, as any chain's: 9.5 becomes 9.7.
        let mut found = Found::new(ChainFamily::Nested(2));
        found.offer(Kind::Cell, 9, &[(0, 2)], &[], Vec::new, || vec![vec![node(0, true)]]);
        let step = found.step().expect("offered");
        assert_eq!((step.technique, step.difficulty()), (Technique::NestedForcing, 9.7));
        // Walks nest the families Sudoku Explainer nests, lower levels only.
        assert_eq!(nested::families(2), [ChainFamily::Static]);
        assert_eq!(nested::families(3), [ChainFamily::Static, ChainFamily::Multiple]);
        assert_eq!(nested::families(4), [ChainFamily::Dynamic]);
        assert_eq!(nested::families(5), [ChainFamily::Dynamic, ChainFamily::Nested(2)]);
    }

    #[test]
    fn the_length_term_grows_at_sudoku_explainers_steps() {
        // Complexity less two: 4 adds nothing, 5 and 6 a tenth, then 7..8, 9..12, 13..16, ...
        let tenths: Vec<u8> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35, 50, 51]
            .into_iter()
            .map(length_tenths)
            .collect();
        assert_eq!(tenths, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }
}
