//! The structure of the workspace: inside each crate, no module uses one that uses it back.
//!
//! A module here is a file or folder directly under a crate's `src/` (a folder counts as one
//! module with everything in it); it uses another when its code names `crate::other`. The
//! crate root is left out: it declares every module, and they may all use what it defines.

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
    let code: String = code
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .flat_map(|line| [line, "\n"])
        .collect();
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        // Not a longer path such as `sudoku_crate::`.
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        let name: String = rest.chars().take_while(|&c| c.is_alphanumeric() || c == '_').collect();
        if modules.contains(&name) {
            found.insert(name);
        }
    }
    found
}

/// For one crate's `src/`: each module and the modules it uses.
fn uses(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut modules = BTreeMap::new();
    for entry in fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib"
            || name == "main"
            || !(path.is_dir() || name.len() < path.file_name().unwrap().len())
        {
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
                used.extend(named(&fs::read_to_string(file).unwrap(), &names));
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
}
