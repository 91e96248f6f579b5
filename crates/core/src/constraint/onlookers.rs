//! The cells outside a rule that see two or more of its cells. A value the rule must hold,
//! with its places in the rule all seen by one of them, cannot be there too: killer cages and
//! renban lines take such values from the cells around them.

use super::domains::{Contradiction, Domains};

/// The cells outside a rule's cells that see two or more of them, each with the rule's cells it
/// sees (bit `i` for the `i`-th cell of the rule, which has at most 64).
#[derive(Clone, Debug)]
pub(super) struct Onlookers {
    outside: Box<[(u16, u64)]>,
    /// For each cell of the rule, the entries of `outside` (their indices, in order) that see
    /// it: a value's places in the rule are all seen only by cells that see the first of them.
    seeing: Box<[Box<[u32]>]>,
}

impl Onlookers {
    /// The onlookers of the rule of `cells`, from `outside`: the cells of the grid that are not
    /// the rule's, each with the rule's cells it sees.
    pub(super) fn new(cells: &[u16], outside: Vec<(u16, Vec<u16>)>) -> Onlookers {
        let outside: Box<[(u16, u64)]> = outside
            .into_iter()
            .filter_map(|(cell, seen)| {
                let mask = cells.iter().enumerate().fold(0u64, |mask, (i, member)| {
                    if seen.contains(member) { mask | 1 << i } else { mask }
                });
                (mask.count_ones() >= 2).then_some((cell, mask))
            })
            .collect();
        let seeing = (0..cells.len())
            .map(|i| {
                (0..outside.len() as u32).filter(|&k| outside[k as usize].1 >> i & 1 == 1).collect()
            })
            .collect();
        Onlookers { outside, seeing }
    }

    /// Takes `value`, which the rule must hold, from every onlooker that sees all of `places`
    /// (bits of the rule's cells where the value may go).
    pub(super) fn remove(
        &self,
        domains: &mut Domains<'_>,
        value: u64,
        places: u64,
    ) -> Result<(), Contradiction> {
        // A cell outside left with this value alone keeps it: emptying it would be a
        // contradiction that follows from that cell's candidates too, which the rule does not
        // read (`Propagator::cells`). Once the value is placed there, it leaves every place it
        // has in the rule, and the rule fails then.
        for &k in self.seeing[places.trailing_zeros() as usize].iter() {
            let (cell, seen) = self.outside[k as usize];
            if seen & places == places && domains.get(cell) != value {
                domains.restrict(cell, !value)?;
            }
        }
        Ok(())
    }
}
