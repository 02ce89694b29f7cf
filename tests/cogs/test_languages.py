"""End to end: each member reads their private replies in their own Discord language, and
the channel reads public posts in the server's language (cogs/_language.py), against the
local Discord server, whose interactions carry each member's locale."""

from __future__ import annotations

import pytest

from localdiscord import LocalDiscord
from tests.cogs.test_puzzle_commands import (
    BOX,
    REPLY_TIMEOUT,
    answered_at_once_and_privately,
    running_bot,
    test_config,
)


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def member(server: LocalDiscord, name: str, locale: str):
    """A member of the default server whose Discord is set to `locale`."""
    user = server.add_user(name)
    user.locale = locale
    return user


@pytest.mark.parametrize(
    ("locale", "refused"),
    [
        ("fr", "Tu as fait 2 résolutions, indices"),
        ("es-ES", "Has hecho 2 resoluciones, pistas"),
        ("en-US", "You've made 2 solves, hints"),
    ],
)
async def test_a_member_over_the_rate_limit_is_told_so_in_their_language(
    server, tmp_path, locale, refused
):
    who = member(server, "player", locale)
    async with running_bot(server, test_config(tmp_path, per_user=2)):
        for _turn in range(2):
            hint = await server.send_slash_command("hint letterboxed", {"puzzle": BOX}, user=who)
            await hint.reply(timeout=REPLY_TIMEOUT)
        third = await server.send_slash_command("hint letterboxed", {"puzzle": BOX}, user=who)
        refusal = await third.reply(timeout=REPLY_TIMEOUT)
        await answered_at_once_and_privately(third)
    assert refusal.content.startswith(refused), refusal.content
    server.assert_no_violations()
