//! Declarations of engines from outside: an engines file (TOML) or `--external` on the command
//! line.
//!
//! ```toml
//! # sudoku-engines.toml
//! [engines.mine]
//! kind = "protocol"                        # protocol, judge or dimacs
//! command = "python3 solvers/mine.py --fast"  # split as a shell would (or a list of words)
//! sizes = [9, 16]                          # optional: the sides of the grids it solves
//! time-limit = 10                          # optional: seconds per puzzle (wall clock)
//! description = "my backtracking solver"   # optional
//!
//! [engines.lib]
//! kind = "plugin"                          # a library of include/sudoku_engine.h's ABI
//! library = "./libmine.so"
//! memory-limit = 512                       # optional: MiB of address space (Unix)
//!
//! [engines.tdoku]
//! kind = "tdoku"                           # a function of tdoku's solver type
//! library = "./libtdoku.so"
//! symbol = "TdokuSolverDpllTriadSimd"
//! configuration = 0                        # optional: passed to the function as it is
//! solutions = false                        # optional: it counts without writing solutions
//! ```
//!
//! `--external 'NAME=KIND:COMMAND ARGS...'` declares one engine with the defaults;
//! `NAME=plugin:PATH` and `NAME=tdoku:PATH:SYMBOL[:CONFIGURATION]` declare libraries. Commands
//! are split into words as a POSIX shell would (quotes respected) by `shell-words`, but no
//! shell runs them; they run in the current directory. A library's path is taken from the
//! current directory (never searched for as a bare name would be). A bad declaration is one
//! line naming the file, line and column (or the `--external` argument) and the problem, and
//! nothing runs.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use sudoku_core::Size;

/// The name of the engines file read from the current directory when no `--engines-file` is
/// given.
pub const DEFAULT_FILE: &str = "sudoku-engines.toml";

/// The longest engines file read: declarations are a few lines each.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// The kinds of engine from outside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A long-lived process speaking the line protocol of `docs/engine-protocol.md`.
    Protocol,
    /// A program started for each puzzle, reading it in the judge format and printing the
    /// solved grid.
    Judge,
    /// A SAT solver given the standard CNF encoding as a DIMACS file.
    Dimacs,
    /// A shared library exporting the C ABI of `include/sudoku_engine.h`.
    Plugin,
    /// A shared library exporting a function of tdoku's solver type (9×9).
    Tdoku,
}

impl Kind {
    /// Every kind, as declarations name them.
    pub const ALL: [Kind; 5] =
        [Kind::Protocol, Kind::Judge, Kind::Dimacs, Kind::Plugin, Kind::Tdoku];

