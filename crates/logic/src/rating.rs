//! Ratings of whole puzzles, and the difficulty bands `sudoku bench --by-difficulty` splits a
//! corpus into.

use std::fmt;

use crate::ladder::{End, Rating};
use crate::step::Technique;

/// How hard a puzzle is, in six bands of the ladder, by the hardest technique needed: what a
/// reader of a benchmark table can tell apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Band {
    /// Singles only, direct ones too (up to 2.3).
    Singles,
    /// Locked candidates, pairs, triples, X-wing, swordfish, the direct hidden triple (2.5 to
    /// 4.0).
    Basic,
    /// Single-digit patterns, wings, unique rectangles and loops, quads, jellyfish,
    /// colouring, BUG, aligned pair exclusion (4.0 to 6.2).
    Intermediate,
    /// X-chains, XY-chains, cycles, forcing X-chains and chains (from 6.5, more for longer
    /// ones) and aligned triple exclusion (7.5).
    Chains,
    /// Forcing chains: contradiction, Nishio, cell, region and dynamic (7.5 and up).
    Forcing,
    /// The ladder is stuck: the puzzle needs guessing (or has no single solution).
    Guessing,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 6] = [
        Band::Singles,
        Band::Basic,
        Band::Intermediate,
        Band::Chains,
        Band::Forcing,
        Band::Guessing,
    ];

    /// The band of a rating.
    pub fn of(rating: &Rating) -> Band {
        if rating.end != End::Solved {
            return Band::Guessing;
        }
        match rating.hardest {
            None => Band::Singles,
            Some(hardest) if hardest <= Technique::NakedSingle => Band::Singles,
            Some(hardest) if hardest <= Technique::HiddenTriple => Band::Basic,
            Some(hardest) if hardest < Technique::XCycle => Band::Intermediate,
            Some(hardest) if hardest < Technique::ContradictionForcing => Band::Chains,
            Some(_) => Band::Forcing,
        }
    }

    /// The band's name, with its rank so that names sort: `1-singles`, ..., `6-guessing`.
    pub fn name(self) -> &'static str {
        match self {
            Band::Singles => "1-singles",
            Band::Basic => "2-basic",
            Band::Intermediate => "3-intermediate",
            Band::Chains => "4-chains",
            Band::Forcing => "5-forcing",
            Band::Guessing => "6-guessing",
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::grid_from_line;
    use crate::walk::Rater;

    #[test]
    fn bands_follow_the_hardest_technique_and_a_stuck_path_needs_guessing() {
        let rating = |technique: Option<Technique>, end| Rating {
            hardest: technique,
            difficulty: technique.map_or(0.0, Technique::difficulty),
            pearl: 1.0,
            diamond: 1.0,
            steps: 1,
            end,
        };
        assert_eq!(Band::of(&rating(Some(Technique::NakedSingle), End::Solved)), Band::Singles);
        assert_eq!(Band::of(&rating(Some(Technique::Pointing), End::Solved)), Band::Basic);
        assert_eq!(Band::of(&rating(Some(Technique::HiddenTriple), End::Solved)), Band::Basic);
        // As hard as a hidden triple, but a pattern of the next band.
        let skyscraper = rating(Some(Technique::Skyscraper), End::Solved);
        assert_eq!(Band::of(&skyscraper), Band::Intermediate);
        assert_eq!(Band::of(&rating(Some(Technique::XyWing), End::Solved)), Band::Intermediate);
        assert_eq!(Band::of(&rating(Some(Technique::XyChain), End::Solved)), Band::Chains);
        assert_eq!(Band::of(&rating(Some(Technique::XCycle), End::Solved)), Band::Chains);
        assert_eq!(Band::of(&rating(Some(Technique::NishioForcing), End::Solved)), Band::Forcing);
        assert_eq!(Band::of(&rating(Some(Technique::CellForcing), End::Solved)), Band::Forcing);
        assert_eq!(Band::of(&rating(Some(Technique::NakedSingle), End::Stuck)), Band::Guessing);
        assert_eq!(Band::of(&rating(None, End::Solved)), Band::Singles);
    }

    #[test]
    fn an_easy_puzzle_rates_as_singles_and_ends_solved() {
        let puzzle = grid_from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let rating = Rater::new(true).rate(&puzzle, true);
        assert_eq!(rating.end, End::Solved);
        assert_eq!(Band::of(&rating), Band::Singles);
        assert_eq!(rating.steps, 51, "one step per empty cell, all singles");
    }
}
