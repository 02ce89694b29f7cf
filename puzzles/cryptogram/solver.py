"""Solving a cryptogram: whole words from the letter-pattern index, scored, never required.

With word breaks, every distinct cipher word gets candidates from the lexicon's pattern index
(``XQX`` can only be a word like "mom" or "did"). A beam search assigns whole words, one
cipher word at a time, keeping the key consistent in both directions (a cipher letter stands
for one plain letter and no two cipher letters for the same one). Each cipher word may also
stay unread: a name or a word no list has then costs a fixed penalty instead of stopping the
solve, and its letters are filled in at the end by letter n-grams. Complete readings are
ranked by log10 P(words) under puzzles.cryptogram.model plus how well neighbouring words go
together, in our own word counts and in a trigram model of spoken English. The confidence
of a reading is its share of the probability of all readings, those found and those the
search may have missed, with scores flattened by a temperature: fitted on the tuning sets so
that of the answers shown at 90%, about nine in ten are right (bench.cryptogram's
calibration table).

Without word breaks (a patristocrat) the key is found by simulated annealing from a few
starts on letter 4-gram scores, and the plaintext is split into words for display.

A reading may spell an offensive word that no word list here proposes (its letters filled
in from the key): the answer shows such a word with its letters after the first masked, in
the text and in the picture, so nothing the bot shows spells one; the key stays whole.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from puzzles.core import PuzzleError, Usage
from puzzles.cryptogram.candidates import UNKNOWN
from puzzles.cryptogram.model import (
    word_model,
)
from puzzles.cryptogram.patristocrat import segment, settle_by_words, solve_patristocrat
from puzzles.cryptogram.puzzle import LETTERS, MASK, Cryptogram
from puzzles.cryptogram.readable import refuse_random_letters
from puzzles.cryptogram.search import solve_with_word_breaks
from puzzles.i18n import ENGLISH, Message, _, render
from puzzles.lexicon import is_offensive

MAX_READINGS = 5
MIN_READING_SHARE = 0.02  # readings less likely than this are not worth showing
PATRISTOCRAT_MIN_LETTERS = 100
# The confidence, fitted on quotes.tsv (log loss of "the answer is right", one key each) and
# checked on 300 held-out fortunes: of the answers shown at >= 90%, 99.5% right there.
# Reading scores add evidence that overlaps (word frequencies, our word pairs, spoken English
# all count the same words), so they overstate the gap between two readings: it is divided
# by SCORE_TEMPERATURE. Readings the search never found weigh UNFOUND_WEIGHT (log10) against
# the best found, 10x more for each word of the answer no list knows (a name read wrongly,
# or a rare word the beam dropped).
SCORE_TEMPERATURE = 2.5
UNFOUND_WEIGHT = -2.0
UNFOUND_PER_UNLISTED_WORD = 1.0
UNSURE_BELOW = 0.9  # an answer less sure than this says so and shows its rivals
PRINTED_WORD = re.compile(r"[A-Z]+(?:'[A-Z]+)*")


@dataclass(frozen=True)
class Reading:
    """One full decryption: the plaintext as printed, the key, log10 P and its share."""

    plaintext: str
    key: tuple[tuple[str, str], ...]  # (cipher, plain) for every cipher letter in the text
    score: float
    confidence: float

    def text(self) -> str:
        return f"{self.plaintext} ({self.confidence:.0%})"


@dataclass(frozen=True)
class CryptogramSolution:
    plaintext: str
    key: tuple[tuple[str, str], ...]
    confidence: float
    readings: tuple[Reading, ...]  # best first; the first is the answer above
    unlisted_words: tuple[str, ...]  # words of the answer no word list has (names, coinages)
    patristocrat: bool = False
    # the answer's letters shown as MASK, numbered through the cipher's letters from 0
    masked_letters: tuple[int, ...] = ()

    @property
    def key_text(self) -> str:
        return " ".join(f"{c}={p}" for c, p in self.key)

    @property
    def unsure(self) -> bool:
        return self.confidence < UNSURE_BELOW

    def text(self, language: str = ENGLISH) -> str:
        said = [_("Key: {key}", key=self.key_text), self._confidence_text()]
        if self.unlisted_words:
            words = ", ".join(self.unlisted_words)
            said.append(_("Not in the word list: {words}", words=words))
        said += [_("Also possible: {reading}", reading=r.text()) for r in self.readings[1:]]
        return "\n".join([self.plaintext, *(render(line, language) for line in said)])

    def _confidence_text(self) -> Message:
        percent = round(self.confidence * 100)
        if not self.unsure:
            return _("Confidence: {percent}%", percent=percent)
        if len(self.readings) > 1:
            return _(
                "Confidence: {percent}% (not sure: compare the other readings below)",
                percent=percent,
            )
        return _(
            "Confidence: {percent}% (not sure: the search may have missed the right reading)",
            percent=percent,
        )


def solve(
    puzzle: Cryptogram, patristocrat: bool = False, allow_self: bool = False
) -> CryptogramSolution:
    """The most plausible reading of the cryptogram, its key, confidence and close rivals;
    UnreadableText for a long text that no key makes English (readable.py)."""
    refuse_random_letters(puzzle.letters)
    key = hint_key(puzzle)
    if patristocrat or looks_like_patristocrat(puzzle):
        if len(puzzle.letters) < PATRISTOCRAT_MIN_LETTERS:
            raise PuzzleError(
                _(
                    "a cryptogram without word breaks needs {least}+ letters to be solved; "
                    "this one has {count}",
                    least=PATRISTOCRAT_MIN_LETTERS,
                    count=len(puzzle.letters),
                ),
                example=Usage("solve", "cryptogram", options=(("patristocrat", True),)),
            )
        scored = settle_by_words(
            puzzle, solve_patristocrat(puzzle, key, allow_self), key, allow_self
        )
        return _solution(puzzle, scored, patristocrat=True)
    scored = solve_with_word_breaks(puzzle, key, allow_self)
    return _solution(puzzle, scored, patristocrat=False)


def hint_key(puzzle: Cryptogram) -> tuple[int, ...]:
    """The key as 26 plain-letter numbers (UNKNOWN where not known), from the puzzle's hints."""
    key = [UNKNOWN] * 26
    for cipher, plain in puzzle.hints:
        key[LETTERS.index(cipher)] = LETTERS.index(plain)
    return tuple(key)


