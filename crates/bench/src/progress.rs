//! The progress bar on standard error, for people watching a long run.
//!
//! Shown only on a terminal and never under CI, where redrawn lines would clutter the log.
//! Workers report in steps of many puzzles (see [`crate::measure::PROGRESS_STEP`]), so the bar
//! costs nothing measurable while engines run; without a bar every call returns at once.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Whether a progress bar belongs on standard error: it is a terminal and `CI` is not set.
pub fn wanted() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// A progress bar, or nothing.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    /// Whether the bar redraws itself yet: only from the first [`Progress::start`], so that it
    /// is never drawn before it knows its length.
    ticking: AtomicBool,
}

impl Progress {
    /// A bar on standard error when `shown`, else a no-op.
    pub fn new(shown: bool) -> Progress {
        let bar = shown.then(|| {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
            let style =
                ProgressStyle::with_template("{msg:60!} [{bar:30}] {pos:>7}/{len:7} eta {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> ");
            bar.set_style(style);
            bar
        });
        Progress { bar, ticking: AtomicBool::new(false) }
    }

    /// Starts a pass of `puzzles` solves described by `message`.
    pub fn start(&self, message: String, puzzles: usize) {
        if let Some(bar) = &self.bar {
            bar.set_length(puzzles as u64);
            bar.set_position(0);
            bar.reset_eta();
            bar.set_message(message);
            if !self.ticking.swap(true, Ordering::Relaxed) {
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        }
    }

    /// Counts `puzzles` more solves done.
    pub fn advance(&self, puzzles: usize) {
        if let Some(bar) = &self.bar
            && puzzles > 0
        {
            bar.inc(puzzles as u64);
        }
    }

    /// Runs `write` with the bar out of the way, for output to the terminal the bar is on:
    /// the bar is cleared first and drawn again after.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Writes `line` on standard error, above the bar when there is one. A standard error that
    /// cannot be written loses the line, never the run.
    pub fn note(&self, line: &str) {
        self.suspend(|| {
            use std::io::Write;
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        });
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
