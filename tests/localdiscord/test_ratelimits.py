"""The local server keeps Discord's rate limits: per-route buckets with the headers discord.py
reads, the global limit, the ban after too many invalid requests, and 50001 for a channel the
bot cannot see (https://discord.com/developers/docs/topics/rate-limits)."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from localdiscord import LocalDiscord
from localdiscord.models import SEND_MESSAGES, VIEW_CHANNEL
from localdiscord.ratelimits import RateLimits, RouteLimit

MESSAGES = "/channels/{channel_id}/messages"


async def call(server: LocalDiscord, method: str, path: str, *, token: str | None = None, **kw):
    """(status, headers, body) of one raw request, authorised as the bot unless told."""
    headers = {"Authorization": f"Bot {token or server.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, server.api_url + path, headers=headers, **kw) as response,
    ):
        body = await response.json() if response.content_type == "application/json" else None
        return response.status, response.headers, body or await response.text()


async def test_a_channel_bucket_counts_down_in_its_headers_and_refuses_past_its_limit():
    limits = RateLimits(route_limits={("POST", MESSAGES): RouteLimit("posts", 2, 30.0)})
    async with LocalDiscord(rate_limits=limits) as server:
        other = server.guild.channel("puzzles")
        here = f"/channels/{server.channel.id}/messages"
        remaining = []
        for _ in range(2):
            status, headers, _ = await call(server, "POST", here, json={"content": "hi"})
            assert status == 200 and headers["X-RateLimit-Bucket"] == "posts"
            assert headers["X-RateLimit-Limit"] == "2"
            assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 30
            remaining.append(headers["X-RateLimit-Remaining"])
        assert remaining == ["1", "0"]

        status, headers, body = await call(server, "POST", here, json={"content": "hi"})
        assert status == 429 and headers["X-RateLimit-Scope"] == "user" and headers["Via"]
        assert body["global"] is False and 0 < body["retry_after"] <= 30
        # A bucket is kept per channel (its top-level resource).
        status, _, _ = await call(
            server, "POST", f"/channels/{other.id}/messages", json={"content": "x"}
        )
        assert status == 200
    assert [v.kind for v in server.violations] == ["rate_limited"]
    assert server.rate_limits.invalid_total == 1  # the 429 counts as an invalid request


async def test_discord_py_waits_on_the_headers_instead_of_being_refused():
    limits = RateLimits(route_limits={("POST", MESSAGES): RouteLimit("posts", 2, 0.5)})
    async with LocalDiscord(rate_limits=limits) as server:
        http = discord.http.HTTPClient(asyncio.get_running_loop())
        with server.patch_discord():
            await http.static_login(server.token)
            try:
                started = asyncio.get_running_loop().time()
                for number in range(5):
                    with discord.http.handle_message_parameters(content=str(number)) as params:
                        await http.send_message(server.channel.id, params=params)
                took = asyncio.get_running_loop().time() - started
            finally:
                await http.close()
    assert [m.content for m in server.channel_messages()] == ["0", "1", "2", "3", "4"]
    assert took >= 1.0  # five posts at two per half second: two waits
    server.assert_no_violations()


async def test_the_global_limit_refuses_past_its_rate_but_not_interaction_replies():
    async with LocalDiscord(rate_limits=RateLimits(global_per_second=3)) as server:
        statuses = [
            (await call(server, "GET", f"/channels/{server.channel.id}"))[0] for _ in range(3)
        ]
        status, headers, body = await call(server, "GET", f"/channels/{server.channel.id}")
    assert statuses == [200, 200, 200]
    assert status == 429 and body["global"] is True
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"


async def test_too_many_invalid_requests_ban_every_request_for_a_while():
    limits = RateLimits(invalid_limit=3, ban_seconds=60)
    async with LocalDiscord(rate_limits=limits) as server:
        for _ in range(3):
            status, _, _ = await call(server, "GET", "/users/@me", token="wrong")
            assert status == 401
        status, headers, body = await call(server, "GET", "/users/@me")
        assert status == 429 and "Via" not in headers and body == "error code: 1015"
        assert server.rate_limits.banned

        # discord.py takes a 429 without Via for Cloudflare's ban and raises at once.
        http = discord.http.HTTPClient(asyncio.get_running_loop())
        with server.patch_discord():
            try:
                with pytest.raises(discord.HTTPException) as refused:
                    await http.static_login(server.token)
            finally:
                await http.close()
        assert refused.value.status == 429
    assert "invalid_request_limit" in [v.kind for v in server.violations]


async def test_invalid_requests_leave_the_count_after_the_window():
    now = [0.0]
    limits = RateLimits(invalid_limit=3, invalid_window=600, clock=lambda: now[0])
    async with LocalDiscord(rate_limits=limits) as server:
        for moment in (0.0, 300.0, 601.0):  # three, but never three within 600 s
            now[0] = moment
            await call(server, "GET", "/users/@me", token="wrong")
        assert server.rate_limits.invalid_in_window() == 2  # the first has left
        assert not server.rate_limits.banned


async def test_a_hidden_channel_is_missing_access_a_read_only_one_missing_permissions():
    async with LocalDiscord() as server:
        hidden = server.guild.add_text_channel("staff")
        hidden.deny(server.bot_user.id, VIEW_CHANNEL)
        read_only = server.guild.add_text_channel("news")
        read_only.deny(server.bot_user.id, SEND_MESSAGES)
        answers = [
            await call(server, "GET", f"/channels/{hidden.id}"),
            await call(server, "POST", f"/channels/{hidden.id}/messages", json={"content": "x"}),
            await call(server, "POST", f"/channels/{read_only.id}/messages", json={"content": "x"}),
        ]
    assert [(status, body["code"]) for status, _, body in answers] == [
        (403, 50001),
        (403, 50001),
        (403, 50013),
    ]
