//! Two runs compared puzzle by puzzle: `sudoku bench compare OLD NEW`, from the rows of two
//! per-puzzle files (`--per-puzzle`), or two engines of one file.
//!
//! Rows are grouped by file, size and engine; a group of the new file is paired with the old
//! file's group of the same size and engine (or, comparing two engines, the other engine) and
//! the same file: the same digest where both rows carry one (the same puzzles in the same
//! order, whatever the file was called), the same name otherwise. Within a pair of groups,
//! puzzles pair by number. What does not pair is listed, never dropped: whole groups only in
//! one file, and puzzles only in one side of a pair.
//!
//! What a file lacks of the rows it is compared with is said as well ([`Comparison::lacking`]):
//! a gate refuses to pass a run cut short as no change.
//!
//! For each pair of groups: the puzzles whose counters changed (verdict, count, nodes,
//! guesses; comparing two engines, verdict and count only), then the speed of the new side
//! against the old on the puzzles both answered, judged by [`crate::stats`]. Two separate runs,
//! one a side, cannot see the drift between runs: a change within
//! [`stats::ONE_RUN_DRIFT_PERCENT`] is then no change, and the verdict says why. Both files are
//! read a line at a time and kept in [`crate::per_puzzle`]'s one index of rows (48 bytes a row:
//! the compact row and its line).

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use crate::Observer;
use crate::corpus::Corpus;
use crate::measure::EngineRun;
use crate::output::{count, counted};
use crate::per_puzzle::{MAX_GROUPS, RawRow, RowFormat, RowIndex, read_rows};
use crate::stats::{self, Change, Estimate, Reading};

/// What to compare, and how to judge it.
#[derive(Clone, Debug)]
pub struct CompareOptions {
    /// Only these engines (all when empty).
    pub engines: Vec<String>,
    /// Compare this engine of the old file (first) with that of the new file (second), rather
    /// than each engine with itself.
    pub pair: Option<(String, String)>,
    /// The noise threshold, a fraction (0.03 for 3%); infinite to judge nothing.
    pub threshold: f64,
    /// The seed of the bootstrap draws.
    pub seed: u64,
}

/// The comparison of two runs, for every pair of groups.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The old file, as named.
    pub old: String,
    /// The new file.
    pub new: String,
    /// The noise threshold, percent (`None`: speed not judged).
    pub threshold_percent: Option<f64>,
    /// The confidence of the intervals.
    pub confidence: f64,
    /// The p-value below which a change is significant.
    pub significance: f64,
    /// Bootstrap draws per interval.
    pub resamples: usize,
    /// Their seed.
    pub seed: u64,
    /// The runs (per-puzzle files) of each side, old and new: with two or more a side, the
    /// intervals hold the drift between runs.
    pub runs: [usize; 2],
    /// With one run a side, of two runs (two files): the drift between runs of one build that
    /// such a comparison cannot see, percent ([`stats::ONE_RUN_DRIFT_PERCENT`]), within which a
    /// change is no change. `None` with several runs a side, or two engines of one run.
    pub one_run_drift_percent: Option<f64>,
    /// What the files of each side lack of the old side's first file: groups or puzzles it
    /// has and they have not (a run cut short). A gate refuses such a comparison unless told
    /// to compare what both have.
    pub lacking: Vec<Lacking>,
    /// The paired groups, in the new file's order.
    pub groups: Vec<Group>,
    /// Groups of the old file the new one does not have.
    pub only_in_old: Vec<Unpaired>,
    /// Groups of the new file the old one does not have.
    pub only_in_new: Vec<Unpaired>,
}

/// What one file lacks of the rows it is compared with.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Lacking {
    /// The file, as named.
    pub run: String,
    /// The file whose rows it lacks.
    pub of: String,
    /// Groups (file, size and engine) of that file it has no row of.
    pub groups: u64,
    /// Puzzles of the groups it has, that it has no row of.
    pub puzzles: u64,
    /// The first few of both, named (`dlx on p.txt 9x9`, `p.txt 9x9 fast puzzle 3`).
    pub first: Vec<String>,
}

/// What lacking rows are named in a message.
const LISTED_LACKING: usize = 5;

impl Lacking {
    /// One line: `after.csv lacks 1 file, size and engine and 38 puzzles of before.csv (...)`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.groups > 0 {
            parts.push(counted(self.groups, "file, size and engine", "files, sizes and engines"));
        }
        if self.puzzles > 0 {
            parts.push(counted(self.puzzles, "puzzle", "puzzles"));
        }
        let mut named = self.first.join(", ");
        if self.groups + self.puzzles > self.first.len() as u64 {
            named.push_str(", ...");
        }
        format!("{} lacks {} of {} ({named})", self.run, parts.join(" and "), self.of)
    }
}

/// A group of rows with no partner in the other file.
#[derive(Clone, Debug, Serialize)]
pub struct Unpaired {
    /// The file, as named in the rows.
    pub file: String,
    /// The size.
    pub size: String,
    /// The engine.
    pub engine: String,
    /// Its rows.
    pub rows: u64,
}

/// One file, size and engine (or pair of engines) compared.
#[derive(Clone, Debug, Serialize)]
pub struct Group {
    /// The file, as the new rows name it.
    pub file: String,
    /// The file as the old rows name it.
    pub old_file: String,
    /// The size.
    pub size: String,
    /// The engine of the old rows.
    pub old_engine: String,
    /// The engine of the new rows.
    pub new_engine: String,
    /// Puzzles in both.
    pub paired: u64,
    /// Puzzles both sides answered (solved or proved unsolvable), whose times are compared.
    pub timed: u64,
    /// Paired puzzles whose counters changed, in puzzle order.
    pub changed: Vec<ChangedPuzzle>,
    /// Puzzles only in the old rows, by number.
    pub only_in_old: Vec<u64>,
    /// Puzzles only in the new rows.
    pub only_in_new: Vec<u64>,
    /// The speed of the new side against the old (`None`: no puzzle timed on both).
    pub speed: Option<Estimate>,
}

