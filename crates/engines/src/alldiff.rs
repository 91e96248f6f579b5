//! `alldiff`: constraint programming with a domain-consistent all-different constraint on every
//! row, column and box (Régin's filtering), for every box order from 2 (4×4) to 8 (64×64).
//!
//! This is how the constraint solvers of the field (Gecode, Choco, OR-tools) model Sudoku: one
//! variable per cell whose domain is its possible values, and `all-different` on each unit,
//! propagated to *domain consistency*: a value stays in a cell's domain exactly when some
//! assignment of the whole unit, one value per cell, all different and each from its cell's
//! domain, puts it there. That single rule covers the singles and every naked and hidden
//! subset of the unit at once, whatever their size.
//!
//! Régin's filtering of one unit, on bit sets (a unit has `n²` cells and `n²` values, at most
//! 64 of each):
//! 1. **Matching.** A perfect matching of cells to values in the bipartite graph of domains;
//!    none means the unit cannot be filled and the branch fails. The matching is kept in the
//!    search state and repaired, not rebuilt: only cells whose matched value left their domain
//!    look for an augmenting path.
//! 2. **Components.** With every value matched, an unmatched value `v` of cell `c` can be in
//!    some perfect matching exactly when the alternating path from `c` to the cell matched to
//!    `v` closes into a cycle, that is when the two cells are in the same strongly connected
//!    component of the graph "`c` → the cell matched to each value of `c`". The components come
//!    from the transitive closure of that graph (Warshall's algorithm on bit rows: `n⁴` word
//!    operations, less than the bookkeeping of Tarjan's at these sizes).
//! 3. **Filtering.** Each cell keeps the values matched within its component and loses the
//!    others.
//!
//! A unit is filtered again only when a domain in it shrank; the other units of a shrunk cell
//! are queued, and propagation runs to the fixpoint, where every unit is domain consistent.
//! Search is depth first on the cell with the smallest domain (the first on ties), values
//! lowest first, on a copy of the state (domains and matchings) per branch.
//!
//! Statistics count as `propagate` does: the puzzle is the first node, each value the search
//! assigns at a branch point is one more, and each branch point is a guess. The search loop
//! itself is the one `norvig` uses too (`branch.rs`): only the state and its propagation differ.

use crate::branch::{CopyOnBranch, Frame, search};
use crate::constraints::{Agenda, Narrowing};
use crate::geometry::{CellOutcome, CellSearch, CellSolver, Geometry, cell_engine};

/// No value matched to the cell.
const UNMATCHED: u8 = u8::MAX;

/// The `alldiff` engine. It owns its tables and search memory and reuses them from one solve to
/// the next.
pub struct Alldiff {
    geometry: Geometry,
    /// The domain of each cell.
    domains: Vec<u64>,
    /// Per unit and position in it, the value (as a bit index) the cell there is matched to in
    /// the unit's matching, or [`UNMATCHED`].
    mates: Vec<u8>,
    /// Units queued for filtering, and whether each is queued.
    queue: Vec<u16>,
    queued: Vec<bool>,
    /// Whether the grid's layout has peers outside its units (the pairs of a knight's or a
    /// king's move, groups smaller than a unit), which no all-different of a unit covers.
    loose_peers: bool,
    /// Cells down to one value whose value has yet to leave their peers outside their units.
    singles: Vec<u16>,
    /// The propagators of the grid's constraints waiting to run, their memory, and the
    /// removals of the last one run.
    agenda: Agenda,
    narrowing: Narrowing,
    removed: Vec<(u16, u64)>,
    /// Branch points of the current search, deepest last.
    frames: Vec<Frame>,
    /// The domains and matchings at each branch point, one state after the other.
    saved_domains: Vec<u64>,
    saved_mates: Vec<u8>,
    /// The solution being written, kept between solves.
    solution: Vec<u8>,
}

impl Default for Alldiff {
    fn default() -> Self {
        Self::new()
    }
}

impl Alldiff {
    /// An engine with nothing allocated yet.
    pub fn new() -> Self {
        Alldiff {
            geometry: Geometry::new(),
            domains: Vec::new(),
            mates: Vec::new(),
            queue: Vec::new(),
            queued: Vec::new(),
            loose_peers: false,
            singles: Vec::new(),
            agenda: Agenda::default(),
            narrowing: Narrowing::default(),
            removed: Vec::new(),
            frames: Vec::new(),
            saved_domains: Vec::new(),
            saved_mates: Vec::new(),
            solution: Vec::new(),
        }
    }

