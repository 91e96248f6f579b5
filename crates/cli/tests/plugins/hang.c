/* hang.c: a test plugin that spins forever, without a system call, on the targeted puzzles
 * (common.h) and solves the others. Only a worker process can be stopped from outside. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("hang")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    if (targeted(request)) {
        /* volatile: the loop is kept, and its counter changes on every turn. */
        for (volatile uint64_t spin = 0;; spin++) {
        }
    }
    return solve_honestly(request, result);
}
