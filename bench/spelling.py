"""Sudoku Spelling benchmark: time to make a puzzle, per phrase, over 50 phrases.

    .venv/bin/python -m bench.spelling [--json]

The phrases: the 12 built in, then two-word phrases of common words drawn with a fixed
seed: 33 with at most 9 different letters (a 9x9 grid) and 5 with 10 to 16 (a 16x16).
Every puzzle is checked: one solution, and the solution spells the phrase along the
highlighted cells. Target: median under 1 s. Times are CPU seconds of this process
(wall-clock medians beside them: on a shared machine those include waiting for a core).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from puzzles.lexicon import Tier, lexicon
from puzzles.spelling import generate
from puzzles.spelling.generate import PHRASES
from puzzles.spelling.puzzle import distinct_letters, phrase_letters
from puzzles.sudoku.solver import solutions

SEED = 20251121
SMALL_PHRASES = 33
BIG_PHRASES = 5
MEDIAN_TARGET = 1.0


def phrases() -> list[str]:
    rng = random.Random(SEED)
    words = sorted(w for w in lexicon().words(Tier.COMMON) if 4 <= len(w) <= 8 and w.isalpha())
    chosen = list(PHRASES)
    small = big = 0
    while small < SMALL_PHRASES or big < BIG_PHRASES:
        phrase = f"{rng.choice(words).title()} {rng.choice(words).title()}"
        letters = len(distinct_letters(phrase))
        if letters <= 9 and small < SMALL_PHRASES:
            chosen.append(phrase)
            small += 1
        elif 10 <= letters <= 16 and big < BIG_PHRASES:
            chosen.append(phrase)
            big += 1
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    rows = []
    for number, phrase in enumerate(phrases()):
        start, wall_start = time.process_time(), time.perf_counter()
        puzzle = generate(random.Random(number), None, text=phrase)
        seconds = time.process_time() - start
        wall = time.perf_counter() - wall_start
        found = solutions(puzzle.grid, limit=2)
        spelled = puzzle.spelled(found[0]) if found else ""
        rows.append(
            {
                "phrase": phrase,
                "size": puzzle.grid.size,
                "seconds": round(seconds, 3),
                "wall_seconds": round(wall, 3),
                "givens": sum(1 for v in puzzle.grid.cells if v),
                "ok": len(found) == 1 and spelled == phrase_letters(phrase),
            }
        )
    report = {"phrases": len(rows), "all_ok": all(row["ok"] for row in rows)}
    for label, chosen in (
        ("all", rows),
        ("9x9", [row for row in rows if row["size"] == 9]),
        ("16x16", [row for row in rows if row["size"] == 16]),
    ):
        times = [row["seconds"] for row in chosen]
        report[label] = {
            "phrases": len(times),
            "median_s": round(statistics.median(times), 3),
            "max_s": round(max(times), 3),
            "wall_median_s": round(statistics.median(row["wall_seconds"] for row in chosen), 3),
            "median_givens": statistics.median(row["givens"] for row in chosen),
        }
    report["rows"] = rows
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("| phrases | count | median (wall) | max | median givens |\n|---|---|---|---|---|")
    for label in ("all", "9x9", "16x16"):
        row = report[label]
        print(
            f"| {label} | {row['phrases']} "
            f"| {row['median_s']:.2f} s ({row['wall_median_s']:.2f} s) | {row['max_s']:.2f} s "
            f"| {row['median_givens']} |"
        )
    print(f"every puzzle unique and spelling its phrase: {report['all_ok']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
