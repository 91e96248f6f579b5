//! Per-puzzle results: one row per puzzle and engine, streamed to a file as each chunk is
//! measured, and compared with the rows of an earlier run.
//!
//! `sudoku bench --per-puzzle FILE` writes CSV, or JSON lines when the name ends in `.jsonl`
//! or `.ndjson`. A row holds the file, size, puzzle number and line, the engine, its verdict
//! (`solved`, `unsolvable`, `budget-out`, or for an engine that failed on the puzzle `crashed`,
//! `timed-out`, `protocol-error`), its count as the cross-check writes it (`0`, `1`, `2+`, `1+`
//! in mode first or for an engine that does not count, `0+?`/`1+?` at the budget, the
//! verdict itself for a failure), the time inside `solve` in µs (the shortest over the
//! sequential passes: with `--repeat 3`, a busy machine's hiccups stay out; for an engine timed
//! by its own word, the shortest it reported), the nodes and guesses (empty, or `null`, for
//! engines that count none), the message of a failure (empty, or `null`, for every other
//! row), and last the file's digest ([`crate::corpus::Corpus::digest`]), by which
//! `sudoku bench compare` pairs the same puzzles under two names. A failed row has no time,
//! nodes or guesses: empty, or `null`. Rows come chunk by chunk, engine by engine within a
//! chunk, so the file is in a fixed order for a given input and engines; nothing is kept in
//! memory.
//!
//! Files written before the `message` column (ten columns, no failure verdicts) or the
//! `digest` column (eleven) are still read back: their header names their columns, and a row
//! of ten is one that answered.
//!
//! Speed against the earlier rows is judged per file, size and engine with the paired
//! statistics of [`crate::stats`] ([`PuzzleComparison::speed`]).
//!
//! `sudoku bench --puzzle-baseline FILE` reads such a file from an earlier run and, as the new
//! rows come, lists the puzzles whose deterministic counters (verdict, count, nodes, guesses)
//! changed and the puzzles that got slower by the largest factor ([`PuzzleComparison`]). A
//! failure, in either run, is a changed verdict (`solved count 1, ... -> crashed: ...`), never
//! a slower puzzle: it has no time.
//!
//! That file is the user's, and untrusted: it may be huge, truncated, of another corpus, or no
//! such file at all. [`EarlierRows`] reads it a line at a time (at most [`MAX_ROW_LINE`] bytes
//! a line: a file of NUL bytes is refused at line 1 after reading that much), checks every
//! field of every row and refuses the first bad one by line and column. It keeps only the rows
//! of the run's files and engines, [`BYTES_PER_EARLIER_ROW`] bytes each in a sorted index (the
//! rows of a chunk cannot be met in file order when the engines or the chunking differ, so a
//! merge-join over the file is not possible), and counts the others. A file with no row of the
//! run's files and engines is refused, as `--baseline` refuses a baseline with nothing in
//! common; so is, unless allowed, one that covers only part of the run or holds more, and
//! after the run, one whose puzzles were not all compared ([`PuzzleComparison::not_compared`]).
//!
//! One concern a file: the row, its columns and its verdicts ([`RowVerdict`]) in `row.rs`;
//! writing in `write.rs`; the untrusted reader and the one index of rows (`RowIndex`: by
//! group and puzzle in one packed key) in `read.rs`, which `--puzzle-baseline`, a per-puzzle
//! `--baseline` and `sudoku bench compare` ([`crate::compare`]) all keep their rows in; the
//! comparison with an earlier run in `compare.rs`.

mod compare;
mod read;
mod row;
#[cfg(test)]
mod tests;
mod write;

pub use compare::{
    LISTED_CHANGES, LISTED_SLOWER, PuzzleComparison, RowChange, SLOWER_FLOOR_US, SpeedChange,
};
pub use read::{BYTES_PER_EARLIER_ROW, EarlierRows, MAX_PUZZLE, MAX_ROW_LINE};
pub(crate) use read::{MAX_GROUPS, RawRow, RowIndex, read_rows};
pub use row::{COLUMNS, OLD_COLUMNS, Row, RowCounters, RowFormat, RowVerdict, rows};
pub use write::RowWriter;
