//! The steps a family of chains finds, and the one it keeps: Sudoku Explainer's difficulty of
//! a chain (its technique's base and the tenths its length adds) and its order among steps of
//! the same family, easiest first.

use crate::houses::bit;
use crate::step::{ChainFamily, Step, Technique};

use super::cands::{cand, cell_value, is_on};
use super::links::Need;
use super::marks::Marks;

/// The search of a family's chains on a board, as [`super::find`] runs it: given to the walks
/// whose rules include the chains of lower families (nested forcing chains), so that the
/// files of the walks need not name the search that calls them. `before` is the board a walk
/// reduced to the one searched, when the search is nested in one of the ladder's walks.
pub(super) type Search = fn(&Marks, ChainFamily, &mut Found, Option<&Marks>);

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
    pub(super) fn technique(self, group: ChainFamily) -> Technique {
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
    pub(super) fn base(self, group: ChainFamily) -> f64 {
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
    pub(super) fn new(group: ChainFamily) -> Found {
        Found { group, best: None, all: None }
    }

    /// A finder that keeps every step offered.
    pub(super) fn collecting(group: ChainFamily) -> Found {
        Found { group, best: None, all: Some(Vec::new()) }
    }

    /// Every step offered, if collecting, easiest first (the order of [`Found::beats`], ties
    /// in the order found): the order in which Sudoku Explainer applies what a nested family
    /// finds, so that a candidate two chains remove is the easier one's.
    pub(super) fn into_all(self) -> Vec<Best> {
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

    pub(super) fn step(self) -> Option<Step> {
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
