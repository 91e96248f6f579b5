//! The C ABI of `include/sudoku_engine.h`: its types as Rust sees them, and an engine that
//! calls a library exporting it.
//!
//! The header is the reference; the structures here are its structures, field for field. What
//! a library gives back is checked before it is believed: a count above the limit, a solution
//! holding a value outside 1 to the side, a budget run out when none was given, an error code,
//! are each a protocol error of that puzzle. Whether the solution solves the puzzle is the
//! harness's cross-check, as for every engine: the checker judges it by the puzzle's layout,
//! so a library that declares layouts and breaks one is caught there.
//!
//! A library that declares `SUDOKU_ENGINE_LAYOUTS` is given a grid with a layout through
//! `sudoku_engine_solve_layout`, with the layout's C view (`native/layout.rs`); every classic
//! grid goes through `sudoku_engine_solve`, as for a library that does not declare it.

use std::ffi::{CStr, c_char, c_void};
use std::sync::Arc;
use std::time::Instant;

use sudoku_core::{Engine, FailureKind, Grid, Layout, Limits, Outcome, Size, Stats};

use super::layout::{Tables, View};
use super::loaded::{Loaded, sizes_of_orders, with_source};

/// The version of the ABI this module speaks (`SUDOKU_ENGINE_ABI_VERSION`).
pub const VERSION: u32 = 1;

/// `SUDOKU_ENGINE_COUNTS`.
const COUNTS: u32 = 1;
/// `SUDOKU_ENGINE_STATS`.
const STATS: u32 = 2;
/// `SUDOKU_ENGINE_LAYOUTS`.
const LAYOUTS: u32 = 4;

/// `sudoku_engine_info`.
#[repr(C)]
struct Info {
    name: *const c_char,
    description: *const c_char,
    orders: u32,
    flags: u32,
}

/// `sudoku_engine_request`.
#[repr(C)]
struct Request {
    side: u32,
    cells: *const u8,
    limit: u64,
    budget: u64,
}

/// `sudoku_engine_result`.
#[repr(C)]
struct Reply {
    count: u64,
    solution: *mut u8,
    budget_exhausted: u32,
    nodes: u64,
    guesses: u64,
    message: *const c_char,
}

type Describe = unsafe extern "C" fn() -> *const Info;
type Create = unsafe extern "C" fn() -> *mut c_void;
type Destroy = unsafe extern "C" fn(*mut c_void);
type Solve = unsafe extern "C" fn(*mut c_void, *const Request, *mut Reply) -> i32;
type SolveLayout =
    unsafe extern "C" fn(*mut c_void, *const Request, *const View, *mut Reply) -> i32;

/// The library's functions, kept with the library that holds them.
struct Functions {
    solve: Solve,
    /// `sudoku_engine_solve_layout`, when the library declares `SUDOKU_ENGINE_LAYOUTS`.
    solve_layout: Option<SolveLayout>,
    create: Option<Create>,
    destroy: Option<Destroy>,
    /// Never unloaded before the last engine made from it is dropped (it holds the code).
    _library: libloading::Library,
}

