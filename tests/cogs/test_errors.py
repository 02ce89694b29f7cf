from __future__ import annotations

import logging

from discord import app_commands

from bot.puzzle_service import Refusal
from cogs.errors import message_for
from puzzles import PuzzleError


def test_a_puzzle_error_is_shown_as_is_without_pinging_anyone():
    error = PuzzleError("the letter @everyone is odd", where="side 2", example="vro wal eth bdi")
    text, error_id = message_for(error)
    assert error_id is None
    assert "side 2" in text and "Example: vro wal eth bdi" in text
    assert "@everyone" not in text  # escaped: Discord would not parse it as a mention


def test_a_refusal_is_shown_as_is():
    assert message_for(Refusal("busy, try again")) == ("busy, try again", None)


async def _noop(interaction) -> None: ...


def test_an_unexpected_error_is_logged_with_an_id_the_member_is_shown(caplog):
    command = app_commands.Command(name="solve", description="solve", callback=_noop)
    wrapped = app_commands.CommandInvokeError(command, KeyError("grid"))
    with caplog.at_level(logging.ERROR, logger="cogs.errors"):
        text, error_id = message_for(wrapped)
    assert error_id and error_id in text
    assert "Sorry" in text and "KeyError" not in text
    assert error_id in caplog.text and "KeyError" in caplog.text


def test_errors_from_buttons_and_text_boxes_are_handled_unwrapped():
    text, error_id = message_for(PuzzleError("no grid given"))
    assert (text, error_id) == ("no grid given.", None)
    assert message_for(RuntimeError("boom"))[1] is not None


def test_a_hint_about_options_is_written_in_discords_syntax():
    from puzzles.core import Usage

    error = PuzzleError("no such size", example=Usage("generate", "sudoku", options=(("size", 9),)))
    assert message_for(error)[0] == "no such size. Example: /generate sudoku size:9"
    assert error.message == "no such size. Example: puzzlebot generate sudoku --size 9"
    flag = PuzzleError(
        "needs a goal", example=Usage("solve", "ladder", "cold", (("longest", True),))
    )
    assert message_for(flag)[0].endswith("Example: /solve ladder puzzle:cold longest:True")
    assert flag.message.endswith("Example: puzzlebot solve ladder cold --longest")


def test_an_example_written_for_another_command_becomes_one_of_the_command_used():
    # issue 29: /puzzle-settings kinds chess suggested /solve letterboxed puzzle:vro wal eth bdi
    from puzzles import get_kind

    group = app_commands.Group(name="puzzle-settings", description="settings")

    @group.command(name="kinds", description="kinds")
    @app_commands.describe(kinds="comma-separated, e.g. letterboxed, sudoku")
    async def kinds(interaction, kinds: str) -> None: ...

    try:
        get_kind("chess")
    except PuzzleError as error:
        text, _ = message_for(error, kinds)
    assert "no puzzle kind called 'chess'" in text
    assert text.endswith("Example: /puzzle-settings kinds kinds:letterboxed, sudoku"), text
    assert "/solve" not in text


def test_an_example_of_the_command_used_is_kept():
    from puzzles.core import Usage

    group = app_commands.Group(name="generate", description="generate")

    @group.command(name="sudoku", description="sudoku")
    async def sudoku(interaction, size: int = 9) -> None: ...

    error = PuzzleError("no such size", example=Usage("generate", "sudoku", options=(("size", 9),)))
    assert message_for(error, sudoku)[0] == "no such size. Example: /generate sudoku size:9"


def test_a_refusal_and_a_puzzle_error_are_shown_in_the_members_language():
    from bot.puzzle_service import BUSY
    from puzzles.i18n import _

    assert message_for(Refusal(BUSY), language="fr")[0].startswith("Je suis occupé")
    assert message_for(Refusal(BUSY), language="es")[0].startswith("Estoy ocupado")
    assert message_for(Refusal(BUSY))[0].startswith("I'm busy")
    # A problem still written as plain English is shown as it is, its example translated.
    plain = PuzzleError("no grid given", example="vro wal eth bdi")
    assert message_for(plain, language="fr")[0] == "no grid given. Exemple\u00a0: vro wal eth bdi"
    marked = PuzzleError(_("That command is not for you here."))
    assert message_for(marked, language="es")[0] == "Este comando no es para ti aquí."


def test_our_own_bug_is_apologised_for_in_the_members_language():
    text, error_id = message_for(RuntimeError("boom"), language="fr")
    assert text.startswith("Désolé") and error_id in text and "boom" not in text


def test_a_cooldown_and_a_failed_check_are_explained_in_the_members_language():
    cooldown = app_commands.CommandOnCooldown(app_commands.Cooldown(1, 30.0), 12.4)
    assert message_for(cooldown, language="es")[0] == "Más despacio: inténtalo de nuevo en 12 s."
    assert message_for(cooldown)[0] == "Slow down: try again in 12 s."
    refused = app_commands.CheckFailure("owners only")
    assert message_for(refused, language="fr")[0] == "Cette commande ne t'est pas ouverte ici."
