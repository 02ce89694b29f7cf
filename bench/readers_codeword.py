"""Codeword reader benchmark: generated puzzles, drawn by renderers/codeword.py as the bot
sends them, shrunk to a phone's width and saved as JPEG, read back and compared.

    .venv/bin/python -m bench.readers_codeword [--puzzles N] [--seed S] [--language es] [--json]

Each puzzle is a real generated one (puzzles.codeword generate: 11x11, 13x13 and 15x15 in
turn, each difficulty), so the pictures hold both layouts: up to 13 columns a cell has its
number above its letter, wider grids one thing a cell and the key pairs them. Reported: the
puzzles read exactly (the text puzzles.codeword.parse reads, every cell and starter), those
read with no unsure cell, and the read time per picture (wall clock, the whole read from the
file's bytes; generating and drawing are not counted).

With `--language es` the puzzles are Spanish: 27 numbers, the key in two rows of 14, and Ñ.
So that every picture shows an Ñ, the number standing for Ñ (from the puzzle's solution) is
added to its starters, in the key and in its cells; a Spanish puzzle is read exactly only
when the reader also says it is Spanish.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time

from bench.readers import _phone_jpeg
from puzzles import get_kind
from readers import codeword
from readers.picture import PictureError
from renderers.codeword import draw

SIZES = (11, 13, 15)
DIFFICULTIES = ("easy", "medium", "hard")


def read_generated(count: int, seed: int, language: str = "en") -> dict:
    kind = get_kind("codeword")
    rng = random.Random(seed)
    exact, sure, seconds, wrong = 0, 0, [], []
    for k in range(count):
        size, difficulty = SIZES[k % len(SIZES)], DIFFICULTIES[k // len(SIZES) % 3]
        options = {"grid_size": size, "language": language}
        puzzle = kind.generate_with(random.Random(rng.random()), difficulty, options)
        if language == "es":
            puzzle = with_enye_given(kind, puzzle)
        data = _phone_jpeg(draw(puzzle), rng)
        started = time.perf_counter()
        try:
            reading = codeword.read(data)
            got, unsure = reading.text, reading.unsure
            read_language = reading.language or "en"
        except PictureError as error:
            got, unsure, read_language = str(error), (-1,), None
        seconds.append(time.perf_counter() - started)
        if language == "es" and read_language != "es":
            got = f"read as {read_language}: {got}"
        exact += got == puzzle.text()
        sure += not unsure
        if got != puzzle.text():
            refused = got[:120] if unsure == (-1,) else None
            wrong.append(
                {"puzzle": k, "size": size, "unsure": list(unsure)[:10], "refused": refused}
            )
    seconds.sort()
    return {
        "puzzles": count,
        "read_exactly": exact,
        "read_with_no_unsure_cell": sure,
        "median_seconds": statistics.median(seconds),
        "p95_seconds": seconds[max(0, round(0.95 * len(seconds)) - 1)],
        "wrong": wrong[:10],
    }


def with_enye_given(kind, puzzle):
    """The Spanish puzzle with its Ñ given too (when its grid has one), so the picture shows
    Ñ in the key and in the cells."""
    letters = dict(kind.solve(puzzle).letters or {})
    enye = [number for number, letter in letters.items() if letter == "ñ"]
    starters = dict(puzzle.starters) | dict.fromkeys(enye, "ñ")
    return dataclasses.replace(puzzle, starters=tuple(sorted(starters.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--language", choices=("en", "fr", "es"), default="en")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = read_generated(args.puzzles, args.seed, args.language)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{args.language} codeword screenshots: "
        f"{report['read_exactly']}/{report['puzzles']} read exactly, "
        f"{report['read_with_no_unsure_cell']} with no unsure cell; "
        f"{report['median_seconds'] * 1000:.0f} ms median, "
        f"{report['p95_seconds'] * 1000:.0f} ms p95 per picture"
    )
    for line in report["wrong"]:
        print(f"  misread: {line}")


if __name__ == "__main__":
    main()