    /// `protocol`, `judge` or `dimacs`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Protocol => "protocol",
            Kind::Judge => "judge",
            Kind::Dimacs => "dimacs",
            Kind::Plugin => "plugin",
            Kind::Tdoku => "tdoku",
        }
    }

    /// Whether the engine is a library (loaded by a worker process) rather than a program.
    pub fn is_library(self) -> bool {
        matches!(self, Kind::Plugin | Kind::Tdoku)
    }

    fn parse(text: &str) -> Result<Kind, String> {
        Kind::ALL.into_iter().find(|kind| kind.name() == text).ok_or_else(|| {
            format!(
                "unknown engine kind '{text}'; the kinds are protocol, judge, dimacs, plugin and tdoku"
            )
        })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One engine from outside, as declared.
#[derive(Clone, PartialEq, Debug)]
pub struct Declaration {
    /// Its name on the command line and in reports.
    pub name: String,
    /// What kind of program it is.
    pub kind: Kind,
    /// The program and its arguments (empty for a library).
    pub command: Vec<String>,
    /// The library, for the kinds `plugin` and `tdoku`.
    pub library: Option<Library>,
    /// The sizes it solves, if declared.
    pub sizes: Option<Vec<Size>>,
    /// Its time limit per puzzle, if declared (else the run's `--time-limit`, else
    /// [`crate::DEFAULT_TIME_LIMIT`]).
    pub time_limit: Option<Duration>,
    /// For a library: the most address space its worker may take, in bytes, if declared
    /// (Unix).
    pub memory_limit: Option<u64>,
    /// What it is, if declared.
    pub description: Option<String>,
    /// Where it was declared: `FILE:LINE` or `--external`.
    pub declared: String,
}

impl Declaration {
    /// What runs, for people: the command line (quoted as a shell would read it), or the
    /// library's specification.
    pub fn what_runs(&self) -> String {
        match &self.library {
            Some(library) => library.spec(),
            None => shell_words::join(&self.command),
        }
    }
}

/// An engine library, as declared.
#[derive(Clone, PartialEq, Debug)]
pub struct Library {
    /// Its file, absolute (so that it is never searched for on the library path).
    pub path: PathBuf,
    /// For `tdoku`: the function's name.
    pub symbol: Option<String>,
    /// For `tdoku`: the configuration word passed to each call.
    pub configuration: u32,
    /// For `tdoku`: whether the function writes the solution it finds (`solutions = false`
    /// in the engines file for one that only counts: it is then judged on its counts alone).
    pub solutions: bool,
}

impl Library {
    /// `PATH` or `PATH:SYMBOL:CONFIGURATION`, as `--external` and the worker take it.
    pub fn spec(&self) -> String {
        match &self.symbol {
            None => self.path.display().to_string(),
            Some(symbol) => format!("{}:{symbol}:{}", self.path.display(), self.configuration),
        }
    }

    /// A library of `kind` from `spec` (`PATH` for a plugin, `PATH:SYMBOL[:CONFIGURATION]`
    /// for tdoku's function type; the configuration in decimal or `0x` hexadecimal).
    pub fn parse(kind: Kind, spec: &str) -> Result<Library, String> {
        let spec = spec.trim();
        if kind == Kind::Plugin {
            return Ok(Library {
                path: library_path(spec)?,
                symbol: None,
                configuration: 0,
                solutions: true,
            });
        }
        let mut parts: Vec<&str> = spec.rsplitn(3, ':').collect();
        parts.reverse();
        // PATH:SYMBOL:CONFIGURATION, or PATH:SYMBOL (a path may hold ':' itself).
        let (path, symbol, configuration) = match parts[..] {
            [path, symbol, configuration] if parse_configuration(configuration).is_some() => {
                (path, symbol, parse_configuration(configuration))
            }
            [path, symbol, last] => (&spec[..path.len() + 1 + symbol.len()], last, None),
            [path, symbol] => (path, symbol, None),
            _ => return Err("expected PATH:SYMBOL[:CONFIGURATION]".to_owned()),
        };
        check_symbol(symbol)?;
        Ok(Library {
            path: library_path(path)?,
            symbol: Some(symbol.to_owned()),
            configuration: configuration.unwrap_or(0),
            solutions: true,
        })
    }
}

/// A configuration word: decimal, or hexadecimal after `0x`.
fn parse_configuration(text: &str) -> Option<u32> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// A C identifier.
fn check_symbol(symbol: &str) -> Result<(), String> {
    let mut chars = symbol.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid { Ok(()) } else { Err(format!("'{symbol}' is not a C function's name")) }
}

/// A library's path, absolute (a bare name would be searched for on the system's library
/// path: the library meant is the file named).
fn library_path(text: &str) -> Result<PathBuf, String> {
    if text.is_empty() {
        return Err("the library's path is empty".to_owned());
    }
    std::path::absolute(text).map_err(|error| format!("the library path '{text}': {error}"))
}

/// A memory limit in MiB, as bytes, if it is usable.
pub fn memory_limit_mib(mib: f64) -> Option<u64> {
    // From 16 MiB (below that, no program starts) to 1 TiB.
    (mib.is_finite() && (16.0..=1024.0 * 1024.0).contains(&mib))
        .then_some((mib * 1024.0 * 1024.0) as u64)
}

/// `NAME=KIND:COMMAND ARGS...`, as `--external` takes it.
pub fn parse_external(text: &str) -> Result<Declaration, String> {
    let fail = |problem: String| format!("--external '{text}': {problem}");
    let (name, rest) =
        text.split_once('=').ok_or_else(|| fail("expected NAME=KIND:COMMAND".to_owned()))?;
    let name = name.trim();
    check_name(name).map_err(fail)?;
    let (kind, command) =
        rest.split_once(':').ok_or_else(|| fail("expected NAME=KIND:COMMAND".to_owned()))?;
    let kind = Kind::parse(kind.trim()).map_err(fail)?;
    let (command, library) = if kind.is_library() {
        (Vec::new(), Some(Library::parse(kind, command).map_err(fail)?))
    } else {
        (split_command(command).map_err(fail)?, None)
    };
    Ok(Declaration {
        name: name.to_owned(),
        kind,
        command,
        library,
        sizes: None,
        time_limit: None,
        memory_limit: None,
        description: None,
        declared: "--external".to_owned(),
    })
}

/// Every declaration of the engines file at `path`, in file order.
pub fn read_file(path: &Path) -> Result<Vec<Declaration>, String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|error| format!("{shown}: {error}"))?;
    if !metadata.is_file() {
        return Err(format!("{shown}: not a regular file"));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(format!("{shown}: larger than {MAX_FILE_BYTES} bytes; not an engines file"));
    }
    let bytes = std::fs::read(path).map_err(|error| format!("{shown}: {error}"))?;
    let text = String::from_utf8(bytes).map_err(|error| {
        let place =
            place(&String::from_utf8_lossy(error.as_bytes()), error.utf8_error().valid_up_to());
        format!("{shown}:{place}: not UTF-8")
    })?;
    parse_file(&text, &shown.to_string())
}

