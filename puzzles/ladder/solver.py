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

from puzzles.core import TIERS, PuzzleError, Usage, plural
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
    reason: str = ""  # why there is no ladder
    common_words: tuple[str, ...] = ()  # shortest ladder in common words, if `words` has rarer
    beyond: tuple[str, ...] = ()  # words between the ends outside `tier`, when none can be

    @property
    def no_answer(self) -> bool:
        return not self.words

    def text(self) -> str:
        if not self.words:
            return (
                f"No ladder from {self.start.upper()} to {self.goal.upper()} "
                f"with {self.tier} words: {self.reason}."
            )
        lines = [ladder_text(self.words)]
        if self.beyond:
            rare = ", ".join(word.upper() for word in self.beyond)
            lines.append(
                f"{plural(self.steps, 'step')}: no ladder keeps to {self.tier} words, and this "
                f"one needs the fewest rarer words ({rare}); "
                f"{plural(self.ladder_count, 'ladder')} do as well."
            )
        else:
            lines.append(
                f"{plural(self.steps, 'step')}, the fewest possible "
                f"({plural(self.ladder_count, 'shortest ladder')} with {self.tier} words)."
            )
        if self.common_words:
            lines.append(
                f"In common words only: {plural(len(self.common_words) - 1, 'step')}, "
                + ladder_text(self.common_words)
            )
        return "\n".join(lines)


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

    def text(self) -> str:
        start = self.start.upper()
        if self.steps == 0:
            return f"{start} is isolated: no {self.tier} word differs from it by one letter."
        if self.proven:
            verdict = "proven longest"
        else:
            verdict = (
                f"the longest found in {self.seconds:g} s; no chain can be longer than "
                f"{plural(self.most_possible - 1, 'step')}"
            )
        return (
            f"Longest chain from {start}: {plural(self.steps, 'step')} ({verdict}; "
            f"{plural(self.group_size, 'word')} can be reached from {start}).\n"
            + ladder_text(self.words, SHOWN_CHAIN_WORDS)
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
            f"a ladder needs a second word to reach from {puzzle.start.upper()}; "
            "for the longest chain from one word, turn on the longest option",
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
            "the longest chain starts from one word; give only the start word",
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
        raise PuzzleError(f"tier must be one of {', '.join(TIERS)}, not {tier!r}")
    chosen = Tier[tier.upper()]
    for word in words:
        chosen = max(chosen, tier_of(word, dictionary) or Tier.LARGE)
    return chosen


def _require_known(graph: WordGraph, words: tuple[str, ...]) -> None:
    for word in words:
        if word not in graph:
            raise PuzzleError(f"{word.upper()} is not in the word list", example=EXAMPLE)


def no_ladder_reason(graph: WordGraph, start: str, goal: str) -> str:
    """Why two words are not joined: one is isolated, or they are in separate groups."""
    isolated = [word for word in (start, goal) if not graph.neighbours_of(word)]
    if isolated:
        if len(isolated) == 2:
            return (
                f"{start.upper()} and {goal.upper()} are both isolated "
                "(no word differs from either by one letter)"
            )
        return f"{isolated[0].upper()} is isolated (no word differs from it by one letter)"
    return (
        f"they are in separate groups of words joined by one-letter changes "
        f"({start.upper()}'s group has {plural(graph.group_size(start), 'word')}, "
        f"{goal.upper()}'s has {plural(graph.group_size(goal), 'word')})"
    )
