//! The protocol's messages as text: the handshake, requests, answers and grids, written and read
//! strictly, for both sides (the client and [`super::serve`]).

use std::fmt::Write as _;
use std::time::Duration;

use std::sync::Arc;

use sudoku_core::{Alphabet, Grid, Layout, Limits, Outcome, Rule, Size, Stats};

use crate::process::quote;

/// The version of the protocol both sides speak.
pub const VERSION: u32 = 1;

/// The largest side written one symbol per cell (`1-9A`: `A` = 10 up to `P` = 25); larger
/// grids are written as numbers separated by spaces.
const LARGEST_SYMBOL_SIDE: usize = 25;

/// The most lines outside the protocol a program may write during its handshake before it is
/// taken for something that is not a protocol engine.
const MAX_IGNORED_HANDSHAKE_LINES: usize = 100;

/// What an engine said of itself in its handshake.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Handshake {
    /// Its `name` line.
    pub name: Option<String>,
    /// The sizes of its `sizes` line (9×9 when it has none).
    pub sizes: Vec<Size>,
    /// `feature counts`: it counts solutions up to the limit, beyond the first.
    pub counts: bool,
    /// `feature budget`: it honours the node budget.
    pub budget: bool,
    /// `feature stats`: it reports nodes and guesses.
    pub stats: bool,
    /// `feature guesses`: it reports guesses (alone, without `stats`).
    pub guesses: bool,
    /// `feature time`: it reports its own time for each solve.
    pub time: bool,
    /// `feature layouts`: it takes grids of any layout, said after the puzzle of a request.
    pub layouts: bool,
    /// Why it cannot start, when it answered the greeting with `error - MESSAGE` (a worker
    /// whose library cannot be loaded): [`Handshake::take`] then fails with this message.
    pub refusal: Option<String>,
    /// Whether a `sizes` line was read.
    sizes_read: bool,
    /// Lines read that the handshake does not know.
    ignored: usize,
}

impl Default for Handshake {
    fn default() -> Handshake {
        Handshake {
            name: None,
            sizes: vec![Size::NINE],
            counts: false,
            budget: false,
            stats: false,
            guesses: false,
            time: false,
            layouts: false,
            refusal: None,
            sizes_read: false,
            ignored: 0,
        }
    }
}

impl Handshake {
    /// Takes one line of the engine's handshake: `Ok(true)` once it said `ready`.
    pub fn take(&mut self, line: &str) -> Result<bool, String> {
        let mut words = line.split_ascii_whitespace();
        match words.next() {
            Some("ready") => {
                if self.sizes.is_empty() {
                    return Err("its sizes line lists no side the workbench solves \
                                (4, 9, 16, 25, 36, 49, 64)"
                        .to_owned());
                }
                return Ok(true);
            }
            Some("protocol") => {
                let version = words.next().unwrap_or("");
                if version != VERSION.to_string() {
                    return Err(format!(
                        "it speaks protocol version {}; this harness speaks {}",
                        quote(version),
                        VERSION
                    ));
                }
            }
            Some("name") => {
                let name = line.trim_start().strip_prefix("name").unwrap_or("").trim();
                self.name = (!name.is_empty()).then(|| name.to_owned());
            }
            Some("sizes") => {
                // Sides the workbench does not know are skipped: a later engine may solve more.
                // So are sides of rectangular boxes (6, 12, ...): nothing in the protocol says
                // which boxes an engine would take them to have.
                let sides: Vec<&str> = words.collect();
                if !self.sizes_read {
                    self.sizes.clear();
                    self.sizes_read = true;
                }
                for side in sides {
                    if let Some(size) = side.parse().ok().and_then(Size::from_side)
                        && size.is_square()
                        && !self.sizes.contains(&size)
                    {
                        self.sizes.push(size);
                    }
                }
            }
            Some("feature") => {
                for feature in words {
                    match feature {
                        "counts" => self.counts = true,
                        "budget" => self.budget = true,
                        "stats" => self.stats = true,
                        "guesses" => self.guesses = true,
                        "time" => self.time = true,
                        "layouts" => self.layouts = true,
                        _ => {}
                    }
                }
            }
            Some("sudoku-protocol") => {
                return Err("it echoed the greeting: is it a protocol engine?".to_owned());
            }
            // `error - MESSAGE`: the engine cannot start (a library it could not load, a
            // missing file), and says why.
            Some("error") => {
                let message = line.trim_start().strip_prefix("error").unwrap_or("").trim();
                let message = message.strip_prefix('-').unwrap_or(message).trim();
                self.refusal = Some(message.to_owned());
                return Err(format!("it cannot start: {message}"));
            }
            None => {}
            Some(word) if word == "info" || word.starts_with('#') => {}
            Some(_) => {
                self.ignored += 1;
                if self.ignored > MAX_IGNORED_HANDSHAKE_LINES {
                    return Err(format!(
                        "wrote more than {MAX_IGNORED_HANDSHAKE_LINES} lines that are not part \
                         of the handshake, the last {}",
                        quote(line)
                    ));
                }
            }
        }
        Ok(false)
    }
}

