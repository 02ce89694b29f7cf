"""Q-less benchmark over every roll published by Daily Q-less.

    .venv/bin/python -m bench.qless [--json] [--all-sample N] [--grids PATH] [--only-writeup]
                                    [--repeats N]

For each of the 893 rolls in ../shared/corpora/qless/daily_rolls.tsv, with the common
and with the standard word list: whether it is solved, the time to the first solution
and to the tenth solution (or the end of the search when there are fewer), and the
shapes tried by then. With the common list that is the roll's rating (solve() always
rates with common words, as players see a roll). Enumerating every solution is timed on
N rolls spread evenly over the file (default 100; --all-sample 893 for all of them).
The one-off set-up (word lists loaded as a bot worker's warm-up does, word indexes, the shape
tree) is timed apart, before the runs.

Against the write-up's finder: with the write-up's own shape list (grids.json in
damiensnyder/damiens-arcade-2, daily-qless-roll-testing/; not shipped here, as it has no
licence: pass --grids, or put it at ../shared/corpora/qless/grids.json), each roll is
solved by ours and by the finder one right after the other (who goes first alternates),
with the same words, and the times to a first solution are compared roll by roll: CPU
time (time.process_time, which other work on the machine sways less), the least of
--repeats runs of each (default 1), the two alternating.

Before and after a change to the solver, in one run: --baseline PATH loads another
checkout's search module beside ours: its puzzles/qless/fill.py (solver.py in a checkout
from before the solver was split in four), which reads this tree's shapes and data (and a
fill.py this tree's words.py and tree.py too: a change there is measured as a whole tree,
with --answers), and the comparison with the finder times it too, in the same rotation:
old, new and the finder one right after the other on each roll. --answers PATH writes
every answer the solver gives for every roll instead of timing (the first 40 solutions with
their shapes and ranks, the solve text with the default cap and with 10, the rating and the
hint), one JSON line a roll: run it in both trees and compare the files, which must be
identical.

Targets: every roll solved with the standard list; first solution median < 25 ms and
max <= 100 ms, and no roll slower than the write-up's finder; rating median < 150 ms;
all solutions median < 2 s.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

from puzzles.lexicon import Tier, lexicon
from puzzles.qless import hint, parse, solve
from puzzles.qless.fill import solutions
from puzzles.qless.rating import DAYS, TEN, day_for
from puzzles.qless.solver import rate
from puzzles.qless.tree import shape_tree
from puzzles.qless.words import roll_words

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "qless"
CORPUS = CORPORA / "daily_rolls.tsv"
GRIDS = CORPORA / "grids.json"
WORST_SHOWN = 10
TIERS = {"common": Tier.COMMON, "standard": Tier.STANDARD}


def daily_rolls() -> list[tuple[str, str]]:
    lines = CORPUS.read_text().splitlines()[1:]
    return [tuple(line.split("\t")) for line in lines if line.strip()]


def setup_ms() -> dict[str, float]:
    """The one-off set-up, as a bot worker's warm-up does it: every word set and the
    frequencies loaded, so that the word indexes are built once (a one-off command instead
    scans the word list for each roll: see roll_words)."""
    times = {}
    start = time.perf_counter()
    lexicon().load_all()
    times["lexicon"] = (time.perf_counter() - start) * 1000
    for name, tier in TIERS.items():
        start = time.perf_counter()
        roll_words("abcdefghijkl", lexicon(), tier)
        times[f"{name} word index"] = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    shape_tree(12)
    times["shape tree"] = (time.perf_counter() - start) * 1000
    return times


# --- the write-up's finder ----------------------------------------------------------------
# Rewritten after qless_roll_finder.py (damiensnyder/damiens-arcade-2), step for step: the
# words ordered by prioritize(), the shapes of grids.json tried in the file's order, each
# filled line by line by all_from_grid(). Two changes, both in its favour here: it is given
# the roll's words by our word index (its get_possible() scans its whole word list for
# each roll), and it yields each solution as soon as it is complete (all_from_grid()
# returns a shape's solutions together).


def load_grids(path: Path) -> list[list[dict]]:
    return json.loads(path.read_text())


def writeup_word_order(letters: str, words: list[str]) -> list[str]:
    """prioritize(): words first whose letters few of the roll's words hold, for how many
    of each letter the roll has."""
    available = {letter: letters.count(letter) for letter in letters}
    average = sum(len(word) for word in words) / len(set(letters))
    need = {
        letter: average - sum(word.count(letter) for word in words) / count
        for letter, count in available.items()
    }
    return sorted(words, key=lambda word: sum(need[letter] for letter in word), reverse=True)


def writeup_fill(grid: list[dict], letters: str, words: list[str]) -> Iterator[list[dict]]:
    """all_from_grid(): fill the first empty line with each word of its length that agrees
    with the lines before it where they cross and that the letters left can pay for."""
    line_number = next((i for i, line in enumerate(grid) if "word" not in line), None)
    if line_number is None:
        yield grid
        return
    line = grid[line_number]
    candidates = [word for word in words if len(word) == line["length"]]
    crossings = [c for c in line["intersects"] if c[0] < line_number]
    crossed = "".join(grid[other]["word"][at] for other, _, at in crossings)
    for other, here, at in crossings:
        candidates = [w for w in candidates if w[here] == grid[other]["word"][at]]
    for word in candidates:
        filled = list(grid)
        filled[line_number] = {**line, "word": word}
        left = letters + crossed
        for letter in word:
            if letter not in left:
                break
            left = left.replace(letter, "", 1)
        else:
            yield from writeup_fill(filled, left, words)


def writeup_solutions(letters: str, words: list[str], grids: list[list[dict]]):
    """all_solutions(): every shape in the list's order; yields (shapes tried, solution)."""
    ordered = writeup_word_order(letters, words)
    for tried, grid in enumerate(grids, 1):
        for solution in writeup_fill(grid, letters, ordered):
            yield tried, solution


