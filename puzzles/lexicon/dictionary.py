"""English word lists in nested tiers, with build-time word frequencies (stdlib only).

The package data in ``data/`` is written by ``scripts/build_lexicon.py`` (SCOWL words ranked by
wordfreq, and newer words from LibreOffice's en_GB dictionary; see NOTICE). Each tier file holds
the words that tier adds to the smaller ones, sorted, one a line (the en_GB words in the
``current-*`` files); ``zipf.txt.gz`` holds ``"<zipf> word word ..."`` lines for words with a
nonzero zipf.

Every query is case-insensitive. Methods returning tuples return them sorted, so puzzle code that
draws from them with a seeded random generator is deterministic (a frozenset's iteration order
changes from one process to the next).
"""

from __future__ import annotations

import bisect
import enum
import functools
import re
import zlib
from array import array
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE, alphabet

__all__ = ["Lexicon", "Tier", "lexicon", "pattern_of"]


class Tier(enum.IntEnum):
    """How large a dictionary to use; each tier includes the smaller ones."""

    COMMON = 1  # words ordinary players know: puzzles are generated and solved with these
    STANDARD = 2  # words found in most dictionaries
    LARGE = 3  # plus rare and word-game words: players' answers are accepted against these


_TIERS = tuple(Tier)
_TIER_FILES = {
    Tier.COMMON: "common.txt.gz",
    Tier.STANDARD: "standard.txt.gz",
    Tier.LARGE: "large.txt.gz",
}
# Words newer than SCOWL (from LibreOffice's en_GB dictionary) a tier adds, kept in files of
# their own because they are under their own licence (see NOTICE).
_CURRENT_FILES = {Tier.STANDARD: "current-standard.txt.gz", Tier.LARGE: "current-large.txt.gz"}
_ZIPF_FILE = "zipf.txt.gz"
_DATA = Path(__file__).parent / "data"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

ZipfSource = Mapping[str, float] | Callable[[], Mapping[str, float]]


def pattern_of(word: str) -> str:
    """The word's letters renamed A, B, C... by first appearance: 'mommy' -> 'ABACC'.

    Case-insensitive; every character counts as a symbol, so 'ABCA' -> 'ABCA'.
    """
    word = word.lower()
    order = dict.fromkeys(word)
    if len(order) > len(_LETTERS):
        raise ValueError(f"more than {len(_LETTERS)} different symbols in {word!r}")
    return word.translate(dict(zip(map(ord, order), _LETTERS, strict=False)))


def _first_places(word: str) -> bytes | tuple[int, ...]:
    """Where each letter of a (lowercase) word first appears: 'mommy' -> 0 1 0 0 4. Two words
    have the same pattern_of exactly when these are equal; twice as fast to work out. Bytes
    while every place fits in one (words of the same length always get the same type)."""
    places = map(word.index, word)
    return bytes(places) if len(word) < 256 else tuple(places)


