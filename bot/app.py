"""The Discord client: opens shared resources once, loads the cogs, shuts down cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import gc
import hashlib
import json
import logging
import signal
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import jobs
from bot.config import Config
from bot.daily.game import DailyService
from bot.daily.scheduler import DailyScheduler
from bot.daily.store import DailyStore
from bot.database import Database
from bot.failed_requests import FailedRequests
from bot.pool import WorkerPool
from bot.puzzle_service import PuzzleService
from bot.ratelimit import SolveLimits
from bot.servers import ServerSettings
from bot.shards import identify_delay
from bot.translator import CatalogueTranslator
from puzzles.lexicon import lexicon

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.errors",
    "cogs.puzzles",
    "cogs.daily",
    "cogs.race",
    "cogs.together",
    "cogs.admin",
    "cogs.help",
)


class PuzzleBot(commands.AutoShardedBot):
    """puzzlebot. With `serve_commands=False` it only loads the command tree (for syncing).

    Sharded, as large bots are: it runs the config's shard_ids of shard_count shards (by
    default as many as Discord recommends, all in this process), one gateway connection each.
    """

    def __init__(
        self,
        config: Config,
        *,
        serve_commands: bool = True,
        clock: Callable[[], dt.datetime] | None = None,
        **options: Any,
    ):
        _silence_voice_warnings()
        intents = discord.Intents.none()
        intents.guilds = True  # slash commands need no message content or member lists
        intents.members = config.members_intent  # only to hide members who left from boards
        # Every failed request to Discord is counted; daily posts wait when they pile up.
        self.failed_requests = FailedRequests()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            # Never ask for every server's member list at start (discord.py would, with the
            # members intent): Discord gives it once per server per 30 s, and on_ready would
            # wait minutes per shard. Boards show the names the results keep; members who
            # leave arrive as events whether or not they were cached.
            chunk_guilds_at_startup=False,
            # Installed to servers only, never to a user's account (User Install would show
            # the commands in servers without the bot); usable in servers and in a DM with
            # the bot, and the commands that need a server say so (guild_only).
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=False
            ),
            help_command=None,
            owner_ids=set(config.owner_ids) or None,
            # Nothing the bot echoes (puzzle text, names) may ever ping anyone.
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=config.shard_count or None,  # None: as Discord recommends
            shard_ids=list(config.shard_ids) or None,  # None: all of them
            http_trace=self.failed_requests.trace_config(),
            **options,
        )
        self.config = config
        self.serve_commands = serve_commands
        # Daily puzzles follow this clock (UTC); tests drive it to move through days.
        self.clock = clock or (lambda: dt.datetime.now(dt.UTC))
        self.database: Database | None = None
        self.pool: WorkerPool | None = None
        self.service: PuzzleService | None = None
        self.daily: DailyService | None = None
        self.servers: ServerSettings | None = None  # a server's language for public posts
        self.daily_scheduler: DailyScheduler | None = None
        self._identified: set[int] = set()  # shards identified once: later ones reconnect

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """A process of some of the shards identifies each in its turn, shared with the other
        shard processes through the clock (bot/shards.py); reconnects wait as discord.py does."""
        if self.config.shard_ids and shard_id is not None and shard_id not in self._identified:
            self._identified.add(shard_id)
            _, _, limits = await self.http.get_bot_gateway()
            count = self.shard_count or 1
            await asyncio.sleep(
                identify_delay(shard_id, count, limits["max_concurrency"], time.time())
            )
            return
        await super().before_identify_hook(shard_id, initial=initial)

    async def setup_hook(self) -> None:
        if self.serve_commands:
            await self.open_database()
            self.pool = WorkerPool(
                self.config.workers,
                self.config.deadline_seconds,
                self.config.queue_size,
                initializer=jobs.warm_up_once,
                preload=["bot.preload"],  # loaded once, in the forkserver, shared by workers
            )
            # The word list loads in a thread while the workers start, for parsing here (a
            # ladder's words are checked as it is parsed): only its word hashes stay here, the
            # word sets and frequencies the solvers use live in the workers.
            await asyncio.gather(self.pool.start(), asyncio.to_thread(lexicon().contains, "a"))
            limits = SolveLimits(
                self.config.per_user,
                self.config.per_guild,
                self.config.window_seconds,
                reads_per_user=self.config.reads_per_user,
            )
            self.servers = ServerSettings(self.database.connection)
            self.service = PuzzleService(
                self.pool,
                limits,
                self.database,
                self.config.generate_deadline_seconds,
                servers=self.servers,
            )
            store = DailyStore(self.database.connection)
            self.daily = DailyService(store, self.service, self.clock)
            self.daily_scheduler = self._daily_scheduler(self.daily)
        # Descriptions and choice names in each member's language, sent with every sync.
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.daily_scheduler is not None:  # its Play buttons are answered from here on
            self.daily_scheduler.start()
        # The word lists are millions of long-lived objects: keep them out of the garbage
        # collector's full passes, which would otherwise stall the event loop for 30+ ms.
        gc.freeze()
        if self.serve_commands and self.syncs_commands:
            await self.sync_changed_commands()

    @property
    def syncs_commands(self) -> bool:
        """Whether this process sends the command tree at start: only the one running shard 0
        when shard processes share the bot (one tree; Discord limits how often it changes)."""
        return not self.config.shard_ids or 0 in self.config.shard_ids

    def _daily_scheduler(self, daily: DailyService) -> DailyScheduler:
        # What it posts is presented by the daily cog, which hands that over when it loads.
        return DailyScheduler(self, daily, self.config.daily_poll_seconds, self.failed_requests)

    async def sync_changed_commands(self) -> None:
        """At start: send the command tree to Discord (globally, and to the development server
        when one is set) only where it differs from the last successful sync.

        Discord limits how often commands may be created, so never sync blindly at every start.
        A failed sync is logged and tried again at the next start; `puzzlebot sync` forces one.
        """
        scopes = [self.config.development_guild or None]
        for guild_id in scopes:
            if self.is_closed():  # stopped while starting (Ctrl-C): nothing to sync for
                return
            if await self._synced_fingerprint(guild_id) == await self._tree_fingerprint(guild_id):
                log.info(
                    "commands unchanged since the last sync to %s; not syncing",
                    _scope_name(guild_id),
                )
                continue
            try:
                await self.sync_commands(guild_id)
            except discord.HTTPException as error:
                log.warning(
                    "could not sync the commands to %s (%s); will try again at the next start,"
                    " or run `puzzlebot sync`",
                    _scope_name(guild_id),
                    error,
                )

    async def open_database(self) -> Database:
        """Open (and migrate) the database once. `serve` calls it before contacting Discord,
        so a bad database path is reported as itself, at once; raises StorageError."""
        if self.database is None:
            self.database = await Database.open(self.config.database)
        return self.database

    async def sync_commands(
        self, guild_id: int | None = None
    ) -> list[discord.app_commands.AppCommand]:
        """Send the command tree to Discord: to one guild or globally (None), and remember it."""
        synced = await self.tree.sync(guild=self._scope(guild_id))
        log.info("synced %d commands to %s", len(synced), _scope_name(guild_id))
        if self.database is not None:
            await self.database.set_state(
                self._fingerprint_key(guild_id), await self._tree_fingerprint(guild_id)
            )
        return synced

    def _scope(self, guild_id: int | None) -> discord.Object | None:
        """Where a sync goes, holding only what that scope needs, so no server lists a command
        twice: every server (None) the global commands; the development server a copy of them
        (which is why it is the only scope synced when set: for a development application);
        any other server only commands of its own (none today), so syncing there clears copies
        left before."""
        if guild_id is None:
            return None
        guild = discord.Object(id=guild_id)
        if guild_id == self.config.development_guild:
            self.tree.copy_global_to(guild=guild)
        return guild

    async def command_payload(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        """What a sync to this scope sends: each command as JSON with its localizations (the
        translator's, asked for as discord.py's tree.sync asks), sorted by type and name.
        Translating every locale takes some 25 ms, once per sync or start."""
        guild = self._scope(guild_id)
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        return sorted(payload, key=lambda command: (command.get("type", 1), command["name"]))

    async def _tree_fingerprint(self, guild_id: int | None) -> str:
        """A hash of exactly what a sync to this scope would send, translations included: the
        same tree and catalogue, the same hash; a changed translation syncs again."""
        payload = await self.command_payload(guild_id)
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()

    def _fingerprint_key(self, guild_id: int | None) -> str:
        # Per application: the same database used with another bot's token syncs that bot too.
        return f"synced_commands:{self.application_id}:{guild_id or 'global'}"

    async def _synced_fingerprint(self, guild_id: int | None) -> str | None:
        if self.database is None:
            return None
        return await self.database.state(self._fingerprint_key(guild_id))

    async def close(self) -> None:
        """Stop the daily posts, then the pool: its jobs end and their members are told while
        Discord is still reachable; then the gateway and HTTP session, then the database
        (nothing half-written)."""
        if self.daily_scheduler is not None:
            await self.daily_scheduler.stop()
        if self.service is not None:
            await self.service.close()
        elif self.pool is not None:
            await self.pool.close()
        self.pool = None
        await super().close()
        if self.database is not None:
            await self.database.close()
            self.database = None


def _scope_name(guild_id: int | None) -> str:
    return f"server {guild_id}" if guild_id else "every server"


def _silence_voice_warnings() -> None:
    """The bot never joins voice, so discord.py's warnings that PyNaCl or davey (voice
    encryption) are missing are noise; these class flags are how discord.py turns them off."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False  # discord.py 2.7+; a harmless flag before that


async def serve(config: Config, bot: PuzzleBot | None = None, **options: Any) -> None:
    """Run until SIGINT or SIGTERM, then close cleanly."""
    bot = bot or PuzzleBot(config, **options)
    if bot.serve_commands:
        await bot.open_database()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await _run_until(bot, config.token, stop)
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)


async def _run_until(bot: PuzzleBot, token: str, stop: asyncio.Event) -> None:
    async with bot:
        running = asyncio.create_task(bot.start(token))
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stopping in done:
            log.info("stopping: closing the gateway, the worker pool and the database")
        await bot.close()
        stopping.cancel()
        if running in done:
            running.result()  # re-raise a login or connection failure
        else:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running


async def sync(config: Config, guild_id: int | None) -> int:
    """Log in over HTTP only, send the command tree, and return how many commands were synced."""
    bot = PuzzleBot(config, serve_commands=False)
    async with bot:
        # The database remembers what was synced, so the next start does not sync it again.
        bot.database = await Database.open(config.database)
        await bot.login(config.token)
        return len(await bot.sync_commands(guild_id))
