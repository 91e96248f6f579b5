//! Makes minimal puzzles of any box order with the `propagate` engine, and times the engine on
//! puzzles of any size, for measuring it beyond 9×9 where the repository has no corpora.
//!
//! ```text
//! cargo run --release --example propagate_puzzles -- make ORDER COUNT SEED > puzzles.txt
//! cargo run --release --example propagate_puzzles -- time FILE...
//! ```
//!
//! `make` fills a random solved grid (random permutations in the boxes of the main diagonal,
//! which never conflict, completed by the engine, then shuffled by the grid's symmetries) and
//! removes its clues in random order, keeping each removal that leaves the solution unique:
//! one pass gives a minimal puzzle, since a clue that cannot go cannot go later either. Each
//! puzzle is a line of `n⁴` symbols `1-9A-Z`, `.` blank; what it cost goes to standard error.
//! The same seed makes the same puzzles.
//!
//! `time` solves each puzzle of the files to a first solution and to a proof of uniqueness,
//! prints one CSV row per puzzle (clues, seconds and nodes of each) and the median and maximum
//! of each on standard error. Fast solves are repeated until 50 ms have passed and averaged.

use std::time::{Duration, Instant};
use std::{env, fs, process};

use sudoku_core::Limits;
use sudoku_engines::propagate::Propagate;

const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#";

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["make", order, count, seed] => {
            let parse = |text: &str| text.parse::<u64>().unwrap_or_else(|_| usage());
            make(parse(order) as usize, parse(count), parse(seed));
        }
        ["time", files @ ..] if !files.is_empty() => time(files),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!("usage: propagate_puzzles make ORDER COUNT SEED | time FILE...");
    process::exit(2)
}

/// SplitMix64: a small, fast generator, deterministic from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `bound` (the tiny modulo bias does not matter here).
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for index in (1..items.len()).rev() {
            items.swap(index, self.below(index + 1));
        }
    }

    /// A random permutation of `0..len`.
    fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..len).collect();
        self.shuffle(&mut items);
        items
    }
}

fn make(order: usize, count: u64, seed: u64) {
    if !(2..=8).contains(&order) {
        usage();
    }
    let mut rng = Rng(seed);
    let mut engine = Propagate::new();
    let (side, cells) = (order * order, order.pow(4));
    let mut solution = vec![0; cells];
    for _ in 0..count {
        let started = Instant::now();
        let grid = solved_grid(&mut engine, order, &mut rng);
        let mut puzzle = grid.clone();
        let mut checks = 0u64;
        let mut nodes = 0u64;
        for cell in rng.permutation(cells) {
            let clue = puzzle[cell];
            puzzle[cell] = 0;
            let (found, exhausted, stats) =
                engine.solve_cells(order, &puzzle, Limits::UNIQUE, &mut solution);
            checks += 1;
            nodes += stats.nodes;
            if found != 1 || exhausted {
                puzzle[cell] = clue;
            }
        }
        let clues = puzzle.iter().filter(|&&clue| clue != 0).count();
        eprintln!(
            "{side}x{side}: {clues} clues, {checks} checks, {nodes} nodes, {:.3} s",
            started.elapsed().as_secs_f64()
        );
        let line: String = puzzle
            .iter()
            .map(|&clue| if clue == 0 { '.' } else { char::from(SYMBOLS[usize::from(clue) - 1]) })
            .collect();
        println!("{line}");
    }
}

/// A random solved grid of box order `order`.
fn solved_grid(engine: &mut Propagate, order: usize, rng: &mut Rng) -> Vec<u8> {
    let (side, cells) = (order * order, order.pow(4));
    let mut grid = vec![0; cells];
    // Drawn again in the rare case the boxes cannot be completed, which happens at order 2.
    loop {
        let mut clues = vec![0; cells];
        for diagonal in 0..order {
            for (k, value) in rng.permutation(side).into_iter().enumerate() {
                let (row, col) = (diagonal * order + k / order, diagonal * order + k % order);
                clues[row * side + col] = value as u8 + 1;
            }
        }
        if engine.solve_cells(order, &clues, Limits::FIRST, &mut grid).0 == 1 {
            break;
        }
    }
    // Shuffle by symmetries: values, rows within bands and bands, columns likewise.
    let values = rng.permutation(side);
    let lines = |rng: &mut Rng| {
        let bands = rng.permutation(order);
        let mut lines = Vec::with_capacity(side);
        for band in bands {
            let within = rng.permutation(order);
            lines.extend(within.into_iter().map(|k| band * order + k));
        }
        lines
    };
    let (rows, cols) = (lines(rng), lines(rng));
    let mut shuffled = vec![0; cells];
    for row in 0..side {
        for col in 0..side {
            let value = grid[rows[row] * side + cols[col]];
            shuffled[row * side + col] = values[usize::from(value) - 1] as u8 + 1;
        }
    }
    shuffled
}

