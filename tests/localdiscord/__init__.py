"""The end-to-end tests' fixture for the local Discord-compatible server (localdiscord).

Import the fixture into a test module to get a started server per test::

    from tests.localdiscord import local_discord  # noqa: F401  (a pytest fixture)

    async def test_something(local_discord):
        async with local_discord.run_bot(make_bot(guild_ready_timeout=0.05)) as bot:
            ...
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest_asyncio
from discord.ext import commands

from localdiscord import LocalDiscord


@pytest_asyncio.fixture
async def local_discord() -> AsyncIterator[LocalDiscord]:
    """A started LocalDiscord (heartbeat every 0.25 s) on 127.0.0.1, closed after the test."""
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def plain_bot(intents: discord.Intents) -> commands.Bot:
    """A bare discord.py bot for the local server's own tests: no prefix commands, and a short
    wait for guilds so it is ready at once."""
    return commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=intents,
        guild_ready_timeout=0.05,
        help_command=None,
    )
