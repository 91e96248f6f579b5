/* wrong_count.c: a test plugin that miscounts the targeted puzzles (common.h): a second
 * solution it never found when asked to count to two or more, none at all when asked for the
 * first. Honest elsewhere. */
#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("wrong_count")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    int32_t code = solve_honestly(request, result);
    if (code == SUDOKU_ENGINE_OK && result->count == 1 && targeted(request)) {
        /* Never above the limit: the workbench would call that a broken protocol instead. */
        result->count = request->limit >= 2 ? 2 : 0;
    }
    return code;
}
