//! The parsers of values several commands take (a node budget, a number of threads, seconds,
//! MiB), and what they parse to; the values of options that choose among a library's closed
//! set (a mode, a format), listed from the library's own names and texts. Nothing here names
//! another file of `args`.

use std::str::FromStr;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use sudoku_core::Format;

/// The values of an option that chooses among a library's closed set (`--mode`, `--format`
/// of `sudoku bench`): `all` by their `name`s, each listed in `--help` with its `help` text,
/// and read back by the type's own `FromStr`, so that the names and texts are the library's.
pub(super) fn named_values<T>(
    all: &[T],
    name: fn(T) -> &'static str,
    help: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T>
where
    T: Copy + FromStr<Err = String> + Send + Sync + 'static,
{
    let values: Vec<PossibleValue> =
        all.iter().map(|&value| PossibleValue::new(name(value)).help(help(value))).collect();
    PossibleValuesParser::new(values).try_map(|text| text.parse::<T>())
}

/// `format` among the values of a format option, listed with `help`: by its name, and for the
/// judge format its older name `numeric` too, which `Format`'s `FromStr` reads.
pub(super) fn format_value(format: Format, help: &'static str) -> PossibleValue {
    let value = PossibleValue::new(format.name()).help(help);
    if format == Format::Judge { value.alias("numeric") } else { value }
}

/// `--budget`: a number of nodes, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeBudget(pub Option<u64>);

/// `--budget` of every command: a positive number of nodes (`_` may group digits), or `none`
/// (or `off`) for no budget. A budget of 0 would give up before the first node.
pub(super) fn parse_budget(text: &str) -> Result<NodeBudget, String> {
    if matches!(text, "none" | "off") {
        return Ok(NodeBudget(None));
    }
    match text.replace('_', "").parse::<u64>() {
        Ok(nodes) if nodes > 0 => Ok(NodeBudget(Some(nodes))),
        _ => Err(format!("expected a positive number of nodes or `none`, found '{text}'")),
    }
}

/// The number of cores this program may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The most worker threads `--threads` accepts: 256, or the number of cores where there are
/// more. Every worker is a thread of its own with its own engine, and no more of them run at
/// once than there are cores: thousands cost seconds and hundreds of MB before the first
/// puzzle, and measure nothing a smaller number would not.
pub fn max_threads() -> usize {
    cores().max(256)
}

/// `--threads`: from 1 to `max_threads()`.
pub(super) fn parse_threads(text: &str) -> Result<usize, String> {
    let most = max_threads();
    match text.parse::<usize>() {
        Ok(threads) if (1..=most).contains(&threads) => Ok(threads),
        _ => Err(format!("expected a number of threads from 1 to {most}, found '{text}'")),
    }
}

/// A positive, finite number of seconds, below a million (about eleven days).
pub(super) fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0 && *seconds < 1e6)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected a positive number of seconds, found '{text}'"))
}

/// `--time-limit`: seconds, from a millisecond up. A shorter limit is no limit anyone means
/// (it would be shown as `0 ms`, and no process answers within it).
pub(super) fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let limit = parse_seconds(text)?;
    if limit < Duration::from_millis(1) {
        return Err(format!("'{text}' seconds is below the shortest time limit, 0.001 (1 ms)"));
    }
    Ok(limit)
}

/// `--memory-limit`: MiB, from 16 to 1 TiB, as bytes.
pub(super) fn parse_memory_limit(text: &str) -> Result<u64, String> {
    text.parse::<f64>()
        .ok()
        .and_then(sudoku_external::declare::memory_limit_mib)
        .ok_or_else(|| format!("'{text}' is not a number of MiB from 16 to 1048576"))
}
