//! Puzzles of layouts beyond the classic one: the layout drawn for each puzzle number (a
//! jigsaw's regions at random, connected; the rules as asked) and a random solution of it,
//! from which [`crate::generate_one`] removes clues as it does for classic grids.

use std::collections::VecDeque;
use std::sync::Arc;

use sudoku_core::{Grid, Layout, Limits, Rule, Size, Units, Verdict};

use crate::PuzzleStream;
use crate::solutions::Board;
use crate::variants::Variant;

/// What layout each puzzle gets: the rules, and whether its regions are drawn at random
/// (jigsaw) rather than its size's boxes. The default is the classic layout.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Recipe {
    /// The rules every puzzle has.
    pub rules: Vec<Rule>,
    /// Whether each puzzle's regions are drawn at random, connected, in place of the boxes.
    pub jigsaw: bool,
    /// Whether each puzzle is a pencilmark puzzle: no givens, each cell's starting
    /// candidates instead.
    pub pencilmark: bool,
    /// The kinds of rule drawn over each puzzle's solution (killer cages, thermometers...),
    /// kept only where the puzzle needs them.
    pub variants: Vec<Variant>,
}

impl Recipe {
    /// Whether puzzles made to this recipe are classic.
    pub fn is_classic(&self) -> bool {
        self.is_classic_layout() && self.variants.is_empty()
    }

    /// Whether the houses and candidates are classic, whatever rules are drawn over them.
    pub fn is_classic_layout(&self) -> bool {
        self.rules.is_empty() && !self.jigsaw && !self.pencilmark
    }

    /// The layout's words alone, as `--layout` takes them: [`Recipe::words`] without the
    /// variants; `classic` for the classic layout.
    pub fn layout_words(&self) -> String {
        Recipe { variants: Vec::new(), ..self.clone() }.words()
    }

    /// The recipe of a list of words, separated by commas or spaces: `jigsaw` and the words
    /// of rules ([`Rule::from_word`]: `x`, `windoku`, `disjoint`, `anti-knight`, `anti-king`);
    /// `classic` alone for the classic layout.
    pub fn parse(text: &str) -> Result<Recipe, String> {
        let mut recipe = Recipe::default();
        for word in text.split([',', ' ']).filter(|word| !word.is_empty()) {
            match word {
                "classic" => {}
                "jigsaw" => recipe.jigsaw = true,
                "pencilmark" => recipe.pencilmark = true,
                _ => recipe.rules.push(Rule::from_word(word).ok_or_else(|| {
                    format!(
                        "`{word}` is not a layout: jigsaw, {}, pencilmark, or classic",
                        Rule::ALL.map(Rule::word).join(", ")
                    )
                })?),
            }
        }
        recipe.rules.sort_unstable();
        recipe.rules.dedup();
        Ok(recipe)
    }

    /// The recipe in words: `jigsaw` first, then the rules, as [`Recipe::parse`] reads them,
    /// then the variants ([`Variant::word`]); `classic` for the classic layout.
    pub fn words(&self) -> String {
        let mut words: Vec<&str> = self.jigsaw.then_some("jigsaw").into_iter().collect();
        words.extend(self.rules.iter().map(|rule| rule.word()));
        if self.pencilmark {
            words.push("pencilmark");
        }
        words.extend(self.variants.iter().map(|variant| variant.word()));
        if words.is_empty() { "classic".to_owned() } else { words.join(" ") }
    }

    /// An empty grid of `size` with a layout of this recipe (on the boxes, for a jigsaw): the
    /// kind of grid the puzzles are, to choose the engine that takes them. The recipe must
    /// have passed [`Recipe::check`] for the size.
    pub fn sample(&self, size: Size) -> Grid {
        let boxes: Option<Vec<u32>> =
            self.jigsaw.then(|| (0..size.cells()).map(|c| size.box_of(c) as u32).collect());
        let all = self.pencilmark.then(|| vec![u64::MAX >> (64 - size.side()); size.cells()]);
        let layout = Layout::new(size, boxes.as_deref(), &self.rules, &[], all.as_deref())
            .expect("the recipe was checked for the size");
        let samples: Vec<_> =
            self.variants.iter().flat_map(|variant| variant.sample(size)).collect();
        let layout = match samples.is_empty() {
            true => layout,
            false => {
                layout.with_constraints(samples).expect("sample rules fit a grid of 4×4 or more")
            }
        };
        Grid::empty(size).with_layout(Some(Arc::new(layout)))
    }

