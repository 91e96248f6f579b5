//! `cdcl`: conflict-driven clause learning on the rules of Sudoku, for every box order from 2
//! (4×4) to 8 (64×64): what a SAT solver does with the puzzle, without writing the puzzle down
//! as clauses.
//!
//! The search is a SAT solver's, on the variables of the standard encoding ("cell holds
//! value"), in four pieces:
//! - the **propagation** (`solver`): the encoding's clauses are not stored; a placed value
//!   leaves its cell and peers, a cell down to one candidate takes it, a value down to one
//!   place in a unit goes there, all on bit sets (one `u64` of candidates per cell, one of
//!   places per unit and value). Learned clauses are stored in one arena (`clauses`) and
//!   watched, two literals each; a clause of two literals lives in its watches alone;
//! - the **learning** (`learning`): a conflict is analysed back to its first unique
//!   implication point; the clause learned is shrunk and minimized a level at a time from
//!   the lowest, as CaDiCaL does (a level's literals replaced by the one that implies them
//!   where there is one, else each dropped that the literals kept imply), stored, and
//!   asserted after jumping back to the second-highest level in it. The reasons of the rules
//!   are named, not stored (a naked single's reason is its cell, a hidden single's its unit),
//!   and expanded into literals only when an analysis meets them;
//! - the **decision order** (`order`): the most active unassigned variable (VSIDS: activity
//!   raised for every variable an analysis meets, decaying), decided "holds" (a decision
//!   places a value rather than excluding one) unless it has a target phase;
//! - the **search** (this module): restarts on the Luby sequence (1,024 conflicts a unit), and
//!   learned clauses deleted now and then as CaDiCaL deletes them: a clause used in an
//!   analysis lives on, those of glue 2 or less always; of the rest, the three quarters of
//!   highest glue go. After the first restart the search is a long one, and does two more
//!   things, as CaDiCaL's stable mode does: it keeps **target phases** (the signs of the
//!   longest assignment without a conflict since the last restart, decided again), and it
//!   bumps the variables that imply each learned clause's literals (**reason bumping**); and
//!   now and then, on a growing schedule, it sets the target phases afresh, to the best ones
//!   found (the longest such assignment since the last time) or to none (**rephasing**).
//!
//! Counting past the first solution blocks each solution found with the clause "not all of
//! these decisions" (the decisions determine the solution through propagation) and goes on,
//! without restarting from then on, and in a long search with the activities decaying more
//! slowly: showing that no other solution exists is a proof that the formula with the
//! solution forbidden has none, and on these puzzles such proofs need fewer conflicts that way
//! (measured below). Those clauses are never deleted, so no
//! solution is counted twice. A value ruled out of a cell
//! ([`sudoku_core::Engine::solve_excluding`], the generator's question) is one more fact at
//! level 0.
//!
//! Why learning: on minimal 25×25 puzzles, search without it (as `propagate`) revisits the
//! same dead ends in different branches, millions of nodes deep; a learned clause rules a dead
//! end out everywhere, and some thousands of conflicts settle a puzzle.
//!
//! What the measurements said (conflict counts do not depend on the machine; times are side by
//! side on one machine). First on four minimal 25×25 puzzles counted to two and on the 38
//! hardest "is this clue needed?" questions met while making 25×25 puzzles (most of them with
//! an answer "no": a second solution exists, and must be found):
//! - deciding "holds" always, rather than repeating each variable's last sign (phase saving),
//!   took the conflicts from 36,695 to 20,142 on the hardest of the four, and the 38
//!   questions from 112 s to 39 s;
//! - following the known first solution where a decision has a choice made the 38 questions
//!   3.5 times slower: the second solution is rarely near the first;
//! - locked candidates as a further rule (with their own reasons) cut the conflicts by a fifth
//!   but made each dearer: 3.2 s against 2.9 s for the four puzzles, so they are not used;
//! - naming reasons instead of storing them costs a scan of the cell or unit when an analysis
//!   meets one; skipping there the values already false at level 0 took the four puzzles from
//!   3.2 s to 2.7 s;
//! - taking a placed value out of its peers through the place sets (only the peers that still
//!   have it) rather than testing every peer's candidates, and splitting a variable into cell
//!   and value by a multiplication rather than a division, left the search step for step the
//!   same and cut the instructions by a quarter (2.96 to 2.19 billion on two generator
//!   questions, counted by callgrind) and the time by 10 to 22% (109 generator questions,
//!   two runs side by side: 15.9 s to 12.4 s and 15.7 s to 14.3 s).
//!
//! Then on the 18 minimal 25×25 puzzles of Gecode's examples to a first solution, where the
//! searches are long (thousands to 200,000 conflicts) and a few puzzles make most of the time.
//! One run's count on one puzzle is luck as much as method: the same search with the initial
//! activities shuffled by a tiny random amount ranges over a factor of 2 to 10 on the hardest
//! ones, and so does CaDiCaL's on the same formula with its clauses and variables shuffled.
//! Each change was therefore judged by its total conflicts over the 18, averaged over three
//! such shuffles (seeds), against CaDiCaL 1.5.3's 873,000 (824,000 to 941,000 over three
//! shuffles of the formula; 640,000 unshuffled):
//! - the Luby unit of 100 conflicts and LBD-and-activity halving of before: 1.24 million
//!   unshuffled; Luby restarts of 1,024 with target phases and CaDiCaL's deletion, reason
//!   bumping and shrinking: 766,000 (688,000 / 966,000 / 643,000);
//! - without reason bumping 1,067,000; without shrinking 1,062,000; bumping two steps back
//!   instead of one 939,000; only for clauses of 20 literals or fewer (not 100) 967,000;
//! - Luby units of 512 and 2,048: 753,000 and 768,000, no better; deleting half rather than
//!   three quarters 804,000; a first deletion at 1,000 conflicts rather than 300 797,000;
//! - restarts on the glue's moving averages (Glucose's), alternating such a focused mode with
//!   the stable one (CaDiCaL's), phase saving and a cell's saved value as phases: all worse;
//!   locked candidates as a rule, and the rules before the learned clauses in the
//!   propagation, worse again; failed-literal probing and ordering the variables by their
//!   candidates at the start: no better on average; vivifying learned clauses of glue 6 or
//!   less at level 0 (two decisions per conflict since the last): 759,000 against 749,000
//!   without, not worth its code;
//! - target phases and reason bumping from the first conflict rather than after the first
//!   restart change nothing measurable at 25×25 (first solutions, totals over Gecode's 18, the
//!   79 published and the shipped 42: 5.1 million decisions against 4.7), but cost 9×9
//!   searches 6% more nodes (top1465: 23.5 a puzzle against 22.1 before these changes, 21.8
//!   with them only after the first restart, which 9×9 searches rarely reach).
//!
//! Then rephasing, judged the same way but over more shuffles (each initial activity a random
//! number below 10⁻³; shuffle 0 is the engine unshuffled), since three were too few to see a
//! tenth: without it, six shuffles of Gecode's 18 to a first solution took 858,000 conflicts on
//! average (563,000 to 1,188,000), and 238,000 on the worst puzzle of each on average:
//! - rephasing as CaDiCaL's stable mode does it, after the first restart and then every
//!   1,000·k conflicts after the k-th, the target phases set to the best phases (the signs of
//!   the longest assignment without a conflict since the last such rephasing) and to none, in
//!   turn: 756,000 (565,000 to 891,000), 180,000 on the worst puzzle. Proving uniqueness (four
//!   shuffles) it changes nothing measurable: 1,788,000 against 1,792,000, worst 386,000
//!   against 404,000; the shipped 42 to a first solution (four): 1,347,000 against 1,449,000,
//!   worst 206,000 against 205,000;
//! - every 500·k conflicts: 971,000; every 2,000·k: 806,000; to the best phases only: 817,000;
//!   to none only: 715,000, but 290,000 on one shuffle's worst puzzle and 1,843,000 proving
//!   uniqueness; best, none and the best flipped in turn: 865,000; a decision in a hundred on
//!   a random variable, without rephasing (four shuffles): 852,000 against 944,000 for the
//!   same four, and from 450,000 to 1,033,000.
//!
//! Then the rest of a count to two, once the first solution is found and forbidden: that
//! part is a proof that no solution is left, and it took most of the conflicts (on the
//! hardest of Gecode's, about 380,000 of them whatever the draw, against 5,000 to 190,000 for
//! the first solution). With no restarts from there on (the search for the first solution
//! unchanged):
//! - Gecode's 18 counted to two, four shuffles: 1,587,000 conflicts (1,534,000 to
//!   1,653,000) against 1,788,000 (1,733,000 to 1,863,000), the worst puzzle of each 321,000
//!   on average against 386,000; the 79 published minimal 25×25 puzzles (two shuffles):
//!   1,575,000 against 1,821,000; the shipped 42 (two): 2,691,000 against 2,867,000, worst
//!   250,000 against 323,000; the 25 published 36×36 (one): 3,232,000 against 4,572,000,
//!   worst 1,570,000 against 2,275,000; the shipped 16×16 (two): the same 174,000 (those
//!   proofs end before a restart would come);
//! - on Gecode's four hardest, counted to two, four shuffles (1,105,000 with restarts, 950,000
//!   without): restarts sixteen times as far apart 1,018,000; no rephasing either 945,000; an
//!   activity decay of 0.90 or 0.975 for the proof 1,020,000 and 928,000; deleting learned
//!   clauses twice or half as often 1,012,000 and 906,000 (each conflict dearer). With the
//!   restarts kept: phase saving for the proof 1,130,000, and the search begun afresh after
//!   the first solution (only the clause forbidding it kept) 1,646,000;
//! - on the same four, four other shuffles (963,000 as the engine is), none outside the
//!   spread of the draws: bumping reasons two steps back 944,000, or for clauses of up to 1,000
//!   literals 973,000; shrinking before minimizing (CaDiCaL's order) 948,000; taking out of
//!   the learned clause every excluded value whose cell or unit holds a value the clause
//!   places (resolving with the rule's two-literal clause) 962,000 (done before shrinking it
//!   is unsound: shrinking counts a literal taken out as still in the clause, and can lean on
//!   it to drop the literal that justified taking it out); every decision of the proof an
//!   exclusion, or a placement, whatever the target phases, 957,000 and 943,000; a single
//!   implied by two rules at once given the rule with fewer antecedents as its reason
//!   1,006,000; forbidding the whole solution rather than its decisions 983,000; locked
//!   candidates as a further rule for the proof (a value confined to one line of a box
//!   leaves the rest of the line, and to one box of a line the rest of the box) 948,000.
//!   (These variants were measured with the earlier shrinking below.)
//!
//! Then shrinking and minimizing together, as CaDiCaL does. Before, the learned clause was
//! minimized (MiniSat's way), then shrunk from its highest level down, a walk failing at any
//! lower-level literal outside the clause. CaDiCaL (counted in its own source, on the proof
//! for Gecode's 9th) takes its clauses from 60 literals to 24 that way, where `cdcl` took
//! them from 72 to 38, and its count rose from 215,000 conflicts to 234,000 without its
//! minimization and to 257,000 without its shrinking. Now a clause's levels are worked from
//! the lowest up: a level that shrinks marks every literal of its walk as following from its
//! point, a walk accepts a lower-level literal that minimization shows to follow, and a level
//! that does not shrink is minimized (`learning`):
//! - Gecode's four hardest counted to two, four shuffles: 823,000 conflicts (808,000 to
//!   841,000) against 963,000 (the four shuffles of the variants above), the worst puzzle of
//!   each 277,000 on average against 320,000;
//! - Gecode's 18 to a first solution, eight shuffles: 727,000 on average (519,000 to 968,000)
//!   against 835,000 (573,000 to 1,183,000), the worst puzzle of each 175,000 against 204,000;
//! - the clauses are no shorter on average (41 literals on the four hardest, from 72 at the
//!   first unique implication point, both ways): the gain is in which literals stay.
//!
//! The conflicts to a first solution are now fewer than CaDiCaL's (Gecode's 18: 727,000 over
//! eight shuffles against its 873,000 over three shuffles of the formula), each about as
//! dear; the times against CaDiCaL and MiniSat on several sets, both modes:
//! `docs/results.md`.
//!
//! Where the proofs still lose is 36×36. The proof for the 9th published 36×36 puzzle (the
//! slowest there: 4.7 s to its first solution, over 130 s to prove it unique) takes 1,331,000
//! to 2,152,000 conflicts over four shuffles (1,537,000 unshuffled), where CaDiCaL takes
//! 846,000 to 995,000 over four shuffles of the formula with the solution forbidden (760,000
//! to 1,037,000 with everything but its learning turned off), each conflict about as dear.
//! Its clauses go from 83 to 87 literals at the first unique implication point to 32; `cdcl`'s
//! from 100 to 106 to 53 to 59: shrinking and minimizing take off about 62% of CaDiCaL's
//! clause and 45% of `cdcl`'s, much as at 25×25 (60% and 43%), where the conflicts are
//! within a third of each other, so that is not the whole story. Restarts in the proof
//! (1,858,000 and 1,926,000 on two shuffles), phase saving (1,534,000 unshuffled), the rule
//! with fewer antecedents as a single's reason (1,382,000) and locked candidates as a rule for
//! the proof (1,366,000) stay within the draws (figures: `docs/results.md`).
//!
//! Then the activities' decay in the proof of a long search: 0.99 a conflict once the first
//! solution is forbidden, rather than 0.95, so that the variables of older conflicts keep
//! their place longer. Searches that never restart (9×9, 16×16) keep 0.95 throughout.
//! - the 36×36 9th, five shuffles: 1,414,000 conflicts on average (1,182,000 to 1,674,000)
//!   against 1,577,000 (1,332,000 to 2,152,000), fewer on four of the five; Gecode's four
//!   hardest counted to two, four shuffles: 807,000 against 824,000;
//! - a decay of 0.995: 1,400,000 and 819,000 (two shuffles each); 0.975: 1,561,000 (the 9th,
//!   unshuffled);
//! - 0.99 from the first restart on, to a first solution too (Gecode's 18, six shuffles):
//!   646,000 against 706,000 in all, but the worst puzzle of each 178,000 against 179,000 on
//!   average (85,000 to 284,000 against 116,000 to 265,000), so the first solution keeps 0.95;
//! - with 0.99 in the proof, on the 36×36 9th over three shuffles (1,386,000 on average): no
//!   rephasing in the proof 1,468,000; learned clauses deleted half as often in the proof
//!   1,306,000 (1,198,000 to 1,463,000), each conflict dearer, the same time in all;
//! - vivifying the learned clauses during the proof, as CaDiCaL does (at each deletion, back
//!   at level 0, each clause of glue 6 or less not vivified before: the negations of its
//!   literals decided in turn, the clause cut short at a conflict or at a literal found true,
//!   and rid of those found false): 81,000 literals off the clauses of Gecode's 1st but no
//!   conflicts: 804,000 against 816,000 on the four hardest (two shuffles), 840,000 and 1.8
//!   times the time when every learned clause is vivified, and 1,753,000 against 1,537,000 on
//!   the 36×36 9th (unshuffled);
//! - CaDiCaL itself, on that proof, needs 912,000 conflicts as it is and 964,000 without any
//!   preprocessing or inprocessing (`--plain`): its lead is not there.
//!
//! Then the decision order of CaDiCaL's focused mode, VMTF (each conflict's variables moved
//! to the front of a queue, in their old order; the frontmost unassigned one decided), on
//! Gecode's 18 to a first solution over six shuffles (706,000 conflicts on average as the
//! engine is, 179,000 on the worst puzzle of each):
//! - VMTF throughout, restarts, target phases and rephasing unchanged: 1,246,000 (374,000);
//! - VMTF with restarts on the glue's moving averages (a focused mode, as CaDiCaL's),
//!   alternating with the search as it is (its stable mode), the first 1,000 conflicts
//!   focused and each turn twice as long as the one before: 1,144,000 (288,000).
//!
//! Then two more things, the order as it is, judged the same way:
//! - a restart put off while the cells placed at the conflict are more than R times their
//!   moving average over about 5,000 conflicts (Glucose's blocked restarts; by one Luby unit
//!   at most): R = 1.1 692,000 (181,000), R = 1.05 769,000 (195,000). The whole trail,
//!   counted instead, never blocks one: it is nearly full at every conflict;
//! - target phases from a local search at a rephasing (each open cell given its value in
//!   the best phases, else a random candidate; then up to 50 moves a cell, each giving a
//!   cell that shares its value with a peer the candidate fewest of its peers hold, a random
//!   one a time in five; the assignment with the fewest clashes taken): rephasing to best,
//!   none and the walk in turn 712,000 (189,000); to the walk and best in turn 678,000
//!   (181,000). The worst puzzle of four or five shuffles of six is the 9th, with or without
//!   these two, and it is as hard for CaDiCaL (138,000 to 221,000 conflicts over six
//!   shuffles of the formula, against `cdcl`'s 110,000 to 265,000 over five and 48,000
//!   unshuffled).
//!
//! Naked pairs as a further rule (a cell down to two values that another cell of one of its
//! units also has, and only those, takes both out of the unit's other cells; the reason is
//! the two cells' other candidates): 719,000 conflicts (170,000) on the same six shuffles, and
//! counted to two on Gecode's four hardest, more on each of four shuffles, 862,000 against
//! 807,000 on average.
//!
//! Chronological backtracking (CaDiCaL's, when a conflict would undo more than 100 levels)
//! would never come into play: on Gecode's 18 to a first solution no search goes deeper than
//! 82 levels, and a conflict undoes 1.3 to 1.7 of them on average.
//!
//! Statistics follow the workbench's definitions: the puzzle is the first node, each decision
//! one more, and each decision a guess. Conflicts are not reported (they are neither nodes nor
//! guesses). A node budget bounds the decisions.

