"""Owner commands. The bot syncs its commands at start only when they changed since the last
sync; /sync forces one (e.g. after commands were removed by hand in the developer portal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs._language import member_language
from cogs.daily import in_servers_only
from cogs.errors import reply
from puzzles.i18n import ngettext, render

if TYPE_CHECKING:
    from bot.app import PuzzleBot


class Admin(commands.Cog):
    def __init__(self, bot: PuzzleBot):
        self.bot = bot

    @app_commands.command(name="sync", description="Owner only: send the slash commands to Discord")
    @app_commands.describe(scope="this server only, or every server")
    @app_commands.default_permissions(administrator=True)
    @app_commands.guild_only()
    @in_servers_only  # scope "server" is the server it is run in
    async def sync(
        self, interaction: discord.Interaction, scope: Literal["server", "everywhere"] = "server"
    ) -> None:
        if not await self.bot.is_owner(interaction.user):
            raise app_commands.CheckFailure("owners only")
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = interaction.guild_id if scope == "server" else None
        synced = await self.bot.sync_commands(guild_id)
        done = (
            ngettext(
                "Synced {count} command to this server.",
                "Synced {count} commands to this server.",
                len(synced),
            )
            if guild_id
            else ngettext(
                "Synced {count} command to every server.",
                "Synced {count} commands to every server.",
                len(synced),
            )
        )
        await reply(interaction, render(done, member_language(interaction)), ephemeral=True)


async def setup(bot: PuzzleBot) -> None:
    await bot.add_cog(Admin(bot))
