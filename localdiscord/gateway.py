"""The gateway: sessions, shards, heartbeats, READY and GUILD_CREATE, RESUME and member
requests, and dispatching events on the right shard's connection.

Discord's reference: https://discord.com/developers/docs/events/gateway and
https://discord.com/developers/docs/events/gateway-events (sharding: "Sharding" there).
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .http import json_response
from .models import (
    FakeGuild,
)

INVALID_SHARD = 4010  # gateway close codes: a shard that cannot exist,
SHARDING_REQUIRED = 4011  # or one that would carry more servers than Discord allows
GUILDS_PER_SHARD = 2500  # Discord's most per connection
UNSHARDED = (0, 1)  # an IDENTIFY without "shard" is shard 0 of 1: it carries every server

# Privileged intents must be switched on in the developer portal, or the gateway closes
# with 4014 "Disallowed intent(s)":
# https://discord.com/developers/docs/events/gateway#privileged-intents and
# https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes
PRIVILEGED_INTENTS = {"members": 1 << 1, "presences": 1 << 8, "message_content": 1 << 15}
DISALLOWED_INTENTS = 4014
# "Apps can send 120 gateway events per connection every 60 seconds"; past it the connection
# is closed with 4008 (https://discord.com/developers/docs/events/gateway#rate-limiting).
# Heartbeats are not counted here: tests announce intervals of a fraction of a second, where
# Discord's 41 s leaves them a handful of the 120.
SENDS_PER_MINUTE, SEND_WINDOW, RATE_LIMITED_CLOSE = 120, 60.0, 4008
# Request Guild Members for all members (query "" and limit 0): 1 per server per 30 s, or a
# RATE_LIMITED event (https://discord.com/developers/docs/events/gateway-events#request-guild-members,
# change log 2025-08-14 "Introducing Rate Limit When Requesting All Guild Members").
ALL_MEMBERS_INTERVAL = 30.0
# Identify: max_concurrency sessions per rate limit key (shard_id % max_concurrency) every
# 5 s, else op 9 Invalid Session; and "total" session starts a day, after which Discord ends
# every session and resets the token
# (https://discord.com/developers/docs/events/gateway#session-start-limit and
# https://discord.com/developers/docs/events/gateway#sharding-max-concurrency).
IDENTIFY_WINDOW = 5.0
AUTHENTICATION_FAILED = 4004


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that carries a server: ``(guild_id >> 22) % shard_count``, Discord's rule
    (https://discord.com/developers/docs/events/gateway#sharding)."""
    return (guild_id >> 22) % shard_count


@dataclass
class GatewaySession:
    id: str
    intents: int
    shard: tuple[int, int] = UNSHARDED  # [shard_id, shard_count] from IDENTIFY
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    connection: GatewayConnection | None = None
    all_members_requested: dict[int, float] = field(default_factory=dict)  # server -> when


class GatewayConnection:
    """One gateway websocket: sends frames in order, zlib-stream compressed if asked."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.compressor = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()
        self.heartbeats: list[float] = []
        self.session: GatewaySession | None = None
        self.sends: collections.deque[float] = collections.deque()  # within the last minute

    def over_send_limit(self, now: float) -> bool:
        """Count one event the client sent; whether it passes Discord's 120 a minute."""
        self.sends.append(now)
        while now - self.sends[0] > SEND_WINDOW:
            self.sends.popleft()
        return len(self.sends) > SENDS_PER_MINUTE

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


