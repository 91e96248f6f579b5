/* bad_cell.c: a test plugin whose solution of the targeted puzzles (common.h) holds 200 in its
 * first cell, a value no grid has; it solves the others. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("bad_cell")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    int32_t code = solve_honestly(request, result);
    if (code == SUDOKU_ENGINE_OK && result->count > 0 && targeted(request)) result->solution[0] = 200;
    return code;
}
