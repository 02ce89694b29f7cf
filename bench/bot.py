"""The bot under load, end to end through the local Discord-compatible server.

    .venv/bin/python -m bench.bot [--json] [--solves 20] [--latency-runs 30]
                                  [--burst 30] [--daily-burst 200] [--pictures 20]
                                  [--only load|pictures|bursts|throughput|memory]
                                  [--memory-workers 2 3 4]

The real bot (discord.py client, worker pool, SQLite file) connects to the server in
localdiscord, in this process. Load measurements (a bot with the limits lifted):

- event-loop lag while `--solves` /solve commands of mixed kinds (each registered kind's
  example, in turn, from different members) run at once through the pool: a probe task
  asks to sleep 5 ms again and again and records how late it wakes; max and p99.
- end-to-end latency of /solve letterboxed, one command at a time over the NYT boxes:
  from INTERACTION_CREATE leaving the server to the followup carrying the image arriving
  back; median and p95.

Pictures (`--only pictures`, the same bot as the load measurements): /solve sudoku with a
`picture` attachment, one at a time, `--pictures` of them: training photos of the newspaper
corpus (never the held-out fifth, bench/readers.py photo_split) and one enlarged to a
12-megapixel phone photo, uploaded as a member's attachment. Each is read, judged, solved
and drawn in the pool; from INTERACTION_CREATE leaving the server to the reply carrying its
picture; median and p95 of those answered at once (read, solve, draw: the whole /solve),
and of all (a reading with cells in doubt is shown to check instead: read and draw).

Bursts (a second bot with the DEFAULT config, as a server would run it):

- `--burst` members of one server send /solve letterboxed at the same moment, each a
  different NYT box;
- `--daily-burst` members answer the posted daily Letter Boxed at the same moment
  (/daily answer with the right answer), each answer then looked up in the database.

Each reports how many were answered, how many told "busy" (or anything else), and the
p50/p95 from the command leaving the server to the reply arriving.

Throughput (a third bot, default config, in its own process as in production: the lag
probe then sees the bot's loop alone): `--arrivals` members' /solve letterboxed arrive
evenly spread over one second; answered, p95, and the bot's event-loop lag meanwhile.

Memory (each worker count measured from a process of its own; the bot with the default
config in its own process, as in production, so the local Discord server is not counted):
the bot with N workers from process start to ready (pool warm), then the proportional set size
(PSS, from /proc/<pid>/smaps_rollup: shared pages count a share each) of the bot's process,
its forkserver and each worker, when ready and again after `--solves` mixed solves and as
many sudoku photos read (every worker reads: OpenCV and the classifier are loaded in the
forkserver before it forks, so a worker shares them). The
total over the processes is the memory the bot takes; "each further worker" is how much
the total grows per worker past two.

Targets: loop lag p99 under 20 ms; Letter Boxed end to end median under 300 ms; a /solve
with a picture answered at once (read, solve, draw) p95 under 1.5 s; every
member of both bursts answered, the /solve burst with p95 under 3 s; 60 arrivals in a second
all answered with p95 <= 2 s and loop lag p99 < 20 ms; ready in 3 s; with 2 workers at most
400 MiB PSS in all, and at most 60 MiB for each further worker.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bot_process import LoopLagProbe, from_bot, start_bot_process
from bench.letterboxed import nyt_boxes
from bot.app import PuzzleBot
from bot.config import Config
from bot.puzzle_service import BUSY
from localdiscord import LocalDiscord
from puzzles import all_kinds, get_kind


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def mixed_solves(server: LocalDiscord, count: int) -> dict:
    kinds = [kind for kind in all_kinds() if len(kind.example) <= 100]
    members = [server.add_user(f"bench{n}") for n in range(count)]
    with LoopLagProbe() as probe:
        started = time.perf_counter()
        handles = await asyncio.gather(
            *(
                server.send_slash_command(
                    f"solve {kinds[n % len(kinds)].name}",
                    options={"puzzle": kinds[n % len(kinds)].example},
                    user=member,
                )
                for n, member in enumerate(members)
            )
        )
        replies = await asyncio.gather(*(h.reply(timeout=120) for h in handles))
        elapsed = time.perf_counter() - started
    lags_ms = [lag * 1000 for lag in probe.lags]
    answered = sum(1 for reply in replies if reply.attachments)
    return {
        "solves": count,
        "kinds": sorted({kind.name for kind in kinds}),
        "answered_with_image": answered,
        "wall_s": round(elapsed, 2),
        "loop_lag_ms": {
            "samples": len(lags_ms),
            "p99": round(percentile(lags_ms, 0.99), 2),
            "max": round(max(lags_ms), 2),
        },
        "heartbeat_lateness_ms": round(server.heartbeat_lateness() * 1000, 1),
    }


async def letterboxed_latency(server: LocalDiscord, runs: int) -> dict:
    boxes = [" ".join(board.sides) for board in nyt_boxes()]
    latencies_ms = []
    for n in range(runs):
        handle = await server.send_slash_command(
            "solve letterboxed", options={"puzzle": boxes[n % len(boxes)]}
        )
        request = await handle.wait_for_request(lambda r: r.files, timeout=60)
        latencies_ms.append((request.received_at - handle.sent_at) * 1000)
    return {
        "runs": runs,
        "median_ms": round(statistics.median(latencies_ms), 1),
        "p95_ms": round(percentile(latencies_ms, 0.95), 1),
        "max_ms": round(max(latencies_ms), 1),
    }


def bench_photos(count: int) -> list[tuple[str, bytes]]:
    """`count` pictures a member might attach: training photos of the corpus (the held-out
    fifth is never used outside bench/readers.py), the first enlarged to 12 megapixels."""
    import io

    from PIL import Image

    from bench.readers import PHOTOS, photo_split

    training = photo_split(PHOTOS)[0][:count]
    photos = [(f"{name}.jpg", (PHOTOS / f"{name}.jpg").read_bytes()) for name in training]
    big = Image.open(io.BytesIO(photos[0][1])).convert("RGB").resize((4032, 3024))
    out = io.BytesIO()
    big.save(out, "JPEG", quality=90)
    return [("twelve-megapixels.jpg", out.getvalue()), *photos[: count - 1]]


# The reply that answers a picture at once starts with what was read, then the answer
# (cogs/puzzles.py FromPicture); one that asks to check cells says "what I read" in bold.
ANSWERED_AT_ONCE = "What I read from your picture:"


async def picture_solves(server: LocalDiscord, count: int) -> dict:
    """/solve sudoku picture:<photo>, one at a time; the time to the reply with its picture."""
    answered, shown, first_ms = [], [], None
    for filename, data in bench_photos(count):
        upload = server.upload(filename, data)
        handle = await server.send_slash_command("solve sudoku", options={"picture": upload})
        reply = await handle.reply(timeout=120)
        if not reply.attachments:
            raise RuntimeError(f"{filename}: no picture in the reply: {reply.content[:200]}")
        seconds = reply.recorded_at - handle.sent_at
        first_ms = seconds * 1000 if first_ms is None else first_ms
        (answered if ANSWERED_AT_ONCE in reply.content else shown).append(seconds * 1000)
    everything = answered + shown
    return {
        "pictures": len(everything),
        "first_ms": round(first_ms, 1),  # the first read of a worker (the 12-megapixel photo)
        "answered_at_once": len(answered),
        "answered_p50_ms": round(percentile(answered, 0.5), 1) if answered else None,
        "answered_p95_ms": round(percentile(answered, 0.95), 1) if answered else None,
        "all_p50_ms": round(percentile(everything, 0.5), 1),
        "all_p95_ms": round(percentile(everything, 0.95), 1),
        "max_ms": round(max(everything), 1),
    }


async def pictures(count: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        config = unlimited_config(folder, 2, count)
        async with LocalDiscord(heartbeat_interval=0.25) as server:
            bot = PuzzleBot(config, guild_ready_timeout=0.05)
            async with server.run_bot(bot, ready_timeout=120):
                await bot.sync_commands(server.guild.id)
                result = await picture_solves(server, count)
            server.assert_no_violations()
    return result


def unlimited_config(folder: str, workers: int, solves: int) -> Config:
    """A bot with the rate limits lifted and room in the queue for `solves` at once."""
    return Config(
        database=str(Path(folder) / "bench.sqlite3"),
        workers=workers,
        deadline_seconds=60,
        queue_size=max(16, solves),
        per_user=1000,
        per_guild=1000,
    )


async def load(solves: int, latency_runs: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        config = unlimited_config(folder, 2, solves)
        async with LocalDiscord(heartbeat_interval=0.25) as server:
            bot = PuzzleBot(config, guild_ready_timeout=0.05)
            started = time.perf_counter()
            async with server.run_bot(bot, ready_timeout=120):
                ready_s = time.perf_counter() - started
                await bot.sync_commands(server.guild.id)
                latency = await letterboxed_latency(server, latency_runs)
                mixed = await mixed_solves(server, solves)
            server.assert_no_violations()
    return {
        "startup_to_ready_s": round(ready_s, 2),
        "letterboxed_end_to_end": latency,
        "mixed_concurrent_solves": mixed,
    }


# --- memory, per worker count ---------------------------------------------------------------


def rollup_mib(pid: int) -> dict[str, float]:
    """The process's proportional set size (its private pages, plus a share of each shared
    one) and its private pages alone, from /proc/<pid>/smaps_rollup."""
    found = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            name, _, value = line.partition(":")
            if name in ("Pss", "Private_Clean", "Private_Dirty"):
                found[name] = int(value.split()[0]) / 1024
    return {
        "pss": round(found["Pss"], 1),
        "private": round(found["Private_Clean"] + found["Private_Dirty"], 1),
    }


def children_of(pid: int) -> list[int]:
    """The process's children, started by any of its threads."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def bot_memory(bot_pid: int) -> dict:
    """PSS (and private memory) of the bot's process, its pool's forkserver and each worker
    (the forkserver's children); the total PSS is the memory the bot takes."""
    processes = {"main": rollup_mib(bot_pid)}
    for child in children_of(bot_pid):
        workers = children_of(child)
        if workers:  # the forkserver (the pool's resource tracker has no children)
            processes[f"forkserver {child}"] = rollup_mib(child)
            processes.update({f"worker {pid}": rollup_mib(pid) for pid in sorted(workers)})
    total = sum(process["pss"] for process in processes.values())
    return {"total_mib": round(total, 1), "processes_mib": processes}


