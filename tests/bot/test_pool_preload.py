"""A pool whose forkserver preloads the data (bot.preload): every worker, a replacement after
a deadline kill too, starts with the word lists loaded and the kinds warmed up, without
running any initializer of its own.

The forkserver is one per process and takes the preload of the first pool only, so this
runs the pool in a fresh interpreter, with a timeout so a hang fails the test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import asyncio, json, time
from bot.pool import JobTimeout, WorkerPool
from tests.bot.test_pool_preload import worker_state

async def main():
    pool = WorkerPool(2, 30, 4, preload=["bot.preload"])  # no initializer
    await pool.start()
    try:
        first = await asyncio.gather(pool.run(worker_state), pool.run(worker_state))
        try:
            await pool.run(time.sleep, 30, deadline=0.5)
        except JobTimeout:
            pass
        after = await asyncio.gather(pool.run(worker_state), pool.run(worker_state))
    finally:
        await pool.close()
    print(json.dumps({"first": first, "after": after}))

asyncio.run(main())
"""


def worker_state() -> dict:
    """What a worker holds before it has done any work (run in the worker)."""
    from bot import jobs
    from puzzles.lexicon.dictionary import _shipped_lexicon
    from readers.classifier import network

    return {
        "pid": os.getpid(),
        "parent": os.getppid(),
        "warm": jobs._warm,
        "lexicon_loaded": _shipped_lexicon.cache_info().currsize == 1,
        # The reader's libraries and weights too: a member's first picture pays no loading.
        "reader_loaded": "cv2" in sys.modules and network.cache_info().currsize == 1,
    }


def test_every_worker_and_its_replacement_start_warm_from_the_preloaded_forkserver():
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert done.returncode == 0, done.stderr
    states = json.loads(done.stdout.splitlines()[-1])
    first, after = states["first"], states["after"]
    workers = first + after
    assert all(state["warm"] and state["lexicon_loaded"] for state in workers), workers
    assert all(state["reader_loaded"] for state in workers), workers
    assert len({state["pid"] for state in first}) == 2
    # One worker was killed at its deadline and replaced by a new process...
    assert {state["pid"] for state in after} != {state["pid"] for state in first}
    # ...forked, like the first two, from the one forkserver holding the data.
    assert len({state["parent"] for state in workers}) == 1
