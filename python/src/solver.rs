//! Python solvers as engines of the bench, each call made on a thread the harness can abandon.
//!
//! A Python solver ([`python_engine`]) is an engine of the run like any other: the harness
//! times it, checks its solutions and compares its counts. It is also as untrusted as an
//! engine from outside: it may block (`time.sleep`, a socket), spin, or take an hour. So it
//! is never called on a thread of the harness, which would then wait for it, Ctrl-C or not.
//! Each call goes to a Python daemon thread of the solver's own ([`SERVE`]); the harness
//! waits for the answer without the GIL, up to the solver's time limit (60 s unless `bench`
//! is given another, as for engines from outside), looking at the run's cancel flag every
//! [`POLL`]. A call that overruns is abandoned: that puzzle is the solver's `timed-out`
//! failure, its thread runs on until the call returns and then ends, and while any call of
//! the solver is abandoned and running the solver is not called again (each further puzzle
//! is `timed-out` at once), so that a hung solver costs its limit once, not once a puzzle,
//! and is never called beside a call it may still be stuck in. The thread is a daemon: one
//! that never returns does not keep the interpreter from exiting. Threads are kept for the
//! run and reused: a call costs a hand-over, not a thread's start.
//!
//! An exception raised inside the solver is its failure on that puzzle (`crashed`, with the
//! exception in the message), as a crash of an engine in another process is; an answer that
//! is no grid of the puzzle's size is a `protocol-error`. Either way the run goes on.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyModule, PyString};
use sudoku_core::{Engine, FailureKind, Grid as CoreGrid, Limits, Outcome, Size, Stats};
use sudoku_engines::{EngineInfo, Origin, Timing as EngineTiming};

use crate::args::Int;
use crate::grid::values_to_grid;
use crate::interrupt::Cancel;

/// How long the harness waits for an answer between two looks at the cancel flag.
const POLL: Duration = Duration::from_millis(20);

/// What a failure says when the run was cancelled (never seen: the report is dropped).
pub const CANCELLED: &str = "the run was interrupted";

/// The Python half of a solver's thread: `start()` starts a daemon thread that makes each
/// call put on the queue it returns, until it gets `None` or a call says the thread is done
/// (its answer came after the harness had given up on it). The solver is called here, from
/// Python, not from Rust: an interpreter that exits while a daemon thread runs Python code
/// ends that thread where it stands (before Python 3.14), which must not be inside a Rust
/// function.
const SERVE: &std::ffi::CStr = cr#"
import queue
import threading


def serve(calls):
    while True:
        call = calls.get()
        if call is None:
            return
        try:
            answer = call.solver(*call.arguments())
        except BaseException as error:
            go_on = call.raised(error)
        else:
            go_on = call.answered(answer)
        if not go_on:
            return


def start():
    calls = queue.SimpleQueue()
    thread = threading.Thread(target=serve, args=(calls,), name="sudoku-solver", daemon=True)
    thread.start()
    return calls
"#;

/// [`SERVE`]'s `start`, compiled once.
static START: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A thread of a solver, waiting for calls: the queue it takes them from.
fn start_thread(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let start = START.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        let module = PyModule::from_code(py, SERVE, c"<sudoku-solver>", c"_sudoku_solver")?;
        Ok(module.getattr("start")?.unbind())
    })?;
    Ok(start.bind(py).call0()?.unbind())
}

/// A solver of the run: what every engine value made of it shares.
struct Solver {
    /// The function to call: the object's `solve` method, or the object.
    target: Py<PyAny>,
    time_limit: Duration,
    /// Threads waiting for a call (their queues); a thread is taken for a call and given back
    /// when it answered in time.
    idle: Mutex<Vec<Py<PyAny>>>,
    /// Calls abandoned at the time limit that have not returned yet.
    overrunning: Arc<AtomicUsize>,
    cancel: Arc<Cancel>,
}

impl Drop for Solver {
    /// Ends the waiting threads (the run is over); a thread still in an abandoned call ends
    /// when the call returns.
    fn drop(&mut self) {
        let idle = std::mem::take(self.idle.get_mut().unwrap_or_else(PoisonError::into_inner));
        if !idle.is_empty() {
            Python::attach(|py| {
                for calls in idle {
                    // A thread that cannot be told stays blocked, a daemon: nothing to do.
                    let _ = calls.call_method1(py, "put", (py.None(),));
                }
            });
        }
    }
}