/// A puzzle whose counters changed.
#[derive(Clone, Debug, Serialize)]
pub struct ChangedPuzzle {
    /// Its number in the file.
    pub puzzle: u64,
    /// Its line, in the new rows.
    pub line: u64,
    /// The old counters (`solved count 1, 12 nodes, 3 guesses`, or the failure).
    pub old: String,
    /// The new counters.
    pub new: String,
}

/// Changed puzzles listed in the text formats; JSON lists all.
pub const LISTED_CHANGES: usize = 20;

/// Unpaired puzzles named in the text formats, per group; JSON lists all.
const LISTED_UNPAIRED: usize = 10;

/// The output formats of a comparison.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CompareFormat {
    /// Aligned text for the terminal.
    Table,
    /// Markdown, to paste into a pull request.
    Markdown,
    /// A CSV row per pair of groups.
    Csv,
    /// Everything, with each interval's bounds and every changed and unpaired puzzle.
    Json,
}

impl CompareFormat {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [CompareFormat; 4] =
        [CompareFormat::Table, CompareFormat::Markdown, CompareFormat::Csv, CompareFormat::Json];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CompareFormat::Table => "table",
            CompareFormat::Markdown => "markdown",
            CompareFormat::Csv => "csv",
            CompareFormat::Json => "json",
        }
    }

    /// What the format holds, in a line for `--help`.
    pub fn help(self) -> &'static str {
        match self {
            CompareFormat::Table => "Aligned text for the terminal",
            CompareFormat::Markdown => "Markdown, to paste into a pull request",
            CompareFormat::Csv => "A row per file, size and engine",
            CompareFormat::Json => {
                "Everything, each interval's bounds and every changed and unpaired puzzle included"
            }
        }
    }
}

impl std::str::FromStr for CompareFormat {
    type Err = String;

    /// One of the [`CompareFormat::name`]s.
    fn from_str(text: &str) -> Result<CompareFormat, String> {
        crate::names::by_name(&CompareFormat::ALL, CompareFormat::name, "comparison format", text)
    }
}

impl Comparison {
    /// The pairs of groups whose new side is slower.
    pub fn slower(&self) -> usize {
        self.groups
            .iter()
            .filter(|group| group.speed.as_ref().is_some_and(|s| s.change == Change::Slower))
            .count()
    }

    /// Puzzles whose counters changed, in all groups.
    pub fn changed(&self) -> u64 {
        self.groups.iter().map(|group| group.changed.len() as u64).sum()
    }

    /// Whether the gate fails: a slowdown, or a changed counter unless those are accepted.
    pub fn is_regression(&self, accept_counter_changes: bool) -> bool {
        self.slower() > 0 || (self.changed() > 0 && !accept_counter_changes)
    }

    /// Writes the comparison in `format`.
    pub fn write(&self, format: CompareFormat, out: &mut dyn Write) -> io::Result<()> {
        self.write_within(format, None, out)
    }

    /// Writes the comparison in `format`, the table format's notes wrapped to `width` when
    /// given ([`crate::output::wrap`]; its table and its lines per puzzle are left whole).
    pub fn write_within(
        &self,
        format: CompareFormat,
        width: Option<usize>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match format {
            CompareFormat::Table => self.write_text(out, false, width),
            CompareFormat::Markdown => self.write_text(out, true, None),
            CompareFormat::Csv => self.write_csv(out),
            CompareFormat::Json => {
                serde_json::to_writer_pretty(&mut *out, self).map_err(io::Error::other)?;
                writeln!(out)
            }
        }
    }

    /// The method in one line: what the ratio, the interval and the p-value are.
    fn method(&self) -> String {
        let threshold = match self.threshold_percent {
            Some(percent) => format!("threshold ±{percent}%"),
            None => "speed not judged (threshold none)".to_owned(),
        };
        let runs = match self.runs {
            [1, 1] => String::new(),
            [old, new] => format!(", widened by resampling {old} and {new} runs a side"),
        };
        let threshold = match (self.one_run_drift_percent, self.threshold_percent) {
            (Some(drift), Some(percent)) if drift > percent => format!(
                "{threshold}, ±{drift}% with one run a side (the drift between runs of one \
                 build measured on a shared machine, which one run a side cannot see)"
            ),
            _ => threshold,
        };
        format!(
            "new against old, per puzzle: geometric mean of the time ratios, its {:.0}% \
             bootstrap interval ({} draws, seed {}{runs}), Wilcoxon signed-rank p; {threshold}",
            self.confidence * 100.0,
            count(self.resamples as u64),
            self.seed
        )
    }

