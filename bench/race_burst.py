"""A whole server joining one race and answering at once, or many races at once.

    .venv/bin/python -m bench.race_burst [--races 1] [--players 200] [--window 10]
        [--wrong 0.25] [--json]

The real bot (discord.py client, worker pool, SQLite file, its default limits) against the
local Discord server, which enforces Discord's rate limits (localdiscord/ratelimits.py) and
the 3 s for an interaction's first response. Each of `--races` servers gets a /race
(Letter Boxed) in its channel; `--players` members of each press **Join** at once. When the
race starts, every player is handed the puzzle through their Join, and answers through
**Answer** and its box at a random moment within `--window` seconds; a `--wrong` share of
them answer wrong first, then right (both within the window). Everyone finishes, so the
races end and post their results.

Reported: how long the Join's acknowledgement (its first response) and its "You're in"
took, and the answer's acknowledgement and reply, each from when Discord created the
interaction (p50/p95/max); how many answers the database recorded (wrong tries plus
finishes) against how many were sent; the smallest gap between two edits of one scoreboard
and the most edits of one channel's messages within any 5 s (Discord's per-channel bucket:
5 per 5 s, ratelimits.py); requests Discord refused (429); and every rule the bot broke.

Targets: every answer recorded and acknowledged, p95 under 2 s, no 429, no violation.
bench/race_servers.py runs 50 races at once across 50 servers with this.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import datetime as dt
import itertools
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.play_burst import buttons_answered
from bot.app import PuzzleBot
from bot.config import Config
from localdiscord import InteractionHandle, LocalDiscord, StoredMessage
from localdiscord.models import FakeChannel, FakeGuild, FakeUser
from localdiscord.ratelimits import ROUTE_LIMITS

NOW = dt.datetime(2026, 11, 28, 12, 0, tzinfo=dt.UTC)
START_IN = 30  # seconds on the bot's clock, which the benchmark moves on
WRONG = "able bodied"  # real words, not a Letter Boxed answer
REPLY_TIMEOUT = 180.0
TARGET_P95 = 2.0
EDIT_ROUTE = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


class Clock:
    def __init__(self, now: dt.datetime):
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


@dataclass
class RaceScene:
    """One server's race: its channel, starter, the members who join, and its scoreboard."""

    guild: FakeGuild
    channel: FakeChannel
    starter: FakeUser
    joiners: list[FakeUser]
    board: StoredMessage | None = None
    handles: dict[int, InteractionHandle] = field(default_factory=dict)  # user id -> Join


@dataclass
class Timings:
    join_ack: list[float] = field(default_factory=list)
    join_reply: list[float] = field(default_factory=list)
    answer_ack: list[float] = field(default_factory=list)
    answer_reply: list[float] = field(default_factory=list)
    answers_sent: int = 0
    refused_answers: list[str] = field(default_factory=list)


