"""A cryptogram as printed: the ciphertext, optional key hints, and an optional attribution.

    TSO'X ASIOX RSIG AJLAFCOH PCESGC XJCR JYXAJ.
    — A proverb
    hints: X=T, S=O

The ciphertext keeps every space, apostrophe and punctuation mark as typed (letters are
upper-cased). Hints say which plain letter a cipher letter stands for, ``cipher=plain``; they
go on a line of their own, or after ``hints:`` anywhere (one-line input). A line starting
with a dash is the attribution: plain text that is not part of the cipher.

The ``cipher=plain`` notation is shared: a player's key (an answer or progress, read in
rules.py) is written the same way, with KEY_PAIR and tight_equals from here.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cached_property

from puzzles.core import PuzzleError, is_invisible, is_letter, shown, upper_each
from puzzles.i18n import _

LETTERS = string.ascii_uppercase
MASK = "*"  # drawn for each hidden letter of an offensive word in an answer
EXAMPLE = "TSO'X ASIOX RSIG AJLAFCOH PCESGC XJCR JYXAJ. hints: X=T"
HINT_EXAMPLE = "hints: A=E, Q=T"
MIN_LETTERS = 2

# Typographic quotes and dashes people paste from newspapers and phones.
_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "“": '"', "”": '"'})
_HINTS_MARKER = re.compile(r"\bhints?\s*:", re.IGNORECASE)
# cipher=plain, the notation of the puzzle's hints and of a player's key (rules.py)
KEY_PAIR = re.compile(r"^([A-Za-z])\s*=\s*([A-Za-z])$")
_HINT_SEPARATORS = re.compile(r"[,;\s]+")
_HINT_LINE = re.compile(
    r"^\s*[A-Za-z]\s*=\s*[A-Za-z](\s*[,;\s]\s*[A-Za-z]\s*=\s*[A-Za-z])*[\s,;]*$"
)
_ATTRIBUTION = re.compile(r"^\s*(?:—|–|--?)\s*(\S.*)$")
# Apostrophes inside a word belong to it (DON'T); anything else that is not a letter splits.
_WORD = re.compile(r"'?[A-Z]+(?:'[A-Z]+)*'?")


@dataclass(frozen=True)
class Cryptogram:
    """The ciphertext (upper-case, punctuation kept), hints as (cipher, plain) pairs, author."""

    ciphertext: str
    hints: tuple[tuple[str, str], ...] = ()
    attribution: str = ""

    def text(self) -> str:
        lines = [self.ciphertext]
        if self.attribution:
            lines.append(f"— {self.attribution}")
        if self.hints:
            lines.append("hints: " + ", ".join(f"{c}={p}" for c, p in self.hints))
        return "\n".join(lines)

    @cached_property
    def letters(self) -> str:
        """The cipher letters in reading order, without spaces or punctuation."""
        return "".join(ch for ch in self.ciphertext if ch in LETTERS)

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The cipher words in reading order; apostrophes inside a word are kept (DON'T)."""
        return tuple(_WORD.findall(self.ciphertext))

    @property
    def hint_key(self) -> dict[str, str]:
        return dict(self.hints)


def parse(text: str) -> Cryptogram:
    """Read a cryptogram as printed, with optional hints and attribution lines."""
    text = text.translate(_TYPOGRAPHY)
    cipher_lines, hint_texts, attribution = [], [], ""
    for line in text.splitlines():
        line, marker, after = _split_hints_marker(line)
        if marker:
            hint_texts.append(after)
        if not line.strip():
            continue
        if _HINT_LINE.match(line) and not marker:
            hint_texts.append(line)
        elif (match := _ATTRIBUTION.match(line)) and cipher_lines:
            attribution = " ".join(match.group(1).split())
        else:
            cipher_lines.append(line)
    ciphertext = upper_each(" ".join(" ".join(cipher_lines).split()))
    # text() writes the ciphertext on one line, so what joining the lines made of it reads
    # as it will then: 'HINT' and ':' on two lines are a hints marker, 'A=' and 'B' a hint.
    ciphertext, marker, after = _split_hints_marker(ciphertext)
    if marker:
        hint_texts.append(after)
    if _HINT_LINE.match(ciphertext):
        hint_texts.append(ciphertext)
        ciphertext = ""
    ciphertext = ciphertext.strip()
    _check_ciphertext(ciphertext)
    hints = parse_hints(" ".join(hint_texts), ciphertext) if hint_texts else ()
    return Cryptogram(ciphertext, hints, attribution)


