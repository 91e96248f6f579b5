//! The structure of the workspace: inside each crate, no module uses one that uses it back, and
//! inside each folder, no file uses one that uses it back.
//!
//! A module here is a file or folder directly under a crate's `src/` (a folder counts as one
//! module with everything in it); it uses another when its code names `crate::other`. The
//! crate root is left out: it declares every module, and they may all use what it defines.
//! Inside a module's folder, at every depth, the same holds of its files and sub-folders, which
//! name each other as `super::other`; the folder's `mod.rs` is left out as the root is.
//!
//! And no two public types of the workspace's crates share a name, so that a reader (or an
//! import) never has to ask which `Row` or `Path` is meant.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root.
fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `path`.
fn rust_files(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).unwrap() {
            rust_files(&entry.unwrap().path(), found);
        }
    } else if path.extension().is_some_and(|extension| extension == "rs") {
        found.push(path.to_path_buf());
    }
}

/// The modules a piece of code names as `crate::name`, among `modules`. Comments are left
/// out: a link in a doc comment is not a use.
fn named(code: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    named_after(code, "crate::", modules)
}

/// The modules a piece of code names as `PREFIXname` (`crate::name`, `super::name`), among
/// `modules`, comments left out.
fn named_after(code: &str, prefix: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let code: String = code
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .flat_map(|line| [line, "\n"])
        .collect();
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        // Not a longer path such as `sudoku_crate::`.
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        let name: String = rest.chars().take_while(|&c| c.is_alphanumeric() || c == '_').collect();
        if modules.contains(&name) {
            found.insert(name);
        }
    }
    found
}

/// For one crate's `src/`: each module and the modules it uses.
fn uses(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    uses_in(src, "crate::", &["lib", "main"])
}

/// For one folder: each of its modules (a file, or a sub-folder with everything in it), and
/// those of its siblings it names after `prefix`; the files named `roots` are left out.
fn uses_in(folder: &Path, prefix: &str, roots: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut modules = BTreeMap::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let is_rust = path.extension().is_some_and(|extension| extension == "rs");
        if roots.contains(&name.as_str()) || !(path.is_dir() || is_rust) {
            continue;
        }
        modules.insert(name, path);
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .into_iter()
        .map(|(name, path)| {
            let mut files = Vec::new();
            rust_files(&path, &mut files);
            let mut used = BTreeSet::new();
            for file in files {
                used.extend(named_after(&fs::read_to_string(file).unwrap(), prefix, &names));
            }
            used.remove(&name);
            (name, used)
        })
        .collect()
}

/// A cycle through `start`, if the graph has one: the modules in order, `start` first.
fn cycle_through(start: &str, graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first, remembering the way back.
    let mut stack = vec![(start.to_owned(), vec![start.to_owned()])];
    let mut seen = BTreeSet::new();
    while let Some((module, way)) = stack.pop() {
        for next in graph.get(&module).into_iter().flatten() {
            if next == start {
                return Some(way);
            }
            if seen.insert(next.clone()) {
                let mut longer = way.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let mut cycles = Vec::new();
    let mut crates = 0;
    for entry in fs::read_dir(repository().join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        crates += 1;
        let graph = uses(&src);
        for module in graph.keys() {
            if let Some(cycle) = cycle_through(module, &graph) {
                cycles.push(format!("{}: {} -> {module}", src.display(), cycle.join(" -> ")));
            }
        }
    }
    assert!(crates >= 6, "every crate was looked at: {crates}");
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

/// Every folder under `path`, `path` included.
fn folders(path: &Path, found: &mut Vec<PathBuf>) {
    found.push(path.to_path_buf());
    for entry in fs::read_dir(path).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            folders(&path, found);
        }
    }
}

#[test]
fn no_file_uses_one_that_uses_it_back() {
    let mut cycles = Vec::new();
    let mut looked_at = 0;
    for entry in fs::read_dir(repository().join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        let mut found = Vec::new();
        folders(&src, &mut found);
        // The crate's own folder is the test above's.
        for folder in found.into_iter().filter(|folder| *folder != src) {
            looked_at += 1;
            let graph = uses_in(&folder, "super::", &["mod"]);
            for file in graph.keys() {
                if let Some(cycle) = cycle_through(file, &graph) {
                    cycles.push(format!("{}: {} -> {file}", folder.display(), cycle.join(" -> ")));
                }
            }
        }
    }
    assert!(looked_at >= 5, "the module folders were looked at: {looked_at}");
    assert!(cycles.is_empty(), "import cycles between files:\n{}", cycles.join("\n"));
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let modules: BTreeSet<String> = ["report", "corpus", "chart"].map(String::from).into();
    assert_eq!(
        named("use crate::report::Shard; sudoku_crate::chart", &modules),
        ["report".to_owned()].into()
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("report".to_owned(), ["corpus".to_owned()].into()),
        ("corpus".to_owned(), ["chart".to_owned()].into()),
        ("chart".to_owned(), ["report".to_owned()].into()),
    ]
    .into();
    assert_eq!(cycle_through("report", &graph).map(|cycle| cycle.len()), Some(3));
    let acyclic: BTreeMap<String, BTreeSet<String>> = [
        ("report".to_owned(), ["corpus".to_owned()].into()),
        ("corpus".to_owned(), BTreeSet::new()),
    ]
    .into();
    assert_eq!(cycle_through("report", &acyclic), None);
    // Between the files of a folder: `super::` names a sibling.
    let files: BTreeSet<String> = ["solver", "clauses"].map(String::from).into();
    assert_eq!(
        named_after("use super::solver::Lit;\n// super::clauses\n", "super::", &files),
        ["solver".to_owned()].into()
    );
}

/// The public types (`pub struct`, `enum`, `trait`, `type`) declared in `code`, by name.
fn public_types(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in code.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["pub", "struct" | "enum" | "trait" | "type", name, ..] = words[..] {
            let name: String =
                name.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                names.push(name);
            }
        }
    }
    names
}

#[test]
fn no_two_public_types_of_the_workspace_share_a_name() {
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let crates = repository().join("crates");
    for entry in fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for file in files {
            let code = fs::read_to_string(&file).unwrap();
            let shown = file.strip_prefix(&crates).unwrap().display().to_string();
            for name in public_types(&code) {
                places.entry(name).or_default().push(shown.clone());
            }
        }
    }
    assert!(places.len() > 50, "the public types were found: {}", places.len());
    let shared: Vec<String> = places
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(shared.is_empty(), "public types that share a name:\n{}", shared.join("\n"));
}

#[test]
fn public_types_are_found_by_their_declaration() {
    let code =
        "pub struct Row {\n    pub(crate) enum Hidden\n pub enum Path<'a> {\npub fn f() {}\n";
    assert_eq!(public_types(code), ["Row", "Path"]);
}
