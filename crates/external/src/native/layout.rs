//! A layout as the C ABI gives it (`sudoku_engine_layout` of `include/sudoku_engine.h`): the
//! region of each cell, the groups of cells that all differ, the pairs of cells that differ
//! and the starting candidates, as flat arrays.
//!
//! Nothing here knows a rule: the groups are the layout's houses beyond rows, columns and
//! regions ([`Layout::houses`]) and the pairs its [`Layout::pairs`], so a library is given
//! exactly the rules the workbench's own engines and its checker read.
//!
//! A library is given copies, never the layout's own arrays: the layout is shared by every
//! puzzle of a kind, the checker and every other engine, and a library that writes through
//! the pointers it is given (casting `const` away, or using `candidates` as its search's
//! domains) would change the puzzle for all of them. The tables of a layout are made once
//! ([`Tables::of`]) and copied before every call into the buffers the call is given
//! ([`Tables::copy_to`]), which the harness never reads: whatever a library writes there is
//! gone at the next call.

use sudoku_core::{House, Layout};

/// `sudoku_engine_layout`: pointers into a [`Tables`].
#[repr(C)]
pub(super) struct View {
    struct_size: u32,
    regions: *const u8,
    group_count: u32,
    group_starts: *const u32,
    group_cells: *const u16,
    pair_count: u32,
    pairs: *const u16,
    candidates: *const u64,
}

/// The arrays of the C view of one layout, its own copies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Tables {
    /// The region of each cell, or empty for the boxes.
    regions: Vec<u8>,
    /// Where each group starts in `group_cells`, and one more entry for the end.
    group_starts: Vec<u32>,
    /// The cells of every group, group after group, each group's in increasing order.
    group_cells: Vec<u16>,
    /// The cells of every pair, pair after pair, the lower first.
    pairs: Vec<u16>,
    /// The starting candidates of each cell, or empty when the layout gives none.
    candidates: Vec<u64>,
}

impl Tables {
    /// The tables of `layout`.
    pub(super) fn of(layout: &Layout) -> Tables {
        let mut group_starts = vec![0];
        let mut group_cells = Vec::new();
        for (_, cells) in layout.houses().iter().filter(|(house, _)| !is_line_or_region(*house)) {
            group_cells.extend_from_slice(cells);
            // At most side² · (groups) cells: far below u32::MAX for sides up to 64.
            group_starts.push(group_cells.len() as u32);
        }
        let pairs = layout.pairs().iter().flat_map(|(pair, _)| *pair).collect();
        Tables {
            regions: layout.regions().map(<[u8]>::to_vec).unwrap_or_default(),
            group_starts,
            group_cells,
            pairs,
            candidates: layout.candidates().map(<[u64]>::to_vec).unwrap_or_default(),
        }
    }

    /// Makes `copy` equal to these tables, reusing its buffers (no allocation once it has held
    /// tables of this size).
    pub(super) fn copy_to(&self, copy: &mut Tables) {
        copy.clone_from(self);
    }

    /// The number of groups.
    fn group_count(&self) -> usize {
        self.group_starts.len() - 1
    }

    /// The C view of these tables: valid while they live, unchanged.
    pub(super) fn view(&self) -> View {
        let no_groups = self.group_count() == 0;
        View {
            struct_size: size_of::<View>() as u32,
            regions: or_null(self.regions.is_empty(), self.regions.as_ptr()),
            // Both counts are far below u32::MAX (see `of`).
            group_count: self.group_count() as u32,
            group_starts: or_null(no_groups, self.group_starts.as_ptr()),
            group_cells: or_null(no_groups, self.group_cells.as_ptr()),
            pair_count: (self.pairs.len() / 2) as u32,
            pairs: or_null(self.pairs.is_empty(), self.pairs.as_ptr()),
            candidates: or_null(self.candidates.is_empty(), self.candidates.as_ptr()),
        }
    }
}

/// `pointer`, or null when what it points at is `empty`: the header's NULL for no groups and
/// no pairs.
fn or_null<T>(empty: bool, pointer: *const T) -> *const T {
    if empty { std::ptr::null() } else { pointer }
}

