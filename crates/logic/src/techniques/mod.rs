//! One module per family of techniques; each finder looks at a board and returns the first
//! step its technique sees, or `None`. A finder only returns steps that change the board
//! (place a value in an empty cell, or remove a candidate still there), and only sound ones:
//! every placement is the value of the cell in every solution below the board, every
//! elimination removes a value no solution puts there (for the techniques that
//! [assume one solution](Technique::assumes_uniqueness), in a puzzle with one solution).
//!
//! On a grid with a layout (irregular regions, added houses, pairs of cells that differ,
//! starting candidates) the houses are the layout's and a cell's peers every cell it may not
//! share a value with, so every finder that reads houses, peers and `sees` is sound there as
//! it is: singles (hidden singles in every house), subsets per house, fish on the rows and
//! columns, the single-digit patterns, wings, chains and forcing. Each finder's documentation
//! says what it does on a layout where that is more: the intersections generalise to any two
//! houses, and the techniques that assume one solution are not used (their deadly patterns
//! need the classic symmetry: swapping two values in a rectangle breaks a diagonal or a
//! knight's move).

mod aligned;
mod chains;
mod fish;
mod forcing;
mod implications;
mod locked;
pub(crate) mod rules;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

use crate::board::Board;
use crate::step::{ChainFamily, Step, Technique};

/// The first step `technique` finds on `board`.
pub(crate) fn find(technique: Technique, board: &Board) -> Option<Step> {
    let classic = board.houses().is_classic();
    if !classic && technique.assumes_uniqueness() {
        return None;
    }
    if rules::is_rule_technique(technique) {
        return rules::find(technique, board);
    }
    match technique {
        Technique::FullHouse => singles::full_house(board),
        Technique::HiddenSingleBox => singles::hidden_single(board, true),
        Technique::HiddenSingleLine => singles::hidden_single(board, false),
        Technique::DirectPointing => locked::direct_locked(board, true),
        Technique::DirectClaiming => locked::direct_locked(board, false),
        Technique::DirectHiddenPair => subsets::direct_hidden(board, 2),
        Technique::NakedSingle => singles::naked_single(board),
        Technique::DirectHiddenTriple => subsets::direct_hidden(board, 3),
        Technique::Pointing if classic => locked::pointing(board),
        Technique::Claiming if classic => locked::claiming(board),
        Technique::Pointing => locked::intersection(board, Technique::Pointing),
        Technique::Claiming => locked::intersection(board, Technique::Claiming),
        Technique::NakedPair => subsets::naked(board, 2),
        Technique::NakedTriple => subsets::naked(board, 3),
        Technique::NakedQuad => subsets::naked(board, 4),
        Technique::HiddenPair => subsets::hidden(board, 2),
        Technique::HiddenTriple => subsets::hidden(board, 3),
        Technique::HiddenQuad => subsets::hidden(board, 4),
        Technique::XWing => fish::fish(board, 2),
        Technique::Swordfish => fish::fish(board, 3),
        Technique::Jellyfish => fish::fish(board, 4),
        Technique::Skyscraper => single_digit::skyscraper(board),
        Technique::TwoStringKite => single_digit::two_string_kite(board),
        Technique::SimpleColouring => single_digit::simple_colouring(board),
        Technique::XChain => single_digit::x_chain(board),
        Technique::XyWing => wings::xy_wing(board),
        Technique::XyzWing => wings::xyz_wing(board),
        Technique::WWing => wings::w_wing(board),
        Technique::UniqueRectangle => uniqueness::unique_rectangle(board),
        Technique::UniqueLoop => uniqueness::unique_loop(board),
        Technique::Bug => uniqueness::bug(board),
        Technique::AlignedPairExclusion => aligned::aligned_exclusion(board, 2),
        Technique::AlignedTripleExclusion => aligned::aligned_exclusion(board, 3),
        Technique::XyChain => chains::xy_chain(board),
        Technique::ContradictionForcing => forcing::contradiction(board),
        Technique::CellForcing => forcing::cell_forcing(board),
        Technique::Guess => None,
        // Sudoku Explainer's chains, found by family ([`Technique::chain_family`]).
        _ => match technique.chain_family() {
            // Those chains read a classic 9×9 grid's houses from tables of their own.
            Some(_) if classic && board.size().side() == 9 => implications::find(technique, board),
            Some(group) => beyond_nine(group, board),
            None => None,
        },
    }
}

/// Sudoku Explainer's chains are classic 9×9, as its scale is: on other sizes and on grids
/// with a layout, a rung of its chains takes the workbench's chains of the same reach (X- and XY-chains for the static chains,
/// contradiction forcing for Nishio's, cell forcing for the multiple chains), so a 16×16
/// puzzle rates on that ladder as it did before the scale had chains of its own.
fn beyond_nine(group: ChainFamily, board: &Board) -> Option<Step> {
    match group {
        ChainFamily::Static => single_digit::x_chain(board).or_else(|| chains::xy_chain(board)),
        ChainFamily::Nishio => forcing::contradiction(board),
        ChainFamily::Multiple => forcing::cell_forcing(board),
        _ => None,
    }
}

#[cfg(test)]
pub(crate) mod testing;
