"""Completing readings (letters no word fixed) and ranking them: log10 P(words) plus how well
neighbouring words go together, in our own word counts and in spoken English.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from operator import itemgetter

from puzzles.cryptogram.candidates import ENGLISH_ORDER, UNKNOWN, CipherWord, plain_word_score
from puzzles.cryptogram.model import (
    START,
    context_model,
    spoken_model,
)
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram

# The weights of a reading's FEATURES (below), tuned on the tuning sets (the project's
# quotes.tsv and the held-out fortunes; never on the movie quotes): the words before against
# single-word frequencies, then the spoken-English model's say and what a word it lacks (a
# name) costs there (76.0% -> 82.4% exact on --tuning, 87.7% -> 90.7% on the fortunes with
# three keys each). Weights fitted to put the true reading first most often (`bench.cryptogram
# --fit`: 0.75, 1.35, 1.8, 1.2, -9.6) did so on the tuning sets (330 -> 334 of 398 quotations,
# 866 -> 873 of 952 fortunes) but not on the held-out movie quotes (758 -> 755 of 837), so
# these stay.
WORD_WEIGHT = 1.0
PAIR_WEIGHT = 0.9
TRIPLE_WEIGHT = 0.3
SPOKEN_WEIGHT = 1.0
SPOKEN_UNKNOWN_COST = -8.0  # log10, in the spoken model's units
CLIMB_FROM = 1  # best readings that letter moves start from
CLIMB_STEPS = 2  # moves at most from each
CLIMB_RARE_COUNT = 2  # letters printed this often or less are moved: the beam is surest of
# the frequent ones, whose words fix them
CLIMB_RIVAL_MARGIN = 3.0  # log10: keys tried on the way this close to the best are rivals


def complete_and_rank(
    puzzle: Cryptogram, score_of: ReadingScorer, keys: list[tuple[int, ...]], allow_self: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Fill each key's unread letters by word plausibility; distinct full keys, best first."""
    in_text = sorted({LETTERS.index(ch) for ch in puzzle.letters})
    ranked: dict[tuple[int, ...], float] = {}
    for key in keys:
        full = complete_key(key, score_of, in_text, allow_self)
        if full not in ranked:
            ranked[full] = score_of(full)
    return sorted(((score, key) for key, score in ranked.items()), reverse=True)


def climb_from_best(
    puzzle: Cryptogram,
    score_of: ReadingScorer,
    ranked: list[tuple[float, tuple[int, ...]]],
    fixed: set[int],
    allow_self: bool,
) -> list[tuple[float, tuple[int, ...]]]:
    """The ranked readings and those found by climbing from the best CLIMB_FROM of them: swap
    two letters' readings, or give a letter one no other has, while the whole reading scores
    better. The beam places whole listed words; a reading one or two letters from the truth
    (PARK for BARK, a name the lists lack) is fixed here, judged by the whole sentence. Keys
    tried on the way are kept as rivals when within CLIMB_RIVAL_MARGIN of the best (MAN and
    MAY both fit: the confidence must say so)."""
    ranked_keys = {key: score for score, key in ranked}
    found = dict(ranked_keys)
    counts = Counter(LETTERS.index(ch) for ch in puzzle.letters)
    movable = sorted(set(counts) - fixed)
    rare = [c for c in movable if counts[c] <= CLIMB_RARE_COUNT]
    for _, start in ranked[:CLIMB_FROM]:
        key, score = start, found[start]
        for _ in range(CLIMB_STEPS):
            moves = _letter_moves(key, rare, movable, allow_self)
            trials = [t for t in dict.fromkeys(moves) if t not in found]
            for trial in trials:
                found[trial] = score_of(trial)
            best = max(trials, key=found.__getitem__, default=None)
            if best is None or found[best] <= score:
                break
            key, score = best, found[best]
    best_score = max(found.values())
    kept = {
        key: score
        for key, score in found.items()
        if key in ranked_keys or score >= best_score - CLIMB_RIVAL_MARGIN
    }
    return sorted(((score, key) for key, score in kept.items()), reverse=True)


