"""Checking a player's ladder step by step, and hints toward the goal.

The rules: the ladder starts at the start word and ends at the goal; each step changes
exactly one letter, in place; every word is a word. Players' words are checked against
the large word list so real words are never refused. A player may leave out the start
word: `CORD CARD WARD WARM` for COLD to WARM.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from puzzles.core import PuzzleError, Said, Verdict, joined, not_solved
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
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

    def text(self, language: str = ENGLISH) -> str:
        return render(self.message(), language)

    def message(self) -> Message:
        last, following = self.progress[-1], self.next_word
        where = changed_positions(last, following)[0]
        change = {
            "next": following.upper(),
            "letter": last[where].upper(),
            "word": last.upper(),
            "new": following[where].upper(),
            "goal": self.goal.upper(),
        }
        if self.steps_left == 0:
            return _(
                "Next: {next} (change the {letter} of {word} to {new}), and you reach {goal}.",
                **change,
            )
        return ngettext(
            "Next: {next} (change the {letter} of {word} to {new}); from there {goal} is "
            "{count} step away.",
            "Next: {next} (change the {letter} of {word} to {new}); from there {goal} is "
            "{count} steps away.",
            self.steps_left,
            **change,
        )


def parse_chain(text: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """'COLD CORD CARD', 'cold -> cord -> card', 'cold, cord, card' -> ('cold', 'cord', 'card')."""
    words = split_words(text, example=CHAIN_EXAMPLE, language=language)
    if len(words) > MAX_CHAIN_WORDS:
        raise PuzzleError(
            _(
                "that is {count} words; a ladder to check has at most {most}",
                count=len(words),
                most=MAX_CHAIN_WORDS,
            )
        )
    return words


def changed_positions(a: str, b: str) -> list[int]:
    return [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def step_problem(a: str, b: str) -> Message | None:
    """What is wrong with the step from a to b, or None if it changes exactly one letter."""
    step = f"{a.upper()}{ARROW}{b.upper()}"
    if len(a) != len(b):
        return _(
            "{step}: {word} has {count} letters, not {wanted}",
            step=step,
            word=b.upper(),
            count=len(b),
            wanted=len(a),
        )
    changed = changed_positions(a, b)
    if not changed:
        return _("{step}: the same word twice; each step changes one letter", step=step)
    if len(changed) > 1:
        return _(
            "{step} changes {count} letters (letters {positions}); a step changes one",
            step=step,
            count=len(changed),
            positions=", ".join(str(i + 1) for i in changed),
        )
    return None


def chain_problems(chain: tuple[str, ...], dictionary: Lexicon) -> list[Message]:
    """Every unknown word and every bad step of the chain, in order."""
    unknown = dict.fromkeys(word for word in chain if not dictionary.contains(word, Tier.LARGE))
    problems = [_("{word} is not in the word list", word=word.upper()) for word in unknown]
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
        return Verdict(
            False,
            (_("no words given"),),
            _("Type your ladder, e.g. {example}", example=CHAIN_EXAMPLE),
        )
    chain = from_start(puzzle, words)
    problems = chain_problems(chain, dictionary)
    if chain[-1] != puzzle.goal:
        problems.append(
            _(
                "the ladder ends at {last}, not at {goal}",
                last=chain[-1].upper(),
                goal=puzzle.goal.upper(),
            )
        )
    if problems:
        return not_solved(problems)
    return Verdict(True, (), _win_summary(puzzle, chain, dictionary))


def _win_summary(puzzle: Ladder, chain: tuple[str, ...], dictionary: Lexicon) -> Message:
    steps = len(chain) - 1
    sentences = [
        ngettext(
            "Solved in {count} step: {ladder}.",
            "Solved in {count} steps: {ladder}.",
            steps,
            ladder=ladder_text(chain),
        )
    ]
    # Compare with the shortest ladder in a word list holding every word the player used.
    tier = tier_holding(chain, "standard", dictionary)
    shortest = graph_for(len(puzzle.start), tier, dictionary).shortest_ladders(
        puzzle.start, puzzle.goal
    )
    if shortest is not None and shortest.steps == steps:
        sentences.append(_("That is the fewest possible!"))
    elif shortest is not None:
        sentences.append(
            ngettext(
                "The shortest ladder takes {count} step.",
                "The shortest ladder takes {count} steps.",
                shortest.steps,
            )
        )
    if puzzle.par is not None:
        sentences.append(_("(Par {par}.)", par=puzzle.par))
    return joined(sentences, " ")


def hint(
    puzzle: Ladder, progress: str = "", dictionary: Lexicon | None = None
) -> LadderHint | Said:
    """The next word of a shortest ladder (in the most common words) from the player's last word."""
    _needs_goal(puzzle)
    dictionary = dictionary or lexicon(puzzle.language)
    words = parse_chain(progress, puzzle.language)
    chain = from_start(puzzle, words) if words else (puzzle.start,)
    broken = chain_problems(chain, dictionary)
    if broken:
        return Said(_("Fix your ladder first: {problems}", problems=joined(broken)))
    last = chain[-1]
    if last == puzzle.goal:
        reached = ngettext(
            "You have reached {goal} already, in {count} step.",
            "You have reached {goal} already, in {count} steps.",
            len(chain) - 1,
            goal=puzzle.goal.upper(),
        )
        return Said(reached)
    found, _tier = ladders_through(last, puzzle.goal, Tier.STANDARD, dictionary)
    if found is None:
        no_ladder = _(
            "No ladder leads from {word} to {goal}; go back to an earlier word and try "
            "another way.",
            word=last.upper(),
            goal=puzzle.goal.upper(),
        )
        return Said(no_ladder)
    return LadderHint(puzzle.goal, chain, found.words[1], found.steps - 1)


def _needs_goal(puzzle: Ladder) -> None:
    if puzzle.goal is None:
        raise PuzzleError(
            _("a ladder needs a goal word as well as {word}", word=puzzle.start.upper()),
            example=EXAMPLE,
        )