/// Whether grids of `size` are written one symbol per cell (else as numbers).
pub(crate) fn has_symbols(size: Size) -> bool {
    size.side() <= LARGEST_SYMBOL_SIDE
}

/// Appends `grid` as the protocol writes it: one word of `side²` symbols (`1-9A`, `.` blank)
/// up to 25×25, `side²` numbers separated by spaces (`0` blank) beyond.
pub(crate) fn push_grid(text: &mut String, grid: &Grid) {
    if has_symbols(grid.size()) {
        text.extend(grid.cells().iter().map(|&value| char::from(Alphabet::FromOne.symbol(value))));
    } else {
        for (cell, value) in grid.cells().iter().enumerate() {
            if cell > 0 {
                text.push(' ');
            }
            let _ = write!(text, "{value}");
        }
    }
}

/// The request `solve ID LIMIT BUDGET PUZZLE [LAYOUT ...]`, with its newline: the words of
/// the puzzle's layout after it, if it has one (only an engine that declared `feature layouts`
/// is given such a puzzle).
pub(crate) fn request(id: u64, puzzle: &Grid, limits: Limits) -> String {
    let mut text = String::with_capacity(puzzle.size().cells() * 3 + 32);
    let budget = limits.node_budget().map_or_else(|| "-".to_owned(), |nodes| nodes.to_string());
    let _ = write!(text, "solve {id} {} {budget} ", limits.max_solutions());
    push_grid(&mut text, puzzle);
    if let Some(layout) = puzzle.layout() {
        push_layout(&mut text, layout);
    }
    text.push('\n');
    text
}

/// Appends the words that say `layout` on the wire, each `KEY=VALUE` and after a space:
/// `rules=x,anti-knight` (the rules' words), `regions=1,1,2,...` (each cell's region, from 1),
/// `extra=0+10+20,8+16` (each extra group's cells, numbered row-major from 0), and
/// `candidates=1ff,3,...` (each cell's starting candidates as hexadecimal bits, bit `v - 1`
/// for value `v`); a word only for what the layout has.
pub(crate) fn push_layout(text: &mut String, layout: &Layout) {
    let joined =
        |items: &mut dyn Iterator<Item = String>, by: &str| items.collect::<Vec<String>>().join(by);
    if !layout.rules().is_empty() {
        let words = &mut layout.rules().iter().map(|rule| rule.word().to_owned());
        let _ = write!(text, " rules={}", joined(words, ","));
    }
    if let Some(regions) = layout.regions() {
        let _ = write!(
            text,
            " regions={}",
            joined(&mut regions.iter().map(|r| (r + 1).to_string()), ",")
        );
    }
    if !layout.extra().is_empty() {
        let groups = &mut layout
            .extra()
            .iter()
            .map(|group| joined(&mut group.iter().map(u16::to_string), "+"));
        let _ = write!(text, " extra={}", joined(groups, ","));
    }
    if let Some(candidates) = layout.candidates() {
        let _ = write!(
            text,
            " candidates={}",
            joined(&mut candidates.iter().map(|set| format!("{set:x}")), ",")
        );
    }
}

