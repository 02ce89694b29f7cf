"""Solving a cryptogram: whole words from the letter-pattern index, scored, never required.

With word breaks, every distinct cipher word gets candidates from the lexicon's pattern index
(``XQX`` can only be a word like "mom" or "did"). A beam search assigns whole words, one
cipher word at a time, keeping the key consistent in both directions (a cipher letter stands
for one plain letter and no two cipher letters for the same one). Each cipher word may also
stay unread: a name or a word no list has then costs a fixed penalty instead of stopping the
solve, and its letters are filled in at the end by letter n-grams. Complete readings are
ranked by log10 P(words) under puzzles.cryptogram.model plus how well neighbouring words go
together, in our own word counts and in a trigram model of spoken English, and the
confidence of a reading is its share of the probability of all readings found.

Without word breaks (a patristocrat) the key is found by simulated annealing from a few
starts on letter 4-gram scores, and the plaintext is split into words for display.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from puzzles.core import PuzzleError, Usage
from puzzles.cryptogram.model import (
    START,
    context_model,
    quadgram_floor,
    quadgram_logprobs,
    shape_of,
    spoken_model,
    word_model,
)
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram
from puzzles.lexicon import Tier, lexicon, pattern_of

BEAM_WIDTH = 192  # twice 96 finds ~1% more true readings (tuning sets); still ~100 ms median
MAX_CANDIDATES = 3000  # most likely words per cipher-word shape; rarer ones are read as unlisted
UNREAD_COST = -2.0  # log10 share of running text that is names and unlisted words
UNREAD_COST_PER_LETTER = -1.3  # what an unlisted word's letters cost, on average
KNOWN_LETTER_CUT = 1.2  # log10: each known letter leaves a word about 1/16 of its candidates
REPEAT_BONUS = 0.5  # log10: a word printed twice is read as if it had 3x fewer candidates
SHORT_WORDS_FIRST = 3  # the second beam's opening words
LOOKAHEAD_WORDS = 1  # next words whose best fit counts when choosing the beam
LOOKAHEAD_SHORTLIST = 4  # states looked ahead from, in beams' worth
# The say of the words before against single-word frequencies (tuned on held-out fortunes and
# the project's quotes.tsv, see bench/cryptogram.py --tuning; not on the movie quotes).
PAIR_WEIGHT = 0.9
TRIPLE_WEIGHT = 0.3
# The spoken-English trigram model's say, and what a word it lacks (a name) costs there
# (tuned on the same held-out sets: 76.0% -> 82.4% exact on --tuning, 87.7% -> 90.7% on the
# fortunes with three keys each).
SPOKEN_WEIGHT = 1.0
SPOKEN_UNKNOWN_COST = -8.0
MAX_READINGS = 5
MIN_READING_SHARE = 0.02  # readings less likely than this are not worth showing
PATRISTOCRAT_MIN_LETTERS = 100
PATRISTOCRAT_RESTARTS = 6  # at most; stops early when two runs agree
ANNEALING_STEPS = 20_000
ANNEALING_START = 4.0  # log10 per 100 letters: how much worse a swap may score, early on
PATRISTOCRAT_SAMPLE = 500  # letters scored while annealing; the rest only when polishing
POLISH_PASSES = 3
PATRISTOCRAT_SEED = 4242
MAX_SEGMENT_WORD = 20
UNKNOWN = -1
# English letters, most frequent first: the starting guess for letters no word fixes.
ENGLISH_ORDER = "etaoinshrdlcumwfgypbvkjxqz"


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

    @property
    def key_text(self) -> str:
        return " ".join(f"{c}={p}" for c, p in self.key)

    def text(self) -> str:
        lines = [self.plaintext, f"Key: {self.key_text}", f"Confidence: {self.confidence:.0%}"]
        if self.unlisted_words:
            lines.append("Not in the word list: " + ", ".join(self.unlisted_words))
        lines += [f"Also possible: {reading.text()}" for reading in self.readings[1:]]
        return "\n".join(lines)


def solve(
    puzzle: Cryptogram, patristocrat: bool = False, allow_self: bool = False
) -> CryptogramSolution:
    """The most plausible reading of the cryptogram, its key, confidence and close rivals."""
    key = hint_key(puzzle)
    if patristocrat or looks_like_patristocrat(puzzle):
        if len(puzzle.letters) < PATRISTOCRAT_MIN_LETTERS:
            raise PuzzleError(
                f"a cryptogram without word breaks needs {PATRISTOCRAT_MIN_LETTERS}+ letters to "
                f"be solved; this one has {len(puzzle.letters)}",
                example=Usage("solve", "cryptogram", options=(("patristocrat", True),)),
            )
        scored = solve_patristocrat(puzzle, key, allow_self)
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


# --- words: candidates and their scores ------------------------------------------------------


@dataclass(frozen=True)
class Candidates:
    """Plain words for one cipher-word shape, most likely first, as letter numbers with log10 P;
    `at[i][letter]` is the set of indices of the candidates with that letter at position i."""

    plains: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]
    at: tuple[dict[int, frozenset[int]], ...]


@dataclass(frozen=True)
class CipherWord:
    """A distinct cipher word: its letters as numbers (apostrophes dropped), how often it occurs,
    and the plain candidates aligned with those letters."""

    printed: str
    letters: tuple[int, ...]
    count: int
    candidates: Candidates

    @property
    def distinct(self) -> frozenset[int]:
        return frozenset(self.letters)


def cipher_words(puzzle: Cryptogram) -> list[CipherWord]:
    counts = Counter(puzzle.words)
    return [
        CipherWord(
            printed,
            tuple(LETTERS.index(ch) for ch in printed if ch != "'"),
            count,
            candidates_for(printed),
        )
        for printed, count in counts.items()
    ]


_CANDIDATES: dict[tuple[str, tuple[int, ...]], Candidates] = {}


def candidates_for(printed: str) -> Candidates:
    """Candidates depend only on the word's shape (pattern and apostrophes): cached by shape."""
    shape = shape_of(printed)
    found = _CANDIDATES.get(shape)
    if found is None:
        found = _CANDIDATES[shape] = _find_candidates(printed)
    return found


