"""Letter Boxed reader benchmark: our own pictures and NYT-like screenshots read back.

    .venv/bin/python -m bench.readers_letterboxed [--json] [--ours N] [--nyt N] [--answers N]
                                                  [--seed S]

Ours: N boxes (default 200) drawn by renderers/letterboxed.py, their letters drawn from the
mix of the real NYT boxes in ../shared/corpora, half of them NYT's square of three letters a
side and half every other shape puzzles.letterboxed allows (3 to 8 sides, 1 to 6 letters a
side), each shrunk to a phone's width (480 to 1080 pixels) and saved as JPEG (quality 60 to
90), as a member shares the bot's picture. NYT-like: N screenshots (default 100) drawn like
NYT's game page (tests/readers/letterboxed_pictures.py: a phone-sized page in one of five
colours, eight fonts, a title, the word being typed, buttons), of the real NYT boxes and
random squares, half as PNG and half as JPEG. Answers (--answers N, none by default): the
bot's answer pictures, words drawn across the box, of every shape, half as PNG and half shrunk
to 540 pixels as JPEG: found or refused, never to be misread.

Reported for each: boxes read exactly (every letter, every side, in order), boxes whose every
letter was found beside its side (whatever it was read as), pictures refused, letters right,
reads with no letter marked unsure and how many of those are exact, and the read time per
picture (wall clock, from the file's bytes, median and 95th percentile).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from puzzles import get_kind
from puzzles.letterboxed.puzzle import Board
from readers import letterboxed
from readers.picture import PictureError
from renderers.letterboxed import draw
from tests.readers.letterboxed_pictures import nyt_boards, nyt_like, nyt_like_style, random_board
from tests.readers.pictures import as_jpeg

OTHER_SHAPES = [(3, 3), (3, 5), (5, 2), (5, 3), (6, 2), (6, 4), (7, 2), (8, 2), (8, 3), (4, 6)]


def our_pictures(rng: random.Random, count: int) -> list[tuple[Board, bytes]]:
    pictures = []
    for k in range(count):
        sides, per_side = (4, 3) if k % 2 == 0 else rng.choice(OTHER_SHAPES)
        board = random_board(rng, sides, per_side)
        width, quality = rng.choice((480, 540, 720, 1080)), rng.randint(60, 90)
        pictures.append((board, as_jpeg(draw(board), width, quality)))
    return pictures


def nyt_like_pictures(rng: random.Random, count: int) -> list[tuple[Board, bytes]]:
    real = nyt_boards()
    pictures = []
    for k in range(count):
        board = real[k] if k < len(real) else random_board(rng, 4, 3)
        png = nyt_like(board, nyt_like_style(rng, board))
        data = png if k % 2 == 0 else as_jpeg(png, quality=rng.randint(70, 92))
        pictures.append((board, data))
    return pictures


def answer_pictures(rng: random.Random, count: int) -> list[tuple[Board, bytes]]:
    """The bot's answers: boxes of every shape with their solution's words drawn across."""
    kind = get_kind("letterboxed")
    pictures: list[tuple[Board, bytes]] = []
    while len(pictures) < count:
        board = random_board(rng, *rng.choice([(4, 3), *OTHER_SHAPES]))
        solution = kind.solve(board)
        if getattr(solution, "words", None):
            png = draw(board, solution)
            pictures.append((board, png if len(pictures) % 2 == 0 else as_jpeg(png, 540, 70)))
    return pictures


def read_back(pictures: list[tuple[Board, bytes]]) -> dict:
    exact = shapes = refused = letters_right = letters = sure = sure_exact = 0
    seconds, misread = [], []
    for board, data in pictures:
        expected = board.text()
        started = time.perf_counter()
        try:
            reading = letterboxed.read(data)
            got, unsure = reading.text, reading.unsure
        except PictureError as error:
            got, unsure = "", (0,)
            refused += 1
            misread.append(f"{expected}: refused ({error.problem})")
        seconds.append(time.perf_counter() - started)
        letters += len(board.letters)
        if [len(s) for s in got.split()] == [len(s) for s in board.sides]:
            shapes += 1  # every letter found beside its side, whatever it was read as
            letters_right += sum(
                a == b for a, b in zip(got.replace(" ", ""), board.letters.upper(), strict=True)
            )
        exact += got == expected
        sure += not unsure
        sure_exact += not unsure and got == expected
        if got and got != expected:
            misread.append(f"{expected}: read {got}, unsure {list(unsure)}")
    return {
        "pictures": len(pictures),
        "exact": exact,
        "exact_share": round(exact / len(pictures), 4),
        "shapes_right": shapes,
        "refused": refused,
        "letters_share": round(letters_right / letters, 4),
        "sure": sure,
        "sure_exact": sure_exact,
        "median_ms": round(statistics.median(seconds) * 1000, 1),
        "p95_ms": round(sorted(seconds)[int(0.95 * (len(seconds) - 1))] * 1000, 1),
        "misread": misread[:20],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", type=int, default=200)
    parser.add_argument("--nyt", type=int, default=100)
    parser.add_argument("--answers", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results = {
        "ours": read_back(our_pictures(rng, args.ours)),
        "nyt_like": read_back(nyt_like_pictures(rng, args.nyt)),
    }
    if args.answers:
        results["answers"] = read_back(answer_pictures(rng, args.answers))
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for name, result in results.items():
        print(
            f"{name}: {result['exact']}/{result['pictures']} read exactly "
            f"({result['exact_share']:.1%}), letters {result['letters_share']:.2%}, "
            f"every letter found {result['shapes_right']}, refused {result['refused']}, "
            f"{result['sure']} sure of which {result['sure_exact']} exact; "
            f"read {result['median_ms']} ms median, {result['p95_ms']} ms p95"
        )
        for line in result["misread"]:
            print("   ", line)


if __name__ == "__main__":
    main()
