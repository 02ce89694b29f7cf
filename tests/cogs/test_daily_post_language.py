"""The day's post names its puzzle in the server's language on its first line, and a restarted
bot that lost the record of a post it sent still finds it by that line, whatever the server's
language is by then: end to end, the real bot on the local Discord server."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from bot.app import PuzzleBot
from bot.daily.posts import post_headers
from localdiscord import LocalDiscord
from puzzles import get_kind
from puzzles.i18n import LANGUAGES
from tests.cogs.test_daily import next_round
from tests.cogs.test_daily_play import daily_bot, set_up


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def posts_starting(server: LocalDiscord, *first_lines: str) -> list:
    return [m for m in server.channel_messages(server.channel) if m.content.startswith(first_lines)]


async def test_a_french_post_names_its_puzzle_in_french_and_is_found_after_a_lost_record(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path, generate_deadline_seconds=60)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.servers.set_language(server.guild.id, "fr")
        await set_up(server, bot, "ladder")
        await next_round(bot, timeout=60)
        (post,) = posts_starting(server, "**")
        first_line = post.content.splitlines()[0]
        assert first_line.startswith("**Échelle de mots n° "), first_line
        assert first_line.endswith("lundi 23 novembre"), first_line
        # The crash: the post was sent, its record lost; and the server's language changed.
        await bot.servers.set_language(server.guild.id, "en")
    with sqlite3.connect(bot.config.database) as database:
        database.execute("UPDATE daily_posts SET message_id = NULL, posted_at = NULL")

    again = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(again, ready_timeout=60):
        await next_round(again, timeout=60)
        assert posts_starting(server, "**") == [post], "sent again"
        with sqlite3.connect(bot.config.database) as database:
            recorded = database.execute("SELECT kind, message_id FROM daily_posts").fetchall()
        assert recorded == [("ladder", post.id)]
    server.assert_no_violations()


def test_every_language_has_its_own_first_line_to_look_for():
    headers = post_headers(dt.date(2026, 11, 23), 332, [get_kind("ladder")])
    assert len(headers) == len(LANGUAGES) == len(set(headers))
    assert headers[0] == "**Word Ladder #332** · Monday 23 November"
