//! Long calls that Ctrl-C can stop, and panics that come back as exceptions.
//!
//! Python runs signal handlers only in its main thread, between bytecodes, while that thread
//! holds the GIL. A call that solves a corpus for a minute in Rust gives it no such chance.
//! [`run`] therefore releases the GIL, starts the work on a thread of its own, and has the
//! calling thread wait for it a few hundredths of a second at a time, taking the GIL between
//! waits to run the handlers (`PyErr_CheckSignals`). When one raises (`KeyboardInterrupt` for
//! Ctrl-C), the work's cancel flag is set; the work checks it before each puzzle, so it ends
//! within one puzzle's time, and its result is dropped for the exception.
//!
//! The work's thread also catches a panic (an engine's bug), which becomes an `InternalError`
//! instead of an abort of the interpreter; [`guarded`] does the same for a call on one puzzle.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::internal_error;

/// How long the calling thread waits between two looks at the signals.
const POLL: Duration = Duration::from_millis(20);

/// The flag a piece of work checks before each puzzle.
#[derive(Default)]
pub struct Cancel(AtomicBool);

impl Cancel {
    /// Whether the work should stop.
    #[inline]
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` with the GIL released, on a thread of its own, checking for signals meanwhile
/// (see the module documentation). Returns what `work` returned, the exception a signal
/// handler raised (the work is then told to stop and waited for), or an `InternalError` for a
/// panic.
pub fn run<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let (joined, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let worker = scope.spawn(move || {
                let result = catch_unwind(AssertUnwindSafe(work));
                // The receiver waits until this is sent or the sender is dropped.
                let _ = done.send(());
                result
            });
            let mut interrupted = None;
            while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
                if interrupted.is_none()
                    && let Err(error) = Python::attach(|py| py.check_signals())
                {
                    cancel.set();
                    interrupted = Some(error);
                }
            }
            let joined = match worker.join() {
                Ok(result) => result,
                Err(payload) => Err(payload),
            };
            (joined, interrupted)
        })
    });
    if let Some(error) = interrupted {
        return Err(error);
    }
    joined.map_err(|payload| internal_error(py, panic_message(payload.as_ref())))
}

/// Runs `work`, a call on one puzzle, on this thread, with the GIL released; a panic in it
/// becomes an `InternalError`, as one in [`run`]'s worker does.
pub fn guarded<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(|payload| internal_error(py, panic_message(payload.as_ref())))
}

/// The message of a panic, from its payload.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned());
    format!("internal error (a bug in the workbench, please report it): {what}")
}

/// Panics with `message` on a worker thread, through [`run`]: lets the tests see a panic come
/// back as an exception rather than abort the interpreter.
#[pyfunction]
#[pyo3(name = "_panic_for_test")]
pub fn panic_for_test(py: Python<'_>, message: String) -> PyResult<()> {
    let cancel = Cancel::default();
    run(py, &cancel, move || -> () { std::panic::panic_any(message) })
}
