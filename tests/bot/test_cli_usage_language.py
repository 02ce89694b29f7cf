"""argparse's own text in the language asked: the usage lines, every command's help and the
usage errors, with --lang or PUZZLEBOT_LANG (never the system's locale); English stays as it
was. The errors are the real ones Python's argparse gives, read back into our catalogue."""

from __future__ import annotations

import json

import pytest

from bot.cli import EXIT_BAD_INPUT, OPTION_HELP_CONTEXT, PUZZLE_COMMANDS, main
from bot.cli_usage import TranslatedParser, about_argument, argparse_said
from bot.translator import COMMAND_CONTEXT

NBSP = "\u00a0"
COMMANDS = (*PUZZLE_COMMANDS, "kinds", "run", "playground", "sync", "migrate-db")
# argparse's own English, and ours, that a translated help must not show.
ENGLISH_IN_HELP = (
    "usage:",
    "show this help message and exit",
    "positional arguments:",
    "options:",
    "commands:",
    "puzzle kinds:",
    "(default ",
    "print one JSON document",
    "the language of messages",
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def help_text(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main(list(argv))
    assert exited.value.code == 0
    return capsys.readouterr().out


def test_the_whole_help_is_french(capsys):
    shown = help_text(capsys, "--lang", "fr", "--help")
    assert shown.startswith(f"utilisation{NBSP}: puzzlebot [-h] [--lang {{en,fr,es,nl}}] COMMAND")
    for french in (
        "Résoudre, vérifier, donner des indices et créer des jeux de mots et de chiffres.",
        "afficher cette aide et quitter",
        f"commandes{NBSP}:",
        "résoudre un jeu",
        f"types de jeu{NBSP}:",
        "Mots codés: puzzlebot solve codeword",  # the kind's title, as the bot names it
    ):
        assert french in shown, french
    assert not [english for english in ENGLISH_IN_HELP if english in shown], shown


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_is_translated(capsys, language, command):
    shown = help_text(capsys, command, "--help", f"--lang={language}")
    english = help_text(capsys, command, "--help")
    assert not [said for said in ENGLISH_IN_HELP if said in shown], shown
    described = english.split("\n\n")[1]  # the command's own line, under the usage
    assert described not in shown


def test_a_kinds_options_are_described_as_on_discord_in_spanish(capsys):
    """A kind's option help is its description on Discord: translated there, once."""
    assert OPTION_HELP_CONTEXT == COMMAND_CONTEXT
    shown = " ".join(help_text(capsys, "solve", "--lang", "es", "-h").split())
    assert shown.startswith("uso: puzzlebot solve [-h]")
    assert "--max-words MAX_WORDS buscar soluciones de hasta este número de palabras" in shown
    assert "(por defecto 6)" in shown
    assert "argumentos posicionales: kind tipo de pasatiempo, p. ej. letterboxed" in shown


FRENCH_MISTAKES = [
    (
        ["frobnicate"],
        f"argument COMMAND{NBSP}: choix non valable{NBSP}: 'frobnicate' (choisis parmi 'solve', ",
    ),
    (
        ["solve", "qless", "abcdefghijkl", "--tier", "nope"],
        f"argument --tier{NBSP}: choix non valable{NBSP}: 'nope' (choisis parmi 'common', "
        "'standard', 'large')",
    ),
    (["solve"], f"ces arguments sont obligatoires{NBSP}: kind"),
    (
        ["generate", "ladder", "--seed", "x"],
        f"argument --seed{NBSP}: doit être un nombre entier, pas 'x'. Exemple{NBSP}: --seed 7",
    ),
    (["solve", "sudoku", "--file"], f"argument --file{NBSP}: une valeur attendue"),
    (["kinds", "--json=1"], "argument --json\u00a0: ne prend pas de valeur, mais a reçu '1'"),
    (
        ["solve", "sudoku", "x", "--ma", "3"],
        f"option ambiguë{NBSP}: --ma pourrait être --max-words, --max-solutions",
    ),
    (
        ["solve", "letterboxed", "vro wal eth bdi", "--bogus"],
        f"arguments non reconnus{NBSP}: --bogus",
    ),
    (["run", "--port", "x"], "doit être un numéro de port de 1 à 65535 (ou 0 pour un port libre)"),
    (["generate", "sudoku", "--image", " "], "il faut le nom du fichier où écrire l'image"),
    (
        ["solve", "qless", "abcdefghijkl", "--max-solutions", "lots"],
        "max_solutions doit être un nombre entier de 1 à 100\u202f000, pas 'lots'",
    ),
]


@pytest.mark.parametrize(("argv", "said"), FRENCH_MISTAKES)
def test_usage_errors_are_french_with_their_usage(capsys, argv, said):
    code, out, err = run(capsys, *argv, "--lang", "fr")
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.startswith(f"utilisation{NBSP}: puzzlebot")
    assert said in err.splitlines()[-1], err


@pytest.mark.parametrize(("argv", "said"), FRENCH_MISTAKES[:3])
def test_usage_errors_are_french_in_json_too(capsys, argv, said):
    code, out, _err = run(capsys, *argv, "--json", "--lang=fr")
    assert code == EXIT_BAD_INPUT and said in json.loads(out)["error"]


def test_the_environment_variable_says_the_language_and_lang_overrides_it(capsys, monkeypatch):
    monkeypatch.setenv("PUZZLEBOT_LANG", "es")
    code, _out, err = run(capsys, "frobnicate")
    assert code == EXIT_BAD_INPUT and err.startswith("uso: puzzlebot")
    assert "argumento COMMAND: opción no válida: 'frobnicate' (elige entre" in err
    code, _out, err = run(capsys, "frobnicate", "--lang", "en")
    assert "argument COMMAND: invalid choice: 'frobnicate' (choose from" in err


def test_the_systems_locale_is_not_the_language_asked(capsys, monkeypatch):
    for variable in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.setenv(variable, "fr_FR.UTF-8")
    monkeypatch.delenv("PUZZLEBOT_LANG", raising=False)
    _code, _out, err = run(capsys, "solve")
    assert err.startswith("usage: puzzlebot solve")
    assert "the following arguments are required: kind" in err


@pytest.mark.parametrize(
    ("argv", "environment", "said"),
    [
        (
            ["kinds", "--lang", "de"],
            None,
            "puzzlebot: argument --lang: invalid choice: 'de' "
            "(choose from 'en', 'fr', 'es', 'nl'). Example: puzzlebot kinds --lang fr",
        ),
        (
            ["kinds"],
            "fr_FR",
            "puzzlebot: the environment variable PUZZLEBOT_LANG: invalid choice: 'fr_FR' (choose"
            " from 'en', 'fr', 'es', 'nl'). Example: PUZZLEBOT_LANG=fr puzzlebot kinds",
        ),
    ],
)
def test_a_language_without_a_catalogue_is_refused_with_an_example(
    capsys, monkeypatch, argv, environment, said
):
    if environment:
        monkeypatch.setenv("PUZZLEBOT_LANG", environment)
    code, out, err = run(capsys, *argv)
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.rstrip() == said


def test_a_help_with_a_percent_sign_is_shown_as_written():
    """French writes "50 %": argparse would read it as a placeholder of its own."""
    parser = TranslatedParser(prog="puzzlebot", language="fr")
    parser.add_argument("--share", help="au moins 50 % des cases")
    assert "au moins 50 % des cases" in parser.format_help()


def test_a_wording_argparse_did_not_have_is_shown_as_it_came():
    assert argparse_said("argument --x: something new") == about_argument("--x", "something new")
    assert argparse_said("something new") == "something new"
