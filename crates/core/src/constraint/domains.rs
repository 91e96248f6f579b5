//! The candidates of the grid as propagators narrow them, and what they share to read them.

/// A state of the grid no solution extends: some rule cannot hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction;

/// The candidates of every cell (bit `v - 1` for value `v`) as a propagator narrows them,
/// noting each cell it changes so that the engine can wake the rules that watch it.
pub struct Domains<'a> {
    candidates: &'a mut [u64],
    changed: &'a mut Vec<u16>,
}

impl<'a> Domains<'a> {
    /// The candidates `candidates`, changes noted in `changed` (a cell may be noted more than
    /// once).
    pub fn new(candidates: &'a mut [u64], changed: &'a mut Vec<u16>) -> Domains<'a> {
        Domains { candidates, changed }
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn get(&self, cell: u16) -> u64 {
        self.candidates[usize::from(cell)]
    }

    /// Keeps only the candidates `allowed` of `cell`: whether any was removed, or a
    /// contradiction if none is left.
    #[inline]
    pub fn restrict(&mut self, cell: u16, allowed: u64) -> Result<bool, Contradiction> {
        let before = self.candidates[usize::from(cell)];
        let after = before & allowed;
        if after == before {
            return Ok(false);
        }
        if after == 0 {
            return Err(Contradiction);
        }
        self.candidates[usize::from(cell)] = after;
        self.changed.push(cell);
        Ok(true)
    }

    /// Every cell's candidates.
    pub fn candidates(&self) -> &[u64] {
        self.candidates
    }
}

/// The value `v` (from 1) of a single candidate set.
#[inline]
pub(super) fn value_of(single: u64) -> u32 {
    single.trailing_zeros() + 1
}

/// The smallest value (from 1) of a non-empty candidate set.
#[inline]
pub(super) fn lowest(set: u64) -> u32 {
    set.trailing_zeros() + 1
}

/// The largest value (from 1) of a non-empty candidate set.
#[inline]
pub(super) fn highest(set: u64) -> u32 {
    64 - set.leading_zeros()
}

/// The candidate set of the values `low..=high` (from 1), empty when `low > high`; values
/// outside 1..=64 are left out.
#[inline]
pub(super) fn range(low: i64, high: i64) -> u64 {
    let (low, high) = (low.max(1), high.min(64));
    if low > high {
        return 0;
    }
    let top = if high == 64 { u64::MAX } else { (1u64 << high) - 1 };
    top & !((1u64 << (low - 1)) - 1)
}

/// Whether a candidate set holds exactly one value.
#[inline]
pub(super) fn is_single(set: u64) -> bool {
    set != 0 && set & (set - 1) == 0
}
