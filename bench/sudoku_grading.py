"""Sudoku grading against the Sudoku Exchange bank's difficulty tiers.

    .venv/bin/python -m bench.sudoku_grading [--all] [--per-tier N] [--json]

Grades the first N puzzles (default 200) of each tier (easy, medium, hard, hard1, hard2,
diabolical), or all 500 with --all, and reports per tier: the mean grade score, how many
puzzles got each grade, how many logic solves alone, and grading time (median, max). Then
the Spearman rank correlation between the grade score and the tier, both over the six
tiers in file order and over the bank's four published rating buckets (hard, hard1 and
hard2 all come from its "hard" bucket, Sukaku Explainer rating 2.5 to 5.0). Every logic
step is also checked against the bank's solution (placements right, eliminations never
remove the answer): any mismatch is reported as unsound. The grading is timed again with
the bank's solution known, as /solve sudoku grades (solve has found it): "known ms" is
that median, and every such grade must be the same ("differ" counts those that are not).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter
from pathlib import Path

from puzzles.sudoku.grade import GRADES, grade
from puzzles.sudoku.grid import Grid
from puzzles.sudoku.logic import solve_by_logic

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "sudoku" / "sudoku_exchange"
TIERS = ("easy", "medium", "hard", "hard1", "hard2", "diabolical")
BUCKET = {"easy": 0, "medium": 1, "hard": 2, "hard1": 2, "hard2": 2, "diabolical": 3}


def as_grid(answer: str) -> Grid:
    return Grid(3, 3, tuple(map(int, answer)), "123456789")


def read_tier(tier: str, limit: int | None) -> list[tuple[Grid, str]]:
    pairs = []
    for line in (CORPUS / f"{tier}_puzzle_and_solution.txt").read_text().splitlines():
        if line.strip():
            puzzle, solution = line.split()
            pairs.append((as_grid(puzzle), solution))
    return pairs[:limit]


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of their positions."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Pearson correlation of the ranks (the tie-corrected Spearman rho)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / spread


def unsound_steps(grid: Grid, solution: str) -> int:
    answer = [int(ch) for ch in solution]
    wrong = 0
    for step in solve_by_logic(grid).steps:
        wrong += sum(answer[cell] != value for cell, value in step.placements)
        wrong += sum(answer[cell] == value for cell, value in step.eliminations)
    return wrong


def run(limit: int | None) -> dict:
    tiers = {}
    scores: list[float] = []
    tier_index: list[float] = []
    bucket_index: list[float] = []
    for index, tier in enumerate(TIERS):
        pairs = read_tier(tier, limit)
        times, known_times, grades, unsound, differ = [], [], [], 0, 0
        for grid, solution in pairs:
            start = time.perf_counter()
            result = grade(grid)
            times.append(time.perf_counter() - start)
            grades.append(result)
            unsound += unsound_steps(grid, solution)
            start = time.perf_counter()
            known = grade(grid, solve_by_logic(grid, as_grid(solution)))
            known_times.append(time.perf_counter() - start)
            differ += known != result
        tier_scores = [g.score for g in grades]
        scores += tier_scores
        tier_index += [index] * len(grades)
        bucket_index += [BUCKET[tier]] * len(grades)
        names = Counter(g.name for g in grades)
        tiers[tier] = {
            "puzzles": len(grades),
            "mean_score": round(statistics.fmean(tier_scores), 3),
            "grades": {name: names[name] for name in GRADES},
            "solved_by_logic": sum(g.name != "beyond-logic" for g in grades),
            "median_ms": round(statistics.median(times) * 1000, 2),
            "max_ms": round(max(times) * 1000, 2),
            "known_median_ms": round(statistics.median(known_times) * 1000, 2),
            "differ_when_known": differ,
            "unsound_steps": unsound,
        }
    return {
        "per_tier": tiers,
        "spearman_six_tiers": round(spearman(scores, tier_index), 3),
        "spearman_four_buckets": round(spearman(scores, bucket_index), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="grade all 500 puzzles per tier")
    parser.add_argument("--per-tier", type=int, default=200, help="puzzles per tier (default 200)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    report = run(None if args.all else args.per_tier)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    header = f"{'tier':<11}{'n':>5}{'mean':>7}  " + "".join(f"{g:>7.6}" for g in GRADES)
    print(
        header + f"{'logic':>7}{'med ms':>8}{'max ms':>8}{'known ms':>9}{'differ':>7}{'unsound':>8}"
    )
    for tier, row in report["per_tier"].items():
        counts = "".join(f"{row['grades'][g]:>7}" for g in GRADES)
        print(
            f"{tier:<11}{row['puzzles']:>5}{row['mean_score']:>7.2f}  {counts}"
            f"{row['solved_by_logic']:>7}{row['median_ms']:>8.1f}{row['max_ms']:>8.1f}"
            f"{row['known_median_ms']:>9.1f}{row['differ_when_known']:>7}{row['unsound_steps']:>8}"
        )
    print(f"Spearman rho, score vs six tiers in file order: {report['spearman_six_tiers']:.3f}")
    print(f"Spearman rho, score vs the bank's four buckets: {report['spearman_four_buckets']:.3f}")


if __name__ == "__main__":
    main()