    fn write_text(
        &self,
        out: &mut dyn Write,
        markdown: bool,
        width: Option<usize>,
    ) -> io::Result<()> {
        let note = |line: &str| crate::output::wrap_to(line, width, 2);
        let changed = self.changed();
        if markdown {
            writeln!(out, "### `{}` → `{}`\n", self.old, self.new)?;
        } else {
            writeln!(out, "{} -> {}", self.old, self.new)?;
        }
        if changed > 0 {
            let heading = format!("Counters changed on {}:", counted(changed, "puzzle", "puzzles"));
            if markdown {
                writeln!(out, "**{heading}**\n")?;
            } else {
                writeln!(out, "{heading}")?;
            }
            let mut listed = 0;
            for group in &self.groups {
                for change in &group.changed {
                    if listed == LISTED_CHANGES {
                        break;
                    }
                    listed += 1;
                    let line = format!(
                        "{} {} {}: puzzle {}, line {}: {} -> {}",
                        group.file,
                        group.size,
                        group.engines(),
                        change.puzzle,
                        change.line,
                        change.old,
                        change.new
                    );
                    if markdown {
                        writeln!(out, "- {}", line.replace('|', "\\|"))?;
                    } else {
                        writeln!(out, "  {line}")?;
                    }
                }
            }
            if changed > listed as u64 {
                let more = format!("... and {} more", count(changed - listed as u64));
                writeln!(out, "{}{more}", if markdown { "- " } else { "  " })?;
            }
            writeln!(out)?;
        }
        let header = ["file", "size", "engine", "puzzles", "ratio", "95% interval", "p", "verdict"];
        let rows: Vec<[String; 8]> = self
            .groups
            .iter()
            .map(|group| {
                let (ratio, interval, p, verdict) = match &group.speed {
                    Some(speed) => (
                        format!("{:.3}", speed.ratio),
                        format!("[{:.3}, {:.3}]", speed.lower, speed.upper),
                        stats::format_p(speed.p_value),
                        speed.verdict(Reading::Final {
                            judged: self.threshold_percent.is_some(),
                            one_run: self.one_run_drift_percent.is_some(),
                        }),
                    ),
                    None => ("-".into(), "-".into(), "-".into(), "no puzzle timed by both".into()),
                };
                [
                    group.file.clone(),
                    group.size.clone(),
                    group.engines(),
                    count(group.timed),
                    ratio,
                    interval,
                    p,
                    verdict,
                ]
            })
            .collect();
        if markdown {
            writeln!(out, "| {} |", header.join(" | "))?;
            writeln!(out, "|---|---|---|--:|--:|--:|--:|---|")?;
            for row in &rows {
                let cells: Vec<String> = row.iter().map(|cell| cell.replace('|', "\\|")).collect();
                writeln!(out, "| {} |", cells.join(" | "))?;
            }
            writeln!(out, "\n_{}_", self.method())?;
        } else {
            let mut widths = header.map(str::len);
            for row in &rows {
                for (width, cell) in widths.iter_mut().zip(row) {
                    *width = (*width).max(cell.chars().count());
                }
            }
            let line = |cells: &[String]| {
                let mut text = String::new();
                for (index, (cell, width)) in cells.iter().zip(widths).enumerate() {
                    let pad = width - cell.chars().count();
                    // Names and the verdict to the left, figures to the right.
                    if matches!(index, 0..=2 | 7) {
                        text.push_str(cell);
                        if index != 7 {
                            text.push_str(&" ".repeat(pad));
                        }
                    } else {
                        text.push_str(&" ".repeat(pad));
                        text.push_str(cell);
                    }
                    text.push_str("  ");
                }
                text.trim_end().to_owned()
            };
            writeln!(out, "{}", line(&header.map(str::to_owned)))?;
            for row in &rows {
                writeln!(out, "{}", line(row))?;
            }
            writeln!(out, "{}", note(&format!("({})", self.method())))?;
        }
        let mut unpaired = Vec::new();
        for group in &self.groups {
            for (side, puzzles) in [("old", &group.only_in_old), ("new", &group.only_in_new)] {
                if !puzzles.is_empty() {
                    let mut named: Vec<String> =
                        puzzles.iter().take(LISTED_UNPAIRED).map(u64::to_string).collect();
                    if puzzles.len() > LISTED_UNPAIRED {
                        named.push("...".into());
                    }
                    unpaired.push(format!(
                        "{} {} {}: {} only in the {side} rows (puzzles {})",
                        group.file,
                        group.size,
                        group.engines(),
                        counted(puzzles.len() as u64, "puzzle", "puzzles"),
                        named.join(", ")
                    ));
                }
            }
        }
        for (side, groups) in [("old", &self.only_in_old), ("new", &self.only_in_new)] {
            for group in groups {
                unpaired.push(format!(
                    "{} on {} {}: only in the {side} file ({})",
                    group.engine,
                    group.file,
                    group.size,
                    counted(group.rows, "row", "rows")
                ));
            }
        }
        if !unpaired.is_empty() {
            writeln!(out, "{}Not paired:", if markdown { "\n" } else { "" })?;
            for line in unpaired {
                let line = format!("{}{line}", if markdown { "- " } else { "  " });
                writeln!(out, "{}", note(&line))?;
            }
        }
        Ok(())
    }

    fn write_csv(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut csv = csv::Writer::from_writer(out);
        csv.write_record([
            "file",
            "size",
            "old_engine",
            "new_engine",
            "paired",
            "timed",
            "ratio",
            "lower",
            "upper",
            "p_value",
            "verdict",
            "decided",
            "changed",
            "only_in_old",
            "only_in_new",
        ])?;
        for group in &self.groups {
            let figure = |value: Option<f64>| value.map_or_else(String::new, |v| v.to_string());
            let speed = group.speed.as_ref();
            csv.write_record([
                group.file.clone(),
                group.size.clone(),
                group.old_engine.clone(),
                group.new_engine.clone(),
                group.paired.to_string(),
                group.timed.to_string(),
                figure(speed.map(|s| s.ratio)),
                figure(speed.map(|s| s.lower)),
                figure(speed.map(|s| s.upper)),
                figure(speed.map(|s| s.p_value)),
                speed.map_or("", |s| s.change.name()).to_owned(),
                speed.map_or_else(String::new, |s| s.decided.to_string()),
                group.changed.len().to_string(),
                group.only_in_old.len().to_string(),
                group.only_in_new.len().to_string(),
            ])?;
        }
        csv.flush()
    }
}

impl Group {
    /// A group of nothing compared yet.
    fn new(file: &str, old_file: &str, size: &str, old_engine: &str, new_engine: &str) -> Group {
        Group {
            file: file.to_owned(),
            old_file: old_file.to_owned(),
            size: size.to_owned(),
            old_engine: old_engine.to_owned(),
            new_engine: new_engine.to_owned(),
            paired: 0,
            timed: 0,
            changed: Vec::new(),
            only_in_old: Vec::new(),
            only_in_new: Vec::new(),
            speed: None,
        }
    }

    /// The engine, or `old -> new` when two are compared.
    fn engines(&self) -> String {
        if self.old_engine == self.new_engine {
            self.old_engine.clone()
        } else {
            format!("{} -> {}", self.old_engine, self.new_engine)
        }
    }
}

/// One group of rows as read: a file (name and digest), size and engine.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct GroupKey {
    file: String,
    digest: Option<String>,
    size: String,
    engine: String,
}

/// The rows of one file, grouped by file, size and engine, with the line of each.
struct Side {
    /// The file, as named.
    name: String,
    index: RowIndex<GroupKey, u64>,
}

