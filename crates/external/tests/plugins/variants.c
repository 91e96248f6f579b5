/*
 * The example engine library examples/plugins/backtrack.c under other declarations, to test
 * how the workbench treats libraries that say other things of layouts. Built with one of:
 *
 *   -DCLASSIC_ONLY   a library of the first form of the ABI: no SUDOKU_ENGINE_LAYOUTS, no
 *                    sudoku_engine_solve_layout (it solves classic grids, as backtrack does)
 *   -DIGNORES_RULES  declares SUDOKU_ENGINE_LAYOUTS, but its sudoku_engine_solve_layout
 *                    solves the grid as a classic one, breaking the layout's rules
 *   -DNO_ENTRY       declares SUDOKU_ENGINE_LAYOUTS and exports no sudoku_engine_solve_layout
 */
#define sudoku_engine_describe backtrack_describe
#define sudoku_engine_solve_layout backtrack_solve_layout
#include "../../../../examples/plugins/backtrack.c"
#undef sudoku_engine_describe
#undef sudoku_engine_solve_layout

const sudoku_engine_info *sudoku_engine_describe(void);

const sudoku_engine_info *sudoku_engine_describe(void) {
    static sudoku_engine_info info;
    info = *backtrack_describe();
#if defined(CLASSIC_ONLY)
    info.flags &= ~SUDOKU_ENGINE_LAYOUTS;
#endif
    return &info;
}

#if defined(IGNORES_RULES)
int32_t sudoku_engine_solve_layout(void *state, const sudoku_engine_request *request,
                                   const sudoku_engine_layout *layout,
                                   sudoku_engine_result *result) {
    (void)layout;
    return sudoku_engine_solve(state, request, result);
}
#endif
