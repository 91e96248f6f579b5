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
//! ```
//!
//! `--external 'NAME=KIND:COMMAND ARGS...'` declares one engine with the defaults. Commands are
//! split into words as a POSIX shell would (quotes respected) by `shell-words`, but no shell
//! runs them; they run in the current directory. A bad declaration is one line naming the
//! file, line and column (or the `--external` argument) and the problem, and nothing runs.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::Path;
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
}

impl Kind {
    /// Every kind, as declarations name them.
    pub const ALL: [Kind; 3] = [Kind::Protocol, Kind::Judge, Kind::Dimacs];

    /// `protocol`, `judge` or `dimacs`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Protocol => "protocol",
            Kind::Judge => "judge",
            Kind::Dimacs => "dimacs",
        }
    }

    fn parse(text: &str) -> Result<Kind, String> {
        Kind::ALL.into_iter().find(|kind| kind.name() == text).ok_or_else(|| {
            format!("unknown engine kind '{text}'; the kinds are protocol, judge and dimacs")
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
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The sizes it solves, if declared.
    pub sizes: Option<Vec<Size>>,
    /// Its time limit per puzzle, if declared (else the run's `--time-limit`, else
    /// [`crate::DEFAULT_TIME_LIMIT`]).
    pub time_limit: Option<Duration>,
    /// What it is, if declared.
    pub description: Option<String>,
    /// Where it was declared: `FILE:LINE` or `--external`.
    pub declared: String,
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
    let command = split_command(command).map_err(fail)?;
    Ok(Declaration {
        name: name.to_owned(),
        kind,
        command,
        sizes: None,
        time_limit: None,
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
        let command = match entry.command.get_ref() {
            Words::Line(line) => split_command(line),
            Words::List(words) if words.is_empty() => Err("the command is empty".to_owned()),
            Words::List(words) => Ok(words.clone()),
        }
        .map_err(|problem| at(Some(entry.command.span()), &problem))?;
        let sizes = match entry.sizes {
            None => None,
            Some(sizes) => {
                let span = sizes.span();
                let mut found = Vec::new();
                for side in sizes.into_inner() {
                    let size = usize::try_from(side).ok().and_then(Size::from_side).ok_or_else(
                        || at(Some(span.clone()), &format!("{side} is not a side the workbench solves (4, 9, 16, 25, 36, 49, 64)")),
                    )?;
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
                    "time-limit must be a positive number of seconds below a million",
                )
            })?),
        };
        declarations.push((
            entry.kind.span().start,
            Declaration {
                name,
                kind,
                command,
                sizes,
                time_limit,
                description: entry.description,
                declared: format!("{file}:{line}"),
            },
        ));
    }
    // In the order the file gives them, not the map's.
    declarations.sort_by_key(|(start, _)| *start);
    Ok(declarations.into_iter().map(|(_, declaration)| declaration).collect())
}

/// A number of seconds, if it is a usable time limit.
pub fn positive_seconds(seconds: f64) -> Option<Duration> {
    (seconds.is_finite() && seconds > 0.0 && seconds < 1e6)
        .then(|| Duration::from_secs_f64(seconds))
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
    command: toml::Spanned<Words>,
    sizes: Option<toml::Spanned<Vec<i64>>>,
    time_limit: Option<toml::Spanned<f64>>,
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
            ("py=plugin:x", "unknown engine kind 'plugin'"),
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
            ("[engines.a]\nkind = \"judge\"\n", "e.toml:1:1: missing field `command`"),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\nsizes = [10]\n",
                "e.toml:4:9: 10 is not a side",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\nsizes = [9, 16]\n",
                "e.toml:4:9: a judge program solves 9×9 grids only",
            ),
            (
                "[engines.a]\nkind = \"judge\"\ncommand = \"x\"\ntime-limit = -1\n",
                "e.toml:4:14: time-limit must be",
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
    fn places_count_lines_and_characters() {
        assert_eq!(place("ab\ncé\nx", 0), "1:1");
        assert_eq!(place("ab\ncé\nx", 3), "2:1");
        assert_eq!(place("ab\ncé\nx", 7), "3:1");
        assert_eq!(place("ab\ncé\nx", 6), "2:3");
    }
}
