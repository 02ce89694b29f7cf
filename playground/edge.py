"""What the page sends, read at the edge: every field's type and range is checked here, so the
handlers only ever see the values they expect, and anything else is a 400 that says which
field is wrong and what it should look like (never a 500)."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from localdiscord.attachment_options import upload_refusal
from localdiscord.validation import MAX_FILE_BYTES

MAX_BODY_BYTES = 256 * 1024  # a text box of five 4,000-character fields, escaped, fits
MAX_TEXT = 6000  # Discord's longest option value
MAX_ID = 100  # Discord's longest custom_id
MAX_VALUES = 25  # a select menu's most options
MAX_FIELDS = 5  # a modal's most text inputs
MAX_SNOWFLAKE = 2**64 - 1
MAX_FILENAME = 255  # the longest file name a file system keeps


class PageError(Exception):
    """A request the page sent that cannot be done; its message is shown beside the composer."""


async def body_of(request: web.Request) -> dict[str, Any]:
    """The JSON object the page sent."""
    try:
        body = await request.json()
    except web.HTTPRequestEntityTooLarge:
        raise PageError(f"the page sent more than {MAX_BODY_BYTES:,} bytes") from None
    except (ValueError, RecursionError):  # RecursionError: nested deeper than can be read
        raise PageError("the page sent something that is not JSON") from None
    if not isinstance(body, dict):
        raise PageError("the page sent something that is not a JSON object")
    return body


async def file_body(request: web.Request, filename: str) -> bytes:
    """A picked file's bytes, read no further than Discord takes from a member: a bigger one
    is refused with Discord's limit, by its announced length or when the limit is passed."""
    limit = MAX_FILE_BYTES + 1
    if request.content_length is not None and request.content_length > limit:
        raise PageError(upload_refusal(filename, request.content_length))
    data = bytearray()
    async for chunk in request.content.iter_chunked(64 * 1024):
        data += chunk
        if len(data) > limit:
            raise PageError(upload_refusal(filename, len(data)))
    return bytes(data)


def snowflake(body: dict[str, Any], name: str) -> int:
    """An id of Discord's: digits, as a string (or a whole number), that fit 64 bits."""
    value = body.get(name)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20):
        raise PageError(f'{name}: expected an id such as "1234567890", not {_shown(value)}')
    number = int(value)
    if number > MAX_SNOWFLAKE:
        raise PageError(f"{name}: {value} is larger than any id")
    return number


def text(body: dict[str, Any], name: str, limit: int = MAX_TEXT, default: str = "") -> str:
    value = body.get(name, default)
    if not isinstance(value, str):
        raise PageError(f'{name}: expected text, e.g. "/help", not {_shown(value)}')
    if len(value) > limit:
        raise PageError(f"{name}: {len(value):,} characters; at most {limit:,}")
    return value


def texts(body: dict[str, Any], name: str) -> list[str]:
    """A select menu's chosen values: a list of short texts."""
    value = body.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PageError(f'{name}: expected a list of texts, e.g. ["easy"], not {_shown(value)}')
    if len(value) > MAX_VALUES or any(len(v) > MAX_ID for v in value):
        raise PageError(f"{name}: at most {MAX_VALUES} values of {MAX_ID} characters each")
    return value


def fields(body: dict[str, Any], name: str) -> dict[str, str]:
    """A text box's inputs: custom_id -> what was typed."""
    value = body.get(name, {})
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise PageError(
            f'{name}: expected inputs by name, e.g. {{"answer": "…"}}, not {_shown(value)}'
        )
    if len(value) > MAX_FIELDS or any(len(k) > MAX_ID for k in value):
        raise PageError(f"{name}: at most {MAX_FIELDS} inputs")
    for key, typed in value.items():
        if len(typed) > MAX_TEXT:
            raise PageError(f"{name}: {key} has {len(typed):,} characters; at most {MAX_TEXT:,}")
    return value


def _shown(value: Any) -> str:
    """The wrong value, short enough to read (the page shows it to the member)."""
    shown = json.dumps(value) if not isinstance(value, float) else repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
