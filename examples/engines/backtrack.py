#!/usr/bin/env python3
"""A Sudoku engine for the workbench's line protocol (docs/engine-protocol.md), in plain Python.

Backtracking on bit sets of candidates, filling the empty cell with the fewest candidates
first. It counts solutions up to the limit it is given, honours the node budget, and reports
nodes, guesses and its own time. Standard library only; copy it and change `search`.

    sudoku bench --external 'py=protocol:python3 examples/engines/backtrack.py' ...
"""

import sys
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


class Board:
    """A puzzle of side n*n: values per cell, and the values used per row, column and box."""

    def __init__(self, values, side):
        order = int(round(side ** 0.5))
        self.side = side
        self.values = values
        self.full = (1 << side) - 1
        self.row_of = [cell // side for cell in range(side * side)]
        self.col_of = [cell % side for cell in range(side * side)]
        self.box_of = [
            (row // order) * order + col // order for row, col in zip(self.row_of, self.col_of)
        ]
        self.rows = [0] * side
        self.cols = [0] * side
        self.boxes = [0] * side
        self.consistent = True
        for cell, value in enumerate(values):
            if value:
                bit = 1 << (value - 1)
                row, col, box = self.row_of[cell], self.col_of[cell], self.box_of[cell]
                if (self.rows[row] | self.cols[col] | self.boxes[box]) & bit:
                    self.consistent = False
                self.rows[row] |= bit
                self.cols[col] |= bit
                self.boxes[box] |= bit
        self.empty = [cell for cell, value in enumerate(values) if value == 0]


def solve(board, limit, budget):
    """Searches the board: (count, first solution or None, gave_up, nodes, guesses)."""
    found = []
    count = 0
    nodes = 1  # the puzzle itself
    guesses = 0
    gave_up = False
    if not board.consistent:
        return 0, None, False, nodes, guesses
    values, rows, cols, boxes = board.values, board.rows, board.cols, board.boxes
    row_of, col_of, box_of, full = board.row_of, board.col_of, board.box_of, board.full
    empty = board.empty

    def search(depth):
        nonlocal count, nodes, guesses, gave_up
        if depth == len(empty):
            count += 1
            if not found:
                found.append(list(values))
            return count >= limit
        # The empty cell with the fewest candidates goes first (moved to position `depth`).
        best, best_candidates, best_size = depth, 0, 99
        for index in range(depth, len(empty)):
            cell = empty[index]
            candidates = full & ~(rows[row_of[cell]] | cols[col_of[cell]] | boxes[box_of[cell]])
            size = bin(candidates).count("1")
            if size < best_size:
                best, best_candidates, best_size = index, candidates, size
                if size <= 1:
                    break
        if best_size == 0:
            return False
        empty[depth], empty[best] = empty[best], empty[depth]
        cell = empty[depth]
        row, col, box = row_of[cell], col_of[cell], box_of[cell]
        if best_size > 1:
            guesses += 1
        candidates = best_candidates
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            nodes += 1
            if nodes > budget:
                gave_up = True
                return True
            values[cell] = bit.bit_length()
            rows[row] |= bit
            cols[col] |= bit
            boxes[box] |= bit
            stop = search(depth + 1)
            rows[row] ^= bit
            cols[col] ^= bit
            boxes[box] ^= bit
            values[cell] = 0
            if stop:
                return True
        return False

    search(0)
    return count, (found[0] if found else None), gave_up, nodes, guesses


def read_puzzle(text):
    """The values of a puzzle written as one word of symbols, and its side; None if unreadable."""
    side = {16: 4, 81: 9, 256: 16, 625: 25}.get(len(text))
    if side is None:
        return None
    values = []
    for symbol in text.upper():
        value = 0 if symbol in ".0" else SYMBOLS.find(symbol) + 1
        if value < 0 or value > side:
            return None
        values.append(value)
    return values, side


def answer(words):
    """The answer line to `solve ID LIMIT BUDGET PUZZLE`."""
    if len(words) != 5:
        return "error %s expected: solve ID LIMIT BUDGET PUZZLE" % (words[1] if len(words) > 1 else "-")
    _, request, limit, budget, text = words
    puzzle = read_puzzle(text)
    if puzzle is None or not limit.isdigit() or not (budget == "-" or budget.isdigit()):
        return "error %s unreadable request" % request
    values, side = puzzle
    if side not in (4, 9):
        return "error %s this engine solves 4x4 and 9x9 only" % request
    started = time.perf_counter_ns()
    count, solution, gave_up, nodes, guesses = solve(
        Board(values, side), max(1, int(limit)), float("inf") if budget == "-" else int(budget)
    )
    elapsed = time.perf_counter_ns() - started
    line = "answer %s %d %s" % (request, count, "gave-up" if gave_up else "complete")
    if solution:
        line += " " + "".join(SYMBOLS[value - 1] for value in solution)
    return line + " nodes=%d guesses=%d time-ns=%d" % (nodes, guesses, elapsed)


def main():
    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "sudoku-protocol":
            print("protocol 1")
            print("name backtrack.py (bit sets, fewest candidates first)")
            print("sizes 4 9")
            print("feature counts budget stats time")
            print("ready")
        elif words[0] == "ping":
            print("pong")
        elif words[0] == "solve":
            print(answer(words))
        elif words[0] == "quit":
            break
        # Anything else is a request of a later version: ignored.
        sys.stdout.flush()


if __name__ == "__main__":
    main()
