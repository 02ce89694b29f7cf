"""Who may see and run a command, and where the bot may post, as Discord decides it.

Discord reads default_member_permissions on top-level commands only (a subcommand or group
inherits its command's; the API refuses the field on an option), and its client does not
show a command to a member who lacks those permissions, so they cannot run it. A server's
moderators can still let a member use it (Server Settings > Integrations). A channel's
permission overwrites can deny the bot Send Messages there: posting is then refused (403).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from localdiscord import CommandHidden, LocalDiscord
from localdiscord.models import SEND_MESSAGES
from tests.localdiscord import plain_bot

MANAGE_GUILD = 1 << 5


def make_bot() -> commands.Bot:
    bot = plain_bot(discord.Intents(guilds=True))
    settings = app_commands.Group(
        name="settings",
        description="For moderators",
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @settings.command(description="Change something")
    async def change(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("changed", ephemeral=True)

    @bot.tree.command(description="For everyone")
    async def play(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("playing", ephemeral=True)

    @bot.tree.command(description="Post in a channel")
    async def post(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
        try:
            await channel.send("hello")
            text = "posted"
        except discord.Forbidden as error:
            text = f"refused {error.status} {error.code}"
        await interaction.response.send_message(text, ephemeral=True)

    bot.tree.add_command(settings)
    return bot


@contextlib.asynccontextmanager
async def running() -> AsyncIterator[tuple[LocalDiscord, commands.Bot]]:
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        closed = server.guild.add_text_channel("closed")  # the bot may not post here
        closed.deny(server.bot_user.id, SEND_MESSAGES)
        bot = make_bot()
        async with server.run_bot(bot):
            guild = discord.Object(server.guild.id)
            bot.tree.copy_global_to(guild=guild)
            await bot.tree.sync(guild=guild)
            yield server, bot


async def test_a_subcommand_with_its_own_default_permissions_is_refused_at_sync():
    async with running() as (server, bot):
        payload = [
            {
                "name": "settings",
                "description": "For moderators",
                "options": [
                    {
                        "type": 1,
                        "name": "change",
                        "description": "Change something",
                        "default_member_permissions": str(MANAGE_GUILD),
                    }
                ],
            }
        ]
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.bulk_upsert_guild_commands(bot.application_id, server.guild.id, payload)
        assert refused.value.status == 400
        assert "top-level commands only" in str(server.violations[-1])
        server.violations.clear()


async def test_a_member_without_the_permission_is_not_shown_the_command_and_cannot_run_it():
    async with running() as (server, _):
        synced = server.command("settings", guild=server.guild)
        assert synced["default_member_permissions"] == str(MANAGE_GUILD)
        assert "default_member_permissions" not in synced["options"][0]

        alice = server.user
        assert "settings" not in server.visible_command_names(alice)
        assert "play" in server.visible_command_names(alice)
        with pytest.raises(CommandHidden):
            await server.send_slash_command("settings change", user=alice)
        played = await server.send_slash_command("play", user=alice)
        assert (await played.reply()).content == "playing"

        moderator = server.add_user("mod")
        server.guild.members[moderator.id].role_ids.append(
            server.guild.add_role("mods", permissions=MANAGE_GUILD).id
        )
        for who in (moderator, server.owner):
            assert "settings" in server.visible_command_names(who)
            changed = await server.send_slash_command("settings change", user=who)
            assert (await changed.reply()).content == "changed"

        server.guild.command_users["settings"] = {alice.id}  # a moderator's override
        changed = await server.send_slash_command("settings change", user=alice)
        assert (await changed.reply()).content == "changed"
    server.assert_no_violations()


async def test_a_channel_that_denies_the_bot_send_messages_refuses_its_posts():
    async with running() as (server, _):
        closed = server.guild.channel("closed")
        refused = await server.send_slash_command("post", options={"channel": closed})
        assert (await refused.reply()).content == "refused 403 50013"
        posted = await server.send_slash_command("post", options={"channel": server.channel})
        assert (await posted.reply()).content == "posted"
        assert [m.content for m in server.channel_messages(closed)] == []
        assert [v.kind for v in server.violations] == ["forbidden"]
