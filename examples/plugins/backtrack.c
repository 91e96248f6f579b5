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
 * Layouts: it declares SUDOKU_ENGINE_LAYOUTS and exports sudoku_engine_solve_layout, so it is
 * given jigsaw, X, windoku, anti-knight, pencilmark... puzzles too. It knows none of them by
 * name: the regions take the boxes' place, each group is one more set of values held, a cell's
 * candidates lose the values of the cells it is paired with, and its starting candidates bound
 * them. On a classic grid there are no groups or pairs, and the search is the one
 * above, node for node.
 *
 * It declares 4x4 and 9x9 grids (box orders 2 and 3). The code solves 16x16 as well, but
 * without propagation a minimal 16x16 puzzle takes it from seconds to minutes (the first three
 * of data/corpus/generated-16x16-1000.txt: 4.6, 21 and 309 million nodes); add 1u << 4 to
 * `orders` to let the workbench give it 16x16 puzzles anyway.
 *
 * It counts solutions up to the request's limit, reports nodes and guesses and honours the
 * node budget, so it declares SUDOKU_ENGINE_COUNTS | SUDOKU_ENGINE_STATS (and
 * SUDOKU_ENGINE_LAYOUTS).
 *
 * Threads: it exports no sudoku_engine_create, so the workbench passes a NULL state and may
 * call its solve functions from several threads at once. That is fine here because the whole
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
    .flags = SUDOKU_ENGINE_COUNTS | SUDOKU_ENGINE_STATS | SUDOKU_ENGINE_LAYOUTS,
};

const sudoku_engine_info *sudoku_engine_describe(void) { return &INFO; }

#define MAX_SIDE 16
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
/* Room for a layout beyond rows, columns and regions: groups, the cells of all groups together,
 * and the cells of all pairs counted from both ends. Ample for every rule of 16x16 grids
 * (anti-knight and anti-king together give a cell at most 12 partners). */
#define MAX_GROUPS 64
#define MAX_MEMBERSHIPS (8 * MAX_CELLS)
#define MAX_PARTNERS (16 * MAX_CELLS)

/* A blank cell, with the numbers of its three houses (worked out once, not at every step). */
typedef struct blank {
    uint16_t cell;
    uint8_t row, col, box; /* houses: row, side + column, 2 * side + box or region */
} blank;

/* Everything one solve needs. It lives on the stack of the solve call: about 16 KB. */
typedef struct search {
    /* The values each house holds: rows, columns, boxes or regions, then a layout's groups. */
    uint32_t house[3 * MAX_SIDE + MAX_GROUPS];
    uint32_t all;              /* every value: (1 << side) - 1 */
    uint32_t start[MAX_CELLS]; /* the values each cell may hold at all: `all` but pencilmarks */
    uint8_t grid[MAX_CELLS];   /* the puzzle as filled so far */
    blank blanks[MAX_CELLS];   /* blanks[depth..] are still empty */
    int blank_count, cell_count;
    /* The groups of cell c: house numbers group_of[group_at[c]] to group_of[group_at[c+1] - 1];
     * the cells it pairs with: partner_of[partner_at[c]] to partner_of[partner_at[c+1] - 1].
     * All empty on a classic grid. */
    uint16_t group_at[MAX_CELLS + 1], partner_at[MAX_CELLS + 1];
    uint8_t group_of[MAX_MEMBERSHIPS];
    uint16_t partner_of[MAX_PARTNERS];
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

/* The values the blank `b` may take now: those of its starting set that none of its houses
 * and groups holds and none of its partners was given. */
static uint32_t candidates_of(const search *s, const blank *b) {
    uint32_t taken = s->house[b->row] | s->house[b->col] | s->house[b->box];
    for (int i = s->group_at[b->cell]; i < s->group_at[b->cell + 1]; i++)
        taken |= s->house[s->group_of[i]];
    for (int i = s->partner_at[b->cell]; i < s->partner_at[b->cell + 1]; i++) {
        uint8_t value = s->grid[s->partner_of[i]];
        if (value) taken |= 1u << (value - 1);
    }
    return s->start[b->cell] & ~taken;
}

/* Adds the value `bit` to the houses and groups of `b`, or takes it away again (it is never
 * there before it is added). */
static void toggle(search *s, const blank *b, uint32_t bit) {
    s->house[b->row] ^= bit;
    s->house[b->col] ^= bit;
    s->house[b->box] ^= bit;
    for (int i = s->group_at[b->cell]; i < s->group_at[b->cell + 1]; i++)
        s->house[s->group_of[i]] ^= bit;
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
        uint32_t candidates = candidates_of(s, &s->blanks[i]);
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
        toggle(s, &chosen, bit);
        int stop = fill(s, depth + 1);
        toggle(s, &chosen, bit);
        s->grid[chosen.cell] = 0;
        if (stop) return 1; /* the search is over: nothing is read again */
    }
    /* Put the blanks back in order, for the caller's next candidate. */
    memmove(&s->blanks[depth], &s->blanks[depth + 1], (size_t)(best - depth) * sizeof(blank));
    s->blanks[best] = chosen;
    return 0;
}

