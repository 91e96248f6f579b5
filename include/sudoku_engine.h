/*
 * sudoku_engine.h: the C ABI of an engine library for the sudoku workbench.
 *
 * An engine library is a shared library (.so, .dylib, .dll) that exports the symbols below.
 * Declare it with `--external 'NAME=plugin:PATH'` or, in an engines file,
 *
 *     [engines.mine]
 *     kind = "plugin"
 *     library = "./libmine.so"
 *
 * and `sudoku bench`, `solve`, `count` and `generate` run it beside the built-in engines. By
 * default it runs in a worker process (the `sudoku` program hosting the library), which times
 * each call itself: a crash or a hang costs that puzzle, never the run. Whatever the library
 * prints to standard output goes to the worker's standard error, never to the harness: print
 * freely while debugging. See docs/native-engines.md.
 *
 * Exported symbols (C linkage, default visibility):
 *
 *   sudoku_engine_abi_version   required  const uint32_t, equal to SUDOKU_ENGINE_ABI_VERSION
 *   sudoku_engine_describe      required  what the engine is: name, sizes, what it reports
 *   sudoku_engine_solve         required  solves one puzzle
 *   sudoku_engine_create        optional  makes the state one thread solves with
 *   sudoku_engine_destroy       optional  frees it (required if create is exported)
 *   sudoku_engine_solve_layout  optional  solves one puzzle of another layout (required with
 *                                         SUDOKU_ENGINE_LAYOUTS in info.flags)
 *
 * Layouts (jigsaw regions, the diagonals of Sudoku X, windows, anti-knight, pencilmarks...):
 * a library that declares SUDOKU_ENGINE_LAYOUTS is also given puzzles with rules beyond rows,
 * columns and boxes, through sudoku_engine_solve_layout, which takes the rules as a
 * sudoku_engine_layout beside the request; every classic puzzle still goes through
 * sudoku_engine_solve. A library that does not declare it is given classic grids only, and the
 * workbench says so for the others ("solves classic grids only").
 *
 * Why a second entry point, rather than a new field in sudoku_engine_request: the request is
 * read by libraries built against the first form of this header, and by libraries built
 * against this one but loaded by an older workbench, which passes the first form. A field
 * appended to the request would be read past the end of the caller's struct in the second case,
 * and a field in the middle (or a struct_size at its head) would break the first. A new ABI
 * version would make every older workbench refuse the library, even for classic grids. A
 * separate function that only a library declaring the flag exports, called only with a layout,
 * is invisible to every library that does not know it, and an older workbench, which knows
 * neither the flag nor the function, simply gives such a library classic grids. So the ABI
 * version stays 1: a library of either form loads in a workbench of either form. The layout
 * itself starts with its own size (struct_size), so that later rules can be appended to it
 * without another entry point.
 *
 * Memory: every pointer the workbench passes (the request's cells, the layout's arrays) points
 * to a copy made for that call alone, valid until the call returns and never read by the
 * workbench afterwards: read it during the call, and keep no pointer into it past the call.
 * They are const because a library has no reason to write them; one that writes over them
 * anyway (casting const away, or using `candidates` as its search's domains) changes its own
 * copy and nothing else: not the puzzle the workbench checks its answer against, not what
 * other engines are given, not what its next call is given. The one buffer a library writes
 * is the result's (and `solution`, side*side bytes).
 *
 * Threads: the workbench makes one state per thread (create), and never calls solve (either
 * entry point) on one state from two threads at once. Without create, the state passed is NULL
 * and solve may be called from several threads at once (with `--threads` above 1 in-process; a
 * worker process calls from one thread).
 *
 * Copyright: this header is part of the workbench, MIT OR Apache-2.0. Engines that include it
 * may carry any licence.
 */
#ifndef SUDOKU_ENGINE_H
#define SUDOKU_ENGINE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this ABI. A library exporting another version is refused when it is loaded. */
#define SUDOKU_ENGINE_ABI_VERSION 1u

#if defined(_WIN32)
#define SUDOKU_ENGINE_EXPORT __declspec(dllexport)
#else
#define SUDOKU_ENGINE_EXPORT __attribute__((visibility("default")))
#endif

/* Flags of sudoku_engine_info.flags. */
/* The engine counts solutions up to the request's limit (else it stops at the first, and
 * `sudoku count`, `generate` and the `unique` bench mode do not use it). */
#define SUDOKU_ENGINE_COUNTS 1u
/* The engine reports nodes and guesses, and honours the node budget. */
#define SUDOKU_ENGINE_STATS 2u
/* The engine solves grids of any layout, through sudoku_engine_solve_layout (which it must
 * then export). */
#define SUDOKU_ENGINE_LAYOUTS 4u

/* What an engine is. */
typedef struct sudoku_engine_info {
    /* Its name, as the library knows it: UTF-8, NUL-terminated (the workbench lists the
     * declared name and shows this one in the description). */
    const char *name;
    /* One line on how it solves, or NULL. */
    const char *description;
    /* The sizes it solves, as a bit set of box orders: bit n set means grids of side n*n.
     * Bit 3 (1u << 3, 9×9) for most engines; orders are 2 (4×4) to 8 (64×64). */
    uint32_t orders;
    /* SUDOKU_ENGINE_COUNTS | SUDOKU_ENGINE_STATS | SUDOKU_ENGINE_LAYOUTS, as they hold. */
    uint32_t flags;
} sudoku_engine_info;

