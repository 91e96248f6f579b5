//! The report as one self-contained HTML page: the run's settings (how each engine was timed
//! among them), a table per file and size, the failures, the disagreements, and every chart
//! inline as SVG.
//!
//! The page is meant to be mailed, attached to an issue or opened years later, so it depends
//! on nothing: no script, no external font, stylesheet or image, no link to the network (the
//! only URL in it is the SVG namespace). It reads on a phone (wide tables scroll sideways in
//! their own box, and charts shrink to the screen down to 600 pixels, then scroll too) and
//! prints (no scrolling boxes, charts kept whole on a page). Every text that comes from the
//! run, file names above all, is escaped.
//!
//! The figures are those of the terminal table ([`crate::output`]), formatted the same way;
//! the charts are those of [`crate::chart`]: the bars (or the scaling chart, for several
//! sizes) at the top, then under each table the cactus and scatter charts of that file and
//! size, when the report holds the per-puzzle times they are drawn from.

use std::fmt::Write as _;
use std::path::Path;

use crate::chart::{self, ChartError};
use crate::files::{OutputError, write_whole};
use crate::output::{count, counted, figure, seconds, shown_size, speedup, timed};
use crate::report::{Record, Report};

/// Writes the HTML page of `report` to `path`, whole or not at all (see [`crate::files`]).
/// `scatter_pair` names the engines of the scatter charts (see [`render_html`]). Only writing
/// can fail: a chart that cannot be drawn is a sentence in the page.
pub fn write_html(
    report: &Report,
    scatter_pair: Option<(&str, &str)>,
    path: &Path,
) -> Result<(), OutputError> {
    write_whole(path, render_html(report, scatter_pair).as_bytes(), false)
}

/// The HTML page of `report` (see the [module documentation](self)). The scatter charts
/// compare the engines of `scatter_pair`, or without it the first two engines of each sample.
///
/// A chart that cannot be drawn (no engine answered, no per-puzzle times in an older report,
/// a `scatter_pair` engine not sampled there, a drawing failure) is replaced by a sentence
/// saying why: the page, with its tables, is always whole. [`chart::check_pair`] tells the
/// caller beforehand whether `scatter_pair` can be drawn anywhere.
pub fn render_html(report: &Report, scatter_pair: Option<(&str, &str)>) -> String {
    let mut page = String::new();
    head(&mut page, report);
    settings(&mut page, report);
    files(&mut page, report);
    page.push_str("<section id=\"overview\">\n<h2>Overview</h2>\n");
    chart_or_note(&mut page, chart::render_svg(report));
    page.push_str("</section>\n");
    for (index, file) in report.files.iter().enumerate() {
        results(&mut page, report, index + 1, file, scatter_pair);
    }
    not_applicable(&mut page, report);
    failures(&mut page, report);
    disagreements(&mut page, report);
    page.push_str("</main>\n</body>\n</html>\n");
    page
}

/// The stylesheet: readable on a phone, printable, no external resource.
const STYLE: &str = r#"
:root { color-scheme: light; }
body { margin: 0 auto; max-width: 1200px; padding: 1rem 1.25rem 3rem;
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  color: #1b1b1b; background: #fff; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2.2rem 0 .6rem; padding-bottom: .2rem;
  border-bottom: 1px solid #d8d8d8; overflow-wrap: anywhere; }
h3 { font-size: 1.05rem; margin: 1.4rem 0 .4rem; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: .88em; }
pre { margin: 0; padding: .5rem .7rem; background: #f4f4f4; border-radius: 4px;
  white-space: pre-wrap; overflow-wrap: anywhere; }
dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem;
  margin: 0; }
dl.settings dt { font-weight: 600; }
dl.settings dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
.scroll { overflow-x: auto; margin: .4rem 0 .8rem; border: 1px solid #e2e2e2;
  border-radius: 4px; }
