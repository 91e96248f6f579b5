"""The bench from Python: built-in engines and Python solvers in one run, cross-checked."""

from __future__ import annotations

import _thread
import csv
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, List, Optional, Tuple

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
    # The engine fails on chosen puzzles, not on every tenth call: the clock may solve a batch
    # again (one the machine interrupted), and the failures must not move with it.
    doomed = {tuple(int(v) for v in row) for row in sample[2::10]}
    expected = sum(tuple(int(v) for v in row) in doomed for row in sample)

    def flaky(grid: List[int], limit: int, budget: Optional[int]) -> Optional[List[int]]:
        if tuple(grid) in doomed:
            raise ZeroDivisionError("a bug in the student's code")
        return solved_by_fast(grid, limit, budget)

    run = sw.bench(sample, engines=["dlx", flaky], threads=1, mode="first")
    failed = [row for row in run.rows if row["verdict"] == "crashed"]
    assert expected > 0
    assert len(failed) == len(run.failures) == expected
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


def test_threads_are_bounded_as_the_command_line_bounds_them(sample: np.ndarray) -> None:
    most = max(os.cpu_count() or 1, 256)
    for threads in (0, -1, most + 1, 10**6, 2**70):
        with pytest.raises(ValueError, match=f"threads must be an integer from 1 to {most}"):
            sw.solve_many(sample, threads=threads)
        with pytest.raises(ValueError, match="threads must be"):
            sw.bench(sample, engines=["fast"], threads=threads)
        with pytest.raises(ValueError, match="threads must be"):
            sw.generate(4, count=1, threads=threads)
    assert sw.solve_many(sample, threads=2).counts.tolist() == [1] * len(sample)


def test_a_blocking_solver_is_timed_out_and_not_called_again(sample: np.ndarray) -> None:
    calls = []

    def sleeper(grid: List[int], limit: int, budget: Optional[int]) -> None:
        calls.append(1)
        time.sleep(1000)

    started = time.perf_counter()
    run = sw.bench(sample[:10], engines=["fast", sleeper], time_limit=0.5, threads=2)
    assert time.perf_counter() - started < 30  # the limit once, not once a puzzle
    # Never called again once a call was abandoned: once per harness thread at most.
    assert 1 <= len(calls) <= 2
    records = {record["engine"]: record for record in run.records}
    assert records["fast"]["solved"] == 10 and records["sleeper"]["solved"] == 0
    assert [f["kind"] for f in run.failures] == ["timed-out"] * 10
    messages = [f["message"] for f in run.failures]
    assert sum("within the time limit of 0.5 s" in m for m in messages) == len(calls)
    assert sum(m.startswith("not called") for m in messages) == 10 - len(calls)
    assert {row["verdict"] for row in run.rows if row["engine"] == "sleeper"} == {"timed-out"}


def test_a_spinning_solver_is_timed_out(sample: np.ndarray) -> None:
    stop = threading.Event()

    def spinner(grid: List[int], limit: int, budget: Optional[int]) -> None:
        while not stop.is_set():
            pass

    try:
        started = time.perf_counter()
        run = sw.bench(sample[:5], engines=[spinner, "dlx"], time_limit=0.3, threads=1)
        assert time.perf_counter() - started < 30
    finally:
        stop.set()
    assert {(f["engine"], f["kind"]) for f in run.failures} == {("spinner", "timed-out")}
    assert len(run.failures) == 5 and run.records[1]["solved"] == 5


