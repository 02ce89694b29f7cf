"""The answer to a roll: its rating on the write-up's weekday scale, and the solution shown.

The search (fill.py) gives every distinct solution, most likely shapes first; the rating
counts the shapes tried to the tenth solution in common words (rating.py has the scale),
and solve() picks the most common-worded solution among the first max_solutions.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from puzzles.core import TIERS, tier_name
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.qless.fill import Found, solutions
from puzzles.qless.puzzle import Roll
from puzzles.qless.rating import TEN, day_for
from puzzles.qless.words import roll_words

DEFAULT_MAX_SOLUTIONS = 1000


@dataclass(frozen=True)
class Rating:
    """The write-up's measure, taken with common words: the rank of the shape that gave the
    tenth solution (None: fewer than ten), and the solutions seen up to then."""

    shapes_to_ten: int | None
    solutions: int  # up to TEN
    first: Found | None  # the first solution in common words

    @property
    def day(self) -> str | None:
        return day_for(self.shapes_to_ten, self.solutions)


def rate(
    roll: Roll, dictionary: Lexicon | None = None, common_words: list[str] | None = None
) -> Rating:
    """Search with common words until the tenth solution (or every shape, if fewer).
    `common_words`: the roll's common words, when the caller has them already."""
    first = None
    count = 0
    for found in solutions(roll, Tier.COMMON, dictionary, common_words):
        count += 1
        if first is None or (_repeats_a_word(first.words()) and not _repeats_a_word(found.words())):
            first = found
        if count == TEN:
            return Rating(found.shape_rank, count, first)
    return Rating(None, count, first)


@dataclass(frozen=True)
class QlessSolution:
    roll: Roll
    rows: tuple[str, ...]  # the best solution found, '.' for empty; () when there is none
    words: tuple[str, ...]
    all_common: bool  # every word of `rows` is in the common word list
    solution_count: int  # distinct solutions with `tier` words (a grid and its mirror once)
    count_is_capped: bool  # True: at least solution_count
    shapes_to_ten: int | None  # with common words: shapes tried to the tenth solution
    day: str | None  # the difficulty on the write-up's weekday scale (common words)
    tier: str

    @property
    def no_answer(self) -> bool:
        return not self.rows

    def text(self, language: str = ENGLISH) -> str:
        tier = tier_name(self.tier)
        if not self.rows:
            return render(
                _(
                    "No solution for {roll} with {tier} words.",
                    roll=self.roll.text(),
                    tier=tier,
                ),
                language,
            )
        words = " ".join(word.upper() for word in self.words)
        said = [_("Words: {words}", words=words), self._count_text(tier)]
        lines = [row.upper().replace(".", " ").rstrip() for row in self.rows]
        return "\n".join([*lines, *(render(line, language) for line in said)])

    def _count_text(self, tier: Message) -> Message:
        if self.count_is_capped:
            count = ngettext(
                "at least {count} solution", "at least {count} solutions", self.solution_count
            )
        else:
            count = ngettext("{count} solution", "{count} solutions", self.solution_count)
        return _(
            "{solutions} with {tier} words; {rating}.",
            solutions=count,
            tier=tier,
            rating=self._rating(),
        )

    def _rating(self) -> Message:
        if self.day is None:
            return _("not rated: no solution in common words")
        if self.shapes_to_ten is None:
            return _("difficulty {day} (fewer than ten solutions in common words)", day=self.day)
        return ngettext(
            "difficulty {day} (tenth solution in common words after {count} shape)",
            "difficulty {day} (tenth solution in common words after {count} shapes)",
            self.shapes_to_ten,
            day=self.day,
        )


def solve(
    roll: Roll,
    tier: str = "standard",
    max_solutions: int = DEFAULT_MAX_SOLUTIONS,
    dictionary: Lexicon | None = None,
) -> QlessSolution:
    """The most common-worded solution among the first max_solutions with `tier` words,
    their count, and the roll's rating (always with common words, as players see it)."""
    dictionary = dictionary or lexicon()
    # The roll's common words, found once: they rate the roll, and a solution's words are
    # common when they hold them (no index of the whole common list is needed).
    common_words = roll_words(roll.letters, dictionary, Tier.COMMON)
    words = common_words if tier == "common" else None
    # (a hint's few solutions come sooner read lazily; a count reads most rolls through)
    every = solutions(roll, TIERS[tier], dictionary, words, reading_all=max_solutions > TEN)
    found = list(itertools.islice(every, max_solutions + 1))
    capped = len(found) > max_solutions
    found = found[:max_solutions]
    if tier == "common":
        tenth = found[TEN - 1].shape_rank if len(found) >= TEN else None
        rating = Rating(tenth, min(len(found), TEN), found[0] if found else None)
        if len(found) < TEN and capped:
            rating = rate(roll, dictionary, common_words)  # the cap stopped short of ten
    else:
        rating = rate(roll, dictionary, common_words)
    words_of = [solution.words() for solution in found]
    zipf = dictionary.zipfs({word for words in words_of for word in words})
    common = frozenset(common_words)
    best, best_words = max(
        zip(found, words_of, strict=True),
        key=lambda pair: _commonness(pair[1], zipf, common),
        default=(None, ()),
    )
    # the cap cut off every all-common answer: show one anyway, unless it repeats a word
    first = rating.first
    if best is not None and not common.issuperset(best_words) and first:
        best = first if _repeats_a_word(best_words) or not _repeats_a_word(first.words()) else best
    return QlessSolution(
        roll=roll,
        rows=best.rows() if best else (),
        words=best.words() if best else (),
        all_common=bool(best) and common.issuperset(best.words()),
        solution_count=len(found),
        count_is_capped=capped,
        shapes_to_ten=rating.shapes_to_ten,
        day=rating.day,
        tier=tier,
    )


def _commonness(
    words: tuple[str, ...], zipf: dict[str, float], common: frozenset[str]
) -> tuple[bool, bool, float, float]:
    """No word twice first (FOGGY HOC FOB HOC GYM is a poor answer to show), then all words
    common, then the rarest word most common, then the average."""
    zipfs = [zipf[word] for word in words]
    return not _repeats_a_word(words), common.issuperset(words), min(zipfs), sum(zipfs) / len(zipfs)


def _repeats_a_word(words: tuple[str, ...]) -> bool:
    return len(set(words)) < len(words)
