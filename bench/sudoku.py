"""Sudoku benchmark: the exact solver against Norvig's, on every sudoku corpus; generation.

    .venv/bin/python -m bench.sudoku [--json] [--no-baseline] [--limit N] [--seeds N]
                                     [--sets TEXT] [--sixteen N] [--split] [--against DIR]

Every puzzle of every corpus in ../shared/corpora/sudoku (17_clue: its first 5,000) is
solved three ways in turn, interleaved puzzle by puzzle: by Norvig's constraint propagation
and search (bench/norvig.py, the baseline, to its first solution), by ours to the first
solution, and by the full `solve` that /solve sudoku runs (count solutions to two, then
grade a unique puzzle by logic; several solutions are counted on to 100). Every answer, ours
and the baseline's, is checked to be a valid completion of its puzzle. Per set: median and
total of each, and the ratios Norvig / ours by median and by total.
Targets: the full solve at least 2x Norvig on every set; to the first solution at least
10x by median on forum_hardest_1106; no puzzle over 0.5 s.

With --split, the full solve's two parts are also timed on their own, to show which side a
gap is on: its logic (the logic solve that goes first, and the grade of a unique puzzle) and
its search (counting to MANY_CAP, which runs only where logic gets stuck).

With --against DIR (another checkout, e.g. `git worktree add /tmp/main main`): that
checkout's solver is also timed to the first solution, interleaved with ours puzzle by
puzzle (which of the two goes first alternates, as the second of two runs tends to gain a
few percent), and its answers are compared with ours: a change to the search is measured
against the code it replaces in one run, under the same load.

With --sixteen N: 16x16 puzzles generated at each grade from N seeds, solved both ways
(target: full solve median <= 50 ms). Then generation: time per 9x9 puzzle per grade,
over --seeds seeds (default 10), plain and with symmetric clues. Target: median under 1 s.

Times are CPU seconds of this process (time.process_time), so that other work on a shared
machine slows the figures less; wall-clock figures are kept in the JSON beside them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench import norvig
from puzzles.core import PuzzleError
from puzzles.sudoku.generate import DIFFICULTIES, generate
from puzzles.sudoku.grade import grade as grade_of
from puzzles.sudoku.grid import Grid, units
from puzzles.sudoku.logic import solve_by_logic
from puzzles.sudoku.puzzle import parse
from puzzles.sudoku.solver import MANY_CAP, SudokuSolution, count_solutions, solutions, solve

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "sudoku"
# (label, file, at most this many puzzles): every sudoku corpus; 17_clue's 49,158 would take
# an hour with the baseline, so its first 5,000 stand for it.
SETS = (
    ("easy50", "easy50.txt", None),
    ("top95", "top95.txt", None),
    ("hardest", "hardest.txt", None),
    ("hard375", "hard375.txt", None),
    ("forum_hardest_1106", "forum_hardest_1106.txt", None),
    ("magictour_top1465", "magictour_top1465.txt", None),
    ("17_clue (first 5,000)", "17_clue.txt", 5000),
    ("solution_counts", "solution_counts.txt", None),
    *(
        (f"sudoku_exchange {tier}", f"sudoku_exchange/{tier}_puzzle_and_solution.txt", None)
        for tier in ("easy", "medium", "hard", "hard1", "hard2", "diabolical")
    ),
)
FIRST_TARGET = 10.0  # to the first solution, by median, on forum_hardest_1106
FULL_TARGET = 2.0  # the full solve (count to two, grade), on every set
MAX_SECONDS_TARGET = 0.5
GENERATION_MEDIAN_TARGET = 1.0


def read_puzzles(name: str, limit: int | None) -> list[str]:
    """The puzzles of a corpus file: the first field of each line (`puzzle:count:solution`
    and `puzzle solution` lines both occur), comments skipped."""
    puzzles = []
    for line in (CORPUS / name).read_text().splitlines():
        fields = line.split(":")[0].split()
        if fields and not fields[0].startswith("#"):
            puzzles.append(fields[0])
    return puzzles[:limit]


def corpus_sets(limit: int | None) -> list[tuple[str, list[str]]]:
    """(label, puzzles) for every set, at most `limit` puzzles each."""
    return [
        (label, read_puzzles(name, min(most or 10**9, limit or 10**9)))
        for label, name, most in SETS
    ]


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


# Another checkout's solver: puzzle text in, parsed; out, its search to the first solution,
# to time (the cells of that solution, None when there is none).
FirstSolver = Callable[[str], Callable[[], "tuple[int, ...] | None"]]


def bench_set(
    texts: list[str], baseline: bool, split: bool = False, against: FirstSolver | None = None
) -> dict:
    """Each puzzle, in turn: Norvig's search, ours to the first solution, and the full solve
    (`solve`: count to two, then grade), so that load on the machine hits all three alike;
    with `split`, then the full solve's logic and its search, each on its own; with
    `against`, another checkout's solver to the first solution, just before or after ours."""
    runs: dict[str, tuple[list[float], list[float]]] = {
        "norvig": ([], []),
        "against": ([], []),
        "first": ([], []),
        "full": ([], []),
        "logic": ([], []),
        "search": ([], []),
    }
    invalid = several = none = differ = 0
    for number, text in enumerate(texts):
        puzzle = parse(text)
        if baseline:
            answer, cpu, wall = timed(lambda text=text: norvig.solve(text))
            runs["norvig"][0].append(cpu)
            runs["norvig"][1].append(wall)
            if answer is not None:
                invalid += not is_valid_completion(puzzle, tuple(int(ch) for ch in answer))
        if against is not None and number % 2:
            theirs = time_against(against, text, runs)
        found, cpu, wall = timed(lambda puzzle=puzzle: solutions(puzzle, limit=1))
        runs["first"][0].append(cpu)
        runs["first"][1].append(wall)
        if against is not None:
            if not number % 2:
                theirs = time_against(against, text, runs)
            differ += theirs != (found[0].cells if found else None)
        invalid += bool(found) and not is_valid_completion(puzzle, found[0].cells)
        if baseline:
            invalid += bool(found) != (answer is not None)  # solvable for one, not the other
        result, cpu, wall = timed(lambda puzzle=puzzle: solve(puzzle))
        runs["full"][0].append(cpu)
        runs["full"][1].append(wall)
        invalid += bool(found) != (result.solution is not None)
        if result.solution is not None:
            invalid += not is_valid_completion(puzzle, result.solution.cells)
            invalid += result.unique and result.grade is None
        several += result.count > 1
        none += result.count == 0
        if split:
            invalid += time_parts(puzzle, result, runs)
    result = {"puzzles": len(texts), "invalid_answers": invalid, "several": several, "none": none}
    if against is not None:
        result["differing_from_against"] = differ
    for name, (cpu, wall) in runs.items():
        if cpu:
            result[name] = summary(cpu, wall)
    if baseline:
        for name in ("first", "full"):
            result[f"ratio_{name}"] = {
                "median": _ratio(result["norvig"]["median_ms"], result[name]["median_ms"]),
                "total": _ratio(result["norvig"]["total_s"], result[name]["total_s"]),
            }
    if against is not None:
        result["ratio_against"] = {
            "median": _ratio(result["against"]["median_ms"], result["first"]["median_ms"]),
            "total": _ratio(result["against"]["total_s"], result["first"]["total_s"]),
        }
    return result


