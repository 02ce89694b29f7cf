"""Letter Boxed and word ladders in French and Spanish, on the shipped lexicons."""

from __future__ import annotations

import functools
import pickle
import random

import pytest

from puzzles import codeword, ladder, letterboxed
from puzzles.core import PuzzleError
from puzzles.letterboxed.generate import THRESHOLDS
from puzzles.letterboxed.words import playable_words
from puzzles.lexicon import Tier, alphabet, lexicon

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


# --- codewords ----------------------------------------------------------------------------


@functools.cache
def codeword_in(language: str) -> codeword.Codeword:
    return codeword.generate(random.Random(4), "medium", language=language)


@pytest.fixture(params=LANGUAGES)
def generated_codeword(request):
    return request.param, codeword_in(request.param)


def test_a_generated_codeword_uses_every_letter_of_its_language(generated_codeword):
    language, puzzle = generated_codeword
    assert puzzle.language == language
    letters = 27 if language == "es" else 26
    assert puzzle.numbers == frozenset(range(1, letters + 1))


def test_a_generated_codeword_is_uniquely_solved_in_common_words(generated_codeword):
    language, puzzle = generated_codeword
    # unique even against the standard words a player might think of, by deductions alone
    solution = codeword.solve(puzzle, tier="standard")
    assert solution.unique and solution.solved_by_deduction
    assert all(lexicon(language).contains(word, Tier.COMMON) for word in solution.words)
    assert set(solution.key.values()) == set(alphabet(language).letters)


def test_a_generated_codeword_reads_back_and_pickles_with_its_language(generated_codeword):
    language, puzzle = generated_codeword
    assert codeword.parse(puzzle.text(), language) == puzzle
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle


def test_a_spanish_codeword_needs_enye_and_never_folds_it_into_n():
    puzzle = codeword_in("es")
    key = codeword.solve(puzzle).key
    enye = next(n for n, letter in key.items() if letter == "ñ")
    n = next(number for number, letter in key.items() if letter == "n")
    assert enye != n  # Ñ and N are two numbers
    assert any("ñ" in word for word in codeword.solve(puzzle).words)
    letters = " ".join(f"{number}={letter.upper()}" for number, letter in sorted(key.items()))
    assert codeword.check(puzzle, letters).solved
    as_n = letters.replace(f"{enye}=Ñ", f"{enye}=N")
    verdict = codeword.check(puzzle, as_n)
    assert not verdict.solved
    assert any("N is given to" in str(problem) for problem in verdict.problems)


def test_codeword_numbers_and_starters_follow_the_language():
    assert codeword.parse("1 2 27 / 27=Ñ", "es").given == {27: "ñ"}
    assert codeword.parse("1 2 3 / 3=É", "fr").given == {3: "e"}
    with pytest.raises(PuzzleError, match=r"outside 1\.\.26"):
        codeword.parse("1 2 27", "fr")
    with pytest.raises(PuzzleError, match="one letter A-Z, not 'É'"):
        codeword.parse("1 2 3 / 3=É")  # English grids take A-Z as typed
    with pytest.raises(PuzzleError, match="one letter A-Z and Ñ"):
        codeword.parse("1 2 3 / 3=Ü7", "es")


def test_an_english_codeword_is_unchanged_by_languages():
    puzzle = codeword.parse(codeword.KIND.example)
    assert puzzle.language == "en" and puzzle.number_range == range(1, 27)
    old_pickle = {k: v for k, v in puzzle.__getstate__().items() if k != "language"}
    restored = codeword.Codeword.__new__(codeword.Codeword)
    restored.__setstate__(old_pickle)  # a codeword pickled before it had a language
    assert restored == puzzle
