//! The structure of the workspace: inside each crate, no module uses one that uses it back, and
//! inside each folder, no file uses one that uses it back.
//!
//! A module here is a file or folder directly under a crate's `src/` (a folder counts as one
//! module with everything in it); it uses another when its code names `crate::other`. The
//! crate root is left out: it declares every module, and they may all use what it defines.
//! Inside a module's folder, at every depth, the same holds of its files and sub-folders, which
//! name each other as `super::other`, and of the folder's own module (its `mod.rs`, or the
//! `NAME.rs` beside the folder): a file uses it when it names one of its items (`super::Item`,
//! `super::*`), and it uses a file when it names it (`file::Item`, `pub use file::...`). A
//! child that uses its parent's items while the parent uses the child is a cycle: the items
//! they share belong in a sibling both use. A child's inline test module, which nothing uses,
//! may use the parent (to check the child against the whole the parent makes).
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

/// The modules of a folder: each file and sub-folder by its name, a module written as both
/// (`canon.rs` beside `canon/`) once with both paths; the files named `roots` left out.
fn modules_of(folder: &Path, roots: &[&str]) -> BTreeMap<String, Vec<PathBuf>> {
    let mut modules: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let is_rust = path.extension().is_some_and(|extension| extension == "rs");
        if roots.contains(&name.as_str()) || !(path.is_dir() || is_rust) {
            continue;
        }
        modules.entry(name).or_default().push(path);
    }
    modules
}

/// For one folder: each of its modules (a file, or a sub-folder with everything in it), and
/// those of its siblings it names after `prefix`; the files named `roots` are left out.
fn uses_in(folder: &Path, prefix: &str, roots: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules_of(folder, roots);
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .into_iter()
        .map(|(name, paths)| {
            let mut files = Vec::new();
            for path in &paths {
                rust_files(path, &mut files);
            }
            let mut used = BTreeSet::new();
            for file in files {
                used.extend(named_after(&fs::read_to_string(file).unwrap(), prefix, &names));
            }
            used.remove(&name);
            (name, used)
        })
        .collect()
}

/// The name of a folder's own module (its `mod.rs`, or the `NAME.rs` beside the folder) in
/// the graph of the folder's files.
const PARENT: &str = "(mod.rs)";

/// The code of `code` outside comments, split where an inline test module (`mod tests {`, of
/// any visibility) starts: inside it, `super::` names one module further up.
fn code_and_tests(code: &str) -> (String, String) {
    let mut outside = String::new();
    let mut tests = String::new();
    let mut in_tests = false;
    for line in code.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        let visibility = trimmed.split_once("mod tests {").map(|(before, _)| before.trim());
        in_tests |=
            matches!(visibility, Some(before) if before.is_empty() || before.starts_with("pub"));
        let part = if in_tests { &mut tests } else { &mut outside };
        part.push_str(line);
        part.push('\n');
    }
    (outside, tests)
}

/// What the paths of `code` that start with `prefix` (`super::` as many times as it takes to
/// reach a folder's module, or `crate::` and the folder's path) name in that module: each
/// name after the prefix, every name of a group (`super::{a, b::C}`), `*` for a glob.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        let word = |text: &str| -> String {
            text.chars().take_while(|&c| c.is_alphanumeric() || c == '_').collect()
        };
        if let Some(group) = rest.strip_prefix('{') {
            let inside = &group[..group.find('}').unwrap_or(group.len())];
            for item in inside.split(',') {
                let item = item.trim();
                let name = if item.starts_with('*') { "*".to_owned() } else { word(item) };
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        } else if rest.starts_with('*') {
            found.insert("*".to_owned());
        } else {
            let name = word(rest);
            // `super::super::...` goes further up than this folder's module.
            if !name.is_empty() && name != "super" {
                found.insert(name);
            }
        }
    }
    found
}

/// The names a module's own file `code` gives its children: every `child::` that starts a
/// path (`child::Item`, `use child::...`, `pub use child::...`, `self::child::...`,
/// `crate::PATH::child::...` with `path` the folder's `crate::PATH::`), among `children`.
fn children_named(code: &str, path: &str, children: &BTreeSet<String>) -> BTreeSet<String> {
    let (outside, tests) = code_and_tests(code);
    let code = outside + &tests;
    let mut found = BTreeSet::new();
    for child in children {
        let relative = format!("{child}::");
        let plain = code.match_indices(&relative).any(|(at, _)| {
            let before = &code[..at];
            let last = before.chars().next_back();
            !last.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                || before.ends_with("self::")
                || before.ends_with(path)
        });
        if plain {
            found.insert(child.clone());
        }
    }
    found
}

