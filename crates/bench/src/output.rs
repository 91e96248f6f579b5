//! The report as text: an aligned terminal table, Markdown, CSV and JSON.
//!
//! The table and Markdown are for people: one section (or row group) per file, numbers
//! rounded to what is worth reading, `—` for a figure the engine cannot give. CSV and JSON are
//! for programs and keep every figure at full precision; both read back ([`read_csv`],
//! [`read_json`]) to exactly the figures written. Every format states the mode, the budget,
//! the threads, whether answers were cross-checked and how each engine was timed
//! ([`timing_line`]). When an engine failed on some puzzle, the table and Markdown get a
//! `failed` column and list the failures, one `FAILED` line each ([`crate::EngineFailure`]);
//! CSV has each record's failure counters, JSON the list too.

use std::io::{self, Write};

use crate::report::{Record, Report};
use sudoku_engines::Timing;

/// The formats a report can be written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum OutputFormat {
    /// An aligned table for the terminal.
    #[default]
    Table,
    /// A GitHub-flavoured Markdown table, for READMEs and pull requests.
    Markdown,
    /// One CSV row per engine and file, with a header row.
    Csv,
    /// The whole report in the documented JSON schema.
    Json,
    /// Bencher Metric Format ([`crate::continuous`]).
    Bmf,
    /// github-action-benchmark's `customSmallerIsBetter` array ([`crate::continuous`]).
    GithubBenchmark,
}

impl OutputFormat {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [OutputFormat; 6] = [
        OutputFormat::Table,
        OutputFormat::Markdown,
        OutputFormat::Csv,
        OutputFormat::Json,
        OutputFormat::Bmf,
        OutputFormat::GithubBenchmark,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Table => "table",
            OutputFormat::Markdown => "markdown",
            OutputFormat::Csv => "csv",
            OutputFormat::Json => "json",
            OutputFormat::Bmf => "bmf",
            OutputFormat::GithubBenchmark => "github-benchmark",
        }
    }

    /// What the format holds, in a line for `--help`.
    pub fn help(self) -> &'static str {
        match self {
            OutputFormat::Table => "Aligned tables for the terminal",
            OutputFormat::Markdown => "A Markdown table",
            OutputFormat::Csv => "One CSV row per engine and file",
            OutputFormat::Json => "The whole report, in the documented JSON schema",
            OutputFormat::Bmf => {
                "Bencher Metric Format: per engine, file and size, latency (ns, with the bounds \
                 of its 95% interval), throughput and nodes per puzzle"
            }
            OutputFormat::GithubBenchmark => {
                "github-action-benchmark's customSmallerIsBetter: time and nodes per puzzle"
            }
        }
    }
}

impl std::str::FromStr for OutputFormat {
    type Err = String;

    /// One of the [`OutputFormat::name`]s.
    fn from_str(text: &str) -> Result<OutputFormat, String> {
        crate::names::by_name(&OutputFormat::ALL, OutputFormat::name, "report format", text)
    }
}

/// Writes `report` in `format`, the table and Markdown with their main columns.
pub fn write(report: &Report, format: OutputFormat, out: &mut dyn Write) -> io::Result<()> {
    write_columns(report, format, Columns::Main, out)
}

/// Writes `report` in `format`, the table and Markdown with `columns` (the other formats have
/// every figure).
pub fn write_columns(
    report: &Report,
    format: OutputFormat,
    columns: Columns,
    out: &mut dyn Write,
) -> io::Result<()> {
    match format {
        OutputFormat::Table => write_table(report, columns, out),
        OutputFormat::Markdown => write_markdown(report, columns, out),
        OutputFormat::Csv => write_csv(report, out),
        OutputFormat::Json => write_json(report, out),
        OutputFormat::Bmf => crate::continuous::write_bmf(report, out),
        OutputFormat::GithubBenchmark => crate::continuous::write_github_benchmark(report, out),
    }
}

/// `report` in `format`, as one string, the table and Markdown with their main columns.
pub fn render(report: &Report, format: OutputFormat) -> String {
    render_columns(report, format, Columns::Main)
}

/// `report` in `format`, as one string, the table and Markdown with `columns`.
pub fn render_columns(report: &Report, format: OutputFormat, columns: Columns) -> String {
    render_within(report, format, columns, None)
}

/// `report` in `format`, as one string, the table and Markdown with `columns`, the table
/// within `width` columns when given ([`write_table_within`]).
pub fn render_within(
    report: &Report,
    format: OutputFormat,
    columns: Columns,
    width: Option<usize>,
) -> String {
    let mut bytes = Vec::new();
    // Writing into memory fails only when a value refuses to serialize, and none does (a
    // histogram's encoding cannot fail): no report, whatever it holds, reaches this panic.
    let written = match (format, width) {
        (OutputFormat::Table, Some(_)) => write_table_within(report, columns, width, &mut bytes),
        _ => write_columns(report, format, columns, &mut bytes),
    };
    written.expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("every format writes UTF-8")
}

