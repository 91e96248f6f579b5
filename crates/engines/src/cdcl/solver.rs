//! The solver's state and its propagation: the assignment of the variables, the trail, and the
//! rules of Sudoku applied as the clauses of the standard encoding would be by unit
//! propagation, but on bit sets.
//!
//! Variable `cell · side + value` says "`cell` holds `value`" (values from 0 here). A literal
//! is a variable and a sign: `var << 1` asserts it, `var << 1 | 1` denies it. The rules are the
//! encoding's four families of clauses, none of them stored:
//! - at most one value per cell, and each value at most once per unit: a placed value is
//!   removed from its cell's other values and from its peers (the binary clauses);
//! - at least one value per cell: a cell left with one candidate gets it (a naked single);
//! - each value at least once per unit: a value left with one place in a unit goes there (a
//!   hidden single).
//!
//! A candidate set per cell and a place set per unit and value (bit `k`: the unit's `k`-th
//! cell may still hold the value) make the last two one bit test each. Learned clauses are
//! stored and watched, two literals each.
//!
//! A grid's constraints (killer cages, thermometers, dots, ...) are explained propagators: the
//! core's propagators run on the candidate sets once the rules above have nothing left to
//! do, each woken by a cell it watches losing a value; a value one removes is assigned false
//! with the run as its reason ([`Reason::Constraint`]), and a rule found impossible is a
//! conflict ([`Conflict::Constraint`]). An analysis expands either into the literals "cell is
//! not value" of every candidate the propagator's cells had lost when it ran
//! (`explained.rs`), which imply the removal by the propagator's contract; a sum of more
//! cells than a house, the first time an analysis meets it, into those of them its bounds
//! read.

use std::cell::RefCell;

use super::clauses::{ClauseDb, ClauseRef};
use super::explained::Explained;
use super::literal::{Lit, literal, var_of};
use super::order::Order;
use crate::constraints::{Agenda, Narrowing};
use crate::geometry::Geometry;
use sudoku_core::{Layout, Size};

/// The value of an unassigned literal.
pub(super) const UNASSIGNED: i8 = 0;
/// The value of a true literal.
pub(super) const TRUE: i8 = 1;
/// The value of a false literal.
pub(super) const FALSE: i8 = -1;

/// Why a variable has its value: the clause that was unit, named without storing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Reason {
    /// A decision, or a fact of level 0 (a clue, a learned unit): nothing to explain.
    None,
    /// Implied by this one true literal: it placed the same value in a peer, or another value
    /// in the same cell (a clause of the encoding), or it is the negation of the other literal
    /// of a stored clause of two.
    Literal(Lit),
    /// True as the last candidate of its cell.
    Cell,
    /// True as the last place of its value in this unit.
    Unit(u32),
    /// Implied by this stored clause, of three literals or more, whose first literal it is.
    Clause(ClauseRef),
    /// False as a value this run of a constraint's propagator removed (named as
    /// `explained.rs` keeps it).
    Constraint(u32),
}

/// A clause of the encoding, or a stored one, with every literal false.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Conflict {
    /// A variable that is true although `reason` says it is false: for a reason `Literal`, one
    /// value twice in a unit, two values in one cell, or a stored clause of two.
    Forced { var: usize, reason: Reason },
    /// This cell has no candidate left.
    Cell(usize),
    /// This value has no place left in this unit.
    Unit { unit: usize, value: usize },
    /// This stored clause.
    Clause(ClauseRef),
    /// This run of a constraint's propagator found its rule impossible.
    Constraint(u32),
}

/// A stored clause watching a literal: visited when that literal becomes false.
#[derive(Clone, Copy)]
pub(super) struct Watch {
    /// The clause, with [`BINARY`] set for a clause of two literals (whose other literal is
    /// the blocker, so that the clause itself is never read).
    pub(super) clause: u32,
    /// Another literal of the clause: when it is true, the clause need not be looked at.
    pub(super) blocker: Lit,
}

