"""Who may talk to the local server: only the bot it was started for, from this machine.

The server listens on the loopback, but any local process can reach it, and so can a web page
the member has open, by a name that resolves to 127.0.0.1 (DNS rebinding) or by a form post
that a browser sends to another origin without asking first. Discord tells its clients apart
by the bot token; here the token is made up afresh for each run and handed only to the bot, and
what a browser would send (an Origin header, a foreign Host, a body that is not JSON) is
turned away before anything of it is read or recorded.

Refused requests are counted by reason in ``LocalDiscord.refused``; nothing of what they carry
is kept, so a caller cannot put words of its own into what a page shows.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from typing import Any

from aiohttp import WSCloseCode, web

from .http import error_response

# Discord takes JSON, or multipart with a payload_json part when files come along
# (https://discord.com/developers/docs/reference#http-api and #uploading-files).
ACCEPTED_BODIES = ("application/json", "multipart/form-data")
# Discord refuses a request body over 25 MiB with 413 "Request entity too large" (code 40005)
# (https://discord.com/developers/docs/reference#uploading-files).
MAX_BODY_BYTES = 25 * 1024 * 1024
# Routes authenticated by the interaction token in their path rather than the bot token
# (https://discord.com/developers/docs/interactions/receiving-and-responding#endpoints), and
# the attachments, which Discord's CDN serves to anyone with the address.
NO_BOT_TOKEN = ("/api/v10/webhooks/", "/api/v10/interactions/", "/attachments/")


def new_token() -> str:
    """A bot token for one run, as unguessable as Discord's own."""
    return secrets.token_urlsafe(32)


class Guard:
    """The rules every request and gateway connection passes before it is handled."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.address = ""  # host:port the server listens at, set once it does
        self.refused: Counter[str] = Counter()

    def http_refusal(self, request: web.Request) -> web.Response | None:
        """The answer for a request the server must not handle, or None to go on."""
        reason = self._foreign(request) or self._unauthenticated(request) or _bad_body(request)
        if reason is None:
            return None
        self.refused[reason] += 1
        status, code, message = REFUSALS[reason]
        return error_response(status, code, message)

    def gateway_refusal(self, request: web.Request) -> web.Response | None:
        """A gateway connection a browser opened (it always sends Origin; discord.py never
        does) or one reaching this server by another name is refused before the upgrade."""
        reason = self._foreign(request)
        if reason is None:
            return None
        self.refused[reason] += 1
        return web.Response(status=403, text="Forbidden")

    def _foreign(self, request: web.Request) -> str | None:
        if request.host != self.address:
            return "wrong_host"
        if "Origin" in request.headers:
            return "browser_origin"
        return None

    def _unauthenticated(self, request: web.Request) -> str | None:
        if request.path.startswith(NO_BOT_TOKEN):
            return None
        if not secrets.compare_digest(
            request.headers.get("Authorization", ""), f"Bot {self.token}"
        ):
            return "unauthorized"
        return None


def _bad_body(request: web.Request) -> str | None:
    if not request.body_exists:
        return None
    if request.content_length is None:  # chunked: its size is known only once it is read
        return "no_length"
    if request.content_length > MAX_BODY_BYTES:
        return "too_large"
    if request.content_type not in ACCEPTED_BODIES:
        return "not_json"
    return None


# reason -> Discord's answer (https://discord.com/developers/docs/topics/opcodes-and-status-codes
# #json-json-error-codes: 40005 request entity too large, 50109 invalid JSON).
REFUSALS = {
    "wrong_host": (403, 0, "403: Forbidden"),
    "browser_origin": (403, 0, "403: Forbidden"),
    "unauthorized": (401, 0, "401: Unauthorized"),
    "too_large": (413, 40005, "Request entity too large"),
    "no_length": (411, 0, "411: Length Required"),
    "not_json": (400, 50109, "The request body contains invalid JSON."),
}


# --- gateway frames ---------------------------------------------------------------------------

# Discord closes the connection with 4002 when a client sends a payload over 4096 bytes
# (https://discord.com/developers/docs/events/gateway#sending-events).
MAX_FRAME_BYTES = 4096
# https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes
UNKNOWN_OPCODE = 4001  # an invalid opcode, or an invalid payload for an opcode
DECODE_ERROR = 4002  # an invalid payload
# The payload each opcode a client sends must carry (the "d" of
# https://discord.com/developers/docs/events/gateway-events#send-events): 1 heartbeat,
# 2 identify, 3 presence update, 4 voice state update, 6 resume, 8 request guild members.
SEND_EVENTS: dict[int, tuple[type | None, ...]] = {
    1: (int, type(None)),
    2: (dict,),
    3: (dict,),
    4: (dict,),
    6: (dict,),
    8: (dict,),
}
REQUIRED_FIELDS: dict[int, dict[str, tuple[type, ...]]] = {
    2: {"token": (str,), "intents": (int,), "properties": (dict,)},
    6: {"token": (str,), "session_id": (str,)},
    8: {"guild_id": (str, int)},
}


class FrameRefused(Exception):
    """A frame the gateway closes the connection for, with Discord's close code."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def read_frame(text: str | bytes) -> dict[str, Any]:
    """A client's text frame as the gateway event it must be, or FrameRefused."""
    if not isinstance(text, str) or len(text.encode()) > MAX_FRAME_BYTES:
        raise FrameRefused(DECODE_ERROR, "Decode error.")
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested past what can be read
        raise FrameRefused(DECODE_ERROR, "Decode error.") from None
    if not isinstance(frame, dict):
        raise FrameRefused(DECODE_ERROR, "Decode error.")
    op, data = frame.get("op"), frame.get("d")
    if not _is_int(op) or op not in SEND_EVENTS:
        raise FrameRefused(UNKNOWN_OPCODE, "Unknown opcode.")
    if not isinstance(data, SEND_EVENTS[op]) or isinstance(data, bool):
        raise FrameRefused(UNKNOWN_OPCODE, "Invalid payload for the opcode.")
    for name, types in REQUIRED_FIELDS.get(op, {}).items():
        value = data.get(name)
        if not isinstance(value, types) or isinstance(value, bool):
            raise FrameRefused(UNKNOWN_OPCODE, f"Invalid payload for the opcode: {name}.")
    return frame


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class GatewaySocket(web.WebSocketResponse):
    """The gateway's websocket: reads no frame past Discord's payload limit, and closes for
    one as Discord does, with 4002 rather than the websocket's own 1009 (message too big)."""

    def __init__(self) -> None:
        super().__init__(max_msg_size=MAX_FRAME_BYTES)

    async def close(self, *, code: int = 1000, message: bytes = b"", **rest: Any) -> bool:
        if code == WSCloseCode.MESSAGE_TOO_BIG:
            code, message = DECODE_ERROR, b"Decode error."
        return await super().close(code=code, message=message, **rest)