/// The report in the JSON schema, pretty-printed.
pub fn write_json(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    writeln!(out)
}

/// Reads a report written by [`write_json`], as untrusted input: see [`crate::report::read::read`].
pub fn read_json(text: &str) -> Result<Report, crate::report::read::ReportError> {
    crate::report::read::read(text)
}

/// The records as CSV: a header row naming the [`Record`] fields, then one row per record.
/// A missing figure is an empty cell. The histograms behind the figures (`timings`) are JSON
/// only; the list of failures is in every format but this one (each record's failure counters
/// are columns).
pub fn write_csv(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    for record in &report.records {
        let flat = Record { timings: None, ..record.clone() };
        writer.serialize(flat).map_err(io::Error::other)?;
    }
    writer.flush()
}

/// Reads the records of CSV written by [`write_csv`].
pub fn read_csv(bytes: &[u8]) -> Result<Vec<Record>, csv::Error> {
    csv::Reader::from_reader(bytes).deserialize().collect()
}

/// The report as aligned tables, one per file and size, with the run's settings above and the
/// cross-check's verdict below. Engines that do not solve a size are named in a line below its
/// table.
pub fn write_table(report: &Report, which: Columns, out: &mut dyn Write) -> io::Result<()> {
    write_table_within(report, which, None, out)
}

/// The report as [`write_table`] writes it, within `width` columns when given: every note
/// wrapped to it ([`wrap`]), and the tables of [`Columns::Main`] without the columns that can
/// go ([`Columns::Main`]'s all-threads rate, longest solve and guesses, in that order) until
/// they fit, the footer naming those left out. Tables that do not fit even so, or that show
/// every figure ([`Columns::All`]) in more than `width` columns, say so once, above the first.
/// The `FAILED` lines, one per run of failures, are left whole.
pub fn write_table_within(
    report: &Report,
    which: Columns,
    width: Option<usize>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let fitted = Fitted::new(report, which, width);
    let note = |line: &str| wrap_to(line, width, NOTE_INDENT);
    for line in settings_lines(report) {
        writeln!(out, "{}", note(&line))?;
    }
    if let Some(width) = width
        && fitted.widest > width
    {
        let why = match which {
            Columns::All => "--wide shows every figure",
            Columns::Main => "the fewest columns it can have; --wide shows every figure",
        };
        writeln!(out, "{}", note(&wide_table_line(fitted.widest, width, why)))?;
    }
    for file in &report.files {
        writeln!(out)?;
        if let Some(error) = &file.error {
            writeln!(out, "{}", note(&format!("{}: not read: {error}", file.file)))?;
            continue;
        }
        let mut heading = format!("{}: {}", file.file, counted(file.puzzles, "puzzle", "puzzles"));
        if file.read_errors > 0 {
            heading.push_str(&format!(" ({} unreadable)", count(file.read_errors)));
        }
        heading.push_str(&format!(", read in {}", seconds(file.parse_seconds)));
        if let Some(checked) = file.check_seconds {
            heading.push_str(&format!(", cross-checked in {}", seconds(checked)));
        }
        if let [only] = &file.sizes[..] {
            heading.push_str(&format!("; {}", shown_size(&only.size)));
        }
        writeln!(out, "{}", note(&heading))?;
        for size in &file.sizes {
            if file.sizes.len() > 1 {
                let line = format!(
                    "{}: {}",
                    shown_size(&size.size),
                    counted(size.puzzles, "puzzle", "puzzles")
                );
                writeln!(out, "{}", note(&line))?;
            }
            write_size_table(report, &file.file, &size.size, &fitted.columns, &note, out)?;
        }
    }
    writeln!(out)?;
    for line in footer_lines(report, which, &fitted) {
        writeln!(out, "{}", note(&line))?;
    }
    for line in failure_lines(report) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// How far a wrapped note's later lines are indented.
const NOTE_INDENT: usize = 2;

/// The line that says, once, that a table is `table` columns wide where the output has
/// `width`, and `why` (and what `--wide` does).
pub fn wide_table_line(table: usize, width: usize, why: &str) -> String {
    format!(
        "wide table: {table} columns, more than the {width} of the output (COLUMNS, or the \
         terminal's width); {why}"
    )
}

/// `text` broken into lines of at most `width` characters, each line after the first
/// indented by `indent` spaces, joined by `\n` (none at the end). A line that does not fit is
/// broken between its clauses (after a `; `) where it can, so that each clause reads whole,
/// and a clause that does not fit a line by itself at spaces. A word longer than a line (a
/// long file name) is never cut: it overflows a line of its own. Every line of `text` is
/// wrapped on its own, and the spaces it starts with are kept, on its later lines too.
pub fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut wrapped = Vec::new();
    for line in text.split('\n') {
        wrap_line(line, width, indent, &mut wrapped);
    }
    wrapped.join("\n")
}

