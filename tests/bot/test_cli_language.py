"""The command line in French and Spanish (`--lang`): errors, the lines it says itself, and
the pictures it writes, in the language asked; --json keeps its keys in English.

Today the puzzles' own problems ("the letter O appears twice") are still English text: the
puzzles engineer's Messages make them French and Spanish at merge, with no change here.
What is translated today, and asserted: the frame PuzzleError puts round every problem
("Exemple : ..."), every message of the command line itself, and every picture's labels."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from bot.cli import EXIT_BAD_INPUT, main
from puzzles import get_kind
from renderers import draw

NBSP = "\u00a0"
EXAMPLE = "puzzlebot solve letterboxed vro wal eth bdi"
LONG_CLUE = " ".join(str(n % 26 + 1) for n in range(30))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("language", "problem", "example"),
    [
        ("en", "the letter O appears twice (sides 1 and 4)", "Example: vro wal eth bdi"),
        ("fr", "la lettre O apparaît deux fois (côtés 1 et 4)", f"Exemple{NBSP}: vro wal eth bdi"),
        ("es", "la letra O aparece dos veces (lados 1 y 4)", "Ejemplo: vro wal eth bdi"),
        ("nl", "de letter O komt twee keer voor (zijden 1 en 4)", "Voorbeeld: vro wal eth bdi"),
    ],
)
def test_a_malformed_puzzle_is_refused_in_the_language_asked(capsys, language, problem, example):
    code, out, err = run(
        capsys, "solve", "letterboxed", "vro", "wal", "eth", "bdo", "--lang", language
    )
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.startswith(f"puzzlebot: {problem}")
    assert err.rstrip().endswith(example)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "fr",
            f"puzzlebot: aucune grille Letter Boxed donnée. Exemple{NBSP}: {EXAMPLE}",
        ),
        (
            "es",
            f"puzzlebot: no se ha dado ningún pasatiempo Letter Boxed. Ejemplo: {EXAMPLE}",
        ),
        ("nl", f"puzzlebot: geen Letter Boxed-puzzel gegeven. Voorbeeld: {EXAMPLE}"),
    ],
)
def test_the_command_lines_own_messages_are_wholly_translated(capsys, language, said):
    code, _out, err = run(capsys, "solve", "letterboxed", f"--lang={language}")
    assert code == EXIT_BAD_INPUT and err.rstrip() == said


def test_json_keeps_its_keys_in_english_and_gives_its_text_in_the_language(capsys):
    code, out, _err = run(
        capsys, "check", "sudoku", get_kind("sudoku").example, "--json", "--lang", "es"
    )
    assert code == EXIT_BAD_INPUT
    document = json.loads(out)
    assert set(document) == {"error"}
    assert document["error"] == "da tu respuesta con --answer o --answer-file."


def test_a_picture_is_labelled_in_french(capsys, tmp_path):
    """The ladder's status line under the tiles ("4 étapes · 6 échelles les plus courtes"):
    the file written is the French drawing, not the English one."""
    kind = get_kind("ladder")
    puzzle = kind.parse("cold warm")
    solution = kind.solve(puzzle)
    image = tmp_path / "ladder.png"
    code, out, err = run(
        capsys, "solve", "ladder", "cold", "warm", "--image", str(image), "--lang", "fr"
    )
    assert code == 0, err
    assert out.rstrip().endswith(f"Image écrite dans {image}")
    assert (
        image.read_bytes()
        == draw("ladder", puzzle, solution, "fr")
        != draw("ladder", puzzle, solution)
    )
    with Image.open(image) as written:
        assert written.format == "PNG"


def test_a_hint_and_a_generated_puzzle_are_drawn_in_spanish(capsys, tmp_path):
    image = tmp_path / "hint.png"
    code, _out, err = run(
        capsys, "hint", "letterboxed", "vro wal eth bdi", "--image", str(image), "--lang", "es"
    )
    assert code == 0, err
    kind = get_kind("letterboxed")
    puzzle = kind.parse("vro wal eth bdi")
    assert image.read_bytes() == draw("letterboxed", puzzle, kind.hint(puzzle, ""), "es")
    code, out, err = run(
        capsys, "generate", "ladder", "--seed", "7", "--image", str(image), "--lang", "es"
    )
    assert code == 0, err
    assert "(semilla 7): " in out and "Imagen guardada en" in out


def test_the_line_said_instead_of_a_picture_is_in_spanish(capsys, tmp_path):
    image = tmp_path / "clue.png"
    code, out, _err = run(
        capsys, "solve", "codeword", LONG_CLUE, "--image", str(image), "--lang", "es", "--json"
    )
    assert code == 0, out
    document = json.loads(out)
    assert document["no_picture"] == (
        "Sin imagen: una palabra de 30 números es demasiado larga para dibujarla de forma legible."
    )
    assert not image.exists()


def test_without_lang_everything_stays_english(capsys, tmp_path):
    image = tmp_path / "ladder.png"
    code, out, _err = run(capsys, "solve", "ladder", "cold", "warm", "--image", str(image))
    assert code == 0 and out.rstrip().endswith(f"Picture written to {image}")


def test_read_names_the_cells_in_doubt_in_french(capsys, tmp_path):
    from tests.cogs.test_picture_commands import a_cell_left_in_doubt

    doubted, rubbed_out = a_cell_left_in_doubt()
    path = tmp_path / "rubbed.png"
    path.write_bytes(rubbed_out)
    code, _out, err = run(capsys, "read", "sudoku", str(path), "--lang", "fr")
    assert code == 0
    assert err.rstrip() == f"Pas sûr de 1 case{NBSP}: {doubted}. Vérifie-la sur ton image."