impl Side {
    /// Reads the per-puzzle file at `path`, keeping the rows of the engines `wanted` accepts.
    fn read(path: &Path, wanted: &dyn Fn(&str) -> bool) -> Result<Side, String> {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|error| format!("{name}: {error}"))?;
        if file.metadata().is_ok_and(|metadata| metadata.is_dir()) {
            return Err(format!("{name}: is a directory"));
        }
        let input = io::BufReader::with_capacity(1 << 16, file);
        Side::read_from(input, &name, RowFormat::of(path), wanted)
    }

    fn read_from(
        input: impl io::BufRead,
        name: &str,
        format: RowFormat,
        wanted: &dyn Fn(&str) -> bool,
    ) -> Result<Side, String> {
        let mut index = RowIndex::new();
        let mut numbers: HashMap<GroupKey, u32> = HashMap::new();
        let mut last: Option<(GroupKey, u32)> = None;
        let mut too_many = false;
        read_rows(input, name, format, |row: &RawRow<'_>, entry| {
            if !wanted(&row.engine) || too_many {
                return;
            }
            let same = last.as_ref().is_some_and(|(key, _)| {
                key.file == row.file
                    && key.size == row.size
                    && key.engine == row.engine
                    && key.digest.as_deref() == row.digest.as_deref()
            });
            if !same {
                let key = GroupKey {
                    file: row.file.to_string(),
                    digest: row.digest.as_ref().map(ToString::to_string),
                    size: row.size.to_string(),
                    engine: row.engine.to_string(),
                };
                let number = match numbers.get(&key) {
                    Some(&number) => number,
                    None => {
                        let Some(number) = index.add_group(key.clone()) else {
                            too_many = true;
                            return;
                        };
                        numbers.insert(key.clone(), number);
                        number
                    }
                };
                last = Some((key, number));
            }
            let number = last.as_ref().map_or(0, |(_, number)| *number);
            index.push(number, entry, row.line);
        })?;
        if too_many {
            return Err(format!("{name}: more than {MAX_GROUPS} files, sizes and engines"));
        }
        if let Err((group, puzzle)) = index.sort() {
            return Err(format!(
                "{name}: two rows for puzzle {puzzle} of {} ({}) by {}: a per-puzzle file has one \
                 row per puzzle and engine",
                group.file, group.size, group.engine
            ));
        }
        Ok(Side { name: name.to_owned(), index })
    }

    /// The groups, by number.
    fn groups(&self) -> &[GroupKey] {
        self.index.groups()
    }

    /// The group of the same file (by digest where both have one, else by name), size and
    /// `engine` as `key`.
    fn group_like(&self, key: &GroupKey, engine: &str) -> Option<u32> {
        self.groups()
            .iter()
            .position(|candidate| {
                let same_file = match (&candidate.digest, &key.digest) {
                    (Some(a), Some(b)) => a == b,
                    _ => candidate.file == key.file,
                };
                same_file && candidate.size == key.size && candidate.engine == engine
            })
            .map(|number| number as u32)
    }

    /// The time of the answer to `puzzle` in group `number`, µs, NaN when none.
    fn answer_time(&self, number: u32, puzzle: u64) -> f32 {
        self.index.answer_time(number, puzzle).map_or(f32::NAN, |us| us as f32)
    }

    /// The puzzles of group `number` of `first` that this file has no row of, or `None`
    /// when it has no rows of that file, size and engine at all.
    fn missing_of(&self, first: &Side, number: u32) -> Option<Vec<u64>> {
        let key = &first.groups()[number as usize];
        let mine = self.index.rows_of(self.group_like(key, &key.engine)?);
        let mut missing = Vec::new();
        let mut at = 0;
        for (entry, _) in first.index.rows_of(number) {
            let puzzle = entry.puzzle();
            while at < mine.len() && mine[at].0.puzzle() < puzzle {
                at += 1;
            }
            if mine.get(at).is_none_or(|(entry, _)| entry.puzzle() != puzzle) {
                missing.push(puzzle);
            }
        }
        Some(missing)
    }
}

/// Compares the per-puzzle files `old` and `new` (which may be the same file when two engines
/// are compared).
pub fn compare(old: &Path, new: &Path, options: &CompareOptions) -> Result<Comparison, String> {
    compare_runs(&[old], &[new], options)
}

/// Compares runs of each side: several per-puzzle files of independent runs of the same
/// engines on the same files (the first of each side gives the counters and the pairing, the
/// others their times). With two runs or more a side, the interval holds the drift between
/// runs ([`stats::runs_interval`]), which one run a side cannot show.
pub fn compare_runs(
    old: &[&Path],
    new: &[&Path],
    options: &CompareOptions,
) -> Result<Comparison, String> {
    let (old_wanted, new_wanted) = wanted_engines(options);
    let old_sides =
        old.iter().map(|path| Side::read(path, &old_wanted)).collect::<Result<Vec<_>, _>>()?;
    let new_sides =
        new.iter().map(|path| Side::read(path, &new_wanted)).collect::<Result<Vec<_>, _>>()?;
    let name = |paths: &[&Path]| {
        paths.iter().map(|path| path.display().to_string()).collect::<Vec<_>>().join(", ")
    };
    // One file on each side, the same file: two engines of one run, or a run with itself.
    let two_runs = !(old.len() == 1 && new.len() == 1 && old[0] == new[0]);
    compare_sides(&name(old), &name(new), &old_sides, &new_sides, options, two_runs)
}

/// Compares rows read from two inputs, named `old` and `new` in messages.
pub fn compare_readers(
    (old, old_input, old_format): (&str, impl io::BufRead, RowFormat),
    (new, new_input, new_format): (&str, impl io::BufRead, RowFormat),
    options: &CompareOptions,
) -> Result<Comparison, String> {
    let (old_wanted, new_wanted) = wanted_engines(options);
    let old_side = Side::read_from(old_input, old, old_format, &old_wanted)?;
    let new_side = Side::read_from(new_input, new, new_format, &new_wanted)?;
    compare_sides(old, new, &[old_side], &[new_side], options, old != new)
}

/// Which engines each side keeps.
type Wanted = Box<dyn Fn(&str) -> bool>;

fn wanted_engines(options: &CompareOptions) -> (Wanted, Wanted) {
    match &options.pair {
        Some((old, new)) => {
            let (old, new) = (old.clone(), new.clone());
            (Box::new(move |engine| engine == old), Box::new(move |engine| engine == new))
        }
        None => {
            let engines = options.engines.clone();
            let wanted =
                move |engine: &str| engines.is_empty() || engines.iter().any(|e| e == engine);
            (Box::new(wanted.clone()), Box::new(wanted))
        }
    }
}

