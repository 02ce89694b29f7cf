"""Daily cryptograms: a public-domain quotation enciphered with a key that fixes no letter.

The quotations are data/quotes.tsv (``quote<TAB>author``, written for this project from the
authors' published works; every author died long ago). The attribution is printed in plain
text under the cipher, as newspapers do. A quotation is only used when the solver reads it
back exactly, so the daily puzzle's hints and checks agree with its true answer.
"""

from __future__ import annotations

import csv
import random
from functools import cache
from pathlib import Path

from puzzles.core import PuzzleError
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram, parse
from puzzles.i18n import _

DIFFICULTIES = ("easy", "medium", "hard")
# Letters of the key given away, and the shortest quotation used, by difficulty.
REVEALED = {"easy": 2, "medium": 1, "hard": 0}
MIN_LETTERS = {"easy": 50, "medium": 35, "hard": 25}
MAX_TRIES = 30


@cache
def quotations() -> tuple[tuple[str, str], ...]:
    """Every (quote, author) pair of the shipped collection, in file order."""
    text = (Path(__file__).parent / "data" / "quotes.tsv").read_text("utf-8")
    rows = csv.reader(text.splitlines()[1:], delimiter="\t", quoting=csv.QUOTE_NONE)
    return tuple((quote, author) for quote, author in rows)


def random_derangement(rng: random.Random) -> dict[str, str]:
    """A random substitution key (plain -> cipher) in which no letter stands for itself."""
    while True:
        shuffled = list(LETTERS)
        rng.shuffle(shuffled)
        if all(plain != cipher for plain, cipher in zip(LETTERS, shuffled, strict=True)):
            return dict(zip(LETTERS, shuffled, strict=True))


def encipher(plaintext: str, key: dict[str, str]) -> str:
    """Upper-case the text and substitute every letter; spaces and punctuation stay."""
    return "".join(key.get(ch, ch) for ch in plaintext.upper())


def generate(
    rng: random.Random, difficulty: str | None = None, text: str | None = None
) -> Cryptogram:
    """A quotation (or `text`) enciphered with a random derangement; same rng, same puzzle."""
    difficulty = difficulty or "medium"
    if text:
        return _with_reveals(*_enciphered(text, "", rng), difficulty)
    pool = [q for q in quotations() if _letter_count(q[0]) >= MIN_LETTERS[difficulty]]
    for _try in range(MAX_TRIES):
        quote, author = rng.choice(pool)
        puzzle = _with_reveals(*_enciphered(quote, author, rng), difficulty)
        if _solver_reads(puzzle, quote):
            return puzzle
    raise PuzzleError(_("no quotation could be enciphered into a puzzle with one clear answer"))


def _enciphered(text: str, author: str, rng: random.Random) -> tuple[Cryptogram, dict[str, str]]:
    """The puzzle, and its true key (cipher -> plain)."""
    text = " ".join(text.split())
    if _letter_count(text) < 2:
        raise PuzzleError(
            _("the text to encipher needs at least two letters"), example="to be or not"
        )
    key = random_derangement(rng)
    puzzle = parse(encipher(text, key) + (f"\n— {author}" if author else ""))
    return puzzle, {cipher: plain for plain, cipher in key.items()}


def _with_reveals(puzzle: Cryptogram, truth: dict[str, str], difficulty: str) -> Cryptogram:
    from puzzles.cryptogram.rules import reveal_best_letter  # rules needs the solver; lazily

    truth = {c: p for c, p in truth.items() if c in puzzle.letters}
    for _revealed in range(REVEALED[difficulty]):
        cipher, plain = reveal_best_letter(puzzle, dict(puzzle.hints), truth)
        puzzle = Cryptogram(
            puzzle.ciphertext, tuple(sorted({*puzzle.hints, (cipher, plain)})), puzzle.attribution
        )
    return puzzle


def _solver_reads(puzzle: Cryptogram, quote: str) -> bool:
    from puzzles.cryptogram.solver import solve

    return solve(puzzle).plaintext == " ".join(quote.split()).upper()


def _letter_count(text: str) -> int:
    return sum(ch.isascii() and ch.isalpha() for ch in text)
