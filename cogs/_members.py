"""Who pressed or typed, and in which server: the names and the server check that the daily,
race and co-op cogs share.
"""

from __future__ import annotations

import discord

from bot.puzzle_service import Refusal


def member_name(user: discord.abc.User) -> str:
    """The name the server shows for the member (their nickname there), else their own."""
    return getattr(user, "display_name", None) or user.name


def server_name(interaction: discord.Interaction) -> str:
    return interaction.guild.name if interaction.guild else "this server"


def in_server(interaction: discord.Interaction, refusal: str) -> int:
    """The server's id; outside a server, the feature's `refusal` says where it works."""
    if interaction.guild_id is None:
        raise Refusal(refusal)
    return interaction.guild_id
