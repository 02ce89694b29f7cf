"""A local Discord-compatible server for end-to-end tests of the bot with the real discord.py.

It speaks enough of Discord's HTTP API v10 and gateway (JSON; zlib-stream when the client asks,
as discord.py does) for ``discord.Client`` / ``commands.Bot`` / ``AutoShardedBot`` to log in,
receive READY and GUILD_CREATE, sync its command tree and answer slash commands, autocomplete,
buttons, selects and modals. Every HTTP request is recorded; Discord's rules are enforced
(3-second initial response, 15-minute interaction tokens, message/modal/command limits) and
every rule broken, or unknown route called, lands in ``server.violations``.

Usage (pytest-asyncio auto mode; copy and adapt)::

    import discord
    from bot.localdiscord import LocalDiscord

    async def test_solve_letterboxed():
        async with LocalDiscord(heartbeat_interval=0.25) as server:
            bot = make_bot(guild_ready_timeout=0.05)  # small, or READY waits 2 s for guilds
            async with server.run_bot(bot):  # patches discord.py, starts, waits until ready
                await bot.tree.sync(guild=discord.Object(server.guild.id))
                assert "solve" in server.command_names(guild=server.guild)

                interaction = await server.send_slash_command(
                    "solve letterboxed", options={"puzzle": "vro wal eth bdi"}
                )
                assert (await interaction.initial_response()).callback_type == 5  # deferred
                reply = await interaction.reply(timeout=10)  # first visible message
                assert reply.attachments[0].png_size() == (600, 600)
                assert not reply.ephemeral and not reply.pings_everyone
            server.assert_no_violations()  # also fails for interactions never answered
            assert server.heartbeat_lateness() < 0.1

The driver API (all ``async``, all on ``server``):
    send_slash_command(name, options, *, user, guild, channel, subcommand) -> InteractionHandle
        ``name`` may be a path ("solve letterboxed"); the command must have been synced (its
        declared option types are used; unknown/missing options raise ValueError).
    send_autocomplete(name, options, focused, ...) -> handle: ``handle.autocomplete_choices()``
    submit_modal(custom_id, fields) or ``await handle.submit_modal(fields)`` for the modal the
        bot opened on that interaction -> handle of the submit interaction.
    click_button(message, custom_id=None, *, label=None, user=None), choose_select(...) -> handle
    wait_for_request(predicate), wait_for_channel_message(channel, predicate),
    wait_for_gateway_frame(predicate), dispatch(event, data), drop_gateway(code, shard=None)
    shard_guilds((id, count)): the servers a shard carries (see "Shards" on LocalDiscord)

An ``InteractionHandle`` (see interactions.py) has ``initial_response()``, ``followups(n)``,
``wait_for_message(predicate)``, ``reply()``, ``wait_for_request(predicate)``, ``requests``,
``messages`` (snapshots with ``recorded_at``), ``sent_at``. Latency from INTERACTION_CREATE to
the image: ``(await h.wait_for_request(lambda r: r.files)).received_at - h.sent_at``.

Recorded state: ``requests`` (``RecordedRequest``: method, path, route template, json, files
with bytes, flags/ephemeral, status, received_at), ``requests_to(method, route)``,
``commands(guild)``, ``messages``, ``channel_messages(channel)``, ``heartbeats``,
``heartbeat_lateness()``, ``gateway_received``, ``identify_payloads``, ``violations``,
``unanswered_interactions()``. ``rate_limit(method, route)`` makes a route answer 429 once.

Permissions: ``send_slash_command``/``send_autocomplete`` raise ``CommandHidden`` for a
command whose default_member_permissions the user lacks (Discord's client never shows it),
unless ``guild.command_users[name]`` lets them (a moderator's override);
``visible_command_names(user)`` is what they are shown. Syncing refuses
default_member_permissions on a subcommand. ``channel.deny(bot_user.id, SEND_MESSAGES)``
makes the bot's posts there a 403 (violation kind "forbidden").

The default world: ``server.guild`` ("Puzzle Test Server") with text channels
``server.channel`` ("general") and "puzzles", the bot as a member with a managed role, the
guild owner, and the user ``server.user`` ("alice"). Add more before the bot connects:
``server.add_user("bob")`` (joins the default guild), ``server.add_guild("Other")``,
``guild.add_text_channel("daily")``; ``await server.delete_channel(channel)`` deletes one.
Interactions always come from a guild channel.

Not modelled: voice, threads, reactions, DMs beyond POST /users/@me/channels, MESSAGE_CREATE
for interaction replies (only for the bot's own channel posts), real rate-limit buckets.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
import uuid
import zlib
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import WSMsgType, web
from discord.gateway import DiscordWebSocket

from bot.shards import shard_of

from . import validation
from .interactions import (
    ALLOWED_RESPONSES,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE,
    InteractionHandle,
    build_options,
    modal_submit_components,
    resolved_for,
)
from .models import (
    ATTACH_FILES,
    BOT_PERMISSIONS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    LOADING,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    FakeChannel,
    FakeGuild,
    FakeRole,
    FakeUser,
    RecordedFile,
    RecordedRequest,
    StoredAttachment,
    StoredMessage,
    Violation,
    iso_now,
    snowflake,
)

T = TypeVar("T")
API_PREFIX = "/api/v{version}"
GUILD_MESSAGES_INTENT = 1 << 9
DM_MESSAGES_INTENT = 1 << 12
KEPT_MESSAGE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # suppress embeds, silent, components v2
NO_AUTH_PREFIXES = ("/webhooks/", "/interactions/")
INVALID_SHARD = 4010  # gateway close codes: a shard that cannot exist,
SHARDING_REQUIRED = 4011  # or one that would carry more servers than Discord allows
GUILDS_PER_SHARD = 2500  # Discord's most per connection
UNSHARDED = (0, 1)  # an IDENTIFY without "shard" is shard 0 of 1: it carries every server


# Where the middleware leaves the RecordedRequest for the handler (plain key on old aiohttp).
RECORD: Any = web.RequestKey("record", RecordedRequest) if hasattr(web, "RequestKey") else "record"


class WaitTimeout(AssertionError):
    """A driver wait ran out of time; the message lists what the server saw instead."""


class CommandHidden(LookupError):
    """The member lacks the command's default_member_permissions: Discord's client does not
    show it to them, so they cannot run it (nor get its autocomplete)."""


@dataclass
class _RateLimit:
    method: str
    route: str
    retry_after: float
    is_global: bool
    remaining: int


@dataclass
class _Session:
    id: str
    intents: int
    shard: tuple[int, int] = UNSHARDED  # [shard_id, shard_count] from IDENTIFY
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    connection: _Connection | None = None


class _Connection:
    """One gateway websocket: sends frames in order, zlib-stream compressed if asked."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.compressor = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()
        self.heartbeats: list[float] = []
        self.session: _Session | None = None

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def send(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame)
        async with self.lock:
            if self.ws.closed:
                return
            if self.compressor is None:
                await self.ws.send_str(text)
            else:
                data = self.compressor.compress(text.encode()) + self.compressor.flush(
                    zlib.Z_SYNC_FLUSH
                )
                await self.ws.send_bytes(data)


