"""How English a reading looks: word frequencies plus letter n-grams for words no list has.

Scores are log10 probabilities, so adding them multiplies probabilities:

- a word's score mixes the dictionary (wordfreq zipf, i.e. log10 of occurrences per billion
  words, so zipf - 9 is log10 of the word's share of running text) with a letter-trigram model
  of English words, weighted OUT_OF_LIST_SHARE. A dictionary word scores by its frequency; a
  name CMUdict has (FREDO, MAXIMUS) by its frequency less NAME_COST; a coinage or a name no
  list has still scores, just lower, by how English its letters look;
- a word also scores by how much likelier it is after the word (and the two words) before
  it than on its own, from word pairs and triples counted in WordNet's glosses and examples
  and in the fortune cookie databases (a trigram model with absolute discounting), so "why
  do we" beats "why to we" and "to be" beats "to me" although each word is common alone;
- a whole sentence scores by CMU Sphinx's trigram model of spoken US English (shipped in
  the pocketsphinx package), which has seen far more text than the pairs above;
- running text without word breaks (patristocrats) scores by letter 4-grams.

The letter n-grams are derived from the lexicon, the word pairs and triples from WordNet and
the fortunes, by scripts/build_cryptogram_model.py, into an SQLite file read by key: a solve
reads the few thousand rows its words need, not the whole model.
"""

from __future__ import annotations

import logging
import math
import os
import sqlite3
import threading
import weakref
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Generic, TypeVar

from puzzles.lexicon import pattern_of

log = logging.getLogger(__name__)
T = TypeVar("T")

OUT_OF_LIST_SHARE = 0.01  # the part of running text that is names and words no list has
RARE_WORD_ZIPF = 1.0  # listed words wordfreq never saw are still real words, if rare
POSSESSIVE_COST = 1.0  # log10: "dog's" is about a tenth as likely as "dog"
# log10: a CMUdict word no other list has (mostly names: FREDO, MAXIMUS) counts this much less
# than wordfreq's frequency says, for it is also a surname, a brand or an abbreviation
NAME_COST = 1.0
TRIGRAM_ADD = 0.5  # add-k smoothing of the letter trigrams
QUADGRAM_FLOOR = 0.01  # pseudo-count of a 4-gram never seen in the simulated text
ALPHABET_WITH_END = 27
PAIR_DISCOUNT = 0.75  # taken from every pair count for pairs never seen (Kneser and Ney's D)
START = "^"  # the history of a clause's first word
PAIR_CAP = 1.5  # log10: rare words seen together in one gloss say no more than this


# How likely a listed word is, as SQL: its zipf, RARE_WORD_ZIPF if wordfreq never saw it. The
# index words_by_likelihood (scripts/build_cryptogram_model.py) is on this very expression, so
# a pattern's likeliest words are read off it in order instead of sorted for every query.
LIKELIHOOD_SQL = f"coalesce(nullif(zipf, 0), {RARE_WORD_ZIPF!r})"

MODEL_FILE = Path(__file__).parent / "data" / "model.sqlite"
LOOKUP_CACHE_SIZE = 200_000  # rows kept per table; a long-lived worker stays bounded
_connections: dict[int, sqlite3.Connection] = {}


def model_database() -> sqlite3.Connection:
    """The model file, read-only, one connection per process: a connection must not be used
    on both sides of a fork (the bot's workers), and opening one costs a millisecond."""
    connection = _connections.get(os.getpid())
    if connection is None:
        uri = MODEL_FILE.as_uri() + "?mode=ro&immutable=1"
        connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
        _connections[os.getpid()] = connection
    return connection


