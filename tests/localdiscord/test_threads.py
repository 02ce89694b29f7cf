"""Threads on the local server, driven by the real discord.py: started from a message and
without one, posted and edited in, archived, with the events and refusals Discord gives."""

from __future__ import annotations

import asyncio

import discord
import pytest

from localdiscord import LocalDiscord
from localdiscord.threads import ARCHIVED_THREAD, PUBLIC_THREAD, THREAD_EXISTS
from tests.localdiscord import local_discord, plain_bot  # noqa: F401  (a fixture)


async def until(check, timeout: float = 5.0):
    """Wait for a gateway event to reach the bot's cache."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "the event never arrived"
        await asyncio.sleep(0.01)


async def test_a_thread_from_a_message_is_a_channel_of_its_own(
    local_discord: LocalDiscord,  # noqa: F811  (the fixture)
):
    server = local_discord
    bot = plain_bot(discord.Intents(guilds=True))
    async with server.run_bot(bot):
        channel = bot.get_channel(server.channel.id)
        starter = await channel.send("a puzzle for everyone")
        thread = await starter.create_thread(name="Co-op", auto_archive_duration=1440)

        # Its id is the message's, its type 11 and its parent the channel; the bot hears of it.
        assert thread.id == starter.id and thread.parent_id == channel.id
        assert thread.type is discord.ChannelType.public_thread
        await until(lambda: bot.get_channel(thread.id) is not None)
        (stored,) = server.threads_of(server.channel)
        assert stored.type == PUBLIC_THREAD and stored.owner_id == bot.user.id

        # Messages go to the thread, not its parent, and are edited there.
        board = await thread.send("board v1")
        await board.edit(content="board v2")
        assert [m.content for m in server.channel_messages(thread.id)] == ["board v2"]
        assert "board v2" not in [m.content for m in server.channel_messages(server.channel)]

        # The owner archives it: THREAD_UPDATE, and its messages can no longer be edited.
        update = asyncio.create_task(bot.wait_for("thread_update", timeout=5))
        await thread.edit(archived=True)
        _, after = await update
        assert after.archived and bot.get_channel(thread.id) is None  # discord.py drops it
        with pytest.raises(discord.HTTPException) as refused:
            await board.edit(content="board v3")
        assert refused.value.code == ARCHIVED_THREAD
        assert server.channel_messages(thread.id)[0].content == "board v2"

        # A second thread from the same message is refused.
        with pytest.raises(discord.HTTPException) as twice:
            await starter.create_thread(name="Again")
        assert twice.value.code == THREAD_EXISTS

        # Sending a message unarchives an unlocked thread, as the API does.
        await thread.send("back again")
        assert not server.threads_of(server.channel)[0].archived
        await until(lambda: bot.get_channel(thread.id) is not None)  # active again
    assert [v.kind for v in server.violations] == ["thread", "thread"]


async def test_threads_without_a_message_and_a_locked_archived_thread(
    local_discord: LocalDiscord,  # noqa: F811  (the fixture)
):
    server = local_discord
    bot = plain_bot(discord.Intents(guilds=True))
    async with server.run_bot(bot):
        channel = bot.get_channel(server.channel.id)
        made = await channel.create_thread(name="side", type=discord.ChannelType.public_thread)
        assert made.parent_id == channel.id and made.id not in server.messages

        # A member starts one; the bot gets THREAD_CREATE and can post in it.
        theirs = await server.start_thread(server.channel, "members' thread", user=server.user)
        await until(lambda: bot.get_channel(theirs.id) is not None)
        await bot.get_channel(theirs.id).send("hello")

        # Locked and archived by a moderator: the bot, without Manage Threads, cannot post,
        # nor unarchive it.
        cached = bot.get_channel(theirs.id)
        await server.archive_thread(theirs, locked=True)
        await until(lambda: bot.get_channel(theirs.id) is None)
        with pytest.raises(discord.HTTPException) as refused:
            await bot.get_partial_messageable(theirs.id).send("let me in")
        assert refused.value.code == ARCHIVED_THREAD
        with pytest.raises(discord.HTTPException):
            await cached.edit(archived=False, locked=False)

        # An archive duration Discord does not offer is a bad request.
        with pytest.raises(discord.HTTPException) as bad:
            await bot.http.start_thread_without_message(
                channel.id, name="odd", auto_archive_duration=90, type=PUBLIC_THREAD
            )
        assert bad.value.status == 400
    assert {v.kind for v in server.violations} == {"thread", "forbidden", "invalid_form_body"}


async def test_a_slash_command_in_a_thread_comes_from_the_thread(
    local_discord: LocalDiscord,  # noqa: F811  (the fixture)
):
    server = local_discord
    bot = plain_bot(discord.Intents(guilds=True))
    seen: list[discord.abc.GuildChannel | discord.Thread] = []

    @bot.tree.command(description="Says where it was used")
    async def where(interaction: discord.Interaction) -> None:
        seen.append(interaction.channel)
        await interaction.response.send_message("here")

    thread = await server.start_thread(server.channel, "talk")
    async with server.run_bot(bot):
        await bot.tree.sync()
        # Active threads come with GUILD_CREATE, so a bot that starts late knows them.
        assert isinstance(bot.get_channel(thread.id), discord.Thread)
        handle = await server.send_slash_command("where", channel=thread)
        reply = await handle.reply()
        assert reply.channel_id == thread.id
        assert isinstance(seen[0], discord.Thread) and seen[0].parent_id == server.channel.id
    server.assert_no_violations()