class Lexicon:
    """Words in three nested tiers with zipf frequencies; indexes are built lazily and cached.

    Use :func:`lexicon` for the shipped English dictionary, :meth:`from_words` for a custom one.
    The constructor takes the words of each tier (a larger tier's words may or may not repeat
    the smaller tiers'; the tiers are made to nest) and ``zipf``: a mapping of lowercase words to
    zipf frequencies, or a function returning one on first use.

    An instance is immutable as far as callers can tell and is safe to share between threads
    (two threads may both build the same index the first time; both get equal results).
    """

    def __init__(
        self,
        common: Iterable[str],
        standard: Iterable[str] = (),
        large: Iterable[str] = (),
        *,
        zipf: ZipfSource | None = None,
    ) -> None:
        common_set = frozenset(common)
        standard_set = common_set.union(standard) if standard else common_set
        large_set = standard_set.union(large) if large else standard_set
        self._sets: dict[int, frozenset[str]] = {
            Tier.COMMON: common_set,
            Tier.STANDARD: standard_set,
            Tier.LARGE: large_set,
        }
        self._additions: Callable[[Tier], str] | None = None  # see _read_lazily
        self._zipf_source = zipf
        self._zipf_table: Mapping[str, float] | None = None if callable(zipf) else dict(zipf or {})
        # The frequency file's text, for zipfs() to find a few words in without the table
        # (the shipped lexicon sets it), and the words found so.
        self._zipf_text: Callable[[], str] | None = None
        self._zipf_found: dict[str, float] = {}
        self._shared = False  # True for the instances lexicon() returns
        self.language = DEFAULT_LANGUAGE  # whose words: the shipped lexicons set theirs
        self._texts: dict[int, str] = {}
        self._hashes: dict[int, array] = {}
        self._lengths: dict[tuple[int, int], tuple[str, ...]] = {}
        self._patterns: dict[tuple[int, int], dict[bytes | tuple[int, ...], tuple[str, ...]]] = {}
        self._buckets: dict[tuple[int, int], dict[str, list[str]]] = {}

    @classmethod
    def _read_lazily(cls, additions: Callable[[Tier], str], zipf: ZipfSource) -> Lexicon:
        """A lexicon whose tiers are read on first use: ``additions(tier)`` is the text of the
        words a tier adds to the smaller ones, one a line, none of them in a smaller tier. A
        tier's text (for text()) is then those texts joined, no word set needed, and its
        word set is made only when something asks for one."""
        lazy = cls((), zipf=zipf)
        lazy._sets = {}
        lazy._additions = functools.cache(additions)
        return lazy

    def load_all(self) -> Lexicon:
        """Make every tier's word set and text and read the zipf table now, not on first use
        (before a process forks workers that are to share them)."""
        for tier in _TIERS:
            self.text(tier)
            self._tier_set(tier)
        self.zipf("")
        return self

    @classmethod
    def from_words(cls, words: Iterable[str], zipf: Mapping[str, float] | None = None) -> Lexicon:
        """A custom dictionary: every word (lowercased) in every tier; zipf from ``zipf`` or 0.0."""
        table = {word.lower(): float(value) for word, value in (zipf or {}).items()}
        return cls((w for w in (word.strip().lower() for word in words) if w), zipf=table)

    # --- membership --------------------------------------------------------------------------

    def _tier_set(self, tier: Tier | int) -> frozenset[str]:
        try:
            return self._sets[tier]
        except (KeyError, TypeError):
            if self._additions is None or tier not in _TIERS:
                raise ValueError(f"not a lexicon tier: {tier!r}") from None
        smaller = self._tier_set(Tier(tier - 1)) if tier > Tier.COMMON else frozenset()
        words = self._sets[tier] = smaller.union(self._additions(Tier(tier)).split())
        return words

    def words(self, tier: Tier = Tier.STANDARD) -> frozenset[str]:
        """The lowercase words in ``tier`` (and the smaller tiers)."""
        return self._tier_set(tier)

    def has_word_set(self, tier: Tier) -> bool:
        """Whether words(tier) is made already (the pool's warm-up makes every tier's): an
        index over a tier's words pays for itself then, not in a one-off command."""
        return tier in self._sets

    def text(self, tier: Tier = Tier.STANDARD) -> str:
        """The lowercase words in ``tier``, one a line, in no particular order: one string to
        search with a regular expression (re.MULTILINE), much faster than a loop over words()."""
        text = self._texts.get(tier)
        if text is None:
            if self._additions is not None and tier in _TIERS:
                parts = (self._additions(smaller) for smaller in _TIERS[:tier])
                text = "\n".join(part for part in parts if part)
            else:
                text = "\n".join(self._tier_set(tier))
            self._texts[tier] = text
        return text

    def contains(self, word: str, tier: Tier = Tier.LARGE) -> bool:
        """Whether ``word`` (any case) is in ``tier``: from the tier's word set when one is
        made, else from its sorted word hashes, 2 MB where the set takes 40 (the bot's own
        process checks a ladder's words and needs nothing else from the lexicon)."""
        if not isinstance(word, str):
            return False
        word = word.lower()
        if tier in self._sets or self._additions is None or tier not in _TIERS:
            return word in self._tier_set(tier)  # (an unknown tier: its ValueError)
        hashes = self._word_hashes(tier)
        wanted = hash(word)
        place = bisect.bisect_left(hashes, wanted)
        # Two of the 250,000 words sharing a 64-bit hash with a word not in the tier: about
        # one chance in 10^14 per word looked up.
        return place < len(hashes) and hashes[place] == wanted

    def _word_hashes(self, tier: Tier) -> array:
        hashes = self._hashes.get(tier)
        if hashes is None:
            assert self._additions is not None
            words = (word for t in _TIERS[:tier] for word in self._additions(t).split())
            hashes = self._hashes[tier] = array("q", sorted(map(hash, words)))
        return hashes

    def __contains__(self, word: object) -> bool:
        return self.contains(word)  # type: ignore[arg-type]  (anything but a str: False)

    def tier_of(self, word: str) -> Tier | None:
        """The smallest tier holding ``word``, or None."""
        word = word.lower()
        for tier in _TIERS:
            if word in self._tier_set(tier):
                return tier
        return None

    # --- frequency ---------------------------------------------------------------------------

    def zipf(self, word: str) -> float:
        """The word's zipf frequency (wordfreq, at build time); 0.0 if unknown."""
        table = self._zipf_table
        if table is None:
            table = self._load_zipf()
        return table.get(word.lower(), 0.0)

    def zipfs(self, words: Iterable[str]) -> dict[str, float]:
        """Each word's zipf(), for a few hundred words at once. Before the table is read, the
        shipped lexicon finds just these words in its frequency file: several times faster
        than reading the whole table, for a one-off command (solving a Q-less roll)."""
        wanted = {word.lower() for word in words}
        if self._zipf_table is not None or self._zipf_text is None:
            return {word: self.zipf(word) for word in wanted}
        found = self._zipf_found
        missing = wanted.difference(found)
        if missing:
            found.update(_zipfs_in_text(self._zipf_text(), missing))
        return {word: found[word] for word in wanted}

    def _load_zipf(self) -> Mapping[str, float]:
        source = self._zipf_source
        table = dict(source() if callable(source) else source or {})
        self._zipf_table = table
        return table

    # --- indexes -----------------------------------------------------------------------------

    def words_of_length(self, n: int, tier: Tier = Tier.STANDARD) -> tuple[str, ...]:
        """The words of ``n`` letters in ``tier``, sorted."""
        words = self._lengths.get((tier, n))
        if words is None:
            if not (isinstance(n, int) and n > 0):
                return ()
            # One regular expression over the tier's text: no word set, no loop over words.
            of_length = re.compile(f"^[^\n]{{{n}}}$", re.MULTILINE)
            words = self._lengths[(tier, n)] = tuple(sorted(of_length.findall(self.text(tier))))
        return words

    def matching_pattern(self, pattern: str, tier: Tier = Tier.STANDARD) -> tuple[str, ...]:
        """Words with the same letter pattern as ``pattern`` ('ABCA' or a word such as 'that')."""
        key = pattern_of(pattern)
        index = self._patterns.get((tier, len(key)))
        if index is None:
            groups: dict[bytes | tuple[int, ...], list[str]] = {}
            for word in self.words_of_length(len(key), tier):
                groups.setdefault(_first_places(word), []).append(word)
            index = {p: tuple(group) for p, group in groups.items()}
            self._patterns[(tier, len(key))] = index
        return index.get(_first_places(key), ())

    def neighbours(self, word: str, tier: Tier = Tier.STANDARD) -> tuple[str, ...]:
        """Words of the same length differing from ``word`` in exactly one letter, sorted."""
        word = word.lower()
        n = len(word)
        buckets = self._buckets.get((tier, n))
        if buckets is None:
            buckets = {}
            for other in self.words_of_length(n, tier):
                for i in range(n):
                    buckets.setdefault(f"{other[:i]}*{other[i + 1 :]}", []).append(other)
            self._buckets[(tier, n)] = buckets
        found: set[str] = set()
        for i in range(n):
            found.update(buckets.get(f"{word[:i]}*{word[i + 1 :]}", ()))
        found.discard(word)
        return tuple(sorted(found))

    # --- plumbing ----------------------------------------------------------------------------

    def __reduce__(self) -> tuple[object, ...]:
        # A shared lexicon pickles as a reference: a worker process loads its own.
        if self._shared:
            return (lexicon, () if self.language == DEFAULT_LANGUAGE else (self.language,))
        zipf = self._zipf_table if self._zipf_table is not None else self._zipf_source
        return (
            _rebuild,
            (*map(self._tier_set, _TIERS), zipf),
        )

    def __repr__(self) -> str:
        counts = ", ".join(f"{tier.name.lower()}={len(self._tier_set(tier))}" for tier in _TIERS)
        return f"<Lexicon {counts}>"


