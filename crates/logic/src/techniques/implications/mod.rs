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

mod advanced;
pub(crate) mod budget;
mod cands;
mod links;
mod marks;
mod multiple;
mod nested;
mod propagate;
mod unary;

use crate::board::Board;
use crate::houses::bit;
use crate::step::{ChainFamily, Step, Technique};

use cands::{cand, cell_value, is_on};
use links::Need;
use marks::Marks;

impl ChainFamily {
    /// Sudoku Explainer's nesting level of the group's walks: 0 without the simple
    /// techniques, 1 with them, 2 to 5 with chains of lower families too.
    fn level(self) -> u8 {
        match self {
            ChainFamily::DynamicPlus => 1,
            ChainFamily::Nested(level) => level,
            _ => 0,
        }
    }
}

/// The kind of a step within its group.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    XCycle,
    YCycle,
    Cycle,
    ForcingXChain,
    ForcingChain,
    Contradiction,
    Double,
    Cell,
    Region,
}

impl Kind {
    /// The order among steps of equal difficulty and complexity.
    fn rank(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::XCycle | Kind::ForcingXChain => 2,
            Kind::YCycle => 3,
            Kind::Cycle | Kind::ForcingChain => 4,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }

    /// The technique a step of this kind, in `group`, is.
    fn technique(self, group: ChainFamily) -> Technique {
        match (group, self) {
            (_, Kind::XCycle) => Technique::XCycle,
            (_, Kind::YCycle) => Technique::YCycle,
            (_, Kind::Cycle) => Technique::Cycle,
            (_, Kind::ForcingXChain) => Technique::ForcingXChain,
            (_, Kind::ForcingChain) => Technique::XyForcingChain,
            (ChainFamily::Nishio, _) => Technique::NishioForcing,
            (ChainFamily::Multiple, Kind::Region) => Technique::RegionForcingChains,
            (ChainFamily::Multiple, _) => Technique::CellForcingChains,
            (ChainFamily::DynamicPlus, _) => Technique::DynamicForcingPlus,
            (ChainFamily::Nested(2), _) => Technique::NestedForcing,
            (ChainFamily::Nested(3), _) => Technique::NestedMultipleForcing,
            (ChainFamily::Nested(4), _) => Technique::NestedDynamicForcing,
            (ChainFamily::Nested(_), _) => Technique::NestedDynamicForcingPlus,
            _ => Technique::DynamicForcing,
        }
    }

    /// The base difficulty of a step of this kind in `group`: its technique's.
    fn base(self, group: ChainFamily) -> f64 {
        self.technique(group).difficulty()
    }
}

/// The tenths a chain of `complexity` adds to its base difficulty: one each time the
/// complexity less two passes 4, 6, 8, 12, 16, 24, 32, 48, ... (alternately half and a third
/// again).
pub(super) fn length_tenths(complexity: u32) -> u8 {
    let length = complexity.saturating_sub(2);
    let (mut ceiling, mut tenths, mut half) = (4u32, 0u8, true);
    while length > ceiling {
        tenths += 1;
        ceiling = if half { ceiling * 3 / 2 } else { ceiling * 4 / 3 };
        half = !half;
    }
    tenths
}

/// The difficulty as Sudoku Explainer computes it, in floating point, tenths added one at a
/// time: equal ratings reached by different sums may differ in the last bit, and the order
/// among hints follows that.
fn float_difficulty(base: f64, tenths: u8) -> f64 {
    (0..tenths).fold(base, |sum, _| sum + 0.1)
}

/// The easiest step a group has found so far.
pub(super) struct Found {
    group: ChainFamily,
    best: Option<Best>,
    /// Every step offered, when the group runs as a rule inside another family's walks
    /// (which take what all of them find, not only the easiest).
    all: Option<Vec<Best>>,
}

pub(super) struct Best {
    key: (f64, u32, u8),
    kind: Kind,
    tenths: u8,
    /// The nodes of every branch, one branch after the other.
    pub(super) nodes: Vec<usize>,
    /// How many of `nodes` each branch has, in order.
    branches: Vec<usize>,
    pub(super) eliminations: Vec<(usize, u8)>,
    pub(super) placements: Vec<(usize, u8)>,
    /// What each candidate its chains turned on needed gone (see [`Need`]): what the step
    /// rests on when it is nested in another chain's walk.
    pub(super) needs: Vec<Need>,
}

/// What a found step is made of: its branches (each a chain of nodes from its assumption to
/// the conclusion), eliminations, placements and needs (see [`Best`]).
pub(super) type Parts = (Vec<Vec<usize>>, Vec<(usize, u8)>, Vec<(usize, u8)>, Vec<Need>);

impl Best {
    /// The step's complexity, nested chains included.
    pub(super) fn complexity(&self) -> u32 {
        self.key.1
    }
}

impl Found {
    fn new(group: ChainFamily) -> Found {
        Found { group, best: None, all: None }
    }

    /// A finder that keeps every step offered.
    fn collecting(group: ChainFamily) -> Found {
        Found { group, best: None, all: Some(Vec::new()) }
    }

