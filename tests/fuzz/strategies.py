"""Texts to throw at the parsers: each kind's own grammar, hostile characters, and mutations of
good puzzles (one character changed, inserted or doubled), as well as arbitrary text."""

from __future__ import annotations

import string
from collections import Counter

from hypothesis import strategies as st

from puzzles.core import PuzzleKind

# Inputs tried per kind in this run, for the summary at the end (see conftest.py).
TRIED: Counter[str] = Counter()

# Characters that look like or stand for ASCII letters and digits, or cannot be seen.
UNICODE_DIGITS = ("²", "٣", "５", "𝟗", "①", "Ⅻ", "߂", "᠓", "¹", "₃", "৯")
LOOKALIKE_LETTERS = ("ﬆ", "ﬁ", "ß", "\u212a", "İ", "ı", "ǅ", "ſ", "é", "Ω", "ｃ", "Ａ")
INVISIBLE = ("\u0301", "\u200b", "\u00a0", "\u2028", "\u3000", "\ufeff", "\x00", "\r", "\t")
HOSTILE_PIECES = (*UNICODE_DIGITS, *LOOKALIKE_LETTERS, *INVISIBLE, "1" * 4400, "9" * 5000)

GRAMMAR = {
    "letterboxed": (list(string.ascii_letters), [" ", ",", "/", ";", "|", "\n"]),
    "codeword": (
        [str(n) for n in range(0, 30)],
        [" ", " ", "\n", "/", ";", "=", ":", "#", ".", ",", "final: ", "12=E", "E", "[", "]"],
    ),
    "cryptogram": (
        list(string.ascii_uppercase) + list(string.ascii_lowercase),
        [" ", " ", "'", ".", ",", "!", "?", "—", "\n— ", "hints: ", "A=B", "=", "\n", "’", "-"],
    ),
    "qless": (list(string.ascii_letters), [" ", ",", "-", "/", "|", "\n", ".", "```"]),
    "ladder": (list(string.ascii_lowercase), [" ", "->", "→", ",", "/", "-", "—", "|"]),
    "sudoku": (
        [*"0123456789ABCDEFG", "10", "11", "12", "16", "17", "23"],
        [".", ".", "_", " ", "|", "-", "+", "\n", "*", ",", "="],
    ),
    "spelling": (
        list("ABCDEHILNPRSTY."),
        ["phrase: ", "letters: ", "highlight: ", "r1c1 ", "r10c3 ", "\n", " ", "|", "-", "."],
    ),
}


def arbitrary_text() -> st.SearchStrategy[str]:
    return st.text(max_size=300)


def grammar_text(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """Text made of the kind's own pieces, now and then with a hostile piece among them."""
    symbols, separators = GRAMMAR[kind.name]
    piece = st.one_of(
        st.sampled_from(symbols),
        st.sampled_from(symbols),
        st.sampled_from(separators),
        st.sampled_from(HOSTILE_PIECES),
    )
    return st.lists(piece, max_size=120).map("".join)


def mutated(good: str) -> st.SearchStrategy[str]:
    """A puzzle that parses, with one character replaced, inserted or removed, or a piece
    repeated: the edits that reach the checks deepest inside a parser."""

    @st.composite
    def build(draw) -> str:
        at = draw(st.integers(0, len(good)))
        piece = draw(st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=3)))
        edit = draw(st.sampled_from(("replace", "insert", "delete", "repeat")))
        if edit == "replace":
            return good[:at] + piece + good[at + 1 :]
        if edit == "insert":
            return good[:at] + piece + good[at:]
        if edit == "delete":
            return good[:at] + good[at + 1 :]
        return good[:at] + good[at:] * draw(st.integers(2, 4))

    return build()


def puzzle_texts(kind: PuzzleKind, good: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.one_of(
        grammar_text(kind), st.one_of(*(mutated(text) for text in good)), arbitrary_text()
    )


def hostile_values() -> st.SearchStrategy[object]:
    """Option values at and past every extreme a member (or a script) can type."""
    return st.one_of(
        st.sampled_from(
            [
                float("nan"),
                float("inf"),
                float("-inf"),
                "nan",
                "NaN",
                "inf",
                "-Infinity",
                "",
                " ",
                "1e309",
                "1e3",
                "٣",
                "²",
                "５",
                "1" * 5000,
                10**5000,
                -(10**5000),
                2**63,
                -1,
                0,
                True,
                None,
                "yes",
                "0x10",
                "1_000",
                "3.5",
            ]
        ),
        st.integers(),
        st.floats(),
        st.text(max_size=20),
        st.text(min_size=400, max_size=3000),
    )
