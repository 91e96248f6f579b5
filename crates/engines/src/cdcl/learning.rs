//! Learning: from a conflict, the clause that explains it (first unique implication point,
//! then minimized), stored and asserted after jumping back; the clauses that block solutions
//! already counted; and the periodic deletion of the learned clauses least worth keeping.

use super::solver::{Clause, Conflict, Lit, Reason, Solver, TRUE, Watch, lit_value, var_of};

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
    /// every variable met.
    pub(super) fn learn(&mut self, conflict: Conflict, analysis: &mut Analysis) {
        let current = self.level() as u32;
        let Analysis { seen, learned, pending, marked, .. } = analysis;
        learned.clear();
        learned.push(0);
        pending.clear();
        self.conflict_variables(conflict, pending);
        if let Conflict::Clause(clause) = conflict {
            self.bump_clause(clause);
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
                self.bump_clause(clause);
            }
        }
        self.minimize(analysis);
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
        let lbd = self.lbd(analysis);
        self.backtrack(jump);
        let learned = &analysis.learned;
        if learned.len() == 1 {
            self.assign(learned[0], Reason::None);
        } else {
            let clause = self.store(learned.clone(), lbd, true);
            self.assign(learned[0], Reason::Clause(clause));
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

    /// One bit standing for the decision level of `var` (levels share bits modulo 64).
    #[inline]
    fn level_bit(&self, var: usize) -> u64 {
        1 << (self.levels[var] % 64)
    }

    /// The number of distinct decision levels among the learned clause's literals.
    fn lbd(&self, analysis: &mut Analysis) -> u32 {
        analysis.stamp += 1;
        let stamp = analysis.stamp;
        let stamps = &mut analysis.level_stamps;
        let mut count = 0;
        for &lit in &analysis.learned {
            let level = self.levels[var_of(lit)] as usize;
            if stamps.len() <= level {
                stamps.resize(level + 1, 0);
            }
            if stamps[level] != stamp {
                stamps[level] = stamp;
                count += 1;
            }
        }
        count
    }

    /// Stores `lits` (two or more) as a clause watching its first two literals, and returns
    /// its number.
    fn store(&mut self, lits: Vec<Lit>, lbd: u32, removable: bool) -> u32 {
        let clause = self.clauses.len() as u32;
        self.watches[lits[0] as usize].push(Watch { clause, blocker: lits[1] });
        self.watches[lits[1] as usize].push(Watch { clause, blocker: lits[0] });
        self.clauses.push(Clause { lits, lbd, activity: 0.0, removable });
        self.bump_clause(clause);
        clause
    }

    fn bump_clause(&mut self, clause: u32) {
        let increment = self.clause_increment;
        let activity = &mut self.clauses[clause as usize].activity;
        *activity += increment;
        if *activity > 1e100 {
            for clause in &mut self.clauses {
                clause.activity /= 1e100;
            }
            self.clause_increment /= 1e100;
        }
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
            let clause = self.store(lits, 0, false);
            let first = self.clauses[clause as usize].lits[0];
            self.assign(first, Reason::Clause(clause));
        }
        true
    }

    /// Deletes half of the removable learned clauses, those with the most decision levels
    /// (then the least active), keeping the clauses with two levels or fewer and those that
    /// are the reason of a current assignment.
    pub(super) fn reduce(&mut self) {
        let mut candidates: Vec<u32> = (0..self.clauses.len() as u32)
            .filter(|&index| {
                let clause = &self.clauses[index as usize];
                clause.removable && clause.lbd > 2 && !self.is_reason(index)
            })
            .collect();
        candidates.sort_by(|&a, &b| {
            let (a, b) = (&self.clauses[a as usize], &self.clauses[b as usize]);
            b.lbd.cmp(&a.lbd).then(a.activity.total_cmp(&b.activity))
        });
        for &index in &candidates[..candidates.len() / 2] {
            let clause = &mut self.clauses[index as usize];
            clause.lits = Vec::new();
            clause.removable = false;
        }
        let clauses = &self.clauses;
        for watches in &mut self.watches {
            watches.retain(|watch| !clauses[watch.clause as usize].lits.is_empty());
        }
    }

    /// Whether stored clause `index` is the reason of its first literal's current value.
    fn is_reason(&self, index: u32) -> bool {
        let lits = &self.clauses[index as usize].lits;
        !lits.is_empty()
            && lit_value(&self.values, lits[0]) == TRUE
            && self.reasons[var_of(lits[0])] == Reason::Clause(index)
    }
}
