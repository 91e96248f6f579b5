/* chatty.c: an honest test plugin that prints to standard output: a line when it is loaded (a
 * constructor), and on every solve a debug line, then lines that would pass for the protocol's
 * answer to the request a worker expects next (`answer N 0 complete`, N counting the calls
 * from 1, as the harness numbers its requests) and for a `pong`. None of it may reach the
 * harness as an answer. */
#include <stdio.h>

#include "common.h"

const uint32_t sudoku_engine_abi_version = SUDOKU_ENGINE_ABI_VERSION;
PLUGIN_DESCRIBE("chatty")

__attribute__((constructor)) static void loaded(void) {
    printf("chatty: loaded\n");
    printf("protocol 1\nname forged\nsizes 4\nready\n");
    fflush(stdout);
}

static unsigned long calls;

int32_t sudoku_engine_solve(void *state, const sudoku_engine_request *request,
                            sudoku_engine_result *result) {
    (void)state;
    calls++;
    printf("debug: solve %lu\nanswer %lu 0 complete\npong\n", calls, calls);
    fflush(stdout);
    return solve_honestly(request, result);
}
