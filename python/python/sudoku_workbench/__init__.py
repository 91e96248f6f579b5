"""The Sudoku workbench from Python: every engine, batch solving on numpy arrays, rating,
explanations, generation, and the cross-checking bench, with Python solvers raced beside
the built-in engines.

The work is done in Rust (the ``_native`` extension); this module adds what is better said
in Python: the input forms ``solve_many`` and ``bench`` accept, and the bench's result.

>>> import sudoku_workbench as sw
>>> result = sw.solve("...42....1....3.", limit=2)
>>> result.verdict, str(result.solution)
('1', '1324241331424231')
>>> batch = sw.solve_many(["...42....1....3.", ".1....4......23."])
>>> batch.counts.tolist()
[1, 1]
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Protocol, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import _native
from ._native import (
    Batch,
    EngineEntry,
    Explanation,
    Grid,
    Layout,
    Rating,
    Rows,
    SolveResult,
    Step,
    automorphisms,
    candidates,
    canon,
    count,
    engines,
    explain,
    estimate,
    generate,
    minimize,
    rate,
    read,
    read_array,
    redundant_givens,
    solutions,
    solve,
    write,
)
from .errors import InternalError, PuzzleError, SudokuError
from .rules import (
    XV,
    Arrow,
    Between,
    Cage,
    Clone,
    Entropic,
    Even,
    Indexer,
    Kropki,
    LittleKiller,
    Maximum,
    Minimum,
    Negative,
    Odd,
    Palindrome,
    Quadruple,
    RegionSum,
    Renban,
    Rule,
    Sandwich,
    Skyscraper,
    Thermometer,
    Whispers,
    XSum,
    Zipper,
)

__all__ = [
    "Arrow",
    "Between",
    "Cage",
    "Clone",
    "Entropic",
    "Even",
    "Indexer",
    "Kropki",
    "LittleKiller",
    "Maximum",
    "Minimum",
    "Negative",
    "Odd",
    "Palindrome",
    "Quadruple",
    "RegionSum",
    "Renban",
    "Rule",
    "Sandwich",
    "Skyscraper",
    "Thermometer",
    "Whispers",
    "XSum",
    "XV",
    "Zipper",
    "Batch",
    "BenchResult",
    "EngineEntry",
    "Explanation",
    "Grid",
    "InternalError",
    "Layout",
    "PuzzleError",
    "Rating",
    "Rows",
    "SolveResult",
    "Solver",
    "Step",
    "SudokuError",
    "automorphisms",
    "bench",
    "candidates",
    "canon",
    "count",
    "engines",
    "estimate",
    "explain",
    "generate",
    "minimize",
    "rate",
    "read",
    "read_array",
    "redundant_givens",
    "solutions",
    "solve",
    "solve_many",
    "write",
]

PuzzleLike = Union[str, Grid, Sequence[int], "npt.NDArray[np.integer[Any]]"]
"""A puzzle: text in any format, a Grid, or side*side integers row by row (0 for a blank)."""

Puzzles = Union[Sequence[PuzzleLike], "npt.NDArray[np.integer[Any]]"]
"""Puzzles of one size: an (N, side*side) integer array, or a sequence of puzzles."""

Answer = Union[None, str, Grid, Sequence[int], SolveResult, Any]
"""What a Python solver returns: None (no solution), a solution, or a result object."""


class Solver(Protocol):
    """A Python solver object for :func:`bench`: ``solve`` gets the puzzle's cells (a list
    of ``side*side`` integers, 0 for a blank), the number of solutions to stop at, and the
    node budget (None unless the solver declares ``statistics = True``)."""

    def solve(self, grid: List[int], limit: int, budget: Optional[int]) -> Answer: ...


SolverFunction = Callable[[List[int], int, Optional[int]], Answer]
"""A Python solver as a plain function of the same arguments as :meth:`Solver.solve`."""

EngineLike = Union[str, Solver, SolverFunction]
"""An engine of a bench: a built-in engine's name, or a Python solver."""