/// Reads what `library` exports: its ABI version (refused unless [`VERSION`]), its
/// description and its functions.
pub(super) fn load(library: libloading::Library) -> Result<Loaded, String> {
    let missing = |symbol: &str, error: libloading::Error| {
        format!(
            "exports no `{symbol}` ({}): not an engine library of this ABI",
            with_source(&error)
        )
    };
    // SAFETY: the header declares `sudoku_engine_abi_version` a `const uint32_t`; the symbol's
    // address is read as such while the library is loaded.
    let version = unsafe {
        let symbol = library
            .get::<*const u32>(b"sudoku_engine_abi_version\0")
            .map_err(|error| missing("sudoku_engine_abi_version", error))?;
        (*symbol).read()
    };
    if version != VERSION {
        return Err(format!(
            "its sudoku_engine_abi_version is {version}; this program speaks version {VERSION}"
        ));
    }
    // SAFETY: the header declares each of these functions with exactly these types; a library
    // of this ABI version exports them so.
    let (describe, solve, create, destroy) = unsafe {
        let describe = *library
            .get::<Describe>(b"sudoku_engine_describe\0")
            .map_err(|error| missing("sudoku_engine_describe", error))?;
        let solve = *library
            .get::<Solve>(b"sudoku_engine_solve\0")
            .map_err(|error| missing("sudoku_engine_solve", error))?;
        let create = library.get::<Create>(b"sudoku_engine_create\0").ok().map(|f| *f);
        let destroy = library.get::<Destroy>(b"sudoku_engine_destroy\0").ok().map(|f| *f);
        (describe, solve, create, destroy)
    };
    if create.is_some() != destroy.is_some() {
        return Err("exports one of sudoku_engine_create and sudoku_engine_destroy without the \
                    other"
            .to_owned());
    }
    // SAFETY: `describe` is the library's `sudoku_engine_describe`, which takes nothing and
    // returns a pointer that stays valid while the library is loaded (or null, refused below).
    let info = unsafe { describe() };
    if info.is_null() {
        return Err("sudoku_engine_describe returned NULL".to_owned());
    }
    // SAFETY: not null, and by the header a valid `sudoku_engine_info` while loaded.
    let info = unsafe { &*info };
    // SAFETY: the header makes `name` a NUL-terminated string (null refused by `text`).
    let name = unsafe { text(info.name) }.ok_or("its info has no name")?;
    // SAFETY: as for `name`; null means no description.
    let description = unsafe { text(info.description) };
    let solve_layout = if info.flags & LAYOUTS != 0 {
        // SAFETY: the header declares the function with exactly this type.
        let function = unsafe { library.get::<SolveLayout>(b"sudoku_engine_solve_layout\0") }
            .map_err(|error| {
                format!(
                    "declares SUDOKU_ENGINE_LAYOUTS but exports no `sudoku_engine_solve_layout` \
                     ({})",
                    with_source(&error)
                )
            })?;
        Some(*function)
    } else {
        None
    };
    let sizes = sizes_of_orders(info.orders);
    if sizes.is_empty() {
        return Err(format!(
            "its orders ({:#x}) hold no box order from 2 to 8: it solves no size",
            info.orders
        ));
    }
    let functions = Arc::new(Functions { solve, solve_layout, create, destroy, _library: library });
    let make =
        Arc::new(move || Box::new(PluginEngine::new(Arc::clone(&functions))) as Box<dyn Engine>);
    Ok(Loaded {
        name,
        description,
        sizes,
        counts: info.flags & COUNTS != 0,
        instrumented: info.flags & STATS != 0,
        guesses: info.flags & STATS != 0,
        layouts: solve_layout.is_some(),
        make,
    })
}

/// A NUL-terminated string as text (invalid UTF-8 replaced), or `None` for null.
///
/// # Safety
/// `pointer` is null or points to a NUL-terminated string.
unsafe fn text(pointer: *const c_char) -> Option<String> {
    if pointer.is_null() {
        return None;
    }
    // SAFETY: by the caller's word, a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(pointer) };
    let text = text.to_string_lossy();
    // A message is one line of a report: its first line, at most 500 characters.
    let line = text.lines().next().unwrap_or("").trim();
    Some(line.chars().take(500).collect())
}

/// One engine value: the state `sudoku_engine_create` made for it (null without create), and
/// the solution's buffer.
struct PluginEngine {
    functions: Arc<Functions>,
    state: *mut c_void,
    /// Whether create was called and returned null: every solve then fails.
    not_created: bool,
    solution: Vec<u8>,
    /// The copy of the puzzle's cells a call is given: the library may write over it (the
    /// header makes it `const`, but a library may cast that away), never over the puzzle.
    cells: Vec<u8>,
    /// The C view's tables of the last layout given, kept while the puzzles share it; never
    /// given to the library.
    tables: Option<(Arc<Layout>, Tables)>,
    /// The copy of `tables` a call is given, made again before every call.
    copy: Tables,
}

// SAFETY: the ABI lets a state be used from any thread, one call at a time; an engine value is
// used by one thread at a time (`&mut self`), and the functions are plain code of the library.
unsafe impl Send for PluginEngine {}

