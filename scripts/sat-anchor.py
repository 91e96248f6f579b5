#!/usr/bin/env python3
"""Times a SAT solver's command-line program on Sudoku puzzles of any size: the anchor that
`sudoku bench` figures are compared with.

Each puzzle is encoded as CNF with the standard encoding of the literature (Lynce and
Ouaknine, "Sudoku as a SAT problem"): one variable per cell and value; every cell holds at
least one value and at most one; every row, column and box holds every value at least once and
at most once; each clue is a unit clause. The solver is run once per puzzle for a first
solution; with --unique it is run again with a clause that forbids that solution, and an
UNSAT answer proves it unique (the solver's command line has no incremental mode, so the
second run is a second process, as a user of the command line would do it).

Puzzles are read one per line (n^4 symbols; `.` or `0` blank where `0` is no value; values
after 9 are letters: `1-9A-Z` when the puzzle has no `0`, else `0-9A-Z` with `0` the first
value and `.` blank) or as numeric blocks (n^2 lines of n^2 numbers, `0` or `.` blank). Lines
starting with `#` and blank lines separate puzzles. Every solution the solver returns is
checked against the clues and the rules.

    scripts/sat-anchor.py [--solver cadical] [--unique] [--timeout SECONDS] FILE...

Prints one CSV row per puzzle (file, puzzle, side, clues, verdict, seconds to a first
solution, seconds to prove uniqueness) and a summary (median and maximum) on standard error.
The times include starting the solver's process and reading the CNF from a temporary file,
as a user of the command line pays them. CaDiCaL's command-line solver is the Debian package
`cadical`; MiniSat's (`minisat`) works too (`--solver minisat`).
"""

import argparse
import csv
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

LETTERS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read_puzzles(path):
    """Yields (number, line, side, cells) for every puzzle of the file; cells hold 0 for a
    blank and 1..side for a value."""
    with open(path, encoding="utf-8-sig") as handle:
        lines = [line.strip() for line in handle]
    number = 0
    index = 0
    while index < len(lines):
        text = lines[index]
        if not text or text.startswith("#"):
            index += 1
            continue
        number += 1
        words = text.split()
        if len(words) == 1:
            yield number, index + 1, *parse_line(text, path, index + 1)
            index += 1
        else:
            side = len(words)
            block = lines[index:index + side]
            if len(block) < side or any(len(row.split()) != side for row in block):
                raise SystemExit(f"{path}: line {index + 1}: a block of {side} rows of {side} numbers expected")
            cells = [0 if word == "." else int(word) for row in block for word in row.split()]
            if any(value < 0 or value > side for value in cells):
                raise SystemExit(f"{path}: line {index + 1}: a value outside 0..{side}")
            yield number, index + 1, side, cells
            index += side


def parse_line(text, path, line):
    side = math.isqrt(len(text))
    if side * side != len(text) or math.isqrt(side) ** 2 != side or side < 4:
        raise SystemExit(f"{path}: line {line}: {len(text)} symbols is no square grid's cell count")
    zero_based = "0" in text and side > 9
    alphabet = ("0" + LETTERS)[:side] if zero_based else LETTERS[:side]
    cells = []
    for column, symbol in enumerate(text.upper(), start=1):
        if symbol == "." or (symbol == "0" and not zero_based):
            cells.append(0)
        elif symbol in alphabet:
            cells.append(alphabet.index(symbol) + 1)
        else:
            raise SystemExit(f"{path}: line {line}, column {column}: '{symbol}' is not a {side}x{side} symbol")
    return side, cells