def _letter_moves(
    key: tuple[int, ...], rare: list[int], movable: list[int], allow_self: bool
) -> list[tuple[int, ...]]:
    """Keys one move away: a rare cipher letter's reading swapped with another letter's, or
    a rare letter given a free plain letter."""
    free = set(range(26)) - {key[c] for c in movable}
    moves = []
    for a in rare:
        moves += [_with(key, ((a, key[b]), (b, key[a]))) for b in movable if b != a]
        moves += [_with(key, ((a, plain),)) for plain in sorted(free)]
    return [m for m in moves if allow_self or all(m[c] != c for c in movable)]


def _with(key: tuple[int, ...], changes: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    changed = list(key)
    for cipher, plain in changes:
        changed[cipher] = plain
    return tuple(changed)


def clauses(puzzle: Cryptogram) -> list[list[str]]:
    """The cipher words of each clause (no punctuation between them), after START."""
    runs = []
    for clause in re.split(r"[^A-Z' ]+", puzzle.ciphertext):
        run = [word for word in clause.split() if any(ch in LETTERS for ch in word)]
        if run:
            runs.append([START, *run])
    return runs


def sentences(puzzle: Cryptogram) -> list[list[str]]:
    """The cipher words of each sentence, for the spoken-English model: read through commas
    and quotation marks (speech has none), hyphenated words apart."""
    runs = []
    for sentence in re.split(r"[.!?;:]+", puzzle.ciphertext):
        run = [word for word in re.findall(r"[A-Z']+", sentence) if word.strip("'")]
        if run:
            runs.append(run)
    return runs


# What a reading is scored by, each summed over the text; its score is their weighted sum.
FEATURES = (
    "words",  # log10 P of each word alone (its frequency, or its letters if no list has it)
    "pairs",  # how much likelier each word is after the one before, in our counts
    "triples",  # ... and after the two before
    "spoken",  # log10 P of the sentences' words under the spoken-English model
    "spoken_lacks",  # the words that model lacks (most names)
)
WEIGHTS = (
    WORD_WEIGHT,
    PAIR_WEIGHT,
    TRIPLE_WEIGHT,
    SPOKEN_WEIGHT,
    SPOKEN_WEIGHT * SPOKEN_UNKNOWN_COST,
)
Features = tuple[float, ...]


class ReadingScorer:
    """The puzzle's reading score: a full key -> the weighted sum of its FEATURES, log10 P of
    the words one by one, how much likelier each is after those before (in our counts), and
    the sentences' log10 P under the spoken-English model, with a cost for each word it lacks.

    Readings of one puzzle (the beam's, the climb's) differ in a letter or two, so most of
    their words, clauses and sentences read the same: each part's features and score are kept
    by the words it reads, and a reading costs the parts it changes."""

    def __init__(self, puzzle: Cryptogram, words: list[CipherWord], weights: Features = WEIGHTS):
        self.words = words
        self.weights = weights
        self._clauses = clauses(puzzle)
        self._sentences = sentences(puzzle) if spoken_model() is not None else []
        self._word_scores: dict[str, dict[object, float]] = {w.printed: {} for w in words}
        self._pickers = {w.printed: itemgetter(*w.letters) for w in words}
        # each sentence's or clause's features and weighted sum, by the words it reads
        self._parts: dict[tuple[str, ...], tuple[Features, float]] = {}

    def __call__(self, key: tuple[int, ...]) -> float:
        parts = sum(part_score for _, part_score in self._read_parts(key))
        return self.weights[0] * self._words_alone(key) + parts

    def features(self, key: tuple[int, ...]) -> Features:
        """The reading's FEATURES, each summed over the text (what WEIGHTS are fitted on)."""
        totals = [self._words_alone(key)] + [0.0] * (len(FEATURES) - 1)
        for features, _ in self._read_parts(key):
            for i, value in enumerate(features):
                totals[i] += value
        return tuple(totals)

    def _words_alone(self, key: tuple[int, ...]) -> float:
        return sum(word.count * self.word_score(word, key) for word in self.words)

    def word_score(self, word: CipherWord, key: tuple[int, ...]) -> float:
        """log10 P of one cipher word as the key reads it."""
        scores = self._word_scores[word.printed]
        plains = self._pickers[word.printed](key)
        score = scores.get(plains)
        if score is None:
            score = scores[plains] = plain_word_score(decoded_word(word.printed, key))
        return score

    def _read_parts(self, key: tuple[int, ...]) -> list[tuple[Features, float]]:
        """The features and score of each sentence (spoken English) and clause (our counts)."""
        table = _translation(key)
        parts = [
            self._part(SENTENCE, tuple(w.translate(table).strip("'") for w in run))
            for run in self._sentences
        ]
        for run in self._clauses:
            parts.append(
                self._part(CLAUSE, tuple(w if w == START else w.translate(table) for w in run))
            )
        return parts

    def _part(self, kind: str, decoded: tuple[str, ...]) -> tuple[Features, float]:
        part = self._parts.get((kind, *decoded))
        if part is None:
            features = sentence_features(decoded) if kind == SENTENCE else clause_features(decoded)
            score = sum(w * f for w, f in zip(self.weights, features, strict=True))
            part = self._parts[(kind, *decoded)] = (features, score)
        return part


SENTENCE, CLAUSE = "sentence", "clause"


def clause_features(decoded: tuple[str, ...]) -> Features:
    """How much likelier each word of a clause is after the one and the two before it."""
    context = context_model()
    read = [w.strip("'") for w in decoded]
    pairs = triples = 0.0
    for i in range(1, len(decoded)):
        alone = plain_word_score(decoded[i])
        pairs += context.pair(read[i - 1], read[i], alone)
        if i >= 2:
            triples += context.triple(read[i - 2], read[i - 1], read[i], alone)
    return (0.0, pairs, triples, 0.0, 0.0)


def sentence_features(decoded: tuple[str, ...]) -> Features:
    """A sentence under the spoken-English model: log10 P of the words it knows, and how many
    it lacks (each starts the history afresh)."""
    spoken = spoken_model()
    assert spoken is not None  # no sentences are scored without it
    known, lacked = spoken.sentence_parts(list(decoded))
    return (0.0, 0.0, 0.0, known, float(lacked))


def decoded_word(printed: str, key: tuple[int, ...]) -> str:
    """The cipher word read with the key, lowercase, apostrophes kept."""
    return printed.translate(_translation(key))


@lru_cache(maxsize=4096)  # the readings being ranked or climbed at once
def _translation(key: tuple[int, ...]) -> dict[int, int]:
    return str.maketrans(LETTERS, "".join(chr(97 + plain) for plain in key))


def complete_key(
    key: tuple[int, ...], score_of: ReadingScorer, in_text: list[int], allow_self: bool
) -> tuple[int, ...]:
    """Give every unread cipher letter a free plain letter, climbing on the affected words."""
    unread = [c for c in in_text if key[c] == UNKNOWN]
    if not unread:
        return key
    words = score_of.words
    free = [ord(ch) - 97 for ch in ENGLISH_ORDER if ord(ch) - 97 not in key]
    key_list = list(key)
    frequency = Counter(c for word in words for c in word.letters for _ in range(word.count))
    for cipher in sorted(unread, key=lambda c: -frequency[c]):
        plain = next((p for p in free if allow_self or p != cipher), free[0])
        key_list[cipher] = plain
        free.remove(plain)
    _climb(key_list, unread, free, score_of, allow_self)
    return tuple(key_list)


def _climb(
    key: list[int], unread: list[int], free: list[int], score_of: ReadingScorer, allow_self: bool
) -> None:
    """Hill climbing: swap two unread letters' plains, or give one a free plain, while it helps.
    A move is judged on the words with the letters it changes."""
    with_letter = {c: [w for w in score_of.words if c in w.distinct] for c in unread}

    def words_score(words: list[CipherWord], key: tuple[int, ...]) -> float:
        return sum(w.count * score_of.word_score(w, key) for w in words)

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
                    touched = list(
                        {id(w): w for c in (cipher, target) for w in with_letter[c]}.values()
                    )
                else:
                    trial[cipher] = target
                    touched = with_letter[cipher]
                if not allow_self and any(trial[c] == c for c in unread):
                    continue
                gain = words_score(touched, tuple(trial)) - words_score(touched, tuple(key))
                if gain > 1e-9:
                    if move == "free":
                        free.remove(target)
                        free.append(key[cipher])
                    key[:] = trial
                    improved = True
