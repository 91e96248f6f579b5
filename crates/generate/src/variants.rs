//! Variant rules drawn over a solved grid: killer cages, thermometers, arrows, kropki dots, XV,
//! little killers and lines, each true of the solution it is drawn over, so that the puzzle
//! they make has that solution. [`crate::generate_one_of`] then takes away every given and
//! every rule the puzzle can do without while its solution stays the only one.
//!
//! Every draw comes from the puzzle's own stream, so the rules depend on the seed and the
//! puzzle number alone.

use sudoku_core::constraint::{Direction, Spot, diagonal};
use sudoku_core::{Constraint, Grid, Size};

use crate::PuzzleStream;

/// A kind of rule drawn over each puzzle's solution (`--variant`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Variant {
    /// Killer cages over the whole grid, 1 to 5 cells of distinct digits each, with their sums.
    Killer,
    /// Thermometers along paths whose digits increase.
    Thermo,
    /// Arrows: a circle, and a line of 2 or 3 cells beside it adding up to its digit.
    Arrow,
    /// Every white and black dot of the solution, with the negative rules.
    Kropki,
    /// Every X and V of the solution, with the negative rule.
    Xv,
    /// Little killers from clues above and left of the grid.
    LittleKiller,
    /// German whispers, renban lines, and odd and even cells.
    Lines,
    /// A third of a killer draw's cages, three thermometers, two arrows, two little killers.
    Mixed,
}

impl Variant {
    /// Every kind, in the order of their words.
    pub const ALL: [Variant; 8] = [
        Variant::Killer,
        Variant::Thermo,
        Variant::Arrow,
        Variant::Kropki,
        Variant::Xv,
        Variant::LittleKiller,
        Variant::Lines,
        Variant::Mixed,
    ];

    /// The word that names the kind on the command line and in file headers.
    pub fn word(self) -> &'static str {
        match self {
            Variant::Killer => "killer",
            Variant::Thermo => "thermo",
            Variant::Arrow => "arrow",
            Variant::Kropki => "kropki",
            Variant::Xv => "xv",
            Variant::LittleKiller => "little-killer",
            Variant::Lines => "lines",
            Variant::Mixed => "mixed",
        }
    }

    /// The kind named `word` ([`Variant::word`]), or `None`.
    pub fn from_word(word: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|variant| variant.word() == word)
    }

    /// The kinds of a list of words, separated by commas or spaces, sorted and without
    /// repeats; `none` alone (or nothing) for none. `Err` names the word not understood.
    pub fn parse_list(text: &str) -> Result<Vec<Variant>, String> {
        let mut variants = Vec::new();
        for word in text.split([',', ' ']).filter(|word| !word.is_empty() && *word != "none") {
            variants.push(Variant::from_word(word).ok_or_else(|| {
                format!(
                    "`{word}` is not a kind of variant: {}",
                    Variant::ALL.map(Variant::word).join(", ")
                )
            })?);
        }
        variants.sort_unstable();
        variants.dedup();
        Ok(variants)
    }

    /// One rule of each kind this draws, on an empty grid of `size` (at least 4×4): what an
    /// engine must take to check the puzzles.
    pub(crate) fn sample(self, size: Size) -> Vec<Constraint> {
        let at = |row, col| Spot::new(row, col);
        match self {
            Variant::Killer => {
                vec![Constraint::Killer { cells: vec![at(0, 0), at(0, 1)], sum: Some(3) }]
            }
            Variant::Thermo => vec![Constraint::Thermometer { cells: vec![at(0, 0), at(0, 1)] }],
            Variant::Arrow => {
                vec![Constraint::Arrow {
                    circle: vec![at(0, 0)],
                    lines: vec![vec![at(0, 1), at(0, 2)]],
                }]
            }
            Variant::Kropki => vec![
                Constraint::Difference { cells: [at(0, 0), at(0, 1)], value: 1 },
                Constraint::Ratio { cells: [at(1, 0), at(1, 1)], value: 2 },
                Constraint::Nonconsecutive,
                Constraint::NegativeRatio,
            ],
            Variant::Xv => {
                vec![Constraint::Xv { cells: [at(0, 0), at(0, 1)], sum: 5 }, Constraint::NegativeXv]
            }
            Variant::LittleKiller => {
                let sum = size.side() as u32 + 1;
                vec![Constraint::LittleKiller {
                    clue: at(-1, 0),
                    direction: Direction::DownRight,
                    sum,
                }]
            }
            Variant::Lines => vec![
                Constraint::Whispers { cells: vec![at(0, 0), at(0, 1)], gap: None },
                Constraint::Renban { cells: vec![at(1, 0), at(1, 1)] },
                Constraint::Odd { cell: at(2, 0) },
                Constraint::Even { cell: at(2, 1) },
            ],
            Variant::Mixed => {
                [Variant::Killer, Variant::Thermo, Variant::Arrow, Variant::LittleKiller]
                    .into_iter()
                    .flat_map(|variant| variant.sample(size))
                    .collect()
            }
        }
    }
}