/// The declarations of an engines file's `text`, read from `file` (for messages).
pub fn parse_file(text: &str, file: &str) -> Result<Vec<Declaration>, String> {
    let at = |span: Option<Range<usize>>, problem: &str| match span {
        Some(span) => format!("{file}:{}: {problem}", place(text, span.start)),
        None => format!("{file}: {problem}"),
    };
    let parsed: EnginesFile = toml::from_str(text).map_err(|error| {
        // The toml crate's message is several lines (a snippet of the file); the first says
        // what is wrong.
        let message = error.message().lines().next().unwrap_or("not TOML").trim().to_owned();
        at(error.span(), &message)
    })?;
    let mut declarations = Vec::new();
    for (name, entry) in parsed.engines {
        let line = place(text, entry.kind.span().start);
        let line = line.split(':').next().unwrap_or_default();
        check_name(&name).map_err(|problem| at(Some(entry.kind.span()), &problem))?;
        let kind = Kind::parse(entry.kind.get_ref())
            .map_err(|problem| at(Some(entry.kind.span()), &problem))?;
        let kind_span = Some(entry.kind.span());
        let (command, library) = match (kind.is_library(), entry.command, entry.library) {
            (false, Some(command), None) => {
                let words = match command.get_ref() {
                    Words::Line(line) => split_command(line),
                    Words::List(words) if words.is_empty() => {
                        Err("the command is empty".to_owned())
                    }
                    Words::List(words) => Ok(words.clone()),
                }
                .map_err(|problem| at(Some(command.span()), &problem))?;
                (words, None)
            }
            (false, None, _) => {
                return Err(at(kind_span, &format!("a {kind} engine needs a command")));
            }
            (false, Some(_), Some(library)) => {
                return Err(at(
                    Some(library.span()),
                    &format!("a {kind} engine is a command, not a library"),
                ));
            }
            (true, Some(command), _) => {
                return Err(at(
                    Some(command.span()),
                    &format!("a {kind} engine is a library: give `library`, not `command`"),
                ));
            }
            (true, None, None) => {
                return Err(at(kind_span, &format!("a {kind} engine needs a library")));
            }
            (true, None, Some(path)) => {
                let library = Library {
                    path: library_path(path.get_ref())
                        .map_err(|problem| at(Some(path.span()), &problem))?,
                    symbol: None,
                    configuration: 0,
                    solutions: true,
                };
                (Vec::new(), Some(library))
            }
        };
        let solutions = match entry.solutions {
            Some(given) if kind != Kind::Tdoku => {
                return Err(at(Some(given.span()), "only a tdoku engine takes `solutions`"));
            }
            Some(given) => *given.get_ref(),
            None => true,
        };
        let library = match (kind, library, entry.symbol, entry.configuration) {
            (Kind::Tdoku, Some(library), Some(symbol), configuration) => {
                check_symbol(symbol.get_ref())
                    .map_err(|problem| at(Some(symbol.span()), &problem))?;
                let configuration = match configuration {
                    None => 0,
                    Some(word) => u32::try_from(*word.get_ref()).map_err(|_| {
                        at(Some(word.span()), "configuration must be a number from 0 to 2^32 - 1")
                    })?,
                };
                Some(Library {
                    symbol: Some(symbol.into_inner()),
                    configuration,
                    solutions,
                    ..library
                })
            }
            (Kind::Tdoku, _, None, _) => {
                return Err(at(kind_span, "a tdoku engine needs the function's `symbol`"));
            }
            (_, _, Some(symbol), _) => {
                return Err(at(Some(symbol.span()), "only a tdoku engine takes a `symbol`"));
            }
            (_, _, _, Some(word)) => {
                return Err(at(Some(word.span()), "only a tdoku engine takes a `configuration`"));
            }
            (_, library, None, None) => library,
        };
        let sizes = match entry.sizes {
            None => None,
            Some(sizes) => {
                let span = sizes.span();
                let mut found = Vec::new();
                for side in sizes.into_inner() {
                    // Engines from outside are given grids of square boxes only: nothing in a
                    // declaration says how an engine would read a grid of other boxes.
                    let size = usize::try_from(side)
                        .ok()
                        .and_then(Size::from_side)
                        .filter(|size| size.is_square())
                        .ok_or_else(|| {
                            at(
                                Some(span.clone()),
                                &format!(
                                    "{side} is not a side an engine from outside solves (4, 9, 16, \
                                     25, 36, 49, 64: grids of square boxes)"
                                ),
                            )
                        })?;
                    found.push(size);
                }
                if found.is_empty() {
                    return Err(at(Some(span), "sizes is empty"));
                }
                if kind == Kind::Judge && found.iter().any(|&size| size != Size::NINE) {
                    return Err(at(
                        Some(span),
                        "a judge program solves 9×9 grids only: sizes must be [9] or left out",
                    ));
                }
                Some(found)
            }
        };
        let time_limit = match entry.time_limit {
            None => None,
            Some(seconds) => Some(positive_seconds(*seconds.get_ref()).ok_or_else(|| {
                at(
                    Some(seconds.span()),
                    "time-limit must be a number of seconds from 0.001 (1 ms) to below a million",
                )
            })?),
        };
        let memory_limit = match entry.memory_limit {
            None => None,
            Some(mib) if !kind.is_library() => {
                return Err(at(
                    Some(mib.span()),
                    "memory-limit is for plugin and tdoku engines (a command limits itself: \
                     prlimit --as=BYTES COMMAND)",
                ));
            }
            Some(mib) => Some(memory_limit_mib(*mib.get_ref()).ok_or_else(|| {
                at(Some(mib.span()), "memory-limit must be a number of MiB from 16 to 1048576")
            })?),
        };
        declarations.push((
            entry.kind.span().start,
            Declaration {
                name,
                kind,
                command,
                library,
                sizes,
                time_limit,
                memory_limit,
                description: entry.description,
                declared: format!("{file}:{line}"),
            },
        ));
    }
    // In the order the file gives them, not the map's.
    declarations.sort_by_key(|(start, _)| *start);
    Ok(declarations.into_iter().map(|(_, declaration)| declaration).collect())
}

