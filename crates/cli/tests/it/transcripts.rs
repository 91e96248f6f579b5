//! The documentation shows the program as it is: every transcript of a `sudoku` command in the
//! README and the pages of `docs/` is run and compared with what the page shows, and every
//! synopsis of a subcommand names exactly the flags its `--help` lists.
//!
//! A transcript is a `text` block whose first line is `$ sudoku ...` (a `\` at a line's end
//! continues the command). The command runs in the repository's root through `sh`, with this
//! build's `sudoku` first on the path. Its standard output is compared line by line, trailing
//! space ignored, with these liberties, so that a page can shorten what it shows:
//! - a line of only `...` stands for any number of lines (none included);
//! - a line ending in `...` stands for a line that starts with what comes before it;
//! - the SIMD path `fast` runs (`[avx512 path]`) is the machine's, and compared as `[… path]`;
//! - a build with the published solvers (`--features peers`) lists them too, in wider columns:
//!   their lines are left out and runs of spaces compared as one.
//!
//! A synopsis is a `text` block whose first line is `sudoku SUBCOMMAND [` (the flags in
//! brackets), each of its forms (`sudoku bench [...]`, `sudoku bench merge ...`) starting a
//! line: the long flags a form names must be those of its `--help`, no more and no fewer.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{installed, repository};

/// The Markdown pages that show the program: the README and the pages of `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = repository();
    let mut found = vec![root.join("README.md")];
    for entry in fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "md") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Every fenced `text` block of `page`: the line it starts on and its lines.
fn text_blocks(page: &Path) -> Vec<(usize, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, Vec<String>)> = None;
    for (index, line) in fs::read_to_string(page).unwrap().lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None if trimmed == "```text" => open = Some((index + 1, Vec::new())),
            None => {}
            Some(_) if trimmed.starts_with("```") => blocks.extend(open.take()),
            Some((_, lines)) => lines.push(line.to_owned()),
        }
    }
    blocks
}

/// The command of a transcript (its `$` line and the lines it continues onto) and the lines
/// shown as its output; `None` for a block that is not a transcript of `sudoku`.
fn transcript(block: &[String]) -> Option<(String, Vec<String>)> {
    let first = block.first()?.strip_prefix("$ ")?;
    if !first.starts_with("sudoku ") && first != "sudoku" {
        return None;
    }
    let mut command = String::new();
    let mut rest = block.iter().skip(1);
    let mut line = Some(first);
    while let Some(part) = line {
        match part.trim_end().strip_suffix('\\') {
            Some(continued) => {
                command.push_str(continued);
                command.push(' ');
                line = rest.next().map(String::as_str);
            }
            None => {
                command.push_str(part);
                line = None;
            }
        }
    }
    Some((command, rest.cloned().collect()))
}

/// Whether this build has the published solvers (`--features peers`), which the pages'
/// transcripts, made with the default build, do not list.
const PEERS: bool =
    cfg!(any(feature = "peer-jczsolve", feature = "peer-dlx", feature = "peer-dancing-links"));

/// `line` with the machine's SIMD path masked, and, in a build with the published solvers,
/// its runs of spaces made one (their longer names widen the listing's columns).
fn masked(line: &str) -> String {
    let mut line = line.trim_end().to_owned();
    for path in ["avx512", "avx2+pext", "avx2", "portable"] {
        line = line.replace(&format!("[{path} path]"), "[… path]");
    }
    if PEERS {
        line = line.split(' ').filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ");
    }
    line
}

/// Whether `actual` is what `shown` shows, with the liberties of the module's doc.
fn shows(shown: &[String], actual: &[String]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skipped| shows(rest, &actual[skipped..]))
        }
        Some((first, rest)) => {
            let Some((line, others)) = actual.split_first() else { return false };
            let (first, line) = (masked(first), masked(line));
            let matches = match first.strip_suffix("...") {
                Some(prefix) => line.starts_with(prefix.trim_end()),
                None => line == first,
            };
            matches && shows(rest, others)
        }
    }
}

/// The directory of this build's `sudoku`, for the path of the transcripts' shell.
fn binary_directory() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_sudoku")).parent().unwrap().to_path_buf()
}

#[test]
fn every_transcript_of_the_documentation_is_what_the_program_prints() {
    let path =
        format!("{}:{}", binary_directory().display(), std::env::var("PATH").unwrap_or_default());
    let mut checked = 0;
    let mut wrong = Vec::new();
    for page in pages() {
        for (start, block) in text_blocks(&page) {
            let Some((command, shown)) = transcript(&block) else { continue };
            let place = format!("{}:{start}", page.display());
            if command.contains("python3") && !installed("python3") {
                eprintln!("skipped {place}: python3 is not installed ({command})");
                continue;
            }
            let output = Command::new("sh")
                .args(["-c", &command])
                .current_dir(repository())
                .env("PATH", &path)
                .env("CI", "true")
                .output()
                .unwrap();
            let actual: Vec<String> = String::from_utf8_lossy(&output.stdout)
                .lines()
                .filter(|line| !(PEERS && line.starts_with("peer-")))
                .map(str::to_owned)
                .collect();
            checked += 1;
            if !shows(&shown, &actual) {
                wrong.push(format!(
                    "{place}: `{command}` prints\n{}\n(standard error: {})",
                    actual.join("\n"),
                    String::from_utf8_lossy(&output.stderr).trim()
                ));
            }
        }
    }
    assert!(checked >= 3, "the transcripts were found: {checked}");
    assert!(
        wrong.is_empty(),
        "transcripts that differ from the program:\n\n{}",
        wrong.join("\n\n")
    );
}

