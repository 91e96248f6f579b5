//! The techniques on grids with layouts: puzzles solved by techniques alone, where a region, a
//! diagonal or a knight's move is what makes a step, and a sweep over every kind of layout
//! checking that each step the ladders take holds in a solution.

use std::sync::Arc;

use sudoku_core::{Engine, Grid, House, Layout, Limits, Rule, Size};

use crate::board::Board;
use crate::engine::Logic;
use crate::houses::{Houses, bit};
use crate::ladder::{End, Ladder, Options, Path, Scale};
use crate::step::{Step, Technique};
use crate::techniques::find;
use crate::techniques::testing::board_with;

/// A grid of `layout` from a line of digits, `.` for an empty cell.
fn grid(layout: &Arc<Layout>, line: &str) -> Grid {
    let cells: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    Grid::from_cells(layout.size(), &cells)
        .expect("a line of the size")
        .with_layout(Some(layout.clone()))
}

/// 6×6 regions of two columns by three rows, those of the middle stack a row lower
/// (wrapping), as the engines' layout tests have them.
fn six_by_six_jigsaw() -> Arc<Layout> {
    let tall: Vec<u32> = (0..36u32)
        .map(|cell| {
            let (row, col) = (cell / 6, cell % 6);
            let row = if col / 2 == 1 { (row + 1) % 6 } else { row };
            row / 3 * 3 + col / 2
        })
        .collect();
    let six = Size::from_side(6).expect("6×6");
    Arc::new(Layout::new(six, Some(&tall), &[], &[], None).expect("a jigsaw"))
}

/// Checks that `puzzle` has the one solution `solution` (which keeps the layout's rules) and
/// that the workbench's ladder solves it alone, every step holding in it; the path.
fn solved_by_techniques(puzzle: &Grid, solution: &str) -> Path {
    let layout = puzzle.layout().expect("a layout");
    let outcome = Logic::new().solve(puzzle, Limits::UNIQUE);
    assert_eq!(outcome.count, 1, "{}", puzzle.to_line());
    let found = outcome.solution.expect("a solution");
    assert_eq!(found.to_line(), solution);
    assert_eq!(layout.first_broken(found.cells()), None);
    let path = Ladder::new(Options::default()).solve(puzzle);
    assert_eq!(path.end, End::Solved);
    assert_eq!(path.board.grid().to_line(), solution);
    assert!(path.steps.iter().all(|step| step.holds_in(&found)));
    path
}

#[test]
fn a_jigsaw_is_solved_by_singles_in_its_regions() {
    let layout = six_by_six_jigsaw();
    let puzzle = grid(&layout, "2........32.4.2..1...53.1..........5");
    let path = solved_by_techniques(&puzzle, "265143514326432651621534153462346215");
    // Region 2 is r1c3, r1c4, r2c3, r2c4 (a 3), r6c3, r6c4: the 2s of r1c1, r2c5 and r3c3
    // leave it r6c4, which a 6×6 grid of boxes puts in box 6: the step names the region.
    let first = &path.steps[0];
    assert_eq!(first.describe(layout.size()), "Hidden Single (region): 2 in region 2 => r6c4=2");
    assert_eq!(first.units, [House::Region(1)]);
    assert_eq!(cells_of(&layout, House::Region(1)), [2, 3, 8, 9, 32, 33]);
    assert_eq!(layout.region_of(33), 1);
    assert_eq!(layout.size().box_of(33), 5);
    let techniques = [Technique::FullHouse, Technique::HiddenSingleBox];
    assert!(path.steps.iter().all(|step| techniques.contains(&step.technique)));
}

#[test]
fn a_hidden_single_on_a_diagonal_solves_an_x_puzzle() {
    let layout = Arc::new(Layout::new(Size::NINE, None, &[Rule::Diagonals], &[], None).unwrap());
    let line = ".....2............5...9.4......47...8..1..92......5..79......5...7.......2.8..3.6";
    let puzzle = grid(&layout, line);
    let solution =
        "793412568412568793568793412231947685875136924649285137986374251357621849124859376";
    let path = solved_by_techniques(&puzzle, solution);
    let step = &path.steps[2];
    assert_eq!(step.describe(Size::NINE), "Hidden Single (diagonal): 2 in diagonal 2 => r6c4=2");
    assert_eq!(step.units, [House::Rule(Rule::Diagonals, 1)]);
    assert!(cells_of(&layout, step.units[0]).contains(&48));
    // Before it, 2 has two places or more in r6c4's row, column and box, one on its diagonal.
    let mut board = Board::new(&puzzle);
    path.steps[..2].iter().for_each(|step| board.apply(step));
    let houses = board.houses();
    for house in houses.houses_of(48) {
        assert!(board.places(house, 2).count_ones() >= 2, "house {house}");
    }
    assert_eq!(houses.more_houses_of(48), [28], "the anti-diagonal only");
    assert_eq!(board.places(28, 2).count_ones(), 1);
}

