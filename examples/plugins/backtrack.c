/*
 * backtrack.c: an engine library (a "native engine plugin") for the sudoku workbench, in one
 * C file. It implements the C ABI of include/sudoku_engine.h; read that header beside this file.
 *
 *     cc -O2 -shared -fPIC -I include -o libbacktrack.so examples/plugins/backtrack.c
 *     sudoku bench --external 'bt=plugin:./libbacktrack.so' -e fast,bt
 *
 * The search: backtracking on bit sets of candidates. Each row, column and box keeps the set
 * of values it already holds; a blank cell's candidates are the values none of its three units
 * holds. At each step the blank with the fewest candidates is filled, trying each candidate in
 * turn. There is no propagation beyond that choice, which is what keeps it short.
 *
 * It declares 4x4 and 9x9 grids (box orders 2 and 3). The code solves 16x16 as well, but
 * without propagation a minimal 16x16 puzzle takes it from seconds to minutes (the first three
 * of data/corpus/generated-16x16-1000.txt: 4.6, 21 and 309 million nodes); add 1u << 4 to
 * `orders` to let the workbench give it 16x16 puzzles anyway.
 *
 * It counts solutions up to the request's limit, reports nodes and guesses and honours the
 * node budget, so it declares SUDOKU_ENGINE_COUNTS | SUDOKU_ENGINE_STATS.
 *
 * Threads: it exports no sudoku_engine_create, so the workbench passes a NULL state and may
 * call sudoku_engine_solve from several threads at once. That is fine here because the whole
 * search state lives on the stack of each call. An engine with large tables to reuse would
 * export create/destroy and keep them in its state instead.
 */
#include <stdint.h>
#include <string.h>

#include "sudoku_engine.h"

/* Required: the version of the ABI this library was written against. A library exporting any
 * other value is refused when it is loaded. */
const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;

/* Required: what the engine is. The workbench reads it once, when it loads the library; the
 * pointer must stay valid while the library is loaded, so it points at a static. */
static const sudoku_engine_info INFO = {
    .name = "backtrack",
    .description = "bitmask backtracking, fewest candidates first, no propagation",
    .orders = (1u << 2) | (1u << 3), /* 4x4 and 9x9: bit n means side n*n */
    .flags = SUDOKU_ENGINE_COUNTS | SUDOKU_ENGINE_STATS,
};

const sudoku_engine_info *sudoku_engine_describe(void) { return &INFO; }

#define MAX_SIDE 16
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)

/* A blank cell, with the numbers of its three units (worked out once, not at every step). */
typedef struct blank {
    uint16_t cell;
    uint8_t row, col, box;
} blank;

/* Everything one solve needs. It lives on the stack of sudoku_engine_solve: a few KB. */
typedef struct search {
    uint32_t row[MAX_SIDE], col[MAX_SIDE], box[MAX_SIDE]; /* the values each unit holds */
    uint32_t all;                                         /* every value: (1 << side) - 1 */
    uint8_t grid[MAX_CELLS];                              /* the puzzle as filled so far */
    blank blanks[MAX_CELLS];                              /* blanks[depth..] are still empty */
    int blank_count, cell_count;
    uint64_t limit, budget; /* from the request; budget UINT64_MAX when there is none */
    uint64_t count, nodes, guesses;
    int out_of_budget;
    uint8_t *solution; /* where the first solution goes (the workbench's buffer) */
} search;

static int popcount(uint32_t bits) {
    int n = 0;
    for (; bits; bits &= bits - 1) n++;
    return n;
}

/* The value (1-based) of a set holding one bit. */
static uint8_t value_of(uint32_t bit) {
    uint8_t value = 1;
    while (bit >>= 1) value++;
    return value;
}

/* Fills s->blanks[depth..]. Returns 1 when the whole search must stop: the solution limit was
 * reached or the node budget ran out. */
