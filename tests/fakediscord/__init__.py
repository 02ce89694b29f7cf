"""A local Discord-compatible server for end-to-end tests (see server.py for usage).

Import the ready-made fixture into a conftest to get a started server per test::

    from tests.fakediscord import fake_discord  # noqa: F401  (a pytest fixture)

    async def test_something(fake_discord):
        async with fake_discord.run_bot(make_bot(guild_ready_timeout=0.05)) as bot:
            ...
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest_asyncio
from discord.ext import commands

from .interactions import InteractionHandle
from .models import (
    EPHEMERAL,
    LOADING,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    RecordedFile,
    RecordedRequest,
    StoredAttachment,
    StoredMessage,
    Violation,
)
from .server import CommandHidden, FakeDiscord, WaitTimeout

__all__ = [
    "EPHEMERAL",
    "LOADING",
    "CommandHidden",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "RecordedFile",
    "RecordedRequest",
    "StoredAttachment",
    "StoredMessage",
    "Violation",
    "WaitTimeout",
    "fake_discord",
    "plain_bot",
]


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord (heartbeat every 0.25 s) on 127.0.0.1, closed after the test."""
    async with FakeDiscord(heartbeat_interval=0.25) as server:
        yield server


def plain_bot(intents: discord.Intents) -> commands.Bot:
    """A bare discord.py bot for the fake server's own tests: no prefix commands, and a short
    wait for guilds so it is ready at once."""
    return commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=intents,
        guild_ready_timeout=0.05,
        help_command=None,
    )
