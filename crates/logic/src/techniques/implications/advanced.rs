//! The simple techniques a dynamic chain "(+)" also uses: what locked candidates, hidden and
//! naked pairs and X-wings remove from the board a walk has reduced. Each removal rests on the
//! candidates the walk removed that the pattern needed gone; a pattern that needed none was
//! there before the walk and adds nothing to it. The first of the four techniques that finds
//! anything gives all it finds.

use super::cands::cand_of;
use super::marks::{
    Marks, cells_of, crossing, house_cells, houses_of, index_in, pairs, several, two,
};
use crate::houses::bits;

/// A removal and the removed candidates it rests on.
type Removal = (usize, Vec<usize>);

/// What the first of the simple techniques that finds anything removes from `grid` (the board
/// `source` less a walk's removals).
pub(super) fn removals(source: &Marks, grid: &Marks) -> Vec<Removal> {
    let mut out = Vec::new();
    let changed = Changed::of(source, grid);
    for technique in [locked, hidden_pairs, naked_pairs, x_wings] {
        technique(source, grid, &changed, &mut out);
        if !out.is_empty() {
            break;
        }
    }
    out
}

/// What a walk changed on the board: a pattern that rests on none of it was there before the
/// walk, and the techniques look only where it changed.
struct Changed {
    /// Per house, the values that lost a place there (bit `v − 1`).
    values: [u16; 27],
    /// Per house, the cells that lost a candidate (bit `i` for the house's `i`-th cell).
    cells: [u16; 27],
}

impl Changed {
    fn of(source: &Marks, grid: &Marks) -> Changed {
        // A value lost a place in a house where one of the house's cells lost it.
        let mut changed = Changed { values: [0; 27], cells: [0; 27] };
        for (cell, (&before, &after)) in source.cells.iter().zip(&grid.cells).enumerate() {
            let lost = before ^ after;
            if lost != 0 {
                for (house, index) in houses_of(cell).into_iter().zip(index_in(cell)) {
                    changed.values[house] |= lost;
                    changed.cells[house] |= 1 << index;
                }
            }
        }
        changed
    }
}

/// Whether `cell` held `value` before the walk and no longer does.
fn gone(source: &Marks, grid: &Marks, cell: usize, value: u8) -> bool {
    source.has(cell, value) && !grid.has(cell, value)
}

/// Adds the removals of one pattern, each resting on `parents`, if it has both.
fn push(out: &mut Vec<Removal>, removed: Vec<usize>, parents: Vec<usize>) {
    if !parents.is_empty() {
        out.extend(removed.into_iter().map(|c| (c, parents.clone())));
    }
}

/// Pointing and claiming: a value whose places in one house all lie in a crossing house.
fn locked(source: &Marks, grid: &Marks, changed: &Changed, out: &mut Vec<Removal>) {
    let kinds = [(0, 18), (0, 9), (18, 0), (9, 0)];
    for (first, second) in kinds {
        for one in first..first + 9 {
            // The pattern rests on a place of its value gone from `one`.
            if changed.values[one] == 0 {
                continue;
            }
            // The values whose places in `one` all lie in one house of the second kind, with
            // that house: each value's is the one house of that kind through its first place.
            let mut found = [(0usize, 0u8); 9];
            let mut count = 0;
            let mut lost = changed.values[one];
            while lost != 0 {
                let value = lost.trailing_zeros() as u8 + 1;
                lost &= lost - 1;
                let places = grid.places(one, value);
                if !several(places) {
                    continue;
                }
                let first_place = usize::from(house_cells(one)[places.trailing_zeros() as usize]);
                let two = houses_of(first_place)[second / 9];
                if places & !crossing(one, two) == 0 {
                    found[count] = (two, value);
                    count += 1;
                }
            }
            // Taken house by house, then value by value.
            let found = &mut found[..count];
            found.sort_by_key(|&(two, _)| two);
            for &(two, value) in found.iter() {
                // The cells of each house that lie in the other, as bits of its own cells.
                let (in_two, in_one) = (crossing(one, two), crossing(two, one));
                let removed = grid.places(two, value) & !in_one;
                if removed == 0 {
                    continue;
                }
                let gone = source.places(one, value) & !grid.places(one, value) & !in_two;
                let (one_cells, two_cells) = (house_cells(one), house_cells(two));
                let cands = |cells: &[u8; 9], mut set: u16| {
                    let mut out = Vec::new();
                    while set != 0 {
                        let cell = usize::from(cells[set.trailing_zeros() as usize]);
                        out.push(cand_of(cell, value));
                        set &= set - 1;
                    }
                    out
                };
                push(out, cands(two_cells, removed), cands(one_cells, gone));
            }
        }
    }
}