/// What [`Solver::rephase`] sets the target phases to.
#[derive(Clone, Copy, Debug)]
pub(super) enum Rephase {
    /// The best phases: the signs of the longest assignment without a conflict.
    Best,
    /// None: decisions place values, as at the start.
    Original,
}

/// Records in `phases` the sign (`true` for false) of each variable of `assigned`.
fn record_signs(phases: &mut [Option<bool>], assigned: &[Lit]) {
    for &lit in assigned {
        phases[var_of(lit)] = Some(lit & 1 == 1);
    }
}

/// `Watch::clause` bit of a clause of two literals.
pub(super) const BINARY: u32 = 1 << 31;

/// Everything the search works on, reused from one solve to the next.
pub(super) struct Solver {
    pub(super) geometry: Geometry,
    /// Whether the grid has a layout: its added houses and peers are then looked at too (a
    /// flag read in the inner loops, so that a classic grid pays nothing for them).
    has_layout: bool,
    /// Whether the grid has constraints, whose propagators run after the rules (a flag read
    /// where a classic grid never goes).
    has_constraints: bool,
    /// The constraints' propagators waiting to run, their memory and the removals of the last
    /// run, and the runs that removed values or failed, kept for analyses.
    agenda: Agenda,
    narrowing: Narrowing,
    removals: Vec<(u16, u64)>,
    /// Shortened as analyses meet the runs, which read the solver without changing it.
    explained: RefCell<Explained>,
    /// Per cell, the values not yet false.
    pub(super) candidates: Vec<u64>,
    /// Per cell, the value made true plus one, or 0.
    placed: Vec<u8>,
    /// Cells with a true value.
    pub(super) placed_count: usize,
    /// Per unit and value (`unit · side + value`), the positions in the unit where the value
    /// is not yet false.
    places: Vec<u64>,
    /// `candidates` and `places` when propagation at level 0 last finished: an antecedent
    /// outside them is false at level 0, which no analysis needs to see.
    root_candidates: Vec<u64>,
    root_places: Vec<u64>,
    /// Per literal: `UNASSIGNED`, `TRUE` or `FALSE` (a literal and its negation side by side,
    /// so that the value of a literal is one load).
    values: Vec<i8>,
    /// Per variable, the decision level it was assigned at.
    pub(super) levels: Vec<u32>,
    /// Per variable, why it was assigned.
    pub(super) reasons: Vec<Reason>,
    /// Per variable, its sign (`true` for false) in the longest assignment without a conflict
    /// since the last restart, if it had one: its target phase, as CaDiCaL's.
    target: Vec<Option<bool>>,
    /// The length of the trail the target phases were taken from.
    target_assigned: usize,
    /// True literals in the order they were assigned.
    pub(super) trail: Vec<Lit>,
    /// Where each decision level starts in `trail`.
    pub(super) level_starts: Vec<usize>,
    /// The first trail literal whose consequences are not drawn yet.
    head: usize,
    /// The stored clauses.
    pub(super) clauses: ClauseDb,
    /// Per literal, the clauses watching it.
    pub(super) watches: Vec<Vec<Watch>>,
    /// The decision order.
    pub(super) order: Order,
    /// `⌈2⁴⁰ / side⌉`: dividing a variable by the side is a multiplication by it.
    side_reciprocal: u64,
    /// Per variable, its sign in the longest assignment without a conflict since the last
    /// rephasing to these phases (`best_assigned` long): its best phase, as CaDiCaL's.
    best: Vec<Option<bool>>,
    /// The length of the trail the best phases were taken from.
    best_assigned: usize,
}

