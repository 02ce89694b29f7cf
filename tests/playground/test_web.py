"""The playground's page server, in this process: the real bot against the local Discord
server, driven through the same JSON the page sends (the browser tests drive the page)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from importlib import resources

import aiohttp
import pytest

from playground.runner import playground
from tests.cogs.test_puzzle_commands import BOX, REPLY_TIMEOUT, test_config


@pytest.fixture
async def running(tmp_path):
    async with playground(replace(test_config(tmp_path), workers=1)) as running:
        yield running


@pytest.fixture
async def http(running):
    async with aiohttp.ClientSession(running.url) as session:
        yield session


def member_id(running, name: str) -> str:
    return next(str(m.user.id) for m in running.members if m.user.username == name)


async def post(http, path: str, body: dict) -> tuple[int, dict]:
    async with http.post(path, json=body) as response:
        return response.status, await response.json()


async def messages_until(
    http, member: str, found, timeout: float = REPLY_TIMEOUT, channel: str = ""
) -> list[dict]:
    """The channel (or thread) as the member sees it, once `found(messages)` holds (kept up
    to date as the page keeps it: only what changed since its version comes)."""
    shown, _ = await feed_until(http, member, lambda ms, _: found(ms), timeout, channel)
    return shown


async def feed_until(
    http, member: str, found, timeout: float = REPLY_TIMEOUT, channel: str = ""
) -> tuple[list[dict], list[dict]]:
    """The messages the member sees, and the server's threads as the sidebar lists them."""
    version, views, threads = 0, {}, []
    async with asyncio.timeout(timeout):
        while True:
            query = {"member": member, "since": str(version), "channel": channel}
            async with http.get("/api/messages", params=query) as r:
                data = await r.json()
            views.update((m["id"], m) for m in data["messages"])
            threads = data.get("threads", threads)  # sent again only when it changed
            shown = [views[i] for i in data["order"]]
            if found(shown, threads):
                return shown, threads
            version = data["version"]


async def test_each_member_sees_the_channel_as_discord_shows_it_to_them(running, http):
    alice, bob = member_id(running, "alice"), member_id(running, "bob")
    status, _ = await post(
        http, "/api/command", {"member": alice, "text": "/solve letterboxed vro wal eth bdo"}
    )
    assert status == 200
    seen = await messages_until(
        http, alice, lambda ms: any("appears twice" in m["content"] for m in ms)
    )
    assert [m["ephemeral"] for m in seen if "appears twice" in m["content"]] == [True]
    # Bob's channel is the same channel without Alice's private reply.
    status, _ = await post(
        http, "/api/command", {"member": bob, "text": f"/solve letterboxed {BOX}"}
    )
    shown = await messages_until(http, bob, lambda ms: any(m["attachments"] for m in ms))
    assert not any("appears twice" in m["content"] for m in shown)
    (reply,) = [m for m in shown if m["attachments"]]
    assert reply["invoked"] == {"user": "Bob", "command": "/solve letterboxed", "locale": "en-US"}
    # The picture is served from the page's own address.
    async with http.get(reply["attachments"][0]["url"]) as picture:
        assert picture.status == 200 and picture.content_type == "image/png"
        assert (await picture.read()).startswith(b"\x89PNG")
    running.server.assert_no_violations()


async def test_a_co_op_thread_is_listed_under_its_channel_and_played_in(running, http):
    alice, bob = member_id(running, "alice"), member_id(running, "bob")
    general = str(running.server.channel.id)
    status, _ = await post(
        http, "/api/command", {"member": alice, "channel": general, "text": "/together cryptogram"}
    )
    assert status == 200
    _, threads = await feed_until(http, bob, lambda ms, ts: ts, channel=general)
    (thread,) = threads
    assert thread == {
        "id": thread["id"],
        "name": "Co-op Cryptogram",
        "parent": general,
        "archived": False,
    }
    # Opening the thread shows its messages; a command typed there is used there.
    in_thread = await messages_until(
        http, bob, lambda ms: any(m["attachments"] for m in ms), channel=thread["id"]
    )
    assert "/guess" in in_thread[0]["content"]
    status, _ = await post(
        http, "/api/command", {"member": bob, "channel": thread["id"], "text": "/guess A=A"}
    )
    assert status == 200
    (said,) = [
        m
        for m in await messages_until(
            http,
            bob,
            lambda ms: any(m["invoked"] and m["content"] for m in ms),
            channel=thread["id"],
        )
        if m["invoked"]
    ]
    assert said["invoked"] == {"user": "Bob", "command": "/guess", "locale": "en-US"}
    assert said["ephemeral"]
    assert "A=A" in said["content"]
    # The channel itself does not show what was said in its thread.
    in_general = await messages_until(http, bob, lambda ms: ms, channel=general)
    assert not any(m["invoked"] and m["invoked"]["command"] == "/guess" for m in in_general)
    running.server.assert_no_violations()