impl PluginEngine {
    fn new(functions: Arc<Functions>) -> PluginEngine {
        let state = match functions.create {
            // SAFETY: the library's `sudoku_engine_create`, which takes nothing.
            Some(create) => unsafe { create() },
            None => std::ptr::null_mut(),
        };
        let not_created = functions.create.is_some() && state.is_null();
        PluginEngine {
            functions,
            state,
            not_created,
            solution: Vec::new(),
            cells: Vec::new(),
            tables: None,
            copy: Tables::default(),
        }
    }
}

impl Drop for PluginEngine {
    fn drop(&mut self) {
        if let (Some(destroy), false) = (self.functions.destroy, self.state.is_null()) {
            // SAFETY: a state the library's create made, destroyed once, by its destroy.
            unsafe { destroy(self.state) };
        }
    }
}

impl Engine for PluginEngine {
    fn solve(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if self.not_created {
            return Outcome::failed(
                FailureKind::ProtocolError,
                "sudoku_engine_create returned NULL",
            );
        }
        let size = puzzle.size();
        let cells = size.cells();
        self.solution.clear();
        self.solution.resize(cells, 0);
        let limit = limits.max_solutions();
        let budget = limits.node_budget();
        // The library is given copies of everything it reads: the puzzle (and its layout) is
        // the checker's and every other engine's, whatever the library writes.
        self.cells.clear();
        self.cells.extend_from_slice(puzzle.cells());
        let request = Request {
            // Sides are at most 64.
            side: size.side() as u32,
            cells: self.cells.as_ptr(),
            limit: u64::from(limit),
            budget: budget.unwrap_or(0),
        };
        let mut reply = Reply {
            count: 0,
            solution: self.solution.as_mut_ptr(),
            budget_exhausted: 0,
            nodes: 0,
            guesses: 0,
            message: std::ptr::null(),
        };
        let (function, started, code) = match puzzle.layout() {
            None => {
                let started = Instant::now();
                // SAFETY: the library's `sudoku_engine_solve` with the header's types: the
                // request points at `cells` cells that live across the call, the reply's
                // solution at a buffer of `cells` bytes, and the state is this value's own (or
                // null without create).
                let code = unsafe { (self.functions.solve)(self.state, &request, &mut reply) };
                ("sudoku_engine_solve", started, code)
            }
            Some(layout) => {
                let Some(solve_layout) = self.functions.solve_layout else {
                    // The registry gives such a library classic grids only; a caller that
                    // asks anyway is told so rather than answered under the wrong rules.
                    return Outcome::failed(
                        FailureKind::ProtocolError,
                        format!(
                            "the library declares no SUDOKU_ENGINE_LAYOUTS: it solves classic \
                             grids only, not {}",
                            layout.name()
                        ),
                    );
                };
                let view = self.view_of(layout);
                let started = Instant::now();
                // SAFETY: as for `sudoku_engine_solve` above, and the view points into
                // `self.copy`, which lives across the call with the lengths the header gives.
                let code = unsafe { solve_layout(self.state, &request, &view, &mut reply) };
                ("sudoku_engine_solve_layout", started, code)
            }
        };
        let time = started.elapsed();
        if code != 0 {
            let name = match code {
                1 => "SUDOKU_ENGINE_UNSUPPORTED",
                2 => "SUDOKU_ENGINE_BAD_PUZZLE",
                3 => "SUDOKU_ENGINE_FAILED",
                _ => "an unknown code",
            };
            // SAFETY: the header makes `message` null or a NUL-terminated string valid until
            // the next call on this state.
            let message = unsafe { text(reply.message) }
                .map(|message| format!(": {message}"))
                .unwrap_or_default();
            return Outcome::failed(
                FailureKind::ProtocolError,
                format!("{function} returned {code} ({name}){message}"),
            );
        }
        // The call alone is the library's time, as tdoku's function type is timed: what this
        // side does around it (the buffer, the reply's checks) is the harness's, and a worker
        // reports only the call, so the library reads as the same code in this process does.
        let mut outcome = read_reply(&reply, &self.solution, size, limit, budget.is_some());
        outcome.reported_time = Some(time);
        outcome
    }
}

