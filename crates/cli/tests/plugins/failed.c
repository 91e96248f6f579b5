/* failed.c: a test plugin that returns SUDOKU_ENGINE_FAILED with a long message of two lines
 * on the targeted puzzles (common.h) and solves the others. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("failed")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    if (targeted(request)) {
        result->message = "out of tea: the kettle, the cups and the saucers have all gone "
                          "missing, and the milk went off last week\nand out of patience";
        return SUDOKU_ENGINE_FAILED;
    }
    return solve_honestly(request, result);
}
