//! tdoku's solver function type, as its benchmark links a dozen published 9×9 solvers:
//!
//! ```c
//! size_t solve(const char *input, size_t limit, uint32_t configuration,
//!              char *solution, size_t *num_guesses);
//! ```
//!
//! 81 characters in (`.` for a blank, `1`-`9` for a clue), solutions counted up to `limit`, the
//! first written to `solution` as 81 digits, the number of guesses written to `num_guesses`.
//! The configuration word is the declaration's, passed through as it is. Such a function
//! counts (the `unique` mode asks for 2) and honours no node budget; it reports its guesses
//! alone ([`sudoku_engines::EngineInfo::guesses`]): reports show its guesses, and its nodes as
//! not reported.
//!
//! Some of these functions write the solution only when asked for one (tdoku's own, with
//! configuration 0, counts to 2 without writing it). When a count comes back without a
//! solution, the engine asks again for the first solution alone; the time it reports
//! ([`Outcome::reported_time`]) is the first call's, the one the function's own driver times.

use std::collections::HashMap;
use std::ffi::c_char;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::Instant;

use sudoku_core::{Engine, FailureKind, Grid, Limits, Outcome, Size, Stats};

use super::loaded::{Loaded, with_source};
use crate::declare::Library;

type Solve = unsafe extern "C" fn(*const c_char, usize, u32, *mut c_char, *mut usize) -> usize;

/// The function, kept with the library that holds it.
struct Function {
    solve: Solve,
    configuration: u32,
    /// Held around each call: these functions take no state, and most keep theirs in globals
    /// shared by every function of their library, so two threads of one process
    /// (`--in-process` with `--threads`) take turns on a library. A worker process has one
    /// thread, and the lock is never contended there.
    turn: Arc<Mutex<()>>,
    /// Whether a solution is asked for in a second call when the function counts past one
    /// (not for a function declared `solutions = false`).
    solutions: bool,
    /// Never unloaded before the last engine made from it is dropped (it holds the code).
    _library: libloading::Library,
}

/// Finds `symbol` in `library`.
pub(super) fn load(
    library: libloading::Library,
    declared: &Library,
    symbol: &str,
) -> Result<Loaded, String> {
    let (path, configuration) = (declared.path.as_path(), declared.configuration);
    let name = std::ffi::CString::new(symbol).map_err(|_| format!("'{symbol}' holds a NUL"))?;
    // SAFETY: the declaration says `symbol` is a function of tdoku's solver type; it is called
    // with exactly that type, while the library is loaded.
    let solve = unsafe { library.get::<Solve>(name.as_c_str()) }
        .map(|function| *function)
        .map_err(|error| format!("exports no function `{symbol}` ({})", with_source(&error)))?;
    let function = Arc::new(Function {
        solve,
        configuration,
        solutions: declared.solutions,
        turn: turn_of(path),
        _library: library,
    });
    let make =
        Arc::new(move || Box::new(TdokuEngine::new(Arc::clone(&function))) as Box<dyn Engine>);
    Ok(Loaded {
        name: symbol.to_owned(),
        description: Some(format!("{symbol} (tdoku's solver type, configuration {configuration})")),
        sizes: vec![Size::NINE],
        counts: true,
        instrumented: false,
        // Its function takes a line of 81 characters: classic grids only.
        layouts: false,
        guesses: true,
        make,
    })
}

/// The lock the functions of the library at `path` take turns with (one library loaded twice
/// is one library: the system gives the same handle).
fn turn_of(path: &Path) -> Arc<Mutex<()>> {
    static TURNS: LazyLock<Mutex<HashMap<PathBuf, Arc<Mutex<()>>>>> = LazyLock::new(Mutex::default);
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut turns = TURNS.lock().unwrap_or_else(PoisonError::into_inner);
    Arc::clone(turns.entry(key).or_default())
}

