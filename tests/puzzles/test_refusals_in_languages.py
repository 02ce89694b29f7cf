"""Every refusal the fuzz strategies provoke is a Message that renders in French, Spanish
and Dutch.

The texts are tests/fuzz's own (its grammar of each kind, mutations of good puzzles, and
arbitrary text), and so are the hostile option values; the refusal crosses the worker pool
(a pickle round trip) before it is rendered. A translation whose placeholders do not match
its English fails here with the KeyError or IndexError that str.format raises, and a refusal
left in raw English fails because its problem is not a Message (`where` may be the
player's own text, quoted back).
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import PuzzleError, all_kinds
from puzzles.core import DISCORD, PuzzleKind
from puzzles.i18n import Message
from tests.fuzz.strategies import arbitrary_text, hostile_values, puzzle_texts

KINDS = all_kinds()
TRANSLATED = ("fr", "es", "nl")
FUZZED = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def _renders_everywhere(refusal: PuzzleError) -> None:
    crossed = pickle.loads(pickle.dumps(refusal))
    assert isinstance(crossed.problem, Message), f"raw English: {crossed.problem!r}"
    for language in TRANSLATED:
        shown = crossed.message_for(DISCORD, language)  # KeyError/IndexError if mismatched
        assert shown.strip(), crossed.message


def _good_texts(kind: PuzzleKind) -> tuple[str, ...]:
    return tuple(dict.fromkeys((kind.example, kind.parse(kind.example).text())))


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_refusal_of_a_fuzzed_puzzle_renders_in_french_and_spanish(kind):
    @FUZZED
    @given(text=puzzle_texts(kind, _good_texts(kind)))
    def refused_in_every_language(text: str) -> None:
        try:
            kind.check_input_size(text)
            kind.parse(text)
        except PuzzleError as refusal:
            _renders_everywhere(refusal)

    refused_in_every_language()


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_refusal_of_a_fuzzed_answer_renders_in_french_and_spanish(kind):
    puzzle = kind.parse(kind.example)

    @settings(FUZZED, max_examples=25)
    @given(text=st.one_of(puzzle_texts(kind, (kind.example,)), arbitrary_text()))
    def refused_in_every_language(text: str) -> None:
        try:
            kind.check(puzzle, text)
        except PuzzleError as refusal:
            _renders_everywhere(refusal)

    refused_in_every_language()


def _options():
    return [
        (kind, option) for kind in KINDS for option in (*kind.solve_options, *kind.generate_options)
    ]


@pytest.mark.fuzz
@pytest.mark.parametrize(
    ("kind", "option"), _options(), ids=lambda value: getattr(value, "name", value)
)
def test_every_refusal_of_a_hostile_option_renders_in_french_and_spanish(kind, option):
    @FUZZED
    @given(value=hostile_values())
    def refused_in_every_language(value: object) -> None:
        try:
            option.coerce(value)
        except PuzzleError as refusal:
            _renders_everywhere(refusal)

    refused_in_every_language()
