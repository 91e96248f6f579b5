//! Puzzle files, read once into memory before anything is timed.
//!
//! A file is streamed through [`PuzzleReader`] (any format the core reads, detected per
//! puzzle), so reading costs memory for the grids only. Timing runs over the loaded puzzles
//! many times, which is why they are kept: parsing is paid once and reported on its own, never
//! inside an engine's figures.
//!
//! A malformed puzzle does not stop the file: its error (file, puzzle, line, column) is kept,
//! and the other puzzles are benchmarked.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_core::{Grid, PuzzleReader, ReadOptions, Size};
use sudoku_logic::{Band, Rater};

/// The corpus the project ships, relative to the repository root.
pub const SHIPPED_CORPUS: &str = "data/corpus/generated-10000.txt";

/// One puzzle of a corpus, with where it came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CorpusPuzzle {
    /// The clues.
    pub grid: Grid,
    /// Its 1-based number in the file, malformed puzzles included.
    pub number: usize,
    /// The 1-based line it starts on.
    pub line: usize,
}

/// A puzzle file, loaded.
#[derive(Clone, Debug)]
pub struct Corpus {
    /// The file as named by the caller; reports and messages use it.
    pub file: String,
    /// The well-formed puzzles, in file order.
    pub puzzles: Vec<CorpusPuzzle>,
    /// One line per malformed puzzle or read failure: `FILE: puzzle N, line L, column C: ...`.
    pub read_errors: Vec<String>,
    /// Time spent opening, reading and parsing.
    pub read_time: Duration,
    /// Why the file could not be opened at all (then it has no puzzles). Such a file stays in
    /// the run, so that the report names it with its error.
    pub open_error: Option<String>,
}

/// A file that could not be opened.
#[derive(Debug, thiserror::Error)]
#[error("cannot open {file}: {source}")]
pub struct LoadError {
    /// The file as named.
    pub file: String,
    /// Why.
    pub source: io::Error,
}

impl Corpus {
    /// Reads every puzzle of the file at `path`, as `options` say or detecting each puzzle's
    /// format, size and alphabet.
    pub fn load(path: &Path, options: ReadOptions) -> Result<Corpus, LoadError> {
        let started = Instant::now();
        let file = path.display().to_string();
        let opened = File::open(path).and_then(|handle| {
            // Opening a directory succeeds on Unix; reading it fails. Say so up front.
            if handle.metadata()?.is_dir() {
                return Err(io::Error::new(io::ErrorKind::InvalidInput, "is a directory"));
            }
            Ok(handle)
        });
        let handle = opened.map_err(|source| LoadError { file: file.clone(), source })?;
        let mut corpus = Corpus::read(file, BufReader::with_capacity(1 << 16, handle), options);
        corpus.read_time = started.elapsed();
        Ok(corpus)
    }

    /// Reads every puzzle from `input`, naming it `file` in messages.
    pub fn read(file: impl Into<String>, input: impl BufRead, options: ReadOptions) -> Corpus {
        let started = Instant::now();
        let file = file.into();
        let mut puzzles = Vec::new();
        let mut read_errors = Vec::new();
        for item in PuzzleReader::with_options(input, options) {
            match item {
                Ok(puzzle) => puzzles.push(CorpusPuzzle {
                    grid: puzzle.grid,
                    number: puzzle.number,
                    line: puzzle.line,
                }),
                Err(error) => read_errors.push(format!("{file}: {error}")),
            }
        }
        Corpus { file, puzzles, read_errors, read_time: started.elapsed(), open_error: None }
    }

    /// A file that could not be opened: no puzzles, and the error that says why.
    pub fn unreadable(error: &LoadError) -> Corpus {
        Corpus {
            file: error.file.clone(),
            puzzles: Vec::new(),
            read_errors: Vec::new(),
            read_time: Duration::ZERO,
            open_error: Some(error.source.to_string()),
        }
    }

    /// Up to `count` puzzles spread evenly over the corpus (all of them when it is smaller):
    /// a fixed sample, the same every time, that still sees every part of the file.
    pub fn sample(&self, count: usize) -> Corpus {
        let total = self.puzzles.len();
        let puzzles = if count >= total {
            self.puzzles.clone()
        } else {
            (0..count).map(|k| self.puzzles[k * total / count].clone()).collect()
        };
        Corpus { puzzles, read_errors: self.read_errors.clone(), ..self.clone_empty() }
    }

    /// The sizes of the puzzles, smallest first, with how many puzzles each has.
    pub fn sizes(&self) -> Vec<(Size, usize)> {
        let mut counts = [0; Size::ALL.len()];
        for puzzle in &self.puzzles {
            counts[puzzle.grid.size().order() - Size::MIN_ORDER] += 1;
        }
        Size::ALL.into_iter().zip(counts).filter(|&(_, count)| count > 0).collect()
    }

    /// The puzzles of `size`, as a corpus of the same file. Engines are run and reported per
    /// size, so a file mixing sizes is measured in parts.
    pub fn part(&self, size: Size) -> Corpus {
        let puzzles = self.puzzles.iter().filter(|p| p.grid.size() == size).cloned().collect();
        Corpus { puzzles, read_errors: Vec::new(), ..self.clone_empty() }
    }