/// The long flags (`--name`) of `text`.
fn long_flags(text: &str) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    for (at, _) in text.match_indices("--") {
        let name: String =
            text[at + 2..].chars().take_while(|&c| c.is_ascii_alphanumeric() || c == '-').collect();
        let before = text[..at].chars().next_back();
        if !name.is_empty() && before.is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-') {
            flags.insert(format!("--{name}"));
        }
    }
    flags
}

/// The long flags `sudoku SUBCOMMAND --help` lists as options (the help's lines that start
/// with a flag, indented as clap indents options rather than their descriptions), without
/// `--help` and `--version`.
fn flags_of(subcommand: &[&str]) -> BTreeSet<String> {
    let mut args = subcommand.to_vec();
    args.push("--help");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku")).args(&args).output().unwrap();
    let help = String::from_utf8_lossy(&output.stdout);
    let mut flags = BTreeSet::new();
    for line in help.lines() {
        let option = line.trim_start();
        if line.len() - option.len() > 6 {
            continue;
        }
        let option = match option.strip_prefix('-') {
            Some(short) if !short.starts_with('-') => {
                short.split_once(", ").map_or("", |(_, long)| long)
            }
            _ => option,
        };
        if option.starts_with("--") {
            flags.extend(long_flags(option.split_whitespace().next().unwrap_or("")));
        }
    }
    flags.remove("--help");
    flags.remove("--version");
    flags
}

/// The forms of a synopsis: each starts with a line `sudoku ...`, the lines indented below it
/// continuing it. Each form with the words of its subcommand (`bench`, `bench merge`).
fn forms(block: &[String]) -> Vec<(Vec<String>, String)> {
    let mut forms: Vec<(Vec<String>, String)> = Vec::new();
    for line in block {
        if let Some(rest) = line.strip_prefix("sudoku ") {
            let words = rest
                .split_whitespace()
                .take_while(|word| word.chars().all(|c| c.is_ascii_lowercase()))
                .map(str::to_owned)
                .collect();
            forms.push((words, line.clone()));
        } else if let Some((_, text)) = forms.last_mut() {
            text.push_str(line);
        }
    }
    forms
}

#[test]
fn every_synopsis_names_the_flags_of_its_command() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for page in pages() {
        for (start, block) in text_blocks(&page) {
            let Some(first) = block.first() else { continue };
            if !first.starts_with("sudoku ") || !first.contains(" [") {
                continue;
            }
            for (subcommand, text) in forms(&block) {
                let subcommand: Vec<&str> = subcommand.iter().map(String::as_str).collect();
                let (named, listed) = (long_flags(&text), flags_of(&subcommand));
                checked += 1;
                let missing: Vec<_> = listed.difference(&named).collect();
                let unknown: Vec<_> = named.difference(&listed).collect();
                if !missing.is_empty() || !unknown.is_empty() {
                    wrong.push(format!(
                        "{}:{start}: `sudoku {}`: not in the synopsis {missing:?}; not a flag \
                         of the command {unknown:?}",
                        page.display(),
                        subcommand.join(" ")
                    ));
                }
            }
        }
    }
    assert!(checked >= 3, "the synopses were found: {checked}");
    assert!(wrong.is_empty(), "synopses that differ from the program:\n{}", wrong.join("\n"));
}

#[test]
fn the_liberties_of_a_transcript_are_those_documented() {
    let lines = |text: &str| text.lines().map(str::to_owned).collect::<Vec<_>>();
    let actual = lines("naive   a\nfast    b [avx2 path]\nsat     c\nlogic   d");
    assert!(shows(&lines("naive   a\n...\nlogic   d"), &actual));
    assert!(shows(&lines("naive ...\nfast    b [avx512 path]\n...\n"), &actual));
    assert!(!shows(&lines("naive   a\nlogic   d"), &actual), "a line left out unsaid");
    assert!(!shows(&lines("naive   a\n...\nlogic   e"), &actual), "a line that differs");
    assert_eq!(
        transcript(&lines("$ sudoku bench x \\\n    --engines a\nout")),
        Some(("sudoku bench x      --engines a".to_owned(), lines("out")))
    );
    assert_eq!(long_flags("[--engines a,b|all] [-j N] x--y [--max-time S]").len(), 2);
}
