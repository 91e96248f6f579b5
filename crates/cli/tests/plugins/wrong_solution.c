/* wrong_solution.c: a test plugin that, on the targeted puzzles (common.h), answers with its
 * solution's first two cells swapped: count 1, a grid that is no solution. Honest elsewhere. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("wrong_solution")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    int32_t code = solve_honestly(request, result);
    if (code == SUDOKU_ENGINE_OK && result->count > 0 && targeted(request)) {
        /* Two cells of one row hold different values: swapped, the row still has every
         * value, but the columns (and a clue, if either was one) are broken. */
        uint8_t first = result->solution[0];
        result->solution[0] = result->solution[1];
        result->solution[1] = first;
    }
    return code;
}