/* Sets at[0..cell_count] to where each cell's entries start in a table of `total` entries, one
 * for each of `cells` (the cells of every group, or of every pair), each cell's together; and
 * next[c] to at[c], the first free entry of cell c. Returns 0 when a cell is outside the grid
 * or the table would hold more than `room` entries. */
static int count_entries(const search *s, const uint16_t *cells, uint32_t total, uint32_t room,
                         uint16_t *at, uint16_t *next) {
    if (total > room) return 0;
    memset(at, 0, (size_t)(s->cell_count + 1) * sizeof *at);
    for (uint32_t i = 0; i < total; i++) {
        if (cells[i] >= s->cell_count) return 0;
        at[cells[i] + 1]++;
    }
    for (int cell = 0; cell < s->cell_count; cell++) {
        at[cell + 1] += at[cell];
        next[cell] = at[cell];
    }
    return 1;
}

/* Reads the layout's groups, pairs and starting candidates into `s` (whose cell_count and all
 * are set). Returns a message when it is not one this engine can hold, else NULL. */
static const char *read_layout(search *s, int side, const sudoku_engine_layout *layout) {
    uint16_t next[MAX_CELLS];
    for (int cell = 0; cell < s->cell_count; cell++) s->start[cell] = s->all;
    if (layout == NULL) {
        memset(s->group_at, 0, (size_t)(s->cell_count + 1) * sizeof s->group_at[0]);
        memset(s->partner_at, 0, (size_t)(s->cell_count + 1) * sizeof s->partner_at[0]);
        return NULL;
    }
    /* A workbench of a later form of the header may pass a longer struct; never a shorter. */
    if (layout->struct_size < sizeof *layout) return "the layout is shorter than this header's";

    uint32_t groups = layout->group_count;
    if (groups > MAX_GROUPS) return "backtrack holds at most 64 groups";
    if (groups > 0 && layout->group_starts[0] != 0) return "the first group does not start at 0";
    uint32_t members = groups ? layout->group_starts[groups] : 0;
    if (!count_entries(s, layout->group_cells, members, MAX_MEMBERSHIPS, s->group_at, next))
        return "the groups have cells outside the grid, or too many for backtrack";
    for (uint32_t g = 0; g < groups; g++) {
        uint32_t first = layout->group_starts[g], end = layout->group_starts[g + 1];
        if (first > end || end > members) return "the groups' starts are out of order";
        for (uint32_t i = first; i < end; i++)
            s->group_of[next[layout->group_cells[i]]++] = (uint8_t)(3 * side + (int)g);
    }

    uint32_t pairs = layout->pair_count;
    if (pairs > MAX_PARTNERS / 2) return "backtrack holds at most 2048 pairs";
    if (!count_entries(s, layout->pairs, 2 * pairs, MAX_PARTNERS, s->partner_at, next))
        return "a pair has a cell outside the grid";
    for (uint32_t p = 0; p < pairs; p++) {
        uint16_t a = layout->pairs[2 * p], b = layout->pairs[2 * p + 1];
        s->partner_of[next[a]++] = b;
        s->partner_of[next[b]++] = a;
    }

    if (layout->candidates)
        for (int cell = 0; cell < s->cell_count; cell++)
            s->start[cell] = (uint32_t)layout->candidates[cell] & s->all;
    return NULL;
}

