"""Rules with numbers and lines from Python: rule objects in and out of a layout, a killer
puzzle solved, explained and rated, Sudoku Explainer's scale refusing it, guessing on."""

from __future__ import annotations

from typing import List

import pytest

import sudoku_workbench as sw

# A killer puzzle of the workbench's own making (`crates/logic/tests/it/variants.rs`, seed 1):
# no givens, 20 cages, one solution, solved by propagation without a guess.
KILLER_CAGES = [
    "killer 7 r3c8 r2c8",
    "killer 25 r8c8 r7c8 r7c9 r8c9",
    "killer 9 r1c9",
    "killer 6 r9c9 r9c8",
    "killer 3 r4c4",
    "killer 13 r2c4 r3c4 r2c3",
    "killer 6 r8c6",
    "killer 7 r6c8",
    "killer 10 r1c6 r2c6 r2c7",
    "killer 4 r5c6",
    "killer 26 r4c6 r4c5 r4c7 r5c7",
    "killer 15 r7c4 r8c4",
    "killer 4 r3c9",
    "killer 2 r4c8",
    "killer 6 r7c2",
    "killer 11 r3c3 r3c2",
    "killer 1 r8c7",
    "killer 5 r5c4",
    "killer 7 r4c3",
    "killer 9 r9c5 r9c4 r8c5",
]
KILLER_SOLUTION = (
    "672415839495683217183297564547368921219574386836921475961842753324756198758139642"
)


# The techniques of killer cages: each step of one names the cages it used.
KILLER_TECHNIQUES = {"cage-combinations", "cage-pointing", "rule-of-45", "rule-contradiction"}


def killer() -> sw.Grid:
    return sw.Grid("." * 81, layout=sw.Layout(9, constraints=KILLER_CAGES))


def test_rule_objects_go_into_a_layout_and_come_back_as_they_were() -> None:
    rules: List[sw.Rule] = [
        sw.Cage([0, 1], 3),
        sw.Cage([2, 3]),
        sw.LittleKiller((-1, 6), "down-right", 9),
        sw.Arrow([13], [[4, 22]]),
        sw.Thermometer([18, 9, 10]),
        sw.Thermometer([27, 28], slow=True),
        sw.Sandwich((3, -1), 13),
        sw.XSum((0, 9), 3),
        sw.Skyscraper((0, -1), 5),
        sw.Kropki((1, 2), "white"),
        sw.Kropki((7, 8), "black"),
        sw.XV((11, 20), 10),
        sw.Odd(0),
        sw.Even(80),
        sw.Minimum(40),
        sw.Maximum(6),
        sw.Palindrome([45, 46, 47]),
        sw.Renban([50, 51, 52]),
        sw.Whispers([60, 61, 62]),
        sw.Whispers([63, 64], gap=4),
        sw.Between([70, 71, 72]),
        sw.RegionSum([21, 22]),
        sw.Entropic([73, 74, 75]),
        sw.Zipper([76, 77, 78]),
        sw.Quadruple([30, 31, 39, 40], [1, 2]),
        sw.Clone([54], [58]),
        sw.Indexer("row", [36]),
        sw.Negative("xv"),
    ]
    layout = sw.Layout(9, constraints=rules)
    assert layout.constraints == rules
    assert "killer" in layout.words and "thermo" in layout.words and "slow-thermo" in layout.words
    # A `#` line's words say a rule too; `odd` with two cells says two.
    assert sw.Layout(9, constraints=["odd r1c1 r9c9"]).constraints == [sw.Odd(0), sw.Odd(80)]
    assert "constraints=[Cage(cells=(0, 1), sum=3)" in repr(layout)


@pytest.mark.parametrize(
    "rule, message",
    [
        (sw.Cage([0, 81], 3), "cell 81 is not a cell of the 9×9 grid"),
        (sw.XV((0, 1), 7), "adds to 10 (X) or 5 (V), not 7"),
        (sw.Kropki((0, 1), "grey"), "`grey` is not a kropki colour"),
        (sw.LittleKiller((-1, 2), "sideways", 5), "`sideways` is not a direction"),
        ("killer fifteen r1c1", "is no rule"),
        (sw.Thermometer([0, 0]), "thermometer from r1c1: r1c1 is on it twice"),
    ],
)
def test_a_rule_that_does_not_fit_is_a_value_error_naming_the_argument(
    rule: object, message: str
) -> None:
    with pytest.raises(ValueError, match="constraints: ") as raised:
        sw.Layout(9, constraints=[rule])  # type: ignore[list-item]
    assert message in str(raised.value)


