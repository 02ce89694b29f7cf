"""The playground's HTTP routes and the local server's gateway, fed arbitrary and hostile
input (hostile values in every field, JSON of any shape, bodies that are not JSON or nest past
what can be read, frames of any kind).

The properties:

- every request to the page's server is answered with a status below 500 and, for the JSON
  routes, a JSON body; an error names what is wrong in a readable length;
- every frame on the gateway is either taken or closes the connection with one of Discord's
  close codes, never with a traceback, and the server still lets the bot in afterwards.

The page's server runs against the local server with no bot connected (a bot-less page
refuses commands, which is what the edge has to do with most of this input anyway).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import aiohttp
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from localdiscord import LocalDiscord
from playground.clock import PlaygroundClock
from playground.web import PlaygroundWeb
from playground.world import furnish
from tests.fuzz.strategies import TRIED, hostile_values

pytestmark = pytest.mark.fuzz

RUNNER = asyncio.Runner()
JSON_ROUTES = {
    "/api/suggest": ("member", "channel", "text"),
    "/api/command": ("member", "channel", "text", "attachment"),
    "/api/button": ("member", "message", "custom_id"),
    "/api/select": ("member", "message", "custom_id", "values"),
    "/api/modal": ("member", "interaction", "fields"),
    "/api/clock": ("action",),
}
LONGEST_ERROR = 300
# What Discord closes a gateway connection with for what a client sent
# (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes).
DISCORD_CLOSE_CODES = {4001, 4002, 4003, 4004, 4005, 4007, 4008, 4009, 4010, 4011, 4012, 4013, 4014}


class Running(logging.Handler):
    """The local server and the page's server, started once for the module, and every error
    logged meanwhile (a traceback from a handler is logged, the client only sees a 500)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.errors: list[logging.LogRecord] = []
        self.server = LocalDiscord(history=200)
        self.web: PlaygroundWeb | None = None
        self.http: aiohttp.ClientSession | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.errors.append(record)

    def assert_no_error_logged(self) -> None:
        errors, self.errors = self.errors, []
        assert not errors, errors[0].getMessage()

    async def start(self) -> None:
        logging.getLogger().addHandler(self)
        await self.server.start()
        self.web = PlaygroundWeb(self.server, None, PlaygroundClock(), furnish(self.server))  # type: ignore[arg-type]
        self.web.long_poll_seconds = 0  # answer at once: the fuzz is about the answer
        await self.web.start()
        self.http = aiohttp.ClientSession(self.web.url)

    async def close(self) -> None:
        assert self.http is not None and self.web is not None
        await self.http.close()
        await self.web.close()
        await self.server.close()
        logging.getLogger().removeHandler(self)


@pytest.fixture(scope="module")
def running():
    started = Running()
    RUNNER.run(started.start())
    yield started
    RUNNER.run(started.close())


def json_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30))
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )


def as_json(value: Any) -> str:
    """JSON text for any value, integers past Python's 4,300 digits written out by hand (a
    client may send them; json.dumps will not)."""
    try:
        return json.dumps(value, allow_nan=True)
    except ValueError:
        return "9" * 5000


def field_values() -> st.SearchStrategy[Any]:
    return st.one_of(hostile_values(), json_values(), st.just("1"), st.just(["a"]))


@st.composite
def bodies(draw, route: str) -> bytes:
    """A body for `route`: its own fields with hostile values, any JSON, or bytes that are
    not JSON or nest past what can be read."""
    shape = draw(st.sampled_from(("fields", "fields", "json", "bytes", "deep")))
    if shape == "fields":
        names = JSON_ROUTES[route]
        body = {name: draw(field_values()) for name in names if draw(st.booleans())}
        return (
            "{" + ", ".join(f"{json.dumps(k)}: {as_json(v)}" for k, v in body.items()) + "}"
        ).encode()
    if shape == "json":
        return as_json(draw(json_values())).encode()
    if shape == "deep":
        depth = draw(st.integers(500, 60_000))
        opener = draw(st.sampled_from(("[", '{"a":')))
        closer = "]" if opener == "[" else "}"
        return (opener * depth + "1" + closer * depth).encode()
    return draw(st.binary(max_size=200))


async def answer(running: Running, method: str, path: str, **request) -> tuple[int, str, str]:
    assert running.http is not None
    async with running.http.request(method, path, **request) as response:
        return response.status, response.content_type, await response.text()