def spread(values: list[float]) -> dict:
    ordered = sorted(values)
    if not ordered:
        return {}
    return {
        "p50": round(ordered[len(ordered) // 2], 3),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
        "max": round(ordered[-1], 3),
    }


def most_within(times: list[float], seconds: float) -> int:
    """The most of `times` within any `seconds`."""
    times = sorted(times)
    return max((bisect.bisect_left(times, t + seconds) - i for i, t in enumerate(times)), default=0)


def scenes_on(server: LocalDiscord, races: int, players: int) -> list[RaceScene]:
    guilds = [server.guild] + [server.add_guild(f"Race server {n}") for n in range(1, races)]
    return [
        RaceScene(
            guild=guild,
            channel=guild.channel("general"),
            starter=server.user if n == 0 else server.add_user(f"starter{n}", guild=guild),
            joiners=[server.add_user(f"racer{n}x{k}", guild=guild) for k in range(players)],
        )
        for n, guild in enumerate(guilds)
    ]


async def post_race(server: LocalDiscord, scene: RaceScene) -> None:
    handle = await server.send_slash_command(
        "race",
        options={"kind": "letterboxed", "start_in": START_IN, "minutes": 10},
        user=scene.starter,
        channel=scene.channel,
    )
    reply = await handle.reply(timeout=REPLY_TIMEOUT)
    if "posted" not in reply.content:
        raise RuntimeError(f"/race was refused: {reply.content}")
    (scene.board,) = [
        m for m in server.channel_messages(scene.channel) if m.content.startswith("**Race:")
    ]
    scene.handles[scene.starter.id] = handle


async def join(server: LocalDiscord, scene: RaceScene, member: FakeUser, timings: Timings):
    assert scene.board is not None
    handle = await server.click_button(scene.board, label="Join", user=member)
    acknowledged = await handle.initial_response(timeout=REPLY_TIMEOUT)
    reply = await handle.reply(timeout=REPLY_TIMEOUT)
    if "You're in" not in reply.content:
        raise RuntimeError(f"a Join was refused: {reply.content}")
    timings.join_ack.append(acknowledged.received_at - handle.sent_at)
    timings.join_reply.append(reply.recorded_at - handle.sent_at)
    scene.handles[member.id] = handle


async def send_answer(
    server: LocalDiscord, puzzle: StoredMessage, member: FakeUser, text: str, timings: Timings
) -> None:
    pressed = await server.click_button(puzzle, label="Answer", user=member)
    submitted = await pressed.submit_modal({"answer": text}, user=member, timeout=REPLY_TIMEOUT)
    timings.answers_sent += 1
    acknowledged = await submitted.initial_response(timeout=REPLY_TIMEOUT)
    reply = await submitted.reply(timeout=REPLY_TIMEOUT)
    timings.answer_ack.append(acknowledged.received_at - submitted.sent_at)
    timings.answer_reply.append(reply.recorded_at - submitted.sent_at)
    if "Not yet" not in reply.content and "Finished in" not in reply.content:
        timings.refused_answers.append(reply.content)


async def play(
    server: LocalDiscord,
    member: FakeUser,
    puzzle: StoredMessage,
    right: str,
    moments: list[float],
    began: float,
    timings: Timings,
) -> None:
    """Answer at each of `moments` (seconds after `began`): wrong ones first, the last right."""
    loop = asyncio.get_running_loop()
    for n, moment in enumerate(moments):
        await asyncio.sleep(max(0.0, began + moment - loop.time()))
        text = right if n == len(moments) - 1 else WRONG
        await send_answer(server, puzzle, member, text, timings)


async def everyone_answers(
    server: LocalDiscord, bot: PuzzleBot, scenes: list[RaceScene], window: float,
    wrong_share: float, timings: Timings,
) -> None:  # fmt: skip
    from tests.cogs.test_daily import answer_for

    store = bot.get_cog("Races").races.store
    chance = random.Random(33)
    loop = asyncio.get_running_loop()
    plays = []
    for scene in scenes:
        race = await store.open_race_in(scene.channel.id)
        right = await asyncio.to_thread(answer_for, race.puzzle_text)
        for member in [scene.starter, *scene.joiners]:
            puzzle = await scene.handles[member.id].wait_for_message(
                lambda m: "clock is running" in m.content, timeout=REPLY_TIMEOUT
            )
            tries = 2 if chance.random() < wrong_share else 1
            moments = sorted(chance.uniform(0.0, window) for _ in range(tries))
            plays.append((member, puzzle, right, moments))
    began = loop.time()
    await asyncio.gather(
        *(play(server, m, p, r, moments, began, timings) for m, p, r, moments in plays)
    )


async def everything_shown(server: LocalDiscord, scenes: list[RaceScene]) -> None:
    """Wait until each race's results are posted and its scoreboard says it is over."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + REPLY_TIMEOUT
    while loop.time() < deadline:
        messages = [server.channel_messages(scene.channel) for scene in scenes]
        if all(
            any("is over.**" in m.content for m in found)
            and any(
                m.content.startswith("**Race:") and "The race is over" in m.content for m in found
            )
            for found in messages
        ):
            return
        await asyncio.sleep(0.2)
    raise TimeoutError("results or final scoreboards never came")


async def recorded_answers(bot: PuzzleBot) -> int:
    """Answers the database holds: every wrong try plus every finish."""
    row = await bot.database.connection.fetch_one(
        "SELECT SUM(wrong) AS wrong, COUNT(finished_at) AS finished FROM race_entries"
    )
    return int(row["wrong"] or 0) + int(row["finished"] or 0)


def edit_figures(server: LocalDiscord, scenes: list[RaceScene]) -> dict:
    """The scoreboards' edits against Discord's per-channel bucket for message edits."""
    bucket = ROUTE_LIMITS[EDIT_ROUTE]
    gaps = []
    busiest = 0
    for scene in scenes:
        assert scene.board is not None
        board = f"/channels/{scene.channel.id}/messages/{scene.board.id}"
        edits = sorted(r.received_at for r in server.requests_to("PATCH", board))
        gaps += [later - earlier for earlier, later in itertools.pairwise(edits)]
        busiest = max(busiest, most_within(edits, bucket.per))
    refused = [r for r in server.requests if r.status == 429]
    return {
        "smallest_edit_gap_s": round(min(gaps), 3) if gaps else None,
        "most_edits_in_5s_per_channel": busiest,
        "channel_edit_limit": f"{bucket.limit} per {bucket.per:g} s",
        "refused_429": len(refused),
    }


async def run(races: int, players: int, window: float, wrong_share: float) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        clock = Clock(NOW)
        config = Config(database=str(Path(folder) / "puzzlebot.sqlite3"))
        async with LocalDiscord(heartbeat_interval=5.0) as server:
            scenes = scenes_on(server, races, players)
            bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
            async with server.run_bot(bot, ready_timeout=300):
                await asyncio.gather(*(post_race(server, scene) for scene in scenes))
                timings = Timings()
                await asyncio.gather(
                    *(join(server, s, member, timings) for s in scenes for member in s.joiners)
                )
                clock.now = NOW + dt.timedelta(seconds=START_IN + 1)
                assert await bot.get_cog("Races").timer.round_after_now(REPLY_TIMEOUT)
                await everyone_answers(server, bot, scenes, window, wrong_share, timings)
                await everything_shown(server, scenes)
                await buttons_answered()
                recorded = await recorded_answers(bot)
                figures = edit_figures(server, scenes)
                violations = [str(violation) for violation in server.violations]
    return {
        "races": races,
        "players_per_race": players + 1,  # the joiners and the starter
        "answer_window_s": window,
        "join_ack_s": spread(timings.join_ack),
        "join_reply_s": spread(timings.join_reply),
        "answer_ack_s": spread(timings.answer_ack),
        "answer_reply_s": spread(timings.answer_reply),
        "answers_sent": timings.answers_sent,
        "answers_recorded": recorded,
        "answers_refused": timings.refused_answers[:5],
        **figures,
        "violations": violations,
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }


def passed(report: dict) -> bool:
    return (
        not report["violations"]
        and report["refused_429"] == 0
        and report["answers_recorded"] == report["answers_sent"]
        and not report["answers_refused"]
        and report["join_ack_s"]["p95"] < TARGET_P95
        and report["answer_reply_s"]["p95"] < TARGET_P95
    )


def main(argv: list[str] | None = None, *, races: int = 1, players: int = 200) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=races)
    parser.add_argument("--players", type=int, default=players, help="members who join each")
    parser.add_argument("--window", type=float, default=10.0)
    parser.add_argument("--wrong", type=float, default=0.25)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    load_before = [round(load, 2) for load in os.getloadavg()]
    started = time.perf_counter()
    report = asyncio.run(run(args.races, args.players, args.window, args.wrong))
    report = {"load_average_before": load_before, **report}
    report["wall_s"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0 if passed(report) else 1


if __name__ == "__main__":
    sys.exit(main())
