"""Play pressed by many members at post time, over a network with latency.

    .venv/bin/python -m bench.play_burst [--presses 100] [--latency 0.15] [--jitter 0.05]
        [--json]

The real bot (SQLite, the worker pool) against the local Discord server, which delays every
leg between them by `--latency` +- `--jitter` seconds and counts that against Discord's 3 s
for the first response (localdiscord/network.py). Today's Letter Boxed is posted, then
`--presses` members press its Play button at once. Reported: how long the first responses
took from when Discord created each interaction (the 3 s rule), how long until each member
saw the puzzle, and every rule the bot broke (an interaction answered late is one).
The test suite runs the same burst smaller (tests/cogs/test_busy_moments.py).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.app import PuzzleBot
from bot.config import Config
from localdiscord import InteractionHandle, LocalDiscord, StoredMessage

REPLY_TIMEOUT = 120.0


@dataclass
class BurstResult:
    presses: int
    first_response_seconds: list[float]  # from the interaction's creation to its callback
    puzzle_seconds: list[float]  # from the interaction's creation to the puzzle shown
    replies: list[StoredMessage]
    violations: list[str]

    def summary(self) -> dict:
        def spread(values: list[float]) -> dict:
            ordered = sorted(values)
            return {
                "median": round(statistics.median(ordered), 3),
                "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
                "max": round(ordered[-1], 3),
            }

        return {
            "presses": self.presses,
            "first_response_s": spread(self.first_response_seconds),
            "puzzle_shown_s": spread(self.puzzle_seconds),
            "violations": self.violations,
        }


async def press_play_at_once(
    server: LocalDiscord, post: StoredMessage, presses: int
) -> BurstResult:
    """`presses` new members press Play on `post` at the same moment."""
    members = [server.add_user(f"player{n}") for n in range(presses)]
    handles: list[InteractionHandle] = await asyncio.gather(
        *(server.click_button(post, label="Play", user=member) for member in members)
    )
    callbacks = await asyncio.gather(
        *(handle.initial_response(timeout=REPLY_TIMEOUT) for handle in handles)
    )
    replies = await asyncio.gather(*(handle.reply(timeout=REPLY_TIMEOUT) for handle in handles))
    shown = [
        await handle.wait_for_message(lambda m: bool(m.attachments), timeout=REPLY_TIMEOUT)
        for handle in handles
    ]
    await buttons_answered()
    return BurstResult(
        presses=presses,
        first_response_seconds=[
            callback.received_at - handle.sent_at
            for callback, handle in zip(callbacks, handles, strict=True)
        ],
        puzzle_seconds=[
            message.recorded_at - handle.sent_at
            for message, handle in zip(shown, handles, strict=True)
        ],
        replies=replies,
        violations=[str(violation) for violation in server.violations],
    )


async def buttons_answered(timeout: float = REPLY_TIMEOUT) -> None:
    """Wait until the bot's button handlers have finished: the server stores a reply before
    its response makes the way back, and closing then would cut them off mid-request."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while any(task.get_name().startswith("discord-ui-") for task in asyncio.all_tasks()):
        if loop.time() > deadline:
            raise TimeoutError("button handlers still running")
        await asyncio.sleep(0.05)


async def run(presses: int, latency: float, jitter: float) -> dict:
    from tests.cogs.test_daily import MONDAY, Clock, posted_letter_boxed
    from tests.cogs.test_puzzle_commands import test_config

    with tempfile.TemporaryDirectory() as folder:
        clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), dt.UTC))
        config: Config = test_config(Path(folder), daily_poll_seconds=0.1, per_user=50)
        async with LocalDiscord(heartbeat_interval=1.0, latency=latency, jitter=jitter) as server:
            bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
            async with server.run_bot(bot, ready_timeout=120):
                post, _ = await posted_letter_boxed(server, bot)
                server.violations.clear()  # only the burst's
                result = await press_play_at_once(server, post, presses)
    return {"latency_s": latency, "jitter_s": jitter, **result.summary()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=100)
    parser.add_argument("--latency", type=float, default=0.15)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = asyncio.run(run(args.presses, args.latency, args.jitter))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0 if not report["violations"] else 1


if __name__ == "__main__":
    sys.exit(main())
