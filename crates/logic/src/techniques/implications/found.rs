//! The steps a family of chains finds, and the one it keeps: Sudoku Explainer's difficulty of
//! a chain (its technique's base and the tenths its length adds) and its order among steps of
//! the same family, easiest first.

use crate::houses::bit;
use crate::step::{ChainFamily, Step, Technique};

use super::cands::{CANDIDATES, cand, cell_value, is_on};
use super::links::Need;
use super::marks::Marks;

/// The search of a family's chains on a board, as [`super::find`] runs it: given to the walks
/// whose rules include the chains of lower families (nested forcing chains), so that the
/// files of the walks need not name the search that calls them.
pub(super) type Search = fn(&Marks, ChainFamily, &mut Found);

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

/// A step's place among the steps of its family: its difficulty, its complexity and its kind's
/// rank (see [`Kind::rank`]), least first.
type Key = (f64, u32, u8);

/// Whether `key` comes before `other` (ties go to the step found first).
fn before(key: Key, other: Key) -> bool {
    key.0 < other.0
        || (key.0 == other.0 && (key.1 < other.1 || (key.1 == other.1 && key.2 < other.2)))
}

/// The candidates of a walk's board a step of a family nested in the walk removes (see
/// [`super::nested`]).
pub(super) trait Judge {
    /// The candidates of the walk's board that `eliminations` and `placements` remove.
    fn removed(&self, eliminations: &[(usize, u8)], placements: &[(usize, u8)]) -> Vec<usize>;
}

/// The easiest step a group has found so far; or, for a family nested in a walk, every step
/// that removes something from the walk's board.
pub(super) struct Found<'a> {
    group: ChainFamily,
    best: Option<Best>,
    /// For a family nested in a walk, what tells the candidates it removes, and the steps
    /// offered that remove some.
    nested: Option<(&'a dyn Judge, Vec<Offer>)>,
    /// How many steps were offered.
    offered: usize,
}

struct Best {
    key: Key,
    kind: Kind,
    tenths: u8,
    /// The nodes of every branch, one branch after the other.
    nodes: Vec<usize>,
    /// How many of `nodes` each branch has, in order.
    branches: Vec<usize>,
    eliminations: Vec<(usize, u8)>,
    placements: Vec<(usize, u8)>,
}

/// A step of a family nested in a walk that removes something from the walk's board: what
/// it removes, what it rests on and its nodes depend on that board alone, and which of the
/// walk's removals it rests on is read from them (see [`kept`]).
pub(super) struct Offer {
    key: Key,
    /// The candidates of the walk's board it removes.
    pub(super) removed: Vec<usize>,
    /// What the candidates it turned on needed gone.
    pub(super) needs: Vec<Need>,
    /// The nodes of every branch, one branch after the other: what tells it apart.
    pub(super) nodes: Vec<usize>,
}

impl Offer {
    /// The step's complexity, nested chains included.
    pub(super) fn complexity(&self) -> u32 {
        self.key.1
    }
}

/// The steps of a nested family (`offers`, in the order offered) that a walk takes something
/// of, by index, each with the candidates the walk removed that it rests on (`parents` reads
/// them from its needs), easiest first (ties in the order offered): the order in which Sudoku
/// Explainer applies what a nested family finds, so that a candidate two chains remove is the
/// easier one's. A step is taken if it rests on one of the walk's removals (else it was there
/// before the walk) and is the easiest so far to remove one of its candidates: one that an
/// easier step taken (or an equal one before it) leaves nothing to is not read.
pub(super) fn kept(
    offers: &[Offer],
    parents: impl Fn(&[Need]) -> Vec<usize>,
) -> Vec<(usize, Vec<usize>)> {
    // Per candidate, the key of the easiest step taken that removes it: empty until a step
    // is taken, as most nested searches take none.
    let mut easiest: Vec<Option<Key>> = Vec::new();
    let mut taken = Vec::new();
    for (index, offer) in offers.iter().enumerate() {
        let key = offer.key;
        let easier =
            |&c: &usize| easiest.get(c).copied().flatten().is_some_and(|other| !before(key, other));
        if offer.removed.iter().all(easier) {
            continue;
        }
        let rests_on = parents(&offer.needs);
        if rests_on.is_empty() {
            continue;
        }
        if easiest.is_empty() {
            easiest.resize(CANDIDATES, None);
        }
        for &c in &offer.removed {
            if easiest[c].is_none_or(|other| before(key, other)) {
                easiest[c] = Some(key);
            }
        }
        taken.push((index, rests_on));
    }
    taken.sort_by(|&(a, _), &(b, _)| {
        let (a, b) = (offers[a].key, offers[b].key);
        a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2))
    });
    taken
}