    /// The corpus split by how hard its puzzles are for people: one corpus per difficulty
    /// band met ([`Band`], from the rating of the `logic` ladder without uniqueness
    /// techniques), named `FILE [band]`, easiest band first. Puzzles keep their numbers and
    /// lines; read errors stay with the first part. Rated in parallel on the current rayon
    /// pool. A file that could not be opened is returned as it is.
    pub fn by_difficulty(&self) -> Vec<Corpus> {
        if self.open_error.is_some() || self.puzzles.is_empty() {
            return vec![self.clone()];
        }
        let rater = Rater::new(false);
        let bands: Vec<Band> = self
            .puzzles
            .par_iter()
            .map(|puzzle| Band::of(&rater.rate(&puzzle.grid, false)))
            .collect();
        let mut parts: Vec<Corpus> = Band::ALL
            .into_iter()
            .filter_map(|band| {
                let puzzles: Vec<CorpusPuzzle> = self
                    .puzzles
                    .iter()
                    .zip(&bands)
                    .filter(|&(_, &of)| of == band)
                    .map(|(puzzle, _)| puzzle.clone())
                    .collect();
                (!puzzles.is_empty()).then(|| Corpus {
                    file: format!("{} [{band}]", self.file),
                    puzzles,
                    ..self.clone_empty()
                })
            })
            .collect();
        parts[0].read_errors = self.read_errors.clone();
        parts
    }

    /// This corpus without its puzzles and read errors.
    fn clone_empty(&self) -> Corpus {
        Corpus {
            file: self.file.clone(),
            puzzles: Vec::new(),
            read_errors: Vec::new(),
            read_time: self.read_time,
            open_error: self.open_error.clone(),
        }
    }

    /// FNV-1a (64 bits) of every puzzle's cells in order, as 16 hex digits. Two files with the
    /// same puzzles in the same order have the same digest, whatever their format.
    pub fn digest(&self) -> String {
        const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mut hash = OFFSET_BASIS;
        for puzzle in &self.puzzles {
            for &value in puzzle.grid.cells() {
                hash ^= u64::from(value);
                hash = hash.wrapping_mul(PRIME);
            }
        }
        format!("{hash:016x}")
    }
}

/// Where the shipped corpus is: [`SHIPPED_CORPUS`] under the current directory, else in the
/// source tree this program was built from. `None` when neither exists.
pub fn shipped_corpus() -> Option<PathBuf> {
    let here = PathBuf::from(SHIPPED_CORPUS);
    if here.is_file() {
        return Some(here);
    }
    let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(SHIPPED_CORPUS);
    source_tree.is_file().then(|| source_tree.canonicalize().unwrap_or(source_tree))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn reading_keeps_places_and_goes_past_a_bad_puzzle() {
        let text = format!("# comment\n{SOLVED}\n{}x\n\n{SOLVED}\n", ".".repeat(80));
        let corpus = Corpus::read("test.txt", text.as_bytes(), ReadOptions::default());
        let places: Vec<_> = corpus.puzzles.iter().map(|p| (p.number, p.line)).collect();
        assert_eq!(places, [(1, 2), (3, 5)]);
        assert_eq!(corpus.read_errors.len(), 1);
        assert!(
            corpus.read_errors[0].starts_with("test.txt: puzzle 2, line 3, column 81: "),
            "{}",
            corpus.read_errors[0]
        );
    }

    #[test]
    fn samples_are_spread_evenly_and_digests_follow_the_puzzles() {
        let mut text = String::new();
        for index in 0..10 {
            let mut line = ".".repeat(81);
            line.replace_range(index..=index, "5");
            text.push_str(&line);
            text.push('\n');
        }
        let corpus = Corpus::read("ten", text.as_bytes(), ReadOptions::default());
        let sample = corpus.sample(3);
        let numbers: Vec<_> = sample.puzzles.iter().map(|p| p.number).collect();
        assert_eq!(numbers, [1, 4, 7]);
        assert_eq!(corpus.sample(50).puzzles.len(), 10);
        assert_eq!(corpus.digest(), corpus.sample(10).digest());
        assert_ne!(corpus.digest(), sample.digest());
        assert_eq!(corpus.digest().len(), 16);
    }

    #[test]
    fn a_file_mixing_sizes_splits_into_parts_in_file_order() {
        let four = "1234341221434321";
        let text = format!("{SOLVED}\n{four}\n{}\n{SOLVED}\n", ".".repeat(16));
        let corpus = Corpus::read("mixed", text.as_bytes(), ReadOptions::default());
        let sizes: Vec<(usize, usize)> =
            corpus.sizes().into_iter().map(|(size, count)| (size.side(), count)).collect();
        assert_eq!(sizes, [(4, 2), (9, 2)]);
        let part = corpus.part(Size::from_side(4).unwrap());
        let numbers: Vec<_> = part.puzzles.iter().map(|p| p.number).collect();
        assert_eq!(numbers, [2, 3]);
        assert_eq!(part.file, "mixed");
    }
}
