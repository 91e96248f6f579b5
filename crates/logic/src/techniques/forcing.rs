//! Forcing chains: assume a candidate, follow the singles it forces, and see where they lead.
//!
//! Both techniques propagate an assumption by singles only (naked singles, hidden singles and
//! the eliminations placements make), as Sudoku Explainer's forcing chains do, so every link
//! of a chain is a step a reader can check by eye. An assumption that breaks the board
//! (contradiction forcing) is false; a conclusion every alternative of a cell or of a value in
//! a house reaches (cell forcing) is true.
//!
//! Propagation is incremental: it keeps each house's count of places per value, so a
//! placement costs about its peers, and an assumption that forces nothing costs next to
//! nothing. Assumptions are only tried where they can bite: on cells with at most
//! [`MAX_LEVEL`] candidates, or for values with at most [`MAX_LEVEL`] places in a house of the
//! cell. That keeps a call cheap on big, nearly empty grids, where nothing else could come of
//! singles anyway.

use crate::board::Board;
use crate::budget;
use crate::houses::{Houses, bit, values};
use crate::step::{Step, Technique};

/// The most candidates of a cell, or places of a value in a house, for an assumption there to
/// be tried. Two or three alternatives are where singles propagate far; beyond, assumptions
/// rarely force anything and would multiply the cost of a call on big grids.
const MAX_LEVEL: usize = 3;

/// A placement index meaning "removed before the assumption" (part of the board).
const NO_CAUSE: u32 = u32::MAX;

/// Assuming a candidate leads by singles to a contradiction: the candidate goes.
///
/// Tries assumptions by increasing level (bivalue cells and bilocal values first); within the
/// first level that breaks anything, keeps the assumption that breaks with the fewest
/// placements, so the chain reported is short.
pub(crate) fn contradiction(board: &Board) -> Option<Step> {
    if !worth_propagating(board) {
        return None;
    }
    let base = Base::of(board)?;
    let mut assumptions = Vec::new();
    for cell in (0..base.houses.cells).filter(|&cell| base.values[cell] == 0) {
        let candidates = base.candidates[cell];
        for value in values(candidates) {
            let places =
                base.houses.houses_of(cell).map(|house| usize::from(base.count(house, value)));
            let level = places.into_iter().min().unwrap_or(0).min(candidates.count_ones() as usize);
            if level <= MAX_LEVEL {
                assumptions.push((level, cell, value));
            }
        }
    }
    assumptions.sort_by_key(|&(level, _, _)| level);
    let mut propagation = Propagation::new(&base, false);
    let side = base.houses.side;
    // Singles propagation is monotone: what a placement forces, any assumption that forces
    // that placement forces too. So once an assumption settles without breaking, none of
    // the placements it made can break anything either, and they need no propagation.
    let mut settled = vec![false; base.houses.cells * side];
    let mut best: Option<(usize, usize, u8)> = None;
    let mut current_level = 0;
    for (level, cell, value) in assumptions {
        if budget::exhausted() {
            return None;
        }
        if level != current_level {
            if best.is_some() {
                break;
            }
            current_level = level;
        }
        if settled[cell * side + usize::from(value) - 1] {
            continue;
        }
        // Only a strictly shorter contradiction can replace the best, so stop propagating
        // once this one has made as many placements.
        propagation.limit = best.map_or(usize::MAX, |(length, _, _)| length - 1);
        match propagation.assume(cell, value) {
            Err(Halt::Broken(_)) => best = Some((propagation.placements.len(), cell, value)),
            Ok(()) => {
                for &(placed, value, _) in &propagation.placements {
                    settled[placed * side + usize::from(value) - 1] = true;
                }
            }
            Err(Halt::Limit) => {}
        }
    }
    let (_, cell, value) = best?;
    contradiction_step(&base, cell, value)
}

