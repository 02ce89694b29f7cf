"""The beam search over whole words: one cipher word at a time, the key kept consistent.

Each cipher word may also stay unread: a name or a word no list has then costs a fixed
penalty instead of stopping the solve.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter

from puzzles.cryptogram.candidates import (
    UNKNOWN,
    Candidates,
    CipherWord,
    cipher_words,
    plain_word_score,
)
from puzzles.cryptogram.model import (
    word_model,
)
from puzzles.cryptogram.puzzle import Cryptogram
from puzzles.cryptogram.ranking import (
    ReadingScorer,
    climb_from_best,
    complete_and_rank,
    decoded_word,
)

BEAM_WIDTH = 128  # 192: the same 82.9% exact on --tuning (one key each), a third slower
UNREAD_COST = -2.0  # log10 share of running text that is names and unlisted words
UNREAD_COST_PER_LETTER = -1.3  # what an unlisted word's letters cost, on average
KNOWN_LETTER_CUT = 1.2  # log10: each known letter leaves a word about 1/16 of its candidates
REPEAT_BONUS = 0.5  # log10: a word printed twice is read as if it had 3x fewer candidates
SHORT_WORDS_FIRST = 3  # the second beam's opening words
LOOKAHEAD_WORDS = 1  # next words whose best fit counts when choosing the beam
LOOKAHEAD_SHORTLIST = 4  # states looked ahead from, in beams' worth
# The beam's best keys that are completed and ranked as readings: the rest rarely win (of a
# 192-wide beam, all: 82.7% exact on --tuning with one key each; the best 64: 82.9%, faster)
RANKED_PER_BEAM = 64


@dataclass(frozen=True)
class State:
    score: float
    key: tuple[int, ...]  # cipher letter -> plain letter, UNKNOWN where not yet read
    used: int  # bit set of the plain letters the key already gives out


def solve_with_word_breaks(
    puzzle: Cryptogram, key: tuple[int, ...], allow_self: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Full keys with their log10 P, best first.

    The beam reads the most telling words first. When its best reading still has words no
    list knows, a rare word read early may have pushed the right reading out of the beam, so
    it runs again with the short words first, and the readings of both runs are ranked.
    """
    words = cipher_words(puzzle)
    options = WordOptions(allow_self)
    known = {c for c, p in enumerate(key) if p != UNKNOWN}
    score_of = ReadingScorer(puzzle, words)
    keys = _beam(words, search_order(words, known), key, options)
    ranked = complete_and_rank(puzzle, score_of, keys, allow_self)
    if _has_unlisted_word(ranked[0][1], words):
        keys += _beam(words, short_words_first(words, known), key, options)
        ranked = complete_and_rank(puzzle, score_of, keys, allow_self)
    return climb_from_best(puzzle, score_of, ranked, known, allow_self)


def _beam(
    words: list[CipherWord], order: list[CipherWord], key: tuple[int, ...], options: WordOptions
) -> list[tuple[int, ...]]:
    states = [State(0.0, key, _used_bits(key))]
    for step, word in enumerate(order):
        states = _extend(states, word, options, order[step + 1 : step + 1 + LOOKAHEAD_WORDS])
    return [state.key for state in states[:RANKED_PER_BEAM]]  # best first


def _has_unlisted_word(key: tuple[int, ...], words: list[CipherWord]) -> bool:
    model = word_model()
    return any(
        model.dictionary_logprob(decoded_word(word.printed, key).strip("'")) is None
        and model.dictionary_logprob(decoded_word(word.printed, key)) is None
        for word in words
    )


def short_words_first(words: list[CipherWord], known: set[int]) -> list[CipherWord]:
    """The SHORT_WORDS_FIRST shortest words of 2+ letters (most printed first), then the rest
    most telling first."""
    short = sorted(
        (w for w in words if len(w.distinct) >= 2 and w.candidates.plains),
        key=lambda w: (len(w.distinct), -w.count, w.printed),
    )[:SHORT_WORDS_FIRST]
    known = set(known).union(*(w.distinct for w in short))
    return short + search_order([w for w in words if w not in short], known)


def search_order(words: list[CipherWord], known: set[int]) -> list[CipherWord]:
    """Next, always the word with the fewest candidates left once the letters so far are known.

    Each known letter cuts a word's candidates about KNOWN_LETTER_CUT times (log10), and a word
    printed several times counts as that much more evidence, so it goes earlier.
    """
    order, known, left = [], set(known), list(words)
    while left:
        word = min(left, key=lambda w: _expected_candidates(w, known))
        order.append(word)
        left.remove(word)
        known |= word.distinct
    return order


def _expected_candidates(word: CipherWord, known: set[int]) -> tuple[int, float, int, str]:
    if not word.candidates.plains:
        return (1, 0.0, 0, word.printed)  # nothing to try: read it last, from its letters
    known_here = len(word.distinct & known)
    log_left = math.log10(1 + len(word.candidates.plains)) - KNOWN_LETTER_CUT * known_here
    log_left -= REPEAT_BONUS * (word.count - 1)
    return (0, log_left, -len(word.distinct - known), word.printed)


