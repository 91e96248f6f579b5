"""The examples in the docstrings, of the Python half and of the Rust extension (whose
docstrings pytest's own doctest collection does not reach: it reads only .py files)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import sudoku_workbench
import sudoku_workbench._native
import sudoku_workbench.errors
import sudoku_workbench.rules


@pytest.mark.parametrize(
    "module",
    [sudoku_workbench, sudoku_workbench._native, sudoku_workbench.errors, sudoku_workbench.rules],
    ids=lambda m: m.__name__,
)
def test_docstring_examples_run(module: ModuleType) -> None:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, attempted = doctest.testmod(module, optionflags=flags, report=True)
    assert attempted > 0, f"{module.__name__} has no examples"
    assert failed == 0
