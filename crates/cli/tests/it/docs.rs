//! The documentation: every relative link leads somewhere (the file exists, and the anchor,
//! when there is one, is a heading of that file, as GitHub names headings), and the help says
//! what the registry does.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// The repository's root.
fn repository() -> PathBuf {
    common::repository().canonicalize().unwrap()
}

/// The Markdown files a reader is sent through: the root's, `docs/` and `data/`.
fn documents() -> Vec<PathBuf> {
    let root = repository();
    let mut found = Vec::new();
    for directory in [root.clone(), root.join("docs"), root.join("docs/notes"), root.join("data")] {
        for entry in fs::read_dir(&directory).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// GitHub's anchor for a heading: lower case, every character but letters, digits, `-`, `_`
/// and spaces dropped, spaces made hyphens.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// A document's link destinations and its anchors
/// (a repeated heading's second anchor is `name-1`, as on GitHub).
fn read(path: &Path) -> (Vec<String>, BTreeSet<String>) {
    let text = fs::read_to_string(path).unwrap();
    let mut links = Vec::new();
    let mut anchors = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(&text) {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => links.push(dest_url.to_string()),
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(part) | Event::Code(part) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&part);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let repeats = seen.entry(base.clone()).or_default();
                anchors.insert(if *repeats == 0 { base } else { format!("{base}-{repeats}") });
                *repeats += 1;
            }
            _ => {}
        }
    }
    (links, anchors)
}

#[test]
fn every_relative_link_and_anchor_of_the_documentation_resolves() {
    let documents = documents();
    assert!(documents.len() >= 6, "the README, the guides and the data page: {documents:?}");
    let read: BTreeMap<PathBuf, (Vec<String>, BTreeSet<String>)> =
        documents.iter().map(|path| (path.clone(), read(path))).collect();
    let mut broken = Vec::new();
    let mut checked = 0;
    for (path, (links, _)) in &read {
        for link in links {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = if file.is_empty() {
                path.clone()
            } else {
                match path.parent().unwrap().join(file).canonicalize() {
                    Ok(target) => target,
                    Err(_) => {
                        broken.push(format!("{}: {link}: no such file", path.display()));
                        continue;
                    }
                }
            };
            if anchor.is_empty() {
                continue;
            }
            let anchors = match read.get(&target) {
                Some((_, anchors)) => anchors.clone(),
                None if target.extension().is_some_and(|extension| extension == "md") => {
                    self::read(&target).1
                }
                None => {
                    broken.push(format!(
                        "{}: {link}: an anchor into a file that is not Markdown",
                        path.display()
                    ));
                    continue;
                }
            };
            if !anchors.contains(anchor) {
                broken.push(format!("{}: {link}: no heading makes #{anchor}", path.display()));
            }
        }
    }
    assert!(checked >= 20, "the documents link to each other: {checked} relative links");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_named_as_github_names_them() {
    assert_eq!(slug("Beyond 9×9"), "beyond-99");
    assert_eq!(
        slug("Solving as people do: sudoku explain and sudoku rate"),
        "solving-as-people-do-sudoku-explain-and-sudoku-rate"
    );
    assert_eq!(
        slug("Which SAT solver the sat engines use, and why"),
        "which-sat-solver-the-sat-engines-use-and-why"
    );
}

#[test]
fn the_help_names_the_default_engines_the_registry_picks() {
    let output = common::sudoku(&["solve", "--help"], b"");
    assert_eq!(output.status.code(), Some(0));
    let help =
        String::from_utf8(output.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let defaults = sudoku_engines::default_engines_text();
    assert!(help.contains(&defaults), "{defaults} in {help}");
    assert!(defaults.contains("`cdcl` from 25×25 on"), "{defaults}");
}