/// Where one call stands, as the harness and the solver's thread both see it.
enum CallState {
    /// Running; the answer goes to this sender.
    Waiting(mpsc::Sender<Outcome>),
    /// Given up on by the harness (time limit, or the run cancelled).
    Abandoned,
    /// Answered.
    Done,
}

/// One call of a solver, put on its thread's queue: [`SERVE`] calls `solver` with
/// `arguments()`, then `answered` or `raised`.
#[pyclass(frozen)]
struct Call {
    /// The function to call.
    #[pyo3(get)]
    solver: Py<PyAny>,
    puzzle: CoreGrid,
    limits: Limits,
    state: Mutex<CallState>,
    overrunning: Arc<AtomicUsize>,
}

impl Call {
    /// Hands `outcome` to the harness; whether the thread may take another call (not when the
    /// harness had abandoned this one: the thread then ends).
    fn deliver(&self, outcome: Outcome) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        match std::mem::replace(&mut *state, CallState::Done) {
            // The harness may have stopped waiting since (the run is over): nothing to do.
            CallState::Waiting(answer) => answer.send(outcome).is_ok(),
            CallState::Abandoned => {
                self.overrunning.fetch_sub(1, Ordering::SeqCst);
                false
            }
            CallState::Done => false,
        }
    }
}

#[pymethods]
impl Call {
    /// The solver's arguments: the puzzle's cells, the count to stop at, the node budget.
    fn arguments<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyList>, u32, Option<u64>)> {
        let cells = PyList::new(py, self.puzzle.cells())?;
        Ok((cells, self.limits.max_solutions(), self.limits.node_budget()))
    }

    /// The solver returned `answer`.
    fn answered(&self, answer: &Bound<'_, PyAny>) -> bool {
        let py = answer.py();
        let outcome = outcome_of(answer, self.puzzle.size(), self.limits)
            .unwrap_or_else(|error| failed(py, FailureKind::ProtocolError, &error));
        self.deliver(outcome)
    }

    /// The solver raised `error` (or the arguments could not be made).
    fn raised(&self, error: &Bound<'_, PyAny>) -> bool {
        let py = error.py();
        let error = PyErr::from_value(error.clone());
        self.deliver(failed(py, FailureKind::Crashed, &error))
    }
}

/// A solver as an engine: each solve is a [`Call`] on one of the solver's threads.
struct PythonEngine {
    solver: Arc<Solver>,
}

