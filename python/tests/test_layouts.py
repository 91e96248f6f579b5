"""Layouts: variant grids made, inspected, solved, written and read back from Python."""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

import pytest

import sudoku_workbench as sw

# `sudoku generate --layout x --count 1 --seed 3`: 18 clues, unique with the diagonals only.
X_PUZZLE = "9.5.......6......4.............73....2...6.954..8........7...4.2........653......"

# A 6×6 jigsaw: each region is one of the 2×3 boxes with a cell traded with a neighbour.
JIGSAW_REGIONS = """
111222
113224
133244
333444
555666
555666
"""

# A 4×4 puzzle of four clues and its solution.
SMALL = "...42....1....3."
SMALL_SOLUTION = "1324241331424231"


def distinct(values: Sequence[int]) -> bool:
    return len(set(values)) == len(values)


def diagonals(cells: Sequence[int], side: int) -> List[List[int]]:
    main = [cells[i * side + i] for i in range(side)]
    anti = [cells[i * side + side - 1 - i] for i in range(side)]
    return [main, anti]


def test_an_x_layout_says_what_it_is() -> None:
    x = sw.Layout(9, rules=["x"])
    assert x.side == 9 and x.rules == ["x"] and x.words == ["x"] and x.name == "9×9 x"
    assert x.regions is None and x.extra == [] and x.candidates is None
    # Other spellings of the word, and one string of words, name the same rules.
    assert sw.Layout(9, rules="diagonal") == x
    both = sw.Layout(9, rules="anti-knight, x")
    assert both.rules == ["x", "anti-knight"] and both != x
    assert repr(both) == "Layout(side=9, rules=['x', 'anti-knight'])"


def test_an_x_puzzle_is_solved_with_its_diagonals_distinct() -> None:
    x = sw.Layout(9, rules=["x"])
    puzzle = sw.Grid(X_PUZZLE, layout=x)
    assert puzzle.layout == x and puzzle.clues == 18
    # Without the diagonals the 18 clues leave many solutions; with them, one.
    assert sw.count(X_PUZZLE).verdict == "2+"
    counted = sw.count(puzzle)
    assert counted.verdict == "1"
    result = sw.solve(puzzle)
    solution = result.solution
    assert solution is not None and solution.is_full()
    assert solution.layout == x
    cells = solution.cells
    assert all(cells[i] == v for i, v in enumerate(puzzle.cells) if v)
    assert all(distinct(d) for d in diagonals(cells, 9))
    # Every engine that takes the layout finds the same one solution.
    for engine in ("dlx", "propagate", "cdcl", "norvig", "alldiff", "logic"):
        assert sw.solve(puzzle, engine=engine).solution == solution, engine


def test_an_engine_without_layouts_refuses_an_x_grid() -> None:
    puzzle = sw.Grid(X_PUZZLE, layout=sw.Layout(9, rules="x"))
    with pytest.raises(ValueError, match="engine 'fast' solves classic grids only, not 9×9 x") as caught:
        sw.solve(puzzle, engine="fast")
    assert "\n" not in str(caught.value)
    with pytest.raises(ValueError):
        sw.count(puzzle, engine="fast")


def test_a_jigsaw_from_a_string_of_regions() -> None:
    jigsaw = sw.Layout(6, regions=JIGSAW_REGIONS)
    assert jigsaw.words == ["jigsaw"] and jigsaw.name == "6×6 jigsaw"
    regions = jigsaw.regions
    assert regions is not None and len(regions) == 36 and sorted(set(regions)) == list(range(6))
    # The same regions as integers (any marks) make the same layout.
    marks = [10 * int(c) for c in JIGSAW_REGIONS if c.isdigit()]
    assert sw.Layout(6, regions=marks) == jigsaw
    # The regions are not boxes: cells 0 and 8 (r1c1, r2c3) share a box, not a region.
    assert regions[0] != regions[8]
    empty = sw.Grid([0] * 36, layout=jigsaw)
    solution = sw.solve(empty).solution
    assert solution is not None and solution.is_full()
    for region in range(6):
        values = [v for v, r in zip(solution.cells, regions) if r == region]
        assert sorted(values) == list(range(1, 7)), region
    # The filled grid read back from its own text keeps the regions, and is its one solution.
    again = sw.Grid(str(solution))
    assert again == solution and again.layout == jigsaw
    assert sw.count(again).verdict == "1"


