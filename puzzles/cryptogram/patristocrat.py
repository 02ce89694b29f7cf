"""Patristocrats (no word breaks): the key by simulated annealing on letter 4-gram scores from a
few starts, and the plaintext split into words for display.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable
from functools import cache

from puzzles.cryptogram.candidates import ENGLISH_ORDER, UNKNOWN, plain_word_score
from puzzles.cryptogram.model import (
    quadgram_floor,
    quadgram_logprobs,
)
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram

PATRISTOCRAT_RESTARTS = 6  # at most; stops early when two runs agree
ANNEALING_STEPS = 20_000
ANNEALING_START = 4.0  # log10 per 100 letters: how much worse a swap may score, early on
PATRISTOCRAT_SAMPLE = 500  # letters scored while annealing; the rest only when polishing
POLISH_PASSES = 3
PATRISTOCRAT_SEED = 4242
MAX_SEGMENT_WORD = 20


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
