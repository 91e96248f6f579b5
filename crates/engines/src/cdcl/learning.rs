//! Learning: from a conflict, the clause that explains it (first unique implication point,
//! then shrunk and minimized), stored and asserted after jumping back; the clauses that block
//! solutions already counted; and the periodic deletion of the learned clauses least worth
//! keeping.

use super::clauses::{ClauseDb, ClauseRef};
use super::literal::{Lit, var_of};
use super::solver::{BINARY, Conflict, Reason, Solver, TRUE};

/// Learned clauses of this glue or less are never deleted (glue clauses, as Glucose's).
const KEPT_GLUE: u32 = 2;
/// Learned clauses of this glue or less survive two reductions after each use, not one.
const CORE_GLUE: u32 = 6;
/// The share of the deletable clauses a reduction deletes, as a fraction.
const REDUCE_FRACTION: (usize, usize) = (3, 4);
/// Learned clauses longer than this do not have their reasons' variables bumped.
const BUMP_REASONS_UP_TO: usize = 100;

/// [`Analysis::flags`]: the literal is in the learned clause for good.
const KEEP: u8 = 1;
/// [`Analysis::flags`]: the literal's falsity follows from literals kept, so it can go.
const REMOVABLE: u8 = 2;
/// [`Analysis::flags`]: the literal was found not to follow from the literals kept.
const POISON: u8 = 4;
/// [`Analysis::flags`]: the literal is on the part of a level's trail being walked back.
const SHRINKABLE: u8 = 8;

/// Scratch memory of the analysis, kept between conflicts.
#[derive(Default)]
pub(super) struct Analysis {
    /// Per variable: whether the analysis has met it (for the clause, and for bumping).
    seen: Vec<bool>,
    /// The clause being built; its first literal is the asserting one.
    learned: Vec<Lit>,
    /// Variables to visit.
    pending: Vec<usize>,
    /// Variables marked in `seen`, to unmark afterwards.
    marked: Vec<usize>,
    /// Per variable, what shrinking and minimizing found of it ([`KEEP`], [`REMOVABLE`],
    /// [`POISON`], [`SHRINKABLE`]); all clear between conflicts.
    flags: Vec<u8>,
    /// Variables with flags set, to clear afterwards.
    flagged: Vec<usize>,
    /// The clause as shrinking and minimizing rebuild it.
    kept: Vec<Lit>,
    /// The variables of one level met by a shrinking walk.
    shrinkable: Vec<usize>,
    /// The unique implication points shrinking put in the clause.
    uips: Vec<usize>,
    /// Depth-first stack of the redundancy check: a variable, and where its antecedents start
    /// in `antecedents`.
    stack: Vec<(usize, usize)>,
    /// The antecedents of the variables on `stack`, to check in turn.
    antecedents: Vec<usize>,
    /// Per decision level, the conflict number it was last counted for (for the LBD).
    level_stamps: Vec<u64>,
    stamp: u64,
}

impl Analysis {
    /// Makes room for `variables` variables.
    pub(super) fn reset(&mut self, variables: usize) {
        self.seen.clear();
        self.seen.resize(variables, false);
        self.flags.clear();
        self.flags.resize(variables, 0);
        self.level_stamps.clear();
        self.stamp = 0;
    }
}