    /// Narrows `cell` to `domain` (a subset of its domain) and queues its units if it shrank.
    fn narrow(&mut self, cell: usize, domain: u64) {
        if domain != self.domains[cell] {
            self.domains[cell] = domain;
            for unit in self.geometry.units_of(cell) {
                self.enqueue(unit);
            }
            self.shrank_outside_units(cell, domain, None);
        }
    }

    /// What a layout adds when `cell`'s domain shrank to `domain`: the complete houses beyond
    /// its row, column and region (except `unit`, being filtered) are queued, and a single
    /// value waits to leave the cell's peers outside its units. Nothing on a classic grid.
    #[inline]
    fn shrank_outside_units(&mut self, cell: usize, domain: u64, unit: Option<usize>) {
        if self.geometry.layout().is_none() {
            return;
        }
        if let Some(model) = self.geometry.model() {
            self.agenda.wake(model, cell);
        }
        for index in 0..self.geometry.more_units_of(cell).len() {
            let other = usize::from(self.geometry.more_units_of(cell)[index]);
            if Some(other) != unit {
                self.enqueue(other);
            }
        }
        if self.loose_peers && domain.is_power_of_two() {
            self.singles.push(cell as u16);
        }
    }

    /// Takes the value of each cell in [`Alldiff::singles`] out of its peers outside its
    /// units. `false` when a peer is left with no value.
    fn settle_singles(&mut self) -> bool {
        while let Some(cell) = self.singles.pop() {
            let cell = usize::from(cell);
            let value = self.domains[cell];
            let in_units = self.geometry.unit_peer_count(cell);
            for index in in_units..self.geometry.peers(cell).len() {
                let peer = usize::from(self.geometry.peers(cell)[index]);
                if self.domains[peer] & value != 0 {
                    let left = self.domains[peer] & !value;
                    if left == 0 {
                        return false;
                    }
                    self.narrow(peer, left);
                }
            }
        }
        true
    }

    fn enqueue(&mut self, unit: usize) {
        if !self.queued[unit] {
            self.queued[unit] = true;
            self.queue.push(unit as u16);
        }
    }

    /// Filters the queued units, and those their filtering queues, to the fixpoint, with the
    /// propagators of the grid's constraints once no unit waits. `false` when some unit has no
    /// perfect matching or some constraint cannot hold: the state has no solution.
    fn propagate(&mut self) -> bool {
        while self.settle_singles() {
            let Some(unit) = self.queue.pop() else {
                if self.agenda.is_empty() {
                    return true;
                }
                if self.run_constraint() {
                    continue;
                }
                break;
            };
            let unit = usize::from(unit);
            self.queued[unit] = false;
            if !self.filter(unit) {
                break;
            }
        }
        for unit in self.queue.drain(..) {
            self.queued[usize::from(unit)] = false;
        }
        self.singles.clear();
        self.agenda.clear();
        false
    }

    /// Runs the next waiting propagator of the grid's constraints and narrows the domains it
    /// narrows (which queues their units and wakes their watchers). `false` when its rule
    /// cannot hold.
    #[inline(never)]
    fn run_constraint(&mut self) -> bool {
        let (Some(model), Some(index)) = (self.geometry.model(), self.agenda.pop()) else {
            return true;
        };
        let Ok(removed) = self.narrowing.run(&model.propagators()[index], &self.domains) else {
            return false;
        };
        self.removed.clear();
        self.removed.extend_from_slice(removed);
        for index in 0..self.removed.len() {
            let (cell, bits) = self.removed[index];
            let cell = usize::from(cell);
            self.narrow(cell, self.domains[cell] & !bits);
        }
        true
    }

