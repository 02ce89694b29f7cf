"""A local Discord-compatible server: the bot talks to it over HTTP and the gateway exactly as
it talks to Discord. The end-to-end tests drive it (their fixture is in tests/localdiscord/);
the playground serves it to a browser. Like Discord, it imports nothing of ours, and nothing in
bot/ or below knows it exists.

server.py is the server and its driver API (read it first); each API area is a page of
Discord's reference: gateway.py, application_commands.py, responding.py (interactions, their
callbacks and webhooks), channels.py (channels and messages), guilds.py (guilds, members and
users). models.py holds the world and what was recorded, validation.py Discord's limits,
interactions.py the handle a test follows an interaction with, http.py what the areas share."""

from __future__ import annotations

from .application_commands import CommandHidden
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
from .server import LocalDiscord, WaitTimeout

__all__ = [
    "EPHEMERAL",
    "LOADING",
    "CommandHidden",
    "FakeChannel",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "LocalDiscord",
    "RecordedFile",
    "RecordedRequest",
    "StoredAttachment",
    "StoredMessage",
    "Violation",
    "WaitTimeout",
]