/// The shortest time limit an engine may be given: 1 ms. A shorter one is no limit anyone
/// means (it would read `0 ms`, and no process answers within it).
pub const SHORTEST_TIME_LIMIT: Duration = Duration::from_millis(1);

/// A number of seconds, if it is a usable time limit: from [`SHORTEST_TIME_LIMIT`] to below a
/// million seconds.
pub fn positive_seconds(seconds: f64) -> Option<Duration> {
    (seconds.is_finite() && seconds < 1e6)
        .then(|| Duration::from_secs_f64(seconds.max(0.0)))
        .filter(|limit| *limit >= SHORTEST_TIME_LIMIT)
}

/// The whole file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesFile {
    #[serde(default)]
    engines: BTreeMap<String, Entry>,
}

/// One `[engines.NAME]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Entry {
    kind: toml::Spanned<String>,
    command: Option<toml::Spanned<Words>>,
    library: Option<toml::Spanned<String>>,
    symbol: Option<toml::Spanned<String>>,
    configuration: Option<toml::Spanned<i64>>,
    solutions: Option<toml::Spanned<bool>>,
    sizes: Option<toml::Spanned<Vec<i64>>>,
    time_limit: Option<toml::Spanned<f64>>,
    memory_limit: Option<toml::Spanned<f64>>,
    description: Option<String>,
}