/// Compares the runs of each side; `two_runs` when the sides are separate runs (not two
/// engines of one file, nor a file with itself).
fn compare_sides(
    old: &str,
    new: &str,
    old_sides: &[Side],
    new_sides: &[Side],
    options: &CompareOptions,
    two_runs: bool,
) -> Result<Comparison, String> {
    let (old_side, new_side) = (&old_sides[0], &new_sides[0]);
    // One run a side cannot see the drift between runs: a change within it is no change.
    let one_run_drift = (two_runs && old_sides.len() == 1 && new_sides.len() == 1)
        .then_some(stats::ONE_RUN_DRIFT_PERCENT / 100.0);
    let threshold = options.threshold.max(one_run_drift.unwrap_or(0.0));
    // The groups paired: (the old side's number, the new side's).
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let engines_compared = options.pair.is_some();
    for engine in options.pair.iter().flat_map(|(a, b)| [a, b]).chain(&options.engines) {
        let found = |side: &Side| side.groups().iter().any(|group| &group.engine == engine);
        if !found(old_side) && !found(new_side) {
            return Err(format!("no row of engine {engine} in {old} or {new}"));
        }
    }
    let mut old_paired = vec![false; old_side.groups().len()];
    let mut groups = Vec::new();
    let mut only_in_new = Vec::new();
    for (new_number, key) in new_side.groups().iter().enumerate() {
        let old_engine = match &options.pair {
            Some((old_engine, _)) => old_engine.as_str(),
            None => key.engine.as_str(),
        };
        let partner = old_side.groups().iter().enumerate().position(|(number, candidate)| {
            let same_file = match (&candidate.digest, &key.digest) {
                (Some(a), Some(b)) => a == b,
                _ => candidate.file == key.file,
            };
            !old_paired[number]
                && same_file
                && candidate.size == key.size
                && candidate.engine == old_engine
        });
        let Some(old_number) = partner else {
            only_in_new.push(Unpaired {
                file: key.file.clone(),
                size: key.size.clone(),
                engine: key.engine.clone(),
                rows: new_side.index.rows_of_group(new_number as u32),
            });
            continue;
        };
        old_paired[old_number] = true;
        pairs.push((old_number as u32, new_number as u32));
        let old_key = &old_side.groups()[old_number];
        let mut group =
            Group::new(&key.file, &old_key.file, &key.size, &old_key.engine, &key.engine);
        let mut ratios = Vec::new();
        // The puzzles timed on both sides, for the other runs' times.
        let mut timed = Vec::new();
        let old_rows = old_side.index.rows_of(old_number as u32);
        let new_rows = new_side.index.rows_of(new_number as u32);
        let (mut i, mut j) = (0, 0);
        while i < old_rows.len() || j < new_rows.len() {
            let a = old_rows.get(i).map(|(entry, _)| entry.puzzle());
            let b = new_rows.get(j).map(|(entry, _)| entry.puzzle());
            match (a, b) {
                (Some(a), Some(b)) if a == b => {
                    let (before, _) = &old_rows[i];
                    let (after, line) = &new_rows[j];
                    group.paired += 1;
                    let same = if engines_compared {
                        before.same_answer(after)
                    } else {
                        before.same_counters(after)
                    };
                    if !same {
                        group.changed.push(ChangedPuzzle {
                            puzzle: a,
                            line: *line,
                            old: before.counters().describe(),
                            new: after.counters().describe(),
                        });
                    }
                    if let (Some(t0), Some(t1)) = (before.answer_time(), after.answer_time()) {
                        group.timed += 1;
                        ratios.push(stats::log_ratio(t0, t1));
                        timed.push((a, t0 as f32, t1 as f32));
                    }
                    i += 1;
                    j += 1;
                }
                (Some(a), b) if b.is_none_or(|b| a < b) => {
                    group.only_in_old.push(a);
                    i += 1;
                }
                (_, Some(b)) => {
                    group.only_in_new.push(b);
                    j += 1;
                }
                _ => break,
            }
        }
        group.speed = if old_sides.len() > 1 || new_sides.len() > 1 {
            // Each run's times of the timed puzzles; the estimate is of each puzzle's shortest
            // time over a side's runs, as the resampling of runs takes it.
            let runs = |sides: &[Side],
                        key: &GroupKey,
                        engine: &str,
                        first: fn(&(u64, f32, f32)) -> f32| {
                let mut runs: Vec<Vec<f32>> = vec![timed.iter().map(first).collect()];
                for side in &sides[1..] {
                    let number = side.group_like(key, engine);
                    runs.push(
                        timed
                            .iter()
                            .map(|&(puzzle, _, _)| {
                                number.map_or(f32::NAN, |number| side.answer_time(number, puzzle))
                            })
                            .collect(),
                    );
                }
                runs
            };
            let old_runs = runs(old_sides, old_key, &old_key.engine, |t| t.1);
            let new_runs = runs(new_sides, key, &key.engine, |t| t.2);
            let shortest = |runs: &[Vec<f32>], index: usize| {
                runs.iter().map(|run| run[index]).fold(f32::INFINITY, f32::min)
            };
            let ratios: Vec<f64> = (0..timed.len())
                .map(|i| {
                    stats::log_ratio(
                        f64::from(shortest(&old_runs, i)),
                        f64::from(shortest(&new_runs, i)),
                    )
                })
                .collect();
            stats::estimate(&ratios, threshold, options.seed).map(|pooled| {
                let runs = stats::runs_interval(&old_runs, &new_runs, options.seed);
                stats::with_rounds(pooled, runs, threshold)
            })
        } else {
            stats::estimate(&ratios, threshold, options.seed)
        };
        groups.push(group);
    }
    let only_in_old: Vec<Unpaired> = old_side
        .groups()
        .iter()
        .enumerate()
        .filter(|(number, _)| !old_paired[*number])
        .map(|(number, key)| Unpaired {
            file: key.file.clone(),
            size: key.size.clone(),
            engine: key.engine.clone(),
            rows: old_side.index.rows_of_group(number as u32),
        })
        .collect();
    if groups.is_empty() {
        let engines = |side: &Side| {
            let mut names: Vec<String> = side
                .groups()
                .iter()
                .map(|group| format!("{} on {} {}", group.engine, group.file, group.size))
                .collect();
            names.dedup();
            names.truncate(5);
            names.join(", ")
        };
        return Err(format!(
            "{old} and {new} have no file, size and engine in common, so nothing is compared \
             ({old}: {}; {new}: {})",
            engines(old_side),
            engines(new_side)
        ));
    }
    let lacking = lacking(old_sides, new_sides, &pairs, &only_in_old, &groups);
    Ok(Comparison {
        old: old.to_owned(),
        new: new.to_owned(),
        threshold_percent: options.threshold.is_finite().then_some(options.threshold * 100.0),
        confidence: stats::CONFIDENCE,
        significance: stats::SIGNIFICANCE,
        resamples: stats::RESAMPLES,
        seed: options.seed,
        runs: [old_sides.len(), new_sides.len()],
        one_run_drift_percent: one_run_drift.map(|drift| drift * 100.0),
        lacking,
        groups,
        only_in_old,
        only_in_new,
    })
}