/// `text` wrapped to `width` as [`wrap`] wraps it, or as it is without a width.
pub fn wrap_to(text: &str, width: Option<usize>, indent: usize) -> String {
    match width {
        Some(width) => wrap(text, width, indent),
        None => text.to_owned(),
    }
}

/// One line of [`wrap`], its pieces pushed on `wrapped`.
fn wrap_line(line: &str, width: usize, indent: usize, wrapped: &mut Vec<String>) {
    let chars = |text: &str| text.chars().count();
    if chars(line) <= width {
        wrapped.push(line.to_owned());
        return;
    }
    let leading = line.len() - line.trim_start_matches(' ').len();
    let later = " ".repeat(leading + indent);
    let mut current = line[..leading].to_owned();
    let mut starts = true;
    let clauses = line[leading..].split_inclusive("; ").map(str::trim_end);
    for clause in clauses {
        let room = width.saturating_sub(chars(&current) + usize::from(!starts));
        if chars(clause) <= room {
            if !starts {
                current.push(' ');
            }
            current.push_str(clause);
            starts = false;
            continue;
        }
        if !starts {
            wrapped.push(std::mem::replace(&mut current, later.clone()));
        }
        // On a line of its own, the clause either fits or is wrapped at spaces.
        let options = textwrap::Options::new(width.max(1))
            .break_words(false)
            .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            // Names hold hyphens (`bitmask-mrv`, `--wide`): a word is cut nowhere.
            .word_splitter(textwrap::WordSplitter::NoHyphenation)
            .initial_indent(&current)
            .subsequent_indent(&later);
        let mut pieces: Vec<String> =
            textwrap::wrap(clause, &options).into_iter().map(|piece| piece.into_owned()).collect();
        current = pieces.pop().unwrap_or_default();
        wrapped.extend(pieces);
        starts = false;
    }
    wrapped.push(current.trim_end().to_owned());
}

/// The failures, one `FAILED` line each, and how many more were not kept: nothing when no
/// engine failed. Failures that follow one another in a file with the same engine, kind and
/// message (an engine that cannot start fails every puzzle so) are one line naming the first
/// and last puzzle and how many.
pub fn failure_lines(report: &Report) -> Vec<String> {
    let mut lines = collapsed(&report.failures);
    if report.failures_not_kept > 0 {
        lines.push(format!(
            "... and {} more (the first {} are kept)",
            counted(report.failures_not_kept, "failure", "failures"),
            count(crate::report::MAX_KEPT_FAILURES as u64)
        ));
    }
    lines
}

/// One `FAILED` line for each run of failures in a row with the same file, engine, kind and
/// message.
fn collapsed(failures: &[crate::report::EngineFailure]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut failures = failures.iter().peekable();
    while let Some(first) = failures.next() {
        let same = |next: &&crate::report::EngineFailure| {
            (&next.file, &next.engine, &next.kind, &next.message)
                == (&first.file, &first.engine, &first.kind, &first.message)
        };
        let mut last = first;
        let mut run = 1u64;
        while let Some(next) = failures.next_if(same) {
            last = next;
            run += 1;
        }
        lines.push(if run == 1 {
            first.to_string()
        } else {
            format!(
                "FAILED {}: puzzles {} to {} ({}, lines {} to {}): {} {}: {}",
                first.file,
                first.puzzle,
                last.puzzle,
                counted(run, "puzzle", "puzzles"),
                first.line,
                last.line,
                first.engine,
                first.what(),
                first.message
            )
        });
    }
    lines
}

/// The table of every engine on the puzzles of one size of one file, and a line naming the
/// engines that do not solve that size (a note, as `note` gives it).
fn write_size_table(
    report: &Report,
    file: &str,
    size: &str,
    columns: &[(String, Cell)],
    note: &dyn Fn(&str) -> String,
    out: &mut dyn Write,
) -> io::Result<()> {
    let table = size_table(report, file, size, columns);
    if !table.rows.is_empty() {
        table.write_aligned(out)?;
    }
    let skipped: Vec<String> = report
        .not_applicable
        .iter()
        .filter(|n| n.file == file && n.size == size)
        .map(|n| format!("{} (solves {})", n.engine, n.engine_sizes))
        .collect();
    if !skipped.is_empty() {
        writeln!(out, "{}", note(&format!("n/a: {}", skipped.join(", "))))?;
    }
    Ok(())
}

