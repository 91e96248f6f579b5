/*
 * A Sudoku engine for the workbench's line protocol (docs/engine-protocol.md), in one C99 file.
 *
 * Backtracking on bit sets of candidates, filling the empty cell with the fewest candidates
 * first. It counts solutions up to the limit it is given, honours the node budget, and reports
 * nodes, guesses and its own time. It reads grids up to 25x25 but says it solves 4x4 and 9x9
 * only: without propagation, minimal 16x16 puzzles can take it minutes. Copy it and change
 * search().
 *
 *     cc -O2 -o backtrack examples/engines/backtrack.c
 *     sudoku bench --external 'c=protocol:./backtrack' ...
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIDE 25
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
#define MAX_LINE (1 << 20)

static const char SYMBOLS[] = "123456789ABCDEFGHIJKLMNOP";

/* The puzzle being searched and what the search has found so far. */
static int side, cells;
static int values[MAX_CELLS];
static int row_of[MAX_CELLS], col_of[MAX_CELLS], box_of[MAX_CELLS];
static uint32_t rows[MAX_SIDE], cols[MAX_SIDE], boxes[MAX_SIDE], full;
static int empty[MAX_CELLS], empty_count;
static int solution[MAX_CELLS];
static uint64_t count, limit, nodes, guesses, budget;
static int gave_up;

static int popcount(uint32_t bits) {
    int n = 0;
    for (; bits; bits &= bits - 1) n++;
    return n;
}

static int lowest_value(uint32_t bit) {
    int value = 1;
    while (!(bit & 1)) {
        bit >>= 1;
        value++;
    }
    return value;
}

/* Fills empty[depth..]; returns 1 when the search must stop (limit reached or budget spent). */
static int search(int depth) {
    if (depth == empty_count) {
        if (count++ == 0) memcpy(solution, values, sizeof(int) * (size_t)cells);
        return count >= limit;
    }
    int best = depth, best_size = MAX_SIDE + 1;
    uint32_t best_candidates = 0;
    for (int index = depth; index < empty_count; index++) {
        int cell = empty[index];
        uint32_t candidates = full & ~(rows[row_of[cell]] | cols[col_of[cell]] | boxes[box_of[cell]]);
        int size = popcount(candidates);
        if (size < best_size) {
            best = index;
            best_size = size;
            best_candidates = candidates;
            if (size <= 1) break;
        }
    }
    if (best_size == 0) return 0;
    int cell = empty[best];
    empty[best] = empty[depth];
    empty[depth] = cell;
    int row = row_of[cell], col = col_of[cell], box = box_of[cell];
    if (best_size > 1) guesses++;
    for (uint32_t candidates = best_candidates; candidates;) {
        uint32_t bit = candidates & (~candidates + 1);
        candidates ^= bit;
        if (++nodes > budget) {
            gave_up = 1;
            return 1;
        }
        values[cell] = lowest_value(bit);
        rows[row] |= bit;
        cols[col] |= bit;
        boxes[box] |= bit;
        int stop = search(depth + 1);
        rows[row] ^= bit;
        cols[col] ^= bit;
        boxes[box] ^= bit;
        values[cell] = 0;
        if (stop) return 1;
    }
    return 0;
}

