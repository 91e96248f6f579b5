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

/// What a walk can take of a step of a family nested in it (see [`super::nested`]): the
/// candidates of the walk's board it removes, and those the walk removed that it rests on.
pub(super) trait Judge {
    /// The candidates of the walk's board that `eliminations` and `placements` remove.
    fn removed(&self, eliminations: &[(usize, u8)], placements: &[(usize, u8)]) -> Vec<usize>;
    /// The candidates the walk removed that a chain of `needs` rests on.
    fn parents(&self, needs: &[Need]) -> Vec<usize>;
}

/// The easiest step a group has found so far; or, for a family nested in a walk, every step
/// the walk can take something of.
pub(super) struct Found<'a> {
    group: ChainFamily,
    best: Option<Best>,
    /// For a family nested in a walk, the steps kept.
    nested: Option<Nested<'a>>,
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

/// The steps a family nested in a walk keeps: those that rest on a candidate the walk removed
/// and are the easiest so far to remove one of theirs. The walk takes, for each candidate, the
/// easiest step that removes it (the first found among equals): a step that some easier one
/// (or an equal one found before) leaves nothing to is never read, and is not kept.
struct Nested<'a> {
    judge: &'a dyn Judge,
    kept: Vec<Kept>,
    /// Per candidate, the key of the easiest step kept that removes it: empty until a step
    /// is kept, as most nested searches keep none.
    easiest: Vec<Option<Key>>,
}

/// A step kept for the walk a family is nested in.
pub(super) struct Kept {
    key: Key,
    /// The candidates of the walk's board it removes.
    pub(super) removed: Vec<usize>,
    /// The candidates the walk removed that it rests on.
    pub(super) parents: Vec<usize>,
    /// The nodes of every branch, one branch after the other: what tells it apart.
    pub(super) nodes: Vec<usize>,
}

impl Kept {
    /// The step's complexity, nested chains included.
    pub(super) fn complexity(&self) -> u32 {
        self.key.1
    }
}

impl<'a> Found<'a> {
    pub(super) fn new(group: ChainFamily) -> Found<'a> {
        Found { group, best: None, nested: None, offered: 0 }
    }

    /// A finder for a family nested in a walk, which keeps the steps `judge` says the walk can
    /// take something of (see [`Nested`]).
    pub(super) fn nested(group: ChainFamily, judge: &'a dyn Judge) -> Found<'a> {
        let nested = Nested { judge, kept: Vec::new(), easiest: Vec::new() };
        Found { nested: Some(nested), ..Found::new(group) }
    }

    /// How many steps were offered, kept or not.
    #[cfg(test)]
    pub(super) fn offered(&self) -> usize {
        self.offered
    }

    /// The steps kept for a nested family, easiest first (ties in the order found): the order
    /// in which Sudoku Explainer applies what a nested family finds, so that a candidate two
    /// chains remove is the easier one's.
    pub(super) fn into_kept(self) -> Vec<Kept> {
        let mut kept = self.nested.map(|nested| nested.kept).unwrap_or_default();
        kept.sort_by(|a, b| {
            a.key.0.total_cmp(&b.key.0).then(a.key.1.cmp(&b.key.1)).then(a.key.2.cmp(&b.key.2))
        });
        kept
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
    /// both called only if the step is kept.
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
        if let Some(nested) = &mut self.nested {
            let removed = nested.judge.removed(eliminations, placements);
            let easier = |&c: &usize| {
                nested.easiest.get(c).copied().flatten().is_some_and(|other| !before(key, other))
            };
            if removed.is_empty() || removed.iter().all(easier) {
                return;
            }
            let parents = nested.judge.parents(&needs());
            if parents.is_empty() {
                return;
            }
            if nested.easiest.is_empty() {
                nested.easiest.resize(CANDIDATES, None);
            }
            for &c in &removed {
                if nested.easiest[c].is_none_or(|other| before(key, other)) {
                    nested.easiest[c] = Some(key);
                }
            }
            let nodes = branches().concat();
            nested.kept.push(Kept { key, removed, parents, nodes });
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

    /// A walk's board where every chain's eliminations are there, and a chain rests on the
    /// walk's removals if it needs anything.
    struct Everything;

    impl Judge for Everything {
        fn removed(&self, eliminations: &[(usize, u8)], _: &[(usize, u8)]) -> Vec<usize> {
            eliminations.iter().map(|&(cell, value)| cell * 9 + usize::from(value) - 1).collect()
        }

        fn parents(&self, needs: &[Need]) -> Vec<usize> {
            needs.iter().map(|_| 0).collect()
        }
    }

    #[test]
    fn a_nested_family_keeps_only_the_easiest_chain_to_remove_each_candidate() {
        let judge = Everything;
        let mut found = Found::nested(ChainFamily::Nested(2), &judge);
        let rests = || vec![Need::Cell(0)];
        let never = || -> Vec<Need> { panic!("an easier chain removes as much") };
        let chain = |n: usize| move || vec![vec![n]];
        // Kept: the first to remove its candidates.
        found.offer(Kind::Cell, 10, &[(0, 1), (0, 2)], &[], rests, chain(1));
        // An easier one that rests on nothing the walk removed: not kept.
        found.offer(Kind::Cell, 8, &[(0, 2)], &[], Vec::new, chain(2));
        // Harder, or as hard and later, with nothing new to remove: not even read.
        found.offer(Kind::Cell, 12, &[(0, 1)], &[], never, chain(3));
        found.offer(Kind::Cell, 10, &[(0, 2)], &[], never, chain(4));
        // Harder but with a candidate no kept chain removes: kept.
        found.offer(Kind::Cell, 12, &[(0, 1), (0, 3)], &[], rests, chain(5));
        // Easier than the first for one of its candidates: kept, and first.
        found.offer(Kind::Double, 9, &[(0, 1)], &[], rests, chain(6));
        assert_eq!(found.offered(), 6);
        let kept: Vec<(Vec<usize>, Vec<usize>)> =
            found.into_kept().into_iter().map(|kept| (kept.nodes, kept.removed)).collect();
        assert_eq!(kept, [(vec![6], vec![0]), (vec![1], vec![0, 1]), (vec![5], vec![0, 2])]);
    }
}
