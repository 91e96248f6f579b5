/* segfault.c: a test plugin that writes through a null pointer (SIGSEGV) on the targeted
 * puzzles (common.h) and solves the others. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("segfault")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    if (targeted(request)) {
        /* Volatile twice: the compiler can neither tell the pointer is null nor drop the
         * store (it may remove a plain store through a pointer it could prove null). */
        volatile int *volatile nowhere = NULL;
        *nowhere = 1;
    }
    return solve_honestly(request, result);
}
