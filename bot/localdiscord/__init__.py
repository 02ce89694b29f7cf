"""A local Discord-compatible server: the bot talks to it over HTTP and the gateway exactly as it
talks to Discord. The end-to-end tests drive it (tests/localdiscord.py has their fixture); the
playground serves it to a browser. Nothing below bot/ knows it exists. See server.py for usage."""

from __future__ import annotations

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
from .server import CommandHidden, LocalDiscord, WaitTimeout

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