    /// Régin's filtering of one unit (see the module documentation). `false` when the unit has
    /// no perfect matching.
    fn filter(&mut self, unit: usize) -> bool {
        let side = self.geometry.side;
        let mut domains = [0u64; 64];
        for (domain, &cell) in domains.iter_mut().zip(self.geometry.unit(unit)) {
            *domain = self.domains[usize::from(cell)];
        }
        let domains = &domains[..side];
        let mut mates = [UNMATCHED; 64];
        mates[..side].copy_from_slice(&self.mates[unit * side..(unit + 1) * side]);
        let mates = &mut mates[..side];

        // 1. Repair the matching: keep each pair whose value is still in the cell's domain.
        let mut owners = [UNMATCHED; 64];
        let mut matched = 0u64;
        for (position, mate) in mates.iter_mut().enumerate() {
            if *mate != UNMATCHED && domains[position] & (1 << *mate) != 0 {
                owners[usize::from(*mate)] = position as u8;
                matched |= 1 << *mate;
            } else {
                *mate = UNMATCHED;
            }
        }
        for position in 0..side {
            if mates[position] == UNMATCHED {
                let mut visited = 0;
                let mut matching = Matching { domains, mates: &mut *mates, owners: &mut owners };
                if !matching.augment(position, &mut visited, &mut matched) {
                    return false;
                }
            }
        }
        self.mates[unit * side..(unit + 1) * side].copy_from_slice(mates);

        // 2. Components: `reach[p]` is every position reachable from `p` by alternating paths.
        let mut reach = [0u64; 64];
        for (position, reach) in reach[..side].iter_mut().enumerate() {
            let mut values = domains[position];
            while values != 0 {
                *reach |= 1 << owners[values.trailing_zeros() as usize];
                values &= values - 1;
            }
        }
        for middle in 0..side {
            let through = reach[middle];
            for reach in &mut reach[..side] {
                if *reach & (1 << middle) != 0 {
                    *reach |= through;
                }
            }
        }

        // 3. Filter: each cell keeps the values matched within its component.
        for position in 0..side {
            let mut component = 1u64 << position;
            let mut others = reach[position] & !component;
            while others != 0 {
                let other = others.trailing_zeros() as usize;
                if reach[other] & (1 << position) != 0 {
                    component |= 1 << other;
                }
                others &= others - 1;
            }
            let mut allowed = 0u64;
            let mut members = component;
            while members != 0 {
                allowed |= 1 << mates[members.trailing_zeros() as usize];
                members &= members - 1;
            }
            let kept = domains[position] & allowed;
            if kept != domains[position] {
                let cell = usize::from(self.geometry.unit(unit)[position]);
                self.domains[cell] = kept;
                for other in self.geometry.units_of(cell) {
                    if other != unit {
                        self.enqueue(other);
                    }
                }
                self.shrank_outside_units(cell, kept, Some(unit));
            }
        }
        true
    }

