//! An engine of your own: written in a few dozen lines, registered with the harness, and
//! benched beside `dlx` and `fast`, every answer cross-checked against theirs.
//!
//! ```sh
//! cargo run --release --example own_engine
//! ```
//!
//! An engine implements [`Engine::solve`]: the puzzle and the limits in (how many solutions to
//! count, how many search nodes at most), an [`Outcome`] out (the first solution, the count,
//! whether the budget ran out, nodes and guesses). [`EngineInfo`] gives it a name, the sizes it
//! solves and a constructor; that is all the harness needs.

use std::io;
use std::process::ExitCode;

use sudoku_bench::output::{self, OutputFormat};
use sudoku_bench::{BenchOptions, Corpus, Mode, Schedule};
use sudoku_core::{Engine, Grid, Limits, Outcome, ReadOptions, Size};
use sudoku_engines::EngineInfo;

/// Backtracking on the open cell with the fewest candidates, over bit sets of the values each
/// row, column and box already holds. Any size up to 64×64 (a value is one bit of a `u64`).
struct FewestFirst;

/// One search: the grid as it is filled, the values used per unit, and what was found.
struct Search {
    grid: Grid,
    size: Size,
    side: usize,
    used: Vec<u64>, // rows, then columns, then boxes
    limits: Limits,
    outcome: Outcome,
}

impl Search {
    /// The three units of `cell`, as indices into `used`.
    fn units(&self, cell: usize) -> [usize; 3] {
        let (row, column) = (cell / self.side, cell % self.side);
        [row, self.side + column, 2 * self.side + self.size.box_of(cell)]
    }

    /// Puts `value` in `cell`, or takes it out again (the bits are toggled).
    fn toggle(&mut self, cell: usize, value: u8) {
        for unit in self.units(cell) {
            self.used[unit] ^= 1 << (value - 1);
        }
    }

    /// The values `cell` can still take, one bit each.
    fn candidates(&self, cell: usize) -> u64 {
        let all = u64::MAX >> (64 - self.side);
        self.units(cell).iter().fold(all, |free, &unit| free & !self.used[unit])
    }

    fn search(&mut self) {
        // The open cell with the fewest candidates; none open means a solution.
        let open = (0..self.side * self.side).filter(|&cell| self.grid.get(cell) == 0);
        let Some(cell) = open.min_by_key(|&cell| self.candidates(cell).count_ones()) else {
            self.outcome.count += 1;
            self.outcome.solution.get_or_insert_with(|| self.grid.clone());
            return;
        };
        let mut candidates = self.candidates(cell);
        self.outcome.stats.guesses += u64::from(candidates.count_ones() > 1);
        while candidates != 0 {
            if self.outcome.stats.nodes >= self.limits.node_bound() {
                self.outcome.budget_exhausted = true;
                return;
            }
            let value = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            self.outcome.stats.nodes += 1;
            self.grid.set(cell, value);
            self.toggle(cell, value);
            self.search();
            self.toggle(cell, value);
            self.grid.set(cell, 0);
            if self.outcome.count >= self.limits.max_solutions() || self.outcome.budget_exhausted {
                return;
            }
        }
    }
}

impl Engine for FewestFirst {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let size = puzzle.size();
        let mut search = Search {
            grid: puzzle.clone(),
            size,
            side: size.side(),
            used: vec![0; 3 * size.side()],
            limits,
            outcome: Outcome::empty(),
        };
        search.outcome.stats.nodes = 1; // the puzzle itself
        for cell in 0..size.cells() {
            let value = puzzle.get(cell);
            if value != 0 {
                if search.candidates(cell) & (1 << (value - 1)) == 0 {
                    return search.outcome; // a clue repeated in a unit: no solution
                }
                search.toggle(cell, value);
            }
        }
        search.search();
        search.outcome
    }
}

/// The registration: a name, a line saying what it does, a constructor, and the sizes it
/// solves (box orders 2 to 8: 4×4 to 64×64).
fn fewest_first() -> EngineInfo {
    EngineInfo::new(
        "fewest-first",
        "backtracking on the cell with the fewest candidates, over unit bit sets",
        || Box::new(FewestFirst),
    )
    .with_orders(2, 8)
}

fn main() -> ExitCode {
    // 1,000 puzzles spread over the shipped corpus of 10,000 minimal 9×9 puzzles.
    let Some(path) = sudoku_bench::corpus::shipped_corpus() else {
        eprintln!("own_engine: the shipped corpus was not found: run this from the repository");
        return ExitCode::from(2);
    };
    let corpus = match Corpus::load(&path, ReadOptions::default()) {
        Ok(corpus) => corpus.sample(1_000),
        Err(error) => {
            eprintln!("own_engine: {error}");
            return ExitCode::from(2);
        }
    };
    let engines = ["dlx", "fast"].map(|name| sudoku_engines::find(name).expect("registered"));
    let fewest_first = fewest_first();
    let options = BenchOptions {
        engines: vec![&fewest_first, engines[0], engines[1]],
        mode: Mode::Unique,
        budget: Some(100_000),
        threads: 1,
        timing: Schedule::Repeat(3),
        cross_check: true,
        progress: false,
        shard: None,
    };
    let report = match sudoku_bench::run(&[corpus], &options) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("own_engine: {error}");
            return ExitCode::from(2);
        }
    };
    if let Err(error) = output::write(&report, OutputFormat::Table, &mut io::stdout()) {
        eprintln!("own_engine: {error}");
        return ExitCode::from(2);
    }
    // Any answer that failed the checker, or differed from the others', is a disagreement.
    let disputed = report.disagreements.as_ref().map_or(0, Vec::len);
    if disputed == 0 { ExitCode::SUCCESS } else { ExitCode::from(3) }
}
