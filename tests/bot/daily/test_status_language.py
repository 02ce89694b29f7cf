"""The problems the daily scheduler meets, kept as Messages and said by /daily status in the
reader's language; a row kept as English text, before that, still shows as it is."""

from __future__ import annotations

import datetime as dt

import discord
import pytest

from bot.app import PuzzleBot
from bot.daily.scheduler import CLOSE_ATTEMPTS, cannot_post, problem_text
from bot.daily.store import problem_column, problem_from_column
from localdiscord import LocalDiscord
from localdiscord.models import SEND_MESSAGES
from puzzles import get_kind, kind_title
from puzzles.i18n import _, ngettext
from tests.bot.daily.test_close_errors import refusal
from tests.cogs.test_daily import (
    LONDON_WINTER,
    MONDAY,
    REPLY_TIMEOUT,
    Clock,
    next_round,
    set_up_daily_letter_boxed,
)
from tests.cogs.test_puzzle_commands import test_config

NBSP = "\u00a0"


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def status_for(server: LocalDiscord, user) -> str:
    status = await server.send_slash_command("daily status", user=user)
    return (await status.reply(timeout=REPLY_TIMEOUT)).content


async def test_a_french_server_reads_why_its_post_failed_in_french(server, tmp_path):
    """The post is refused by Discord (50013 Missing Permissions): the French owner reads
    the problem and when it is tried again in French."""
    server.guild.locale = "fr"
    server.owner.locale = "fr"
    puzzles = server.guild.channel("puzzles")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    bot = PuzzleBot(test_config(tmp_path, daily_poll_seconds=0.1), clock=clock,
                    guild_ready_timeout=0.05)  # fmt: skip
    async with server.run_bot(bot, ready_timeout=60):
        await set_up_daily_letter_boxed(server, bot, puzzles)
        puzzles.deny(server.bot_user.id, SEND_MESSAGES)  # unseen by the bot: the post is refused
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        refused = [r.response["code"] for r in server.requests if r.status == 403]
        assert refused == [50013]
        french = await status_for(server, server.owner)
    channel = f"<#{puzzles.id}>"
    assert (
        f"Je n'ai pas le droit de publier dans {channel}{NBSP}: donne-moi View Channel, Send "
        f"Messages et Attach Files là-bas (je réessaie <t:" in french
    ), french
    assert "may not post" not in french and "I try again" not in french


async def test_a_close_given_up_says_why_in_spanish(server, tmp_path):
    """The day's answer may not be sent (a permission Discord told the bot of): the close
    is given up after its tries, and /daily status says why in the reader's Spanish."""
    server.owner.locale = "es-ES"
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    bot = PuzzleBot(test_config(tmp_path, daily_poll_seconds=0.1), clock=clock,
                    guild_ready_timeout=0.05)  # fmt: skip
    async with server.run_bot(bot, ready_timeout=60):
        await set_up_daily_letter_boxed(server, bot, server.channel)
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        server.channel.deny(server.bot_user.id, SEND_MESSAGES)
        await server.dispatch("CHANNEL_UPDATE", server.channel.payload())
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)  # the day closes
        for _round in range(CLOSE_ATTEMPTS + 2):
            await next_round(bot)
        shown = await status_for(server, server.owner)
    assert (
        f"no se publicó (No tengo permiso para publicar en <#{server.channel.id}>: dame Send "
        f"Messages, Attach Files allí); dejé de intentarlo tras {CLOSE_ATTEMPTS} intentos." in shown
    ), shown


async def test_a_problem_kept_as_english_text_before_still_shows(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    bot = PuzzleBot(test_config(tmp_path, daily_poll_seconds=0.1), clock=clock,
                    guild_ready_timeout=0.05)  # fmt: skip
    server.owner.locale = "fr"
    async with server.run_bot(bot, ready_timeout=60):
        await set_up_daily_letter_boxed(server, bot, server.guild.channel("puzzles"))
        old_text = "I may not post in <#1>: give me Send Messages there (I try again <t:9:R>)"
        # As a bot of before kept it: finished English text, not a Message.
        await bot.daily.store.set_error(server.guild.id, old_text, clock())
        shown = await status_for(server, server.owner)
    assert f"{old_text}." in shown and "Dernier problème" in shown, shown


@pytest.mark.parametrize(
    "problem",
    [
        cannot_post(7, ["View Channel", "Attach Files"]),
        _(
            "{problem} (I try again {when})",
            problem=problem_text(7, refusal(discord.Forbidden, 403, 50013, "Missing Permissions")),
            when="<t:9:R>",
        ),
        _(
            "could not make the {kind}: {problem}",
            kind=kind_title(get_kind("letterboxed")),
            problem=ngettext("{count} word", "{count} words", 3),
        ),
    ],
)
def test_a_problem_comes_back_from_its_column_as_the_same_message(problem):
    column = problem_column(problem)
    assert column.startswith("{") and problem_from_column(column) == problem
    assert problem_from_column(column).render("es") == problem.render("es") != str(problem)


def test_text_and_nothing_are_kept_as_they_are():
    assert problem_column(None) is None and problem_from_column(None) is None
    for text in ("the channel is gone", "{not a message", '{"no": "id"}'):
        assert problem_from_column(problem_column(text)) == text
