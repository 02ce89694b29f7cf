"""Completing readings (letters no word fixed) and ranking them: log10 P(words) plus how well
neighbouring words go together, in our own word counts and in spoken English.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
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


def complete_and_rank(
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
