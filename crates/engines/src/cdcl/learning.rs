//! Learning: from a conflict, the clause that explains it (first unique implication point,
//! then minimized and shrunk), stored and asserted after jumping back; the clauses that block
//! solutions already counted; and the periodic deletion of the learned clauses least worth
//! keeping.

use super::clauses::{ClauseDb, ClauseRef};
use super::solver::{BINARY, Conflict, Lit, Reason, Solver, TRUE, var_of};

/// Learned clauses of this glue or less are never deleted (glue clauses, as Glucose's).
const KEPT_GLUE: u32 = 2;
/// Learned clauses of this glue or less survive two reductions after each use, not one.
const CORE_GLUE: u32 = 6;
/// The share of the deletable clauses a reduction deletes, as a fraction.
const REDUCE_FRACTION: (usize, usize) = (3, 4);
/// Learned clauses longer than this do not have their reasons' variables bumped.
const BUMP_REASONS_UP_TO: usize = 100;

/// Scratch memory of the analysis, kept between conflicts.
#[derive(Default)]
pub(super) struct Analysis {
    /// Per variable: whether it is in the clause being built (or proved redundant).
    seen: Vec<bool>,
    /// The clause being built; its first literal is the asserting one.
    learned: Vec<Lit>,
    /// Variables to visit.
    pending: Vec<usize>,
    /// Variables marked in `seen`, to unmark afterwards.
    marked: Vec<usize>,
    /// Depth-first stack of the redundancy check.
    stack: Vec<usize>,
    /// Per decision level, the conflict number it was last counted for (for the LBD).
    level_stamps: Vec<u64>,
    stamp: u64,
    /// Per variable, the shrinking walk it was last met in.
    shrink_stamps: Vec<u64>,
    shrink_stamp: u64,
    /// The levels of the clause being shrunk.
    levels_scratch: Vec<u32>,
}

impl Analysis {
    /// Makes room for `variables` variables.
    pub(super) fn reset(&mut self, variables: usize) {
        self.seen.clear();
        self.seen.resize(variables, false);
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
        self.minimize(analysis);
        self.shrink(analysis);
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

    /// Removes from the learned clause every literal whose falsity the others imply through
    /// the reasons (recursively), as MiniSat does: such a literal adds nothing.
    fn minimize(&self, analysis: &mut Analysis) {
        let Analysis { seen, learned, pending, marked, stack, .. } = analysis;
        let levels: u64 =
            learned[1..].iter().fold(0, |set, &lit| set | self.level_bit(var_of(lit)));
        let mut kept = 1;
        for index in 1..learned.len() {
            let lit = learned[index];
            let var = var_of(lit);
            let redundant = self.reasons[var] != Reason::None && {
                // Depth-first through the antecedents: each must be in the clause already,
                // at level 0, or itself implied by such; a decision or a level the clause does
                // not hold ends the check.
                let undo_from = marked.len();
                stack.clear();
                stack.push(var);
                let mut redundant = true;
                'check: while let Some(next) = stack.pop() {
                    pending.clear();
                    self.antecedents(next, pending);
                    for &antecedent in pending.iter() {
                        if seen[antecedent] || self.levels[antecedent] == 0 {
                            continue;
                        }
                        if self.reasons[antecedent] == Reason::None
                            || self.level_bit(antecedent) & levels == 0
                        {
                            redundant = false;
                            break 'check;
                        }
                        seen[antecedent] = true;
                        marked.push(antecedent);
                        stack.push(antecedent);
                    }
                }
                if !redundant {
                    for &var in &marked[undo_from..] {
                        seen[var] = false;
                    }
                    marked.truncate(undo_from);
                }
                redundant
            };
            if !redundant {
                learned[kept] = lit;
                kept += 1;
            }
        }
        learned.truncate(kept);
    }

    /// Replaces the literals of each decision level of the learned clause (but the asserting
    /// one's) by one literal of that level that implies them all, where there is one: the
    /// level's unique implication point among them, found by walking the level's part of the
    /// trail back, as the analysis does for the conflict's level; a walk that meets a lower
    /// level's literal outside the clause gives up.
    fn shrink(&self, analysis: &mut Analysis) {
        let Analysis {
            seen,
            learned,
            pending,
            marked,
            shrink_stamps: stamps,
            shrink_stamp: stamp,
            levels_scratch,
            ..
        } = analysis;
        if learned.len() < 3 {
            return;
        }
        if stamps.len() < seen.len() {
            stamps.resize(seen.len(), 0);
        }
        // The levels of the clause's tail, highest first.
        levels_scratch.clear();
        levels_scratch.extend(learned[1..].iter().map(|&lit| self.levels[var_of(lit)]));
        levels_scratch.sort_unstable_by(|a, b| b.cmp(a));
        levels_scratch.dedup();
        for &level in levels_scratch.iter() {
            *stamp += 1;
            let current = *stamp;
            let mut open = 0;
            for &lit in &learned[1..] {
                let var = var_of(lit);
                if self.levels[var] == level {
                    stamps[var] = current;
                    open += 1;
                }
            }
            if open < 2 {
                continue;
            }
            // The level's part of the trail, walked back from its end.
            let start = self.level_starts[level as usize - 1];
            let mut index =
                self.level_starts.get(level as usize).copied().unwrap_or(self.trail.len());
            let mut uip = None;
            'walk: while index > start {
                index -= 1;
                let var = var_of(self.trail[index]);
                if stamps[var] != current {
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
                    if antecedent_level == 0 {
                        continue;
                    }
                    if antecedent_level == level {
                        if stamps[antecedent] != current {
                            stamps[antecedent] = current;
                            open += 1;
                        }
                    } else if !seen[antecedent] {
                        break 'walk;
                    }
                }
            }
            if let Some(uip) = uip {
                learned.retain(|lit| self.levels[var_of(*lit)] != level);
                learned.push(self.false_literal(uip));
                if !seen[uip] {
                    seen[uip] = true;
                    marked.push(uip);
                }
            }
        }
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