/// The table of every engine on the puzzles of one size of one file, in `columns`.
fn size_table(report: &Report, file: &str, size: &str, columns: &[(String, Cell)]) -> TextTable {
    let mut table = TextTable::new(columns.iter().map(|(name, _)| name.clone()));
    for record in report.records.iter().filter(|r| r.file == file && r.size == size) {
        table.rows.push(columns.iter().map(|(_, cell)| cell(record)).collect());
    }
    table
}

/// The columns of the tables of a report, fitted to a width.
struct Fitted {
    /// The columns shown.
    columns: Vec<(String, Cell)>,
    /// The headings of the columns left out to fit.
    left_out: Vec<String>,
    /// How wide the widest table is, in those columns.
    widest: usize,
}

impl Fitted {
    /// The columns of `which`, and with [`Columns::Main`] and a `width`, without those that
    /// can go ([`Columns::droppable`]) until every table fits `width` or none is left to go.
    fn new(report: &Report, which: Columns, width: Option<usize>) -> Fitted {
        let mut columns = columns(report, which);
        let mut left_out = Vec::new();
        let widest = |columns: &[(String, Cell)]| {
            let mut widest = 0;
            for file in &report.files {
                for size in &file.sizes {
                    let table = size_table(report, &file.file, &size.size, columns);
                    if !table.rows.is_empty() {
                        widest = widest.max(table.width());
                    }
                }
            }
            widest
        };
        if let Some(width) = width
            && which == Columns::Main
        {
            for heading in Columns::droppable(report.threads) {
                if widest(&columns) <= width {
                    break;
                }
                let shown = columns.len();
                columns.retain(|(name, _)| *name != heading);
                if columns.len() < shown {
                    left_out.push(heading);
                }
            }
        }
        let widest = widest(&columns);
        Fitted { columns, left_out, widest }
    }

    /// Whether the column `heading` is shown.
    fn shows(&self, heading: &str) -> bool {
        self.columns.iter().any(|(name, _)| name == heading)
    }
}

/// A report's size (`16x16`, `9x9 x anti-knight`) as people read it (`16×16`,
/// `9×9 x anti-knight`): the size's `x` only, not the layout's words.
pub fn shown_size(size: &str) -> String {
    match size.split_once(' ') {
        Some((grid, words)) => format!("{} {words}", grid.replace('x', "×")),
        None => size.replace('x', "×"),
    }
}

/// The report as one Markdown table (file and size columns first), with the settings above it.
pub fn write_markdown(report: &Report, which: Columns, out: &mut dyn Write) -> io::Result<()> {
    let settings = settings_lines(report);
    writeln!(out, "{}", settings.join("  \n"))?;
    writeln!(out)?;
    let columns = columns(report, which);
    let mut header = String::from("| file | size |");
    let mut rule = String::from("|---|---|");
    for (index, (name, _)) in columns.iter().enumerate() {
        header.push_str(&format!(" {name} |"));
        rule.push_str(if index == 0 { "---|" } else { "--:|" });
    }
    writeln!(out, "{header}\n{rule}")?;
    for record in &report.records {
        let mut row =
            format!("| {} | {} |", markdown_escape(&record.file), shown_size(&record.size));
        for (_, cell) in &columns {
            row.push_str(&format!(" {} |", markdown_escape(&cell(record))));
        }
        writeln!(out, "{row}")?;
    }
    for skipped in &report.not_applicable {
        let mut row = format!(
            "| {} | {} | {} | n/a: solves {} |",
            markdown_escape(&skipped.file),
            shown_size(&skipped.size),
            skipped.engine,
            skipped.engine_sizes
        );
        row.push_str(&" |".repeat(columns.len().saturating_sub(2)));
        writeln!(out, "{row}")?;
    }
    writeln!(out)?;
    let fitted = Fitted::new(report, which, None);
    writeln!(out, "{}", footer_lines(report, which, &fitted).join("  \n"))?;
    let failures = failure_lines(report);
    if !failures.is_empty() {
        writeln!(out)?;
        for line in failures {
            writeln!(out, "- {}", markdown_escape(&line))?;
        }
    }
    Ok(())
}

fn markdown_escape(text: &str) -> String {
    text.replace('|', "\\|")
}

type Cell = Box<dyn Fn(&Record) -> String>;

/// Which columns the table and Markdown formats show.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Columns {
    /// The figures people compare first, in 120 columns with the built-in engines' names:
    /// the answers, puzzles/s, the median and longest solve, the rate with every thread,
    /// guesses per puzzle and the disagreements.
    #[default]
    Main,
    /// Every figure: also the puzzles, the mean and 99th percentile, the speedup, nodes per
    /// puzzle and the share solved without a guess (`--wide`; CSV and JSON always have all).
    All,
}

impl Columns {
    /// Whether the all-threads rate on the wall clock is shown: with more than one thread, or
    /// with one when every figure is asked for (close to puzzles/s then, but for an engine
    /// timed by its own word the rate on the harness's clock).
    fn wall_rate(self, threads: u64) -> bool {
        threads > 1 || self == Columns::All
    }

