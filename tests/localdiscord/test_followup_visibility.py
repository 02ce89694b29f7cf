"""Who sees a followup: the fake server keeps Discord's rule for the first one after a defer.

Discord turns the first followup after a deferred "thinking" response into that message
itself, so it keeps the defer's visibility whatever its own flags say (discord-api-docs
issues #2866 and #2742, and the note added by pull request #3466). A bot that wants to say
something privately after a public defer has to delete the placeholder first; the next
followup is then a message of its own, ephemeral if it asks to be.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import discord
from discord.ext import commands

from localdiscord import LocalDiscord
from tests.localdiscord import plain_bot


def make_bot() -> commands.Bot:
    bot = plain_bot(discord.Intents.none())

    @bot.tree.command(description="Defers publicly, then follows up asking to be private")
    async def leaky(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("meant for you alone", ephemeral=True)
        await interaction.followup.send("second, private", ephemeral=True)

    @bot.tree.command(description="Defers publicly, deletes the placeholder, then whispers")
    async def discreet(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.delete_original_response()
        await interaction.followup.send("meant for you alone", ephemeral=True)

    @bot.tree.command(description="Defers privately, then follows up asking to be public")
    async def shy(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("for everyone?", ephemeral=False)

    return bot


@contextlib.asynccontextmanager
async def running() -> AsyncIterator[LocalDiscord]:
    async with LocalDiscord(heartbeat_interval=0.5) as server:
        bot = make_bot()
        async with server.run_bot(bot):
            await bot.tree.sync()
            yield server


async def test_the_first_followup_after_a_public_defer_is_public_whatever_its_flags() -> None:
    async with running() as server:
        handle = await server.send_slash_command("leaky")
        first, second = await handle.followups(2)
        assert first.ephemeral and second.ephemeral  # both asked to be private
        reply = await handle.reply()
        assert reply.id == handle.messages[0].id  # it filled in the "thinking" message
        assert not reply.ephemeral and reply.content == "meant for you alone"
        later = await handle.wait_for_message(lambda m: m.content == "second, private")
        assert later.ephemeral  # followups after the first keep their own flags
        assert [m.content for m in server.channel_messages()] == ["meant for you alone"]
    # Discord keeps this path working but documents it as deprecated: the server says so.
    deprecated = [v for v in server.violations if v.kind == "deprecated_followup_edit"]
    assert len(deprecated) == 1 and "@original" in deprecated[0].message
    server.assert_no_violations(allow=("deprecated_followup_edit",))


async def test_after_deleting_the_public_placeholder_a_followup_can_be_private() -> None:
    async with running() as server:
        handle = await server.send_slash_command("discreet")
        reply = await handle.reply()
        assert reply.ephemeral and reply.content == "meant for you alone"
        assert reply.id != handle.messages[0].id  # a new message, not the placeholder
        assert server.messages[handle.messages[0].id].deleted
        assert not server.channel_messages()
    server.assert_no_violations()


async def test_the_first_followup_after_a_private_defer_stays_private() -> None:
    async with running() as server:
        handle = await server.send_slash_command("shy")
        reply = await handle.reply()
        assert reply.ephemeral and reply.content == "for everyone?"
        assert not server.channel_messages()
    server.assert_no_violations(allow=("deprecated_followup_edit",))
