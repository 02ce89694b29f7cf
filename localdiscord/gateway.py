"""The gateway: sessions, shards, heartbeats, READY and GUILD_CREATE, RESUME and member
requests, and dispatching events on the right shard's connection.

Discord's reference: https://discord.com/developers/docs/events/gateway and
https://discord.com/developers/docs/events/gateway-events (sharding: "Sharding" there).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import uuid
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .guard import FrameRefused, GatewaySocket, read_frame
from .http import json_response
from .models import (
    FakeGuild,
)

INVALID_SHARD = 4010  # gateway close codes: a shard that cannot exist,
SHARDING_REQUIRED = 4011  # or one that would carry more servers than Discord allows
GUILDS_PER_SHARD = 2500  # Discord's most per connection
UNSHARDED = (0, 1)  # an IDENTIFY without "shard" is shard 0 of 1: it carries every server
RESUME_BUFFER = 1000  # events kept for a RESUME; older ones are gone, as on Discord


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
    events: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=RESUME_BUFFER))
    connection: GatewayConnection | None = None


class GatewayConnection:
    """One gateway websocket: sends frames in order, zlib-stream compressed if asked."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.compressor = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()
        self.heartbeats: deque[float] = deque(maxlen=RESUME_BUFFER)
        self.session: GatewaySession | None = None

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
        ws = GatewaySocket()
        await ws.prepare(request)
        compress = self.gateway_compression and request.query.get("compress") == "zlib-stream"
        connection = GatewayConnection(ws, compress)
        self._connections.append(connection)
        self.gateway_connections.append(dict(request.query))
        interval_ms = round(self.heartbeat_interval * 1000)
        await connection.send({"op": 10, "d": {"heartbeat_interval": interval_ms}})
        async for message in ws:
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            try:
                frame = read_frame(message.data)
            except FrameRefused as refused:  # closed as Discord closes it, with its code
                await ws.close(code=refused.code, message=refused.reason.encode())
                break
            await self._on_frame(connection, frame)
        if connection.session is None and connection in self._connections:
            self._connections.remove(connection)  # never identified: nothing worth keeping
        self._notify()
        return ws

    async def _on_frame(self, connection: GatewayConnection, frame: dict[str, Any]) -> None:
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

    async def _identify(self, connection: GatewayConnection, data: dict[str, Any]) -> None:
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

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
        return json_response(
            {
                "url": self.gateway_url,
                "shards": self.recommended_shards,
                "session_start_limit": limit,
            }
        )
