"""Each word-game language's alphabet: its letters, how accents fold, how a word is shown.

Word games drop accents: a French grid holds E for é, è, ê and ë, so "été" is played
as ETE. Spanish keeps Ñ as a letter of its own (27 letters): "año" is AÑO, never ANO,
which is another word. Every word list, board and answer goes through ``fold`` first,
so the solvers only ever see the alphabet's own letters.

    alphabet("es").fold("Año")   # 'año'
    alphabet("fr").fold("Cœur")  # 'coeur'
    alphabet("es").show("año")   # 'AÑO'
"""

from __future__ import annotations

import functools
import re
import string
import unicodedata

DEFAULT_LANGUAGE = "en"
# Every letter of every game alphabet, each at its place for letter-set bits: a-z keep their
# English places, Spanish ñ comes after z.
GAME_LETTERS = string.ascii_lowercase + "ñ"
LETTER_PLACES = {letter: place for place, letter in enumerate(GAME_LETTERS)}

# Ligatures written as two letters in word games ("cœur" is COEUR).
_LIGATURES = {"œ": "oe", "æ": "ae"}
# The accented Latin letters: Latin-1 Supplement and Latin Extended-A. Only these fold, so a
# look-alike from elsewhere (the Kelvin sign, whose canonical form is K) stays itself and is
# refused by name instead of read as a letter.
_ACCENTED_RANGE = range(0xC0, 0x180)


def _accent_folds() -> dict[str, str]:
    """Each lowercase accented Latin letter -> its base letter: 'é' -> 'e', 'ñ' -> 'n'."""
    folds = {}
    for code in _ACCENTED_RANGE:
        letter = chr(code)
        base, *marks = unicodedata.normalize("NFD", letter)
        plain = base in string.ascii_letters and all(map(unicodedata.combining, marks))
        if plain and marks and letter.islower():
            folds[letter] = base
    return folds | _LIGATURES


class Alphabet:
    """A language's letters (lowercase, in dictionary order) and the accented letters that
    stay letters of their own (``kept``: Spanish ñ); every other accent is dropped.

    (A plain class, not a dataclass: importing dataclasses would cost every English lexicon
    load a few milliseconds; see bench/lexicon_load.py.)"""

    __slots__ = ("__dict__", "kept", "language", "letters")

    def __init__(self, language: str, letters: str, kept: str = "", folds_input: bool = True):
        self.language = language
        self.letters = letters
        self.kept = kept
        self.folds_input = folds_input  # English boards take A-Z as typed, as they always have

    def __repr__(self) -> str:
        return f"Alphabet({self.language!r}, {self.letters!r}, kept={self.kept!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (alphabet, (self.language,))

    @functools.cached_property
    def _folds(self) -> dict[int, str]:
        return {ord(ch): base for ch, base in _accent_folds().items() if ch not in self.kept}

    def fold(self, text: str) -> str:
        """``text`` lowercased with its accents dropped, the kept letters kept: 'Éte' -> 'ete'.
        A character that is no letter of the alphabet is left as it is, for the caller to
        refuse by name."""
        composed = _COMBINING_SEQUENCE.sub(_composed, text)  # 'n' + combining tilde -> 'ñ'
        return "".join(_lower_letter(ch) for ch in composed).translate(self._folds)

    def as_played(self, text: str) -> str:
        """A player's text as this language's games read it: folded (French, Spanish), or as
        typed (English, whose boards refuse an accent by name)."""
        return self.fold(text) if self.folds_input else text

    def first_non_letter(self, text: str) -> str | None:
        """The first character of ``text`` that is no letter of this alphabet in either case,
        checked before any case change (lower() makes the Kelvin sign a 'k'); None if none."""
        capitals = self.letters.upper()
        return next((ch for ch in text if ch not in self.letters and ch not in capitals), None)

    def is_word(self, word: str) -> bool:
        """Whether ``word`` (already folded) is spelled with this alphabet's letters only."""
        return bool(word) and all(ch in self.letters for ch in word)

    def show(self, word: str) -> str:
        """How a word is shown to players: in capitals, as on a board ('año' -> 'AÑO')."""
        return word.upper()

    def index(self, letter: str) -> int:
        """The letter's place among the game letters, from 0 ('a'); ñ comes after z so that
        the first 26 places are the same in every language."""
        if letter not in self.letters:
            raise KeyError(letter)
        return LETTER_PLACES[letter]


# A letter A-Z followed by combining accents, as some keyboards type "ñ". Only these are
# composed: NFC on the whole text would also turn the Kelvin sign into K.
_COMBINING_SEQUENCE = re.compile("[A-Za-z][\u0300-\u036f]+")


def _composed(sequence: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", sequence.group())


def _lower_letter(ch: str) -> str:
    """``ch`` in lower case when that keeps it one character of its own kind ('İ' stays)."""
    lower = ch.lower()
    return lower if len(lower) == 1 and (lower.isascii() == ch.isascii()) else ch


ALPHABETS = {
    "en": Alphabet("en", string.ascii_lowercase, folds_input=False),
    "fr": Alphabet("fr", string.ascii_lowercase),
    "es": Alphabet("es", "abcdefghijklmnñopqrstuvwxyz", kept="ñ"),
}
LANGUAGES = tuple(ALPHABETS)
LANGUAGE_NAMES = {"en": "English", "fr": "French", "es": "Spanish"}


def alphabet(language: str = DEFAULT_LANGUAGE) -> Alphabet:
    """The alphabet of a word-game language ('en', 'fr' or 'es'); a ValueError naming the
    languages there are for any other."""
    try:
        return ALPHABETS[language]
    except (KeyError, TypeError):
        known = ", ".join(LANGUAGES)
        raise ValueError(f"unknown word language {language!r}: choose one of {known}") from None
