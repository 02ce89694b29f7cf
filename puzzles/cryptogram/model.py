"""How English a reading looks: word frequencies plus letter n-grams for words no list has.

Scores are log10 probabilities, so adding them multiplies probabilities:

- a word's score mixes the dictionary (wordfreq zipf, i.e. log10 of occurrences per billion
  words, so zipf - 9 is log10 of the word's share of running text) with a letter-trigram model
  of English words, weighted OUT_OF_LIST_SHARE. A dictionary word scores by its frequency; a
  name or coinage still scores, just lower, by how English its letters look;
- two words in a row score by how much more (or less) often they go together in WordNet's
  glosses and examples than chance would have them: log10 of observed over expected count,
  smoothed, so "why do we" beats "why to we" although "do" and "to" are both common words;
- running text without word breaks (patristocrats) scores by letter 4-grams.

The n-gram counts are derived from the lexicon by scripts/build_cryptogram_model.py.
"""

from __future__ import annotations

import gzip
import json
import math
from functools import cache
from importlib import resources

from puzzles.lexicon import Tier, lexicon, pattern_of

OUT_OF_LIST_SHARE = 0.01  # the part of running text that is names and words no list has
RARE_WORD_ZIPF = 1.0  # listed words wordfreq never saw are still real words, if rare
POSSESSIVE_COST = 1.0  # log10: "dog's" is about a tenth as likely as "dog"
TRIGRAM_ADD = 0.5  # add-k smoothing of the letter trigrams
QUADGRAM_FLOOR = 0.01  # pseudo-count of a 4-gram never seen in the simulated text
ALPHABET_WITH_END = 27
PAIR_SMOOTHING = 0.5  # added to observed and expected pair counts: unseen rare pairs score 0
PAIR_CAP = 1.5  # log10: one pair of words never counts for more than this either way


@cache
def _data() -> dict:
    raw = resources.files(__package__).joinpath("data", "model.json.gz").read_bytes()
    return json.loads(gzip.decompress(raw))


class WordModel:
    """log10 P(word) for a word of running text: listed words by frequency, others by letters."""

    def __init__(self) -> None:
        data = _data()
        self.extra_zipf: dict[str, float] = data["extra_words"]
        trigrams: dict[str, float] = data["word_trigrams"]
        pair_totals: dict[str, float] = {}
        for gram, count in trigrams.items():
            pair_totals[gram[:2]] = pair_totals.get(gram[:2], 0.0) + count
        start_total = sum(count for gram, count in trigrams.items() if gram[0] == "^")
        self._trigrams = trigrams
        self._pair_totals = pair_totals
        self._start_total = start_total
        self._lexicon = lexicon()
        self._large = self._lexicon.words(Tier.LARGE)
        self._cache: dict[str, float] = {}
        self._extra_by_shape: dict[tuple[str, tuple[int, ...]], list[str]] = {}
        for word in sorted(self.extra_zipf):
            self._extra_by_shape.setdefault(shape_of(word), []).append(word)

    def extra_matching(self, printed: str) -> tuple[str, ...]:
        """Words off the lexicon (names, contractions) shaped like `printed`: 'XY'Z' -> "it's"."""
        return tuple(self._extra_by_shape.get(shape_of(printed), ()))

    def dictionary_logprob(self, word: str) -> float | None:
        """log10 share of running text of a listed word (lowercase, apostrophes kept), or None."""
        zipf = self.extra_zipf.get(word)
        if zipf is None and word in self._large:
            zipf = self._lexicon.zipf(word) or RARE_WORD_ZIPF
        if zipf is None and word.endswith("'s") and word[:-2] in self._large:
            zipf = (self._lexicon.zipf(word[:-2]) or RARE_WORD_ZIPF) - POSSESSIVE_COST
        return None if zipf is None else zipf - 9.0

    def letters_logprob(self, word: str) -> float:
        """log10 P(word) under the letter-trigram model of English words (apostrophes skipped)."""
        marked = "^" + word.replace("'", "") + "$"
        first = self._trigrams.get(marked[:3], 0.0) + TRIGRAM_ADD
        total = math.log10(first / (self._start_total + TRIGRAM_ADD * 27 * 27))
        for i in range(1, len(marked) - 2):
            gram = marked[i : i + 3]
            count = self._trigrams.get(gram, 0.0) + TRIGRAM_ADD
            context = self._pair_totals.get(gram[:2], 0.0) + TRIGRAM_ADD * ALPHABET_WITH_END
            total += math.log10(count / context)
        return total

    def logprob(self, word: str) -> float:
        """log10 P(word): dictionary and letter model mixed, so unlisted words score, not fail."""
        score = self._cache.get(word)
        if score is None:
            listed = self.dictionary_logprob(word)
            unlisted = math.log10(OUT_OF_LIST_SHARE) + self.letters_logprob(word)
            score = unlisted if listed is None else _log10_add(listed, unlisted)
            self._cache[word] = score
        return score


def shape_of(word: str) -> tuple[str, tuple[int, ...]]:
    """A word's letter pattern and where its apostrophes are: "don't" -> ('ABCDE', (3,))."""
    return pattern_of(word), tuple(i for i, ch in enumerate(word) if ch == "'")


def _log10_add(a: float, b: float) -> float:
    high, low = max(a, b), min(a, b)
    return high + math.log10(1.0 + 10.0 ** (low - high))


@cache
def word_model() -> WordModel:
    return WordModel()


class PairModel:
    """log10(observed / expected) count of a word pair, smoothed; 0 for pairs of rare words."""

    def __init__(self) -> None:
        data = _data()["pairs"]
        self._total: int = data["total"]
        self._words: dict[str, int] = data["words"]
        self._pairs: dict[str, int] = data["pairs"]

    def score(self, first: str, second: str) -> float:
        observed = self._pairs.get(f"{first} {second}", 0)
        expected = self._words.get(first, 0) * self._words.get(second, 0) / self._total
        ratio = math.log10((observed + PAIR_SMOOTHING) / (expected + PAIR_SMOOTHING))
        return max(-PAIR_CAP, min(PAIR_CAP, ratio))


@cache
def pair_model() -> PairModel:
    return PairModel()


@cache
def quadgram_logprobs() -> dict[str, float]:
    """log10 P(4-gram) in running text without spaces; unseen 4-grams get quadgram_floor()."""
    counts: dict[str, int] = _data()["quadgrams"]
    total = sum(counts.values())
    return {gram: math.log10(count / total) for gram, count in counts.items()}


@cache
def quadgram_floor() -> float:
    total = sum(_data()["quadgrams"].values())
    return math.log10(QUADGRAM_FLOOR / total)