def _as_array(puzzles: Puzzles) -> npt.NDArray[np.uint8]:
    """Puzzles as a C-contiguous (N, side*side) uint8 array, checking what a cast would
    hide (negative values, values past 255)."""
    if isinstance(puzzles, np.ndarray):
        array = puzzles
        if array.ndim != 2:
            raise PuzzleError(f"an array of puzzles has two dimensions (N, side*side), not {array.ndim}")
        if array.dtype != np.uint8:
            if not np.issubdtype(array.dtype, np.integer):
                raise TypeError(f"an array of puzzles holds integers, not {array.dtype}")
            if array.size:
                bad = np.argwhere((array < 0) | (array > 64))
                if len(bad):
                    index, cell = (int(v) for v in bad[0])
                    raise PuzzleError(
                        f"puzzle at index {index}: cell {cell}: {array[index, cell]} is no value of any grid",
                        puzzle=index + 1,
                        column=cell + 1,
                        index=index,
                        cell=cell,
                    )
        return np.ascontiguousarray(array, dtype=np.uint8)
    rows: List[npt.NDArray[np.uint8]] = []
    for index, puzzle in enumerate(puzzles):
        try:
            grid = puzzle if isinstance(puzzle, Grid) else Grid(puzzle)
        except PuzzleError as error:
            raise PuzzleError(
                f"puzzle at index {index}: {error}",
                puzzle=index + 1,
                line=error.line,
                column=error.column,
                index=index,
                cell=error.cell,
            ) from None
        if rows and len(grid) != len(rows[0]):
            raise PuzzleError(
                f"puzzle at index {index}: a {grid.side}x{grid.side} puzzle among others of "
                f"{len(rows[0])} cells: the puzzles of one call have one size",
                puzzle=index + 1,
                index=index,
            )
        rows.append(grid.to_numpy())
    if not rows:
        return np.zeros((0, 81), dtype=np.uint8)
    return np.stack(rows)


def solve_many(
    puzzles: Puzzles,
    engine: Optional[str] = None,
    threads: Optional[int] = None,
    limit: int = 1,
    budget: Optional[int] = None,
) -> Batch:
    """Solves every puzzle in parallel (``threads`` workers, one per core by default, at
    most 256 or the number of cores where there are more, as ``sudoku solve --threads``) with
    the GIL released; Ctrl-C stops it.

    ``puzzles`` is an (N, side*side) integer array (``uint8`` is used in place; other integer
    types are converted) or a sequence of puzzles of one size (text, Grids, lists of
    integers). Returns a :class:`Batch`: ``solutions`` (N, side*side) ``uint8``, zeros where
    none was found, and ``counts``, ``nodes``, ``guesses``, ``gave_up`` of N each.

    >>> import numpy as np
    >>> from sudoku_workbench import read_array, solve_many
    >>> puzzles = read_array("...42....1....3.\\n.1....4......23.\\n")
    >>> batch = solve_many(puzzles, engine="dlx", limit=2)
    >>> batch.solutions.shape, batch.counts.tolist()
    ((2, 16), [1, 1])
    >>> bool((batch.solutions[puzzles != 0] == puzzles[puzzles != 0]).all())
    True
    """
    return _native.solve_many(_as_array(puzzles), engine, threads, limit, budget)


@dataclass
class BenchResult:
    """A bench run: ``report`` holds the fields of ``sudoku bench --format json`` (records,
    files, disagreements, failures...; see docs/bench-json.md), ``rows`` one dict per puzzle
    and engine (the columns of ``sudoku bench --per-puzzle``), kept compact: see
    :class:`Rows`. ``pandas.DataFrame(run.rows.columns())`` is the frame of the rows."""

    report: Dict[str, Any] = field(repr=False)
    rows: Rows = field(repr=False)

    def __repr__(self) -> str:
        engines = list(dict.fromkeys(record["engine"] for record in self.records))
        puzzles = sum(file["puzzles"] for file in self.report["files"])
        skipped = ""
        if self.not_applicable:
            pairs = [f"{n['engine']} on {n['size']}" for n in self.not_applicable]
            skipped = f", not_applicable={pairs}"
        return (
            f"BenchResult(engines={engines}, puzzles={puzzles}, rows={len(self.rows)}, "
            f"disagreements={len(self.disagreements)}, failures={len(self.failures)}{skipped})"
        )

    @property
    def records(self) -> List[Dict[str, Any]]:
        """One record per engine, file and size: times, counts, statistics."""
        records: List[Dict[str, Any]] = self.report["records"]
        return records

    @property
    def disagreements(self) -> List[Dict[str, Any]]:
        """Every puzzle on which the engines disagreed (empty when they all agreed)."""
        found: Optional[List[Dict[str, Any]]] = self.report.get("disagreements")
        return found or []

    @property
    def failures(self) -> List[Dict[str, Any]]:
        """Every puzzle an engine failed on (a Python solver that raised, say, or overran
        its time limit)."""
        found: List[Dict[str, Any]] = self.report.get("failures") or []
        return found

    @property
    def not_applicable(self) -> List[Dict[str, Any]]:
        """Every engine that was not run on the puzzles of a size because it does not solve
        that size (``engine``, ``file``, ``size``, ``puzzles``, ``engine_sizes``): the rows
        ``sudoku bench`` shows as ``n/a``."""
        found: List[Dict[str, Any]] = self.report.get("not_applicable") or []
        return found