def test_solvers_answer_within_the_default_limit(sample: np.ndarray) -> None:
    def slow(grid: List[int], limit: int, budget: Optional[int]) -> Optional[List[int]]:
        time.sleep(0.2)
        return solved_by_fast(grid, limit, budget)

    # Each call is on a thread of the solver's; a slow one that answers in time is not cut.
    run = sw.bench(sample[:3], engines=[slow], threads=1, mode="first")
    assert run.failures == [] and run.records[0]["solved"] == 3
    assert min(row["us"] for row in run.rows) >= 200_000
    for bad in (0, -1, 0.0001, float("nan"), float("inf"), 1e6):
        with pytest.raises(ValueError, match="time_limit must be"):
            sw.bench(sample[:1], engines=[slow], time_limit=bad)


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("behaviour", ["spins", "sleeps"])
def test_ctrl_c_stops_bench_whatever_the_solver_does(sample: np.ndarray, behaviour: str) -> None:
    stop = threading.Event()

    def stuck(grid: List[int], limit: int, budget: Optional[int]) -> None:
        while not stop.is_set():
            if behaviour == "sleeps":
                time.sleep(1000)

    timer = threading.Timer(0.5, signal.raise_signal, (signal.SIGINT,))
    if behaviour == "sleeps":
        timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    started = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            sw.bench(sample, engines=["fast", stuck], threads=1)
        assert time.perf_counter() - started < 5
    finally:
        timer.cancel()
        stop.set()


def test_an_abandoned_solver_does_not_hold_up_the_interpreter_exit(tmp_path: Path) -> None:
    script = tmp_path / "hang.py"
    script.write_text(
        "import time\n"
        "import sudoku_workbench as sw\n"
        "def hang(grid, limit, budget):\n"
        "    time.sleep(1000)\n"
        "run = sw.bench('...42....1....3.\\n', engines=[hang], time_limit=0.2)\n"
        "print(run.failures[0]['kind'])\n"
    )
    started = time.perf_counter()
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "timed-out"
    assert time.perf_counter() - started < 30


@pytest.mark.parametrize("name", ["", "a,b", "x\ny", "with space", "all", "fast", "<lambda>"])
def test_solver_names_are_checked_as_the_command_line_checks_them(sample: np.ndarray, name: str) -> None:
    def solver(grid: List[int], limit: int, budget: Optional[int]) -> None:
        return None

    solver.name = name  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="solver"):
        sw.bench(sample[:1], engines=[solver])


def test_a_lambda_needs_a_name(sample: np.ndarray) -> None:
    with pytest.raises(ValueError, match="\"<lambda>\" holds '<'.*`name` attribute"):
        sw.bench(sample[:1], engines=[lambda grid, limit, budget: None])
    good = lambda grid, limit, budget: solved_by_fast(grid, limit, budget)  # noqa: E731
    good.name = "my-solver_1.0"  # type: ignore[attr-defined]
    assert sw.bench(sample[:2], engines=[good]).records[0]["engine"] == "my-solver_1.0"


class FourOnly:
    name = "four-only"
    sizes = [4]

    def solve(self, grid: List[int], limit: int, budget: Optional[int]) -> None:
        raise AssertionError("never called on a 9x9 puzzle")


def test_a_solver_of_other_sizes_is_reported_not_applicable(sample: np.ndarray) -> None:
    with pytest.warns(UserWarning, match="engine four-only solves 4×4: it was not run on the 3 puzzles of size 9x9"):
        run = sw.bench(sample[:3], engines=["fast", FourOnly()])
    assert [(n["engine"], n["size"], n["puzzles"]) for n in run.not_applicable] == [("four-only", "9x9", 3)]
    assert "not_applicable=['four-only on 9x9']" in repr(run)
    assert [record["engine"] for record in run.records] == ["fast"] and run.failures == []
    for sizes in ([], [10], [2**70], ["9"]):
        solver = FourOnly()
        solver.sizes = sizes  # type: ignore[assignment]
        with pytest.raises((ValueError, TypeError), match="sizes|side|int"):
            sw.bench(sample[:1], engines=[solver])