/// Every alternative of a cell with two or three candidates, or of a value with two or three
/// places in a house, leads by singles to the same placements or eliminations: they hold.
///
/// Alternatives that break the board are dropped (the others cover every solution). Returns
/// the first source, two alternatives before three, with a conclusion, and every conclusion
/// it has.
pub(crate) fn cell_forcing(board: &Board) -> Option<Step> {
    if !worth_propagating(board) {
        return None;
    }
    let base = &Base::of(board)?;
    let houses = base.houses;
    let mut branches: Vec<Propagation> = (0..3).map(|_| Propagation::new(base, false)).collect();
    for level in 2..=3 {
        let cells = (0..houses.cells)
            .filter(|&cell| {
                base.values[cell] == 0 && base.candidates[cell].count_ones() as usize == level
            })
            .map(Source::Cell);
        let values_in_houses = houses.scan(0..houses.count()).flat_map(|house| {
            (1..=houses.side as u8)
                .filter(move |&value| {
                    base.placed[house] & bit(value) == 0
                        && usize::from(base.count(house, value)) == level
                })
                .map(move |value| Source::House(house, value))
        });
        for source in cells.chain(values_in_houses) {
            let alternatives = source.alternatives(base);
            let alive: Vec<usize> = (0..alternatives.len())
                .filter(|&k| {
                    let (cell, value) = alternatives[k];
                    branches[k].assume(cell, value).is_ok()
                })
                .collect();
            // An alternative the budget stopped is not one that broke: nothing holds then.
            if budget::exhausted() {
                return None;
            }
            if alive.is_empty() {
                continue;
            }
            let outcomes: Vec<&Propagation> = alive.iter().map(|&k| &branches[k]).collect();
            let (placements, eliminations) = common_conclusions(base, &outcomes);
            if placements.is_empty() && eliminations.is_empty() {
                continue;
            }
            let starts: Vec<(usize, u8)> = alive.iter().map(|&k| alternatives[k]).collect();
            return Some(forcing_step(base, source, &starts, placements, eliminations));
        }
    }
    None
}

/// The smallest value of a candidate set.
fn first_value(set: u64) -> u8 {
    set.trailing_zeros() as u8 + 1
}

/// Whether any assumption is within [`MAX_LEVEL`]: a cell with few candidates or a value with
/// few places in a house. Checked with bit-parallel counters before the per-value tables are
/// built, since on a nearly empty big grid building them would cost more than the answer.
fn worth_propagating(board: &Board) -> bool {
    let houses = board.houses();
    let few_candidates = (0..houses.cells).any(|cell| {
        board.value(cell) == 0 && (board.candidates(cell).count_ones() as usize) <= MAX_LEVEL
    });
    few_candidates
        || houses.scan(0..houses.count()).any(|house| {
            // Per value, a saturating count of places in three bits: `ones` and `twos` hold
            // the count's low bits, `many` is set once it reaches four.
            let (mut ones, mut twos, mut many) = (0u64, 0u64, 0u64);
            for &cell in houses.cells_of(house) {
                let set = board.candidates(usize::from(cell));
                let carry = ones & set;
                ones ^= set;
                many |= twos & carry;
                twos ^= carry;
            }
            let present = (ones | twos) & !many;
            present & !board.placed_in(house) != 0
        })
}

/// The board's state as propagations start from it, with each house's places per value.
struct Base<'b> {
    /// The houses of the board.
    houses: &'b Houses,
    /// Each cell's value, 0 when empty.
    values: Vec<u8>,
    /// Each cell's candidates.
    candidates: Vec<u64>,
    /// The values placed in each house.
    placed: Vec<u64>,
    /// The number of places of value `v` in house `h`, at `h * side + v − 1`.
    counts: Vec<u8>,
}

impl<'b> Base<'b> {
    /// The state of `board`; `None` when the budget cannot pay for the tables of the houses a
    /// layout adds (a step each), which every assumption copies again.
    fn of(board: &'b Board) -> Option<Base<'b>> {
        let houses = board.houses();
        let added = houses.added() as u64;
        if added > 0 && !budget::spend_many(added) {
            return None;
        }
        let side = houses.side;
        let mut counts = vec![0u8; houses.count() * side];
        for house in 0..houses.count() {
            for &cell in houses.cells_of(house) {
                for value in values(board.candidates(usize::from(cell))) {
                    counts[house * side + usize::from(value) - 1] += 1;
                }
            }
        }
        Some(Base {
            houses,
            values: (0..houses.cells).map(|cell| board.value(cell)).collect(),
            candidates: (0..houses.cells).map(|cell| board.candidates(cell)).collect(),
            placed: (0..houses.count()).map(|house| board.placed_in(house)).collect(),
            counts,
        })
    }

    /// The number of places of `value` in `house`.
    fn count(&self, house: usize, value: u8) -> u8 {
        self.counts[house * self.houses.side + usize::from(value) - 1]
    }
}

/// Why a propagation placed a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reason {
    /// The assumption itself.
    Assumed,
    /// The cell had one candidate left.
    Naked,
    /// The value had one place left in this house.
    Hidden(usize),
}