def test_a_jigsaw_given_may_repeat_in_a_box() -> None:
    jigsaw = sw.Layout(6, regions=JIGSAW_REGIONS)
    # Cells 0 and 8 (r1c1, r2c3) share the first box but not a region.
    cells = [0] * 36
    cells[0] = cells[8] = 1
    with pytest.raises(sw.PuzzleError):
        sw.Grid(cells)
    assert sw.Grid(cells, layout=jigsaw).clues == 2


def test_a_pencilmark_puzzle_from_candidates() -> None:
    every = list(range(1, 5))
    # Each given's value alone, every value elsewhere: the classic puzzle again.
    same = [[int(c)] if c != "." else every for c in SMALL]
    layout = sw.Layout(4, candidates=same)
    assert layout.words == ["pencilmark"] and layout.candidates == same
    grid = sw.Grid([0] * 16, layout=layout)
    result = sw.count(grid)
    assert result.verdict == "1" and result.solution is not None
    assert str(result.solution) == SMALL_SOLUTION and result.solution.layout is None
    # Take the solution's value out of the first cell's candidates: no solution is left.
    fewer = [list(c) for c in same]
    fewer[0] = [v for v in every if v != int(SMALL_SOLUTION[0])]
    assert sw.count(sw.Grid([0] * 16, layout=sw.Layout(4, candidates=fewer))).verdict == "0"
    # Its text is a pencilmark line, which reads back to the same candidates (64 marks are
    # also an 8×8 line: the format is named).
    text = str(grid)
    assert len(text) == 64
    (back,) = sw.read(text, format="pencilmark")
    assert back == grid and back.layout == layout


def test_a_nine_by_nine_pencilmark_line_reads_back_by_itself() -> None:
    line = sw.write(X_PUZZLE, format="pencilmark").strip()
    assert len(line) == 729
    grid = sw.Grid(line)
    layout = grid.layout
    assert layout is not None and layout.words == ["pencilmark"]
    candidates = layout.candidates
    assert candidates is not None
    assert [c for c, v in zip(candidates, X_PUZZLE) if v != "."] == [[int(v)] for v in X_PUZZLE if v != "."]
    assert str(grid) == line and sw.Grid(str(grid)) == grid