def _extend(
    states: list[State], word: CipherWord, options: WordOptions, ahead: list[CipherWord]
) -> list[State]:
    """Every state extended by each fitting candidate of `word`, or by leaving it unread.

    The beam keeps the states whose score plus the best next words they allow is highest:
    a rare word that the following words confirm is not dropped for a common one they refute.
    """
    scores: dict[tuple[int, ...], float] = {}
    used_by: dict[tuple[int, ...], int] = {}  # the plain letters each key gives out
    count, mask_of = word.count, _mask_reader(word)
    unread = count * _unread_score(word)
    for state in states:
        mask = mask_of(state.key)
        if UNKNOWN not in mask:
            extensions = [(state.key, state.score + count * _known_word_score(mask), state.used)]
        else:
            extensions = []
            for assignments, score, bits in options.fitting(word, mask):
                if bits & state.used:
                    continue
                key = list(state.key)
                for cipher, plain in assignments:
                    key[cipher] = plain
                extensions.append((tuple(key), state.score + count * score, state.used | bits))
                if len(extensions) >= BEAM_WIDTH:
                    break
            extensions.append((state.key, state.score + unread, state.used))
        for key, score, used in extensions:  # each key at its best score, first found first
            if score > scores.get(key, -math.inf):
                scores[key] = score
                used_by[key] = used
    shortlist = heapq.nlargest(BEAM_WIDTH * LOOKAHEAD_SHORTLIST, scores.items(), key=itemgetter(1))
    extended = [State(score, key, used_by[key]) for key, score in shortlist]
    if not ahead:
        return extended[:BEAM_WIDTH]
    readers = [(word, _mask_reader(word), _unread_score(word)) for word in ahead]
    outlook = [state.score + _best_next(state, readers, options) for state in extended]
    chosen = heapq.nlargest(BEAM_WIDTH, range(len(extended)), key=outlook.__getitem__)
    return [extended[i] for i in chosen]


def _best_next(
    state: State,
    ahead: list[tuple[CipherWord, Callable[[tuple[int, ...]], tuple[int, ...]], float]],
    options: WordOptions,
) -> float:
    """An optimistic score of the next words: each one's best candidate that still fits."""
    total = 0.0
    for word, mask_of, unread in ahead:
        mask = mask_of(state.key)
        if UNKNOWN not in mask:
            total += word.count * _known_word_score(mask)
            continue
        fitting = options.best_fitting(word, mask, state.used)
        total += word.count * (unread if fitting is None else max(fitting, unread))
    return total


def _unread_score(word: CipherWord) -> float:
    """What leaving a word unread costs: a name or a word no list has."""
    return UNREAD_COST + UNREAD_COST_PER_LETTER * (len(word.letters) + 1)


def _mask_reader(word: CipherWord) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """key -> the plain letters it gives the word's letters (UNKNOWN where unread)."""
    if len(word.letters) == 1:
        (only,) = word.letters
        return lambda key: (key[only],)
    return itemgetter(*word.letters)


def _known_word_score(plain: tuple[int, ...]) -> float:
    return plain_word_score("".join(chr(97 + p) for p in plain))


def _used_bits(key: tuple[int, ...]) -> int:
    bits = 0
    for plain in key:
        if plain != UNKNOWN:
            bits |= 1 << plain
    return bits


Option = tuple[tuple[tuple[int, int], ...], float, int]


class WordOptions:
    """A word's candidates that fit the letters already known, cached per (word, known letters).

    Each option is (new (cipher, plain) pairs, log10 P, bit set of the new plain letters); the
    caller rejects options whose new plain letters the key has already given to other letters.
    Options are built best first and only as far as asked: the look-ahead wants just the best
    one that fits, for many more keys than the beam goes on to extend.
    """

    def __init__(self, allow_self: bool):
        self.allow_self = allow_self
        # (word, mask) -> the options built so far, and the rest still to build (None: all built)
        self._options: dict[tuple[str, tuple[int, ...]], tuple[list[Option], list]] = {}

    def fitting(self, word: CipherWord, mask: tuple[int, ...]) -> list[Option]:
        built, rest = self._cached(word, mask)
        if rest[0] is not None:
            built.extend(rest[0])
            rest[0] = None
        return built

    def best_fitting(self, word: CipherWord, mask: tuple[int, ...], used: int) -> float | None:
        """log10 P of the best option whose new plain letters are all free, None if none is."""
        built, rest = self._cached(word, mask)
        for _, score, bits in built:
            if not bits & used:
                return score
        if rest[0] is not None:
            for option in rest[0]:
                built.append(option)
                if not option[2] & used:
                    return option[1]
            rest[0] = None
        return None

    def _cached(self, word: CipherWord, mask: tuple[int, ...]) -> tuple[list[Option], list]:
        cached = self._options.get((word.printed, mask))
        if cached is None:
            cached = self._options[(word.printed, mask)] = ([], [self._build(word, mask)])
        return cached

    def _build(self, word: CipherWord, mask: tuple[int, ...]) -> Iterator[Option]:
        candidates = word.candidates
        new_at = {word.letters[i]: i for i, plain in enumerate(mask) if plain == UNKNOWN}
        known_bits = sum(1 << plain for plain in set(mask) if plain != UNKNOWN)
        # candidates that would read a new cipher letter as itself
        selfish = (
            frozenset()
            if self.allow_self
            else frozenset().union(*(candidates.at[i].get(c, _NONE) for c, i in new_at.items()))
        )
        for index in _matching_known_letters(candidates, mask):
            if index in selfish:
                continue
            plain = candidates.plains[index]
            pairs = tuple((cipher, plain[i]) for cipher, i in new_at.items())
            yield pairs, candidates.scores[index], candidates.letter_bits[index] & ~known_bits


def _matching_known_letters(candidates: Candidates, mask: tuple[int, ...]) -> Iterable[int]:
    """Indices (best first) of the candidates that have the known letters where the mask has."""
    sets = [candidates.at[i].get(plain, _NONE) for i, plain in enumerate(mask) if plain != UNKNOWN]
    if not sets:
        return range(len(candidates.plains))
    sets.sort(key=len)
    return sorted(sets[0].intersection(*sets[1:]))


_NONE: frozenset[int] = frozenset()