/// The empty cells of a house (a walk empties none: it removes candidates, places nothing).
fn empty_cells(source: &Marks, cells: &[usize; 9]) -> usize {
    cells.iter().filter(|&&cell| source.cells[cell] != 0).count()
}

/// The values among `among` with exactly two places in `house` (bit `v − 1`).
fn two_places(grid: &Marks, house: usize, among: u16) -> u16 {
    let (mut twos, mut rest) = (0, among);
    while rest != 0 {
        let v = rest.trailing_zeros();
        rest &= rest - 1;
        if two(grid.places(house, v as u8 + 1)) {
            twos |= 1 << v;
        }
    }
    twos
}

/// The pairs of members of `set` (bits of `0..9`) in the order of [`pairs`], of which at least
/// one is in `changed`.
fn pairs_among(set: u16, changed: u16) -> impl Iterator<Item = (usize, usize)> {
    // None without two members, one of them changed.
    let set = if several(set) && set & changed != 0 { u64::from(set) } else { 0 };
    bits(set & !1)
        .flat_map(move |b| bits(set & ((1 << b) - 1)).map(move |a| (a, b)))
        .filter(move |&(a, b)| changed & (1 << a | 1 << b) != 0)
}

/// Houses in the order the set techniques visit them: boxes, columns, rows.
fn set_houses() -> impl Iterator<Item = usize> {
    (0..9).chain(18..27).chain(9..18)
}

/// Two values with the same two places, and more than four empty cells in the house: the
/// places' other candidates go.
fn hidden_pairs(source: &Marks, grid: &Marks, changed: &Changed, out: &mut Vec<Removal>) {
    for house in set_houses() {
        // The pattern rests on a place of one of its values gone from the house.
        if changed.values[house] == 0 {
            continue;
        }
        // Two values with the same two places: among those with two places, one of which
        // lost a place.
        if two_places(grid, house, changed.values[house]) == 0 {
            continue;
        }
        let cells = cells_of(house);
        for (a, b) in pairs_among(two_places(grid, house, 0x1ff), changed.values[house]) {
            let (va, vb) = (a as u8 + 1, b as u8 + 1);
            let (pa, pb) = (grid.places(house, va), grid.places(house, vb));
            if pa != pb || empty_cells(source, &cells) <= 4 {
                continue;
            }
            let both = pa | pb;
            let mut removed = Vec::new();
            for (i, &cell) in cells.iter().enumerate() {
                if both & (1 << i) != 0 {
                    for value in (1..=9u8).filter(|&v| v != va && v != vb && grid.has(cell, v)) {
                        removed.push(cand_of(cell, value));
                    }
                }
            }
            if removed.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for (i, &cell) in cells.iter().enumerate() {
                if both & (1 << i) == 0 {
                    for value in [va, vb] {
                        if source.has(cell, value) {
                            parents.push(cand_of(cell, value));
                        }
                    }
                }
            }
            push(out, removed, parents);
        }
    }
}

/// Two cells of a house with the same two candidates, and at least four empty cells in the
/// house: the two values go from the house's other cells.
fn naked_pairs(source: &Marks, grid: &Marks, changed: &Changed, out: &mut Vec<Removal>) {
    for house in set_houses() {
        // The pattern rests on a candidate gone from one of its two cells.
        if changed.cells[house] == 0 {
            continue;
        }
        let cells = cells_of(house);
        // Two cells with the same two candidates: among the cells of two, one of which lost a
        // candidate.
        let pairs_of_two =
            (0..9).filter(|&i| two(grid.cells[cells[i]])).fold(0, |set, i| set | 1 << i);
        for (a, b) in pairs_among(pairs_of_two, changed.cells[house]) {
            let (ca, cb) = (grid.cells[cells[a]], grid.cells[cells[b]]);
            if ca != cb || empty_cells(source, &cells) < 4 {
                continue;
            }
            let values = ca | cb;
            let removed: Vec<usize> = cells
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != a && i != b)
                .flat_map(|(_, &cell)| {
                    (1..=9u8)
                        .filter(move |&v| values & (1 << (v - 1)) != 0 && grid.has(cell, v))
                        .map(move |v| cand_of(cell, v))
                })
                .collect();
            if removed.is_empty() {
                continue;
            }
            let parents = [cells[a], cells[b]]
                .into_iter()
                .flat_map(|cell| {
                    (1..=9u8)
                        .filter(move |&v| values & (1 << (v - 1)) == 0 && source.has(cell, v))
                        .map(move |v| cand_of(cell, v))
                })
                .collect();
            push(out, removed, parents);
        }
    }
}

