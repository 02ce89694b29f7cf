"""How long `puzzlebot solve <kind> <example>` takes as a whole process, for every kind.

    .venv/bin/python -m bench.startup [--json] [--runs 5] [--kind letterboxed ...]
        [--against OTHER/.venv/bin/puzzlebot]

Each kind's registered example (the one `puzzlebot kinds` lists) is solved by the installed
`puzzlebot` command in a fresh process, `--runs` times; the median wall time is reported,
with the median CPU time (user + system, all threads) of the process, which other work on
the machine sways less. One run per kind first, not counted, lets Python write its bytecode
cache, as an installed package has it. Target: at most 0.3 s for every kind.

``--against`` times another installation's `puzzlebot` (say, a checkout of main with its own
venv) on the same examples, its runs alternating with these, so that the load of a shared
machine weighs on both alike: a before/after comparison in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from puzzles import all_kinds

TARGET_S = 0.3


def timed_run(command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of `command` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=environment)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def kind_startup(kind_name: str, example: str, runs: int, programs: dict[str, Path]) -> dict:
    """Each program's figures for the kind's example, the programs' runs alternating."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = {
        label: [str(program), "solve", kind_name, example] for label, program in programs.items()
    }
    for command in commands.values():
        timed_run(command, environment)  # writes the bytecode cache; not counted
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
    for run in range(runs):
        order = list(commands) if run % 2 == 0 else list(reversed(commands))  # neither always first
        for label in order:
            times[label].append(timed_run(commands[label], environment))
    return {label: _figures(label_times) for label, label_times in times.items()}


def _figures(times: list[tuple[float, float]]) -> dict:
    walls, cpus = zip(*times, strict=True)
    return {
        "median_s": round(statistics.median(walls), 3),
        "min_s": round(min(walls), 3),
        "cpu_median_s": round(statistics.median(cpus), 3),
        "runs": len(times),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kind", action="append", help="only these kinds (repeatable)")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="PUZZLEBOT",
        help="another installation's puzzlebot command, timed in turn with this one",
    )
    args = parser.parse_args(argv)
    kinds = [kind for kind in all_kinds() if not args.kind or kind.name in args.kind]
    programs = {"this": Path(sys.executable).with_name("puzzlebot")}
    if args.against:
        programs["against"] = args.against
    timed = {
        kind.name: kind_startup(kind.name, kind.example, args.runs, programs) for kind in kinds
    }
    result = {label: {name: timed[name][label] for name in timed} for label in programs}
    result["kinds"] = result.pop("this")  # the key it always had
    result |= {
        "target_s": TARGET_S,
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for name in timed:
        print(_line(name, result["kinds"][name]))
        if args.against:
            print(_line("  against", result["against"][name]))
    print(f"target: at most {TARGET_S} s each; load average {result['load_average']}")
    return 0


def _line(name: str, figures: dict) -> str:
    verdict = "ok" if figures["median_s"] <= TARGET_S else "over"
    return (
        f"{name:<12} median {figures['median_s']:.3f} s (min {figures['min_s']:.3f} s, "
        f"CPU {figures['cpu_median_s']:.3f} s) over {figures['runs']} runs: {verdict}"
    )


if __name__ == "__main__":
    sys.exit(main())
