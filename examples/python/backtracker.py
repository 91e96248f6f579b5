"""A Python solver to race against the built-in engines: plain depth-first search on bit
sets, the empty cell with the fewest candidates first, counting nodes and guesses the way
the workbench's engines count them (a node is the puzzle plus every tentative placement; a
guess is a cell tried with two or more candidates). It is the classroom case: about thirty
lines a student could write, timed and cross-checked beside ``fast`` and ``dlx``.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from sudoku_workbench import SolveResult

# For each of the 81 cells: its row, column and box.
_UNITS: List[Tuple[int, int, int]] = [
    (cell // 9, cell % 9, (cell // 27) * 3 + (cell % 9) // 3) for cell in range(81)
]
_ALL = 0b11_1111_1110  # values 1..9 as bits 1..9


class Backtracker:
    """Solves 9x9 puzzles; declares that it counts solutions up to ``limit`` and reports
    statistics (so the bench gives it the node budget and shows its nodes and guesses)."""

    name = "python-backtracker"
    counts = True
    statistics = True
    sizes = (9,)

    def solve(self, grid: List[int], limit: int, budget: Optional[int]) -> SolveResult:
        rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
        cells = list(grid)
        empty: List[int] = []
        for cell, value in enumerate(cells):
            if value:
                r, c, b = _UNITS[cell]
                rows[r] |= 1 << value
                cols[c] |= 1 << value
                boxes[b] |= 1 << value
            else:
                empty.append(cell)
        nodes, guesses, found = 1, 0, 0
        first: Optional[List[int]] = None
        gave_up = False

        def search() -> bool:
            """True when the search must stop: the limit reached or the budget spent."""
            nonlocal nodes, guesses, found, first, gave_up
            best, best_free, best_count = -1, 0, 10
            for cell in empty:
                if cells[cell]:
                    continue
                r, c, b = _UNITS[cell]
                free = _ALL & ~(rows[r] | cols[c] | boxes[b])
                count = bin(free).count("1")
                if count < best_count:
                    best, best_free, best_count = cell, free, count
                    if count <= 1:
                        break
            if best < 0:
                found += 1
                if first is None:
                    first = list(cells)
                return found >= limit
            if best_count == 0:
                return False
            if best_count >= 2:
                guesses += 1
            r, c, b = _UNITS[best]
            for value in range(1, 10):
                bit = 1 << value
                if not best_free & bit:
                    continue
                if budget is not None and nodes >= budget:
                    gave_up = True
                    return True
                nodes += 1
                cells[best] = value
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                stop = search()
                cells[best] = 0
                rows[r] &= ~bit
                cols[c] &= ~bit
                boxes[b] &= ~bit
                if stop:
                    return True
            return False

        search()
        return SolveResult(
            solution=first, count=found, nodes=nodes, guesses=guesses, budget_exhausted=gave_up
        )