table { border-collapse: collapse; font-size: .9rem; font-variant-numeric: tabular-nums; }
th, td { padding: .32rem .5rem; text-align: right; white-space: nowrap;
  border-bottom: 1px solid #ececec; }
thead th { background: #f3f3f3; font-weight: 600; }
th:first-child, td:first-child { text-align: left; }
table.results th:first-child, table.results td:first-child { position: sticky; left: 0;
  background: #fff; box-shadow: 1px 0 0 #e2e2e2; }
table.results thead th:first-child { background: #f3f3f3; }
td.text { text-align: left; }
td.file { white-space: normal; overflow-wrap: anywhere; min-width: 10em; }
tbody tr:last-child td { border-bottom: none; }
tr.skipped td { color: #666; font-style: italic; }
table.results tr.warn td { background: #fff5f5; }
.note { color: #555; font-size: .9rem; margin: .3rem 0; }
.alert { color: #a30000; font-weight: 600; }
figure { margin: 1rem 0 1.5rem; }
svg.chart { display: block; width: 100%; height: auto; margin: 0 auto; }
@media (max-width: 640px) {
  body { padding: .6rem .7rem 2rem; font-size: 15px; }
  h1 { font-size: 1.35rem; }
  dl.settings { grid-template-columns: 1fr; gap: 0; }
  dl.settings dd { margin-bottom: .45rem; }
  th, td { padding: .28rem .45rem; }
  figure { margin-left: -.7rem; margin-right: -.7rem; overflow-x: auto; }
  /* Below this width a chart's labels are too small to read: the chart scrolls instead. */
  svg.chart { min-width: 600px; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  .scroll { overflow: visible; border: none; }
  table { font-size: 7.5pt; }
  table.results th:first-child, table.results td:first-child { position: static;
    box-shadow: none; }
  h2, h3 { break-after: avoid; }
  figure, tr, pre { break-inside: avoid; }
  figure { margin: .5rem 0; }
  svg.chart { max-width: 100% !important; min-width: 0; }
}
"#;

/// The document's start, up to the opening of `<main>`.
fn head(page: &mut String, report: &Report) {
    let files: Vec<&str> = report.files.iter().map(|file| file.file.as_str()).collect();
    let title = format!("sudoku bench: {}, mode {}", files.join(", "), report.mode.name());
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <h1>Sudoku bench report</h1>\n",
        escape(&title)
    );
}

/// What was run, where and how.
fn settings(page: &mut String, report: &Report) {
    page.push_str("<section id=\"run\">\n<h2>Run</h2>\n<dl class=\"settings\">\n");
    let mut item = |term: &str, description: String| {
        let _ = writeln!(page, "<dt>{term}</dt><dd>{description}</dd>");
    };
    if let Some(command) = &report.command {
        item("Command", format!("<pre><code>{}</code></pre>", escape(command)));
    }
    item("Date", escape(&utc_date(report.created_unix_seconds)));
    item("Machine", escape(&report.machine.describe()));
    item("Mode", format!("{} ({})", report.mode.name(), escape(report.mode.meaning())));
    let budget = match report.budget {
        Some(nodes) => format!("{} (instrumented engines)", counted(nodes, "node", "nodes")),
        None => "none".to_owned(),
    };
    item("Node budget", budget);
    item("Threads", format!("{} in the parallel passes", count(report.threads)));
    item("Timing", escape(&passes(report)));
    let timing = crate::output::timing_line(report);
    item("Clock", escape(timing.strip_prefix("timing: ").unwrap_or(&timing)));
    for note in crate::output::engine_notes(report) {
        match note.split_once(": ") {
            Some((term, said)) => item(&escape(&capitalized(term)), escape(said)),
            None => item("Note", escape(&note)),
        }
    }
    let cross_check = if report.cross_check {
        "on: every answer checked, finished engines compared".to_owned()
    } else {
        "<span class=\"alert\">OFF</span> (timing run): answers were not checked".to_owned()
    };
    item("Cross-check", cross_check);
    if let Some(shard) = report.shard {
        item("Shard", format!("{shard}: only part {} of every file", shard.index));
    }
    if let Some(shards) = report.merged_shards {
        item("Merged", counted(u64::from(shards), "shard", "shards"));
    }
    item("Tool", escape(&report.tool));
    page.push_str("</dl>\n</section>\n");
}

/// `text` with its first letter in capitals.
fn capitalized(text: &str) -> String {
    let mut characters = text.chars();
    characters
        .next()
        .map_or_else(String::new, |first| first.to_uppercase().chain(characters).collect())
}

/// The puzzles an engine failed on, one line each, and how many more were not kept: nothing
/// when every engine answered every puzzle.
fn failures(page: &mut String, report: &Report) {
    let lines = crate::output::failure_lines(report);
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(
        page,
        "<section id=\"failures\">\n<h2>Failures</h2>\n<p class=\"alert\">{}: no answer \
         (crashed, timed out, broke its protocol); left out of the times and of the \
         cross-check.</p>\n<ul>",
        counted(report.failures_total(), "puzzle failed on", "puzzles failed on")
    );
    for line in lines {
        let _ = writeln!(page, "<li><code>{}</code></li>", escape(&line));
    }
    page.push_str("</ul>\n</section>\n");
}

/// How many timing passes each figure is the median of.
fn passes(report: &Report) -> String {
    // The same words as the text report's: what was asked, and what the pass cap allowed.
    crate::output::timing_summary(report)
}

/// The input files: puzzles, sizes, read errors, times and digests.
fn files(page: &mut String, report: &Report) {
    page.push_str("<section id=\"files\">\n<h2>Files</h2>\n<div class=\"scroll\">\n<table class=\"files\">\n<thead><tr>");
    for heading in ["file", "puzzles", "sizes", "read errors", "read in", "cross-checked in"] {
        let _ = write!(page, "<th>{heading}</th>");
    }
    page.push_str("<th>digest</th></tr></thead>\n<tbody>\n");
    for file in &report.files {
        let _ = write!(page, "<tr><td class=\"file\">{}</td>", escape(&file.file));
        if let Some(error) = &file.error {
            let _ = writeln!(
                page,
                "<td class=\"text\" colspan=\"6\">not read: {}</td></tr>",
                escape(error)
            );
            continue;
        }
        let sizes: Vec<String> = file
            .sizes
            .iter()
            .map(|size| format!("{} {}", count(size.puzzles), shown_size(&size.size)))
            .collect();
        let checked = file.check_seconds.map_or_else(|| "—".to_owned(), seconds);
        let _ = writeln!(
            page,
            "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{checked}</td>\
             <td class=\"text\"><code>{}</code></td></tr>",
            count(file.puzzles),
            escape(&sizes.join(", ")),
            count(file.read_errors),
            seconds(file.parse_seconds),
            escape(&file.digest)
        );
    }
    page.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

/// A cell of a results table, made from a record.
type Cell = fn(&Record) -> String;

/// The columns of a results table: those of the terminal table, the parallel column's heading
/// left empty (it names the thread count).
fn columns(report: &Report) -> Vec<(&'static str, Cell)> {
    let failed = report.failures_total() > 0;
    let all: [(&'static str, Cell); 17] = [
        ("engine", |r| r.engine.clone()),
        ("puzzles", |r| count(r.puzzles)),
        ("solved", |r| count(r.solved)),
        ("unsolvable", |r| count(r.unsolvable)),
        ("budget-outs", |r| count(r.budget_outs)),
        ("failed", |r| count(r.failures())),
        ("puzzles/s", |r| timed(r, r.single_thread_puzzles_per_second)),
        ("µs mean", |r| timed(r, r.us_mean)),
        ("µs median", |r| timed(r, r.us_median)),
        ("µs p99", |r| timed(r, r.us_p99)),
        ("µs max", |r| timed(r, r.us_max)),
        ("", |r| timed(r, r.parallel_puzzles_per_second)),
        ("speedup", speedup),
        ("nodes/puzzle", |r| r.nodes_per_puzzle.map_or_else(dash, figure)),
        ("guesses/puzzle", |r| r.guesses_per_puzzle.map_or_else(dash, figure)),
        ("no guess", |r| r.no_guess_percent.map_or_else(dash, |p| format!("{p:.1}%"))),
        ("disagreements", |r| r.disagreements.map_or_else(|| "off".to_owned(), count)),
    ];
    // A run where every engine answered every puzzle keeps the table it always had.
    all.into_iter().filter(|(name, _)| failed || *name != "failed").collect()
}

/// A figure the engine cannot give.
fn dash() -> String {
    "—".to_owned()
}

/// The tables of the `number`-th file (from 1), a table per size, each followed by its cactus and scatter charts.
fn results(
    page: &mut String,
    report: &Report,
    number: usize,
    file: &crate::report::FileSummary,
    pair: Option<(&str, &str)>,
) {
    let _ = writeln!(page, "<section id=\"file-{number}\">\n<h2>{}</h2>", escape(&file.file));
    if let Some(error) = &file.error {
        let _ = writeln!(page, "<p class=\"alert\">Not read: {}</p>\n</section>", escape(error));
        return;
    }
    for size in &file.sizes {
        let _ = writeln!(
            page,
            "<h3>{} {}: {}</h3>",
            escape(short_name(&file.file)),
            escape(&shown_size(&size.size)),
            counted(size.puzzles, "puzzle", "puzzles")
        );
        table(page, report, &file.file, &size.size);
        let timed =
            chart::cactus_groups(report).contains(&(file.file.as_str(), size.size.as_str()));
        if timed {
            chart_or_note(page, chart::render_cactus(report, &file.file, &size.size));
        }
        let sampled = report.samples.iter().filter(|s| s.file == file.file && s.size == size.size);
        if !timed && sampled.clone().next().is_none() {
            page.push_str(
                "<p class=\"note\">No cactus or scatter chart: the report holds no per-puzzle \
                 times for these puzzles.</p>\n",
            );
        }
        for samples in sampled {
            let svg = chart::scatter_pair(samples, pair)
                .and_then(|(a, b)| chart::render_scatter(report, samples, a, b));
            chart_or_note(page, svg);
        }
    }
    page.push_str("</section>\n");
}

/// The table of every engine on one size of one file, with the engines that do not solve it.
fn table(page: &mut String, report: &Report, file: &str, size: &str) {
    let columns = columns(report);
    page.push_str("<div class=\"scroll\">\n<table class=\"results\">\n<thead><tr>");
    for (heading, _) in &columns {
        let heading = if heading.is_empty() {
            format!("{}-thread/s", report.threads)
        } else {
            (*heading).to_owned()
        };
        let _ = write!(page, "<th>{}</th>", escape(&heading));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for record in report.records.iter().filter(|r| r.file == file && r.size == size) {
        let wrong = record.disagreements.is_some_and(|found| found > 0) || record.failures() > 0;
        page.push_str(if wrong { "<tr class=\"warn\">" } else { "<tr>" });
        for (_, cell) in &columns {
            let _ = write!(page, "<td>{}</td>", escape(&cell(record)));
        }
        page.push_str("</tr>\n");
    }
    for skipped in report.not_applicable.iter().filter(|n| n.file == file && n.size == size) {
        let _ = writeln!(
            page,
            "<tr class=\"skipped\"><td>{}</td><td>{}</td><td class=\"text\" colspan=\"{}\">n/a: \
             solves {}</td></tr>",
            escape(&skipped.engine),
            count(skipped.puzzles),
            columns.len() - 2,
            escape(&skipped.engine_sizes)
        );
    }
    page.push_str("</tbody>\n</table>\n</div>\n");
    let _ = writeln!(
        page,
        "<p class=\"note\">puzzles/s and µs: one thread, sequential pass; {}-thread/s: wall \
         clock with {}; speedup: their ratio; budget-outs: searches given up at the node budget \
         (they prove nothing and take no part in the cross-check); —: not reported by the \
         engine.</p>",
        report.threads,
        counted(report.threads, "thread", "threads")
    );
}

/// The engines not run on some size of some file, listed together.
fn not_applicable(page: &mut String, report: &Report) {
    if report.not_applicable.is_empty() {
        return;
    }
    page.push_str("<section id=\"not-applicable\">\n<h2>Not applicable</h2>\n<ul>\n");
    for skipped in &report.not_applicable {
        let _ = writeln!(
            page,
            "<li>{} on {} {} ({}): solves {}</li>",
            escape(&skipped.engine),
            escape(&skipped.file),
            escape(&shown_size(&skipped.size)),
            counted(skipped.puzzles, "puzzle", "puzzles"),
            escape(&skipped.engine_sizes)
        );
    }
    page.push_str("</ul>\n</section>\n");
}

/// The cross-check's verdict, and every disagreement with each engine's answer.
fn disagreements(page: &mut String, report: &Report) {
    page.push_str("<section id=\"cross-check\">\n<h2>Cross-check</h2>\n");
    let found = match &report.disagreements {
        None => {
            page.push_str("<p class=\"alert\">OFF (timing run): answers were not checked.</p>\n");
            page.push_str("</section>\n");
            return;
        }
        Some(found) if found.is_empty() => {
            page.push_str(
                "<p>0 disagreements: every answer checked, every finished engine agrees.</p>\n",
            );
            page.push_str("</section>\n");
            return;
        }
        Some(found) => found,
    };
    let _ = writeln!(
        page,
        "<p class=\"alert\">{}: ✗ marks the answers counted against their engine.</p>",
        counted(found.len() as u64, "disagreement", "disagreements")
    );
    for disagreement in found {
        let _ = writeln!(
            page,
            "<h3>{}, puzzle {}, line {}</h3>\n<pre><code>{}</code></pre>",
            escape(&disagreement.file),
            count(disagreement.puzzle),
            count(disagreement.line),
            escape(&disagreement.grid)
        );
        page.push_str(
            "<div class=\"scroll\">\n<table>\n<thead><tr><th>engine</th><th></th><th>count</th>\
             <th>solution</th><th>problem</th></tr></thead>\n<tbody>\n",
        );
        for answer in &disagreement.answers {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"text\"><code>{}</code></td>\
                 <td class=\"text\">{}</td></tr>",
                escape(&answer.engine),
                if answer.charged { "✗" } else { "" },
                escape(&answer.count),
                escape(answer.solution.as_deref().unwrap_or("—")),
                escape(answer.problem.as_deref().unwrap_or(""))
            );
        }
        page.push_str("</tbody>\n</table>\n</div>\n");
    }
    page.push_str("</section>\n");
}

/// `svg` as a figure that scales with the page, or, for a chart that could not be drawn, a
/// sentence saying why it is not there.
fn chart_or_note(page: &mut String, svg: Result<String, ChartError>) {
    let _ = match svg {
        Ok(svg) => writeln!(page, "<figure>\n{}</figure>", responsive_svg(&svg)),
        Err(error) => {
            writeln!(page, "<p class=\"note\">No chart: {}.</p>", escape(&error.to_string()))
        }
    };
}

/// `svg` with an opening tag that lets it scale with the page: plotters writes a fixed width
/// and height; they give way to a `viewBox` (kept or added), so that CSS fits the chart to the
/// page's width, and a `max-width` that keeps it from growing past a comfortable size.
fn responsive_svg(svg: &str) -> String {
    let Some(start) = svg.find("<svg") else { return svg.to_owned() };
    let Some(length) = svg[start..].find('>') else { return svg.to_owned() };
    let tag = &svg[start..start + length];
    let attribute = |name: &str| {
        let key = format!(" {name}=\"");
        let from = tag.find(&key)? + key.len();
        let to = from + tag[from..].find('"')?;
        Some(&tag[from..to])
    };
    let (Some(width), Some(height)) = (attribute("width"), attribute("height")) else {
        return svg.to_owned();
    };
    let view_box =
        attribute("viewBox").map_or_else(|| format!("0 0 {width} {height}"), str::to_owned);
    // Drawn small enough to stay legible on a phone; on a wide screen up to this much larger.
    let widest = width.parse::<f64>().map_or(900.0, |width| (width * 1.35).max(900.0));
    let opening = format!(
        "<svg class=\"chart\" viewBox=\"{view_box}\" style=\"max-width: {widest:.0}px\" \
         role=\"img\" xmlns=\"http://www.w3.org/2000/svg\""
    );
    format!("{}{opening}{}", &svg[..start], &svg[start + length..])
}

/// `text` safe in HTML text and in double- or single-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// The file name without its directories.
fn short_name(file: &str) -> &str {
    Path::new(file).file_name().and_then(|name| name.to_str()).unwrap_or(file)
}

/// `seconds` since the Unix epoch as a UTC date and time: `2023-11-14 22:13:20 UTC`.
pub fn utc_date(seconds: u64) -> String {
    let (days, time) = ((seconds / 86_400) as i64, seconds % 86_400);
    // Days to a proleptic Gregorian date, counting in 400-year eras that start on 1 March
    // (Howard Hinnant's `civil_from_days`): the leap day falls at the end of such a year.
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = era * 400 + year_of_era + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        time / 3_600,
        time / 60 % 60,
        time % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::test_reports::two_engines;

    #[test]
    fn text_from_the_run_is_escaped() {
        let mut report = two_engines("a<b&c\".txt");
        report.command = Some("sudoku bench 'a<b&c\".txt'".to_owned());
        let page = render_html(&report, None);
        assert!(!page.contains("a<b"), "an unescaped file name");
        assert!(!page.contains("c\".txt"), "an unescaped quote");
        assert!(page.contains("<h2>a&lt;b&amp;c&quot;.txt</h2>"));
        assert!(page.contains("<code>sudoku bench &#39;a&lt;b&amp;c&quot;.txt&#39;</code>"));
        // The charts name the file too, escaped by the SVG backend.
        assert!(page.contains("Cactus: a&lt;b&amp;c&quot;.txt 9×9"));
    }

    #[test]
    fn the_page_needs_nothing_outside_itself() {
        let page = render_html(&two_engines("easy.txt"), None);
        assert!(!page.contains("<script"));
        assert!(!page.contains("<link"));
        assert!(!page.contains("url("));
        assert!(!page.contains("https://"));
        let namespace = "http://www.w3.org/2000/svg";
        let charts = page.matches("<svg").count();
        assert_eq!(charts, 3, "bars, cactus and scatter");
        assert_eq!(page.matches(namespace).count(), charts);
        assert_eq!(page.matches("http://").count(), charts, "a URL other than the namespace");
        assert!(
            page.contains(
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            )
        );
        assert!(page.contains("@media print"));
    }

    #[test]
    fn the_page_holds_the_settings_the_table_and_the_charts() {
        let page = render_html(&two_engines("easy.txt"), None);
        assert!(page.contains("2023-11-14 22:13:20 UTC"));
        assert!(page.contains("Test CPU, 2 cores, linux x86_64"));
        assert!(page.contains("<td>dlx</td><td>100</td><td>88</td><td>0</td><td>12</td>"));
        assert!(page.contains("<th>2-thread/s</th>"));
        assert!(page.contains("<td>0.0%</td>"));
        assert!(page.contains("dlx (12 budget-outs)"));
        assert!(page.contains("0 disagreements"));
        // Charts scale: the fixed size gives way to the view box.
        assert!(!page.contains("<svg width="));
        assert_eq!(page.matches("<svg class=\"chart\" viewBox=\"0 0 ").count(), 3);
    }

    #[test]
    fn missing_data_or_an_unknown_pair_leaves_a_sentence_in_a_whole_page() {
        let mut report = two_engines("easy.txt");
        assert!(matches!(
            chart::check_pair(&report, Some(("dlx", "sat"))),
            Err(ChartError::UnknownEngine { .. })
        ));
        let page = render_html(&report, Some(("dlx", "sat")));
        assert_eq!(page.matches("<svg").count(), 2, "bars and cactus, no scatter");
        assert!(page.contains("No chart: engine &#39;sat&#39; is not in the samples"), "{page}");
        assert!(page.contains("<td>dlx</td><td>100</td>"), "the tables are there");
        assert!(page.ends_with("</html>\n"));
        assert!(chart::check_pair(&report, Some(("fast", "dlx"))).is_ok());
        assert_eq!(render_html(&report, Some(("fast", "dlx"))).matches("<svg").count(), 3);
        report.samples.clear();
        for record in &mut report.records {
            record.timings = None;
        }
        let page = render_html(&report, None);
        assert_eq!(page.matches("<svg").count(), 1, "the bars only");
        assert!(page.contains("No cactus or scatter chart"));
    }

    #[test]
    fn a_budget_of_one_node_is_one_node() {
        let mut report = two_engines("easy.txt");
        assert!(render_html(&report, None).contains("1,000 nodes (instrumented engines)"));
        report.budget = Some(1);
        assert!(render_html(&report, None).contains("<dd>1 node (instrumented engines)</dd>"));
    }

    #[test]
    fn dates_are_utc_and_gregorian() {
        assert_eq!(utc_date(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_date(1_700_000_000), "2023-11-14 22:13:20 UTC");
        assert_eq!(utc_date(4_107_542_399), "2100-02-28 23:59:59 UTC");
        assert_eq!(utc_date(4_107_542_400), "2100-03-01 00:00:00 UTC");
    }

    #[test]
    fn fixed_sizes_give_way_to_a_view_box() {
        let fixed =
            "<svg width=\"640\" height=\"480\" xmlns=\"http://www.w3.org/2000/svg\">\n</svg>";
        let scaled = responsive_svg(fixed);
        assert!(scaled.starts_with("<svg class=\"chart\" viewBox=\"0 0 640 480\""), "{scaled}");
        assert!(!scaled.contains("width=\"640\""));
        assert_eq!(scaled.matches("xmlns=").count(), 1);
        assert!(scaled.ends_with(">\n</svg>"));
    }
}