def _find_candidates(printed: str) -> Candidates:
    model = word_model()
    found: dict[str, float] = {}
    for word in _pattern_words(printed):
        score = model.dictionary_logprob(word)
        letters = word.replace("'", "")
        if score is not None and score > found.get(letters, -99.0):
            found[letters] = score
    ranked = sorted(found.items(), key=lambda item: (-item[1], item[0]))[:MAX_CANDIDATES]
    plains = tuple(tuple(ord(ch) - 97 for ch in word) for word, _ in ranked)
    at: list[dict[int, set[int]]] = [{} for _ in range(len(printed.replace("'", "")))]
    for index, plain in enumerate(plains):
        for position, letter in enumerate(plain):
            at[position].setdefault(letter, set()).add(index)
    frozen = tuple({letter: frozenset(s) for letter, s in d.items()} for d in at)
    return Candidates(plains, tuple(score for _, score in ranked), frozen)


def _pattern_words(printed: str) -> list[str]:
    """Words (apostrophes kept) with the cipher word's pattern: listed words, names, contractions,
    possessives. Quotes around a word ('TIS or 'HELLO') may be apostrophes or quotation marks."""
    model = word_model()
    core = printed.strip("'")
    letters = core.replace("'", "")
    words = list(model.extra_matching(printed))
    if core != printed:
        words += model.extra_matching(core)
    if "'" not in core:
        return words + list(lexicon().matching_pattern(letters, Tier.LARGE))
    stem, _, ending = core.rpartition("'")
    if len(ending) == 1 and "'" not in stem:  # a possessive: DOG'S
        bases = lexicon().matching_pattern(stem, Tier.LARGE) + model.extra_matching(stem)
        words += [f"{base}'s" for base in bases]
    return [w for w in words if pattern_of(w.replace("'", "")) == pattern_of(letters)]


def plain_word_score(word: str) -> float:
    """log10 P of a decoded word as printed (apostrophes kept; quotes at the edges ignored)."""
    model = word_model()
    if word in model.extra_zipf:
        return model.logprob(word)
    return model.logprob(word.strip("'"))


# --- the beam search over whole words ------------------------------------------------------


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
    keys = _beam(words, search_order(words, known), key, options)
    ranked = _complete_and_rank(puzzle, words, keys, allow_self)
    if _has_unlisted_word(ranked[0][1], words):
        keys += _beam(words, short_words_first(words, known), key, options)
        ranked = _complete_and_rank(puzzle, words, keys, allow_self)
    return ranked


