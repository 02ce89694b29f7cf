"""Completing readings (letters no word fixed) and ranking them: log10 P(words) plus how well
neighbouring words go together, in our own word counts and in spoken English.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from puzzles.cryptogram.candidates import ENGLISH_ORDER, UNKNOWN, CipherWord, plain_word_score
from puzzles.cryptogram.model import (
    START,
    context_model,
    spoken_model,
)
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram

# The say of the words before against single-word frequencies (tuned on held-out fortunes and
# the project's quotes.tsv, see bench/cryptogram.py --tuning; not on the movie quotes).
PAIR_WEIGHT = 0.9
TRIPLE_WEIGHT = 0.3
# The spoken-English trigram model's say, and what a word it lacks (a name) costs there
# (tuned on the same held-out sets: 76.0% -> 82.4% exact on --tuning, 87.7% -> 90.7% on the
# fortunes with three keys each).
SPOKEN_WEIGHT = 1.0
SPOKEN_UNKNOWN_COST = -8.0
CLIMB_FROM = 1  # best readings that letter moves start from
CLIMB_STEPS = 2  # moves at most from each
CLIMB_RARE_COUNT = 2  # letters printed this often or less are moved: the beam is surest of
# the frequent ones, whose words fix them
CLIMB_RIVAL_MARGIN = 3.0  # log10: keys tried on the way this close to the best are rivals


def complete_and_rank(
    puzzle: Cryptogram, words: list[CipherWord], keys: list[tuple[int, ...]], allow_self: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Fill each key's unread letters by word plausibility; distinct full keys, best first."""
    in_text = sorted({LETTERS.index(ch) for ch in puzzle.letters})
    score_of = reading_scorer(puzzle, words)
    ranked: dict[tuple[int, ...], float] = {}
    for key in keys:
        full = complete_key(key, words, in_text, allow_self)
        ranked[full] = score_of(full)
    return sorted(((score, key) for key, score in ranked.items()), reverse=True)


def reading_scorer(
    puzzle: Cryptogram, words: list[CipherWord]
) -> Callable[[tuple[int, ...]], float]:
    """The puzzle's reading_score: a full key -> log10 P of the text it reads."""
    pairs, triples = Counter(word_pairs(puzzle)), Counter(word_triples(puzzle))
    spoken = sentences(puzzle)
    return lambda key: reading_score(key, words, pairs, triples, spoken)


def climb_from_best(
    puzzle: Cryptogram,
    words: list[CipherWord],
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
    score_of = reading_scorer(puzzle, words)
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
        decoded = [decoded_word(word, key).strip("'") for word in run]
        score += SPOKEN_WEIGHT * spoken.sentence(decoded, SPOKEN_UNKNOWN_COST)
    context = context_model()

    def read(printed: str) -> str:
        return START if printed == START else decoded_word(printed, key).strip("'")

    for (first, second), count in pairs.items():
        word = decoded_word(second, key)
        together = context.pair(read(first), word.strip("'"), plain_word_score(word))
        score += PAIR_WEIGHT * count * together
    for (first, second, third), count in triples.items():
        word = decoded_word(third, key)
        together = context.triple(
            read(first), read(second), word.strip("'"), plain_word_score(word)
        )
        score += TRIPLE_WEIGHT * count * together
    return score


def decoded_word(printed: str, key: tuple[int, ...]) -> str:
    """The cipher word read with the key, lowercase, apostrophes kept."""
    return printed.translate(_translation(key))


@lru_cache(maxsize=4096)  # the readings being ranked or climbed at once
def _translation(key: tuple[int, ...]) -> dict[int, str]:
    return {ord(cipher): chr(97 + plain) for cipher, plain in zip(LETTERS, key, strict=True)}


def _decoded_score(word: CipherWord, key: tuple[int, ...]) -> float:
    return plain_word_score(decoded_word(word.printed, key))


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