@given(route=st.sampled_from(sorted(JSON_ROUTES)), data=st.data())
def test_any_body_to_a_route_of_the_page_is_answered_below_500(running, route, data):
    body = data.draw(bodies(route))
    assume(b"next-post" not in body and b"end-day" not in body)  # those need the bot
    TRIED["playground http"] += 1
    headers = {"Content-Type": "application/json"}
    status, content_type, text = RUNNER.run(
        answer(running, "POST", route, data=body, headers=headers)
    )
    assert status < 500, text
    assert content_type == "application/json", text
    said = json.loads(text)
    if status >= 400:
        assert said["error"].strip() and len(said["error"]) <= LONGEST_ERROR, said
    running.assert_no_error_logged()


@given(
    filename=st.one_of(st.text(max_size=300), st.just("photo.jpg")),
    content_type=st.one_of(st.text(max_size=40), st.just("image/png")),
    data=st.binary(max_size=2000),
)
def test_any_file_picked_in_the_page_is_answered_below_500(running, filename, content_type, data):
    """A picked file's upload with any name, type and bytes: taken, or refused in words."""
    TRIED["playground http"] += 1
    query = {"filename": filename, "type": content_type}
    headers = {"Content-Type": "application/octet-stream"}
    status, response_type, text = RUNNER.run(
        answer(running, "POST", "/api/upload", params=query, data=data, headers=headers)
    )
    assert status < 500, text
    assert response_type == "application/json", text
    if status >= 400:
        said = json.loads(text)["error"]
        assert said.strip() and len(said) <= LONGEST_ERROR, said
    running.assert_no_error_logged()


@given(
    path=st.one_of(
        st.builds(
            "/static/{}{}".format,
            st.one_of(st.text(max_size=400), st.integers(200, 400).map("n".__mul__)),
            st.sampled_from(["", ".js", ".css", ".html", ".ttf"]),
        ),
        st.builds("/attachments/{}/{}".format, st.text(max_size=30), st.text(max_size=300)),
        st.builds(
            "/api/messages?since={}&member={}".format,
            st.text(max_size=30),
            st.one_of(st.text(max_size=30), st.integers().map(str)),
        ),
        st.just("/api/state"),
    )
)
@example(path="/static/" + "n" * 300 + ".js")  # found by hand before: File name too long
def test_any_address_on_the_page_is_answered_below_500(running, path):
    TRIED["playground http"] += 1
    try:
        status, _, text = RUNNER.run(answer(running, "GET", path))
    except ValueError:  # not a URL the client will send at all
        return
    assert status < 500, text
    running.assert_no_error_logged()


def frames() -> st.SearchStrategy[str | bytes]:
    identify = st.fixed_dictionaries(
        {"token": field_values(), "intents": field_values(), "properties": field_values()}
    )
    op = st.one_of(st.sampled_from([0, 1, 2, 3, 4, 6, 8, 11, 99]), field_values())
    return st.one_of(
        st.builds(lambda o, d: f'{{"op": {as_json(o)}, "d": {as_json(d)}}}', op, field_values()),
        st.builds(lambda d: '{"op": 2, "d": ' + as_json(d) + "}", identify),
        st.builds(as_json, json_values()),
        st.text(max_size=200),
        st.binary(max_size=200),
        st.integers(100, 5000).map(lambda depth: "[" * depth + "]" * depth),
        st.integers(4000, 9000).map(lambda size: json.dumps({"op": 1, "d": None, "x": "y" * size})),
    )


async def send_frame(server: LocalDiscord, frame: str | bytes) -> int | None:
    """The close code the frame earned, or None when the connection stayed open."""
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(server.gateway_url, max_msg_size=0)
        assert (await ws.receive_json())["op"] == 10
        await (ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_str(frame))
        try:
            reply = await ws.receive(timeout=0.2)
        except TimeoutError:
            reply = None
        await ws.close()
    if reply is not None and reply.type is aiohttp.WSMsgType.CLOSE:
        return reply.data
    return None


@given(frame=frames())
def test_any_frame_is_taken_or_closes_with_a_discord_code(running, frame):
    TRIED["gateway frames"] += 1
    code = RUNNER.run(send_frame(running.server, frame))
    assert code is None or code in DISCORD_CLOSE_CODES, code
    running.assert_no_error_logged()


def test_after_the_fuzz_the_bot_still_gets_in(running):
    identify = {"op": 2, "d": {"token": running.server.token, "intents": 1, "properties": {}}}
    assert RUNNER.run(send_frame(running.server, json.dumps(identify))) is None