impl Solver {
    /// A solver with nothing allocated yet.
    pub(super) fn new() -> Self {
        Solver {
            geometry: Geometry::new(),
            has_layout: false,
            has_constraints: false,
            agenda: Agenda::default(),
            narrowing: Narrowing::default(),
            removals: Vec::new(),
            explained: RefCell::new(Explained::default()),
            candidates: Vec::new(),
            placed: Vec::new(),
            placed_count: 0,
            places: Vec::new(),
            root_candidates: Vec::new(),
            root_places: Vec::new(),
            values: Vec::new(),
            levels: Vec::new(),
            reasons: Vec::new(),
            target: Vec::new(),
            target_assigned: 0,
            best: Vec::new(),
            best_assigned: 0,
            trail: Vec::new(),
            level_starts: Vec::new(),
            head: 0,
            clauses: ClauseDb::default(),
            watches: Vec::new(),
            order: Order::new(),
            side_reciprocal: 0,
        }
    }

    /// Starts a search on an empty grid of `size`, or of `layout` when given.
    pub(super) fn reset(&mut self, layout: Option<&Layout>, size: Size) {
        self.geometry.set_layout(layout, size);
        self.has_layout = self.geometry.layout().is_some();
        self.has_constraints = self.geometry.model().is_some();
        self.explained.get_mut().clear();
        match self.geometry.model() {
            Some(model) => self.agenda.wake_all(model),
            None => self.agenda.clear(),
        }
        let (side, cells) = (self.geometry.side, self.geometry.cells);
        let variables = cells * side;
        self.candidates.clear();
        self.candidates.resize(cells, self.geometry.all_values);
        self.placed.clear();
        self.placed.resize(cells, 0);
        self.placed_count = 0;
        self.places.clear();
        self.places.resize(self.geometry.unit_count() * side, self.geometry.all_values);
        self.values.clear();
        self.values.resize(2 * variables, UNASSIGNED);
        self.levels.clear();
        self.levels.resize(variables, 0);
        self.reasons.clear();
        self.reasons.resize(variables, Reason::None);
        self.target.clear();
        self.target.resize(variables, None);
        self.target_assigned = 0;
        self.best.clear();
        self.best.resize(variables, None);
        self.best_assigned = 0;
        self.trail.clear();
        self.level_starts.clear();
        self.head = 0;
        self.clauses.clear();
        self.watches.resize_with(2 * variables, Vec::new);
        self.watches.truncate(2 * variables);
        for watches in &mut self.watches {
            watches.clear();
        }
        self.order.reset(variables);
        self.side_reciprocal = (1u64 << 40).div_ceil(side as u64);
    }

    /// The cell and the value (from 0) of `var`: `var / side` and `var % side`, without a
    /// division. Exact for every variable: with `var < 2¹⁸` and a side of at most 64, the
    /// reciprocal's rounding adds less than `2⁻²²` to a quotient whose fraction is at most
    /// `1 - 1/64`.
    #[inline]
    pub(super) fn split(&self, var: usize) -> (usize, usize) {
        let cell = ((var as u64 * self.side_reciprocal) >> 40) as usize;
        debug_assert_eq!(cell, var / self.geometry.side);
        (cell, var - cell * self.geometry.side)
    }

    /// Records the current candidates and places as those of level 0 (call it at level 0,
    /// after propagation).
    pub(super) fn save_root(&mut self) {
        debug_assert_eq!(self.level(), 0);
        self.root_candidates.clone_from(&self.candidates);
        self.root_places.clone_from(&self.places);
    }

    /// The current decision level.
    #[inline]
    pub(super) fn level(&self) -> usize {
        self.level_starts.len()
    }

    /// The value of `lit`: `UNASSIGNED`, `TRUE` or `FALSE`.
    #[inline]
    pub(super) fn value(&self, lit: Lit) -> i8 {
        self.values[lit as usize]
    }

    /// The value of variable `var` (of its positive literal).
    #[inline]
    pub(super) fn var_value(&self, var: usize) -> i8 {
        self.values[2 * var]
    }