impl Engine for PythonEngine {
    fn solve(&mut self, puzzle: &CoreGrid, limits: Limits) -> Outcome {
        let solver = &*self.solver;
        let limit = solver.time_limit;
        if solver.cancel.is_set() {
            return Outcome::failed(FailureKind::Crashed, CANCELLED);
        }
        if solver.overrunning.load(Ordering::SeqCst) > 0 {
            return Outcome::failed(
                FailureKind::TimedOut,
                format!(
                    "not called: a call on an earlier puzzle overran the time limit of {} and \
                     has not returned",
                    seconds(limit)
                ),
            );
        }
        let deadline = Instant::now() + limit;
        let (sender, answer) = mpsc::channel();
        let started = Python::attach(|py| -> PyResult<(Py<PyAny>, Py<Call>)> {
            let taken = solver.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let calls = match taken {
                Some(calls) => calls,
                None => start_thread(py)?,
            };
            let call = Py::new(
                py,
                Call {
                    solver: solver.target.clone_ref(py),
                    puzzle: puzzle.clone(),
                    limits,
                    state: Mutex::new(CallState::Waiting(sender)),
                    overrunning: Arc::clone(&solver.overrunning),
                },
            )?;
            calls.call_method1(py, "put", (call.clone_ref(py),))?;
            Ok((calls, call))
        });
        let (calls, call) = match started {
            Ok(started) => started,
            Err(error) => {
                let message = Python::attach(|py| error.value(py).to_string());
                return Outcome::failed(
                    FailureKind::Crashed,
                    format!("its thread could not be started: {message}"),
                );
            }
        };
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match answer.recv_timeout(left.min(POLL)) {
                Ok(outcome) => {
                    solver.idle.lock().unwrap_or_else(PoisonError::into_inner).push(calls);
                    return outcome;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Outcome::failed(
                        FailureKind::Crashed,
                        "its thread ended without answering",
                    );
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            let cancelled = solver.cancel.is_set();
            if !cancelled && !left.is_zero() {
                continue;
            }
            // Abandon the call, unless its answer came in the meantime.
            let mut state = call.get().state.lock().unwrap_or_else(PoisonError::into_inner);
            if matches!(*state, CallState::Waiting(_)) {
                *state = CallState::Abandoned;
                solver.overrunning.fetch_add(1, Ordering::SeqCst);
                drop(state);
                return if cancelled {
                    Outcome::failed(FailureKind::Crashed, CANCELLED)
                } else {
                    Outcome::failed(
                        FailureKind::TimedOut,
                        format!(
                            "no answer within the time limit of {}: the call was abandoned \
                             (its thread runs on until it returns, and the solver is not \
                             called again until then)",
                            seconds(limit)
                        ),
                    )
                };
            }
        }
    }
}

/// A time limit as people read it: `60 s`, `0.5 s`.
fn seconds(limit: Duration) -> String {
    format!("{} s", limit.as_secs_f64())
}

/// The failure of a Python solver that raised `error` (or answered what `error` says is
/// wrong), on one line.
fn failed(py: Python<'_>, kind: FailureKind, error: &PyErr) -> Outcome {
    let what = error.value(py).to_string();
    let class = error.get_type(py).name().map(|name| name.to_string()).unwrap_or_default();
    let message = match kind {
        FailureKind::Crashed => format!("raised {class}: {what}"),
        _ => format!("answered what is no answer: {what}"),
    };
    Outcome::failed(kind, message.replace(['\n', '\r'], " "))
}

/// Reads a Python solver's answer: `None` (no solution), a result object (anything with a
/// `solution` attribute, such as `SolveResult`: `count`, `nodes`, `guesses` and
/// `budget_exhausted` read when present), or a solution (text, a `Grid`, a sequence of
/// integers).
fn outcome_of(answer: &Bound<'_, PyAny>, size: Size, limits: Limits) -> PyResult<Outcome> {
    if answer.is_none() {
        return Ok(Outcome::empty());
    }
    let solution_of = |object: &Bound<'_, PyAny>| -> PyResult<Option<CoreGrid>> {
        if object.is_none() {
            return Ok(None);
        }
        let grid = values_to_grid(object)?;
        if grid.size() != size {
            return Err(PyValueError::new_err(format!(
                "a {} solution to a {size} puzzle",
                grid.size()
            )));
        }
        Ok(Some(grid))
    };
    if !answer.hasattr("solution")? || answer.is_instance_of::<PyString>() {
        let solution = solution_of(answer)?;
        return Ok(Outcome { count: 1, solution, ..Outcome::empty() });
    }
    let solution = solution_of(&answer.getattr("solution")?)?;
    let optional = |name: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        if !answer.hasattr(name)? {
            return Ok(None);
        }
        let value = answer.getattr(name)?;
        Ok((!value.is_none()).then_some(value))
    };
    let number = |name: &str, high: i128| -> PyResult<Option<i128>> {
        optional(name)?.map(|n| n.extract::<Int>()?.get(name, 0, high)).transpose()
    };
    let count = match number("count", crate::args::U32)? {
        Some(count) => count as u32,
        None => u32::from(solution.is_some()),
    };
    if (count > 0) != solution.is_some() {
        return Err(PyValueError::new_err(format!(
            "count {count} {} a solution",
            if solution.is_some() { "with" } else { "without" }
        )));
    }
    let nodes = number("nodes", crate::args::U64)?.unwrap_or(0) as u64;
    let guesses = number("guesses", crate::args::U64)?.unwrap_or(0) as u64;
    let budget_exhausted: bool =
        optional("budget_exhausted")?.map(|b| b.is_truthy()).transpose()?.unwrap_or(false);
    Ok(Outcome {
        solution,
        count: count.min(limits.max_solutions()),
        budget_exhausted,
        stats: Stats { nodes, guesses },
        ..Outcome::empty()
    })
}