class WordModel:
    """log10 P(word) for a word of running text: listed words by frequency, others by letters."""

    def __init__(self) -> None:
        db = model_database()
        # Extra words are looked up by word and by shape as a solve needs them: loading all
        # 11,000 took a fresh `puzzlebot solve cryptogram` a tenth of its time. The hundred
        # contractions are read at once: every possessive candidate (DOG'S) asks about them.
        self._contractions: dict[str, float] = dict(
            db.execute("SELECT word, zipf FROM extra_words WHERE word LIKE '%''%'")
        )
        self._extra: dict[str, float | None] = {}  # zipf of words looked up, None if not extra
        self._extra_by_shape: dict[str, tuple[str, ...]] = {}
        trigrams: dict[str, float] = dict(db.execute("SELECT gram, count FROM letter_trigrams"))
        pair_totals: dict[str, float] = {}
        for gram, count in trigrams.items():
            pair_totals[gram[:2]] = pair_totals.get(gram[:2], 0.0) + count
        start_total = sum(count for gram, count in trigrams.items() if gram[0] == "^")
        self._trigrams = trigrams
        self._pair_totals = pair_totals
        self._start_total = start_total
        # zipf of words looked up (a name's less NAME_COST), None if neither listed nor a name
        self._listed: dict[str, float | None] = {}
        self._cache: dict[str, float] = {}
        self._trigram_logprobs: dict[str, float] = {}  # at most 28 x 28 x 28 grams

    def extra_matching(self, printed: str) -> tuple[str, ...]:
        """Words off the lexicon (names, contractions) shaped like `printed`: 'XY'Z' -> "it's"."""
        shape = shape_of(printed)
        found = self._extra_by_shape.get(shape)
        if found is None:
            rows = (
                model_database()
                .execute(
                    "SELECT word, zipf FROM extra_words WHERE shape = ? ORDER BY word", (shape,)
                )
                .fetchall()
            )
            _make_room(self._extra, len(rows))
            self._extra.update(rows)
            found = self._extra_by_shape[shape] = tuple(word for word, _ in rows)
        return found

    def extra_word_zipf(self, word: str) -> float | None:
        """The zipf of a word off the lexicon (a name, a contraction), None if not one of them."""
        if "'" in word:
            return self._contractions.get(word)
        if word in self._extra:
            return self._extra[word]
        row = (
            model_database()
            .execute("SELECT zipf FROM extra_words WHERE word = ?", (word,))
            .fetchone()
        )
        _make_room(self._extra)
        zipf = self._extra[word] = None if row is None else row[0]
        return zipf

    @property
    def extra_zipf(self) -> dict[str, float]:
        """Every word off the lexicon with its zipf: the whole table, to check the lists (a
        solve looks words up one by one)."""
        return dict(model_database().execute("SELECT word, zipf FROM extra_words"))

    def listed_matching(self, pattern: str, most_likely: int | None = None) -> tuple[str, ...]:
        """The lexicon's words (LARGE tier) with the letter pattern of `pattern`: all of them
        sorted, or the `most_likely` likeliest, likeliest first (a pattern such as ABCDE has
        7,000 words, and the solver tries a few thousand)."""
        query = f"SELECT word, {LIKELIHOOD_SQL} FROM words WHERE pattern = ? ORDER BY word"
        arguments: tuple = (pattern_of(pattern),)
        if most_likely is not None:
            query = (
                f"SELECT word, {LIKELIHOOD_SQL} FROM words WHERE pattern = ? "
                f"ORDER BY {LIKELIHOOD_SQL} DESC, word LIMIT ?"
            )
            arguments += (most_likely,)
        rows = model_database().execute(query, arguments).fetchall()
        _make_room(self._listed, len(rows))
        self._listed.update(rows)
        return tuple(word for word, _ in rows)

    def names_matching(self, pattern: str, most_likely: int) -> tuple[str, ...]:
        """The `most_likely` likeliest names (CMUdict words no other list has) with the letter
        pattern of `pattern`, likeliest first."""
        rows = (
            model_database()
            .execute(
                "SELECT word, zipf FROM names WHERE pattern = ? ORDER BY zipf DESC, word LIMIT ?",
                (pattern_of(pattern), most_likely),
            )
            .fetchall()
        )
        _make_room(self._listed, len(rows))
        self._listed.update((word, zipf - NAME_COST) for word, zipf in rows)
        return tuple(word for word, _ in rows)

    def _listed_zipf(self, word: str) -> float | None:
        """A listed word's zipf (RARE_WORD_ZIPF if wordfreq never saw it), a name's less
        NAME_COST, None if neither."""
        if word in self._listed:
            return self._listed[word]
        db, pattern = model_database(), pattern_of(word)
        row = db.execute(
            "SELECT zipf FROM words WHERE pattern = ? AND word = ?", (pattern, word)
        ).fetchone()
        if row is not None:
            zipf = row[0] or RARE_WORD_ZIPF
        else:
            row = db.execute(
                "SELECT zipf FROM names WHERE pattern = ? AND word = ?", (pattern, word)
            ).fetchone()
            zipf = None if row is None else row[0] - NAME_COST
        _make_room(self._listed)
        self._listed[word] = zipf
        return zipf

    def dictionary_logprob(self, word: str) -> float | None:
        """log10 share of running text of a listed word (lowercase, apostrophes kept), or None."""
        # the lexicon, the names and the extra words share no word: ask the cheapest first
        zipf = self._listed.get(word) if "'" not in word else None
        if zipf is None:
            zipf = self.extra_word_zipf(word)
        if zipf is None and "'" not in word:
            zipf = self._listed_zipf(word)
        if zipf is None and word.endswith("'s") and "'" not in word[:-2]:
            zipf = self._listed_zipf(word[:-2])
            zipf = None if zipf is None else zipf - POSSESSIVE_COST
        return None if zipf is None else zipf - 9.0

    def letters_logprob(self, word: str) -> float:
        """log10 P(word) under the letter-trigram model of English words (apostrophes skipped)."""
        marked = "^" + word.replace("'", "") + "$"
        first = self._trigrams.get(marked[:3], 0.0) + TRIGRAM_ADD
        total = math.log10(first / (self._start_total + TRIGRAM_ADD * 27 * 27))
        known = self._trigram_logprobs
        for i in range(1, len(marked) - 2):
            gram = marked[i : i + 3]
            score = known.get(gram)
            if score is None:  # each trigram's term worked out once: the same sum, faster
                score = known[gram] = self._trigram_logprob(gram)
            total += score
        return total

    def _trigram_logprob(self, gram: str) -> float:
        """log10 P(the gram's last letter | its first two), smoothed."""
        count = self._trigrams.get(gram, 0.0) + TRIGRAM_ADD
        context = self._pair_totals.get(gram[:2], 0.0) + TRIGRAM_ADD * ALPHABET_WITH_END
        return math.log10(count / context)

    def logprob(self, word: str) -> float:
        """log10 P(word): dictionary and letter model mixed, so unlisted words score, not fail."""
        score = self._cache.get(word)
        if score is None:
            listed = self.dictionary_logprob(word)
            unlisted = math.log10(OUT_OF_LIST_SHARE) + self.letters_logprob(word)
            score = unlisted if listed is None else _log10_add(listed, unlisted)
            _make_room(self._cache)
            self._cache[word] = score
        return score