/// A value whose places in two columns (or rows) lie in two rows (or columns): it goes from
/// the rest of those.
fn x_wings(source: &Marks, grid: &Marks, changed: &Changed, out: &mut Vec<Removal>) {
    for (base, cover) in [(18, 9), (9, 18)] {
        // Only the values that lost a place in some line can make an X-wing here.
        let any_lost = (0..9).fold(0, |lost, line| lost | changed.values[base + line]);
        let twos: [u16; 9] = std::array::from_fn(|line| two_places(grid, base + line, any_lost));
        for (a, b) in pairs() {
            // A value with two places in each line, one of which lost a place; the same two.
            let lost = changed.values[base + a] | changed.values[base + b];
            let values = twos[a] & twos[b] & lost;
            let mut rest = values;
            while rest != 0 {
                let value = rest.trailing_zeros() as u8 + 1;
                rest &= rest - 1;
                if usize::from(grid.placed[usize::from(value - 1)]) + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (grid.places(base + a, value), grid.places(base + b, value));
                if pa != pb {
                    continue;
                }
                let lines = pa | pb;
                let covers: Vec<usize> =
                    (0..9).filter(|&i| lines & (1 << i) != 0).map(|i| cover + i).collect();
                let mut removed = Vec::new();
                for &line in &covers {
                    for (j, &cell) in cells_of(line).iter().enumerate() {
                        if j != a && j != b && grid.has(cell, value) {
                            removed.push(cand_of(cell, value));
                        }
                    }
                }
                if removed.is_empty() {
                    continue;
                }
                let cover_cells: Vec<usize> = covers.iter().flat_map(|&l| cells_of(l)).collect();
                let parents = [base + a, base + b]
                    .into_iter()
                    .flat_map(cells_of)
                    .filter(|cell| !cover_cells.contains(cell))
                    .filter(|&cell| gone(source, grid, cell, value))
                    .map(|cell| cand_of(cell, value))
                    .collect();
                push(out, removed, parents);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::testing::board_with;

    #[test]
    fn the_techniques_look_only_where_the_walk_changed_the_board_and_miss_nothing() {
        use crate::techniques::implications::reach::tests::boards;
        let everywhere = Changed { values: [0x1ff; 27], cells: [0x1ff; 27] };
        let mut found = 0;
        let boards = boards();
        // Each board as the source, every later one that lost candidates from it as a walk's.
        for source in &boards {
            for grid in boards.iter().filter(|grid| {
                (0..81).all(|cell| grid.cells[cell] & !source.cells[cell] == 0) && *grid != source
            }) {
                let changed = Changed::of(source, grid);
                for technique in [locked, hidden_pairs, naked_pairs, x_wings] {
                    let (mut looked, mut all) = (Vec::new(), Vec::new());
                    technique(source, grid, &changed, &mut looked);
                    technique(source, grid, &everywhere, &mut all);
                    assert_eq!(looked, all);
                    found += looked.len();
                }
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn a_pattern_the_walk_made_rests_on_the_removals_that_made_it() {
        let source = Marks::of(&board_with(&[])).expect("9×9");
        // The walk removed 1 from box 1's second and third rows: box 1's 1s lie in row 1.
        let mut grid = source;
        let made = [9, 10, 11, 18, 19, 20];
        for cell in made {
            grid.remove(cell, 1);
        }
        let found = removals(&source, &grid);
        let removed: Vec<usize> = found.iter().map(|&(c, _)| c).collect();
        assert_eq!(removed, (3..9).map(|cell| cand_of(cell, 1)).collect::<Vec<_>>());
        let parents: Vec<usize> = made.iter().map(|&cell| cand_of(cell, 1)).collect();
        assert!(found.iter().all(|(_, rests_on)| *rests_on == parents));
        // On the board before the walk, no pattern: nothing.
        assert!(removals(&source, &source).is_empty());
    }
}