/// What each file lacks of the rows it is compared with: the new side's first file, of the
/// old side's first (its groups not paired, `only_in_old`, and the puzzles of its paired
/// groups only in the old rows); every later run of either side, of its side's first file
/// (the groups paired, `pairs`, and their puzzles).
fn lacking(
    old_sides: &[Side],
    new_sides: &[Side],
    pairs: &[(u32, u32)],
    only_in_old: &[Unpaired],
    groups: &[Group],
) -> Vec<Lacking> {
    let mut lacking = Vec::new();
    let mut first = Lacking {
        run: new_sides[0].name.clone(),
        of: old_sides[0].name.clone(),
        groups: only_in_old.len() as u64,
        puzzles: groups.iter().map(|group| group.only_in_old.len() as u64).sum(),
        first: Vec::new(),
    };
    first.first.extend(
        only_in_old
            .iter()
            .map(|group| format!("{} on {} {}", group.engine, group.file, group.size))
            .chain(groups.iter().flat_map(|group| {
                group.only_in_old.iter().map(move |puzzle| {
                    format!(
                        "{} {} {} puzzle {puzzle}",
                        group.old_file, group.size, group.old_engine
                    )
                })
            }))
            .take(LISTED_LACKING),
    );
    if first.groups + first.puzzles > 0 {
        lacking.push(first);
    }
    for (sides, old) in [(old_sides, true), (new_sides, false)] {
        for run in &sides[1..] {
            let mut short =
                Lacking { run: run.name.clone(), of: sides[0].name.clone(), ..Lacking::default() };
            for &(old_number, new_number) in pairs {
                let number = if old { old_number } else { new_number };
                let key = &sides[0].groups()[number as usize];
                match run.missing_of(&sides[0], number) {
                    None => {
                        short.groups += 1;
                        if short.first.len() < LISTED_LACKING {
                            short
                                .first
                                .push(format!("{} on {} {}", key.engine, key.file, key.size));
                        }
                    }
                    Some(missing) => {
                        short.puzzles += missing.len() as u64;
                        for puzzle in missing {
                            if short.first.len() == LISTED_LACKING {
                                break;
                            }
                            short.first.push(format!(
                                "{} {} {} puzzle {puzzle}",
                                key.file, key.size, key.engine
                            ));
                        }
                    }
                }
            }
            if short.groups + short.puzzles > 0 {
                lacking.push(short);
            }
        }
    }
    lacking
}

/// Two engines of one run compared as the run goes (`sudoku bench --compare A,B`): the
/// puzzles both answered, per file and size, with the second engine's time over the first's.
/// Their answers are the cross-check's business; this compares speed.
///
/// Each chunk is judged by [`stats::Rounds::estimate`], fed pass by pass as the harness feeds
/// the decision of `--until-decided`: on a file of one chunk (up to
/// [`crate::corpus::CHUNK_PUZZLES`] puzzles) the verdict reported is the very estimate that
/// stopped the passes. A file of several chunks pools their ratios, widened by the widest
/// drift of its chunks' rounds.
pub struct RunPair {
    old: String,
    new: String,
    threshold: f64,
    /// The fewest rounds a verdict is reached on ([`stats::MIN_ROUNDS`] with
    /// `--until-decided`, as its decision needs).
    min_rounds: usize,
    groups: Vec<Group>,
    ratios: Vec<Vec<f64>>,
    /// The rounds of passes of the chunk being run: what sees the machine drift
    /// ([`stats::Rounds`]).
    rounds: stats::Rounds,
    /// Per group, each chunk's estimate so far.
    chunks: Vec<Vec<Estimate>>,
    /// Per group, the fewest rounds a chunk of it ran (every chunk runs as many passes as
    /// the first).
    fewest_rounds: Vec<usize>,
}

impl RunPair {
    /// Compares engine `new` with engine `old` against `threshold` (a fraction); a verdict
    /// needs `min_rounds` rounds of passes (`--until-decided`: [`stats::MIN_ROUNDS`]).
    pub fn new(old: &str, new: &str, threshold: f64, min_rounds: usize) -> RunPair {
        RunPair {
            old: old.to_owned(),
            new: new.to_owned(),
            threshold,
            min_rounds,
            groups: Vec::new(),
            ratios: Vec::new(),
            rounds: stats::Rounds::default(),
            chunks: Vec::new(),
            fewest_rounds: Vec::new(),
        }
    }