def _make_room(cache: dict, adding: int = 1) -> None:
    """Empty a look-up cache that `adding` more entries would grow past LOOKUP_CACHE_SIZE:
    any string can be asked, and a long-lived worker must stay bounded."""
    if len(cache) + adding > LOOKUP_CACHE_SIZE:
        cache.clear()


def shape_of(word: str) -> str:
    """A word's letter pattern and where its apostrophes are: "don't" -> 'ABCDE 3'."""
    return " ".join([pattern_of(word), *(str(i) for i, ch in enumerate(word) if ch == "'")])


def _log10_add(a: float, b: float) -> float:
    high, low = max(a, b), min(a, b)
    return high + math.log10(1.0 + 10.0 ** (low - high))


@cache
def word_model() -> WordModel:
    return WordModel()


class ContextModel:
    """How much likelier a word is after the words before it than on its own, in log10.

    `pair` compares P(word | previous) with P(word) (the single-word model above, given as
    `word_logprob`); `triple` compares P(word | two before) with P(word | previous). Added to
    the single-word scores they make a trigram model. A clause's first word follows START.
    """

    def __init__(self) -> None:
        self._history = lru_cache(maxsize=LOOKUP_CACHE_SIZE)(self._read_history)
        self._count = lru_cache(maxsize=LOOKUP_CACHE_SIZE)(self._read_count)

    def pair(self, previous: str, word: str, word_logprob: float) -> float:
        return self._discounted(previous, word, word_logprob)

    def triple(self, first: str, previous: str, word: str, word_logprob: float) -> float:
        after_previous = word_logprob + self.pair(previous, word, word_logprob)
        return self._discounted(f"{first} {previous}", word, after_previous)

    def _discounted(self, history: str, word: str, base_logprob: float) -> float:
        """P(word | history) / P(word | shorter history), in log10, by absolute discounting:
        each count seen in the texts gives up PAIR_DISCOUNT, and the share so freed goes to
        every word in proportion to its probability after the shorter history
        (`base_logprob`). Above 0 for n-grams seen often, below 0 for one never seen after a
        common history; 0 when the texts never saw the history, and never above PAIR_CAP (a
        pair of rare words in one gloss)."""
        seen = self._history(history)
        if seen is None:
            return 0.0
        total, followers = seen
        back_off = PAIR_DISCOUNT * followers / total
        count = max(self._count(f"{history} {word}") - PAIR_DISCOUNT, 0.0) / total
        return min(PAIR_CAP, math.log10(back_off + count / 10.0**base_logprob))

    @staticmethod
    def _read_history(history: str) -> tuple[int, int] | None:
        """How often the history (one word or two) was followed, and by how many words."""
        return (
            model_database()
            .execute("SELECT total, followers FROM ngram_histories WHERE history = ?", (history,))
            .fetchone()
        )

    @staticmethod
    def _read_count(gram: str) -> int:
        row = (
            model_database().execute("SELECT count FROM ngrams WHERE gram = ?", (gram,)).fetchone()
        )
        return 0 if row is None else row[0]


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
        from pocketsphinx import get_model_path

        path = os.path.join(get_model_path(), "en-us", "en-us.lm.bin")
        # Reading the 27 MB file is a sixth of a one-off solve's work: it goes on beside the
        # search for candidates, and the first score waits for it.
        self._model = InBackground(lambda: read_spoken_model(path))
        # Readings of one puzzle share most of their trigrams; bounded for a long-lived worker.
        self.logprob = lru_cache(maxsize=SPOKEN_CACHE_SIZE)(self._logprob)

    def _logprob(self, word: str, previous: str | None, before: str | None) -> float | None:
        """None for a word the model does not know; a None history backs off to shorter ones."""
        words = [word, *(w for w in (previous, before) if w is not None)]
        score = self._model.value().prob(words) * LOG10_PER_LOGMATH_UNIT
        return None if score < SPOKEN_UNKNOWN_BELOW else score

    def sentence(self, words: list[str], unknown_cost: float) -> float:
        """log10 P of a sentence, its end included; an unknown word costs `unknown_cost` and
        starts the history afresh."""
        known, lacked = self.sentence_parts(words)
        return known + unknown_cost * lacked

    def sentence_parts(self, words: list[str]) -> tuple[float, int]:
        """log10 P of a sentence's known words, its end included, and how many words it
        lacks (each starts the history afresh)."""
        known, lacked, before, previous = 0.0, 0, None, SENTENCE_START
        for word in words:
            score = self.logprob(word, previous, before)
            if score is None:
                lacked += 1
                before, previous = None, None
                continue
            known += score
            before, previous = previous, word
        if previous is None:  # ended on an unknown word: no history to end the sentence on
            return known, lacked
        return known + self.logprob(SENTENCE_END, previous, before), lacked