    /// Makes the unassigned literal `lit` true for `reason`, at the current level.
    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let var = var_of(lit);
        debug_assert_eq!(self.values[lit as usize], UNASSIGNED);
        let side = self.geometry.side;
        let (cell, value) = self.split(var);
        self.levels[var] = self.level() as u32;
        self.reasons[var] = reason;
        self.trail.push(lit);
        self.values[lit as usize] = TRUE;
        self.values[(lit ^ 1) as usize] = FALSE;
        if lit & 1 == 1 {
            self.candidates[cell] &= !(1 << value);
            let units = self.geometry.units_of(cell);
            let positions = self.geometry.positions_of(cell);
            for (unit, position) in units.into_iter().zip(positions) {
                self.places[unit * side + value] &= !(1 << position);
            }
            if self.has_layout {
                Solver::more_places(&self.geometry, &mut self.places, cell, value, false);
            }
        } else if self.placed[cell] == 0 {
            // A second true value in a cell is a clash the propagation of the first finds.
            self.placed[cell] = value as u8 + 1;
            self.placed_count += 1;
        }
    }

    /// At a conflict: when the assignment before the last decision is the longest without a
    /// conflict since the last restart, records its signs as the target phases, and when it is
    /// the longest since the best phases were last taken, as those too. (The best phases are
    /// never shorter than the targets: both start again from nothing at a rephasing to the
    /// best ones, and the targets at every other rephasing and restart as well.)
    pub(super) fn save_target(&mut self) {
        let reached = self.level_starts.last().copied().unwrap_or(0);
        if reached <= self.target_assigned {
            return;
        }
        self.target_assigned = reached;
        record_signs(&mut self.target, &self.trail[..reached]);
        if reached > self.best_assigned {
            self.best_assigned = reached;
            record_signs(&mut self.best, &self.trail[..reached]);
        }
    }

    /// Sets the target phases afresh: to the best phases (which then start again from
    /// nothing), or to none, so that decisions place values again until the search finds
    /// new targets.
    pub(super) fn rephase(&mut self, to: Rephase) {
        match to {
            Rephase::Best => {
                self.target.copy_from_slice(&self.best);
                self.best_assigned = 0;
            }
            Rephase::Original => self.target.fill(None),
        }
        self.target_assigned = 0;
    }

    /// The literal to decide for `var`: its target phase, or "holds" when it has none.
    pub(super) fn phase(&self, var: usize) -> Lit {
        literal(var, self.target[var] == Some(true))
    }

    /// Goes back to level 0, and starts looking for a new longest assignment.
    pub(super) fn restart(&mut self) {
        self.target_assigned = 0;
        self.backtrack(0);
    }

    /// Starts a new decision level with the decision `lit`.
    pub(super) fn decide(&mut self, lit: Lit) {
        self.level_starts.push(self.trail.len());
        self.assign(lit, Reason::None);
    }

    /// Draws the consequences of every trail literal not yet propagated, and of the grid's
    /// constraints, until none is left or a clause (or a constraint) is false.
    pub(super) fn propagate(&mut self) -> Result<(), Conflict> {
        self.propagate_trail()?;
        if self.has_constraints { self.propagate_constraints() } else { Ok(()) }
    }

    /// Runs the waiting propagators of the grid's constraints, one at a time, each after the
    /// trail's consequences are all drawn: the values a run removes are assigned false with
    /// the run as their reason, and drawn in turn. Out of line, so that the classic grids'
    /// propagation stays what it was.
    #[inline(never)]
    fn propagate_constraints(&mut self) -> Result<(), Conflict> {
        let side = self.geometry.side;
        loop {
            let Some(model) = self.geometry.model() else { return Ok(()) };
            let Some(index) = self.agenda.pop() else { return Ok(()) };
            let level = self.level();
            let result = self.narrowing.run(&model.propagators()[index], &self.candidates);
            let removals = match result {
                Ok([]) => continue,
                Ok(removals) => removals,
                Err(_) => {
                    let run =
                        self.explained.get_mut().record(index, level, self.narrowing.before());
                    self.agenda.clear();
                    return Err(Conflict::Constraint(run));
                }
            };
            self.removals.clear();
            self.removals.extend_from_slice(removals);
            let run = self.explained.get_mut().record(index, level, self.narrowing.before());
            for k in 0..self.removals.len() {
                let (cell, mut values) = self.removals[k];
                while values != 0 {
                    let var = usize::from(cell) * side + values.trailing_zeros() as usize;
                    values &= values - 1;
                    // A candidate left is not false, and at a fixpoint of the rules a true
                    // value is its cell's only candidate, which no run removes (it fails).
                    debug_assert_eq!(self.var_value(var), UNASSIGNED);
                    self.assign(literal(var, true), Reason::Constraint(run));
                }
            }
            if let Err(conflict) = self.propagate_trail() {
                self.agenda.clear();
                return Err(conflict);
            }
        }
    }

    /// Draws the consequences of every trail literal not yet propagated, until none is left or
    /// a clause is false: for each, the rules of Sudoku, then the stored clauses watching its
    /// negation.
    #[inline]
    fn propagate_trail(&mut self) -> Result<(), Conflict> {
        let side = self.geometry.side;
        while let Some(&lit) = self.trail.get(self.head) {
            self.head += 1;
            let var = var_of(lit);
            let (cell, value) = self.split(var);
            let bit = 1u64 << value;
            if lit & 1 == 0 {
                // Placed: the cell's other values and the value's places among the peers go.
                let mut others = self.candidates[cell] & !bit;
                while others != 0 {
                    let other = cell * side + others.trailing_zeros() as usize;
                    others &= others - 1;
                    if self.var_value(other) == TRUE {
                        return Err(Conflict::Forced { var: other, reason: Reason::Literal(lit) });
                    }
                    self.assign(literal(other, true), Reason::Literal(lit));
                }
                // The peers where the value is still a candidate, from the place sets.
                let units = self.geometry.units_of(cell);
                let peer_positions = self.geometry.peer_positions(cell);
                for (unit, peers) in units.into_iter().zip(peer_positions) {
                    let mut places = self.places[unit * side + value] & peers;
                    while places != 0 {
                        let position = places.trailing_zeros() as usize;
                        places &= places - 1;
                        let peer = usize::from(self.geometry.unit(unit)[position]);
                        let peer_var = peer * side + value;
                        if self.var_value(peer_var) == TRUE {
                            return Err(Conflict::Forced {
                                var: peer_var,
                                reason: Reason::Literal(lit),
                            });
                        }
                        self.assign(literal(peer_var, true), Reason::Literal(lit));
                    }
                }
                if self.has_layout {
                    self.place_in_layout_peers(lit, cell, value)?;
                }
            } else {
                // Removed: the cell may be down to one value, the value to one place in a unit.
                let left = self.candidates[cell];
                if left == 0 {
                    return Err(Conflict::Cell(cell));
                }
                if left & (left - 1) == 0 {
                    let last = cell * side + left.trailing_zeros() as usize;
                    if self.var_value(last) == UNASSIGNED {
                        self.assign(literal(last, false), Reason::Cell);
                    }
                }
                for unit in self.geometry.units_of(cell) {
                    self.check_places(unit, value)?;
                }
                if self.has_layout {
                    self.check_layout_places(cell, value)?;
                }
            }
            if !self.watches[(lit ^ 1) as usize].is_empty() {
                self.propagate_watches(lit ^ 1)?;
            }
        }
        Ok(())
    }

    /// What a layout adds when `lit` placed `value` in `cell`: the value leaves the cell's
    /// peers outside its row, column and region (its other houses, the pairs that must
    /// differ). Out of line, so that the loop classic grids run stays as small as it was.
    #[inline(never)]
    fn place_in_layout_peers(
        &mut self,
        lit: Lit,
        cell: usize,
        value: usize,
    ) -> Result<(), Conflict> {
        let side = self.geometry.side;
        for index in self.geometry.unit_peer_count(cell)..self.geometry.peers(cell).len() {
            let peer_var = usize::from(self.geometry.peers(cell)[index]) * side + value;
            match self.var_value(peer_var) {
                TRUE => {
                    return Err(Conflict::Forced { var: peer_var, reason: Reason::Literal(lit) });
                }
                UNASSIGNED => self.assign(literal(peer_var, true), Reason::Literal(lit)),
                _ => {}
            }
        }
        Ok(())
    }

    /// What a layout adds when `value` left `cell`: [`Solver::check_places`] in each of the
    /// complete houses it adds that hold the cell, and the propagators of its constraints
    /// that watch the cell woken. Out of line, as above.
    #[inline(never)]
    fn check_layout_places(&mut self, cell: usize, value: usize) -> Result<(), Conflict> {
        if let Some(model) = self.geometry.model() {
            self.agenda.wake(model, cell);
        }
        for index in 0..self.geometry.more_units_of(cell).len() {
            self.check_places(usize::from(self.geometry.more_units_of(cell)[index]), value)?;
        }
        Ok(())
    }

    /// Takes `value` out of the place sets (`places`) of the complete houses a layout adds
    /// that hold `cell` (or, `restore`, puts it back). Out of line, as above.
    #[inline(never)]
    fn more_places(
        geometry: &Geometry,
        places: &mut [u64],
        cell: usize,
        value: usize,
        restore: bool,
    ) {
        let side = geometry.side;
        let more = geometry.more_units_of(cell).iter();
        for (&unit, &position) in more.zip(geometry.more_positions_of(cell)) {
            let places = &mut places[usize::from(unit) * side + value];
            if restore {
                *places |= 1 << position;
            } else {
                *places &= !(1 << position);
            }
        }
    }

    /// After `value` lost a place in `unit`: a conflict if it has none left, and the last
    /// place takes it if one is.
    #[inline(always)]
    fn check_places(&mut self, unit: usize, value: usize) -> Result<(), Conflict> {
        let side = self.geometry.side;
        let places = self.places[unit * side + value];
        if places == 0 {
            return Err(Conflict::Unit { unit, value });
        }
        if places & (places - 1) == 0 {
            let place = self.geometry.unit(unit)[places.trailing_zeros() as usize];
            let place_var = usize::from(place) * side + value;
            if self.var_value(place_var) == UNASSIGNED {
                self.assign(literal(place_var, false), Reason::Unit(unit as u32));
            }
        }
        Ok(())
    }

    /// Visits the stored clauses watching `false_lit`, which just became false (there is at
    /// least one): each finds another literal to watch, or is satisfied, or is unit (its first
    /// literal is implied), or is false (a conflict). Kept out of line, so that the loop of the
    /// rules stays small; most literals have no watches, and are not called for.
    #[inline(never)]
    fn propagate_watches(&mut self, false_lit: Lit) -> Result<(), Conflict> {
        let mut watches = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut kept = 0;
        let mut result = Ok(());
        let mut index = 0;
        while index < watches.len() {
            let watch = watches[index];
            index += 1;
            let blocker_value = self.value(watch.blocker);
            if blocker_value == TRUE {
                watches[kept] = watch;
                kept += 1;
                continue;
            }
            if watch.clause & BINARY != 0 {
                watches[kept] = watch;
                kept += 1;
                if blocker_value == FALSE {
                    result = Err(Conflict::Clause(watch.clause & !BINARY));
                    break;
                }
                self.assign(watch.blocker, Reason::Literal(false_lit ^ 1));
                continue;
            }
            let lits = self.clauses.lits_mut(watch.clause);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let first_value = self.values[first as usize];
            if first != watch.blocker && first_value == TRUE {
                watches[kept] = Watch { clause: watch.clause, blocker: first };
                kept += 1;
                continue;
            }
            let values = &self.values;
            if let Some(other) = lits[2..].iter().position(|&lit| values[lit as usize] != FALSE) {
                lits.swap(1, other + 2);
                let new_watch = lits[1] as usize;
                self.watches[new_watch].push(Watch { clause: watch.clause, blocker: first });
                continue;
            }
            watches[kept] = watch;
            kept += 1;
            if first_value == FALSE {
                result = Err(Conflict::Clause(watch.clause));
                break;
            }
            self.assign(first, Reason::Clause(watch.clause));
        }
        if result.is_err() {
            while index < watches.len() {
                watches[kept] = watches[index];
                kept += 1;
                index += 1;
            }
        }
        watches.truncate(kept);
        self.watches[false_lit as usize] = watches;
        result
    }

    /// Watches the first two literals of stored clause `clause`.
    pub(super) fn watch(&mut self, clause: ClauseRef) {
        let lits = self.clauses.lits(clause);
        let (first, second) = (lits[0], lits[1]);
        let name = if lits.len() == 2 { clause | BINARY } else { clause };
        self.watches[first as usize].push(Watch { clause: name, blocker: second });
        self.watches[second as usize].push(Watch { clause: name, blocker: first });
    }

    /// Undoes every assignment above decision level `level`.
    pub(super) fn backtrack(&mut self, level: usize) {
        if self.level() <= level {
            return;
        }
        if self.has_constraints {
            // The state at `level` was a fixpoint of the propagators, before its next
            // decision: none need run again until a cell loses a value.
            self.agenda.clear();
            self.explained.get_mut().backtrack(level);
        }
        let start = self.level_starts[level];
        let side = self.geometry.side;
        for &lit in self.trail[start..].iter().rev() {
            let var = var_of(lit);
            let (cell, value) = self.split(var);
            if lit & 1 == 1 {
                self.candidates[cell] |= 1 << value;
                let units = self.geometry.units_of(cell);
                let positions = self.geometry.positions_of(cell);
                for (unit, position) in units.into_iter().zip(positions) {
                    self.places[unit * side + value] |= 1 << position;
                }
                if self.has_layout {
                    Solver::more_places(&self.geometry, &mut self.places, cell, value, true);
                }
            } else if usize::from(self.placed[cell]) == value + 1 {
                self.placed[cell] = 0;
                self.placed_count -= 1;
            }
            self.values[lit as usize] = UNASSIGNED;
            self.values[(lit ^ 1) as usize] = UNASSIGNED;
            self.order.insert(var);
        }
        self.trail.truncate(start);
        self.level_starts.truncate(level);
        self.head = start;
    }

    /// The literal of `var` that is false now (`var` is assigned).
    #[inline]
    pub(super) fn false_literal(&self, var: usize) -> Lit {
        literal(var, self.var_value(var) == TRUE)
    }

    /// Appends to `out` the variables whose values made `var` take its own: the other
    /// literals of its reason clause, all false.
    pub(super) fn antecedents(&self, var: usize, out: &mut Vec<usize>) {
        self.reason_antecedents(var, self.reasons[var], out);
    }

    /// Appends to `out` the variables whose values make `reason` give `var` a value.
    fn reason_antecedents(&self, var: usize, reason: Reason, out: &mut Vec<usize>) {
        let side = self.geometry.side;
        let (cell, value) = self.split(var);
        match reason {
            Reason::None => {}
            Reason::Literal(lit) => out.push(var_of(lit)),
            Reason::Cell => {
                let mut others = self.root_candidates[cell] & !(1 << value);
                while others != 0 {
                    out.push(cell * side + others.trailing_zeros() as usize);
                    others &= others - 1;
                }
            }
            Reason::Unit(unit) => {
                let unit = unit as usize;
                let cells = self.geometry.unit(unit);
                let mut others = self.root_places[unit * side + value];
                while others != 0 {
                    let place = usize::from(cells[others.trailing_zeros() as usize]);
                    others &= others - 1;
                    if place != cell {
                        out.push(place * side + value);
                    }
                }
            }
            Reason::Clause(clause) => {
                out.extend(self.clauses.lits(clause)[1..].iter().map(|&lit| var_of(lit)));
            }
            Reason::Constraint(run) => self.run_antecedents(run, out),
        }
    }

    /// Appends to `out` the variables of the candidates the cells of constraint run `run` had
    /// lost when it ran (those lost at level 0 left out; a sum's, those its bounds read): what
    /// its removals, or its contradiction, follow from.
    fn run_antecedents(&self, run: u32, out: &mut Vec<usize>) {
        let side = self.geometry.side;
        let model = self.geometry.model().expect("a constraint's reason comes from its model");
        let mut explained = self.explained.borrow_mut();
        let propagator = &model.propagators()[explained.run(run).0];
        explained.shorten(run, propagator, &self.root_candidates, side);
        let before = explained.run(run).1;
        let cells = propagator.cells();
        for (&cell, &had) in cells.iter().zip(before) {
            let cell = usize::from(cell);
            let mut lost = self.root_candidates[cell] & !had;
            while lost != 0 {
                out.push(cell * side + lost.trailing_zeros() as usize);
                lost &= lost - 1;
            }
        }
    }

    /// Appends to `out` the variables of the clause `conflict` found false.
    pub(super) fn conflict_variables(&self, conflict: Conflict, out: &mut Vec<usize>) {
        let side = self.geometry.side;
        match conflict {
            Conflict::Forced { var, reason } => {
                out.push(var);
                self.reason_antecedents(var, reason, out);
            }
            Conflict::Cell(cell) => {
                let mut values = self.root_candidates[cell];
                while values != 0 {
                    out.push(cell * side + values.trailing_zeros() as usize);
                    values &= values - 1;
                }
            }
            Conflict::Unit { unit, value } => {
                let cells = self.geometry.unit(unit);
                let mut places = self.root_places[unit * side + value];
                while places != 0 {
                    out.push(usize::from(cells[places.trailing_zeros() as usize]) * side + value);
                    places &= places - 1;
                }
            }
            Conflict::Clause(clause) => {
                out.extend(self.clauses.lits(clause).iter().map(|&lit| var_of(lit)));
            }
            Conflict::Constraint(run) => self.run_antecedents(run, out),
        }
    }

    /// The value placed in each cell (from 1), once every cell has one.
    pub(super) fn solution(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.placed);
    }
}