    /// The comparison of everything seen.
    pub fn finish(mut self) -> Comparison {
        let per_group = self.ratios.iter().zip(&self.chunks).zip(&self.fewest_rounds);
        for (group, ((ratios, chunks), fewest_rounds)) in self.groups.iter_mut().zip(per_group) {
            group.speed = match &chunks[..] {
                [] => None,
                [only] => Some(only.clone()),
                several => {
                    // Each chunk's interval as offsets from its own estimate; the widest.
                    let offsets = several.iter().map(|chunk| {
                        let centre = chunk.ratio.ln();
                        (chunk.lower.ln() - centre, chunk.upper.ln() - centre)
                    });
                    let (below, above) = offsets
                        .fold((0.0f64, 0.0f64), |(b, a), (lower, upper)| {
                            (b.min(lower), a.max(upper))
                        });
                    stats::estimate(ratios, self.threshold, stats::DEFAULT_SEED).map(|pooled| {
                        let centre = pooled.ratio.ln();
                        let rounds = Some((centre + below, centre + above));
                        let judged = stats::with_rounds(pooled, rounds, self.threshold);
                        if *fewest_rounds < self.min_rounds {
                            Estimate { change: Change::NoChange, decided: false, ..judged }
                        } else {
                            judged
                        }
                    })
                }
            };
        }
        Comparison {
            old: self.old,
            new: self.new,
            threshold_percent: self.threshold.is_finite().then_some(self.threshold * 100.0),
            confidence: stats::CONFIDENCE,
            significance: stats::SIGNIFICANCE,
            resamples: stats::RESAMPLES,
            seed: stats::DEFAULT_SEED,
            runs: [1, 1],
            one_run_drift_percent: None,
            lacking: Vec::new(),
            groups: self.groups,
            only_in_old: Vec::new(),
            only_in_new: Vec::new(),
        }
    }
}

impl RunPair {
    /// The number of the group of `file` and `size`, added when new.
    fn group_of(&mut self, file: &str, size: String) -> usize {
        match self.groups.iter().position(|g| g.file == file && g.size == size) {
            Some(group) => group,
            None => {
                self.groups.push(Group::new(file, file, &size, &self.old, &self.new));
                self.ratios.push(Vec::new());
                self.chunks.push(Vec::new());
                self.fewest_rounds.push(usize::MAX);
                self.groups.len() - 1
            }
        }
    }
}

impl Observer for RunPair {
    fn pass(
        &mut self,
        _chunk: &Corpus,
        _kind: &sudoku_core::GridKind,
        run: &EngineRun<'_>,
        nanos: &[u64],
    ) {
        let old = run.info.name == self.old;
        if !old && run.info.name != self.new {
            return;
        }
        self.rounds.pass(old, crate::measure::answered_micros(run, nanos));
    }