def time_against(against: FirstSolver, text: str, runs: dict) -> tuple[int, ...] | None:
    """The other checkout's first solution of `text`, its search (not its parse, as for
    ours) timed into runs["against"]."""
    cells, cpu, wall = timed(against(text))
    runs["against"][0].append(cpu)
    runs["against"][1].append(wall)
    return cells


def load_against(checkout: Path) -> FirstSolver:
    """The first-solution search of another checkout of this project, imported beside ours:
    its `puzzles` package is imported with its tree first on the path, kept by reference, and ours
    put back, so that each module keeps its own tree's code."""

    if not (checkout / "puzzles" / "sudoku" / "solver.py").is_file():
        raise SystemExit(
            f"--against {checkout}: no puzzles/sudoku/solver.py there; give the root of "
            "another checkout, e.g. one made by `git worktree add /tmp/main main`"
        )

    def is_puzzles_module(name: str) -> bool:
        return name == "puzzles" or name.startswith("puzzles.")

    ours = {name: module for name, module in sys.modules.items() if is_puzzles_module(name)}
    for name in ours:
        del sys.modules[name]
    sys.path.insert(0, str(checkout))
    try:
        parse_theirs = importlib.import_module("puzzles.sudoku.puzzle").parse
        solutions_theirs = importlib.import_module("puzzles.sudoku.solver").solutions
    finally:
        sys.path.remove(str(checkout))
        for name in [name for name in sys.modules if is_puzzles_module(name)]:
            del sys.modules[name]
        sys.modules.update(ours)

    def first(text: str) -> Callable[[], tuple[int, ...] | None]:
        puzzle = parse_theirs(text)

        def search() -> tuple[int, ...] | None:
            found = solutions_theirs(puzzle, limit=1)
            return found[0].cells if found else None

        return search

    return first


def time_parts(puzzle: Grid, result: SudokuSolution, runs: dict) -> int:
    """The full solve's two parts, each timed on its own into `runs`: its logic (the logic
    solve, and the grade of a unique puzzle) and its search (counting to MANY_CAP, which
    solve runs only where logic neither fills the grid nor finds it impossible; 0 s where
    it does not). How many of them disagree with `result`, solve's answer."""
    logic, cpu, wall = timed(lambda: solve_by_logic(puzzle))
    disagree = 0
    if result.unique:
        graded, grade_cpu, grade_wall = timed(lambda: grade_of(puzzle, logic))
        cpu, wall = cpu + grade_cpu, wall + grade_wall
        disagree += graded != result.grade
    runs["logic"][0].append(cpu)
    runs["logic"][1].append(wall)
    cpu = wall = 0.0
    if not logic.solved and not logic.problem:
        count, cpu, wall = timed(lambda: count_solutions(puzzle, MANY_CAP))
        disagree += min(count, 2) != result.count
    runs["search"][0].append(cpu)
    runs["search"][1].append(wall)
    return disagree