/// The layout the `KEY=VALUE` words after a request's puzzle of `size` say ([`push_layout`]);
/// `None` for none. Keys this side does not know are ignored, as later versions may add some.
pub(crate) fn read_layout(size: Size, words: &[&str]) -> Result<Option<Layout>, String> {
    if words.is_empty() {
        return Ok(None);
    }
    let (mut rules, mut regions, mut extra, mut candidates) = (Vec::new(), None, Vec::new(), None);
    let number = |word: &str, what: &str| -> Result<usize, String> {
        word.parse().map_err(|_| format!("{what} {} is not a number", quote(word)))
    };
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!("{} after the puzzle is no KEY=VALUE word", quote(word)));
        };
        match key {
            "rules" => {
                for rule in value.split(',') {
                    rules.push(
                        Rule::from_word(rule)
                            .ok_or_else(|| format!("{} is no rule", quote(rule)))?,
                    );
                }
            }
            "regions" => {
                let marks = value.split(',').map(|mark| number(mark, "a region").map(|m| m as u32));
                regions = Some(marks.collect::<Result<Vec<u32>, String>>()?);
            }
            "extra" => {
                for group in value.split(',') {
                    let cells = group.split('+').map(|cell| number(cell, "a cell"));
                    extra.push(cells.collect::<Result<Vec<usize>, String>>()?);
                }
            }
            "candidates" => {
                let sets = value.split(',').map(|set| {
                    u64::from_str_radix(set, 16)
                        .map_err(|_| format!("candidates {} are not hexadecimal bits", quote(set)))
                });
                candidates = Some(sets.collect::<Result<Vec<u64>, String>>()?);
            }
            _ => {}
        }
    }
    Layout::new(size, regions.as_deref(), &rules, &extra, candidates.as_deref())
        .map(Some)
        .map_err(|error| format!("its layout is no {size} layout: {error}"))
}

/// `puzzle` with the layout `words` say, if any.
pub(crate) fn with_layout(puzzle: Grid, words: &[&str]) -> Result<Grid, String> {
    let layout = read_layout(puzzle.size(), words)?;
    Ok(puzzle.with_layout(layout.map(Arc::new)))
}

/// Reads a grid of `size` from `words` as [`push_grid`] writes it (blanks may also be `0` in
/// symbols and `.` in numbers).
pub(crate) fn take_grid<'a>(
    words: &mut impl Iterator<Item = &'a str>,
    size: Size,
) -> Result<Grid, String> {
    let side = size.side();
    let mut cells = Vec::with_capacity(size.cells());
    if has_symbols(size) {
        let word = words.next().ok_or("the grid is missing")?;
        if word.len() != size.cells() {
            return Err(format!(
                "a {size} grid is {} symbols, not {} ({})",
                size.cells(),
                word.chars().count(),
                quote(word)
            ));
        }
        for (index, byte) in word.bytes().enumerate() {
            match Alphabet::FromOne.value_of(byte) {
                Some(value) if usize::from(value) <= side => cells.push(value),
                _ => {
                    return Err(format!(
                        "symbol {} of the grid is {}, not one of 1-{} or '.'",
                        index + 1,
                        quote(&String::from_utf8_lossy(&[byte])),
                        char::from(Alphabet::FromOne.symbol(side as u8))
                    ));
                }
            }
        }
    } else {
        for index in 0..size.cells() {
            let word = words
                .next()
                .ok_or_else(|| format!("a {size} grid is {} numbers, not {index}", size.cells()))?;
            let value = if word == "." { Some(0) } else { word.parse::<u8>().ok() };
            match value {
                Some(value) if usize::from(value) <= side => cells.push(value),
                _ => {
                    return Err(format!(
                        "number {} of the grid is {}, not 0 to {side}",
                        index + 1,
                        quote(word)
                    ));
                }
            }
        }
    }
    Grid::from_cells(size, &cells).ok_or_else(|| format!("not a {size} grid"))
}

/// A puzzle as the engine side reads it: one word of symbols, or numbers, whose count gives
/// the size.
pub(crate) fn read_puzzle(words: &[&str]) -> Result<Grid, String> {
    let size = match words {
        [] => return Err("the puzzle is missing".to_owned()),
        [word] => Size::SQUARES
            .into_iter()
            .find(|&size| has_symbols(size) && size.cells() == word.len())
            .ok_or_else(|| {
                format!(
                    "a puzzle of {} symbols has no size (16, 81, 256 or 625 symbols)",
                    word.chars().count()
                )
            })?,
        _ => Size::from_cell_count(words.len()).ok_or_else(|| {
            format!(
                "a puzzle of {} numbers has no size (16, 81, 256, 625, 1296, 2401 or 4096)",
                words.len()
            )
        })?,
    };
    let mut iter = words.iter().copied();
    if words.len() > 1 {
        // Numbers at any size: take them as numbers, even below 36×36.
        numbers(&mut iter, size)
    } else {
        take_grid(&mut iter, size)
    }
}