def bench(
    puzzles: Union[str, "os.PathLike[str]", Puzzles],
    engines: Optional[Sequence[EngineLike]] = None,
    mode: str = "unique",
    repeat: int = 1,
    budget: Optional[int] = None,
    threads: Optional[int] = None,
    cross_check: bool = True,
    name: Optional[str] = None,
    time_limit: Optional[float] = None,
) -> BenchResult:
    """Runs ``sudoku bench``'s harness: every engine over the puzzles, answers checked and
    compared, times and statistics per engine.

    ``puzzles`` is a file (a ``pathlib.Path``), text of puzzles (a ``str``), an array or a
    sequence of puzzles. ``engines`` holds built-in engines' names and Python solvers: an
    object with a ``solve(grid, limit, budget)`` method or a function of those arguments,
    returning None, a solution or a :class:`SolveResult`. A solver may declare ``name``,
    ``counts = True`` (it counts solutions up to ``limit``), ``statistics = True`` (it
    returns nodes and guesses and honours ``budget``) and ``sizes`` (the sides it solves). An
    exception it raises is its failure on that puzzle; the run goes on. A solver's name
    follows the rule of ``sudoku``'s engine names (letters, digits, ``-``, ``_``, ``.``; not
    a built-in engine's name). ``mode`` is ``unique`` (count to two) or ``first``;
    ``repeat`` timing passes give medians; ``threads`` is bounded as ``sudoku bench
    --threads`` is.

    Each call of a Python solver runs on a thread of its own, with ``time_limit`` seconds
    (60 by default, as for engines from outside; built-in engines have none): a call that
    overruns it is that solver's ``timed-out`` failure on the puzzle and is abandoned (its
    daemon thread runs on until it returns; until then the solver is not called again, and
    each further puzzle is ``timed-out`` at once). Ctrl-C stops the run at once, whatever a
    solver is doing. An engine that solves none of a size's puzzles is not run on them: the
    run lists it in ``not_applicable`` (``n/a`` in ``sudoku bench``'s table) and warns.

    >>> from sudoku_workbench import bench
    >>> def backtrack(grid, limit, budget):
    ...     cell = grid.index(0) if 0 in grid else -1
    ...     if cell < 0:
    ...         return grid
    ...     row, col = divmod(cell, 4)
    ...     for value in range(1, 5):
    ...         peers = [grid[row * 4 + c] for c in range(4)] + [grid[r * 4 + col] for r in range(4)]
    ...         box = [grid[(row // 2 * 2 + r) * 4 + col // 2 * 2 + c] for r in range(2) for c in range(2)]
    ...         if value not in peers + box:
    ...             found = backtrack(grid[:cell] + [value] + grid[cell + 1:], limit, budget)
    ...             if found is not None:
    ...                 return found
    ...     return None
    >>> run = bench("...42....1....3.\\n.1....4......23.\\n", engines=["dlx", backtrack], mode="first")
    >>> [(r["engine"], r["solved"]) for r in run.records]
    [('dlx', 2), ('backtrack', 2)]
    >>> run
    BenchResult(engines=['dlx', 'backtrack'], puzzles=2, rows=4, disagreements=0, failures=0)
    """
    corpus: Union[str, "os.PathLike[str]", npt.NDArray[np.uint8]]
    if isinstance(puzzles, (str, os.PathLike)):
        corpus = puzzles
        default_name = os.fspath(puzzles) if isinstance(puzzles, os.PathLike) else "puzzles"
    else:
        corpus = _as_array(puzzles)
        default_name = "puzzles"
    report, rows = _native.bench(
        corpus,
        list(engines or []),
        name=name or default_name,
        mode=mode,
        repeat=repeat,
        budget=budget,
        threads=threads,
        cross_check=cross_check,
        time_limit=time_limit,
    )
    result = BenchResult(report=report, rows=rows)
    for skipped in result.not_applicable:
        puzzles = f"{skipped['puzzles']} puzzle{'' if skipped['puzzles'] == 1 else 's'}"
        warnings.warn(
            f"{skipped['file']}: engine {skipped['engine']} solves {skipped['engine_sizes']}: "
            f"it was not run on the {puzzles} of size {skipped['size']}",
            stacklevel=2,
        )
    return result