    /// The cell with the smallest domain of two values or more, the first on ties; `None` when
    /// every cell has one value (the puzzle is solved).
    fn smallest_domain(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &domain) in self.domains.iter().enumerate() {
            let size = domain.count_ones();
            if size >= 2 && best.is_none_or(|(smallest, _)| size < smallest) {
                best = Some((size, cell));
                if size == 2 {
                    break; // None can be smaller.
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// One unit's matching while it is being repaired: cells by position, values by bit index.
struct Matching<'a> {
    domains: &'a [u64],
    mates: &'a mut [u8],
    owners: &'a mut [u8; 64],
}

impl Matching<'_> {
    /// Matches the unmatched cell at `position` along an augmenting path (Kuhn's algorithm),
    /// taking a free value of its domain at once if it has one. `visited` holds the values the
    /// search for this path has been through. `false` when there is no augmenting path.
    fn augment(&mut self, position: usize, visited: &mut u64, matched: &mut u64) -> bool {
        let free = self.domains[position] & !*matched;
        if free != 0 {
            let value = free.trailing_zeros() as usize;
            *matched |= 1 << value;
            self.take(position, value);
            return true;
        }
        let mut options = self.domains[position] & !*visited;
        while options != 0 {
            let value = options.trailing_zeros() as usize;
            *visited |= 1 << value;
            let owner = usize::from(self.owners[value]);
            if self.augment(owner, visited, matched) {
                self.take(position, value);
                return true;
            }
            options &= !*visited;
        }
        false
    }

    fn take(&mut self, position: usize, value: usize) {
        self.mates[position] = value as u8;
        self.owners[value] = position as u8;
    }
}

impl CopyOnBranch for Alldiff {
    fn frames(&mut self) -> &mut Vec<Frame> {
        &mut self.frames
    }

    fn branch_cell(&self) -> Option<usize> {
        self.smallest_domain()
    }

    fn values(&self, cell: usize) -> u64 {
        self.domains[cell]
    }

    fn save(&mut self) {
        self.saved_domains.extend_from_slice(&self.domains);
        self.saved_mates.extend_from_slice(&self.mates);
    }

    fn restore(&mut self, drop: bool) {
        let domains_start = self.saved_domains.len() - self.domains.len();
        let mates_start = self.saved_mates.len() - self.mates.len();
        self.domains.copy_from_slice(&self.saved_domains[domains_start..]);
        self.mates.copy_from_slice(&self.saved_mates[mates_start..]);
        if drop {
            self.saved_domains.truncate(domains_start);
            self.saved_mates.truncate(mates_start);
        }
    }

    fn assign(&mut self, cell: usize, value: u64) -> bool {
        self.narrow(cell, value);
        self.propagate()
    }

    fn write_solution(&self, solution: &mut [u8]) {
        for (cell, &domain) in solution.iter_mut().zip(&self.domains) {
            *cell = domain.trailing_zeros() as u8 + 1;
        }
    }
}

impl CellSolver for Alldiff {
    fn search_cells(&mut self, given: CellSearch<'_>) -> CellOutcome {
        let CellSearch { clues, excluded, limits, mut stats, solution, .. } = given;
        let (side, units) = (self.geometry.side, self.geometry.unit_count());
        let all = self.geometry.all_values;
        let starting = |cell: usize| self.geometry.starting_candidates().map_or(all, |c| c[cell]);
        self.domains.clear();
        self.domains.extend(
            clues.iter().enumerate().map(|(cell, &clue)| {
                starting(cell) & if clue == 0 { all } else { 1 << (clue - 1) }
            }),
        );
        if let Some((cell, value)) = excluded {
            self.domains[cell] &= !(1 << (value - 1));
        }
        self.mates.clear();
        self.mates.resize(units * side, UNMATCHED);
        self.queued.clear();
        self.queued.resize(units, false);
        self.queue.clear();
        for unit in (0..units).rev() {
            self.enqueue(unit);
        }
        // Peers outside the units: a knight's or a king's move, a group smaller than a unit.
        self.loose_peers = self.geometry.layout().is_some()
            && (0..self.geometry.cells)
                .any(|cell| self.geometry.peers(cell).len() > self.geometry.unit_peer_count(cell));
        self.singles.clear();
        if self.loose_peers {
            let singles = (0..self.geometry.cells).filter(|&c| self.domains[c].is_power_of_two());
            self.singles.extend(singles.map(|cell| cell as u16).collect::<Vec<_>>());
        }
        self.saved_domains.clear();
        self.saved_mates.clear();
        // Every propagator of the grid's constraints runs once before the search.
        match self.geometry.model() {
            Some(model) => self.agenda.wake_all(model),
            None => self.agenda.clear(),
        }

        let alive = self.domains.iter().all(|&domain| domain != 0) && self.propagate();
        let (count, budget_exhausted) = search(self, alive, limits, &mut stats, solution);
        CellOutcome { count, budget_exhausted, stats }
    }

    fn geometry(&mut self) -> Option<&mut Geometry> {
        Some(&mut self.geometry)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Alldiff);

// The engine has no `unsafe` code, so its tests are left out of the Miri run.
#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;
    use crate::testing;

    #[test]
    fn random_puzzles_of_orders_2_to_5_solve_to_valid_grids() {
        testing::random_puzzles_solve_to_valid_grids::<Alldiff>(5);
    }

    #[test]
    fn counts_agree_with_a_plain_backtracker_small_grids() {
        testing::counts_agree_with_a_plain_backtracker_small_grids::<Alldiff>();
    }

    #[test]
    fn fixed_puzzles_have_their_known_counts() {
        testing::fixed_puzzles_have_their_known_counts::<Alldiff>();
    }

    #[test]
    fn contradictory_or_malformed_puzzles_have_no_solution() {
        testing::contradictory_or_malformed_puzzles_have_no_solution::<Alldiff>();
    }

    #[test]
    fn budgets_are_honoured_and_statistics_are_deterministic() {
        testing::budgets_are_honoured_and_statistics_are_deterministic::<Alldiff>();
    }

    #[test]
    fn the_empty_grid_of_every_size_is_completed() {
        testing::the_empty_grid_of_every_size_is_completed::<Alldiff>();
    }

    #[test]
    fn solves_the_hard_9x9_corpus() {
        testing::solves_the_hard_9x9_corpus::<Alldiff>();
    }

    #[test]
    fn counts_with_a_value_ruled_out_agree_with_a_plain_backtracker() {
        testing::counts_with_a_value_ruled_out_agree_with_a_plain_backtracker::<Alldiff>();
    }

    #[test]
    fn a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it() {
        testing::a_clue_removed_from_a_unique_puzzle_is_needed_exactly_when_a_solution_avoids_it::<
            Alldiff,
        >();
    }

    /// Domains of one unit, filtered once, as sets of values 1..=4.
    fn filter_one_row(domains: [&[u8]; 4]) -> Option<Vec<Vec<u8>>> {
        let mut engine = Alldiff::new();
        engine.geometry.set_size(testing::square(2));
        engine.domains = vec![0b1111; 16];
        for (cell, values) in domains.iter().enumerate() {
            engine.domains[cell] = values.iter().fold(0, |set, &value| set | 1 << (value - 1));
        }
        engine.mates = vec![UNMATCHED; 3 * 4 * 4];
        engine.queued = vec![false; 12];
        engine.filter(0).then(|| {
            (0..4)
                .map(|cell| {
                    (1..=4).filter(|&value| engine.domains[cell] & 1 << (value - 1) != 0).collect()
                })
                .collect()
        })
    }

    #[test]
    fn filtering_keeps_exactly_the_values_of_some_assignment_of_the_unit() {
        // A naked pair {1, 2} takes 1 and 2 from the other cells.
        assert_eq!(
            filter_one_row([&[1, 2], &[1, 2], &[1, 2, 3, 4], &[1, 3, 4]]),
            Some(vec![vec![1, 2], vec![1, 2], vec![3, 4], vec![3, 4]])
        );
        // A hidden single: 4 has one place, so that cell loses its other values.
        assert_eq!(
            filter_one_row([&[1, 2, 3], &[1, 2, 3, 4], &[1, 2, 3], &[1, 2, 3]]),
            Some(vec![vec![1, 2, 3], vec![4], vec![1, 2, 3], vec![1, 2, 3]])
        );
        // A naked triple that is no subset of any cell's pair: {1,2}, {2,3}, {1,3}.
        assert_eq!(
            filter_one_row([&[1, 2], &[2, 3], &[1, 3], &[1, 2, 3, 4]]),
            Some(vec![vec![1, 2], vec![2, 3], vec![1, 3], vec![4]])
        );
        // Nothing to remove when every value fits some assignment.
        assert_eq!(
            filter_one_row([&[1, 2], &[1, 2], &[3, 4], &[3, 4]]),
            Some(vec![vec![1, 2], vec![1, 2], vec![3, 4], vec![3, 4]])
        );
        // Three cells that share two values: no assignment at all.
        assert_eq!(filter_one_row([&[1, 2], &[1, 2], &[1, 2], &[1, 2, 3, 4]]), None);
    }

    #[test]
    fn filtering_agrees_with_trying_every_assignment_of_a_unit() {
        // Every unit of domains drawn at random, checked against the assignments themselves.
        let mut rng = testing::Rng(6);
        for _ in 0..2000 {
            let domains: Vec<Vec<u8>> =
                (0..4).map(|_| (1..=4).filter(|_| rng.below(3) != 0).collect()).collect();
            let mut supported = vec![vec![false; 5]; 4];
            for permutation in permutations() {
                if (0..4).all(|cell| domains[cell].contains(&permutation[cell])) {
                    for cell in 0..4 {
                        supported[cell][usize::from(permutation[cell])] = true;
                    }
                }
            }
            let expected: Vec<Vec<u8>> = (0..4)
                .map(|cell| (1..=4).filter(|&value| supported[cell][usize::from(value)]).collect())
                .collect();
            let filtered = filter_one_row([&domains[0], &domains[1], &domains[2], &domains[3]]);
            if expected.iter().any(Vec::is_empty) {
                assert_eq!(filtered, None, "{domains:?}");
            } else {
                assert_eq!(filtered, Some(expected), "{domains:?}");
            }
        }
    }

    /// The 24 orders of 1..=4.
    fn permutations() -> Vec<[u8; 4]> {
        let mut all = Vec::new();
        for a in 1..=4 {
            for b in (1..=4).filter(|&b| b != a) {
                for c in (1..=4).filter(|&c| c != a && c != b) {
                    all.push([a, b, c, 10 - a - b - c]);
                }
            }
        }
        all
    }
}
