"""End to end: the bot sends its slash commands to Discord at start only when they changed
since the last successful sync (remembered in its database), against localdiscord."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import replace

import discord
import pytest
from discord import app_commands

from bot.app import PuzzleBot, sync
from bot.database import Database
from localdiscord import LocalDiscord
from tests.cogs.test_puzzle_commands import test_config

GLOBAL_OVERWRITE = "/applications/{application_id}/commands"
GUILD_OVERWRITE = "/applications/{application_id}/guilds/{guild_id}/commands"


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def overwrites(server: LocalDiscord, route: str = GLOBAL_OVERWRITE) -> int:
    return len(server.requests_to("PUT", route))


async def start_and_stop(server: LocalDiscord, config) -> None:
    """The whole start: worker pool, database, gateway (the way `make run` starts)."""
    async with server.run_bot(PuzzleBot(config, guild_ready_timeout=0.05), ready_timeout=60):
        pass


@asynccontextmanager
async def logged_in(server: LocalDiscord, config, *, extra_command: str = ""):
    """The bot logged in over HTTP with its commands loaded, as at start before the gateway
    (without the worker pool, which takes seconds to warm up and plays no part in syncing)."""
    bot = PuzzleBot(config, serve_commands=False)
    if extra_command:  # what a newer version of the bot with one more command looks like
        bot.tree.add_command(
            app_commands.Command(name=extra_command, description="new", callback=_do_nothing)
        )
    with server.patch_discord():
        async with bot:
            bot.database = await Database.open(config.database)
            await bot.login(server.token)
            yield bot


async def _do_nothing(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("ok")


async def test_the_first_start_syncs_and_the_next_start_with_the_same_commands_does_not(
    server,
    tmp_path,
):
    config = test_config(tmp_path, workers=1)

    await start_and_stop(server, config)
    assert overwrites(server) == 1
    assert {"solve", "daily", "sync"} <= set(server.command_names())

    await start_and_stop(server, config)
    assert overwrites(server) == 1  # the same commands: nothing sent
    assert overwrites(server, GUILD_OVERWRITE) == 0  # no development server configured
    server.assert_no_violations()


async def test_changed_commands_are_synced_again_once(server, tmp_path):
    config = test_config(tmp_path)
    async with logged_in(server, config) as bot:
        await bot.sync_changed_commands()
    async with logged_in(server, config, extra_command="newkind") as bot:
        await bot.sync_changed_commands()
    assert overwrites(server) == 2
    assert "newkind" in server.command_names()

    async with logged_in(server, config, extra_command="newkind") as bot:
        await bot.sync_changed_commands()
    assert overwrites(server) == 2


def listed_twice(server: LocalDiscord) -> list[str]:
    """Commands a member of the default server sees twice (a global one and a server copy)."""
    names = server.visible_command_names(server.owner)
    return sorted({name for name in names if names.count(name) > 1})


async def test_the_development_server_alone_gets_the_commands_once_and_is_remembered(
    server,
    tmp_path,
):
    config = test_config(tmp_path, development_guild=server.guild.id)
    for _ in range(2):
        async with logged_in(server, config) as bot:
            await bot.sync_changed_commands()
    assert overwrites(server, GUILD_OVERWRITE) == 1
    assert "solve" in server.command_names(server.guild)
    assert overwrites(server) == 0  # a development application: not every server too
    assert listed_twice(server) == []


async def test_syncing_a_server_clears_its_copies_so_no_command_is_listed_twice(
    server,
    tmp_path,
):
    """/sync scope:server used to copy every global command into the server, where members
    then saw each twice; a server holds only its own commands (none), so it clears them."""
    config = test_config(tmp_path)
    async with logged_in(server, config) as older_version:
        await older_version.sync_commands(None)
        copy = discord.Object(server.guild.id)
        older_version.tree.copy_global_to(guild=copy)  # what /sync scope:server used to do
        await older_version.tree.sync(guild=copy)
    assert "solve" in listed_twice(server)

    async with logged_in(server, config) as bot:
        await bot.sync_commands(server.guild.id)
    assert server.command_names(server.guild) == []
    assert listed_twice(server) == [] and "solve" in server.visible_command_names(server.owner)


async def test_commands_are_for_servers_only_and_those_needing_one_say_so(server, tmp_path):
    """Guild install only (User Install would show them where the bot is not), usable in a
    server or a DM with the bot; the daily, settings, board and data commands only in a
    server (contexts: 0 server, 1 the bot's DM, 2 private channels)."""
    async with logged_in(server, test_config(tmp_path)) as bot:
        await bot.sync_commands(None)
    [put] = server.requests_to("PUT", GLOBAL_OVERWRITE)
    sent = {command["name"]: command for command in put.json}
    assert {tuple(c.get("integration_types") or ()) for c in sent.values()} == {(0,)}
    needs_a_server = {
        "daily", "puzzle-settings", "leaderboard", "stats", "delete-my-data", "sync", "race",
        "together", "guess",
    }  # fmt: skip
    for name, command in sent.items():
        expected = [0] if name in needs_a_server else [0, 1]
        assert sorted(command.get("contexts") or ()) == expected, name
    server.assert_no_violations()


async def test_a_forced_sync_is_remembered_so_the_next_start_does_not_repeat_it(
    server,
    tmp_path,
):
    config = replace(test_config(tmp_path), token=server.token)
    with server.patch_discord():
        assert await sync(config, None) == len(server.commands())
        assert await sync(config, None) == len(server.commands())  # forced: sent again
    assert overwrites(server) == 2

    async with logged_in(server, config) as bot:
        await bot.sync_changed_commands()
    assert overwrites(server) == 2
