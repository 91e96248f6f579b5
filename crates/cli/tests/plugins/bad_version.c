/* bad_version.c: a test plugin that says it speaks version 7 of the ABI. It must be refused
 * when it is loaded, whatever else it exports (an honest solver here). */
#include "common.h"

const uint32_t sudoku_engine_abi_version = 7;
PLUGIN_DESCRIBE("bad_version")

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    return solve_honestly(request, result);
}
