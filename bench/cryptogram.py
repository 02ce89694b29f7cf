"""Cryptogram benchmark: every movie quote of the shared corpus under three random keys.

    .venv/bin/python -m bench.cryptogram [--json] [--limit N] [--tuning | --texts FILE] [--keys K]

Each quote in ../shared/corpora/cryptogram/movie_quotes.csv is enciphered with three random
derangement keys (no letter stands for itself) drawn from a fixed seed, and solved with word
breaks and no hints. Reports the exact-solve rate (the plaintext read back letter for letter),
letter accuracy, how often the true reading is among the readings shown to the player (the
answer or an "also possible" one), and median / p95 / max solve time with the word lists and
letter statistics loaded, wall and CPU (which other work on a shared machine sways
less). Targets: >= 95% exact, median < 300 ms, max < 5 s.

The calibration table says whether the confidence shown means what it says: for each level,
how many answers were shown at that confidence or more, and how many of those were right.
Target: at every level, at least that share right (of the answers shown at >= 90%, >= 90%).

``--tuning`` runs the same measure on the project's own quotations
(puzzles/cryptogram/data/quotes.tsv) under other keys instead, and ``--texts FILE`` on the
texts of a file, one a line (such as the fortunes that scripts/build_cryptogram_model.py
--print-tuning-fortunes prints: those its word counts leave out). The solver's weights are
tuned on those sets, never on the movie quotes, so the movie-quote figure stays a held-out
test.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import statistics
import time
from pathlib import Path

from puzzles.cryptogram import parse, solve
from puzzles.cryptogram.generate import encipher, quotations, random_derangement
from puzzles.cryptogram.puzzle import Cryptogram
from puzzles.cryptogram.solver import decode

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "cryptogram"
SEED = 20261121
TUNING_SEED = 5150
KEYS_PER_QUOTE = 3
CONFIDENCE_LEVELS = (0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99)


def quotes() -> list[str]:
    with (CORPUS / "movie_quotes.csv").open(newline="", encoding="utf-8") as handle:
        return [row["quote"] for row in csv.DictReader(handle)]


def tuning_quotes() -> list[str]:
    return [quote for quote, _ in quotations()]


def read_by(puzzle: Cryptogram, key: tuple[tuple[str, str], ...]) -> str:
    """The plain letters a reading's key gives the puzzle's letters: what it reads, offensive
    words too (the answer shows those masked)."""
    return decode(puzzle.letters, dict(key))


def letters(text: str) -> str:
    return "".join(ch for ch in text.upper() if "A" <= ch <= "Z")


def run(
    limit: int | None = None,
    tuning: bool = False,
    texts_file: Path | None = None,
    keys_per_quote: int = KEYS_PER_QUOTE,
) -> dict:
    rng = random.Random(SEED if texts_file is None and not tuning else TUNING_SEED)
    if texts_file is not None:
        texts = [line for line in texts_file.read_text("utf-8").splitlines() if line.strip()]
    else:
        texts = tuning_quotes() if tuning else quotes()
    texts = texts[:limit]
    start = time.perf_counter()
    solve(parse("XLI UYMGO FVSAR JSB"))  # load the word lists and statistics once
    warm_up = time.perf_counter() - start
    times, cpu_times, exact, shown, right, total, misses, judged = [], [], 0, 0, 0, 0, [], []
    for text in texts:
        for _ in range(keys_per_quote):
            puzzle = parse(encipher(text, random_derangement(rng)))
            start, cpu_start = time.perf_counter(), time.process_time()
            solution = solve(puzzle)
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - cpu_start)
            truth, read = letters(text), read_by(puzzle, solution.key)
            exact += read == truth
            judged.append((solution.confidence, read == truth))
            shown += any(read_by(puzzle, r.key) == truth for r in solution.readings)
            right += sum(a == b for a, b in zip(read, truth, strict=True))
            total += len(truth)
            if read != truth:
                misses.append({"quote": text, "read": solution.plaintext})
    times.sort()
    cpu_times.sort()
    return {
        "puzzles": len(times),
        "exact_rate": exact / len(times),
        "shown_rate": shown / len(times),
        "letter_accuracy": right / total,
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": times[int(0.95 * (len(times) - 1))] * 1000,
        "max_ms": times[-1] * 1000,
        "cpu_median_ms": statistics.median(cpu_times) * 1000,
        "cpu_p95_ms": cpu_times[int(0.95 * (len(cpu_times) - 1))] * 1000,
        "cpu_max_ms": cpu_times[-1] * 1000,
        "load_average": os.getloadavg(),
        "warm_up_ms": warm_up * 1000,
        "calibration": calibration(judged),
        "misses": misses,
    }


def calibration(judged: list[tuple[float, bool]]) -> list[dict]:
    """For each level: the answers shown at that confidence or more, and the share right."""
    table = []
    for level in CONFIDENCE_LEVELS:
        at_least = [right for confidence, right in judged if confidence >= level]
        share = sum(at_least) / len(at_least) if at_least else None
        table.append({"level": level, "answers": len(at_least), "right_rate": share})
    return table


def calibration_lines(table: list[dict]) -> list[str]:
    lines = ["confidence shown   answers   right   (target: right >= the level)"]
    for row in table:
        share = row["right_rate"]
        verdict = "" if share is None else ("ok" if share >= row["level"] else "OVERCONFIDENT")
        shown = "-" if share is None else f"{share:.1%}"
        lines.append(f">= {row['level']:>4.0%}  {row['answers']:>15}   {shown:>6}   {verdict}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--limit", type=int, help="only the first N quotes")
    sets = parser.add_mutually_exclusive_group()
    sets.add_argument("--tuning", action="store_true", help="the quotes.tsv tuning set")
    sets.add_argument("--texts", type=Path, help="a file of texts to encipher, one a line")
    parser.add_argument("--keys", type=int, default=KEYS_PER_QUOTE, help="keys per text")
    args = parser.parse_args()
    result = run(args.limit, args.tuning, args.texts, args.keys)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"{result['puzzles']} puzzles ({args.keys} keys per quote): "
        f"exact {result['exact_rate']:.1%} (target >= 95%), "
        f"letters {result['letter_accuracy']:.1%}; "
        f"true reading among those shown {result['shown_rate']:.1%}\n"
        f"time median {result['median_ms']:.0f} ms (target < 300), p95 {result['p95_ms']:.0f} ms, "
        f"max {result['max_ms']:.0f} ms (target < 5000); first load {result['warm_up_ms']:.0f} ms\n"
        f"CPU time median {result['cpu_median_ms']:.0f} ms, p95 {result['cpu_p95_ms']:.0f} ms, "
        f"max {result['cpu_max_ms']:.0f} ms; load average at the end "
        + ", ".join(f"{load:.1f}" for load in result["load_average"])
    )
    print("\n".join(calibration_lines(result["calibration"])))


if __name__ == "__main__":
    main()