def _rebuild(
    common: frozenset[str], standard: frozenset[str], large: frozenset[str], zipf: ZipfSource
) -> Lexicon:
    return Lexicon(common, standard, large, zipf=zipf)


def _read_data(name: str, language: str = DEFAULT_LANGUAGE) -> str:
    # by path, not importlib.resources: importing it (tempfile, shutil, lzma, zipfile) cost a
    # one-off command about 5 ms. English is in data/, the other languages in data/<language>/.
    folder = _DATA if language == DEFAULT_LANGUAGE else _DATA / language
    data = (folder / name).read_bytes()
    return zlib.decompress(data, wbits=31).decode("utf-8")  # wbits=31: gzip container


@functools.cache
def offensive_words(language: str = DEFAULT_LANGUAGE) -> frozenset[str]:
    """The offensive words the language's tiers are filtered with (scripts/build_lexicon.py
    writes the list, from the npm package cuss and the blocklist): no output may spell one."""
    return frozenset(_read_data("offensive.txt.gz", alphabet(language).language).split())


def is_offensive(word: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """An offensive word (any case, accents as the language folds them), or its English
    possessive ("injun's")."""
    folded = alphabet(language).fold(word) if language != DEFAULT_LANGUAGE else word.lower()
    return folded.removesuffix("'s") in offensive_words(language)


def _load_zipf_table(language: str = DEFAULT_LANGUAGE) -> dict[str, float]:
    table: dict[str, float] = {}
    for line in _read_data(_ZIPF_FILE, language).splitlines():
        value, _, words = line.partition(" ")
        table.update(dict.fromkeys(words.split(" "), float(value)))
    return table


def _zipfs_in_text(text: str, wanted: set[str]) -> dict[str, float]:
    """The zipf of each wanted word in the frequency file's text (0.0: not there), by one
    regular expression per line for the words made of the wanted words' letters. Every
    word of a line follows a space (the line opens with its zipf), and a pattern opening
    with that space lets the matcher skip from space to space: several times faster than
    trying the letters at every place."""
    letters = re.escape("".join(sorted(set("".join(wanted)))))
    shortest, longest = min(map(len, wanted)), max(map(len, wanted))
    candidates = re.compile(f" ([{letters}]{{{shortest},{longest}}})(?![^ ])")
    found = dict.fromkeys(wanted, 0.0)
    for line in text.splitlines():
        value, _, _ = line.partition(" ")
        for word in candidates.findall(line):
            if word in found:
                found[word] = float(value)
    return found


def lexicon(language: str = DEFAULT_LANGUAGE) -> Lexicon:
    """The shipped lexicon of a word-game language ('en', the default, 'fr' or 'es'), loaded
    once per process: each tier, its word set and the zipf table on first use (solving a
    Letter Boxed needs no word set at all). Nothing of a language is read until it is asked
    for, so English players never pay for French or Spanish. A ValueError names the
    languages there are for any other."""
    return _shipped_lexicon(alphabet(language).language)


@functools.cache
def _shipped_lexicon(language: str) -> Lexicon:
    additions = functools.partial(_shipped_additions, language=language)
    zipf_table = functools.partial(_load_zipf_table, language)
    shared = Lexicon._read_lazily(additions, zipf=zipf_table)
    shared._shared = True
    shared.language = language
    shared._zipf_text = functools.cache(functools.partial(_read_data, _ZIPF_FILE, language))
    return shared


def _shipped_additions(tier: Tier, language: str = DEFAULT_LANGUAGE) -> str:
    """The words the shipped tier adds to the smaller ones, one a line (the en_GB words'
    files are English only)."""
    current = [_CURRENT_FILES[tier]] if tier in _CURRENT_FILES and language == "en" else []
    names = [_TIER_FILES[tier], *current]
    texts = (_read_data(name, language).strip() for name in names)
    return "\n".join(text for text in texts if text)
