//! Literals: a variable and a sign in one word, the currency of the solver, the clause arena
//! and the analysis alike (each of which uses this module and none of the others' types).

/// A literal: `var << 1`, negated when the low bit is set.
pub(super) type Lit = u32;

/// The variable of `lit`.
#[inline]
pub(super) fn var_of(lit: Lit) -> usize {
    (lit >> 1) as usize
}

/// The literal of `var`, negated when `negative`.
#[inline]
pub(super) fn literal(var: usize, negative: bool) -> Lit {
    (var as u32) << 1 | u32::from(negative)
}