    /// Whether the speedup is shown: with every figure and more than one thread (with one it
    /// is `1.00×`).
    fn speedup(self, threads: u64) -> bool {
        threads > 1 && self == Columns::All
    }

    /// The headings of the main columns that can go when the tables must fit a width, the
    /// first to go first: the all-threads rate, the longest solve, the guesses per puzzle.
    fn droppable(threads: u64) -> [String; 3] {
        [format!("{threads}-thread/s"), "µs max".to_owned(), "guesses/puzzle".to_owned()]
    }
}

/// The columns of the table and Markdown formats: a heading and how to fill it. `failed`
/// appears only when an engine failed; the wall-clock rate and the speedup as
/// [`Columns::wall_rate`] and [`Columns::speedup`] say.
fn columns(report: &Report, which: Columns) -> Vec<(String, Cell)> {
    let threads = report.threads;
    let all = which == Columns::All;
    let failed = report.failures_total() > 0;
    let columns: Vec<(&str, bool, Cell)> = vec![
        ("engine", true, Box::new(|r: &Record| r.engine.clone())),
        ("puzzles", all, Box::new(|r: &Record| count(r.puzzles))),
        ("solved", true, Box::new(|r: &Record| count(r.solved))),
        ("unsolvable", true, Box::new(|r: &Record| count(r.unsolvable))),
        ("budget-outs", true, Box::new(|r: &Record| count(r.budget_outs))),
        ("failed", failed, Box::new(|r: &Record| count(r.failures()))),
        ("puzzles/s", true, Box::new(|r: &Record| timed(r, r.single_thread_puzzles_per_second))),
        ("µs mean", all, Box::new(|r: &Record| timed(r, r.us_mean))),
        ("µs median", true, Box::new(|r: &Record| timed(r, r.us_median))),
        ("µs p99", all, Box::new(|r: &Record| timed(r, r.us_p99))),
        ("µs max", true, Box::new(|r: &Record| timed(r, r.us_max))),
        (
            "",
            which.wall_rate(threads),
            Box::new(|r: &Record| timed(r, r.parallel_puzzles_per_second)),
        ),
        ("speedup", which.speedup(threads), Box::new(|r: &Record| speedup(r))),
        ("nodes/puzzle", all, Box::new(|r: &Record| optional(r.nodes_per_puzzle, figure))),
        ("guesses/puzzle", true, Box::new(|r: &Record| optional(r.guesses_per_puzzle, figure))),
        ("no guess", all, Box::new(|r: &Record| optional(r.no_guess_percent, percent))),
        ("disagreements", true, Box::new(|r: &Record| r.disagreements.map_or("off".into(), count))),
    ];
    columns
        .into_iter()
        .filter(|(_, shown, _)| *shown)
        .map(|(name, _, cell)| {
            let name = if name.is_empty() { format!("{threads}-thread/s") } else { name.into() };
            (name, cell)
        })
        .collect()
}

/// What the run was: mode, budget, threads, passes, cross-check, machine.
fn settings_lines(report: &Report) -> Vec<String> {
    let budget = match report.budget {
        Some(nodes) => format!("node budget {} (instrumented engines)", count(nodes)),
        None => "no node budget".to_owned(),
    };
    let passes = timing_summary(report);
    let cross_check = if report.cross_check { "cross-check on" } else { "cross-check OFF" };
    let mut lines = vec![
        format!("sudoku bench: mode {} ({})", report.mode.name(), report.mode.meaning()),
        format!(
            "{budget}; {}; {passes}; {cross_check}",
            counted(report.threads, "thread", "threads")
        ),
        format!("machine: {}", report.machine.describe()),
    ];
    if let Some(shard) = report.shard {
        lines.push(format!(
            "shard {shard}: puzzles {}, {}, ... of every file (the files' counts are whole; \
             the tables count this shard's puzzles)",
            shard.index,
            shard.index + shard.count
        ));
    }
    if let Some(shards) = report.merged_shards {
        lines.push(format!(
            "merged from {shards} shards: counters summed, percentiles from the merged \
             histograms, rates from the summed wall times"
        ));
    }
    lines
}

