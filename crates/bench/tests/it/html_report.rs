//! The HTML report of a real run is well formed, holds a table row for every record and every
//! chart the report can draw, and depends on nothing outside itself.

use crate::common;

use common::{engine, options, shipped_prefix};
use sudoku_bench::Report;
use sudoku_bench::chart::{self, ChartKind};
use sudoku_bench::html::{render_html, write_html};

/// A run of three fast engines over a prefix of the shipped corpus, with a budget small enough
/// that the plain backtracker gives up on some puzzles.
fn run_report(directory: &tempfile::TempDir) -> Report {
    let corpus = shipped_prefix(directory, "prefix <&\"'>.txt", 200);
    let mut run_options = options(vec![engine("bitmask"), engine("dlx"), engine("fast")], 2);
    run_options.budget = Some(20_000);
    let mut report = sudoku_bench::run(&[corpus], &run_options).unwrap();
    report.command = Some("sudoku bench --report 'out.html' <corpus> && echo \"done\"".to_owned());
    report
}

/// Elements without a closing tag in HTML.
const VOID: [&str; 5] = ["meta", "br", "img", "hr", "col"];

/// Checks that every opening tag of `page` is closed, in order, and returns the names of the
/// elements opened, in document order. Comments, the doctype and the stylesheet's text are
/// skipped; `<x/>` closes itself.
fn balanced_elements(page: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find('<') {
        rest = &rest[start..];
        if rest.starts_with("<!") {
            let end = rest.find('>').expect("an unterminated declaration");
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find('>').unwrap_or_else(|| panic!("an unterminated tag: {rest:.40}"));
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let expected = open.pop().unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(name.trim(), expected, "</{name}> closes <{expected}>");
            continue;
        }
        let name: String =
            tag.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        assert!(!name.is_empty(), "a tag without a name: <{tag}>");
        seen.push(name.clone());
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        if name == "style" {
            let close = rest.find("</style>").expect("an unclosed <style>");
            rest = &rest[close + "</style>".len()..];
            continue;
        }
        open.push(name);
    }
    assert!(open.is_empty(), "never closed: {open:?}");
    seen
}

/// The text of the section headed `<h2>heading</h2>`, up to its `</section>`.
fn section<'p>(page: &'p str, heading: &str) -> &'p str {
    let start = page.find(&format!("<h2>{heading}</h2>")).unwrap_or_else(|| panic!("{heading}"));
    let end = start + page[start..].find("</section>").unwrap();
    &page[start..end]
}

#[test]
fn the_page_is_well_formed_and_holds_every_row_and_chart() {
    let directory = tempfile::tempdir().unwrap();
    let report = run_report(&directory);
    let path = directory.path().join("report.html");
    write_html(&report, None, &path).unwrap();
    let page = std::fs::read_to_string(&path).unwrap();

    let elements = balanced_elements(&page);
    assert_eq!(elements.first().map(String::as_str), Some("html"));
    assert!(page.contains("<meta charset=\"utf-8\">"));
    assert!(page.contains("content=\"width=device-width, initial-scale=1\""));
    assert!(page.contains("@media print"));

    // Every record is a row of its file's section, under a name escaped once.
    for file in &report.files {
        let escaped = sudoku_bench::html::escape(&file.file);
        assert!(!escaped.contains(['<', '"', '\'']));
        let text = section(&page, &escaped);
        for record in report.records.iter().filter(|record| record.file == file.file) {
            let row = format!("<tr><td>{}</td>", record.engine);
            let warned = format!("<tr class=\"warn\"><td>{}</td>", record.engine);
            assert!(text.contains(&row) || text.contains(&warned), "no row for {}", record.engine);
        }
    }
    assert!(page.contains("&lt;corpus&gt; &amp;&amp; echo &quot;done&quot;"));

    // The overview, then a cactus and a scatter chart per file and size holding their data.
    let cactus = chart::cactus_groups(&report).len();
    let scatter = report.samples.iter().filter(|samples| samples.engines.len() >= 2).count();
    let charts = elements.iter().filter(|name| *name == "svg").count();
    assert_eq!(charts, 1 + cactus + scatter);
    assert_eq!(page.matches("<svg class=\"chart\" viewBox=").count(), charts);
    assert_eq!(cactus, report.files.len(), "a cactus chart per file");
    assert_eq!(scatter, report.files.len(), "a scatter chart per file");
    let budget_outs: u64 = report.records.iter().map(|record| record.budget_outs).sum();
    assert!(budget_outs > 0, "no budget-out to mark");
    assert!(page.contains(" budget-outs)") || page.contains(" budget-out)"));

    // Nothing to fetch, nothing to run.
    assert!(!page.contains("<script"));
    let namespace = "http://www.w3.org/2000/svg";
    assert_eq!(page.matches("http://").count(), page.matches(namespace).count());
    assert!(!page.contains("https://"));
}

#[test]
fn a_scatter_pair_sampled_nowhere_is_an_error_and_chart_kinds_read_back() {
    let directory = tempfile::tempdir().unwrap();
    let report = run_report(&directory);
    assert!(chart::check_pair(&report, Some(("dlx", "nonesuch"))).is_err());
    assert!(render_html(&report, Some(("dlx", "nonesuch"))).contains("No chart: engine"));
    let page = render_html(&report, Some(("fast", "dlx")));
    balanced_elements(&page);
    for kind in ChartKind::ALL {
        assert_eq!(kind.name().parse::<ChartKind>(), Ok(kind));
        let path = directory.path().join(format!("{kind}.svg"));
        match chart::write_chart(&report, kind, None, &path) {
            Ok(()) => {
                let svg = std::fs::read_to_string(&path).unwrap();
                assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{kind}");
                assert_eq!(balanced_elements(&svg).iter().filter(|n| *n == "svg").count(), 1);
            }
            Err(error) => panic!("{kind}: {error}"),
        }
    }
    assert!("pie".parse::<ChartKind>().is_err());
}
