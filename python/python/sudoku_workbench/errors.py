"""The exceptions of sudoku_workbench.

Every bad input is a :class:`PuzzleError`, which is a :class:`ValueError`, so code that
already catches ``ValueError`` keeps working; it says where the problem is. Text has puzzle
numbers, lines and columns (1-based, as the ``sudoku`` program prints them); a sequence or an
array of puzzles has the puzzle's index and the cell (0-based, as Python indexes them).
"""

from __future__ import annotations

from typing import Optional

__all__ = ["SudokuError", "PuzzleError", "InternalError"]


class SudokuError(Exception):
    """Anything that went wrong in the workbench."""


class PuzzleError(SudokuError, ValueError):
    """A puzzle that cannot be read or solved as given: malformed text, a value out of
    range, a clue repeated in a row, column or box.

    >>> from sudoku_workbench import solve
    >>> try:
    ...     solve([1, 1] + [0] * 14)
    ... except PuzzleError as error:
    ...     print(error.cell, error.column)
    1 2
    """

    puzzle: Optional[int]
    """The puzzle's 1-based number in its text, or its index plus one in a sequence."""
    line: Optional[int]
    """The 1-based line of the text where the problem is."""
    column: Optional[int]
    """The 1-based column of that line (for cells given as values: the cell plus one)."""
    index: Optional[int]
    """The 0-based index of the puzzle in the sequence or array it was given in."""
    cell: Optional[int]
    """The 0-based row-major index of the cell at fault, for cells given as values."""

    def __init__(
        self,
        message: str,
        puzzle: Optional[int] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        index: Optional[int] = None,
        cell: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.puzzle = puzzle
        self.line = line
        self.column = column
        self.index = index
        self.cell = cell


class InternalError(SudokuError, RuntimeError):
    """A bug in the workbench (a panic in its Rust code), raised instead of ending the
    interpreter. Please report it with the call that raised it."""