def _beam(
    words: list[CipherWord], order: list[CipherWord], key: tuple[int, ...], options: WordOptions
) -> list[tuple[int, ...]]:
    states = [State(0.0, key, _used_bits(key))]
    for step, word in enumerate(order):
        states = _extend(states, word, options, order[step + 1 : step + 1 + LOOKAHEAD_WORDS])
    return [state.key for state in states]


def _has_unlisted_word(key: tuple[int, ...], words: list[CipherWord]) -> bool:
    model = word_model()
    return any(
        model.dictionary_logprob(_decoded(word.printed, key).strip("'")) is None
        and model.dictionary_logprob(_decoded(word.printed, key)) is None
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
    best: dict[tuple[int, ...], float] = {}
    for state in states:
        mask = tuple(state.key[c] for c in word.letters)
        if UNKNOWN not in mask:
            _keep(best, state.key, state.score + word.count * _known_word_score(mask))
            continue
        fits = 0
        for assignments, score, bits in options.fitting(word, mask):
            if bits & state.used:
                continue
            key = list(state.key)
            for cipher, plain in assignments:
                key[cipher] = plain
            _keep(best, tuple(key), state.score + word.count * score)
            fits += 1
            if fits >= BEAM_WIDTH:
                break
        unread = UNREAD_COST + UNREAD_COST_PER_LETTER * (len(word.letters) + 1)
        _keep(best, state.key, state.score + word.count * unread)
    shortlist = heapq.nlargest(BEAM_WIDTH * LOOKAHEAD_SHORTLIST, best.items(), key=lambda i: i[1])
    extended = [State(score, key, _used_bits(key)) for key, score in shortlist]
    if not ahead:
        return extended[:BEAM_WIDTH]
    outlook = {state.key: state.score + _best_next(state, ahead, options) for state in extended}
    return heapq.nlargest(BEAM_WIDTH, extended, key=lambda state: outlook[state.key])


def _best_next(state: State, ahead: list[CipherWord], options: WordOptions) -> float:
    """An optimistic score of the next words: each one's best candidate that still fits."""
    total = 0.0
    for word in ahead:
        mask = tuple(state.key[c] for c in word.letters)
        if UNKNOWN not in mask:
            total += word.count * _known_word_score(mask)
            continue
        unread = UNREAD_COST + UNREAD_COST_PER_LETTER * (len(word.letters) + 1)
        fitting = (score for _, score, bits in options.fitting(word, mask) if not bits & state.used)
        total += word.count * max(next(fitting, unread), unread)
    return total


def _keep(best: dict[tuple[int, ...], float], key: tuple[int, ...], score: float) -> None:
    if score > best.get(key, -math.inf):
        best[key] = score


def _known_word_score(plain: tuple[int, ...]) -> float:
    return plain_word_score("".join(chr(97 + p) for p in plain))


def _used_bits(key: tuple[int, ...]) -> int:
    bits = 0
    for plain in key:
        if plain != UNKNOWN:
            bits |= 1 << plain
    return bits


class WordOptions:
    """A word's candidates that fit the letters already known, cached per (word, known letters).

    Each option is (new (cipher, plain) pairs, log10 P, bit set of the new plain letters); the
    caller rejects options whose new plain letters the key has already given to other letters.
    """

    def __init__(self, allow_self: bool):
        self.allow_self = allow_self
        self._fitting: dict[tuple[str, tuple[int, ...]], list] = {}

    def fitting(self, word: CipherWord, mask: tuple[int, ...]) -> list:
        cached = self._fitting.get((word.printed, mask))
        if cached is None:
            cached = self._build(word, mask)
            self._fitting[(word.printed, mask)] = cached
        return cached

    def _build(self, word: CipherWord, mask: tuple[int, ...]) -> list:
        candidates = word.candidates
        new_at = {word.letters[i]: i for i, plain in enumerate(mask) if plain == UNKNOWN}
        options = []
        for index in _matching_known_letters(candidates, mask):
            plain = candidates.plains[index]
            pairs = tuple((cipher, plain[i]) for cipher, i in new_at.items())
            if not self.allow_self and any(cipher == p for cipher, p in pairs):
                continue
            bits = 0
            for _, p in pairs:
                bits |= 1 << p
            options.append((pairs, candidates.scores[index], bits))
        return options


def _matching_known_letters(candidates: Candidates, mask: tuple[int, ...]) -> Iterable[int]:
    """Indices (best first) of the candidates that have the known letters where the mask has."""
    sets = [candidates.at[i].get(plain, _NONE) for i, plain in enumerate(mask) if plain != UNKNOWN]
    if not sets:
        return range(len(candidates.plains))
    sets.sort(key=len)
    return sorted(sets[0].intersection(*sets[1:]))


_NONE: frozenset[int] = frozenset()


# --- completing and ranking full readings ----------------------------------------------------


def _complete_and_rank(
    puzzle: Cryptogram, words: list[CipherWord], keys: list[tuple[int, ...]], allow_self: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Fill each key's unread letters by word plausibility; distinct full keys, best first."""
    in_text = sorted({LETTERS.index(ch) for ch in puzzle.letters})
    pairs, triples = Counter(word_pairs(puzzle)), Counter(word_triples(puzzle))
    spoken = sentences(puzzle)
    ranked: dict[tuple[int, ...], float] = {}
    for key in keys:
        full = complete_key(key, words, in_text, allow_self)
        ranked[full] = reading_score(full, words, pairs, triples, spoken)
    return sorted(((score, key) for key, score in ranked.items()), reverse=True)


def clauses(puzzle: Cryptogram) -> list[list[str]]:
    """The cipher words of each clause (no punctuation between them), after START."""
    runs = []
    for clause in re.split(r"[^A-Z' ]+", puzzle.ciphertext):
        run = [word for word in clause.split() if any(ch in LETTERS for ch in word)]
        if run:
            runs.append([START, *run])
    return runs


def word_pairs(puzzle: Cryptogram) -> list[tuple[str, str]]:
    """Cipher words that follow each other within a clause; a clause's first follows START."""
    return [pair for run in clauses(puzzle) for pair in itertools.pairwise(run)]


def word_triples(puzzle: Cryptogram) -> list[tuple[str, str, str]]:
    runs = clauses(puzzle)
    return [triple for run in runs for triple in zip(run, run[1:], run[2:], strict=False)]


def sentences(puzzle: Cryptogram) -> list[list[str]]:
    """The cipher words of each sentence, for the spoken-English model: read through commas
    and quotation marks (speech has none), hyphenated words apart."""
    runs = []
    for sentence in re.split(r"[.!?;:]+", puzzle.ciphertext):
        run = [word for word in re.findall(r"[A-Z']+", sentence) if word.strip("'")]
        if run:
            runs.append(run)
    return runs


def reading_score(
    key: tuple[int, ...],
    words: list[CipherWord],
    pairs: Counter[tuple[str, str]],
    triples: Counter[tuple[str, str, str]],
    spoken_sentences: list[list[str]],
) -> float:
    """log10 P of the words one by one, plus how much likelier each is after those before
    (in our counts), plus the sentences' log10 P under the spoken-English model."""
    score = sum(word.count * _decoded_score(word, key) for word in words)
    spoken = spoken_model()
    for run in spoken_sentences if spoken is not None else ():
        decoded = [_decoded(word, key).strip("'") for word in run]
        score += SPOKEN_WEIGHT * spoken.sentence(decoded, SPOKEN_UNKNOWN_COST)
    context = context_model()

    def read(printed: str) -> str:
        return START if printed == START else _decoded(printed, key).strip("'")

    for (first, second), count in pairs.items():
        word = _decoded(second, key)
        together = context.pair(read(first), word.strip("'"), plain_word_score(word))
        score += PAIR_WEIGHT * count * together
    for (first, second, third), count in triples.items():
        word = _decoded(third, key)
        together = context.triple(
            read(first), read(second), word.strip("'"), plain_word_score(word)
        )
        score += TRIPLE_WEIGHT * count * together
    return score


def _decoded(printed: str, key: tuple[int, ...]) -> str:
    return "".join("'" if ch == "'" else chr(97 + key[LETTERS.index(ch)]) for ch in printed)


def _decoded_score(word: CipherWord, key: tuple[int, ...]) -> float:
    return plain_word_score(_decoded(word.printed, key))


def complete_key(
    key: tuple[int, ...], words: list[CipherWord], in_text: list[int], allow_self: bool
) -> tuple[int, ...]:
    """Give every unread cipher letter a free plain letter, climbing on the affected words."""
    unread = [c for c in in_text if key[c] == UNKNOWN]
    if not unread:
        return key
    free = [ord(ch) - 97 for ch in ENGLISH_ORDER if ord(ch) - 97 not in key]
    key_list = list(key)
    frequency = Counter(c for word in words for c in word.letters for _ in range(word.count))
    for cipher in sorted(unread, key=lambda c: -frequency[c]):
        plain = next((p for p in free if allow_self or p != cipher), free[0])
        key_list[cipher] = plain
        free.remove(plain)
    affected = [w for w in words if any(c in unread for c in w.distinct)]
    _climb(key_list, unread, free, affected, allow_self)
    return tuple(key_list)


def _climb(
    key: list[int], unread: list[int], free: list[int], words: list[CipherWord], allow_self: bool
) -> None:
    """Hill climbing: swap two unread letters' plains, or give one a free plain, while it helps."""
    current = sum(w.count * _decoded_score(w, tuple(key)) for w in words)
    improved = True
    while improved:
        improved = False
        for i, cipher in enumerate(unread):
            moves = [("swap", other) for other in unread[i + 1 :]]
            moves += [("free", plain) for plain in free]
            for move, target in moves:
                trial = list(key)
                if move == "swap":
                    trial[cipher], trial[target] = key[target], key[cipher]
                else:
                    trial[cipher] = target
                if not allow_self and any(trial[c] == c for c in unread):
                    continue
                score = sum(w.count * _decoded_score(w, tuple(trial)) for w in words)
                if score > current + 1e-9:
                    if move == "free":
                        free.remove(target)
                        free.append(key[cipher])
                    key[:] = trial
                    current = score
                    improved = True


# --- patristocrats: no word breaks ---------------------------------------------------------


def solve_patristocrat(
    puzzle: Cryptogram, key: tuple[int, ...], allow_self: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Annealing on 4-gram scores from several starts; distinct keys, best first.

    Annealing scores only the first PATRISTOCRAT_SAMPLE letters (plenty to find the key, and
    the cost of a step grows with the text); a hill climb on the whole text then settles the
    letters the sample lacks.
    """
    text = [LETTERS.index(ch) for ch in puzzle.letters]
    sample = text[:PATRISTOCRAT_SAMPLE]
    in_text = sorted(set(text))
    fixed = {c for c, p in enumerate(key) if p != UNKNOWN}
    rng = random.Random(PATRISTOCRAT_SEED)
    found: dict[tuple[int, ...], float] = {}
    readings: set[tuple[int, ...]] = set()
    for restart in range(PATRISTOCRAT_RESTARTS):
        start = _starting_key(text, key, in_text, rng, shuffle=restart > 0)
        climbed, score = _anneal(sample, start, sorted(set(sample)), fixed, allow_self, rng)
        if len(sample) < len(text):
            climbed, score = _polish(text, climbed, in_text, fixed, allow_self)
        reading = tuple(climbed[c] for c in in_text)
        if reading in readings:
            break  # two runs from different starts agree: that key is very likely the answer
        readings.add(reading)
        found[tuple(climbed)] = score
    return sorted(((score, k) for k, score in found.items()), reverse=True)


def _polish(
    text: list[int], key: list[int], in_text: list[int], fixed: set[int], allow_self: bool
) -> tuple[list[int], float]:
    """Hill climbing on the whole text: any swap of two plain letters that scores better."""
    movable = [c for c in range(26) if c not in fixed]
    score = _quadgram_score(text, key)
    for _ in range(POLISH_PASSES):
        improved = False
        for a, b in itertools.combinations(movable, 2):
            if a not in in_text and b not in in_text:
                continue
            key[a], key[b] = key[b], key[a]
            trial = _quadgram_score(text, key)
            if trial > score and (allow_self or (key[a] != a and key[b] != b)):
                score, improved = trial, True
            else:
                key[a], key[b] = key[b], key[a]
        if not improved:
            break
    return key, score


def _starting_key(
    text: list[int], key: tuple[int, ...], in_text: list[int], rng: random.Random, shuffle: bool
) -> list[int]:
    """Most frequent cipher letters to the most frequent English letters (shuffled on restarts)."""
    start = list(key)
    free = [ord(ch) - 97 for ch in ENGLISH_ORDER if ord(ch) - 97 not in key]
    if shuffle:
        rng.shuffle(free)
    counts = Counter(text)
    for cipher in sorted((c for c in in_text if key[c] == UNKNOWN), key=lambda c: -counts[c]):
        start[cipher] = free.pop(0)
    for cipher in range(26):  # letters not in the text take the rest, so swaps stay bijective
        if start[cipher] == UNKNOWN:
            start[cipher] = free.pop(0)
    return start


def _anneal(
    text: list[int],
    key: list[int],
    in_text: list[int],
    fixed: set[int],
    allow_self: bool,
    rng: random.Random,
) -> tuple[list[int], float]:
    """Simulated annealing: random swaps, a worse key kept now and then while it is hot.

    A swap changes only the 4-grams touching the two letters swapped, so only those are
    scored again. The temperature scales with the text: longer texts have larger score steps.
    """
    table = quadgram_table()
    length = len(text)
    positions = {c: [i for i, x in enumerate(text) if x == c] for c in in_text}
    touching = {
        c: frozenset(s for i in at for s in range(max(0, i - 3), min(i, length - 4) + 1))
        for c, at in positions.items()
    }
    plain = [key[c] for c in text]

    def score_of(starts: Iterable[int]) -> float:
        return sum(
            table[plain[s] * 17576 + plain[s + 1] * 676 + plain[s + 2] * 26 + plain[s + 3]]
            for s in starts
        )

    def swap(a: int, b: int) -> None:
        key[a], key[b] = key[b], key[a]
        for i in positions.get(a, ()):
            plain[i] = key[a]
        for i in positions.get(b, ()):
            plain[i] = key[b]

    movable = [c for c in range(26) if c not in fixed]
    in_text_movable = [c for c in movable if c in positions]
    score = score_of(range(length - 3))
    best, best_score = list(key), score
    hottest = ANNEALING_START * length / 100
    for step in range(ANNEALING_STEPS):
        temperature = hottest * (1 - step / ANNEALING_STEPS) + 0.01
        a, b = rng.choice(in_text_movable), rng.choice(movable)
        if a == b or (not allow_self and (key[b] == a or key[a] == b)):
            continue
        touched = touching[a] | touching.get(b, frozenset())
        before = score_of(touched)
        swap(a, b)
        change = score_of(touched) - before
        if change >= 0 or rng.random() < math.exp(change / temperature):
            score += change
            if score > best_score:
                best, best_score = list(key), score
        else:
            swap(a, b)
    return best, best_score


@cache
def quadgram_table() -> list[float]:
    """log10 P of every 4-gram, indexed by its letters as a base-26 number (fast lookups)."""
    table = [quadgram_floor()] * 26**4
    for gram, score in quadgram_logprobs().items():
        a, b, c, d = (ord(ch) - 97 for ch in gram)
        table[a * 17576 + b * 676 + c * 26 + d] = score
    return table


def _quadgram_score(text: list[int], key: list[int]) -> float:
    table = quadgram_table()
    plain = [key[c] for c in text]
    return sum(
        table[plain[s] * 17576 + plain[s + 1] * 676 + plain[s + 2] * 26 + plain[s + 3]]
        for s in range(len(plain) - 3)
    )


def segment(letters: str) -> list[str]:
    """Split running text into its most likely words (dynamic programming on word scores)."""
    best = [0.0] + [-math.inf] * len(letters)
    back = [0] * (len(letters) + 1)
    for end in range(1, len(letters) + 1):
        for start in range(max(0, end - MAX_SEGMENT_WORD), end):
            score = best[start] + plain_word_score(letters[start:end])
            if score > best[end]:
                best[end], back[end] = score, start
    words, end = [], len(letters)
    while end > 0:
        words.append(letters[back[end] : end])
        end = back[end]
    return words[::-1]


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
    best_score = max(score for score, _ in readings.values())
    total = sum(10 ** (score - best_score) for score, _ in readings.values())
    shown = [
        Reading(text, pairs, round(score, 3), 10 ** (score - best_score) / total)
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
        _unlisted(top.plaintext),
        patristocrat,
    )


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
