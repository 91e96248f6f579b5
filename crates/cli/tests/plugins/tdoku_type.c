/*
 * tdoku_type.c: a function of tdoku's solver type for crates/cli/tests/it/plugins.rs, as the
 * published solvers of tdoku's benchmark export it:
 *
 *     size_t TestSolver(const char *input, size_t limit, uint32_t configuration,
 *                       char *solution, size_t *num_guesses);
 *
 * It solves honestly (common.h's solver) and reports the number of blank cells as its guess
 * count, so that the test knows what to expect. Configuration 1 writes the first solution as
 * 81 digits; configuration 0 writes none, as the solvers of the collection that only count.
 */
#include <stddef.h>

#include "common.h"

size_t TestSolver(const char *input, size_t limit, uint32_t configuration, char *solution,
                  size_t *num_guesses) {
    uint8_t cells[81], solved[81];
    size_t blanks = 0;
    for (int cell = 0; cell < 81; cell++) {
        char c = input[cell];
        cells[cell] = (c >= '1' && c <= '9') ? (uint8_t)(c - '0') : 0;
        blanks += cells[cell] == 0;
    }
    sudoku_engine_request request = {9, cells, limit, 0};
    sudoku_engine_result result;
    memset(&result, 0, sizeof result);
    result.solution = solved;
    solve_honestly(&request, &result);
    if (result.count > 0 && configuration == 1) {
        for (int cell = 0; cell < 81; cell++) solution[cell] = (char)('0' + solved[cell]);
    }
    *num_guesses = blanks;
    return (size_t)result.count;
}