impl Solver {
    /// Learns from `conflict` (found above level 0): builds the clause, stores it, jumps back
    /// to the level where it asserts its first literal, and asserts it. Bumps the activity of
    /// every variable met, and with `bump_reasons` of the variables that imply its literals.
    pub(super) fn learn(
        &mut self,
        conflict: Conflict,
        analysis: &mut Analysis,
        bump_reasons: bool,
    ) {
        let current = self.level() as u32;
        let Analysis { seen, learned, pending, marked, level_stamps, stamp, .. } = analysis;
        learned.clear();
        learned.push(0);
        pending.clear();
        self.conflict_variables(conflict, pending);
        if let Conflict::Clause(clause) = conflict {
            self.use_clause(clause, level_stamps, stamp);
        }
        let mut open = 0;
        let mut index = self.trail.len();
        loop {
            for &var in pending.iter() {
                if !seen[var] && self.levels[var] > 0 {
                    seen[var] = true;
                    marked.push(var);
                    self.order.bump(var);
                    if self.levels[var] >= current {
                        open += 1;
                    } else {
                        learned.push(self.false_literal(var));
                    }
                }
            }
            // The latest marked literal of this level on the trail.
            let var = loop {
                index -= 1;
                let var = var_of(self.trail[index]);
                if seen[var] {
                    break var;
                }
            };
            open -= 1;
            if open == 0 {
                learned[0] = self.trail[index] ^ 1;
                break;
            }
            pending.clear();
            self.antecedents(var, pending);
            if let Reason::Clause(clause) = self.reasons[var] {
                self.use_clause(clause, level_stamps, stamp);
            }
        }
        self.shrink_and_minimize(analysis);
        // The points shrinking found are met by this analysis too (as CaDiCaL bumps them).
        let Analysis { seen, marked, uips, .. } = analysis;
        for &uip in uips.iter() {
            if !seen[uip] {
                seen[uip] = true;
                marked.push(uip);
                self.order.bump(uip);
            }
        }
        if bump_reasons {
            self.bump_reasons(analysis);
        }
        for &var in &analysis.marked {
            analysis.seen[var] = false;
        }
        analysis.marked.clear();

        // Watch the literal of the highest level after the asserting one: it is the last to
        // become unassigned, so the clause stays unit while the search stays at that level.
        let learned = &mut analysis.learned;
        let mut jump = 0;
        if learned.len() > 1 {
            let highest = (1..learned.len())
                .max_by_key(|&k| (self.levels[var_of(learned[k])], std::cmp::Reverse(k)))
                .expect("the clause has a second literal");
            learned.swap(1, highest);
            jump = self.levels[var_of(learned[1])] as usize;
        }
        let lbd = self.distinct_levels(
            &analysis.learned,
            &mut analysis.level_stamps,
            &mut analysis.stamp,
        );
        self.backtrack(jump);
        let learned = &analysis.learned;
        if learned.len() == 1 {
            self.assign(learned[0], Reason::None);
        } else {
            let reason = self.store(learned, lbd, true);
            self.assign(learned[0], reason);
        }
    }

    /// Marks a learned clause used in an analysis (as CaDiCaL does): its glue is counted again
    /// and kept when lower, and its used counter set, so that it survives the next reduction
    /// (the next two for a glue of [`CORE_GLUE`] or less).
    fn use_clause(&mut self, clause: ClauseRef, stamps: &mut Vec<u64>, stamp: &mut u64) {
        if !self.clauses.is_removable(clause) {
            return;
        }
        if self.clauses.glue(clause) > KEPT_GLUE {
            let glue = self.distinct_levels(self.clauses.lits(clause), stamps, stamp);
            self.clauses.lower_glue(clause, glue);
        }
        let used = if self.clauses.glue(clause) <= CORE_GLUE { 2 } else { 1 };
        self.clauses.set_used(clause, used);
    }

    /// Deletes learned clauses, as CaDiCaL does: a clause used since the last reduction (see
    /// [`Solver::use_clause`]) is kept and its used counter lowered, as are the clauses of
    /// glue [`KEPT_GLUE`] or less and those that are the reason of a current assignment; of the
    /// others, the [`REDUCE_FRACTION`] of highest glue (then longest) go.
    pub(super) fn reduce(&mut self, scratch: &mut Vec<u32>) {
        let all: Vec<ClauseRef> = self.clauses.refs().collect();
        let mut candidates = Vec::new();
        for clause in all {
            if self.clauses.is_deleted(clause) || !self.clauses.is_removable(clause) {
                continue;
            }
            let used = self.clauses.decrement_used(clause);
            if used > 0 || self.clauses.glue(clause) <= KEPT_GLUE || self.is_reason(clause) {
                continue;
            }
            candidates.push(clause);
        }
        let clauses = &self.clauses;
        candidates.sort_by(|&a, &b| {
            clauses.glue(b).cmp(&clauses.glue(a)).then(clauses.len(b).cmp(&clauses.len(a)))
        });
        let deleted = candidates.len() * REDUCE_FRACTION.0 / REDUCE_FRACTION.1;
        for &clause in &candidates[..deleted] {
            self.clauses.delete(clause);
        }
        let clauses = &self.clauses;
        for watches in &mut self.watches {
            watches.retain(|watch| !clauses.is_deleted(watch.clause & !BINARY));
        }
        if self.clauses.wants_collection() {
            self.collect_garbage(scratch);
        }
    }