def writeup_first_ms(letters: str, tier: Tier, grids: list[list[dict]]) -> tuple[float, int]:
    """The finder's CPU time to its first solution, and the shapes it tried by then."""
    start = time.process_time()
    words = roll_words(letters, lexicon(), tier)
    found = next(writeup_solutions(letters, words, grids), None)
    elapsed = (time.process_time() - start) * 1000
    if found is None:
        return elapsed, 0
    return elapsed, found[0]


def our_first_ms(letters: str, tier: Tier, solver=None) -> float | None:
    """Our CPU time to a first solution (None: there is none); `solver`: another checkout's
    solver module (see load_baseline), else this tree's."""
    every = solver.solutions if solver else solutions
    start = time.process_time()
    found = next(every(parse(letters), tier), None)
    return (time.process_time() - start) * 1000 if found else None


def load_baseline(path: Path):
    """Another checkout's fill.py (or, from before the split, solver.py) as a module beside
    ours, reading this tree's shapes and data (so a baseline must agree with them on the
    data's form)."""
    name = "puzzles.qless.baseline_solver"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "puzzles.qless"
    sys.modules[name] = module  # (dataclasses look their module up while it loads)
    spec.loader.exec_module(module)
    module.shape_tree(12)  # the set-up, not timed per roll
    return module


