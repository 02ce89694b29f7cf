"""A local Discord-compatible server for end-to-end tests of the bot with the real discord.py.

It speaks enough of Discord's HTTP API v10 and gateway (JSON; zlib-stream when the client asks,
as discord.py does) for ``discord.Client`` / ``commands.Bot`` / ``AutoShardedBot`` to log in,
receive READY and GUILD_CREATE, sync its command tree and answer slash commands, autocomplete,
buttons, selects and modals. Only the bot it was started for gets in (guard.py: a token
made up per run, no browser origins or foreign host names; refused requests are only
counted, in ``server.refused``). Every HTTP request is recorded (the newest ``history``);
Discord's rules are enforced (3-second initial response, counting the simulated network's
``latency``; 15-minute interaction tokens; message, embed, attachment, component, modal and
command limits; 200 command creates a day; the gateway's 120 sends a minute, privileged
intents, all-members requests once per 30 s, session starts and identify concurrency; no
message history without Read Message History) and every rule broken, deprecated path taken
(the first followup after a defer, text inputs in action rows), or unknown route called,
lands in ``server.violations``. Each rule cites its Discord documentation page beside it.

Usage (pytest-asyncio auto mode; copy and adapt)::

    import discord
    from localdiscord import LocalDiscord

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
    pings_of(message): whom a message notified when sent, after allowed_mentions (roles.py)

An ``InteractionHandle`` (see interactions.py) has ``initial_response()``, ``followups(n)``,
``wait_for_message(predicate)``, ``reply()``, ``wait_for_request(predicate)``, ``requests``,
``messages`` (snapshots with ``recorded_at``), ``sent_at``. Latency from INTERACTION_CREATE to
the image: ``(await h.wait_for_request(lambda r: r.files)).received_at - h.sent_at``.

Recorded state: ``requests`` (``RecordedRequest``: method, path, route template, json, files
with bytes, flags/ephemeral, status, received_at), ``requests_to(method, route)``,
``commands(guild)``, ``messages``, ``channel_messages(channel)``, ``heartbeats``,
``heartbeat_lateness()``, ``gateway_received``, ``identify_payloads``, ``violations``,
``unanswered_interactions()``. ``rate_limit(method, route)`` makes a route answer 429 once.

Roles (roles.py): PUT/DELETE /guilds/{id}/members/{id}/roles/{id} need Manage Roles and a
role below the bot's highest (403 50013 otherwise) and send GUILD_MEMBER_UPDATE to bots with
the members intent; ``guild.add_role(name, position=1, mentionable=True)`` makes one the bot
may give and anyone may ping.

Permissions: ``send_slash_command``/``send_autocomplete`` raise ``CommandHidden`` for a
command whose default_member_permissions the user lacks (Discord's client never shows it),
unless ``guild.command_users[name]`` lets them (a moderator's override);
``visible_command_names(user)`` is what they are shown. Syncing refuses
default_member_permissions on a subcommand. ``channel.deny(bot_user.id, SEND_MESSAGES)``
makes the bot's posts there a 403 50013, ``deny(..., VIEW_CHANNEL)`` every request about the
channel a 403 50001 Missing Access (violation kind "forbidden").

Languages (localizations.py): each user has a client ``locale`` (``user.locale = "fr"``;
en-US by default) that their interactions carry as ``locale``, beside the server's
``guild_locale`` (``guild.locale``, its preferred_locale). ``listed_commands(user)`` is their
command list in that locale (descriptions, names and choices from the synced
localizations, with Discord's fallbacks), as is GET .../commands with X-Discord-Locale. A
sync with one localization Discord would refuse (a name off the naming rule or not lower
case, a description or choice name outside 1-100 characters, two options of one name in a
locale, an unknown locale, over 8,000 characters counting each field's longest
localization) is refused whole: 400 50035 with the path to the field and locale.

Rate limits (ratelimits.py, ``server.rate_limits``): per-route buckets per channel or guild
with Discord's ``X-RateLimit-*`` headers (posting a message: 5 per 5 s), the global limit of
50 requests per second (interaction endpoints exempt), and, past ``invalid_limit`` requests
answered 401, 403 or 429 within 10 minutes, Cloudflare's ban: every request answered 429
without Discord's JSON for ``ban_seconds``. Violation kinds "rate_limited" (a 429 the bot
earned) and "invalid_request_limit" (the ban began). ``LocalDiscord(rate_limits=RateLimits(
invalid_limit=20))`` reaches the ban in a test.

The default world: ``server.guild`` ("Puzzle Test Server") with text channels
``server.channel`` ("general") and "puzzles", the bot as a member with a managed role, the
guild owner, and the user ``server.user`` ("alice"). Add more before the bot connects:
``server.add_user("bob")`` (joins the default guild), ``server.add_guild("Other")``,
``guild.add_text_channel("daily")``; ``await server.delete_channel(channel)`` deletes one.
Interactions always come from a guild channel.

Threads (threads.py): ``start_thread(channel, name, user=, message=)``, ``threads_of(channel)``,
``archive_thread(thread)``, ``wait_for_thread(predicate)``; the bot starts, posts in, edits in
and archives them as on Discord.

Not modelled: voice, forum channels, reactions, DMs beyond POST /users/@me/channels, MESSAGE_CREATE
for interaction replies (only for the bot's own channel posts), the buckets of interaction
endpoints (they are outside the global limit too).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket

from .application_commands import ApplicationCommandsArea
from .attachment_options import AttachmentOptionsArea
from .channels import ChannelsArea
from .gateway import GatewayArea, GatewayConnection, GatewaySession
from .guard import MAX_BODY_BYTES, Guard, new_token
from .guilds import GuildsArea
from .http import API_PREFIX, RECORD, error_response, json_response, read_body
from .interactions import (
    InteractionHandle,
)
from .models import (
    FakeChannel,
    FakeGuild,
    FakeUser,
    RecordedRequest,
    StoredAttachment,
    StoredMessage,
    Violation,
    snowflake,
)
from .network import SimulatedNetwork
from .ratelimits import RateLimits
from .responding import RespondingArea, describe
from .roles import ROUTES as ROLE_ROUTES
from .roles import Pings, RolesArea
from .threads import ThreadsArea

T = TypeVar("T")
HISTORY = 10_000  # requests, frames, interactions and messages kept (the oldest go first)


class WaitTimeout(AssertionError):
    """A driver wait ran out of time; the message lists what the server saw instead."""


@dataclass
class _RateLimit:
    method: str
    route: str
    retry_after: float
    is_global: bool
    remaining: int


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


class LocalDiscord(
    GatewayArea,
    ApplicationCommandsArea,
    RespondingArea,
    ThreadsArea,
    ChannelsArea,
    GuildsArea,
    RolesArea,
    AttachmentOptionsArea,
):
    """The fake Discord: an aiohttp app on 127.0.0.1 plus the driver API tests use.

    Args:
        heartbeat_interval: seconds announced in HELLO (Discord uses 41.25; use ~0.2-1.0 in
            tests so heartbeat timing is observable).
        interaction_deadline: seconds the bot has for the initial response (Discord: 3).
        token_lifetime: seconds an interaction token accepts followups (Discord: 15 min).
        token: the bot token the server accepts (``run_bot`` uses it); by default one made up
            for this run, so only the bot it is handed to can connect (see guard.py).
        strict_commands: ``send_slash_command`` refuses commands the bot has not synced.
        gateway_compression: honour ``compress=zlib-stream`` in the gateway URL.
        dispatch_message_events: send MESSAGE_CREATE/UPDATE/DELETE for the bot's channel
            messages, as Discord does, when the bot's intents ask for them.
        shards: the shard count GET /gateway/bot recommends (an AutoShardedBot without a
            shard_count opens that many connections).
        rate_limits: Discord's per-route buckets, global limit and invalid-request ban
            (``RateLimits`` in ratelimits.py; shrink ``invalid_limit`` to reach the ban in a
            test). ``server.rate_limits`` keeps the counts.
        latency, jitter: seconds each leg between the bot and the server takes (+- jitter):
            INTERACTION_CREATE's trip, each request and each response. They count against
            the 3 s of the initial response, as on Discord (see network.py).
        privileged_intents: the privileged intents switched on in the portal ("members",
            "presences", "message_content"); identifying with another closes with 4014.
        max_concurrency: identifies allowed per 5 s per rate limit key (GET /gateway/bot
            announces it); enforced (op 9 past it) only with ``enforce_identify_concurrency``,
            so tests that restart a bot at once stay fast.
        session_start_limit: session starts a day; past it every session ends (4004).
        history: how many of each recorded thing (requests, gateway frames, heartbeats,
            violations, interactions, messages, connections) are kept; the oldest go first,
            so a long run (the playground) stays the same size.

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
        token: str | None = None,
        bot_name: str = "PuzzleBot",
        strict_commands: bool = True,
        gateway_compression: bool = True,
        dispatch_message_events: bool = True,
        shards: int = 1,
        rate_limits: RateLimits | None = None,
        latency: float = 0.0,
        jitter: float = 0.0,
        privileged_intents: tuple[str, ...] = (),
        max_concurrency: int = 1,
        enforce_identify_concurrency: bool = False,
        session_start_limit: int = 1000,
        history: int = HISTORY,
    ) -> None:
        self.heartbeat_interval = heartbeat_interval
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.token = token or new_token()
        self.guard = Guard(self.token)
        self.history = history
        self.version = 0  # counts the HTTP requests answered: what a page follows
        self.strict_commands = strict_commands
        self.gateway_compression = gateway_compression
        self.dispatch_message_events = dispatch_message_events
        self.recommended_shards = shards  # what GET /gateway/bot tells an AutoShardedBot
        self.rate_limits = rate_limits or RateLimits()
        self.rate_limits.on_refusal = self._violate
        self.network = SimulatedNetwork(latency, jitter)
        self.privileged_intents = set(privileged_intents)
        self.max_concurrency = max_concurrency
        self.identify_concurrency_enforced = enforce_identify_concurrency
        self.session_start_total = session_start_limit
        self.session_starts: list[tuple[float, int]] = []  # (when, rate limit key)
        self._token_reset = False

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

        self.requests: deque[RecordedRequest] = deque(maxlen=history)
        self.violations: deque[Violation] = deque(maxlen=history)
        self.heartbeats: deque[float] = deque(maxlen=history)
        self.gateway_received: deque[dict[str, Any]] = deque(maxlen=history)
        self.gateway_connections: deque[dict[str, str]] = deque(maxlen=history)  # their queries
        self.messages: dict[int, StoredMessage] = {}
        self.uploads: dict[int, StoredAttachment] = {}  # the members' (attachment_options.py)
        self.pings: dict[int, Pings] = {}  # message id -> whom it notified (roles.py)
        self.interactions: dict[int, InteractionHandle] = {}
        self._by_token: dict[str, InteractionHandle] = {}
        self._modals: dict[str, tuple[dict[str, Any], StoredMessage | None]] = {}
        self._commands: dict[int | None, list[dict[str, Any]]] = {}
        self._command_creates: dict[int | None, deque[float]] = {}
        self._rate_limits: list[_RateLimit] = []
        self._sessions: dict[str, GatewaySession] = {}
        self._session: GatewaySession | None = None  # the latest identified
        self._shard_sessions: dict[tuple[int, int], GatewaySession] = {}  # the latest per shard
        self._connections: deque[GatewayConnection] = deque(maxlen=history)
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
        app = web.Application(middlewares=[self._record_middleware], client_max_size=MAX_BODY_BYTES)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"
        self.guard.address = f"{host}:{port}"

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

    # ----------------------------------------------------------------- recorded state

    def requests_to(self, method: str, route: str) -> list[RecordedRequest]:
        """Recorded requests by method and route template (or concrete path)."""
        return [r for r in self.requests if r.method == method and route in (r.route, r.path)]

    def assert_no_violations(self, *, allow: tuple[str, ...] = ()) -> None:
        """Fail listing every violation whose kind is not in ``allow``, counting interactions
        never answered in time as kind "no_initial_response"."""
        unanswered = [
            Violation("no_initial_response", f"interaction {h.id} ({describe(h)}) got no answer")
            for h in self.unanswered_interactions()
            if not h.callbacks  # a late or rejected answer is already a violation
        ]
        refused = [  # counted by reason only: what a refused request carried is not kept
            Violation("refused", f"{count} request(s) refused: {reason}")
            for reason, count in sorted(self.refused.items())
        ]
        found = [v for v in [*self.violations, *unanswered, *refused] if v.kind not in allow]
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

    @property
    def refused(self) -> Counter[str]:
        """Requests and gateway connections turned away, by reason (see guard.py)."""
        return self.guard.refused

    async def wait_for_change(self, timeout: float) -> None:
        """Return at the next thing the server notes (a request answered, a frame received),
        or after ``timeout`` seconds: a page following the server waits on this, not a timer."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), max(timeout, 0))

    def _notify(self) -> None:
        self._forget_the_oldest()
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def _forget_the_oldest(self) -> None:
        """Keep ``history`` of each kept thing: the oldest interactions, messages, sessions
        and open text boxes go first (what Discord itself would long have expired)."""
        for kept in (
            self.interactions,
            self._by_token,
            self.messages,
            self._sessions,
            self._modals,
        ):
            while len(kept) > self.history:
                del kept[next(iter(kept))]

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
        lines = ["last requests:", *(f"  {r!r}" for r in list(self.requests)[-10:])]
        lines += ["violations:", *(f"  {v}" for v in self.violations)]
        return "\n".join(lines)

    def _violate(self, kind: str, message: str, request: RecordedRequest | None) -> None:
        self.violations.append(Violation(kind, message, request))

    # ----------------------------------------------------------------- gateway

    # ----------------------------------------------------------------- driving interactions

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
            ("PATCH", "/channels/{channel_id}", self._modify_channel),
            ("POST", "/channels/{channel_id}/threads", self._start_thread_without_message),
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self._start_thread_from_message,
            ),
            ("GET", "/guilds/{guild_id}", self._get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self._get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
        ]
        api += [(method, path, getattr(self, name)) for method, path, name in ROLE_ROUTES]
        for method, path, handler in api:
            app.router.add_route(method, API_PREFIX + path, handler)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)

    @web.middleware
    async def _record_middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path == "/gateway":
            return self.guard.gateway_refusal(request) or await handler(request)
        refusal = self.guard.http_refusal(request)
        if refusal is not None:  # counted, never recorded: nothing of it reaches a page
            self.rate_limits.count_if_invalid(refusal)  # a wrong token is a 401 on Discord too
            self.version += 1
            self._notify()
            return refusal
        await self.network.cross()  # the request's way here
        received_at = asyncio.get_running_loop().time()
        canonical = (
            request.match_info.route.resource.canonical if request.match_info.route.resource else ""
        )
        route = canonical.removeprefix(API_PREFIX) if canonical != "/{tail:.*}" else "?"
        body, files = await read_body(request)
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
        response = self.rate_limits.refusal(record) or self._simulated_rate_limit(record)
        if response is None:
            try:
                response = await handler(request)
            except web.HTTPException:
                raise
            except Exception as error:  # a bug in the fake: fail the client fast, keep the cause
                self._violate("fake_server_error", f"{type(error).__name__}: {error}", record)
                response = error_response(400, 0, f"fake server error: {error!r}")
        self.rate_limits.answered(record, response)
        record.status = response.status
        # The error Discord answered with is kept; a success's body is the state kept anyway
        # (a command list read back a thousand times would otherwise be kept a thousand times).
        if isinstance(response, web.Response) and response.body and response.status >= 400:
            with contextlib.suppress(ValueError, TypeError):
                record.response = json.loads(response.body)  # type: ignore[arg-type]
        self.version += 1
        self._notify()
        await self.network.cross()  # the response's way back
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
                response = json_response(body, 429)
                response.headers["Via"] = "1.1 google"
                response.headers["Retry-After"] = str(max(1, round(limit.retry_after)))
                return response
        return None

    async def _unknown_route(self, request: web.Request) -> web.Response:
        record: RecordedRequest = request[RECORD]
        self._violate("unknown_route", "the fake server does not know this route", record)
        return error_response(404, 0, "404: Not Found")

    # ----------------------------------------------------------------- users, app, gateway

    # ----------------------------------------------------------------- application commands

    def _unknown(self, request: web.Request, code: int, message: str) -> web.Response:
        self._violate("unknown_resource", message, request[RECORD])
        return error_response(404, code, message)

    def _invalid(self, record: RecordedRequest, problems: list[str]) -> web.Response:
        self._violate("invalid_form_body", "; ".join(problems), record)
        return error_response(400, 50035, "Invalid Form Body", problems)

    # ----------------------------------------------------------------- interaction responses

    # ----------------------------------------------------------------- followups (webhooks)

    # ----------------------------------------------------------------- messages

    # ----------------------------------------------------------------- guilds


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
