"""The setters' tools from Python: canonical forms, true candidates, redundant givens,
solutions listed and counts estimated, checked against counting and against each other."""

from __future__ import annotations

from pathlib import Path

import pytest

import sudoku_workbench as sw

REPOSITORY = Path(__file__).resolve().parents[2]
SHIPPED = REPOSITORY / "data" / "corpus" / "generated-10000.txt"


def shipped(count: int) -> list[str]:
    lines = [line for line in SHIPPED.read_text().splitlines() if not line.startswith("#")]
    return lines[:count]


def transpose(puzzle: str) -> str:
    return "".join(puzzle[c * 9 + r] for r in range(9) for c in range(9))


def relabel(puzzle: str) -> str:
    return "".join("." if s == "." else str(10 - int(s)) for s in puzzle)


def test_isomorphs_share_a_form_and_forms_are_their_own() -> None:
    for puzzle in shipped(20):
        form = sw.canon(puzzle)
        assert sw.canon(transpose(relabel(puzzle))) == form
        assert sw.canon(form) == form
        assert sw.canon(puzzle, convention="pattern-first") == sw.canon(transpose(puzzle), convention="pattern-first")
    assert sw.automorphisms("." * 81) == 3_359_232
    with pytest.raises(ValueError, match="convention"):
        sw.canon(shipped(1)[0], convention="smallest")


def test_candidates_are_the_union_of_the_solutions() -> None:
    # The first puzzle of the shipped file without its first two givens: a few or many
    # thousands of solutions, all of them listed.
    given = shipped(1)[0]
    removed = [i for i, s in enumerate(given) if s != "."][:2]
    puzzle = "".join("." if i in removed else s for i, s in enumerate(given))
    every = sw.solutions(puzzle, limit=100_000)
    assert 1 < len(every) < 100_000
    marks = sw.candidates(puzzle)
    counted = sw.candidates(puzzle, cap=1_000_000)
    for cell in range(81):
        union = sorted({solution.cells[cell] for solution in every})
        assert marks[cell] == union
        assert sum(count for _, count in counted[cell]) == len(every)


def test_minimize_leaves_a_minimal_puzzle_with_the_same_solution() -> None:
    puzzle = shipped(1)[0]
    solution = sw.solve(puzzle).solution
    assert sw.redundant_givens(puzzle) == []
    assert sw.redundant_givens(solution)  # a full grid: every given is redundant
    smaller = sw.minimize(solution, seed=2)
    assert sw.redundant_givens(smaller) == []
    assert sw.solve(smaller).solution == solution
    with pytest.raises(ValueError, match="several"):
        sw.minimize("." * 81)


def test_estimates_cover_the_empty_grids() -> None:
    found = sw.estimate("." * 81, probes=3000, seconds=100.0, seed=1)
    assert found["lower"] <= 6_670_903_752_021_072_936_960 <= found["upper"]
    assert sw.estimate("." * 16, probes=500, seed=2) == sw.estimate("." * 16, probes=500, seed=2)