async def memory(workers: int, solves: int) -> dict:
    """The bot in its own process with `workers` workers and the default config, as in
    production (the local Discord server here is not counted), when ready and after
    `solves` solves of every kind at once."""
    with tempfile.TemporaryDirectory() as folder:
        async with LocalDiscord(heartbeat_interval=0.25) as server:
            started = time.perf_counter()
            child = await bot_in_its_own_process(server, folder, workers)
            try:
                await from_bot(child, "ready", timeout=120)
                ready_s = time.perf_counter() - started
                when_ready = bot_memory(child.pid)
                mixed = await mixed_solves(server, solves)
                read = await read_at_once(server, solves)
                after_solves = bot_memory(child.pid)
                after_solves.update(
                    solves=solves, answered=mixed["answered_with_image"], photos_read=read
                )
            finally:
                child.terminate()
                await child.wait()
    return {
        "workers": workers,
        "startup_to_ready_s": round(ready_s, 2),
        "ready": when_ready,
        "after_solves": after_solves,
    }


async def read_at_once(server: LocalDiscord, count: int) -> int:
    """`count` members each /solve a sudoku photo at once (every worker reads); how many
    replies came with a picture."""
    photos = bench_photos(count)
    handles = await asyncio.gather(
        *(
            server.send_slash_command(
                "solve sudoku",
                options={"picture": server.upload(filename, data)},
                user=server.add_user(f"reader{n}"),
            )
            for n, (filename, data) in enumerate(photos)
        )
    )
    replies = await asyncio.gather(*(handle.reply(timeout=300) for handle in handles))
    return sum(1 for reply in replies if reply.attachments)


