/*
 * scribble.c: a test plugin that writes over everything the workbench points it at, as a
 * library with a bug might (using `candidates` as its search's domains, or the request's cells
 * as its grid), casting `const` away: the request's cells, and the layout's regions, groups,
 * pairs and starting candidates. Its search is examples/plugins/backtrack.c's, which takes
 * every layout. Built with one of (crates/cli/tests/it/plugins.rs builds both):
 *
 *   -DAFTER   solves honestly, then scribbles: every answer is right, and whatever it wrote
 *             must not reach the checker, the other engines or its own next calls.
 *   -DBEFORE  scribbles, then solves what it scribbled (the rules relaxed): its answers are
 *             solutions of another puzzle, which the checker must refuse by the real one.
 *
 * The scribbling relaxes every rule: the clues after the first are blanked, the regions become
 * the boxes, every group is emptied, every pair becomes the first pair, every cell may start
 * as any value.
 */
#define sudoku_engine_describe backtrack_describe
#define sudoku_engine_solve backtrack_solve
#define sudoku_engine_solve_layout backtrack_solve_layout
#include "../../../../examples/plugins/backtrack.c"
#undef sudoku_engine_describe
#undef sudoku_engine_solve
#undef sudoku_engine_solve_layout

#if !defined(AFTER) && !defined(BEFORE)
#error "build with -DAFTER or -DBEFORE"
#endif

static sudoku_engine_info scribble_info;

const sudoku_engine_info *sudoku_engine_describe(void) {
    scribble_info = *backtrack_describe();
    scribble_info.name = "scribble";
    return &scribble_info;
}

/* Writes over the request's cells: every clue after the first blanked. */
static void scribble_cells(const sudoku_engine_request *request) {
    uint8_t *cells = (uint8_t *)request->cells;
    uint32_t count = request->side * request->side, seen = 0;
    for (uint32_t cell = 0; cell < count; cell++)
        if (cells[cell] && seen++ > 0) cells[cell] = 0;
}

/* Writes over every table of the layout (and the request's cells). */
static void scribble_layout(const sudoku_engine_request *request,
                            const sudoku_engine_layout *layout) {
    uint32_t side = request->side, count = side * side;
    uint32_t order = side == 4 ? 2 : side == 9 ? 3 : 4;
    scribble_cells(request);
    if (layout->regions) {
        uint8_t *regions = (uint8_t *)layout->regions;
        for (uint32_t cell = 0; cell < count; cell++)
            regions[cell] = (uint8_t)((cell / side) / order * order + (cell % side) / order);
    }
    if (layout->group_count > 0) {
        uint32_t *starts = (uint32_t *)layout->group_starts;
        uint16_t *cells = (uint16_t *)layout->group_cells;
        uint32_t members = starts[layout->group_count];
        for (uint32_t i = 0; i < members; i++) cells[i] = (uint16_t)(count - 1 - cells[i]);
        for (uint32_t g = 0; g <= layout->group_count; g++) starts[g] = 0;
    }
    if (layout->pair_count > 1) {
        uint16_t *pairs = (uint16_t *)layout->pairs;
        for (uint32_t p = 1; p < layout->pair_count; p++) {
            pairs[2 * p] = pairs[0];
            pairs[2 * p + 1] = pairs[1];
        }
    }
    if (layout->candidates) {
        uint64_t *candidates = (uint64_t *)layout->candidates;
        for (uint32_t cell = 0; cell < count; cell++) candidates[cell] = ~(uint64_t)0;
    }
}

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
#if defined(BEFORE)
    scribble_cells(request);
#endif
    int32_t code = backtrack_solve(state, request, result);
#if defined(AFTER)
    scribble_cells(request);
#endif
    return code;
}

int32_t sudoku_engine_solve_layout(void *state, const sudoku_engine_request *request,
                                   const sudoku_engine_layout *layout,
                                   sudoku_engine_result *result) {
#if defined(BEFORE)
    scribble_layout(request, layout);
#endif
    int32_t code = backtrack_solve_layout(state, request, layout, result);
#if defined(AFTER)
    scribble_layout(request, layout);
#endif
    return code;
}