/// Engine names are what the `sudoku` program accepts for an engine it is told of: letters,
/// digits, `-`, `_` and `.`, not `all`, and not a built-in engine's (the rule of
/// `check_name` in `crates/external/src/declare.rs`), so that a name in a report or a
/// per-puzzle file is one word of one line that names one engine.
fn check_name(name: &str) -> PyResult<()> {
    let problem = if name.is_empty() {
        Some("the name is empty".to_owned())
    } else if name == "all" {
        Some("'all' names every engine and cannot be an engine's name".to_owned())
    } else if let Some(bad) =
        name.chars().find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
    {
        Some(format!(
            "the name {name:?} holds {bad:?}; names are letters, digits, '-', '_' and '.'"
        ))
    } else if sudoku_engines::find(name).is_ok() {
        Some(format!("'{name}' is a built-in engine's name"))
    } else {
        None
    };
    match problem {
        None => Ok(()),
        Some(problem) => Err(PyValueError::new_err(format!(
            "solver {name:?}: {problem} (give the solver a `name` attribute)"
        ))),
    }
}

/// The engine entry of a Python solver: its name (`name` attribute, else the function's or
/// class's name, checked as [`check_name`] says), and what it declares with the attributes
/// `counts` (counts solutions beyond the first), `statistics` (reports nodes and guesses,
/// honours a node budget) and `sizes` (the sides it solves; every size by default). Each of
/// its solves has `time_limit`, and stops at once when `cancel` is set.
pub fn python_engine(
    solver: &Bound<'_, PyAny>,
    time_limit: Duration,
    cancel: &Arc<Cancel>,
) -> PyResult<EngineInfo> {
    let method = solver.hasattr("solve")? && solver.getattr("solve")?.is_callable();
    if !method && !solver.is_callable() {
        let what = solver.get_type().name()?.to_string();
        return Err(PyTypeError::new_err(format!(
            "an engine is a name, an object with a solve(grid, limit, budget) method or a \
             function of those arguments, not {what}"
        )));
    }
    let declared = |name: &str| -> PyResult<bool> {
        Ok(solver.hasattr(name)? && solver.getattr(name)?.is_truthy()?)
    };
    let name: String =
        if solver.hasattr("name")? && solver.getattr("name")?.is_instance_of::<PyString>() {
            solver.getattr("name")?.extract()?
        } else if solver.hasattr("__name__")? {
            solver.getattr("__name__")?.extract()?
        } else {
            solver.get_type().name()?.to_string()
        };
    check_name(&name)?;
    let (counts, statistics) = (declared("counts")?, declared("statistics")?);
    let (mut smallest, mut largest) = (Size::MIN_ORDER as u8, Size::MAX_ORDER as u8);
    if solver.hasattr("sizes")? {
        let sides: Vec<Int> = solver.getattr("sizes")?.extract()?;
        if sides.is_empty() {
            return Err(PyValueError::new_err(format!(
                "solver {name}: `sizes` is empty; give the sides it solves (9 for 9×9)"
            )));
        }
        let orders = sides
            .into_iter()
            .map(|side| {
                let side: usize = side.get(&format!("solver {name}: a side of `sizes`"), 0, 64)?;
                // A solver from Python is given grids of square boxes only, as every engine
                // from outside is.
                Size::from_side(side)
                    .and_then(|size| size.square_order())
                    .map(|order| order as u8)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "solver {name}: no grid of square boxes has side {side}"
                        ))
                    })
            })
            .collect::<PyResult<Vec<u8>>>()?;
        smallest = orders.iter().copied().min().unwrap_or(smallest);
        largest = orders.iter().copied().max().unwrap_or(largest);
    }
    let command = solver.repr()?.to_string();
    let solver = Arc::new(Solver {
        target: if method { solver.getattr("solve")?.unbind() } else { solver.clone().unbind() },
        time_limit,
        idle: Mutex::new(Vec::new()),
        overrunning: Arc::new(AtomicUsize::new(0)),
        cancel: Arc::clone(cancel),
    });
    let origin = Origin::External { kind: "python", declared: "bench()".to_owned(), command };
    let info = EngineInfo::external(
        name,
        "a Python solver".to_owned(),
        origin,
        EngineTiming::InProcess,
        move || Box::new(PythonEngine { solver: Arc::clone(&solver) }),
    );
    Ok(info.with_capabilities(counts, statistics).with_orders(smallest, largest))
}
