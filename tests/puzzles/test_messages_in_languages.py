"""A player's mistake explained in French and Spanish: each kind's typical malformed input
raises a PuzzleError that crosses the worker pool (a pickle round trip, as bot/jobs.py's
pool does) and is rendered in the reader's language, its English unchanged."""

import pickle

import pytest

from puzzles.core import COMMAND_LINE, Option, PuzzleError, read_number


def _crossed(fail) -> PuzzleError:
    """The error `fail()` raises, after the trip a worker's error takes to the event loop."""
    with pytest.raises(PuzzleError) as raised:
        fail()
    return pickle.loads(pickle.dumps(raised.value))


def _said(fail) -> dict[str, str]:
    error = _crossed(fail)
    said = {language: error.message_for(COMMAND_LINE, language) for language in ("en", "fr", "es")}
    assert said["en"] == error.message  # English by default
    return said


def test_a_number_out_of_range_in_each_language():
    said = _said(lambda: read_number("25", 1, 20))
    assert said["en"] == "the number 25 is outside 1..20."
    assert said["fr"] == "le nombre 25 n'est pas entre 1 et 20."
    assert said["es"] == "el número 25 no está entre 1 y 20."


def test_an_option_below_its_minimum_in_each_language():
    option = Option("max_solutions", int, 10, "how many", minimum=1, maximum=100000)
    said = _said(lambda: option.coerce("0"))
    assert said["en"] == "max_solutions must be at least 1, not '0'."
    assert said["fr"] == "max_solutions doit valoir au moins 1, pas '0'."
    assert said["es"] == "max_solutions debe ser al menos 1, no '0'."


def test_a_number_option_written_in_words_names_its_range_the_languages_way():
    option = Option("max_solutions", int, 10, "how many", minimum=1, maximum=100000)
    said = _said(lambda: option.coerce("many"))
    assert said["en"].startswith("max_solutions must be a whole number from 1 to 100,000, not")
    assert said["fr"].startswith("max_solutions doit être un nombre entier de 1 à 100\u202f000")
    assert said["es"].startswith("max_solutions debe ser un número entero de 1 a 100.000")
    assert said["fr"].endswith("Exemple\u00a0: --max-solutions 10")