/// How many timing passes the figures come from, as the report headings say it. With
/// `--min-time`, records whose passes stopped at the cap ([`crate::measure::MAX_PASSES`])
/// before the time was spent are told apart: `1,000 passes (the cap) in 0.70 s, short of
/// --min-time 20.00 s`, never "at least 20.00 s".
pub fn timing_summary(report: &Report) -> String {
    if let Some(most) = report.until_decided_seconds {
        let passes = report.records.iter().map(|record| record.passes);
        let (fewest, most_passes) = (passes.clone().min().unwrap_or(1), passes.max().unwrap_or(1));
        let range = if fewest == most_passes {
            counted(u64::from(most_passes), "timing pass", "timing passes")
        } else {
            format!("{fewest} to {most_passes} timing passes")
        };
        return format!(
            "median of {range}, run until the comparison was decided (at most {})",
            seconds(most)
        );
    }
    let minimum = match (report.repeat, report.min_time_seconds) {
        (_, Some(minimum)) => minimum,
        (Some(1) | None, None) => return "1 timing pass".to_owned(),
        (Some(passes), None) => return format!("median of {passes} timing passes"),
    };
    let capped: Vec<&Record> = report
        .records
        .iter()
        .filter(|record| record.timings.as_ref().is_some_and(|timings| timings.stopped_at_pass_cap))
        .collect();
    let spent = |record: &Record| {
        record.timings.as_ref().map_or(0.0, |timings| timings.seconds_timed(record.threads))
    };
    let (Some(shortest), Some(longest)) = (
        capped.iter().map(|record| spent(record)).min_by(f64::total_cmp),
        capped.iter().map(|record| spent(record)).max_by(f64::total_cmp),
    ) else {
        return format!("passes repeated for at least {} per figure", seconds(minimum));
    };
    let most = capped.iter().map(|record| record.passes).max().unwrap_or(0);
    let took = if seconds(shortest) == seconds(longest) {
        seconds(longest)
    } else {
        format!("{} to {}", seconds(shortest), seconds(longest))
    };
    let cap = format!(
        "{} (the cap) in {took}, short of --min-time {}",
        counted(u64::from(most), "pass", "passes"),
        seconds(minimum)
    );
    if capped.len() == report.records.len() {
        cap
    } else {
        format!(
            "passes repeated for at least {} per figure, but {} stopped at {cap}",
            seconds(minimum),
            counted(capped.len() as u64, "record", "records")
        )
    }
}

/// How each engine's solves were timed, in one line: `timing: in-process for every engine`,
/// or the engines of each way (`timing: in-process: fast, dlx; engine-reported: judge`).
/// Records of one engine are timed alike; an engine is named once, in run order.
pub fn timing_line(report: &Report) -> String {
    let mut ways: Vec<(&str, Vec<&str>)> = Vec::new();
    for record in &report.records {
        let engine = record.engine.as_str();
        if ways.iter().any(|(_, engines)| engines.contains(&engine)) {
            continue;
        }
        match ways.iter_mut().find(|(timing, _)| *timing == record.timing) {
            Some((_, engines)) => engines.push(engine),
            None => ways.push((&record.timing, vec![engine])),
        }
    }
    let reported = ways.iter().any(|(timing, _)| *timing == Timing::EngineReported.name());
    let note = if reported {
        " (engine-reported: its calls' own times; puzzles/s is puzzles over their sum)"
    } else {
        ""
    };
    let line = match &ways[..] {
        [] => "timing: no engine ran".to_owned(),
        [(timing, _)] => format!("timing: {timing} for every engine"),
        _ => {
            let parts: Vec<String> = ways
                .iter()
                .map(|(timing, engines)| format!("{timing}: {}", engines.join(", ")))
                .collect();
            format!("timing: {}", parts.join("; "))
        }
    };
    format!("{line}{note}")
}

/// What is special about the engines that do not count solutions or that failed, for the
/// footers: nothing for a run of engines that count and answer every puzzle.
pub fn engine_notes(report: &Report) -> Vec<String> {
    let mut lines = Vec::new();
    let mut first_only: Vec<&str> = Vec::new();
    for record in report.records.iter().filter(|record| !record.counts) {
        if !first_only.contains(&record.engine.as_str()) {
            first_only.push(&record.engine);
        }
    }
    if !first_only.is_empty() {
        lines.push(format!(
            "first solution only: {} (asked for the first solution whatever the mode, compared \
             with the others on it alone; one and 2+ solution counts n/a)",
            first_only.join(", ")
        ));
    }
    let failed = report.failures_total();
    if failed > 0 {
        let by_kind = |pick: fn(&Record) -> u64| {
            report.records.iter().map(pick).fold(0u64, u64::saturating_add)
        };
        lines.push(format!(
            "failed: {} an engine gave no answer to ({} crashed, {} timed out, {} protocol \
             errors): left out of the times, the medians and the cross-check{}",
            counted(failed, "puzzle", "puzzles"),
            count(by_kind(|r| r.crashed)),
            count(by_kind(|r| r.timed_out)),
            count(by_kind(|r| r.protocol_errors)),
            if report.failures.is_empty() { "" } else { "; each listed below" }
        ));
        let silent: Vec<&str> = report
            .records
            .iter()
            .filter(|record| record.answered_none())
            .map(|record| record.engine.as_str())
            .collect();
        if !silent.is_empty() {
            let mut engines = silent.clone();
            engines.dedup();
            lines.push(format!(
                "{NO_ANSWER}: no time, rate or speedup: the engine answered no puzzle of the file ({})",
                engines.join(", ")
            ));
        }
    }
    lines
}

