"""Only the bot the local server was started for may use it (localdiscord/guard.py): another
process or a web page on the same machine is turned away, counted and never quoted; frames and
bodies are bounded as Discord bounds them; malformed frames close with Discord's codes."""

from __future__ import annotations

import contextlib
import json

import aiohttp
import pytest

from localdiscord import LocalDiscord
from localdiscord.guard import MAX_FRAME_BYTES
from tests.localdiscord.test_server import running


async def gateway_answer(server: LocalDiscord, frame: str | bytes, **connect) -> tuple[int, str]:
    """Send one frame on a raw gateway socket: the close code and reason, or the event."""
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(server.gateway_url, max_msg_size=0, **connect)
        assert (await ws.receive_json())["op"] == 10
        with contextlib.suppress(ConnectionError):  # closed before all of it was sent
            await (ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_str(frame))
        answer = await ws.receive()
        await ws.close()
    if answer.type is aiohttp.WSMsgType.CLOSE:
        return answer.data, answer.extra
    return 0, json.loads(answer.data)["t"]


def identify_with(token: str) -> str:
    return json.dumps({"op": 2, "d": {"token": token, "intents": 1, "properties": {}}})


async def test_each_run_has_its_own_token_and_the_old_fixed_one_is_refused():
    async with LocalDiscord() as first, LocalDiscord() as second:
        assert first.token != second.token and len(first.token) >= 32
        assert (await gateway_answer(first, identify_with("fake-bot-token")))[0] == 4004
        assert (await gateway_answer(first, identify_with(second.token)))[0] == 4004
        assert await gateway_answer(first, identify_with(first.token)) == (0, "READY")
    async with LocalDiscord(token="chosen-by-the-test") as server:
        assert server.token == "chosen-by-the-test"


async def test_a_gateway_connection_from_a_web_page_is_refused():
    async with LocalDiscord() as server:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await gateway_answer(
                server, identify_with(server.token), origin="http://127.0.0.1:8000"
            )
        assert refused.value.status == 403
        assert not server.identify_payloads and server.refused == {"browser_origin": 1}


async def test_requests_by_another_name_from_a_page_or_without_the_token_are_counted_not_kept():
    async with LocalDiscord() as server:
        bot = {"Authorization": f"Bot {server.token}"}
        async with aiohttp.ClientSession(server.url) as http:
            # DNS rebinding: the right token, a name of the attacker's.
            rebound = {**bot, "Host": "evil.example"}
            async with http.get("/api/v10/users/@me", headers=rebound) as answer:
                assert answer.status == 403
            async with http.get("/api/v10/users/@me", headers={**bot, "Origin": "null"}) as answer:
                assert answer.status == 403
            # No token: any path, any words of the caller's own.
            for path in ("/api/v10/users/@me", "/Session expired, log in at evil.example"):
                async with http.post(path, json={"content": "**Session expired**"}) as answer:
                    assert answer.status == 401
            async with http.get("/api/v10/users/@me", headers=bot) as answer:
                assert answer.status == 200
        assert server.refused == {"wrong_host": 1, "browser_origin": 1, "unauthorized": 2}
        assert [r.path for r in server.requests] == ["/users/@me"]  # only the bot's own
        assert not server.violations


async def test_a_form_post_to_an_interaction_callback_posts_nothing():
    """A browser sends text/plain to another origin without asking first: Discord takes only
    JSON or multipart, so the forged "Session expired" reply never reaches the channel."""
    async with running() as (server, _, log):
        handle = await server.send_slash_command("silent")
        await server._wait_until(lambda: log.get("silent"), 2.0, "the command to run")
        forged = json.dumps({"type": 4, "data": {"content": "**Session expired** - log in"}})
        path = f"/api/v10/interactions/{handle.id}/{handle.token}/callback"
        async with aiohttp.ClientSession(server.url) as http:
            headers = {"Content-Type": "text/plain"}
            async with http.post(path, data=forged, headers=headers) as answer:
                assert answer.status == 400
                assert (await answer.json())["code"] == 50109
        assert not handle.callbacks and not server.channel_messages(include_ephemeral=True)
        assert server.refused == {"not_json": 1}


async def test_a_body_over_discords_limit_is_refused_before_it_is_read():
    async with LocalDiscord() as server:
        headers = {"Authorization": f"Bot {server.token}", "Content-Type": "application/json"}
        body = b"[" + b"0," * (15 * 1024 * 1024) + b"0]"  # 30 MB, past Discord's 25 MiB
        async with (
            aiohttp.ClientSession(server.url) as http,
            http.post("/api/v10/no/such/route", data=body, headers=headers) as answer,
        ):
            assert answer.status == 413 and (await answer.json())["code"] == 40005
        assert server.refused == {"too_large": 1} and not server.requests


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{nope", 4002),
        ("[]", 4002),
        ("7", 4002),
        ("[" * 100_000 + "]" * 100_000, 4002),  # too long to be a frame at all
        ("[" * 2000 + "]" * 2000, 4002),  # short, but nested deeper than can be read
        (b'{"op": 1, "d": null}', 4002),  # binary: not the JSON text the URL asked for
        ('{"op": 2, "d": null}', 4001),
        ('{"op": 2, "d": {"token": 5, "intents": 1, "properties": {}}}', 4001),
        ('{"op": 2, "d": {"token": "x", "intents": "1", "properties": {}}}', 4001),
        ('{"op": 6, "d": []}', 4001),
        ('{"op": 99, "d": {}}', 4001),
        ('{"op": "1", "d": null}', 4001),
        ('{"d": 1}', 4001),
    ],
    ids=lambda value: repr(value)[:30],
)
async def test_a_malformed_frame_closes_with_discords_code_and_no_traceback(frame, code, caplog):
    async with LocalDiscord() as server:
        closed, _ = await gateway_answer(server, frame)
        assert closed == code
        # The server goes on: the bot can still connect.
        assert await gateway_answer(server, identify_with(server.token)) == (0, "READY")
    assert "Traceback" not in caplog.text and "Error handling request" not in caplog.text


async def test_a_frame_over_discords_payload_limit_closes_with_4002():
    async with LocalDiscord() as server:
        frame = json.dumps({"op": 1, "d": None, "padding": "x" * MAX_FRAME_BYTES})
        assert (await gateway_answer(server, frame))[0] == 4002
        big = json.dumps({"op": 1, "d": None, "padding": "x" * (20 * 1024 * 1024)})
        assert (await gateway_answer(server, big))[0] == 4002
        assert not server.gateway_received


async def test_what_is_recorded_is_a_ring_of_the_newest():
    async with LocalDiscord(history=5) as server:
        headers = {"Authorization": f"Bot {server.token}"}
        async with aiohttp.ClientSession(server.url) as http:
            for number in range(12):
                async with http.get(f"/api/v10/users/{number}", headers=headers):
                    pass
        assert [r.path for r in server.requests] == [f"/users/{n}" for n in range(7, 12)]
        assert len(server.violations) == 5  # unknown users: the newest five