    fn chunk(&mut self, chunk: &Corpus, kind: &sudoku_core::GridKind, runs: &[EngineRun<'_>]) {
        let rounds = std::mem::take(&mut self.rounds);
        let find = |name: &str| runs.iter().find(|run| run.info.name == name);
        let (Some(old), Some(new)) = (find(&self.old), find(&self.new)) else { return };
        let group = self.group_of(&chunk.file, kind.ascii_name());
        let ratios = crate::measure::paired_log_ratios(old, new);
        self.groups[group].paired += chunk.puzzles.len() as u64;
        self.groups[group].timed += ratios.len() as u64;
        let estimate =
            rounds.estimate(&ratios, self.threshold, stats::DEFAULT_SEED, self.min_rounds);
        self.chunks[group].extend(estimate);
        self.fewest_rounds[group] = self.fewest_rounds[group].min(rounds.len());
        self.ratios[group].extend_from_slice(&ratios);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str =
        "file,size,puzzle,line,engine,verdict,count,us,nodes,guesses,message,digest\n";

    /// A per-puzzle file of `puzzles` rows of `engine`, each puzzle's time scaled by `scale`.
    fn file(engine: &str, puzzles: u64, scale: f64, digest: &str, name: &str) -> String {
        let mut text = HEADER.to_owned();
        for puzzle in 1..=puzzles {
            let us = (10.0 + (puzzle * 37 % 23) as f64) * scale;
            text.push_str(&format!(
                "{name},9x9,{puzzle},{},{engine},solved,1,{us},{},{},,{digest}\n",
                puzzle + 2,
                puzzle * 3,
                puzzle % 4
            ));
        }
        text
    }

    fn options() -> CompareOptions {
        CompareOptions {
            engines: Vec::new(),
            pair: None,
            threshold: 0.03,
            seed: stats::DEFAULT_SEED,
        }
    }

    fn run(old: &str, new: &str, options: &CompareOptions) -> Result<Comparison, String> {
        compare_readers(
            ("old.csv", old.as_bytes(), RowFormat::Csv),
            ("new.csv", new.as_bytes(), RowFormat::Csv),
            options,
        )
    }

    const DIGEST: &str = "0123456789abcdef";

    /// The rows of one side of one input, compared with those of another: two engines of
    /// one run, so the drift between runs plays no part.
    fn one_run(old: &str, new: &str, options: &CompareOptions) -> Comparison {
        let sides = |text: &str| {
            let wanted = |_: &str| true;
            Side::read_from(text.as_bytes(), "rows.csv", RowFormat::Csv, &wanted).unwrap()
        };
        compare_sides("rows.csv", "rows.csv", &[sides(old)], &[sides(new)], options, false).unwrap()
    }

    #[test]
    fn the_same_rows_are_no_change_and_scaled_ones_slower() {
        let old = file("fast", 300, 1.0, DIGEST, "a.txt");
        let same = run(&old, &old, &options()).unwrap();
        let speed = same.groups[0].speed.as_ref().unwrap();
        assert_eq!((speed.change, speed.decided), (Change::NoChange, true));
        assert!(!same.is_regression(false));
        // The same file under another name pairs by its digest.
        let slower = one_run(&old, &file("fast", 300, 1.05, DIGEST, "b/a.txt"), &options());
        let speed = slower.groups[0].speed.as_ref().unwrap();
        assert_eq!(speed.change, Change::Slower);
        assert!(speed.lower <= 1.05 + 1e-9 && speed.upper >= 1.05 - 1e-9, "{speed:?}");
        assert!(slower.is_regression(false));
        let faster = one_run(&old, &file("fast", 300, 0.9, DIGEST, "a.txt"), &options());
        assert_eq!(faster.groups[0].speed.as_ref().unwrap().change, Change::Faster);
        assert!(!faster.is_regression(false));
    }

    #[test]
    fn one_run_a_side_calls_no_change_within_the_drift_between_runs() {
        let old = file("fast", 300, 1.0, DIGEST, "a.txt");
        let drift = 1.0 + stats::ONE_RUN_DRIFT_PERCENT / 100.0;
        // Two separate runs, a little inside the drift either way: no change, and the verdict
        // line says what it cannot see.
        for scale in [drift * 0.97, 1.0 / (drift * 0.97)] {
            let within = run(&old, &file("fast", 300, scale, DIGEST, "a.txt"), &options()).unwrap();
            assert_eq!(within.one_run_drift_percent, Some(stats::ONE_RUN_DRIFT_PERCENT));
            assert_eq!(within.groups[0].speed.as_ref().unwrap().change, Change::NoChange);
            assert!(!within.is_regression(false));
            let mut text = Vec::new();
            within.write(CompareFormat::Table, &mut text).unwrap();
            let text = String::from_utf8(text).unwrap();
            assert!(
                text.contains("no change; one run a side: drift between runs not measured"),
                "{text}"
            );
        }
        // Beyond it, a change.
        let beyond = run(&old, &file("fast", 300, drift * 1.05, DIGEST, "a.txt"), &options());
        let beyond = beyond.unwrap();
        assert_eq!(beyond.groups[0].speed.as_ref().unwrap().change, Change::Slower);
        assert!(beyond.is_regression(false));
        // Two engines of one run see no drift between runs, and no note.
        assert_eq!(one_run(&old, &old, &options()).one_run_drift_percent, None);
    }

    #[test]
    fn what_the_new_side_lacks_is_named() {
        let old = file("fast", 40, 1.0, DIGEST, "a.txt")
            + &file("dlx", 40, 1.0, DIGEST, "a.txt").replacen(HEADER, "", 1);
        // The new run died after two rows: dlx gone, 38 puzzles of fast missing.
        let new: String =
            file("fast", 40, 1.0, DIGEST, "a.txt").lines().take(3).collect::<Vec<_>>().join("\n")
                + "\n";
        let cut = run(&old, &new, &options()).unwrap();
        assert_eq!(cut.lacking.len(), 1);
        let lacking = &cut.lacking[0];
        assert_eq!((lacking.groups, lacking.puzzles), (1, 38));
        let described = lacking.describe();
        assert!(
            described.starts_with("new.csv lacks 1 file, size and engine and 38 puzzles of old.csv (dlx on a.txt 9x9, a.txt 9x9 fast puzzle 3, "),
            "{described}"
        );
        // Whole files lack nothing.
        assert!(run(&old, &old, &options()).unwrap().lacking.is_empty());
    }

    #[test]
    fn changed_counters_and_unpaired_puzzles_are_listed() {
        let old = file("fast", 10, 1.0, DIGEST, "a.txt");
        let mut new: String =
            old.lines().filter(|line| !line.contains(",5,7,")).collect::<Vec<_>>().join("\n");
        new = new.replace("a.txt,9x9,3,5,fast,solved,1,", "a.txt,9x9,3,5,fast,solved,2+,");
        new.push_str("\na.txt,9x9,11,13,fast,solved,1,10,1,1,,0123456789abcdef\n");
        let comparison = run(&old, &new, &options()).unwrap();
        let group = &comparison.groups[0];
        assert_eq!(group.changed.len(), 1);
        assert_eq!(group.changed[0].puzzle, 3);
        assert_eq!(group.only_in_old, vec![5]);
        assert_eq!(group.only_in_new, vec![11]);
        assert!(comparison.is_regression(false));
        assert!(!comparison.is_regression(true));
        let mut text = Vec::new();
        comparison.write(CompareFormat::Table, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("puzzle 3, line 5: solved count 1"), "{text}");
        assert!(text.contains("1 puzzle only in the old rows (puzzles 5)"), "{text}");
    }

    #[test]
    fn another_file_of_the_same_name_does_not_pair() {
        let old = file("fast", 10, 1.0, DIGEST, "a.txt");
        let new = file("fast", 10, 1.0, "fedcba9876543210", "a.txt");
        let error = run(&old, &new, &options()).unwrap_err();
        assert!(error.contains("nothing is compared"), "{error}");
    }

    #[test]
    fn two_engines_of_one_file_compare_on_their_answers() {
        let mut both = file("fast", 100, 1.0, DIGEST, "a.txt");
        both.push_str(&file("dlx", 100, 2.0, DIGEST, "a.txt").replacen(HEADER, "", 1));
        let options = CompareOptions { pair: Some(("fast".into(), "dlx".into())), ..options() };
        let comparison = run(&both, &both, &options).unwrap();
        assert_eq!(comparison.groups.len(), 1);
        let group = &comparison.groups[0];
        assert_eq!((group.old_engine.as_str(), group.new_engine.as_str()), ("fast", "dlx"));
        // Their nodes are the same here, but only verdicts and counts are compared anyway.
        assert!(group.changed.is_empty());
        assert!((group.speed.as_ref().unwrap().ratio - 2.0).abs() < 1e-9);
        let missing = CompareOptions { pair: Some(("fast".into(), "nope".into())), ..options };
        assert!(run(&both, &both, &missing).unwrap_err().contains("engine nope"));
    }

    #[test]
    fn duplicate_rows_are_refused() {
        let mut old = file("fast", 3, 1.0, DIGEST, "a.txt");
        old.push_str("a.txt,9x9,2,4,fast,solved,1,10,1,1,,0123456789abcdef\n");
        let error = run(&old, &old, &options()).unwrap_err();
        assert!(error.contains("two rows for puzzle 2"), "{error}");
    }

    #[test]
    fn json_gives_each_interval_its_bounds() {
        let old = file("fast", 50, 1.0, DIGEST, "a.txt");
        let comparison = run(&old, &file("fast", 50, 1.6, DIGEST, "a.txt"), &options()).unwrap();
        let mut json = Vec::new();
        comparison.write(CompareFormat::Json, &mut json).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let speed = &value["groups"][0]["speed"];
        assert!(speed["lower"].as_f64().unwrap() <= speed["upper"].as_f64().unwrap());
        assert_eq!(speed["change"], "slower");
        assert_eq!(value["one_run_drift_percent"], stats::ONE_RUN_DRIFT_PERCENT);
    }
}