/// What the columns mean (those `fitted` shows), and the cross-check's verdict.
fn footer_lines(report: &Report, which: Columns, fitted: &Fitted) -> Vec<String> {
    let parallel = if fitted.shows(&format!("{}-thread/s", report.threads)) {
        format!(
            "{}-thread/s: wall clock with {}; ",
            report.threads,
            counted(report.threads, "thread", "threads")
        )
    } else {
        String::new()
    };
    let wide = match which {
        _ if which.speedup(report.threads) => "speedup: their ratio; ".to_owned(),
        Columns::All => String::new(),
        Columns::Main if fitted.left_out.is_empty() => "--wide for every figure; ".to_owned(),
        Columns::Main => {
            format!("left out to fit: {}; --wide for every figure; ", fitted.left_out.join(", "))
        }
    };
    let mut lines = vec![format!(
        "puzzles/s and µs: one thread, sequential pass; {parallel}{wide}\
         —: not reported by the engine"
    )];
    lines.push(timing_line(report));
    lines.push(crate::report::clock_line(report));
    lines.extend(engine_notes(report));
    let most_overhead = report
        .records
        .iter()
        .max_by(|a, b| a.harness_overhead_percent.total_cmp(&b.harness_overhead_percent));
    if let Some(record) = most_overhead {
        lines.push(format!(
            "harness time inside the sequential passes (clock, bookkeeping, calls solved again, other programs' time slices): at most {:.1}% of \
             their wall time ({} on {}); reading and cross-checking are timed per file above",
            record.harness_overhead_percent, record.engine, record.file
        ));
    }
    if report.records.iter().any(|record| record.budget_outs > 0) {
        lines.push(
            "budget-outs: searches given up at the node budget; they prove nothing and take no \
             part in the cross-check"
                .to_owned(),
        );
    }
    lines.push(match &report.disagreements {
        None => "cross-check: OFF (timing run): answers were not checked".to_owned(),
        Some(found) if found.is_empty() => {
            "cross-check: 0 disagreements: every answer checked, every finished engine agrees"
                .to_owned()
        }
        Some(found) => format!(
            "cross-check: {} (each printed on standard error and listed in the JSON report)",
            counted(found.len() as u64, "DISAGREEMENT", "DISAGREEMENTS")
        ),
    });
    lines
}

/// `value` with thousands separators and the noun that agrees with it: `1 thread`,
/// `2 threads`.
pub fn counted(value: u64, one: &str, many: &str) -> String {
    format!("{} {}", count(value), if value == 1 { one } else { many })
}

/// `count` followed by `noun`, made plural unless `count` is 1, without separators: `1 puzzle`,
/// `2 puzzles`, `3 guesses` (the numbers of messages; [`counted`] is for tables).
pub fn plural(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    if count == 1 {
        format!("1 {noun}")
    } else if noun.ends_with('s') || noun.ends_with('x') {
        format!("{count} {noun}es")
    } else {
        format!("{count} {noun}s")
    }
}