/// The cells of the house `house` of `layout`, as the layout lists them.
fn cells_of(layout: &Layout, house: House) -> Vec<u16> {
    let (_, cells) = layout.houses().iter().find(|(named, _)| *named == house).expect("a house");
    cells.to_vec()
}

/// Checks that `step` is a hidden single of the value it places in the one house it names,
/// a house of `layout` holding the cell: before it, on `board`, the value had that one place
/// there.
fn a_hidden_single_in_its_house(step: &Step, board: &Board, layout: &Layout) {
    assert_eq!(step.technique, Technique::HiddenSingleBox);
    let [(cell, value)] = step.placements[..] else { panic!("one placement: {step:?}") };
    let [house] = step.units[..] else { panic!("one house: {step:?}") };
    let cells = cells_of(layout, house);
    assert!(cells.contains(&(cell as u16)), "{house} holds {}", layout.size().name(cell));
    let places: Vec<u16> =
        cells.into_iter().filter(|&c| board.has(usize::from(c), value)).collect();
    assert_eq!(places, [cell as u16], "{value} has one place in {house}");
}

#[test]
fn a_hidden_single_in_a_window_names_the_window() {
    // The first puzzle of data/layouts/windoku-9x9-200.txt: its third step is the first of a
    // window (r2c2 to r4c4, the top left one).
    let layout = Arc::new(Layout::new(Size::NINE, None, &[Rule::Windoku], &[], None).unwrap());
    let line = ".5....79...475..16.............1........4.15..3...................5.8......6.4...";
    let puzzle = grid(&layout, line);
    let solution =
        "152463798984752316763189542495217683278346159631895274826971435347528961519634827";
    let path = solved_by_techniques(&puzzle, solution);
    let mut board = Board::new(&puzzle);
    path.steps[..2].iter().for_each(|step| board.apply(step));
    let step = &path.steps[2];
    assert_eq!(step.describe(Size::NINE), "Hidden Single (window): 5 in window 1 => r4c3=5");
    assert_eq!(step.units, [House::Rule(Rule::Windoku, 0)]);
    a_hidden_single_in_its_house(step, &board, &layout);
    // The earlier steps are the boxes', named as on a classic grid.
    assert_eq!(path.steps[0].describe(Size::NINE), "Hidden Single (box): 7 in box 1 => r3c1=7");
}

#[test]
fn every_hidden_single_on_a_layout_names_the_house_it_is_in() {
    // The X puzzle above, and its clues with an extra region instead of the diagonals (the
    // anti-diagonal as a group of cells; the puzzle then has several solutions, but each
    // single is still one): each single names its own house, whatever its kind.
    let extra: Vec<usize> = (0..9).map(|row| row * 9 + 8 - row).collect();
    let layouts = [
        Layout::new(Size::NINE, None, &[Rule::Diagonals], &[], None).unwrap(),
        Layout::new(Size::NINE, None, &[], &[extra], None).unwrap(),
    ];
    let line = ".....2............5...9.4......47...8..1..92......5..79......5...7.......2.8..3.6";
    let mut kinds = Vec::new();
    for layout in layouts {
        let layout = Arc::new(layout);
        let mut board = Board::new(&grid(&layout, line));
        let path = Ladder::new(Options::default()).solve(&board.grid());
        for step in &path.steps {
            if step.technique == Technique::HiddenSingleBox {
                a_hidden_single_in_its_house(step, &board, &layout);
                let house = step.units[0];
                let kind = match house {
                    House::Box(_) => "box",
                    House::Rule(Rule::Diagonals, _) => "diagonal",
                    House::Extra(_) => "extra region",
                    other => panic!("no such house here: {other}"),
                };
                let text = step.describe(Size::NINE);
                assert!(text.starts_with(&format!("Hidden Single ({kind}): ")), "{text}");
                assert!(text.contains(&format!(" in {house} => ")), "{text}");
                kinds.push(kind);
            }
            board.apply(step);
        }
    }
    for kind in ["box", "diagonal", "extra region"] {
        assert!(kinds.contains(&kind), "no hidden single in a {kind}: {kinds:?}");
    }
}