mod clauses;
mod learning;
mod literal;
mod order;
mod solver;

use learning::Analysis;
use literal::literal;
use solver::{FALSE, Rephase, Solver, TRUE, UNASSIGNED};
use sudoku_core::{Limits, Stats};

use crate::geometry::{CellSolver, begin_search, cell_engine};

/// Conflicts in the first restart interval; the Luby sequence scales it.
const RESTART_UNIT: u64 = 1024;
/// Conflicts before the first deletion of learned clauses; the `k`-th waits `√k` times as
/// long after the one before.
const REDUCE_UNIT: u64 = 300;
/// Conflicts before the first rephasing (which waits for the first restart); the `k`-th
/// rephasing waits `k + 1` times as long after the one before (CaDiCaL's arithmetic schedule).
const REPHASE_UNIT: u64 = 1000;
/// What the rephasings set the target phases to, in turn.
const REPHASE_CYCLE: [Rephase; 2] = [Rephase::Best, Rephase::Original];
/// Variable activity decay per conflict.
const VARIABLE_DECAY: f64 = 0.95;
/// Variable activity decay per conflict in a long search's proof that no solution is left
/// (after the first solution): slower, so that the variables of older conflicts keep their
/// place longer (see the module's notes).
const PROOF_DECAY: f64 = 0.99;

