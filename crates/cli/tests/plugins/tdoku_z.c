/*
 * tdoku_z.c: a function of tdoku's solver type (see tdoku_type.c) that writes 'Z' into its
 * solution of the targeted puzzles (common.h), a character no solution holds; honest on the
 * others.
 */
#include <stddef.h>

#include "common.h"

size_t ZSolver(const char *input, size_t limit, uint32_t configuration, char *solution,
               size_t *num_guesses) {
    uint8_t cells[81], solved[81];
    (void)configuration;
    for (int cell = 0; cell < 81; cell++) {
        char c = input[cell];
        cells[cell] = (c >= '1' && c <= '9') ? (uint8_t)(c - '0') : 0;
    }
    sudoku_engine_request request = {9, cells, limit, 0};
    sudoku_engine_result result;
    memset(&result, 0, sizeof result);
    result.solution = solved;
    solve_honestly(&request, &result);
    if (result.count > 0) {
        for (int cell = 0; cell < 81; cell++) solution[cell] = (char)('0' + solved[cell]);
        if (targeted(&request)) solution[40] = 'Z';
    }
    *num_guesses = 0;
    return (size_t)result.count;
}
