"""The playground left running: memory under every kind of request, and what an idle page costs.

    .venv/bin/python -m bench.playground_memory [--json] [--requests 10000] [--idle-seconds 30]
                                                [--history 3000]

The playground (the real bot, the local Discord server, the page's server) runs in this
process, as `make run` starts it without a token.

- Memory: `--requests` requests of every route below, malformed ones included, sent eight at
  a time; the resident set size (RSS, /proc/self/status) of this process when the playground
  is ready and a short warm-up (100 of each) has run, and again at the end after a garbage
  collection. The routes: the page's GET /, /static/app.js, a 300-character static name,
  /api/state, /api/messages (everything, from version 0), POST /api/suggest (half asking
  the bot to complete an option), /api/command (one in ten the real /help, each waiting for
  the bot's answer as a member would, the rest lines the composer refuses), /api/button,
  /api/select, /api/modal and /api/clock (fields of the wrong type, and clock actions that
  find nothing to do); the local Discord server's POST
  without the token (a 60 KB body), GET of unknown routes with the token, and gateway
  frames (a heartbeat, `{nope`, `[]`, `{"op":2,"d":null}`, 5,000-deep nesting and an 80 KB
  frame), each on a connection of its own. Target: RSS at the end within 20 MB of the start.
- Idle page: `--history` messages posted in #general first, then one page following the
  channel as the page does (a long-poll from the version it has) for `--idle-seconds`; the
  processor time of this process meanwhile, against the same time with no page open, and
  the bytes the page received. Target: the page costs under 2% of a core.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import json
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import aiohttp

from bot.config import Config
from localdiscord import WaitTimeout
from playground.runner import Playground, playground

CONCURRENCY = 8
WARM_UP = 100
MEMORY_TARGET_MB = 20
IDLE_TARGET = 0.02  # of a core
Send = Callable[[int], Awaitable[None]]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


class Traffic:
    """One sender per route: `send(n)` makes the n-th request of that route."""

    def __init__(
        self, running: Playground, page: aiohttp.ClientSession, outside: aiohttp.ClientSession
    ) -> None:
        self.running, self.page, self.outside = running, page, outside
        self.member = str(running.members[1].user.id)  # alice
        self.server = running.server
        self.statuses: dict[str, dict[int, int]] = {}
        # A member waits for the bot's answer before the next command (the bot's own backlog
        # would be measured otherwise: commands sent faster than it answers them).
        self.one_command = asyncio.Lock()

    def routes(self) -> dict[str, Send]:
        return {
            "GET /": lambda n: self._get("/"),
            "GET /static/app.js": lambda n: self._get("/static/app.js"),
            "GET /static/<300 chars>.js": lambda n: self._get("/static/" + "n" * 300 + ".js"),
            "GET /api/state": lambda n: self._get("/api/state"),
            "GET /api/messages": lambda n: self._get(f"/api/messages?member={self.member}&since=0"),
            "POST /api/suggest": self._suggest,
            "POST /api/command": self._command,
            "POST /api/button": lambda n: self._post("/api/button", {"message": [n]}),
            "POST /api/select": lambda n: self._post("/api/select", {"message": "1", "values": n}),
            "POST /api/modal": lambda n: self._post("/api/modal", {"interaction": 1e400}),
            "POST /api/clock": lambda n: self._post("/api/clock", {"action": "end-day"}),
            "local server: no token": self._unauthorized,
            "local server: unknown route": self._unknown_route,
            "gateway frames": self._frame,
        }

    def _count(self, route: str, status: int) -> None:
        counts = self.statuses.setdefault(route, {})
        counts[status] = counts.get(status, 0) + 1

    async def _get(self, path: str) -> None:
        async with self.page.get(path) as answer:
            await answer.read()
            self._count("GET " + path[:40], answer.status)

    async def _post(self, path: str, body: dict) -> None:
        body = {"member": self.member, **body}
        async with self.page.post(path, data=json.dumps(body), headers=JSON) as answer:
            await answer.read()
            self._count("POST " + path, answer.status)

    async def _suggest(self, n: int) -> None:
        text = "/solve letterboxed " if n % 2 else "/nope " + "x" * (n % 300)
        await self._post("/api/suggest", {"text": text})

    async def _command(self, n: int) -> None:
        if n % 10:
            await self._post("/api/command", {"text": f"/solve ladder cold warm max_steps:{n}"})
            return
        async with self.one_command:
            await self._post("/api/command", {"text": "/help"})
            newest = max(self.server.interactions.values(), key=lambda handle: handle.sent_at)
            with contextlib.suppress(WaitTimeout):
                await newest.reply(timeout=30)

    async def _unauthorized(self, n: int) -> None:
        url = f"{self.server.url}/api/v10/anything/{n}"
        async with self.outside.post(url, data=b"x" * 60_000) as answer:
            self._count("local server: no token", answer.status)

    async def _unknown_route(self, n: int) -> None:
        headers = {"Authorization": f"Bot {self.server.token}"}
        url = f"{self.server.api_url}/no/such/route/{n}"
        async with self.outside.get(url, headers=headers) as answer:
            self._count("local server: unknown route", answer.status)

    async def _frame(self, n: int) -> None:
        frame = FRAMES[n % len(FRAMES)]
        ws = await self.outside.ws_connect(self.server.gateway_url)
        await ws.receive()  # HELLO
        try:
            await ws.send_str(frame)
            reply = await ws.receive(timeout=1)
            code = reply.data if reply.type is aiohttp.WSMsgType.CLOSE else 0
        except (ConnectionError, TimeoutError):
            code = -1
        await ws.close()
        self._count("gateway frames", code)


JSON = {"Content-Type": "application/json"}
FRAMES = [
    '{"op": 1, "d": null}',
    "{nope",
    "[]",
    '{"op": 2, "d": null}',
    "[" * 5000 + "]" * 5000,
    json.dumps({"op": 1, "d": None, "x": "y" * 80_000}),
]


async def send_all(send: Send, count: int) -> None:
    numbers = iter(range(count))

    async def worker() -> None:
        for n in numbers:
            await send(n)

    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))


async def memory(running: Playground, requests: int) -> dict:
    async with (
        aiohttp.ClientSession(running.url) as page,
        aiohttp.ClientSession() as outside,
    ):
        traffic = Traffic(running, page, outside)
        routes = traffic.routes()
        ready = rss_mb()
        for send in routes.values():
            await send_all(send, WARM_UP)
        gc.collect()
        start = rss_mb()
        seconds, grown = {}, {}
        for name, send in routes.items():
            began, before = time.perf_counter(), rss_mb()
            await send_all(send, requests)
            seconds[name] = round(time.perf_counter() - began, 1)
            grown[name] = round(rss_mb() - before, 1)
        gc.collect()
        end = rss_mb()
    return {
        "requests_per_route": requests,
        "rss_mb_when_ready": round(ready, 1),
        "rss_mb_after_warm_up": round(start, 1),
        "rss_mb_at_end": round(end, 1),
        "grown_mb": round(end - start, 1),
        "seconds_per_route": seconds,
        "rss_mb_grown_per_route": grown,
        "statuses": traffic.statuses,
        "kept": {
            "requests": len(running.server.requests),
            "messages": len(running.server.messages),
            "interactions": len(running.server.interactions),
            "refused": dict(running.server.refused),
        },
    }


async def post_history(running: Playground, count: int) -> None:
    headers = {"Authorization": f"Bot {running.server.token}"}
    channel = running.server.channel
    async with aiohttp.ClientSession() as bot:
        url = f"{running.server.api_url}/channels/{channel.id}/messages"

        async def post(n: int) -> None:
            async with bot.post(
                url, json={"content": f"message {n} " + "x" * 200}, headers=headers
            ):
                pass

        await send_all(post, count)


async def idle(running: Playground, seconds: float) -> dict:
    """Processor time with no page, then with one page following #general."""
    began_cpu, began = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    baseline = (time.process_time() - began_cpu) / (time.perf_counter() - began)

    received, polls = 0, 0
    member = str(running.members[1].user.id)
    async with aiohttp.ClientSession(running.url) as page:
        version = 0

        async def follow() -> None:
            nonlocal version, received, polls
            for _ in itertools.count():
                query = {"member": member, "channel": str(running.server.channel.id)}
                async with page.get("/api/messages", params={**query, "since": version}) as r:
                    body = await r.read()
                received += len(body)
                polls += 1
                version = json.loads(body)["version"]

        follower = asyncio.create_task(follow())
        await asyncio.sleep(1)  # the first answer: the whole window, not idle yet
        first_bytes = received
        began_cpu, began = time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        with_page = (time.process_time() - began_cpu) / (time.perf_counter() - began)
        follower.cancel()
        await asyncio.gather(follower, return_exceptions=True)
    return {
        "history_messages_shown_from": len(running.server.channel_messages()),
        "seconds": seconds,
        "cpu_share_no_page": round(baseline, 4),
        "cpu_share_with_page": round(with_page, 4),
        "page_costs": round(max(with_page - baseline, 0), 4),
        "first_answer_bytes": first_bytes,
        "idle_bytes": received - first_bytes,
        "polls": polls,
    }


