"""How English a reading looks: word frequencies plus letter n-grams for words no list has.

Scores are log10 probabilities, so adding them multiplies probabilities:

- a word's score mixes the dictionary (wordfreq zipf, i.e. log10 of occurrences per billion
  words, so zipf - 9 is log10 of the word's share of running text) with a letter-trigram model
  of English words, weighted OUT_OF_LIST_SHARE. A dictionary word scores by its frequency; a
  name or coinage still scores, just lower, by how English its letters look;
- a word also scores by how much likelier it is after the word (and the two words) before
  it than on its own, from word pairs and triples counted in WordNet's glosses and examples
  and in the fortune cookie databases (a trigram model with absolute discounting), so "why
  do we" beats "why to we" and "to be" beats "to me" although each word is common alone;
- a whole sentence scores by CMU Sphinx's trigram model of spoken US English (shipped in
  the pocketsphinx package), which has seen far more text than the pairs above;
- running text without word breaks (patristocrats) scores by letter 4-grams.

The letter n-grams are derived from the lexicon, the word pairs and triples from WordNet and
the fortunes, by scripts/build_cryptogram_model.py.
"""

from __future__ import annotations

import gzip
import json
import logging
import math
import os
from functools import cache, lru_cache
from importlib import resources

from puzzles.lexicon import Tier, lexicon, pattern_of

log = logging.getLogger(__name__)

OUT_OF_LIST_SHARE = 0.01  # the part of running text that is names and words no list has
RARE_WORD_ZIPF = 1.0  # listed words wordfreq never saw are still real words, if rare
POSSESSIVE_COST = 1.0  # log10: "dog's" is about a tenth as likely as "dog"
TRIGRAM_ADD = 0.5  # add-k smoothing of the letter trigrams
QUADGRAM_FLOOR = 0.01  # pseudo-count of a 4-gram never seen in the simulated text
ALPHABET_WITH_END = 27
PAIR_DISCOUNT = 0.75  # taken from every pair count for pairs never seen (Kneser and Ney's D)
START = "^"  # the history of a clause's first word
PAIR_CAP = 1.5  # log10: rare words seen together in one gloss say no more than this


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


class _Discounted:
    """P(word | history) / P(word | shorter history), in log10, by absolute discounting: each
    count seen in the texts gives up PAIR_DISCOUNT, and the share so freed goes to every word
    in proportion to its probability after the shorter history (`base_logprob`). Above 0 for
    n-grams seen often, below 0 for one never seen after a common history; 0 when the texts
    never saw the history, and never above PAIR_CAP (a pair of rare words in one gloss)."""

    def __init__(self, data: dict) -> None:
        self._history: dict[str, list[int]] = data["history"]
        self._counts: dict[str, int] = data["counts"]

    def score(self, history: str, word: str, base_logprob: float) -> float:
        seen = self._history.get(history)
        if seen is None:
            return 0.0
        total, followers = seen
        back_off = PAIR_DISCOUNT * followers / total
        count = max(self._counts.get(f"{history} {word}", 0) - PAIR_DISCOUNT, 0.0) / total
        return min(PAIR_CAP, math.log10(back_off + count / 10.0**base_logprob))


class ContextModel:
    """How much likelier a word is after the words before it than on its own, in log10.

    `pair` compares P(word | previous) with P(word) (the single-word model above, given as
    `word_logprob`); `triple` compares P(word | two before) with P(word | previous). Added to
    the single-word scores they make a trigram model. A clause's first word follows START.
    """

    def __init__(self) -> None:
        data = _data()["ngrams"]
        self._pairs = _Discounted(data["pairs"])
        self._triples = _Discounted(data["triples"])

    def pair(self, previous: str, word: str, word_logprob: float) -> float:
        return self._pairs.score(previous, word, word_logprob)

    def triple(self, first: str, previous: str, word: str, word_logprob: float) -> float:
        after_previous = word_logprob + self.pair(previous, word, word_logprob)
        return self._triples.score(f"{first} {previous}", word, after_previous)


@cache
def context_model() -> ContextModel:
    return ContextModel()


SPOKEN_CACHE_SIZE = 500_000
LOG10_PER_LOGMATH_UNIT = math.log10(1.0001)  # pocketsphinx scores are logs to base 1.0001
SPOKEN_UNKNOWN_BELOW = -50.0  # log10: what pocketsphinx answers for a word it lacks
SENTENCE_START, SENTENCE_END = "<s>", "</s>"


class SpokenModel:
    """log10 P(word | the two words before) under CMU Sphinx's generic US English trigram
    model, which the pocketsphinx package ships for speech recognition. It has counted far
    more text than WordNet and the fortunes, so it knows "lend me your ears" from "bend me
    your ears" and "Mr. Bond" from "Mr. fond". Words it lacks (most names) are None."""

    def __init__(self) -> None:
        from pocketsphinx import NGramModel, get_model_path

        path = os.path.join(get_model_path(), "en-us", "en-us.lm.bin")
        self._model = NGramModel.readfile(path)
        # Readings of one puzzle share most of their trigrams; bounded for a long-lived worker.
        self.logprob = lru_cache(maxsize=SPOKEN_CACHE_SIZE)(self._logprob)

    def _logprob(self, word: str, previous: str | None, before: str | None) -> float | None:
        """None for a word the model does not know; a None history backs off to shorter ones."""
        words = [word, *(w for w in (previous, before) if w is not None)]
        score = self._model.prob(words) * LOG10_PER_LOGMATH_UNIT
        return None if score < SPOKEN_UNKNOWN_BELOW else score

    def sentence(self, words: list[str], unknown_cost: float) -> float:
        """log10 P of a sentence, its end included; an unknown word costs `unknown_cost` and
        starts the history afresh."""
        total, before, previous = 0.0, None, SENTENCE_START
        for word in words:
            score = self.logprob(word, previous, before)
            if score is None:
                total += unknown_cost
                before, previous = None, None
                continue
            total += score
            before, previous = previous, word
        if previous is None:  # ended on an unknown word: no history to end the sentence on
            return total
        return total + self.logprob(SENTENCE_END, previous, before)


@cache
def spoken_model() -> SpokenModel | None:
    """None where pocketsphinx is not installed (it has no wheel for the newest Pythons yet):
    readings are then ranked without it, a few in a hundred more of them wrongly."""
    try:
        return SpokenModel()
    except ImportError:
        log.warning("pocketsphinx is not installed: cryptograms are solved without its model")
        return None


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