/// Conflicts from the `k`-th deletion of learned clauses to the next (CaDiCaL's schedule).
fn reduce_interval(k: u32) -> u64 {
    (REDUCE_UNIT as f64 * f64::from(k + 1).sqrt()) as u64
}

/// The `cdcl` engine. It owns its search memory and reuses it from one solve to the next.
pub struct Cdcl {
    solver: Solver,
    analysis: Analysis,
    /// The solution being written, kept between solves.
    solution: Vec<u8>,
    /// The old arena of a garbage collection, kept between collections.
    scratch: Vec<u32>,
}

impl Default for Cdcl {
    fn default() -> Self {
        Self::new()
    }
}

impl Cdcl {
    /// An engine with nothing allocated yet.
    pub fn new() -> Self {
        Cdcl {
            solver: Solver::new(),
            analysis: Analysis::default(),
            solution: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Searches the puzzle of box order `order` whose `clues` are given row-major, one per
    /// cell, 0 for an empty cell, with the value `excluded.1` ruled out of cell `excluded.0`
    /// if given, and writes the first solution found into `solution`.
    ///
    /// Returns the number of solutions found (at most `limits.max_solutions()`), whether the
    /// search gave up at the node budget (the count is then a lower bound), and what the
    /// search cost. A puzzle whose clues contradict each other has no solution; so has one
    /// that is malformed: an order outside `2..=8`, `clues` or `solution` not of length `n⁴`,
    /// or a clue above `n²`. `solution` is written only when the count is above zero.
    pub fn solve_cells(
        &mut self,
        order: usize,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> (u32, bool, Stats) {
        let mut stats = match begin_search(order, clues, excluded, limits, solution.len()) {
            Ok(stats) => stats,
            Err(answer) => return answer,
        };
        let node_bound = limits.node_bound();
        let (side, cells) = (order * order, order.pow(4));
        let solver = &mut self.solver;
        solver.reset(order);
        self.analysis.reset(cells * side);
        for (cell, &clue) in clues.iter().enumerate() {
            if clue != 0 {
                let var = cell * side + usize::from(clue) - 1;
                match solver.var_value(var) {
                    UNASSIGNED => solver.assign(literal(var, false), solver::Reason::None),
                    FALSE => return (0, false, stats),
                    _ => {}
                }
            }
        }
        if let Some((cell, value)) = excluded {
            let var = cell * side + usize::from(value) - 1;
            match solver.var_value(var) {
                UNASSIGNED => solver.assign(literal(var, true), solver::Reason::None),
                TRUE => return (0, false, stats),
                _ => {}
            }
        }

        let mut count = 0;
        let mut budget_exhausted = false;
        let mut conflicts = 0u64;
        let mut restarts = Luby::new();
        let mut next_restart = RESTART_UNIT * restarts.next();
        let mut reductions = 0u32;
        let mut next_reduce = REDUCE_UNIT;
        // Whether the search has restarted: from then on it is a long one, and keeps target
        // phases and bumps the reasons of learned clauses (see the module's notes).
        let mut long = false;
        let mut rephasings = 0;
        let mut next_rephase = REPHASE_UNIT;
        loop {
            let propagated = solver.propagate();
            if solver.level() == 0 {
                if propagated.is_err() {
                    break;
                }
                solver.save_root();
            }
            if let Err(conflict) = propagated {
                conflicts += 1;
                if long {
                    solver.save_target();
                }
                solver.learn(conflict, &mut self.analysis, long);
                // The proof after a first solution found by a long search decays slower
                // (see the module's notes); such a proof never restarts, so `long` stays.
                solver.order.decay(if long && count > 0 { PROOF_DECAY } else { VARIABLE_DECAY });
                if long && conflicts >= next_rephase {
                    solver.rephase(REPHASE_CYCLE[rephasings % REPHASE_CYCLE.len()]);
                    rephasings += 1;
                    next_rephase = conflicts + REPHASE_UNIT * (rephasings as u64 + 1);
                }
                if conflicts >= next_restart {
                    next_restart = conflicts + RESTART_UNIT * restarts.next();
                    solver.restart();
                    long = true;
                }
                if conflicts >= next_reduce {
                    reductions += 1;
                    next_reduce = conflicts + reduce_interval(reductions);
                    solver.reduce(&mut self.scratch);
                }
                continue;
            }
            if solver.placed_count == cells {
                if count == 0 {
                    solver.solution(solution);
                }
                count += 1;
                if count >= limits.max_solutions() || !solver.block_solution() {
                    break;
                }
                // What is left is to show that no other solution exists, which goes faster
                // without restarts (see the module's notes).
                next_restart = u64::MAX;
                continue;
            }
            if stats.nodes >= node_bound {
                budget_exhausted = true;
                break;
            }
            let var = loop {
                let var = solver.order.pop().expect("an open cell has unassigned variables");
                if solver.var_value(var) == UNASSIGNED {
                    break var;
                }
            };
            stats.nodes += 1;
            stats.guesses += 1;
            solver.decide(solver.phase(var));
        }
        debug_assert!(count == 0 || solution.iter().all(|&value| value != 0));
        (count, budget_exhausted, stats)
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …: restart intervals that
/// waste at most a logarithmic factor against the best fixed interval.
struct Luby {
    /// The terms so far, as (u, v) of Knuth's reluctant doubling.
    u: u64,
    v: u64,
}

impl Luby {
    fn new() -> Self {
        Luby { u: 1, v: 1 }
    }

    fn next(&mut self) -> u64 {
        let term = self.v;
        if self.u & self.u.wrapping_neg() == self.v {
            self.u += 1;
            self.v = 1;
        } else {
            self.v *= 2;
        }
        term
    }
}

// The engine has no `unsafe` code, so its tests are left out of the Miri run (CI's Miri step
// is for the modules that have some).
#[cfg(all(test, not(miri)))]
mod tests;

impl CellSolver for Cdcl {
    fn solve_cells_excluding(
        &mut self,
        order: usize,
        clues: &[u8],
        excluded: Option<(usize, u8)>,
        limits: Limits,
        solution: &mut [u8],
    ) -> (u32, bool, Stats) {
        Cdcl::solve_cells(self, order, clues, excluded, limits, solution)
    }

    fn solution_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.solution
    }
}

cell_engine!(Cdcl);
