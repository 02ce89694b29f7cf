"""Solving a Letter Boxed: the fewest words, proved (search.py), the best solutions ranked.

The board's playable words (words.py) become moves; the search proves the fewest words
and ranks the solutions of that length; this module puts the answer together.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from puzzles.core import join_words, tier_name
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.letterboxed.puzzle import Board
from puzzles.letterboxed.search import Search
from puzzles.letterboxed.words import Move, playable_groups, word_choices
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.lexicon.alphabet import GAME_LETTERS, LETTER_PLACES

DEFAULT_MAX_WORDS = 6


@dataclass(frozen=True)
class LetterBoxedSolution:
    board: Board
    words: tuple[str, ...]  # the best fewest-word solution; () when there is none
    alternatives: tuple[tuple[str, ...], ...]  # further fewest-word solutions, best first
    fewest_words: int | None  # None: no solution within max_words
    solution_count: int  # fewest-word solutions (ordered word sequences)
    count_is_capped: bool  # True: at least solution_count
    ranking_complete: bool  # False: the best found within the step budget, not proven best
    two_word_count: int  # all ordered two-word solutions
    max_words: int
    tier: str
    unusable_letters: str = ""  # letters no playable word contains

    @property
    def no_answer(self) -> bool:
        return not self.words

    def text(self, language: str = ENGLISH) -> str:
        if self.fewest_words is None:
            return render(self._no_solution_text(), language)
        lines = [join_words(self.words), render(self._fewest_text(), language)]
        if self.alternatives:
            others = "; ".join(join_words(words) for words in self.alternatives)
            lines.append(render(_("Also: {solutions}", solutions=others), language))
        return "\n".join(lines)

    def _fewest_text(self) -> Message:
        if self.count_is_capped:
            count = ngettext(
                "at least {count} such solution",
                "at least {count} such solutions",
                self.solution_count,
            )
        else:
            count = ngettext("{count} such solution", "{count} such solutions", self.solution_count)
        return ngettext(
            "{count} word is the fewest possible ({solutions}; {two_word} in all).",
            "{count} words is the fewest possible ({solutions}; {two_word} in all).",
            self.fewest_words,
            solutions=count,
            two_word=ngettext(
                "{count} two-word solution", "{count} two-word solutions", self.two_word_count
            ),
        )

    def _no_solution_text(self) -> Message:
        if self.unusable_letters:
            return _(
                "No solution: no {tier} word can use {letters} on this box.",
                tier=tier_name(self.tier),
                letters=", ".join(self.unusable_letters.upper()),
            )
        return ngettext(
            "No solution within {count} word using {tier} words.",
            "No solution within {count} words using {tier} words.",
            self.max_words,
            tier=tier_name(self.tier),
        )


# --- the kind's solve -------------------------------------------------------------------------


def board_search(
    board: Board, dictionary: Lexicon, tier: Tier, time_limit: float | None = None
) -> Search:
    deadline = None if time_limit is None else time.monotonic() + time_limit
    bit = [0] * len(GAME_LETTERS)  # alphabet index -> board bit
    for index, letter in enumerate(board.letters):
        bit[LETTER_PLACES[letter]] = 1 << index
    moves = [
        Move(bit[first], bit[last], mask, words, mask.bit_count(), zipf)
        for mask, first, last, words, zipf in playable_groups(board, dictionary, tier)
    ]
    return Search(board, moves, deadline)


def solve(
    board: Board,
    max_words: int = DEFAULT_MAX_WORDS,
    tier: str = "standard",
    dictionary: Lexicon | None = None,
    time_limit: float | None = None,
) -> LetterBoxedSolution:
    """The fewest-words solutions, most common words first, and the count of two-word ones."""
    dictionary = dictionary or lexicon(board.language)
    tier_value = Tier[tier.upper()]
    search = board_search(board, dictionary, tier_value, time_limit)
    unusable = search.unusable_letters()
    fewest = None if unusable else search.fewest_words(max_words)
    ranked, count, capped, proven = search.ranked(fewest) if fewest else ([], 0, False, True)
    return LetterBoxedSolution(
        board=board,
        words=ranked[0] if ranked else (),
        alternatives=tuple(ranked[1:]),
        fewest_words=fewest,
        solution_count=count,
        count_is_capped=capped,
        ranking_complete=proven,
        two_word_count=_two_word_count(search, fewest, count),
        max_words=max_words,
        tier=tier_value.name.lower(),
        unusable_letters=unusable,
    )


def _two_word_count(search: Search, fewest: int | None, fewest_count: int) -> int:
    if fewest == 2:
        return fewest_count
    if fewest == 1:
        return sum(map(word_choices, search.two_move_solutions))
    return 0