/// An integer with thousands separators: `49,158`.
pub fn count(value: u64) -> String {
    let digits = value.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A measured figure rounded to what is worth reading: `51,234`, `17.2`, `0.85`.
pub fn figure(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    if value.abs() >= 100.0 {
        let sign = if value < 0.0 { "-" } else { "" };
        format!("{sign}{}", count(value.abs().round() as u64))
    } else if value.abs() >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

fn percent(value: f64) -> String {
    format!("{value:.1}%")
}

/// A time or rate of `record`, or `-` for an engine that answered none of its puzzles
/// ([`Record::answered_none`]): its passes timed only its failures.
pub fn timed(record: &Record, value: f64) -> String {
    if record.answered_none() { NO_ANSWER.to_owned() } else { figure(value) }
}

/// The speedup of `record` (`1.93×`), or `-` as [`timed`] says.
pub fn speedup(record: &Record) -> String {
    if record.answered_none() { NO_ANSWER.to_owned() } else { format!("{:.2}×", record.speedup) }
}

/// What the tables show for the times of an engine that answered nothing.
const NO_ANSWER: &str = "-";

fn optional(value: Option<f64>, show: fn(f64) -> String) -> String {
    value.map_or_else(|| "—".to_owned(), show)
}

/// A duration in seconds, in the unit that reads best: `812 µs`, `4.1 ms`, `2.35 s`.
pub fn seconds(value: f64) -> String {
    if value < 1e-3 {
        format!("{:.0} µs", value * 1e6)
    } else if value < 1.0 {
        format!("{:.1} ms", value * 1e3)
    } else {
        format!("{value:.2} s")
    }
}

/// Rows of cells printed in aligned columns: the first left-aligned, the rest right-aligned.
pub(crate) struct TextTable {
    pub(crate) headers: Vec<String>,
    pub(crate) rows: Vec<Vec<String>>,
}

impl TextTable {
    pub(crate) fn new<S: Into<String>>(headers: impl IntoIterator<Item = S>) -> TextTable {
        TextTable { headers: headers.into_iter().map(Into::into).collect(), rows: Vec::new() }
    }

    /// The width of each column: its widest cell or heading, in characters.
    fn widths(&self) -> Vec<usize> {
        let width = |text: &str| text.chars().count();
        let mut widths: Vec<usize> = self.headers.iter().map(|header| width(header)).collect();
        for row in &self.rows {
            for (column, cell) in row.iter().enumerate() {
                widths[column] = widths[column].max(width(cell));
            }
        }
        widths
    }

    /// How many characters the widest line of the table takes.
    pub(crate) fn width(&self) -> usize {
        let widths = self.widths();
        widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1)
    }

    pub(crate) fn write_aligned(&self, out: &mut dyn Write) -> io::Result<()> {
        let width = |text: &str| text.chars().count();
        let widths = self.widths();
        for row in std::iter::once(&self.headers).chain(&self.rows) {
            let mut line = String::new();
            for (column, cell) in row.iter().enumerate() {
                let padding = " ".repeat(widths[column] - width(cell));
                if column == 0 {
                    line.push_str(cell);
                    line.push_str(&padding);
                } else {
                    line.push_str("  ");
                    line.push_str(&padding);
                    line.push_str(cell);
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(49158), "49,158");
        assert_eq!(count(1234567), "1,234,567");
        assert_eq!(figure(51234.4), "51,234");
        assert_eq!(figure(17.24), "17.2");
        assert_eq!(figure(0.849), "0.85");
        assert_eq!(seconds(0.0041), "4.1 ms");
        assert_eq!(seconds(0.000812), "812 µs");
        assert_eq!(seconds(2.345), "2.35 s");
    }

    #[test]
    fn failures_in_a_row_alike_are_one_line() {
        let failure = |puzzle: u64, message: &str| crate::report::EngineFailure {
            file: "f.txt".into(),
            size: "9x9".into(),
            puzzle,
            line: puzzle + 1,
            engine: "x".into(),
            kind: "protocol-error".into(),
            message: message.into(),
        };
        let failures =
            [failure(1, "gone"), failure(2, "gone"), failure(3, "gone"), failure(5, "other")];
        assert_eq!(
            collapsed(&failures),
            [
                "FAILED f.txt: puzzles 1 to 3 (3 puzzles, lines 2 to 4): x broke its protocol: gone",
                "FAILED f.txt: puzzle 5, line 6: x broke its protocol: other",
            ]
        );
    }

    #[test]
    fn tables_align_columns() {
        let mut table = TextTable::new(["name", "µs"]);
        table.rows.push(vec!["a".into(), "1,234".into()]);
        table.rows.push(vec!["long name".into(), "5".into()]);
        let mut text = Vec::new();
        table.write_aligned(&mut text).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "name          µs\na          1,234\nlong name      5\n"
        );
    }

    #[test]
    fn a_note_is_broken_between_its_clauses_then_at_spaces() {
        let short = "cross-check: 0 disagreements";
        assert_eq!(wrap(short, 40, 2), short);
        let clauses = "budget-outs: searches given up at the budget; they prove nothing; none";
        assert_eq!(
            wrap(clauses, 50, 2),
            "budget-outs: searches given up at the budget;\n  they prove nothing; none"
        );
        // A clause longer than a line is broken at spaces; every line fits, indented after the
        // first, and no word is lost.
        let long = "harness time inside the sequential passes (clock, bookkeeping, calls solved \
                    again): at most 66.0% of their wall time; reading is timed above";
        let wrapped = wrap(long, 40, 2);
        assert!(wrapped.lines().all(|line| line.chars().count() <= 40), "{wrapped}");
        assert!(wrapped.lines().skip(1).all(|line| line.starts_with("  ")), "{wrapped}");
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(words(&wrapped), words(long));
        // A word longer than the width is never cut; spaces a line starts with are kept.
        let path = format!("read: {}/file.txt", "d".repeat(50));
        assert_eq!(wrap(&path, 20, 2), format!("read:\n  {}/file.txt", "d".repeat(50)));
        assert_eq!(wrap("    a b c d", 9, 2), "    a b c\n      d");
        assert_eq!(wrap("engines bitmask-mrv", 12, 2), "engines\n  bitmask-mrv");
        assert_eq!(wrap_to(long, None, 2), long);
    }
}