    /// Whether grids of `size` can be made to this recipe: `Err` says why not, in a sentence
    /// (the rule that needs boxes or square boxes).
    pub fn check(&self, size: Size) -> Result<(), String> {
        if !self.variants.is_empty() {
            if self.pencilmark {
                return Err("pencilmark puzzles take no drawn rules".to_owned());
            }
            if size.side() < 4 {
                return Err(format!("no rules are drawn over {size} grids"));
            }
        }
        let regions = self.jigsaw.then(|| vec![0; size.cells()]);
        // A layout of the same rules on the boxes, or on regions (whose marks do not matter
        // to the rules' needs), says whether the rules fit.
        let boxes: Option<Vec<u32>> =
            regions.map(|_| (0..size.cells()).map(|c| size.box_of(c) as u32).collect());
        Layout::new(size, boxes.as_deref(), &self.rules, &[], None)
            .map(|_| ())
            .map_err(|error| format!("no {size} layout: {error}"))
    }

    /// Refuses a recipe whose rules no grid of `size` keeps (anti-king at 4×4, every rule at
    /// once at 9×9), before any draw: `Err` says so in a sentence. One search of the empty grid
    /// by `cdcl` within a budget of nodes decides it: with the boxes, or for a jigsaw with the
    /// rows in place of the regions (a Latin square: no jigsaw keeps rules that no Latin
    /// square keeps). A search that runs out of nodes proves nothing either way, and the draws
    /// find out within their attempts. The recipe must have passed [`Recipe::check`].
    pub fn check_grids(&self, size: Size) -> Result<(), String> {
        // The variants' rules are drawn true of a solution: only the layout's can fail.
        if self.is_classic_layout() {
            return Ok(());
        }
        let rows: Option<Vec<u32>> =
            self.jigsaw.then(|| (0..size.cells()).map(|c| size.row_of(c) as u32).collect());
        // A rule the rows cannot carry (one that needs boxes) leaves the search to the draws.
        let Ok(layout) = Layout::new(size, rows.as_deref(), &self.rules, &[], None) else {
            return Ok(());
        };
        let empty = Grid::empty(size).with_layout(Some(Arc::new(layout)));
        let engine = sudoku_engines::find("cdcl").expect("cdcl is a built-in engine");
        let limits = Limits::FIRST.with_node_budget(EXISTENCE_NODES);
        match engine.create().solve(&empty, limits).verdict(limits) {
            Verdict::Exactly(0) => Err(format!(
                "no {size} grid keeps {}: an empty grid of these rules has no solution",
                self.words()
            )),
            _ => Ok(()),
        }
    }

    /// The layout of one puzzle, drawn from `stream`.
    pub(crate) fn draw(&self, stream: &mut PuzzleStream, size: Size) -> Arc<Layout> {
        let regions = self.jigsaw.then(|| random_regions(stream, size));
        let layout = Layout::new(size, regions.as_deref(), &self.rules, &[], None)
            .expect("the recipe was checked for the size, and drawn regions are connected regions of side cells");
        Arc::new(layout)
    }
}

/// The nodes `cdcl` may spend deciding whether any grid keeps a recipe's rules
/// ([`Recipe::check_grids`]). Measured on empty grids: one rule alone, or a knight's and a
/// king's move together, takes it 4 to 177 nodes to a solution from 4×4 to 16×16 (windoku 938
/// at 16×16, 33,933 at 25×25, a second or so); proving none takes 16 nodes for anti-king at
/// 4×4, 13 for both moves at 6×6, 1,949 for every rule at once at 9×9. Every rule at once at
/// 16×16 is not decided within 100,000 nodes (some 2 s): this bound gives such a search up
/// within a few tenths of a second, and leaves it to the draws.
pub const EXISTENCE_NODES: u64 = 20_000;

/// Exchanges of cells between neighbouring regions tried per cell when regions are drawn:
/// enough that the boxes they start from are no longer recognisable.
const REGION_SWAPS_PER_CELL: usize = 20;

