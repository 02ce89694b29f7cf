"""The local server keeps Discord's other limits: embeds, attachments' descriptions,
components, modal text inputs, command size and daily creates, the gateway's send limit,
privileged intents, member requests, session starts, message history without Read Message
History, and the network's latency counted against the 3 seconds."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from localdiscord import LocalDiscord
from localdiscord import validation as rules
from localdiscord.models import READ_MESSAGE_HISTORY
from tests.localdiscord import plain_bot

# --- message bodies -------------------------------------------------------------------------


def embed(**fields: Any) -> dict[str, Any]:
    return {"type": "rich", **fields}


@pytest.mark.parametrize(
    ("body", "complaint"),
    [
        (embed(title="t" * 257), "title is 257 characters; the limit is 256"),
        (embed(description="d" * 4097), "description is 4,097 characters; the limit is 4,096"),
        (embed(fields=[{"name": "n", "value": "v"}] * 26), "26 fields; the limit is 25"),
        (embed(fields=[{"name": "n" * 257, "value": "v"}]), "field 1 name is 257 characters"),
        (embed(fields=[{"name": "n", "value": "v" * 1025}]), "field 1 value is 1,025 characters"),
        (embed(footer={"text": "f" * 2049}), "footer is 2,049 characters; the limit is 2,048"),
    ],
)
def test_each_embed_limit_is_kept(body: dict[str, Any], complaint: str) -> None:
    problems = rules.message_problems({"embeds": [body]}, [])
    assert any(complaint in problem for problem in problems), problems
    assert not rules.message_problems({"embeds": [embed(title="t" * 256)]}, [])


def test_all_embeds_of_a_message_hold_at_most_6000_characters() -> None:
    four_thousand = embed(description="d" * 4000)
    assert not rules.message_problems({"embeds": [embed(description="d" * 4096)]}, [])
    problems = rules.message_problems({"embeds": [four_thousand, four_thousand]}, [])
    assert problems == ["the embeds hold 8,000 characters; the limit is 6,000"]


def test_an_attachment_description_holds_at_most_1024_characters() -> None:
    fits = {"attachments": [{"id": 0, "description": "a" * 1024}]}
    assert not rules.message_problems(fits, [10])
    too_long = {"attachments": [{"id": 0, "description": "a" * 1025}]}
    assert rules.message_problems(too_long, [10]) == [
        "attachment 1 description is 1,025 characters; the limit is 1,024"
    ]


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


@pytest.mark.parametrize(
    ("components", "complaint"),
    [
        ([row(button(f"b{i}")) for i in range(6)], "6 action rows; a message has at most 5"),
        ([row(*(button(f"b{i}") for i in range(6)))], "row 1 has 6 buttons; the limit is 5"),
        ([row(button("same")), row(button("same"))], "custom_id 'same' is used twice"),
        ([row(button(""))], "custom_id must be 1-100 characters"),
        ([row(button("x" * 101))], "custom_id must be 1-100 characters"),
        ([row(button("b", label="L" * 81))], "label is 81 characters; the limit is 80"),
        (
            [row({"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "o"}] * 26})],
            "has 26 options; the limit is 25",
        ),
        (
            [row({"type": 3, "custom_id": "s", "placeholder": "p" * 151, "options": []})],
            "placeholder is 151 characters; the limit is 150",
        ),
    ],
)
def test_each_component_limit_is_kept(components: list[dict[str, Any]], complaint: str) -> None:
    problems = rules.message_problems({"content": "x", "components": components}, [])
    assert any(complaint in problem for problem in problems), problems


def test_a_link_button_needs_no_custom_id_and_five_full_rows_pass() -> None:
    link = {"type": 2, "style": 5, "url": "https://example.org", "label": "Read"}
    rows = [row(*(button(f"b{r}{i}") for i in range(5))) for r in range(4)] + [row(link)]
    assert not rules.message_problems({"content": "x", "components": rows}, [])


def text_input(**fields: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": "answer", "style": 2, "label": "Answer", **fields}


@pytest.mark.parametrize(
    ("item", "complaint"),
    [
        (text_input(max_length=4001), "max_length is at most 4000"),
        (text_input(placeholder="p" * 101), "placeholder is 101 characters; the limit is 100"),
        (text_input(value="v" * 4001), "value is 4,001 characters; the limit is 4,000"),
        (text_input(max_length=10, value="v" * 11), "value is 11 characters; the limit is 10"),
    ],
)
def test_each_text_input_limit_is_kept(item: dict[str, Any], complaint: str) -> None:
    modal = {"title": "Box", "custom_id": "box", "components": [row(item)]}
    problems = rules.modal_problems(modal)
    assert any(complaint in problem for problem in problems), problems


# --- commands -------------------------------------------------------------------------------


def command_of_size(characters: int) -> dict[str, Any]:
    """A valid command whose name, descriptions and choices sum to `characters`."""
    options = []
    left = characters - len("big") - len("d")
    for index in range(25):
        if left <= 0:
            break
        description = "x" * min(100, left - 3)
        options.append({"type": 3, "name": f"o{index:02d}", "description": description})
        left -= 3 + len(description)
    return {"name": "big", "description": "d", "type": 1, "options": options}


def test_a_command_holds_at_most_8000_characters_in_all() -> None:
    fits = command_of_size(2500)
    assert rules.command_characters(fits) == 2500 and not rules.command_problems(fits)
    subcommands = [
        {"type": 1, "name": f"s{i:02d}", "description": "x" * 97, "options": []} for i in range(25)
    ]
    groups = [
        {"type": 2, "name": f"g{i}", "description": "x" * 100, "options": subcommands}
        for i in range(4)
    ]
    huge = {"name": "big", "description": "d", "options": groups}
    assert rules.command_characters(huge) > 8000
    assert any("the limit is 8,000" in p for p in rules.command_problems(huge))


@contextlib.asynccontextmanager
async def api(server: LocalDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {server.token}"}
    async with aiohttp.ClientSession(server.url, headers=headers) as session:
        yield session


async def test_the_201st_command_created_in_a_day_is_refused_with_30034() -> None:
    async with LocalDiscord() as server, api(server) as session:
        route = f"/api/v10/applications/{server.application_id}/commands"
        first_hundred = [{"name": f"c{i}", "description": "d"} for i in range(100)]
        second_hundred = [{"name": f"k{i}", "description": "d"} for i in range(100)]
        for batch in (first_hundred, second_hundred):
            async with session.put(route, json=batch) as response:
                assert response.status == 200
        async with session.put(route, json=second_hundred) as response:  # no new one
            assert response.status == 200
        async with session.post(route, json={"name": "one-more", "description": "d"}) as response:
            body = await response.json()
        assert response.status == 429 and body["code"] == 30034 and body["retry_after"] > 0
        assert [v.kind for v in server.violations] == ["too_many_command_creates"]
        # Another scope (a server's own commands) counts on its own.
        guild_route = (
            f"/api/v10/applications/{server.application_id}/guilds/{server.guild.id}/commands"
        )
        async with session.post(guild_route, json={"name": "one-more", "description": "d"}) as r:
            assert r.status == 201


# --- the gateway ----------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def gateway(server: LocalDiscord) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(server.gateway_url + "?v=10&encoding=json") as ws,
    ):
        hello = await ws.receive_json()
        assert hello["op"] == 10
        yield ws


def identify(server: LocalDiscord, *, intents: int = 1, shard: list[int] | None = None) -> dict:
    data: dict[str, Any] = {"token": server.token, "intents": intents, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    return {"op": 2, "d": data}


async def next_frame(ws: aiohttp.ClientWebSocketResponse, wanted) -> Any:
    """The next frame matching `wanted`, or the close message (a WSMessage) if it closed."""
    while True:
        message = await asyncio.wait_for(ws.receive(), 5)
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return message
        frame = json.loads(message.data)
        if wanted(frame):
            return frame


async def test_more_than_120_gateway_sends_a_minute_close_the_connection_with_4008() -> None:
    async with LocalDiscord() as server, gateway(server) as ws:
        await ws.send_json(identify(server))
        await next_frame(ws, lambda f: f.get("t") == "READY")
        for _ in range(119):  # with the identify: 120, the most Discord takes
            await ws.send_json({"op": 3, "d": {"status": "online", "afk": False}})
        for _ in range(20):  # heartbeats are left out (see gateway.py)
            await ws.send_json({"op": 1, "d": None})
        await ws.send_json({"op": 3, "d": {"status": "online", "afk": False}})
        closed = await next_frame(ws, lambda f: False)
        assert closed.data == 4008
        assert [v.kind for v in server.violations] == ["gateway_rate_limited"]


async def test_a_privileged_intent_not_enabled_in_the_portal_closes_with_4014() -> None:
    members = discord.Intents.default()
    members.members = True
    async with LocalDiscord() as server:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            async with server.run_bot(plain_bot(members)):
                pass
        assert [v.kind for v in server.violations] == ["disallowed_intents"]
    async with LocalDiscord(privileged_intents=("members",)) as server:
        async with server.run_bot(plain_bot(members)) as bot:
            assert bot.is_ready()
        server.assert_no_violations()


async def test_all_members_of_a_server_are_given_once_per_30_seconds() -> None:
    async with LocalDiscord(privileged_intents=("members",)) as server, gateway(server) as ws:
        await ws.send_json(identify(server, intents=(1 << 0) | (1 << 1)))
        await next_frame(ws, lambda f: f.get("t") == "GUILD_CREATE")
        request = {"op": 8, "d": {"guild_id": str(server.guild.id), "query": "", "limit": 0}}
        await ws.send_json({**request, "d": {**request["d"], "nonce": "first"}})
        chunk = await next_frame(ws, lambda f: f.get("t") == "GUILD_MEMBERS_CHUNK")
        assert chunk["d"]["nonce"] == "first" and chunk["d"]["members"]
        await ws.send_json({**request, "d": {**request["d"], "nonce": "again"}})
        limited = await next_frame(
            ws, lambda f: f.get("t") in ("RATE_LIMITED", "GUILD_MEMBERS_CHUNK")
        )
        assert limited["t"] == "RATE_LIMITED"
        assert limited["d"]["opcode"] == 8 and 29 < limited["d"]["retry_after"] <= 30
        assert limited["d"]["meta"] == {"guild_id": str(server.guild.id), "nonce": "again"}
        # Named members are not "all members": they are not paced.
        named = {"guild_id": str(server.guild.id), "user_ids": [str(server.user.id)], "nonce": "n"}
        await ws.send_json({"op": 8, "d": named})
        chunk = await next_frame(
            ws, lambda f: f.get("t") in ("RATE_LIMITED", "GUILD_MEMBERS_CHUNK")
        )
        assert chunk["t"] == "GUILD_MEMBERS_CHUNK"


async def test_past_the_session_start_limit_every_session_ends() -> None:
    async with LocalDiscord(session_start_limit=2) as server:
        async with gateway(server) as first, gateway(server) as second:
            await first.send_json(identify(server))
            await next_frame(first, lambda f: f.get("t") == "READY")
            await second.send_json(identify(server))
            await next_frame(second, lambda f: f.get("t") == "READY")
            async with gateway(server) as third:
                await third.send_json(identify(server))
                assert (await next_frame(third, lambda f: False)).data == 4004
            assert (await next_frame(first, lambda f: False)).data == 4004
        assert [v.kind for v in server.violations] == ["session_start_limit"]


async def test_identifies_of_one_rate_limit_key_within_5_seconds_are_invalid_sessions() -> None:
    async with LocalDiscord(max_concurrency=2, enforce_identify_concurrency=True) as server:
        async with gateway(server) as a, gateway(server) as b, gateway(server) as c:
            await a.send_json(identify(server, shard=[0, 4]))
            await b.send_json(identify(server, shard=[1, 4]))  # key 1: its own bucket
            await c.send_json(identify(server, shard=[2, 4]))  # key 0 again: too soon
            assert (await next_frame(a, lambda f: f.get("t") == "READY"))["d"]["shard"] == [0, 4]
            assert (await next_frame(b, lambda f: f.get("t") == "READY"))["d"]["shard"] == [1, 4]
            assert (await next_frame(c, lambda f: f.get("op") == 9))["d"] is False
        assert [v.kind for v in server.violations] == ["identify_too_soon"]


# --- permissions, modals, latency -----------------------------------------------------------


async def test_message_history_is_empty_without_read_message_history() -> None:
    async with LocalDiscord() as server:
        async with server.run_bot(plain_bot(discord.Intents.default())) as bot:
            channel = bot.get_channel(server.channel.id)
            await channel.send("first")
            assert [m.content async for m in channel.history()] == ["first"]
            server.channel.deny(server.bot_user.id, READ_MESSAGE_HISTORY)
            assert [m async for m in channel.history()] == []  # no error, as Discord
        server.assert_no_violations()


def slow_bot(work: float) -> discord.Client:
    """A command that works `work` seconds, makes one request, then answers."""
    bot = plain_bot(discord.Intents.default())

    @bot.tree.command(description="Works, then answers")
    async def work_then_answer(interaction: discord.Interaction) -> None:
        await asyncio.sleep(work)
        await interaction.client.application_info()  # one round trip before answering
        with contextlib.suppress(discord.NotFound):
            await interaction.response.send_message("done")

    return bot


async def test_the_network_latency_counts_against_the_3_seconds() -> None:
    for latency, late in ((0.0, False), (0.4, True)):
        async with LocalDiscord(latency=latency, jitter=latency / 4) as server:
            bot = slow_bot(work=2.0)
            async with server.run_bot(bot):
                await bot.tree.sync()
                handle = await server.send_slash_command("work_then_answer")
                callback = await handle.initial_response(timeout=10)
            kinds = [v.kind for v in server.violations]
            assert (kinds == ["late_initial_response"]) is late, (latency, kinds)
            # 2 s of work plus four legs: the interaction's, the request's and its
            # response's, the answer's.
            took = callback.received_at - handle.sent_at
            assert took >= 2.0 + 4 * 0.75 * latency


def test_a_file_is_described_with_its_alt_text_in_the_attachments() -> None:
    """discord.py sends a File's description in the attachments list the limit reads."""
    file = discord.File(io.BytesIO(b"x"), filename="a.png", description="d" * 1025)
    assert file.to_dict(0)["description"] == "d" * 1025
    assert rules.attachments_problems([file.to_dict(0)])