def test_a_killer_puzzle_is_counted_solved_and_explained_naming_its_cages() -> None:
    puzzle = killer()
    assert sw.count(puzzle).verdict == "1"
    solution = sw.solve(puzzle).solution
    assert solution is not None and str(solution).endswith(KILLER_SOLUTION)
    path = sw.explain(puzzle)
    assert path.end == "solved" and path.solution == solution
    kinds = {step.key for step in path.steps}
    assert "cage-combinations" in kinds
    for step in path.steps:
        for cell, digit in step.placed:
            assert int(KILLER_SOLUTION[cell]) == digit, step.text
        for cell, digit in step.removed:
            assert int(KILLER_SOLUTION[cell]) != digit, step.text
        if step.key == "cage-combinations":
            assert step.rules and step.rule_names[0].startswith("killer cage at ")
            index = step.rules[0]
            assert isinstance(puzzle.layout.constraints[index], sw.Cage)  # type: ignore[union-attr]
        if step.key == "rule-of-45":
            assert step.equation is not None and step.equation[0]


def test_a_killer_puzzle_rates_on_the_workbench_scale_and_sudoku_explainers_refuses_it() -> None:
    rating = sw.rate(killer())
    assert rating.end == "solved" and rating.scale == "workbench"
    assert sum(rating.techniques.values()) == rating.steps
    with pytest.raises(ValueError, match="Sudoku Explainer's scale rates classic rules only"):
        sw.rate(killer(), scale="explainer")
    with pytest.raises(ValueError, match="not a killer cage"):
        sw.explain(killer(), scale="explainer")
    assert sw.rate("...42....1....3.").scale == "explainer"


def test_guessing_goes_on_where_the_ladder_stops() -> None:
    empty = sw.Grid("." * 16)
    stuck = sw.explain(empty)
    assert stuck.end == "stuck" and stuck.solution is None and stuck.guesses == 0
    guessed = sw.explain(empty, guess=True)
    assert guessed.end == "stuck" and guessed.guesses > 0
    assert guessed.steps[0].technique == "Guess"
    assert guessed.solution is not None and guessed.solution.is_full()


def test_a_stuck_variant_path_says_where_it_stopped_with_every_cells_candidates() -> None:
    # One cage of 3 on an empty grid: its cells keep 1 and 2, nothing else follows.
    puzzle = sw.Grid("." * 81, layout=sw.Layout(9, constraints=[sw.Cage([0, 1], 3)]))
    path = sw.explain(puzzle)
    assert path.end == "stuck" and path.solution is None
    assert path.steps and all(step.rule_names for step in path.steps), path.steps
    assert path.candidates is not None and len(path.candidates) == 81
    assert path.candidates[0] == [1, 2] and path.candidates[1] == [1, 2]
    assert 1 not in path.candidates[2] and 2 not in path.candidates[2]
    assert path.candidates[80] == list(range(1, 10))
    # A path that finishes has no candidates to show.
    assert sw.explain(killer()).candidates is None


def test_every_rule_step_names_its_rule_and_holds_in_the_solution() -> None:
    puzzle = killer()
    constraints = puzzle.layout.constraints  # type: ignore[union-attr]
    for step in sw.explain(puzzle).steps:
        if step.key not in KILLER_TECHNIQUES:
            assert not step.rules and not step.rule_names, step.text
            continue
        if step.key != "rule-of-45":
            assert step.rules, step.text
        assert len(step.rules) == len(step.rule_names), step.text
        for index, name in zip(step.rules, step.rule_names):
            cage = constraints[index]
            assert isinstance(cage, sw.Cage)
            assert name.startswith("killer cage at ") and name in step.text, step.text
        for cell, digit in step.removed:
            assert int(KILLER_SOLUTION[cell]) != digit, step.text