def test_integers_out_of_range_name_their_argument(sample: np.ndarray) -> None:
    puzzle = "...42....1....3."
    cases: List[Tuple[Callable[[], object], str]] = [
        (lambda: sw.solve(puzzle, limit=2**40), "limit must be an integer from 1 to 4294967295, not 1099511627776"),
        (lambda: sw.solve(puzzle, limit=0), "limit must be"),
        (lambda: sw.count(puzzle, limit=2**200), "limit must be an integer from 1 to 4294967295, not a number"),
        (lambda: sw.solve(puzzle, budget=0), "budget must be"),
        (lambda: sw.solve(puzzle, budget=2**64), "budget must be"),
        (lambda: sw.rate(puzzle, budget=-1), "budget must be"),
        (lambda: sw.explain(puzzle, budget=2**70), "budget must be"),
        (lambda: sw.solve_many(sample, limit=2**40), "limit must be"),
        (lambda: sw.solve_many(sample, budget=-5), "budget must be"),
        (lambda: sw.generate(9, count=1, seed=-1), "seed must be"),
        (lambda: sw.generate(9, count=2**70), "count must be"),
        (lambda: sw.generate(2**70), "size must be"),
        (lambda: sw.read(puzzle, size=2**70), "size must be"),
        (lambda: sw.read_array(puzzle, size=-4), "size must be"),
        (lambda: sw.bench(sample[:1], engines=["fast"], repeat=2**40), "repeat must be"),
        (lambda: sw.bench(sample[:1], engines=["fast"], repeat=0), "repeat must be"),
        (lambda: sw.bench(sample[:1], engines=["fast"], budget=2**70), "budget must be"),
        (lambda: sw.SolveResult(count=2**40), "count must be"),
        (lambda: sw.SolveResult(nodes=-1), "nodes must be"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()
    with pytest.raises(TypeError, match="limit"):
        sw.solve(puzzle, limit=1.5)  # type: ignore[arg-type]


def test_rows_are_compact_and_read_as_dicts(sample: np.ndarray, tmp_path: Path) -> None:
    def flaky(grid: List[int], limit: int, budget: Optional[int]) -> Optional[List[int]]:
        if grid == sample[7].tolist():
            raise ZeroDivisionError("on purpose")
        return solved_by_fast(grid, limit, budget)

    run = sw.bench(sample, engines=["fast", flaky], threads=1)
    rows = run.rows
    assert isinstance(rows, sw.Rows) and len(rows) == 2 * len(sample)
    listed = list(rows)
    assert listed[0] == rows[0] and listed[-1] == rows[-1] == rows[len(rows) - 1]
    assert rows[-len(rows)] == listed[0] and rows[3:6] == listed[3:6] and rows[::-7] == listed[::-7]
    for bad in (len(rows), -len(rows) - 1, 2**70):
        with pytest.raises(IndexError):
            rows[bad]
    failed = [row for row in listed if row["message"] is not None]
    assert len(failed) == 1 and failed[0]["verdict"] == "crashed" and "on purpose" in failed[0]["message"]
    assert failed[0]["us"] is None and failed[0]["nodes"] is None
    assert all(row["digest"] == run.report["files"][0]["digest"] for row in listed)
    # Compact: a few dozen bytes a row where a dict takes more than a thousand.
    assert sys.getsizeof(rows) < 100 * len(rows)
    # The columns give the frame the dicts give.
    columns = rows.columns()
    assert list(columns) == list(listed[0])
    assert columns["puzzle"].tolist() == [row["puzzle"] for row in listed]
    assert columns["message"] == [row["message"] for row in listed]
    nodes = [row["nodes"] if row["nodes"] is not None else -1 for row in listed]
    assert np.nan_to_num(columns["nodes"], nan=-1).tolist() == nodes
    pandas = pytest.importorskip("pandas")
    from_dicts, from_columns = pandas.DataFrame(rows), pandas.DataFrame(columns)
    pandas.testing.assert_frame_equal(from_dicts, from_columns, check_dtype=False)
    # The file `sudoku bench --per-puzzle` writes.
    path = tmp_path / "rows.csv"
    assert rows.write(path) == len(rows)
    with open(path, newline="") as file:
        read_back = list(csv.DictReader(file))
    assert list(read_back[0]) == list(listed[0]) and len(read_back) == len(rows)
    assert read_back[7]["verdict"] == "solved" and read_back[len(sample) + 7]["verdict"] == "crashed"
    lines = tmp_path / "rows.jsonl"
    rows.write(lines)
    assert [json.loads(line) for line in lines.read_text().splitlines()] == listed
    with pytest.raises(OSError, match="cannot write"):
        rows.write(tmp_path)  # a directory
