"""Q-less benchmark over every roll published by Daily Q-less.

    .venv/bin/python -m bench.qless [--json] [--all-sample N]

For each of the 893 rolls in ../shared/corpora/qless/daily_rolls.tsv, with the common
and with the standard word list: whether it is solved, the time to the first solution
and to the tenth solution (or the end of the search when there are fewer), and the
shapes tried by then. With the common list that is the roll's rating (solve() always
rates with common words, as players see a roll). Enumerating every solution is timed on
N rolls spread evenly over the file (default 100; --all-sample 893 for all of them).
The one-off set-up (word indexes, the shape tree) is timed apart, before the runs.

Targets: every roll solved with the standard list; first solution median < 25 ms and
max < 1 s; rating median < 150 ms; all solutions median < 2 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

from puzzles.lexicon import Tier, lexicon
from puzzles.qless import parse
from puzzles.qless.rating import DAYS, TEN, day_for
from puzzles.qless.solver import roll_words, shape_tree, solutions

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "qless" / "daily_rolls.tsv"
TIERS = {"common": Tier.COMMON, "standard": Tier.STANDARD}


def daily_rolls() -> list[tuple[str, str]]:
    lines = CORPUS.read_text().splitlines()[1:]
    return [tuple(line.split("\t")) for line in lines if line.strip()]


def setup_ms() -> dict[str, float]:
    times = {}
    start = time.perf_counter()
    lexicon().zipf("the")
    times["lexicon"] = (time.perf_counter() - start) * 1000
    for name, tier in TIERS.items():
        start = time.perf_counter()
        roll_words("abcdefghijkl", lexicon(), tier)
        times[f"{name} word index"] = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    shape_tree(12)
    times["shape tree"] = (time.perf_counter() - start) * 1000
    return times


def run_roll(letters: str, tier: Tier) -> dict:
    """Time to the first and the tenth solution, and the rating."""
    roll = parse(letters)
    start = time.perf_counter()
    first_ms = rating_ms = None
    found = 0
    shapes_to_ten = None
    for solution in solutions(roll, tier):
        found += 1
        if found == 1:
            first_ms = (time.perf_counter() - start) * 1000
        if found == TEN:
            shapes_to_ten = solution.shape_rank
            break
    rating_ms = (time.perf_counter() - start) * 1000
    return {
        "solved": found > 0,
        "first_ms": first_ms,
        "rating_ms": rating_ms,
        "shapes_to_ten": shapes_to_ten,
        "day": day_for(shapes_to_ten, found),
    }


def all_solutions_ms(letters: str) -> tuple[float, int]:
    start = time.perf_counter()
    count = sum(1 for _ in solutions(parse(letters), Tier.STANDARD))
    return (time.perf_counter() - start) * 1000, count


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "max": ordered[-1],
    }


def by_weekday(rolls, results) -> dict[str, dict]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for (weekday, _), result in zip(rolls, results, strict=True):
        groups[weekday].append(result)
    table = {}
    for weekday in DAYS:
        rows = groups.get(weekday, [])
        rated = [r["shapes_to_ten"] for r in rows if r["shapes_to_ten"] is not None]
        table[weekday] = {
            "rolls": len(rows),
            "mean_shapes_to_ten": statistics.mean(rated) if rated else None,
            "median_shapes_to_ten": statistics.median(rated) if rated else None,
            "fewer_than_ten": sum(r["solved"] and r["shapes_to_ten"] is None for r in rows),
            "our_days": dict(Counter(r["day"] or "unsolved" for r in rows).most_common()),
        }
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Q-less benchmark over the Daily Q-less rolls")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--all-sample", type=int, default=100, help="rolls to enumerate fully")
    args = parser.parse_args(argv)

    rolls = daily_rolls()
    report: dict = {"rolls": len(rolls), "setup_ms": setup_ms(), "tiers": {}}
    for name, tier in TIERS.items():
        results = [run_roll(letters, tier) for _, letters in rolls]
        report["tiers"][name] = {
            "solved": sum(r["solved"] for r in results),
            # over the rolls solved: an unsolved roll has no first solution to time
            "first_ms": summary([r["first_ms"] for r in results if r["solved"]]),
            "rating_ms": summary([r["rating_ms"] for r in results]),
            "by_weekday": by_weekday(rolls, results),
            "unsolved": [
                letters for (_, letters), r in zip(rolls, results, strict=True) if not r["solved"]
            ],
        }
    step = max(1, len(rolls) // max(1, args.all_sample))
    sample = [letters for _, letters in rolls[::step]][: args.all_sample]
    timed = [all_solutions_ms(letters) for letters in sample]
    report["all_solutions"] = {
        "rolls": len(sample),
        "ms": summary([ms for ms, _ in timed]),
        "solutions": summary([count for _, count in timed]),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)


def print_report(report: dict) -> None:
    print(f"{report['rolls']} Daily Q-less rolls")
    print("set-up: " + ", ".join(f"{k} {v:.0f} ms" for k, v in report["setup_ms"].items()))
    for name, tier in report["tiers"].items():
        first, rating = tier["first_ms"], tier["rating_ms"]
        print(f"\n{name} words: {tier['solved']}/{report['rolls']} solved")
        print(
            f"  first solution  median {first['median']:.1f} ms  p95 {first['p95']:.1f} ms  "
            f"max {first['max']:.1f} ms"
        )
        label = "rating (10th)" if name == "common" else "10th solution"
        print(
            f"  {label:<15} median {rating['median']:.1f} ms  p95 {rating['p95']:.1f} ms  "
            f"max {rating['max']:.1f} ms"
        )
        print("  published day: rolls, mean / median shapes to ten, <10 solutions, our days")
        for day, row in tier["by_weekday"].items():
            mean = row["mean_shapes_to_ten"]
            median = row["median_shapes_to_ten"]
            shown = f"{mean:7.1f} / {median:5.0f}" if mean is not None else "      - /     -"
            print(
                f"    {day:<9} {row['rolls']:4d}  {shown}  {row['fewer_than_ten']:3d}  "
                f"{row['our_days']}"
            )
        if tier["unsolved"]:
            print(f"  unsolved: {' '.join(tier['unsolved'])}")
    every = report["all_solutions"]
    ms = every["ms"]
    print(
        f"\nall solutions (standard, {every['rolls']} rolls): median {ms['median']:.0f} ms  "
        f"p95 {ms['p95']:.0f} ms  max {ms['max']:.0f} ms; "
        f"solutions median {every['solutions']['median']:.0f}, max {every['solutions']['max']:.0f}"
    )


if __name__ == "__main__":
    main()
