//! Puzzle files: checked once before anything is timed, then handed to the engines a chunk at
//! a time.
//!
//! A file named on the command line is *opened* ([`Corpus::open`]): read once, streamed
//! through [`PuzzleReader`] (any format the core reads, detected per puzzle), to count its
//! puzzles and sizes, take its digest and collect its read errors, keeping no puzzle. The run
//! then reads it again, [`CHUNK_PUZZLES`] puzzles (or [`CHUNK_CELLS`] cells) at a time
//! ([`Corpus::chunks`]), so memory does not grow with the file: ten million puzzles cost what
//! sixty-five thousand do. Parsing is paid on its own, never inside an engine's figures.
//!
//! A corpus can also be *loaded*, every puzzle kept in memory ([`Corpus::load`],
//! [`Corpus::read`]): standard input, which cannot be read twice, files split by difficulty,
//! and tests. Its chunks are cut from memory, and the run cannot tell the two apart.
//!
//! A malformed puzzle does not stop the file: its error (file, puzzle, line, column) is kept
//! (the first [`KEPT_READ_ERRORS`]; the rest are counted), and the other puzzles are
//! benchmarked.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sudoku_core::{Grid, GridKind, PuzzleReader, ReadOptions, Size};
use sudoku_logic::{Band, Rater};

/// The most puzzles in one chunk of a run.
pub const CHUNK_PUZZLES: usize = 65_536;

/// The most cells in one chunk of a run (a chunk of large grids holds fewer puzzles).
pub const CHUNK_CELLS: usize = 1 << 23;

/// Read errors kept per file with their text; beyond these they are only counted.
pub const KEPT_READ_ERRORS: usize = 1000;

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

/// A puzzle file: loaded (its puzzles in memory) or opened (read again, a chunk at a time, when
/// the run gets to it).
#[derive(Clone, Debug)]
pub struct Corpus {
    /// The file as named by the caller; reports and messages use it.
    pub file: String,
    /// The well-formed puzzles, in file order; empty for an opened file, whose puzzles stay on
    /// disk until [`Corpus::chunks`] reads them.
    pub puzzles: Vec<CorpusPuzzle>,
    /// One line per malformed puzzle or read failure, `FILE: puzzle N, line L, column C: ...`:
    /// the first [`KEPT_READ_ERRORS`] of them.
    pub read_errors: Vec<String>,
    /// Malformed puzzles and read failures, all of them.
    pub read_error_count: u64,
    /// Time spent opening, reading and parsing.
    pub read_time: Duration,
    /// Why the file could not be opened at all (then it has no puzzles). Such a file stays in
    /// the run, so that the report names it with its error.
    pub open_error: Option<String>,
    /// Where an opened file's puzzles are, and what the first reading found.
    on_disk: Option<OnDisk>,
}

/// An opened file: where to read its puzzles again, and what the first reading counted.
#[derive(Clone, Debug)]
struct OnDisk {
    path: PathBuf,
    options: ReadOptions,
    puzzles: usize,
    kinds: Vec<(GridKind, usize)>,
    digest: String,
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
    /// Reads every puzzle of the file at `path` into memory, as `options` say or detecting
    /// each puzzle's format, size and alphabet.
    pub fn load(path: &Path, options: ReadOptions) -> Result<Corpus, LoadError> {
        let started = Instant::now();
        let file = path.display().to_string();
        let handle = open_file(path).map_err(|source| LoadError { file: file.clone(), source })?;
        let mut corpus = Corpus::read(file, handle, options);
        corpus.read_time = started.elapsed();
        Ok(corpus)
    }