NGRAM_AUTO = 0  # ngram_model_read's file type: told by the file itself


class TrigramFile:
    """pocketsphinx's NGramModel.readfile and NGramModel.prob, the very C functions its
    extension calls, called through ctypes instead: ctypes lets go of the GIL for the read,
    so the solve goes on meanwhile, where the extension holds it for the whole 40 ms."""

    def __init__(self, path: str) -> None:
        import ctypes

        from pocketsphinx import _pocketsphinx

        library = ctypes.CDLL(_pocketsphinx.__file__)  # the extension module, loaded already
        pointer, text = ctypes.c_void_p, ctypes.c_char_p
        _declare(library.logmath_init, pointer, ctypes.c_double, ctypes.c_int, ctypes.c_int)
        _declare(library.logmath_free, ctypes.c_int, pointer)
        _declare(library.ngram_model_read, pointer, pointer, text, ctypes.c_int, pointer)
        _declare(library.ngram_model_free, ctypes.c_int, pointer)
        _declare(library.ngram_prob, ctypes.c_int32, pointer, ctypes.POINTER(text), ctypes.c_int32)
        logmath = library.logmath_init(1.0001, 0, 0)  # as NGramModel.readfile
        model = library.ngram_model_read(None, os.fsencode(path), NGRAM_AUTO, logmath)
        library.logmath_free(logmath)
        if not model:
            raise ValueError(f"Unable to read language model from {path}")
        self._model, self._prob, self._text = model, library.ngram_prob, text
        # freed with this object, but not at exit: the process's end frees it faster
        weakref.finalize(self, library.ngram_model_free, model).atexit = False

    def prob(self, words: list[str]) -> int:
        """log P(the first word | the others, latest first), in units of log 1.0001."""
        encoded = [word.encode("utf-8") for word in words]
        return self._prob(self._model, (self._text * len(encoded))(*encoded), len(encoded))


