"""A player's mistake explained in French and Spanish: each kind's typical malformed input
raises a PuzzleError that crosses the worker pool (a pickle round trip, as bot/jobs.py's
pool does) and is rendered in the reader's language, its English unchanged."""

import pickle
import random

import pytest

from puzzles import all_kinds, codeword, cryptogram, ladder, letterboxed, qless, spelling, sudoku
from puzzles.core import COMMAND_LINE, Option, PuzzleError, hint_text, read_number, to_jsonable

CODEWORD = "1 2 3 3 4 5 / 3 5 6 7 8 / 6 4 8 3 5 / 1=P / final: 8 6 4 5"
SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


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


def test_a_sudoku_with_a_repeated_given_in_each_language():
    row = "55" + "." * 79
    said = _said(lambda: sudoku.parse(row))
    assert said["en"].startswith(
        "the givens repeat a symbol: two 5s in row 1 (r1c1 and r1c2); a row, column or box"
    )
    assert said["fr"].startswith(
        "les symboles donnés se répètent\u00a0: deux 5 dans la ligne 1 (r1c1 et r1c2)\u00a0;"
    )
    assert said["es"].startswith("los símbolos dados se repiten: dos 5 en la fila 1 (r1c1 y r1c2);")


def test_a_sudoku_answer_with_empty_cells_is_judged_in_each_language():
    puzzle = sudoku.parse(SUDOKU)
    verdict = pickle.loads(pickle.dumps(sudoku.check(puzzle, SUDOKU)))
    assert verdict.text().splitlines() == [
        "Not solved: 1 problem.",
        "- 51 cells still empty: r1c3, r1c4, r1c6, r1c7, r1c8, r1c9, r2c2, r2c3, r2c7, "
        "r2c8 and 41 more",
    ]
    assert verdict.text("fr").splitlines()[0] == "Pas résolu\u00a0: 1 problème."
    assert verdict.text("es").splitlines()[1].startswith("- 51 casillas aún vacías: r1c3,")


def test_a_spelling_highlight_out_of_reading_order_in_each_language():
    text = spelling.generate(random.Random(3), None, text="Alastair Stanley").text()
    backwards = text.replace("highlight: r1c", "highlight: r9c9 r1c", 1)
    said = _said(lambda: spelling.parse(backwards))
    assert said["en"] == "highlighted cells must run in reading order (highlight line)."
    assert said["fr"] == "les cases surlignées doivent suivre l'ordre de lecture (ligne highlight)."
    assert (
        said["es"] == "las casillas resaltadas deben seguir el orden de lectura (línea highlight)."
    )


def test_a_letterboxed_side_too_long_in_each_language():
    said = _said(lambda: letterboxed.parse("vrowalk eth bdi"))
    assert said["en"] == (
        "side 1 (VROWALK) has 7 letters; at most 6 fit on a side "
        "(did you forget a space between two sides?). Example: vro wal eth bdi"
    )
    assert said["fr"].startswith(
        "le côté 1 (VROWALK) a 7 lettres\u00a0; un côté en porte au plus 6 "
        "(as-tu oublié une espace entre deux côtés\u00a0?)."
    )
    assert said["es"].endswith("(¿olvidaste un espacio entre dos lados?). Ejemplo: vro wal eth bdi")


def test_a_letterboxed_answer_and_hint_are_judged_in_each_language():
    board = letterboxed.parse("vro wal eth bdi")
    verdict = pickle.loads(pickle.dumps(letterboxed.check(board, "tea")))
    assert verdict.text().splitlines()[:2] == [
        "Not solved: 2 problems.",
        "- TEA goes from T to E, both on side ETH",
    ]
    assert verdict.text("fr").splitlines()[:2] == [
        "Pas résolu\u00a0: 2 problèmes.",
        "- TEA passe de T à E, tous deux sur le côté ETH",
    ]
    assert verdict.text("es").splitlines()[2] == "- letras aún sin usar: V, R, O, W, L, H, B, D, I"
    hint = pickle.loads(pickle.dumps(letterboxed.hint(board)))
    assert hint_text(hint) == hint.text() and hint_text(hint).startswith("Try an 8-letter word")
    assert hint_text(hint, "fr").startswith("Essaie un mot de 8 lettres qui commence par B")
    assert hint_text(hint, "es").endswith("luego puedes terminar con 1 palabra más.")