static int fill(search *s, int depth) {
    if (depth == s->blank_count) {
        /* Every cell is filled: a solution. Keep the first; count them all (up to the limit). */
        if (s->count++ == 0) memcpy(s->solution, s->grid, (size_t)s->cell_count);
        return s->count >= s->limit;
    }

    /* The blank with the fewest candidates. One with none is a dead end; one with a single
     * candidate is as good as it gets, so the scan stops there. */
    int best = depth, best_size = MAX_SIDE + 1;
    uint32_t best_candidates = 0;
    for (int i = depth; i < s->blank_count; i++) {
        const blank *b = &s->blanks[i];
        uint32_t candidates = s->all & ~(s->row[b->row] | s->col[b->col] | s->box[b->box]);
        int size = popcount(candidates);
        if (size < best_size) {
            best = i;
            best_size = size;
            best_candidates = candidates;
            if (size <= 1) break;
        }
    }
    if (best_size == 0) return 0;

    /* Move the chosen blank to position `depth`, so blanks[depth + 1..] are the ones left:
     * shift the blanks before it one place up rather than swapping, so the others stay in
     * row-major order and ties go to the first of them. (That is the order of the built-in
     * engine bitmask-mrv, so the two report the same nodes and guesses.) */
    blank chosen = s->blanks[best];
    memmove(&s->blanks[depth + 1], &s->blanks[depth], (size_t)(best - depth) * sizeof(blank));
    s->blanks[depth] = chosen;

    /* A guess is a choice among two or more candidates (the header's STATS counters). */
    if (best_size > 1) s->guesses++;
    for (uint32_t left = best_candidates; left;) {
        uint32_t bit = left & (~left + 1); /* the lowest candidate left */
        left ^= bit;
        /* A node is one tentative placement. The budget is the most nodes the search may
         * visit: at the budget, the next placement is not made and the search gives up. */
        if (s->nodes >= s->budget) {
            s->out_of_budget = 1;
            return 1;
        }
        s->nodes++;
        s->grid[chosen.cell] = value_of(bit);
        s->row[chosen.row] |= bit;
        s->col[chosen.col] |= bit;
        s->box[chosen.box] |= bit;
        int stop = fill(s, depth + 1);
        s->row[chosen.row] ^= bit;
        s->col[chosen.col] ^= bit;
        s->box[chosen.box] ^= bit;
        s->grid[chosen.cell] = 0;
        if (stop) return 1; /* the search is over: nothing is read again */
    }
    /* Put the blanks back in order, for the caller's next candidate. */
    memmove(&s->blanks[depth], &s->blanks[depth + 1], (size_t)(best - depth) * sizeof(blank));
    s->blanks[best] = chosen;
    return 0;
}

/* Required: solve one puzzle. The workbench has zeroed *result and pointed result->solution
 * at side*side bytes; we write count, the solution (when count >= 1), the counters, and
 * budget_exhausted. Error codes come with a message that must outlive the call: literals. */
int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state; /* always NULL: no sudoku_engine_create is exported */

    int side = (int)request->side;
    int order = side == 4 ? 2 : side == 9 ? 3 : side == 16 ? 4 : 0;
    if (order == 0) {
        result->message = "backtrack solves 4x4, 9x9 and 16x16 grids only";
        return SUDOKU_ENGINE_UNSUPPORTED;
    }

    search s;
    memset(&s, 0, sizeof s);
    s.cell_count = side * side;
    s.all = (uint32_t)((1ul << side) - 1);
    s.limit = request->limit > 0 ? request->limit : 1;
    s.budget = request->budget > 0 ? request->budget : UINT64_MAX;
    s.solution = result->solution;
    s.nodes = 1; /* the puzzle itself is the first node */

    /* Read the clues into the unit sets, and list the blanks. */
    int consistent = 1;
    for (int cell = 0; cell < s.cell_count; cell++) {
        uint8_t value = request->cells[cell];
        int row = cell / side, col = cell % side;
        int box = (row / order) * order + col / order;
        if (value > side) {
            result->message = "a cell holds a value above the side";
            return SUDOKU_ENGINE_BAD_PUZZLE;
        }
        s.grid[cell] = value;
        if (value == 0) {
            s.blanks[s.blank_count++] =
                (blank){(uint16_t)cell, (uint8_t)row, (uint8_t)col, (uint8_t)box};
            continue;
        }
        uint32_t bit = 1u << (value - 1);
        /* The workbench never sends a repeated clue, but a caller might: no solution then. */
        if ((s.row[row] | s.col[col] | s.box[box]) & bit) consistent = 0;
        s.row[row] |= bit;
        s.col[col] |= bit;
        s.box[box] |= bit;
    }

    if (consistent) fill(&s, 0);

    result->count = s.count;
    result->budget_exhausted = (uint32_t)s.out_of_budget;
    result->nodes = s.nodes;
    result->guesses = s.guesses;
    return SUDOKU_ENGINE_OK;
}