/// A command as one line or as its words.
#[derive(Deserialize)]
#[serde(untagged)]
enum Words {
    Line(String),
    List(Vec<String>),
}

/// A command line split into words as a shell would, refused when empty or unbalanced.
fn split_command(line: &str) -> Result<Vec<String>, String> {
    let words = shell_words::split(line)
        .map_err(|_| format!("the command `{}` has an unclosed quote", line.trim()))?;
    if words.is_empty() {
        return Err("the command is empty".to_owned());
    }
    Ok(words)
}

/// Engine names are what the command line can list: letters, digits, `-`, `_` and `.`, not
/// `all`.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("the engine's name is empty".to_owned());
    }
    if name == "all" {
        return Err("'all' names every engine and cannot be an engine's name".to_owned());
    }
    if let Some(bad) =
        name.chars().find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
    {
        return Err(format!(
            "the engine name '{name}' holds '{bad}'; names are letters, digits, '-', '_' and '.'"
        ));
    }
    Ok(())
}

/// `LINE:COLUMN` (1-based, the column in characters) of byte `offset` of `text`.
fn place(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("{line}:{column}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_external_flag_is_a_name_a_kind_and_words() {
        let declaration = parse_external("py=protocol:python3 'my solver.py' -q").unwrap();
        assert_eq!(declaration.name, "py");
        assert_eq!(declaration.kind, Kind::Protocol);
        assert_eq!(declaration.command, ["python3", "my solver.py", "-q"]);
        assert_eq!(parse_external("c=dimacs:cadical").unwrap().command, ["cadical"]);
        for (bad, problem) in [
            ("py", "expected NAME=KIND:COMMAND"),
            ("py=protocol", "expected NAME=KIND:COMMAND"),
            ("py=quantum:x", "unknown engine kind 'quantum'"),
            ("t=tdoku:lib.so", "expected PATH:SYMBOL"),
            ("t=tdoku:lib.so:1x", "is not a C function's name"),
            ("p=plugin:", "the library's path is empty"),
            ("py=judge:", "the command is empty"),
            ("py=judge:run 'x", "unclosed quote"),
            ("a b=judge:x", "holds ' '"),
            ("all=judge:x", "'all' names every engine"),
        ] {
            let message = parse_external(bad).unwrap_err();
            assert!(message.starts_with(&format!("--external '{bad}': ")), "{message}");
            assert!(message.contains(problem), "{bad}: {message}");
        }
    }

    #[test]
    fn a_file_declares_engines_in_its_order() {
        let text = "[engines.zeta]\nkind = \"judge\"\ncommand = [\"./a.out\"]\n\n\
                    [engines.alpha]\nkind = \"protocol\"\ncommand = \"python3 x.py\"\n\
                    sizes = [9, 16]\ntime-limit = 2.5\ndescription = \"mine\"\n";
        let declarations = parse_file(text, "e.toml").unwrap();
        assert_eq!(declarations.len(), 2);
        assert_eq!(declarations[0].name, "zeta");
        assert_eq!(declarations[0].declared, "e.toml:2");
        assert_eq!(declarations[1].name, "alpha");
        assert_eq!(declarations[1].command, ["python3", "x.py"]);
        assert_eq!(
            declarations[1].sizes,
            Some(vec![Size::from_side(9).unwrap(), Size::from_side(16).unwrap()])
        );
        assert_eq!(declarations[1].time_limit, Some(Duration::from_millis(2500)));
        assert_eq!(declarations[1].declared, "e.toml:6");
    }

    #[test]
    fn a_bad_file_is_one_line_with_its_place() {
        for (text, expected) in [
            (
                "[engines.a]\nkind = \"quantum\"\ncommand = \"x\"\n",
                "e.toml:2:8: unknown engine kind 'quantum'",
            ),
            ("[engines.a]\nkind = \"judge\"\n", "e.toml:2:8: a judge engine needs a command"),
            (
                "[engines.a]\nkind = \"plugin\"\ncommand = \"x\"\n",
                "e.toml:3:11: a plugin engine is a library",
            ),
            (
                "[engines.a]\nkind = \"tdoku\"\nlibrary = \"x.so\"\n",
                "e.toml:2:8: a tdoku engine needs",
            ),
            (
                "[engines.a]\nkind = \"plugin\"\nlibrary = \"x.so\"\nsymbol = \"f\"\n",
                "e.toml:4:10: only a tdoku engine takes a `symbol`",
            ),
            (
                "[engines.a]\nkind = \"plugin\"\nlibrary = \"x\"\nmemory-limit = 1\n",
                "e.toml:4:16: memory-limit must be",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\nmemory-limit = 64\n",
                "e.toml:4:16: memory-limit is for plugin and tdoku engines",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\nsizes = [10]\n",
                "e.toml:4:9: 10 is not a side",
            ),
            (
                "[engines.a]\nkind = \"protocol\"\ncommand = \"x\"\nsizes = [9, 6]\n",
                "e.toml:4:9: 6 is not a side an engine from outside solves",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\nsizes = [9, 16]\n",
                "e.toml:4:9: a judge program solves 9×9 grids only",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\ntime-limit = -1\n",
                "e.toml:4:14: time-limit must be a number of seconds from 0.001",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\ntime-limit = 0.0000001\n",
                "e.toml:4:14: time-limit must be a number of seconds from 0.001",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\ncolour = 1\n",
                "e.toml:4:1: unknown field `colour`",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"\"\n",
                "e.toml:3:11: the command is empty",
            ),
            ("[engines.a]\nkind = 'judge'\nkind = 'judge'\n", "e.toml:3:1: duplicate key"),
            ("[engines.a\n", "e.toml:1:"),
        ] {
            let message = parse_file(text, "e.toml").unwrap_err();
            assert!(message.starts_with(expected), "{text:?}: {message}");
            assert!(!message.contains('\n'), "one line: {message}");
        }
    }

    #[test]
    fn libraries_are_declared_by_path_and_symbol() {
        let plugin = parse_external("p=plugin:./libp.so").unwrap();
        assert_eq!(plugin.kind, Kind::Plugin);
        assert!(plugin.command.is_empty());
        let library = plugin.library.unwrap();
        assert!(library.path.is_absolute() && library.path.ends_with("libp.so"));
        let tdoku = parse_external("t=tdoku:/x/a:b.so:Solve_1:0x10").unwrap().library.unwrap();
        assert_eq!(tdoku.path, Path::new("/x/a:b.so"));
        assert_eq!((tdoku.symbol.as_deref(), tdoku.configuration), (Some("Solve_1"), 16));
        assert_eq!(tdoku.spec(), "/x/a:b.so:Solve_1:16");
        let tdoku = parse_external("t=tdoku:/x/a.so:Solve").unwrap().library.unwrap();
        assert_eq!((tdoku.symbol.as_deref(), tdoku.configuration), (Some("Solve"), 0));
        let text = "[engines.t]\nkind = \"tdoku\"\nlibrary = \"/l/t.so\"\nsymbol = \"S\"\n\
                    configuration = 3\nmemory-limit = 64\n";
        let declared = &parse_file(text, "e.toml").unwrap()[0];
        let library = declared.library.as_ref().unwrap();
        assert_eq!((library.path.as_path(), library.configuration), (Path::new("/l/t.so"), 3));
        assert_eq!(declared.memory_limit, Some(64 << 20));
    }

    #[test]
    fn places_count_lines_and_characters() {
        assert_eq!(place("ab\ncé\nx", 0), "1:1");
        assert_eq!(place("ab\ncé\nx", 3), "2:1");
        assert_eq!(place("ab\ncé\nx", 7), "3:1");
        assert_eq!(place("ab\ncé\nx", 6), "2:3");
    }
}
