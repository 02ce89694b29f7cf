"""Cryptogram benchmark: every movie quote of the shared corpus under three random keys.

    .venv/bin/python -m bench.cryptogram [--json] [--limit N]

Each quote in ../shared/corpora/cryptogram/movie_quotes.csv is enciphered with three random
derangement keys (no letter stands for itself) drawn from a fixed seed, and solved with word
breaks and no hints. Reports the exact-solve rate (the plaintext read back letter for letter),
letter accuracy, and median / p95 / max solve time with the word lists and letter statistics
loaded. Targets: >= 95% exact, median < 300 ms, max < 5 s.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import statistics
import time
from pathlib import Path

from puzzles.cryptogram import parse, solve
from puzzles.cryptogram.generate import encipher, random_derangement

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "cryptogram"
SEED = 20261121
KEYS_PER_QUOTE = 3


def quotes() -> list[str]:
    with (CORPUS / "movie_quotes.csv").open(newline="", encoding="utf-8") as handle:
        return [row["quote"] for row in csv.DictReader(handle)]


def letters(text: str) -> str:
    return "".join(ch for ch in text.upper() if "A" <= ch <= "Z")


def run(limit: int | None = None) -> dict:
    rng = random.Random(SEED)
    texts = quotes()[:limit]
    start = time.perf_counter()
    solve(parse("XLI UYMGO FVSAR JSB"))  # load the word lists and statistics once
    warm_up = time.perf_counter() - start
    times, exact, right, total, misses = [], 0, 0, 0, []
    for text in texts:
        for _ in range(KEYS_PER_QUOTE):
            puzzle = parse(encipher(text, random_derangement(rng)))
            start = time.perf_counter()
            solution = solve(puzzle)
            times.append(time.perf_counter() - start)
            truth, read = letters(text), letters(solution.plaintext)
            exact += read == truth
            right += sum(a == b for a, b in zip(read, truth, strict=True))
            total += len(truth)
            if read != truth:
                misses.append({"quote": text, "read": solution.plaintext})
    times.sort()
    return {
        "puzzles": len(times),
        "exact_rate": exact / len(times),
        "letter_accuracy": right / total,
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": times[int(0.95 * (len(times) - 1))] * 1000,
        "max_ms": times[-1] * 1000,
        "warm_up_ms": warm_up * 1000,
        "misses": misses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--limit", type=int, help="only the first N quotes")
    args = parser.parse_args()
    result = run(args.limit)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"{result['puzzles']} puzzles ({KEYS_PER_QUOTE} keys per quote): "
        f"exact {result['exact_rate']:.1%} (target >= 95%), "
        f"letters {result['letter_accuracy']:.1%}\n"
        f"time median {result['median_ms']:.0f} ms (target < 300), p95 {result['p95_ms']:.0f} ms, "
        f"max {result['max_ms']:.0f} ms (target < 5000); first load {result['warm_up_ms']:.0f} ms"
    )


if __name__ == "__main__":
    main()