/// Whether `house` is a row, a column, a box or a region: the houses every grid has, which the
/// C view gives by the request's side and by `regions`, never as groups.
fn is_line_or_region(house: House) -> bool {
    matches!(house, House::Row(_) | House::Column(_) | House::Box(_) | House::Region(_))
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Rule, Size};

    use super::*;

    /// The groups of `tables`, each as a list of cells.
    fn groups(tables: &Tables) -> Vec<Vec<u16>> {
        tables
            .group_starts
            .windows(2)
            .map(|w| tables.group_cells[w[0] as usize..w[1] as usize].to_vec())
            .collect()
    }

    #[test]
    fn rules_become_groups_and_pairs() {
        let nine = Size::NINE;
        let x = Layout::new(nine, None, &[Rule::Diagonals], &[vec![0, 10]], None).unwrap();
        let tables = Tables::of(&x);
        let main: Vec<u16> = (0..9).map(|k| k * 10).collect();
        let anti: Vec<u16> = (1..10).map(|k| k * 8).collect();
        assert_eq!(groups(&tables), [main, anti, vec![0, 10]]);
        assert!(tables.pairs.is_empty());
        let view = tables.view();
        assert_eq!((view.group_count, view.pair_count), (3, 0));
        assert!(view.regions.is_null() && view.pairs.is_null() && view.candidates.is_null());
        assert_eq!(view.struct_size as usize, size_of::<View>());

        // A knight's move from r1c1 stays in its box; from r2c2 (cell 10) it reaches r4c1
        // (cell 27) and r4c3 (29), r1c4 (3) and r3c4 (21): the pairs the layout lists.
        let knight = Layout::new(nine, None, &[Rule::AntiKnight], &[], None).unwrap();
        let tables = Tables::of(&knight);
        assert!(groups(&tables).is_empty());
        assert_eq!(tables.pairs.len(), 2 * knight.pairs().len());
        let partners: Vec<u16> = tables
            .pairs
            .chunks(2)
            .filter_map(|pair| match pair {
                [10, other] | [other, 10] => Some(*other),
                _ => None,
            })
            .collect();
        assert_eq!(partners, [3, 21, 27, 29]);
        assert!(tables.view().group_starts.is_null());
    }

    #[test]
    fn regions_and_candidates_are_copies_of_the_layouts() {
        let four = Size::from_side(4).unwrap();
        let marks: Vec<u32> = "AABBACCBADCBDDCD".bytes().map(u32::from).collect();
        let mut sets = vec![0b1111u64; 16];
        sets[5] = 0b0110;
        let layout = Layout::new(four, Some(&marks), &[], &[], Some(&sets)).unwrap();
        let tables = Tables::of(&layout);
        assert_eq!((tables.group_count(), tables.pairs.len()), (0, 0));
        let mut copy = Tables::default();
        tables.copy_to(&mut copy);
        assert_eq!(copy, tables);
        let view = copy.view();
        assert!(view.group_starts.is_null() && view.pairs.is_null());
        // Neither array is the layout's own.
        assert_ne!(view.regions, layout.regions().unwrap().as_ptr());
        assert_ne!(view.candidates, layout.candidates().unwrap().as_ptr());
        // SAFETY: the view points into `copy`, alive here, at 16 cells each; written as a
        // library that casts `const` away would write it.
        let (regions, candidates) = unsafe {
            (
                std::slice::from_raw_parts_mut(view.regions.cast_mut(), 16),
                std::slice::from_raw_parts_mut(view.candidates.cast_mut(), 16),
            )
        };
        assert_eq!(regions, layout.regions().unwrap());
        assert_eq!(candidates[5], 0b0110);
        regions.fill(0);
        candidates.fill(u64::MAX);
        // The layout and the kept tables are as they were; the next copy undoes the writes.
        assert_eq!(layout.regions().unwrap()[15], 3);
        assert_eq!(layout.candidates().unwrap()[5], 0b0110);
        assert_eq!(tables.candidates[5], 0b0110);
        tables.copy_to(&mut copy);
        assert_eq!(copy, tables);
    }
}
