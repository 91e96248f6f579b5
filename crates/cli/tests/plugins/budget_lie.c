/* budget_lie.c: a test plugin that says its node budget ran out on the targeted puzzles
 * (common.h), though it declares no budget support and is given none, and solves the others. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("budget_lie")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    int32_t code = solve_honestly(request, result);
    if (code == SUDOKU_ENGINE_OK && targeted(request)) {
        result->count = 0;
        result->budget_exhausted = 1;
    }
    return code;
}
