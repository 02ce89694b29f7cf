from __future__ import annotations

import logging

from discord import app_commands

from bot.service import Refusal
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
