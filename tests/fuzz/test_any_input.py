"""Every registered kind, fed arbitrary and hostile text through the bot's own path.

The path is PuzzleService (bot/puzzle_service.py): the size check, the parse, then the jobs the
worker pool runs (bot/jobs.py: solve, check, hint, generate), with arguments and results
pickled as they are between processes. The properties:

- any text gives a result or the project's own refusal (PuzzleError, or the service's
  Refusal), never another exception, and a refusal is a message of readable length;
- a parsed puzzle re-parses from its own text unchanged;
- a solve, check or hint of what parsed finishes inside the bot's solve deadline;
- every option value, at and past every extreme, is refused with a message naming the
  option or lands inside the option's declared range.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.config import Config
from bot.jobs import JobResult
from bot.puzzle_service import Refusal
from puzzles import PuzzleError, all_kinds, get_kind
from puzzles.core import Option, PuzzleKind
from tests.fuzz.inprocess import in_process_service
from tests.fuzz.strategies import TRIED, arbitrary_text, hostile_values, puzzle_texts

pytestmark = pytest.mark.fuzz

KINDS = all_kinds()
SOLVE_DEADLINE = Config().deadline_seconds  # what the bot gives a solve before stopping it
LONGEST_MESSAGE = 700  # a refusal a member reads in full, not a wall of their own text echoed
DISCORD_MESSAGE = 2000

# More good forms than each kind's example, for the mutations to start from.
GOOD_FORMS = {
    "codeword": ("1 2 3 / 4 # 5 / 6 7 8 / 1=C", "10 11 12\n12 13 14\n10=A\nfinal: 10 14"),
    "cryptogram": ("ABC DEF GHI.\n— Someone\nhints: A=B", "XYZ'Q RST, UV!"),
    "ladder": ("COLD -> WARM", "cold"),
    "letterboxed": ("VRO/WAL/ETH/BDI", "ab cd ef gh"),
    "qless": ("A A B C D L M N N P T T", "a,a,b,c,d,l,m,n,n,p,t,t"),
    "sudoku": ("1.3.\n..1.\n2...\n...4", "10 " + "0 " * 255),
    "spelling": ("Happy Birthday\n" + get_kind("spelling").example,),
}


SERVICE = in_process_service()
RUNNER = asyncio.Runner()


def outcome(work) -> Any:
    """The result of the service call, or the refusal; anything else fails the test."""
    try:
        return RUNNER.run(work)
    except (PuzzleError, Refusal) as refusal:
        message = refusal.message if isinstance(refusal, PuzzleError) else str(refusal)
        assert message.strip(), "a refusal with no message"
        assert len(message) <= LONGEST_MESSAGE, f"a {len(message)}-character refusal: {message}"
        return refusal


def within_deadline(what: str, work) -> Any:
    """The outcome, which must have taken less processor time than the bot's deadline (CPU
    time: the wall clock of a machine shared with other jobs measures them too)."""
    start = time.process_time()
    result = outcome(work)
    seconds = time.process_time() - start
    assert seconds < SOLVE_DEADLINE, f"{what} took {seconds:.1f} s of processor time"
    return result


def good_texts(kind: PuzzleKind) -> tuple[str, ...]:
    texts = (kind.example, kind.parse(kind.example).text(), *GOOD_FORMS.get(kind.name, ()))
    return tuple(dict.fromkeys(texts))


def example_puzzle(kind: PuzzleKind):
    return kind.parse(kind.example)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_the_good_forms_parse(kind):
    """The mutations start from puzzles that parse, so they reach past the first check."""
    for text in good_texts(kind):
        assert kind.parse(text).text()


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_any_text_parses_or_is_refused_and_a_puzzle_reparses_from_its_own_text(kind):
    example_puzzle(kind)  # word lists load once, outside the examples

    @settings(max_examples=settings().max_examples * 4)
    @given(text=puzzle_texts(kind, good_texts(kind)))
    def parses_or_refuses(text: str) -> None:
        TRIED[kind.name] += 1
        puzzle = outcome(SERVICE.parse(kind, text))
        if isinstance(puzzle, (PuzzleError, Refusal)):
            return
        again = kind.parse(puzzle.text())
        assert again == puzzle, f"{puzzle.text()!r} re-parses differently"
        assert again.text() == puzzle.text()

    parses_or_refuses()


# --- solving what parses ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_what_parses_is_solved_or_refused_inside_the_deadline(kind):
    example_puzzle(kind)

    @settings(max_examples=max(4, settings().max_examples // 5))
    @given(text=st.one_of(*(st.just(text) for text in good_texts(kind)), puzzle_texts(kind, ())))
    def solves_or_refuses(text: str) -> None:
        TRIED[kind.name] += 1
        puzzle = outcome(SERVICE.parse(kind, text))
        if isinstance(puzzle, (PuzzleError, Refusal)):
            return
        result = within_deadline("the solve", SERVICE.solve(kind, puzzle, {}))
        if isinstance(result, JobResult):
            assert result.text.strip()

    solves_or_refuses()


# --- answers and progress ------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_any_answer_or_progress_is_checked_or_refused(kind):
    puzzle = example_puzzle(kind)
    solved = kind.solve(puzzle).text()

    @settings(max_examples=max(8, settings().max_examples // 2))
    @given(text=st.one_of(puzzle_texts(kind, (solved, kind.example)), arbitrary_text()))
    def answered(text: str) -> None:
        TRIED[kind.name] += 1
        verdict = within_deadline("the check", SERVICE.check(kind, puzzle, text))
        if isinstance(verdict, JobResult):
            assert verdict.text.strip() and verdict.value.solved in (True, False)
        if kind.hint is not None:
            hint = within_deadline("the hint", SERVICE.hint(kind, puzzle, text))
            if isinstance(hint, JobResult):
                assert hint.text.strip()

    answered()


# --- options -------------------------------------------------------------------------------


def _options() -> list[tuple[PuzzleKind, str, Option]]:
    return [
        (kind, field, option)
        for kind in KINDS
        for field in ("solve_options", "generate_options")
        for option in getattr(kind, field)
    ]


@pytest.mark.parametrize(
    ("kind", "field", "option"),
    _options(),
    ids=lambda value: getattr(value, "name", value),
)
def test_every_option_at_its_extremes_is_refused_by_name_or_inside_its_range(kind, field, option):
    @settings(max_examples=settings().max_examples * 2)
    @given(value=hostile_values())
    def refused_or_bounded(value: object) -> None:
        TRIED[kind.name] += 1
        try:
            coerced = option.coerce(value)
        except PuzzleError as refusal:
            assert option.name in refusal.message
            assert len(refusal.message) <= LONGEST_MESSAGE
            return
        if value is None:
            assert coerced == option.default
        elif option.type is bool:
            assert isinstance(coerced, bool)
        elif option.choices:
            assert coerced in option.choices
        elif option.type in (int, float):
            assert isinstance(coerced, option.type)
            assert option.minimum <= coerced <= option.maximum
        else:
            assert isinstance(coerced, str) and len(coerced) <= option.max_length

    refused_or_bounded()


# --- generate text -------------------------------------------------------------------------


def _text_kinds() -> list[PuzzleKind]:
    return [kind for kind in KINDS if kind.text_options({"text": "x"})]


@pytest.mark.parametrize("kind", _text_kinds(), ids=lambda kind: kind.name)
def test_any_generate_text_makes_a_puzzle_that_fits_one_message_or_is_refused(kind):
    limit = kind.input_limit("text")
    words = st.lists(
        st.sampled_from(["Happy", "birthday", "to", "you", "Zoë", "ﬆ", "²", "!", " "]), max_size=60
    ).map(" ".join)

    @settings(max_examples=max(4, settings().max_examples // 8))
    @given(text=st.one_of(words, arbitrary_text(), st.text(min_size=limit, max_size=limit * 3)))
    def generated_or_refused(text: str) -> None:
        TRIED[kind.name] += 1
        result = outcome(SERVICE.generate(kind, 1, None, {"text": text}))
        if not isinstance(result, JobResult):
            return
        assert len(text) <= limit
        assert len(result.text) < DISCORD_MESSAGE - 200  # room for the title and the help line
        assert kind.parse(result.text) == result.value

    generated_or_refused()