/// How a propagation broke the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Broken {
    /// An empty cell lost its last candidate.
    Empty(usize),
    /// A value lost its last place in a house (house, value).
    NoPlace(usize, u8),
    /// A single wants a value in a cell whose peer already took it.
    Clash(usize, u8, Reason),
    /// A single wants a value in a cell that already took another.
    Double(usize, u8, Reason),
}

/// Why a propagation stopped before its fixpoint.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Halt {
    /// The assumption broke the board.
    Broken(Broken),
    /// It made [`Propagation::limit`] placements without breaking anything, or the work
    /// budget could not pay for its start.
    Limit,
}

/// One assumption followed by singles, on a copy of a [`Base`] it reuses between assumptions.
struct Propagation<'a> {
    /// The state every assumption starts from.
    base: &'a Base<'a>,
    /// Each cell's value.
    values: Vec<u8>,
    /// Each cell's candidates.
    candidates: Vec<u64>,
    /// The values placed in each house.
    placed: Vec<u64>,
    /// Places per house and value, as in [`Base::counts`].
    counts: Vec<u8>,
    /// Singles found and not yet placed, first found first (so chains come out short).
    queue: Vec<(usize, u8, Reason)>,
    /// The next single of `queue` to place.
    head: usize,
    /// The placements made, the assumption first.
    placements: Vec<(usize, u8, Reason)>,
    /// For a traced propagation, the placement that removed each candidate (at
    /// `cell * side + value − 1`); empty otherwise.
    cause: Vec<u32>,
    /// The most placements to make before giving up.
    limit: usize,
}