/// Regions of `size` drawn from `stream`: starting from the boxes, a cell passes to a
/// neighbouring region and a cell of that region next to the first region passes back, kept
/// whenever both regions stay in one piece; so every region keeps `side` cells and stays
/// connected.
fn random_regions(stream: &mut PuzzleStream, size: Size) -> Vec<u32> {
    let cells = size.cells();
    let mut regions: Vec<u32> = (0..cells).map(|cell| size.box_of(cell) as u32).collect();
    for _ in 0..REGION_SWAPS_PER_CELL * cells {
        let given = stream.below(cells as u32) as usize;
        let around = size.edge_neighbours(given);
        let (from, to) =
            (regions[given], regions[around[stream.below(around.len() as u32) as usize]]);
        if from == to {
            continue;
        }
        regions[given] = to;
        let back: Vec<usize> = (0..cells)
            .filter(|&cell| {
                cell != given
                    && regions[cell] == to
                    && size.edge_neighbours(cell).iter().any(|&next| regions[next] == from)
            })
            .collect();
        if back.is_empty() {
            regions[given] = from;
            continue;
        }
        let returned = back[stream.below(back.len() as u32) as usize];
        regions[returned] = from;
        if !connected(size, &regions, from) || !connected(size, &regions, to) {
            regions[returned] = to;
            regions[given] = from;
        }
    }
    regions
}

/// Whether the cells of `region` are one piece, cell to cell across edges.
fn connected(size: Size, regions: &[u32], region: u32) -> bool {
    let Some(start) = regions.iter().position(|&r| r == region) else { return true };
    let mut seen = vec![false; regions.len()];
    seen[start] = true;
    let mut queue = VecDeque::from([start]);
    let mut reached = 1;
    while let Some(cell) = queue.pop_front() {
        for next in size.edge_neighbours(cell) {
            if !seen[next] && regions[next] == region {
                seen[next] = true;
                reached += 1;
                queue.push_back(next);
            }
        }
    }
    reached == size.side()
}

/// Placements one attempt at a solution of a layout may make, per cell, before it gives up.
const ATTEMPT_NODES: usize = 20;

/// A random solution of `layout`, drawn from `stream`: a search that places values in random
/// order on the cell with the fewest candidates, with naked and hidden singles after each
/// placement; `None` when an attempt reaches its budget or the layout has no solution.
pub(crate) fn random_solution(stream: &mut PuzzleStream, layout: &Arc<Layout>) -> Option<Grid> {
    let empty = Grid::empty(layout.size()).with_layout(Some(Arc::clone(layout)));
    let units = Units::for_grid(&empty);
    let board = Board::new(&empty, &units)?;
    let mut budget = ATTEMPT_NODES * layout.size().cells();
    let values = fill(board, &units, stream, &mut budget)?;
    Some(
        Grid::from_cells(layout.size(), &values)
            .expect("values of the size")
            .with_layout(Some(Arc::clone(layout))),
    )
}