#[test]
fn a_placed_value_leaves_the_cells_a_knights_move_away() {
    let layout = Arc::new(Layout::new(Size::NINE, None, &[Rule::AntiKnight], &[], None).unwrap());
    let mut clue = ".".repeat(81);
    clue.replace_range(40..41, "5");
    let knight = Board::new(&grid(&layout, &clue));
    let classic = Board::new(&sudoku_core::parse_one(clue.as_bytes()).unwrap().grid);
    let moves = [21, 23, 29, 33, 47, 51, 57, 59];
    assert!(moves.iter().all(|&cell| !knight.has(cell, 5) && classic.has(cell, 5)));
    assert_eq!(
        (0..81).filter(|&cell| knight.candidates(cell) != classic.candidates(cell)).count(),
        8
    );
}

#[test]
fn colouring_removes_a_colour_whose_cells_are_a_knights_move_apart() {
    let layout = Arc::new(Layout::new(Size::NINE, None, &[Rule::AntiKnight], &[], None).unwrap());
    let line = "9..............4.............9......7.....1.3.....4..6..63.....5...8........7....";
    let puzzle = grid(&layout, line);
    let solution =
        "967418532235796418481523697619237854754869123328154976196342785573681249842975361";
    let path = solved_by_techniques(&puzzle, solution);
    // r2c1 and r4c2 share no house, so only the knight's move makes them one colour's clash.
    let wrap = path.steps.iter().find(|step| step.eliminations == [(9, 6), (28, 6)]);
    assert_eq!(wrap.map(|step| step.technique), Some(Technique::SimpleColouring));
    assert!(!Houses::of(Size::NINE).sees(9, 28));
    assert!(Board::new(&puzzle).houses().sees(9, 28));
}

#[test]
fn techniques_that_assume_one_solution_never_fire_on_a_layout() {
    // A deadly rectangle r1c1, r1c5, r3c1, r3c5 of 2 and 7, r3c5 also holding 5.
    let classic = board_with(&[(0, "27"), (4, "27"), (18, "27"), (22, "257")]);
    assert!(find(Technique::UniqueRectangle, &classic).is_some());
    assert!(find(Technique::UniqueLoop, &classic).is_some());
    // The same candidates as the starting candidates of a pencilmark layout.
    let candidates: Vec<u64> = (0..81).map(|cell| classic.candidates(cell)).collect();
    let marked = Layout::new(Size::NINE, None, &[], &[], Some(&candidates)).unwrap();
    let board = Board::new(&Grid::empty(Size::NINE).with_layout(Some(Arc::new(marked))));
    assert_eq!(board.candidates(22), bit(2) | bit(5) | bit(7));
    for technique in [Technique::UniqueRectangle, Technique::UniqueLoop, Technique::Bug] {
        assert_eq!(find(technique, &board), None, "{technique}");
    }
    let options = Options { uniqueness: true, ..Options::default() };
    for scale in [Scale::Workbench, Scale::Explainer] {
        let step = Ladder::of_scale(scale, options).next_step(&board).expect("a step");
        assert!(!step.technique.assumes_uniqueness(), "{}", step.technique);
    }
}

/// A small deterministic generator (a linear congruential one), for the sweep's puzzles.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