impl PluginEngine {
    /// The C view of `layout` for one call: its tables made once for as long as the puzzles
    /// share it (one layout for a whole file, as a rule), and copied for the call, so that
    /// nothing the library writes reaches the layout or the next call.
    fn view_of(&mut self, layout: &Arc<Layout>) -> View {
        let kept = self
            .tables
            .as_ref()
            .is_some_and(|(kept, _)| Arc::ptr_eq(kept, layout) || kept.as_ref() == layout.as_ref());
        if !kept {
            self.tables = Some((Arc::clone(layout), Tables::of(layout)));
        }
        let (_, tables) = self.tables.as_ref().expect("made above");
        tables.copy_to(&mut self.copy);
        self.copy.view()
    }
}

/// The outcome of a reply that returned `SUDOKU_ENGINE_OK`, checked.
fn read_reply(reply: &Reply, solution: &[u8], size: Size, limit: u32, budget: bool) -> Outcome {
    let wrong = |problem: String| Outcome::failed(FailureKind::ProtocolError, problem);
    if reply.count > u64::from(limit) {
        return wrong(format!("claimed {} solutions when asked for at most {limit}", reply.count));
    }
    if reply.budget_exhausted != 0 && !budget {
        return wrong("said its node budget ran out when it was given none".to_owned());
    }
    let mut outcome = Outcome::empty();
    // At most the limit, a u32.
    outcome.count = reply.count as u32;
    outcome.budget_exhausted = reply.budget_exhausted != 0;
    outcome.stats = Stats { nodes: reply.nodes, guesses: reply.guesses };
    if reply.count > 0 {
        let side = size.side();
        if let Some(cell) =
            solution.iter().position(|&value| value == 0 || usize::from(value) > side)
        {
            return wrong(format!(
                "its solution holds {} at cell {} (row {}, column {}), not a value from 1 to {side}",
                solution[cell],
                cell + 1,
                cell / side + 1,
                cell % side + 1
            ));
        }
        outcome.solution = Grid::from_cells(size, solution);
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(count: u64, budget_exhausted: u32) -> Reply {
        Reply {
            count,
            solution: std::ptr::null_mut(),
            budget_exhausted,
            nodes: 7,
            guesses: 2,
            message: std::ptr::null(),
        }
    }

    fn problem(outcome: &Outcome) -> String {
        let failure = outcome.failure.as_ref().expect("a failure");
        assert_eq!(failure.kind, FailureKind::ProtocolError);
        failure.message.clone()
    }

    #[test]
    fn replies_are_checked_before_they_are_believed() {
        let four = Size::from_side(4).unwrap();
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let outcome = read_reply(&reply(1, 0), &solution, four, 2, false);
        assert_eq!((outcome.count, outcome.stats.nodes, outcome.stats.guesses), (1, 7, 2));
        assert_eq!(outcome.solution.unwrap().cells(), solution);
        assert!(
            problem(&read_reply(&reply(3, 0), &solution, four, 2, false))
                .contains("claimed 3 solutions when asked for at most 2")
        );
        assert!(
            problem(&read_reply(&reply(0, 1), &solution, four, 2, false))
                .contains("node budget ran out when it was given none")
        );
        assert!(read_reply(&reply(0, 1), &solution, four, 2, true).budget_exhausted);
        let mut bad = solution;
        bad[5] = 5;
        assert!(
            problem(&read_reply(&reply(1, 0), &bad, four, 2, false))
                .contains("holds 5 at cell 6 (row 2, column 2)")
        );
        bad[5] = 0;
        assert!(problem(&read_reply(&reply(1, 0), &bad, four, 1, false)).contains("holds 0"));
    }

    #[test]
    fn orders_are_a_bit_set_of_box_orders() {
        assert_eq!(sizes_of_orders(1 << 3), vec![Size::NINE]);
        assert_eq!(sizes_of_orders(0b1_1111_1100).len(), 7);
        assert!(sizes_of_orders(0b11).is_empty());
    }
}