#[cfg(all(test, not(miri)))]
mod tests {
    use super::*;

    /// From level 0, decides "cell holds value" (value from 0) for each of `placements` on a
    /// 4×4 grid, drawing the consequences of each, and then records the phases as a conflict
    /// would: the assignment before the last placement.
    fn assign_and_save(solver: &mut Solver, placements: &[(usize, usize)]) {
        solver.restart();
        for &(cell, value) in placements {
            solver.decide(literal(cell * 4 + value, false));
            solver.propagate().expect("no conflict on these placements");
        }
        solver.save_target();
    }

    #[test]
    fn best_phases_are_the_longest_assignment_and_rephasing_sets_the_targets_to_them_or_to_none() {
        let mut solver = Solver::new();
        solver.reset(None, Size::from_order(2).unwrap());
        // The phases are those of the first two placements and their consequences.
        assign_and_save(&mut solver, &[(0, 0), (5, 2), (10, 1)]);
        let reached = solver.level_starts[2];
        let signs: Vec<Option<bool>> = solver.target.clone();
        assert_eq!(signs.iter().filter(|sign| sign.is_some()).count(), reached);
        assert_eq!(signs[0], Some(false), "cell 0 holds 1");
        assert_eq!(signs[1], Some(true), "so it does not hold 2");
        assert_eq!(solver.best, signs);

        // A shorter assignment after a restart is a target but not a best phase.
        assign_and_save(&mut solver, &[(0, 1), (5, 0)]);
        assert_eq!(solver.target[1], Some(false), "cell 0 holds 2 in the new target");
        assert_eq!(solver.best, signs);

        solver.rephase(Rephase::Original);
        assert!(solver.target.iter().all(Option::is_none));
        solver.rephase(Rephase::Best);
        assert_eq!(solver.target, signs);

        // The best phases start again from nothing: the next assignment replaces them.
        assign_and_save(&mut solver, &[(0, 3), (5, 0)]);
        assert_eq!(solver.best[3], Some(false), "cell 0 holds 4 in the new best phases");
        assert_eq!(solver.best, solver.target);
    }
}