/// Completes `board` as [`random_solution`] does, within `budget` placements.
fn fill(
    board: Board,
    units: &Units,
    stream: &mut PuzzleStream,
    budget: &mut usize,
) -> Option<Vec<u8>> {
    let Some(cell) = board.branch_cell() else { return Some(board.values) };
    let mut values: Vec<u8> =
        (0..64u8).filter(|&v| board.candidates[cell] & (1 << v) != 0).map(|v| v + 1).collect();
    stream.shuffle(&mut values);
    for value in values {
        *budget = budget.checked_sub(1)?;
        let mut next = board.clone();
        if next.place(units, cell, value)
            && next.singles(units)
            && let Some(found) = fill(next, units, stream, budget)
        {
            return Some(found);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_no_grid_keeps_are_refused_and_the_others_are_not() {
        let four = Size::from_side(4).unwrap();
        let six = Size::from_side(6).unwrap();
        let refused = |words: &str, size: Size| {
            let recipe = Recipe::parse(words).unwrap();
            recipe.check(size).unwrap();
            recipe.check_grids(size).err()
        };
        let said = refused("anti-king", four).unwrap();
        assert_eq!(
            said,
            "no 4×4 grid keeps anti-king: an empty grid of these rules has no solution"
        );
        assert!(refused("jigsaw anti-king", four).is_some(), "no Latin square keeps it either");
        assert!(refused("anti-knight anti-king", six).is_some());
        assert!(refused("x windoku disjoint anti-knight anti-king", Size::NINE).is_some());
        assert!(refused("x anti-knight", six).is_some(), "no 6×6 grid keeps both");
        for (words, size) in
            [("anti-king", Size::NINE), ("x", six), ("anti-knight", six), ("jigsaw x", four)]
        {
            assert_eq!(refused(words, size), None, "{words} at {size}");
        }
        assert_eq!(Recipe::default().check_grids(four), Ok(()));
    }

    #[test]
    fn drawn_regions_are_connected_and_differ_from_the_boxes() {
        for size in [Size::NINE, Size::from_side(6).unwrap(), Size::from_side(16).unwrap()] {
            let mut stream = PuzzleStream::new(3, 1);
            let regions = random_regions(&mut stream, size);
            for region in 0..size.side() as u32 {
                assert_eq!(regions.iter().filter(|&&r| r == region).count(), size.side());
                assert!(connected(size, &regions, region), "{size} region {region}");
            }
            let moved = (0..size.cells()).filter(|&c| regions[c] != size.box_of(c) as u32).count();
            assert!(moved > size.cells() / 4, "{size}: {moved} cells left their box");
            let again = random_regions(&mut PuzzleStream::new(3, 1), size);
            assert_eq!(regions, again, "the same stream draws the same regions");
        }
    }

    #[test]
    fn random_solutions_keep_every_rule_of_their_layout() {
        let recipes = [
            Recipe {
                rules: vec![Rule::Diagonals],
                jigsaw: false,
                pencilmark: false,
                variants: Vec::new(),
            },
            Recipe {
                rules: vec![Rule::Windoku],
                jigsaw: false,
                pencilmark: false,
                variants: Vec::new(),
            },
            Recipe {
                rules: vec![Rule::AntiKnight],
                jigsaw: false,
                pencilmark: false,
                variants: Vec::new(),
            },
            Recipe {
                rules: vec![Rule::AntiKing, Rule::Disjoint],
                jigsaw: false,
                pencilmark: false,
                variants: Vec::new(),
            },
            Recipe { rules: Vec::new(), jigsaw: true, pencilmark: false, variants: Vec::new() },
            Recipe {
                rules: vec![Rule::Diagonals],
                jigsaw: true,
                pencilmark: false,
                variants: Vec::new(),
            },
        ];
        for recipe in recipes {
            assert!(recipe.check(Size::NINE).is_ok());
            let mut found = 0;
            for index in 0..20 {
                let mut stream = PuzzleStream::new(5, index);
                let layout = recipe.draw(&mut stream, Size::NINE);
                if let Some(solution) = random_solution(&mut stream, &layout) {
                    assert!(solution.is_full());
                    assert_eq!(layout.first_broken(solution.cells()), None, "{recipe:?}");
                    found += 1;
                }
            }
            // A drawn layout may have no solution a short search reaches (a jigsaw with
            // diagonals often has none); the generator draws again.
            assert!(found >= 4, "{recipe:?}: {found} of 20 draws solved");
        }
        let parsed = Recipe::parse("anti-knight,jigsaw x").unwrap();
        assert_eq!(parsed.words(), "jigsaw x anti-knight");
        assert_eq!(Recipe::parse(&parsed.words()), Ok(parsed));
        assert_eq!(Recipe::parse("classic").map(|r| r.is_classic()), Ok(true));
        assert!(Recipe::parse("killer").unwrap_err().contains("`killer` is not a layout"));
        let windoku_six = Recipe {
            rules: vec![Rule::Windoku],
            jigsaw: false,
            pencilmark: false,
            variants: Vec::new(),
        };
        assert!(windoku_six.check(Size::from_side(6).unwrap()).is_err());
        assert!(
            Recipe {
                rules: vec![Rule::Disjoint],
                jigsaw: true,
                pencilmark: false,
                variants: Vec::new()
            }
            .check(Size::NINE)
            .is_err()
        );
    }
}
