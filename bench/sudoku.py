"""Sudoku benchmark: the exact solver against Norvig's, on the hard corpora; generation.

    .venv/bin/python -m bench.sudoku [--json] [--no-baseline] [--limit N] [--seeds N]

Solves every puzzle of top95, hardest, forum_hardest_1106, magictour_top1465 and the first
5,000 of 17_clue twice: to the first solution (what Norvig's search does) and counting to
two (what `solve` does, to prove uniqueness). Every answer, ours and the baseline's, is
checked to be a valid completion of its puzzle. Norvig's constraint propagation and
search (bench/norvig.py) runs on the same puzzles in the same process; the ratio is its
total time over ours. Targets: at least 10x on forum_hardest_1106, no puzzle over 0.5 s.

Then generation: time per 9x9 puzzle per grade, over --seeds seeds (default 10), plain and
with symmetric clues. Target: median under 1 s.

Times are CPU seconds of this process (time.process_time), so that other work on a shared
machine slows the figures less; wall-clock figures are printed beside them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from bench import norvig
from puzzles.core import PuzzleError
from puzzles.sudoku.generate import DIFFICULTIES, generate
from puzzles.sudoku.grid import Grid, units
from puzzles.sudoku.puzzle import parse
from puzzles.sudoku.solver import solutions

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "sudoku"
SETS = (
    ("top95", "top95.txt", None),
    ("hardest", "hardest.txt", None),
    ("forum_hardest_1106", "forum_hardest_1106.txt", None),
    ("magictour_top1465", "magictour_top1465.txt", None),
    ("17_clue (first 5,000)", "17_clue.txt", 5000),
)
RATIO_TARGET = 10.0
MAX_SECONDS_TARGET = 0.5
GENERATION_MEDIAN_TARGET = 1.0


def read_puzzles(name: str, limit: int | None) -> list[str]:
    puzzles = []
    for line in (CORPUS / name).read_text().splitlines():
        text = line.split(":")[0].strip()
        if text and not text.startswith("#"):
            puzzles.append(text)
    return puzzles[:limit]


def is_valid_completion(puzzle: Grid, cells: tuple[int, ...]) -> bool:
    """The referee: givens kept, and each value once in every row, column and box."""
    if any(given and given != value for given, value in zip(puzzle.cells, cells, strict=True)):
        return False
    everything = set(range(1, puzzle.size + 1))
    return all(
        {cells[cell] for cell in unit} == everything
        for group in units(puzzle.box_rows, puzzle.box_cols)
        for unit in group
    )


def timed(work):
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def summary(cpu: list[float], wall: list[float]) -> dict:
    return {
        "puzzles_per_second": round(len(cpu) / sum(cpu), 1) if sum(cpu) else None,
        "total_s": round(sum(cpu), 3),
        "median_ms": round(statistics.median(cpu) * 1000, 3),
        "max_ms": round(max(cpu) * 1000, 3),
        "wall_total_s": round(sum(wall), 3),
        "wall_max_ms": round(max(wall) * 1000, 3),
    }


def bench_set(texts: list[str], baseline: bool) -> dict:
    runs: dict[str, tuple[list[float], list[float]]] = {
        "first": ([], []),
        "count_to_2": ([], []),
        "norvig": ([], []),
    }
    invalid = not_unique = 0
    for text in texts:
        puzzle = parse(text)
        found, cpu, wall = timed(lambda puzzle=puzzle: solutions(puzzle, limit=1))
        runs["first"][0].append(cpu)
        runs["first"][1].append(wall)
        invalid += not found or not is_valid_completion(puzzle, found[0].cells)
        found, cpu, wall = timed(lambda puzzle=puzzle: solutions(puzzle, limit=2))
        runs["count_to_2"][0].append(cpu)
        runs["count_to_2"][1].append(wall)
        invalid += not found or not is_valid_completion(puzzle, found[0].cells)
        not_unique += len(found) != 1
        if baseline:
            answer, cpu, wall = timed(lambda text=text: norvig.solve(text))
            runs["norvig"][0].append(cpu)
            runs["norvig"][1].append(wall)
            cells = tuple(int(ch) for ch in answer) if answer else ()
            invalid += not cells or not is_valid_completion(puzzle, cells)
    result = {"puzzles": len(texts), "invalid_answers": invalid, "not_unique": not_unique}
    for name, (cpu, wall) in runs.items():
        if cpu:
            result[name] = summary(cpu, wall)
    if baseline:
        norvig_total = sum(runs["norvig"][0])
        for name in ("first", "count_to_2"):
            ours = sum(runs[name][0])
            result[f"ratio_{name}"] = round(norvig_total / ours, 1) if ours else None
    return result


def bench_generation(seeds: int) -> dict:
    results = {}
    for symmetric in (False, True):
        for difficulty in DIFFICULTIES:
            cpu_times, failures = [], 0
            for seed in range(seeds):
                try:
                    _, cpu, _ = timed(
                        lambda seed=seed, d=difficulty, s=symmetric: generate(
                            random.Random(seed), d, symmetric=s
                        )
                    )
                except PuzzleError:
                    failures += 1
                    continue
                cpu_times.append(cpu)
            key = f"{difficulty}{' symmetric' if symmetric else ''}"
            results[key] = {
                "puzzles": len(cpu_times),
                "failures": failures,
                "median_s": round(statistics.median(cpu_times), 3) if cpu_times else None,
                "max_s": round(max(cpu_times), 3) if cpu_times else None,
            }
            print(f"  generated {key}: {results[key]}", file=sys.stderr, flush=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--no-baseline", action="store_true", help="skip Norvig's solver")
    parser.add_argument("--limit", type=int, help="at most this many puzzles per set")
    parser.add_argument("--seeds", type=int, default=10, help="generated puzzles per grade")
    args = parser.parse_args(argv)
    report: dict = {"solving": {}, "generation": {}}
    for label, name, limit in SETS:
        texts = read_puzzles(name, min(limit or 10**9, args.limit or 10**9))
        report["solving"][label] = bench_set(texts, baseline=not args.no_baseline)
        print(f"  solved {label}", file=sys.stderr, flush=True)
    if args.seeds:
        report["generation"] = bench_generation(args.seeds)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render(report))
    return 0


def render(report: dict) -> str:
    lines = [
        "| set | puzzles | first solution: median / max | count to 2: median / max "
        "| puzzles/s (count to 2) | Norvig: median / max | ratio first / count-2 | invalid |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, row in report["solving"].items():
        norvig_cell = ratio = "-"
        if "norvig" in row:
            norvig_cell = f"{row['norvig']['median_ms']:.1f} / {row['norvig']['max_ms']:.0f} ms"
            ratio = f"{row['ratio_first']}x / {row['ratio_count_to_2']}x"
        lines.append(
            f"| {label} | {row['puzzles']} "
            f"| {row['first']['median_ms']:.1f} / {row['first']['max_ms']:.0f} ms "
            f"| {row['count_to_2']['median_ms']:.1f} / {row['count_to_2']['max_ms']:.0f} ms "
            f"| {row['count_to_2']['puzzles_per_second']:,} | {norvig_cell} | {ratio} "
            f"| {row['invalid_answers']} |"
        )
    if report["generation"]:
        lines += ["", "| grade | generated | median | max |", "|---|---|---|---|"]
        for grade, row in report["generation"].items():
            if row["puzzles"]:
                lines.append(
                    f"| {grade} | {row['puzzles']} (failed {row['failures']}) "
                    f"| {row['median_s']:.2f} s | {row['max_s']:.2f} s |"
                )
            else:
                lines.append(f"| {grade} | 0 (failed {row['failures']}) | - | - |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
