/*
 * A Sudoku program as written for an online judge (Baekjoon 2580): it reads one puzzle on
 * standard input, nine lines of nine numbers separated by spaces with 0 for a blank cell, and
 * prints the solved grid in the same form. Plain backtracking, cells in reading order.
 *
 * Build and declare it as a `judge` engine:
 *
 *     cc -std=c99 -O2 -o judge examples/engines/judge.c
 *     sudoku bench --external 'mine=judge:./judge' --engines fast,mine
 *
 * It prints nothing for a puzzle that has no solution, and exits with status 1 when the input
 * is not nine lines of nine numbers from 0 to 9.
 */
#include <stdbool.h>
#include <stdio.h>

static int grid[9][9];

/* Whether `value` may go at (`row`, `col`): not yet in its row, its column or its box. */
static bool allowed(int row, int col, int value)
{
    int top = row / 3 * 3, left = col / 3 * 3;
    for (int i = 0; i < 9; i++) {
        if (grid[row][i] == value || grid[i][col] == value)
            return false;
        if (grid[top + i / 3][left + i % 3] == value)
            return false;
    }
    return true;
}

/* Fills the blank cells from `cell` on (0 to 80, reading order); false when they cannot be. */
static bool solve(int cell)
{
    if (cell == 81)
        return true;
    int row = cell / 9, col = cell % 9;
    if (grid[row][col] != 0)
        return solve(cell + 1);
    for (int value = 1; value <= 9; value++) {
        if (allowed(row, col, value)) {
            grid[row][col] = value;
            if (solve(cell + 1))
                return true;
        }
    }
    grid[row][col] = 0;
    return false;
}

/* Whether the clues already repeat a value in a row, a column or a box. */
static bool clues_clash(void)
{
    for (int cell = 0; cell < 81; cell++) {
        int row = cell / 9, col = cell % 9, value = grid[row][col];
        if (value == 0)
            continue;
        grid[row][col] = 0;
        bool clash = !allowed(row, col, value);
        grid[row][col] = value;
        if (clash)
            return true;
    }
    return false;
}

int main(void)
{
    for (int row = 0; row < 9; row++) {
        for (int col = 0; col < 9; col++) {
            if (scanf("%d", &grid[row][col]) != 1 || grid[row][col] < 0 || grid[row][col] > 9) {
                fprintf(stderr, "expected nine lines of nine numbers from 0 to 9\n");
                return 1;
            }
        }
    }
    if (clues_clash() || !solve(0))
        return 0;
    for (int row = 0; row < 9; row++) {
        for (int col = 0; col < 9; col++)
            printf(col < 8 ? "%d " : "%d\n", grid[row][col]);
    }
    return 0;
}
