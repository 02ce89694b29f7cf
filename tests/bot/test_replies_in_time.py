"""Every member's reply reaches Discord while their interaction's token is alive, however long
the queue, and a bot stopped mid-work tells the members whose jobs it cut off: the real bot,
worker processes and the local server with a short token lifetime."""

from __future__ import annotations

import asyncio
import logging

from localdiscord import LocalDiscord
from tests.cogs.test_puzzle_commands import running_bot, test_config

# The longest chain from COLD: it searches for its whole budget (8 s), past the deadlines here.
SLOW = {"puzzle": "cold", "longest": True, "seconds": 8}
TOKEN_LIFETIME = 8.0


async def test_a_backlog_is_answered_or_refused_while_the_tokens_live(tmp_path):
    config = test_config(
        tmp_path, workers=1, deadline_seconds=1.0, queue_size=64, per_user=100, per_guild=100
    )
    async with LocalDiscord(heartbeat_interval=0.25, token_lifetime=TOKEN_LIFETIME) as server:
        async with running_bot(server, config) as bot:
            bot.pool.answer_within = TOKEN_LIFETIME / 2  # as 10 minutes are to Discord's 15
            first = await server.send_slash_command("solve ladder", options=SLOW)
            await first.reply(timeout=30)  # the pool learns how long these take: its deadline
            handles = [
                await server.send_slash_command("solve ladder", options=SLOW) for _ in range(10)
            ]
            replies = [await handle.reply(timeout=30) for handle in handles]
        for handle, reply in zip(handles, replies, strict=True):
            assert reply.ephemeral
            assert "took longer than" in reply.content or "busy" in reply.content
            assert reply.recorded_at - handle.sent_at < TOKEN_LIFETIME
        refused_at_once = [h for h in handles if (await h.initial_response()).callback_type == 4]
        assert refused_at_once, "every job of the backlog was queued"
    server.assert_no_violations()  # no expired token among them


async def test_stopping_tells_members_whose_solves_were_cut_off_and_logs_no_traceback(
    tmp_path, caplog
):
    config = test_config(tmp_path, workers=1, deadline_seconds=30.0, per_user=100)
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        async with running_bot(server, config) as bot:
            handles = [
                await server.send_slash_command("solve ladder", options=SLOW) for _ in range(4)
            ]
            for handle in handles:  # one running, three waiting
                assert (await handle.initial_response()).callback_type == 5
            await asyncio.sleep(0.5)
            with caplog.at_level(logging.WARNING):
                await bot.close()  # what SIGTERM does (bot.app.serve)
        for handle in handles:
            told = await handle.reply(timeout=10)
            assert told.ephemeral and "restarting" in told.content
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    server.assert_no_violations()