impl<'a> Found<'a> {
    pub(super) fn new(group: ChainFamily) -> Found<'a> {
        Found { group, best: None, nested: None, offered: 0 }
    }

    /// A finder for a family nested in a walk, which keeps every step offered that removes
    /// something from the walk's board, as `judge` tells (see [`kept`]).
    pub(super) fn nested(group: ChainFamily, judge: &'a dyn Judge) -> Found<'a> {
        Found { nested: Some((judge, Vec::new())), ..Found::new(group) }
    }

    /// How many steps were offered, kept or not.
    #[cfg(test)]
    pub(super) fn offered(&self) -> usize {
        self.offered
    }

    /// The steps kept for a nested family, in the order offered.
    pub(super) fn into_offers(self) -> Vec<Offer> {
        self.nested.map(|(_, offers)| offers).unwrap_or_default()
    }

    fn key(&self, kind: Kind, complexity: u32) -> Key {
        let tenths = length_tenths(complexity);
        (float_difficulty(kind.base(self.group), tenths), complexity, kind.rank())
    }

    fn beats(&self, key: Key) -> bool {
        self.best.as_ref().is_none_or(|best| before(key, best.key))
    }

    /// Whether a step of `kind` and `complexity` may be kept: easier than the best so far.
    pub(super) fn worth_trying(&self, kind: Kind, complexity: u32) -> bool {
        self.nested.is_some() || self.beats(self.key(kind, complexity))
    }

    /// The greatest complexity a step of `kind` may have to be easier than the best so far:
    /// a walk for steps of that kind need go no deeper.
    pub(super) fn reach(&self, kind: Kind) -> u32 {
        if self.best.is_none() || self.nested.is_some() {
            return u32::MAX;
        }
        (1..).take_while(|&complexity| self.worth_trying(kind, complexity)).last().unwrap_or(0)
    }

    /// Offers a step of `kind` and `complexity` that makes `eliminations` and `placements`:
    /// `needs` gives what it rests on (see [`Need`], read only for a nested family), and
    /// `branches` its branches (each a chain of nodes from its assumption to the conclusion),
    /// both called only if the step is kept (for a nested family, if it removes anything).
    pub(super) fn offer(
        &mut self,
        kind: Kind,
        complexity: u32,
        eliminations: &[(usize, u8)],
        placements: &[(usize, u8)],
        needs: impl FnOnce() -> Vec<Need>,
        branches: impl FnOnce() -> Vec<Vec<usize>>,
    ) {
        self.offered += 1;
        let key = self.key(kind, complexity);
        if let Some((judge, offers)) = &mut self.nested {
            let removed = judge.removed(eliminations, placements);
            if !removed.is_empty() {
                offers.push(Offer { key, removed, needs: needs(), nodes: branches().concat() });
            }
            return;
        }
        if self.beats(key) {
            let chains = branches();
            let tenths = length_tenths(complexity);
            self.best = Some(Best {
                key,
                kind,
                tenths,
                branches: chains.iter().map(Vec::len).collect(),
                nodes: chains.concat(),
                eliminations: eliminations.to_vec(),
                placements: placements.to_vec(),
            });
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk's board where every chain's eliminations are there.
    struct Everything;

    impl Judge for Everything {
        fn removed(&self, eliminations: &[(usize, u8)], _: &[(usize, u8)]) -> Vec<usize> {
            eliminations.iter().map(|&(cell, value)| cell * 9 + usize::from(value) - 1).collect()
        }
    }

    #[test]
    fn a_nested_family_keeps_only_the_easiest_chain_to_remove_each_candidate() {
        let judge = Everything;
        let mut found = Found::nested(ChainFamily::Nested(2), &judge);
        // A chain rests on the walk's removals if it needs anything.
        let rests = || vec![Need::Cell(0)];
        let chain = |n: usize| move || vec![vec![n]];
        // Kept: the first to remove its candidates.
        found.offer(Kind::Cell, 10, &[(0, 1), (0, 2)], &[], rests, chain(1));
        // An easier one that rests on nothing the walk removed: not kept.
        found.offer(Kind::Cell, 8, &[(0, 2)], &[], Vec::new, chain(2));
        // Harder, or as hard and later, with nothing new to remove: not kept.
        found.offer(Kind::Cell, 12, &[(0, 1)], &[], rests, chain(3));
        found.offer(Kind::Cell, 10, &[(0, 2)], &[], rests, chain(4));
        // Harder but with a candidate no kept chain removes: kept.
        found.offer(Kind::Cell, 12, &[(0, 1), (0, 3)], &[], rests, chain(5));
        // Easier than the first for one of its candidates: kept, and first.
        found.offer(Kind::Double, 9, &[(0, 1)], &[], rests, chain(6));
        // Nothing to remove from the walk's board: not even kept as offered.
        found.offer(Kind::Double, 9, &[], &[], rests, chain(7));
        assert_eq!(found.offered(), 7);
        let offers = found.into_offers();
        assert_eq!(offers.len(), 6);
        let parents = |needs: &[Need]| needs.iter().map(|_| 0).collect();
        let kept: Vec<(Vec<usize>, Vec<usize>)> = kept(&offers, parents)
            .into_iter()
            .map(|(index, _)| (offers[index].nodes.clone(), offers[index].removed.clone()))
            .collect();
        assert_eq!(kept, [(vec![6], vec![0]), (vec![1], vec![0, 1]), (vec![5], vec![0, 2])]);
    }
}