    /// Shrinks and minimizes the learned clause as CaDiCaL does, one decision level at a time
    /// from the lowest. A level holding several of the clause's literals is walked back on the
    /// trail from its end, as the analysis walks the conflict's level, to the level's unique
    /// implication point among them; when every lower-level literal the walk meets is kept or
    /// follows from literals kept, that one point replaces them all, and every literal of the
    /// walk follows from it (removable for the levels above). When the walk fails, each of the
    /// level's literals that follows from the literals kept (recursively, through the reasons)
    /// goes, as MiniSat minimizes. Working upwards, a level's literals are settled before any
    /// level above asks whether they follow.
    ///
    /// A level holding one literal keeps it: that literal was implied at its level, so its
    /// reasons lead back to that level's decision, which is not in the clause.
    fn shrink_and_minimize(&self, analysis: &mut Analysis) {
        let Analysis {
            learned,
            pending,
            flags,
            flagged,
            kept,
            shrinkable,
            uips,
            stack,
            antecedents,
            ..
        } = analysis;
        uips.clear();
        kept.clear();
        kept.push(learned[0]);
        let asserting = var_of(learned[0]);
        flags[asserting] = KEEP;
        flagged.push(asserting);
        if learned.len() > 2 {
            let levels: u64 =
                learned[1..].iter().fold(0, |set, &lit| set | self.level_bit(var_of(lit)));
            learned[1..].sort_by_key(|&lit| self.levels[var_of(lit)]);
            let mut first = 1;
            while first < learned.len() {
                let level = self.levels[var_of(learned[first])];
                let end = first
                    + learned[first..]
                        .iter()
                        .take_while(|&&lit| self.levels[var_of(lit)] == level)
                        .count();
                let block = &learned[first..end];
                first = end;
                if block.len() == 1 {
                    let var = var_of(block[0]);
                    flags[var] |= KEEP;
                    flagged.push(var);
                    kept.push(block[0]);
                    continue;
                }
                shrinkable.clear();
                for &lit in block {
                    let var = var_of(lit);
                    flags[var] |= SHRINKABLE;
                    flagged.push(var);
                    shrinkable.push(var);
                }
                let mut open = block.len();
                let start = self.level_starts[level as usize - 1];
                let mut index =
                    self.level_starts.get(level as usize).copied().unwrap_or(self.trail.len());
                let mut uip = None;
                'walk: while index > start {
                    index -= 1;
                    let var = var_of(self.trail[index]);
                    if flags[var] & SHRINKABLE == 0 {
                        continue;
                    }
                    open -= 1;
                    if open == 0 {
                        uip = Some(var);
                        break;
                    }
                    pending.clear();
                    self.antecedents(var, pending);
                    for &antecedent in pending.iter() {
                        let antecedent_level = self.levels[antecedent];
                        if antecedent_level == 0 || flags[antecedent] & SHRINKABLE != 0 {
                            continue;
                        }
                        if antecedent_level == level {
                            flags[antecedent] |= SHRINKABLE;
                            flagged.push(antecedent);
                            shrinkable.push(antecedent);
                            open += 1;
                        } else if !self.redundant(
                            antecedent,
                            levels,
                            flags,
                            flagged,
                            stack,
                            antecedents,
                        ) {
                            break 'walk;
                        }
                    }
                }
                for &var in shrinkable.iter() {
                    flags[var] &= !SHRINKABLE;
                    if uip.is_some() && flags[var] & KEEP == 0 {
                        flags[var] |= REMOVABLE;
                    }
                }
                if let Some(uip) = uip {
                    flags[uip] = KEEP;
                    kept.push(self.false_literal(uip));
                    uips.push(uip);
                } else {
                    for &lit in block {
                        let var = var_of(lit);
                        if !self.redundant(var, levels, flags, flagged, stack, antecedents) {
                            flags[var] |= KEEP;
                            kept.push(lit);
                        }
                    }
                }
            }
        } else {
            kept.extend_from_slice(&learned[1..]);
        }
        for &var in flagged.iter() {
            flags[var] = 0;
        }
        flagged.clear();
        std::mem::swap(learned, kept);
    }

    /// Whether the falsity of `var`'s literal follows, through the reasons, from literals kept
    /// in the learned clause (or at level 0), as MiniSat's minimization asks: depth first, each
    /// antecedent kept, removable, or itself following; a decision, or a level outside the
    /// clause's `levels`, ends the search (and every variable on the way is poisoned).
    fn redundant(
        &self,
        var: usize,
        levels: u64,
        flags: &mut [u8],
        flagged: &mut Vec<usize>,
        stack: &mut Vec<(usize, usize)>,
        antecedents: &mut Vec<usize>,
    ) -> bool {
        let settled = |flags: &[u8], var: usize| {
            if self.levels[var] == 0 || flags[var] & (KEEP | REMOVABLE) != 0 {
                Some(true)
            } else if flags[var] & POISON != 0
                || self.reasons[var] == Reason::None
                || self.level_bit(var) & levels == 0
            {
                Some(false)
            } else {
                None
            }
        };
        if let Some(answer) = settled(flags, var) {
            return answer;
        }
        stack.clear();
        antecedents.clear();
        stack.push((var, 0));
        self.antecedents(var, antecedents);
        // Taken from the end: reversed, they are checked in their order.
        antecedents.reverse();
        while let Some(&(top, from)) = stack.last() {
            if antecedents.len() == from {
                // Every antecedent of `top` follows.
                flags[top] |= REMOVABLE;
                flagged.push(top);
                stack.pop();
                continue;
            }
            let next = antecedents.pop().expect("`top` has an antecedent left to check");
            match settled(flags, next) {
                Some(true) => {}
                Some(false) => {
                    for &(var, _) in stack.iter() {
                        flags[var] |= POISON;
                        flagged.push(var);
                    }
                    stack.clear();
                    return false;
                }
                None => {
                    let from = antecedents.len();
                    stack.push((next, from));
                    self.antecedents(next, antecedents);
                    antecedents[from..].reverse();
                }
            }
        }
        true
    }

    /// Bumps the activity of the variables that imply the learned clause's literals (one step
    /// back through their reasons), as CaDiCaL does: they are where the next conflicts are
    /// likely. Long clauses are left alone, their reasons being many and little related.
    fn bump_reasons(&mut self, analysis: &mut Analysis) {
        let Analysis { seen, learned, pending, marked, .. } = analysis;
        if learned.len() > BUMP_REASONS_UP_TO {
            return;
        }
        for &lit in &learned[1..] {
            pending.clear();
            self.antecedents(var_of(lit), pending);
            for &antecedent in pending.iter() {
                if !seen[antecedent] && self.levels[antecedent] > 0 {
                    seen[antecedent] = true;
                    marked.push(antecedent);
                    self.order.bump(antecedent);
                }
            }
        }
    }

    /// One bit standing for the decision level of `var` (levels share bits modulo 64).
    #[inline]
    fn level_bit(&self, var: usize) -> u64 {
        1 << (self.levels[var] % 64)
    }

    /// The number of distinct decision levels among the (assigned) literals `lits`: their
    /// glue. `stamps` holds, per level, the count it was last met in; `stamp` is the last count.
    fn distinct_levels(&self, lits: &[Lit], stamps: &mut Vec<u64>, stamp: &mut u64) -> u32 {
        *stamp += 1;
        let mut count = 0;
        for &lit in lits {
            let level = self.levels[var_of(lit)] as usize;
            if stamps.len() <= level {
                stamps.resize(level + 1, 0);
            }
            if stamps[level] != *stamp {
                stamps[level] = *stamp;
                count += 1;
            }
        }
        count
    }

    /// Stores `lits` (two or more) as a clause watching its first two literals, and returns
    /// the reason it gives its first literal when the others are false: the other literal for
    /// a clause of two (which lives in its watches only), else the clause.
    fn store(&mut self, lits: &[Lit], lbd: u32, removable: bool) -> Reason {
        let clause = self.clauses.add(lits, lbd, removable);
        self.watch(clause);
        if lits.len() == 2 { Reason::Literal(lits[1] ^ 1) } else { Reason::Clause(clause) }
    }

    /// Forbids the solution just found, which the decisions on the trail determine: stores
    /// the clause "not all of these decisions", jumps back one level and asserts that the
    /// last decision is false. Returns `false` when there was no decision: the solution was
    /// forced, and no other exists.
    pub(super) fn block_solution(&mut self) -> bool {
        let level = self.level();
        if level == 0 {
            return false;
        }
        let lits: Vec<Lit> =
            self.level_starts.iter().rev().map(|&start| self.trail[start] ^ 1).collect();
        self.backtrack(level - 1);
        if lits.len() == 1 {
            self.assign(lits[0], Reason::None);
        } else {
            let reason = self.store(&lits, 0, false);
            self.assign(lits[0], reason);
        }
        true
    }

    /// Moves the live clauses to a fresh arena, and the watches and reasons that name them.
    fn collect_garbage(&mut self, old: &mut Vec<u32>) {
        self.clauses.collect(old);
        for watches in &mut self.watches {
            for watch in watches.iter_mut() {
                let binary = watch.clause & BINARY;
                let moved = ClauseDb::moved(old, watch.clause & !BINARY);
                watch.clause = moved.expect("deleted clauses are no longer watched") | binary;
            }
        }
        for &lit in &self.trail {
            let var = var_of(lit);
            if let Reason::Clause(clause) = self.reasons[var] {
                let moved = ClauseDb::moved(old, clause).expect("reasons are never deleted");
                self.reasons[var] = Reason::Clause(moved);
            }
        }
    }

    /// Whether stored clause `clause` is the reason of its first literal's current value.
    fn is_reason(&self, clause: ClauseRef) -> bool {
        let first = self.clauses.lits(clause)[0];
        self.value(first) == TRUE && self.reasons[var_of(first)] == Reason::Clause(clause)
    }
}
