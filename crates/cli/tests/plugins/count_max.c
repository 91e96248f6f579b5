/* count_max.c: a test plugin that claims UINT64_MAX solutions of the targeted puzzles
 * (common.h), far above any limit asked, and solves the others. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("count_max")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    int32_t code = solve_honestly(request, result);
    if (code == SUDOKU_ENGINE_OK && targeted(request)) result->count = UINT64_MAX;
    return code;
}
