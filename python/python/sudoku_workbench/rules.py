"""The rules with numbers and lines as Python objects: killer cages, little killers, arrows,
thermometers, sandwiches, x-sums, skyscrapers, kropki dots, XV, odd and even cells, minimum
and maximum cells, palindromes, renban, whispers, between, region-sum and entropic lines,
quadruples, clones, indexers and the negative rules.

One class per kind of rule, each a frozen dataclass of plain values. They are data only: a
``Layout`` takes a list of them (``Layout(9, constraints=[...])``) and hands them to the
workbench's core, which checks each against the grid, and gives them back
(``layout.constraints``, ``step.rules``). A puzzle read from an f-puzzles link carries its
rules as these objects.

Cells are row-major indices from 0 (``0`` is r1c1, ``80`` is r9c9), as ``Grid.cells`` and
``Step.cells`` number them. A clue outside the grid (a little killer's, a sandwich's) is a
``(row, column)`` pair from 0, with ``-1`` for the row above the grid or the column left of
it and the side (``9``) for the row below or the column right of it.

>>> from sudoku_workbench import Cage, Thermometer, Layout
>>> cage = Cage([0, 1, 9], 15)
>>> cage
Cage(cells=(0, 1, 9), sum=15)
>>> layout = Layout(9, constraints=[cage, Thermometer([20, 21, 22])])
>>> layout.constraints
[Cage(cells=(0, 1, 9), sum=15), Thermometer(cells=(20, 21, 22), slow=False)]
>>> layout.words
['killer', 'thermo']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, Tuple, Union

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
]

Clue = Tuple[int, int]


def _cells(cells: Iterable[int]) -> Tuple[int, ...]:
    return tuple(int(cell) for cell in cells)


def _clue(clue: Iterable[int]) -> Clue:
    row, column = (int(n) for n in clue)
    return (row, column)


@dataclass(frozen=True)
class Cage:
    """A killer cage: its digits differ and, with a ``sum``, add to it.

    >>> Cage([0, 1], 3)
    Cage(cells=(0, 1), sum=3)
    """

    cells: Sequence[int]
    sum: Optional[int] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class LittleKiller:
    """A little killer: the digits on the diagonal from ``clue`` (outside the grid) in
    ``direction`` (``"down-right"``, ``"down-left"``, ``"up-right"``, ``"up-left"``) add to
    ``sum``; they may repeat.

    >>> LittleKiller((-1, 2), "down-right", 23)
    LittleKiller(clue=(-1, 2), direction='down-right', sum=23)
    """

    clue: Clue
    direction: str
    sum: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "clue", _clue(self.clue))


@dataclass(frozen=True)
class Arrow:
    """An arrow: the digits along each line add to the digit in the circle, or to the number
    a pill of several cells reads in reading order.

    >>> Arrow([0], [[1, 2]])
    Arrow(circle=(0,), lines=((1, 2),))
    """

    circle: Sequence[int]
    lines: Sequence[Sequence[int]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "circle", _cells(self.circle))
        object.__setattr__(self, "lines", tuple(_cells(line) for line in self.lines))


@dataclass(frozen=True)
class Thermometer:
    """A thermometer: digits increase from the bulb (the first cell); a ``slow`` one never
    decreases.

    >>> Thermometer([0, 1, 2], slow=True)
    Thermometer(cells=(0, 1, 2), slow=True)
    """

    cells: Sequence[int]
    slow: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Sandwich:
    """A sandwich clue: the digits between the 1 and the 9 (the side) of the row or column
    beside ``clue`` add to ``sum``.

    >>> Sandwich((3, -1), 13)
    Sandwich(clue=(3, -1), sum=13)
    """

    clue: Clue
    sum: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "clue", _clue(self.clue))


@dataclass(frozen=True)
class XSum:
    """An x-sum clue: the first ``x`` digits seen from ``clue`` add to ``sum``, ``x`` being
    the first of them."""

    clue: Clue
    sum: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "clue", _clue(self.clue))


@dataclass(frozen=True)
class Skyscraper:
    """A skyscraper clue: ``count`` digits seen from ``clue`` are larger than every digit
    before them."""

    clue: Clue
    count: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "clue", _clue(self.clue))


@dataclass(frozen=True)
class Kropki:
    """A kropki dot between two cells: ``"white"`` (the digits differ by ``value``, 1 unless
    given) or ``"black"`` (one is ``value`` times the other, 2 unless given).

    >>> Kropki((0, 1), "black")
    Kropki(cells=(0, 1), color='black', value=2)
    """

    cells: Sequence[int]
    color: str
    value: Optional[int] = None

    def __post_init__(self) -> None:
        first, second = _cells(self.cells)
        object.__setattr__(self, "cells", (first, second))
        if self.value is None:
            object.__setattr__(self, "value", 2 if self.color == "black" else 1)


@dataclass(frozen=True)
class XV:
    """An X (the two digits add to 10) or a V (to 5) between two cells.

    >>> XV((0, 1), 10)
    XV(cells=(0, 1), sum=10)
    """

    cells: Sequence[int]
    sum: int

    def __post_init__(self) -> None:
        first, second = _cells(self.cells)
        object.__setattr__(self, "cells", (first, second))


@dataclass(frozen=True)
class Odd:
    """An odd cell."""

    cell: int


@dataclass(frozen=True)
class Even:
    """An even cell."""

    cell: int


@dataclass(frozen=True)
class Minimum:
    """A minimum cell: smaller than each cell beside it."""

    cell: int


@dataclass(frozen=True)
class Maximum:
    """A maximum cell: larger than each cell beside it."""

    cell: int


@dataclass(frozen=True)
class Palindrome:
    """A palindrome: the line reads the same from either end."""

    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Renban:
    """A renban line: its digits differ and make a run of consecutive digits."""

    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Whispers:
    """A whispers line: neighbours along it differ by at least ``gap`` (5 on 9×9 unless
    given)."""

    cells: Sequence[int]
    gap: Optional[int] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Between:
    """A between line: the digits between its two ends lie strictly between theirs."""

    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class RegionSum:
    """A region-sum line: its cells in each region it crosses add to the same sum."""

    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Entropic:
    """An entropic line: every three cells in a row along it hold a low, a middle and a high
    digit."""

    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Zipper:
    """A zipper line: two cells as far from its middle, one each side, add to the same sum,
    the middle cell's digit when the line has an odd number of cells."""

    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Quadruple:
    """A quadruple: each of ``values`` appears among the cells (as often as listed)."""

    cells: Sequence[int]
    values: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))
        object.__setattr__(self, "values", _cells(self.values))


@dataclass(frozen=True)
class Clone:
    """Clones: each of ``cells`` holds the digit of its clone in ``clones``."""

    cells: Sequence[int]
    clones: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))
        object.__setattr__(self, "clones", _cells(self.clones))


@dataclass(frozen=True)
class Indexer:
    """Indexer cells of one ``axis``: ``"row"``, ``"column"`` or ``"box"``."""

    axis: str
    cells: Sequence[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _cells(self.cells))


@dataclass(frozen=True)
class Negative:
    """A negative rule of the whole grid: ``"nonconsecutive"`` (no two cells side by side
    consecutive unless a dot joins them), ``"ratio"`` (none in a black dot's ratio unless a
    dot joins them), ``"xv"`` (none adding to 5 or 10 unless an X or V joins them)."""

    kind: str


Rule = Union[
    Cage,
    LittleKiller,
    Arrow,
    Thermometer,
    Sandwich,
    XSum,
    Skyscraper,
    Kropki,
    XV,
    Odd,
    Even,
    Minimum,
    Maximum,
    Palindrome,
    Renban,
    Whispers,
    Between,
    RegionSum,
    Entropic,
    Zipper,
    Quadruple,
    Clone,
    Indexer,
    Negative,
]