async def test_commands_a_member_may_not_use_are_neither_offered_nor_sent(running, http):
    alice, morgan = member_id(running, "alice"), member_id(running, "morgan")
    _, offered = await post(http, "/api/suggest", {"member": alice, "text": "/puzzle"})
    assert [s["label"] for s in offered["suggestions"]] == ["/puzzles"]
    _, offered = await post(http, "/api/suggest", {"member": morgan, "text": "/puzzle"})
    assert [s["label"] for s in offered["suggestions"]] == ["/puzzles", "/puzzle-settings"]
    line = "/puzzle-settings setup channel:#puzzles time:09:00 timezone:Europe/London"
    status, refused = await post(http, "/api/command", {"member": alice, "text": line})
    assert status == 400 and "Manage Server" in refused["error"] and "morgan" in refused["error"]
    # The bot's own completions come back as suggestions (an autocomplete interaction).
    _, zones = await post(http, "/api/suggest", {"member": morgan, "text": line[:-6]})
    assert "Europe/London" in [s["label"] for s in zones["suggestions"]]


async def test_a_member_who_chooses_french_is_offered_the_commands_in_french(running, http):
    alice, bob = member_id(running, "alice"), member_id(running, "bob")
    _, state = await post(http, "/api/language", {"member": alice, "locale": "fr"})
    assert state == {"locale": "fr"}
    _, offered = await post(http, "/api/suggest", {"member": alice, "text": "/generate ladder "})
    descriptions = {s["label"]: s["description"] for s in offered["suggestions"]}
    assert descriptions["difficulty:"] == "quelle difficulté"
    _, offered = await post(http, "/api/suggest", {"member": alice, "text": "/leaderboard period:"})
    assert [s["label"] for s in offered["suggestions"]] == [
        "aujourd'hui",
        "semaine",
        "mois",
        "tout",
    ]
    # The choice's value is what is sent: the command reads the same in every language.
    assert offered["suggestions"][1]["text"].endswith("period:week ")
    _, offered = await post(http, "/api/suggest", {"member": bob, "text": "/generate ladder "})
    assert {s["label"]: s["description"] for s in offered["suggestions"]}[
        "difficulty:"
    ] == "how hard"
    await post(http, "/api/command", {"member": alice, "text": "/solve ladder cold warmer"})
    sent = list(running.server.interactions.values())[-1]
    assert sent.payload["data"]["name"] == "solve" and sent.payload["locale"] == "fr"
    async with http.get("/api/state") as response:
        state = await response.json()
    assert {m["name"]: m["locale"] for m in state["members"]}["alice"] == "fr"
    assert [language["locale"] for language in state["languages"]] == ["en-US", "fr", "es-ES", "nl"]
    assert state["languages"][-1]["name"] == "Nederlands"
    status, said = await post(http, "/api/language", {"member": alice, "locale": "klingon"})
    assert status == 400 and "en-US, fr, es-ES, nl" in said["error"]


async def test_a_member_who_chooses_dutch_is_offered_the_commands_in_dutch(running, http):
    alice = member_id(running, "alice")
    _, state = await post(http, "/api/language", {"member": alice, "locale": "nl"})
    assert state == {"locale": "nl"}
    _, offered = await post(http, "/api/suggest", {"member": alice, "text": "/generate ladder "})
    descriptions = {s["label"]: s["description"] for s in offered["suggestions"]}
    assert descriptions["difficulty:"] == "hoe moeilijk"
    _, offered = await post(http, "/api/suggest", {"member": alice, "text": "/leaderboard period:"})
    labels = [s["label"] for s in offered["suggestions"]]
    assert labels == ["vandaag", "week", "maand", "alles"]


async def test_what_the_page_cannot_do_is_said_plainly(running, http):
    alice = member_id(running, "alice")
    status, said = await post(http, "/api/command", {"member": alice, "text": "/solve ladder"})
    assert status == 400 and "needs puzzle:" in said["error"]
    status, said = await post(http, "/api/command", {"member": "42", "text": "/help"})
    assert status == 400 and "choose a member" in said["error"]
    headers = {"Content-Type": "application/json"}
    async with http.post("/api/command", data=b"{not json", headers=headers) as response:
        assert response.status == 400 and "not JSON" in (await response.json())["error"]
    # Not from the page: a form post, or a request by another name for this address.
    async with http.post("/api/command", data={"text": "/help"}) as response:
        assert response.status == 415
    async with http.get("/api/state", headers={"Host": "attacker.example:80"}) as response:
        assert response.status == 403
    _, said = await post(http, "/api/clock", {"action": "next-post"})
    assert (
        "No daily puzzles are set up yet" in said["note"]
        and "/puzzle-settings setup" in said["note"]
    )
    _, said = await post(http, "/api/clock", {"action": "end-day"})
    assert "No daily puzzle is open" in said["note"]
    status, said = await post(
        http, "/api/modal", {"member": alice, "interaction": "1", "fields": {}}
    )
    assert status == 400 and "no longer open" in said["error"]


