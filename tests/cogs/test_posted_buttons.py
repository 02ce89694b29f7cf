"""Buttons posted by an earlier version keep working: a button lives as long as its message,
so every custom id the bot has posted is written out here as it was posted (not made by the
code under test), routed to the one button class that answers it, and pressed end to end.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

import cogs.daily
import cogs.daily_data
import cogs.daily_views
import cogs.puzzles
import cogs.race
import cogs.together
from bot.app import PuzzleBot
from localdiscord import LocalDiscord
from tests.cogs.test_daily import LONDON_WINTER, MONDAY, Clock, next_round, posts
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, test_config

# Every button class the cogs register with the bot (their cog_load).
REGISTERED = (
    *cogs.daily.DYNAMIC_ITEMS,
    *cogs.race.DYNAMIC_ITEMS,
    cogs.together.HintButton,
    cogs.puzzles.RevealButton,
    cogs.puzzles.ReadButton,
)

# custom id as posted -> the class that answers it
POSTED = {
    "puzzlebot:play:letterboxed:2026-11-23": cogs.daily_views.PlayButton,
    "puzzlebot:answer:letterboxed:2026-11-23": cogs.daily_views.AnswerButton,
    "puzzlebot:dhint:sudoku:2026-11-23": cogs.daily_views.HintButton,
    "puzzlebot:giveup:codeword:2026-11-23": cogs.daily_views.GiveUpButton,
    "puzzlebot:reveal:codeword:2026-11-23": cogs.daily_views.RevealButton,
    "puzzlebot:share:qless:2026-11-23": cogs.daily_views.ShareButton,
    "puzzlebot:how:ladder:2026-11-23": cogs.daily_views.ShowHowButton,
    "puzzlebot:xanswer:letterboxed:2026-11-02": cogs.daily_views.ArchiveAnswerButton,
    "puzzlebot:xhint:sudoku:2026-11-02": cogs.daily_views.ArchiveHintButton,
    "puzzlebot:xgiveup:spelling:2026-11-02": cogs.daily_views.ArchiveGiveUpButton,
    "puzzlebot:xreveal:spelling:2026-11-02": cogs.daily_views.ArchiveRevealButton,
    "puzzlebot:notify": cogs.daily_views.NotifyButton,
    "puzzlebot:forget:123456789012345678": cogs.daily_data.ForgetButton,
    "puzzlebot:keep": cogs.daily_data.KeepButton,
    "puzzlebot:race:join:42": cogs.race.JoinButton,
    "puzzlebot:race:puzzle:42": cogs.race.MyPuzzleButton,
    "puzzlebot:race:answer:42": cogs.race.AnswerButton,
    "puzzlebot:coophint:987654321098765432": cogs.together.HintButton,
    "puzzlebot:reveal:letterboxed": cogs.puzzles.RevealButton,
    "puzzlebot:reveal:ladder:language=fr": cogs.puzzles.RevealButton,
    "puzzlebot:read:go:solve:sudoku:": cogs.puzzles.ReadButton,
    "puzzlebot:read:edit:check:sudoku:spoiler=True": cogs.puzzles.ReadButton,
}


@pytest.mark.parametrize("custom_id", POSTED)
async def test_a_posted_custom_id_is_answered_by_its_one_button(custom_id):
    # discord.py calls every registered class whose template matches a press: exactly one.
    answering = [
        item for item in REGISTERED if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    assert answering == [POSTED[custom_id]]
    (button_class,) = answering
    match = button_class.__discord_ui_compiled_template__.fullmatch(custom_id)
    button = await button_class.from_custom_id(None, None, match)
    assert button.custom_id == custom_id  # built again, it carries the id it was posted with


def test_every_registered_button_has_a_posted_custom_id_here():
    assert set(REGISTERED) == set(POSTED.values())


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def press_as_posted(server, message, label: str, custom_id: str, user) -> str:
    """Give the stored message the button an earlier version posted (its custom id as
    written here, not as today's code makes it), press it, and return the private reply."""
    button = {"type": 2, "style": 1, "label": label, "custom_id": custom_id}
    message.components = [{"type": 1, "components": [button]}]
    pressed = await server.click_button(message, custom_id=custom_id, user=user)
    reply = await pressed.reply(timeout=REPLY_TIMEOUT)
    assert reply.ephemeral, reply.content
    return reply.content


async def test_buttons_posted_before_an_update_still_answer(server, tmp_path):
    bob = server.add_user("bob")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 0, 5), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)

        # A daily post's Play.
        options = {
            "channel": server.channel, "time": "9:00", "timezone": "Europe/London", "kinds": "lb",
        }  # fmt: skip
        setup = await server.send_slash_command(
            "puzzle-settings setup", options=options, user=server.owner
        )
        await setup.reply(timeout=REPLY_TIMEOUT)
        await next_round(bot)
        (post,) = posts(server, "Letter Boxed #")
        play = "puzzlebot:play:letterboxed:2026-11-23"
        assert "Your timer is running" in await press_as_posted(server, post, "Play", play, bob)

        # /generate's Show me the answer.
        handle = await server.send_slash_command(
            "generate letterboxed", options={"difficulty": "easy"}
        )
        generated = await handle.reply(timeout=REPLY_TIMEOUT)
        (generated,) = [m for m in server.channel_messages() if m.id == generated.id]
        reveal = "puzzlebot:reveal:letterboxed"
        shown = await press_as_posted(server, generated, "Show me the answer", reveal, bob)
        assert "fewest possible" in shown, shown

        # A race scoreboard's Join.
        handle = await server.send_slash_command(
            "race", options={"kind": "letterboxed", "start_in": 30, "minutes": 5}
        )
        await handle.reply(timeout=REPLY_TIMEOUT)
        (board,) = [m for m in server.channel_messages() if m.content.startswith("**Race:")]
        race_id = re.search(r"puzzlebot:race:join:(\d+)", str(board.components))[1]
        join = f"puzzlebot:race:join:{race_id}"
        assert "You're in" in await press_as_posted(server, board, "Join", join, bob)
    server.assert_no_violations()
