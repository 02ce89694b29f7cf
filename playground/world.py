"""The playground's server and its members: morgan, who may manage the server (sets up the
daily puzzles), and alice and bob, who play."""

from __future__ import annotations

from dataclasses import dataclass

from localdiscord import FakeUser, LocalDiscord

MANAGE_SERVER = 1 << 5  # Discord's MANAGE_GUILD permission bit
GUILD_NAME = "Puzzle Playground"


@dataclass(frozen=True)
class Member:
    user: FakeUser
    manages_server: bool


def furnish(server: LocalDiscord) -> list[Member]:
    """Name the server and seat its members (before the bot connects, so GUILD_CREATE has
    them); the first member is the one who may manage the server."""
    server.guild.name = GUILD_NAME
    moderators = server.guild.add_role("Moderator", permissions=MANAGE_SERVER)
    morgan = server.add_user("morgan")
    server.guild.add_member(morgan, moderators)
    bob = server.add_user("bob")
    return [Member(morgan, True), Member(server.user, False), Member(bob, False)]