    /// Reads the file at `path` once to check it, keeping none of its puzzles: the run reads
    /// them again a chunk at a time. Memory stays flat however long the file is. What cannot
    /// be read twice (a pipe, as `<(command)` gives, or a device) is loaded instead.
    pub fn open(path: &Path, options: ReadOptions) -> Result<Corpus, LoadError> {
        let started = Instant::now();
        let file = path.display().to_string();
        let regular = std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file());
        if !regular {
            return Corpus::load(path, options);
        }
        let handle = open_file(path).map_err(|source| LoadError { file: file.clone(), source })?;
        let mut corpus = Corpus::empty(file);
        let mut counts = BTreeMap::new();
        let mut digest = Digest::new();
        let mut puzzles = 0;
        corpus.scan(handle, options, |puzzle| {
            *counts.entry(GridKind::of(&puzzle.grid)).or_insert(0) += 1;
            digest.add(&puzzle.grid);
            puzzles += 1;
        });
        corpus.on_disk = Some(OnDisk {
            path: path.to_owned(),
            options,
            puzzles,
            kinds: counts.into_iter().collect(),
            digest: digest.finish(),
        });
        corpus.read_time = started.elapsed();
        Ok(corpus)
    }

    /// Reads every puzzle from `input` into memory, naming it `file` in messages.
    pub fn read(file: impl Into<String>, input: impl BufRead, options: ReadOptions) -> Corpus {
        let started = Instant::now();
        let mut corpus = Corpus::empty(file.into());
        let mut puzzles = Vec::new();
        corpus.scan(input, options, |puzzle| puzzles.push(puzzle));
        corpus.puzzles = puzzles;
        corpus.read_time = started.elapsed();
        corpus
    }

    /// A corpus of no puzzles yet.
    fn empty(file: String) -> Corpus {
        Corpus {
            file,
            puzzles: Vec::new(),
            read_errors: Vec::new(),
            read_error_count: 0,
            read_time: Duration::ZERO,
            open_error: None,
            on_disk: None,
        }
    }

    /// Reads `input`, handing every well-formed puzzle to `each` and keeping the errors.
    fn scan(
        &mut self,
        input: impl BufRead,
        options: ReadOptions,
        mut each: impl FnMut(CorpusPuzzle),
    ) {
        for item in PuzzleReader::with_options(input, options) {
            match item {
                Ok(puzzle) => each(CorpusPuzzle {
                    grid: puzzle.grid,
                    number: puzzle.number,
                    line: puzzle.line,
                }),
                Err(error) => {
                    self.read_error_count += 1;
                    if self.read_errors.len() < KEPT_READ_ERRORS {
                        self.read_errors.push(format!("{}: {error}", self.file));
                    }
                }
            }
        }
    }

    /// A file that could not be opened: no puzzles, and the error that says why.
    pub fn unreadable(error: &LoadError) -> Corpus {
        Corpus { open_error: Some(error.source.to_string()), ..Corpus::empty(error.file.clone()) }
    }

    /// A loaded corpus of the same file holding `puzzles`: one chunk of this one.
    pub fn with_puzzles(&self, puzzles: Vec<CorpusPuzzle>) -> Corpus {
        Corpus { puzzles, ..self.clone_empty() }
    }

    /// How many well-formed puzzles the file holds.
    pub fn len(&self) -> usize {
        self.on_disk.as_ref().map_or(self.puzzles.len(), |disk| disk.puzzles)
    }

    /// Whether the file holds no well-formed puzzle.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The puzzles of `shard` (all of them for `None`), a chunk at a time in file order: at
    /// most [`CHUNK_PUZZLES`] puzzles and about [`CHUNK_CELLS`] cells each. An opened file is
    /// read again from disk; a failure to read it ends the chunks with the error.
    pub fn chunks(&self, shard: Option<Shard>) -> Chunks<'_> {
        let source = match &self.on_disk {
            Some(disk) => match open_file(&disk.path) {
                Ok(handle) => {
                    ChunkSource::Disk(Box::new(PuzzleReader::with_options(handle, disk.options)))
                }
                Err(error) => ChunkSource::Failed(Some(error)),
            },
            None => ChunkSource::Memory(self.puzzles.iter()),
        };
        Chunks { source, shard }
    }

    /// Up to `count` puzzles spread evenly over a loaded corpus (all of them when it is
    /// smaller): a fixed sample, the same every time, that still sees every part of the file.
    pub fn sample(&self, count: usize) -> Corpus {
        let total = self.puzzles.len();
        let puzzles = if count >= total {
            self.puzzles.clone()
        } else {
            (0..count).map(|k| self.puzzles[k * total / count].clone()).collect()
        };
        Corpus {
            puzzles,
            read_errors: self.read_errors.clone(),
            read_error_count: self.read_error_count,
            ..self.clone_empty()
        }
    }

    /// The kinds of the puzzles (their sizes and layouts), smallest size first and classic
    /// grids before the layouts of their size, with how many puzzles each has.
    pub fn kinds(&self) -> Vec<(GridKind, usize)> {
        if let Some(disk) = &self.on_disk {
            return disk.kinds.clone();
        }
        let mut counts = BTreeMap::new();
        for puzzle in &self.puzzles {
            *counts.entry(GridKind::of(&puzzle.grid)).or_insert(0) += 1;
        }
        counts.into_iter().collect()
    }

    /// The sizes of the puzzles, smallest first, with how many puzzles each has, whatever
    /// their layouts.
    pub fn sizes(&self) -> Vec<(Size, usize)> {
        let mut sizes: Vec<(Size, usize)> = Vec::new();
        for (kind, count) in self.kinds() {
            match sizes.last_mut() {
                Some((size, total)) if *size == kind.size() => *total += count,
                _ => sizes.push((kind.size(), count)),
            }
        }
        sizes
    }

    /// The puzzles of `kind` of a loaded corpus (a chunk), as a corpus of the same file.
    /// Engines are run and reported per kind of grid, so a file mixing sizes or layouts is
    /// measured in parts.
    pub fn part(&self, kind: &GridKind) -> Corpus {
        let of_kind = |puzzle: &&CorpusPuzzle| GridKind::of(&puzzle.grid) == *kind;
        let puzzles = self.puzzles.iter().filter(of_kind).cloned().collect();
        Corpus { puzzles, read_errors: Vec::new(), ..self.clone_empty() }
    }

    /// A loaded corpus split by how hard its puzzles are for people: one corpus per difficulty
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
        parts[0].read_error_count = self.read_error_count;
        parts
    }

    /// This corpus without its puzzles and read errors.
    fn clone_empty(&self) -> Corpus {
        Corpus {
            read_time: self.read_time,
            open_error: self.open_error.clone(),
            ..Corpus::empty(self.file.clone())
        }
    }

    /// FNV-1a (64 bits) of every puzzle's cells in order, as 16 hex digits. Two files with the
    /// same puzzles in the same order have the same digest, whatever their format.
    pub fn digest(&self) -> String {
        if let Some(disk) = &self.on_disk {
            return disk.digest.clone();
        }
        let mut digest = Digest::new();
        for puzzle in &self.puzzles {
            digest.add(&puzzle.grid);
        }
        digest.finish()
    }
}