@contextlib.contextmanager
def discord_at(url: str) -> Iterator[None]:
    """Point this process's discord.py (HTTP routes, default gateway) at the server listening
    at `url` (e.g. a LocalDiscord in another process); restore after."""
    old_base, old_gateway = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = f"{url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http://", "ws://", 1) + "/gateway")
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json" (no charset).
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _error(status: int, code: int, message: str, errors: list[str] | None = None) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": e} for e in errors]}
    return _json(body, status)


class LocalDiscord:
    """The fake Discord: an aiohttp app on 127.0.0.1 plus the driver API tests use.

    Args:
        heartbeat_interval: seconds announced in HELLO (Discord uses 41.25; use ~0.2-1.0 in
            tests so heartbeat timing is observable).
        interaction_deadline: seconds the bot has for the initial response (Discord: 3).
        token_lifetime: seconds an interaction token accepts followups (Discord: 15 min).
        token: the bot token the server accepts (``run_bot`` uses it).
        strict_commands: ``send_slash_command`` refuses commands the bot has not synced.
        gateway_compression: honour ``compress=zlib-stream`` in the gateway URL.
        dispatch_message_events: send MESSAGE_CREATE/UPDATE/DELETE for the bot's channel
            messages, as Discord does, when the bot's intents ask for them.
        shards: the shard count GET /gateway/bot recommends (an AutoShardedBot without a
            shard_count opens that many connections).

    Shards, as Discord: each gateway connection that IDENTIFYs with ``shard: [id, count]``
    gets READY and GUILD_CREATE for the servers on that shard only (``(guild_id >> 22) %
    count == id``, bot/shards.py), and every event of a server (its interactions too) goes
    on its shard's connection; events of no server (DMs) on shard 0. A shard that cannot
    exist is closed with 4010, one carrying over 2,500 servers with 4011.
    ``add_guild(name, shard=(id, count))`` makes a server on a chosen shard.

    Recorded state (read it in tests):
        requests: every HTTP request (``RecordedRequest``), in arrival order.
        violations: every Discord rule the bot broke or unknown route it called.
        heartbeats: ``loop.time()`` of every gateway heartbeat received.
        gateway_received: every gateway frame the client sent.
        gateway_connections: the query string of every gateway connection (v, encoding,
            compress).
        messages: id -> ``StoredMessage`` (live state, with attachments' bytes).
        interactions: id -> ``InteractionHandle``.
    """

    def __init__(
        self,
        *,
        heartbeat_interval: float = 41.25,
        interaction_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        token: str = "fake-bot-token",
        bot_name: str = "PuzzleBot",
        strict_commands: bool = True,
        gateway_compression: bool = True,
        dispatch_message_events: bool = True,
        shards: int = 1,
    ) -> None:
        self.heartbeat_interval = heartbeat_interval
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.token = token
        self.strict_commands = strict_commands
        self.gateway_compression = gateway_compression
        self.dispatch_message_events = dispatch_message_events
        self.recommended_shards = shards  # what GET /gateway/bot tells an AutoShardedBot

        self.application_id = snowflake()
        self.bot_user = FakeUser(id=self.application_id, username=bot_name, bot=True)
        self.owner = FakeUser(id=snowflake(), username="owner")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: list[FakeGuild] = []
        self.dm_channels: dict[int, FakeChannel] = {}
        self.guild = self.add_guild("Puzzle Test Server")
        self.channel = self.guild.channel("general")
        self.guild.add_text_channel("puzzles")
        self.user = self.add_user("alice")

        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.heartbeats: list[float] = []
        self.gateway_received: list[dict[str, Any]] = []
        self.gateway_connections: list[dict[str, str]] = []  # query of each gateway connect
        self.messages: dict[int, StoredMessage] = {}
        self.interactions: dict[int, InteractionHandle] = {}
        self._by_token: dict[str, InteractionHandle] = {}
        self._modals: dict[str, tuple[dict[str, Any], StoredMessage | None]] = {}
        self._commands: dict[int | None, list[dict[str, Any]]] = {}
        self._rate_limits: list[_RateLimit] = []
        self._sessions: dict[str, _Session] = {}
        self._session: _Session | None = None  # the latest identified
        self._shard_sessions: dict[tuple[int, int], _Session] = {}  # the latest per shard
        self._connections: list[_Connection] = []
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.url = ""

    # ----------------------------------------------------------------- lifecycle

    async def __aenter__(self) -> LocalDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def start(self) -> None:
        """Listen on 127.0.0.1 on a free port; ``self.url`` is then e.g. http://127.0.0.1:4711."""
        app = web.Application(middlewares=[self._record_middleware], client_max_size=64 << 20)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"

    async def close(self) -> None:
        """Close every gateway socket and stop the server."""
        for connection in self._connections:
            if connection.open:
                await connection.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_url(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.url.replace("http://", "ws://", 1) + "/gateway"

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[LocalDiscord]:
        """Point discord.py's HTTP routes and default gateway at this server; restore after.

        READY's ``resume_gateway_url`` and GET /gateway/bot already point here.
        """
        with discord_at(self.url):
            yield self

    @contextlib.asynccontextmanager
    async def run_bot(self, bot: discord.Client, *, ready_timeout: float = 10.0) -> AsyncIterator:
        """Start ``bot`` against this server, wait until it is ready, close it on exit.

        Construct the bot with a small ``guild_ready_timeout`` (e.g. 0.05): discord.py waits
        that long after the last GUILD_CREATE before it is ready (default 2 s).
        """
        with self.patch_discord():
            task = asyncio.create_task(bot.start(self.token), name="localdiscord-bot")
            try:
                await self._until_ready(bot, task, ready_timeout)
                yield bot
            finally:
                await bot.close()
                try:
                    await asyncio.wait_for(task, timeout=5.0)
                except (TimeoutError, asyncio.CancelledError):
                    task.cancel()
                await _cancel_leftover_handlers()

    async def _until_ready(self, bot: discord.Client, task: asyncio.Task, timeout: float) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not bot.is_ready():
            if task.done():
                task.result()  # re-raise what stopped the bot from starting
                raise RuntimeError("the bot stopped before it was ready")
            if asyncio.get_running_loop().time() > deadline:
                raise WaitTimeout(f"the bot was not ready after {timeout} s\n{self._summary()}")
            await asyncio.sleep(0.01)

    # ----------------------------------------------------------------- the world

    def add_user(
        self, username: str, *, guild: FakeGuild | None = None, bot: bool = False
    ) -> FakeUser:
        """A new user, made a member of ``guild`` (default: the default guild, if any)."""
        user = FakeUser(id=snowflake(), username=username, global_name=username.title(), bot=bot)
        self.users[user.id] = user
        target = guild or (self.guilds[0] if self.guilds else None)
        if target is not None:
            target.add_member(user)
        return user

    def add_guild(
        self,
        name: str,
        *,
        channels: tuple[str, ...] = ("general",),
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild with @everyone, the bot's managed role, the bot and the owner as members;
        ``shard=(id, count)`` gives it an id on that shard (of ``count``)."""
        guild = FakeGuild(id=_guild_id(shard), name=name, owner_id=self.owner.id)
        guild.roles.append(
            FakeRole(id=guild.id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
        )
        bot_role = FakeRole(
            id=snowflake(),
            name=self.bot_user.username,
            permissions=BOT_PERMISSIONS,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles.append(bot_role)
        for channel_name in channels:
            guild.add_text_channel(channel_name)
        guild.add_member(self.bot_user, bot_role)
        guild.add_member(self.owner)
        self.guilds.append(guild)
        return guild

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a guild channel, as a moderator would: requests to it answer 404 Unknown
        Channel from now on, and a connected bot gets CHANNEL_DELETE."""
        guild = self._guild_of(channel)
        if guild is None or channel not in guild.channels:
            raise ValueError(f"#{channel.name} is not a guild channel here")
        guild.channels.remove(channel)
        if self._shard_sessions:
            await self.dispatch("CHANNEL_DELETE", channel.payload())

    def find_channel(self, channel_id: int) -> FakeChannel | None:
        for guild in self.guilds:
            for channel in guild.channels:
                if channel.id == channel_id:
                    return channel
        return self.dm_channels.get(channel_id)

    def _guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == channel.guild_id), None)

    # ----------------------------------------------------------------- recorded state

    def commands(self, guild: FakeGuild | int | None = None) -> list[dict[str, Any]]:
        """The synced commands (global, or of ``guild``) as stored after PUT/POST."""
        return list(self._commands.get(_id_of(guild), []))

    def command_names(self, guild: FakeGuild | int | None = None) -> list[str]:
        return [command["name"] for command in self.commands(guild)]

    def command(self, name: str, guild: FakeGuild | int | None = None) -> dict[str, Any]:
        for command in self.commands(guild):
            if command["name"] == name:
                return command
        raise KeyError(f"no synced command {name!r}; synced: {self.command_names(guild)}")

    def requests_to(self, method: str, route: str) -> list[RecordedRequest]:
        """Recorded requests by method and route template (or concrete path)."""
        return [r for r in self.requests if r.method == method and route in (r.route, r.path)]

    def channel_messages(
        self, channel: FakeChannel | int | None = None, *, include_ephemeral: bool = False
    ) -> list[StoredMessage]:
        """Live, non-deleted messages in a channel (default channel if None), oldest first;
        ephemeral ones (seen only by one user) only if asked for."""
        channel_id = _id_of(channel) or self.channel.id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and (include_ephemeral or not m.ephemeral)
        ]

    @property
    def identify_payloads(self) -> list[dict[str, Any]]:
        return [frame["d"] for frame in self.gateway_received if frame.get("op") == 2]

    def heartbeat_lateness(self) -> float:
        """The most any heartbeat arrived after it was due (seconds, >= 0).

        A beat is due one interval after the previous one; for a connection still open, the
        time since its last beat counts too, so a heartbeat that never came is caught.
        """
        now = asyncio.get_running_loop().time()
        worst = 0.0
        for connection in self._connections:
            beats = connection.heartbeats
            gaps = [later - earlier for earlier, later in itertools.pairwise(beats)]
            if beats and connection.open:
                gaps.append(now - beats[-1])
            worst = max([worst, *(gap - self.heartbeat_interval for gap in gaps)])
        return worst

    def unanswered_interactions(self) -> list[InteractionHandle]:
        """Interactions whose deadline passed without an accepted initial response (the user
        would have seen "The application did not respond")."""
        now = asyncio.get_running_loop().time()
        return [
            handle
            for handle in self.interactions.values()
            if not handle.acknowledged and now - handle.sent_at > self.interaction_deadline
        ]

    def assert_no_violations(self, *, allow: tuple[str, ...] = ()) -> None:
        """Fail listing every violation whose kind is not in ``allow``, counting interactions
        never answered in time as kind "no_initial_response"."""
        unanswered = [
            Violation("no_initial_response", f"interaction {h.id} ({_describe(h)}) got no answer")
            for h in self.unanswered_interactions()
            if not h.callbacks  # a late or rejected answer is already a violation
        ]
        found = [v for v in [*self.violations, *unanswered] if v.kind not in allow]
        if found:
            raise AssertionError("Discord rules broken:\n" + "\n".join(map(str, found)))

    def rate_limit(
        self,
        method: str,
        route: str,
        *,
        retry_after: float = 0.05,
        is_global: bool = False,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` requests to ``route`` with 429 (with ``Via`` and
        ``retry_after``, as Discord does), so the client has to wait and retry.

        ``route`` is a template ("/channels/{channel_id}/messages") or a concrete path.
        """
        self._rate_limits.append(_RateLimit(method, route, retry_after, is_global, times))

    async def wait_for_request(
        self, predicate: Callable[[RecordedRequest], bool], timeout: float = 5.0
    ) -> RecordedRequest:
        """The first recorded request (past or future) matching ``predicate``."""
        return await self._wait_until(
            lambda: next((r for r in self.requests if predicate(r)), None), timeout, "a request"
        )

    async def wait_for_channel_message(
        self,
        channel: FakeChannel | int | None = None,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> StoredMessage:
        """The first message in ``channel`` (default channel) matching ``predicate``."""
        return await self._wait_until(
            lambda: next(
                (m for m in self.channel_messages(channel) if predicate is None or predicate(m)),
                None,
            ),
            timeout,
            "a channel message",
        )

    async def wait_for_gateway_frame(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        """The first frame the client sent (e.g. ``lambda f: f["op"] == 6`` for RESUME)."""
        return await self._wait_until(
            lambda: next((f for f in self.gateway_received if predicate(f)), None),
            timeout,
            "a gateway frame from the client",
        )

    def _notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def _wait_until(self, check: Callable[[], T | None], timeout: float, what: str) -> T:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result is not None and result is not False:
                return result
            changed = self._changed
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise WaitTimeout(
                    f"timed out after {timeout} s waiting for {what}\n{self._summary()}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    def _summary(self) -> str:
        lines = ["last requests:", *(f"  {r!r}" for r in self.requests[-10:])]
        lines += ["violations:", *(f"  {v}" for v in self.violations)]
        return "\n".join(lines)

    def _violate(self, kind: str, message: str, request: RecordedRequest | None) -> None:
        self.violations.append(Violation(kind, message, request))

    # ----------------------------------------------------------------- gateway

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH event to the connected bot (buffered for RESUME if disconnected): on
        the connection of the shard of ``data["guild_id"]`` (shard 0 when there is none)."""
        if not self._shard_sessions:
            raise RuntimeError("no bot has identified on the gateway yet")
        guild_id = data.get("guild_id")
        sessions = self._sessions_carrying(guild_id)
        if not sessions:
            raise RuntimeError(
                f"no bot has identified on the shard of server {guild_id} (identified:"
                f" {sorted(self._shard_sessions)})"
            )
        for session in sessions:
            await self._dispatch_to(session, event, data)

    def _sessions_carrying(self, guild_id: int | str | None) -> list[_Session]:
        """The sessions Discord sends a server's events on: each shard's latest session whose
        shard the server is on (every bot computes the rule for itself, as Discord does)."""
        return [
            session
            for (shard_id, count), session in self._shard_sessions.items()
            if (shard_id == 0 if guild_id is None else shard_of(int(guild_id), count) == shard_id)
        ]

    def shard_guilds(self, shard: tuple[int, int] | list[int]) -> list[FakeGuild]:
        """The servers on shard ``(id, count)``: what its READY lists."""
        shard_id, count = shard
        return [guild for guild in self.guilds if shard_of(guild.id, count) == shard_id]

    async def _dispatch_to(self, session: _Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.connection is not None and session.connection.open:
            await session.connection.send(frame)

    async def drop_gateway(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close the bot's gateway sockets, or only shard ``shard``'s (4000: it may RESUME,
        as after a network error)."""
        for connection in self._connections:
            session = connection.session
            if shard is not None and (session is None or session.shard[0] != shard):
                continue
            if connection.open:
                await connection.ws.close(code=code)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = self.gateway_compression and request.query.get("compress") == "zlib-stream"
        connection = _Connection(ws, compress)
        self._connections.append(connection)
        self.gateway_connections.append(dict(request.query))
        interval_ms = round(self.heartbeat_interval * 1000)
        await connection.send({"op": 10, "d": {"heartbeat_interval": interval_ms}})
        async for message in ws:
            if message.type is WSMsgType.TEXT:
                await self._on_frame(connection, json.loads(message.data))
        self._notify()
        return ws

    async def _on_frame(self, connection: _Connection, frame: dict[str, Any]) -> None:
        now = asyncio.get_running_loop().time()
        self.gateway_received.append({**frame, "received_at": now})
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            connection.heartbeats.append(now)
            self.heartbeats.append(now)
            await connection.send({"op": 11})
        elif op == 2:
            await self._identify(connection, data)
        elif op == 6:
            await self._resume(connection, data)
        elif op == 8:
            await self._send_member_chunk(connection, data)
        self._notify()

    async def _identify(self, connection: _Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = _shard_asked(data)
        if shard is None:
            await connection.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return
        guilds = self.shard_guilds(shard)
        if len(guilds) > GUILDS_PER_SHARD:
            await connection.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return
        session = _Session(id=uuid.uuid4().hex, intents=int(data.get("intents", 0)), shard=shard)
        session.connection = connection
        connection.session = session
        self._sessions[session.id] = session
        self._session = session
        self._shard_sessions[shard] = session  # a new session replaces the shard's old one
        ready = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "user_settings": {},
            "_trace": ["localdiscord"],
        }
        if "shard" in data:
            ready["shard"] = list(shard)
        await self._dispatch_to(session, "READY", ready)
        for guild in guilds:
            await self._dispatch_to(session, "GUILD_CREATE", guild.payload())

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> None:
        session = self._sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.token:
            await connection.send({"op": 9, "d": False})  # invalid session: identify again
            return
        session.connection = connection
        connection.session = session
        self._session = session
        self._shard_sessions[session.shard] = session
        for frame in session.events:
            if frame["s"] > (data.get("seq") or 0):
                await connection.send(frame)
        await self._dispatch_to(session, "RESUMED", {"_trace": ["localdiscord"]})

    async def _send_member_chunk(self, connection: _Connection, data: dict[str, Any]) -> None:
        guild = next((g for g in self.guilds if str(g.id) == str(data.get("guild_id"))), None)
        if guild is None or connection.session is None:
            return
        chunk = {
            "guild_id": str(guild.id),
            "members": [member.payload() for member in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self._dispatch_to(connection.session, "GUILD_MEMBERS_CHUNK", chunk)

    # ----------------------------------------------------------------- driving interactions

    async def send_slash_command(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        user: FakeUser | None = None,
        guild: FakeGuild | None = None,
        channel: FakeChannel | None = None,
        subcommand: str | None = None,
    ) -> InteractionHandle:
        """Dispatch INTERACTION_CREATE for ``/name [subcommand] options...``.

        ``name`` may hold the whole path ("solve letterboxed", "admin daily set");
        ``subcommand`` is an alternative way to give the rest of it. Option values are
        str/int/float/bool or FakeUser/FakeChannel/FakeRole (sent with ``resolved`` data).
        Returns the handle that follows the bot's response.
        """
        self._refuse_hidden(name.split()[0], user, guild or self._guild_for(channel))
        data = self._command_data(
            name, subcommand, options or {}, guild or self._guild_for(channel)
        )
        return await self._send_interaction(APPLICATION_COMMAND, data, user, guild, channel)

    async def send_autocomplete(
        self,
        name: str,
        options: dict[str, Any],
        focused: str,
        *,
        user: FakeUser | None = None,
        guild: FakeGuild | None = None,
        channel: FakeChannel | None = None,
        subcommand: str | None = None,
    ) -> InteractionHandle:
        """Dispatch an autocomplete interaction (type 4) while the user types option
        ``focused`` (its partial text is ``options[focused]``); then
        ``await handle.autocomplete_choices()``."""
        self._refuse_hidden(name.split()[0], user, guild or self._guild_for(channel))
        data = self._command_data(
            name, subcommand, options, guild or self._guild_for(channel), focused=focused
        )
        return await self._send_interaction(AUTOCOMPLETE, data, user, guild, channel)

    async def submit_modal(
        self,
        custom_id: str,
        fields: dict[str, str],
        *,
        user: FakeUser | None = None,
        guild: FakeGuild | None = None,
        channel: FakeChannel | None = None,
    ) -> InteractionHandle:
        """Dispatch a modal submit (type 5): ``fields`` maps text input custom_id -> value.

        The components mirror the modal the bot opened with that custom_id (action rows or
        labels), as Discord sends them.
        """
        modal, source = self._modals.get(custom_id, (None, None))
        if modal is None and self.strict_commands:
            raise LookupError(f"the bot never opened a modal with custom_id {custom_id!r}")
        data = {"custom_id": custom_id, "components": modal_submit_components(modal, fields)}
        return await self._send_interaction(MODAL_SUBMIT, data, user, guild, channel, source)

    async def click_button(
        self,
        message: StoredMessage | int,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        user: FakeUser | None = None,
    ) -> InteractionHandle:
        """Press a button (by custom_id or label) on a message the bot sent."""
        live = self._live_message(message)
        button = live.button(label=label, custom_id=custom_id)
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._component_interaction(live, data, user)

    async def choose_select(
        self,
        message: StoredMessage | int,
        custom_id: str,
        values: list[str],
        *,
        user: FakeUser | None = None,
    ) -> InteractionHandle:
        """Pick ``values`` in the select menu ``custom_id`` on a message the bot sent."""
        live = self._live_message(message)
        select = next((c for c in live.all_components() if c.get("custom_id") == custom_id), None)
        if select is None:
            raise KeyError(f"no component {custom_id!r} on message {live.id}")
        data = {"custom_id": custom_id, "component_type": select["type"], "values": values}
        return await self._component_interaction(live, data, user)

    def _live_message(self, message: StoredMessage | int) -> StoredMessage:
        message_id = message if isinstance(message, int) else message.id
        return self.messages[message_id]

    async def _component_interaction(
        self, live: StoredMessage, data: dict[str, Any], user: FakeUser | None
    ) -> InteractionHandle:
        channel = self.find_channel(live.channel_id)
        guild = self._guild_for(channel)
        return await self._send_interaction(MESSAGE_COMPONENT, data, user, guild, channel, live)

    def _guild_for(self, channel: FakeChannel | None) -> FakeGuild | None:
        return self._guild_of(channel) if channel is not None else None

    def _find_command(self, name: str, guild: FakeGuild | None) -> dict[str, Any] | None:
        scopes = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            for command in self._commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        return None

    def _command_data(
        self,
        name: str,
        subcommand: str | None,
        values: dict[str, Any],
        guild: FakeGuild | None,
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        path = name.split() + (subcommand.split() if subcommand else [])
        command = self._find_command(path[0], guild or self.guild)
        if command is None and self.strict_commands:
            raise LookupError(
                f"/{path[0]} is not synced (synced: {self._all_command_names()}); "
                "sync the tree first or use LocalDiscord(strict_commands=False)"
            )
        declared = command.get("options", []) if command else None
        kinds = []
        for depth, part in enumerate(path[1:], start=1):
            group = next((o for o in declared or [] if o["name"] == part), None)
            if command is not None and (group is None or group["type"] not in (1, 2)):
                raise LookupError(f"/{' '.join(path[:depth])} has no subcommand {part!r}")
            kinds.append(group["type"] if group else (1 if depth == len(path) - 1 else 2))
            declared = group.get("options", []) if group else None
        where = "/" + " ".join(path)
        subcommands = [o["name"] for o in declared or [] if o["type"] in (1, 2)]
        if subcommands:
            raise LookupError(f"{where} is a group; name one of its subcommands {subcommands}")
        options = build_options(declared, values, focused=focused, where=where)
        for part, kind in reversed(list(zip(path[1:], kinds, strict=True))):
            options = [{"name": part, "type": kind, "options": options}]
        data: dict[str, Any] = {
            "id": command["id"] if command else str(snowflake()),
            "name": path[0],
            "type": 1,
            "options": options,
        }
        if command and command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        resolved = resolved_for(values, guild or self.guild)
        if resolved:
            data["resolved"] = resolved
        return data

    def visible_command_names(
        self, user: FakeUser | None = None, guild: FakeGuild | None = None
    ) -> list[str]:
        """The synced commands ``user`` (default alice) is shown in ``guild``'s command list."""
        guild = guild or self.guild
        granted = guild.permissions_of((user or self.user).id)
        commands = [*self._commands.get(guild.id, []), *self._commands.get(None, [])]
        return [
            c["name"]
            for c in commands
            if validation.may_use(c.get("default_member_permissions"), granted)
            or (user or self.user).id in guild.command_users.get(c["name"], set())
        ]

    def _refuse_hidden(self, name: str, user: FakeUser | None, guild: FakeGuild | None) -> None:
        guild, user = guild or self.guild, user or self.user
        command = self._find_command(name, guild)
        required = command.get("default_member_permissions") if command else None
        allowed = user.id in guild.command_users.get(name, set())
        if not allowed and not validation.may_use(required, guild.permissions_of(user.id)):
            raise CommandHidden(
                f"/{name} is not shown to {user.username}: it needs permissions "
                f"{required} and they have {guild.permissions_of(user.id)}"
            )

    def _all_command_names(self) -> dict[str, list[str]]:
        return {str(scope): [c["name"] for c in cmds] for scope, cmds in self._commands.items()}

    async def _send_interaction(
        self,
        kind: int,
        data: dict[str, Any],
        user: FakeUser | None,
        guild: FakeGuild | None,
        channel: FakeChannel | None,
        message: StoredMessage | None = None,
    ) -> InteractionHandle:
        user = user or self.user
        guild = guild or self._guild_for(channel) or self.guild
        channel = channel or guild.channels[0]
        if user.id not in guild.members:
            guild.add_member(user)  # only members can use a guild's commands
        member = guild.members[user.id].payload()
        member["permissions"] = str(guild.permissions_of(user.id))
        payload: dict[str, Any] = {
            "id": str(snowflake()),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": member["permissions"]},
            "member": member,
            "token": secrets.token_urlsafe(48),
            "version": 1,
            "app_permissions": str(guild.permissions_of(self.bot_user.id)),
            "locale": "en-US",
            "guild_locale": guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": validation.MAX_FILE_BYTES,
        }
        if message is not None:
            payload["message"] = message.payload()
        handle = InteractionHandle(self, payload, asyncio.get_running_loop().time())
        handle.user, handle.guild, handle.channel = user, guild, channel
        handle.source_message = message
        self.interactions[handle.id] = handle
        self._by_token[handle.token] = handle
        await self.dispatch("INTERACTION_CREATE", payload)
        handle.sent_at = asyncio.get_running_loop().time()
        self._notify()
        return handle

    # ----------------------------------------------------------------- HTTP plumbing

    def _add_routes(self, app: web.Application) -> None:
        api = [
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/users/@me", self._get_me),
            ("GET", "/users/{user_id}", self._get_user),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/applications/@me", self._get_application),
            ("GET", "/applications/{application_id}/commands", self._list_commands),
            ("PUT", "/applications/{application_id}/commands", self._put_commands),
            ("POST", "/applications/{application_id}/commands", self._post_command),
            ("GET", "/applications/{application_id}/commands/{command_id}", self._get_command),
            ("PATCH", "/applications/{application_id}/commands/{command_id}", self._patch_command),
            ("DELETE", "/applications/{application_id}/commands/{command_id}", self._del_command),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._list_commands,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._put_commands,
            ),
            (
                "POST",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._post_command,
            ),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self._get_command,
            ),
            (
                "PATCH",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self._patch_command,
            ),
            (
                "DELETE",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self._del_command,
            ),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{application_id}/{token}", self._followup),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._hook_get),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self._hook_edit),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self._hook_del),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("GET", "/channels/{channel_id}/messages", self._list_messages),
            ("POST", "/channels/{channel_id}/messages", self._post_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
            ("POST", "/channels/{channel_id}/typing", self._typing),
            ("GET", "/guilds/{guild_id}", self._get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self._get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
        ]
        for method, path, handler in api:
            app.router.add_route(method, API_PREFIX + path, handler)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)

    @web.middleware
    async def _record_middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path == "/gateway":
            return await handler(request)
        received_at = asyncio.get_running_loop().time()
        canonical = (
            request.match_info.route.resource.canonical if request.match_info.route.resource else ""
        )
        route = canonical.removeprefix(API_PREFIX) if canonical != "/{tail:.*}" else "?"
        body, files = await _read_body(request)
        record = RecordedRequest(
            method=request.method,
            path=request.path.removeprefix("/api/v10"),
            route=route,
            query=dict(request.query),
            json=body,
            files=files,
            received_at=received_at,
            headers=dict(request.headers),
        )
        request[RECORD] = record
        self.requests.append(record)
        response = self._simulated_rate_limit(record) or self._auth_failure(request, record)
        if response is None:
            try:
                response = await handler(request)
            except web.HTTPException:
                raise
            except Exception as error:  # a bug in the fake: fail the client fast, keep the cause
                self._violate("fake_server_error", f"{type(error).__name__}: {error}", record)
                response = _error(400, 0, f"fake server error: {error!r}")
        record.status = response.status
        if isinstance(response, web.Response) and response.body:
            with contextlib.suppress(ValueError, TypeError):
                record.response = json.loads(response.body)  # type: ignore[arg-type]
        self._notify()
        return response

    def _simulated_rate_limit(self, record: RecordedRequest) -> web.Response | None:
        for limit in self._rate_limits:
            if (
                limit.remaining
                and limit.method == record.method
                and limit.route
                in (
                    record.route,
                    record.path,
                )
            ):
                limit.remaining -= 1
                body = {
                    "message": "You are being rate limited.",
                    "retry_after": limit.retry_after,
                    "global": limit.is_global,
                }
                response = _json(body, 429)
                response.headers["Via"] = "1.1 google"
                response.headers["Retry-After"] = str(max(1, round(limit.retry_after)))
                return response
        return None

    def _auth_failure(self, request: web.Request, record: RecordedRequest) -> web.Response | None:
        if record.route == "?" or not request.path.startswith("/api/"):
            return None
        if record.path.startswith(NO_AUTH_PREFIXES):
            return None
        if request.headers.get("Authorization") != f"Bot {self.token}":
            self._violate("unauthorized", "missing or wrong bot token", record)
            return _error(401, 0, "401: Unauthorized")
        return None

    async def _unknown_route(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        self._violate("unknown_route", "the fake server does not know this route", record)
        return _error(404, 0, "404: Not Found")

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment_id = int(request.match_info["attachment_id"])
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)

    # ----------------------------------------------------------------- users, app, gateway

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
        return _json(
            {
                "url": self.gateway_url,
                "shards": self.recommended_shards,
                "session_start_limit": limit,
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        me = {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}
        return _json(me)

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["user_id"]))
        if user is None:
            return self._unknown(request, 10013, "Unknown User")
        return _json(user.payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        body = request[RECORD].json or {}
        user = self.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            return self._unknown(request, 10013, "Unknown User")
        channel = next((c for c in self.dm_channels.values() if c.recipients == [user]), None)
        if channel is None:
            channel = FakeChannel(id=snowflake(), name="", guild_id=None, type=1, recipients=[user])
            self.dm_channels[channel.id] = channel
        return _json(channel.payload())

    async def _get_application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(self.application_id),
                "name": self.bot_user.username,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": self.owner.payload(),
                "team": None,
                "bot": self.bot_user.payload(),
                "interactions_endpoint_url": None,  # set, discord.py would get no interactions
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": len(self.guilds),
            }
        )

    # ----------------------------------------------------------------- application commands

    def _scope(self, request: web.Request) -> int | None:
        guild_id = request.match_info.get("guild_id")
        return int(guild_id) if guild_id else None

    def _stored_command(
        self, payload: dict[str, Any], scope: int | None, previous: list[dict[str, Any]]
    ) -> dict[str, Any]:
        same = next(
            (
                c
                for c in previous
                if c["name"] == payload.get("name") and c.get("type", 1) == payload.get("type", 1)
            ),
            None,
        )
        stored = {
            "type": 1,
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            "options": [],
            **payload,
            "id": same["id"] if same else str(snowflake()),
            "application_id": str(self.application_id),
            "version": str(snowflake()),
        }
        if stored["default_member_permissions"] is not None:  # Discord answers a string
            stored["default_member_permissions"] = str(stored["default_member_permissions"])
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def _list_commands(self, request: web.Request) -> web.Response:
        return _json(self._commands.get(self._scope(request), []))

    async def _put_commands(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        payloads = record.json if isinstance(record.json, list) else []
        problems = validation.commands_problems(payloads)
        if problems:
            return self._invalid(record, problems)
        scope = self._scope(request)
        previous = self._commands.get(scope, [])
        self._commands[scope] = [self._stored_command(p, scope, previous) for p in payloads]
        return _json(self._commands[scope])

    async def _post_command(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        problems = validation.command_problems(record.json or {})
        if problems:
            return self._invalid(record, problems)
        scope = self._scope(request)
        previous = self._commands.setdefault(scope, [])
        stored = self._stored_command(record.json, scope, previous)
        previous[:] = [c for c in previous if c["id"] != stored["id"]] + [stored]
        return _json(stored, 201)

    def _command_by_id(self, request: web.Request) -> dict[str, Any] | None:
        commands = self._commands.get(self._scope(request), [])
        return next((c for c in commands if c["id"] == request.match_info["command_id"]), None)

    async def _get_command(self, request: web.Request) -> web.Response:
        command = self._command_by_id(request)
        if command is None:
            return self._unknown(request, 10063, "Unknown application command")
        return _json(command)

    async def _patch_command(self, request: web.Request) -> web.Response:
        command = self._command_by_id(request)
        if command is None:
            return self._unknown(request, 10063, "Unknown application command")
        command.update(request[RECORD].json or {})
        problems = validation.command_problems(command)
        if problems:
            return self._invalid(request[RECORD], problems)
        return _json(command)

    async def _del_command(self, request: web.Request) -> web.Response:
        command = self._command_by_id(request)
        if command is None:
            return self._unknown(request, 10063, "Unknown application command")
        self._commands[self._scope(request)].remove(command)
        return web.Response(status=204)

    def _unknown(self, request: web.Request, code: int, message: str) -> web.Response:
        self._violate("unknown_resource", message, request[RECORD])
        return _error(404, code, message)

    def _invalid(self, record: RecordedRequest, problems: list[str]) -> web.Response:
        self._violate("invalid_form_body", "; ".join(problems), record)
        return _error(400, 50035, "Invalid Form Body", problems)

    # ----------------------------------------------------------------- interaction responses

    async def _callback(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        handle = self.interactions.get(int(request.match_info["interaction_id"]))
        if handle is None or handle.token != request.match_info["token"]:
            return self._unknown(request, 10062, "Unknown interaction")
        record.interaction_id = handle.id
        handle.requests.append(record)
        handle.callbacks.append(record)
        if handle.acknowledged:
            self._violate("already_acknowledged", "a second initial response", record)
            return _error(400, 40060, "Interaction has already been acknowledged.")
        late = record.received_at - handle.sent_at - self.interaction_deadline
        if late > 0:
            self._violate(
                "late_initial_response",
                f"initial response {late:.3f} s after the {self.interaction_deadline} s deadline",
                record,
            )
            return _error(404, 10062, "Unknown interaction")
        body = record.json if isinstance(record.json, dict) else {}
        kind, data = body.get("type"), body.get("data") or {}
        updates_nothing = kind in (DEFERRED_UPDATE, UPDATE) and handle.source_message is None
        if kind not in ALLOWED_RESPONSES.get(handle.type, set()) or updates_nothing:
            self._violate(
                "invalid_response_type",
                f"response type {kind} to an interaction of type {handle.type}",
                record,
            )
            return _error(400, 50035, "Invalid Form Body", [f"bad response type {kind}"])
        problems = self._response_problems(kind, data, record)
        if problems:
            return self._invalid(record, problems)
        handle.response_type = kind
        self._apply_response(handle, kind, data, record)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return _json(self._callback_body(handle, kind))

    def _response_problems(
        self, kind: int, data: dict[str, Any], record: RecordedRequest
    ) -> list[str]:
        sizes = [len(f.data) for f in record.files]
        if kind in (MESSAGE, UPDATE):
            return validation.message_problems(data, sizes, editing=kind == UPDATE)
        if kind == MODAL:
            return validation.modal_problems(data)
        if kind == AUTOCOMPLETE_RESULT:
            return validation.autocomplete_problems(data)
        return []

    def _apply_response(
        self, handle: InteractionHandle, kind: int, data: dict[str, Any], record: RecordedRequest
    ) -> None:
        if kind == MESSAGE:
            handle.original = self._create_message(handle.channel, data, record, handle=handle)
            handle._record_message(handle.original)
        elif kind == DEFERRED_MESSAGE:
            placeholder = {"content": "", "flags": (int(data.get("flags") or 0) & EPHEMERAL)}
            handle.original = self._create_message(
                handle.channel, placeholder, record, handle=handle
            )
            handle.original.flags |= LOADING
            handle._record_message(handle.original)
        elif kind == DEFERRED_UPDATE:
            handle.original = handle.source_message
        elif kind == UPDATE and handle.source_message is not None:
            handle.original = handle.source_message
            self._edit_stored(handle.original, data, record)
            handle._record_message(handle.original)
        elif kind == AUTOCOMPLETE_RESULT:
            handle.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            handle.modal = data
            self._modals[data["custom_id"]] = (data, handle.source_message)

    def _callback_body(self, handle: InteractionHandle, kind: int) -> dict[str, Any]:
        interaction: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        resource: dict[str, Any] = {"type": kind}
        message = handle.original
        if kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE) and message is not None:
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = message.loading
            interaction["response_message_ephemeral"] = message.ephemeral
            if kind != DEFERRED_MESSAGE:
                resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    # ----------------------------------------------------------------- followups (webhooks)

    def _handle_for_hook(self, request: web.Request) -> InteractionHandle | web.Response:
        record: RecordedRequest = request[RECORD]
        handle = self._by_token.get(request.match_info["token"])
        if handle is None or request.match_info["application_id"] != str(self.application_id):
            return self._unknown(request, 10015, "Unknown Webhook")
        record.interaction_id = handle.id
        handle.requests.append(record)
        if record.received_at - handle.sent_at > self.token_lifetime:
            self._violate("expired_token", "interaction token used after it expired", record)
            return _error(401, 50027, "Invalid Webhook Token")
        if not handle.acknowledged:
            self._violate("not_acknowledged", "followup before the initial response", record)
            return _error(404, 10015, "Unknown Webhook")
        return handle

    async def _followup(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        handle, record = found, request[RECORD]
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(data, [len(f.data) for f in record.files])
        if problems:
            return self._invalid(record, problems)
        original = handle.original
        still_thinking = original is not None and original.loading and not original.deleted
        if handle.response_type == DEFERRED_MESSAGE and still_thinking:
            # Discord turns the first followup after a defer into the "thinking" message itself,
            # keeping the defer's visibility whatever the followup's flags say (discord-api-docs
            # #2866, #2742, #3466). Once that message is deleted, followups are new messages.
            message = original
            self._edit_stored(message, {k: v for k, v in data.items() if k != "flags"}, record)
        else:
            message = self._create_message(handle.channel, data, record, handle=handle)
        handle.followup_ids.append(message.id)
        handle._record_message(message)
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(message.payload())
        return web.Response(status=204)

    def _hook_message(
        self, handle: InteractionHandle, request: web.Request
    ) -> StoredMessage | None:
        wanted = request.match_info["message_id"]
        if wanted == "@original":
            return handle.original
        owned = [handle.original.id] if handle.original else []
        if wanted.isdigit() and int(wanted) in [*owned, *handle.followup_ids]:
            return self.messages.get(int(wanted))
        return None

    async def _hook_get(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        message = self._hook_message(found, request)
        if message is None or message.deleted:
            return self._unknown(request, 10008, "Unknown Message")
        return _json(message.payload())

    async def _hook_edit(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        record: RecordedRequest = request[RECORD]
        message = self._hook_message(found, request)
        if message is None or message.deleted:
            return self._unknown(request, 10008, "Unknown Message")
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(
            data, [len(f.data) for f in record.files], editing=True
        )
        if problems:
            return self._invalid(record, problems)
        self._edit_stored(message, data, record)
        found._record_message(message)
        return _json(message.payload())

    async def _hook_del(self, request: web.Request) -> web.Response:
        found = self._handle_for_hook(request)
        if isinstance(found, web.Response):
            return found
        message = self._hook_message(found, request)
        if message is None or message.deleted:
            return self._unknown(request, 10008, "Unknown Message")
        message.deleted = True
        found._record_message(message)
        return web.Response(status=204)

    # ----------------------------------------------------------------- messages

    def _create_message(
        self,
        channel: FakeChannel | None,
        data: dict[str, Any],
        record: RecordedRequest,
        *,
        handle: InteractionHandle | None = None,
    ) -> StoredMessage:
        assert channel is not None
        message = StoredMessage(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            content=data.get("content") or "",
            flags=int(data.get("flags") or 0) & (EPHEMERAL | KEPT_MESSAGE_FLAGS),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            allowed_mentions=data.get("allowed_mentions"),
        )
        message.attachments = self._attachments(message, data, record, keep=[])
        if handle is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_id = handle.id
            message.interaction_user = handle.user
        self.messages[message.id] = message
        return message

    def _edit_stored(
        self, message: StoredMessage, data: dict[str, Any], record: RecordedRequest
    ) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        for key in ("embeds", "components"):
            if key in data:
                setattr(message, key, list(data[key] or []))
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        if "flags" in data and data["flags"] is not None:
            kept = message.flags & EPHEMERAL
            message.flags = kept | (int(data["flags"]) & KEPT_MESSAGE_FLAGS)
        if "attachments" in data or record.files:
            message.attachments = self._attachments(message, data, record, keep=message.attachments)
        if message.loading:
            message.flags &= ~LOADING
        else:
            message.edited_timestamp = iso_now()

    def _attachments(
        self,
        message: StoredMessage,
        data: dict[str, Any],
        record: RecordedRequest,
        *,
        keep: list[StoredAttachment],
    ) -> list[StoredAttachment]:
        """Attachments after a create/edit: ``data["attachments"]`` lists existing ones to
        keep (by snowflake id) and new uploads (by index into the ``files[n]`` parts)."""
        uploads = {_file_index(f.field): f for f in record.files}

        def upload(file: RecordedFile) -> StoredAttachment:
            return StoredAttachment.from_file(file, self.url, message.channel_id)

        if "attachments" not in data:
            return [*keep, *(upload(f) for f in record.files)]
        existing = {a.id: a for a in keep}
        result = []
        for entry in data["attachments"] or []:
            entry_id = int(entry.get("id", -1))
            if entry_id in existing:
                result.append(existing[entry_id])
            elif entry_id in uploads:
                attachment = upload(uploads[entry_id])
                if entry.get("filename"):
                    attachment.filename = entry["filename"]
                attachment.description = entry.get("description")
                result.append(attachment)
        return result

    def _channel_or_404(self, request: web.Request) -> FakeChannel | web.Response:
        channel = self.find_channel(int(request.match_info["channel_id"]))
        if channel is None:
            return self._unknown(request, 10003, "Unknown Channel")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        return channel if isinstance(channel, web.Response) else _json(channel.payload())

    async def _typing(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        return channel if isinstance(channel, web.Response) else web.Response(status=204)

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        visible = self.channel_messages(channel)
        query = request.query
        if "before" in query:
            visible = [m for m in visible if m.id < int(query["before"])]
        if "after" in query:
            visible = [m for m in visible if m.id > int(query["after"])]
        newest_first = sorted(visible, key=lambda m: m.id, reverse=True)
        limit = int(query.get("limit", 50))
        if "after" in query:  # Discord pages "after" from the oldest side
            newest_first = sorted(visible, key=lambda m: m.id)[:limit][::-1]
        return _json([m.payload() for m in newest_first[:limit]])

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        record: RecordedRequest = request[RECORD]
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(data, [len(f.data) for f in record.files])
        if problems:
            return self._invalid(record, problems)
        missing = self._missing_post_permissions(channel, record)
        if missing:
            self._violate("forbidden", f"the bot lacks {missing} in #{channel.name}", record)
            return _error(403, 50013, "Missing Permissions")
        message = self._create_message(channel, data, record)
        message.flags &= ~EPHEMERAL  # only interaction responses can be ephemeral
        await self._dispatch_message_event("MESSAGE_CREATE", message)
        return _json(message.payload())

    def _missing_post_permissions(self, channel: FakeChannel, record: RecordedRequest) -> str:
        """What the bot would need to post this in the channel ('' when it may)."""
        guild = self._guild_of(channel)
        if guild is None:
            return ""
        granted = guild.channel_permissions_of(self.bot_user.id, channel)
        needed = {"View Channel": VIEW_CHANNEL, "Send Messages": SEND_MESSAGES}
        if record.files:
            needed["Attach Files"] = ATTACH_FILES
        return ", ".join(name for name, bit in needed.items() if not granted & bit)

    def _channel_message(self, request: web.Request) -> StoredMessage | web.Response:
        channel = self._channel_or_404(request)
        if isinstance(channel, web.Response):
            return channel
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id:
            return self._unknown(request, 10008, "Unknown Message")
        return message

    async def _get_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        return message if isinstance(message, web.Response) else _json(message.payload())

    async def _edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if isinstance(message, web.Response):
            return message
        record: RecordedRequest = request[RECORD]
        if message.author is not self.bot_user:
            self._violate("forbidden", "editing another user's message", record)
            return _error(403, 50005, "Cannot edit a message authored by another user")
        data = record.json if isinstance(record.json, dict) else {}
        problems = validation.message_problems(
            data, [len(f.data) for f in record.files], editing=True
        )
        if problems:
            return self._invalid(record, problems)
        self._edit_stored(message, data, record)
        await self._dispatch_message_event("MESSAGE_UPDATE", message)
        return _json(message.payload())

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if isinstance(message, web.Response):
            return message
        message.deleted = True
        await self._dispatch_message_event("MESSAGE_DELETE", message)
        return web.Response(status=204)

    async def _dispatch_message_event(self, event: str, message: StoredMessage) -> None:
        sessions = self._sessions_carrying(message.guild_id)
        if not self.dispatch_message_events or not sessions:
            return
        intent = GUILD_MESSAGES_INTENT if message.guild_id else DM_MESSAGES_INTENT
        sessions = [session for session in sessions if session.intents & intent]
        if not sessions:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
        else:
            data = message.payload()
            guild = self._guild_for(self.find_channel(message.channel_id))
            if guild is not None and message.author.id in guild.members:
                data["member"] = guild.members[message.author.id].payload(with_user=False)
        for session in sessions:
            await self._dispatch_to(session, event, data)

    # ----------------------------------------------------------------- guilds

    def _guild_or_404(self, request: web.Request) -> FakeGuild | web.Response:
        guild = next((g for g in self.guilds if str(g.id) == request.match_info["guild_id"]), None)
        if guild is None:
            return self._unknown(request, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        data = guild.payload()
        for key in ("channels", "members", "threads", "presences", "voice_states", "joined_at"):
            data.pop(key, None)
        return _json(data)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        return _json([channel.payload() for channel in guild.channels])

    async def _get_guild_roles(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        return _json([role.payload() for role in guild.roles])

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        if isinstance(guild, web.Response):
            return guild
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            return self._unknown(request, 10007, "Unknown Member")
        return _json(member.payload())


def _shard_asked(identify: dict[str, Any]) -> tuple[int, int] | None:
    """IDENTIFY's ``shard: [id, count]`` (none: the one shard of an unsharded bot), or None
    when no such shard can exist."""
    shard = identify.get("shard", list(UNSHARDED))
    if not (isinstance(shard, list) and len(shard) == 2):
        return None
    shard_id, count = shard
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in shard):
        return None
    return (shard_id, count) if 0 <= shard_id < count else None


def _guild_id(shard: tuple[int, int] | None) -> int:
    """A fresh snowflake for a guild, on the given shard (id, count) if one is given: its
    timestamp, the bits above the low 22 that the shard rule reads, moved forward a little."""
    made = snowflake()
    if shard is None:
        return made
    shard_id, count = shard
    if not 0 <= shard_id < count:
        raise ValueError(f"no shard {shard_id} among {count} (shards are 0 to {count - 1})")
    return made + (((shard_id - shard_of(made, count)) % count) << 22)


LEFTOVER_TASK_PREFIXES = ("CommandTree-invoker", "discord-ui-", "discord.py: ")


async def _cancel_leftover_handlers() -> None:
    """Cancel discord.py's event/command handler tasks still running after the bot closed
    (a handler blocked on a reply that can no longer come), so no task outlives the test."""
    leftovers = [
        task
        for task in asyncio.all_tasks()
        if task is not asyncio.current_task() and task.get_name().startswith(LEFTOVER_TASK_PREFIXES)
    ]
    for task in leftovers:
        task.cancel()
    await asyncio.gather(*leftovers, return_exceptions=True)


def _describe(handle: InteractionHandle) -> str:
    data = handle.payload.get("data", {})
    return data.get("name") or data.get("custom_id") or f"type {handle.type}"


def _id_of(thing: Any) -> int | None:
    if thing is None or isinstance(thing, int):
        return thing
    return thing.id


def _file_index(field_name: str) -> int:
    """``files[3]`` -> 3 (the index discord.py puts in the attachments list)."""
    digits = "".join(ch for ch in field_name if ch.isdigit())
    return int(digits) if digits else -1


async def _read_body(request: web.Request) -> tuple[Any, list[RecordedFile]]:
    """The JSON body, or a multipart body's ``payload_json`` plus its file parts."""
    if not request.can_read_body:
        return None, []
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[RecordedFile] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            else:
                data = await part.read(decode=False)
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append(
                    RecordedFile(part.name or "", part.filename or "", bytes(data), content_type)
                )
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        return raw.decode(errors="replace"), []