/* Reads a puzzle written as one word of symbols; 0 if it is not one. */
static int read_puzzle(const char *text) {
    size_t length = strlen(text);
    side = length == 16 ? 4 : length == 81 ? 9 : length == 256 ? 16 : length == 625 ? 25 : 0;
    if (side == 0) return 0;
    cells = side * side;
    int order = side == 4 ? 2 : side == 9 ? 3 : side == 16 ? 4 : 5;
    full = (uint32_t)((1u << side) - 1);
    memset(rows, 0, sizeof rows);
    memset(cols, 0, sizeof cols);
    memset(boxes, 0, sizeof boxes);
    empty_count = 0;
    int consistent = 1;
    for (int cell = 0; cell < cells; cell++) {
        char symbol = text[cell];
        if (symbol >= 'a' && symbol <= 'z') symbol = (char)(symbol - 'a' + 'A');
        const char *found = symbol ? strchr(SYMBOLS, symbol) : NULL;
        int value = (symbol == '.' || symbol == '0') ? 0 : found ? (int)(found - SYMBOLS) + 1 : -1;
        if (value < 0 || value > side) return 0;
        row_of[cell] = cell / side;
        col_of[cell] = cell % side;
        box_of[cell] = (row_of[cell] / order) * order + col_of[cell] / order;
        values[cell] = value;
        if (value == 0) {
            empty[empty_count++] = cell;
            continue;
        }
        uint32_t bit = 1u << (value - 1);
        if ((rows[row_of[cell]] | cols[col_of[cell]] | boxes[box_of[cell]]) & bit) consistent = 0;
        rows[row_of[cell]] |= bit;
        cols[col_of[cell]] |= bit;
        boxes[box_of[cell]] |= bit;
    }
    /* A clue repeated in a unit: no solution, nothing to search. */
    if (!consistent) empty_count = -1;
    return 1;
}

static uint64_t now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Answers `solve ID LIMIT BUDGET PUZZLE` (the words after `solve`). */
static void answer(char *id, char *limit_text, char *budget_text, char *puzzle, char *extra) {
    char *end;
    if (!id) {
        puts("error - expected: solve ID LIMIT BUDGET PUZZLE");
        return;
    }
    if (!limit_text || !budget_text || !puzzle || extra) {
        printf("error %s expected: solve ID LIMIT BUDGET PUZZLE\n", id);
        return;
    }
    limit = strtoull(limit_text, &end, 10);
    if (*end || limit == 0) {
        printf("error %s unreadable limit\n", id);
        return;
    }
    budget = UINT64_MAX;
    if (strcmp(budget_text, "-") != 0) {
        budget = strtoull(budget_text, &end, 10);
        if (*end) {
            printf("error %s unreadable budget\n", id);
            return;
        }
    }
    if (!read_puzzle(puzzle)) {
        printf("error %s unreadable puzzle (4x4 to 25x25, one symbol per cell)\n", id);
        return;
    }
    uint64_t started = now_ns();
    count = 0;
    nodes = 1; /* the puzzle itself */
    guesses = 0;
    gave_up = 0;
    if (empty_count >= 0) search(0);
    uint64_t elapsed = now_ns() - started;
    printf("answer %s %llu %s", id, (unsigned long long)count, gave_up ? "gave-up" : "complete");
    if (count > 0) {
        putchar(' ');
        for (int cell = 0; cell < cells; cell++) putchar(SYMBOLS[solution[cell] - 1]);
    }
    printf(" nodes=%llu guesses=%llu time-ns=%llu\n", (unsigned long long)nodes,
           (unsigned long long)guesses, (unsigned long long)elapsed);
}

int main(void) {
    static char line[MAX_LINE + 2];
    while (fgets(line, sizeof line, stdin)) {
        size_t length = strlen(line);
        if (length > 0 && line[length - 1] != '\n' && !feof(stdin)) {
            /* Longer than the protocol allows: skip the rest of it. */
            int c;
            while ((c = getchar()) != EOF && c != '\n') {
            }
            puts("error - request too long");
            fflush(stdout);
            continue;
        }
        char *word = strtok(line, " \t\r\n");
        if (!word) continue;
        if (strcmp(word, "sudoku-protocol") == 0) {
            puts("protocol 1");
            puts("name backtrack.c (bit sets, fewest candidates first)");
            puts("sizes 4 9");
            puts("feature counts budget stats time");
            puts("ready");
        } else if (strcmp(word, "ping") == 0) {
            puts("pong");
        } else if (strcmp(word, "solve") == 0) {
            char *id = strtok(NULL, " \t\r\n");
            char *limit_text = strtok(NULL, " \t\r\n");
            char *budget_text = strtok(NULL, " \t\r\n");
            char *puzzle = strtok(NULL, " \t\r\n");
            answer(id, limit_text, budget_text, puzzle, strtok(NULL, " \t\r\n"));
        } else if (strcmp(word, "quit") == 0) {
            break;
        }
        /* Anything else is a request of a later version: ignored. */
        fflush(stdout);
    }
    return 0;
}
