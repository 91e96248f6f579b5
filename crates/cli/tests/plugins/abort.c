/* abort.c: a test plugin that calls abort() (SIGABRT) on the targeted puzzles (common.h) and
 * solves the others. */
#include <stdlib.h>

#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("abort")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    if (targeted(request)) abort();
    return solve_honestly(request, result);
}
