//! The built-in `fast` engine as an engine library: the C ABI of `include/sudoku_engine.h`,
//! written in Rust. The workbench loads it like any other plugin, so running it beside the
//! built-in `fast` measures what the ABI costs (and its counters must be the same).
//!
//! ```sh
//! cargo build -p sudoku-plugin-fast --release
//! sudoku bench -e fast,lib --external 'lib=plugin:target/release/libsudoku_plugin_fast.so'
//! ```
//!
//! The types below mirror the header's structs field for field (`#[repr(C)]`). Each thread's
//! state is a boxed engine (`sudoku_engine_create`), so the search's scratch memory is reused
//! from puzzle to puzzle as in the workbench itself. No panic crosses the boundary: a panic in
//! a solve is caught and answered with `SUDOKU_ENGINE_FAILED`.
//!
//! Like `fast` itself, it solves classic 9×9 grids only: it declares no `SUDOKU_ENGINE_LAYOUTS`
//! and exports no `sudoku_engine_solve_layout`, so the workbench never gives it another layout
//! (a library written against the first form of the header looks just so).

use std::ffi::{c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use sudoku_core::{Engine, Grid, Limits, Size};

/// `sudoku_engine_info`: what the engine is.
#[repr(C)]
pub struct Info {
    /// The engine's name, NUL-terminated.
    pub name: *const c_char,
    /// One line on how it solves, NUL-terminated.
    pub description: *const c_char,
    /// The box orders it solves, as a bit set.
    pub orders: u32,
    /// `SUDOKU_ENGINE_COUNTS | SUDOKU_ENGINE_STATS` (`| SUDOKU_ENGINE_LAYOUTS`), as they hold.
    pub flags: u32,
}

// SAFETY: the pointers of the one `Info` there is point at static string literals, which
// nothing writes: any thread may read them.
unsafe impl Sync for Info {}

/// `sudoku_engine_request`: one puzzle to solve.
#[repr(C)]
pub struct Request {
    /// The grid's side.
    pub side: u32,
    /// `side * side` cells, row by row, 0 for a blank.
    pub cells: *const u8,
    /// Stop after this many solutions (at least 1).
    pub limit: u64,
    /// The most search nodes to visit, 0 for no budget.
    pub budget: u64,
}

/// `sudoku_engine_result`: what the engine found. The caller zeroes it and points `solution`
/// at `side * side` bytes.
#[repr(C)]
pub struct Answer {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// Where the first solution goes.
    pub solution: *mut u8,
    /// 1 if the node budget ran out.
    pub budget_exhausted: u32,
    /// Search nodes visited.
    pub nodes: u64,
    /// Guesses made.
    pub guesses: u64,
    /// With an error code: what went wrong, NUL-terminated (static here).
    pub message: *const c_char,
}

const COUNTS: u32 = 1;
const STATS: u32 = 2;
const OK: i32 = 0;
const UNSUPPORTED: i32 = 1;
const BAD_PUZZLE: i32 = 2;
const FAILED: i32 = 3;

/// The version of the ABI this library implements (`SUDOKU_ENGINE_ABI_VERSION`).
#[unsafe(no_mangle)]
pub static sudoku_engine_abi_version: u32 = 1;

static INFO: Info = Info {
    name: c"fast".as_ptr(),
    description: c"the built-in fast engine (bit-parallel propagation), through the C ABI".as_ptr(),
    orders: 1 << 3,
    flags: COUNTS | STATS,
};

/// What the engine is: a static, valid while the library is loaded.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_engine_describe() -> *const Info {
    &INFO
}

/// One thread's state: a `fast` engine, boxed twice so that the state is a thin pointer.
type State = Box<dyn Engine>;

/// A new state for one thread, or null if it cannot be made.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_engine_create() -> *mut c_void {
    let made = catch_unwind(|| sudoku_engines::find("fast").map(|info| Box::new(info.create())));
    match made {
        Ok(Ok(state)) => Box::into_raw(state).cast(),
        _ => std::ptr::null_mut(),
    }
}

/// Frees a state made by [`sudoku_engine_create`].
///
/// # Safety
/// `state` is null or a pointer `sudoku_engine_create` returned and not yet destroyed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_engine_destroy(state: *mut c_void) {
    if !state.is_null() {
        // SAFETY: the caller passes a pointer made by `Box::into_raw` in `sudoku_engine_create`,
        // once.
        drop(unsafe { Box::from_raw(state.cast::<State>()) });
    }
}

/// Solves one puzzle: `SUDOKU_ENGINE_OK`, or an error code with a message.
///
/// # Safety
/// As the header says: `state` comes from `sudoku_engine_create` and is used by one thread at a
/// time, `request` points at a valid request whose `cells` holds `side * side` bytes, and
/// `result` points at a result whose `solution` holds as many.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_engine_solve(
    state: *mut c_void,
    request: *const Request,
    result: *mut Answer,
) -> i32 {
    // SAFETY: the pointers are as the caller promises (this function's contract).
    let solved = catch_unwind(AssertUnwindSafe(|| unsafe { solve(state, request, result) }));
    match solved {
        Ok(code) => code,
        Err(_) => {
            // SAFETY: as above; `solve` panicked, so it holds no reference into `result` now.
            if let Some(result) = unsafe { result.as_mut() } {
                result.message = c"the engine panicked".as_ptr();
            }
            FAILED
        }
    }
}

/// [`sudoku_engine_solve`], which may panic (the caller catches it).
///
/// # Safety
/// As for [`sudoku_engine_solve`].
unsafe fn solve(state: *mut c_void, request: *const Request, result: *mut Answer) -> i32 {
    // SAFETY: `request` and `result` are valid or null (the caller's contract), and nothing
    // else refers to them during the call.
    let (Some(request), Some(result)) = (unsafe { request.as_ref() }, unsafe { result.as_mut() })
    else {
        return FAILED;
    };
    // SAFETY: a non-null state was made by `sudoku_engine_create`, and no other thread uses it
    // during this call.
    let Some(engine) = (unsafe { state.cast::<State>().as_mut() }) else {
        result.message = c"no state: sudoku_engine_create failed".as_ptr();
        return FAILED;
    };
    if request.side != 9 || request.cells.is_null() {
        result.message = c"fast solves 9x9 grids only".as_ptr();
        return UNSUPPORTED;
    }
    let size = Size::NINE;
    // SAFETY: `cells` is not null and holds side * side = 81 bytes (the caller's contract).
    let cells = unsafe { std::slice::from_raw_parts(request.cells, size.cells()) };
    let Some(puzzle) = Grid::from_cells(size, cells) else {
        result.message = c"a cell holds a value above 9".as_ptr();
        return BAD_PUZZLE;
    };
    let mut limits = Limits::count_up_to(u32::try_from(request.limit).unwrap_or(u32::MAX));
    if request.budget > 0 {
        limits = limits.with_node_budget(request.budget);
    }

    let outcome = engine.solve(&puzzle, limits);

    result.count = outcome.count.into();
    result.budget_exhausted = outcome.budget_exhausted.into();
    result.nodes = outcome.stats.nodes;
    result.guesses = outcome.stats.guesses;
    if let Some(solution) = &outcome.solution
        && !result.solution.is_null()
    {
        // SAFETY: `solution` holds side * side bytes (the caller's contract), and does not
        // overlap the engine's grid.
        let buffer = unsafe { std::slice::from_raw_parts_mut(result.solution, size.cells()) };
        buffer.copy_from_slice(solution.cells());
    }
    OK
}