/* One puzzle to solve. */
typedef struct sudoku_engine_request {
    /* The grid's side: 4, 9, 16, 25, 36, 49 or 64, one of the sizes the engine said it solves. */
    uint32_t side;
    /* side*side cells, row by row: 0 for a blank, 1 to side for a clue. No clue repeats
     * another of its row, column or box, nor (with a layout) breaks any rule of the layout
     * (the workbench checks before it calls). */
    const uint8_t *cells;
    /* Stop after this many solutions (at least 1): 1 for the first, 2 to prove uniqueness. */
    uint64_t limit;
    /* The most search nodes the engine may visit, or 0 for no budget. Engines without
     * SUDOKU_ENGINE_STATS ignore it. As the built-in engines count them, a node is a state of
     * the search (the puzzle itself is the first), a guess is a choice among two or more
     * candidates, and a search stops, with budget_exhausted set, before it would visit a node
     * beyond the budget. */
    uint64_t budget;
} sudoku_engine_request;

/* The rules of a grid beyond "each value once in every row and column", as plain data: a
 * library needs to know no rule by name. A value may appear at most once in each region, each
 * group and each pair. A region or group of `side` cells therefore holds every value once; a
 * smaller group holds distinct values.
 *
 * The diagonals of Sudoku X, the windows of windoku and the disjoint groups are groups; cells a
 * knight's or a king's move apart are pairs (only the pairs that share no row, column, region
 * or group: the others add nothing). Cells are numbered row by row from 0, as in `cells`.
 * Every pointer stays valid during the call only, and points to a copy made for the call (see
 * "Memory" above). */
typedef struct sudoku_engine_layout {
    /* sizeof(sudoku_engine_layout) as the workbench knows it. Fields a later form of this
     * header appends are present only when struct_size covers them. */
    uint32_t struct_size;
    /* side*side bytes, row by row: the region (0 to side-1) of each cell, each region holding
     * `side` cells, in place of the boxes; or NULL for the boxes. */
    const uint8_t *regions;
    /* The groups of cells beyond rows, columns and regions that all differ: group g is
     * group_cells[group_starts[g]] to group_cells[group_starts[g + 1] - 1], its cells in
     * increasing order. group_starts holds group_count + 1 offsets (NULL when group_count is 0,
     * as is group_cells). */
    uint32_t group_count;
    const uint32_t *group_starts;
    const uint16_t *group_cells;
    /* The pairs of cells that must differ: pair p is pairs[2p] and pairs[2p + 1], lower cell
     * first (NULL when pair_count is 0). */
    uint32_t pair_count;
    const uint16_t *pairs;
    /* side*side sets, row by row: the values each cell may start as, bit v-1 for value v (a
     * pencilmark puzzle); or NULL when every value may go anywhere. A clue is within its
     * cell's set. */
    const uint64_t *candidates;
} sudoku_engine_layout;

/* What the engine found. The workbench zeroes it and points `solution` at a buffer of
 * side*side bytes before the call. */
typedef struct sudoku_engine_result {
    /* Solutions found, at most the request's limit. */
    uint64_t count;
    /* Written by the engine when count >= 1: the first solution, side*side cells of 1 to side. */
    uint8_t *solution;
    /* 1 if the node budget ran out before the search ended (count is then a lower bound). */
    uint32_t budget_exhausted;
    /* Search nodes visited and guesses made (with SUDOKU_ENGINE_STATS; else left 0). */
    uint64_t nodes;
    uint64_t guesses;
    /* With an error code: what went wrong, NUL-terminated, or NULL. It must stay valid until the
     * next call on the same state (a string literal, or a buffer in the state). */
    const char *message;
} sudoku_engine_result;

/* Return codes of sudoku_engine_solve and sudoku_engine_solve_layout. */
#define SUDOKU_ENGINE_OK 0            /* solved, or proved unsolvable (count 0) */
#define SUDOKU_ENGINE_UNSUPPORTED 1   /* a size or a request the engine does not handle */
#define SUDOKU_ENGINE_BAD_PUZZLE 2    /* the puzzle is not one the engine can read */
#define SUDOKU_ENGINE_FAILED 3        /* anything else: out of memory, an internal error */

/* Required. Equal to SUDOKU_ENGINE_ABI_VERSION. */
SUDOKU_ENGINE_EXPORT extern const uint32_t sudoku_engine_abi_version;

/* Required. What the engine is; the pointer and the strings stay valid while the library is
 * loaded. */
SUDOKU_ENGINE_EXPORT const sudoku_engine_info *sudoku_engine_describe(void);

/* Optional. A new state for one thread, or NULL if it cannot be made (the engine then fails
 * every puzzle of that thread). */
SUDOKU_ENGINE_EXPORT void *sudoku_engine_create(void);

/* Optional (required with create). Frees a state create made. */
SUDOKU_ENGINE_EXPORT void sudoku_engine_destroy(void *state);

/* Required. Solves `request`, writing `result`; returns SUDOKU_ENGINE_OK or an error code. */
SUDOKU_ENGINE_EXPORT int32_t sudoku_engine_solve(void *state,
                                                 const sudoku_engine_request *request,
                                                 sudoku_engine_result *result);

/* Optional; required with SUDOKU_ENGINE_LAYOUTS, and called only then. Solves `request` under
 * the rules of `layout` (never NULL: classic grids go to sudoku_engine_solve), as
 * sudoku_engine_solve does: same state, same result, same return codes (UNSUPPORTED for a
 * layout the engine cannot handle, with a message). */
SUDOKU_ENGINE_EXPORT int32_t sudoku_engine_solve_layout(void *state,
                                                        const sudoku_engine_request *request,
                                                        const sudoku_engine_layout *layout,
                                                        sudoku_engine_result *result);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKU_ENGINE_H */