def test_ladder_words_of_different_lengths_in_each_language():
    said = _said(lambda: ladder.parse("cold warmer"))
    assert said["en"].startswith("COLD has 4 letters but WARMER has 6; a ladder changes one")
    assert said["fr"].startswith("COLD a 4 lettres mais WARMER en a 6\u00a0; une échelle change")
    assert said["es"].startswith("COLD tiene 4 letras pero WARMER tiene 6; una escalera cambia")
    assert said["es"].endswith("Ejemplo: cold warm")


def test_a_ladder_answer_and_its_hint_in_each_language():
    puzzle = ladder.parse("cold warm")
    verdict = pickle.loads(pickle.dumps(ladder.check(puzzle, "cord cord")))
    assert verdict.text().splitlines()[1:] == [
        "- CORD → CORD: the same word twice; each step changes one letter",
        "- the ladder ends at CORD, not at WARM",
    ]
    assert verdict.text("fr").splitlines()[2] == "- l'échelle finit à CORD, pas à WARM"
    assert verdict.text("es").splitlines()[0] == "Sin resolver: 2 problemas."
    hint = pickle.loads(pickle.dumps(ladder.hint(puzzle, "cord card ward")))
    assert hint_text(hint) == "Next: WARM (change the D of WARD to M), and you reach WARM."
    assert (
        hint_text(hint, "fr")
        == "Ensuite\u00a0: WARM (change le D de WARD en M), et tu arrives à WARM."
    )
    assert hint_text(hint, "es") == "Siguiente: WARM (cambia la D de WARD por M) y llegas a WARM."


def test_a_codeword_letter_given_twice_in_each_language():
    said = _said(lambda: codeword.parse("1 2 3 / 4 5 6 / 1=A 1=B"))
    assert said["en"] == "number 1 is given as both A and B (line 3). Example: 12=E"
    assert said["fr"] == (
        "le nombre 1 est donné à la fois comme A et B (ligne 3). Exemple\u00a0: 12=E"
    )
    assert said["es"] == "el número 1 aparece a la vez como A y B (línea 3). Ejemplo: 12=E"


def test_a_codeword_answer_is_judged_in_each_language():
    puzzle = codeword.parse(CODEWORD)
    verdict = pickle.loads(pickle.dumps(codeword.check(puzzle, "2=P 9=Q")))
    assert verdict.text().splitlines()[1:3] == [
        "- P is given to numbers 1 and 2; different numbers are different letters",
        "- number 9 is not in this puzzle",
    ]
    assert verdict.text("fr").splitlines()[3:] == [
        "- entrée 1\u00a0: aucun mot ne convient sous la forme PP....",
        "- pas encore de lettre pour les nombres 3, 4, 5, 6, 7 et 8",
    ]
    assert verdict.text("es").splitlines()[1] == (
        "- P se da a los números 1 y 2; números distintos son letras distintas"
    )


def test_contradicting_cryptogram_hints_in_each_language():
    said = _said(lambda: cryptogram.parse("ABC ABD\nhints: A=E A=T"))
    assert said["en"].startswith(
        "the hints contradict each other: A=E and A=T (cipher letter A). Example:"
    )
    assert said["fr"].startswith(
        "les indices se contredisent\u00a0: A=E et A=T (lettre chiffrée A). Exemple\u00a0:"
    )
    assert said["es"].startswith("las pistas se contradicen: A=E y A=T (letra cifrada A). Ejemplo:")


def test_a_cryptogram_answer_and_hint_in_each_language():
    puzzle = cryptogram.parse(cryptogram.KIND.example)
    verdict = pickle.loads(pickle.dumps(cryptogram.check(puzzle, "hello")))
    assert verdict.text().splitlines() == [
        "Type the whole plaintext (spaces and punctuation do not matter).",
        "- the answer has 5 letters; the cryptogram has 36",
    ]
    assert verdict.text("fr").splitlines()[1] == (
        "- la réponse a 5 lettres\u00a0; le cryptogramme en a 36"
    )
    hint = pickle.loads(pickle.dumps(cryptogram.hint(puzzle)))
    assert hint_text(hint) == "S stands for O. It appears 4 times."
    assert hint_text(hint, "es") == "S representa O. Aparece 4 veces."


