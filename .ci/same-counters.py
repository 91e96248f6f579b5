#!/usr/bin/env python3
"""Checks that two engines of one `--per-puzzle` CSV file gave every puzzle the same verdict,
count, nodes and guesses: used on an engine served over the protocol against itself in-process.

    same-counters.py ROWS.csv ENGINE OTHER
"""

import csv
import sys


def main():
    path, first, second = sys.argv[1:4]
    answers = {}
    with open(path, newline="") as rows:
        for row in csv.DictReader(rows):
            if row["engine"] in (first, second):
                answer = (row["verdict"], row["count"], row["nodes"], row["guesses"])
                answers.setdefault((row["file"], row["size"], row["puzzle"]), {})[row["engine"]] = answer
    differ = [(place, both) for place, both in answers.items() if len(both) != 2 or both[first] != both[second]]
    print(f"{first} and {second}: {len(answers)} puzzles, {len(differ)} answered differently")
    for place, both in differ[:10]:
        print(f"  {place}: {both}")
    return 1 if differ or not answers else 0


if __name__ == "__main__":
    sys.exit(main())