impl<'a> Propagation<'a> {
    /// A propagation from `base`; a traced one records why each candidate went.
    fn new(base: &'a Base, traced: bool) -> Propagation<'a> {
        let cause_len = if traced { base.houses.cells * base.houses.side } else { 0 };
        Propagation {
            base,
            values: base.values.clone(),
            candidates: base.candidates.clone(),
            placed: base.placed.clone(),
            counts: base.counts.clone(),
            queue: Vec::new(),
            head: 0,
            placements: Vec::new(),
            cause: vec![NO_CAUSE; cause_len],
            limit: usize::MAX,
        }
    }

    /// Starts again from the base, assumes `cell = value` and propagates to the fixpoint. The
    /// copy of the added houses' tables costs a step of the work budget each: without them,
    /// [`Halt::Limit`] at once.
    fn assume(&mut self, cell: usize, value: u8) -> Result<(), Halt> {
        let added = self.base.houses.added() as u64;
        if added > 0 && !budget::spend_many(added) {
            return Err(Halt::Limit);
        }
        self.values.copy_from_slice(&self.base.values);
        self.candidates.copy_from_slice(&self.base.candidates);
        self.placed.copy_from_slice(&self.base.placed);
        self.counts.copy_from_slice(&self.base.counts);
        self.cause.fill(NO_CAUSE);
        self.queue.clear();
        self.head = 0;
        self.placements.clear();
        self.queue.push((cell, value, Reason::Assumed));
        while let Some(&(cell, value, reason)) = self.queue.get(self.head) {
            self.head += 1;
            if self.values[cell] == value {
                continue;
            }
            if self.values[cell] != 0 {
                return Err(Halt::Broken(Broken::Double(cell, value, reason)));
            }
            if self.candidates[cell] & bit(value) == 0 {
                return Err(Halt::Broken(Broken::Clash(cell, value, reason)));
            }
            if self.placements.len() >= self.limit {
                return Err(Halt::Limit);
            }
            self.place(cell, value, reason).map_err(Halt::Broken)?;
        }
        Ok(())
    }

    /// Puts `value` in `cell`, removes it from the peers and queues the singles that makes.
    fn place(&mut self, cell: usize, value: u8, reason: Reason) -> Result<(), Broken> {
        let houses = self.base.houses;
        let index = self.placements.len() as u32;
        self.placements.push((cell, value, reason));
        let others = self.candidates[cell] & !bit(value);
        self.values[cell] = value;
        self.candidates[cell] = 0;
        let own_houses = houses.houses_of(cell);
        // The complete houses a layout adds count places too (none on a classic grid).
        let more_houses = houses.more_houses_of(cell).iter().map(|&house| usize::from(house));
        for house in own_houses.into_iter().chain(more_houses.clone()) {
            self.placed[house] |= bit(value);
        }
        for other in values(others) {
            self.record(cell, other, index);
            for house in own_houses.into_iter().chain(more_houses.clone()) {
                self.lose_place(house, other)?;
            }
        }
        for &peer in houses.peers(cell) {
            let peer = usize::from(peer);
            if self.candidates[peer] & bit(value) == 0 {
                continue;
            }
            self.candidates[peer] &= !bit(value);
            self.record(peer, value, index);
            match self.candidates[peer].count_ones() {
                0 => return Err(Broken::Empty(peer)),
                1 => {
                    let single = first_value(self.candidates[peer]);
                    self.queue.push((peer, single, Reason::Naked));
                }
                _ => {}
            }
            for house in houses.all_houses_of(peer) {
                if self.placed[house] & bit(value) == 0 {
                    self.lose_place(house, value)?;
                }
            }
        }
        Ok(())
    }

    /// Counts one place fewer for `value` in `house`, queueing a hidden single at one left.
    fn lose_place(&mut self, house: usize, value: u8) -> Result<(), Broken> {
        let slot = house * self.base.houses.side + usize::from(value) - 1;
        self.counts[slot] -= 1;
        match self.counts[slot] {
            0 => Err(Broken::NoPlace(house, value)),
            1 => {
                let cell = self.base.houses.cells_of(house).iter().map(|&c| usize::from(c));
                let mut cell = cell.filter(|&c| self.candidates[c] & bit(value) != 0);
                if let Some(cell) = cell.next() {
                    self.queue.push((cell, value, Reason::Hidden(house)));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Notes, when tracing, that placement `index` removed `value` from `cell`.
    fn record(&mut self, cell: usize, value: u8, index: u32) {
        if let Some(slot) =
            self.cause.get_mut(cell * self.base.houses.side + usize::from(value) - 1)
            && *slot == NO_CAUSE
        {
            *slot = index;
        }
    }

    /// The placement that removed `value` from `cell` (traced propagations only).
    fn cause_of(&self, cell: usize, value: u8) -> u32 {
        self.cause[cell * self.base.houses.side + usize::from(value) - 1]
    }

    /// The placements a single `cell = value` found for `reason` rests on.
    fn antecedents(&self, cell: usize, value: u8, reason: Reason, out: &mut Vec<u32>) {
        let base = self.base;
        match reason {
            Reason::Assumed => {}
            Reason::Naked => out.extend(
                values(base.candidates[cell] & !bit(value)).map(|v| self.cause_of(cell, v)),
            ),
            Reason::Hidden(house) => out.extend(
                base.houses
                    .cells_of(house)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| c != cell && base.candidates[c] & bit(value) != 0)
                    .map(|c| self.cause_of(c, value)),
            ),
        }
    }

    /// The placements `roots` rest on, themselves and the assumption included, in the order
    /// they were made.
    fn ancestry(&self, mut roots: Vec<u32>) -> Vec<usize> {
        let mut seen = vec![false; self.placements.len()];
        roots.push(0);
        while let Some(index) = roots.pop() {
            let Some(seen) = seen.get_mut(index as usize) else { continue };
            if *seen {
                continue;
            }
            *seen = true;
            let (cell, value, reason) = self.placements[index as usize];
            self.antecedents(cell, value, reason, &mut roots);
        }
        seen.iter().enumerate().filter(|&(_, &seen)| seen).map(|(index, _)| index).collect()
    }

    /// The pattern entries of the placements at `indices`.
    fn entries<'s>(&'s self, indices: &'s [usize]) -> impl Iterator<Item = (usize, u64)> + 's {
        indices.iter().map(|&index| {
            let (cell, value, _) = self.placements[index];
            (cell, bit(value))
        })
    }
}

/// The step of the contradiction `cell = value` leads to, with the chain that proves it.
fn contradiction_step(base: &Base, cell: usize, value: u8) -> Option<Step> {
    let houses = base.houses;
    let mut propagation = Propagation::new(base, true);
    let Err(Halt::Broken(broken)) = propagation.assume(cell, value) else { return None };
    let mut step = Step::new(Technique::ContradictionForcing);
    let mut roots = Vec::new();
    let witness = match broken {
        Broken::Empty(empty) => {
            roots.extend(values(base.candidates[empty]).map(|v| propagation.cause_of(empty, v)));
            step.digits = bit(value);
            Some((empty, 0))
        }
        Broken::NoPlace(house, lost) => {
            roots.extend(
                houses
                    .cells_of(house)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| base.candidates[c] & bit(lost) != 0)
                    .map(|c| propagation.cause_of(c, lost)),
            );
            step.digits = bit(lost);
            step.units.push(houses.name(house));
            None
        }
        Broken::Clash(target, wanted, reason) => {
            propagation.antecedents(target, wanted, reason, &mut roots);
            let taken = propagation.cause_of(target, wanted);
            roots.push(taken);
            let (other, _, _) = *propagation.placements.get(taken as usize)?;
            step.digits = bit(wanted);
            // Cells a layout's pair (a knight's move) makes differ share no house to name.
            step.units.extend(houses.shared(target, other));
            Some((target, bit(wanted)))
        }
        Broken::Double(target, wanted, reason) => {
            propagation.antecedents(target, wanted, reason, &mut roots);
            let placed = propagation.placements.iter().position(|&(c, _, _)| c == target)?;
            roots.push(placed as u32);
            step.digits = bit(wanted) | bit(propagation.values[target]);
            Some((target, bit(wanted)))
        }
    };
    let chain = propagation.ancestry(roots);
    step.pattern.extend(propagation.entries(&chain));
    step.pattern.extend(witness);
    step.eliminations.push((cell, value));
    Some(step)
}

/// Where the alternatives of a cell forcing come from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    /// Each candidate of an empty cell.
    Cell(usize),
    /// Each place of a value in a house (house, value).
    House(usize, u8),
}

impl Source {
    /// The alternatives, as assumptions `(cell, value)`: one of them holds in every solution.
    fn alternatives(self, base: &Base) -> Vec<(usize, u8)> {
        match self {
            Source::Cell(cell) => values(base.candidates[cell]).map(|v| (cell, v)).collect(),
            Source::House(house, value) => base
                .houses
                .cells_of(house)
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| base.candidates[c] & bit(value) != 0)
                .map(|c| (c, value))
                .collect(),
        }
    }
}

/// Candidates as `(cell, value)`: placements or eliminations.
type Candidates = Vec<(usize, u8)>;

/// The placements and eliminations every branch made (on cells empty in the base).
fn common_conclusions(base: &Base, branches: &[&Propagation]) -> (Candidates, Candidates) {
    let (mut placements, mut eliminations) = (Vec::new(), Vec::new());
    for cell in (0..base.houses.cells).filter(|&cell| base.values[cell] == 0) {
        let value = branches[0].values[cell];
        if value != 0 && branches.iter().all(|branch| branch.values[cell] == value) {
            placements.push((cell, value));
            continue;
        }
        let removed = branches.iter().fold(base.candidates[cell], |removed, branch| {
            let kept =
                branch.candidates[cell] | branch.values[cell].checked_sub(1).map_or(0, |v| 1 << v);
            removed & !kept
        });
        eliminations.extend(values(removed).map(|v| (cell, v)));
    }
    (placements, eliminations)
}

/// The step of a cell forcing: each branch with the placements its conclusions rest on.
fn forcing_step(
    base: &Base,
    source: Source,
    starts: &[(usize, u8)],
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let mut step = Step::new(Technique::CellForcing);
    match source {
        Source::Cell(cell) => step.digits = base.candidates[cell],
        Source::House(house, value) => {
            step.digits = bit(value);
            step.units.push(base.houses.name(house));
        }
    }
    let mut propagation = Propagation::new(base, true);
    for &(cell, value) in starts {
        if propagation.assume(cell, value).is_err() {
            continue;
        }
        let placed_at = |target: usize| {
            propagation
                .placements
                .iter()
                .position(|&(c, _, _)| c == target)
                .map_or(NO_CAUSE, |i| i as u32)
        };
        let roots: Vec<u32> = placements
            .iter()
            .map(|&(target, _)| placed_at(target))
            .chain(eliminations.iter().map(|&(target, v)| propagation.cause_of(target, v)))
            .collect();
        let chain = propagation.ancestry(roots);
        step.pattern.extend(propagation.entries(&chain));
    }
    step.placements = placements;
    step.eliminations = eliminations;
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::singles;
    use crate::techniques::testing::{board_from_line, board_with, grid_from_line};
    use sudoku_core::{House, Size};

    #[test]
    fn an_assumption_that_empties_a_cell_is_false() {
        // r1c1=1 makes r1c2 3 (it loses 1), which takes r2c3's last candidate (3, as it
        // lost 1 to r1c1 too).
        let board = board_with(&[(0, "12"), (1, "13"), (11, "13")]);
        let step = contradiction(&board).expect("r1c1=1 breaks the board");
        assert_eq!(step.eliminations, [(0, 1)]);
        assert_eq!(step.pattern, [(0, bit(1)), (1, bit(3)), (11, 0)]);
        assert_eq!(
            step.describe(board.size()),
            "Contradiction Forcing Chain: r1c1=1 => r1c2=3: r2c3 has no candidate left \
             => r1c1<>1"
        );
    }

    #[test]
    fn a_clash_reads_as_two_cells_with_one_value_in_a_house() {
        let mut step = Step::new(Technique::ContradictionForcing);
        step.digits = bit(4);
        step.units.push(House::Column(2));
        step.pattern = vec![(0, bit(5)), (20, bit(4)), (47, bit(4))];
        step.eliminations.push((0, 5));
        assert_eq!(
            step.describe(Size::NINE),
            "Contradiction Forcing Chain: r1c1=5 => r3c3=4, r6c3=4: r6c3 and r3c3 both 4 in \
             column 3 => r1c1<>5"
        );
    }

    #[test]
    fn a_value_without_a_place_reads_as_such() {
        let mut step = Step::new(Technique::ContradictionForcing);
        step.digits = bit(6);
        step.units.push(House::Box(4));
        step.pattern = vec![(0, bit(5)), (20, bit(4))];
        assert_eq!(
            crate::notation::pattern_text(&step, Size::NINE).as_deref(),
            Some("r1c1=5 => r3c3=4: no place for 6 in box 5")
        );
    }

    #[test]
    fn both_candidates_of_a_cell_clear_a_common_peer() {
        // r1c1 {1,2}: 1 makes r1c5 {1,4} a 4, 2 makes r5c1 {2,4} a 4; r5c5 sees both.
        let board = board_with(&[(0, "12"), (4, "14"), (36, "24")]);
        assert_eq!(contradiction(&board), None);
        let step = cell_forcing(&board).expect("both branches remove 4 from r5c5");
        assert_eq!(step.eliminations, [(40, 4)]);
        assert_eq!(step.placements, []);
        assert_eq!(
            step.describe(board.size()),
            "Forcing Chain: r1c1=1 => r1c5=4; r1c1=2 => r5c1=4 => r5c5<>4"
        );
    }

    #[test]
    fn no_forcing_when_the_branches_share_nothing() {
        // As above with r5c1 {2,6}: one branch removes 4s, the other 6s.
        let board = board_with(&[(0, "12"), (4, "14"), (36, "26")]);
        assert_eq!(contradiction(&board), None);
        assert_eq!(cell_forcing(&board), None);
    }

    #[test]
    fn forcing_steps_on_a_hard_puzzle_agree_with_its_solution() {
        // A top1465 puzzle the singles alone do not crack: every forcing step found along the
        // way (singles applied in between) must agree with the solution.
        let puzzle =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let solution = grid_from_line(
            "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
        );
        let mut board = board_from_line(puzzle);
        let finders: [fn(&Board) -> Option<Step>; 6] = [
            singles::full_house,
            |board| singles::hidden_single(board, true),
            |board| singles::hidden_single(board, false),
            singles::naked_single,
            contradiction,
            cell_forcing,
        ];
        let mut forcing_steps = 0;
        while !board.is_solved() && !board.is_broken() {
            let step =
                finders.iter().find_map(|find| find(&board).filter(|step| board.progresses(step)));
            let Some(step) = step else { break };
            if matches!(step.technique, Technique::ContradictionForcing | Technique::CellForcing) {
                forcing_steps += 1;
                assert!(crate::notation::pattern_text(&step, board.size()).is_some());
            }
            assert!(step.holds_in(&solution), "{}", step.describe(board.size()));
            board.apply(&step);
        }
        assert!(board.is_solved(), "singles and forcing solve this one");
        assert!(forcing_steps > 0);
    }
}
