/*
 * common.h: what the hostile test plugins share (crates/cli/tests/it/plugins.rs builds them).
 *
 * Each plugin is an honest, small solver that misbehaves in one way on some puzzles: the
 * targeted ones, picked by their content so that the test knows them in advance and a worker
 * process started again after a crash picks the same ones. A plugin includes this file,
 * defines sudoku_engine_abi_version and calls PLUGIN_DESCRIBE, and writes sudoku_engine_solve
 * around solve_honestly().
 */
#ifndef HOSTILE_COMMON_H
#define HOSTILE_COMMON_H

#include <stdint.h>
#include <string.h>

#include "sudoku_engine.h"

/* Defines sudoku_engine_describe for an engine called NAME that solves 4x4 and 9x9 and counts
 * solutions (no nodes or guesses: no SUDOKU_ENGINE_STATS). */
#define PLUGIN_DESCRIBE(NAME)                                                                \
    static const sudoku_engine_info plugin_info = {                                          \
        NAME, "a hostile test plugin", (1u << 2) | (1u << 3), SUDOKU_ENGINE_COUNTS};         \
    const sudoku_engine_info *sudoku_engine_describe(void) { return &plugin_info; }

/* Whether the plugin misbehaves on this puzzle: its clues add up to a multiple of 7 (and it
 * has clues). plugins.rs picks the same puzzles with the same rule. */
static inline int targeted(const sudoku_engine_request *request) {
    uint32_t sum = 0;
    for (uint32_t cell = 0; cell < request->side * request->side; cell++) sum += request->cells[cell];
    return sum > 0 && sum % 7 == 0;
}

/* The honest solver: backtracking, the blank with the fewest candidates first, candidates
 * found by scanning the cell's row, column and box (slow, short, enough for a test). */
typedef struct honest {
    int side, order;
    uint8_t grid[81];
    uint64_t count, limit;
    uint8_t *solution;
} honest;

/* The values cell can take, as bits 1 to side (bit v: value v). */
static inline uint32_t candidates_of(const honest *h, int cell) {
    int side = h->side, order = h->order, row = cell / side, col = cell % side;
    int top = row - row % order, left = col - col % order;
    uint32_t used = 0;
    for (int i = 0; i < side; i++) {
        used |= 1u << h->grid[row * side + i];
        used |= 1u << h->grid[i * side + col];
        used |= 1u << h->grid[(top + i / order) * side + left + i % order];
    }
    return ~used & (((1u << side) - 1) << 1);
}

static void search(honest *h) {
    int best = -1, best_size = 99;
    uint32_t best_set = 0;
    for (int cell = 0; cell < h->side * h->side; cell++) {
        if (h->grid[cell]) continue;
        uint32_t set = candidates_of(h, cell);
        int size = 0;
        for (uint32_t bits = set; bits; bits &= bits - 1) size++;
        if (size < best_size) {
            best = cell;
            best_size = size;
            best_set = set;
        }
    }
    if (best < 0) { /* no blank left: a solution */
        if (h->count++ == 0) memcpy(h->solution, h->grid, (size_t)(h->side * h->side));
        return;
    }
    for (int value = 1; value <= h->side && h->count < h->limit; value++) {
        if (!(best_set >> value & 1)) continue;
        h->grid[best] = (uint8_t)value;
        search(h);
    }
    h->grid[best] = 0;
}

/* Solves the request as an honest plugin would (the workbench sends no repeated clue). */
static inline int32_t solve_honestly(const sudoku_engine_request *request, sudoku_engine_result *result) {
    honest h;
    h.side = (int)request->side;
    h.order = h.side == 4 ? 2 : h.side == 9 ? 3 : 0;
    if (h.order == 0) {
        result->message = "4x4 and 9x9 only";
        return SUDOKU_ENGINE_UNSUPPORTED;
    }
    memcpy(h.grid, request->cells, (size_t)(h.side * h.side));
    h.count = 0;
    h.limit = request->limit;
    h.solution = result->solution;
    search(&h);
    result->count = h.count;
    return SUDOKU_ENGINE_OK;
}

#endif