def _split_hints_marker(line: str) -> tuple[str, bool, str]:
    match = _HINTS_MARKER.search(line)
    if match is None:
        return line, False, ""
    return line[: match.start()], True, line[match.end() :]


def _check_ciphertext(ciphertext: str) -> None:
    strange = next(
        (ch for ch in ciphertext if (ch.isalpha() and not is_letter(ch)) or is_invisible(ch)),
        None,
    )
    if strange is not None:
        at = ciphertext.index(strange)
        raise PuzzleError(
            _(
                "the ciphertext has the character {character}; cipher letters are A-Z only, "
                "with spaces and punctuation as printed",
                character=shown(strange),
            ),
            where=_("character {position}", position=at + 1),
            example=EXAMPLE,
        )
    letters = sum(ch in LETTERS for ch in ciphertext)
    if letters < MIN_LETTERS:
        raise PuzzleError(
            _(
                "a cryptogram needs at least {least} letters; this has {count}",
                least=MIN_LETTERS,
                count=letters,
            ),
            example=EXAMPLE,
        )


def parse_hints(text: str, ciphertext: str) -> tuple[tuple[str, str], ...]:
    """'A=E, Q=T' -> (('A', 'E'), ('Q', 'T')); every malformed or contradictory hint refused."""
    tokens = [token for token in _HINT_SEPARATORS.split(tight_equals(text)) if token]
    if not tokens:
        # Translators: `hints:` starts a line of the puzzle and is typed in English.
        raise PuzzleError(_("'hints:' is followed by no hints"), example=HINT_EXAMPLE)
    key: dict[str, str] = {}
    for token in tokens:
        match = KEY_PAIR.match(token)
        if match is None:
            raise PuzzleError(
                _(
                    "the hint {hint} is not of the form cipher letter = plain letter",
                    hint=shown(token),
                ),
                example=HINT_EXAMPLE,
            )
        cipher, plain = match.group(1).upper(), match.group(2).upper()
        _check_hint_fits(cipher, plain, key, ciphertext)
        key[cipher] = plain
    return tuple(sorted(key.items()))


def tight_equals(text: str) -> str:
    """'A = E' -> 'A=E', so hints split on spaces and commas alike."""
    return re.sub(r"\s*=\s*", "=", text)


def _check_hint_fits(cipher: str, plain: str, key: dict[str, str], ciphertext: str) -> None:
    if cipher not in ciphertext:
        raise PuzzleError(
            _(
                "the hint {cipher}={plain} is about {cipher}, which is not in the ciphertext",
                cipher=cipher,
                plain=plain,
            ),
            example=HINT_EXAMPLE,
        )
    if key.get(cipher, plain) != plain:
        raise PuzzleError(
            _(
                "the hints contradict each other: {cipher}={first} and {cipher}={second}",
                cipher=cipher,
                first=key[cipher],
                second=plain,
            ),
            where=_("cipher letter {letter}", letter=cipher),
            example=HINT_EXAMPLE,
        )
    twin = next((c for c, p in key.items() if p == plain and c != cipher), None)
    if twin is not None:
        raise PuzzleError(
            _(
                "the hints {twin}={plain} and {cipher}={plain} give two cipher letters the "
                "same plain letter",
                twin=twin,
                cipher=cipher,
                plain=plain,
            ),
            where=_("plain letter {letter}", letter=plain),
            example=HINT_EXAMPLE,
        )