/* Solves `request` under `layout` (NULL for a classic grid): both entry points come here. */
static int32_t solve(const sudoku_engine_request *request, const sudoku_engine_layout *layout,
                     sudoku_engine_result *result) {
    int side = (int)request->side;
    int order = side == 4 ? 2 : side == 9 ? 3 : side == 16 ? 4 : 0;
    if (order == 0) {
        result->message = "backtrack solves 4x4, 9x9 and 16x16 grids only";
        return SUDOKU_ENGINE_UNSUPPORTED;
    }

    /* Set field by field rather than zeroed whole: the tables are written as far as the grid
     * reaches, and a classic 9x9 puzzle need not pay for clearing 16 KB. */
    search s;
    memset(s.house, 0, sizeof s.house);
    s.cell_count = side * side;
    s.all = (uint32_t)((1ul << side) - 1);
    s.blank_count = 0;
    s.limit = request->limit > 0 ? request->limit : 1;
    s.budget = request->budget > 0 ? request->budget : UINT64_MAX;
    s.count = s.guesses = 0;
    s.out_of_budget = 0;
    s.solution = result->solution;
    s.nodes = 1; /* the puzzle itself is the first node */
    const char *problem = read_layout(&s, side, layout);
    if (problem) {
        result->message = problem;
        return SUDOKU_ENGINE_UNSUPPORTED;
    }
    const uint8_t *regions = layout ? layout->regions : NULL;

    /* Read the clues into the house sets, and list the blanks. */
    int consistent = 1;
    memset(s.grid, 0, (size_t)s.cell_count);
    for (int cell = 0; cell < s.cell_count; cell++) {
        uint8_t value = request->cells[cell];
        int row = cell / side, col = cell % side;
        int box = regions ? regions[cell] : (row / order) * order + col / order;
        if (value > side || box >= side) {
            result->message = value > side ? "a cell holds a value above the side"
                                           : "a cell's region is not below the side";
            return SUDOKU_ENGINE_BAD_PUZZLE;
        }
        blank b = {(uint16_t)cell, (uint8_t)row, (uint8_t)(side + col), (uint8_t)(2 * side + box)};
        if (value == 0) {
            s.blanks[s.blank_count++] = b;
            continue;
        }
        uint32_t bit = 1u << (value - 1);
        /* The workbench never sends a clue that breaks a rule, but a caller might: no solution
         * then (and the sets are left as they are: nothing reads them again). */
        if (consistent && !(candidates_of(&s, &b) & bit)) consistent = 0;
        s.grid[cell] = value;
        if (consistent) toggle(&s, &b, bit);
    }

    if (consistent) fill(&s, 0);

    result->count = s.count;
    result->budget_exhausted = (uint32_t)s.out_of_budget;
    result->nodes = s.nodes;
    result->guesses = s.guesses;
    return SUDOKU_ENGINE_OK;
}

/* Required: solve one puzzle. The workbench has zeroed *result and pointed result->solution
 * at side*side bytes; we write count, the solution (when count >= 1), the counters, and
 * budget_exhausted. Error codes come with a message that must outlive the call: literals. */
int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state; /* always NULL: no sudoku_engine_create is exported */
    return solve(request, NULL, result);
}

/* Required with SUDOKU_ENGINE_LAYOUTS: solve one puzzle of another layout (never NULL). */
int32_t sudoku_engine_solve_layout(void *state, const sudoku_engine_request *request,
                                   const sudoku_engine_layout *layout,
                                   sudoku_engine_result *result) {
    (void)state;
    return solve(request, layout, result);
}