def encode(side, cells):
    """The CNF clauses of a puzzle, with variables numbered from 1."""
    order = math.isqrt(side)

    def var(row, column, value):
        return (row * side + column) * side + value + 1

    units = []
    for row in range(side):
        units.append([(row, column) for column in range(side)])
    for column in range(side):
        units.append([(row, column) for row in range(side)])
    for box in range(side):
        top, left = box // order * order, box % order * order
        units.append([(top + r, left + c) for r in range(order) for c in range(order)])
    clauses = []
    for row in range(side):
        for column in range(side):
            literals = [var(row, column, value) for value in range(side)]
            clauses.append(literals)
            clauses.extend([-a, -b] for i, a in enumerate(literals) for b in literals[i + 1:])
    for unit in units:
        for value in range(side):
            literals = [var(row, column, value) for row, column in unit]
            clauses.append(literals)
            clauses.extend([-a, -b] for i, a in enumerate(literals) for b in literals[i + 1:])
    for cell, value in enumerate(cells):
        if value:
            clauses.append([var(cell // side, cell % side, value - 1)])
    return side ** 3, clauses


def run_solver(solver, variables, clauses, timeout):
    """Runs the solver on the formula; returns (seconds, True/False/None, model)."""
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as cnf:
        cnf.write(f"p cnf {variables} {len(clauses)}\n")
        cnf.writelines(" ".join(map(str, clause)) + " 0\n" for clause in clauses)
        name = cnf.name
    try:
        command = [solver, name] if solver != "minisat" else [solver, "-verb=0", name, "/dev/stdout"]
        started = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return timeout, None, None
        seconds = time.perf_counter() - started
    finally:
        os.unlink(name)
    satisfiable = None
    model = set()
    for line in done.stdout.splitlines():
        if line in ("s SATISFIABLE", "SAT"):
            satisfiable = True
        elif line in ("s UNSATISFIABLE", "UNSAT"):
            satisfiable = False
        elif line.startswith("v ") or (satisfiable and line[:1] in "-0123456789"):
            model.update(int(word) for word in line.lstrip("v ").split() if word != "0")
    return seconds, satisfiable, model


def solution_of(side, model):
    cells = []
    for cell in range(side * side):
        values = [value for value in range(side) if cell * side + value + 1 in model]
        cells.append(values[0] + 1 if len(values) == 1 else 0)
    return cells


def is_solution(side, cells, solution):
    order = math.isqrt(side)
    if any(clue and clue != value for clue, value in zip(cells, solution)):
        return False
    full = set(range(1, side + 1))
    for i in range(side):
        if set(solution[i * side:(i + 1) * side]) != full:
            return False
        if set(solution[i::side]) != full:
            return False
        top, left = i // order * order, i % order * order
        box = {solution[(top + r) * side + left + c] for r in range(order) for c in range(order)}
        if box != full:
            return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--solver", default="cadical")
    parser.add_argument("--unique", action="store_true", help="also prove each solution unique")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per solver run")
    args = parser.parse_args()

    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["file", "puzzle", "side", "clues", "verdict", "first_seconds", "unique_seconds"])
    firsts, uniques = [], []
    for path in args.files:
        for number, line, side, cells in read_puzzles(path):
            variables, clauses = encode(side, cells)
            seconds, satisfiable, model = run_solver(args.solver, variables, clauses, args.timeout)
            verdict, unique_seconds = "timeout", None
            if satisfiable is False:
                verdict = "no-solution"
            elif satisfiable:
                solution = solution_of(side, model)
                if not is_solution(side, cells, solution):
                    raise SystemExit(f"{path}: puzzle {number}, line {line}: the solver's model is no solution")
                verdict = "solved"
                firsts.append(seconds)
                if args.unique:
                    forbid = [-((cell * side) + value) for cell, value in enumerate(solution)]
                    again, other, _ = run_solver(args.solver, variables, clauses + [forbid], args.timeout)
                    verdict = {False: "unique", True: "2+", None: "timeout"}[other]
                    unique_seconds = seconds + again
                    if other is not None:
                        uniques.append(unique_seconds)
            out.writerow([path, number, side, sum(1 for c in cells if c), verdict,
                          f"{seconds:.4f}", "" if unique_seconds is None else f"{unique_seconds:.4f}"])
            sys.stdout.flush()
    for name, times in (("first solution", firsts), ("uniqueness", uniques)):
        if times:
            print(f"{args.solver}, {name}: {len(times)} puzzles, median {statistics.median(times):.3f} s, "
                  f"max {max(times):.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