async def run(requests: int, idle_seconds: float, history: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-playground-") as folder:
        config = replace(Config(), token="", database=str(Path(folder) / "bench.sqlite3"))
        async with playground(config) as running:
            results = {"memory": await memory(running, requests)}
            await post_history(running, history)
            results["idle"] = await idle(running, idle_seconds)
            results["idle"]["history_posted"] = history
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--requests", type=int, default=10_000, help="per route")
    parser.add_argument("--idle-seconds", type=float, default=30)
    parser.add_argument("--history", type=int, default=3000, help="messages posted first")
    args = parser.parse_args()
    results = asyncio.run(run(args.requests, args.idle_seconds, args.history))
    if args.json:
        print(json.dumps(results, indent=2))
        return
    mem, page = results["memory"], results["idle"]
    verdict = "ok" if abs(mem["grown_mb"]) <= MEMORY_TARGET_MB else "OVER TARGET"
    print(
        f"memory: {mem['requests_per_route']:,} requests of each of "
        f"{len(mem['seconds_per_route'])} routes; RSS {mem['rss_mb_after_warm_up']} MB after "
        f"warm-up (ready: {mem['rss_mb_when_ready']}) -> {mem['rss_mb_at_end']} MB at the end "
        f"({mem['grown_mb']:+} MB, target within {MEMORY_TARGET_MB} MB: {verdict})"
    )
    for route, seconds in mem["seconds_per_route"].items():
        grown = mem["rss_mb_grown_per_route"][route]
        print(f"  {route:32} {seconds:7.1f} s  RSS {grown:+6.1f} MB")
    for route, counts in sorted(mem["statuses"].items()):
        print(f"  {route:40} {counts}")
    print(f"  kept: {mem['kept']}")
    verdict = "ok" if page["page_costs"] < IDLE_TARGET else "OVER TARGET"
    print(
        f"idle page: {page['history_posted']:,} messages posted, one page following "
        f"#general for {page['seconds']:g} s: {page['cpu_share_with_page']:.2%} of a core "
        f"with the page, {page['cpu_share_no_page']:.2%} without (the page: "
        f"{page['page_costs']:.2%}, target under {IDLE_TARGET:.0%}: {verdict}); first "
        f"answer {page['first_answer_bytes']:,} bytes, then {page['idle_bytes']:,} bytes "
        f"in {page['polls']} polls"
    )


if __name__ == "__main__":
    main()