def test_a_given_outside_its_candidates_is_refused() -> None:
    candidates = [[1, 2]] + [list(range(1, 5))] * 15
    with pytest.raises(sw.PuzzleError, match="not one of its candidates"):
        sw.Grid([3] + [0] * 15, layout=sw.Layout(4, candidates=candidates))


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"rules": ["x", "knight"]}, "rules: `knight` is not a rule"),
        ({"rules": "windoku", "regions": JIGSAW_REGIONS}, "rules: `windoku` needs"),
        ({"regions": "1" * 35}, "regions: 35 region marks for a grid of 36 cells"),
        ({"regions": "1" * 36}, "regions: region 1 has 36 cells, not 6"),
        ({"extra": [[0, 40]]}, "extra: extra region 1"),
        ({"extra": [[0, -1]]}, "extra: extra region 1"),
        ({"extra": [[0, 1]] * 1025}, "extra: 1025 extra regions; a layout carries at most 1024"),
        ({"candidates": [[1]] * 35}, "candidates: 35 lists"),
        ({"candidates": [[7]] * 36}, r"candidates: cell 0 \(r1c1\) has 7"),
    ],
)
def test_bad_layouts_say_what_is_wrong(arguments: Dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        sw.Layout(6, **arguments)
    assert "\n" not in str(caught.value)


def test_extra_groups_that_add_nothing_are_merged() -> None:
    # The same group twice (in another order), and a group that is the first row.
    layout = sw.Layout(6, extra=[[0, 7], [7, 0], [0, 1, 2, 3, 4, 5]])
    assert layout.extra == [[0, 7]]
    assert layout == sw.Layout(6, extra=[[0, 7]])


def test_a_layout_of_another_size_is_refused() -> None:
    with pytest.raises(ValueError, match="a layout of a 4×4 grid with 2×2 boxes for a 9×9 grid"):
        sw.Grid(X_PUZZLE, layout=sw.Layout(4, rules="x"))
    (tall,) = sw.read("# boxes 3x2\n" + "." * 36)
    with pytest.raises(ValueError, match="6×6 grid with 2×3 boxes for a 6×6 grid with 3×2 boxes"):
        tall.with_layout(sw.Layout(6, rules="x"))


def test_grid_text_reads_back_with_its_layout() -> None:
    layout = sw.Layout(9, rules=["x", "anti-king"], extra=[[0, 10, 20]])
    grid = sw.Grid(X_PUZZLE).with_layout(layout)
    text = str(grid)
    assert text.startswith("# layout") and text.endswith(X_PUZZLE)
    assert sw.Grid(text) == grid and sw.Grid(text).layout == layout
    (read,) = sw.read(sw.write(grid))
    assert read == grid
    (pretty,) = sw.read(sw.write(grid, format="pretty"))
    assert pretty == grid
    # repr makes the grid again.
    assert eval(repr(grid), {"Grid": sw.Grid, "Layout": sw.Layout}) == grid
    # Dropping the layout gives the classic grid, unequal to the variant one.
    classic = grid.with_layout(None)
    assert classic.layout is None and str(classic) == X_PUZZLE and classic != grid


def test_jigsaw_repr_makes_the_layout_again() -> None:
    jigsaw = sw.Layout(6, regions=JIGSAW_REGIONS, rules="anti-king")
    assert eval(repr(jigsaw), {"Layout": sw.Layout}) == jigsaw


def test_generate_makes_puzzles_of_a_layout() -> None:
    puzzles = sw.generate(9, count=2, seed=3, layout="x")
    assert len(puzzles) == 2
    for puzzle in puzzles:
        assert puzzle.layout == sw.Layout(9, rules="x")
        assert sw.count(puzzle).verdict == "1"
    # The command line's first puzzle of this seed.
    assert str(puzzles[0]).splitlines()[-1] == X_PUZZLE
    jigsaws = sw.generate(6, count=1, seed=1, layout="jigsaw")
    assert jigsaws[0].layout is not None and jigsaws[0].layout.words == ["jigsaw"]
    with pytest.raises(ValueError, match="layout: `knight` is not a layout"):
        sw.generate(9, layout="knight")
    with pytest.raises(ValueError, match="layout"):
        sw.generate(9, layout="x", rating="7..8")


def test_generate_refuses_rules_no_grid_keeps_and_bounds_its_draws() -> None:
    # No 4×4 grid keeps anti-king, nor a 6×6 one both moves: refused before any work,
    # rather than drawn forever.
    with pytest.raises(ValueError, match="layout: no 4×4 grid keeps anti-king"):
        sw.generate(4, layout="anti-king")
    with pytest.raises(ValueError, match="no 6×6 grid keeps anti-knight anti-king"):
        sw.generate(6, layout="anti-knight anti-king")
    # Grids exist, but few drawn jigsaws have one: each puzzle number stops after its
    # attempts, and what was found (perhaps nothing) comes back.
    made = sw.generate(9, count=2, layout="jigsaw anti-knight anti-king", attempts=3)
    assert len(made) <= 2
    for puzzle in made:
        assert sw.count(puzzle).verdict == "1"