def memory_by_workers(counts: list[int], solves: int) -> dict:
    """`memory` for each worker count, each in a fresh process; growth per worker past the
    smallest count."""
    runs = []
    for workers in counts:
        # Run with -c, not -m: multiprocessing imports a `-m` main module (this one, with
        # discord.py and the fake server) into every worker, which the bot's own workers
        # (started by the `puzzlebot` script) never do.
        arguments = ["--json", "--only", "memory-one", "--workers", str(workers)]
        arguments += ["--solves", str(solves)]
        code = f"import sys; from bench.bot import main; sys.exit(main({arguments!r}))"
        command = [sys.executable, "-c", code]
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        runs.append(json.loads(output)["memory"])
    first = runs[0]
    for run in runs[1:]:
        for moment in ("ready", "after_solves"):
            grown = run[moment]["total_mib"] - first[moment]["total_mib"]
            run[moment]["per_further_worker_mib"] = round(
                grown / (run["workers"] - first["workers"]), 1
            )
    return {"runs": runs}


# --- bursts, with the default config ----------------------------------------------------------

DAILY_MOMENT = dt.datetime(2026, 11, 23, 9, 0, 5, tzinfo=dt.UTC)  # just after a 09:00 post


async def answered_burst(server: LocalDiscord, sends, answered) -> dict:
    """Send every command at once; count the replies by what they say, and time them."""
    handles = await asyncio.gather(*sends)
    replies = await asyncio.gather(*(handle.reply(timeout=300) for handle in handles))
    seconds = [
        reply.recorded_at - handle.sent_at for handle, reply in zip(handles, replies, strict=True)
    ]
    ok = [s for s, reply in zip(seconds, replies, strict=True) if answered(reply)]
    busy = sum(1 for reply in replies if reply.content == BUSY.render())
    others = {
        reply.content for reply in replies if not answered(reply) and reply.content != BUSY.render()
    }
    return {
        "members": len(handles),
        "answered": len(ok),
        "busy": busy,
        "other": len(handles) - len(ok) - busy,
        "p50_s": round(percentile(seconds, 0.5), 2),
        "p95_s": round(percentile(seconds, 0.95), 2),
        "max_s": round(max(seconds), 2),
        "other_replies": sorted(others)[:3],
    }


