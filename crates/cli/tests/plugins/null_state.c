/* null_state.c: a test plugin whose sudoku_engine_create returns NULL (it cannot make a state):
 * every puzzle fails. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("null_state")

void *sudoku_engine_create(void) { return NULL; }

void sudoku_engine_destroy(void *state) { (void)state; }

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    return solve_honestly(request, result);
}
