"""Letter Boxed and word ladders in French and Spanish, on the shipped lexicons."""

from __future__ import annotations

import pickle
import random

import pytest

from puzzles import ladder, letterboxed
from puzzles.core import PuzzleError
from puzzles.letterboxed.generate import THRESHOLDS
from puzzles.letterboxed.words import playable_words
from puzzles.lexicon import Tier, lexicon

LANGUAGES = ("fr", "es")


def test_a_french_board_drops_accents():
    board = letterboxed.parse("ÉCR ÀIT ÔUL SÑM".replace("Ñ", "N"), "fr")
    assert board.sides == ("ecr", "ait", "oul", "snm")
    assert board.language == "fr"


def test_a_spanish_board_keeps_enye_as_a_letter_of_its_own():
    board = letterboxed.parse("ÑAB CDÉ FGH IJL", "es")
    assert board.sides == ("ñab", "cde", "fgh", "ijl")
    assert board.text() == "ÑAB CDE FGH IJL"
    # Ñ and N are two letters: both may sit on one box
    assert letterboxed.parse("ñab nde fgh ijl", "es").letters == "ñabndefghijl"


def test_a_spanish_board_names_its_letters_when_refusing_one():
    with pytest.raises(PuzzleError, match="sides hold only letters A-Z and Ñ"):
        letterboxed.parse("ab3 cde fgh ijl", "es")


def test_english_boards_still_refuse_accents_by_name():
    with pytest.raises(PuzzleError, match="sides hold only letters A-Z"):
        letterboxed.parse("vré wal eth bdi")
    assert letterboxed.parse("vro wal eth bdi").language == "en"


def test_boards_pickle_with_their_language():
    board = letterboxed.parse("ñab cde fgh ijl", "es")
    assert pickle.loads(pickle.dumps(board)) == board


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_boxes_are_solved_in_two_or_three_common_words(language, difficulty):
    board = letterboxed.generate(random.Random(7), difficulty, language=language)
    assert board.language == language
    solution = letterboxed.solve(board, tier="common")
    assert solution.fewest_words in (2, 3)
    assert all(lexicon(language).contains(word, Tier.COMMON) for word in solution.words)
    assert board.par in (4, 5, 6)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_generated_box_checks_and_hints_in_its_own_language(language):
    board = letterboxed.generate(random.Random(11), "easy", language=language)
    words = letterboxed.solve(board).words
    assert letterboxed.check(board, " ".join(words).upper()).solved
    assert not letterboxed.check(board, words[0]).solved
    hint = letterboxed.hint(board)
    assert not isinstance(hint, str)
    assert lexicon(language).contains(hint.next_word, Tier.STANDARD)


def test_a_spanish_answer_with_accents_and_enye_is_read_as_played():
    board = letterboxed.parse("ñcl aes rdt oiu", "es")
    assert {"año", "oscuridad"} <= set(playable_words(board, lexicon("es"), Tier.STANDARD))
    verdict = letterboxed.check(board, "AÑO OSCURIDÁD")
    assert tuple(map(str, verdict.problems)) == ("letters not used yet: L, E, T",)


def test_every_language_has_its_generator_thresholds():
    assert set(THRESHOLDS) == {"en", "fr", "es"}


@pytest.mark.parametrize(
    ("language", "typed", "words"),
    [("fr", "PÈRE → MÈRE", ("pere", "mere")), ("es", "caña cana", ("caña", "cana"))],
)
def test_a_ladder_reads_its_language_s_words(language, typed, words):
    puzzle = ladder.parse(typed, language=language)
    assert (puzzle.start, puzzle.goal, puzzle.language) == (*words, language)
    solution = ladder.solve(puzzle)
    assert solution.words == words  # one letter apart: in Spanish Ñ -> N is a step
    assert ladder.check(puzzle, typed).solved


def test_a_french_ladder_refuses_an_english_only_word():
    with pytest.raises(PuzzleError, match="not in the word list"):
        ladder.parse("cold warm", language="fr")


@pytest.mark.parametrize("language", LANGUAGES)
def test_generated_ladders_have_their_par_in_their_language(language):
    puzzle = ladder.generate(random.Random(3), "easy", language=language)
    assert puzzle.language == language
    solution = ladder.solve(puzzle)
    assert len(solution.words) - 1 == puzzle.par
    assert all(lexicon(language).contains(word, Tier.STANDARD) for word in solution.words)
    hint = ladder.hint(puzzle)
    assert not isinstance(hint, str)
