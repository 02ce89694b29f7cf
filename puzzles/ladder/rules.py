"""Checking a player's ladder step by step, and hints toward the goal.

The rules: the ladder starts at the start word and ends at the goal; each step changes
exactly one letter, in place; every word is a word. Players' words are checked against
the large word list so real words are never refused. A player may leave out the start
word: `CORD CARD WARD WARM` for COLD to WARM.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from puzzles.core import PuzzleError, Verdict, plural
from puzzles.ladder.graph import graph_for, ladders_through
from puzzles.ladder.puzzle import EXAMPLE, Ladder, split_words
from puzzles.ladder.solver import ARROW, ladder_text, tier_holding
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

CHAIN_EXAMPLE = "COLD CORD CARD WARD WARM"
MAX_CHAIN_WORDS = 100


@dataclass(frozen=True)
class LadderHint:
    """The next word of a shortest ladder from where the player stands."""

    goal: str
    progress: tuple[str, ...]  # the player's ladder so far, from the start word
    next_word: str
    steps_left: int  # from next_word to the goal

    @property
    def words(self) -> tuple[str, ...]:
        return (*self.progress, self.next_word)

    def text(self) -> str:
        last, following = self.progress[-1], self.next_word
        where = changed_positions(last, following)[0]
        change = (
            f"Next: {following.upper()} (change the {last[where].upper()} of {last.upper()} "
            f"to {following[where].upper()})"
        )
        if self.steps_left == 0:
            return f"{change}, and you reach {self.goal.upper()}."
        away = plural(self.steps_left, "step")
        return f"{change}; from there {self.goal.upper()} is {away} away."


def parse_chain(text: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """'COLD CORD CARD', 'cold -> cord -> card', 'cold, cord, card' -> ('cold', 'cord', 'card')."""
    words = split_words(text, example=CHAIN_EXAMPLE, language=language)
    if len(words) > MAX_CHAIN_WORDS:
        raise PuzzleError(
            f"that is {len(words)} words; a ladder to check has at most {MAX_CHAIN_WORDS}"
        )
    return words


def changed_positions(a: str, b: str) -> list[int]:
    return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def step_problem(a: str, b: str) -> str | None:
    """What is wrong with the step from a to b, or None if it changes exactly one letter."""
    step = f"{a.upper()}{ARROW}{b.upper()}"
    if len(a) != len(b):
        return f"{step}: {b.upper()} has {len(b)} letters, not {len(a)}"
    changed = changed_positions(a, b)
    if not changed:
        return f"{step}: the same word twice; each step changes one letter"
    if len(changed) > 1:
        letters = ", ".join(str(i + 1) for i in changed)
        return f"{step} changes {len(changed)} letters (letters {letters}); a step changes one"
    return None


def chain_problems(chain: tuple[str, ...], dictionary: Lexicon) -> list[str]:
    """Every unknown word and every bad step of the chain, in order."""
    unknown = dict.fromkeys(word for word in chain if not dictionary.contains(word, Tier.LARGE))
    problems = [f"{word.upper()} is not in the word list" for word in unknown]
    problems += [p for a, b in itertools.pairwise(chain) if (p := step_problem(a, b))]
    return problems


def from_start(puzzle: Ladder, words: tuple[str, ...]) -> tuple[str, ...]:
    """The player's words as a chain from the start word (which they may leave out)."""
    return words if words[:1] == (puzzle.start,) else (puzzle.start, *words)


def check(puzzle: Ladder, answer: str, dictionary: Lexicon | None = None) -> Verdict:
    """Every problem with the player's ladder, or a win with its length against the shortest."""
    _needs_goal(puzzle)
    dictionary = dictionary or lexicon(puzzle.language)
    words = parse_chain(answer, puzzle.language)
    if not words:
        return Verdict(False, ("no words given",), f"Type your ladder, e.g. {CHAIN_EXAMPLE}")
    chain = from_start(puzzle, words)
    problems = chain_problems(chain, dictionary)
    if chain[-1] != puzzle.goal:
        problems.append(f"the ladder ends at {chain[-1].upper()}, not at {puzzle.goal.upper()}")
    if problems:
        return Verdict(False, tuple(problems), f"Not solved: {plural(len(problems), 'problem')}.")
    return Verdict(True, (), _win_summary(puzzle, chain, dictionary))


def _win_summary(puzzle: Ladder, chain: tuple[str, ...], dictionary: Lexicon) -> str:
    steps = len(chain) - 1
    summary = f"Solved in {plural(steps, 'step')}: {ladder_text(chain)}."
    # Compare with the shortest ladder in a word list holding every word the player used.
    tier = tier_holding(chain, "standard", dictionary)
    shortest = graph_for(len(puzzle.start), tier, dictionary).shortest_ladders(
        puzzle.start, puzzle.goal
    )
    if shortest is not None and shortest.steps == steps:
        summary += " That is the fewest possible!"
    elif shortest is not None:
        summary += f" The shortest ladder takes {plural(shortest.steps, 'step')}."
    if puzzle.par is not None:
        summary += f" (Par {puzzle.par}.)"
    return summary


def hint(puzzle: Ladder, progress: str = "", dictionary: Lexicon | None = None) -> LadderHint | str:
    """The next word of a shortest ladder (in the most common words) from the player's last word."""
    _needs_goal(puzzle)
    dictionary = dictionary or lexicon(puzzle.language)
    words = parse_chain(progress, puzzle.language)
    chain = from_start(puzzle, words) if words else (puzzle.start,)
    broken = chain_problems(chain, dictionary)
    if broken:
        return "Fix your ladder first: " + "; ".join(broken)
    last = chain[-1]
    if last == puzzle.goal:
        steps = plural(len(chain) - 1, "step")
        return f"You have reached {puzzle.goal.upper()} already, in {steps}."
    found, _ = ladders_through(last, puzzle.goal, Tier.STANDARD, dictionary)
    if found is None:
        return (
            f"No ladder leads from {last.upper()} to {puzzle.goal.upper()}; "
            "go back to an earlier word and try another way."
        )
    return LadderHint(puzzle.goal, chain, found.words[1], found.steps - 1)


def _needs_goal(puzzle: Ladder) -> None:
    if puzzle.goal is None:
        raise PuzzleError(
            f"a ladder needs a goal word as well as {puzzle.start.upper()}", example=EXAMPLE
        )