/// [`take_grid`] for numbers at a size that is normally written in symbols.
fn numbers<'a>(words: &mut impl Iterator<Item = &'a str>, size: Size) -> Result<Grid, String> {
    let mut cells = Vec::with_capacity(size.cells());
    for (index, word) in words.enumerate() {
        let value = if word == "." { Some(0) } else { word.parse::<u8>().ok() };
        match value {
            Some(value) if usize::from(value) <= size.side() => cells.push(value),
            _ => {
                return Err(format!(
                    "number {} of the puzzle is {}, not 0 to {}",
                    index + 1,
                    quote(word),
                    size.side()
                ));
            }
        }
    }
    Grid::from_cells(size, &cells).ok_or_else(|| format!("not a {size} grid"))
}

/// What a line read while waiting for an answer is.
pub(crate) enum Reply {
    /// Nothing: a blank line, a comment (`#`) or `info`.
    Nothing,
    /// The answer.
    Answer(Outcome),
    /// `error ID MESSAGE`: the engine could not answer.
    Error(String),
}

/// Reads `line`, written while waiting for the answer to request `id` (a puzzle of `size`
/// searched within `limits`). An error says what is wrong; the caller quotes the line.
pub(crate) fn read_reply(line: &str, id: u64, size: Size, limits: Limits) -> Result<Reply, String> {
    let mut words = line.split_ascii_whitespace();
    let kind = match words.next() {
        None => return Ok(Reply::Nothing),
        Some(word) if word == "info" || word.starts_with('#') => return Ok(Reply::Nothing),
        Some(word @ ("answer" | "error")) => word,
        Some(_) => return Err(format!("expected `answer {id} ...`")),
    };
    let said = words.next().unwrap_or("");
    if said != id.to_string() {
        return Err(if said.is_empty() {
            "the answer has no id".to_owned()
        } else {
            format!("the answer is for request {}, expected {id}", quote(said))
        });
    }
    if kind == "error" {
        let message: Vec<&str> = words.collect();
        return Ok(Reply::Error(message.join(" ")));
    }
    let count = words.next().ok_or("the answer has no count")?;
    let count = read_count(count)?;
    let budget_exhausted = match words.next() {
        Some("complete") => false,
        // Only a search given a budget can run out of it (as a library's reply is read).
        Some("gave-up") if limits.node_budget().is_none() => {
            return Err("it gave up on a node budget when it was given none".to_owned());
        }
        Some("gave-up") => true,
        Some(status) => {
            return Err(format!("the status {} is neither complete nor gave-up", quote(status)));
        }
        None => return Err("the answer has no status (complete or gave-up)".to_owned()),
    };
    let mut outcome = Outcome::empty();
    outcome.budget_exhausted = budget_exhausted;
    outcome.count = count.min(u64::from(limits.max_solutions())) as u32;
    let mut words = words.peekable();
    // An engine that only counts gives no solution: the count is followed by `key=value`
    // words or nothing (the cross-check charges that, unless the engine is declared so).
    let solution_follows = words.peek().is_some_and(|word| !word.contains('='));
    if count > 0 && solution_follows {
        outcome.solution =
            Some(take_grid(&mut words, size).map_err(|problem| format!("solution: {problem}"))?);
    }
    for word in words {
        // Words that are no `key=value`, and keys this harness does not know, are ignored: a
        // later version may add them.
        let Some((key, value)) = word.split_once('=') else { continue };
        let number = || -> Result<u64, String> {
            value.parse().map_err(|_| format!("{key}={} is not a number", quote(value)))
        };
        match key {
            "nodes" => outcome.stats.nodes = number()?,
            "guesses" => outcome.stats.guesses = number()?,
            "time-ns" => outcome.reported_time = Some(Duration::from_nanos(number()?)),
            _ => {}
        }
    }
    Ok(Reply::Answer(outcome))
}

/// An answer's count: a decimal number, read as [`u64::MAX`] when it is larger (the caller
/// reads any count above the limit as the limit).
fn read_count(count: &str) -> Result<u64, String> {
    if count.is_empty() || !count.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(format!("the count {} is not a number", quote(count)));
    }
    Ok(count.parse().unwrap_or(u64::MAX))
}