def test_a_qless_roll_with_a_digit_in_each_language():
    said = _said(lambda: qless.parse("aab3"))
    assert said["en"] == (
        "'3' is not a letter; a roll holds only the letters A-Z (character 4 of the letters). "
        "Example: aabcdlmnnptt"
    )
    assert said["fr"].startswith("'3' n'est pas une lettre\u00a0; un tirage ne contient que")
    assert said["es"].startswith("'3' no es una letra; una tirada solo tiene las letras A-Z")


def test_a_qless_grid_is_judged_in_each_language():
    roll = qless.parse("aabcdlmnnptt")
    verdict = pickle.loads(pickle.dumps(qless.check(roll, "PLANT\nB\nA")))
    assert verdict.text().splitlines()[2] == "- PBA (down from r1c1) is not in the word list"
    assert verdict.text("fr").splitlines()[2] == (
        "- PBA (vertical depuis r1c1) n'est pas dans la liste de mots"
    )
    assert verdict.text("es").splitlines()[1] == "- letras de la tirada sin colocar: C, D, M, N, T"


@pytest.mark.parametrize(
    "kind", [kind for kind in all_kinds() if kind.hint is not None], ids=lambda kind: kind.name
)
def test_every_kinds_hint_is_written_in_each_language(kind):
    hint = pickle.loads(pickle.dumps(kind.hint(kind.parse(kind.example), "")))
    shown = {language: hint_text(hint, language) for language in ("en", "fr", "es")}
    assert all(text.strip() for text in shown.values()), shown
    assert shown["en"] == hint_text(hint)


def test_a_verdict_as_json_keeps_its_english_text():
    verdict = ladder.check(ladder.parse("cold warm"), "cord cord")
    assert to_jsonable(verdict)["problems"] == [
        "CORD → CORD: the same word twice; each step changes one letter",
        "the ladder ends at CORD, not at WARM",
    ]
    assert to_jsonable(verdict)["summary"] == "Not solved: 2 problems."


def test_a_codewords_deductions_are_written_in_each_language():
    solution = pickle.loads(pickle.dumps(codeword.solve(codeword.parse(codeword.KIND.example))))
    assert solution.text().splitlines()[:2] == [
        "Final word: ABLE",
        "Unique: after 10 guesses every other choice led to a contradiction (common words).",
    ]
    spanish = solution.text("es").splitlines()
    assert spanish[:2] == [
        "Palabra final: ABLE",
        "Única: tras 10 suposiciones, todas las demás opciones llevaban a una contradicción "
        "(lista de palabras común).",
    ]
    assert spanish[4:6] == ["Deducciones:", "1. Letras iniciales: 1 = P"]
    assert solution.text("fr").splitlines()[-1] == (
        "4. Toutes les autres suppositions menaient à une contradiction, donc le remplissage "
        "est unique"
    )


def test_an_example_in_words_is_shown_in_each_language():
    said = _said(lambda: qless.check(qless.parse("aabcdlmnnptt"), "plant cab dam"))
    assert said["en"].endswith(
        "Example: .P.M / .L.ACT / BAND / .N / .T (one row a line, or rows split by / )"
    )
    assert said["fr"].endswith("(une rangée par ligne, ou des rangées séparées par / )")
    assert said["es"].endswith("(una fila por línea, o filas separadas por / )")


def test_a_sudoku_with_no_solution_says_why_in_each_language():
    stuck = sudoku.parse("12..\n...4\n..3.\n....")  # r1c3 can be neither 3 nor 4
    solution = pickle.loads(pickle.dumps(sudoku.solve(stuck)))
    assert solution.text() == "No solution: r1c3 has no possible value left."
    assert solution.text("fr") == "Aucune solution\u00a0: r1c3 n'a plus aucune valeur possible."
    assert hint_text(sudoku.hint(stuck), "es") == (
        "Algo falla en esta cuadrícula: r1c3 ya no tiene ningún valor posible."
    )


def test_a_hint_of_words_only_is_text_the_frontends_can_tell_from_a_picture_hint():
    puzzle = ladder.parse("cold warm")
    words = pickle.loads(pickle.dumps(ladder.hint(puzzle, "cold card")))
    assert isinstance(words, str)  # the frontends draw no picture for a str hint
    assert words.startswith("Fix your ladder first: COLD → CARD")
    assert hint_text(words) == words
    assert hint_text(words, "fr").startswith("Corrige d'abord ton échelle\u00a0: COLD → CARD")
    assert hint_text(words, "es").startswith("Corrige primero tu escalera: COLD → CARD")
