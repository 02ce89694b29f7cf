"""The page's server at its edge, against the local Discord server with no bot connected (fast):
every malformed request is a 400 that names the field, never a 500; the long-poll sends only
what changed; refused requests to the local server are counted on the page, never quoted."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import aiohttp
import pytest

from localdiscord import LocalDiscord
from localdiscord.ratelimits import RateLimits
from playground.clock import PlaygroundClock
from playground.web import PlaygroundWeb
from playground.world import furnish


@pytest.fixture
async def page() -> AsyncIterator[tuple[PlaygroundWeb, aiohttp.ClientSession]]:
    # The page's history is under test, not the bot's pace: without the limits, a channel's
    # 5 posts per 5 s would hold the 150 posts below for minutes.
    limits = RateLimits(enforce_buckets=False, global_per_second=10_000)
    async with LocalDiscord(history=500, rate_limits=limits) as server:
        web = PlaygroundWeb(server, None, PlaygroundClock(), furnish(server))  # type: ignore[arg-type]
        web.long_poll_seconds = 0.3
        await web.start()
        try:
            async with aiohttp.ClientSession(web.url) as http:
                yield web, http
        finally:
            await web.close()


def alice(web: PlaygroundWeb) -> str:
    return next(str(m.user.id) for m in web.members if m.user.username == "alice")


async def post(http: aiohttp.ClientSession, path: str, body: object) -> tuple[int, dict]:
    async with http.post(path, data=json.dumps(body, allow_nan=True), headers=JSON) as answer:
        return answer.status, await answer.json()


JSON = {"Content-Type": "application/json"}
HUGE = 10**400  # written out in full: 401 digits, bigger than any id


@pytest.mark.parametrize(
    ("path", "fields", "named"),
    [
        ("/api/modal", {"interaction": "abc", "fields": {}}, "interaction"),
        ("/api/modal", {"interaction": {}, "fields": {}}, "interaction"),
        ("/api/modal", {"interaction": float("inf"), "fields": {}}, "interaction"),
        ("/api/modal", {"interaction": HUGE, "fields": {}}, "interaction"),
        ("/api/modal", {"interaction": "12", "fields": ["a"]}, "fields"),
        ("/api/modal", {"interaction": "12", "fields": "abc"}, "fields"),
        ("/api/modal", {"interaction": "12", "fields": {"a": 5}}, "fields"),
        ("/api/button", {"message": "abc", "custom_id": "x"}, "message"),
        ("/api/button", {"message": [1], "custom_id": "x"}, "message"),
        ("/api/button", {"message": float("inf"), "custom_id": "x"}, "message"),
        ("/api/button", {"message": "1", "custom_id": ["x"]}, "custom_id"),
        ("/api/select", {"message": "abc", "custom_id": "x", "values": []}, "message"),
        ("/api/select", {"message": True, "custom_id": "x", "values": []}, "message"),
        ("/api/select", {"message": "1", "custom_id": "x", "values": 5}, "values"),
        ("/api/select", {"message": "1", "custom_id": "x", "values": True}, "values"),
        ("/api/select", {"message": "1", "custom_id": "x", "values": [1]}, "values"),
        ("/api/command", {"text": ["/help"]}, "text"),
        ("/api/command", {"text": "/" + "x" * 10_000}, "text"),
        ("/api/suggest", {"text": 5}, "text"),
        ("/api/clock", {"action": {"a": 1}}, "action"),
    ],
    ids=lambda value: json.dumps(value, allow_nan=True)[:40] if isinstance(value, dict) else value,
)
async def test_a_field_of_the_wrong_type_or_range_is_a_400_naming_it(page, path, fields, named):
    web, http = page
    status, said = await post(http, path, {"member": alice(web), **fields})
    assert status == 400, said
    assert said["error"].startswith(f"{named}:") and len(said["error"]) < 200


async def test_bodies_that_cannot_be_read_are_a_400(page):
    web, http = page
    for body in (b"[" * 100_000 + b"]" * 100_000, b'{"a": ' * 20_000 + b"1" + b"}" * 20_000):
        async with http.post("/api/suggest", data=body, headers=JSON) as answer:
            assert answer.status == 400 and "not JSON" in (await answer.json())["error"]
    too_big = json.dumps({"member": alice(web), "text": "x" * 400_000})
    async with http.post("/api/suggest", data=too_big, headers=JSON) as answer:
        assert answer.status == 400 and "more than" in (await answer.json())["error"]


async def test_a_long_static_file_name_is_not_found(page):
    _, http = page
    for name in ("a" * 300 + ".js", "app.js\x00", "web.py", "__init__.py"):
        async with http.get(f"/static/{name}") as answer:
            assert answer.status == 404
    async with http.get("/static/app.js") as answer:
        assert answer.status == 200


async def bot_posts(
    server: LocalDiscord, count: int, *, start: int = 0, channel_id: int | None = None
) -> None:
    path = f"channels/{channel_id or server.channel.id}/messages"
    for number in range(start, start + count):
        await bot_asks(server, "POST", path, {"content": f"message {number}"})


async def bot_asks(server: LocalDiscord, method: str, path: str, body: dict) -> dict:
    headers = {"Authorization": f"Bot {server.token}"}
    async with (
        aiohttp.ClientSession(server.url) as http,
        http.request(method, f"/api/v10/{path}", json=body, headers=headers) as answer,
    ):
        assert answer.status in (200, 201), await answer.text()
        return await answer.json()


async def poll(http, member: str, channel: int | str, since: int) -> dict:
    query = {"member": member, "channel": str(channel), "since": str(since)}
    async with http.get("/api/messages", params=query) as answer:
        assert answer.status == 200
        return await answer.json()


async def test_the_long_poll_sends_only_what_changed_since_the_pages_version(page):
    web, http = page
    server, member = web.server, alice(web)
    await bot_posts(server, 150)
    first = await poll(http, member, server.channel.id, 0)
    contents = [m["content"] for m in first["messages"]]
    assert contents == [f"message {n}" for n in range(50, 150)]  # the newest hundred
    assert first["order"] == [m["id"] for m in first["messages"]]
    assert first["problems"] == {"violations": [], "refused": {}}
    # Nothing new: held for the whole poll, and nothing sent again.
    loop = asyncio.get_running_loop()
    started = loop.time()
    idle = await poll(http, member, server.channel.id, first["version"])
    assert loop.time() - started >= 0.25
    assert idle["messages"] == [] and not idle["changed"] and "problems" not in idle
    # One more message: that one only, while the order says what is shown.
    waiting = asyncio.create_task(poll(http, member, server.channel.id, first["version"]))
    await asyncio.sleep(0.05)
    await bot_posts(server, 1, start=150)
    update = await waiting
    assert [m["content"] for m in update["messages"]] == ["message 150"]
    assert len(update["order"]) == 100 and update["order"][-1] == update["messages"][0]["id"]
    assert len(json.dumps(update)) < 4000


async def test_refused_requests_are_counted_on_the_page_never_quoted(page):
    web, http = page
    server = web.server
    async with aiohttp.ClientSession(server.url) as outsider:
        path = "/api/v10/Session expired: log in again at evil.example"
        async with outsider.post(path, json={"content": "**Session expired**"}) as answer:
            assert answer.status == 401
    shown = await poll(http, alice(web), server.channel.id, 0)
    assert shown["problems"] == {"violations": [], "refused": {"unauthorized": 1}}
    assert "Session expired" not in json.dumps(shown)


async def test_threads_are_sent_when_they_change_and_followed_like_a_channel(page):
    web, http = page
    server, member = web.server, alice(web)
    first = await poll(http, member, server.channel.id, 0)
    assert first["threads"] == []
    idle = await poll(http, member, server.channel.id, first["version"])
    assert "threads" not in idle and not idle["changed"]
    # As the bot does it: the page follows what the local server answers.
    started = await bot_asks(
        server,
        "POST",
        f"channels/{server.channel.id}/threads",
        {"name": "Co-op Cryptogram", "type": 11},
    )
    thread_id = int(started["id"])
    listed = await poll(http, member, server.channel.id, first["version"])
    assert listed["changed"] and listed["threads"] == [
        {
            "id": str(thread_id),
            "name": "Co-op Cryptogram",
            "parent": str(server.channel.id),
            "archived": False,
        }
    ]
    # The thread's messages are shown in the thread, not in its channel.
    await bot_posts(server, 2, channel_id=thread_id)
    inside = await poll(http, member, thread_id, 0)
    assert [m["content"] for m in inside["messages"]] == ["message 0", "message 1"]
    outside = await poll(http, member, server.channel.id, 0)
    assert outside["messages"] == []
    await bot_asks(server, "PATCH", f"channels/{thread_id}", {"archived": True})
    archived = await poll(http, member, server.channel.id, listed["version"])
    assert archived["threads"][0]["archived"] is True


@pytest.mark.parametrize("channel", ["abc", "1" * 30, "0", ""])
async def test_a_channel_that_is_not_the_servers_shows_the_default_channel(page, channel):
    web, http = page
    await bot_posts(web.server, 1)
    shown = await poll(http, alice(web), channel, 0)
    assert [m["content"] for m in shown["messages"]] == ["message 0"]