fn parse(line: &str) -> Option<(usize, Vec<u8>)> {
    let order = (2..=8).find(|order: &usize| order.pow(4) == line.len())?;
    let clues = line
        .bytes()
        .map(|symbol| match symbol {
            b'.' | b'0' => Some(0),
            _ => SYMBOLS.iter().position(|&s| s == symbol).map(|index| index as u8 + 1),
        })
        .collect::<Option<Vec<u8>>>()?;
    Some((order, clues))
}

/// Seconds per solve (repeated until 50 ms have passed), and the last solve's result.
fn timed(
    engine: &mut Propagate,
    order: usize,
    clues: &[u8],
    limits: Limits,
    solution: &mut [u8],
) -> (f64, u32, bool, u64) {
    let started = Instant::now();
    let mut runs = 0u32;
    loop {
        let (count, exhausted, stats) = engine.solve_cells(order, clues, limits, solution);
        runs += 1;
        let elapsed = started.elapsed();
        if elapsed >= Duration::from_millis(50) {
            return (elapsed.as_secs_f64() / f64::from(runs), count, exhausted, stats.nodes);
        }
    }
}

fn time(files: &[&str]) {
    let mut engine = Propagate::new();
    let (mut firsts, mut uniques) = (Vec::new(), Vec::new());
    println!(
        "file,puzzle,side,clues,verdict,first_seconds,first_nodes,unique_seconds,unique_nodes"
    );
    for file in files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        for (number, line) in lines.enumerate() {
            let Some((order, clues)) = parse(line) else {
                panic!("{file}: puzzle {}: not a puzzle line", number + 1);
            };
            let mut solution = vec![0; clues.len()];
            let (first, found, _, first_nodes) =
                timed(&mut engine, order, &clues, Limits::FIRST, &mut solution);
            assert!(found == 1 && is_solution(order, &clues, &solution), "{file}: {}", number + 1);
            let (unique, count, exhausted, unique_nodes) =
                timed(&mut engine, order, &clues, Limits::UNIQUE, &mut solution);
            let verdict = match (count, exhausted) {
                (1, false) => "unique",
                (2, _) => "2+",
                _ => "gave-up",
            };
            let side = order * order;
            let given = clues.iter().filter(|&&clue| clue != 0).count();
            println!(
                "{file},{},{side},{given},{verdict},{first:.6},{first_nodes},{unique:.6},{unique_nodes}",
                number + 1
            );
            firsts.push(first);
            uniques.push(unique);
        }
    }
    for (name, times) in [("first solution", &mut firsts), ("uniqueness", &mut uniques)] {
        times.sort_by(f64::total_cmp);
        if let Some(&max) = times.last() {
            let median = times[times.len() / 2];
            eprintln!(
                "propagate, {name}: {} puzzles, median {median:.6} s, max {max:.6} s",
                times.len()
            );
        }
    }
}

/// Whether `solution` keeps the clues and holds every value once in each row, column and box.
fn is_solution(order: usize, clues: &[u8], solution: &[u8]) -> bool {
    let side = order * order;
    let kept = clues.iter().zip(solution).all(|(&clue, &value)| clue == 0 || clue == value);
    let full = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for cell in cells {
            let value = usize::from(solution[cell]);
            if value == 0 || value > side {
                return false;
            }
            seen |= 1 << (value - 1);
        }
        seen.count_ones() as usize == side
    };
    kept && (0..side).all(|unit| {
        let (top, left) = (unit / order * order, unit % order * order);
        full(&mut (0..side).map(|k| unit * side + k))
            && full(&mut (0..side).map(|k| k * side + unit))
            && full(&mut (0..side).map(|k| (top + k / order) * side + left + k % order))
    })
}
