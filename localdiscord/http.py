"""What every API area shares: JSON responses and errors as Discord shapes them, reading a
request's body, and where the middleware leaves the recorded request for the handler."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .models import RecordedFile, RecordedRequest

API_PREFIX = "/api/v{version}"

# Where the middleware leaves the RecordedRequest for the handler (plain key on old aiohttp).
RECORD: Any = web.RequestKey("record", RecordedRequest) if hasattr(web, "RequestKey") else "record"


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly "application/json" (no charset).
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def error_response(
    status: int, code: int, message: str, errors: list[str] | None = None
) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": e} for e in errors]}
    return json_response(body, status)


def invalid_form_body(errors: dict[str, Any]) -> web.Response:
    """Discord's 400 for a body breaking its rules: `errors` follows the body's own keys
    (list indexes as strings) down to an `_errors` list of {code, message}."""
    return json_response({"message": "Invalid Form Body", "code": 50035, "errors": errors}, 400)


def id_of(thing: Any) -> int | None:
    if thing is None or isinstance(thing, int):
        return thing
    return thing.id


async def read_body(request: web.Request) -> tuple[Any, list[RecordedFile]]:
    """The JSON body, or a multipart body's ``payload_json`` plus its file parts."""
    if not request.can_read_body:
        return None, []
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[RecordedFile] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                payload = _json_or_text(await part.text())
            else:
                data = await part.read(decode=False)
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append(
                    RecordedFile(part.name or "", part.filename or "", bytes(data), content_type)
                )
        return payload, files
    raw = await request.read()  # bounded: the guard refuses bodies over Discord's size
    if not raw:
        return None, []
    return _json_or_text(raw.decode(errors="replace")), []


def _json_or_text(text: str) -> Any:
    """The body as JSON, or as the text it is when it is not JSON (the route then says what
    is wrong with it, as Discord does), nested too deep to read included."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text
