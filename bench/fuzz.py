"""Hardening benchmark: a long fuzz run of every kind, and every option at its maximum timed
against the bot's solve deadline.

    .venv/bin/python -m bench.fuzz [--json] [--quick] [--skip-fuzz] [--skip-options]
                                   [--max-minutes 20]

- Fuzz: the properties of tests/fuzz (any text is answered or refused, a puzzle re-parses
  from its own text, what parses is solved inside the deadline, option extremes refused or
  bounded, generate text fits one message; any config file or shard variable loads or is
  one line; any migrate-db source and target are copied whole or refused, both left as
  they were; any body or address sent to the playground's page is answered below 500, any
  gateway frame is taken or closed with one of Discord's codes, never with a traceback; any
  file given as a puzzle picture, through the bot's own read_job for every kind a reader
  reads, is read or refused with a PictureError that says what to send instead: random
  bytes, damaged screenshots, and each malformed picture (truncated PNG and JPEG, a
  decompression bomb, huge and tiny pictures, an animated GIF, a PNG with no grid, a file
  over the size limit), tests/fuzz/test_pictures.py) under the `long` hypothesis profile
  (500 and more inputs per kind and property; --quick: the default profile). Reports the
  inputs tried per kind ("config", "migrate-db", "playground http", "gateway frames" and
  "picture" counted as kinds), from hypothesis's statistics, and every failure.
  The run is stopped after --max-minutes (20 by default; about 6 on a two-core machine
  shared with other work, longer when a failure is found, since hypothesis then spends up
  to 5 minutes shrinking it).
- Options at their maxima: each kind's numeric solve options set to their declared maximum
  (and tier=large where a kind has tiers) on the slowest puzzles we know for that option,
  timed in this process (wall clock, and processor time, which a busy machine does not
  inflate). Target: every solve under half the bot's 10 s deadline in processor time, so
  that no option a member is offered can only end in a refusal.
- Slow inputs: the largest cryptograms accepted (1,500 letters of no language), solved as
  patristocrats, hinted and checked: inputs the bot accepts whose work only its deadline
  bounds (the command line stops them at the same deadline). Same target; a row past it
  names work that a member can only see refused. Random letters are answered as such
  (puzzles/cryptogram/readable.py); each row shows the answer's first line. Then the
  largest texts that are not uniform noise: letters drawn as often as English uses them,
  and 1,500 letters of the project's quotations as a patristocrat, solved, hinted and
  checked (in one process: the hint and check reuse what the solve cached).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import string
import subprocess
import sys
import time
from pathlib import Path

from bot.config import Config
from puzzles import get_kind
from puzzles.core import PuzzleError

ROOT = Path(__file__).resolve().parents[1]
# The slowest puzzles found for each option (by hand and while choosing the ranges).
SLOW_CASES = {
    "qless": [("eeiiaaorstnl", {"max_solutions": "max", "tier": "large"})],
    "letterboxed": [
        ("abcdef ghijkl mnopqr stuvwx", {"max_words": "max", "tier": "large"}),
        ("abc def ghi jkl mno pqr stu vwx", {"max_words": "max", "tier": "large"}),
    ],
    "ladder": [("cat", {"longest": True, "seconds": "max", "tier": "large"})],
}
# The largest cryptogram accepted, of random letters: no two annealing runs agree, so every
# restart runs; the word-break search finds no words to settle on.
RANDOM_LETTERS = "".join(random.Random(1).choices(string.ascii_uppercase, k=1500))
# A reading of it with a consistent key (each letter the next): a check then solves, to
# tell a wrong answer from another reading.
SHIFTED = RANDOM_LETTERS.translate(
    str.maketrans(string.ascii_uppercase, string.ascii_uppercase[1:] + "A")
)
# Random letters drawn as often as English uses them: their letters repeat like English, so
# only the first annealing runs (reading nothing like English) tell them from a cipher.
ENGLISH_FREQUENCIES = {
    "E": 12.7, "T": 9.1, "A": 8.2, "O": 7.5, "I": 7.0, "N": 6.7, "S": 6.3, "H": 6.1,
    "R": 6.0, "D": 4.3, "L": 4.0, "C": 2.8, "U": 2.8, "M": 2.4, "W": 2.4, "F": 2.2, "G": 2.0,
    "Y": 2.0, "P": 1.9, "B": 1.5, "V": 1.0, "K": 0.8, "J": 0.15, "X": 0.15, "Q": 0.1, "Z": 0.07,
}  # fmt: skip
ENGLISH_LIKE_NOISE = "".join(
    random.Random(1).choices(list(ENGLISH_FREQUENCIES), list(ENGLISH_FREQUENCIES.values()), k=1500)
)


def long_quotation(letters: int = 1500) -> tuple[str, str]:
    """The letters of the project's quotations joined, the first `letters` of them, and those
    enciphered: a real patristocrat of the largest size accepted, and its answer."""
    from puzzles.cryptogram.generate import encipher, quotations, random_derangement

    plain = ""
    for quotation, _ in quotations():
        plain += "".join(ch for ch in quotation.upper() if ch in string.ascii_uppercase)
        if len(plain) >= letters:
            break
    plain = plain[:letters]
    return plain, encipher(plain, random_derangement(random.Random(3)))


# (kind, command, puzzle, the options or the answer/progress): timed like the maxima.
SLOW_INPUTS = [
    ("cryptogram", "solve", RANDOM_LETTERS, {"patristocrat": True}),
    ("cryptogram", "hint", RANDOM_LETTERS, ""),
    ("cryptogram", "check", RANDOM_LETTERS, SHIFTED),
]
# The largest texts that are not uniform random letters, timed the same way: noise that
# only the search tells from English, and a real patristocrat (its hint and check solve it).
LARGEST_TEXTS = [
    ("cryptogram", "solve", ENGLISH_LIKE_NOISE, {"patristocrat": True}),
    ("cryptogram", "solve", long_quotation()[1], {"patristocrat": True}),
    ("cryptogram", "hint", long_quotation()[1], ""),
    ("cryptogram", "check", long_quotation()[1], long_quotation()[0]),
]
TRIED_LINE = "fuzz inputs tried per kind: "  # written by tests/fuzz/conftest.py


def options_at_maxima() -> list[dict]:
    rows = []
    for kind_name, cases in SLOW_CASES.items():
        kind = get_kind(kind_name)
        bounds = {o.name: (o.minimum, o.maximum) for o in kind.solve_options if o.maximum}
        for text, wanted in cases:
            options = {
                name: bounds[name][1] if value == "max" else value for name, value in wanted.items()
            }
            warm = {
                name: bounds[name][0] if value == "max" else value for name, value in wanted.items()
            }
            puzzle = kind.parse(text)
            kind.solve_with(puzzle, warm)  # word lists and indexes built outside the timing
            start, cpu_start = time.perf_counter(), time.process_time()
            kind.solve_with(puzzle, options)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu_start
            rows.append(
                {
                    "kind": kind_name,
                    "puzzle": text,
                    "options": options,
                    "seconds": round(seconds, 2),
                    "cpu_seconds": round(cpu, 2),
                }
            )
    return rows


def slow_inputs() -> list[dict]:
    rows = []
    for kind_name, command, text, given in SLOW_INPUTS + LARGEST_TEXTS:
        kind = get_kind(kind_name)
        kind.solve(kind.parse(kind.example))  # word lists and models loaded outside the timing
        puzzle = kind.parse(text)
        work = {"solve": kind.solve_with, "hint": kind.hint, "check": kind.check}[command]
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            answer = work(puzzle, given).text()
        except PuzzleError as refused:
            answer = f"refused: {refused.problem}"
        rows.append(
            {
                "kind": kind_name,
                "puzzle": f"{command} {text[:20]}... ({len(text):,} characters)",
                "options": given if isinstance(given, dict) else {},
                "seconds": round(time.perf_counter() - start, 2),
                "cpu_seconds": round(time.process_time() - cpu_start, 2),
                "answer": answer.splitlines()[0][:100],
            }
        )
    return rows


def fuzz(profile: str, max_minutes: float = 20) -> dict:
    """Run tests/fuzz under `profile`, for at most `max_minutes`; inputs tried per kind and
    the failures."""
    command = [sys.executable, "-m", "pytest", "tests/fuzz", "-q", "-p", "no:cacheprovider"]
    start = time.perf_counter()
    try:
        run = subprocess.run(
            command,
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "HYPOTHESIS_PROFILE": profile},
            timeout=max_minutes * 60,
        )
    except subprocess.TimeoutExpired as stopped:
        output = stopped.stdout or b""
        output = output.decode(errors="replace") if isinstance(output, bytes) else output
        return {
            "profile": profile,
            "seconds": round(time.perf_counter() - start, 1),
            "inputs_per_kind": {},
            "failures": [line for line in output.splitlines() if line.startswith("FAILED")],
            "summary": f"stopped after {max_minutes:g} minutes, unfinished",
        }
    seconds = time.perf_counter() - start
    per_kind: dict[str, int] = {}
    for line in run.stdout.splitlines():
        if line.startswith(TRIED_LINE):
            for entry in line[len(TRIED_LINE) :].split(", "):
                kind, count = entry.rsplit(" ", 1)
                per_kind[kind] = int(count.replace(",", ""))
    failures = [line for line in run.stdout.splitlines() if line.startswith("FAILED")]
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-500:]
    return {
        "profile": profile,
        "seconds": round(seconds, 1),
        "inputs_per_kind": dict(per_kind),
        "failures": failures,
        "summary": summary,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="the default (fast) profile")
    parser.add_argument("--skip-fuzz", action="store_true")
    parser.add_argument("--skip-options", action="store_true")
    parser.add_argument(
        "--max-minutes", type=float, default=20, help="stop the fuzz run after this long"
    )
    args = parser.parse_args()
    results: dict = {"deadline_seconds": Config().deadline_seconds}
    if not args.skip_options:
        results["options_at_maxima"] = options_at_maxima() + slow_inputs()
    if not args.skip_fuzz:
        results["fuzz"] = fuzz("default" if args.quick else "long", args.max_minutes)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    deadline = results["deadline_seconds"]
    for row in results.get("options_at_maxima", []):
        verdict = "ok" if row["cpu_seconds"] < deadline / 2 else "TOO CLOSE TO THE DEADLINE"
        print(
            f"{row['kind']:12} {row['puzzle']:32.48} {row['options']} "
            f"{row['seconds']:6.2f} s ({row['cpu_seconds']:.2f} s CPU)  {verdict}"
        )
        if "answer" in row:
            print(f"{'':12} -> {row['answer']}")
    if "fuzz" in results:
        run = results["fuzz"]
        print(f"fuzz ({run['profile']} profile, {run['seconds']} s): {run['summary']}")
        for kind, count in sorted(run["inputs_per_kind"].items()):
            print(f"  {kind:12} {count:7,} inputs")
        for failure in run["failures"]:
            print(f"  {failure}")


if __name__ == "__main__":
    main()