/// The file at `path`, buffered; a directory is refused up front (opening one succeeds on
/// Unix, and only reading it fails).
fn open_file(path: &Path) -> io::Result<BufReader<File>> {
    let handle = File::open(path)?;
    if handle.metadata()?.is_dir() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "is a directory"));
    }
    Ok(BufReader::with_capacity(1 << 16, handle))
}

/// FNV-1a over cells.
struct Digest(u64);

impl Digest {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new() -> Digest {
        Digest(Self::OFFSET_BASIS)
    }

    fn add(&mut self, grid: &Grid) {
        for &value in grid.cells() {
            self.0 ^= u64::from(value);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn finish(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Where [`Chunks`] takes its puzzles from.
enum ChunkSource<'c> {
    Memory(std::slice::Iter<'c, CorpusPuzzle>),
    Disk(Box<PuzzleReader<BufReader<File>>>),
    /// The file could not be opened again: the error, once.
    Failed(Option<io::Error>),
}

/// The chunks of a corpus (see [`Corpus::chunks`]).
pub struct Chunks<'c> {
    source: ChunkSource<'c>,
    shard: Option<Shard>,
}

impl Chunks<'_> {
    /// The next puzzle of the shard, or the error that ends the reading.
    fn next_puzzle(&mut self) -> Option<io::Result<CorpusPuzzle>> {
        loop {
            let puzzle = match &mut self.source {
                ChunkSource::Memory(puzzles) => puzzles.next()?.clone(),
                ChunkSource::Disk(reader) => match reader.next()? {
                    Ok(puzzle) => {
                        CorpusPuzzle { grid: puzzle.grid, number: puzzle.number, line: puzzle.line }
                    }
                    // Counted and reported when the file was opened.
                    Err(_) => continue,
                },
                ChunkSource::Failed(error) => return error.take().map(Err),
            };
            if self.shard.is_none_or(|shard| shard.holds(puzzle.number)) {
                return Some(Ok(puzzle));
            }
        }
    }
}

impl Iterator for Chunks<'_> {
    type Item = io::Result<Vec<CorpusPuzzle>>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut chunk = Vec::new();
        let mut cells = 0;
        while chunk.len() < CHUNK_PUZZLES && cells < CHUNK_CELLS {
            match self.next_puzzle() {
                Some(Ok(puzzle)) => {
                    cells += puzzle.grid.cells().len();
                    chunk.push(puzzle);
                }
                Some(Err(error)) => return Some(Err(error)),
                None => break,
            }
        }
        (!chunk.is_empty()).then_some(Ok(chunk))
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

/// One of `count` deterministic parts of every file: puzzle number `n` belongs to part
/// `(n - 1) % count + 1`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Shard {
    /// Which part, from 1.
    pub index: u32,
    /// How many parts.
    pub count: u32,
}

impl Shard {
    /// Whether puzzle `number` (1-based) belongs to this shard.
    pub fn holds(self, number: usize) -> bool {
        (number as u64 - 1) % u64::from(self.count) == u64::from(self.index) - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N` with 1 ≤ K ≤ N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("'{text}' is not K/N (the K-th of N parts, as in 2/4)"))?;
        let number = |part: &str| {
            part.trim().parse::<u32>().map_err(|_| format!("'{text}': '{part}' is not a number"))
        };
        let (index, count) = (number(index)?, number(count)?);
        if count == 0 || index == 0 || index > count {
            return Err(format!("'{text}': the part must be 1 to N and N at least 1"));
        }
        Ok(Shard { index, count })
    }
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
        let part = corpus.part(&GridKind::classic(Size::from_side(4).unwrap()));
        let numbers: Vec<_> = part.puzzles.iter().map(|p| p.number).collect();
        assert_eq!(numbers, [2, 3]);
        assert_eq!(part.file, "mixed");
    }
}