/// A puzzle every engine value solves once when it is made, untimed: many of these functions
/// build their tables on their first call.
const WARM_UP: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// One engine value, with its input and solution buffers.
struct TdokuEngine {
    function: Arc<Function>,
    /// The puzzle as 81 characters and NULs, in a buffer with room to spare: some of these
    /// functions read or write past the 81 characters (a NUL at 81, a newline and a NUL after a
    /// solution), and some read the solution buffer as a string before they solve.
    input: [u8; 128],
    solution: [u8; 128],
}

impl TdokuEngine {
    fn new(function: Arc<Function>) -> TdokuEngine {
        let mut engine = TdokuEngine { function, input: [0; 128], solution: [0; 128] };
        engine.input[..81].copy_from_slice(WARM_UP);
        let function = Arc::clone(&engine.function);
        let _turn = function.turn.lock().unwrap_or_else(PoisonError::into_inner);
        engine.call(1, &mut 0);
        engine
    }

    /// Calls the function on the puzzle in `input` with `limit`, the solution buffer cleared.
    fn call(&mut self, limit: usize, guesses: &mut usize) -> usize {
        self.solution.fill(0);
        // SAFETY: the function has tdoku's type (the declaration's word); the input is 81
        // characters and NULs in 128 bytes (some functions write to it despite the `const`),
        // the solution buffer 128 bytes, `guesses` a live `size_t`.
        unsafe {
            (self.function.solve)(
                self.input.as_mut_ptr().cast_const().cast(),
                limit,
                self.function.configuration,
                self.solution.as_mut_ptr().cast(),
                guesses,
            )
        }
    }
}

impl Engine for TdokuEngine {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if puzzle.size() != Size::NINE {
            return Outcome::failed(
                FailureKind::ProtocolError,
                format!("tdoku's solver type solves 9×9 grids, not {}", puzzle.size()),
            );
        }
        self.input.fill(0);
        for (slot, &value) in self.input.iter_mut().zip(puzzle.cells()) {
            *slot = if value == 0 { b'.' } else { b'0' + value };
        }
        let limit = limits.max_solutions();
        let mut guesses: usize = 0;
        let function = Arc::clone(&self.function);
        let _turn = function.turn.lock().unwrap_or_else(PoisonError::into_inner);
        let started = Instant::now();
        let count = self.call(limit as usize, &mut guesses);
        let time = started.elapsed();
        let wrong = |problem: String| Outcome::failed(FailureKind::ProtocolError, problem);
        if count == usize::MAX {
            return wrong("returned -1 (an error)".to_owned());
        }
        // Some count past the limit (to 2 whatever the limit, or the limit and one): at least
        // the limit, as the function's own driver reads it.
        let count = count.min(limit as usize);
        if count > 0 && limit > 1 && self.function.solutions {
            // Many write the solution only at limit 1, or leave their last search state in the
            // buffer at a higher one: the first solution is asked for alone (not timed).
            self.call(1, &mut 0);
        }
        // A function that writes no solution at all (declared `solutions = false`) gives its
        // count alone.
        let written = self.solution[0] != 0;
        let mut outcome = Outcome::empty();
        outcome.reported_time = Some(time);
        // At most the limit, a u32.
        outcome.count = count as u32;
        outcome.stats = Stats { nodes: 0, guesses: guesses as u64 };
        if count > 0 && written {
            let mut cells = [0u8; 81];
            for (cell, (&byte, value)) in self.solution.iter().zip(&mut cells).enumerate() {
                if !(b'1'..=b'9').contains(&byte) {
                    return wrong(format!(
                        "its solution holds {} at cell {} (row {}, column {}), not a digit 1-9",
                        crate::process::quote(&String::from_utf8_lossy(&[byte])),
                        cell + 1,
                        cell / 9 + 1,
                        cell % 9 + 1
                    ));
                }
                *value = byte - b'0';
            }
            outcome.solution = Grid::from_cells(Size::NINE, &cells);
        }
        outcome
    }
}
