"""Patristocrat benchmark: 100 public-domain texts of 100-180 letters without word breaks.

    .venv/bin/python -m bench.cryptogram_patristocrat [--json] [--limit N] [--texts FILE]

The texts are the project's own quotations (puzzles/cryptogram/data/quotes.tsv, public
domain) joined in file order until a text has PATRISTOCRAT_LETTERS letters (a quotation that
would take it past the top starts the next text). Each is enciphered with a random
derangement from a fixed seed, printed the patristocrat way (letters only, in groups of
five) and solved without hints. Reports the exact rate (every letter read right), letter
accuracy, median and max time, and the calibration table of bench.cryptogram (of the answers
shown at >= 90% confidence, how many were right). Targets: >= 90% exact, median <= 2 s.

``--texts FILE`` joins the texts of a file (one a line) instead: the held-out fortunes that
scripts/build_cryptogram_model.py --print-tuning-fortunes prints are the tuning set, so the
quotations stay a held-out test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

from bench.cryptogram import calibration, calibration_lines, letters, read_by, tuning_quotes
from puzzles.cryptogram import parse, solve
from puzzles.cryptogram.generate import encipher, random_derangement

SEED = 1919
TEXTS = 100
PATRISTOCRAT_LETTERS = range(100, 181)
GROUP = 5


def joined_texts(quotes: list[str], count: int = TEXTS) -> list[str]:
    """Quotations joined in order into texts of PATRISTOCRAT_LETTERS letters."""
    texts, current = [], []
    for quote in quotes:
        if len(letters(" ".join([*current, quote]))) > PATRISTOCRAT_LETTERS.stop - 1:
            current = []
        current.append(quote)
        if len(letters(" ".join(current))) in PATRISTOCRAT_LETTERS:
            texts.append(" ".join(current))
            current = []
    return texts[:count]


def patristocrat(text: str, rng: random.Random) -> str:
    """The text enciphered and printed in groups of five letters."""
    cipher = letters(encipher(text, random_derangement(rng)))
    return " ".join(cipher[i : i + GROUP] for i in range(0, len(cipher), GROUP))


def run(limit: int | None = None, texts_file: Path | None = None) -> dict:
    if texts_file is None:
        quotes = tuning_quotes()
    else:
        quotes = [line for line in texts_file.read_text("utf-8").splitlines() if line.strip()]
    texts = joined_texts(quotes)[:limit]
    rng = random.Random(SEED)
    times, cpu_times, exact, right, total, judged, misses = [], [], 0, 0, 0, [], []
    for text in texts:
        puzzle = parse(patristocrat(text, rng))
        start, cpu_start = time.perf_counter(), time.process_time()
        solution = solve(puzzle, patristocrat=True)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        truth, read = letters(text), read_by(puzzle, solution.key)
        exact += read == truth
        right += sum(a == b for a, b in zip(read, truth, strict=True))
        total += len(truth)
        judged.append((solution.confidence, read == truth))
        if read != truth:
            misses.append({"text": text, "read": solution.plaintext})
    return {
        "puzzles": len(times),
        "exact_rate": exact / len(times),
        "letter_accuracy": right / total,
        "median_ms": statistics.median(times) * 1000,
        "max_ms": max(times) * 1000,
        "cpu_median_ms": statistics.median(cpu_times) * 1000,
        "cpu_max_ms": max(cpu_times) * 1000,
        "load_average": os.getloadavg(),
        "calibration": calibration(judged),
        "misses": misses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--limit", type=int, help="only the first N texts")
    parser.add_argument("--texts", type=Path, help="a file of texts to join, one a line")
    args = parser.parse_args()
    result = run(args.limit, args.texts)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"{result['puzzles']} patristocrats: exact {result['exact_rate']:.1%} (target >= 90%), "
        f"letters {result['letter_accuracy']:.1%}\n"
        f"time median {result['median_ms']:.0f} ms (target <= 2000), "
        f"max {result['max_ms']:.0f} ms; CPU median {result['cpu_median_ms']:.0f} ms, "
        f"max {result['cpu_max_ms']:.0f} ms; load average at the end "
        + ", ".join(f"{load:.1f}" for load in result["load_average"])
    )
    print("\n".join(calibration_lines(result["calibration"])))


if __name__ == "__main__":
    main()