class GatewayArea:
    """The gateway part of LocalDiscord (see server.py for the driver API)."""

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

    async def wait_for_gateway_frame(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0
    ) -> dict[str, Any]:
        """The first frame the client sent (e.g. ``lambda f: f["op"] == 6`` for RESUME)."""
        return await self._wait_until(
            lambda: next((f for f in self.gateway_received if predicate(f)), None),
            timeout,
            "a gateway frame from the client",
        )

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

    def _sessions_carrying(self, guild_id: int | str | None) -> list[GatewaySession]:
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

    async def _dispatch_to(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
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
        connection = GatewayConnection(ws, compress)
        self._connections.append(connection)
        self.gateway_connections.append(dict(request.query))
        interval_ms = round(self.heartbeat_interval * 1000)
        await connection.send({"op": 10, "d": {"heartbeat_interval": interval_ms}})
        async for message in ws:
            if message.type is WSMsgType.TEXT:
                await self._on_frame(connection, json.loads(message.data))
        self._notify()
        return ws

    async def _on_frame(self, connection: GatewayConnection, frame: dict[str, Any]) -> None:
        now = asyncio.get_running_loop().time()
        self.gateway_received.append({**frame, "received_at": now})
        op, data = frame.get("op"), frame.get("d")
        if op != 1 and connection.over_send_limit(now):
            self._violate("gateway_rate_limited", "more than 120 gateway sends in 60 s", None)
            await connection.ws.close(code=RATE_LIMITED_CLOSE, message=b"Rate limited.")
            return
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

    def disallowed_intents(self, intents: int) -> list[str]:
        """The privileged intents asked for but not switched on for this application."""
        return [
            name
            for name, bit in PRIVILEGED_INTENTS.items()
            if intents & bit and name not in self.privileged_intents
        ]

    async def _identify(self, connection: GatewayConnection, data: dict[str, Any]) -> None:
        if data.get("token") != self.token or self._token_reset:
            await connection.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return
        shard = _shard_asked(data)
        if shard is None:
            await connection.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return
        disallowed = self.disallowed_intents(int(data.get("intents", 0)))
        if disallowed:
            self._violate("disallowed_intents", f"not enabled in the portal: {disallowed}", None)
            await connection.ws.close(code=DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
            return
        if not await self._identify_admitted(connection, shard):
            return
        guilds = self.shard_guilds(shard)
        if len(guilds) > GUILDS_PER_SHARD:
            await connection.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return
        session = GatewaySession(
            id=uuid.uuid4().hex, intents=int(data.get("intents", 0)), shard=shard
        )
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

    async def _identify_admitted(
        self, connection: GatewayConnection, shard: tuple[int, int]
    ) -> bool:
        """Count a session start against the day's total and its rate limit key's 5 s."""
        now = asyncio.get_running_loop().time()
        if len(self.session_starts) >= self.session_start_total:
            self._violate("session_start_limit", "identified past the day's session starts", None)
            self._token_reset = True  # Discord resets the token and ends every session
            for other in self._connections:
                if other.open:
                    await other.ws.close(
                        code=AUTHENTICATION_FAILED, message=b"Authentication failed."
                    )
            return False
        key = shard[0] % self.max_concurrency
        if self.identify_concurrency_enforced and any(
            now - at < IDENTIFY_WINDOW and other_key == key for at, other_key in self.session_starts
        ):
            self._violate(
                "identify_too_soon",
                f"two identifies of rate limit key {key} within {IDENTIFY_WINDOW} s"
                f" (max_concurrency {self.max_concurrency})",
                None,
            )
            await connection.send({"op": 9, "d": False})
            return False
        self.session_starts.append((now, key))
        return True

    async def _resume(self, connection: GatewayConnection, data: dict[str, Any]) -> None:
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

    async def _send_member_chunk(self, connection: GatewayConnection, data: dict[str, Any]) -> None:
        guild = next((g for g in self.guilds if str(g.id) == str(data.get("guild_id"))), None)
        if guild is None or connection.session is None:
            return
        if await self._member_request_paced(connection.session, guild, data):
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

    async def _member_request_paced(
        self, session: GatewaySession, guild: FakeGuild, data: dict[str, Any]
    ) -> bool:
        """A request for all of a server's members within 30 s of the last one gets
        RATE_LIMITED instead of members; True when it did."""
        if data.get("query", "") != "" or data.get("limit", 0) != 0 or data.get("user_ids"):
            return False
        now = asyncio.get_running_loop().time()
        last = session.all_members_requested.get(guild.id)
        if last is not None and now - last < ALL_MEMBERS_INTERVAL:
            meta = {"guild_id": str(guild.id), "nonce": data.get("nonce")}
            retry_after = round(ALL_MEMBERS_INTERVAL - (now - last), 3)
            self._violate("member_request_rate_limited", f"all members of {guild.name} again", None)
            limited = {"opcode": 8, "retry_after": retry_after, "meta": meta}
            await self._dispatch_to(session, "RATE_LIMITED", limited)
            return True
        session.all_members_requested[guild.id] = now
        return False

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {
            "total": self.session_start_total,
            "remaining": max(0, self.session_start_total - len(self.session_starts)),
            "reset_after": 14_400_000,
            "max_concurrency": self.max_concurrency,
        }
        return json_response(
            {
                "url": self.gateway_url,
                "shards": self.recommended_shards,
                "session_start_limit": limit,
            }
        )
