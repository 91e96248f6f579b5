//! The weighted sum's arithmetic against brute force: the tables of distinct values by count and
//! total, and the least and greatest totals of candidates up to the largest side (64), where the
//! sets' values reach past the first bytes.

use sudoku_core::constraint::{Domains, Sum, distinct_sets};

/// The values (from 1) of a candidate set.
fn values(set: u64) -> impl Iterator<Item = u32> {
    (0..64).filter(move |bit| set >> bit & 1 == 1).map(|bit| bit + 1)
}

#[test]
fn the_tables_hold_every_set_of_distinct_values_by_count_and_total() {
    for side in [4usize, 6, 9, 12, 16] {
        let most = (side * (side + 1) / 2) as u32;
        for count in 0..=side {
            for total in 0..=most + 1 {
                let expected: Vec<u64> = (0..1u64 << side)
                    .filter(|&set| {
                        set.count_ones() as usize == count && values(set).sum::<u32>() == total
                    })
                    .collect();
                let mut tabled: Vec<u64> = distinct_sets(side, count, total)
                    .expect("sides up to 16 are tabled")
                    .iter()
                    .map(|&set| u64::from(set))
                    .collect();
                tabled.sort_unstable();
                assert_eq!(tabled, expected, "side {side}, {count} values adding to {total}");
            }
        }
    }
    assert_eq!(distinct_sets(17, 2, 3), None);
}

#[test]
fn the_totals_of_distinct_values_are_the_least_and_greatest_choices() {
    // Three cells of one house on a 64×64 grid, each with a few candidates among the top values.
    let side = 64;
    let cells: Vec<u16> = vec![0, 1, 2];
    let terms: Vec<(u16, i32)> = cells.iter().map(|&cell| (cell, 1)).collect();
    let sum = Sum::new(&terms, 0, 10_000, side, &|_, _| true, &Vec::new);
    let sets = [
        (1u64 << 63) | (1 << 62) | (1 << 40),
        (1u64 << 63) | (1 << 10),
        (1u64 << 63) | (1 << 61) | (1 << 7),
    ];
    let mut candidates = vec![0u64; side * side];
    candidates[..3].copy_from_slice(&sets);
    let mut changed = Vec::new();
    let domains = Domains::new(&mut candidates, &mut changed);
    // Every choice of distinct values, one from each cell's candidates.
    let mut totals = Vec::new();
    for a in values(sets[0]) {
        for b in values(sets[1]).filter(|&b| b != a) {
            for c in values(sets[2]).filter(|&c| c != a && c != b) {
                totals.push(i64::from(a + b + c));
            }
        }
    }
    let least = *totals.iter().min().unwrap();
    let greatest = *totals.iter().max().unwrap();
    assert_eq!(sum.totals(&domains), Ok((least, greatest)));
}