#[test]
fn every_step_on_every_kind_of_layout_holds_in_a_solution() {
    let nine = Size::NINE;
    let sheared: Vec<u32> = (0..81u32).map(|c| (c / 27) * 3 + (c % 9 + c / 9) % 9 / 3).collect();
    let six = Size::from_side(6).unwrap();
    let layouts = [
        Layout::new(nine, None, &[Rule::Diagonals], &[], None),
        Layout::new(nine, None, &[Rule::Windoku], &[], None),
        Layout::new(nine, None, &[Rule::Disjoint], &[], None),
        Layout::new(nine, None, &[Rule::AntiKnight], &[], None),
        Layout::new(nine, None, &[Rule::AntiKing], &[], None),
        Layout::new(nine, Some(&sheared), &[Rule::Diagonals], &[vec![0, 10, 20]], None),
        Layout::new(six, None, &[Rule::Diagonals], &[], None),
    ];
    let mut random = Lcg(7);
    let layouts = layouts.into_iter().map(|layout| Arc::new(layout.unwrap()));
    for layout in layouts.chain([six_by_six_jigsaw()]) {
        let size = layout.size();
        let empty = Grid::empty(size).with_layout(Some(layout.clone()));
        let first = Logic::new().solve(&empty, Limits::FIRST).solution.expect("a solution");
        for _ in 0..4 {
            // The first solution with its values relabelled, and about a quarter of its cells
            // as clues (puzzles of one solution or several: a sound step holds in each).
            let mut relabel: Vec<u8> = (1..=size.side() as u8).collect();
            for i in (1..relabel.len()).rev() {
                relabel.swap(i, random.below(i + 1));
            }
            let values: Vec<u8> =
                first.cells().iter().map(|&v| relabel[usize::from(v) - 1]).collect();
            let solution =
                Grid::from_cells(size, &values).unwrap().with_layout(Some(layout.clone()));
            assert_eq!(layout.first_broken(solution.cells()), None);
            let clues: Vec<u8> =
                values.iter().map(|&v| if random.below(4) == 0 { v } else { 0 }).collect();
            let puzzle = Grid::from_cells(size, &clues).unwrap().with_layout(Some(layout.clone()));
            let options = Options { uniqueness: true, ..Options::default() };
            for ladder in
                [Ladder::new(Options::default()), Ladder::of_scale(Scale::Explainer, options)]
            {
                let path = ladder.solve(&puzzle);
                assert_ne!(path.end, End::Broken, "{}: {}", layout.name(), puzzle.to_line());
                for step in &path.steps {
                    assert!(
                        step.holds_in(&solution),
                        "{}: {}: {step:?}",
                        layout.name(),
                        puzzle.to_line()
                    );
                }
            }
        }
    }
}

/// An empty 9×9 grid with `count` extra groups of nine cells, distinct and each holding one
/// cell of every value of a solution (so the grid has solutions), drawn by a fixed rule.
fn many_groups(count: usize) -> Grid {
    let solution: Vec<u8> =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    let places: Vec<Vec<usize>> =
        (1..=9).map(|v| (0..81).filter(|&cell| solution[cell] == v).collect()).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut seed = 1u64;
    while groups.len() < count {
        let mut group: Vec<usize> = places
            .iter()
            .map(|cells| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                cells[(seed >> 33) as usize % 9]
            })
            .collect();
        group.sort_unstable();
        if !groups.contains(&group) {
            groups.push(group);
        }
    }
    let layout = Layout::new(Size::NINE, None, &[], &groups, None).expect("groups of the grid");
    Grid::empty(Size::NINE).with_layout(Some(Arc::new(layout)))
}

#[test]
fn a_house_holds_its_cells_and_no_other_however_many_houses_a_cell_is_in() {
    let grid = many_groups(200);
    let houses = crate::houses::Tables::of(&grid);
    assert_eq!(houses.added(), 200);
    for house in 0..houses.count() {
        let cells = houses.cells_of(house);
        for cell in 0..81 {
            assert_eq!(houses.holds(house, cell), cells.contains(&(cell as u16)), "{house} {cell}");
        }
    }
}

#[test]
fn the_work_budget_bounds_the_searches_over_the_houses_a_layout_adds() {
    // Nothing to find on an empty grid: every technique looks at every house and finds
    // nothing, at a cost that grows with the houses, which the budget bounds.
    let grid = many_groups(300);
    let ladder = Ladder::new(Options::default());
    let before = crate::budget::spent();
    let path = ladder.clone().with_work_budget(Some(2_000)).solve(&grid);
    assert_eq!((path.end, path.steps.len()), (End::GaveUp, 0));
    assert!(crate::budget::spent() - before <= 2_000);
    let unbounded = ladder.clone().solve(&grid);
    assert_eq!((unbounded.end, unbounded.steps.len()), (End::Stuck, 0));
    // A classic grid's searches spend nothing: its ladder is the same on any budget.
    let classic = Grid::empty(Size::NINE);
    let spent = crate::budget::spent();
    assert_eq!(ladder.with_work_budget(Some(1)).solve(&classic).end, End::Stuck);
    assert_eq!(crate::budget::spent(), spent);
}