/// The graph of one module's folder: its files and sub-folders as [`uses_in`] gives them,
/// and the folder's own module ([`PARENT`]: `mod.rs`, or `NAME.rs` beside the folder). A file
/// uses the parent when its code outside its inline test module names an item of the
/// parent's own (`super::Item`, `super::*`, `crate::PATH::Item` that is not a sibling), and
/// the parent uses a file when it names it as `file::`. `path` is the folder's module path,
/// `crate::report::`.
fn graph_with_parent(folder: &Path, path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = uses_in(folder, "super::", &["mod"]);
    let beside = folder.with_extension("rs");
    let parent_file = [folder.join("mod.rs"), beside].into_iter().find(|file| file.is_file());
    let Some(parent_file) = parent_file else { return graph };
    let modules = modules_of(folder, &["mod"]);
    let siblings: BTreeSet<String> = modules.keys().cloned().collect();
    for (name, paths) in &modules {
        let mut uses_parent = false;
        for top in paths {
            let mut files = Vec::new();
            rust_files(top, &mut files);
            for file in files {
                // How many `super::` reach the folder's module from this file: one from
                // `name.rs` and `name/mod.rs`, one more for each folder further down.
                let below = file.strip_prefix(folder).unwrap();
                let mut depth = below.components().count();
                if file.file_name().is_some_and(|file| file == "mod.rs") {
                    depth -= 1;
                }
                // A file's inline test module is a module of its own that nothing uses: a test
                // that checks a part against the whole its parent makes (a fast path against
                // the general search) uses the parent from below and closes no cycle.
                let (outside, _tests) = code_and_tests(&fs::read_to_string(&file).unwrap());
                let mut named = names_after(&outside, &"super::".repeat(depth));
                named.extend(names_after(&outside, path));
                uses_parent |= named.iter().any(|item| !siblings.contains(item));
            }
        }
        if uses_parent {
            graph.get_mut(name).unwrap().insert(PARENT.to_owned());
        }
    }
    let parent_code = fs::read_to_string(parent_file).unwrap();
    graph.insert(PARENT.to_owned(), children_named(&parent_code, path, &siblings));
    graph
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
    let mut parents = 0;
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
            let below = folder.strip_prefix(&src).unwrap();
            let words: Vec<String> =
                below.components().map(|part| part.as_os_str().to_string_lossy().into()).collect();
            let path = format!("crate::{}::", words.join("::"));
            let graph = graph_with_parent(&folder, &path);
            parents += usize::from(graph.contains_key(PARENT));
            for file in graph.keys() {
                if let Some(cycle) = cycle_through(file, &graph) {
                    cycles.push(format!("{}: {} -> {file}", folder.display(), cycle.join(" -> ")));
                }
            }
        }
    }
    assert!(looked_at >= 5, "the module folders were looked at: {looked_at}");
    assert!(parents >= 5, "the folders' own modules were looked at: {parents}");
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

#[test]
fn a_cycle_through_a_folders_own_module_is_found() {
    // A child names its parent's items; tests inside a file name the file itself.
    let child = "use super::{VERSION, wire::Reply};\nfn f() { super::send(); }\n\
                 #[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::LIMIT;\n}\n";
    let (outside, tests) = code_and_tests(child);
    assert_eq!(
        names_after(&outside, "super::"),
        ["VERSION", "send", "wire"].map(String::from).into()
    );
    assert_eq!(names_after(&tests, "super::super::"), ["LIMIT".to_owned()].into());
    assert_eq!(
        names_after("use crate::report::Machine;", "crate::report::"),
        ["Machine".to_owned()].into()
    );
    assert!(names_after("super::super::x", "super::").is_empty());
    // A test module others read is a test module too.
    let shared = "use super::marks::Marks;\n#[cfg(test)]\npub(super) mod tests {\n    use super::Reach;\n}\n";
    let (outside, tests) = code_and_tests(shared);
    assert_eq!(names_after(&outside, "super::"), ["marks".to_owned()].into());
    assert_eq!(names_after(&tests, "super::"), ["Reach".to_owned()].into());
    // The parent names its children as paths, re-exports included; a declaration is no use.
    let children: BTreeSet<String> = ["client", "wire", "serve"].map(String::from).into();
    let parent = "mod client;\nmod serve;\nmod wire;\npub use serve::serve;\n\
                  fn f() { client::open(); other::wire::x(); }\n// wire::Reply\n";
    assert_eq!(
        children_named(parent, "crate::protocol::", &children),
        ["client", "serve"].map(String::from).into()
    );
    assert_eq!(
        children_named("use crate::protocol::wire::Reply;", "crate::protocol::", &children),
        ["wire".to_owned()].into()
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        (PARENT.to_owned(), ["client".to_owned()].into()),
        ("client".to_owned(), [PARENT.to_owned()].into()),
    ]
    .into();
    assert_eq!(cycle_through(PARENT, &graph).map(|cycle| cycle.len()), Some(2));
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
