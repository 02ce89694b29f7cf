"""Starts the playground: the local Discord-compatible server with its members, the real bot
against it (its own database, in a temporary folder), and the page on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import tempfile
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

from bot.app import PuzzleBot
from bot.config import Config
from localdiscord import LocalDiscord

from .clock import PlaygroundClock
from .web import PlaygroundWeb
from .world import Member, furnish

READY_TIMEOUT = 180.0  # the worker pool warms up and the word lists load first
# Seconds between gateway heartbeats. discord.py notes when a heartbeat was sent only after
# its thread wakes, so the local server's instant ACK can look one whole interval late; past
# 10 s it logs "Can't keep up" at every beat. Shorter than that, nothing is logged.
HEARTBEAT = 5.0
# What the local server keeps of requests, frames, interactions and messages (the oldest go
# first): a page shows a channel's newest 100 messages, and a playground left running for
# days stays the same size (bench/playground_memory.py). A text box opened 300 interactions
# ago can no longer be sent, as a Discord one expires.
HISTORY = 300


class Playground:
    """The running parts, for the CLI and the tests: ``server``, ``bot``, ``clock``,
    ``members`` and ``web`` (its ``url`` is the page's address)."""

    def __init__(self, server, bot, clock, members, web) -> None:
        self.server: LocalDiscord = server
        self.bot: PuzzleBot = bot
        self.clock: PlaygroundClock = clock
        self.members: list[Member] = members
        self.web: PlaygroundWeb = web

    @property
    def url(self) -> str:
        return self.web.url


@contextlib.asynccontextmanager
async def playground(config: Config, *, port: int = 0) -> AsyncIterator[Playground]:
    """The playground, started (the bot ready, its commands synced, the page served) and
    stopped on exit. The bot keeps the settings of `config` but its token, which the local
    server makes up, and its database, which lasts as long as the playground."""
    async with contextlib.AsyncExitStack() as stack:
        server = await stack.enter_async_context(
            LocalDiscord(heartbeat_interval=HEARTBEAT, history=HISTORY)
        )
        members = furnish(server)
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="puzzlebot-playground-"))
        clock = PlaygroundClock()
        own = replace(
            config,
            token=server.token,
            database=str(Path(folder) / "playground.sqlite3"),
            development_guild=0,  # commands are synced globally, as a first start does
        )
        bot = PuzzleBot(own, clock=clock, guild_ready_timeout=0.05)
        web = PlaygroundWeb(server, bot, clock, members)
        stack.push_async_callback(web.close)
        await web.start(port)  # first: a port in use is said at once, not after the bot starts
        await stack.enter_async_context(server.run_bot(bot, ready_timeout=READY_TIMEOUT))
        yield Playground(server, bot, clock, members, web)


async def serve_playground(
    config: Config, *, port: int = 0, announce: Callable[[str], None] = print
) -> None:
    """Run the playground until Ctrl-C or SIGTERM."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        announce("Starting the bot against the built-in local Discord server...")
        async with playground(config, port=port) as running:
            announce(f"Playground: {running.url}  (open it in a browser; Ctrl-C stops it)")
            await stop.wait()
            announce("Stopping the playground.")
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