    /// Every step offered, if collecting, easiest first (the order of [`Found::beats`], ties
    /// in the order found): the order in which Sudoku Explainer applies what a nested family
    /// finds, so that a candidate two chains remove is the easier one's.
    fn into_all(self) -> Vec<Best> {
        let mut all = self.all.unwrap_or_default();
        all.sort_by(|a, b| {
            a.key.0.total_cmp(&b.key.0).then(a.key.1.cmp(&b.key.1)).then(a.key.2.cmp(&b.key.2))
        });
        all
    }

    fn key(&self, kind: Kind, complexity: u32) -> (f64, u32, u8) {
        let tenths = length_tenths(complexity);
        (float_difficulty(kind.base(self.group), tenths), complexity, kind.rank())
    }

    fn beats(&self, key: (f64, u32, u8)) -> bool {
        if self.all.is_some() {
            return true;
        }
        self.best.as_ref().is_none_or(|best| {
            key.0 < best.key.0
                || (key.0 == best.key.0
                    && (key.1 < best.key.1 || (key.1 == best.key.1 && key.2 < best.key.2)))
        })
    }

    /// Whether a step of `kind` and `complexity` would be easier than the best so far.
    pub(super) fn worth_trying(&self, kind: Kind, complexity: u32) -> bool {
        self.beats(self.key(kind, complexity))
    }

    /// The greatest complexity a step of `kind` may have to be easier than the best so far:
    /// a walk for steps of that kind need go no deeper.
    pub(super) fn reach(&self, kind: Kind) -> u32 {
        if self.best.is_none() || self.all.is_some() {
            return u32::MAX;
        }
        (1..).take_while(|&complexity| self.worth_trying(kind, complexity)).last().unwrap_or(0)
    }

    /// Offers a step of `kind` and `complexity`; `make` gives its parts if it is the easiest
    /// so far.
    pub(super) fn offer(&mut self, kind: Kind, complexity: u32, make: impl FnOnce() -> Parts) {
        let key = self.key(kind, complexity);
        if self.beats(key) {
            let (chains, eliminations, placements, needs) = make();
            let tenths = length_tenths(complexity);
            let branches = chains.iter().map(Vec::len).collect();
            let nodes = chains.concat();
            let best = Best { key, kind, tenths, nodes, branches, eliminations, placements, needs };
            match &mut self.all {
                Some(all) => all.push(best),
                None => self.best = Some(best),
            }
        }
    }

    fn step(self) -> Option<Step> {
        let best = self.best?;
        let mut step = Step::new(best.kind.technique(self.group));
        step.extra = best.tenths;
        step.pattern = best
            .nodes
            .iter()
            .map(|&n| {
                let (cell, value) = cell_value(cand(n));
                (cell, bit(value))
            })
            .collect();
        step.digits = step.pattern.iter().fold(0, |all, &(_, set)| all | set);
        let link = |n: usize| {
            let (cell, value) = cell_value(cand(n));
            (cell, value, is_on(n))
        };
        let mut rest = best.nodes.as_slice();
        for &length in &best.branches {
            let (branch, after) = rest.split_at(length);
            let mut links: Vec<(usize, u8, bool)> = branch.iter().map(|&n| link(n)).collect();
            // A cycle's nodes stop before the link that closes it: close it on its start.
            if matches!(best.kind, Kind::XCycle | Kind::YCycle | Kind::Cycle)
                && let Some(&start) = links.first()
            {
                links.push(start);
            }
            step.links.push(links);
            rest = after;
        }
        step.eliminations = best.eliminations;
        step.placements = best.placements;
        Some(step)
    }
}

/// The easiest step of the group of `technique` on `board` (9×9 only): the step may be of
/// another technique of the same group, as the group's techniques are found together.
pub(crate) fn find(technique: Technique, board: &Board) -> Option<Step> {
    let group = technique.chain_family()?;
    let grid = Marks::of(board)?;
    let mut found = Found::new(group);
    search(&grid, group, &mut found, None);
    found.step()
}

/// Gives `found` the steps of `group` on `grid`; `before` is the board a walk reduced to
/// `grid`, when the search is nested in one of the ladder's walks and only what rests on the
/// walk's removals counts (see [`unary::Reduced`]).
fn search(grid: &Marks, group: ChainFamily, found: &mut Found, before: Option<&Marks>) {
    match group {
        ChainFamily::Static => {
            let reduced = before.map(|source| unary::Reduced::new(source, grid));
            for (y, x) in [(false, true), (true, false), (true, true)] {
                for c in 0..cands::CANDIDATES {
                    let (cell, value) = cell_value(c);
                    if grid.count(cell) > 1 && grid.has(cell, value) {
                        unary::unary(grid, c, y, x, found, reduced.as_ref());
                    }
                }
            }
        }
        _ => multiple::multiple(grid, group, found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_with;
    use cands::node;

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
        let parts = || (vec![vec![node(0, true)]], vec![(0, 2)], Vec::new(), Vec::new());
        found.offer(Kind::Cell, 9, parts);
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
