"""Solving a word ladder: the shortest ladders between two words, or the longest chain from one.

Shortest: the length and number of shortest ladders in the chosen word list, showing the
one whose words are most common (all common words when any shortest ladder has them).
If that ladder needs rarer words, the shortest ladder in common words alone is given too.
Words between the ends come from the chosen list even when an end is rarer (a player may
start from ZZZ); only when no such ladder exists does the ladder take rarer words, as few
as can be (graph.ladders_through).

Longest: the longest chain from a word that never repeats a word (see longest.py), within
a time budget, saying whether it is proven longest or the best found.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from puzzles.core import TIERS, PuzzleError, Usage, tier_name
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.ladder.graph import WordGraph, contains, graph_for, ladders_through, tier_of
from puzzles.ladder.longest import longest_chain
from puzzles.ladder.puzzle import EXAMPLE, Ladder
from puzzles.lexicon import Lexicon, Tier, lexicon

DEFAULT_SECONDS = 5.0
# The bot stops a solve after 10 s (workers.deadline_seconds): leave room for the rest.
MAX_SECONDS = 8
ARROW = " → "
SHOWN_CHAIN_WORDS = 40  # a longer chain's text shows its two ends


@dataclass(frozen=True)
class LadderSolution:
    """The shortest ladders from start to goal; `words` is () when there is none."""

    start: str
    goal: str
    words: tuple[str, ...]
    steps: int | None
    ladder_count: int
    tier: str
    reason: Message | str = ""  # why there is no ladder
    common_words: tuple[str, ...] = ()  # shortest ladder in common words, if `words` has rarer
    beyond: tuple[str, ...] = ()  # words between the ends outside `tier`, when none can be

    @property
    def no_answer(self) -> bool:
        return not self.words

    def text(self, language: str = ENGLISH) -> str:
        tier = tier_name(self.tier)
        if not self.words:
            return render(
                _(
                    "No ladder from {start} to {goal} with {tier} words: {reason}.",
                    start=self.start.upper(),
                    goal=self.goal.upper(),
                    tier=tier,
                    reason=self.reason,
                ),
                language,
            )
        lines = [ladder_text(self.words), render(self._length_text(tier), language)]
        if self.common_words:
            common = ngettext(
                "In common words only: {count} step, {ladder}",
                "In common words only: {count} steps, {ladder}",
                len(self.common_words) - 1,
                ladder=ladder_text(self.common_words),
            )
            lines.append(render(common, language))
        return "\n".join(lines)

    def _length_text(self, tier: Message) -> Message:
        if self.beyond:
            return ngettext(
                "{count} step: no ladder keeps to {tier} words, and this one needs the fewest "
                "rarer words ({rare}); {ladders} do as well.",
                "{count} steps: no ladder keeps to {tier} words, and this one needs the fewest "
                "rarer words ({rare}); {ladders} do as well.",
                self.steps,
                tier=tier,
                rare=", ".join(word.upper() for word in self.beyond),
                ladders=ngettext("{count} ladder", "{count} ladders", self.ladder_count),
            )
        return ngettext(
            "{count} step, the fewest possible ({ladders} with {tier} words).",
            "{count} steps, the fewest possible ({ladders} with {tier} words).",
            self.steps,
            tier=tier,
            ladders=ngettext(
                "{count} shortest ladder", "{count} shortest ladders", self.ladder_count
            ),
        )


@dataclass(frozen=True)
class LongestChain:
    """The longest chain found from start, never repeating a word."""

    start: str
    words: tuple[str, ...]
    proven: bool
    group_size: int  # words reachable from start, itself included
    most_possible: int  # no chain from start holds more words than this
    tier: str
    seconds: float

    @property
    def steps(self) -> int:
        return len(self.words) - 1

    def text(self, language: str = ENGLISH) -> str:
        return render(self.summary(), language) + "\n" + ladder_text(self.words, SHOWN_CHAIN_WORDS)

    def summary(self) -> Message:
        start = self.start.upper()
        if self.steps == 0:
            return _(
                "{start} is isolated: no {tier} word differs from it by one letter.",
                start=start,
                tier=tier_name(self.tier),
            )
        reached = ngettext(
            "{count} word can be reached from {start}",
            "{count} words can be reached from {start}",
            self.group_size,
            start=start,
        )
        if self.proven:
            return ngettext(
                "Longest chain from {start}: {count} step (proven longest; {reached}).",
                "Longest chain from {start}: {count} steps (proven longest; {reached}).",
                self.steps,
                start=start,
                reached=reached,
            )
        return ngettext(
            "Longest chain from {start}: {count} step (the longest found in {seconds} s; "
            "no chain can be longer than {most}; {reached}).",
            "Longest chain from {start}: {count} steps (the longest found in {seconds} s; "
            "no chain can be longer than {most}; {reached}).",
            self.steps,
            start=start,
            seconds=self.seconds,
            most=ngettext("{count} step", "{count} steps", self.most_possible - 1),
            reached=reached,
        )


def ladder_text(words: tuple[str, ...], most: int | None = None) -> str:
    """COLD → CORD → CARD; past `most` words, the two ends with the middle left out."""
    shown = [word.upper() for word in words]
    if most is not None and len(shown) > most:
        left_out = len(shown) - most
        shown = [*shown[: most // 2], f"… {left_out:,} more …", *shown[-(most - most // 2) :]]
    return ARROW.join(shown)


def solve(
    puzzle: Ladder,
    longest: bool = False,
    tier: str = "standard",
    seconds: float = DEFAULT_SECONDS,
    dictionary: Lexicon | None = None,
) -> LadderSolution | LongestChain:
    """Shortest ladders from start to goal, or with longest=True the longest chain from start."""
    dictionary = dictionary or lexicon(puzzle.language)
    if longest:
        return solve_longest(puzzle, tier, seconds, dictionary)
    if puzzle.goal is None:
        raise PuzzleError(
            _(
                "a ladder needs a second word to reach from {word}; for the longest chain "
                "from one word, turn on the longest option",
                word=puzzle.start.upper(),
            ),
            example=Usage("solve", "ladder", puzzle.start, (("longest", True),)),
        )
    return solve_shortest(puzzle.start, puzzle.goal, tier, dictionary)


def solve_shortest(start: str, goal: str, tier: str, dictionary: Lexicon) -> LadderSolution:
    used = tier_holding((start, goal), tier, dictionary)
    graph = graph_for(len(start), used, dictionary)
    _require_known(graph, (start, goal))
    through = Tier[tier.upper()]
    found, beyond = ladders_through(start, goal, through, dictionary)
    if found is None:
        return LadderSolution(
            start, goal, (), None, 0, used.name.lower(), no_ladder_reason(graph, start, goal)
        )
    common: tuple[str, ...] = ()
    if used > Tier.COMMON and any(not contains(w, Tier.COMMON, dictionary) for w in found.words):
        common = _common_ladder(start, goal, dictionary)
    return LadderSolution(
        start, goal, found.words, found.steps, found.count, through.name.lower(), "", common, beyond
    )


def _common_ladder(start: str, goal: str, dictionary: Lexicon) -> tuple[str, ...]:
    if not all(contains(word, Tier.COMMON, dictionary) for word in (start, goal)):
        return ()
    found = graph_for(len(start), Tier.COMMON, dictionary).shortest_ladders(start, goal)
    return found.words if found else ()


def solve_longest(puzzle: Ladder, tier: str, seconds: float, dictionary: Lexicon) -> LongestChain:
    """The longest chain found in `seconds`, which count from here: building the word graph
    (most of a second on the large tier, the first time) is part of the time given."""
    started = time.perf_counter()
    if puzzle.goal is not None:
        raise PuzzleError(
            _("the longest chain starts from one word; give only the start word"),
            example=Usage("solve", "ladder", puzzle.start, (("longest", True),)),
        )
    used = tier_holding((puzzle.start,), tier, dictionary)
    graph = graph_for(len(puzzle.start), used, dictionary)
    _require_known(graph, (puzzle.start,))
    chain = longest_chain(graph, puzzle.start, seconds, started)
    return LongestChain(
        puzzle.start,
        tuple(graph.words[node] for node in chain.nodes),
        chain.proven,
        chain.group_size,
        chain.most_possible,
        used.name.lower(),
        seconds,
    )


def tier_holding(words: tuple[str, ...], tier: str, dictionary: Lexicon) -> Tier:
    """The asked-for tier, or the smallest larger one holding every word."""
    if tier not in TIERS:
        raise PuzzleError(
            _(
                "{option} must be one of {choices}, not {value}",
                option="tier",
                choices=", ".join(TIERS),
                value=repr(tier),
            )
        )
    chosen = Tier[tier.upper()]
    for word in words:
        chosen = max(chosen, tier_of(word, dictionary) or Tier.LARGE)
    return chosen


def _require_known(graph: WordGraph, words: tuple[str, ...]) -> None:
    for word in words:
        if word not in graph:
            raise PuzzleError(
                _("{word} is not in the word list", word=word.upper()), example=EXAMPLE
            )


def no_ladder_reason(graph: WordGraph, start: str, goal: str) -> Message:
    """Why two words are not joined: one is isolated, or they are in separate groups."""
    isolated = [word for word in (start, goal) if not graph.neighbours_of(word)]
    if isolated:
        if len(isolated) == 2:
            return _(
                "{start} and {goal} are both isolated (no word differs from either by one letter)",
                start=start.upper(),
                goal=goal.upper(),
            )
        return _(
            "{word} is isolated (no word differs from it by one letter)",
            word=isolated[0].upper(),
        )
    return _(
        "they are in separate groups of words joined by one-letter changes ({start}'s group "
        "has {start_group}, {goal}'s has {goal_group})",
        start=start.upper(),
        goal=goal.upper(),
        start_group=ngettext("{count} word", "{count} words", graph.group_size(start)),
        goal_group=ngettext("{count} word", "{count} words", graph.group_size(goal)),
    )