async def solve_burst(server: LocalDiscord, members: int) -> dict:
    boxes = [" ".join(board.sides) for board in nyt_boxes()]
    sends = [
        server.send_slash_command(
            "solve letterboxed",
            options={"puzzle": boxes[n % len(boxes)]},
            user=server.add_user(f"solver{n}"),
        )
        for n in range(members)
    ]
    return await answered_burst(server, sends, lambda reply: bool(reply.attachments))


async def post_daily_letterboxed(server: LocalDiscord, bot: PuzzleBot) -> str:
    """Set up today's Letter Boxed in the server, let the scheduler post it; its answer."""
    setup = await server.send_slash_command(
        "puzzle-settings setup",
        options={"channel": server.channel, "time": "09:00", "timezone": "UTC", "kinds": "lb"},
        user=server.owner,
    )
    await setup.reply(timeout=30)
    bot.daily_scheduler.wake()
    await server.wait_for_channel_message(
        server.channel, lambda m: "Letter Boxed #" in m.content, timeout=300
    )
    post = await bot.daily.store.post(server.guild.id, "letterboxed", DAILY_MOMENT.date())
    daily = await bot.daily.store.puzzle("letterboxed", post.day, post.difficulty)
    kind = get_kind("letterboxed")
    return " ".join(kind.solve(kind.parse(daily.puzzle_text)).words)


async def daily_burst(server: LocalDiscord, bot: PuzzleBot, members: int) -> dict:
    answer = await post_daily_letterboxed(server, bot)
    players = [server.add_user(f"player{n}") for n in range(members)]
    # Each opens the puzzle first (an answer before Play opens it, unchecked), untimed.
    for player in players:
        opened = await server.send_slash_command(
            "daily answer", options={"kind": "letterboxed", "answer": "open"}, user=player
        )
        await opened.reply(timeout=30)
    sends = [
        server.send_slash_command(
            "daily answer", options={"kind": "letterboxed", "answer": answer}, user=player
        )
        for player in players
    ]
    result = await answered_burst(server, sends, lambda reply: "Solved" in reply.content)
    recorded = await bot.database.connection.fetch_one(
        "SELECT COUNT(*) AS recorded FROM daily_plays WHERE solved_at IS NOT NULL"
    )
    result["recorded"] = recorded["recorded"]
    return result