def compare_rolls(
    rolls: list[tuple[str, str]],
    tier: Tier,
    grids: list[list[dict]],
    repeats: int = 1,
    baseline=None,
) -> dict:
    """Ours and the write-up's finder (and a baseline solver, when given) to a first
    solution, roll by roll, interleaved, who goes first rotating: the least CPU time of
    `repeats` runs each."""
    runners = {
        "ours": lambda letters: our_first_ms(letters, tier),
        "writeup": lambda letters: writeup_first_ms(parse(letters).letters, tier, grids),
    }
    if baseline is not None:
        runners["baseline"] = lambda letters: our_first_ms(letters, tier, baseline)
    names = list(runners)
    rows = []
    for number, (weekday, letters) in enumerate(rolls):
        times: dict[str, list] = {name: [] for name in names}
        for run in range(repeats):
            first = (number + run) % len(names)
            for name in names[first:] + names[:first]:
                times[name].append(runners[name](letters))
        base_ms, base_tried = min(times.pop("writeup"))  # (the same shapes every run)
        row = {
            "roll": letters,
            "weekday": weekday,
            "writeup_ms": base_ms if base_tried else None,
            "writeup_shapes": base_tried or None,
        }
        for name, runs in times.items():
            row[f"{name}_ms"] = None if None in runs else min(runs)
        rows.append(row)
    both = [r for r in rows if r["ours_ms"] is not None and r["writeup_ms"] is not None]
    slower = [r for r in both if r["ours_ms"] > r["writeup_ms"]]
    found = {
        "rolls": len(rows),
        "solved_by_both": len(both),
        "ours_first_ms": summary([r["ours_ms"] for r in both]),
        "writeup_first_ms": summary([r["writeup_ms"] for r in both]),
        "ours_total_ms": round(sum(r["ours_ms"] for r in both), 1),
        "writeup_total_ms": round(sum(r["writeup_ms"] for r in both), 1),
        "ours_slower": len(slower),
        "ours_slower_by_more_than_1ms": sum(r["ours_ms"] > r["writeup_ms"] + 1 for r in both),
        "slowest_for_us": sorted(both, key=lambda r: -r["ours_ms"])[:WORST_SHOWN],
        "most_behind": sorted(slower, key=lambda r: r["writeup_ms"] - r["ours_ms"])[:WORST_SHOWN],
        "only_ours_solved": [r["roll"] for r in rows if r["writeup_ms"] is None and r["ours_ms"]],
        "only_writeup_solved": [
            r["roll"] for r in rows if r["ours_ms"] is None and r["writeup_ms"] is not None
        ],
    }
    if baseline is not None:
        found["baseline"] = against_baseline(rows, both)
    return found


def against_baseline(rows: list[dict], both: list[dict]) -> dict:
    """The baseline's figures beside ours, over the same rolls."""
    timed = [r for r in both if r["baseline_ms"] is not None]
    return {
        "first_ms": summary([r["baseline_ms"] for r in timed]) if timed else None,
        "total_ms": round(sum(r["baseline_ms"] for r in timed), 1),
        "ours_total_ms": round(sum(r["ours_ms"] for r in timed), 1),
        "slower_than_writeup": sum(r["baseline_ms"] > r["writeup_ms"] for r in timed),
        "slower_than_writeup_by_more_than_1ms": sum(
            r["baseline_ms"] > r["writeup_ms"] + 1 for r in timed
        ),
        "solved_differently": [
            r["roll"] for r in rows if (r["ours_ms"] is None) != (r["baseline_ms"] is None)
        ],
    }