def _declare(function, result, *arguments) -> None:
    function.restype, function.argtypes = result, list(arguments)


def read_spoken_model(path: str):
    """The trigram model, read without holding the GIL where pocketsphinx's extension exports
    those C functions (5.1.1 does, 5.0.1 does not), by its own binding otherwise."""
    try:
        return TrigramFile(path)
    except (AttributeError, OSError):  # the functions not exported, the module not loadable
        from pocketsphinx import NGramModel

        return NGramModel.readfile(path)


class InBackground(Generic[T]):
    """A value made by a thread of its own, waited for where it is first wanted. A process
    forked while the thread ran (its copy of the thread never finishes) makes it itself."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._made: list[T] = []
        self._failed: list[BaseException] = []
        self._parent = os.getpid()
        self._thread = threading.Thread(target=self._run, name="puzzlebot-load", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._made.append(self._make())
        except BaseException as error:  # raised again to whoever wants the value
            self._failed.append(error)

    def value(self) -> T:
        if not self._made:
            if os.getpid() == self._parent:
                self._thread.join()
            if self._failed:
                raise self._failed[0]
            if not self._made:  # forked while loading
                self._made.append(self._make())
        return self._made[0]


@cache
def spoken_model() -> SpokenModel | None:
    """None where pocketsphinx is not installed (it has no wheel for the newest Pythons yet):
    readings are then ranked without it, a few in a hundred more of them wrongly. The model
    itself loads in the background: ask for it early, use it later."""
    try:
        return SpokenModel()
    except ImportError:
        log.warning("pocketsphinx is not installed: cryptograms are solved without its model")
        return None


@cache
def _quadgram_counts() -> dict[str, int]:
    return dict(model_database().execute("SELECT gram, count FROM quadgrams"))


@cache
def quadgram_logprobs() -> dict[str, float]:
    """log10 P(4-gram) in running text without spaces; unseen 4-grams get quadgram_floor()."""
    counts = _quadgram_counts()
    total = sum(counts.values())
    return {gram: math.log10(count / total) for gram, count in counts.items()}


@cache
def quadgram_floor() -> float:
    total = sum(_quadgram_counts().values())
    return math.log10(QUADGRAM_FLOOR / total)