/// The rules of `variants`, each kind drawn in turn from `stream` over `solution` (a full
/// grid): every one holds in the solution.
pub(crate) fn draw_rules(
    variants: &[Variant],
    stream: &mut PuzzleStream,
    solution: &Grid,
) -> Vec<Constraint> {
    let mut drawer = Drawer { stream, size: solution.size(), values: solution.cells() };
    variants.iter().flat_map(|&variant| drawer.rules(variant)).collect()
}

/// Draws over one solution.
struct Drawer<'a> {
    stream: &'a mut PuzzleStream,
    size: Size,
    values: &'a [u8],
}

/// Whether a path whose digits so far are the first argument may go on with the second.
type Fits<'f> = &'f dyn Fn(&[u8], u8) -> bool;

impl Drawer<'_> {
    fn below(&mut self, bound: usize) -> usize {
        self.stream.below(bound as u32) as usize
    }

    /// `count` for a 9×9 grid, in proportion to the side (at least 2).
    fn scaled(&self, count: usize) -> usize {
        (count * self.size.side()).div_ceil(9).max(2)
    }

    fn spot(&self, cell: usize) -> Spot {
        Spot::new(self.size.row_of(cell) as i16, self.size.col_of(cell) as i16)
    }

    fn value_at(&self, spot: Spot) -> u8 {
        self.values[self.size.cell_at(spot.row as usize, spot.col as usize)]
    }

    fn rules(&mut self, variant: Variant) -> Vec<Constraint> {
        let increasing = |digits: &[u8], next: u8| digits.last().is_none_or(|&last| next > last);
        let thermo = |cells: Vec<Spot>| Constraint::Thermometer { cells };
        match variant {
            Variant::Killer => self.cages(),
            Variant::Thermo => self.lines(self.scaled(8), &increasing, &thermo),
            Variant::Arrow => self.arrows(self.scaled(8)),
            Variant::Kropki => self.dots(),
            Variant::Xv => self.xv(),
            Variant::LittleKiller => self.little_killers(self.scaled(10)),
            Variant::Lines => self.whispers_renban_parity(),
            Variant::Mixed => {
                let cages = self.cages();
                let mut made: Vec<Constraint> =
                    cages.into_iter().filter(|_| self.below(3) == 0).collect();
                made.extend(self.lines(self.scaled(3), &increasing, &thermo));
                made.extend(self.arrows(self.scaled(2)));
                made.extend(self.little_killers(self.scaled(2)));
                made
            }
        }
    }

    /// Killer cages over the whole grid, each of 1 to 5 cells side by side with distinct
    /// digits, grown from the cells in random order.
    fn cages(&mut self) -> Vec<Constraint> {
        let cells = self.size.cells();
        let mut taken = vec![false; cells];
        let mut order: Vec<usize> = (0..cells).collect();
        self.stream.shuffle(&mut order);
        let mut rules = Vec::new();
        for start in order {
            if taken[start] {
                continue;
            }
            let target = 1 + self.below(5);
            let mut cage = vec![start];
            taken[start] = true;
            while cage.len() < target {
                let mut next: Vec<usize> = cage
                    .iter()
                    .flat_map(|&c| self.size.edge_neighbours(c))
                    .filter(|&c| {
                        !taken[c] && !cage.iter().any(|&m| self.values[m] == self.values[c])
                    })
                    .collect();
                next.sort_unstable();
                next.dedup();
                if next.is_empty() {
                    break;
                }
                let chosen = next[self.below(next.len())];
                taken[chosen] = true;
                cage.push(chosen);
            }
            let sum = cage.iter().map(|&c| u32::from(self.values[c])).sum();
            let cells = cage.into_iter().map(|c| self.spot(c)).collect();
            rules.push(Constraint::Killer { cells, sum: Some(sum) });
        }
        rules
    }

    /// A random path of `length` cells side by side from `start` whose digits keep `fits`;
    /// `None` if the walk runs out of cells.
    fn path(&mut self, start: usize, length: usize, fits: Fits) -> Option<Vec<usize>> {
        let mut cells = vec![start];
        while cells.len() < length {
            let digits: Vec<u8> = cells.iter().map(|&c| self.values[c]).collect();
            let last = *cells.last().expect("a path has its start");
            let next: Vec<usize> = self
                .size
                .edge_neighbours(last)
                .into_iter()
                .filter(|c| !cells.contains(c) && fits(&digits, self.values[*c]))
                .collect();
            if next.is_empty() {
                return None;
            }
            cells.push(next[self.below(next.len())]);
        }
        Some(cells)
    }

    /// Up to `count` lines of 3 to 6 cells, no two through one cell, whose digits keep
    /// `fits`, made by `rule`; 50 walks a line at most.
    fn lines(
        &mut self,
        count: usize,
        fits: Fits,
        rule: &dyn Fn(Vec<Spot>) -> Constraint,
    ) -> Vec<Constraint> {
        let mut made = Vec::new();
        let mut used = vec![false; self.size.cells()];
        for _ in 0..count * 50 {
            if made.len() == count {
                break;
            }
            let start = self.below(self.size.cells());
            let length = 3 + self.below(4);
            if let Some(cells) = self.path(start, length, fits)
                && cells.iter().all(|&c| !used[c])
            {
                for &c in &cells {
                    used[c] = true;
                }
                made.push(rule(cells.into_iter().map(|c| self.spot(c)).collect()));
            }
        }
        made
    }

    /// Up to `count` arrows: a circle and a line of 2 or 3 cells from beside it, adding up
    /// to the circle's digit; 100 tries an arrow at most.
    fn arrows(&mut self, count: usize) -> Vec<Constraint> {
        let mut made = Vec::new();
        for _ in 0..count * 100 {
            if made.len() == count {
                break;
            }
            let circle = self.below(self.size.cells());
            let target = u32::from(self.values[circle]);
            let length = 2 + self.below(2);
            let around = self.size.edge_neighbours(circle);
            let first = around[self.below(around.len())];
            let fits = |digits: &[u8], next: u8| {
                digits.iter().map(|&d| u32::from(d)).sum::<u32>() + u32::from(next) <= target
            };
            let Some(line) = self.path(first, length, &fits) else { continue };
            if line.contains(&circle)
                || line.iter().map(|&c| u32::from(self.values[c])).sum::<u32>() != target
            {
                continue;
            }
            let line = line.into_iter().map(|c| self.spot(c)).collect();
            made.push(Constraint::Arrow { circle: vec![self.spot(circle)], lines: vec![line] });
        }
        made
    }

    /// Every pair of cells side by side, each once, in reading order.
    fn pairs(&self) -> Vec<(usize, usize)> {
        (0..self.size.cells())
            .flat_map(|cell| {
                self.size
                    .edge_neighbours(cell)
                    .into_iter()
                    .filter(move |&o| o > cell)
                    .map(move |o| (cell, o))
            })
            .collect()
    }

    /// Every white and black dot of the solution (a pair that is both, white), and the
    /// negative rules that then hold.
    fn dots(&self) -> Vec<Constraint> {
        let mut made = Vec::new();
        for (cell, other) in self.pairs() {
            let (a, b) = (u32::from(self.values[cell]), u32::from(self.values[other]));
            let cells = [self.spot(cell), self.spot(other)];
            if a.abs_diff(b) == 1 {
                made.push(Constraint::Difference { cells, value: 1 });
            } else if a == 2 * b || b == 2 * a {
                made.push(Constraint::Ratio { cells, value: 2 });
            }
        }
        made.push(Constraint::Nonconsecutive);
        made.push(Constraint::NegativeRatio);
        made
    }

    /// Every X and V of the solution, and the negative rule.
    fn xv(&self) -> Vec<Constraint> {
        let mut made = Vec::new();
        for (cell, other) in self.pairs() {
            let sum = u32::from(self.values[cell]) + u32::from(self.values[other]);
            if sum == 5 || sum == 10 {
                made.push(Constraint::Xv { cells: [self.spot(cell), self.spot(other)], sum });
            }
        }
        made.push(Constraint::NegativeXv);
        made
    }

    /// `count` little killers from clues above the grid (both ways down) and left of it
    /// (down and right), chosen at random among those of two cells or more.
    fn little_killers(&mut self, count: usize) -> Vec<Constraint> {
        let side = self.size.side() as i16;
        let mut clues: Vec<(Spot, Direction)> = (0..side)
            .flat_map(|k| {
                [
                    (Spot::new(-1, k), Direction::DownRight),
                    (Spot::new(-1, k), Direction::DownLeft),
                    (Spot::new(k, -1), Direction::DownRight),
                ]
            })
            .collect();
        self.stream.shuffle(&mut clues);
        let size = self.size;
        let mut made = Vec::new();
        for (clue, direction) in clues {
            if made.len() == count {
                break;
            }
            let Some(cells) = diagonal(size, clue, direction).filter(|cells| cells.len() >= 2)
            else {
                continue;
            };
            let sum = cells.iter().map(|&spot| u32::from(self.value_at(spot))).sum();
            made.push(Constraint::LittleKiller { clue, direction, sum });
        }
        made
    }

    /// Four German whispers, up to four renban lines (paths of distinct digits that make a
    /// run), and six cells said odd or even.
    fn whispers_renban_parity(&mut self) -> Vec<Constraint> {
        let whisper =
            |digits: &[u8], next: u8| digits.last().is_none_or(|&last| last.abs_diff(next) >= 5);
        let mut made = self
            .lines(self.scaled(4), &whisper, &|cells| Constraint::Whispers { cells, gap: None });
        let run = |digits: &[u8], next: u8| {
            !digits.contains(&next) && {
                let low = digits.iter().copied().chain([next]).min().unwrap_or(next);
                let high = digits.iter().copied().chain([next]).max().unwrap_or(next);
                usize::from(high - low) <= 5
            }
        };
        let renban = self.lines(self.scaled(12), &run, &|cells| Constraint::Renban { cells });
        let runs = renban.into_iter().filter(|rule| {
            let Constraint::Renban { cells } = rule else { return false };
            let digits: Vec<u8> = cells.iter().map(|&spot| self.value_at(spot)).collect();
            let (low, high) = (digits.iter().min(), digits.iter().max());
            low.zip(high).is_some_and(|(low, high)| usize::from(high - low) + 1 == digits.len())
        });
        made.extend(runs.take(self.scaled(4)).collect::<Vec<_>>());
        for _ in 0..self.scaled(6) {
            let cell = self.below(self.size.cells());
            let spot = self.spot(cell);
            made.push(if self.values[cell] % 2 == 1 {
                Constraint::Odd { cell: spot }
            } else {
                Constraint::Even { cell: spot }
            });
        }
        made
    }
}
