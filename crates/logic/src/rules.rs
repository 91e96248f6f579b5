//! The rules with numbers and lines of a grid's layout (killer cages, thermometers, arrows,
//! dots, ...) as the board and the techniques read them, made once per layout beside its
//! houses.
//!
//! The rules' meaning and their propagators are the core's ([`sudoku_core::constraint`]):
//! this crate reasons with them, and writes no arithmetic of a cage of its own. What it keeps
//! here is what every board of the layout shares: the propagators of each rule and the cells
//! they watch ([`Model`]), the killer cages whose sums the cage techniques read, and the sums
//! the rule of 45 implies, each with the houses and cages it comes from.

use std::cell::RefCell;

use sudoku_core::constraint::{self, Contradiction, Domains, Implied, Sum};
use sudoku_core::{Constraint, House, Layout, Model, Units};

/// A layout's rules as the techniques read them; see the [module documentation](self).
pub(crate) struct Rules {
    /// The layout's rules, in its order: a step names a rule by its index here.
    constraints: Vec<Constraint>,
    /// Their propagators (no implied sum: those are [`Rules::implied`]), and the cells each
    /// watches.
    model: Model,
    /// The propagators of each rule.
    of_rule: Vec<Vec<u32>>,
    /// The killer cages of no more cells than the side (their cells all differ), with or
    /// without a sum.
    cages: Vec<Cage>,
    /// The sums of the rule of 45, each with where it comes from.
    implied: Vec<ImpliedSum>,
}

/// A killer cage.
pub(crate) struct Cage {
    /// Its index among the layout's rules.
    pub(crate) rule: usize,
    /// Its cells, in the order given.
    pub(crate) cells: Vec<usize>,
    /// Its sum, if it shows one.
    pub(crate) sum: Option<u32>,
}

/// A sum the rule of 45 implies, with the houses and cages it comes from.
pub(crate) struct ImpliedSum {
    /// The houses of the sum, named as the layout names them (for a run of rows or columns,
    /// each of them).
    pub(crate) houses: Vec<House>,
    /// The cages it takes away, by index among the layout's rules.
    pub(crate) cages: Vec<usize>,
    /// The cells, each with 1 (an innie) or -1 (an outie).
    pub(crate) terms: Vec<(usize, i32)>,
    /// What they add to.
    pub(crate) total: i64,
    /// The sum as a propagator.
    pub(crate) sum: Sum,
}

impl Rules {
    /// The rules of `layout`, whose units (houses and peers) are `units`; `None` for a layout
    /// without rules with numbers and lines.
    pub(crate) fn of(layout: &Layout, units: &Units) -> Option<Rules> {
        let constraints = layout.constraints().to_vec();
        if constraints.is_empty() {
            return None;
        }
        let size = layout.size();
        let side = size.side();
        let model = Model::without_implied(layout);
        let mut of_rule = vec![Vec::new(); constraints.len()];
        for index in 0..model.propagators().len() {
            if let Some(rule) = model.origin(index) {
                of_rule[rule].push(index as u32);
            }
        }
        let cell = |place: constraint::Spot| place.cell(size).expect("a validated rule's cell");
        let cages = constraints
            .iter()
            .enumerate()
            .filter_map(|(rule, constraint)| match constraint {
                Constraint::Killer { cells, sum } if cells.len() <= side => {
                    Some(Cage { rule, cells: cells.iter().map(|&p| cell(p)).collect(), sum: *sum })
                }
                _ => None,
            })
            .collect();
        let shape = layout.shape();
        let houses: Vec<&[u16]> =
            layout.houses().iter().take(3 * side).map(|(_, cells)| &**cells).collect();
        let sees = |a: u16, b: u16| units.sees(usize::from(a), usize::from(b));
        let cells = size.cells();
        let implied = constraint::implied(&constraints, &shape, &houses)
            .into_iter()
            .map(|Implied { group, cages, terms, total }| {
                let named = match group {
                    constraint::HouseGroup::House(index) => vec![layout.houses()[index].0],
                    constraint::HouseGroup::Rows { first, count } => {
                        (first..first + count).map(House::Row).collect()
                    }
                    constraint::HouseGroup::Columns { first, count } => {
                        (first..first + count).map(House::Column).collect()
                    }
                };
                let bounded = total.clamp(i64::from(i32::MIN / 2), i64::from(i32::MAX / 2)) as i32;
                let members: Vec<u16> = terms.iter().map(|&(c, _)| c).collect();
                let outside = || {
                    (0..cells as u16)
                        .filter(|other| !members.contains(other))
                        .map(|other| {
                            let seen: Vec<u16> =
                                members.iter().copied().filter(|&m| sees(other, m)).collect();
                            (other, seen)
                        })
                        .filter(|(_, seen)| seen.len() >= 2)
                        .collect()
                };
                let sum = Sum::new(&terms, bounded, bounded, side, &sees, &outside);
                let terms = terms.iter().map(|&(c, k)| (usize::from(c), k)).collect();
                ImpliedSum { houses: named, cages, terms, total, sum }
            })
            .collect();
        Some(Rules { constraints, model, of_rule, cages, implied })
    }

    /// The layout's rules.
    pub(crate) fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Every propagator of the rules.
    pub(crate) fn propagators(&self) -> &[constraint::Propagator] {
        self.model.propagators()
    }

    /// The rule propagator `index` comes from.
    pub(crate) fn origin(&self, index: usize) -> usize {
        self.model.origin(index).expect("every propagator of a rule's own")
    }

    /// The propagators of rule `rule`, by index into [`Rules::propagators`].
    pub(crate) fn of_rule(&self, rule: usize) -> &[u32] {
        &self.of_rule[rule]
    }

    /// The killer cages.
    pub(crate) fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The sums of the rule of 45.
    pub(crate) fn implied(&self) -> &[ImpliedSum] {
        &self.implied
    }

    /// Whether every propagator that watches `cell` still admits `domains` (each cell's
    /// candidates, a placed value as its one candidate): `false` when one of them finds its
    /// rule cannot hold. Each rule is checked when the last of its cells is placed, and a
    /// propagator is exact on a full assignment, so a full grid passes only if it keeps every
    /// rule.
    pub(crate) fn admits(&self, domains: &[u64], cell: usize) -> bool {
        self.run(domains, self.model.watchers(cell).iter().map(|&index| index as usize))
    }

    /// Whether every propagator of every rule admits `domains` (as [`Rules::admits`]).
    pub(crate) fn admits_all(&self, domains: &[u64]) -> bool {
        self.run(domains, 0..self.model.propagators().len())
    }

    fn run(&self, domains: &[u64], mut propagators: impl Iterator<Item = usize>) -> bool {
        thread_local! {
            static SCRATCH: RefCell<(Vec<u64>, Vec<u16>)> = const {
                RefCell::new((Vec::new(), Vec::new()))
            };
        }
        SCRATCH.with(|scratch| {
            let (copy, changed) = &mut *scratch.borrow_mut();
            copy.clear();
            copy.extend_from_slice(domains);
            let all = self.model.propagators();
            let mut check = |index: usize| -> Result<(), Contradiction> {
                changed.clear();
                all[index].narrow(&mut Domains::new(copy, changed))
            };
            propagators.try_for_each(&mut check).is_ok()
        })
    }
}
