//! Sudoku Explainer's scale over real puzzles: every step of the ladder, chains included, is
//! sound (each placement is the solution's value, each elimination a value the solution does
//! not put there), and chain-rated puzzles get the ratings Sudoku Explainer gives them.

use std::path::Path;

use sudoku_core::{Grid, parse_one};
use sudoku_logic::{Board, End, Ladder, Options, Scale, Step, Technique};

/// The one solution of a 9×9 puzzle, by a plain backtracking search (the engines are another
/// crate's).
fn solve(puzzle: &Grid) -> Grid {
    fn fill(cells: &mut [u8; 81]) -> bool {
        let Some(at) = (0..81).find(|&c| cells[c] == 0) else { return true };
        let (row, column) = (at / 9, at % 9);
        for value in 1..=9u8 {
            let clash = (0..9).any(|i| {
                let (r, c) = (row / 3 * 3 + i / 3, column / 3 * 3 + i % 3);
                cells[row * 9 + i] == value
                    || cells[i * 9 + column] == value
                    || cells[r * 9 + c] == value
            });
            if !clash {
                cells[at] = value;
                if fill(cells) {
                    return true;
                }
            }
        }
        cells[at] = 0;
        false
    }
    let mut cells: [u8; 81] = std::array::from_fn(|cell| puzzle.get(cell));
    assert!(fill(&mut cells), "a test puzzle has a solution");
    let line: String = cells.iter().map(|v| char::from(b'0' + v)).collect();
    parse_one(line.as_bytes()).expect("a solved grid reads").grid
}

fn explainer() -> Ladder {
    Ladder::of_scale(Scale::Explainer, Options { uniqueness: true, ..Options::default() })
}

/// Walks `line` up Sudoku Explainer's ladder, checking every step against the solution;
/// returns the hardest step's difficulty, where the walk ended and the techniques used.
fn walk_soundly(ladder: &Ladder, line: &str) -> (f64, End, Vec<Technique>) {
    let puzzle = parse_one(line.as_bytes()).expect("a test puzzle reads").grid;
    let solution = solve(&puzzle);
    let mut board = Board::new(&puzzle);
    let mut hardest = 0.0f64;
    let mut used = Vec::new();
    let end = ladder.run(&mut board, |before: &Board, step: &Step| {
        assert!(step.holds_in(&solution), "{line}: {}", step.describe(before.size()));
        hardest = hardest.max(step.difficulty());
        used.push(step.technique);
    });
    (hardest, end, used)
}

fn puzzles(path: &Path, count: usize) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .take(count)
        .map(|line| line.split_whitespace().next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn every_step_on_the_shipped_corpus_is_sound() {
    let corpus =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus/generated-10000.txt");
    let ladder = explainer();
    let mut chains = 0;
    for line in puzzles(&corpus, 300) {
        let (_, end, used) = walk_soundly(&ladder, &line);
        assert_eq!(end, End::Solved, "{line}");
        chains += used.iter().filter(|&&t| t >= Technique::XCycle).count();
    }
    assert!(chains > 0, "some of the corpus needs chains");
}

#[test]
fn every_step_on_hard_puzzles_is_sound() {
    // `../shared` beside the repository, or beside the folder of its worktrees.
    let beside = ["../../../shared", "../../../../shared"]
        .map(|dir| Path::new(env!("CARGO_MANIFEST_DIR")).join(dir).join("corpora/top1465.txt"));
    let Some(top) = beside.iter().find(|path| path.exists()) else {
        eprintln!("skipped: ../shared/corpora/top1465.txt is absent");
        return;
    };
    let ladder = explainer();
    for line in puzzles(top, 12) {
        walk_soundly(&ladder, &line);
    }
}

#[test]
fn chain_rated_puzzles_rate_as_sudoku_explainer_rates_them() {
    // ERs of puzzles of top1465 by Sudoku Explainer 1.2.1 with gsf's serate 1.2.1.3 (built
    // with javac, default settings): `java diuf.sudoku.test.serate --format='%r/%p/%d'
    // --input=FILE`.
    let rated = [
        ("2...6...8.743.........2....62......1...4..5..8...........5..34......1..........7.", 6.6),
        ("7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........", 7.1),
        ("4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.", 7.5),
        ("8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........", 8.3),
        ("6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........", 9.2),
    ];
    let ladder = explainer();
    for (line, expected) in rated {
        let (hardest, end, _) = walk_soundly(&ladder, line);
        assert_eq!(end, End::Solved, "{line}");
        assert_eq!(hardest, expected, "{line}");
    }
}

#[test]
fn nested_chains_rest_on_what_sudoku_explainer_says_they_rest_on() {
    // Sudoku Explainer 1.2.1 with gsf's serate 1.2.1.3 (as above) rates this puzzle of
    // hardest-1106 10.3/10.3/9.8. Its hardest steps are dynamic contradictions whose walks
    // take removals from nested forcing chains; each removal rests only on what the nested
    // chain's singles needed gone (a cell, or one house), the easier of two chains making a
    // removal is the one counted, and a chain both branches rest on counts once. Counting more
    // than that (every house of every candidate on) rated it 10.4.
    let line = "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";
    let (hardest, end, used) = walk_soundly(&explainer(), line);
    assert_eq!(end, End::Solved);
    assert!(used.contains(&Technique::NestedForcing), "{used:?}");
    assert_eq!(hardest, 10.3);
}

#[test]
fn beyond_nine_by_nine_the_chain_rungs_keep_the_workbench_chains() {
    // Sudoku Explainer's chains are 9×9; the shipped 16×16 puzzles need forcing chains, which
    // the rungs then take from the workbench.
    let corpus =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus/generated-16x16-1000.txt");
    let ladder = explainer();
    let workbench = [
        Technique::XChain,
        Technique::XyChain,
        Technique::ContradictionForcing,
        Technique::CellForcing,
    ];
    let mut chains = 0;
    for line in puzzles(&corpus, 10) {
        let puzzle = parse_one(line.as_bytes()).expect("a test puzzle reads").grid;
        for step in ladder.solve(&puzzle).steps {
            assert!(
                step.technique < Technique::XCycle || workbench.contains(&step.technique),
                "{:?}",
                step.technique
            );
            chains += usize::from(workbench.contains(&step.technique));
        }
    }
    assert!(chains > 0, "the 16×16 puzzles take the workbench's chains");
}

/// The walk steps each hardest puzzle's chains may take in the test below.
const WORK: u64 = 20_000_000;

#[test]
fn every_step_of_nested_chains_on_the_hardest_puzzles_is_sound() {
    let beside = ["../../../shared", "../../../../shared"].map(|dir| {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(dir).join("corpora/hardest-1106.txt")
    });
    let Some(hardest) = beside.iter().find(|path| path.exists()) else {
        eprintln!("skipped: ../shared/corpora/hardest-1106.txt is absent");
        return;
    };
    // A budget that bounds the test's time: a puzzle may give up, never take an unsound step.
    let ladder = explainer().with_work_budget(Some(WORK));
    let mut nested = 0;
    for line in puzzles(hardest, 3) {
        let (rating, end, used) = walk_soundly(&ladder, &line);
        assert!(matches!(end, End::Solved | End::GaveUp), "{line}: {end:?}");
        assert_ne!(end, End::Stuck, "{line}: nested chains leave nothing needing a guess");
        if used.iter().any(|&t| t >= Technique::NestedForcing) {
            nested += 1;
            assert!(rating >= 9.5, "{line}: {rating}");
        }
    }
    eprintln!("{nested} of 3 puzzles took nested steps within the budget");
}