async def test_the_page_loads_nothing_from_elsewhere(running, http):
    async with http.get("/") as page:
        assert (
            page.status == 200 and "default-src 'self'" in page.headers["Content-Security-Policy"]
        )
        assert '<script src="/static/app.js">' in await page.text()
    for name in ("index.html", "app.js", "app.css"):
        text = (resources.files("playground") / "static" / name).read_text()
        assert not re.search(r"(src|href)=[\"']?(https?:)?//", text), name
        assert not re.search(r"@import", text), name
        for address in re.findall(r"url\(([^)]*)\)", text):  # the page's own files only
            assert address.strip("\"'").startswith("/static/"), (name, address)
        async with http.get(f"/static/{name}") as served:
            assert served.status == 200 and await served.text() == text
    async with http.get("/static/..%2fweb.py") as escaped:
        assert escaped.status == 404
    # The emoji font the pictures are drawn with, for a machine with none of its own.
    async with http.get("/static/emoji.ttf") as font:
        assert font.status == 200 and font.content_type == "font/ttf"
        assert (await font.read())[:4] == b"\x00\x01\x00\x00"  # a TrueType font


async def upload(http, filename: str, data: bytes, content_type: str = "image/jpeg"):
    """A file picked in the page's composer, uploaded as the page uploads it."""
    query = {"filename": filename, "type": content_type}
    headers = {"Content-Type": "application/octet-stream"}
    async with http.post("/api/upload", params=query, data=data, headers=headers) as response:
        return response.status, await response.json()


async def test_a_picked_picture_is_uploaded_then_solved_as_discord_does(running, http):
    from localdiscord.validation import MAX_FILE_BYTES
    from tests.cogs.test_picture_commands import PUZZLE, screenshot
    from tests.readers.pictures import as_jpeg

    alice = member_id(running, "alice")
    photo = as_jpeg(screenshot(PUZZLE), width=720, quality=80)
    status, uploaded = await upload(http, "sudoku.jpg", photo)
    assert status == 200 and uploaded["filename"] == "sudoku.jpg"
    assert uploaded["size"] == len(photo)
    # Served on the loopback, as Discord's CDN serves it, to the bot that reads it.
    stored = running.server.uploaded(int(uploaded["id"]))
    assert stored.url.startswith(running.server.url) and stored.content_type == "image/jpeg"

    # A command that takes no file, or a file typed as text, is refused with what to do.
    text = {"member": alice, "text": "/solve ladder cold warm", "attachment": uploaded["id"]}
    status, said = await post(http, "/api/command", text)
    assert status == 400 and "takes no file; remove sudoku.jpg" in said["error"]
    status, said = await post(
        http, "/api/command", {"member": alice, "text": "/solve sudoku picture:a.jpg"}
    )
    assert status == 400 and "picture: takes a file" in said["error"] and "📎" in said["error"]

    body = {"member": alice, "text": "/solve sudoku", "attachment": uploaded["id"]}
    status, _ = await post(http, "/api/command", body)
    assert status == 200
    answered = "5 3 4 | 6 7 8 | 9 1 2"  # the first row solved
    shown = await messages_until(http, alice, lambda ms: any(answered in m["content"] for m in ms))
    (reply,) = [m for m in shown if answered in m["content"]]
    assert "What I read from your picture" in reply["content"]
    assert reply["invoked"] == {"user": "Alice", "command": "/solve sudoku", "locale": "en-US"}
    async with http.get(reply["attachments"][0]["url"]) as picture:
        assert (await picture.read()).startswith(b"\x89PNG")

    # Over Discord's upload limit: refused with the limit, before any command.
    status, said = await upload(http, "big.jpg", bytes(MAX_FILE_BYTES + 1))
    assert status == 400 and "big.jpg is 10.0 MB; Discord takes files up to 10 MB" in said["error"]
    # Not from the page: a form's file post, which any other page could send.
    form = aiohttp.FormData()
    form.add_field("file", photo, filename="a.jpg", content_type="image/jpeg")
    async with http.post("/api/upload", params={"filename": "a.jpg"}, data=form) as response:
        assert response.status == 415
    status, said = await post(http, "/api/command", {**body, "attachment": "12345"})
    assert status == 400 and "no longer attached" in said["error"]
    running.server.assert_no_violations()
