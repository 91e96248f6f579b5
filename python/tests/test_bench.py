"""The bench from Python: built-in engines and Python solvers in one run, cross-checked."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import List, Optional

import numpy as np
import pytest

import sudoku_workbench as sw

REPOSITORY = Path(__file__).resolve().parents[2]
SHIPPED = REPOSITORY / "data" / "corpus" / "generated-10000.txt"


@pytest.fixture(scope="module")
def sample() -> np.ndarray:
    return sw.read_array(SHIPPED.read_text())[:60]


def solved_by_fast(grid: List[int], limit: int, budget: Optional[int]) -> Optional[List[int]]:
    """A Python solver as a plain function: returns a solution, or None."""
    result = sw.solve(grid, engine="fast")
    return result.solution.cells if result.solution is not None else None


class Counting:
    """A Python solver object that counts and reports statistics, through dlx."""

    name = "counting"
    counts = True
    statistics = True

    def solve(self, grid: List[int], limit: int, budget: Optional[int]) -> sw.SolveResult:
        return sw.solve(grid, engine="dlx", limit=limit, budget=budget)


def test_python_solvers_beside_built_in_engines(sample: np.ndarray) -> None:
    run = sw.bench(sample, engines=["fast", solved_by_fast, Counting()], mode="unique")
    records = {record["engine"]: record for record in run.records}
    assert list(records) == ["fast", "solved_by_fast", "counting"]
    assert run.disagreements == [] and run.failures == []
    for record in records.values():
        assert record["puzzles"] == len(sample) and record["solved"] == len(sample)
    # Declared statistics come through; an undeclared solver has none.
    assert records["counting"]["instrumented"] and records["counting"]["nodes_total"] > 0
    assert records["solved_by_fast"]["nodes_total"] is None
    assert records["counting"]["one_solution"] == len(sample)
    assert len(run.rows) == 3 * len(sample)
    row = run.rows[-1]
    assert row["engine"] == "counting" and row["verdict"] == "solved" and row["nodes"] > 0
    assert run.report["mode"] == "unique" and run.report["files"][0]["puzzles"] == len(sample)


def test_an_exception_is_that_puzzle_failure_only(sample: np.ndarray) -> None:
    calls = []

    def flaky(grid: List[int], limit: int, budget: Optional[int]) -> Optional[List[int]]:
        calls.append(1)
        if len(calls) % 10 == 3:
            raise ZeroDivisionError("a bug in the student's code")
        return solved_by_fast(grid, limit, budget)

    run = sw.bench(sample, engines=["dlx", flaky], threads=1, mode="first")
    failed = [row for row in run.rows if row["verdict"] == "crashed"]
    assert len(failed) == len(run.failures) == len(sample) // 10
    assert all(f["engine"] == "flaky" and "ZeroDivisionError" in f["message"] for f in run.failures)
    records = {record["engine"]: record for record in run.records}
    assert records["flaky"]["solved"] == len(sample) - len(failed)
    assert records["dlx"]["solved"] == len(sample)
    assert run.disagreements == []


def test_wrong_answers_are_caught(sample: np.ndarray) -> None:
    def liar(grid: List[int], limit: int, budget: Optional[int]) -> List[int]:
        cells = solved_by_fast(grid, limit, budget)
        assert cells is not None
        return cells[1:] + cells[:1]  # every cell moved: not a solution

    def garbage(grid: List[int], limit: int, budget: Optional[int]) -> List[int]:
        return [1, 2, 3]

    run = sw.bench(sample[:5], engines=["fast", liar, garbage], mode="first")
    assert len(run.disagreements) == 5
    kinds = {(f["engine"], f["kind"]) for f in run.failures}
    assert kinds == {("garbage", "protocol-error")}


def test_rows_make_a_dataframe(sample: np.ndarray) -> None:
    pandas = pytest.importorskip("pandas")
    run = sw.bench(sample, engines=["fast", "dlx"], repeat=2)
    frame = pandas.DataFrame(run.rows)
    assert list(frame.columns) == [
        "file", "size", "puzzle", "line", "engine", "verdict", "count", "us", "nodes", "guesses", "message",
        "digest",
    ]
    assert len(frame) == 2 * len(sample) and (frame["us"] > 0).all()
    assert (frame["digest"] == run.report["files"][0]["digest"]).all()
    per_engine = frame.groupby("engine")["nodes"].sum()
    records = {record["engine"]: record for record in run.records}
    assert per_engine["dlx"] == records["dlx"]["nodes_total"]


def test_files_and_text_are_benched(tmp_path: Path) -> None:
    path = tmp_path / "three.txt"
    path.write_text("".join(str(p) + "\n" for p in sw.generate(9, count=3, seed=5)))
    from_file = sw.bench(path, engines=["dlx"])
    from_text = sw.bench(path.read_text(), engines=["dlx"], name="three")
    assert from_file.records[0]["puzzles"] == from_text.records[0]["puzzles"] == 3
    assert from_file.records[0]["file"] == str(path) and from_text.records[0]["file"] == "three"
    with pytest.raises(ValueError, match="named twice"):
        sw.bench(path, engines=["dlx", "dlx"])
    with pytest.raises(TypeError):
        sw.bench(path, engines=[42])  # type: ignore[list-item]
    bad = path.read_text().splitlines()
    bad[1] = bad[1][:30] + "?" + bad[1][31:]
    path.write_text("\n".join(bad) + "\n")
    with pytest.raises(sw.PuzzleError) as caught:
        sw.bench(path, engines=["dlx"])
    assert (caught.value.puzzle, caught.value.line, caught.value.column) == (2, 2, 31)
    assert str(caught.value).startswith(str(path) + ": puzzle 2, line 2, column 31")


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_bench(sample: np.ndarray) -> None:
    def slow(grid: List[int], limit: int, budget: Optional[int]) -> Optional[List[int]]:
        time.sleep(0.05)
        return solved_by_fast(grid, limit, budget)

    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        sw.bench(sample, engines=["fast", slow], threads=1)
    timer.cancel()
    assert time.perf_counter() - started < 2  # the whole run would take 3 s at least