def answers(letters: str) -> dict:
    """Everything the solver answers for a roll, for comparing two versions."""
    roll = parse(letters)
    found: dict = {"roll": letters}
    for name, tier in TIERS.items():
        first = itertools.islice(solutions(roll, tier), 40)
        found[f"{name} first 40"] = [
            [list(solution.rows()), list(solution.words()), solution.shape_rank]
            for solution in first
        ]
        found[f"{name} solve"] = solve(roll, name).text()
        found[f"{name} solve, 10"] = solve(roll, name, max_solutions=TEN).text()
    rating = rate(roll)
    found["rating"] = [rating.shapes_to_ten, rating.solutions, rating.day]
    given = hint(roll)
    found["hint"] = given if isinstance(given, str) else given.text()
    return found


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
    parser.add_argument(
        "--grids", type=Path, default=GRIDS, help="the write-up's grids.json (for its finder)"
    )
    parser.add_argument(
        "--only-writeup", action="store_true", help="only the comparison with the write-up"
    )
    parser.add_argument(
        "--repeats", type=int, default=1, help="runs per roll against the write-up (the least)"
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        help="another checkout's puzzles/qless/fill.py (solver.py before the split), timed "
        "beside ours against the write-up",
    )
    parser.add_argument(
        "--answers", type=Path, help="write every roll's answers here (JSON lines); no timing"
    )
    args = parser.parse_args(argv)

    rolls = daily_rolls()
    if args.answers:
        lexicon().load_all()
        with args.answers.open("w") as out:
            for _, letters in rolls:
                print(json.dumps(answers(letters)), file=out)
        return
    report: dict = {"rolls": len(rolls), "load_average": os.getloadavg(), "setup_ms": setup_ms()}
    report["tiers"] = {}
    if args.grids.is_file():
        grids = load_grids(args.grids)
        baseline = load_baseline(args.baseline) if args.baseline else None
        report["against_writeup"] = {
            name: compare_rolls(rolls, tier, grids, args.repeats, baseline)
            for name, tier in TIERS.items()
        }
    else:
        report["against_writeup"] = f"skipped: no {args.grids} (see --grids)"
    report["load_average_after"] = os.getloadavg()
    if args.only_writeup:
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            print_writeup(report)
        return
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


def print_writeup(report: dict) -> None:
    loads = (report["load_average"], report.get("load_average_after", report["load_average"]))
    shown = " -> ".join("/".join(f"{load:.1f}" for load in loads_at) for loads_at in loads)
    print(f"{report['rolls']} Daily Q-less rolls (load average {shown})")
    print("set-up: " + ", ".join(f"{k} {v:.0f} ms" for k, v in report["setup_ms"].items()))
    compared = report["against_writeup"]
    if isinstance(compared, str):
        print(f"against the write-up's finder: {compared}")
        return
    for name, row in compared.items():
        ours, theirs = row["ours_first_ms"], row["writeup_first_ms"]
        print(
            f"\n{name} words, first solution (CPU), ours against the write-up's finder "
            f"({row['solved_by_both']} rolls both solve, interleaved):"
        )
        for label, times, total in (
            ("ours", ours, row["ours_total_ms"]),
            ("write-up", theirs, row["writeup_total_ms"]),
        ):
            print(
                f"  {label:<9} median {times['median']:.1f} ms  p95 {times['p95']:.1f} ms  "
                f"max {times['max']:.1f} ms  total {total:.0f} ms"
            )
        print(
            f"  ours slower on {row['ours_slower']} rolls "
            f"({row['ours_slower_by_more_than_1ms']} by more than 1 ms)"
        )
        if "baseline" in row:
            base = row["baseline"]
            times = base["first_ms"] or {"median": 0.0, "p95": 0.0, "max": 0.0}
            print(
                f"  baseline  median {times['median']:.1f} ms  p95 {times['p95']:.1f} ms  "
                f"max {times['max']:.1f} ms  total {base['total_ms']:.0f} ms (ours "
                f"{base['ours_total_ms']:.0f}); slower than the write-up on "
                f"{base['slower_than_writeup']} rolls "
                f"({base['slower_than_writeup_by_more_than_1ms']} by more than 1 ms)"
            )
            if base["solved_differently"]:
                print(f"  solved by one only: {' '.join(base['solved_differently'])}")
        for label, key in (("slowest for us", "slowest_for_us"), ("most behind", "most_behind")):
            shown = ", ".join(
                f"{r['roll']} {r['ours_ms']:.1f}/{r['writeup_ms']:.1f}" for r in row[key][:5]
            )
            print(f"  {label} (ours/write-up ms): {shown or '-'}")
        if row["only_ours_solved"] or row["only_writeup_solved"]:
            print(
                f"  solved only by ours: {' '.join(row['only_ours_solved']) or '-'}; "
                f"only by the write-up: {' '.join(row['only_writeup_solved']) or '-'}"
            )


def print_report(report: dict) -> None:
    print_writeup(report)
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