async def bursts(members: int, daily_members: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        config = Config(database=str(Path(folder) / "bench.sqlite3"), daily_poll_seconds=0.2)
        async with LocalDiscord(heartbeat_interval=0.25) as server:
            bot = PuzzleBot(config, clock=lambda: DAILY_MOMENT, guild_ready_timeout=0.05)
            async with server.run_bot(bot, ready_timeout=120):
                await bot.sync_commands(server.guild.id)
                solve = await solve_burst(server, members)
                daily = await daily_burst(server, bot, daily_members)
            server.assert_no_violations()
    return {
        "config": {"workers": config.workers, "queue_size": config.queue_size,
                   "per_user": config.per_user, "per_guild": config.per_guild},
        "solve_burst": solve,
        "daily_answer_burst": daily,
    }  # fmt: skip


# --- throughput, with the default config -------------------------------------------------


async def arriving_solves(server: LocalDiscord, count: int, seconds: float) -> dict:
    """`count` members each send /solve letterboxed (a different NYT box), their commands
    arriving evenly spread over `seconds`; every reply timed."""
    boxes = [" ".join(board.sides) for board in nyt_boxes()]
    members = [server.add_user(f"arrival{n}") for n in range(count)]

    async def arrive(n: int):
        await asyncio.sleep(n * seconds / count)
        return await server.send_slash_command(
            "solve letterboxed", options={"puzzle": boxes[n % len(boxes)]}, user=members[n]
        )

    result = await answered_burst(
        server, [arrive(n) for n in range(count)], lambda reply: bool(reply.attachments)
    )
    return result | {"within_s": seconds}


async def bot_in_its_own_process(
    server: LocalDiscord, folder: str, workers: int
) -> asyncio.subprocess.Process:
    """The real bot in a process of its own (bench/bot_process.py), talking to `server`."""
    database = str(Path(folder) / "bench.sqlite3")
    return await start_bot_process(server.url, server.token, database, "--workers", str(workers))


async def throughput(count: int) -> dict:
    """The bot in its own process (as in production), the local Discord server in this one,
    so the loop lag measured is the bot's own."""
    with tempfile.TemporaryDirectory() as folder:
        async with LocalDiscord(heartbeat_interval=0.25) as server:
            child = await bot_in_its_own_process(server, folder, workers=2)
            try:
                await from_bot(child, "ready", timeout=120)
                child.send_signal(signal.SIGUSR1)  # lag samples from here on
                result = await arriving_solves(server, count, seconds=1.0)
                child.send_signal(signal.SIGUSR2)
                lags_ms = await from_bot(child, "loop_lag_ms", timeout=30)
            finally:
                child.terminate()
                await child.wait()
            server.assert_no_violations()
    result["loop_lag_ms"] = {
        "samples": len(lags_ms),
        "p99": round(percentile(lags_ms, 0.99), 2),
        "max": round(max(lags_ms), 2),
    }
    return result


async def run(args: argparse.Namespace) -> dict:
    result: dict = {}
    if args.only in (None, "load"):
        result.update(await load(args.solves, args.latency_runs))
    if args.only in (None, "pictures"):
        result["pictures"] = await pictures(args.pictures)
    if args.only in (None, "bursts"):
        result["bursts"] = await bursts(args.burst, args.daily_burst)
    if args.only in (None, "throughput"):
        result["throughput"] = await throughput(args.arrivals)
    if args.only == "memory-one":  # one worker count, in this process (run by memory_by_workers)
        result["memory"] = await memory(args.workers, args.solves)
    result["cpus"] = os.cpu_count()
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--solves", type=int, default=20)
    parser.add_argument("--latency-runs", type=int, default=30)
    parser.add_argument("--pictures", type=int, default=20, help="/solve sudoku with a photo")
    parser.add_argument("--burst", type=int, default=30, help="members solving at once")
    parser.add_argument("--daily-burst", type=int, default=200, help="members answering at once")
    parser.add_argument(
        "--arrivals", type=int, default=60, help="/solve letterboxed arriving within 1 s"
    )
    parser.add_argument(
        "--only",
        choices=("load", "pictures", "bursts", "throughput", "memory", "memory-one"),
        help="run one part",
    )
    parser.add_argument(
        "--memory-workers", type=int, nargs="+", default=[2, 3, 4], help="worker counts to measure"
    )
    parser.add_argument("--workers", type=int, default=2, help="(memory-one) the worker count")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args)) if args.only != "memory" else {}
    if args.only in (None, "memory"):
        result["memory"] = memory_by_workers(args.memory_workers, args.solves)
        result["cpus"] = os.cpu_count()
        result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    if "letterboxed_end_to_end" in result:
        print_load(result)
    if "pictures" in result:
        print_pictures(result["pictures"])
    if "bursts" in result:
        print_bursts(result["bursts"])
    if "throughput" in result:
        print_throughput(result["throughput"])
    if "runs" in result.get("memory", {}):
        print_memory(result["memory"])
    print(f"load average {result['load_average']} on {result['cpus']} CPUs")
    return 0