/// The answer line to request `id` (as the request wrote it): the outcome, its statistics when
/// `stats`, and the solve's `time`; with its newline.
pub(crate) fn answer(
    id: &str,
    outcome: &Outcome,
    (stats, guesses): (bool, bool),
    time: Duration,
) -> String {
    let status = if outcome.budget_exhausted { "gave-up" } else { "complete" };
    let mut text = format!("answer {id} {} {status}", outcome.count);
    if let (true, Some(solution)) = (outcome.count > 0, &outcome.solution) {
        text.push(' ');
        push_grid(&mut text, solution);
    }
    let Stats { nodes, guesses: guessed } = outcome.stats;
    if stats {
        let _ = write!(text, " nodes={nodes} guesses={guessed}");
    } else if guesses {
        let _ = write!(text, " guesses={guessed}");
    }
    let _ = writeln!(text, " time-ns={}", time.as_nanos());
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(side: usize) -> Size {
        Size::from_side(side).unwrap()
    }

    #[test]
    fn grids_read_back_at_every_size() {
        for size in Size::SQUARES {
            let cells: Vec<u8> =
                (0..size.cells()).map(|cell| (cell % (size.side() + 1)) as u8).collect();
            let grid = Grid::from_cells(size, &cells).unwrap();
            let mut text = String::new();
            push_grid(&mut text, &grid);
            let words: Vec<&str> = text.split(' ').collect();
            assert_eq!(words.len() == 1, size.side() <= 25, "{size}");
            assert_eq!(take_grid(&mut words.iter().copied(), size).unwrap(), grid, "{size}");
            assert_eq!(read_puzzle(&words).unwrap(), grid, "{size}");
        }
    }

    #[test]
    fn a_request_is_one_line() {
        let grid = Grid::empty(size(4));
        assert_eq!(request(7, &grid, Limits::UNIQUE), "solve 7 2 - ................\n");
        let limits = Limits::FIRST.with_node_budget(1000);
        assert_eq!(request(8, &grid, limits), "solve 8 1 1000 ................\n");
    }

    /// A puzzle's layout goes after it as `KEY=VALUE` words and is read back whole; bad words
    /// are errors, unknown keys ignored.
    #[test]
    fn a_layout_is_said_after_the_puzzle_and_read_back() {
        let four = size(4);
        let regions: Vec<u32> = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let candidates: Vec<u64> =
            (0..16).map(|cell| if cell == 5 { 0b0110 } else { 0xf }).collect();
        let layout =
            Layout::new(four, Some(&regions), &[Rule::Diagonals], &[vec![0, 5]], Some(&candidates))
                .unwrap();
        let mut grid = Grid::empty(four).with_layout(Some(Arc::new(layout.clone())));
        grid.set(0, 1);
        let text = request(3, &grid, Limits::UNIQUE);
        assert_eq!(
            text,
            "solve 3 2 - 1............... rules=x regions=1,1,2,2,1,1,2,2,3,3,4,4,3,3,4,4 \
             extra=0+5 candidates=f,f,f,f,f,6,f,f,f,f,f,f,f,f,f,f\n"
        );
        let words: Vec<&str> = text.split_ascii_whitespace().skip(5).collect();
        assert_eq!(read_layout(four, &words), Ok(Some(layout)));
        assert_eq!(
            read_layout(four, &["colour=blue"]).map(|layout| layout.map(|l| l.is_classic())),
            Ok(Some(true))
        );
        assert_eq!(read_layout(four, &[]), Ok(None));
        for (words, problem) in [
            (&["rules=knight"][..], "'knight' is no rule"),
            (&["regions=1,1"], "no 4×4 layout"),
            (&["extra=0+x"], "a cell 'x' is not a number"),
            (&["candidates=g"], "candidates 'g' are not hexadecimal bits"),
            (&["x"], "'x' after the puzzle is no KEY=VALUE word"),
        ] {
            let error = read_layout(four, words).unwrap_err();
            assert!(error.contains(problem), "{words:?}: {error}");
        }
    }

    #[test]
    fn an_engine_may_report_its_guesses_alone() {
        let mut handshake = Handshake::default();
        for line in ["sizes 9", "feature counts guesses"] {
            assert_eq!(handshake.take(line), Ok(false));
        }
        assert!(handshake.guesses && handshake.counts && !handshake.stats);
        let mut outcome = Outcome::empty();
        outcome.stats = Stats { nodes: 9, guesses: 4 };
        let time = Duration::from_nanos(5);
        assert_eq!(
            answer("1", &outcome, (false, true), time),
            "answer 1 0 complete guesses=4 time-ns=5\n"
        );
        assert_eq!(
            answer("1", &outcome, (true, true), time),
            "answer 1 0 complete nodes=9 guesses=4 time-ns=5\n"
        );
        assert_eq!(answer("1", &outcome, (false, false), time), "answer 1 0 complete time-ns=5\n");
    }

    #[test]
    fn answers_are_read_strictly() {
        let solution = "1234341221434321";
        let read = |line: &str| read_reply(line, 3, size(4), Limits::UNIQUE);
        let Ok(Reply::Answer(outcome)) =
            read(&format!("answer 3 1 complete {solution} nodes=5 guesses=1 time-ns=900 x=y z"))
        else {
            panic!("an answer")
        };
        assert_eq!(outcome.count, 1);
        assert_eq!(outcome.solution.unwrap().cells()[..4], [1, 2, 3, 4]);
        assert_eq!(outcome.stats, Stats { nodes: 5, guesses: 1 });
        assert_eq!(outcome.reported_time, Some(Duration::from_nanos(900)));
        let budget = Limits::UNIQUE.with_node_budget(100);
        let Ok(Reply::Answer(outcome)) =
            read_reply(&format!("answer 3 7 gave-up {solution}"), 3, size(4), budget)
        else {
            panic!("an answer")
        };
        assert_eq!((outcome.count, outcome.budget_exhausted), (2, true));
        // A count too large for any integer is above the limit all the same: read as the limit.
        let huge = format!("answer 3 {} complete {solution}", "9".repeat(40));
        let Ok(Reply::Answer(outcome)) = read(&huge) else { panic!("{huge} is read") };
        assert_eq!((outcome.count, outcome.solution.is_some()), (2, true));
        assert!(matches!(read("answer 3 0 complete"), Ok(Reply::Answer(_))));
        assert!(matches!(read("  "), Ok(Reply::Nothing)));
        assert!(matches!(read("info depth 3"), Ok(Reply::Nothing)));
        assert!(
            matches!(read("error 3 out of memory"), Ok(Reply::Error(m)) if m == "out of memory")
        );
        // A count without a grid: an engine that only counts (the cross-check judges that).
        let Ok(Reply::Answer(counted)) = read("answer 3 1 complete guesses=2 time-ns=5") else {
            panic!("a count alone is read")
        };
        assert_eq!((counted.count, counted.solution, counted.stats.guesses), (1, None, 2));
        for (bad, problem) in [
            ("answer 4 0 complete", "for request '4', expected 3"),
            ("answer", "no id"),
            ("answer 3", "no count"),
            ("answer 3 x complete", "count 'x'"),
            ("answer 3 -1 complete", "count '-1'"),
            ("answer 3 +1 complete", "count '+1'"),
            // Only a request with a budget may run out of it.
            (&format!("answer 3 1 gave-up {solution}"), "given none"),
            ("answer 3 1", "no status"),
            ("answer 3 1 solved", "neither complete"),
            ("answer 3 1 complete 123", "16 symbols, not 3"),
            ("answer 3 1 complete 123412341234123X", "symbol 16 of the grid is 'X'"),
            (&format!("answer 3 1 complete {solution} nodes=-1"), "nodes='-1'"),
            ("hello", "expected `answer 3 ...`"),
        ] {
            let Err(message) = read(bad) else { panic!("{bad} is read") };
            assert!(message.contains(problem), "{bad}: {message}");
        }
    }

    #[test]
    fn handshakes_take_what_they_know() {
        let mut handshake = Handshake::default();
        for line in [
            "protocol 1",
            "name my engine ",
            "sizes 4 9 10",
            "feature counts time x",
            "what",
            "info hi",
        ] {
            assert_eq!(handshake.take(line), Ok(false), "{line}");
        }
        assert_eq!(handshake.take("ready"), Ok(true));
        assert_eq!(handshake.name.as_deref(), Some("my engine"));
        assert_eq!(handshake.sizes, [size(4), size(9)]);
        assert!(handshake.counts && handshake.time && !handshake.budget && !handshake.stats);
        assert!(Handshake::default().take("protocol 2").unwrap_err().contains("version '2'"));
        let mut none = Handshake::default();
        none.take("sizes 10").unwrap();
        assert!(none.take("ready").unwrap_err().contains("no side"));
    }
}
