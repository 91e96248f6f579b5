//! Arguments checked as the `sudoku` program checks its options: an integer out of its range
//! is a `ValueError` naming the argument and the range (never the bare `OverflowError` of a
//! conversion to a machine integer), thread counts have the bounds of `--threads`, and a time
//! limit those of `--time-limit`.

use std::time::Duration;

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// An integer argument as Python gave it, however large: taken as [`Int`] rather than as a
/// machine integer, so that a value no machine integer holds is reported by [`Int::get`] with
/// the argument's name and range. Anything but an integer is still a `TypeError` naming the
/// argument, as PyO3 reports it.
#[derive(Clone, Copy, Debug)]
pub struct Int(Option<i128>);

impl Int {
    /// The argument's default, `value`.
    pub const fn of(value: i128) -> Int {
        Int(Some(value))
    }

    /// The value as an `i64`, the nearest one where it is beyond.
    pub fn saturated(self) -> i64 {
        match self.0 {
            Some(value) => value.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64,
            // Beyond `i128`: its sign is lost, and the caller refuses it either way.
            None => i64::MAX,
        }
    }

    /// The value, if it is within `low..=high`; otherwise a `ValueError` saying
    /// "`name` must be an integer from `low` to `high`, not VALUE".
    pub fn get<T: TryFrom<i128>>(self, name: &str, low: i128, high: i128) -> PyResult<T> {
        let value = self.0.filter(|value| (low..=high).contains(value));
        value.and_then(|value| T::try_from(value).ok()).ok_or_else(|| {
            let found = self.0.map_or_else(|| "a number that large".to_owned(), |v| v.to_string());
            PyValueError::new_err(format!(
                "{name} must be an integer from {low} to {high}, not {found}"
            ))
        })
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match object.extract::<i128>() {
            Ok(value) => Ok(Int(Some(value))),
            Err(error) if error.is_instance_of::<PyOverflowError>(object.py()) => Ok(Int(None)),
            Err(error) => Err(error),
        }
    }
}

/// The largest value of a `u32` argument (a count limit, a repeat count).
pub const U32: i128 = u32::MAX as i128;

/// The largest value of a `u64` argument (a node budget, a seed).
pub const U64: i128 = u64::MAX as i128;

/// `limit`: solutions to stop at, from 1, as `--limit`.
pub fn limit(limit: Int) -> PyResult<u32> {
    limit.get("limit", 1, U32)
}

/// `budget`: search nodes before giving up, a positive number or `None`, as `--budget` (a
/// budget of 0 would give up before the first node).
pub fn budget(budget: Option<Int>) -> PyResult<Option<u64>> {
    budget.map(|budget| budget.get("budget", 1, U64)).transpose()
}

/// The most worker threads a call takes: 256, or the number of cores where there are more, as
/// `--threads` of the `sudoku` program (`max_threads` in `crates/cli/src/args.rs`). Every
/// worker is a thread with its own engine; thousands cost seconds and memory before the first
/// puzzle and measure nothing a smaller number would not.
pub fn max_threads() -> usize {
    cores().max(256)
}

/// The number of cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// `threads`: from 1 to [`max_threads`]; by default one per core.
pub fn threads(threads: Option<Int>) -> PyResult<usize> {
    match threads {
        None => Ok(cores()),
        Some(threads) => threads.get("threads", 1, max_threads() as i128),
    }
}

/// The time a Python solver has for one puzzle unless `time_limit` says otherwise: 60 s, the
/// time an engine from outside has by default (`DEFAULT_TIME_LIMIT` of `crates/external`), so
/// that it catches hangs, not slow solvers.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// `time_limit`: seconds, from a millisecond to below a million, as `--time-limit`; by default
/// [`DEFAULT_TIME_LIMIT`].
pub fn time_limit(seconds: Option<f64>) -> PyResult<Duration> {
    match seconds {
        None => Ok(DEFAULT_TIME_LIMIT),
        Some(seconds) if seconds.is_finite() && (0.001..1e6).contains(&seconds) => {
            Ok(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => Err(PyValueError::new_err(format!(
            "time_limit must be a number of seconds from 0.001 to below 1000000, not {seconds}"
        ))),
    }
}