def _ratio(theirs: float, ours: float) -> float | None:
    return round(theirs / ours, 2) if ours else None


def bench_sixteen(seeds: int) -> dict:
    """16x16 puzzles (no corpus has them): generated at each grade from seeds 0..seeds-1,
    then solved to the first solution and fully (count to two, grade). Target: full solve
    median <= 50 ms."""
    first, full, grades = [], [], []
    for difficulty in DIFFICULTIES:
        for seed in range(seeds):
            puzzle = generate(random.Random(seed), difficulty, size=16)
            _, cpu, _ = timed(lambda puzzle=puzzle: solutions(puzzle, limit=1))
            first.append(cpu)
            result, cpu, _ = timed(lambda puzzle=puzzle: solve(puzzle))
            full.append(cpu)
            grades.append(result.grade.name)
    return {
        "puzzles": len(full),
        "grades": {name: grades.count(name) for name in DIFFICULTIES},
        "first": summary(first, first),
        "full": summary(full, full),
    }


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
    parser.add_argument("--sets", help="only the sets whose label contains this")
    parser.add_argument(
        "--sixteen", type=int, default=0, help="also time 16x16 puzzles, this many seeds per grade"
    )
    parser.add_argument(
        "--split", action="store_true", help="also time the full solve's search and grading apart"
    )
    parser.add_argument(
        "--against", type=Path, help="another checkout: time its first-solution search too"
    )
    args = parser.parse_args(argv)
    against = load_against(args.against) if args.against else None
    report: dict = {"solving": {}, "generation": {}}
    for label, texts in corpus_sets(args.limit):
        if args.sets and args.sets not in label:
            continue
        report["solving"][label] = bench_set(
            texts, baseline=not args.no_baseline, split=args.split, against=against
        )
        print(f"  solved {label}", file=sys.stderr, flush=True)
    if args.sixteen:
        report["sixteen"] = bench_sixteen(args.sixteen)
        print(f"  16x16: {report['sixteen']}", file=sys.stderr, flush=True)
    if args.seeds:
        report["generation"] = bench_generation(args.seeds)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render(report))
    return 0


def render(report: dict) -> str:
    lines = [
        "| set | puzzles | Norvig: median / total | first solution: median / total "
        "| full solve: median / total | ratio first: median / total "
        "| ratio full: median / total | invalid |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, row in report["solving"].items():
        norvig_cell = ratio_first = ratio_full = "-"
        if "norvig" in row:
            norvig_cell = _times(row["norvig"])
            ratio_first = "{median}x / {total}x".format(**row["ratio_first"])
            ratio_full = "{median}x / {total}x".format(**row["ratio_full"])
        lines.append(
            f"| {label} | {row['puzzles']} | {norvig_cell} | {_times(row['first'])} "
            f"| {_times(row['full'])} | {ratio_first} | {ratio_full} | {row['invalid_answers']} |"
        )
    compared = [(label, row) for label, row in report["solving"].items() if "against" in row]
    if compared:
        lines += [
            "",
            "| set | first solution, ours: median / total | the other checkout's "
            "| ratio theirs / ours: median / total | answers differing |",
            "|---|---|---|---|---|",
        ]
        for label, row in compared:
            lines.append(
                f"| {label} | {_times(row['first'])} | {_times(row['against'])} "
                "| {median}x / {total}x ".format(**row["ratio_against"])
                + f"| {row['differing_from_against']} |"
            )
    split = [(label, row) for label, row in report["solving"].items() if "search" in row]
    if split:
        lines += [
            "",
            "| set | full solve: median / total | its logic and grade: median / total "
            "| its search (where logic is stuck): median / total |",
            "|---|---|---|---|",
        ]
        for label, row in split:
            lines.append(
                f"| {label} | {_times(row['full'])} | {_times(row['logic'])} "
                f"| {_times(row['search'])} |"
            )
    if report.get("sixteen"):
        row = report["sixteen"]
        lines += [
            "",
            f"16x16, {row['puzzles']} generated ({row['grades']}): first solution "
            f"{_times(row['first'])}, max {row['first']['max_ms']:.0f} ms; full solve "
            f"{_times(row['full'])}, max {row['full']['max_ms']:.0f} ms (median / total)",
        ]
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


def _times(run: dict) -> str:
    return f"{run['median_ms']:.2f} ms / {run['total_s']:.2f} s"


if __name__ == "__main__":
    sys.exit(main())
