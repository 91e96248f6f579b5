"""The workbench from a notebook, top to bottom: read the shipped corpus into a numpy array,
solve it all at once and check every solution, rate and explain a puzzle, then bench a
Python backtracker beside ``fast`` and ``dlx`` and draw the comparison (with matplotlib,
when it is installed).

    python examples/python/bench_engines.py                       # the shipped corpus
    python examples/python/bench_engines.py --sample 300 --plot bench.png
    python examples/python/bench_engines.py --corpus ../shared/corpora/top1465.txt --sample 0

Every check is an assertion: the script is also the package's acceptance test, run by CI.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import numpy as np
import numpy.typing as npt

import sudoku_workbench as sw

sys.path.insert(0, str(Path(__file__).resolve().parent))
from backtracker import Backtracker  # noqa: E402  (the solver beside this script)

REPOSITORY = Path(__file__).resolve().parents[2]
SHIPPED = REPOSITORY / "data" / "corpus" / "generated-10000.txt"


def check_solutions(puzzles: npt.NDArray[np.uint8], solutions: npt.NDArray[np.uint8]) -> None:
    """Asserts that every row of ``solutions`` is a solved 9x9 grid keeping its puzzle's
    clues: every row, column and box holds 1 to 9."""
    grids = solutions.reshape(-1, 9, 9).astype(np.int64)
    digits = np.arange(1, 10)
    boxes = grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    for name, units in (("row", grids), ("column", grids.transpose(0, 2, 1)), ("box", boxes)):
        wrong = ~(np.sort(units, axis=2) == digits).all(axis=(1, 2))
        assert not wrong.any(), f"puzzle {int(np.argmax(wrong))}: a {name} is not 1 to 9"
    clues = puzzles != 0
    kept = (solutions == puzzles) | ~clues
    assert kept.all(), f"puzzle {int(np.argmax(~kept.all(axis=1)))}: a clue was changed"


def sample_of(puzzles: npt.NDArray[np.uint8], count: int) -> npt.NDArray[np.uint8]:
    """``count`` puzzles spread evenly over the array (all of them for 0)."""
    if count <= 0 or count >= len(puzzles):
        return puzzles
    picked: npt.NDArray[np.uint8] = puzzles[np.linspace(0, len(puzzles) - 1, count).astype(np.int64)]
    return picked


def optional_module(name: str) -> Optional[Any]:
    """The module ``name``, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def draw(records: List[Dict[str, Any]], path: Path, title: str) -> bool:
    """Draws each engine's median time per puzzle (log scale) to ``path``; False when
    matplotlib is not installed."""
    matplotlib = optional_module("matplotlib")
    if matplotlib is None:
        return False
    matplotlib.use("Agg")
    pyplot: Any = importlib.import_module("matplotlib.pyplot")
    engines = [record["engine"] for record in records]
    medians = [record["us_median"] for record in records]
    figure, axes = pyplot.subplots(figsize=(6, 2.6))
    bars = axes.barh(engines, medians, color=["#4c72b0", "#55a868", "#c44e52", "#8172b2"][: len(engines)])
    axes.set_xscale("log")
    axes.set_xlabel("median time per puzzle (µs, log scale)")
    axes.set_title(title, fontsize=10)
    axes.invert_yaxis()
    for bar, median in zip(bars, medians):
        axes.text(bar.get_width() * 1.1, bar.get_y() + bar.get_height() / 2, f"{median:,.1f} µs", va="center", fontsize=8)
    axes.set_xlim(right=max(medians) * 12)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=SHIPPED, help="a file of 9x9 puzzles")
    parser.add_argument("--sample", type=int, default=200, help="puzzles the bench runs (0: all)")
    parser.add_argument("--repeat", type=int, default=1, help="timing passes of the bench")
    parser.add_argument("--threads", type=int, default=None, help="threads of solve_many and the bench")
    parser.add_argument("--plot", type=Path, default=None, help="draw the comparison to this PNG")
    args = parser.parse_args()

    # 1. The corpus as an (N, 81) uint8 array.
    puzzles = sw.read_array(args.corpus.read_text())
    assert puzzles.dtype == np.uint8 and puzzles.ndim == 2 and puzzles.shape[1] == 81
    print(f"{args.corpus.name}: {len(puzzles):,} puzzles")

    # 2. All of them at once, counted to two: every one has exactly one solution.
    started = time.perf_counter()
    batch = sw.solve_many(puzzles, engine="fast", threads=args.threads, limit=2)
    seconds = time.perf_counter() - started
    check_solutions(puzzles, batch.solutions)
    assert (batch.counts == 1).all(), "a puzzle without exactly one solution"
    assert not batch.gave_up.any()
    print(
        f"solve_many: {len(puzzles) / seconds:,.0f} puzzles/s with fast, every solution checked, "
        f"{int(batch.guesses.sum()):,} guesses in all"
    )

    # 3. The hardest puzzle for fast (most guesses), rated and explained.
    hardest = int(np.argmax(batch.guesses))
    rating = sw.rate(puzzles[hardest])
    # On the ladder `rate` climbs (Sudoku Explainer's), the path is the one rated.
    path = sw.explain(puzzles[hardest], scale="explainer")
    assert path.end in ("solved", "stuck") and rating.end == path.end
    assert rating.steps == len(path.steps)
    assert 1.0 <= rating.diamond <= rating.pearl <= rating.difficulty
    if path.end == "solved":
        assert path.solution is not None
        assert path.solution.cells == batch.solutions[hardest].tolist()
    triple = f"{rating.difficulty:.1f}/{rating.pearl:.1f}/{rating.diamond:.1f}"
    print(f"puzzle {hardest}: ER/EP/ED {triple} ({rating.hardest}), explained in {len(path.steps)} steps")
    for step in path.steps[:3]:
        print(f"  {step.text}")

    # 4. A Python solver beside the built-in engines, every answer cross-checked.
    sample = sample_of(puzzles, args.sample)
    run = sw.bench(sample, engines=["fast", "dlx", Backtracker()], repeat=args.repeat, threads=args.threads)
    assert run.disagreements == [] and run.failures == [], (run.disagreements, run.failures)
    by_engine = {record["engine"]: record for record in run.records}
    assert set(by_engine) == {"fast", "dlx", "python-backtracker"}
    for record in run.records:
        assert record["puzzles"] == len(sample) and record["one_solution"] == len(sample)
        print(
            f"{record['engine']:>20}: {record['single_thread_puzzles_per_second']:>12,.0f} puzzles/s, "
            f"median {record['us_median']:>10,.1f} µs, {record['nodes_per_puzzle']:>8,.1f} nodes, "
            f"{record['guesses_per_puzzle']:>6,.1f} guesses a puzzle"
        )
    assert len(run.rows) == 3 * len(sample)
    pandas = optional_module("pandas")
    if pandas is not None:
        frame = pandas.DataFrame(run.rows.columns())  # the rows column by column: no dict per row
        print(frame.groupby("engine")["us"].median().round(1).to_string())

    if args.plot is not None:
        title = f"{args.corpus.name}, {len(sample):,} puzzles, counted to two"
        if draw(run.records, args.plot, title):
            print(f"drawn: {args.plot}")
        else:
            print("matplotlib is not installed: nothing drawn")


if __name__ == "__main__":
    main()