def print_load(result: dict) -> None:
    latency, load = result["letterboxed_end_to_end"], result["mixed_concurrent_solves"]
    lag = load["loop_lag_ms"]
    print(f"bot ready after {result['startup_to_ready_s']} s (2 workers warmed up)")
    print(
        f"/solve letterboxed end to end, {latency['runs']} runs: median {latency['median_ms']} ms,"
        f" p95 {latency['p95_ms']} ms, max {latency['max_ms']} ms (target: median < 300 ms)"
    )
    print(
        f"{load['solves']} concurrent solves of {', '.join(load['kinds'])}: "
        f"{load['answered_with_image']} answered with an image in {load['wall_s']} s; "
        f"event-loop lag p99 {lag['p99']} ms, max {lag['max']} ms (target: p99 < 20 ms); "
        f"heartbeat at most {load['heartbeat_lateness_ms']} ms late"
    )


def print_pictures(result: dict) -> None:
    print(
        f"/solve sudoku with a photo, {result['pictures']} one at a time: "
        f"{result['answered_at_once']} answered at once (read, solve, draw): median "
        f"{result['answered_p50_ms']} ms, p95 {result['answered_p95_ms']} ms (target p95 < "
        f"1500 ms); all, with those shown to check: median {result['all_p50_ms']} ms, p95 "
        f"{result['all_p95_ms']} ms, max {result['max_ms']} ms; the first (a worker's first "
        f"read, 12 megapixels) {result['first_ms']} ms"
    )


def print_bursts(result: dict) -> None:
    print(f"default config: {result['config']}")
    for name, what in (
        ("solve_burst", "/solve letterboxed"),
        ("daily_answer_burst", "daily answers"),
    ):
        burst = result[name]
        recorded = f", {burst['recorded']} recorded" if "recorded" in burst else ""
        print(
            f"{burst['members']} members, {what} at once: {burst['answered']} answered"
            f"{recorded}, {burst['busy']} told busy, {burst['other']} other; "
            f"p50 {burst['p50_s']} s, p95 {burst['p95_s']} s, max {burst['max_s']} s"
        )


def print_throughput(result: dict) -> None:
    lag = result["loop_lag_ms"]
    print(
        f"{result['members']} /solve letterboxed arriving within {result['within_s']} s "
        f"(default config): {result['answered']} answered with a picture, {result['busy']} told "
        f"busy, {result['other']} other; p50 {result['p50_s']} s, p95 {result['p95_s']} s, "
        f"max {result['max_s']} s (target p95 <= 2 s); event-loop lag p99 {lag['p99']} ms, "
        f"max {lag['max']} ms (target p99 < 20 ms)"
    )


def print_memory(result: dict) -> None:
    for run in result["runs"]:
        print(f"{run['workers']} workers: ready after {run['startup_to_ready_s']} s")
        for moment, what in (("ready", "when ready"), ("after_solves", "after the solves")):
            memory = run[moment]
            each = ", ".join(
                f"{name} {mib['pss']} ({mib['private']} private)"
                for name, mib in memory["processes_mib"].items()
            )
            further = memory.get("per_further_worker_mib")
            grown = f"; {further} MiB per further worker" if further is not None else ""
            print(f"  PSS {what}: {memory['total_mib']} MiB in all ({each}){grown}")
    print("targets: ready in 3 s; 2 workers at most 400 MiB; each further worker at most 60 MiB")


if __name__ == "__main__":
    sys.exit(main())
