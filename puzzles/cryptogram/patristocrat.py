"""Patristocrats (no word breaks): the key by simulated annealing on letter 4-gram scores from a
few starts, then settled by whole words: the plaintext is split into words and the key climbs
on the word-break solver's reading score, which knows COMBAT from COMSAT where 4-grams do not.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import cache, lru_cache

from puzzles.cryptogram.candidates import ENGLISH_ORDER, UNKNOWN, cipher_words, plain_word_score
from puzzles.cryptogram.model import (
    quadgram_floor,
    quadgram_logprobs,
)
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram
from puzzles.cryptogram.ranking import ReadingScorer, climb_from_best
from puzzles.cryptogram.readable import refuse_noise

PATRISTOCRAT_RESTARTS = 6  # at most; stops early when two runs agree
ANNEALING_STEPS = 20_000  # 10,000: 54 of the first 60 tuning fortunes; 30,000: 56 as here
# log10 per 100 letters: how much worse a swap may score, early on. Runs from 4 starts on 25
# tuning fortunes ending within 8 letters of the truth: 1.0: 20%, 4.0: 71%, 8.0: 82%,
# 12.0: 84%, 16.0: 70%.
ANNEALING_START = 10.0
PATRISTOCRAT_SAMPLE = 500  # letters scored while annealing; the rest only when polishing
POLISH_PASSES = 3
PATRISTOCRAT_SEED = 4242
NOISE_RUNS = 2  # runs from different starts that must both read noise to give up
MAX_SEGMENT_WORD = 20


def solve_patristocrat(
    puzzle: Cryptogram, key: tuple[int, ...], allow_self: bool
) -> list[tuple[float, tuple[int, ...]]]:
    """Annealing on 4-gram scores from several starts; distinct keys, best first.

    Annealing scores only the first PATRISTOCRAT_SAMPLE letters (plenty to find the key, and
    the cost of a step grows with the text); a hill climb on the whole text then settles the
    letters the sample lacks. A long text that the first NOISE_RUNS runs read as noise is
    refused (readable.py) rather than searched to the end.
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
        if restart + 1 == NOISE_RUNS:
            refuse_noise(len(text), max(found.values()) / (len(text) - 3), NOISE_RUNS)
    return sorted(((score, k) for k, score in found.items()), reverse=True)


WORD_ROUNDS = 2  # split into words and climb, again with the words the better key reads
WORD_CLIMB_PASSES = 4  # letter swaps judged by the likeliest split into words
RARE_LETTER_COUNT = 3  # letters seen this often or less are the ones 4-grams leave unsure
SWAP_SHORTLIST = 20  # swaps of any two letters judged by words: those 4-grams mind least
ROTATION_SHORTLIST = 12  # the first of those paired into rotations of three letters
ROTATIONS_JUDGED = 8  # the rotations 4-grams mind least, judged by words
STRETCH_MARGIN = 8  # letters either side of a changed one that a swap is judged on


def settle_by_words(
    puzzle: Cryptogram,
    scored: list[tuple[float, tuple[int, ...]]],
    key: tuple[int, ...],
    allow_self: bool,
) -> list[tuple[float, tuple[int, ...]]]:
    """The annealed keys scored and climbed as readings of words: the best key's plaintext is
    split into words, the ciphertext is broken at the same places, and every key is ranked by
    the word-break solver's reading score on that text (a climb from the best may move
    letters). Keys best first, log10 P of the words they read."""
    fixed = {c for c, p in enumerate(key) if p != UNKNOWN}
    keys = [_climb_on_words(puzzle.letters, list(scored[0][1]), fixed, allow_self)]
    keys += [k for _, k in scored if k != keys[0]]
    ranked: list[tuple[float, tuple[int, ...]]] = []
    for _ in range(WORD_ROUNDS):
        broken = broken_as(puzzle, keys[0])
        words = cipher_words(broken, with_candidates=False)
        score_of = ReadingScorer(broken, words)
        ranked = climb_from_best(
            broken,
            score_of,
            sorted(((score_of(k), k) for k in keys), reverse=True),
            fixed,
            allow_self,
        )
        if ranked[0][1] == keys[0]:
            break
        keys = [k for _, k in ranked]
    return ranked


def _climb_on_words(
    letters: str, key: list[int], fixed: set[int], allow_self: bool
) -> tuple[int, ...]:
    """Swaps of two letters' readings while the text, split into its likeliest words, reads
    likelier: 4-grams leave letters seen once or twice (F and P in FICTION, ESCAPE) and some
    pairs of common ones (B and P in BIRTH) undecided; words decide them. A swap is judged on
    the stretches of text around the letters it changes, from word break to word break, so it
    costs a few words, not the text. When no swap helps, two swaps in a row may (a rotation)."""
    cipher = [LETTERS.index(ch) for ch in letters]
    counts = Counter(cipher)
    positions = {c: [i for i, x in enumerate(cipher) if x == c] for c in counts}
    rare = [c for c in range(26) if c not in fixed and counts.get(c, 0) <= RARE_LETTER_COUNT]
    movable = [c for c in range(26) if c not in fixed]

    def gain(move: tuple[tuple[int, int], ...], plain: str, breaks: list[int]) -> float:
        _swap(key, move)
        moved = {c for swap in move for c in swap}
        # a letter not in the text may stand for itself: it is never read
        gained = -math.inf
        if allow_self or all(key[c] != c for c in moved if c in counts):
            trial = "".join(chr(97 + key[c]) for c in cipher)
            changed = [i for c in moved for i in positions.get(c, [])]
            gained = sum(
                segment_score(trial[start:end]) - segment_score(plain[start:end])
                for start, end in _stretches(changed, breaks)
            )
        _swap(key, move[::-1])
        return gained

    for _ in range(WORD_CLIMB_PASSES):
        plain = "".join(chr(97 + key[c]) for c in cipher)
        breaks = list(itertools.accumulate(len(word) for word in segment(plain)))
        likely = _likely_swaps(cipher, key, movable, set(counts))
        swaps = [
            (swap,)
            for swap in dict.fromkeys([*itertools.combinations(rare, 2), *likely])
            if swap[0] in counts or swap[1] in counts
        ]
        best = None
        for moves in (swaps, _rotations(cipher, key, likely[:ROTATION_SHORTLIST])):
            gains = [(gain(move, plain, breaks), move) for move in moves]
            best = max(gains, default=None)
            if best is not None and best[0] > 0:
                break
        if best is None or best[0] <= 0:
            break
        _swap(key, best[1])
    return tuple(key)


