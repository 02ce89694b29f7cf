"""Cryptograms: a quotation enciphered letter for letter; find the key.

Glossary:
    Cryptogram    the ciphertext (upper case, punctuation kept), hints as (cipher, plain)
                  letter pairs, and the attribution
    key           cipher letter -> plain letter; in the search a tuple of 26 plain-letter
                  indexes, UNKNOWN (-1) where not read yet
    cipher word   a word of the ciphertext; its letter pattern picks candidate words
    reading       a full key with its plaintext, score (log10 probability) and confidence
    patristocrat  a cryptogram without word breaks

Modules: puzzle (parse), candidates (cipher words and candidate words), search (the beam
over whole words), ranking (complete and rank readings), patristocrat, model (how English
a reading looks), readable (long texts no key makes English), solver, generate, rules
(check, hint).
"""

from __future__ import annotations

from puzzles.core import Option, PuzzleKind
from puzzles.cryptogram.generate import DIFFICULTIES, generate
from puzzles.cryptogram.puzzle import EXAMPLE, Cryptogram, parse
from puzzles.cryptogram.rules import CryptogramHint, check, hint
from puzzles.cryptogram.solver import CryptogramSolution, solve

KIND = PuzzleKind(
    name="cryptogram",
    title="Cryptogram",
    aliases=("cryptoquote", "crypto", "aristocrat", "patristocrat"),
    example=EXAMPLE,
    description=(
        "A quotation with every letter swapped for another, the same swap throughout and no "
        "letter standing for itself. Work out the key and read the quotation. Hints such as "
        "'hints: Q=T' give key letters away."
    ),
    parse=parse,
    solve=solve,
    check=check,
    generate=generate,
    hint=hint,
    solve_options=(
        Option(
            "patristocrat",
            bool,
            False,
            "the text has no word breaks (100+ letters); spaces are ignored",
        ),
        Option(
            "allow_self",
            bool,
            False,
            "a letter may stand for itself (newspaper cryptograms never do)",
        ),
    ),
    generate_options=(
        Option(
            "text",
            str,
            "",
            "encipher this text instead of a quotation from the collection",
            max_length=500,  # the longest quotation is 160; the puzzle must fit one message
        ),
    ),
    difficulties=DIFFICULTIES,
    max_input_chars=1500,
    max_answer_chars=1500,  # the plaintext, or the key
    multiline_input=True,
    typed_as="enciphered text",
    warm_up=True,  # loads the word statistics and the spoken-English model (about a second)
)

__all__ = [
    "KIND",
    "Cryptogram",
    "CryptogramHint",
    "CryptogramSolution",
    "check",
    "generate",
    "hint",
    "parse",
    "solve",
]
