"""The functions of sudoku_workbench on their own: reading and writing, one solve, a batch,
rating, explaining, generating, and what bad input, a panic and Ctrl-C do."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import List

import numpy as np
import pytest

import sudoku_workbench as sw

REPOSITORY = Path(__file__).resolve().parents[2]
SHIPPED = REPOSITORY / "data" / "corpus" / "generated-10000.txt"
# A 9x9 puzzle with one solution, and that solution.
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def is_solution(puzzle: List[int], solution: List[int]) -> bool:
    """Whether ``solution`` fills ``puzzle`` (9x9) by the rules, checked here in Python."""
    if any(p and p != s for p, s in zip(puzzle, solution)):
        return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + r) * 9 + b % 3 * 3 + c for r in range(3) for c in range(3)] for b in range(9)]
    return all(sorted(solution[i] for i in unit) == list(range(1, 10)) for unit in units)


@pytest.fixture(scope="module")
def shipped() -> np.ndarray:
    return sw.read_array(SHIPPED.read_text())


def test_engines_lists_the_registry() -> None:
    entries = {entry.name: entry for entry in sw.engines()}
    assert {"naive", "fast", "dlx", "cdcl", "propagate"} <= set(entries)
    assert entries["fast"].sizes == [9] and entries["fast"].statistics
    assert entries["cdcl"].sizes[0] == 4 and entries["cdcl"].sizes[-1] == 64
    assert all(entry.description for entry in entries.values())


def test_read_gives_every_puzzle_with_its_place() -> None:
    text = "# a comment\n\n" + PUZZLE + "\n" + sw.write(PUZZLE, format="pretty")
    first, second = sw.read(text)
    assert (first.number, first.line, first.format) == (1, 3, "line")
    assert (second.number, second.line, second.format) == (2, 4, "pretty")
    assert first == second and str(first) == PUZZLE and first.clues == 30


@pytest.mark.parametrize("format", ["line", "compact", "judge", "pretty", "bordered"])
def test_every_format_reads_back(format: str) -> None:
    grid = sw.Grid(PUZZLE)
    (back,) = sw.read(sw.write(grid, format=format), format=format)
    assert back == grid


def test_bad_text_names_puzzle_line_and_column() -> None:
    text = PUZZLE + "\n\n" + PUZZLE[:40] + "x" + PUZZLE[41:] + "\n"
    with pytest.raises(sw.PuzzleError) as caught:
        sw.read(text)
    assert isinstance(caught.value, ValueError)
    assert (caught.value.puzzle, caught.value.line, caught.value.column) == (2, 3, 41)
    assert "puzzle 2, line 3, column 41" in str(caught.value)


def test_bad_values_name_the_cell() -> None:
    cells = [int(c) if c != "." else 0 for c in PUZZLE]
    cells[10] = 10
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve(cells)
    assert (caught.value.cell, caught.value.column) == (10, 11)
    cells[10] = 5  # row 2 holds a 5 at r2c6: the later of the two cells is named
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve(cells)
    assert caught.value.cell == 14 and "r2c2" in str(caught.value) and "r2c6" in str(caught.value)
    with pytest.raises(sw.PuzzleError, match="80 values"):
        sw.solve(cells[:80])
    for huge in (2**70, -(2**200)):  # no OverflowError: the cell and its range
        with pytest.raises(sw.PuzzleError, match="cell 5 .*a number that large is not a 9×9 value") as caught:
            sw.solve(cells[:5] + [huge] + cells[6:])
        assert caught.value.cell == 5
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve_many([PUZZLE, cells[:3] + [2**64] + cells[4:]])
    assert (caught.value.index, caught.value.cell) == (1, 3)
    with pytest.raises(TypeError):
        sw.solve(3.5)  # type: ignore[arg-type]


def test_solve_and_count() -> None:
    result = sw.solve(PUZZLE)
    assert result.verdict == "1+" and str(result.solution) == SOLUTION and result.solved
    assert result.nodes is not None and result.nodes >= 1 and result.engine == "fast"
    counted = sw.count(PUZZLE, engine="dlx")
    assert (counted.verdict, counted.count, counted.engine) == ("1", 1, "dlx")
    empty = "." * 81
    assert sw.count(empty, limit=5).verdict == "5+"
    gave_up = sw.count(empty[:-1] + "1", limit=10**6, budget=50, engine="dlx")
    assert gave_up.budget_exhausted and gave_up.verdict.endswith("+?")
    with pytest.raises(ValueError, match="unknown engine|no engine"):
        sw.solve(PUZZLE, engine="no-such-engine")
    with pytest.raises(ValueError, match="solves 9"):
        sw.solve("." * 256, engine="fast")


def test_every_size_is_solved() -> None:
    # 6, 8 and 12 have rectangular boxes (2×3, 2×4, 3×4), which every engine but `fast` takes.
    for side in (4, 6, 8, 12, 16):
        (puzzle,) = sw.generate(side, count=1, seed=3)
        result = sw.count(puzzle)
        assert result.verdict == "1" and result.solution is not None
        assert result.solution.is_full() and result.solution.side == side


def test_solve_many_checks_every_solution(shipped: np.ndarray) -> None:
    batch = sw.solve_many(shipped, limit=2)
    assert batch.solutions.shape == shipped.shape and batch.solutions.dtype == np.uint8
    assert (batch.counts == 1).all() and not batch.gave_up.any()
    assert batch.statistics and (batch.nodes >= 1).all()
    for index in range(0, len(shipped), 997):
        assert is_solution(shipped[index].tolist(), batch.solutions[index].tolist())
    # One thread or two, another engine: the same solutions (each is unique).
    sample = shipped[:500]
    one = sw.solve_many(sample, engine="dlx", threads=1, limit=2)
    two = sw.solve_many(sample, engine="dlx", threads=2, limit=2)
    assert (one.solutions == batch.solutions[:500]).all() and (one.nodes == two.nodes).all()


def test_solve_many_takes_lists_and_other_integer_arrays() -> None:
    from_text = sw.solve_many([PUZZLE, sw.Grid(PUZZLE), [0] * 81])
    assert from_text.counts.tolist() == [1, 1, 1]
    assert "".join(map(str, from_text.solutions[0])) == SOLUTION
    wide = sw.read_array(PUZZLE).astype(np.int64)
    assert sw.solve_many(wide).counts.tolist() == [1]
    assert sw.solve_many(np.asfortranarray(np.repeat(wide, 3, axis=0))).counts.tolist() == [1, 1, 1]
    assert sw.solve_many(np.zeros((0, 81), dtype=np.uint8)).solutions.shape == (0, 81)


def test_solve_many_names_the_bad_puzzle() -> None:
    puzzles = np.repeat(sw.read_array(PUZZLE), 5, axis=0)
    puzzles[3, 2] = 5  # a second 5 in row 1
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve_many(puzzles)
    assert (caught.value.index, caught.value.cell, caught.value.puzzle) == (3, 2, 4)
    puzzles[3, 2] = 12
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve_many(puzzles)
    assert (caught.value.index, caught.value.cell) == (3, 2)
    puzzles16 = puzzles.astype(np.int16)
    puzzles16[1, 7] = -1
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve_many(puzzles16)
    assert (caught.value.index, caught.value.cell) == (1, 7)
    with pytest.raises(sw.PuzzleError) as caught:
        sw.solve_many([PUZZLE, PUZZLE[:-1] + "x"])
    assert caught.value.index == 1 and caught.value.column == 81
    with pytest.raises(sw.PuzzleError, match="one size"):
        sw.solve_many([PUZZLE, "." * 16])


def test_rate_and_explain_agree(shipped: np.ndarray) -> None:
    for index in (0, 1, 2):
        rating = sw.rate(shipped[index])
        path = sw.explain(shipped[index])
        # rate climbs Sudoku Explainer's scale, explain the workbench's: the same puzzle,
        # counted alike, solved by both.
        assert rating.solutions == path.solutions == "1" and rating.end == path.end
        if path.end == "solved":
            assert path.solution is not None and is_solution(shipped[index].tolist(), path.solution.cells)
        for step in path.steps:
            assert step.text and step.technique and (step.placed or step.removed)
            assert all(0 <= cell < 81 and 1 <= digit <= 9 for cell, digit in step.placed + step.removed)
    several = sw.rate("." * 81)
    assert several.solutions == "2+" and several.end == "stuck"


def test_explain_on_sudoku_explainers_scale_writes_its_chains_link_by_link(shipped: np.ndarray) -> None:
    # Puzzle 11 of the shipped corpus: Sudoku Explainer rates it 7.1, for a forcing chain.
    puzzle = shipped[10]
    path = sw.explain(puzzle, scale="explainer")
    assert path.end == "solved" and path.difficulty == sw.rate(puzzle).difficulty == 7.1
    chains = [step for step in path.steps if step.branches]
    assert chains and all(" -> " in step.text for step in chains)
    for step in chains:
        for branch in step.branches:
            # Each link turns the state over (the static chains of this puzzle).
            assert all(a[2] != b[2] for a, b in zip(branch, branch[1:])), step.text
    assert not any(step.branches for step in sw.explain(puzzle).steps)
    workbench = sw.explain(puzzle, scale="workbench")
    assert [s.text for s in workbench.steps] == [s.text for s in sw.explain(puzzle).steps]
    with pytest.raises(ValueError, match="scale must be"):
        sw.explain(puzzle, scale="hodoku")


def test_a_count_that_gives_up_leaves_the_puzzle_unrated_as_the_command_does() -> None:
    # One full row: techniques are stuck at once, and two solutions take more than a node.
    several = "123456789" + "." * 72
    for uniqueness in (True, False):
        rating = sw.rate(several, budget=1, uniqueness=uniqueness)
        assert (rating.end, rating.band) == ("gave-up", None), uniqueness
        assert rating.solutions.endswith("+?")
        path = sw.explain(several, budget=1, uniqueness=uniqueness)
        assert (path.end, path.solution) == ("gave-up", None), uniqueness
    # Counted within the default budget (the command's), or with none.
    assert sw.rate(several).solutions == sw.rate(several, budget=None).solutions == "2+"


def test_generate_is_reproducible() -> None:
    first = sw.generate(9, count=4, seed=11, threads=2)
    again = sw.generate(9, count=4, seed=11, engine="dlx", threads=1)
    assert first == again and len({str(p) for p in first}) == 4
    assert all(sw.count(p).verdict == "1" for p in first)
    with pytest.raises(ValueError, match="side 11"):
        sw.generate(11)
    # As on the command line: no sides past 25.
    with pytest.raises(ValueError, match="sides go up to 25"):
        sw.generate(36)


def test_generate_meets_its_targets_as_the_command_line_does() -> None:
    kwargs = dict(count=3, seed=5, symmetry="rot180", rating="6.5..7.5")
    puzzles = sw.generate(9, threads=2, **kwargs)
    assert puzzles and puzzles == sw.generate(9, threads=1, **kwargs)
    for puzzle in puzzles:
        line = str(puzzle)
        # The half turn maps the clue places onto themselves.
        assert [c != "." for c in line] == [c != "." for c in reversed(line)]
        assert 6.5 <= sw.rate(puzzle).difficulty <= 7.5
        assert sw.count(puzzle).verdict == "1"
    # A mask: the clue places of a minimal puzzle, filled anew.
    model = str(sw.generate(9, count=1, seed=8)[0])
    mask = "".join("." if c == "." else "x" for c in model)
    (filled,) = sw.generate(9, count=1, seed=1, pattern=mask, attempts=20000)
    assert [c != "." for c in str(filled)] == [c != "." for c in model]
    assert sw.count(filled).verdict == "1"
    (easy,) = sw.generate(9, count=1, clues=(30, 34), not_minimal=True, needs=["hidden-single-line"])
    assert 30 <= easy.clues <= 34


# A puzzle the generator made near one of the hardest published ones: it rates 10.5.
HARD = "..4..38...7..8....2..1....6..3....9..8..2....1..7....3......45....8..9....9..5..8"


def test_generate_walks_near_the_puzzles_given() -> None:
    (near,) = sw.generate(9, count=1, seed=2, rating="9.0..", near=[HARD])
    assert str(near) != HARD
    assert sw.count(near).verdict == "1"
    assert sw.rate(near).difficulty >= 9.0
    # Puzzles that no walk can start from are refused, naming the argument.
    with pytest.raises(ValueError, match="^near: puzzle 1 of --near has more than one solution"):
        sw.generate(9, near=["." * 81])
    with pytest.raises(ValueError, match="^near: puzzle 1 of --near is 4×4"):
        sw.generate(9, near=["1" + "." * 15])


@pytest.mark.parametrize(
    "target, name",
    [
        (dict(clues=(10, 16)), "clues"),
        (dict(rating=(20, 30)), "rating"),
        (dict(rating="tricky"), "rating"),
        (dict(needs=["fishbone"]), "needs"),
        (dict(hardest="skyscraper"), "hardest"),
        (dict(symmetry="spiral"), "symmetry"),
        (dict(pattern="x" * 16), "pattern"),
        (dict(attempts=0), "attempts"),
    ],
)
def test_generate_refuses_impossible_targets_naming_the_argument(
    target: dict, name: str
) -> None:
    with pytest.raises(ValueError, match=f"^{name}"):
        sw.generate(9, **target)


def test_a_panic_is_an_exception() -> None:
    with pytest.raises(sw.InternalError, match="on purpose"):
        sw._native._panic_for_test("on purpose")
    # The interpreter lives on, and so does the module.
    assert sw.solve(PUZZLE).solved


def interrupt_after(seconds: float) -> threading.Timer:
    """Sends this process SIGINT (Ctrl-C) in ``seconds``."""
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_solve_many(shipped: np.ndarray) -> None:
    # naive on the whole corpus, many times over: far longer than the test waits.
    puzzles = np.tile(shipped, (20, 1))
    started = time.perf_counter()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        sw.solve_many(puzzles, engine="naive", threads=2, limit=2)
    timer.cancel()
    assert time.perf_counter() - started < 5


def test_a_grid_is_a_sequence_of_cells_and_an_array() -> None:
    grid = sw.solve(PUZZLE).solution
    assert grid is not None
    expected = [int(c) for c in SOLUTION]
    assert list(grid) == grid.cells == expected and len(grid) == 81
    assert sw.Grid(list(grid)) == grid  # a list of its cells is a puzzle again
    array = np.asarray(grid)
    assert array.shape == (9, 9) and array.dtype == np.uint8
    assert array.tolist() == [expected[r * 9 : r * 9 + 9] for r in range(9)]
    assert np.asarray(grid, dtype=np.int64).dtype == np.int64
    assert (np.asarray(sw.Grid(PUZZLE)) == 0).sum() == 81 - 30  # 0 for a blank
    for row in range(9):
        for col in range(9):
            assert grid[row, col] == expected[row * 9 + col] == grid[row * 9 + col]
    for bad in [(9, 0), (0, 9), (-1, 0), (0, -1), (2**70, 0)]:
        with pytest.raises(IndexError, match="row|column"):
            grid[bad]
    for cell in (81, -1, -81, 2**70):
        with pytest.raises(IndexError, match="cell"):
            grid[cell]
    for wrong in ["a", (1, 2, 3), (1.5, 0), None]:
        with pytest.raises(TypeError):
            grid[wrong]  # type: ignore[index]
    with pytest.raises(ValueError, match="copy"):
        grid.__array__(copy=False)
    assert str(grid) == SOLUTION and str(sw.Grid("." * 16)) == "." * 16
    sixteen = sw.generate(16, count=1, seed=2)[0]
    assert np.asarray(sixteen).shape == (16, 16) and sixteen[15, 15] == sixteen.cells[255]