def looks_like_patristocrat(puzzle: Cryptogram) -> bool:
    """Printed the patristocrat way: 100+ letters in groups of five, or one unbroken run."""
    groups = puzzle.ciphertext.split()
    if len(puzzle.letters) < PATRISTOCRAT_MIN_LETTERS:
        return False
    return len(groups) == 1 or all(len(group) == 5 for group in groups[:-1])


def decode(ciphertext: str, key: dict[str, str]) -> str:
    """The ciphertext with every cipher letter the key knows replaced; others left as '_'."""
    return "".join(key.get(ch, "_") if ch in LETTERS else ch for ch in ciphertext)


# --- the answer --------------------------------------------------------------------------


def _solution(
    puzzle: Cryptogram, scored: list[tuple[float, tuple[int, ...]]], patristocrat: bool
) -> CryptogramSolution:
    in_text = sorted(set(puzzle.letters))
    readings: dict[str, tuple[float, tuple[tuple[str, str], ...]]] = {}
    for score, key in scored:
        pairs = tuple((c, LETTERS[key[LETTERS.index(c)]]) for c in in_text)
        plaintext = _plaintext(puzzle, dict(pairs), patristocrat)
        if plaintext not in readings:
            readings[plaintext] = (score, pairs)
    best_text, (best_score, _pairs) = max(readings.items(), key=lambda item: item[1][0])
    unlisted = _unlisted(best_text)
    weights = {
        text: 10 ** ((score - best_score) / SCORE_TEMPERATURE)
        for text, (score, _pairs) in readings.items()
    }
    unfound = 10 ** (UNFOUND_WEIGHT + UNFOUND_PER_UNLISTED_WORD * len(unlisted))
    total = sum(weights.values()) + unfound
    shown_as = {text: masked(text) for text in readings}  # (text shown, letters hidden)
    shown = [
        Reading(shown_as[text][0], pairs, round(score, 3), weights[text] / total)
        for text, (score, pairs) in readings.items()
    ]
    shown.sort(key=lambda r: -r.score)
    top = shown[0]
    shown = [top] + [r for r in shown[1:MAX_READINGS] if r.confidence >= MIN_READING_SHARE]
    return CryptogramSolution(
        top.plaintext,
        top.key,
        round(top.confidence, 4),
        tuple(shown),
        tuple(word for word in unlisted if not is_offensive(word)),
        patristocrat,
        shown_as[best_text][1],
    )


def masked(plaintext: str, printed: str = "") -> tuple[str, tuple[int, ...]]:
    """The plaintext with each offensive word's letters after the first written as MASK
    (FUCKING -> F******), and which letters those are, counted through its letters; or
    through the `printed` cipher text it decodes letter for letter, when it has blanks."""
    letter_number = list(itertools.accumulate(ch in LETTERS for ch in printed or plaintext))
    chars, hidden = list(plaintext), []
    for word in PRINTED_WORD.finditer(plaintext):
        if is_offensive(word.group()):
            for place in range(word.start() + 1, word.end()):
                if chars[place] in LETTERS:
                    chars[place] = MASK
                    hidden.append(letter_number[place] - 1)
    return "".join(chars), tuple(hidden)


def _plaintext(puzzle: Cryptogram, key: dict[str, str], patristocrat: bool) -> str:
    if not patristocrat:
        return decode(puzzle.ciphertext, key)
    letters = decode(puzzle.letters, key).lower()
    return " ".join(segment(letters)).upper()


def _unlisted(plaintext: str) -> tuple[str, ...]:
    model = word_model()
    words = [w.strip("'") for w in plaintext.lower().replace("-", " ").split()]
    words = ["".join(ch for ch in w if ch.isalpha() or ch == "'") for w in words]
    return tuple(
        dict.fromkeys(w.upper() for w in words if w and model.dictionary_logprob(w) is None)
    )