def _rotations(
    cipher: list[int], key: list[int], swaps: list[tuple[int, int]]
) -> list[tuple[tuple[int, int], ...]]:
    """Two swaps sharing a letter, one after the other: three letters' readings rotated, as
    A BIG EN ITEM needs (V read as G, G as B) to read A GIVEN ITEM, where either swap alone
    reads worse. Only the ROTATIONS_JUDGED that cost the 4-gram score least."""
    rotations = [
        (first, then)
        for first, then in itertools.permutations(swaps, 2)
        if len({*first, *then}) == 3
    ]
    return _cheapest(cipher, key, rotations, ROTATIONS_JUDGED)


def _likely_swaps(
    cipher: list[int], key: list[int], movable: list[int], in_text: set[int]
) -> list[tuple[int, int]]:
    """The SWAP_SHORTLIST swaps of two letters' readings that cost the 4-gram score least:
    4-grams cannot tell B from P in BIRTH or D from N in AND, but they rule out most swaps,
    so only these few are worth judging by words."""
    swaps = [
        ((a, b),) for a, b in itertools.combinations(movable, 2) if a in in_text or b in in_text
    ]
    return [swap for (swap,) in _cheapest(cipher, key, swaps, SWAP_SHORTLIST)]


def _cheapest(
    cipher: list[int], key: list[int], moves: list[tuple[tuple[int, int], ...]], keep: int
) -> list[tuple[tuple[int, int], ...]]:
    """The `keep` moves (swaps of two letters' readings, made one after the other) that cost
    the 4-gram score least."""
    score = _quadgram_score(cipher, key)
    losses = []
    for move in moves:
        _swap(key, move)
        losses.append((score - _quadgram_score(cipher, key), move))
        _swap(key, move[::-1])
    return [move for _, move in sorted(losses)[:keep]]


def _swap(key: list[int], move: tuple[tuple[int, int], ...]) -> None:
    """Swap the readings of each pair of letters in turn (the move reversed undoes it)."""
    for a, b in move:
        key[a], key[b] = key[b], key[a]


def _stretches(changed: list[int], breaks: list[int]) -> list[tuple[int, int]]:
    """Stretches of text around the changed positions, STRETCH_MARGIN letters either side
    widened to word breaks, overlapping ones merged."""
    spans: list[tuple[int, int]] = []
    for at in sorted(changed):
        start = max((b for b in breaks if b <= at - STRETCH_MARGIN), default=0)
        end = min((b for b in breaks if b > at + STRETCH_MARGIN), default=breaks[-1])
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
    return spans


def broken_as(puzzle: Cryptogram, key: tuple[int, ...]) -> Cryptogram:
    """The cipher letters with spaces where the key's plaintext splits into words."""
    plain = "".join(chr(97 + key[LETTERS.index(ch)]) for ch in puzzle.letters)
    cipher, start = [], 0
    for word in segment(plain):
        cipher.append(puzzle.letters[start : start + len(word)])
        start += len(word)
    return Cryptogram(" ".join(cipher))


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
    # The score of the 4-gram starting at each place, kept up to date: a swap reads the old
    # scores of the 4-grams it touches and works out only the new ones.
    gram_scores = [
        table[plain[s] * 17576 + plain[s + 1] * 676 + plain[s + 2] * 26 + plain[s + 3]]
        for s in range(length - 3)
    ]

    def swap(a: int, b: int) -> None:
        key[a], key[b] = key[b], key[a]
        for i in positions.get(a, ()):
            plain[i] = key[a]
        for i in positions.get(b, ()):
            plain[i] = key[b]

    movable = [c for c in range(26) if c not in fixed]
    in_text_movable = [c for c in movable if c in positions]
    score = sum(gram_scores)
    best, best_score = list(key), score
    hottest = ANNEALING_START * length / 100
    for step in range(ANNEALING_STEPS):
        temperature = hottest * (1 - step / ANNEALING_STEPS) + 0.01
        a, b = rng.choice(in_text_movable), rng.choice(movable)
        if a == b or (not allow_self and (key[b] == a or key[a] == b)):
            continue
        touched = touching[a] | touching.get(b, frozenset())
        swap(a, b)
        new = [
            table[plain[s] * 17576 + plain[s + 1] * 676 + plain[s + 2] * 26 + plain[s + 3]]
            for s in touched
        ]
        change = sum(new) - sum([gram_scores[s] for s in touched])
        if change >= 0 or rng.random() < math.exp(change / temperature):
            for s, value in zip(touched, new, strict=True):
                gram_scores[s] = value
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
    return list(_segmented(letters)[1])


def segment_score(letters: str) -> float:
    """log10 P of running text read as its most likely words."""
    return _segmented(letters)[0]


@lru_cache(maxsize=4096)  # a climb judges many swaps on the same stretches of text
def _segmented(letters: str) -> tuple[float, tuple[str, ...]]:
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
    return best[-1], tuple(words[::-1])
