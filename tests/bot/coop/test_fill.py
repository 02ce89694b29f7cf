"""The rules of a shared fill-in: what may go in a square of a cryptogram or a codeword."""

from __future__ import annotations

import pytest

from bot.coop.fill import Pair, rules_for
from puzzles import PuzzleError
from puzzles.codeword import parse as parse_codeword
from puzzles.cryptogram import parse as parse_cryptogram
from puzzles.i18n import render

CRYPTOGRAM = parse_cryptogram("TSO'X ASIOX RSIG AJLAFCOH PCESGC XJCR JYXAJ. hints: X=T")
CODEWORD = parse_codeword("1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5")


def test_several_pairs_at_once_in_any_case_and_a_clear():
    rules = rules_for("cryptogram")
    assert rules.parse("a=e, S = o  C=?") == [Pair("A", "E"), Pair("S", "O"), Pair("C", None)]
    assert rules_for("codeword").parse("12=e 3:T") == [Pair("12", "E"), Pair("3", "T")]


@pytest.mark.parametrize("text", ["", "A", "A=E hello", "AB=C", "A=EE"])
def test_what_is_not_a_square_and_a_letter_is_refused_with_an_example(text):
    with pytest.raises(PuzzleError) as refused:
        rules_for("cryptogram").parse(text)
    assert "/guess A=T B=H" in str(refused.value)


def refused(rules, puzzle, fill, pair: Pair, language: str = "en") -> str:
    """Why the pair is refused, as a member reads it in `language`."""
    return render(rules.refusal(puzzle, fill, pair), language)


def test_a_cryptogram_refuses_what_breaks_its_rules_and_keeps_a_wrong_legal_letter():
    rules = rules_for("cryptogram")
    fill = rules.given(CRYPTOGRAM) | {"S": "O"}
    assert rules.refusal(CRYPTOGRAM, fill, Pair("A", "Q")) is None  # wrong, but legal
    assert "already S's letter" in refused(rules, CRYPTOGRAM, fill, Pair("A", "O"))
    assert "given by the puzzle as T" in refused(rules, CRYPTOGRAM, fill, Pair("X", "E"))
    assert "cannot stand for itself" in refused(rules, CRYPTOGRAM, fill, Pair("A", "A"))
    assert "not in this cryptogram" in refused(rules, CRYPTOGRAM, fill, Pair("Z", "E"))
    assert "given by the puzzle" in refused(rules, CRYPTOGRAM, fill, Pair("X", None))
    assert "empty already" in refused(rules, CRYPTOGRAM, fill, Pair("A", None))
    assert rules.refusal(CRYPTOGRAM, fill, Pair("S", "U")) is None  # changing one's own


def test_a_refusal_is_told_in_the_members_language_with_its_squares_as_they_are():
    rules = rules_for("cryptogram")
    fill = rules.given(CRYPTOGRAM) | {"S": "O"}
    said = refused(rules, CRYPTOGRAM, fill, Pair("A", "O"), "fr")
    assert "S" in said and "A=?" not in said and "S=?" in said and "letter" not in said
    assert refused(rules, CRYPTOGRAM, fill, Pair("A", "A"), "es").startswith("A ")


def test_a_codeword_refuses_a_letter_for_two_numbers_and_a_changed_starter():
    rules = rules_for("codeword")
    fill = rules.given(CODEWORD) | {"3": "E"}
    assert rules.refusal(CODEWORD, fill, Pair("5", "S")) is None
    assert "different numbers are different letters" in refused(
        rules, CODEWORD, fill, Pair("5", "E")
    )
    assert "starter letter P" in refused(rules, CODEWORD, fill, Pair("1", "Q"))
    assert "not in this puzzle" in refused(rules, CODEWORD, fill, Pair("20", "Q"))
    assert "numbered 1 to 26" in refused(rules, CODEWORD, fill, Pair("A", "Q"))


def test_the_fill_is_written_as_the_kinds_check_reads_an_answer():
    assert rules_for("codeword").answer({"12": "E", "3": "T"}) == "3=T 12=E"
    assert rules_for("cryptogram").answer({"B": "H", "A": "T"}) == "A=T B=H"


def test_a_spanish_codeword_numbers_its_squares_to_27_and_its_problems_read_in_spanish():
    rules = rules_for("codeword")
    spanish = parse_codeword("1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5", "es")
    assert "numbered 1 to 27" in refused(rules, spanish, rules.given(spanish), Pair("A", "Q"))
    fill = rules.given(CODEWORD) | {"3": "E"}
    # A letter already another number's, said in the member's language (it was English).
    said = refused(rules, CODEWORD, fill, Pair("5", "E"), "es")
    assert said == "E se da a los números 3 y 5; números distintos son letras distintas"
